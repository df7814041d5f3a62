"""The tournament desk without a window: each command's preconditions are checked before any
question (nothing open, a table laptop, a division with results or nobody in it, a match decided
or not ready), the event PIN guards every change (a wrong PIN, the wait after too many, an event
PIN removed or changed outside the app keep the door shut), and what is done is said with the
sentences of texts/. A real tournament on SQLite; the questions answered by a script."""

from __future__ import annotations

import pytest

from checkers_desktop.session.desk_steps import (AskCompetitor, AskGames, AskPin, AskText,
                                                 AskWalkover, Changed, Choose, Confirm,
                                                 CorrectionAnswer, Ending, Refusal, Say,
                                                 WalkoverAnswer, drive)
from checkers_desktop.session.official_gate import MAX_ATTEMPTS, OfficialGate
from checkers_desktop.session.official_pin import PinHash
from checkers_desktop.session.official_tries import TryCounter
from checkers_desktop.session.tournament_desk import TournamentDesk
from checkers_desktop.storage import records as record_store
from checkers_desktop.storage.integrity import KeyRing, RecordKey
from checkers_desktop.tournament.model import CompetitorInput, MatchStatus
from checkers_desktop.tournament.store import Tournament

EVENT = "905173"
EVENT_HASH = PinHash.make(EVENT)  # scrypt: made once
NAMES = ("Ann Lee", "Bo Diaz", "Cy Rowe", "Dee Sims")


class Script:
    """Answers the desk's questions from lists per kind of question (``Confirm=[True]``); keeps
    each question asked (:attr:`asked`) and each sentence said (:attr:`said`, with "changed"
    where the tournament was to be read again)."""

    def __init__(self, **answers) -> None:
        self.answers = {k: list(v) for k, v in answers.items()}
        self.asked: list = []
        self.said: list[str] = []

    def answer(self, question):
        self.asked.append(question)
        kind = type(question).__name__
        if isinstance(question, AskPin):
            typed = self.answers.get(kind, [None]).pop(0) if self.answers.get(kind) else None
            # as the PIN dialog: the official's name only once the gate accepts the PIN
            return "Carol Ruiz" if typed is not None and question.check(typed, "Carol Ruiz").ok \
                else None
        queue = self.answers.get(kind) or []
        answer = queue.pop(0) if queue else None
        if isinstance(question, AskWalkover) and question.pin_action is not None \
                and answer is not None:
            # as the form: the PIN typed in it (``FormPin``) is checked, a wrong one keeps it
            # open until cancelled
            typed = self.answers.get("FormPin", [None]).pop(0) if self.answers.get("FormPin") \
                else None
            if typed is None or not question.check(typed, "Carol Ruiz").ok:
                return None
        if isinstance(question, AskCompetitor) and answer is not None:
            return question.save(answer)  # as the form: what was typed is saved, then it closes
        return answer

    def show(self, step):
        self.said.append("changed" if isinstance(step, Changed) else step.text)

    def run(self, work):
        outcome = drive(work, self.answer, self.show)
        if outcome.text:
            self.said.append(outcome.text)
        return outcome

    @property
    def kinds(self) -> list[str]:
        return [type(q).__name__ for q in self.asked]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def keys(tmp_path):
    ring = KeyRing.of(RecordKey.from_secret(b"d" * 32))
    before = record_store.keys_in_use()
    record_store.use_keys(ring, tmp_path)
    yield ring
    record_store.use_keys(*before)


@pytest.fixture
def drawn(tmp_path, keys):
    """An organiser's tournament: four competitors in 70-74, one division drawn with seed 7;
    (the tournament, its matches with both players known)."""
    t = Tournament.open(tmp_path / "t.db", name="Golden Age Games test", keys=keys)
    for name in NAMES:
        t.add_competitor(CompetitorInput(name, "Tampa VAMC", "70-74"))
    t.make_divisions()
    t.draw(t.divisions()[0].key, seed=7)
    yield t, [m for m in t.matches() if m.a is not None and m.b is not None]
    t.close()


def protected_gate(clock=None) -> OfficialGate:
    """A gate with the event PIN set (and its own count of wrong PINs on ``clock``)."""
    clock = clock or Clock()
    return OfficialGate(lambda: EVENT_HASH, time_source=clock,
                        tries=TryCounter(clock=clock))


