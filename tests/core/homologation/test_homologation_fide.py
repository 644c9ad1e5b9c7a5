"""FIDE homologation checks (core/homologation/fide.py) on events built through the services. Each test cites
the article of the FIDE Rating Regulations (Handbook B.02, effective 1 March 2024) or of the Rapid and Blitz
Rating Regulations (B.02 RB) it checks."""

from __future__ import annotations

import datetime as dt

from tournament_desk.core.homologation import fide, homologation_checks, rule_set_for
from tournament_desk.core.model import PairingSystem
from tournament_desk.core.ratings.from_event import fide_preview


def _rated(people, n: int, low: int, high: int, seed: int = 1) -> list[dict]:
    players = people(n, seed)
    step = (high - low) / max(1, n - 1)
    for i, p in enumerate(players):
        p["ratings"] = (("fide", round(low + i * step)),)
        p["fide_id"] = str(36_000_000 + seed * 1000 + i)
    return players


def test_rule_set_of_a_fide_chess_event(build, people) -> None:
    with build(_rated(people, 8, 1500, 2100), play=0) as s:
        state = s.state()
    assert rule_set_for(state.event).key == "fide"
    codes = [c.code for c in homologation_checks(state)]
    assert codes[:3] == ["entrants", "rounds-possible", "results"]  # the general checks first
    assert {"rate-of-play", "hours-per-day", "arbiter", "reporting", "fide-ids"} <= set(codes)
    # Every check cites its article, except the general checks that are the program's own consistency rules.
    assert all(c.rules for c in homologation_checks(state) if c.code not in ("entrants", "results"))


def test_rate_of_play_every_game_b02_1_1(build, people) -> None:
    """§1.1: 60+30 gives 90 minutes for 60 moves: enough when nobody is rated 2400 or more."""
    with build(_rated(people, 10, 1500, 2390), tc=(60, 30), play=0) as s:
        check = fide.rate_of_play(s.state())
    assert check.level == "ok" and "no player is rated 2400 or more" in check.message("en") and "§1.1" in check.rule()
    with build(_rated(people, 10, 1500, 2700), tc=(90, 30), play=0) as s:
        assert fide.rate_of_play(s.state()).level == "ok"  # 120 minutes: every game


def test_rate_of_play_leaves_out_the_games_of_2400_players_b02_1_1(build, people) -> None:
    """§1.1: a game with a player rated 2400 or more needs 120 minutes; at 60+30 (90) those games are not rated,
    and the rating report leaves them out for both players."""
    players = _rated(people, 12, 1600, 2200, seed=3)
    players[0]["ratings"] = (("fide", 2455),)
    star = (players[0]["surname"].upper(), players[0]["first_name"])
    with build(players, tc=(60, 30), rounds=5) as s:
        state = s.state()
    check = fide.rate_of_play(state)
    assert (check.level == "warning" and f"{star[0]} {star[1]}" in check.message("en") and
            "(5 such game(s)" in check.message("en"))
    assert "ne seront pas classées" in check.message("fr")
    rows = {r.name: r for r in fide_preview(state)}
    assert rows[f"{star[0]} {star[1]}"].games_counted == 0
    opponents = {g.opponent_of(p.id) for r in state.rounds for g in r.games for p in state.players
                 if p.surname.upper() == star[0] and p.id in g.players()}
    played = {p.id: sum(1 for r in state.rounds for g in r.games if p.id in g.players()) for p in state.players}
    for p in state.players:
        expected = played[p.id] - (1 if p.id in opponents else 0) if p.surname.upper() != star[0] else 0
        assert rows[p.name].games_counted == expected


def test_rate_of_play_when_nobody_can_be_rated_b02_1_1(build, people) -> None:
    """§1.1: 60+0 is 60 minutes, enough only for games between two players below 1800."""
    with build(_rated(people, 8, 1800, 2200), tc=(60, 0), play=0) as s:
        check = fide.rate_of_play(s.state())
    assert check.level == "error" and "90 a game with a player rated 1800 or more" in check.message("en")


