"""Issue 22.6 for the score-group (Hungarian) engine of seed 004: its solvers against brute force on tiny brackets.

* the Hungarian run of a score group (L18-19, L27-29: the fold as a bipartite problem, rematches at an
  "infinite" cost) reaches the minimum cost over every assignment, keeps no rematch, and sends exactly the
  players of the unavoidable rematches (and the odd one) out of the group (L25);
* the exact fallback (L22, L30-31) finds a rematch-free pairing exactly when one exists, and otherwise the
  fewest rematches, then the smallest score gaps (L31), as an exhaustive search over every perfect pairing;
* a whole round (L35-39): everybody once, and the bye to the first candidate in L36 order whose absence leaves
  a rematch-free pairing (brute force), when there is one.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_desk.core.pairing.scoregroups import (
    REMATCH_COST,
    SgPlayer,
    _bye_candidates,
    _exact,
    _gap_units,
    _hungarian,
    pair_round,
)


def _players(rng: random.Random, n: int, density: float, one_group: bool) -> list[SgPlayer]:
    met: dict[int, set[int]] = {i: set() for i in range(1, n + 1)}
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            if rng.random() < density:
                met[a].add(b)
                met[b].add(a)
    out = []
    for i in range(1, n + 1):
        score = 4.0 if one_group else float(rng.choice((0, 1, 2, 4, 5)))
        out.append(SgPlayer(i, rng.randrange(1000, 2500), score, score, frozenset(met[i]), rng.random() < 0.25))
    return out


def _assignments(rows: int, cols: int) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every assignment of min(rows, cols) rows to distinct columns (the Hungarian problem's feasible set)."""
    if rows <= cols:
        for perm in itertools.permutations(range(cols), rows):
            yield tuple(enumerate(perm))
    else:
        for perm in itertools.permutations(range(rows), cols):
            yield tuple((i, j) for j, i in enumerate(perm))


def _perfect_pairings(ids: Sequence[int]) -> Iterator[list[tuple[int, int]]]:
    if not ids:
        yield []
        return
    a, rest = ids[0], ids[1:]
    for k, b in enumerate(rest):
        for tail in _perfect_pairings(rest[:k] + rest[k + 1 :]):
            yield [(a, b), *tail]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 11), density=st.floats(0.0, 0.9), seed=st.integers(0, 2**31))
def test_hungarian_run_of_a_group_equals_brute_force(n: int, density: float, seed: int) -> None:
    group = sorted(_players(random.Random(seed), n, density, one_group=True), key=lambda p: (-p.rating, p.id))
    top, bottom = group[: n // 2], group[n // 2 :]

    def cost(i: int, j: int) -> int:
        return abs(i - j) + (REMATCH_COST if bottom[j].id in top[i].opponents else 0)

    best = min(sum(cost(i, j) for i, j in a) for a in _assignments(len(top), len(bottom)))
    pairs, problems = _hungarian(top, bottom)
    index_top = {p.id: i for i, p in enumerate(top)}
    index_bottom = {p.id: j for j, p in enumerate(bottom)}
    kept = sum(cost(index_top[a.id], index_bottom[b.id]) for a, b in pairs)
    # problems: the two players of each rematch the assignment could not avoid (top, bottom), then the odd one
    rematched = (len(problems) - (len(bottom) - len(top))) // 2
    removed = sum(cost(index_top[problems[2 * k].id], index_bottom[problems[2 * k + 1].id]) for k in range(rematched))
    assert kept + removed == best  # the Hungarian assignment is a minimum-cost one
    assert best // REMATCH_COST == rematched  # the fewest unavoidable rematches, as brute force
    assert all(b.id not in a.opponents for a, b in pairs)  # no rematch kept (L22)
    assert sorted([p.id for pair in pairs for p in pair] + [p.id for p in problems]) == sorted(p.id for p in group)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(half=st.integers(1, 4), density=st.floats(0.0, 0.95), seed=st.integers(0, 2**31))
def test_exact_fallback_equals_brute_force(half: int, density: float, seed: int) -> None:
    players = _players(random.Random(seed), 2 * half, density, one_group=False)
    by_id = {p.id: p for p in players}

    def key(pairing: list[tuple[int, int]]) -> tuple[int, int]:
        rematches = sum(1 for a, b in pairing if b in by_id[a].opponents)
        return rematches, sum(_gap_units(by_id[a], by_id[b]) for a, b in pairing)

    every = list(_perfect_pairings([p.id for p in players]))
    free = [pairing for pairing in every if key(pairing)[0] == 0]
    strict = _exact(players, allow_rematches=False)
    assert (strict is not None) == bool(free)
    if strict is not None:
        assert all(b.id not in a.opponents for a, b in strict)
    forced = _exact(players, allow_rematches=True)
    assert forced is not None
    got = key([(a.id, b.id) for a, b in forced])
    assert got == min(key(pairing) for pairing in every)  # fewest rematches, then smallest score gaps (L31)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 9), density=st.floats(0.0, 0.8), seed=st.integers(0, 2**31))
def test_whole_round_against_brute_force(n: int, density: float, seed: int) -> None:
    players = _players(random.Random(seed), n, density, one_group=False)
    pairing = pair_round(players, 4)
    seen = [pid for board in pairing.boards for pid in board] + ([pairing.bye] if pairing.bye is not None else [])
    assert sorted(seen) == sorted(p.id for p in players)  # everybody exactly once
    by_id = {p.id: p for p in players}

    def rematch_free(ids: list[int]) -> bool:
        return any(all(b not in by_id[a].opponents for a, b in pairing)
                   for pairing in _perfect_pairings(ids))

    if n % 2:
        expected = next((c.id for c in _bye_candidates(players)
                         if not c.had_bye and rematch_free([p.id for p in players if p.id != c.id])), None)
        if expected is not None:
            assert pairing.bye == expected
            assert not pairing.rematches
    elif rematch_free([p.id for p in players]):
        assert not pairing.rematches
