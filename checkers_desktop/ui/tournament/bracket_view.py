"""The drawn bracket on screen: one division, in the window's theme, zoomable (50 to 400 percent).

:class:`BracketCanvas` paints with :mod:`.bracket_paint` (the same drawing as the PDF); it sits in
a ``QScrollArea`` and grows with the zoom. Clicking a match chooses it (``match_clicked``); the
chosen match is drawn with the theme's focus colour and scrolled into view. Screen-reader users
read the same bracket in the list beside it (:mod:`.bracket_tree`); the canvas takes no keyboard
focus.
"""

from __future__ import annotations

from typing import Optional

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QScrollArea, QSizePolicy, QWidget

from ...tournament.views import DivisionView
from ..themes import DEFAULT_THEME_KEY, Theme, get_theme
from .bracket_paint import BracketLayout, layout_bracket, paint_bracket

__all__ = ["BracketCanvas", "BracketScroll", "ZOOM_STEPS", "BASE_FONT_PX", "FIT_FLOOR"]

ZOOM_STEPS = (50, 75, 100, 125, 150, 200, 250, 300, 400)
"""The zoom levels, percent."""
BASE_FONT_PX = 18
"""Text height at 100 percent, pixels (large enough for low vision on a 1366x768 screen)."""
FIT_FLOOR = 60
"""The least zoom (percent) fitting the bracket to the view chooses: narrower, it scrolls."""


class BracketCanvas(QWidget):
    """Paints one :class:`DivisionView` (or a sentence when there is nothing to draw)."""

    match_clicked = Signal(object)  # the match's (round, index)

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.setObjectName("bracket-drawing")
        self.setAccessibleName("Drawn bracket")
        self.setAccessibleDescription("The bracket drawn for the eyes; the list of matches beside "
                                      "it reads the same bracket.")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.view: Optional[DivisionView] = None
        self.theme: Theme = get_theme(DEFAULT_THEME_KEY)
        self.zoom = 100
        self.text_percent = 100
        """The app's text size (View > Text size): the drawing's type grows with it."""
        self.fitting = True
        """The zoom is chosen so that the whole bracket's width, the final included, fits the
        view (at most 100 %, at least :data:`FIT_FLOOR`), until the player zooms."""
        self.compact = False
        """The medical centers in the first column only (the names alone after it), chosen by
        :meth:`fit_width` when the whole drawing is too wide for the view at 100 %."""
        self.selected: Optional[tuple[int, int]] = None
        self.empty_text = ""
        self.layout_: Optional[BracketLayout] = None
        self._relayout()

    # --- state --------------------------------------------------------------------------
    def set_view(self, view: Optional[DivisionView], empty_text: str = "") -> None:
        self.view = view
        self.empty_text = empty_text
        self._relayout()
        viewport = self.parentWidget()
        scroll = viewport.parentWidget() if viewport is not None else None
        if isinstance(scroll, BracketScroll):
            scroll.refit()

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.update()

    def set_zoom(self, percent: int) -> int:
        """Set the zoom (clamped to 50-400 percent); returns the zoom now. The zoom then stays
        as chosen (no more fitting to the view)."""
        self.fitting = False
        return self._set_zoom(percent)

    def _set_zoom(self, percent: int) -> int:
        self.zoom = max(ZOOM_STEPS[0], min(ZOOM_STEPS[-1], int(percent)))
        self._relayout()
        return self.zoom

    def set_text_percent(self, percent: int) -> None:
        """The app's text size changed: the drawing's type follows it."""
        self.text_percent = max(100, int(percent))
        self._relayout()

    def fit_width(self, width: int, height: int = 0) -> None:
        """While :attr:`fitting`: the largest zoom at which the drawing is ``width`` pixels wide
        or less (and ``height`` pixels high or less, when given), at most 100 % and at least
        :data:`FIT_FLOOR` % (so that its type stays readable; below, the view scrolls). When
        the whole drawing does not fit at 100 %, the medical centers are left out after the
        first column (:attr:`compact`: they are written there), which is narrower than any
        smaller type. Each zoom tried is laid out, since the type's pixel size is rounded: a
        zoom worked out by proportion alone came out a few pixels wider than the view."""
        if not self.fitting or self.view is None or not self._drawable() or width <= 0:
            return
        view = self.view
        base = BASE_FONT_PX * self.text_percent / 100.0

        def fits(compact: bool, percent: int) -> bool:
            trial = layout_bracket(view, base * percent / 100.0, names_only_after_first=compact)
            return trial.width + 1 <= width and (height <= 0 or trial.height + 1 <= height)

        compact = not fits(False, 100)
        full = layout_bracket(view, base, names_only_after_first=compact)
        ratio = width / max(1.0, full.width)
        if height > 0:
            ratio = min(ratio, height / max(1.0, full.height))
        percent = max(FIT_FLOOR, min(100, int(100 * ratio) + 1))
        while percent > FIT_FLOOR and not fits(compact, percent):
            percent -= 1
        if percent != self.zoom or compact != self.compact:
            self.compact = compact
            self._set_zoom(percent)

    def zoom_in(self) -> int:
        bigger = [z for z in ZOOM_STEPS if z > self.zoom]
        return self.set_zoom(bigger[0] if bigger else self.zoom)

    def zoom_out(self) -> int:
        smaller = [z for z in ZOOM_STEPS if z < self.zoom]
        return self.set_zoom(smaller[-1] if smaller else self.zoom)

    def select(self, pos: Optional[tuple[int, int]]) -> None:
        self.selected = pos
        self.update()

    def box_of(self, pos: tuple[int, int]) -> Optional[QRectF]:
        """The rectangle of the match at ``pos`` (a ``QRectF``), or None."""
        if self.layout_ is None:
            return None
        return self.layout_.boxes.get(pos)

    @property
    def font_px(self) -> float:
        """The drawing's text height, pixels: :data:`BASE_FONT_PX` times the app's text size
        times the zoom."""
        return BASE_FONT_PX * self.text_percent / 100.0 * self.zoom / 100.0

    def _drawable(self) -> bool:
        v = self.view
        return v is not None and v.division.drawn and bool(v.matches)

    def _relayout(self) -> None:
        if self.view is not None and self._drawable():
            self.layout_ = layout_bracket(self.view, self.font_px,
                                          names_only_after_first=self.compact)
            size = QSize(int(self.layout_.width) + 1, int(self.layout_.height) + 1)
        else:
            self.layout_ = None
            size = QSize(int(self.font_px * 30), int(self.font_px * 6))
        self.setFixedSize(size)
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return self.size()

    # --- painting and the mouse ----------------------------------------------------------
    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        t = self.theme
        if self.layout_ is None:
            painter.fillRect(self.rect(), QColor(t.background))
            painter.setPen(QColor(t.text))
            font = QFont()
            font.setPixelSize(int(self.font_px))
            painter.setFont(font)
            painter.drawText(self.rect().adjusted(10, 10, -10, -10),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                                 | Qt.TextFlag.TextWordWrap), self.empty_text)
        elif self.view is not None:
            paint_bracket(painter, self.view, self.layout_, background=t.background,
                          text=t.text, focus=t.focus, selected=self.selected)
        painter.end()

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self.layout_ is None:
            return
        point = event.position()
        for pos, box in self.layout_.boxes.items():
            if box.contains(point):
                self.match_clicked.emit(pos)
                return


