"""A glance at an event file without opening it for work: its event's name, players and rounds (read-only,
without SQLAlchemy or migrations; for the start screen's list of recent events)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from tournament_desk.core.errors import EventFileError
from tournament_desk.storage.connection import connect
from tournament_desk.storage.tables import APPLICATION_ID


@dataclass(frozen=True, slots=True)
class EventSummary:
    path: Path
    name: str
    players: int
    rounds_paired: int
    rounds: int


def peek_event(path: Path) -> EventSummary | None:
    """The summary of ``path``, or None when it is missing or not a readable tournament_desk event file."""
    try:
        if not path.is_file():
            return None
        conn = connect(path.resolve(), "ro", timeout=1, strict=True)
        try:
            if conn.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
                return None
            name, rounds = conn.execute("SELECT name, rounds FROM event").fetchone()
            players = conn.execute("SELECT count(*) FROM player").fetchone()[0]
            paired = conn.execute("SELECT count(*) FROM round").fetchone()[0]
        finally:
            conn.close()
    except (sqlite3.Error, UnicodeDecodeError, OSError, TypeError, EventFileError):  # damaged: not listed
        return None
    return EventSummary(path, str(name), int(players), int(paired), int(rounds))
