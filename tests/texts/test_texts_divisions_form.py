"""What the Divisions form and the draw question say: counts in words a listener hears right."""

from __future__ import annotations

from checkers_desktop.texts import tournament as texts


def test_a_lone_competitor_is_one_competitor_in_the_split_box_name():
    """The check box's spoken name agrees with the line above it ("1 competitor")."""
    assert "(1 competitor," in texts.split_choice_name("85-up", 1, 0)
    assert "(3 competitors, 1 visually impaired)" in texts.split_choice_name("80-84", 3, 1)


def test_the_draw_question_does_not_promise_to_say_the_seeds():
    """The seeds are shown and recorded, never said (ten digits each): the question says so."""
    question = texts.draw_all_question(["70-74", "75-79"])
    assert "said" not in question
    assert "shown and recorded" in question
