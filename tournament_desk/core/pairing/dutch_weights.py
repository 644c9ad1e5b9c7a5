"""Edge weights of the Dutch engine: the pairing criteria packed into one integer, most important first.

A maximum-weight matching maximises the highest field first, then the next one, and so on, as long as
every field is wide enough to hold its sum over all pairs. Each field below is commented with the
criterion of C.04.3 (2026 edition) it implements. The lowest bits are left free for the generation-order
rules (Art.4: transpositions and exchanges), which the bracket procedure in ``dutch.py`` adds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournament_desk.core.ids import PairingNumber
from tournament_desk.core.pairing.dutch_model import EnginePlayer
from tournament_desk.core.pairing.swiss_state import Float

__all__ = ["WeightContext", "WeightTable", "compatible", "edge_weight"]


@dataclass
class WeightContext:
    """Round-wide constants of the weight layout."""

    rounds_played: int
    last_round: bool  # the round to pair is the last one (topscorers exist, Art.1.8)
    topscorer_threshold: int  # a topscorer has more than this (units)
    group_bits: int  # bits to hold the size of the largest score group
    score_shift: dict[int, int]  # score -> bit offset in the "scores" fields (lowest score at 0)
    scores_bits: int  # total width of a "scores" field
    forbidden: frozenset[frozenset[PairingNumber]]
    bye_score: int = 0  # C5: lowest score the PAB receiver can have (pre-pass)
    single_downfloater_is_bye: bool = False  # C9 applies to the current bracket
    unplayed_rank: dict[int, int] = field(default_factory=dict)  # played games -> C9 rank


def is_topscorer(p: EnginePlayer, ctx: WeightContext) -> bool:
    return ctx.last_round and p.score > ctx.topscorer_threshold


def compatible(a: EnginePlayer, b: EnginePlayer, ctx: WeightContext) -> bool:
    # C.04.3 Art.2.1.1 (C1): no rematch (played games only), and forbidden pairs (XXP/260)
    if b.id in a.opponents or frozenset((a.id, b.id)) in ctx.forbidden:
        return False
    # C.04.3 Art.2.1.3 (C3): two non-topscorers with the same absolute colour preference may not meet
    ca, cb = a.colours, b.colours
    if ca.absolute and cb.absolute and ca.preference is cb.preference:
        return is_topscorer(a, ctx) or is_topscorer(b, ctx)
    return True


def is_bye_candidate(p: EnginePlayer, ctx: WeightContext) -> bool:
    # C.04.3 Art.2.1.2 (C2) and Art.2.3.1 (C5): eligible, and not above the lowest reachable PAB score
    return p.eligible_for_bye and p.score <= ctx.bye_score


def _colour_fields(lower: EnginePlayer, higher: EnginePlayer) -> tuple[int, int, int, int]:
    p, o = lower.colours, higher.colours
    same = p.preference is o.preference
    # C.04.3 Art.2.4.5 (C10): topscorers (or opponents) must not reach |CD| > 2
    c10 = not p.absolute_imbalance or not o.absolute_imbalance or not same
    # C.04.3 Art.2.4.6 (C11): topscorers (or opponents) must not get the same colour three times running
    if not p.absolute or not o.absolute or not same:
        c11 = True
    elif p.imbalance == o.imbalance:
        c11 = p.repeated is None or p.repeated is not o.repeated
    else:
        weaker = o if p.imbalance > o.imbalance else p
        c11 = weaker.repeated is not (p.preference.opposite if p.preference else None)
    # C.04.3 Art.2.4.7 (C12): grant colour preferences
    c12 = p.preference is None or o.preference is None or not same
    # C.04.3 Art.2.4.8 (C13): grant strong colour preferences
    c13 = (
        (not p.strong and not p.absolute)
        or (not o.strong and not o.absolute)
        or (p.absolute and o.absolute)
        or not same
    )
    return int(c10), int(c11), int(c12), int(c13)


def edge_weight(
    higher: EnginePlayer,
    lower: EnginePlayer,
    lower_in_current: bool,
    lower_in_next: bool,
    ctx: WeightContext,
) -> int:
    """Weight of pairing ``higher`` (ranked first) with ``lower``; 0 when they may not meet."""
    if not compatible(higher, lower, ctx):
        return 0
    return _criteria_weight(higher, lower, lower_in_current, lower_in_next, ctx)


def _colours_compatible(a: EnginePlayer, b: EnginePlayer, ctx: WeightContext) -> bool:
    """The part of :func:`compatible` that does not depend on who the players are (C3)."""
    ca, cb = a.colours, b.colours
    if ca.absolute and cb.absolute and ca.preference is cb.preference:
        return is_topscorer(a, ctx) or is_topscorer(b, ctx)
    return True


def _criteria_weight(
    higher: EnginePlayer,
    lower: EnginePlayer,
    lower_in_current: bool,
    lower_in_next: bool,
    ctx: WeightContext,
) -> int:
    gb, sbits, shift = ctx.group_bits, ctx.scores_bits, ctx.score_shift
    # C.04.3 Art.2.2 (C4) completion and Art.2.1.2/2.3.1 (C2, C5): the players left out must be able to
    # take the PAB; pairing a non-candidate is worth more.
    w = 1 + (not is_bye_candidate(higher, ctx)) + (not is_bye_candidate(lower, ctx))
    # C.04.3 Art.2.4.1 (C6): maximise the pairs in the current bracket
    w = (w << gb) | int(lower_in_current)
    # C.04.3 Art.2.4.2 (C7): minimise the scores of the downfloaters (pair the highest MDPs)
    w <<= sbits
    if lower_in_current:
        w |= 1 << shift[higher.score]
    # C.04.3 Art.2.4.3 (C8): the next bracket must be able to satisfy C6 and C7
    w = (w << gb) | int(lower_in_next)
    w <<= sbits
    if lower_in_next:
        w |= 1 << shift[higher.score]
    # C.04.3 Art.2.4.4 (C9): minimise the unplayed games of the PAB receiver
    w <<= 2 * gb
    if ctx.single_downfloater_is_bye:
        if higher.score == ctx.bye_score:
            w += ctx.unplayed_rank[higher.played_games]
        if lower.score == ctx.bye_score:
            w += ctx.unplayed_rank[lower.played_games]
    # C.04.3 Art.2.4.5-2.4.8 (C10-C13): colours, only for pairs of the current bracket
    for bit in _colour_fields(lower, higher):
        w = (w << gb) | (bit if lower_in_current else 0)
    hs, ls = higher.score, lower.score
    down = Float.DOWN
    up = Float.UP
    for back in (1, 2):
        if ctx.rounds_played < back:
            continue
        fl, fh = lower.floats[back - 1], higher.floats[back - 1]
        # C.04.3 Art.2.4.9 / 2.4.11 (C14, C16): resident downfloaters who downfloated 1 / 2 rounds before
        w <<= gb
        if lower_in_current:
            w += int(fl is down) + int(hs <= ls and fh is down)
        # C.04.3 Art.2.4.10 / 2.4.12 (C15, C17): MDP opponents who upfloated 1 / 2 rounds before
        w <<= gb
        if lower_in_current:
            w += int(not (hs > ls and fl is up))
    for back in (1, 2):
        if ctx.rounds_played < back:
            continue
        fl, fh = lower.floats[back - 1], higher.floats[back - 1]
        # C.04.3 Art.2.4.13 / 2.4.15 (C18, C20): score differences of repeated downfloaters
        w <<= sbits
        if lower_in_current:
            w += (int(fl is down) << shift[ls]) + (int(fh is down) << shift[hs])
        # C.04.3 Art.2.4.14 / 2.4.16 (C19, C21): score differences of MDP opponents who upfloated
        w <<= sbits
        if lower_in_current and not (fl is up and hs > ls):
            w += 1 << shift[hs]
    # Room for the generation-order rules (Art.4): exchanges, BSN differences, transpositions.
    return w << (3 * gb + 1)


def top_shift(ctx: WeightContext) -> int:
    """Bit offset of the completion field (C4) in :func:`edge_weight`: the width of everything below it."""
    gb, sbits = ctx.group_bits, ctx.scores_bits
    width = 2 * gb + 2 * sbits + 2 * gb + 4 * gb + 3 * gb + 1
    for back in (1, 2):
        if ctx.rounds_played >= back:
            width += 2 * gb + 2 * sbits
    return width


def _type_key(p: EnginePlayer) -> tuple[object, ...]:
    """Everything :func:`_criteria_weight` and :func:`_colours_compatible` read from a player."""
    c = p.colours
    return (p.score, p.eligible_for_bye, p.played_games, p.floats, c.imbalance, c.preference, c.repeated, c.strong)


class WeightTable:
    """:func:`edge_weight` by vertex, computed once per pair of player *types*.

    The criteria only look at scores, colour profiles, floats, bye eligibility and played games, and large
    score groups have few distinct combinations of those; only C1 (no rematch, forbidden pairs) is
    checked pair by pair. ``opp[h]`` must hold the vertices ``h`` may not meet for C1 (symmetric: played
    games and forbidden pairs). The results equal :func:`edge_weight`.
    """

    def __init__(self, players: list[EnginePlayer], opp: list[set[int]]) -> None:
        self.players = players
        self.opp = opp
        ids: dict[tuple[object, ...], int] = {}
        self.type_of = [ids.setdefault(_type_key(p), len(ids)) for p in players]
        self.ntypes = len(ids)
        self._example = [0] * self.ntypes  # a player of each type
        for v in reversed(range(len(players))):
            self._example[self.type_of[v]] = v
        self._cache: dict[int, int] = {}
        self._caches: dict[tuple[object, ...], dict[int, int]] = {}
        self._ctx_key: tuple[object, ...] | None = None

    def _check_ctx(self, ctx: WeightContext) -> None:
        key = (
            ctx.rounds_played,
            ctx.last_round,
            ctx.topscorer_threshold,
            ctx.group_bits,
            ctx.scores_bits,
            ctx.bye_score,
            ctx.single_downfloater_is_bye,
            tuple(sorted(ctx.score_shift.items())),
            tuple(sorted(ctx.unplayed_rank.items())),
        )
        if key != self._ctx_key:
            self._ctx_key = key
            self._cache = self._caches.setdefault(key, {})

    def row(
        self, his: list[int], lv: int, lower_in_current: bool, lower_in_next: bool, ctx: WeightContext
    ) -> list[int]:
        """``[edge_weight(players[h], players[lv], ...) for h in his]``."""
        self._check_ctx(ctx)
        cache = self._cache
        players = self.players
        type_of = self.type_of
        lo = players[lv]
        nt = self.ntypes
        base_key = ((type_of[lv] * 2 + lower_in_current) * 2 + lower_in_next) * nt
        # weight by type of the higher player (the criteria only look at types; C1 is checked below)
        by_type: dict[int, int] = {}
        for t in {type_of[hv] for hv in his}:
            w = cache.get(base_key + t)
            if w is None:
                hi = players[self._example[t]]
                w = 0
                if _colours_compatible(hi, lo, ctx):
                    w = _criteria_weight(hi, lo, lower_in_current, lower_in_next, ctx)
                cache[base_key + t] = w
            by_type[t] = w
        # C1 (no rematch, forbidden pairs): opp is symmetric
        banned = self.opp[lv]
        if banned:
            return [0 if hv in banned else by_type[type_of[hv]] for hv in his]
        return [by_type[type_of[hv]] for hv in his]
