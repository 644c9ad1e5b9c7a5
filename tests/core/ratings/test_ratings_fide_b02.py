"""FIDE Rating Regulations, Handbook B.02 effective 1 March 2024 (§8.3.1 amended 1 October 2025): the rating
change of a rated player (§8.3), the initial rating of an unrated player (§8.2, §7.1.4), K (§8.3.3) and the
minimum rate of play (§1.1). Every expected value below is worked out by hand from tables 8.1.1 / 8.1.2
(REFERENCE §4) in the test's comment."""

from __future__ import annotations

import datetime as dt

import pytest

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.ratings import fide


def test_rated_change_by_hand_b02_8_3_2() -> None:
    """A player rated 2000, K 20, five games (table 8.1.2, D = own − opponent):
    vs 2100 win:   D = −100 → L .36, ΔR = +.64
    vs 1950 draw:  D = +50  → H .57, ΔR = −.07
    vs 1500 loss:  D = +500 counts as +400 (§8.3.1) → H .92, ΔR = −.92
    vs 2050 loss:  D = −50  → L .43, ΔR = −.43
    vs 1900 win:   D = +100 → H .64, ΔR = +.36
    W = 2.5, We = .36 + .57 + .92 + .43 + .64 = 2.92, ΣΔR = −.42, K × ΣΔR = −8.4 → −8 (§8.3.4)."""
    r = fide.rated_change(2000, [(2100, 1), (1950, 0.5), (1500, 0), (2050, 0), (1900, 1)], 20)
    assert (r.games, r.score, r.expected, r.sum_delta, r.k) == (5, 2.5, 2.92, -0.42, 20)
    assert r.change == pytest.approx(-8.4)
    assert (r.rounded_change, r.new_rating) == (-8, 1992)


def test_half_rounds_away_from_zero_b02_8_3_4() -> None:
    """§8.3.4: "0.5 is rounded away from zero". 2000, K 10: loss vs 2000 (PD .50, ΔR −.50) and win vs 1810
    (D = 190 → .75, ΔR +.25): ΣΔR = −.25, change −2.5 → −3 (FIDE published −2.50 as −3, spec fixture F-P01)."""
    r = fide.rated_change(2000, [(2000, 0), (1810, 1)], 10)
    assert r.change == pytest.approx(-2.5) and r.rounded_change == -3
    up = fide.rated_change(2000, [(2000, 1), (2190, 0)], 10)  # +.5 and −.25: +2.5 → +3
    assert up.change == pytest.approx(2.5) and up.rounded_change == 3


def test_400_point_rule_and_the_2650_exemption_b02_8_3_1() -> None:
    """§8.3.1: more than 400 points counts as 400 "for players rated below 2650. For players rated 2650 and above,
    the difference between ratings shall be used in all cases" — effective from 1 October 2025."""
    before, after = dt.date(2025, 9, 30), dt.date(2025, 10, 1)
    assert fide.counted_difference(2700, 2200, before) == 400
    assert fide.counted_difference(2700, 2200, after) == 500
    assert fide.counted_difference(2700, 2200) == 500  # no date: the rule in force
    assert fide.counted_difference(2200, 2700, after) == -400  # the opponent below 2650 is still capped
    assert fide.counted_difference(2649, 2000, after) == 400
    # win of the 2700 player: PD .92 (D 400) before, .96 (D 500, row 485-517) after
    assert fide.rated_change(2700, [(2200, 1)], 10, before).sum_delta == pytest.approx(0.08)
    assert fide.rated_change(2700, [(2200, 1)], 10, after).sum_delta == pytest.approx(0.04)
    assert fide.rated_change(2200, [(2700, 0)], 20, after).sum_delta == pytest.approx(-0.08)


def test_k_lines_and_the_700_cap_b02_8_3_3() -> None:
    assert fide.development_coefficient(2400)[0] == 10
    assert fide.development_coefficient(2300, reached_2400=True)[0] == 10
    assert fide.development_coefficient(2250, birth_year=2008, year=2026)[0] == 40  # the year of the 18th birthday
    assert fide.development_coefficient(2250, birth_year=2007, year=2026)[0] == 20  # 19 this year
    assert fide.development_coefficient(2350, birth_year=2010, year=2026)[0] == 20  # 2300 or more
    assert fide.development_coefficient(1800, rated_games=29)[0] == 40
    assert fide.development_coefficient(1800, rated_games=30)[0] == 20
    # "K shall be the largest whole number such that K x n does not exceed 700": n = 39, K 20 → 17 (F-P05)
    assert fide.capped_coefficient(20, 39) == 17
    assert fide.capped_coefficient(20, 35) == 20  # 700 exactly is allowed
    assert fide.capped_coefficient(40, 18) == 38
    assert fide.rated_change(1800, [(1800, 1)] * 36, 20).k == 19


def test_initial_rating_b02_8_2() -> None:
    """§8.2.2-8.2.3: 5 games against opponents totalling 9507, 3 points (FIDE's published first rating quoted as
    fixture F-N01): Ra = (9507 + 2 × 1800) / 7 = 1872.43; p = (3 + 1) / 7 = .571 → .57; dp = 50;
    Ru = 1922.43 → 1922, published (5 games, at least 1400, §7.1.4)."""
    r = fide.initial_rating([(1901, 1), (1902, 1), (1900, 1), (1904, 0), (1900, 0)])
    assert r.ra == pytest.approx(13107 / 7) and r.dp == 50 and r.ru == 1922 and r.published


def test_initial_rating_limits_b02_8_2_and_7_1_4() -> None:
    # §8.2.1 a zero score in the first event is disregarded; not in a later event
    zero = fide.initial_rating([(1600, 0)] * 5)
    assert zero.ru is None and not zero.published and "8.2.1" in zero.reason
    later = fide.initial_rating([(1600, 0)] * 5, first_event=False)  # Ra 1657.1, p 1/7 → .14, dp −309 → 1348
    assert later.ru == 1348 and not later.published and "1400" in later.reason
    # §7.1.4 four games: computed, not published yet
    four = fide.initial_rating([(2000, 1)] * 4)  # Ra (8000 + 3600)/6 = 1933.3, p 5/6 → .83, dp 273 → 2206 → 2200
    assert four.ru == 2200 and not four.published and "4 of the 5" in four.reason
    # §8.2.3 the maximum initial rating is 2200: 5 wins against 2400s give 2228.6 + 309 = 2537 → 2200
    top = fide.initial_rating([(2400, 1)] * 5)
    assert top.ru == 2200 and top.published
    assert not fide.initial_rating([]).published


def test_minimum_minutes_b02_1_1() -> None:
    assert fide.minimum_minutes(2400, None) == 120
    assert fide.minimum_minutes(1500, 2399) == 90
    assert fide.minimum_minutes(1799, None) == 60  # an unrated opponent counts below 1800
    assert fide.minimum_minutes(None, None) == 60


def test_scores_are_one_half_zero() -> None:
    with pytest.raises(ValidationError):
        fide.rated_change(2000, [(2000, 2)], 20)
