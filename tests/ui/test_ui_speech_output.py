"""Announcements: the screen reader sink, speech on and off, no speech engine, resigning."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QLabel

from checkers_desktop.speech.announcer import Priority
from checkers_desktop.speech.fake import FakeSynth
from checkers_desktop.ui.a11y import ScreenReaderSink
from checkers_desktop.ui.settings import Settings
from checkers_desktop.session.game import Mode


def type_move(qtbot, window, text):
    window.move_box.setFocus()
    qtbot.keyClicks(window.move_box, text)
    qtbot.keyClick(window.move_box, Qt.Key.Key_Return)


def test_screen_reader_sink_posts_an_announcement_event(qtbot):
    label = QLabel("status")
    qtbot.addWidget(label)
    posted = []
    sink = ScreenReaderSink(label, post=posted.append)
    sink.output("Red, twenty-two jumps fifteen.", Priority.INTERRUPT)
    sink.output("Black to move.", Priority.QUEUE)
    sink.output("", Priority.QUEUE)
    assert [e.message() for e in posted] == ["Red, twenty-two jumps fifteen.", "Black to move."]
    assert posted[0].politeness() == QAccessible.AnnouncementPoliteness.Assertive
    assert posted[1].politeness() == QAccessible.AnnouncementPoliteness.Polite
    assert posted[0].object() is label
    assert posted[0].type() == QAccessible.Event.Announcement


def test_screen_reader_sink_default_post_does_not_fail(qtbot):
    label = QLabel("status")
    qtbot.addWidget(label)
    ScreenReaderSink(label).output("Black to move.", Priority.READING)  # real updateAccessibility


def test_every_message_goes_to_both_sinks(make_window, qtbot):
    window = make_window()
    window.synth.clear()
    window.events.events.clear()
    type_move(qtbot, window, "11-15")
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    assert window.synth.spoken[0] == "You: eleven to fifteen."  # one announcement per move
    assert window.synth.spoken[1].startswith("Computer: ")
    assert window.events.messages == window.synth.spoken
    assert window.events.events[0][2] is window.status


def test_refused_moves_leave_the_board_and_give_the_reason(make_window, qtbot):
    window = make_window()
    board = window.session.board
    before = board.fen()
    for text, reason in (
            ("abc", "'abc' is not a move: type the square a piece moves from and the square it "
                    "moves to, such as 11-15, or 22x15 for a jump."),
            ("11-18", "Eleven to eighteen is not a legal move."),
            ("22-18", "Twenty-two to eighteen is not a legal move. That is not your piece.")):
        window.synth.clear()
        type_move(qtbot, window, text)
        assert board.fen() == before and board.ply == 0
        assert window.synth.spoken[0].startswith(reason)
        assert reason in window.status.text()
        assert window.move_box.text() == text  # kept, selected, to be corrected
        window.move_box.clear()
    assert window.sounds.played == ["refused"] * 3


def test_required_jump_is_refused_with_the_jump(make_window, qtbot):
    # Black man on 15, red man on 18: Black must jump 15x22 (VA rulebook 3:00 s6).
    window = make_window()
    window.session.load_position("B:W18:B9,15", Mode.TWO_PLAYERS)
    before = window.session.board.fen()
    window.synth.clear()
    type_move(qtbot, window, "9-13")
    assert window.session.board.fen() == before
    assert window.synth.spoken == ["You must jump: fifteen jumps twenty-two."]
    assert window.events.events[-1][1] == QAccessible.AnnouncementPoliteness.Assertive
    # Picking up a piece that cannot jump gets the same reason.
    window.synth.clear()
    window.board.set_cursor(9)
    qtbot.keyClick(window.board.table, Qt.Key.Key_Return)
    assert window.session.selected is None
    assert window.synth.spoken[-1] == "You must jump: fifteen jumps twenty-two."


def test_speech_off_silences_the_voice_but_not_the_screen_reader(make_window, qtbot,
                                                                 settings_path):
    window = make_window()
    focus = QApplication.focusWidget()
    qtbot.keyClick(focus, Qt.Key.Key_S,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert not window.actions_by_id["toggle_speech"].isChecked()
    assert window.synth.cancels >= 1
    window.synth.clear()
    window.events.events.clear()
    type_move(qtbot, window, "11-15")
    assert window.synth.spoken == []
    assert "You: eleven to fifteen." in window.events.messages
    # Saved: a new window starts with speech off.
    stored = Settings(QSettings(str(settings_path), QSettings.Format.IniFormat))
    assert stored.speech_enabled is False
    synth2 = FakeSynth()
    second = make_window(synth=synth2)
    assert not second.actions_by_id["toggle_speech"].isChecked()
    assert synth2.spoken == []
    # And back on.
    second.set_speech_enabled(True)
    assert synth2.spoken == ["Speech on."]


class _NoEngine:
    available = False
    error_message = "Speech is off: no speech engine was found (install espeak-ng)."

    def output(self, text, priority):
        raise AssertionError("an unavailable sink must not be used")

    def cancel(self):
        pass


def test_no_speech_engine_is_said_once_in_the_status_line(make_window, qtbot):
    window = make_window(synth=_NoEngine())
    assert window.status.text().count(_NoEngine.error_message) == 1
    type_move(qtbot, window, "11-15")
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    assert window.status.text().count(_NoEngine.error_message) == 1
    assert not window.actions_by_id["toggle_speech"].isEnabled()
    assert window.session.running  # the game goes on


def test_resign_asks_first(make_window, qtbot):
    answers = []
    window = make_window(confirm=lambda question: answers.pop(0))
    answers.append(False)
    window.resign()
    assert window.session.running
    answers.append(True)
    window.synth.clear()
    window.resign()
    assert not window.session.running
    assert window.synth.spoken == ["You resign. The computer wins."]
    assert window.status.text().startswith("You resign. The computer wins.")
    type_move(qtbot, window, "11-15")
    assert window.session.board.ply == 0
    assert window.synth.spoken[-1].startswith("No game in progress.")


def test_new_game_against_the_computer_with_control_n(make_window, qtbot):
    window = make_window()
    type_move(qtbot, window, "11-15")
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    window.synth.clear()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.session.board.ply == 0 and window.session.running
    level = window.session.level
    assert window.synth.spoken == [f"New game against the computer at level {level}. "
                                   "You play Black.", "You, Black to move."]
    assert window.board.focused_square() == window.board.cursor


def test_window_opens_ready_to_play_and_says_so(make_window, qtbot):
    window = make_window()
    assert window.synth.spoken[0].startswith("Checkers. A game against the computer is ready")
    assert "Control N" in window.synth.spoken[0]
    assert window.session.running and window.session.is_human_turn()
    assert window.board.focused_square() == 11


def test_repeat_and_whose_turn_keys(make_window, qtbot):
    window = make_window()
    type_move(qtbot, window, "11-15")
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    last = window.announcer.last_text
    window.synth.clear()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_F2)
    assert window.synth.spoken == [last]
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_F3)
    said = window.synth.spoken[-1]
    # named as each move is announced (You, Computer), with the side's colour for the board
    assert said.startswith("You, Black to move.")
    assert "Last move: Computer, " in said
    assert said == window.status.text()
    # a refused move's sentence stays on the status line, but is not whose turn it is
    type_move(qtbot, window, "hello")
    assert "'hello' is not a move" in window.status.text()
    qtbot.keyClick(window.move_box, Qt.Key.Key_Escape)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_F3)
    assert window.synth.spoken[-1] == said


def test_a_failing_engine_never_stalls_the_game(make_window, qtbot):
    def broken(board, level, stop=None):
        raise RuntimeError("engine crashed")

    window = make_window(engine_choose=broken)
    type_move(qtbot, window, "11-15")
    qtbot.waitUntil(lambda: window.session.board.ply == 2, timeout=5000)
    assert window.session.is_human_turn()


def test_escape_from_a_submenu_tells_the_screen_reader_the_parent_item(qtbot):
    """Qt closes a submenu on Escape without a focus event for the parent's highlighted item,
    so a screen reader said nothing; the item is now told once the submenu is gone, and not
    when the whole menu closes."""
    from PySide6.QtWidgets import QMenu

    from checkers_desktop.ui.a11y import tell_parent_item_after_submenu

    parent = QMenu("Game")
    qtbot.addWidget(parent)
    parent.addAction("New game")
    levels = parent.addMenu("Computer level")
    levels.addAction("1 Beginner")
    posted = []
    assert tell_parent_item_after_submenu([parent], post=posted.append) == 1
    parent.popup(parent.pos())
    qtbot.waitUntil(parent.isVisible)
    parent.setActiveAction(levels.menuAction())
    levels.popup(parent.pos())
    qtbot.waitUntil(levels.isVisible)
    posted.clear()
    levels.hide()  # what Escape does to the submenu alone
    qtbot.waitUntil(lambda: bool(posted))
    assert [(e.object(), e.child(), e.type()) for e in posted] == [
        (parent, 1, QAccessible.Event.Focus)]
    posted.clear()
    levels.popup(parent.pos())
    qtbot.waitUntil(levels.isVisible)
    parent.hide()  # the whole menu closes (an item chosen): nothing to tell
    levels.hide()
    qtbot.wait(50)
    assert posted == []


def test_the_screen_reader_gets_no_two_announcements_within_300_ms_unless_one_interrupts(qtbot):
    """Paced, polite texts wait for the one before them (at least 300 ms, about 250 ms a word),
    a reading replaces the polite texts still waiting, and an interrupting text goes at once,
    dropping what waits."""
    import time

    from checkers_desktop.ui.a11y import PACE_MIN_MS, pace_after

    label = QLabel("status")
    qtbot.addWidget(label)
    posted = []
    sink = ScreenReaderSink(label, post=lambda e: posted.append(
        (time.monotonic(), e.message(), e.politeness())), paced=True)
    sink.output("You: eleven to fifteen.", Priority.QUEUE)
    sink.output("The computer is thinking.", Priority.QUEUE)
    sink.output("Black to move.", Priority.QUEUE)
    assert posted == []  # on a later turn of the event loop, after the command's focus change
    qtbot.waitUntil(lambda: len(posted) == 1, timeout=5_000)
    assert [m for _, m, _ in posted] == ["You: eleven to fifteen."]
    assert sink.waiting == ["The computer is thinking.", "Black to move."]
    qtbot.waitUntil(lambda: len(posted) == 3, timeout=5_000)
    gaps = [b[0] - a[0] for a, b in zip(posted, posted[1:])]
    assert all(gap >= PACE_MIN_MS / 1000 for gap in gaps), gaps
    assert gaps[0] >= pace_after("You: eleven to fifteen.") / 1000 - 0.01
    sink.output("Row 3.", Priority.QUEUE)
    sink.output("Your pieces: 9, 10.", Priority.READING)  # replaces "Row 3." still waiting
    sink.output("Computer: twenty-two to seventeen.", Priority.INTERRUPT)
    # "Black to move." was posted a moment ago: the interrupting text waits for it to be said
    # (the reading waiting is dropped), then goes before anything else
    qtbot.waitUntil(lambda: posted[-1][1] == "Computer: twenty-two to seventeen.", timeout=5_000)
    assert posted[-1][1:] == ("Computer: twenty-two to seventeen.",
                              QAccessible.AnnouncementPoliteness.Assertive)
    assert sink.waiting == []
    sink.output("You, Black to move.", Priority.QUEUE)
    qtbot.waitUntil(lambda: posted[-1][1] == "You, Black to move.", timeout=5_000)
    assert posted[-1][0] - posted[-2][0] >= PACE_MIN_MS / 1000
    assert [m for _, m, _ in posted].count("Row 3.") == 0


def test_the_players_move_held_back_by_the_pacing_is_said_before_the_computers_reply(qtbot):
    """A move made within the pause after a long announcement (the pick-up's "It can go to...")
    waits; the computer's reply, which interrupts, carries it first in the same announcement
    instead of dropping it."""
    label = QLabel("status")
    qtbot.addWidget(label)
    posted = []
    sink = ScreenReaderSink(label, post=lambda e: posted.append((e.message(), e.politeness())),
                            paced=True)
    sink.output("You picked up ten. It can go to fourteen or fifteen.", Priority.QUEUE)
    sink.output("You: ten to fifteen.", Priority.QUEUE)
    sink.output("Row 3.", Priority.READING)
    sink.output("You: ten to fifteen, again.", Priority.QUEUE)
    assert sink.waiting == ["Row 3.", "You: ten to fifteen, again."]
    sink.output("Computer: twenty-three to nineteen.", Priority.INTERRUPT)
    qtbot.waitUntil(lambda: bool(posted) and "Computer" in posted[-1][0], timeout=5_000)
    assert posted[-1] == ("You: ten to fifteen, again. Computer: twenty-three to nineteen.",
                          QAccessible.AnnouncementPoliteness.Assertive)
    assert sink.waiting == []


def test_the_computers_reply_does_not_cut_the_players_move_posted_just_before_it(qtbot):
    """The player's own move, held back by the pacing behind a long hint, is posted a moment
    before the computer's reply: the reply (assertive) waits until the move has been said at a
    screen reader's default rate (eSpeak NG, the default voice of NVDA and Orca, takes 1.38 s
    for "You: seven to ten.") instead of cutting it, and an urgent text waits no longer than
    HOLD_MAX_MS behind a long polite one."""
    import time

    from checkers_desktop.ui.a11y import HOLD_MAX_MS, pace_after, say_after

    label = QLabel("status")
    qtbot.addWidget(label)
    posted = []
    sink = ScreenReaderSink(label, post=lambda e: posted.append(
        (time.monotonic(), e.message(), e.politeness())), paced=True)
    sink.output("You: seven to ten.", Priority.QUEUE)
    qtbot.waitUntil(lambda: len(posted) == 1, timeout=5_000)  # posted: the reply comes now
    sink.output("Computer: fourteen jumps seven, takes your man on ten.", Priority.INTERRUPT)
    qtbot.wait(50)
    assert [m for _, m, _ in posted] == ["You: seven to ten."]
    qtbot.waitUntil(lambda: len(posted) == 2, timeout=5_000)
    assert posted[1][1:] == ("Computer: fourteen jumps seven, takes your man on ten.",
                             QAccessible.AnnouncementPoliteness.Assertive)
    assert posted[1][0] - posted[0][0] >= say_after("You: seven to ten.") / 1000 - 0.01
    assert posted[1][0] - posted[0][0] >= 1.38
    # after a reading answer (meant to be cut) the reply goes at once
    qtbot.wait(pace_after(posted[-1][1]) + 20)
    sink.output("Your pieces: 9, 10, 11.", Priority.READING)
    sink.output("Computer: two to six.", Priority.INTERRUPT)
    qtbot.waitUntil(lambda: len(posted) == 3, timeout=5_000)
    assert posted[-1][1] == "Computer: two to six."
    # a long polite text holds an urgent one back at most HOLD_MAX_MS
    qtbot.wait(pace_after(posted[-1][1]) + 20)
    sink.output("Welcome. " + "word " * 40, Priority.QUEUE)
    qtbot.waitUntil(lambda: posted[-1][1].startswith("Welcome."), timeout=5_000)
    sink.output("Ten seconds left.", Priority.INTERRUPT)
    qtbot.waitUntil(lambda: posted[-1][1] == "Ten seconds left.", timeout=5_000)
    assert posted[-1][0] - posted[-2][0] <= HOLD_MAX_MS / 1000 + 0.25


def test_a_move_made_at_once_after_a_pick_up_is_heard_with_the_reply(make_window, qtbot):
    """In the window, paced: a pick-up's long sentence, the move made at once, the computer's
    reply: the player's move reaches the screen reader."""
    import time

    window = make_window(paced_screen_reader=True)
    posted = []
    window.screen_reader._post = lambda e: posted.append((time.monotonic(), e.message(),
                                                          e.politeness()))
    window.new_game(Mode.COMPUTER)
    qtbot.waitUntil(lambda: not window.screen_reader.waiting, timeout=10_000)
    window.screen_reader.output("You picked up eleven. It can go to fifteen or sixteen, "
                                "or stay where it is.", Priority.QUEUE)
    ply = len(window.session.board.move_stack)
    type_move(qtbot, window, "11-15")
    qtbot.waitUntil(lambda: len(window.session.board.move_stack) == ply + 2, timeout=10_000)
    qtbot.waitUntil(lambda: not window.screen_reader.waiting, timeout=10_000)
    said = " | ".join(m for _, m, _ in posted)
    assert "eleven to fifteen" in said, said