def all_commands(desk: TournamentDesk, number: int = 1, key: str = "x") -> dict:
    """Every command of the desk that changes the tournament, not started yet."""
    return {
        "add": lambda: desk.add_competitor(), "withdraw": lambda: desk.withdraw(1),
        "import": lambda: desk.import_competitors(), "divisions": lambda: desk.divisions(),
        "draw": lambda: desk.draw(key), "draw all": lambda: desk.draw_all(),
        "tables": lambda: desk.calls.tables(), "call next": lambda: desk.calls.call_next(),
        "call": lambda: desk.calls.call_match(number),
        "result": lambda: desk.results.enter_result(number),
        "walkover": lambda: desk.results.walkover(number),
        "correct": lambda: desk.results.correct_result(number),
    }


# --- preconditions ---------------------------------------------------------------------------
def test_with_nothing_open_every_command_is_refused_before_any_question():
    desk = TournamentDesk(protected_gate())
    for name, command in all_commands(desk).items():
        script = Script()
        outcome = script.run(command())
        assert outcome.ending is Ending.REFUSED and outcome.reason is Refusal.NO_TOURNAMENT, name
        assert script.asked == [], name
        assert script.said == ["No tournament is open. Open one from the Tournament menu: this "
                               "laptop's tournament, a tournament file, or the tournament "
                               "server."], name


def test_a_table_laptop_is_refused_the_organisers_commands_and_sees_its_own_calls(
        drawn, tmp_path, keys):
    t, ready = drawn
    t.call(ready[0].number, 3)
    table = Tournament.open(tmp_path / "t.db", table=3, keys=keys)
    try:
        desk = TournamentDesk(protected_gate())
        desk.tournament = table
        for name, command in all_commands(desk, ready[0].number, t.divisions()[0].key).items():
            script = Script(AskPin=[EVENT])
            outcome = script.run(command())
            assert outcome.reason is Refusal.NOT_ORGANISER, name
            assert script.asked == [], name  # not even the PIN
            assert "table 3" in outcome.text
        # the table's own list is what its link read: none yet, then the match called to it
        refused = desk.calls.called(())
        assert refused.reason is Refusal.NO_CALLED_MATCH and "table 3" in refused.text
        called = table.called_matches(3)
        assert [m.number for m in desk.calls.called(tuple(called))] == [ready[0].number]
    finally:
        table.close()
    # the organiser's list: every match called or being played, read from the tournament
    organiser = TournamentDesk()
    organiser.tournament = t
    assert [m.number for m in organiser.calls.called(())] == [ready[0].number]


def test_redrawing_a_division_with_results_is_refused_before_the_pin_and_any_question(drawn):
    t, ready = drawn
    key, label = t.divisions()[0].key, t.divisions()[0].label
    t.enter_result(ready[0].number, [ready[0].a.name, ready[0].a.name])
    desk = TournamentDesk(protected_gate())
    desk.tournament = t
    script = Script(AskPin=[EVENT], Confirm=[True], AskText=["7"])
    outcome = script.run(desk.draw(key))
    assert outcome.reason is Refusal.HAS_RESULTS
    assert script.asked == []
    assert script.said == [f"Division {label} has results: it cannot be drawn again."]
    assert t.match(ready[0].number).status is MatchStatus.DECIDED  # the bracket is as it was


def test_a_division_with_nobody_left_is_refused_before_any_question(tmp_path, keys):
    t = Tournament.open(tmp_path / "t.db", keys=keys)
    try:
        c = t.add_competitor(CompetitorInput("Ann Lee", "Tampa VAMC", "55-59"))
        t.make_divisions()
        t.withdraw(c.id, why="went home")
        desk = TournamentDesk()
        desk.tournament = t
        script = Script(Confirm=[True], AskText=[""])
        outcome = script.run(desk.draw(t.divisions()[0].key))
        assert outcome.reason is Refusal.NO_COMPETITOR and script.asked == []
        assert not t.divisions()[0].drawn
        # no such division, and none at all to draw: said, nothing asked
        assert script.run(desk.draw("no-such")).reason is Refusal.NO_DIVISION
        assert script.run(desk.draw(None)).reason is Refusal.NO_DIVISION
        assert script.run(desk.draw_all()).reason is Refusal.NOTHING_TO_DRAW
        assert script.asked == []
    finally:
        t.close()


