"""The app's own voice: :class:`TtsSink`, a worker thread that owns a pyttsx3 engine.

Why a thread of its own: pyttsx3 calls block until an utterance is over, and the engine must be
used from the thread that made it. The sink's :meth:`~TtsSink.output` only puts the text in a list
and returns; the worker takes texts one by one and speaks them, following the priority rules of
:func:`~.announcer.schedule` (INTERRUPT cuts off, READING replaces reading, QUEUE waits), except
that an INTERRUPT text lets a QUEUE text being said end first, up to :data:`HOLD_SECONDS` from
its start (the player's own move is heard whole before the computer's reply).

How it speaks:

* With the espeak-ng driver (Linux), pyttsx3 2.99 plays each utterance by running ``aplay`` and
  cannot stop it, and a ``say`` after a ``save_to_file`` writes to that file again. So the worker
  has espeak-ng synthesise each utterance into a temporary WAV file (``engine.save_to_file``) and
  plays it itself through PortAudio (``sounddevice``) in 50 ms chunks, so an interrupt stops it
  within a chunk. Where there is no sound device the error is reported (once) and nothing hangs.
* With the other drivers (SAPI5 on Windows, NSSpeechSynthesizer/AVSpeech on macOS) it uses
  ``engine.say`` and ``runAndWait``; an interrupt calls ``engine.stop()``.

Errors never reach the caller: when no engine can be made :attr:`TtsSink.available` is False and
:attr:`TtsSink.error_message` says why in plain words; texts are then dropped. A failure while
speaking is passed to the optional ``on_error(message)`` callback - **called from the worker
thread**, so a UI must marshal it to the GUI thread (emit a Qt signal) before touching widgets - and
the worker goes on with the next text.
"""

from __future__ import annotations

import collections
import io
import logging
import shutil
import tempfile
import threading
import time
import wave
from pathlib import Path
from typing import Any, Callable, Optional, Union

from ..storage.atomic import write_atomic

from .announcer import OutputSink, Priority, schedule

log = logging.getLogger(__name__)

__all__ = ["TtsSink", "NO_ENGINE_MESSAGE", "Player", "sounddevice_player"]

NO_ENGINE_MESSAGE = "Speech is off: no speech engine was found (install espeak-ng)."
NO_DEVICE_MESSAGE = "Speech is off: no sound output device was found."

Player = Callable[[Path, threading.Event], None]
"""Plays a WAV file; must return early (within about 50 ms) once the event is set. May raise."""

SYNTHESIS_TRIES = 3
"""How many times an utterance is synthesised, to be spoken or written to a file, before "no
sound" is reported: espeak-ng through pyttsx3 now and then writes a file without sound while other
processes keep both cores busy (seen in the test suite run on both cores, once when speaking and
once when writing a file), and another try gives the sound."""

_CHUNK_SECONDS = 0.05

HOLD_SECONDS = 8.0
"""The longest an INTERRUPT text (the computer's reply, a clock warning) lets the QUEUE text
being said by the own voice (the player's own move) run on, from when the worker took it up
(seconds). The own voice knows when its text ends (a screen reader's does not, so the screen
reader sink guesses, ``ui.a11y.HOLD_MAX_MS``), so this is only a bound on a long text: the
player's double jump "You: twenty-six jumps seventeen jumps ten, takes two men, on twenty-two
and fourteen." lasts 5.1 s at the voice's default rate (espeak-ng at 200 words a minute) and
7.4 s at 150 (``espeak-ng -s 150``, the file's length); the synthesis before it about 0.2 s."""


