"""The spoken lesson's flow without a window: every step said once with its number, Enter goes
on from a step that only tells, cursor steps check the square, practice moves are checked and a
wrong one sets the position up again, Escape leaves."""

from __future__ import annotations

from checkers_desktop.rules import Board, Move
from checkers_desktop.session.tutorial import (LESSON, Finished, Say, SetPosition, StepKind,
                                               Tutorial)
from checkers_desktop.texts import tutorial as texts


def _says(actions):
    return [a.text for a in actions if isinstance(a, Say)]


def test_the_lesson_covers_the_board_moving_jumping_crowning_and_the_keys():
    kinds = [s.kind for s in LESSON]
    assert kinds.count(StepKind.MOVE) >= 4 and StepKind.CURSOR in kinds
    said = " ".join(s.text for s in LESSON)
    for topic in ("numbered 1 to 32", "Moving.", "Jumping.", "Several jumps.", "Crowning.",
                  "The keys"):
        assert topic in said
    for step in LESSON:  # every practice position is legal and has the asked move
        if step.fen:
            board = Board(step.fen)
            for pdn in step.moves:
                assert board.parse_move(pdn).pdn() == pdn


def test_info_steps_go_on_with_enter_and_cursor_steps_check_the_square():
    t = Tutorial()
    first = t.start()
    assert isinstance(first[0], SetPosition) and first[0].cursor == 11
    assert _says(first) == [f"Step 1 of {len(LESSON)}. {texts.INTRO}"]
    assert _says(t.enter(11))[0].startswith("Step 2 of")
    assert _says(t.enter(11))[0].startswith("Step 3 of")  # the cursor step
    assert t.step.kind is StepKind.CURSOR
    assert _says(t.enter(11)) == [texts.wrong_square_text(15)]
    assert t.cursor(14) == []
    assert _says(t.cursor(15))[:2] == [texts.WELL_DONE, f"Step 4 of {len(LESSON)}. "
                                       + texts.CURSOR_NUMBER]


def test_a_wrong_practice_move_sets_the_position_up_again():
    t = Tutorial()
    t.start()
    while t.step.kind is not StepKind.MOVE or not t.step.moves:
        if t.step.kind is StepKind.MOVE:
            t.move(Board().parse_move("11-15"))
        elif t.step.kind is StepKind.CURSOR:
            t.cursor(t.step.squares[0])
        else:
            t.enter(1)
    jumping = t.step
    again = t.move(Move((1, 6)))
    assert again == [SetPosition(jumping.fen, jumping.cursor), Say(texts.wrong_move_text()),
                     Say(jumping.text)]
    assert t.step is jumping
    right = Board(jumping.fen).parse_move(jumping.moves[0])
    assert _says(t.move(right))[0] == texts.WELL_DONE
    assert t.step is not jumping


def test_escape_leaves_and_the_end_is_told():
    t = Tutorial()
    t.start()
    assert t.leave() == [Say(texts.LEFT), Finished(False)]
    assert t.finished and t.enter(1) == [] and t.leave() == []
    t = Tutorial(steps=LESSON[-1:])
    t.start()
    assert t.enter(1) == [Say(texts.END), Finished(True)]
