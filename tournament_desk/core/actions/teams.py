"""Teams of a team event: add, edit and remove a team, its roster in board order, the event's team rules, the
initial order of the teams (their pairing numbers: their places in the round robin's grid).

A player belongs to one team of the event (its roster). The initial order is the competition's to decide (FIDE's
team system leaves it to the regulations): by default the average rating of each roster's first
:attr:`TeamRules.rating_boards` boards, unrated players at the arbiter's estimate, as olympiad-style regulations
do; teams of equal average ordered by name or by a draw of lots (:attr:`TeamRules.order_ties`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from tournament_desk.core.actions.players import add_players
from tournament_desk.core.actions.step import Message, Step, Text, step
from tournament_desk.core.errors import NotFoundError, StateError, ValidationError
from tournament_desk.core.ids import PlayerId, TeamId
from tournament_desk.core.messages import msg
from tournament_desk.core.model import EventState
from tournament_desk.core.pairing import berger
from tournament_desk.core.teams.boards import rules_of
from tournament_desk.core.teams.model import Team, TeamRules

__all__ = ["add_teams", "edit_team", "find_team", "import_teams", "initial_order", "number_teams", "remove_team",
           "set_roster", "set_team_rules", "team_average"]

_TEAM_FIELDS = ("name", "code", "club", "federation", "captain")
_RULES_FIXED_ONCE_PAIRED = ("boards", "colours")


def _with_team(state: EventState, team: Team) -> EventState:
    teams = tuple(team if t.id == team.id else t for t in state.teams)
    return dataclasses.replace(state, teams=teams)


def _check_members(state: EventState, team_name: str, team_id: int | None, members: Sequence[int]) -> None:
    """Every member registered, listed once, and in no other team's roster."""
    seen: set[int] = set()
    for pid in members:
        player = state.player(pid)
        if pid in seen:
            raise ValidationError(msg("{name} is listed twice in the roster of {team}", name=player.name,
                                      team=team_name), field="members")
        seen.add(pid)
        other = state.team_of(pid)
        if other is not None and other.id != team_id:
            raise ValidationError(msg("{name} already plays for {other}: a player belongs to one team of the event",
                                      name=player.name, other=other.name), field="members")


def _check_name(state: EventState, name: str, team_id: int | None) -> None:
    key = " ".join(name.split()).casefold()
    for t in state.teams:
        if t.id != team_id and t.name.casefold() == key:
            raise ValidationError(msg("A team named {name} is already registered", name=t.name), field="name")


def add_teams(state: EventState, entries: Sequence[Mapping[str, Any]], label: Message | None = None
              ) -> Step[tuple[TeamId, ...]]:
    """Register teams (each a name, optional code, club, federation, captain and ``members``: player ids in board
    order): all or nothing. The payload is their ids, in order."""
    rules_of(state)
    if not entries:
        raise ValidationError(msg("No team to add"))
    if state.rounds:
        raise StateError(msg("The round robin has started: its grid is fixed, no team can be added"))
    next_id = max((t.id for t in state.teams), default=0) + 1
    current = state
    ids: list[TeamId] = []
    for entry in entries:
        unknown = sorted(set(entry) - {*_TEAM_FIELDS, "members"})
        if unknown:
            raise ValidationError(msg("Unknown team field(s): {names}", names=", ".join(unknown)))
        members = tuple(PlayerId(int(p)) for p in entry.get("members", ()))
        team = Team(TeamId(next_id), **{k: v for k, v in entry.items() if k in _TEAM_FIELDS}, members=members)
        _check_name(current, team.name, None)
        _check_members(current, team.name, None, members)
        current = dataclasses.replace(current, teams=(*current.teams, team))
        ids.append(team.id)
        next_id += 1
    if label is None:
        label = (msg("Add team {name}", name=current.team(ids[0]).name) if len(ids) == 1
                 else msg("Add {n} teams", n=len(ids)))
    return Step(current, label, (), tuple(ids))


