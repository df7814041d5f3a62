"""The game's sentences: squares, moves, turns, refused moves, picking up and putting down, results.

Pure functions of a :class:`~checkers_desktop.rules.Board`. ``side_names`` is the rule profile's
``{Color: name}`` (see :mod:`.words`); ``verbosity`` is ``"full"`` or ``"brief"``; ``style`` how a
jump is said ("jumps", "takes" or "to", see :mod:`checkers_desktop.speech.spoken`).
"""

from __future__ import annotations

from typing import Optional, Sequence

from ..rules import (BLACK, WHITE, AmbiguousMoveError, Board, Color, IllegalMoveError,
                     InvalidMoveError, Move, Outcome)
from ..rules.geometry import square_at, square_cell
from ..rules.notation import parse_squares
from ..rules.rulings import EndReason, GameResult
from ..speech.spoken import number_words, path_words, spoken_move, spoken_squares
from .words import SideNames, capital, check_square, check_verbosity, join, side_name

_MAX_OPTIONS = 3
"""How many moves a refusal lists before saying "or N more" (a listener keeps about three)."""


def _options(moves: Sequence[Move], style: str) -> str:
    """Up to three moves in words joined with "or", then "or one of N more"."""
    words = [spoken_move(m, style) for m in moves[:_MAX_OPTIONS]]
    rest = len(moves) - len(words)
    if rest:
        return ", ".join(words) + f", or one of {rest} more"
    return join(words, "or")


def piece_words(board: Board, square: int, side_names: SideNames = None) -> str:
    """What stands on ``square`` in lower case: "black man", "red king" or "empty"."""
    piece = board.piece_at(check_square(square))
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
              verbosity: str = "full", who: Optional[str] = None) -> str:
    """A move just played, told as a sentence: "Black, eleven to fifteen.",
    "Red, twenty-two jumps fifteen.", "Red, twenty-six jumps seventeen jumps ten. Takes two.",
    "Black, twenty-seven to thirty-two. Crowned."

    ``board_before`` is the position before the move (it tells whose move it was and whether a man
    was crowned: VA rulebook 3:00 s9). With ``verbosity="full"`` a capture of more than one piece
    (or any capture said in the "to" style, where the words do not show it) adds "Takes N.".
    ``who`` names the mover instead of its side ("Computer", "You", a player's name).
    """
    check_verbosity(verbosity)
    side = who or side_name(side_names, board_before.turn)
    text = f"{side}, {spoken_move(move, style)}."
    n = len(move.captures)
    if verbosity == "full" and n and (n > 1 or style == "to"):
        text += f" Takes {number_words(n)}."
    if board_before.is_crowning(move):
        text += " Crowned."
    return text


def turn_text(board: Board, side_names: SideNames = None, verbosity: str = "brief") -> str:
    """Whose turn it is: "Red to move."; with ``verbosity="full"`` and a jump to make, adds
    "Red must jump." (also at ``"normal"``; capture is compulsory, VA rulebook 3:00 s6, WCDF 1.18)."""
    check_verbosity(verbosity)
    side = side_name(side_names, board.turn)
    text = f"{side} to move."
    if verbosity != "brief" and board.is_capture_required():
        text += f" {side} must jump."
    return text


# --- one announcement per move ------------------------------------------------------------------
def mover_words(color: Color, side_names: SideNames = None, you: Optional[Color] = None,
                player_names: SideNames = None, opponent: Optional[str] = None) -> str:
    """Who played or plays ``color``, as the player hears it: "You" or "Computer" against the
    computer (``you`` is the player's colour; ``opponent`` names the other side instead of
    "Computer", as "The master" when the moves are a master's game), else the player's name (a
    match), else the side's name ("Black")."""
    if you is not None:
        return "You" if color is you else (opponent or "Computer")
    if player_names and player_names.get(color):
        return player_names[color]
    return side_name(side_names, color)


