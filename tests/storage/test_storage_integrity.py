"""The install's key and the seals on the records: the key made once, atomically, owner-only, apart
from the records; a record changed, renamed or unsealed is told apart from one the app wrote; a
crash between a record and its seal never makes an honest record look changed."""

from __future__ import annotations

import json
import multiprocessing
import os
import stat

import pytest

from checkers_desktop.storage import Integrity, KeyRing, RecordKey
from checkers_desktop.storage import records as record_store
from checkers_desktop.storage.integrity import KEY_FILE_NAME, load_or_create_key


def test_key_is_made_once_owner_only_and_kept(tmp_path):
    folder = tmp_path / "config" / "keys"
    key = load_or_create_key(folder)
    path = folder / KEY_FILE_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert len(key.secret) == 32 and len(key.key_id) == 8
    assert load_or_create_key(folder) == key
    assert [p.name for p in folder.iterdir()] == [KEY_FILE_NAME]  # no temporary file left


def test_loose_permissions_are_tightened(tmp_path):
    key = load_or_create_key(tmp_path)
    (tmp_path / KEY_FILE_NAME).chmod(0o644)
    assert load_or_create_key(tmp_path) == key
    assert stat.S_IMODE((tmp_path / KEY_FILE_NAME).stat().st_mode) == 0o600


def _make_key(folder: str, queue) -> None:
    queue.put(load_or_create_key(folder).key_id)


