"""The rule profiles as data, and the moves a profile makes legal (Caseville's optional continuation)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from checkers_desktop.rules import BLACK, WHITE, Board, IllegalMoveError, Move
from checkers_desktop.rules.profiles import (
    DEFAULT_PROFILE_KEY, PROFILES, ColourChoice, MoveLimitPenalty, RefusalRule, TieRule, TouchRule,
    TouchViolation, UnknownProfileError, get_profile, is_profile_legal, material_totals,
    profile_legal_moves, push_profile_move)

TOURNAMENT_KEYS = ("va-standard", "va-vi", "wcdf", "caseville", "washburn")

# Black to move: the man on 10 must jump 10x19x28; the man on 1 could step if jumps were optional.
DOUBLE_JUMP_FEN = "B:W15,24:B1,10"


def test_every_column_of_the_table_is_a_profile_plus_practice():
    """RULES.md "Where the documents differ": five columns, plus "practice" for home."""
    assert set(PROFILES) == set(TOURNAMENT_KEYS) | {"practice"}
    assert DEFAULT_PROFILE_KEY == "practice"
    for key, profile in PROFILES.items():
        assert profile.key == key
        assert profile.title


def test_unknown_profile_is_a_value_error_and_key_error_quoting_the_key():
    with pytest.raises(ValueError, match="'olympic'"):
        get_profile("olympic")
    with pytest.raises(KeyError):
        get_profile("olympic")
    with pytest.raises(UnknownProfileError, match="va-standard"):  # lists the known keys
        get_profile("")


def test_side_names_follow_the_table_in_rules_md(shared_dir):
    """RULES.md row "side names (first mover first)", one column per profile."""
    text = (shared_dir / "RULES.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| side names"))
    cells = [c.strip() for c in row.strip("|").split("|")][1:]
    assert len(cells) == len(TOURNAMENT_KEYS)
    for key, cell in zip(TOURNAMENT_KEYS, cells):
        first, second = (w.strip() for w in cell.split(","))
        names = get_profile(key).side_names
        assert (names[BLACK], names[WHITE]) == (first, second), key


def test_side_names_cite_the_rulebooks():
    """VA 3:00 s1 "black invariably moving first"; WCDF 2.2 "Red pieces always starts"; Caseville
    "The player with black pieces moves first"; Washburn 8 "Red moves first"; practice Black/Red."""
    assert get_profile("va-standard").side_names[BLACK] == "Black"
    assert get_profile("wcdf").side_names == {BLACK: "Red", WHITE: "White"}
    assert get_profile("caseville").side_names[BLACK] == "Black"
    assert get_profile("washburn").side_names[BLACK] == "Red"
    assert get_profile("practice").side_names == {BLACK: "Black", WHITE: "Red"}


def test_practice_has_no_clock_and_allows_undo_and_hints():
    practice = get_profile("practice")
    assert practice.allows_undo and practice.allows_hints
    assert not practice.has_clock
    for key in TOURNAMENT_KEYS:
        assert not get_profile(key).allows_undo and not get_profile(key).allows_hints, key


def test_va_standard_move_limit_is_25_s_warning_30_s_checker_removed():
    """VA rulebook 3:00 s4."""
    limit = get_profile("va-standard").move_limit
    assert (limit.warning, limit.limit) == (25.0, 30.0)
    assert limit.penalty is MoveLimitPenalty.OPPONENT_REMOVES_CHECKER


def test_va_vi_has_no_move_limit_but_a_stalling_rule():
    """VA rulebook 3:00 s4-VI: "The 30 second time limit will be suspended ... if stalling occurs,
    the competitor will be warned and a checker will be removed"."""
    vi = get_profile("va-vi")
    assert vi.move_limit is None and vi.stalling_rule
    assert not get_profile("va-standard").stalling_rule


