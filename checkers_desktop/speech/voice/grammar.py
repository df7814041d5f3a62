"""What a player can say in a position, as a JSGF grammar and as a table back to moves and commands.

The grammar is rebuilt for every position (about a millisecond) from the legal moves and the
commands, so the recogniser strongly prefers what is possible now. Beside them, with a lower
weight, sit *decoys*: every diagonal step and single jump of the board in both directions
(whatever the pieces), "pick up" any square, and every command. A move that is not legal now
("eleven to eighteen", or the opponent's "twenty two to seventeen") is then heard as itself and
refused, instead of being pulled onto the nearest legal move. Two further alternatives can be
switched on with weights (both off by default: they slowed decoding without making it safer on
the benchmark): ``<other>``, any sequence of squares, and ``<garbage>``, a loop of single phones.

Every phrase the grammar can produce is parsed back by :meth:`VoiceGrammar.interpret`, which maps it
onto exactly one legal move or command or onto nothing. Phrases that sound the same ("twenty two
fifteen" and "twenty to fifteen": "two" and "to" are both T UW) and lead to different results are
left out of the strong alternatives and refused as ambiguous, so a mishearing never becomes a
different move. Reference for the shape of the design: Lichess's voice moves (small vocabulary,
recognition limited to the legal moves, confirmation for moves).

Pure Python: no speech library is imported here.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence

from checkers_desktop.rules import Board, Move
from checkers_desktop.rules.geometry import DIAGONALS, SQUARES, diagonal_step, is_square

# the speech helper's number words ("twenty-two"); split on hyphens for the recogniser
from checkers_desktop.speech.spoken import number_words as _number_words

__all__ = [
    "COMMANDS", "Command", "CONFIRMATION_COMMANDS", "Interpretation", "VoiceGrammar",
    "available_commands", "diagonal_pairs",
    "build_grammar", "square_words", "words_to_squares", "VOCABULARY", "GARBAGE_PREFIX",
]


def square_words(square: int) -> str:
    """Square 1-32 as the recogniser's words: 22 -> "twenty two" (no hyphen), 30 -> "thirty".

    Raises ``ValueError`` quoting ``square`` outside 1-32.
    """
    if not is_square(square):
        raise ValueError(f"{square!r} is not a square from 1 to 32")
    return _number_words(square).replace("-", " ")


_SQUARE_PHRASES = {square_words(sq): sq for sq in SQUARES}


def words_to_squares(tokens: Sequence[str]) -> list[list[int]]:
    """Every way of reading ``tokens`` (number words) as a list of squares 1-32.

    "twenty two" reads as [22] and as [20, 2]; an empty sequence reads as [[]]; a word that is not
    a number gives no reading ([]).
    """
    if not tokens:
        return [[]]
    readings = []
    for size in (1, 2):
        head = " ".join(tokens[:size])
        if size <= len(tokens) and head in _SQUARE_PHRASES:
            for rest in words_to_squares(tokens[size:]):
                readings.append([_SQUARE_PHRASES[head]] + rest)
    return readings


@dataclass(frozen=True)
class Command:
    """A spoken command: ``name`` as listed in accessibility/voice-commands.md and the ``phrases``
    that say it (the first is the one documented). What it does, for help, is
    ``texts.voice.COMMAND_DESCRIPTIONS[name]``."""

    name: str
    phrases: tuple[str, ...]
    needs: Optional[str] = None  # a Profile flag that must be true ("allows_undo", "allows_hints")


COMMANDS: tuple[Command, ...] = (
    Command("read-board", ("read the board", "read board")),
    Command("my-pieces", ("my pieces",)),
    Command("their-pieces", ("their pieces",)),
    Command("count", ("count",)),
    Command("last-move", ("last move",)),
    Command("my-moves", ("my moves",)),
    Command("time", ("time",)),
    Command("whose-turn", ("whose turn",)),
    Command("hint", ("hint",), "allows_hints"),
    Command("undo", ("undo",), "allows_undo"),
    Command("show-solution", ("show the solution", "solution"), "allows_hints"),
    Command("next-problem", ("next problem",), "allows_hints"),
    Command("repeat", ("repeat",)),
    Command("stop-talking", ("stop talking",)),
    Command("help", ("help",)),
    Command("resign", ("resign",)),
    Command("offer-draw", ("offer draw", "offer a draw")),
    Command("yes", ("yes",)),
    Command("no", ("no",)),
)
COMMANDS_BY_NAME = {c.name: c for c in COMMANDS}
CONFIRMATION_COMMANDS = ("yes", "no", "repeat", "stop-talking", "help")
"""What can be said while a confirmation question ("Eleven to fifteen?") waits for an answer."""

CONNECTORS = ("to", "takes", "jumps")
JUMP_CONNECTORS = ("takes", "jumps", "to")
GARBAGE_PREFIX = "zzg"
PAUSE = "zzpause"
"""A word made of the silence phone, allowed before and after the phrase: the decoder's own
silence handling lets a phrase followed by a pause lose to an unfinished one ("nine to")."""
# Single-phone "words" for the garbage loop (CMU phone set of the bundled en-us model).
GARBAGE_PHONES = ("AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F",
                  "G", "HH", "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S",
                  "SH", "T", "TH", "UH", "UW", "V", "W", "Y", "Z", "ZH")


def _vocabulary() -> tuple[str, ...]:
    words = set()
    for phrase in _SQUARE_PHRASES:
        words.update(phrase.split())
    for command in COMMANDS:
        for phrase in command.phrases:
            words.update(phrase.split())
    words.update(CONNECTORS)
    words.update(("move", "pick", "up", "remove"))
    return tuple(sorted(words))


VOCABULARY = _vocabulary()
"""Every word the grammar uses; each must be in the recogniser's dictionary."""


