"""Team tie-breaks: game points, match points, Berlin, team Sonneborn-Berger, team Buchholz, team direct encounter.

These functions take their own simple input, a list of :class:`TeamMatch` (each with the board results of one
finished match from board 1 down, and the match points each team earned when the event's scale is not the
annex's 2/1/0), so that they can be checked on the annex's examples without an event;
:mod:`tournament_desk.core.teams.standings` builds that list from a team event. A team is any hashable name.
:func:`build_team_standings` ranks teams with the same engine as the individual standings, and
:func:`explain_team_tiebreak` says which matches (and boards) made a team's value.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.teams.model import TEAM_TIEBREAKS
from tournament_desk.core.tiebreaks.ranking import KeySource, rank

Team = Hashable

TEAM_CODES = TEAM_TIEBREAKS


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """One match: ``boards[i]`` = (home points, away points) on board i + 1. ``board_points`` is the value
    of a won board (1 in chess, 2 in draughts). ``points``: the match points each team earned, (home, away),
    when the event gives them otherwise than the annex's 2/1/0 (another scale, a forfeited match); None computes
    them by §2.1.2."""

    round: int
    home: Team
    away: Team
    boards: tuple[tuple[float, float], ...]
    board_points: float = 1.0
    points: tuple[float, float] | None = None
    # each side's game points, match points and Berlin value, computed once: the standings of a large event read
    # them for every tie-break of every team (issue 31 item 10)
    _totals: tuple[tuple[float, float, float], tuple[float, float, float]] = field(
        init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.home == self.away:
            raise ValidationError(msg("A team cannot play itself"))
        if not self.boards:
            raise ValidationError(msg("A match needs at least one board"))
        n = len(self.boards)
        half = n * self.board_points / 2
        totals = []
        for side in (0, 1):
            scores = [b[side] for b in self.boards]
            gp = float(sum(scores))
            if self.points is not None:
                mp = self.points[side]
            else:  # the annex §2.1.2: 2 for more than half the boards, 1 for exactly half, else 0
                mp = 2.0 if gp > half + 1e-9 else 1.0 if abs(gp - half) <= 1e-9 else 0.0
            berlin = float(sum(map(operator.mul, scores, range(n, 0, -1))))  # board i: score x (n - i + 1)
            totals.append((gp, mp, berlin))
        object.__setattr__(self, "_totals", (totals[0], totals[1]))

    def teams(self) -> tuple[Team, Team]:
        return (self.home, self.away)

    def opponent(self, team: Team) -> Team:
        return self.away if team == self.home else self.home

    def board_scores(self, team: Team) -> list[float]:
        side = 0 if team == self.home else 1
        return [b[side] for b in self.boards]

    def game_points(self, team: Team) -> float:
        return self._totals[0 if team == self.home else 1][0]

    def match_points(self, team: Team) -> float:
        """The event's match points, else the annex §2.1.2: 2 when the team scored more than half the boards, 1 for
        exactly half, else 0."""
        return self._totals[0 if team == self.home else 1][1]

    def berlin(self, team: Team) -> float:
        """Seed 003 §4 "BERLIN": board 1 x number of boards, board 2 x (number - 1), ... (18.5 v 26.5)."""
        return self._totals[0 if team == self.home else 1][2]


Extra = Mapping[Team, tuple[float, float]]
"""Points a team earned outside the matches listed (match points, game points): a round without a match."""


_HOME_AWAY = operator.attrgetter("home", "away")
_GP, _MP, _BERLIN = 0, 1, 2
"""Where a side's game points, match points and Berlin value are in :attr:`TeamMatch._totals`."""


def _teams(matches: Sequence[TeamMatch], extra: Extra | None = None) -> list[Team]:
    seen = dict.fromkeys(itertools.chain.from_iterable(map(_HOME_AWAY, matches)))
    for t in extra or {}:
        seen.setdefault(t)
    return list(seen)


def _summed(matches: Sequence[TeamMatch], which: int, extra: Extra | None) -> dict[Team, float]:
    """Each team's sum of one of its per-match values (``which``), match after match."""
    out = dict.fromkeys(_teams(matches, extra), 0.0)
    for m in matches:
        home, away = m._totals
        out[m.home] += home[which]
        out[m.away] += away[which]
    return out


