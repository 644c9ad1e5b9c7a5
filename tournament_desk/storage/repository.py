"""The only home of SQL. Every user action runs in one :class:`UnitOfWork` (one transaction) that records
its row changes in the ``journal`` table, so that undo and redo survive a restart of the program.

The journal is generic: each change is ``{table, op, pk, before, after}`` with plain JSON rows; undo applies
the inverse changes in reverse order, redo applies them again. A new action drops the undone entries
(the redo stack), as every editor does.

Why plain ``sqlite3`` here and not SQLAlchemy: this module runs on every open and every action, and a command
such as ``tournament-desk result EVENT ...`` is a whole process. Importing SQLAlchemy costs 0.1-0.2 s — more
than opening a 2000-player, 11-round event and entering the result together — and reading the state through
SQLAlchemy rows was about ten times slower than through tuples. The statements are few and generated from
:mod:`storage.tables` (checked against the SQLAlchemy models in ``schema.py``, which remain the reference for
Alembic migrations and for creating files). Table and column names in SQL always come from that list, never
from data: a journal entry naming an unknown table or column is refused as damaged.

One connection per open file. For writing: ``mode=rw``, WAL, ``synchronous=FULL``, one ``BEGIN IMMEDIATE``
transaction per action, and the whole state read in one read transaction. For reading only: a connection that
cannot write. ``PRAGMA data_version`` (plus a count of this repository's own commits) says when the file
changed, so the state is read again only then.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tournament_desk.core.arbiter_log import PublishedKind, citation_from_data, citations_to_data
from tournament_desk.core.errors import EventFileError, StateError
from tournament_desk.core.messages import Msg, PerLanguage, message_from_data, msg
from tournament_desk.core.model import Bye, Event, EventState, Game, Player, Round
from tournament_desk.core.sources import Citation
from tournament_desk.storage import mapping
from tournament_desk.storage.connection import SQLITE_ERRORS, connect, connect_writer, file_error
from tournament_desk.storage.errors import EventFileDamagedError, EventFileVanishedError
from tournament_desk.storage.tables import COLUMN_NAMES, PRIMARY_KEYS
from tournament_desk.storage.validate import LOCK_META_PREFIX, DamagedContent, read_meta, read_state

Row = dict[str, Any]


Label = Msg | PerLanguage
"""An action's name as the file keeps it: the catalogue message the action returned, or — for an action stored
before schema 6 — its text in each language (which message wrote it is not known)."""


@dataclass(frozen=True, slots=True)
class JournalEntry:
    id: int
    label: Label
    """The action's name, shown in any language by the catalogue."""
    undone: bool


@dataclass(frozen=True, slots=True)
class AuditEntry:
    at: float
    """POSIX time of the change."""
    arbiter: str
    kind: str
    """``do``, ``undo`` or ``redo``."""
    label: Label
    reason: str = ""
    """The arbiter's reason for a change to a published round (an undo or redo repeats the change's own)."""
    changed: tuple[PublishedKind, ...] = ()
    """What such a change did to published rounds (:mod:`core.arbiter_log`); nothing for any other action."""
    rules: tuple[Citation, ...] = ()
    """The rules such a change touches; none for any other action."""
    journal_id: int | None = None
    """The undo step the entry did, undid or redid (None: the action changed nothing undoable)."""

    def changed_text(self, lang: str = "en") -> str:
        """What the change did to published rounds, in ``lang`` (``; `` between kinds)."""
        return "; ".join(k.message.text(lang) for k in self.changed)


def stored_log(text: object) -> tuple[tuple[PublishedKind, ...], tuple[Citation, ...]]:
    """The ``rule`` column of an ``audit`` row (JSON ``{"changed": [...], "rules": [{source, section}...]}``): what
    the change did to published rounds and the rules it touches. What it does not name (damaged, or a kind or
    source this version does not know) is left out."""
    try:
        data = json.loads(text)  # type: ignore[arg-type]
    except (TypeError, ValueError, RecursionError):
        return (), ()
    if not isinstance(data, dict):
        return (), ()
    changed = data.get("changed")
    rules = data.get("rules")
    known = {k.value: k for k in PublishedKind}
    kinds = tuple(known[k] for k in changed if isinstance(k, str) and k in known) if isinstance(changed, list) else ()
    found = (citation_from_data(item) for item in rules) if isinstance(rules, list) else ()
    return kinds, tuple(c for c in found if c is not None)


