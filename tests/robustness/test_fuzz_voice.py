"""Fuzzing the voice command text layer (hypothesis): ``VoiceGrammar.interpret`` maps any heard
text, in any position, onto one legal move, one available command, or "nothing" with a reason. It
never raises and never changes the board."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers_desktop.rules.profiles import PROFILES
from checkers_desktop.speech.voice.grammar import (COMMANDS, GARBAGE_PREFIX, VOCABULARY,
                                                   build_grammar)
from strategies import games

SETTINGS = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 200)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
KINDS = {"move", "pick-up", "square", "command", "nothing"}
REASONS = {"silence", "not-understood", "not-legal", "ambiguous", "not-now"}
COMMAND_NAMES = {c.name for c in COMMANDS}
WORDS = st.sampled_from(list(VOCABULARY) + [GARBAGE_PREFIX + "AH", "<s>", "</s>", "[NOISE]",
                                            "eleven(2)", "+breath+", "zero", "forty", "hundred"])


HEARD = st.one_of(st.lists(WORDS, max_size=8).map(" ".join), st.text(max_size=40),
                  st.sampled_from(["", "   ", "eleven to fifteen", "move twenty two jumps fifteen",
                                   "pick up eleven", "read the board", "yes", "no", "undo"]))


@SETTINGS
@given(games(max_plies=30, from_start=True), HEARD, st.sampled_from([None] + sorted(PROFILES)),
       st.booleans(), st.data())
def test_interpret_never_raises_and_never_changes_the_board(board, text, profile, confirming, data):
    fen, stack = board.fen(), board.move_stack
    legal = board.legal_moves
    selected = None
    if legal and data.draw(st.booleans()):
        selected = data.draw(st.sampled_from(sorted({m.from_square for m in legal})))
    grammar = build_grammar(board, PROFILES.get(profile), selected=selected, confirming=confirming)
    result = grammar.interpret(text)
    assert result.kind in KINDS
    if result.kind == "nothing":
        assert result.reason in REASONS
    if result.kind in ("move", "square"):
        assert result.move in legal and not confirming
    if result.kind == "pick-up":
        assert any(m.from_square == result.square for m in legal)
    if result.kind == "command":
        assert result.command in {c.name for c in grammar.commands}
    if result.command is not None:
        assert result.command in COMMAND_NAMES
    assert board.fen() == fen and board.move_stack == stack
