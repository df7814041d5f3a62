"""What a transcript means in a position: the reading of free text ("I'll go 6 to 10.",
"Pick up eleven.", "What are my pieces?") as one legal move, pick-up, put-down or command.

The Whisper-family recogniser (:mod:`.whisper`) transcribes what was said; this module reads the
transcript back with the same meanings as the pocketsphinx grammar (:class:`.grammar.VoiceGrammar`
and its :class:`.grammar.Interpretation`), and says which parts were the squares so that rival
phrases can be written in the same words (:attr:`Reading.template`).

A transcript is read only when *every* word in it belongs to a phrase people use for a move or a
command (numbers, "to", "takes", "jumps", "move", "from", "I'll go", "please", "pick up", the
command words): a sentence with other words in it ("he jumped twenty six to seventeen", another
table's talk caught by the microphone) is "not-understood", never a move. Pure Python.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from checkers_desktop.rules.geometry import is_square

from .grammar import COMMANDS, Interpretation, VoiceGrammar

__all__ = ["Reading", "read", "normalise", "said_move", "FILLERS", "is_filler", "is_chatter",
           "other_words", "COMMAND_PATTERNS", "YES_WORDS", "NO_WORDS"]

_UNITS = {"zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
          "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
          "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30}
_SOUNDALIKE = {"won": "1", "ate": "8", "for": "4", "fore": "4", "sicks": "6", "tree": "3"}
"""Words a transcript writes for a number said alone ("for" in "pick up for")."""

CONNECTORS = {"to": "to", "too": "to", "takes": "takes", "take": "takes", "jumps": "jumps",
              "jump": "jumps", "x": "takes", "-": "to", "then": "to", "times": "takes"}
"""Joining words between squares. "times" is how Whisper writes "takes" or "jumps" said in
noise ("8 times 15." for "eight jumps fifteen", benchmarks/voice.py's tuning split); nobody
says it between two squares for anything else."""
WRAPPERS = (("i'll", "go"), ("i", "will", "go"), ("i", "go"), ("i'll", "move"),
            ("i", "move"), ("let's", "go"), ("i'll", "play"), ("i", "play"),
            ("move",), ("from",), ("go",), ("play",), ("please",), ("okay",), ("ok",),
            ("um",), ("uh",), ("er",), ("and",), ("now",), ("then",), ("square",), ("piece",),
            ("on",))
"""Words around a move that carry no squares ("I'll go 6 to 10 please")."""

YES_WORDS = ("yes", "yeah", "yep", "yup", "yes please", "yes yes", "yes sir", "yes it is",
             "correct", "that's right")
"""The ways of saying yes to a question. "Right" alone is not one: Whisper writes "wrong" said
as " Right." (7 of the tuning split's 45 "wrong"s, ``benchmarks/voice.py --split tuning --kinds
answer --answers ...``), and "write" said alone as " Right." (20 of 20)."""
NO_WORDS = ("no", "nope", "no no", "no thanks", "no thank you", "cancel", "wrong")
"""The ways of saying no to a question."""

COMMAND_PATTERNS: dict[str, tuple[str, ...]] = {
    "read-board": ("read the board", "read board", "read the board please"),
    "my-pieces": ("my pieces", "what are my pieces", "where are my pieces", "read my pieces"),
    "their-pieces": ("their pieces", "what are their pieces", "where are their pieces",
                     "his pieces", "her pieces"),
    "count": ("count", "count the pieces", "count pieces"),
    "last-move": ("last move", "what was the last move", "what was the last move played"),
    "my-moves": ("my moves", "what are my moves", "what moves do i have"),
    "time": ("time", "how much time do i have", "how much time", "what's the time",
             "what is the time", "how much time is left", "read the clocks", "read the clock",
             "clock"),
    "whose-turn": ("whose turn", "whose turn is it", "who's turn", "who's turn is it",
                   "whose move", "whose move is it", "who is to move"),
    "hint": ("hint", "give me a hint", "a hint"),
    "undo": ("undo", "take back", "take it back", "undo that"),
    "show-solution": ("show the solution", "show solution", "the solution", "solution",
                      "show me the solution"),
    "next-problem": ("next problem", "the next problem", "next problem please"),
    "repeat": ("repeat", "say again", "say that again", "repeat that", "pardon"),
    "stop-talking": ("stop talking", "stop", "be quiet", "quiet"),
    "help": ("help", "what can i say"),
    "resign": ("resign", "i resign"),
    "offer-draw": ("offer draw", "offer a draw", "draw"),
    "yes": YES_WORDS,
    "no": NO_WORDS,
}
"""The phrases (normalised, see :func:`normalise`) that say each command of
:data:`.grammar.COMMANDS`; the first of each is the documented one."""

assert set(COMMAND_PATTERNS) == {c.name for c in COMMANDS}


def normalise(text: str) -> list[str]:
    """``text`` as lower-case tokens: punctuation dropped (apostrophes kept), numbers as digit
    strings ("twenty two" and "twenty-two" -> "22"), "11-15" -> "11 to 15", "22x15" ->
    "22 takes 15", "pickup" -> "pick up"."""
    t = text.lower()
    t = re.sub(r"(\d)\s*[-\u2013]\s*(?=\d)", r"\1 to ", t)
    t = re.sub(r"(\d)\s*x\s*(?=\d)", r"\1 takes ", t)
    t = t.replace("pickup", "pick up").replace("pick-up", "pick up")
    t = re.sub(r"[^a-z0-9' ]+", " ", t.replace("-", " "))
    words = [w.strip("'") for w in t.split()]
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w in _TENS:
            value = _TENS[w]
            if i + 1 < len(words) and words[i + 1] in _UNITS and 0 < _UNITS[words[i + 1]] < 10:
                value += _UNITS[words[i + 1]]
                i += 1
            out.append(str(value))
        elif w in _UNITS:
            out.append(str(_UNITS[w]))
        elif w:
            out.append(w)
        i += 1
    return out


@dataclass(frozen=True)
class Reading:
    """A transcript read in a position.

    ``meaning``: what it means (kind "nothing" with a reason when it means nothing possible now).
    ``squares``: the squares it named, in order. ``template``: the transcript's own words (after
    one leading space, as Whisper writes them) with each named square as ``{0}``, ``{1}``...: a rival result with as many squares is written in
    it ("I'll go {0} to {1}." -> "I'll go 11 to 15."). ``clean``: every word belonged to a phrase
    of a move or command (see the module docstring). ``words``: the transcript's words as read
    (:func:`normalise`, repeats collapsed), for saying back what was heard."""

    meaning: Interpretation
    squares: tuple[int, ...] = ()
    template: str = ""
    clean: bool = False
    words: tuple[str, ...] = ()


_NOTHING = Interpretation("nothing", reason="not-understood")


def _strip_wrappers(tokens: list[str]) -> list[str]:
    out = list(tokens)
    changed = True
    while changed and out:
        changed = False
        for wrapper in WRAPPERS:
            n = len(wrapper)
            if tuple(out[:n]) == wrapper:
                out = out[n:]
                changed = True
            elif tuple(out[-n:]) == wrapper and len(out) > n:
                out = out[:-n]
                changed = True
    return out


def _split_digits(token: str) -> list[list[int]]:
    """Readings of a digit string as squares 1-32: "22" -> [[22]], "2215" -> [[22, 15]],
    "123" -> [[1, 23], [12, 3]]."""
    if not token:
        return [[]]
    out = []
    for size in (1, 2):
        head = token[:size]
        if len(head) == size and not head.startswith("0") and is_square(int(head)):
            out += [[int(head)] + rest for rest in _split_digits(token[size:])]
    return out


def _command(tokens: list[str], grammar: VoiceGrammar) -> Optional[Interpretation]:
    phrase = " ".join(tokens)
    while phrase.endswith(" please"):
        phrase = phrase[: -len(" please")]
    if phrase.startswith("please "):
        phrase = phrase[len("please "):]
    available = {c.name for c in grammar.commands}
    for name, patterns in COMMAND_PATTERNS.items():
        if phrase in patterns:
            if name in available:
                return Interpretation("command", command=name)
            return Interpretation("nothing", command=name, reason="not-now")
    return None


MAX_WORDS = 16
"""A transcript longer than this (after repeats are collapsed) is no phrase of the game."""


def collapse_repeats(text: str) -> str:
    """``text`` with a phrase repeated back to back kept once: Whisper, given a short window,
    sometimes writes what it heard again and again ("Read the board. Read the board. Read",
    "Pick up 27. 1. Pick up 27. 1."). The first sentence is kept when it comes again later."""
    parts = [p.strip() for p in re.split(r"(?<=[.?!,])\s+", text.strip()) if p.strip()]
    if len(parts) < 2:
        return text

    def key(p: str) -> str:
        return re.sub(r"[^a-z0-9' ]", "", p.lower()).strip()

    first = key(parts[0])
    rest = " ".join(key(p) for p in parts[1:])
    if first and (first in rest or all(first.startswith(key(p)) for p in parts[1:])):
        return parts[0]
    return text


def collapse_token_repeats(tokens: list[str]) -> list[str]:
    """``tokens`` kept once when they are one phrase of 1-4 words said again and again, the
    last time perhaps cut short or out of step ("no no no no" -> "no"; "14 18 14 18 14 14 18"
    -> "14 18")."""
    for size in range(1, 5):
        unit = tokens[:size]
        if len(tokens) >= 2 * size and tokens[size:2 * size] == unit and set(tokens) <= set(unit):
            return unit
    return tokens


def read(text: str, grammar: VoiceGrammar) -> Reading:
    """What transcript ``text`` means; see :func:`_read`. The reading's ``words`` are the
    transcript's, repeats collapsed."""
    from dataclasses import replace

    first = collapse_repeats(text)
    reading, used = _read(first, grammar), first
    cycle = collapse_sentence_cycle(text)
    if reading.meaning.kind == "nothing" and cycle != first:
        again = _read(cycle, grammar)
        if again.meaning.kind != "nothing":
            reading, used = again, cycle
    words = tuple(collapse_token_repeats(normalise(used)))
    return replace(reading, words=words)


