"""``checkers-desktop listen --fen FEN [--answer] [--picked-up SQUARE] FILE.wav [...]``: decode WAV
files as if spoken in a position, through the same code path the app uses (AudioData ->
VoiceRecognizer.decode)."""

from __future__ import annotations

import sys

from checkers_desktop.rules import Board, InvalidFenError

from .recognizer import RecognizerUnavailableError, VoiceRecognizer


def load_audio(path: str):
    """A WAV, AIFF or FLAC file as a ``speech_recognition.AudioData`` (mono; any rate).

    Raises ``ValueError`` quoting ``path`` when the file cannot be read as audio; first
    :func:`~checkers_desktop.sound_file.check_sound_file` refuses, reading only the header, what is
    not a regular file (a FIFO, /dev/zero), a file over 16 MB and a recording over 15 seconds
    (its ``InputError`` is a ``ValueError``).
    """
    import speech_recognition as sr

    from checkers_desktop.sound_file import check_sound_file

    check_sound_file(path)
    try:
        with sr.AudioFile(path) as source:
            return sr.Recognizer().record(source)
    except (OSError, ValueError, EOFError, AssertionError) as exc:
        # AssertionError: SpeechRecognition asserts what it reads (mono or stereo, sample sizes)
        raise ValueError(f"{path!r} is not a readable audio file ({exc})") from exc


def listen_command(args) -> int:
    """Print ``FILE<TAB>RESULT`` for each file: RESULT is the PDN move with its whole path
    ("11-15", "26x17x10"), a command name (accessibility/voice-commands.md), "pick-up N", or "?"
    when nothing fits. With ``args.answer`` each file is decoded as the answer to a question the
    game waits on (only "yes", "no", "repeat", "stop talking" and "help" are listened for); with
    ``args.picked_up`` (a square, 1-32) as said after "pick up" that square: a put-down prints
    "square 15". Exit status 0; 2 when a file could not be read (the others are decoded), for a
    bad FEN, a picked-up square whose piece cannot move, or when the recogniser cannot run."""
    try:
        board = Board(args.fen)
    except (InvalidFenError, ValueError) as exc:
        print(f"checkers-desktop listen: {exc}", file=sys.stderr)
        return 2
    picked = getattr(args, "picked_up", None)
    if picked is not None and not any(m.from_square == picked for m in board.legal_moves):
        print(f"checkers-desktop listen: --picked-up {picked}: no piece on {picked} can move "
              "in this position", file=sys.stderr)
        return 2
    recognizer = VoiceRecognizer()
    status = 0
    for path in args.files:
        try:
            audio = load_audio(path)
        except ValueError as exc:
            print(f"checkers-desktop listen: {exc}", file=sys.stderr)
            status = 2
            continue
        try:
            result = recognizer.decode(audio, board, selected=picked,
                                       confirming=bool(getattr(args, "answer", False)))
        except RecognizerUnavailableError as exc:
            print(f"checkers-desktop listen: {exc}", file=sys.stderr)
            return 2
        print(f"{path}\t{result.result_text()}", flush=True)
    return status
