"""The checks every event gets and the choice of the rule set (core/homologation/general.py, __init__.py)."""

from __future__ import annotations

import pytest

from tournament_desk.core.homologation import (
    RULE_SETS,
    HomologationCheck,
    RuleSet,
    general,
    homologation_checks,
    register_rule_set,
    rule_set_for,
)
from tournament_desk.core.messages import msg
from tournament_desk.core.model import Event, PairingSystem, RatingSystem
from tournament_desk.core.results import Discipline


@pytest.mark.parametrize(("discipline", "system", "key"), [
    (Discipline.CHESS, RatingSystem.FIDE, "fide"),
    (Discipline.CHESS, RatingSystem.NATIONAL_ELO, "ffe"),
    (Discipline.CHESS, RatingSystem.NONE, "general"),
    (Discipline.DRAUGHTS, RatingSystem.FFJD, "ffjd"),
    (Discipline.DRAUGHTS, RatingSystem.FMJD, "ffjd"),
    (Discipline.SCRABBLE, RatingSystem.FISF_PL, "fisf"),
    (Discipline.OTHER, RatingSystem.NONE, "general"),
    (Discipline.OTHER, RatingSystem.FIDE, "general"),
])
def test_rule_set_by_discipline_and_rating_system(discipline: Discipline, system: RatingSystem, key: str) -> None:
    assert rule_set_for(Event.for_discipline("E", discipline, rating_system=system)).key == key


def test_other_disciplines_get_the_general_checks_only(build, people) -> None:
    with build(people(8), discipline=Discipline.OTHER, rounds=3) as s:
        checks = homologation_checks(s.state())
    assert [c.code for c in checks] == ["entrants", "rounds-possible", "results", "rule-set"]
    assert checks[-1].level == "info" and "only the general checks" in checks[-1].message("en")


def test_a_registered_rule_set_takes_over() -> None:
    def always(state):
        return HomologationCheck("club", "info", msg("Club rule."), rule="Club rules §1")

    saved = list(RULE_SETS)
    try:
        register_rule_set(RuleSet("club", msg("Club"), (always,),
                                  lambda e: e.discipline is Discipline.OTHER))
        event = Event.for_discipline("E", Discipline.OTHER)
        assert rule_set_for(event).key == "club"
        assert rule_set_for(Event.for_discipline("E", Discipline.CHESS)).key == "fide"
    finally:
        RULE_SETS[:] = saved
    assert rule_set_for(Event.for_discipline("E", Discipline.OTHER)).key == "general"


def test_entrants(build, people) -> None:
    with build(people(1), play=0) as s:
        assert general.entrants_count(s.state()).level == "error"
    with build(people(2), play=0) as s:
        assert general.entrants_count(s.state()).level == "ok"


def test_swiss_rounds_against_players_c04_1(build, people) -> None:
    """C.04.1 Art.2 (no rematch) and Art.3-4 (one pairing-allocated bye): at most n − 1 rounds, n if n is odd."""
    with build(people(8), rounds=8, play=0) as s:
        check = general.rounds_possible(s.state())
    assert check.level == "error" and "at most 7 rounds" in check.message("en")
    with build(people(7), rounds=7, play=0) as s:
        assert general.rounds_possible(s.state()).level == "ok"
    with build(people(7), rounds=8, play=0) as s:
        assert general.rounds_possible(s.state()).level == "error"


def test_round_robin_rounds_c05_annex_1(build, people) -> None:
    """C.05 Annex 1: N − 1 rounds, N = n or n + 1; twice in a double round robin. Round 1 fixes the number."""
    with build(people(6), system=PairingSystem.ROUND_ROBIN, rounds=3, play=0) as s:
        check = general.rounds_possible(s.state())
        assert check.level == "info" and "has 5 rounds (set when round 1 is paired)" in check.message("en")
    with build(people(5), system=PairingSystem.ROUND_ROBIN, rounds=9, play=1) as s:
        check = general.rounds_possible(s.state())
    assert check.level == "ok" and check.message("en") == "5 rounds: the round robin of 5 players."
    with build(people(4), system=PairingSystem.DOUBLE_ROUND_ROBIN, rounds=1, play=1) as s:
        assert general.rounds_possible(s.state()).message("en") == "6 rounds: the double round robin of 4 players."


def test_results_complete(build, people) -> None:
    with build(people(6), rounds=3, play=2) as s:
        check = general.results_complete(s.state())
    assert check.level == "warning" and "2/3 rounds paired" in check.message("en")
    with build(people(6), rounds=2) as s:
        assert general.results_complete(s.state()).level == "ok"
