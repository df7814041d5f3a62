"""Dialogs open wide enough for the window manager to show their whole title (the organiser's
"Correct the result" question was cut to "Correct t... heckers" at 1366x768)."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog

from checkers_desktop.ui.dialog_fit import TITLE_BAR_EXTRA, title_width


def _question(window, title: str) -> QInputDialog:
    dialog = QInputDialog(window)
    dialog.setWindowTitle(title)
    dialog.setLabelText("Correct match 1: the new result is")
    dialog.setComboBoxItems(["The games' results", "A walkover"])
    return dialog


def test_a_short_question_under_a_long_title_opens_wide_enough_for_the_title(make_window,
                                                                             qtbot):
    window = make_window()
    window.resize(1366, 768)
    dialog = _question(window, "Correct the result")
    qtbot.addWidget(dialog)
    natural = dialog.sizeHint().width()
    dialog.show()
    qtbot.waitExposed(dialog)
    need = title_width(dialog)
    assert need > natural  # the case that was cut off
    assert dialog.width() >= need
    assert need >= dialog.fontMetrics().horizontalAdvance("Correct the result — Checkers") + \
        TITLE_BAR_EXTRA


def test_a_dialog_already_wide_enough_keeps_its_size(make_window, qtbot):
    window = make_window()
    dialog = _question(window, "OK")
    dialog.resize(title_width(dialog) + 200, 200)
    qtbot.addWidget(dialog)
    before = dialog.width()
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.width() == before


def test_a_title_longer_than_the_screen_is_not_made_wider_than_the_screen(make_window, qtbot):
    window = make_window()
    dialog = _question(window, "Correct the result " * 40)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    area = dialog.screen().availableGeometry()
    assert dialog.width() <= area.width()
    assert dialog.geometry().left() >= area.left()


def test_a_widened_dialog_is_still_centred_over_its_window(make_window, qtbot):
    window = make_window()
    window.resize(1000, 700)
    dialog = _question(window, "Correct the result")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    middle = window.frameGeometry().center().x()
    assert abs(dialog.frameGeometry().center().x() - middle) <= 20


def test_qt_s_own_questions_get_the_theme_s_thick_focus_frame(make_window, qtbot):
    """A Yes/No question (a QMessageBox) framed its focused button 1 pixel thin; shown now, it
    carries the app's dialog style: 3 pixels in the theme's focus colour."""
    from PySide6.QtWidgets import QMessageBox

    from checkers_desktop.ui.display import field_style

    window = make_window()
    box = QMessageBox(QMessageBox.Icon.Question, "Resume the game?", "Resume it?",
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, window)
    qtbot.addWidget(box)
    assert box.styleSheet() == ""
    box.show()
    qtbot.waitExposed(box)
    theme = window.display.theme
    assert box.styleSheet() == field_style(theme)
    assert f"QPushButton:focus {{ border: 3px solid {theme.widget_focus}; }}" in box.styleSheet()


def test_the_resign_question_is_titled_with_what_it_asks(make_window, qtbot):
    """The question's title is what a screen reader says first: "Checkers" alone said nothing
    of what was asked. No (the default) leaves the game as it was."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    window = make_window()
    window.ask = type(window.ask)(window, lambda text: None, lambda text: None)
    window.confirm = window.ask.confirm
    seen = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        seen.append((box.windowTitle(), box.accessibleName(), box.width() >= title_width(box)))
        box.button(QMessageBox.StandardButton.No).click()

    QTimer.singleShot(0, answer)
    window.resign()
    assert seen == [("Resign the game?", "Resign the game?", True)]
    assert window.session.running
