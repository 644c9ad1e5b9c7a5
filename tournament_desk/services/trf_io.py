"""An event to and from a FIDE Tournament Report File (issue 24 items 5 and 6).

* :func:`export_event_trf` writes the event as a standalone TRF16 or TRF26 file (the FIDE rating report, also
  what another program or a pairing engine reads to continue the event): header records, players, rounds,
  ``XXR``/``142``, the initial colour (``XXC white1``/``152``) and the byes already requested for the next
  round (``0000 - H/F/Z``), so that an engine pairs the next round as this program does.
* :func:`import_event_from_trf` creates an event file from a TRF written by another program (Swiss-Manager,
  Vega, Sharly Chess, lichess...): the event, then ONE action (one undo step, "Import FILE: n players, r
  rounds", undone to the empty event) built by the core's transitions — the players (in starting-rank order,
  their pairing numbers being the file's starting ranks), the pairs kept apart, each round with its results,
  the withdrawals, the byes requested for the next round. No pre-round backup is taken (the event was empty
  before: there is nothing to go back to but the undo step); the audit log records the import once. The file
  is checked first, and a wrong line is refused with its line number and the reason: both players of a game
  must name each other with opposite colours and matching results, at most one pairing-allocated bye per
  round, and the points column must equal the results.

* :func:`read_trf_summary` tells what a TRF holds before it is imported (File > Import event from TRF shows it):
  the name, the players, the rounds paired and announced, the declared pairing system. A file that cannot be
  read raises :class:`TrfError` (re-exported from ``formats.trf``: the GUI does not import ``formats``).

Starting rank (TRF) and player id (event file) are two different numbers: the mapping between them is built
in one place, :func:`_player_ids`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tournament_desk.core.actions.imports import ImportedGame, ImportedRound
from tournament_desk.core.actions.team_imports import ImportedMatch, ImportedTeamRound
from tournament_desk.core.errors import ImportFormatError, TournamentError, ValidationError
from tournament_desk.core.ids import PairingNumber, PlayerId
from tournament_desk.core.messages import Msg, msg, pmsg
from tournament_desk.core.model import (
    Event,
    PairingSystem,
    Player,
    RatingSystem,
    TimeControl,
)
from tournament_desk.core.operations import ImportEvent, ImportTeamEvent
from tournament_desk.core.pairing import berger
from tournament_desk.core.pairing.swiss_state import Colour
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.core.scoring import CHESS, ScoringProfile
from tournament_desk.core.teams.model import TeamRules
from tournament_desk.formats.players_trf import trf_player_fields
from tournament_desk.formats.trf import (
    TEAM_SCORING_DEFAULTS,
    TrfError,
    TrfPlayer,
    TrfRoundEntry,
    TrfTournament,
    declared_system,
    initial_colour,
    pairing_order,
    played_rounds,
    read_file,
)
from tournament_desk.formats.trf_event import ROUND_COLUMN, event_trf, tiebreaks_from_record
from tournament_desk.formats.trf_team_rounds import TrfMatch, TrfMatchBoard, TrfTeamRound, board_colours, team_rounds
from tournament_desk.services.arbiter_log import trf_log_lines
from tournament_desk.services.session import EventSession

__all__ = ["TrfError", "TrfImport", "TrfSummary", "export_event_trf", "import_event_from_trf", "read_trf_summary"]


# ------------------------------------------------------------------------------------------------ export
def export_event_trf(session: EventSession, out: Path | str, *, edition: str = "16") -> Path:
    """Write the event as a TRF file (``edition`` ``"16"`` or ``"26"``, CR LF line ends, UTF-8), the arbiter's log
    after the records as ``###`` comment lines (:mod:`services.arbiter_log`)."""
    if edition not in ("16", "26"):
        raise ValidationError(msg("TRF edition '{edition}' is not known (16 or 26)", edition=edition))
    text = event_trf(session.state(), edition=edition, newline="\r\n", comments=trf_log_lines(session.audit_log()))
    path = Path(out)
    path.write_text(text, encoding="utf-8", newline="")
    return path


# ------------------------------------------------------------------------------------------------ import
@dataclass(frozen=True, slots=True)
class TrfSummary:
    """What a TRF holds, shown before it is imported."""

    name: str
    """The event's name (``012``), empty when the file gives none."""
    players: int
    played: int
    """Rounds already paired (:func:`tournament_desk.formats.trf.played_rounds`)."""
    total_rounds: int | None
    """Rounds announced (``XXR``/``142``), None when the file does not say."""
    system: str
    """The pairing system the file declares (``192``), empty when it declares none."""