def captured_words(board_before: Board, move: Move, you: Optional[Color] = None) -> str:
    """What a jump took, named by square: "takes the man on nineteen", "takes your king on
    fifteen" (``you`` lost it), "takes two men, on nineteen and twenty-six", "takes a man and a
    king, on ten and seventeen"; "" for a step."""
    if not move.captures:
        return ""
    pieces = [board_before.piece_at(sq) for sq in move.captures]
    kings = sum(1 for p in pieces if p is not None and p.is_king)
    men = len(pieces) - kings
    owner = "your" if you is not None and board_before.turn is not you else "the"
    where = spoken_squares(move.captures, "and")
    if len(pieces) == 1:
        return f"takes {owner} {'king' if kings else 'man'} on {where}"
    if kings and men:
        what = (f"{_a(men, 'man', 'men')} and {_a(kings, 'king', 'kings')}")
    elif kings:
        what = f"{number_words(kings)} kings"
    else:
        what = f"{number_words(men)} men"
    if owner == "your":
        what = "your " + what if not (kings and men) else what + " of yours"
    return f"takes {what}, on {where}"


def _a(n: int, one: str, many: str) -> str:
    return f"a {one}" if n == 1 else f"{number_words(n)} {many}"


def jump_duty_words(board: Board, side_names: SideNames = None, you: Optional[Color] = None,
                    player_names: SideNames = None, style: str = "jumps",
                    verbosity: str = "normal") -> str:
    """The jump the side to move on ``board`` must make (capture is compulsory, VA rulebook 3:00
    s6, WCDF 1.18), or "" when it need not jump: "you must jump: fifteen jumps twenty-four" (one
    jump: named), "you must jump: three jumps to choose from" (several: counted; J lists them);
    brief: "you must jump". The subject is "you", the player's name or the side's name."""
    check_verbosity(verbosity)
    if not board.is_capture_required():
        return ""
    who = "you" if you is not None and board.turn is you else \
        mover_words(board.turn, side_names, None, player_names)
    text = f"{who} must jump"
    if verbosity == "brief":
        return text
    jumps = board.legal_moves
    if len(jumps) == 1:
        return f"{text}: {spoken_move(jumps[0], style)}"
    return f"{text}: {number_words(min(len(jumps), 99))} jumps to choose from"


def move_announcement(board_before: Board, move: Move, side_names: SideNames = None, *,
                      you: Optional[Color] = None, player_names: SideNames = None,
                      style: str = "jumps", verbosity: str = "normal",
                      result: str = "", board_after: Optional[Board] = None,
                      opponent: Optional[str] = None) -> str:
    """Everything a move means, in one sentence or two (one announcement per move):

    * against the computer (``you``: the player's colour), the player's own move: "You: eleven
      to fifteen." (brief: "Eleven to fifteen."); the computer's: "Computer: twenty-four to
      nineteen, you must jump: fifteen jumps twenty-four.";
    * a jump names what it took: "Computer: twenty-three jumps fourteen, takes your man on
      eighteen." (not at brief);
    * a man crowned: "..., crowned." (VA rulebook 3:00 s9);
    * for two players (``you`` None) the next side follows: "Black: eleven to fifteen. Red to
      move." (brief leaves it out, as the move already says who played), with the players' names
      in a match ("Ann Lee: eleven to fifteen. Bo Diaz, Red to move.");
    * ``full`` also says "Your turn." after the computer's move when no jump is due;
    * ``result``: the game's end, said in the same announcement ("You: ... . Black wins. Red has
      no pieces left.").

    ``board_after``: the position after the move (given by a caller that has it, such as a
    jump series stopped early under Caseville rules); else the move is played on a copy.
    ``opponent``: the other side's name against the player (:func:`mover_words`).
    """
    check_verbosity(verbosity)
    mover = mover_words(board_before.turn, side_names, you, player_names, opponent)
    if board_after is None:
        board_after = board_before.copy()
        board_after.push(move)
    after = board_after
    words = spoken_move(move, style)
    details = []
    if verbosity != "brief" and move.captures:
        details.append(captured_words(board_before, move, you))
    if board_before.is_crowning(move):
        details.append("crowned")
    own = you is not None and board_before.turn is you
    if own and verbosity == "brief":
        text = capital(words)
    else:
        text = f"{mover}: {words}"
    if details:
        text += ", " + ", ".join(details)
    if result:
        return f"{text}. {result}"
    duty = jump_duty_words(after, side_names, you, player_names, style, verbosity)
    if you is not None:
        if duty and after.turn is you:
            text += f", {duty}"
        elif verbosity == "full" and not own:
            text += ". Your turn"
        return text + "."
    if verbosity == "brief":
        return text + (f", {duty}." if duty else ".")
    turn = turn_text(after, side_names, verbosity="brief")
    if player_names and player_names.get(after.turn):
        turn = named_turn_text(player_names[after.turn], turn)
    if duty:
        turn += f" {capital(duty)}."
    return f"{text}. {turn}"


