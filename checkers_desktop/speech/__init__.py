"""Speech output: the announcer facade, sinks (the app's own voice, a fake for tests), the sentences
the app shows and speaks, and the earcons.

Import from the submodules (``checkers_desktop.speech.announcer`` and so on); this package imports
nothing heavy at import time so the voice-command subpackage can live beside it.
"""

from .announcer import Announcer, OutputSink, Priority
from .fake import FakeSynth

__all__ = ["Announcer", "OutputSink", "Priority", "FakeSynth"]
