"""Reading an event file's rows into core dataclasses, checking everything on the way.

``PRAGMA quick_check`` only proves that the file's pages are readable. A file edited by another tool, or
damaged in a way SQLite cannot see, can still hold text where a number belongs, a game naming a player who does
not exist, a result code no version ever wrote... Every such value would otherwise surface later as a traceback
deep in pairing or printing. Here each is named instead (``table player, row 17: ...``):

1. :func:`schema_problems` — every table and column the program uses exists, and the Alembic revision agrees
   with ``PRAGMA user_version``;
2. :func:`type_problems` — one SQL pass per table (``typeof``) finds values of the wrong storage class;
3. ``PRAGMA foreign_key_check`` — dangling references; :func:`label_problems` — the names of the actions in the
   undo journal and the audit log are messages the program can show (:func:`core.messages.message_from_data`);
4. :func:`read_state` — each row becomes a frozen dataclass (whose ``__post_init__`` checks its own values), and
   :func:`core.consistency.state_problems` checks what spans rows (a player twice in a round, rounds 1..n...);
5. the rule settings (:func:`core.rule_settings.read_rule_settings`): a value no version writes (garbage, a
   number out of range) is a problem; a value a newer version may have written (an unknown choice of a known
   setting, an unknown key in a rule namespace) is a problem too unless the file's meta data says a newer
   version wrote the file (:func:`written_by_newer_version`) — then it is the session's warning instead
   (``EventSession.warnings``), never replaced silently.

:func:`read_state` works on a plain ``sqlite3`` connection (the caller holds the read transaction): it is the
program's hot path — every action reads the state — so it reads tuples, not ORM objects (about ten times faster
for 2000 players and 11 rounds than going through SQLAlchemy rows).
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
from collections.abc import Mapping
from typing import Any

from tournament_desk.core.consistency import state_problems
from tournament_desk.core.errors import TournamentError
from tournament_desk.core.messages import Msg, message_from_data, msg
from tournament_desk.core.model import (
    Bye,
    ByeRequest,
    Event,
    EventState,
    Game,
    PairingSystem,
    Player,
    RatingSystem,
    Round,
    Sex,
    TimeControl,
    TopCut,
)
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.core.rule_settings import StoredIssue, read_rule_settings
from tournament_desk.core.scoring import ScoringProfile
from tournament_desk.core.teams.model import Lineup, Team, TeamMatch, TeamRules
from tournament_desk.i18n import LANGUAGES
from tournament_desk.storage.connection import decoded_rows, sqlite_message
from tournament_desk.storage.errors import Problem
from tournament_desk.storage.tables import COLUMN_NAMES, TABLES

__all__ = ["WRITER_KEYS", "DamagedContent", "label_problems", "newest_writer", "read_meta", "read_state",
           "rule_setting_problems", "schema_problems", "type_problems", "version_key", "written_by_newer_version"]

LOCK_META_PREFIX = "lock:"
"""Meta keys the lock writes (who holds the file); never shown as the event's own meta data."""