# --- refused moves ----------------------------------------------------------------------------
def must_jump_text(required: Sequence[Move], style: str = "jumps") -> str:
    """A jump is compulsory (VA rulebook 3:00 s6, WCDF 1.18): "You must jump: twenty-two jumps
    fifteen." (up to three of the ``required`` moves, then "or one of N more")."""
    return f"You must jump: {_options(required, style)}."


def _written_squares(text: Optional[str]) -> Optional[tuple[tuple[int, ...], bool]]:
    if text is None:
        return None
    try:
        return parse_squares(text)
    except ValueError:
        return None


def _why_illegal(board: Board, squares: tuple[int, ...], side_names: SideNames) -> str:
    """What follows "Eleven to sixteen is not a legal move": ". " and a short reason (". There
    is no piece on 11.", ". The man on 11 can go to 15 or 16."), or ": " and what stands on the
    far square when that square is taken (": your man is on 16.")."""
    start, end = squares[0], squares[-1]
    piece = board.piece_at(start)
    if piece is None:
        return f". There is no piece on {start}."
    if piece.color is not board.turn:
        return ". That is not your piece."
    kind = "king" if piece.is_king else "man"
    if end != start and board.piece_at(end) is not None:
        return f": {occupant_words(board, end, side_names)}."
    why = _step_reason(board, start, end) if len(squares) == 2 and end != start else ""
    targets = sorted({m.to_square for m in board.moves_from(start)})
    if targets:
        where = f"The {kind} on {start} can go to {join([str(t) for t in targets], 'or')}."
    else:
        where = f"The {kind} on {start} cannot move."
    return ". " + " ".join(part for part in (why, where) if part)


def occupant_words(board: Board, square: int, side_names: SideNames = None) -> str:
    """Who stands on ``square`` (1-32, not empty), in the words of the side to move: "your man
    is on 27", "a red king is on 27", so that the player need not read the square to learn
    whether their own piece or the opponent's is in the way."""
    piece = board.piece_at(check_square(square))
    if piece is None:
        raise ValueError(f"square {square} is empty")
    kind = "king" if piece.is_king else "man"
    if piece.color is board.turn:
        return f"your {kind} is on {square}"
    side = side_name(side_names, piece.color).lower()
    article = "an" if side[:1] in "aeiou" else "a"
    return f"{article} {side} {kind} is on {square}"


