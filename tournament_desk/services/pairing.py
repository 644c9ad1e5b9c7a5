"""Pair the next round with the engine the event's system calls for (one entry point for the GUI and CLI).

* round robin / double round robin: the Berger grid (:mod:`core.actions.roundrobin`);
* FIDE Dutch Swiss (:mod:`core.actions.swiss`), the initial colour drawn by lot at round 1;
* score-group Swiss (:mod:`core.actions.swiss`), then its top cut once started (:mod:`core.actions.topcut`);
* knockout: the top-cut bracket;
* manual Swiss: refused here — the arbiter pairs by hand (``manual`` command, assisted and checked).

:func:`plan_next` computes the round without storing it (the GUI runs it in the background, cancellable);
:func:`pair_next` computes and stores it as one action.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tournament_desk.core.actions import roundrobin as core_rr
from tournament_desk.core.actions import swiss as core_swiss
from tournament_desk.core.actions import topcut as core_topcut
from tournament_desk.core.actions.step import Step
from tournament_desk.core.errors import StateError
from tournament_desk.core.messages import msg
from tournament_desk.core.model import EventState, PairingSystem, Round
from tournament_desk.services.session import Change, EventSession


@dataclass(frozen=True, slots=True)
class PairOutcome:
    change: Change
    round: Round

    def notes(self, lang: str = "en") -> tuple[str, ...]:
        """Warnings and explanations to show the arbiter (homologation limits, why boards were made...): the
        change's notes."""
        return self.change.note_texts(lang)


@dataclass(frozen=True, slots=True)
class PlannedRound:
    """A round computed from ``before``, not stored yet."""

    before: EventState
    step: Step

    @property
    def number(self) -> int:
        return self.before.last_round + 1


def next_round(state: EventState, *, force: bool = False, drawn_colour: str = "white") -> Step:
    """The next round of the event by its system (pure: ``drawn_colour`` is the lot for the initial colour)."""
    system = state.event.system
    if state.top_cut is not None or system is PairingSystem.KNOCKOUT:
        return core_topcut.pair_knockout_round(state)
    if system.is_round_robin:
        return core_rr.pair_round_robin_round(state, force=force)
    if system is PairingSystem.DUTCH:
        return core_swiss.pair_dutch_round(state, drawn_colour=drawn_colour)
    if system is PairingSystem.SCORE_GROUP:
        return core_swiss.pair_scoregroup_round(state, force=force)
    raise StateError(msg("A manual Swiss is paired by the arbiter: use the manual pairing board"))


def plan_next(session: EventSession, *, force: bool = False) -> PlannedRound:
    """Compute the next round (nothing is stored). ``force`` pairs a round robin or score-group round although
    results of the last round are missing (the arbiter confirmed); a Dutch round always needs every score."""
    before = session.state()
    drawn = random.SystemRandom().choice(("white", "black"))
    return PlannedRound(before, next_round(before, force=force, drawn_colour=drawn))


def store_planned(session: EventSession, planned: PlannedRound) -> PairOutcome:
    """Store a planned round as one action (refused if the event changed since it was planned)."""
    change = session.commit(planned.before, planned.step, backup=f"before-round-{planned.number}")
    return PairOutcome(change, session.state().round(planned.number))


def pair_next(session: EventSession, *, force: bool = False) -> PairOutcome:
    """Pair and store the next round."""
    return store_planned(session, plan_next(session, force=force))
