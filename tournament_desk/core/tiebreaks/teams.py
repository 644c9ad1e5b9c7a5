"""Team tie-breaks: game points, match points, Berlin, team Sonneborn-Berger, team direct encounter.

The domain model (``core.model``) has no teams yet, so these functions take their own simple input: a list
of :class:`TeamMatch`, each with the board results of one match from board 1 down. A team is any hashable
name. :func:`build_team_standings` ranks teams with the same engine as the individual standings.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Literal

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import msg
from tournament_desk.core.tiebreaks.ranking import KeySource, rank

Team = Hashable


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """One match: ``boards[i]`` = (home points, away points) on board i + 1. ``board_points`` is the value
    of a won board (1 in chess, 2 in draughts)."""

    round: int
    home: Team
    away: Team
    boards: tuple[tuple[float, float], ...]
    board_points: float = 1.0

    def __post_init__(self) -> None:
        if self.home == self.away:
            raise ValidationError(msg("A team cannot play itself"))
        if not self.boards:
            raise ValidationError(msg("A match needs at least one board"))

    def teams(self) -> tuple[Team, Team]:
        return (self.home, self.away)

    def opponent(self, team: Team) -> Team:
        return self.away if team == self.home else self.home

    def board_scores(self, team: Team) -> list[float]:
        side = 0 if team == self.home else 1
        return [b[side] for b in self.boards]

    def game_points(self, team: Team) -> float:
        return float(sum(self.board_scores(team)))

    def match_points(self, team: Team) -> float:
        """Seed 003 §2.1.2: 2 when the team scored more than half the boards, 1 for exactly half, else 0."""
        half = len(self.boards) * self.board_points / 2
        gp = self.game_points(team)
        return 2.0 if gp > half + 1e-9 else 1.0 if abs(gp - half) <= 1e-9 else 0.0

    def berlin(self, team: Team) -> float:
        """Seed 003 §4 "BERLIN": board 1 x number of boards, board 2 x (number - 1), ... (18.5 v 26.5)."""
        n = len(self.boards)
        return float(sum(score * (n - i) for i, score in enumerate(self.board_scores(team))))


def _teams(matches: Sequence[TeamMatch]) -> list[Team]:
    seen: dict[Team, None] = {}
    for m in matches:
        seen.setdefault(m.home)
        seen.setdefault(m.away)
    return list(seen)


def game_points(matches: Sequence[TeamMatch]) -> dict[Team, float]:
    """Seed 003 §3 "Points de Parties": the sum of the board points."""
    out = dict.fromkeys(_teams(matches), 0.0)
    for m in matches:
        for t in m.teams():
            out[t] += m.game_points(t)
    return out


def match_points(matches: Sequence[TeamMatch]) -> dict[Team, float]:
    """Seed 003 §2.1.2 "Les Points de Match": 2 / 1 / 0 per match."""
    out = dict.fromkeys(_teams(matches), 0.0)
    for m in matches:
        for t in m.teams():
            out[t] += m.match_points(t)
    return out


def berlin(matches: Sequence[TeamMatch]) -> dict[Team, float]:
    """Seed 003 §4 "BERLIN", summed over the team's matches."""
    out = dict.fromkeys(_teams(matches), 0.0)
    for m in matches:
        for t in m.teams():
            out[t] += m.berlin(t)
    return out


Measure = Literal["match_points", "game_points"]


def team_sonneborn_berger(matches: Sequence[TeamMatch], *, opponent_score: Measure = "match_points",
                          result: Measure = "game_points") -> dict[Team, float]:
    """Seed 003 §2.2.2.2: "la somme des scores des équipes adverses, chaque score étant multiplié par le
    résultat réalisé face à cette équipe adverse". The seed does not say which score and which result: by
    default the opponents' match points times the game points scored against them (reading,
    docs/tiebreaks.md); both are selectable."""
    scores = match_points(matches) if opponent_score == "match_points" else game_points(matches)
    out = dict.fromkeys(_teams(matches), 0.0)
    for m in matches:
        for t in m.teams():
            achieved = m.game_points(t) if result == "game_points" else m.match_points(t)
            out[t] += scores[m.opponent(t)] * achieved
    return out


def team_buchholz(matches: Sequence[TeamMatch], *, measure: Measure = "match_points") -> dict[Team, float]:
    """Seed 003 §3 "Système Suisse par Equipes: ... Buchholz": the sum of the opponents' match points (or
    game points) over the team's matches."""
    scores = match_points(matches) if measure == "match_points" else game_points(matches)
    out = dict.fromkeys(_teams(matches), 0.0)
    for m in matches:
        for t in m.teams():
            out[t] += scores[m.opponent(t)]
    return out


def team_direct_encounter(matches: Sequence[TeamMatch], group: list[Team]
                          ) -> dict[Team, tuple[tuple[float, ...], float | None]]:
    """Seed 003 §2.1.4 for teams: match points in the matches among the tied teams, only if all met."""
    members = set(group)
    pts = dict.fromkeys(group, 0.0)
    met: set[frozenset[Team]] = set()
    for m in matches:
        if m.home in members and m.away in members:
            met.add(frozenset(m.teams()))
            for t in m.teams():
                pts[t] += m.match_points(t)
    needed = len(group) * (len(group) - 1) // 2
    if len(met) < needed:
        return {t: ((0.0,), None) for t in group}
    return {t: ((pts[t],), pts[t]) for t in group}


TEAM_CODES = ("MP", "GP", "BERLIN", "SBB", "BH", "DE")


@dataclass(frozen=True, slots=True)
class TeamStandingRow:
    rank: int
    team: Team
    points: float
    tiebreaks: tuple[tuple[str, float | None], ...]
    shared: bool


def build_team_standings(matches: Sequence[TeamMatch], tiebreaks: Sequence[str], *,
                         primary: Literal["MP", "GP"] = "MP") -> list[TeamStandingRow]:
    """Rank teams by match points (or game points), then by ``tiebreaks`` among MP, GP, BERLIN, SBB (team
    Sonneborn-Berger), BH (team Buchholz) and DE (seed 003 §3, "Tournoi ... par Equipes")."""
    computed = {"MP": match_points, "GP": game_points, "BERLIN": berlin, "SBB": team_sonneborn_berger,
                "BH": team_buchholz}
    sources: list[KeySource] = []
    for code in tiebreaks:
        key = code.strip().upper()
        if key == "DE":
            sources.append(KeySource(group=lambda g: team_direct_encounter(matches, g)))
        elif key in computed:
            values = computed[key](matches)
            sources.append(KeySource(values=dict(values)))
        else:
            raise ValidationError(
                msg("'{code}' is not a team tie-break (known: {team_codes})", code=code,
                    team_codes=', '.join(TEAM_CODES)),
            )
    scores = match_points(matches) if primary == "MP" else game_points(matches)
    teams = _teams(matches)
    index = {t: i for i, t in enumerate(teams)}
    ranked = rank(teams, scores, sources, order=lambda t: index[t])
    codes = [c.strip().upper() for c in tiebreaks]
    return [TeamStandingRow(r.rank, r.id, scores[r.id], tuple(zip(codes, r.shown, strict=True)), r.shared)
            for r in ranked]
