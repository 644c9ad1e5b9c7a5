"""Crosstables on paper: the round-robin grid (player × opponent) and the Swiss wallchart (player × round).

Both print a :class:`~tournament_desk.core.crosstable.Crosstable` — the value the Standings tab shows — column for
column and row for row, then its notes (rounds in progress, legends):

* round robin (landscape A4): number, name, club, rating, one column per opponent with every result between
  the two players (two for a double round robin), points, tie-breaks, place. A 20-player event fits one page.
* Swiss wallchart (landscape A4): place, number, name, club, rating, per round the opponent's number, colour and
  result, points, tie-breaks. Results are in the event's scale (:func:`core.crosstable.outcome_mark`).
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from tournament_desk.core.crosstable import Crosstable, TableColumn, build_table, rounds_counted, tiebreak_note
from tournament_desk.core.disciplines import profile_of
from tournament_desk.core.model import EventState
from tournament_desk.core.tiebreaks import DEFAULT_EDITION, PRESETS, build_standings
from tournament_desk.printing.common import (
    FONT_BOLD,
    TABLE_BASE,
    build_document,
    fit,
    header_info,
    label,
    para,
    usable_width,
)

__all__ = [
    "crosstable_pdf",
    "default_tiebreaks",
    "edition_of",
    "render_crosstable",
    "table_of",
    "tiebreak_legend",
]


def default_tiebreaks(state: EventState, tiebreaks: Sequence[str] | None = None) -> tuple[str, ...]:
    """``tiebreaks`` when given (services pass the event's effective list), else the event's own list, else
    the discipline's own list (:mod:`core.disciplines`), else seed 003 §3's recommendation for its kind of event."""
    if tiebreaks is not None:
        return tuple(tiebreaks)
    if state.event.tiebreaks:
        return tuple(state.event.tiebreaks)
    own = profile_of(state.event).default_tiebreak_list  # Scrabble's spread, the FFJD's Solkoff family
    if own is not None:
        return own
    return PRESETS["round-robin"] if state.event.system.is_round_robin else PRESETS["swiss-mostly-unrated"]


def edition_of(state: EventState, edition: str | None = None) -> str:
    """The tie-break rule edition: ``edition`` when given, else the event's, else the default (seed 003)."""
    return edition or state.event.tiebreak_edition or DEFAULT_EDITION.value


def tiebreak_legend(codes: Sequence[str], lang: str, size: float = 7, *,
                    edition: str = DEFAULT_EDITION.value, state: EventState | None = None) -> list[Flowable]:
    """One paragraph: each tie-break's head (the discipline's federation's word when ``state`` is given), label,
    source and how unplayed games count in ``edition``."""
    text = tiebreak_note(codes, lang, edition, state)
    return [para(text, size)] if text else []


def table_of(state: EventState, lang: str, *, after_round: int | None = None, kind: str | None = None,
                tiebreaks: Sequence[str] | None = None, edition: str | None = None) -> Crosstable:
    """The table of ``state`` without the services (their effective tie-breaks are passed as ``tiebreaks``)."""
    codes = default_tiebreaks(state, tiebreaks)
    ed = edition_of(state, edition)
    rounds = rounds_counted(state, after_round)
    rows = build_standings(state, list(codes), edition=ed, up_to_round=rounds.counted)
    return build_table(state, rows, codes, rounds=rounds, edition=ed, lang=lang, kind=kind)


def crosstable_pdf(state: EventState, lang: str = "fr", *, tiebreaks: Sequence[str] | None = None,
                   edition: str | None = None, after_round: int | None = None) -> bytes:
    """The crosstable the event's system calls for (the round-robin grid or the Swiss wallchart) after
    ``after_round`` (the last round with all its results in by default)."""
    return render_crosstable(state, table_of(state, lang, after_round=after_round, tiebreaks=tiebreaks,
                                                edition=edition))


def _widths(table: Crosstable, width: float) -> list[float]:
    """Each column's width: fixed columns, then the cells share what is left with the name and the club."""
    codes = len(table.codes)
    cells = sum(1 for c in table.columns if c.key == "cell")
    if table.kind == "grid":
        w_no, w_rating, w_pts, w_place, w_tb = 7 * mm, 10 * mm, 10 * mm, 9 * mm, 11 * mm
        fixed = w_no + w_rating + w_pts + w_place + w_tb * codes
        w_cell = max(4 * mm, min(14 * mm, (width - fixed - 62 * mm) / max(cells, 1)))
        rest = width - fixed - w_cell * cells
        w_name, w_club = rest * 0.66, rest * 0.34
    else:
        w_place, w_no, w_rating, w_pts, w_tb = 9 * mm, 8 * mm, 10 * mm, 10 * mm, 11 * mm
        fixed = w_place + w_no + w_rating + w_pts + w_tb * codes
        w_cell = max(9 * mm, min(16 * mm, (width - fixed - 70 * mm) / max(cells, 1)))
        rest = width - fixed - w_cell * cells
        w_name, w_club = min(rest * 0.65, 80 * mm), min(rest * 0.35, 50 * mm)  # few rounds: a narrower table
    # A points column headed by a word (Scrabble « Victoires ») is as wide as that word at 6 pt: never split.
    heads = [c.heading for c in table.columns if c.key == "points"]
    if heads:
        needed = pdfmetrics.stringWidth(heads[0], FONT_BOLD, 6) + 5
        w_name -= max(0.0, needed - w_pts)
        w_pts = max(w_pts, needed)
    by_key = {"place": w_place, "number": w_no, "name": w_name, "club": w_club, "rating": w_rating,
              "cell": w_cell, "points": w_pts, "tiebreak": w_tb}
    return [by_key[c.key] for c in table.columns]


def _cell(column: TableColumn, text: str, width: float, base: float, *, head: bool, small_cells: bool) -> object:
    bold = head or column.key in ("place", "points")
    size = base - 1 if column.key == "tiebreak" else base
    align = "left" if column.key in ("name", "club") else "center"
    if column.key == "cell" and not head:
        return fit(text, width, size, min_size=4.5 if small_cells else 4, align=align)
    return fit(text, width, size, bold=bold, align=align)


def render_crosstable(state: EventState, table: Crosstable) -> bytes:
    """The grid or the wallchart of ``table`` as A4 landscape PDF bytes (``state`` gives the page header)."""
    lang = table.lang
    n = len(table.rows)
    grid = table.kind == "grid"
    widths = _widths(table, usable_width(True))
    base = (9 if n <= 12 else 8 if n <= 20 else 6.5) if grid else (7.5 if n <= 40 else 7)
    small = n <= 24 if grid else True
    table_rows: list[list[object]] = [[_cell(c, c.heading, w, base, head=True, small_cells=small)
                                       for c, w in zip(table.columns, widths, strict=True)]]
    for row in table.rows:
        table_rows.append([_cell(c, row.text(c), w, base, head=False, small_cells=small)
                           for c, w in zip(table.columns, widths, strict=True)])
    flow = Table(table_rows, colWidths=widths, repeatRows=1)
    style = list(TABLE_BASE)
    if grid:
        first_cell = next((i for i, c in enumerate(table.columns) if c.key == "cell"), 4)
        if n <= 24:  # room to spare on the page: taller rows are easier to read on a wall
            style += [("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5)]
        for i, row in enumerate(table.rows, start=1):
            if row.own_cell is not None:
                column = first_cell + row.own_cell
                style.append(("BACKGROUND", (column, i), (column, i), colors.HexColor("#9a9a9a")))
        for i in range(2, n + 1, 2):
            style.append(("BACKGROUND", (0, i), (first_cell - 1, i), colors.HexColor("#f2f2f2")))
        style.append(("LINEAFTER", (first_cell - 1, 0), (first_cell - 1, -1), 1, colors.black))
        style.append(("LINEAFTER", (first_cell - 1 + n, 0), (first_cell - 1 + n, -1), 1, colors.black))
    else:
        for i in range(2, len(table_rows), 2):
            style.append(("BACKGROUND", (0, i), (-1, i), colors.HexColor("#f4f4f4")))
    flow.setStyle(TableStyle(style))
    progress = [para(note, 8, bold=True) for note in table.progress_notes]
    story: list[Flowable] = [*progress, flow, Spacer(1, 2 * mm), *(para(note, 7) for note in table.legends)]
    if not table.rows:
        story = [*progress, para(label("no_players", lang), 10)]
    info = header_info(state, table.title(), lang, round_text=table.round_text() if state.rounds else "")
    return build_document(story, info, lang, landscape_=True)