def test_processes_racing_to_make_the_key_all_get_the_same_one(tmp_path):
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    workers = [ctx.Process(target=_make_key, args=(str(tmp_path / "keys"), queue))
               for _ in range(6)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(30)
    ids = {queue.get(timeout=5) for _ in workers}
    assert len(ids) == 1
    assert ids == {load_or_create_key(tmp_path / "keys").key_id}


def test_a_key_file_that_is_not_a_key_is_kept_aside_and_replaced(tmp_path):
    (tmp_path / KEY_FILE_NAME).write_text("hello")
    key = load_or_create_key(tmp_path)
    assert len(key.secret) == 32
    assert len(list(tmp_path.glob(f"{KEY_FILE_NAME}.damaged-*"))) == 1


def test_a_folder_that_cannot_be_written_gives_no_key_and_says_why(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    ring = KeyRing(blocker / "keys")
    assert ring.key() is None and "cannot be kept" in ring.problem
    assert ring.check(b"data", "hmac-sha256:00000000:00") is Integrity.NOT_CHECKED


def test_seal_verdicts():
    key = RecordKey.from_secret(b"a" * 32)
    other = RecordKey.from_secret(b"b" * 32)
    seal = key.seal(b"record")
    assert key.check(b"record", seal) is Integrity.VERIFIED
    assert key.check(b"record!", seal) is Integrity.CHANGED
    assert key.check(b"record", None) is Integrity.UNSEALED
    assert key.check(b"record", other.seal(b"record")) is Integrity.OTHER_INSTALL
    assert key.check(b"record", "not a seal") is Integrity.CHANGED
    assert key.check(b"record", 12) is Integrity.CHANGED
    assert "secret" not in repr(key) or repr(b"a" * 32) not in repr(key)


# --- the records of a match folder ---------------------------------------------------------------------
@pytest.fixture
def keys():
    return KeyRing.of(RecordKey.from_secret(b"r" * 32))


def test_records_written_sealed_and_checked(tmp_path, keys):
    folder = tmp_path / "match"
    record_store.write_record(folder / "game-1.pdn", b'[Event "x"]\n1. 11-15 *\n', keys)
    record_store.write_record(folder / "score-sheet.pdf", b"%PDF-1.4 ... %%EOF\n", keys)
    assert record_store.check_folder(folder, keys) == {"game-1.pdn": Integrity.VERIFIED,
                                                       "score-sheet.pdf": Integrity.VERIFIED}
    (folder / "game-1.pdn").write_bytes(b'[Event "y"]\n1. 11-15 *\n')
    (folder / "game-2.pdn").write_bytes(b"not written by the app")
    assert record_store.check_folder(folder, keys) == {"game-1.pdn": Integrity.CHANGED,
                                                       "game-2.pdn": Integrity.UNSEALED,
                                                       "score-sheet.pdf": Integrity.VERIFIED}


def test_a_record_copied_under_another_name_does_not_match(tmp_path, keys):
    folder = tmp_path / "match"
    record_store.write_record(folder / "game-1.pdn", b"one", keys)
    record_store.write_record(folder / "game-2.pdn", b"two", keys)
    (folder / "game-2.pdn").write_bytes(b"one")
    seals = json.loads((folder / "seals.json").read_text())
    seals["files"]["game-2.pdn"] = seals["files"]["game-1.pdn"]
    (folder / "seals.json").write_text(json.dumps(seals))
    assert record_store.check_record(folder / "game-2.pdn", keys) is Integrity.CHANGED


def test_a_crash_between_a_record_and_its_seal_leaves_it_trusted(tmp_path, keys, monkeypatch):
    """The three steps (accept both seals, replace the record, keep the new seal), interrupted
    before the record is replaced and before the old seal is dropped: the record on disk (old,
    then new) matches a seal either way."""
    path = tmp_path / "match" / "score-sheet.pdf"
    record_store.write_record(path, b"old sheet", keys)
    real_write, real_seals = record_store.write_atomic, record_store._write_seals

    def record_killed(target, data, **kw):
        if target == path:
            raise KeyboardInterrupt("killed before the record was replaced")
        return real_write(target, data, **kw)

    monkeypatch.setattr(record_store, "write_atomic", record_killed)
    with pytest.raises(KeyboardInterrupt):
        record_store.write_record(path, b"new sheet", keys)
    monkeypatch.setattr(record_store, "write_atomic", real_write)
    assert path.read_bytes() == b"old sheet"
    assert record_store.check_record(path, keys) is Integrity.VERIFIED
    monkeypatch.setattr(record_store, "write_atomic", record_killed)
    with pytest.raises(KeyboardInterrupt):  # killed again at the same step
        record_store.write_record(path, b"another sheet", keys)
    monkeypatch.setattr(record_store, "write_atomic", real_write)
    assert record_store.check_record(path, keys) is Integrity.VERIFIED

    calls = []

    def seals_killed(folder, seals):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt("killed before the old seal was dropped")
        real_seals(folder, seals)

    monkeypatch.setattr(record_store, "_write_seals", seals_killed)
    with pytest.raises(KeyboardInterrupt):
        record_store.write_record(path, b"newer sheet", keys)
    monkeypatch.setattr(record_store, "_write_seals", real_seals)
    assert path.read_bytes() == b"newer sheet"
    assert record_store.check_record(path, keys) is Integrity.VERIFIED


def test_without_keys_records_are_written_unsealed(tmp_path):
    path = tmp_path / "m" / "game-1.pdn"
    before = record_store.keys_in_use()
    record_store.use_keys(None)
    try:
        record_store.write_record(path, b"x")
        assert path.read_bytes() == b"x" and not (path.parent / "seals.json").exists()
        assert record_store.check_record(path) is Integrity.NOT_CHECKED
    finally:
        record_store.use_keys(*before)


def test_a_damaged_seals_file_is_kept_aside_when_writing(tmp_path, keys):
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "seals.json").write_bytes(b"\x00garbage")
    assert record_store.check_record(folder / "x.pdn", keys, data=b"x") is Integrity.UNSEALED
    record_store.write_record(folder / "game-1.pdn", b"g", keys)
    assert record_store.check_record(folder / "game-1.pdn", keys) is Integrity.VERIFIED
    assert len(list(folder.glob("seals.damaged-*.json"))) == 1


def test_write_is_atomic_no_temporary_left_and_mode_readable(tmp_path, keys):
    path = tmp_path / "m" / "game-1.pdn"
    record_store.write_record(path, b"abc", keys)
    assert sorted(p.name for p in path.parent.iterdir()) == ["game-1.pdn", "seals.json"]
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o644
