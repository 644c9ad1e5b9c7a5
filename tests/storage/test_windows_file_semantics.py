"""Issue 32 §3: backups and restore under Windows' file rules, simulated on Linux.

On Windows a file that any handle has open (without FILE_SHARE_DELETE, as SQLite, Python's ``open``/``os.open``,
sync and antivirus tools open files) can be neither deleted, nor renamed, nor replaced: ``os.replace``,
``os.rename`` and ``os.unlink`` fail with ``PermissionError`` (WinError 32, "being used by another process").
The fixture gives this process those rules: each of these calls first looks in ``/proc/self/fd`` for an open
descriptor of the files it names, and refuses like Windows. ``sys.platform`` reads ``win32`` in
``storage/backup.py`` (folders are not synced, the writer lock is released right before the swap).
"""

from __future__ import annotations

import errno
import os
import types
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tournament_desk.core.errors import EventFileError
from tournament_desk.core.model import Event
from tournament_desk.core.operations import AddPlayer
from tournament_desk.services.event_files import restore_event_backup
from tournament_desk.services.session import EventSession
from tournament_desk.storage import backup as backup_module
from tournament_desk.storage.backup import list_backups, take_backup

pytestmark = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to see open files")


def _open_files() -> set[tuple[int, int]]:
    seen = set()
    for entry in Path("/proc/self/fd").iterdir():
        try:
            st = os.stat(entry)
        except OSError:
            continue
        seen.add((st.st_dev, st.st_ino))
    return seen


def _is_open(path: str | os.PathLike[str]) -> bool:
    try:
        st = os.stat(path)
    except OSError:
        return False
    return (st.st_dev, st.st_ino) in _open_files()


class WindowsRules:
    def __init__(self) -> None:
        self.refused: list[tuple[str, str]] = []

    def guard(self, name: str, real: Callable[..., None]) -> Callable[..., None]:
        def call(*paths: str | os.PathLike[str], **kwargs: object) -> None:
            for path in paths[:2]:
                if _is_open(path):
                    self.refused.append((name, os.fspath(path)))
                    raise PermissionError(errno.EACCES, "The process cannot access the file because it is being "
                                                        "used by another process", os.fspath(path))
            real(*paths, **kwargs)
        return call


@pytest.fixture
def windows_rules(monkeypatch: pytest.MonkeyPatch) -> Iterator[WindowsRules]:
    rules = WindowsRules()
    for name in ("replace", "rename", "unlink", "remove"):
        monkeypatch.setattr(os, name, rules.guard(name, getattr(os, name)))
    monkeypatch.setattr(backup_module, "sys", types.SimpleNamespace(platform="win32"))
    yield rules


def _event(path: Path, players: int = 3) -> Path:
    with EventSession.create(path, Event(name="Fenêtres", rounds=5)) as session:
        for i in range(players):
            session.run(AddPlayer(surname=f"Joueur{i}"))
    return path


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.is_file())


def _players(path: Path) -> int:
    with EventSession.open(path, readonly=True) as session:
        return len(session.state().players)


def test_restore_works_with_the_writer_lock_released_before_the_swap(tmp_path: Path,
                                                                     windows_rules: WindowsRules) -> None:
    event = _event(tmp_path / "open.tdesk")
    backup = take_backup(event, "manual")
    with EventSession.open(event) as session:
        session.run(AddPlayer(surname="Après"))
    kept = restore_event_backup(event, backup)
    assert kept is not None and _players(kept) == 4
    assert _players(event) == 3
    assert windows_rules.refused == []
    assert not [n for n in _names(tmp_path) if ".partial-" in n]


def test_restore_while_another_window_has_the_event_open_changes_nothing(tmp_path: Path,
                                                                         windows_rules: WindowsRules) -> None:
    event = _event(tmp_path / "open.tdesk")
    backup = take_backup(event, "manual")
    writer = EventSession.open(event)
    writer.run(AddPlayer(surname="Après"))
    reader = EventSession.open(event, readonly=True)  # another window, read-only: its connection keeps the files
    writer.close()  # the writer has gone, the reader's connection keeps the WAL (committed rows not folded back)
    before = _names(tmp_path)
    try:
        with pytest.raises(EventFileError) as refused:
            restore_event_backup(event, backup)
        text = refused.value.message("en")
        assert "in use by another program" in text and "Nothing was changed" in text
        assert "utilisé par un autre programme" in refused.value.message("fr")
        assert windows_rules.refused  # Windows said no, and...
        assert _names(tmp_path) == before  # ...no kept copy, no temporary file, the WAL where it was
        assert len(reader.state().players) == 4
    finally:
        reader.close()
    assert _players(event) == 4  # nothing lost
    restore_event_backup(event, backup)  # once the other window has closed it, the restore goes through
    assert _players(event) == 3


def test_a_backup_is_taken_even_when_an_old_one_cannot_be_pruned(tmp_path: Path,
                                                                 windows_rules: WindowsRules) -> None:
    event = _event(tmp_path / "open.tdesk")
    oldest = take_backup(event, "first")
    with EventSession.open(oldest, readonly=True):  # the arbiter looks at the old backup in another window
        newest = take_backup(event, "second", keep=1)
        assert newest.is_file() and oldest.is_file()  # not pruned while open, and no error
    take_backup(event, "third", keep=1)  # pruned by a later backup
    assert [b.reason for b in list_backups(event)] == ["third"]


def test_a_session_backs_up_while_an_old_backup_is_open_elsewhere(tmp_path: Path,
                                                                  windows_rules: WindowsRules) -> None:
    event = _event(tmp_path / "open.tdesk", players=4)
    with EventSession.open(event) as session:
        session.keep_backups = 1
        first = session.backup("manual")
        with EventSession.open(first, readonly=True):
            second = session.backup("again")  # the action that needed it goes on
        session.run(AddPlayer(surname="Suite"))
    assert second.is_file() and _players(event) == 5
