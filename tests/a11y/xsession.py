"""A private X display, D-Bus session bus and AT-SPI accessibility bus for screen-reader tests.

No pytest here, so the test and hand-run probes share it. Every process started is put in its own
process group and killed group by group in :meth:`XSession.close`, also after a failure; every wait
has a timeout (seconds).

What is started, in order (Debian package in brackets):

* ``Xvfb -displayfd`` picks a free display number itself [xvfb];
* ``dbus-daemon --session --nofork`` gives a session bus nobody else uses [dbus];
* ``at-spi-bus-launcher --launch-immediately --a11y=1`` starts the accessibility bus and announces
  it on the session bus as ``org.a11y.Bus``; the registry daemon ``at-spi2-registryd`` is then
  started by D-Bus activation on the accessibility bus [at-spi2-core].

Programs started with :meth:`XSession.spawn` get ``DISPLAY``, ``DBUS_SESSION_BUS_ADDRESS``, a
private ``XDG_RUNTIME_DIR`` and ``XDG_CONFIG_HOME``, so Qt's AT-SPI bridge and pyatspi (libatspi)
both find the accessibility bus through ``org.a11y.Bus`` on the session bus.
"""

from __future__ import annotations

import os
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

SYSTEM_PYTHON = "/usr/bin/python3"
"""Debian's Python: the only one with pyatspi (package python3-pyatspi)."""

BUS_LAUNCHER_CANDIDATES = (
    "/usr/libexec/at-spi-bus-launcher",  # Debian 12, Ubuntu 22.04 and later
    "/usr/lib/at-spi2-core/at-spi-bus-launcher",  # older Debian and Ubuntu
)


_SCREENSHOT_SCRIPT = """
import sys
from PySide6.QtGui import QGuiApplication
app = QGuiApplication(sys.argv[:1])
ok = app.primaryScreen().grabWindow(0).save(sys.argv[1], "PNG")
sys.exit(0 if ok else 1)
"""


class SessionError(RuntimeError):
    """A helper program did not start or did not answer in time; the message says which."""


def bus_launcher() -> str | None:
    """Path of ``at-spi-bus-launcher``, or None when at-spi2-core is not installed."""
    for path in BUS_LAUNCHER_CANDIDATES:
        if os.access(path, os.X_OK):
            return path
    return None


def missing_tools() -> list[str]:
    """What this machine lacks for the AT-SPI test, one phrase each naming the Debian package.

    Empty when everything is there. Checking pyatspi starts /usr/bin/python3 once (under 30 s).
    """
    missing = []
    for tool, package in (("Xvfb", "xvfb"), ("dbus-daemon", "dbus"),
                          ("dbus-send", "dbus")):
        if shutil.which(tool) is None:
            missing.append(f"{tool} (Debian package {package})")
    if bus_launcher() is None:
        missing.append("at-spi-bus-launcher (Debian package at-spi2-core)")
    if not os.access(SYSTEM_PYTHON, os.X_OK):
        missing.append(f"{SYSTEM_PYTHON} (Debian package python3)")
    else:
        probe = subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True,
                               timeout=30, stdin=subprocess.DEVNULL)
        if probe.returncode != 0:
            missing.append(f"pyatspi for {SYSTEM_PYTHON} (Debian package python3-pyatspi)")
    return missing


