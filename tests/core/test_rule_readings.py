"""Issue 12: the open points of the regulations, each pinned by one test (docs/rules.md names them).

Open points already pinned by an existing test are not repeated here; docs/rules.md cites those tests.
"""

from __future__ import annotations

import itertools
import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_desk.core.model import Event, EventState, Game, PairingSystem, Player, RatingSystem, Round
from tournament_desk.core.ratings import elo_fr, ffjd, from_event, scrabble_pl
from tournament_desk.core.ratings.common import round_half_away
from tournament_desk.core.results import GameResult
from tournament_desk.core.tiebreaks import Edition, build_standings
from tournament_desk.core.tiebreaks.context import make_context
from tournament_desk.core.tiebreaks.performance import _quantite_rule, provisional_ratings, quantite

sys.path.insert(0, str(Path(__file__).parent / "tiebreaks"))
from tiebreak_helpers import bye, game, make_state, player

# ---------------------------------------------------------------------------------------------- seed 003


def _byes_and_forfeits(ratings: bool = False):
    """4 rounds, 6 players (as tests/core/tiebreaks/test_tb_small_events.py).
    R1: 1-2 1-0, 3-4 =, 5-6 +- (forfeit); R2: 1-3 =, 2-5 0-1, 4 pab, 6 zpb; R3: 1-5 1-0, 2-4 =, 3-6 1-0;
    R4: 1 hpb, 2-3 1-0, 4-5 0-1, 6 zpb. Scores P1 3, P2 1.5, P3 2, P4 2, P5 3, P6 0."""
    players = [player(i, rating=2100 - 100 * i if ratings else None) for i in range(1, 7)]
    games = [game(1, 1, 2, "1-0"), game(1, 3, 4, "="), game(1, 5, 6, "+-"),
             game(2, 1, 3, "="), game(2, 2, 5, "0-1"),
             game(3, 1, 5, "1-0"), game(3, 2, 4, "="), game(3, 3, 6, "1-0"),
             game(4, 2, 3, "1-0"), game(4, 4, 5, "0-1")]
    byes = [bye(2, 4, "pab"), bye(2, 6, "zpb"), bye(4, 1, "hpb"), bye(4, 6, "zpb")]
    return make_state(players, games, byes)


def test_seed003_absence_counts_like_an_exempt_in_buchholz_and_sb() -> None:
    """Seed 003 §1 (« une partie non jouée vaut un demi-point ») and glossary « SCORE Ajusté »: an absence
    (no board and no bye record, or a zero-point bye) has no opponent, so it is valued like the exempt: the
    tournament average of adjusted scores in Buchholz, that value × ½ in Sonneborn-Berger; as an opponent the
    absent player's round counts as a draw in his adjusted score."""
    players = [player(i) for i in range(1, 5)]
    # R1: 1-2 1-0, 3-4 1-0; R2: 1-3 1-0, 2 and 4 absent (no record at all); R3: 1-4 1-0, 2-3 =
    games = [game(1, 1, 2, "1-0"), game(1, 3, 4, "1-0"), game(2, 1, 3, "1-0"),
             game(3, 1, 4, "1-0"), game(3, 2, 3, "=")]
    state = make_state(players, games)
    ctx = make_context(state, Edition.FFE_ANNEX)
    assert ctx.score[2] == 0.5 and ctx.adjusted(2) == 1.0  # the absence counts as a draw
    average = sum(ctx.adjusted(p) for p in range(1, 5)) / 4
    r2 = next(c for c in ctx.contributions(2) if c.round == 2)
    assert r2.kind == "average" and r2.value == pytest.approx(average)
    rows = {r.player_id: r for r in build_standings(state, ["BH", "SB"])}
    assert rows[2].value("BH") == pytest.approx(ctx.adjusted(1) + average + ctx.adjusted(3))
    # SB: lost to 1 (0), absent (average × ½), drew 3 (× ½)
    assert rows[2].value("SB") == pytest.approx(0.5 * average + 0.5 * ctx.adjusted(3))


