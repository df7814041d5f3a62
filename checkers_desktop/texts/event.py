"""A match at the table: the coin flip, who plays which side, named results, the score, the
official's actions and questions, penalties and draws.

Numbers a player hears are words ("game two", "twenty-five seconds"); squares in announcements are
words too, as moves are. On paper (the score sheet and the PDN comments) numbers are digits: the
functions that put a number in a sentence take ``spoken`` (True: words, False: digits)."""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ..rules import BLACK, WHITE, Color
from pathlib import PurePath
from typing import Union

from ..rules.rulings import EndReason, GameResult
from .game import no_game_text
from .words import capital, duration_words
from .words import number as _n


def _seconds(seconds: float, spoken: bool = True) -> str:
    return duration_words(seconds, spoken)


def named(name: str, side: str) -> str:
    """"Bo Diaz (Black)": a player with the side played in this game."""
    return f"{name} ({side})"


def coin_flip_text(first_black: str, other: str, sides: Mapping[Color, str],
                   by: str = "coin flip") -> str:
    return (f"The {by} gives {first_black} {sides[BLACK]} in game one; {other} plays "
            f"{sides[WHITE]}. Colours change every game.")


def game_start_text(number: int, black: str, white: str, sides: Mapping[Color, str],
                    play_out: bool, profile_title: str) -> str:
    text = (f"Game {_n(number)}, {profile_title} rules. {black} plays {sides[BLACK]}, {white} "
            f"plays {sides[WHITE]}. {black}, {sides[BLACK]}, moves first.")
    if play_out:
        text += (" This game follows a drawn game: with no winner at the time limit it is "
                 "played out.")
    return text


def turn_text(name: str, side: str) -> str:
    return f"{name}, {side}, to move."


def move_warning_text(name: str, seconds: float, limit: Optional[float],
                      spoken: bool = True) -> str:
    text = f"{name}, {_seconds(seconds, spoken)}."
    if limit:
        text += f" {capital(_seconds(limit - seconds, spoken))} left for this move."
    return text


def move_time_expired_text(name: str, seconds: float, spoken: bool = True) -> str:
    return f"Time. {name} has used the {_seconds(seconds, spoken)} for a move."


def penalty_due_text(chooser: str, victim: str, victim_side: str, stalling: bool,
                     spoken: bool = True) -> str:
    """Said with how to choose; on paper (``spoken`` False) without it."""
    why = "Stalling penalty" if stalling else "Penalty"
    text = f"{why}: {chooser} chooses one of {victim}'s {victim_side} checkers to remove."
    return text + (" Pick it on the board, or type or say its square." if spoken else "")




def game_time_warning_text(seconds_left: float, spoken: bool = True) -> str:
    return f"{capital(_seconds(seconds_left, spoken))} left in the game."


def time_limit_text() -> str:
    return "Time limit reached."


def play_out_text() -> str:
    return ("Time limit: the count is equal, and this game follows a draw, so it is played out "
            "without a time limit.")


def count_text(material: Mapping[Color, int], sides: Mapping[Color, str],
               spoken: bool = True) -> str:
    """The count at adjudication: man 1, king 2 (VA rulebook 3:00 s5)."""
    return (f"The count: {sides[BLACK]} {_n(material[BLACK], spoken)}, {sides[WHITE]} "
            f"{_n(material[WHITE], spoken)} (man 1, king 2).")


def game_result_text(number: int, winner: Optional[str], winner_side: Optional[str],
                     how: str, spoken: bool = True) -> str:
    if winner is None:
        return f"Game {_n(number, spoken)} is drawn: {how}."
    return f"{winner} wins game {_n(number, spoken)} with {winner_side}: {how}."


def game_result_headline(number: int, winner: Optional[str]) -> str:
    """A game's result in a few words, for the clocks' large turn line: "Ann Lee wins game
    one." or "Game one is drawn." (the whole result, how and the count, is on the status
    line)."""
    if winner is None:
        return f"Game {_n(number, True)} is drawn."
    return f"{winner} wins game {_n(number, True)}."


def game_end_announcement(result: str, count: str, score: str, next_game: str = "") -> str:
    """The one sentence group said when a game of a match ends: the named result, the count when
    the game was adjudicated, the score, and the next game or the match result (each may be
    "")."""
    return " ".join(part for part in (result, count, score, next_game) if part)


