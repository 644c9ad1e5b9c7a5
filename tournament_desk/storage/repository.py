"""The only home of SQL. Every user action runs in one :class:`UnitOfWork` (one transaction) that records
its row changes in the ``journal`` table, so that undo and redo survive a restart of the program.

The journal is generic: each change is ``{table, op, pk, before, after}`` with plain JSON rows; undo applies
the inverse changes in reverse order, redo applies them again. A new action drops the undone entries
(the redo stack), as every editor does.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, Table, and_, delete, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError

from tournament_desk.core.errors import EventFileError, StateError
from tournament_desk.core.model import Bye, Event, EventState, Game, Player, Round
from tournament_desk.storage import mapping
from tournament_desk.storage.schema import (
    AuditRow,
    ByeRequestRow,
    ByeRow,
    EventRow,
    ForbiddenPairRow,
    GameRow,
    JournalRow,
    MetaRow,
    OptionRow,
    PlayerRatingRow,
    PlayerRow,
    RoundRow,
    TopCutPlayoffRow,
    TopCutRow,
)

Row = dict[str, Any]


@dataclass(frozen=True, slots=True)
class JournalEntry:
    id: int
    label_en: str
    label_fr: str
    undone: bool


@dataclass(frozen=True, slots=True)
class AuditEntry:
    at: float
    """POSIX time of the change."""
    arbiter: str
    kind: str
    """``do``, ``undo`` or ``redo``."""
    label_en: str
    label_fr: str


def _table(model: type) -> Table:
    return model.__table__  # type: ignore[attr-defined,no-any-return]


def _pk_clause(table: Table, pk: Mapping[str, Any]) -> Any:
    return and_(*(table.c[k] == v for k, v in pk.items()))


class UnitOfWork:
    """One transaction and its journal of row changes."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.changes: list[dict[str, Any]] = []

    # -- generic row operations, recorded for undo ---------------------------------------------------
    def _pk_of(self, table: Table, row: Mapping[str, Any]) -> dict[str, Any]:
        return {c.name: row[c.name] for c in table.primary_key.columns}

    def _fetch(self, table: Table, pk: Mapping[str, Any]) -> Row | None:
        found = self.conn.execute(select(table).where(_pk_clause(table, pk))).mappings().first()
        return dict(found) if found is not None else None

    def insert(self, model: type, values: Mapping[str, Any]) -> Row:
        table = _table(model)
        result = self.conn.execute(insert(table).values(**values))
        pk = dict(values)
        for col, key in zip(table.primary_key.columns, result.inserted_primary_key or (), strict=False):
            pk[col.name] = key
        row = self._fetch(table, self._pk_of(table, pk))
        assert row is not None
        self.changes.append({"table": table.name, "op": "insert", "pk": self._pk_of(table, row),
                             "before": None, "after": row})
        return row

    def update(self, model: type, pk: Mapping[str, Any], values: Mapping[str, Any]) -> Row:
        table = _table(model)
        before = self._fetch(table, pk)
        if before is None:
            raise StateError(f"Nothing to update in {table.name} for {dict(pk)}",
                             f"Rien à modifier dans {table.name} pour {dict(pk)}")
        self.conn.execute(update(table).where(_pk_clause(table, pk)).values(**values))
        after = self._fetch(table, pk)
        self.changes.append({"table": table.name, "op": "update", "pk": dict(pk),
                             "before": before, "after": after})
        return after or {}

    def delete(self, model: type, pk: Mapping[str, Any]) -> None:
        table = _table(model)
        before = self._fetch(table, pk)
        if before is None:
            return
        self.conn.execute(delete(table).where(_pk_clause(table, pk)))
        self.changes.append({"table": table.name, "op": "delete", "pk": dict(pk),
                             "before": before, "after": None})

    def select_rows(self, model: type, **where: Any) -> list[Row]:
        table = _table(model)
        stmt = select(table)
        for key, value in where.items():
            stmt = stmt.where(table.c[key] == value)
        return [dict(r) for r in self.conn.execute(stmt).mappings()]


