"""A team match's score: the game points of each board and of the match, and the match points.

* A board played: each player's points in the event's scoring profile (chess 1/½/0, draughts 2/1/0; a forfeit
  entered as a result, 2fe or 0fne..., as the profile counts it).
* A board one team left empty: the other team's player wins it by forfeit (the profile's forfeit win), the empty
  side gets the forfeit loss; a board both left empty: both get the double forfeit's points (0).
* Match points (FFE tie-break annex §2.1.2): a match is won by the team that scored more game points than the
  other, drawn when they scored the same. The annex counts against half the boards ("un nombre de points
  supérieur à la moitié du nombre d'échiquiers"): the same thing whenever each board gives its points to one side
  or shares them; a board both teams left empty gives nobody anything, and then the two teams' scores are
  compared (docs/teams.md). The points are the event's scale (:attr:`TeamRules.match_points`: 2/1/0 by default).
* A match forfeited as a whole (a team did not come): the other team wins every board by forfeit and the match;
  the forfeiting team gets the scale's forfeit points (0 by default); both forfeiting, both get them and no game
  points.

A match counts in the standings once it is finished: both line-ups given and every game's result entered (or a
forfeited match).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tournament_desk.core.model import EventState, Game
from tournament_desk.core.results import GameResult
from tournament_desk.core.scoring import ScoringProfile
from tournament_desk.core.teams.boards import MatchBoard, match_boards, rules_of
from tournament_desk.core.teams.model import TeamMatch

__all__ = ["MatchScore", "match_score", "result_points", "round_scores"]

BoardPoints = tuple[float | None, float | None]


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match as it stands: each board's points (home, away; None until known), the game points so far, and the
    match points once it is finished (None before)."""

    match: TeamMatch
    boards: tuple[MatchBoard, ...]
    board_points: tuple[BoardPoints, ...]
    home: float
    away: float
    finished: bool
    home_mp: float | None
    away_mp: float | None

    @property
    def missing(self) -> tuple[int, ...]:
        """Boards still waiting for a line-up or a result."""
        return tuple(b.board for b, (h, a) in zip(self.boards, self.board_points, strict=True) if h is None)


def match_score(state: EventState, match: TeamMatch, games: dict[int, Game] | None = None) -> MatchScore:
    """The score of ``match`` (``games``: the round's games by board number, when the caller has them)."""
    rules = rules_of(state)
    scoring = state.event.scoring
    boards = match_boards(state, match, games)
    win, draw, loss, forfeit = rules.match_points
    if match.forfeit:
        full = scoring.forfeit_win * rules.boards
        home_gp = full if match.forfeit == "away" else 0.0
        away_gp = full if match.forfeit == "home" else 0.0
        home_mp = forfeit if match.forfeit in ("home", "both") else win
        away_mp = forfeit if match.forfeit in ("away", "both") else win
        per_board = tuple((scoring.forfeit_win if match.forfeit == "away" else 0.0,
                           scoring.forfeit_win if match.forfeit == "home" else 0.0) for _ in boards)
        return MatchScore(match, boards, per_board, home_gp, away_gp, True, home_mp, away_mp)
    given = (state.lineup(match.round, match.home) is not None, state.lineup(match.round, match.away) is not None)
    points: list[BoardPoints] = []
    for b in boards:
        points.append(_board_points(b, given, scoring))
    home = sum(h for h, _ in points if h is not None)
    away = sum(a for _, a in points if a is not None)
    finished = all(h is not None for h, _ in points)
    if not finished:
        return MatchScore(match, boards, tuple(points), home, away, False, None, None)
    if abs(home - away) <= 1e-9:
        mps = (draw, draw)
    else:
        mps = (win, loss) if home > away else (loss, win)
    return MatchScore(match, boards, tuple(points), home, away, True, *mps)


def _board_points(b: MatchBoard, given: tuple[bool, bool], scoring: ScoringProfile) -> BoardPoints:
    if not all(given):
        return (None, None)
    if b.home is None and b.away is None:
        return (scoring.double_forfeit, scoring.double_forfeit)
    if b.home is None:
        return (scoring.forfeit_loss, scoring.forfeit_win)
    if b.away is None:
        return (scoring.forfeit_win, scoring.forfeit_loss)
    if b.game is None or b.game.result is None:
        return (None, None)
    white, black = result_points(scoring)[b.game.result]
    return (white, black) if b.home_colour == "W" else (black, white)


@lru_cache(maxsize=16)
def result_points(scoring: ScoringProfile) -> dict[GameResult, tuple[float, float]]:
    """White's and Black's points of every game result in ``scoring`` (looked up once per board of the standings
    instead of computed)."""
    out = {}
    for result in GameResult:
        white, black = result.outcomes()
        out[result] = (scoring.points(white), scoring.points(black))
    return out


def round_scores(state: EventState, round_number: int) -> tuple[MatchScore, ...]:
    """Every match of a round with its score."""
    games = {g.board: g for g in state.round(round_number).games}
    return tuple(match_score(state, m, games) for m in state.matches_in(round_number))
