"""The French Scrabble classique formula: groups of wins, the highest-ranked against the lowest-ranked.

docs/rules.md §4c. The FFSc's own rules for classique tournaments could not be found in their "pairings" part;
the formula of French classique tournaments since 2003, as a third party's page ("Tournois ISC", 2006) describes
it, is:

* the first game by rating: the 1st against the last, the 2nd against the second-to-last...;
* then the players with as many wins together, the highest rating against the lowest.

The ranking is the one seed 002 ranks a classique event's players by before it starts (FISF, Classement
international 2015-2016, §7 example and §8): decreasing PL, or PL* for a player without a PL (§2.1), equal
ratings in alphabetical order. The engine receives that order as each player's :attr:`CqPlayer.rank`.

Readings chosen where the formula says nothing (docs/rules.md §4c):

* **No rematch**: two players never meet twice while a pairing of the whole round avoids it; pairs kept apart
  by the arbiter count as met. Only when no pairing avoids every rematch are the fewest rematches accepted, with
  a note for the arbiter.
* **Odd groups**: processed from the top group down, a group with an odd number of players sends one player to
  the next group, its lowest-ranked player; a player who came down from a higher group is paired in the group
  he joins (he does not float twice while a resident can float instead). In the group he joins he takes his
  place by rank, and the group is folded 1 against n as any other.
* **Bye** (odd number of players): to the player with the fewest points who has not had one yet, the
  lowest-ranked first; scored as the event's scoring scores a pairing bye (Scrabble: 1 point, no spread, as a
  forfeit win). A second bye only when every player had one.

Why a matching algorithm rather than trying pairs one after the other: "no rematch" is a property of the whole
round (pairing a top group 1 against n may leave a lower group with two players who already met and nobody else
to play), and trying alternatives pair by pair is exponential in the worst case and easy to get wrong. Each
group is settled by two maximum-weight matchings over all the players still to pair (Edmonds' blossom algorithm,
:func:`~tournament_desk.core.pairing.matching.max_weight_matching`), whose weights put the criteria in strict
order, each one weighing more than everything below it together:

1. everybody paired (a perfect matching);
2. the fewest rematches (none when possible);
3. (first matching) the most pairs inside the group, then the floaters the formula names (the lowest-ranked);
   (second matching, the group's paired players fixed by the first) the pairs nearest the fold 1 against n:
   ranks i and j (0-based, m players) cost ``|i + j - (m - 1)|``, which is 0 exactly for the fold.

The rest of the players are only required to remain pairable (criteria 1 and 2), so that a top group never
takes a pairing that would force a rematch lower down.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tournament_desk.core.errors import PairingError
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import Bye, Game
from tournament_desk.core.pairing.cardinality import max_cardinality_matching
from tournament_desk.core.pairing.matching import max_weight_matching
from tournament_desk.core.results import Outcome

__all__ = ["ClassiquePairing", "CqPlayer", "fold_ends", "pair_round", "to_round_entries"]


@dataclass(frozen=True, slots=True)
class CqPlayer:
    """A player as the classique engine sees him."""

    id: int
    rank: int
    """His place in the event's initial ranking (0 = the highest PL or PL*; equal ratings alphabetically)."""
    score: float
    """His points (wins; a draw ½, a bye or a forfeit win as the event scores them)."""
    opponents: frozenset[int] = frozenset()
    """Players met, and players the arbiter keeps apart from him."""
    had_bye: bool = False


