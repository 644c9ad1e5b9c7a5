"""FIDE rating tables (Handbook B.02 §8.1, REFERENCE §4) and performance helpers.

* Table 8.1(a), ``dp(p)``: rating difference for a percentage score (REFERENCE §4.1). Seed 001 §2.4 prints
  the same table from .01 to .99 (its "D(P)").
* Table 8.1(b), ``PD(D)``: expected score for a rating difference (REFERENCE §4.2).
* The normal curve behind them, σ = 2000/7 (REFERENCE §4.3), used only *between* table entries.
* TPR (REFERENCE §4.4): rounded average opponent rating + dp(p rounded to hundredths).
* The FIDE Rating Regulations B.02 (effective 1 March 2024, amended 1 October 2025): the rating change of a
  rated player (§8.3: the 400-point rule, K, the 700 cap, rounding) and the initial rating of an unrated player
  (§8.2, §7.1.4), used by ``from_event.fide_preview``.
* The list a game is rated on (:func:`rating_list`): standard (B.02 §1.1), rapid or blitz (the Rapid and Blitz
  Rating Regulations, B.02 RB §1.1.1-1.1.2). The rapid and blitz lists are computed as the standard one (their
  K as §8.3.3 since 1 October 2022), except that a difference over 400 counts as 400 for every player: the 2650
  exception of §8.3.1 is the standard list's only.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

import numpy as np
from numpy.typing import ArrayLike, NDArray

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import msg
from tournament_desk.core.ratings.common import round_half_away, round_half_up

__all__ = [
    "DP_TABLE",
    "PD_TABLE",
    "RULE_2650_FROM",
    "SIGMA",
    "InitialRating",
    "RatedChange",
    "RatingList",
    "capped_coefficient",
    "counted_difference",
    "development_coefficient",
    "dp",
    "dp_continuous",
    "dp_interpolated",
    "expected_score",
    "expected_scores",
    "initial_rating",
    "minimum_minutes",
    "pd_continuous",
    "ptp",
    "rated_change",
    "rating_list",
    "tpr",
]

SIGMA = 2000.0 / 7.0
"""REFERENCE §4.3: the tables follow Φ(D/σ) with σ ≈ 2000/7."""

# REFERENCE §4.1, table 8.1(a): p (hundredths, 50..100) -> dp. Symmetric: dp(1 - p) = -dp(p).
_DP_UPPER: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,  # .50 .. .59
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,  # .60 .. .69
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,  # .70 .. .79
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,  # .80 .. .89
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,  # .90 .. .99
    800,  # 1.00 (convention, REFERENCE §4.3)
)
DP_TABLE: dict[int, int] = {}
"""Table 8.1(a) keyed by p in hundredths (0..100)."""
for _k, _v in enumerate(_DP_UPPER):
    DP_TABLE[50 + _k] = _v
    DP_TABLE[50 - _k] = -_v

# REFERENCE §4.2, table 8.1(b): upper bound of |D| for each PD of the higher-rated player.
_PD_UPPER_BOUNDS: tuple[tuple[int, float], ...] = (
    (3, .50), (10, .51), (17, .52), (25, .53), (32, .54), (39, .55), (46, .56), (53, .57), (61, .58),
    (68, .59), (76, .60), (83, .61), (91, .62), (98, .63), (106, .64), (113, .65), (121, .66), (129, .67),
    (137, .68), (145, .69), (153, .70), (162, .71), (170, .72), (179, .73), (188, .74), (197, .75),
    (206, .76), (215, .77), (225, .78), (235, .79), (245, .80), (256, .81), (267, .82), (278, .83),
    (290, .84), (302, .85), (315, .86), (328, .87), (344, .88), (357, .89), (374, .90), (391, .91),
    (411, .92), (432, .93), (456, .94), (484, .95), (517, .96), (559, .97), (619, .98), (735, .99),
)
PD_TABLE: tuple[tuple[int, float], ...] = _PD_UPPER_BOUNDS
"""Table 8.1(b): (largest |D| of the band, PD of the higher-rated player); beyond 735: 1.00."""

# scipy.special (the normal curve: ndtr, ndtri) is imported on first use, not with this module: the Elo and
# FFJD rating code imports this module for its tables, and scipy.special alone takes 0.2-0.3 s to import,
# which every `rate` call would pay (issue 20).


def _ndtr(x: ArrayLike) -> NDArray[np.float64]:
    from scipy.special import ndtr

    return np.asarray(ndtr(x), dtype=float)


def _ndtri(p: ArrayLike) -> NDArray[np.float64]:
    from scipy.special import ndtri

    return np.asarray(ndtri(p), dtype=float)


@cache
def _entries() -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Normal-curve abscissae of the table entries .01 .. .99 and their values, for the interpolation."""
    z = _ndtri(np.arange(1, 100) / 100.0)
    return z, np.array([DP_TABLE[k] for k in range(1, 100)], dtype=float)