def _read_line(fd: int, timeout: float, what: str) -> str:
    """Read one line from a raw file descriptor within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    data = b""
    while b"\n" not in data:
        left = deadline - time.monotonic()
        if left <= 0:
            raise SessionError(f"{what} did not answer within {timeout:g} s (read {data!r})")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 4096)
            if not chunk:
                raise SessionError(f"{what} closed its output before answering (read {data!r})")
            data += chunk
    return data.split(b"\n", 1)[0].decode().strip()


class XSession:
    """Xvfb + session bus + AT-SPI bus; a context manager.

    ``workdir`` (an existing, empty directory) receives the logs (``<name>.log``) and the private
    runtime and config directories. ``screen`` is Xvfb's ``WIDTHxHEIGHTxDEPTH``.
    """

    def __init__(self, workdir: Path, screen: str = "1280x1024x24") -> None:
        self.workdir = Path(workdir)
        self.screen = screen
        self.display: str | None = None
        self.session_bus: str | None = None
        self.a11y_bus: str | None = None
        self.env: dict[str, str] = {}
        self._procs: list[tuple[str, subprocess.Popen]] = []

    # -- life cycle -----------------------------------------------------------------------------

    def __enter__(self) -> "XSession":
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def start(self, timeout: float = 30.0) -> None:
        """Start Xvfb, the session bus and the AT-SPI bus; raise SessionError on failure."""
        runtime = self.workdir / "runtime"
        runtime.mkdir(mode=0o700, exist_ok=True)
        config = self.workdir / "config"
        config.mkdir(exist_ok=True)
        env = {k: v for k, v in os.environ.items()
               if k not in ("DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS",
                            "AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE", "QT_QPA_PLATFORM")}
        env.update(XDG_RUNTIME_DIR=str(runtime), XDG_CONFIG_HOME=str(config),
                   XDG_SESSION_TYPE="x11")

        read_fd, write_fd = os.pipe()
        try:
            self._popen("Xvfb", ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", self.screen,
                                 "-nolisten", "tcp", "-noreset"], env, pass_fds=(write_fd,))
            os.close(write_fd)
            write_fd = -1
            number = _read_line(read_fd, timeout, "Xvfb -displayfd")
        finally:
            if write_fd >= 0:
                os.close(write_fd)
            os.close(read_fd)
        self.display = f":{number}"
        env["DISPLAY"] = self.display

        bus = self._popen("dbus-daemon", ["dbus-daemon", "--session", "--nofork",
                                          "--print-address=1"], env, stdout=subprocess.PIPE)
        self.session_bus = _read_line(bus.stdout.fileno(), timeout, "dbus-daemon --session")
        env["DBUS_SESSION_BUS_ADDRESS"] = self.session_bus
        self.env = env

        launcher = bus_launcher()
        if launcher is None:
            raise SessionError("at-spi-bus-launcher not found (Debian package at-spi2-core)")
        self._popen("at-spi-bus-launcher", [launcher, "--launch-immediately", "--a11y=1"], env)
        self.a11y_bus = self._wait_for_a11y_bus(timeout)

    def _wait_for_a11y_bus(self, timeout: float) -> str:
        """Ask org.a11y.Bus for the accessibility bus address until it answers."""
        deadline = time.monotonic() + timeout
        last = ""
        while time.monotonic() < deadline:
            reply = subprocess.run(
                ["dbus-send", "--session", "--print-reply=literal", "--reply-timeout=5000",
                 "--dest=org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress"],
                env=self.env, capture_output=True, text=True, timeout=15,
                stdin=subprocess.DEVNULL)
            if reply.returncode == 0 and reply.stdout.strip():
                return reply.stdout.strip()
            last = reply.stderr.strip()
            time.sleep(0.2)
        raise SessionError(f"the AT-SPI bus did not start within {timeout:g} s: {last}\n"
                           + self.log_text("at-spi-bus-launcher"))

    def close(self, grace: float = 5.0) -> None:
        """Stop every process started, newest first: SIGTERM to its group, SIGKILL after ``grace``."""
        for name, proc in reversed(self._procs):
            _kill_group(proc, grace)
        self._procs.clear()

    # -- programs inside the session ------------------------------------------------------------

    def _popen(self, name: str, argv: list[str], env: dict[str, str], **kwargs) -> subprocess.Popen:
        log = open(self.workdir / f"{name}.log", "ab")
        kwargs.setdefault("stdout", log)
        try:
            proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stderr=log,
                                    start_new_session=True, **kwargs)
        finally:
            log.close()
        self._procs.append((name, proc))
        return proc

    def spawn(self, name: str, argv: list[str], extra_env: dict[str, str] | None = None,
              **kwargs) -> subprocess.Popen:
        """Start ``argv`` in the session, output to ``<name>.log``; killed by :meth:`close`."""
        if not self.env:
            raise SessionError("the session is not started")
        return self._popen(name, argv, {**self.env, **(extra_env or {})}, **kwargs)

    def run(self, name: str, argv: list[str], timeout: float,
            extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        """Run ``argv`` in the session to its end; stdout is returned, stderr goes to the log.

        Raises SessionError (after killing its process group) when it runs longer than
        ``timeout`` seconds.
        """
        proc = self.spawn(name, argv, extra_env, stdout=subprocess.PIPE)
        try:
            out, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill_group(proc, 2.0)
            raise SessionError(f"{name} ran longer than {timeout:g} s\n" + self.log_text(name))
        return subprocess.CompletedProcess(argv, proc.returncode, out.decode(errors="replace"), "")

    def screenshot(self, path: Path, python: str | None = None, timeout: float = 60.0) -> Path:
        """Save the whole screen as PNG at ``path`` with Qt (``python`` must have PySide6)."""
        argv = [python or sys.executable, "-c", _SCREENSHOT_SCRIPT, str(path)]
        result = self.run("screenshot", argv, timeout, {"QT_QPA_PLATFORM": "xcb"})
        if result.returncode != 0 or not Path(path).exists():
            raise SessionError(f"screenshot failed ({result.returncode})\n"
                               + self.log_text("screenshot"))
        return Path(path)

    def log_text(self, name: str, limit: int = 4000) -> str:
        """The end (at most ``limit`` characters) of ``<name>.log``, for failure messages."""
        path = self.workdir / f"{name}.log"
        if not path.exists():
            return f"({name}.log is empty)"
        text = path.read_text(errors="replace")
        return f"--- {name}.log ---\n{text[-limit:]}"


def _kill_group(proc: subprocess.Popen, grace: float) -> None:
    """SIGTERM the process group of ``proc``, SIGKILL it after ``grace`` seconds, reap ``proc``."""
    try:
        pgid = os.getpgid(proc.pid)
    except ProcessLookupError:
        pgid = None
    if pgid is not None and proc.poll() is None:
        try:
            os.killpg(pgid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            pass
    # The group may outlive its leader (the AT-SPI bus's dbus-daemon, registryd): kill it all.
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        pass
    for stream in (proc.stdout, proc.stderr):
        if stream is not None:
            stream.close()