def import_teams(state: EventState, teams: Sequence[Mapping[str, Any]], *, allow_duplicates: bool = False,
                 label: Message | None = None) -> Step[tuple[TeamId, ...]]:
    """Teams and their players at once (a registration file): each team's fields and ``players``, the player
    registrations in board order. One action: every player registered, every team added with its roster."""
    entries = [dict(p) for t in teams for p in t.get("players", ())]
    current = state
    ids: tuple[PlayerId, ...] = ()
    notes: list[Text] = []
    if entries:
        done = add_players(state, entries, allow_duplicates=allow_duplicates)
        current, ids, notes = done.state, done.payload, list(done.notes)
    team_entries = []
    at = 0
    for t in teams:
        n = len(t.get("players", ()))
        team_entries.append({**{k: v for k, v in t.items() if k != "players"},
                             "members": tuple(t.get("members", ())) + ids[at:at + n]})
        at += n
    added = add_teams(current, team_entries)
    label = label or msg("Import {n} teams and {players} players", n=len(teams), players=len(ids))
    return Step(added.state, label, tuple(notes), added.payload)


def edit_team(state: EventState, team_id: int, changes: Mapping[str, Any]) -> Step[None]:
    """Change a team's name, code, club, federation or captain."""
    team = state.team(team_id)
    unknown = sorted(set(changes) - set(_TEAM_FIELDS))
    if unknown:
        raise ValidationError(msg("Unknown team field(s): {names}", names=", ".join(unknown)))
    updated = dataclasses.replace(team, **changes)
    _check_name(state, updated.name, team.id)
    return step(_with_team(state, updated), msg("Edit team {name}", name=updated.name))


def remove_team(state: EventState, team_id: int) -> Step[None]:
    """Delete a team (its players stay registered); refused once the round robin has started."""
    team = state.team(team_id)
    if state.rounds:
        raise StateError(msg("The round robin has started: {name} keeps its place in the grid", name=team.name))
    new = dataclasses.replace(state, teams=tuple(t for t in state.teams if t.id != team_id))
    if any(t.pairing_number is not None for t in new.teams):  # the numbers must stay 1..n: they are drawn again
        new = dataclasses.replace(new, teams=tuple(dataclasses.replace(t, pairing_number=None) for t in new.teams))
    return step(new, msg("Delete team {name}", name=team.name))


def set_roster(state: EventState, team_id: int, members: Sequence[int]) -> Step[None]:
    """A team's roster in board order (its strength list; the players past the number of boards are its reserves).
    A player who already sat in one of its line-ups stays in it."""
    team = state.team(team_id)
    roster = tuple(PlayerId(int(p)) for p in members)
    _check_members(state, team.name, team.id, roster)
    kept = set(roster)
    for lineup in state.lineups:
        if lineup.team != team.id:
            continue
        for pid in lineup.players:
            if pid is not None and pid not in kept:
                raise StateError(msg("{name} played for {team} in round {round}: the player stays in its roster",
                                     name=state.player(pid).name, team=team.name, round=lineup.round))
    updated = dataclasses.replace(team, members=roster)
    return step(_with_team(state, updated), msg("Roster of {team}: {n} player(s)", team=team.name, n=len(roster)))


def set_team_rules(state: EventState, changes: Mapping[str, Any], label: Message | None = None) -> Step[None]:
    """Change the event's team rules (one action, checked whole); the number of boards and the colours are fixed
    once the first round is paired (its boards are placed by them)."""
    rules = rules_of(state)
    unknown = sorted(set(changes) - {f.name for f in dataclasses.fields(TeamRules)})
    if unknown:
        raise ValidationError(msg("Unknown team rule(s): {names}", names=", ".join(unknown)))
    updated = dataclasses.replace(rules, **changes)
    if state.rounds:
        for name in _RULES_FIXED_ONCE_PAIRED:
            if getattr(updated, name) != getattr(rules, name):
                raise StateError(msg("Round 1 is paired: the number of boards and the colours of the boards are "
                                     "fixed"))
    event = dataclasses.replace(state.event, team=updated)
    changed = ", ".join(sorted(k for k in changes if getattr(updated, k) != getattr(rules, k)))
    return step(dataclasses.replace(state, event=event), label or msg("Team rules: {names}", names=changed or "—"))


