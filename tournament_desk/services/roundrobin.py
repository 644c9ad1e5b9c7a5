"""Round robin use-cases: pairing numbers, pairing the next round from the Berger grid, the grid itself.

Draughts events use the FMJD board order of the FFJD grid (seed 000 Annexe A); other disciplines the FIDE
order of C.05 Annex 1. With an odd number of players the extra number is the EXEMPT (seed 000 §6.5): the
player drawn against it gets a pairing-allocated bye, worth what the event's scoring gives a bye, and the
game is never rated. A player who withdrew keeps his place in the grid; his remaining games are stored as
the forfeit chosen at withdrawal (0fe or 0fne, seed 000 §6.4), or as a double forfeit (0d) when both withdrew.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament_desk.core.errors import StateError, ValidationError
from tournament_desk.core.model import Bye, EventState, Game, PairingSystem, Player, Round
from tournament_desk.core.pairing import berger
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.services.session import Change, EventSession


def grid_order(state: EventState) -> berger.Order:
    return "fmjd" if state.event.discipline is Discipline.DRAUGHTS else "fide"


def schedule_for(state: EventState) -> berger.RoundRobinSchedule:
    n = len(state.players)
    if n < 2:
        raise StateError("A round robin needs at least 2 players", "Un toutes-rondes demande au moins 2 joueurs")
    return berger.RoundRobinSchedule.build(
        n, order=grid_order(state), double=state.event.system is PairingSystem.DOUBLE_ROUND_ROBIN)


def assign_numbers(session: EventSession, method: str, *, seed: int | None = None,
                   manual: dict[int, int] | None = None) -> Change:
    """Pairing numbers by draw of lots (seeded, recorded), by rating, or by hand (seed 000 Annexe A)."""
    state = session.state()
    ids = [p.id for p in state.players]
    if method == "lot":
        if seed is None:
            import secrets

            seed = secrets.randbelow(10**9)
        numbers = berger.assign_pairing_numbers_by_lot(ids, seed)
        how = f"lot, seed {seed}"
    elif method == "rating":
        system = state.event.rating_system
        numbers = berger.assign_by_rating([(p.id, p.rating(system), p.name) for p in state.players])
        how = "rating"
    elif method == "manual":
        numbers = berger.validate_manual_numbering(manual or {})
        how = "manual"
    else:
        raise ValidationError(f"Unknown numbering method '{method}' (lot, rating or manual)",
                              f"Méthode de numérotation inconnue « {method} » (lot, rating ou manual)")
    return session.set_pairing_numbers(numbers, how=how)


@dataclass(frozen=True, slots=True)
class PairResult:
    change: Change
    round: Round
    warnings: tuple[berger.EventWarning, ...]


def _forfeit_result(white: Player, black: Player, round_number: int) -> GameResult | None:
    w_out = not white.is_active_in(round_number)
    b_out = not black.is_active_in(round_number)
    if w_out and b_out:
        return GameResult.DOUBLE_FORFEIT
    if w_out:
        return (GameResult.BLACK_FORFEIT_WIN_UNEXCUSED
                if white.withdrawal_forfeit is Outcome.FORFEIT_LOSS_UNEXCUSED
                else GameResult.BLACK_FORFEIT_WIN_EXCUSED)
    if b_out:
        return (GameResult.WHITE_FORFEIT_WIN_UNEXCUSED
                if black.withdrawal_forfeit is Outcome.FORFEIT_LOSS_UNEXCUSED
                else GameResult.WHITE_FORFEIT_WIN_EXCUSED)
    return None


def build_round(state: EventState, round_number: int) -> Round:
    """The round ``round_number`` of the event's grid, as boards and byes of player ids."""
    schedule = schedule_for(state)
    if round_number > len(schedule.rounds):
        raise StateError(f"The grid for {schedule.n} players has only {len(schedule.rounds)} rounds",
                         f"La grille pour {schedule.n} joueurs n'a que {len(schedule.rounds)} rondes")
    by_number: dict[int, Player] = {}
    for p in state.players:
        if p.pairing_number is None:
            raise StateError(
                "Assign pairing numbers first (draw of lots, by rating or by hand)",
                "Attribuez d'abord les numéros d'appariement (tirage au sort, par classement ou à la main)",
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


def pair_next_round(session: EventSession, *, force: bool = False) -> PairResult:
    """Pair the next round of a round robin from the grid. Refuses while results are missing unless forced."""
    state = session.state()
    if not state.event.system.is_round_robin:
        raise StateError("This event is not a round robin", "Ce tournoi n'est pas un toutes-rondes")
    if state.rounds and not force:
        last = state.round(state.last_round)
        if last.missing_results:
            boards = ", ".join(str(b) for b in last.missing_results)
            raise StateError(
                f"Round {last.number} still misses results on board(s) {boards}; enter them or confirm",
                f"La ronde {last.number} attend encore les résultats des tables {boards} ; "
                "saisissez-les ou confirmez",
            )
    schedule = schedule_for(state)
    number = state.last_round + 1
    if number == 1 and state.event.rounds != len(schedule.rounds):
        session.update_event(rounds=len(schedule.rounds))
        state = session.state()
    if number > len(schedule.rounds):
        raise StateError("Every round of the grid is already paired",
                         "Toutes les rondes de la grille sont déjà appariées")
    rnd = build_round(state, number)
    change = session.store_round(rnd)
    warnings = tuple(berger.closed_event_warnings(len(state.players)))
    return PairResult(change, rnd, warnings)


def event_grid_pdf(session: EventSession, *, lang: str = "fr") -> bytes:
    """The event's grid with its players' names, as A4 PDF bytes."""
    from tournament_desk.printing.grid_pdf import grid_pdf

    state = session.state()
    schedule = schedule_for(state)
    names = {p.pairing_number: f"{p.name} ({p.club})" if p.club else p.name
             for p in state.players if p.pairing_number is not None}
    event = state.event
    parts = [event.place, event.start_date.isoformat() if event.start_date else "", ", ".join(event.arbiters)]
    return grid_pdf(schedule, title=event.name, names=names or None,
                    subtitle=" — ".join(x for x in parts if x), lang=lang)
