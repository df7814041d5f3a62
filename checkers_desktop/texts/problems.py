"""Practice's problems and master games: every sentence said while solving a composed problem
or guessing a master's moves (``session.problems`` and ``session.guess`` decide, this says).

Moves are said as players say them ("eleven to fifteen"); sides by the rules' names (Black and
Red in practice).
"""

from __future__ import annotations

from typing import Optional, Sequence

from ..rules import Board, Color, Move, PieceKind
from ..speech.spoken import number_words, spoken_move
from .reading import list_pieces
from .words import SideNames, capital, join, plural, side_name


def _goal(win: bool) -> str:
    return "win" if win else "draw"


def problem_intro_text(name: str, board: Board, solver: Color, win: bool,
                       side_names: SideNames = None, rating: Optional[int] = None) -> str:
    """"Gould's Problems #97. Red to play and win. Red men on 21 and 22. Red king on 11. Black
    kings on 3 and 23. Rated 1,450." When the solver is not the side to move: "Black to play,
    Red to win." """
    mover = board.turn
    if mover is solver:
        task = f"{side_name(side_names, solver)} to play and {_goal(win)}."
    else:
        task = (f"{side_name(side_names, mover)} to play, {side_name(side_names, solver)} to "
                f"{_goal(win)}. The computer plays {side_name(side_names, mover)}.")
    pieces = f"{list_pieces(board, solver, side_names)} {list_pieces(board, solver.other, side_names)}"
    rated = f" Rated {rating:,}." if rating is not None else ""
    return f"{name}. {task} {pieces}{rated}"


def your_move_text() -> str:
    return "Your move."


def contradicted_text(stated_winner: Optional[Color], proven_winner: Optional[Color],
                      solver: Color, by_database: bool, side_names: SideNames = None) -> str:
    """The book's stated result is not what the engine proves: "The book says Red wins, but the
    endgame database proves a draw. Play for the draw." (or "the engine proves", for a won line
    found by the search)."""
    said = ("a draw" if stated_winner is None
            else f"{side_name(side_names, stated_winner)} wins")
    proven = ("a draw" if proven_winner is None
              else f"a win for {side_name(side_names, proven_winner)}")
    who = "the endgame database" if by_database else "the engine"
    text = f"The book says {said}, but {who} proves {proven}."
    if proven_winner is None:
        return f"{text} Play for the draw."
    if proven_winner is solver:
        return f"{text} Find the win."
    return f"{text} There is nothing to solve here: try the next problem."


def checking_text() -> str:
    return "Checking your move."


def right_text(win: bool) -> str:
    """After a move that keeps the problem's result: "Good: the win holds."."""
    return f"Good: the {_goal(win)} holds."


def wrong_text(move: Move, defence: Optional[Move], opponent: Color, opponent_wins: bool,
               win: bool, proven: bool, side_names: SideNames = None,
               style: str = "jumps") -> str:
    """A move that throws the result away, with why: "That lets the win go: after eleven to
    fifteen, Black draws by nineteen to twenty-three. Taken back; try again, or ask for a
    hint." (or "That loses: after ..., Black wins by ..." when the other side then wins)
    ``opponent_wins``: the reply wins (else it draws). ``proven`` False: the engine could not
    prove it, only sees no win after it."""
    played = spoken_move(move, style)
    who = side_name(side_names, opponent)
    what = "wins" if opponent_wins else "draws"
    reply = f" by {spoken_move(defence, style)}" if defence is not None else ""
    if not proven:
        head = (f"The engine sees no {_goal(win)} after {played}: {who} answers"
                f"{reply[3:] if reply else ' and holds'}")
    elif opponent_wins:
        head = f"That loses: after {played}, {who} {what}{reply}"
    else:
        head = f"That lets the {_goal(win)} go: after {played}, {who} {what}{reply}"
    return f"{head}. Taken back; try again, or ask for a hint."


def solved_text(hints: int, mistakes: int, sure: bool = False, win: bool = True) -> str:
    """"Solved!" with what it took: "Solved, with two hints and one wrong try." ``sure``: the
    problem ends before the game does, the result being certain from here ("the endgame
    database shows the win is sure from here")."""
    extras = []
    if hints:
        extras.append(f"{plural(hints, 'hint')}")
    if mistakes:
        extras.append(f"{plural(mistakes, 'wrong try', 'wrong tries')}")
    head = "Solved" + (", with " + join(extras) if extras else "") + "!"
    if sure:
        head += f" The {_goal(win)} is sure from here."
    return head


def hint_piece_text(board: Board, move: Move) -> str:
    """The first hint: which piece to move: "Hint: move the man on eleven."."""
    piece = board.piece_at(move.from_square)
    kind = "king" if piece is not None and piece.kind is PieceKind.KING else "man"
    return f"Hint: move the {kind} on {number_words(move.from_square)}."


def hint_move_text(move: Move, style: str = "jumps") -> str:
    """The second hint: the move itself: "Hint: eleven to fifteen."."""
    return f"Hint: {spoken_move(move, style)}."


def looking_text() -> str:
    return "The engine is looking."


def no_problem_text() -> str:
    return "No problem is being solved. Choose one in the Practice menu: Problems."


def not_your_turn_text() -> str:
    return "Wait for the computer's reply."


def problem_over_text() -> str:
    return "This problem is over. Say or press Next problem for another."


