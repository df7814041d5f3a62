"""The tournament's forms: a competitor, a match's result game by game, the divisions, and a
read-only list (an import's refused rows, the matches called to a table).

Each form is a ``QFormLayout`` whose labels are their fields' buddies (an accessible name and an
access key for every field). OK checks the form with the tournament's own checks
(``CompetitorInput.validated``, ``scoring.check_match``); a mistake is shown in the form's message
line and said through ``announce(text)``, and the form stays open.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Optional, Sequence, TypeVar

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QFrame, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QPushButton, QScrollArea, QSpinBox, QVBoxLayout, QWidget)

from ...session.desk_steps import AskCorrection, CorrectionAnswer
from ...texts import tournament as texts
from ...tournament.errors import ResultError, TournamentError
from ..display import style_dialog
from ...tournament.model import AGE_GROUPS, Competitor, CompetitorInput
from ...tournament.scoring import check_match

__all__ = ["CompetitorDialog", "ResultDialog", "CorrectionDialog", "DivisionsDialog",
           "LinesDialog", "MAX_GAMES"]

MAX_GAMES = 7
"""Rows of the result form: best of three with drawn games replayed rarely needs more than five."""


def _form_field(form: QFormLayout, parent: QWidget, label: str, widget: QWidget, key: str,
                fields: dict, description: str = "") -> None:
    widget.setObjectName(key)
    text = QLabel(label, parent)
    text.setBuddy(widget)
    widget.setAccessibleName(label.replace("&", "").rstrip(":"))
    if description:
        widget.setAccessibleDescription(description)
    form.addRow(text, widget)
    fields[key] = widget


def _tell(widget: QWidget, kind: QAccessible.Event, child: int = -1,
          post: Optional[Callable[[QAccessibleEvent], None]] = None) -> None:
    """Tell a screen reader ``kind`` about ``widget`` (its accessible ``child`` if not -1)
    through ``post`` (None: Qt's ``updateAccessibility``, only while a screen reader
    listens)."""
    if post is None:
        if not QAccessible.isActive():
            return
        post = QAccessible.updateAccessibility
    event = QAccessibleEvent(widget, kind)
    if child >= 0:
        event.setChild(child)
    post(event)


W = TypeVar("W", bound=QWidget)


class _Form(QDialog):
    """A dialog with a form, a message line and OK/Cancel."""

    def __init__(self, title: str, parent: Optional[QWidget],
                 announce: Optional[Callable[[str], None]], ok_text: str = "OK") -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.announce = announce
        self.form = QFormLayout()
        self.fields: dict[str, QWidget] = {}
        self.message = QLabel("", self)
        self.message.setObjectName("form-message")
        self.message.setAccessibleName("Form message")
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        style_dialog(self)  # fields, check boxes and buttons drawn in the theme

    def add(self, label: str, widget: QWidget, key: str, description: str = "") -> QWidget:
        _form_field(self.form, self, label, widget, key, self.fields, description)
        return widget

    def refuse(self, text: str, focus: Optional[str] = None) -> None:
        """Show and say why the form was not accepted; the form stays open, taller if the
        message needs it (else the wrapped lines squeezed the form: its text was cut off)."""
        self.message.setText(text)
        self.message.setAccessibleName(text or "Form message")  # a screen reader reads it
        self._fit_height()
        if self.announce is not None:
            self.announce(text)
        if focus is not None and focus in self.fields:
            self.fields[focus].setFocus()

    def field(self, key: str, kind: type[W]) -> W:
        """The form's field ``key``, a ``kind`` widget."""
        widget = self.fields[key]
        assert isinstance(widget, kind), (key, type(widget))
        return widget

    def _fit_height(self) -> None:
        layout = self.layout()
        if layout is None:
            return
        layout.activate()
        need = layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth() \
            else layout.sizeHint().height()
        screen = self.screen()
        if screen is not None:
            need = min(need, screen.availableGeometry().height() - 40)
        if need > self.height():
            self.resize(self.width(), need)


