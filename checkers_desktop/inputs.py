"""Input from outside the app (files, standard input, command-line arguments) read within limits.

Shared by every command-line tool and by the window's Open and the autosave, so that a careless or
hostile input gets the same treatment everywhere: a clear error naming the file and what is wrong,
in bounded time and memory, and nothing changed. Qt-free and pure standard library.

- :func:`open_regular_file` refuses what is not a regular file (a folder, a FIFO, a device such as
  ``/dev/zero``, a socket) *before reading*: the path is examined with ``stat`` and opened with
  ``O_NONBLOCK``, so a FIFO with no writer never blocks.
- :func:`read_bytes` reads a file in chunks of :data:`CHUNK_BYTES` and stops past its size limit
  (also for files whose size the system reports as 0, such as those in ``/proc``).
- :func:`decode_text` tells text from binary data and decodes it (byte-order marks, UTF-8, then an
  optional fallback such as Windows-1252 for PDN).
- :func:`iter_lines` reads a file or a stream (standard input) line by line, each line and the
  whole bounded.
- :func:`quote` and :func:`describe_path` quote input briefly (at most :data:`QUOTE_CHARS`
  characters), with control characters escaped, so a 1 MB line is never echoed or spoken.
- :func:`int_argument` and :func:`seconds_argument` are ``argparse`` types that refuse absurd
  values and quote them briefly.

Every refusal is an :class:`InputError` (a ``ValueError``) whose ``problem`` (an
:class:`InputProblem`) says what is wrong as data, for the texts package to phrase; ``str()`` gives
a one-line English message for the command line and the log.
"""

from __future__ import annotations

import argparse
import codecs
import enum
import math
import os
import re
import stat
from typing import BinaryIO, Iterator, Optional, Union

__all__ = [
    "CHUNK_BYTES", "MIB", "QUOTE_CHARS", "InputError", "InputProblem", "PathLike", "brief",
    "brief_message", "decode_text", "describe_path", "int_argument", "iter_lines",
    "open_regular_file", "quote", "read_bytes", "read_text", "seconds_argument",
]

MIB = 1024 * 1024
"""Bytes in a mebibyte (MB in the messages)."""

CHUNK_BYTES = 64 * 1024
"""Files are read in chunks of this many bytes, so that a limit is noticed within one chunk."""

QUOTE_CHARS = 60
"""The most characters of any input a message quotes (a 120 KB FEN is shown as its first 60)."""

PathLike = Union[str, bytes, "os.PathLike[str]"]


class InputProblem(enum.Enum):
    """What is wrong with an input, as data (the texts package words it for the window)."""

    MISSING = "missing"
    """There is no file of that name."""
    NOT_PERMITTED = "not permitted"
    """The file exists but this user may not read it."""
    FOLDER = "folder"
    """The name is a folder, not a file."""
    NOT_REGULAR = "not regular"
    """A FIFO, a device (``/dev/zero``), a socket: something that is not a file on disk."""
    UNREADABLE = "unreadable"
    """Reading failed (an I/O error, a name too long, ...)."""
    TOO_LARGE = "too large"
    """Larger than the limit for its kind (``limit`` bytes)."""
    EMPTY = "empty"
    """The file holds nothing."""
    NOT_TEXT = "not text"
    """Binary data: NUL bytes or many control characters."""
    ENCODING = "encoding"
    """Text in an encoding this kind of file may not use (``line`` is where it was noticed)."""
    LINE_TOO_LONG = "line too long"
    """A line longer than the limit for its kind (``line``, ``limit`` characters)."""
    TOO_LONG = "too long"
    """A recording longer than the limit (``limit`` seconds)."""
    NOT_SOUND = "not sound"
    """Not a sound file the app can read."""
    WRONG_CONTENT = "wrong content"
    """Text, but not of the kind expected (a "PDN file" with no tag pair and no move)."""
    LIMIT = "limit"
    """Past one of its reader's limits other than the size (a PDN tag of 10 MB, variations 1,000
    deep, ...)."""
    NO_GAME = "no game"
    """A game record with no game to play in it (no game, or no move and no position)."""
    BAD_START = "bad start"
    """A game whose start position is not legal (a FEN tag with 20 pieces a side)."""
    CANCELLED = "cancelled"
    """The reading was stopped by the player before it ended."""


