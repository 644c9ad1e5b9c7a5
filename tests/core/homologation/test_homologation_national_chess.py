"""French chess federation (FFE) checks for a chess event rated in the national Elo (core/homologation/
national_chess.py), on events built through the services. Sources: FFE « Compétitions homologuées » §2.1;
FFE « Licences » (2018); FFE DNA « Homologation »; seed 001 §1."""

from __future__ import annotations

from tournament_desk.core.homologation import homologation_checks, national_chess, rule_set_for
from tournament_desk.core.model import RatingSystem


def _national(people, n: int, seed: int = 2) -> list[dict]:
    players = people(n, seed)
    for i, p in enumerate(players):
        p["ratings"] = (("elo-fr", 1300 + 40 * i),)
    return players


def test_rule_set_of_a_national_elo_event(build, people) -> None:
    with build(_national(people, 8), rating_system=RatingSystem.NATIONAL_ELO, play=0) as s:
        state = s.state()
    assert rule_set_for(state.event).key == "ffe"
    codes = [c.code for c in homologation_checks(state)]
    assert codes == ["entrants", "rounds-possible", "results", "cadence", "licences", "arbiter"]


def test_cadence_categories_ffe_competitions_homologuees_2_1(build, people) -> None:
    """§2.1: A — the game lasts at least 4 hours (2 h a player); B — at least 60 minutes a player; C — rapid,
    15 to less than 60 minutes a player (the rapid rating, not the national Elo)."""
    expected = {(90, 30): ("ok", "tournament A"), (120, 0): ("ok", "tournament A"),
                (61, 0): ("ok", "tournament B"), (50, 10): ("ok", "tournament B"),
                (30, 0): ("error", "tournament C"), (10, 5): ("error", "tournament C"),
                (10, 0): ("error", "less than 15")}
    for tc, (level, text) in expected.items():
        with build(_national(people, 6), rating_system=RatingSystem.NATIONAL_ELO, tc=tc, play=0) as s:
            check = national_chess.cadence(s.state())
        assert (check.level, text in check.message("en")) == (level, True), tc
        assert check.rule() == "FFE, « Compétitions homologuées », §2.1"


def test_licences_ffe_licences(build, people) -> None:
    """FFE « Licences »: licence A for the Elo; players of the French federation without a number are named,
    foreign players are not."""
    players = _national(people, 8)
    players[3]["licence_id"] = ""
    players[5]["licence_id"], players[5]["federation"] = "", "ESP"
    name = f"{players[3]['surname'].upper()} {players[3]['first_name']}"
    with build(players, rating_system=RatingSystem.NATIONAL_ELO, play=0) as s:
        check = national_chess.licences(s.state())
    assert check.level == "error" and check.message("en").startswith(f"1 player(s) of the French federation "
                                                                      f"without a licence number: {name}")
    assert "licence A" in check.message("en") and "licence A" in check.message("fr")
    with build(_national(people, 8), rating_system=RatingSystem.NATIONAL_ELO, play=0) as s:
        check = national_chess.licences(s.state())
    assert check.level == "info" and "must be a licence A" in check.message("en")


def test_arbiter_name_is_mandatory_ffe_dna_homologation(build, people) -> None:
    with build(_national(people, 6), rating_system=RatingSystem.NATIONAL_ELO, arbiters=(), play=0) as s:
        check = national_chess.arbiter(s.state())
    assert check.level == "error" and "mandatory" in check.message("en") and "obligatoire" in check.message("fr")
    with build(_national(people, 6), rating_system=RatingSystem.NATIONAL_ELO, play=0) as s:
        assert national_chess.arbiter(s.state()).level == "ok"


def test_unrated_players_enter_after_8_compatible_games_seed001_1(build, people) -> None:
    players = _national(people, 8)
    players[0]["ratings"] = ()
    players[1]["unrated"] = True
    with build(players, rating_system=RatingSystem.NATIONAL_ELO, rounds=3) as s:
        check = national_chess.unrated_players(s.state())
    assert check is not None and check.message("en").startswith("2 player(s) without a national Elo")
    assert "8 compatible games" in check.message("en") and check.rule().endswith("§1")
