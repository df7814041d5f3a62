"""A stand-in speech sink for tests: :class:`FakeSynth` records what would have been said."""

from __future__ import annotations

from typing import Optional

from .announcer import OutputSink, Priority, schedule

__all__ = ["FakeSynth"]


class FakeSynth(OutputSink):
    """An :class:`OutputSink` that speaks into lists instead of a loudspeaker.

    By default every utterance is said at once and is over at once, so :attr:`spoken` lists every
    text in the order it was output. With ``hold=True`` an utterance lasts until :meth:`finish` is
    called, so tests can see what an INTERRUPT or READING text cuts off (the same rules as the TTS
    worker, :func:`~.announcer.schedule`).

    Records:

    * :attr:`outputs` - every ``(text, priority)`` received.
    * :attr:`spoken` - every text that started being said.
    * :attr:`events` - ``("say", text)`` when a text starts, ``("interrupt", text)`` when a text
      being said is cut off, ``("drop", text)`` when a waiting text is dropped unsaid, and
      ``("cancel", "")`` for each :meth:`cancel`.
    * :attr:`interrupted`, :attr:`dropped` - the texts cut off / dropped; :attr:`cancels` - count.
    """

    def __init__(self, hold: bool = False) -> None:
        self.hold = hold
        self.outputs: list[tuple[str, Priority]] = []
        self.spoken: list[str] = []
        self.events: list[tuple[str, str]] = []
        self.interrupted: list[str] = []
        self.dropped: list[str] = []
        self.cancels = 0
        self.current: Optional[tuple[str, Priority]] = None
        self.pending: list[tuple[str, Priority]] = []

    # --- OutputSink -------------------------------------------------------------------------
    def output(self, text: str, priority: Priority = Priority.QUEUE) -> None:
        priority = Priority(priority)
        self.outputs.append((text, priority))
        cut, new_pending = schedule(self.current[1] if self.current else None, self.pending,
                                    text, priority)
        kept = {id(item) for item in new_pending}
        for item in self.pending:
            if id(item) not in kept:
                self.dropped.append(item[0])
                self.events.append(("drop", item[0]))
        self.pending = new_pending
        if cut:
            self._cut_current()
        self._advance()

    def cancel(self) -> None:
        self.cancels += 1
        self.events.append(("cancel", ""))
        self._cut_current()
        for text, _ in self.pending:
            self.dropped.append(text)
            self.events.append(("drop", text))
        self.pending = []

    # --- test controls ----------------------------------------------------------------------
    @property
    def speaking(self) -> Optional[str]:
        """The text being said now (only ever set with ``hold=True``)."""
        return self.current[0] if self.current else None

    def finish(self) -> Optional[str]:
        """End the utterance being said (``hold=True``) and start the next; returns the one ended."""
        done = self.speaking
        self.current = None
        self._advance()
        return done

    def finish_all(self) -> None:
        """Say everything waiting to the end."""
        while self.current is not None:
            self.finish()

    def clear(self) -> None:
        """Forget every record (not the ``hold`` setting); nothing is being said afterwards."""
        self.__init__(hold=self.hold)  # type: ignore[misc]  # every record back to the new state

    # --- internals --------------------------------------------------------------------------
    def _cut_current(self) -> None:
        if self.current is not None:
            self.interrupted.append(self.current[0])
            self.events.append(("interrupt", self.current[0]))
            self.current = None

    def _advance(self) -> None:
        while self.current is None and self.pending:
            self.current = self.pending.pop(0)
            self.spoken.append(self.current[0])
            self.events.append(("say", self.current[0]))
            if not self.hold:
                self.current = None
