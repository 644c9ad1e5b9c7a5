"""Adapters from an :class:`EventState` (core/model.py) to the rating regulations, and the per-event preview.

* FFJD (seed 000): one series; ratings from the players' ``ffjd`` rating, else the FMJD equivalence (§7.1);
  the player named EXEMPT and every bye never count (§6.5); result codes per §4/§6.4.
* National Elo (seed 001): games played over the board only; Elo ending in 9 = estimate = unrated (§1, §4.1).
* Scrabble PL (seed 002): entrants with PL or PL*, the final ranking by points then the points difference
  capped at 100 a game (§7), then the initial ranking.
* FIDE (Handbook B.02, effective 1 March 2024, amended 1 October 2025): games played over the board only
  (§5.1); a rated player's games against rated opponents (§8.3.1), an unrated player's games against rated
  opponents (§8.2, §7.1.4); ratings from the players' ``fide`` rating, none when marked unrated.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import EventState, Player, RatingSystem
from tournament_desk.core.ratings import elo_fr, ffjd, fide, scrabble_pl
from tournament_desk.core.ratings.common import PreviewRow, RatedKey, noted, round_half_away
from tournament_desk.core.results import Outcome
from tournament_desk.core.scoring import scrabble_spread

__all__ = [
    "EXEMPT_NAME", "cadence_of", "elo_fr_from_event", "elo_fr_preview", "ffjd_from_event", "ffjd_preview",
    "fide_coefficient", "fide_games", "fide_minutes", "fide_preview", "fide_rating", "is_youth", "preview_event",
    "scrabble_entrants", "scrabble_final_order", "scrabble_from_event", "scrabble_preview",
]

EXEMPT_NAME = "EXEMPT"
"""Seed 000 §6.5: the player the FFJD software adds to odd fields."""


def _is_exempt(p: Player) -> bool:
    return p.surname.strip().upper() == EXEMPT_NAME


# --------------------------------------------------------------------------------------------------------
# FFJD


def cadence_of(state: EventState) -> ffjd.Cadence:
    """Seed 000 §5.2 (reading): below 60 (minutes + seconds per move) the series is accelerated, otherwise
    slow. The official FMJD cadences are all slower; pass ``cadence`` explicitly to override."""
    tc = state.event.time_control
    return ffjd.Cadence.ACCELERATED if tc.base_minutes + tc.increment_seconds < 60 else ffjd.Cadence.SLOW


def ffjd_ratings(state: EventState) -> dict[RatedKey, float | None]:
    """The CP of each player at the period start: FFJD rating, else FMJD equivalent (§7.1), else unrated."""
    out: dict[RatedKey, float | None] = {}
    for p in state.players:
        if _is_exempt(p):
            continue
        cp = p.rating(RatingSystem.FFJD)
        fmjd = p.rating(RatingSystem.FMJD)
        if cp is None and fmjd is not None:
            cp = ffjd.fmjd_equivalent(fmjd)
        out[p.id] = None if cp is None or p.unrated else float(cp)
    return out


def ffjd_from_event(state: EventState, cadence: ffjd.Cadence | None = None,
                    organiser_estimate: float | None = None, present: ffjd.Present = ffjd.Present.COUNTED_GAME,
                    ) -> tuple[ffjd.FfjdSeries, dict[RatedKey, float | None]]:
    """The event as one FFJD series, with the players' frozen ratings (``present``: Annex B 3) reading)."""
    exempt = frozenset(p.id for p in state.players if _is_exempt(p))
    games = tuple(
        ffjd.FfjdGame.from_result(g.white_id, g.black_id, g.result)
        for r in state.rounds for g in r.games if g.result is not None
    )
    series = ffjd.FfjdSeries(
        name=state.event.name, cadence=cadence or cadence_of(state), games=games,
        organiser_estimate=organiser_estimate, exempt=exempt,
        players=tuple(p.id for p in state.players if p.id not in exempt), present=present,
    )
    return series, ffjd_ratings(state)


def ffjd_note(result: ffjd.FfjdPlayerResult) -> Msg | str:
    """The preview note of an FFJD result: first rating, still pending, the 600 floor applied (§6.3)."""
    if result.floored:
        return msg("floor 600")
    notes: dict[str, Msg | str] = {"rated": "", "first": msg("first rating"), "pending": msg("not yet rated")}
    return notes[result.status]


