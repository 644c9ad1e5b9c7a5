"""Open and create event files (SQLite), check what they are, migrate them.

A file is inspected read-only *before* anything is written to it: a text file, another program's SQLite
database, or a file from a newer version of the program is refused with a specific message and left
byte-for-byte untouched. Connections (plain ``sqlite3``; ``storage/repository.py`` says why) are
``storage/connection.py``'s.

Migrations use Alembic (well kept, the SQLAlchemy authors' tool, with batch mode for SQLite's limited ALTER
TABLE); revisions are numbered 0001, 0002... and run in-process without alembic.ini. Alembic and SQLAlchemy are
imported only when a file is created or needs a migration: opening a current file reads ``PRAGMA user_version``
and the ``alembic_version`` row with plain SQL, which saves 0.2 s on every open."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from tournament_desk.core.errors import EventFileError
from tournament_desk.core.messages import msg
from tournament_desk.storage.connection import SQLITE_NOTADB, check_path_length, connect, file_error
from tournament_desk.storage.errors import EventFileDamagedError
from tournament_desk.storage.tables import APPLICATION_ID, SCHEMA_VERSION

if TYPE_CHECKING:
    from alembic.script import ScriptDirectory
    from sqlalchemy import Engine

SUFFIX = ".tdesk"
_MIGRATIONS = Path(__file__).with_name("migrations")


def _script_directory() -> ScriptDirectory:
    from alembic.script import ScriptDirectory

    return ScriptDirectory(str(_MIGRATIONS), version_locations=[str(_MIGRATIONS / "versions")])


def _make_engine(path: Path, *, readonly: bool = False, create: bool = False) -> Engine:
    """A SQLAlchemy engine on the event file, for Alembic (creating and migrating files). The program's own
    reads and writes go through ``storage.connection`` (``storage.repository``)."""
    from sqlalchemy import create_engine, event
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


def inspect_file(path: Path) -> int:
    """Check, read-only, that ``path`` is an event file this program can open; return its schema version.

    Raises :class:`EventFileError` with a specific message otherwise (:class:`EventFileDamagedError` when it is
    an event file whose pages SQLite cannot read). Nothing is written.
    """
    if not path.exists():
        raise EventFileError(msg("The file {path} does not exist", path=path))
    if path.is_dir():
        raise EventFileError(msg("{path} is a folder, not an event file", path=path))
    check_path_length(path)
    # The file is never opened other than through SQLite: closing a plain descriptor of it would drop the
    # SQLite locks other connections of this process hold (see storage/connection.py). SQLite itself says "file is not a
    # database" for anything that is not one.
    try:
        st = path.stat()
    except OSError as exc:
        raise EventFileError(msg("Cannot read {path}: {strerror}", path=path, strerror=exc.strerror)) from exc
    size = st.st_size
    if st.st_nlink > 1:
        # SQLite keeps its journal beside the *name* it was given: two names (hard links) of one file would
        # each have their own journal, and a crash could corrupt the file (sqlite.org/howtocorrupt.html §2.5).
        raise EventFileError(
            msg("{name} has {st_nlink} names on the disk (hard links); it cannot be opened safely under either. "
                "Make a copy of it and open the copy", name=path.name, st_nlink=st.st_nlink))
    not_sqlite = EventFileError(
        msg("{name} is not a tournament_desk event file (it is not an SQLite database)", name=path.name),
    )
    if size < 512:
        raise not_sqlite
    try:
        # Strictly read-only (mode=ro): the first look at a file, possibly right after a crash, never writes.
        conn = connect(path, "ro", strict=True)
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            check = conn.execute("PRAGMA quick_check").fetchall() if app_id == APPLICATION_ID else [("ok",)]
        finally:
            conn.close()
    except EventFileError as exc:
        raise exc from None
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorcode", None) == SQLITE_NOTADB or "not a database" in str(exc):
            raise not_sqlite from None
        raise EventFileDamagedError(path, [msg("SQLite cannot read it ({exc})", exc=exc)]) from exc
    if app_id != APPLICATION_ID:
        raise EventFileError(
            msg("{name} is an SQLite database of another program, not a tournament_desk event", name=path.name),
        )
    if check != [("ok",)]:
        details = [str(r[0]) for r in check[:3]]
        raise EventFileDamagedError(path, [msg("SQLite finds damaged pages ({d})", d=d) for d in details])
    if version > SCHEMA_VERSION:
        raise EventFileError(
            msg("{name} was written by a newer version of tournament_desk (file schema {version}, this program "
                "knows up to {schema_version}); update the program to open it", name=path.name, version=version,
                schema_version=SCHEMA_VERSION),
        )
    if version < 1:
        raise EventFileDamagedError(path, [msg("its schema version is 0 (it was never completely created)")])
    return int(version)


def check_writable(path: Path) -> None:
    """Refuse, before anything is written, a file or folder the program cannot write to."""
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
        raise EventFileError(
            msg("{name} is in a read-only location (write-protected file, folder or USB stick); open it read-only, "
                "or copy it to a folder you can write to", name=path.name),
        )


def upgrade_schema(engine: Engine, target: str = "head") -> None:
    """Run every Alembic revision the file does not have yet (up to ``target``), in one transaction."""
    from alembic.config import Config
    from alembic.runtime.environment import EnvironmentContext
    from alembic.runtime.migration import MigrationContext

    script = _script_directory()
    with engine.begin() as conn:
        def do_upgrade(rev: object, _ctx: MigrationContext) -> list:
            return script._upgrade_revs(target, rev)  # type: ignore[arg-type]

        with EnvironmentContext(Config(), script, fn=do_upgrade) as env:
            env.configure(connection=conn, render_as_batch=True, transactional_ddl=False)
            env.run_migrations()
        reached = script.get_current_head() if target == "head" else target
        conn.exec_driver_sql(f"PRAGMA application_id={APPLICATION_ID}")
        conn.exec_driver_sql(f"PRAGMA user_version={int(reached or 0)}")


def create_event_file(path: Path) -> None:
    """Create a new, empty event file with the newest schema. Refuses to overwrite anything."""
    if path.exists():
        raise EventFileError(msg("{path} already exists; choose another name or open it", path=path))
    if not path.parent.exists():
        raise EventFileError(msg("The folder {parent} does not exist", parent=path.parent))
    check_path_length(path)
    engine = None
    try:
        engine = _make_engine(path, create=True)
        upgrade_schema(engine)
        engine.dispose()
    except BaseException as exc:
        if engine is not None:
            engine.dispose()
        # Leave no half-made file behind.
        for p in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            p.unlink(missing_ok=True)
        orig = getattr(exc, "orig", exc)
        if isinstance(orig, sqlite3.Error):
            raise file_error(orig, path) from exc
        raise


def migrate_if_needed(path: Path, version: int) -> None:
    """Upgrade a file of an older schema (after a backup of it); nothing at all when it is current."""
    if version >= SCHEMA_VERSION:
        return
    from tournament_desk.storage.backup import take_backup

    take_backup(path, f"before-migration-{version}-to-{SCHEMA_VERSION}", verify=False)
    engine = _make_engine(path)
    try:
        upgrade_schema(engine)
    except BaseException as exc:
        orig = getattr(exc, "orig", None)
        if isinstance(orig, sqlite3.Error):
            raise file_error(orig, path) from exc
        raise
    finally:
        engine.dispose()


def prepare_event_file(path: Path, *, readonly: bool = False) -> int:
    """Check an existing event file before opening it and upgrade its schema if it is older (never when
    read-only); returns the schema version. Its rows are read and checked by ``Repository.load_state``."""
    version = inspect_file(path)
    if readonly:
        if version < SCHEMA_VERSION:
            raise EventFileError(
                msg("{name} uses an older schema ({version}); open it for writing once to upgrade it", name=path.name,
                    version=version),
            )
        return version
    check_writable(path)
    migrate_if_needed(path, version)
    return SCHEMA_VERSION
