"""Every sentence the app shows and speaks about the game. The UI uses these and builds none itself.

Pure functions of a :class:`~checkers_desktop.rules.Board`, no Qt and no speech library. Squares are
1-32 in the standard numbering (WCDF rules 1.4) and are written as digits where a screen reader or
Braille display reads them best ("11, black man"); moves are written in the words players say
("eleven to fifteen", "twenty-two jumps fifteen", see :mod:`.spoken`).

``side_names`` is the rule profile's ``{Color: name}`` ("Black"/"Red" for practice, "Red"/"White" in
some tournaments); a side missing from it falls back to the PDN name ("Black"/"White").
``verbosity`` is ``"full"`` (the default) or ``"brief"`` (fewer words, for experienced players).
"""

from __future__ import annotations

import ast
import re
from typing import Mapping, Optional, Sequence

from checkers_desktop.rules import (BLACK, WHITE, AmbiguousMoveError, Board, Color,
                                    IllegalMoveError, InvalidMoveError, Move, Outcome, PieceKind)
from checkers_desktop.rules.notation import parse_squares

from .spoken import number_words, path_words, spoken_move

__all__ = [
    "DEFAULT_SIDE_NAMES", "VERBOSITIES", "side_name", "square_name", "piece_words", "move_text",
    "turn_text", "refused_text", "game_over_text", "read_board", "list_pieces", "counts_text",
    "legal_moves_text", "captures_text", "move_list_text", "last_move_text", "board_rows",
]

DEFAULT_SIDE_NAMES: dict[Color, str] = {BLACK: "Black", WHITE: "White"}
"""The PDN names, used when a profile gives none."""

VERBOSITIES = ("full", "brief")

_MAX_OPTIONS = 3
"""How many moves a refusal lists before saying "or N more" (a listener keeps about three)."""

SideNames = Optional[Mapping[Color, str]]


# --- small pieces ---------------------------------------------------------------------------
def side_name(side_names: SideNames, color: Color) -> str:
    """The profile's name for ``color`` ("Red"), else the PDN name ("White")."""
    if side_names and side_names.get(color):
        return side_names[color]
    return DEFAULT_SIDE_NAMES[color]


def _check_verbosity(verbosity: str) -> str:
    if verbosity not in VERBOSITIES:
        raise ValueError(f"{verbosity!r} is not a verbosity; use 'full' or 'brief'")
    return verbosity


def _check_square(square: int) -> int:
    if isinstance(square, bool) or not isinstance(square, int) or not 1 <= square <= 32:
        raise ValueError(f"{square!r} is not a square from 1 to 32")
    return square


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plural(n: int, word: str, plural: Optional[str] = None) -> str:
    return f"{n if n else 'no'} {word if n == 1 else (plural or word + 's')}"


def _join(items: Sequence[str], conjunction: str = "and") -> str:
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def _options(moves: Sequence[Move], style: str) -> str:
    """Up to three moves in words joined with "or", then "or one of N more"."""
    words = [spoken_move(m, style) for m in moves[:_MAX_OPTIONS]]
    rest = len(moves) - len(words)
    if rest:
        return ", ".join(words) + f", or one of {rest} more"
    return _join(words, "or")


def piece_words(board: Board, square: int, side_names: SideNames = None) -> str:
    """What stands on ``square`` in lower case: "black man", "red king" or "empty"."""
    piece = board.piece_at(_check_square(square))
    if piece is None:
        return "empty"
    kind = "king" if piece.is_king else "man"
    return f"{side_name(side_names, piece.color).lower()} {kind}"


def square_name(board: Board, square: int, side_names: SideNames = None) -> str:
    """A square and its content, the accessible name of a board square: "11, black man",
    "15, empty", "22, red king". Raises ``ValueError`` for a square outside 1-32."""
    return f"{square}, {piece_words(board, square, side_names)}"


