"""The official's actions, each behind a confirmation: pause and resume the clocks, a stalling
warning and penalty (VA rulebook 3:00 s4-VI), adjudication (3:00 s5), a forfeit, and correcting a
result. Each is announced and written to the game record with the time by the match session
(``checkers_desktop.session.match_official``); this module asks the questions.

The questions go through three replaceable callables (tests pass fakes): ``confirm(question) ->
bool``, ``choose(title, label, options) -> int | None`` (index of the option chosen) and
``ask_text(title, label) -> str | None``.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from PySide6.QtWidgets import QInputDialog, QLineEdit, QMessageBox, QWidget

from ...rules import BLACK, WHITE
from ...rules.rulings import Verdict
from ...texts import event as event_texts
from ...texts import official as official_texts
from ...session.match import MatchSession, MatchSessionError

__all__ = ["OfficialDesk"]

TITLE = "Official"


class OfficialDesk:
    """The official's commands for the match ``event()`` (a callable returning the current
    ``MatchSession`` or None). ``say(text)`` tells why an action cannot be done now."""

    def __init__(self, event: Callable[[], Optional[MatchSession]], say: Callable[[str], None],
                 parent: Optional[QWidget] = None, *,
                 confirm: Optional[Callable[[str], bool]] = None,
                 choose: Optional[Callable[[str, str, Sequence[str]], Optional[int]]] = None,
                 ask_text: Optional[Callable[[str, str], Optional[str]]] = None) -> None:
        self.event = event
        self.say = say
        self.parent = parent
        self.confirm = confirm or self._confirm
        self.choose = choose or self._choose
        self.ask_text = ask_text or self._ask_text

    # --- default dialogs ----------------------------------------------------------------
    def _confirm(self, question: str) -> bool:
        buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        answer = QMessageBox.question(self.parent, TITLE, question, buttons,
                                      QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def _choose(self, title: str, label: str, options: Sequence[str]) -> Optional[int]:
        item, ok = QInputDialog.getItem(self.parent, title, label, list(options), 0, False)
        return list(options).index(item) if ok and item in options else None

    def _ask_text(self, title: str, label: str) -> Optional[str]:
        text, ok = QInputDialog.getText(self.parent, title, label, QLineEdit.EchoMode.Normal, "")
        return text if ok else None

    # --- helpers ------------------------------------------------------------------------
    def _running(self) -> Optional[MatchSession]:
        ev = self.event()
        if ev is None or not ev.game_running:
            self.say(event_texts.no_match_text() if ev is None
                     else event_texts.no_game_in_match_text())
            return None
        return ev

    def _choose_player(self, ev: MatchSession, title: str):
        """The colour of the player the official picks (names with their side), or None."""
        options = [event_texts.named(ev.player(c), ev.sides[c]) for c in (BLACK, WHITE)]
        index = self.choose(title, official_texts.which_player_question(), options)
        if index is None:
            return None
        return (BLACK, WHITE)[index]

    # --- the actions --------------------------------------------------------------------
    def pause(self) -> bool:
        ev = self._running()
        if ev is None:
            return False
        if ev.paused:
            self.say(official_texts.already_paused_text())
            return False
        if not self.confirm(official_texts.pause_question()):
            return False
        ev.official.pause()
        return True

    def resume(self) -> bool:
        ev = self._running()
        if ev is None:
            return False
        if not ev.paused:
            self.say(official_texts.clocks_running_text())
            return False
        if not self.confirm(official_texts.resume_question()):
            return False
        ev.official.resume()
        return True

    def stalling_warning(self) -> bool:
        ev = self._running()
        if ev is None:
            return False
        color = self._choose_player(ev, "Stalling warning")
        if color is None or not self.confirm(official_texts.stalling_warning_question(ev.player(color))):
            return False
        return ev.official.stalling_warning(color).verdict is not Verdict.REFUSED

    def stalling_penalty(self) -> bool:
        ev = self._running()
        if ev is None:
            return False
        color = self._choose_player(ev, "Stalling penalty")
        if color is None or not self.confirm(official_texts.stalling_penalty_question(
                ev.player(color), ev.player(color.other))):
            return False
        return ev.official.stalling_penalty(color).verdict is not Verdict.REFUSED

    ADJUDICATIONS = official_texts.ADJUDICATIONS

    def adjudicate(self) -> bool:
        """By the count now (VA rulebook 3:00 s5), or a draw because neither player can force a
        win (4:00 s4)."""
        ev = self._running()
        if ev is None:
            return False
        choice = self.choose("Adjudicate", official_texts.adjudicate_how_question(),
                             self.ADJUDICATIONS)
        if choice is None:
            return False
        if choice == 0:
            if not self.confirm(official_texts.adjudicate_question()):
                return False
            ev.official.adjudicate()
        else:
            if not self.confirm(official_texts.declare_draw_question()):
                return False
            ev.official.declare_draw()
        return True

    def declare_forfeit(self) -> bool:
        ev = self._running()
        if ev is None:
            return False
        color = self._choose_player(ev, "Declare a forfeit")
        if color is None:
            return False
        reason = self.ask_text("Declare a forfeit",
                               official_texts.forfeit_reason_question(ev.player(color)))
        if reason is None or not self.confirm(
                official_texts.forfeit_question(ev.player(color), ev.game.number)):
            return False
        ev.official.declare_forfeit(color, reason.strip())
        return True

    def correct_result(self) -> bool:
        ev = self.event()
        if ev is None or not ev.games:
            self.say(event_texts.no_match_text())
            return False
        games = [official_texts.game_choice_text(g.number, g.black, g.white, g.pdn_result)
                 for g in ev.games]
        index = self.choose("Correct a result", official_texts.which_game_question(), games)
        if index is None:
            return False
        game = ev.games[index]
        options = list(official_texts.result_choices(game.black, game.white))
        choice = self.choose("Correct a result", official_texts.result_of_game_question(game.number),
                             options)
        if choice is None:
            return False
        winner = (game.black, game.white, None)[choice]
        detail = self.ask_text("Correct a result", official_texts.correction_reason_question())
        if detail is None or not self.confirm(
                official_texts.correction_question(game.number, options[choice])):
            return False
        try:
            ev.official.correct_result(game.number, winner, detail.strip())
        except MatchSessionError as exc:
            self.say(str(exc))
            return False
        return True