def test_a_match_decided_or_waiting_is_refused_before_the_pin(drawn):
    t, ready = drawn
    match = ready[0]
    t.enter_result(match.number, [match.a.name, match.a.name])
    final = next(m for m in t.matches() if m.number is not None and m.b is None)
    desk = TournamentDesk(protected_gate())
    desk.tournament = t
    cases = [(desk.results.enter_result(match.number), Refusal.ALREADY_DECIDED),
             (desk.results.walkover(match.number), Refusal.ALREADY_DECIDED),
             (desk.results.enter_result(final.number), Refusal.NOT_READY),
             (desk.results.walkover(final.number), Refusal.NOT_READY),
             (desk.results.correct_result(ready[1].number), Refusal.NOTHING_TO_CORRECT)]
    for work, reason in cases:
        script = Script(AskPin=[EVENT])
        assert script.run(work).reason is reason
        assert script.asked == []
    assert script.said == [f"Match {ready[1].number} has no result to correct yet."]


# --- the event PIN -----------------------------------------------------------------------------
def test_a_wrong_pin_keeps_the_tournament_as_it_was_and_the_right_one_opens_one_change(drawn):
    t, ready = drawn
    match = ready[0]
    gate = protected_gate()
    desk = TournamentDesk(gate)
    desk.tournament = t
    for typed in (None, "1234"):  # cancelled, then a wrong PIN
        script = Script(AskPin=[typed], AskGames=[[match.a.name, match.a.name]])
        outcome = script.run(desk.results.enter_result(match.number))
        assert outcome.reason is Refusal.OFFICIALS_ACTION
        assert script.kinds == ["AskPin"] and script.asked[0].action == "record_result"
        assert script.said == ["Recording a result is the official's action. Ask the official."]
    assert t.match(match.number).status is not MatchStatus.DECIDED and gate.tries.wrong == 1
    # the official's PIN: the form, the result recorded, the tournament read again, then said
    script = Script(AskPin=[EVENT], AskGames=[[match.a.name, match.a.name]])
    assert script.run(desk.results.enter_result(match.number)).ending is Ending.DONE
    assert script.kinds == ["AskPin", "AskGames"]
    assert script.said == ["changed", f"{match.a.name} beat {match.b.name}, 2 games to 0."]
    # one PIN, one change: the next one asks again
    script = Script(AskGames=[[ready[1].a.name, ready[1].a.name]])
    assert script.run(desk.results.enter_result(ready[1].number)).reason is \
        Refusal.OFFICIALS_ACTION
    assert t.match(ready[1].number).status is not MatchStatus.DECIDED


def test_after_too_many_wrong_pins_even_the_right_one_waits(drawn):
    t, ready = drawn
    clock = Clock()
    desk = TournamentDesk(protected_gate(clock))
    desk.tournament = t
    for _ in range(MAX_ATTEMPTS):
        Script(AskWalkover=[WalkoverAnswer(0, "late")], FormPin=["1111"]).run(
            desk.results.walkover(ready[0].number))
    script = Script(AskWalkover=[WalkoverAnswer(0, "late")], FormPin=[EVENT])
    outcome = script.run(desk.results.walkover(ready[0].number))
    assert outcome.reason is Refusal.OFFICIALS_ACTION and script.kinds == ["AskWalkover"]
    assert t.match(ready[0].number).status is not MatchStatus.DECIDED
    clock.now += desk.gate.wait_seconds() + 1  # after the wait, the right PIN opens it
    script = Script(AskWalkover=[WalkoverAnswer(0, "late")], FormPin=[EVENT])
    assert script.run(desk.results.walkover(ready[0].number)).done
    assert t.match(ready[0].number).kind == "walkover"


