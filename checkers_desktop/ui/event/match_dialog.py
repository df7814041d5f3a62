"""The New match form: both players (name, medical center, age group), the rules, the games, the
official's name and the official's PIN for this match.

A ``QFormLayout`` whose labels are the fields' buddies, so each field has an accessible name and an
access key. OK checks the form (:meth:`MatchSettings.validated`, and the PIN: typed twice, at least
four characters; required unless an event PIN is set in the settings, and with it the official's
name, which the record gives for every official's action); a mistake is shown and said in the
form's message line, and the field is focused. The PIN is never part of the settings: it is read
once as :attr:`MatchDialog.result_pin` and only its salted hash is kept.
"""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QFrame,
                               QLabel, QLineEdit, QScrollArea, QVBoxLayout, QWidget)

from ...rules.profiles import get_profile
from ...session.official_pin import PinError, check_new_pin
from ...texts import event as event_texts
from ...texts import official as official_texts
from ..display import style_dialog
from ..handover import answering, finish, run_modal
from .pin_dialog import pin_field
from ...session.match_model import (AGE_GROUPS, DEFAULT_EVENT, EVENT_PROFILE_KEYS, MatchSettings,
                    MatchSettingsError, PlayerInfo)

__all__ = ["MatchDialog", "BEST_OF_CHOICES"]

BEST_OF_CHOICES: tuple[tuple[int, str], ...] = (
    (3, "Best of three (two wins)"), (1, "One game"), (5, "Best of five (three wins)"))