def collapse_sentence_cycle(text: str) -> str:
    """``text`` kept once when it is a run of 2-4 sentences said again and again, the last time
    perhaps cut short ("22. 18. 22. 18. 22." -> "22. 18."; "Move 22. 18. Move 22. 18." ->
    "Move 22. 18."); otherwise ``text`` unchanged. :func:`read` tries it when the first
    sentence alone (:func:`collapse_repeats`) means nothing."""
    parts = [p.strip() for p in re.split(r"(?<=[.?!,])\s+", text.strip()) if p.strip()]

    def key(p: str) -> str:
        return re.sub(r"[^a-z0-9' ]", "", p.lower()).strip()

    keys = [key(p) for p in parts]
    for size in range(2, 5):
        if len(parts) < 2 * size:
            break
        unit = keys[:size]
        whole = all(k == unit[i % size] for i, k in enumerate(keys[:-1]))
        last = keys[-1]
        if whole and unit[(len(keys) - 1) % size].startswith(last) and last:
            return " ".join(parts[:size])
    return text


def _read(text: str, grammar: VoiceGrammar) -> Reading:
    """What transcript ``text`` (its repeats already collapsed) means in ``grammar``'s position
    and listening state (never raises). Same meanings as
    :meth:`.grammar.VoiceGrammar.interpret`: a move said by its squares (joining words
    optional, "from"/"I'll go"/"please" allowed around it), "pick up N", a bare square after a
    pick-up or while choosing a checker to remove, or a command phrase of
    :data:`COMMAND_PATTERNS`."""
    tokens = collapse_token_repeats(normalise(text))
    if not tokens:
        return Reading(Interpretation("nothing", reason="silence"))
    if len(tokens) > MAX_WORDS:
        return Reading(_NOTHING)
    command = _command(tokens, grammar)
    if command is not None:
        return Reading(command, clean=True)
    if grammar.confirming:
        return Reading(_NOTHING)
    core = _strip_wrappers(tokens)
    # "square" said before a number anywhere in the phrase ("square 11 to square 15")
    core = [w for i, w in enumerate(core)
            if not (w == "square" and i + 1 < len(core) and core[i + 1].isdigit())]
    remove = False
    pick = False
    if core[:2] == ["pick", "up"]:
        # the square written again and again after it ("Pick up 24 24 24 24") is said once
        pick, core = True, collapse_token_repeats(core[2:])
    elif core[:1] == ["remove"]:
        remove, core = True, core[1:]
    if (grammar.selected is not None and not pick and not remove and len(core) == 2
            and CONNECTORS.get(core[0]) in ("to", "takes", "jumps") and core[1].isdigit()):
        core = core[1:]  # the put-down said with its joining word: "to 15", "takes 18"
    core = [_SOUNDALIKE.get(w, w) if (pick or remove or len(core) == 1) else w for w in core]
    groups: list[list[str]] = [[]]
    joins: list[str] = []
    for w in core:
        if w in CONNECTORS:
            joins.append(CONNECTORS[w])
            groups.append([])
        elif w.isdigit():
            groups[-1].append(w)
        else:
            return Reading(_NOTHING)
    if any(not g for g in groups):
        return Reading(_NOTHING)
    if len(groups) == 1 and len(groups[0]) == 1 and len(groups[0][0]) <= 2 and not (
            pick or remove or grammar.selected is not None or grammar.choosing is not None):
        return Reading(_NOTHING)  # one square alone: a move cut short, not a move
    if sum(len(g) for g in groups) > 8 or any(len(t) > 4 for g in groups for t in g):
        return Reading(_NOTHING)
    readings: list[list[int]] = [[]]
    for g in groups:
        options: list[list[int]] = [[]]
        for token in g:
            options = [o + s for o in options for s in _split_digits(token)][:64]
        readings = [r + o for r in readings for o in options if o][:64]
    readings = [r for r in readings if r]
    if not readings:
        return Reading(_NOTHING)
    template = _template(text)
    if pick:
        singles = [r for r in readings if len(r) == 1]
        if not singles:
            return Reading(_NOTHING)
        sq = singles[0][0]
        if any(m.from_square == sq for m in grammar.legal):
            return Reading(Interpretation("pick-up", square=sq), (sq,), template, True)
        return Reading(Interpretation("nothing", reason="not-legal"), (sq,), template, True)
    lone = [r[0] for r in readings if len(r) == 1]
    if lone and (remove or grammar.choosing is not None or grammar.selected is not None):
        return _square(lone[0], grammar, template, remove)
    return _move(readings, grammar, template)