def ffjd_row(pid: RatedKey, name: str, r: ffjd.FfjdPlayerResult, note: Msg | str) -> PreviewRow:
    """One preview row of an FFJD result (evolution as published: after the floor)."""
    return PreviewRow(pid, name, r.rating_before, r.games_counted, r.expected,
                      float(r.evolution) if r.evolution is not None else None, r.new_rating, r.performance,
                      **noted(note), score=r.points, k=r.k)


def ffjd_preview(state: EventState, cadence: ffjd.Cadence | None = None,
                 organiser_estimate: float | None = None,
                 pending: Mapping[RatedKey, tuple[ffjd.FirstRatingPart, ...]] | None = None,
                 present: ffjd.Present = ffjd.Present.COUNTED_GAME,
                 ) -> list[PreviewRow]:
    """Seed 000: what the federation will compute for this event alone (one series in the period)."""
    series, ratings = ffjd_from_event(state, cadence, organiser_estimate, present)
    results = ffjd.rate_period(ratings, [series], pending)
    return [ffjd_row(p.id, p.name, results[p.id], ffjd_note(results[p.id]))
            for p in state.players if p.id in results]


# --------------------------------------------------------------------------------------------------------
# National Elo

_YOUTH_CATEGORIES = ("ppo", "pou", "pup", "ben", "min", "cad", "jun", "u8", "u10", "u12", "u14", "u16", "u18",
                     "u20", "jeune")


def is_youth(player: Player, on: dt.date | None) -> bool:
    """Seed 001 §1 "Jeune" (reading): under 20 on the event's start date, else a youth category code."""
    if player.birth_date is not None and on is not None:
        age = on.year - player.birth_date.year - ((on.month, on.day) < (player.birth_date.month,
                                                                          player.birth_date.day))
        return age < 20
    return player.category.strip().lower().startswith(_YOUTH_CATEGORIES)


def elo_fr_from_event(state: EventState, youth: Callable[[Player], bool] | None = None,
                      archives: Mapping[RatedKey, elo_fr.EloArchive] | None = None,
                      ) -> tuple[list[elo_fr.EloPlayer], list[elo_fr.EloGame]]:
    """The event's players and games played over the board (forfeits and byes are not rated)."""
    archives = archives or {}
    judge = youth or (lambda p: is_youth(p, state.event.start_date))
    players = [elo_fr.EloPlayer(p.id, None if p.unrated else p.rating(RatingSystem.NATIONAL_ELO), judge(p),
                                archives.get(p.id))
               for p in state.players]
    scores = {Outcome.WIN: 1.0, Outcome.DRAW: 0.5, Outcome.LOSS: 0.0}
    games = []
    for r in state.rounds:
        for g in r.games:
            if g.result is None:
                continue
            white, _black = g.result.outcomes()
            if white in scores:
                games.append(elo_fr.EloGame(g.white_id, g.black_id, scores[white]))
    return players, games


def elo_fr_preview(state: EventState, youth: Callable[[Player], bool] | None = None,
                   archives: Mapping[RatedKey, elo_fr.EloArchive] | None = None) -> list[PreviewRow]:
    """Seed 001: the event as if it were the whole period."""
    players, games = elo_fr_from_event(state, youth, archives)
    results = elo_fr.rate_period(players, games)
    rows = []
    for p in state.players:
        r = results[p.id]
        estimate = r.elo_before is None and r.pj is not None
        rows.append(elo_fr_row(p.id, p.name, r, msg("{case} (estimate)", case=r.case.value) if estimate
                               else r.case.value))
    return rows


def elo_fr_row(pid: RatedKey, name: str, r: elo_fr.EloResult, note: Msg | str) -> PreviewRow:
    """One preview row of a national Elo result: Sc as the score, the expected score at Ei over the same
    compatible games, and the share k of the performance in the new Elo (seed 001 §3)."""
    before = r.elo_before
    evo = None if (before is None or r.new_elo is None) else float(r.new_elo - before)
    return PreviewRow(pid, name, None if before is None else float(before), r.nj, r.expected, evo,
                      None if r.new_elo is None else float(r.new_elo), r.pj, **noted(note),
                      score=r.sc, k=r.k)


# --------------------------------------------------------------------------------------------------------
# Scrabble PL


