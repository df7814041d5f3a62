"""Voice commands through the window: utterances rendered with espeak-ng into WAV files, fed to
``window.voice_input.inject_file`` (the same decoding path as the microphone's), acted on by the
real MainWindow: confirmation, refusals, pick-up then square, reading, resigning, the
push-to-talk key, and what happens when the microphone or the recogniser fails."""

from __future__ import annotations

import shutil
import threading

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from checkers_desktop.rules import BLACK
from checkers_desktop.speech.voice import (MicrophoneUnavailableError,
                                           RecognizerUnavailableError, VoiceRecognizer)
from checkers_desktop.speech.voice.grammar import square_words
from checkers_desktop.speech.voice.microphone import Microphone
from checkers_desktop.ui import voice_input as voice_module
from checkers_desktop.ui.settings import VOICE_CONFIRMATION
from checkers_desktop.texts.voice import closed_to_voice_text, heard_text, nothing_heard_text
from checkers_desktop.ui.interaction import VOICE_ANSWERS
from voice_audio import VOICES, utter, utter_until

pytestmark = [
    pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng renders the speech"),
    pytest.mark.timeout(120),
]

def make(make_window, settings, confirmation):
    settings.set(VOICE_CONFIRMATION, confirmation)
    window = make_window()
    window.synth.clear()
    return window


def wait_for_black(qtbot, controller):
    qtbot.waitUntil(lambda: not controller.running or
                    (controller.board.turn is BLACK and not controller.thinking), timeout=15000)


def test_confirmed_move_waits_for_yes_and_no_cancels(make_window, settings, qtbot, say):
    window = make(make_window, settings, "every-move")
    c = window.session
    fen = c.board.fen()

    result = utter_until(qtbot, window, say, "eleven to fifteen", lambda r: r.kind == "move")
    assert result.move.pdn() == "11-15"
    assert c.board.fen() == fen  # nothing played yet
    assert window.voice_input.pending is result
    assert "Eleven to fifteen? Say yes or no." in window.synth.spoken
    assert "Eleven to fifteen? Say yes or no." in window.status.text()

    with qtbot.waitSignal(window.game_signals.move_played, timeout=5000) as played:
        utter_until(qtbot, window, say, "yes", lambda r: r.command == "yes")
    assert played.args[0].pdn() == "11-15"
    assert window.voice_input.pending is None
    assert "Heard: eleven to fifteen." in window.status.text()  # stays shown after the move
    wait_for_black(qtbot, c)

    # "no" cancels: the position stays as it is
    move = c.board.legal_moves[0]
    words = (" takes " if move.is_capture else " to ").join(square_words(sq) for sq in move.path)
    utter_until(qtbot, window, say, words, lambda r: r.kind == "move" and r.move == move)
    fen = c.board.fen()
    result = utter_until(qtbot, window, say, "no", lambda r: r.command == "no")
    assert result.command == "no"
    assert c.board.fen() == fen and c.board.turn is BLACK
    assert window.voice_input.pending is None
    assert window.synth.spoken[-1] == "Cancelled."


def test_not_legal_and_not_understood_change_nothing(make_window, settings, qtbot, say):
    window = make(make_window, settings, "resign-and-draw")
    c = window.session
    fen = c.board.fen()
    result = utter(qtbot, window, say("twenty two to seventeen"))  # Red's move; Black to play
    assert result.kind == "nothing"
    said = window.synth.spoken[-1]
    if result.reason == "not-legal":  # the move is named, and why it cannot be played
        assert said.startswith("Twenty-two to seventeen is not a legal move: "), said
    else:
        assert said == heard_text(result) and ("I heard '" in said or "Say help" in said)
    assert said in window.status.text()
    assert window.sounds.played[-1] == "refused"
    assert c.board.fen() == fen and c.board.ply == 0

    result = utter(qtbot, window, say("what a lovely day"))
    assert result.kind == "nothing" and result.move is None
    said = window.synth.spoken[-1]
    if result.reason == "not-legal":  # talk heard as a move that is not legal: named, refused
        assert " is not a legal move: " in said, said
    else:
        assert said == heard_text(result)
    assert said in window.status.text()
    assert c.board.fen() == fen and c.running


