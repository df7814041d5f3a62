"""Sessions with no window: a game, a match, draws, voice commands, reading commands and resuming.

The layer above the rules and below the interface (no Qt): each session holds the game's state
and the referee, says what happens through the speech ``Announcer``, and tells its listeners as
data (:mod:`.events`, :mod:`.match_events`). Time, deferred calls and the computer's moves come
through small ports (:mod:`.ports`), which the window implements with Qt and
:class:`~.ports.ManualScheduler` / :class:`~.ports.InlineEngine` implement for tests and tools.

- :mod:`.game`: :class:`GameSession`, one refereed game against the computer or for two players.
- :mod:`.match`: :class:`MatchSession`, a match always played on a game session, with its parts
  :mod:`.match_official` (the official's actions) and :mod:`.match_draws` (the players' draw
  offers), its data :mod:`.match_model` (settings, the record, :class:`MatchResult`), its PDN
  records (:mod:`.match_records`) and its score sheet (:mod:`.score_sheet`).
- :mod:`.resume`: a session as a snapshot and back (:func:`snapshot_of`, :func:`resume`).
- :mod:`.draws`: draw offers outside a match (the computer's answer).
- :mod:`.reading`: the reading commands' answers.
- :mod:`.refusals`: why an action was refused, in the player's words.
- :mod:`.voice`: what a heard utterance does, and the confirmation rules (import it from there:
  it loads the recogniser's vocabulary).
"""

from .events import Cue, Observable
from .game import POLL_SECONDS, GameSession, Mode
from .match import MatchSession, MatchSessionError
from .match_model import MatchResult, MatchSettings, MatchSettingsError, PlayerInfo
from .ports import Engine, EngineReply, InlineEngine, ManualScheduler, Scheduler, Timer
from .resume import Resumed, SessionExtra, resume, snapshot_of

__all__ = ["GameSession", "Mode", "POLL_SECONDS", "Cue", "Observable", "MatchSession",
           "MatchSessionError", "MatchSettings", "MatchSettingsError", "MatchResult",
           "PlayerInfo", "Engine", "EngineReply", "Scheduler", "Timer", "ManualScheduler",
           "InlineEngine", "resume", "snapshot_of", "Resumed", "SessionExtra"]
