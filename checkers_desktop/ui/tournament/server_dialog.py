"""Settings > Tournament server: the PostgreSQL server a laptop shares the tournament on.

The organiser (or the table's official) types the server's address as a URL
(``postgresql+psycopg://USER@HOST:PORT/DATABASE``) and the password. Test tries it
(``tournament.store.try_connection``, at most 5 s, off the GUI thread) and says what it found or
what is wrong: a wrong password, no server answering at that address, a server too old, no
tournament in that database. Save tests first and keeps the URL in the settings, without its
password, and the password in the operating system's keyring (``store.save_password``), never in
the settings file. "Use this laptop's file" forgets the server.
"""

from __future__ import annotations

from typing import Callable, Optional

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit,
                               QPushButton, QVBoxLayout, QWidget)

from ...texts import tournament as texts
from ...tournament.errors import TournamentError
from ..secret_field import SecretField
from ..jobs import BackgroundJob
from .tournament_settings import SERVER_URL

__all__ = ["ServerDialog", "split_password"]

TITLE = "Tournament server"


def split_password(url: str) -> tuple[str, Optional[str]]:
    """``url`` without the password written in it, and that password (None when none)."""
    from sqlalchemy.engine import URL, make_url
    from sqlalchemy.exc import ArgumentError

    try:
        u = make_url(url)
    except ArgumentError:
        return url, None
    if u.password is None:
        return url, None
    bare = URL.create(u.drivername, u.username, None, u.host, u.port, u.database, u.query)
    return bare.render_as_string(hide_password=False), str(u.password)


class ServerDialog(QDialog):
    """The server's settings over ``settings`` (a ``ui.settings.Settings``). ``announce(text)``
    says each result; ``tester(url, password=)`` and ``keep_password(url, password)`` are
    ``try_connection`` and ``save_password`` (tests pass fakes). Signals ``tested(bool ok, str
    message)`` and ``saved(str url)`` (the URL, or "" when the server was forgotten)."""

    tested = Signal(bool, str)
    saved = Signal(str)

    def __init__(self, settings, parent: Optional[QWidget] = None, *,
                 announce: Optional[Callable[[str], None]] = None, tester=None,
                 keep_password=None) -> None:
        super().__init__(parent)
        from ...tournament.store import save_password, try_connection

        self.settings = settings
        self.announce = announce
        self.tester = tester or try_connection
        self.keep_password = keep_password or save_password
        self.setWindowTitle(TITLE)
        self.setAccessibleName(TITLE)
        form = QFormLayout()
        self.url = QLineEdit(settings.get(SERVER_URL), self)
        self.url.setObjectName("server-url")
        self.url.setPlaceholderText("postgresql+psycopg://USER@HOST:5432/DATABASE")
        self.url.setAccessibleName("Server address")
        self.url.setAccessibleDescription(texts.server_url_help())
        label = QLabel("Server &address (URL):", self)
        label.setBuddy(self.url)
        form.addRow(label, self.url)
        self.password = SecretField(self)  # hidden from screen readers' events too
        self.password.setObjectName("server-password")
        self.password.setAccessibleName("Password")
        self.password.setAccessibleDescription("Kept in this laptop's keyring, not in the "
                                               "settings file. Leave it empty to keep the one "
                                               "already saved.")
        plabel = QLabel("&Password:", self)
        plabel.setBuddy(self.password)
        form.addRow(plabel, self.password)
        self.message = QLabel("", self)
        self.message.setObjectName("form-message")
        self.message.setAccessibleName("Form message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.test_button = QPushButton("&Test", self)
        self.save_button = QPushButton("&Save", self)
        self.clear_button = QPushButton("Use this laptop's &file", self)
        for b in (self.test_button, self.save_button, self.clear_button):
            buttons.addButton(b, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.test_button.clicked.connect(lambda: self.test(save=False))
        self.save_button.clicked.connect(lambda: self.test(save=True))
        self.clear_button.clicked.connect(self.forget)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.job = BackgroundJob("server-test", self)
        self.job.finished.connect(self._tested)
        self.job.failed.connect(self._failed)
        self._save_after = False
        self._pending: tuple[str, Optional[str]] = ("", None)
        self.resize(640, 240)
        self.url.setFocus(Qt.FocusReason.OtherFocusReason)

    def _say(self, text: str) -> None:
        self.message.setText(text)
        if self.announce is not None:
            self.announce(text)

    def test(self, save: bool = False) -> None:
        """Try the address (off the GUI thread); with ``save``, keep it when it works."""
        url, inline = split_password(self.url.text().strip())
        if not url:
            self._say(texts.server_needed_text())
            return
        from ...tournament.store.engine import parse_url

        try:
            if not parse_url(url).drivername.startswith("postgresql"):
                self._say(texts.server_not_postgres_text())
                return
        except TournamentError as exc:
            self._say(str(exc))
            return
        password = self.password.text() or inline or None
        self._save_after = save
        self._pending = (url, password)
        self.test_button.setEnabled(False)
        self.save_button.setEnabled(False)
        self._say(texts.server_testing_text())
        self.job.start(lambda stop, u=url, p=password: self.tester(u, password=p))

    def _done(self) -> None:
        self.test_button.setEnabled(True)
        self.save_button.setEnabled(True)

    def _tested(self, info, _token) -> None:
        self._done()
        url, password = self._pending
        from ...tournament.store.engine import parse_url

        u = parse_url(url)
        where = f"{u.host or 'localhost'}:{u.port or 5432}"
        text = texts.server_test_ok_text(where, info.version, info.user, info.table,
                                         info.schema is not None)
        if self._save_after:
            try:
                if password:
                    self.keep_password(url, password)
            except TournamentError as exc:
                self._say(f"{text} {exc}.")
                self.tested.emit(False, str(exc))
                return
            self.settings.set(SERVER_URL, url)
            text += " " + texts.server_saved_text()
            self._say(text)
            self.tested.emit(True, text)
            self.saved.emit(url)
            self.accept()
            return
        self._say(text)
        self.tested.emit(True, text)

    def _failed(self, error, _token) -> None:
        self._done()
        text = str(error)
        self._say(text)
        self.tested.emit(False, text)

    def forget(self) -> None:
        self.settings.set(SERVER_URL, "")
        self._say(texts.server_cleared_text())
        self.saved.emit("")
        self.accept()

    def done(self, result: int) -> None:  # noqa: D102 - stop the test with the dialog
        self.job.shutdown(0.1)
        super().done(result)
