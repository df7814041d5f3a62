"""benchmarks/soak.py runs and finds no fault in a few games of every profile (the full soak of
2,000 games is run by hand: ``.venv/bin/python benchmarks/soak.py``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SOAK = Path(__file__).resolve().parents[2] / "benchmarks" / "soak.py"


def test_soak_runs_every_profile_without_faults(capsys):
    spec = importlib.util.spec_from_file_location("soak_benchmark", SOAK)
    soak = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(soak)
    status = soak.main(["--games", "12", "--seed", "3"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "faults: 0" in out and "games: 12," in out
    for key in ("caseville 2", "practice 2", "va-standard 2", "va-vi 2", "washburn 2", "wcdf 2"):
        assert key in out