def score_text(players: tuple[str, str], wins: tuple[int, int], draws: int,
               words: bool = True) -> str:
    """"Score: Ann two, Bo zero, one drawn." (``words`` False: digits, for the score sheet)."""
    n = _n if words else str
    text = f"Score: {players[0]} {n(wins[0])}, {players[1]} {n(wins[1])}"
    if draws:
        text += f", {n(draws)} drawn"
    return text + "."


def match_result_text(winner: Optional[str], wins: int, other_wins: int,
                      spoken: bool = True) -> str:
    if winner is None:
        return "The match is over without a winner."
    games = "game" if wins == 1 else "games"
    other = "none" if other_wins == 0 else _n(other_wins, spoken)
    return f"{winner} wins the match, {_n(wins, spoken)} {games} to {other}."


def next_game_text(number: int) -> str:
    return f"Game {_n(number)} follows."


def no_match_text() -> str:
    return "No match is in progress. Start one with Event, New match."


def no_game_in_match_text() -> str:
    """The match has no game on the board now (between games, or after it)."""
    return no_game_text()


def no_penalty_text() -> str:
    return "No checker is to be removed now."


def match_saved_text(path: str) -> str:
    return f"Score sheet saved: {path}"


def match_left_text(folder: Union[str, PurePath]) -> str:
    return (f"The match has stopped: a game outside the match was started. Its records are saved "
            f"in {folder}.")


# --- draws (WCDF 6.1-6.4; agreement under every profile) ---------------------------------------
def draw_offered_text(offerer: str, answerer: str) -> str:
    """"Ann Lee (Black) offers a draw. Bo Diaz (Red), do you accept?" (names with sides)."""
    return f"{offerer} offers a draw. {answerer}, do you accept?"


def draw_offer_logged_text(offerer: str) -> str:
    return f"{offerer} offers a draw."


def draw_accepted_text(answerer: str) -> str:
    return f"{answerer} accepts the draw."


def draw_declined_text(answerer: str) -> str:
    return f"{answerer} declines the draw. Play goes on."


def draw_offer_question(offerer: str) -> str:
    return f"Offer a draw for {offerer}, the player to move?"


def computer_draw_offer_question() -> str:
    """Asked before the player offers the computer a draw."""
    return "Offer the computer a draw?"


def draw_not_offered_text() -> str:
    """Said after No (or Escape) to the draw question: no offer was made."""
    return "No draw offered. The game goes on."


def draw_answer_question(offerer: str, answerer: str, repetition: bool = False) -> str:
    what = ("points out that the position has repeated and suggests a draw" if repetition
            else "offers a draw")
    return (f"{answerer}: {offerer} {what}. Do you accept the draw? "
            f"Yes accepts, No plays on.")


def repetition_text(name: str, times: int, answerer: str, spoken: bool = True) -> str:
    """WCDF 6.4: the see-saw position pointed out."""
    text = (f"{name} points out that the position has occurred {_n(times, spoken)} times and "
            f"suggests a draw.")
    return text + (f" {answerer}, do you accept?" if answerer else "")


def repetition_question(name: str) -> str:
    return f"Point out, for {name}, that the position has repeated, and suggest a draw?"


def forty_request_question(requester: str, attacker: str) -> str:
    return (f"{requester} requests the forty-move count: {attacker} has forty moves to show a "
            f"strengthened position. Start the count?")


def forty_requested_text(requester: str, attacker: str, spoken: bool = True) -> str:
    """WCDF 6.2: the count runs over the attacker's moves."""
    forty = _n(40, spoken)
    return (f"{requester} requests the {forty}-move count. {attacker} has {forty} moves to show "
            f"a strengthened position.")


def strengthened_question(requester: str, attacker: str) -> str:
    return (f"Does {requester} concede that {attacker} has strengthened the position? The "
            f"forty-move count starts again.")


def strengthened_text(requester: str, attacker: str, spoken: bool = True) -> str:
    """WCDF 6.2a."""
    return (f"{requester} concedes that {attacker} has strengthened the position. The "
            f"{_n(40, spoken)}-move count starts again.")


def forty_completed_text(attacker: str, spoken: bool = True) -> str:
    return (f"{_n(40, spoken).capitalize()} moves are counted for {attacker}. The official rules "
            f"whether the position was strengthened.")


def no_forty_count_text(profile_title: str) -> str:
    return f"{profile_title} rules have no forty-move count."


def no_repetition_rule_text(profile_title: str) -> str:
    return f"{profile_title} rules have no repetition draw."


