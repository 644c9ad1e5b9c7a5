"""Saving an event whose file vanished while it was open (deleted, moved, USB stick pulled out).

:func:`rescue_event` writes a new event file at a place the user chose. First choice: a consistent copy through
the connection still open on the vanished file — on POSIX a deleted file stays readable through it, so the copy
holds everything committed, undo history and audit log included. When that connection cannot read any more (the
disk itself is gone), the new file is rebuilt from the *last known state*: the last state the program read,
which every acknowledged action had refreshed — players (with their ids), rounds, results, options.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tournament_desk.core.changes import diff_states
from tournament_desk.core.errors import EventFileError
from tournament_desk.core.messages import msg
from tournament_desk.core.model import EventState
from tournament_desk.storage import mapping
from tournament_desk.storage.backup import write_verified_copy
from tournament_desk.storage.connection import connect, connect_writer
from tournament_desk.storage.db import create_event_file
from tournament_desk.storage.repository import UnitOfWork, apply_changes
from tournament_desk.storage.state_store import store_difference
from tournament_desk.storage.validate import DamagedContent, read_state

__all__ = ["rescue_event", "write_state_file"]


Pending = list[tuple[list[dict[str, Any]], bool]]


def rescue_event(target: Path, source: Callable[[], sqlite3.Connection] | None,
                 last: tuple[EventState, dict[str, str], Pending] | None) -> str:
    """Write the event at ``target`` (which must not exist). Returns ``"copy"`` (from the open connection) or
    ``"last-state"`` (rebuilt from the last state read and the changes committed since).

    The copy keeps the undo history, but it is kept only if it holds exactly what this program knows (the last
    state read with every change committed since): when another file was put at the event's name while it was
    open, SQLite reads that file's journal through the open connection, and the copy would be wrong."""
    if target.exists():
        raise EventFileError(msg("{target} already exists; choose another name", target=target))
    if not target.parent.is_dir():
        raise EventFileError(msg("The folder {parent} does not exist", parent=target.parent))
    if last is None and source is None:
        raise EventFileError(msg("Nothing of the event could be read; it cannot be saved elsewhere"))
    if last is None:
        write_verified_copy(source(), target)  # type: ignore[misc]
        return "copy"
    with tempfile.TemporaryDirectory(prefix="tdesk-rescue-", dir=target.parent) as tmp:
        known = Path(tmp) / "known.tdesk"
        write_state_file(known, *last)
        expected = _state_of(known)
        if source is not None:
            candidate = Path(tmp) / "copy.tdesk"
            try:
                write_verified_copy(source(), candidate)
                if _state_of(candidate) == expected:
                    os.replace(candidate, target)
                    return "copy"
            except (EventFileError, sqlite3.Error, UnicodeDecodeError, OSError):
                pass
        os.replace(known, target)
    return "last-state"


def _state_of(path: Path) -> EventState | None:
    conn = connect(path, "ro", strict=True)
    try:
        conn.execute("BEGIN")
        return read_state(conn)
    except (DamagedContent, sqlite3.Error, UnicodeDecodeError):
        return None
    finally:
        conn.close()


def write_state_file(target: Path, state: EventState, meta: dict[str, str], pending: Pending | None = None) -> None:
    """A new event file holding ``state`` exactly (same player ids) and ``meta``, then the row changes of
    ``pending`` replayed in order; no undo history."""
    create_event_file(target)
    conn = connect_writer(target)
    try:
        uow = UnitOfWork(conn)
        conn.execute("BEGIN IMMEDIATE")
        uow.insert("event", {"id": 1, **mapping.event_to_row(state.event)})
        empty = EventState(state.event)
        store_difference(uow, empty, state, diff_states(empty, state))  # players, rounds, requests, options...
        for key, value in meta.items():
            uow.insert("meta", {"key": key, "value": value})
        for changes, inverse in pending or ():
            apply_changes(conn, changes, inverse=inverse)
        conn.execute("COMMIT")
    except BaseException:
        conn.close()
        for p in (target, target.with_name(target.name + "-wal"), target.with_name(target.name + "-shm")):
            p.unlink(missing_ok=True)
        raise
    conn.close()
