"""The shared input checks (checkers_desktop.inputs, checkers_desktop.sound_file) and the PDN
reader's limits, each at its boundary: what is at the limit is read, one more is refused with the
limit named, a brief quote and the problem as data."""

from __future__ import annotations

import argparse
import codecs
import io
import os
import struct
import wave
from pathlib import Path

import pytest

from checkers_desktop.inputs import (QUOTE_CHARS, InputError, InputProblem, brief, brief_message,
                                     decode_text, describe_path, int_argument, iter_lines,
                                     open_regular_file, quote, read_bytes, read_text,
                                     seconds_argument)
from checkers_desktop.rules.pdn import (MAX_GAME_CHARS, MAX_GAME_MOVES, MAX_TAGS, NotPdnError,
                                        PdnLimit, PdnLimitError, read_games, read_pdn_file)
from checkers_desktop.sound_file import MAX_SOUND_SECONDS, check_sound_file

GAME = '[Event "x"]\n1. 11-15 23-18 *\n'


# --- quoting --------------------------------------------------------------------------------
def test_quote_keeps_short_input_whole_and_cuts_long_input():
    assert quote("B:W33") == "'B:W33'"
    long = "B:W" + "21," * 40_000
    q = quote(long)
    assert q.startswith("'B:W21,") and q.endswith(f"...' ({len(long):,} characters)")
    assert len(q) < QUOTE_CHARS + 40


def test_quote_escapes_control_characters_and_shows_bytes():
    assert quote("a\x1b[2Jb") == repr("a\x1b[2Jb") and "\x1b" not in quote("a\x1b[2Jb")
    assert quote(b"\xff" * 100).endswith("(100 characters)")
    assert "\x1b" not in brief("\x1b[31mEvil") and brief("x" * 100).endswith("...")


def test_describe_path_keeps_the_file_name_of_a_long_path():
    path = "/tmp/" + "d" * 200 + "/game.pdn"
    shown = describe_path(path)
    assert shown.endswith("/game.pdn'") and len(shown) <= QUOTE_CHARS + 2
    assert describe_path(None) == "standard input"


def test_brief_message_shortens_what_a_library_echoes():
    message = brief_message(f"invalid choice: '{'x' * 5000}' (choose from 'a')")
    assert "(5,000 characters)" in message and len(message) < 200
    assert len(brief_message("unrecognized arguments: " + "y" * 100_000)) < 200


# --- files ----------------------------------------------------------------------------------
@pytest.mark.skipif(not (hasattr(os, "mkfifo") and os.path.exists("/dev/zero")),
                    reason="needs a POSIX system: FIFOs and /dev/zero")
