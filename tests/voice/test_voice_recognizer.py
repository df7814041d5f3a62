"""The pocketsphinx recogniser (the fallback where the Whisper model is not installed) on real
audio: utterances rendered with espeak-ng into temporary WAV files, decoded through the path the
app uses (WAV -> SpeechRecognition AudioData -> decode)."""

from __future__ import annotations

import array
import random
import shutil
import subprocess
from types import SimpleNamespace

import pytest

from checkers_desktop.rules import Board
from checkers_desktop.speech.voice import RecognizerUnavailableError, SphinxRecognizer
from checkers_desktop.speech.voice.commands import listen_command, load_audio
from checkers_desktop.speech.voice.grammar import VOCABULARY
from checkers_desktop.texts.voice import confirmation_question_text, heard_text
from whisper_model import HAVE_MODEL

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng renders the speech"),
]

JUMP = "W:W22,30:B18"
DOUBLE = "W:W26:B22,14"


@pytest.fixture(scope="module")
def recognizer():
    r = SphinxRecognizer()
    r.warm_up()
    return r


@pytest.fixture
def say(tmp_path):
    count = iter(range(1000))

    def render(text, voice="en-us+f2", speed=160):
        path = tmp_path / f"u{next(count)}.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(path), text],
                       check=True)
        return path
    return render


def noisy(pcm: bytes, snr_db: float, seed: int) -> bytes:
    """``pcm`` (16-bit mono) with 0.3 s of silence either side and white noise at ``snr_db``
    below the speech's power."""
    speech = array.array("h", pcm)
    samples = array.array("h", bytes(9600)) + speech + array.array("h", bytes(9600))
    sigma = (sum(x * x for x in speech) / max(len(speech), 1) / 10 ** (snr_db / 10)) ** 0.5
    rng = random.Random(seed)
    return array.array("h", (max(-32768, min(32767, int(x + rng.gauss(0, sigma))))
                             for x in samples)).tobytes()


def decode(recognizer, path, fen=None, **kw):
    board = Board(fen) if fen else Board()
    before = board.fen()
    result = recognizer.decode(load_audio(str(path)), board, **kw)
    assert board.fen() == before  # decoding never changes the game
    return result


def test_dictionary_has_every_word_of_the_grammar(recognizer):
    decoder = recognizer._decoder
    assert [w for w in VOCABULARY if decoder.lookup_word(w) is None] == []


@pytest.mark.parametrize("voice", ["en-us+f2", "en"])
@pytest.mark.parametrize("text", ["eleven to fifteen", "move nine to fourteen", "twelve sixteen"])
def test_moves(recognizer, say, text, voice):
    squares = {"eleven to fifteen": "11-15", "move nine to fourteen": "9-14",
               "twelve sixteen": "12-16"}
    result = decode(recognizer, say(text, voice), None)
    assert result.kind == "move"
    assert result.move.pdn() == squares[text]
    assert heard_text(result).startswith("Heard: ")


def test_jump(recognizer, say):
    result = decode(recognizer, say("twenty two takes fifteen"), JUMP)
    assert result.result_text() == "22x15"


def test_multi_jump_names_the_whole_path(recognizer, say):
    result = decode(recognizer, say("twenty six takes seventeen takes ten"), DOUBLE)
    assert result.result_text() == "26x17x10"


@pytest.mark.parametrize("text,name", [("read the board", "read-board"), ("resign", "resign"),
                                       ("my pieces", "my-pieces"), ("whose turn", "whose-turn")])
def test_commands(recognizer, say, text, name):
    result = decode(recognizer, say(text))
    assert (result.kind, result.command) == ("command", name)


def test_pick_up_then_put_down(recognizer, say):
    first = decode(recognizer, say("pick up eleven"))
    assert (first.kind, first.square) == ("pick-up", 11)
    second = decode(recognizer, say("fifteen"), selected=first.square)
    assert second.kind == "square" and second.move.pdn() == "11-15"


def test_confirmation_answer(recognizer, say):
    assert decode(recognizer, say("yes"), confirming=True).command == "yes"
    assert decode(recognizer, say("no"), confirming=True).command == "no"


@pytest.mark.parametrize("text", ["twenty two to seventeen", "what a lovely day"])
def test_what_is_not_possible_never_becomes_a_move(recognizer, say, text):
    # Black to move: 22-17 is Red's move; the other is not a command at all.
    result = decode(recognizer, say(text))
    assert result.move is None and result.kind == "nothing"
    assert result.result_text() == "?"
    assert "legal move" in heard_text(result) or "Say help" in heard_text(result)


