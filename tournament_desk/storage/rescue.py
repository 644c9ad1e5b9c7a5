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

from tournament_desk.core.errors import EventFileError
from tournament_desk.core.model import EventState
from tournament_desk.storage import mapping
from tournament_desk.storage.backup import write_verified_copy
from tournament_desk.storage.db import connect_writer, create_event_file
from tournament_desk.storage.repository import UnitOfWork

__all__ = ["rescue_event", "write_state_file"]


def rescue_event(target: Path, source: Callable[[], sqlite3.Connection] | None,
                 last: tuple[EventState, dict[str, str]] | None) -> str:
    """Write the event at ``target`` (which must not exist). Returns ``"copy"`` (from the open connection) or
    ``"last-state"`` (rebuilt from the last state read)."""
    if target.exists():
        raise EventFileError(f"{target} already exists; choose another name",
                             f"{target} existe déjà ; choisissez un autre nom")
    if not target.parent.is_dir():
        raise EventFileError(f"The folder {target.parent} does not exist", f"Le dossier {target.parent} n'existe pas")
    if source is not None:
        try:
            write_verified_copy(source(), target)
            return "copy"
        except (EventFileError, sqlite3.Error, OSError):
            target.unlink(missing_ok=True)
            if last is None:
                raise
    if last is None:
        raise EventFileError("Nothing of the event could be read; it cannot be saved elsewhere",
                             "Rien du tournoi n'a pu être lu ; impossible de l'enregistrer ailleurs")
    write_state_file(target, *last)
    return "last-state"


def write_state_file(target: Path, state: EventState, meta: dict[str, str]) -> None:
    """A new event file holding ``state`` exactly (same player ids) and ``meta``; no undo history."""
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
        conn.execute("COMMIT")
    except BaseException:
        conn.close()
        for p in (target, target.with_name(target.name + "-wal"), target.with_name(target.name + "-shm")):
            p.unlink(missing_ok=True)
        raise
    conn.close()
