"""Hostile and careless input through every command-line tool (perft, moves, replay, bestmove,
listen), each run as ``python -m checkers_desktop ...`` in a subprocess with an address-space limit
(``RLIMIT_AS``, a safety net) and a timeout of 10 s.

Every case must end with the exit status its row gives (2 for bad input), no traceback, a message
on standard error that says what is wrong (and names the file), no line over 400 characters (input
is quoted briefly), within 10 s and a peak resident memory (``ru_maxrss`` of that child, read
with ``os.wait4``) under 300 MB. The files are made by the test itself, once per session.

Set ``CHECKERS_HOSTILE_TABLE=/path/table.md`` to have the time and peak memory of every case
written there as a table (the figures of the report come from it).
"""

from __future__ import annotations

import math
import os
import re
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tempfile
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

import pytest
from hostile_files import GAME, write_hostile_pdn

pytestmark = pytest.mark.skipif(
    not (hasattr(os, "wait4") and hasattr(os, "mkfifo") and os.path.exists("/dev/zero")),
    reason="needs a POSIX system: FIFOs, /dev/zero and wait4 for a child's own peak memory")

REPO = Path(__file__).resolve().parents[2]
TIMEOUT_SECONDS = 10.0
MAX_PEAK_MB = 300.0
ADDRESS_SPACE_BYTES = 2 * 1024 ** 3
"""The child's address-space limit: a runaway stops there (a MemoryError fails the test) instead of
taking the machine. Virtual, not resident: numpy and pocketsphinx map far more than they touch, so
the 300 MB limit is checked on the resident peak."""
MAX_DECODING_PEAK_MB = 450.0
"""The peak allowed for a well-formed recording that is decoded: the recogniser then loads
Whisper tiny.en (CTranslate2, int8) and pocketsphinx, about 340 MB resident on Linux x86-64.
Hostile input is refused before either model is loaded, under :data:`MAX_PEAK_MB`."""
MAX_LINE_CHARS = 400
START = "B:W21-32:B1-12"

RESULTS: list[tuple[str, int, float, float]] = []  # (case, exit status, seconds, peak MB)
ROOT_CANNOT_READ = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"]
"""As root, the prefix (util-linux's setpriv) that runs a command without the two capabilities
that let root read any file: root then obeys a file's permission bits, as any user does."""


# --- the corpus -----------------------------------------------------------------------------
class Corpus:
    """Paths of the hostile files, made once in a session's temporary folder: ``corpus.root`` is
    the folder, ``corpus.side_only_fen`` the file "side-only.fen" (the last "_" is the dot)."""

    def __init__(self, root: Path) -> None:
        self.root = str(root)

    def __getattr__(self, name: str) -> str:
        stem, _, ext = name.rpartition("_")
        return os.path.join(self.root, f"{stem.replace('_', '-')}.{ext}" if stem else name)


def _write_wav(path: Path, seconds: float, rate: int = 16000) -> None:
    frames = int(seconds * rate)
    tone = b"".join(struct.pack("<h", int(2000 * math.sin(i * 0.05))) for i in range(rate))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        whole, part = divmod(frames, rate)
        for _ in range(whole):
            w.writeframes(tone)
        w.writeframes(tone[:2 * part])


def _flac(path: Path, rate: int, total: int) -> None:
    info = (rate << 44) | (0 << 41) | (15 << 36) | total  # mono, 16 bits
    streaminfo = bytes(10) + info.to_bytes(8, "big") + bytes(16)
    path.write_bytes(b"fLaC" + bytes([0x80, 0, 0, 34]) + streaminfo + bytes(64))