def read_trf_summary(trf_path: Path | str) -> TrfSummary:
    """What the TRF at ``trf_path`` holds. Raises :class:`TrfError` (its line and column) when it cannot be
    read as a TRF, ``OSError`` when it cannot be read at all."""
    trf = read_file(str(trf_path))
    return TrfSummary(name=(trf.headers.get("012") or [""])[0].strip(), players=len(trf.players),
                      played=played_rounds(trf), total_rounds=trf.total_rounds,
                      system=(trf.headers.get("192") or [""])[0].strip())


@dataclass(frozen=True, slots=True)
class TrfImport:
    """What an import created: the event file, its players and rounds, and what was not taken (catalogue
    messages)."""

    path: Path
    players: int
    rounds: int
    id_of: dict[int, int]
    """TRF starting rank -> player id in the event file"""
    notes: tuple[Msg, ...] = field(default=())
    """What the event did not take from the file."""

    def warning_texts(self, lang: str = "en") -> tuple[str, ...]:
        return tuple(n.text(lang) for n in self.notes)

    def summary(self, lang: str = "en") -> str:
        head = msg("Created {path} ({players} players, {rounds} rounds imported)", path=self.path,
                   players=self.players, rounds=self.rounds).text(lang)
        return "\n".join([head, *(f"  {text}" for text in self.warning_texts(lang))])


def _error(line: int, column: int | None, message: Msg) -> ImportFormatError:
    return ImportFormatError(message, line=line or None, column=column)


def _read(trf_path: Path | str) -> TrfTournament:
    try:
        trf = read_file(str(trf_path))
    except TrfError as exc:
        raise _error(exc.line, exc.column, pmsg("unreadable TRF", "{error}", error=exc.message)) from None
    except OSError as exc:
        raise ImportFormatError(msg("Cannot read {trf_path}: {strerror}", trf_path=trf_path,
                                    strerror=exc.strerror)) from None
    if not trf.players:
        raise ImportFormatError(msg("The TRF file has no player record (001)"))
    return trf


_GAME = {("1", "0"): GameResult.WHITE_WIN, ("0", "1"): GameResult.BLACK_WIN, ("=", "="): GameResult.DRAW,
         ("W", "L"): GameResult.WHITE_WIN, ("L", "W"): GameResult.BLACK_WIN, ("D", "D"): GameResult.DRAW,
         ("+", "-"): GameResult.WHITE_FORFEIT_WIN_UNEXCUSED, ("-", "+"): GameResult.BLACK_FORFEIT_WIN_UNEXCUSED,
         ("-", "-"): GameResult.DOUBLE_FORFEIT, ("0", "0"): GameResult.ZERO_BY_RULE}
_BYE = {"U": Outcome.PAIRING_BYE, "H": Outcome.HALF_BYE, "F": Outcome.FULL_BYE, "Z": Outcome.ZERO_BYE,
        "-": Outcome.ZERO_BYE, "": Outcome.ZERO_BYE}


def _column(round_number: int) -> int:
    return 92 + 10 * (round_number - 1)


def _scoring(trf: TrfTournament) -> ScoringProfile:
    """The event's scoring from ``XXS``/``162``/``BBx`` (chess 1/½/0 when the file declares none)."""
    c = trf.scoring_codes
    if not c:
        return CHESS
    win = c.get("W", c.get("WW", 1.0))
    draw = c.get("D", c.get("WD", 0.5))
    loss = c.get("L", c.get("WL", 0.0))
    absent = c.get("A", 0.0)
    values = {"win": win, "draw": draw, "loss": loss, "forfeit_win": c.get("FW", win),
              "forfeit_loss": c.get("FL", absent), "pairing_bye": c.get("PAB", c.get("P", win)),
              "half_bye": c.get("HPB", draw), "full_bye": c.get("FPB", win), "zero_bye": c.get("ZPB", absent)}
    if all(getattr(CHESS, k) == v for k, v in values.items()):
        return CHESS
    return CHESS.with_points(**values)


