"""Saving an event whose file vanished while it was open (deleted, moved, USB stick pulled out).

:func:`rescue_event` writes a new event file at a place the user chose. First choice: a consistent copy through
the connection still open on the vanished file — on POSIX a deleted file stays readable through it, so the copy
holds everything committed, undo history and audit log included. When that connection cannot read any more (the
disk itself is gone), the new file is rebuilt from the *last known state*: the last state the program read,
which every acknowledged action had refreshed — players (with their ids), rounds, results, options.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tournament_desk.core.errors import EventFileError
from tournament_desk.core.model import EventState
from tournament_desk.storage import mapping
from tournament_desk.storage.backup import write_verified_copy
from tournament_desk.storage.db import connect_writer, create_event_file
from tournament_desk.storage.repository import UnitOfWork, apply_changes

__all__ = ["rescue_event", "write_state_file"]


Pending = list[tuple[list[dict[str, Any]], bool]]


def rescue_event(target: Path, source: Callable[[], sqlite3.Connection] | None,
                 last: tuple[EventState, dict[str, str], Pending] | None) -> str:
    """Write the event at ``target`` (which must not exist). Returns ``"copy"`` (from the open connection) or
    ``"last-state"`` (rebuilt from the last state read and the changes committed since).

    A copy is kept only if it agrees with what this program last knew (same event, every player known, at
    least as many rounds): when a *different* file was put at the event's name while it was open, SQLite may
    read that file's journal through the open connection, and the copy would be the wrong event."""
    if target.exists():
        raise EventFileError(f"{target} already exists; choose another name",
                             f"{target} existe déjà ; choisissez un autre nom")
    if not target.parent.is_dir():
        raise EventFileError(f"The folder {target.parent} does not exist", f"Le dossier {target.parent} n'existe pas")
    if source is not None:
        try:
            write_verified_copy(source(), target)
            if last is None or _agrees(target, last[0]):
                return "copy"
        except (EventFileError, sqlite3.Error, OSError):
            if last is None:
                target.unlink(missing_ok=True)
                raise
        target.unlink(missing_ok=True)
    if last is None:
        raise EventFileError("Nothing of the event could be read; it cannot be saved elsewhere",
                             "Rien du tournoi n'a pu être lu ; impossible de l'enregistrer ailleurs")
    write_state_file(target, *last)
    return "last-state"


def _agrees(copy: Path, known: EventState) -> bool:
    from tournament_desk.storage.db import connect
    from tournament_desk.storage.validate import DamagedContent, read_state

    conn = connect(copy, "ro", strict=True)
    try:
        conn.execute("BEGIN")
        state = read_state(conn)
    except (DamagedContent, sqlite3.Error):
        return False
    finally:
        conn.close()
    by_id = {p.id: p.surname for p in state.players}
    return (state.event.name == known.event.name and len(state.rounds) >= len(known.rounds)
            and all(by_id.get(p.id) == p.surname for p in known.players))


def write_state_file(target: Path, state: EventState, meta: dict[str, str], pending: Pending | None = None) -> None:
    """A new event file holding ``state`` exactly (same player ids) and ``meta``, then the row changes of
    ``pending`` replayed in order; no undo history."""
    create_event_file(target)
    conn = connect_writer(target)
    try:
        uow = UnitOfWork(conn)
        conn.execute("BEGIN IMMEDIATE")
        uow.insert("event", {"id": 1, **mapping.event_to_row(state.event)})
        for p in state.players:
            uow.insert("player", mapping.player_to_row(p))
            for system, value in p.ratings:
                uow.insert("player_rating", {"player_id": p.id, "system": system, "value": value})
        for r in state.rounds:
            uow.insert("round", {"number": r.number})
            for g in r.games:
                uow.insert("game", mapping.game_to_row(g))
            for b in r.byes:
                uow.insert("bye", mapping.bye_to_row(b))
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
