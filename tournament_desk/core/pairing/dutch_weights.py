"""Edge weights of the Dutch engine: the pairing criteria packed into one integer, most important first.

A maximum-weight matching maximises the highest field first, then the next one, and so on, as long as
every field is wide enough to hold its sum over all pairs. Each field below is commented with the
criterion of C.04.3 (2026 edition) it implements. The lowest bits are left free for the generation-order
rules (Art.4: transpositions and exchanges), which the bracket procedure in ``dutch.py`` adds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import lshift

from tournament_desk.core.ids import PairingNumber
from tournament_desk.core.pairing.dutch_model import EnginePlayer
from tournament_desk.core.pairing.swiss_state import Float

__all__ = [
    "CRITERIA",
    "LAYOUT",
    "PREPASS_LAYOUT",
    "Field",
    "WeightContext",
    "WeightTable",
    "compatible",
    "decode",
    "edge_weight",
    "fields",
    "offset",
    "order_bits",
    "pack",
]


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
    # Offsets of the fields of LAYOUT present in this round (set once: they depend on the widths only)
    shifts: list[int] = field(default_factory=list, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.shifts = _shifts(LAYOUT, min(self.rounds_played, 2), self.group_bits, self.scores_bits)


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


# ------------------------------------------------------------------------------------------ weight layout
@dataclass(frozen=True)
class Field:
    """One field of the edge weight: a quality criterion of C.04.3 (2026) or a generation-order rule (Art.4)."""

    key: str  # "C4" ... "C21", or "A4.3a" ... for the generation order
    rule: str  # where the rules state it
    width: str  # "top" (the highest field), "group" (WeightContext.group_bits), "scores" (scores_bits),
    #            "2 groups", or "1" (one bit)
    text: str  # what the field rewards (its sum over the pairs of a round-pairing is maximised)
    back: int = 0  # C14-C21: the field exists once this many rounds are played (the float 1 or 2 rounds before)



# The one declaration of the weight layout: the quality criteria of C.04.3 in their order of priority (most
# significant bits first), then the generation-order rules of Art.4 (lowest bits, filled by dutch.py). A
# maximum-weight matching maximises the first field, then the next, and so on, because each field is wide
# enough to hold its sum over all pairs. The weight builder (_criteria_values/pack), the decoder
# (decode), the solver's coarse levels (dutch_graph) and the explanations (explain.py) all read this table.
LAYOUT: tuple[Field, ...] = (
    Field("C4", "Art.2.2 (C4), Art.2.1.2 (C2), Art.2.3.1 (C5)", "top",
          "complete round-pairing: 1 per pair, plus 1 for each player paired who could not take the PAB"),
    Field("C6", "Art.2.4.1 (C6)", "group", "pairs in the current bracket (fewest downfloaters)"),
    Field("C7", "Art.2.4.2 (C7)", "scores", "scores of the paired MDPs (the lowest downfloaters float)"),
    Field("C8", "Art.2.4.3 (C8)", "group", "pairs with the next score group (its C6 stays reachable)"),
    Field("C8s", "Art.2.4.3 (C8)", "scores", "scores of the players paired with the next score group (its C7)"),
    Field("C9", "Art.2.4.4 (C9)", "2 groups", "played games of the players left for the PAB (fewest unplayed "
          "games for its receiver)"),
    Field("C10", "Art.2.4.5 (C10)", "group", "pairs where no topscorer reaches a colour difference above 2"),
    Field("C11", "Art.2.4.6 (C11)", "group", "pairs where no topscorer gets the same colour three times running"),
    Field("C12", "Art.2.4.7 (C12)", "group", "pairs granting both colour preferences"),
    Field("C13", "Art.2.4.8 (C13)", "group", "pairs granting both strong colour preferences"),
    Field("C14", "Art.2.4.9 (C14)", "group", "downfloaters who did not downfloat in the previous round", back=1),
    Field("C15", "Art.2.4.10 (C15)", "group", "MDP opponents who did not upfloat in the previous round", back=1),
    Field("C16", "Art.2.4.11 (C16)", "group", "downfloaters who did not downfloat two rounds before", back=2),
    Field("C17", "Art.2.4.12 (C17)", "group", "MDP opponents who did not upfloat two rounds before", back=2),
    Field("C18", "Art.2.4.13 (C18)", "scores", "scores of repeated downfloaters (previous round), lowest first",
          back=1),
    Field("C19", "Art.2.4.14 (C19)", "scores", "scores of MDP opponents who upfloated in the previous round",
          back=1),
    Field("C20", "Art.2.4.15 (C20)", "scores", "scores of repeated downfloaters (two rounds before)", back=2),
    Field("C21", "Art.2.4.16 (C21)", "scores", "scores of MDP opponents who upfloated two rounds before", back=2),
    Field("A4.3a", "Art.4.3 (a)", "group", "fewest exchanges between S1 and S2 (an S1 player paired downwards)"),
    Field("A4.3a+", "Art.4.3 (a)", "group", "the same reward again, smaller (keeps (a) + (b) positive in S1)"),
    Field("A4.3b", "Art.4.3 (b)", "group", "smallest difference of the BSN sums (minus the place in the remainder)"),
    Field("A4.3cd", "Art.4.3 (c, d)", "1", "which players are exchanged (highest S1, lowest S2 players)"),
)
CRITERIA = tuple(f for f in LAYOUT if f.key.startswith("C"))
FIRST_ORDER_FIELD = "A4.3a"  # the first generation-order field (Art.4), below the criteria

# The pre-pass (dutch._global_prepass) finds the lowest score of the PAB receiver with its own small layout.
PREPASS_LAYOUT: tuple[Field, ...] = (
    Field("C4", "Art.2.2 (C4), Art.2.1.2 (C2)", "top", "complete round-pairing, non-candidates for the PAB paired"),
    Field("C5", "Art.2.3.1 (C5)", "scores", "scores of the players paired (the lowest score is left for the PAB)"),
    Field("C9*", "Art.2.4.4 (C9)", "group", "players of the top score group paired"),
)


def fields(ctx: WeightContext, layout: tuple[Field, ...] = LAYOUT) -> list[tuple[Field, int]]:
    """The fields present in this round (C14-C21 need 1 or 2 rounds played), most significant first, with
    their widths in bits."""
    return _fields(layout, min(ctx.rounds_played, 2), ctx.group_bits, ctx.scores_bits)


# Layouts by identity (hashing 22 frozen dataclasses on every look-up would cost more than the packing)
_FIELDS: dict[tuple[int, int, int, int], list[tuple[Field, int]]] = {}
_OFFSETS: dict[tuple[int, int, int, int], dict[str, int]] = {}


def _fields(layout: tuple[Field, ...], rounds: int, group_bits: int, scores_bits: int) -> list[tuple[Field, int]]:
    key = (id(layout), rounds, group_bits, scores_bits)
    got = _FIELDS.get(key)
    if got is None:
        widths = {"group": group_bits, "scores": scores_bits, "2 groups": 2 * group_bits, "1": 1, "top": 0}
        got = _FIELDS[key] = [(f, widths[f.width]) for f in layout if rounds >= f.back]
    return got


def offset(key: str, ctx: WeightContext, layout: tuple[Field, ...] = LAYOUT) -> int:
    """Bit offset of field ``key`` in an edge weight: the total width of the fields below it."""
    return _offsets(layout, min(ctx.rounds_played, 2), ctx.group_bits, ctx.scores_bits)[key]


_SHIFTS: dict[tuple[int, int, int, int], list[int]] = {}


def _shifts(layout: tuple[Field, ...], rounds: int, group_bits: int, scores_bits: int) -> list[int]:
    """The offsets of the present fields, in layout order."""
    key = (id(layout), rounds, group_bits, scores_bits)
    got = _SHIFTS.get(key)
    if got is None:
        offsets = _offsets(layout, rounds, group_bits, scores_bits)
        got = _SHIFTS[key] = [offsets[f.key] for f, _bits in _fields(layout, rounds, group_bits, scores_bits)]
    return got


def _offsets(layout: tuple[Field, ...], rounds: int, group_bits: int, scores_bits: int) -> dict[str, int]:
    key = (id(layout), rounds, group_bits, scores_bits)
    got = _OFFSETS.get(key)
    if got is None:
        present = _fields(layout, rounds, group_bits, scores_bits)
        got = _OFFSETS[key] = {f.key: sum(bits for _f, bits in present[k + 1 :]) for k, (f, _bits) in
                               enumerate(present)}
    return got


def pack(values: list[int], ctx: WeightContext, layout: tuple[Field, ...] = LAYOUT) -> int:
    """The weight of per-field ``values`` (in the order of :func:`fields`; missing low fields are 0).

    Fields are added, not or-ed, exactly as the sums over a matching add up (a value may carry into the
    field above when a narrow field overflows, the same for every pairing)."""
    # ((v0 << b1) + v1) << b2 ... is the sum of each value shifted by its field's offset
    shifts = ctx.shifts if layout is LAYOUT else _shifts(layout, min(ctx.rounds_played, 2), ctx.group_bits,
                                                          ctx.scores_bits)
    return sum(map(lshift, values, shifts))


def decode(weight: int, ctx: WeightContext, layout: tuple[Field, ...] = LAYOUT) -> dict[str, int]:
    """Per-field values of ``weight`` (an edge weight, or the sum over the pairs of a round-pairing)."""
    out: dict[str, int] = {}
    present = fields(ctx, layout)
    for f, bits in reversed(present):
        if f.width == "top":
            out[f.key] = weight
        else:
            out[f.key] = weight & ((1 << bits) - 1)
            weight >>= bits
    return {f.key: out[f.key] for f, _bits in present}


def _criteria_values(
    higher: EnginePlayer,
    lower: EnginePlayer,
    lower_in_current: bool,
    lower_in_next: bool,
    ctx: WeightContext,
) -> list[int]:
    """The values of the criteria fields of :data:`LAYOUT` (C4 ... C21, in order) for one pair."""
    shift = ctx.score_shift
    hs, ls = higher.score, lower.score
    # C4 (with C2, C5): the players left out must be able to take the PAB; pairing a non-candidate is worth more
    values = [
        1 + (not is_bye_candidate(higher, ctx)) + (not is_bye_candidate(lower, ctx)),
        int(lower_in_current),  # C6
        (1 << shift[hs]) if lower_in_current else 0,  # C7
        int(lower_in_next),  # C8
        (1 << shift[hs]) if lower_in_next else 0,  # C8 (scores)
    ]
    c9 = 0
    if ctx.single_downfloater_is_bye:
        if hs == ctx.bye_score:
            c9 += ctx.unplayed_rank[higher.played_games]
        if ls == ctx.bye_score:
            c9 += ctx.unplayed_rank[lower.played_games]
    values.append(c9)
    # C10-C13: colours, only for pairs of the current bracket
    values += [bit if lower_in_current else 0 for bit in _colour_fields(lower, higher)]
    down = Float.DOWN
    up = Float.UP
    for back in (1, 2):  # C14, C15, then C16, C17
        if ctx.rounds_played < back:
            continue
        fl, fh = lower.floats[back - 1], higher.floats[back - 1]
        if lower_in_current:
            values.append(int(fl is down) + int(hs <= ls and fh is down))
            values.append(int(not (hs > ls and fl is up)))
        else:
            values += [0, 0]
    for back in (1, 2):  # C18, C19, then C20, C21
        if ctx.rounds_played < back:
            continue
        fl, fh = lower.floats[back - 1], higher.floats[back - 1]
        if lower_in_current:
            values.append((int(fl is down) << shift[ls]) + (int(fh is down) << shift[hs]))
            values.append(0 if fl is up and hs > ls else 1 << shift[hs])
        else:
            values += [0, 0]
    return values


def _criteria_weight(
    higher: EnginePlayer,
    lower: EnginePlayer,
    lower_in_current: bool,
    lower_in_next: bool,
    ctx: WeightContext,
) -> int:
    """The criteria packed by :data:`LAYOUT`, the generation-order fields left at 0 (dutch.py fills them)."""
    return pack(_criteria_values(higher, lower, lower_in_current, lower_in_next, ctx), ctx)


def top_shift(ctx: WeightContext) -> int:
    """Bit offset of the completion field (C4) in :func:`edge_weight`: the width of everything below it."""
    return offset("C4", ctx)


def order_bits(ctx: WeightContext) -> int:
    """Width of the generation-order fields (Art.4) below the criteria."""
    return offset(FIRST_ORDER_FIELD, ctx) + dict(fields(ctx))[_field(FIRST_ORDER_FIELD)]


def _field(key: str) -> Field:
    return next(f for f in LAYOUT if f.key == key)


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

    def rows(self, vs: list[int], start: int, split: int, ctx: WeightContext) -> list[list[int]]:
        """``[row(vs[:li], vs[li], li < split, li >= split, ctx) for li in range(start, len(vs))]`` in one
        pass (the rows of a bracket, dutch.py): the higher players of each row are the previous row's and one
        more, so their types and places are looked up once for the whole bracket, not once per row."""
        self._check_ctx(ctx)
        cache = self._cache
        players = self.players
        type_of = self.type_of
        nt = self.ntypes
        example = self._example
        types = [type_of[v] for v in vs]
        place = {v: i for i, v in enumerate(vs)}
        seen: list[int] = []  # the distinct types of vs[:li], in order of appearance
        is_seen = [False] * nt
        for t in types[:start]:
            if not is_seen[t]:
                is_seen[t] = True
                seen.append(t)
        by_type = [0] * nt
        out: list[list[int]] = []
        for li in range(start, len(vs)):
            lv = vs[li]
            lower_in_current = li < split
            lo = players[lv]
            base_key = ((type_of[lv] * 2 + lower_in_current) * 2 + (not lower_in_current)) * nt
            for t in seen:
                w = cache.get(base_key + t)
                if w is None:
                    hi = players[example[t]]
                    w = 0
                    if _colours_compatible(hi, lo, ctx):
                        w = _criteria_weight(hi, lo, lower_in_current, not lower_in_current, ctx)
                    cache[base_key + t] = w
                by_type[t] = w
            row = list(map(by_type.__getitem__, types[:li]))
            for hv in self.opp[lv]:  # C1 (no rematch, forbidden pairs): opp is symmetric
                at = place.get(hv, li)
                if at < li:
                    row[at] = 0
            out.append(row)
            t = types[li]
            if not is_seen[t]:
                is_seen[t] = True
                seen.append(t)
        return out
