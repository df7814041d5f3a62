"""Every sentence the tournament shows or speaks, as pure functions of data.

Spoken text uses what people at the tables say: "Match 5, Ann Lee and Bo Diaz, to table 3";
"Table 3: Ann Lee beat Bo Diaz, 2 games to 1". (These move into the app's shared texts package
later; the functions and their arguments stay the same.)
"""

from __future__ import annotations

from typing import Optional

__all__ = [
    "call_sentence", "result_sentence", "score_words", "match_line", "standings_lines",
    "server_gone_sentence", "server_back_sentence", "queued_sentence", "refused_sentence",
    "name_with_center", "withdrawal_sentence", "correction_sentence",
]


def call_sentence(match_number: int, a_name: str, b_name: str, table: int) -> str:
    """"Match 5, Ann Lee and Bo Diaz, to table 3"."""
    return f"Match {match_number}, {a_name} and {b_name}, to table {table}"


def score_words(winner_wins: int, loser_wins: int, draws: int = 0) -> str:
    """"2 games to 1", "2 games to 0, 1 drawn"."""
    text = f"{winner_wins} games to {loser_wins}" if winner_wins != 1 else \
        f"{winner_wins} game to {loser_wins}"
    if draws:
        text += f", {draws} drawn"
    return text


def _how(kind: str, winner_wins: int, loser_wins: int, draws: int) -> str:
    if kind == "walkover":
        return "by walkover"
    if kind == "withdrawal":
        return "by withdrawal"
    if kind == "bye":
        return "with a bye"
    return score_words(winner_wins, loser_wins, draws)


def result_sentence(table: Optional[int], winner: str, loser: str, winner_wins: int,
                    loser_wins: int, draws: int = 0, kind: str = "played") -> str:
    """"Table 3: Ann Lee beat Bo Diaz, 2 games to 1" (no "Table" part when ``table`` is None)."""
    how = _how(kind, winner_wins, loser_wins, draws)
    text = f"{winner} beat {loser}, {how}" if kind != "bye" else f"{winner} goes through with a bye"
    return f"Table {table}: {text}" if table is not None else text


def name_with_center(name: str, center: str) -> str:
    """"Ann Lee, Tampa VAMC" (the name alone when the center is empty)."""
    return f"{name}, {center}" if center else name


def match_line(round_name: str, a: Optional[str], b: Optional[str], *, winner: Optional[str] = None,
               kind: Optional[str] = None, winner_wins: int = 0, loser_wins: int = 0,
               draws: int = 0, number: Optional[int] = None, status: str = "") -> str:
    """One match for a screen reader's list, ``a``/``b`` being "Name, Center" (None: not known yet):
    "Quarter-final 2: Ann Lee, Tampa VAMC, beat Bo Diaz, Reno VAMC, 2 games to 1";
    "Semi-final 1, match 9: Ann Lee, Tampa VAMC, against the winner of an earlier match"."""
    head = round_name if number is None else f"{round_name}, match {number}"
    if winner is not None:
        loser = b if winner == a else a
        if kind == "bye" or loser is None:
            return f"{head}: {winner} goes through with a bye"
        sep = "," if ", " in winner else ""  # "Ann Lee, Tampa VAMC, beat ..."
        how = _how(kind or "played", winner_wins, loser_wins, draws)
        return f"{head}: {winner}{sep} beat {loser}, {how}"
    left = a if a is not None else "the winner of an earlier match"
    right = b if b is not None else "the winner of an earlier match"
    tail = f" ({status})" if status else ""
    return f"{head}: {left} against {right}{tail}"


def standings_lines(gold: Optional[str], silver: Optional[str], bronze: Optional[str],
                    fourth: Optional[str]) -> list[str]:
    """"Gold: Ann Lee, Tampa VAMC", ..., "not decided yet" for places still open."""
    out = []
    for place, who in (("Gold", gold), ("Silver", silver), ("Bronze", bronze), ("Fourth", fourth)):
        out.append(f"{place}: {who if who else 'not decided yet'}")
    return out


def server_gone_sentence() -> str:
    """Said once when a table loses the tournament server."""
    return ("The tournament server cannot be reached. Play goes on; the result will be sent "
            "when the server is back.")


def server_back_sentence(sent: int) -> str:
    """Said once when the server answers again, with the number of queued results sent."""
    if sent == 0:
        return "The tournament server is back."
    return f"The tournament server is back; {sent} queued result{'s' if sent != 1 else ''} sent."


def queued_sentence(match_number: int) -> str:
    return f"Match {match_number}: the result is kept on this laptop and will be sent when the " \
           "server is back."


def refused_sentence(match_number: int, reason: str) -> str:
    return f"Match {match_number}: the result was refused. {reason}"


def withdrawal_sentence(name: str, opponent: Optional[str], match_number: Optional[int]) -> str:
    if opponent and match_number is not None:
        return f"{name} withdrew; {opponent} wins match {match_number} by walkover"
    return f"{name} withdrew"


def correction_sentence(match_number: int, affected: list[int]) -> str:
    """"Match 5 corrected; matches 9 and 12 are affected"."""
    if not affected:
        return f"Match {match_number} corrected; no later match is affected"
    if len(affected) == 1:
        return f"Match {match_number} corrected; match {affected[0]} is affected"
    nums = ", ".join(str(n) for n in affected[:-1]) + f" and {affected[-1]}"
    return f"Match {match_number} corrected; matches {nums} are affected"
