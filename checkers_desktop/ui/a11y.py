"""Screen reader output: announcements posted to the accessibility tree (Qt 6.8+).

:class:`ScreenReaderSink` is an ``OutputSink`` of the speech ``Announcer``: each text becomes a
``QAccessibleAnnouncementEvent`` on a widget of the window, which Orca (AT-SPI), NVDA/JAWS (UIA) and
VoiceOver speak with the user's own voice and settings.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

# The speech helper's Priority.INTERRUPT is 2; an int compare keeps this module free of that import.
_INTERRUPT = 2


def politeness_for(priority: int) -> QAccessible.AnnouncementPoliteness:
    """Assertive (interrupts the screen reader) for INTERRUPT, polite (waits its turn) otherwise."""
    if int(priority) >= _INTERRUPT:
        return QAccessible.AnnouncementPoliteness.Assertive
    return QAccessible.AnnouncementPoliteness.Polite


class ScreenReaderSink:
    """Posts each announcement as a ``QAccessibleAnnouncementEvent`` on ``target``.

    ``post`` does the posting (default ``QAccessible.updateAccessibility``); tests pass a recorder.
    ``cancel`` does nothing: a screen reader's speech is the user's to stop (their own stop key).
    """

    def __init__(self, target: QObject,
                 post: Callable[[QAccessibleAnnouncementEvent], None] | None = None) -> None:
        self.target = target
        self._post = post or QAccessible.updateAccessibility

    def output(self, text: str, priority: int = 0) -> None:
        if not text:
            return
        event = QAccessibleAnnouncementEvent(self.target, text)
        event.setPoliteness(politeness_for(priority))
        self._post(event)

    def cancel(self) -> None:
        """Nothing to cancel: the screen reader owns its speech queue."""


# --- where speech goes: screen reader, the app's own voice, or both -----------------
OUTPUT_MODES = ("auto", "screen_reader", "self_voice", "both")
"""The values of the speech output setting (settings.OUTPUT)."""


def screen_reader_active() -> bool:
    """True when an assistive technology listens to this app (``QAccessible.isActive()``: Orca
    through AT-SPI, NVDA/JAWS through UIA, VoiceOver). Tests replace this function."""
    return bool(QAccessible.isActive())


def output_routes(mode: str, reader_active: bool) -> tuple[bool, bool]:
    """``(to_screen_reader, to_own_voice)`` for the output ``mode``.

    "auto" avoids hearing everything twice: the screen reader alone when one is listening, else
    the app's own voice (screen reader events stay on: with no assistive technology they cost
    nothing and are heard by none). An unknown mode counts as "auto"."""
    if mode == "screen_reader":
        return True, False
    if mode == "self_voice":
        return False, True
    if mode == "both":
        return True, True
    return True, not reader_active


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

    tied = 0
    seen: set[int] = set()
    stack = list(menus)
    while stack:
        menu = stack.pop()
        if id(menu) in seen:
            continue
        seen.add(id(menu))
        for action in menu.actions():
            sub = action.menu()
            if not isinstance(sub, QMenu):
                continue
            stack.append(sub)

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
