"""Every question the window asks goes through one object: :class:`Interaction`.

Yes/No questions, a choice among options, a line of text, the official's PIN and a new PIN, and
which file to open or where to save one (:meth:`Interaction.open_file`, :meth:`Interaction.save_file`,
both starting in the Documents folder unless told another). Each
dialog is modal, keyboard-only friendly (the safe answer is the default: No, Cancel), its fields
have accessible names, and:

* the question is spoken by the app's own voice when the dialog opens (``echo``): a screen reader
  reads the dialog itself, so it is not sent to the screen reader twice;
* a mistake inside a dialog (a wrong PIN, two PINs that differ) is shown in the dialog's message
  line and announced to both the screen reader and the app's voice (``say``), since a label that
  changes is not read by itself.

An official's action is one form (:meth:`Interaction.ask_form`, described by a
:class:`FormRequest`): the PIN, the choices, the outcome in words that follow the choices, one
confirm button; a wrong PIN keeps it open.

The Tournament menu's forms are asked here too (a competitor, a match's games, the divisions, a
list of lines), over the window the command came from (:meth:`Interaction.over`).

Tests replace the methods of the instance (``window.ask.confirm = ...``), pass ``confirm`` to the
window, or give the Tournament menu an object with the same methods; nothing else in ui/ opens a
question dialog or a file dialog of its own.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from PySide6.QtCore import QItemSelectionModel, Qt, QTimer
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QFileDialog, QInputDialog,
                               QLineEdit, QMessageBox, QWidget)

from .forms import FormAnswer, FormChoice, FormRequest, FormText, FormValue
from .handover import answering, finish, is_kept, keep_up, run_modal
from .type_ahead import TypeAhead, give_answer_keys, keep_answer_keys, keys_to

if TYPE_CHECKING:
    from ..tournament.model import Competitor

__all__ = ["Interaction", "TITLE", "VOICE_ANSWERS", "file_dialog", "chosen_file", "FormChoice", "FormText",
           "FormRequest", "FormAnswer", "FormValue"]

TITLE = "Checkers"

VOICE_ANSWERS = "voiceAnswers"
"""The property (True) of a yes/no box that a spoken "yes" or "no" may answer: a player's own
question (leaving the game, resigning, a draw offer, the resume offer of a game). Any other box
(the official's, the organiser's) is answered at the keyboard only."""

TYPE_AHEAD_MS = 1500
"""In a list to choose from, keys typed at most this far apart (milliseconds) make one search
("7", "0", "0": the option that begins "700")."""


class _AnswerBox(QMessageBox):
    """A Yes/No question that may stay up for the question that follows (:func:`finish`)."""

    def done(self, result: int) -> None:  # noqa: D102 - Qt's name
        finish(self, result, super().done)


class Interaction:
    """Questions for the window ``parent``. ``say(text)``: announce to the screen reader and the
    app's voice (errors); ``echo(text)``: the app's voice only (the question of a dialog the
    screen reader reads). ``confirm``: a replacement for :meth:`confirm` (the window's
    ``confirm`` argument)."""

    def __init__(self, parent: Optional[QWidget], say: Callable[[str], None],
                 echo: Callable[[str], None],
                 confirm: Optional[Callable[[str], bool]] = None) -> None:
        self.parent = parent
        self.say = say
        self.echo = echo
        self._answer = confirm

    def over(self, parent: Optional[QWidget]) -> "Interaction":
        """The same questions, modal to ``parent`` (a dialog already open, the bracket window)
        instead of this object's window; None: this object itself."""
        if parent is None or parent is self.parent:
            return self
        return Interaction(parent, self.say, self.echo, self._answer)

    # --- Yes / No -----------------------------------------------------------------------
    def confirm(self, question: str, title: str = TITLE,
                on_answer: Optional[Callable[[bool], None]] = None, *,
                default_yes: bool = False, said: bool = False,
                name: str = "", by_voice: bool = False) -> bool:
        """Ask ``question``; True for Yes. No is the default button unless ``default_yes``
        (Enter then answers Yes); Escape always answers No. ``on_answer(yes)`` runs as soon as
        a button is pressed, before the dialog closes (what the answer changes is done when the
        focus comes back to the window, so a screen reader reads the focused square as it is
        now); callers that pass it still get the answer. ``said``: the caller has already
        announced the question, so the app's voice does not say it again. ``name``: the box's
        object name (for tools that look for it). ``by_voice``: a player's own question, which
        a spoken "yes" or "no" may answer (:data:`VOICE_ANSWERS`); otherwise only the keyboard
        answers it. With the window's ``confirm`` replacement, that answers instead (no
        dialog)."""
        from .display import question_font

        if self._answer is not None:
            return self._answer(question)

        if not said:
            self.echo(question + " Yes or No.")
        box = _AnswerBox(QMessageBox.Icon.Question, title, question,
                         QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                         self.parent)
        if name:
            box.setObjectName(name)
        box.setProperty(VOICE_ANSWERS, bool(by_voice))
        box.setFont(question_font(box))
        box.setDefaultButton(QMessageBox.StandardButton.Yes if default_yes
                             else QMessageBox.StandardButton.No)
        box.setEscapeButton(QMessageBox.StandardButton.No)
        box.setAccessibleName(title)
        _keep_keys_typed_after_the_answer(box)
        if on_answer is not None:
            yes_button = box.button(QMessageBox.StandardButton.Yes)
            box.buttonClicked.connect(lambda button: answering(
                box, lambda: on_answer(button is yes_button)))
        try:
            return run_modal(box) == QMessageBox.StandardButton.Yes
        finally:
            if not is_kept(box):
                box.deleteLater()

    def keep_up(self) -> None:
        """The question being answered now (inside its ``on_answer``, or an official's form's
        ``act``) stays on the screen until the next question opens over it, so that the focus
        goes from one to the other and not by way of the board (at most
        ``handover.KEEP_UP_MS``). Outside an answer, nothing."""
        keep_up()

    # --- a choice, a text -----------------------------------------------------------------
    def choose(self, title: str, label: str, options: Sequence[str], *,
               say_options: bool = True, current: int = 0) -> Optional[int]:
        """The index of the option chosen, or None (Cancel). The question is said with every
        option, or, with ``say_options`` False (a long list: the games of a file), alone: the
        screen reader reads the option in focus. Typing an option's first characters goes to
        it, the keys up to :data:`TYPE_AHEAD_MS` apart (Qt's own 0.4 s is too quick for many
        older players: "7", "0", "0" a second apart found game 7, not game 700)."""
        if not options:
            return None
        self.echo(f"{label} {', '.join(options)}." if say_options else label)
        dialog = self._input(title, label)
        dialog.setComboBoxItems(list(options))
        dialog.setComboBoxEditable(False)
        dialog.setTextValue(list(options)[max(0, min(current, len(options) - 1))])
        interval = QApplication.keyboardInputInterval()
        QApplication.setKeyboardInputInterval(TYPE_AHEAD_MS)
        try:
            answered = dialog.exec()
        finally:
            QApplication.setKeyboardInputInterval(interval)
        if answered != QInputDialog.DialogCode.Accepted:
            return None
        item = dialog.textValue()
        return list(options).index(item) if item in options else None

    def ask_text(self, title: str, label: str, default: str = "") -> Optional[str]:
        """A line of text (the field starts with ``default``), or None (Cancel)."""
        self.echo(label)
        dialog = self._input(title, label)
        dialog.setTextEchoMode(QLineEdit.EchoMode.Normal)
        dialog.setTextValue(default)
        return dialog.textValue() if dialog.exec() == QInputDialog.DialogCode.Accepted else None

    def ask_integer(self, title: str, label: str, value: int, lowest: int, highest: int
                    ) -> Optional[int]:
        """A whole number from ``lowest`` to ``highest`` (the field starts at ``value``), or
        None (Cancel)."""
        self.echo(label)
        dialog = self._input(title, label)
        dialog.setInputMode(QInputDialog.InputMode.IntInput)
        dialog.setIntRange(lowest, highest)
        dialog.setIntValue(value)
        return dialog.intValue() if dialog.exec() == QInputDialog.DialogCode.Accepted else None

    def _input(self, title: str, label: str) -> QInputDialog:
        from .display import question_font, style_dialog

        dialog = QInputDialog(self.parent)
        dialog.setWindowTitle(title)
        dialog.setLabelText(label)
        style_dialog(dialog)
        dialog.setFont(question_font(dialog))
        return dialog

    # --- files ----------------------------------------------------------------------------
    def open_file(self, title: str, filters: str, folder=None, *,
                  parent: Optional[QWidget] = None) -> Optional[str]:
        """The file chosen to open, or None (Cancel). The dialog starts in ``folder`` (default
        the Documents folder, else the home folder); Enter on a file in its list opens it.
        ``parent``: the window it is modal to, when not this object's (the bracket window)."""
        from .paths import documents_folder

        ahead = TypeAhead()  # the name may be typed while the dialog is made
        try:
            start = Path(folder) if folder and Path(folder).is_dir() else documents_folder()
            dialog = file_dialog(parent or self.parent, title, str(start), filters, save=False)
            self.echo(title)
            return chosen_file(dialog, ahead)
        finally:
            ahead.stop()

    def save_file(self, title: str, default: str, filters: str, *,
                  confirm_overwrite: bool = True,
                  parent: Optional[QWidget] = None) -> Optional[str]:
        """Where to save, or None (Cancel): the dialog starts on ``default`` (a whole path; a
        bare name goes in the Documents folder, as does a path whose folder is gone).
        ``parent``: the window it is modal to, when not this object's (the bracket window)."""
        from .paths import documents_folder

        ahead = TypeAhead()  # the name may be typed while the dialog is made
        try:
            path = Path(default)
            if not path.parent.is_dir() or str(path.parent) in ("", "."):
                path = documents_folder() / path.name
            dialog = file_dialog(parent or self.parent, title, str(path), filters, save=True,
                                 confirm_overwrite=confirm_overwrite)
            self.echo(title)
            return chosen_file(dialog, ahead)
        finally:
            ahead.stop()

    # --- the official's PIN ---------------------------------------------------------------
    def ask_pin(self, action: str, official: str, check) -> Optional[str]:
        """Ask the official's name and PIN for the official's ``action`` (a kind, see
        ``texts.official.ACTION_WORDS``); ``official`` fills the name. ``check(pin, name) ->
        UnlockResult`` (``OfficialGate.unlock``) decides; a wrong PIN is shown and announced and
        the dialog stays open. Returns the official's name once the PIN was right, None when
        cancelled."""
        from .event.pin_dialog import PinDialog

        dialog = PinDialog(action, official, check, say=self.say, parent=self.parent)
        self.echo(dialog.prompt.text())
        if dialog.exec() != PinDialog.DialogCode.Accepted:
            return None
        return dialog.official

    def ask_form(self, request: FormRequest) -> Optional[FormAnswer]:
        """One form for an official's action (see :class:`FormRequest`): the answer once
        confirmed (and the PIN, if asked, was right), None when cancelled (Escape: nothing
        changed). Its opening, with the outcome as the form opens, is said once by the app's
        voice; a wrong PIN is shown and announced and the form stays open."""
        from .event.action_form import ActionFormDialog

        dialog = ActionFormDialog(request, say=self.say, parent=self.parent)
        self.echo(f"{request.prompt} {request.outcome(request.initial())}")
        try:
            accepted = run_modal(dialog) == ActionFormDialog.DialogCode.Accepted
            return dialog.answer if accepted else None
        finally:
            if not is_kept(dialog):
                dialog.deleteLater()  # not left among the window's children

    def ask_new_pin(self, title: str, prompt: str, *, allow_empty: bool = False,
                    event: bool = False) -> Optional[str]:
        """A new PIN typed twice (checked by ``session.official_pin.check_new_pin``; ``event``:
        the event PIN's longer rule), or None (Cancel). ``allow_empty``: both fields left empty
        gives "" (remove the PIN)."""
        from .event.pin_dialog import NewPinDialog

        dialog = NewPinDialog(title, prompt, say=self.say, allow_empty=allow_empty,
                              parent=self.parent, event=event)
        self.echo(prompt)
        if dialog.exec() != NewPinDialog.DialogCode.Accepted:
            return None
        return dialog.pin


    # --- the Tournament menu's forms ------------------------------------------------------
    def ask_competitor(self, initial: Optional["Competitor"] = None,
                       save: Optional[Callable[[Any], Any]] = None) -> Any:
        """The competitor form (``ui.tournament.dialogs.CompetitorDialog``). Without ``save``:
        the checked input (a ``CompetitorInput``) or None. With ``save`` (called with the input;
        what it refuses is shown in the form, which stays open): what ``save`` returned, or None
        when cancelled; another error it raised is raised here once the form has closed."""
        from .tournament.dialogs import CompetitorDialog

        dialog = CompetitorDialog(self.parent, initial=initial, announce=self.say, save=save)
        self.echo(dialog.windowTitle())
        accepted = dialog.exec() == CompetitorDialog.DialogCode.Accepted
        if dialog.failure is not None:
            raise dialog.failure
        if not accepted:
            return None
        return dialog.saved if save is not None else dialog.entry

    def ask_games(self, number: int, a: str, b: str, profile_key: str, title: str = "",
                  initial: Sequence[str] = ()) -> Optional[list[Optional[str]]]:
        """The result form of match ``number`` between ``a`` and ``b``: the games' winners by
        name (None: drawn), or None (Cancel); ``initial``: the rows filled in first, "a", "b"
        or "draw" each (a correction starts from the result recorded)."""
        from .tournament.dialogs import ResultDialog

        dialog = ResultDialog(number, a, b, profile_key, self.parent, title=title,
                              announce=self.say)
        if initial:
            dialog.set_games(initial)
        self.echo(dialog.windowTitle())
        if dialog.exec() != ResultDialog.DialogCode.Accepted:
            return None
        return dialog.winners

    def ask_correction(self, request: Any) -> Any:
        """The one form correcting a match's result (``request``: a
        ``session.desk_steps.AskCorrection``; ``ui.tournament.dialogs.CorrectionDialog``): the
        ``CorrectionAnswer`` once confirmed (with the right PIN, when asked), None when
        cancelled. Its opening and the outcome as it opens are said once by the app's voice; a
        mistake is shown and announced and the form stays open."""
        from .tournament.dialogs import CorrectionDialog

        dialog = CorrectionDialog(request, self.parent, announce=self.say)
        self.echo(f"{dialog.intro.text()} {dialog.outcome.text()}")
        try:
            accepted = dialog.exec() == CorrectionDialog.DialogCode.Accepted
            return dialog.answer if accepted else None
        finally:
            dialog.deleteLater()

    def ask_walkover(self, request: Any) -> Any:
        """The one form recording a walkover (``request``: a ``session.desk_steps.AskWalkover``),
        drawn by :meth:`ask_form`: the PIN (when asked), who came to the table, why (required,
        filled in with the usual reason), the outcome in words, one confirm. The
        ``WalkoverAnswer`` once confirmed (with the right PIN, when asked), None when
        cancelled."""
        from ..session.desk_steps import WalkoverAnswer
        from ..texts import tournament as texts

        form = FormRequest(
            title=texts.WALKOVER_TITLE, prompt=texts.walkover_prompt_text(request.number),
            confirm=texts.WALKOVER_CONFIRM,
            outcome=lambda values: request.outcome(int(values[0])),
            fields=(FormChoice(texts.WALKOVER_PRESENT_LABEL, tuple(request.players)),
                    FormText(texts.WALKOVER_WHY_LABEL, request.why,
                             required=texts.why_again_text())),
            pin_action=request.pin_action, official=request.official, check=request.check)
        answer = self.ask_form(form)
        if answer is None:
            return None
        return WalkoverAnswer(int(answer.values[0]), str(answer.values[1]), answer.official)

    def ask_divisions(self, counts: dict[str, tuple[int, int]], split: Sequence[str],
                      merges: Sequence[Sequence[str]]
                      ) -> Optional[tuple[list[str], list[tuple[str, ...]]]]:
        """The divisions form: ``counts`` (age group: (competitors, visually impaired)); the
        age groups to split by vision and those to merge, or None (Cancel)."""
        from .tournament.dialogs import DivisionsDialog

        dialog = DivisionsDialog(counts, split, merges, self.parent, announce=self.say)
        self.echo(dialog.windowTitle())
        if dialog.exec() != DivisionsDialog.DialogCode.Accepted:
            return None
        return dialog.choice

    def show_lines(self, title: str, heading: str, lines: Sequence[str],
                   buttons: Sequence[Any] = ()) -> None:
        """A list of ``lines`` under ``heading`` to read one by one (with ``buttons``: (label,
        action) pairs acting on the line under the cursor), closed by Escape."""
        from .tournament.dialogs import LinesDialog

        self.echo(heading)
        LinesDialog(title, heading, lines, self.parent, buttons).exec()


