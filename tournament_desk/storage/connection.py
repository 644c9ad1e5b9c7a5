"""Connections to an event file: plain ``sqlite3``, and SQLite's errors in the user's words.

Every connection gets ``foreign_keys=ON``; the writer's also the WAL journal and ``synchronous=FULL`` so that a
result acknowledged to the user survives a power cut. Reads and writes use these plain connections
(:func:`connect`, :func:`connect_writer`; ``storage/repository.py`` says why not SQLAlchemy); the SQLAlchemy
engine Alembic needs is built on :func:`connect` too (``storage/engine.py``).

Paths: SQLite is always given a ``file:`` URI built by :func:`sqlite_uri` (``Path.as_uri``: every ``#``, ``?``,
``%``, space and non-ASCII character percent-escaped), never a string SQLAlchemy or SQLite would parse, so any
legal file name opens. SQLite's Unix VFS refuses paths longer than 512 bytes including the ``-journal``
suffix: a longer path is refused up front with :class:`PathTooLongError`.

Connections this process has open, per file: POSIX advisory locks (SQLite's) belong to the process and are ALL
dropped when the process closes ANY descriptor of the file — SQLite's "How To Corrupt" §2.2. SQLite guards its
own descriptors; this module counts the connections of each file (:func:`connections_open`) so that the rest of
the program (the writer lock's own descriptor, ``storage/lock.py``) closes a descriptor only once none is open
(:func:`when_unused`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from tournament_desk.core.errors import EventFileError
from tournament_desk.core.messages import Msg, msg
from tournament_desk.storage.errors import DiskFullError, EventFileDamagedError, PathTooLongError

__all__ = ["SQLITE_BUSY", "SQLITE_CANTOPEN", "SQLITE_CORRUPT", "SQLITE_FULL", "SQLITE_IOERR", "SQLITE_LOCKED",
           "SQLITE_NOTADB", "SQLITE_PATH_LIMIT", "SQLITE_READONLY", "Identity", "check_path_length", "connect",
           "connect_writer", "connections_open", "file_error", "readonly_location", "sqlite_uri", "when_unused"]

SQLITE_PATH_LIMIT = 512 - len("-journal")
"""Longest path (UTF-8 bytes) SQLite's Unix VFS opens: its MAX_PATHNAME (512) less the ``-journal`` suffix."""

# SQLite result codes (https://sqlite.org/rescode.html), primary code = extended code & 0xff.
SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR, SQLITE_CORRUPT = 5, 6, 8, 10, 11
SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_NOTADB = 13, 14, 26

Identity = tuple[int, int]
"""A file as the operating system knows it: ``(st_dev, st_ino)``."""


def check_path_length(path: Path) -> None:
    """Refuse (:class:`PathTooLongError`) a path SQLite's Unix VFS cannot open."""
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


# -- connections this process has open, per file (see the module's documentation) ----------------------------
_open_lock = threading.Lock()
_open_count: dict[Identity, int] = {}
_after_last_close: dict[Identity, list[Callable[[], None]]] = {}


def _identity(path: Path) -> Identity | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


class _Connection(sqlite3.Connection):
    """A connection that tells :func:`connections_open` when it closes."""

    _identity: Identity | None = None

    def close(self) -> None:
        try:
            super().close()
        finally:
            key, self._identity = self._identity, None
            if key is not None:
                _closed(key)


def _closed(key: Identity) -> None:
    with _open_lock:
        left = _open_count.get(key, 1) - 1
        if left > 0:
            _open_count[key] = left
            return
        _open_count.pop(key, None)
        waiting = _after_last_close.pop(key, [])
    for action in waiting:
        with contextlib.suppress(OSError):  # closing a connection never fails because of what waited for it
            action()


def connections_open(identity: Identity) -> int:
    """How many connections this process holds open on the file of ``identity`` (``(st_dev, st_ino)``).
    A connection never closed explicitly counts until the end of the process (the safe side)."""
    with _open_lock:
        return _open_count.get(identity, 0)


def when_unused(identity: Identity, action: Callable[[], None]) -> None:
    """Run ``action`` once no connection of this process is open on the file of ``identity``: now when none is
    (an error it raises reaches the caller), else right after the last one closes (an ``OSError`` it raises
    then is ignored). The writer lock closes its descriptor this way (``storage/lock.py``)."""
    with _open_lock:
        if _open_count.get(identity, 0) > 0:
            _after_last_close.setdefault(identity, []).append(action)
            return
    action()


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
            conn._identity = key
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
