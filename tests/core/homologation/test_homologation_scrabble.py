"""Scrabble classique checks from seed 002 (FISF cote PL), on events built through the services."""

from __future__ import annotations

from tournament_desk.core.homologation import homologation_checks, rule_set_for, scrabble
from tournament_desk.core.results import Discipline


def _scrabble(people, n: int, seed: int = 4) -> list[dict]:
    players = people(n, seed)
    for i, p in enumerate(players):
        p["ratings"] = (("fisf-pl", 1200 + 55 * i),)
    return players


def test_rule_set_of_a_scrabble_event(build, people) -> None:
    with build(_scrabble(people, 10), discipline=Discipline.SCRABBLE, play=0) as s:
        state = s.state()
    assert rule_set_for(state.event).key == "fisf"
    codes = [c.code for c in homologation_checks(state)]
    assert codes == ["entrants", "rounds-possible", "results", "regulations", "category", "games", "licences"]


def test_category_by_size_seed002_4(build, people) -> None:
    """§4: TH of at most 16 players: category 1 (M 20); 17 to 32: 2 (M 50); 33 to 64: 3 (M 100)."""
    for n, cat, m in ((16, 1, 20), (17, 2, 50), (33, 3, 100)):
        with build(_scrabble(people, n), discipline=Discipline.SCRABBLE, play=0) as s:
            check = scrabble.category(s.state())
        assert (f"category {cat}, M = {m} (§4)" in check.message("en") and
                f"catégorie {cat}, M = {m}" in check.message("fr"))


def test_at_most_14_games_seed002_7(build, people) -> None:
    """§7: "le nombre maximal de parties que peut compter un tournoi, actuellement NbPmax = 14"."""
    with build(_scrabble(people, 40), discipline=Discipline.SCRABBLE, rounds=15, play=0) as s:
        check = scrabble.games(s.state())
    assert check.level == "error" and "at most 14 games" in check.message("en")
    with build(_scrabble(people, 40), discipline=Discipline.SCRABBLE, rounds=14, play=0) as s:
        assert scrabble.games(s.state()).level == "ok"


def test_game_points_for_the_final_ranking_seed002_7(build, people) -> None:
    """§7: ties of the final ranking are broken on the points difference (at most 100 a game)."""
    with build(_scrabble(people, 8), discipline=Discipline.SCRABBLE, rounds=3, points=True) as s:
        check = scrabble.game_points(s.state())
    assert check is not None and check.level == "ok" and "(12)" in check.message("en")
    with build(_scrabble(people, 8), discipline=Discipline.SCRABBLE, rounds=2) as s:
        check = scrabble.game_points(s.state())
    assert check is not None and check.level == "warning" and check.message("en").startswith("8 game(s) without both")
    with build(_scrabble(people, 8), discipline=Discipline.SCRABBLE, play=0) as s:
        assert scrabble.game_points(s.state()) is None


def test_players_without_pl_start_from_pl_star_seed002_2_1(build, people) -> None:
    players = _scrabble(people, 8)
    players[2]["ratings"] = ()
    players[4]["licence_id"] = ""
    with build(players, discipline=Discipline.SCRABBLE, play=0) as s:
        state = s.state()
    star = scrabble.unrated_players(state)
    assert (star is not None and star.message("en").startswith("1 player(s) without a PL") and
            "1000" in star.message("en"))
    licences = scrabble.licences(state)
    assert licences.level == "warning" and licences.message("en").startswith("1 player(s) without a licence number")


def test_regulations_not_in_the_sources_seed002_1(build, people) -> None:
    with build(_scrabble(people, 6), discipline=Discipline.SCRABBLE, play=0) as s:
        check = scrabble.regulations(s.state())
    assert (check.level == "info" and "Cahier des charges" in check.message("en") and
            "not checked" in check.message("en"))
