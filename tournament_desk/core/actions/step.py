"""What a transition returns: the new state, the action's name, and notes for the arbiter."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tournament_desk.core.model import EventState


@dataclass(frozen=True, slots=True)
class Message:
    """A text for the user, in both languages (the action's name in the undo menu, a note...)."""

    en: str
    fr: str

    def text(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en


@dataclass(frozen=True, slots=True)
class Step:
    """The outcome of one action: the event after it, its name (one undo step), and what to tell the arbiter."""

    state: EventState
    label: Message
    notes: tuple[Message, ...] = ()
    detail: Any = None
    """What the caller may want beyond the state (the pairing engine's result, the new player ids...)."""
