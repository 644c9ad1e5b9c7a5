"""Open and create event files (SQLite), check what they are, migrate them.

Every connection gets ``foreign_keys=ON``, the WAL journal and ``synchronous=FULL`` so that a result
acknowledged to the user survives a power cut. A file is inspected read-only *before* anything is
written to it: a text file, another program's SQLite database, or a file from a newer version of the
program is refused with a specific message and left byte-for-byte untouched.

Paths: SQLite is always given a ``file:`` URI built by :func:`sqlite_uri` (``Path.as_uri``: every ``#``, ``?``,
``%``, space and non-ASCII character percent-escaped), never a string SQLAlchemy or SQLite would parse, so any
legal file name opens. SQLite's Unix VFS refuses paths longer than 512 bytes including the ``-journal``
suffix: a longer path is refused up front with :class:`PathTooLongError`.

Reads and writes use plain ``sqlite3`` connections (:func:`connect`, :func:`connect_writer`; see
``storage/repository.py`` for why). Migrations use Alembic (well kept, the SQLAlchemy authors' tool, with batch
mode for SQLite's limited ALTER TABLE); revisions are numbered 0001, 0002... and run in-process without
alembic.ini. Alembic and SQLAlchemy are imported only when a file is created or needs a migration: opening a
current file reads ``PRAGMA user_version`` and the ``alembic_version`` row with plain SQL, which saves 0.2 s on
every open.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from tournament_desk.core.errors import EventFileError
from tournament_desk.core.messages import Msg, msg
from tournament_desk.storage.errors import DiskFullError, EventFileDamagedError, PathTooLongError
from tournament_desk.storage.tables import APPLICATION_ID, SCHEMA_VERSION

if TYPE_CHECKING:
    from alembic.script import ScriptDirectory
    from sqlalchemy import Engine

SUFFIX = ".tdesk"
_MIGRATIONS = Path(__file__).with_name("migrations")
SQLITE_PATH_LIMIT = 512 - len("-journal")
"""Longest path (UTF-8 bytes) SQLite's Unix VFS opens: its MAX_PATHNAME (512) less the ``-journal`` suffix."""

# SQLite result codes (https://sqlite.org/rescode.html), primary code = extended code & 0xff.
SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR, SQLITE_CORRUPT = 5, 6, 8, 10, 11
SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_NOTADB = 13, 14, 26

SQLITE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, UnicodeDecodeError)
"""What a call into ``sqlite3`` raises when the file it reads is damaged. Python's ``sqlite3`` builds its exception
from SQLite's message, and that message quotes the file's own bytes ("malformed database schema (ix) - no such
table: main.pl\\xb7yer"): when they are not UTF-8, the module raises :class:`UnicodeDecodeError` instead of a
``sqlite3.Error`` (seen with CPython 3.11). Every ``except`` around a read of an event file catches both, and
:func:`file_error` explains both."""


def sqlite_message(exc: BaseException) -> str:
    """The text of an SQLite error, whatever bytes of a damaged file it quotes (undecodable bytes become U+FFFD)."""
    if isinstance(exc, UnicodeDecodeError) and isinstance(exc.object, (bytes, bytearray)):
        return bytes(exc.object).decode("utf-8", errors="replace")
    return str(exc)


def _undecodable(exc: BaseException) -> bool:
    """The error is a damaged file's bytes that are not UTF-8: a message quoting them, or a text value
    (``sqlite3`` says "Could not decode to UTF-8 column ...")."""
    return isinstance(exc, UnicodeDecodeError) or "could not decode to utf-8" in str(exc).lower()


def _script_directory() -> ScriptDirectory:
    from alembic.script import ScriptDirectory

    return ScriptDirectory(str(_MIGRATIONS), version_locations=[str(_MIGRATIONS / "versions")])


def check_path_length(path: Path) -> None:
    if sys.platform == "win32":
        return  # SQLite's Windows VFS handles long paths itself (\\?\ prefix)
    length = len(os.fsencode(path))
    if length > SQLITE_PATH_LIMIT:
        raise PathTooLongError(path, length, SQLITE_PATH_LIMIT)


