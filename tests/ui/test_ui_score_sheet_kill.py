"""SIGKILL while the score sheet is being saved: the sheet on disk is always a whole PDF that the
app sealed (the previous one or the new one), never a 0-byte or truncated file.

A child process saves the score sheet (``ui.event.score_sheet.save_pdf``, the window's own writer)
over and over, printing ``saved N`` after each; it is killed at random moments, many times. After
each kill the sheet must start with ``%PDF-``, end with ``%%EOF`` and match its seal.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from checkers_desktop.storage import Integrity, KeyRing, RecordKey
from checkers_desktop.storage.records import check_record

REPO = Path(__file__).resolve().parents[2]
KILLS = 12
SECRET = bytes(range(32))

CHILD = f"""
import os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtGui import QGuiApplication
app = QGuiApplication([])
from checkers_desktop.storage import KeyRing, RecordKey, records
records.use_keys(KeyRing.of(RecordKey.from_secret({SECRET!r})))
from checkers_desktop.ui.event.score_sheet import save_pdf
html = "<h1>Checkers score sheet</h1>" + "<p>11-15 23-19 8-11 22-17</p>" * 300
n = 0
while True:
    n += 1
    save_pdf(html + "<p>save %d</p>" % n, sys.argv[1])
    print("saved", n, flush=True)
"""


def whole_and_sealed(path: Path) -> bool:
    data = path.read_bytes()
    return data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF") and check_record(
        path, KeyRing.of(RecordKey.from_secret(SECRET)), data=data) is Integrity.VERIFIED


@pytest.mark.slow
def test_sigkill_while_saving_the_score_sheet_leaves_a_whole_sheet(tmp_path):
    rng = random.Random(5)
    sheet = tmp_path / "match" / "score-sheet.pdf"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    for _ in range(KILLS):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(sheet)], cwd=REPO, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            first = child.stdout.readline()  # waits for the first whole save of this run
            assert first.startswith("saved"), first
            time.sleep(rng.uniform(0.0, 0.4))  # then a kill at a random moment of later saves
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(10)
        child.stdout.close()
        assert sheet.exists()
        assert whole_and_sealed(sheet), f"the sheet is {sheet.stat().st_size} bytes, not whole"
        leftovers = [p.name for p in sheet.parent.iterdir()
                     if p.name not in ("score-sheet.pdf", "seals.json")]
        assert all(p.startswith(".") and p.endswith(".tmp") for p in leftovers), leftovers
    print(f"{KILLS} kills while saving the score sheet: the sheet was whole and sealed each time")
