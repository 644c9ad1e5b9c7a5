"""The Quantité table (seed 003 §4), the FIDE dp table (REFERENCE §4), the registry, presets and warnings,
and the team tie-breaks."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tiebreak_helpers import game, make_state, player

from tournament_desk.core.sources import FFE_TIEBREAKS, FIDE_C07_2023, FISF_PL, PLATFORM
from tournament_desk.core.tiebreaks import (
    PRESETS,
    QUANTITE_TABLE,
    Edition,
    TeamMatch,
    all_tiebreaks,
    build_standings,
    build_team_standings,
    check_tiebreaks,
    describe_tiebreaks,
    get_tiebreak,
    quantite,
)
from tournament_desk.core.tiebreaks.performance import DP_TABLE, _quantite_rule, dp
from tournament_desk.core.tiebreaks.teams import match_points, team_sonneborn_berger


def test_quantite_examples_seed003_s4():
    # "Un joueur qui réalise 4 pts sur 7 aura une Quantité ajouté de 57", "3 pts sur 9 ... – 125",
    # "0 pts donne Q = – 736", "100% donne Q = + 736", "50% donne Q = 0"
    assert quantite(4, 7) == 57
    assert quantite(3, 9) == -125
    assert quantite(4.5, 6) == 193  # the performance example
    for games in range(4, 14):
        assert quantite(0, games) == -736
        assert quantite(games, games) == 736
        assert quantite(games / 2, games) == 0


def test_quantite_table_shape_and_symmetry():
    for games, column in QUANTITE_TABLE.items():
        assert len(column) == 2 * games + 1
        assert list(column) == sorted(column)
        assert all(column[i] == -column[-1 - i] for i in range(len(column)))


def test_quantite_table_is_almost_dp_of_the_rate_rounded_up():
    # The printed entries equal dp(rate rounded up to the hundredth), ±736 at 0 and 100%, except two
    # symmetric pairs (5 and 7 on 12, 1.5 and 6.5 on 8) where the seed prints its own value. The rule is only
    # used for columns the table does not print; the printed table always wins (docs/tiebreaks.md).
    exceptions = set()
    for games, column in QUANTITE_TABLE.items():
        for halves, value in enumerate(column):
            if _quantite_rule(Fraction(halves, 2), games) != value:
                exceptions.add((games, halves / 2))
    assert exceptions == {(12, 5.0), (12, 7.0), (8, 1.5), (8, 6.5)}
    assert (quantite(7, 12), quantite(6.5, 8)) == (72, 251)  # read in the table, not computed
    assert quantite(2, 3) == _quantite_rule(Fraction(2), 3) == 125  # 0.667 -> .67


def test_dp_table_reference_s4_1():
    assert len(DP_TABLE) == 51
    assert (dp(0.5), dp(0.75), dp(0.9), dp(0.95), dp(0.99), dp(1.0)) == (0, 193, 366, 470, 677, 800)
    assert dp(0.25) == -193 and dp(0.0) == -800


def test_fide_tpr_example_reference_s4_4():
    # REFERENCE §4.4 (TieBreakServer): opponents 2000/2100/2200/1900/2050, 4/5 -> TPR 2290
    players = [player(1, rating=2100)] + [player(10 + i, rating=r)
                                          for i, r in enumerate((2000, 2100, 2200, 1900, 2050))]
    results = ["1-0", "1-0", "1-0", "1-0", "0-1"]
    games = [game(r + 1, 1, 10 + r, res) for r, res in enumerate(results)]
    state = make_state(players, games)
    row = next(r for r in build_standings(state, ["PERF", "ARO"], edition=Edition.FIDE_2023) if r.player_id == 1)
    assert (row.value("ARO"), row.value("PERF")) == (2050, 2290)


def test_registry_codes_labels_and_sources():
    required = {"BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "SBH", "SB", "DE", "WIN", "BLK", "ARO", "ARO-C1", "PERF",
                "KASHDAN", "KOYA", "KOYA-EXT", "CUM", "CUM-C1", "BERLIN", "YUGO", "SPREAD", "MP", "SBB", "GP",
                "BH-NB", "ARO-WD"}
    codes = {d.code for d in all_tiebreaks()}
    assert required <= codes
    for d in all_tiebreaks():
        # Issue 27: every tie-break cites the documents that define it, through the registry of sources.
        assert d.label("fr") and d.label("en") and d.sources
        assert {c.source for c in d.sources} <= {FFE_TIEBREAKS, FIDE_C07_2023, FISF_PL, PLATFORM}
    assert get_tiebreak("bh-c1").code == "BH-C1"
    assert get_tiebreak("CUM-C3").label("en") == "Cumulative cut 3"
    with pytest.raises(ValueError):
        get_tiebreak("CUM-M1")


def test_edition_printed_per_column():
    info = {i.code: i for i in describe_tiebreaks(["BH", "CUM"], edition=Edition.FIDE_2026, lang="fr")}
    assert "2026" in info["BH"].edition and "sans ajustement" in info["CUM"].edition
    assert info["BH"].label == "Buchholz"
    assert info["CUM"].source == "FFE, annexe « Départages » §2.1.1\u00a0; FIDE C.07 (2023) Art. 7.5"


def test_presets_seed003_s3_and_platform_order_seed004():
    assert PRESETS["round-robin"] == ("DE", "KOYA", "SB", "WIN")
    assert PRESETS["swiss-rated"] == ("ARO", "PERF")
    assert PRESETS["platform"] == ("BH-NB", "ARO-WD", "DE")
    for codes in PRESETS.values():
        for code in codes:
            get_tiebreak(code)


def test_mixed_categories_warning_seed003_s3():
    # "Par exemple : a) Cumulatif + b) Buchholz serait incorrect."
    assert [w.code for w in check_tiebreaks(["CUM", "BH"])] == ["mixed-categories"]
    assert check_tiebreaks(["BH", "SB", "BH-C1"]) == []
    assert check_tiebreaks(["ARO", "PERF"]) == []
    warning = check_tiebreaks(["ARO", "WIN"])[0]
    assert "catégories" in warning.message("fr")
    assert "koya-swiss" in {w.code for w in check_tiebreaks(["KOYA"], round_robin=False)}
    assert "buchholz-round-robin" in {w.code for w in check_tiebreaks(["BH-M1"], round_robin=True)}
    assert "team-code" in {w.code for w in check_tiebreaks(["MP"])}


def test_team_match_points_sonneborn_berger_and_standings():
    # Team round robin of three teams, 4 boards each (seed 003 §2.1.2 and §2.2.2.2)
    m = [TeamMatch(1, "X", "Y", ((1, 0), (1, 0), (0.5, 0.5), (0, 1))),  # X 2.5 - 1.5: X wins
         TeamMatch(2, "Y", "Z", ((1, 0), (0, 1), (1, 0), (0, 1))),  # 2 - 2: drawn match
         TeamMatch(3, "Z", "X", ((1, 0), (1, 0), (1, 0), (0, 1)))]  # Z 3 - 1
    assert match_points(m) == {"X": 2, "Y": 1, "Z": 3}
    # SB: X: Y's MP 1 x 2.5 + Z's MP 3 x 1 = 5.5; Y: 2 x 1.5 + 3 x 2 = 9; Z: 1 x 2 + 2 x 3 = 8
    assert team_sonneborn_berger(m) == {"X": 5.5, "Y": 9, "Z": 8}
    rows = build_team_standings(m, ["GP", "SBB"])
    assert [(r.team, r.rank, r.points) for r in rows] == [("Z", 1, 3), ("X", 2, 2), ("Y", 3, 1)]
    rows = build_team_standings(m, ["DE"], primary="GP")
    assert [r.team for r in rows] == ["Z", "X", "Y"]  # GP: Z 5, X 3.5, Y 3.5; DE: X beat Y
    assert rows[1].tiebreaks == (("DE", 2.0),)
