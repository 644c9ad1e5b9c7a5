"""Fuzzing the event-file opener: damage an event file in ways ``PRAGMA quick_check`` accepts, then open it and
run the first actions a user would. Each case must open and work, or stop with a :class:`TournamentError`
(a named, bilingual message) — never a traceback, never a hang. :func:`run_bytes_case` damages the file's bytes
instead (a bad sector, a bad copy: bits flipped anywhere, which SQLite may or may not notice; issue 27 found a
damaged schema whose SQLite message is not UTF-8 that way).

Shared by ``tests/storage/test_fuzz_event_file.py`` (a short hypothesis run in the suite) and
``benchmarks/fuzz_inputs.py`` (the long run, with counts). A case is a list of :data:`Mutation` applied with
``foreign_keys=OFF`` through plain SQLite — the damage another tool, a bad sync or a hand edit can do.
"""

from __future__ import annotations

import datetime as dt
import random
import shutil
import sqlite3
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tournament_desk.core.errors import TournamentError
from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import (
    AddPlayer,
    AddPlayers,
    RecordBye,
    RecordResult,
    RequestBye,
    SetForbiddenPair,
    SetOption,
)
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.roundrobin import assign_numbers
from tournament_desk.services.session import EventSession
from tournament_desk.storage.tables import COLUMN_NAMES

VALUES: tuple[Any, ...] = (
    None, 0, 1, 2, -1, 7, 99, 100, 10**9, -(10**12), 2**63 - 1, 0.5, 1e308, float("nan"), float("inf"), "", " ",
    "x", "A" * 150, "A" * 10000, "1-0", "0-1", "1/2-1/2", "0fe-2fe", "0r", "zz", "pab", "hpb", "win", "0fe",
    "0fne", "M", "F", "Q", "dutch", "round-robin", "knockout", "chess", "draughts", "ffjd", "fide", "none",
    "2026-02-30", "2026-01-01", "1999-12-31", "[", "[]", "{}", '["BH", "SB"]', '["X1"]', '[1, 2]', "null",
    '{"name": "chess", "win": 1}', '{"name": 3}', '{"name":"c","win":1,"draw":0.5,"loss":0,"forfeit_win":1,'
    '"forfeit_loss":0,"pairing_bye":1,"half_bye":0.5,"full_bye":1}', '{"name":"c","win":NaN}', "[" * 5000,
    "seed003", "fide2023", "bogus", b"\x00\xff", b"", "\x00", "a\nb", "é" * 30, "0003", "white", "black",
)

OPTION_KEYS = ("ffjd.cadence", "ffjd.k", "elo.floor", "scrabble.cap", "topcut.size", "rules.edition", "lang",
               "tiebreak.preset", "")


@dataclass(frozen=True)
class Mutation:
    kind: str
    """``set`` (one cell), ``delete`` (one row), ``copy`` (duplicate a row), ``option`` (an event option),
    ``journal`` (the undo record), ``schema`` (a table or column removed), ``pragma`` (the schema version)."""
    table: str = ""
    column: str = ""
    pick: int = 0
    value: Any = None


