"""Event settings and options (rule settings of docs/rules.md, stored as text)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from tournament_desk.core.actions.step import Message, Step
from tournament_desk.core.errors import StateError, ValidationError
from tournament_desk.core.messages import msg
from tournament_desk.core.model import Event, EventState

_EVENT_FIELDS = frozenset(f.name for f in dataclasses.fields(Event))


def update_event(state: EventState, changes: Mapping[str, Any], label: Message | None = None) -> Step:
    """Change event settings. The number of rounds cannot fall below the rounds paired; the pairing system,
    the initial colour and the acceleration cannot change once round 1 is paired (they shaped it)."""
    unknown = set(changes) - _EVENT_FIELDS
    if unknown:
        raise ValidationError(msg("Unknown event setting(s): {unknown}", unknown=', '.join(sorted(unknown))))
    event = dataclasses.replace(state.event, **changes)
    if event.rounds < state.last_round:
        raise StateError(msg("Cannot set {rounds} rounds: round {last_round} is already paired", rounds=event.rounds,
                             last_round=state.last_round),
                         field="rounds")
    if state.rounds:
        for name, refusal in (("system", msg("The pairing system cannot change once round 1 is paired")),
                              ("initial_colour", msg("The initial colour cannot change once round 1 is paired")),
                              ("acceleration", msg("The acceleration cannot change once round 1 is paired"))):
            if getattr(event, name) != getattr(state.event, name):
                raise StateError(refusal, field=name)
    label = label or msg("Edit event settings")
    return Step(dataclasses.replace(state, event=event), label)


def set_option(state: EventState, key: str, value: str | None, label: Message | None = None) -> Step:
    """Store one option (``None`` removes it)."""
    if not key or len(key) > 56 or not all(c.isalnum() or c in "._-" for c in key):
        raise ValidationError(msg("Invalid option name '{key}'", key=key))
    options = {k: v for k, v in state.options if k != key}
    if value is not None:
        options[key] = value
    label = label or msg("Set {key} = {value}", key=key, value=value)
    return Step(dataclasses.replace(state, options=tuple(sorted(options.items()))), label)