def _check_p(p: float) -> None:
    if not (0.0 <= p <= 1.0) or math.isnan(p):
        raise ValidationError(msg("A percentage score must be between 0 and 1, not {p}", p=p))


def dp(p: float) -> int:
    """REFERENCE §4.1 / §4.4: table 8.1(a) value for ``p`` rounded to the nearest hundredth (half up)."""
    _check_p(p)
    return DP_TABLE[int(round_half_up(p * 100))]


def dp_continuous(p: float, sigma: float = SIGMA) -> float:
    """REFERENCE §4.3: σ·Φ⁻¹(p), the normal curve behind table 8.1(a) (documentation only; ±∞ at 0/1)."""
    _check_p(p)
    return float(sigma * _ndtri(p))


def dp_interpolated(p: ArrayLike) -> NDArray[np.float64]:
    """Table 8.1(a) exactly at its entries .01 .. .99, the normal curve between them (REFERENCE §4.3).

    Between two entries the value follows Φ⁻¹: it is linear in z = Φ⁻¹(p), so the curve's shape is kept and
    the table's own values are hit exactly. Outside .01 .. .99 the end entries (∓677) are returned; callers
    apply their own bounds (seed 001 §2.4 bounds the bonus at ±470 beyond .95/.05).
    """
    arr = np.asarray(p, dtype=float)
    if np.any((arr < 0) | (arr > 1)) or np.any(np.isnan(arr)):
        raise ValidationError(msg("A percentage score must be between 0 and 1"))
    with np.errstate(divide="ignore"):
        z = _ndtri(np.clip(arr, 1e-12, 1 - 1e-12))
    z_entries, d_entries = _entries()
    return np.interp(z, z_entries, d_entries)


def expected_score(rating: float, opponent_rating: float) -> float:
    """REFERENCE §4.2: PD from table 8.1(b); the higher-rated gets PD, the lower-rated 1 − PD."""
    diff = abs(rating - opponent_rating)
    pd_high = 1.0
    for upper, value in PD_TABLE:
        if diff <= upper:
            pd_high = value
            break
    if diff > 735:
        pd_high = 1.0
    return pd_high if rating >= opponent_rating else 1.0 - pd_high


_PD_BOUNDS = np.array([upper for upper, _ in PD_TABLE], dtype=float)
_PD_VALUES = np.array([value for _, value in PD_TABLE] + [1.0], dtype=float)


def expected_scores(rating: ArrayLike, opponent_rating: ArrayLike) -> NDArray[np.float64]:
    """:func:`expected_score` for arrays of games at once (same table, same bands)."""
    diff = np.asarray(rating, dtype=float) - np.asarray(opponent_rating, dtype=float)
    high = _PD_VALUES[np.searchsorted(_PD_BOUNDS, np.abs(diff), side="left")]
    return np.where(diff >= 0, high, 1.0 - high)


def pd_continuous(diff: ArrayLike, sigma: float = SIGMA) -> NDArray[np.float64]:
    """REFERENCE §4.3: Φ(D/σ), the normal curve behind table 8.1(b)."""
    return _ndtr(np.asarray(diff, dtype=float) / sigma)


def tpr(opponent_ratings: Sequence[float], score: float) -> float:
    """REFERENCE §4.4 (C.07 10.2): rounded average opponent rating + dp(p), p rounded to hundredths.

    Example of REFERENCE §4.4: opponents 2000/2100/2200/1900/2050 and 4/5 points give 2290.
    """
    n = len(opponent_ratings)
    if n == 0:
        raise ValidationError(msg("A performance needs at least one game"))
    if not 0 <= score <= n:
        raise ValidationError(msg("Score {score} is impossible in {n} games", score=score, n=n))
    aro = round_half_up(math.fsum(opponent_ratings) / n)
    return aro + dp(score / n)


def ptp(opponent_ratings: Sequence[float], score: float) -> int:
    """REFERENCE §4.4: the smallest integer rating R whose expected score (table 8.1(b)) reaches ``score``.

    0 points give min − 800 (REFERENCE: 0/5 → lowest 1900 − 800 = 1100 in its example); a perfect score
    gives max + 736.
    """
    n = len(opponent_ratings)
    if n == 0:
        raise ValidationError(msg("A performance needs at least one game"))
    if score <= 0:
        return int(min(opponent_ratings)) - 800
    if score >= n:
        return int(max(opponent_ratings)) + 736
    lo = int(min(opponent_ratings)) - 800
    hi = int(max(opponent_ratings)) + 800
    while lo < hi:
        mid = (lo + hi) // 2
        if math.fsum(expected_score(mid, r) for r in opponent_ratings) >= score - 1e-9:
            hi = mid
        else:
            lo = mid + 1
    return lo


