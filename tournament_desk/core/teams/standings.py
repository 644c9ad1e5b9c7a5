"""Team standings, their tie-breaks explained, the crosstable, and each player's results by board.

The standings rank the teams by match points or game points (:attr:`TeamRules.primary`), then by the event's team
tie-breaks (FFE tie-break annex §3 lists, :data:`~.model.TIEBREAK_PRESETS`) computed by
:mod:`tournament_desk.core.tiebreaks.teams` over the finished matches. A round in which a team has no match (an
odd number of teams) gives it :attr:`TeamRules.bye_points`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.ids import PlayerId, TeamId
from tournament_desk.core.messages import msg
from tournament_desk.core.model import EventState, Game
from tournament_desk.core.teams.boards import rules_of
from tournament_desk.core.teams.model import TEAM_TIEBREAKS, Team
from tournament_desk.core.teams.scores import MatchScore, match_score
from tournament_desk.core.tiebreaks import teams as tb

__all__ = ["BoardResult", "CrossCell", "TeamResults", "TeamRow", "board_results", "explain_team", "team_crosstable",
           "team_results", "team_standings"]


@dataclass(frozen=True, slots=True)
class TeamResults:
    """The finished matches up to a round, as the tie-breaks read them, and every match's score."""

    up_to_round: int
    matches: tuple[tb.TeamMatch, ...]
    extra: dict[TeamId, tuple[float, float]]
    """Points of the rounds a team had no match in."""
    scores: tuple[MatchScore, ...]
    """Every match up to the round, finished or not."""


def team_results(state: EventState, up_to_round: int | None = None) -> TeamResults:
    rules = rules_of(state)
    last = state.last_round if up_to_round is None else min(up_to_round, state.last_round)
    board_value = state.event.scoring.win
    scores: list[MatchScore] = []
    matches: list[tb.TeamMatch] = []
    extra: dict[TeamId, tuple[float, float]] = {}
    for rnd in state.rounds:
        if rnd.number > last:
            continue
        games = {g.board: g for g in rnd.games}
        playing: set[int] = set()
        for m in state.matches_in(rnd.number):
            playing.update(m.teams())
            score = match_score(state, m, games)
            scores.append(score)
            if score.finished:
                boards = tuple((h or 0.0, a or 0.0) for h, a in score.board_points)
                matches.append(tb.TeamMatch(m.round, m.home, m.away, boards, board_value,
                                            (score.home_mp or 0.0, score.away_mp or 0.0)))
        if any(rules.bye_points):
            for t in state.teams:
                if t.id not in playing:
                    mp, gp = extra.get(t.id, (0.0, 0.0))
                    extra[t.id] = (mp + rules.bye_points[0], gp + rules.bye_points[1])
    return TeamResults(last, tuple(matches), extra, tuple(scores))


@dataclass(frozen=True, slots=True)
class TeamRow:
    """A team's line of the standings."""

    rank: int
    team: Team
    played: int
    won: int
    drawn: int
    lost: int
    match_points: float
    game_points: float
    points: float
    """The primary score (match points or game points)."""
    tiebreaks: tuple[tuple[str, float | None], ...]
    shared: bool


def team_standings(state: EventState, up_to_round: int | None = None, *,
                   tiebreaks: Sequence[str] | None = None, results: TeamResults | None = None) -> list[TeamRow]:
    """The team standings after ``up_to_round`` (all rounds by default), with the event's tie-breaks (or
    ``tiebreaks``)."""
    rules = rules_of(state)
    results = results or team_results(state, up_to_round)
    codes = tuple(rules.tiebreaks if tiebreaks is None else (c.strip().upper() for c in tiebreaks))
    ordered = sorted(state.teams, key=lambda t: (t.pairing_number or 10**6, t.id))
    rows = tb.build_team_standings(results.matches, codes, primary="GP" if rules.primary == "GP" else "MP",
                                   teams=[t.id for t in ordered], extra=results.extra)
    mps = tb.match_points(results.matches, results.extra)
    gps = tb.game_points(results.matches, results.extra)
    record: dict[object, list[int]] = {t.id: [0, 0, 0, 0] for t in state.teams}
    for m in results.matches:
        for t in m.teams():
            own, other = m.match_points(t), m.match_points(m.opponent(t))
            counts = record[t]
            counts[0] += 1
            counts[1 if own > other else 2 if own == other else 3] += 1
    out = []
    for r in rows:
        played, won, drawn, lost = record[r.team]
        out.append(TeamRow(r.rank, state.team(int(r.team)), played, won, drawn, lost,  # type: ignore[call-overload]
                           mps.get(r.team, 0.0), gps.get(r.team, 0.0), r.points, r.tiebreaks, r.shared))
    return out


