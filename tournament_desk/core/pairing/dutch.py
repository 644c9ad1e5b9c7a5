"""FIDE (Dutch) System, C.04.3 as applied from 1 February 2026.

Method (Art.4 allows "any method giving identical results"): brackets are paired from the top score group
down. For each bracket a maximum-weight matching is computed over the players not yet paired: edges inside
the bracket (and towards the next score group) carry the criteria C4-C21 packed by
``dutch_weights.edge_weight``; every other edge only carries the completion field (C4), so the result is
always part of a complete legal round-pairing (``dutch_graph`` solves this inside the bracket and checks
the completion separately). The bracket's choices are then fixed in the order of Art.3-4: MDPs to pair,
their opponents, exchanges, then S1 players against the first possible S2 player, re-solving with small
tie-break bonuses. The result is the first candidate in the generation order among the best on C1-C21.
The transposition order of the S1 players is chosen on the tight graph of one criteria solve
(``lexmatch``), which gives the same matching as the bonuses without their width; large brackets are solved
on a sparse set of pairs and the others priced with the duals (``sparse``).
This follows the published behaviour of bbpPairings (the FIDE-endorsed engine used for the fixtures)."""

from __future__ import annotations

import gc
from collections.abc import Callable

from tournament_desk.core.ids import PairingNumber
from tournament_desk.core.pairing.colours import allocate_colours
from tournament_desk.core.pairing.dutch_graph import Bonuses, Matcher, PairingGraph
from tournament_desk.core.pairing.dutch_model import (
    EnginePlayer,
    NoValidPairingError,
    build_players,
    units,
)
from tournament_desk.core.pairing.dutch_weights import (
    PREPASS_LAYOUT,
    WeightContext,
    compatible,
    offset,
    pack,
    top_shift,
)
from tournament_desk.core.pairing.fastpaths import start_bracket
from tournament_desk.core.pairing.swiss_state import Board, Colour, Float, RoundPairing, SwissState

__all__ = ["NoValidPairingError", "pair_dutch", "prepared", "round_context"]

SUPPORTED_EDITIONS = ("2026",)


def _score_shifts(players: list[EnginePlayer]) -> tuple[dict[int, int], int, int]:
    """Bit offsets of each score in the 'scores' fields, their total width and the group-size width."""
    counts: dict[int, int] = {}
    for p in players:
        counts[p.score] = counts.get(p.score, 0) + 1
    shift: dict[int, int] = {}
    total = 0
    for score in sorted(counts):
        shift[score] = total
        total += counts[score].bit_length()
    return shift, total, max(counts.values()).bit_length()


def round_context(state: SwissState) -> tuple[list[EnginePlayer], WeightContext]:
    """The present players in the order of Art.1.2 (score, then pairing number) and the round's weight
    context, before the pre-pass (C5) fills in the PAB score (see :func:`prepared`)."""
    present, _everyone = build_players(state)
    players = sorted(present, key=lambda p: (-p.score, p.rank_index))
    scoring = state.scoring
    shift, scores_bits, group_bits = _score_shifts(players) if players else ({}, 0, 0)
    ctx = WeightContext(
        rounds_played=state.rounds_played,
        last_round=state.rounds_played >= state.total_rounds - 1,
        topscorer_threshold=(state.rounds_played * max(units(scoring.win), units(scoring.draw))) >> 1,
        group_bits=group_bits,
        score_shift=shift,
        scores_bits=scores_bits,
        forbidden=state.forbidden_pairs,
    )
    return players, ctx


def prepared(state: SwissState) -> tuple[list[EnginePlayer], WeightContext, PairingGraph]:
    """:func:`round_context` after the pre-pass (C4 and C5: the lowest score the PAB receiver can have), as
    the bracket procedure starts from it (used by the explanations, ``explain.py``)."""
    players, ctx = round_context(state)
    g = PairingGraph(players, ctx, top_shift(ctx))
    if players:
        _prepass(players, ctx, g)
    return players, ctx, g