def log_text(kinds: Sequence[PublishedKind], rules: Sequence[Citation]) -> str:
    """What the ``rule`` column holds (see :func:`stored_log`); ``{}`` for an action that changed no published
    round."""
    if not kinds and not rules:
        return "{}"
    return json.dumps({"changed": [k.value for k in kinds], "rules": citations_to_data(tuple(rules))},
                      ensure_ascii=False)


_DAMAGED_LABEL = msg("(an action whose stored name is damaged)")


def stored_label(text: object) -> Label:
    """The name of a ``journal`` or ``audit`` row (JSON, see :func:`label_text`). A file's names are checked when
    it is opened (:func:`storage.validate.label_problems`); one damaged since (by another program) is shown as
    such rather than stopping what reads it."""
    try:
        return message_from_data(json.loads(text))  # type: ignore[arg-type]
    except (TypeError, ValueError, RecursionError):
        return _DAMAGED_LABEL


def label_text(label: Msg) -> str:
    """What the ``label`` column of the journal and the audit holds: the message as JSON (:meth:`Msg.to_data`)."""
    return json.dumps(label.to_data(), ensure_ascii=False)


class _DamagedJournal(Exception):
    def __init__(self, detail: str | Msg, label: Label | None = None) -> None:
        super().__init__(str(detail))
        self.detail = detail
        self.label = label


def _columns(table: str, names: Mapping[str, Any] | tuple[str, ...]) -> list[str]:
    """The names, after checking each is a column of ``table`` (names in SQL never come from data)."""
    known = COLUMN_NAMES.get(table)
    if known is None:
        raise _DamagedJournal(f"unknown table {table!r}")
    out = list(names)
    for name in out:
        if name not in known:
            raise _DamagedJournal(f"unknown column {name!r} of {table}")
    return out


def _where(table: str, pk: Mapping[str, Any]) -> tuple[str, list[Any]]:
    cols = _columns(table, pk)
    if not cols:
        raise _DamagedJournal(f"no key for {table}")
    return " AND ".join(f'"{c}" = ?' for c in cols), [pk[c] for c in cols]


def _fetch(conn: sqlite3.Connection, table: str, pk: Mapping[str, Any]) -> Row | None:
    clause, args = _where(table, pk)
    names = COLUMN_NAMES[table]
    row = conn.execute(f'SELECT {", ".join(chr(34) + n + chr(34) for n in names)} FROM "{table}" WHERE {clause}',
                       args).fetchone()
    return dict(zip(names, row, strict=True)) if row is not None else None


def _insert(conn: sqlite3.Connection, table: str, values: Mapping[str, Any]) -> sqlite3.Cursor:
    cols = _columns(table, values)
    return conn.execute(f'INSERT INTO "{table}" ({", ".join(chr(34) + c + chr(34) for c in cols)}) '
                        f'VALUES ({", ".join("?" for _ in cols)})', [values[c] for c in cols])


def _update(conn: sqlite3.Connection, table: str, pk: Mapping[str, Any], values: Mapping[str, Any]) -> None:
    cols = _columns(table, values)
    if not cols:
        return
    clause, args = _where(table, pk)
    conn.execute(f'UPDATE "{table}" SET {", ".join(chr(34) + c + chr(34) + " = ?" for c in cols)} WHERE {clause}',
                 [values[c] for c in cols] + args)


def _delete(conn: sqlite3.Connection, table: str, pk: Mapping[str, Any]) -> None:
    clause, args = _where(table, pk)
    conn.execute(f'DELETE FROM "{table}" WHERE {clause}', args)


def _name(table: str | type) -> str:
    """A table's SQL name; the SQLAlchemy model classes of ``schema.py`` are accepted too."""
    return table if isinstance(table, str) else str(table.__tablename__)  # type: ignore[attr-defined]


