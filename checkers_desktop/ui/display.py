"""Low-vision display settings of the window: theme, zoom, text size, large square numbers
and "where am I", with the View menu that sets them.

Each setting is declared once in ``settings.py`` (``THEME_KEY``, ``ZOOM_PERCENT``,
``TEXT_SIZE_PERCENT``, ``LARGE_NUMBERS``), applied at once when changed, saved at once, and
restored when the window is made. The commands are declared in ``actions.py`` (View menu); this
module adds the Theme and Text size submenus (radio items) and says every change through the
window's announcer.

What zoom means: at 100 % the whole board fills the window. A player with low vision who zooms in
wants the squares bigger where they are looking, not a bigger window, so zoom magnifies the board
itself (125-400 %) and the view pans to keep the cursor's square in the middle, as a screen
magnifier that follows the focus does (``BoardWidget._board_rect``). The labels, menus and move box
have their own setting, text size (100-300 %), which sets the application font.
"""

from __future__ import annotations

from typing import Callable, Optional

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QFont, QKeySequence, QPalette
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from ..rules.geometry import square_cell
from ..speech.announcer import Priority
from ..texts import app as app_texts
from ..texts.themes import theme_spoken_name
from .board_widget import MAX_ZOOM_PERCENT, MIN_ZOOM_PERCENT
from .settings import LARGE_NUMBERS, TEXT_SIZE_PERCENT, THEME_KEY, ZOOM_PERCENT, Settings
from .themes import DEFAULT_THEME_KEY, THEMES, Theme, UnknownThemeError, get_theme
from .context import AppContext

ZOOM_STEPS: tuple[int, ...] = (100, 125, 150, 200, 250, 300, 400)
"""Zoom levels in percent that Zoom in and Zoom out step through."""

TEXT_SIZES: tuple[int, ...] = (100, 125, 150, 175, 200, 250, 300)
"""Text sizes in percent of the system font, in the Text size submenu."""

MIN_TEXT_PERCENT, MAX_TEXT_PERCENT = TEXT_SIZES[0], TEXT_SIZES[-1]

FONT_CLASSES: tuple[str, ...] = (
    "QMenu", "QMenuBar", "QMessageBox", "QLabel", "QTipLabel", "QStatusBar", "QPushButton",
    "QCheckBox", "QRadioButton", "QToolButton", "QAbstractItemView", "QHeaderView", "QComboBox",
    "QLineEdit", "QAbstractSpinBox", "QTabBar", "QGroupBox", "QDockWidget", "QTextEdit")
"""Widget classes that the platform may give fonts of their own (menus above all); text size
scales these too."""

_base_font: Optional[QFont] = None
_base_class_fonts: dict[str, QFont] = {}


def base_font() -> QFont:
    """The application font before any text-size change (the system's), remembered on first use so
    that sizes are always a percentage of it, never of an earlier change."""
    global _base_font
    if _base_font is None:
        _base_font = QFont(QApplication.font())
        for name in FONT_CLASSES:
            # PySide6's stubs lack QApplication.font's class-name overload
            _base_class_fonts[name] = QFont(QApplication.font(name))  # type: ignore[call-overload]
    return QFont(_base_font)


def apply_text_percent(percent: int) -> QFont:
    """Set the application font, and the fonts the platform gives menus and other widget
    classes, to ``percent`` of the system's; returns the new application font."""
    base = base_font()
    font = QFont(base)
    font.setPointSizeF(points_of(base) * percent / 100)
    QApplication.setFont(font)
    for name, class_base in _base_class_fonts.items():
        scaled = QFont(class_base)
        scaled.setPointSizeF(points_of(class_base) * percent / 100)
        QApplication.setFont(scaled, name)  # type: ignore[arg-type]  # a class name: stubs lack it
    return font


def points_of(font: QFont) -> float:
    """``font``'s size in points (one given in pixels converted at 96 dpi)."""
    size = font.pointSizeF()
    if size <= 0:  # a font given in pixels: about 0.75 pt a pixel at 96 dpi
        size = max(1, font.pixelSize()) * 0.75
    return size


def clamp_zoom(percent) -> int:
    """``percent`` as an int within 100-400 (a stored value that is no number gives 100)."""
    try:
        value = int(percent)
    except (TypeError, ValueError):
        return MIN_ZOOM_PERCENT
    return max(MIN_ZOOM_PERCENT, min(MAX_ZOOM_PERCENT, value))


def clamp_text(percent) -> int:
    """``percent`` as an int within 100-300 (a stored value that is no number gives 100)."""
    try:
        value = int(percent)
    except (TypeError, ValueError):
        return MIN_TEXT_PERCENT
    return max(MIN_TEXT_PERCENT, min(MAX_TEXT_PERCENT, value))