def game_points(matches: Sequence[TeamMatch], extra: Extra | None = None) -> dict[Team, float]:
    """Seed 003 §3 "Points de Parties": the sum of the board points (and of the game points of a round without a
    match)."""
    out = _summed(matches, _GP, extra)
    for t, (_mp, gp) in (extra or {}).items():
        out[t] += gp
    return out


def match_points(matches: Sequence[TeamMatch], extra: Extra | None = None) -> dict[Team, float]:
    """Seed 003 §2.1.2 "Les Points de Match": 2 / 1 / 0 per match (or the event's scale)."""
    out = _summed(matches, _MP, extra)
    for t, (mp, _gp) in (extra or {}).items():
        out[t] += mp
    return out


def berlin(matches: Sequence[TeamMatch], extra: Extra | None = None) -> dict[Team, float]:
    """Seed 003 §4 "BERLIN", summed over the team's matches."""
    return _summed(matches, _BERLIN, extra)


Measure = Literal["match_points", "game_points"]


def team_sonneborn_berger(matches: Sequence[TeamMatch], *, opponent_score: Measure = "match_points",
                          result: Measure = "game_points", extra: Extra | None = None) -> dict[Team, float]:
    """Seed 003 §2.2.2.2: "la somme des scores des équipes adverses, chaque score étant multiplié par le
    résultat réalisé face à cette équipe adverse". The seed does not say which score and which result: by
    default the opponents' match points times the game points scored against them (reading,
    docs/tiebreaks.md); both are selectable."""
    scores = match_points(matches, extra) if opponent_score == "match_points" else game_points(matches, extra)
    return _sonneborn_berger(matches, scores, _GP if result == "game_points" else _MP, extra)


def _sonneborn_berger(matches: Sequence[TeamMatch], scores: Mapping[Team, float], which: int, extra: Extra | None
                      ) -> dict[Team, float]:
    out = dict.fromkeys(_teams(matches, extra), 0.0)
    for m in matches:
        home, away = m._totals
        out[m.home] += scores[m.away] * home[which]
        out[m.away] += scores[m.home] * away[which]
    return out


def team_buchholz(matches: Sequence[TeamMatch], *, measure: Measure = "match_points",
                  extra: Extra | None = None) -> dict[Team, float]:
    """Seed 003 §3 "Système Suisse par Equipes: ... Buchholz": the sum of the opponents' match points (or
    game points) over the team's matches."""
    scores = match_points(matches, extra) if measure == "match_points" else game_points(matches, extra)
    return _buchholz(matches, scores, extra)


def _buchholz(matches: Sequence[TeamMatch], scores: Mapping[Team, float], extra: Extra | None) -> dict[Team, float]:
    out = dict.fromkeys(_teams(matches, extra), 0.0)
    for m in matches:
        out[m.home] += scores[m.away]
        out[m.away] += scores[m.home]
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


@dataclass(frozen=True, slots=True)
class TeamStandingRow:
    rank: int
    team: Team
    points: float
    tiebreaks: tuple[tuple[str, float | None], ...]
    shared: bool


def build_team_standings(matches: Sequence[TeamMatch], tiebreaks: Sequence[str], *,
                         primary: Literal["MP", "GP"] = "MP", teams: Sequence[Team] | None = None,
                         extra: Extra | None = None) -> list[TeamStandingRow]:
    """Rank teams by match points (or game points), then by ``tiebreaks`` among MP, GP, BERLIN, SBB (team
    Sonneborn-Berger), BH (team Buchholz) and DE (seed 003 §3, "Tournoi ... par Equipes"). ``teams``: every team
    to rank, in display order (also those without a finished match); ``extra``: points of rounds without a match."""
    listed = list(teams) if teams is not None else _teams(matches, extra)
    memo: dict[str, dict[Team, float]] = {}

    def computed(key: str) -> dict[Team, float]:
        """Each sum over the matches made once (the team SB and Buchholz read the match points too)."""
        if key not in memo:
            if key == "SBB":
                memo[key] = _sonneborn_berger(matches, computed("MP"), _GP, extra)
            elif key == "BH":
                memo[key] = _buchholz(matches, computed("MP"), extra)
            else:
                memo[key] = _COMPUTED[key](matches, extra)
        return memo[key]

    sources: list[KeySource] = []
    for code in tiebreaks:
        key = code.strip().upper()
        if key == "DE":
            sources.append(KeySource(group=lambda g: team_direct_encounter(matches, g)))
        elif key in _COMPUTED:
            values = computed(key)
            sources.append(KeySource(values={t: values.get(t, 0.0) for t in listed}))
        else:
            raise ValidationError(
                msg("'{code}' is not a team tie-break (known: {team_codes})", code=code,
                    team_codes=', '.join(TEAM_CODES)),
            )
    scores = dict(computed("MP" if primary == "MP" else "GP"))
    for t in listed:
        scores.setdefault(t, 0.0)
    index = {t: i for i, t in enumerate(listed)}
    ranked = rank(listed, scores, sources, order=lambda t: index[t])
    codes = [c.strip().upper() for c in tiebreaks]
    return [TeamStandingRow(r.rank, r.id, scores[r.id], tuple(zip(codes, r.shown, strict=True)), r.shared)
            for r in ranked]


