"""One place every spoken or announced sentence goes through: :class:`Announcer`.

The announcer hands each text, with a :class:`Priority`, to its output sinks: the screen reader sink
(``checkers_desktop.ui.a11y.ScreenReaderSink``), the app's own voice (:class:`~.tts.TtsSink`) and, in
tests, :class:`~.fake.FakeSynth`. Each sink can be switched on and off on its own.

The priorities follow the screen reader NVDA's speech priorities:

* ``QUEUE`` - said after whatever is being said (confirmations, the player's own moves).
* ``READING`` - answers to reading commands ("read the board", "list my pieces"): a new reading
  replaces any earlier READING or QUEUE text, whether it is being said or still waiting, so a
  player who presses a reading key twice hears only the second answer.
* ``INTERRUPT`` - the opponent's move, clock warnings, refused moves: cuts off whatever is being
  said and drops the READING and INTERRUPT texts waiting. QUEUE texts still waiting (the
  player's own move, not yet begun when the computer's reply comes) are not lost: they are said
  first, in the same utterance as the interrupting text (:func:`join_waiting`).

:func:`schedule` is that rule as a pure function; sinks that keep their own queue (the TTS worker,
the fake) use it so they all behave the same.

Threading: the announcer is plain Python with no Qt and no locks. Call it from the GUI thread only
(sinks that do slow work, such as the TTS sink, hand the text to their own worker and return at once).
"""

from __future__ import annotations

import enum
from contextlib import contextmanager
from typing import Iterable, Iterator, Optional, Protocol, Sequence, runtime_checkable

__all__ = ["Priority", "OutputSink", "Announcer", "schedule", "join_waiting"]


class Priority(enum.IntEnum):
    """How a new text treats what is being said and what is waiting (see the module docstring)."""

    QUEUE = 0
    READING = 1
    INTERRUPT = 2


@runtime_checkable
class OutputSink(Protocol):
    """Anything that can say or show a text. Both methods must return quickly and never raise."""

    def output(self, text: str, priority: Priority) -> None:
        """Say ``text`` following the rules of ``priority``."""

    def cancel(self) -> None:
        """Stop what is being said and drop everything waiting."""


def schedule(current: Optional[Priority], pending: Sequence[tuple[str, Priority]],
             text: str, priority: Priority) -> tuple[bool, list[tuple[str, Priority]]]:
    """Apply the priority rules to a sink's queue when ``text`` arrives.

    ``current`` is the priority of the utterance being said now (None when silent) and
    ``pending`` the texts waiting, oldest first. Returns ``(cut_current, new_pending)``:
    whether the current utterance must be stopped, and the new waiting list (which ends with
    ``text``, or with the QUEUE texts waiting and ``text`` joined when ``text`` interrupts).
    INTERRUPT cuts what is being said and leaves one utterance waiting: the QUEUE texts that
    were waiting, then ``text`` (:func:`join_waiting`); READING cuts a READING or QUEUE
    utterance and drops waiting READING and QUEUE texts (an INTERRUPT text already waiting or
    being said is kept); QUEUE only appends.
    """
    priority = Priority(priority)
    if priority is Priority.INTERRUPT:
        return current is not None, [(join_waiting(pending, text), priority)]
    if priority is Priority.READING:
        cut = current is not None and current <= Priority.READING
        kept = [(t, p) for t, p in pending if p is Priority.INTERRUPT]
        return cut, kept + [(text, priority)]
    return False, list(pending) + [(text, priority)]


def join_waiting(pending: Sequence[tuple[str, int]], text: str) -> str:
    """The one utterance an interrupting ``text`` becomes when ``pending`` (the texts waiting,
    oldest first, each with its priority as a :class:`Priority` or its int) holds QUEUE texts:
    those texts, then ``text``, joined by spaces ("You: ten to fifteen. Computer: twenty-three
    to nineteen."), so the player's own move is neither lost nor said over. READING and INTERRUPT texts waiting are dropped (a reading answer, a warning, are
    stale once something more urgent comes)."""
    kept = [t for t, p in pending if Priority(p) is Priority.QUEUE]
    return " ".join(kept + [text])