def test_aro_divides_by_opponents_met_and_rates_unrated_at_cp() -> None:
    """Seed 003 §2.3.1 (« divisée par le nombre de rondes ») read with §4 PERFORMANCE (« On oublie les rondes
    5, 7 et 9 »): the divisor is the number of opponents met over the board; an unrated opponent counts at his
    provisional rating Cp (§4 « PRECISION … Cas des Non Classés ») in seed003, and is left out in the FIDE
    editions."""
    players = [player(1, rating=2000), player(2, rating=1900), player(3, rating=1600), player(4, unrated=True)]
    # R1: 1-2 1-0, 3-4 0-1; R2: 1-4 1-0, 2-3 forfeit won by 2. Scores 1: 2, 2: 1, 4: 1, 3: 0.
    state = make_state(players, [game(1, 1, 2, "1-0"), game(1, 3, 4, "0-1"),
                                 game(2, 1, 4, "1-0"), game(2, 2, 3, "+-")])
    cp = provisional_ratings(make_context(state, Edition.FFE_ANNEX))
    assert cp[4] == 1900  # in the 1-point group with player 2 (1900)
    seed = {r.player_id: r.value("ARO") for r in build_standings(state, ["ARO"])}
    fide = {r.player_id: r.value("ARO") for r in build_standings(state, ["ARO"], edition=Edition.FIDE_2023)}
    assert seed[2] == 2000 and fide[2] == 2000  # one opponent met, not 2 rounds: not 1000
    assert seed[3] == 1900 and fide[3] is None  # met only the unrated player 4
    assert seed[1] == pytest.approx((1900 + 1900) / 2) and fide[1] == 1900


def test_quantite_outside_4_to_13_games_follows_the_rule_behind_the_table() -> None:
    """Seed 003 §4 PERFORMANCE, table « Quantité » (4 to 13 games): outside it, dp of the score rate rounded
    up to the hundredth, ±736 at 0 % and 100 %; the printed irregular entries are kept (see also
    tests/core/tiebreaks/test_tb_tables_registry.py::test_quantite_table_is_almost_dp_of_the_rate_rounded_up)."""
    assert quantite(1, 1) == 736 and quantite(0, 1) == -736 and quantite(0.5, 1) == 0
    assert quantite(2, 3) == 125 and quantite(1, 3) == -125
    assert quantite(10, 14) == _quantite_rule(Fraction(10), 14) == 166  # 0.7143 -> .72 -> 166
    assert quantite(20, 20) == 736
    assert (quantite(5, 12), quantite(1.5, 8)) == (-72, -251)  # printed values, not the rule's


def test_yugoslav_threshold_is_on_the_score_as_scored() -> None:
    """Seed 003 §4 « YOUGOSLAVE »: « Somme des S.A. des adversaires ayant réalisé au moins 50% des points ».
    The 50 % is read on the points really scored; the sum adds adjusted scores. P4 scored 2/4 (a pairing bye
    in round 2) but his adjusted score is 1.5: he still counts for his opponents."""
    state = _byes_and_forfeits()
    ctx = make_context(state, Edition.FFE_ANNEX)
    assert ctx.score[4] == 2 and ctx.adjusted(4) == 1.5
    rows = {r.player_id: r.value("YUGO") for r in build_standings(state, ["YUGO"])}
    # P3 met P4 (2 ≥ 2, counts 1.5), P1 (3, counts 3), P6 (0) and P2 (1.5): 4.5 — 3 if read on adjusted scores
    assert rows[3] == 4.5


# ---------------------------------------------------------------------------------------------- seed 004


def test_platform_forfeits_add_nothing_and_weighted_average_divides_by_weights() -> None:
    """Seed 004 « Systèmes de départage » 1–2: byes excluded from the Buchholz and from the weighted Elo
    average. Forfeits are not meetings either, so they are excluded too; the weighted average is
    Σ w·Elo / Σ w with w = 2 (win), 1 (draw), 0 (loss). Independent of the edition."""
    state = _byes_and_forfeits(ratings=True)  # ratings P1 2000, P2 1900, ..., P6 1500
    for edition in Edition:
        rows = {r.player_id: r for r in build_standings(state, ["BH-NB", "ARO-WD"], edition=edition)}
        # P5: forfeit win over P6 (R1), beat P2, lost to P1, beat P4
        assert rows[5].value("BH-NB") == 1.5 + 3 + 2
        assert rows[5].value("ARO-WD") == (2 * 1900 + 2 * 1700) / 4  # 1700 if the forfeit counted
        # P4: pab in R2 adds nothing; drew P3 and P2, lost to P5
        assert rows[4].value("BH-NB") == 2 + 1.5 + 3
        assert rows[4].value("ARO-WD") == (1800 + 1900) / 2


# ---------------------------------------------------------------------------------------------- seed 000


def _g(a: str, b: str, points_a: int) -> ffjd.FfjdGame:
    return ffjd.FfjdGame(a, b, points_a, 2 - points_a)


def test_ffjd_half_evolution_rounds_away_from_zero() -> None:
    """Seed 000 §2 « arrondies à l'entier le plus proche »: the halves are rounded away from zero, so a gain
    and the matching loss round alike (+2.5 -> +3, -2.5 -> -3), binary noise absorbed."""
    res = ffjd.rate_period({"a": 1000.0, "b": 1050.0}, [ffjd.FfjdSeries("s", ffjd.Cadence.SLOW, (_g("a", "b", 1),))])
    assert res["a"].evolution_raw == pytest.approx(2.5) and res["a"].evolution == 3
    assert res["b"].evolution_raw == pytest.approx(-2.5) and res["b"].evolution == -3
    assert round_half_away(0.49999) == 0 and round_half_away(-0.5) == -1


