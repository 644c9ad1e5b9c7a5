"""Rating use-cases: the per-event preview, importing a federation rating list, a multi-event period run.

The rules are the core's (``core/ratings``, see docs/ratings.md; a period's in ``core/ratings/period.py``); this
module opens event files, reads results files and rating lists, matches players across files and lists, calls
the core and maps its results (rows, carry files).

* :func:`rating_preview`: what the federation will compute for one event, in the event's own rating system
  (``ffjd`` seed 000, ``elo-fr`` seed 001, ``fisf-pl`` seed 002, ``fide`` FIDE Handbook B.02).
* :func:`apply_rating_list`: update the registered players' ratings from a list (matched by licence, else
  FIDE id, else FMJD id); unmatched rows are reported, not errors.
* :func:`period_run`: several event files of one publication period, with ratings frozen at the period
  start (seed 000 §2, seed 001 §1), or chained event after event (seed 002 §2.2).

Players are the same person across files when they share a licence, else a FIDE id, else an FMJD id, else
the same name and birth date (:func:`player_key`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import inspect
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from tournament_desk.core.changes import Change, StateChange
from tournament_desk.core.errors import ImportFormatError, StateError, ValidationError
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import Event, EventState, Game, PairingSystem, Player, RatingSystem, Round
from tournament_desk.core.operations import EditPlayers
from tournament_desk.core.ratings import from_event, period, scrabble_pl
from tournament_desk.core.ratings.common import PreviewRow
from tournament_desk.core.ratings.period import FROM_RESULTS, EventInputs, PeriodEvent, PeriodInputs
from tournament_desk.core.results import Discipline
from tournament_desk.formats.period_files import (
    PlayerInput,
    carry_to_json,
    read_carry,
    read_external_results,
    read_player_inputs,
)
from tournament_desk.formats.rating_list import RatingList, RatingListEntry, read_rating_list, write_preview_csv
from tournament_desk.services.session import EventSession

__all__ = [
    "PREVIEW_SYSTEMS", "SUPPORTED_SYSTEMS", "EventInputs", "PeriodEvent", "PeriodResult", "PlayerInput",
    "RatingListReport", "RatingUpdate", "apply_rating_list", "event_inputs_of", "licences_of", "load_carry",
    "load_period_events", "load_player_inputs", "match_entry", "parse_preview_system", "parse_system", "period_run",
    "period_run_states", "player_key", "preview_options", "rating_preview", "write_carry", "write_period_csv",
]

SUPPORTED_SYSTEMS: tuple[RatingSystem, ...] = period.PERIOD_SYSTEMS
"""The systems with period runs and rating lists' carry (:func:`period_run`)."""
PREVIEW_SYSTEMS: tuple[RatingSystem, ...] = (*SUPPORTED_SYSTEMS, RatingSystem.FIDE)
"""The systems with a one-event preview (:func:`rating_preview`): those above and FIDE (B.02, one event)."""
_ALIASES = {"scrabble-pl": RatingSystem.FISF_PL, "scrabble": RatingSystem.FISF_PL, "pl": RatingSystem.FISF_PL,
            "elo": RatingSystem.NATIONAL_ELO, "national-elo": RatingSystem.NATIONAL_ELO}
_SUPPORTED_TEXT = msg("ffjd (FFJD Capital-Points), elo-fr (national Elo), fisf-pl (Scrabble cote PL)")
_PREVIEW_TEXT = msg("{systems}, fide (FIDE rating regulations)", systems=_SUPPORTED_TEXT)

_PREVIEWS: dict[RatingSystem, Callable[..., list[PreviewRow]]] = {
    RatingSystem.FFJD: from_event.ffjd_preview,
    RatingSystem.NATIONAL_ELO: from_event.elo_fr_preview,
    RatingSystem.FISF_PL: from_event.scrabble_preview,
    RatingSystem.FIDE: from_event.fide_preview,
}


