"""Saves and records you can trust, with no window: a match saved and resumed twice keeps every game
on its score sheet; a save or a record changed outside the app is resumed and flagged; an
impossible position is refused and kept aside; a save the sessions cannot rebuild is kept aside,
told, and autosave goes on; the records go to the app's own folder whatever the save says."""

from __future__ import annotations

import json
import random
import re

import pytest

from checkers_desktop.rules import BLACK, WHITE, Board
from checkers_desktop.rules.rulings import EndReason
from checkers_desktop.session.game import GameSession, Mode
from checkers_desktop.session.history import removals_of
from checkers_desktop.session.match import MatchSession
from checkers_desktop.session.ports import InlineEngine, ManualScheduler, first_legal_move
from checkers_desktop.session.saves import SaveKeeping
from checkers_desktop.speech.announcer import Announcer
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.storage import AutosaveStore, Integrity, KeyRing, RecordKey, SaveProblem
from checkers_desktop.storage import records as record_store
from checkers_desktop.storage.integrity import canonical_json

from officiating import officiate

KEY = RecordKey.from_secret(bytes(range(32)))


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Desk:
    """One start of the app, without a window: a game session, its autosave in ``data``, what was
    told, and the match records under ``data/event``, sealed with one key."""

    def __init__(self, data, keys=None) -> None:
        self.synth = FakeSynth()
        self.clock = FakeTime()
        self.scheduler = ManualScheduler()
        self.game = GameSession(Announcer([self.synth]),
                                InlineEngine(self.scheduler, first_legal_move), self.scheduler,
                                time_source=self.clock, poll_seconds=0)
        self.keys = keys or KeyRing.of(KEY)
        record_store.use_keys(self.keys)
        self.store = AutosaveStore(data, self.keys)
        self.told: list[str] = []
        self.keeping = SaveKeeping(self.game, self.store, self.told.append)
        self.records = data / "event"
        self.match = None

    def start_match(self, seed=11) -> MatchSession:
        self.match = MatchSession.for_players(self.game, ("Ann Lee", "Bo Diaz"), self.records,
                                              best_of=3, rng=random.Random(seed))
        self.match.start()
        officiate(self.match)
        return self.match

    def restart(self) -> MatchSession | None:
        offer = self.keeping.find()
        assert offer is not None, self.told
        resumed = self.keeping.resume(offer, records_dir=self.records)
        assert resumed is not None, self.told
        self.match = resumed.match
        if self.match is not None:
            officiate(self.match)
        return self.match

    def save(self) -> None:
        assert self.keeping.save(self.match) is None

    def settle(self) -> None:
        self.scheduler.run_pending()

    def play(self, *moves: str) -> None:
        for text in moves:
            assert self.game.submit_text(text), text


def game_rows(html: str) -> list[int]:
    return [int(n) for n in re.findall(r"<h2>Game (\d+)</h2>", html)]


# --- the score sheet after resuming ------------------------------------------------------------------
def test_match_resumed_twice_then_finished_lists_every_game(tmp_path):
    data = tmp_path / "data"
    one = Desk(data)
    match = one.start_match()
    first, second = match.game.black, match.game.white
    # game 1: a move-time penalty removes a checker (VA rulebook 3:00 s4), then a draw by agreement
    one.play("11-15")
    one.clock.now += 31
    one.game.poll_clock()
    assert match.remove_checker(24).ok
    one.play("23-19")
    assert match.draws.offer_draw().ok and match.draws.answer(True).ok
    one.settle()
    assert match.game.number == 2
    one.play("11-15", "22-18")
    one.save()
    game1_moves = [m.pdn() for m in match.games[0].board.move_stack]

    # first restart: game 2 goes on and is won
    two = Desk(data)
    match2 = two.restart()
    assert [g.number for g in match2.games] == [1, 2]
    assert [m.pdn() for m in match2.games[0].board.move_stack] == game1_moves
    assert removals_of(match2.games[0].board, "va-standard") == [(1, 24)]
    assert match2.games[0].result.reason is EndReason.AGREEMENT
    match2.official.resume()
    two.game.resign(match2.color_of(first))
    two.settle()
    assert match2.game.number == 3
    two.play(two.game.legal_moves()[0].pdn())
    two.save()

    # second restart: game 3 ends the match
    three = Desk(data)
    match3 = three.restart()
    assert [g.number for g in match3.games] == [1, 2, 3]
    match3.official.resume()
    match3.official.declare_forfeit(match3.color_of(first), "did not come back")
    three.settle()
    assert match3.is_over and match3.match.winner == second
    html = match3.score_sheet_html()
    assert game_rows(html) == [1, 2, 3]
    assert "checker on 24" in html or "on 24" in html  # the penalty logged in game 1 survived
    assert html.count("Changed outside the app") == 0
    sheet = match3.folder / "score-sheet.html"
    assert game_rows(sheet.read_text(encoding="utf-8")) == [1, 2, 3]
    assert [g.number for g in match3.result().games] == [1, 2, 3]
    assert record_store.check_folder(match3.folder, three.keys) == {
        "game-1.pdn": Integrity.VERIFIED, "game-2.pdn": Integrity.VERIFIED,
        "game-3.pdn": Integrity.VERIFIED, "score-sheet.html": Integrity.VERIFIED,
        "results.json": Integrity.VERIFIED}
    assert three.told == [] and two.told == []


