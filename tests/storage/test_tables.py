"""The plain column list the hot path uses (storage/tables.py) is the SQLAlchemy schema, column for column; and
opening a current event file imports neither SQLAlchemy nor Alembic (issue 20: 0.2 s saved on every open)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sqlalchemy import Boolean, Float, Integer, String, Text

from tournament_desk.core.model import Event
from tournament_desk.core.operations import AddPlayer
from tournament_desk.services.session import EventSession
from tournament_desk.storage.schema import SCHEMA_VERSION, Base
from tournament_desk.storage.tables import PRIMARY_KEYS, TABLES


def _kind(column: object) -> str:
    kind = column.type  # type: ignore[attr-defined]
    if isinstance(kind, Boolean):
        return "boolean"
    if isinstance(kind, Integer):
        return "integer"
    if isinstance(kind, Float):
        return "real"
    assert isinstance(kind, String | Text)
    return "text"


def test_tables_match_the_sqlalchemy_models() -> None:
    models = {t.name: t for t in Base.metadata.sorted_tables}
    assert set(models) == set(TABLES)
    for name, table in models.items():
        assert TABLES[name] == tuple((c.name, _kind(c), bool(c.nullable)) for c in table.columns), name
        assert PRIMARY_KEYS[name] == tuple(c.name for c in table.primary_key.columns), name


def test_newest_migration_is_the_schema_version() -> None:
    from tournament_desk.storage.engine import script_directory

    assert script_directory().get_current_head() == f"{SCHEMA_VERSION:04d}"


def test_opening_and_writing_a_current_file_imports_neither_sqlalchemy_nor_alembic(tmp_path: Path) -> None:
    path = tmp_path / "current.tdesk"
    with EventSession.create(path, Event(name="Imports")) as s:
        s.run(AddPlayer(surname="Durand"))
    code = (
        "import sys\n"
        "from tournament_desk.core.operations import AddPlayer\n"
        "from tournament_desk.services.session import EventSession\n"
        f"with EventSession.open({str(path)!r}) as s:\n"
        "    s.run(AddPlayer(surname='Martin'))\n"
        "    assert len(s.players()) == 2\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy', 'alembic'}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