def _check(trf: TrfTournament, played: int, scoring: ScoringProfile) -> list[Msg]:
    """Refuse what cannot be a tournament (ImportFormatError with line and column); list what is tolerated."""
    warnings: list[Msg] = []
    by_rank = {p.start_rank: p for p in trf.players}
    for r in range(1, played + 1):
        col = _column(r)
        pab: TrfPlayer | None = None
        for p in trf.players:
            e = p.rounds[r - 1] if len(p.rounds) >= r else TrfRoundEntry()
            if e.opponent is None:
                if e.result not in _BYE and not e.is_blank:
                    raise _error(p.line, col + 7, msg("round {r}: result '{result}' without an opponent (a bye is "
                                                      "U, H, F, Z or -)", r=r, result=e.result))
                if e.result == "U":
                    if pab is not None:
                        raise _error(p.line, col + 7, msg("round {r}: players {start_rank} and {start_rank2} both "
                                                          "have the pairing-allocated bye (U): there is at most "
                                                          "one per round", r=r, start_rank=pab.start_rank,
                                                          start_rank2=p.start_rank))
                    pab = p
                continue
            other = by_rank.get(e.opponent)
            if other is None:
                raise _error(p.line, col, msg("round {r}: opponent {opponent} has no player record (001)", r=r,
                                              opponent=e.opponent))
            o = other.rounds[r - 1] if len(other.rounds) >= r else TrfRoundEntry()
            if o.opponent != p.start_rank:
                if o.opponent is None:
                    problem = msg("round {r}: player {player} meets {other}, but the line of {other} (line {line}) "
                                  "gives no opponent", r=r, player=p.start_rank, other=other.start_rank,
                                  line=other.line)
                else:
                    problem = msg("round {r}: player {player} meets {other}, but the line of {other} (line {line}) "
                                  "gives opponent {opponent}", r=r, player=p.start_rank, other=other.start_rank,
                                  line=other.line, opponent=o.opponent)
                raise _error(p.line, col, problem)
            if e.colour in ("w", "b") and o.colour == e.colour:
                if e.colour == "w":
                    problem = msg("round {r}: players {player} and {other} both have white", r=r,
                                  player=p.start_rank, other=other.start_rank)
                else:
                    problem = msg("round {r}: players {player} and {other} both have black", r=r,
                                  player=p.start_rank, other=other.start_rank)
                raise _error(p.line, col + 5, problem)
            if e.result and o.result and (e.result, o.result) not in _GAME:
                raise _error(p.line, col + 7, msg("round {r}: results '{result}' for {start_rank} and '{result2}' "
                                                  "for {start_rank2} do not make one game", r=r, result=e.result,
                                                  start_rank=p.start_rank, result2=o.result,
                                                  start_rank2=other.start_rank))
            if bool(e.result) != bool(o.result) or (not e.result and r < played):
                raise _error(p.line, col + 7, msg("round {r}: the game {start_rank}-{start_rank2} has no result on "
                                                  "both lines", r=r, start_rank=p.start_rank,
                                                  start_rank2=other.start_rank))
            if e.result in ("W", "L", "D") and e.colour == "w":
                warnings.append(msg("round {r}: the game {player}-{other} lasted less than one move (W/L/D): imported "
                                    "as an ordinary result", r=r, player=p.start_rank, other=other.start_rank))
    for p in trf.players:
        if p.points is None:
            continue
        total = sum(scoring.points(o) for o in _outcomes(p, played))
        nxt = p.rounds[played] if len(p.rounds) > played else None
        extra = scoring.points(_BYE[nxt.result]) if nxt is not None and nxt.not_paired else 0.0
        if abs(total - p.points) > 1e-6 and abs(total + extra - p.points) > 1e-6:
            raise _error(p.line, 81, msg("player {start_rank} ({name}) has {points:g} points in the file, but the "
                                         "results of rounds 1-{played} give {total:g}", start_rank=p.start_rank,
                                         name=p.name, points=p.points, played=played, total=total))
    return warnings