@pytest.fixture(scope="session")
def corpus(tmp_path_factory) -> Corpus:
    root = tmp_path_factory.mktemp("hostile")
    write_hostile_pdn(root)
    with open(root / "huge.fen", "wb") as f:
        f.truncate(3 * 1024 * 1024)
    (root / "spaces.fen").write_text((" " * 999 + "\n") * 3 * 1024)  # 3 MB of blank lines
    (root / "fullwidth.fen").write_text("B:W２１,２２:B１,２\n")
    (root / "overlap.fen").write_text("B:W13-32:B1-12\n")
    (root / "crowd.fen").write_text("B:B1-28,K29-32:W\n")
    (root / "side-only.fen").write_text("B\n")
    (root / "good.fen").write_text(START + "\n")
    (root / "latin1.fen").write_bytes(b"B:W21-32:B1-12\nB:W\xe921:B1\n")
    (root / "utf16.fen").write_bytes((START + "\n").encode("utf-16"))
    (root / "binary.fen").write_bytes(bytes(range(256)) * 64)
    (root / "line1mb.fen").write_text("B:W21," + "2" * 1_000_000 + ":B1\n")
    (root / "longfen.fen").write_text("B:W21-32:B1-12" + " " * 2000 + "\n")
    os.mkfifo(root / "fifo")
    (root / "folder").mkdir()
    os.symlink("/dev/zero", root / "zero-link.pdn")
    os.symlink(root / "loop", root / "loop")
    (root / "locked.pdn").write_text(GAME)
    os.chmod(root / "locked.pdn", 0)
    _write_wav(root / "command.wav", 1.0)
    _write_wav(root / "long.wav", 60.0)
    (root / "text.wav").write_text("not audio at all\n")
    (root / "fake.mp3").write_bytes(b"ID3\x03\x00\x00\x00\x00\x00\x00" + b"\xff\xfb\x90\x00" * 4000)
    (root / "fake.ogg").write_bytes(b"OggS\x00\x02" + bytes(4000))
    _flac(root / "nolength.flac", 16000, 0)
    _flac(root / "hour.flac", 16000, 16000 * 3600)
    riff = (b"RIFF" + struct.pack("<I", 36) + b"WAVE" + b"fmt " +
            struct.pack("<IHHIIHH", 16, 3, 1, 16000, 64000, 4, 32) + b"data" + struct.pack("<I", 0))
    (root / "float.wav").write_bytes(riff)  # IEEE float: not the PCM the recogniser takes
    with open(root / "huge.wav", "wb") as f:
        f.write(b"RIFF" + struct.pack("<I", 0xFFFFFFF0) + b"WAVE")
        f.truncate(40 * 1024 * 1024)
    yield Corpus(root)
    os.chmod(root / "locked.pdn", stat.S_IRUSR | stat.S_IWUSR)


# --- running a command within limits --------------------------------------------------------
@dataclass
class Run:
    status: int
    stdout: str
    stderr: str
    seconds: float
    peak_mb: float
    timed_out: bool


# The command runs under a small launcher: the launcher sets the limit and reads the command's own
# peak with wait4. (Timed from pytest's process directly, a child's ru_maxrss starts at the size of
# the process it was forked from, pytest's, however little the command itself uses.)
LAUNCHER = r"""
import os, resource, subprocess, sys, time
limit, report = int(sys.argv[1]), sys.argv[2]
def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
start = time.monotonic()
child = subprocess.Popen(sys.argv[3:], preexec_fn=limit_memory)
_, status, usage = os.wait4(child.pid, 0)
seconds = time.monotonic() - start
child.returncode = os.waitstatus_to_exitcode(status)
with open(report, "w") as f:
    f.write(f"{child.returncode} {seconds} {usage.ru_maxrss}")
"""


