"""The fast paths of the team standings (issue 31 item 10) give what the straightforward computation gives.

Random team events are run through the services as an arbiter runs them (teams imported, numbered, rounds paired
from the Berger table, line-ups with boards left empty and reserves, whole matches forfeited, results of every kind
typed and corrected, some matches left unfinished, an undo). After every match, and after the undo:

* :func:`team_standings` read straight from the line-ups and games (:func:`finished_matches`), and with the
  window's :class:`TeamScoreCache` carried from state to state, equal the standings computed from
  :func:`team_results` (every match's score, then the tie-breaks' matches built from the scores);
* the cache's scores of each round equal :func:`round_scores`;
* every team's match points, game points, Berlin, team Sonneborn-Berger and team Buchholz equal the annex's
  formulas written out here over the matches' scores (FFE tie-break annex §2.1.2, §2.2.2.2, §3, §4).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tournament_desk.core.model import Event, EventState, PairingSystem
from tournament_desk.core.operations import (
    ForfeitMatch,
    ImportTeams,
    NumberTeams,
    PairNext,
    RecordBoardResult,
    SetLineup,
)
from tournament_desk.core.results import Discipline, GameResult
from tournament_desk.core.teams.model import TeamRules
from tournament_desk.core.teams.scores import round_scores
from tournament_desk.core.teams.standings import (
    TeamRow,
    TeamScoreCache,
    finished_matches,
    team_results,
    team_standings,
)
from tournament_desk.services.session import EventSession

CODES = ("GP", "MP", "DE", "SBB", "BERLIN", "BH")


def _by_hand(state: EventState) -> dict[int, dict[str, float]]:
    """Each team's values by the annex's formulas over the finished matches' scores, rounds without a match
    counted with the event's bye points."""
    rules = state.event.team
    assert rules is not None
    teams = [t.id for t in state.teams]
    mp = dict.fromkeys(teams, 0.0)
    gp = dict.fromkeys(teams, 0.0)
    berlin = dict.fromkeys(teams, 0.0)
    played: dict[int, list[tuple[int, float]]] = {t: [] for t in teams}  # (opponent, game points scored)
    for rnd in state.rounds:
        in_round = set()
        for s in round_scores(state, rnd.number):
            in_round.update(s.match.teams())
            if not s.finished:
                continue
            for team, other, side, points in ((s.match.home, s.match.away, 0, s.home_mp),
                                              (s.match.away, s.match.home, 1, s.away_mp)):
                scored = [b[side] or 0.0 for b in s.board_points]
                mp[team] += points or 0.0
                gp[team] += sum(scored)
                berlin[team] += sum(x * (len(scored) - i) for i, x in enumerate(scored))  # §4: board 1 x n...
                played[team].append((other, sum(scored)))
        for t in teams:
            if t not in in_round:
                mp[t] += rules.bye_points[0]
                gp[t] += rules.bye_points[1]
    return {t: {"MP": mp[t], "GP": gp[t], "BERLIN": berlin[t],
                "SBB": sum(mp[o] * scored for o, scored in played[t]),  # §2.2.2.2
                "BH": sum(mp[o] for o, _ in played[t])} for t in teams}


def _check(state: EventState, cache: TeamScoreCache, rng: random.Random) -> list[TeamRow]:
    plain = team_results(state)
    straight = team_standings(state, results=plain)
    assert team_standings(state) == straight
    assert team_standings(state, cache=cache) == straight
    assert finished_matches(state) == (plain.matches, plain.extra)
    if state.last_round > 1:
        before = rng.randrange(1, state.last_round)
        earlier = team_results(state, before)
        assert finished_matches(state, before) == (earlier.matches, earlier.extra)
        assert team_standings(state, before) == team_standings(state, before, results=earlier)
    for rnd in state.rounds:
        assert cache.round_scores(state, rnd.number) == round_scores(state, rnd.number)
    values = _by_hand(state)
    for row in straight:
        mine = values[row.team.id]
        assert (row.match_points, row.game_points) == pytest.approx((mine["MP"], mine["GP"]))
        for code, value in row.tiebreaks:
            if code != "DE":
                assert value == pytest.approx(mine[code]), (row.team.name, code)
    return straight


