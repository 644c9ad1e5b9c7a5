"""Hand-computed small events: every individual tie-break on a 4-player Swiss, standings after a round,
and the three unplayed-game editions on byes and forfeits."""

from __future__ import annotations

import pytest
from tiebreak_helpers import bye, game, make_state, player

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.scoring import SCRABBLE
from tournament_desk.core.tiebreaks import Edition, build_standings, explain_tiebreak
from tournament_desk.core.tiebreaks.context import make_context


def _four_players():
    """R1: 1-4 1-0, 2-3 =; R2: 1-2 =, 3-4 1-0; R3: 1-3 1-0, 2-4 0-1 (White first).
    Scores: P1 2.5, P2 1, P3 1.5, P4 1."""
    players = [player(1, rating=2000), player(2, rating=1900), player(3, rating=1800), player(4, rating=1700)]
    games = [game(1, 1, 4, "1-0"), game(1, 2, 3, "="), game(2, 1, 2, "="), game(2, 3, 4, "1-0"),
             game(3, 1, 3, "1-0"), game(3, 2, 4, "0-1")]
    return make_state(players, games)


CODES = ["BH", "BH-C1", "BH-M1", "SB", "CUM", "WIN", "BLK", "BWG", "KASHDAN", "ARO", "ARO-WD", "BH-NB", "SBH",
         "YUGO"]


@pytest.mark.parametrize("edition", list(Edition))
def test_every_value_by_hand(edition):
    rows = {r.player_id: r for r in build_standings(_four_players(), CODES, edition=edition)}
    expected = {  # all games played: the three editions agree
        "BH": {1: 3.5, 2: 5, 3: 4.5, 4: 5},
        "BH-C1": {1: 2.5, 2: 4, 3: 3.5, 4: 4},
        "BH-M1": {1: 1, 2: 1.5, 3: 1, 4: 1.5},
        "SB": {1: 3, 2: 2, 3: 1.5, 4: 1},
        "CUM": {1: 5, 2: 2.5, 3: 3.5, 4: 1},
        "WIN": {1: 2, 2: 0, 3: 1, 4: 1},
        "BLK": {1: 0, 2: 1, 3: 2, 4: 3},
        "BWG": {1: 0, 2: 0, 3: 0, 4: 1},
        "KASHDAN": {1: 10, 2: 5, 3: 7, 4: 6},
        "ARO-WD": {1: 1780, 2: 1900, 3: 5300 / 3, 4: 1900},
        "BH-NB": {1: 3.5, 2: 5, 3: 4.5, 4: 5},
        "SBH": {1: 14.5, 2: 13, 3: 13.5, 4: 13},
        "YUGO": {1: 1.5, 2: 4, 3: 2.5, 4: 4},
    }
    for code, values in expected.items():
        assert {p: rows[p].value(code) for p in values} == values, code
    aro = {p: rows[p].value("ARO") for p in (1, 2, 3, 4)}
    if edition is Edition.FFE_ANNEX:
        assert aro[2] == pytest.approx(5500 / 3)  # seed 003 §2.3.1: not rounded
    else:
        assert aro[2] == 1833  # C.07 2023 Art. 10.1: rounded, 0.5 up
    assert aro[1] == 1800
    # P2 and P4 on 1 point, BH 5 each: Sonneborn-Berger puts P2 first
    assert [r.player_id for r in build_standings(_four_players(), ["BH", "SB"], edition=edition)] == [1, 3, 2, 4]


def test_standings_after_round_one_share_places():
    # After round 1: P1 1, P2 and P3 0.5 (drew together), P4 0; DE, BH and SB all equal -> shared 2nd
    rows = build_standings(_four_players(), ["DE", "BH", "SB"], up_to_round=1)
    assert [(r.player_id, r.rank, r.shared, r.points) for r in rows] == [
        (1, 1, False, 1), (2, 2, True, 0.5), (3, 2, True, 0.5), (4, 4, False, 0)]
    assert rows[1].value("DE") == 0.5


def test_unfinished_game_is_ignored():
    state = make_state([player(1), player(2), player(3), player(4)],
                       [game(1, 1, 2, "1-0"), game(1, 3, 4, None)])
    rows = {r.player_id: r for r in build_standings(state, ["BH"])}
    assert rows[3].points == 0 and rows[3].value("BH") == 0