@pytest.mark.parametrize("problem", ["event removed", "event changed", "event unsealed"])
def test_an_event_pin_removed_or_changed_outside_the_app_keeps_the_door_shut(drawn, problem):
    """No event PIN left (removed, or one that cannot be trusted): the gate is locked, not
    open; a player's PIN is refused; only the official's recovery PIN opens it."""
    t, ready = drawn
    clock = Clock()
    gate = OfficialGate(lambda: None, time_source=clock, tries=TryCounter(clock=clock))
    gate.event_lock = lambda: problem
    recovery: list = []
    gate.recovery_pins = lambda: recovery
    desk = TournamentDesk(gate)
    desk.tournament = t
    key = t.divisions()[0].key
    for work in (desk.draw(key), desk.results.enter_result(ready[0].number), desk.calls.tables()):
        script = Script(AskPin=["2468"], Confirm=[True], AskText=["9"], AskInteger=[4],
                        AskGames=[[ready[0].a.name]])
        outcome = script.run(work)
        assert outcome.reason is Refusal.OFFICIALS_ACTION and script.kinds == ["AskPin"]
    assert t.divisions()[0].draw_seed == 7 and t.info().get("table_count") != 4
    recovery.append(EVENT_HASH)
    clock.now += gate.wait_seconds() + 1  # the wait after the wrong PINs above
    script = Script(AskPin=[EVENT], AskInteger=[4])
    assert script.run(desk.calls.tables()).done and t.info().get("table_count") == 4


def test_without_an_event_pin_nothing_asks_for_it(drawn):
    t, ready = drawn
    desk = TournamentDesk()
    desk.tournament = t
    script = Script(Confirm=[True], AskText=["11"])
    assert script.run(desk.draw(t.divisions()[0].key)).done
    assert script.kinds == ["Confirm", "AskText"]
    assert script.said[0] == "changed" and "drawn with seed 11" in script.said[1]


# --- the questions -----------------------------------------------------------------------------
def test_a_draw_seed_that_is_no_number_is_refused_and_nothing_is_drawn(drawn):
    t, _ready = drawn
    desk = TournamentDesk()
    desk.tournament = t
    for typed in ("seven", "-1", str(2 ** 31)):
        script = Script(Confirm=[True], AskText=[typed])
        outcome = script.run(desk.draw(t.divisions()[0].key))
        assert outcome.reason is Refusal.BAD_SEED and "is not a draw seed" in outcome.text
    assert t.divisions()[0].draw_seed == 7


def test_an_empty_reason_is_asked_again_then_the_walkover_is_recorded(drawn):
    t, ready = drawn
    match = ready[0]
    desk = TournamentDesk()
    desk.tournament = t
    script = Script(AskWalkover=[WalkoverAnswer(1, "")], AskText=["  ", "did not come"])
    assert script.run(desk.results.walkover(match.number)).done
    assert script.kinds == ["AskWalkover", "AskText", "AskText"]
    assert script.asked[0].players[0].startswith(match.a.name)
    again = "A reason is needed: it goes in the audit log. Type why, or press Escape to cancel."
    assert [q.label for q in script.asked[2:]] == [again]
    third = next(m for m in t.matches() if m.round_name == "Third place")
    assert script.said == [again, "changed", f"{match.b.name} beat {match.a.name}, by "
                           f"walkover. {match.a.name} still plays for third place, in match "
                           f"{third.number}; if {match.a.name} has left the event, withdraw "
                           "them."]
    # three times empty: nothing changes, and it is said why
    script = Script(AskCorrection=[CorrectionAnswer((match.a.name, match.a.name), None, "")],
                    AskText=["", "", ""])
    outcome = script.run(desk.results.correct_result(match.number))
    assert outcome.ending is Ending.CANCELLED
    assert script.said[-1] == "Say why: it goes in the audit log. Nothing was changed."
    assert t.match(match.number).winner.id == match.b.id


