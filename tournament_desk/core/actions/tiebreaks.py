"""The event's tie-break list and rule edition, and the Event settings form that also sets them.

The list is checked here: unknown codes refused, team-only codes refused (an individual event has no team
results), the warnings of :func:`~tournament_desk.core.tiebreaks.check_tiebreaks` (one category per event,
FFE tie-break annex §3; Koya for round robins, §4 « KOYA »; no Buchholz in a round robin, FIDE C.07 (2026))
returned, never blocking.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tournament_desk.core.actions.settings import update_event
from tournament_desk.core.actions.step import Step
from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import EventState, PairingSystem
from tournament_desk.core.tiebreaks import (
    DEFAULT_EDITION,
    Edition,
    TieBreakWarning,
    check_tiebreaks,
    get_tiebreak,
    parse_edition,
)

__all__ = ["TiebreakSetting", "canonical_codes", "set_tiebreaks", "store_event_settings"]


def canonical_codes(codes: Sequence[str]) -> tuple[str, ...]:
    """The codes in their canonical spelling (unknown codes raise :class:`ValidationError`); team-only codes
    are refused: an individual event has no team results to compute them from."""
    defs = [get_tiebreak(c) for c in codes if c.strip()]
    for d in defs:
        if d.team_only:
            raise ValidationError(
                msg("{code} ({label}) is a team tie-break: this event has no team results to compute it from",
                    code=d.code, label=d.title),
            )
    return tuple(d.code for d in defs)


@dataclass(frozen=True, slots=True)
class TiebreakSetting:
    """What :func:`set_tiebreaks` stored, with the warnings of :func:`check_tiebreaks` (not blocking)."""

    codes: tuple[str, ...]
    edition: Edition
    warnings: tuple[TieBreakWarning, ...]


def set_tiebreaks(state: EventState, codes: Sequence[str], edition: Edition | str | None = None
                  ) -> Step[TiebreakSetting]:
    """Store the event's ordered tie-break list and its rule edition. An empty list means "the default
    preset"; ``edition=None`` keeps the stored edition. The warnings are the step's notes and its payload."""
    canonical = canonical_codes(codes)
    stored = parse_edition(state.event.tiebreak_edition) if state.event.tiebreak_edition else None
    chosen = parse_edition(edition) if edition is not None else stored
    warnings = tuple(check_tiebreaks(canonical, round_robin=state.event.system.is_round_robin)) if canonical else ()
    ed = chosen or DEFAULT_EDITION
    label = msg("Tie-breaks: {shown} ({edition})", shown=", ".join(canonical) or msg("default preset"),
                edition=ed.message)
    done = update_event(state, {"tiebreaks": canonical, "tiebreak_edition": chosen.value if chosen else ""}, label)
    return Step(done.state, done.label, tuple(w.msg for w in warnings), TiebreakSetting(canonical, ed, warnings))


def store_event_settings(state: EventState, values: Mapping[str, Any]) -> Step[None]:
    """The Event settings form as one action: every field, the tie-break list checked like
    :func:`set_tiebreaks` (unknown codes refused; the warnings become the step's notes)."""
    fields = dict(values)
    notes: tuple[Msg, ...] = ()
    if "tiebreaks" in fields:
        fields["tiebreaks"] = canonical_codes(fields["tiebreaks"])
        if fields["tiebreaks"]:
            rr = PairingSystem(fields.get("system", state.event.system)).is_round_robin
            notes = tuple(w.msg for w in check_tiebreaks(fields["tiebreaks"], round_robin=rr))
    done = update_event(state, fields)
    return dataclasses.replace(done, notes=notes)
