"""Issue 22.2: the fast paths against an independent reference, on every shared fixture round.

* networkx's maximum-weight matching (an independent implementation, test dependency) over the same weights
  pairs every round of the golden fixtures of up to 50 players exactly as the fast paths do, and as the
  project's own blossom algorithm without any shortcut (the reference path, ``pair_dutch(fast=False)``);
* the reference path agrees with the fast paths on the larger fixtures too (networkx is too slow there);
* at the level of single matchings, the project's blossom algorithm finds matchings of the same weight as
  networkx on random graphs with wide lexicographic weights like the pairing criteria.
The recorded pairings of the FIDE-endorsed engine are checked separately (test_dutch_golden.py).
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from nx_reference import networkx_matching

from tournament_desk.core.pairing.dutch import pair_dutch
from tournament_desk.core.pairing.matching import max_weight_matching
from tournament_desk.core.pairing.swiss_state import RoundPairing
from tournament_desk.formats.trf import TrfTournament, read_file, to_swiss_state

DATA = Path(__file__).resolve().parents[2] / "data" / "dutch"
FILES = sorted(DATA.glob("*.trf"))
NETWORKX_UP_TO = 50  # players: networkx needs about 0.2 s per round of 50 players


@cache
def _load(name: str) -> TrfTournament:
    return read_file(str(DATA / name))


def _key(p: RoundPairing) -> tuple[frozenset[tuple[int, int]], int | None]:
    return frozenset(p.pairs()), p.bye


def _fixtures(small: bool) -> list[str]:
    return [f.name for f in FILES if (len(_load(f.name).players) <= NETWORKX_UP_TO) is small]


@pytest.mark.parametrize("name", _fixtures(small=True))
def test_fast_paths_reference_and_networkx_agree(name: str) -> None:
    trf = _load(name)
    for k in range(1, trf.rounds_in_file + 1):
        state = to_swiss_state(trf, k)
        fast = pair_dutch(state)
        by_networkx = pair_dutch(state, fast=False, matcher=networkx_matching)
        assert _key(by_networkx) == _key(fast), f"round {k}"
        assert pair_dutch(state, fast=False) == fast, f"round {k}"  # boards, colours, floats: all identical


@pytest.mark.parametrize("name", _fixtures(small=False))
def test_fast_paths_and_reference_agree_on_larger_fixtures(name: str) -> None:
    trf = _load(name)
    for k in range(1, trf.rounds_in_file + 1):
        state = to_swiss_state(trf, k)
        assert pair_dutch(state, fast=False) == pair_dutch(state), f"round {k}"


def test_every_fixture_is_checked_against_a_reference() -> None:
    assert len(_fixtures(small=True)) + len(_fixtures(small=False)) == len(FILES) == 60
    assert len(_fixtures(small=True)) >= 40


def _total(mate: list[int], edges: list[tuple[int, int, int]]) -> int:
    weight = {(min(i, j), max(i, j)): w for i, j, w in edges}
    return sum(weight[(v, m)] for v, m in enumerate(mate) if m > v)


@pytest.mark.parametrize("seed", range(30))
def test_blossom_equals_networkx_on_wide_weights(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(3, 36)
    edges = []
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < rng.choice([0.3, 0.7, 1.0]):
                # fields like the criteria: few values on top, ties below, a wide tail
                edges.append((i, j, (rng.randint(1, 3) << 200) + (rng.randint(0, 3) << 120) + rng.randint(0, 1 << 60)))
    ours = max_weight_matching(n, edges)
    theirs = networkx_matching(n, edges)
    assert _total(ours, edges) == _total(theirs, edges)
    assert all(ours[ours[v]] == v for v in range(n) if ours[v] != -1)