def test_pick_up_then_square(make_window, settings, qtbot, say):
    window = make(make_window, settings, "resign-and-draw")
    c = window.session
    utter_until(qtbot, window, say, "pick up eleven", lambda r: r.kind == "pick-up")
    assert c.selected == 11 and c.board.ply == 0
    with qtbot.waitSignal(window.game_signals.move_played, timeout=5000) as played:
        utter_until(qtbot, window, say, "fifteen", lambda r: r.kind == "square")
    assert played.args[0].pdn() == "11-15"
    assert c.selected is None


def test_reading_command_by_voice(make_window, settings, qtbot, say):
    window = make(make_window, settings, "resign-and-draw")
    utter_until(qtbot, window, say, "read the board", lambda r: r.command == "read-board")
    expected = window.speech_controls.reading_text("read_board")
    assert expected in window.synth.spoken
    assert window.session.board.ply == 0


def test_resign_by_voice_needs_yes(make_window, settings, qtbot, say):
    window = make(make_window, settings, "resign-and-draw")
    c = window.session
    utter_until(qtbot, window, say, "resign", lambda r: r.command == "resign")
    assert c.running
    assert window.synth.spoken[-1] == "Resign the game? Say yes or no."
    utter_until(qtbot, window, say, "no", lambda r: r.command == "no")
    assert c.running

    utter_until(qtbot, window, say, "resign", lambda r: r.command == "resign")
    with qtbot.waitSignal(window.game_signals.game_result, timeout=5000):
        utter_until(qtbot, window, say, "yes", lambda r: r.command == "yes")
    assert not c.running
    assert "The computer wins" in (c.result_text or "")


def test_help_by_voice_and_menu(make_window, settings, qtbot, say):
    window = make(make_window, settings, "resign-and-draw")
    window.actions_by_id["voice_help"].trigger()
    spoken = window.synth.spoken[-1]
    assert "pick up eleven" in spoken and "read the board" in spoken
    window.synth.clear()
    utter_until(qtbot, window, say, "help", lambda r: r.command == "help")
    assert window.synth.spoken[-1] == spoken


def test_decoding_runs_off_the_gui_thread(make_window, settings, qtbot, say):
    calls = []

    class Spy(VoiceRecognizer):
        def decode(self, audio_data, board, profile=None, **kw):
            calls.append(threading.get_ident())
            return super().decode(audio_data, board, profile, **kw)

    window = make(make_window, settings, "resign-and-draw")
    window.voice_input.recognizer = Spy()
    utter(qtbot, window, say("count"))
    gui = threading.get_ident()
    assert calls and all(ident != gui for ident in calls)
    assert window.voice_input.decode_threads and gui not in window.voice_input.decode_threads


def test_no_microphone_is_told_and_the_game_goes_on(make_window, settings, qtbot, monkeypatch):
    message = "Voice commands cannot hear you: no microphone was found."
    monkeypatch.setattr(voice_module, "microphone_status", lambda: (False, message))
    window = make(make_window, settings, "resign-and-draw")
    with qtbot.waitSignal(window.voice_input.failed) as failed:
        window.actions_by_id["voice_on"].trigger()
    text = failed.args[0]
    assert "no microphone was found" in text and "keyboard" in text
    assert text in window.status.text()
    assert text in window.synth.spoken
    assert not window.voice_input.enabled
    assert not window.actions_by_id["voice_on"].isChecked()
    assert window.session.submit_text("11-15")  # the keyboard still plays

    # a microphone that cannot be opened when the key goes down
    def no_device():
        raise MicrophoneUnavailableError("the microphone could not be opened")
    monkeypatch.setattr(voice_module, "microphone_status", lambda: (True, "test microphone"))
    window.voice_input.microphone_factory = no_device
    with qtbot.waitSignal(window.voice_input.failed) as failed:
        window.actions_by_id["push_to_talk"].trigger()
    assert "could not be opened" in failed.args[0]
    assert not window.voice_input.enabled and window.session.running