def test_ffjd_rated_player_ignores_games_against_unrated_opponents() -> None:
    """Seed 000 §6.1 (Ev. per game against a classed player, ΔCP needs the opponent's CP): a rated player's
    evolution leaves out his games against unrated opponents, even when Annex B gives them a CPf in the
    same series (ratings are frozen at the period start, §2)."""
    ratings: dict[str, float | None] = {"a": 1500.0, "b": 1500.0, "u": None}
    series = ffjd.FfjdSeries("s", ffjd.Cadence.SLOW, (_g("a", "u", 2), _g("a", "b", 1)))
    res = ffjd.rate_period(ratings, [series])
    assert res["a"].games_counted == 1 and res["a"].evolution == 0 and res["a"].new_rating == 1500


def test_ffjd_6_2_3_example_cannot_come_from_an_all_unrated_round_robin() -> None:
    """Seed 000 §6.2.3's example (6 unrated players, round robin, CPf 1100 … 1600) cannot be produced by Annex
    B: with nobody classed, CPf_i = EONC + (200/6)(Pts_i − 5), so the CPf spread is at most 1000/3 ≈ 333 points
    while the example spans 500. The program's numbers come from the Annex B formulas, not the example."""
    rng = random.Random(12)
    worst = 0.0
    for _ in range(30):
        games = tuple(_g(str(i), str(j), rng.choice([0, 1, 2])) for i, j in itertools.combinations(range(6), 2))
        acc = ffjd.accelerated_procedure(ffjd.FfjdSeries("rr", ffjd.Cadence.SLOW, games, organiser_estimate=1350), {})
        for i in range(6):
            pts = sum(g.white_points if g.white == str(i) else g.black_points
                      for g in games if str(i) in (g.white, g.black))
            assert acc.cpf[str(i)] == pytest.approx(1350 + 200 / 6 * (pts - 5))
        worst = max(worst, max(acc.cpf.values()) - min(acc.cpf.values()))
    assert worst <= 1000 / 3 + 1e-9 < 1600 - 1100


# ---------------------------------------------------------------------------------------------- seed 001


def test_elo_convergence_at_exactly_20_points_is_not_converged() -> None:
    """Seed 001 §4.2: an estimate is kept when the performance « diffère de moins de 20 points »; « plus de
    20 points » gives the mean. Exactly 20 is read as not converged: the mean is taken.
    First pass (no compatibility): win 1000, loss 2000, draws 1510 and 1570: Ea 1520, P .5, estimate 1520.
    Cycle 1 at 1520: the win and the loss are 500+ away (incompatible), Pj = 1540, exactly 20 more -> mean
    1530; cycle 2: Pj 1540, 10 away -> frozen at 1530."""
    players = [elo_fr.EloPlayer("u"), elo_fr.EloPlayer("w", 1000), elo_fr.EloPlayer("l", 2000),
               elo_fr.EloPlayer("d1", 1510), elo_fr.EloPlayer("d2", 1570)]
    games = [elo_fr.EloGame("u", "w", 1.0), elo_fr.EloGame("u", "l", 0.0), elo_fr.EloGame("u", "d1", 0.5),
             elo_fr.EloGame("u", "d2", 0.5)]
    it = elo_fr.estimate_unrated(players, games)
    assert it.converged and it.cycles == 2 and it.estimates["u"] == 1530
    # with a tolerance just above 20 the first estimate would have been kept
    assert elo_fr.estimate_unrated(players, games, tolerance=20.5).estimates["u"] == 1520


def test_elo_performance_equal_to_initial_elo_changes_nothing() -> None:
    """Seed 001 §3: case 1.a is « Pj < Ei », 1.b/1.c « Pj > Ei »; Pj = Ei is not written. It goes to 1.a
    (the brake), which, like every formula, gives Ei."""
    for nj in (1, 8, 16, 30):
        for youth in (False, True):
            dec = elo_fr.decide(1500, youth, nj, 1500.0)
            assert dec.case is elo_fr.EloCase.BRAKE and dec.raw == 1500 and dec.new_elo == 1500


def test_elo_rating_ending_in_9_is_not_used_in_the_calculation() -> None:
    """Seed 001 §1 remark (« Un Élo terminé par 9 indique une valeur estimée ») and §4.1 (« jamais
    incorporées dans les calculs »): a rating ending in 9 is read as unrated; the player is estimated (§4.2)
    and his opponents use that estimate, not the 9-value."""
    players = [elo_fr.EloPlayer("e", 1399), elo_fr.EloPlayer("r", 1500)]
    res = elo_fr.rate_period(players, [elo_fr.EloGame("e", "r", 0.5)])
    assert res["e"].elo_before is None and res["e"].pj == 1500  # estimated from the draw with 1500
    assert res["r"].ea == 1500  # not 1399