def _apply(conn: Connection, changes: list[dict[str, Any]], *, inverse: bool) -> None:
    from tournament_desk.storage.schema import TABLES_BY_NAME

    sequence = reversed(changes) if inverse else changes
    for change in sequence:
        table = TABLES_BY_NAME[change["table"]]
        op = change["op"]
        if inverse:
            op = {"insert": "delete", "delete": "insert", "update": "update"}[op]
            target = change["before"]
        else:
            target = change["after"]
        if op == "insert":
            conn.execute(insert(table).values(**target))
        elif op == "delete":
            conn.execute(delete(table).where(_pk_clause(table, change["pk"])))
        else:
            conn.execute(update(table).where(_pk_clause(table, change["pk"])).values(**target))


class Repository:
    """Reads and writes one event file."""

    def __init__(self, engine: Engine, *, readonly: bool = False, arbiter: str = "") -> None:
        self.engine = engine
        self.readonly = readonly
        self.arbiter = arbiter

    def _audit(self, conn: Connection, kind: str, label_en: str, label_fr: str, journal_id: int | None) -> None:
        conn.execute(insert(_table(AuditRow)).values(
            at=time.time(), arbiter=self.arbiter, kind=kind, label_en=label_en, label_fr=label_fr,
            journal_id=journal_id))

    def close(self) -> None:
        self.engine.dispose()

    # -- transactions ---------------------------------------------------------------------------------
    @contextmanager
    def action(self, label_en: str, label_fr: str) -> Iterator[UnitOfWork]:
        """One user action: one transaction, one journal entry (if anything changed)."""
        if self.readonly:
            raise EventFileError("This event is open read-only", "Ce tournoi est ouvert en lecture seule")
        try:
            with self.engine.begin() as conn:
                uow = UnitOfWork(conn)
                yield uow
                if uow.changes:
                    conn.execute(delete(_table(JournalRow)).where(_table(JournalRow).c.undone.is_(True)))
                    inserted = conn.execute(insert(_table(JournalRow)).values(
                        label_en=label_en, label_fr=label_fr, at=time.time(), undone=False,
                        changes=json.dumps(uow.changes),
                    ))
                    self._audit(conn, "do", label_en, label_fr, inserted.inserted_primary_key[0])
        except OperationalError as exc:
            raise _file_error(exc) from exc
        except IntegrityError as exc:
            raise StateError(f"The change was refused by the event file: {exc.orig}",
                             f"Le fichier de tournoi a refusé la modification : {exc.orig}") from exc

    def _journal_step(self, *, undo: bool) -> JournalEntry | None:
        if self.readonly:
            raise EventFileError("This event is open read-only", "Ce tournoi est ouvert en lecture seule")
        try:
            return self._journal_step_unchecked(undo=undo)
        except OperationalError as exc:
            raise _file_error(exc) from exc

    def _journal_step_unchecked(self, *, undo: bool) -> JournalEntry | None:
        jt = _table(JournalRow)
        with self.engine.begin() as conn:
            if undo:
                stmt = select(jt).where(jt.c.undone.is_(False)).order_by(jt.c.id.desc()).limit(1)
            else:
                stmt = select(jt).where(jt.c.undone.is_(True)).order_by(jt.c.id.asc()).limit(1)
            row = conn.execute(stmt).mappings().first()
            if row is None:
                return None
            _apply(conn, json.loads(row["changes"]), inverse=undo)
            conn.execute(update(jt).where(jt.c.id == row["id"]).values(undone=undo))
            self._audit(conn, "undo" if undo else "redo", row["label_en"], row["label_fr"], row["id"])
            return JournalEntry(row["id"], row["label_en"], row["label_fr"], undo)

    def undo(self) -> JournalEntry | None:
        """Undo the latest action still done; None when there is nothing to undo."""
        return self._journal_step(undo=True)

    def redo(self) -> JournalEntry | None:
        """Redo the earliest undone action; None when there is nothing to redo."""
        return self._journal_step(undo=False)

    def audit_log(self) -> list[AuditEntry]:
        at = _table(AuditRow)
        with self.engine.connect() as conn:
            rows = conn.execute(select(at).order_by(at.c.id)).mappings().all()
        return [AuditEntry(r["at"], r["arbiter"], r["kind"], r["label_en"], r["label_fr"]) for r in rows]

    def journal(self) -> list[JournalEntry]:
        jt = _table(JournalRow)
        with self.engine.connect() as conn:
            rows = conn.execute(select(jt).order_by(jt.c.id)).mappings().all()
        return [JournalEntry(r["id"], r["label_en"], r["label_fr"], bool(r["undone"])) for r in rows]

    # -- reading ------------------------------------------------------------------------------------------
    def load_state(self) -> EventState:
        """The whole event as core dataclasses (events are small: a few hundred rows)."""
        try:
            with self.engine.connect() as conn:
                event_row = conn.execute(select(_table(EventRow))).mappings().first()
                if event_row is None:
                    raise EventFileError("The event file holds no event", "Le fichier ne contient aucun tournoi")
                ratings: dict[int, list[tuple[str, int]]] = {}
                for r in conn.execute(select(_table(PlayerRatingRow))).mappings():
                    ratings.setdefault(r["player_id"], []).append((r["system"], r["value"]))
                players = tuple(
                    mapping.player_from_row(dict(r), ratings.get(r["id"], []))
                    for r in conn.execute(select(_table(PlayerRow)).order_by(_table(PlayerRow).c.id)).mappings()
                )
                games: dict[int, list[Game]] = {}
                gt = _table(GameRow)
                for r in conn.execute(select(gt).order_by(gt.c.round, gt.c.board)).mappings():
                    games.setdefault(r["round"], []).append(mapping.game_from_row(dict(r)))
                byes: dict[int, list[Bye]] = {}
                bt = _table(ByeRow)
                for r in conn.execute(select(bt).order_by(bt.c.round, bt.c.player_id)).mappings():
                    byes.setdefault(r["round"], []).append(mapping.bye_from_row(dict(r)))
                numbers = conn.execute(select(_table(RoundRow).c.number).order_by("number")).scalars().all()
                rt = _table(ByeRequestRow)
                requests = tuple(mapping.request_from_row(dict(r)) for r in conn.execute(
                    select(rt).order_by(rt.c.round, rt.c.player_id)).mappings())
                ft = _table(ForbiddenPairRow)
                pairs = tuple((r.player_a, r.player_b) for r in conn.execute(
                    select(ft).order_by(ft.c.player_a, ft.c.player_b)))
                cut_row = conn.execute(select(_table(TopCutRow))).mappings().first()
                top_cut = None
                if cut_row is not None:
                    playoffs = [dict(r) for r in conn.execute(select(_table(TopCutPlayoffRow))).mappings()]
                    top_cut = mapping.top_cut_from_rows(dict(cut_row), playoffs)
                ot = _table(OptionRow)
                options = tuple((r.key, r.value) for r in conn.execute(select(ot).order_by(ot.c.key)))
        except OperationalError as exc:
            raise _file_error(exc) from exc
        rounds = tuple(Round(n, tuple(games.get(n, [])), tuple(byes.get(n, []))) for n in numbers)
        return EventState(mapping.event_from_row(dict(event_row)), players, rounds, requests, pairs, top_cut,
                          options)

    def meta(self) -> dict[str, str]:
        with self.engine.connect() as conn:
            return {r.key: r.value for r in conn.execute(select(_table(MetaRow)))}