class DamagedContent(Exception):
    """What :func:`read_state` found wrong; callers turn it into :class:`EventFileDamagedError`."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.text("en") for p in problems))
        self.problems = problems


# -------------------------------------------------------------------------------------------- structure
_TABLES = COLUMN_NAMES


def schema_problems(conn: sqlite3.Connection, version: int) -> list[Problem]:
    """Missing tables or columns, and an Alembic revision that does not match ``PRAGMA user_version``."""
    found: dict[str, set[str]] = {}
    for table, column in decoded_rows(conn, "SELECT m.name, p.name FROM sqlite_schema AS m "
                                      "JOIN pragma_table_info(m.name) AS p WHERE m.type = 'table'"):
        found.setdefault(str(table), set()).add(str(column))
    problems: list[Problem] = []
    for table, columns in _TABLES.items():
        if table not in found:
            problems.append(msg("the table '{table}' is missing", table=table))
            continue
        for column in columns:
            if column not in found[table]:
                problems.append(msg("the column '{column}' of the table '{table}' is missing", column=column,
                                    table=table))
    if "alembic_version" not in found:
        problems.append(msg("the schema revision record (table alembic_version) is missing"))
    else:
        revisions = [r[0] for r in conn.execute("SELECT version_num FROM alembic_version")]
        if revisions != [f"{version:04d}"]:
            problems.append(msg("the schema revision record says {revisions!r} but the file's version is {version}",
                                revisions=revisions, version=version))
    return problems


# -------------------------------------------------------------------------------------------- storage classes
_KIND = {"integer": msg("a whole number"), "real": msg("a decimal number"), "text": msg("text"),
         "blob": msg("binary data"), "null": msg("nothing (NULL)")}


def _kinds(allowed: tuple[str, ...]) -> Msg:
    """What a column may hold: one storage class, or one of two (a value or NULL)."""
    if len(allowed) == 1:
        return _KIND[allowed[0]]
    first, *rest = allowed
    return msg("{first} or {second}", first=_KIND[first], second=_kinds(tuple(rest)))


_STORAGE = {"integer": ("integer",), "boolean": ("integer",), "real": ("real", "integer"), "text": ("text",)}


def _allowed(kind: str, nullable: bool) -> tuple[str, ...]:
    return _STORAGE[kind] + (("null",) if nullable else ())


def _type_sql() -> dict[str, str]:
    queries = {}
    for table, columns in TABLES.items():
        checks, kinds = [], []
        for name, kind, nullable in columns:
            allowed = ", ".join(f"'{a}'" for a in _allowed(kind, nullable))
            check = f'typeof("{name}") IN ({allowed})'
            if kind == "boolean":
                check = f'({check} AND ("{name}" IS NULL OR "{name}" IN (0, 1)))'
            checks.append(check)
            kinds.append(f'typeof("{name}")')
        queries[table] = (f'SELECT rowid, {", ".join(kinds)} FROM "{table}" WHERE NOT ({" AND ".join(checks)}) '
                          "LIMIT 3")
    return queries


_TYPE_SQL = _type_sql()


def type_problems(conn: sqlite3.Connection) -> list[Problem]:
    """Values of the wrong storage class (text in a number column, NULL where a value is required...)."""
    problems: list[Problem] = []
    for table, sql in _TYPE_SQL.items():
        for row in conn.execute(sql):
            rowid, kinds = row[0], row[1:]
            for (name, kind, nullable), found in zip(TABLES[table], kinds, strict=True):
                allowed = _allowed(kind, nullable)
                if found not in allowed:
                    problems.append(msg("table {table}, row {rowid}: the column '{name}' holds {found} where "
                                        "{expected} is expected", table=table, rowid=rowid, name=name,
                                        found=_KIND.get(found, found), expected=_kinds(allowed)))
                elif kind == "boolean":
                    value = conn.execute(f'SELECT "{name}" FROM "{table}" WHERE rowid = ?', (rowid,)).fetchone()
                    if value is not None and value[0] not in (0, 1, None):
                        problems.append(msg("table {table}, row {rowid}: the column '{name}' is neither 0 nor 1",
                                            table=table, rowid=rowid, name=name))
    return problems


def reference_problems(conn: sqlite3.Connection) -> list[Problem]:
    """Rows naming a player or round that does not exist (``PRAGMA foreign_key_check``)."""
    problems: list[Problem] = []
    for table, rowid, parent, _fk in decoded_rows(conn, "PRAGMA foreign_key_check", 5):
        problems.append(msg("table {table}, row {rowid} refers to a {parent} that does not exist", table=table,
                            rowid=rowid, parent=parent))
    return problems


# -------------------------------------------------------------------------------------------- names of actions
_LABELLED = ("journal", "audit")

# The two shapes message_from_data reads, recognised by SQLite's JSON functions in one pass over the rows (a
# journal holds an entry per result typed, and the audit every action, undo and redo since the event began): a
# message (its fields are read leniently: a field of no known shape is shown as its JSON text), or a text in each
# language with its English. The rows SQLite does not recognise are read in Python, which says what is wrong.
_MESSAGE = ("json_type(label, '$.msgid') IS 'text' AND coalesce(json_type(label, '$.msgctxt'), 'text') = 'text'"
            " AND coalesce(json_type(label, '$.params'), 'object') = 'object'")
_TEXTS = ("json_type(label, '$.en') IS 'text'"
          + "".join(f" AND coalesce(json_type(label, '$.{lang}'), 'text') = 'text'" for lang in LANGUAGES)
          + f" AND json_remove(label, {', '.join(repr(f'$.{lang}') for lang in LANGUAGES)}) = '{{}}'")
_LABEL_SQL = {table: f"SELECT id, label FROM \"{table}\" WHERE CASE WHEN NOT json_valid(label) THEN 1 "
                     f"WHEN {_MESSAGE} THEN 0 WHEN {_TEXTS} THEN 0 ELSE 1 END" for table in _LABELLED}
"""The rows whose name is of neither shape. ``CASE`` tries one test after the other (SQLite's JSON functions fail
on invalid JSON, and ``OR`` would compute both shapes' tests for every row)."""


def label_problems(conn: sqlite3.Connection) -> list[Problem]:
    """Names of actions (tables ``journal`` and ``audit``, column ``label``) that are not a message the program
    wrote (:meth:`core.messages.Msg.to_data`) nor a text in each language with its English (how schema 6 keeps the
    names stored before): named like any damaged row (one damaged after the file was opened is shown as damaged
    where it is read: ``repository.stored_label``)."""
    problems: list[Problem] = []
    for table in _LABELLED:
        for rowid, label in conn.execute(_LABEL_SQL[table]):
            try:
                data = json.loads(label, parse_constant=_no_constant)
            except (TypeError, ValueError, RecursionError):
                problems.append(msg("table {table}, row {key}: {problem}", table=table, key=rowid,
                                    problem=msg("{what} is not valid JSON", what=msg("the name of the action"))))
            else:
                try:
                    message_from_data(data)
                except (ValueError, RecursionError) as exc:
                    problems.append(msg("table {table}, row {key}: {problem}", table=table, key=rowid,
                                        problem=msg("the name of the action is not a message ({detail})",
                                                    detail=str(exc))))
            if len(problems) >= 3:
                return problems
    return problems


# -------------------------------------------------------------------------------------------- rows -> dataclasses
class _Bad(Exception):
    def __init__(self, message: Msg) -> None:
        super().__init__(message.text("en"))
        self.msg = message


def _lookup(table: dict[str, Any], value: object, what: Msg) -> Any:
    try:
        return table[value]  # type: ignore[index]
    except (KeyError, TypeError):
        known = ", ".join(repr(k) for k in table)
        raise _Bad(msg("{value} is not a {what} (known: {known})", value=repr(value)[:40], what=what,
                       known=known)) from None


_SEX = {s.value: s for s in Sex}
_OUTCOME = {o.value: o for o in Outcome}
_BYE_KIND = {o.value: o for o in Outcome if o.is_bye}
_RESULT = {r.value: r for r in GameResult}
_DISCIPLINE = {d.value: d for d in Discipline}
_SYSTEM = {s.value: s for s in PairingSystem}
_RATING = {r.value: r for r in RatingSystem}


def _date(value: str | None, what: Msg) -> dt.date | None:
    if not value:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise _Bad(msg("{what} {value!r} is not a date (YYYY-MM-DD)", what=what, value=value[:20])) from None


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number")


def _json(value: str, kind: type, what: Msg) -> Any:
    try:
        data = json.loads(value, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise _Bad(msg("{what} is not valid JSON", what=what)) from None
    if not isinstance(data, kind):
        raise _Bad(msg("{what} is not a JSON {kind}", what=what, kind=kind.__name__))
    return data


def _event(row: tuple[Any, ...]) -> Event:
    (_id, name, discipline, system, rounds, place, start, end, arbiters, organiser, base, inc, scoring, tiebreaks,
     edition, rating, initial_colour, acceleration, numbering, team_rules, federation, round_dates) = row
    scoring_data = _json(scoring, dict, msg("the scoring profile"))
    if not isinstance(scoring_data.get("name", ""), str) or \
            any(isinstance(v, bool) for k, v in scoring_data.items() if k != "uses_game_scores"):
        raise _Bad(msg("the scoring profile holds values of the wrong kind"))
    return Event(
        name=name, discipline=_lookup(_DISCIPLINE, discipline, msg("discipline")),
        system=_lookup(_SYSTEM, system, msg("pairing system")), rounds=rounds, place=place,
        start_date=_date(start, msg("the start date")),
        end_date=_date(end, msg("the end date")),
        arbiters=tuple(_json(arbiters, list, msg("the list of arbiters"))), organiser=organiser,
        time_control=TimeControl(base, inc), scoring=ScoringProfile.from_dict(scoring_data),
        tiebreaks=tuple(_json(tiebreaks, list, msg("the list of tie-breaks"))),
        tiebreak_edition=edition, rating_system=_lookup(_RATING, rating, msg("rating system")),
        initial_colour=initial_colour, acceleration=acceleration, numbering=numbering, federation=federation,
        round_dates=tuple(_date(d, msg("a round date")) if isinstance(d, str) or d is None else _not_a_date(d)
                          for d in _json(round_dates, list, msg("the round dates"))),
        team=TeamRules.from_dict(_json(team_rules, dict, msg("the team rules"))) if team_rules else None,
    )


def _not_a_date(value: object) -> dt.date | None:
    raise _Bad(msg("{what} {value!r} is not a date (YYYY-MM-DD)", what=msg("a round date"), value=str(value)[:20]))


def _player(row: tuple[Any, ...], ratings: list[tuple[str, int]]) -> Player:
    (pid, surname, first, sex, birth, category, club, federation, licence, fide, fmjd, title, unrated, withdrawn,
     number, forfeit, series) = row
    return Player(
        id=pid, surname=surname, first_name=first, sex=_lookup(_SEX, sex, msg("sex (M, F or empty)")),
        birth_date=_date(birth, msg("the birth date")), category=category, club=club,
        federation=federation, licence_id=licence, fide_id=fide, fmjd_id=fmjd, title=title,
        ratings=tuple(sorted(ratings)), unrated=bool(unrated), withdrawn_from_round=withdrawn,
        pairing_number=number,
        withdrawal_forfeit=_lookup(_OUTCOME, forfeit, msg("withdrawal forfeit")),
        duplicate_series=series,
    )


def _problem(table: str, key: object, exc: Exception) -> Problem:
    if isinstance(exc, _Bad | TournamentError):
        return msg("table {table}, row {key}: {problem}", table=table, key=key, problem=exc.msg)
    return msg("table {table}, row {key}: {name}: {exc}", table=table, key=key, name=type(exc).__name__, exc=exc)


_ROW_ERRORS = (_Bad, TournamentError, ValueError, TypeError, KeyError, OverflowError, AttributeError)

_EVENT_COLS = ", ".join(f'"{c}"' for c in _TABLES["event"])
_PLAYER_COLS = ", ".join(f'"{c}"' for c in _TABLES["player"])


def read_state(conn: sqlite3.Connection, *, version: int | None = None, check_types: bool = True,
               labels: bool = False) -> EventState:
    """The whole event, every value checked; raises :class:`DamagedContent` naming what is wrong.

    ``conn`` is a plain ``sqlite3`` connection inside a read (or write) transaction held by the caller.
    ``version`` (``PRAGMA user_version``) enables the schema check against the Alembic revision. ``labels``: the
    names of the actions in the journal and the audit are checked too (:func:`label_problems`: when a file is
    opened or a backup verified, not on every read — they are not the event, and only grow while it is open).
    """
    try:
        return _read_state(conn, version, check_types, labels)
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:  # unreadable page, missing table, a schema whose
        # names are not UTF-8 (SQLITE_ERRORS)...
        raise DamagedContent([msg("SQLite cannot read it ({exc})", exc=sqlite_message(exc))]) from exc


def _read_state(conn: sqlite3.Connection, version: int | None, check_types: bool, labels: bool) -> EventState:
    if version is not None:
        problems = schema_problems(conn, version)
        if problems:
            raise DamagedContent(problems)
    if check_types:
        problems = type_problems(conn) + reference_problems(conn)
        if problems:
            raise DamagedContent(problems)
    if labels:
        problems = label_problems(conn)
        if problems:
            raise DamagedContent(problems)
    problems = []
    events = conn.execute(f"SELECT {_EVENT_COLS} FROM event ORDER BY id LIMIT 2").fetchall()
    if not events:
        raise DamagedContent([msg("it holds no event (the event table is empty)")])
    if len(events) > 1 or events[0][0] != 1:
        raise DamagedContent([msg("the event table must hold exactly one row, with id 1")])
    try:
        event = _event(events[0])
    except _ROW_ERRORS as exc:
        raise DamagedContent([_problem("event", 1, exc)]) from None

    ratings: dict[int, list[tuple[str, int]]] = {}
    for pid, system, value in conn.execute("SELECT player_id, system, value FROM player_rating"):
        ratings.setdefault(pid, []).append((system, value))
    players = []
    for row in conn.execute(f"SELECT {_PLAYER_COLS} FROM player ORDER BY id"):
        try:
            players.append(_player(row, ratings.get(row[0], [])))
        except _ROW_ERRORS as exc:
            problems.append(_problem("player", row[0], exc))
            if len(problems) >= 5:
                raise DamagedContent(problems) from None

    games: dict[int, list[Game]] = {}
    result_of = _RESULT.get
    for gid, rnd, board, white, black, result, wp, bp in conn.execute(
            "SELECT id, round, board, white_id, black_id, result, white_points, black_points FROM game "
            "ORDER BY round, board"):
        code = result_of(result) if result is not None else None
        try:
            if result is not None and code is None:
                _lookup(_RESULT, result, msg("result code"))
            games.setdefault(rnd, []).append(Game(rnd, board, white, black, code, wp, bp))
        except _ROW_ERRORS as exc:
            problems.append(_problem("game", gid, exc))
            if len(problems) >= 5:
                raise DamagedContent(problems) from None
    byes: dict[int, list[Bye]] = {}
    for bid, rnd, pid, kind in conn.execute("SELECT id, round, player_id, kind FROM bye ORDER BY round, player_id"):
        try:
            byes.setdefault(rnd, []).append(Bye(rnd, pid, _lookup(_BYE_KIND, kind, msg("bye kind"))))
        except _ROW_ERRORS as exc:
            problems.append(_problem("bye", bid, exc))
            if len(problems) >= 5:
                raise DamagedContent(problems) from None
    requests = []
    for rnd, pid, kind in conn.execute("SELECT round, player_id, kind FROM bye_request ORDER BY round, player_id"):
        try:
            requests.append(ByeRequest(rnd, pid, _lookup(_BYE_KIND, kind, msg("requested bye"))))
        except _ROW_ERRORS as exc:
            problems.append(_problem("bye_request", f"{rnd}/{pid}", exc))
    pairs = []
    for a, b in conn.execute("SELECT player_a, player_b FROM forbidden_pair ORDER BY player_a, player_b"):
        if a >= b:
            problems.append(msg("table forbidden_pair, row {a}/{b}: the smaller id comes first", a=a, b=b))
        pairs.append((a, b))
    top_cut = None
    cut = conn.execute("SELECT id, size, draw_rule, after_round, seeds FROM top_cut ORDER BY id").fetchall()
    if cut:
        playoffs = conn.execute("SELECT stage, white_id, winner_id FROM top_cut_playoff").fetchall()
        try:
            if len(cut) > 1 or cut[0][0] != 1:
                raise _Bad(msg("the table must hold one row, with id 1"))
            seeds = _json(cut[0][4], list, msg("the list of seeds"))
            if not all(type(x) is int for x in seeds):
                raise _Bad(msg("the seeds are not player ids"))
            top_cut = TopCut(size=cut[0][1], draw_rule=cut[0][2], after_round=cut[0][3], seeds=tuple(seeds),
                             playoffs=tuple(sorted((s_, w, v) for s_, w, v in playoffs)))
        except _ROW_ERRORS as exc:
            problems.append(_problem("top_cut", 1, exc))
    options = tuple((k, v) for k, v in conn.execute('SELECT key, value FROM "option" ORDER BY key'))
    teams, matches, lineups = _team_rows(conn, problems)
    if problems:
        raise DamagedContent(problems)
    numbers = [n for (n,) in conn.execute('SELECT number FROM "round" ORDER BY number')]
    state = EventState(event, tuple(players),
                       tuple(Round(n, tuple(games.get(n, ())), tuple(byes.get(n, ()))) for n in numbers),
                       tuple(requests), tuple(pairs), top_cut, options, teams, matches, lineups)
    orphans = (set(games) | set(byes)) - set(numbers)
    if orphans:
        problems.append(msg("games or byes belong to rounds {orphans} that do not exist", orphans=sorted(orphans)[:5]))
    problems += state_problems(state)
    problems += rule_setting_problems(conn, state)
    if problems:
        raise DamagedContent(problems)
    return state


def _ids(value: str, what: Msg, *, empty: bool) -> tuple[Any, ...]:
    data = _json(value, list, what)
    if not all(type(x) is int or (empty and x is None) for x in data):
        raise _Bad(msg("{what} holds something else than player ids", what=what))
    return tuple(data)


def _team_rows(conn: sqlite3.Connection, problems: list[Problem]
               ) -> tuple[tuple[Team, ...], tuple[TeamMatch, ...], tuple[Lineup, ...]]:
    """A team event's teams, matches and line-ups, each row checked (what spans them: core.consistency)."""
    teams = []
    for tid, name, code, club, federation, captain, number, members in conn.execute(
            "SELECT id, name, code, club, federation, captain, pairing_number, members FROM team ORDER BY id"):
        try:
            teams.append(Team(tid, name, code, club, federation, captain, number,
                              _ids(members, msg("the roster"), empty=False)))
        except _ROW_ERRORS as exc:
            problems.append(_problem("team", tid, exc))
    matches = []
    for rnd, number, home, away, forfeit in conn.execute(
            "SELECT round, number, home, away, forfeit FROM team_match ORDER BY round, number"):
        try:
            matches.append(TeamMatch(rnd, number, home, away, forfeit))
        except _ROW_ERRORS as exc:
            problems.append(_problem("team_match", f"{rnd}/{number}", exc))
    lineups = []
    for rnd, team, players in conn.execute("SELECT round, team, players FROM lineup ORDER BY round, team"):
        try:
            lineups.append(Lineup(rnd, team, _ids(players, msg("the line-up"), empty=True)))
        except _ROW_ERRORS as exc:
            problems.append(_problem("lineup", f"{rnd}/{team}", exc))
    return tuple(teams), tuple(matches), tuple(lineups)


# -------------------------------------------------------------------------------------------- rule settings
WRITER_KEYS = ("created_with", "written_with")
"""Meta keys naming a program that wrote the file (``tournament_desk 0.1.0``): the one that created it, and the
newest one that opened it for writing (``EventSession`` records it)."""


def version_key(text: str | None) -> tuple[int, ...] | None:
    """``tournament_desk 0.10.2`` -> ``(0, 10, 2)``, comparable; None when no version number is found."""
    found = re.search(r"(\d+(?:\.\d+)*)", text or "")
    return tuple(int(part) for part in found.group(1).split(".")) if found else None


def newest_writer(meta: Mapping[str, str]) -> str | None:
    """The newest program the meta data says wrote the file (its text, e.g. ``tournament_desk 0.2.0``)."""
    known = [(key, meta[k]) for k in WRITER_KEYS if k in meta and (key := version_key(meta[k])) is not None]
    return max(known)[1] if known else None


def written_by_newer_version(meta: Mapping[str, str], this: str | None = None) -> bool:
    """Does the meta data say a newer version than this program (``this``: its version) wrote the file?"""
    if this is None:
        from tournament_desk import __version__  # start-up speed: read from the package's metadata on first use

        this = __version__
    newest = version_key(newest_writer(meta))
    ours = version_key(this)
    return newest is not None and ours is not None and newest > ours


def _writer_meta(conn: sqlite3.Connection) -> dict[str, str]:
    marks = ", ".join("?" for _ in WRITER_KEYS)
    return {k: v for k, v in conn.execute(f"SELECT key, value FROM meta WHERE key IN ({marks})", WRITER_KEYS)
            if isinstance(k, str) and isinstance(v, str)}


def _issue_problem(issue: StoredIssue, newer_version_wrote: bool) -> Problem | None:
    table, key = ("event", "1") if issue.storage == "event" else ("option", issue.key)
    if not issue.maybe_newer:
        return msg("table {table}, row {key}: {problem}", table=table, key=key, problem=issue.problem)
    if newer_version_wrote:
        return None  # the session's warning (EventSession.warnings)
    return msg("table {table}, row {key}: {problem}; no newer version of the program wrote this file", table=table,
               key=key, problem=issue.problem)


def rule_setting_problems(conn: sqlite3.Connection, state: EventState) -> list[Problem]:
    """The event's rule-setting values this version refuses (see the module docstring, step 5)."""
    _values, issues = read_rule_settings(state.event.tiebreak_edition, state.options)
    if not issues:
        return []
    newer = any(i.maybe_newer for i in issues) and written_by_newer_version(_writer_meta(conn))
    return [p for i in issues if (p := _issue_problem(i, newer)) is not None]


def read_meta(conn: sqlite3.Connection) -> dict[str, str]:
    """The event's meta table (options, creation note...), without the lock's own entries."""
    return {k: v for k, v in conn.execute("SELECT key, value FROM meta")
            if isinstance(k, str) and not k.startswith(LOCK_META_PREFIX) and isinstance(v, str)}
