"""The rotating log file and the problem report."""

from __future__ import annotations

import logging

import pytest

from checkers_desktop import __version__
from checkers_desktop.logging_setup import LOG_FILE_NAME, log_files, setup_logging
from checkers_desktop.problem_report import default_report_name, write_problem_report


@pytest.fixture
def clean_root():
    """Leave the root logger as it was (setup_logging changes it)."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield root
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)
    logging.captureWarnings(False)


def flush(root) -> None:
    for handler in root.handlers:
        handler.flush()


def test_log_lines_have_time_level_and_module(tmp_path, clean_root):
    path = setup_logging(tmp_path / "logs")
    assert path == tmp_path / "logs" / LOG_FILE_NAME
    logging.getLogger("checkers_desktop.storage.autosave").warning("saved game %s kept", "x")
    logging.getLogger("checkers_desktop.ui").debug("not written at INFO")
    flush(clean_root)
    text = path.read_text(encoding="utf-8")
    line = [ln for ln in text.splitlines() if "saved game x kept" in ln][0]
    assert line.split()[0].count("-") == 2  # the date, then the time
    assert " WARNING checkers_desktop.storage.autosave: " in line
    assert "not written" not in text


def test_setup_is_idempotent(tmp_path, clean_root):
    before = len(clean_root.handlers)
    setup_logging(tmp_path)
    setup_logging(tmp_path)
    assert len(clean_root.handlers) == before + 1
    logging.getLogger("x").error("once")
    flush(clean_root)
    assert (tmp_path / LOG_FILE_NAME).read_text().count("once") == 1


def test_log_rotates_and_keeps_a_bounded_number_of_files(tmp_path, clean_root):
    setup_logging(tmp_path, max_bytes=2_000, backup_count=3)
    for i in range(400):
        logging.getLogger("soak").info("line %04d %s", i, "x" * 40)
    flush(clean_root)
    files = log_files(tmp_path)
    assert [p.name for p in files] == [f"{LOG_FILE_NAME}.3", f"{LOG_FILE_NAME}.2",
                                       f"{LOG_FILE_NAME}.1", LOG_FILE_NAME]
    assert all(p.stat().st_size <= 2_100 for p in files)
    assert "line 0399" in files[-1].read_text()


def test_problem_report_holds_versions_settings_game_and_log(tmp_path, clean_root):
    setup_logging(tmp_path / "logs")
    logging.getLogger("checkers_desktop.speech").error("speech engine stopped mid-sentence")
    flush(clean_root)
    pdn = '[Event "Club"]\n\n1. 11-15 23-19 *\n'
    out = write_problem_report(tmp_path / "report" / default_report_name(), tmp_path / "logs",
                               {"speech/rate": 180, "profile": "va-vi", "voices": ["a", "b"]},
                               pdn, {"Qt": "6.12.0", "Speech": "espeak-ng"})
    text = out.read_text(encoding="utf-8")
    assert out.name.startswith("checkers-desktop-problem-") and out.suffix == ".txt"
    assert f"checkers-desktop: {__version__}" in text
    assert "Python: " in text and "Platform: " in text and "Qt: 6.12.0" in text
    assert "profile = va-vi" in text and 'voices = ["a", "b"]' in text
    assert "1. 11-15 23-19 *" in text
    assert "speech engine stopped mid-sentence" in text
    order = [text.index(h) for h in ("== Program ==", "== Settings ==", "== Current game (PDN) ==",
                                     "== Log (most recent last) ==")]
    assert order == sorted(order)
    assert not list(out.parent.glob("*.part"))


def test_problem_report_keeps_only_the_end_of_a_long_log(tmp_path, clean_root):
    setup_logging(tmp_path, max_bytes=5_000, backup_count=2)
    for i in range(300):
        logging.getLogger("soak").info("entry %04d %s", i, "y" * 50)
    flush(clean_root)
    text = write_problem_report(tmp_path / "r.txt", tmp_path, {}, None, log_tail_bytes=3_000) \
        .read_text()
    assert "entry 0299" in text and "entry 0000" not in text
    assert "(end only)" in text and "(no game)" in text and "(none)" in text


def test_problem_report_without_a_log(tmp_path):
    text = write_problem_report(tmp_path / "r.txt", tmp_path / "none", {}, None).read_text()
    assert "no log file" in text