def parse_system(value: RatingSystem | str) -> RatingSystem:
    """A rating system that has rating rules here (``scrabble-pl`` is accepted for ``fisf-pl``)."""
    text = str(value).strip().lower()
    system = _ALIASES.get(text)
    if system is None:
        try:
            system = RatingSystem(text)
        except ValueError:
            system = None
    if system is RatingSystem.FIDE:
        raise ValidationError(
            msg("FIDE ratings are previewed one event at a time (rate EVENT); periods, lists' carry and results "
                "files are supported for {supported_text}", supported_text=_SUPPORTED_TEXT))
    if system not in SUPPORTED_SYSTEMS:
        raise ValidationError(msg("No rating rules for the rating system '{value}'; supported: {supported_text}",
                                  value=value, supported_text=_SUPPORTED_TEXT))
    return system


def parse_preview_system(value: RatingSystem | str) -> RatingSystem:
    """A rating system with a one-event preview: :func:`parse_system`'s, or ``fide``."""
    if str(value).strip().lower() == RatingSystem.FIDE.value:
        return RatingSystem.FIDE
    return parse_system(value)


def _require_supported(state: EventState) -> RatingSystem:
    system = state.event.rating_system
    if system not in PREVIEW_SYSTEMS:
        raise StateError(
            msg("The event '{name}' is rated in '{value}': a rating preview exists only for {preview_text}; change "
                "the event's rating system first", name=state.event.name, value=system.value,
                preview_text=_PREVIEW_TEXT),
        )
    return system


def preview_options(system: RatingSystem | str) -> tuple[str, ...]:
    """The keyword options :func:`rating_preview` accepts for ``system`` (those of the core preview)."""
    fn = _PREVIEWS[parse_preview_system(system)]
    return tuple(name for name in inspect.signature(fn).parameters if name != "state")


def rating_preview(session: EventSession, **options: object) -> list[PreviewRow]:
    """The event's rating preview in its rating system (``core.ratings.from_event.preview_event``).

    Options by system: ffjd ``cadence``, ``organiser_estimate`` (EONC, Annex B 4)–5)), ``pending``;
    elo-fr ``youth``, ``archives``; fisf-pl ``kind``, ``classic_b``, ``duplicate_series``, ``thresholds``;
    fide ``k_factors`` (the K of the FIDE list, by player id), ``first_event``.
    An unrated (``none``) or FMJD event raises a bilingual :class:`StateError` naming the supported systems.
    """
    state = session.state()
    system = _require_supported(state)
    accepted = preview_options(system)
    unknown = sorted(set(options) - set(accepted))
    if unknown:
        raise ValidationError(
            msg("Unknown option(s) for a {value} preview: {unknown} (accepted: {accepted})", value=system.value,
                unknown=', '.join(unknown), accepted=', '.join(accepted)),
        )
    from tournament_desk.services.rules import rule_kwargs  # local: rules imports this module's neighbours

    area = {RatingSystem.FFJD: "ffjd", RatingSystem.NATIONAL_ELO: "elo", RatingSystem.FISF_PL: "scrabble"}.get(system)
    settings = {k: v for k, v in rule_kwargs(session, area).items() if k in accepted} if area else {}
    return _PREVIEWS[system](state, **{**settings, **options})  # explicit options win over the event's settings


def licences_of(state: EventState) -> dict[int, str]:
    """Player id -> licence, for :func:`tournament_desk.formats.rating_list.write_preview_csv`."""
    return {p.id: p.licence_id for p in state.players}


# --------------------------------------------------------------------------------------------------------
# Rating lists


@dataclass(frozen=True, slots=True)
class RatingUpdate:
    """One registered player whose rating changed."""

    player_id: int
    name: str
    old_rating: int | None
    new_rating: int | None
    old_unrated: bool
    new_unrated: bool
    matched_by: str
    """"licence", "fide_id" or "fmjd_id"."""
    line: int
    """The list's line."""


