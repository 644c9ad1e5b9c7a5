"""Swiss rounds paired from the event: the FIDE Dutch engine and the score-group engine (seed 004).

The engines speak pairing numbers (TPN) and read one history entry per round; the event speaks player ids.
:func:`dutch_input` is the one place where the two meet: every opponent in a history, every requested bye,
every forbidden pair is translated from ids to pairing numbers there, and the pairing comes back through
``SwissInput.id_of``. Both maps are typed (:mod:`tournament_desk.core.ids`), so an id cannot be handed to
the engine as a number.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tournament_desk.core.actions.players import numbered_for_round
from tournament_desk.core.actions.rounds import add_round, check_previous_complete
from tournament_desk.core.actions.step import Message, Step
from tournament_desk.core.errors import PairingError, StateError
from tournament_desk.core.ids import PairingNumber, PlayerId
from tournament_desk.core.messages import Msg, listing, msg
from tournament_desk.core.model import Bye, EventState, Game, PairingSystem, Player, Round
from tournament_desk.core.pairing import swiss_state as sw
from tournament_desk.core.pairing.acceleration import BAKU, baku_accelerations, baku_group_a_size
from tournament_desk.core.pairing.cardinality import max_cardinality_matching
from tournament_desk.core.results import Outcome

if TYPE_CHECKING:  # the score-group engine needs scipy: imported when a round is paired, not at start-up
    from tournament_desk.core.pairing import scoregroups

_BYE_KIND = {
    Outcome.PAIRING_BYE: sw.ByeKind.PAB,
    Outcome.HALF_BYE: sw.ByeKind.HALF,
    Outcome.FULL_BYE: sw.ByeKind.FULL,
    Outcome.ZERO_BYE: sw.ByeKind.ZERO,
    Outcome.WITHDRAWN: sw.ByeKind.ZERO,
}
_BYE_OUTCOME = {
    Outcome.PAIRING_BYE: sw.Outcome.WIN,
    Outcome.HALF_BYE: sw.Outcome.DRAW,
    Outcome.FULL_BYE: sw.Outcome.WIN,
    Outcome.ZERO_BYE: sw.Outcome.LOSS,
    Outcome.WITHDRAWN: sw.Outcome.LOSS,
}
_WINS = (Outcome.WIN, Outcome.FORFEIT_WIN_EXCUSED, Outcome.FORFEIT_WIN_UNEXCUSED)


@dataclass(frozen=True, slots=True)
class SwissInput:
    """The engine's view of the event, and the maps between pairing numbers and player ids."""

    state: sw.SwissState
    id_of: dict[PairingNumber, PlayerId]
    number_of: dict[PlayerId, PairingNumber]
    requested: dict[PlayerId, Outcome]
    withdrawn: tuple[PlayerId, ...]


def _entry(state: EventState, player: Player, round_number: int,
           number_of: dict[PlayerId, PairingNumber]) -> sw.RoundEntry:
    """One round of ``player``'s history as the engine reads it: the opponent by pairing number."""
    found = state.round(round_number).entry_of(player.id)
    if found is None:  # not registered yet (late entry) or left out of the round: an absence
        return sw.RoundEntry(None, None, sw.Outcome.LOSS, False, sw.ByeKind.ZERO)
    if isinstance(found, Bye):
        return sw.RoundEntry(None, None, _BYE_OUTCOME[found.kind], False, _BYE_KIND[found.kind])
    outcome = found.outcome_of(player.id)
    if outcome is None:
        raise StateError(msg("Round {round_number} board {board} has no result yet", round_number=round_number,
                             board=found.board))
    colour = sw.Colour.WHITE if found.white_id == player.id else sw.Colour.BLACK
    result = sw.Outcome.WIN if outcome in _WINS else sw.Outcome.DRAW if outcome is Outcome.DRAW else sw.Outcome.LOSS
    opponent = number_of[PlayerId(found.opponent_of(player.id))]
    return sw.RoundEntry(opponent, colour, result, outcome.is_played)