def _square(sq: int, grammar: VoiceGrammar, template: str, remove: bool) -> Reading:
    if grammar.choosing is not None:
        if sq in grammar.choosing:
            return Reading(Interpretation("square", square=sq), (sq,), template, True)
        return Reading(Interpretation("nothing", reason="not-legal"), (sq,), template, True)
    if remove or grammar.selected is None:
        return Reading(_NOTHING)
    moves = [m for m in grammar.legal if m.from_square == grammar.selected and m.to_square == sq]
    if len(moves) == 1:
        return Reading(Interpretation("square", move=moves[0], square=sq), (sq,), template, True)
    if len(moves) > 1:
        return Reading(Interpretation("nothing", reason="ambiguous"), (sq,), template, True)
    return Reading(Interpretation("nothing", reason="not-legal"), (sq,), template, True)


def _move(readings: list[list[int]], grammar: VoiceGrammar, template: str) -> Reading:
    found: dict = {}
    ambiguous = False
    for squares in readings:
        if len(squares) < 2:
            continue
        fits = [m for m in grammar.legal if m.path[0] == squares[0] and m.path[-1] == squares[-1]
                and (len(squares) == 2 or list(m.path) == squares)]
        if len(fits) == 1:
            found[fits[0]] = squares
        elif len(fits) > 1:
            ambiguous = True
    if len(found) == 1 and not ambiguous:
        move, squares = next(iter(found.items()))
        return Reading(Interpretation("move", move=move), tuple(squares), template, True)
    # the reading with each number whole ("17 to 14": 17, 14; not 1, 7, 1, 4)
    first = min((r for r in readings if len(r) >= 2), key=len, default=readings[0])
    if found or ambiguous:
        return Reading(Interpretation("nothing", reason="ambiguous"), tuple(first), template,
                       True)
    if len(first) >= 2:
        return Reading(Interpretation("nothing", reason="not-legal"), tuple(first), template,
                       True)
    return Reading(_NOTHING)


