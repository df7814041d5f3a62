"""The learned evaluation: a small network over the board (the NNUE design of chess and shogi
engines, shrunk to draughts), read from the weights file shipped beside this module.

**Inputs**: 128 piece-square features seen from one side (a *perspective*): its own men (0-31),
its own kings (32-63), the other side's men (64-95) and kings (96-127), by square 0-31 (square
1-32 less one) as that side sees the board: BLACK's view is the board as it is, WHITE's the board
turned half round (square s read as 33 - s), so each side sees its own men moving up the same
way. **Layer 1** (shared by both perspectives): 128 x ``hidden`` weights and ``hidden`` biases,
int16, scaled by :data:`ACC_ONE`; its output for a perspective is the *accumulator*, the sum of
the biases and of the weights of the features present, clipped to 0..ACC_ONE (a clipped ReLU).
**Layer 2**: the side to move's clipped accumulator followed by the other side's (2 x
``hidden``) times ``2 x hidden`` int16 weights plus an int32 bias, in 1 / ``out_scale`` of a
man. The score is ``(layer 2) * 100 // (ACC_ONE * out_scale)`` hundredths of a man for the side
to move (clipped to +-:data:`NET_LIMIT`), plus, when ``plus_hand``, the hand evaluation (:mod:`.evaluate`): the network then
learns a correction to it.

Because the side to move always reads its own perspective first and the perspectives are each
other's half-turn, a position and its twin with the colours swapped and the board turned score
the same for the side to move (the colour symmetry a test checks).

The compiled search (:mod:`.numba_core`) keeps both accumulators per ply and updates them
incrementally as a move is made (the features of the squares the move changes), rather than
summing the pieces again at each leaf; :func:`evaluate` here is the plain reference.

**The file** (``network.bin``; what made it: ``NETWORK-SOURCE.md`` beside it): the bytes
``CDNN1\\n``, a 4-byte little-endian header length, a JSON header (``hidden``, ``out_scale``,
``plus_hand``, ``sha256`` of the body), then the body: layer 1's weights (128 x hidden int16,
feature-major), biases (hidden int16), layer 2's weights (2 x hidden int16) and bias (one
int32), little-endian. :func:`load_network` returns None (and the hand evaluation is used, the
log says why) for a missing file, a wrong magic, header or size, or a body whose SHA-256 differs.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import numpy as np

from checkers_desktop.rules import bitboard as bbm
from checkers_desktop.rules.geometry import SQUARES

from .evaluate import evaluate as hand_evaluate

__all__ = ["ACC_ONE", "EVALUATION_ENV", "FEATURES", "NET_LIMIT", "LEARNED_AT_FULL_STRENGTH",
           "full_strength_network", "NETWORK_PATH", "Network", "NetworkFileError", "evaluate",
           "features", "load_network", "default_network", "save_network"]

log = logging.getLogger(__name__)

ACC_ONE = 127
"""Layer 1's fixed-point one: weights are ``round(w * ACC_ONE)``; the clipped ReLU's top."""
FEATURES = 128
"""Inputs a perspective: own men, own kings, other men, other kings, 32 squares each."""
MAX_HIDDEN = 32
"""The widest layer 1 a file may declare."""
NET_LIMIT = 5000
"""The network's part of a score is clipped to +-this (50 men): whatever a weights file holds,
the sum stays far from the won and lost scores (evaluate.WIN) the search reserves for proofs."""
MAGIC = b"CDNN1\n"
NETWORK_PATH = Path(__file__).with_name("network.bin")
"""The weights file the engine loads by default."""

_SQUARE_OF_BIT = np.full(35, -1, np.int64)
for _s in SQUARES:
    _SQUARE_OF_BIT[bbm.BIT_OF_SQUARE[_s]] = _s - 1


class NetworkFileError(ValueError):
    """A weights file that cannot be used: its message says what is wrong with it."""


@dataclass(frozen=True)
class Network:
    """Quantised weights (see the module docstring): ``w1`` (128, hidden) int16, ``b1``
    (hidden,) int16, ``w2`` (2 * hidden,) int16, ``b2`` an int, ``out_scale`` layer 2's units a
    man, ``plus_hand`` whether the hand evaluation is added."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: int
    out_scale: int
    plus_hand: bool

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[1])


