"""National Elo (seed 001): hand-computed cases for every branch 1.a – 3.b, compatibility, D(P), iteration."""

from __future__ import annotations

import datetime as dt
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_desk.core.ratings import fide
from tournament_desk.core.ratings.elo_fr import (
    EloArchive,
    EloCase,
    EloGame,
    EloPlayer,
    d_of_p,
    decide,
    elo_from_bcr,
    elo_from_bridier,
    elo_from_cs,
    elo_from_ingo,
    estimate_unrated,
    is_compatible,
    is_estimated,
    mark_estimated,
    performance,
    period_of,
    rate_period,
    round_elo,
)

# Seed 001 §2.4, the printed table (one entry in four, every column).
SEED_001_TABLE = {
    .99: 677, .95: 470, .91: 383, .87: 322, .83: 273, .79: 230, .75: 193, .71: 158, .67: 125, .63: 95,
    .59: 65, .55: 36, .51: 7, .50: 0, .49: -7, .45: -36, .41: -65, .37: -95, .33: -125, .29: -158,
    .25: -193, .21: -230, .17: -273, .13: -322, .09: -383, .05: -470, .01: -677,
}


def test_table_is_the_fide_table_seed001_2_4() -> None:
    for p, value in SEED_001_TABLE.items():
        assert fide.DP_TABLE[round(p * 100)] == value


def test_d_of_p_table_values_and_bounds_seed001_2_4() -> None:
    for p, value in SEED_001_TABLE.items():
        expected = max(-470, min(470, value))  # bounded at +/-470 beyond .95 / .05
        assert float(d_of_p(p)) == expected
    assert float(d_of_p(1.0)) == 470 and float(d_of_p(0.0)) == -470
    assert float(d_of_p(0.97)) == 470 and float(d_of_p(0.02)) == -470


def test_d_of_p_between_entries_follows_the_curve_seed001_2_4() -> None:
    # 5/7 = .714: between .71 (158) and .72 (166), on the normal curve: 158 + 8 x (z(.714) - z(.71))/(...)
    d = float(d_of_p(5 / 7))
    assert 158 < d < 166
    from scipy.special import ndtri
    z, z0, z1 = ndtri(5 / 7), ndtri(0.71), ndtri(0.72)
    assert d == pytest.approx(158 + 8 * (z - z0) / (z1 - z0))
    assert float(d_of_p(1 - 5 / 7)) == pytest.approx(-d)


@pytest.mark.parametrize(("own", "opp", "score", "ok"), [
    (1500, 1151, 1.0, True), (1500, 1150, 1.0, False), (1500, 1900, 1.0, True),  # wins
    (1500, 1849, 0.0, True), (1500, 1850, 0.0, False), (1500, 1000, 0.0, True),  # losses
    (1500, 2400, 0.5, True), (1500, 600, 0.5, True),  # every draw counts
])
def test_compatibility_350_seed001_2_2(own: int, opp: int, score: float, ok: bool) -> None:
    assert is_compatible(own, opp, score) is ok


def test_performance_and_floor_seed001_2_3_2_5() -> None:
    # The loss to a 1900 player (400 above) is not compatible: 3 games kept, Ea 1500, P = 2.5/3.
    perf = performance(1500, [(1500, 1), (1600, 0.5), (1400, 1), (1900, 0)])
    assert perf.nj == 3 and perf.sc == 2.5
    assert perf.ea == pytest.approx(1500)
    assert perf.p == pytest.approx(2.5 / 3)
    assert perf.pj == pytest.approx(1500 + float(d_of_p(2.5 / 3)))
    low = performance(1100, [(1000, 0), (1050, 0), (1100, 0)])
    assert low.pj == 1000  # 1050 - 470 = 580 -> brought back to 1000


def test_rounding_to_tens_seed001_1() -> None:
    assert round_elo(1235) == 1240  # "le 5 devient 10"
    assert round_elo(1234.999) == 1230
    assert round_elo(1245) == 1250
    assert round_elo(1442.6923) == 1440


def test_estimates_end_in_9_seed001_1() -> None:
    assert is_estimated(1199) and not is_estimated(1200)
    assert mark_estimated(1203) == 1199
    assert not EloPlayer("x", 1399).rated and EloPlayer("x", 1400).rated


# ----------------------------------------------------------------------------------- §3 cases, by hand