@dataclass(frozen=True, slots=True)
class ClassiquePairing:
    """The boards (higher-ranked player first, no colours) in board order, the bye, and notes."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None = None
    rematches: tuple[tuple[int, int], ...] = ()
    """Pairs that already met (only when no pairing avoids every rematch)."""
    floaters: tuple[int, ...] = ()
    """Players paired outside their group of wins (they came down from a higher group)."""
    notes: tuple[Msg, ...] = field(default_factory=tuple)


def fold_ends(ids: Sequence[int]) -> list[tuple[int, int]]:
    """§4c: the 1st against the last, the 2nd against the second-to-last... (an even list, in rank order)."""
    n = len(ids)
    return [(ids[i], ids[n - 1 - i]) for i in range(n // 2)]


def _pairable_without_rematch(players: Sequence[CqPlayer]) -> bool:
    """Whether ``players`` can all be paired without two of them meeting again (maximum cardinality matching)."""
    index = {p.id: i for i, p in enumerate(players)}
    adj: list[list[int]] = [[] for _ in players]
    for i, p in enumerate(players):
        for q in players:
            if q.id != p.id and q.id not in p.opponents and p.id not in q.opponents:
                adj[i].append(index[q.id])
    mate = max_cardinality_matching(adj)
    return all(m >= 0 for m in mate)


def _choose_bye(players: Sequence[CqPlayer]) -> tuple[CqPlayer, bool]:
    """The bye (§4c reading): fewest points first, the lowest-ranked first, players without a bye before the
    others; the first candidate whose absence leaves a pairing without rematch. Returns him and whether he
    already had a bye (every player had one)."""
    candidates = sorted(players, key=lambda p: (p.had_bye, p.score, -p.rank))
    fresh = [c for c in candidates if not c.had_bye]
    for c in fresh:
        if _pairable_without_rematch([p for p in players if p.id != c.id]):
            return c, False
    if fresh:
        return fresh[0], False
    return candidates[0], True


def _met(a: CqPlayer, b: CqPlayer) -> bool:
    return b.id in a.opponents or a.id in b.opponents


def _solve(players: Sequence[CqPlayer], weight: dict[tuple[int, int], int]) -> list[tuple[int, int]]:
    """A maximum-weight matching of ``players`` over the edges of ``weight`` (index pairs i < j)."""
    mate = max_weight_matching(len(players), [(i, j, w) for (i, j), w in weight.items()])
    assert all(m >= 0 for m in mate)  # an even number of players, every edge allowed: a perfect matching
    return [(i, m) for i, m in enumerate(mate) if i < m]


def _settle_group(members: Sequence[CqPlayer], incoming: frozenset[int], rest: Sequence[CqPlayer]
                  ) -> tuple[list[tuple[CqPlayer, CqPlayer]], list[CqPlayer]]:
    """Pair one group of wins (``members``, the players come down from above among them) with ``rest`` (the
    lower groups) still to be paired; returns the group's pairs and the players it sends down."""
    pool = [*members, *rest]
    n = len(pool)
    in_group = len(members)
    by_rank = sorted(range(in_group), key=lambda i: pool[i].rank)
    from_bottom = {i: in_group - 1 - pos for pos, i in enumerate(by_rank)}
    # criterion units, each larger than everything below it can add up to
    float_unit = 1
    float_bound = (n + 1) * n * float_unit  # a floater costs at most n (one who came down), n floaters
    pair_unit = float_bound + 1
    rematch_unit = pair_unit * (n + 1)
    base = rematch_unit * (n + 1)

    def float_cost(i: int) -> int:
        return n * float_unit if pool[i].id in incoming else from_bottom[i] * float_unit

    first: dict[tuple[int, int], int] = {}
    for i in range(n):
        for j in range(i + 1, n):
            w = base - (rematch_unit if _met(pool[i], pool[j]) else 0)
            if i < in_group and j < in_group:
                w += pair_unit
            elif i < in_group:
                w -= float_cost(i)
            first[(i, j)] = w
    chosen = _solve(pool, first)
    paired = sorted((k for i, j in chosen if i < in_group and j < in_group for k in (i, j)),
                    key=lambda i: pool[i].rank)
    position = {i: pos for pos, i in enumerate(paired)}
    m = len(paired)
    inside = set(paired)
    second: dict[tuple[int, int], int] = {}
    for i in range(n):
        for j in range(i + 1, n):
            if (i in inside) != (j in inside):
                continue  # the group's paired players stay together, as the first matching found possible
            w = base - (rematch_unit if _met(pool[i], pool[j]) else 0)
            if i in inside:
                w -= abs(position[i] + position[j] - (m - 1))
            second[(i, j)] = w
    pairs = [(pool[i], pool[j]) for i, j in _solve(pool, second) if i in inside]
    down = [pool[i] for i in range(in_group) if i not in inside]
    return pairs, down


def pair_round(players: Sequence[CqPlayer]) -> ClassiquePairing:
    """Pair a round by the classique formula (see the module's text). ``players``: those to pair, with their
    history; in round 1 everybody has 0 points, so the one group is folded by rating."""
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise PairingError(msg("A player appears twice in the list to pair"))
    if len(players) < 2:
        raise PairingError(msg("At least 2 players are needed to pair a round"))
    notes: list[Msg] = []
    rest = sorted(players, key=lambda p: (-p.score, p.rank))
    bye: CqPlayer | None = None
    if len(rest) % 2:
        bye, second = _choose_bye(rest)
        if second:
            notes.append(msg("Every player already had a bye: player {player} gets a second one", player=bye.id))
        rest = [p for p in rest if p.id != bye.id]
    pairs: list[tuple[CqPlayer, CqPlayer]] = []
    floaters: list[int] = []
    incoming: list[CqPlayer] = []
    for score in sorted({p.score for p in rest}, reverse=True):
        group = [p for p in rest if p.score == score]
        lower = [p for p in rest if p.score < score]
        members = sorted([*incoming, *group], key=lambda p: p.rank)
        found, incoming = _settle_group(members, frozenset(p.id for p in incoming), lower)
        floaters += [p.id for a, b in found for p in (a, b) if p.score != score]
        pairs += found
        done = {p.id for pair in found for p in pair} | {p.id for p in incoming}
        rest = [p for p in rest if p.id not in done]
    rematches = tuple((a.id, b.id) for a, b in pairs if _met(a, b))
    for a, b in rematches:
        notes.append(msg("No pairing avoids every rematch: players {a} and {b} meet again", a=a, b=b))
    ordered = sorted(((a, b) if a.rank < b.rank else (b, a) for a, b in pairs),
                     key=lambda pair: (-max(pair[0].score, pair[1].score), pair[0].rank))
    return ClassiquePairing(tuple((a.id, b.id) for a, b in ordered), bye.id if bye else None, rematches,
                            tuple(floaters), tuple(notes))


def to_round_entries(pairing: ClassiquePairing, round_number: int) -> tuple[tuple[Game, ...], tuple[Bye, ...]]:
    """The pairing as the model's games and bye (a pairing-allocated bye, not a game)."""
    games = tuple(Game(round_number, i, a, b) for i, (a, b) in enumerate(pairing.boards, start=1))
    byes = (Bye(round_number, pairing.bye, Outcome.PAIRING_BYE),) if pairing.bye is not None else ()
    return games, byes
