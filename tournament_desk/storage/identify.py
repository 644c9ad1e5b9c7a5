"""What a file is, read-only, before anything is written to it (docs/event-file.md, *Identification*).

:func:`inspect_file` says whether a path is an event file this program can open and which schema it has. A text
file, another program's SQLite database, a damaged file or a file from a newer version of the program is refused
with a specific message and left byte-for-byte untouched. The open path (``storage/db.py``) and the backups'
verification (``storage/backup.py``) both start with it.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tournament_desk.core.errors import EventFileError
from tournament_desk.core.messages import msg
from tournament_desk.storage.connection import SQLITE_NOTADB, check_path_length, check_report, connect, sqlite_message
from tournament_desk.storage.errors import EventFileDamagedError
from tournament_desk.storage.tables import APPLICATION_ID, SCHEMA_VERSION

__all__ = ["inspect_file"]


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
    # SQLite locks other connections of this process hold (see storage/connection.py). SQLite itself says "file
    # is not a database" for anything that is not one.
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
