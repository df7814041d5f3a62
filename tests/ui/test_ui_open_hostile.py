"""Game > Open with hostile and careless files, in the window: each gives a message a player can act
on, leaves the game in progress untouched (and playable), and the GUI thread keeps answering while
the file is read (a QTimer keeps firing); a slow read shows a progress window whose Cancel changes
nothing.

The files are those of ``tests/robustness/test_cli_hostile.py``'s kind, made here. Set
``CHECKERS_OPEN_TABLE=/path/table.md`` to have each case's time, the longest pause of the GUI
thread and the largest extra resident memory seen while reading written there (the report's
figures).
"""

from __future__ import annotations

import os
import resource
import threading
import time
from pathlib import Path

import pytest
from hostile_files import write_hostile_pdn
from PySide6.QtCore import Qt, QTimer

from checkers_desktop.session.game import Mode
from checkers_desktop.ui import open_game as open_game_module

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"),
                                reason="needs FIFOs and /dev/zero (POSIX)")

DATA = Path(__file__).resolve().parents[1] / "data"
ROWS: list[tuple[str, bool, float, float, float]] = []
"""(case, opened, seconds, longest GUI pause in seconds, largest extra resident memory seen while
reading, MB, sampled with the timer every 10 ms)."""



@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("open-hostile")
    write_hostile_pdn(root)
    (root / "crowded.pdn").write_text('[SetUp "1"]\n[FEN "B:W1-20:B21-32"]\n1. 21-17 *\n')
    one = (DATA / "tinsley_first_two.pdn").read_text(encoding="utf-8")
    with open(root / "big19mb.pdn", "w", encoding="utf-8") as f:
        for _ in range(19 * 1024 * 1024 // len(one.encode())):
            f.write(one + "\n")
    os.mkfifo(root / "fifo.pdn")
    (root / "folder.pdn").mkdir()
    os.symlink("/dev/zero", root / "zero-link.pdn")
    return root


CASES = [
    # (case, file, opened, words the message must hold)
    ("missing", "absent.pdn", False, "There is no file absent.pdn"),
    ("folder", "folder.pdn", False, "is a folder, not a file"),
    ("FIFO", "fifo.pdn", False, "is not a file on disk"),
    ("/dev/zero", "/dev/zero", False, "is not a file on disk"),
    ("link to /dev/zero", "zero-link.pdn", False, "is not a file on disk"),
    ("empty", "empty.pdn", False, "This file is not a checkers game record (PDN): empty.pdn is"),
    ("blank", "blank.pdn", False, "This file is not a checkers game record (PDN)"),
    ("21 MB", "huge.pdn", False, "too large to be a game record"),
    ("binary", "binary.pdn", False, "This file is not a checkers game record (PDN)"),
    ("PNG", "png.pdn", False, "This file is not a checkers game record (PDN)"),
    ("control characters", "controls.pdn", False, "This file is not a checkers game record"),
    ("UTF-16 without BOM", "utf16-nobom.pdn", False, "This file is not a checkers game record"),
    ("Latin-1 prose", "latin1-prose.pdn", False, "This file is not a checkers game record"),
    ("990 nested (", "nested990.pdn", False, "nested more than 64"),
    ("100,000 nested (", "nested100k.pdn", False, "nested more than 64"),
    ("10 MB tag", "tag10mb.pdn", False, "cannot be read as a game record"),
    ("10 MB comment", "comment10mb.pdn", False, "cannot be read as a game record"),
    ("1 MB unclosed comment", "unclosed.pdn", False, "unchanged"),
    ("10 MB word", "word10mb.pdn", False, "cannot be read as a game record"),
    ("a million moves", "million.pdn", False, "cannot be read as a game record"),
    ("10,001 moves", "moves10001.pdn", False, "more than 10,000 moves"),
    ("1,000 tags", "tags1000.pdn", False, "more than 200 tag pairs"),
    ("100 KB move", "longmove.pdn", False, "holds no game to play"),
    ("20 pieces a side", "crowded.pdn", False, "starts from a position that is not legal"),
    ("escape codes, bad 2nd move", "escape.pdn", True, "Only the first 2 moves could be read"),
    ("19 MB of real games", "big19mb.pdn", True, "Opened game 2000 from big19mb.pdn"),
]


def _resident_mb() -> float:
    """The process's resident memory now (Linux ``/proc/self/statm``; elsewhere its peak)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    except OSError:  # pragma: no cover - not Linux
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.mark.parametrize("case, name, opened, words", CASES, ids=[c[0] for c in CASES])
def test_hostile_file_opened_in_the_window(qtbot, make_window, monkeypatch, corpus, case, name,
                                           opened, words):
    window = make_window()
    readers: list[threading.Thread] = []

    def on_thread(read):
        def reading(*args, **kwargs):
            readers.append(threading.current_thread())
            return read(*args, **kwargs)
        return reading

    # every look at the file (its kind, its size, its games) is the worker's: a FIFO, a link to
    # /dev/zero or a 19 MB file cannot freeze the window (the longest pause is in the table)
    monkeypatch.setattr(open_game_module, "list_games", on_thread(open_game_module.list_games))
    monkeypatch.setattr(open_game_module, "read_game", on_thread(open_game_module.read_game))
    listed = []
    # a file of several games: the last game listed is chosen (the first 2,000 are listed)
    window.open_game_action.choose_game = lambda listing: (listed.append(listing)
                                                           or len(listing.games) - 1)
    window.new_game(Mode.TWO_PLAYERS)
    assert window.session.submit_text("11-15")
    before = (window.session.board.fen(), window.session.board.ply)
    ticks: list[float] = []
    resident: list[float] = []

    def tick() -> None:
        ticks.append(time.monotonic())
        resident.append(_resident_mb())

    timer = QTimer(window)
    timer.setInterval(10)
    timer.timeout.connect(tick)
    timer.start()
    path = name if name.startswith("/") else str(corpus / name)
    base = _resident_mb()
    started = time.monotonic()
    with qtbot.waitSignal(window.open_game_action.done, timeout=30_000) as done:
        assert window.open_game_action.open(path)
        ticks.append(time.monotonic())
    seconds = time.monotonic() - started
    timer.stop()
    ticks.append(time.monotonic())
    pause = max((b - a for a, b in zip(ticks, ticks[1:])), default=0.0)
    ROWS.append((case, done.args[0], seconds, pause, max(resident + [base]) - base))
    said = window.synth.spoken + [window.status_line.notice or ""]
    assert any(words in text for text in said), said[-3:]
    assert not any("Something went wrong" in text or "Traceback" in text for text in said)
    assert done.args == [opened]
    assert readers and threading.main_thread() not in readers, readers
    if not opened:
        assert (window.session.board.fen(), window.session.board.ply) == before
        assert window.status_line.notice and words in window.status_line.notice
        assert window.session.submit_text("22-18")  # and play goes on
    else:
        assert window.session.board.ply >= 2 and window.session.running
    assert len(max(said, key=len)) < 600  # nothing from the file is echoed at length
    if name == "big19mb.pdn":
        assert len(listed[0].games) == 2000 and listed[0].more


class SlowRead:
    """Stands in for the reader (listing the games): waits (up to 10 s) until the open is
    cancelled."""

    def __init__(self) -> None:
        self.cancelled = None

    def __call__(self, stop, path):
        self.cancelled = stop.wait(10)
        raise AssertionError("not cancelled")


def test_a_slow_read_shows_progress_and_cancel_changes_nothing(qtbot, make_window, monkeypatch,
                                                               corpus):
    slow = SlowRead()
    monkeypatch.setattr(open_game_module, "_list", slow)  # the first step: listing the games
    monkeypatch.setattr(open_game_module, "PROGRESS_DELAY_MS", 0)
    window = make_window()
    window.new_game(Mode.TWO_PLAYERS)
    assert window.session.submit_text("11-15")
    before = window.session.board.fen()
    action = window.open_game_action
    with qtbot.waitSignal(action.progress_shown, timeout=5000):
        assert action.open(str(corpus / "big19mb.pdn"))
    dialog = action.progress
    assert dialog is not None and dialog.isVisible()
    assert dialog.labelText() == "Opening big19mb.pdn. Press Escape to cancel."
    assert "Opening big19mb.pdn. Press Escape to cancel." in window.synth.spoken
    with qtbot.waitSignal(action.done, timeout=5000) as done:
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # as the Cancel button
    assert done.args == [False]
    assert action.wait(5) and slow.cancelled is True
    assert window.synth.spoken[-1] == "Opening was cancelled. The game on the board is unchanged."
    assert window.session.board.fen() == before and action.progress is None
    assert window.session.submit_text("22-18")


@pytest.fixture(scope="module", autouse=True)
def _table():
    """Not a check: after the module, writes the figures of the cases above to
    ``CHECKERS_OPEN_TABLE`` when it is set."""
    yield
    out = os.environ.get("CHECKERS_OPEN_TABLE")
    if not out or not ROWS:
        return
    lines = ["| case | opened | seconds | longest GUI pause (s) | extra resident memory (MB) |",
             "| --- | --- | --- | --- | --- |"]
    lines += [f"| {c} | {'yes' if o else 'no'} | {s:.2f} | {p:.3f} | {m:.0f} |"
              for c, o, s, p, m in ROWS]
    Path(out).write_text("\n".join(lines) + "\n")


def test_listing_then_reading_shows_one_progress_window(qtbot, make_window, monkeypatch, corpus,
                                                        tmp_path):
    """The games are listed, then the one chosen is read: a slow read after a quick listing
    keeps the one progress window (never a second one over it), and Escape still cancels."""
    from PySide6.QtWidgets import QApplication, QProgressDialog

    slow = SlowRead()
    reading = threading.Event()

    def read(stop, path, number):
        reading.set()
        return slow(stop, path)

    monkeypatch.setattr(open_game_module, "_read", read)
    monkeypatch.setattr(open_game_module, "PROGRESS_DELAY_MS", 0)
    window = make_window()
    path = tmp_path / "one.pdn"
    path.write_text('[Event "One"]\n1. 11-15 23-19 *\n', encoding="utf-8")
    action = window.open_game_action
    with qtbot.waitSignal(action.progress_shown, timeout=5000):
        assert action.open(str(path))
    qtbot.waitUntil(reading.is_set, timeout=5000)  # the listing done, the read running
    qtbot.waitUntil(lambda: not action._delay.isActive(), timeout=5000)
    QApplication.processEvents()
    shown = [d for d in window.findChildren(QProgressDialog) if d.isVisible()]
    assert len(shown) == 1
    with qtbot.waitSignal(action.done, timeout=5000) as done:
        qtbot.keyClick(shown[0], Qt.Key.Key_Escape)
    assert done.args == [False] and action.wait(5) and slow.cancelled is True
