"""Sessions with no window: a game, a match, draws, voice commands, reading commands and resuming.

The layer above the rules and below the interface (no Qt): each session holds the game's state
and the referee, says what happens through the speech ``Announcer``, and tells its listeners as
data (:mod:`.events`). Time, deferred calls and the computer's moves come through small ports
(:mod:`.ports`), which the window implements with Qt and :class:`~.ports.ManualScheduler` /
:class:`~.ports.InlineEngine` implement for tests and tools.

- :mod:`.game`: :class:`GameSession`, one refereed game against the computer or for two players.
- :mod:`.draws`: draw offers outside a match (the computer's answer).
- :mod:`.reading`: the reading commands' answers.
- :mod:`.voice`: what a heard utterance does, and the confirmation rules.
"""

from .events import Cue, Observable
from .game import POLL_SECONDS, GameSession, Mode
from .ports import Engine, EngineReply, InlineEngine, ManualScheduler, Scheduler, Timer

__all__ = ["GameSession", "Mode", "POLL_SECONDS", "Cue", "Observable", "Engine", "EngineReply",
           "Scheduler", "Timer", "ManualScheduler", "InlineEngine"]
