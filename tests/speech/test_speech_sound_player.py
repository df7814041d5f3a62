"""SoundPlayer (QSoundEffect) must work, or fail quietly, where there is no audio device."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6.QtMultimedia", reason="Qt Multimedia is not installed")

from checkers_desktop.ui.sound_player import SoundPlayer  # noqa: E402


@pytest.fixture
def player(qtbot, tmp_path):
    p = SoundPlayer(cache_dir=tmp_path)
    yield p
    p.stop()


def test_play_emits_played_and_never_raises(qtbot, player):
    with qtbot.waitSignal(player.played, timeout=2000) as blocker:
        assert player.play("capture") is True
    assert blocker.args == ["capture"]
    for name in ("move", "crown", "refused", "edge", "warning", "game_over"):
        player.play(name)  # no exception without a sound card


def test_muted_player_plays_nothing(qtbot, player):
    player.muted = True
    with qtbot.assertNotEmitted(player.played):
        assert player.play("move") is False
    player.muted = False
    with qtbot.waitSignal(player.played, timeout=2000):
        player.play("move")


def test_volume_is_checked(player):
    player.volume = 0.25
    assert player.volume == 0.25
    with pytest.raises(ValueError, match="1.5"):
        player.volume = 1.5
    assert player.volume == 0.25


def test_unknown_sound_is_a_programming_error(player):
    with pytest.raises(ValueError, match="'bell'"):
        player.play("bell")


def test_unavailable_is_said_at_most_once(qtbot, player):
    messages: list[str] = []
    player.unavailable.connect(messages.append)
    for _ in range(3):
        for name in ("move", "capture"):
            player.play(name)
    from PySide6.QtMultimedia import QSoundEffect
    settled = (QSoundEffect.Status.Ready, QSoundEffect.Status.Error)
    # wait until both effects finished loading (and reported an error, where there is no device)
    qtbot.waitUntil(lambda: all(e is None or e.status() in settled
                                for e in player._effects.values()), timeout=3000)
    for name in ("move", "capture"):
        player.play(name)
    assert len(messages) <= 1
    assert all(m.startswith("Sounds are off") for m in messages)


def test_a_placed_sound_uses_its_stereo_file_and_placing_can_be_switched_off(qtbot, player,
                                                                            tmp_path):
    with qtbot.waitSignal(player.played, timeout=2000) as blocker:
        assert player.play("cursor", (6, 1)) is True
    assert blocker.args == ["cursor"]
    assert (tmp_path / "placed" / "cursor-c6-r1.wav").is_file()
    assert ("cursor", 6, 1) in player._effects
    player.placed = False
    player.play("move", (0, 7))
    assert not (tmp_path / "placed" / "move-c0-r7.wav").exists()