def baku_accelerations_of(state: EventState, round_number: int) -> dict[int, tuple[float, ...]]:
    """``player id -> virtual points`` of rounds 1..``round_number`` for the GA players of a Baku-accelerated
    event (C.04.5.1); empty for an event without acceleration. Players must be numbered."""
    if state.event.acceleration != BAKU:
        return {}
    last_ga = _group_a_last(state)
    if last_ga is None:
        return {}
    values = baku_accelerations(state.event.rounds, round_number)
    return {p.id: values for p in state.players if p.pairing_number is not None and p.pairing_number <= last_ga}


def _group_a_last(state: EventState) -> int | None:
    """C.04.5.1: the pairing number of the last GA player. GA is made of the first ``2*ceil(N/4)`` players
    of round 1; later, late entries numbered into place above that player join GA, the ones below do not."""
    if not state.rounds:
        numbered = sorted(p.pairing_number for p in state.players if p.pairing_number is not None)
        size = baku_group_a_size(len(numbered))
        return numbered[size - 1] if size else None
    first = state.round(1)
    round_one = sorted((p for p in state.players if first.entry_of(p.id) is not None and p.pairing_number),
                       key=lambda p: p.pairing_number or 0)
    size = baku_group_a_size(len(round_one))
    return round_one[size - 1].pairing_number if size else None


def dutch_input(state: EventState, round_number: int, initial_colour: sw.Colour) -> SwissInput:
    """The :class:`SwissState` to pair ``round_number`` (every player must have a pairing number)."""
    scoring = state.event.scoring
    engine_scoring = sw.Scoring(win=scoring.win, draw=scoring.draw, loss=scoring.loss,
                                forfeit_loss=scoring.forfeit_loss, zero_bye=scoring.zero_bye,
                                pab=scoring.pairing_bye)
    id_of: dict[PairingNumber, PlayerId] = {}
    for p in state.players:
        if p.pairing_number is None:
            raise StateError(msg("Every player needs a pairing number"))
        id_of[PairingNumber(p.pairing_number)] = PlayerId(p.id)
    number_of = {pid: tpn for tpn, pid in id_of.items()}
    requested = {PlayerId(pid): kind for pid, kind in state.requests_for(round_number).items()}
    last_ga = _group_a_last(state) if state.event.acceleration == BAKU else None
    players: list[sw.PlayerState] = []
    absent: set[PairingNumber] = set()
    withdrawn: list[PlayerId] = []
    for p in state.players:
        pid, tpn = PlayerId(p.id), number_of[PlayerId(p.id)]
        entries = [_entry(state, p, r, number_of) for r in range(1, round_number)]
        if pid in requested:
            kind = requested[pid]
            entries.append(sw.RoundEntry(None, None, _BYE_OUTCOME[kind], False, _BYE_KIND[kind]))
        if not p.is_active_in(round_number):
            absent.add(tpn)
            withdrawn.append(pid)
        accelerations = (baku_accelerations(state.event.rounds, round_number)
                         if last_ga is not None and tpn <= last_ga else ())
        players.append(sw.PlayerState(tpn, tuple(entries), p.rating(state.event.rating_system) or 0, p.name,
                                      accelerations))
    forbidden = frozenset(frozenset((number_of[PlayerId(a)], number_of[PlayerId(b)]))
                          for a, b in state.forbidden_pairs)
    swiss = sw.SwissState(tuple(players), round_number - 1, state.event.rounds, initial_colour, engine_scoring,
                          frozenset(absent), forbidden)
    return SwissInput(swiss, id_of, number_of, requested, tuple(withdrawn))


def initial_colour(state: EventState) -> sw.Colour:
    return sw.Colour.BLACK if state.event.initial_colour == "black" else sw.Colour.WHITE