def _step_reason(board: Board, start: int, end: int) -> str:
    """Which rule a move from ``start`` to ``end`` (squares 1-32, ``end`` empty) breaks, by the
    board's geometry, so that a beginner learns the rule and not a wrong one: pieces move along
    the diagonals, one square, or over one opposing piece, and a man only forward (WCDF rules of
    play 4, 5, 10 and 11; kings here move one square, they do not fly). "" when it breaks none
    of these (e.g. a simple move while a jump is compulsory)."""
    piece = board.piece_at(start)
    if piece is None:
        return ""
    (r0, c0), (r1, c1) = square_cell(start), square_cell(end)
    rows, cols = r1 - r0, c1 - c0
    if abs(rows) != abs(cols):
        return f"{end} is not on a diagonal from {start}."
    if abs(rows) > 2:
        return (f"{end} is too far from {start}: a piece moves to the next square on a diagonal,"
                " or jumps over one piece.")
    if not piece.is_king and rows * (1 if piece.color is BLACK else -1) < 0:
        return "A man moves forward only; only a king moves backward."
    if abs(rows) == 2:
        middle = square_at(r0 + rows // 2, c0 + cols // 2)
        assert middle is not None  # between two dark squares on a diagonal lies a dark one
        jumped = board.piece_at(middle)
        if jumped is None or jumped.color is piece.color:
            return f"There is no opposing piece on {middle} to jump."
    return ""


def refused_text(error: BaseException, board: Board, side_names: SideNames = None,
                 text: Optional[str] = None, style: str = "jumps") -> str:
    """Why a move was refused, as a sentence, from the error the rules core raised.

    ``board`` is the position the move was tried in; ``text`` the player's input (None when the
    move was not typed: the sentences then say "That" or name the required jumps).

    * ``IllegalMoveError`` with ``required_captures`` (capture is compulsory, VA rulebook 3:00 s6,
      WCDF 1.18): "You must jump: twenty-two jumps fifteen." (up to three options joined with "or").
    * other ``IllegalMoveError``: "Eleven to sixteen is not a legal move." and, when cheap to tell,
      why: "There is no piece on 11.", "That is not your piece.", "The man on 11 can go to 15
      or 16."; a far square taken is said with what stands there: "Eleven to fifteen is not a
      legal move: your man is on 15." / "...: a red king is on 15."
    * ``InvalidMoveError``: "'abc' is not a move. Type squares such as 11-15."
    * ``AmbiguousMoveError``: "Twenty to four can be played two ways: ... Say the whole path."
    * anything else: "That move was refused." and the error's own message.
    """
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
        options = join([spoken_move(m, style) for m in candidates], "or")
        return f"{capital(head)} can be played {ways} ways: {options}. Say the whole path."
    if isinstance(error, IllegalMoveError):
        required = tuple(getattr(error, "required_captures", ()) or ())
        if required:
            return must_jump_text(required, style)
        written = _written_squares(text)
        if not written:
            return "That is not a legal move."
        squares, as_capture = written
        sentence = f"{capital(path_words(squares, as_capture, style))} is not a legal move"
        return sentence + _why_illegal(board, squares, side_names)
    message = str(error).strip()
    return "That move was refused." + (f" {message}" if message else "")


# --- end of game ------------------------------------------------------------------------------
def game_over_text(outcome: Optional[Outcome], side_names: SideNames = None,
                   board: Optional[Board] = None, you: Optional[Color] = None) -> str:
    """How the game ended: "Black wins. Red cannot move." (a player who cannot move loses, VA
    rulebook 2:00); with ``board`` given and the loser left with no piece, "Red has no pieces
    left." instead; "The game is a draw." for a draw; "The game is not over." for None.
    Against the computer (``you``: the player's colour): "You win. The computer has no pieces
    left." / "The computer wins. You cannot move." """
    if outcome is None:
        return "The game is not over."
    if outcome.winner is None:
        return "The game is a draw."
    if you is not None:
        won = outcome.winner is you
        winner = "You win." if won else "The computer wins."
        loser_color = outcome.winner.other
        if board is not None and not board.squares(loser_color):
            return f"{winner} {'The computer has' if won else 'You have'} no pieces left."
        return f"{winner} {'The computer' if won else 'You'} cannot move."
    winner = side_name(side_names, outcome.winner)
    loser_color = outcome.winner.other
    loser = side_name(side_names, loser_color)
    if board is not None and not board.squares(loser_color):
        return f"{winner} wins. {loser} has no pieces left."
    return f"{winner} wins. {loser} cannot move."



def result_text(result: GameResult, side_names: SideNames = None) -> str:
    """How a refereed game ended: "Time is up. Black wins by adjudication: Black 8, Red 7 (man 1,
    king 2)." / "Time is up. Drawn by adjudication: material is equal, ..." / "Red wins. Black
    forfeits the game: left the table." / "The game is drawn by agreement." / "Black wins. Red
    cannot move." """
    reason = result.reason
    winner = side_name(side_names, result.winner) if result.winner is not None else None
    if reason is EndReason.ADJUDICATION and result.material:
        mat = result.material
        b, w = mat[BLACK], mat[WHITE]
        counts = (f"{side_name(side_names, BLACK)} {b}, {side_name(side_names, WHITE)} {w} "
                  "(man 1, king 2)")
        if winner is None:
            return f"Time is up. Drawn by adjudication: material is equal, {counts}."
        lot = " The tie was decided by lot." if result.by_lot else ""
        return f"Time is up. {winner} wins by adjudication: {counts}.{lot}"
    if reason is EndReason.NO_MOVES:
        loser = side_name(side_names, result.winner.other) if result.winner is not None else ""
        return f"{winner} wins. {loser} cannot move."
    if reason is EndReason.RESIGNATION and result.winner is not None:
        return f"{side_name(side_names, result.winner.other)} resigns. {winner} wins."
    if reason is EndReason.FORFEIT and result.winner is not None:
        loser = side_name(side_names, result.winner.other)
        why = result.forfeit_reason
        return f"{winner} wins. {loser} forfeits the game" + (f": {why}." if why else ".")
    if winner is None and reason in _DRAWN:
        return _DRAWN[reason]
    if winner is None:
        return f"The game is drawn ({reason.value})."
    return f"{winner} wins ({reason.value})."


_DRAWN = {
    EndReason.AGREEMENT: "The game is drawn by agreement.",
    EndReason.OFFICIAL_DRAW: "The official declares the game drawn: neither side can force a win.",
    EndReason.FORTY_MOVE_DRAW: "The game is drawn by the forty-move count: the position was not "
                               "strengthened.",
    EndReason.REPETITION_DRAW: "The game is drawn: the position repeated and the draw was "
                               "accepted.",
}


def checker_removed_text(square: int, victim: Color, side_names: SideNames = None) -> str:
    return f"The {side_name(side_names, victim).lower()} checker on {square} is removed."


def offence_text(forfeit: bool, color: Color, side_names: SideNames = None,
                 reminded: bool = False) -> str:
    """What a counted offence brings (WCDF 3.3/3.4 warned, Caseville reminded, then forfeit):
    "Black is warned: the next time forfeits the game." / "Black forfeits the game." """
    side = side_name(side_names, color)
    if forfeit:
        return f"{side} forfeits the game."
    return f"{side} is {'reminded' if reminded else 'warned'}: the next time forfeits the game."




# --- the game on the board: starting, picking up, putting down ------------------------------------
def new_game_text(vs_computer: bool, human_side: str, level: Optional[int] = None) -> str:
    """Said as a game starts: "New game against the computer at level 4. You play Black." (the
    computer's ``level``, 1-6, when given: the player hears which level they face) or "New game
    for two players." """
    if vs_computer:
        at = f" at level {level}" if level is not None else ""
        return f"New game against the computer{at}. You play {human_side}."
    return "New game for two players."


def picked_up_text(square: int, destinations: Sequence[int]) -> str:
    """A piece picked up, said the same way in every game, a practice game or a match (where
    a touch-move rule may add "You must move it."): "You picked up eleven. It can go to fifteen
    or sixteen."."""
    text = f"You picked up {number_words(square)}."
    if destinations:
        text += f" It can go to {spoken_squares(destinations, 'or')}."
    return text


def picked_up_cursor_text(square: int, target: str) -> str:
    """Said by the app's own voice after the pick-up itself (:func:`picked_up_text`), when the
    cursor goes to the piece's nearest destination (``target``, the square's name as the board
    gives it: "16, empty"): "Cursor on 16, empty: it can go here." A player who did not hear
    the cursor move went on from the piece's square."""
    return f"Cursor on {target}: it can go here."


def put_back_text(square: int) -> str:
    return f"{capital(number_words(square))} put back."


def through_text(square: int, ends: Sequence[int], may_stop: bool = False) -> str:
    """Halfway through a jump series; ``may_stop``: the series may end here (Caseville)."""
    text = (f"Through {number_words(square)}. Now choose the end square: "
            f"{spoken_squares(ends, 'or')}.")
    if may_stop:
        text += " Or press Enter here again to stop the jump series here."
    return text


def several_paths_text(end: int, vias: Sequence[int]) -> str:
    return (f"There are several ways to reach {number_words(end)}. First put the piece on a square it "
            f"passes through: {spoken_squares(vias, 'or')}.")


def empty_square_text(square: int) -> str:
    return f"{capital(number_words(square))} is empty. Pick up one of your own pieces."


def not_yours_text(square: int, owner: str) -> str:
    return f"{capital(number_words(square))} is a {owner.lower()} piece, not yours."


def cannot_go_that_way_text(square: int) -> str:
    """Shift with a diagonal key on a piece that has no move that way (nothing was touched)."""
    return f"{capital(number_words(square))} cannot go that way."


def no_move_text(square: int) -> str:
    return f"The piece on {number_words(square)} has no move."


def no_square_text(typed: str) -> str:
    return f"There is no square {typed}. Squares are 1 to 32."


_EDGES = {"up": "Top edge.", "down": "Bottom edge.", "left": "Left edge.", "right": "Right edge."}


def edge_text(direction: str) -> str:
    """The cursor is at the board's edge: ``direction`` "up", "down", "left" or "right"."""
    return _EDGES[direction]


def thinking_text() -> str:
    return "The computer is thinking."


def wait_text() -> str:
    return "Please wait: it is the computer's turn."


def no_game_text() -> str:
    return "No game in progress."


def game_not_running_text() -> str:
    return f"{no_game_text()} Press Control N for a new game against the computer."


def resigned_text(side: str, winner: str) -> str:
    return f"{side} resigns. {winner} wins."


def you_resigned_text() -> str:
    """The player resigned against the computer (said as the other results against it are:
    "You win. The computer has no pieces left.")."""
    return "You resign. The computer wins."


def resign_question() -> str:
    return "Do you really want to resign this game?"


def resign_title() -> str:
    """The resign question's window title (a screen reader says it first; "Checkers" alone
    said nothing of what was asked)."""
    return "Resign the game?"


def nothing_to_take_back_text() -> str:
    return "You have no move to take back."


def jump_incomplete_text(words: str) -> str:
    """A jump series stopped before its end: ``words`` says which jumps there are."""
    return "The jump series must be completed. " + words


def retracted_text(words: str) -> str:
    """A refused jump taken back without penalty (VA rulebook 3:00 s6A, s6B)."""
    return words + " The move is taken back; no penalty."


def with_offence_text(words: str, offence: str) -> str:
    """A refusal followed by what the offence brings (a warning, a forfeit)."""
    return f"{words} {offence}"


def square_description(picked_up: bool, destination: bool, must_jump: bool, last_move: bool,
                       hinted: bool = False, held: Optional[int] = None) -> str:
    """The accessible description of a board square: its marks in a few words ("" for none).
    ``held``: the square (1-32) of the picked-up piece, named on its destinations ("Eleven,
    picked up, can go here.") so that the square the cursor lands on after a pick-up tells it
    all: the screen reader reads this square, and a player who did not know the piece was held
    went on from its square."""
    words = []
    if picked_up:
        words.append("Picked up.")
    if destination and held is not None:
        words.append(f"{capital(number_words(held))}, picked up, can go here.")
    elif destination:
        words.append("Can go here.")
    if must_jump:
        words.append("Must jump.")
    if last_move:
        words.append("Last move.")
    if hinted:
        words.append("Hint.")
    return " ".join(words)


def status_line(*parts: str) -> str:
    """The status line: its parts (whose turn, the last move, the latest message), two spaces
    apart; empty parts are left out."""
    return "  ".join(p for p in parts if p)


def named_turn_text(name: str, turn: str) -> str:
    """A turn with the player's name (event mode): "Alice, Black to move." """
    return f"{name}, {turn}"


def last_move_text(board: Board, side_names: SideNames = None, style: str = "jumps",
                   you: Optional[Color] = None, player_names: SideNames = None,
                   opponent: Optional[str] = None) -> str:
    """The last move played: "Last move: Red, twenty-two jumps fifteen." or "No moves yet.".
    Against the computer (``you``, the player's colour) the mover is named as every move is
    announced: "Last move: Computer, twenty-two jumps fifteen."; in a match, by the player's
    name (``player_names``)."""
    move = board.peek()
    if move is None:
        return "No moves yet."
    before = board.copy()
    before.pop()
    who = mover_words(before.turn, side_names, you, player_names, opponent) \
        if you is not None or player_names else None
    return f"Last move: {move_text(before, move, side_names, style, who=who)}"


def only_square_text(square: str) -> str:
    """N or Shift+N where the cursor already is on the only square to go to (``square``: its
    name and marks, "16, empty. Eleven, picked up, can go here."): "Only 16, empty. ..."."""
    return f"Only {square}"