def scrabble_entrants(state: EventState,
                      duplicate_series: Mapping[int, scrabble_pl.DuplicateSeries] | None = None,
                      ratings: Mapping[int, float | None] | None = None,
                      last_events: Mapping[int, dt.date] | None = None,
                      ) -> list[scrabble_pl.ScrabbleEntrant]:
    """The event's participants as seed 002 rates them.

    ``ratings``: the PL each player starts the event with, by player id (a period chains them from the
    previous events, seed 002 §2.2; None: no PL, so PL* from the duplicate series, §2.1); players not in it
    start from their ``fisf-pl`` rating, None when they are marked unrated ("NC"). ``duplicate_series``: each
    player's series for his PL* (§2.1), by player id; a player not in it has the series of his registration
    (:attr:`~tournament_desk.core.model.Player.duplicate_series`), if any. ``last_events``: the date of
    each player's last classique event, for the return of an inactive player (§9)."""
    duplicate_series = duplicate_series or {}
    last_events = last_events or {}
    out = []
    for p in state.players:
        if ratings is not None and p.id in ratings:
            rating = ratings[p.id]
        else:
            stored = p.rating(RatingSystem.FISF_PL)
            rating = None if p.unrated or stored is None else float(stored)
        series = duplicate_series.get(p.id) or (scrabble_pl.DuplicateSeries(p.duplicate_series)
                                                 if p.duplicate_series else None)
        out.append(scrabble_pl.ScrabbleEntrant(p.id, p.name, rating, series, last_events.get(p.id)))
    return out


def scrabble_final_order(state: EventState, entrants: Sequence[scrabble_pl.ScrabbleEntrant]) -> list[RatedKey]:
    """Seed 002 §7: the final ranking: points, then the points difference capped at 100 a game, then the
    initial ranking (decreasing PL at the start of *this* event, ties alphabetical, §8) of ``entrants``."""
    spread: dict[RatedKey, int] = {p.id: 0 for p in state.players}
    for r in state.rounds:
        for g in r.games:
            if g.result is None or not g.result.is_played:
                continue
            if g.white_points is not None and g.black_points is not None:
                spread[g.white_id] += scrabble_spread(g.white_points, g.black_points)
                spread[g.black_id] += scrabble_spread(g.black_points, g.white_points)
    ranked = scrabble_pl.initial_ranking(entrants, state.event.start_date)
    initial = {e.player_id: i for i, e in enumerate(ranked)}
    score = event_scores(state)
    return sorted((p.id for p in state.players), key=lambda pid: (-score[pid], -spread[pid], initial[pid]))


def event_scores(state: EventState) -> dict[RatedKey, float]:
    """Every player's points (:meth:`EventState.score` for all players in one pass over the rounds: a board
    counts before a bye record of the same player; a game without result and an absence give nothing)."""
    points = state.event.scoring.points
    score: dict[RatedKey, float] = {p.id: 0.0 for p in state.players}
    for r in state.rounds:
        on_board: set[int] = set()
        for g in r.games:
            on_board.add(g.white_id)
            on_board.add(g.black_id)
            if g.result is None:
                continue
            ow, ob = g.result.outcomes()
            if g.white_id in score:
                score[g.white_id] += points(ow)
            if g.black_id in score:
                score[g.black_id] += points(ob)
        for b in r.byes:
            if b.player_id not in on_board and b.player_id in score:
                on_board.add(b.player_id)
                score[b.player_id] += points(b.kind)
    return score


def scrabble_from_event(state: EventState,
                        duplicate_series: Mapping[RatedKey, scrabble_pl.DuplicateSeries] | None = None,
                        ratings: Mapping[RatedKey, float | None] | None = None,
                        last_events: Mapping[RatedKey, dt.date] | None = None,
                        ) -> tuple[list[scrabble_pl.ScrabbleEntrant], list[RatedKey]]:
    """Entrants (:func:`scrabble_entrants`) and the final ranking (:func:`scrabble_final_order`), both from
    the same starting ratings."""
    entrants = scrabble_entrants(state, duplicate_series, ratings, last_events)
    return entrants, scrabble_final_order(state, entrants)


