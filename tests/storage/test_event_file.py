"""The event file: round trip of every model, pragmas, and refusal of foreign or newer files."""

from __future__ import annotations

import datetime as dt
import hashlib
import sqlite3
from pathlib import Path

import pytest

from tournament_desk.core.errors import EventFileError
from tournament_desk.core.model import (
    Bye,
    Event,
    Game,
    PairingSystem,
    RatingSystem,
    Round,
    Sex,
    TimeControl,
)
from tournament_desk.core.operations import AddPlayer, RecordResult, StoreRound, WithdrawPlayer
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.core.scoring import KASHDAN
from tournament_desk.services.session import EventSession
from tournament_desk.storage.connection import connect_writer
from tournament_desk.storage.db import create_event_file, prepare_event_file
from tournament_desk.storage.identify import inspect_file
from tournament_desk.storage.schema import SCHEMA_VERSION


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_every_model_round_trips(tmp_path: Path) -> None:
    event = Event(
        name="Open d'Été", discipline=Discipline.SCRABBLE, system=PairingSystem.SCORE_GROUP, rounds=9,
        place="Lyon", start_date=dt.date(2026, 7, 1), end_date=dt.date(2026, 7, 3),
        arbiters=("A. Arbitre", "B. Adjoint"), organiser="Club", time_control=TimeControl(60, 10),
        scoring=KASHDAN.with_points(half_bye=1), tiebreaks=("BH", "SB"), rating_system=RatingSystem.FISF_PL,
    )
    path = tmp_path / "rt.tdesk"
    with EventSession.create(path, event) as s:
        s.run(AddPlayer(surname="Durand", first_name="Zoé", sex=Sex.FEMALE, birth_date=dt.date(2001, 2, 3),
                     category="Sen", club="Lyon", federation="FRA", licence_id="A123", fide_id="123",
                     fmjd_id="9", title="WFM", ratings=(("fisf-pl", 1803), ("fide", 1500)), unrated=False))
        s.run(AddPlayer(surname="Martin", unrated=True))
        s.run(AddPlayer(surname="Petit"))
        s.run(StoreRound(Round(1, (Game(1, 1, 1, 2),), (Bye(1, 3, Outcome.PAIRING_BYE),))))
        s.run(RecordResult(1, 1, GameResult.WHITE_WIN, white_points=420, black_points=350))
        s.run(WithdrawPlayer(3, 2))
    with EventSession.open(path) as s:
        state = s.state()
    assert state.event == event
    p1 = state.player(1)
    assert (p1.first_name, p1.sex, p1.birth_date, p1.title, p1.licence_id) == ("Zoé", Sex.FEMALE,
                                                                            dt.date(2001, 2, 3), "WFM", "A123")
    assert dict(p1.ratings) == {"fisf-pl": 1803, "fide": 1500}
    assert state.player(2).unrated and state.player(3).withdrawn_from_round == 2
    assert state.rounds == (Round(1, (Game(1, 1, 1, 2, GameResult.WHITE_WIN, 420, 350),),
                                  (Bye(1, 3, Outcome.PAIRING_BYE),)),)


def test_pragmas_and_version(tmp_path: Path) -> None:
    path = tmp_path / "p.tdesk"
    create_event_file(path)
    conn = connect_writer(path)
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    conn.close()
    assert inspect_file(path) == SCHEMA_VERSION


def test_text_file_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.tdesk"
    path.write_text("Ronde 1: Dupont - Martin 1-0\n" * 10)
    before = _digest(path)
    with pytest.raises(EventFileError) as err:
        EventSession.open(path)
    assert "not a tournament_desk event file" in str(err.value)
    assert "n'est pas un fichier de tournoi" in err.value.message("fr")
    assert _digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.tdesk"]


def test_other_programs_sqlite_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.tdesk"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    before = _digest(path)
    with pytest.raises(EventFileError, match="another program"):
        prepare_event_file(path)
    assert _digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.tdesk"]


def test_newer_file_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "future.tdesk"
    with EventSession.create(path, Event(name="x")):
        pass
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    before = _digest(path)
    with pytest.raises(EventFileError, match="newer version"):
        EventSession.open(path)
    assert _digest(path) == before


def test_truncated_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cut.tdesk"
    path.write_bytes(b"SQLite format 3\x00" + b"\x00" * 20)
    with pytest.raises(EventFileError):
        EventSession.open(path)


def test_create_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "exists.tdesk"
    path.write_text("keep me")
    with pytest.raises(EventFileError, match="already exists"):
        EventSession.create(path, Event(name="x"))
    assert path.read_text() == "keep me"


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(EventFileError, match="does not exist"):
        EventSession.open(tmp_path / "nope.tdesk")


def test_readonly_session_refuses_writes(tmp_path: Path) -> None:
    path = tmp_path / "ro.tdesk"
    with EventSession.create(path, Event(name="x")):
        pass
    with EventSession.open(path, readonly=True) as s:
        assert s.state().event.name == "x"
        with pytest.raises(EventFileError, match="read-only"):
            s.run(AddPlayer(surname="X"))