def pair_dutch(
    state: SwissState, *, edition: str = "2026", fast: bool = True, matcher: Matcher | None = None
) -> RoundPairing:
    """Pair the next round of ``state`` with the FIDE Dutch system.

    ``fast=False`` takes the reference path: every matching is solved over all remaining players by
    ``matcher`` (default: the project's blossom algorithm with no shortcut), as a check of the fast paths
    (tests and ``benchmarks/``; the pairings are the same, only slower). The paths taken and the hand-overs
    between them can be counted with :func:`tournament_desk.core.pairing.fastpaths.collecting`.
    """
    if edition not in SUPPORTED_EDITIONS:
        raise ValueError(f"Unsupported Dutch edition {edition!r}; supported: {', '.join(SUPPORTED_EDITIONS)}")
    players, ctx = round_context(state)
    if not players:
        return RoundPairing(boards=(), bye=None)
    # The engine builds hundreds of thousands of short-lived tuples and makes no reference cycles: the cycle
    # collector would only rescan them (about 6 % of the time on large events).
    collecting = gc.isenabled()
    gc.disable()
    try:
        pairs = _pair(players, ctx, fast, matcher)
    finally:
        if collecting:
            gc.enable()
    return _build_result(state, players, pairs)


_NO_PAIRING = (
    "No pairing of the present players satisfies the absolute criteria "
    "(no rematch, bye eligibility, absolute colour preferences); the arbiter must decide."
)


def _prepass(players: list[EnginePlayer], ctx: WeightContext, g: PairingGraph) -> None:
    """C4/C5: check that a legal round-pairing exists and find the lowest score the PAB receiver can have."""
    n = len(players)
    top = players[0].score
    everyone = list(range(n))
    if n % 2 == 0:
        if not g.completable(everyone, bye_allowed=False):
            raise NoValidPairingError(_NO_PAIRING)
        g.freeze_defaults()
        return
    # Lowest score an eligible PAB receiver can have (C5), trying the lowest scores first.
    bye_score = None
    for v in sorted((v for v in everyone if players[v].eligible_for_bye), key=lambda v: (players[v].score, -v)):
        if bye_score is not None and players[v].score > bye_score:
            break
        if g.completable([u for u in everyone if u != v], bye_allowed=False):
            bye_score = players[v].score
            break
    if bye_score is None:
        raise NoValidPairingError(_NO_PAIRING)
    ctx.bye_score = bye_score
    if bye_score >= top and players[-1].score < top:
        _global_prepass(players, ctx, g)
    else:
        # C.04.3 Art.2.4.4 (C9) applies in the first bracket if the PAB receiver is its single downfloater
        ctx.single_downfloater_is_bye = bye_score >= top
        _unplayed_ranks(players, ctx)
    g.freeze_defaults()


def _unplayed_ranks(players: list[EnginePlayer], ctx: WeightContext) -> None:
    counts = sorted((p.played_games for p in players if p.score == ctx.bye_score), reverse=True)
    ctx.unplayed_rank = {}
    for rank, played in enumerate(counts):
        ctx.unplayed_rank[played] = rank


def _global_prepass(players: list[EnginePlayer], ctx: WeightContext, g: PairingGraph) -> None:
    """The pre-pass as one weighted matching (needed when the PAB comes from the top score group)."""
    n = len(players)
    top = players[0].score
    for i in range(n):
        for j in range(i):
            hi, lo = players[j], players[i]
            w = 0
            if compatible(lo, hi, ctx):  # PREPASS_LAYOUT: C4 (C2), C5, players of the top group paired
                values = [1 + (not lo.eligible_for_bye) + (not hi.eligible_for_bye),
                          ctx.score_shift[lo.score] + ctx.score_shift[hi.score], int(lo.score >= top)]
                w = pack(values, ctx, PREPASS_LAYOUT)
            g.set(i, j, w)
    mate = g.solve_global()
    single = [v for v in range(n) if mate[v] == v]
    if len(single) != 1 or not players[single[0]].eligible_for_bye:
        raise NoValidPairingError(_NO_PAIRING)
    ctx.bye_score = players[single[0]].score
    ctx.single_downfloater_is_bye = ctx.bye_score >= top and all(
        players[mate[v]].score >= top for v in range(n) if players[v].score >= top
    )
    _unplayed_ranks(players, ctx)


