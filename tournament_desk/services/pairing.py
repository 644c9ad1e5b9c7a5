"""Pair the next round with the event's system: the one pairing entry point of the GUI and the CLI.

The systems are the core's (:data:`tournament_desk.core.operations.PAIRING`: the Berger grid, the FIDE Dutch
system, score groups, the top cut's bracket; a manual Swiss is paired by hand). This module draws the lot the
rules ask for (the initial colour of a Dutch Swiss, C.04.3 Art. 5.2) and stores the round as one action.

* :func:`plan_next` computes the round without storing it (the GUI runs it in the background, cancellable);
* :func:`store_planned` stores it (refused if the event changed meanwhile);
* :func:`pair_next` does both.

Each returns or stores a :class:`~tournament_desk.core.changes.Change` whose payload is a
:class:`~tournament_desk.core.operations.PairedRound` (the round's number, its system, why each board was made).
"""

from __future__ import annotations

import random

from tournament_desk.core.changes import Change
from tournament_desk.core.operations import PairedRound, PairNext
from tournament_desk.services.session import EventSession, Planned

__all__ = ["pair_next", "plan_next", "store_planned"]


def plan_next(session: EventSession, *, force: bool = False) -> Planned[PairedRound]:
    """Compute the next round (nothing is stored). ``force`` pairs a round robin or score-group round although
    results of the last round are missing (the arbiter confirmed); a Dutch round always needs every score."""
    drawn = random.SystemRandom().choice(("white", "black"))
    return session.plan(PairNext(force=force, drawn_colour=drawn))


def store_planned(session: EventSession, planned: Planned[PairedRound]) -> Change[PairedRound]:
    """Store a planned round as one action, after a pre-round backup (refused if the event changed since)."""
    return session.commit(planned)


def pair_next(session: EventSession, *, force: bool = False) -> Change[PairedRound]:
    """Pair and store the next round."""
    return store_planned(session, plan_next(session, force=force))
