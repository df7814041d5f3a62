"""A match on a game session, with no window and no Qt: the coin flip, colours, clocks and
penalties, the official's actions, draws, records, corrections, the result as data, and a whole
three-game match that is saved and resumed halfway. The players play on the game session, as they
do on the board; the match logs and says its own sentences."""

from __future__ import annotations

import random

import pytest

from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.rules.pdn import read_games
from checkers_desktop.rules.profiles import get_profile, material_totals
from checkers_desktop.rules.referee import Referee
from checkers_desktop.rules.rulings import EndReason
from checkers_desktop.session import match_events as mev
from checkers_desktop.session.draws import computer_accepts_draw
from checkers_desktop.session.game import GameSession
from checkers_desktop.session.match import MatchSession, MatchSessionError
from checkers_desktop.session.match_model import MatchResult, MatchSettings, PlayerInfo
from checkers_desktop.session.ports import InlineEngine, ManualScheduler, first_legal_move
from checkers_desktop.session.resume import resume, snapshot_of
from checkers_desktop.speech.announcer import Announcer
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.speech.spoken import number_words
from checkers_desktop.storage import Snapshot

from officiating import officiate


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Table:
    """A game session and a match on it, with a fake voice, a fake clock and a manual scheduler."""

    def __init__(self, tmp_path, profile="va-standard", seed=3, best_of=3, fen=None,
                 names=(PlayerInfo("Ann Lee", "Tampa VAMC", "70-74"),
                        PlayerInfo("Bo Diaz", "Reno VAMC", "85-up")), with_match=True) -> None:
        self.synth = FakeSynth()
        self.clock = FakeTime()
        self.scheduler = ManualScheduler()
        self.game = GameSession(Announcer([self.synth]),
                                InlineEngine(self.scheduler, first_legal_move), self.scheduler,
                                time_source=self.clock, poll_seconds=0)
        self.events: list = []
        settings = MatchSettings(names, profile, best_of=best_of, site="Tampa", round="1")
        def factory(prof, play_out):
            return Referee(prof, Board(fen), time_source=self.clock, play_out=play_out)
        self.match = None
        if with_match:
            self.match = MatchSession(self.game, settings, tmp_path, rng=random.Random(seed),
                                      referee_factory=factory if fen else None)
            self.match.subscribe(self.events.append)
            officiate(self.match)

    @property
    def spoken(self) -> list[str]:
        return self.synth.spoken

    def named(self, color) -> str:
        return f"{self.match.player(color)} ({self.match.sides[color]})"

    def settle(self) -> None:
        """Let deferred calls run (the match's next game starts after a game's end)."""
        self.scheduler.run_pending()


def test_coin_flip_is_announced_and_colours_alternate_every_game(tmp_path):
    seen_first = set()
    for seed in range(12):
        t = Table(tmp_path / str(seed), seed=seed)
        game = t.match.start()
        first = t.match.match.first_black
        seen_first.add(first)
        other = "Bo Diaz" if first == "Ann Lee" else "Ann Lee"
        assert game.black == first and game.white == other
        assert t.spoken[0].startswith(f"The coin flip gives {first} Black in game one")
        assert f"{first} plays Black, {other} plays Red" in t.spoken[1]
        assert t.game.player_names == {BLACK: first, WHITE: other}
        t.match.official.declare_draw()  # game 1 drawn: game 2 with the colours swapped
        t.settle()
        second = t.match.game
        assert (second.number, second.black, second.white, second.play_out) == (2, other, first,
                                                                                  True)
        assert any("follows a drawn game" in s for s in t.spoken[-3:])
    assert seen_first == {"Ann Lee", "Bo Diaz"}  # the flip is not fixed


