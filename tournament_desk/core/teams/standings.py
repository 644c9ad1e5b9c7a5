"""Team standings, their tie-breaks explained, the crosstable, and each player's results by board.

The standings rank the teams by match points or game points (:attr:`TeamRules.primary`), then by the event's team
tie-breaks (FFE tie-break annex §3 lists, :data:`~.model.TIEBREAK_PRESETS`) computed by
:mod:`tournament_desk.core.tiebreaks.teams` over the finished matches. A round in which a team has no match (an
odd number of teams) gives it :attr:`TeamRules.bye_points`.

Speed (issue 31 item 10: 100 teams x 10 boards x 11 rounds, the standings as a whole command-line call under
0.5 s, a board result in the window under 50 ms): the standings read each finished match's board points straight
from the line-ups and the games (:func:`finished_matches`, without the boards' display objects that
:func:`team_results` builds for the crosstable and the match list), and a window keeps a
:class:`TeamScoreCache` between the states of its event, so that a result recomputes the scores of its own round
only. Both give what :func:`team_results` gives (tests/core/test_team_standings_speed.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.ids import PlayerId, TeamId
from tournament_desk.core.messages import msg
from tournament_desk.core.model import EventState, Game, Round
from tournament_desk.core.teams.boards import rules_of, table_of
from tournament_desk.core.teams.model import TEAM_TIEBREAKS, Lineup, Team, TeamMatch
from tournament_desk.core.teams.scores import MatchScore, match_score, result_points
from tournament_desk.core.tiebreaks import teams as tb

__all__ = ["BoardResult", "CrossCell", "TeamResults", "TeamRow", "TeamScoreCache", "board_results", "explain_team",
           "finished_matches", "team_crosstable", "team_results", "team_standings"]


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
    """Every match's score up to ``up_to_round`` (all rounds by default) and the finished ones as the tie-breaks
    read them."""
    rules_of(state)
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
        _add_bye_points(state, playing, extra)
    return TeamResults(last, tuple(matches), extra, tuple(scores))


def _add_bye_points(state: EventState, playing: set[int], extra: dict[TeamId, tuple[float, float]]) -> None:
    """The points of a round (whose matches ``playing`` play) to each team without a match in it."""
    bye_mp, bye_gp = rules_of(state).bye_points
    if bye_mp or bye_gp:
        for t in state.teams:
            if t.id not in playing:
                mp, gp = extra.get(t.id, (0.0, 0.0))
                extra[t.id] = (mp + bye_mp, gp + bye_gp)


def _finished_in_round(state: EventState, rnd: Round, matches: Sequence[TeamMatch]) -> tuple[tb.TeamMatch, ...]:
    """The round's finished matches as the tie-breaks read them: each board's points (home, away) and the match
    points, read from the line-ups and the games as :func:`~.scores.match_score` counts them."""
    rules = rules_of(state)
    scoring = state.event.scoring
    # the points as team_results passes them on (``x or 0.0``: a zero counts as 0.0)
    home_white = {r: (w or 0.0, b or 0.0) for r, (w, b) in result_points(scoring).items()}
    home_black = {r: (b, w) for r, (w, b) in home_white.items()}
    win, draw, loss, forfeit = rules.match_points
    n_boards = rules.boards
    sides = [home_white if rules.colours[(b - 1) % len(rules.colours)] == "W" else home_black
             for b in range(1, n_boards + 1)]
    forfeit_win, forfeit_loss = scoring.forfeit_win or 0.0, scoring.forfeit_loss or 0.0
    double = (scoring.double_forfeit or 0.0,) * 2
    board_value = scoring.win
    games = {g.board: g for g in rnd.games}
    out: list[tb.TeamMatch] = []
    for m in matches:
        if m.forfeit:
            per_board = ((forfeit_win if m.forfeit == "away" else 0.0, forfeit_win if m.forfeit == "home" else 0.0),
                         ) * n_boards
            mps = (forfeit if m.forfeit in ("home", "both") else win,
                   forfeit if m.forfeit in ("away", "both") else win)
            out.append(tb.TeamMatch(m.round, m.home, m.away, per_board, board_value, (mps[0] or 0.0, mps[1] or 0.0)))
            continue
        home, away = state.lineup(m.round, m.home), state.lineup(m.round, m.away)
        if home is None or away is None:
            continue
        hp, ap = home.players, away.players
        base = table_of(rules, m.number, 0)
        boards: list[tuple[float, float]] = []
        for b in range(n_boards):
            h = hp[b] if b < len(hp) else None
            a = ap[b] if b < len(ap) else None
            if h is None or a is None:
                boards.append(double if h is None and a is None else
                              (forfeit_loss, forfeit_win) if h is None else (forfeit_win, forfeit_loss))
                continue
            game = games.get(base + b + 1)
            if game is None or game.result is None:
                break
            boards.append(sides[b][game.result])
        else:
            home_gp, away_gp = sum([h for h, _ in boards]), sum([a for _, a in boards])
            if abs(home_gp - away_gp) <= 1e-9:
                mps = (draw, draw)
            else:
                mps = (win, loss) if home_gp > away_gp else (loss, win)
            out.append(tb.TeamMatch(m.round, m.home, m.away, tuple(boards), board_value,
                                    (mps[0] or 0.0, mps[1] or 0.0)))
    return tuple(out)


class TeamScoreCache:
    """The scores of each round's matches kept between the states of one event (a window holds one): a round's
    scores are computed again only when what they are made of changed — its games, its matches, their line-ups,
    the event's team rules or scoring — and within it only the matches whose line-ups or games changed. Every one
    of these is immutable, so equal inputs give equal scores: a result entered recomputes its own match, the other
    matches and rounds are read back."""

    def __init__(self) -> None:
        self._grouped: tuple[tuple[TeamMatch, ...], tuple[Lineup, ...], dict[int, _RoundInputs]] | None = None
        self._rounds: dict[int, tuple[tuple[object, ...], tuple[tb.TeamMatch, ...]]] = {}
        self._scores: dict[tuple[int, int], tuple[tuple[object, ...], MatchScore]] = {}

    def _by_round(self, state: EventState) -> dict[int, _RoundInputs]:
        """Each round's matches and their line-ups (home, away, match after match)."""
        grouped = self._grouped
        if grouped is None or grouped[0] != state.matches or grouped[1] != state.lineups:
            lists: dict[int, list[TeamMatch]] = {}
            for m in state.matches:
                lists.setdefault(m.round, []).append(m)
            rounds = {r: (tuple(ms), tuple(state.lineup(r, t) for m in ms for t in m.teams()))
                      for r, ms in lists.items()}
            grouped = self._grouped = (state.matches, state.lineups, rounds)
        return grouped[2]

    def round_scores(self, state: EventState, round_number: int) -> tuple[MatchScore, ...]:
        """Every match of a round with its score (as :func:`~.scores.round_scores`)."""
        rules, scoring = rules_of(state), state.event.scoring
        games = {g.board: g for g in state.round(round_number).games}
        matches, lineups = self._by_round(state).get(round_number, ((), ()))
        out = []
        for i, m in enumerate(matches):
            base = table_of(rules, m.number, 0)
            inputs = (rules, scoring, m, lineups[2 * i], lineups[2 * i + 1],
                      *(games.get(base + b) for b in range(1, rules.boards + 1)))
            kept = self._scores.get((round_number, m.number))
            if kept is not None and kept[0] == inputs:
                out.append(kept[1])
                continue
            score = match_score(state, m, games)
            self._scores[(round_number, m.number)] = (inputs, score)
            out.append(score)
        return tuple(out)

    def finished(self, state: EventState, rnd: Round) -> tuple[tuple[TeamMatch, ...], tuple[tb.TeamMatch, ...]]:
        """The round's matches, and its finished ones as the tie-breaks read them."""
        matches, lineups = self._by_round(state).get(rnd.number, ((), ()))
        inputs = (state.event.team, state.event.scoring, rnd, matches, lineups)
        kept = self._rounds.get(rnd.number)
        if kept is None or kept[0] != inputs:
            kept = (inputs, _finished_in_round(state, rnd, matches))
            self._rounds[rnd.number] = kept
        return matches, kept[1]


