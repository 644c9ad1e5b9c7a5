"""Issue 23 §4-5: one writer per file whatever the path spelling, who holds it, a read-only window that follows the
writer, nothing left behind; a full disk, a vanished file and any legal path."""

from __future__ import annotations

import errno
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tournament_desk.core.errors import EventFileError
from tournament_desk.core.model import Event, Game, Round
from tournament_desk.core.operations import AddPlayer, AddPlayers, RecordResult, SetOption, StoreRound
from tournament_desk.core.results import GameResult
from tournament_desk.services.bundle import export_bundle, verify_bundle
from tournament_desk.services.event_files import restore_event_backup
from tournament_desk.services.session import (
    DiskFullError,
    EventFileLockedError,
    EventFileVanishedError,
    EventSession,
    PathTooLongError,
)
from tournament_desk.storage.connection import connect
from tournament_desk.storage.lock import WriterLock

HOLDER = """
import sys
from tournament_desk.core.operations import AddPlayer
from tournament_desk.services.session import EventSession
session = EventSession.open(sys.argv[1])
print("OPEN", flush=True)
for line in sys.stdin:
    if line.strip() == "add":
        session.run(AddPlayer(surname="Ajout"))
        print("ADDED", flush=True)
    else:
        break
session.close()
print("CLOSED", flush=True)
"""


def _event(path: Path, players: int = 6) -> None:
    with EventSession.create(path, Event(name="Locks", rounds=5)) as s:
        s.run(AddPlayers([{"surname": f"Joueur{i}"} for i in (4, 1, 6, 2, 5, 3)[:players]]))


def _holder(path: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True)
    assert child.stdout is not None and child.stdout.readline().strip() == "OPEN"
    return child


def _tell(child: subprocess.Popen[str], word: str, answer: str) -> None:
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(word + "\n")
    child.stdin.flush()
    assert child.stdout.readline().strip() == answer


def test_every_spelling_of_the_path_is_one_lock(tmp_path: Path) -> None:
    path = tmp_path / "real.tdesk"
    _event(path)
    (tmp_path / "sub").mkdir()
    link = tmp_path / "link.tdesk"
    link.symlink_to(path)
    with EventSession.open(path):
        for other in (link, tmp_path / "sub" / ".." / "real.tdesk", Path(os.path.relpath(path))):
            with pytest.raises(EventFileLockedError) as err:
                EventSession.open(other)
            assert f"process {os.getpid()} on {socket.gethostname()}" in str(err.value)
            assert "read-only" in str(err.value) and "lecture seule" in err.value.message("fr")
            with EventSession.open(other, readonly=True) as viewer:  # the offered alternative
                assert len(viewer.players()) == 6
    with EventSession.open(link) as s:  # released: any spelling opens it, and it is the same file
        s.run(AddPlayer(surname="ViaLien"))
    with EventSession.open(path) as s:
        assert "VIALIEN" in {p.name for p in s.players()}