def test_thirty_second_penalty_opponent_chooses_and_the_move_timer_restarts(tmp_path):
    t = Table(tmp_path)
    t.match.start()
    black, white = t.match.player(BLACK), t.match.player(WHITE)
    assert t.game.submit_text("11-15")
    t.clock.advance(25.5)
    t.game.poll_clock()
    assert t.spoken[-1] == "Red: 25 seconds used. 5 seconds left to move."  # the game says it
    assert t.match.actions[-1].text == (f"{white}, twenty-five seconds. Five seconds left for "
                                        "this move.")  # the match records it with the name
    t.clock.advance(5)
    t.game.poll_clock()
    due = t.match.pending_penalty
    assert due is not None and due.chooser is BLACK and due.victim is WHITE
    assert t.match.actions[-1].text.startswith(
        f"Penalty: {black} chooses one of {white}'s Red checkers to remove.")
    assert [e.due for e in t.events if isinstance(e, mev.PenaltyChanged)][-1] is due
    assert not t.match.remove_checker(15).ok  # Black's own checker: refused, nothing changes
    assert t.match.referee.board.piece_at(15) is not None
    assert t.match.remove_checker(22).ok
    assert t.match.referee.board.piece_at(22) is None
    removed = t.match.actions[-1]
    assert removed.text == f"{black} removes {white}'s Red man on twenty-two."
    assert removed.command == "[%remove 22]" and removed.paper.endswith("Red man on 22.")
    # said once, with whose turn follows
    assert t.spoken[-1] == f"{removed.text} {white}, Red to move."
    assert t.match.pending_penalty is None
    assert t.match.referee.clock.move_elapsed() == 0.0
    kinds = [a.kind for a in t.match.actions]
    assert kinds[-4:] == ["move_warning", "move_time_expired", "penalty_due", "checker_removed"]


def test_game_limit_adjudicates_by_the_count_and_reads_it(tmp_path):
    t = Table(tmp_path)
    t.match.start()
    t.game.submit_text("11-15")
    t.clock.advance(31)
    t.game.poll_clock()
    t.match.remove_checker(21)  # Red is one checker down
    limit = get_profile("va-standard").game_limit
    while t.match.game.number == 1:
        t.clock.advance(20)
        t.game.poll_clock()
        if t.match.game.number == 1 and t.game.running:
            assert t.game.submit_text(t.game.legal_moves()[0].pdn())
        t.settle()
    game1 = t.match.games[0]
    assert game1.result.reason is EndReason.ADJUDICATION
    assert game1.result.at == pytest.approx(limit)
    mat = game1.result.material
    assert mat == material_totals(game1.board)
    count = (f"The count: Black {number_words(mat[BLACK])}, Red {number_words(mat[WHITE])} "
             "(man 1, king 2).")
    # one announcement at the game's end: the named result, the count, the score
    end = [line for line in t.spoken if count in line]
    assert len(end) == 1
    winner = game1.player(game1.result.winner)
    assert end[0].startswith(f"{winner} wins game one with ")
    assert "Score: Ann Lee " in end[0]
    assert "The game's time limit is reached." in t.spoken
    assert "5 minutes of game time left." in t.spoken


def test_stalling_warning_then_penalty_under_the_visually_impaired_profile(tmp_path):
    t = Table(tmp_path, profile="va-vi")
    t.match.start()
    white = t.match.player(WHITE)
    t.game.submit_text("11-15")
    t.clock.advance(120)  # no move limit under -VI: nothing happens
    t.game.poll_clock()
    assert t.match.pending_penalty is None
    assert not t.match.official.stalling_penalty(WHITE).ok  # a warning comes first
    assert "must be warned for stalling first" in t.spoken[-1]
    t.match.official.stalling_warning(WHITE)
    assert t.spoken[-1].startswith(f"The official warns {white}, Red, for stalling.")
    assert not any("is warned for stalling" in line for line in t.spoken)  # said once
    warning = t.match.actions[-1]
    assert (warning.kind, warning.official, warning.ply) == ("stalling_warning", True, 1)
    assert warning.text.startswith(f"The official warns {white}, Red, for stalling.")
    t.match.official.stalling_penalty(WHITE)
    assert t.match.pending_penalty is not None and t.match.pending_penalty.chooser is BLACK
    assert t.match.actions[-1].text.startswith("Stalling penalty: ")
    assert t.match.remove_checker(30).ok


