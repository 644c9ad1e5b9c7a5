"""FFJD draughts checks (seed 000 §5, §6.6; core/homologation/ffjd.py) on draughts events built through the
services. (tests/services/test_bundle_service.py keeps the edge cases on hand-made states.)"""

from __future__ import annotations

import datetime as dt

from tournament_desk.core.homologation import ffjd, homologation_checks, rule_set_for
from tournament_desk.core.model import PairingSystem
from tournament_desk.core.results import Discipline


def _draughts(people, n: int, seed: int = 6, **fields) -> list[dict]:
    players = people(n, seed, **fields)
    for i, p in enumerate(players):
        p.setdefault("ratings", (("ffjd", 1250 + 35 * i),))
    return players


def test_rule_set_of_a_draughts_event(build, people) -> None:
    with build(_draughts(people, 12), discipline=Discipline.DRAUGHTS, rounds=5, play=0) as s:
        state = s.state()
    assert rule_set_for(state.event).key == "ffjd"
    assert [c.code for c in homologation_checks(state)] == [
        "entrants", "rounds-possible", "results", "cadence", "licences", "players", "rounds", "fee"]


def test_cadence_seed000_5_2(build, people) -> None:
    """§5.2.1 slow (minutes + seconds ≥ 60 read as the official cadence); §5.2.2 semi-rapid from 30, from 15
    with 75 % of players under 15, scholars, unrated or below 1400."""
    with build(_draughts(people, 10), discipline=Discipline.DRAUGHTS, tc=(20, 10), play=0) as s:
        assert "semi-rapid series (§5.2.2, normal case)" in ffjd.cadence(s.state()).message("en")
    adults = _draughts(people, 8, ratings=(("ffjd", 1500),))
    with build(adults, discipline=Discipline.DRAUGHTS, tc=(10, 5), play=0) as s:
        assert ffjd.cadence(s.state()).level == "error"
    kids = _draughts(people, 8, birth_date=dt.date(2016, 5, 1), ratings=(("ffjd", 1500),))
    with build(kids, discipline=Discipline.DRAUGHTS, tc=(10, 5), play=0) as s:
        check = ffjd.cadence(s.state())
    assert check.level == "ok" and "8/8 players (100%)" in check.message("en")
    # without a start date the ages are not known: the same children do not count as under 15
    with build(kids, discipline=Discipline.DRAUGHTS, tc=(10, 5), start=None, end=None, play=0) as s:
        assert ffjd.cadence(s.state()).level == "error"


def test_licences_seed000_5_3(build, people) -> None:
    players = _draughts(people, 8)
    players[1]["licence_id"] = ""
    players[2]["licence_id"], players[2]["federation"] = "", "NED"
    with build(players, discipline=Discipline.DRAUGHTS, play=0) as s:
        check = ffjd.licences(s.state())
    assert check.level == "error" and check.message("en").startswith("Slow cadence: 1 player(s) without a licence id")
    with build(players, discipline=Discipline.DRAUGHTS, tc=(25, 5), play=0) as s:
        check = ffjd.licences(s.state())
    assert (check.level == "warning" and "3rd homologated competition" in check.message("en") and
            check.rule().endswith("§5.3.2"))


def test_players_and_swiss_rounds_seed000_5_4_6_6(build, people) -> None:
    with build(_draughts(people, 21), discipline=Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN,
               play=0) as s:
        state = s.state()
    assert ffjd.players(state).level == "error" and ffjd.rounds(state) is None  # §6.6 is for Swiss series
    with build(_draughts(people, 30), discipline=Discipline.DRAUGHTS, rounds=9, play=0) as s:
        check = ffjd.rounds(s.state())
    assert check.level == "warning" and "between a third (10) and a half (15)" in check.message("en")
    with build(_draughts(people, 30), discipline=Discipline.DRAUGHTS, rounds=10, play=0) as s:
        assert ffjd.rounds(s.state()).level == "ok"


def test_fee_counts_players_who_played_seed000_5_5(build, people) -> None:
    """§5.5: 2 € a player who played at least one game in a slow series (forfeits are not games)."""
    def forfeits_for_one(state, game):
        loser = min(state.players, key=lambda p: p.surname).id
        if loser in game.players():
            return "0fe" if game.white_id == loser else "2fe"  # that player loses every game by forfeit
        return "1-1"

    with build(_draughts(people, 9), discipline=Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN,
               result_of=forfeits_for_one) as s:
        state = s.state()
    count, rate, total = ffjd.homologation_fee(state)
    # 9 players (the odd field gives one bye a round): the player who forfeits every game never played
    assert (count, rate, total) == (8, 2, 16)
    assert "8 player(s) played at least one game × 2 € (slow cadence) = 16 €" in ffjd.fee(state).message("en")
