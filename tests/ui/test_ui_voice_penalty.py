"""Choosing the checker a penalty removes, by voice (VA rulebook 3:00 s4, s4-VI): while the
referee waits for the chooser, a bare square ("nine") or "remove N" naming one of the offender's
checkers removes it; a square that is not one of them removes nothing. Utterances are rendered
with espeak-ng into WAV files and fed to the real MainWindow through ``inject_file``."""

from __future__ import annotations

import shutil

import pytest

from checkers_desktop.rules import BLACK
from checkers_desktop.session.game import Mode
from checkers_desktop.ui.settings import VOICE_CONFIRMATION
from checkers_desktop.texts.voice import heard_text
from voice_audio import utter, utter_until

pytestmark = [
    pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng renders the speech"),
    pytest.mark.timeout(120),
]

@pytest.fixture
def penalised(make_window, settings):
    """A two-player VA game in which Black has been penalised for stalling: Red (White) must
    choose one of Black's checkers (squares 1-12) to remove."""
    settings.set(VOICE_CONFIRMATION, "resign-and-draw")
    window = make_window()
    c = window.session
    c.new_game(Mode.TWO_PLAYERS, profile_key="va-vi")
    c.stalling_warning(BLACK)
    c.stalling_penalty(BLACK)
    assert c.referee.pending_penalty is not None
    assert set(c.referee.pending_penalty.squares) == set(range(1, 13))
    window.synth.clear()
    return window


@pytest.mark.parametrize("text,square", [("eight", 8), ("remove twelve", 12)])
def test_a_spoken_square_chooses_the_checker_to_remove(penalised, qtbot, say, text, square):
    c = penalised.session
    result = utter_until(qtbot, penalised, say, text, lambda r: r.kind == "square")
    assert (result.square, result.move) == (square, None)
    # the pick is confirmed (the window's question; the fixture answers Yes) and then removed
    qtbot.waitUntil(lambda: c.board.piece_at(square) is None)
    assert c.referee.pending_penalty is None
    assert c.referee.penalties[BLACK] == 1
    assert sum(1 for sq in range(1, 13) if c.board.piece_at(sq)) == 11
    assert c.submit_text("11-15") or c.submit_text("12-16")  # play goes on


def test_a_square_that_is_not_the_offenders_removes_nothing(penalised, qtbot, say):
    c = penalised.session
    fen = c.board.fen()
    result = utter(qtbot, penalised, say("twenty two"))  # a Red checker: not Black's
    assert result.kind == "nothing" and result.square is None
    assert c.board.fen() == fen
    assert c.referee.pending_penalty is not None
    assert penalised.synth.spoken[-1] == heard_text(result)


def test_while_the_penalty_waits_a_move_is_not_heard(penalised, qtbot, say):
    c = penalised.session
    fen = c.board.fen()
    result = utter(qtbot, penalised, say("eleven to fifteen"))
    assert result.move is None
    assert c.board.fen() == fen and c.referee.pending_penalty is not None