def run_limited(args: list[str], stdin: Optional[str] = None,
                prefix: tuple[str, ...] = ()) -> Run:
    """Run the command in a child with the limits; its own peak memory comes from ``wait4``.
    ``prefix``: the command that runs it, such as :data:`ROOT_CANNOT_READ`."""
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               PYTHONIOENCODING="utf-8")
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryFile() as out, \
            tempfile.TemporaryFile() as err, open(stdin or os.devnull, "rb") as stdin_file:
        report = os.path.join(folder, "report")
        launcher = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER, str(ADDRESS_SPACE_BYTES), report,
             *prefix, sys.executable, "-m", "checkers_desktop", *args],
            stdin=stdin_file, stdout=out, stderr=err, cwd=REPO, env=env,
            start_new_session=True)
        try:
            launcher.wait(timeout=TIMEOUT_SECONDS + 5)
            timed_out = False
        except subprocess.TimeoutExpired:
            os.killpg(launcher.pid, signal.SIGKILL)  # the launcher and the command
            launcher.wait()
            timed_out = True
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
        if timed_out or not os.path.exists(report):
            return Run(-9, stdout, stderr, TIMEOUT_SECONDS + 5, 0.0, True)
        status, seconds, peak_kb = Path(report).read_text().split()
    return Run(int(status), stdout, stderr, float(seconds), int(peak_kb) / 1024,
               float(seconds) >= TIMEOUT_SECONDS)


# --- the table ------------------------------------------------------------------------------
@dataclass
class Case:
    """One hostile input: ``args`` (made from the corpus), the expected exit ``status``, a
    pattern ``says`` the message must match (on standard error; on standard output for status 0
    and 1), the file name the message must name (``names``), ``stdin`` (a corpus file)."""

    id: str
    args: Callable[[Corpus], list[str]]
    says: str
    status: int = 2
    names: Optional[str] = None
    stdin: Optional[str] = None
    check: Optional[Callable[[Run], None]] = None
    unreadable: bool = False
    """The case needs a file the user may not read (run with :func:`user_cannot_read_all`)."""


BIG_FEN = "B:W" + ",".join(["21"] * 40_960)  # 120 KB, one argument (Linux allows 128 KB)
FULL_WIDTH = "B:W２１,２２:B１,２"
FEN_CASES = [
    ("empty", "", "empty"),
    ("120kb", BIG_FEN, r"characters long; a FEN has at most 256"),
    ("fullwidth", FULL_WIDTH, "not an ASCII digit"),
    ("overlap", "B:W1-10,5-12:B20", "overlap"),
    ("13-white", "B:W13-32:B1-12", "White has 20 pieces"),
    ("32-black", "B:B1-28,K29-32:W", "Black has 32 pieces"),
    ("side-only", "B", "gives no pieces"),
    ("twice", "B:W21,21:B1", "given twice"),
    ("escape", "B:W\x1b[2J21:B1", "ASCII|not a square"),
]


def _fen_rows(command: str, extra: list[str]) -> list[Case]:
    return [Case(f"{command}-fen-{name}", lambda c, fen=fen: [command, "--fen", fen, *extra], says)
            for name, fen, says in FEN_CASES]


def _no_escape_codes(run: Run) -> None:
    assert "\x1b" not in run.stdout + run.stderr