class MatchDialog(QDialog):
    """Fields (object names in brackets): first player's name (``name-1``), medical center
    (``center-1``), age group (``age-1``); the same for the second player (``-2``); rules
    (``profile``), games (``best-of``), event, site, round, official, the official's PIN
    (``pin``) and again (``pin-again``). :meth:`settings` reads them. ``announce(text)``
    (optional) says form errors aloud besides showing them. ``event_pin_set``: an event PIN guards
    every match, so this match's PIN may be left empty.
    """

    def __init__(self, parent: Optional[QWidget] = None, *, announce=None,
                 initial: Optional[MatchSettings] = None, event_pin_set: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("New match")
        self.setAccessibleName("New match")
        style_dialog(self)
        self.announce = announce
        self.event_pin_set = event_pin_set
        self.result_settings: Optional[MatchSettings] = None
        self.result_pin: Optional[str] = None
        self.on_accepted = None
        """``on_accepted(settings, pin)``, called once the form is right and before the dialog
        closes: the match starts then, so that the board (and its squares' names) is the new
        game's when the keyboard focus comes back to it."""
        form = QFormLayout()
        self.fields: dict[str, QWidget] = {}

        def add(label: str, widget: QWidget, key: str, description: str = "") -> None:
            widget.setObjectName(key)
            text = QLabel(label, self)
            text.setBuddy(widget)
            widget.setAccessibleName(label.replace("&", "").rstrip(":"))
            if description:
                widget.setAccessibleDescription(description)
            form.addRow(text, widget)
            self.fields[key] = widget

        for i, (name_key, center_key, age_key) in enumerate(
                (("&First player's name:", "First player's &medical center:",
                  "First player's &age group:"),
                 ("&Second player's name:", "Second player's medical cen&ter:",
                  "Second player's a&ge group:")), 1):
            add(name_key, QLineEdit(self), f"name-{i}", f"Player {i}'s name, as on the entry list.")
            add(center_key, QLineEdit(self), f"center-{i}", f"Player {i}'s VA medical center.")
            ages = QComboBox(self)
            ages.addItem("Not given", "")
            for group in AGE_GROUPS:
                ages.addItem(group, group)
            add(age_key, ages, f"age-{i}", "The VA Golden Age Games age group.")
        profiles = QComboBox(self)
        for key in EVENT_PROFILE_KEYS:
            profiles.addItem(get_profile(key).title, key)
        add("&Rules:", profiles, "profile",
            "VA standard: 30-second move limit, 10-minute games. VA visually impaired: no move "
            "limit, 15-minute games.")
        games = QComboBox(self)
        for n, text in BEST_OF_CHOICES:
            games.addItem(text, n)
        add("Gam&es:", games, "best-of")
        event = QLineEdit(DEFAULT_EVENT, self)
        add("E&vent:", event, "event")
        add("S&ite:", QLineEdit(self), "site")
        add("R&ound:", QLineEdit(self), "round")
        add("Offi&cial:", QLineEdit(self), "official",
            "The official's name: the record names the official for every official's action.")
        optional = " Leave empty to use the event PIN." if event_pin_set else ""
        add("Official's &PIN:", pin_field(self, "Official's PIN", ""), "pin",
            "The PIN the official types for every official's action in this match: at least "
            "four characters, hidden." + optional)
        add("PI&N again:", pin_field(self, "PIN again", ""), "pin-again",
            "The same PIN again." + optional)

        self.message = QLabel("", self)
        self.message.setObjectName("form-message")
        self.message.setAccessibleName("Form message")
        self.message.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start match")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        # The fields scroll (Tab brings each into view) when the form is taller than the screen
        # at a large text size; the message line and the buttons always show.
        inner = QWidget(self)
        inner.setLayout(form)
        self.scroller = QScrollArea(self)
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroller.setWidget(inner)
        # no Tab stop of its own: Tab went from Cancel to an unnamed "filler" with nothing
        # shown focused before the first field (found with the a11y-session kit)
        self.scroller.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QVBoxLayout(self)
        layout.addWidget(self.scroller, 1)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        if initial is not None:
            self.fill(initial)
        self.fields["name-1"].setFocus(Qt.FocusReason.OtherFocusReason)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        """Never taller or wider than the screen's available area; the fields scroll within."""
        screen = self.screen()
        if screen is not None:
            area = screen.availableGeometry()
            content = self.scroller.widget()
            inner = (content if content is not None else self.scroller).sizeHint()
            extra = self.sizeHint().height() - self.scroller.sizeHint().height()
            self.resize(min(area.width(), max(self.width(), inner.width() + 40)),
                        min(area.height() - 40, inner.height() + extra + 8))
            self.setMaximumSize(area.size())
        super().showEvent(event)

    # --- reading and filling ------------------------------------------------------------
    def _line(self, key: str) -> QLineEdit:
        """The text field ``key`` (a name, a center, the event..., a PIN)."""
        widget = self.fields[key]
        assert isinstance(widget, QLineEdit), key
        return widget

    def _combo(self, key: str) -> QComboBox:
        """The choice ``key`` (an age group, the rules, the games)."""
        widget = self.fields[key]
        assert isinstance(widget, QComboBox), key
        return widget

    def _text(self, key: str) -> str:
        return self._line(key).text()

    def _data(self, key: str):
        return self._combo(key).currentData()

    def _player(self, i: int) -> PlayerInfo:
        return PlayerInfo(self._text(f"name-{i}"), self._text(f"center-{i}"),
                          self._data(f"age-{i}") or "")

    def settings(self) -> MatchSettings:
        """The form as :class:`MatchSettings`, checked. Raises :class:`MatchSettingsError`."""
        players = (self._player(1), self._player(2))
        return MatchSettings(players, self._data("profile"), int(self._data("best-of")),
                             self._text("event"), self._text("site"), self._text("round"),
                             self._text("official"),
                             division=getattr(self, "_division", "")).validated()

    def fill(self, settings: MatchSettings, *, fixed: bool = False) -> None:
        """Put ``settings`` in the form (a rematch, a tournament match, or a test). ``fixed``:
        a tournament match: the players, their centers and age groups, the rules and the
        games come from the bracket and cannot be changed here (read-only, still read by a
        screen reader); the official fills in the rest."""
        self._division = settings.division
        for i, p in enumerate(settings.players, 1):
            self._line(f"name-{i}").setText(p.name)
            self._line(f"center-{i}").setText(p.medical_center)
            self._select(f"age-{i}", p.age_group)
        self._select("profile", settings.profile_key)
        self._select("best-of", settings.best_of)
        for key in ("event", "site", "round", "official"):
            self._line(key).setText(getattr(settings, key))
        if fixed:
            for key in ("name-1", "center-1", "name-2", "center-2"):
                self._line(key).setReadOnly(True)
            for key in ("age-1", "age-2", "profile", "best-of"):
                self.fields[key].setEnabled(False)
            self.fields["official"].setFocus()

    def _select(self, key: str, data) -> None:
        combo = self._combo(key)
        index = combo.findData(data)
        if index >= 0:
            combo.setCurrentIndex(index)

    def exec(self) -> int:  # noqa: D102 - QDialog's name
        """Show the form modal and wait for its answer; returns the result code. Answered, it
        may stay up until the question that follows opens over it (``ui/handover.py``)."""
        return run_modal(self)

    def done(self, result: int) -> None:  # noqa: D102 - Qt's name
        finish(self, result, super().done)

    # --- OK -----------------------------------------------------------------------------
    def accept(self) -> None:
        try:
            self.result_settings = self.settings()
        except MatchSettingsError as exc:
            reason = str(exc)
            self._tell(event_texts.form_error_text(reason))
            self._focus_field_of(str(exc))
            return
        pin, again = self._text("pin"), self._text("pin-again")
        if not pin and not again and self.event_pin_set:
            self.result_pin = None
        else:
            try:
                if not pin and not again:
                    raise PinError(official_texts.pin_required_text())
                self.result_pin = check_new_pin(pin, again)
            except PinError as exc:
                self._tell(str(exc))
                self._line("pin").clear()
                self._line("pin-again").clear()
                self.fields["pin"].setFocus()
                return
            if not self.result_settings.official:
                self._tell(official_texts.official_name_required_text())
                self.fields["official"].setFocus()
                return
        if self.on_accepted is not None:
            settings, pin = self.result_settings, self.result_pin
            answering(self, lambda: self.on_accepted(settings, pin))
        self._line("pin").clear()
        self._line("pin-again").clear()
        super().accept()

    def _tell(self, text: str) -> None:
        self.message.setText(text)
        if self.announce is not None:
            self.announce(text)

    def _focus_field_of(self, message: str) -> None:
        if "player 2" in message:
            self.fields["name-2"].setFocus()
        elif "same name" in message:
            self.fields["name-2"].setFocus()
        else:
            self.fields["name-1"].setFocus()