@dataclass(frozen=True, slots=True)
class RatingListReport:
    """What :func:`apply_rating_list` did (the payload of its change): the updated players, the list rows that
    matched no player, the registered players absent from the list (left as they were)."""

    updated: tuple[RatingUpdate, ...] = ()
    unmatched: tuple[RatingListEntry, ...] = ()
    not_in_list: tuple[int, ...] = ()
    unchanged: int = 0
    """Players found in the list whose rating was already the list's."""
    system: str = ""


def _norm_licence(text: str) -> str:
    return text.strip().upper()


def match_entry(player: Player, rating_list: RatingList) -> tuple[RatingListEntry, str] | None:
    """The list row of ``player``: by licence, else FIDE id, else FMJD id (first that is in the list)."""
    return _matcher(rating_list)(player)


def _matcher(rating_list: RatingList) -> Callable[[Player], tuple[RatingListEntry, str] | None]:
    by_licence, by_fide, by_fmjd = rating_list.by_licence(), rating_list.by_fide_id(), rating_list.by_fmjd_id()

    def match(player: Player) -> tuple[RatingListEntry, str] | None:
        for value, table, how in ((_norm_licence(player.licence_id), by_licence, "licence"),
                                  (player.fide_id.strip(), by_fide, "fide_id"),
                                  (player.fmjd_id.strip(), by_fmjd, "fmjd_id")):
            if value and value in table:
                return table[value], how
        return None
    return match


def _with_rating(ratings: tuple[tuple[str, int], ...], system: str, value: int | None) -> tuple[tuple[str, int], ...]:
    kept = tuple((s, v) for s, v in ratings if s != system)
    return kept if value is None else (*kept, (system, value))


def apply_rating_list(session: EventSession, source: Path | str | bytes | RatingList, *,
                      system: RatingSystem | str | None = None) -> Change[RatingListReport]:
    """Update the registered players' ratings in ``system`` (default: the event's) from a rating list.

    Matching: licence, else FIDE id, else FMJD id. A row with a rating sets it and clears the player's
    "unrated" mark; a row without rating, flagged unrated or flagged estimated (seed 001 §4.1: an estimate is
    never used in the calculations) marks the player unrated (an estimate's value is kept, for seeding).
    Rows matching no player are reported in ``unmatched``; players missing from the list are untouched.
    The changes are one action (one undo step); nothing is stored when no rating changed.
    """
    rating_list = source if isinstance(source, RatingList) else read_rating_list(source)
    state = session.state()
    target = RatingSystem(system) if system is not None else state.event.rating_system
    if target is RatingSystem.NONE:
        raise StateError(
            msg("The event '{name}' has no rating system: choose one before importing a rating list",
                name=state.event.name),
        )
    match = _matcher(rating_list)
    used: set[int] = set()
    updates: list[RatingUpdate] = []
    edits: dict[int, dict[str, object]] = {}
    not_in_list: list[int] = []
    unchanged = 0
    for player in state.players:
        found = match(player)
        if found is None:
            not_in_list.append(player.id)
            continue
        entry, how = found
        used.add(entry.line)
        new_unrated = entry.unrated
        new_rating = entry.rating
        old_rating = player.rating(target)
        if old_rating == new_rating and player.unrated == new_unrated:
            unchanged += 1
            continue
        edits[player.id] = {"ratings": _with_rating(player.ratings, target.value, new_rating),
                            "unrated": new_unrated}
        updates.append(RatingUpdate(player.id, player.name, old_rating, new_rating, player.unrated, new_unrated,
                                    how, entry.line))
    unmatched = tuple(e for e in rating_list.entries if e.line not in used)
    n = len(updates)
    label = msg("Rating list ({system}): {n} player(s) updated, {unmatched} row(s) matched nobody",
                system=target.value, n=n, unmatched=len(unmatched))
    report = RatingListReport(tuple(updates), unmatched, tuple(not_in_list), unchanged, target.value)
    if not edits:
        return Change(label, StateChange(), (), report)
    done = session.run(EditPlayers(edits, label=msg("Import rating list ({system}): {n} player(s)",
                                                    system=target.value, n=n)))
    return Change(label, done.what, done.notes, report)