def _check_can_pair(state: EventState, system: PairingSystem, name: Message, *, force: bool) -> int:
    if state.event.system is not system:
        raise StateError(msg("This event is not paired with the {system}", system=name))
    if system is PairingSystem.DUTCH:
        check_previous_complete(state, force=False, why=msg(": a Swiss round is paired from the scores"))
    else:
        check_previous_complete(state, force=force, why=msg("; enter them or confirm"))
    number = state.last_round + 1
    if number > state.event.rounds:
        raise StateError(msg("The event has only {rounds} rounds", rounds=state.event.rounds))
    active = [p for p in state.players if p.is_active_in(number) and p.id not in state.requests_for(number)]
    if len(active) < 2:
        raise StateError(msg("At least two players are needed to pair round {number}", number=number))
    return number


def pair_dutch_round(state: EventState, *, drawn_colour: str) -> Step[DutchPairing]:
    """Pair and add the next round of a FIDE Dutch Swiss. ``drawn_colour`` (``white``/``black``) is the lot
    for the initial colour (C.04.3 Art.5.2), used only if the event has none yet. Pairing numbers are given
    or corrected first (C.04.2 Art.2, :func:`numbered_for_round`). Every score is needed: a Dutch round is
    paired from the scores, so missing results are refused."""
    number = _check_can_pair(state, PairingSystem.DUTCH, msg("FIDE Dutch system"),
                             force=False)
    state = numbered_for_round(state, number)
    if not state.event.initial_colour:
        state = dataclasses.replace(state, event=dataclasses.replace(state.event, initial_colour=drawn_colour))
    data = dutch_input(state, number, initial_colour(state))
    from tournament_desk.core.pairing.dutch import pair_dutch
    from tournament_desk.core.pairing.dutch_model import NoValidPairingError

    try:
        pairing = pair_dutch(data.state)
    except NoValidPairingError:
        raise no_pairing_error(state, number, data) from None
    names = {tpn: state.player(pid).name for tpn, pid in data.id_of.items()}
    games, notes, explanations = [], [], {}
    for board_no, board in enumerate(pairing.boards, start=1):
        games.append(Game(number, board_no, data.id_of[PairingNumber(board.white)],
                          data.id_of[PairingNumber(board.black)]))
        why = _explain(board, names)
        if why is not None:
            explanations[board_no] = why
            notes.append(msg("Board {board_no}: {why}", board_no=board_no, why=why))
    byes = [Bye(number, pid, kind) for pid, kind in sorted(data.requested.items())]
    if pairing.bye is not None:
        byes.append(Bye(number, data.id_of[PairingNumber(pairing.bye)], Outcome.PAIRING_BYE))
    byes += [Bye(number, pid, Outcome.WITHDRAWN) for pid in data.withdrawn if pid not in data.requested]
    added = add_round(state, Round(number, tuple(games), tuple(byes)),
                      msg("Pair round {number} (FIDE Dutch)", number=number))
    return Step(added.state, added.label, tuple(notes), DutchPairing(pairing, explanations))


@dataclass(frozen=True, slots=True)
class DutchPairing:
    """What the Dutch engine returned for the round, and why each board with a float or a colour not
    granted was made (board number -> explanation)."""

    pairing: sw.RoundPairing
    explanations: dict[int, Msg]


def _explain(board: sw.Board, names: dict[PairingNumber, str]) -> Msg | None:
    """Why the board was made: floats and colour preferences not granted, with names and pairing numbers."""
    parts: list[Msg] = []
    for tpn, fl in board.floats.items():
        who = f"{names.get(PairingNumber(tpn), '?')} ({tpn})"
        parts.append(msg("{who} floats up", who=who) if fl is sw.Float.UP else msg("{who} floats down", who=who))
    for tpn, granted in board.preference_granted.items():
        if granted is False:
            who = f"{names.get(PairingNumber(tpn), '?')} ({tpn})"
            parts.append(msg("{who} does not get the preferred colour", who=who))
    if not parts:
        return None
    return msg("{notes}", notes=listing(parts, "; "))


