"""The match's score sheet as HTML: both players, every game's moves and result, the official's
actions (VA rulebook, Event 4: "score sheets are kept"). Numbers in digits, players named with
their sides. The window lays it out and writes it as PDF or prints it (``ui/event/score_sheet.py``).

When the match's record was changed outside the app (a save or a record whose seal did not vouch
for it when the match was resumed: logged actions of kind ``"integrity"``), the sheet says so at
the top, before anything else, so that nobody signs it unaware.
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Mapping

from ..rules import BLACK, WHITE, Color
from ..rules.profiles import get_profile
from ..texts import event as event_texts
from .match_model import LoggedAction, MatchSettings, PlayedGame, format_game_time

__all__ = ["score_sheet_html", "move_rows", "INTEGRITY_KIND"]

INTEGRITY_KIND = "integrity"
"""The kind of a logged action that says the record was changed outside the app."""

_RESULT_WORDS = {"1-0": "{black} wins", "0-1": "{white} wins", "1/2-1/2": "Drawn",
                 "*": "Unfinished"}


def move_rows(game: PlayedGame) -> list[tuple[int, str, str]]:
    """(move number, Black's move, the other side's move) for each row, moves in PDN ("11-15",
    "26x17x10"); the second is "" when the game ended after Black's move."""
    moves = [m.pdn() for m in game.board.move_stack]
    rows = []
    for i in range(0, len(moves), 2):
        rows.append((i // 2 + 1, moves[i], moves[i + 1] if i + 1 < len(moves) else ""))
    return rows


def _result_line(game: PlayedGame, sides: Mapping[Color, str]) -> str:
    words = _RESULT_WORDS[game.pdn_result].format(black=game.black, white=game.white)
    if game.result is None:
        return words
    how = game.result.reason.value
    detail = event_texts.paper_detail_text(game.result, {BLACK: game.black, WHITE: game.white},
                                           sides)
    return f"{words} ({game.pdn_result}) {event_texts.how_ended_text(how)}" + \
        (f": {detail}" if detail else "") + \
        f", at {format_game_time(game.result.at)} game time"


def score_sheet_html(settings: MatchSettings, games: Iterable[PlayedGame],
                     actions: Iterable[LoggedAction], date_iso: str, summary: str) -> str:
    """The score sheet as HTML (for ``QTextDocument``): event, players, then per game the colours,
    the moves in two columns, the result and how it ended, and the actions logged in that game
    (the official's marked "Official"), numbers in digits, players named with their sides ("Bo
    Diaz (Black) resigns"); the match summary at the end, with lines to sign."""
    profile = get_profile(settings.profile_key)
    sides = profile.side_names
    actions = list(actions)
    e = escape
    out = [
        "<html><body>",
        "<h1>Checkers score sheet</h1>",
        f"<p><b>Event:</b> {e(settings.event or '-')}<br/>"
        f"<b>Site:</b> {e(settings.site or '-')}<br/>"
        f"<b>Date:</b> {e(date_iso)}<br/>"
        f"<b>Round:</b> {e(settings.round or '-')}<br/>"
        f"<b>Rules:</b> {e(profile.title)} ({e(profile.key)}); best of {settings.best_of}<br/>"
        f"<b>Official:</b> {e(settings.official or '-')}</p>",
        "<h2>Players</h2>",
        "<table border='1' cellspacing='0' cellpadding='4'>"
        "<tr><th>Player</th><th>Medical center</th><th>Age group</th></tr>",
    ]
    for p in settings.players:
        out.append(f"<tr><td>{e(p.name)}</td><td>{e(p.medical_center or '-')}</td>"
                   f"<td>{e(p.age_group or '-')}</td></tr>")
    out.append("</table>")
    changed = [a for a in actions if a.kind == INTEGRITY_KIND]
    if changed:
        out.insert(2, "<h2>Changed outside the app</h2><ul>"
                   + "".join(f"<li><b>{e(a.paper)}</b></li>" for a in changed) + "</ul>")
    for game in games:
        out.append(f"<h2>Game {game.number}</h2>")
        out.append(f"<p><b>{e(sides[BLACK])}:</b> {e(game.black)} &nbsp; "
                   f"<b>{e(sides[WHITE])}:</b> {e(game.white)}"
                   + (" &nbsp; (follows a drawn game: played out)" if game.play_out else "")
                   + "</p>")
        rows = move_rows(game)
        if rows:
            # the heading row in thead: printed again at the top of each page the moves take
            out.append("<table border='1' cellspacing='0' cellpadding='3'>"
                       f"<thead><tr><th>No.</th><th>{e(sides[BLACK])} ({e(game.black)})</th>"
                       f"<th>{e(sides[WHITE])} ({e(game.white)})</th></tr></thead>")
            for number, first, second in rows:
                out.append(f"<tr><td>{number}</td><td>{e(first)}</td><td>{e(second)}</td></tr>")
            out.append("</table>")
        else:
            out.append("<p>No moves.</p>")
        out.append(f"<p><b>Result:</b> {e(_result_line(game, sides))}</p>")
        logged = [a for a in actions
                  if a.game == game.number and a.kind not in ("result", INTEGRITY_KIND)]
        if logged:
            out.append("<h3 style='page-break-after: avoid'>Record</h3><ul>")
            for a in logged:
                who = "<b>Official</b>: " if a.official else ""
                out.append(f"<li>{e(format_game_time(a.at))} game time ({e(a.wall)}), after "
                           f"{a.ply} move{'' if a.ply == 1 else 's'}: {who}{e(a.paper)}</li>")
            out.append("</ul>")
    out.append(f"<h2>Match</h2><p>{e(summary)}</p>")
    # one line each to sign, so that no line is cut at the page's edge in large print
    out.append("<p>Signed, official: ______________________</p>")
    out.append(f"<p>{e(settings.players[0].name)}: ______________________</p>")
    out.append(f"<p>{e(settings.players[1].name)}: ______________________</p>")
    out.append("</body></html>")
    return "\n".join(out)
