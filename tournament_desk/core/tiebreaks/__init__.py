"""Standings and tie-breaks: every tie-break of seed 003 and seed 004, FIDE C.07 editions, Scrabble spread.

Pure core: stdlib only, over the frozen dataclasses of :mod:`tournament_desk.core.model`.

* :func:`build_standings` — standings after any round, tie-breaks applied in order, shared places;
* :class:`Edition` — how unplayed games count (seed 003 adjusted score, FIDE 2023 dummy, FIDE 2026 capped);
* :func:`get_tiebreak`, :data:`PRESETS`, :func:`check_tiebreaks` — the registry of codes;
* :func:`build_team_standings`, :class:`TeamMatch` — team tie-breaks on a team-result input of their own;
* :func:`explain_tiebreak` — which opponents counted and which were cut.

See docs/tiebreaks.md for the table of codes, sources and readings of ambiguous rules.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tournament_desk.core.tiebreaks.editions import DEFAULT_EDITION, Edition, parse_edition
    from tournament_desk.core.tiebreaks.performance import QUANTITE_TABLE, quantite
    from tournament_desk.core.tiebreaks.registry import (
        PRESET_LABELS,
        PRESETS,
        Category,
        TieBreakDef,
        TieBreakWarning,
        all_tiebreaks,
        check_tiebreaks,
        get_tiebreak,
        preset,
    )
    from tournament_desk.core.tiebreaks.standings import (
        Explanation,
        ExplanationLine,
        StandingRow,
        TieBreakInfo,
        TieBreakValue,
        build_standings,
        describe_tiebreaks,
        explain_tiebreak,
    )
    from tournament_desk.core.tiebreaks.teams import TeamMatch, TeamStandingRow, build_team_standings

# Start-up speed: a submodule is imported when one of its names is first used (PEP 562), so that a command that
# needs one of them (the team standings: .teams and .ranking) does not pay for every tie-break's module.
_MODULE_OF = {
    "DEFAULT_EDITION": "editions",
    "Edition": "editions",
    "parse_edition": "editions",
    "QUANTITE_TABLE": "performance",
    "quantite": "performance",
    "PRESET_LABELS": "registry",
    "PRESETS": "registry",
    "Category": "registry",
    "TieBreakDef": "registry",
    "TieBreakWarning": "registry",
    "all_tiebreaks": "registry",
    "check_tiebreaks": "registry",
    "get_tiebreak": "registry",
    "preset": "registry",
    "Explanation": "standings",
    "ExplanationLine": "standings",
    "StandingRow": "standings",
    "TieBreakInfo": "standings",
    "TieBreakValue": "standings",
    "build_standings": "standings",
    "describe_tiebreaks": "standings",
    "explain_tiebreak": "standings",
    "TeamMatch": "teams",
    "TeamStandingRow": "teams",
    "build_team_standings": "teams",
}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "DEFAULT_EDITION",
    "PRESETS",
    "PRESET_LABELS",
    "QUANTITE_TABLE",
    "Category",
    "Edition",
    "Explanation",
    "ExplanationLine",
    "StandingRow",
    "TeamMatch",
    "TeamStandingRow",
    "TieBreakDef",
    "TieBreakInfo",
    "TieBreakValue",
    "TieBreakWarning",
    "all_tiebreaks",
    "build_standings",
    "build_team_standings",
    "check_tiebreaks",
    "describe_tiebreaks",
    "explain_tiebreak",
    "get_tiebreak",
    "parse_edition",
    "preset",
    "quantite",
]
