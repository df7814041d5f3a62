"""The autosave after a crash and against hostile files: the newest complete save wins whatever was
interrupted (the rename window built by hand), every fault while reading a save is caught in one
place with the file kept aside and its reason, a file the player may not read is not "damaged",
and the seal tells a save changed outside the app."""

from __future__ import annotations

import json
import os
import random

import pytest

from checkers_desktop import inputs
from checkers_desktop.rules import Board
from checkers_desktop.storage import (AutosaveStore, Integrity, KeyRing, RecordKey, SaveProblem,
                                      Snapshot, Source)
from checkers_desktop.storage import autosave as autosave_module
from checkers_desktop.storage.atomic import write_temporary

KEYS = KeyRing.of(RecordKey.from_secret(b"k" * 32))


def game(plies: int, seed: int = 0) -> Board:
    rng = random.Random(seed)
    board = Board()
    for _ in range(plies):
        board.push(rng.choice(board.legal_moves))
    return board


def snap(plies: int) -> Snapshot:
    return Snapshot.from_board(game(plies))


def temporaries(folder) -> list:
    return sorted(p for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_saves_are_numbered_across_restarts(tmp_path):
    store = AutosaveStore(tmp_path, KEYS)
    store.save(snap(1))
    store.save(snap(2))
    assert store.load().seq == 2
    again = AutosaveStore(tmp_path, KEYS)
    again.save(snap(3))
    assert again.load().seq == 3
    assert json.loads(again.prev_path.read_text())["seq"] == 2


def _interrupted(store, plies: int) -> None:
    """A save of ``plies`` moves written completely under its temporary name, as a crash between
    the fsync and the renames leaves it."""
    s = snap(plies)
    s.seq = store._next_seq()
    write_temporary(store.folder, store.encode(s), prefix=".autosave-")


def test_kill_between_the_two_renames_the_newest_complete_save_wins(tmp_path):
    store = AutosaveStore(tmp_path, KEYS)
    for plies in range(18, 21):
        store.save(snap(plies))
    # the crash: autosave.json already moved to autosave.prev.json, the new save still .tmp
    os.replace(store.path, store.prev_path)
    _interrupted(store, 21)
    assert not store.path.exists() and len(temporaries(tmp_path)) == 1

    result = AutosaveStore(tmp_path, KEYS).load_result()
    assert result.snapshot.ply == 21 and result.snapshot.seq == 4
    assert result.source is Source.INTERRUPTED and result.integrity is Integrity.VERIFIED
    assert result.set_aside == []
    # the renames were finished: the newest save is in place, the one before it behind it
    assert Snapshot.from_json(store.path.read_text()).ply == 21
    assert Snapshot.from_json(store.prev_path.read_text()).ply == 20
    assert temporaries(tmp_path) == []


def test_kill_before_the_first_rename_the_complete_temporary_save_wins(tmp_path):
    store = AutosaveStore(tmp_path, KEYS)
    store.save(snap(5))
    store.save(snap(6))
    _interrupted(store, 7)
    result = AutosaveStore(tmp_path, KEYS).load_result()
    assert result.snapshot.ply == 7 and result.source is Source.INTERRUPTED
    assert Snapshot.from_json(store.prev_path.read_text()).ply == 6


def test_an_older_complete_temporary_save_loses_and_is_removed(tmp_path):
    store = AutosaveStore(tmp_path, KEYS)
    s = snap(3)
    s.seq = 1
    write_temporary(tmp_path, store.encode(s), prefix=".autosave-")
    store._seq = 1
    store.save(snap(4))
    result = AutosaveStore(tmp_path, KEYS).load_result()
    assert result.snapshot.ply == 4 and result.source is Source.LAST
    assert temporaries(tmp_path) == []


def test_a_half_written_temporary_file_is_removed_not_kept(tmp_path):
    store = AutosaveStore(tmp_path, KEYS)
    store.save(snap(4))
    (tmp_path / ".autosave-abc.tmp").write_text('{"format": "checkers-desk')
    result = store.load_result()
    assert result.snapshot.ply == 4 and result.set_aside == []
    assert temporaries(tmp_path) == []


def test_newest_save_damaged_the_older_one_is_offered(tmp_path):
    store = AutosaveStore(tmp_path, KEYS)
    store.save(snap(8))
    store.save(snap(9))
    store.path.write_text("{ torn")
    result = AutosaveStore(tmp_path, KEYS).load_result()
    assert result.snapshot.ply == 8 and result.from_previous
    assert [a.problem for a in result.set_aside] == [SaveProblem.DAMAGED]


# --- seals -------------------------------------------------------------------------------------------
def test_a_save_changed_outside_the_app_is_offered_but_flagged(tmp_path):
    store = AutosaveStore(tmp_path, KEYS)
    s = Snapshot.from_board(game(6), players={"black": "Ann", "white": "Bo"})
    store.save(s)
    d = json.loads(store.path.read_text())
    d["players"]["black"] = "Mallory"
    d["pdn"] = d["pdn"].replace('[Black "Ann"]', '[Black "Mallory"]')
    store.path.write_text(json.dumps(d))
    result = AutosaveStore(tmp_path, KEYS).load_result()
    assert result.snapshot is not None and result.integrity is Integrity.CHANGED
    assert result.set_aside == []
    # re-indenting the file is not a change: the seal covers the values, not the layout
    store.save(s)
    store.path.write_text(json.dumps(json.loads(store.path.read_text()), indent=4))
    assert AutosaveStore(tmp_path, KEYS).load_result().integrity is Integrity.VERIFIED


def test_without_a_key_nothing_is_flagged(tmp_path):
    AutosaveStore(tmp_path).save(snap(2))
    assert "seal" not in json.loads((tmp_path / "autosave.json").read_text())
    assert AutosaveStore(tmp_path).load_result().integrity is Integrity.NOT_CHECKED
    assert AutosaveStore(tmp_path, KEYS).load_result().integrity is Integrity.UNSEALED


# --- hostile save files --------------------------------------------------------------------------------
def test_every_fault_while_reading_is_caught_in_one_place(tmp_path, monkeypatch):
    store = AutosaveStore(tmp_path, KEYS)
    store.save(snap(3))

    def explode(self):
        raise RuntimeError("a fault nobody foresaw")

    monkeypatch.setattr(Snapshot, "restore", explode)
    result = AutosaveStore(tmp_path, KEYS).load_result()  # never raises
    assert result.snapshot is None
    aside = result.set_aside[0]
    assert aside.problem is SaveProblem.DAMAGED and "RuntimeError" in aside.reason
    assert aside.kept.exists() and not store.path.exists()


def test_deeply_nested_saved_pdn_is_kept_aside_and_saving_goes_on(tmp_path):
    store = AutosaveStore(tmp_path, KEYS)
    s = snap(2)
    s.pdn = s.pdn.replace("1. ", "1. " + "(" * 1000 + "11-15" + ")" * 1000 + " ", 1)
    store.save(s)
    result = store.load_result()
    assert result.snapshot is None and result.set_aside[0].problem is SaveProblem.DAMAGED
    assert "variation" in result.set_aside[0].reason.lower() or "nest" in \
        result.set_aside[0].reason.lower()
    store.save(snap(3))  # the next game is saved as usual
    assert store.load().ply == 3
    assert len(list(tmp_path.glob("autosave.damaged-*.json"))) == 1  # never set aside twice


def test_a_save_the_player_may_not_read_is_not_called_damaged(tmp_path, monkeypatch):
    store = AutosaveStore(tmp_path, KEYS)
    store.save(snap(3))
    real = inputs.read_bytes

    def refused(path, limit, what="file"):
        if os.fspath(path).endswith("autosave.json"):
            raise inputs.InputError(inputs.InputProblem.NOT_PERMITTED,
                                    "you are not allowed to read this file", path)
        return real(path, limit, what)

    monkeypatch.setattr(inputs, "read_bytes", refused)
    result = AutosaveStore(tmp_path, KEYS).load_result()
    aside = result.set_aside[0]
    assert aside.problem is SaveProblem.NOT_PERMITTED
    assert aside.kept.name.startswith("autosave.unreadable-") and "damaged" not in aside.kept.name


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their permissions")
def test_a_save_without_read_permission(tmp_path):  # pragma: no cover - not run as root
    store = AutosaveStore(tmp_path, KEYS)
    store.save(snap(3))
    store.path.chmod(0)
    aside = AutosaveStore(tmp_path, KEYS).load_result().set_aside[0]
    assert aside.problem is SaveProblem.NOT_PERMITTED


def test_a_fifo_named_like_the_save_never_blocks(tmp_path):
    os.mkfifo(tmp_path / "autosave.json")
    result = AutosaveStore(tmp_path, KEYS).load_result()
    assert result.snapshot is None
    assert result.set_aside[0].problem is SaveProblem.UNREADABLE


def test_a_huge_save_is_refused_before_reading(tmp_path):
    with open(tmp_path / "autosave.json", "wb") as f:
        f.truncate(autosave_module.MAX_SAVE_BYTES + 1)  # sparse: nothing is really written
    result = AutosaveStore(tmp_path, KEYS).load_result()
    assert result.set_aside[0].problem is SaveProblem.UNREADABLE
    assert "too large" in result.set_aside[0].reason


@pytest.mark.parametrize("field, value", [("players", ["Ann", "Bo"]), ("extra", [1]),
                                          ("seq", "7"), ("set_up", "yes"), ("seal", 12)])
def test_fields_of_the_wrong_type_never_raise(tmp_path, field, value):
    store = AutosaveStore(tmp_path, KEYS)
    store.save(snap(2))
    d = json.loads(store.path.read_text())
    d[field] = value
    store.path.write_text(json.dumps(d))
    result = AutosaveStore(tmp_path, KEYS).load_result()
    if field == "seal":
        assert result.integrity is Integrity.CHANGED and result.snapshot is not None
    else:
        assert result.snapshot is None and result.set_aside[0].problem is SaveProblem.DAMAGED