def test_case_1a_brake_seed001_3() -> None:
    # Ei 1500, 10 compatible games against 1500, 3 points: P .30, D -149, Pj 1351
    # Ej = (16 x 1500 + 10 x 1351)/26 = 1442.69 -> 1440
    perf = performance(1500, [(1500, 1)] * 3 + [(1500, 0)] * 7)
    assert perf.pj == pytest.approx(1351)
    dec = decide(1500, False, perf.nj, perf.pj)
    assert dec.case is EloCase.BRAKE
    assert dec.raw == pytest.approx(37510 / 26)
    assert dec.new_elo == 1440


def test_case_1b_youth_and_senior_quotas_seed001_3() -> None:
    # P .75 -> D 193 -> Pj 1693 -> 1690, youth with 8 games, senior with 16
    assert decide(1500, True, 8, 1693).case is EloCase.PERFORMANCE
    assert decide(1500, True, 8, 1693).new_elo == 1690
    assert decide(1500, False, 16, 1693).new_elo == 1690
    assert decide(1500, False, 15, 1693).case is EloCase.BARYCENTRE


def test_case_1c_barycentre_completed_to_16_seed001_3() -> None:
    # senior, 10 games: (1693 x 10 + 6 x 1500)/16 = 1620.625 -> 1620
    dec = decide(1500, False, 10, 1693)
    assert dec.case is EloCase.BARYCENTRE and dec.raw == pytest.approx(1620.625) and dec.new_elo == 1620
    # youth, 4 games: (1693 x 4 + 12 x 1500)/16 = 1548.25 -> 1550
    dec = decide(1500, True, 4, 1693)
    assert dec.raw == pytest.approx(1548.25) and dec.new_elo == 1550


def test_case_2a_past_forgotten_seed001_3() -> None:
    dec = decide(None, False, 9, 1604, EloArchive(1400, 5))
    assert dec.case is EloCase.ARCHIVE_FORGOTTEN and dec.new_elo == 1600 and dec.archive is None


def test_case_2b_new_archive_seed001_3() -> None:
    dec = decide(None, False, 4, 1600, EloArchive(1400, 3))
    assert dec.case is EloCase.ARCHIVE_EXTENDED and dec.new_elo is None
    assert dec.archive is not None and dec.archive.na == 7
    assert dec.archive.pa == pytest.approx((1600 * 4 + 1400 * 3) / 7)


def test_case_2c_combined_seed001_3() -> None:
    dec = decide(None, True, 4, 1600, EloArchive(1400, 5))
    assert dec.case is EloCase.ARCHIVE_COMBINED
    assert dec.raw == pytest.approx(13400 / 9) and dec.new_elo == 1490


def test_case_3a_archived_and_3b_first_rating_seed001_3() -> None:
    dec = decide(None, False, 7, 1234.5)
    assert dec.case is EloCase.ARCHIVED and dec.archive == EloArchive(1234.5, 7) and dec.new_elo is None
    dec = decide(None, False, 8, 1234.5)
    assert dec.case is EloCase.FIRST_RATING and dec.new_elo == 1230


# ----------------------------------------------------------------------------------- periods, §4.2


def test_period_of_seed001_1() -> None:
    assert period_of(dt.date(2025, 9, 1)) == (2025, 1)
    assert period_of(dt.date(2025, 12, 31)) == (2025, 1)
    assert period_of(dt.date(2026, 1, 1)) == (2025, 2)
    assert period_of(dt.date(2026, 4, 30)) == (2025, 2)
    assert period_of(dt.date(2026, 5, 1)) == (2025, 3)
    assert period_of(dt.date(2026, 8, 31)) == (2025, 3)


def test_conversions_seed001_5() -> None:
    assert elo_from_ingo(100) == 2042
    assert elo_from_bridier(500) == 1650
    assert elo_from_bcr(200) == 2200
    assert elo_from_cs(600) == 2200


def test_rate_period_rated_player_through_games() -> None:
    players = [EloPlayer("me", 1500)] + [EloPlayer(f"o{i}", 1500) for i in range(10)]
    games = [EloGame("me", f"o{i}", 1.0 if i < 3 else 0.0) for i in range(10)]
    res = rate_period(players, games)
    assert res["me"].case is EloCase.BRAKE and res["me"].new_elo == 1440
    assert res["o0"].nj == 1


