"""A whole event taken by an empty one: a homologation bundle read back (docs/bundle-schema.md).

The bundle holds everything an event holds — its players with their ids, rounds and results, requested byes,
pairs kept apart, the top cut and its play-offs, options — so it is taken as it is, in one step: replaying it
action by action is not possible (byes requested for rounds since paired, a top cut started between rounds,
withdrawals before rounds already stored), and the ids are kept, so that the new file is the same event.
"""

from __future__ import annotations

from tournament_desk.core.actions.step import Message, Step, step
from tournament_desk.core.changes import canonical
from tournament_desk.core.consistency import state_problems
from tournament_desk.core.errors import StateError, ValidationError
from tournament_desk.core.messages import listing, msg
from tournament_desk.core.model import EventState

__all__ = ["take_whole_event"]


def take_whole_event(state: EventState, whole: EventState, label: Message) -> Step[None]:
    """The empty event ``state`` becomes ``whole`` (its settings, players with their ids, rounds, requests,
    pairs kept apart, top cut, options) as ONE step; undone, the event is empty again. Refused when ``state``
    already holds players, rounds, requests, pairs, a top cut or options, and when ``whole`` is inconsistent
    (:func:`core.consistency.state_problems`, the checks an event file passes at open)."""
    if (state.players or state.rounds or state.requests or state.forbidden_pairs or state.top_cut or state.options
            or state.teams):
        raise StateError(msg("A whole event can be taken only by an empty one"))
    problems = state_problems(whole)
    if problems:
        raise ValidationError(msg("The event to take is inconsistent: {problems}",
                                  problems=listing(problems[:3], "; ")))
    return step(canonical(whole), label)
