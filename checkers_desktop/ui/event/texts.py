"""The sentences event mode shows and speaks (the rest of the app's texts are in
``speech/messages.py`` and ``ui/texts.py``). Numbers a player hears are words ("game two",
"twenty-five seconds"); squares in announcements are words too, as moves are."""

from __future__ import annotations

from typing import Mapping, Optional

from ...rules import BLACK, WHITE, Color
from ...speech.spoken import number_words


def _n(n: int) -> str:
    return number_words(n) if 0 <= n <= 99 else str(n)


def _seconds(seconds: float) -> str:
    s = int(round(seconds))
    if s % 60 == 0 and s >= 60:
        m = s // 60
        return f"{_n(m)} minute" + ("" if m == 1 else "s")
    return f"{_n(s)} second" + ("" if s == 1 else "s")


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


def move_warning_text(name: str, seconds: float, limit: Optional[float]) -> str:
    text = f"{name}, {_seconds(seconds)}."
    if limit:
        text += f" {_seconds(limit - seconds).capitalize()} left for this move."
    return text


def move_time_expired_text(name: str, seconds: float) -> str:
    return f"Time. {name} has used the {_seconds(seconds)} for a move."


def penalty_due_text(chooser: str, victim: str, victim_side: str, stalling: bool) -> str:
    why = "Stalling penalty" if stalling else "Penalty"
    return (f"{why}: {chooser} chooses one of {victim}'s {victim_side} checkers to remove. "
            f"Pick it on the board, or type or say its square.")


def checker_removed_text(chooser: str, victim: str, victim_side: str, square: int) -> str:
    return f"{chooser} removes {victim}'s {victim_side} checker on {_n(square)}."


def game_time_warning_text(seconds_left: float) -> str:
    return f"{_seconds(seconds_left).capitalize()} left in the game."


def time_limit_text() -> str:
    return "Time limit reached."


def play_out_text() -> str:
    return ("Time limit: the count is equal, and this game follows a draw, so it is played out "
            "without a time limit.")


def count_text(material: Mapping[Color, int], sides: Mapping[Color, str]) -> str:
    """The count at adjudication: man 1, king 2 (VA rulebook 3:00 s5)."""
    return (f"The count: {sides[BLACK]} {_n(material[BLACK])}, {sides[WHITE]} "
            f"{_n(material[WHITE])}.")


def game_result_text(number: int, winner: Optional[str], winner_side: Optional[str],
                     how: str) -> str:
    if winner is None:
        return f"Game {_n(number)} is drawn: {how}."
    return f"{winner} wins game {_n(number)} with {winner_side}: {how}."


def score_text(players: tuple[str, str], wins: tuple[int, int], draws: int,
               words: bool = True) -> str:
    """"Score: Ann two, Bo zero, one drawn." (``words`` False: digits, for the score sheet)."""
    n = _n if words else str
    text = f"Score: {players[0]} {n(wins[0])}, {players[1]} {n(wins[1])}"
    if draws:
        text += f", {n(draws)} drawn"
    return text + "."


def match_result_text(winner: Optional[str], wins: int, other_wins: int) -> str:
    if winner is None:
        return "The match is over without a winner."
    games = "game" if wins == 1 else "games"
    other = "none" if other_wins == 0 else _n(other_wins)
    return f"{winner} wins the match, {_n(wins)} {games} to {other}."


def next_game_text(number: int) -> str:
    return f"Game {_n(number)} follows."


def paused_text() -> str:
    return "The official pauses the clocks."


def resumed_text() -> str:
    return "The official restarts the clocks."


def stalling_warning_text(name: str, side: str) -> str:
    return (f"The official warns {name}, {side}, for stalling. If it goes on, a checker will be "
            f"removed.")


def forfeit_text(name: str, number: int, reason: str) -> str:
    text = f"The official declares that {name} forfeits game {_n(number)}"
    return text + (f": {reason}." if reason else ".")


def adjudication_requested_text() -> str:
    return "The official adjudicates the game."


def declare_draw_text() -> str:
    return "The official declares the game drawn: neither player can force a win."


def corrected_text(number: int, winner: Optional[str]) -> str:
    who = "a draw" if winner is None else f"{winner} wins"
    return f"The official corrects the result of game {_n(number)}: {who}."


def no_match_text() -> str:
    return "No match is in progress. Start one with Event, New match."


def no_penalty_text() -> str:
    return "No checker is to be removed now."


def match_saved_text(path: str) -> str:
    return f"Score sheet saved: {path}"


def match_left_text(folder) -> str:
    return (f"The match has stopped: a game outside the match was started. Its records are saved "
            f"in {folder}.")