def player_draw_offer_text() -> str:
    """The player's offer to the computer, as the player hears it (not "Black offers a draw.")."""
    return "You offer the computer a draw."


def computer_draw_answer_text(accepts: bool) -> str:
    return ("The computer accepts the draw." if accepts
            else "The computer declines the draw. Play goes on.")


def no_draw_offer_text() -> str:
    return "No draw is offered now."


def no_forty_ruling_due_text() -> str:
    return "No forty-move count awaits a ruling."


# --- how a game of the match ended, with the players' names --------------------------------------
def how_text(result: GameResult, loser: Optional[str], loser_has_pieces: bool = True,
             spoken: bool = True) -> str:
    """How the game ended, with the loser's name ("Bo Diaz resigns", "Bo Diaz forfeits: left the
    table"); ``result`` a ``GameResult``, ``loser`` the losing player's name (None for a draw),
    ``loser_has_pieces`` False when the loser has no pieces left; ``spoken`` False: numbers in
    digits."""
    r = result.reason
    if r is EndReason.NO_MOVES:
        if loser is None:
            return result.detail
        if not loser_has_pieces:
            return f"{loser} has no pieces left"
        return f"{loser} cannot move"
    if r is EndReason.RESIGNATION and loser is not None:
        return f"{loser} resigns"
    if r is EndReason.FORFEIT and loser is not None:
        why = result.forfeit_reason
        return f"{loser} forfeits" + (f": {why}" if why else "")
    if r is EndReason.ADJUDICATION:
        cause = getattr(result.cause, "value", "time limit")
        text = {"time limit": "adjudicated at the time limit",
                "stalling": "adjudicated by the official for stalling"}.get(
            cause, "adjudicated by the official's decision") + (" by lot" if result.by_lot
                                                                else "")
        return text if loser is not None else text + ", the count is equal"
    if r is EndReason.AGREEMENT:
        return "the players agree to a draw"
    if r is EndReason.OFFICIAL_DRAW:
        return "the official declares that neither player can force a win"
    if r is EndReason.REPETITION_DRAW:
        return "the position repeated and the draw was accepted"
    if r is EndReason.FORTY_MOVE_DRAW:
        return f"the {_n(40, spoken)}-move count: the position was not strengthened"
    return f"{r.value}, {result.detail}" if result.detail else r.value


def match_resumed_text(players: tuple[str, str], number: int, wins: tuple[int, int]) -> str:
    """Said when a match comes back after a restart: "Match Ann against Bo, game 2. Score: Ann 1,
    Bo 0." """
    a, b = players
    return f"Match {a} against {b}, game {number}. Score: {a} {wins[0]}, {b} {wins[1]}."


# --- the new-match form and the score sheet -------------------------------------------------------
def form_error_text(reason: str) -> str:
    """The new-match form was filled in wrongly: ``reason`` says how."""
    return f"Please correct the form. {capital(reason)}."


def paper_detail_text(result: GameResult, players: Mapping[Color, str], sides: Mapping[Color, str]) -> str:
    """How a game ended, for the score sheet, from the ``GameResult``'s fields, the players
    named with their sides ("Bo Diaz (Black) resigns", "time limit: Bo Diaz (Black) 8, Ann Lee
    (Red) 7 (man 1, king 2)"); numbers in digits. ``players``: each colour's player."""
    by = {c: named(players[c], sides[c]) for c in (BLACK, WHITE)}
    loser = result.winner.other if result.winner is not None else None
    r = result.reason
    if r is EndReason.NO_MOVES and loser is not None:
        return f"{by[loser]} cannot move"
    if r is EndReason.RESIGNATION and loser is not None:
        return f"{by[loser]} resigns"
    if r is EndReason.FORFEIT and loser is not None:
        return f"{by[loser]} forfeits" + (f": {result.forfeit_reason}"
                                          if result.forfeit_reason else "")
    if r is EndReason.ADJUDICATION and result.material:
        mat = result.material
        cause = getattr(result.cause, "value", "time limit")
        text = f"{cause}: {by[BLACK]} {mat[BLACK]}, {by[WHITE]} {mat[WHITE]} (man 1, king 2)"
        if result.winner is None:
            return text + ": a drawn game (VA rulebook 3:00 s5)"
        if result.by_lot:
            return text + f"; a random draw picks {by[result.winner]} (Caseville rules)"
        return text
    if r is EndReason.FORTY_MOVE_DRAW:
        return how_text(result, None, spoken=False)
    if r is EndReason.CORRECTED and result.detail == r.value:
        return ""  # the official gave no reason: "as corrected by the official" says it all
    return result.detail


