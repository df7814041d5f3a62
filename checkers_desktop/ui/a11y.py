"""Screen reader output: announcements posted to the accessibility tree (Qt 6.8+).

:class:`ScreenReaderSink` is an ``OutputSink`` of the speech ``Announcer``: each text becomes a
``QAccessibleAnnouncementEvent`` on a widget of the window, which Orca (AT-SPI), NVDA/JAWS (UIA) and
VoiceOver speak with the user's own voice and settings.
"""

from __future__ import annotations

import re
import time
from typing import Callable, Optional

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

from ..speech.announcer import join_waiting

# The speech helper's Priority.INTERRUPT and READING, as the ints the sinks are given.
_INTERRUPT = 2
_READING = 1


def politeness_for(priority: int) -> QAccessible.AnnouncementPoliteness:
    """Assertive (interrupts the screen reader) for INTERRUPT, polite (waits its turn) otherwise."""
    if int(priority) >= _INTERRUPT:
        return QAccessible.AnnouncementPoliteness.Assertive
    return QAccessible.AnnouncementPoliteness.Polite


PACE_MIN_MS = 300
"""The least time between two announcements posted to the screen reader (milliseconds), unless
the second interrupts: Orca and NVDA drop or cut an announcement that follows another too
closely."""

PACE_MS_PER_WORD = 250
"""About how long a screen reader takes per word (milliseconds, 240 words a minute, a brisk
rate): a polite announcement waits until the one before it has about been said."""

PACE_MAX_MS = 2500
"""The longest a polite announcement waits for the one before it (milliseconds): a long text
(the welcome) does not hold back the game's news."""


HOLD_MAX_MS = 4000
"""The longest an interrupting announcement waits for a polite one posted just before it to be
said (milliseconds, see :func:`say_after`): the player's own move ("You: eighteen to
twenty-two.", 1.7 s at a screen reader's default rate) is heard whole before the computer's
reply, and a long polite text (the welcome) holds an urgent one back no longer than this. 4 s
covers a move with what it took ("You: thirteen jumps twenty-two, takes the man on seventeen."
3.7 s with eSpeak NG at its default rate; at 2.5 s the reply cut "takes the man on ..." three
times of three); a longer multiple jump's end may still be cut."""

SAY_MS_PER_SYLLABLE = 300
"""How long a screen reader at its default rate takes to say a syllable (milliseconds), for
the wait of an interrupting announcement behind the player's own move (:func:`say_after`).
Measured with eSpeak NG 1.51 at its default rate (the default voice of NVDA, and Orca's
through speech-dispatcher): twelve of the game's move announcements, from the first sound to
the last, took 1.30 s ("You: one to six.") to 2.99 s ("You: twenty-six jumps seventeen jumps
ten."), 222 to 324 ms a syllable, 274 on average (427 ms a word: the game's words are numbers
of two and three syllables). :data:`PACE_MS_PER_WORD` (a brisk rate) had the reply cut the
player's move after 1.0 s, on its last square."""


FOCUS_SETTLE_MS = 350
"""The least time between a focus change and the next announcement posted (milliseconds): a
screen reader says the newly focused object and cuts an announcement that comes with it (a
dialog closing, the board or the bracket list taking the focus back). 300 ms, and 50 ms for the
focus event to reach the screen reader (measured on the AT-SPI bus: 30 ms)."""


FOCUS_WAIT_MAX_MS = 1000
"""The longest an announcement waits for a focus change said to be coming (milliseconds)."""


def pace_after(text: str) -> int:
    """How long (milliseconds) a polite announcement waits after ``text`` was posted:
    :data:`PACE_MS_PER_WORD` per word, at least :data:`PACE_MIN_MS`, at most
    :data:`PACE_MAX_MS`."""
    return max(PACE_MIN_MS, min(PACE_MAX_MS, PACE_MS_PER_WORD * len(text.split())))


def syllables(text: str) -> int:
    """About how many syllables ``text`` has when said: the groups of vowels of each word (a
    final silent "e" not counted), at least one a word; a number in figures counts one a digit."""
    count = 0
    for word in re.split(r"[\s\-]+", text.lower()):
        letters = re.sub(r"[^a-z0-9]", "", word)
        if not letters:
            continue
        if letters.isdigit():
            count += len(letters)
            continue
        groups = len(re.findall(r"[aeiouy]+", letters))
        if letters.endswith("e") and not letters.endswith(("le", "ee")) and groups > 1:
            groups -= 1
        count += max(1, groups)
    return count


SAY_PAUSE_MS = 300
"""What a screen reader adds to a sentence's syllables (milliseconds): the pause at "You:" and
its start. eSpeak NG at its default rate took 1.32 s for "You: one to five." and 1.37 s for
"You: five to nine." (four syllables: 330-340 ms each)."""