def _pair(
    players: list[EnginePlayer], ctx: WeightContext, fast: bool = True, matcher: Matcher | None = None
) -> dict[int, int]:
    """Bracket-by-bracket procedure (Art.1.9: from the top score group down); partner by vertex (score order)."""
    g = PairingGraph(players, ctx, top_shift(ctx), fast=fast, matcher=matcher)
    _prepass(players, ctx, g)
    bracket = _Bracket(players, ctx, g)
    while bracket.open_next():
        bracket.weigh()  # Art.3.1-3.2: the bracket (MDPs, residents) and the next score group, weighted
        bracket.choose_mdps()  # Art.4.4: which MDPs are paired (C7: the highest scores, then BSNs)
        bracket.pair_mdps()  # Art.3.3: each paired MDP takes the first possible resident
        bracket.solve_remainder()  # Art.3.2-3.3, 4.3 (a)(b): the remainder's pairs, fewest exchanges first
        bracket.exchange_from_s1()  # Art.4.3 (c): the highest possible S1 players move to S2
        bracket.exchange_from_s2()  # Art.4.3 (d): the lowest possible S2 players move to S1
        bracket.fix_s1_s2()  # only S1 -> S2 pairs remain possible inside the remainder
        bracket.transpose()  # Art.4.2: each S1 player takes the first S2 player that still works
        bracket.float_down()  # the downfloaters and the next score group form the next bracket
    return bracket.result