def test_stalling_is_refused_under_the_standard_profile(tmp_path):
    t = Table(tmp_path)
    t.match.start()
    t.match.official.stalling_warning(BLACK)
    assert "have no stalling warning" in t.spoken[-1]
    assert not [a for a in t.match.actions if a.kind == "stalling_warning"]


def test_whole_match_result_records_and_correction(tmp_path):
    t = Table(tmp_path)
    t.match.start()
    t.match.official.declare_draw()                      # game 1 drawn
    t.settle()
    p2 = t.match.game.black                              # game 2: the other player has Black
    t.match.official.declare_forfeit(WHITE, "left the table")  # p2 wins game 2
    t.settle()
    assert t.match.score()[t.match.settings.names.index(p2)] == 1
    assert t.match.game.number == 3
    t.match.official.pause()
    t.clock.advance(500)
    assert t.match.referee.clock.elapsed() == 0.0  # paused: no time counted
    t.match.official.resume()
    loser = t.match.color_of(p2).other
    t.game.resign(loser)                                 # p2 wins game 3 and the match
    t.settle()
    assert t.match.is_over and t.match.match.winner == p2
    assert t.spoken[-1].endswith(f"{p2} wins the match, two games to none.")
    assert t.spoken[-1].startswith(f"{p2} wins game three with ")
    finished = [e for e in t.events if isinstance(e, mev.MatchFinished)]
    assert len(finished) == 1 and finished[0].result.winner == p2
    pdns = sorted(t.match.folder.glob("game-*.pdn"))
    assert [p.name for p in pdns] == ["game-1.pdn", "game-2.pdn", "game-3.pdn"]
    games = [next(read_games(p.read_text())) for p in pdns]
    assert [g.game.tags["Result"] for g in games] == ["1/2-1/2", "1-0",
                                                      t.match.games[2].pdn_result]
    assert games[1].game.tags["Termination"] == "forfeit"
    assert games[0].game.tags["Profile"] == "va-standard"
    assert games[0].game.tags["BlackCenter"] in ("Tampa VAMC", "Reno VAMC")
    third = games[2].game
    assert any("Official: The official pauses the clocks." in c
               for cs in third.comments.values() for c in cs)
    assert (t.match.folder / "score-sheet.html").exists()  # no PDF writer without a window
    # the result as data, as a tournament takes it
    result = t.match.result()
    assert isinstance(result, MatchResult) and result.finished and result.winner == p2
    assert [g.reason for g in result.games] == [EndReason.OFFICIAL_DRAW, EndReason.FORFEIT,
                                                EndReason.RESIGNATION]
    assert result.games[1].forfeit_reason == "left the table"
    # the official corrects game 1 to a win for the other player: 2-1 and the match stands
    other = t.match.settings.names[1 - t.match.settings.names.index(p2)]
    t.match.official.correct_result(1, other, "scoring mistake")
    assert t.match.score()[t.match.settings.names.index(other)] == 1
    assert t.match.match.winner == p2
    assert next(read_games((t.match.folder / "game-1.pdn").read_text())).game.tags[
        "Termination"] == "corrected by the official"
    with pytest.raises(MatchSessionError, match="no game 9"):
        t.match.official.correct_result(9, None)


def test_no_game_running_raises_a_match_error(tmp_path):
    t = Table(tmp_path)
    with pytest.raises(MatchSessionError):
        t.match.official.pause()