def _byes_and_forfeits():
    """4 rounds, 6 players.  R1: 1-2 1-0, 3-4 =, 5-6 +- (forfeit, 6 absent);
    R2: 1-3 =, 2-5 0-1, 4 pab, 6 zpb;  R3: 1-5 1-0, 2-4 =, 3-6 1-0;  R4: 1 hpb, 2-3 1-0, 4-5 0-1, 6 zpb."""
    players = [player(i) for i in range(1, 7)]
    games = [game(1, 1, 2, "1-0"), game(1, 3, 4, "="), game(1, 5, 6, "+-"),
             game(2, 1, 3, "="), game(2, 2, 5, "0-1"),
             game(3, 1, 5, "1-0"), game(3, 2, 4, "="), game(3, 3, 6, "1-0"),
             game(4, 2, 3, "1-0"), game(4, 4, 5, "0-1")]
    byes = [bye(2, 4, "pab"), bye(2, 6, "zpb"), bye(4, 1, "hpb"), bye(4, 6, "zpb")]
    return make_state(players, games, byes)


def test_seed003_unplayed_rounds():
    # Scores: P1 3, P2 1.5, P3 2, P4 2, P5 3, P6 0.
    # Adjusted (seed 003 §1, unplayed = draw): P1 2.5+0.5 = 3, P4 1+0.5 = 1.5, P5 2+0.5 = 2.5,
    # P6 0.5+0.5+0+0.5 = 1.5, P2 1.5, P3 2.  Tournament average = 12 / 6 = 2.
    ctx = make_context(_byes_and_forfeits(), Edition.FFE_ANNEX)
    assert [ctx.score[p] for p in range(1, 7)] == [3, 1.5, 2, 2, 3, 0]
    assert [ctx.adjusted(p) for p in range(1, 7)] == [3, 1.5, 2, 1.5, 2.5, 1.5]
    avg = 2.0
    bh = {r.player_id: r.value("BH") for r in build_standings(_byes_and_forfeits(), ["BH", "SB"])}
    # P5: R1 forfeit win over P6 -> half of P6's adjusted score (0.75); then P2 1.5, P1 3, P4 1.5
    assert bh[5] == pytest.approx(0.75 + 1.5 + 3 + 1.5)
    # P1: P2 1.5, P3 2, P5 2.5, R4 half-point bye -> tournament average
    assert bh[1] == pytest.approx(6 + avg)
    sb = {r.player_id: r.value("SB") for r in build_standings(_byes_and_forfeits(), ["SB"])}
    # P1: beat P2 (1.5), drew P3 (1), beat P5 (2.5), bye counted as a draw x average
    assert sb[1] == pytest.approx(1.5 + 1 + 2.5 + 0.5 * avg)


def test_fide_2023_dummy_and_2026_cap():
    state = _byes_and_forfeits()
    b23 = {r.player_id: r.value("BH") for r in build_standings(state, ["BH"], edition=Edition.FIDE_2023)}
    b26 = {r.player_id: r.value("BH") for r in build_standings(state, ["BH"], edition=Edition.FIDE_2026)}
    ctx = make_context(state, Edition.FIDE_2023)
    # C.07 2023 16.3: P6's zero-point byes in R2 and R4: R4 is trailing (category .5) -> a draw; R2 is
    # followed by a played round -> face value. P6 adjusted = 0 + 0 + 0 + 0.5
    assert ctx.adjusted(6) == 0.5
    # P1: opponents P2 1.5, P3 2, P5 3 (face value) + dummy for the half-point bye = own score 3 (16.4)
    assert b23[1] == 9.5
    # 2026 (16.4.2): the dummy of a bye is capped at draw points x rounds = 0.5 x 4 = 2
    assert b26[1] == 8.5
    # P5 forfeit win over P6: 2023 dummy = own score 3; 2026 (16.4.1) capped at P6's adjusted score 0.5
    assert b23[5] == 3 + 1.5 + 3 + 2 and b26[5] == 0.5 + 1.5 + 3 + 2


def test_fide_cut_removes_voluntary_unplayed_round_first():
    # C.07 2023 16.5: P1's half-point bye (a VUR, dummy 3) is cut before the lowest opponent (1.5)
    state = _byes_and_forfeits()
    fide = {r.player_id: r.value("BH-C1") for r in build_standings(state, ["BH-C1"], edition=Edition.FIDE_2023)}
    seed = {r.player_id: r.value("BH-C1") for r in build_standings(state, ["BH-C1"])}
    assert fide[1] == 1.5 + 2 + 3
    assert seed[1] == 2 + 2.5 + 2  # seed 003: the lowest value (P2's 1.5) is cut, the average 2 stays
    expl = explain_tiebreak(state, 1, "BH-C1", edition=Edition.FIDE_2023)
    assert [(line.round, line.counted) for line in expl.lines] == [(1, True), (2, True), (3, True), (4, False)]