def no_pairing_error(state: EventState, number: int, data: SwissInput) -> PairingError:
    """No pairing satisfies the absolute rules: say who cannot be paired and what the arbiter can do.

    The players named are those a maximum matching of "may still meet" (not met before, not kept apart)
    leaves without an opponent; when everyone could meet someone, the colour rules or the bye's
    eligibility are what blocks, and the message says so."""
    present = data.state.present_players()
    index = {p.id: i for i, p in enumerate(present)}
    met = {p.id: {e.opponent for e in p.entries if e.played and e.opponent is not None} for p in present}
    adj: list[list[int]] = [[] for _ in present]
    for a in present:
        for b in present:
            if a.id < b.id and b.id not in met[a.id] and not data.state.is_forbidden(a.id, b.id):
                adj[index[a.id]].append(index[b.id])
                adj[index[b.id]].append(index[a.id])
    mate = max_cardinality_matching(adj)
    single = [present[i].id for i, m in enumerate(mate) if m == -1]
    if len(single) > (len(present) % 2):
        who = ", ".join(state.player(data.id_of[PairingNumber(t)]).name for t in sorted(single))
        reason = msg("these players have already met every opponent still available to them: {who}", who=who)
    else:
        reason = msg("the colour rules (never three times the same colour, colour difference at most 2) or the "
                     "bye's eligibility leave no legal pairing")
    return NoLegalPairingError(
        msg("Round {number} cannot be paired by the rules: {reason}. Pair this round by hand (Pairings > Pair "
            "by hand, or `tournament-desk manual`): the manual board shows the options and accepts a repeated game "
            "with a written reason", number=number, reason=reason),
        tuple(data.id_of[PairingNumber(t)] for t in single),
    )


class NoLegalPairingError(PairingError):
    """No pairing satisfies the absolute rules; ``players`` are those who cannot be given an opponent."""

    code = "no_legal_pairing"

    def __init__(self, message: Msg, players: tuple[PlayerId, ...]) -> None:
        super().__init__(message)
        self.players = players


def add_paired_round(state: EventState, number: int, games: tuple[Game, ...], byes: tuple[Bye, ...],
                     requested: Mapping[int, Outcome], label: Msg) -> Step[None]:
    """Add round ``number`` as an engine paired it: its games and byes, the byes players requested, and a
    withdrawn mark for each player no longer active."""
    all_byes = tuple(sorted(byes + tuple(Bye(number, pid, kind) for pid, kind in requested.items()),
                            key=lambda b: b.player_id))
    withdrawn = tuple(Bye(number, p.id, Outcome.WITHDRAWN) for p in state.players
                      if not p.is_active_in(number) and p.id not in requested)
    return add_round(state, Round(number, games, all_byes + withdrawn), label)


def kept_apart(state: EventState) -> dict[int, set[int]]:
    """Each player's partners in the pairs the arbiter keeps apart (the engines treat them as already met)."""
    apart: dict[int, set[int]] = {}
    for a, b in state.forbidden_pairs:
        apart.setdefault(a, set()).add(b)
        apart.setdefault(b, set()).add(a)
    return apart


def pair_scoregroup_round(state: EventState, *, force: bool = False) -> Step[scoregroups.ScoreGroupPairing]:
    """Pair and add the next round of a score-group Swiss (seed 004). Requested byes are honoured: those
    players are not paired and get their bye; pairs kept apart are treated as already met."""
    from tournament_desk.core.pairing import scoregroups

    if state.top_cut is not None:
        raise StateError(msg("The top cut has started: pair its next round instead"))
    number = _check_can_pair(state, PairingSystem.SCORE_GROUP, msg("score-group system"), force=force)
    requested = state.requests_for(number)
    apart = kept_apart(state)
    players = [dataclasses.replace(p, opponents=p.opponents | frozenset(apart.get(p.id, ())))
               for p in scoregroups.players_from_state(state, number) if p.id not in requested]
    pairing = scoregroups.pair_round(players, number)
    games, byes = scoregroups.to_round_entries(pairing, number)
    added = add_paired_round(state, number, games, byes, requested,
                             msg("Pair round {number} (score groups)", number=number))
    return Step(added.state, added.label, tuple(pairing.notes), pairing)