def test_a_walkover_is_one_form_with_the_pin_who_came_and_why(drawn):
    """The PIN, who came to the table and the reason (filled in with the usual one) in one
    form stating the outcome, one confirm; no PIN dialog, no second dialog for the reason.
    Closed without the PIN: refused as the official's action, nothing changed."""
    t, ready = drawn
    match = ready[0]
    desk = TournamentDesk(protected_gate())
    desk.tournament = t
    script = Script(AskWalkover=[None])
    outcome = script.run(desk.results.walkover(match.number))
    assert outcome.reason is Refusal.OFFICIALS_ACTION and script.kinds == ["AskWalkover"]
    form = script.asked[0]
    assert form.pin_action == "walkover" and form.why == "did not come to the table in time"
    assert form.players[1].startswith(match.b.name)
    assert form.outcome(1) == (f"{match.b.name} wins match {match.number} by walkover: "
                               f"{match.a.name} did not come to the table.")
    assert t.match(match.number).status is not MatchStatus.DECIDED
    script = Script(AskWalkover=[WalkoverAnswer(1, "late by 20 minutes")], FormPin=[EVENT])
    assert script.run(desk.results.walkover(match.number)).done
    assert script.kinds == ["AskWalkover"]
    assert t.match(match.number).winner.id == match.b.id
    assert [e for e in t.audit_log() if e.action == "walkover"][-1].why == "late by 20 minutes"


def test_a_withdrawal_says_every_match_it_decides(drawn):
    """A semi-final player withdraws once the other semi-final is played: their semi-final and
    the third-place match are both decided by withdrawal, and both are said."""
    t, ready = drawn
    first, second = ready[0], ready[1]
    t.enter_result(first.number, [first.a.name, first.a.name])
    desk = TournamentDesk()
    desk.tournament = t
    script = Script(AskText=["Chest pain, went to the clinic"])
    assert script.run(desk.withdraw(second.b.id)).done
    third = next(m for m in t.matches() if first.b is not None and m.status is
                 MatchStatus.DECIDED and m.number not in (first.number, second.number))
    assert third.winner.id == first.b.id
    assert script.said[-1] == (f"{second.b.name} withdrew; {second.a.name} wins match "
                               f"{second.number} by withdrawal; {first.b.name} wins match "
                               f"{third.number} by withdrawal.")


def test_a_correction_is_one_form_stating_what_it_changes(drawn):
    """The new result, the reason and the PIN in one form, which states the new winner and
    every later match it affects before the one confirm; cancelled, nothing changes."""
    t, ready = drawn
    match = ready[0]
    t.enter_result(match.number, [match.b.name, None, match.a.name, match.a.name])
    desk = TournamentDesk(protected_gate())
    desk.tournament = t
    script = Script(AskCorrection=[None])
    assert script.run(desk.results.correct_result(match.number)).ending is Ending.CANCELLED
    assert script.kinds == ["AskCorrection"]  # one form: no PIN dialog, no Yes/No before it
    form = script.asked[0]
    assert form.initial == ("b", "draw", "a", "a")  # the form starts from what was recorded
    assert form.pin_action == "correct_result" and form.players[0].startswith(match.a.name)
    stated = form.outcome((match.b.name, match.b.name), None)
    assert stated.startswith(f"Correct match {match.number}: {match.b.name} becomes the winner "
                             f"instead of {match.a.name}.")
    assert form.outcome(None, 0).startswith(f"Correct match {match.number}: {match.a.name} "
                                            "stays the winner")
    assert t.match(match.number).winner.id == match.a.id
    # confirmed with the PIN typed in the form: corrected, the reason in the audit log
    answer = CorrectionAnswer((match.b.name, match.b.name), None, "score sheet misread")

    def typed(question):
        assert question.check(EVENT, "Carol Ruiz").ok
        return answer
    script = Script()
    script.answer = lambda q: (script.asked.append(q), typed(q))[1]
    assert script.run(desk.results.correct_result(match.number)).done
    assert script.kinds == ["AskCorrection"]
    assert t.match(match.number).winner.id == match.b.id
    assert script.said[-1].startswith(f"Match {match.number} corrected: {match.b.name} beat")
    assert [e for e in t.audit_log() if e.action == "correction"][-1].why == "score sheet misread"
    # without the PIN (the form gave an answer, the gate was never opened): refused
    script = Script(AskCorrection=[CorrectionAnswer(None, 0, "no-show")])
    assert script.run(desk.results.correct_result(match.number)).reason is \
        Refusal.OFFICIALS_ACTION
    assert t.match(match.number).winner.id == match.b.id


def test_the_steps_are_data():
    assert Say("x") == Say("x") and Confirm("q") == Confirm("q")
    assert AskText("t", "l") != AskText("t", "m") and Choose("t", "l", ("a",)).options == ("a",)