def test_recogniser_failure_is_told_and_the_game_goes_on(make_window, settings, qtbot):
    class Broken:
        def decode_pcm(self, *args, **kwargs):
            raise RecognizerUnavailableError("The speech recogniser failed (test).")

    window = make(make_window, settings, "resign-and-draw")
    window.voice_input.recognizer = Broken()
    with qtbot.waitSignal(window.voice_input.failed, timeout=10000) as failed:
        window.voice_input.inject_pcm(bytes(16000))
    assert "speech recogniser failed" in failed.args[0]
    assert failed.args[0] in window.status.text()
    assert failed.args[0] in window.synth.spoken
    assert window.session.running and window.session.board.ply == 0
    assert window.session.submit_text("11-15")


class FileStream:
    """Stands in for the sound device: delivers a recording in 30 ms blocks when started."""

    def __init__(self, callback, pcm: bytes) -> None:
        self.callback, self.pcm = callback, pcm

    def start(self):
        for i in range(0, len(self.pcm), 960):
            self.callback(self.pcm[i:i + 960])

    def stop(self):
        pass

    def close(self):
        pass


def test_hold_to_talk_key_plays_a_move(make_window, settings, qtbot, say, monkeypatch):
    from checkers_desktop.speech.voice.commands import load_audio

    window = make(make_window, settings, "resign-and-draw")
    monkeypatch.setattr(voice_module, "microphone_status", lambda: (True, "test microphone"))
    # the first press turns voice on; its release comes at once here (the test microphone
    # gives the whole phrase at once), which would be a tap to turn voice on, not a phrase
    monkeypatch.setattr(voice_module, "TURN_ON_TAP_MS", 0)
    holder = {}
    window.voice_input.microphone_factory = lambda: Microphone(
        stream_factory=lambda cb: FileStream(cb, holder["pcm"]))
    for attempt in range(len(VOICES)):
        audio = load_audio(str(say("eleven to fifteen", attempt)))
        holder["pcm"] = audio.get_raw_data(convert_rate=16000, convert_width=2)
        qtbot.keyPress(window, Qt.Key.Key_F12)
        assert window.voice_input.enabled and window.voice_input.recording
        with qtbot.waitSignal(window.voice_input.heard, timeout=30000) as heard:
            qtbot.keyRelease(window, Qt.Key.Key_F12)
        if heard.args[0].kind == "move":
            break
    assert not window.voice_input.recording
    assert window.session.board.move_stack[0].pdn() == "11-15"
    assert window.actions_by_id["voice_on"].isChecked()


def test_a_phrase_with_nothing_said_tells_how_to_talk(make_window, settings, qtbot):
    """A talk key pressed and released with nothing said is "Nothing was heard", with how to
    talk in the mode in use; not "I did not understand", which tells the player their words
    were wrong."""
    window = make(make_window, settings, "every-move")
    fen = window.session.board.fen()
    for toggles in (False, True):
        window.voice_input.set_push_to_talk_toggles(toggles)
        with qtbot.waitSignal(window.voice_input.heard, timeout=30000) as heard:
            window.voice_input.inject_pcm(bytes(2 * 16000))  # one second of silence
        assert heard.args[0].reason == "silence"
        said = window.synth.spoken[-1]
        assert said == nothing_heard_text(toggles) and said.startswith("Nothing was heard.")
        assert ("again" in said) is toggles and said in window.status.text()
    assert window.session.board.fen() == fen