def test_rapid_and_blitz_time_controls_b02rb_1_1(build, people) -> None:
    """B.02 §1.1 (60 minutes at least for the standard list); B.02 RB §1.1.1 rapid: more than 10 and less than
    60 minutes (base + 60 × increment); §1.1.2 blitz: more than 3 and at most 10. A rapid or blitz event is
    rated on that list (info: the report is the list's); 3 minutes or less: no list (error)."""
    for tc, word, article, level in (((45, 10), "rapid", "§1.1.1", "info"), ((25, 5), "rapid", "§1.1.1", "info"),
                                     ((5, 3), "blitz", "§1.1.2", "info"),
                                     ((3, 0), "3 minutes or less", "§1.1.2", "error")):
        with build(_rated(people, 6, 1500, 1700), tc=tc, play=0) as s:
            check = fide.rate_of_play(s.state())
        assert check.level == level and word in check.message("en") and article in check.rule(), tc
    with build(_rated(people, 6, 1500, 1700), tc=(11, 0), play=0) as s:
        assert "rapid" in fide.rate_of_play(s.state()).message("en")  # 11 minutes: more than 10


def test_twelve_hours_a_day_b02_3(build, people) -> None:
    """§3: at most 12 hours of play a day on games of 60 moves; 90+30 is 2 × 120 minutes = 4 hours a game."""
    players = _rated(people, 20, 1500, 2300)
    with build(players, rounds=9, start=dt.date(2026, 5, 1), end=dt.date(2026, 5, 2), play=0) as s:
        check = fide.hours_per_day(s.state())
    assert check.level == "error" and "at least 5 rounds on one day, 20 hours" in check.message("en")
    with build(players, rounds=7, start=dt.date(2026, 5, 1), end=dt.date(2026, 5, 3), play=0) as s:
        check = fide.hours_per_day(s.state())
    assert check.level == "ok" and "3 round(s) a day make 12 hours" in check.message("en")  # 12 exactly is allowed
    with build(players, rounds=7, start=None, end=None, play=0) as s:
        assert fide.hours_per_day(s.state()).level == "info"


def test_long_event_reported_monthly_b02_4(build, people) -> None:
    players = _rated(people, 8, 1500, 2100)
    with build(players, rounds=7, start=dt.date(2026, 1, 10), end=dt.date(2026, 3, 20), play=0) as s:
        check = fide.long_event(s.state())
    assert check is not None and check.level == "info" and "70 days" in check.message("en") and "§4" in check.rule()
    with build(players, rounds=7, play=0) as s:
        assert fide.long_event(s.state()) is None


def test_forfeits_are_not_rated_b02_5_1(build, people) -> None:
    """§5.1: unplayed games are not counted; the preview counts only the games played."""
    def forfeit_on_board_2(state, game):
        return "+-" if game.round == 2 and game.board == 2 else "1/2"

    with build(_rated(people, 10, 1600, 2100), rounds=3, result_of=forfeit_on_board_2) as s:
        state = s.state()
    check = fide.unplayed_games(state)
    assert check.level == "info" and "1 unplayed game(s) (forfeits): R2/2" in check.message("en")
    game = state.round(2).game(2)
    rows = {r.player_id: r for r in fide_preview(state)}
    assert rows[game.white_id].games_counted == 2 and rows[game.black_id].games_counted == 2


def test_match_with_an_unrated_player_b02_6_1(build, people) -> None:
    players = _rated(people, 2, 1900, 2000)
    players[1] = {**players[1], "ratings": (), "fide_id": ""}
    with build(players, system=PairingSystem.DOUBLE_ROUND_ROBIN, rounds=2, play=0) as s:
        check = fide.match(s.state())
    assert check is not None and check.level == "error" and "not rated (§6.1)" in check.message("en")
    with build(_rated(people, 2, 1900, 2000), system=PairingSystem.DOUBLE_ROUND_ROBIN, rounds=2, play=0) as s:
        assert fide.match(s.state()).level == "ok"


def test_unrated_players_and_their_games_b02_7_1_4_8_2_8_3_1(build, people) -> None:
    players = _rated(people, 10, 1500, 2200, seed=5)
    for p in players[:2]:
        p["ratings"], p["fide_id"] = (), ""
    with build(players, rounds=5) as s:
        state = s.state()
    check = fide.unrated_players(state)
    assert check is not None and check.message("en").startswith("2 unrated player(s)") and "§7.1.4" in check.rule()
    unrated = {p.id for p in state.players if not p.ratings}
    mixed = sum(1 for r in state.rounds for g in r.games if len(unrated & set(g.players())) == 1)
    games = fide.games_against_unrated(state)
    assert games is not None
    assert games.message("en").startswith(f"{mixed} game(s) between a rated and an unrated player")
    with build(_rated(people, 6, 1500, 2000), play=0) as s:
        assert fide.unrated_players(s.state()) is None


