"""What the tournament's followers bring, as sentences to say: the organiser's news (another
laptop's result, call, draw...) and a table laptop's (the server gone or back, queued results
sent or refused, a new match called to this table).

The organiser hears each change once: its own actions were said when done (events carrying this
laptop's ``origin`` are skipped), and so was a result sent from a match played here (``own``).
The server gone, or back, is said once per change. No Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..speech.announcer import Priority
from ..texts import tournament as texts
from ..tournament.follow import OrganiserUpdate, TableUpdate
from ..tournament.model import MatchStatus
from ..tournament.table import ReportStatus, ServerState
from ..tournament.views import MatchView
from .desk_steps import Say

__all__ = ["OrganiserNews", "TableNews", "organiser_news", "table_news"]


@dataclass(frozen=True)
class OrganiserNews:
    """The sentences of one organiser's update, in order, and whether the server is away now."""

    said: tuple[Say, ...]
    server_away: bool


@dataclass(frozen=True)
class TableNews:
    """The sentences of one table update, in order; ``link_away``: the link's state after it
    (None: unchanged); ``called``: the matches called to this table now (None: not read, the
    server away); ``called_changed``: a match came or went; ``sent``: queued results went."""

    said: tuple[Say, ...]
    link_away: Optional[bool]
    called: Optional[tuple[MatchView, ...]]
    called_changed: bool
    sent: bool


def organiser_news(update: OrganiserUpdate, *, origin: str, own: set[int],
                   server_away: bool) -> OrganiserNews:
    """The organiser's sentences for ``update``: ``origin`` is this laptop's
    (``Tournament.origin``); ``own`` the numbers of matches whose result this laptop sent and
    already said (each is taken out of it when its result comes back); ``server_away`` what was
    last said of the server."""
    said: list[Say] = []
    if update.server is not None:
        away = update.server.state is ServerState.AWAY
        if away != server_away:
            server_away = away
            said.append(Say(texts.organiser_server_gone_sentence() if away
                            else texts.organiser_server_back_sentence(), Priority.INTERRUPT))
    for event in update.events:
        if event.origin and event.origin == origin:
            continue  # this laptop's own action: already said
        if event.kind == "result" and event.match_number in own:
            own.discard(event.match_number)
            continue  # played here: "the result is in the bracket" was said
        text = event.sentence()
        if text:
            said.append(Say(text + "."))
    return OrganiserNews(tuple(said), server_away)


def table_news(update: TableUpdate, called_before: tuple[MatchView, ...]) -> TableNews:
    """A table link's sentences for ``update``, ``called_before`` being the matches called to
    this table as last shown (a match called since is said)."""
    said: list[Say] = []
    link_away: Optional[bool] = None
    for change in update.changes:
        link_away = change.state is ServerState.AWAY
        said.append(Say(texts.server_gone_sentence() if link_away
                        else texts.server_back_sentence(change.sent), Priority.INTERRUPT))
    for outcome in update.sent:
        if outcome.status is ReportStatus.REFUSED:
            said.append(Say(texts.refused_sentence(outcome.match_number, outcome.message),
                            Priority.INTERRUPT))
        else:
            said.append(Say(texts.sent_later_text(outcome.match_number)))
    changed = False
    if update.called is not None:
        before = {m.number for m in called_before}
        for m in update.called:
            if m.number not in before and m.status is MatchStatus.CALLED and m.a and m.b \
                    and m.number is not None and m.table is not None:
                said.append(Say(texts.call_sentence(m.number, m.a.name, m.b.name, m.table) + "."))
        changed = {m.number for m in update.called} != before
    return TableNews(tuple(said), link_away, update.called, changed, bool(update.sent))
