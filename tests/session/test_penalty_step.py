"""The removal step after a penalty, with no window: one announcement addressed to the chooser,
whose choice it is on the status line and for T, the penalised player's move and Enter on his own
man removing nothing (a pick waits for a confirmation that names the chooser), No removing
nothing, Yes removing the checker with one announcement, and the removal in the move history, the
PDN and the score sheet."""

from __future__ import annotations

import random

from checkers_desktop.rules import BLACK, WHITE
from checkers_desktop.rules.pdn import read_games
from checkers_desktop.session.game import GameSession, Mode
from checkers_desktop.session.match import MatchSession
from checkers_desktop.session.match_model import MatchSettings, PlayerInfo
from checkers_desktop.session.penalty_step import (CheckerRemoved, RemovalAsked,
                                                   parse_square_choice)
from checkers_desktop.session.ports import InlineEngine, ManualScheduler, first_legal_move
from checkers_desktop.session.reading import ReadingContext, read
from checkers_desktop.speech.announcer import Announcer
from checkers_desktop.speech.fake import FakeSynth

from officiating import officiate

MARY, JOHN = "Mary Jones", "John Smith"


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make_game():
    synth = FakeSynth()
    scheduler = ManualScheduler()
    clock = FakeTime()
    game = GameSession(Announcer([synth]), InlineEngine(scheduler, first_legal_move), scheduler,
                       time_source=clock, poll_seconds=0)
    events: list = []
    game.subscribe(events.append)
    return game, synth, clock, events


def make_match(tmp_path, seed=1):
    """A visually impaired match in which Mary Jones has Black in game one."""
    game, synth, clock, events = make_game()
    for s in range(seed, seed + 50):  # a coin flip that gives Mary Black
        settings = MatchSettings((PlayerInfo(MARY), PlayerInfo(JOHN)), "va-vi",
                                 official="Carol Ruiz")
        match = MatchSession(game, settings, tmp_path / str(s), rng=random.Random(s))
        if match.match.first_black == MARY:
            break
        match.detach()
    match.start()
    officiate(match)
    return game, match, synth, clock, events


def test_outside_a_match_the_sides_are_named(tmp_path):
    game, synth, clock, events = make_game()
    game.new_game(Mode.TWO_PLAYERS, profile_key="va-vi")
    game.stalling_warning(BLACK)
    said = len(synth.spoken)
    game.stalling_penalty(BLACK)
    assert synth.spoken[said:] == [
        "Stalling penalty on Black. Red, choose one of Black's checkers to remove: move to it "
        "and press Enter, or type its square."]
    assert game.headline() == ("Penalty: Red chooses one of Black's checkers to remove. Nobody "
                               "moves until then.")


def test_the_penalised_player_cannot_remove_and_the_chooser_confirms(tmp_path):
    game, match, synth, clock, events = make_match(tmp_path)
    assert game.submit_text("11-15") and game.submit_text("22-18")
    # the official warns Mary (Black, to move) for stalling, then penalises her: said once each
    said = len(synth.spoken)
    match.official.stalling_warning(BLACK)
    assert synth.spoken[said:] == [
        f"The official, Carol Ruiz, warns {MARY}, Black, for stalling. If it goes on, a checker "
        "will be removed."]
    said = len(synth.spoken)
    match.official.stalling_penalty(BLACK)
    prompt = (f"Stalling penalty on {MARY}. {JOHN}, choose one of {MARY}'s checkers to remove: "
              "move to it and press Enter, or type its square.")
    assert synth.spoken[said:] == [prompt]
    # whose choice it is: the status line and T (not "Mary Jones, Black to move. Black must
    # jump.")
    headline = (f"Penalty: {JOHN} chooses one of {MARY}'s Black checkers to remove. Nobody "
                f"moves until then.")
    assert game.status_text().startswith(headline)
    assert read("read_turn", ReadingContext(game, 15)) == headline
    # Mary types her jump: refused, told it is John's choice
    fen = game.board.fen()
    assert not game.submit_text("15x22")
    assert synth.spoken[-1] == (f"Nobody moves now: it is {JOHN}'s choice. {JOHN} first "
                                f"chooses one of {MARY}'s checkers to remove.")
    # the status line, whose headline already says who chooses whose checker, adds only the
    # refusal (a long line at 200 % text would take the board's width on a 1280x720 laptop)
    status = game.status_text()
    assert status.startswith(headline) and status.endswith(f"Nobody moves now: it is {JOHN}'s "
                                                           "choice.")
    assert status.count("checkers to remove") == 1
    # Mary presses Enter on her own man on 15 to move it: nothing is removed; the question that
    # follows names John and says the choice is not Mary's
    game.activate(15)
    asked = [e for e in events if isinstance(e, RemovalAsked)]
    assert len(asked) == 1 and asked[0].square == 15 and asked[0].chooser is WHITE
    assert asked[0].question == (f"Remove {MARY}'s Black man on 15? Only {JOHN} answers: the "
                                 f"choice is {JOHN}'s, not {MARY}'s.")
    assert game.board.fen() == fen
    # she answers No (the default): nothing removed, John is told to choose
    game.answer_removal(False)
    assert game.board.fen() == fen and match.pending_penalty is not None
    assert synth.spoken[-1].startswith(f"Nothing removed. {JOHN}, choose one of {MARY}'s")
    # a checker that is not Mary's: refused
    game.activate(18)
    assert game.board.fen() == fen and game.removal.candidate is None
    assert synth.spoken[-1].startswith("The checker on 18 is not one of Mary Jones's.")
    # John picks Mary's man on 9 by typing it, and confirms: removed, said once with the turn
    said = len(synth.spoken)
    assert not game.submit_text("9")
    assert game.removal.candidate == 9 and game.board.piece_at(9) is not None
    game.answer_removal(True)
    assert game.board.piece_at(9) is None and match.pending_penalty is None
    removal = f"{JOHN} removes {MARY}'s Black man on nine."
    assert synth.spoken[said:] == [f"{removal} {MARY}, Black to move. Black must jump."]
    removed = [e for e in events if isinstance(e, CheckerRemoved)]
    assert len(removed) == 1 and removed[0].paper == f"{JOHN} removes {MARY}'s Black man on 9."
    # the move history (H) reads the removal after the moves it followed
    history = read("read_move_list", ReadingContext(game, 15))
    assert history == ("1. Black eleven to fifteen, Red twenty-two to eighteen. Penalty: "
                       f"{JOHN} removed {MARY}'s Black checker on nine.")
    # play goes on; the PDN and the score sheet carry the removal
    assert game.submit_text("15x22")
    match.official.declare_forfeit(BLACK, "left the table")
    pdn = (match.folder / "game-1.pdn").read_text(encoding="utf-8")
    record = next(read_games(pdn)).game
    comments = " ".join(c for cs in record.comments.values() for c in cs)
    assert f"{JOHN} removes {MARY}'s Black man on 9. [%remove 9]" in comments
    html = match.score_sheet_html()
    assert f"{JOHN} removes {MARY}&#x27;s Black man on 9." in html