_NUMBER_RUN = re.compile(
    r"\b(?:(?:twenty|thirty)[ -](?:one|two|three|four|five|six|seven|eight|nine)\b|"
    r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty)\b|\d+)",
    re.IGNORECASE)


def _template(text: str) -> str:
    """``text`` with each number (digits or words) as ``{0}``, ``{1}``... (braces in the text
    itself doubled, so that ``str.format`` fills only the squares)."""
    text = text.replace("{", "{{").replace("}", "}}")
    count = iter(range(100))
    return " " + _NUMBER_RUN.sub(lambda m: "{" + str(next(count)) + "}", text.strip())


def said_move(heard: str) -> Optional[tuple[tuple[int, ...], bool]]:
    """The move that ``heard`` (what a recogniser wrote or said back: "seventeen to fourteen",
    "22 takes 13", "move seven to two") names, legal or not: its squares (1-32, in order) and
    whether it was said as a jump ("takes", "jumps"); None when it names fewer than two squares
    or has words that belong to no move phrase (:data:`WRAPPERS`, :data:`CONNECTORS`)."""
    core = _strip_wrappers(collapse_token_repeats(normalise(heard)))
    squares: list[int] = []
    jump = False
    for w in core:
        if w in CONNECTORS:
            jump = jump or CONNECTORS[w] in ("takes", "jumps")
        elif w.isdigit() and len(w) <= 2 and is_square(int(w)):
            squares.append(int(w))
        else:
            return None
    if len(squares) < 2:
        return None
    return tuple(squares), jump


