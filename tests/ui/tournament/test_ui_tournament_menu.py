"""The Tournament and Settings menus are declared once (ui/actions.py) with keys that clash with
no other key of the window, listed in keyboard.md and the help; what cannot be done is said."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence

from checkers_desktop.ui.actions import (ACTIONS, BRACKET_ACTIONS, EVENT_ACTIONS,
                                         TOURNAMENT_ACTIONS, keyboard_help_rows)

KEYBOARD_MD = Path(__file__).resolve().parents[3] / "accessibility" / "keyboard.md"


def _keys(specs):
    return [QKeySequence(s.shortcut).toString() for s in specs if s.shortcut]


def test_keys_are_unique_in_each_window():
    main = _keys(ACTIONS + EVENT_ACTIONS + TOURNAMENT_ACTIONS)
    assert len(set(main)) == len(main)
    bracket = _keys(BRACKET_ACTIONS)
    assert len(set(bracket)) == len(bracket)
    ids = [s.id for s in ACTIONS + EVENT_ACTIONS + TOURNAMENT_ACTIONS + BRACKET_ACTIONS]
    assert len(set(ids)) == len(ids)


def test_keyboard_md_and_the_help_list_the_tournament_keys():
    text = KEYBOARD_MD.read_text(encoding="utf-8")
    help_keys = {keys for keys, _ in keyboard_help_rows()}
    for spec in TOURNAMENT_ACTIONS + BRACKET_ACTIONS:
        if spec.shortcut:
            assert f"| {spec.shortcut} | {spec.accessible_name} |" in text, spec.id
            assert spec.shortcut in help_keys
    assert "## In the bracket window (Tournament, Show the bracket, F7)" in text
    # the commands without a key too: an organiser reading F1 finds how to start a tournament
    rows = keyboard_help_rows()
    for spec in TOURNAMENT_ACTIONS:
        if not spec.shortcut:
            assert f"| {spec.menu} | {spec.accessible_name} |" in text, spec.id
            assert (f"{spec.menu} menu", f"{spec.accessible_name}. {spec.help_text}") in rows
    assert any(keys == "Tournament menu" and what.startswith("Open this laptop's tournament. ")
               for keys, what in rows)


def test_the_menus_are_on_the_menu_bar(make_window):
    window = make_window()
    bar = {a.text().replace("&", ""): a.menu() for a in window.menuBar().actions()}
    assert "Tournament" in bar and "Settings" in bar
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles.index(next(t for t in titles if t.replace("&", "") == "Settings")) < \
        titles.index(next(t for t in titles if t.replace("&", "") == "Help"))
    keys = [t[t.index("&") + 1].lower() for t in titles if "&" in t]
    assert len(keys) == len(set(keys)), titles  # every Alt+letter opens one menu
    items = [a.text().replace("&", "") for a in bar["Settings"].actions()]
    assert "Tournament server..." in items
    menu = window.tournament_menu
    for spec in TOURNAMENT_ACTIONS:
        assert menu.actions[spec.id].shortcut() == QKeySequence(spec.shortcut)


def test_without_a_tournament_each_command_says_so(tournament_window):
    window, menu = tournament_window()
    for action_id in ("tournament_competitors", "tournament_divisions", "tournament_call_next",
                      "tournament_called_here", "tournament_results_csv"):
        window.synth.clear()
        menu.actions[action_id].trigger()
        assert window.synth.spoken == ["No tournament is open. Open one from the Tournament "
                                       "menu: this laptop's tournament, a tournament file, or "
                                       "the tournament server."], action_id
    window.synth.clear()
    menu.actions["tournament_send_result"].trigger()
    assert window.synth.spoken == ["No finished match is waiting to be sent."]


def test_a_table_laptop_is_refused_the_organisers_actions(tournament_window, qtbot, tmp_path):
    from checkers_desktop.tournament.store import Tournament

    path = tmp_path / "t.db"
    Tournament.open(str(path), name="T").close()
    window, menu = tournament_window()
    menu.open(str(path))
    qtbot.waitUntil(lambda: menu.tournament is not None, timeout=20000)
    menu.tournament.table = 4   # as a table's role would sign it in
    window.synth.clear()
    menu.actions["tournament_divisions"].trigger()
    assert window.synth.spoken == ["This laptop is table 4: only the organiser's laptop can do "
                                   "that. Here you can play the matches called to this table."]
