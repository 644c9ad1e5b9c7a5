"""Standings after any round (A4 portrait): place (shared places as ranges), number, name, club, rating,
points, tie-breaks in order, and the legend of each tie-break with its source and how unplayed games count."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from tournament_desk.core.errors import NotFoundError
from tournament_desk.core.messages import msg
from tournament_desk.core.model import EventState
from tournament_desk.core.tiebreaks import build_standings
from tournament_desk.printing.common import (
    TABLE_BASE,
    after_round_text,
    build_document,
    fit,
    fmt_number,
    fmt_points,
    header_info,
    label,
    para,
    player_rating,
    points_label,
    rating_label,
    start_numbers,
    tiebreak_head,
    usable_width,
    withdrawn_text,
)
from tournament_desk.printing.crosstable import default_tiebreaks, edition_of, place_texts, tiebreak_legend

__all__ = ["standings_pdf"]


def standings_pdf(state: EventState, after_round: int | None = None, lang: str = "fr", *,
                  tiebreaks: Sequence[str] | None = None, edition: str | None = None) -> bytes:
    """PDF bytes of the standings after ``after_round`` (the last paired round by default). ``tiebreaks`` and
    ``edition`` default to the event's (services pass the effective list of ``services.standings``)."""
    last = state.last_round if after_round is None else after_round
    if last < 0 or last > state.last_round:
        raise NotFoundError(msg("Round {last} is not paired (last paired round: {last_round})", last=last,
                                last_round=state.last_round))
    codes = default_tiebreaks(state, tiebreaks)
    ed = edition_of(state, edition)
    rows = build_standings(state, list(codes), edition=ed, up_to_round=last)
    places = place_texts(rows)
    numbers = start_numbers(state)
    width = usable_width(False)
    w_place, w_no, w_rating, w_pts = 11 * mm, 9 * mm, 12 * mm, 12 * mm
    w_tb = min(16 * mm, max(11 * mm, (width * 0.35) / max(len(codes), 1)))
    rest = width - w_place - w_no - w_rating - w_pts - w_tb * len(codes)
    w_name, w_club = rest * 0.62, rest * 0.38
    widths = [w_place, w_no, w_name, w_club, w_rating, w_pts] + [w_tb] * len(codes)
    size = 9 if len(rows) <= 60 else 8
    header: list[object] = [fit(label("place", lang), w_place, size, bold=True, align="center"),
                            fit(label("no", lang), w_no, size, bold=True, align="center"),
                            fit(label("name", lang), w_name, size, bold=True),
                            fit(label("club", lang), w_club, size, bold=True),
                            fit(rating_label(state, lang), w_rating, size, bold=True, align="center"),
                            fit(points_label(state, lang), w_pts, size, bold=True, align="center")]
    header += [fit(tiebreak_head(state, c, lang), w_tb, size - 1, bold=True, align="center") for c in codes]
    table_rows: list[list[object]] = [header]
    for r in rows:
        p = state.player(r.player_id)
        name = p.name
        if p.withdrawn_from_round is not None and p.withdrawn_from_round <= max(last, 1):
            name += f" ({withdrawn_text(p.withdrawn_from_round, lang)})"
        cells: list[object] = [fit(places[p.id], w_place, size, bold=True, align="center"),
                               fit(str(numbers[p.id]), w_no, size, align="center"),
                               fit(name, w_name, size, min_size=6), fit(p.club, w_club, size - 0.5, min_size=5.5),
                               fit(player_rating(p, state), w_rating, size, align="center"),
                               fit(fmt_points(r.points, lang), w_pts, size, bold=True, align="center")]
        cells += [fit(fmt_number(v.value, lang), w_tb, size - 1, align="center") for v in r.tiebreaks]
        table_rows.append(cells)
    table = Table(table_rows, colWidths=widths, repeatRows=1)
    style = [*TABLE_BASE, ("TOPPADDING", (0, 1), (-1, -1), 2), ("BOTTOMPADDING", (0, 1), (-1, -1), 2.5)]
    for i in range(2, len(table_rows), 2):
        style.append(("BACKGROUND", (0, i), (-1, i), colors.HexColor("#f4f4f4")))
    table.setStyle(TableStyle(style))
    story: list[Flowable] = [table, Spacer(1, 3 * mm)] if rows else [para(label("no_players", lang), 10)]
    shared = msg("Shared places: equal on points and on every tie-break.").text(lang)
    story += [para(shared, 7.5), *tiebreak_legend(codes, lang, 7.5, edition=ed, state=state)]
    info = header_info(state, label("standings", lang), lang, round_text=after_round_text(last, lang))
    return build_document(story, info, lang)
