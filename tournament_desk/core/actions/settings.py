"""Event settings, rule settings (docs/rules.md, stored as text) and options."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from tournament_desk.core.actions.step import Message, Step, step
from tournament_desk.core.errors import StateError, TournamentError, ValidationError
from tournament_desk.core.messages import Msg, listing, msg
from tournament_desk.core.model import Event, EventState
from tournament_desk.core.rule_settings import (
    THRESHOLD_KEYS,
    get_rule_setting,
    is_rule_key,
    read_rule_settings,
    threshold_problem,
)

_EVENT_FIELDS = frozenset(f.name for f in dataclasses.fields(Event))


def update_event(state: EventState, changes: Mapping[str, Any], label: Message | None = None) -> Step[None]:
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
    return step(dataclasses.replace(state, event=event), label)


def _setting_label(key: str, text: str) -> Msg:
    return msg("{key} = {value}", key=key, value=text) if text else msg("{key} = (empty)", key=key)


def set_rule_settings(state: EventState,
                      values: Mapping[str, str | float | int] | Iterable[tuple[str, str | float | int]],
                      label: Message | None = None) -> Step[None]:
    """Change several rule settings (docs/rules.md) as one action: every value is checked, then the combination
    they make with the settings left as they are (the Scrabble series thresholds decrease from Joker to B,
    seed 002 §3), and only then is anything written — a wrong value refuses the whole, naming it (all of them
    when several are wrong). ``tiebreaks.edition`` is the event's ``tiebreak_edition``; the others are options.
    The label names every change ("Rule settings: k1 = v1, k2 = v2"; one change: "Rule setting k = v").
    ``values`` may be ``(key, value)`` pairs in the order given (a command line): a key given twice is refused."""
    pairs = list(values.items() if isinstance(values, Mapping) else values)
    if not pairs:
        raise ValidationError(msg("No rule setting to change"))
    texts: dict[str, str] = {}
    errors: list[TournamentError] = []
    twice: list[str] = []
    for key, value in pairs:
        try:
            setting = get_rule_setting(key)
        except TournamentError as exc:
            errors.append(exc)
            continue
        try:
            text = setting.normalise(value)
        except TournamentError as exc:
            errors.append(ValidationError(exc.msg, field=setting.key))
            continue
        if setting.key in texts and setting.key not in twice:
            twice.append(setting.key)
        texts[setting.key] = text
    errors += [ValidationError(msg("{key} is given twice: give each setting once", key=key)) for key in twice]
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise ValidationError(msg("Nothing was changed: {problems}", problems=listing((e.msg for e in errors), "; ")))
    current, _issues = read_rule_settings(state.event.tiebreak_edition, state.options)
    if any(k in texts for k in THRESHOLD_KEYS):
        final = {k: texts.get(k, current[k].value) for k in THRESHOLD_KEYS}
        problem = threshold_problem(final)
        if problem is not None:
            raise ValidationError(problem, field=next(k for k in reversed(THRESHOLD_KEYS) if k in texts))
    event = state.event
    options = dict(state.options)
    for key, text in texts.items():
        if get_rule_setting(key).storage == "event":
            event = dataclasses.replace(event, tiebreak_edition=text)
        else:
            options[key] = text
    if label is None:
        if len(texts) == 1:
            ((key, text),) = texts.items()
            label = (msg("Rule setting {key} = {value}", key=key, value=text) if text
                     else msg("Rule setting {key} = (empty)", key=key))
        else:
            label = msg("Rule settings: {changes}", changes=listing(_setting_label(k, t) for k, t in texts.items()))
    return step(dataclasses.replace(state, event=event, options=tuple(sorted(options.items()))), label)


def set_option(state: EventState, key: str, value: str | None, label: Message | None = None) -> Step[None]:
    """Store one option (``None`` removes it). An option of the rule settings' namespaces (``ffjd.``,
    ``scrabble.``...) must be a rule setting of this version with an allowed value (the event file refuses
    anything else at open); use :func:`set_rule_settings` for those."""
    if not key or len(key) > 56 or not all(c.isalnum() or c in "._-" for c in key):
        raise ValidationError(msg("Invalid option name '{key}'", key=key))
    if is_rule_key(key) and value is not None:
        setting = get_rule_setting(key)
        if setting.storage != "option":
            raise ValidationError(msg("{key} is stored with the event, not as an option", key=setting.key))
        key, value = setting.key, setting.normalise(value)
    options = {k: v for k, v in state.options if k != key}
    if value is not None:
        options[key] = value
    label = label or msg("Set {key} = {value}", key=key, value=value)
    return step(dataclasses.replace(state, options=tuple(sorted(options.items()))), label)