class InputError(ValueError):
    """An input that cannot be used. ``problem`` is an :class:`InputProblem`; ``reason`` says what
    is wrong in words, without the file name; ``path`` is the file (None for an argument or
    standard input); ``line`` the line (from 1; 0 when not known); ``limit`` the limit passed
    (bytes, characters or seconds, as the problem says); ``size`` what was found (same unit).

    ``str()`` is one line: ``'FILE': reason`` (the path quoted briefly), or the reason alone.
    """

    def __init__(self, problem: InputProblem, reason: str, path: Optional[PathLike] = None, *,
                 line: int = 0, limit: Optional[float] = None,
                 size: Optional[float] = None) -> None:
        self.problem = problem
        self.reason = reason
        self.path = path
        self.line = line
        self.limit = limit
        self.size = size
        super().__init__(f"{describe_path(path)}: {reason}" if path is not None else reason)


# --- quoting ------------------------------------------------------------------------------------
def quote(text, limit: int = QUOTE_CHARS) -> str:
    """``text`` quoted for a message: ``repr()`` of at most ``limit`` characters (control and other
    non-printable characters escaped), then ``...`` and the length when it was longer.

    ``quote("B:W33")`` is ``"'B:W33'"``; a 120,000-character text gives its first ``limit``
    characters, then ``...' (120,000 characters)``. Bytes are shown decoded as Latin-1.
    """
    if isinstance(text, (bytes, bytearray)):
        length, head = len(text), bytes(text[:limit]).decode("latin-1")
    else:
        text = text if isinstance(text, str) else str(text)
        length, head = len(text), text[:limit]
    shown = repr(head)
    if length <= limit:
        return shown
    return f"{shown[:-1]}...{shown[-1]} ({length:,} characters)"


def brief(text: str, limit: int = QUOTE_CHARS) -> str:
    """``text`` shortened for a message without quotes: at most ``limit`` characters, control and
    other non-printable characters escaped as ``repr()`` does, ``...`` when it was longer (a
    player's name from a file, which could hold a terminal's escape codes)."""
    head = text[:limit]
    shown = head if head.isprintable() else repr(head)[1:-1]
    return shown + ("..." if len(text) > limit else "")


def describe_path(path: Optional[PathLike], limit: int = QUOTE_CHARS) -> str:
    """A file name for a message: the path quoted, keeping its end (the file's own name) when it is
    longer than ``limit`` characters: ``'.../games/tinsley.pdn'``. None gives "standard input"."""
    if path is None:
        return "standard input"
    text = os.fsdecode(path) if isinstance(path, (bytes, os.PathLike)) else str(path)
    if len(text) > limit:
        text = "..." + text[-(limit - 3):]
    return repr(text)