class BracketScroll(QScrollArea):
    """The canvas in a scroll area, its background the theme's."""

    def __init__(self, parent: Optional[QWidget] = None) -> None:
        super().__init__(parent)
        self.canvas = BracketCanvas(self)
        self.setWidget(self.canvas)
        self.setWidgetResizable(False)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAccessibleName("Drawn bracket")

    def refit(self) -> None:
        """Fit the whole drawing to the view now (while the canvas is fitting): the room inside
        the frame, less the scroll bars' room when they show."""
        frame = 2 * self.frameWidth()
        self.canvas.fit_width(self.width() - frame - 4, self.height() - frame - 4)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.refit()

    def show_match(self, pos) -> None:
        """Scroll so that the match at ``pos`` is in view; a box wider than the view (a long
        name, a large zoom) shows its left end, where the names begin: centred, both ends were
        cut ("rtholomew Fitzgerald-Montgom" at 1280x720)."""
        box = self.canvas.box_of(pos)
        if box is not None:
            c = box.center()
            self.ensureVisible(int(c.x()), int(c.y()), int(box.width() / 2) + 20,
                               int(box.height() / 2) + 40)
            if box.width() + 40 > self.viewport().width():
                bar = self.horizontalScrollBar()
                bar.setValue(max(bar.minimum(), min(bar.maximum(), int(box.left()) - 20)))

    def apply_theme(self, theme: Theme) -> None:
        self.canvas.set_theme(theme)
        self.setStyleSheet(f"QScrollArea {{ background: {theme.background}; border: 2px solid "
                           f"{theme.text}; }}")
        self.viewport().setStyleSheet(f"background: {theme.background};")

