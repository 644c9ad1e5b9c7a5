"""FFJD Capital-Points (seed 000 §2, §6, §7, §8, Annex B)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_desk.core.ratings.common import RatingComputationError
from tournament_desk.core.ratings.ffjd import (
    Cadence,
    Experience,
    FfjdGame,
    FfjdSeries,
    FirstRatingPart,
    accelerated_procedure,
    evaluate_series,
    expected_points,
    first_rating,
    first_rating_from_performance,
    first_rating_normal,
    fmjd_equivalent,
    game_evolution,
    games_needed,
    guide_estimate,
    k_factor,
    mfnc,
    performance,
    rate_period,
)
from tournament_desk.core.results import GameResult

SLOW, FAST = Cadence.SLOW, Cadence.ACCELERATED


def g(a: str, b: str, pa: int, counts: bool = True, forfeit: bool = False) -> FfjdGame:
    return FfjdGame(a, b, pa, 2 - pa, counts=counts, forfeit=forfeit)


# ---------------------------------------------------------------------------------------------- §6.1


@pytest.mark.parametrize(("cp", "slow", "fast"), [
    (600, 25, 15), (1349, 25, 15), (1350, 25, 15), (1425, 20, 10), (1470, 17, 7),
    (1499, 15 + 10 / 150, 5 + 10 / 150),
    (1500, 15, 5), (2400, 15, 5),
])
def test_k_by_cadence_and_cp_seed000_6_1_1(cp: int, slow: float, fast: float) -> None:
    assert k_factor(cp, SLOW) == pytest.approx(slow)
    assert k_factor(cp, FAST) == pytest.approx(fast)


@pytest.mark.parametrize(("delta", "pa"), [
    (0, 1.0), (100, 1.2), (-100, 0.8), (449, 1.898), (450, 1.9), (900, 1.9), (-449, 0.102), (-450, 0.1),
    (-2000, 0.1),
])
def test_pa_with_450_clamps_seed000_6_1_2(delta: int, pa: float) -> None:
    assert expected_points(1500 + delta, 1500) == pytest.approx(pa)


def test_evolution_per_game_seed000_6_1() -> None:
    # 1600 beats 1500 at a slow cadence: (2 - 1.2) x 15 = 12; the loser: (0 - 0.8) x 15 = -12
    assert game_evolution(1600, 1500, 2, SLOW) == pytest.approx(12)
    assert game_evolution(1500, 1600, 0, SLOW) == pytest.approx(-12)
    # 1400 draws 1300, accelerated: K = 15 - 10 x 50/150 = 11.667, PA = 1.2: (1 - 1.2) x 11.667
    assert game_evolution(1400, 1300, 1, FAST) == pytest.approx(-0.2 * (15 - 10 * 50 / 150))


def test_period_sums_then_rounds_once_seed000_2() -> None:
    # Each game alone is +0.4 (would round to 0); the period's sum 0.8 rounds to +1.
    # 1500 vs 1500 draws give 0; a 1500 player drawing a 1510 player: (1 - 0.98) x 15 = +0.3 ...
    games = (g("a", "b", 1), g("a", "c", 1))
    ratings = {"a": 1500.0, "b": 1510.0, "c": 1510.0}
    per_game = game_evolution(1500, 1510, 1, SLOW)
    assert per_game == pytest.approx(0.3)
    one = rate_period(ratings, [FfjdSeries("s1", SLOW, games[:1]), FfjdSeries("s2", SLOW, games[1:])])
    assert one["a"].evolution_raw == pytest.approx(0.6)
    assert one["a"].evolution == 1  # not 0 + 0
    assert one["a"].new_rating == 1501


def test_ratings_frozen_for_the_whole_period_seed000_2() -> None:
    # "a" gains in series 1; series 2 is computed with his rating at the period start (K and PA unchanged).
    ratings = {"a": 1400.0, "b": 1400.0, "c": 1400.0}
    s1 = FfjdSeries("s1", SLOW, (g("a", "b", 2),))
    s2 = FfjdSeries("s2", SLOW, (g("a", "c", 2),))
    res = rate_period(ratings, [s1, s2])
    k = k_factor(1400, SLOW)
    assert res["a"].evolution_raw == pytest.approx(2 * (2 - 1) * k)
    assert res["a"].new_rating == 1400 + round(2 * k)
    assert res["a"].games_counted == 2


def test_unplayed_games_seed000_6_4_and_exempt_6_5() -> None:
    ratings = {"a": 1500.0, "b": 1500.0, "x": None}
    games = tuple(FfjdGame.from_result("a", "b", r) for r in (
        GameResult.WHITE_FORFEIT_WIN_EXCUSED,  # does not count
        GameResult.DOUBLE_FORFEIT,  # does not count
        GameResult.WHITE_FORFEIT_WIN_UNEXCUSED,  # counts as played: a +2
    ))
    res = rate_period(ratings, [FfjdSeries("s", SLOW, games)])
    assert res["a"].games_counted == 1
    assert res["a"].evolution == 15  # (2 - 1) x 15
    assert res["b"].evolution == -15
    # The EXEMPT never counts, even with an unexcused forfeit code
    exempt = FfjdSeries("s", SLOW, (FfjdGame.from_result("a", "x", GameResult.WHITE_FORFEIT_WIN_UNEXCUSED),),
                        exempt=frozenset({"x"}))
    res = rate_period({"a": 1500.0}, [exempt])
    assert res["a"].games_counted == 0 and res["a"].evolution == 0


def test_zero_by_rule_counts_with_zero_points() -> None:
    game = FfjdGame.from_result("a", "b", GameResult.ZERO_BY_RULE)
    assert game.counts and (game.white_points, game.black_points) == (0, 0)


def test_floor_600_seed000_6_3() -> None:
    ratings = {"a": 610.0, **{f"o{i}": 610.0 for i in range(5)}}
    games = tuple(g("a", f"o{i}", 0) for i in range(5))
    res = rate_period(ratings, [FfjdSeries("s", SLOW, games)])
    # five losses at equal CP: Σ (0 − 1) × 25 = −125 (§6.1), but nobody goes below 600 (§6.3); the evolution
    # shown is the published one, after the floor: 600 − 610 = −10 (issue 24); the rule's own sum is kept
    assert res["a"].evolution_raw == -125 and res["a"].floored
    assert res["a"].evolution == -10
    assert res["a"].new_rating == 600


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(600, 2400), st.sampled_from([0, 1, 2])), min_size=1, max_size=12),
       st.integers(600, 2400), st.sampled_from([SLOW, FAST]))
def test_floor_property(games: list[tuple[int, int]], own: int, cadence: Cadence) -> None:
    ratings: dict[str, float | None] = {"me": float(own)}
    played = []
    for i, (opp, pts) in enumerate(games):
        ratings[f"o{i}"] = float(opp)
        played.append(g("me", f"o{i}", pts))
    res = rate_period(ratings, [FfjdSeries("s", cadence, tuple(played))])
    assert all(r.new_rating is None or r.new_rating >= 600 for r in res.values())


@settings(max_examples=60, deadline=None)
@given(st.integers(600, 1349), st.integers(600, 1349), st.sampled_from([0, 1, 2]),
       st.sampled_from([SLOW, FAST]))
def test_symmetry_with_equal_k(a: int, b: int, pts: int, cadence: Cadence) -> None:
    # §6.1: PA_a + PA_b = 2 and Pts_a + Pts_b = 2, so with the same K the two evolutions cancel.
    assert game_evolution(a, b, pts, cadence) == pytest.approx(-game_evolution(b, a, 2 - pts, cadence))


# ---------------------------------------------------------------------------------------------- §6.2


def test_first_rating_normal_case_seed000_6_2_1() -> None:
    # 5 games against classed players averaging 1300, 7 points of 10: 1300 + 250 x (7 - 5)/5 = 1400
    ratings = {"u": None, **{f"c{i}": 1300.0 + 50 * (i - 2) for i in range(5)}}
    games = tuple(g("u", f"c{i}", pts) for i, pts in enumerate((2, 2, 1, 2, 0)))
    res = rate_period(ratings, [FfjdSeries("s", SLOW, games, organiser_estimate=None)])
    assert res["u"].status == "first"
    assert res["u"].new_rating == 1400
    assert first_rating_normal(1300, 7, 5) == 1400
    # 4 games are not enough
    res4 = rate_period(ratings, [FfjdSeries("s", SLOW, games[:4])])
    assert res4["u"].status == "pending" and res4["u"].new_rating is None


def test_all_wins_and_all_losses_seed000_6_2_1() -> None:
    assert first_rating_normal(1200, 10, 5) == 1450  # +250
    assert first_rating_normal(1200, 0, 5) == 950  # -250


@given(st.floats(600, 2500), st.integers(5, 30), st.data())
def test_equivalence_mcp_plus_250_equals_mean_of_mcp_and_perf_seed000_6_2_1(mcp: float, npj: int,
                                                                            data: st.DataObject) -> None:
    pts = data.draw(st.integers(0, 2 * npj))
    perf = performance(mcp, pts, npj)
    assert perf is not None
    assert first_rating_normal(mcp, pts, npj) == pytest.approx(first_rating_from_performance(mcp, perf))


def test_six_player_example_seed000_6_2_3() -> None:
    # "6 joueurs non classés ... CPf 1100, 1308, 1308, 1392, 1392 et 1600": after 5 games, the first five are
    # rated at once; the sixth must play at least 2 more homologated games.
    outcomes = [first_rating([FirstRatingPart("rr", 5, cpf, True)])
                for cpf in (1100, 1308, 1308, 1392, 1392, 1600)]
    assert [o[0] for o in outcomes] == [1100, 1308, 1308, 1392, 1392, None]
    assert games_needed(1600) == 7 and games_needed(1499) == 5 and games_needed(1500) == 7
    # Two more games (against classed players averaging 1550, 2 points of 4: value 1550 + 250 x (2 - 2)/2)
    later = first_rating([FirstRatingPart("rr", 5, 1600, True), FirstRatingPart("next", 2, 1550, False)])
    assert later[0] == round((5 * 1600 + 2 * 1550) / 7)
    # Through rate_period: the pending parts are carried into the next period
    p1 = rate_period({}, [], pending={"six": (FirstRatingPart("rr", 5, 1600, True),)})
    assert p1["six"].status == "pending"
    ratings = {"six": None, "c1": 1550.0, "c2": 1550.0}
    p2 = rate_period(ratings, [FfjdSeries("next", SLOW, (g("six", "c1", 2), g("six", "c2", 0)))],
                     pending={"six": p1["six"].parts})
    assert p2["six"].status == "first"
    assert p2["six"].new_rating == round((5 * 1600 + 2 * 1550) / 7)


def test_pro_rata_initialisation_seed000_6_2_4() -> None:
    parts = [FirstRatingPart("normal", 3, 1200.0, False), FirstRatingPart("fast", 5, 1000.0, True)]
    value, candidate, games = first_rating(parts)
    assert games == 8
    assert candidate == pytest.approx((3 * 1200 + 5 * 1000) / 8)
    assert value == 1075


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.tuples(st.integers(700, 2200), st.sampled_from([0, 1, 2])), min_size=1,
                         max_size=4), min_size=1, max_size=4))
def test_pro_rata_of_normal_parts_is_the_pooled_formula(tournaments: list[list[tuple[int, int]]]) -> None:
    parts = []
    for i, games in enumerate(tournaments):
        mcp = sum(r for r, _ in games) / len(games)
        parts.append(FirstRatingPart(str(i), len(games), first_rating_normal(mcp, sum(p for _, p in games),
                                                                             len(games)), False))
    pooled = [x for t in tournaments for x in t]
    _, candidate, _ = first_rating(parts)
    expected = first_rating_normal(sum(r for r, _ in pooled) / len(pooled), sum(p for _, p in pooled),
                                   len(pooled))
    assert candidate == pytest.approx(expected)


def test_first_rating_floor() -> None:
    assert first_rating([FirstRatingPart("s", 5, 420.0, False)])[0] == 600


# ---------------------------------------------------------------------------------------------- Annex B


def _two_unrated_series(**kw: object) -> tuple[FfjdSeries, dict[str, float | None]]:
    ratings: dict[str, float | None] = {"a": 1400.0, "b": 1400.0, "c": 1400.0, "d": 1400.0,
                                        "u": None, "v": None}
    games = (g("u", "a", 2), g("u", "b", 2), g("u", "c", 1), g("u", "d", 0), g("u", "v", 2),
             g("v", "a", 0), g("v", "b", 1), g("v", "c", 1), g("v", "d", 2))
    return FfjdSeries("s", SLOW, games, **kw), ratings  # type: ignore[arg-type]


def test_linear_system_hand_computed_annex_b_1_2_3() -> None:
    # u: 7 pts / 5 games, v: 4 / 5; four classed 1400 players, u beat v.
    # 5 Pu - Pv = 5600 + 1000; 5 Pv - Pu = 5600 - 500  =>  Pu = 1587.5, Pv = 1337.5
    # MCP_u = (5600 + 1337.5)/5 = 1387.5 -> CPf_u = 1487.5; MCP_v = 1437.5 -> CPf_v = 1387.5 (NJC = 4: kept)
    series, ratings = _two_unrated_series()
    acc = accelerated_procedure(series, ratings)
    assert acc.perf["u"] == pytest.approx(1587.5) and acc.perf["v"] == pytest.approx(1337.5)
    assert acc.mcp["u"] == pytest.approx(1387.5) and acc.mcp["v"] == pytest.approx(1437.5)
    assert acc.cpf["u"] == pytest.approx(1487.5) and acc.cpf["v"] == pytest.approx(1387.5)
    assert acc.njc == 4 and acc.correction == 0
    res = rate_period(ratings, [series])
    assert res["u"].new_rating == 1488 and res["v"].new_rating == 1388
    assert res["u"].performance == pytest.approx(1587.5)
    # the classed players' evolutions only count games between classed players (none here)
    assert res["a"].games_counted == 0 and res["a"].evolution == 0


def test_accelerated_needs_five_games_without_forfeit_seed000_6_2_2() -> None:
    series, ratings = _two_unrated_series()
    games = list(series.games)
    games[0] = g("u", "a", 2, forfeit=True)  # an unexcused forfeit: counted, but not one of the 5 games
    acc = accelerated_procedure(FfjdSeries("s", SLOW, tuple(games)), ratings)
    assert "u" not in acc.eligible and "v" in acc.eligible


def test_no_classed_player_correction_to_organiser_estimate_annex_b_4() -> None:
    # 6 unrated, round robin, player i beats every j > i. Each Perf_i = m + (500/6)(Pts_i - 5),
    # CPf_i = m + (200/6)(Pts_i - 5); the series mean is moved to EONC = 1350.
    games = tuple(g(str(i), str(j), 2) for i, j in itertools.combinations(range(6), 2))
    series = FfjdSeries("rr", SLOW, games, organiser_estimate=1350)
    acc = accelerated_procedure(series, {})
    assert acc.njc == 0 and acc.target_mean == 1350
    for i in range(6):
        pts = 2 * (5 - i)
        assert acc.cpf[str(i)] == pytest.approx(1350 + 200 / 6 * (pts - 5))
    assert sum(acc.cpf.values()) / 6 == pytest.approx(1350)
    res = rate_period({}, [series])
    # 1516.67 >= 1500 after 5 games: pending (§6.2.3); the others are rated
    assert res["0"].status == "pending" and res["1"].new_rating == 1450 and res["5"].new_rating == 1183


def test_mfnc_weighting_annex_b_5() -> None:
    assert mfnc(1, 1000, 1500) == 1125
    assert mfnc(3, 1000, 1400) == 1300
    # Hand case: one classed 1500 player and five unrated, all games drawn (round robin of 6).
    # Every Perf = 1500 = MCP, CPf = 1500 = EANC; MFNC = (3 x 1000 + 1 x 1500)/4 = 1125.
    ids = ["k", "u1", "u2", "u3", "u4", "u5"]
    games = tuple(g(a, b, 1) for a, b in itertools.combinations(ids, 2))
    ratings: dict[str, float | None] = {"k": 1500.0}
    series = FfjdSeries("s", SLOW, games, organiser_estimate=1000)
    acc = accelerated_procedure(series, ratings)
    assert acc.njc == 1 and acc.eanc == pytest.approx(1500) and acc.target_mean == pytest.approx(1125)
    assert all(v == pytest.approx(1125) for v in acc.cpf.values())
    res = rate_period(ratings, [series])
    assert res["u3"].new_rating == 1125
    assert res["k"].games_counted == 0  # his games were all against unrated players


def test_missing_estimate_is_a_bilingual_error_annex_b_4_5() -> None:
    games = tuple(g(str(i), str(j), 2) for i, j in itertools.combinations(range(6), 2))
    with pytest.raises(RatingComputationError) as err:
        accelerated_procedure(FfjdSeries("rr", SLOW, games), {})
    assert "EONC" in err.value.message("en") and "organisateur" in err.value.message("fr")
    series, ratings = _two_unrated_series()
    ratings = {**ratings, "c": None, "d": None}  # 2 classed players left: MFNC needs EONC
    with pytest.raises(RatingComputationError):
        accelerated_procedure(series, ratings)


def test_unrated_loser_among_unrated_is_defined_not_a_crash() -> None:
    # The case: an unrated player lost every game against other unrated players. Inside a series with
    # four classed players, that group met no classed player: its level comes from the organiser's estimate.
    ratings: dict[str, float | None] = {c: 1500.0 for c in "abcd"}
    classed_games = tuple(g(x, y, 1) for x, y in itertools.combinations("abcd", 2))
    unrated = ["u1", "u2", "u3", "u4", "u5", "u6"]
    group = tuple(g(x, y, 2 if x != "u6" else 0) for x, y in itertools.combinations(unrated, 2))
    series = FfjdSeries("s", SLOW, classed_games + group, organiser_estimate=900)
    acc = accelerated_procedure(series, ratings)
    assert sum(acc.cpf[u] for u in unrated) / 6 == pytest.approx(900)
    assert acc.cpf["u6"] == min(acc.cpf.values())
    with pytest.raises(RatingComputationError):
        accelerated_procedure(FfjdSeries("s", SLOW, classed_games + group), ratings)


def test_inconsistent_group_zero_by_rule_is_least_squares() -> None:
    games = [g(str(i), str(j), 1) for i, j in itertools.combinations(range(6), 2)]
    games[0] = FfjdGame.from_result("0", "1", GameResult.ZERO_BY_RULE)  # 0-0: the points do not add up
    acc = accelerated_procedure(FfjdSeries("rr", SLOW, tuple(games), organiser_estimate=1000), {})
    assert sum(acc.cpf.values()) / 6 == pytest.approx(1000)
    assert acc.cpf["0"] < acc.cpf["2"]


def test_guide_table_annex_b() -> None:
    assert guide_estimate(8, Experience.BEGINNER) == 600
    assert guide_estimate(5, Experience.ONE_YEAR) == 750
    assert guide_estimate(12, Experience.CLUB_START) == 850
    assert guide_estimate(16, Experience.ONE_YEAR) == 1150
    assert guide_estimate(None, Experience.BEGINNER) == 1000  # adults
    assert guide_estimate(40, Experience.CLUB_START) == 1050


# ---------------------------------------------------------------------------------------------- §7, §8


def test_fmjd_equivalence_seed000_7_1() -> None:
    assert fmjd_equivalent(2000) == 1935
    assert fmjd_equivalent(1200) == 735


def test_performance_from_five_games_seed000_8() -> None:
    assert performance(1500, 6, 4) is None
    assert performance(1500, 6, 5) == pytest.approx(1500 + 500 * 1 / 5)
    ratings = {"a": 1500.0, **{f"o{i}": 1400.0 + 50 * i for i in range(5)}}
    res = evaluate_series(FfjdSeries("s", SLOW, tuple(g("a", f"o{i}", 1) for i in range(5))), ratings)
    assert res.players["a"].performance == pytest.approx(1500)  # all draws: Perf = MCP
    res4 = evaluate_series(FfjdSeries("s", SLOW, tuple(g("a", f"o{i}", 1) for i in range(4))), ratings)
    assert res4.players["a"].performance is None


def test_evolution_of_rated_games_helper() -> None:
    from tournament_desk.core.ratings.common import RatedGame
    from tournament_desk.core.ratings.ffjd import evolution_of

    games = [RatedGame(1500, 2), RatedGame(1600, 1), RatedGame(None, 2),  # unrated opponent: no Ev.
             RatedGame(1400, 2, counts=False)]  # an excused forfeit
    assert evolution_of(1500, games, SLOW) == pytest.approx((2 - 1) * 15 + (1 - 0.8) * 15)
