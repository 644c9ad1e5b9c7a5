"""Everything a user can do to an event, listed once: each operation is a typed input and a pure transition.

An operation is a small frozen value — what the arbiter asked for, typed (``RecordResult(1, 3, "1-0")``) — whose
:meth:`Operation.apply` is the pure transition ``EventState -> Step[T]``: the event after it, the action's name
(its undo step), notes for the arbiter, and a payload typed by the operation (``AddPlayers`` yields the new
players' ids, ``PairNext`` why each board was made...). The rules themselves are the transitions of
:mod:`tournament_desk.core.actions`; each operation names the documents it enforces (:attr:`Operation.rules`).

Every front end does an action the same way, ``session.run(operation)``: the session stores the step as one
transaction and one undo step and returns a :class:`~tournament_desk.core.changes.Change` (the name, the typed
record of what changed, the notes, the payload), from which each screen redraws what the action touched.
:data:`OPERATIONS` is the list (docs, tests: every operation is undone by one undo step).

Choices the core cannot make (it has no clock and no random source) are inputs: the lot for the initial
colour (:class:`PairNext`), the number of a draw of lots (:class:`NumberPlayers`).
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from tournament_desk.core.actions import (
    classique,
    imports,
    manual,
    matches,
    swiss,
    team_imports,
    teams,
    tiebreaks,
    topcut,
    whole_event,
)
from tournament_desk.core.actions import players as reg
from tournament_desk.core.actions import roundrobin as rr
from tournament_desk.core.actions import rounds as rnds
from tournament_desk.core.actions import settings as cfg
from tournament_desk.core.actions.step import Message, Step
from tournament_desk.core.errors import StateError
from tournament_desk.core.ids import PlayerId, TeamId
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import EventState, PairingSystem, Round, TopCut
from tournament_desk.core.results import GameResult, Outcome
from tournament_desk.core.sources import (
    FFE_TIEBREAKS,
    FFJD_RCN,
    FIDE_C04_1,
    FIDE_C04_2,
    FIDE_C04_3,
    FIDE_C05,
    PLATFORM,
    Citation,
    cite,
)
from tournament_desk.core.tiebreaks import Edition

__all__ = [
    "OPERATIONS",
    "AddPlayer",
    "AddPlayers",
    "AddTeams",
    "EditPlayer",
    "EditPlayers",
    "EditTeam",
    "ForfeitMatch",
    "ImportEvent",
    "ImportTeamEvent",
    "ImportTeams",
    "NumberPlayers",
    "NumberTeams",
    "Operation",
    "PairByHand",
    "PairNext",
    "PairedRound",
    "RecordBoardResult",
    "RecordBye",
    "RecordPlayoff",
    "RecordResult",
    "RecordResults",
    "ReinstatePlayer",
    "RemovePlayer",
    "RemoveTeam",
    "RequestBye",
    "SetForbiddenPair",
    "SetLineup",
    "SetLineups",
    "SetOption",
    "SetPairingNumbers",
    "SetRoster",
    "SetRuleSettings",
    "SetTeamRules",
    "SetTiebreaks",
    "StartTopCut",
    "StoreEventSettings",
    "StoreRound",
    "TakeWholeEvent",
    "UnpairLastRound",
    "UpdateEvent",
    "WithdrawPlayer",
    "pairing_transition",
]

T = TypeVar("T")


class Operation(abc.ABC, Generic[T]):
    """One thing a user can do to an event: a typed input (the subclass's fields) and its pure transition."""

    __slots__ = ()
    rules: ClassVar[tuple[Citation, ...]] = ()
    """The documents and sections the transition enforces."""
    by_hand: ClassVar[bool] = False
    """The round it adds is paired by the arbiter, not by the system: a manual pairing, for the arbiter's log."""

    @abc.abstractmethod
    def apply(self, state: EventState) -> Step[T]:
        """The event after the operation, its name, notes and payload; a precise error when refused."""

    def backup_reason(self, state: EventState) -> str | None:
        """Why a backup of the event is taken before the operation is stored (``before-round-N`` before a round
        is added), None for none."""
        return None


def _before_next_round(state: EventState) -> str:
    return f"before-round-{state.last_round + 1}"


# -- registration --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, init=False)
class AddPlayer(Operation[tuple[PlayerId, ...]]):
    """Register one player (the registration form). ``allow_duplicates``: the arbiter chose "register anyway"
    for a possible duplicate (same name, no licence or another one)."""

    fields: Mapping[str, Any]
    allow_duplicates: bool

    def __init__(self, *, allow_duplicates: bool = False, **fields: Any) -> None:
        object.__setattr__(self, "fields", dict(fields))
        object.__setattr__(self, "allow_duplicates", allow_duplicates)

    def apply(self, state: EventState) -> Step[tuple[PlayerId, ...]]:
        return reg.add_players(state, [self.fields], allow_duplicates=self.allow_duplicates)


@dataclass(frozen=True, slots=True)
class AddPlayers(Operation[tuple[PlayerId, ...]]):
    """Register several players at once (an import): all or nothing. The payload is their ids, in order."""

    entries: Sequence[Mapping[str, Any]]
    label: Message | None = None
    allow_duplicates: bool = False

    def apply(self, state: EventState) -> Step[tuple[PlayerId, ...]]:
        return reg.add_players(state, list(self.entries), allow_duplicates=self.allow_duplicates, label=self.label)


@dataclass(frozen=True, slots=True, init=False)
class EditPlayer(Operation[None]):
    """Change a player's registration (pairing numbers: FIDE C.04.2 Art.2, until round 4 is paired)."""

    rules: ClassVar[tuple[Citation, ...]] = (cite(FIDE_C04_2, "Art. 2"),)
    player_id: int
    changes: Mapping[str, Any]
    allow_duplicates: bool

    def __init__(self, player_id: int, *, allow_duplicates: bool = False, **changes: Any) -> None:
        object.__setattr__(self, "player_id", player_id)
        object.__setattr__(self, "changes", dict(changes))
        object.__setattr__(self, "allow_duplicates", allow_duplicates)

    def apply(self, state: EventState) -> Step[None]:
        return reg.edit_player(state, self.player_id, self.changes, allow_duplicates=self.allow_duplicates)


@dataclass(frozen=True, slots=True)
class EditPlayers(Operation[None]):
    """Change several registrations at once (a rating list applied): all or nothing."""

    changes: Mapping[int, Mapping[str, Any]]
    label: Message | None = None

    def apply(self, state: EventState) -> Step[None]:
        return reg.edit_players(state, self.changes, label=self.label)


@dataclass(frozen=True, slots=True)
class WithdrawPlayer(Operation[None]):
    """A player takes no part from ``from_round`` on; in a round robin the games left become ``forfeit``
    (FFJD, Règlement du Classement National §6.4)."""

    rules: ClassVar[tuple[Citation, ...]] = (cite(FFJD_RCN, "§6.4"),)
    player_id: int
    from_round: int
    forfeit: Outcome | str = Outcome.FORFEIT_LOSS_EXCUSED

    def apply(self, state: EventState) -> Step[None]:
        return reg.withdraw_player(state, self.player_id, self.from_round, self.forfeit)


@dataclass(frozen=True, slots=True)
class ReinstatePlayer(Operation[None]):
    """Cancel a withdrawal."""

    player_id: int

    def apply(self, state: EventState) -> Step[None]:
        return reg.reinstate_player(state, self.player_id)


@dataclass(frozen=True, slots=True)
class RemovePlayer(Operation[None]):
    """Delete a registration (refused once the player appears in a round: withdraw instead)."""

    player_id: int

    def apply(self, state: EventState) -> Step[None]:
        return reg.remove_player(state, self.player_id)


@dataclass(frozen=True, slots=True)
class SetPairingNumbers(Operation[None]):
    """Give every player a pairing number (a permutation of 1..n); ``how`` is recorded with the event."""

    rules: ClassVar[tuple[Citation, ...]] = (cite(FIDE_C04_2, "Art. 2"),)
    numbers: Mapping[int, int]
    how: str = "manual"

    def apply(self, state: EventState) -> Step[None]:
        return reg.set_pairing_numbers(state, self.numbers, self.how)


@dataclass(frozen=True, slots=True)
class NumberPlayers(Operation[None]):
    """Pairing numbers by draw of lots (``seed``: the lot's number, drawn by the caller and recorded), by rating,
    or by hand (``manual``: player id -> number). A round robin's numbers are its places in the grid (FFJD,
    Règlement du Classement National annexe A; FIDE C.05 annex 1)."""

    rules: ClassVar[tuple[Citation, ...]] = (cite(FFJD_RCN, "annexe A"), cite(FIDE_C05), cite(FIDE_C04_2, "Art. 2"))
    method: str
    seed: int | None = None
    manual: Mapping[int, int] | None = None

    def apply(self, state: EventState) -> Step[None]:
        return reg.number_players(state, self.method, seed=self.seed, manual=self.manual)


@dataclass(frozen=True, slots=True)
class RequestBye(Operation[None]):
    """A player asks in advance not to play a round not paired yet (hpb, fpb, zpb; None cancels)."""

    rules: ClassVar[tuple[Citation, ...]] = (cite(FIDE_C04_1, "Art. 3"),)
    round_number: int
    player_id: int
    kind: Outcome | str | None

    def apply(self, state: EventState) -> Step[None]:
        return reg.request_bye(state, self.round_number, self.player_id,
                               None if self.kind == "none" else self.kind)


@dataclass(frozen=True, slots=True)
class SetForbiddenPair(Operation[None]):
    """Two players who must not meet (family members, club-mates; TRF ``XXP``), or no longer so."""

    player_a: int
    player_b: int
    forbidden: bool = True

    def apply(self, state: EventState) -> Step[None]:
        return reg.set_forbidden_pair(state, self.player_a, self.player_b, self.forbidden)


# -- rounds and results --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairedRound:
    """What pairing a round yields: the round, the system that paired it, why each board was made (board ->
    explanation, FIDE Dutch), and the knockout stage for a top-cut round."""

    round: Round
    system: PairingSystem
    explanations: Mapping[int, Msg] = field(default_factory=dict)
    knockout_stage: int | None = None
    """The stage of the top cut's bracket (1 = its first round), None outside the top cut."""
    method: str = ""
    """How a score-group round was matched (``round-1``, ``hungarian``, ``greedy``, ``exact``, ``last-resort``);
    ``classique`` for the French classique formula."""
    rematches: tuple[tuple[int, int], ...] = ()
    """Pairs of a score-group round that had already met (only as the platform's last resort)."""


def _last(done: Step[Any]) -> Round:
    return done.state.round(done.state.last_round)


def _dutch(state: EventState, op: PairNext) -> Step[PairedRound]:
    done = swiss.pair_dutch_round(state, drawn_colour=op.drawn_colour)
    return Step(done.state, done.label, done.notes,
                PairedRound(_last(done), PairingSystem.DUTCH, dict(done.payload.explanations)))


def _scoregroup(state: EventState, op: PairNext) -> Step[PairedRound]:
    done = swiss.pair_scoregroup_round(state, force=op.force)
    return Step(done.state, done.label, done.notes,
                PairedRound(_last(done), PairingSystem.SCORE_GROUP, method=done.payload.method,
                            rematches=tuple(done.payload.rematches)))


def _classique(state: EventState, op: PairNext) -> Step[PairedRound]:
    done = classique.pair_classique_round(state, force=op.force)
    return Step(done.state, done.label, done.notes,
                PairedRound(_last(done), PairingSystem.CLASSIQUE, method="classique",
                            rematches=tuple(done.payload.rematches)))


def _round_robin(state: EventState, op: PairNext) -> Step[PairedRound]:
    done = rr.pair_round_robin_round(state, force=op.force)
    return Step(done.state, done.label, done.notes, PairedRound(_last(done), state.event.system))


def _knockout(state: EventState, op: PairNext) -> Step[PairedRound]:
    done = topcut.pair_knockout_round(state)
    return Step(done.state, done.label, done.notes,
                PairedRound(_last(done), PairingSystem.KNOCKOUT, knockout_stage=done.payload.stage))


def _manual(state: EventState, op: PairNext) -> Step[PairedRound]:
    raise StateError(msg("A manual Swiss is paired by the arbiter: use the manual pairing board"))


PAIRING: dict[PairingSystem, Callable[[EventState, PairNext], Step[PairedRound]]] = {
    PairingSystem.ROUND_ROBIN: _round_robin,
    PairingSystem.DOUBLE_ROUND_ROBIN: _round_robin,
    PairingSystem.DUTCH: _dutch,
    PairingSystem.SCORE_GROUP: _scoregroup,
    PairingSystem.CLASSIQUE: _classique,
    PairingSystem.MANUAL: _manual,
    PairingSystem.KNOCKOUT: _knockout,
}
"""How each pairing system pairs the next round (a started top cut pairs its bracket, whatever the system)."""


def _team_round_robin(state: EventState, op: PairNext) -> Step[PairedRound]:
    done = matches.pair_team_round(state, force=op.force)
    return Step(done.state, done.label, done.notes, PairedRound(_last(done), state.event.system))


def pairing_transition(state: EventState) -> Callable[[EventState, PairNext], Step[PairedRound]]:
    """The transition that pairs the event's next round: the team round robin's in a team event, the top cut's
    once it has started, else its system's."""
    if state.event.is_team_event:
        return _team_round_robin
    return _knockout if state.top_cut is not None else PAIRING[state.event.system]


@dataclass(frozen=True, slots=True)
class PairNext(Operation[PairedRound]):
    """Pair the next round with the event's system: the Berger grid (FIDE C.05 annex 1; FMJD board order of the
    FFJD, Règlement du Classement National annexe A), the FIDE Dutch system (FIDE C.04.3), score groups (the
    Drakerion platform's convention), the top cut's bracket. ``force`` pairs a round robin or score-group
    round although results are missing (the arbiter confirmed; a Dutch round always needs every score);
    ``drawn_colour`` is the lot for the initial colour (C.04.3 Art. 5.2), used at round 1 of a Dutch Swiss."""

    rules: ClassVar[tuple[Citation, ...]] = (cite(FIDE_C05), cite(FFJD_RCN, "annexe A"), cite(FIDE_C04_3),
                                             cite(PLATFORM))
    force: bool = False
    drawn_colour: str = "white"

    def apply(self, state: EventState) -> Step[PairedRound]:
        return pairing_transition(state)(state, self)

    def backup_reason(self, state: EventState) -> str | None:
        return _before_next_round(state)


@dataclass(frozen=True, slots=True)
class PairByHand(Operation[manual.ManualRound]):
    """The next Swiss round as the arbiter paired it (FFJD, Règlement du Classement National §6.6): absolute-rule
    violations need a written ``reason``, recorded in the action's name."""

    rules: ClassVar[tuple[Citation, ...]] = (cite(FFJD_RCN, "§6.6"), cite(FIDE_C04_1))
    by_hand: ClassVar[bool] = True
    boards: Sequence[tuple[int, int]]
    byes: Sequence[int] = ()
    reason: str | None = None
    force: bool = False

    def apply(self, state: EventState) -> Step[manual.ManualRound]:
        return manual.pair_by_hand(state, self.boards, self.byes, self.reason, force=self.force)

    def backup_reason(self, state: EventState) -> str | None:
        return _before_next_round(state)


@dataclass(frozen=True, slots=True)
class StoreRound(Operation[None]):
    """Store a round made elsewhere (another program's file), after a pre-round backup."""

    round: Round
    label: Message | None = None

    def apply(self, state: EventState) -> Step[None]:
        return rnds.add_round(state, self.round, self.label)

    def backup_reason(self, state: EventState) -> str | None:
        return f"before-round-{self.round.number}"


@dataclass(frozen=True, slots=True)
class UnpairLastRound(Operation[int]):
    """Take the last round back (its results go with it; the payload is how many)."""

    def apply(self, state: EventState) -> Step[int]:
        return rnds.remove_last_round(state)


@dataclass(frozen=True, slots=True)
class RecordResult(Operation[None]):
    """The result of one board (``None`` clears it); a different result already there needs ``replace``.
    Scrabble: the game points of both players."""

    round_number: int
    board: int
    result: GameResult | str | None
    white_points: int | None = None
    black_points: int | None = None
    replace: bool = False

    def apply(self, state: EventState) -> Step[None]:
        return rnds.record_result(state, self.round_number, self.board, self.result, white_points=self.white_points,
                                  black_points=self.black_points, replace=self.replace)


@dataclass(frozen=True, slots=True)
class RecordResults(Operation[None]):
    """Several boards' results of one round at once (a results sheet)."""

    round_number: int
    results: Mapping[int, GameResult | str]
    replace: bool = False

    def apply(self, state: EventState) -> Step[None]:
        return rnds.record_results(state, self.round_number, dict(self.results), replace=self.replace)


@dataclass(frozen=True, slots=True)
class RecordBye(Operation[None]):
    """A bye-type outcome for a player without a board in a paired round (half-point bye, absence...)."""

    round_number: int
    player_id: int
    kind: Outcome | str

    def apply(self, state: EventState) -> Step[None]:
        return rnds.record_bye(state, self.round_number, self.player_id, self.kind)


# -- settings ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, init=False)
class UpdateEvent(Operation[None]):
    """Change event settings (name, rounds, dates...); the system, initial colour and acceleration are fixed
    once round 1 is paired."""

    changes: Mapping[str, Any]
    label: Message | None

    def __init__(self, label: Message | None = None, **changes: Any) -> None:
        object.__setattr__(self, "changes", dict(changes))
        object.__setattr__(self, "label", label)

    def apply(self, state: EventState) -> Step[None]:
        return cfg.update_event(state, self.changes, self.label)


@dataclass(frozen=True, slots=True)
class StoreEventSettings(Operation[None]):
    """The Event settings form: every field, the tie-break list checked (its warnings as notes)."""

    values: Mapping[str, Any]

    def apply(self, state: EventState) -> Step[None]:
        return tiebreaks.store_event_settings(state, self.values)


@dataclass(frozen=True, slots=True)
class SetTiebreaks(Operation[tiebreaks.TiebreakSetting]):
    """The event's tie-break list and rule edition (FFE tie-break annex §3: one category per event — a
    warning, not a refusal)."""

    rules: ClassVar[tuple[Citation, ...]] = (cite(FFE_TIEBREAKS, "§3"),)
    codes: Sequence[str]
    edition: Edition | str | None = None

    def apply(self, state: EventState) -> Step[tiebreaks.TiebreakSetting]:
        return tiebreaks.set_tiebreaks(state, self.codes, self.edition)


@dataclass(frozen=True, slots=True)
class SetRuleSettings(Operation[None]):
    """Several rule settings as one action, refused whole when one is wrong (their combination checked)."""

    values: Mapping[str, str | float | int] | Sequence[tuple[str, str | float | int]]
    label: Message | None = None

    def apply(self, state: EventState) -> Step[None]:
        return cfg.set_rule_settings(state, self.values, self.label)


@dataclass(frozen=True, slots=True)
class SetOption(Operation[None]):
    """One option of the event (``None`` removes it); rule settings go through :class:`SetRuleSettings`."""

    key: str
    value: str | None
    label: Message | None = None

    def apply(self, state: EventState) -> Step[None]:
        return cfg.set_option(state, self.key, self.value, self.label)


# -- top cut -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartTopCut(Operation[TopCut]):
    """Qualify the top ``size`` players of ``ranking`` (the standings) for the single-elimination top cut (the
    Drakerion platform's convention)."""

    rules: ClassVar[tuple[Citation, ...]] = (cite(PLATFORM),)
    size: int | None
    draw_rule: str
    ranking: Sequence[int]

    def apply(self, state: EventState) -> Step[TopCut]:
        return topcut.start_top_cut(state, self.size, self.draw_rule, self.ranking)


@dataclass(frozen=True, slots=True)
class RecordPlayoff(Operation[None]):
    """Who advanced from a drawn knockout game after the play-off."""

    rules: ClassVar[tuple[Citation, ...]] = (cite(PLATFORM),)
    round_number: int
    board: int
    winner_id: int

    def apply(self, state: EventState) -> Step[None]:
        return topcut.record_playoff(state, self.round_number, self.board, self.winner_id)


# -- whole events --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ImportEvent(Operation[tuple[PlayerId, ...]]):
    """An event begun in another program (its TRF): players, numbering, pairs kept apart, rounds and results,
    withdrawals, requested byes, as ONE step. Players are named by their place in ``entries``."""

    entries: Sequence[Mapping[str, Any]]
    numbering: str
    forbidden: Sequence[tuple[int, int]]
    rounds: Sequence[imports.ImportedRound]
    withdrawals: Mapping[int, int]
    requests: Sequence[tuple[int, int, str]]
    label: Message

    def apply(self, state: EventState) -> Step[tuple[PlayerId, ...]]:
        return imports.import_event(state, self.entries, numbering=self.numbering, forbidden=self.forbidden,
                                    rounds=self.rounds, withdrawals=self.withdrawals, requests=self.requests,
                                    label=self.label)


@dataclass(frozen=True, slots=True)
class TakeWholeEvent(Operation[None]):
    """An empty event becomes ``whole`` (a homologation bundle read back), ids kept, as one step."""

    whole: EventState
    label: Message

    def apply(self, state: EventState) -> Step[None]:
        return whole_event.take_whole_event(state, self.whole, self.label)


# -- team events ---------------------------------------------------------------------------------------------------
_TEAM_RULES = (cite(FFE_TIEBREAKS, "§2.1.2"), cite(FFE_TIEBREAKS, "§3"))


@dataclass(frozen=True, slots=True)
class AddTeams(Operation[tuple[TeamId, ...]]):
    """Register teams of a team event (name, code, club, federation, captain, ``members``: player ids in board
    order): all or nothing; a player belongs to one team. The payload is their ids."""

    entries: Sequence[Mapping[str, Any]]
    label: Message | None = None

    def apply(self, state: EventState) -> Step[tuple[TeamId, ...]]:
        return teams.add_teams(state, list(self.entries), self.label)


@dataclass(frozen=True, slots=True)
class ImportTeams(Operation[tuple[TeamId, ...]]):
    """Teams and their players at once (a registration file): every player registered and every team added with
    its roster, as one action. Each entry: the team's fields and ``players``, registrations in board order."""

    entries: Sequence[Mapping[str, Any]]
    allow_duplicates: bool = False
    label: Message | None = None

    def apply(self, state: EventState) -> Step[tuple[TeamId, ...]]:
        return teams.import_teams(state, list(self.entries), allow_duplicates=self.allow_duplicates,
                                  label=self.label)


@dataclass(frozen=True, slots=True)
class ImportTeamEvent(Operation[tuple[PlayerId, ...]]):
    """A team event begun in another program (its TRF-2026 team file): teams and players, the teams' places in
    the grid, and each round paired from the Berger table with its forfeited matches, line-ups and board results,
    as ONE step. Teams and players are named by their places in ``teams`` (the payload: the players' ids)."""

    rules: ClassVar[tuple[Citation, ...]] = (cite(FIDE_C05), *_TEAM_RULES)
    teams: Sequence[Mapping[str, Any]]
    numbers: Sequence[int] | None
    rounds: Sequence[team_imports.ImportedTeamRound]
    label: Message

    def apply(self, state: EventState) -> Step[tuple[PlayerId, ...]]:
        return team_imports.import_team_event(state, self.teams, numbers=self.numbers, rounds=self.rounds,
                                              label=self.label)


@dataclass(frozen=True, slots=True)
class EditTeam(Operation[None]):
    """Change a team's name, code, club, federation or captain."""

    team_id: int
    changes: Mapping[str, Any]

    def apply(self, state: EventState) -> Step[None]:
        return teams.edit_team(state, self.team_id, dict(self.changes))


@dataclass(frozen=True, slots=True)
class RemoveTeam(Operation[None]):
    """Delete a team before the round robin starts (its players stay registered)."""

    team_id: int

    def apply(self, state: EventState) -> Step[None]:
        return teams.remove_team(state, self.team_id)


@dataclass(frozen=True, slots=True)
class SetRoster(Operation[None]):
    """A team's roster in board order (its strength list; past the number of boards, its reserves)."""

    team_id: int
    members: Sequence[int]

    def apply(self, state: EventState) -> Step[None]:
        return teams.set_roster(state, self.team_id, list(self.members))


@dataclass(frozen=True, slots=True)
class SetTeamRules(Operation[None]):
    """Change the event's team rules (boards, board order, colours, match points, standings, initial order)."""

    rules: ClassVar[tuple[Citation, ...]] = _TEAM_RULES
    changes: Mapping[str, Any]

    def apply(self, state: EventState) -> Step[None]:
        return teams.set_team_rules(state, dict(self.changes))


@dataclass(frozen=True, slots=True)
class NumberTeams(Operation[None]):
    """The teams' places in the grid: by the initial order (``rating``: average of the top boards), a draw of lots
    (``lot``, ``seed`` its number) or by hand (``manual``: team id -> number)."""

    rules: ClassVar[tuple[Citation, ...]] = (cite(FIDE_C05),)
    method: str
    seed: int | None = None
    manual: Mapping[int, int] | None = None

    def apply(self, state: EventState) -> Step[None]:
        return teams.number_teams(state, self.method, seed=self.seed, manual=self.manual)


@dataclass(frozen=True, slots=True)
class SetLineup(Operation[None]):
    """A team's line-up for a round: ``players[i]`` at board i + 1 (None: the board left empty, lost by forfeit),
    checked against the event's board-order rule."""

    round_number: int
    team_id: int
    players: Sequence[int | None]

    def apply(self, state: EventState) -> Step[None]:
        return matches.set_lineup(state, self.round_number, self.team_id, list(self.players))


@dataclass(frozen=True, slots=True)
class SetLineups(Operation[None]):
    """The line-ups of several teams for a round as one action (both teams of a match: the line-up dialog), each
    checked as :class:`SetLineup` checks it."""

    round_number: int
    lineups: Mapping[int, Sequence[int | None]]

    def apply(self, state: EventState) -> Step[None]:
        return matches.set_lineups(state, self.round_number, {k: list(v) for k, v in self.lineups.items()})


@dataclass(frozen=True, slots=True)
class ForfeitMatch(Operation[None]):
    """A whole match forfeited by ``home``, ``away`` or ``both`` (``""`` cancels)."""

    rules: ClassVar[tuple[Citation, ...]] = (cite(FFE_TIEBREAKS, "§2.1.2"),)
    round_number: int
    match_number: int
    side: str

    def apply(self, state: EventState) -> Step[None]:
        return matches.forfeit_match(state, self.round_number, self.match_number, self.side)


@dataclass(frozen=True, slots=True)
class RecordBoardResult(Operation[None]):
    """The result of one board of a team match, home team first (``None`` clears it): one board, one step."""

    rules: ClassVar[tuple[Citation, ...]] = (cite(FFE_TIEBREAKS, "§2.1.2"),)
    round_number: int
    match_number: int
    board: int
    result: GameResult | str | None
    replace: bool = False

    def apply(self, state: EventState) -> Step[None]:
        return matches.record_board_result(state, self.round_number, self.match_number, self.board, self.result,
                                           replace=self.replace)


OPERATIONS: tuple[type[Operation[Any]], ...] = (
    AddPlayer, AddPlayers, EditPlayer, EditPlayers, WithdrawPlayer, ReinstatePlayer, RemovePlayer,
    SetPairingNumbers, NumberPlayers, RequestBye, SetForbiddenPair,
    PairNext, PairByHand, StoreRound, UnpairLastRound, RecordResult, RecordResults, RecordBye,
    UpdateEvent, StoreEventSettings, SetTiebreaks, SetRuleSettings, SetOption,
    StartTopCut, RecordPlayoff,
    ImportEvent, TakeWholeEvent,
    AddTeams, ImportTeams, ImportTeamEvent, EditTeam, RemoveTeam, SetRoster, SetTeamRules, NumberTeams, SetLineup,
    SetLineups,
    ForfeitMatch, RecordBoardResult,
)
"""Every operation a user can do to an event."""
