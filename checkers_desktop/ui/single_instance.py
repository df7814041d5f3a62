"""One app per data folder: a second start brings the running window to the front and exits,
touching no save.

Two windows on one data folder would write the same autosave and the same match records, and a
second window's answer to the resume question could set aside the match the first one is
playing. So the first start takes a lock in the data folder (``QLockFile``, which notices a lock
left by a process that no longer runs, after a crash or a SIGKILL) and listens on a local socket
named after the folder (``QLocalServer``). A later start that cannot take the lock asks the
running app, through that socket, to show its window, and exits; if nobody answers within
:data:`ANSWER_MS` it says "Checkers is already open" and exits. Either way it reads and writes no
save: this runs before the log, the settings and the autosave are opened.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

__all__ = ["SingleInstance", "LOCK_NAME", "ANSWER_MS"]

log = logging.getLogger(__name__)

LOCK_NAME = "checkers-desktop.lock"
"""The lock file's name in the data folder."""

ANSWER_MS = 3000
"""How long a second start waits for the running app to answer (milliseconds)."""

_SHOW = b"show\n"
_SHOWN = b"shown\n"


class SingleInstance(QObject):
    """The lock and the local socket of the data folder ``folder``.

    :meth:`acquire` (the first start) takes the lock and listens; :attr:`show_requested` is then
    emitted each time a later start asks for the window. :meth:`ask_running_app_to_show` (a later
    start) returns True when the running app answered.
    """

    show_requested = Signal()

    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = Path(folder)
        digest = hashlib.sha256(str(self.folder.resolve()).encode("utf-8", "surrogateescape"))
        self.server_name = f"checkers-desktop-{digest.hexdigest()[:20]}"
        self.lock = QLockFile(str(self.folder / LOCK_NAME))
        self.lock.setStaleLockTime(0)  # stale only when the process holding it is gone
        self.server: QLocalServer | None = None

    def acquire(self) -> bool:
        """Take the data folder's lock and listen for later starts. Returns False when another
        running app holds it. A folder that cannot be made or locked for another reason (a
        read-only disk) is logged and the app runs (as before this lock existed)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            log.error("the data folder %s cannot be made: %s", self.folder, exc)
            return True
        if not self.lock.tryLock(100):
            if self.lock.error() == QLockFile.LockError.LockFailedError:
                return False
            log.error("the data folder %s cannot be locked (%s); running without the lock",
                      self.folder, self.lock.error())
            return True
        QLocalServer.removeServer(self.server_name)  # a socket left by a killed app
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self.server_name):
            log.error("cannot listen for later starts: %s", server.errorString())
            return True
        server.newConnection.connect(self._on_connection)
        self.server = server
        return True

    def _on_connection(self) -> None:
        while self.server is not None and self.server.hasPendingConnections():
            socket = self.server.nextPendingConnection()
            socket.readyRead.connect(lambda s=socket: self._on_request(s))
            socket.disconnected.connect(socket.deleteLater)

    def _on_request(self, socket: QLocalSocket) -> None:
        request = bytes(socket.readAll().data())
        if request.startswith(_SHOW.strip()):
            log.info("another start of the app asked for this window")
            socket.write(_SHOWN)
            socket.flush()
            self.show_requested.emit()

    def ask_running_app_to_show(self, timeout_ms: int = ANSWER_MS) -> bool:
        """Ask the app holding the lock to show its window; True when it answered within
        ``timeout_ms`` (it may be starting: the connection is tried until then)."""
        from PySide6.QtCore import QElapsedTimer, QThread

        timer = QElapsedTimer()
        timer.start()
        while timer.elapsed() < timeout_ms:
            socket = QLocalSocket()
            socket.connectToServer(self.server_name)
            if socket.waitForConnected(200):
                socket.write(_SHOW)
                socket.waitForBytesWritten(500)
                left = max(100, timeout_ms - timer.elapsed())
                while socket.waitForReadyRead(int(left)):
                    if bytes(socket.readAll().data()).startswith(_SHOWN.strip()):
                        socket.disconnectFromServer()
                        return True
                    left = max(0, timeout_ms - timer.elapsed())
                    if not left:
                        break
                socket.abort()
                return False
            QThread.msleep(100)
        return False

    def release(self) -> None:
        """Stop listening and unlock (the app is quitting)."""
        if self.server is not None:
            self.server.close()
            self.server = None
        if self.lock.isLocked():
            self.lock.unlock()
