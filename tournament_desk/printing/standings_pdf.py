"""Standings after any round (A4 portrait): place (shared places as ranges), number, name, club, rating,
points, tie-breaks in order, and the legend of each tie-break with its source and how unplayed games count. The
rows are those of a ``standings`` :class:`~tournament_desk.core.crosstable.Crosstable` (the value the screen
shows); a round in progress is named above the table and never counted."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from tournament_desk.core.crosstable import Crosstable
from tournament_desk.core.errors import NotFoundError
from tournament_desk.core.messages import msg
from tournament_desk.core.model import EventState
from tournament_desk.printing.common import TABLE_BASE, build_document, fit, header_info, label, para, usable_width
from tournament_desk.printing.crosstable import table_of

__all__ = ["render_standings", "standings_pdf"]


def standings_pdf(state: EventState, after_round: int | None = None, lang: str = "fr", *,
                  tiebreaks: Sequence[str] | None = None, edition: str | None = None) -> bytes:
    """PDF bytes of the standings after ``after_round`` (the last round with all its results in by default; a
    round in progress is never counted). ``tiebreaks`` and ``edition`` default to the event's (services pass
    the effective list of ``services.standings``)."""
    if after_round is not None and not 0 <= after_round <= state.last_round:
        raise NotFoundError(msg("Round {last} is not paired (last paired round: {last_round})", last=after_round,
                                last_round=state.last_round))
    return render_standings(state, table_of(state, lang, after_round=after_round, kind="standings",
                                            tiebreaks=tiebreaks, edition=edition))


def render_standings(state: EventState, table: Crosstable) -> bytes:
    """The standings of ``table`` (a ``standings`` table: no cells) as A4 portrait PDF bytes."""
    lang = table.lang
    codes = len(table.codes)
    width = usable_width(False)
    w_place, w_no, w_rating, w_pts = 11 * mm, 9 * mm, 12 * mm, 12 * mm
    w_tb = min(16 * mm, max(11 * mm, (width * 0.35) / max(codes, 1)))
    rest = width - w_place - w_no - w_rating - w_pts - w_tb * codes
    by_key = {"place": w_place, "number": w_no, "name": rest * 0.62, "club": rest * 0.38, "rating": w_rating,
              "points": w_pts, "tiebreak": w_tb}
    widths = [by_key[c.key] for c in table.columns]
    size = 9 if len(table.rows) <= 60 else 8
    header: list[object] = [fit(c.heading, w, size - 1 if c.key == "tiebreak" else size, bold=True,
                                align="left" if c.key in ("name", "club") else "center")
                            for c, w in zip(table.columns, widths, strict=True)]
    table_rows: list[list[object]] = [header]
    for row in table.rows:
        cells: list[object] = []
        for c, w in zip(table.columns, widths, strict=True):
            text = row.text(c)
            if c.key == "name":
                cells.append(fit(text, w, size, min_size=6))
            elif c.key == "club":
                cells.append(fit(text, w, size - 0.5, min_size=5.5))
            else:
                cells.append(fit(text, w, size - 1 if c.key == "tiebreak" else size,
                                 bold=c.key in ("place", "points"), align="center"))
        table_rows.append(cells)
    flow = Table(table_rows, colWidths=widths, repeatRows=1)
    style = [*TABLE_BASE, ("TOPPADDING", (0, 1), (-1, -1), 2), ("BOTTOMPADDING", (0, 1), (-1, -1), 2.5)]
    for i in range(2, len(table_rows), 2):
        style.append(("BACKGROUND", (0, i), (-1, i), colors.HexColor("#f4f4f4")))
    flow.setStyle(TableStyle(style))
    story: list[Flowable] = [para(note, 8.5, bold=True) for note in table.progress_notes]
    story += [flow, Spacer(1, 3 * mm)] if table.rows else [para(label("no_players", lang), 10)]
    story += [para(note, 7.5) for note in table.legends]
    info = header_info(state, table.title(), lang, round_text=table.round_text())
    return build_document(story, info, lang)
