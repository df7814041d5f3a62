"""Voice commands: offline recognition of moves and commands (Whisper tiny.en, pocketsphinx as
the fallback).

The UI uses :class:`VoiceRecognizer` (``decode(audio_data, board, profile=None) -> VoiceResult``,
from a worker thread), :class:`Microphone` for push-to-talk and continuous listening, and
:func:`needs_confirmation`. What can be said is in accessibility/voice-commands.md and
:data:`COMMANDS`. No Qt here; pocketsphinx and sounddevice are imported only when used.
"""

from .confirm import Confirmation, needs_confirmation, pick_up_commits
from .grammar import COMMANDS, Command, available_commands, build_grammar
from .microphone import (Microphone, MicrophoneUnavailableError, UtteranceSegmenter,
                         microphone_status)
from .recognizer import (RecognizerUnavailableError, SphinxRecognizer, VoiceRecognizer,
                         VoiceResult)

__all__ = [
    "COMMANDS", "Command", "Confirmation", "Microphone", "MicrophoneUnavailableError",
    "RecognizerUnavailableError", "SphinxRecognizer", "UtteranceSegmenter", "VoiceRecognizer", "VoiceResult",
    "available_commands", "build_grammar",
    "microphone_status", "needs_confirmation", "pick_up_commits",
]
