"""Speech output: the announcer facade, sinks (the app's own voice, a fake for tests), moves and
squares in spoken words, and the earcons (the sentences themselves are in ``checkers_desktop.texts``).

Import from the submodules (``checkers_desktop.speech.announcer`` and so on); this package imports
nothing heavy at import time so the voice-command subpackage can live beside it.
"""

from .announcer import Announcer, OutputSink, Priority
from .fake import FakeSynth

__all__ = ["Announcer", "OutputSink", "Priority", "FakeSynth"]
