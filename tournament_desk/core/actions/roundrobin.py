"""Round robin rounds from the Berger grid (C.05 Annex 1; draughts: the FMJD board order of seed 000 Annexe A).

With an odd number of players the extra number is the EXEMPT (seed 000 §6.5): the player drawn against it gets
a pairing-allocated bye, worth what the event's scoring gives a bye, and the game is never rated. A player who
withdrew keeps their place in the grid; their remaining games are stored as the forfeit chosen at withdrawal
(0fe or 0fne, seed 000 §6.4), or as a double forfeit (0d) when both withdrew.
"""

from __future__ import annotations

import dataclasses

from tournament_desk.core.actions.rounds import add_round, check_previous_complete
from tournament_desk.core.actions.step import Step
from tournament_desk.core.errors import StateError
from tournament_desk.core.messages import msg
from tournament_desk.core.model import Bye, EventState, Game, PairingSystem, Player, Round
from tournament_desk.core.pairing import berger
from tournament_desk.core.results import Discipline, GameResult, Outcome


def grid_order(state: EventState) -> berger.Order:
    return "fmjd" if state.event.discipline is Discipline.DRAUGHTS else "fide"


def schedule_for(state: EventState) -> berger.RoundRobinSchedule:
    n = len(state.players)
    if n < 2:
        raise StateError(msg("A round robin needs at least 2 players"))
    return berger.RoundRobinSchedule.build(
        n, order=grid_order(state), double=state.event.system is PairingSystem.DOUBLE_ROUND_ROBIN)


def _forfeit_result(white: Player, black: Player, round_number: int) -> GameResult | None:
    w_out = not white.is_active_in(round_number)
    b_out = not black.is_active_in(round_number)
    if w_out and b_out:
        return GameResult.DOUBLE_FORFEIT
    if w_out:
        return (GameResult.BLACK_FORFEIT_WIN_UNEXCUSED if white.withdrawal_forfeit is Outcome.FORFEIT_LOSS_UNEXCUSED
                else GameResult.BLACK_FORFEIT_WIN_EXCUSED)
    if b_out:
        return (GameResult.WHITE_FORFEIT_WIN_UNEXCUSED if black.withdrawal_forfeit is Outcome.FORFEIT_LOSS_UNEXCUSED
                else GameResult.WHITE_FORFEIT_WIN_EXCUSED)
    return None


def build_round(state: EventState, round_number: int) -> Round:
    """The round ``round_number`` of the event's grid, as boards and byes of player ids."""
    schedule = schedule_for(state)
    if round_number > len(schedule.rounds):
        raise StateError(msg("The grid for {n} players has only {n_rounds} rounds", n=schedule.n,
                             n_rounds=len(schedule.rounds)))
    by_number: dict[int, Player] = {}
    for p in state.players:
        if p.pairing_number is None:
            raise StateError(
                msg("Assign pairing numbers first (draw of lots, by rating or by hand)"),
            )
        by_number[p.pairing_number] = p
    exempt = schedule.exempt
    games: list[Game] = []
    byes: list[Bye] = []
    for white_no, black_no in schedule.rounds[round_number - 1]:
        if exempt in (white_no, black_no):
            player = by_number[black_no if white_no == exempt else white_no]
            kind = Outcome.PAIRING_BYE if player.is_active_in(round_number) else Outcome.WITHDRAWN
            byes.append(Bye(round_number, player.id, kind))
            continue
        white, black = by_number[white_no], by_number[black_no]
        games.append(Game(round_number, len(games) + 1, white.id, black.id,
                          _forfeit_result(white, black, round_number)))
    return Round(round_number, tuple(games), tuple(byes))


def pair_round_robin_round(state: EventState, *, force: bool = False) -> Step[None]:
    """Pair the next round from the grid. Refuses while results are missing unless ``force`` (the arbiter
    confirmed). Round 1 sets the event's number of rounds to the grid's."""
    if not state.event.system.is_round_robin:
        raise StateError(msg("This event is not a round robin"))
    check_previous_complete(state, force=force, why=msg("; enter them or confirm"))
    schedule = schedule_for(state)
    number = state.last_round + 1
    if number == 1 and state.event.rounds != len(schedule.rounds):
        state = dataclasses.replace(state, event=dataclasses.replace(state.event, rounds=len(schedule.rounds)))
    if number > len(schedule.rounds):
        raise StateError(msg("Every round of the grid is already paired"))
    step = add_round(state, build_round(state, number))
    notes = tuple(w.msg for w in berger.closed_event_warnings(len(state.players)))
    return dataclasses.replace(step, notes=notes)
