"""The spoken lesson (Help > Learn checkers) and the welcome that offers it.

Every step's sentence is here; the steps themselves (positions, what is checked) are in
``session/tutorial.py``. The board in the lesson is seen from Black's chair: Black's home row,
squares 1 to 4, at the bottom (as in every game against the computer where you play Black).

A jump is said here as every announcement, the move list and the voice commands say it, and as
players and the notation give it (PDN "14x23"): the square the piece leaves and the square it
lands on, "fourteen jumps twenty-three"; the piece taken is named as a piece ("the red man on
eighteen"), never as a bare number after "jump", which a listener took for the landing square.
"""

from __future__ import annotations

from .words import capital

# --- the welcome ---------------------------------------------------------------------------------


def welcome_text(human_side: str, level_number: int, level_name: str, rules_title: str,
                 offer_lesson: bool) -> str:
    """The first words of the app: the game that is ready (side, the computer's level, the
    rules), the keys to start with, and, the first time (``offer_lesson``), the lesson."""
    text = (f"Checkers. A game against the computer is ready: you play {human_side} and move "
            f"first. The computer plays at level {level_number}, {level_name}; the rules are "
            f"{rules_title}. Arrow keys and Home, Page Up, End, Page Down move over the board; N "
            "goes to a piece that can move; Enter picks up and puts down. F5 lists the legal "
            "moves. Control N starts a new game; it asks first when a game is in progress, and in "
            "a match only the official can leave. F1 lists every key.")
    if offer_lesson:
        text += (" New to checkers or to this app? Control F1 starts a short spoken lesson "
                 "with practice.")
    return text


# --- the lesson ----------------------------------------------------------------------------------
GO_ON = "Press Enter to go on."

INTRO = ("Learn checkers. A short lesson with practice. Each step is spoken; press Enter to go "
         "on, F2 to hear a step again, Escape to leave the lesson. " + GO_ON)

BOARD = ("The board. Checkers is played on the 32 dark squares of a board of 64, numbered 1 to "
         "32. You play Black, at the bottom: your twelve men start on squares 1 to 12, and the "
         "other side, Red, starts on 21 to 32, at the top. Square 1 is at the bottom, near your "
         "right hand; 32 at the top, near your left. " + GO_ON)

CURSOR_DIAGONAL = ("The cursor is on eleven, one of your men. Pieces move along the diagonals. "
                   "Press Page Up to move the cursor up and to the right, to fifteen.")

CURSOR_NUMBER = ("You can also type a square's number and press Enter to go there. Type 1, then "
                 "press Enter, to go to square one.")

CURSOR_NEXT = ("N goes to the nearest of your pieces that can move, and pressing it again to the "
               "next one. Press N now.")

MOVING = ("Moving. A man moves one square forward along a diagonal, onto an empty square. To move "
          "one: put the cursor on it and press Enter to pick it up; the cursor then goes to a "
          "square it can go to; press Enter again to put it down there. Move any of your men "
          "now.")

JUMPING = ("Jumping. When an enemy piece is next to yours and the square beyond it is empty, you "
           "jump over it and take it off the board. A jump is compulsory: when you can jump, you "
           "must. Your man on fourteen can jump the red man on eighteen and land on "
           "twenty-three; that move is said: fourteen jumps twenty-three. Press N to go to it, "
           "Enter to pick it up, and Enter to jump.")

SEVERAL_JUMPS = ("Several jumps. After a jump, if the same piece can jump again, it must go on "
                 "jumping in the same move. Your man on ten can jump the red men on fifteen and "
                 "twenty-four, landing on nineteen, then twenty-eight: ten jumps nineteen jumps "
                 "twenty-eight. Pick it up and put it down on twenty-eight.")

CROWNING = ("Crowning. A man that reaches the far row, 29 to 32 for you, is crowned and becomes "
            "a king. A king moves and jumps forward and backward. Move your man on twenty-seven "
            "to the far row.")

KEYS = ("The keys, in short. Arrows and Home, Page Up, End, Page Down move the cursor. N goes "
        "to your next movable piece. Enter picks up and puts down; Escape puts back. F5 is the "
        "list of legal moves: arrow to one and press Enter to play it. Control H is the list of "
        "moves played. Single letters read the game: B the board, T whose turn, J the jumps, L "
        "the last move. F1 lists every key. " + GO_ON)

END = ("That is the lesson. A new game against the computer is ready: you play Black and move "
       "first. Good luck.")

LEFT = "You left the lesson. Control F1 starts it again. A new game against the computer is ready."

WELL_DONE = "Well done."


def wrong_square_text(wanted: int) -> str:
    """A cursor step not yet done: said when Enter is pressed elsewhere."""
    return f"Not yet: the cursor should go to {wanted}."


def wrong_move_text() -> str:
    """A practice move other than the one asked for: the position is set up again and the step
    said again."""
    return "That was not the move asked for. The position is set up again; try again."


def info_enter_text() -> str:
    """Enter pressed on the board during a step that only tells: the lesson goes on."""
    return GO_ON


def step_count_text(number: int, total: int, text: str) -> str:
    """A step with its place: "Step 3 of 9. ..." """
    return f"Step {number} of {total}. {capital(text)}"