def solution_text(line: Sequence[Move], winner: Optional[Color], proven: bool,
                  side_names: SideNames = None, style: str = "jumps") -> str:
    """"The solution: eleven to fifteen, nineteen to twenty-three, fifteen to nineteen; Red
    wins. Counted as not solved." (``winner`` None: a draw)."""
    if not line:
        return "The engine found no line in time. Counted as not solved."
    moves = ", ".join(spoken_move(m, style) for m in line)
    if winner is None:
        end = "and the draw holds"
    else:
        end = f"{side_name(side_names, winner)} wins"
    if not proven:
        end = "as far as the engine sees"
    return f"The solution: {moves}; {end}. Counted as not solved."


def unsound_text() -> str:
    return "Nothing to solve in this one: its stated result does not hold."


def progress_text(rating: float, solved: int, streak: int) -> str:
    """"Your problem rating is 1,050. Solved 12 problems; 3 in a row."."""
    return (f"Your problem rating is {int(round(rating)):,}. Solved "
            f"{plural(solved, 'problem')}; {streak} in a row.")


def next_for_you_text(rating: Optional[int]) -> str:
    """Before the next problem chosen for the player: "Next problem for you."."""
    return "Next problem for you."


def none_left_text(title: str) -> str:
    return f"You have solved every problem of {title}."


def progress_restarted_text(changed: bool, kept: Optional[str]) -> str:
    """The player's progress file could not be used and starts again."""
    why = "was changed outside the app" if changed else "was damaged"
    where = f" The old file is kept as {kept}." if kept else ""
    return f"Your practice record {why}, so it starts again.{where}"


def progress_not_saved_text(reason: str) -> str:
    return f"Your progress could not be saved: {reason}. The problem goes on."


def collection_item_text(title: str, count: int, solved: int) -> str:
    """A collection in the list to choose from: "Gould's problems: 262 problems, 5 solved"."""
    return f"{title}: {plural(count, 'problem')}, {solved} solved"


def choose_collection_title() -> str:
    return "Problems"


def choose_collection_label() -> str:
    return "Choose a collection of problems:"


def engine_failed_text() -> str:
    return "The engine could not check this position. Try again, or take the next problem."


def own_file_text(title: str, problems: int, games: int) -> str:
    """After a player's own PDN is read: "Your file my-problems: 12 problems, 3 games."."""
    return f"Your file {title}: {plural(problems, 'problem')}, {plural(games, 'game')}."


def own_file_unreadable_text(title: str, reason: str) -> str:
    """A player's file that cannot be read: nothing changes."""
    return f"Your file {title} cannot be read: {reason}. Nothing was added."


def own_file_empty_text(title: str) -> str:
    return f"Your file {title} holds no problem and no game that can be played."


# --- guess the move -------------------------------------------------------------------------------
def master_name() -> str:
    """The other side's name while a master's game is replayed for guessing: its moves are said
    "The master: twenty-three to eighteen.", not as the computer's."""
    return "The master"


def guess_intro_text(name: str, guesser: Color, side_names: SideNames = None) -> str:
    """"Guess the move: Tinsley against Rex, Ohio 1946. You guess Black's moves; the other side's
    are played for you."."""
    return (f"Guess the move: {name}. You guess {side_name(side_names, guesser)}'s moves; the "
            f"other side's are played for you.")


def guess_right_text(move: Move, style: str = "jumps") -> str:
    return f"Right: the master played {spoken_move(move, style)}. Two points."


def guess_close_text(guess: Move, master: Move, gap: int, style: str = "jumps") -> str:
    """A close second: "Close: the master played eleven to fifteen; the engine rates yours
    nearly as good. One point."."""
    how = "as good or better" if gap <= 0 else "nearly as good"
    return (f"Close: the master played {spoken_move(master, style)}; the engine rates yours "
            f"{how}. One point.")


def guess_wrong_text(guess: Move, master: Move, gap: int, master_is_best: bool,
                     reason: str, style: str = "jumps") -> str:
    """A wrong guess with the master's move and the engine's comment: "No: the master played
    eleven to fifteen. The engine agrees with the master: wins a man. Yours is about a man
    worse."."""
    comment = ("The engine agrees with the master" if master_is_best
               else "The engine prefers the master's move to yours")
    if reason:
        comment += f": {reason}"
    if gap >= 5000:
        worse = "Yours loses the game."
    elif gap >= 150:
        worse = "Yours is more than a man worse."
    elif gap >= 75:
        worse = "Yours is about a man worse."
    else:
        worse = "Yours is a little worse."
    return f"No: the master played {spoken_move(master, style)}. {comment}. {worse}"


def guess_score_text(points: int, guessed: int, right: int, close: int) -> str:
    """"Score: 13 points from 10 moves: 5 right, 3 close."."""
    return (f"Score: {plural(points, 'point')} from {plural(guessed, 'move')}: {right} right, "
            f"{close} close.")


def guess_over_text(points: int, guessed: int, right: int, close: int) -> str:
    return f"The game is over. {guess_score_text(points, guessed, right, close)}"


def no_guess_game_text() -> str:
    return "No master game is being guessed. Choose one in the Practice menu: Guess the move."


def choose_game_title() -> str:
    return "Guess the move"


def choose_game_label() -> str:
    return "Choose a master game:"


def game_item_text(number: int, black: str, white: str, event: str, result: str) -> str:
    """"12: Tinsley against Fuller, US National 1946, 1-0"."""
    return f"{number}: {black or '?'} against {white or '?'}, {event or 'no event'}, {result}"


def master_game_name(black: str, white: str, event: str) -> str:
    return f"{black or '?'} against {white or '?'}, {event or 'no event'}"


def guess_side_label() -> str:
    return "Which side's moves will you guess?"


def own_games_item_text() -> str:
    return "Your own games"


def no_moves_text() -> str:
    return "That game has no moves to guess."


def checking_guess_text() -> str:
    return "The engine is comparing."


def capital_sentence(text: str) -> str:
    return capital(text)
