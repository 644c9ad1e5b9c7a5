"""Consistent copies of an event file, taken with SQLite's online backup API.

Copies go to ``<folder of the event>/backups/<event name>/`` as ``<stem>-<YYYYmmdd-HHMMSS>-<reason>.tdesk``.
The backup API copies a consistent snapshot even while the WAL holds committed pages, which a plain file
copy would miss. Only the newest ``keep`` copies are kept.
"""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from tournament_desk.core.errors import EventFileError

DEFAULT_KEEP = 20
_NAME = re.compile(r"^(?P<stem>.+)-(?P<stamp>\d{8}-\d{6}(?:-\d+)?)-(?P<reason>[a-z0-9-]+)\.tdesk$")


@dataclass(frozen=True, slots=True)
class BackupInfo:
    path: Path
    taken: dt.datetime
    reason: str


def backups_folder(event_path: Path) -> Path:
    return event_path.parent / "backups" / event_path.stem


def _copy(source: Path, target: Path, *, source_uri_ro: bool = True) -> None:
    src = sqlite3.connect(f"file:{source.resolve().as_posix()}?mode=ro", uri=True, timeout=10) \
        if source_uri_ro else sqlite3.connect(source, timeout=10)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
            # The copy is a self-contained file: no WAL beside it.
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
    finally:
        src.close()


def take_backup(event_path: Path, reason: str, *, keep: int = DEFAULT_KEEP, now: dt.datetime | None = None) -> Path:
    """Copy the event into its backups folder; prune to the newest ``keep``. Returns the copy's path."""
    folder = backups_folder(event_path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        stamp = (now or dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
        slug = re.sub(r"[^a-z0-9-]+", "-", reason.lower()).strip("-") or "backup"
        target = folder / f"{event_path.stem}-{stamp}-{slug}.tdesk"
        n = 2
        while target.exists():
            target = folder / f"{event_path.stem}-{stamp}-{n}-{slug}.tdesk"
            n += 1
        _copy(event_path, target)
    except (OSError, sqlite3.Error) as exc:
        raise EventFileError(f"Could not back up {event_path.name}: {exc}",
                             f"Impossible de sauvegarder {event_path.name} : {exc}") from exc
    for old in list_backups(event_path)[keep:]:
        old.path.unlink(missing_ok=True)
    return target


def list_backups(event_path: Path) -> list[BackupInfo]:
    """The event's backups, newest first."""
    folder = backups_folder(event_path)
    if not folder.is_dir():
        return []
    found: list[BackupInfo] = []
    for p in folder.glob("*.tdesk"):
        m = _NAME.match(p.name)
        if not m:
            continue
        stamp = m.group("stamp")[:15]
        found.append(BackupInfo(p, dt.datetime.strptime(stamp, "%Y%m%d-%H%M%S"), m.group("reason")))
    found.sort(key=lambda b: (b.taken, b.path.stat().st_mtime_ns), reverse=True)
    return found


def latest_backup(event_path: Path) -> Path | None:
    backups = list_backups(event_path)
    return backups[0].path if backups else None


def copy_event(event_path: Path, target: Path) -> None:
    """A consistent, self-contained copy of the event at ``target`` ("Save a copy as")."""
    if target.exists():
        raise EventFileError(f"{target} already exists", f"{target} existe déjà")
    try:
        _copy(event_path, target)
    except (OSError, sqlite3.Error) as exc:
        raise EventFileError(f"Could not copy {event_path.name}: {exc}",
                             f"Impossible de copier {event_path.name} : {exc}") from exc


def restore_backup(backup_path: Path, event_path: Path) -> None:
    """Replace the event's content by the backup's (the event must not be open). The replaced state is
    itself backed up first, so a restore can be undone by restoring that copy."""
    if event_path.exists():
        take_backup(event_path, "before-restore")
    try:
        for suffix in ("-wal", "-shm"):
            event_path.with_name(event_path.name + suffix).unlink(missing_ok=True)
        tmp = event_path.with_name(event_path.name + ".restoring")
        tmp.unlink(missing_ok=True)
        _copy(backup_path, tmp)
        tmp.replace(event_path)
    except (OSError, sqlite3.Error) as exc:
        raise EventFileError(f"Could not restore {backup_path.name}: {exc}",
                             f"Impossible de restaurer {backup_path.name} : {exc}") from exc