class CompetitorDialog(_Form):
    """A competitor: name (``name``), medical center (``center``), age group (``age``), visually
    impaired (``vi``), seed (``seed``, 0 for none). :attr:`entry` holds the checked input once
    accepted.

    ``save``: called with the checked input on Register/Save (the tournament's own check and
    write); what it refuses (a duplicate, a division already drawn: ``TournamentError``) is
    shown and said in the form, which stays open with the name chosen, as a missing name is.
    (Refused after the form had closed, the reason went to the main window's status line,
    behind the Competitors list, where a low-vision organiser could not see it.) What it
    returns is kept in :attr:`saved`; any other error closes the form and is kept in
    :attr:`failure` for the caller to raise."""

    def __init__(self, parent: Optional[QWidget] = None, *,
                 initial: Optional[Competitor] = None,
                 announce: Optional[Callable[[str], None]] = None,
                 save: Optional[Callable[[CompetitorInput], object]] = None) -> None:
        super().__init__("Edit a competitor" if initial else "Register a competitor", parent,
                         announce, "Save" if initial else "Register")
        self.entry: Optional[CompetitorInput] = None
        self.save = save
        self.saved: object = None
        self.failure: Optional[BaseException] = None
        self.add("&Name:", QLineEdit(self), "name", "The competitor's name as on the entry list.")
        self.add("&Medical center:", QLineEdit(self), "center",
                 "The VA medical center the competitor comes from.")
        ages = QComboBox(self)
        for group in AGE_GROUPS:
            ages.addItem(group, group)
        self.add("&Age group:", ages, "age", "The VA Golden Age Games age group.")
        vi = QCheckBox("&Visually impaired", self)
        vi.setObjectName("vi")
        vi.setAccessibleName("Visually impaired")
        vi.setAccessibleDescription("Plays under the visually impaired rules (VA rulebook -VI "
                                    "sections).")
        self.form.addRow(vi)
        self.fields["vi"] = vi
        seed = QSpinBox(self)
        seed.setRange(0, 64)
        seed.setSpecialValueText("not seeded")
        self.add("&Seed:", seed, "seed", "1 for the top seed (for example last year's gold "
                                        "medallist); not seeded for everyone else.")
        if initial is not None:
            self.field("name", QLineEdit).setText(initial.name)
            self.field("center", QLineEdit).setText(initial.medical_center)
            ages.setCurrentIndex(max(0, ages.findData(initial.age_group)))
            vi.setChecked(initial.visually_impaired)
            seed.setValue(initial.seed or 0)
        self.fields["name"].setFocus(Qt.FocusReason.OtherFocusReason)

    def value(self) -> CompetitorInput:
        """The form, checked (raises ``RegistrationError``)."""
        seed = self.field("seed", QSpinBox).value()
        return CompetitorInput(self.field("name", QLineEdit).text(),
                               self.field("center", QLineEdit).text(),
                               self.field("age", QComboBox).currentData(),
                               self.field("vi", QCheckBox).isChecked(), seed or None).validated()

    def accept(self) -> None:
        try:
            entry = self.value()
            if self.save is not None:
                self.saved = self.save(entry)
        except TournamentError as exc:
            self.refuse(f"Not saved: {exc}.", "name")
            return
        except Exception as exc:  # a server gone, a disk full: the caller says it
            self.failure = exc
            super().reject()
            return
        self.entry = entry
        super().accept()


