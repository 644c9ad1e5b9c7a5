"""Numbered migrations: a file written by an older schema opens, is upgraded, and keeps its data."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tournament_desk.core.model import Event
from tournament_desk.core.operations import AddPlayer, SetRuleSettings
from tournament_desk.core.results import Outcome
from tournament_desk.services.session import EventSession
from tournament_desk.storage.engine import make_engine, script_directory, upgrade_schema
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


def _file_at_revision(path: Path, revision: str) -> None:
    """A file at ``revision`` holding the event and one player of :func:`_file_at_revision_0001`."""
    _file_at_revision_0001(path)
    engine = make_engine(path)
    upgrade_schema(engine, revision)
    engine.dispose()


def _downgrade(path: Path, revision: str) -> None:
    from alembic.config import Config
    from alembic.runtime.environment import EnvironmentContext

    script = script_directory()
    engine = make_engine(path)
    with engine.begin() as conn:
        def do_downgrade(rev: object, _ctx: object) -> list:
            return script._downgrade_revs(revision, rev)  # type: ignore[arg-type]

        with EnvironmentContext(Config(), script, fn=do_downgrade) as env:
            env.configure(connection=conn, render_as_batch=True, transactional_ddl=False)
            env.run_migrations()
        conn.exec_driver_sql(f"PRAGMA user_version={int(revision)}")
    engine.dispose()


def test_upgrade_0005_to_0006_keeps_each_name_as_a_text_in_each_language(tmp_path: Path) -> None:
    path = tmp_path / "five.tdesk"
    _file_at_revision(path, "0005")
    names = [("Add player ANCIEN", "Inscrire ANCIEN"), ("Rule setting ffjd.cadence = slow", "Réglage « lent »")]
    with sqlite3.connect(path) as conn:
        for i, (en, fr) in enumerate(names, start=1):
            conn.execute("INSERT INTO journal (id, label_en, label_fr, at, undone, changes) VALUES (?, ?, ?, 0, 0, "
                         "'[]')", (i, en, fr))
            conn.execute("INSERT INTO audit (at, arbiter, kind, label_en, label_fr, journal_id) VALUES "
                         "(0, 'Marie', 'do', ?, ?, ?)", (en, fr, i))
    assert inspect_file(path) == 5
    with EventSession.open(path) as session:
        assert (session.undo_label("en"), session.undo_label("fr")) == names[-1]
        assert [(e.label.text("en"), e.label.text("fr")) for e in session.audit_log()] == names
        assert session.audit_log()[0].label.text("de") == names[0][0]  # a language added later: the English
    assert inspect_file(path) == SCHEMA_VERSION
    with sqlite3.connect(path) as conn:
        stored = [json.loads(r[0]) for r in conn.execute("SELECT label FROM journal ORDER BY id")]
    assert stored == [{"en": en, "fr": fr} for en, fr in names]


def test_downgrade_0006_writes_each_name_out_in_english_and_french(tmp_path: Path) -> None:
    path = tmp_path / "six.tdesk"
    with EventSession.create(path, Event(name="Retour", rounds=5)) as session:
        session.run(AddPlayer(surname="Durand", first_name="Zoé"))
        session.run(SetRuleSettings({"ffjd.cadence": "slow"}))
        expected = [(e.label.text("en"), e.label.text("fr")) for e in session.audit_log()]
        session.undo()
    assert expected[-1][1].startswith("Réglage") and expected[-2] == ("Add player DURAND Zoé", "Inscrire DURAND Zoé")
    _downgrade(path, "0005")
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 5
        audit = conn.execute("SELECT label_en, label_fr FROM audit ORDER BY id").fetchall()
        journal = conn.execute("SELECT label_en, label_fr, undone FROM journal ORDER BY id").fetchall()
    assert audit == [*expected, expected[-1]]  # the undo of the setting names it too
    assert journal == [(*expected[-2], 0), (*expected[-1], 1)]
    with EventSession.open(path) as session:  # and up again: the texts of schema 5, in each language
        assert (session.redo_label("en"), session.redo_label("fr")) == expected[-1]
        assert session.redo() is not None


def test_upgrade_0006_to_0007_an_individual_event_opens_unchanged(tmp_path: Path) -> None:
    """Schema 7 (issue 31): team events. A file of schema 6 gains the empty team tables and an empty
    ``team_rules``: its rows are the same and it is still an individual event."""
    path = tmp_path / "six.tdesk"
    _file_at_revision(path, "0006")
    with sqlite3.connect(path) as conn:
        event_before = conn.execute("SELECT * FROM event").fetchall()
        players_before = conn.execute("SELECT * FROM player").fetchall()
    assert inspect_file(path) == 6
    engine = make_engine(path)
    upgrade_schema(engine, "0007")
    engine.dispose()
    assert inspect_file(path) == 7
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT * FROM event").fetchall() == [(*event_before[0], "")]
        assert conn.execute("SELECT * FROM player").fetchall() == players_before
        assert [conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("team", "team_match", "lineup")] \
            == [0, 0, 0]
    with EventSession.open(path) as session:  # and on to the current schema
        state = session.state()
    assert inspect_file(path) == SCHEMA_VERSION
    assert state.event.team is None and not state.event.is_team_event
    assert state.teams == () and state.matches == () and state.lineups == ()


def test_downgrade_0007_drops_the_team_tables(tmp_path: Path) -> None:
    from tournament_desk.core.operations import AddTeams
    from tournament_desk.core.teams.model import TeamRules

    path = tmp_path / "seven.tdesk"
    with EventSession.create(path, Event(name="Équipes", rounds=1, system="round-robin",  # type: ignore[arg-type]
                                         team=TeamRules(boards=2))) as session:
        ids = [session.run(AddPlayer(surname=f"J{i}")).ids[0] for i in range(2)]
        session.run(AddTeams([{"name": "Club A", "members": ids}]))
        assert session.state().teams[0].members == tuple(ids)
    _downgrade(path, "0006")
    with sqlite3.connect(path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
        columns = {r[1] for r in conn.execute("PRAGMA table_info(event)")}
    assert not {"team", "team_match", "lineup"} & tables and "team_rules" not in columns
    with EventSession.open(path) as session:  # and up again: an individual event, its players kept
        assert session.state().event.team is None and len(session.state().players) == 2


def test_upgrade_0007_to_0008_a_team_event_keeps_its_teams_and_gains_an_empty_header_and_log(tmp_path: Path) -> None:
    """Schema 8 (issue 33): the TRF header's federation and round dates, and the arbiter's log. A team event of
    schema 7 opens with its teams, no federation, no round dates, and its audit rows without a reason."""
    from tournament_desk.core.operations import AddTeams
    from tournament_desk.core.teams.model import TeamRules

    path = tmp_path / "seven.tdesk"
    with EventSession.create(path, Event(name="Équipes", rounds=1, system="round-robin",  # type: ignore[arg-type]
                                         team=TeamRules(boards=2))) as session:
        ids = [session.run(AddPlayer(surname=f"J{i}")).ids[0] for i in range(2)]
        session.run(AddTeams([{"name": "Club A", "members": ids}]))
    _downgrade(path, "0007")
    with sqlite3.connect(path) as conn:
        assert "reason" not in {r[1] for r in conn.execute("PRAGMA table_info(audit)")}
        audit_before = conn.execute("SELECT * FROM audit ORDER BY id").fetchall()
    assert inspect_file(path) == 7 and len(audit_before) == 4  # the event, two players, the team
    with EventSession.open(path) as session:
        state = session.state()
    assert inspect_file(path) == SCHEMA_VERSION
    assert state.event.is_team_event and state.teams[0].members == tuple(ids)
    assert state.event.federation == "" and state.event.round_dates == ()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT * FROM audit ORDER BY id").fetchall() == [(*r, "", "{}") for r in audit_before]


def test_upgrade_0008_to_0009_players_open_unchanged_without_a_duplicate_series(tmp_path: Path) -> None:
    """Schema 9 (issue 30): a Scrabble player's duplicate series, for his PL* (FISF, Classement international
    2015-2016 §2.1). A file of schema 8 gains an empty ``duplicate_series``; its players read the same."""
    path = tmp_path / "eight.tdesk"
    _file_at_revision(path, "0008")
    with sqlite3.connect(path) as conn:
        players_before = conn.execute("SELECT * FROM player").fetchall()
    assert inspect_file(path) == 8
    with EventSession.open(path) as session:
        state = session.state()
    assert inspect_file(path) == SCHEMA_VERSION == 9
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT * FROM player").fetchall() == [(*r, "") for r in players_before]
    assert [p.duplicate_series for p in state.players] == [""] * len(players_before)


def test_downgrade_0009_drops_the_duplicate_series(tmp_path: Path) -> None:
    path = tmp_path / "nine.tdesk"
    with EventSession.create(path, Event(name="Classique", rounds=3, discipline="scrabble",  # type: ignore[arg-type]
                                         rating_system="fisf-pl")) as session:  # type: ignore[arg-type]
        session.run(AddPlayer(surname="Roux", duplicate_series="2B"))
        assert session.state().players[0].duplicate_series == "2"
    _downgrade(path, "0008")
    with sqlite3.connect(path) as conn:
        assert "duplicate_series" not in {r[1] for r in conn.execute("PRAGMA table_info(player)")}
    with EventSession.open(path) as session:  # and up again: the player kept, his series not given
        assert [(p.surname, p.duplicate_series) for p in session.state().players] == [("Roux", "")]
