"""Team events in the core (issue 31), through the operations every front end runs: match points by the FFE annex
« Départages » §2.1.2 and other scales, forfeits, colours, board-order rules, the initial order, a bye team, the
Berlin tie-break of the annex's §4 example computed over a real match."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tournament_desk.core.errors import TournamentError
from tournament_desk.core.model import Event, EventState, PairingSystem
from tournament_desk.core.operations import (
    ForfeitMatch,
    ImportTeams,
    NumberTeams,
    Operation,
    PairNext,
    RecordBoardResult,
    RecordBye,
    SetLineup,
    SetTeamRules,
)
from tournament_desk.core.results import Discipline
from tournament_desk.core.teams.model import TeamRules
from tournament_desk.core.teams.scores import match_score
from tournament_desk.core.teams.standings import team_standings


def _run(state: EventState, *ops: Operation) -> EventState:  # type: ignore[type-arg]
    for op in ops:
        state = op.apply(state).state
    return state


def _event(n_teams: int, boards: int, *, ratings: Sequence[Sequence[int | None]] | None = None,
           discipline: Discipline = Discipline.CHESS, **rules: object) -> EventState:
    event = Event.for_discipline("Équipes", discipline, system=PairingSystem.ROUND_ROBIN, rounds=1,
                                 team=TeamRules(**{"boards": boards, "rating_boards": boards, **rules}))  # type: ignore[arg-type]
    entries = []
    for t in range(n_teams):
        players = []
        for b in range(boards):
            value = ratings[t][b] if ratings is not None else 2000 - 100 * t - b
            fields: dict[str, object] = {"surname": f"T{t}B{b}"}
            if value is not None:
                fields["ratings"] = (("fide", value),)
            players.append(fields)
        entries.append({"name": f"Team {chr(65 + t)}", "players": players})
    return _run(EventState(event), ImportTeams(entries))


def _paired_with_lineups(state: EventState) -> EventState:
    state = _run(state, NumberTeams("rating"), PairNext())
    for m in state.matches_in(state.last_round):
        for t in m.teams():
            state = _run(state, SetLineup(m.round, t, list(state.team(t).members)))
    return state


def _play(state: EventState, results: Sequence[str]) -> EventState:
    m = state.matches_in(state.last_round)[0]
    for board, result in enumerate(results, start=1):
        state = _run(state, RecordBoardResult(m.round, m.number, board, result))
    return state


@pytest.mark.parametrize(("results", "expected"), [
    (("1-0", "1-0", "1/2", "0-1"), (2.0, 0.0)),  # 2½ of 4: more than half the boards
    (("1-0", "0-1", "1/2", "1/2"), (1.0, 1.0)),  # exactly half
    (("0-1", "0-1", "1/2", "1-0"), (0.0, 2.0)),
])
def test_match_points_by_the_annex(results: tuple[str, ...], expected: tuple[float, float]) -> None:
    """FFE annex « Départages » §2.1.2: 2 points for a match won (more than half the boards), 1 drawn, 0 lost."""
    state = _play(_paired_with_lineups(_event(2, 4)), results)
    score = match_score(state, state.matches[0])
    assert score.finished and (score.home_mp, score.away_mp) == expected


@pytest.mark.parametrize(("scale", "expected"), [((3, 1, 0, 0), (3.0, 0.0, 1.0)), ((3, 2, 1, 0), (3.0, 1.0, 2.0))])
def test_other_match_point_scales(scale: tuple[int, ...], expected: tuple[float, float, float]) -> None:
    state = _paired_with_lineups(_event(2, 2, match_points=scale))
    won = _play(state, ("1-0", "1/2"))
    drawn = _play(state, ("1-0", "0-1"))
    assert match_score(won, won.matches[0]).home_mp == expected[0]
    assert match_score(won, won.matches[0]).away_mp == expected[1]
    assert match_score(drawn, drawn.matches[0]).home_mp == expected[2]


def test_a_forfeited_match_and_empty_boards() -> None:
    state = _run(_event(2, 4), NumberTeams("rating"), PairNext())
    m = state.matches[0]
    forfeited = _run(state, ForfeitMatch(1, 1, "away"))
    assert forfeited.matches[0].forfeit == "away"
    score = match_score(forfeited, forfeited.matches[0])
    assert score.finished and (score.home, score.away) == (4.0, 0.0) and (score.home_mp, score.away_mp) == (2.0, 0.0)
    with pytest.raises(TournamentError, match="forfeited: it has no line-ups"):
        _run(forfeited, SetLineup(1, m.home, list(state.team(m.home).members)))
    # boards left empty: one by each team (a forfeit each way), one by both (nobody scores)
    home, away = state.team(m.home).members, state.team(m.away).members
    state = _run(state, SetLineup(1, m.home, [home[0], None, home[2], None]),
                 SetLineup(1, m.away, [away[0], away[1], None, None]))
    assert [g.board for g in state.round(1).games] == [1]
    with pytest.raises(TournamentError, match="is empty"):
        _run(state, RecordBoardResult(1, 1, 4, "1-0"))
    state = _run(state, RecordBoardResult(1, 1, 1, "1/2"))
    score = match_score(state, m)
    assert score.board_points == ((0.5, 0.5), (0.0, 1.0), (1.0, 0.0), (0.0, 0.0))
    assert (score.home_mp, score.away_mp) == (1.0, 1.0)


def test_a_team_event_has_no_individual_byes() -> None:
    state = _paired_with_lineups(_event(3, 2))
    idle = next(t for t in state.teams if t.id not in state.matches[0].teams())
    with pytest.raises(TournamentError, match="no individual byes"):
        RecordBye(1, idle.members[0], "hpb").apply(state)


def test_board_colours_follow_the_event_rule() -> None:
    state = _paired_with_lineups(_event(2, 4, colours="BW"))
    m = state.matches[0]
    home = state.team(m.home).members
    games = {g.board: g for g in state.round(1).games}
    assert [games[b].black_id == home[b - 1] for b in (1, 3)] == [True, True]
    assert [games[b].white_id == home[b - 1] for b in (2, 4)] == [True, True]
    # a result is written home team first: "1-0" on board 1 is a win of the home player, who has Black
    state = _play(state, ("1-0",) * 4)
    assert state.round(1).games[0].result is not None and state.round(1).games[0].result.value == "0-1"
    assert match_score(state, m).home == 4.0


def test_rating_order_with_a_tolerance() -> None:
    ratings = [[2000, 1900, 1950, 1700], [1800, 1700, 1600, 1500]]
    state = _run(_event(2, 4, ratings=ratings, board_order="rating", rating_tolerance=60), NumberTeams("rating"),
                 PairNext())
    a = state.teams[0]
    p = a.members
    _run(state, SetLineup(1, a.id, [p[0], p[1], p[2], p[3]]))  # 1950 under 1900: within 60 points
    with pytest.raises(TournamentError, match="more than 10 rating points higher"):
        _run(state, SetTeamRules({"rating_tolerance": 10}), SetLineup(1, a.id, [p[0], p[1], p[2], p[3]]))


def test_initial_order_average_of_top_boards_and_unrated_estimate() -> None:
    ratings = [[1800, 1800, 1000, 1000], [1700, 1700, None, None], [1700, 1700, 1100, 1100]]
    state = _event(3, 4, ratings=ratings, rating_boards=2, unrated_rating=1500)
    state = _run(state, NumberTeams("rating"))
    assert [t.name for t in sorted(state.teams, key=lambda t: t.pairing_number or 0)] == \
        ["Team A", "Team B", "Team C"]  # 1800; then 1700 = 1700: by name
    state = _run(state, SetTeamRules({"rating_boards": 4}), NumberTeams("rating"))
    assert [t.name for t in sorted(state.teams, key=lambda t: t.pairing_number or 0)] == \
        ["Team B", "Team A", "Team C"]  # 1600 (unrated at 1500), 1400, 1400: A before C by name


def test_a_bye_team_gets_the_events_bye_points() -> None:
    state = _paired_with_lineups(_event(3, 2, bye_points=(1.0, 1.0)))
    assert len(state.matches_in(1)) == 1
    state = _play(state, ("1-0", "1-0"))
    rows = {r.team.name: r for r in team_standings(state)}
    idle = next(t.name for t in state.teams if t.id not in state.matches[0].teams())
    assert (rows[idle].match_points, rows[idle].game_points, rows[idle].played) == (1.0, 1.0, 0)


def test_berlin_of_the_annex_example_over_a_real_match() -> None:
    """FFE annex « Départages » §4 "BERLIN": 9 boards, A wins board 1 and loses the next three; 4½-4½, Berlin A
    18½, B 26½."""
    boards = ("1-0", "0-1", "0-1", "0-1", "1-0", "0-1", "1/2", "1-0", "1-0")
    state = _play(_paired_with_lineups(_event(2, 9)), boards)
    m = state.matches[0]
    rows = {r.team.id: dict(r.tiebreaks) for r in team_standings(state, tiebreaks=["BERLIN"])}
    assert (rows[m.home]["BERLIN"], rows[m.away]["BERLIN"]) == (18.5, 26.5)
