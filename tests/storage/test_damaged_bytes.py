"""Event files whose damage SQLite reports in bytes that are not UTF-8 (issue 27).

``tests/data/damaged/quick-check-not-utf8.tdesk`` (with its empty ``-wal``) is an event file with flipped bytes:
its schema names a table ``pl\\xb7yer``, and SQLite's own message ("malformed database schema ... main.pl\\xb7yer")
is not UTF-8. Python's ``sqlite3`` then raised :class:`UnicodeDecodeError` instead of an ``sqlite3`` error, and
``tournament-desk result`` ended in a traceback from ``storage/db.py`` ``inspect_file``. It must be the damaged-file
message (:class:`EventFileDamagedError`, exit code 5), the file left byte for byte as it was.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.errors import EventFileError
from tournament_desk.services.session import EventFileDamagedError, EventSession
from tournament_desk.storage.backup import file_problems, restore_backup, write_verified_copy
from tournament_desk.storage.connection import check_report, decoded_rows, file_error, sqlite_message
from tournament_desk.storage.identify import inspect_file
from tournament_desk.storage.peek import peek_event
from tournament_desk.storage.tables import APPLICATION_ID

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "tests" / "data" / "damaged" / "quick-check-not-utf8.tdesk"
REPLACEMENT = "\ufffd"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    """A copy of the damaged file and its (empty) WAL: the program may create files beside it."""
    path = tmp_path / "damaged.tdesk"
    shutil.copyfile(SOURCE, path)
    shutil.copyfile(SOURCE.with_name(SOURCE.name + "-wal"), path.with_name(path.name + "-wal"))
    return path


def test_the_sample_still_makes_sqlite3_raise_unicode_decode_error(damaged: Path) -> None:
    """The sample is what it claims: reading SQLite's check of it raises UnicodeDecodeError in plain sqlite3."""
    conn = sqlite3.connect(f"file:{damaged}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        with pytest.raises(UnicodeDecodeError):
            conn.execute("PRAGMA quick_check").fetchall()
    finally:
        conn.close()


@pytest.mark.parametrize(("lang", "damaged_text", "unreadable"), [
    ("en", "damaged.tdesk is damaged: SQLite cannot read it (malformed database schema", "Nothing was changed in it"),
    ("fr", "damaged.tdesk est endommagé : SQLite ne peut pas le lire (malformed database schema",
     "Rien n'y a été modifié"),
])
def test_the_cli_gives_the_damaged_file_message_and_code_5(damaged: Path, capsys: pytest.CaptureFixture[str],
                                                           lang: str, damaged_text: str, unreadable: str) -> None:
    before = _digest(damaged)
    code = main(["--lang", lang, "result", str(damaged), "--round", "1", "--board", "1", "1-0", "--replace"])
    err = capsys.readouterr().err
    assert code == 5
    assert err.startswith(f"tournament-desk: {damaged_text}"), err
    assert f"main.pl{REPLACEMENT}yer" in err and unreadable in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert _digest(damaged) == before


@pytest.mark.parametrize("command", [
    ["result", "{file}", "--round", "1", "--board", "1", "1-0", "--replace"],
    ["show", "{file}"],
    ["players", "list", "{file}", "--json"],
    ["standings", "{file}"],
])
def test_the_command_as_a_process_exits_5_without_a_traceback(damaged: Path, command: list[str]) -> None:
    before = _digest(damaged)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TDESK_LANG": "en"}
    done = subprocess.run([sys.executable, "-m", "tournament_desk", *(a.format(file=damaged) for a in command)],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 5, done.stderr
    assert "Traceback" not in done.stderr and "UnicodeDecodeError" not in done.stderr
    assert done.stderr.startswith("tournament-desk: damaged.tdesk is damaged: SQLite cannot read it"), done.stderr
    assert done.stdout == ""
    assert _digest(damaged) == before


@pytest.mark.parametrize("readonly", [False, True])
def test_event_session_open_raises_the_damaged_file_error(damaged: Path, readonly: bool) -> None:
    """What the GUI's open goes through: EventFileDamagedError is the damaged-file dialog's path."""
    before = _digest(damaged)
    with pytest.raises(EventFileDamagedError) as info:
        EventSession.open(damaged, readonly=readonly)
    problems = [p.text("en") for p in info.value.problems]
    assert len(problems) == 1 and problems[0].startswith("SQLite cannot read it (malformed database schema")
    assert f"main.pl{REPLACEMENT}yer" in problems[0]
    assert info.value.backup is None and "no good backup" in info.value.message("en")
    assert _digest(damaged) == before


def test_inspect_backup_checks_and_the_start_screen_name_the_damage(damaged: Path, tmp_path: Path) -> None:
    before = _digest(damaged)
    with pytest.raises(EventFileDamagedError):
        inspect_file(damaged)
    problems = file_problems(damaged)  # the check every backup and restore makes
    assert problems and problems[0].text("en").startswith("SQLite cannot read it (malformed database schema")
    assert peek_event(damaged) is None  # the start screen's list of recent events: not listed, no crash
    with pytest.raises(EventFileDamagedError):  # "save a copy" of it: refused by the verification, nothing left
        write_verified_copy(damaged, tmp_path / "copy.tdesk")
    assert not (tmp_path / "copy.tdesk").exists()
    assert not [p for p in tmp_path.iterdir() if ".partial-" in p.name]
    with pytest.raises(EventFileDamagedError):  # restoring it as a "backup" over another event: refused first
        restore_backup(damaged, tmp_path / "other.tdesk")
    assert not (tmp_path / "other.tdesk").exists()
    assert _digest(damaged) == before


def test_a_newer_backup_of_the_damaged_file_is_offered_and_restores(damaged: Path, tmp_path: Path) -> None:
    """Restoring over the damaged file keeps its exact bytes beside the event (it cannot be copied by SQLite)."""
    from tests.storage.test_damaged_files import _event
    from tournament_desk.services.event_files import restore_event_backup

    good = tmp_path / "good" / "damaged.tdesk"
    good.parent.mkdir()
    _event(good)
    backups = tmp_path / "backups" / "damaged"
    backups.mkdir(parents=True)
    shutil.copyfile(good, backups / "damaged-20260401-120000-manual.tdesk")
    before = damaged.read_bytes()
    with pytest.raises(EventFileDamagedError) as info:
        EventSession.open(damaged)
    assert info.value.backup is not None
    kept = restore_event_backup(damaged, info.value.backup.path)
    assert kept is not None and kept.read_bytes() == before
    with EventSession.open(damaged, readonly=True) as s:
        assert len(s.state().players) == 10


# -- the report itself quoting names that are not UTF-8 -------------------------------------------------------
def _file_with_a_report_in_latin1(path: Path) -> None:
    """An event-file header over a table whose name is not UTF-8 and whose NOT NULL column holds a NULL:
    ``PRAGMA quick_check`` reports ``NULL value in t\\xb7q.x`` (in bytes that are not UTF-8)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("CREATE TABLE tqq (x INTEGER)")
    conn.execute("INSERT INTO tqq VALUES (NULL)")
    conn.execute("PRAGMA writable_schema=ON")
    conn.execute("UPDATE sqlite_schema SET sql = 'CREATE TABLE tqq (x INTEGER NOT NULL)' WHERE name = 'tqq'")
    conn.execute("PRAGMA writable_schema=OFF")
    conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
    conn.execute("PRAGMA user_version=4")
    conn.close()
    data = path.read_bytes()
    assert data.count(b"tqq") == 3  # name, tbl_name and the CREATE statement
    path.write_bytes(data.replace(b"tqq", b"t\xb7q"))


def test_a_check_report_quoting_bytes_that_are_not_utf8_is_read(tmp_path: Path) -> None:
    path = tmp_path / "report.tdesk"
    _file_with_a_report_in_latin1(path)
    conn = sqlite3.connect(path)
    try:
        with pytest.raises(sqlite3.OperationalError, match="Could not decode"):  # what plain sqlite3 does
            conn.execute("PRAGMA quick_check").fetchall()
        assert check_report(conn) == [f"NULL value in t{REPLACEMENT}q.x"]
        assert check_report(conn, "integrity_check") == [f"NULL value in t{REPLACEMENT}q.x"]
        assert decoded_rows(conn, "SELECT name FROM sqlite_schema") == [(f"t{REPLACEMENT}q",)]
        assert conn.execute("SELECT 'still', 'text'").fetchone() == ("still", "text")  # the factory is restored
        with pytest.raises(ValueError):
            check_report(conn, "foreign_key_check")
    finally:
        conn.close()
    before = _digest(path)
    with pytest.raises(EventFileDamagedError) as info:
        inspect_file(path)
    report = f"SQLite finds damaged pages (NULL value in t{REPLACEMENT}q.x)"
    assert [p.text("en") for p in info.value.problems] == [report]
    assert _digest(path) == before


def test_file_error_explains_an_undecodable_message() -> None:
    raw = b"malformed database schema (ix) - no such table: main.pl\xb7yer"
    exc = UnicodeDecodeError("utf-8", raw, 55, 56, "invalid start byte")
    assert sqlite_message(exc) == f"malformed database schema (ix) - no such table: main.pl{REPLACEMENT}yer"
    damaged = file_error(exc, Path("/x/open.tdesk"))
    assert isinstance(damaged, EventFileDamagedError)
    assert damaged.message("en").startswith(f"open.tdesk is damaged: SQLite cannot read it ({sqlite_message(exc)})")
    unnamed = file_error(exc)
    assert isinstance(unnamed, EventFileError) and not isinstance(unnamed, EventFileDamagedError)
    value = sqlite3.OperationalError("Could not decode to UTF-8 column 'surname' with text 'Dup\ufffd'")
    assert isinstance(file_error(value, Path("/x/open.tdesk")), EventFileDamagedError)