def write_period_csv(result: PeriodResult, target: Path | str) -> Path:
    """Write a period's new ratings as CSV (licence, name, old rating, games, evolution, new rating,
    performance, note; by name): itself a rating list for the next period."""
    path = Path(target)
    rows = sorted(result.rows, key=lambda r: r.name)
    path.write_text(write_preview_csv(rows, {str(k): v for k, v in result.licences.items()}), encoding="utf-8")
    return path


# --------------------------------------------------------------------------------------------------------
# Period runs


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def player_key(player: Player) -> str:
    """The player's identity across event files: licence, else FIDE id, else FMJD id, else name + birth date."""
    if player.licence_id.strip():
        return f"licence:{_norm_licence(player.licence_id)}"
    if player.fide_id.strip():
        return f"fide:{player.fide_id.strip()}"
    if player.fmjd_id.strip():
        return f"fmjd:{player.fmjd_id.strip()}"
    born = player.birth_date.isoformat() if player.birth_date else ""
    return f"name:{_fold(player.surname)}|{_fold(player.first_name)}|{born}"


@dataclass(frozen=True, slots=True)
class PeriodResult:
    """A period run. ``rows`` have the player key (:func:`player_key`) as ``player_id``."""

    system: RatingSystem
    period: tuple[dt.date, dt.date] | None
    """[start, end) of the publication period that was checked, None if none was given."""
    events: tuple[str, ...]
    rows: tuple[PreviewRow, ...]
    licences: Mapping[str, str]
    notes: tuple[Msg, ...] = ()
    """Remarks (catalogue messages): rating differences between files, events without a date..."""
    carry: Mapping[str, object] = dataclasses.field(default_factory=dict)
    """What the next period needs, by player key: FFJD pending players' first-rating parts
    (``tuple[FirstRatingPart, ...]``, seed 000 §6.2.3–6.2.4), national Elo archives (``EloArchive``, seed 001
    §3 2.b/3.a), Scrabble PL after the last event and its date (``PlayerRecord``, seed 002 §2.2, §9). Entries
    of the incoming carry for players who did not play in this period are passed on unchanged. Pass it back
    as ``carry`` to the next period run (:func:`write_carry` / :func:`load_carry` keep it in a file)."""
    names: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """Player key -> name, for every row and carried player."""
    inputs: Mapping[str, EventInputs] = dataclasses.field(default_factory=dict)
    """Event label -> the inputs the event was rated with (its own settings and the ones given)."""

    def warning_texts(self, lang: str = "en") -> tuple[str, ...]:
        return tuple(n.text(lang) for n in self.notes)


class _Keys:
    """Player keys of every file, disambiguating name-only players who would collide inside one event."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.licences: dict[str, str] = {}

    def of_event(self, label: str, state: EventState) -> dict[int, str]:
        keys: dict[int, str] = {}
        seen: set[str] = set()
        for p in state.players:
            k = player_key(p)
            if k in seen:
                k = f"{k}@{label}#{p.id}"
            seen.add(k)
            keys[p.id] = k
            self.names.setdefault(k, p.name)
            if p.licence_id.strip():
                self.licences.setdefault(k, _norm_licence(p.licence_id))
        return keys


def _list_ratings(rating_list: RatingList | None, states: Sequence[tuple[str, EventState]],
                  keys: Mapping[str, Mapping[int, str]]) -> dict[str, RatingListEntry]:
    """The rating list's row for each player key (matched like :func:`apply_rating_list`)."""
    if rating_list is None:
        return {}
    match = _matcher(rating_list)
    out: dict[str, RatingListEntry] = {}
    for label, state in states:
        for p in state.players:
            found = match(p)
            if found is not None:
                out.setdefault(keys[label][p.id], found[0])
    return out


