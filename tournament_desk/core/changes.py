"""What an action changed, as data: the typed change record every user action returns.

:func:`diff_states` compares the event before and after an action (or an undo/redo) and says exactly what
differs: which event settings, which players, which rounds were added or removed, which boards and byes,
which requested byes, options, forbidden pairs, top cut. Storage writes that difference in one transaction
(one undo step); the screens refresh from it only what it touched.

Computing the record from the two states, instead of each action declaring what it touches, means it cannot
be forgotten or be wrong: an action that changes something it did not announce is still reported.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Generic, TypeVar

from tournament_desk.core.messages import Msg, PerLanguage
from tournament_desk.core.model import Bye, EventState, Game, Player, Round

__all__ = ["Change", "StateChange", "canonical", "diff_states"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class StateChange:
    """The parts of an event that differ between two states (empty sets: nothing of that kind changed)."""

    event_fields: frozenset[str] = frozenset()
    """Names of the :class:`Event` fields that changed (``rounds``, ``tiebreaks``...)."""
    players_added: frozenset[int] = frozenset()
    players_removed: frozenset[int] = frozenset()
    players_edited: frozenset[int] = frozenset()
    """Players whose registration changed (name, rating, pairing number, withdrawal...)."""
    rounds_added: frozenset[int] = frozenset()
    rounds_removed: frozenset[int] = frozenset()
    boards: frozenset[tuple[int, int]] = frozenset()
    """``(round, board)`` of boards whose players or result changed, in rounds present before and after."""
    byes: frozenset[tuple[int, int]] = frozenset()
    """``(round, player id)`` of byes added, removed or changed, in rounds present before and after."""
    requests: frozenset[tuple[int, int]] = frozenset()
    """``(round, player id)`` of requested byes made, changed or cancelled."""
    options: frozenset[str] = frozenset()
    forbidden_pairs: bool = False
    top_cut: bool = False
    teams: frozenset[int] = frozenset()
    """Ids of the teams added, removed or edited (name, roster, pairing number) of a team event."""
    matches: frozenset[int] = frozenset()
    """Rounds whose team matches or line-ups changed (a team event)."""
    everything: bool = False
    """Another event, or one read again whole: every screen redraws everything."""

    @classmethod
    def all(cls) -> StateChange:
        """The change that names everything (an event opened, a file restored)."""
        return cls(everything=True)

    @property
    def empty(self) -> bool:
        return not any(getattr(self, f.name) for f in dataclasses.fields(self))

    @property
    def players(self) -> frozenset[int]:
        """Every player whose registration was added, removed or edited."""
        return self.players_added | self.players_removed | self.players_edited

    @property
    def rounds(self) -> frozenset[int]:
        """Every round touched: added, removed, or with a board or bye changed."""
        return (self.rounds_added | self.rounds_removed | {r for r, _ in self.boards} | {r for r, _ in self.byes}
                | self.matches)

    @property
    def results_only(self) -> bool:
        """Only results or byes of existing rounds changed (the common case of result entry)."""
        return bool(self.boards or self.byes) and self == StateChange(boards=self.boards, byes=self.byes)

    @property
    def affects_standings(self) -> bool:
        """Scores, tie-breaks or the players listed may differ."""
        return bool(self.everything or self.rounds or self.players or self.event_fields or self.options or self.teams)

    def merge(self, other: StateChange) -> StateChange:
        """What two successive changes touched together."""
        values = {}
        for f in dataclasses.fields(self):
            a, b = getattr(self, f.name), getattr(other, f.name)
            values[f.name] = (a or b) if isinstance(a, bool) else a | b
        return StateChange(**values)


def _player_diff(old: tuple[Player, ...], new: tuple[Player, ...]) -> tuple[set[int], set[int], set[int]]:
    before = {p.id: p for p in old}
    after = {p.id: p for p in new}
    added = after.keys() - before.keys()
    removed = before.keys() - after.keys()
    edited = {pid for pid in before.keys() & after.keys() if before[pid] != after[pid]}
    return set(added), set(removed), edited


def _round_diff(old: Round, new: Round) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    if old == new:
        return set(), set()
    games_before: dict[int, Game] = {g.board: g for g in old.games}
    games_after: dict[int, Game] = {g.board: g for g in new.games}
    boards = {(new.number, b) for b in games_before.keys() | games_after.keys()
              if games_before.get(b) != games_after.get(b)}
    byes_before: dict[int, Bye] = {b.player_id: b for b in old.byes}
    byes_after: dict[int, Bye] = {b.player_id: b for b in new.byes}
    byes = {(new.number, p) for p in byes_before.keys() | byes_after.keys() if byes_before.get(p) != byes_after.get(p)}
    return boards, byes


def diff_states(old: EventState, new: EventState) -> StateChange:
    """Everything that differs between ``old`` and ``new`` (cheap when little did: unchanged rounds and
    players compare as equal tuples)."""
    event_fields = frozenset(
        f.name for f in dataclasses.fields(old.event) if getattr(old.event, f.name) != getattr(new.event, f.name)
    ) if old.event != new.event else frozenset()
    if old.players == new.players:
        added: set[int] = set()
        removed: set[int] = set()
        edited: set[int] = set()
    else:
        added, removed, edited = _player_diff(old.players, new.players)
    rounds_before = {r.number: r for r in old.rounds}
    rounds_after = {r.number: r for r in new.rounds}
    boards: set[tuple[int, int]] = set()
    byes: set[tuple[int, int]] = set()
    if old.rounds != new.rounds:
        for number in rounds_before.keys() & rounds_after.keys():
            b, y = _round_diff(rounds_before[number], rounds_after[number])
            boards |= b
            byes |= y
    requests: set[tuple[int, int]] = set()
    if old.requests != new.requests:
        req_before = {(r.round, r.player_id): r.kind for r in old.requests}
        req_after = {(r.round, r.player_id): r.kind for r in new.requests}
        requests = {k for k in req_before.keys() | req_after.keys() if req_before.get(k) != req_after.get(k)}
    options: set[str] = set()
    if old.options != new.options:
        opt_before, opt_after = dict(old.options), dict(new.options)
        options = {k for k in opt_before.keys() | opt_after.keys() if opt_before.get(k) != opt_after.get(k)}
    teams: set[int] = set()
    if old.teams != new.teams:
        teams_before = {t.id: t for t in old.teams}
        teams_after = {t.id: t for t in new.teams}
        teams = {k for k in teams_before.keys() | teams_after.keys() if teams_before.get(k) != teams_after.get(k)}
    matches: set[int] = set()
    if old.matches != new.matches:
        m_before = {(m.round, m.number): m for m in old.matches}
        m_after = {(m.round, m.number): m for m in new.matches}
        matches |= {k[0] for k in m_before.keys() | m_after.keys() if m_before.get(k) != m_after.get(k)}
    if old.lineups != new.lineups:
        l_before = {(x.round, x.team): x for x in old.lineups}
        l_after = {(x.round, x.team): x for x in new.lineups}
        matches |= {k[0] for k in l_before.keys() | l_after.keys() if l_before.get(k) != l_after.get(k)}
    return StateChange(
        event_fields=event_fields,
        players_added=frozenset(added),
        players_removed=frozenset(removed),
        players_edited=frozenset(edited),
        rounds_added=frozenset(rounds_after.keys() - rounds_before.keys()),
        rounds_removed=frozenset(rounds_before.keys() - rounds_after.keys()),
        boards=frozenset(boards),
        byes=frozenset(byes),
        requests=frozenset(requests),
        options=frozenset(options),
        forbidden_pairs=old.forbidden_pairs != new.forbidden_pairs,
        top_cut=old.top_cut != new.top_cut,
        teams=frozenset(teams),
        matches=frozenset(matches),
    )



def canonical(state: EventState) -> EventState:
    """``state`` in the order the event file gives it back (players by id, boards by number, byes by player,
    ratings by system...), so that a state kept in memory after an action equals the one read from the file."""
    players = tuple(sorted((p if list(p.ratings) == sorted(p.ratings) else
                            dataclasses.replace(p, ratings=tuple(sorted(p.ratings))) for p in state.players),
                           key=lambda p: p.id))
    rounds = tuple(
        r if (list(r.games) == sorted(r.games, key=lambda g: g.board)
              and list(r.byes) == sorted(r.byes, key=lambda b: b.player_id))
        else Round(r.number, tuple(sorted(r.games, key=lambda g: g.board)),
                   tuple(sorted(r.byes, key=lambda b: b.player_id)))
        for r in sorted(state.rounds, key=lambda r: r.number))
    top_cut = state.top_cut
    if top_cut is not None and list(top_cut.playoffs) != sorted(top_cut.playoffs):
        top_cut = dataclasses.replace(top_cut, playoffs=tuple(sorted(top_cut.playoffs)))
    return dataclasses.replace(
        state, players=players, rounds=rounds,
        requests=tuple(sorted(state.requests, key=lambda r: (r.round, r.player_id))),
        forbidden_pairs=tuple(sorted((min(a, b), max(a, b)) for a, b in state.forbidden_pairs)),
        top_cut=top_cut, options=tuple(sorted(state.options)),
        teams=tuple(sorted(state.teams, key=lambda t: t.id)),
        matches=tuple(sorted(state.matches, key=lambda m: (m.round, m.number))),
        lineups=tuple(sorted(state.lineups, key=lambda x: (x.round, x.team))))


@dataclass(frozen=True, slots=True)
class Change(Generic[T]):
    """What one user action did, as every front end receives it: its name (the undo step's), the typed record
    of what it touched (:class:`StateChange`: the screens redraw exactly that), the notes for the arbiter, and
    ``payload``, what the operation yields beyond the state, typed by the operation (the new players' ids, why
    each board of a paired round was made...; ``None`` for most)."""

    title: Msg
    """The action's name (the undo step's), a catalogue message."""
    what: StateChange
    notes: tuple[Msg | PerLanguage, ...]
    payload: T

    def label(self, lang: str = "en") -> str:
        return self.title.text(lang)

    def note_texts(self, lang: str = "en") -> tuple[str, ...]:
        return tuple(n.text(lang) for n in self.notes)

    @property
    def ids(self) -> tuple[int, ...]:
        """The players the action touched (sorted), else the rounds it touched."""
        what = self.what
        return tuple(sorted(what.players)) if what.players else tuple(sorted(what.rounds))