# --- what the followers bring ------------------------------------------------------------------
def _event(number, kind="result", origin="", table=3):
    from datetime import datetime, timezone

    from checkers_desktop.tournament.views import TournamentEvent

    return TournamentEvent(number, datetime.now(timezone.utc), kind, "70-74", number, table,
                           {"origin": origin, "winner": "Ann Lee", "loser": "Bo Diaz",
                            "winner_wins": 2, "loser_wins": 1, "a": "Ann Lee", "b": "Bo Diaz"})


def test_the_organiser_hears_each_change_once_and_not_its_own():
    from checkers_desktop.session.desk_news import organiser_news
    from checkers_desktop.tournament.follow import OrganiserUpdate
    from checkers_desktop.tournament.table import ServerState, ServerStatusChange

    own = {5}
    update = OrganiserUpdate(events=(_event(4, origin="here"), _event(5), _event(6),
                                     _event(7, "called")),
                             server=ServerStatusChange(ServerState.AWAY))
    news = organiser_news(update, origin="here", own=own, server_away=False)
    assert news.server_away and own == set()
    assert [s.text for s in news.said] == [
        "The tournament server cannot be reached. The bracket shows what was known; it follows "
        "again when the server is back.",
        "Table 3: Ann Lee beat Bo Diaz, 2 games to 1.",
        "Match 7, Ann Lee and Bo Diaz, to table 3."]
    again = organiser_news(OrganiserUpdate(server=ServerStatusChange(ServerState.AWAY)),
                           origin="here", own=own, server_away=True)
    assert again.said == () and again.server_away  # said once per change


def test_a_table_hears_a_new_call_once_and_its_queued_results(drawn):
    from checkers_desktop.session.desk_news import table_news
    from checkers_desktop.tournament.follow import TableUpdate
    from checkers_desktop.tournament.table import (ReportOutcome, ReportStatus, ServerState,
                                                   ServerStatusChange)

    t, ready = drawn
    t.call(ready[0].number, 3)
    called = tuple(t.called_matches(3))
    m = called[0]
    update = TableUpdate(called=called, changes=(ServerStatusChange(ServerState.REACHABLE, 1),),
                         sent=(ReportOutcome(ReportStatus.RECORDED, 2, "k"),
                               ReportOutcome(ReportStatus.REFUSED, 3, "k", "table 4 has it")))
    news = table_news(update, ())
    assert news.link_away is False and news.called == called and news.called_changed
    assert news.sent
    said = [s.text for s in news.said]
    assert said[-1] == f"Match {m.number}, {m.a.name} and {m.b.name}, to table 3."
    assert len(said) == 4 and "table 4 has it" in said[2]
    # read again: nothing new to say
    quiet = table_news(TableUpdate(called=called), called)
    assert quiet.said == () and not quiet.called_changed and quiet.link_away is None


# --- the table's workflow and the files --------------------------------------------------------
def test_the_table_a_match_is_played_at_here(drawn, tmp_path, keys):
    t, ready = drawn
    first, second = ready[0], ready[1]
    nothing = TournamentDesk()
    assert Script().run(nothing.calls.table_for(first.number)).reason is Refusal.NO_TOURNAMENT
    desk = TournamentDesk()
    desk.tournament = t
    # still playing a match here: refused before anything is called
    script = Script()
    refused = script.run(desk.calls.table_for(first.number, playing=second.number))
    assert refused.reason is Refusal.ALREADY_PLAYING and script.said == [refused.text]
    assert t.match(first.number).status is MatchStatus.READY
    # the organiser's laptop: a match not called is called to the first free table first
    script = Script()
    table = drive(desk.calls.table_for(first.number), script.answer, script.show)
    assert table == 1 and t.match(first.number).table == 1
    assert script.said == [f"Match {first.number}, {first.a.name} and {first.b.name}, to "
                           "table 1.", "changed"]
    # a called match is played at its table, with nothing said
    script = Script()
    assert drive(desk.calls.table_for(first.number), script.answer, script.show) == 1
    assert script.said == []
    # no table free: refused
    t.set_table_count(1)
    assert Script().run(desk.calls.table_for(second.number)).reason is Refusal.NO_FREE_TABLE
    # a table laptop plays at its own table
    table3 = Tournament.open(tmp_path / "t.db", table=3, keys=keys)
    try:
        desk.tournament = table3
        assert drive(desk.calls.table_for(second.number), Script().answer, Script().show) == 3
    finally:
        table3.close()