def test_a_key_repeat_not_marked_as_such_does_not_end_the_phrase(make_window, settings, qtbot,
                                                                  monkeypatch):
    """Holding F12 where the system does not mark key repeats sends a release and a press
    again and again: the phrase goes on; it ends (once) only when the key stays up."""
    window = make(make_window, settings, "resign-and-draw")
    monkeypatch.setattr(voice_module, "microphone_status", lambda: (True, "test microphone"))
    window.voice_input.microphone_factory = lambda: Microphone(
        stream_factory=lambda cb: FileStream(cb, b""))
    ended = []
    monkeypatch.setattr(window.voice_input, "_stop_recording",
                        lambda decode: (ended.append(decode),
                                        setattr(window.voice_input, "recording", False)))
    qtbot.keyPress(window, Qt.Key.Key_F12)
    assert window.voice_input.recording
    for _ in range(5):  # what an unmarked repeat looks like: up and at once down again
        qtbot.keyRelease(window, Qt.Key.Key_F12)
        qtbot.keyPress(window, Qt.Key.Key_F12)
    for _ in range(3):  # an unmarked release, then a press marked as a repeat (the action
        qtbot.keyRelease(window, Qt.Key.Key_F12)  # ignores it; the key is still down)
        QApplication.sendEvent(window, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_F12,
                                                 Qt.KeyboardModifier.NoModifier, "", True))
    qtbot.wait(3 * voice_module.RELEASE_GRACE_MS)
    assert window.voice_input.recording and ended == []
    qtbot.keyRelease(window, Qt.Key.Key_F12)
    qtbot.waitUntil(lambda: ended == [True], timeout=2000)
    assert not window.voice_input.recording


def speaking_window(make_window, monkeypatch):
    """A window whose own voice holds each utterance until the test ends it (``FakeSynth``,
    nothing being said at first) and whose microphone hears silence."""
    from checkers_desktop.speech.fake import FakeSynth

    synth = FakeSynth(hold=True)
    window = make_window(synth=synth)
    monkeypatch.setattr(voice_module, "microphone_status", lambda: (True, "test microphone"))
    window.voice_input.microphone_factory = lambda: Microphone(
        stream_factory=lambda cb: FileStream(cb, b""))
    synth.finish_all()
    return window, synth


def test_the_talk_key_silences_the_app_so_the_first_words_are_heard(make_window, qtbot,
                                                                    monkeypatch):
    """The microphone is deaf while the app speaks: pressing F12 to talk stops the app's voice
    at once, so the phrase is heard from its start; but when that press turns voice on, the
    instructions it gives are not cut."""
    from checkers_desktop.speech.announcer import Priority

    window, synth = speaking_window(make_window, monkeypatch)
    qtbot.keyPress(window, Qt.Key.Key_F12)  # turns voice on: "Voice commands on..." is said
    assert window.voice_input.recording and synth.speaking
    assert synth.speaking.startswith("Voice commands on")
    qtbot.keyRelease(window, Qt.Key.Key_F12)
    qtbot.waitUntil(lambda: not window.voice_input.recording, timeout=2000)
    synth.finish_all()
    window.ctx.announcer.announce("Black: men on 1, 2, 3, 4, 5, 6, 7, 8.", Priority.READING)
    assert synth.speaking and window.voice_input.enabled
    qtbot.keyPress(window, Qt.Key.Key_F12)
    assert window.voice_input.recording and not synth.speaking
    assert not window.voice_input.microphone.muted


def test_the_tap_that_turns_voice_on_is_no_phrase_but_a_hold_is(make_window, qtbot,
                                                                   monkeypatch):
    """F12 pressed with voice off turns it on and says how to talk. A tap (shorter than
    TURN_ON_TAP_MS) was no phrase: nothing is decoded and no "Nothing was heard" comes seconds
    later, whether the microphone was muted by the app's own voice or open (a screen reader
    saying the instructions instead). A longer hold is decoded as any phrase."""
    window, synth = speaking_window(make_window, monkeypatch)
    qtbot.keyPress(window, Qt.Key.Key_F12)  # turns voice on: "Voice commands on..." is said
    assert window.voice_input.recording and synth.speaking.startswith("Voice commands on")
    window.voice_input.microphone.set_muted(False)  # as with a screen reader speaking
    qtbot.keyRelease(window, Qt.Key.Key_F12)
    qtbot.waitUntil(lambda: not window.voice_input.recording, timeout=2000)
    assert "Nothing was heard" not in " ".join(synth.spoken)
    assert window.session.message != nothing_heard_text()

    window.actions_by_id["voice_on"].trigger()  # off again; this time the press is a hold
    monkeypatch.setattr(voice_module, "TURN_ON_TAP_MS", 0)
    qtbot.keyPress(window, Qt.Key.Key_F12)
    assert window.voice_input.enabled and window.voice_input.recording
    qtbot.keyRelease(window, Qt.Key.Key_F12)
    qtbot.waitUntil(lambda: not window.voice_input.recording, timeout=2000)
    assert window.session.message == nothing_heard_text()  # decoded: the microphone heard
    # silence