def test_game_limits_va_10_min_vi_15_min_caseville_15_min():
    """VA 3:00 s5 (10 minutes), 3:00 s5-VI (15 minutes), Caseville (fifteen minutes per game)."""
    assert get_profile("va-standard").game_limit == 600.0
    assert get_profile("va-vi").game_limit == 900.0
    assert get_profile("caseville").game_limit == 900.0
    for key in ("wcdf", "washburn", "practice"):
        assert get_profile(key).game_limit is None


def test_tie_rules_at_the_time_limit():
    """VA 3:00 s5: equal value is a drawn game; Caseville: a random draw picks the winner."""
    assert get_profile("va-standard").tie_rule is TieRule.DRAW
    assert get_profile("va-vi").tie_rule is TieRule.DRAW
    assert get_profile("caseville").tie_rule is TieRule.RANDOM


def test_wcdf_informal_move_time_five_minutes_plus_grace_and_one_way_capture():
    """WCDF 4.1: 5 min + 1 min grace; 1 min + 1 min for a capture that can be made only one way."""
    limit = get_profile("wcdf").move_limit
    assert limit.for_board(Board()) == (300.0, 360.0)
    assert limit.for_board(Board(DOUBLE_JUMP_FEN)) == (60.0, 120.0)
    two_ways = Board("B:W14,15,24:B1,10")  # 10x17 or 10x19x28
    assert len(two_ways.legal_moves) == 2
    assert limit.for_board(two_ways) == (300.0, 360.0)
    assert limit.penalty is MoveLimitPenalty.FORFEIT_CLAIMABLE  # WCDF 4.2


def test_refused_jump_rules_per_profile():
    """VA 3:00 s6A/6B retract; WCDF 3.3-3.4 warn then forfeit; Caseville remind then forfeit on the
    second; Washburn 6 "If you can jump, you must" (refused)."""
    assert get_profile("va-standard").refusal is RefusalRule.RETRACT
    assert get_profile("va-vi").refusal is RefusalRule.RETRACT
    assert get_profile("wcdf").refusal is RefusalRule.WARN_THEN_FORFEIT
    assert get_profile("wcdf").refusal_forfeit_after == 2
    assert get_profile("caseville").refusal is RefusalRule.REMIND_THEN_FORFEIT
    assert get_profile("caseville").refusal_forfeit_after == 2
    assert get_profile("washburn").refusal is RefusalRule.REFUSE
    assert get_profile("va-standard").refusal_forfeit_after is None


def test_touch_rules_per_profile():
    """VA 4:00 s1 strict, 4:00 s1-VI liberal, WCDF 3.2 strict, Caseville strict with forfeit."""
    assert get_profile("va-standard").touch is TouchRule.STRICT
    assert get_profile("va-vi").touch is TouchRule.LIBERAL
    assert get_profile("wcdf").touch is TouchRule.STRICT
    assert get_profile("caseville").touch is TouchRule.STRICT
    assert get_profile("caseville").touch_violation is TouchViolation.FORFEIT
    assert get_profile("wcdf").touch_violation is TouchViolation.IMPOSSIBLE_MOVE


def test_draw_rules_per_profile():
    """VA 4:00 s4 (declared drawn, new game); WCDF 6.2 (40-move count), 6.4 (see-saw)."""
    va = get_profile("va-standard")
    assert va.draws.official_declares and va.match.new_game_after_draw and va.match.play_out_after_draw
    wcdf = get_profile("wcdf").draws
    assert wcdf.forty_move_count and wcdf.repetition and not wcdf.official_declares


def test_match_formats():
    """VA: best two out of three, coin flip (4:00 s5); WCDF 2.1 random draw then alternate;
    Caseville single games; Washburn 8 colours at random then alternate."""
    assert get_profile("va-standard").match.best_of == 3
    assert get_profile("va-standard").match.first_colours is ColourChoice.COIN_FLIP
    assert get_profile("wcdf").match.first_colours is ColourChoice.RANDOM_DRAW
    assert get_profile("caseville").match.best_of == 1
    assert get_profile("washburn").match.first_colours is ColourChoice.RANDOM_DRAW


