"""What a transition returns: the new state, the action's name, notes for the arbiter and a typed payload;
:func:`chain` makes several transitions one step."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from tournament_desk.core.messages import Msg, PerLanguage
from tournament_desk.core.model import EventState

__all__ = ["Message", "Step", "Text", "chain", "step"]

Message = Msg
"""A text for the user: the action's name in the undo menu, a note (a :class:`Msg` of the catalogue)."""

Text = Msg | PerLanguage

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Step(Generic[T]):
    """The outcome of one action: the event after it, its name (one undo step), what to tell the arbiter, and
    ``payload``: what the action yields beyond the state, typed by the action (the new players' ids, why each
    board of a paired round was made...; ``None`` for most)."""

    state: EventState
    label: Msg
    notes: tuple[Text, ...]
    payload: T


def step(state: EventState, label: Msg, notes: Iterable[Text] = ()) -> Step[None]:
    """A step with no payload."""
    return Step(state, label, tuple(notes), None)


def chain(state: EventState, transitions: Iterable[Callable[[EventState], Step[object]]], label: Msg,
          payload: T) -> Step[T]:
    """Several transitions as ONE step (one transaction, one undo step named ``label``): each runs on the state
    the previous one left; their notes are gathered in order. The first one that refuses refuses the whole:
    nothing of the others is kept (the caller stores only the returned state)."""
    current = state
    notes: list[Text] = []
    for transition in transitions:
        done = transition(current)
        current = done.state
        notes.extend(done.notes)
    return Step(current, label, tuple(notes), payload)