# --------------------------------------------------------------------------------------------------------
# Per-event and per-player inputs


def event_inputs_of(session: EventSession) -> EventInputs:
    """The inputs stored with an event (its rule settings, docs/rules.md): FFJD cadence, EONC and NJC reading,
    Scrabble kind of event, TH Classique B and series thresholds."""
    from tournament_desk.services.rules import rule_kwargs  # local: rules imports this module's neighbours

    settings = {**rule_kwargs(session, "ffjd"), **rule_kwargs(session, "scrabble")}
    return EventInputs(kind=settings.get("kind"), classic_b=settings.get("classic_b"),
                       organiser_estimate=settings.get("organiser_estimate"), cadence=settings.get("cadence"),
                       present=settings.get("present"), thresholds=settings.get("thresholds"))


_DISCIPLINES = {RatingSystem.FFJD: Discipline.DRAUGHTS, RatingSystem.NATIONAL_ELO: Discipline.CHESS,
                RatingSystem.FISF_PL: Discipline.SCRABBLE}


def _external_events(path: Path | str | bytes, label: str, system: RatingSystem) -> list[PeriodEvent]:
    """The events of a results file as period events (players numbered from 1 in the file's order; games in
    the rounds the file gives, else each in the first round where both players are free)."""
    out = []
    for ext in read_external_results(path, _DISCIPLINES[system]):
        players = tuple(Player(i + 1, x.surname, x.first_name, licence_id=x.licence, unrated=x.unrated,
                               ratings=((system.value, x.rating),) if x.rating is not None else ())
                        for i, x in enumerate(ext.players))
        busy: list[set[int]] = []
        boards: list[list[Game]] = []
        for g in ext.games:
            w, b = g.white + 1, g.black + 1
            if g.round is not None:
                r = g.round - 1
                while len(busy) <= r:
                    busy.append(set())
                    boards.append([])
                if w in busy[r] or b in busy[r]:
                    raise ImportFormatError(
                        msg("{name} plays twice in round {round} of '{name2}'",
                            name=players[g.white if w in busy[r] else g.black].name, round=g.round, name2=ext.name),
                        line=g.line)
            else:
                r = next((i for i, taken in enumerate(busy) if w not in taken and b not in taken), len(busy))
                if r == len(busy):
                    busy.append(set())
                    boards.append([])
            busy[r].update((w, b))
            boards[r].append(Game(r + 1, len(boards[r]) + 1, w, b, g.result, g.white_points, g.black_points))
        if len(boards) > 99:
            raise ImportFormatError(msg("the event '{name}' would need {n_boards} rounds (at most 99)", name=ext.name,
                                        n_boards=len(boards)),
                                    line=ext.line)
        event = Event.for_discipline(ext.name, _DISCIPLINES[system], system=PairingSystem.MANUAL,
                                     rounds=max(1, len(boards), ext.games_count or 1), start_date=ext.date,
                                     rating_system=system)
        state = EventState(event, players, tuple(Round(i + 1, tuple(games)) for i, games in enumerate(boards)))
        inputs = EventInputs(kind=ext.kind, classic_b=ext.classic_b, organiser_estimate=ext.organiser_estimate,
                             cadence=ext.cadence)
        places = {who + 1: place for who, place in ext.places} if ext.places else None
        out.append(PeriodEvent(f"{label}#{ext.name}", state, inputs, FROM_RESULTS, places, ext.games_count))
    return out