# --------------------------------------------------------------------------------------------------------
# The FIDE Rating Regulations, B.02 effective 1 March 2024 (amended 1 October 2025): rating change of a rated
# player (§8.3), initial rating of an unrated player (§8.2, §7.1.4). Text as published at
# https://handbook.fide.com/chapter/B022024 (docs/rules.md §11 quotes the articles used).

RULE_2650_FROM = dt.date(2025, 10, 1)
"""B.02 §8.3.1 "Effective from 1 October 2025": players rated 2650 and above use the real difference."""
CAP_DIFFERENCE = 400
"""B.02 §8.3.1: a difference of more than 400 points counts as 400 (players below 2650)."""
UNCAPPED_FROM_RATING = 2650
HYPOTHETICAL_OPPONENT = 1800
"""B.02 §8.2.2: two hypothetical opponents rated 1800, both games drawn."""
MAX_INITIAL_RATING = 2200
"""B.02 §8.2.3: the maximum initial rating."""
MIN_PUBLISHED_RATING = 1400
"""B.02 §7.1.4 (an initial rating must be at least 1400), §7.2.1 (below 1400: shown as unrated)."""
NEW_PLAYER_GAMES = 5
"""B.02 §7.1.4: an initial rating is published when based on at least 5 games against rated opponents."""
K_TIMES_GAMES_MAX = 700
"""B.02 §8.3.3: K × n may not exceed 700."""


class RatingList(StrEnum):
    """The FIDE list a game is rated on, by its rate of play."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


def rating_list(minutes: int) -> RatingList | None:
    """The list for ``minutes`` per player for 60 moves (base + 60 × increment): standard from 60 (B.02 §1.1; the
    rating-dependent minimum of 60/90/120 is :func:`minimum_minutes`), rapid for more than 10 and less than 60
    (B.02 RB §1.1.1), blitz for more than 3 and at most 10 (B.02 RB §1.1.2); None for 3 or less (no list)."""
    if minutes >= 60:
        return RatingList.STANDARD
    if minutes > 10:
        return RatingList.RAPID
    if minutes > 3:
        return RatingList.BLITZ
    return None


def minimum_minutes(rating_a: float | None, rating_b: float | None) -> int:
    """B.02 §1.1: the minimum time each player needs for a game of 60 moves to be rated: 120 minutes "where at
    least one of the players in the game has a rating of 2400 or higher", 90 where one has 1800 or higher, 60
    "where both of the players in the game are rated below 1800" (an unrated player counts below 1800)."""
    top = max((r for r in (rating_a, rating_b) if r is not None), default=None)
    if top is not None and top >= 2400:
        return 120
    if top is not None and top >= 1800:
        return 90
    return 60


def counted_difference(own: float, opponent: float, on: dt.date | None = None,
                       listing: RatingList = RatingList.STANDARD) -> float:
    """B.02 §8.3.1: D = own − opponent; more than 400 points counts as 400 for players rated below 2650 (from
    1 October 2025; for every player before). ``on``: the event's start date (None: the current rule). On the
    rapid and blitz lists (``listing``) the 400 applies to every player: the 2650 exception is the standard
    list's."""
    d = own - opponent
    if abs(d) <= CAP_DIFFERENCE:
        return d
    if listing is RatingList.STANDARD and (on is None or on >= RULE_2650_FROM) and own >= UNCAPPED_FROM_RATING:
        return d
    return math.copysign(CAP_DIFFERENCE, d)


def _pd_hundredths(d: float) -> int:
    """Table 8.1.2: PD in hundredths for the difference ``d`` (own − opponent): column H for d >= 0, L below."""
    high = 100
    for upper, value in PD_TABLE:
        if abs(d) <= upper:
            high = round(value * 100)
            break
    return high if d >= 0 else 100 - high


def development_coefficient(rating: float, *, birth_year: int | None = None, year: int | None = None,
                            rated_games: int | None = None, reached_2400: bool = False) -> tuple[int, str]:
    """B.02 §8.3.3: K and the line of §8.3.3 it comes from.

    K = 10 once the published rating reached 2400 (``reached_2400``, or the rating itself ≥ 2400); K = 40 until
    the end of the year of the 18th birthday while the rating stays under 2300 (``year − birth_year <= 18``);
    K = 40 for a player new to the list until 30 games (``rated_games`` < 30, when known); otherwise K = 20.
    The order (2400, junior, new player, 20) is the reading of docs/rules.md §11."""
    if reached_2400 or rating >= 2400:
        return 10, "rating 2400 reached: K = 10"
    if birth_year is not None and year is not None and year - birth_year <= 18 and rating < 2300:
        return 40, "until the end of the year of the 18th birthday, under 2300: K = 40"
    if rated_games is not None and rated_games < 30:
        return 40, "fewer than 30 rated games: K = 40"
    return 20, "rating under 2400: K = 20"


