"""Fuzzing the PDN reader (hypothesis) on random text and on two real games damaged in the ways
files get damaged: cut short, bytes flipped, tags broken, pieces of text lost or doubled; and on
text at and past the reader's limits: variations nested at random (up to 100,000 deep), tags and comments
around their longest. Reading never raises anything but the documented ``InvalidPdnError``
subclasses (``PdnLimitError`` past a limit, ``NotPdnError`` for binary data, ``PdnProblem`` from
``read_game``), never a ``RecursionError``; a limit is reported exactly when it is passed, with a
short one-line message; every move it resolved is legal from the game's start."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checkers_desktop.rules import Board, InvalidPdnError, RulesError
from checkers_desktop.rules.pdn import (MAX_COMMENT_CHARS, MAX_TAG_CHARS, MAX_VARIATION_DEPTH,
                                        Game, GameNode, NotPdnError, PdnLimit, PdnLimitError,
                                        PdnProblem, read_game, read_games, write_game)

SETTINGS = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 200)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
REAL_GAME = (Path(__file__).resolve().parents[1] / "data" / "tinsley_first_two.pdn").read_bytes()
PDN_ALPHABET = "0123456789-x:. []{}()\"*/;$!?\n\tBWKEventResultFENSetUp"


MESSAGE_CHARS = 400


def check_short(exc: Exception) -> None:
    message = str(exc)
    assert len(message) <= MESSAGE_CHARS and "\n" not in message, message[:200]


def read_all(source) -> list:
    """The games read, or the documented refusal (checked short) as an empty list."""
    try:
        return list(read_games(source))
    except (PdnLimitError, NotPdnError) as exc:
        check_short(exc)
        return []


def check_reading(source) -> None:
    """What the reader gives must be consistent: problems are PdnProblem, resolved moves replay."""
    for parsed in read_all(source):
        assert all(isinstance(p, PdnProblem) for p in parsed.problems)
        game = parsed.game
        try:
            board = game.start_board()
        except RulesError:
            assert parsed.problems  # a bad FEN tag is reported
            continue
        for move in game.moves:
            assert move in board.legal_moves
            board.push(move)
        if parsed.ok:
            # A game read without problems is written and read back as the same moves.
            again = read_game(write_game(game))
            assert again.moves == game.moves
    try:
        read_game(source)
    except InvalidPdnError as exc:
        check_short(exc)


@st.composite
def damaged_game(draw) -> bytes:
    data = bytearray(REAL_GAME)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["truncate", "flip", "delete", "duplicate", "break_tag",
                                     "insert"]))
        if not data:
            break
        i = draw(st.integers(0, len(data) - 1))
        if kind == "truncate":
            del data[i:]
        elif kind == "flip":
            data[i] ^= 1 << draw(st.integers(0, 7))
        elif kind == "delete":
            del data[i:i + draw(st.integers(1, 20))]
        elif kind == "duplicate":
            data[i:i] = data[i:i + draw(st.integers(1, 30))]
        elif kind == "break_tag":
            for c in draw(st.sampled_from([b"]", b'"', b"["])):
                j = data.find(bytes([c]), i)
                if j >= 0:
                    del data[j]
        else:
            data[i:i] = draw(st.text(alphabet=PDN_ALPHABET, max_size=8)).encode()
    return bytes(data)


@SETTINGS
@given(damaged_game())
def test_damaged_real_game_is_read_or_refused_cleanly(data):
    check_reading(data)
    check_reading(data.decode("utf-8", errors="replace"))


@SETTINGS
@given(st.one_of(st.text(max_size=200), st.text(alphabet=PDN_ALPHABET, max_size=200)))
def test_random_text_is_read_or_refused_cleanly(text):
    check_reading(text)


def test_the_undamaged_games_read_without_problems():
    parsed = list(read_games(REAL_GAME))
    assert len(parsed) == 2 and all(p.ok and len(p.game.moves) > 50 for p in parsed)


# --- the limits -----------------------------------------------------------------------------
MOVES = ["11-15", "23-18", "8-11", "27-23", "4-8", "23-19", "9-13", "18-14"]


@st.composite
def nested_movetext(draw) -> tuple[str, int]:
    """Move text with variations opened and closed at random, some runs of "(" very long;
    returns it with the deepest nesting the reader will count (a ")" too many is ignored)."""
    parts = []
    depth = deepest = 0
    for _ in range(draw(st.integers(0, 60))):
        op = draw(st.sampled_from(["(", ")", "move", "move", "comment", "number", "run", "close"]))
        if op == "(":
            parts.append("(")
            depth += 1
        elif op == "run":
            n = draw(st.one_of(st.integers(1, 2 * MAX_VARIATION_DEPTH), st.integers(1, 100_000)))
            parts.append("(" * n)
            depth += n
        elif op in (")", "close"):
            n = 1 if op == ")" else draw(st.integers(1, 200))
            parts.append(")" * n)
            depth = max(0, depth - n)
        elif op == "move":
            parts.append(draw(st.sampled_from(MOVES)))
        elif op == "comment":
            parts.append("{" + draw(st.text(alphabet="ab (){", max_size=10)).replace("{", "") + "}")
        else:
            parts.append(f"{draw(st.integers(1, 60))}.")
        deepest = max(deepest, depth)
    return " ".join(parts), deepest


@SETTINGS
@given(nested_movetext())
def test_random_nesting_is_read_or_refused_at_the_depth_limit(case):
    text, deepest = case
    pdn = '[Event "nesting"]\n' + text + " *\n"
    try:
        games = list(read_games(pdn))
    except PdnLimitError as exc:
        assert exc.limit is PdnLimit.VARIATION_DEPTH and deepest > MAX_VARIATION_DEPTH
        assert exc.number == 1 and exc.line == 2
        check_short(exc)
        return
    assert deepest <= MAX_VARIATION_DEPTH
    for parsed in games:
        assert all(isinstance(p, PdnProblem) for p in parsed.problems)
        write_game(parsed.game)  # the writer recurses as deep as the reader allows


TAG_ALPHABET = st.characters(blacklist_characters='"\\\n\r', blacklist_categories=["Cs"])


@SETTINGS
@given(st.one_of(st.integers(0, 40), st.integers(MAX_TAG_CHARS - 3, MAX_TAG_CHARS + 3),
                 st.integers(MAX_TAG_CHARS, 3_000_000)),
       st.text(alphabet=TAG_ALPHABET, min_size=1, max_size=5),
       st.sampled_from(["Event", "FEN", "X"]))
def test_tag_values_are_read_up_to_the_limit_and_refused_past_it(length, seed, name):
    value = (seed * (length // len(seed) + 1))[:length]
    pdn = f'[{name} "{value}"]\n1. 11-15 *\n'
    try:
        (parsed,) = read_games(pdn)
    except PdnLimitError as exc:
        assert exc.limit is PdnLimit.TAG_LENGTH and len(value) > MAX_TAG_CHARS
        assert exc.found == len(value) and exc.line == 1
        check_short(exc)
        return
    assert len(value) <= MAX_TAG_CHARS and parsed.game.tags[name] == value
    again = list(read_games(write_game(parsed.game)))
    assert again[0].game.tags[name] == value


@SETTINGS
@given(st.one_of(st.integers(0, 40), st.integers(MAX_COMMENT_CHARS - 3, MAX_COMMENT_CHARS + 3),
                 st.integers(MAX_COMMENT_CHARS, 3_000_000)),
       st.sampled_from(["brace", "unclosed", "semicolon", "word"]))
def test_comments_are_read_up_to_the_limit_and_refused_past_it(length, form):
    body = ("note " * (length // 5 + 1))[:length]
    if form == "brace":
        text = "{" + body + "}"
    elif form == "unclosed":
        text = "{" + body
    elif form == "semicolon":
        text = ";" + body.replace("\n", " ") + "\n"
    else:
        body = body.replace(" ", "-").replace("n", "N")  # one word without digits
        text = body
    pdn = '[Event "c"]\n1. 11-15 ' + text + " 23-18 *\n"
    # what the reader measures: the text between the braces; an unclosed comment runs to the end
    # of the text (" 23-18 *\n" too, less its "{"); ";" and the rest of the line; a word
    measured = {"brace": length, "unclosed": length + len(" 23-18 *\n") - 1,
                "semicolon": length + 1, "word": length}[form]
    try:
        games = list(read_games(pdn))
    except PdnLimitError as exc:
        assert exc.limit is PdnLimit.COMMENT_LENGTH and measured > MAX_COMMENT_CHARS
        check_short(exc)
        return
    assert measured <= MAX_COMMENT_CHARS and len(games) == 1


@pytest.mark.parametrize("depth", [1, 10, MAX_VARIATION_DEPTH, MAX_VARIATION_DEPTH + 1])
def test_what_is_written_nested_to_the_limit_reads_back_and_one_more_is_refused(depth):
    """A variation inside a variation ... ``depth`` deep, each an alternative first move."""
    game = Game.from_board(Board())
    node = GameNode(None, "11-15")
    game.nodes = [node]
    for _ in range(depth):
        alternative = GameNode(None, "9-13")
        node.variations.append([alternative])
        node = alternative
    text = write_game(game)
    if depth > MAX_VARIATION_DEPTH:
        with pytest.raises(PdnLimitError, match=f"nested more than {MAX_VARIATION_DEPTH} deep"):
            list(read_games(text))
        return
    (parsed,) = read_games(text)
    assert parsed.ok
    node = parsed.game.nodes[0]
    for _ in range(depth):
        (variation,) = node.variations
        node = variation[0]
        assert node.move is not None and node.move.pdn() == "9-13"


@SETTINGS
@given(st.text(alphabet='ab "\\\n\t}é', max_size=3 * MAX_TAG_CHARS),
       st.text(alphabet="ab }{\n", max_size=3 * MAX_COMMENT_CHARS))
def test_what_the_app_writes_it_can_read_back_however_long_the_names(name, comment):
    """A name typed (or pasted) into the app and a long note are cut so that the record written
    never passes the reader's limits: an autosave is never unreadable for that."""
    board = Board()
    board.push_pdn("11-15")
    game = Game.from_board(board, tags={"White": name})
    game.nodes[0].comments.append(comment)
    (parsed,) = read_games(write_game(game))
    assert parsed.ok
    assert name.startswith(parsed.game.tags["White"])
    assert len(parsed.game.nodes[0].comments[0]) <= MAX_COMMENT_CHARS
