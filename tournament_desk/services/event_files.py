"""What an event file carries besides the event: who writes it (the arbiter profile, the newest program that
wrote it), what must be said when it opens, and its backups once it is closed.

* :func:`default_arbiter` — the arbiter profile the audit log records.
* :func:`open_warnings` — rule-setting values a newer version wrote that this one does not understand (the
  default applies here; the file keeps them: docs/event-file.md, rule settings).
* :func:`add_open_listener` — be told when an event with warnings opens (the CLI prints them on stderr).
* :func:`restore_event_backup`, :func:`newest_good_backup` — a closed event replaced by one of its backups.
"""

from __future__ import annotations

import getpass
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from tournament_desk import __version__
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import Event, EventState
from tournament_desk.core.rule_settings import read_rule_settings
from tournament_desk.storage.backup import BackupInfo
from tournament_desk.storage.backup import newest_good_backup as _newest_good_backup
from tournament_desk.storage.backup import restore_backup as _restore_backup
from tournament_desk.storage.lock import WriterLock
from tournament_desk.storage.validate import newest_writer, version_key

if TYPE_CHECKING:
    from tournament_desk.services.session import EventSession

__all__ = ["WRITTEN_WITH", "add_open_listener", "default_arbiter", "newest_good_backup", "open_warnings",
           "real_path", "restore_event_backup", "this_program", "writer_to_record"]

WRITTEN_WITH = "written_with"
"""Meta key: the newest program that opened the file for writing (``tournament_desk 0.1.0``). With
``created_with`` it tells whether a newer version wrote the file (docs/event-file.md, rule settings)."""

OPEN_LISTENERS: list[Callable[[EventSession], None]] = []


def add_open_listener(listener: Callable[[EventSession], None]) -> Callable[[], None]:
    """Call ``listener(session)`` whenever an event opens with :attr:`EventSession.warnings` (the CLI prints them
    on stderr). Returns the function that removes it."""
    OPEN_LISTENERS.append(listener)
    return lambda: OPEN_LISTENERS.remove(listener) if listener in OPEN_LISTENERS else None


def this_program() -> str:
    """How this program names itself in the file's meta data."""
    return f"tournament_desk {__version__}"


def writer_to_record(recorded: str | None, ours: str | None = None) -> str | None:
    """The newest writer to record when ``ours`` (this program by default) writes a file whose meta data names
    ``recorded``: ours when it is newer, else None (the newest writer is kept: an older version opening the
    file later must still know a newer one was there)."""
    ours = ours or this_program()
    known = version_key(recorded)
    return ours if known is None or (version_key(ours) or ()) > known else None


def default_arbiter(event: Event | None = None) -> str:
    """The arbiter profile recorded in the audit log: ``TDESK_ARBITER``, else the event's chief arbiter (the
    first of its arbiters), else the system user name."""
    name = os.environ.get("TDESK_ARBITER", "").strip()
    if name:
        return name
    if event is not None and event.arbiters:
        return event.arbiters[0]
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "?"


def open_warnings(state: EventState, meta: Mapping[str, str]) -> tuple[Msg, ...]:
    """What the arbiter must be told about an event at open: each rule-setting value a newer version wrote and
    this one does not understand, and the value that applies here instead (the file keeps the stored text).
    Empty for an event this version can read entirely."""
    values, issues = read_rule_settings(state.event.tiebreak_edition, state.options)
    if not issues:
        return ()
    writer = newest_writer(meta) or "?"
    ours = this_program()
    out: list[Msg] = []
    for issue in issues:
        if not issue.maybe_newer:
            continue
        known = values.get(issue.key)
        if known is not None:
            out.append(msg("{key} = '{text}' was written by a newer version ({writer}) and this one ({ours}) "
                           "does not understand it: {applies} applies here; the file keeps '{text}' until a "
                           "value is chosen", key=issue.key, text=issue.text, writer=writer, ours=ours,
                           applies=known.value or msg("not set")))
        else:
            out.append(msg("the option {key} = '{text}' was written by a newer version ({writer}) and is not a "
                           "rule setting of this one ({ours}): it has no effect here; the file keeps it",
                           key=issue.key, text=issue.text, writer=writer, ours=ours))
    return tuple(out)


def restore_event_backup(event_path: Path | str, backup: Path | str) -> Path | None:
    """Replace a closed event by one of its backups. The backup is checked first (a bad one changes nothing);
    the current file is kept beside the event as ``<stem>-replaced-<stamp>.tdesk`` (returned; None when there
    was no current file). Takes the writer lock, so an event open elsewhere is never overwritten."""
    event_path = real_path(event_path)
    lock = WriterLock(event_path).acquire() if event_path.exists() else None
    try:
        return _restore_backup(Path(backup), event_path, release=lock.release if lock is not None else None)
    finally:
        if lock is not None:
            lock.release()


def newest_good_backup(event_path: Path | str) -> BackupInfo | None:
    """The newest backup of the event that opens and whose every row is valid: the one to offer when the event
    is damaged (``EventFileDamagedError.backup`` already holds it). None when there is none."""
    return _newest_good_backup(real_path(event_path))


def real_path(path: Path | str) -> Path:
    """The path with symlinks and ``..`` resolved, so that every spelling of one file shares its backups."""
    return Path(path).expanduser().resolve()
