"""The bracket and the standings for the wall, as large-print HTML (pure; the window prints it to PDF
with Qt later), and the screen reader's list of a division's matches.

The HTML uses only what Qt's rich-text engine renders (tables, headings, bold, font sizes in pt):
black on white, 20 pt text and 32 pt headings by default, one round per column, every match's
players with their medical centers, the winner in bold with the score, and the division's note (a
merge or a split) and draw seed, so the printed bracket can be audited.
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Optional, Sequence

from ..texts import tournament as texts
from .bracket import BracketPart, round_title, rounds_for
from .model import Competitor, MatchStatus
from .views import DivisionView, MatchView, StandingsView

__all__ = ["bracket_html", "standings_html", "division_lines", "standings_document",
           "bracket_document", "bracket_part_texts", "BRACKET_PARTS_CSS"]


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


def _match_words(m: Optional[MatchView], fallback: str) -> str:
    """"match 13", or a bye's pairing ("Round of 16, pairing 3")."""
    if m is None:
        return fallback
    if m.number is not None:
        return f"match {m.number}"
    return m.round_name


def _next_words(m: Optional[MatchView]) -> str:
    """"the final, match 16", "semi-final 1, match 13"."""
    if m is None:
        return "the next round"
    name = m.round_name
    if name in ("Final", "Third place"):
        name = "the " + name.lower()
    else:
        name = name[0].lower() + name[1:]
    return f"{name}, match {m.number}" if m.number is not None else name


def _part_name(part: BracketPart) -> str:
    """The first round's share of the part ("the second quarter of the draw"), with its
    rounds named when they are the later ones."""
    in_round = max(1, part.size >> part.first_round)   # the first round's matches in all
    share = None
    if part.count < in_round:
        share = (part.start // part.count + 1, in_round // part.count)
    titles = [] if part.first_round == 1 else [
        round_title(part.size, r) for r in range(part.first_round, part.last_round + 1)]
    return texts.bracket_part_name(share, titles)


def bracket_part_texts(view: DivisionView, parts: Sequence[BracketPart]
                       ) -> list[tuple[str, str, list[str]]]:
    """For each printed part of ``view``'s bracket: (its name, its heading, the sentences
    saying where the winners at its edge go next and where its players come from)."""
    by_pos = {(m.round, m.index): m for m in view.matches}
    rounds = rounds_for(view.division.bracket_size or 0)

    def part_of(pos: tuple[int, int]) -> int:
        return next((n for n, p in enumerate(parts, 1) if pos in p.positions()), 0)

    out = []
    for number, part in enumerate(parts, 1):
        name = _part_name(part)
        heading = texts.bracket_part_heading(view.division.label, number, len(parts), name)
        notes = []
        for pos, nxt in part.leaving():
            third = None
            if pos[0] == rounds - 1 and rounds >= 2:
                third = _next_words(by_pos.get((rounds, 1)))
            notes.append(texts.bracket_part_leaving_text(
                _match_words(by_pos.get(pos), "the match"), _next_words(by_pos.get(nxt)),
                part_of(nxt), third))
        sources = [(_match_words(by_pos.get(pos), "a match"), part_of(pos))
                   for pos in part.entering()]
        if sources:
            third = None
            if part.first_round == rounds and (rounds, 1) in part.positions():
                third = _next_words(by_pos.get((rounds, 1)))  # the semi-finals' losers play it
            notes.append(texts.bracket_part_entering_text(sources, third))
        out.append((name, heading, notes))
    return out


def bracket_document(view: DivisionView, picture: Optional[str], alt: str,
                     parts: Sequence[tuple[BracketPart, str]] = ()) -> str:
    """One division for a tagged large-print PDF: the event and the division as headings, its
    note and draw, the drawn bracket (``picture``, an image's address, with ``alt`` as its text
    alternative; None when not drawn or drawn in ``parts``), the standings as a table; then,
    when the bracket is printed in ``parts`` ((part, its picture's address), in order), each
    part on its own page: its heading (which part of the draw it is), its picture, and where
    the winners at its edge go next; then every match as a sentence in a list, in bracket
    order (what the pictures show, for a screen reader), from a new page."""
    d = view.division
    parts_text = bracket_part_texts(view, [p for p, _ in parts]) if parts else []
    doc = [f"<h1>{escape(view.event or 'Tournament')}</h1>",
           f"<h2>Division {escape(d.label)}</h2>"]
    if d.note:
        doc.append(f"<p>{escape(d.note)}</p>")
    if d.drawn:
        doc.append(f"<p>Draw seed {d.draw_seed}; same-center first-round pairs "
                   f"{d.same_center_pairs} (fewest possible "
                   f"{d.minimum_same_center_pairs}).</p>")
    if picture is not None:
        doc.append(f"<figure><img src='{escape(picture)}' alt='{escape(alt)}'></figure>")
    doc.append(f"<h2>{escape(texts.standings_heading(d.label))}</h2>"
               f"{_standings_table(view.standings)}")
    if parts_text:
        doc.append("<p>" + escape(texts.bracket_parts_text(d.label, len(parts_text))) + "</p>")
    for (_part, address), (name, heading, notes) in zip(parts, parts_text):
        doc.append("<section class='bracket-part'>"
                   f"<h2>{escape(heading)}</h2>"
                   f"<figure><img src='{escape(address)}' "
                   f"alt='{escape(texts.bracket_part_alt(d.label, name))}'></figure>"
                   + "".join(f"<p>{escape(note)}</p>" for note in notes) + "</section>")
    lines = [line for line in division_lines(view) if line not in view.standings.lines()]
    if lines:
        style = " class='after-parts'" if parts_text else ""
        doc.append(f"<h2{style}>{escape(texts.matches_heading(d.label))}</h2><ul>"
                   + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>")
    return "".join(doc)


BRACKET_PARTS_CSS = (
    "section.bracket-part { break-before: page; page-break-before: always; "
    "break-inside: avoid; page-break-inside: avoid; }\n"
    "section.bracket-part h2 { margin-top: 0; }\n"
    "section.bracket-part p { margin: 4pt 0 0 0; }\n"
    "h2.after-parts { break-before: page; page-break-before: always; margin-top: 0; }\n")
"""The style a bracket printed in parts adds: each part on its own page, the list after."""