@dataclass(frozen=True)
class Interpretation:
    """What a heard phrase means in the position: ``kind`` is "move", "pick-up", "square",
    "command" or "nothing"; ``reason`` says why for "nothing" ("silence", "not-understood",
    "not-legal", "ambiguous", "not-now")."""

    kind: str
    move: Optional[Move] = None
    command: Optional[str] = None
    square: Optional[int] = None
    reason: Optional[str] = None


_NOTHING = Interpretation("nothing", reason="not-understood")


def _sound_key(phrase: str) -> str:
    """Phrases with the same key sound the same to the recogniser ("two" and "to": T UW)."""
    return " ".join("to" if w == "two" else w for w in phrase.split())


def _move_phrases(move: Move, unique_short: bool, bare: bool = True) -> list[str]:
    """Spoken forms of ``move`` without the optional leading "move" (connectors written as <c>);
    ``bare`` False leaves out the form without a joining word ("eleven fifteen")."""
    words = [square_words(sq) for sq in move.path]
    if not move.is_capture:
        return [f"{words[0]} to {words[1]}"] + ([f"{words[0]} {words[1]}"] if bare else [])
    phrases = [" <j> ".join(words)]
    if len(words) > 2 and unique_short:
        phrases.append(f"{words[0]} <j> {words[-1]}")
    return phrases


def _expand(phrase: str) -> Iterable[str]:
    """All concrete word strings of a phrase whose jump connectors are written "<j>"."""
    parts = phrase.split(" <j> ")
    for joins in itertools.product(JUMP_CONNECTORS, repeat=len(parts) - 1):
        out = parts[0]
        for join, part in zip(joins, parts[1:]):
            out += f" {join} {part}"
        yield out


@dataclass
class VoiceGrammar:
    """The grammar of one position and one listening state.

    ``jsgf`` is the grammar text for the decoder; :meth:`interpret` maps a heard phrase back.
    ``phrases`` maps each strong phrase's sound key to its interpretation (ambiguous ones removed).
    """

    board: Board
    selected: Optional[int] = None
    confirming: bool = False
    choosing: Optional[frozenset] = None
    commands: tuple[Command, ...] = ()
    jsgf: str = ""
    phrases: dict[str, Interpretation] = field(default_factory=dict)
    ambiguous: set[str] = field(default_factory=set)
    legal: list[Move] = field(default_factory=list)

    # -- reading back -------------------------------------------------------------------------
    def interpret(self, text: str) -> Interpretation:
        """The meaning of the decoder's ``text`` in this position (never raises).

        Only a phrase that names exactly one legal move or one available command gives a result;
        anything else (garbage, illegal, ambiguous, a command not available now) gives kind
        "nothing" with a ``reason``.
        """
        tokens = [t.split("(")[0] for t in (text or "").lower().split()]
        tokens = [t for t in tokens if not t.startswith(("<", "[", "+")) and t != PAUSE]
        if not tokens:
            return Interpretation("nothing", reason="silence")
        if any(t.startswith(GARBAGE_PREFIX) for t in tokens):
            return _NOTHING
        key = _sound_key(" ".join(tokens))
        if key in self.ambiguous:
            return Interpretation("nothing", reason="ambiguous")
        if key in self.phrases:
            return self.phrases[key]
        return self._interpret_other(tokens)

    def _interpret_other(self, tokens: list[str]) -> Interpretation:
        """A phrase from the weak ``<other>`` loop: recognised words, but nothing possible now."""
        phrase = " ".join(tokens)
        for command in COMMANDS:
            if phrase in command.phrases:
                return Interpretation("nothing", command=command.name, reason="not-now")
        if tokens[:1] == ["remove"] or (self.choosing is not None and len(tokens) <= 2):
            squares = words_to_squares(tokens[1:] if tokens[0] == "remove" else tokens)
            if any(len(s) == 1 for s in squares):
                return Interpretation("nothing", reason="not-legal")
            return _NOTHING
        if tokens[:2] == ["pick", "up"]:
            squares = words_to_squares(tokens[2:])
            if any(len(s) == 1 for s in squares):
                return Interpretation("nothing", reason="not-legal")
            return _NOTHING
        if tokens[0] == "move":
            tokens = tokens[1:]
        readings = _split_path(tokens)
        for path in readings:
            fits = {m for m in self.legal if m.path[0] == path[0]
                    and m.path[-1] == path[-1]
                    and (len(path) == 2 or list(m.path) == path)}
            if len(fits) > 1:
                return Interpretation("nothing", reason="ambiguous")
        if readings:
            return Interpretation("nothing", reason="not-legal")
        return _NOTHING