def test_noise_and_silence_are_nothing(recognizer):
    rng = random.Random(1)
    noise = array.array("h", (int(rng.gauss(0, 3000)) for _ in range(16000))).tobytes()
    for pcm in (noise, bytes(32000)):
        result = recognizer.decode_pcm(pcm, Board())
        assert result.kind == "nothing" and result.move is None


def test_illegal_move_feedback_quotes_what_was_heard(recognizer, say):
    result = decode(recognizer, say("eleven to eighteen"))
    if result.reason == "not-legal":  # heard as said: the message quotes it
        assert heard_text(result) == f"I heard '{result.heard}', which is not a legal move."
    assert result.move is None


def test_missing_model_gives_a_plain_error():
    r = SphinxRecognizer(hmm="/nonexistent/model", dictionary="/nonexistent/dict")
    with pytest.raises(RecognizerUnavailableError, match="could not start"):
        r.decode_pcm(bytes(3200), Board())


def test_confirmation_question_reads_the_move():
    board = Board()
    move = board.parse_move("11-15")
    from checkers_desktop.speech.voice import VoiceResult
    assert confirmation_question_text(VoiceResult("move", "eleven fifteen", move=move)) == \
        "Eleven to fifteen? Say yes or no."
    assert "Resign" in confirmation_question_text(VoiceResult("command", "resign", command="resign"))
    # a jump and a square of two words, as the game tells every other move (not "fifteen takes
    # twenty two")
    jump = Board("B:W18,30:B15").parse_move("15x22")
    assert confirmation_question_text(VoiceResult("move", "fifteen takes twenty two", move=jump)) \
        == "Fifteen jumps twenty-two? Say yes or no."
    # heard, but not beyond doubt: asked as a doubt, whatever the player's setting
    assert confirmation_question_text(VoiceResult("move", "eleven fifteen", move=move,
                                                  confident=False)) == \
        "Did you say eleven to fifteen? Say yes or no."
    assert confirmation_question_text(VoiceResult("pick-up", "pick up nine", square=9,
                                                  confident=False)) == \
        "Did you say pick up nine? You must then move it. Say yes or no."
    assert confirmation_question_text(VoiceResult("pick-up", "pick up nine", square=9)) == \
        "Pick up nine? You must then move it. Say yes or no."


def test_listen_command_prints_file_and_result(recognizer, say, capsys, tmp_path):
    move, command = say("eleven to fifteen"), say("read the board")
    bad = tmp_path / "bad.wav"
    bad.write_text("not audio")
    status = listen_command(SimpleNamespace(fen=Board().fen(),
                                            files=[str(move), str(command), str(bad)]))
    out = capsys.readouterr()
    assert out.out.splitlines() == [f"{move}\t11-15", f"{command}\tread-board"]
    assert "bad.wav" in out.err and status == 2


def test_listen_command_decodes_an_answer_while_a_question_waits(recognizer, say, capsys):
    """With --answer only the answers are listened for: "yes" is yes, and a move said then is
    no answer."""
    yes, move = say("yes"), say("eleven to fifteen")
    assert listen_command(SimpleNamespace(fen=Board().fen(), answer=True,
                                          files=[str(yes), str(move)])) == 0
    assert capsys.readouterr().out.splitlines() == [f"{yes}\tyes", f"{move}\t?"]


@pytest.mark.skipif(not HAVE_MODEL, reason="a put-down said with 'to' is read on the Whisper "
                    "path: its model, CTranslate2 or faster-whisper is missing")
def test_listen_command_decodes_a_put_down_after_a_pick_up(say, capsys):
    """With --picked-up 11, "fifteen" and "to fifteen" both put the piece down on 15."""
    bare, joined = say("fifteen"), say("to fifteen")
    assert listen_command(SimpleNamespace(fen=Board().fen(), picked_up=11,
                                          files=[str(bare), str(joined)])) == 0
    assert capsys.readouterr().out.splitlines() == [f"{bare}\tsquare 15", f"{joined}\tsquare 15"]


def test_listen_command_refuses_a_picked_up_piece_that_cannot_move(capsys):
    assert listen_command(SimpleNamespace(fen=Board().fen(), picked_up=1, files=["x.wav"])) == 2
    assert "--picked-up 1: no piece on 1 can move" in capsys.readouterr().err


def test_listen_command_refuses_a_bad_fen(capsys):
    assert listen_command(SimpleNamespace(fen="nonsense", files=[])) == 2
    assert "nonsense" in capsys.readouterr().err


