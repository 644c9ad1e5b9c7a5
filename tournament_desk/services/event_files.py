"""What an event file carries besides the event: who writes it (the arbiter profile, the newest program that
wrote it), what must be said when it opens, and its backups once it is closed.

* :func:`create_event_file`, :func:`open_event_file` — a file created or opened, its writer lock taken, every
  row read and checked, and nothing held or left behind when that fails (the session's life cycle starts here).
* :func:`default_arbiter` — the arbiter profile the audit log records.
* :func:`open_warnings` — rule-setting values a newer version wrote that this one does not understand (the
  default applies here; the file keeps them: docs/event-file.md, rule settings).
* :func:`add_open_listener` — be told when an event with warnings opens (the CLI prints them on stderr).
* :func:`restore_event_backup`, :func:`newest_good_backup` — a closed event replaced by one of its backups.
"""

from __future__ import annotations

import contextlib
import getpass
import os
from collections.abc import Mapping
from pathlib import Path

from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import Event, EventState
from tournament_desk.core.rule_settings import read_rule_settings
from tournament_desk.storage import repository as repo
from tournament_desk.storage.backup import BackupInfo
from tournament_desk.storage.backup import newest_good_backup as _newest_good_backup
from tournament_desk.storage.backup import restore_backup as _restore_backup
from tournament_desk.storage.db import check_writable, prepare_event_file
from tournament_desk.storage.db import create_event_file as _create_file
from tournament_desk.storage.errors import EventFileDamagedError, EventFileError
from tournament_desk.storage.identify import inspect_file
from tournament_desk.storage.lock import OWNER_KEY, WriterLock
from tournament_desk.storage.validate import newest_writer, version_key

__all__ = [
    "WRITTEN_WITH",
    "create_event_file",
    "default_arbiter",
    "newest_good_backup",
    "open_event_file",
    "open_warnings",
    "real_path",
    "restore_event_backup",
    "this_program",
    "writer_to_record",
]

WRITTEN_WITH = "written_with"
"""Meta key: the newest program that opened the file for writing (``tournament_desk 0.1.0``). With
``created_with`` it tells whether a newer version wrote the file (docs/event-file.md, rule settings)."""

def this_program() -> str:
    """How this program names itself in the file's meta data."""
    from tournament_desk import __version__  # start-up speed: the package's metadata read when a file is written

    return f"tournament_desk {__version__}"


def writer_to_record(recorded: str | None, ours: str | None = None) -> str | None:
    """The newest writer to record when ``ours`` (this program by default) writes a file whose meta data names
    ``recorded``: ours when it is newer, else None (the newest writer is kept: an older version opening the
    file later must still know a newer one was there)."""
    ours = ours or this_program()
    known = version_key(recorded)
    return ours if known is None or (version_key(ours) or ()) > known else None


def create_event_file(path: Path, event: Event, *, arbiter: str | None, written_with: str | None,
                      ) -> tuple[repo.Repository, WriterLock]:
    """A new event file at ``path`` (already :func:`real_path`) holding ``event`` and no players, its writer lock
    held; nothing is left behind if it fails. ``written_with``: the program that wrote the data about to be
    stored (a bundle's generator), recorded as the file's newest writer when it is newer than this one
    (docs/event-file.md, rule settings)."""
    ours = this_program()
    newest = written_with if written_with and writer_to_record(ours, written_with) else ours
    _create_file(path)
    lock: WriterLock | None = None
    try:
        lock = WriterLock(path).acquire()
        repository = repo.Repository(path, arbiter=arbiter or default_arbiter(event), identity=lock.identity)
        try:
            with repository.action(msg("Create event")) as uow:
                repo.write_event(uow, event, create=True)
                repo.write_meta(uow, "created_with", ours)
                repo.write_meta(uow, WRITTEN_WITH, newest)
            repository.clear_journal()  # creating the event is not something to undo
            repository.set_private_meta(OWNER_KEY, lock.owner_record())
        except BaseException:
            repository.close()
            raise
    except BaseException:
        if lock is not None:
            lock.release()
        for p in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            p.unlink(missing_ok=True)
        raise
    return repository, lock


def open_event_file(path: Path, *, readonly: bool, arbiter: str | None,
                    ) -> tuple[repo.Repository, WriterLock | None, EventState]:
    """Open the event file at ``path`` (already :func:`real_path`) and read every row, so that a damaged file
    is refused now with a clear message (:class:`EventFileDamagedError`, its ``.backup`` the newest good backup
    to offer) and not at the first action. For writing, takes the writer lock first: a file another window or
    program has open is refused (:class:`EventFileLockedError`), and locking writes nothing."""
    lock: WriterLock | None = None
    try:
        if not readonly:
            if path.is_file():
                check_writable(path)
                lock = WriterLock(path).acquire()
            else:
                inspect_file(path)  # says what is there instead (nothing, a folder...)
        prepare_event_file(path, readonly=readonly)  # a foreign or damaged file is refused before any write
        repository = repo.Repository(path, readonly=readonly, arbiter=arbiter or "",
                                     identity=lock.identity if lock else None)
        try:
            state = repository.load_state()
            repository.arbiter = arbiter or default_arbiter(state.event)
            if lock is not None:
                with contextlib.suppress(EventFileError):  # informative: a full disk must not stop an open
                    repository.set_private_meta(OWNER_KEY, lock.owner_record())
                    newest = writer_to_record(repository.meta().get(WRITTEN_WITH))
                    if newest is not None:
                        repository.set_private_meta(WRITTEN_WITH, newest)
        except BaseException:
            repository.close()
            raise
    except EventFileDamagedError as exc:
        if lock is not None:
            lock.release()
        raise exc.with_backup(_newest_good_backup(path)) from None
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    return repository, lock, state


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
