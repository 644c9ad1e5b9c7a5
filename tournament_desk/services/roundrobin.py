"""Round robin use-cases: pairing numbers and the grid itself (pairing a round: :mod:`services.pairing`).

The grid's rules (FIDE or FMJD board order, the EXEMPT, withdrawals as forfeits) are in
:mod:`tournament_desk.core.actions.roundrobin`.
"""

from __future__ import annotations

import secrets

from tournament_desk.core.actions import roundrobin as core_rr
from tournament_desk.core.changes import Change
from tournament_desk.core.formatting import format_date_range
from tournament_desk.core.operations import NumberPlayers
from tournament_desk.services.session import EventSession

grid_order = core_rr.grid_order
schedule_for = core_rr.schedule_for
build_round = core_rr.build_round


def assign_numbers(session: EventSession, method: str, *, seed: int | None = None,
                   manual: dict[int, int] | None = None) -> Change[None]:
    """Pairing numbers by draw of lots (its number drawn here when not given, and recorded), by rating, or by
    hand (:class:`~tournament_desk.core.operations.NumberPlayers`)."""
    if method == "lot" and seed is None:
        seed = secrets.randbelow(10**9)
    return session.run(NumberPlayers(method, seed, manual))


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
