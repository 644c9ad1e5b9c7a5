"""Standings and tie-breaks: every tie-break of seed 003 and seed 004, FIDE C.07 editions, Scrabble spread.

Pure core: stdlib only, over the frozen dataclasses of :mod:`tournament_desk.core.model`.

* :func:`build_standings` — standings after any round, tie-breaks applied in order, shared places;
* :class:`Edition` — how unplayed games count (seed 003 adjusted score, FIDE 2023 dummy, FIDE 2026 capped);
* :func:`get_tiebreak`, :data:`PRESETS`, :func:`check_tiebreaks` — the registry of codes;
* :func:`build_team_standings`, :class:`TeamMatch` — team tie-breaks on a team-result input of their own;
* :func:`explain_tiebreak` — which opponents counted and which were cut.

See docs/tiebreaks.md for the table of codes, sources and readings of ambiguous rules.
"""

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
