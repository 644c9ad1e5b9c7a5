"""Open and create event files: the open path, from a path to a file the session can read and write.

:func:`prepare_event_file` is what opening does to the file itself, in this order: look at it read-only
(:func:`~tournament_desk.storage.identify.inspect_file`: a foreign, damaged or too new file is refused and left
byte-for-byte untouched), refuse a location it cannot write to, and for a file of an older schema take the
backup ``before-migration-N-to-M`` (``storage/backup.py``) and only then upgrade it
(:func:`~tournament_desk.storage.engine.upgrade_file`). Opening a current file reads ``PRAGMA user_version`` and
the ``alembic_version`` row with plain SQL, without importing Alembic or SQLAlchemy (0.2 s on every open).
:func:`create_event_file` makes a new file with the newest schema. The connections themselves are
``storage/connection.py``'s.
"""

from __future__ import annotations

import os
from pathlib import Path

from tournament_desk.core.errors import EventFileError
from tournament_desk.core.messages import msg
from tournament_desk.storage.backup import take_backup
from tournament_desk.storage.connection import SQLITE_ERRORS, check_path_length, file_error
from tournament_desk.storage.engine import make_engine, upgrade_file, upgrade_schema
from tournament_desk.storage.identify import inspect_file
from tournament_desk.storage.tables import SCHEMA_VERSION

__all__ = ["SUFFIX", "check_writable", "create_event_file", "prepare_event_file"]

SUFFIX = ".tdesk"


def check_writable(path: Path) -> None:
    """Refuse, before anything is written, a file or folder the program cannot write to."""
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
        raise EventFileError(
            msg("{name} is in a read-only location (write-protected file, folder or USB stick); open it read-only, "
                "or copy it to a folder you can write to", name=path.name),
        )


def create_event_file(path: Path) -> None:
    """Create a new, empty event file with the newest schema. Refuses to overwrite anything."""
    if path.exists():
        raise EventFileError(msg("{path} already exists; choose another name or open it", path=path))
    if not path.parent.exists():
        raise EventFileError(msg("The folder {parent} does not exist", parent=path.parent))
    check_path_length(path)
    engine = None
    try:
        engine = make_engine(path, create=True)
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


def prepare_event_file(path: Path, *, readonly: bool = False) -> int:
    """Check an existing event file before opening it and upgrade its schema if it is older (never when
    read-only), after a backup of it as it was; returns the schema version. Its rows are read and checked by
    ``Repository.load_state``."""
    version = inspect_file(path)
    if readonly:
        if version < SCHEMA_VERSION:
            raise EventFileError(
                msg("{name} uses an older schema ({version}); open it for writing once to upgrade it", name=path.name,
                    version=version),
            )
        return version
    check_writable(path)
    if version < SCHEMA_VERSION:
        take_backup(path, f"before-migration-{version}-to-{SCHEMA_VERSION}", verify=False)
        upgrade_file(path)
    return SCHEMA_VERSION
