"""Tie-breaks using ratings (seed 003 §2.3): average rating of opponents and its cut versions, performance
in the chosen edition, and seed 004's result-weighted rating average.

Ratings are read in the event's rating system. Unrated opponents:
* seed003 — seed 003 §4 "PRECISION ... (Cas des Non Classés)": the provisional rating Cp
  (:func:`~tournament_desk.core.tiebreaks.performance.provisional_ratings`);
* fide2023/2026 — C.07 2023 Art. 10 says to drop rating tie-breaks when unrated players are present unless
  the regulations say how to handle them: unrated opponents are left out of the average (reading).
"""

from __future__ import annotations

import math

from tournament_desk.core.tiebreaks.context import TiebreakContext
from tournament_desk.core.tiebreaks.editions import Edition
from tournament_desk.core.tiebreaks.performance import dp, own_rating, performance, provisional_ratings

Values = dict[int, float | None]


def _round_half_up(x: float) -> int:
    return math.floor(x + 0.5)


def _rating_table(ctx: TiebreakContext) -> dict[int, int | None]:
    """Every player's rating as the edition reads it: seed003 the provisional rating (Cp) for the unrated, FIDE
    editions the rating (None when unrated)."""
    if ctx.edition is Edition.FFE_ANNEX:
        return provisional_ratings(ctx)
    table: dict[int, int | None] | None = ctx.cache.get("own-ratings")
    if table is None:
        table = {pid: own_rating(ctx, pid) for pid in ctx.entries}
        ctx.cache["own-ratings"] = table
    return table


def opponent_ratings(ctx: TiebreakContext, pid: int) -> list[tuple[int, int, float]]:
    """(opponent, rating, result fraction) for every opponent met over the board whose rating is known in
    the edition (seed 003 §2.3.1; C.07 2023 Art. 10.1 "opponents met over the board")."""
    ratings = _rating_table(ctx)
    out = []
    for e in ctx.entries[pid]:
        if e[7] and e[1] is not None:  # played, opponent
            r = ratings[e[1]]
            if r is not None:
                out.append((e[1], r, e[8]))
    return out


def average_rating_of_opponents(ctx: TiebreakContext, cut: int = 0) -> Values:
    """Seed 003 §2.3.1 "Moyenne Elo des adversaires" and §2.3.1.1 "Moyenne Elo tronquée" (``cut`` lowest
    ratings removed, "en commençant par le plus faible"); C.07 2023 Art. 10.1 (ARO, ARO-C1).

    The seed divides "par le nombre de rondes": read as the rounds in which an opponent was met over the
    board (the performance example of the same section leaves unplayed rounds out). seed003: not rounded;
    FIDE editions: rounded to an integer, 0.5 up (Art. 10.1)."""
    out: Values = {}
    for pid in ctx.entries:
        ratings = sorted(r for _, r, _ in opponent_ratings(ctx, pid))[cut:]
        if not ratings:
            out[pid] = None
            continue
        avg = sum(ratings) / len(ratings)
        out[pid] = float(_round_half_up(avg)) if ctx.edition.is_fide else avg
    return out


def tournament_performance_fide(ctx: TiebreakContext) -> Values:
    """C.07 2023 Art. 10.2 (TPR): rounded ARO + dp(p), p = points / games over the board against rated
    opponents, rounded to the hundredth (REFERENCE §4.4); no 350/400 cap (REFERENCE §4.4). (One pass over
    :func:`opponent_ratings`; the ARO is :func:`average_rating_of_opponents`'s.)"""
    out: Values = {}
    fide = ctx.edition.is_fide
    for pid in ctx.entries:
        games = opponent_ratings(ctx, pid)
        if not games:
            out[pid] = None
            continue
        avg = sum(sorted(r for _, r, _ in games)) / len(games)
        aro = float(_round_half_up(avg)) if fide else avg
        p = sum(f for _, _, f in games) / len(games)
        out[pid] = float(aro + dp(p))
    return out


def performance_for_edition(ctx: TiebreakContext) -> Values:
    """PERF: seed 003 §2.3.2 (Quantité table, 350-point rule, Cp) in the seed003 edition; C.07 TPR in the
    FIDE editions."""
    if ctx.edition is Edition.FFE_ANNEX:
        return performance(ctx)
    return tournament_performance_fide(ctx)


def weighted_rating_average(ctx: TiebreakContext) -> Values:
    """Seed 004 "Systèmes de départage" 2: "Moyenne ELO des adversaires - Pondérée par le résultat (2×ELO
    pour une victoire, 1×ELO pour un match nul, les byes exclus)".

    Reading (docs/tiebreaks.md): a weighted mean, sum(w x rating) / sum(w) with w = 2 for a win, 1 for a
    draw, 0 for a loss, over games played on a board against rated opponents; None without any win or draw.
    The platform has no unrated players; here unrated opponents are left out. Independent of the edition."""
    out: Values = {}
    for pid, entries in ctx.entries.items():
        num = 0.0
        den = 0.0
        for e in entries:
            if not e.played or e.opponent is None:
                continue
            r = own_rating(ctx, e.opponent)
            w = {1.0: 2.0, 0.5: 1.0}.get(e.result_fraction, 0.0)
            if r is None or w == 0.0:
                continue
            num += w * r
            den += w
        out[pid] = num / den if den else None
    return out