def test_wins_and_kashdan_by_edition():
    state = _byes_and_forfeits()
    rows = {e: {r.player_id: r for r in build_standings(state, ["WIN", "WON", "KASHDAN"], edition=e)}
            for e in Edition}
    # P5: forfeit win R1, wins R2 and R4, loss R3
    assert rows[Edition.FFE_ANNEX][5].value("WIN") == 2  # seed 003 §2.1.5: unplayed = draw
    assert rows[Edition.FIDE_2023][5].value("WIN") == 3  # C.07 2023 Art. 7.1
    assert rows[Edition.FIDE_2023][5].value("WON") == 2
    assert rows[Edition.FFE_ANNEX][5].value("KASHDAN") == 2 + 4 + 1 + 4
    assert rows[Edition.FIDE_2023][5].value("KASHDAN") == 4 + 4 + 1 + 4


def test_direct_encounter_seed003_needs_all_to_have_met():
    # P1 and P5 on 3 points met (P1 won): DE decides.
    rows = build_standings(_byes_and_forfeits(), ["DE"])
    assert [r.player_id for r in rows][:2] == [1, 5]
    by_id = {r.player_id: r for r in rows}
    assert by_id[1].value("DE") == 1 and by_id[5].value("DE") == 0


def test_direct_encounter_swiss_partial_fide_6_3():
    # Three players on 2 points, 1 beat 2, 3 did not meet 1 or 2: seed 003 decides nothing; FIDE 6.3
    # cannot place anyone alone on top (3 could still win both missing games) -> all tied.
    players = [player(i) for i in range(1, 7)]
    games = [game(1, 1, 2, "1-0"), game(1, 3, 4, "1-0"), game(1, 5, 6, "1-0"),
             game(2, 1, 4, "1-0"), game(2, 2, 5, "1-0"), game(2, 3, 6, "1-0"),
             game(3, 1, 5, "0-1"), game(3, 2, 6, "1-0"), game(3, 3, 4, "0-1")]
    state = make_state(players, games)
    seed = build_standings(state, ["DE"])
    assert {r.rank for r in seed if r.points == 2} == {1} and all(r.value("DE") is None for r in seed[:3])
    fide = build_standings(state, ["DE"], edition=Edition.FIDE_2023)
    assert {r.rank for r in fide if r.points == 2} == {1}


def test_scrabble_spread_capped_at_100_seed002_s7():
    players = [player(i) for i in range(1, 5)]
    games = [game(1, 1, 2, "1-0", points=(520, 380)), game(1, 3, 4, "1-0", points=(410, 350)),
             game(2, 1, 3, "0-1", points=(400, 430)), game(2, 2, 4, "1-0", points=(450, 300))]
    state = make_state(players, games, scoring=SCRABBLE)
    rows = {r.player_id: r for r in build_standings(state, ["SPREAD"])}
    assert rows[1].value("SPREAD") == 100 - 30  # +140 counts 100
    assert rows[3].value("SPREAD") == 60 + 30
    assert rows[2].value("SPREAD") == -100 + 100
    assert [r.player_id for r in build_standings(state, ["SPREAD"])][:2] == [3, 1]


def test_errors_are_bilingual():
    with pytest.raises(ValidationError) as err:
        build_standings(_four_players(), ["XYZ"])
    assert "XYZ" in err.value.message("fr") and "Départage inconnu" in err.value.message("fr")
    with pytest.raises(ValidationError):
        build_standings(_four_players(), ["BERLIN"])
    with pytest.raises(ValidationError):
        build_standings(_four_players(), ["BH"], edition="fide1999")


def test_direct_encounter_swiss_places_the_player_alone_on_top_fide_6_3():
    # A, B, C end on 2 points; A beat B and C, B and C never met. C.07 2023 Art. 6.3: A is first whatever
    # B-C would have been; B and C stay tied. Seed 003 §2.1.4: not all met, DE decides nothing.
    a, b, c, d, e, f = range(1, 7)
    games = [game(1, a, b, "1-0"), game(1, c, d, "1-0"), game(1, e, f, "1-0"),
             game(2, a, c, "1-0"), game(2, b, e, "1-0"), game(2, d, f, "1-0"),
             game(3, a, f, "0-1"), game(3, b, d, "1-0"), game(3, c, e, "1-0")]
    state = make_state([player(i) for i in range(1, 7)], games)
    fide = build_standings(state, ["DE"], edition=Edition.FIDE_2023)
    assert [(r.player_id, r.rank, r.shared) for r in fide[:3]] == [(a, 1, False), (b, 2, True), (c, 2, True)]
    assert [r.value("DE") for r in fide[:3]] == [2, 0, 0]
    seed = build_standings(state, ["DE"])
    assert [(r.rank, r.value("DE")) for r in seed[:3]] == [(1, None)] * 3