def write_event(uow: UnitOfWork, event: Event, *, create: bool) -> None:
    values = mapping.event_to_row(event)
    if create:
        uow.insert(EventRow, {"id": 1, **values})
    else:
        uow.update(EventRow, {"id": 1}, values)


def write_player(uow: UnitOfWork, player: Player, *, create: bool) -> int:
    values = mapping.player_to_row(player)
    if create:
        values.pop("id")
        row = uow.insert(PlayerRow, values)
        player_id = int(row["id"])
    else:
        player_id = player.id
        uow.update(PlayerRow, {"id": player_id}, {k: v for k, v in values.items() if k != "id"})
    existing = {r["system"]: r for r in uow.select_rows(PlayerRatingRow, player_id=player_id)}
    wanted = dict(player.ratings)
    for system in existing.keys() - wanted.keys():
        uow.delete(PlayerRatingRow, {"player_id": player_id, "system": system})
    for system, value in wanted.items():
        if system not in existing:
            uow.insert(PlayerRatingRow, {"player_id": player_id, "system": system, "value": value})
        elif existing[system]["value"] != value:
            uow.update(PlayerRatingRow, {"player_id": player_id, "system": system}, {"value": value})
    return player_id


def delete_player(uow: UnitOfWork, player_id: int) -> None:
    for r in uow.select_rows(PlayerRatingRow, player_id=player_id):
        uow.delete(PlayerRatingRow, {"player_id": player_id, "system": r["system"]})
    uow.delete(PlayerRow, {"id": player_id})


