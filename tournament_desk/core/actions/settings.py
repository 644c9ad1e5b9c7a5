"""Event settings and options (rule settings of docs/rules.md, stored as text)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from tournament_desk.core.actions.step import Message, Step
from tournament_desk.core.errors import StateError, ValidationError
from tournament_desk.core.model import Event, EventState

_EVENT_FIELDS = frozenset(f.name for f in dataclasses.fields(Event))


def update_event(state: EventState, changes: Mapping[str, Any], label: Message | None = None) -> Step:
    """Change event settings. The number of rounds cannot fall below the rounds paired; the pairing system,
    the initial colour and the acceleration cannot change once round 1 is paired (they shaped it)."""
    unknown = set(changes) - _EVENT_FIELDS
    if unknown:
        raise ValidationError(f"Unknown event setting(s): {', '.join(sorted(unknown))}",
                              f"Réglage(s) de tournoi inconnu(s) : {', '.join(sorted(unknown))}")
    event = dataclasses.replace(state.event, **changes)
    if event.rounds < state.last_round:
        raise StateError(f"Cannot set {event.rounds} rounds: round {state.last_round} is already paired",
                         f"Impossible de fixer {event.rounds} rondes : la ronde {state.last_round} est déjà appariée",
                         field="rounds")
    if state.rounds:
        for name, en, fr in (("system", "The pairing system", "Le système d'appariement"),
                             ("initial_colour", "The initial colour", "La couleur initiale"),
                             ("acceleration", "The acceleration", "L'accélération")):
            if getattr(event, name) != getattr(state.event, name):
                raise StateError(f"{en} cannot change once round 1 is paired",
                                 f"{fr} ne peut plus changer une fois la ronde 1 appariée", field=name)
    label = label or Message("Edit event settings", "Modifier les paramètres du tournoi")
    return Step(dataclasses.replace(state, event=event), label)


def set_option(state: EventState, key: str, value: str | None, label: Message | None = None) -> Step:
    """Store one option (``None`` removes it)."""
    if not key or len(key) > 56 or not all(c.isalnum() or c in "._-" for c in key):
        raise ValidationError(f"Invalid option name '{key}'", f"Nom d'option invalide « {key} »")
    options = {k: v for k, v in state.options if k != key}
    if value is not None:
        options[key] = value
    label = label or Message(f"Set {key} = {value}", f"Régler {key} = {value}")
    return Step(dataclasses.replace(state, options=tuple(sorted(options.items()))), label)
