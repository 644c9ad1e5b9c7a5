"""Numbered migrations: a file written by an older schema opens, is upgraded, and keeps its data."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tournament_desk.core.results import Outcome
from tournament_desk.services.session import EventSession
from tournament_desk.storage.engine import make_engine, upgrade_schema
from tournament_desk.storage.identify import inspect_file
from tournament_desk.storage.schema import SCHEMA_VERSION


def _file_at_revision_0001(path: Path) -> None:
    engine = make_engine(path, create=True)
    upgrade_schema(engine, "0001")
    engine.dispose()
    conn = sqlite3.connect(path)
    conn.execute(
        "INSERT INTO event (id, name, discipline, system, rounds, place, arbiters, organiser, tc_base_minutes,"
        " tc_increment_seconds, scoring, tiebreaks, rating_system) VALUES (1, 'Old', 'draughts', 'round-robin',"
        " 5, '', '[]', '', 90, 30, '{\"name\": \"draughts\", \"win\": 2, \"draw\": 1, \"loss\": 0,"
        " \"forfeit_win\": 2, \"forfeit_loss\": 0, \"pairing_bye\": 2, \"half_bye\": 1, \"full_bye\": 2}',"
        " '[]', 'ffjd')")
    conn.execute(
        "INSERT INTO player (surname, first_name, sex, category, club, federation, licence_id, fide_id, fmjd_id,"
        " title, unrated, withdrawn_from_round) VALUES ('Ancien', '', '', '', '', '', 'L1', '', '', '', 0, 3)")
    conn.commit()
    conn.close()


def test_upgrade_0001_to_current(tmp_path: Path) -> None:
    path = tmp_path / "old.tdesk"
    _file_at_revision_0001(path)
    assert inspect_file(path) == 1
    with EventSession.open(path) as session:
        state = session.state()
    assert inspect_file(path) == SCHEMA_VERSION
    player = state.player(1)
    assert player.surname == "Ancien" and player.withdrawn_from_round == 3
    assert player.withdrawal_forfeit is Outcome.FORFEIT_LOSS_EXCUSED  # the 0002 default
    assert state.event.name == "Old"
    assert state.event.tiebreak_edition == ""  # the 0003 default: the event's default edition
