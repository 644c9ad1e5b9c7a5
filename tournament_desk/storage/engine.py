"""SQLAlchemy and Alembic on an event file: creating its tables and upgrading its schema, nothing else.

Migrations use Alembic (well kept, the SQLAlchemy authors' tool, with batch mode for SQLite's limited ALTER
TABLE); revisions are numbered 0001, 0002... (``storage/migrations/versions``) and run in-process without
alembic.ini. Upgrading only upgrades: the backup taken before a migration is the open path's
(``storage/db.py``, :func:`~tournament_desk.storage.db.prepare_event_file`).

Alembic and SQLAlchemy are imported inside the functions, for start-up speed: only creating a file or upgrading
an older one needs them, and opening a current file never imports them (0.2 s on every open;
``tests/storage/test_tables.py`` checks it).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from tournament_desk.storage.connection import SQLITE_ERRORS, connect, file_error
from tournament_desk.storage.tables import APPLICATION_ID

if TYPE_CHECKING:
    from alembic.script import ScriptDirectory
    from sqlalchemy import Engine

__all__ = ["MIGRATIONS", "make_engine", "script_directory", "upgrade_file", "upgrade_schema"]

MIGRATIONS = Path(__file__).with_name("migrations")
"""The folder of the Alembic revisions (``versions/0001_initial.py``...), read from disk at run time."""


def script_directory() -> ScriptDirectory:
    """Alembic's view of the revisions in :data:`MIGRATIONS` (no alembic.ini)."""
    from alembic.script import ScriptDirectory  # start-up speed: see the module's documentation

    return ScriptDirectory(str(MIGRATIONS), version_locations=[str(MIGRATIONS / "versions")])


def make_engine(path: Path, *, readonly: bool = False, create: bool = False) -> Engine:
    """A SQLAlchemy engine on the event file, for Alembic (creating and migrating files). The program's own
    reads and writes go through :func:`~tournament_desk.storage.connection.connect` /
    :func:`~tournament_desk.storage.connection.connect_writer` (``storage.repository``). ``create``: the file
    may not exist yet (SQLite's ``mode=rwc``)."""
    from sqlalchemy import create_engine, event  # start-up speed: see the module's documentation
    from sqlalchemy.pool import QueuePool

    mode = "ro" if readonly else ("rwc" if create else "rw")
    path = Path(os.path.abspath(path))

    def creator() -> sqlite3.Connection:
        return connect(path, mode)

    engine = create_engine("sqlite://", creator=creator, poolclass=QueuePool, pool_size=2, max_overflow=8)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: sqlite3.Connection, _record: object) -> None:
        # Let SQLAlchemy handle BEGIN itself (pysqlite's implicit transactions are off).
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA foreign_keys=ON")
        if not readonly:
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: object) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if not readonly else "BEGIN")  # type: ignore[attr-defined]

    return engine


def upgrade_schema(engine: Engine, target: str = "head") -> None:
    """Run every Alembic revision the file does not have yet (up to ``target``), in one transaction."""
    from alembic.config import Config  # start-up speed: see the module's documentation
    from alembic.runtime.environment import EnvironmentContext
    from alembic.runtime.migration import MigrationContext

    script = script_directory()
    with engine.begin() as conn:
        def do_upgrade(rev: object, _ctx: MigrationContext) -> list:
            return script._upgrade_revs(target, rev)  # type: ignore[arg-type]

        with EnvironmentContext(Config(), script, fn=do_upgrade) as env:
            env.configure(connection=conn, render_as_batch=True, transactional_ddl=False)
            env.run_migrations()
        reached = script.get_current_head() if target == "head" else target
        conn.exec_driver_sql(f"PRAGMA application_id={APPLICATION_ID}")
        conn.exec_driver_sql(f"PRAGMA user_version={int(reached or 0)}")


def upgrade_file(path: Path) -> None:
    """Upgrade the event file at ``path`` to the newest schema (:func:`upgrade_schema` on an engine of its own);
    an SQLite error is raised as the user's explanation of it (:func:`file_error`)."""
    engine = make_engine(path)
    try:
        upgrade_schema(engine)
    except BaseException as exc:
        orig = getattr(exc, "orig", None)
        if isinstance(orig, SQLITE_ERRORS):
            raise file_error(orig, path) from exc
        raise
    finally:
        engine.dispose()
