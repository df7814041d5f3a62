"""The tournament desk: what the organiser and a table laptop may do with the open tournament,
decided without a window.

:class:`TournamentDesk` holds the open tournament (``tournament.store.Tournament``, or None) and
the :class:`~.official_gate.OfficialGate` of the event PIN. Each command is a workflow (see
:mod:`.desk_steps`): it checks its preconditions first (a tournament is open; this laptop is the
organiser's, not table N's; the division exists, is not drawn with results, has competitors; the
match is ready, not decided...), refusing with a :class:`~.desk_steps.Refusal` and its sentence
before any question; then the official's PIN when the event has one (every change to the
tournament asks it, reading does not; a locked gate, whose event PIN was removed, damaged or
unsealed outside the app, keeps every change shut until the official opens it); then the
command's own questions; then one call to the tournament (one transaction) and the sentences
that say what changed. What the tournament refuses (:class:`~..tournament.errors.TournamentError`)
is raised through, unchanged: nothing changed. Every sentence comes from ``texts/``. No Qt.

Here: registration, the divisions and the draw. The results are :attr:`TournamentDesk.results`
(:mod:`.desk_results`), the tables and calls :attr:`TournamentDesk.calls` (:mod:`.desk_calls`),
the files :attr:`TournamentDesk.files` (:mod:`.desk_files`); what the followers bring is said as
:mod:`.desk_news` decides.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Generator, Optional, Union

from ..speech.announcer import Priority
from ..texts import official as official_texts
from ..texts import tournament as texts
from ..tournament.divisions import suggest_merges
from ..tournament.model import AGE_GROUPS
from .desk_calls import CallDesk
from .desk_files import FileDesk
from .desk_results import ResultDesk
from .desk_steps import (CANCELLED, DONE, AskCompetitor, AskDivisions, AskOpenPath, AskPin,
                         AskText, Changed, Confirm, Outcome, Refusal, Say, ShowLines, Step,
                         Workflow, ask)
from .match_model import DEFAULT_EVENT
from .official_gate import OfficialGate

if TYPE_CHECKING:
    from ..tournament.follow import Snapshot
    from ..tournament.model import Competitor
    from ..tournament.store.service import Tournament
    from ..tournament.views import DivisionInfo

__all__ = ["TournamentDesk", "sentence"]

INTERRUPT = Priority.INTERRUPT
UNNAMED = "Tournament"
"""The name of a tournament made without one."""
SEED_LIMIT = 2 ** 31
"""Draw seeds are whole numbers from 0 below this (the store's random seeds are too)."""
REASON_TRIES = 3
"""How many times an empty reason for the audit log is asked for again before giving up."""


Check = Generator[Step, object, Optional[Outcome]]
"""A check that may ask (the official's PIN): None to go on, else the refusal."""
Reason = Generator[Step, object, Optional[str]]


class TournamentDesk:
    """The workflows of the Tournament menu over :attr:`tournament` (None: nothing open),
    guarded by :attr:`gate` (the event PIN; the window gives it the laptop's count of wrong
    PINs and its lock)."""

    def __init__(self, gate: Optional[OfficialGate] = None) -> None:
        self.tournament: Optional[Tournament] = None
        self.gate = gate if gate is not None else OfficialGate()
        self.results = ResultDesk(self)
        """Entering, walkover and correcting results (:mod:`.desk_results`)."""
        self.calls = CallDesk(self)
        """The tables, the calls, and the table a match is played at here (:mod:`.desk_calls`)."""
        self.files = FileDesk(self)
        """The results, standings and brackets saved as files (:mod:`.desk_files`)."""

    # --- preconditions ------------------------------------------------------------------
    def open_one(self) -> Union[Tournament, Outcome]:
        """The open tournament, or the refusal saying that none is open."""
        if self.tournament is None:
            return Outcome.refused(Refusal.NO_TOURNAMENT, texts.no_tournament_text())
        return self.tournament

    def organiser(self) -> Union[Tournament, Outcome]:
        """The open tournament when this laptop is the organiser's; else why not (a table
        laptop is refused the organiser's commands, naming its table)."""
        t = self.open_one()
        if isinstance(t, Outcome):
            return t
        if t.table is not None:
            return Outcome.refused(Refusal.NOT_ORGANISER, texts.not_organiser_text(t.table))
        return t

    def official(self, action: str) -> Check:
        """None when ``action`` (a kind of ``texts.official.ACTION_WORDS``) may go on: no event
        PIN is set, or the official gave it now (asked each time; wrong PINs are counted and
        made to wait by the gate). Otherwise the refusal saying whose action it is."""
        gate = self.gate
        if not gate.protected:
            return None
        name = yield from ask(AskPin(action, gate.official, gate.unlock))
        if name is None or not gate.granted():
            gate.revoke()
            return Outcome.refused(Refusal.OFFICIALS_ACTION,
                                   official_texts.officials_action_text(action))
        gate.take(action)
        return None

    def reason(self, title: str, question: str, default: str = "") -> Reason:
        """The reason for the audit log, asked again (up to :data:`REASON_TRIES` times) while
        it is left empty; None when cancelled or still empty (then it is said that one is
        needed)."""
        for _ in range(REASON_TRIES):
            why = yield from ask(AskText(title, question, default))
            if why is None:
                return None
            if why.strip():
                return why.strip()
            question = texts.why_again_text()  # the field's label says it too, with the focus
            yield Say(question, INTERRUPT)
        yield Say(texts.why_needed_text(), INTERRUPT)
        return None

    def name_to_open(self, url: str, *, server: bool = False) -> Generator[
            Step, object, Union[str, Outcome]]:
        """The name a tournament opened at ``url`` gets if it is made now: a new tournament
        file (not there yet) asks it (empty: :data:`UNNAMED`); a file that is there, or the
        server, keeps its own (:data:`UNNAMED` is given, and not used). Cancelled: the outcome."""
        if server or "://" in url or Path(url).exists():
            return UNNAMED
        name = yield from ask(AskText("New tournament", texts.new_tournament_name_question(),
                                      DEFAULT_EVENT))
        if name is None:
            return CANCELLED
        return name.strip() or UNNAMED

    def opened(self, snapshot: Optional[Snapshot]) -> list[Say]:
        """What is said once :attr:`tournament` is open: its name, divisions and competitors
        (``snapshot``: as first read, None when it could not be), which table this laptop is,
        and what the check of its seal found (nothing when the seal holds)."""
        t = self.tournament
        if t is None:
            return []
        competitors = sum(d.competitor_count for d in snapshot.divisions) if snapshot else 0
        if snapshot is not None and not snapshot.divisions:
            competitors = len([c for c in t.competitors() if not c.withdrawn])
        said = [Say(texts.opened_text(snapshot.name if snapshot else "",
                                      len(snapshot.divisions) if snapshot else 0, competitors,
                                      t.table))]
        seal_words = t.verification.text() if t.verification is not None else ""
        if seal_words:
            said.append(Say(seal_words))
        return said

    # --- registration ---------------------------------------------------------------------
    def competitor_lines(self, t: Tournament) -> tuple[list[Competitor], list[str]]:
        """The registered competitors and their lines, as the Competitors list shows them."""
        people = t.competitors()
        return people, [texts.competitor_line(c.name, c.medical_center, c.age_group,
                                              c.visually_impaired, c.seed, c.withdrawn,
                                              c.division_key) for c in people]

    def add_competitor(self) -> Workflow:
        t = self.organiser()
        if isinstance(t, Outcome):
            return t
        refused = yield from self.official("register")
        if refused is not None:
            return refused
        c = yield from ask(AskCompetitor(None, t.add_competitor))
        if c is None:
            return CANCELLED
        yield Say(texts.registered_text(c.name))
        yield Changed()
        return DONE

    def edit_competitor(self, competitor: Competitor) -> Workflow:
        t = self.organiser()
        if isinstance(t, Outcome):
            return t
        refused = yield from self.official("edit_competitor")
        if refused is not None:
            return refused
        c = yield from ask(AskCompetitor(competitor, lambda entry: t.edit_competitor(
            competitor.id, entry, why="edited in the window")))
        if c is None:
            return CANCELLED
        yield Say(texts.edited_text(c.name))
        yield Changed()
        return DONE

    def withdraw(self, competitor_id: int) -> Workflow:
        t = self.organiser()
        if isinstance(t, Outcome):
            return t
        refused = yield from self.official("withdraw")
        if refused is not None:
            return refused
        c = next((x for x in t.competitors() if x.id == competitor_id), None)
        if c is None:
            return CANCELLED
        why = yield from self.reason("Withdraw a competitor", texts.withdraw_question(c.name))
        if why is None:
            return CANCELLED
        decided = t.withdraw(competitor_id, why=why)
        yield Changed()
        wins = [(w.name, n) for n in decided
                if (w := t.match(n).winner) is not None]  # every match the withdrawal decided
        first = wins[0] if wins else (None, None)
        yield Say(texts.withdrawal_sentence(c.name, first[0], first[1], wins[1:]) + ".")
        return DONE

    def import_competitors(self, path: Optional[str] = None) -> Workflow:
        """Register the rows of a CSV or Excel file; every refused row is said and shown."""
        t = self.organiser()
        if isinstance(t, Outcome):
            return t
        refused = yield from self.official("register")
        if refused is not None:
            return refused
        if not path:
            path = yield from ask(AskOpenPath(
                "Import competitors", "Lists of competitors (*.csv *.xlsx *.txt);;All files (*)"))
        if not path:
            return CANCELLED
        report = t.import_competitors(path)
        rows = [sentence(r) for r in report.messages()]
        head = texts.imported_text(len(report.accepted), len(rows), report.where)
        yield Changed()
        yield Say(texts.join_sentences([head] + rows), INTERRUPT)
        if rows:
            yield from ask(ShowLines("Rows refused", head, tuple(rows)))
        return DONE

    # --- divisions and the draw -----------------------------------------------------------
    def divisions(self) -> Workflow:
        t = self.organiser()
        if isinstance(t, Outcome):
            return t
        refused = yield from self.official("divisions")
        if refused is not None:
            return refused
        counts: dict[str, tuple[int, int]] = {}
        for c in t.competitors():
            if c.withdrawn:
                continue
            total, vi = counts.get(c.age_group, (0, 0))
            counts[c.age_group] = (total + 1, vi + (1 if c.visually_impaired else 0))
        split: list[str] = []
        merges: list[tuple[str, ...]] = []
        made = t.divisions()
        for d in made:
            if d.vision != "all":
                split.extend(d.age_groups)
            if len(d.age_groups) > 1 and tuple(d.age_groups) not in merges:
                merges.append(tuple(d.age_groups))
        if not made:
            merges = suggest_merges({g: n for g, (n, _vi) in counts.items()})
        choice = yield from ask(AskDivisions(
            counts, tuple(sorted(set(split), key=AGE_GROUPS.index)), tuple(merges)))
        if choice is None:
            return CANCELLED
        split_vi, chosen = choice
        new = t.make_divisions(split_vi=split_vi, merges=chosen)
        yield Changed()
        yield Say(texts.divisions_made_text([f"{d.label} ({d.competitor_count})" for d in new]))
        return DONE

    def drawable(self, t: Tournament, division_key: Optional[str]
                 ) -> Union[DivisionInfo, Outcome]:
        """The division ``division_key`` when it may be drawn now; else the refusal: no such
        division, nobody in it, or a result already entered in it."""
        d = next((x for x in t.divisions() if x.key == division_key), None) \
            if division_key is not None else None
        if d is None:
            return Outcome.refused(Refusal.NO_DIVISION, texts.no_division_text())
        if d.drawn and t.has_results(d.key):
            return Outcome.refused(Refusal.HAS_RESULTS, texts.redraw_refused_text(d.label))
        if d.competitor_count <= 0:
            return Outcome.refused(Refusal.NO_COMPETITOR, texts.nothing_in_division_text(d.label))
        return d

    def draw(self, division_key: Optional[str]) -> Workflow:
        """Draw (or draw again) one division, from a seed typed or a new random one."""
        t = self.organiser()
        if isinstance(t, Outcome):
            return t
        d = self.drawable(t, division_key)
        if isinstance(d, Outcome):
            return d
        refused = yield from self.official("draw")
        if refused is not None:
            return refused
        if not (yield from ask(Confirm(texts.draw_question(d.label, d.drawn)))):
            return CANCELLED
        typed = yield from ask(AskText("Draw", texts.draw_seed_question(), ""))
        if typed is None:
            return CANCELLED
        seed = None
        if typed.strip():
            try:
                seed = int(typed.strip())
                if not 0 <= seed < SEED_LIMIT:
                    raise ValueError(typed)
            except ValueError:
                return Outcome.refused(Refusal.BAD_SEED, texts.bad_seed_text(typed.strip()))
        info = t.draw(d.key, seed=seed)
        yield Changed()
        yield Say(texts.drawn_text(d.label, info.random_seed, info.size, info.byes,
                                   info.same_center_pairs, info.minimum_same_center_pairs,
                                   info.no_center))
        return DONE

    def draw_all(self) -> Workflow:
        """Draw every division with competitors that is not drawn yet, each from a new seed."""
        t = self.organiser()
        if isinstance(t, Outcome):
            return t
        divisions = t.divisions()
        todo = [d for d in divisions if not d.drawn and d.competitor_count > 0]
        if not todo:
            if divisions:
                return Outcome.refused(Refusal.NOTHING_TO_DRAW, texts.nothing_to_draw_text())
            return Outcome.refused(Refusal.NO_DIVISION, texts.no_division_text())
        refused = yield from self.official("draw")
        if refused is not None:
            return refused
        if not (yield from ask(Confirm(texts.draw_all_question([d.label for d in todo])))):
            return CANCELLED
        shown, drawn = [], []
        for d in todo:
            info = t.draw(d.key)
            shown.append(texts.drawn_text(d.label, info.random_seed, info.size, info.byes,
                                          info.same_center_pairs,
                                          info.minimum_same_center_pairs, info.no_center))
            drawn.append((d.label, info.same_center_pairs, info.minimum_same_center_pairs))
        yield Changed()
        yield Say(texts.drawn_all_text(drawn), shown=" ".join(shown))
        return DONE


def sentence(text: str) -> str:
    """``text`` (a message of the tournament) as a sentence: a capital first, a full stop last."""
    text = text.strip()
    if text and text[0].islower():
        text = text[0].upper() + text[1:]
    return text if not text or text[-1] in ".?!" else text + "."