class _Bracket:
    """The state of the bracket procedure between its steps (see :func:`_pair`).

    Vertices are indices in score order. ``vi`` holds the current bracket's vertices (its MDPs first, then its
    residents) followed by the next score group's; ``base[li]`` the criteria weights of ``vi[li]`` towards
    ``vi[:li]`` (0: may not meet); ``stable`` the last solve's partner of every vertex.
    """

    def __init__(self, players: list[EnginePlayer], ctx: WeightContext, g: PairingGraph) -> None:
        self.players = players
        self.ctx = ctx
        self.g = g
        self.n = n = len(players)
        self.odd = n % 2 == 1
        self.gb = ctx.group_bits
        self.order = _order_offsets(ctx)  # the Art.4.3 fields (dutch_weights.LAYOUT)
        self.score = score = [p.score for p in players]
        self.result: dict[int, int] = {}
        self.matched = [False] * n
        self.number = 0
        vi: list[int] = []
        nxt = 0
        while nxt < n and score[nxt] >= score[0]:
            vi.append(nxt)
            nxt += 1
        self.vi = vi
        self.nxt = nxt
        self.sg_begin = 0  # number of MDPs in the current bracket
        self.sg_begin_v = 0  # first resident vertex
        self.nsg_begin = self.nsg_begin_v = self.sg_iter = self.size = 0
        self.base: list[list[int]] = []
        self.stable: list[int] = list(range(n))
        self.mdp_chosen = False
        self.remainder: list[int] = []
        self.rem_pairs = 0
        self.exchanges = 0

    def open_next(self) -> bool:
        """Add the next score group to ``vi``; False when every bracket is done."""
        if not (len(self.vi) > 1 or self.nxt < self.n):
            return False
        score, vi = self.score, self.vi
        self.nsg_begin = len(vi)
        self.nsg_begin_v = self.sg_begin_v + (self.nsg_begin - self.sg_begin)
        self.sg_iter = self.nxt
        while self.nxt < self.n and score[self.nxt] >= score[self.sg_iter]:
            vi.append(self.nxt)
            self.nxt += 1
        self.size = len(vi)
        self.number += 1
        residents = self.nsg_begin - self.sg_begin
        bracket_score = score[vi[self.sg_begin]] if residents else score[vi[0]]
        start_bracket(self.number, bracket_score / 100, residents, self.sg_begin)
        return True

    def weigh(self) -> None:
        """Criteria weights of every pair with a player of the bracket (dutch_weights.LAYOUT)."""
        g, vi, ctx = self.g, self.vi, self.ctx
        size, sg_begin, nsg_begin = self.size, self.sg_begin, self.nsg_begin
        base: list[list[int]] = [[] for _ in range(sg_begin)]
        base += g.table.rows(vi, sg_begin, nsg_begin, ctx)
        for li in range(sg_begin, size):
            g.set_row(vi[li], vi[:li], base[li])
        self.base = base

    def _solve(
        self,
        shift: int = 0,
        extra: Bonuses | None = None,
        field: int = 0,
        prefs: list[tuple[int, list[int]]] | None = None,
    ) -> list[int]:
        """The bracket's best matching (with the next score group; ``core``: the bracket without it)."""
        return self.g.solve(self.vi, shift, extra, field, prefs, core=self.vi[: self.nsg_begin])

    def _resident_partner(self, v: int) -> bool:
        return self.sg_begin_v <= self.stable[v] < self.nsg_begin_v

    def choose_mdps(self) -> None:
        """Art.4.4 (C7 order): choose which MDPs are paired, highest scores and BSNs first."""
        g, vi, base, score, matched = self.g, self.vi, self.base, self.score, self.matched
        sg_begin, nsg_begin, size = self.sg_begin, self.nsg_begin, self.size
        self.mdp_chosen = False
        if sg_begin == 1:
            # A single MDP: one solve that also gives him the first possible resident (Art.3.3), as the
            # MDP-pairing step would; that step is skipped when this one could be done exactly.
            wanted = [vi[oi] for oi in range(1, nsg_begin) if base[oi][0]]
            self.stable = self._solve(prefs=[(vi[0], wanted)])
            self.mdp_chosen = g.last_preferences_served
        else:
            self.stable = self._solve() if sg_begin else list(range(self.n))
        md_score = 0
        rem_md = rem_md_matched = 0
        for pi in range(sg_begin):
            if pi == 0 or score[vi[pi]] < md_score:
                md_score = score[vi[pi]]
                rem_md = rem_md_matched = 0
                j = pi
                while j < size and score[vi[j]] >= md_score:
                    rem_md += 1
                    if self._resident_partner(vi[j]):
                        rem_md_matched += 1
                    j += 1
            if not rem_md_matched:
                continue
            pv = vi[pi]
            if rem_md <= rem_md_matched:
                matched[pv] = True
                continue
            rem_md -= 1
            if not self._resident_partner(pv):
                for oi in range(sg_begin, nsg_begin):
                    w = base[oi][pi]
                    if w:
                        g.set(pv, vi[oi], w | 1)  # the lowest (Art.4) bit: this MDP if he can be paired
                self.stable = self._solve()
            if self._resident_partner(pv):
                matched[pv] = True
                rem_md_matched -= 1
                for oi in range(sg_begin, nsg_begin):
                    w = base[oi][pi]
                    if w:
                        g.set(pv, vi[oi], (w | (nsg_begin - sg_begin)) + 1)

    def pair_mdps(self) -> None:
        """Art.3.3 MDP-pairing: each paired MDP gets the first possible resident (transposition order)."""
        g, vi, base, matched = self.g, self.vi, self.base, self.matched
        for pi in range(self.sg_begin):
            pv = vi[pi]
            if not matched[pv]:
                continue
            if self.mdp_chosen:
                mv = self.stable[pv]
                matched[mv] = True
                g.finalize(pv, mv)
                continue
            add = self.size
            for oi in range(self.nsg_begin - 1, self.sg_begin - 1, -1):
                ov = vi[oi]
                if matched[ov]:
                    continue
                w = base[oi][pi]
                if w:
                    g.set(pv, ov, w + add)  # Art.4 bits: the earlier resident, the larger bonus
                    add += 1
            self.stable = self._solve()
            mv = self.stable[pv]
            matched[mv] = True
            g.finalize(pv, mv)

    def solve_remainder(self) -> None:
        """The remainder (or homogeneous bracket): S1 = its first ``rem_pairs`` residents, S2 the others,
        solved with Art.4.3 (a) fewest exchanges and (b) smallest BSN-sum difference."""
        g, vi, base, stable = self.g, self.vi, self.base, self.stable
        remainder: list[int] = []
        rem_pairs = 0
        for pi in range(self.sg_begin, self.nsg_begin):
            pv = vi[pi]
            if stable[pv] < self.sg_begin_v:
                continue
            remainder.append(pi)
            if stable[pv] < pv:
                rem_pairs += 1
        rlen = len(remainder)
        if not self.sg_begin:
            rem_pairs = rlen // 2  # guess, checked below (the pair count is decided by the criteria)
        while True:
            # _ewc for every remainder pair, by rows (the bonus only depends on the higher player's place)
            bonus = [_ewc_bonus(self.order, a_i, rem_pairs) for a_i in range(rlen)]
            rem_v = [vi[pi] for pi in remainder]
            for b_i in range(1, rlen):
                row = base[remainder[b_i]]
                weights = [row[pi] and row[pi] + bonus[a_i] for a_i, pi in enumerate(remainder[:b_i])]
                g.set_row(rem_v[b_i], rem_v[:b_i], weights)
            # Also break ties as the transposition step would if no exchange is needed (checked below).
            presumed = remainder[:rem_pairs]
            stable = self._solve(*_s1_tiebreaks(presumed, remainder, vi, base, self.matched))
            if self.sg_begin:
                break
            actual = sum(1 for pi in remainder if self.sg_begin_v <= stable[vi[pi]] < vi[pi])
            if actual == rem_pairs:
                break
            rem_pairs = actual
        self.stable = stable
        self.remainder = remainder
        self.rem_pairs = rem_pairs
        self.exchanges = 0
        if rlen:
            for pi in remainder[:rem_pairs]:
                self.exchanges += not _upper(stable, vi[pi], self.nsg_begin_v)

    def exchange_from_s1(self) -> None:
        """Art.4.3 (c): move the highest possible S1 players to S2."""
        g, vi, base = self.g, self.vi, self.base
        remainder, rem_pairs, end = self.remainder, self.rem_pairs, self.nsg_begin_v
        rlen = len(remainder)
        left = self.exchanges
        pri = rem_pairs
        it = rem_pairs
        while it != 0 and left:
            pri -= 1
            it -= 1
            pi = remainder[it]
            pv = vi[pi]
            if _upper(self.stable, pv, end):
                for oj in range(it + 1, rlen):
                    w = _ewc(base, self.order, pi, remainder[oj], pri, rem_pairs)
                    if w:
                        g.set(pv, vi[remainder[oj]], w - _CD_BIT)
                self.stable = self._solve()
            exchange = not _upper(self.stable, pv, end)
            left -= exchange
            for oj in range(it + 1, rlen):
                if exchange:
                    base[remainder[oj]][pi] = 0
                g.set(pv, vi[remainder[oj]], _ewc(base, self.order, pi, remainder[oj], pri, rem_pairs))

    def exchange_from_s2(self) -> None:
        """Art.4.3 (d): move the lowest possible S2 players to S1."""
        g, vi, base = self.g, self.vi, self.base
        remainder, rem_pairs, end = self.remainder, self.rem_pairs, self.nsg_begin_v
        rlen = len(remainder)
        left = self.exchanges
        ri = rem_pairs
        for it in range(rem_pairs, rlen):
            if left <= 1:
                break
            pi = remainder[it]
            pv = vi[pi]
            already = _upper(self.stable, pv, end)
            if not already:
                for oj in range(it + 1, rlen):
                    w = _ewc(base, self.order, pi, remainder[oj], ri, rem_pairs)
                    if w:
                        g.set(pv, vi[remainder[oj]], w + _CD_BIT)
                self.stable = self._solve()
            if _upper(self.stable, pv, end):
                left -= 1
                for oj in range(it):
                    base[pi][remainder[oj]] = 0
                    g.set(pv, vi[remainder[oj]], 0)
                for oi in range(self.nsg_begin, self.size):
                    base[oi][pi] = 0
                    g.set(pv, vi[oi], 0)
            if not already:
                for oj in range(it + 1, rlen):
                    g.set(pv, vi[remainder[oj]], _ewc(base, self.order, pi, remainder[oj], ri, rem_pairs))
            ri += 1

    def fix_s1_s2(self) -> None:
        """S1 and S2 are now fixed: only S1 -> S2 pairs remain possible inside the remainder."""
        g, vi, base, remainder = self.g, self.vi, self.base, self.remainder
        up = [_upper(self.stable, vi[pi], self.nsg_begin_v) for pi in remainder]
        rem_v = [vi[pi] for pi in remainder]
        for b_i in range(1, len(remainder)):
            row = base[remainder[b_i]]
            if up[b_i]:
                for pi in remainder[:b_i]:
                    row[pi] = 0
            else:
                for a_i in range(b_i):
                    if not up[a_i]:
                        row[remainder[a_i]] = 0
            g.set_row(rem_v[b_i], rem_v[:b_i], [row[pi] for pi in remainder[:b_i]])

    def transpose(self) -> None:
        """Art.4.2 transpositions: each S1 player, in order, gets the first S2 player that still works."""
        g, vi, matched = self.g, self.vi, self.matched
        s1 = [pi for pi in self.remainder if _upper(self.stable, vi[pi], self.nsg_begin_v)]
        if self.exchanges:
            self.stable = self._solve(*_s1_tiebreaks(s1, self.remainder, vi, self.base, matched))
        for pi in s1:
            pv = vi[pi]
            mv = self.stable[pv]
            matched[pv] = matched[mv] = True
            g.finalize(pv, mv)

    def float_down(self) -> None:
        """The bracket's pairs are final; its downfloaters and the next score group form the next bracket."""
        g, vi, score, sg_iter, n = self.g, self.vi, self.score, self.sg_iter, self.n
        new_vi: list[int] = []
        new_sg_begin = 0
        single = self.odd and sg_iter < n and self.ctx.bye_score >= score[sg_iter]
        if single and any(g.active[v] for v in range(self.nxt, n)):
            self.stable = g.solve_global()  # partners outside the bracket matter for C9
        stable = self.stable
        for pi in range(self.size):
            pv = vi[pi]
            if pi < self.nsg_begin and self.matched[pv]:
                self.result[pv] = stable[pv]
                self.result[stable[pv]] = pv
            else:
                new_vi.append(pv)
                if pi < self.nsg_begin:
                    new_sg_begin += 1
                if single and score[stable[pv]] < score[sg_iter]:
                    single = False
        self.ctx.single_downfloater_is_bye = single
        self.vi = new_vi
        self.sg_begin = new_sg_begin
        self.sg_begin_v = self.nsg_begin_v