def _descriptors_of(path: Path) -> int:
    """How many descriptors this process has open on ``path`` (Linux: read from /proc)."""
    real, count = os.path.realpath(path), 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            count += os.readlink(f"/proc/self/fd/{fd}") == real
        except OSError:
            pass
    return count


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts descriptors through /proc")
def test_the_lock_descriptor_is_closed_only_after_the_last_connection(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    _event(path)
    conn = connect(path, "ro")
    try:
        before = _descriptors_of(path)
        WriterLock(path).acquire().release()
        # closing the lock's descriptor now would drop the POSIX locks SQLite holds for the connection
        assert _descriptors_of(path) == before + 1
    finally:
        conn.close()
    assert _descriptors_of(path) == 0  # closed right after the last connection
    with EventSession.open(path) as session:  # a refused writer's descriptor waits for the session's connection
        with pytest.raises(EventFileLockedError):
            EventSession.open(path)
        session.run(AddPlayer(surname="Kept"))
    assert _descriptors_of(path) == 0


def test_a_second_writer_through_a_hard_link_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "real.tdesk"
    _event(path)
    with EventSession.open(path):
        hard = tmp_path / "hard.tdesk"
        os.link(path, hard)  # same device and inode: the same lock
        with pytest.raises(EventFileLockedError):
            EventSession.open(hard)
    # SQLite keeps its journal beside each name, so a file with two names is refused by name, clearly
    for name in (path, hard):
        with pytest.raises(EventFileError, match="has 2 names on the disk") as err:
            EventSession.open(name, readonly=True)
        assert "liens physiques" in err.value.message("fr")
    hard.unlink()
    with EventSession.open(path) as s:
        assert len(s.players()) == 6


def test_refusal_says_who_since_when_and_nothing_is_left_behind(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    _event(path)
    child = _holder(path)
    try:
        with pytest.raises(EventFileLockedError) as err:
            EventSession.open(path)
        owner = err.value.owner
        assert owner is not None and owner["pid"] == child.pid and owner["host"] == socket.gethostname()
        assert str(owner["since"])[:4].isdigit() and f"process {child.pid}" in str(err.value)
        _tell(child, "stop", "CLOSED")
    finally:
        child.wait(timeout=30)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.tdesk"]  # no .lock, no .owner, no -wal/-shm
    with EventSession.open(path, readonly=True):
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.tdesk"]  # a read-only window leaves nothing either


def test_read_only_window_follows_the_writer(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    _event(path)
    child = _holder(path)
    try:
        with EventSession.open(path, readonly=True) as viewer:
            seen = viewer.data_version()
            assert len(viewer.players()) == 6 and not viewer.has_changed()
            assert viewer.data_version() == seen  # polling alone changes nothing
            _tell(child, "add", "ADDED")  # another process writes
            assert viewer.data_version() != seen and viewer.has_changed()
            assert "AJOUT" in {p.name for p in viewer.players()}  # the state follows
            assert not viewer.has_changed()
        _tell(child, "stop", "CLOSED")
    finally:
        child.wait(timeout=30)


def test_disk_full_is_reported_as_such_and_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "full.tdesk"
    _event(path)
    with EventSession.open(path) as s:
        s.run(StoreRound(Round(1, tuple(Game(1, b + 1, 2 * b + 1, 2 * b + 2) for b in range(3)))))
        s.run(RecordResult(1, 1, GameResult.WHITE_WIN))
        writer = s._repo._wconn()
        pages = writer.execute("PRAGMA page_count").fetchone()[0]
        writer.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(DiskFullError) as err:
            s.run(AddPlayers([{"surname": f"Nouveau{i}", "club": "x" * 200} for i in range(300)]))
        assert "disk" in str(err.value) and "is full; nothing entered so far is lost" in str(err.value)
        fr = err.value.message("fr")
        assert "disque" in fr and "rien de ce qui a été saisi n'est perdu" in fr
        assert len(s.players()) == 6 and s.state().round(1).game(1).result is GameResult.WHITE_WIN
        writer.execute("PRAGMA max_page_count = 1073741823")  # space freed: the same action now works
        s.run(AddPlayers([{"surname": f"Nouveau{i}"} for i in range(300)]))
    with EventSession.open(path) as s:
        assert len(s.players()) == 306 and s.state().round(1).game(1).result is GameResult.WHITE_WIN


def test_disk_full_during_the_pre_round_backup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tournament_desk.storage import backup

    path = tmp_path / "full.tdesk"
    _event(path)

    def no_space(*_a: object, **_k: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with EventSession.open(path) as s:
        monkeypatch.setattr(backup, "_copy_sqlite", no_space)
        with pytest.raises(DiskFullError):
            s.run(StoreRound(Round(1, (Game(1, 1, 1, 2),))))
        monkeypatch.undo()
        assert s.state().rounds == ()  # the round was not stored without its backup
        assert not any(p.name.startswith(".") for p in (tmp_path / "backups" / "full").iterdir())
        s.run(StoreRound(Round(1, (Game(1, 1, 1, 2),))))
        assert s.state().last_round == 1


@pytest.mark.parametrize("how", ["deleted", "moved", "replaced"])
def test_vanished_file_is_detected_at_the_next_write_and_saved_elsewhere(tmp_path: Path, how: str) -> None:
    path = tmp_path / "e.tdesk"
    _event(path)
    s = EventSession.open(path)
    try:
        s.run(StoreRound(Round(1, tuple(Game(1, b + 1, 2 * b + 1, 2 * b + 2) for b in range(3)))))
        s.run(RecordResult(1, 1, GameResult.WHITE_WIN))
        if how == "deleted":
            path.unlink()
        elif how == "moved":
            path.rename(tmp_path / "elsewhere.tdesk")
        else:
            path.rename(tmp_path / "old.tdesk")
            _event(path, players=2)  # another file now has the name
        with pytest.raises(EventFileVanishedError) as err:
            s.run(RecordResult(1, 2, GameResult.DRAW))
        assert "moved, renamed or deleted" in str(err.value) and "nothing entered so far is lost" in str(err.value)
        assert "Choisissez où enregistrer" in err.value.message("fr")
        target = tmp_path / "sauvé ici.tdesk"
        assert s.relocate(target) == target.resolve()
        s.run(RecordResult(1, 2, GameResult.DRAW))  # the action that was refused, retried
        assert s.path == target.resolve()
        assert s.undo_label() is not None  # the undo history came along
    finally:
        s.close()
    with EventSession.open(target) as s2:
        state = s2.state()
        assert len(state.players) == 6
        assert [g.result for g in state.round(1).games] == [GameResult.WHITE_WIN, GameResult.DRAW, None]


def test_last_known_state_is_saved_when_the_file_cannot_be_read(tmp_path: Path) -> None:
    from tournament_desk.storage.rescue import rescue_event

    path = tmp_path / "e.tdesk"
    _event(path)
    with EventSession.open(path) as s:
        s.run(StoreRound(Round(1, (Game(1, 1, 1, 2, GameResult.DRAW),))))
        s.run(SetOption("dutch.initial_colour", "black"))
        last = s._repo.last_known()
        expected = s.state()

    def unreadable() -> object:
        raise EventFileError("the disk is gone")

    target = tmp_path / "rescued.tdesk"
    assert rescue_event(target, unreadable, last) == "last-state"  # type: ignore[arg-type]
    with EventSession.open(target) as s:
        assert s.state() == expected and s.options()["dutch.initial_colour"] == "black"


NAMES = ["with space.tdesk", "hash#1.tdesk", "question?.tdesk", "percent%.tdesk", "encoded%20name.tdesk",
         "Échecs à Noël – 2026.tdesk", "日本語.tdesk"]


@pytest.mark.skipif(sys.platform == "win32", reason="'?' is not a legal file name character on Windows")
@pytest.mark.parametrize("name", NAMES)
def test_any_legal_path_works(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "dossier #2 ?%20 é"
    folder.mkdir()
    path = folder / name
    _event(path)
    with EventSession.open(path) as s:
        s.run(StoreRound(Round(1, (Game(1, 1, 1, 2),))))  # takes a backup into backups/<stem>/
        s.run(RecordResult(1, 1, GameResult.BLACK_WIN))
        backups = s.backups()
        export_bundle(s, folder / (path.stem + ".zip"))
    assert verify_bundle(folder / (path.stem + ".zip")).ok
    with EventSession.open(path, readonly=True) as s:
        assert s.state().round(1).game(1).result is GameResult.BLACK_WIN
    restore_event_backup(path, backups[0].path)
    with EventSession.open(path) as s:
        assert s.state().rounds == ()


def test_long_paths(tmp_path: Path) -> None:
    folder = tmp_path
    while len(os.fsencode(folder)) < 380:
        folder = folder / ("dossier-" + "x" * 40)
    folder.mkdir(parents=True)
    path = folder / ("n" * (504 - len(os.fsencode(folder)) - len(".tdesk") - 1) + ".tdesk")
    assert len(os.fsencode(path)) == 504  # SQLite's limit: 512 bytes with "-journal"
    _event(path)
    with EventSession.open(path) as s:
        s.run(AddPlayer(surname="Long"))
    too_long = folder / ("m" * (505 - len(os.fsencode(folder)) - 1 - len(".tdesk")) + ".tdesk")
    with pytest.raises(PathTooLongError) as err:
        EventSession.create(too_long, Event(name="x"))
    assert "Move the file to a folder with a shorter path" in str(err.value) and "plus court" in err.value.message("fr")
    assert not too_long.exists()