def say_after(text: str) -> int:
    """How long (milliseconds) a screen reader at its default rate takes to say ``text``:
    :data:`SAY_PAUSE_MS` and :data:`SAY_MS_PER_SYLLABLE` a syllable (:func:`syllables`)."""
    return SAY_PAUSE_MS + SAY_MS_PER_SYLLABLE * syllables(text)


class ScreenReaderSink:
    """Posts each announcement as a ``QAccessibleAnnouncementEvent`` on ``target``.

    ``post`` does the posting (default ``QAccessible.updateAccessibility``); tests pass a recorder.
    ``cancel`` drops what waits; what the screen reader says is the user's to stop (their own
    stop key).

    ``paced`` (the window's default): announcements are queued so that none is cut. An
    INTERRUPT text replaces what waits, with the QUEUE texts still waiting (and an INTERRUPT
    text held back by the focus, never posted) said first in the same announcement
    (``speech.announcer.join_waiting``: the player's own move, held back by the pacing, is not
    lost when the computer's reply comes). It goes without waiting for the text before it,
    unless that was a QUEUE text posted a moment ago (the player's own move): then it waits
    until that one has been said at a default rate (:func:`say_after`), at most
    :data:`HOLD_MAX_MS` after it was posted. Any other text waits until :func:`pace_after` the text posted before it has
    passed, so that no two are posted within :data:`PACE_MIN_MS` unless the second interrupts;
    a READING text replaces the READING and QUEUE texts still waiting (the priority rules of
    ``speech.announcer.schedule``). Every text waits for the focus to settle: it is posted on
    a later turn of the event loop than the call that gave it (so the focus the same command
    moves, after a dialog, moves first) and at least :data:`FOCUS_SETTLE_MS` after the last
    focus change (:meth:`focus_moved`); an interrupting text that had to wait for the focus is
    posted polite, so that it does not cut what the screen reader says of the new focus.
    Unpaced, every text is posted at once. ``clock``: monotonic seconds (tests)."""

    def __init__(self, target: QObject,
                 post: Callable[[QAccessibleAnnouncementEvent], None] | None = None,
                 paced: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        self.target = target
        self._post = post or QAccessible.updateAccessibility
        self.paced = paced
        self._clock = clock
        self._waiting: list[tuple[str, int]] = []
        self._next_at = 0.0  # when the next polite text may be posted (clock seconds)
        self._focus_at = -1.0  # when the focus last moved (clock seconds)
        self._held = False  # the interrupting text waiting was held back by a focus change
        self.hold: Optional[Callable[[], bool]] = None
        """True while the focus is about to move (a question kept up for the next one, a
        dialog closed and its window not active again yet): what waits is held until it has
        moved, :data:`FOCUS_WAIT_MAX_MS` at most."""
        self._hold_since: Optional[float] = None
        self._last_polite_until = 0.0  # when the QUEUE text posted last has about been said
        self._said_until = 0.0  # when the text posted last has been said at a default rate
        self._timer: Optional[QTimer] = None

    def output(self, text: str, priority: int = 0) -> None:
        if not text:
            return
        if not self.paced:
            self._send(text, priority)
            return
        if int(priority) >= _INTERRUPT:
            # the player's own move is not lost, nor an interrupting text held back by the
            # focus (never posted): said first, in the same announcement
            held = [(t, 0 if int(p) >= _INTERRUPT else p) for t, p in self._waiting]
            text = join_waiting(held, text)
            self._waiting = [(text, int(priority))]
            self._held = False
        else:
            if int(priority) == _READING:
                self._waiting = [(t, p) for t, p in self._waiting if int(p) >= _INTERRUPT]
            self._waiting.append((text, int(priority)))
        self._arm(0)  # on a later turn of the event loop: after the command's focus change

    def focus_moved(self) -> None:
        """The keyboard focus (or the screen reader's focus on a cell or a line) has just
        moved: what waits is posted :data:`FOCUS_SETTLE_MS` from now at the soonest."""
        self._focus_at = self._clock()
        if self.paced and self._waiting:
            # an interrupting text not yet posted is now held back by the focus, however late
            # the timer fires
            self._held = self._held or any(int(p) >= _INTERRUPT for _, p in self._waiting)
            self._arm(FOCUS_SETTLE_MS)

    def _send(self, text: str, priority: int) -> None:
        event = QAccessibleAnnouncementEvent(self.target, text)
        event.setPoliteness(politeness_for(priority))
        self._post(event)
        now = self._clock()
        self._next_at = now + pace_after(text) / 1000
        self._last_polite_until = (now + min(say_after(text), HOLD_MAX_MS) / 1000
                                   if int(priority) == 0 else 0.0)
        self._said_until = now + say_after(text) / 1000

    def _arm(self, wait_ms: int) -> None:
        if self._timer is None:
            timer = QTimer()
            timer.setSingleShot(True)
            timer.timeout.connect(self._drain)
            self._timer = timer
        if not self._timer.isActive() or self._timer.remainingTime() < wait_ms:
            self._timer.start(max(0, wait_ms))

    def _drain(self) -> None:
        if self._waiting and self.hold is not None and self.hold():
            now = self._clock()
            if self._hold_since is None:
                self._hold_since = now
            if now - self._hold_since < FOCUS_WAIT_MAX_MS / 1000:
                self._held = self._held or any(p >= _INTERRUPT for _, p in self._waiting)
                self._arm(50)
                return
        self._hold_since = None
        while self._waiting:
            text, priority = self._waiting[0]
            now = self._clock()
            settled = self._focus_at + FOCUS_SETTLE_MS / 1000
            if settled > now:  # the focus has just moved: it is said first
                self._held = self._held or priority >= _INTERRUPT
                self._arm(int((settled - now) * 1000) + 1)
                return
            if priority < _INTERRUPT and self._next_at > now:
                self._arm(int((self._next_at - now) * 1000) + 1)
                return
            if priority >= _INTERRUPT and self._last_polite_until > now:
                # the player's own move, posted a moment ago, is said before the reply cuts in
                self._arm(int((self._last_polite_until - now) * 1000) + 1)
                return
            self._waiting.pop(0)
            if priority >= _INTERRUPT and self._held:
                priority = 0  # heard after what the screen reader says of the new focus
            self._held = False
            self._send(text, priority)

    def quiet_in_ms(self) -> int:
        """About how long (milliseconds) until what was posted and what waits has been said at
        a screen reader's default rate (:func:`say_after`): how long a focus change that would
        cut it should wait."""
        now = self._clock()
        end = max(now, self._said_until)
        for text, priority in self._waiting:
            start = max(now, self._last_polite_until if priority >= _INTERRUPT else end)
            end = start + say_after(text) / 1000
        return int(round(max(0.0, end - now) * 1000))

    @property
    def waiting(self) -> list[str]:
        """The texts not yet posted, oldest first."""
        return [t for t, _ in self._waiting]

    def cancel(self) -> None:
        """Drop what waits; what the screen reader says is its user's to stop."""
        self._waiting.clear()


# --- where speech goes: screen reader, the app's own voice, or both -----------------
OUTPUT_MODES = ("auto", "screen_reader", "self_voice", "both")
"""The values of the speech output setting (settings.OUTPUT)."""


def screen_reader_active() -> bool:
    """True when an assistive technology listens to this app (``QAccessible.isActive()``: Orca
    through AT-SPI, NVDA/JAWS through UIA, VoiceOver). Tests replace this function."""
    return bool(QAccessible.isActive())


def output_routes(mode: str, reader_active: bool,
                  reader_hears_announcements: Optional[bool] = None) -> tuple[bool, bool]:
    """``(to_screen_reader, to_own_voice)`` for the output ``mode``.

    "auto" avoids hearing everything twice: the screen reader alone when one is listening, else
    the app's own voice (screen reader events stay on: with no assistive technology they cost
    nothing and are heard by none). When the screen reader is known not to hear announcements
    (``reader_hears_announcements`` False: Orca 43, see :mod:`.a11y_bus`), "auto" gives both: the
    screen reader says the focus, the app's own voice the events. An unknown mode counts as
    "auto"."""
    if mode == "screen_reader":
        return True, False
    if mode == "self_voice":
        return False, True
    if mode == "both":
        return True, True
    return True, not reader_active or reader_hears_announcements is False


# --- leaving a submenu ----------------------------------------------------------------------
def tell_parent_item_after_submenu(menus, post: Callable | None = None) -> int:
    """For each submenu among ``menus`` (``QMenu`` objects; a menu bar's and their own), have the
    screen reader told of the parent menu's highlighted item when Escape closes the submenu.
    Qt closes it and leaves the parent's item highlighted without a focus event, so without this
    the first Escape would be heard as nothing. ``post(event)`` posts the focus event (default: ``QAccessible.updateAccessibility``
    while a screen reader listens; tests pass a recorder). Returns how many submenus were tied."""
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QAccessibleEvent
    from PySide6.QtWidgets import QMenu

    from .menu_walk import every_menu

    tied = 0
    for menu in every_menu(menus):
        for action in menu.actions():
            sub = action.menu()
            if not isinstance(sub, QMenu):
                continue

            def closed(parent=menu, item=action) -> None:
                def tell() -> None:
                    if not parent.isVisible() or parent.activeAction() is not item:
                        return  # the whole menu closed (an item was chosen), or moved on
                    if post is not None or QAccessible.isActive():
                        event = QAccessibleEvent(parent, QAccessible.Event.Focus)
                        event.setChild(parent.actions().index(item))
                        (post or QAccessible.updateAccessibility)(event)
                QTimer.singleShot(0, tell)

            sub.aboutToHide.connect(closed)
            tied += 1
    return tied
