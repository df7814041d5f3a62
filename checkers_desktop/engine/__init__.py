"""The computer opponent: search, evaluation, playing levels and hints. Pure Python, no Qt.

Public API (call these from a worker thread, never from the GUI thread):

- :func:`search` ``(board, *, time_limit=None, depth=None, stop=None) -> SearchResult``
- :data:`LEVELS` (tuple of :class:`Level`, 1 = gentlest), :func:`get_level`
- :func:`choose_move` ``(board, level, stop=None, rng=None) -> Move``
- :func:`hint` ``(board, time_limit=1.0, stop=None) -> Hint(move, reason, score, pv)``
- :func:`ensure_table` ``(cache_dir, pieces=5, stop=None)``: load or generate the endgame database
  (the first time: 2-4 pieces in seconds and 5 in about a minute with the compiled builder; 4 in
  about 2 minutes of one core in pure Python; call from a worker thread or process; each finished
  count is installed at once) and make every search use it.

Scores are in hundredths of a man from the side to move's view.
"""

from .endgame import EndgameTable, ensure_table, install_table, installed_table
from .evaluate import KING, MAN, WIN, evaluate
from .hint import Hint, hint
from .levels import LEVELS, InvalidLevelError, Level, choose_move, get_level, search_at_level
from .search import Searcher, SearchResult, search

__all__ = [
    "KING", "MAN", "WIN", "evaluate", "Hint", "hint", "LEVELS", "InvalidLevelError", "Level",
    "choose_move", "get_level", "search_at_level", "Searcher", "SearchResult", "search",
    "EndgameTable", "ensure_table", "install_table", "installed_table",
]