# The Art.4.3 (c, d) bit of the layout (dutch_weights.LAYOUT, "A4.3cd"): the lowest bit of every weight.
_CD_BIT = 1


def _ewc(base: list[list[int]], order: tuple[int, int, int], si: int, li: int, s_rem: int, rem_pairs: int) -> int:
    """Remainder edge weight with Art.4.3 (a) fewest exchanges and (b) smallest BSN-sum difference."""
    w = base[li][si]
    return w and w + _ewc_bonus(order, s_rem, rem_pairs)


def _order_offsets(ctx: WeightContext) -> tuple[int, int, int]:
    """Offsets of the Art.4.3 (a), (a) again and (b) fields in the weight layout."""
    return offset("A4.3a", ctx), offset("A4.3a+", ctx), offset("A4.3b", ctx)


def _ewc_bonus(order: tuple[int, int, int], s_rem: int, rem_pairs: int) -> int:
    """The part of :func:`_ewc` added to a pair whose higher player has place ``s_rem`` in the remainder."""
    # (a) rewards a pair whose higher player is in S1; (b) subtracts his place. (a) is given twice, the
    # second time in the smaller field "A4.3a+": the same order, but (a) + (b) is then positive for S1
    # players and never positive for S2 players, which keeps the previous matching when the finer levels of
    # a warm-started solve add these bits (an S1-S1 or S2-S2 pair never needs more than its ends have).
    # The lowest field (c, d) is left free for the choice of exchanged players.
    flag = 1 if s_rem < rem_pairs else 0
    return ((flag << order[0]) + (flag << order[1])) - (s_rem << order[2])


