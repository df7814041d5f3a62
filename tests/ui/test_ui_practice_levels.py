"""Practice: Game > Computer level, Ctrl+L and Ctrl+Shift+K, the level remembered and used from the
computer's next move; every menu's access keys, the Event menu's included."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from checkers_desktop.engine import LEVELS
from checkers_desktop.session.ports import first_legal_move
from checkers_desktop.ui.settings import ENGINE_LEVEL


def game_menu(window) -> QMenu:
    for action in window.menuBar().actions():
        if action.text().replace("&", "") == "Game":
            return action.menu()
    raise AssertionError("no Game menu")


def level_menu(window) -> QMenu:
    for action in game_menu(window).actions():
        if action.menu() is not None and action.text().replace("&", "") == "Computer level":
            return action.menu()
    raise AssertionError("no Game > Computer level submenu")


def test_the_level_menu_offers_every_level_by_name_and_number(make_window):
    window = make_window()
    items = [a for a in level_menu(window).actions() if not a.isSeparator()]
    assert len(items) == len(LEVELS) >= 2
    for action, level in zip(items, LEVELS):
        text = action.text().replace("&", "")
        assert text.startswith(str(level.number)) and level.name.lower() in text.lower()
        assert level.summary and text.endswith(level.summary)  # heard while arrowing the menu
        assert action.isCheckable()
        assert action.statusTip() == level.description
    checked = [a for a in items if a.isChecked()]
    assert checked == [items[window.session.level - 1]]
    assert window.session.level == ENGINE_LEVEL.default


def test_choosing_a_level_says_it_saves_it_and_checks_only_it(make_window, settings):
    window = make_window()
    items = [a for a in level_menu(window).actions() if not a.isSeparator()]
    window.synth.clear()
    items[4].trigger()
    assert window.session.level == 5
    assert settings.get(ENGINE_LEVEL) == 5
    assert window.synth.spoken == [LEVELS[4].description]
    assert [a.isChecked() for a in items] == [i == 4 for i in range(len(items))]
    again = make_window()  # remembered
    assert again.session.level == 5
    assert [a for a in level_menu(again).actions() if a.isChecked()][0].text() == items[4].text()


def test_the_level_menu_opens_on_the_level_in_play(make_window, qtbot):
    """Opened from the keyboard (Right on Game > Computer level), the submenu highlights the
    level in play first: the first item highlighted, the one a screen reader is told of, is the
    chosen level, not level 1; every level can still be chosen afterwards."""
    from PySide6.QtTest import QTest

    window = make_window()
    window.practice.set_level(4, announce=False)
    game, menu = game_menu(window), level_menu(window)
    items = [a for a in menu.actions() if not a.isSeparator()]
    highlighted = []
    menu.hovered.connect(highlighted.append)  # emitted where Qt tells the screen reader
    game.popup(window.mapToGlobal(window.rect().topLeft()))
    qtbot.waitUntil(game.isVisible, timeout=2000)
    game.setActiveAction(menu.menuAction())
    QTest.keyClick(game, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: menu.isVisible() and menu.activeAction() is items[3], timeout=2000)
    qtbot.waitUntil(lambda: all(a.isEnabled() for a in items), timeout=2000)
    assert highlighted[0] is items[3] and items[3].isChecked()
    QTest.keyClick(menu, Qt.Key.Key_Up)
    assert menu.activeAction() is items[2]
    menu.hide()
    game.hide()


def press(qtbot, shift: bool = False) -> None:
    """Ctrl+L (up), or Ctrl+Shift+K (down) with ``shift``, on the widget with the focus."""
    mods = Qt.KeyboardModifier.ControlModifier
    if shift:
        mods |= Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_K if shift else Qt.Key.Key_L, mods)


def test_ctrl_l_goes_up_to_the_strongest_level_and_stops_there(make_window, qtbot, settings):
    window = make_window()
    window.practice.set_level(len(LEVELS) - 2, announce=False)
    window.board.focus_cursor()
    window.synth.clear()
    press(qtbot)
    assert window.session.level == len(LEVELS) - 1
    assert window.synth.spoken[-1] == LEVELS[-2].description
    press(qtbot)
    assert window.session.level == len(LEVELS) == settings.get(ENGINE_LEVEL)
    assert window.synth.spoken[-1] == f"{LEVELS[-1].description} It is the strongest level."
    press(qtbot)  # no further, and no round to level 1
    assert window.session.level == len(LEVELS)
    assert window.synth.spoken[-1] == \
        f"Level {len(LEVELS)}, {LEVELS[-1].name}, is already the strongest level."
    checked = [a for a in level_menu(window).actions() if a.isChecked()]
    assert [a.objectName() for a in checked] == [f"level:{len(LEVELS)}"]


def test_ctrl_shift_k_goes_down_to_level_1_and_stops_there(make_window, qtbot, settings):
    window = make_window()
    window.practice.set_level(3, announce=False)
    window.board.focus_cursor()
    window.synth.clear()
    press(qtbot, shift=True)
    assert window.session.level == 2 == settings.get(ENGINE_LEVEL)
    assert window.synth.spoken[-1] == LEVELS[1].description
    press(qtbot, shift=True)
    assert window.session.level == 1
    assert window.synth.spoken[-1] == f"{LEVELS[0].description} It is the gentlest level."
    press(qtbot, shift=True)
    assert window.session.level == 1
    assert window.synth.spoken[-1] == f"Level 1, {LEVELS[0].name}, is already the gentlest level."
    assert [a.objectName() for a in level_menu(window).actions() if a.isChecked()] == ["level:1"]
    # the same from the move box (neither key edits text there)
    window.move_box.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.move_box)
    press(qtbot)
    assert window.session.level == 2 and QApplication.focusWidget() is window.move_box
    press(qtbot, shift=True)
    assert window.session.level == 1


def test_the_level_applies_from_the_computers_next_move(make_window, qtbot):
    asked: list[int] = []

    def recording(board, level, stop=None):
        asked.append(level)
        return first_legal_move(board, level)

    window = make_window(engine_choose=recording)
    window.practice.set_level(2)
    window.session.submit_text("11-15")
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    window.practice.set_level(6)
    window.session.submit_text(window.session.board.legal_moves[0].pdn())
    qtbot.waitUntil(lambda: window.session.board.ply == 4, timeout=5000)
    assert asked == [2, 6]


def test_a_stored_level_out_of_range_falls_back_to_a_real_level(make_window, settings):
    settings.set(ENGINE_LEVEL, 42)
    window = make_window()
    assert 1 <= window.session.level <= len(LEVELS)


def access_key(text: str) -> str:
    i = text.find("&")
    return text[i + 1].lower() if i >= 0 and i + 1 < len(text) else ""


def test_no_two_items_of_one_menu_share_an_access_key(make_window):
    """Every menu (Game with its Computer level submenu, Practice, Event and the official's
    submenu...): each item has its own Alt letter, so a keyboard user reaches each in one key."""
    window = make_window()
    titles = [a.text() for a in window.menuBar().actions()]
    assert "&Event" in titles and "&Practice" in titles and "&Game" in titles

    def check(menu: QMenu, path: str) -> int:
        actions = [a for a in menu.actions() if not a.isSeparator()]
        letters = [access_key(a.text()) for a in actions]
        assert all(letters), (path, [a.text() for a in actions])
        assert len(set(letters)) == len(letters), (path, [a.text() for a in actions])
        return len(actions) + sum(check(a.menu(), f"{path} > {a.text()}")
                                  for a in actions if a.menu() is not None)

    checked = {t: check(a.menu(), t) for t, a in zip(titles, window.menuBar().actions())
               if t in ("&Game", "&Practice", "&Event")}
    assert all(n >= 3 for n in checked.values()), checked