# --- moves a profile makes legal ---------------------------------------------------------------

def test_caseville_may_stop_after_any_jump_of_a_series():
    """Caseville: "If a second jump or more ... it is an option of the player moving their checker to
    jump or not any further jumps on that turn"."""
    board = Board(DOUBLE_JUMP_FEN)
    moves = profile_legal_moves(board, get_profile("caseville"))
    assert Move((10, 19, 28), (15, 24)) in moves
    assert Move((10, 19), (15,)) in moves
    assert all(m.is_capture for m in moves)  # the first jump stays compulsory
    assert len(moves) == 2


def test_other_profiles_require_the_whole_series():
    """VA 3:00 s3 ("it must do so in the same turn"), WCDF 2.7 and 2.12, Washburn 6."""
    board = Board(DOUBLE_JUMP_FEN)
    for key in ("va-standard", "va-vi", "wcdf", "washburn", "practice"):
        assert profile_legal_moves(board, get_profile(key)) == board.legal_moves
        assert not is_profile_legal(board, get_profile(key), Move((10, 19), (15,)))


def test_pushing_a_shortened_series_under_caseville_and_taking_it_back():
    board = Board(DOUBLE_JUMP_FEN)
    before = board.fen()
    push_profile_move(board, get_profile("caseville"), Move((10, 19), (15,)))
    assert board.piece_at(15) is None and board.piece_at(24) is not None
    assert board.piece_at(19).color is BLACK and board.turn is WHITE
    assert board.move_stack == [Move((10, 19), (15,))]
    board.pop()
    assert board.fen() == before


def test_pushing_a_shortened_series_elsewhere_is_illegal_and_changes_nothing():
    board = Board(DOUBLE_JUMP_FEN)
    before = board.fen()
    with pytest.raises(IllegalMoveError):
        push_profile_move(board, get_profile("va-standard"), Move((10, 19), (15,)))
    assert board.fen() == before


def test_material_counts_man_one_king_two():
    """VA 3:00 s5; Caseville "All kings count as TWO"."""
    board = Board("B:WK14,15:B1,2,K10")
    assert material_totals(board) == {BLACK: 4, WHITE: 3}


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=60))
def test_caseville_moves_are_the_board_moves_and_their_prefixes(seed, plies):
    """Property: under Caseville every move is a complete board move or a prefix of a board jump of
    at least one jump, and every board move is there."""
    rng = random.Random(seed)
    board = Board()
    for _ in range(plies):
        if board.is_game_over():
            break
        board.push(rng.choice(board.legal_moves))
    legal = board.legal_moves
    moves = profile_legal_moves(board, get_profile("caseville"))
    assert set(legal) <= set(moves)
    assert len(moves) == len(set(moves))
    for move in moves:
        if move not in legal:
            assert move.is_capture
            assert any(m.path[:len(move.path)] == move.path and m.captures[:len(move.captures)]
                       == move.captures for m in legal)
            copy = board.copy()
            push_profile_move(copy, get_profile("caseville"), move)
            assert copy.turn is board.turn.other
            assert all(copy.piece_at(sq) is None for sq in move.captures)


def test_profiles_are_immutable_and_hashable():
    profile = get_profile("va-standard")
    assert {profile: 1}[get_profile("va-standard")] == 1
    with pytest.raises(TypeError):
        profile.side_names[BLACK] = "Blue"
    with pytest.raises(AttributeError):
        profile.key = "other"


def test_the_profile_modules_import_no_qt_and_no_speech():
    """House style: checkers_desktop/rules imports no Qt and no speech library."""
    import subprocess
    import sys
    code = ("import sys; import checkers_desktop.rules.referee, checkers_desktop.rules.match; "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('PySide6', 'pyttsx3', 'speech_recognition', 'pocketsphinx', 'sounddevice')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
