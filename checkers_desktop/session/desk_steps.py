"""The steps of a tournament desk's workflow, as data: what to ask, what to say, why a command is
refused, and how it ended.

A workflow of :class:`~.tournament_desk.TournamentDesk` is a generator: it yields each
:class:`Question` (a typed request the window answers through its one interaction object, the
answer sent back into the generator: None when cancelled), each :class:`Say` (a sentence of
``texts/`` to show and speak) and :class:`Changed` (the tournament changed: read it again), and
returns an :class:`Outcome`. Its preconditions are checked before its first question, so a
command that cannot go on is refused before any dialog opens. :func:`drive` runs one with two
callbacks; tests drive it with scripted answers, with no Qt.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import (TYPE_CHECKING, Any, Callable, Generator, Generic, Mapping, Optional,
                    TypeVar, Union, cast)

from ..speech.announcer import Priority

if TYPE_CHECKING:
    from ..tournament.model import Competitor, CompetitorInput
    from .official_gate import UnlockResult

__all__ = ["Refusal", "Ending", "Outcome", "Say", "Changed", "Question", "Confirm", "AskText",
           "AskInteger", "Choose", "AskPin", "AskCompetitor", "AskGames", "AskCorrection",
           "CorrectionAnswer", "AskWalkover", "WalkoverAnswer", "AskDivisions",
           "ShowLines", "AskOpenPath", "AskSavePath", "Step", "Workflow", "ask", "drive"]

T = TypeVar("T")
R = TypeVar("R")


class Refusal(enum.Enum):
    """Why the desk refuses a command (each with its sentence in ``texts.tournament`` or
    ``texts.official``)."""

    NO_TOURNAMENT = "no tournament"          # nothing is open
    NOT_ORGANISER = "not organiser"          # a table laptop: the organiser's command
    OFFICIALS_ACTION = "official's action"   # the event PIN was not given
    NO_DIVISION = "no division"              # none made, or none chosen
    NOTHING_TO_DRAW = "nothing to draw"      # every division with competitors is drawn
    NO_COMPETITOR = "no competitor"          # a division to draw has nobody in it
    HAS_RESULTS = "has results"              # a division with results is never drawn again
    BAD_SEED = "bad seed"                    # the seed typed is not a number below 2**31
    ALREADY_DECIDED = "already decided"      # the match has its result
    NOT_READY = "not ready"                  # the match waits for a player (or is a bye)
    NOTHING_TO_CORRECT = "nothing to correct"
    NOTHING_TO_CALL = "nothing to call"
    NO_FREE_TABLE = "no free table"
    NO_CALLED_MATCH = "no called match"
    ALREADY_PLAYING = "already playing"      # this laptop's match is not over or not sent
    NO_REASON = "no reason"                  # the audit log's reason left empty


class Ending(enum.Enum):
    DONE = "done"
    REFUSED = "refused"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class Outcome:
    """How a workflow ended. A refusal carries its ``reason`` and the sentence to say
    (``text``, said at once, interrupting); what was done was said by the :class:`Say` steps
    before it."""

    ending: Ending
    reason: Optional[Refusal] = None
    text: str = ""

    @classmethod
    def refused(cls, reason: Refusal, text: str) -> "Outcome":
        return cls(Ending.REFUSED, reason, text)

    @property
    def done(self) -> bool:
        return self.ending is Ending.DONE


DONE = Outcome(Ending.DONE)
CANCELLED = Outcome(Ending.CANCELLED)


@dataclass(frozen=True)
class Say:
    """A sentence to say with ``priority`` and show (``shown``: a longer text to show instead,
    such as a file's whole path)."""

    text: str
    priority: Priority = Priority.QUEUE
    shown: Optional[str] = None


@dataclass(frozen=True)
class Changed:
    """The tournament changed: the window reads it again before what is said next."""


@dataclass(frozen=True)
class Question(Generic[T]):
    """A request to the window's interaction object; its answer is a ``T``, or None when the
    question was cancelled."""


@dataclass(frozen=True)
class Confirm(Question[bool]):
    question: str


@dataclass(frozen=True)
class AskText(Question[str]):
    title: str
    label: str
    default: str = ""


@dataclass(frozen=True)
class AskInteger(Question[int]):
    title: str
    label: str
    value: int
    lowest: int
    highest: int


@dataclass(frozen=True)
class Choose(Question[int]):
    """The index of the option chosen."""

    title: str
    label: str
    options: tuple[str, ...]


@dataclass(frozen=True)
class AskPin(Question[str]):
    """The official's name and PIN for ``action`` (a kind of ``texts.official.ACTION_WORDS``);
    ``check`` is ``OfficialGate.unlock``. The answer: the official's name once the PIN was
    right."""

    action: str
    official: str
    check: Callable[[str, str], "UnlockResult"] = field(compare=False)


@dataclass(frozen=True)
class AskCompetitor(Question["Competitor"]):
    """The competitor form, filled in from ``initial``; ``save(entry)`` stores what was typed
    (what it refuses is shown in the form, which stays open). The answer: what ``save``
    returned."""

    initial: Optional["Competitor"]
    save: Callable[["CompetitorInput"], "Competitor"] = field(compare=False)


@dataclass(frozen=True)
class AskGames(Question[list[Optional[str]]]):
    """The result form of match ``number`` between ``a`` and ``b`` under ``profile_key``; the
    answer: the games' winners by name (None: drawn). ``initial``: the rows filled in first
    ("a", "b" or "draw" each)."""

    number: int
    a: str
    b: str
    profile_key: str
    title: str = ""
    initial: tuple[str, ...] = ()


@dataclass(frozen=True)
class CorrectionAnswer:
    """What the correction form gives: ``winners``, the games' winners by name (None: drawn),
    for a result played; or ``present``, the side (0: ``a``, 1: ``b``) that came to the table,
    for a walkover (``winners`` None); ``why`` for the audit log; ``official``, the name given
    with the PIN."""

    winners: Optional[tuple[Optional[str], ...]]
    present: Optional[int]
    why: str
    official: str = ""


@dataclass(frozen=True)
class AskCorrection(Question[CorrectionAnswer]):
    """The one form correcting match ``number`` between ``a`` and ``b`` under ``profile_key``:
    the official's PIN (when ``pin_action`` is given: ``check`` is ``OfficialGate.unlock``, a
    wrong PIN keeps the form open), the new result (the games, starting from ``initial``, "a",
    "b" or "draw" each, or a walkover to one of ``players``, the two sides' lines), the reason
    (required), and the outcome in words, ``outcome(winners, present)`` (the arguments as in
    :class:`CorrectionAnswer`): the new winner and every later match it affects, shown and said
    before the one confirm."""

    number: int
    a: str
    b: str
    profile_key: str
    players: tuple[str, str]
    outcome: Callable[[Optional[tuple[Optional[str], ...]], Optional[int]], str] = \
        field(compare=False)
    initial: tuple[str, ...] = ()
    pin_action: Optional[str] = None
    official: str = ""
    check: Optional[Callable[[str, str], "UnlockResult"]] = field(default=None, compare=False)


@dataclass(frozen=True)
class WalkoverAnswer:
    """What the walkover form gives: ``present``, the side (0: ``a``, 1: ``b``) that came to the
    table; ``why`` for the audit log; ``official``, the name given with the PIN."""

    present: int
    why: str
    official: str = ""


@dataclass(frozen=True)
class AskWalkover(Question[WalkoverAnswer]):
    """The one form recording a walkover in match ``number``: the official's PIN (when
    ``pin_action`` is given: ``check`` is ``OfficialGate.unlock``, a wrong PIN keeps the form
    open), who came to the table (one of ``players``, the two sides' lines), why (required,
    starting with ``why``), and the outcome in words, ``outcome(present)``, before the one
    confirm."""

    number: int
    players: tuple[str, str]
    outcome: Callable[[int], str] = field(compare=False)
    why: str = ""
    pin_action: Optional[str] = None
    official: str = ""
    check: Optional[Callable[[str, str], "UnlockResult"]] = field(default=None, compare=False)


@dataclass(frozen=True)
class AskDivisions(Question[tuple[list[str], list[tuple[str, ...]]]]):
    """The divisions form: ``counts`` (age group: (competitors, visually impaired)), the age
    groups split now and the merges; the answer: (age groups to split, merges)."""

    counts: Mapping[str, tuple[int, int]]
    split: tuple[str, ...]
    merges: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class ShowLines(Question[None]):
    title: str
    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class AskOpenPath(Question[str]):
    title: str
    filters: str


@dataclass(frozen=True)
class AskSavePath(Question[str]):
    title: str
    default: str
    filters: str
    confirm_overwrite: bool = True


Step = Union[Question[Any], Say, Changed]
Workflow = Generator[Step, object, Outcome]


def ask(question: Question[T]) -> Generator[Step, object, Optional[T]]:
    """``answer = yield from ask(question)``: the answer, typed by the question."""
    answer = yield question
    return cast(Optional[T], answer)


def drive(work: Generator[Step, object, R], answer: Callable[[Question[Any]], object],
          show: Callable[[Union[Say, Changed]], None]) -> R:
    """Run ``work`` to its end and give what it returns (a :class:`Workflow`: its
    :class:`Outcome`): ``answer(question)`` for each question (None: cancelled), ``show(step)``
    for each sentence and change. What the tournament raises goes through."""
    reply: object = None
    try:
        while True:
            step = work.send(reply)
            if isinstance(step, Question):
                reply = answer(step)
            else:
                show(step)
                reply = None
    except StopIteration as stop:
        return cast(R, stop.value)