def team_average(state: EventState, team: Team) -> float:
    """The average rating of the roster's first :attr:`TeamRules.rating_boards` boards (an unrated player at the
    arbiter's estimate); 0 for an empty roster."""
    rules = rules_of(state)
    system = state.event.rating_system
    ratings = []
    for pid in team.members[: rules.rating_boards]:
        rating = state.player(pid).rating(system)
        ratings.append(rules.unrated_rating if rating is None else rating)
    return sum(ratings) / len(ratings) if ratings else 0.0


def initial_order(state: EventState, seed: int | None = None) -> list[Team]:
    """The teams in their initial order: highest average first (:func:`team_average`), ties by name or by the
    lot numbered ``seed``."""
    rules = rules_of(state)
    lot: dict[int, int] = {}
    if rules.order_ties == "lot":
        if seed is None:
            raise ValidationError(msg("Teams of equal average are ordered by a draw of lots: it needs its number"))
        lot = berger.assign_pairing_numbers_by_lot([t.id for t in state.teams], seed)
    return sorted(state.teams, key=lambda t: (-round(team_average(state, t), 6), lot.get(t.id, 0),
                                              t.name.casefold(), t.id))


def number_teams(state: EventState, method: str, *, seed: int | None = None,
                 manual: Mapping[int, int] | None = None) -> Step[None]:
    """The teams' pairing numbers, their places in the round robin's grid: by the initial order (``rating``), by
    a draw of lots (``lot``, ``seed`` the lot's number) or by hand (``manual``: team id -> number, 1..n each once).
    Fixed once round 1 is paired."""
    rules_of(state)
    if state.rounds:
        raise StateError(msg("The round robin has started: the teams' places in the grid are fixed"))
    if not state.teams:
        raise StateError(msg("No team is registered yet"))
    if method == "rating":
        numbers = {t.id: n for n, t in enumerate(initial_order(state, seed), start=1)}
        label = msg("Number the teams (initial order: average rating)")
    elif method == "lot":
        if seed is None:
            raise ValidationError(msg("A draw of lots needs its number"))
        numbers = berger.assign_pairing_numbers_by_lot([t.id for t in state.teams], seed)
        label = msg("Number the teams (draw of lots no. {seed})", seed=seed)
    elif method == "manual":
        given = {TeamId(int(k)): v for k, v in (manual or {}).items()}
        for tid in given:
            state.team(tid)
        if set(given) != {t.id for t in state.teams}:
            missing = ", ".join(t.name for t in state.teams if t.id not in given)
            raise ValidationError(msg("Give every team a number (missing: {names})", names=missing))
        numbers = berger.validate_manual_numbering(given)
        label = msg("Number the teams (by hand)")
    else:
        raise ValidationError(msg("Unknown numbering method '{method}' (rating, lot or manual)", method=method))
    teams = tuple(dataclasses.replace(t, pairing_number=numbers[t.id]) for t in state.teams)
    return step(dataclasses.replace(state, teams=teams), label)


def find_team(state: EventState, text: str) -> Team:
    """A team named by its id, its pairing number (``#3``), its code or its name (case-insensitive)."""
    cleaned = " ".join(text.split())
    if cleaned.isdigit():
        return state.team(int(cleaned))
    if cleaned.startswith("#") and cleaned[1:].isdigit():
        for t in state.teams:
            if t.pairing_number == int(cleaned[1:]):
                return t
    folded = cleaned.casefold()
    for t in state.teams:
        if t.name.casefold() == folded or (t.code and t.code.casefold() == folded):
            return t
    raise NotFoundError(msg("No team named '{text}'", text=text))