def test_the_files_are_asked_for_then_written_and_said(drawn, tmp_path):
    from checkers_desktop.session.desk_files import WriteBracketPdf, WriteStandingsPdf

    t, _ready = drawn
    desk = TournamentDesk()
    for work in (desk.files.results_csv(tmp_path), desk.files.standings_pdf(tmp_path),
                 desk.files.bracket_pdf(tmp_path, "70-74")):
        script = Script()
        assert script.run(work).reason is Refusal.NO_TOURNAMENT and script.asked == []
    desk.tournament = t
    script = Script(AskSavePath=[str(tmp_path / "results.csv")])
    assert script.run(desk.files.results_csv(tmp_path)).done
    assert (tmp_path / "results.csv").read_text(encoding="utf-8").count("\n") >= 1
    assert script.said[0].startswith("0 results saved as CSV: results.csv in ")
    # a PDF's name gets .pdf; the window writes it
    script = Script(AskSavePath=[str(tmp_path / "standings")])
    assert script.run(desk.files.standings_pdf(tmp_path)).done
    write = script.asked[1]
    assert isinstance(write, WriteStandingsPdf) and write.path == tmp_path / "standings.pdf"
    assert write.event == "Golden Age Games test" and len(write.standings) == 1
    key = t.divisions()[0].key
    script = Script(AskSavePath=[None])
    assert script.run(desk.files.bracket_pdf(tmp_path, key)).ending is Ending.CANCELLED
    assert script.asked[0].default == str(tmp_path / "bracket-70-74.pdf")
    assert not any(isinstance(q, WriteBracketPdf) for q in script.asked)
    assert Script().run(desk.files.bracket_pdf(tmp_path, None)).reason is Refusal.NO_DIVISION


def test_the_organiser_registers_divides_draws_and_calls_through_the_desk(tmp_path, keys):
    t = Tournament.open(tmp_path / "t.db", keys=keys)
    try:
        desk = TournamentDesk()
        desk.tournament = t
        assert Script().run(desk.draw_all()).reason is Refusal.NO_DIVISION  # none made yet
        # registration by the form (the form saves), then by a file with a refused row
        script = Script(AskCompetitor=[CompetitorInput("Ann Lee", "Tampa VAMC", "70-74")])
        assert script.run(desk.add_competitor()).done
        assert script.said == ["Ann Lee is registered.", "changed"]
        rows = tmp_path / "players.csv"
        rows.write_text("name,medical center,age group\nBo Diaz,Reno VAMC,70-74\n"
                        "Cy Rowe,Bronx VAMC,70-74\nDee Sims,Bronx VAMC,70-74\n"
                        "Nobody,,99-100\n", encoding="utf-8")
        script = Script(AskOpenPath=[str(rows)])
        assert script.run(desk.import_competitors()).done
        shown = script.asked[-1]
        assert type(shown).__name__ == "ShowLines" and len(shown.lines) == 1
        assert script.said[0] == "changed" and script.said[1].startswith(shown.heading)
        assert len([c for c in t.competitors() if not c.withdrawn]) == 4
        # the divisions form gets the counts per age group; the choice is made
        script = Script(AskDivisions=[([], [])])
        assert script.run(desk.divisions()).done
        assert script.asked[0].counts == {"70-74": (4, 0)}
        assert script.said == ["changed", "1 division: 70-74 (4)."]
        # every division drawn after one yes; then nothing left to draw
        script = Script(Confirm=[True])
        assert script.run(desk.draw_all()).done and t.divisions()[0].drawn
        assert Script().run(desk.draw_all()).reason is Refusal.NOTHING_TO_DRAW
        # two tables: both semi-finals offered and called after one yes
        script = Script(AskInteger=[2])
        assert script.run(desk.calls.tables()).done and t.free_tables() == [1, 2]
        script = Script(Confirm=[True])
        assert script.run(desk.calls.call_next()).done
        assert script.asked[-1].question.count("to table") == 2  # each call read in the question
        assert script.said[-1] == "The 2 matches are called."  # and not a second time
        assert Script().run(desk.calls.call_next()).reason is Refusal.NO_FREE_TABLE
        # a called match to move, no table free: every other table is offered, not its own
        first = next(m for m in t.matches() if m.table == 1)
        script = Script(Choose=[None])
        assert script.run(desk.calls.call_match(first.number)).ending is Ending.CANCELLED
        assert script.asked[0].options == ("Table 2",)
    finally:
        t.close()