def capped_coefficient(k: int, games: int) -> int:
    """B.02 §8.3.3: if n × K exceeds 700, K is the largest whole number with K × n <= 700."""
    if games > 0 and k * games > K_TIMES_GAMES_MAX:
        return K_TIMES_GAMES_MAX // games
    return k


@dataclass(frozen=True, slots=True)
class RatedChange:
    """B.02 §8.3.2 for one rated player over one event: n games against rated opponents, the score W, the sum
    of the PD (We), Σ(W − We), K, K × Σ before rounding and the change rounded as §8.3.4."""

    games: int
    score: float
    expected: float
    sum_delta: float
    k: int
    change: float
    rounded_change: int
    new_rating: int


def rated_change(rating: float, games: Sequence[tuple[float, float]], k: int,
                 on: dt.date | None = None, listing: RatingList = RatingList.STANDARD) -> RatedChange:
    """B.02 §8.3: ``games`` = (opponent's rating, score 1/0.5/0) against rated opponents only. For each game
    D (§8.3.1, the 400-point rule), PD from table 8.1.2 (§8.3.2 a), ΔR = score − PD (b); ΣΔR (c); the change
    K × ΣΔR (d), with K capped so that K × n <= 700 (§8.3.3), rounded to the nearest whole number, 0.5 away
    from zero (§8.3.4). ``listing``: the rapid or blitz list (B.02 RB) counts 400 for every player (see
    :func:`counted_difference`)."""
    for _, score in games:
        if score not in (0.0, 0.5, 1.0):
            raise ValidationError(msg("A FIDE-rated game scores 1, 0.5 or 0, not {score}", score=score))
    pd = sum(_pd_hundredths(counted_difference(rating, opp, on, listing)) for opp, _ in games)
    w = math.fsum(score for _, score in games)
    k_used = capped_coefficient(k, len(games))
    sum_delta = (round(w * 100) - pd) / 100
    change = k_used * sum_delta
    rounded = round_half_away(change)
    return RatedChange(len(games), w, pd / 100, sum_delta, k_used, change, rounded, int(rating) + rounded)


@dataclass(frozen=True, slots=True)
class InitialRating:
    """B.02 §8.2 for one unrated player: n games against rated opponents and the score W; Ra with the two
    hypothetical 1800 opponents, p = (W + 1)/(n + 2), dp, Ru; ``published`` per §7.1.4 and why not."""

    games: int
    score: float
    ra: float
    p: float
    dp: int
    ru: int | None
    published: bool
    reason: str


def initial_rating(games: Sequence[tuple[float, float]], *, first_event: bool = True) -> InitialRating:
    """B.02 §8.2: ``games`` = (opponent's rating, score) against rated opponents. A zero score in the player's
    first event is disregarded (§8.2.1); Ra = the average of the opponents' ratings and two hypothetical
    opponents rated 1800 (§8.2.2), drawn; Ru = Ra + dp (§8.2.3, dp of table 8.1.1 for p rounded to the nearest
    hundredth, .005 up), rounded to the nearest whole number (half up), at most 2200. Published when based on at
    least 5 games and at least 1400 (§7.1.4); otherwise pooled with later events (26 months)."""
    n = len(games)
    w = math.fsum(score for _, score in games)
    if n == 0:
        return InitialRating(0, 0.0, 0.0, 0.0, 0, None, False, "no game against a rated opponent (§7.1.4)")
    if w == 0 and first_event:
        return InitialRating(n, 0.0, 0.0, 0.0, 0, None, False, "zero score in a first event: disregarded (§8.2.1)")
    ra = (math.fsum(opp for opp, _ in games) + 2 * HYPOTHETICAL_OPPONENT) / (n + 2)
    p = (w + 1) / (n + 2)
    d = dp(p)
    ru = min(int(round_half_up(ra + d)), MAX_INITIAL_RATING)
    if n < NEW_PLAYER_GAMES:
        return InitialRating(n, w, ra, p, d, ru, False,
                             f"{n} of the {NEW_PLAYER_GAMES} games against rated opponents needed; pooled with the "
                             "player's next events (26 months, §7.1.4)")
    if ru < MIN_PUBLISHED_RATING:
        return InitialRating(n, w, ra, p, d, ru, False, f"below {MIN_PUBLISHED_RATING}: not published (§7.1.4)")
    return InitialRating(n, w, ra, p, d, ru, True, "first rating (§8.2)")
