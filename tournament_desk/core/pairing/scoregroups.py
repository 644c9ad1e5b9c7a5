"""Score-group Swiss with Hungarian matching, as the platform of seed 004 documents it.

Seed 004 (``/work/shared/seeds/004_4ab1bada1a7b70ef.txt``), "Fonctionnement des tournois", lines cited as
``L<n>``:

* L11-16 round 1: players sorted by rating, highest first; player 1 meets player n/2+1, 2 meets n/2+2...
  (8 players: 1-5, 2-6, 3-7, 4-8).
* L17-18 later rounds: players grouped by equal points; inside a group sorted by rating and folded the same way.
* L19 groups of fewer than 16 players: the Hungarian algorithm (``scipy.optimize.linear_sum_assignment``).
* L20 groups of 16 or more: optimised by blocks (:data:`BLOCK_PAIRS` fold pairs per block).
* L21 fallback: bottom-up with a greedy algorithm.
* L22, L27-29 absolute rematch prevention: forbidden pairs computed first, a cost matrix with an "infinite"
  penalty for rematches.
* L23-26 bottom-up: the lowest score groups are processed first; when a group cannot be paired completely
  without rematches only the problem players leave it, the valid pairs of the group are kept.
* L30-31 fallback for the "mathematically impossible" cases; as an absolute last resort, rematches with the
  smallest score gaps first.
* L32-34 rounds 1-2: draws may count as wins for the pairing (not for the real score).
* L35-40 odd numbers: a bye to a player with the fewest points, worth a win (4 in Kashdan, L38), never twice
  to the same player (L39: the platform stores it as a game against oneself, so a second bye is a "rematch").
  Here the bye is stored as a :class:`~tournament_desk.core.model.Bye` (pairing-allocated), never as a game.

Readings the seed leaves open (each is a choice of this module, documented where it is made):

* L24-25 say "bottom-up" and "transferred to the lower group" in the same breath. Processing starts at the
  lowest group, so the only group not yet paired when a group fails is the next one *processed* (the next
  higher score): the problem players (and the odd player out) are carried into that group and paired there.
* L33 "rounds 1-2": the results of rounds 1 and 2 are what the pairings of rounds 2 and 3 look at; so when
  pairing rounds 2 and 3 a draw groups like a win. From round 4 on, real points group players.
* Colours are not described by the seed; round 1 alternates colours board by board (the top-half player has
  White on odd boards); later rounds give White to the player who had Black more often (as seed 000 §6.6
  suggests colours), then to the one who had Black last, then to the higher-rated.
* The fallback must keep L22's "absolute" promise: the greedy pass can fail where a rematch-free pairing
  exists, so the last step before accepting a rematch is an exact maximum matching on the whole round
  (Edmonds' blossom algorithm, :mod:`tournament_desk.core.pairing.matching`) that forbids rematches.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linear_sum_assignment

from tournament_desk.core.errors import PairingError
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import Bye, EventState, Game
from tournament_desk.core.pairing.matching import max_weight_matching
from tournament_desk.core.results import Outcome

__all__ = [
    "BLOCK_PAIRS",
    "HUNGARIAN_LIMIT",
    "REMATCH_COST",
    "ScoreGroupPairing",
    "SgPlayer",
    "draws_group_as_wins",
    "fold",
    "pair_round",
    "players_from_state",
    "round_one",
]

HUNGARIAN_LIMIT = 16
"""Seed 004 L19-20: groups of fewer than 16 players are solved in one Hungarian run, larger ones by blocks."""

BLOCK_PAIRS = 8
"""L20 "optimisation par blocs": a group of 16 or more is cut along its fold into blocks of 8 fold pairs (8 top-
half players against the 8 matching bottom-half players), each block solved by one Hungarian run."""

REMATCH_COST = 1_000_000
"""The "infinite" penalty of L29. ``linear_sum_assignment`` refuses a matrix whose finite entries cannot form
a complete assignment (``ValueError: cost matrix is infeasible``) and ``inf`` would poison the sums, so a large
*finite* cost is used instead: it is larger than the cost of every rematch-free assignment of the largest block
(at most 16 x 16 position-distance costs, < 300), so one rematch always costs more than any arrangement without
one, and the solver still returns a complete assignment, in which the rematches are recognised by their cost."""

_PAB_KINDS = frozenset({Outcome.PAIRING_BYE, Outcome.FULL_BYE})
"""Byes that scored a win without a game: L39, a player does not get the bye twice."""


@dataclass(frozen=True, slots=True)
class SgPlayer:
    """A player as the score-group engine sees him."""

    id: int
    rating: int
    score: float
    """Real points (the event's scoring)."""
    group_score: float
    """Points used to form the score groups (draws as wins in rounds 2-3 pairings, L32-34)."""
    opponents: frozenset[int] = frozenset()
    had_bye: bool = False
    whites: int = 0
    blacks: int = 0
    last_colour: str = ""
    """"w", "b" or "" (no game played yet)."""


@dataclass(frozen=True, slots=True)
class ScoreGroupPairing:
    """The boards (White id, Black id) in board order, the bye receiver and what the arbiter should know."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None = None
    rematches: tuple[tuple[int, int], ...] = ()
    """Pairs that already met (only when no rematch-free pairing exists: L31's last resort)."""
    notes: tuple[Msg, ...] = field(default_factory=tuple)
    """What the arbiter should know (a second bye, the rematches of the last resort)."""
    method: str = "hungarian"
    """``round-1``, ``hungarian`` (group by group), ``greedy``, ``exact`` or ``last-resort``."""

    def pairs(self) -> list[frozenset[int]]:
        return [frozenset(b) for b in self.boards]


# -- input from the event ------------------------------------------------------------------------------------


def draws_group_as_wins(round_to_pair: int) -> bool:
    """L32-34: results of rounds 1-2 (used to pair rounds 2 and 3) group a draw with the wins."""
    return round_to_pair <= 3


def players_from_state(state: EventState, round_to_pair: int | None = None) -> list[SgPlayer]:
    """The players to pair in ``round_to_pair`` (the next round by default): active players only."""
    number = state.last_round + 1 if round_to_pair is None else round_to_pair
    scoring = state.event.scoring
    draws_as_wins = draws_group_as_wins(number)
    out = []
    for p in state.players:
        if not p.is_active_in(number):
            continue
        score = 0.0
        group = 0.0
        whites = blacks = 0
        last = ""
        had_bye = False
        for rnd in state.rounds:
            if rnd.number >= number:
                continue
            entry = rnd.entry_of(p.id)
            if entry is None:
                continue
            if isinstance(entry, Bye):
                outcome: Outcome | None = entry.kind
                had_bye = had_bye or entry.kind in _PAB_KINDS
            else:
                outcome = entry.outcome_of(p.id)
                if outcome is not None and outcome.is_played:
                    if entry.white_id == p.id:
                        whites, last = whites + 1, "w"
                    else:
                        blacks, last = blacks + 1, "b"
            if outcome is None:
                continue
            points = scoring.points(outcome)
            score += points
            group += scoring.win if (draws_as_wins and outcome is Outcome.DRAW) else points
        met = frozenset(x for x in state.opponents(p.id))
        out.append(SgPlayer(p.id, p.rating(state.event.rating_system) or 0, score, group, met, had_bye,
                            whites, blacks, last))
    return out


# -- round 1 ------------------------------------------------------------------------------------------------------


def _by_rating(players: Iterable[SgPlayer]) -> list[SgPlayer]:
    """L12, L18: rating, highest first (ties: the lower id first, a stable registration order)."""
    return sorted(players, key=lambda p: (-p.rating, p.id))


def fold(ids: Sequence[int]) -> list[tuple[int, int]]:
    """L13-15: the i-th of the top half against the i-th of the bottom half (1 v n/2+1, 2 v n/2+2, ...)."""
    half = len(ids) // 2
    return [(ids[i], ids[half + i]) for i in range(half)]


def round_one(players: Sequence[SgPlayer]) -> ScoreGroupPairing:
    """L11-16. With an odd number, the bye goes first to the lowest-rated player (everybody has 0 points, L36),
    and the others are folded. Colours alternate: the top-half player has White on boards 1, 3, 5..."""
    ordered = _by_rating(players)
    bye = None
    if len(ordered) % 2:
        bye = ordered.pop().id
    boards = []
    for i, (top, bottom) in enumerate(fold([p.id for p in ordered])):
        boards.append((top, bottom) if i % 2 == 0 else (bottom, top))
    return ScoreGroupPairing(tuple(boards), bye, method="round-1")


# -- later rounds -------------------------------------------------------------------------------------------------


def _hungarian(top: Sequence[SgPlayer], bottom: Sequence[SgPlayer]
               ) -> tuple[list[tuple[SgPlayer, SgPlayer]], list[SgPlayer]]:
    """One Hungarian run: the "non-bipartite" pairing made bipartite by the seed's own fold (L18).

    A score group is a set of players that may all meet each other: a general graph, which the Hungarian
    algorithm does not solve. The fold of L13-15/L18 gives it two sides: rows are the top half (the higher-rated
    players), columns the bottom half, and the ideal pairing is the diagonal (top i v bottom i). The cost of
    top i v bottom j is |i - j| (how far the pair is from the fold), plus :data:`REMATCH_COST` when the two
    already met (L28-29, forbidden pairs computed beforehand). ``linear_sum_assignment`` minimises the total:
    without rematches the fold itself (cost 0); otherwise the closest rearrangement that avoids them. A pair
    that still costs :data:`REMATCH_COST` is not kept: its two players are the group's "problem players"
    (L25), returned with the players left unassigned by a rectangular matrix (odd group).
    """
    if not top or not bottom:
        return [], [*top, *bottom]
    cost = np.empty((len(top), len(bottom)), dtype=np.int64)
    for i, a in enumerate(top):
        for j, b in enumerate(bottom):
            cost[i, j] = abs(i - j) + (REMATCH_COST if b.id in a.opponents else 0)
    rows, cols = linear_sum_assignment(cost)
    pairs = []
    problems: list[SgPlayer] = []
    used_top, used_bottom = set(), set()
    for i, j in zip(rows.tolist(), cols.tolist(), strict=True):
        used_top.add(i)
        used_bottom.add(j)
        if cost[i, j] >= REMATCH_COST:
            problems += [top[i], bottom[j]]
        else:
            pairs.append((top[i], bottom[j]))
    problems += [p for i, p in enumerate(top) if i not in used_top]
    problems += [p for j, p in enumerate(bottom) if j not in used_bottom]
    return pairs, problems


def _solve_group(members: Sequence[SgPlayer]) -> tuple[list[tuple[SgPlayer, SgPlayer]], list[SgPlayer]]:
    """Pair one score group (L18-20); returns the valid pairs and the players left over (L25-26)."""
    ordered = _by_rating(members)
    half = len(ordered) // 2
    top, bottom = ordered[:half], ordered[half:]
    if len(ordered) < HUNGARIAN_LIMIT:
        return _hungarian(top, bottom)
    # L20: blocks of BLOCK_PAIRS fold pairs; the problem players of a block join the next block, on their side
    # of the fold, so that each block stays a small Hungarian problem.
    pairs: list[tuple[SgPlayer, SgPlayer]] = []
    carry_top: list[SgPlayer] = []
    carry_bottom: list[SgPlayer] = []
    for start in range(0, max(len(top), len(bottom)), BLOCK_PAIRS):
        block_top = carry_top + top[start:start + BLOCK_PAIRS]
        block_bottom = carry_bottom + bottom[start:start + BLOCK_PAIRS]
        found, left = _hungarian(block_top, block_bottom)
        pairs += found
        top_ids = {p.id for p in top}
        carry_top = [p for p in left if p.id in top_ids]
        carry_bottom = [p for p in left if p.id not in top_ids]
    return pairs, carry_top + carry_bottom


def _greedy(players: Sequence[SgPlayer]) -> list[tuple[SgPlayer, SgPlayer]] | None:
    """L21 greedy fallback: highest group score first, each player with the nearest not-yet-met player."""
    left = sorted(players, key=lambda p: (-p.group_score, -p.rating, p.id))
    pairs = []
    while left:
        a = left.pop(0)
        partner = next((b for b in left if b.id not in a.opponents), None)
        if partner is None:
            return None
        left.remove(partner)
        pairs.append((a, partner))
    return pairs


def _gap_units(a: SgPlayer, b: SgPlayer) -> int:
    return round(abs(a.group_score - b.group_score) * 100)


def _exact(players: Sequence[SgPlayer], *, allow_rematches: bool) -> list[tuple[SgPlayer, SgPlayer]] | None:
    """A perfect pairing of ``players`` by maximum-weight matching on the general graph (blossom).

    Weights: a large constant (so the most pairs come first) minus, when rematches are allowed, a rematch
    penalty (fewest rematches next), minus the score gap in hundredths (smallest gaps next, L31) and a small
    rating-distance term to stay near the fold. Returns None when no perfect pairing exists.
    """
    n = len(players)
    if n == 0:
        return []
    max_gap = max(_gap_units(a, b) for a in players for b in players) + 1
    max_rating = max(abs(a.rating - b.rating) for a in players for b in players) + 1
    per_pair_rematch = max_gap * max_rating * n
    big = per_pair_rematch * (n + 1) * 4
    edges = []
    for i in range(n):
        for j in range(i + 1, n):
            a, b = players[i], players[j]
            rematch = b.id in a.opponents
            if rematch and not allow_rematches:
                continue
            w = big - (per_pair_rematch if rematch else 0) - _gap_units(a, b) * max_rating - abs(a.rating - b.rating)
            edges.append((i, j, w))
    mate = max_weight_matching(n, edges)
    if any(m < 0 for m in mate):
        return None
    return [(players[i], players[m]) for i, m in enumerate(mate) if i < m]


def _has_rematch_free_pairing(players: Sequence[SgPlayer]) -> bool:
    return _exact(players, allow_rematches=False) is not None


def _bye_candidates(players: Sequence[SgPlayer]) -> list[SgPlayer]:
    """L36: fewest points first (real points), then the lowest rating; L39: players without a bye first."""
    return sorted(players, key=lambda p: (p.had_bye, p.score, p.rating, -p.id))


def _colours(a: SgPlayer, b: SgPlayer) -> tuple[int, int]:
    """White to the player who had Black more often, then to the one who had Black last, then the higher-rated."""
    da, db = a.blacks - a.whites, b.blacks - b.whites
    if da != db:
        return (a.id, b.id) if da > db else (b.id, a.id)
    if a.last_colour != b.last_colour and "" not in (a.last_colour, b.last_colour):
        return (a.id, b.id) if a.last_colour == "b" else (b.id, a.id)
    first, second = sorted((a, b), key=lambda p: (-p.rating, p.id))
    return first.id, second.id


def _board_order(pairs: Iterable[tuple[SgPlayer, SgPlayer]]) -> tuple[tuple[int, int], ...]:
    """Highest score group first, then the higher pair score, then the best rating."""
    def key(pair: tuple[SgPlayer, SgPlayer]) -> tuple[float, float, int, int]:
        a, b = pair
        return (-max(a.group_score, b.group_score), -(a.group_score + b.group_score),
                -max(a.rating, b.rating), min(a.id, b.id))
    return tuple(_colours(a, b) for a, b in sorted(pairs, key=key))


def _choose_bye(players: Sequence[SgPlayer]) -> tuple[SgPlayer, bool]:
    """The bye receiver (L36-39) and whether the others can then be paired without a rematch.

    The first candidate in L36's order whose removal leaves a rematch-free pairing is taken; a candidate who had
    a bye already is a "rematch" against himself (L39) and comes only after every player without one.
    """
    candidates = _bye_candidates(players)
    for c in candidates:
        if c.had_bye:
            break
        if _has_rematch_free_pairing([p for p in players if p.id != c.id]):
            return c, True
    first = candidates[0]
    return first, False


def pair_round(players: Sequence[SgPlayer], round_number: int) -> ScoreGroupPairing:
    """Pair round ``round_number`` (L11-40). ``players`` are the players to pair, with their history."""
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise PairingError(msg("A player appears twice in the list to pair"))
    if len(players) < 2:
        raise PairingError(msg("At least 2 players are needed to pair a round"))
    if round_number == 1 or all(not p.opponents and not p.had_bye and p.group_score == 0 for p in players):
        return round_one(players)
    notes: list[Msg] = []
    rest = list(players)
    bye: SgPlayer | None = None
    if len(rest) % 2:
        bye, _ = _choose_bye(rest)
        if bye.had_bye:
            notes.append(msg("Every player already had a bye: player {player} gets a second one", player=bye.id))
        rest = [p for p in rest if p.id != bye.id]
    # L23-26 bottom-up: lowest group first; leftovers (odd player, problem players) join the next group processed.
    groups: dict[float, list[SgPlayer]] = {}
    for p in rest:
        groups.setdefault(p.group_score, []).append(p)
    pairs: list[tuple[SgPlayer, SgPlayer]] = []
    carry: list[SgPlayer] = []
    for score in sorted(groups):
        found, carry = _solve_group(carry + groups[score])
        pairs += found
    method = "hungarian"
    if carry:
        # L21 greedy fallback on the players left over at the top.
        greedy = _greedy(carry)
        if greedy is not None:
            pairs += greedy
            method = "greedy"
            carry = []
    if carry:
        # L22 / L30: the group pass and the greedy pass found no rematch-free completion; an exact matching of the
        # whole round decides whether one exists (L27 "garantie mathématique d'évitement").
        exact = _exact(rest, allow_rematches=False)
        rematches: list[tuple[int, int]] = []
        if exact is not None:
            pairs, method = exact, "exact"
        else:
            # L31 last resort: fewest rematches, smallest score gaps first.
            forced = _exact(rest, allow_rematches=True)
            assert forced is not None  # a complete graph on an even number of players has a perfect matching
            pairs, method = forced, "last-resort"
            rematches = [(a.id, b.id) for a, b in forced if b.id in a.opponents]
            for a, b in rematches:
                notes.append(msg("No pairing avoids every rematch: players {a} and {b} meet again", a=a, b=b))
        return ScoreGroupPairing(_board_order(pairs), bye.id if bye else None, tuple(rematches),
                                 tuple(notes), method)
    return ScoreGroupPairing(_board_order(pairs), bye.id if bye else None, (), tuple(notes), method)


def to_round_entries(pairing: ScoreGroupPairing, round_number: int) -> tuple[tuple[Game, ...], tuple[Bye, ...]]:
    """The pairing as the model's games and bye (L37: stored as a pairing-allocated bye, not a game)."""
    games = tuple(Game(round_number, i, w, b) for i, (w, b) in enumerate(pairing.boards, start=1))
    byes = (Bye(round_number, pairing.bye, Outcome.PAIRING_BYE),) if pairing.bye is not None else ()
    return games, byes