class UnitOfWork:
    """One transaction and its journal of row changes. Tables are named by their SQL name (``"player"``)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.changes: list[dict[str, Any]] = []

    def _pk_of(self, table: str, row: Mapping[str, Any]) -> dict[str, Any]:
        return {c: row[c] for c in PRIMARY_KEYS[table]}

    def insert(self, table: str | type, values: Mapping[str, Any]) -> Row:
        table = _name(table)
        cursor = _insert(self.conn, table, values)
        pk = {c: values[c] for c in PRIMARY_KEYS[table] if c in values}
        if len(pk) < len(PRIMARY_KEYS[table]):  # an INTEGER PRIMARY KEY chosen by SQLite
            pk = {PRIMARY_KEYS[table][0]: cursor.lastrowid}
        row = _fetch(self.conn, table, pk)
        assert row is not None
        self.changes.append({"table": table, "op": "insert", "pk": self._pk_of(table, row),
                             "before": None, "after": row})
        return row

    def update(self, table: str | type, pk: Mapping[str, Any], values: Mapping[str, Any]) -> Row:
        table = _name(table)
        before = _fetch(self.conn, table, pk)
        if before is None:
            raise StateError(msg("Nothing to update in {table} for {key}", table=table, key=dict(pk)))
        _update(self.conn, table, pk, values)
        after = _fetch(self.conn, table, pk)
        self.changes.append({"table": table, "op": "update", "pk": dict(pk), "before": before, "after": after})
        return after or {}

    def delete(self, table: str | type, pk: Mapping[str, Any]) -> None:
        table = _name(table)
        before = _fetch(self.conn, table, pk)
        if before is None:
            return
        _delete(self.conn, table, pk)
        self.changes.append({"table": table, "op": "delete", "pk": dict(pk), "before": before, "after": None})

    def select_rows(self, table: str | type, **where: Any) -> list[Row]:
        table = _name(table)
        names = COLUMN_NAMES[table]
        sql = f'SELECT {", ".join(chr(34) + n + chr(34) for n in names)} FROM "{table}"'
        args: list[Any] = []
        if where:
            clause, args = _where(table, where)
            sql += f" WHERE {clause}"
        return [dict(zip(names, r, strict=True)) for r in self.conn.execute(sql, args)]


def apply_changes(conn: sqlite3.Connection, changes: object, *, inverse: bool) -> None:
    """Apply journal row changes (``inverse``: undo them) on ``conn``, inside the caller's transaction."""
    _apply(conn, changes, inverse=inverse)


def _apply(conn: sqlite3.Connection, changes: object, *, inverse: bool) -> None:
    if not isinstance(changes, list):
        raise _DamagedJournal("not a list of changes")
    sequence = reversed(changes) if inverse else changes
    for change in sequence:
        if not isinstance(change, dict):
            raise _DamagedJournal("a change is not an object")
        table, op = change.get("table"), change.get("op")
        if not isinstance(table, str) or op not in ("insert", "delete", "update"):
            raise _DamagedJournal("a change has no table or operation")
        if inverse:
            op = {"insert": "delete", "delete": "insert", "update": "update"}[op]
            target = change.get("before")
        else:
            target = change.get("after")
        pk = change.get("pk")
        if not isinstance(pk, dict) or (op != "delete" and not isinstance(target, dict)):
            raise _DamagedJournal("a change has no key or no row")
        if op == "insert":
            _insert(conn, table, target)  # type: ignore[arg-type]
        elif op == "delete":
            _delete(conn, table, pk)
        else:
            _update(conn, table, pk, target)  # type: ignore[arg-type]


_NEXT_ENTRY = {True: "WHERE undone = 0 ORDER BY id DESC LIMIT 1", False: "WHERE undone = 1 ORDER BY id ASC LIMIT 1"}
"""The journal entry undo (True) or redo (False) works on."""
_NO_LABEL = Msg("")