class ResultDialog(_Form):
    """The result of match ``number`` between ``a`` and ``b`` (names), game by game: each row
    ``game-N`` is "not played", "A won", "B won" or "drawn". :attr:`winners` (names, None for a
    drawn game) once accepted, checked by the best-of-three rule (``scoring.check_match``, with
    the match's rule profile ``profile_key``). Only the games that are filled in are shown, and
    the next one while they do not make a result yet (:meth:`_show_games`): the rows after a
    decided match are not in the Tab order. ``intro``: the sentence above the fields saying
    what the form is for (default: the result form's)."""

    def __init__(self, number: int, a: str, b: str, profile_key: str,
                 parent: Optional[QWidget] = None, *, title: str = "", intro: str = "",
                 announce: Optional[Callable[[str], None]] = None) -> None:
        super().__init__(title or f"Result of match {number}", parent, announce, "Enter result")
        self.a, self.b, self.profile_key = a, b, profile_key
        self.winners: Optional[list[Optional[str]]] = None
        self.post_accessible: Optional[Callable[[QAccessibleEvent], None]] = None
        """Posts what a screen reader is told (None: Qt's ``updateAccessibility`` while one
        listens); tests give a recorder."""
        self.intro = QLabel(intro or f"Match {number}: {a} against {b}. Choose each game's "
                            "result in the order they were played; leave the rest as not "
                            "played.", self)
        """What the form is for, above the fields: a screen reader reads it with the dialog's
        title (``intro`` when given, else the result form's own)."""
        self.intro.setObjectName("intro")
        self.intro.setWordWrap(True)
        # above the form, not a row of it: a form squeezed its wrapped line to one line's
        # height once the form grew (the second line was cut at 1280x720)
        box = self.layout()
        assert isinstance(box, QVBoxLayout)  # the form, the message line, the buttons
        box.insertWidget(0, self.intro)
        for n in range(1, MAX_GAMES + 1):
            combo = QComboBox(self)
            combo.addItem("not played", "none")
            combo.addItem(f"{a} won", "a")
            combo.addItem(f"{b} won", "b")
            combo.addItem("drawn", "draw")
            self.add(f"Game &{n}:" if n < 10 else f"Game {n}:", combo, f"game-{n}")
            combo.currentIndexChanged.connect(lambda _=0, box=combo: self._tell_value(box))
            combo.currentIndexChanged.connect(self._show_games)
        self._show_games()
        self.fields["game-1"].setFocus(Qt.FocusReason.OtherFocusReason)

    def games_shown(self) -> int:
        """How many game rows are shown: up to the last game filled in, and one more while
        those games do not make a result (at least one, at most :data:`MAX_GAMES`)."""
        last = 0
        for n in range(1, MAX_GAMES + 1):
            if self.field(f"game-{n}", QComboBox).currentData() != "none":
                last = n
        if last == 0:
            return 1
        try:
            self.value()
        except (TournamentError, ValueError):
            return min(MAX_GAMES, last + 1)
        return last

    def _show_games(self, *_args: object) -> None:
        shown = self.games_shown()
        for n in range(1, MAX_GAMES + 1):
            self.form.setRowVisible(self.fields[f"game-{n}"], n <= shown)
        self.refit()

    def refit(self) -> None:
        """Fit the form's height to what it shows once every change under way is shown (a row
        that appeared, an outcome that takes a second line)."""
        if self.isVisible():
            QTimer.singleShot(0, self, self._fit_height)

    def _tell_value(self, combo: QComboBox) -> None:
        """Tell a screen reader a game's new result. Qt on Linux names a combo box by the text
        it shows (the screen reader takes "Game 1:" from its label) and tells a new one only to
        a screen reader listening for value changes. One listening for name changes (the
        a11y-session kit) kept the name from when the form was built: it heard "not played"
        even where the correction form showed "Cy Ott won", and nothing on a change. A name
        change carries the result shown to either. (Where the name is "Game 1", Qt's own value
        change is enough.)"""
        iface = QAccessible.queryAccessibleInterface(combo)
        if iface is not None and iface.text(QAccessible.Text.Name) == combo.currentText():
            _tell(combo, QAccessible.Event.NameChanged, post=self.post_accessible)

    def set_games(self, results: Sequence[str]) -> None:
        """Fill the rows with "a", "b" or "draw" (tests, and a correction's old result)."""
        for n, r in enumerate(results, 1):
            combo = self.field(f"game-{n}", QComboBox)
            combo.setCurrentIndex(max(0, combo.findData(r)))
        self._show_games()

    def value(self) -> list[Optional[str]]:
        """Winners by name (None: drawn), checked; raises ``ResultError`` (with the game to
        put right, where there is one). A game left "not played" before one that was played is
        refused for that: the later games were dropped, and the form said "no game was
        entered" with games 2 and 3 filled in."""
        tokens: list[Optional[str]] = []
        gap = None
        for n in range(1, MAX_GAMES + 1):
            data = self.field(f"game-{n}", QComboBox).currentData()
            if data == "none":
                gap = n if gap is None else gap
                continue
            if gap is not None:
                raise ResultError(texts.game_gap_text(gap, n), game=gap)
            tokens.append(None if data == "draw" else data)
        names = (self.a, self.b) if self.a != self.b else ("a", "b")  # said by name if unique
        winners = [None if t is None else names[t == "b"] for t in tokens]
        check_match(names, winners, self.profile_key)
        return [None if t is None else (self.a if t == "a" else self.b) for t in tokens]

    def accept(self) -> None:
        try:
            self.winners = self.value()
        except (TournamentError, ValueError) as exc:
            game = getattr(exc, "game", None) or 1
            self.refuse(f"Not entered: {exc}.", f"game-{min(game, MAX_GAMES)}")
            return
        super().accept()


