"""Voice > Learn my voice, step by step: the twelve phrases prompted (spoken and shown), each
recorded between two presses of Space or Enter, measured, and at the end the player's learned
voice put in force and kept.

:class:`EnrolmentSession` holds the steps and says every sentence; the window's side only
records (opens and closes the microphone when :meth:`EnrolmentSession.press` says so), measures
the recording off the GUI thread (``speech.voice.enrol.measure_phrase``) and hands the measure
back (:meth:`EnrolmentSession.measured`). Escape (:meth:`EnrolmentSession.stop`) ends it with
nothing kept and nothing changed. A phrase not heard clearly is asked once more; after that
its measure counts as it is (a voice the model hardly follows still gets its own margins, within
the limits of ``speech.voice.enrol``).

:func:`load_learned_voice` reads a player's kept voice at start: a damaged or changed file gives
the standard settings and the sentence that says so. No Qt.
"""

from __future__ import annotations

import enum
from typing import Callable, Optional

from ..speech.announcer import Priority
from ..speech.voice.enrol import (PROMPTS, SCALE_MIN, PhraseMeasure, Reference,
                                  SpeakerAdaptation, adapt)
from ..storage.voice_profile import LoadProblem, VoiceProfileStore
from ..texts import voice as voice_texts

__all__ = ["EnrolmentStep", "EnrolmentSession", "load_learned_voice"]


class EnrolmentStep(enum.Enum):
    """Where Learn my voice stands."""

    WAITING = "waiting"
    """A phrase is prompted; Space or Enter starts its recording."""
    RECORDING = "recording"
    """The microphone is open; Space or Enter ends the phrase."""
    MEASURING = "measuring"
    """The phrase is being measured; keys wait."""
    DONE = "done"
    STOPPED = "stopped"


class EnrolmentSession:
    """One run of Learn my voice for ``player``.

    ``say(text, priority)``: the app's announcer (spoken and sent to the screen reader);
    ``store``: where the learned voice is kept; ``reference``: the tuning speakers' measures
    (``speech.voice.enrol.load_reference``; None: the margins stay the standard ones);
    ``apply(adaptation)``: puts a learned voice in force in the recogniser.

    Attributes: ``step`` (an :class:`EnrolmentStep`), ``index`` (the phrase prompted, 0-based),
    ``measures`` (the phrases measured so far), ``shown`` (the sentence on screen now),
    ``adaptation`` (the learned voice, once done)."""

    def __init__(self, say: Callable[[str, Priority], None], store: VoiceProfileStore,
                 player: str, reference: Optional[Reference],
                 apply: Callable[[Optional[SpeakerAdaptation]], None]) -> None:
        self.say = say
        self.store = store
        self.player = player
        self.reference = reference
        self.apply = apply
        self.step = EnrolmentStep.WAITING
        self.index = 0
        self.measures: list[PhraseMeasure] = []
        self.adaptation: Optional[SpeakerAdaptation] = None
        self.shown = ""
        self._asked_again = False

    @property
    def words(self) -> str:
        """The phrase prompted now ("eleven to fifteen")."""
        return PROMPTS[min(self.index, len(PROMPTS) - 1)].words

    @property
    def finished(self) -> bool:
        return self.step in (EnrolmentStep.DONE, EnrolmentStep.STOPPED)

    def begin(self) -> None:
        """Say what Learn my voice is and prompt the first phrase."""
        intro = voice_texts.enrol_intro_text(len(PROMPTS))
        self._tell(f"{intro} {self._prompt()}")

    def press(self) -> Optional[str]:
        """Space or Enter: "record" (open the microphone: a phrase starts), "stop" (close it
        and measure what it heard), or None (nothing to do now: measuring, or finished)."""
        if self.step is EnrolmentStep.WAITING:
            self.step = EnrolmentStep.RECORDING
            self.shown = voice_texts.enrol_recording_text(self.words)  # shown, never spoken
            return "record"
        if self.step is EnrolmentStep.RECORDING:
            self.step = EnrolmentStep.MEASURING
            self.shown = voice_texts.enrol_measuring_text()
            return "stop"
        return None

    def nothing_recorded(self) -> None:
        """The microphone gave no sound for the phrase: it is asked again."""
        if self.step is EnrolmentStep.MEASURING:
            self.step = EnrolmentStep.WAITING
            self._tell(voice_texts.enrol_again_text(self.words))

    def measured(self, measure: PhraseMeasure) -> None:
        """The phrase prompted was measured: the next phrase is prompted, or the phrase is
        asked once more when it was not heard clearly, or, after the last, the learned voice is
        made, put in force and kept. Ignored unless a phrase was being measured (a late answer
        after Escape changes nothing)."""
        if self.step is not EnrolmentStep.MEASURING or measure.prompt != self.index:
            return
        if not measure.heard and not self._asked_again:
            self._asked_again = True
            self.step = EnrolmentStep.WAITING
            self._tell(voice_texts.enrol_again_text(self.words))
            return
        self._asked_again = False
        self.measures.append(measure)
        self.index += 1
        if self.index < len(PROMPTS):
            self.step = EnrolmentStep.WAITING
            self._tell(self._prompt())
            return
        self._finish()

    def failed(self, detail: str) -> None:
        """The microphone or the recogniser failed: stopped, nothing kept."""
        if self.finished:
            return
        self.step = EnrolmentStep.STOPPED
        self._tell(voice_texts.enrol_failed_text(detail))

    def stop(self) -> bool:
        """Escape: stopped with nothing kept and nothing changed (True), unless already
        finished (False)."""
        if self.finished:
            return False
        self.step = EnrolmentStep.STOPPED
        self._tell(voice_texts.enrol_stopped_text())
        return True

    def _finish(self) -> None:
        adaptation = adapt(self.measures, self.reference)
        kept = True
        try:
            self.store.save(self.player, adaptation.to_json())
        except OSError:
            kept = False
        self.adaptation = adaptation
        self.apply(adaptation)
        self.step = EnrolmentStep.DONE
        self._tell(voice_texts.enrol_done_text(len(self.measures), kept,
                                               standard=adaptation.scale <= SCALE_MIN))

    def _prompt(self) -> str:
        return voice_texts.enrol_prompt_text(self.index + 1, len(PROMPTS), self.words)

    def _tell(self, text: str) -> None:
        self.shown = text
        self.say(text, Priority.INTERRUPT)


def load_learned_voice(store: VoiceProfileStore, player: str
                       ) -> tuple[Optional[SpeakerAdaptation], Optional[str]]:
    """``player``'s kept learned voice and the sentence to tell: (the voice, None) when it is
    there and sound; (None, None) when there is none; (None, why) when it is damaged or not
    this install's own, unchanged (it is kept aside; the standard settings are used)."""
    loaded = store.load(player, SpeakerAdaptation.from_json)
    if loaded.problem is not None:
        return None, voice_texts.learned_voice_unusable_text(
            loaded.problem is LoadProblem.CHANGED)
    return loaded.value, None
