"""Scrabble classique cote PL (seed 002), with the two worked examples of §8."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.ratings.scrabble_pl import (
    SEASON_2015_2016,
    DuplicateSeries,
    EventKind,
    ScrabbleEntrant,
    Series,
    SeriesThresholds,
    bonus,
    category,
    experience_points,
    game_points,
    initial_ranking,
    is_listed,
    joker_share,
    pj_bounds,
    provisional_rating,
    rate_event,
    reclassify_season_start,
    returning_rating,
    starting_rating,
    value_m,
)

E = ScrabbleEntrant


def example_entrants() -> list[ScrabbleEntrant]:
    """Seed 002 §8: six rated players and four beginners (1st series, two 4th series, a new licence)."""
    return [
        E("p1415", "Martin", 1415), E("p1803", "Durand", 1803), E("p1860", "Bernard", 1860),
        E("p2923", "Petit", 2923), E("p1002", "Robert", 1002), E("p1580", "Richard", 1580),
        E("s1", "Moreau", None, DuplicateSeries.FIRST), E("s4a", "Dubois", None, DuplicateSeries.FOURTH),
        E("s4b", "Laurent", None, DuplicateSeries.FOURTH), E("new", "Simon", None, None),
    ]


def test_initial_ranking_of_the_example_seed002_8() -> None:
    ranked = initial_ranking(example_entrants())
    expected = [2923, 2250, 1860, 1803, 1700, 1700, 1580, 1415, 1002, 1000]
    assert [starting_rating(e) for e in ranked] == expected
    # equal ratings: alphabetical order (Dubois before Laurent)
    assert [e.name for e in ranked][4:6] == ["Dubois", "Laurent"]


def test_worked_example_a_1803_to_2032_seed002_8a() -> None:
    final = ["p2923", "p1803", "p1860", "s1", "s4a", "p1580", "p1415", "s4b", "p1002", "new"]
    res = rate_event(example_entrants(), final, EventKind.HOMOLOGATED, games=5)
    r = res["p1803"]
    assert (r.pe, r.b) == (9, 10)  # PE = 10 - 2 + 1, B = M/2 = 20/2
    assert r.pj_raw == pytest.approx(2 / 3 * (2250 - 1803))  # 298 before the bound
    assert pj_bounds(1, 5, 10.0) == (-105, 210)  # PJmax = 400 - 100 - 45 - 45
    assert r.pj == 210
    assert r.new_rating == 2032


def test_worked_example_b_1700_to_1608_seed002_8b() -> None:
    final = ["p2923", "p1803", "p1860", "s1", "s4a", "p1580", "new", "s4b", "p1002", "p1415"]
    res = rate_event(example_entrants(), final, EventKind.HOMOLOGATED, games=5)
    r = res["s4b"]
    assert r.final_place == 8 and r.provisional
    assert (r.pe, r.b) == (3, 0)
    assert r.pj == -95  # -1/3 (1700 - 1415) = -95, above PJmin -105
    assert r.new_rating == 1608


def test_provisional_ratings_seed002_2_1() -> None:
    expected = [2350, 2250, 2000, 1800, 1700, 1500, 1300, 1000]
    assert [provisional_rating(s) for s in DuplicateSeries] == expected
    assert provisional_rating(None) == 1000  # new licence


@pytest.mark.parametrize(("kind", "n", "cat", "m"), [
    (EventKind.WORLD_CHAMPIONSHIP, 30, 5, 250), (EventKind.NATIONAL_CHAMPIONSHIP, 10, 4, 150),
    (EventKind.INTERNATIONAL_OPEN, 40, 4, 150), (EventKind.HOMOLOGATED, 65, 4, 150),
    (EventKind.HOMOLOGATED, 64, 3, 100), (EventKind.HOMOLOGATED, 33, 3, 100),
    (EventKind.HOMOLOGATED, 32, 2, 50),
    (EventKind.HOMOLOGATED, 17, 2, 50), (EventKind.REGIONAL_MASTERS, 80, 2, 50),
    (EventKind.HOMOLOGATED, 16, 1, 20), (EventKind.DEPARTMENTAL_MASTERS, 40, 1, 20),
])
def test_category_and_m_seed002_4(kind: EventKind, n: int, cat: int, m: int) -> None:
    assert category(kind, n) == cat and value_m(cat) == m


def test_pe_and_bonus_seed002_5_6() -> None:
    assert experience_points(10, 1) == 10 and experience_points(10, 10) == 1
    assert [bonus(150, x) for x in range(1, 6)] == [150, 75, 30, 15, 0]
    with pytest.raises(ValidationError):
        experience_points(10, 11)


def test_pj_bounds_seed002_7() -> None:
    assert pj_bounds(5, 14, 100) == (-200, 400)
    assert pj_bounds(5, 14, 100, classic_b=True) == pytest.approx((-160, 320))  # CT = 0.8
    assert pj_bounds(3, 7, 20) == (-(400 - 50 - 35 - 40) / 2, 400 - 50 - 35 - 40)
    with pytest.raises(ValidationError):
        pj_bounds(1, 15, 10)


def test_pj_formula_and_rounding_seed002_7() -> None:
    assert game_points(1500, 1600, -1000, 1000) == 67  # 2/3 x 100 = 66.67
    assert game_points(1600, 1500, -1000, 1000) == -33  # -1/3 x 100
    assert game_points(1500, 1500, -100, 200) == 0


def test_joker_share_and_series_seed002_3() -> None:
    assert joker_share([2923, 2250, 1860, 1803, 1700, 1700, 1580, 1415, 1002, 1000]) == 10
    t = SEASON_2015_2016
    assert [t.series_of(r) for r in (2900, 2899, 2250, 2249, 1600, 1599)] == [
        Series.JOKER, Series.A, Series.A, Series.B, Series.B, Series.C]
    other = SeriesThresholds(joker=3000, a=2300, b=1700)
    assert other.series_of(2950) is Series.A


def test_season_start_reclassification_seed002_3() -> None:
    out = reclassify_season_start({"a": 2700, "b": 2950, "c": 2100}, ["a", "b"])
    assert out == {"a": 2900, "b": 2950, "c": 2100}


def test_inactive_players_seed002_9() -> None:
    pub = dt.date(2016, 1, 1)
    assert is_listed(dt.date(2014, 1, 1), pub) and not is_listed(dt.date(2013, 12, 31), pub)
    assert returning_rating(1650, DuplicateSeries.THIRD) == 1800
    assert returning_rating(1900, DuplicateSeries.THIRD) == 1900
    back = E("x", "X", 1650, DuplicateSeries.THIRD, last_event=dt.date(2012, 5, 1))
    assert starting_rating(back, dt.date(2016, 1, 10)) == 1800
    assert starting_rating(back) == 1650


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(800, 3100), min_size=2, max_size=20), st.integers(1, 14), st.randoms())
def test_pj_always_within_bounds(ratings: list[int], games: int, rnd: object) -> None:
    entrants = [E(i, f"P{i:02d}", r) for i, r in enumerate(ratings)]
    order = [e.player_id for e in entrants]
    rnd.shuffle(order)  # type: ignore[attr-defined]
    res = rate_event(entrants, order, EventKind.HOMOLOGATED, games)
    lo, hi = pj_bounds(category(EventKind.HOMOLOGATED, len(entrants)), games, joker_share(ratings))
    for r in res.values():
        assert round(lo) - 1 <= r.pj <= round(hi) + 1
        assert r.new_rating == r.rating_before + r.pe + r.b + r.pj
    # finishing at one's initial place compares one's rating with itself: PJ = 0
    for r in res.values():
        if r.final_place == r.initial_place:
            assert r.pj == 0
