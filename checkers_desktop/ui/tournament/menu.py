"""The Tournament menu (and Settings, Tournament server): the organiser's side in the same app, and
a table laptop's.

:class:`TournamentMenu` opens a tournament (this laptop's file in the app's data folder, another
file, or the PostgreSQL server of Settings > Tournament server; the role signed in there decides
organiser or table N), and does what the organiser does: registration (add, edit, withdraw,
import with every refused row shown and said), divisions (split visually impaired, merge), the
draw (its seed said and shown), calls to tables ("Match 5, Ann Lee and Bo Diaz, to table 3", said
and shown), results by hand, walkovers, withdrawals and corrections (the later matches affected
said before the organiser confirms), results as CSV and standings as PDF. The bracket itself is
the bracket window (:mod:`.bracket_window`, F7).

What each command may do, and in which order it asks, is decided by the tournament desk
(``session.tournament_desk.TournamentDesk``, no Qt): its preconditions and refusals come before
any question, then the event PIN, then the command's questions; this menu answers the desk's
questions through :attr:`TournamentMenu.ask` and says what it returns
(:meth:`TournamentMenu.do`).

Every action is one call to the tournament (``tournament.store.Tournament``: one transaction);
what it refuses is said and shown, and nothing changes. With the event PIN set (Event > Official),
each change (registration, divisions, the draw, calls, results, walkovers, withdrawals,
corrections) asks the official's PIN first, as the match's official actions do; reading does not. The tournament is followed on background
threads (:mod:`.live`): the organiser's view (``OrganiserFollower``: LISTEN/NOTIFY, else reading
at most every 2 s) redraws the bracket, the standings and the next matches when another laptop
writes, and announces "Table 3: Ann Lee beat Bo Diaz, 2 games to 1"; the table link
(``TableFollower``) shows a table laptop the matches called to it, sends results (queued on the
laptop while the server is away: said once when it goes, and again when it is back with the
results sent).

Questions go through :attr:`TournamentMenu.ask` (the window's
:class:`~..interaction.Interaction`; tests replace it).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Generator, Optional, TypeVar, Union

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMenu

from ...session.desk_files import WriteBracketPdf, WriteStandingsPdf
from ...session.desk_news import organiser_news, table_news
from ...session.desk_steps import (AskCompetitor, AskCorrection, AskDivisions, AskGames,
                                   AskInteger,
                                   AskOpenPath, AskPin, AskSavePath, AskText, AskWalkover, Changed, Choose,
                                   Confirm, Outcome, Question, Say, ShowLines, Step, drive)
from ...session.official_gate import OfficialGate
from ...session.tournament_desk import UNNAMED, TournamentDesk, sentence as _sentence
from ...speech.announcer import Priority
from ...texts import app as app_texts
from ...texts import tournament as texts
from ...tournament.errors import TournamentError
from ...tournament.follow import OrganiserFollower, Snapshot, TableFollower, read_snapshot
from ..actions import TOURNAMENT_ACTIONS, make_action
from ..jobs import BackgroundJob
from ..paths import documents_folder
from .live import LiveThread
from .play_here import PlayHere
from .tournament_settings import LAST_TOURNAMENT, SERVER_CHOICE, SERVER_URL
from ..context import AppContext
from ..interaction import Interaction

if TYPE_CHECKING:
    from .bracket_window import BracketWindow

__all__ = ["TournamentMenu", "TOURNAMENT_FOLDER"]

log = logging.getLogger(__name__)

R = TypeVar("R")

TOURNAMENT_FOLDER = "tournament"
"""The folder in the app's data folder holding this laptop's tournament, the table link's queue of
results (``outbox.db``) and the match being played here (``playing.json``)."""
LOCAL_FILE = "tournament.db"


class TournamentMenu(QObject):
    """The Tournament menu of the window of ``ctx`` (an ``AppContext``).

    Signals: ``opened()`` / ``closed()``; ``changed()`` when :attr:`snapshot` (what the windows
    show) changed; ``said(str)`` for each sentence said (tests follow it); ``called(tuple)`` when
    the matches called to this laptop's table changed.
    """

    opened = Signal()
    open_failed = Signal(str)
    closed = Signal()
    changed = Signal()
    said = Signal(str)
    called = Signal(object)

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx.window)
        self.ctx = ctx
        self.settings = ctx.settings
        self.ask: Interaction = ctx.ask
        """The window's one interaction object; every question of the desk goes through it
        (tests give an object with the same methods)."""
        self.desk = TournamentDesk(OfficialGate(self._event_pin))
        """The workflows and their preconditions (no Qt); this menu asks and says what it
        requests."""
        self.url: Optional[str] = None
        self.password: Optional[str] = None
        self.snapshot: Optional[Snapshot] = None
        self.follower_thread: Optional[LiveThread] = None
        self.link: Optional[LiveThread] = None
        self.called_here: tuple = ()
        self.bracket: Optional[BracketWindow] = None
        self.play = PlayHere(self)
        self.actions: dict[str, QAction] = {}
        self.menus: dict[str, QMenu] = {}
        self.poll_seconds = 1.0
        self.table_interval = 1.0
        self.opener = BackgroundJob("tournament-open", self)
        self.opener.finished.connect(self._opened)
        self.opener.failed.connect(self._open_failed)
        self._opening: Optional[tuple] = None
        self._server_away = False
        self._link_away = False
        self.last_event_seen = 0
        self.origin = None
        """The window a command running now was given in (the bracket window, when its keys or
        menus gave it): its dialogs open over it, so the keyboard comes back to it after them."""
        self.own_reports: set[int] = set()
        """Matches whose result this laptop sends (Play this match here): said when sent, so the
        follower does not say them again."""
        """The id of the newest tournament event the organiser's view has taken in."""

    # --- installing -------------------------------------------------------------------------
    @classmethod
    def install(cls, ctx: AppContext) -> "TournamentMenu":
        """Make the Tournament menu (and Settings, Tournament server) on the window's menu bar."""
        menu = cls(ctx)
        window = ctx.window
        handlers = {
            "tournament_open_local": menu.open_local,
            "tournament_open_file": menu.open_file,
            "tournament_connect": menu.connect_server,
            "tournament_bracket": menu.show_bracket,
            "tournament_competitors": menu.competitors,
            "tournament_import": menu.import_competitors,
            "tournament_divisions": menu.divisions,
            "tournament_draw_all": menu.draw_all,
            "tournament_tables": menu.tables,
            "tournament_call_next": menu.call_next,
            "tournament_called_here": menu.show_called_here,
            "tournament_send_result": menu.play.confirm_and_send,
            "tournament_results_csv": menu.save_results_csv,
            "tournament_standings_pdf": menu.save_standings_pdf,
            "tournament_close": menu.close,
            "settings_tournament_server": menu.server_settings,
        }
        menus: dict[str, QMenu] = {}
        for spec in TOURNAMENT_ACTIONS:
            action = make_action(spec, window)
            action.triggered.connect(
                lambda checked=False, h=handlers[spec.id]: menu.run(h, origin=window))
            if spec.menu not in menus:
                menus[spec.menu] = _menu_named(window, spec.menu)
            menus[spec.menu].addAction(action)
            menu.actions[spec.id] = action
        menu.menus = menus
        # the tournament opened last is opened again once the window has said its welcome
        QTimer.singleShot(ctx.welcome_delay_ms + 200, menu.reopen_last)
        return menu

    def _parent(self):
        """The window the next dialog opens over: a dialog already open (a question asked from
        the Competitors list), else the window the command came from, else the active one."""
        modal = QApplication.activeModalWidget()
        if modal is not None:
            return modal
        if self.origin is not None and self.origin.isVisible():
            return self.origin
        if self.bracket is not None and self.bracket.isActiveWindow():
            return self.bracket
        return self.ctx.window

    def _event_pin(self):
        matches = self.ctx.matches
        return matches.event_pin() if matches is not None else None

    @property
    def tournament(self) -> Any:
        """The open tournament (``tournament.store.Tournament``), or None."""
        return self.desk.tournament

    @tournament.setter
    def tournament(self, value: Any) -> None:
        self.desk.tournament = value

    @property
    def gate(self) -> OfficialGate:
        """The event PIN (Event > Official > Set the event PIN) guarding what changes the
        tournament: with it set, a player at this laptop cannot record, correct or draw."""
        return self.desk.gate

    # --- the desk's requests ------------------------------------------------------------------
    def do(self, work: Generator[Step, object, R]) -> R:
        """Run one of the desk's workflows: its questions asked through :attr:`ask`, its
        sentences said and shown, the tournament read again when it changed; a refusal said.
        Gives what the workflow returns (an :class:`Outcome`, or what it chose)."""
        outcome = drive(work, self._answer, self._show)
        if isinstance(outcome, Outcome) and outcome.text:
            self.say(outcome.text, Priority.INTERRUPT)
        return outcome

    def _show(self, step: Union[Say, Changed]) -> None:
        if isinstance(step, Changed):
            self.refresh()
        else:
            self.say(step.text, step.priority, shown=step.shown)

    def _answer(self, q: Question[Any]) -> object:
        p = self.ask.over(self._parent())
        if isinstance(q, Confirm):
            return p.confirm(q.question, title="Tournament")
        if isinstance(q, AskText):
            return p.ask_text(q.title, q.label, q.default)
        if isinstance(q, AskInteger):
            return p.ask_integer(q.title, q.label, q.value, q.lowest, q.highest)
        if isinstance(q, Choose):
            return p.choose(q.title, q.label, list(q.options))
        if isinstance(q, AskPin):
            return p.ask_pin(q.action, q.official, q.check)
        if isinstance(q, AskCompetitor):
            return p.ask_competitor(q.initial, save=q.save)
        if isinstance(q, AskGames):
            return p.ask_games(q.number, q.a, q.b, q.profile_key, title=q.title,
                               initial=q.initial)
        if isinstance(q, AskCorrection):
            return p.ask_correction(q)
        if isinstance(q, AskWalkover):
            return p.ask_walkover(q)
        if isinstance(q, AskDivisions):
            return p.ask_divisions(dict(q.counts), list(q.split), list(q.merges))
        if isinstance(q, ShowLines):
            p.show_lines(q.title, q.heading, list(q.lines))
            return None
        if isinstance(q, AskOpenPath):
            return p.open_file(q.title, q.filters)
        if isinstance(q, AskSavePath):
            return p.save_file(q.title, q.default, q.filters,
                               confirm_overwrite=q.confirm_overwrite)
        if isinstance(q, WriteStandingsPdf):
            from .printing import save_standings_pdf

            save_standings_pdf(list(q.standings), q.path, event=q.event)
            return None
        if isinstance(q, WriteBracketPdf):
            from .printing import save_bracket_pdf

            save_bracket_pdf(q.view, q.path)
            return None
        raise TypeError(f"no dialog for {q!r}")

    # --- saying -------------------------------------------------------------------------------
    def say(self, text: str, priority: Priority = Priority.INTERRUPT,
            shown: Optional[str] = None) -> None:
        """Say ``text`` and show it (the bracket window's status line and the window's);
        ``shown``: a longer text to show instead (a file's whole path, which is said short)."""
        if not text:
            return
        self.ctx.say(text, priority)
        if self.bracket is not None:
            self.bracket.status.setText(shown or text)
        self.ctx.status.show(shown or text)
        self.said.emit(text)

    def run(self, handler: Callable[[], object], origin=None) -> None:
        """Run a command; what the tournament refuses is said, never raised into Qt. ``origin``:
        the window the command was given in (see :attr:`origin`; a command run from inside
        another keeps the outer one's)."""
        outer = self.origin
        if outer is None:
            self.origin = origin
        try:
            handler()
        except TournamentError as exc:
            self.say(_sentence(str(exc)), Priority.INTERRUPT)
            self.refresh()
        except OSError as exc:
            self.say(app_texts.file_not_written_text(str(exc)), Priority.INTERRUPT)
        finally:
            self.origin = outer

    # --- opening and closing ---------------------------------------------------------------
    @property
    def folder(self) -> Path:
        return Path(self.ctx.data_folder) / TOURNAMENT_FOLDER

    @property
    def export_folder(self) -> Path:
        """Where the files for people (results, standings, brackets) are offered to be saved:
        the user's Documents folder, not the tournament's own folder, which is hidden in the
        app's data folder."""
        return documents_folder()

    def local_path(self) -> Path:
        return self.folder / LOCAL_FILE

    def url_text(self) -> str:
        """Where the open tournament is (a file path or the server's URL, no password)."""
        return str(self.url or "")

    def open_local(self) -> None:
        self.open(str(self.local_path()))

    def open_file(self) -> None:
        path = self.ask.over(self._parent()).save_file(
            "Open a tournament file", str(self.folder / "tournament.db"),
            "Tournament files (*.db *.sqlite);;All files (*)", confirm_overwrite=False)
        if path:
            self.open(path)

    def connect_server(self) -> None:
        url = self.settings.get(SERVER_URL)
        if not url:
            self.say(texts.server_needed_text(), Priority.INTERRUPT)
            self.server_settings()
            url = self.settings.get(SERVER_URL)
            if not url:
                return
        self.open(url, server=True)

    def open(self, url: str, *, server: bool = False, password: Optional[str] = None,
             name: Optional[str] = None, quiet: bool = False) -> None:
        """Open the tournament at ``url`` (a file path, or the server's URL whose password is in
        the keyring) off the GUI thread; ``opened`` or ``open_failed`` follows. A new file asks
        for the tournament's name first."""
        if name is None:
            chosen = self.do(self.desk.name_to_open(url, server=server))
            if isinstance(chosen, Outcome):
                return
            name = chosen
        self.close(quiet=True)
        self._opening = (url, server, password, quiet)
        self.opener.start(lambda stop: open_tournament(url, name=name or UNNAMED,
                                                       password=password))

    def _opened(self, t, _token) -> None:
        url, server, password, quiet = self._opening or ("", False, None, False)
        self.tournament, self.url, self.password = t, url, password
        self.settings.set(LAST_TOURNAMENT, SERVER_CHOICE if server else url)
        self._start_following(url)
        try:
            self.snapshot = read_snapshot(t)
        except TournamentError as exc:
            self.say(_sentence(str(exc)), Priority.INTERRUPT)
        for step in self.desk.opened(self.snapshot):
            self._show(step)
        self.changed.emit()
        if self.bracket is not None:
            self.bracket.refresh()
        self.play.restore()
        self.opened.emit()

    def _open_failed(self, error, _token) -> None:
        self._opening = None
        text = texts.open_failed_text(_sentence(str(error)))
        self.say(text, Priority.INTERRUPT)
        self.open_failed.emit(text)

    def reopen_last(self) -> None:
        """At start: open the tournament opened last (quietly when there is none)."""
        last = self.settings.get(LAST_TOURNAMENT)
        if not last or self.tournament is not None or self.opener.busy:
            return
        if last == SERVER_CHOICE:
            url = self.settings.get(SERVER_URL)
            if url:
                self.open(url, server=True)
        elif Path(last).exists():
            self.open(last)

    def close(self, quiet: bool = False) -> None:
        """Stop following the tournament (everything is already saved)."""
        if self.follower_thread is not None:
            self.follower_thread.stop(0.5)
            self.follower_thread = None
        if self.link is not None:
            self.link.stop(0.5)
            self.link = None
        t = self.tournament
        if t is not None:
            name = self.snapshot.name if self.snapshot else ""
            t.close()
            self.tournament = None
            self.snapshot = None
            self.called_here = ()
            if not quiet:
                self.settings.set(LAST_TOURNAMENT, "")
                self.say(texts.closed_text(name), Priority.QUEUE)
            self.changed.emit()
            if self.bracket is not None:
                self.bracket.refresh()
            self.closed.emit()
        elif not quiet:
            self.say(texts.no_tournament_text(), Priority.INTERRUPT)

    def shutdown(self) -> None:
        """The window closes: stop the threads (nothing to save)."""
        self.opener.shutdown(0.2)
        for thread in (self.follower_thread, self.link):
            if thread is not None:
                thread.stop(1.0)
        self.follower_thread = self.link = None
        if self.tournament is not None:
            self.tournament.close()
            self.tournament = None
        if self.bracket is not None:
            self.bracket.close()

    # --- following ----------------------------------------------------------------------------
    def _open_again(self):
        from ...tournament.store import Tournament

        return Tournament.open(self.url, password=self.password)

    def _start_following(self, url: str) -> None:
        """Follow the tournament just opened at ``url``: the organiser's view (on the
        organiser's laptop) and the table link."""
        from ...tournament.store import TableClient

        t = self.tournament
        self._server_away = self._link_away = False
        if t.table is None:
            follower = OrganiserFollower(self._open_again, poll_seconds=self.poll_seconds,
                                         after=t.last_event_id())
            follower.refresh()
            self.follower_thread = LiveThread(
                "tournament-watch", follower, interval=0.0,
                step=lambda f: _news(f.step(timeout=0.5)), parent=self)
            self.follower_thread.update.connect(self._organiser_update)
            self.follower_thread.start()
        self.folder.mkdir(parents=True, exist_ok=True)
        client = TableClient(url, outbox=self.folder / "outbox.db", table=t.table,
                             password=self.password)
        self.link = LiveThread("tournament-table", TableFollower(client),
                               interval=self.table_interval, parent=self)
        self.link.update.connect(self.table_update)
        self.link.start()

    def link_call(self, fn, callback) -> None:
        """Run ``fn(table follower)`` on the table link's thread; ``callback(result, error)``."""
        if self.link is None:
            self.say(texts.no_tournament_text(), Priority.INTERRUPT)
            return
        self.link.call(fn, callback)

    def _organiser_update(self, update) -> None:
        own = self.tournament.origin if self.tournament is not None else ""
        if update.events:
            self.last_event_seen = update.events[-1].id
        news = organiser_news(update, origin=own, own=self.own_reports,
                              server_away=self._server_away)
        self._server_away = news.server_away
        for step in news.said:
            self.say(step.text, step.priority)
        if update.snapshot is not None:
            self._set_snapshot(update.snapshot)

    def table_update(self, update) -> None:
        """A table link's news: the server gone or back (said once each), queued results sent,
        the matches called to this table (a new call is said)."""
        news = table_news(update, self.called_here)
        if news.link_away is not None:
            self._link_away = news.link_away
        if news.called is not None:
            self.called_here = news.called
        for step in news.said:
            self.say(step.text, step.priority)
        if news.called_changed:
            self.called.emit(self.called_here)
        if news.sent:
            self.refresh()

    def _set_snapshot(self, snap: Snapshot) -> None:
        if self.snapshot is not None and snap.last_event < self.snapshot.last_event:
            return  # older than what is shown
        self.snapshot = snap
        self.changed.emit()
        if self.bracket is not None:
            self.bracket.refresh()

    def refresh(self) -> None:
        """Read the tournament again now (after this laptop's own action). Not while the server
        is known to be away: the window never waits for it (the followers catch up when it is
        back)."""
        t = self.tournament
        if t is None or self._server_away or self._link_away:
            return
        try:
            snap = read_snapshot(t)
        except TournamentError as exc:
            log.info("refresh: %s", exc)
            return
        self.snapshot = None
        self._set_snapshot(snap)

    # --- the bracket window -------------------------------------------------------------------
    def show_bracket(self) -> None:
        from .bracket_window import BracketWindow

        bracket = self.bracket
        if bracket is None:
            bracket = self.bracket = BracketWindow(self)
        bracket.refresh()
        bracket.show()
        bracket.raise_()
        bracket.activateWindow()
        # the line at the cursor is read by the screen reader as the list takes the focus;
        # said only when the focus is there already (F7 again)
        focused = bracket.isActiveWindow() and bracket.tree.hasFocus()
        bracket.tree.setFocus()
        view = bracket.current_view()
        if self.tournament is None:
            bracket.say(texts.no_tournament_text())
        elif view is not None:
            item = bracket.tree.currentItem()
            text = item.text(0) if item is not None else ""
            if focused:
                bracket.say(text)
            else:
                bracket.status.setText(text)

    # --- registration -------------------------------------------------------------------------
    def competitors(self) -> None:
        """The registered competitors: Add, Edit, Withdraw, Import."""
        t = self.desk.organiser()
        if isinstance(t, Outcome):
            self.say(t.text, Priority.INTERRUPT)
            return
        people: list = []

        def lines():
            people[:], shown = self.desk.competitor_lines(t)
            return shown

        from .dialogs import LinesDialog

        dialog: list = []

        def again():
            dialog[0].set_lines(lines())

        def chosen(row):
            if 0 <= row < len(people):
                return people[row]
            self.say(texts.nothing_chosen_text(), Priority.INTERRUPT)
            return None

        def add(_row):
            self.run(self.add_competitor)
            again()

        def edit(row):
            c = chosen(row)
            if c is not None:
                self.run(lambda: self.edit_competitor(c))
                again()

        def withdraw(row):
            c = chosen(row)
            if c is not None:
                self.run(lambda: self.withdraw(c.id))
                again()

        def imp(_row):
            self.run(self.import_competitors)
            again()

        d = LinesDialog("Competitors", texts.competitors_heading(), lines(), self._parent(),
                        [("&Add...", add), ("&Edit...", edit), ("&Withdraw...", withdraw),
                         ("&Import...", imp)])
        dialog.append(d)
        d.exec()

    def add_competitor(self) -> None:
        self.do(self.desk.add_competitor())

    def edit_competitor(self, competitor) -> None:
        self.do(self.desk.edit_competitor(competitor))

    def withdraw(self, competitor_id: int) -> None:
        self.do(self.desk.withdraw(competitor_id))

    def import_competitors(self, path: Optional[str] = None) -> None:
        """Register the rows of a CSV or Excel file; every refused row is shown and said."""
        self.do(self.desk.import_competitors(path))

    # --- divisions and the draw ---------------------------------------------------------------
    def divisions(self) -> None:
        self.do(self.desk.divisions())

    def draw(self, division_key: Optional[str]) -> None:
        self.do(self.desk.draw(division_key))

    def draw_all(self) -> None:
        self.do(self.desk.draw_all())

    # --- tables and calls ---------------------------------------------------------------------
    def tables(self) -> None:
        self.do(self.desk.calls.tables())

    def call_next(self) -> None:
        """Offer the next playable matches to the free tables; call them after a yes."""
        self.do(self.desk.calls.call_next())

    def call_match(self, number: int) -> None:
        self.do(self.desk.calls.call_match(number))

    def show_called_here(self) -> None:
        """A table laptop: the matches called to this table, with Play this match here."""
        matches = self.desk.calls.called(self.called_here)
        if isinstance(matches, Outcome):
            self.say(matches.text, Priority.INTERRUPT)
            return
        t = self.tournament
        lines = [m.line() for m in matches]
        self.say(texts.join_sentences(lines), Priority.READING)

        def play(row):
            if 0 <= row < len(matches):
                self.run(lambda: self.play_here(matches[row].number))
                return True  # the list closes: the match is on the board
            self.say(texts.nothing_chosen_text(), Priority.INTERRUPT)
            return False

        self.ask.over(self._parent()).show_lines(
            "Matches called", texts.called_heading(t.table), lines,
            [("&Play this match here", play)])

    def play_here(self, number: int) -> None:
        self.play.play(number)

    # --- results ------------------------------------------------------------------------------
    def enter_result(self, number: int) -> None:
        self.do(self.desk.results.enter_result(number))

    def walkover(self, number: int) -> None:
        self.do(self.desk.results.walkover(number))

    def correct_result(self, number: int) -> None:
        """Correct a finished match: the new result, then the later matches it affects are said
        and the organiser confirms, then why (for the audit log)."""
        self.do(self.desk.results.correct_result(number))

    # --- files ----------------------------------------------------------------------------------
    def save_results_csv(self) -> None:
        self.do(self.desk.files.results_csv(self.export_folder))

    def save_standings_pdf(self) -> None:
        self.do(self.desk.files.standings_pdf(self.export_folder))

    def save_bracket_pdf(self, division_key: Optional[str]) -> None:
        self.do(self.desk.files.bracket_pdf(self.export_folder, division_key))

    # --- settings -------------------------------------------------------------------------------
    def server_settings(self) -> None:
        from .server_dialog import ServerDialog

        dialog = ServerDialog(self.settings, self._parent(),
                              announce=lambda text: self.say(text, Priority.INTERRUPT))
        dialog.exec()