def test_a_move_and_the_reply_reach_the_screen_reader_none_within_300_ms(make_window, qtbot):
    """The real window paces its screen reader: over a few moves against the computer, no
    polite announcement follows another within 300 ms."""
    import time

    window = make_window(paced_screen_reader=True)
    posted = []
    window.screen_reader._post = lambda e: posted.append((time.monotonic(), e.message(),
                                                          e.politeness()))
    window.new_game(Mode.COMPUTER)
    for _ in range(3):
        # the player moves once the reply has reached the screen reader
        qtbot.waitUntil(lambda: not window.screen_reader.waiting, timeout=10_000)
        ply = len(window.session.board.move_stack)
        type_move(qtbot, window, window.session.legal_moves()[0].pdn())
        qtbot.waitUntil(lambda: len(window.session.board.move_stack) == ply + 2, timeout=10_000)
        qtbot.waitUntil(lambda: not window.screen_reader.waiting, timeout=10_000)
    close = [(a[1], b[1]) for a, b in zip(posted, posted[1:]) if b[0] - a[0] < 0.3
             and b[2] != QAccessible.AnnouncementPoliteness.Assertive]
    said = " ".join(m for _, m, _ in posted)
    assert said.count("You: ") == 3 and said.count("Computer: ") == 3, said
    assert len(posted) >= 3 and close == [], posted


