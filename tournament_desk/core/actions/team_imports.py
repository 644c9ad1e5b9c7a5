"""A team event begun in another program continued here: its teams, players, rounds, line-ups and board results
taken in ONE step (a TRF-2026 team file, ``services/trf_io.py``).

The input names teams and players by their places in the imported lists (team ``0 .. t-1``; player ``0 .. n-1``, the
players of the first team in its board order, then those of the second...): they get their ids here, from the same
transitions as the actions they stand for — :func:`~tournament_desk.core.actions.teams.import_teams` (players and
rosters), :func:`~tournament_desk.core.actions.teams.number_teams` (the teams' places in the grid), then round by
round :func:`~tournament_desk.core.actions.matches.pair_team_round` (the Berger table), the forfeited matches, the
line-ups and the board results. A match the table does not pair is refused: the whole import changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from tournament_desk.core.actions import matches
from tournament_desk.core.actions import teams as team_actions
from tournament_desk.core.actions.step import Message, Step, Text, chain
from tournament_desk.core.errors import StateError
from tournament_desk.core.ids import PlayerId, TeamId
from tournament_desk.core.messages import msg
from tournament_desk.core.model import EventState
from tournament_desk.core.results import GameResult

__all__ = ["ImportedMatch", "ImportedTeamRound", "import_team_event"]


@dataclass(frozen=True, slots=True)
class ImportedMatch:
    """A match of an imported round: the home (first-named) and away team as places; ``forfeit`` ``home``, ``away``
    or ``both`` for a match forfeited as a whole; the line-ups (player places by board, None: the board left
    empty; None: not given); the board results written home team first."""

    home: int
    away: int
    forfeit: str = ""
    home_lineup: tuple[int | None, ...] | None = None
    away_lineup: tuple[int | None, ...] | None = None
    results: tuple[tuple[int, GameResult], ...] = ()


@dataclass(frozen=True, slots=True)
class ImportedTeamRound:
    number: int
    matches: tuple[ImportedMatch, ...]


def import_team_event(state: EventState, teams: Sequence[Mapping[str, Any]], *, numbers: Sequence[int] | None,
                      rounds: Sequence[ImportedTeamRound], label: Message) -> Step[tuple[PlayerId, ...]]:
    """Register ``teams`` (each a team's fields and ``players``, registrations in board order), number them
    (``numbers[i]``: team i's place in the grid; None leaves them unnumbered), then pair and fill ``rounds`` — as
    one step. The payload is the players' ids, in the order of the places."""
    added = team_actions.import_teams(state, teams)
    team_ids: tuple[TeamId, ...] = added.payload
    player_ids = tuple(pid for tid in team_ids for pid in added.state.team(tid).members)

    def player(place: int | None) -> PlayerId | None:
        return None if place is None else player_ids[place]

    steps: list[Callable[[EventState], Step[Any]]] = []
    if numbers is not None:
        steps.append(partial(team_actions.number_teams, method="manual",
                             manual={team_ids[i]: n for i, n in enumerate(numbers)}))
    for r in rounds:
        steps.append(partial(matches.pair_team_round, force=True))
        for m in r.matches:
            steps.append(partial(_fill_match, round_number=r.number, home=team_ids[m.home], away=team_ids[m.away],
                                 forfeit=m.forfeit,
                                 home_lineup=None if m.home_lineup is None else tuple(map(player, m.home_lineup)),
                                 away_lineup=None if m.away_lineup is None else tuple(map(player, m.away_lineup)),
                                 results=m.results))
    done = chain(added.state, steps, label, player_ids)
    return Step(done.state, label, (*added.notes, *done.notes), player_ids)


def _fill_match(state: EventState, *, round_number: int, home: TeamId, away: TeamId, forfeit: str,
                home_lineup: tuple[PlayerId | None, ...] | None, away_lineup: tuple[PlayerId | None, ...] | None,
                results: tuple[tuple[int, GameResult], ...]) -> Step[None]:
    """One imported match into the round the table paired: refused when the table does not pair it so."""
    match = next((m for m in state.matches_in(round_number) if (m.home, m.away) == (home, away)), None)
    if match is None:
        raise StateError(msg("Round {round}: {home} - {away} is not a match of the Berger table's round",
                             round=round_number, home=state.team(home).name, away=state.team(away).name))
    label = msg("Round {round}, {home} - {away}", round=round_number, home=state.team(home).name,
                away=state.team(away).name)
    if forfeit:
        return matches.forfeit_match(state, round_number, match.number, forfeit)
    current = state
    notes: list[Text] = []
    for team, lineup in ((home, home_lineup), (away, away_lineup)):
        if lineup is not None:
            done = matches.set_lineup(current, round_number, team, list(lineup))
            current = done.state
            notes.extend(done.notes)
    for board, result in results:
        current = matches.record_board_result(current, round_number, match.number, board, result).state
    return Step(current, label, tuple(notes), None)