FILLERS = frozenset({
    "hmm", "hm", "hmmm", "mm", "mmm", "mhm", "uh", "uhh", "um", "umm", "er", "erm", "ah", "ahh",
    "ahem", "huh", "oh", "eh", "ha", "haha", "hah", "heh", "oops", "whoa", "wow", "ooh", "aha",
    "cough", "coughs", "coughing", "laugh", "laughs", "laughing", "laughter", "chuckle",
    "chuckles", "sigh", "sighs", "sighing", "breath", "breathes", "breathing", "inhales",
    "exhales", "sniff", "sniffs", "clears", "throat", "clearing", "applause", "clapping", "music",
    "noise", "silence", "blank", "audio", "inaudible", "static", "beep", "click", "clicking",
    "sound", "sounds"})
"""Words that a transcript writes for a sound that is no phrase: hesitations ("Hmm.", "Uh.",
"Ahem."), laughter and coughs, and the words Whisper writes in brackets for non-speech
("(coughs)", "[laughter]", "[BLANK_AUDIO]"). A transcript made of these alone is a filler
(:func:`is_filler`): never a move, a command or an answer, and not searched for one."""

_GAME_WORDS = frozenset(
    {w for patterns in COMMAND_PATTERNS.values() for p in patterns for w in p.split()}
    | {w for wrapper in WRAPPERS for w in wrapper} | set(CONNECTORS) | set(_UNITS) | set(_TENS)
    | set(_SOUNDALIKE) | {"pick", "up", "remove", "takes", "jumps"})
"""Every word of a phrase of the game (moves, commands, answers and the words around them)."""

CHATTER_WORDS = 3
"""A transcript with at least this many words that belong to no phrase of the game is other
people's talk (:func:`is_chatter`): "is it my turn yet" (is, it, yet), "that was a nice move"."""


def other_words(text: str) -> list[str]:
    """The words of transcript ``text`` that belong to no phrase of the game (fillers
    included), in order: "Press 0 for help." -> ["press"]."""
    tokens = collapse_token_repeats(normalise(collapse_repeats(text)))
    return [t for t in tokens if t not in _GAME_WORDS and not t.isdigit()]


def is_filler(text: str) -> bool:
    """True when transcript ``text`` is a sound or hesitation alone (every word one of
    :data:`FILLERS`, at least one word)."""
    tokens = normalise(text)
    return bool(tokens) and all(t in FILLERS for t in tokens)


def is_chatter(text: str) -> bool:
    """True when transcript ``text`` is talk that is no phrase of the game, though it may hold
    the game's words: :data:`CHATTER_WORDS` or more words outside every phrase ("that was a
    nice move"), or a command phrase with any such word beside it ("press 0 for help", "what
    time is it"). Such talk is never searched for a move or a command it might sound like."""
    tokens = collapse_token_repeats(normalise(collapse_repeats(text)))
    other = other_words(text)
    if len(other) >= CHATTER_WORDS:
        return True
    if not other:
        return False
    phrase = " " + " ".join(tokens) + " "
    return any(f" {p} " in phrase for patterns in COMMAND_PATTERNS.values() for p in patterns)
