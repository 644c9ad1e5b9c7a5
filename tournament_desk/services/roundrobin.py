"""Round robin use-cases: pairing numbers, pairing the next round from the Berger grid, the grid itself.

The grid's rules (FIDE or FMJD board order, the EXEMPT, withdrawals as forfeits) are in
:mod:`tournament_desk.core.actions.roundrobin`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament_desk.core.actions import roundrobin as core_rr
from tournament_desk.core.errors import ValidationError
from tournament_desk.core.formatting import format_date_range
from tournament_desk.core.model import Round
from tournament_desk.core.pairing import berger
from tournament_desk.services.session import Change, EventSession

grid_order = core_rr.grid_order
schedule_for = core_rr.schedule_for
build_round = core_rr.build_round


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


def pair_next_round(session: EventSession, *, force: bool = False) -> PairResult:
    """Pair the next round of a round robin from the grid (:mod:`core.actions.roundrobin`). Refuses while
    results are missing unless forced."""
    number = session.state().last_round + 1
    change = session.apply(lambda s: core_rr.pair_round_robin_round(s, force=force), backup=f"before-round-{number}")
    state = session.state()
    warnings = tuple(berger.closed_event_warnings(len(state.players)))
    return PairResult(change, state.round(number), warnings)


def event_grid_pdf(session: EventSession, *, lang: str = "fr") -> bytes:
    """The event's grid with its players' names, as A4 PDF bytes."""
    from tournament_desk.printing.grid_pdf import grid_pdf

    state = session.state()
    schedule = schedule_for(state)
    names = {p.pairing_number: f"{p.name} ({p.club})" if p.club else p.name
             for p in state.players if p.pairing_number is not None}
    event = state.event
    parts = [event.place, format_date_range(event.start_date, event.end_date, lang), ", ".join(event.arbiters)]
    return grid_pdf(schedule, title=event.name, names=names or None,
                    subtitle=" — ".join(x for x in parts if x), lang=lang)