def _split_path(tokens: list[str]) -> list[list[int]]:
    """Readings of "A to B takes C ..." (joining words optional) as lists of squares."""
    groups: list[list[str]] = []
    current: list[str] = []
    for t in tokens:
        if t in CONNECTORS:
            groups.append(current)
            current = []
        else:
            current.append(t)
    groups.append(current)
    if any(not g for g in groups):
        return []
    readings: list[list[int]] = [[]]
    for g in groups:
        options = words_to_squares(g)
        readings = [r + o for r in readings for o in options]
    return [r for r in readings if len(r) >= 2]


def diagonal_pairs(distance: int) -> list[tuple[int, int]]:
    """Every (from, to) of squares ``distance`` rows apart on one diagonal, both directions
    (distance 1: steps; distance 2: single jumps), whatever the pieces."""
    pairs = []
    for sq in SQUARES:
        for d_row, d_col in DIAGONALS:
            other = diagonal_step(sq, d_row, d_col, distance)
            if other is not None:
                pairs.append((sq, other))
    return pairs


def available_commands(profile=None, confirming: bool = False) -> tuple[Command, ...]:
    """The commands that can be said now: undo and hint only when ``profile`` allows them (a
    profile of None allows everything, as practice does); only yes/no and a few others while
    confirming."""
    out = []
    for command in COMMANDS:
        if confirming and command.name not in CONFIRMATION_COMMANDS:
            continue
        if command.needs and profile is not None and not getattr(profile, command.needs, True):
            continue
        out.append(command)
    return tuple(out)


def build_grammar(board: Board, profile=None, *, selected: Optional[int] = None,
                  confirming: bool = False, weights: Optional[dict[str, float]] = None,
                  choosing: Optional[Iterable[int]] = None) -> VoiceGrammar:
    """The grammar for ``board`` (side to move speaking).

    ``choosing``: a penalty is due and the player chooses which of the offender's checkers is
    removed (VA rulebook 3:00 s4, s4-VI); these are the squares (1-32) that may be chosen. A bare
    square ("twenty two") or "remove twenty two" naming one of them gives kind "square"; no move
    can be said meanwhile (nobody moves until the checker is removed); the commands stay.

    ``selected``: the square of a piece picked up with "pick up N" (squares 1-32); then a bare
    destination square ("fifteen") puts it down, and a whole move must be said with its joining
    word ("eleven to fifteen", not "eleven fifteen", which a bare square said is heard as). ``confirming``: only the answers to a
    confirmation question are strong. ``weights``: relative weights of the "strong", "other"
    and "garbage" alternatives (defaults tuned on espeak-ng speech, see benchmarks/voice.py).
    """
    w = {"strong": 1.0, "decoy": 0.5, "multi": 0.0, "other": 0.0, "garbage": 0.0}
    if weights:
        w.update(weights)
    if choosing is not None:
        choosing = frozenset(choosing)
        bad = [sq for sq in choosing if not is_square(sq)]
        if bad:
            raise ValueError(f"choosing {sorted(choosing)!r} names squares off the board")
        selected = None
    grammar = VoiceGrammar(board=board, selected=selected, confirming=confirming,
                           choosing=choosing, commands=available_commands(profile, confirming))
    legal = [] if confirming or choosing is not None else board.legal_moves
    grammar.legal = legal
    entries: list[tuple[str, Interpretation]] = []  # concrete word phrase -> meaning

    for move in legal:
        same_ends = [m for m in legal if m.from_square == move.from_square
                     and m.to_square == move.to_square]
        for phrase in _move_phrases(move, unique_short=len(same_ends) == 1,
                                    bare=selected is None):
            for concrete in _expand(phrase):
                entries.append((concrete, Interpretation("move", move=move)))
                entries.append(("move " + concrete, Interpretation("move", move=move)))
    if choosing is not None and not confirming:
        for sq in sorted(choosing):
            meaning = Interpretation("square", square=sq)
            entries.append((square_words(sq), meaning))
            entries.append((f"remove {square_words(sq)}", meaning))
    if not confirming:
        for sq in sorted({m.from_square for m in legal}):
            entries.append((f"pick up {square_words(sq)}", Interpretation("pick-up", square=sq)))
    if selected is not None and not confirming:
        for sq in sorted({m.to_square for m in legal if m.from_square == selected}):
            moves = [m for m in legal if m.from_square == selected and m.to_square == sq]
            if len(moves) == 1:
                entries.append((square_words(sq),
                                Interpretation("square", move=moves[0], square=sq)))
    for command in grammar.commands:
        for phrase in command.phrases:
            entries.append((phrase, Interpretation("command", command=command.name)))

    by_key: dict[str, Interpretation] = {}
    for phrase, meaning in entries:
        key = _sound_key(phrase)
        if key in by_key and by_key[key] != meaning:
            grammar.ambiguous.add(key)
        by_key.setdefault(key, meaning)
    phrases = sorted({p for p, _ in entries if _sound_key(p) not in grammar.ambiguous})
    grammar.phrases = {k: v for k, v in by_key.items() if k not in grammar.ambiguous}
    decoys = sorted(_decoys(grammar, selected is not None or choosing is not None))
    grammar.jsgf = _jsgf(phrases, decoys, w)
    return grammar