def test_the_status_line_shows_listening_while_the_talk_key_is_held(make_window, qtbot,
                                                                      monkeypatch):
    """Seen, not spoken: a player who sees the screen (and an official watching) knows when the
    game is hearing; gone when the phrase ends."""
    window, synth = speaking_window(make_window, monkeypatch)
    window.actions_by_id["voice_on"].trigger()
    synth.finish_all()
    spoken = list(synth.spoken)
    assert "Listening." not in window.status.text()
    qtbot.keyPress(window, Qt.Key.Key_F12)
    assert window.status.text().startswith("Listening. ")  # first, where it stays put
    assert "Listening." in window.status.accessibleName()
    qtbot.keyRelease(window, Qt.Key.Key_F12)
    qtbot.waitUntil(lambda: not window.voice_input.recording, timeout=2000)
    assert "Listening." not in window.status.text()
    assert "Listening." not in synth.spoken[len(spoken):]


def test_what_the_game_says_while_the_player_talks_waits_for_the_phrase_to_end(
        make_window, qtbot, monkeypatch):
    """An announcement made while the talk key is held is not said over the player (which
    would mute the microphone and lose their words): the app's own voice says it when the key
    comes up; the microphone stays open meanwhile. A key held too long lets it through."""
    from checkers_desktop.speech.announcer import Priority

    window, synth = speaking_window(make_window, monkeypatch)
    window.actions_by_id["voice_on"].trigger()
    synth.finish_all()
    qtbot.keyPress(window, Qt.Key.Key_F12)
    assert window.voice_input.recording
    window.ctx.announcer.announce("The computer has finished getting ready.", Priority.QUEUE)
    window.ctx.announcer.announce("Black's time for this move is up.", Priority.INTERRUPT)
    window.voice_input._follow_own_voice()  # what the mute poll does
    assert not synth.speaking and not window.voice_input.microphone.muted
    qtbot.keyRelease(window, Qt.Key.Key_F12)
    qtbot.waitUntil(lambda: not window.voice_input.recording, timeout=2000)
    assert synth.speaking == ("The computer has finished getting ready. "
                              "Black's time for this move is up.")

    window.voice_input._hold_limit.setInterval(50)  # a key stuck down
    synth.finish_all()
    qtbot.keyPress(window, Qt.Key.Key_F12)
    window.ctx.announcer.announce("Red's move: twenty-two to eighteen.", Priority.INTERRUPT)
    assert not synth.speaking
    qtbot.waitUntil(lambda: synth.speaking == "Red's move: twenty-two to eighteen.",
                    timeout=2000)
    assert window.voice_input.recording
    qtbot.keyRelease(window, Qt.Key.Key_F12)


def test_microphone_is_muted_while_the_app_speaks(make_window, settings, qtbot, monkeypatch):
    window, synth = speaking_window(make_window, monkeypatch)
    window.actions_by_id["voice_on"].trigger()  # says "Voice commands on..."
    assert synth.speaking
    qtbot.waitUntil(lambda: window.voice_input.microphone.muted, timeout=2000)
    synth.finish_all()
    qtbot.waitUntil(lambda: not window.voice_input.microphone.muted, timeout=2000)
    window.actions_by_id["voice_on"].trigger()
    assert not window.voice_input.enabled