def _outcomes(p: TrfPlayer, played: int) -> list[Outcome]:
    out = []
    for e in p.rounds[:played]:
        if e.opponent is None:
            if not e.is_blank:
                out.append(_BYE[e.result])
            continue
        white = e.colour != "b"
        pair = (e.result, {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
                .get(e.result, ""))
        if e.result == "-":
            pair = ("-", "+")  # a double forfeit counts 0 for both, as a forfeit loss does
        result = _GAME.get(pair if white else pair[::-1])
        if result is None:
            continue
        outcomes = result.outcomes()
        out.append(outcomes[0] if white else outcomes[1])
    return out


def _date(text: str) -> dt.date | None:
    text = text.strip()
    for fmt in ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d/%m/%Y", "%d.%m.%Y", "%b %d, %Y", "%d %b %Y"):
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


def _round_dates(text: str, rounds: int) -> tuple[tuple[dt.date | None, ...], list[str]]:
    """Record 132 (``text`` after ``132 ``): round r's date ``YY/MM/DD`` at columns 92+10(r-1) .. 99+10(r-1) (TRF26,
    Tournament Section). A file whose dates are not in those columns (another width, shifted) is read as its dates
    in order. Returns the dates of the first ``rounds`` rounds (None: none given) and the texts not read."""
    def read(token: str) -> dt.date | None:
        for fmt in ("%y/%m/%d", "%Y/%m/%d", "%y.%m.%d", "%Y-%m-%d"):
            try:
                return dt.datetime.strptime(token, fmt).date()
            except ValueError:
                continue
        return None

    line = "132 " + text
    fields = [line[ROUND_COLUMN + 10 * r: ROUND_COLUMN + 10 * r + 8].strip() for r in range(rounds)]
    tail = line[ROUND_COLUMN + 10 * rounds:].strip()
    if tail or any(f and read(f) is None for f in fields) or line[4:ROUND_COLUMN].strip():
        fields = text.split()[:rounds]  # not in the columns: the dates in order
    dates = [read(f) if f else None for f in fields]
    unread = [f[:12] for f, d in zip(fields, dates, strict=True) if f and d is None]
    while dates and dates[-1] is None:
        dates.pop()
    return tuple(dates), unread


def _time_control(trf: TrfTournament) -> TimeControl | None:
    """The time control from ``222`` (encoded) or ``122`` (free text); None when neither reads as one. Numbers
    are ASCII digits of sensible length (a 5000-digit "number" is no time control, and ``int`` refuses it)."""
    encoded = (trf.headers.get("222") or [""])[0].strip()
    m = re.fullmatch(r"(?:\d{1,4}/)?(\d{1,6})(?:\+(\d{1,4}))?(?::.*)?", encoded, re.ASCII)
    if m and int(m.group(1)) >= 60:
        return TimeControl(int(m.group(1)) // 60, int(m.group(2) or 0))
    free = (trf.headers.get("122") or [""])[0]
    m = re.search(r"(?<!\d)(\d{1,4})\s*(?:'|min)", free, re.ASCII)  # the first period's minutes
    if not m:
        return None
    inc = re.search(r"\+\s*(\d{1,4})\s*(?:\"|s\b|sec)", free[m.end():], re.ASCII)  # seconds added a move
    return TimeControl(int(m.group(1)), int(inc.group(1)) if inc else 0)


def _tiebreaks(trf: TrfTournament) -> tuple[tuple[str, ...], list[str]]:
    """The tie-break list of record 202, or of 212 without its leading ``PTS`` (TRF26), in this program's codes."""
    raw = (trf.headers.get("202") or trf.headers.get("212") or [""])[0]
    return tiebreaks_from_record(raw)


def _player_ids(order: Sequence[int], ids: Sequence[int]) -> dict[int, PlayerId]:
    """The one place where TRF starting ranks become the event's player ids (the players were added in
    ``order``, and the core's ``add_players`` step gave ``ids`` in the same order)."""
    return {rank: PlayerId(pid) for rank, pid in zip(order, ids, strict=True)}


def _header_fields(trf: TrfTournament, name: str | None, total: int, warnings: list[Msg],
                   ) -> tuple[str, dict[str, Any]]:
    """The event's name and the fields the tournament section gives (``012``-``132``, ``222``): place, dates,
    arbiters, federation, round dates, time control; what is not read goes to ``warnings``."""
    headers = trf.headers
    title = name or (headers.get("012") or ["Imported tournament"])[0].strip() or "Imported tournament"
    start = _date((headers.get("042") or [""])[0])
    end = _date((headers.get("052") or [""])[0]) or start
    arbiters = tuple(a.strip()[:100] for key in ("102", "112") for a in headers.get(key, []) if a.strip())[:20]
    written = (headers.get("032") or [""])[0].strip()
    federation = written.upper() if re.fullmatch(r"[A-Za-z]{3}", written) else ""
    if written and not federation:
        warnings.append(msg("record 032 gives the federation '{federation}', not a three-letter FIDE code: left out",
                            federation=written[:20]))
    dates, unread = _round_dates((headers.get("132") or [""])[0], total)
    if unread:
        warnings.append(msg("record 132: round dates not read as dates and left out: {dates}",
                            dates=", ".join(unread)))
    fields: dict[str, Any] = {
        "place": (headers.get("022") or [""])[0].strip(), "start_date": start,
        "end_date": end if end and start and end >= start else start, "arbiters": arbiters, "federation": federation,
        "round_dates": dates,
    }
    tc = _time_control(trf)
    if tc is not None:
        fields["time_control"] = tc
    return title, fields


def import_event_from_trf(path: Path | str, trf_path: Path | str, *, name: str | None = None,
                          rounds: int | None = None, arbiter: str | None = None,
                          rating_system: RatingSystem = RatingSystem.FIDE, boards: int | None = None) -> TrfImport:
    """Create the event file ``path`` from the TRF ``trf_path`` with its rounds and results (see module doc).

    ``rounds`` sets the number of rounds when the file gives none (``XXR``/``142``); ``name`` replaces the
    tournament name of record ``012``. Nothing is created when the file is refused.
    """
    trf = _read(trf_path)
    if trf.is_team_event:
        return _import_team_event(Path(path), trf, Path(trf_path).name, name=name, arbiter=arbiter,
                                         rating_system=rating_system, boards=boards)
    path = Path(path)
    if path.exists():
        raise ValidationError(msg("{path} already exists: choose a new file name for the imported event", path=path))
    played = played_rounds(trf)
    scoring = _scoring(trf)
    warnings = _check(trf, played, scoring)
    total = rounds or trf.total_rounds
    if total is None:
        raise ValidationError(
            msg("The file does not give the number of rounds (XXR or 142): give it (at least {max})",
                max=max(played, 1)))
    if total < played:
        raise ValidationError(msg("The file holds {played} rounds: the event cannot have only {total}", played=played,
                                  total=total))
    try:
        system = declared_system(trf)
    except TrfError as exc:
        raise _error(exc.line, exc.column, pmsg("unsupported pairing system", "{error}", error=exc.message)) from None
    manual_acceleration = bool(trf.accelerations or trf.acceleration_ranges) and not system.baku
    if manual_acceleration:
        warnings.append(msg("the file gives its own accelerated points (XXA/250): the event keeps only the Baku "
                            "acceleration; pair the accelerated rounds with 'pair --dutch' on an exported TRF"))
    forbidden = {frozenset((a, b)) for group in trf.forbidden_groups for a in group for b in group if a != b}
    forbidden |= {frozenset((a, b)) for r1, r2, group in trf.forbidden_ranges if r1 <= played + 1 and r2 >= total
                  for a in group for b in group if a != b}
    if any(not (r1 <= played + 1 and r2 >= total) for r1, r2, _ in trf.forbidden_ranges):
        warnings.append(msg("pairs forbidden for some rounds only (260) are not kept: the event forbids a pair for "
                            "every round"))
    tiebreaks, unknown = _tiebreaks(trf)
    if unknown:
        warnings.append(msg("tie-breaks not known here and left out: {codes}", codes=", ".join(unknown)))
    title, event_fields = _header_fields(trf, name, total, warnings)
    event_fields.update({"system": PairingSystem.DUTCH, "rounds": total, "scoring": scoring,
                         "rating_system": rating_system, "tiebreaks": tiebreaks})
    colour = initial_colour(trf)
    event_fields["initial_colour"] = "white" if colour is Colour.WHITE else "black"
    if system.baku:
        event_fields["acceleration"] = "baku"
    try:
        event = Event.for_discipline(title, Discipline.CHESS, **event_fields)
        players = _players(trf, rating_system.value)
    except TournamentError as exc:
        raise ImportFormatError(exc.msg) from None
    order = pairing_order(trf)
    withdrawn = _withdrawals(trf, played)
    label = msg("Import {file}: {players} players, {rounds} rounds", file=Path(trf_path).name, players=len(order),
                rounds=played)

    place = {rank: i for i, rank in enumerate(order)}  # the players as the operation names them: pairing order
    requests: list[tuple[int, int, str]] = []
    if played < total:
        for p in trf.players:
            nxt = p.rounds[played] if len(p.rounds) > played else None
            if nxt is not None and nxt.not_paired and p.start_rank not in withdrawn:
                requests.append((played + 1, place[p.start_rank], {"H": "hpb", "F": "fpb"}.get(nxt.result, "zpb")))
    operation = ImportEvent(
        entries=tuple(players[rank] for rank in order), numbering="TRF import",
        forbidden=tuple((place[a], place[b]) for a, b in sorted(tuple(sorted(p)) for p in forbidden)),
        rounds=tuple(_round(trf, r, place, withdrawn) for r in range(1, played + 1)),
        withdrawals={place[rank]: from_round for rank, from_round in withdrawn.items()},
        requests=tuple(requests), label=label)
    with EventSession.create(path, event, arbiter=arbiter) as session:
        try:
            id_of = _player_ids(order, session.run(operation).payload)
        except BaseException:
            session.close()
            path.unlink(missing_ok=True)
            raise
    return TrfImport(path, len(order), played, dict(id_of), tuple(warnings))


def _import_team_event(path: Path, trf: TrfTournament, file_name: str, *, name: str | None, arbiter: str | None,
                       rating_system: RatingSystem, boards: int | None) -> TrfImport:
    """A team file (``310`` or ``013`` records) as a team round robin continued here (docs/teams.md, "TRF-2026"):
    its teams with their rosters in the records' order, their players, and the rounds played — each round the
    Berger table's over the teams' numbers, its matches with their forfeits (``330``), line-ups (``300``, or the
    records' order) and board results (the ``001`` lines) — as one action. ``boards``: boards per match (default:
    record ``352``'s length, else the most boards a team used, else the smallest roster). Refused, with the line:
    a line that cannot be read, a match that is not the Berger table's (a team Swiss), a points column that
    disagrees with the results."""
    try:
        rounds = team_rounds(trf)
    except TrfError as exc:
        raise _error(exc.line, exc.column, pmsg("unreadable TRF", "{error}", error=exc.message)) from None
    if path.exists():
        raise ValidationError(msg("{path} already exists: choose a new file name for the imported event", path=path))
    players = _players(trf, rating_system.value)
    in_team = {rank for team in trf.teams for rank in team.players}
    outside = sorted(set(players) - in_team)
    if outside:
        raise _error(trf.teams[0].line, 1, msg("players {ranks} are in no team record: a team event's players each "
                                               "belong to a team", ranks=", ".join(map(str, outside[:10]))))
    named: dict[str, int] = {}
    for team in trf.teams:
        key = " ".join((team.name or str(team.number)).split()).casefold()
        if key in named:
            problem = msg("team {name} is named twice (line {line} too): each team needs its own name",
                          name=team.name, line=named[key])
            raise _error(team.line, None, problem)
        named[key] = team.line
    scoring = _scoring(trf)
    _check_team_points(trf, len(rounds), scoring)
    warnings: list[Msg] = []
    sequence = board_colours(trf)
    colours = _shortest_period(sequence)
    seated = [(len(lineup), m) for r in rounds for m in r.matches for lineup in (m.home_lineup, m.away_lineup)
              if lineup is not None]
    most = max((n for n, _ in seated), default=0)
    count = boards or len(sequence) or most or min(len(t.players) for t in trf.teams)
    if most > count:
        wide = next(m for n, m in seated if n == most)
        raise _error(wide.line, 1, msg("round {round}: a team has players at {seated} boards; the event has {boards}",
                                       round=wide.round, seated=most, boards=count))
    n = len(trf.teams)
    numbers = [t.number for t in trf.teams]
    numbered = sorted(numbers) == list(range(1, n + 1))
    if rounds and not numbered:
        raise _error(trf.teams[0].line, 5, msg("the teams are numbered {numbers}: a team round robin continued "
                                               "from the file needs the numbers 1 to {n}",
                                               numbers=", ".join(map(str, sorted(numbers)[:12])), n=n))
    grid = len(berger.RoundRobinSchedule.build(n, order="fide").rounds) if n >= 2 else 0
    double = "double" in (trf.headers.get("092") or [""])[0].lower() or trf.total_rounds == 2 * grid
    if trf.total_rounds is not None and grid and trf.total_rounds not in (grid, 2 * grid):
        warnings.append(msg("the file announces {total} rounds; a team round robin of {n} teams has {grid} (double: "
                            "{double}): the event has the table's", total=trf.total_rounds, n=n, grid=grid,
                            double=2 * grid))
    place = {rank: i for i, rank in enumerate(rank for t in trf.teams for rank in t.players)}
    team_place = {t.number: i for i, t in enumerate(trf.teams)}
    roster_position = {rank: i for t in trf.teams for i, rank in enumerate(t.players)}
    imported: list[ImportedTeamRound] = []
    free_order = False
    if rounds:
        schedule = berger.RoundRobinSchedule.build(n, order="fide", double=double)
        for r in rounds:
            matches, out_of_order = _team_round(trf, r, schedule, colours or "WB", place, team_place,
                                                roster_position)
            free_order = free_order or out_of_order
            imported.append(ImportedTeamRound(r.number, matches))
    if free_order:
        warnings.append(msg("line-ups out of the rosters' order (300 records): the event's board order is free"))
    won, drawn, lost = (trf.team_scoring.get(k, v) for k, v in TEAM_SCORING_DEFAULTS.items())
    forfeited = {a.match_points for a in trf.abnormal if a.kind == "-" and a.match_points is not None}
    bye = trf.team_byes[0] if trf.team_byes else None
    title, event_fields = _header_fields(trf, name, max(len(rounds), 1), warnings)
    try:
        rules = TeamRules(boards=count, rating_boards=count, colours=colours or "WB",
                          board_order="free" if free_order else "roster",
                          match_points=(won, drawn, lost, min(forfeited) if forfeited else lost),
                          bye_points=(bye.match_points or 0.0, bye.game_points or 0.0) if bye else (0.0, 0.0))
        event = Event.for_discipline(title, Discipline.CHESS, system=PairingSystem.DOUBLE_ROUND_ROBIN if double
                                     else PairingSystem.ROUND_ROBIN, rounds=max(grid * (2 if double else 1), 1),
                                     rating_system=rating_system, scoring=scoring, team=rules, **event_fields)
    except TournamentError as exc:
        raise ImportFormatError(exc.msg) from None
    if trf.acceleration_ranges:
        warnings.append(msg("the file gives accelerated points (250): a team round robin is not accelerated, they "
                            "are left out"))
    entries = [{"name": t.name or f"{t.number}", "code": t.nickname,
                "players": [players[rank] for rank in t.players]} for t in trf.teams]
    if rounds:
        label = msg("Import {file}: {n} teams, {players} players, {rounds} rounds", file=file_name, n=len(entries),
                    players=len(in_team), rounds=len(rounds))
    else:
        label = msg("Import {file}: {n} teams and {players} players", file=file_name, n=len(entries),
                    players=len(in_team))
    operation = ImportTeamEvent(entries, numbers if numbered else None, tuple(imported), label)
    with EventSession.create(path, event, arbiter=arbiter) as session:
        try:
            ids = session.run(operation).payload
        except BaseException:
            session.close()
            path.unlink(missing_ok=True)
            raise
    ranks = [rank for t in trf.teams for rank in t.players]
    return TrfImport(path, len(ranks), len(rounds), dict(_player_ids(ranks, ids)), tuple(warnings))


def _shortest_period(colours: str) -> str:
    """Record 352's sequence as the event's rule writes it: its shortest beginning that, repeated, gives the whole
    (``WBWB`` -> ``WB``, ``WWWW`` -> ``W``)."""
    for size in range(1, len(colours) + 1):
        head = colours[:size]
        if (head * len(colours))[: len(colours)] == colours:
            return head
    return colours


_FORFEITED_BY = {"+-": "away", "-+": "home", "--": "both"}  # 330: the home team is the White team


def _team_round(trf: TrfTournament, r: TrfTeamRound, schedule: berger.RoundRobinSchedule, colours: str,
                place: dict[int, int], team_place: dict[int, int], roster_position: dict[int, int],
                ) -> tuple[tuple[ImportedMatch, ...], bool]:
    """Round ``r`` of the file checked against the Berger table and put in the operation's terms; also whether a
    line-up is out of its roster's order."""
    by_rank: dict[int, TrfPlayer] = {int(p.start_rank): p for p in trf.players}
    if r.number > len(schedule.rounds):
        where = r.matches[0].line if r.matches else 1
        raise _error(where, 1, msg("the file has round {round}; a team round robin of {n} teams has {rounds} rounds",
                                   round=r.number, n=schedule.n, rounds=len(schedule.rounds)))
    exempt = schedule.exempt
    table = [(h, a) for h, a in schedule.rounds[r.number - 1] if exempt not in (h, a)]
    idle = next((a if h == exempt else h for h, a in schedule.rounds[r.number - 1] if exempt in (h, a)), None)
    out: list[ImportedMatch] = []
    out_of_order = False
    for m in r.matches:
        pair = (m.home, m.away)
        if pair not in table and not (not m.sides_known and pair[::-1] in table):
            expected = ", ".join(f"{h}-{a}" for h, a in table)
            raise _error(m.line, 1, msg("round {round}: teams {home} and {away} meet, but the Berger table pairs "
                                        "{expected}: a team event is continued here as a team round robin (the "
                                        "team Swiss system is not available)", round=r.number, home=m.home,
                                        away=m.away, expected=expected))
        if pair not in table:  # the file does not say which team is home: the table does
            m = TrfMatch(m.round, m.away, m.home, m.forfeit, m.away_lineup, m.home_lineup, tuple(
                TrfMatchBoard(b.board, b.away, b.home, b.away_code, b.home_code) for b in m.boards), True, m.line)
        if m.forfeit:
            out.append(ImportedMatch(team_place[m.home], team_place[m.away], _FORFEITED_BY[m.forfeit]))
            continue
        for lineup in (m.home_lineup, m.away_lineup):
            seated = [roster_position[rank] for rank in lineup or () if rank is not None]
            out_of_order = out_of_order or seated != sorted(seated)
            if lineup is not None and not seated:
                raise _error(m.line, 1, msg("round {round}: a line-up of teams {home} and {away} names no player: "
                                            "a team that did not come forfeits the match (330)", round=r.number,
                                            home=m.home, away=m.away))
        results: list[tuple[int, GameResult]] = []
        for b in m.boards:
            if b.home is None or b.away is None or not (b.home_code or b.away_code):
                continue
            home_player = by_rank[b.home]
            column = _column(r.number) + 7
            if not (b.home_code and b.away_code):
                raise _error(home_player.line, column, msg("round {r}: the game {start_rank}-{start_rank2} has no "
                                                           "result on both lines", r=r.number, start_rank=b.home,
                                                           start_rank2=b.away))
            home_white = colours[(b.board - 1) % len(colours)] == "W"
            codes = (b.home_code, b.away_code) if home_white else (b.away_code, b.home_code)
            result = _GAME.get(codes)
            if result is None:
                raise _error(home_player.line, column, msg("round {r}: results '{result}' for {start_rank} and "
                                                           "'{result2}' for {start_rank2} do not make one game",
                                                           r=r.number, result=b.home_code, start_rank=b.home,
                                                           result2=b.away_code, start_rank2=b.away))
            results.append((b.board, result if home_white else result.mirrored()))

        def places(lineup: tuple[int | None, ...] | None) -> tuple[int | None, ...] | None:
            return None if lineup is None else tuple(None if rank is None else place[rank] for rank in lineup)

        out.append(ImportedMatch(team_place[m.home], team_place[m.away], "", places(m.home_lineup),
                                 places(m.away_lineup), tuple(results)))
    if r.bye is not None and idle is not None and r.bye != idle:
        line = trf.team_byes[0].line if trf.team_byes else 1
        raise _error(line, 1, msg("round {round}: team {team} has the bye, but the Berger table gives it to team "
                                  "{idle}", round=r.number, team=r.bye, idle=idle))
    return tuple(out), out_of_order


def _check_team_points(trf: TrfTournament, rounds: int, scoring: ScoringProfile) -> None:
    """The points column (81-84) of each player against the results of rounds 1..``rounds`` (a board won because
    the other team left it empty is a forfeit win without an opponent, ``0000 - +``)."""
    for p in trf.players:
        if p.points is None:
            continue
        entries = p.rounds[:rounds]
        empty_wins = sum(1 for e in entries if e.opponent is None and e.result == "+")
        kept = TrfPlayer(p.start_rank, rounds=[TrfRoundEntry() if e.opponent is None and e.result == "+" else e
                                               for e in entries])
        total = sum(scoring.points(o) for o in _outcomes(kept, rounds)) + empty_wins * scoring.forfeit_win
        if abs(total - p.points) > 1e-6:
            raise _error(p.line, 81, msg("player {start_rank} ({name}) has {points:g} points in the file, but the "
                                         "results of rounds 1-{played} give {total:g}", start_rank=p.start_rank,
                                         name=p.name, points=p.points, played=rounds, total=total))


def _players(trf: TrfTournament, rating_system: str) -> dict[int, dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {}
    for p in trf.players:
        try:
            fields = trf_player_fields(p, rating_system)
            Player(id=0, **fields)
        except TournamentError as exc:
            raise _error(p.line, None, msg("player {start_rank}: {problem}", start_rank=p.start_rank,
                                           problem=exc.msg)) from None
        out[p.start_rank] = fields
    return out


def _withdrawals(trf: TrfTournament, played: int) -> dict[PairingNumber, int]:
    """Players withdrawn, and from which round: their entries are ``0000 - -`` from a played round up to the
    next round's entry included (Swiss-Manager writes a withdrawal so). A ``0000 - -`` that does not reach the
    next round is an absence of that round only (a zero-point bye)."""
    out: dict[PairingNumber, int] = {}
    for p in trf.players:
        if len(p.rounds) <= played:
            continue
        entries = p.rounds[: played + 1]
        first = len(entries)
        while first > 0 and entries[first - 1].opponent is None and entries[first - 1].result == "-":
            first -= 1
        if first < played:
            out[p.start_rank] = first + 1
    return out


def _round(trf: TrfTournament, r: int, place: dict[PairingNumber, int], withdrawn: dict[PairingNumber, int],
           ) -> ImportedRound:
    """Round ``r`` of the file, its players named by their place in the pairing order."""
    games: list[ImportedGame] = []
    byes: list[tuple[int, Outcome]] = []
    tpn = {rank: n for n, rank in enumerate(pairing_order(trf), start=1)}
    seen: set[int] = set()
    pairs = []
    for p in trf.players:
        e = p.rounds[r - 1] if len(p.rounds) >= r else TrfRoundEntry()
        if e.opponent is None:
            if e.is_blank:
                continue
            kind = _BYE[e.result]
            if e.result == "-" and p.start_rank in withdrawn and r >= withdrawn[p.start_rank]:
                kind = Outcome.WITHDRAWN
            byes.append((place[p.start_rank], kind))
            continue
        if p.start_rank in seen:
            continue
        other = trf.player(e.opponent)
        seen.update((p.start_rank, other.start_rank))
        o = other.rounds[r - 1]
        if e.colour == "w" or (e.colour != "b" and o.colour != "w" and tpn[p.start_rank] < tpn[other.start_rank]):
            white, black, wr, br = p, other, e.result, o.result
        else:
            white, black, wr, br = other, p, o.result, e.result
        result = _GAME.get((wr, br)) if wr else None
        pairs.append((min(tpn[white.start_rank], tpn[black.start_rank]), white.start_rank, black.start_rank, result))
    for board, (_, w, b, result) in enumerate(sorted(pairs), start=1):
        games.append(ImportedGame(board, place[w], place[b], result))
    return ImportedRound(r, tuple(games), tuple(byes))