def scrabble_preview(state: EventState, kind: scrabble_pl.EventKind = scrabble_pl.EventKind.HOMOLOGATED,
                     classic_b: bool = False,
                     duplicate_series: Mapping[RatedKey, scrabble_pl.DuplicateSeries] | None = None,
                     thresholds: scrabble_pl.SeriesThresholds = scrabble_pl.SEASON_2015_2016,
                     last_events: Mapping[RatedKey, dt.date] | None = None,
                     ) -> list[PreviewRow]:
    """Seed 002: the new PL after this event (games = rounds played). ``classic_b``: a TH Classique B (CT 0.8,
    §7); ``last_events``: each player's last classique event, for inactive players (§9)."""
    entrants, order = scrabble_from_event(state, duplicate_series, last_events=last_events)
    if not any(g.result is not None and g.result.is_played for r in state.rounds for g in r.games):
        # no game played yet: no final ranking, so nothing changes (a PE, B and PJ from the starting order alone
        # would move every rating before the first game)
        starts = {e.player_id: scrabble_pl.starting_rating(e, state.event.start_date) for e in entrants}
        return [PreviewRow(p.id, p.name, starts[p.id], 0, None, 0.0, starts[p.id], None,
                           "no game played yet", score=state.score(p.id),
                           remark=msg("no game played yet")) for p in state.players]
    games = max(1, min(scrabble_pl.NBP_MAX, state.last_round))
    results = scrabble_pl.rate_event(entrants, order, kind, games, classic_b, thresholds,
                                     event_date=state.event.start_date)
    rows = []
    for p in state.players:
        r = results[p.id]
        parts = (("pe", float(r.pe)), ("b", float(r.b)), ("pj", float(r.pj)),
                 ("pj_unbounded", float(round_half_away(r.pj_raw))), ("pj_min", r.pj_min), ("pj_max", r.pj_max),
                 ("category", float(r.category)), ("m", float(r.m)))
        rows.append(PreviewRow(p.id, p.name, r.rating_before, state.last_round, None,
                               r.new_rating - r.rating_before, r.new_rating, None,
                               f"PE {r.pe}, B {r.b:g}, PJ {r.pj}" + (" (PL*)" if r.provisional else ""),
                               score=state.score(p.id), parts=parts))
    return rows


# --------------------------------------------------------------------------------------------------------
# FIDE

_FIDE_SCORES = {Outcome.WIN: 1.0, Outcome.DRAW: 0.5, Outcome.LOSS: 0.0}


def fide_rating(player: Player) -> float | None:
    """The player's FIDE rating, None when unrated (no ``fide`` rating, or marked unrated)."""
    value = player.rating(RatingSystem.FIDE)
    return None if player.unrated or value is None else float(value)


def fide_minutes(state: EventState) -> int:
    """Each player's time for a game of 60 moves, base + 60 × increment (B.02 §1.1 "assuming the game lasts 60
    moves"; the formula B.02 RB §1.1.1 writes out)."""
    tc = state.event.time_control
    return tc.base_minutes + tc.increment_seconds  # 60 moves × s seconds = s minutes


def fide_games(state: EventState, *, rate_of_play: bool = True) -> dict[RatedKey, list[tuple[RatedKey, float]]]:
    """Every player's games that B.02 rates: played over the board with a score 1, ½ or 0 (§5.1: "Whether
    these occur because of forfeiture or any other reason, [unplayed games] are not counted"), and with
    ``rate_of_play`` only those whose time control meets §1.1 for the two players' ratings (standard), or the
    rapid or blitz list's (B.02 RB §1.1.1-1.1.2: every game of a rapid or blitz event); games against the
    EXEMPT are byes. Value: (opponent id, score) in round order."""
    exempt = {p.id for p in state.players if _is_exempt(p)}
    out: dict[RatedKey, list[tuple[RatedKey, float]]] = {p.id: [] for p in state.players if p.id not in exempt}
    ratings = {p.id: fide_rating(p) for p in state.players}
    minutes = fide_minutes(state)
    listing = fide.rating_list(minutes)
    for r in state.rounds:
        for g in r.games:
            if g.result is None or g.white_id in exempt or g.black_id in exempt:
                continue
            if rate_of_play and (listing is None or (
                    listing is fide.RatingList.STANDARD
                    and minutes < fide.minimum_minutes(ratings[g.white_id], ratings[g.black_id]))):
                continue  # rapid and blitz games: every game of the event is on that list (B.02 RB §1.1)
            white, black = g.result.outcomes()
            if white in _FIDE_SCORES and black in _FIDE_SCORES:
                out[g.white_id].append((g.black_id, _FIDE_SCORES[white]))
                out[g.black_id].append((g.white_id, _FIDE_SCORES[black]))
    return out


