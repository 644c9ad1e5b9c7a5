"""National Elo (seed 001: « Le classement national Élo »).

Three periods a year (§1 "Règle de gestion"); per player and period: compatible games (350 points, all draws,
§2.2), Ea, P, D(P) (§2.3–2.4, table values, normal curve between entries, bounded ±470), Pj >= 1000 (§2.5),
then the cases 1.a–1.c (rated), 2.a–2.c (archives Pa/Na), 3.a–3.b (neither) of §3, the iterative estimate of
the unrated players (§4.2), rounding to the nearest ten (§1 "Règle d'arrondi") and the conversions of §5.

Scores are on the 1 / ½ / 0 scale (§2.1). All intermediate values are kept as floats (§2.4: at least three
decimals until the final rounding).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
from numpy.typing import ArrayLike, NDArray

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.ratings.common import PlayerId, RatedGame, round_half_up
from tournament_desk.core.ratings.fide import dp_interpolated, expected_scores

__all__ = [
    "COMPATIBILITY", "QUOTA_SENIOR", "QUOTA_YOUTH", "EloArchive", "EloCase", "EloDecision", "EloGame",
    "EloPerformance", "EloPlayer", "EloResult", "IterationResult", "d_of_p", "decide", "elo_from_bcr",
    "elo_from_bridier", "elo_from_cs", "elo_from_ingo", "estimate_unrated", "is_compatible", "is_estimated",
    "mark_estimated", "performance", "performance_of", "performance_weight", "period_of", "rate_period",
    "round_elo",
]

COMPATIBILITY = 350  # seed 001 §2.2
D_BOUND = 470.0  # seed 001 §2.4: bonus bounded at ±470 beyond .95 / .05
PERFORMANCE_FLOOR = 1000.0  # seed 001 §2.5
BRAKE = 16  # seed 001 §1 "Règle générale" and §3 1.a: sixteen times the initial Elo
QUOTA_YOUTH = 8  # seed 001 §1 and §3 1.b/1.c: 8 compatible games for a youth
QUOTA_SENIOR = 16  # seed 001 §1 and §3 1.b/1.c: 16 for a senior
ENTRY_GAMES = 8  # seed 001 §1 "Règle d'entrée", §3 2.a–3.b
MAX_CYCLES = 25  # seed 001 §4.2
TOLERANCE = 20.0  # seed 001 §4.2


# --------------------------------------------------------------------------------------------------------
# §2: performance


def is_compatible(own: float, opponent: float, score: float) -> bool:
    """Seed 001 §2.2: a win against an opponent less than 350 points below, a loss against one less than 350
    points above; every draw. (Wins against stronger and losses against weaker players are compatible.)"""
    if score == 0.5:
        return True
    if score == 1.0:
        return own - opponent < COMPATIBILITY
    if score == 0.0:
        return opponent - own < COMPATIBILITY
    raise ValidationError(f"An Elo game score is 1, 0.5 or 0, not {score}",
                          f"Le score d'une partie Élo est 1, 0,5 ou 0, et non {score}")


def d_of_p(p: ArrayLike) -> NDArray[np.float64]:
    """Seed 001 §2.4: the bonus/malus D(P): the printed table at its entries (.05 … .95), the normal curve
    that generates it between entries (REFERENCE §4.3), bounded to ±470 when P > .95 or P < .05."""
    return np.clip(dp_interpolated(p), -D_BOUND, D_BOUND)


@dataclass(frozen=True, slots=True)
class EloPerformance:
    """Seed 001 §2.1–2.5 for one player: Nj, Sc, Ea, P, D(P), Pj (None when no compatible game)."""

    nj: int
    sc: float
    ea: float | None
    p: float | None
    d: float | None
    pj: float | None


def performance(own: float | None, games: Sequence[tuple[float, float]], compatibility: bool = True
                ) -> EloPerformance:
    """Seed 001 §2: ``games`` are (opponent Elo, score). Without ``own`` (or with ``compatibility`` False,
    the first pass of §4.2) every game counts."""
    kept = [(r, s) for r, s in games
            if not compatibility or own is None or is_compatible(own, r, s)]
    nj = len(kept)
    if nj == 0:
        return EloPerformance(0, 0.0, None, None, None, None)
    sc = math.fsum(s for _, s in kept)
    ea = math.fsum(r for r, _ in kept) / nj  # §2.3
    p = sc / nj  # §2.3
    d = float(d_of_p(p))  # §2.4
    pj = max(PERFORMANCE_FLOOR, ea + d)  # §2.5
    return EloPerformance(nj, sc, ea, p, d, pj)


def performance_of(own: float | None, games: Sequence[RatedGame]) -> EloPerformance:
    """Seed 001 §2 from :class:`RatedGame` records (games that do not count, or against an unrated opponent
    without estimate, are left out)."""
    return performance(own, [(g.opponent_rating, g.score) for g in games
                             if g.counts and g.opponent_rating is not None])


# --------------------------------------------------------------------------------------------------------
# §1 rounding, estimates, periods; §5 conversions


def round_elo(x: float) -> int:
    """Seed 001 §1 "Règle d'arrondi": to the nearest ten, 5 going up (1235 -> 1240, 1234.9 -> 1230)."""
    return int(round_half_up(x, 10))


def is_estimated(elo: int) -> bool:
    """Seed 001 §1: an Elo ending in 9 is an estimated value (never used in the calculations, §4.1)."""
    return elo % 10 == 9


def mark_estimated(value: float) -> int:
    """Seed 001 §1: publish an estimate so that it ends in 9: the rounded ten minus one (1200 -> 1199)."""
    return round_elo(value) - 1


def period_of(day: dt.date) -> tuple[int, int]:
    """Seed 001 §1 "Règle de gestion": (season starting year, calculation 1/2/3).

    1: 1 September – 31 December; 2: 1 January – 30 April; 3: 1 May – 31 August. (The regulation adjusts the
    limits to week-ends; such adjustments are the federation's, not modelled here.)
    """
    if day.month >= 9:
        return day.year, 1
    return day.year - 1, (2 if day.month <= 4 else 3)


def elo_from_ingo(ingo: float) -> float:
    """Seed 001 §5: Élo = 2842 − 8 INGO."""
    return 2842 - 8 * ingo


def elo_from_bridier(bridier: float) -> float:
    """Seed 001 §5: Élo = 3 BRIDIER + 150."""
    return 3 * bridier + 150


def elo_from_bcr(bcr: float) -> float:
    """Seed 001 §5: Élo = 8 BCR + 600 (British Chess Rating)."""
    return 8 * bcr + 600


def elo_from_cs(cs: float) -> float:
    """Seed 001 §5: Élo = 2 CS + 1000 (classement suisse)."""
    return 2 * cs + 1000


# --------------------------------------------------------------------------------------------------------
# §3: the cases


class EloCase(StrEnum):
    NO_GAMES = "-"
    BRAKE = "1.a"
    PERFORMANCE = "1.b"
    BARYCENTRE = "1.c"
    ARCHIVE_FORGOTTEN = "2.a"
    ARCHIVE_EXTENDED = "2.b"
    ARCHIVE_COMBINED = "2.c"
    ARCHIVED = "3.a"
    FIRST_RATING = "3.b"


@dataclass(frozen=True, slots=True)
class EloArchive:
    """Seed 001 §2.1: Pa archived for Na compatible games (unrated players only)."""

    pa: float
    na: int


@dataclass(frozen=True, slots=True)
class EloDecision:
    case: EloCase
    raw: float | None
    """Ej before rounding (None: no new Elo)."""
    new_elo: int | None
    archive: EloArchive | None
    """The archive to keep for the next calculation (cases 2.b and 3.a)."""


def decide(ei: float | None, youth: bool, nj: int, pj: float | None,
           archive: EloArchive | None = None) -> EloDecision:
    """Seed 001 §3: Ej from Ei, Nj, Pj and the archives, rounded to the nearest ten."""
    if nj == 0 or pj is None:
        return EloDecision(EloCase.NO_GAMES, None, None if ei is None else round_elo(ei), archive)
    if ei is not None:
        quota = QUOTA_YOUTH if youth else QUOTA_SENIOR
        if pj <= ei:  # 1.a, the brake (Pj = Ei gives Ei, as every formula does)
            raw = (BRAKE * ei + nj * pj) / (BRAKE + nj)
            return EloDecision(EloCase.BRAKE, raw, round_elo(raw), None)
        if nj >= quota:  # 1.b: Nj > 7 for a youth, Nj > 15 for a senior
            return EloDecision(EloCase.PERFORMANCE, pj, round_elo(pj), None)
        raw = (pj * nj + (16 - nj) * ei) / 16  # 1.c: barycentre completed to 16
        return EloDecision(EloCase.BARYCENTRE, raw, round_elo(raw), None)
    if archive is not None and archive.na > 0:
        if nj >= ENTRY_GAMES:  # 2.a: the past is forgotten
            return EloDecision(EloCase.ARCHIVE_FORGOTTEN, pj, round_elo(pj), None)
        raw = (pj * nj + archive.pa * archive.na) / (nj + archive.na)
        if nj + archive.na >= ENTRY_GAMES:  # 2.c
            return EloDecision(EloCase.ARCHIVE_COMBINED, raw, round_elo(raw), None)
        return EloDecision(EloCase.ARCHIVE_EXTENDED, None, None, EloArchive(raw, nj + archive.na))  # 2.b
    if nj >= ENTRY_GAMES:  # 3.b: first rating
        return EloDecision(EloCase.FIRST_RATING, pj, round_elo(pj), None)
    return EloDecision(EloCase.ARCHIVED, None, None, EloArchive(pj, nj))  # 3.a


def performance_weight(case: EloCase, nj: int, archive: EloArchive | None = None) -> float | None:
    """The share k of the performance in the new Elo of §3, Ej = Ei + k·(Pj − Ei) (before rounding): 1.a the
    brake, Nj/(16 + Nj); 1.c the barycentre completed to 16, Nj/16; 2.c Nj/(Nj + Na); 1.b, 2.a, 3.b the
    performance itself, 1. None when no new Elo comes out (no game, an archive)."""
    if case is EloCase.BRAKE:
        return nj / (BRAKE + nj)
    if case is EloCase.BARYCENTRE:
        return nj / BRAKE
    if case is EloCase.ARCHIVE_COMBINED and archive is not None:
        return nj / (nj + archive.na)
    if case in (EloCase.PERFORMANCE, EloCase.ARCHIVE_FORGOTTEN, EloCase.FIRST_RATING):
        return 1.0
    return None


# --------------------------------------------------------------------------------------------------------
# §4.2: the iterative estimate of the unrated players, and the period


@dataclass(frozen=True, slots=True)
class EloGame:
    """One rated game of the period; ``white_score`` 1, 0.5 or 0."""

    white: PlayerId
    black: PlayerId
    white_score: float

    def __post_init__(self) -> None:
        if self.white_score not in (0.0, 0.5, 1.0):
            raise ValidationError(f"An Elo game score is 1, 0.5 or 0, not {self.white_score}",
                                  f"Le score d'une partie Élo est 1, 0,5 ou 0, et non {self.white_score}")
        if self.white == self.black:
            raise ValidationError("A player cannot play himself",
                                  "Un joueur ne peut pas se rencontrer lui-même")


@dataclass(frozen=True, slots=True)
class EloPlayer:
    """A player at the start of the period. ``elo`` None (or an estimate ending in 9): unrated."""

    player_id: PlayerId
    elo: int | None = None
    youth: bool = False
    archive: EloArchive | None = None

    @property
    def rated(self) -> bool:
        return self.elo is not None and not is_estimated(self.elo)


@dataclass(frozen=True, slots=True)
class IterationResult:
    estimates: Mapping[PlayerId, float]
    frozen: frozenset[PlayerId]
    cycles: int
    converged: bool


class _Sides:
    """Both sides of every game as arrays (player index, opponent index, score)."""

    def __init__(self, index: Mapping[PlayerId, int], games: Sequence[EloGame]) -> None:
        a = np.fromiter((index[g.white] for g in games), dtype=np.int64, count=len(games))
        b = np.fromiter((index[g.black] for g in games), dtype=np.int64, count=len(games))
        s = np.fromiter((g.white_score for g in games), dtype=float, count=len(games))
        self.me = np.concatenate([a, b])
        self.opp = np.concatenate([b, a])
        self.score = np.concatenate([s, 1.0 - s])
        self.n = len(index)

    def _mask(self, own: NDArray[np.float64], opp: NDArray[np.float64]) -> NDArray[np.bool_]:
        """§2.2: the compatible sides."""
        return ((self.score == 0.5) | ((self.score == 1.0) & (own - opp < COMPATIBILITY))
                | ((self.score == 0.0) & (opp - own < COMPATIBILITY)))

    def expected(self, values: NDArray[np.float64]) -> NDArray[np.float64]:
        """Σ of the expected scores (FIDE table 8.1(b), the companion of the §2.4 table) over each player's
        compatible games, at his value against his opponents'."""
        own = values[self.me]
        opp = values[self.opp]
        weights = self._mask(own, opp) * expected_scores(own, opp)
        return np.bincount(self.me, weights=weights, minlength=self.n)

    def perf(self, values: NDArray[np.float64], compatibility: bool
             ) -> tuple[NDArray[np.float64], ...]:
        """Seed 001 §2 for everyone at once: (Nj, Sc, Ea, P, D, Pj); NaN where Nj = 0."""
        own = values[self.me]
        opp = values[self.opp]
        if compatibility:  # §2.2
            mask = self._mask(own, opp)
        else:
            mask = np.ones_like(self.score, dtype=bool)
        w = mask.astype(float)
        nj = np.bincount(self.me, weights=w, minlength=self.n)
        sc = np.bincount(self.me, weights=w * self.score, minlength=self.n)
        so = np.bincount(self.me, weights=w * opp, minlength=self.n)
        with np.errstate(invalid="ignore", divide="ignore"):
            ea = np.where(nj > 0, so / np.where(nj > 0, nj, 1), np.nan)  # §2.3
            p = np.where(nj > 0, sc / np.where(nj > 0, nj, 1), np.nan)
        d = np.where(nj > 0, d_of_p(np.nan_to_num(p, nan=0.5)), np.nan)  # §2.4
        pj = np.where(nj > 0, np.maximum(PERFORMANCE_FLOOR, ea + d), np.nan)  # §2.5
        return nj, sc, ea, p, d, pj


def _iterate(sides: _Sides, values: NDArray[np.float64], unrated: NDArray[np.bool_], initial: float,
             max_cycles: int, tolerance: float) -> tuple[NDArray[np.float64], NDArray[np.bool_], int, bool]:
    values = values.copy()
    values[unrated] = initial  # §4.2: "à partir d'une valeur quelconque"
    if not unrated.any():
        return values, unrated.copy(), 0, True
    *_, pj0 = sides.perf(values, compatibility=False)  # §4.2: first pass, no compatibility range
    first = unrated & ~np.isnan(pj0)
    values[first] = pj0[first]  # the first estimates
    frozen = unrated & np.isnan(pj0)  # no game: nothing to estimate
    cycles = 0
    converged = False
    while cycles < max_cycles:
        cycles += 1
        *_, pj = sides.perf(values, compatibility=True)
        no_perf = unrated & np.isnan(pj)  # no compatible game left: the estimate stays
        close = unrated & ~no_perf & (np.abs(pj - values) < tolerance)
        moving = unrated & ~no_perf & ~close
        frozen = close | no_perf  # dynamic: a frozen player can be re-estimated in a later cycle
        if not moving.any():
            converged = True
            break
        values[moving] = (values[moving] + pj[moving]) / 2.0  # arithmetic mean, new estimate
    return values, frozen, cycles, converged


def estimate_unrated(players: Sequence[EloPlayer], games: Sequence[EloGame], initial: float = 1500.0,
                     max_cycles: int = MAX_CYCLES, tolerance: float = TOLERANCE) -> IterationResult:
    """Seed 001 §4.2: the iterative method for unrated players.

    First pass from ``initial`` ("une valeur quelconque") without compatibility; then up to 25 cycles of
    performance (with compatibility, rated players at their Elo and unrated ones at their current estimate) /
    comparison / mean: a player whose performance is within 20 points of his estimate keeps it (frozen),
    otherwise the mean of both is his next estimate. All players are updated together from the previous
    cycle's values, so a frozen player is re-estimated when his unrated opponents move (§4.2 "x + 2").
    """
    index = {p.player_id: i for i, p in enumerate(players)}
    sides = _Sides(index, games)
    values = np.array([float(p.elo) if p.rated else np.nan for p in players], dtype=float)  # type: ignore[arg-type]
    unrated = np.array([not p.rated for p in players], dtype=bool)
    values, frozen, cycles, converged = _iterate(sides, values, unrated, initial, max_cycles, tolerance)
    return IterationResult(
        estimates={p.player_id: float(values[i]) for i, p in enumerate(players) if unrated[i]},
        frozen=frozenset(p.player_id for i, p in enumerate(players) if frozen[i]),
        cycles=cycles, converged=converged,
    )


@dataclass(frozen=True, slots=True)
class EloResult:
    """One player at the end of a period (seed 001 §2–§4)."""

    player_id: PlayerId
    elo_before: int | None
    youth: bool
    nj: int
    sc: float
    ea: float | None
    p: float | None
    d: float | None
    pj: float | None
    case: EloCase
    raw: float | None
    new_elo: int | None
    archive: EloArchive | None
    games: int
    """All rated games of the period (compatible or not)."""
    expected: float | None = None
    """Rated players: Σ of the expected scores of the compatible games at Ei (FIDE table 8.1(b))."""
    k: float | None = None
    """The share of the performance in the new Elo (:func:`performance_weight`)."""


def rate_period(players: Sequence[EloPlayer], games: Sequence[EloGame], initial: float = 1500.0,
                max_cycles: int = MAX_CYCLES, tolerance: float = TOLERANCE) -> dict[PlayerId, EloResult]:
    """Seed 001: one calculation period for every player of ``players`` (each game's two players must be
    listed). Unrated players are estimated first (§4.2); rated players' performances use those estimates for
    their unrated opponents; the unrated players' Pj is their final estimate, Nj their compatible games at
    it; then the cases of §3 apply."""
    index = {p.player_id: i for i, p in enumerate(players)}
    for g in games:
        for pid in (g.white, g.black):
            if pid not in index:
                raise ValidationError(f"Player {pid} plays in the period but is not listed",
                                      f"Le joueur {pid} joue dans la période mais n'est pas listé")
    sides = _Sides(index, games)
    values = np.array([float(p.elo) if p.rated else np.nan for p in players], dtype=float)  # type: ignore[arg-type]
    unrated = np.array([not p.rated for p in players], dtype=bool)
    values, _frozen, _cycles, _conv = _iterate(sides, values, unrated, initial, max_cycles, tolerance)
    nj, sc, ea, p, d, pj = sides.perf(values, compatibility=True)
    expected = sides.expected(values)
    total = np.bincount(sides.me, minlength=len(players))
    out: dict[PlayerId, EloResult] = {}
    for i, pl in enumerate(players):
        n = int(nj[i])
        if unrated[i]:
            perf_i = float(values[i]) if n else None  # §4.2: the estimate is the first rating
            ei = None
        else:
            perf_i = None if np.isnan(pj[i]) else float(pj[i])
            ei = float(pl.elo)  # type: ignore[arg-type]
        dec = decide(ei, pl.youth, n, perf_i, None if pl.rated else pl.archive)
        if dec.case is EloCase.NO_GAMES and not pl.rated:
            dec = EloDecision(EloCase.NO_GAMES, None, None, pl.archive)
        out[pl.player_id] = EloResult(
            pl.player_id, pl.elo if pl.rated else None, pl.youth, n, float(sc[i]),
            None if n == 0 else float(ea[i]), None if n == 0 else float(p[i]),
            None if n == 0 else float(d[i]), perf_i, dec.case, dec.raw, dec.new_elo, dec.archive,
            int(total[i]), float(expected[i]) if ei is not None else None,
            performance_weight(dec.case, n, None if pl.rated else pl.archive),
        )
    return out