def test_a_removal_that_ends_the_game_says_the_removal_then_the_result(tmp_path):
    game, synth, clock, events = make_game()
    game.new_game(Mode.TWO_PLAYERS, profile_key="va-vi", fen="B:W30:B1")
    game.stalling_warning(BLACK)
    game.stalling_penalty(BLACK)
    game.activate(1)
    game.answer_removal(True)
    assert not game.running
    assert synth.spoken[-2] == "Red removes Black's man on one."
    assert "Red wins" in synth.spoken[-1]


def test_the_typed_square_reading():
    assert parse_square_choice("remove the man on twenty-two") == 22
    assert parse_square_choice(" 9 ") == 9
    for bad in ("", "33", "0", "hello", "x" * 500):
        try:
            parse_square_choice(bad)
        except ValueError as exc:
            assert "is not a square" in str(exc)
        else:  # pragma: no cover - the assertion says which
            raise AssertionError(bad)


def test_the_removal_step_speaks_and_reports_through_the_games_public_methods():
    """The penalty's removal is a step of the game: it says and reports through the game's
    public ``say`` and ``publish``, never through its private output."""
    import ast
    from pathlib import Path

    from checkers_desktop.session import penalty_step

    tree = ast.parse(Path(penalty_step.__file__).read_text(encoding="utf-8"))
    private = [f"{node.lineno}: {ast.unparse(node)}" for node in ast.walk(tree)
               if isinstance(node, ast.Attribute) and node.attr.startswith("_")
               and not node.attr.startswith("__")
               and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))]
    assert private == []


def test_while_the_checker_is_chosen_the_move_readings_say_so_not_the_moves(tmp_path):
    """A penalty is due: nobody moves until its checker is chosen. All the legal moves (A, and
    "my moves" by voice), the piece's moves (D) and the jumps (J) say what is to be done (the
    chooser's prompt), not moves that cannot be made; once the checker is removed they list
    the moves again."""
    from checkers_desktop.session.voice import READING_COMMANDS

    game, match, synth, clock, events = make_match(tmp_path)
    assert game.submit_text("11-15") and game.submit_text("22-18")
    match.official.stalling_warning(BLACK)
    match.official.stalling_penalty(BLACK)
    prompt = (f"Stalling penalty on {MARY}. {JOHN}, choose one of {MARY}'s checkers to remove: "
              "move to it and press Enter, or type its square.")
    assert READING_COMMANDS["my-moves"] == "read_all_moves"
    for command in ("read_all_moves", "read_piece_moves", "read_captures"):
        for cursor in (15, 18, 24):  # Mary's man, John's, an empty square
            assert read(command, ReadingContext(game, cursor)) == prompt, (command, cursor)
    game.remove_checker(1, WHITE)
    assert match.pending_penalty is None
    assert read("read_all_moves", ReadingContext(game, 15)).startswith("Black has 1 jump")
    assert read("read_captures", ReadingContext(game, 15)).startswith("Black must jump")


def test_outside_a_match_the_readings_name_the_sides_while_the_checker_is_chosen():
    game, synth, clock, events = make_game()
    game.new_game(Mode.TWO_PLAYERS, profile_key="va-vi")
    game.stalling_warning(BLACK)
    game.stalling_penalty(BLACK)
    assert read("read_all_moves", ReadingContext(game, 11)) == (
        "Stalling penalty on Black. Red, choose one of Black's checkers to remove: move to it "
        "and press Enter, or type its square.")
