"""Issue 11: single writer across processes, stale locks, backups, damaged and read-only files, audit log."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tournament_desk.core.errors import EventFileError, NotFoundError, ResultError, StateError
from tournament_desk.core.model import Bye, Event, Game, Round
from tournament_desk.core.operations import AddPlayer, AddPlayers, RecordBye, RecordResult, RemovePlayer, StoreRound
from tournament_desk.core.results import Outcome
from tournament_desk.services.session import EventSession
from tournament_desk.storage import db
from tournament_desk.storage.backup import list_backups, restore_backup, take_backup
from tournament_desk.storage.lock import EventFileLockedError, read_owner

HOLDER = """
import sys, time
from tournament_desk.services.session import EventSession
session = EventSession.open(sys.argv[1])
print("OPEN", flush=True)
sys.stdin.readline()
session.close()
print("CLOSED", flush=True)
"""


def _event(path: Path, players: int = 4) -> None:
    with EventSession.create(path, Event(name="Rel", rounds=5)) as s:
        s.run(AddPlayers([{"surname": f"P{i}"} for i in range(1, players + 1)]))


def _holder(path: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline().strip() == "OPEN"
    return child


def test_second_writer_in_another_process_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    _event(path)
    child = _holder(path)
    try:
        with pytest.raises(EventFileLockedError) as err:
            EventSession.open(path)
        assert f"process {child.pid}" in str(err.value) and "read-only" in str(err.value)
        assert "lecture seule" in err.value.message("fr")
        with EventSession.open(path, readonly=True) as viewer:  # the offered read-only option
            assert len(viewer.players()) == 4
            with pytest.raises(EventFileError, match="read-only"):
                viewer.run(AddPlayer(surname="X"))
        assert child.stdin is not None
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.stdout is not None and child.stdout.readline().strip() == "CLOSED"
    finally:
        child.wait(timeout=30)
    with EventSession.open(path) as s:  # the lock was released
        s.run(AddPlayer(surname="After"))


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_stale_lock_after_a_crash_is_recovered(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    _event(path)
    child = _holder(path)
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    assert read_owner(path)["pid"] == child.pid  # the dead holder's record is still in the file
    with EventSession.open(path) as s:  # the OS released the crashed process's lock: taken over
        assert read_owner(path)["pid"] == os.getpid()
        s.run(AddPlayer(surname="Recovered"))
        assert len(s.players()) == 5
    assert read_owner(path) is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.tdesk"]  # nothing left beside the event


def test_backup_before_each_round_and_restore(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    _event(path)
    with EventSession.open(path) as s:
        s.keep_backups = 2
        for r in range(1, 4):
            s.run(StoreRound(Round(r, (Game(r, 1, 1, 2), Game(r, 2, 3, 4)))))
        backups = s.backups()
        assert [b.reason for b in backups] == ["before-round-3", "before-round-2"]  # the newest two kept
        s.run(RecordResult(3, 1, "1-0"))
    kept = restore_backup(backups[0].path, path)
    with EventSession.open(path) as s:
        assert s.state().last_round == 2  # the state just before round 3 was paired
    assert kept is not None and kept.parent == path.parent and kept.name.startswith("e-replaced-")
    with EventSession.open(kept, readonly=True) as s:  # the replaced state is kept beside the event
        assert s.state().last_round == 3 and s.state().round(3).game(1).result is not None


def test_backup_before_migration(tmp_path: Path) -> None:
    from test_migrations import _file_at_revision_0001

    path = tmp_path / "old.tdesk"
    _file_at_revision_0001(path)
    with EventSession.open(path):
        pass
    reasons = [b.reason for b in list_backups(path)]
    assert reasons == [f"before-migration-1-to-{db.SCHEMA_VERSION}"]
    assert db.inspect_file(list_backups(path)[0].path) == 1  # the copy is the old file, untouched


def test_damaged_file_points_to_latest_backup(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    _event(path, players=300)
    backup = take_backup(path, "manual")
    data = bytearray(path.read_bytes())
    assert len(data) > 12 * 4096
    data[4096 * 3: 4096 * 10] = b"\xa5" * (4096 * 7)  # scribble over table pages
    path.write_bytes(bytes(data))
    with pytest.raises(EventFileError) as err:
        EventSession.open(path)
    assert "damaged" in str(err.value) and str(backup) in str(err.value)
    assert "endommagé" in err.value.message("fr")


def test_truncated_file(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    _event(path, players=300)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    before = path.read_bytes()
    with pytest.raises(EventFileError, match="damaged"):
        EventSession.open(path)
    assert path.read_bytes() == before


def test_read_only_location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The tests run as root, which ignores permission bits: simulate a write-protected folder/USB stick
    # where the operating system reports it (os.access), as it does for a normal user.
    path = tmp_path / "e.tdesk"
    _event(path)
    before = path.read_bytes()
    monkeypatch.setattr(db.os, "access", lambda p, mode: not (mode & os.W_OK))
    with pytest.raises(EventFileError) as err:
        EventSession.open(path)
    assert "read-only location" in str(err.value) and "lecture seule" in err.value.message("fr")
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.tdesk"]  # nothing was written beside it


def test_impossible_operations_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    with EventSession.create(path, Event(name="V", rounds=5)) as s:
        s.run(AddPlayers([{"surname": f"P{i}"} for i in range(1, 4)]))
        s.run(StoreRound(Round(1, (Game(1, 1, 1, 2),), (Bye(1, 3, Outcome.PAIRING_BYE),))))
        with pytest.raises(ResultError, match="enter a game result"):
            s.run(RecordBye(1, 1, "hpb"))
        with pytest.raises(NotFoundError):
            s.run(RecordResult(1, 2, "1-0"))  # the bye has no board
        s.run(RecordResult(1, 1, "1-0"))
        s.run(RecordResult(1, 1, "1-0"))  # the same result again is harmless
        with pytest.raises(StateError, match="already has 1-0"):
            s.run(RecordResult(1, 1, "0-1"))
        s.run(RecordResult(1, 1, "0-1", replace=True))
        with pytest.raises(StateError, match="withdraw"):
            s.run(RemovePlayer(1))
        with pytest.raises(NotFoundError, match="Round 5 is not paired"):
            s.run(RecordResult(5, 1, "1-0"))
        with pytest.raises(StateError, match="next round is 2"):
            s.run(StoreRound(Round(5, (Game(5, 1, 1, 2),))))


def test_audit_log_records_who_and_when(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    with EventSession.create(path, Event(name="A", rounds=3), arbiter="Marie (AF1)") as s:
        s.run(AddPlayer(surname="Alpha"))
        s.run(AddPlayer(surname="Bravo"))
        s.undo()
    with EventSession.open(path, arbiter="Paul (AF3)") as s:
        s.redo()
        log = s.audit_log()
    assert [(e.arbiter, e.kind) for e in log] == [
        ("Marie (AF1)", "do"), ("Marie (AF1)", "do"), ("Marie (AF1)", "do"), ("Marie (AF1)", "undo"),
        ("Paul (AF3)", "redo")]
    assert log[-1].label.text("en") == "Add player BRAVO" and log[-1].at >= log[0].at


def test_restore_checks_the_backup_first_and_changes_nothing_when_it_is_bad(tmp_path: Path) -> None:
    from tournament_desk.services.event_files import restore_event_backup

    path = tmp_path / "e.tdesk"
    _event(path)
    backup = take_backup(path, "manual")
    before = path.read_bytes()
    for bad in (b"", b"SQLite format 3\x00" + bytes(200), backup.read_bytes()[: 4096]):
        backup.write_bytes(bad)
        with pytest.raises(EventFileError) as err:
            restore_event_backup(path, backup)
        assert backup.name in str(err.value)
        assert path.read_bytes() == before
        assert sorted(p.name for p in tmp_path.iterdir()) == ["backups", "e.tdesk"]  # nothing kept: nothing done


def test_restore_over_a_damaged_file_keeps_its_bytes_beside_it(tmp_path: Path) -> None:
    from tournament_desk.services.event_files import restore_event_backup

    path = tmp_path / "e.tdesk"
    _event(path, players=300)
    backup = take_backup(path, "manual")
    data = bytearray(path.read_bytes())
    data[4096 * 3: 4096 * 10] = b"\xa5" * (4096 * 7)
    path.write_bytes(bytes(data))
    with pytest.raises(EventFileError) as err:
        EventSession.open(path)
    assert err.value.backup.path == backup  # type: ignore[attr-defined]  # the one to offer
    kept = restore_event_backup(path, err.value.backup.path)  # type: ignore[attr-defined]
    assert kept is not None and kept.read_bytes() == bytes(data)  # the damaged file, exactly as it was
    with EventSession.open(path) as s:
        assert len(s.players()) == 300


def test_restore_refuses_an_event_open_elsewhere(tmp_path: Path) -> None:
    from tournament_desk.services.event_files import restore_event_backup

    path = tmp_path / "e.tdesk"
    _event(path)
    backup = take_backup(path, "manual")
    child = _holder(path)
    try:
        with pytest.raises(EventFileLockedError):
            restore_event_backup(path, backup)
        assert child.stdin is not None
        child.stdin.write("\n")
        child.stdin.flush()
    finally:
        child.wait(timeout=30)
    assert restore_event_backup(path, backup) is not None
