"""The reading commands' sentences: the board row by row, where the pieces stand, the counts, the
legal moves and jumps, the moves played, the last move, the rules in force.

Pure functions of a :class:`~checkers_desktop.rules.Board` (see :mod:`.words` for ``side_names``
and ``verbosity``, :mod:`.game` for ``style``).
"""

from __future__ import annotations

from typing import Mapping, Optional, Sequence

from ..rules import BLACK, WHITE, Board, Color, Move, PieceKind, move_number
from ..rules.profiles import Profile, TouchRule
from ..speech.spoken import spoken_move
from .game import piece_words, turn_text
from .words import (SideNames, check_square, check_verbosity, duration_words, join, plural,
                    side_name)

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
    the pieces, "Row 1: 4 black man, 1 black king. Row 5: empty." Ends with whose turn it is
    (see :func:`read_rows`).
    """
    return read_rows(board, board_rows(from_side), side_names, verbosity)


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
                     f"{join([str(s) for s in men])}.")
    if kings:
        parts.append(f"{side} {'king' if len(kings) == 1 else 'kings'} on "
                     f"{join([str(s) for s in kings])}.")
    return " ".join(parts)


def counts_text(board: Board, side_names: SideNames = None, verbosity: str = "full") -> str:
    """Men, kings and material (man 1, king 2) of both sides, the first mover first:
    "Black: 8 men, 1 king. Red: 7 men, no kings. Black is ahead by 3." or "... Material is even."
    Brief leaves out the material sentence."""
    check_verbosity(verbosity)
    parts = []
    for color in (BLACK, WHITE):
        men, kings = board.count(color)
        parts.append(f"{side_name(side_names, color)}: {plural(men, 'man', 'men')}, "
                     f"{plural(kings, 'king')}.")
    if verbosity != "brief":
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
        listed = join([spoken_move(m, style) for m in moves])
        return f"{side} has {plural(len(moves), kind)}: {listed}."
    check_square(square)
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
    return f"The {kind} on {square} can play: {join([spoken_move(m, style) for m in moves], 'or')}."


def captures_text(board: Board, side_names: SideNames = None, style: str = "jumps",
                  verbosity: str = "full") -> str:
    """The jumps of the side to move: "Black must jump: twenty-two jumps fifteen." or "Black has
    no jump." With ``verbosity="full"`` also the jumps the opponent would have if it were to move
    ("Red threatens: eleven jumps eighteen.") - the pieces at risk."""
    check_verbosity(verbosity)
    side = side_name(side_names, board.turn)
    jumps = [m for m in board.legal_moves if m.is_capture]
    if jumps:
        text = f"{side} must jump: {join([spoken_move(m, style) for m in jumps], 'or')}."
    else:
        text = f"{side} has no jump."
    if verbosity != "brief":
        threats = _opponent_jumps(board)
        other = side_name(side_names, board.turn.other)
        if threats:
            text += f" {other} threatens: {join([spoken_move(m, style) for m in threats], 'and')}."
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
                   last: Optional[int] = None, verbosity: str = "full",
                   notes: Optional[Mapping[int, Sequence[str]]] = None) -> str:
    """The moves played so far, numbered as in PDN (one number per pair of moves, the first
    mover's move first). Full: "1. Black eleven to fifteen, Red twenty-three to nineteen.
    2. Black nine to fourteen." Brief leaves out the side names. ``last``: only the last N moves
    (plies). "No moves yet." when none. ``notes``: sentences read after the numbered pair that
    holds the move making ply N (ply 0: before the first move), such as a checker removed as a
    penalty ("Penalty: Bo Diaz removed Ann Lee's Black checker on fifteen.")."""
    check_verbosity(verbosity)
    moves = board.move_stack
    notes = notes or {}
    if not moves and not notes.get(0):
        return "No moves yet."
    color = board.root().turn
    first_ply = 0 if last is None else max(0, len(moves) - last)
    numbered: dict[int, list[str]] = {}
    after: dict[int, list[str]] = {}
    for ply, move in enumerate(moves):
        mover = color if ply % 2 == 0 else color.other
        if ply < first_ply:
            continue
        words = spoken_move(move, style)
        if verbosity != "brief":
            words = f"{side_name(side_names, mover)} {words}"
        number = move_number(color, ply)  # White to move first: "1. ..." is White's
        numbered.setdefault(number, []).append(words)
        after.setdefault(number, []).extend(notes.get(ply + 1, ()))
    out = list(notes.get(0, ())) if first_ply == 0 else []
    for n, w in numbered.items():
        out.append(f"{n}. {', '.join(w)}.")
        out.extend(after.get(n, ()))
    return " ".join(out)


def read_rows(board: Board, rows: Sequence[Sequence[int]], side_names: SideNames = None,
              verbosity: str = "full") -> str:
    """The board read row by row in the order ``rows`` gives (for example the screen's order, top
    row first, left to right, so that the reading matches the arrow keys). Full: every square,
    "Row 1: 1 black man, 2 black man, 3 black man, 4 black man."; brief: only the pieces, "Row 3:
    9 black man." / "Row 4: empty." Ends with whose turn it is (not once the game is over: the
    side that cannot move is not "to move")."""
    check_verbosity(verbosity)
    sentences = []
    for number, row in enumerate(rows, start=1):
        cells = [f"{sq} {piece_words(board, sq, side_names)}" for sq in row
                 if verbosity != "brief" or board.piece_at(sq) is not None]
        sentences.append(f"Row {number}: {', '.join(cells) if cells else 'empty'}.")
    if board.outcome() is None:
        sentences.append(turn_text(board, side_names))
    return " ".join(sentences)



def profile_text(profile: Profile, verbosity: str = "full") -> str:
    """The rules in force, read from a ``Profile``: its title, the sides, touch-move, the time
    limits, undo and hints. Brief gives the title and sides only."""
    check_verbosity(verbosity)
    first, second = profile.side_names[BLACK], profile.side_names[WHITE]
    parts = [f"Rules: {profile.title}. {first} moves first; {second} is the other side."]
    if verbosity == "brief":
        return " ".join(parts)
    touch = profile.touch
    if touch is TouchRule.STRICT:
        parts.append("Touch and move: a piece you pick up must be moved.")
    elif touch is TouchRule.LIBERAL:
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
        parts.append(f"These rules allow {join(extras)}.")
    return " ".join(parts)




def whose_turn_text(turn: str, *, your_turn: Optional[bool] = None, thinking: bool = False,
                    held: Optional[int] = None) -> str:
    """The whose-turn reading: ``turn`` (:func:`.game.turn_text`, perhaps with the player's name),
    then against the computer (``your_turn`` not None) whose turn it is, and the piece held
    (square 1-32) if any: "Black to move. It is your turn. You hold the piece from 11." """
    text = turn
    if your_turn is not None:
        text += (" It is your turn." if your_turn else
                 " The computer is thinking." if thinking else " It is the computer's turn.")
    if held is not None:
        text += f" You hold the piece from {held}."
    return text


def game_over_reading_text(result: str) -> str:
    """The legal-moves reading after the game's end: "The game is over. " and the result."""
    return "The game is over. " + result


# --- lists to arrow through and the board as text (braille) ---------------------------------------
def move_item_text(move: Move, style: str = "jumps") -> str:
    """A legal move as an item of the legal-move list, in digits that a screen reader says and a
    braille display shows briefly: "11 to 15", "22 jumps 15", "26 jumps 17 jumps 10" (``style``
    "takes" or "to" changes the jump word)."""
    joiner = "to" if not move.is_capture or style == "to" else style
    return f" {joiner} ".join(str(sq) for sq in move.path)


def history_start_item_text() -> str:
    """The first item of the history list, before any move: Home shows the start position."""
    return "Start position"


def history_item_text(number: int, mover: str, move: Move, style: str = "jumps") -> str:
    """One move played, as an item of the history list: "3. You: 11 to 15", "3. Computer: 24
    jumps 15" (``number``: the move's score-sheet number, as :func:`move_list_text` and the
    review of the player's moves count, the two sides' moves sharing one; ``mover`` as
    :func:`.game.mover_words`)."""
    return f"{number}. {mover}: {move_item_text(move, style)}"


def review_text(number: int, total: int, board: Board, side_names: SideNames = None,
                mover: Optional[str] = None, style: str = "jumps") -> str:
    """What the review says of ``board``, the game's position after its first ``number`` moves
    of ``total`` (plies), numbered as on a score sheet (and as the moves played list, and the
    review of the player's moves): "After move 3 of 10: You, nine to fourteen. Black: 12 men,
    no kings. Red: 11 men, no kings." (``mover``: who played the last move, as the game names
    them; 0 moves: "The start position. ...")."""
    if number == 0 or board.peek() is None:
        where = "The start position."
    else:
        first = board.root().turn
        last = board.peek()
        assert last is not None  # board.peek() was not None above
        who = f"{mover}, " if mover else ""
        where = (f"After move {move_number(first, number - 1)} of "
                 f"{move_number(first, total - 1)}: {who}{spoken_move(last, style)}.")
    counts = []
    for color in (BLACK, WHITE):
        men, kings = board.count(color)
        counts.append(f"{side_name(side_names, color)}: {plural(men, 'man', 'men')}, "
                      f"{plural(kings, 'king')}.")
    return f"{where} " + " ".join(counts)


def review_note_text(number: int, total: int, board: Board, mover: Optional[str] = None,
                     side_names: SideNames = None, style: str = "jumps") -> str:
    """The status line while a past position is on the board (the moves played are reviewed),
    in place of the game's own status, so that nothing on it describes another position than the
    one shown. Numbered as :func:`review_text`, with who played the last move (``mover``) and
    whose turn it was: "Reviewing: after move 3 of 10, You: nine to fourteen. Red to move. The
    game is not changed; Escape returns to it."."""
    last = board.peek()
    if number == 0 or last is None:
        where = "the start position."
    else:
        first = board.root().turn
        who = f"{mover}: " if mover else ""
        where = (f"after move {move_number(first, number - 1)} of "
                 f"{move_number(first, total - 1)}, {who}{spoken_move(last, style)}.")
    turn = f" {side_name(side_names, board.turn)} to move." if board.legal_moves else ""
    return f"Reviewing: {where}{turn} The game is not changed; Escape returns to it."


def review_started_text() -> str:
    """Said once when arrowing through the moves played starts showing past positions."""
    return "Reviewing: the board shows a past position of the game. Escape returns to the game."


def reviewed_text(text: str) -> str:
    """A reading of the position shown while the moves are reviewed, marked as such:
    "Reviewing. Last move: You, eleven to fifteen."."""
    return f"Reviewing. {text}"


def reviewed_start_text() -> str:
    """The last move asked for while the start position is reviewed."""
    return "Reviewing the start position: no move was played before it."


def review_moves_item_text() -> str:
    """The legal moves list while a past position is shown (they are the game's, not its)."""
    return "Reviewing a past position: Escape returns to the game and its moves."


def review_ended_text() -> str:
    """Said when the board shows the game again after a review."""
    return "Review ended: the board shows the game."


def side_letters(side_names: SideNames = None) -> dict[Color, str]:
    """The letter of each side in the board as text: the first letter of its name in lower case
    ("b" for Black, "r" for Red, "w" for White); "x" and "o" when both names start alike."""
    first = side_name(side_names, BLACK)[:1].lower() or "x"
    second = side_name(side_names, WHITE)[:1].lower() or "o"
    if first == second or first in "-.>" or second in "-.>":
        return {BLACK: "x", WHITE: "o"}
    return {BLACK: first, WHITE: second}


def board_text_lines(board: Board, rows: Sequence[Sequence[Optional[int]]],
                     side_names: SideNames = None, cursor: Optional[int] = None) -> list[str]:
    """The board as eight lines of text for a braille display, one per screen row, top row
    first: "- b . b . b . b" style cells two characters wide, each cell a mark and a letter:
    the side's letter for a man (:func:`side_letters`), in capitals for a king, "-" for an empty
    playing square, "." for an unused square; the cell under ``cursor`` has ">" before it
    instead of a space. ``rows``: each screen row's eight cells left to right, a square number
    1-32 or None for an unused square (see ``ui``'s board: the screen's order)."""
    letters = side_letters(side_names)
    lines = []
    for row in rows:
        cells = []
        for sq in row:
            if sq is None:
                mark = "."
            else:
                piece = board.piece_at(sq)
                mark = "-" if piece is None else (
                    letters[piece.color].upper() if piece.is_king else letters[piece.color])
            cells.append((">" if sq is not None and sq == cursor else " ") + mark)
        lines.append("".join(cells)[1:] if not cells[0].startswith(">") else "".join(cells))
    return lines


def board_text_legend(side_names: SideNames = None) -> str:
    """The key to :func:`board_text_lines`: "b: black man, B: black king, r: red man, R: red
    king, dash: empty square, dot: unused square, >: the cursor." """
    letters = side_letters(side_names)
    parts = []
    for color in (BLACK, WHITE):
        name = side_name(side_names, color).lower()
        parts.append(f"{letters[color]}: {name} man, {letters[color].upper()}: {name} king")
    return ", ".join(parts) + ", dash: empty square, dot: unused square, >: the cursor."