# --- changed outside the app -------------------------------------------------------------------------
def _tamper(path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def test_tampered_autosave_is_resumed_and_flagged_on_the_score_sheet(tmp_path):
    data = tmp_path / "data"
    one = Desk(data)
    one.start_match()
    one.play("11-15")
    one.save()

    def forge(d):
        d["extra"]["event"]["settings"]["official"] = "Forged Official"

    _tamper(one.store.path, forge)
    two = Desk(data)
    offer = two.keeping.find()
    assert offer.integrity is Integrity.CHANGED
    assert "changed outside the app" in offer.question
    match2 = two.match = two.keeping.resume(offer, records_dir=two.records).match
    assert match2 is not None and match2.game.number == 1  # a legal game: resumed
    assert any("changed outside the app" in t and "score sheet says so" in t for t in two.told)
    html = match2.score_sheet_html()
    assert "Changed outside the app" in html and "did not match its seal" in html
    # the note is kept in the record of every later save and in the game's PDN
    two.save()
    again = Desk(data)
    match3 = again.restart()
    assert "Changed outside the app" in match3.score_sheet_html()
    match3.official.resume()
    again.game.resign(BLACK)
    again.settle()
    pdn = (match3.folder / "game-1.pdn").read_text(encoding="utf-8")
    assert "Changed outside the app" in pdn


@pytest.mark.parametrize("how, verdict", [("remove", Integrity.UNSEALED),
                                          ("other", Integrity.OTHER_INSTALL)])
def test_unsealed_and_foreign_saves_are_flagged(tmp_path, how, verdict):
    data = tmp_path / "data"
    one = Desk(data)
    one.game.new_game(Mode.TWO_PLAYERS)
    one.play("11-15")
    one.save()

    def change(d):
        if how == "remove":
            del d["seal"]
        else:
            d.pop("seal")
            d["seal"] = RecordKey.from_secret(b"\x07" * 32).seal(canonical_json(d))

    _tamper(one.store.path, change)
    two = Desk(data)
    offer = two.keeping.find()
    assert offer.integrity is verdict
    assert two.keeping.resume(offer, records_dir=two.records) is not None
    assert len(two.told) == 1 and "It is a legal game, so it was resumed." in two.told[0]


def test_tampered_record_is_flagged_kept_aside_and_written_again(tmp_path):
    data = tmp_path / "data"
    one = Desk(data)
    match = one.start_match()
    loser = match.game.black
    one.play("11-15")
    one.game.resign(BLACK)
    one.settle()
    one.play("11-15")
    one.save()
    record = match.folder / "game-1.pdn"
    original = record.read_text(encoding="utf-8")
    forged = original.replace(f'[Black "{loser}"]', '[Black "Someone Else"]')
    assert forged != original
    record.write_text(forged, encoding="utf-8")

    two = Desk(data)
    match2 = two.restart()
    assert any("The record game-1.pdn in this match's folder was changed outside the app" in t
               for t in two.told), two.told
    kept = list(match2.folder.glob("game-1.changed-*.pdn"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == forged
    assert record.read_text(encoding="utf-8").count(f'[Black "{loser}"]') == 1
    assert record_store.check_record(record, two.keys) is Integrity.VERIFIED
    html = match2.score_sheet_html()
    assert "the record game-1.pdn did not match its seal" in html


def test_records_folder_named_in_the_save_is_never_followed(tmp_path):
    data = tmp_path / "data"
    one = Desk(data)
    one.start_match()
    one.play("11-15")
    one.save()
    outside = tmp_path / "outside"

    def redirect(d):
        d["extra"]["event"]["folder"] = str(outside / ".." / "..")

    _tamper(one.store.path, redirect)
    two = Desk(data)
    match2 = two.restart()
    assert match2.folder.parent == two.records
    match2.official.resume()
    two.game.resign(BLACK)
    two.settle()
    assert list(match2.folder.glob("game-1.pdn"))
    assert not outside.exists() and not list(tmp_path.glob("*.pdn"))


# --- refused and kept aside --------------------------------------------------------------------------
def _saved(desk) -> dict:
    return json.loads(desk.store.path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", ["28 men against 4", "match from a set position",
                                  "not set up but a FEN start", "moves lead elsewhere"])
def test_unreachable_position_is_refused_and_kept_aside(tmp_path, case):
    data = tmp_path / "data"
    one = Desk(data)
    if case.startswith("match"):
        one.start_match()
    else:
        one.game.new_game(Mode.TWO_PLAYERS)
    one.play("11-15")
    one.save()
    d = _saved(one)
    if case == "28 men against 4":
        d["pdn"] = d["pdn"].replace("[GameType", '[SetUp "1"]\n[FEN "B:W1-28:B29-32"]\n[GameType')
        d["fen"] = "W:W1-28:B29-32"
    elif case in ("match from a set position", "not set up but a FEN start"):
        start = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B9,10,11,12"
        d["pdn"] = d["pdn"].replace("[GameType", f'[SetUp "1"]\n[FEN "{start}"]\n[GameType')
        d["fen"] = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B9,10,12,15"
    else:
        d["fen"] = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    one.store.path.write_text(json.dumps(d), encoding="utf-8")

    two = Desk(data)
    assert two.keeping.find() is None
    aside = two.keeping.found.set_aside
    assert len(aside) == 1
    last = aside[0]
    assert last.original == two.store.path
    assert last.problem is SaveProblem.UNREACHABLE and last.kept.name.startswith(
        "autosave.refused-")
    assert two.told == [f"The saved game was refused: its position cannot be reached by the "
                        f"recorded moves ({last.reason}); it was kept as {last.kept} and a new "
                        f"game started."]
    assert not two.store.path.exists()
    reason = last.kept.with_name(last.kept.name + ".txt").read_text()
    assert last.reason in reason


def test_set_up_position_is_resumed(tmp_path):
    data = tmp_path / "data"
    one = Desk(data)
    one.game.load_position("B:W18,K30:B9,K27")
    one.play("9-14")
    one.save()
    two = Desk(data)
    offer = two.keeping.find()
    assert offer is not None and offer.integrity is Integrity.VERIFIED
    assert two.keeping.resume(offer, records_dir=two.records) is not None
    assert two.game.board.fen() == one.game.board.fen() and two.told == []


def test_the_levels_that_played_the_computers_moves_outlive_a_resume(tmp_path):
    """A game against the computer resumed after the app stopped still credits each of the
    computer's moves to its level (a later Game > Save game writes them)."""
    from checkers_desktop.session.keeping import game_record

    data = tmp_path / "data"
    one = Desk(data)
    one.game.level = 4
    one.game.new_game(Mode.COMPUTER, announce=False)
    one.play("11-15")
    one.settle()
    one.game.level = 2
    one.play(one.game.legal_moves()[0].pdn())
    one.settle()
    assert one.game.computer_move_levels() == {1: 4, 3: 2}
    one.save()
    two = Desk(data)
    two.restart()
    assert two.game.computer_move_levels() == {1: 4, 3: 2}
    nodes = game_record(two.game).nodes
    assert [n.comments for n in nodes] == [[], ["[%level 4]"], [], ["[%level 2]"]]


# --- faults while resuming, fields of the wrong type ------------------------------------------------
def test_player_names_as_a_list_never_lose_the_save(tmp_path):
    data = tmp_path / "data"
    one = Desk(data)
    one.game.new_game(Mode.TWO_PLAYERS, player_names={BLACK: "Ann", WHITE: "Bo"})
    one.play("11-15", "23-19")
    one.save()

    def listed(d):
        d["extra"]["player_names"] = ["Ann", "Bo"]
        d["extra"]["level"] = "strong"
        d["extra"]["human_color"] = ["B"]

    _tamper(one.store.path, listed)
    two = Desk(data)
    offer = two.keeping.find()
    assert offer is not None
    assert two.keeping.resume(offer, records_dir=two.records) is not None
    assert two.game.board.fen() == one.game.board.fen()
    assert any("names are malformed" in t for t in two.told)
    assert two.keeping.save() is None  # autosave goes on; the resumed game is what is saved
    assert two.store.load().fen == one.game.board.fen()


def test_a_fault_while_resuming_keeps_the_save_aside_and_autosave_goes_on(tmp_path, monkeypatch):
    data = tmp_path / "data"
    one = Desk(data)
    one.game.new_game(Mode.TWO_PLAYERS)
    one.play("11-15")
    one.save()
    one.play("23-19")
    one.save()
    two = Desk(data)
    offer = two.keeping.find()

    def broken(*args, **kwargs):
        raise AttributeError("'list' object has no attribute 'get'")

    monkeypatch.setattr("checkers_desktop.session.saves.resume", broken)
    assert two.keeping.resume(offer, records_dir=two.records) is None
    told = two.told[-1]
    assert told.startswith("The saved game could not be read; it was kept as ")
    assert "and a new game started." in told
    kept = sorted(data.glob("autosave*.damaged-*.json"))
    assert len(kept) == 2  # the save and the one before it: neither is offered again
    assert two.game.board.ply == 0 and two.game.running
    two.play("9-13")
    assert two.keeping.save() is None
    assert two.store.load().ply == 1


def test_a_data_folder_that_is_a_file_is_told_in_plain_words(tmp_path):
    """Saving where the data folder's path is a file: the message names the file, says nothing of
    an earlier save (there is none) and play goes on."""
    data = tmp_path / "data"
    data.write_text("not a folder")
    desk = Desk(data)
    desk.game.new_game(Mode.TWO_PLAYERS)
    desk.play("11-15")
    told = desk.keeping.save()
    assert told == (f"The game could not be saved automatically ({data} is a file, not a "
                    "folder). Play goes on.")
    desk.play("23-19")
    assert desk.game.board.ply == 2


def test_the_score_sheet_says_how_a_game_ended_in_plain_words():
    """"Drawn (1/2-1/2) as corrected by the official", never "by corrected by the official"."""
    from checkers_desktop.rules import Board
    from checkers_desktop.rules.rulings import GameResult
    from checkers_desktop.session.match_model import PlayedGame
    from checkers_desktop.session.score_sheet import _result_line

    sides = {BLACK: "Black", WHITE: "Red"}
    game = PlayedGame(1, "Ann Lee", "Bo Diaz", False, Board(),
                      GameResult(None, EndReason.CORRECTED, "", 600.0), pdn_path=None)
    game_pdn = game.pdn_result
    line = _result_line(game, sides)
    assert "by corrected" not in line and f"({game_pdn}) as corrected by the official" in line
    forty = PlayedGame(2, "Bo Diaz", "Ann Lee", False, Board(),
                       GameResult(None, EndReason.FORTY_MOVE_DRAW, "", 900.0))
    assert "by the 40-move count" in _result_line(forty, sides)


@pytest.mark.parametrize("mode, level, words", [
    ("computer", 4, "An unfinished game was found: against the computer at level 4, "),
    ("two players", None, "An unfinished game was found: for two players, "),
])
def test_the_resume_offer_says_how_the_game_was_played(mode, level, words):
    """A game for two players is not offered as if against the computer, nor the reverse; the
    rule profile, the moves and the turn follow."""
    from checkers_desktop.session.saves import offer_summary
    from checkers_desktop.storage import Snapshot

    board = Board()
    board.push_pdn("11-15")
    extra = {"mode": mode, "human_color": "B"} | ({"level": level} if level else {})
    text = offer_summary(Snapshot.from_board(board, profile="practice", extra=extra))
    assert text.startswith(words), text
    assert text.endswith("after 1 move, Red to move."), text