def write_round(uow: UnitOfWork, rnd: Round) -> None:
    """Store a newly paired round (its boards and byes)."""
    uow.insert(RoundRow, {"number": rnd.number})
    for g in rnd.games:
        uow.insert(GameRow, mapping.game_to_row(g))
    for b in rnd.byes:
        uow.insert(ByeRow, mapping.bye_to_row(b))


def delete_round(uow: UnitOfWork, number: int) -> None:
    for r in uow.select_rows(GameRow, round=number):
        uow.delete(GameRow, {"id": r["id"]})
    for r in uow.select_rows(ByeRow, round=number):
        uow.delete(ByeRow, {"id": r["id"]})
    uow.delete(RoundRow, {"number": number})


def set_game_result(uow: UnitOfWork, game: Game) -> None:
    rows = uow.select_rows(GameRow, round=game.round, board=game.board)
    if not rows:
        raise StateError(f"Round {game.round} has no board {game.board}",
                         f"La ronde {game.round} n'a pas de table {game.board}")
    values = mapping.game_to_row(game)
    uow.update(GameRow, {"id": rows[0]["id"]},
               {k: values[k] for k in ("result", "white_points", "black_points")})


def set_bye(uow: UnitOfWork, bye: Bye) -> None:
    rows = uow.select_rows(ByeRow, round=bye.round, player_id=bye.player_id)
    if rows:
        uow.update(ByeRow, {"id": rows[0]["id"]}, {"kind": bye.kind.value})
    else:
        uow.insert(ByeRow, mapping.bye_to_row(bye))


def remove_bye(uow: UnitOfWork, round_number: int, player_id: int) -> None:
    for r in uow.select_rows(ByeRow, round=round_number, player_id=player_id):
        uow.delete(ByeRow, {"id": r["id"]})


def write_meta(uow: UnitOfWork, key: str, value: str) -> None:
    if uow.select_rows(MetaRow, key=key):
        uow.update(MetaRow, {"key": key}, {"value": value})
    else:
        uow.insert(MetaRow, {"key": key, "value": value})


def _file_error(exc: OperationalError) -> EventFileError:
    text = str(exc.orig).lower()
    if "locked" in text or "busy" in text:
        return EventFileError("The event file is being written by another program; try again",
                              "Le fichier de tournoi est en cours d'écriture par un autre programme ; réessayez")
    if "readonly" in text or "read-only" in text:
        return EventFileError("The event file is read-only (write-protected folder or USB stick?)",
                              "Le fichier de tournoi est en lecture seule (dossier ou clé USB protégé ?)")
    if "disk" in text and ("full" in text or "i/o" in text):
        return EventFileError("Cannot write to the disk (full or removed?); nothing was lost",
                              "Impossible d'écrire sur le disque (plein ou retiré ?) ; rien n'est perdu")
    return EventFileError(f"Event file error: {exc.orig}", f"Erreur du fichier de tournoi : {exc.orig}")