class CorrectionDialog(ResultDialog):
    """The one form correcting a finished match (``request``, a ``session.desk_steps.
    AskCorrection``): the official's PIN (when asked), the new result (``kind``: the games as
    below, or a walkover to either player), the games (``game-N``, starting from those
    recorded; skipped while a walkover is chosen), why (``why``, for the audit log, required),
    the official's name (with the PIN), and the outcome in words (the new winner and every
    later match it affects), which is also the confirm button's description. Tab order: PIN,
    result, games, why, name, Correct, Cancel. Enter confirms from any field; Escape cancels
    and changes nothing. A wrong PIN, an empty reason or games that are not a result are shown
    in the message line and said, and the form stays open. :attr:`answer` holds the
    ``CorrectionAnswer`` once accepted."""

    def __init__(self, request: AskCorrection, parent: Optional[QWidget] = None, *,
                 announce: Optional[Callable[[str], None]] = None) -> None:
        from ...texts import official as official_texts
        from ..event.pin_dialog import pin_field

        # one introduction, the shown one: a screen reader reads the dialog's description and
        # then its labels, so a description saying it again was heard twice
        super().__init__(request.number, request.a, request.b, request.profile_key, parent,
                         title=f"Correct match {request.number}", announce=announce,
                         intro=texts.correction_form_text(request.number, request.a, request.b))
        self.request = request
        self.answer: Optional[CorrectionAnswer] = None
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("&Correct the result")
        ok.setAccessibleName("Correct the result")
        self.confirm = ok
        row = 0  # the form's first row
        self.pin: Optional[QLineEdit] = None
        if request.pin_action is not None:
            self.pin = pin_field(self, official_texts.PIN_LABEL,
                                 official_texts.pin_prompt_text(request.pin_action))
            self._insert(row, f"{official_texts.PIN_LABEL}:", self.pin, "pin")
            row += 1
        kind = QComboBox(self)
        kind.addItem(texts.CORRECTION_PLAYED_CHOICE, None)
        kind.addItem(texts.correction_walkover_choice(request.a, request.b), 0)
        kind.addItem(texts.correction_walkover_choice(request.b, request.a), 1)
        self._insert(row, "New &result:", kind, "kind")
        self.set_games(request.initial)
        why = QLineEdit(self)
        self.add("&Why (for the audit log):", why, "why")
        self.name: Optional[QLineEdit] = None
        if request.pin_action is not None:
            self.name = QLineEdit(request.official, self)
            self.add(f"{official_texts.OFFICIAL_NAME_LABEL}:", self.name, "official")
        self.outcome = QLabel("", self)
        self.outcome.setObjectName("form-outcome")
        self.outcome.setAccessibleName("Outcome")
        self.outcome.setWordWrap(True)
        box = self.layout()
        assert isinstance(box, QVBoxLayout)  # the form, the message line, the buttons
        box.insertWidget(box.indexOf(self.form) + 1, self.outcome)
        order = ([self.pin] if self.pin is not None else []) + [kind] + \
            [self.fields[f"game-{n}"] for n in range(1, MAX_GAMES + 1)] + [why] + \
            ([self.name] if self.name is not None else []) + \
            [ok, self.buttons.button(QDialogButtonBox.StandardButton.Cancel)]
        for first, second in zip(order, order[1:]):
            QWidget.setTabOrder(first, second)
        kind.currentIndexChanged.connect(self._update)
        for n in range(1, MAX_GAMES + 1):
            self.field(f"game-{n}", QComboBox).currentIndexChanged.connect(self._update)
        self._update()
        order[0].setFocus(Qt.FocusReason.OtherFocusReason)

    def _insert(self, row: int, label: str, widget: QWidget, key: str) -> None:
        widget.setObjectName(key)
        text = QLabel(label, self)
        text.setBuddy(widget)
        widget.setAccessibleName(label.replace("&", "").rstrip(":"))
        self.form.insertRow(row, text, widget)
        self.fields[key] = widget

    def present(self) -> Optional[int]:
        """The side that came to the table when a walkover is chosen (0: a, 1: b), else
        None."""
        data = self.field("kind", QComboBox).currentData()
        return None if data is None else int(data)

    def choice(self) -> tuple[Optional[tuple[Optional[str], ...]], Optional[int]]:
        """(winners, present) as chosen now; raises ``ResultError`` for games that are not a
        result."""
        present = self.present()
        if present is not None:
            return None, present
        return tuple(self.value()), None

    def outcome_text(self) -> str:
        try:
            winners, present = self.choice()
        except (TournamentError, ValueError) as exc:
            return texts.correction_not_ready_text(str(exc).rstrip("."))
        return self.request.outcome(winners, present)

    def _update(self, *_args: object) -> None:
        walkover = self.present() is not None
        for n in range(1, MAX_GAMES + 1):
            self.fields[f"game-{n}"].setEnabled(not walkover)  # Tab skips them
        text = self.outcome_text()
        self.outcome.setText(text)
        self.confirm.setAccessibleDescription(text)
        self.refit()

    def accept(self) -> None:
        try:
            winners, present = self.choice()
        except (TournamentError, ValueError) as exc:
            game = getattr(exc, "game", None) or 1
            self.refuse(f"Not corrected: {exc}.", f"game-{min(game, MAX_GAMES)}")
            return
        why = self.field("why", QLineEdit).text().strip()
        if not why:
            self.refuse(texts.why_again_text(), "why")
            return
        official = self.request.official
        if self.pin is not None and self.name is not None:
            official = self.name.text().strip() or official
            if self.request.check is not None:
                result = self.request.check(self.pin.text(), official)
                if not getattr(result, "ok", False):
                    self.pin.clear()
                    self.refuse(str(getattr(result, "text", "")), "pin")
                    return
            self.pin.clear()
        self.answer = CorrectionAnswer(winners, present, why, official)
        QDialog.accept(self)


