"""Fuzzing the PDN reader (hypothesis) on random text and on two real games damaged in the ways files
get damaged: cut short, bytes flipped, tags broken, pieces of text lost or doubled. Reading never
raises anything but ``InvalidPdnError`` (``read_game``) and ``read_games`` never raises; every
move it resolved is legal from the game's start."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers_desktop.rules import InvalidPdnError, RulesError
from checkers_desktop.rules.pdn import PdnProblem, read_game, read_games, write_game

SETTINGS = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 200)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
REAL_GAME = (Path(__file__).resolve().parents[1] / "data" / "tinsley_first_two.pdn").read_bytes()
PDN_ALPHABET = "0123456789-x:. []{}()\"*/;$!?\n\tBWKEventResultFENSetUp"


def check_reading(source) -> None:
    """What the reader gives must be consistent: problems are PdnProblem, resolved moves replay."""
    for parsed in read_games(source):
        assert all(isinstance(p, PdnProblem) for p in parsed.problems)
        game = parsed.game
        try:
            board = game.start_board()
        except RulesError:
            assert parsed.problems  # a bad FEN tag is reported
            continue
        for move in game.moves:
            assert move in board.legal_moves
            board.push(move)
        if parsed.ok:
            # A game read without problems is written and read back as the same moves.
            again = read_game(write_game(game))
            assert again.moves == game.moves
    try:
        read_game(source)
    except InvalidPdnError:
        pass


@st.composite
def damaged_game(draw) -> bytes:
    data = bytearray(REAL_GAME)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["truncate", "flip", "delete", "duplicate", "break_tag",
                                     "insert"]))
        if not data:
            break
        i = draw(st.integers(0, len(data) - 1))
        if kind == "truncate":
            del data[i:]
        elif kind == "flip":
            data[i] ^= 1 << draw(st.integers(0, 7))
        elif kind == "delete":
            del data[i:i + draw(st.integers(1, 20))]
        elif kind == "duplicate":
            data[i:i] = data[i:i + draw(st.integers(1, 30))]
        elif kind == "break_tag":
            for c in draw(st.sampled_from([b"]", b'"', b"["])):
                j = data.find(bytes([c]), i)
                if j >= 0:
                    del data[j]
        else:
            data[i:i] = draw(st.text(alphabet=PDN_ALPHABET, max_size=8)).encode()
    return bytes(data)


@SETTINGS
@given(damaged_game())
def test_damaged_real_game_is_read_or_refused_cleanly(data):
    check_reading(data)
    check_reading(data.decode("utf-8", errors="replace"))


@SETTINGS
@given(st.one_of(st.text(max_size=200), st.text(alphabet=PDN_ALPHABET, max_size=200)))
def test_random_text_is_read_or_refused_cleanly(text):
    check_reading(text)


def test_the_undamaged_games_read_without_problems():
    parsed = list(read_games(REAL_GAME))
    assert len(parsed) == 2 and all(p.ok and len(p.game.moves) > 50 for p in parsed)