def test_elo_adapter_rates_only_games_played_over_the_board() -> None:
    """Seed 001 §2.1 (« Gain = 1 Nul = 0,5 Perte = 0 »): only games played over the board are rated; forfeits
    (excused or not), double forfeits, the 0-0 by rule (0r) and byes are not."""
    event = Event("Open", rating_system=RatingSystem.NATIONAL_ELO, rounds=5, system=PairingSystem.MANUAL)
    players = tuple(Player(i, f"P{i}", ratings=(("elo-fr", 1500),)) for i in range(1, 3))
    results = [GameResult.WHITE_WIN, GameResult.WHITE_FORFEIT_WIN_UNEXCUSED, GameResult.BLACK_FORFEIT_WIN_EXCUSED,
               GameResult.ZERO_BY_RULE, GameResult.DOUBLE_FORFEIT]
    rounds = tuple(Round(r, games=(Game(r, 1, 1, 2, res),)) for r, res in enumerate(results, start=1))
    _players, games = from_event.elo_fr_from_event(EventState(event, players, rounds))
    assert [(g.white, g.black, g.white_score) for g in games] == [(1, 2, 1.0)]


# ---------------------------------------------------------------------------------------------- seed 002


@settings(max_examples=200, deadline=None)
@given(st.floats(-3000, 3000, allow_nan=False), st.integers(0, 3000), st.floats(0.0, 100.0),
       st.integers(1, 5), st.integers(1, 14), st.booleans())
def test_scrabble_pj_rounding_and_clamping_order_does_not_matter(own: float, delta: int, jokers: float, cat: int,
                                                                 games: int, classic_b: bool) -> None:
    """Seed 002 §7: PJ is « arrondi à l'entier … le plus proche » and « limité par » PJmin/PJmax, in no stated
    order. The program rounds PJ (halves away from zero), then clamps it to the bounds rounded the same way;
    rounding is monotone, so clamping first and rounding after gives the same integer."""
    ci = 1500.0 + own / 3
    cj = ci + delta - 1500
    pj_min, pj_max = scrabble_pl.pj_bounds(cat, games, jokers, classic_b)
    raw = 2 / 3 * (ci - cj) if cj <= ci else -1 / 3 * (cj - ci)
    got = scrabble_pl.game_points(cj, ci, pj_min, pj_max)
    assert isinstance(got, int)
    assert got == round_half_away(max(pj_min, min(pj_max, raw)))


def test_scrabble_joker_share_counts_starting_ratings_pl_star_included() -> None:
    """Seed 002 §7 « % de séries Joker parmi les joueurs »: every participant counts, at the rating he starts
    the event with (PL, or PL* for a first event, §2.1)."""
    low = scrabble_pl.SeriesThresholds(joker=2300, a=2000, b=1500)
    entrants = [scrabble_pl.ScrabbleEntrant("star", "Super", None, scrabble_pl.DuplicateSeries.SUPER),  # PL* 2350
                scrabble_pl.ScrabbleEntrant("low", "Low", 1000.0)]
    res = scrabble_pl.rate_event(entrants, ["low", "star"], scrabble_pl.EventKind.HOMOLOGATED, 5, thresholds=low)
    cat = scrabble_pl.category(scrabble_pl.EventKind.HOMOLOGATED, 2)
    _, pj_max_50 = scrabble_pl.pj_bounds(cat, 5, 50.0)
    assert res["low"].pj == round_half_away(pj_max_50)  # 900 capped at PJmax with 50 % of Jokers
    res_default = scrabble_pl.rate_event(entrants, ["low", "star"], scrabble_pl.EventKind.HOMOLOGATED, 5)
    assert res_default["low"].pj == round_half_away(scrabble_pl.pj_bounds(cat, 5, 0.0)[1])


def test_scrabble_initial_ranking_ties_alphabetical_ignoring_accents_and_case() -> None:
    """Seed 002 §8 « Lorsque deux joueurs ont la même cote, ils sont classés par ordre alphabétique »:
    accents and case are ignored (É sorts as E), then the player id."""
    entrants = [scrabble_pl.ScrabbleEntrant(3, "Eric", 1500.0), scrabble_pl.ScrabbleEntrant(1, "Émile", 1500.0),
                scrabble_pl.ScrabbleEntrant(2, "durand", 1500.0), scrabble_pl.ScrabbleEntrant(4, "Zoé", 1600.0)]
    assert [e.name for e in scrabble_pl.initial_ranking(entrants)] == ["Zoé", "durand", "Émile", "Eric"]