# --- moves and turns --------------------------------------------------------------------------
def move_text(board_before: Board, move: Move, side_names: SideNames = None, style: str = "jumps",
              verbosity: str = "full") -> str:
    """A move just played, told as a sentence: "Black, eleven to fifteen.",
    "Red, twenty-two jumps fifteen.", "Red, twenty-six jumps seventeen jumps ten. Takes two.",
    "Black, twenty-seven to thirty-two. Crowned."

    ``board_before`` is the position before the move (it tells whose move it was and whether a man
    was crowned: VA rulebook 3:00 s9). With ``verbosity="full"`` a capture of more than one piece
    (or any capture said in the "to" style, where the words do not show it) adds "Takes N.".
    """
    _check_verbosity(verbosity)
    side = side_name(side_names, board_before.turn)
    text = f"{side}, {spoken_move(move, style)}."
    n = len(move.captures)
    if verbosity == "full" and n and (n > 1 or style == "to"):
        text += f" Takes {number_words(n)}."
    if board_before.is_crowning(move):
        text += " Crowned."
    return text


def turn_text(board: Board, side_names: SideNames = None, verbosity: str = "brief") -> str:
    """Whose turn it is: "Red to move."; with ``verbosity="full"`` and a jump to make, adds
    "Red must jump." (capture is compulsory, VA rulebook 3:00 s6, WCDF 1.18)."""
    _check_verbosity(verbosity)
    side = side_name(side_names, board.turn)
    text = f"{side} to move."
    if verbosity == "full" and board.is_capture_required():
        text += f" {side} must jump."
    return text


# --- refused moves ----------------------------------------------------------------------------
_QUOTED_RE = re.compile(r"""^\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")""")


def _quoted_input(error: BaseException) -> Optional[str]:
    """The input an error message starts by quoting (rules errors quote it with ``repr``)."""
    match = _QUOTED_RE.match(str(error))
    if not match:
        return None
    try:
        value = ast.literal_eval(match.group(1))
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, str) else None


def _written_squares(text: Optional[str]) -> Optional[tuple[tuple[int, ...], bool]]:
    if text is None:
        return None
    try:
        return parse_squares(text)
    except ValueError:
        return None


def _why_illegal(board: Board, squares: tuple[int, ...], side_names: SideNames) -> str:
    """A short reason a written move is illegal, when it is cheap to tell (else "")."""
    start, end = squares[0], squares[-1]
    piece = board.piece_at(start)
    if piece is None:
        return f"There is no piece on {start}."
    if piece.color is not board.turn:
        return "That is not your piece."
    kind = "king" if piece.is_king else "man"
    if end != start and board.piece_at(end) is not None:
        return f"{end} is not empty."
    targets = sorted({m.to_square for m in board.moves_from(start)})
    if not targets:
        return f"The {kind} on {start} cannot move."
    return f"The {kind} on {start} can go to {_join([str(t) for t in targets], 'or')}."


def refused_text(error: BaseException, board: Board, side_names: SideNames = None,
                 text: Optional[str] = None, style: str = "jumps") -> str:
    """Why a move was refused, as a sentence, from the error the rules core raised.

    ``board`` is the position the move was tried in; ``text`` the player's input (when omitted it
    is read from the start of the error message, where the rules core quotes it).

    * ``IllegalMoveError`` with ``required_captures`` (capture is compulsory, VA rulebook 3:00 s6,
      WCDF 1.18): "You must jump: twenty-two jumps fifteen." (up to three options joined with "or").
    * other ``IllegalMoveError``: "Eleven to sixteen is not a legal move." and, when cheap to tell,
      why: "There is no piece on 11.", "That is not your piece.", "16 is not empty.",
      "The man on 11 can go to 15 or 16."
    * ``InvalidMoveError``: "'abc' is not a move. Type squares such as 11-15."
    * ``AmbiguousMoveError``: "Twenty to four can be played two ways: ... Say the whole path."
    * anything else: "That move was refused." and the error's own message.
    """
    if text is None:
        text = _quoted_input(error)
    if isinstance(error, InvalidMoveError):
        shown = repr(text) if text is not None else "That"
        return f"{shown} is not a move. Type squares such as 11-15."
    if isinstance(error, AmbiguousMoveError):
        candidates = list(error.candidates)
        written = _written_squares(text)
        if written:
            head = path_words(written[0], False)
        elif candidates:
            head = path_words((candidates[0].from_square, candidates[0].to_square), False)
        else:
            head = "That move"
        ways = number_words(len(candidates)) if 1 < len(candidates) < 100 else "several"
        options = _join([spoken_move(m, style) for m in candidates], "or")
        return f"{_capital(head)} can be played {ways} ways: {options}. Say the whole path."
    if isinstance(error, IllegalMoveError):
        required = tuple(getattr(error, "required_captures", ()) or ())
        if required:
            return f"You must jump: {_options(required, style)}."
        written = _written_squares(text)
        if not written:
            return "That is not a legal move."
        squares, as_capture = written
        sentence = f"{_capital(path_words(squares, as_capture, style))} is not a legal move."
        why = _why_illegal(board, squares, side_names)
        return f"{sentence} {why}" if why else sentence
    message = str(error).strip()
    return "That move was refused." + (f" {message}" if message else "")


