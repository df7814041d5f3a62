"""The official's players-ready step, done at once for tests about something else: every game of
``match`` is started by the official as soon as it is set up (with ``pin`` when one guards it)."""

from __future__ import annotations

from checkers_desktop.session.match_events import MatchGameStarted


def officiate(match, pin=None):
    """Start each game of ``match`` (now, and each next one) as the official would."""
    def start(event=None) -> None:
        if (event is None or isinstance(event, MatchGameStarted)) and match.awaiting_start \
                and match.game_running:
            if pin is not None:
                assert match.gate.unlock(pin).ok
            match.official.start_game()
    match.subscribe(start)
    start()
    return match