def sounddevice_player(path: Path, stop: threading.Event) -> None:
    """Play the 16-bit WAV file ``path`` on the default output through PortAudio, in 50 ms chunks,
    returning early when ``stop`` is set. Raises ``OSError``/``RuntimeError`` (PortAudio) when there
    is no output device."""
    import sounddevice  # imported here: loading PortAudio can fail and must not break the import

    with wave.open(str(path), "rb") as wav:
        rate, channels, width = wav.getframerate(), wav.getnchannels(), wav.getsampwidth()
        frames = wav.readframes(wav.getnframes())
    if width != 2:
        raise RuntimeError(f"cannot play {path}: {8 * width}-bit samples")
    chunk = max(1, int(rate * _CHUNK_SECONDS)) * channels * width
    with sounddevice.RawOutputStream(samplerate=rate, channels=channels, dtype="int16") as stream:
        for start in range(0, len(frames), chunk):
            if stop.is_set():
                stream.abort()
                return
            stream.write(frames[start:start + chunk])


def _scale_wav(path: Path, factor: float) -> None:
    """Multiply the 16-bit samples of the WAV file ``path`` by ``factor`` (0-1), in place."""
    import array
    import sys

    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        data = wav.readframes(wav.getnframes())
    if params.sampwidth != 2:
        return
    samples = array.array("h", data)
    if sys.byteorder == "big":
        samples.byteswap()
    samples = array.array("h", (int(x * factor) for x in samples))
    if sys.byteorder == "big":
        samples.byteswap()
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setparams(params)
        wav.writeframes(samples.tobytes())
    write_atomic(path, out.getvalue())


def _quieten(engine) -> None:
    """pyttsx3 2.99's espeak driver prints "Audio saved to FILE" for every utterance; the worker
    saves every utterance, so that line is dropped (other prints of the driver still show)."""
    import builtins
    import sys

    driver = getattr(getattr(engine, "proxy", None), "_driver", None)
    module = sys.modules.get(type(driver).__module__) if driver is not None else None
    if module is None or getattr(module, "print", None) is not None:
        return

    def quiet_print(*args, **kwargs):
        if args and isinstance(args[0], str) and args[0].startswith("Audio saved to "):
            return
        builtins.print(*args, **kwargs)

    setattr(module, "print", quiet_print)  # the driver module's own print, shadowing the builtin


def _is_espeak(engine) -> bool:
    driver = getattr(getattr(engine, "proxy", None), "_driver", None)
    return driver is not None and "espeak" in type(driver).__module__.lower()