def _keep_keys_typed_after_the_answer(box: QMessageBox) -> None:
    """The keys typed once ``box``'s answer is given (its button down: Alt+Y keeps it down
    100 ms) reach ``box`` as it closes: they are kept for the dialog the answer leads to, or
    given to the widget the keyboard comes back to (``type_ahead.keep_answer_keys``)."""
    def later() -> None:
        QTimer.singleShot(0, lambda: give_answer_keys(box))

    for button in box.buttons():
        button.pressed.connect(lambda: keep_answer_keys(box))
        button.released.connect(later)  # (up with the pointer off it: nothing answered)
    box.finished.connect(lambda _result: later())


def file_dialog(parent: Optional[QWidget], title: str, start: str, filters: str, *,
                save: bool, confirm_overwrite: bool = True) -> QFileDialog:
    """A file dialog titled ``title`` starting on ``start`` (a folder, or a file's path to
    save), ``filters`` as Qt writes them. On Linux it is Qt's own dialog (the platform's,
    when there is one, is not always read by Orca), where the file under the cursor in the
    list is also the one chosen: Enter opens it (it did nothing until Space chose it)."""
    dialog = QFileDialog(parent, title, start, filters)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave if save
                         else QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile if save
                       else QFileDialog.FileMode.ExistingFile)
    if save and start and not Path(start).is_dir():
        dialog.selectFile(Path(start).name)
    if not confirm_overwrite:
        dialog.setOption(QFileDialog.Option.DontConfirmOverwrite, True)
    if sys.platform.startswith("linux"):
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        for view in dialog.findChildren(QAbstractItemView):
            _choose_with_cursor(view)
    return dialog


