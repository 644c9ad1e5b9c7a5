"""The French Scrabble classique formula (docs/rules.md §4c; the formula of French classique tournaments since
2003 as the page "Tournois ISC" describes it: round 1 by rating, 1st against last, 2nd against second-to-last;
then the players with as many wins together, the highest rating against the lowest)."""

from __future__ import annotations

import random

import pytest

from tournament_desk.core.errors import PairingError
from tournament_desk.core.pairing.classique import CqPlayer, fold_ends, pair_round


def _players(scores: list[float], met: dict[int, set[int]] | None = None,
             byes: set[int] | None = None) -> list[CqPlayer]:
    """Player i has rank i (0 the best PL) and score ``scores[i]``."""
    met = met or {}
    return [CqPlayer(i, i, s, frozenset(met.get(i, set()) | {j for j, m in met.items() if i in m}),
                     i in (byes or set())) for i, s in enumerate(scores)]


def test_round_one_first_against_last() -> None:
    """§4c: "1er contre dernier, 2e contre avant-dernier"."""
    got = pair_round(_players([0.0] * 10))
    assert got.boards == ((0, 9), (1, 8), (2, 7), (3, 6), (4, 5))
    assert got.bye is None and not got.rematches and not got.floaters


def test_round_one_odd_the_lowest_rated_has_the_bye() -> None:
    """§4c reading: the bye to the lowest-ranked player without one; the others folded 1 against n."""
    got = pair_round(_players([0.0] * 7))
    assert got.bye == 6
    assert got.boards == ((0, 5), (1, 4), (2, 3))


def test_groups_of_wins_folded_first_against_last() -> None:
    """§4c: players with as many wins together, the highest rating against the lowest."""
    # 8 players after one round: 0, 2, 5, 7 won; 1, 3, 4, 6 lost (nobody has met within his group)
    scores = [1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0]
    met = {0: {4}, 2: {6}, 5: {1}, 7: {3}}
    got = pair_round(_players(scores, met))
    assert got.boards == ((0, 7), (2, 5), (1, 6), (3, 4))


def test_odd_group_sends_its_lowest_ranked_player_down() -> None:
    """§4c reading: an odd group sends its lowest-ranked player to the next group, where he is folded in by
    rank."""
    scores = [2.0, 2.0, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    got = pair_round(_players(scores))
    # top group {0, 1, 2}: 0 against 1, 2 goes down; next group {2, 3, 4, 5, 6, 7} folded 2-7, 3-6, 4-5
    assert got.boards == ((0, 1), (2, 7), (3, 6), (4, 5))
    assert got.floaters == (2,)


def test_a_rematch_is_avoided_nearest_the_fold() -> None:
    """No rematch; the pairing kept is the one nearest 1 against n (|i + j - (m - 1)| summed)."""
    got = pair_round(_players([1.0] * 4, {0: {3}}))
    assert got.boards == ((0, 2), (1, 3))


def test_a_top_group_never_forces_a_rematch_below() -> None:
    """The whole round is looked at: the top group's fold would leave 4 and 5, who met, alone together."""
    scores = [1.0, 1.0, 1.0, 1.0, 0.0, 0.0]
    # top group folded: 0-3, 1-2; bottom: 4-5 met. So one top player comes down for each bottom player.
    got = pair_round(_players(scores, {4: {5}, 0: {1, 2}, 3: {1, 2}}))
    assert not got.rematches
    assert all({a, b} != {4, 5} for a, b in got.boards)


def test_the_bye_goes_to_the_lowest_ranked_without_one() -> None:
    scores = [1.0, 1.0, 0.0, 0.0, 0.0]
    got = pair_round(_players(scores, byes={4}))
    assert got.bye == 3  # fewest points, lowest-ranked among those who had no bye
    every = pair_round(_players([1.0, 1.0, 1.0], byes={0, 1, 2}))
    assert every.bye == 2 and every.notes  # a second bye only when everybody had one, with a note


def test_rematches_only_when_no_pairing_avoids_them() -> None:
    got = pair_round(_players([0.0] * 4, {0: {1, 2, 3}}))
    assert len(got.rematches) == 1 and got.notes


def test_refuses_a_player_twice() -> None:
    with pytest.raises(PairingError):
        pair_round([CqPlayer(1, 0, 0.0), CqPlayer(1, 1, 0.0)])


def test_fold_ends() -> None:
    assert fold_ends([5, 6, 7, 8]) == [(5, 8), (6, 7)]


def test_no_rematch_over_a_whole_event_whenever_one_exists() -> None:
    """Nine rounds of 12 players with random results: each round, when a rematch-free pairing of the round
    exists (checked by brute force over all pairings), the engine finds one; scores stay within groups or
    the next."""
    rng = random.Random(30)
    n = 12
    met: dict[int, set[int]] = {i: set() for i in range(n)}
    score = [0.0] * n
    for _ in range(9):
        players = _players(score, met)
        got = pair_round(players)
        exists = _exists_rematch_free(list(range(n)), met)
        assert bool(got.rematches) is not exists
        seen = sorted(p for b in got.boards for p in b)
        assert seen == list(range(n))
        for a, b in got.boards:
            met[a].add(b)
            met[b].add(a)
            score[a if rng.random() < 0.5 else b] += 1


def _exists_rematch_free(ids: list[int], met: dict[int, set[int]]) -> bool:
    if not ids:
        return True
    first, rest = ids[0], ids[1:]
    for other in rest:
        if other not in met[first] and _exists_rematch_free([i for i in rest if i != other], met):
            return True
    return False