def test_undo_and_hint_by_voice_in_practice(make_window, settings, qtbot, say):
    window = make(make_window, settings, "resign-and-draw")
    c = window.session
    assert c.submit_text("11-15")
    wait_for_black(qtbot, c)
    assert c.board.ply == 2
    utter_until(qtbot, window, say, "undo", lambda r: r.command == "undo")
    assert c.board.ply == 0 and c.board.turn is BLACK

    with qtbot.waitSignal(window.practice.hint_ready, timeout=20000) as hinted:
        utter_until(qtbot, window, say, "hint", lambda r: r.command == "hint")
    assert hinted.args[0] in window.synth.spoken
    assert window.practice.hint_move in c.board.legal_moves


def test_undo_by_voice_is_confirmed_when_every_move_is(make_window, settings, qtbot, say):
    """"Undo" changes the position, so it is confirmed as moves are ("help" was now and then
    heard as "undo" on benchmarks/voice.py)."""
    window = make(make_window, settings, "every-move")
    c = window.session
    assert c.submit_text("11-15")
    wait_for_black(qtbot, c)
    utter_until(qtbot, window, say, "undo", lambda r: r.command == "undo")
    assert c.board.ply == 2
    assert window.synth.spoken[-1] == "Take back your last move? Say yes or no."
    utter_until(qtbot, window, say, "yes", lambda r: r.command == "yes")
    assert c.board.ply == 0 and c.board.turn is BLACK


def test_continuous_listening_plays_a_move(make_window, settings, qtbot, say, monkeypatch):
    from checkers_desktop.speech.voice.commands import load_audio

    window = make(make_window, settings, "resign-and-draw")
    monkeypatch.setattr(voice_module, "microphone_status", lambda: (True, "test microphone"))
    audio = load_audio(str(say("eleven to fifteen")))
    pcm = bytes(16000) + audio.get_raw_data(convert_rate=16000, convert_width=2) + bytes(32000)
    window.voice_input.microphone_factory = lambda: Microphone(
        hold_off=0.0, stream_factory=lambda cb: FileStream(cb, pcm))
    with qtbot.waitSignal(window.voice_input.heard, timeout=30000) as heard:
        window.actions_by_id["voice_continuous"].trigger()  # turns voice on, listening
    assert window.voice_input.enabled and window.actions_by_id["voice_continuous"].isChecked()
    assert heard.args[0].kind == "move"  # decoding is deterministic (fixed noise floor)
    assert window.session.board.move_stack[0].pdn() == "11-15"
    window.actions_by_id["voice_on"].trigger()
    assert not window.voice_input.enabled and not window.voice_input.microphone.active


def test_continuous_listening_only_shows_what_is_no_command(make_window, settings, qtbot, say,
                                                           monkeypatch):
    """Continuous listening cuts other people's talk out of a hall too: what is no command at all
    is shown on the status line, not spoken with the refusal sound; a command that cannot be
    taken (a move that is not legal) is still spoken, as with the push-to-talk key."""
    from checkers_desktop.speech.voice.commands import load_audio

    window = make(make_window, settings, "resign-and-draw")
    monkeypatch.setattr(voice_module, "microphone_status", lambda: (True, "test microphone"))

    def pcm_of(text):
        audio = load_audio(str(say(text)))
        return audio.get_raw_data(convert_rate=16000, convert_width=2)

    pcm = (bytes(16000) + pcm_of("what a lovely day it is") + bytes(32000)
           + pcm_of("twenty two to seventeen") + bytes(32000))
    window.voice_input.microphone_factory = lambda: Microphone(
        hold_off=0.0, stream_factory=lambda cb: FileStream(cb, pcm))
    results, shown = [], []
    window.voice_input.heard.connect(results.append)
    window.voice_input.heard.connect(lambda _r: shown.append(window.status.text()))
    spoken_before = len(window.synth.spoken)
    window.actions_by_id["voice_continuous"].trigger()
    qtbot.waitUntil(lambda: len(results) >= 2, timeout=60000)
    chatter, illegal = results[0], results[1]
    assert chatter.kind == "nothing" and chatter.reason in ("not-understood", "silence")
    assert illegal.kind == "nothing" and illegal.reason not in ("not-understood", "silence")
    spoken = window.synth.spoken[spoken_before:]
    assert heard_text(chatter) not in spoken and heard_text(chatter) in shown[0]  # shown only
    named = [t for t in spoken if t.startswith("Twenty-two to seventeen is not a legal move")]
    assert (named if illegal.reason == "not-legal" else heard_text(illegal) in spoken), spoken
    assert window.sounds.played[-1] == "refused"
    assert window.session.board.ply == 0
    window.actions_by_id["voice_on"].trigger()