# --- files --------------------------------------------------------------------------------------
def _kind_of(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _refuse_mode(mode: int, path: PathLike) -> None:
    if stat.S_ISDIR(mode):
        raise InputError(InputProblem.FOLDER, "it is a folder, not a file", path)
    if not stat.S_ISREG(mode):
        raise InputError(InputProblem.NOT_REGULAR,
                         f"it is {_kind_of(mode)}, not a file on disk; it was not read", path)


def _os_error(exc: OSError, path: PathLike) -> InputError:
    if isinstance(exc, FileNotFoundError):
        return InputError(InputProblem.MISSING, "there is no such file", path)
    if isinstance(exc, PermissionError):
        return InputError(InputProblem.NOT_PERMITTED, "you are not allowed to read this file", path)
    if isinstance(exc, IsADirectoryError):
        return InputError(InputProblem.FOLDER, "it is a folder, not a file", path)
    if isinstance(exc, NotADirectoryError):
        return InputError(InputProblem.MISSING,
                          "there is no such file (a part of the path is not a folder)", path)
    return InputError(InputProblem.UNREADABLE, f"it cannot be read ({exc.strerror or exc})", path)


def open_regular_file(path: PathLike) -> BinaryIO:
    """Open ``path`` for reading bytes, refusing what is not a regular file before reading.

    The path (symbolic links followed) is examined with ``stat``, then opened with ``O_NONBLOCK``
    (a FIFO with no writer would otherwise block the open for ever) and examined again with
    ``fstat`` on the open descriptor, so a file swapped in between is caught too.

    Returns an unbuffered binary file object (close it, or use ``with``). Raises
    :class:`InputError`: MISSING, NOT_PERMITTED, FOLDER, NOT_REGULAR or UNREADABLE.
    """
    if isinstance(path, str) and "\0" in path or isinstance(path, bytes) and b"\0" in path:
        raise InputError(InputProblem.MISSING, "there is no such file (the name holds a NUL)", path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise _os_error(exc, path) from None
    except ValueError as exc:  # a name the system cannot take
        raise InputError(InputProblem.UNREADABLE, f"it cannot be opened ({exc})", path) from None
    _refuse_mode(mode, path)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise _os_error(exc, path) from None
    try:
        _refuse_mode(os.fstat(fd).st_mode, path)
    except BaseException:
        os.close(fd)
        raise
    # O_NONBLOCK means nothing for a regular file: reads block (briefly) as usual.
    return os.fdopen(fd, "rb", buffering=0)


def _too_large(path, limit: int, size: Optional[int] = None, what: str = "file") -> InputError:
    found = f" ({_size_text(size)})" if size else ""
    it = "the file" if path is not None else "the input"
    return InputError(InputProblem.TOO_LARGE,
                      f"{it} is too large{found}; {_article(what)} may be at most "
                      f"{_size_text(limit)}", path, limit=limit, size=size)


def _article(what: str) -> str:
    return what if what.startswith(("a ", "an ")) else f"a {what}"


def _size_text(n: int) -> str:
    if n >= MIB:
        return f"{n / MIB:,.1f} MB".replace(".0 MB", " MB")
    if n >= 1024:
        return f"{n / 1024:,.1f} KB".replace(".0 KB", " KB")
    return f"{n:,} bytes"


def read_bytes(path: PathLike, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` bytes, read in chunks.

    ``what`` names the kind of file in the message ("checkers game record (PDN)"). Raises
    :class:`InputError`: those of :func:`open_regular_file`, TOO_LARGE (the size on disk is over
    ``limit``, or more than ``limit`` bytes could be read), UNREADABLE (an I/O error).
    """
    with open_regular_file(path) as stream:
        try:
            size = os.fstat(stream.fileno()).st_size
            if size > limit:
                raise _too_large(path, limit, size, what)
            chunks = []
            total = 0
            while True:
                chunk = stream.read(min(CHUNK_BYTES, limit + 1 - total))
                if not chunk:
                    break
                chunks.append(chunk)
                total += len(chunk)
                if total > limit:
                    raise _too_large(path, limit, None, what)
        except OSError as exc:
            raise _os_error(exc, path) from None
    return b"".join(chunks)


# --- text ---------------------------------------------------------------------------------------
_CONTROL_BYTES = bytes(c for c in range(32) if chr(c) not in "\t\n\r\f\v\x1a\x1b") + b"\x7f"
"""Bytes that text files do not hold (tab, newlines, form feed, escape and the DOS end-of-file
mark Ctrl-Z, found at the end of old PDN files, are allowed)."""
_CONTROL_RE = re.compile("[" + re.escape(_CONTROL_BYTES.decode("latin-1")) + "]")

_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
         (codecs.BOM_UTF16_BE, "utf-16"))


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _not_text(path, what: str, why: str) -> InputError:
    article = "" if not what else \
        f"This {'file' if path is not None else 'input'} is not {what}: "
    return InputError(InputProblem.NOT_TEXT, f"{article}{why}", path)


def decode_text(data: bytes, *, fallback: Optional[str] = None, what: str = "",
                path: Optional[PathLike] = None) -> str:
    """Decode the bytes of a text file, or refuse them as binary.

    A byte-order mark chooses UTF-8 or UTF-16; otherwise data with a NUL byte, or with more than 1 %
    control characters (other than tab, newlines, form feed, escape and Ctrl-Z), is binary. Text is
    read as UTF-8, else as ``fallback`` when given (``"cp1252"``: Windows' Latin-1, that PDN files
    from old programs use, as the PGN standard's ISO 8859-1), with undecodable bytes replaced.

    ``what`` ("a checkers game record (PDN)") and ``path`` go into the message. Raises
    :class:`InputError`: NOT_TEXT (binary data), ENCODING (not UTF-8 and no fallback; ``line`` is
    where the first wrong byte is).
    """
    for bom, codec in _BOMS:
        if data.startswith(bom):
            try:
                text = data.decode(codec)
            except UnicodeDecodeError as exc:
                raise InputError(InputProblem.ENCODING,
                                 f"the file says it is {codec.upper().replace('-SIG', '')} text "
                                 f"but is not (byte {exc.start:,})", path) from None
            if "\0" in text or _too_many_controls(len(_CONTROL_RE.findall(text)), len(text)):
                raise _not_text(path, what, "it holds binary data, not text")
            return text
    if b"\0" in data:
        raise _not_text(path, what, "it holds binary data, not text")
    if _too_many_controls(len(data) - len(data.translate(None, _CONTROL_BYTES)), len(data)):
        raise _not_text(path, what, "it holds binary data, not text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if fallback is None:
            raise InputError(InputProblem.ENCODING,
                             f"line {_line_of(data, exc.start):,} is not UTF-8 text",
                             path, line=_line_of(data, exc.start)) from None
        return data.decode(fallback, errors="replace")


def _too_many_controls(count: int, length: int) -> bool:
    return count > 0 and count * 100 > max(length, 800)


def read_text(path: PathLike, limit: int, *, fallback: Optional[str] = None,
              what: str = "") -> str:
    """The text of the file ``path`` (at most ``limit`` bytes): :func:`read_bytes` then
    :func:`decode_text`. Raises :class:`InputError` (also EMPTY for an empty file)."""
    data = read_bytes(path, limit, what or "file")
    if not data.strip():
        raise InputError(InputProblem.EMPTY,
                         "the file is empty" + (f"; it is not {what}" if what else ""), path)
    return decode_text(data, fallback=fallback, what=what, path=path)


def iter_lines(source: Union[PathLike, BinaryIO], *, max_line: int, limit: int,
               what: str = "", path: Optional[PathLike] = None) -> Iterator[tuple[int, str]]:
    """``(number, line)`` for each line of a file or a binary stream (standard input's
    ``buffer``), numbered from 1, without its line end; UTF-8 only (a byte-order mark is skipped).

    Reads chunks of :data:`CHUNK_BYTES`; a line is never held longer than ``max_line`` bytes and the
    whole never more than ``limit`` bytes. ``path`` names a stream in messages (None: "standard
    input"). Raises :class:`InputError` as soon as a problem is met (lines before it were
    yielded): those of :func:`open_regular_file`, TOO_LARGE, NOT_TEXT (a NUL byte or control
    characters), ENCODING (a line not UTF-8), LINE_TOO_LONG.
    """
    if isinstance(source, (str, bytes, os.PathLike)):
        path = source
        with open_regular_file(source) as stream:
            size = os.fstat(stream.fileno()).st_size
            if size > limit:
                raise _too_large(path, limit, size, what or "file")
            yield from _lines(stream, max_line, limit, what, path)
    else:
        yield from _lines(source, max_line, limit, what, path)


def _lines(stream, max_line: int, limit: int, what: str, path) -> Iterator[tuple[int, str]]:
    pending = b""
    number = 0
    total = 0
    first = True
    while True:
        try:
            chunk = stream.read(CHUNK_BYTES)
        except OSError as exc:
            raise _os_error(exc, path if path is not None else "standard input") from None
        if not chunk:
            break
        total += len(chunk)
        if total > limit:
            raise _too_large(path, limit, None, what or "file")
        if first:
            if chunk.startswith(codecs.BOM_UTF8):
                chunk = chunk[len(codecs.BOM_UTF8):]
            elif chunk.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
                raise InputError(InputProblem.ENCODING, "it is UTF-16 text; save it as UTF-8 "
                                 "(or plain ASCII) text", path, line=1)
            first = False
        if b"\0" in chunk:
            raise _not_text(path, what, "it holds binary data, not text")
        parts = (pending + chunk).split(b"\n")
        pending = parts.pop()
        for raw in parts:
            number += 1
            yield number, _decode_line(raw, number, max_line, what, path)
        if len(pending) > max_line:
            raise _long_line(number + 1, max_line, path)
    if pending:
        number += 1
        yield number, _decode_line(pending, number, max_line, what, path)


def _long_line(number: int, max_line: int, path) -> InputError:
    return InputError(InputProblem.LINE_TOO_LONG,
                      f"line {number:,} is too long; a line here may hold at most "
                      f"{max_line:,} characters", path, line=number, limit=max_line)


def _decode_line(raw: bytes, number: int, max_line: int, what: str, path) -> str:
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    if len(raw) > max_line:
        raise _long_line(number, max_line, path)
    if _CONTROL_RE.search(raw.decode("latin-1")):
        raise _not_text(path, what, f"line {number:,} holds control characters; it is not text")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(InputProblem.ENCODING, f"line {number:,} is not UTF-8 text", path,
                         line=number) from None


# --- command-line arguments ---------------------------------------------------------------------
def int_argument(low: int, high: int, what: str):
    """An ``argparse`` type: a whole number from ``low`` to ``high`` (``what`` names it in the
    message, e.g. "depth"). Refuses other text, quoting it briefly, with
    ``argparse.ArgumentTypeError``."""

    def parse(text: str) -> int:
        stripped = text.strip()
        if not re.fullmatch(r"[+-]?[0-9]{1,12}", stripped, re.ASCII):
            raise argparse.ArgumentTypeError(
                f"{what} {quote(text)} is not a whole number from {low} to {high}")
        value = int(stripped)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} {value} is not from {low} to {high}")
        return value

    parse.__name__ = what  # argparse names the type in some messages
    return parse


def seconds_argument(high: float, what: str = "time"):
    """An ``argparse`` type: a number of seconds above 0 and at most ``high`` (finite; "nan" and
    "inf" are refused). Raises ``argparse.ArgumentTypeError`` quoting the text briefly."""

    def parse(text: str) -> float:
        stripped = text.strip()
        if not re.fullmatch(r"[0-9]{0,12}(\.[0-9]{0,12})?", stripped, re.ASCII) or \
                stripped in ("", "."):
            raise argparse.ArgumentTypeError(
                f"{what} {quote(text)} is not a number of seconds above 0 and at most {high:g}")
        value = float(stripped)
        if not (math.isfinite(value) and 0 < value <= high):
            raise argparse.ArgumentTypeError(
                f"{what} {stripped} is not a number of seconds above 0 and at most {high:g}")
        return value

    parse.__name__ = what
    return parse


_QUOTED_RE = re.compile(r"'((?:[^'\\]|\\.){%d,})'" % (QUOTE_CHARS + 1), re.DOTALL)


_LONG_WORD_RE = re.compile(r"\S{%d,}" % (QUOTE_CHARS + 1))


def brief_message(message: str, limit: int = 400) -> str:
    """``message`` (made by a library, such as argparse's "invalid choice: '...'" or
    "unrecognized arguments: ...") on one line, each single-quoted part and each word longer than
    :data:`QUOTE_CHARS` shortened, and the whole cut at ``limit`` characters."""
    short = _QUOTED_RE.sub(lambda m: quote(m.group(1)), message)
    short = _LONG_WORD_RE.sub(lambda m: m.group()[:QUOTE_CHARS] + "...", short)
    short = " ".join(short.split())
    return short if len(short) <= limit else short[:limit] + "..."