def step(steps: tuple[int, ...], current: int, up: bool) -> int:
    """The next value of ``steps`` above (``up``) or below ``current``; the end value at the end."""
    if up:
        return next((s for s in steps if s > current), steps[-1])
    return next((s for s in reversed(steps) if s < current), steps[0])


def theme_palette(theme: Theme, palette: QPalette) -> QPalette:
    """``palette`` with the window, text, button, highlight and tool-tip colours of ``theme``, so
    menus and dialogs match the board."""
    result = QPalette(palette)
    background, text = QColor(theme.background), QColor(theme.text)
    for role in (QPalette.ColorRole.Window, QPalette.ColorRole.Base,
                 QPalette.ColorRole.AlternateBase, QPalette.ColorRole.Button,
                 QPalette.ColorRole.ToolTipBase):
        result.setColor(role, background)
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText, QPalette.ColorRole.ToolTipText,
                 QPalette.ColorRole.BrightText, QPalette.ColorRole.PlaceholderText):
        result.setColor(role, text)
    # Menus highlight the current item by swapping the text and background colours (7:1 or more).
    result.setColor(QPalette.ColorRole.Highlight, text)
    result.setColor(QPalette.ColorRole.HighlightedText, background)
    return result


def field_style(theme: Theme) -> str:
    """The fields of the app's dialogs (the new-match form, the PIN, the square to remove, the
    tournament's forms) drawn in the theme: text fields, lists to choose from and buttons with a
    border in the theme's text colour, thicker in its focus colour when focused; check boxes and
    radio buttons with a box (a circle) in the text colour, filled when checked, and the focused
    one framed in the focus colour (:attr:`.themes.Theme.widget_focus`, which stands out on the
    window's background); unfocused frames in :attr:`.themes.Theme.field_frame`, so that focus
    shows by colour as well as thickness. With the theme's background these had no visible
    edge, and a check box no box at all (yellow on black, white on black)."""
    t, f, b = theme.text, theme.widget_focus, theme.background
    edge = theme.field_frame  # differs from the focus colour, not only in thickness
    return (f"QLineEdit, QComboBox, QSpinBox {{ border: 2px solid {edge}; padding: 2px; }} "
            f"QLineEdit:focus, QComboBox:focus, QSpinBox:focus {{ border: 3px solid {f}; }} "
            f"QPushButton {{ border: 2px solid {edge}; padding: 4px 10px; }} "
            f"QPushButton:focus {{ border: 3px solid {f}; }} "
            f"QCheckBox, QRadioButton {{ border: 3px solid transparent; padding: 2px; }} "
            f"QCheckBox:focus, QRadioButton:focus {{ border: 3px solid {f}; }} "
            f"QCheckBox::indicator, QRadioButton::indicator {{ width: 0.9em; height: 0.9em; "
            f"border: 2px solid {t}; background: {b}; }} "
            f"QRadioButton::indicator {{ border-radius: 0.45em; }} "
            f"QCheckBox::indicator:checked, QRadioButton::indicator:checked {{ "
            f"background: {t}; }}")


_field_style = ""


QUESTION_MIN_POINTS = 14.0
"""The smallest type, points, of a question that stops the game (Yes/No, a choice, a line of
text): at the system's usual 9-10 pt (about 13 px) a low-vision player could not read "Resign
this game?" that the window's 14 pt status line had led up to. Text sizes above it are kept."""


def question_font(widget: QWidget) -> QFont:
    """``widget``'s font, at least :data:`QUESTION_MIN_POINTS` points."""
    font = QFont(widget.font())
    if points_of(font) < QUESTION_MIN_POINTS:
        font.setPointSizeF(QUESTION_MIN_POINTS)
    return font


def style_dialog(dialog: QWidget) -> None:
    """Give ``dialog``'s text fields the theme's border (see :func:`field_style`). Set on each
    dialog, not on the application: an application style sheet makes Qt drop the fonts that
    View > Text size sets on the window's own labels when a window is polished."""
    if _field_style:
        dialog.setStyleSheet(_field_style)


def where_am_i_text(board_widget) -> str:
    """What "where am I" says about the cursor's square: its name, row and column on the screen
    (1-8 from the top left) and its marks."""
    square = board_widget.cursor
    widget = board_widget.squares[square]
    row, col = square_cell(square, board_widget.flipped)
    return app_texts.where_am_i_text(widget.accessibleName(), row + 1, col + 1,
                                     widget.accessibleDescription())