def _between(low: int, v: int, high: int) -> bool:
    return low <= v < high


def _upper(stable: list[int], v: int, end: int) -> bool:
    """v is paired downwards inside the bracket, i.e. plays as an S1 member."""
    return v < stable[v] < end


def _s1_tiebreaks(
    s1: list[int], remainder: list[int], vi: list[int], base: list[list[int]], matched: list[bool]
) -> tuple[int, Bonuses, int, list[tuple[int, list[int]]]]:
    """Tie-breaks making S1 players take, in order, the first S2 player that still works (Art.4.2).

    Player i's preferences are packed above those of player i+1, all below the criteria: one solve gives
    the same result as fixing the S1 players one after the other. Returns the shift of the criteria, the
    tie-break bonuses, the width of each player's field, and the same order as lists (each S1 player with
    the vertices that earn him a bonus, best first) for ``lexmatch``.
    """
    prefs: list[tuple[int, list[int]]] = []
    if not s1:
        return 0, {}, 0, prefs
    cb = len(remainder).bit_length()
    for pi in s1:
        pv = vi[pi]
        later = [oi for oi in remainder if oi > pi and not matched[vi[oi]]]
        # the last of them earns no bonus (add 0), like not being paired with any of them
        prefs.append((pv, [vi[oi] for oi in later[:-1] if base[oi][pi]]))

    def bonuses() -> dict[tuple[int, int], int]:
        extra: dict[tuple[int, int], int] = {}
        for rank, pi in enumerate(s1):
            pv = vi[pi]
            place = cb * (len(s1) - 1 - rank)
            add = 0
            for oi in reversed(remainder):
                ov = vi[oi]
                if oi <= pi or matched[ov]:
                    continue
                if base[oi][pi]:
                    extra[(pv, ov)] = extra[(ov, pv)] = add << place
                add += 1
        return extra

    return cb * len(s1), _Lazy(bonuses), cb, prefs