CASES: list[Case] = [
    # replay: files
    Case("replay-missing", lambda c: ["replay", c.root + "/absent.pdn"], "no such file",
         names="absent.pdn"),
    Case("replay-folder", lambda c: ["replay", c.folder], "folder", names="folder"),
    Case("replay-fifo", lambda c: ["replay", c.fifo], "pipe", names="fifo"),
    Case("replay-dev-zero", lambda c: ["replay", "/dev/zero"], "device", names="/dev/zero"),
    Case("replay-link-to-dev-zero", lambda c: ["replay", c.zero_link_pdn], "device"),
    Case("replay-symlink-loop", lambda c: ["replay", c.loop], "cannot be read", names="loop"),
    Case("replay-name-too-long", lambda c: ["replay", c.root + "/" + "n" * 5000], "cannot be read"),
    Case("replay-not-permitted", lambda c: ["replay", c.locked_pdn], "not allowed",
         names="locked.pdn", unreadable=True),
    Case("replay-empty", lambda c: ["replay", c.empty_pdn], "not a checkers game record.*empty",
         names="empty.pdn"),
    Case("replay-blank", lambda c: ["replay", c.blank_pdn], "not a checkers game record"),
    Case("replay-21mb", lambda c: ["replay", c.huge_pdn], "too large.*at most 20 MB",
         names="huge.pdn"),
    Case("replay-binary", lambda c: ["replay", c.binary_pdn],
         "not a checkers game record \\(PDN\\): it holds binary data", names="binary.pdn"),
    Case("replay-png", lambda c: ["replay", c.png_pdn], "not a checkers game record"),
    Case("replay-control-characters", lambda c: ["replay", c.controls_pdn], "binary data"),
    Case("replay-utf16-no-bom", lambda c: ["replay", c.utf16_nobom_pdn], "binary data"),
    Case("replay-utf16-bom", lambda c: ["replay", c.utf16_pdn], "games: 1, replayed: 1", 0),
    Case("replay-latin1-names", lambda c: ["replay", c.latin1_pdn], "games: 1, replayed: 1", 0),
    Case("replay-latin1-prose", lambda c: ["replay", c.latin1_prose_pdn],
         "not a checkers game record.*no tag pair"),
    Case("replay-nested-990", lambda c: ["replay", c.nested990_pdn], "nested more than 64 deep",
         names="nested990.pdn"),
    Case("replay-nested-100000", lambda c: ["replay", c.nested100k_pdn], "nested more than 64"),
    Case("replay-tag-10mb", lambda c: ["replay", c.tag10mb_pdn],
         "10,000,000 characters long; a tag value may hold at most 1,000", names="tag10mb.pdn"),
    Case("replay-comment-10mb", lambda c: ["replay", c.comment10mb_pdn], "comment is 10,000,002"),
    Case("replay-unclosed-comment", lambda c: ["replay", c.unclosed_pdn], "never closed"),
    Case("replay-word-10mb", lambda c: ["replay", c.word10mb_pdn], "characters long"),
    Case("replay-million-moves", lambda c: ["replay", c.million_pdn], "longer than 256 KB"),
    Case("replay-10001-moves", lambda c: ["replay", c.moves10001_pdn], "more than 10,000 moves"),
    Case("replay-1000-tags", lambda c: ["replay", c.tags1000_pdn], "more than 200 tag pairs"),
    Case("replay-100kb-move", lambda c: ["replay", c.longmove_pdn], "not a move: it is too long",
         1),
    Case("replay-escape-codes-in-names", lambda c: ["replay", c.escape_pdn], "illegal", 1,
         check=_no_escape_codes),
    Case("replay-bad-profile", lambda c: ["replay", c.latin1_pdn, "--profile", "p" * 100_000],
         "not a rule profile"),
    # moves: a file or standard input
    Case("moves-missing", lambda c: ["moves", "--fen-file", c.root + "/absent.fen"], "no such file",
         names="absent.fen"),
    Case("moves-folder", lambda c: ["moves", "--fen-file", c.folder], "folder"),
    Case("moves-fifo", lambda c: ["moves", "--fen-file", c.fifo], "pipe", names="fifo"),
    Case("moves-dev-zero", lambda c: ["moves", "--fen-file", "/dev/zero"], "device"),
    Case("moves-binary", lambda c: ["moves", "--fen-file", c.binary_fen], "binary data"),
    Case("moves-latin1", lambda c: ["moves", "--fen-file", c.latin1_fen], "line 2 is not UTF-8",
         names="latin1.fen"),
    Case("moves-utf16", lambda c: ["moves", "--fen-file", c.utf16_fen], "UTF-16"),
    Case("moves-1mb-line", lambda c: ["moves", "--fen-file", c.line1mb_fen],
         "line 1 is too long"),
    Case("moves-long-fen-line", lambda c: ["moves", "--fen-file", c.longfen_fen],
         "line 1 is too long"),
    Case("moves-fullwidth", lambda c: ["moves", "--fen-file", c.fullwidth_fen],
         "line 1: .*not an ASCII digit", names="fullwidth.fen"),
    Case("moves-overlap", lambda c: ["moves", "--fen-file", c.overlap_fen], "White has 20 pieces"),
    Case("moves-crowd", lambda c: ["moves", "--fen-file", c.crowd_fen], "Black has 32 pieces"),
    Case("moves-side-only", lambda c: ["moves", "--fen-file", c.side_only_fen], "gives no pieces"),
    Case("moves-stdin-dev-zero", lambda c: ["moves"], "standard input.*binary data",
         stdin="/dev/zero"),
    Case("moves-stdin-binary", lambda c: ["moves"], "binary data", stdin="binary.fen"),
    Case("moves-3mb", lambda c: ["moves", "--fen-file", c.huge_fen], "too large.*at most 2 MB"),
    Case("moves-stdin-3mb", lambda c: ["moves"], "standard input.*too large", stdin="spaces.fen"),
    # perft
    *_fen_rows("perft", ["--depth", "1"]),
    Case("perft-depth-negative", lambda c: ["perft", "--depth", "-5"], "depth -5 is not from 1"),
    Case("perft-depth-zero", lambda c: ["perft", "--depth", "0"], "depth 0 is not from 1"),
    Case("perft-depth-absurd", lambda c: ["perft", "--depth", "99"],
         "depth 99 is not from 1 to 15"),
    Case("perft-depth-5000-digits", lambda c: ["perft", "--depth", "9" * 5000],
         "is not a whole number"),
    Case("perft-depth-float", lambda c: ["perft", "--depth", "1e9"], "is not a whole number"),
    # bestmove
    *_fen_rows("bestmove", ["--depth", "1"]),
    Case("bestmove-time-inf", lambda c: ["bestmove", "--fen", START, "--time", "inf"],
         "not a number of seconds"),
    Case("bestmove-time-nan", lambda c: ["bestmove", "--fen", START, "--time", "nan"],
         "not a number of seconds"),
    Case("bestmove-time-negative", lambda c: ["bestmove", "--fen", START, "--time", "-1"],
         "not a number of seconds"),
    Case("bestmove-time-year", lambda c: ["bestmove", "--fen", START, "--time", "31536000"],
         "at most 3600"),
    Case("bestmove-depth-negative", lambda c: ["bestmove", "--fen", START, "--depth", "-5"],
         "not from 1 to 64"),
    Case("bestmove-level-huge", lambda c: ["bestmove", "--fen", START, "--level", "9" * 5000],
         "not a whole number"),
    # listen
    *_fen_rows("listen", ["/dev/null"])[:3],
    Case("listen-long-wav", lambda c: ["listen", "--fen", START, c.long_wav],
         "60.0 seconds long; a voice command recording may be at most 15", names="long.wav"),
    Case("listen-40mb-wav", lambda c: ["listen", "--fen", START, c.huge_wav], "too large"),
    Case("listen-mp3", lambda c: ["listen", "--fen", START, c.fake_mp3],
         "not a WAV, AIFF or FLAC sound file", names="fake.mp3"),
    Case("listen-ogg", lambda c: ["listen", "--fen", START, c.fake_ogg], "not a WAV, AIFF or FLAC"),
    Case("listen-text", lambda c: ["listen", "--fen", START, c.text_wav],
         "not a WAV, AIFF or FLAC"),
    Case("listen-float-wav", lambda c: ["listen", "--fen", START, c.float_wav],
         "floating-point samples, not integer PCM"),
    Case("listen-flac-no-length", lambda c: ["listen", "--fen", START, c.nolength_flac],
         "does not say how long"),
    Case("listen-flac-hour", lambda c: ["listen", "--fen", START, c.hour_flac],
         "3,600.0 seconds long"),
    Case("listen-dev-zero", lambda c: ["listen", "--fen", START, "/dev/zero"], "device"),
    Case("listen-fifo", lambda c: ["listen", "--fen", START, c.fifo], "pipe"),
    Case("listen-folder", lambda c: ["listen", "--fen", START, c.folder], "folder"),
    Case("listen-missing", lambda c: ["listen", "--fen", START, c.root + "/absent.wav"],
         "no such file"),
    # the command line itself
    Case("cli-unknown-command-120kb", lambda c: ["x" * 120_000], "invalid choice"),
    Case("cli-unknown-arguments-120kb", lambda c: ["perft", "--depth", "1", "y" * 120_000],
         "unrecognized arguments"),
]