class Repository:
    """Reads and writes one event file (see the module's docstring for its connection).

    The last state read is kept and returned again while ``PRAGMA data_version`` says nothing changed, so an
    action that reads the state and then writes reads it once. It is also the *last known state*
    :meth:`last_known` hands to a rescue when the file vanishes.
    """

    def __init__(self, path: Path, *, readonly: bool = False, arbiter: str = "",
                 identity: tuple[int, int] | None = None) -> None:
        self.path = path
        self.readonly = readonly
        self.arbiter = arbiter
        self.identity = identity
        """(st_dev, st_ino) of the file when opened; a write refuses to go to a file that is no longer there."""
        self._reader: sqlite3.Connection | None = None
        self._writer: sqlite3.Connection | None = None
        self._lock = threading.RLock()
        self._cache: tuple[int, EventState, dict[str, str]] | None = None
        self._last: tuple[EventState, dict[str, str]] | None = None
        self._seen_version: int | None = None
        self._stat_token: tuple[int, ...] | None = None
        self._stat_bump = 0
        self._writes = 0
        self._pending: list[tuple[list[dict[str, Any]], bool]] = []
        """Row changes committed since the last state was read, so the last known state plus these is the file's
        content (what a rescue writes when the file cannot be read any more)."""

    # -- connections ---------------------------------------------------------------------------------------
    def _conn(self) -> sqlite3.Connection:
        """The connection reads go through: the writer itself for a session open for writing (one connection
        per open file, as few as SQLite needs), a read-only one otherwise."""
        if not self.readonly:
            return self._wconn()
        if self._reader is None:
            self._reader = connect(self.path, "ro")
        return self._reader

    def _wconn(self) -> sqlite3.Connection:
        if self._writer is None:
            self._writer = connect_writer(self.path)
        return self._writer

    def reader_connection(self) -> sqlite3.Connection:
        """The open connection (it keeps a deleted file's content reachable until closed)."""
        with self._lock:
            return self._conn()

    def close(self) -> None:
        with self._lock:
            for conn in (self._reader, self._writer):
                if conn is not None:
                    with contextlib.suppress(sqlite3.Error):
                        conn.close()
            self._reader = self._writer = None

    # -- following changes -------------------------------------------------------------------------------
    def data_version(self) -> int:
        """A number that changes whenever the file changed since the last call could have seen it: another
        connection or process committed (SQLite's ``PRAGMA data_version``), this repository wrote, or — for a
        file read as immutable in a write-protected folder — its size or modification time changed."""
        with self._lock:
            try:
                version = int(self._conn().execute("PRAGMA data_version").fetchone()[0])
            except SQLITE_ERRORS as exc:
                raise file_error(exc, self.path) from exc
            if self.readonly:
                token = self._file_token()
                if self._stat_token is not None and token != self._stat_token:
                    self._stat_bump += 1
                self._stat_token = token
            # data_version does not change for this connection's own commits: they are counted in _writes
            return version + (self._writes << 24) + (self._stat_bump << 48)

    def _file_token(self) -> tuple[int, ...]:
        out: list[int] = []
        for p in (self.path, self.path.with_name(self.path.name + "-wal")):
            try:
                st = p.stat()
                out += [st.st_size, st.st_mtime_ns]
            except OSError:
                out += [-1, -1]
        return tuple(out)

    def has_changed(self) -> bool:
        """True when the file changed since this repository last read the state (another window or process
        wrote to it): a read-only view should reload and redraw."""
        if self._seen_version is None:
            return True
        return self.data_version() != self._seen_version

    # -- reading ---------------------------------------------------------------------------------------------
    def load_state(self) -> EventState:
        """The whole event as core dataclasses, every row checked (:mod:`storage.validate`); read again only
        when the file changed. A damaged file raises :class:`EventFileDamagedError` naming what is wrong."""
        with self._lock:
            self.check_still_there()
            version = self.data_version()
            if self._cache is not None and self._cache[0] == version:
                return self._cache[1]
            conn = self._conn()
            try:
                conn.execute("BEGIN")
                try:
                    user_version = conn.execute("PRAGMA user_version").fetchone()[0]
                    state = read_state(conn, version=user_version, labels=self._last is None)  # labels: at open
                    meta = read_meta(conn)
                finally:
                    conn.execute("COMMIT")
            except DamagedContent as exc:
                raise EventFileDamagedError(self.path, exc.problems) from None
            except SQLITE_ERRORS as exc:
                raise file_error(exc, self.path) from exc
            self._cache = (version, state, meta)
            self._last = (state, meta)
            self._pending = []
            self._seen_version = version
            return state

    def set_private_meta(self, key: str, value: str | None) -> None:
        """Write (or remove, with None) a meta entry that is not part of the event (the lock's owner record, the
        newest program that wrote the file), outside the undo journal, through the writer; the state read before
        stays valid."""
        with self._lock:
            with self._transaction(count=False) as conn:
                if value is None:
                    conn.execute("DELETE FROM meta WHERE key = ?", (key,))
                else:
                    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))
            if not key.startswith(LOCK_META_PREFIX):  # the meta data read before now holds it too
                for kept in (self._cache[2] if self._cache else None, self._last[1] if self._last else None):
                    if kept is None:
                        continue
                    if value is None:
                        kept.pop(key, None)
                    else:
                        kept[key] = value

    def last_known(self) -> tuple[EventState, dict[str, str], list[tuple[list[dict[str, Any]], bool]]] | None:
        """The last state (and meta data) read from the file, and the row changes committed since (each with
        ``inverse``: True for an undo): together, everything acknowledged, even if the file is gone."""
        with self._lock:
            return None if self._last is None else (*self._last, list(self._pending))

    def meta(self) -> dict[str, str]:
        with self._lock:
            self.load_state()
            assert self._cache is not None
            return dict(self._cache[2])

    def journal(self) -> list[JournalEntry]:
        with self._lock:
            try:
                rows = self._conn().execute("SELECT id, label, undone FROM journal ORDER BY id").fetchall()
            except SQLITE_ERRORS as exc:
                raise file_error(exc, self.path) from exc
        return [JournalEntry(i, stored_label(label), bool(u)) for i, label, u in rows]

    def next_step(self, *, undo: bool) -> JournalEntry | None:
        """The entry :meth:`undo` would undo (the latest one done), or :meth:`redo` would redo (the earliest one
        undone); None when there is none."""
        with self._lock:
            try:
                row = self._conn().execute(f"SELECT id, label FROM journal {_NEXT_ENTRY[undo]}").fetchone()
            except SQLITE_ERRORS as exc:
                raise file_error(exc, self.path) from exc
        return None if row is None else JournalEntry(row[0], stored_label(row[1]), not undo)

    def audit_log(self) -> list[AuditEntry]:
        with self._lock:
            try:
                rows = self._conn().execute("SELECT at, arbiter, kind, label, reason, rule, journal_id FROM audit "
                                            "ORDER BY id").fetchall()
            except SQLITE_ERRORS as exc:
                raise file_error(exc, self.path) from exc
        out = []
        for a, b, k, label, reason, rule, journal in rows:
            changed, rules = stored_log(rule)
            out.append(AuditEntry(float(a), str(b), str(k), stored_label(label), str(reason or ""), changed, rules,
                                  journal if isinstance(journal, int) else None))
        return out

    # -- writing -----------------------------------------------------------------------------------------------
    def check_still_there(self) -> None:
        """Refuse to write to a file that was moved, renamed, deleted or replaced since it was opened."""
        if self.identity is None:
            return
        try:
            st = os.stat(self.path)
        except OSError:
            raise EventFileVanishedError(self.path) from None
        if (st.st_dev, st.st_ino) != self.identity:
            raise EventFileVanishedError(self.path)

    @contextmanager
    def _transaction(self, *, count: bool = True) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` on the writer; any error rolls back and is explained. ``count``:
        the commit changes the event (the state read before is stale)."""
        if self.readonly:
            raise EventFileError(msg("This event is open read-only"))
        with self._lock:
            self.check_still_there()
            try:
                conn = self._wconn()
                conn.execute("BEGIN IMMEDIATE")
            except SQLITE_ERRORS as exc:
                raise file_error(exc, self.path) from exc
            try:
                yield conn
                conn.execute("COMMIT")
                if count:
                    self._writes += 1
            except BaseException as exc:
                if conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.IntegrityError):
                    raise StateError(msg("The change was refused by the event file: {exc}", exc=exc)) from exc
                if isinstance(exc, SQLITE_ERRORS):
                    raise file_error(exc, self.path) from exc
                raise

    def _audit(self, conn: sqlite3.Connection, kind: str, label: str, journal_id: int | None, reason: str = "",
               rules: str = "{}") -> None:
        conn.execute("INSERT INTO audit (at, arbiter, kind, label, journal_id, reason, rule) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?)",
                     (time.time(), self.arbiter, kind, label, journal_id, reason, rules))

    @contextmanager
    def action(self, label: Msg, *, reason: str = "", changed: Sequence[PublishedKind] = (),
               rules: Sequence[Citation] = ()) -> Iterator[UnitOfWork]:
        """One user action: one transaction, one journal entry (if anything changed). The journal and the audit
        log keep the action's name as the message ``label`` (its id and fields, :func:`label_text`): it is shown
        in the reader's language when read. A change to a published round also leaves the arbiter's ``reason``
        and what it ``changed`` and the ``rules`` it touches in the audit log (the arbiter's log)."""
        stored = label_text(label)
        log = log_text(changed, rules)
        with self._lock:
            with self._transaction() as conn:
                uow = UnitOfWork(conn)
                yield uow
                if uow.changes:
                    conn.execute("DELETE FROM journal WHERE undone = 1")
                    cursor = conn.execute("INSERT INTO journal (label, at, undone, changes) VALUES (?, ?, 0, ?)",
                                          (stored, time.time(), json.dumps(uow.changes)))
                    self._audit(conn, "do", stored, cursor.lastrowid, reason, log)
            if uow.changes:  # committed: kept for a rescue (see last_known)
                self._pending.append((uow.changes, False))

    def clear_journal(self) -> None:
        """Forget the undo history (used once, after creating the event: creating it is not undoable)."""
        with self._transaction() as conn:
            conn.execute("DELETE FROM journal")

    def _journal_step(self, *, undo: bool) -> JournalEntry | None:
        try:
            with self._lock:
                with self._transaction() as conn:
                    found = self._step(conn, undo=undo)
                if found is None:
                    return None
                entry, changes = found
                self._pending.append((changes, undo))  # committed: kept for a rescue (see last_known)
                return entry
        except _DamagedJournal as exc:
            label = exc.label if exc.label is not None else _NO_LABEL
            if undo:
                message = msg("The undo record of '{label}' is damaged ({detail}); the action cannot be undone. "
                              "Nothing was changed", label=label, detail=exc.detail)
            else:
                message = msg("The undo record of '{label}' is damaged ({detail}); the action cannot be redone. "
                              "Nothing was changed", label=label, detail=exc.detail)
            raise EventFileError(message) from None

    def _step(self, conn: sqlite3.Connection, *, undo: bool) -> tuple[JournalEntry, Any] | None:
        row = conn.execute(f"SELECT id, label, changes FROM journal {_NEXT_ENTRY[undo]}").fetchone()
        if row is None:
            return None
        entry_id, stored, label = row[0], row[1], stored_label(row[1])
        try:
            changes = json.loads(row[2])
            _apply(conn, changes, inverse=undo)
        except _DamagedJournal as exc:
            exc.label = label
            raise
        except (ValueError, TypeError, RecursionError, sqlite3.IntegrityError, sqlite3.InterfaceError,
                sqlite3.ProgrammingError) as exc:
            raise _DamagedJournal(type(exc).__name__, label) from None
        # The journal is data like any other: what it restored must be a valid event.
        try:
            read_state(conn)
        except DamagedContent as exc:
            raise _DamagedJournal(exc.problems[0], label) from None
        conn.execute("UPDATE journal SET undone = ? WHERE id = ?", (1 if undo else 0, entry_id))
        done = conn.execute("SELECT reason, rule FROM audit WHERE journal_id = ? AND kind = 'do' ORDER BY id DESC "
                            "LIMIT 1", (entry_id,)).fetchone()  # the change's own reason and rules, kept with it
        reason, rules = (str(done[0] or ""), str(done[1] or "{}")) if done else ("", "{}")
        self._audit(conn, "undo" if undo else "redo", stored, entry_id, reason, rules)
        return JournalEntry(entry_id, label, undo), changes

    def undo(self) -> JournalEntry | None:
        """Undo the latest action still done; None when there is nothing to undo."""
        return self._journal_step(undo=True)

    def redo(self) -> JournalEntry | None:
        """Redo the earliest undone action; None when there is nothing to redo."""
        return self._journal_step(undo=False)


def write_event(uow: UnitOfWork, event: Event, *, create: bool) -> None:
    values = mapping.event_to_row(event)
    if create:
        uow.insert("event", {"id": 1, **values})
    else:
        uow.update("event", {"id": 1}, values)


def write_player(uow: UnitOfWork, player: Player, *, create: bool) -> int:
    values = mapping.player_to_row(player)
    if create:
        values.pop("id")
        row = uow.insert("player", values)
        player_id = int(row["id"])
    else:
        player_id = player.id
        uow.update("player", {"id": player_id}, {k: v for k, v in values.items() if k != "id"})
    existing = {r["system"]: r for r in uow.select_rows("player_rating", player_id=player_id)}
    wanted = dict(player.ratings)
    for system in existing.keys() - wanted.keys():
        uow.delete("player_rating", {"player_id": player_id, "system": system})
    for system, value in wanted.items():
        if system not in existing:
            uow.insert("player_rating", {"player_id": player_id, "system": system, "value": value})
        elif existing[system]["value"] != value:
            uow.update("player_rating", {"player_id": player_id, "system": system}, {"value": value})
    return player_id


def delete_player(uow: UnitOfWork, player_id: int) -> None:
    for r in uow.select_rows("player_rating", player_id=player_id):
        uow.delete("player_rating", {"player_id": player_id, "system": r["system"]})
    uow.delete("player", {"id": player_id})


def write_round(uow: UnitOfWork, rnd: Round) -> None:
    """Store a newly paired round (its boards and byes)."""
    uow.insert("round", {"number": rnd.number})
    for g in rnd.games:
        uow.insert("game", mapping.game_to_row(g))
    for b in rnd.byes:
        uow.insert("bye", mapping.bye_to_row(b))


def delete_round(uow: UnitOfWork, number: int) -> None:
    for r in uow.select_rows("game", round=number):
        uow.delete("game", {"id": r["id"]})
    for r in uow.select_rows("bye", round=number):
        uow.delete("bye", {"id": r["id"]})
    uow.delete("round", {"number": number})


def set_game_result(uow: UnitOfWork, game: Game) -> None:
    rows = uow.select_rows("game", round=game.round, board=game.board)
    if not rows:
        raise StateError(msg("Round {round} has no board {board}", round=game.round, board=game.board))
    values = mapping.game_to_row(game)
    uow.update("game", {"id": rows[0]["id"]},
               {k: values[k] for k in ("result", "white_points", "black_points")})


def set_bye(uow: UnitOfWork, bye: Bye) -> None:
    rows = uow.select_rows("bye", round=bye.round, player_id=bye.player_id)
    if rows:
        uow.update("bye", {"id": rows[0]["id"]}, {"kind": bye.kind.value})
    else:
        uow.insert("bye", mapping.bye_to_row(bye))


def remove_bye(uow: UnitOfWork, round_number: int, player_id: int) -> None:
    for r in uow.select_rows("bye", round=round_number, player_id=player_id):
        uow.delete("bye", {"id": r["id"]})


def write_meta(uow: UnitOfWork, key: str, value: str) -> None:
    if uow.select_rows("meta", key=key):
        uow.update("meta", {"key": key}, {"value": value})
    else:
        uow.insert("meta", {"key": key, "value": value})
