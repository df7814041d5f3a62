"""The New match form: both players (name, medical center, age group), the rules, the games.

A ``QFormLayout`` whose labels are the fields' buddies, so each field has an accessible name and an
access key. OK checks the form (:meth:`MatchSettings.validated`); a mistake is shown and said in the
form's message line, and the field is focused.
"""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel,
                               QLineEdit, QVBoxLayout, QWidget)

from ...rules.profiles import get_profile
from ...texts import event as event_texts
from ...session.match_model import (AGE_GROUPS, DEFAULT_EVENT, EVENT_PROFILE_KEYS, MatchSettings,
                    MatchSettingsError, PlayerInfo)

__all__ = ["MatchDialog", "BEST_OF_CHOICES"]

BEST_OF_CHOICES: tuple[tuple[int, str], ...] = (
    (3, "Best of three (two wins)"), (1, "One game"), (5, "Best of five (three wins)"))


class MatchDialog(QDialog):
    """Fields (object names in brackets): first player's name (``name-1``), medical center
    (``center-1``), age group (``age-1``); the same for the second player (``-2``); rules
    (``profile``), games (``best-of``), event, site, round, official. :meth:`settings` reads them.
    ``announce(text)`` (optional) says form errors aloud besides showing them.
    """

    def __init__(self, parent: Optional[QWidget] = None, *, announce=None,
                 initial: Optional[MatchSettings] = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New match")
        self.setAccessibleName("New match")
        self.announce = announce
        self.result_settings: Optional[MatchSettings] = None
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
                 ("&Second player's name:", "Second player's medical c&enter:",
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
        add("Ga&mes:", games, "best-of")
        event = QLineEdit(DEFAULT_EVENT, self)
        add("E&vent:", event, "event")
        add("S&ite:", QLineEdit(self), "site")
        add("R&ound:", QLineEdit(self), "round")
        add("O&fficial:", QLineEdit(self), "official")

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
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        if initial is not None:
            self.fill(initial)
        self.fields["name-1"].setFocus(Qt.FocusReason.OtherFocusReason)

    # --- reading and filling ------------------------------------------------------------
    def _text(self, key: str) -> str:
        return self.fields[key].text()

    def _data(self, key: str):
        return self.fields[key].currentData()

    def settings(self) -> MatchSettings:
        """The form as :class:`MatchSettings`, checked. Raises :class:`MatchSettingsError`."""
        players = tuple(PlayerInfo(self._text(f"name-{i}"), self._text(f"center-{i}"),
                                   self._data(f"age-{i}") or "") for i in (1, 2))
        return MatchSettings(players, self._data("profile"), int(self._data("best-of")),
                             self._text("event"), self._text("site"), self._text("round"),
                             self._text("official")).validated()

    def fill(self, settings: MatchSettings) -> None:
        """Put ``settings`` in the form (a rematch, or a test)."""
        for i, p in enumerate(settings.players, 1):
            self.fields[f"name-{i}"].setText(p.name)
            self.fields[f"center-{i}"].setText(p.medical_center)
            self._select(f"age-{i}", p.age_group)
        self._select("profile", settings.profile_key)
        self._select("best-of", settings.best_of)
        for key in ("event", "site", "round", "official"):
            self.fields[key].setText(getattr(settings, key))

    def _select(self, key: str, data) -> None:
        combo: QComboBox = self.fields[key]
        index = combo.findData(data)
        if index >= 0:
            combo.setCurrentIndex(index)

    # --- OK -----------------------------------------------------------------------------
    def accept(self) -> None:
        try:
            self.result_settings = self.settings()
        except MatchSettingsError as exc:
            reason = str(exc)
            text = event_texts.form_error_text(reason)
            self.message.setText(text)
            if self.announce is not None:
                self.announce(text)
            self._focus_field_of(str(exc))
            return
        super().accept()

    def _focus_field_of(self, message: str) -> None:
        if "player 2" in message:
            self.fields["name-2"].setFocus()
        elif "same name" in message:
            self.fields["name-2"].setFocus()
        else:
            self.fields["name-1"].setFocus()