def test_a_move_that_fits_the_audio_poorly_is_refused_as_unsure(say):
    path = say("eleven to fifteen")
    strict = SphinxRecognizer(fit_threshold=1000.0)  # no path can fit that well
    result = decode(strict, path)
    assert result.kind == "nothing" and result.reason == "unsure" and result.move is None
    assert "not sure" in heard_text(result)
    # its best phrase is kept for the two-stage recogniser to compare, never acted on here
    assert result.details["top"].kind == "move" and result.details["top"].move.pdn() == "11-15"
    lenient = SphinxRecognizer(fit_threshold=None, lookalike_margin=None)
    assert decode(lenient, path).result_text() == "11-15"


def test_a_command_is_not_held_to_the_move_checks(say):
    strict = SphinxRecognizer(fit_threshold=1000.0, lookalike_margin=1e9)
    assert decode(strict, say("read the board")).result_text() == "read-board"


def test_same_audio_decodes_the_same_way_every_time(recognizer, say):
    path = say("move nine to fourteen", "en")
    first = decode(recognizer, path)
    decode(recognizer, say("read the board"))
    assert decode(recognizer, path).result_text() == first.result_text()


def test_the_same_audio_decodes_the_same_whatever_was_said_before(recognizer, say):
    """pocketsphinx's own noise tracking would carry over from one utterance to the next, so the
    same words scored differently (and were sometimes heard differently) after other speech."""
    a = load_audio(str(say("pick up eleven", voice="en", speed=140)))
    a_pcm = noisy(a.get_raw_data(convert_rate=16000, convert_width=2), 10.0, seed=3)
    before = recognizer.candidates(a_pcm, Board())
    assert before and before[0].words == "pick up eleven"
    other = load_audio(str(say("twenty two to seventeen, read the board", voice="en-us",
                               speed=180)))
    other_pcm = noisy(other.get_raw_data(convert_rate=16000, convert_width=2), 0.0, seed=4)
    for _ in range(2):
        recognizer.decode_pcm(other_pcm, Board("W:W22,30:B18"))
        assert recognizer.candidates(a_pcm, Board()) == before


def test_a_pick_up_is_held_to_the_binding_margin_only_under_strict_touch_move(say):
    from checkers_desktop.rules.profiles import get_profile
    from checkers_desktop.speech.voice.recognizer import choose, rival_margin

    strict, liberal = get_profile("va-standard"), get_profile("va-vi")
    said = load_audio(str(say("pick up eleven")))
    pcm = noisy(said.get_raw_data(convert_rate=16000, convert_width=2), 5.0, seed=3)
    heard = SphinxRecognizer()
    found = heard.candidates(pcm, Board(), strict)
    assert choose(found).words == "pick up eleven"
    assert 200 <= rival_margin(choose(found), found) < 10**6  # another phrase, well behind
    assert heard.decode_pcm(pcm, Board(), strict).result_text() == "pick-up 11"
    never_sure = SphinxRecognizer(binding_margin=10**6)
    refused = never_sure.decode_pcm(pcm, Board(), strict)
    assert refused.kind == "nothing" and refused.reason == "unsure"
    assert never_sure.decode_pcm(pcm, Board(), liberal).result_text() == "pick-up 11"
    assert never_sure.decode_pcm(pcm, Board()).result_text() == "pick-up 11"  # practice


@pytest.mark.parametrize("options, engine", [
    ("SphinxOptions", "sphinx.SphinxRecognizer"),
    ("WhisperOptions", "whisper.WhisperRecognizer"),
    ("AgreementOptions", "twostage.TwoStageRecognizer"),
])
def test_every_setting_of_an_engine_can_be_given_to_the_app_recogniser(options, engine):
    """Each keyword setting of an engine is a field of its options (``denoise``, pocketsphinx's,
    is the one Whisper setting left to its default), so ``VoiceRecognizer`` and the benchmark's
    settings, such as ``--permissive``, can set it."""
    import dataclasses
    import importlib
    import inspect

    from checkers_desktop.speech.voice import recognizer as app_recognizer

    module, _, name = engine.partition(".")
    cls = getattr(importlib.import_module(f"checkers_desktop.speech.voice.{module}"), name)
    keywords = {p.name for p in inspect.signature(cls.__init__).parameters.values()
                if p.kind is inspect.Parameter.KEYWORD_ONLY}
    fields = {f.name for f in dataclasses.fields(getattr(app_recognizer, options))}
    assert keywords - fields - ({"denoise"} if module == "whisper" else set()) == set()


def test_the_benchmarks_permissive_settings_are_all_settings_of_the_app_recogniser():
    import sys
    from pathlib import Path

    from checkers_desktop.speech.voice import VoiceRecognizer

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import voice  # noqa: E402  (benchmarks/voice.py)

    recognizer = VoiceRecognizer(engine="whisper", **voice.PERMISSIVE)  # TypeError if unknown
    assert recognizer.whisper_options.yes_beam_other_gap == voice.PERMISSIVE["yes_beam_other_gap"]