# --- end of game ------------------------------------------------------------------------------
def game_over_text(outcome: Optional[Outcome], side_names: SideNames = None,
                   board: Optional[Board] = None) -> str:
    """How the game ended: "Black wins. Red cannot move." (a player who cannot move loses, VA
    rulebook 2:00); with ``board`` given and the loser left with no piece, "Red has no pieces
    left." instead; "The game is a draw." for a draw; "The game is not over." for None."""
    if outcome is None:
        return "The game is not over."
    if outcome.winner is None:
        return "The game is a draw."
    winner = side_name(side_names, outcome.winner)
    loser_color = outcome.winner.other
    loser = side_name(side_names, loser_color)
    if board is not None and not board.squares(loser_color):
        return f"{winner} wins. {loser} has no pieces left."
    return f"{winner} wins. {loser} cannot move."


# --- reading commands -------------------------------------------------------------------------
def board_rows(from_side: Color = BLACK) -> list[list[int]]:
    """The eight rows of squares as ``from_side`` sees them: nearest row first, each row left to
    right from that player's seat. BLACK sits behind 1-4 with 4 on its left; WHITE behind 29-32
    with 29 on its left (the standard diagram, WCDF rules 1.4)."""
    rows = [list(range(4 * r + 1, 4 * r + 5)) for r in range(8)]
    if from_side is BLACK:
        return [list(reversed(row)) for row in rows]
    return list(reversed(rows))


def read_board(board: Board, side_names: SideNames = None, from_side: Color = BLACK,
               verbosity: str = "full") -> str:
    """The whole board row by row from ``from_side``'s seat (see :func:`board_rows`).

    Full: "Row 1: 4 black man, 3 black man, 2 empty, 1 black king." for every row. Brief: only
    the pieces, "Row 1: 4 black man, 1 black king. Row 5: empty." Ends with whose turn it is.
    """
    _check_verbosity(verbosity)
    sentences = []
    for number, row in enumerate(board_rows(from_side), start=1):
        cells = [f"{sq} {piece_words(board, sq, side_names)}" for sq in row
                 if verbosity == "full" or board.piece_at(sq) is not None]
        sentences.append(f"Row {number}: {', '.join(cells) if cells else 'empty'}.")
    sentences.append(turn_text(board, side_names))
    return " ".join(sentences)


def list_pieces(board: Board, color: Color, side_names: SideNames = None) -> str:
    """Where ``color``'s pieces stand: "Black men on 9, 10 and 11. Black king on 27.", or
    "Black has no pieces."""
    side = side_name(side_names, color)
    men = board.squares(color, PieceKind.MAN)
    kings = board.squares(color, PieceKind.KING)
    if not men and not kings:
        return f"{side} has no pieces."
    parts = []
    if men:
        parts.append(f"{side} {'man' if len(men) == 1 else 'men'} on "
                     f"{_join([str(s) for s in men])}.")
    if kings:
        parts.append(f"{side} {'king' if len(kings) == 1 else 'kings'} on "
                     f"{_join([str(s) for s in kings])}.")
    return " ".join(parts)


def counts_text(board: Board, side_names: SideNames = None, verbosity: str = "full") -> str:
    """Men, kings and material (man 1, king 2) of both sides, the first mover first:
    "Black: 8 men, 1 king. Red: 7 men, no kings. Black is ahead by 3." or "... Material is even."
    Brief leaves out the material sentence."""
    _check_verbosity(verbosity)
    parts = []
    for color in (BLACK, WHITE):
        men, kings = board.count(color)
        parts.append(f"{side_name(side_names, color)}: {_plural(men, 'man', 'men')}, "
                     f"{_plural(kings, 'king')}.")
    if verbosity == "full":
        black, white = board.material(BLACK), board.material(WHITE)
        if black == white:
            parts.append("Material is even.")
        else:
            ahead = BLACK if black > white else WHITE
            parts.append(f"{side_name(side_names, ahead)} is ahead by {abs(black - white)}.")
    return " ".join(parts)


