""""Play this match here": a tournament match played in this window, and its result back to the
bracket.

The match is taken for this laptop's table (a row lock on the server: two laptops never take one
match), then started exactly as Event > New match starts one (``EventMenu.new_match``): the match
form comes first, filled in with the players, their medical centers and age groups, the division
and its rule profile (``session.tournament_match.settings_for_setup``), and the official gives a
name and the PIN (or leaves it for the event PIN); then game 1 waits for the official to start it
(the players-ready step). Nothing starts, and no clock runs, without the official. When the match ends the
official is asked to confirm its result (:meth:`PlayHere.official_confirms`, the one call that
routes the question to the official); on yes the result (each game, the PDN and score sheet
paths) goes to the tournament through the table link, which keeps it on this laptop first and
sends it when the server is there (QUEUED until then). On no, the result waits; Tournament, Send
the match result asks again.

The link to the tournament match is written to ``playing.json`` in the tournament folder, so that
a match resumed after a restart (the Event menu resumes it from the autosave) still reports to the
bracket.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Optional

from PySide6.QtCore import QObject, Signal

from ...session.desk_steps import Outcome
from ...session.leaving import Leaving
from ...session.match_events import MatchAbandoned, MatchFinished
from ...session.tournament_match import (NoWinnerError, PlayedHere, report_for_result,
                                         settings_for_setup)
from ...speech.announcer import Priority
from ...storage.atomic import write_atomic
from ...texts import tournament as texts
from ...tournament.table import ReportStatus

__all__ = ["PlayHere"]

log = logging.getLogger(__name__)


class PlayHere(QObject):
    """The tournament match played in the window of ``menu`` (a :class:`~.menu.TournamentMenu`).

    Signals: ``started(int)`` (the match number, once the Event menu's match has started),
    ``finished(object)`` (the :class:`ReportOutcome` once the result was sent or queued, or
    refused)."""

    started = Signal(int)
    finished = Signal(object)

    def __init__(self, menu) -> None:
        super().__init__(menu)
        self.menu = menu
        self.ctx = menu.ctx
        self.current: Optional[PlayedHere] = None
        self._unsubscribe = None
        self.official_confirms = self._ask_official
        """``official_confirms(question) -> bool``: the official's yes before a result goes to the
        bracket. By default the Event menu's official desk asks (``EventMenu.desk.confirm``), so
        the official's own confirmation (and PIN, where the Event menu asks for one) applies."""

    @property
    def path(self) -> Path:
        return self.menu.folder / "playing.json"

    # --- the official -------------------------------------------------------------------
    def _ask_official(self, question: str) -> bool:
        matches = self.ctx.matches
        if matches is not None and getattr(matches, "desk", None) is not None:
            return bool(matches.desk.confirm(question))
        return bool(self.ctx.confirm(question))

    # --- starting -----------------------------------------------------------------------
    def play(self, number: int) -> None:
        """Take match ``number`` for this laptop's table (the organiser's laptop: the table it
        is called to, or else the first free table, to which it is called first) and start it."""
        current = self.current
        playing = current.match_number if current is not None and not current.sent \
            and self._match_running() else None
        table = self.menu.do(self.menu.desk.calls.table_for(number, playing))
        if isinstance(table, Outcome):
            return
        # A game or a match on the board is left only as Event > New match leaves it: the
        # player's Yes for a game, the official's Yes and PIN for a match (ui/leave_guard.py).
        leaving = self.ctx.leaving
        if leaving is not None and not leaving.allow(Leaving.NEW_MATCH):
            return  # the guard said why, and that the game goes on
        self.menu.link_call(lambda f, n=number, tb=table: f.take(n, table=tb), self._taken)

    def _match_running(self) -> bool:
        ev = self.ctx.matches.current if self.ctx.matches is not None else None
        return ev is not None and ev.started and not ev.is_over

    def _taken(self, result, error) -> None:
        if error is not None:
            self.menu.say(str(error), Priority.INTERRUPT)
            self.menu.refresh()
            return
        setup, update = result
        self.menu.table_update(update)
        matches = self.ctx.matches
        self.menu.say(texts.play_here_text(setup.match_number, setup.round_name,
                                           setup.division_label, setup.table), Priority.QUEUE)
        match = matches.new_match(settings_for_setup(setup), left=True)
        if match is None:  # the official did not fill in the form: nothing started
            self.menu.say(texts.play_here_not_started_text(setup.match_number), Priority.QUEUE)
            self.menu.refresh()
            return
        self.current = PlayedHere(setup, self.menu.url_text())
        self._save()
        self._attach(match)
        self.menu.refresh()
        self.ctx.window.activateWindow()
        self.ctx.focus_board()
        self.started.emit(setup.match_number)

    def _attach(self, match) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._unsubscribe = match.subscribe(self._on_match_event)

    def _on_match_event(self, event) -> None:
        if isinstance(event, MatchFinished):
            # the match session is inside the game's end: ask once it is done
            self.ctx.scheduler.defer(self.confirm_and_send)
        elif isinstance(event, MatchAbandoned) and self.current is not None:
            self.menu.say(texts.play_here_abandoned_text(self.current.match_number),
                          Priority.QUEUE)

    # --- after a restart ----------------------------------------------------------------
    def restore(self) -> None:
        """Pick up the tournament match saved in ``playing.json`` (the app was restarted): a
        confirmed result is sent again (the same key: recorded once); a match the Event menu
        resumed is followed to its end."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            played = PlayedHere.from_dict(data)
        except FileNotFoundError:
            return
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.warning("playing.json is not usable (%s); set aside", exc)
            self._forget()
            return
        if played.url != self.menu.url_text():
            return
        self.current = played
        if played.confirmed and played.report is not None:
            self._send(played.report)
            return
        ev = self.ctx.matches.current if self.ctx.matches is not None else None
        if ev is not None and played.matches(ev.settings):
            self._attach(ev)
            if ev.is_over:
                self.ctx.scheduler.defer(self.confirm_and_send)

    # --- the result ---------------------------------------------------------------------
    def confirm_and_send(self) -> bool:
        """Ask the official to confirm the finished match's result; on yes, send it. Returns
        True when it was handed to the table link."""
        played = self.current
        if played is None:
            self.menu.say(texts.no_result_to_send_text(), Priority.INTERRUPT)
            return False
        if played.confirmed and played.report is not None:
            self._send(played.report)
            return True
        ev = self.ctx.matches.current if self.ctx.matches is not None else None
        if ev is None or not played.matches(ev.settings) or not ev.is_over:
            self.menu.say(texts.match_not_over_text(played.match_number), Priority.INTERRUPT)
            return False
        result = ev.result()
        try:
            report = report_for_result(played.match_number, result,
                                       official=ev.settings.official,
                                       key=played.report.key if played.report else None)
        except NoWinnerError as exc:
            self.menu.say(str(exc), Priority.INTERRUPT)
            return False
        played.report = report
        a, b = result.players
        wa, wb = result.wins
        winner = result.winner
        loser = b if winner == a else a
        ww, lw = (wa, wb) if winner == a else (wb, wa)
        question = texts.confirm_result_question(played.match_number, winner, loser, ww, lw,
                                                 result.draws)
        # a record changed outside the app is said before the official confirms; the result
        # sent is the match's own (the one the app sealed), never read back from the files
        warnings = [self.ctx.matches.check_record_read(g.pdn_path) for g in result.games
                    if g.pdn_path] if self.ctx.matches is not None else []
        if any(warnings):
            question = " ".join(w for w in warnings if w) + " " + question
        if not self.official_confirms(question):
            self._save()
            self.menu.say(texts.result_held_text(played.match_number), Priority.QUEUE)
            return False
        played.confirmed = True
        self._save()
        self._send(report)
        return True

    def _send(self, report) -> None:
        table = self.current.setup.table if self.current is not None else None
        self.menu.own_reports.add(report.match_number)
        self.menu.link_call(lambda f, r=report, tb=table: f.report(r, table=tb), self._reported)

    def _reported(self, result, error) -> None:
        if error is not None:
            self.menu.say(str(error), Priority.INTERRUPT)
            return
        outcome, update = result
        self.menu.table_update(update)
        number = outcome.match_number
        if outcome.status is ReportStatus.RECORDED:
            self.menu.say(texts.result_sent_text(number), Priority.QUEUE)
        elif outcome.status is ReportStatus.ALREADY_RECORDED:
            self.menu.say(texts.result_already_sent_text(number), Priority.QUEUE)
        elif outcome.status is ReportStatus.QUEUED:
            self.menu.say(texts.queued_sentence(number), Priority.QUEUE)
        else:
            self.menu.say(texts.refused_sentence(number, outcome.message), Priority.INTERRUPT)
        if outcome.status is not ReportStatus.REFUSED:
            # sent, or kept in the table link's outbox on this laptop: nothing more to do here
            if self.current is not None and self.current.match_number == number:
                self.current.sent = True
                self._forget()
                self.current = None
                if self._unsubscribe is not None:
                    self._unsubscribe()
                    self._unsubscribe = None
        self.menu.refresh()
        self.finished.emit(outcome)

    # --- the record on disk ---------------------------------------------------------------
    def _save(self) -> None:
        if self.current is None:
            return
        try:
            write_atomic(self.path, json.dumps(self.current.to_dict()).encode("utf-8"))
        except OSError as exc:  # the match goes on; only a restart would lose the link
            log.error("playing.json not written: %s", exc)

    def _forget(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.error("playing.json not removed: %s", exc)
