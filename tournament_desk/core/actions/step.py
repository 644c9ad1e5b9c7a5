"""What a transition returns: the new state, the action's name, and notes for the arbiter."""

from __future__ import annotations

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
