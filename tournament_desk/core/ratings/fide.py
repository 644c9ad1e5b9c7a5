"""FIDE rating tables (Handbook B.02 §8.1, REFERENCE §4) and performance helpers.

* Table 8.1(a), ``dp(p)``: rating difference for a percentage score (REFERENCE §4.1). Seed 001 §2.4 prints
  the same table from .01 to .99 (its "D(P)").
* Table 8.1(b), ``PD(D)``: expected score for a rating difference (REFERENCE §4.2).
* The normal curve behind them, σ = 2000/7 (REFERENCE §4.3), used only *between* table entries.
* TPR (REFERENCE §4.4): rounded average opponent rating + dp(p rounded to hundredths).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy.special import ndtr, ndtri

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.ratings.common import round_half_up

__all__ = [
    "DP_TABLE", "PD_TABLE", "SIGMA", "dp", "dp_continuous", "dp_interpolated", "expected_score",
    "expected_scores", "pd_continuous", "ptp", "tpr",
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

# Normal-curve abscissae of the table entries .01 .. .99, for the interpolation between entries.
_P_ENTRIES = np.arange(1, 100) / 100.0
_Z_ENTRIES = ndtri(_P_ENTRIES)
_D_ENTRIES = np.array([DP_TABLE[k] for k in range(1, 100)], dtype=float)


def _check_p(p: float) -> None:
    if not (0.0 <= p <= 1.0) or math.isnan(p):
        raise ValidationError(f"A percentage score must be between 0 and 1, not {p}",
                              f"Un pourcentage de points doit être entre 0 et 1, et non {p}")


def dp(p: float) -> int:
    """REFERENCE §4.1 / §4.4: table 8.1(a) value for ``p`` rounded to the nearest hundredth (half up)."""
    _check_p(p)
    return DP_TABLE[int(round_half_up(p * 100))]


def dp_continuous(p: float, sigma: float = SIGMA) -> float:
    """REFERENCE §4.3: σ·Φ⁻¹(p), the normal curve behind table 8.1(a) (documentation only; ±∞ at 0/1)."""
    _check_p(p)
    return float(sigma * ndtri(p))


def dp_interpolated(p: ArrayLike) -> NDArray[np.float64]:
    """Table 8.1(a) exactly at its entries .01 .. .99, the normal curve between them (REFERENCE §4.3).

    Between two entries the value follows Φ⁻¹: it is linear in z = Φ⁻¹(p), so the curve's shape is kept and
    the table's own values are hit exactly. Outside .01 .. .99 the end entries (∓677) are returned; callers
    apply their own bounds (seed 001 §2.4 bounds the bonus at ±470 beyond .95/.05).
    """
    arr = np.asarray(p, dtype=float)
    if np.any((arr < 0) | (arr > 1)) or np.any(np.isnan(arr)):
        raise ValidationError("A percentage score must be between 0 and 1",
                              "Un pourcentage de points doit être entre 0 et 1")
    with np.errstate(divide="ignore"):
        z = ndtri(np.clip(arr, 1e-12, 1 - 1e-12))
    return np.interp(z, _Z_ENTRIES, _D_ENTRIES)


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
    return np.asarray(ndtr(np.asarray(diff, dtype=float) / sigma), dtype=float)


def tpr(opponent_ratings: Sequence[float], score: float) -> float:
    """REFERENCE §4.4 (C.07 10.2): rounded average opponent rating + dp(p), p rounded to hundredths.

    Example of REFERENCE §4.4: opponents 2000/2100/2200/1900/2050 and 4/5 points give 2290.
    """
    n = len(opponent_ratings)
    if n == 0:
        raise ValidationError("A performance needs at least one game",
                              "Une performance demande au moins une partie")
    if not 0 <= score <= n:
        raise ValidationError(f"Score {score} is impossible in {n} games",
                              f"Le score {score} est impossible en {n} parties")
    aro = round_half_up(math.fsum(opponent_ratings) / n)
    return aro + dp(score / n)


def ptp(opponent_ratings: Sequence[float], score: float) -> int:
    """REFERENCE §4.4: the smallest integer rating R whose expected score (table 8.1(b)) reaches ``score``.

    0 points give min − 800 (REFERENCE: 0/5 → lowest 1900 − 800 = 1100 in its example); a perfect score
    gives max + 736.
    """
    n = len(opponent_ratings)
    if n == 0:
        raise ValidationError("A performance needs at least one game",
                              "Une performance demande au moins une partie")
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
