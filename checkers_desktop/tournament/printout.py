"""The bracket and the standings for the wall, as large-print HTML (pure; the window prints it to PDF
with Qt later), and the screen reader's list of a division's matches.

The HTML uses only what Qt's rich-text engine renders (tables, headings, bold, font sizes in pt):
black on white, 20 pt text and 32 pt headings by default, one round per column, every match's
players with their medical centers, the winner in bold with the score, and the division's note (a
merge or a split) and draw seed, so the printed bracket can be audited.
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Optional

from ..texts import tournament as texts
from .model import Competitor, MatchStatus
from .views import DivisionView, MatchView, StandingsView

__all__ = ["bracket_html", "standings_html", "division_lines", "standings_document",
           "bracket_document"]


def _who(c: Optional[Competitor], known: bool) -> str:
    if c is None:
        return "bye" if known else "&nbsp;"
    text = escape(c.name)
    if c.medical_center:
        text += f"<br><span style='font-size:smaller'>{escape(c.medical_center)}</span>"
    if c.withdrawn:
        text += " (withdrew)"
    return text


def _cell(m: MatchView) -> str:
    head = escape(m.round_name) + (f" &middot; match {m.number}" if m.number else "")
    rows = []
    for c, known in ((m.a, m.a_known), (m.b, m.b_known)):
        who = _who(c, known)
        if m.winner is not None and c is not None and c.id == m.winner.id:
            who = f"<b>{who}</b>"
        rows.append(f"<tr><td style='border:2px solid black;padding:6px'>{who}</td></tr>")
    tail = ""
    if m.status is MatchStatus.DECIDED and m.winner is not None:
        if m.kind == "played":
            tail = f"{m.score[0]}-{m.score[1]}" + (f", {m.draws} drawn" if m.draws else "")
        else:
            tail = escape(m.kind or "")
    elif m.status.at_table and m.table:
        tail = f"table {m.table}"
    return (f"<p style='margin:0'>{head}</p><table cellspacing='0' style='border-collapse:"
            f"collapse'>{''.join(rows)}</table><p style='margin:0 0 12px 0'>{tail}</p>")


def bracket_html(view: DivisionView, *, font_pt: int = 20) -> str:
    """One division's bracket: a heading (event, division, note, seed), then one column per round
    with its matches, the third-place match under the final, then the standings."""
    d = view.division
    rounds: dict[int, list[MatchView]] = {}
    for m in view.matches:
        rounds.setdefault(m.round, []).append(m)
    cols = []
    for r in sorted(rounds):
        ms = sorted(rounds[r], key=lambda m: m.index)
        cells = "".join(_cell(m) for m in ms)
        cols.append(f"<td valign='middle' style='padding:0 18px'>{cells}</td>")
    note = f"<p>{escape(d.note)}</p>" if d.note else ""
    seed = f"<p>Draw seed {d.draw_seed}; same-center first-round pairs {d.same_center_pairs} " \
           f"(fewest possible {d.minimum_same_center_pairs})</p>" if d.drawn else \
        "<p>Not drawn yet</p>"
    return (f"<html><body style='font-size:{font_pt}pt;color:black;background:white'>"
            f"<h1 style='font-size:{int(font_pt * 1.6)}pt'>{escape(view.event)}</h1>"
            f"<h2 style='font-size:{int(font_pt * 1.3)}pt'>Division {escape(d.label)}</h2>"
            f"{note}{seed}<table><tr>{''.join(cols)}</tr></table>"
            f"{_standings_block(view.standings, font_pt)}</body></html>")


def _standings_block(st: StandingsView, font_pt: int) -> str:
    rows = "".join(f"<tr><td style='padding:4px 16px'>{escape(line.split(': ', 1)[0])}</td>"
                   f"<td style='padding:4px 16px'><b>{escape(line.split(': ', 1)[1])}</b></td></tr>"
                   for line in st.lines())
    return (f"<h2 style='font-size:{int(font_pt * 1.3)}pt'>Standings: {escape(st.division_label)}"
            f"</h2><table>{rows}</table>")


def standings_html(standings: Iterable[StandingsView], *, event: str = "", font_pt: int = 24
                   ) -> str:
    """Every division's gold, silver, bronze and fourth, one block per division."""
    blocks = "".join(_standings_block(st, font_pt) for st in standings)
    title = f"<h1 style='font-size:{int(font_pt * 1.6)}pt'>{escape(event)}</h1>" if event else ""
    return (f"<html><body style='font-size:{font_pt}pt;color:black;background:white'>{title}"
            f"{blocks}</body></html>")


def division_lines(view: DivisionView, *, only: Optional[str] = None) -> list[str]:
    """The division for a screen reader, one sentence per match in bracket order ("Quarter-final
    2, match 7: Ann Lee, Tampa VAMC, beat Bo Diaz, Reno VAMC, 2 games to 1"), then the standings.
    ``only="next"`` keeps the matches still to be played."""
    ms = view.matches
    if only == "next":
        ms = tuple(m for m in ms if m.status.playable)
    lines = [m.line() for m in ms if m.status is not MatchStatus.EMPTY]
    if only != "next":
        lines += view.standings.lines()
    return lines


def _standings_table(st: StandingsView) -> str:
    from .tagged_pdf import table_html

    rows = [tuple(line.split(": ", 1)) for line in st.lines()]
    return table_html(None, ("Place", "Competitor"), rows)


def standings_document(standings: Iterable[StandingsView], *, event: str = "") -> str:
    """Every division's standings for a tagged large-print PDF (``tagged_pdf``): the event as
    the first heading, then per division a heading and a table (place, competitor)."""
    parts = [f"<h1>{escape(event or 'Standings')}</h1>"]
    for st in standings:
        parts.append(f"<section><h2>{escape(texts.standings_heading(st.division_label))}</h2>"
                     f"{_standings_table(st)}</section>")
    return "".join(parts)


def bracket_document(view: DivisionView, picture: Optional[str], alt: str) -> str:
    """One division for a tagged large-print PDF: the event and the division as headings, its
    note and draw, the drawn bracket (``picture``, an image's address, with ``alt`` as its text
    alternative; None when not drawn), the standings as a table, then every match as a
    sentence in a list, in bracket order (what the picture shows, for a screen reader)."""
    d = view.division
    parts = [f"<h1>{escape(view.event or 'Tournament')}</h1>",
             f"<h2>Division {escape(d.label)}</h2>"]
    if d.note:
        parts.append(f"<p>{escape(d.note)}</p>")
    if d.drawn:
        parts.append(f"<p>Draw seed {d.draw_seed}; same-center first-round pairs "
                     f"{d.same_center_pairs} (fewest possible "
                     f"{d.minimum_same_center_pairs}).</p>")
    if picture is not None:
        parts.append(f"<figure><img src='{escape(picture)}' alt='{escape(alt)}'></figure>")
    parts.append(f"<h2>{escape(texts.standings_heading(d.label))}</h2>"
                 f"{_standings_table(view.standings)}")
    lines = [line for line in division_lines(view) if line not in view.standings.lines()]
    if lines:
        parts.append(f"<h2>{escape(texts.matches_heading(d.label))}</h2><ul>"
                     + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>")
    return "".join(parts)