def test_a_game_outside_the_match_stops_it_and_keeps_its_records(tmp_path):
    t = Table(tmp_path)
    t.match.start()
    t.game.submit_text("11-15")
    from checkers_desktop.session.game import Mode

    t.game.new_game(Mode.COMPUTER)  # Game > New game: the match stops
    abandoned = [e for e in t.events if isinstance(e, mev.MatchAbandoned)]
    assert len(abandoned) == 1 and abandoned[0].folder == t.match.folder
    assert '[Result "*"]' in (t.match.folder / "game-1.pdn").read_text(encoding="utf-8")
    assert t.game.player_names is None and t.game.announce_results


# --- draws (WCDF 6.1-6.4) -------------------------------------------------------------------------
def test_declined_offer_then_forty_move_count_and_the_officials_ruling(tmp_path):
    # Kings only: Red (Black, first mover) on 1, White on 32; they shuffle without meeting.
    t = Table(tmp_path, profile="wcdf", seed=4, fen="B:WK32:BK1",
              names=(PlayerInfo("Ann Lee"), PlayerInfo("Bo Diaz")))
    t.match.start()
    red, white = t.named(BLACK), t.named(WHITE)
    draws = t.match.draws
    assert draws.offer_draw().ok  # the player to move: Red
    assert t.spoken[-1] == f"{red} offers a draw. {white}, do you accept?"
    assert draws.offer is BLACK
    assert draws.answer(False).ok
    assert t.spoken[-1] == f"{white} declines the draw. Play goes on."
    assert draws.forty_move_requester() is BLACK
    assert draws.request_forty_move_count().ok
    assert t.spoken[-1].startswith(f"{red} requests the forty-move count. {white} has forty")
    assert draws.forty_move_attacker is WHITE
    assert draws.concede_strengthening().ok  # Red concedes White has strengthened: restart
    assert t.spoken[-1].startswith(f"{red} concedes that {white} has strengthened")
    shuffle = {BLACK: ("1-5", "5-1"), WHITE: ("32-28", "28-32")}
    plies = 0
    while not draws.forty_move_judgement_due:
        turn = t.game.board.turn
        assert t.game.submit_text(shuffle[turn][(plies // 2) % 2])
        plies += 1
        t.game.poll_clock()
        assert plies <= 80
    assert plies == 80  # forty of White's moves (and Red's in between)
    due = [e.event for e in t.events if isinstance(e, mev.FortyMovesDue)]
    assert len(due) == 1 and due[0].attacker is WHITE
    assert t.match.actions[-1].text.startswith(f"Forty moves are counted for {white}.")
    t.synth.clear()
    assert t.match.official.forty_move_ruling(False).ok
    game1 = t.match.games[0]
    assert game1.result.reason is EndReason.FORTY_MOVE_DRAW and game1.result.winner is None
    end = [line for line in t.spoken if "Game one is drawn" in line]
    assert len(end) == 1 and "Score: Ann Lee zero, Bo Diaz zero, one drawn." in end[0]
    kinds = [a.kind for a in t.match.actions if a.game == 1]
    for kind in ("draw_offer", "draw_declined", "forty_move_count", "forty_move_restart",
                 "forty_moves_completed", "forty_move_ruling"):
        assert kind in kinds, kind
    ruling = next(a for a in t.match.actions if a.kind == "forty_move_ruling")
    assert ruling.official and ruling.paper.endswith("in 40 moves: the game is drawn.")
    parsed = next(read_games((t.match.folder / "game-1.pdn").read_text(encoding="utf-8")))
    assert parsed.game.tags["Termination"] == "40-move count"
    comments = " ".join(c for cs in parsed.game.comments.values() for c in cs)
    assert f"{red} offers a draw." in comments and "requests the 40-move count" in comments
    assert "forty" not in comments  # digits on paper


def test_repetition_pointed_out_and_accepted_is_a_draw(tmp_path):
    t = Table(tmp_path, profile="wcdf", seed=4, fen="B:WK32:BK1")
    t.match.start()
    red, white = t.named(BLACK), t.named(WHITE)
    assert not t.match.draws.point_out_repetition().ok  # nothing repeated yet: refused aloud
    assert t.spoken[-1] == "This position has not occurred before."
    for move in ("1-5", "32-28", "5-1", "28-32"):
        assert t.game.submit_text(move)
    assert t.match.draws.point_out_repetition().ok
    assert t.spoken[-1].startswith(f"{red} points out that the position has occurred two "
                                   f"times and suggests a draw. {white}, do you accept?")
    assert t.match.draws.answer(True).ok
    assert t.match.games[0].result.reason is EndReason.REPETITION_DRAW
    assert any(f"{white} accepts the draw." == line for line in t.spoken)


def test_wcdf_draws_are_refused_under_rules_without_them(tmp_path):
    t = Table(tmp_path)
    t.match.start()
    assert not t.match.draws.point_out_repetition().ok
    assert "have no repetition draw" in t.spoken[-1]
    assert not t.match.draws.request_forty_move_count().ok
    assert "have no 40-move count" in t.spoken[-1]
    assert not t.match.draws.answer(True).ok
    assert t.spoken[-1] == "No draw is offered now."
    assert t.match.game.result is None
    assert computer_accepts_draw(Board(), WHITE)  # equal material
    ahead = Board("B:W21,22,23:B1")  # White (the computer) has three men to one
    assert not computer_accepts_draw(ahead, WHITE)
    assert computer_accepts_draw(ahead, BLACK)


# --- a whole match, saved and resumed halfway ------------------------------------------------------
def test_three_game_match_with_a_penalty_a_draw_offer_and_a_resume(tmp_path):
    t = Table(tmp_path, with_match=False)
    match = MatchSession.for_players(t.game, ("Ann Lee", "Bo Diaz"), tmp_path, best_of=3,
                                     medical_centers=("Tampa VAMC", "Reno VAMC"),
                                     age_groups=("70-74", "85-up"), division="Men 70-74",
                                     rng=random.Random(11))
    events: list = []
    match.subscribe(events.append)
    match.start()
    officiate(match)
    first, second = match.game.black, match.game.white

    # game 1: a move-time penalty (VA rulebook 3:00 s4), then a draw offer accepted
    assert t.game.submit_text("11-15")
    t.clock.advance(31)
    t.game.poll_clock()
    assert match.pending_penalty is not None and match.pending_penalty.victim is WHITE
    assert match.remove_checker(24).ok
    assert t.game.submit_text("23-19")
    assert match.draws.offer_draw().ok
    assert match.draws.answer(True).ok
    t.settle()
    assert match.games[0].result.reason is EndReason.AGREEMENT
    assert match.game.number == 2 and match.game.black == second and match.game.play_out

    # game 2: two moves, then the laptop restarts: the game is saved and resumed
    assert t.game.submit_text("11-15")
    assert t.game.submit_text("22-18")
    saved = Snapshot.from_json(snapshot_of(t.game, match).to_json())
    assert saved.extra["event"]["settings"]["division"] == "Men 70-74"

    again = Table(tmp_path / "after", with_match=False)
    resumed = resume(again.game, saved, records_dir=tmp_path / "elsewhere")
    assert resumed.problems == []
    match2 = resumed.match
    # the records go to the app's own records folder, under the match folder's saved name
    assert match2 is not None and match2.folder == tmp_path / "elsewhere" / match.folder.name
    assert match2.game.number == 2 and again.game.board.fen() == t.game.board.fen()
    assert again.game.player_names == {BLACK: second, WHITE: first}
    assert any(line.startswith("Match Ann Lee against Bo Diaz, game 2.")
               for line in again.spoken)
    assert again.spoken[-1].startswith("The match is resumed. Game 2 waits for the official: "
                                       "Event, Official, Start the game (Control Alt G)."), \
        again.spoken[-1]
    assert match2.paused  # the clocks wait for the official
    assert not again.game.submit_text(again.game.legal_moves()[0].pdn())
    match2.official.resume()
    # game 2: the second player wins when the first resigns
    assert again.game.submit_text(again.game.legal_moves()[0].pdn())
    again.game.resign(match2.color_of(first))
    again.settle()
    assert match2.game.number == 3 and match2.game.black == first
    # game 3: the first player forfeits; the second wins the match two games to none
    match2.official.declare_forfeit(match2.color_of(first), "did not come back")
    again.settle()
    assert match2.is_over
    result = match2.result()
    assert result.finished and result.winner == second and result.division == "Men 70-74"
    assert result.wins == ((0, 2) if second == "Bo Diaz" else (2, 0)) and result.draws == 1
    assert again.spoken[-1].endswith(f"{second} wins the match, two games to none.")
    # each game's end is said once, by the match, with the names
    assert not [line for line in t.spoken + again.spoken if line.startswith(
        ("The game is drawn", "Black resigns", "Red resigns", "Black wins", "Red wins"))]
    assert again.game.announce_results and again.game.player_names == {BLACK: first,
                                                                      WHITE: second}
    pdn3 = next(read_games((match2.folder / "game-3.pdn").read_text(encoding="utf-8"))).game
    assert pdn3.tags["Division"] == "Men 70-74"
    assert pdn3.tags["TerminationDetail"].endswith("did not come back")


def test_resume_names_the_unusable_saved_fields_and_still_resumes(tmp_path):
    t = Table(tmp_path)
    t.match.start()
    assert t.game.submit_text("11-15")
    snap = snapshot_of(t.game, t.match)
    snap = snap.with_extra(mode="sideways", level="strong",
                           event={"settings": {"players": ["Ann"]}})
    again = Table(tmp_path / "again", with_match=False)
    resumed = resume(again.game, snap, records_dir=tmp_path)
    assert resumed.match is None  # the match's settings are not usable: the game goes on alone
    assert len(resumed.problems) == 3
    assert any("'sideways'" in p for p in resumed.problems)
    assert any("could not be rebuilt" in p for p in resumed.problems)
    assert again.game.board.fen() == t.game.board.fen() and again.game.running


def test_the_new_match_form_offers_only_event_rules():
    """A match is played under event rules: the form's rules never include a profile that allows
    hints or taking back ("Practice at home"), the two VA profiles come first, and every event
    profile is offered."""
    from checkers_desktop.rules.profiles import PROFILES
    from checkers_desktop.session.match_model import EVENT_PROFILE_KEYS

    assert EVENT_PROFILE_KEYS[:2] == ("va-standard", "va-vi")
    assert "practice" not in EVENT_PROFILE_KEYS
    for key in EVENT_PROFILE_KEYS:
        assert not get_profile(key).allows_hints and not get_profile(key).allows_undo, key
    assert set(EVENT_PROFILE_KEYS) == {k for k, p in PROFILES.items()
                                       if not (p.allows_hints or p.allows_undo)}


def test_a_result_corrected_without_a_reason_reads_once_on_the_score_sheet(tmp_path):
    """The official corrects the game in progress, then a finished one, giving no reason: the
    sheet says "as corrected by the official" once, not "...: corrected by the official"."""
    t = Table(tmp_path)
    t.match.start()
    assert t.game.submit_text("11-15")
    t.match.official.correct_result(1, None, "")
    t.settle()
    t.match.official.correct_result(1, t.match.settings.names[0], "")
    results = [line for line in t.match.score_sheet_html().splitlines() if "Result:" in line]
    assert "Ann Lee wins (1-0) as corrected by the official, at 0:00 game time" in results[0]
    assert all(line.count("corrected by the official") <= 1 for line in results)
    assert all("by corrected" not in line for line in results)
    t.match.official.correct_result(1, None, "scoring mistake")
    assert "Drawn (1/2-1/2) as corrected by the official: scoring mistake" in \
        t.match.score_sheet_html()