_RoundInputs = tuple[tuple[TeamMatch, ...], tuple[Lineup | None, ...]]


def finished_matches(state: EventState, up_to_round: int | None = None, cache: TeamScoreCache | None = None
                     ) -> tuple[tuple[tb.TeamMatch, ...], dict[TeamId, tuple[float, float]]]:
    """The finished matches up to ``up_to_round`` as the tie-breaks read them and the points of the rounds a team
    had no match in: :attr:`TeamResults.matches` and :attr:`TeamResults.extra` without the scores' boards."""
    rules_of(state)
    last = state.last_round if up_to_round is None else min(up_to_round, state.last_round)
    by_round: dict[int, list[TeamMatch]] = {}
    if cache is None:
        for m in state.matches:
            by_round.setdefault(m.round, []).append(m)
    matches: list[tb.TeamMatch] = []
    extra: dict[TeamId, tuple[float, float]] = {}
    for rnd in state.rounds:
        if rnd.number > last:
            continue
        if cache is not None:
            in_round, finished = cache.finished(state, rnd)
        else:
            in_round = tuple(by_round.get(rnd.number, ()))
            finished = _finished_in_round(state, rnd, in_round)
        matches.extend(finished)
        _add_bye_points(state, {t for m in in_round for t in m.teams()}, extra)
    return tuple(matches), extra


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
                   tiebreaks: Sequence[str] | None = None, results: TeamResults | None = None,
                   cache: TeamScoreCache | None = None) -> list[TeamRow]:
    """The team standings after ``up_to_round`` (all rounds by default), with the event's tie-breaks (or
    ``tiebreaks``); ``results``: the matches already computed by :func:`team_results`; ``cache``: the window's
    scores kept between states."""
    rules = rules_of(state)
    if results is not None:
        matches, extra = results.matches, results.extra
    else:
        matches, extra = finished_matches(state, up_to_round, cache)
    codes = tuple(rules.tiebreaks if tiebreaks is None else (c.strip().upper() for c in tiebreaks))
    ordered = sorted(state.teams, key=lambda t: (t.pairing_number or 10**6, t.id))
    rows = tb.build_team_standings(matches, codes, primary="GP" if rules.primary == "GP" else "MP",
                                   teams=[t.id for t in ordered], extra=extra)
    mps = tb.match_points(matches, extra)
    gps = tb.game_points(matches, extra)
    record: dict[object, list[int]] = {t.id: [0, 0, 0, 0] for t in state.teams}  # played, won, drawn, lost
    for m in matches:
        home, away = m.match_points(m.home), m.match_points(m.away)
        home_counts, away_counts = record[m.home], record[m.away]
        home_counts[0] += 1
        away_counts[0] += 1
        home_counts[1 if home > away else 2 if home == away else 3] += 1
        away_counts[1 if away > home else 2 if away == home else 3] += 1
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