def _sbb(matches: Sequence[TeamMatch], extra: Extra | None) -> dict[Team, float]:
    return team_sonneborn_berger(matches, extra=extra)


def _bh(matches: Sequence[TeamMatch], extra: Extra | None) -> dict[Team, float]:
    return team_buchholz(matches, extra=extra)


_COMPUTED = {"MP": match_points, "GP": game_points, "BERLIN": berlin, "SBB": _sbb, "BH": _bh}


# -- explanations ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TeamExplanationLine:
    """One match's part in a team's tie-break value (``board``: one board of it, for Berlin)."""

    round: int | None
    opponent: Team | None
    value: float
    note: Msg


def explain_team_tiebreak(matches: Sequence[TeamMatch], team: Team, code: str, *, extra: Extra | None = None,
                          tied: Sequence[Team] = ()) -> tuple[float | None, tuple[TeamExplanationLine, ...]]:
    """Which matches made ``team``'s value of ``code`` and how (``tied``: the group a direct encounter is computed
    in). Returns the value and one line per contribution."""
    key = code.strip().upper()
    own = [m for m in matches if team in m.teams()]
    lines: list[TeamExplanationLine] = []
    if key == "DE":
        group = list(tied) or [team]
        result = team_direct_encounter(matches, group)
        members = set(group)
        for m in own:
            if m.opponent(team) in members:
                lines.append(TeamExplanationLine(m.round, m.opponent(team), m.match_points(team),
                                                 msg("match points against a tied team")))
        if len(group) > 1 and result[team][1] is None:
            lines.append(TeamExplanationLine(None, None, 0.0, msg("not every tied team met every other: no value")))
        return result[team][1], tuple(lines)
    if key not in _COMPUTED:
        raise ValidationError(msg("'{code}' is not a team tie-break (known: {team_codes})", code=code,
                                  team_codes=", ".join(TEAM_CODES)))
    value = _COMPUTED[key](matches, extra).get(team)
    mp, gp = (extra or {}).get(team, (0.0, 0.0))
    if key in ("MP", "GP"):
        for m in own:
            got = m.match_points(team) if key == "MP" else m.game_points(team)
            lines.append(TeamExplanationLine(m.round, m.opponent(team), got,
                                             msg("match points") if key == "MP" else msg("game points")))
        if (mp if key == "MP" else gp):
            lines.append(TeamExplanationLine(None, None, mp if key == "MP" else gp,
                                             msg("rounds without a match")))
    elif key == "BERLIN":
        for m in own:
            n = len(m.boards)
            for i, score in enumerate(m.board_scores(team)):
                lines.append(TeamExplanationLine(m.round, m.opponent(team), score * (n - i),
                                                 msg("board {board}: {score} × {coefficient}", board=i + 1,
                                                     score=score, coefficient=n - i)))
    else:
        scores = match_points(matches, extra)
        for m in own:
            opponent = m.opponent(team)
            if key == "SBB":
                achieved = m.game_points(team)
                lines.append(TeamExplanationLine(m.round, opponent, scores[opponent] * achieved,
                                                 msg("the opponent's match points {score} × the game points scored "
                                                     "against it {achieved}", score=scores[opponent],
                                                     achieved=achieved)))
            else:
                lines.append(TeamExplanationLine(m.round, opponent, scores[opponent],
                                                 msg("the opponent's match points")))
    return value, tuple(lines)