def sqlite_uri(path: Path, mode: str, *, immutable: bool = False) -> str:
    """A ``file:`` URI for ``path`` (absolute, percent-escaped) with ``mode`` ``ro``, ``rw`` or ``rwc``."""
    uri = Path(os.path.abspath(path)).as_uri() + f"?mode={mode}"
    return uri + "&immutable=1" if immutable else uri


def readonly_location(path: Path) -> bool:
    """True when SQLite cannot create the WAL index beside ``path`` (write-protected folder or USB stick)."""
    return not os.access(path.parent, os.W_OK)


# -- connections this process has open, per file --------------------------------------------------------------
# POSIX advisory locks (SQLite's) belong to the process and are ALL dropped when the process closes ANY descriptor
# of the file — SQLite's "How To Corrupt" §2.2. SQLite guards its own descriptors; this registry lets the rest
# of the program (the writer lock's own descriptor) avoid closing one while a connection still relies on them.
_open_lock = threading.Lock()
_open_count: dict[tuple[int, int], int] = {}


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


class _Connection(sqlite3.Connection):
    """A connection that tells :func:`connections_open` when it closes."""

    _identity: tuple[int, int] | None = None

    def close(self) -> None:
        try:
            super().close()
        finally:
            key, self._identity = self._identity, None
            if key is not None:
                with _open_lock:
                    left = _open_count.get(key, 1) - 1
                    if left > 0:
                        _open_count[key] = left
                    else:
                        _open_count.pop(key, None)
                _after_close(key)


_close_hooks: list[object] = []


def _after_close(key: tuple[int, int]) -> None:
    for hook in list(_close_hooks):
        hook(key)  # type: ignore[operator]


def connections_open(identity: tuple[int, int]) -> int:
    """How many connections this process holds open on the file of ``identity`` (``(st_dev, st_ino)``).
    A connection never closed explicitly counts until the end of the process (the safe side)."""
    with _open_lock:
        return _open_count.get(identity, 0)


def connect(path: Path, mode: str = "ro", *, timeout: float = 5.0, strict: bool = False) -> sqlite3.Connection:
    """A plain ``sqlite3`` connection to ``path`` (``mode`` ``ro``, ``rw`` or ``rwc``), in autocommit mode
    (the caller writes BEGIN/COMMIT), with foreign keys on. ``ro`` in a write-protected folder reads the file as
    immutable; elsewhere it is a ``query_only`` read-write connection (see below) unless ``strict``."""
    check_path_length(path)
    query_only = False
    if mode == "ro" and not strict and os.access(path, os.W_OK) and not readonly_location(path):
        # A connection opened with mode=ro cannot fold the WAL back into the file when it is the last one to
        # close, so -wal and -shm files would stay beside the event. Where the file is writable, read through a
        # read-write connection that SQLite itself forbids to change anything (query_only).
        mode, query_only = "rw", True
    immutable = mode == "ro" and readonly_location(path)
    try:
        conn = sqlite3.connect(sqlite_uri(path, mode, immutable=immutable), uri=True, timeout=timeout,
                               check_same_thread=False, isolation_level=None, factory=_Connection)
        key = _identity(path)
        if key is not None:
            with _open_lock:
                _open_count[key] = _open_count.get(key, 0) + 1
            conn._identity = key  # type: ignore[attr-defined]
        conn.execute("PRAGMA foreign_keys=ON")
        if query_only:
            conn.execute("PRAGMA query_only=ON")
    except SQLITE_ERRORS as exc:
        raise file_error(exc, path) from exc
    return conn


def connect_writer(path: Path) -> sqlite3.Connection:
    """The connection every action writes through: ``mode=rw`` (a file deleted while open is never silently
    re-created empty), WAL journal, ``synchronous=FULL`` (an acknowledged result survives a power cut)."""
    conn = connect(path, "rw")
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
    except SQLITE_ERRORS as exc:
        conn.close()
        raise file_error(exc, path) from exc
    return conn


def _make_engine(path: Path, *, readonly: bool = False, create: bool = False) -> Engine:
    """A SQLAlchemy engine on the event file, for Alembic (creating and migrating files). The program's own
    reads and writes go through :func:`connect` / :func:`connect_writer` (``storage.repository``)."""
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