def test_what_is_not_a_regular_file_is_refused_before_reading(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    cases = {str(fifo): InputProblem.NOT_REGULAR, "/dev/zero": InputProblem.NOT_REGULAR,
             str(tmp_path): InputProblem.FOLDER, str(tmp_path / "absent"): InputProblem.MISSING,
             str(tmp_path / "absent" / "x"): InputProblem.MISSING,
             str(tmp_path / ("n" * 5000)): InputProblem.UNREADABLE}
    for path, problem in cases.items():
        with pytest.raises(InputError) as info:
            open_regular_file(path)
        assert info.value.problem is problem and info.value.path == path
        assert str(info.value).startswith(describe_path(path) + ": ")


def test_a_link_to_a_device_is_refused(tmp_path):
    (tmp_path / "zero").symlink_to("/dev/zero")
    with pytest.raises(InputError, match="character device"):
        read_bytes(tmp_path / "zero", 100)


def test_read_bytes_reads_up_to_the_limit_and_refuses_one_byte_more(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x" * 1000)
    assert read_bytes(path, 1000) == b"x" * 1000
    with pytest.raises(InputError) as info:
        read_bytes(path, 999)
    assert info.value.problem is InputProblem.TOO_LARGE and info.value.limit == 999


def test_a_file_whose_size_says_nothing_is_still_read_within_the_limit():
    """Files in /proc say they hold 0 bytes: the limit is kept while reading."""
    path = "/proc/self/maps"
    if not os.path.exists(path):
        pytest.skip("no /proc here")
    assert os.stat(path).st_size == 0
    with pytest.raises(InputError) as info:
        read_bytes(path, 10)
    assert info.value.problem is InputProblem.TOO_LARGE
    assert len(read_bytes(path, 10_000_000)) > 10


def test_empty_file_is_told(tmp_path):
    (tmp_path / "e").write_bytes(b"  \n")
    with pytest.raises(InputError) as info:
        read_text(tmp_path / "e", 100, what="a list")
    assert info.value.problem is InputProblem.EMPTY


# --- text -----------------------------------------------------------------------------------
@pytest.mark.parametrize("data, text", [
    (b"abc\n", "abc\n"),
    (codecs.BOM_UTF8 + "é".encode(), "é"),
    ("21-32 é".encode("utf-16"), "21-32 é"),
    ("21-32 é".encode("utf-16-be") and codecs.BOM_UTF16_BE + "21-32".encode("utf-16-be"), "21-32"),
    ("Müller\x1a".encode("cp1252"), "Müller\x1a"),  # Ctrl-Z ends old DOS files
])
def test_decode_text_reads_the_encodings_text_files_use(data, text):
    assert decode_text(data, fallback="cp1252") == text


@pytest.mark.parametrize("data", [b"ab\x00cd", bytes(range(1, 9)) * 200, "ab".encode("utf-16-le")])
def test_decode_text_refuses_binary_data(data):
    with pytest.raises(InputError) as info:
        decode_text(data, fallback="cp1252", what="a list")
    assert info.value.problem is InputProblem.NOT_TEXT and "This input is not a list" in str(
        info.value)


def test_decode_text_without_fallback_names_the_line_that_is_not_utf8():
    with pytest.raises(InputError) as info:
        decode_text(b"ok\nok\nM\xfcller\n")
    assert info.value.problem is InputProblem.ENCODING and info.value.line == 3


def test_iter_lines_reads_lines_of_a_stream_within_limits():
    stream = io.BytesIO(codecs.BOM_UTF8 + b"a\r\nb\n\nc")
    assert list(iter_lines(stream, max_line=10, limit=100)) == [(1, "a"), (2, "b"), (3, ""),
                                                                (4, "c")]
    cases = [(b"ok\n" + b"x" * 11 + b"\n", InputProblem.LINE_TOO_LONG, 2),
             (b"x" * 50, InputProblem.LINE_TOO_LONG, 1),
             (b"ok\n" * 40, InputProblem.TOO_LARGE, 0),
             (b"ok\nb\x00\n", InputProblem.NOT_TEXT, 0),
             (b"ok\n\x01\x02\n", InputProblem.NOT_TEXT, 0),
             (b"ok\n\xe9\n", InputProblem.ENCODING, 2),
             ("ok\n".encode("utf-16"), InputProblem.ENCODING, 1)]
    for data, problem, line in cases:
        with pytest.raises(InputError) as info:
            list(iter_lines(io.BytesIO(data), max_line=10, limit=100))
        assert info.value.problem is problem, data[:20]
        assert info.value.line == line
        assert info.value.path is None


# --- command-line arguments -----------------------------------------------------------------
def test_int_argument_refuses_what_is_not_in_range_quoting_briefly():
    depth = int_argument(1, 15, "depth")
    assert depth("3") == 3 and depth(" 15 ") == 15
    for text in ["-5", "0", "16", "1e9", "", "x", "9" * 5000, "３"]:
        with pytest.raises(argparse.ArgumentTypeError) as info:
            depth(text)
        assert len(str(info.value)) < 160


def test_seconds_argument_refuses_nan_infinity_and_absurd_times():
    seconds = seconds_argument(3600.0)
    assert seconds("0.5") == 0.5 and seconds("3600") == 3600.0
    for text in ["inf", "nan", "-1", "0", "3601", "1e3", "", ".", "1" * 5000]:
        with pytest.raises(argparse.ArgumentTypeError):
            seconds(text)


# --- sound files ----------------------------------------------------------------------------
def _wav(path: Path, seconds: float, rate: int = 8000, channels: int = 1) -> Path:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(b"\0\0" * channels * int(seconds * rate))
    return path


def test_a_wav_up_to_the_limit_is_accepted_and_longer_refused(tmp_path):
    info = check_sound_file(_wav(tmp_path / "ok.wav", MAX_SOUND_SECONDS, channels=2))
    assert (info.kind, info.channels, info.rate) == ("WAV", 2, 8000)
    assert info.seconds == pytest.approx(MAX_SOUND_SECONDS)
    with pytest.raises(InputError) as exc:
        check_sound_file(_wav(tmp_path / "long.wav", MAX_SOUND_SECONDS + 0.5))
    assert exc.value.problem is InputProblem.TOO_LONG and exc.value.limit == MAX_SOUND_SECONDS


def test_a_wav_header_claiming_hours_counts_what_the_file_holds(tmp_path):
    header = (b"RIFF" + struct.pack("<I", 0xFFFFFFF0) + b"WAVE" + b"fmt " +
              struct.pack("<IHHIIHH", 16, 1, 1, 8000, 16000, 2, 16) + b"data" +
              struct.pack("<I", 0xFFFFFF00))
    (tmp_path / "liar.wav").write_bytes(header + bytes(16000))
    assert check_sound_file(tmp_path / "liar.wav").seconds == pytest.approx(1.0, abs=0.01)


def test_aiff_and_flac_headers_are_read(tmp_path):
    try:
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            import aifc
    except ImportError:
        aifc = None
    if aifc is not None:
        with aifc.open(str(tmp_path / "a.aiff"), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(8000)
            w.writeframes(b"\0\0" * 16000)
        assert check_sound_file(tmp_path / "a.aiff").seconds == pytest.approx(2.0)
    info = (44100 << 44) | (1 << 41) | (15 << 36) | 44100 * 3
    streaminfo = bytes(10) + info.to_bytes(8, "big") + bytes(16)
    (tmp_path / "a.flac").write_bytes(b"fLaC" + bytes([0x80, 0, 0, 34]) + streaminfo)
    flac = check_sound_file(tmp_path / "a.flac")
    assert (flac.kind, flac.channels, flac.rate, flac.seconds) == ("FLAC", 2, 44100, 3.0)


@pytest.mark.parametrize("data", [b"", b"RIFF", b"ID3\x03" + bytes(100), b"OggS" + bytes(100),
                                  b"fLaC" + bytes(10), b"RIFF\x00\x00\x00\x00WAVEjunk"])
def test_what_is_not_a_sound_file_is_refused(tmp_path, data):
    (tmp_path / "x.wav").write_bytes(data)
    with pytest.raises(InputError) as info:
        check_sound_file(tmp_path / "x.wav")
    assert info.value.problem is InputProblem.NOT_SOUND


# --- the PDN reader's limits ----------------------------------------------------------------
def test_read_pdn_file_tells_what_is_not_a_record(tmp_path):
    cases = {b"": InputProblem.EMPTY, b"\x89PNG\r\n\x1a\n\x00\x00": InputProblem.NOT_TEXT,
             "très bien\n".encode("latin-1"): InputProblem.WRONG_CONTENT}
    for data, problem in cases.items():
        (tmp_path / "f.pdn").write_bytes(data)
        with pytest.raises(NotPdnError) as info:
            read_pdn_file(tmp_path / "f.pdn")
        assert info.value.problem is problem
        assert "This file is not a checkers game record (PDN)" in str(info.value)
    (tmp_path / "g.pdn").write_bytes(GAME.replace('"x"', '"Müller"').encode("cp1252"))
    (parsed,) = read_games(read_pdn_file(tmp_path / "g.pdn"))
    assert parsed.game.tags["Event"] == "Müller"


def _limit(text: str) -> PdnLimit | None:
    try:
        list(read_games(text))
    except PdnLimitError as exc:
        return exc.limit
    return None


def test_game_moves_limit_counts_moves_and_variations():
    at = '[Event "x"]\n' + " ".join(["9-13"] * MAX_GAME_MOVES) + " *\n"
    assert _limit(at) is None
    assert _limit(at.replace(" *", " 9-13 *")) is PdnLimit.GAME_MOVES
    assert _limit(at.replace("9-13 *", "9-13 () *")) is PdnLimit.GAME_MOVES


def test_tag_count_limit():
    tags = "".join(f'[T{i} "v"]\n' for i in range(MAX_TAGS))
    assert _limit(tags + "*\n") is None
    assert _limit(tags + '[Extra "v"]\n*\n') is PdnLimit.TAG_COUNT


def test_game_size_limit_and_the_next_game_starts_afresh():
    filler = "{" + "c" * 9000 + "} "
    body = filler * (MAX_GAME_CHARS // len(filler) - 2)
    assert _limit('[Event "a"]\n1. 11-15 ' + body + "*\n" + '[Event "b"]\n1. 11-15 ' + body +
                  "*\n") is None
    assert _limit('[Event "a"]\n1. 11-15 ' + body + filler * 3 + "*\n") is PdnLimit.GAME_SIZE


def test_file_size_limit_of_text_and_bytes():
    with pytest.raises(PdnLimitError) as info:
        list(read_games(" " * (20 * 1024 * 1024 + 1)))
    assert info.value.limit is PdnLimit.FILE_SIZE
    with pytest.raises(PdnLimitError):
        list(read_games(b" " * (20 * 1024 * 1024 + 1)))