def fide_coefficient(player: Player, rating: float, on: dt.date | None) -> int:
    """B.02 §8.3.3 from what the event file knows: the rating and the birth date (the rated-games count and a
    past 2400 are not in the file: pass ``k_factors`` to :func:`fide_preview` for them)."""
    birth = player.birth_date.year if player.birth_date is not None else None
    return fide.development_coefficient(rating, birth_year=birth, year=on.year if on else None)[0]


def fide_preview(state: EventState, k_factors: Mapping[RatedKey, int] | None = None,
                 first_event: Mapping[RatedKey, bool] | None = None) -> list[PreviewRow]:
    """B.02 (B.02 RB for a rapid or blitz event, on the list of its rate of play: :func:`fide.rating_list`; the
    players' ``fide`` rating is then their rating on that list): what FIDE computes for this event alone, from
    the games it rates (:func:`fide_games`: played, and
    at a rate of play §1.1 allows for the two players). A rated player: n games against rated opponents, W, the
    sum of the expected scores We (table 8.1.2 with the 400-point rule, §8.3.1-8.3.2), K (§8.3.3: ``k_factors``
    — the K the FIDE list publishes — else from the rating and the birth date), the change K × Σ(W − We) rounded
    (§8.3.4) and the new rating. An unrated player: Ru (§8.2) from the games against rated opponents, published
    as the new rating when §7.1.4 is met; ``first_event`` (default True) says whether a zero score is
    disregarded (§8.2.1)."""
    k_factors = k_factors or {}
    first_event = first_event or {}
    on = state.event.start_date
    listing = fide.rating_list(fide_minutes(state)) or fide.RatingList.STANDARD
    games = fide_games(state)
    ratings = {p.id: fide_rating(p) for p in state.players}
    rows: list[PreviewRow] = []
    for p in state.players:
        if p.id not in games:
            continue
        own = ratings[p.id]
        rated_games = [(float(ratings[o]), s) for o, s in games[p.id] if ratings[o] is not None]  # type: ignore[arg-type]
        if own is not None:
            k = k_factors.get(p.id) or fide_coefficient(p, own, on)
            r = fide.rated_change(own, rated_games, k, on, listing)
            below = r.new_rating < fide.MIN_PUBLISHED_RATING
            note: Msg | str = msg("below {rating}", rating=fide.MIN_PUBLISHED_RATING) if below else ""
            if listing is not fide.RatingList.STANDARD and any(abs(own - opp) > 600 for opp, _ in rated_games):
                note = msg("a difference over 600 points: B.02 RB's 600-point rule (1 December 2024) is not "
                           "applied here: check this line")
            rows.append(PreviewRow(p.id, p.name, own, r.games, r.expected, float(r.rounded_change),
                                   float(r.new_rating), None, **noted(note),
                                   score=r.score, k=float(r.k)))
            continue
        first = fide.initial_rating(rated_games, first_event=first_event.get(p.id, True))
        if first.published:
            note = msg("first rating")
        elif first.ru is None and first.games:
            note = msg("score 0: disregarded")
        elif first.ru is not None and first.games >= fide.NEW_PLAYER_GAMES:
            note = msg("below {rating}", rating=fide.MIN_PUBLISHED_RATING)
        else:
            note = msg("not yet rated")
        rows.append(PreviewRow(p.id, p.name, None, first.games, None, None,
                               float(first.ru) if first.published else None,
                               None if first.ru is None else float(first.ru), **noted(note),
                               score=first.score))
    return rows


def preview_event(state: EventState, **options: object) -> list[PreviewRow]:
    """The preview in the event's own rating system (FFJD, national Elo, Scrabble PL or FIDE)."""
    system = state.event.rating_system
    if system is RatingSystem.FIDE:
        return fide_preview(state, **options)  # type: ignore[arg-type]
    if system is RatingSystem.FFJD:
        return ffjd_preview(state, **options)  # type: ignore[arg-type]
    if system is RatingSystem.NATIONAL_ELO:
        return elo_fr_preview(state, **options)  # type: ignore[arg-type]
    if system is RatingSystem.FISF_PL:
        return scrabble_preview(state, **options)  # type: ignore[arg-type]
    raise ValidationError(msg("No rating preview for the rating system '{system}'", system=system))
