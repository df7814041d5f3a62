"""Drawing a division's bracket with ``QPainter``: on screen (:mod:`.bracket_view`) and in the PDF
for the wall (:mod:`.printing`), from the same layout.

One column per round (round 1 on the left), each match a box of two rows, one per competitor
("Ann Lee, Tampa VAMC"); a line above the box names it ("Match 13", "Match 20, at table 3"); lines
join each match to the one its winner plays next; the third-place match sits under the final.
Nothing is told by colour alone: the winner's row is bold with the score written after the name
("2-1", "bye"), the loser's row is plain; a walkover or a withdrawal is written in the line above
the box ("Match 3, walkover"), so that the word does not widen every box of the bracket; a side not known yet says whose winner it
will be ("Winner of match 13"). Colours come from a :class:`~checkers_desktop.ui.themes.Theme`:
the background, the text (boxes, lines, names) and the focus colour (the chosen match, drawn 4 px
wide).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from ...texts import tournament as texts
from ...tournament.bracket import BracketPart, feeders, rounds_for, round_title
from ...tournament.model import MatchStatus
from ...tournament.views import DivisionView, MatchView

__all__ = ["BracketLayout", "layout_bracket", "paint_bracket", "side_text", "side_parts",
           "match_caption", "no_ligatures", "score_rect", "caption_rect", "FOCUS_OUTLINE"]

Pos = tuple[int, int]


def side_parts(m: MatchView, side: int, numbers: dict) -> tuple[str, str]:
    """One row as (name, medical center): the competitor ("(withdrew)" added to the name), "bye",
    or whose winner it will be ("Winner of match 13"; the center is then "")."""
    c, known = (m.a, m.a_known) if side == 0 else (m.b, m.b_known)
    if c is not None:
        return texts.withdrawn_name(c.name, c.withdrawn), c.medical_center
    if known:
        return "bye", ""
    size = numbers.get("size", 0)
    fa, fb, losers = feeders(size, (m.round, m.index))
    feeder = fa if side == 0 else fb
    number = numbers.get(feeder) if feeder is not None else None
    if number is None:
        return "", ""
    return f"{'Loser' if losers else 'Winner'} of match {number}", ""


def side_text(m: MatchView, side: int, numbers: dict) -> str:
    """The row on one line: "Ann Lee, Tampa VAMC", "bye", "Winner of match 13"."""
    name, center = side_parts(m, side, numbers)
    return f"{name}, {center}" if center else name


def match_caption(m: MatchView) -> str:
    """The line above a match's box: "Match 13", "Match 20, 1 drawn game", "Match 21, at table
    3", "Match 22, walkover", "Match 23, withdrawal", "Bye"."""
    if m.number is None:
        return "Bye" if m.kind == "bye" else ""
    text = f"Match {m.number}"
    if m.status is MatchStatus.DECIDED and m.kind in ("walkover", "withdrawal"):
        text += f", {m.kind}"
    if m.status is MatchStatus.DECIDED and m.kind == "played" and m.draws:
        text += f", {m.draws} drawn game" + ("s" if m.draws > 1 else "")
    if m.status is MatchStatus.CALLED and m.table:
        text += f", called to table {m.table}"
    elif m.status is MatchStatus.PLAYING and m.table:
        text += f", at table {m.table}"
    return text


def score_rect(row: QRectF, name: str, metrics: QFontMetricsF) -> QRectF:
    """Where the winner's score goes in ``row`` (the rectangle its ``name`` is drawn in, left
    aligned): just after the name, two spaces on, not at the box's right end. A box wider than
    the view (a long name in the column, a large zoom) is shown from its left end, and a score at
    the right end was then out of sight (seen at 1280x720)."""
    left = min(row.right(), row.left() + metrics.horizontalAdvance(name + "  "))
    return QRectF(left, row.top(), max(0.0, row.right() - left), row.height())


FOCUS_OUTLINE = 4
"""The chosen match's outline: this many pixels wide, this many pixels outside its box."""


def caption_rect(box: QRectF, layout: "BracketLayout") -> QRectF:
    """Where a match's caption ("Match 3, walkover") goes: above ``box``, clear of the chosen
    match's outline (:data:`FOCUS_OUTLINE`), which hid its letters' lower half."""
    gap = 1.5 * FOCUS_OUTLINE
    return QRectF(box.left(), box.top() - gap - layout.line * 0.9, box.width() * 1.6,
                  layout.line * 0.9)


def _score(m: MatchView) -> str:
    """What follows the winner's name in the box: the games won ("2-1") or "bye"; a walkover
    or a withdrawal is in the caption (:func:`match_caption`), since the longest word after a
    name sets every box's width."""
    if m.winner is None:
        return ""
    if m.kind == "played":
        ww, lw = m.score
        return f"{ww}-{lw}"  # drawn games are in the caption
    return "bye" if m.kind == "bye" else ""