def _ids(cases):
    return [c.id for c in cases]


def user_cannot_read_all() -> tuple[str, ...]:
    """The prefix under which the command cannot read a file its mode forbids: none for an
    ordinary user; as root, :data:`ROOT_CANNOT_READ`. Skips, saying why, where root cannot drop
    those capabilities here."""
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("root may read any file, and setpriv (util-linux), which would drop that "
                    "right for the command, is not installed")
    probe = subprocess.run([*ROOT_CANNOT_READ, "true"], capture_output=True, text=True,
                           timeout=10)
    if probe.returncode != 0:
        pytest.skip("root may read any file, and setpriv cannot drop that right here: "
                    + probe.stderr.strip())
    return tuple(ROOT_CANNOT_READ)


@pytest.mark.parametrize("case", CASES, ids=_ids(CASES))
def test_hostile_input_is_refused_clearly_within_limits(case: Case, corpus: Corpus):
    prefix = user_cannot_read_all() if case.unreadable else ()
    stdin = None
    if case.stdin:
        stdin = case.stdin if case.stdin.startswith("/") else os.path.join(corpus.root, case.stdin)
    run = run_limited(case.args(corpus), stdin, prefix)
    RESULTS.append((case.id, run.status, run.seconds, run.peak_mb))
    assert not run.timed_out, f"still running after {TIMEOUT_SECONDS} s"
    assert "Traceback" not in run.stderr, run.stderr[-2000:]
    assert run.status == case.status, (run.status, run.stderr[-1000:], run.stdout[-500:])
    text = run.stderr if case.status == 2 else run.stdout + run.stderr
    assert re.search(case.says, text), (case.says, text[-1000:])
    if case.status == 2:
        assert run.stderr.strip(), "nothing said on standard error"
    if case.names:
        assert case.names in run.stderr + run.stdout
    longest = max((len(line) for line in (run.stdout + run.stderr).splitlines()), default=0)
    assert longest <= MAX_LINE_CHARS, f"a line of {longest} characters"
    assert run.seconds < TIMEOUT_SECONDS
    assert run.peak_mb < MAX_PEAK_MB, f"peak {run.peak_mb:.0f} MB"
    if case.check:
        case.check(run)