class Announcer:
    """Sends each announcement to every enabled sink and remembers what was said.

    ``sinks``: the sinks to start with, all enabled. GUI thread only (see the module docstring).
    A sink that raises is not allowed to stop the others or the game: its error is swallowed and
    counted in :attr:`sink_errors`.
    """

    def __init__(self, sinks: Iterable[OutputSink] = ()) -> None:
        self._sinks: list[OutputSink] = []
        self._enabled: dict[int, bool] = {}
        self.history: list[tuple[str, Priority]] = []
        self.sink_errors: list[tuple[OutputSink, BaseException]] = []
        self._queue_only = 0
        self._held: dict[int, list[tuple[str, Priority]]] = {}
        for sink in sinks:
            self.add_sink(sink)

    # --- sinks ------------------------------------------------------------------------------
    @property
    def sinks(self) -> list[OutputSink]:
        """The sinks, in the order they were added (a copy)."""
        return list(self._sinks)

    def add_sink(self, sink: OutputSink, enabled: bool = True) -> None:
        """Add ``sink`` (once; adding it again only sets ``enabled``)."""
        if sink not in self._sinks:
            self._sinks.append(sink)
        self._enabled[id(sink)] = bool(enabled)

    def remove_sink(self, sink: OutputSink) -> None:
        """Remove ``sink`` after cancelling it. Removing a sink that is not there does nothing."""
        if sink in self._sinks:
            self._call(sink, "cancel")
            self._sinks.remove(sink)
            self._enabled.pop(id(sink), None)
            self._held.pop(id(sink), None)

    def set_sink_enabled(self, sink: OutputSink, enabled: bool) -> None:
        """Switch ``sink`` on or off; switching it off also silences it at once.

        Raises ``ValueError`` when ``sink`` was never added.
        """
        if sink not in self._sinks:
            raise ValueError(f"{sink!r} is not one of this announcer's sinks")
        was = self._enabled[id(sink)]
        self._enabled[id(sink)] = bool(enabled)
        if was and not enabled:
            if id(sink) in self._held:
                self._held[id(sink)] = []
            self._call(sink, "cancel")

    def hold(self, sink: OutputSink) -> None:
        """Keep what is announced from now on out of ``sink``, to say it at :meth:`release`:
        the app's own voice while the player talks to the game (a microphone next to the
        speakers is deaf while the app speaks). The texts kept follow the priority rules among
        themselves (:func:`schedule`), so a long hold ends in what would be waiting then, not in
        a pile of stale readings. Other sinks (the screen reader) go on at once. Holding a held
        sink does nothing; raises ``ValueError`` when ``sink`` was never added."""
        if sink not in self._sinks:
            raise ValueError(f"{sink!r} is not one of this announcer's sinks")
        self._held.setdefault(id(sink), [])

    def is_held(self, sink: OutputSink) -> bool:
        """True between :meth:`hold` and :meth:`release` of ``sink``."""
        return id(sink) in self._held

    def release(self, sink: OutputSink) -> None:
        """Say on ``sink`` what was kept from it since :meth:`hold`, in order, with the
        priorities they were scheduled with; then announce to it as usual. Releasing a sink
        that is not held does nothing."""
        kept = self._held.pop(id(sink), None)
        if kept and sink in self._sinks and self._enabled.get(id(sink), False):
            for text, priority in kept:
                self._call(sink, "output", text, priority)

    def is_sink_enabled(self, sink: OutputSink) -> bool:
        """True when ``sink`` was added and is switched on."""
        return sink in self._sinks and self._enabled.get(id(sink), False)

    # --- speaking ---------------------------------------------------------------------------
    @property
    def last_text(self) -> Optional[str]:
        """The last text announced (None before the first)."""
        return self.history[-1][0] if self.history else None

    def announce(self, text: str, priority: Priority = Priority.QUEUE) -> None:
        """Say ``text`` on every enabled sink with ``priority``; blank text is ignored.

        Raises ``ValueError`` quoting ``priority`` when it is not a :class:`Priority` value.
        """
        try:
            priority = Priority(priority)
        except ValueError:
            raise ValueError(f"{priority!r} is not a speech priority") from None
        if not isinstance(text, str) or not text.strip():
            return
        text = text.strip()
        if self._queue_only:
            priority = Priority.QUEUE
        self.history.append((text, priority))
        self._send(text, priority)

    @contextmanager
    def heard_first(self, text: str) -> Iterator[None]:
        """Say ``text`` now, cutting off what is being said, and queue after it every text
        announced inside the ``with`` block, whatever its priority, so that none of them cuts
        ``text`` off.

        For a sentence that explains what follows and must be heard whole: "Review ended: the
        board shows the game." when a command given during a review ends it, before the
        command's own "Took back eleven to fifteen." (an INTERRUPT text that would otherwise cut
        it off at once). Texts announced after the block follow the usual rules."""
        self.announce(text, Priority.INTERRUPT)
        self._queue_only += 1
        try:
            yield
        finally:
            self._queue_only -= 1

    def repeat_last(self) -> Optional[str]:
        """Say the last text again, cutting off what is being said; returns it (None if none).

        The repeat is not added to :attr:`history`.
        """
        text = self.last_text
        if text is not None:
            self._send(text, Priority.INTERRUPT)
        return text

    def stop(self) -> None:
        """Silence every sink, enabled or not (the "stop speech" key), and drop what a held
        sink was keeping."""
        for held in self._held:
            self._held[held] = []
        for sink in list(self._sinks):
            self._call(sink, "cancel")

    # --- internals --------------------------------------------------------------------------
    def _send(self, text: str, priority: Priority) -> None:
        for sink in list(self._sinks):
            if not self._enabled.get(id(sink), False):
                continue
            kept = self._held.get(id(sink))
            if kept is not None:
                self._held[id(sink)] = schedule(None, kept, text, priority)[1]
            else:
                self._call(sink, "output", text, priority)

    def _call(self, sink: OutputSink, method: str, *args) -> None:
        try:
            getattr(sink, method)(*args)
        except Exception as exc:  # a broken sink must never end a game
            self.sink_errors.append((sink, exc))
