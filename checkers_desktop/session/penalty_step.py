"""The removal step after a penalty: a state of the game of its own (VA rulebook 3:00 s4, the
30-second move limit: "the opponent will choose one of the offending player's checkers to be
removed"; 3:00 s4-VI, stalling after a warning).

While a penalty is due nobody moves. The chooser (the opponent of the player penalised) picks one
of the penalised player's checkers, on the board (move to it and press Enter) or by typing its
square; the pick is only a proposal: :class:`RemovalAsked` goes to the listeners (the window asks
"Remove Mary Jones's Black man on 15? Only John Smith answers ...", No by default) and the checker
is removed only on :meth:`RemovalStep.answer` ``(True)``.

Why a confirmation: two players share one keyboard and the app cannot know who presses a key. The
player penalised, who is usually the one to move, presses Enter on his own man to move it: that
is the same key on the same square as the chooser's pick. So the pick never removes anything by
itself; the question names the chooser and says the choice is not the penalised player's, and a
move typed meanwhile is refused with the same reason.

No Qt: the game session (:class:`~.game.GameSession`) owns one :class:`RemovalStep` and sends it
the board's Enter and the typed text while a penalty is due.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Optional

from ..rules import Color
from ..rules.geometry import SQUARES, is_square
from ..rules.rulings import PenaltyCause, PenaltyDue, Ruling
from ..speech.announcer import Priority
from ..speech.spoken import number_words
from ..texts import penalty as penalty_texts
from ..texts.words import side_name
from .events import StatusChanged

if TYPE_CHECKING:  # pragma: no cover
    from .game import GameSession

__all__ = ["RemovalAsked", "CheckerRemoved", "RemovalStep", "SquareChoiceError",
           "parse_square_choice"]


@dataclass(frozen=True)
class RemovalAsked:
    """The chooser's pick of the checker on ``square`` (1-32) awaits its confirmation;
    ``question`` is what to ask ("Remove Mary Jones's Black man on 15? Only John Smith answers:
    ..."). Answer with ``GameSession.answer_removal``."""

    chooser: Color
    victim: Color
    square: int
    question: str


@dataclass(frozen=True)
class CheckerRemoved:
    """A checker was removed as a penalty, after its confirmation: ``square`` (1-32), whose it was
    (``victim``), who chose it (``chooser``), whether it was a king, why (``cause``), and the
    sentence as said (``text``, squares in words) and written (``paper``, digits), with the
    players' names when they are known."""

    chooser: Color
    victim: Color
    square: int
    king: bool
    cause: PenaltyCause
    text: str
    paper: str


class SquareChoiceError(ValueError):
    """The text names no square that may be chosen; the message is the sentence to say."""


_WORDS = {number_words(n): n for n in SQUARES}
_FILLER = re.compile(r"\b(remove|take|the|checker|piece|man|king|on|square|number|at)\b",
                     re.IGNORECASE)


def parse_square_choice(text: str, allowed: Optional[Iterable[int]] = None) -> int:
    """The square (1-32) named in ``text``: digits ("22"), words ("twenty-two", "twenty two"), with
    or without "remove", "take", "checker on". Raises :class:`SquareChoiceError` when no square is
    named, or it is not in ``allowed`` (the penalised player's checkers). ``text`` longer than 80
    characters names no square."""
    raw = text[:80]
    cleaned = _FILLER.sub(" ", raw.strip().lower()).strip()
    square: Optional[int] = None
    if re.fullmatch(r"\d{1,2}", cleaned):
        square = int(cleaned)
    else:
        square = _WORDS.get("-".join(cleaned.replace("-", " ").split()))
    if square is None or not is_square(square):
        raise SquareChoiceError(penalty_texts.not_a_square_text(raw.strip()))
    allowed = tuple(allowed) if allowed is not None else None
    if allowed is not None and square not in allowed:
        raise SquareChoiceError(penalty_texts.not_allowed_text(square, allowed))
    return square


class RemovalStep:
    """The removal step of ``game`` (a :class:`~.game.GameSession`). :attr:`candidate` is the
    square picked and awaiting its confirmation (None when none)."""

    def __init__(self, game: "GameSession") -> None:
        self.game = game
        self.candidate: Optional[int] = None

    # --- state ------------------------------------------------------------------------
    def due(self) -> Optional[PenaltyDue]:
        """The penalty awaiting its checker in the game in progress, or None."""
        g = self.game
        pending = g.referee.pending_penalty
        return pending if g.running and pending is not None else None

    def awaits_player(self) -> bool:
        """True when a player at the keyboard (not the computer) chooses now."""
        due = self.due()
        return due is not None and (self.game.you is None or due.chooser is self.game.you)

    def name(self, color: Color) -> str:
        """What the player of ``color`` is called: the name in a match, "you" for the player at
        the keyboard against the computer, else the side."""
        g = self.game
        if g.player_names and g.player_names.get(color):
            return g.player_names[color]
        if g.you is not None and color is g.you:
            return "you"
        return side_name(g.side_names, color)

    def _parties(self, due: PenaltyDue) -> tuple[str, str, str]:
        return self.name(due.chooser), self.name(due.victim), side_name(self.game.side_names,
                                                                        due.victim)

    def _you(self, due: PenaltyDue) -> bool:
        return self.game.you is not None and due.chooser is self.game.you

    def prompt(self, due: PenaltyDue) -> str:
        """The announcement addressed to the chooser (see :func:`texts.penalty.choose_prompt`)."""
        chooser, victim, _side = self._parties(due)
        return penalty_texts.choose_prompt(chooser, victim, due.cause is PenaltyCause.STALLING,
                                           you=self._you(due))

    def headline(self) -> Optional[str]:
        """Whose choice it is, for the status line and T; None when no penalty is due."""
        due = self.due()
        if due is None:
            return None
        return penalty_texts.choosing_headline(*self._parties(due))

    def instead_of_moves(self) -> Optional[str]:
        """What a reading of the moves (all legal moves, the piece's moves, the jumps; "my
        moves" by voice) says while the choice is awaited, since nobody moves until then: the
        prompt to the chooser at the keyboard (whose checker, and how to choose it), else whose
        choice it is. None when no penalty is due."""
        due = self.due()
        if due is None:
            return None
        return self.prompt(due) if self.awaits_player() else self.headline()

    # --- the chooser's pick -----------------------------------------------------------
    def propose(self, square: int) -> bool:
        """The checker on ``square`` (1-32) is picked: when it is one of the penalised player's,
        it awaits its confirmation (:class:`RemovalAsked`; nothing is removed yet) and True is
        returned; otherwise the reason is said and nothing changes."""
        g = self.game
        due = self.due()
        if due is None:
            g.refuse(penalty_texts.no_penalty_text())
            return False
        chooser, victim, side = self._parties(due)
        piece = g.board.piece_at(square) if is_square(square) else None
        if piece is None or piece.color is not due.victim or square not in due.squares:
            self.candidate = None
            g.refuse(penalty_texts.not_victims_text(square, piece is None, chooser, victim, side))
            return False
        self.candidate = square
        question = penalty_texts.confirm_question(chooser, victim, side,
                                                  "king" if piece.is_king else "man", square,
                                                  you=self._you(due))
        g.message = question
        g.publish(StatusChanged(g.status_text()))
        g.publish(RemovalAsked(due.chooser, due.victim, square, question))
        return True

    def answer(self, yes: bool) -> Optional[Ruling]:
        """The answer to the confirmation: Yes removes the checker picked (the game's
        ``remove_checker``; returns its ruling), No removes nothing and says whose choice it still
        is (returns None). Nothing happens when no pick awaits an answer."""
        g = self.game
        square, self.candidate = self.candidate, None
        due = self.due()
        if square is None or due is None:
            return None
        if not yes:
            chooser, victim, _side = self._parties(due)
            text = penalty_texts.declined_text(chooser, victim, you=self._you(due))
            g.message = text
            g.say(text, Priority.INTERRUPT)
            g.publish(StatusChanged(g.status_text()))
            return None
        return g.remove_checker(square, due.chooser)

    def typed(self, text: str) -> bool:
        """Text typed (or said) while the choice is awaited: a square ("15", "remove 15") is a
        pick (:meth:`propose`); anything else, most often the penalised player's move, is refused
        with whose choice it is. Returns False: nothing is played."""
        due = self.due()
        if due is None:
            return False
        try:
            square = parse_square_choice(text)
        except SquareChoiceError:
            chooser, victim, _side = self._parties(due)
            self.game.refuse(penalty_texts.wait_for_choice_text(chooser, victim),
                             shown=penalty_texts.wait_for_choice_shown(chooser))
            return False
        self.propose(square)
        return False

    def reset(self) -> None:
        self.candidate = None

    # --- after the removal ------------------------------------------------------------
    def removed(self, due: PenaltyDue, square: int, king: bool) -> CheckerRemoved:
        """The event and sentences of the checker on ``square`` just removed for ``due``."""
        chooser, victim, side = self._parties(due)
        kind = "king" if king else "man"
        return CheckerRemoved(due.chooser, due.victim, square, king, due.cause,
                              penalty_texts.removed_text(chooser, victim, side, kind, square),
                              penalty_texts.removed_text(chooser, victim, side, kind, square,
                                                         spoken=False))

    def history_notes(self) -> dict[int, list[str]]:
        """The removals of this game for the move history: plies played before each removal
        (0: before the first move) -> what H says ("Penalty: John Smith removed Mary Jones's
        Black checker on fifteen."), from the referee's record (kept across a resume)."""
        g = self.game
        notes: dict[int, list[str]] = {}
        for entry in g.referee.record:
            if entry.kind != "checker_removed" or entry.square is None or entry.color is None:
                continue
            victim = entry.color
            notes.setdefault(entry.ply, []).append(penalty_texts.history_note(
                self.name(victim.other), self.name(victim), side_name(g.side_names, victim),
                entry.square))
        return notes