def _lineup(rng: random.Random, roster: tuple[int, ...], boards: int) -> list[int | None]:
    """Players in roster order (a reserve now and then), a board left empty now and then."""
    chosen = sorted(rng.sample(range(len(roster)), boards))
    return [None if rng.random() < 0.1 else roster[i] for i in chosen]


RESULTS = [GameResult.WHITE_WIN] * 6 + [GameResult.DRAW] * 5 + [GameResult.BLACK_WIN] * 6 + [
    GameResult.WHITE_FORFEIT_WIN_EXCUSED, GameResult.BLACK_FORFEIT_WIN_UNEXCUSED, GameResult.ZERO_BY_RULE,
    GameResult.DOUBLE_FORFEIT]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_fast_team_standings_equal_the_straightforward_ones(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    n_teams, boards = rng.randint(3, 7), rng.randint(1, 4)
    discipline = rng.choice([Discipline.CHESS, Discipline.DRAUGHTS])
    codes = list(CODES)
    rng.shuffle(codes)
    rules = TeamRules(boards=boards, rating_boards=boards, colours=rng.choice(["WB", "BW", "W"])[:boards],
                      match_points=rng.choice([(2.0, 1.0, 0.0, 0.0), (3.0, 1.0, 0.0, 0.0), (3.0, 2.0, 1.0, 0.0)]),
                      primary=rng.choice(["MP", "GP"]), tiebreaks=tuple(codes[:rng.randint(2, len(codes))]),
                      bye_points=rng.choice([(0.0, 0.0), (1.0, boards / 2)]))
    event = Event.for_discipline(f"Random {seed}", discipline, system=PairingSystem.ROUND_ROBIN, rounds=1,
                                 team=rules)
    entries = [{"name": f"Team {t}", "players": [{"surname": f"T{t}P{p}", "ratings": (("fide", 2300 - 7 * p - t),)}
                                                 for p in range(boards + rng.randint(0, 2))]}
               for t in range(n_teams)]
    cache = TeamScoreCache()
    with EventSession.create(tmp_path / "random.tdesk", event) as session:
        session.run(ImportTeams(entries))
        session.run(NumberTeams("rating"))
        grid_rounds = n_teams if n_teams % 2 else n_teams - 1  # a bye team for an odd count
        for _ in range(min(rng.randint(2, 4), grid_rounds)):
            session.run(PairNext(force=True))  # the arbiter confirms: some matches stay unfinished
            number = session.state().last_round
            for m in session.state().matches_in(number):
                if rng.random() < 0.08:
                    session.run(ForfeitMatch(number, m.number, rng.choice(["home", "away", "both"])))
                    _check(session.state(), cache, rng)
                    continue
                for team in m.teams():
                    if rng.random() < 0.95:  # else the line-up is missing: the match stays unfinished
                        roster = session.state().team(team).members
                        session.run(SetLineup(number, team, _lineup(rng, roster, boards)))
                games = {g.board: g for g in session.state().round(number).games}
                for b in range(1, boards + 1):
                    if (m.number - 1) * boards + b not in games or rng.random() < 0.08:
                        continue  # a board without a game, or a result still to come
                    session.run(RecordBoardResult(number, m.number, b, rng.choice(RESULTS)))
                    if rng.random() < 0.15:  # the arbiter corrects it
                        session.run(RecordBoardResult(number, m.number, b, rng.choice(RESULTS), replace=True))
                _check(session.state(), cache, rng)
        finished = _check(session.state(), cache, rng)
        assert any(r.played for r in finished)
        session.undo()  # the state read back from the file: new objects, the same values where unchanged
        _check(session.state(), cache, rng)