def test_yes_answers_an_open_question_box(make_window, settings, qtbot, say):
    """The resume offer at start (and any player's own yes/no question) can be answered by
    voice."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    window = make(make_window, settings, "resign-and-draw")
    answers = []
    for word in ("yes", "no"):
        box = QMessageBox(QMessageBox.Icon.Question, "Resume the game?", "Resume it?",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, window)
        box.setObjectName("resume-offer")
        box.setProperty(VOICE_ANSWERS, True)  # a player's own question
        box.finished.connect(lambda code, box=box: answers.append(box.standardButton(
            box.clickedButton())))
        box.open()
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is box)
        # heard as an answer, with every rule of a spoken confirmation (pocketsphinx's check
        # of a "yes" too), not as a move or command
        assert window.voice_input.session.listening_state().confirming
        utter_until(qtbot, window, say, word, lambda r: r.command == word)
        qtbot.waitUntil(lambda: not box.isVisible())
        assert not window.voice_input.session.listening_state().confirming
    assert answers == [QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No]
    assert window.session.board.ply == 0 and window.voice_input.pending is None


def test_the_official_s_question_is_neither_answered_nor_played_under_by_voice(
        make_window, settings, qtbot, say):
    """A yes/no box that is not a player's own (the official's yes before a result goes to the
    bracket, the organiser's) is answered at the keyboard only: a spoken "yes" leaves it open,
    and a move said meanwhile is not played; the player hears why."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    window = make(make_window, settings, "resign-and-draw")
    box = QMessageBox(QMessageBox.Icon.Question, "Official", "Send this result to the bracket?",
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, window)
    box.open()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is box)
    assert not window.voice_input.session.listening_state().confirming
    fen = window.session.board.fen()
    for words in ("yes", "eleven to fifteen"):
        utter(qtbot, window, say(words))
        assert box.isVisible() and box.clickedButton() is None
        assert window.synth.spoken[-1] == closed_to_voice_text()
        assert window.sounds.played[-1] == "refused"
    assert window.session.board.fen() == fen and window.voice_input.pending is None
    box.done(0)