def test_fide_ids_b02_7_1_2_9_1(build, people) -> None:
    players = _rated(people, 6, 1500, 2000)
    players[2]["fide_id"] = ""
    with build(players, play=0) as s:
        check = fide.fide_ids(s.state())
    assert check.level == "warning" and check.message("en").startswith("1 rated player(s) without a FIDE id")


def test_chief_arbiter_b02_9_1(build, people) -> None:
    with build(_rated(people, 6, 1500, 2000), arbiters=(), play=0) as s:
        check = fide.arbiter(s.state())
    assert (check.level == "warning" and "Chief Arbiter" in check.message("en") and
            "arbitre principal" in check.message("fr"))
    with build(_rated(people, 6, 1500, 2000), play=0) as s:
        assert fide.arbiter(s.state()).message("en").startswith("Chief Arbiter: Claire Rousseau")


def test_closing_date_and_last_list_b02_7_1_3_9_1(build, people) -> None:
    """§7.1.3: closing date 3 days before the list (lists on the 1st of each month, §7.1); §9.1: not rated if
    the report misses the third list after the end."""
    players = _rated(people, 6, 1500, 2000)
    with build(players, start=dt.date(2026, 3, 27), end=dt.date(2026, 3, 29), play=0) as s:
        check = fide.reporting(s.state())
    assert "list of 2026-04-01" in check.message("en") and "list of 2026-06-01" in check.message("en")
    assert ("liste du 01/04/2026" in check.message("fr") and
            "liste du 01/06/2026" in check.message("fr"))  # dates in the language's form
    with build(players, start=dt.date(2026, 3, 28), end=dt.date(2026, 3, 30), play=0) as s:
        assert "list of 2026-05-01" in fide.reporting(s.state()).message("en")
    with build(players, start=dt.date(2026, 12, 27), end=dt.date(2026, 12, 31), play=0) as s:
        check = fide.reporting(s.state())
    assert "list of 2027-02-01" in check.message("en") and "list of 2027-03-01" in check.message("en")


def test_registration_notice_b02_0_2(build, people) -> None:
    """§0.2: registered 30 days before the start when a player is rated over 2700 (a woman over 2500), else 3."""
    with build(_rated(people, 8, 1500, 2300), start=dt.date(2026, 4, 4), play=0) as s:
        check = fide.registration(s.state())
    assert check.level == "info" and "by 2026-04-01, 3 days before" in check.message("en")
    players = _rated(people, 8, 1500, 2300)
    players[0].update(ratings=(("fide", 2510),), sex="F")
    with build(players, start=dt.date(2026, 4, 4), play=0) as s:
        check = fide.registration(s.state())
    assert "by 2026-03-05, 30 days before" in check.message("en") and "over 2500 for a woman" in check.message("en")
    players[0].update(sex="M")
    with build(players, start=dt.date(2026, 4, 4), play=0) as s:
        assert "3 days before" in fide.registration(s.state()).message("en")  # 2510: over 2500 counts for women only


def test_rapid_and_blitz_rounds_per_day_b02rb_3_1(build, people) -> None:
    """B.02 RB §3.1: at most 15 rapid rounds and 30 blitz rounds a day."""
    players = _rated(people, 40, 1500, 2300)
    with build(players, rounds=16, tc=(15, 10), start=dt.date(2026, 5, 1), end=dt.date(2026, 5, 1), play=0) as s:
        check = fide.hours_per_day(s.state())
    assert (check.level == "error" and "at most 15 rapid rounds a day" in check.message("en") and
            "§3.1.1" in check.rule())
    with build(players, rounds=30, tc=(3, 2), start=dt.date(2026, 5, 1), end=dt.date(2026, 5, 1), play=0) as s:
        check = fide.hours_per_day(s.state())
    assert check.level == "ok" and "§3.1.2" in check.rule()
