"""The spoken lesson's flow (Help > Learn checkers), with no window: the steps, what each one
checks, and what follows. The window's adapter (``ui/tutorial.py``) tells it what the player did
(Enter on the board, the cursor's square, a move played) and carries out what it answers: sentences
to say, a position to set up, the end.

Steps (:data:`LESSON`): the board and its numbers; the cursor (a diagonal key, a typed number, the
next-movable-piece key); moving; jumping; several jumps; crowning; the keys. Every practice step
checks what the player did and sets the position up again after a wrong move.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Optional, Union

from ..rules import Board, Move
from ..texts import tutorial as texts

__all__ = ["StepKind", "Step", "Say", "SetPosition", "Finished", "Tutorial", "LESSON",
           "START_FEN"]

START_FEN = Board().fen()
"""The starting position."""


class StepKind(enum.Enum):
    INFO = "info"        # said; Enter goes on
    CURSOR = "cursor"    # done when the cursor reaches one of ``squares``
    MOVE = "move"        # done when a move of ``moves`` (PDN paths) is played; any legal if empty


@dataclass(frozen=True)
class Step:
    """One step: its ``kind``, its sentence, the position it is played on (FEN; None keeps the
    one on the board), the cursor's square when it starts (None: where it is), ``squares`` (a
    CURSOR step's targets; empty: any movable piece of the player's, the N key's goal) and
    ``moves`` (a MOVE step's accepted moves, whole paths such as "10x19x28"; empty: any legal
    move; ``ends``: or any move ending on one of these squares)."""

    kind: StepKind
    text: str
    fen: Optional[str] = None
    cursor: Optional[int] = None
    squares: tuple[int, ...] = ()
    moves: tuple[str, ...] = ()
    ends: tuple[int, ...] = ()


@dataclass(frozen=True)
class Say:
    text: str


@dataclass(frozen=True)
class SetPosition:
    """Set up ``fen`` with Black (the player) to move, the board seen from Black's chair, and
    the cursor on ``cursor`` (None: leave it)."""

    fen: str
    cursor: Optional[int] = None


@dataclass(frozen=True)
class Finished:
    """The lesson is over (``completed``) or was left; a new game follows."""

    completed: bool


Action = Union[Say, SetPosition, Finished]

LESSON: tuple[Step, ...] = (
    Step(StepKind.INFO, texts.INTRO, START_FEN, 11),
    Step(StepKind.INFO, texts.BOARD),
    Step(StepKind.CURSOR, texts.CURSOR_DIAGONAL, START_FEN, 11, squares=(15,)),
    Step(StepKind.CURSOR, texts.CURSOR_NUMBER, squares=(1,)),
    Step(StepKind.CURSOR, texts.CURSOR_NEXT, squares=(9, 10, 11, 12)),
    Step(StepKind.MOVE, texts.MOVING, START_FEN, 11),
    Step(StepKind.MOVE, texts.JUMPING, "B:W18,32:B14,1", 1, moves=("14x23",)),
    Step(StepKind.MOVE, texts.SEVERAL_JUMPS, "B:W15,24,5:B10", 10, moves=("10x19x28",)),
    Step(StepKind.MOVE, texts.CROWNING, "B:W5:B27", 27, ends=(29, 30, 31, 32)),
    Step(StepKind.INFO, texts.KEYS),
)


@dataclass
class Tutorial:
    """The lesson in progress. Each method returns the actions for the window to carry out, in
    order; none of them raises for anything the player does."""

    steps: tuple[Step, ...] = LESSON
    index: int = 0
    finished: bool = False
    said: list[str] = field(default_factory=list)

    @property
    def step(self) -> Optional[Step]:
        return None if self.finished else self.steps[self.index]

    @property
    def expects_enter(self) -> bool:
        """True while Enter on the board goes on with the lesson (an INFO step) or is checked (a
        CURSOR step) rather than picking up."""
        step = self.step
        return step is not None and step.kind in (StepKind.INFO, StepKind.CURSOR)

    def start(self) -> list[Action]:
        self.index, self.finished = 0, False
        return self._begin()

    def _begin(self) -> list[Action]:
        step = self.steps[self.index]
        actions: list[Action] = []
        if step.fen is not None or step.cursor is not None:
            actions.append(SetPosition(step.fen or "", step.cursor))
        text = texts.step_count_text(self.index + 1, len(self.steps), step.text)
        self.said.append(text)
        actions.append(Say(text))
        return actions

    def _next(self, praise: bool) -> list[Action]:
        actions: list[Action] = [Say(texts.WELL_DONE)] if praise else []
        self.index += 1
        if self.index >= len(self.steps):
            self.finished = True
            return actions + [Say(texts.END), Finished(True)]
        return actions + self._begin()

    def enter(self, cursor: int) -> list[Action]:
        """Enter (or Space) on the board, the cursor on ``cursor``."""
        step = self.step
        if step is None:
            return []
        if step.kind is StepKind.INFO:
            return self._next(praise=False)
        if step.kind is StepKind.CURSOR:
            if self._cursor_done(step, cursor):
                return self._next(praise=True)
            return [Say(texts.wrong_square_text(step.squares[0]))]
        return []

    def cursor(self, square: int, movable: tuple[int, ...] = ()) -> list[Action]:
        """The cursor moved to ``square``; ``movable``: the player's movable pieces now."""
        step = self.step
        if step is None or step.kind is not StepKind.CURSOR:
            return []
        if self._cursor_done(step, square):
            return self._next(praise=True)
        return []

    @staticmethod
    def _cursor_done(step: Step, square: int) -> bool:
        return square in step.squares

    def move(self, move: Move) -> list[Action]:
        """A move was played on the lesson's board."""
        step = self.step
        if step is None or step.kind is not StepKind.MOVE:
            return []
        ok = ((not step.moves and not step.ends) or move.pdn() in step.moves
              or move.to_square in step.ends)
        if ok:
            return self._next(praise=True)
        return [SetPosition(self._fen_of(), step.cursor), Say(texts.wrong_move_text()),
                Say(step.text)]

    def _fen_of(self) -> str:
        for step in reversed(self.steps[:self.index + 1]):
            if step.fen is not None:
                return step.fen
        return START_FEN

    def leave(self) -> list[Action]:
        """Escape with nothing held: the lesson ends."""
        if self.finished:
            return []
        self.finished = True
        return [Say(texts.LEFT), Finished(False)]

    def repeat(self) -> list[Action]:
        """Say the current step again."""
        return [Say(self.said[-1])] if self.said and not self.finished else []