def test_iteration_single_unrated_against_rated_seed001_4_2() -> None:
    # 4/8 against eight 1500 players: first estimate 1500, performance 1500: frozen at cycle 1, 3.b -> 1500
    players = [EloPlayer("u")] + [EloPlayer(f"r{i}", 1500) for i in range(8)]
    games = [EloGame("u", f"r{i}", 1.0 if i % 2 else 0.0) for i in range(8)]
    it = estimate_unrated(players, games, initial=900)
    assert it.converged and it.cycles == 1 and it.estimates["u"] == pytest.approx(1500)
    res = rate_period(players, games)
    assert res["u"].case is EloCase.FIRST_RATING and res["u"].new_elo == 1500
    # 6/8: first pass gives 1500 + 193 = 1693; losses to 1500 are compatible, wins too (193 < 350)
    games = [EloGame("u", f"r{i}", 1.0 if i < 6 else 0.0) for i in range(8)]
    res = rate_period(players, games)
    assert res["u"].new_elo == 1690
    # the rated opponents use the unrated player's estimate
    assert res["r0"].ea == pytest.approx(res["u"].pj)


def test_iteration_without_rated_opponents_keeps_the_initial_level_seed001_4_2() -> None:
    # Two unrated players drawing each other: "valeur quelconque" 1300 stays their estimate.
    players = [EloPlayer("a"), EloPlayer("b")]
    it = estimate_unrated(players, [EloGame("a", "b", 0.5)], initial=1300)
    assert it.converged and it.estimates == {"a": 1300, "b": 1300}


def test_archives_through_a_period() -> None:
    players = [EloPlayer("u", archive=EloArchive(1400.0, 5))] + [EloPlayer(f"r{i}", 1500) for i in range(4)]
    games = [EloGame("u", f"r{i}", 0.5) for i in range(4)]
    res = rate_period(players, games)
    assert res["u"].case is EloCase.ARCHIVE_COMBINED  # 4 + 5 > 7
    assert res["u"].raw == pytest.approx((1500 * 4 + 1400 * 5) / 9)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_iteration_converges_or_stops_at_25(seed: int) -> None:
    rng = random.Random(seed)
    rated = [EloPlayer(f"r{i}", rng.randrange(1000, 2400, 10)) for i in range(8)]
    unrated = [EloPlayer(f"u{i}") for i in range(5)]
    players = rated + unrated
    games = []
    for u in unrated:
        for _ in range(rng.randint(3, 10)):
            opp = rng.choice([p for p in players if p.player_id != u.player_id])
            games.append(EloGame(u.player_id, opp.player_id, rng.choice([0.0, 0.5, 1.0])))
    it = estimate_unrated(players, games, initial=rng.choice([800.0, 1500.0, 2200.0]))
    assert 1 <= it.cycles <= 25
    assert all(v >= 1000 for v in it.estimates.values())
    if it.converged:
        # every unrated player is frozen: his performance at the final estimates is within 20 points
        values = {p.player_id: float(p.elo) for p in rated} | dict(it.estimates)
        for u in unrated:
            mine = [(values[g.black], g.white_score) for g in games if g.white == u.player_id]
            mine += [(values[g.white], 1 - g.white_score) for g in games if g.black == u.player_id]
            perf = performance(values[u.player_id], mine)
            if perf.pj is not None:
                assert abs(perf.pj - values[u.player_id]) < 20


def test_vectorised_period_matches_the_scalar_rules() -> None:
    rng = np.random.default_rng(3)
    players = [EloPlayer(i, int(r)) for i, r in enumerate(rng.integers(100, 240, 30) * 10)]
    triples = zip(rng.integers(0, 30, 200), rng.integers(0, 30, 200), rng.choice([0.0, 0.5, 1.0], 200),
                  strict=True)
    games = [EloGame(int(a), int(b), float(s)) for a, b, s in triples if a != b]
    res = rate_period(players, games)
    for p in players:
        mine = [(players[g.black].elo, g.white_score) for g in games if g.white == p.player_id]
        mine += [(players[g.white].elo, 1 - g.white_score) for g in games if g.black == p.player_id]
        perf = performance(p.elo, mine)  # type: ignore[arg-type]
        assert res[p.player_id].nj == perf.nj
        if perf.pj is not None:
            assert res[p.player_id].pj == pytest.approx(perf.pj)
            assert res[p.player_id].new_elo == decide(p.elo, p.youth, perf.nj, perf.pj).new_elo


def test_performance_of_rated_games_helper() -> None:
    from tournament_desk.core.ratings.common import RatedGame
    from tournament_desk.core.ratings.elo_fr import performance_of

    perf = performance_of(1500, [RatedGame(1500, 1.0), RatedGame(1500, 0.0), RatedGame(None, 1.0),
                                 RatedGame(1400, 1.0, counts=False)])
    assert perf.nj == 2 and perf.pj == pytest.approx(1500)
