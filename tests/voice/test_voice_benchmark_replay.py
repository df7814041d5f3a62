"""benchmarks/voice.py replays a permissive run under other thresholds (``--tune``); the adapted
model's two rules (speech/voice/whisper.py PHRASE_NO_SPEECH and SEARCH_COMMANDS_ALONE) replay as
the recogniser applies them."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import voice  # noqa: E402  (benchmarks/voice.py)

OPEN = dict(move_margin=0, decoy_margin=-99, search_fit=-99, search_margin=-99, yes_margin=-99,
            yes_no_speech=1.1, no_margin=-99, agree_margin=1.0, agree_search_margin=0.0)


def record(got, *, no_speech=0.0, search=False, sphinx="?", kind="command", expected=None):
    details = {"no_speech": no_speech, "margin": 9.0, "sphinx_any": sphinx}
    if search:
        details.update(search=" Help.", search_fit=0.0, search_margin=2.0)
    return {"got": got, "details": details, "confirming": False, "kind": kind,
            "expected": expected or got}


def test_a_phrase_with_a_high_no_speech_probability_is_silence_under_the_rule():
    cough = record("hint", no_speech=0.998, kind="nonspeech", expected="?")
    assert voice.replay(cough, OPEN) == "hint"
    assert voice.replay(cough, dict(OPEN, phrase_no_speech=0.6)) == "?"
    said = record("hint", no_speech=0.05)
    assert voice.replay(said, dict(OPEN, phrase_no_speech=0.6)) == "hint"


def test_a_command_found_by_search_needs_pocketsphinx_under_the_rule():
    alone = record("help", search=True)
    agreed = record("help", search=True, sphinx="help")
    assert voice.replay(alone, OPEN) == "help"
    assert voice.replay(alone, dict(OPEN, search_commands_alone=0)) == "?"
    assert voice.replay(agreed, dict(OPEN, search_commands_alone=0)) == "help"


def _pick_up(hyps, scores, hypothesis=0, sphinx="?"):
    details = {"no_speech": 0.0, "margin": 9.0, "sphinx_any": sphinx, "hyps": hyps,
               "hyp_scores": scores}
    if hypothesis:
        details["hypothesis"] = hypothesis
    return {"got": "pick-up 11", "details": details, "confirming": False, "kind": "pick-up",
            "expected": "pick-up 11", "fen": "B:W21,22,23,24,25,26,27,28,29,30,31,32:"
            "B1,2,3,4,5,6,7,8,9,10,11,12", "selected": None}


def test_the_beam_rules_replay_as_the_recogniser_applies_them():
    torn = _pick_up([" Pick up 11.", " Pick up 10."], [-0.01, -1.2], sphinx="pick-up 11")
    assert voice.replay(torn, OPEN) == "pick-up 11"
    assert voice.replay(torn, dict(OPEN, beam_rival_gap=1.5)) == "?"
    assert voice.replay(torn, dict(OPEN, beam_rival_gap=1.0)) == "pick-up 11"
    later = _pick_up([" Good morning.", " Pick up 11."], [-0.1, -0.5], hypothesis=1)
    assert voice.replay(later, dict(OPEN, later_hypothesis_alone=0)) == "?"
    agreed = _pick_up([" Good morning.", " Pick up 11."], [-0.1, -0.5], hypothesis=1,
                      sphinx="pick-up 11")
    assert voice.replay(agreed, dict(OPEN, later_hypothesis_alone=0)) == "pick-up 11"


def test_a_no_in_the_beam_replays_by_its_gap_below_the_yes():
    """A "yes" with " No." in the beam is refused under the beam's "no" rule only when that
    " No." scored within the gap (speech/voice/whisper.py YES_BEAM_NO_GAP); a dump made before
    the gap was recorded refuses it wherever it was."""
    def yes(**details):
        r = record("yes", expected="yes")
        r["details"].update(yes_margin=9.0, yes_filler_margin=12.0, beam_no=True, **details)
        return r

    rule = dict(OPEN, yes_beam_no=1)
    assert voice.replay(yes(beam_no_gap=4.2), rule) == "yes"
    assert voice.replay(yes(beam_no_gap=1.0), rule) == "?"
    assert voice.replay(yes(beam_no_gap=4.2), dict(rule, yes_beam_no_gap=5.0)) == "?"
    assert voice.replay(yes(), rule) == "?"
    assert voice.replay(yes(beam_no_gap=1.0), OPEN) == "yes"


def test_another_word_close_behind_a_yes_replays_by_its_gap():
    """A "yes" with another word in the beam (" Just.") is refused when that word scored within
    the gap (speech/voice/whisper.py YES_BEAM_OTHER_GAP, the default of a replay); a dump made
    before the gap was recorded keeps the "yes"."""
    def yes(**details):
        r = record("yes", expected="yes")
        r["details"].update(yes_margin=9.0, yes_filler_margin=12.0, **details)
        return r

    rule = OPEN  # the gap not given: the recogniser's own
    assert voice.replay(yes(beam_other_gap=0.6), rule) == "?"
    assert voice.replay(yes(beam_other_gap=3.5), rule) == "yes"
    assert voice.replay(yes(), rule) == "yes"
    assert voice.replay(yes(beam_other_gap=0.6), dict(rule, yes_beam_other_gap=0.5)) == "yes"
    assert voice.replay(yes(beam_other_gap=0.6),
                        dict(OPEN, yes_beam_other_gap=voice.PERMISSIVE["yes_beam_other_gap"])
                        ) == "yes"  # as the permissive run decodes: off


def test_other_phrasings_keep_the_positions_and_say_each_way_in_turn():
    """--answers, --put-down-forms, --move-forms and --command-phrasings change only what is
    said: the same positions, the same expected results, each phrasing in turn."""
    import dataclasses

    plain = voice.corpus(voice.SPLITS["tuning"], 60)
    other = voice.corpus(dataclasses.replace(
        voice.SPLITS["tuning"], answers=["yes please", "correct", "nope"],
        put_down_forms=("to {b}",), move_forms=(("sq", "square {a} to square {b}"),),
        command_phrasings=True), 60)
    assert [(i.fen, i.kind, i.expected) for i in plain] == \
        [(i.fen, i.kind, i.expected) for i in other]
    said = {i.kind: set() for i in other}
    for item in other:
        said[item.kind].add(item.text)
    assert {t for t in said["answer"]} <= {"yes please", "correct", "nope"}
    assert {"yes please", "correct", "nope"} <= said["answer"]
    assert all(t.startswith("to ") for t in said["square"])
    assert any(t.startswith("square ") and " to square " in t for t in said["move"])
    commands = [i for i in other if i.kind == "command"]
    assert len({i.text for i in commands}) > len({i.expected for i in commands})
    from checkers_desktop.speech.voice.phrases import COMMAND_PATTERNS
    assert all(i.text in COMMAND_PATTERNS[i.expected] for i in commands)


def test_an_answer_the_game_does_not_know_is_refused_by_name():
    assert voice._answer_of("yes please") == "yes" and voice._answer_of("no thanks") == "no"
    assert voice._answer_of("right") == "" and voice._answer_of("maybe") == ""