class DivisionsDialog(_Form):
    """The divisions: for each age group with competitors (``counts``: group -> (competitors,
    of whom visually impaired)), a check box to split it into visually impaired and standard
    divisions (``split-GROUP``) and one to play it with the next older age group
    (``merge-GROUP``). :attr:`choice` = (split age groups, merges) once accepted."""

    def __init__(self, counts: dict, split: Sequence[str] = (),
                 merges: Sequence[Sequence[str]] = (), parent: Optional[QWidget] = None, *,
                 announce: Optional[Callable[[str], None]] = None) -> None:
        super().__init__("Divisions", parent, announce, "Make the divisions")
        self.groups = [g for g in AGE_GROUPS if counts.get(g, (0, 0))[0] > 0]
        self.choice: Optional[tuple[list[str], list[tuple[str, ...]]]] = None
        intro = QLabel("One division per age group. Split an age group into visually impaired "
                       "and standard divisions, or play a small age group with the next older "
                       "one. Divisions can be made again until a division is drawn.", self)
        intro.setWordWrap(True)
        self.form.addRow(intro)
        merged_next = set()
        for m in merges:
            ordered = [g for g in AGE_GROUPS if g in m]
            for g in ordered[:-1]:
                merged_next.add(g)
        for i, g in enumerate(self.groups):
            total, vi = counts[g]
            # the group and its counts on a line that wraps, then short check boxes: a check
            # box's text never wraps, and the long ones were cut at 200 % text on 1280x720
            head = QLabel(texts.division_group_text(g, total, vi), self)
            head.setWordWrap(True)
            bold = head.font()
            bold.setBold(True)
            head.setFont(bold)
            self.form.addRow(head)
            box = QCheckBox(texts.split_choice_text(), self)
            box.setObjectName(f"split-{g}")
            box.setAccessibleName(texts.split_choice_name(g, total, vi))
            box.setChecked(g in split)
            self.form.addRow(box)
            self.fields[f"split-{g}"] = box
            if i + 1 < len(self.groups):
                nxt = self.groups[i + 1]
                merge = QCheckBox(texts.merge_choice_text(nxt), self)
                merge.setObjectName(f"merge-{g}")
                merge.setAccessibleName(texts.merge_choice_name(g, nxt))
                merge.setChecked(g in merged_next)
                self.form.addRow(merge)
                self.fields[f"merge-{g}"] = merge
        self._scroll_form()
        if self.groups:
            self.fields[f"split-{self.groups[0]}"].setFocus(Qt.FocusReason.OtherFocusReason)

    def _scroll_form(self) -> None:
        """The form in a scroll area as wide as the dialog: eleven age groups at 200 % text are
        taller than a 1280x720 screen; Tab brings each check box into view."""
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)  # the form, the message line, the buttons
        layout.removeItem(self.form)
        body = QWidget(self)
        body.setLayout(self.form)
        area = QScrollArea(self)
        area.setObjectName("divisions-scroll")
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        area.setWidget(body)
        layout.insertWidget(0, area, 1)
        screen = self.screen()
        if screen is not None:
            room = screen.availableGeometry()
            want = body.sizeHint()
            self.resize(min(room.width() - 40, max(want.width() + 40, 480)),
                        min(room.height() - 60, want.height() + 160))

    def value(self) -> tuple[list[str], list[tuple[str, ...]]]:
        split = [g for g in self.groups if self.field(f"split-{g}", QCheckBox).isChecked()]
        merges: list[tuple[str, ...]] = []
        run: list[str] = []
        for g in self.groups:
            run.append(g)
            box = self.fields.get(f"merge-{g}")
            if not isinstance(box, QCheckBox) or not box.isChecked():
                if len(run) > 1:
                    merges.append(tuple(run))
                run = []
        return split, merges

    def accept(self) -> None:
        self.choice = self.value()
        super().accept()


