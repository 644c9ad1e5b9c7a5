"""Rating periods: the rules that rate the events of one publication period together (docs/ratings.md,
"Rating periods").

* The period's bounds (:func:`period_bounds`): FFJD one month from the publication of the 1st (seed 000 §2);
  national Elo the calculation of the three a year containing the day (seed 001 §1 "Règle de gestion",
  :func:`elo_period_bounds`); Scrabble from the given day on (seed 002 §1–2.2: the PL is recalculated after
  each event, there is no period to close).
* The per-event checks (:func:`check_event`): the event's rating system, its date inside the period, the FFJD
  cadence that K needs (seed 000 §5.2, §6.1.1), Scrabble games or final places.
* :func:`rate_period`: FFJD ratings frozen at the period start for every series, evolutions summed and rounded
  once, pending players carried across periods (seed 000 §2, §6.2.3–6.2.4); national Elo one calculation over
  every game of the period, archives Pa/Na of the unrated carried (seed 001 §1, §3 2.b/3.a, §4.2); Scrabble PL
  chained event after event in date order (seed 002 §2.2, §7, §9).

Pure: the events come as :class:`PeriodEvent` (an :class:`EventState` and its inputs, :mod:`.period_inputs`),
the players already matched across the events by the caller (:attr:`PeriodInputs.keys`: the services match
them by licence, FIDE id, FMJD id or name); no file is read here.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import Msg, listing, msg
from tournament_desk.core.model import RatingSystem
from tournament_desk.core.ratings import elo_fr, ffjd, from_event, scrabble_pl
from tournament_desk.core.ratings.common import PreviewRow, RatedKey, noted
from tournament_desk.core.ratings.period_inputs import (
    FROM_FILE,
    FROM_RESULTS,
    EventInputs,
    PeriodEvent,
    PeriodInputs,
    PeriodOutcome,
)
from tournament_desk.core.results import Outcome
from tournament_desk.core.sources import FFJD_RCN, cite

__all__ = [
    "FROM_FILE", "FROM_RESULTS", "PERIOD_SYSTEMS", "EventInputs", "PeriodEvent", "PeriodInputs", "PeriodOutcome",
    "add_month", "check_event", "elo_period_bounds", "period_bounds", "rate_period",
]

PERIOD_SYSTEMS: tuple[RatingSystem, ...] = (RatingSystem.FFJD, RatingSystem.NATIONAL_ELO, RatingSystem.FISF_PL)
"""The rating systems rated by period here (FIDE rates one event at a time: B.02, :mod:`.fide`)."""
_SUPPORTED_TEXT = msg("ffjd (FFJD Capital-Points), elo-fr (national Elo), fisf-pl (Scrabble cote PL)")


# --------------------------------------------------------------------------------------------------------
# The period's bounds


def add_month(day: dt.date) -> dt.date:
    """The same day a month later; a day the next month lacks (31 January) gives its last day (28/29
    February). Seed 000 §2: the list is published on the 1st of each month, so a period is one month."""
    year, month = (day.year + 1, 1) if day.month == 12 else (day.year, day.month + 1)
    try:
        return day.replace(year=year, month=month)
    except ValueError:  # 31 January -> 28/29 February... keep within the next month
        return (day.replace(day=1, year=year, month=month) + dt.timedelta(days=31)).replace(day=1) \
            - dt.timedelta(days=1)


def elo_period_bounds(day: dt.date) -> tuple[dt.date, dt.date]:
    """Seed 001 §1 "Règle de gestion": the calculation containing ``day``, [start, end): 1 Sep–31 Dec,
    1 Jan–30 Apr, 1 May–31 Aug (the week-end adjustments of the regulation are not modelled)."""
    season, calc = elo_fr.period_of(day)
    if calc == 1:
        return dt.date(season, 9, 1), dt.date(season + 1, 1, 1)
    if calc == 2:
        return dt.date(season + 1, 1, 1), dt.date(season + 1, 5, 1)
    return dt.date(season + 1, 5, 1), dt.date(season + 1, 9, 1)


def period_bounds(system: RatingSystem, start: dt.date | None) -> tuple[dt.date, dt.date] | None:
    """[start, end) of the publication period opened by ``start`` (None: no period to check)."""
    if start is None:
        return None
    if system is RatingSystem.FFJD:  # seed 000 §2: published on the 1st of each month, one month apart
        return start, add_month(start)
    if system is RatingSystem.NATIONAL_ELO:  # seed 001 §1: three periods a year
        return elo_period_bounds(start)
    return start, dt.date.max  # seed 002 §2.2: rated after each event; events from ``start`` on


# --------------------------------------------------------------------------------------------------------
# The per-event checks


def check_event(ev: PeriodEvent, system: RatingSystem, period: tuple[dt.date, dt.date] | None) -> list[Msg]:
    """Whether ``ev`` can be rated in this period of ``system``: raises :class:`ValidationError` when it cannot,
    returns the remarks (an event without a date: its period is not checked)."""
    label, event = ev.label, ev.state.event
    notes: list[Msg] = []
    if event.rating_system is not system:
        raise ValidationError(
            msg("{label}: the event '{name}' is rated in '{value}', not '{value2}'", label=label, name=event.name,
                value=event.rating_system.value, value2=system.value),
        )
    if event.start_date is None:
        notes.append(msg("{label}: the event '{name}' has no date; its period was not checked", label=label,
                         name=event.name))
    elif period is not None and not period[0] <= event.start_date < period[1]:
        # seed 000 §2 (one month), seed 001 §1 (the calculation's dates): the games of another period are not
        # rated in this one
        if period[1] == dt.date.max:
            span = msg("starting {start}", start=period[0])
        else:
            span = msg("{start} – {last}", start=period[0], last=period[1] - dt.timedelta(days=1))
        raise ValidationError(
            msg("{label}: the event '{name}' ({start_date}) is outside the period {span}", label=label,
                name=event.name, start_date=event.start_date, span=span),
        )
    # seed 000 §5.2 and §6.1.1: K depends on the cadence; an event file has its time control, a results file
    # must say it
    if system is RatingSystem.FFJD and ev.source == FROM_RESULTS and ev.inputs.cadence is None:
        raise ValidationError(
            msg("{label}: the cadence of '{name}' is not known ({source}: K depends on it); give it in a 'cadence' "
                "column of the results file or as an input of the event (slow or accelerated)", label=label,
                name=event.name, source=cite(FFJD_RCN, "§5.2").message))
    # seed 002 §5–7: an event is rated from its final ranking, made from its games or given as places
    if system is RatingSystem.FISF_PL and ev.places is not None and ev.state.rounds:
        raise ValidationError(msg("{label}: give either the games or the final places, not both", label=label))
    return notes


# --------------------------------------------------------------------------------------------------------
# The period run


def rate_period(inputs: PeriodInputs) -> PeriodOutcome:
    """Rate the events of one period together (:attr:`PeriodInputs.system`): each event checked
    (:func:`check_event`), then the system's rule over all of them. The outgoing carry holds what the next
    period needs (FFJD pending players' parts, national Elo archives, Scrabble PL and last event); the entries
    of the incoming carry for players who did not play in this period are passed on unchanged (their parts,
    archive or PL wait for their next games: seed 000 §6.2.3, seed 001 §1 "Règle d'entrée" "sur une ou
    plusieurs saisons", seed 002 §9)."""
    system = inputs.system
    if system not in PERIOD_SYSTEMS:
        raise ValidationError(msg("No rating rules for the rating system '{value}'; supported: {supported_text}",
                                  value=system.value, supported_text=_SUPPORTED_TEXT))
    notes: list[Msg] = []
    for ev in inputs.events:
        notes.extend(check_event(ev, system, inputs.period))
    out: dict[str, object] = {}
    if system is RatingSystem.FFJD:
        rows = _ffjd_period(inputs, notes, out)
    elif system is RatingSystem.NATIONAL_ELO:
        rows = _elo_period(inputs, notes, out)
    else:
        rows = _scrabble_period(inputs, out)
    played = {str(r.player_id) for r in rows}
    for k, value in inputs.carry.items():  # players of the carry who did not play: their entry goes on unchanged
        if k not in played:
            out.setdefault(k, value)
    return PeriodOutcome(tuple(rows), tuple(notes), out)


def _note_difference(notes: list[Msg], name: str, label: str, first: object, other: object) -> None:
    """Seed 000 §2 / seed 001 §1: one rating for the whole period; a file that disagrees is remarked upon."""
    notes.append(msg("{name}: rating {other} in {label} differs from {first} in an earlier file; the first is "
                     "used (ratings are frozen at the period start)", name=name, other=other, label=label,
                     first=first))


def _ffjd_period(inputs: PeriodInputs, notes: list[Msg], out: dict[str, object]) -> list[PreviewRow]:
    """Seed 000 §2: ratings frozen at the period start for every series; evolutions summed, rounded once."""
    by_event, listed, names = inputs.keys, inputs.listed, inputs.names
    ratings: dict[RatedKey, float | None] = {}
    series: list[ffjd.FfjdSeries] = []
    codes: dict[object, tuple[int, int, bool, bool]] = {}  # result -> points (§4), counts (§6.4), forfeit
    for ev in inputs.events:
        label, state = ev.label, ev.state
        key = by_event[label]
        games: list[ffjd.FfjdGame] = []
        for rnd in state.rounds:
            for g in rnd.games:
                if g.result is None:
                    continue
                code = codes.get(g.result)
                if code is None:
                    proto = ffjd.FfjdGame.from_result(0, 1, g.result)
                    code = codes[g.result] = (proto.white_points, proto.black_points, proto.counts, proto.forfeit)
                games.append(ffjd.FfjdGame(key[g.white_id], key[g.black_id], *code))
        exempt = frozenset(key[p.id] for p in state.players  # seed 000 §6.5: the EXEMPT never counts
                           if p.surname.strip().upper() == from_event.EXEMPT_NAME)
        series.append(ffjd.FfjdSeries(
            name=f"{state.event.name} ({label})", cadence=ev.inputs.cadence or from_event.cadence_of(state),
            games=tuple(games), organiser_estimate=ev.inputs.organiser_estimate, exempt=exempt,
            players=tuple(key[p.id] for p in state.players if key[p.id] not in exempt),
            present=ev.inputs.present or ffjd.Present.COUNTED_GAME))
        own = from_event.ffjd_ratings(state)  # FFJD rating, else the FMJD equivalent (§7.1)
        for pid, value in own.items():
            k = key[pid]  # type: ignore[index]
            if k in listed:  # seed 000 §2: the published rating at the period start ("NC": unrated)
                published = listed[k]
                value = None if published is None else float(published)
            if k not in ratings:
                ratings[k] = value
            elif ratings[k] != value:
                _note_difference(notes, names[k], label, ratings[k], value)
    # seed 000 §6.2.3–6.2.4: the parts of a player still unrated at the period start wait for his next games
    pending: dict[RatedKey, tuple[ffjd.FirstRatingPart, ...]] = {
        k: v for k, v in inputs.carry.items() if k in ratings and ratings[k] is None and isinstance(v, tuple)}
    results = ffjd.rate_period(ratings, series, pending)
    rows = []
    for rk, r in results.items():
        note = from_event.ffjd_note(r)
        if r.status == "pending" and r.parts:  # seed 000 §6.2.3: the games accumulate until the first rating
            out[str(rk)] = r.parts
        if len(r.performances) > 1:
            note = msg("{notes}", notes=listing([*(x for x in [note] if x), *(
                msg("perf {value} in {event}", value=round(v), event=n) for n, v in r.performances)], "; "))
        rows.append(from_event.ffjd_row(rk, names[str(rk)], r, note))
    return rows


def _elo_period(inputs: PeriodInputs, notes: list[Msg], out: dict[str, object]) -> list[PreviewRow]:
    """Seed 001: one calculation over every game of the period (§1), unrated players estimated (§4.2)."""
    by_event, listed, names = inputs.keys, inputs.listed, inputs.names
    players: dict[str, elo_fr.EloPlayer] = {}
    games: list[elo_fr.EloGame] = []
    scores = {Outcome.WIN: 1.0, Outcome.DRAW: 0.5, Outcome.LOSS: 0.0}  # §2.1; forfeits and byes are not rated
    for ev in inputs.events:
        label, state = ev.label, ev.state
        key = by_event[label]
        for p in state.players:
            k = key[p.id]
            elo = None if p.unrated else p.rating(RatingSystem.NATIONAL_ELO)
            if k in listed:  # the published Elo at the period start ("NC": unrated)
                elo = listed[k]
            if k not in players:
                archive = inputs.carry.get(k)  # seed 001 §2.1: Pa/Na of an unrated player
                players[k] = elo_fr.EloPlayer(k, elo, from_event.is_youth(p, state.event.start_date),
                                              archive if isinstance(archive, elo_fr.EloArchive) else None)
            elif players[k].elo != elo:
                _note_difference(notes, names[k], label, players[k].elo, elo)
        for rnd in state.rounds:
            for g in rnd.games:
                if g.result is None:
                    continue
                score = scores.get(g.result.outcomes()[0])
                if score is not None:
                    games.append(elo_fr.EloGame(key[g.white_id], key[g.black_id], score))
    results = elo_fr.rate_period(list(players.values()), games)
    rows = []
    for rk, r in results.items():
        parts: list[Msg | str] = [r.case.value]
        if r.elo_before is None and r.new_elo is not None:
            parts.append(msg("(first rating)"))
        if r.archive is not None and r.new_elo is None:  # seed 001 §3 2.b/3.a: archived for the next period
            parts.append(f"(archive Pa {r.archive.pa:.0f}, Na {r.archive.na})")
            out[str(rk)] = r.archive
        note = msg("{notes}", notes=listing(parts, " ")) if len(parts) > 1 else r.case.value
        rows.append(from_event.elo_fr_row(rk, names[str(rk)], r, note))
    return rows


def _scrabble_period(inputs: PeriodInputs, out: dict[str, object]) -> list[PreviewRow]:
    """Seed 002 §2.2: the PL changes after each event, so the events are rated one after the other, in date
    order, each starting from the PL the previous one gave — its initial ranking (§7), hence the ties of its
    final ranking, included. A rating list gives the PL at the start ("NC": no PL yet, PL* from the duplicate
    series, §2.1); the carry the PL and date of each player's last event (§9: an inactive player comes back at
    max(last PL, PL* of his series))."""
    events, by_event, names = inputs.events, inputs.keys, inputs.names
    order = sorted(range(len(events)), key=lambda i: (events[i].date or dt.date.max, i))
    current: dict[str, float | None] = {}
    last: dict[str, dt.date] = {}
    for k, published in inputs.listed.items():
        current[k] = None if published is None else float(published)
    for k, value in inputs.carry.items():
        if isinstance(value, scrabble_pl.PlayerRecord):
            current.setdefault(k, value.rating)  # the published list, when given, wins
            if value.last_event is not None:
                last[k] = value.last_event
    last.update(inputs.last_events)  # given with the players' inputs: wins over the carry
    series = inputs.duplicate_series
    first: dict[str, float] = {}
    provisional: set[str] = set()
    returned: dict[str, float] = {}
    games: dict[str, int] = {}
    n_events: dict[str, int] = {}
    points: dict[str, float] = {}
    for i in order:
        ev = events[i]
        state, key = ev.state, by_event[ev.label]
        ratings = {pid: current[k] for pid, k in key.items() if k in current}
        entrants = from_event.scrabble_entrants(
            state, {pid: series[k] for pid, k in key.items() if k in series}, ratings,
            {pid: last[k] for pid, k in key.items() if k in last})
        scores = from_event.event_scores(state) if ev.places is None else {}
        if ev.places is None:
            final = from_event.scrabble_final_order(state, entrants)
            n_games = state.last_round
        else:  # final places given (events played elsewhere); equal places: the initial ranking (§8)
            initial = {e.player_id: x for x, e in enumerate(scrabble_pl.initial_ranking(entrants, ev.date))}
            final = sorted(ev.places, key=lambda pid: (ev.places[pid], initial[pid]))  # type: ignore[index]
            if len(final) != len(state.players):
                raise ValidationError(msg("{label}: every player needs a final place", label=ev.label))
            n_games = ev.games or 1
        chained = [dataclasses.replace(e, player_id=key[e.player_id]) for e in entrants]  # type: ignore[index]
        results = scrabble_pl.rate_event(
            chained, [key[p] for p in final], ev.inputs.kind or scrabble_pl.EventKind.HOMOLOGATED,  # type: ignore[index]
            max(1, min(scrabble_pl.NBP_MAX, n_games)), bool(ev.inputs.classic_b),
            ev.inputs.thresholds or scrabble_pl.SEASON_2015_2016, event_date=ev.date)
        for e in entrants:
            pid, k = e.player_id, key[e.player_id]  # type: ignore[index]
            r = results[k]
            if k not in first:
                first[k] = r.rating_before
                if r.provisional:
                    provisional.add(k)
                elif e.rating is not None and r.rating_before != e.rating:
                    returned[k] = r.rating_before  # §9: back from inactivity
            current[k] = r.new_rating  # §2.2: the next event starts from this PL
            if ev.date is not None:
                last[k] = ev.date
            games[k] = games.get(k, 0) + n_games
            n_events[k] = n_events.get(k, 0) + 1
            points[k] = points.get(k, 0.0) + scores.get(pid, 0.0)
    rows = []
    for k, before in first.items():
        new = current[k]
        assert new is not None
        parts: list[Msg | str] = [msg("{count} event(s)", count=n_events[k])]
        if k in provisional:
            parts.append(f"(PL* {before:g})")
        if k in returned:
            parts.append(msg("(inactive, back at {rating:g})", rating=before))
        rows.append(PreviewRow(k, names[k], before, games[k], None, new - before, new, None,
                               **noted(msg("{notes}", notes=listing(parts, " "))),
                               score=points[k]))
        out[k] = scrabble_pl.PlayerRecord(new, last.get(k))
    return rows