def explain_team(state: EventState, team_id: int, code: str, up_to_round: int | None = None
                 ) -> tuple[float | None, tuple[tb.TeamExplanationLine, ...]]:
    """Which matches made a team's value of ``code`` (a direct encounter among the teams tied with it)."""
    key = code.strip().upper()
    if key not in TEAM_TIEBREAKS:
        raise ValidationError(msg("'{code}' is not a team tie-break (known: {team_codes})", code=code,
                                  team_codes=", ".join(TEAM_TIEBREAKS)))
    state.team(team_id)
    results = team_results(state, up_to_round)
    tied: list[int] = []
    if key == "DE":
        rows = team_standings(state, up_to_round, results=results)
        mine = next(r for r in rows if r.team.id == team_id)
        tied = [r.team.id for r in rows if r.points == mine.points]
    return tb.explain_team_tiebreak(results.matches, team_id, key, extra=results.extra, tied=tied)


@dataclass(frozen=True, slots=True)
class CrossCell:
    """What a team scored against one opponent in one round (game points for and against; None: not finished)."""

    round: int
    home: bool
    scored: float
    conceded: float
    finished: bool


def team_crosstable(state: EventState, up_to_round: int | None = None
                    ) -> dict[TeamId, dict[TeamId, tuple[CrossCell, ...]]]:
    """``team -> opponent -> the matches between them``, by round."""
    results = team_results(state, up_to_round)
    table: dict[TeamId, dict[TeamId, list[CrossCell]]] = {t.id: {} for t in state.teams}
    for s in results.scores:
        m = s.match
        table[m.home].setdefault(m.away, []).append(CrossCell(m.round, True, s.home, s.away, s.finished))
        table[m.away].setdefault(m.home, []).append(CrossCell(m.round, False, s.away, s.home, s.finished))
    return {t: {o: tuple(cells) for o, cells in row.items()} for t, row in table.items()}


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One player's results on one board of the matches (board prizes): the games (a board won because the other
    team left it empty counts as a game won by forfeit, without an opponent), the points, the score in percent and
    the performance over the rated games played (FIDE C.07 10.2: average opponent rating + dp(p))."""

    board: int
    player_id: PlayerId
    team: TeamId
    games: int
    points: float
    percent: float
    played: int
    """Games played over the board (forfeits excluded)."""
    performance: int | None
    opponents_average: int | None


def board_results(state: EventState, up_to_round: int | None = None) -> list[BoardResult]:
    """Every player's results by board, board 1 first, each board's best performance (then score) first."""
    from tournament_desk.core.ratings.fide import tpr  # numpy: only for the board table, not for the standings

    results = team_results(state, up_to_round)
    scoring = state.event.scoring
    system = state.event.rating_system
    by_key: dict[tuple[int, int], list[tuple[float, float | None, bool]]] = {}
    team_of: dict[int, TeamId] = {}
    for s in results.scores:
        if not s.finished or s.match.forfeit:
            continue
        for b, (hp, ap) in zip(s.boards, s.board_points, strict=True):
            for pid, pts, opp, tid in ((b.home, hp, b.away, s.match.home), (b.away, ap, b.home, s.match.away)):
                if pid is None or pts is None:
                    continue
                team_of[pid] = tid
                played = b.game is not None and _played(b.game)
                rating = state.player(opp).rating(system) if (opp is not None and played) else None
                by_key.setdefault((b.board, pid), []).append((pts, rating, played))
    out = []
    for (board, pid), games in by_key.items():
        points = sum(p for p, _, _ in games)
        rated = [(p, r) for p, r, played in games if played and r is not None]
        perf = aro = None
        if rated and scoring.win > 0:
            ratings = [float(r) for _, r in rated]
            score = sum(p for p, _ in rated) / scoring.win
            perf = int(tpr(ratings, score))
            aro = math.floor(sum(ratings) / len(ratings) + 0.5)
        maximum = len(games) * scoring.win
        out.append(BoardResult(board, PlayerId(pid), team_of[pid], len(games), points,
                               100.0 * points / maximum if maximum else 0.0,
                               sum(1 for _, _, played in games if played), perf, aro))
    out.sort(key=lambda r: (r.board, -(r.performance or -1), -r.percent, -r.games, r.player_id))
    return out


def _played(game: Game) -> bool:
    return game.result is not None and game.result.is_played
