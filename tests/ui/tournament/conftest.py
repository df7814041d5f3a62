"""Fixtures of the tournament window tests: the window fixtures of ``tests/ui`` (``make_window``),
the in-memory keyring and the PostgreSQL fixtures of ``tests/tournament`` (loaded from there, so
they are written once), and :class:`ScriptedPrompts`, answering the Tournament menu's questions.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location(
    "tournament_fixtures", Path(__file__).resolve().parents[2] / "tournament" / "conftest.py")
_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fixtures)

memory_keyring = _fixtures.memory_keyring
pg_url = _fixtures.pg_url
pg_tournament = _fixtures.pg_tournament


class ScriptedPrompts:
    """Stands in for the window's ``ui.interaction.Interaction`` in the Tournament menu
    (``menu.ask``): each question pops the next answer given for its kind (``answers["confirm"] = [True, ...]``); every question asked is kept in
    :attr:`asked` as (kind, text)."""

    KINDS = ("confirm", "text", "integer", "choose", "open_path", "save_path", "competitor",
             "games", "divisions", "show_lines", "pin", "correction", "walkover")

    def __init__(self, **answers) -> None:
        self.answers = {k: list(answers.get(k, [])) for k in self.KINDS}
        self.asked: list[tuple[str, object]] = []

    def _next(self, kind: str, what, default=None):
        self.asked.append((kind, what))
        queue = self.answers[kind]
        if not queue:
            return default
        answer = queue.pop(0)
        return answer(what) if callable(answer) else answer

    def over(self, parent):
        return self

    def confirm(self, question, title="Tournament"):
        return bool(self._next("confirm", question, False))

    def ask_text(self, title, label, default=""):
        return self._next("text", label)

    def ask_integer(self, title, label, value, lowest, highest):
        return self._next("integer", label)

    def choose(self, title, label, options, *, say_options=True, current=0):
        return self._next("choose", (label, list(options)))

    def open_file(self, title, filters, folder=None, *, parent=None):
        return self._next("open_path", title)

    def save_file(self, title, default, filters, *, confirm_overwrite=True, parent=None):
        return self._next("save_path", default)

    def ask_competitor(self, initial=None, save=None):
        entry = self._next("competitor", initial)
        return save(entry) if save is not None and entry is not None else entry

    def ask_games(self, number, a, b, profile_key, title="", initial=()):
        self.initial_games = list(initial)
        return self._next("games", (number, a, b, profile_key))

    def ask_correction(self, request):
        """The correction form: the next answer is a ``CorrectionAnswer`` (None: cancelled);
        with the PIN asked in it, the next "pin" answer is typed and checked as the form does.
        The outcome the form stated for the answer is kept in :attr:`correction_outcome`."""
        self.initial_games = list(request.initial)
        answer = self._form_answer("correction", request)
        if answer is not None:
            self.correction_outcome = request.outcome(answer.winners, answer.present)
        return answer

    def _form_answer(self, kind, request):
        """The next ``kind`` answer of an official's form (None: cancelled), then, with the PIN
        asked in it, the next "pin" answer typed and checked as the form does (None when it is
        cancelled or wrong)."""
        answer = self._next(kind, request)
        if answer is None:
            return None
        if request.pin_action is not None:
            typed = self._next("pin", request.pin_action)
            if typed is None or not request.check(typed, "Carol Ruiz").ok:
                return None
        return answer

    def ask_walkover(self, request):
        """The walkover form: the next answer is a ``WalkoverAnswer`` (None: cancelled); with
        the PIN asked in it, the next "pin" answer is typed and checked as the form does. The
        outcome the form stated for the answer is kept in :attr:`walkover_outcome`."""
        answer = self._form_answer("walkover", request)
        if answer is not None:
            self.walkover_outcome = request.outcome(answer.present)
        return answer

    def ask_divisions(self, counts, split, merges):
        return self._next("divisions", (counts, list(split), list(merges)))

    def show_lines(self, title, heading, lines, buttons=()):
        self._next("show_lines", (title, heading, list(lines)))

    def ask_pin(self, action, official, check):
        """The official's PIN dialog: the next answer is the PIN typed (None: cancelled); as the
        real dialog, the name comes back only when ``check`` accepts the PIN."""
        typed = self._next("pin", action)
        if typed is None:
            return None
        return "Carol Ruiz" if check(typed, "Carol Ruiz").ok else None


@pytest.fixture
def prompts():
    return ScriptedPrompts()


@pytest.fixture
def tournament_window(make_window, qtbot, prompts):
    """tournament_window(path=None, **window options) -> (window, menu): a window whose
    Tournament menu answers from ``prompts`` and has the tournament at ``path`` (a SQLite file)
    open."""
    def make(path=None, **kwargs):
        window = make_window(**kwargs)
        menu = window.tournament_menu
        menu.ask = prompts
        menu.poll_seconds = 0.2
        menu.table_interval = 0.2
        if path is not None:
            with qtbot.waitSignal(menu.opened, timeout=20000):
                menu.open(str(path), name="Golden Age Games test")
        return window, menu
    return make



@pytest.fixture
def accessibility_on():
    """Qt's accessibility active, as with a screen reader listening: the accessible children a
    view hands out are kept in Qt's cache, and dropped when their lines go or the view lays
    itself out again."""
    from PySide6.QtGui import QAccessible
    was = QAccessible.isActive()
    QAccessible.setActive(True)
    yield
    QAccessible.setActive(was)
