"""A picker's new value, changed with the arrow keys while its list is closed, reaches Orca.

Every picker of the app is a ``QComboBox`` (the age group, the rule profile, a game's result,
the walkover and withdrawal pickers, the official's forms, the ``QInputDialog`` lists). Up, Down,
Page Up, Page Down, Home, End and typing an option's first letters change its value without
opening the list; Alt+Down (or F4) opens the list.

On Linux, Qt tells the accessibility bus (AT-SPI) of such a change with the picker's
``accessible-name`` change and an ``object:selection-changed`` event on the picker. Orca 43 says
neither: it drops a combo box's name change as redundant, and on a selection change it asks the
picker for its selected item through the AT-SPI Selection interface, which Qt's combo box does
not have, so it finds none and says nothing. What Orca does say is the item a focus event puts
its attention on (as with a GTK combo box, whose selection change moves it to the chosen item
of the closed list). :class:`PickerSpeech` therefore tells the bus, after a key changed a
closed picker's value, that the focus is on the chosen item of the picker's (closed) list: Orca
says "List with 4 items. Bo Diaz won." the first time and the value alone after that ("Drawn.").
The keyboard focus stays on the picker; Tab leaves it as before, Alt+Down still opens the list.

Only on Linux: on Windows (UI Automation: NVDA, JAWS, Narrator) and macOS (VoiceOver) Qt's own
value change is already said, and a focus event on the closed list's item would be said a second
time. Nothing is told while no screen reader listens (``QAccessible.isActive``), nor for a
change made by the program or the mouse, nor while the list is open (Qt tells the item under the
cursor itself).
"""

from __future__ import annotations

from typing import Callable, Optional

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAccessible, QAccessibleEvent, QKeyEvent
from PySide6.QtWidgets import QApplication, QComboBox, QWidget


__all__ = ["PickerSpeech"]

_WATCHED = "_checkers_picker_speech"
"""The dynamic property set on a picker once :class:`PickerSpeech` filters its keys."""


class PickerSpeech(QObject):
    """Watches the keys of every non-editable ``QComboBox`` that gets the keyboard focus in
    ``app``, and tells a screen reader the new value a key gave it while its list was closed
    (see the module text). ``post`` posts the accessibility event (None: Qt's
    ``updateAccessibility``, only while a screen reader listens); tests give a recorder."""

    def __init__(self, app: QApplication,
                 post: Optional[Callable[[QAccessibleEvent], None]] = None) -> None:
        super().__init__(app)
        self.post = post
        self._keyed: Optional[QComboBox] = None
        """The picker whose key is being handled, while it is."""
        app.focusChanged.connect(self._focus_changed)
        focused = app.focusWidget()
        if focused is not None:
            self._focus_changed(None, focused)

    def _focus_changed(self, _old: Optional[QWidget], new: Optional[QWidget]) -> None:
        if isinstance(new, QComboBox) and not new.property(_WATCHED):
            new.setProperty(_WATCHED, True)
            new.installEventFilter(self)
            new.currentIndexChanged.connect(self._changed)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.KeyPress and isinstance(watched, QComboBox) \
                and isinstance(event, QKeyEvent) and not watched.isEditable() \
                and not watched.view().isVisible():
            self._keyed = watched  # until the picker has handled the key
            QTimer.singleShot(0, self, self._key_handled)
        return False

    def _key_handled(self) -> None:
        self._keyed = None

    def _changed(self, row: int) -> None:
        combo = self.sender()
        if combo is None or combo is not self._keyed or row < 0 or not combo.hasFocus() \
                or combo.view().isVisible():
            return  # the program's or the mouse's change, or the list opened (Qt tells it)
        self.tell(combo)

    def tell(self, combo: QComboBox) -> None:
        """Tell the screen reader that ``combo``'s chosen item has the focus (the keyboard's
        focus stays on the combo)."""
        post = self.post
        if post is None:
            if not QAccessible.isActive():
                return
            post = QAccessible.updateAccessibility
        view = combo.view()
        child = _item_child(view, combo.currentIndex(), combo.currentText())
        if child < 0:
            return
        event = QAccessibleEvent(view, QAccessible.Event.Focus)
        event.setChild(child)
        post(event)


def _item_child(view: QWidget, row: int, text: str) -> int:
    """The index, among the accessible children of the picker's list ``view``, of the item on
    ``row`` (a list's children are its rows in order), or of the item named ``text`` when
    another one is there; -1 when there is none."""
    iface = QAccessible.queryAccessibleInterface(view)
    if iface is None:
        return -1
    count = iface.childCount()
    if 0 <= row < count:
        item = iface.child(row)
        if item is not None and item.text(QAccessible.Text.Name) == text:
            return row
    for i in range(count):
        item = iface.child(i)
        if item is not None and item.text(QAccessible.Text.Name) == text:
            return i
    return -1