def _decoys(grammar: VoiceGrammar, bare_squares: bool) -> set[str]:
    """Phrases that are possible in some position but may not be now: every diagonal step and
    single jump in both directions, any "pick up", every command. With ``bare_squares`` (a piece
    is picked up, or a checker is chosen for removal) a single square is said, so the squares of a
    step or jump need their joining word: else a bare "nine" and the sound after it would be
    heard as "nine eighteen". They compete with the legal
    phrases so that an illegal move is heard as itself and refused instead of being pulled onto
    the nearest legal one."""
    out = set()
    targets: dict[int, list[int]] = {}
    for a, b in diagonal_pairs(1) + diagonal_pairs(2):
        targets.setdefault(a, []).append(b)
    for a, ends in sorted(targets.items()):  # one branch per first square keeps the FSG small
        join = "<join>" if bare_squares else "[<join>]"
        out.add(f"{square_words(a)} {join} ({' | '.join(square_words(b) for b in ends)})")
    out.add("pick up <square>")
    out |= {p for c in COMMANDS for p in c.phrases}
    if bare_squares:
        out |= set(_SQUARE_PHRASES)
    if grammar.choosing is not None:
        out.add("remove <square>")
    return out


def _weight(x: float) -> str:
    """A JSGF weight written without an exponent (the JSGF parser reads plain decimals only)."""
    return f"{x:.10f}".rstrip("0").rstrip(".") or "0"


def _jsgf(strong: list[str], decoys: list[str], w: dict[str, float]) -> str:
    squares = " | ".join(sorted(_SQUARE_PHRASES))
    garbage = " | ".join(f"{GARBAGE_PREFIX}{p.lower()}" for p in GARBAGE_PHONES)
    commands = " | ".join(p for c in COMMANDS for p in c.phrases)
    alternatives, rules = [], []
    if strong and w["strong"] > 0:
        alternatives.append(f"/{_weight(w['strong'])}/ <strong>")
        rules.append("<strong> = " + " | ".join(strong) + ";")
    if decoys and w["decoy"] > 0:
        alternatives.append(f"/{_weight(w['decoy'])}/ [move] <decoy>")
        if w.get("multi", 0.25) > 0:
            alternatives.append(f"/{_weight(w['decoy'] * w.get('multi', 0.25))}/ [move] <multi>")
        rules.append("<decoy> = " + " | ".join(decoys) + ";")
        rules.append("<multi> = <square> <join> <square> <join> <square> (<join> <square>)*;")
        rules.append("<join> = to | takes | jumps;")
    if w["other"] > 0 or not alternatives:
        alternatives.append(f"/{_weight(max(w['other'], 1e-9))}/ <other>")
        rules.append("<other> = [move] <square> ([to | takes | jumps] <square>)+"
                     f" | pick up <square> | <square> | {commands};")
    if w["garbage"] > 0:
        alternatives.append(f"/{_weight(w['garbage'])}/ <garbage>")
        rules.append(f"<garbage> = ({garbage})+;")
    lines = ["#JSGF V1.0;", "grammar checkers;",
             f"public <utterance> = {PAUSE}* (" + " | ".join(alternatives) + f") {PAUSE}*;"]
    lines += rules
    lines.append(f"<square> = {squares};")
    return "\n".join(lines) + "\n"