def test_a_new_tournament_file_asks_its_name_and_an_existing_one_does_not(tmp_path):
    desk = TournamentDesk()
    new = str(tmp_path / "new.db")
    script = Script(AskText=["  Golden Age Games 2026 "])
    assert drive(desk.name_to_open(new), script.answer, script.show) == "Golden Age Games 2026"
    assert script.asked[0].default == "National Veterans Golden Age Games"
    script = Script(AskText=["   "])
    assert drive(desk.name_to_open(new), script.answer, script.show) == "Tournament"
    assert Script().run(desk.name_to_open(new)).ending is Ending.CANCELLED  # Escape
    (tmp_path / "old.db").write_bytes(b"")
    for url, server in ((str(tmp_path / "old.db"), False),
                        ("postgresql+psycopg://organiser@server/games", True)):
        script = Script()
        assert drive(desk.name_to_open(url, server=server), script.answer, script.show) == \
            "Tournament"
        assert script.asked == []


def test_a_walkover_before_the_semi_finals_says_nothing_of_the_third_place(keys, tmp_path):
    """Only a semi-final's loser plays for third place: a first-round walkover in a bracket
    of eight is said alone."""
    t = Tournament.open(str(tmp_path / "t8.db"), name="Golden Age Games test")
    for i, name in enumerate(NAMES + ("Ed Park", "Flo Grant", "Gus Hale", "Hal Ives")):
        t.add_competitor(CompetitorInput(name, f"Center {i}", "70-74"))
    t.make_divisions()
    t.draw(t.divisions()[0].key, seed=7)
    match = next(m for m in t.playable() if m.round == 1)
    desk = TournamentDesk()
    desk.tournament = t
    script = Script(AskWalkover=[WalkoverAnswer(0, "did not come")])
    assert script.run(desk.results.walkover(match.number)).done
    assert script.said[-1] == f"{match.a.name} beat {match.b.name}, by walkover."


def test_a_result_that_decides_the_third_place_by_an_earlier_withdrawal_says_so(drawn):
    """A semi-final player withdrew before the other semi-final was played: entering that
    semi-final's result decides the third-place match too (its loser against the withdrawn
    player), and that is said with the result."""
    t, ready = drawn
    first, second = ready[0], ready[1]
    desk = TournamentDesk()
    desk.tournament = t
    assert Script(AskText=["Went home unwell"]).run(desk.withdraw(second.b.id)).done
    script = Script(AskGames=[[first.a.name, first.a.name]])
    assert script.run(desk.results.enter_result(first.number)).done
    third = next(m for m in t.matches() if m.status is MatchStatus.DECIDED
                 and m.number not in (first.number, second.number))
    assert third.winner.id == first.b.id
    assert script.said[-1] == (f"{first.a.name} beat {first.b.name}, 2 games to 0; "
                               f"{first.b.name} wins match {third.number} by withdrawal.")


def test_a_semi_final_walkover_that_decides_the_third_place_does_not_say_it_is_to_play(drawn):
    """The other semi-final's loser withdrew: the walkover's loser takes the third place at
    once, which is said; "still plays for third place" is not."""
    t, ready = drawn
    first, second = sorted(ready, key=lambda m: m.number)[:2]
    t.withdraw(second.b.id, why="felt unwell")
    desk = TournamentDesk()
    desk.tournament = t
    script = Script(AskWalkover=[WalkoverAnswer(0, "did not come")])
    assert script.run(desk.results.walkover(first.number)).done
    assert "still plays for third place" not in script.said[-1]
    third = next(m for m in t.matches() if m.round_name == "Third place")
    assert third.status is MatchStatus.DECIDED and third.winner.id == first.b.id