@dataclass(frozen=True)
class BracketLayout:
    """Where everything goes, in device pixels for a font of ``font_px``: ``boxes`` (match
    position -> the box's rectangle), ``headers`` (round -> (title, rectangle)), the whole
    ``width`` and ``height``. ``stacked``: each competitor on two lines (name, then medical
    center), for narrow columns on paper. ``names_only_after_first``: after round one the
    medical centers are left out (they are in round one), so that later columns are narrower.
    ``small_ratio``: the captions, medical centers and "Winner of match 13" in type this much
    of ``font_px``."""

    font_px: float
    stacked: bool
    names_only_after_first: bool
    line: float
    box_width: float
    boxes: dict
    headers: dict
    width: float
    height: float
    small_ratio: float = 0.85


def no_ligatures(font: QFont) -> QFont:
    """``font`` without ligatures: "fi" stays two letters, so that a PDF's text can be searched and
    read aloud."""
    for tag in ("liga", "clig", "dlig"):
        font.setFeature(QFont.Tag(tag), 0)
    return font


def _fonts(font_px: float, family: str = "", small_ratio: float = 0.85
           ) -> tuple[QFont, QFont, QFont]:
    normal = no_ligatures(QFont(family) if family else QFont())
    normal.setPixelSize(max(1, round(font_px)))
    bold = QFont(normal)
    bold.setBold(True)
    small = QFont(normal)
    small.setPixelSize(max(1, round(font_px * small_ratio)))
    return normal, bold, small