def make_base(folder: Path, system: PairingSystem = PairingSystem.DUTCH) -> Path:
    """A small, real event: 12 players registered in random order, 3 complete rounds with byes, ratings,
    options and an undo history (an undone correction)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"base-{system.value}.tdesk"
    if path.exists():
        return path
    rng = random.Random(7)
    discipline = Discipline.DRAUGHTS if system.is_round_robin else Discipline.CHESS
    event = Event.for_discipline("Open de fuzz", discipline, system=system, rounds=11 if system.is_round_robin
                                 else 5, start_date=dt.date(2026, 5, 1), arbiters=("Arbitre Un",),
                                 tiebreaks=("BH", "SB"))
    names = [f"Joueur{i:02d}" for i in range(12)]
    rng.shuffle(names)
    with EventSession.create(path, event, arbiter="fuzz") as s:
        s.run(AddPlayers([{"surname": n, "first_name": "Zoé", "ratings": (("fide", 1400 + 37 * i), ("ffjd", 900 + i)),
                        "birth_date": dt.date(1990 + i, 1 + i % 12, 1 + i)} for i, n in enumerate(names)]))
        if system.is_round_robin:
            assign_numbers(s, "rating")
        else:
            s.run(SetOption("dutch.initial_colour", "white"))
        results = (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN, GameResult.BLACK_FORFEIT_WIN_EXCUSED)
        for _ in range(3):
            rnd = pair_next(s).payload.round
            for g in rnd.games:
                s.run(RecordResult(rnd.number, g.board, rng.choice(results)))
        s.run(RecordBye(3, s.players()[-1].id, Outcome.HALF_BYE)) if not s.state().round(3).entry_of(
            s.players()[-1].id) else None
        s.run(RecordResult(3, 1, GameResult.DRAW, replace=True))
        s.undo()
        ids = [p.id for p in s.players()]
        if not system.is_round_robin:
            s.run(RequestBye(4, ids[3], "hpb"))
        s.run(SetForbiddenPair(ids[0], ids[5]))
        s.run(SetOption("ffjd.cadence", "slow"))
    for backup in (folder / "backups").rglob("*.tdesk"):  # the fuzz cases must not find good backups
        backup.unlink()
    return path


def random_mutations(rng: random.Random, count: int) -> list[Mutation]:
    out = []
    tables = [t for t in COLUMN_NAMES if t not in ("audit",)]
    for _ in range(count):
        roll = rng.random()
        table = rng.choice(tables)
        if roll < 0.62:
            out.append(Mutation("set", table, rng.choice(COLUMN_NAMES[table]), rng.randrange(1000),
                                rng.choice(VALUES)))
        elif roll < 0.74:
            out.append(Mutation("delete", table, pick=rng.randrange(1000)))
        elif roll < 0.82:
            out.append(Mutation("copy", table, rng.choice(COLUMN_NAMES[table]), rng.randrange(1000),
                                rng.choice(VALUES)))
        elif roll < 0.9:
            out.append(Mutation("option", column=rng.choice(OPTION_KEYS), value=rng.choice(VALUES)))
        elif roll < 0.95:
            out.append(Mutation("journal", pick=rng.randrange(1000), value=rng.choice(VALUES)))
        elif roll < 0.98:
            out.append(Mutation("schema", table, rng.choice(COLUMN_NAMES[table]), pick=rng.randrange(2)))
        else:
            out.append(Mutation("pragma", value=rng.choice((0, 1, 2, 3, 4, -1))))
    return out


def _rowids(conn: sqlite3.Connection, table: str) -> list[int]:
    return [r[0] for r in conn.execute(f'SELECT rowid FROM "{table}" ORDER BY rowid')]


def apply(path: Path, mutations: list[Mutation]) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA foreign_keys=OFF")
        for m in mutations:
            try:
                _apply_one(conn, m)
            except sqlite3.Error:
                pass  # a constraint the database itself enforces (NOT NULL, UNIQUE): not a reachable state
    finally:
        conn.close()


def _apply_one(conn: sqlite3.Connection, m: Mutation) -> None:
    if m.kind in ("set", "delete", "copy"):
        rows = _rowids(conn, m.table)
        if not rows:
            return
        rowid = rows[m.pick % len(rows)]
        if m.kind == "set":
            conn.execute(f'UPDATE "{m.table}" SET "{m.column}" = ? WHERE rowid = ?', (m.value, rowid))
        elif m.kind == "delete":
            conn.execute(f'DELETE FROM "{m.table}" WHERE rowid = ?', (rowid,))
        else:
            cols = [c for c in COLUMN_NAMES[m.table] if c != "id"]
            values = list(conn.execute(f'SELECT {", ".join(chr(34) + c + chr(34) for c in cols)} FROM "{m.table}" '
                                       "WHERE rowid = ?", (rowid,)).fetchone())
            if m.column in cols:
                values[cols.index(m.column)] = m.value
            conn.execute(f'INSERT INTO "{m.table}" ({", ".join(chr(34) + c + chr(34) for c in cols)}) VALUES '
                         f'({", ".join("?" for _ in cols)})', values)
    elif m.kind == "option":
        conn.execute('INSERT OR REPLACE INTO "option" (key, value) VALUES (?, ?)', (m.column, m.value))
    elif m.kind == "journal":
        rows = _rowids(conn, "journal")
        if rows:
            conn.execute("UPDATE journal SET changes = ? WHERE rowid = ?", (m.value, rows[m.pick % len(rows)]))
    elif m.kind == "schema":
        if m.pick == 0:
            conn.execute(f'DROP TABLE "{m.table}"')
        else:
            conn.execute(f'ALTER TABLE "{m.table}" DROP COLUMN "{m.column}"')
    elif m.kind == "pragma":
        conn.execute(f"PRAGMA user_version={int(m.value)}")


@dataclass
class Outcome_:
    opened: bool = False
    refused: str = ""
    crash: str = ""
    actions: int = 0


def exercise(path: Path) -> Outcome_:
    """Open the file and run the first actions; the crash text (a traceback) is set when something other
    than a :class:`TournamentError` escaped."""
    from tournament_desk.services import pairing, printing, standings

    out = Outcome_()
    try:
        session = EventSession.open(path)
    except TournamentError as exc:
        assert exc.message("en") and exc.message("fr")
        out.refused = exc.message("en")
        return out
    except Exception:
        out.crash = traceback.format_exc()
        return out
    out.opened = True
    steps = (
        lambda s: s.state(),
        lambda s: standings.standings(s),
        lambda s: printing.standings_pdf(s, lang="fr"),
        lambda s: s.run(RecordResult(s.state().last_round, 1, GameResult.DRAW, replace=True)),
        lambda s: s.undo(),
        lambda s: s.redo(),
        lambda s: s.undo(),
        lambda s: pairing.pair_next(s, force=True),
        lambda s: s.run(AddPlayer(surname="Late", first_name="Entry")),
        lambda s: s.backup("fuzz"),
    )
    try:
        for step in steps:
            try:
                step(session)
                out.actions += 1
            except TournamentError as exc:
                assert exc.message("en") and exc.message("fr")
    except Exception:
        out.crash = traceback.format_exc()
    finally:
        try:
            session.close()
        except Exception:
            out.crash = out.crash or traceback.format_exc()
    return out


def _fresh_copy(base: Path, work: Path) -> Path:
    for p in work.iterdir() if work.exists() else ():
        if p.is_dir():
            shutil.rmtree(p)
        else:
            p.unlink()
    work.mkdir(parents=True, exist_ok=True)
    path = work / "case.tdesk"
    shutil.copyfile(base, path)
    return path


def run_case(base: Path, work: Path, mutations: list[Mutation]) -> Outcome_:
    path = _fresh_copy(base, work)
    apply(path, mutations)
    return exercise(path)


def flip_bits(path: Path, rng: random.Random, flips: int) -> list[int]:
    """Flip one bit at each of ``flips`` random offsets of the file; returns the offsets."""
    data = bytearray(path.read_bytes())
    offsets = [rng.randrange(len(data)) for _ in range(flips)]
    for offset in offsets:
        data[offset] ^= 1 << rng.randrange(8)
    path.write_bytes(bytes(data))
    return offsets


def run_bytes_case(base: Path, work: Path, rng: random.Random, flips: int) -> Outcome_:
    """A copy of ``base`` with ``flips`` bits flipped, opened and used as :func:`exercise` does."""
    path = _fresh_copy(base, work)
    flip_bits(path, rng, flips)
    return exercise(path)