class _LineList(QListWidget):
    """The list of a :class:`LinesDialog`. When the keyboard comes to it (back from a form, as
    after Add), Qt tells a screen reader only the list's name: the line at the cursor is told
    after it, unless Qt just told it (the cursor moved to it)."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.post_accessible: Optional[Callable[[QAccessibleEvent], None]] = None
        """Posts what a screen reader is told (None: Qt's ``updateAccessibility`` while one
        listens); tests give a recorder."""
        self._told: Optional[tuple[int, str]] = None
        """The line told since the keyboard came to the list (row, text)."""
        self.currentRowChanged.connect(self._qt_told)

    def _qt_told(self, row: int) -> None:
        if row >= 0 and self.hasFocus():  # Qt tells the line the cursor moved to
            self._told = (row, self.item(row).text())

    def tell_current(self) -> None:
        """Tell the line at the cursor, when the list has the keyboard and the line was not told
        already (the keyboard came back and the line changed at the same moment)."""
        row = self.currentRow()
        if row < 0 or not self.hasFocus() or self._told == (row, self.item(row).text()):
            return
        self._told = (row, self.item(row).text())
        _tell(self, QAccessible.Event.Focus, row, self.post_accessible)

    def focusInEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().focusInEvent(event)
        QTimer.singleShot(0, self, self.tell_current)

    def focusOutEvent(self, event) -> None:  # noqa: N802 - Qt's name
        self._told = None
        super().focusOutEvent(event)


class LinesDialog(QDialog):
    """A read-only list of sentences under a heading (``lines``), one item each so that a screen
    reader reads them one by one; optional buttons (text, callback(row)) act on the chosen line
    (a callback that returns True closes the list: its work goes on elsewhere)."""

    def __init__(self, title: str, heading: str, lines: Sequence[str],
                 parent: Optional[QWidget] = None,
                 buttons: Sequence[tuple[str, Callable[[int], None]]] = ()) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.heading = QLabel(heading, self)
        self.heading.setWordWrap(True)
        self.heading.setObjectName("heading")
        self.list = _LineList(self)
        self.list.setObjectName("lines")
        self.list.setAccessibleName(title)
        self.list.setAccessibleDescription(heading)
        self.set_lines(lines)
        self.heading.setBuddy(self.list)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.list, 1)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        box.rejected.connect(self.reject)
        self.action_buttons: list[QPushButton] = []
        for text, callback in buttons:
            b = box.addButton(text, QDialogButtonBox.ButtonRole.ActionRole)
            b.clicked.connect(lambda _=False, cb=callback: self._act(cb))
            self.action_buttons.append(b)
        layout.addWidget(box)
        self.resize(720, 420)
        self.list.setFocus(Qt.FocusReason.OtherFocusReason)

    def _act(self, callback: Callable[[int], object]) -> None:
        if callback(self.list.currentRow()) is True:
            self.accept()

    def set_lines(self, lines: Sequence[str]) -> None:
        """Show ``lines``, the list changed in place. The line at the cursor becomes the first
        line that was not there (the competitor just registered or edited, the first one
        imported), else stays on its row.

        A rebuild (clear, then add) would move the cursor to each line as it is removed: the
        screen reader would be told of a line already gone ("?"), then of the first line, while
        the organiser has just registered someone else. In place, the cursor moves once, to the new line, which Qt tells (or the list, when the
        keyboard comes back to it); a line changed under the cursor (edited, withdrawn) is told
        here."""
        old = Counter(self.lines())
        before = self.list.currentRow()
        said = self.list.currentItem().text() if self.list.currentItem() is not None else None
        first_new = None
        for row, line in enumerate(lines):
            if old[line] > 0:
                old[line] -= 1
            elif first_new is None:
                first_new = row
            item = self.list.item(row)
            if item is None:
                item = QListWidgetItem(line)
                self.list.addItem(item)
            elif item.text() != line:
                item.setText(line)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, line)
        if not lines:
            # no line current: Qt takes None here, which PySide6's stubs do not say
            self.list.setCurrentItem(None)  # type: ignore[call-overload]
        else:
            self.list.setCurrentRow(first_new if first_new is not None
                                    else min(max(before, 0), len(lines) - 1))
        while self.list.count() > len(lines):  # after the cursor: it does not move
            self.list.takeItem(len(lines))
        row = self.list.currentRow()
        if row == before and row >= 0 and lines[row] != said:
            self.list.tell_current()

    def lines(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]