# --- a match command that does not fit now -----------------------------------------------------------
def no_game_started_text() -> str:
    return "No game of the match has started."


def match_started_text() -> str:
    return "The match has already started."


def match_over_text() -> str:
    return "The match is over."


def not_a_player_text(name: str) -> str:
    return f"{name!r} is not one of the players."


def no_such_game_text(number: int, played: int) -> str:
    return f"There is no game {number!r}; games played: {played}."




def draw_answer_title(answerer: str) -> str:
    """The title of the draw answer's question: the player who answers."""
    return f"Player {answerer}: a draw offer" if answerer else "A draw offer"


def resume_match_question(a: str, b: str, wins: tuple[int, int], number: int, move: int) -> str:
    """The resume offer of a match after a restart: "Resume the match Ann Lee against Bo Diaz,
    1 game to 0, game 2, move 14?" (the score in the order of the names)."""
    games = "game" if wins[0] == 1 else "games"
    return (f"Resume the match {a} against {b}, {wins[0]} {games} to {wins[1]}, game {number}, "
            f"move {move}?")


def resume_match_note() -> str:
    """Said after the match's resume question: what No means."""
    return ("No keeps the match for later, with the official's PIN; it stays in Event, Resume "
            "a match, until the official ends it.")


def resume_match_title() -> str:
    return "Resume the match?"


def match_held_text(a: str, b: str, by: str = "") -> str:
    who = f"The official, {by}," if by else "The official"
    return (f"{who} keeps the match {a} against {b} for later: Event, Resume a match. A new "
            "game is set up.")


def match_not_held_text() -> str:
    return ("Only the official can keep a match for later. The match is resumed; its clocks "
            "stay stopped until the official starts the game.")


def no_held_match_text() -> str:
    return "No match is kept for later."


def held_match_choice(a: str, b: str, wins: tuple[int, int], number: int) -> str:
    return f"{a} against {b}, {wins[0]} to {wins[1]}, game {number}"


HELD_MATCH_ACTIONS = ("Resume the match", "End the match (the official)")
"""What can be done with a match kept for later."""


def which_held_match_question() -> str:
    return "Which match?"


def held_match_what_question() -> str:
    return "What should be done with this match?"


def player_title(name: str) -> str:
    """The title of a question a player answers: "Player Mary Jones (Black)"."""
    return f"Player {name}"


def resign_in_match_question(name: str, side: str, number: int) -> str:
    """Asked of a player before a resignation in a match: "Mary Jones, Black: resign game 2?"."""
    return f"{name}, {side}: resign game {number}? The game goes to your opponent."


def record_seal_text(name: str, verdict: str, sealed: Optional[dict[str, Any]]) -> str:
    """Said when a match record read back (Game > Open game, a result sent to the bracket) does
    not match its seal; with the result the app sealed when there is one."""
    what = {"changed": "was changed outside the app: its seal does not match",
            "unsealed": "carries no seal: it may have been changed outside the app",
            "other install": "was sealed on another laptop and cannot be checked here"}.get(
        verdict, "cannot be checked")
    text = f"Warning: the match record {name} {what}."
    if sealed:
        winner = sealed.get("winner")
        who = f"{winner} won" if winner else "a draw"
        text += (f" The result the app recorded: game {sealed.get('number')}, "
                 f"{sealed.get('black')} against {sealed.get('white')}, {who} "
                 f"({sealed.get('result')}).")
    return text


_HOW_ENDED = {
    "no moves": "the loser having no move",
    "resignation": "resignation",
    "forfeit": "forfeit",
    "adjudication": "adjudication",
    "agreement": "agreement",
    "declared drawn": "the official's declaration",
    "40-move count": "the 40-move count",
    "repetition": "repetition",
}


def how_ended_text(reason: str) -> str:
    """How a game ended, on the score sheet after its result (``reason``: an ``EndReason``'s
    value): "by resignation", "by the 40-move count", and for a result the official corrected,
    "as corrected by the official"."""
    if reason == "corrected by the official":
        return "as corrected by the official"
    return "by " + _HOW_ENDED.get(reason, reason)


def removal_title(chooser: str) -> str:
    """The title of a penalty removal's confirmation: the player who answers it."""
    return f"Player {chooser}: remove a checker"
