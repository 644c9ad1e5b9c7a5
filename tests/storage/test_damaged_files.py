"""Issue 23 §1-2: event files damaged in ways ``PRAGMA quick_check`` accepts are refused on open with a named,
bilingual :class:`EventFileDamagedError` that offers the newest good backup — never a traceback on open or at the
first action — and nothing is written to them."""

from __future__ import annotations

import datetime as dt
import hashlib
import random
import sqlite3
from pathlib import Path

import pytest

from tournament_desk.core.errors import EventFileError
from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayers, RecordResult
from tournament_desk.core.results import Discipline, GameResult
from tournament_desk.services.event_files import newest_good_backup
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventFileDamagedError, EventSession
from tournament_desk.storage.backup import file_problems, list_backups


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _event(path: Path, players: int = 10, rounds: int = 2) -> None:
    """A Swiss with players registered in random order and ``rounds`` complete rounds (a backup before each)."""
    rng = random.Random(23)
    names = [f"Joueur{i:02d}" for i in range(players)]
    rng.shuffle(names)
    event = Event.for_discipline("Open de Roubaix", Discipline.CHESS, system=PairingSystem.DUTCH, rounds=5,
                                 start_date=dt.date(2026, 4, 1))
    with EventSession.create(path, event, arbiter="test") as s:
        s.run(AddPlayers([{"surname": n, "first_name": "Léa", "ratings": (("fide", 1500 + 10 * i),)}
                       for i, n in enumerate(names)]))
        for _ in range(rounds):
            rnd = pair_next(s).payload.round
            for g in rnd.games:
                s.run(RecordResult(rnd.number, g.board, rng.choice((GameResult.WHITE_WIN, GameResult.DRAW))))


