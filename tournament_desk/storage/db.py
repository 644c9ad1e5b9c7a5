"""Open and create event files (SQLite), check what they are, migrate them.

Every connection gets ``foreign_keys=ON``, the WAL journal and ``synchronous=FULL`` so that a result
acknowledged to the user survives a power cut. A file is inspected read-only *before* anything is
written to it: a text file, another program's SQLite database, or a file from a newer version of the
program is refused with a specific message and left byte-for-byte untouched.

Migrations use Alembic (well kept, the SQLAlchemy authors' tool, with batch mode for SQLite's limited
ALTER TABLE); revisions are numbered 0001, 0002... and run in-process without alembic.ini.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from alembic.runtime.environment import EnvironmentContext
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, text

from tournament_desk.core.errors import EventFileError
from tournament_desk.storage.schema import APPLICATION_ID, SCHEMA_VERSION

SUFFIX = ".tdesk"
_SQLITE_MAGIC = b"SQLite format 3\x00"
_MIGRATIONS = Path(__file__).with_name("migrations")


def _script_directory() -> ScriptDirectory:
    return ScriptDirectory(str(_MIGRATIONS), version_locations=[str(_MIGRATIONS / "versions")])


def _make_engine(path: Path, *, readonly: bool = False) -> Engine:
    if readonly:
        # In a write-protected folder SQLite cannot create the WAL index: read the file as immutable.
        immutable = "&immutable=1" if not os.access(path.parent, os.W_OK) else ""
        uri = f"file:{path.resolve().as_posix()}?mode=ro{immutable}"
        engine = create_engine("sqlite://", creator=lambda: sqlite3.connect(uri, uri=True, timeout=5))
    else:
        engine = create_engine(f"sqlite:///{path}", connect_args={"timeout": 5})

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
        # IMMEDIATE: take the write lock at the start of every user action, never half-way through.
        conn.exec_driver_sql("BEGIN IMMEDIATE" if not readonly else "BEGIN")  # type: ignore[attr-defined]

    return engine


def inspect_file(path: Path) -> int:
    """Check, read-only, that ``path`` is an event file this program can open; return its schema version.

    Raises :class:`EventFileError` with a specific message otherwise. Nothing is written.
    """
    if not path.exists():
        raise EventFileError(f"The file {path} does not exist", f"Le fichier {path} n'existe pas")
    if path.is_dir():
        raise EventFileError(f"{path} is a folder, not an event file",
                             f"{path} est un dossier, pas un fichier de tournoi")
    try:
        with path.open("rb") as fh:
            header = fh.read(100)
    except OSError as exc:
        raise EventFileError(f"Cannot read {path}: {exc.strerror}",
                             f"Impossible de lire {path} : {exc.strerror}") from exc
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        raise EventFileError(
            f"{path.name} is not a tournament_desk event file (it is not an SQLite database)",
            f"{path.name} n'est pas un fichier de tournoi tournament_desk (ce n'est pas une base SQLite)",
        )
    immutable = "&immutable=1" if not os.access(path.parent, os.W_OK) else ""
    try:
        conn = sqlite3.connect(f"file:{path.resolve().as_posix()}?mode=ro{immutable}", uri=True, timeout=5)
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            check = conn.execute("PRAGMA quick_check").fetchone()[0] if app_id == APPLICATION_ID else "ok"
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise _damaged(path, str(exc)) from exc
    if check != "ok":
        raise _damaged(path, check)
    if app_id != APPLICATION_ID:
        raise EventFileError(
            f"{path.name} is an SQLite database of another program, not a tournament_desk event",
            f"{path.name} est une base SQLite d'un autre programme, pas un tournoi tournament_desk",
        )
    if version > SCHEMA_VERSION:
        raise EventFileError(
            f"{path.name} was written by a newer version of tournament_desk (file schema {version}, "
            f"this program knows up to {SCHEMA_VERSION}); update the program to open it",
            f"{path.name} a été écrit par une version plus récente de tournament_desk (schéma {version}, "
            f"ce programme connaît jusqu'au {SCHEMA_VERSION}) ; mettez le programme à jour pour l'ouvrir",
        )
    return int(version)


def _damaged(path: Path, detail: str) -> EventFileError:
    from tournament_desk.storage.backup import latest_backup

    backup = latest_backup(path)
    hint_en = f"restore the latest backup ({backup})" if backup else "no backup of it was found"
    hint_fr = f"restaurez la dernière sauvegarde ({backup})" if backup else "aucune sauvegarde n'a été trouvée"
    return EventFileError(f"{path.name} is damaged and cannot be read ({detail}); {hint_en}",
                          f"{path.name} est endommagé et illisible ({detail}) ; {hint_fr}")


def check_writable(path: Path) -> None:
    """Refuse, before anything is written, a file or folder the program cannot write to."""
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
        raise EventFileError(
            f"{path.name} is in a read-only location (write-protected file, folder or USB stick); "
            "open it read-only, or copy it to a folder you can write to",
            f"{path.name} est dans un emplacement en lecture seule (fichier, dossier ou clé USB protégé) ; "
            "ouvrez-le en lecture seule, ou copiez-le dans un dossier modifiable",
        )


def upgrade_schema(engine: Engine, target: str = "head") -> None:
    """Run every Alembic revision the file does not have yet (up to ``target``), in one transaction."""
    script = _script_directory()
    with engine.begin() as conn:
        def do_upgrade(rev: object, _ctx: MigrationContext) -> list:
            return script._upgrade_revs(target, rev)  # type: ignore[arg-type]

        from alembic.config import Config

        with EnvironmentContext(Config(), script, fn=do_upgrade) as env:
            env.configure(connection=conn, render_as_batch=True, transactional_ddl=False)
            env.run_migrations()
        reached = script.get_current_head() if target == "head" else target
        conn.exec_driver_sql(f"PRAGMA application_id={APPLICATION_ID}")
        conn.exec_driver_sql(f"PRAGMA user_version={int(reached or 0)}")


def create_event_file(path: Path) -> Engine:
    """Create a new, empty event file with the newest schema. Refuses to overwrite anything."""
    if path.exists():
        raise EventFileError(f"{path} already exists; choose another name or open it",
                             f"{path} existe déjà ; choisissez un autre nom ou ouvrez-le")
    if not path.parent.exists():
        raise EventFileError(f"The folder {path.parent} does not exist",
                             f"Le dossier {path.parent} n'existe pas")
    try:
        engine = _make_engine(path)
        upgrade_schema(engine)
    except Exception:
        # Leave no half-made file behind.
        for p in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            p.unlink(missing_ok=True)
        raise
    return engine


def open_event_file(path: Path, *, readonly: bool = False) -> Engine:
    """Open an existing event file, upgrading its schema if it is older (never when read-only)."""
    version = inspect_file(path)
    if readonly:
        if version < SCHEMA_VERSION:
            raise EventFileError(
                f"{path.name} uses an older schema ({version}); open it for writing once to upgrade it",
                f"{path.name} utilise un ancien schéma ({version}) ; ouvrez-le en écriture pour le mettre à jour",
            )
        return _make_engine(path, readonly=True)
    check_writable(path)
    engine = _make_engine(path)
    if version < SCHEMA_VERSION:
        from tournament_desk.storage.backup import take_backup

        take_backup(path, f"before-migration-{version}-to-{SCHEMA_VERSION}")
        upgrade_schema(engine)
    with engine.connect() as conn:
        current = MigrationContext.configure(conn).get_current_revision()
    known = {rev.revision for rev in _script_directory().walk_revisions()}
    if current not in known:
        engine.dispose()
        raise EventFileError(
            f"{path.name} has an unknown schema revision {current!r}",
            f"{path.name} a une révision de schéma inconnue {current!r}",
        )
    return engine


def schema_revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def integrity_ok(engine: Engine) -> bool:
    with engine.connect() as conn:
        return conn.execute(text("PRAGMA integrity_check")).scalar() == "ok"