def open_tournament(url: str, *, name: str, password: Optional[str]):
    """``Tournament.open``; a server's refusal that the store did not put into words (a password
    missing or wrong) is asked again by ``try_connection``, whose messages say what to do. Raises
    :class:`TournamentError` (or the driver's error when even that has no words for it)."""
    from ...tournament.store import Tournament, try_connection

    try:
        return Tournament.open(url, name=name, password=password)
    except TournamentError:
        raise
    except Exception:
        if "://" in str(url):
            try_connection(url, password=password)  # raises ConnectionTestError, in words
        raise


def _news(update):
    """The organiser's update when it holds news (events, a snapshot or the server's change)."""
    if update.events or update.snapshot is not None or update.server is not None:
        return update
    return None


def _menu_named(window, title: str) -> QMenu:
    """The window's menu called ``title`` ("Settings"), made before Help when it is not there.
    The access key is the first free letter, so that Alt+letter keys stay unique."""
    bar = window.menuBar()
    for action in bar.actions():
        if action.text().replace("&", "") == title and action.menu() is not None:
            return action.menu()
    taken = {a.text()[a.text().index("&") + 1].lower() for a in bar.actions()
             if "&" in a.text()[:-1]}
    shown = title
    for i, ch in enumerate(title):
        if ch.isalpha() and ch.lower() not in taken:
            shown = title[:i] + "&" + title[i:]
            break
    help_action = next((a for a in bar.actions() if a.text().replace("&", "") == "Help"), None)
    menu = QMenu(shown, bar)
    if help_action is not None:
        bar.insertMenu(help_action, menu)
    else:
        bar.addMenu(menu)
    return menu