def test_syllables_of_the_games_sentences():
    """The wait behind the player's own move counts syllables, not words: the game's words are
    numbers of two and three syllables."""
    from checkers_desktop.ui.a11y import say_after, syllables

    assert syllables("You: nine to fourteen.") == 5
    assert syllables("You: twenty-six jumps seventeen jumps ten.") == 10
    assert syllables("Square 32.") == 3  # a digit counts one
    assert syllables("") == 0 and say_after("") > 0
    assert say_after("You: twenty-two to seventeen.") > say_after("You: one to six.")


def test_quiet_in_counts_what_waits_behind_the_players_move(qtbot):
    """What the screen reader still has to say: the player's move posted, then the reply held
    behind it; a focus change should wait for both."""
    from checkers_desktop.ui.a11y import say_after

    label = QLabel("status")
    qtbot.addWidget(label)
    posted: list[str] = []
    sink = ScreenReaderSink(label, post=lambda e: posted.append(e.message()), paced=True)
    assert sink.quiet_in_ms() == 0
    sink.output("You: nine to fourteen.", Priority.QUEUE)
    qtbot.waitUntil(lambda: len(posted) == 1, timeout=5_000)
    reply = "Computer: twenty-two to eighteen."
    sink.output(reply, Priority.INTERRUPT)
    quiet = sink.quiet_in_ms()
    assert sink.waiting == [reply]
    assert quiet >= say_after(reply) + say_after("You: nine to fourteen.") - 300


def test_the_reply_waits_for_a_jump_with_what_it_took(qtbot):
    """ "You: thirteen jumps twenty-two, takes the man on seventeen." takes eSpeak NG 3.72 s at
    its default rate: the reply is posted after that, not at 2.5 s, where it cut "takes the man
    on ..."."""
    import time

    label = QLabel("status")
    qtbot.addWidget(label)
    posted: list[float] = []
    sink = ScreenReaderSink(label, post=lambda e: posted.append(time.monotonic()), paced=True)
    sink.output("You: thirteen jumps twenty-two, takes the man on seventeen.", Priority.QUEUE)
    qtbot.waitUntil(lambda: len(posted) == 1, timeout=5_000)
    sink.output("Computer: twenty-five jumps eighteen, takes your man on twenty-two.",
                Priority.INTERRUPT)
    qtbot.waitUntil(lambda: len(posted) == 2, timeout=10_000)
    assert posted[1] - posted[0] >= 3.72