class TtsSink(OutputSink):
    """An :class:`~.announcer.OutputSink` that speaks with pyttsx3 on a daemon worker thread.

    ``on_error(message)``: called from the worker thread when speaking fails (see the module
    docstring). ``rate`` (words per minute), ``volume`` (0.0-1.0), ``voice`` (an id from
    :meth:`voices`): initial settings. ``driver_name``: a pyttsx3 driver ("espeak", "sapi5",
    "nsss"), None for the platform's default. ``player``: plays WAV files in the espeak mode
    (tests pass a fake; default :func:`sounddevice_player`). ``start_timeout``: seconds the
    constructor waits for the engine to start (it took 30 ms here); the only wait the sink ever
    makes on the caller's thread. ``hold``: the longest (seconds from its start) a QUEUE text
    being said is let run on when an INTERRUPT text comes (default :data:`HOLD_SECONDS`; 0 cuts
    it at once, as :func:`~.announcer.schedule` says).
    """

    def __init__(self, *, on_error: Optional[Callable[[str], None]] = None,
                 rate: Optional[int] = None, volume: Optional[float] = None,
                 voice: Optional[str] = None, driver_name: Optional[str] = None,
                 player: Optional[Player] = None, start_timeout: float = 10.0,
                 hold: float = HOLD_SECONDS) -> None:
        self.on_error = on_error
        self.hold = float(hold)
        self.available = False
        self.error_message: Optional[str] = None
        self._driver_name = driver_name
        self._player: Player = player or sounddevice_player
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._pending: list[tuple[str, Priority]] = []
        self._current: Optional[Priority] = None
        self._began = 0.0  # when the text being said was taken up (time.monotonic seconds)
        self._serial = 0  # counts the texts taken up, so a late cut never stops the next one
        self._cut = threading.Event()
        self._settings: collections.deque = collections.deque()
        self._jobs: collections.deque = collections.deque()
        self._closing = False
        self._last_reported: Optional[str] = None
        self._voices: list[tuple[str, str]] = []
        self._engine: Any = None  # a pyttsx3 Engine (pyttsx3 has no type information)
        self._start_error: Optional[BaseException] = None
        self._file_mode = False
        self._volume = 1.0
        self._tmpdir: Optional[str] = None
        self._ready = threading.Event()
        if rate is not None:
            self.set_rate(rate)
        if volume is not None:
            self.set_volume(volume)
        if voice is not None:
            self._settings.append(("voice", voice))
        self._thread = threading.Thread(target=self._run, name="tts-worker", daemon=True)
        self._thread.start()
        if not self._ready.wait(start_timeout):
            self.error_message = "Speech is off: the speech engine did not start in time."

    # --- OutputSink -------------------------------------------------------------------------
    def output(self, text: str, priority: Priority = Priority.QUEUE) -> None:
        """Queue ``text`` by the priority rules and return at once; dropped when unavailable."""
        if not self.available or self._closing or not text:
            return
        with self._wake:
            cut, self._pending = schedule(self._current, self._pending, text, Priority(priority))
            if cut:
                left = (self.hold - (time.monotonic() - self._began)
                        if Priority(priority) is Priority.INTERRUPT
                        and self._current is Priority.QUEUE else 0.0)
                if left > 0:
                    # the player's own move ends first; a long QUEUE text is cut at the hold
                    timer = threading.Timer(left, self._cut_if_still, args=(self._serial,))
                    timer.daemon = True
                    timer.start()
                else:
                    self._interrupt_locked()
            self._wake.notify()

    def _cut_if_still(self, serial: int) -> None:
        """Cut the text being said if it is still the one numbered ``serial`` (a timer's call)."""
        with self._wake:
            if self._serial == serial and self._current is not None:
                self._interrupt_locked()

    def cancel(self) -> None:
        """Stop what is being said and drop everything waiting; returns at once."""
        with self._wake:
            self._pending = []
            if self._current is not None:
                self._interrupt_locked()
            self._wake.notify()

    # --- settings ---------------------------------------------------------------------------
    def set_rate(self, words_per_minute: int) -> None:
        """Speaking rate in words per minute (50-500; espeak-ng's default is 175-200).

        Applies from the next utterance. Raises ``ValueError`` quoting a bad value.
        """
        if isinstance(words_per_minute, bool) or not isinstance(words_per_minute, (int, float)) \
                or not 50 <= words_per_minute <= 500:
            raise ValueError(f"{words_per_minute!r} is not a speaking rate from 50 to 500 words "
                             "per minute")
        self._setting("rate", int(words_per_minute))

    def set_volume(self, volume: float) -> None:
        """Loudness from 0.0 (silent) to 1.0 (full). Raises ``ValueError`` quoting a bad value."""
        if isinstance(volume, bool) or not isinstance(volume, (int, float)) \
                or not 0.0 <= volume <= 1.0:
            raise ValueError(f"{volume!r} is not a volume from 0.0 to 1.0")
        self._setting("volume", float(volume))

    def set_voice(self, voice_id: str) -> None:
        """Use the voice ``voice_id`` (an id from :meth:`voices`). Raises ``ValueError`` quoting an
        id the engine does not have (unchecked when the engine is unavailable)."""
        if self._voices and voice_id not in {vid for vid, _ in self._voices}:
            raise ValueError(f"{voice_id!r} is not one of the speech engine's voices")
        self._setting("voice", voice_id)

    def voices(self) -> list[tuple[str, str]]:
        """The engine's voices as ``(id, name)`` pairs (empty when unavailable)."""
        return list(self._voices)

    def _setting(self, name: str, value) -> None:
        with self._wake:
            self._settings.append((name, value))
            self._wake.notify()

    # --- other controls ---------------------------------------------------------------------
    @property
    def speaking(self) -> bool:
        """True while an utterance is being said or texts are waiting."""
        with self._lock:
            return self._current is not None or bool(self._pending)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Block until nothing is being said or waiting (for tests and shutdown); False on timeout."""
        with self._wake:
            return self._wake.wait_for(
                lambda: (self._current is None and not self._pending and not self._jobs)
                or not self._thread.is_alive(), timeout)

    def synthesize_to_file(self, text: str, path: Union[str, Path], timeout: float = 10.0) -> bool:
        """Have the engine write ``text`` as a WAV file at ``path``, waiting up to ``timeout``
        seconds (this one call blocks: it is for tests and exporting, not for the GUI thread).

        Returns True when a non-empty file was written, False when unavailable or it failed.
        """
        if not self.available or self._closing:
            return False
        done = threading.Event()
        result: list[bool] = []
        with self._wake:
            self._jobs.append((text, Path(path), done, result))
            self._wake.notify()
        return done.wait(timeout) and bool(result and result[0])

    def close(self, timeout: float = 2.0) -> None:
        """Stop speaking and end the worker (waits up to ``timeout`` seconds for it)."""
        with self._wake:
            self._closing = True
            self._pending = []
            self._interrupt_locked()
            self._wake.notify_all()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout)

    # --- worker -----------------------------------------------------------------------------
    def _interrupt_locked(self) -> None:
        self._cut.set()
        if self._engine is not None and not self._file_mode and self._current is not None:
            try:
                self._engine.stop()
            except Exception:  # best effort; the worker will move on anyway
                log.debug("the speech engine did not stop at once", exc_info=True)

    def _report(self, message: str) -> None:
        if message == self._last_reported or self.on_error is None:
            self._last_reported = message
            return
        self._last_reported = message
        try:
            self.on_error(message)
        except Exception:  # telling must never be what breaks speech
            log.exception("the speech error could not be told: %s", message)

    def _start_engine(self) -> None:
        try:
            import pyttsx3
            engine = pyttsx3.init(self._driver_name) if self._driver_name else pyttsx3.init()
            voices = [(str(v.id), str(v.name)) for v in (engine.getProperty("voices") or [])]
        except Exception as exc:  # ImportError, RuntimeError, OSError from the driver...
            self.error_message = NO_ENGINE_MESSAGE
            self._start_error = exc
            return
        self._engine = engine
        self._voices = voices
        self.error_message = None
        self._file_mode = _is_espeak(engine)
        if self._file_mode:
            self._tmpdir = tempfile.mkdtemp(prefix="checkers-tts-")
            _quieten(engine)
        self.available = True

    def _run(self) -> None:
        self._start_error = None
        try:
            self._start_engine()
        finally:
            self._ready.set()
        if not self.available:
            return
        try:
            self._loop()
        finally:
            if self._tmpdir:
                shutil.rmtree(self._tmpdir, ignore_errors=True)
            with self._wake:
                self._current = None
                self._wake.notify_all()

    def _loop(self) -> None:
        while True:
            with self._wake:
                self._wake.wait_for(lambda: self._closing or self._pending or self._settings
                                    or self._jobs)
                if self._closing:
                    return
                settings = list(self._settings)
                self._settings.clear()
                job = self._jobs.popleft() if self._jobs and not settings else None
                item = None
                if not settings and job is None and self._pending:
                    item = self._pending.pop(0)
                    self._current = item[1]
                    self._began = time.monotonic()
                    self._serial += 1
                    self._cut.clear()
            for name, value in settings:
                self._apply(name, value)
            if job is not None:
                self._run_job(*job)
            if item is not None:
                try:
                    self._speak(item[0])
                except Exception as exc:
                    self._report(f"Speech failed: {exc}")
                finally:
                    with self._wake:
                        self._current = None
                        self._wake.notify_all()

    def _apply(self, name: str, value) -> None:
        if name == "volume" and self._file_mode:
            # espeak-ng ignores its volume parameter when pyttsx3 retrieves the samples
            # (checked with espeak-ng 1.51 here), so the worker scales the samples itself.
            self._volume = float(value)
            return
        if not self._file_mode:
            self._hold_commands()
        try:
            # espeak-ng takes parameters through its command thread; a rate set while that
            # thread was idle or finishing was often lost (pyttsx3 2.99, espeak-ng here), unless
            # espeak_Synchronize was called before and after.
            self._espeak_synchronize()
            self._engine.setProperty(name, value)
            self._espeak_synchronize()
        except Exception as exc:
            self._report(f"Speech setting {name} = {value!r} was refused: {exc}")

    def _espeak_synchronize(self) -> None:
        """Wait until espeak-ng's command thread is idle (file mode only; best effort)."""
        if not self._file_mode:
            return
        try:
            from pyttsx3.drivers import _espeak
            _espeak.Synchronize()
        except Exception:  # best effort: the next command waits a little longer
            log.debug("espeak-ng could not be synchronised", exc_info=True)

    def _hold_commands(self) -> None:
        """Make pyttsx3 queue the next commands until runAndWait starts its loop.

        pyttsx3 2.99 leaves its driver proxy "not busy" after a loop whose driver spoke
        synchronously; the next say() and the loop's own end command then run at once, before the
        loop starts, and runAndWait never returns (the "second runAndWait hangs" problem).
        """
        proxy = getattr(self._engine, "proxy", None)
        if proxy is not None and hasattr(proxy, "setBusy"):
            proxy.setBusy(True)

    def _save(self, text: str, path: Path) -> None:
        engine = self._engine
        if not self._file_mode:
            self._hold_commands()
        engine.save_to_file(text, str(path))
        engine.runAndWait()
        self._espeak_synchronize()
        driver = getattr(getattr(engine, "proxy", None), "_driver", None)
        if driver is not None and hasattr(driver, "_save_file"):
            driver._save_file = None  # pyttsx3 2.99: a later say() would write this file again
        if self._file_mode and self._volume < 1.0 and path.is_file():
            _scale_wav(path, self._volume)

    def _save_sound(self, text: str, path: Path, stop: Optional[threading.Event]) -> bool:
        """Synthesise ``text`` into the WAV file ``path``, up to :data:`SYNTHESIS_TRIES` times
        while the engine writes a file without sound; True once it holds sound. A set ``stop``
        ends the tries at once (False)."""
        for _attempt in range(SYNTHESIS_TRIES):
            path.unlink(missing_ok=True)  # a file left from before must not pass for this one
            self._save(text, path)
            if stop is not None and stop.is_set():
                return False
            if path.is_file() and path.stat().st_size > 44:
                return True
            log.info("the speech engine wrote no sound for %r; synthesising it again", text[:40])
        return False

    def _run_job(self, text: str, path: Path, done: threading.Event, result: list) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            result.append(self._save_sound(text, path, stop=None))
        except Exception as exc:
            result.append(False)
            self._report(f"Speech could not be saved: {exc}")
        finally:
            done.set()
            with self._wake:
                self._wake.notify_all()

    def _speak(self, text: str) -> None:
        if not self._file_mode:
            self._hold_commands()
            self._engine.say(text)
            self._engine.runAndWait()
            return
        assert self._tmpdir is not None  # made with the engine in file mode
        wav = Path(self._tmpdir) / "utterance.wav"
        if not self._save_sound(text, wav, stop=self._cut):
            if self._cut.is_set():
                return
            raise RuntimeError("the speech engine produced no sound")
        try:
            self._player(wav, self._cut)
        except Exception as exc:
            name = type(exc).__name__
            if "PortAudio" in name or isinstance(exc, OSError):
                # the player is told in words; the driver's own text ("Error querying device
                # -1") is for the log and the problem report, not for the status line
                log.warning("no sound output: %s: %s", name, exc)
                self._report(NO_DEVICE_MESSAGE)
            else:
                raise
        else:
            self._last_reported = None