class _Lazy:
    """A dictionary computed on first look-up (the bonuses are only needed when ``lexmatch`` cannot be used)."""

    def __init__(self, build: Callable[[], dict[tuple[int, int], int]]) -> None:
        self._build = build
        self._data: dict[tuple[int, int], int] | None = None

    def get(self, key: tuple[int, int], default: int, /) -> int:
        if self._data is None:
            self._data = self._build()
        return self._data.get(key, default)


def _build_result(state: SwissState, players: list[EnginePlayer], pairs: dict[int, int]) -> RoundPairing:
    boards: list[tuple[tuple[int, int, int], Board]] = []
    bye: PairingNumber | None = None
    for v, p in enumerate(players):
        if v not in pairs:
            bye = p.id
            continue
        o = players[pairs[v]]
        if p.id > o.id:
            continue
        p_higher = (p.score, -p.rank_index) > (o.score, -o.rank_index)
        hi = p if p_higher else o
        colour = allocate_colours(p.colours, o.colours, p_higher, hi.rank_index, state.initial_colour)
        white, black = (p, o) if colour is Colour.WHITE else (o, p)
        floats: dict[PairingNumber, Float] = {}
        if p.score != o.score:
            lo = o if hi is p else p
            floats = {hi.id: Float.DOWN, lo.id: Float.UP}
        granted: dict[PairingNumber, bool | None] = {}
        for q, c in ((white, Colour.WHITE), (black, Colour.BLACK)):
            pref = q.colours.preference
            granted[q.id] = None if pref is None else pref is c
        lo = o if hi is p else p
        key = (-hi.score, -lo.score, hi.rank_index)
        boards.append((key, Board(white.id, black.id, floats, granted)))
    boards.sort(key=lambda kb: kb[0])
    return RoundPairing(boards=tuple(b for _, b in boards), bye=bye)
