"""The arbiter's log written out for the tournament report (issue 33 item 4; layout in docs/other-programs-files.md).

The event file's audit log keeps, for a change to a published round, the arbiter's reason and the rules the change
touches (:mod:`tournament_desk.core.arbiter_log`); an undo or a redo of it repeats them, so an undone change stays
in the log beside its undo. :func:`trf_log_lines` writes those entries as TRF comment lines (``###``, TRF-2026
Remark 1), one line each, in English (the language of the report FIDE reads)::

    ### ARBITER'S LOG: changes to published rounds (tournament_desk)
    ### LOG    1 2026-04-12T18:03:11Z DO   | Marie (AF1) | Result round 1, board 3: 1-0 | result corrected after ...
              | FIDE C.04.2 | Score sheet signed with the wrong result

Fields after ``### LOG``: the entry's number in the log (columns 9-12), the time in UTC (14-33), DO/UNDO/REDO
(35-38), then `` | ``-separated: the arbiter profile, the action, what it changed, the rules, the reason. A
``|`` or a line break typed in a reason or a name is written as ``/`` or a space, so one entry stays one line.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from tournament_desk.core.sources import citations_text
from tournament_desk.storage.repository import AuditEntry

__all__ = ["LOG_HEADER", "logged_changes", "trf_log_lines"]

LOG_HEADER = "### ARBITER'S LOG: changes to published rounds (tournament_desk)"
_KIND = {"do": "DO", "undo": "UNDO", "redo": "REDO"}


def logged_changes(entries: Sequence[AuditEntry]) -> list[tuple[int, AuditEntry]]:
    """The audit entries of the arbiter's log (a change to a published round, its undo and its redo), with their
    number in the whole audit log (1 = its first entry)."""
    return [(n, e) for n, e in enumerate(entries, start=1) if e.changed]


def _field(text: str) -> str:
    return " ".join(text.replace("|", "/").split())


def trf_log_lines(entries: Sequence[AuditEntry]) -> list[str]:
    """The ``###`` lines of the arbiter's log (none when no published round was changed)."""
    logged = logged_changes(entries)
    if not logged:
        return []
    lines = [LOG_HEADER]
    for n, e in logged:
        at = dt.datetime.fromtimestamp(e.at, tz=dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        what = _field(e.label.text("en"))
        kinds = _field(e.changed_text("en"))
        fields = " | ".join((_field(e.arbiter), what, kinds, _field(citations_text(e.rules, "en", short=True)),
                             _field(e.reason)))
        lines.append(f"### LOG {n:4d} {at:<20} {_KIND.get(e.kind, e.kind.upper()):<4} | {fields}")
    return lines