class DisplayController(QObject):
    """Applies, saves and restores the display settings of the window of ``ctx`` (an
    :class:`~.context.AppContext`: its board, settings and announcer; the window follows a new
    theme by ``theme_changed``).

    Make it after the window's widgets and before its menus: :attr:`handlers` maps the View
    actions' ids to callables, and :meth:`build_view_menu` adds the submenus.
    Signals: ``theme_changed(key)``, ``zoom_changed(percent)``, ``text_size_changed(percent)``.
    """

    theme_changed = Signal(str)
    zoom_changed = Signal(int)
    text_size_changed = Signal(int)

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx.window)
        self.ctx = ctx
        window = ctx.window
        self.board = ctx.board
        self.settings: Settings = ctx.settings
        self.theme_actions: dict[str, QAction] = {}
        self.text_size_actions: dict[int, QAction] = {}
        self.large_numbers_action: Optional[QAction] = None
        base_font()  # remember the system font before the first change
        current = points_of(QApplication.font())
        # Widgets that set their own font (status line, move box) keep their size relative to
        # the application font they were made with.
        self._font_ratios: dict[QWidget, float] = {
            w: points_of(w.font()) / current for w in window.findChildren(QWidget)
            if w.testAttribute(Qt.WidgetAttribute.WA_SetFont) and not isinstance(w, QMenu)}
        try:
            self.theme = get_theme(self.settings.get(THEME_KEY))
        except UnknownThemeError:
            self.theme = get_theme(DEFAULT_THEME_KEY)
        self.zoom = clamp_zoom(self.settings.get(ZOOM_PERCENT))
        self.text_size = clamp_text(self.settings.get(TEXT_SIZE_PERCENT))
        self.large_numbers = bool(self.settings.get(LARGE_NUMBERS))
        self._apply_theme(self.theme)
        self.board.set_zoom(self.zoom)
        self.board.set_large_numbers(self.large_numbers)
        self._apply_text_size(self.text_size)
        self.board.zoom_step_requested.connect(
            lambda direction: self.set_zoom(step(ZOOM_STEPS, self.zoom, direction > 0)))

    @property
    def handlers(self) -> dict[str, Callable]:
        """Action id -> what it does (``large_numbers`` takes the checked state)."""
        return {
            "next_theme": self.next_theme,
            "zoom_in": lambda: self.set_zoom(step(ZOOM_STEPS, self.zoom, True)),
            "zoom_out": lambda: self.set_zoom(step(ZOOM_STEPS, self.zoom, False)),
            "zoom_reset": lambda: self.set_zoom(MIN_ZOOM_PERCENT),
            "text_larger": lambda: self.set_text_size(step(TEXT_SIZES, self.text_size, True)),
            "text_smaller": lambda: self.set_text_size(step(TEXT_SIZES, self.text_size, False)),
            "large_numbers": self.set_large_numbers,
            "where_am_i": self.where_am_i,
        }

    def build_view_menu(self, menu: QMenu, actions_by_id: dict[str, QAction]) -> None:
        """Put the Theme and Text size submenus at the top of ``menu`` (the View menu, holding the
        declared View actions), give Zoom in its second key (Ctrl+=) and tick the current items."""
        first = menu.actions()[0] if menu.actions() else None
        theme_menu = QMenu("T&heme", menu)
        theme_menu.setObjectName("theme-menu")
        group = QActionGroup(theme_menu)
        group.setExclusive(True)
        for theme in THEMES.values():
            action = QAction(theme.name, theme_menu)
            action.setObjectName(f"theme-{theme.key}")
            action.setCheckable(True)
            action.setStatusTip(theme.description)
            action.setChecked(theme.key == self.theme.key)
            action.triggered.connect(lambda checked=False, k=theme.key: self.set_theme(k))
            group.addAction(action)
            theme_menu.addAction(action)
            self.theme_actions[theme.key] = action
        text_menu = QMenu("Te&xt size", menu)
        text_menu.setObjectName("text-size-menu")
        text_group = QActionGroup(text_menu)
        text_group.setExclusive(True)
        for percent in TEXT_SIZES:
            action = QAction(f"{percent} %", text_menu)
            action.setObjectName(f"text-size-{percent}")
            action.setCheckable(True)
            action.setChecked(percent == self.text_size)
            action.triggered.connect(lambda checked=False, p=percent: self.set_text_size(p))
            text_group.addAction(action)
            text_menu.addAction(action)
            self.text_size_actions[percent] = action
        menu.insertMenu(first, theme_menu) if first else menu.addMenu(theme_menu)
        menu.insertMenu(first, text_menu) if first else menu.addMenu(text_menu)
        if first is not None:
            menu.insertSeparator(first)
        zoom_in = actions_by_id.get("zoom_in")
        if zoom_in is not None:
            zoom_in.setShortcuts([zoom_in.shortcut(), QKeySequence("Ctrl+=")])
        self.large_numbers_action = actions_by_id.get("large_numbers")
        self._sync_check(self.large_numbers_action, self.large_numbers)

    # --- the settings -----------------------------------------------------------------------
    def set_theme(self, key: str) -> Theme:
        """Apply, save and say theme ``key``; raises UnknownThemeError (a ValueError) quoting an
        unknown key, changing nothing."""
        theme = get_theme(key)
        self._apply_theme(theme)
        self.settings.set(THEME_KEY, theme.key)
        self._sync_check(self.theme_actions.get(theme.key), True)
        self.say(app_texts.theme_text(theme_spoken_name(
            theme.for_sides(self.ctx.session.side_names), self.ctx.session.side_names)))
        self.theme_changed.emit(theme.key)
        return theme

    def next_theme(self) -> Theme:
        """The theme after the current one in menu order (the first after the last)."""
        keys = list(THEMES)
        index = keys.index(self.theme.key) if self.theme.key in keys else -1
        return self.set_theme(keys[(index + 1) % len(keys)])

    def set_zoom(self, percent: int) -> int:
        """Magnify the board to ``percent`` (clamped to 100-400), save it and say it."""
        self.zoom = self.board.set_zoom(clamp_zoom(percent))
        self.settings.set(ZOOM_PERCENT, self.zoom)
        self.say(app_texts.zoom_text(self.zoom, self.zoom >= MAX_ZOOM_PERCENT,
                                          self.zoom <= MIN_ZOOM_PERCENT))
        self.zoom_changed.emit(self.zoom)
        return self.zoom

    def set_text_size(self, percent: int) -> int:
        """Text of every label, menu and the move box at ``percent`` (clamped to 100-300) of the
        system font; saved and said."""
        self.text_size = clamp_text(percent)
        self._apply_text_size(self.text_size)
        self.settings.set(TEXT_SIZE_PERCENT, self.text_size)
        self._sync_check(self.text_size_actions.get(self.text_size), True)
        self.say(app_texts.text_size_text(self.text_size, self.text_size >= MAX_TEXT_PERCENT,
                                          self.text_size <= MIN_TEXT_PERCENT))
        self.text_size_changed.emit(self.text_size)
        return self.text_size

    def set_large_numbers(self, on: bool) -> None:
        """Large square numbers on or off; saved and said."""
        self.large_numbers = bool(on)
        self.board.set_large_numbers(self.large_numbers)
        self.settings.set(LARGE_NUMBERS, self.large_numbers)
        self._sync_check(self.large_numbers_action, self.large_numbers)
        self.say(app_texts.large_numbers_text(self.large_numbers))

    def where_am_i(self) -> None:
        """Flash and enlarge the cursor's square and say it with its row and column."""
        self.board.where_am_i()
        self.say(where_am_i_text(self.board))

    # --- helpers ----------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.ctx.say(text, Priority.READING)

    def _apply_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.board.set_theme(theme)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.setPalette(theme_palette(theme, app.palette()))
        global _field_style
        _field_style = field_style(theme)

    def track_font(self, widget: QWidget) -> None:
        """Scale ``widget``'s own font (set before any text size was applied, as the system gave
        it, e.g. the fixed-width font of the board as text) with View > Text size from now on,
        starting at the present size."""
        ratio = points_of(widget.font()) / points_of(base_font())
        self._font_ratios[widget] = ratio
        own = QFont(widget.font())
        own.setPointSizeF(points_of(base_font()) * ratio * self.text_size / 100)
        widget.setFont(own)

    def _apply_text_size(self, percent: int) -> None:
        points = points_of(base_font())
        apply_text_percent(percent)
        for widget, ratio in self._font_ratios.items():
            own = QFont(widget.font())
            own.setPointSizeF(points * ratio * percent / 100)
            widget.setFont(own)

    @staticmethod
    def _sync_check(action: Optional[QAction], checked: bool) -> None:
        """Tick ``action`` without running its command again. A radio item (in an exclusive
        ``QActionGroup``, its command on ``triggered``) is ticked with its signals on: the group
        unticks the others through them, so exactly one stays ticked (as AT-SPI then reports)."""
        if action is None or action.isChecked() == checked:
            return
        if action.actionGroup() is not None:
            action.setChecked(checked)
            return
        action.blockSignals(True)
        action.setChecked(checked)
        action.blockSignals(False)
