"""FFJD Capital-Points (seed 000: Règlement du Classement National, §2, §6, §7, §8 and Annex B).

Scale: a game is worth 0 / 1 / 2 points (seed 000 §4). A publication period is one month (§2): every rating
used in the period is the one published at its start (frozen), all evolutions of the period are summed and
rounded once at the end.

Building blocks (one function per rule, each citing its section) and two entry points:

* :func:`evaluate_series`: one tournament ("série") with ratings frozen at the period start: evolutions of
  the classed players, Annex B for the unrated ones. Used for the per-event preview.
* :func:`rate_period`: several series of one period, summed and rounded once, first ratings (§6.2.1–6.2.4).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

import numpy as np

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.ratings.common import (
    PlayerId,
    RatedGame,
    RatingComputationError,
    round_half_away,
    round_half_up,
)
from tournament_desk.core.results import GameResult, Outcome

__all__ = [
    "FLOOR",
    "AcceleratedResult",
    "Cadence",
    "Experience",
    "FfjdGame",
    "FfjdPlayerResult",
    "FfjdSeries",
    "FirstRatingPart",
    "Present",
    "SeriesPlayer",
    "SeriesResult",
    "accelerated_procedure",
    "apply_floor",
    "evaluate_series",
    "evolution_of",
    "expected_points",
    "first_rating",
    "first_rating_from_performance",
    "first_rating_normal",
    "fmjd_equivalent",
    "game_evolution",
    "games_needed",
    "guide_estimate",
    "k_factor",
    "mfnc",
    "performance",
    "points_of",
    "rate_period",
    "round_evolution",
]

FLOOR = 600
"""Seed 000 §6.3: nobody goes below 600."""
FIRST_RATING_GAMES = 5  # FFJD §6.2.1 / §6.2.3
FIRST_RATING_GAMES_HIGH = 7  # FFJD §6.2.3: when the first rating is >= 1500
HIGH_FIRST_RATING = 1500  # FFJD §6.2.3
PERFORMANCE_MIN_GAMES = 5  # FFJD §8
ACCELERATED_MIN_GAMES = 5  # FFJD §6.2.2 / Annex B: at least 5 games (without forfeit) in the tournament
CLASSED_FOR_NO_CORRECTION = 4  # FFJD Annex B 3): 4 classed players or more, no correction
MAX_CONDITION = 1e12
"""Annex B: a system whose condition number exceeds this is refused as ill-conditioned."""


class Present(StrEnum):
    """Annex B 3)–5): which classed players are "présents dans la série" (NJC)."""

    COUNTED_GAME = "counted-game"
    """Classed players with at least one counted game in the series (§6.4, §6.5): a classed entrant who
    played nothing that counts (withdrew before round 1, only excused forfeits) gives the unrated players no
    reference, so he does not make the estimate good (issue 24's reading, the default)."""
    REGISTERED = "registered"
    """Every classed entrant of the series (EXEMPT excluded), whatever he played."""


class Cadence(StrEnum):
    """Seed 000 §5.2: the two kinds of homologated series."""

    SLOW = "slow"  # cadences lentes (§5.2.1, official FMJD cadence)
    ACCELERATED = "accelerated"  # cadences accélérées / semi-rapides (§5.2.2)


# --------------------------------------------------------------------------------------------------------
# Elementary rules


def k_factor(cp: float, cadence: Cadence) -> float:
    """FFJD §6.1.1: K by cadence and CP, with the linear band 1350 <= CP < 1500."""
    high, low = (25.0, 15.0) if cadence is Cadence.SLOW else (15.0, 5.0)
    if cp < 1350:
        return high
    if cp < 1500:
        return high - 10.0 * (cp - 1350) / 150.0
    return low


def expected_points(cp: float, opponent_cp: float) -> float:
    """FFJD §6.1.2: PA = 1 + ΔCP/500, clamped to 1.9 when ΔCP >= 450 and 0.1 when ΔCP <= -450."""
    delta = cp - opponent_cp
    if delta >= 450:
        return 1.9
    if delta <= -450:
        return 0.1
    return 1.0 + delta / 500.0


def game_evolution(cp: float, opponent_cp: float, points: float, cadence: Cadence) -> float:
    """FFJD §6.1: Ev. = (Pts − PA) × K for one game against a classed player (not rounded)."""
    _check_points(points)
    return (points - expected_points(cp, opponent_cp)) * k_factor(cp, cadence)


def evolution_of(cp: float, games: Iterable[RatedGame], cadence: Cadence) -> float:
    """FFJD §6.1 and §2: Σ Ev. over the counted games against classed opponents (not yet rounded)."""
    return math.fsum(game_evolution(cp, g.opponent_rating, g.score, cadence)
                     for g in games if g.counts and g.opponent_rating is not None)


def round_evolution(total: float) -> int:
    """FFJD §2: the evolutions of a period are rounded to the nearest integer at the end (halves away from
    zero, so that a gain and the matching loss round alike)."""
    return round_half_away(total)


def apply_floor(cp: float) -> float:
    """FFJD §6.3: no rating below 600."""
    return max(float(FLOOR), cp)


def fmjd_equivalent(fmjd_rating: float) -> int:
    """FFJD §7.1: Equivalent FFJD = 1.5 × FMJD − 1065 (rounded to the nearest integer, halves up)."""
    return int(round_half_up(1.5 * fmjd_rating - 1065))


def performance(mcp: float, points: float, games: int) -> float | None:
    """FFJD §8: Perf = MCP + 500 × (Pts − NPJ)/NPJ, only from 5 homologated games in the tournament."""
    if games < PERFORMANCE_MIN_GAMES:
        return None
    return mcp + 500.0 * (points - games) / games


def first_rating_normal(mcp: float, points: float, games: int) -> float:
    """FFJD §6.2.1: Nouveau CP = MCP + 250 × (Pts − NPJ)/NPJ (before rounding and the §6.2.3 check)."""
    if games <= 0:
        raise ValidationError("A first rating needs games", "Un premier classement demande des parties")
    return mcp + 250.0 * (points - games) / games


def first_rating_from_performance(mcp: float, perf: float) -> float:
    """FFJD §6.2.1 (last formula) and Annex B 2): CPf = (Perf + MCP)/2."""
    return (perf + mcp) / 2.0


def games_needed(first: float) -> int:
    """FFJD §6.2.3: 5 homologated games, 7 when the first rating would be >= 1500."""
    return FIRST_RATING_GAMES_HIGH if first >= HIGH_FIRST_RATING else FIRST_RATING_GAMES


def mfnc(njc: int, eonc: float, eanc: float) -> float:
    """FFJD Annex B 5): MFNC = ((4 − NJC) × EONC + NJC × EANC)/4, for 1 to 3 classed players."""
    if not 1 <= njc <= 3:
        raise ValidationError(f"MFNC is defined for 1 to 3 classed players, not {njc}",
                              f"MFNC n'est défini que pour 1 à 3 joueurs classés, et non {njc}")
    return ((4 - njc) * eonc + njc * eanc) / 4.0


class Experience(StrEnum):
    """Columns of the Annex B guide for the organiser's estimate."""

    BEGINNER = "beginner"  # débutants complets
    CLUB_START = "club-start"  # débuts en club
    ONE_YEAR = "one-year"  # 1 an de club


_GUIDE_BASE = {Experience.BEGINNER: 600, Experience.CLUB_START: 650, Experience.ONE_YEAR: 750}


def guide_estimate(mean_age: float | None, experience: Experience) -> int:
    """FFJD Annex B, guide table: 8 years and less 600/650/750, +50 a year up to 16; adults as 16.

    ``mean_age`` None means adults. The age is taken in whole years (9.7 years reads the 9-year row).
    """
    years = 16 if mean_age is None else min(16, max(8, math.floor(mean_age)))
    return _GUIDE_BASE[experience] + 50 * (years - 8)


def points_of(outcome: Outcome) -> int:
    """Seed 000 §4: 2 for a win (over the board or by forfeit), 1 for a draw, 0 otherwise (0r and 0d too)."""
    if outcome in (Outcome.WIN, Outcome.FORFEIT_WIN_EXCUSED, Outcome.FORFEIT_WIN_UNEXCUSED):
        return 2
    if outcome is Outcome.DRAW:
        return 1
    return 0


def _check_points(points: float) -> None:
    if not 0 <= points <= 2:
        raise ValidationError(f"An FFJD game is worth 0, 1 or 2 points, not {points}",
                              f"Une partie FFJD vaut 0, 1 ou 2 points, et non {points}")


# --------------------------------------------------------------------------------------------------------
# Inputs


@dataclass(frozen=True, slots=True)
class FfjdGame:
    """One board of a series. ``counts``: homologated for the rating (§6.4); ``forfeit``: not played over the
    board (an unexcused forfeit counts as played, §6.4, but is not one of the 5 games of §6.2.2)."""

    white: PlayerId
    black: PlayerId
    white_points: int
    black_points: int
    counts: bool = True
    forfeit: bool = False

    def __post_init__(self) -> None:
        if not (0 <= self.white_points <= 2 and 0 <= self.black_points <= 2):  # a period builds 50,000 of them
            _check_points(self.white_points)
            _check_points(self.black_points)
        if self.white == self.black:
            raise ValidationError("A player cannot play himself",
                                  "Un joueur ne peut pas se rencontrer lui-même")

    @classmethod
    def from_result(cls, white: PlayerId, black: PlayerId, result: GameResult) -> FfjdGame:
        """Seed 000 §4 and §6.4: points and whether the game counts, from the board's result code."""
        w, b = result.outcomes()
        return cls(white, black, points_of(w), points_of(b), counts=w.counts_for_ffjd_rating,
                   forfeit=w.is_forfeit)


@dataclass(frozen=True, slots=True)
class FfjdSeries:
    """One homologated series (tournament). ``exempt``: ids of the EXEMPT player(s), whose games never count
    (§6.5). ``players``: the entrants (for NJC, Annex B); by default everyone on a board."""

    name: str
    cadence: Cadence
    games: tuple[FfjdGame, ...]
    organiser_estimate: float | None = None
    """EONC, Annex B 4)–5): the organiser's estimate of the unrated players' average."""
    exempt: frozenset[PlayerId] = frozenset()
    players: tuple[PlayerId, ...] = ()
    present: Present = Present.COUNTED_GAME
    """Annex B 3): how NJC counts the classed players "présents dans la série"."""

    def counted_games(self) -> list[FfjdGame]:
        """§6.4 and §6.5: the homologated games (no excused forfeit, never the EXEMPT)."""
        return [g for g in self.games
                if g.counts and g.white not in self.exempt and g.black not in self.exempt]

    def classed_present(self, ratings: Mapping[PlayerId, float | None]) -> int:
        """NJC, Annex B 3): "le nombre de joueurs classés présents dans la série", read per :attr:`present`."""
        if self.present is Present.REGISTERED:
            return sum(1 for p in self.entrants() if ratings.get(p) is not None)
        played = {x for g in self.counted_games() for x in (g.white, g.black)}
        return sum(1 for p in played if ratings.get(p) is not None)

    def entrants(self) -> list[PlayerId]:
        seen: dict[PlayerId, None] = {}
        for p in self.players or [x for g in self.games for x in (g.white, g.black)]:
            if p not in self.exempt:
                seen.setdefault(p, None)
        return list(seen)


@dataclass(frozen=True, slots=True)
class FirstRatingPart:
    """§6.2.4: the first-rating value one tournament gives an unrated player, and its weight (games)."""

    series: str
    games: int
    value: float
    accelerated: bool


# --------------------------------------------------------------------------------------------------------
# Annex B


@dataclass(frozen=True, slots=True)
class AcceleratedResult:
    """Annex B for one series: performance, MCP (incl. unrated opponents at their performance) and CPf of
    each unrated player, with the correction applied (4) or 5))."""

    perf: Mapping[PlayerId, float]
    mcp: Mapping[PlayerId, float]
    cpf: Mapping[PlayerId, float]
    eligible: frozenset[PlayerId]
    """Unrated players with at least 5 games without forfeit: they get the CPf."""
    njc: int
    eanc: float | None
    target_mean: float | None
    """EONC (no classed player) or MFNC (1 to 3); None when no correction applies."""
    correction: float
    notes: tuple[str, ...] = ()


def _components(meet: np.ndarray) -> tuple[int, np.ndarray]:
    """Connected groups of unrated players (who met whom), by union-find: series are small."""
    n = meet.shape[0]
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, j in zip(*np.nonzero(meet), strict=True):
        ri, rj = find(int(i)), find(int(j))
        if ri != rj:
            parent[ri] = rj
    roots: dict[int, int] = {}
    labels = np.array([roots.setdefault(find(i), len(roots)) for i in range(n)], dtype=int)
    return len(roots), labels


def accelerated_procedure(series: FfjdSeries, ratings: Mapping[PlayerId, float | None]) -> AcceleratedResult:
    """FFJD §6.2.2 and Annex B 1)–5): performances of the unrated players as a linear system, then CPf.

    For each unrated player i (NPJ_i counted games, Pts_i points): NPJ_i·Perf_i − Σ_{unrated opp j} Perf_j =
    Σ_{classed opp} CP + 500·(Pts_i − NPJ_i). Groups of unrated players with no classed opponent are only
    determined up to a constant: they are anchored at the organiser's estimate (their CPf mean = EONC);
    without an estimate this raises a bilingual :class:`RatingComputationError` (Annex B 4): the software
    asks for it).
    """
    counted = series.counted_games()
    rating = {p: ratings.get(p) for g in counted for p in (g.white, g.black)}
    unrated = [p for p in dict.fromkeys(x for g in counted for x in (g.white, g.black)) if rating[p] is None]
    njc = series.classed_present(ratings)  # Annex B 3)
    over_the_board: dict[PlayerId, int] = {}
    for g in counted:
        if not g.forfeit:
            for p in (g.white, g.black):
                if rating[p] is None:
                    over_the_board[p] = over_the_board.get(p, 0) + 1
    if not any(v >= ACCELERATED_MIN_GAMES for v in over_the_board.values()):  # nobody to rate by Annex B
        return AcceleratedResult({}, {}, {}, frozenset(), njc, None, None, 0.0)
    idx = {p: i for i, p in enumerate(unrated)}
    n = len(unrated)
    npj = np.zeros(n)
    played = np.zeros(n)
    pts = np.zeros(n)
    classed_sum = np.zeros(n)
    has_classed = np.zeros(n, dtype=bool)
    meet = np.zeros((n, n))
    for g in counted:
        for p, o, pp in ((g.white, g.black, g.white_points), (g.black, g.white, g.black_points)):
            i = idx.get(p)
            if i is None:
                continue
            npj[i] += 1
            pts[i] += pp
            if not g.forfeit:
                played[i] += 1
            j = idx.get(o)
            if j is None:
                classed_sum[i] += float(rating[o])  # type: ignore[arg-type]
                has_classed[i] = True
            else:
                meet[i, j] += 1
    eligible_mask = played >= ACCELERATED_MIN_GAMES
    eonc = series.organiser_estimate
    notes: list[str] = []
    if n == 0 or not eligible_mask.any():
        return AcceleratedResult({}, {}, {}, frozenset(), njc, None, None, 0.0)

    a = np.diag(npj) - meet
    b = classed_sum + 500.0 * (pts - npj)
    n_comp, labels = _components(meet)
    perf = np.full(n, np.nan)
    keep = np.ones(n, dtype=bool)
    floating: list[np.ndarray] = []
    for c in range(n_comp):
        members = np.flatnonzero(labels == c)
        sub_a = a[np.ix_(members, members)]
        sub_b = b[members]
        if has_classed[members].any():
            cond = np.linalg.cond(sub_a)
            if not np.isfinite(cond) or cond > MAX_CONDITION:
                names = ", ".join(str(unrated[i]) for i in members)
                raise RatingComputationError(
                    f"Annex B: the performance system of series '{series.name}' is ill-conditioned "
                    f"(condition {cond:.3g}) for players {names}; check their results or rate them "
                    "by hand",
                    f"Annexe B : le système des performances de la série « {series.name} » est mal "
                    f"conditionné (conditionnement {cond:.3g}) pour les joueurs {names} ; vérifiez leurs "
                    "résultats ou classez-les manuellement",
                )
            perf[members] = np.linalg.solve(sub_a, sub_b)
            continue
        # No classed opponent in this group: singular (Laplacian) system. Defined result: the least-squares
        # solution with zero mean, then the whole group anchored on the organiser's estimate.
        if eonc is None:
            if not eligible_mask[members].any():
                keep[members] = False
                notes.append(f"no-anchor:{','.join(str(unrated[i]) for i in members)}")
                continue
            names = ", ".join(str(unrated[i]) for i in members)
            raise RatingComputationError(
                f"Annex B: players {names} of series '{series.name}' met no classed player; their "
                "performances are only known up to a constant, so the organiser's estimate of the unrated "
                "players' average (EONC) is required",
                f"Annexe B : les joueurs {names} de la série « {series.name} » n'ont rencontré aucun joueur "
                "classé ; leurs performances ne sont connues qu'à une constante près, il faut donc "
                "l'estimation par l'organisateur de la moyenne des non classés (EONC)",
            )
        aug_a = np.vstack([sub_a, np.ones((1, len(members)))])
        aug_b = np.append(sub_b, 0.0)
        sol, *_ = np.linalg.lstsq(aug_a, aug_b, rcond=None)
        perf[members] = sol
        floating.append(members)

    perf_k = np.where(keep, perf, 0.0)
    mcp = (classed_sum + meet @ perf_k) / np.where(npj > 0, npj, 1)
    cpf = (perf_k + mcp) / 2.0  # Annex B 2)
    for members in floating:  # anchor each floating group at EONC (Annex B 4), per group)
        assert eonc is not None
        delta = eonc - float(cpf[members].mean())
        perf[members] += delta
        mcp[members] += delta
        cpf[members] += delta

    eanc: float | None = float(cpf[keep].mean()) if keep.any() else None
    target: float | None = None
    correction = 0.0
    if njc < CLASSED_FOR_NO_CORRECTION and eanc is not None:
        if eonc is None:
            raise RatingComputationError(
                f"Annex B: series '{series.name}' has {njc} classed player(s) (fewer than 4); the "
                "organiser's estimate of the unrated players' average (EONC) is required",
                f"Annexe B : la série « {series.name} » compte {njc} joueur(s) classé(s) (moins de 4) ; "
                "l'estimation par l'organisateur de la moyenne des non classés (EONC) est obligatoire",
            )
        target = float(eonc) if njc == 0 else mfnc(njc, eonc, eanc)  # Annex B 4) / 5)
        correction = target - eanc
        cpf = cpf + correction

    ok = [i for i in range(n) if keep[i]]
    return AcceleratedResult(
        perf={unrated[i]: float(perf[i]) for i in ok},
        mcp={unrated[i]: float(mcp[i]) for i in ok},
        cpf={unrated[i]: float(cpf[i]) for i in ok},
        eligible=frozenset(unrated[i] for i in ok if eligible_mask[i]),
        njc=njc, eanc=eanc, target_mean=target, correction=correction, notes=tuple(notes),
    )


# --------------------------------------------------------------------------------------------------------
# One series


@dataclass(frozen=True, slots=True)
class SeriesPlayer:
    """What one series gives one player (ratings frozen at the period start)."""

    player_id: PlayerId
    rating_before: float | None
    games_counted: int
    """Classed player: counted games against classed opponents (§6.1); unrated: counted games used for
    the first rating (all of them under Annex B, against classed players otherwise)."""
    points: float
    expected: float | None
    """Σ PA over those games (classed players only)."""
    evolution: float
    """Σ Ev., not rounded (§2: rounding happens once, at the end of the period)."""
    performance: float | None
    part: FirstRatingPart | None = None
    k: float | None = None
    """Classed player: the K of the series (§6.1.1: by cadence and the frozen CP)."""


@dataclass(frozen=True, slots=True)
class SeriesResult:
    series: str
    players: Mapping[PlayerId, SeriesPlayer]
    accelerated: AcceleratedResult | None


def evaluate_series(series: FfjdSeries, ratings: Mapping[PlayerId, float | None]) -> SeriesResult:
    """One series with the ratings frozen at the start of the period (§2, §6.1, §6.2, §8, Annex B)."""
    counted = series.counted_games()
    acc = accelerated_procedure(series, ratings)
    cadence = series.cadence
    k_of: dict[PlayerId, float] = {}
    # per player: [games vs classed, points vs classed, Σ opponents' CP, Σ PA, Σ Ev, all games, all points]
    per: dict[PlayerId, list[float]] = {p: [0, 0.0, 0.0, 0.0, 0.0, 0, 0.0] for p in series.entrants()}
    for g in counted:
        for p, o, pp in ((g.white, g.black, g.white_points), (g.black, g.white, g.black_points)):
            row = per.setdefault(p, [0, 0.0, 0.0, 0.0, 0.0, 0, 0.0])
            row[5] += 1
            row[6] += pp
            opp = ratings.get(o)
            if opp is None:
                continue
            row[0] += 1
            row[1] += pp
            row[2] += opp
            own = ratings.get(p)
            if own is not None:  # FFJD §6.1: Ev. = (Pts − PA) × K per game against a classed player
                pa = expected_points(own, opp)
                k = k_of.get(p)
                if k is None:
                    k = k_of[p] = k_factor(own, cadence)
                row[3] += pa
                row[4] += (pp - pa) * k

    out: dict[PlayerId, SeriesPlayer] = {}
    for p, (ng_f, pts_c, opp_sum, expected, ev, n_all_f, pts_all) in per.items():
        own = ratings.get(p)
        ng, n_all = int(ng_f), int(n_all_f)
        mcp = opp_sum / ng if ng else 0.0
        if own is not None:
            perf = performance(mcp, pts_c, ng) if ng else None  # FFJD §8
            out[p] = SeriesPlayer(p, float(own), ng, pts_c, expected, ev, perf, k=k_of.get(p))
            continue
        if p in acc.eligible:  # FFJD §6.2.2 / Annex B
            perf = acc.perf[p] if n_all >= PERFORMANCE_MIN_GAMES else None
            part = FirstRatingPart(series.name, n_all, acc.cpf[p], accelerated=True)
            out[p] = SeriesPlayer(p, None, n_all, float(pts_all), None, 0.0, perf, part)
            continue
        # FFJD §6.2.1: only the games against classed players count towards a first rating
        part = None
        perf = None
        if ng:
            part = FirstRatingPart(series.name, ng, first_rating_normal(mcp, pts_c, ng), accelerated=False)
            perf = performance(mcp, pts_c, ng)
        out[p] = SeriesPlayer(p, None, ng, pts_c, None, 0.0, perf, part)
    return SeriesResult(series.name, out, acc if acc.cpf else None)


# --------------------------------------------------------------------------------------------------------
# A period


def first_rating(parts: Sequence[FirstRatingPart]) -> tuple[int | None, float | None, int]:
    """FFJD §6.2.1, §6.2.3, §6.2.4 and §6.3: (first rating or None yet, candidate value, games).

    The candidate is the pro rata of the tournaments' values by their games (§6.2.4); for games against
    classed players only, this equals the §6.2.1 formula over all of them. It is rounded to the nearest
    integer, floored at 600, and granted after 5 games, or 7 when it is >= 1500 (§6.2.3).
    """
    games = sum(p.games for p in parts)
    if games == 0:
        return None, None, 0
    candidate = math.fsum(p.games * p.value for p in parts) / games
    value = int(apply_floor(round_half_away(candidate)))
    if games >= games_needed(value):
        return value, candidate, games
    return None, candidate, games


@dataclass(frozen=True, slots=True)
class FfjdPlayerResult:
    """One player at the end of a period."""

    player_id: PlayerId
    rating_before: float | None
    games_counted: int
    points: float
    expected: float | None
    evolution_raw: float
    evolution: int | None
    new_rating: float | None
    status: str
    """"rated" (classed before), "first" (first rating this period), "pending" (still unrated)."""
    performances: tuple[tuple[str, float], ...] = ()
    parts: tuple[FirstRatingPart, ...] = field(default=())
    """Unrated players: the parts accumulated so far (carry them into the next period while pending)."""
    k: float | None = None
    """The K of the player's series when they all used the same (§6.1.1), else None."""
    floored: bool = False
    """The 600 floor (§6.3) raised the new rating: ``evolution`` is then new − before, as published."""

    @property
    def performance(self) -> float | None:
        """The performance when the period holds one series with one (§8), else None."""
        return self.performances[0][1] if len(self.performances) == 1 else None


@dataclass(slots=True)
class _Acc:
    games: int = 0
    points: float = 0.0
    expected: float = 0.0
    ev: list[float] = field(default_factory=list)
    perf: list[tuple[str, float]] = field(default_factory=list)
    parts: list[FirstRatingPart] = field(default_factory=list)
    ks: set[float] = field(default_factory=set)


def rate_period(
    ratings: Mapping[PlayerId, float | None],
    series: Iterable[FfjdSeries],
    pending: Mapping[PlayerId, Sequence[FirstRatingPart]] | None = None,
) -> dict[PlayerId, FfjdPlayerResult]:
    """FFJD §2 and §6: one publication period.

    ``ratings`` are the published ratings at the period start (None or absent: unrated), used for every
    series of the period. ``pending`` holds the unrated players' parts from earlier periods (§6.2.3: a player
    whose first rating would be >= 1500 after 5 games waits for 7). Returns every player of ``ratings`` and of
    the series.
    """
    pending = pending or {}
    acc: dict[PlayerId, _Acc] = {}
    for s in series:
        res = evaluate_series(s, ratings)
        for p, sp in res.players.items():
            row = acc.setdefault(p, _Acc())
            row.games += sp.games_counted
            row.points += sp.points
            if sp.expected is not None:
                row.expected += sp.expected
            row.ev.append(sp.evolution)
            if sp.performance is not None:
                row.perf.append((s.name, sp.performance))
            if sp.part is not None:
                row.parts.append(sp.part)
            if sp.k is not None and sp.games_counted:
                row.ks.add(sp.k)

    results: dict[PlayerId, FfjdPlayerResult] = {}
    for p in dict.fromkeys([*ratings.keys(), *acc.keys(), *pending.keys()]):
        row = acc.get(p) or _Acc()
        before = ratings.get(p)
        perfs = tuple(row.perf)
        if before is not None:
            raw = math.fsum(row.ev)  # FFJD §6.1 and §2: all evolutions of the period summed, rounded once
            unfloored = float(before) + round_evolution(raw)
            new = apply_floor(unfloored)  # FFJD §6.3
            # The published evolution is the change of the list: after the floor (a 610 player losing 20
            # points is listed 600, -10)
            results[p] = FfjdPlayerResult(p, float(before), row.games, row.points, row.expected, raw,
                                          int(new - float(before)), new, "rated", perfs,
                                          k=next(iter(row.ks)) if len(row.ks) == 1 else None,
                                          floored=new > unfloored)
            continue
        parts = (*pending.get(p, ()), *row.parts)
        value, _candidate, _games = first_rating(parts)  # FFJD §6.2.1, §6.2.3, §6.2.4
        results[p] = FfjdPlayerResult(
            p, None, row.games, row.points, None, 0.0, None,
            float(value) if value is not None else None, "first" if value is not None else "pending",
            perfs, () if value is not None else parts,
        )
    return results
