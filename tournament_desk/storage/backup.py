"""Consistent, verified copies of an event file, and restoring one.

Copies go to ``<folder of the event>/backups/<event name>/`` as ``<stem>-<YYYYmmdd-HHMMSS>-<reason>.tdesk``.

* **Consistent.** SQLite's online backup API copies a snapshot even while the WAL holds committed pages,
  which a plain file copy would miss.
* **Atomic.** The copy is written to a hidden temporary file in the same folder (``.<name>.partial-<pid>``,
  never listed as a backup), synced to disk, *verified by opening it* (schema, every row), renamed into place,
  and the folder synced. A crash or a kill at any moment leaves either no new backup or a complete one —
  never an empty or half-written ``.tdesk`` (temporary files left by a kill are removed by the next backup).
* **Restore** (:func:`restore_backup`) checks the backup before touching anything, keeps the current file
  beside the event (``<stem>-replaced-<YYYYmmdd-HHMMSS>.tdesk``, even when it is damaged), then swaps the
  verified copy in with one atomic rename.
* :func:`newest_good_backup` is the backup to offer when an event file turns out damaged.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import os
import re
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tournament_desk.core.errors import EventFileError
from tournament_desk.core.messages import msg
from tournament_desk.storage.connection import connect, file_error, sqlite_message
from tournament_desk.storage.engine import make_engine, upgrade_schema
from tournament_desk.storage.errors import DiskFullError, EventFileDamagedError, Problem
from tournament_desk.storage.identify import inspect_file
from tournament_desk.storage.lock import OWNER_KEY
from tournament_desk.storage.tables import SCHEMA_VERSION
from tournament_desk.storage.validate import DamagedContent, read_state

__all__ = ["DEFAULT_KEEP", "BackupInfo", "backups_folder", "copy_event", "file_problems", "latest_backup",
           "list_backups", "newest_good_backup", "restore_backup", "take_backup"]

DEFAULT_KEEP = 20
_NAME = re.compile(r"^(?P<stem>.+)-(?P<stamp>\d{8}-\d{6}(?:-\d+)?)-(?P<reason>[a-z0-9-]+)\.tdesk$")
_PARTIAL = ".partial-"


@dataclass(frozen=True, slots=True)
class BackupInfo:
    path: Path
    taken: dt.datetime
    reason: str


def backups_folder(event_path: Path) -> Path:
    return event_path.parent / "backups" / event_path.stem


def fsync_path(path: Path, *, directory: bool = False) -> None:
    """Flush a file (or a folder's entries) to the disk. Folders cannot be opened on Windows: skipped there."""
    if directory and sys.platform == "win32":
        return
    fd = os.open(path, (os.O_RDONLY if directory else os.O_RDWR) | getattr(os, "O_BINARY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _is_full(exc: BaseException) -> bool:
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return True
    code = getattr(exc, "sqlite_errorcode", None)
    return (isinstance(code, int) and code & 0xFF == 13) or "disk is full" in str(exc).lower()


def _copy_sqlite(source: sqlite3.Connection, target: Path) -> None:
    """Write a self-contained copy (no WAL) of ``source`` at ``target`` (which must not exist), synced."""
    dst = sqlite3.connect(target, isolation_level=None)
    try:
        source.backup(dst)
        dst.execute("PRAGMA journal_mode=DELETE")
        # a file without meta table (or whose schema does not parse) is refused by the verification
        with contextlib.suppress(sqlite3.Error, UnicodeDecodeError):
            dst.execute("DELETE FROM meta WHERE key = ?", (OWNER_KEY,))
    finally:
        dst.close()
    fsync_path(target)


def _partial(folder: Path, name: str) -> Path:
    return folder / f".{name}{_PARTIAL}{os.getpid()}-{os.urandom(3).hex()}"


def _clean_partials(folder: Path) -> None:
    for p in folder.glob(f".*{_PARTIAL}*"):
        with contextlib.suppress(OSError):
            p.unlink()


def write_verified_copy(source: sqlite3.Connection | Path, target: Path, *, verify: bool = True) -> None:
    """Copy the event (an open connection, or a file) to ``target`` atomically: temporary file, fsync,
    verification by opening it, rename, folder fsync. ``target`` is replaced if it exists."""
    tmp = _partial(target.parent, target.name)
    own = isinstance(source, Path)
    try:
        src = connect(source, "ro", timeout=10) if isinstance(source, Path) else source
        try:
            _copy_sqlite(src, tmp)
        finally:
            if own:
                src.close()
        if verify:
            problems = file_problems(tmp)
            if problems:
                raise EventFileDamagedError(target, problems)
        os.replace(tmp, target)
        fsync_path(target.parent, directory=True)
    except EventFileError:
        tmp.unlink(missing_ok=True)
        raise
    except (OSError, sqlite3.Error, UnicodeDecodeError) as exc:
        tmp.unlink(missing_ok=True)
        if _is_full(exc):
            raise DiskFullError(target) from exc
        if isinstance(exc, (sqlite3.Error, UnicodeDecodeError)):
            raise file_error(exc, target) from exc
        raise EventFileError(msg("Could not write {target}: {exc}", target=target, exc=exc)) from exc


def take_backup(event_path: Path, reason: str, *, keep: int = DEFAULT_KEEP, now: dt.datetime | None = None,
                source: sqlite3.Connection | None = None, verify: bool = True) -> Path:
    """Copy the event into its backups folder (verified, atomic); prune to the newest ``keep``. Returns the
    copy's path. ``source``: an open connection to copy from (else the file is opened read-only)."""
    folder = backups_folder(event_path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if _is_full(exc):
            raise DiskFullError(event_path) from exc
        raise EventFileError(msg("Could not back up {name}: {exc}", name=event_path.name, exc=exc)) from exc
    _clean_partials(folder)
    stamp = (now or dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    slug = re.sub(r"[^a-z0-9-]+", "-", reason.lower()).strip("-") or "backup"
    target = folder / f"{event_path.stem}-{stamp}-{slug}.tdesk"
    n = 2
    while target.exists():
        target = folder / f"{event_path.stem}-{stamp}-{n}-{slug}.tdesk"
        n += 1
    write_verified_copy(source if source is not None else event_path, target, verify=verify)
    for old in list_backups(event_path)[keep:]:
        # Windows refuses to delete a file that is open (an old backup opened read-only in another window): it is
        # pruned by a later backup; the new backup is taken all the same.
        with contextlib.suppress(OSError):
            old.path.unlink(missing_ok=True)
    return target


def list_backups(event_path: Path) -> list[BackupInfo]:
    """The event's backups, newest first."""
    folder = backups_folder(event_path)
    if not folder.is_dir():
        return []
    found: list[tuple[BackupInfo, int]] = []
    for p in folder.glob("*.tdesk"):
        m = _NAME.match(p.name)
        if not m:
            continue
        try:
            taken = dt.datetime.strptime(m.group("stamp")[:15], "%Y%m%d-%H%M%S")
            mtime = p.stat().st_mtime_ns
        except (ValueError, OSError):
            continue
        found.append((BackupInfo(p, taken, m.group("reason")), mtime))
    found.sort(key=lambda b: (b[0].taken, b[1]), reverse=True)
    return [b for b, _ in found]


def latest_backup(event_path: Path) -> Path | None:
    backups = list_backups(event_path)
    return backups[0].path if backups else None


def file_problems(path: Path) -> list[Problem]:
    """What is wrong with an event file (empty list: it opens and every row is valid), read-only.

    A file of an older schema is checked on a migrated temporary copy, as opening it would migrate it.
    """
    try:
        version = inspect_file(path)
        if version < SCHEMA_VERSION:
            return _old_file_problems(path)
        conn = connect(path, "ro")
        try:
            conn.execute("BEGIN")
            read_state(conn, version=version, labels=True)
        finally:
            conn.close()
    except EventFileDamagedError as exc:
        return list(exc.problems)
    except DamagedContent as exc:
        return list(exc.problems)
    except EventFileError as exc:
        return [exc.msg]
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        return [msg("SQLite cannot read it ({exc})", exc=sqlite_message(exc))]
    return []


def _old_file_problems(path: Path) -> list[Problem]:
    with tempfile.TemporaryDirectory(prefix="tdesk-check-") as tmp:
        copy = Path(tmp) / "check.tdesk"
        src = connect(path, "ro")
        try:
            _copy_sqlite(src, copy)
        finally:
            src.close()
        engine = make_engine(copy)
        try:
            upgrade_schema(engine)
        except Exception as exc:
            return [msg("it cannot be upgraded to the current schema ({exc})", exc=exc)]
        finally:
            engine.dispose()
        return file_problems(copy)


def newest_good_backup(event_path: Path) -> BackupInfo | None:
    """The newest backup of the event that opens and whose every row is valid (None when there is none)."""
    for info in list_backups(event_path):
        if not file_problems(info.path):
            return info
    return None


def copy_event(event_path: Path, target: Path, *, source: sqlite3.Connection | None = None) -> None:
    """A consistent, self-contained, verified copy of the event at ``target`` ("Save a copy as")."""
    if target.exists():
        raise EventFileError(msg("{target} already exists", target=target))
    if not target.parent.is_dir():
        raise EventFileError(msg("The folder {parent} does not exist", parent=target.parent))
    write_verified_copy(source if source is not None else event_path, target)


def replaced_name(event_path: Path, now: dt.datetime | None = None) -> Path:
    stamp = (now or dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    target = event_path.with_name(f"{event_path.stem}-replaced-{stamp}{event_path.suffix}")
    n = 2
    while target.exists():
        target = event_path.with_name(f"{event_path.stem}-replaced-{stamp}-{n}{event_path.suffix}")
        n += 1
    return target


def restore_backup(backup_path: Path, event_path: Path, *, release: Callable[[], None] | None = None) -> Path | None:
    """Replace the event by ``backup_path`` (the event must not be open: the caller holds its writer lock).

    1. The backup is checked first (it opens, every row is valid): a bad backup changes nothing.
    2. The current file (with its WAL) is kept beside the event as ``<stem>-replaced-<stamp>.tdesk`` — copied
       with SQLite when it is readable, byte for byte when it is damaged.
    3. The backup is copied to a temporary file beside the event, synced and verified, then renamed over it.
       The event's ``-wal`` and ``-shm`` are first renamed aside (never applied to the restored file), and renamed
       back if the swap fails: Windows refuses to rename or replace a file another program has open (a read-only
       window, a sync or antivirus tool), and then nothing is changed — the event keeps its file and its WAL, the
       kept copy is removed again, and the message says the file is in use.

    ``release``: called right before the swap on Windows, where a file cannot be replaced while a handle is open
    on it — the writer lock's own included (the caller's lock is released there; any program that opens the
    event in that instant makes the swap fail, and nothing is changed).

    Returns the path of the kept current file (None when there was no current file).
    """
    problems = file_problems(backup_path)
    if problems:
        raise EventFileDamagedError(backup_path, problems)
    tmp = _partial(event_path.parent, event_path.name)
    kept: Path | None = None
    moved: list[tuple[Path, Path]] = []  # (aside, original) of the -wal and -shm set aside
    try:
        src = connect(backup_path, "ro", timeout=10)
        try:
            _copy_sqlite(src, tmp)
        finally:
            src.close()
        problems = file_problems(tmp)
        if problems:
            raise EventFileDamagedError(backup_path, problems)
        if event_path.exists():
            kept = replaced_name(event_path)
            try:
                inspect_file(event_path)
                write_verified_copy(event_path, kept, verify=False)
            except EventFileError:
                # Damaged: keep its exact bytes, and its WAL next to the copy so SQLite pairs them.
                shutil.copyfile(event_path, kept)
                fsync_path(kept)
                wal = event_path.with_name(event_path.name + "-wal")
                if wal.exists():
                    shutil.copyfile(wal, kept.with_name(kept.name + "-wal"))
                    fsync_path(kept.with_name(kept.name + "-wal"))
        # The old WAL must never be applied to the restored file: set aside, put back if the swap fails.
        for suffix in ("-wal", "-shm"):
            original = event_path.with_name(event_path.name + suffix)
            if original.exists():
                aside = _partial(event_path.parent, original.name)
                os.replace(original, aside)
                moved.append((aside, original))
        if release is not None and sys.platform == "win32":
            release()
        os.replace(tmp, event_path)
    except (EventFileError, OSError, sqlite3.Error, UnicodeDecodeError) as exc:
        tmp.unlink(missing_ok=True)
        for aside, original in reversed(moved):
            with contextlib.suppress(OSError):
                os.replace(aside, original)
        if kept is not None and not isinstance(exc, EventFileError):
            for leftover in (kept, kept.with_name(kept.name + "-wal")):
                with contextlib.suppress(OSError):
                    leftover.unlink(missing_ok=True)
        if isinstance(exc, EventFileError):
            raise
        if _is_full(exc):
            raise DiskFullError(event_path) from exc
        if isinstance(exc, PermissionError):
            raise EventFileError(msg("Could not restore {name}: {event} is in use by another program (another "
                                     "window, a sync or antivirus tool) or cannot be written ({strerror}). Nothing "
                                     "was changed; close it there and try again", name=backup_path.name,
                                     event=event_path.name, strerror=exc.strerror or exc)) from exc
        text = sqlite_message(exc) if isinstance(exc, UnicodeDecodeError) else exc
        raise EventFileError(msg("Could not restore {name}: {exc}", name=backup_path.name, exc=text)) from exc
    for aside, _original in moved:
        with contextlib.suppress(OSError):
            aside.unlink()
    with contextlib.suppress(OSError):
        fsync_path(event_path.parent, directory=True)
    return kept