def decoded_rows(conn: sqlite3.Connection, sql: str, limit: int | None = None) -> list[tuple[object, ...]]:
    """The rows of ``sql`` with every text value decoded whatever its bytes (U+FFFD for what is not UTF-8).

    For what SQLite reports about a damaged file (``PRAGMA quick_check``, ``foreign_key_check``, the names in
    ``sqlite_schema``): the report quotes the file's own names, which a damaged file may hold as bytes that are
    not UTF-8, and ``sqlite3`` would refuse to read the report itself. SQLite's own error (a schema it cannot
    parse) is raised as usual (:data:`SQLITE_ERRORS`)."""
    factory = conn.text_factory
    conn.text_factory = bytes
    try:
        cursor = conn.execute(sql)
        rows = cursor.fetchall() if limit is None else cursor.fetchmany(limit)
    finally:
        conn.text_factory = factory
    return [tuple(v.decode("utf-8", errors="replace") if isinstance(v, bytes) else v for v in row) for row in rows]


CHECK_PRAGMAS = ("quick_check", "integrity_check")


def check_report(conn: sqlite3.Connection, pragma: str = "quick_check") -> list[str]:
    """The lines of ``PRAGMA quick_check`` (or ``integrity_check``): ``["ok"]`` for a sound file; names quoted
    from a damaged file are decoded whatever their bytes (:func:`decoded_rows`)."""
    if pragma not in CHECK_PRAGMAS:
        raise ValueError(f"not an integrity check: {pragma!r}")
    return [str(row[0]) for row in decoded_rows(conn, f"PRAGMA {pragma}")]


def file_error(exc: BaseException, path: Path | None = None) -> EventFileError:
    """The user's explanation of an SQLite error (disk full, read-only, busy, damaged...), including the
    :class:`UnicodeDecodeError` a damaged file's bytes cause (:data:`SQLITE_ERRORS`)."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text_ = sqlite_message(exc).lower()
    name: str | Msg = path.name if path is not None else msg("the event file")
    if _undecodable(exc):
        if path is not None:
            return EventFileDamagedError(path, [msg("SQLite cannot read it ({exc})", exc=sqlite_message(exc))])
        return EventFileError(msg("Event file error: {exc}", exc=sqlite_message(exc)))
    if primary == SQLITE_FULL or "disk is full" in text_:
        return DiskFullError(path)
    if primary in (SQLITE_BUSY, SQLITE_LOCKED) or "locked" in text_:
        return EventFileError(msg("{name} is being written by another program; try again", name=name))
    if primary == SQLITE_READONLY or "readonly" in text_:
        return EventFileError(msg("{name} is read-only (write-protected file, folder or USB stick?)", name=name))
    if primary == SQLITE_IOERR or "disk i/o" in text_:
        return EventFileError(
            msg("Cannot read or write {name}: the disk reported an error (USB stick removed? network folder "
                "gone?). Nothing acknowledged so far is lost; reconnect the disk and retry", name=name))
    if primary in (SQLITE_CORRUPT, SQLITE_NOTADB) and path is not None:
        return EventFileDamagedError(path, [msg("SQLite cannot read it ({exc})", exc=sqlite_message(exc))])
    if primary == SQLITE_CANTOPEN and path is not None:
        return EventFileError(msg("Cannot open {path}: the file or its folder is missing or not accessible",
                                  path=path))
    return EventFileError(msg("Event file error: {exc}", exc=exc))


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
    # SQLite locks other connections of this process hold (see _Connection). SQLite itself says "file is not a
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
            check = check_report(conn) if app_id == APPLICATION_ID else ["ok"]
        finally:
            conn.close()
    except EventFileError as exc:
        raise exc from None
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        if getattr(exc, "sqlite_errorcode", None) == SQLITE_NOTADB or "not a database" in sqlite_message(exc):
            raise not_sqlite from None
        raise EventFileDamagedError(path, [msg("SQLite cannot read it ({exc})", exc=sqlite_message(exc))]) from exc
    if app_id != APPLICATION_ID:
        raise EventFileError(
            msg("{name} is an SQLite database of another program, not a tournament_desk event", name=path.name),
        )
    if check != ["ok"]:
        raise EventFileDamagedError(path, [msg("SQLite finds damaged pages ({d})", d=d) for d in check[:3]])
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
        if isinstance(orig, SQLITE_ERRORS):
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
        orig = getattr(exc, "orig", exc)
        if isinstance(orig, SQLITE_ERRORS):
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