def _choose_with_cursor(view: QAbstractItemView) -> None:
    """The item under the list's cursor is the selected one (its file name goes in the name
    field), so that Enter opens it."""
    model = view.selectionModel()
    if model is None:
        return

    def follow(current, _previous) -> None:
        if current.isValid() and not model.isSelected(current):
            model.select(current, QItemSelectionModel.SelectionFlag.ClearAndSelect
                         | QItemSelectionModel.SelectionFlag.Rows)

    model.currentChanged.connect(follow)


def chosen_file(dialog: QFileDialog, ahead: Optional[TypeAhead] = None) -> Optional[str]:
    """Show ``dialog`` (modal); the file chosen, or None (Cancel). ``ahead``: the keys typed
    since the dialog was asked for, given to its name field once it shows (typed while it
    was being made or before it had the keyboard, they were lost; see ``type_ahead``)."""
    if ahead is not None:
        keys_to(dialog)  # until the window manager gives it the keyboard
        ahead.take_in()
        field = dialog.findChild(QLineEdit, "fileNameEdit")
        QTimer.singleShot(0, dialog, lambda: ahead.give(field))  # once it is shown
    if dialog.exec() != QFileDialog.DialogCode.Accepted:
        return None
    files = dialog.selectedFiles()
    return files[0] if files and files[0] else None


def focus_first(widget: QWidget) -> None:
    """Give ``widget`` the keyboard focus (a dialog's first field)."""
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