def layout_bracket(view: DivisionView, font_px: float, family: str = "", *,
                   stacked: bool = False, names_only_after_first: bool = False,
                   part: Optional[BracketPart] = None, small_ratio: float = 0.85
                   ) -> BracketLayout:
    """The layout of ``view``'s bracket for text ``font_px`` pixels high (``stacked``: names and
    medical centers on two lines; ``names_only_after_first``: centers in round one only;
    ``part``: only that part's matches, its first round in the first column; ``small_ratio``:
    the small type's share of ``font_px``). Each round's column is as wide as its widest
    row."""
    size = view.division.bracket_size or 0
    rounds = rounds_for(size)
    if part is None:
        part = BracketPart(size, 1, rounds, 0, max(1, size // 2))
    wanted = set(part.positions())
    normal, bold, small = _fonts(font_px, family, small_ratio)
    fb, fs = QFontMetricsF(bold), QFontMetricsF(small)
    line = fb.height() * 1.25
    pad = font_px * 0.5
    numbers: dict[object, Optional[int]] = {"size": size,
                                            **{(m.round, m.index): m.number
                                               for m in view.matches}}
    floor = fs.horizontalAdvance("Winner of match 000")  # drawn in the small type
    widths: dict[int, float] = {}
    shown = [m for m in view.matches if (m.round, m.index) in wanted]
    for m in shown:
        short = names_only_after_first and m.round > 1
        for side in (0, 1):
            name, center = side_parts(m, side, numbers)
            if short:
                w = fb.horizontalAdvance(name)
            elif stacked:
                w = max(fb.horizontalAdvance(name), fs.horizontalAdvance(center))
            else:
                w = fb.horizontalAdvance(side_text(m, side, numbers))
            widths[m.round] = max(widths.get(m.round, floor), w)
    scores = [fb.horizontalAdvance("  " + _score(m)) for m in shown if _score(m)]
    extra = max(scores + [fb.horizontalAdvance("  2-1")]) + 2 * pad
    box_ws = {r: w + extra for r, w in widths.items()}
    box_w = max(box_ws.values()) if box_ws else floor + extra
    col_gap = font_px * (1.5 if stacked else 2.0)
    box_h = (4 if stacked else 2) * line
    slot = line * (1.0 if stacked else 1.2) + box_h   # the caption, then the box
    top = line * 1.6                          # the round titles
    margin = font_px
    first = part.count
    boxes: dict = {}
    centers: dict = {}
    for r in range(part.first_round, part.last_round + 1):
        for i in part.indices(r):
            if r == part.first_round:
                cy = top + (i - part.start) * slot + line * 0.9 + box_h / 2
            else:
                cy = (centers[(r - 1, 2 * i)] + centers[(r - 1, 2 * i + 1)]) / 2
            centers[(r, i)] = cy
        if r == rounds and size >= 4 and (r, 0) in centers:
            centers[(r, 1)] = centers[(r, 0)] + box_h + line * 2.5
    headers = {}
    x = margin
    for r in range(part.first_round, part.last_round + 1):
        w = box_ws.get(r, box_w)
        headers[r] = (round_title(size, r), QRectF(x, margin * 0.2, max(w, box_w * 0.6),
                                                   line * 1.2))
        for (rr, i), cy in centers.items():
            if rr == r:
                boxes[(r, i)] = QRectF(x, cy - box_h / 2, w, box_h)
        x += w + col_gap
    width = x - col_gap + margin
    bottom = max([b.bottom() for b in boxes.values()] + [top + first * slot])
    return BracketLayout(font_px, stacked, names_only_after_first, line, box_w, boxes, headers,
                         width, bottom + margin, small_ratio)


def paint_bracket(painter: QPainter, view: DivisionView, layout: BracketLayout, *,
                  background: str, text: str, focus: str, selected: Optional[Pos] = None,
                  family: str = "") -> None:
    """Draw ``view`` as laid out by :func:`layout_bracket` with the colours given ('#rrggbb');
    ``selected``: the match drawn with the focus outline."""
    size = view.division.bracket_size or 0
    normal, bold, small = _fonts(layout.font_px, family, layout.small_ratio)
    fg = QColor(text)
    painter.fillRect(QRectF(0, 0, layout.width, layout.height), QColor(background))
    thin = QPen(fg, max(1.0, layout.font_px / 10))
    painter.setPen(thin)
    painter.setFont(bold)
    for _r, (title, rect) in layout.headers.items():
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                         title)
    numbers: dict[object, Optional[int]] = {"size": size,
                                            **{(m.round, m.index): m.number
                                               for m in view.matches}}
    by_pos = {(m.round, m.index): m for m in view.matches}
    # the lines from each match to the next
    rounds = rounds_for(size)
    for (r, i), box in layout.boxes.items():
        if r >= rounds or (r, i) not in by_pos:
            continue
        nxt = layout.boxes.get((r + 1, i // 2))
        if nxt is None:
            continue
        mid_x = (box.right() + nxt.left()) / 2
        y = box.center().y()
        ny = nxt.top() + nxt.height() * (0.25 if i % 2 == 0 else 0.75)
        painter.drawLine(QPointF(box.right(), y), QPointF(mid_x, y))
        painter.drawLine(QPointF(mid_x, y), QPointF(mid_x, ny))
        painter.drawLine(QPointF(mid_x, ny), QPointF(nxt.left(), ny))
    pad = layout.font_px * 0.5
    for pos, box in layout.boxes.items():
        m = by_pos.get(pos)
        if m is None:
            continue
        empty = m.status is MatchStatus.EMPTY
        painter.setFont(small)
        caption = match_caption(m) if not empty else ""
        if m.round == rounds and m.index == 1 and not empty:
            caption = "Third place" + (f": {caption}" if caption else "")
        painter.drawText(caption_rect(box, layout),
                         int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom), caption)
        painter.setPen(thin)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(box)
        half = box.height() / 2
        painter.drawLine(QPointF(box.left(), box.top() + half), QPointF(box.right(),
                                                                          box.top() + half))
        for side in (0, 1):
            row = QRectF(box.left() + pad, box.top() + side * half, box.width() - 2 * pad, half)
            c = m.a if side == 0 else m.b
            won = m.winner is not None and c is not None and c.id == m.winner.id
            name, center = side_parts(m, side, numbers)
            if layout.names_only_after_first and m.round > 1:
                center = ""
            first = row
            if layout.stacked and center:
                first = QRectF(row.left(), row.top(), row.width(), row.height() / 2)
                second = QRectF(row.left(), row.top() + row.height() / 2, row.width(),
                                row.height() / 2)
                painter.setFont(small)
                painter.drawText(second, int(Qt.AlignmentFlag.AlignLeft
                                             | Qt.AlignmentFlag.AlignVCenter), center)
            elif center:
                name = f"{name}, {center}"
            painter.setFont(bold if won else (small if c is None else normal))
            painter.drawText(first, int(Qt.AlignmentFlag.AlignLeft
                                        | Qt.AlignmentFlag.AlignVCenter), name)
            if won:
                painter.drawText(score_rect(first, name, QFontMetricsF(bold)),
                                 int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                                 _score(m))
                painter.setPen(QPen(fg, max(2.0, layout.font_px / 5)))
                painter.drawLine(QPointF(box.left() + 1, row.top() + 2),
                                 QPointF(box.left() + 1, row.bottom() - 2))
                painter.setPen(thin)
        if selected is not None and pos == selected:
            painter.setPen(QPen(QColor(focus), FOCUS_OUTLINE))
            painter.drawRect(box.adjusted(-FOCUS_OUTLINE, -FOCUS_OUTLINE, FOCUS_OUTLINE,
                                          FOCUS_OUTLINE))
            painter.setPen(thin)