def load_period_events(event_files: Sequence[Path | str] = (), results_files: Sequence[Path | str] = (),
                       system: RatingSystem | str | None = None) -> list[PeriodEvent]:
    """The events of a period, with the inputs stored in each event file: the event files (opened read-only,
    each once) then the events of each results file (labelled ``FILE#EVENT``). ``system`` (needed with
    results files: it decides the notation of the results)."""
    seen: dict[Path, str] = {}
    events: list[PeriodEvent] = []
    for f in [*event_files, *results_files]:
        resolved = Path(f).resolve()
        if resolved in seen:
            raise ValidationError(msg("The file {f} is given twice (its games would count twice)", f=f))
        seen[resolved] = str(f)
    for f in event_files:
        with EventSession.open(f, readonly=True) as session:
            events.append(PeriodEvent(str(f), session.state(), event_inputs_of(session)))
    if results_files:
        if system is None:
            raise ValidationError(msg("Results files need the rating system (--system)"))
        target = parse_system(system)
        for f in results_files:
            events.extend(_external_events(f, Path(f).name, target))
    return events


def load_player_inputs(source: Path | str | bytes) -> dict[str, PlayerInput]:
    """Scrabble players' duplicate series and last classique event, by licence (formats.period_files)."""
    return read_player_inputs(source)


def load_carry(source: Path | str | bytes, system: RatingSystem | str) -> dict[str, object]:
    """A carry file written by :func:`write_carry` (refused when it is for another rating system)."""
    return read_carry(source, parse_system(system).value)


def write_carry(result: PeriodResult, target: Path | str) -> Path:
    """Write the carry of ``result`` (what the next period needs) as JSON; returns the path."""
    path = Path(target)
    path.write_text(carry_to_json(result.carry, result.system.value, result.names, result.period),
                    encoding="utf-8")
    return path


# --------------------------------------------------------------------------------------------------------
# Period runs


def period_run(event_files: Sequence[Path | str], system: RatingSystem | str, period_start: dt.date | None = None,
               *, rating_list: Path | str | bytes | RatingList | None = None,
               organiser_estimates: Mapping[str, float] | None = None,
               scrabble_kind: scrabble_pl.EventKind | None = None,
               carry: Mapping[str, object] | None = None,
               event_inputs: Mapping[str, EventInputs] | None = None,
               results_files: Sequence[Path | str] = (),
               player_inputs: Mapping[str, PlayerInput] | None = None,
               ) -> PeriodResult:
    """Rate several events of one publication period together.

    ``event_files`` are opened read-only; each brings the inputs stored with it (:func:`event_inputs_of`).
    ``results_files``: events played elsewhere, their results entered in bulk (formats.period_files). ``rating_list``
    (a list file, its bytes or a parsed list) gives the ratings published at the period start (``NC``: unrated);
    without it each player's rating is the one in the first file he appears in. ``event_inputs`` override the
    events' own inputs, by label (the file path as given, ``RESULTS.csv#EVENT`` for a results file) or event
    name; ``organiser_estimates`` (EONC by label or name) and ``scrabble_kind`` (every event) are shorthands.
    ``carry``: what the previous period left (:attr:`PeriodResult.carry`). ``player_inputs``: Scrabble duplicate
    series and last events by licence. ``period_start``: every dated event must lie in the period it opens
    (FFJD: one month, seed 000 §2; national Elo: the period of seed 001 §1 containing it; Scrabble: from that day
    on).
    """
    if not event_files and not results_files:
        raise ValidationError(msg("A period run needs at least one event file"))
    events = load_period_events(event_files, results_files, system)
    if rating_list is not None and not isinstance(rating_list, RatingList):
        rating_list = read_rating_list(rating_list)
    return _run(events, system, period_start, rating_list, organiser_estimates, scrabble_kind, carry,
                event_inputs, player_inputs)


