"""Tie-breaks using the player's own results (seed 003 §2.1), plus Kashdan, games with Black, Scrabble spread.

Every function takes a :class:`TiebreakContext` and returns ``{player id: value}``. None means "no value"
(it sorts below every number).
"""

from __future__ import annotations

from tournament_desk.core.scoring import scrabble_spread
from tournament_desk.core.tiebreaks.context import TiebreakContext
from tournament_desk.core.tiebreaks.editions import Edition, RoundEntry

Values = dict[int, float | None]


def running_scores(ctx: TiebreakContext, pid: int) -> list[float]:
    """The player's score after each round considered (seed 003 §2.1.1: "score provisoire")."""
    by_round = {e.round: e.points for e in ctx.entries[pid]}
    total = 0.0
    running = []
    for rnd in ctx.rounds:
        total += by_round.get(rnd, 0.0)
        running.append(total)
    return running


def cumulative(ctx: TiebreakContext, cut: int = 0) -> Values:
    """Seed 003 §2.1.1 (and §2.1.1.1 for ``cut`` > 0): the sum of the running scores, without the first
    ``cut`` rounds. Scores as scored: a forfeit counts as a normal win, no adjustment (seed 003 §4,
    "CUMULATIF (suite)": Classikov). Same in C.07 2023 Art. 7.5 (PS, PS-C1)."""
    return {pid: float(sum(running_scores(ctx, pid)[cut:])) for pid in ctx.entries}


def _is_win_points(ctx: TiebreakContext, e: RoundEntry) -> bool:
    win = ctx.profile.win
    return win > 0 and e.points >= win


def wins(ctx: TiebreakContext) -> Values:
    """Number of wins.

    seed003: seed 003 §2.1.5 "Rappel : une partie non jouée est comptée comme une nulle au titre du
    départage", so only wins over the board count. fide2023/2026: C.07 2023 Art. 7.1 (WIN), the rounds in
    which the player received a win's points, played or not (forfeit win, PAB, FPB)."""
    out: Values = {}
    for pid, entries in ctx.entries.items():
        if ctx.edition is Edition.FFE_ANNEX:
            out[pid] = float(sum(1 for e in entries if e.played and e.result_fraction == 1.0))
        else:
            out[pid] = float(sum(1 for e in entries if (e.played and e.result_fraction == 1.0)
                                 or (not e.played and _is_win_points(ctx, e))))
    return out


def wins_over_the_board(ctx: TiebreakContext) -> Values:
    """C.07 2023 Art. 7.2 (WON): games won over the board, in every edition."""
    return {pid: float(sum(1 for e in es if e.played and e.result_fraction == 1.0))
            for pid, es in ctx.entries.items()}


def games_with_black(ctx: TiebreakContext) -> Values:
    """C.07 2023 Art. 7.3 (BPG): games played over the board with Black (unplayed games never count).
    Seed 003 §4 mentions tie-breaks favouring wins with Black without defining them: see :func:`black_wins`."""
    return {pid: float(sum(1 for e in es if e.played and e.colour == "B")) for pid, es in ctx.entries.items()}


def black_wins(ctx: TiebreakContext) -> Values:
    """C.07 2023 Art. 7.4 (BWG): games won over the board with Black."""
    return {pid: float(sum(1 for e in es if e.played and e.colour == "B" and e.result_fraction == 1.0))
            for pid, es in ctx.entries.items()}


def kashdan(ctx: TiebreakContext) -> Values:
    """Seed 003 §4 "KASHDAN": K = 4 x wins + 2 x draws + 1 x losses (Albert 20, Bernard 24).

    Unplayed rounds: seed003 counts them as draws (seed 003 §1 and §2.1.5, 2 points each); the FIDE editions
    count them at face value as seed 004 "Points dans le tournoi" does (a bye or forfeit win is a win, 4;
    a half-point bye 2; a round not played earns no participation point, 0)."""
    out: Values = {}
    for pid, entries in ctx.entries.items():
        k = 0.0
        for e in entries:
            if e.played:
                k += {1.0: 4.0, 0.5: 2.0}.get(e.result_fraction, 1.0)  # 0r is a played game lost: 1
            elif ctx.edition is Edition.FFE_ANNEX:
                k += 2.0
            elif _is_win_points(ctx, e):
                k += 4.0
            elif e.points > 0:
                k += 2.0
        out[pid] = k
    return out


def scrabble_spread_total(ctx: TiebreakContext) -> Values:
    """Seed 002 §7: "différence entre les points marqués par un joueur et les points de ses adversaires,
    limitée à 100 par partie". Games without recorded game points (byes, forfeits) add nothing."""
    out: Values = {}
    for pid, entries in ctx.entries.items():
        out[pid] = float(sum(scrabble_spread(e.own_score, e.opp_score) for e in entries
                             if e.played and e.own_score is not None and e.opp_score is not None))
    return out


def koya_threshold(ctx: TiebreakContext) -> float:
    """Seed 003 §2.1.3: 50% of the maximum possible score (4.5 in the 10-player example, 9 rounds)."""
    return ctx.max_score / 2


def koya_points(ctx: TiebreakContext, pid: int, threshold: float) -> float:
    """Points scored against opponents who finished with at least ``threshold`` points.

    Seed 003 §1: Koya is not adjusted, "seul le résultat compte"; in a round robin a forfeit is a regular
    game (C.07 2023 Art. 15.2), so any board with a scheduled opponent counts at its awarded points."""
    return float(sum(e.points for e in ctx.entries[pid]
                     if e.opponent is not None and ctx.score[e.opponent] >= threshold - 1e-9))


def koya(ctx: TiebreakContext) -> Values:
    """Seed 003 §2.1.3 / C.07 2023 Art. 9.2 (KS): points against opponents with 50% or more."""
    limit = koya_threshold(ctx)
    return {pid: koya_points(ctx, pid, limit) for pid in ctx.entries}


def score_levels_below(ctx: TiebreakContext, threshold: float) -> list[float]:
    """Score levels that exist in the event below ``threshold``, highest first (seed 003 §4 "KOYA":
    "Il n'y a pas de joueurs à 4 pts, on passe à 3,5 pts")."""
    return sorted({s for s in ctx.score.values() if s < threshold - 1e-9}, reverse=True)