def _damage(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA foreign_keys=OFF")
    for sql in statements:
        conn.executescript(sql)
    assert conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"  # SQLite itself sees nothing wrong
    conn.close()


DAMAGE = [
    # wrong types
    ("UPDATE event SET rounds = 'seven'", "table event, row 1: the column 'rounds' holds text where a whole number"),
    ("UPDATE player SET surname = x'00ff' WHERE id = 3", "table player, row 3: the column 'surname' holds binary data"),
    ("UPDATE game SET board = 'two' WHERE id = 2", "table game, row 2: the column 'board' holds text"),
    ("UPDATE player SET unrated = 7 WHERE id = 1", "table player, row 1: the column 'unrated' is neither 0 nor 1"),
    # dangling references
    ("UPDATE game SET white_id = 999 WHERE id = 1", "table game, row 1 refers to a player that does not exist"),
    ("DELETE FROM round WHERE number = 1", "refers to a round that does not exist"),
    # impossible values
    ("UPDATE game SET result = 'zz' WHERE id = 1", "table game, row 1: 'zz' is not a result code"),
    ("UPDATE player SET sex = 'Q' WHERE id = 2", "table player, row 2: 'Q' is not a sex"),
    ("UPDATE player SET birth_date = '2026-02-30' WHERE id = 2", "the birth date '2026-02-30' is not a date"),
    ("UPDATE game SET black_id = white_id WHERE id = 1", "a player cannot play himself"),
    ("UPDATE player SET pairing_number = 1 WHERE pairing_number = 2", "have the same pairing number 1"),
    ("UPDATE event SET scoring = '{\"name\": \"chess\", \"win\": NaN}'", "the scoring profile is not valid JSON"),
    ("UPDATE event SET rounds = 1", "2 rounds are paired but the event has 1"),
    ("UPDATE player SET surname = printf('%.*c', 10000, 'Z') WHERE id = 4",
     "table player, row 4: The surname is longer than 100 characters"),
    ("UPDATE round SET number = 7 WHERE number = 2", "table game, row 6 refers to a round that does not exist"),
    ("UPDATE round SET number = 3 WHERE number = 2; UPDATE game SET round = 3 WHERE round = 2",
     "round 3 is stored where round 2 should be"),
    # the structure
    ("ALTER TABLE player DROP COLUMN title", "the column 'title' of the table 'player' is missing"),
    ("DROP TABLE audit", "the table 'audit' is missing"),
    ("UPDATE alembic_version SET version_num = '0042'", "the schema revision record says ['0042']"),
    ("DELETE FROM event", "it holds no event"),
    # the names of the actions (undo journal, audit log): messages as JSON
    ("UPDATE journal SET label = '{not json' WHERE id = 3", "table journal, row 3: the name of the action is not"),
    ("UPDATE audit SET label = '[1, 2]' WHERE id = 2", "table audit, row 2: the name of the action is not a message"),
    ("UPDATE journal SET label = json_object('msgid', 'Result {r}', 'params', json_array(1)) WHERE id = 1",
     "table journal, row 1: the name of the action is not a message (a message's params are a JSON object)"),
    ("UPDATE audit SET label = '{\"fr\": \"Résultat\"}' WHERE id = 4", "table audit, row 4: the name of the action"),
    ("UPDATE journal SET label = '{\"msgid\": 7}' WHERE id = 2", "table journal, row 2: the name of the action is"),
]


@pytest.mark.parametrize(("sql", "named"), DAMAGE, ids=[d[0][:40] for d in DAMAGE])
def test_damage_is_named_on_open_and_the_file_is_left_alone(tmp_path: Path, sql: str, named: str) -> None:
    path = tmp_path / "open.tdesk"
    _event(path)
    good = list_backups(path)[0]  # taken before round 2 was paired
    _damage(path, sql)
    before = _digest(path)
    for readonly in (False, True):
        with pytest.raises(EventFileDamagedError) as err:
            EventSession.open(path, readonly=readonly)
        assert named in str(err.value)
        assert "is damaged" in str(err.value) and "Nothing was changed" in str(err.value)
        assert "est endommagé" in err.value.message("fr") and "Rien n'y a été modifié" in err.value.message("fr")
        assert err.value.backup is not None and err.value.backup.path == good.path  # offered: the newest good one
        assert str(good.path) in str(err.value)
    assert _digest(path) == before
    assert not file_problems(good.path)


def test_damaged_undo_record_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "journal.tdesk"
    _event(path, rounds=1)
    for changes in ("{not json", '[{"table": "player; DROP TABLE game", "op": "insert", "pk": {}, "after": {}}]',
                    '[{"table": "game", "op": "update", "pk": {"id": 1}, "before": {"white_id": 1, "black_id": 1}}]'):
        _damage(path, f"UPDATE journal SET changes = '{changes}' WHERE id = (SELECT max(id) FROM journal)")
        with EventSession.open(path) as s:
            state = s.state()
            with pytest.raises(EventFileError) as err:
                s.undo()
            assert "The undo record of 'Result round 1" in str(err.value) and "Nothing was changed" in str(err.value)
            assert "endommagé" in err.value.message("fr")
            assert s.state() == state
            assert s.undo_label() is not None  # the record is still there: nothing was undone
        with EventSession.open(path) as s:
            assert s.state() == state


def test_a_name_damaged_while_the_file_is_open_is_shown_as_damaged(tmp_path: Path) -> None:
    """Names are checked at open; one another program damages afterwards stops neither the undo menu nor the
    history, and undoing still works (the name is the journal's label, not its record of changes)."""
    path = tmp_path / "names.tdesk"
    _event(path, rounds=1)
    with EventSession.open(path) as s:
        state = s.state()
        _damage(path, "UPDATE journal SET label = 'garbage' WHERE id = (SELECT max(id) FROM journal)",
                "UPDATE audit SET label = '{}' WHERE id = 1")
        assert s.undo_label("en") == "(an action whose stored name is damaged)"
        assert s.undo_label("fr") == "(une action dont le nom enregistré est endommagé)"
        assert s.audit_log()[0].label.text("en") == "(an action whose stored name is damaged)"
        assert s.undo() is not None and s.state() != state
    with pytest.raises(EventFileDamagedError, match="table journal, row"):
        EventSession.open(path)


def test_newest_good_backup_skips_damaged_and_empty_backups(tmp_path: Path) -> None:
    path = tmp_path / "b.tdesk"
    _event(path, rounds=2)
    backups = list_backups(path)
    assert [b.reason for b in backups] == ["before-round-2", "before-round-1"]
    newest = backups[0].path
    newest.write_bytes(b"")  # what a killed backup used to leave
    assert newest_good_backup(path).path == backups[1].path
    _damage(backups[1].path, "UPDATE game SET result = 'zz'")  # (round 1 has no game yet in that backup)
    _damage(backups[1].path, "UPDATE player SET sex = 'Q' WHERE id = 1")
    assert newest_good_backup(path) is None
    _damage(path, "UPDATE player SET sex = 'Q' WHERE id = 2")
    with pytest.raises(EventFileDamagedError) as err:
        EventSession.open(path)
    assert err.value.backup is None and "no good backup of it was found" in str(err.value)