def period_run_states(states: Sequence[tuple[str, EventState]] | Sequence[PeriodEvent],
                      system: RatingSystem | str, period_start: dt.date | None = None, *,
                      rating_list: RatingList | None = None,
                      organiser_estimates: Mapping[str, float] | None = None,
                      scrabble_kind: scrabble_pl.EventKind | None = None,
                      carry: Mapping[str, object] | None = None,
                      event_inputs: Mapping[str, EventInputs] | None = None,
                      player_inputs: Mapping[str, PlayerInput] | None = None,
                      ) -> PeriodResult:
    """:func:`period_run` on events already loaded: (label, state) pairs or :class:`PeriodEvent` (labels must
    be unique)."""
    events = [e if isinstance(e, PeriodEvent) else PeriodEvent(e[0], e[1]) for e in states]
    return _run(events, system, period_start, rating_list, organiser_estimates, scrabble_kind, carry,
                event_inputs, player_inputs)


def _run(events: Sequence[PeriodEvent], system: RatingSystem | str, period_start: dt.date | None,
         rating_list: RatingList | None, organiser_estimates: Mapping[str, float] | None,
         scrabble_kind: scrabble_pl.EventKind | None, carry: Mapping[str, object] | None,
         event_inputs: Mapping[str, EventInputs] | None, player_inputs: Mapping[str, PlayerInput] | None,
         ) -> PeriodResult:
    target = parse_system(system)
    if not events:
        raise ValidationError(msg("A period run needs at least one event"))
    bounds = period.period_bounds(target, period_start)
    labels = [e.label for e in events]
    if len(set(labels)) != len(labels):
        raise ValidationError(msg("Two events of the period have the same label"))
    given = dict(event_inputs or {})
    known = set(labels) | {e.name for e in events}
    unknown = sorted(k for k in given if k not in known)
    if unknown:
        raise ValidationError(msg("Inputs given for events that are not in the period: {unknown}",
                                  unknown=', '.join(unknown)))
    resolved: list[PeriodEvent] = []
    for ev in events:
        shorthand = EventInputs(
            kind=scrabble_kind,
            organiser_estimate=(organiser_estimates or {}).get(ev.label, (organiser_estimates or {}).get(ev.name)))
        mine = given.get(ev.label, given.get(ev.name, EventInputs()))
        resolved.append(dataclasses.replace(ev, inputs=mine.over(shorthand).over(ev.inputs)))
    keys = _Keys()
    by_event = {ev.label: keys.of_event(ev.label, ev.state) for ev in resolved}
    listed = _list_ratings(rating_list, [(ev.label, ev.state) for ev in resolved], by_event)
    series, last_events = _player_inputs(resolved, by_event, player_inputs or {})
    outcome = period.rate_period(PeriodInputs(
        target, tuple(resolved), by_event, keys.names, bounds,
        {k: None if entry.unrated else entry.rating for k, entry in listed.items()}, dict(carry or {}),
        series, last_events))
    names = dict(keys.names)
    licences = dict(keys.licences)
    for k in outcome.carry:
        if k.startswith("licence:"):
            licences.setdefault(k, k[len("licence:"):])
    return PeriodResult(target, bounds, tuple(labels), outcome.rows, licences, outcome.notes, outcome.carry, names,
                        {ev.label: ev.inputs for ev in resolved})


def _player_inputs(events: Sequence[PeriodEvent], by_event: Mapping[str, Mapping[int, str]],
                   player_inputs: Mapping[str, PlayerInput]) -> tuple[dict[str, scrabble_pl.DuplicateSeries],
                                                                      dict[str, dt.date]]:
    """The Scrabble players' inputs (given by licence) by player key: duplicate series, last classique event."""
    series: dict[str, scrabble_pl.DuplicateSeries] = {}
    last: dict[str, dt.date] = {}
    if not player_inputs:
        return series, last
    by_licence = {_norm_licence(k): v for k, v in player_inputs.items()}
    for ev in events:
        for p in ev.state.players:
            given = by_licence.get(_norm_licence(p.licence_id)) if p.licence_id.strip() else None
            if given is None:
                continue
            k = by_event[ev.label][p.id]
            if given.duplicate_series is not None:
                series[k] = given.duplicate_series
            if given.last_event is not None:
                last.setdefault(k, given.last_event)
    return series, last
