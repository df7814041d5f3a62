"""The announcer's priority rules, seen through FakeSynth sinks that hold each utterance."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers_desktop.speech.announcer import Announcer, OutputSink, Priority, schedule
from checkers_desktop.speech.fake import FakeSynth

Q, R, I = Priority.QUEUE, Priority.READING, Priority.INTERRUPT


@pytest.fixture
def synth() -> FakeSynth:
    return FakeSynth(hold=True)


@pytest.fixture
def announcer(synth: FakeSynth) -> Announcer:
    return Announcer([synth])


def test_queue_waits_its_turn(announcer, synth):
    announcer.announce("Black, eleven to fifteen.")
    announcer.announce("Red to move.")
    assert synth.speaking == "Black, eleven to fifteen."
    assert synth.interrupted == [] and synth.dropped == []
    synth.finish_all()
    assert synth.spoken == ["Black, eleven to fifteen.", "Red to move."]


def test_interrupt_cuts_off_and_says_the_waiting_queue_first(announcer, synth):
    """The computer's reply cuts what is being said, but the player's own move still waiting is
    said first, in the same utterance: it is never lost."""
    announcer.announce("You picked up ten. It can go to fourteen or fifteen.", Q)
    announcer.announce("You: ten to fifteen.", Q)
    announcer.announce("Computer: twenty-three to nineteen.", I)
    assert synth.interrupted == ["You picked up ten. It can go to fourteen or fifteen."]
    assert synth.speaking == "You: ten to fifteen. Computer: twenty-three to nineteen."
    synth.finish_all()
    assert synth.spoken[-1] == "You: ten to fifteen. Computer: twenty-three to nineteen."


def test_interrupt_drops_a_waiting_reading(announcer, synth):
    announcer.announce("Ten seconds left.", I)
    announcer.announce("Your pieces: 9, 10.", R)  # waits behind the warning
    announcer.announce("You: ten to fifteen.", Q)
    announcer.announce("Red, twenty-two jumps fifteen.", I)
    assert synth.speaking == "You: ten to fifteen. Red, twenty-two jumps fifteen."
    synth.finish_all()
    assert "Your pieces: 9, 10." not in " ".join(synth.spoken)


def test_interrupt_cuts_another_interrupt(announcer, synth):
    announcer.announce("Ten seconds left.", I)
    announcer.announce("Five seconds left.", I)
    assert synth.interrupted == ["Ten seconds left."]
    assert synth.speaking == "Five seconds left."


def test_reading_replaces_earlier_reading(announcer, synth):
    announcer.announce("Row 1: ...", R)
    announcer.announce("Black men on 1, 2 and 3.", R)
    assert synth.interrupted == ["Row 1: ..."]
    assert synth.speaking == "Black men on 1, 2 and 3."


def test_reading_drops_waiting_reading_and_queue_texts(announcer, synth):
    announcer.announce("being said", Q)
    announcer.announce("waiting queue", Q)
    announcer.announce("waiting reading", R)  # cuts "being said", drops "waiting queue"
    synth_events = list(synth.events)
    assert ("interrupt", "being said") in synth_events
    assert ("drop", "waiting queue") in synth_events
    announcer.announce("newer reading", R)
    assert synth.interrupted[-1] == "waiting reading"
    synth.finish_all()
    assert synth.spoken == ["being said", "waiting reading", "newer reading"]


def test_reading_does_not_cut_an_interrupt(announcer, synth):
    announcer.announce("Red, nine to fourteen.", I)
    announcer.announce("Row 1: ...", R)
    assert synth.interrupted == []
    assert synth.speaking == "Red, nine to fourteen."
    synth.finish_all()
    assert synth.spoken == ["Red, nine to fourteen.", "Row 1: ..."]


def test_reading_keeps_a_waiting_interrupt(announcer, synth):
    announcer.announce("opponent move", I)
    announcer.announce("clock warning", I)  # cuts the first
    announcer.announce("a reading", R)
    synth.finish_all()
    assert synth.spoken == ["opponent move", "clock warning", "a reading"]


def test_queue_after_reading_waits(announcer, synth):
    announcer.announce("a reading", R)
    announcer.announce("a confirmation", Q)
    assert synth.interrupted == []
    synth.finish_all()
    assert synth.spoken == ["a reading", "a confirmation"]


def test_repeat_last_says_it_again_at_once_without_new_history(announcer, synth):
    assert announcer.repeat_last() is None
    announcer.announce("Black to move.", Q)
    announcer.announce("Row 1: empty.", R)
    assert announcer.repeat_last() == "Row 1: empty."
    assert synth.outputs[-1] == ("Row 1: empty.", I)
    assert synth.interrupted == ["Black to move.", "Row 1: empty."]
    assert [t for t, _ in announcer.history] == ["Black to move.", "Row 1: empty."]
    assert announcer.last_text == "Row 1: empty."


def test_stop_silences_every_sink_even_disabled(synth):
    other = FakeSynth(hold=True)
    announcer = Announcer([synth, other])
    announcer.announce("one")
    announcer.announce("two")
    announcer.set_sink_enabled(other, False)
    other.cancels = 0
    announcer.stop()
    assert synth.speaking is None and synth.pending == []
    assert synth.interrupted == ["one"] and synth.dropped == ["two"]
    assert other.cancels == 1


def test_disabled_sink_gets_nothing_and_is_silenced(synth):
    screen_reader = FakeSynth()
    announcer = Announcer([synth, screen_reader])
    announcer.announce("long text")
    announcer.set_sink_enabled(synth, False)
    assert synth.interrupted == ["long text"]
    announcer.announce("only on the screen reader")
    assert "only on the screen reader" not in [t for t, _ in synth.outputs]
    assert screen_reader.spoken == ["long text", "only on the screen reader"]
    assert not announcer.is_sink_enabled(synth) and announcer.is_sink_enabled(screen_reader)
    announcer.set_sink_enabled(synth, True)
    announcer.announce("both again")
    assert synth.speaking == "both again"


def test_a_held_sink_says_what_was_kept_at_release_in_priority_order(synth):
    """The app's own voice held while the player talks: the screen reader goes on at once; at
    release the voice says what would be waiting by then, a stale reading replaced."""
    screen_reader = FakeSynth()
    announcer = Announcer([synth, screen_reader])
    announcer.hold(synth)
    announcer.hold(synth)  # holding twice is holding
    announcer.announce("Black: men on 1, 2, 3.", R)
    announcer.announce("Red: men on 30, 31, 32.", R)
    announcer.announce("The computer has finished getting ready.", Q)
    assert synth.outputs == [] and announcer.is_held(synth)
    assert screen_reader.spoken[-1] == "The computer has finished getting ready."
    announcer.release(synth)
    assert not announcer.is_held(synth)
    assert synth.speaking == "Red: men on 30, 31, 32."
    synth.finish_all()
    assert synth.spoken == ["Red: men on 30, 31, 32.", "The computer has finished getting ready."]
    announcer.announce("not held now")
    assert synth.speaking == "not held now"
    announcer.release(synth)  # not held: nothing
    with pytest.raises(ValueError):
        announcer.hold(FakeSynth())


def test_stop_and_switching_off_drop_what_a_held_sink_kept(synth):
    announcer = Announcer([synth])
    announcer.hold(synth)
    announcer.announce("one", I)
    announcer.stop()
    announcer.announce("two")
    announcer.set_sink_enabled(synth, False)
    announcer.set_sink_enabled(synth, True)
    announcer.announce("three")
    announcer.release(synth)
    assert [t for t, _ in synth.outputs] == ["three"]


def test_add_and_remove_sinks(synth):
    announcer = Announcer()
    announcer.announce("nobody hears this")
    announcer.add_sink(synth)
    announcer.add_sink(synth)
    assert announcer.sinks == [synth]
    announcer.announce("hello")
    announcer.remove_sink(synth)
    assert synth.interrupted == ["hello"]
    announcer.announce("after removal")
    assert [t for t, _ in synth.outputs] == ["hello"]
    announcer.remove_sink(synth)  # not there: nothing happens
    with pytest.raises(ValueError):
        announcer.set_sink_enabled(synth, True)


def test_blank_text_is_ignored_and_bad_priority_refused(announcer, synth):
    announcer.announce("   ")
    announcer.announce("")
    assert announcer.history == [] and synth.outputs == []
    with pytest.raises(ValueError, match="7"):
        announcer.announce("text", 7)
    assert announcer.history == []


def test_a_broken_sink_does_not_silence_the_others(synth):
    class Broken:
        def output(self, text, priority):
            raise RuntimeError("driver died")

        def cancel(self):
            raise RuntimeError("driver died")

    broken = Broken()
    announcer = Announcer([broken, synth])
    announcer.announce("still heard")
    announcer.stop()
    assert synth.spoken == ["still heard"]
    assert len(announcer.sink_errors) == 2


def test_fake_synth_by_default_says_everything_in_order():
    synth = FakeSynth()
    assert isinstance(synth, OutputSink)
    announcer = Announcer([synth])
    for text, priority in [("a", Q), ("b", R), ("c", I), ("d", Q)]:
        announcer.announce(text, priority)
    assert synth.spoken == ["a", "b", "c", "d"]
    assert [e for e, _ in synth.events] == ["say"] * 4
    announcer.stop()
    assert synth.events[-1] == ("cancel", "")


_items = st.lists(st.tuples(st.text(min_size=1, max_size=3), st.sampled_from(list(Priority))),
                  max_size=6)


@given(current=st.none() | st.sampled_from(list(Priority)), pending=_items,
       text=st.text(min_size=1, max_size=3), priority=st.sampled_from(list(Priority)))
def test_schedule_rules_hold_for_any_queue(current, pending, text, priority):
    cut, new = schedule(current, pending, text, priority)
    rest = new[:-1]
    if priority is I:
        queued = [t for t, p in pending if p is Q]
        assert new == [(" ".join(queued + [text]), I)] and cut == (current is not None)
        return
    assert new[-1] == (text, priority)
    if priority is R:
        assert all(p is I for _, p in rest)
        assert rest == [item for item in pending if item[1] is I]
        assert cut == (current is not None and current is not I)
    else:
        assert rest == list(pending) and not cut


def test_a_sentence_heard_first_is_not_cut_off_by_what_is_said_inside_its_block():
    """What a command says inside ``heard_first`` waits for the sentence, however urgent; the
    sentence itself cuts off what was being said; after the block the usual rules are back."""
    synth = FakeSynth(hold=True)
    announcer = Announcer([synth])
    announcer.announce("an old reading", R)
    with announcer.heard_first("Review ended."):
        announcer.announce("Took back eleven to fifteen.", I)
        announcer.announce("Looking for a hint.", R)
    assert synth.interrupted == ["an old reading"]
    assert synth.speaking == "Review ended."
    assert [t for t, _ in synth.pending] == ["Took back eleven to fifteen.",
                                             "Looking for a hint."]
    assert announcer.history[-2:] == [("Took back eleven to fifteen.", Q),
                                      ("Looking for a hint.", Q)]
    announcer.announce("The computer moved.", I)
    assert synth.interrupted[-1] == "Review ended."


def test_heard_first_ends_its_queueing_even_when_the_block_raises():
    announcer = Announcer([FakeSynth()])
    with pytest.raises(RuntimeError):
        with announcer.heard_first("Review ended."):
            raise RuntimeError("a command failed")
    announcer.announce("next", I)
    assert announcer.history[-1] == ("next", I)