def legal_moves_text(board: Board, square: Optional[int] = None, side_names: SideNames = None,
                     style: str = "jumps") -> str:
    """The legal moves of the side to move, or of the piece on ``square``.

    "Black has 7 moves: eleven to fifteen, ... and twelve to sixteen." / "The man on 11 can
    play: eleven to fifteen or eleven to sixteen." / "The man on 11 cannot move." /
    "There is no piece on 15." / "22 holds a red man; it is Black's turn."
    Only jumps are listed when a jump is compulsory (VA rulebook 3:00 s6).
    """
    side = side_name(side_names, board.turn)
    if square is None:
        moves = sorted(board.legal_moves, key=lambda m: m.path)
        if not moves:
            return f"{side} has no legal move."
        kind = "jump" if moves[0].is_capture else "move"
        listed = _join([spoken_move(m, style) for m in moves])
        return f"{side} has {_plural(len(moves), kind)}: {listed}."
    _check_square(square)
    piece = board.piece_at(square)
    if piece is None:
        return f"There is no piece on {square}."
    if piece.color is not board.turn:
        return f"{square} holds a {piece_words(board, square, side_names)}; it is {side}'s turn."
    kind = "king" if piece.is_king else "man"
    moves = board.moves_from(square)
    if not moves:
        if board.is_capture_required():
            return f"The {kind} on {square} cannot move: {side} must jump with another piece."
        return f"The {kind} on {square} cannot move."
    return f"The {kind} on {square} can play: {_join([spoken_move(m, style) for m in moves], 'or')}."


def captures_text(board: Board, side_names: SideNames = None, style: str = "jumps",
                  verbosity: str = "full") -> str:
    """The jumps of the side to move: "Black must jump: twenty-two jumps fifteen." or "Black has
    no jump." With ``verbosity="full"`` also the jumps the opponent would have if it were to move
    ("Red threatens: eleven jumps eighteen.") - the pieces at risk."""
    _check_verbosity(verbosity)
    side = side_name(side_names, board.turn)
    jumps = [m for m in board.legal_moves if m.is_capture]
    if jumps:
        text = f"{side} must jump: {_join([spoken_move(m, style) for m in jumps], 'or')}."
    else:
        text = f"{side} has no jump."
    if verbosity == "full":
        threats = _opponent_jumps(board)
        other = side_name(side_names, board.turn.other)
        if threats:
            text += f" {other} threatens: {_join([spoken_move(m, style) for m in threats], 'and')}."
        else:
            text += f" {other} threatens no jump."
    return text


def _opponent_jumps(board: Board) -> list[Move]:
    """The jumps the side not to move would have if it were its turn."""
    fen = board.fen()
    other = board.turn.other.value
    flipped = Board(other + fen[1:])
    return [m for m in flipped.legal_moves if m.is_capture]