def test_a_good_command_within_the_same_limits_still_works(corpus: Corpus):
    """The harness is not what refuses: a real recording and a real game go through."""
    run = run_limited(["listen", "--fen", START, corpus.command_wav])
    RESULTS.append(("listen-good-wav", run.status, run.seconds, run.peak_mb))
    assert run.status == 0 and run.stdout.startswith(corpus.command_wav + "\t"), run.stderr
    assert run.peak_mb < MAX_DECODING_PEAK_MB
    run = run_limited(["moves", "--fen-file", corpus.good_fen])
    assert run.status == 0 and run.stdout.split() == \
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]


@pytest.fixture(scope="module", autouse=True)
def _table():
    yield
    target = os.environ.get("CHECKERS_HOSTILE_TABLE")
    if not target or not RESULTS:
        return
    lines = ["| case | exit | seconds | peak MB |", "| --- | --- | --- | --- |"]
    lines += [f"| {case} | {status} | {seconds:.2f} | {peak:.0f} |"
              for case, status, seconds, peak in RESULTS]
    by_command: dict[str, tuple[float, float, str, str]] = {}
    for case, _, seconds, peak in RESULTS:
        command = case.split("-")[0]
        worst = by_command.get(command, (0.0, 0.0, "", ""))
        by_command[command] = (max(worst[0], seconds), max(worst[1], peak),
                               case if seconds >= worst[0] else worst[2],
                               case if peak >= worst[1] else worst[3])
    lines += ["", "| command | longest (s) | case | largest peak (MB) | case |",
              "| --- | --- | --- | --- | --- |"]
    lines += [f"| {cmd} | {s:.2f} | {cs} | {m:.0f} | {cm} |"
              for cmd, (s, m, cs, cm) in sorted(by_command.items())]
    Path(target).write_text("\n".join(lines) + "\n")