def feature_index(own: bool, king: bool, square: int, white_view: bool) -> int:
    """The input of a piece: ``own`` (the perspective's own piece), ``king``, ``square`` 0-31 as
    the board is, ``white_view`` (the board turned half round)."""
    sq = 31 - square if white_view else square
    return (0 if own else 64) + (32 if king else 0) + sq


def features(black_bb: int, white_bb: int, kings: int, white_view: bool) -> list[int]:
    """The inputs present in a position (bitboards) seen from BLACK (``white_view`` False) or
    WHITE, ascending."""
    out = []
    for colour_bb, is_white in ((black_bb, False), (white_bb, True)):
        c = colour_bb
        while c:
            m = c & -c
            c ^= m
            sq = int(_SQUARE_OF_BIT[m.bit_length() - 1])
            out.append(feature_index(is_white == white_view, bool(kings & m), sq, white_view))
    return sorted(out)


def accumulator(net: Network, black_bb: int, white_bb: int, kings: int,
                white_view: bool) -> np.ndarray:
    """Layer 1's sums (int64, unclipped) of a perspective."""
    acc: np.ndarray = net.b1.astype(np.int64)
    for f in features(black_bb, white_bb, kings, white_view):
        acc += net.w1[f]
    return acc


def evaluate(net: Network, my: int, opp: int, kings: int, black: bool) -> int:
    """The network's score of a position for the side to move (``my``: its pieces; hundredths of
    a man), computed from scratch (the compiled search gets the same integers incrementally)."""
    black_bb, white_bb = (my, opp) if black else (opp, my)
    mine = np.clip(accumulator(net, black_bb, white_bb, kings, not black), 0, ACC_ONE)
    other = np.clip(accumulator(net, black_bb, white_bb, kings, black), 0, ACC_ONE)
    h = net.hidden
    total = (int(np.dot(mine, net.w2[:h].astype(np.int64)))
             + int(np.dot(other, net.w2[h:].astype(np.int64))) + net.b2)
    score = max(-NET_LIMIT, min(NET_LIMIT, _div_trunc(total * 100, ACC_ONE * net.out_scale)))
    if net.plus_hand:
        score += hand_evaluate(my, opp, kings, black)
    return score


def _div_trunc(a: int, b: int) -> int:
    """Integer division rounding toward zero (as the compiled core's)."""
    return a // b if a >= 0 else -((-a) // b)


# --- the file ----------------------------------------------------------------------------------
def _body(net: Network) -> bytes:
    return (net.w1.astype("<i2").tobytes() + net.b1.astype("<i2").tobytes()
            + net.w2.astype("<i2").tobytes() + struct.pack("<i", int(net.b2)))


def save_network(net: Network, path: Path) -> int:
    """Write ``net`` to ``path`` in the format above, atomically (``storage.atomic``: a reader
    never sees half a file); returns the file's size in bytes. Raises ``OSError`` when it cannot
    be written (the old file is then untouched)."""
    from ..storage.atomic import write_atomic

    body = _body(net)
    header = json.dumps({"hidden": net.hidden, "out_scale": net.out_scale,
                         "plus_hand": net.plus_hand,
                         "sha256": hashlib.sha256(body).hexdigest()}).encode("utf-8")
    data = MAGIC + struct.pack("<I", len(header)) + header + body
    write_atomic(path, data)
    return len(data)