def move_list_text(board: Board, side_names: SideNames = None, style: str = "jumps",
                   last: Optional[int] = None, verbosity: str = "full") -> str:
    """The moves played so far, numbered as in PDN (one number per pair of moves, the first
    mover's move first). Full: "1. Black eleven to fifteen, Red twenty-three to nineteen.
    2. Black nine to fourteen." Brief leaves out the side names. ``last``: only the last N moves
    (plies). "No moves yet." when none."""
    _check_verbosity(verbosity)
    moves = board.move_stack
    if not moves:
        return "No moves yet."
    color = board.root().turn
    offset = 0 if color is BLACK else 1  # a game set up with White to move starts at "1. ..."
    first_ply = 0 if last is None else max(0, len(moves) - last)
    numbered: dict[int, list[str]] = {}
    for ply, move in enumerate(moves):
        mover = color if ply % 2 == 0 else color.other
        if ply < first_ply:
            continue
        words = spoken_move(move, style)
        if verbosity == "full":
            words = f"{side_name(side_names, mover)} {words}"
        numbered.setdefault((ply + offset) // 2 + 1, []).append(words)
    return " ".join(f"{n}. {', '.join(w)}." for n, w in numbered.items())


def last_move_text(board: Board, side_names: SideNames = None, style: str = "jumps") -> str:
    """The last move played: "Last move: Red, twenty-two jumps fifteen." or "No moves yet."."""
    move = board.peek()
    if move is None:
        return "No moves yet."
    before = board.copy()
    before.pop()
    return f"Last move: {move_text(before, move, side_names, style)}"


# --- the referee: clocks, penalties, touch-move, results, the rule profile ---------------------
# Added for the game controller (issue 4). The events and rulings come from
# checkers_desktop.rules.referee and .clock; their rules are cited where they are applied there.
def duration_words(seconds: float) -> str:
    """A time in words a listener takes in at once: "9 minutes 40 seconds", "1 minute",
    "25 seconds", "0 seconds" (rounded to the nearest second; negative counts as 0)."""
    total = max(0, int(round(seconds)))
    if total == 0:
        return "0 seconds"
    minutes, secs = divmod(total, 60)
    parts = []
    if minutes:
        parts.append(_plural(minutes, "minute"))
    if secs or not minutes:
        parts.append(_plural(secs, "second"))
    return " ".join(parts)


def _subject(color: Color, side_names: SideNames, you: Optional[Color]) -> str:
    return "You" if you is not None and color is you else side_name(side_names, color)


def clock_event_text(event, side_names: SideNames = None, you: Optional[Color] = None) -> str:
    """A referee or clock event (from ``Referee.poll()``) as a sentence, or "" for one that says
    nothing on its own. ``you``: the player at this keyboard against the computer ("You have 5
    seconds left to move."), None for two players.

    * ``MoveWarning`` (VA rulebook 3:00 s4, 25 s): "Black: 25 seconds used. 5 seconds left to move."
    * ``MoveTimeExpired``: "Black's time for this move is up."
    * ``GameTimeWarning`` (at 5, 2, 1 minutes): "5 minutes of game time left."
    * ``GameTimeExpired`` (VA 3:00 s5): "The game's time limit is reached."
    * ``SideTimeExpired`` (WCDF 4.3): "Black's clock has run out. Red may claim the game."
    * ``PenaltyDue``: "Red chooses a black checker to be removed: 9, 10 or 11." (the chooser is
      told to go to the checker and press Enter when it is ``you``)
    * ``FortyMovesCompleted`` (WCDF 6.2): "Forty moves are counted. ..."
    * ``GameEnded``: :func:`result_text`.
    """
    code = type(event).__name__
    if code == "MoveWarning":
        left = max(0.0, event.limit - event.seconds)
        who = _subject(event.color, side_names, you)
        if who == "You":
            return f"You have {duration_words(left)} left to move."
        return f"{who}: {duration_words(event.seconds)} used. {duration_words(left)} left to move."
    if code == "MoveTimeExpired":
        if you is not None and event.color is you:
            return "Your time for this move is up."
        return f"{side_name(side_names, event.color)}'s time for this move is up."
    if code == "GameTimeWarning":
        return f"{_capital(duration_words(event.seconds_left))} of game time left."
    if code == "GameTimeExpired":
        return "The game's time limit is reached."
    if code == "SideTimeExpired":
        return (f"{side_name(side_names, event.color)}'s clock has run out. "
                f"{side_name(side_names, event.color.other)} may claim the game.")
    if code == "PenaltyDue":
        victim = side_name(side_names, event.victim).lower()
        squares = _join([str(s) for s in event.squares], "or")
        if you is not None and event.chooser is you:
            return (f"You choose a {victim} checker to be removed: {squares}. Go to it and press "
                    "Enter.")
        return f"{side_name(side_names, event.chooser)} chooses a {victim} checker to be removed."
    if code == "FortyMovesCompleted":
        return (f"Forty moves are counted for {side_name(side_names, event.attacker)}. The official "
                "judges whether the position was strengthened.")
    if code == "GameEnded":
        return result_text(event.result, side_names)
    return ""


def result_text(result, side_names: SideNames = None) -> str:
    """How a refereed game ended (a ``GameResult``): "Black wins by adjudication: Black 8, Red 7
    (man 1, king 2)." / "Drawn by adjudication: material is equal, 6 each." / "Red wins. Black
    forfeits." / "The game is drawn by agreement." / "Black wins. Red cannot move." """
    reason = result.reason.value
    winner = side_name(side_names, result.winner) if result.winner is not None else None
    if reason == "adjudication" and result.material:
        mat = result.material
        b, w = mat[BLACK], mat[WHITE]
        counts = (f"{side_name(side_names, BLACK)} {b}, {side_name(side_names, WHITE)} {w} "
                  "(man 1, king 2)")
        if winner is None:
            return f"Time is up. Drawn by adjudication: material is equal, {counts}."
        lot = " The tie was decided by lot." if result.by_lot else ""
        return f"Time is up. {winner} wins by adjudication: {counts}.{lot}"
    if reason == "no moves":
        loser = side_name(side_names, result.winner.other) if result.winner is not None else ""
        return f"{winner} wins. {loser} cannot move."
    if reason == "resignation":
        return f"{side_name(side_names, result.winner.other)} resigns. {winner} wins."
    if reason == "forfeit":
        loser = side_name(side_names, result.winner.other)
        _, _, why = (result.detail or "").partition("forfeits: ")
        return f"{winner} wins. {loser} forfeits the game" + (f": {why}." if why else ".")
    drawn = {"agreement": "The game is drawn by agreement.",
             "declared drawn": "The official declares the game drawn: neither side can force "
                               "a win.",
             "40-move count": "The game is drawn by the forty-move count: the position was not "
                              "strengthened.",
             "repetition": "The game is drawn: the position repeated and the draw was accepted."}
    if winner is None and reason in drawn:
        return drawn[reason]
    if winner is None:
        return f"The game is drawn ({reason})."
    return f"{winner} wins ({reason})."


def clocks_text(clock, board: Board, side_names: SideNames = None, has_clock: bool = True,
                title: str = "") -> str:
    """The clocks reading command: game time left (or played), this move's time, each side's
    chess clock. ``clock`` is the referee's ``GameClock``; ``has_clock`` False says the rules have
    none: "No clocks: Practice at home rules have no time limit." """
    if not has_clock:
        return f"No clocks: {title or 'these'} rules have no time limit."
    parts = []
    remaining = clock.game_remaining()
    if remaining is not None:
        parts.append(f"Game time left: {duration_words(remaining)}.")
    else:
        parts.append(f"Game time played: {duration_words(clock.elapsed())}.")
    warning, limit = clock.move_limits()
    side = side_name(side_names, board.turn)
    if limit is not None:
        parts.append(f"{side}'s move: {duration_words(clock.move_elapsed())} used of "
                     f"{duration_words(limit)}.")
    else:
        parts.append(f"{side}'s move: {duration_words(clock.move_elapsed())} so far.")
    for color in (BLACK, WHITE):
        left = clock.side_remaining(color)
        if left is not None:
            parts.append(f"{side_name(side_names, color)}'s clock: {duration_words(left)}.")
    if clock.paused:
        parts.append("The clocks are stopped.")
    return " ".join(parts)


def profile_text(profile, verbosity: str = "full") -> str:
    """The rules in force, read from a ``Profile``: its title, the sides, touch-move, the time
    limits, undo and hints. Brief gives the title and sides only."""
    _check_verbosity(verbosity)
    first, second = profile.side_names[BLACK], profile.side_names[WHITE]
    parts = [f"Rules: {profile.title}. {first} moves first; {second} is the other side."]
    if verbosity == "brief":
        return " ".join(parts)
    touch = profile.touch.name
    if touch == "STRICT":
        parts.append("Touch and move: a piece you pick up must be moved.")
    elif touch == "LIBERAL":
        parts.append("A piece you pick up may be put back.")
    else:
        parts.append("Pieces may be picked up and put back freely.")
    if profile.jump_continuation_optional:
        parts.append("A jump series may be stopped before its end.")
    if profile.game_limit:
        parts.append(f"Game time limit: {duration_words(profile.game_limit)}; then the material "
                     "decides, man 1, king 2.")
    ml = profile.move_limit
    if ml is not None:
        parts.append(f"Each move: a warning at {duration_words(ml.warning)}, the limit at "
                     f"{duration_words(ml.limit)}.")
    if profile.stalling_rule:
        parts.append("No move limit, but the official may warn for stalling.")
    if not profile.has_clock:
        parts.append("No clocks.")
    extras = []
    if profile.allows_undo:
        extras.append("taking moves back")
    if profile.allows_hints:
        extras.append("hints")
    if extras:
        parts.append(f"These rules allow {_join(extras)}.")
    return " ".join(parts)


def touch_text(square: int, strict: bool, destinations: Sequence[int]) -> str:
    """A piece picked up under a touch-move rule (VA rulebook 4:00 s1 strict, s1-VI liberal):
    "You picked up eleven. You must move it. It can go to fifteen or sixteen." (strict) or
    "You picked up eleven. It can go to fifteen or sixteen." (liberal)."""
    text = f"You picked up {number_words(square)}."
    if strict:
        text += " You must move it."
    if destinations:
        text += " It can go to " + _join([number_words(s) for s in destinations], "or") + "."
    return text


def put_back_refused_text(square: int) -> str:
    """Strict touch-move refuses putting a picked-up piece back (VA rulebook 4:00 s1)."""
    return f"You picked up {number_words(square)}: you must move it. Touch and move."


def must_move_held_text(held: int) -> str:
    return f"You already picked up {number_words(held)}: you must move it. Touch and move."


def put_back_touch_text(square: int) -> str:
    """Liberal touch-move: the piece is put back (VA rulebook 4:00 s1-VI)."""
    return f"You put {number_words(square)} back."


def checker_removed_text(square: int, victim: Color, side_names: SideNames = None) -> str:
    return f"The {side_name(side_names, victim).lower()} checker on {square} is removed."


def offence_text(ruling_verdict: str, color: Color, side_names: SideNames = None,
                 reminded: bool = False) -> str:
    """What a counted offence brings (WCDF 3.3/3.4 warned, Caseville reminded, then forfeit):
    "Black is warned: the next time forfeits the game." / "Black forfeits the game." """
    side = side_name(side_names, color)
    if ruling_verdict == "forfeit":
        return f"{side} forfeits the game."
    return f"{side} is {'reminded' if reminded else 'warned'}: the next time forfeits the game."


def read_rows(board: Board, rows: Sequence[Sequence[int]], side_names: SideNames = None,
              verbosity: str = "full") -> str:
    """The board read row by row in the order ``rows`` gives (for example the screen's order, top
    row first, left to right, so that the reading matches the arrow keys). Full: every square,
    "Row 1: 1 black man, 2 black man, 3 black man, 4 black man."; brief: only the pieces, "Row 3:
    9 black man." / "Row 4: empty." Ends with whose turn it is."""
    _check_verbosity(verbosity)
    sentences = []
    for number, row in enumerate(rows, start=1):
        cells = [f"{sq} {piece_words(board, sq, side_names)}" for sq in row
                 if verbosity == "full" or board.piece_at(sq) is not None]
        sentences.append(f"Row {number}: {', '.join(cells) if cells else 'empty'}.")
    sentences.append(turn_text(board, side_names))
    return " ".join(sentences)


__all__ += ["duration_words", "clock_event_text", "result_text", "clocks_text", "profile_text",
            "touch_text", "put_back_refused_text", "must_move_held_text", "put_back_touch_text",
            "checker_removed_text", "offence_text", "read_rows"]


# --- after a practice game: the engine's review (engine/review.py finds, this says) -----------

_MEN_WORDS = {1: "a man", 2: "two men", 3: "three men", 4: "four men", 5: "five men"}


def finding_text(finding, style: str = "jumps") -> str:
    """The sentence for one review finding (``engine.review.Finding``): "Your move 14, ten to
    fifteen, lost a man; twenty-two to eighteen was better." ``style``: how jumps are said."""
    played = spoken_move(finding.move, style)
    other = spoken_move(finding.better, style)
    kind, men_lost = finding.kind, finding.men_lost
    if kind == "threw_away_win":
        what, tail = "let a won game slip", f"{other} wins"
    elif kind == "lost_game":
        what = "lost the game"
        tail = f"{other} holds" if men_lost <= 0 else f"{other} was better"
    elif kind == "lost_material":
        what, tail = f"lost {_MEN_WORDS.get(men_lost, f'{men_lost} men')}", f"{other} was better"
    else:
        what, tail = "cost about a man's worth of position", f"{other} was better"
    return f"Your move {finding.move_number}, {played}, {what}; {tail}."


def review_text(findings, style: str = "jumps") -> str:
    """What to say after the review: every finding's sentence, or that no move changed the
    result."""
    if not findings:
        return "No move of yours changed the result."
    return " ".join(finding_text(f, style) for f in findings)
