"""What a transition returns: the new state, the action's name, and notes for the arbiter; :func:`chain` makes
several transitions one step."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tournament_desk.core.messages import Msg, PerLanguage
from tournament_desk.core.model import EventState

Message = Msg
"""A text for the user: the action's name in the undo menu, a note (a :class:`Msg` of the catalogue)."""

Text = Msg | PerLanguage


@dataclass(frozen=True, slots=True)
class Step:
    """The outcome of one action: the event after it, its name (one undo step), and what to tell the arbiter."""

    state: EventState
    label: Msg
    notes: tuple[Text, ...] = ()
    detail: Any = None
    """What the caller may want beyond the state (the pairing engine's result, the new player ids...)."""


def chain(state: EventState, transitions: Iterable[Callable[[EventState], Step]], label: Msg, *,
          detail: Any = None) -> Step:
    """Several transitions as ONE step (one transaction, one undo step named ``label``): each runs on the state
    the previous one left; their notes are gathered in order. The first one that refuses refuses the whole:
    nothing of the others is kept (the caller stores only the returned state)."""
    current = state
    notes: list[Text] = []
    for transition in transitions:
        step = transition(current)
        current = step.state
        notes.extend(step.notes)
    return Step(current, label, tuple(notes), detail)