def parse_network(data: bytes) -> Network:
    """The network in a weights file's bytes. Raises :class:`NetworkFileError` saying what is
    wrong: the magic, the header, the size or the checksum."""
    if not data.startswith(MAGIC):
        raise NetworkFileError("it is not a network weights file (wrong first bytes)")
    at = len(MAGIC)
    if len(data) < at + 4:
        raise NetworkFileError("it is cut short before its header")
    (hlen,) = struct.unpack_from("<I", data, at)
    at += 4
    if hlen > 4096 or len(data) < at + hlen:
        raise NetworkFileError("its header is cut short or too long")
    try:
        header = json.loads(data[at:at + hlen].decode("utf-8"))
        hidden = int(header["hidden"])
        out_scale = int(header["out_scale"])
        plus_hand = bool(header["plus_hand"])
        digest = str(header["sha256"])
    except (ValueError, KeyError, TypeError, UnicodeDecodeError) as exc:
        raise NetworkFileError(f"its header cannot be read ({exc})") from None
    if not 1 <= hidden <= MAX_HIDDEN or not 1 <= out_scale <= 1 << 20:
        raise NetworkFileError(f"its header declares {hidden} hidden units and an output scale "
                               f"of {out_scale}")
    body = data[at + hlen:]
    size = 2 * (FEATURES * hidden + hidden + 2 * hidden) + 4
    if len(body) != size:
        raise NetworkFileError(f"its weights are {len(body)} bytes, not {size}")
    if hashlib.sha256(body).hexdigest() != digest:
        raise NetworkFileError("its weights do not match their checksum (the file is damaged)")
    i16 = np.frombuffer(body, "<i2", count=(size - 4) // 2)
    w1 = i16[:FEATURES * hidden].reshape(FEATURES, hidden).astype(np.int16)
    b1 = i16[FEATURES * hidden:FEATURES * hidden + hidden].astype(np.int16)
    w2 = i16[FEATURES * hidden + hidden:].astype(np.int16)
    (b2,) = struct.unpack_from("<i", body, size - 4)
    return Network(w1, b1, w2, int(b2), out_scale, plus_hand)


def load_network(path: Optional[Path] = None) -> Optional[Network]:
    """The network of ``path`` (default :data:`NETWORK_PATH`), or None when the file is missing
    or cannot be used: the log then says why, and the search keeps the hand evaluation."""
    where = NETWORK_PATH if path is None else path
    try:
        data = where.read_bytes()
    except OSError as exc:
        log.warning("learned evaluation off, the hand evaluation is used: %s cannot be read (%s)",
                    where, exc.strerror or exc)
        return None
    try:
        return parse_network(data)
    except NetworkFileError as exc:
        log.warning("learned evaluation off, the hand evaluation is used: %s: %s", where, exc)
        return None


_default: Optional[Network] = None
_default_loaded = False


def default_network() -> Optional[Network]:
    """The shipped network, read once (None when it cannot be used: see :func:`load_network`)."""
    global _default, _default_loaded
    if not _default_loaded:
        _default = load_network()
        _default_loaded = True
    return _default


EVALUATION_ENV = "CHECKERS_DESKTOP_EVALUATION"
"""Environment variable: "hand" makes every search use the hand evaluation, "learned" makes the
full-strength searches (levels 5 and 6, ``engine``, ``bestmove``, hints and review) use the
learned one; unset, :data:`LEARNED_AT_FULL_STRENGTH` decides."""
LEARNED_AT_FULL_STRENGTH = True
"""Whether the full-strength searches use the learned evaluation when :data:`EVALUATION_ENV` is
unset (the benchmark match against the hand evaluation decides it: NETWORK-SOURCE.md)."""


def full_strength_network() -> Optional[Network]:
    """The network the full-strength searches evaluate with, or None for the hand evaluation:
    as :data:`EVALUATION_ENV` says, else :data:`LEARNED_AT_FULL_STRENGTH`; None too when the
    weights file cannot be used (the log says why). The lower levels always use the hand one."""
    choice = os.environ.get(EVALUATION_ENV, "").strip().lower()
    if choice == "hand":
        return None
    if choice not in ("", "learned"):
        log.warning("%s=%r is neither 'hand' nor 'learned': the default is used",
                    EVALUATION_ENV, choice)
    if choice == "learned" or LEARNED_AT_FULL_STRENGTH:
        return default_network()
    return None
