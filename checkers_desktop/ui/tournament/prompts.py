"""Every question the Tournament menu and the bracket window ask, in one interaction object.

:class:`Prompts` opens the real dialogs (message boxes, file dialogs, the forms of
:mod:`.dialogs`); tests give the menu an object with the same methods that answers at once. Each
method returns None (or False) when the question is cancelled, and nothing changes then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional, Sequence

from PySide6.QtWidgets import QDialog, QInputDialog, QLineEdit, QMessageBox, QWidget

from ...tournament.model import Competitor, CompetitorInput
from .dialogs import CompetitorDialog, DivisionsDialog, LinesDialog, ResultDialog

if TYPE_CHECKING:
    from ..interaction import Interaction

__all__ = ["Prompts"]

TITLE = "Tournament"


class Prompts:
    """Questions asked over ``parent()`` (the active window); form errors are said through
    ``announce(text)``. The file dialogs are ``interaction``'s (the window's
    :class:`~..interaction.Interaction`; by default one of their own that says its errors through
    ``announce``), opened over ``parent()``."""

    def __init__(self, parent: Callable[[], Optional[QWidget]],
                 announce: Optional[Callable[[str], None]] = None,
                 interaction: Optional["Interaction"] = None) -> None:
        self.parent = parent
        self.announce = announce
        self.interaction = interaction

    def _files(self) -> "Interaction":
        if self.interaction is None:
            from ..interaction import Interaction

            def quiet(_text: str) -> None:
                return None

            self.interaction = Interaction(None, say=self.announce or quiet, echo=quiet)
        return self.interaction

    def confirm(self, question: str) -> bool:
        buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        return QMessageBox.question(self.parent(), TITLE, question, buttons,
                                    QMessageBox.StandardButton.No) == \
            QMessageBox.StandardButton.Yes

    def text(self, title: str, label: str, default: str = "") -> Optional[str]:
        text, ok = QInputDialog.getText(self.parent(), title, label, QLineEdit.EchoMode.Normal,
                                        default)
        return text if ok else None

    def integer(self, title: str, label: str, value: int, lowest: int, highest: int
                ) -> Optional[int]:
        number, ok = QInputDialog.getInt(self.parent(), title, label, value, lowest, highest)
        return number if ok else None

    def choose(self, title: str, label: str, options: Sequence[str], current: int = 0
               ) -> Optional[int]:
        options = list(options)
        if not options:
            return None
        item, ok = QInputDialog.getItem(self.parent(), title, label, options,
                                        max(0, min(current, len(options) - 1)), False)
        return options.index(item) if ok and item in options else None

    def open_path(self, title: str, filters: str) -> Optional[str]:
        """A file to open (the import's list), from the Documents folder (else the home
        folder): :meth:`..interaction.Interaction.open_file`."""
        return self._files().open_file(title, filters, parent=self.parent())

    def save_path(self, title: str, default: str, filters: str, *,
                  confirm_overwrite: bool = True) -> Optional[str]:
        """Where to save, starting on ``default`` (a bare name, or a path whose folder is gone,
        in the Documents folder): :meth:`..interaction.Interaction.save_file`."""
        return self._files().save_file(title, default, filters,
                                       confirm_overwrite=confirm_overwrite, parent=self.parent())

    def competitor(self, initial: Optional[Competitor] = None, save=None):
        """The competitor form. Without ``save``: the checked input (a ``CompetitorInput``) or
        None. With ``save`` (called with the input; what it refuses is shown in the form, which
        stays open): what ``save`` returned, or None when cancelled; another error it raised is
        raised here once the form has closed."""
        dialog = CompetitorDialog(self.parent(), initial=initial, announce=self.announce,
                                  save=save)
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        if dialog.failure is not None:
            raise dialog.failure
        if not accepted:
            return None
        return dialog.saved if save is not None else dialog.entry

    def games(self, number: int, a: str, b: str, profile_key: str, title: str = "",
              initial: Sequence[str] = ()) -> Optional[list]:
        """The games' winners by name (None: drawn); ``initial``: the rows filled in first, "a",
        "b" or "draw" each (a correction starts from the result recorded)."""
        dialog = ResultDialog(number, a, b, profile_key, self.parent(), title=title,
                              announce=self.announce)
        if initial:
            dialog.set_games(initial)
        return dialog.winners if dialog.exec() == QDialog.DialogCode.Accepted else None

    def divisions(self, counts: dict, split: Sequence[str], merges: Sequence[Sequence[str]]
                  ) -> Optional[tuple]:
        dialog = DivisionsDialog(counts, split, merges, self.parent(), announce=self.announce)
        return dialog.choice if dialog.exec() == QDialog.DialogCode.Accepted else None

    def show_lines(self, title: str, heading: str, lines: Sequence[str],
                   buttons: Sequence = ()) -> None:
        LinesDialog(title, heading, lines, self.parent(), buttons).exec()

    def pin(self, action: str, official: str, check) -> Optional[str]:
        """The official's name once the right PIN was given for ``action`` (``check`` is
        ``OfficialGate.unlock``; a wrong PIN is said and the dialog stays open), or None."""
        from ..event.pin_dialog import PinDialog

        dialog = PinDialog(action, official, check, say=self.announce, parent=self.parent())
        if self.announce is not None:
            self.announce(dialog.prompt.text())
        return dialog.official if dialog.exec() == QDialog.DialogCode.Accepted else None