def test_the_talk_key_under_the_official_s_question_says_voice_does_nothing_there(
        make_window, qtbot, monkeypatch):
    """F12 while a box that voice may not answer is open: the microphone stays shut and the
    player hears why, rather than nothing; under a player's own question it talks."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    window, synth = speaking_window(make_window, monkeypatch)
    window.actions_by_id["voice_on"].trigger()
    synth.finish_all()
    for own in (False, True):
        box = QMessageBox(QMessageBox.Icon.Question, "Official", "Have you written it down?",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, window)
        box.setProperty(VOICE_ANSWERS, own)
        box.open()
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is box)
        qtbot.keyPress(box, Qt.Key.Key_F12)
        assert window.voice_input.recording is own
        if not own:
            assert synth.speaking == closed_to_voice_text()
            assert window.sounds.played[-1] == "refused"
            said = len(synth.outputs)
            for _ in range(3):  # held: the system repeats it as releases and presses, unmarked
                qtbot.keyRelease(box, Qt.Key.Key_F12)
                qtbot.keyPress(box, Qt.Key.Key_F12)
            assert len(synth.outputs) == said  # said once a press, not once a repeat
        qtbot.keyRelease(box, Qt.Key.Key_F12)
        qtbot.waitUntil(lambda: not window.voice_input.recording, timeout=2000)
        synth.finish_all()
        box.done(0)


def test_offer_draw_by_voice_needs_yes_then_the_computer_answers(make_window, settings, qtbot,
                                                                  say):
    from checkers_desktop.texts.event import computer_draw_answer_text

    window = make(make_window, settings, "resign-and-draw")
    c = window.session
    assert window.voice_input.microphone is None  # nothing opened a sound device at start-up
    utter_until(qtbot, window, say, "offer a draw", lambda r: r.command == "offer-draw")
    assert window.synth.spoken[-1] == "Offer a draw? Say yes or no."
    assert c.referee.draw_offer is None
    utter_until(qtbot, window, say, "yes", lambda r: r.command == "yes")
    answers = {computer_draw_answer_text(True), computer_draw_answer_text(False)}
    assert answers & set(window.synth.spoken)
    assert any(entry.kind.startswith("draw") for entry in c.referee.record)


def test_pick_up_commits_under_strict_touch_move(make_window, settings, qtbot, say):
    from checkers_desktop.texts.touch import must_move_held_text

    settings.profile_key = "va-standard"  # strict touch-move (VA rulebook 3:00)
    window = make(make_window, settings, "resign-and-draw")
    c = window.session
    assert c.profile.key == "va-standard"
    utter_until(qtbot, window, say, "pick up eleven", lambda r: r.kind == "pick-up")
    assert c.selected == 11
    result = utter_until(qtbot, window, say, "nine to thirteen", lambda r: r.kind == "move")
    assert result.move.pdn() == "9-13"
    assert c.board.ply == 0  # the touched piece must be moved
    assert must_move_held_text(11) in window.synth.spoken[-1]
    with qtbot.waitSignal(window.game_signals.move_played, timeout=5000) as played:
        utter_until(qtbot, window, say, "sixteen", lambda r: r.kind == "square")
    assert played.args[0].pdn() == "11-16"


def test_binding_pick_up_is_confirmed_when_every_move_is(make_window, settings, qtbot, say):
    """Under strict touch-move a pick-up binds the player, so with "confirm every move" a
    misheard pick-up must not bind them before they say yes."""
    settings.profile_key = "va-standard"  # strict touch-move (VA rulebook 3:00)
    window = make(make_window, settings, "every-move")
    c = window.session
    result = utter_until(qtbot, window, say, "pick up eleven", lambda r: r.kind == "pick-up")
    assert window.voice_input.pending is result and c.selected is None
    question = "Pick up eleven? You must then move it. Say yes or no."
    assert window.synth.spoken[-1] == question
    utter_until(qtbot, window, say, "no", lambda r: r.command == "no")
    assert c.selected is None and window.voice_input.pending is None
    utter_until(qtbot, window, say, "pick up eleven", lambda r: r.kind == "pick-up")
    assert c.selected is None
    utter_until(qtbot, window, say, "yes", lambda r: r.command == "yes")
    assert c.selected == 11


def test_pick_up_is_not_confirmed_without_strict_touch_move(make_window, settings, qtbot, say):
    window = make(make_window, settings, "every-move")  # practice: no touch-move rule
    c = window.session
    utter_until(qtbot, window, say, "pick up eleven", lambda r: r.kind == "pick-up")
    assert c.selected == 11 and window.voice_input.pending is None


def test_voice_left_on_is_turned_on_at_the_next_start(make_window, settings, qtbot, monkeypatch):
    from checkers_desktop.ui.settings import VOICE_ENABLED

    monkeypatch.setattr(voice_module, "microphone_status", lambda: (True, "test microphone"))
    settings.set(VOICE_ENABLED, True)
    window = make(make_window, settings, "every-move")
    qtbot.waitUntil(lambda: window.voice_input.enabled, timeout=5000)
    assert window.actions_by_id["voice_on"].isChecked()
    assert window.actions_by_id["voice_confirm_moves"].isChecked()
    assert not window.voice_input.microphone.active  # push-to-talk: opened only while F12 is held
    window.actions_by_id["voice_on"].trigger()
    assert settings.get(VOICE_ENABLED) is False
