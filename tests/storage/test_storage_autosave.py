"""AutosaveStore: atomic saves, fallback to the previous save, damaged saves kept aside with their
reason."""

from __future__ import annotations

import json
import os
import random
import re

import pytest

from checkers_desktop.rules import Board
from checkers_desktop.storage import AutosaveStore, DamagedAutosaveError, SaveProblem, Snapshot
from checkers_desktop.storage import autosave as autosave_module

DAMAGED_NAME = re.compile(r"^autosave(\.prev)?\.damaged-\d{8}-\d{6}(-\d+)?\.json$")


def game(plies: int, seed: int = 0) -> Board:
    rng = random.Random(seed)
    board = Board()
    for _ in range(plies):
        if not board.legal_moves:
            break
        board.push(rng.choice(board.legal_moves))
    return board


def snap(plies: int, seed: int = 0) -> Snapshot:
    return Snapshot.from_board(game(plies, seed))


def leftovers(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_nothing_saved_loads_none(tmp_path):
    store = AutosaveStore(tmp_path / "new")
    assert store.load() is None
    assert store.load_result().set_aside == []


def test_save_and_load(tmp_path):
    store = AutosaveStore(tmp_path)
    store.save(snap(10))
    store.save(snap(11))
    loaded = store.load()
    assert loaded.restore().move_stack == game(11).move_stack
    assert Snapshot.from_json(store.prev_path.read_text()).restore().ply == 10
    assert leftovers(tmp_path) == []


def test_crash_before_any_rename_keeps_the_old_save(tmp_path, monkeypatch):
    store = AutosaveStore(tmp_path)
    store.save(snap(6))
    before = store.path.read_bytes()

    def crash(src, dst):
        raise OSError("power cut")

    monkeypatch.setattr(autosave_module.os, "replace", crash)
    with pytest.raises(OSError):
        store.save(snap(7))
    monkeypatch.undo()
    assert store.path.read_bytes() == before
    assert leftovers(tmp_path) == []
    assert store.load().restore().ply == 6


def test_crash_between_the_renames_falls_back_to_the_old_save(tmp_path, monkeypatch):
    store = AutosaveStore(tmp_path)
    store.save(snap(6))
    real_replace = os.replace

    def crash_on_new_file(src, dst):
        if str(src).endswith(".tmp"):
            raise OSError("killed")
        real_replace(src, dst)

    monkeypatch.setattr(autosave_module.os, "replace", crash_on_new_file)
    with pytest.raises(OSError):
        store.save(snap(7))
    monkeypatch.undo()
    result = store.load_result()
    assert result.snapshot.restore().ply == 6
    assert result.damaged == []


def test_interrupted_temporary_file_is_ignored_and_removed(tmp_path):
    store = AutosaveStore(tmp_path)
    store.save(snap(4))
    (tmp_path / ".autosave-abc.tmp").write_text('{"format": "checkers-desk')
    assert store.load().restore().ply == 4
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("content", [b"", b"{\"format\": \"checkers-desktop autosave\", \"vers",
                                     b"\x00\xff\xfe garbage", b"[1, 2, 3]"])
def test_damaged_save_is_kept_aside_and_reported(tmp_path, content):
    store = AutosaveStore(tmp_path)
    store.path.write_bytes(content)
    result = store.load_result()
    assert result.snapshot is None
    assert len(result.damaged) == 1
    kept = result.damaged[0]
    assert DAMAGED_NAME.match(kept.name), kept.name
    assert kept.read_bytes() == content  # kept as it was, never deleted
    assert not store.path.exists()
    aside = result.set_aside[0]
    assert aside.problem is SaveProblem.DAMAGED and aside.original == store.path
    reason_file = kept.with_name(kept.name + ".txt")
    assert aside.reason in reason_file.read_text() and "autosave.json" in reason_file.read_text()


def test_load_raises_with_the_kept_name(tmp_path):
    store = AutosaveStore(tmp_path)
    store.path.write_text("not json")
    with pytest.raises(DamagedAutosaveError) as info:
        store.load()
    kept = [p for p in tmp_path.iterdir() if DAMAGED_NAME.match(p.name)]
    assert len(kept) == 1 and str(kept[0]) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_torn_last_save_falls_back_to_the_previous(tmp_path):
    store = AutosaveStore(tmp_path)
    store.save(snap(8))
    store.save(snap(9))
    text = store.path.read_text()
    store.path.write_text(text[: len(text) // 2])
    result = store.load_result()
    assert result.from_previous
    assert result.snapshot.restore().ply == 8
    assert len(result.damaged) == 1 and result.damaged[0].read_text() == text[: len(text) // 2]


def test_both_saves_damaged_are_both_kept(tmp_path):
    store = AutosaveStore(tmp_path)
    store.path.write_text("{")
    store.prev_path.write_text("}")
    result = store.load_result()
    assert result.snapshot is None
    assert sorted(p.read_text() for p in result.damaged) == ["{", "}"]
    assert all(DAMAGED_NAME.match(p.name) for p in result.damaged)


def test_second_damage_in_the_same_second_gets_its_own_name(tmp_path):
    store = AutosaveStore(tmp_path)
    store.path.write_text("one")
    first = store.load_result().damaged[0]
    store.path.write_text("two")
    second = store.load_result().damaged[0]
    assert first != second and first.read_text() == "one" and second.read_text() == "two"


def test_wrong_version_is_damaged(tmp_path):
    store = AutosaveStore(tmp_path)
    data = snap(3).to_dict()
    data["version"] = 2
    store.path.write_text(json.dumps(data))
    result = store.load_result()
    assert result.snapshot is None and result.damaged
    assert "version 2" in result.set_aside[0].reason


def test_moves_that_do_not_replay_are_damaged(tmp_path):
    store = AutosaveStore(tmp_path)
    s = snap(6)
    s.pdn = s.pdn.replace("1. ", "1. 1-5 ", 1)
    store.save(s)
    assert store.load_result().damaged


def test_finished_game_is_not_offered(tmp_path):
    board = game(500, seed=3)
    assert board.is_game_over()
    store = AutosaveStore(tmp_path)
    store.save(Snapshot.from_board(board))
    result = store.load_result()
    assert result.snapshot is None and result.damaged == []
    assert store.load() is None


def test_discard_removes_saves_but_not_damaged_ones(tmp_path):
    store = AutosaveStore(tmp_path)
    store.path.write_text("broken")
    kept = store.load_result().damaged[0]
    store.save(snap(2))
    store.save(snap(3))
    store.discard()
    assert not store.path.exists() and not store.prev_path.exists()
    assert kept.exists()
    assert store.load() is None
    store.discard()  # nothing left: still fine


def test_unwritable_folder_raises_oserror(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(OSError):
        AutosaveStore(blocker / "sub").save(snap(1))


def test_try_save_returns_the_failure_and_keeps_the_old_save(tmp_path, monkeypatch, caplog):
    store = AutosaveStore(tmp_path)
    assert store.try_save(snap(5)) is None

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosave_module.os, "fsync", disk_full)
    error = store.try_save(snap(6))
    monkeypatch.undo()
    assert isinstance(error, OSError) and error.strerror == "No space left on device"
    assert "autosave" in caplog.text and "failed" in caplog.text
    assert store.load().restore().ply == 5
    assert leftovers(tmp_path) == []
