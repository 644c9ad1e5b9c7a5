"""The pairing sheet of one round (A4 portrait).

Page 1: board, White (number, name, points before the round), the result box (the result once entered),
Black; then the players without a board (EXEMPT, requested byes, absences). After a page break: the same
players sorted alphabetically with their board and colour, for the venue wall.
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer, Table, TableStyle

from tournament_desk.core.disciplines import game_result_text, profile_of
from tournament_desk.core.model import Bye, EventState, Game
from tournament_desk.printing.common import (
    TABLE_BASE,
    alpha_key,
    build_document,
    bye_label,
    fit,
    fmt_points,
    header_info,
    label,
    para,
    round_text,
    side_labels,
    start_numbers,
    usable_width,
)

__all__ = ["pairing_sheet_pdf"]


def pairing_sheet_pdf(state: EventState, round_number: int, lang: str = "fr") -> bytes:
    """PDF bytes of round ``round_number``'s pairings and the alphabetical list."""
    rnd = state.round(round_number)  # bilingual NotFoundError when the round is not paired
    numbers = start_numbers(state)
    before = {p.id: state.score(p.id, round_number - 1) for p in state.players}
    width = usable_width(False)
    w_board, w_no, w_pts, w_res = 13 * mm, 9 * mm, 11 * mm, 24 * mm
    w_name = (width - w_board - 2 * w_no - 2 * w_pts - w_res) / 2
    widths = [w_board, w_no, w_name, w_pts, w_res, w_pts, w_no, w_name]
    size = 9.5
    pts = label("points", lang)
    first, second = side_labels(state, lang)
    colours = profile_of(state.event).has_colours
    header = [fit(label("board", lang), w_board, size, bold=True, align="center"),
              fit(label("no", lang), w_no, size, bold=True, align="center"),
              fit(first, w_name, size, bold=True),
              fit(pts, w_pts, size, bold=True, align="center"),
              fit(label("result", lang), w_res, size, bold=True, align="center"),
              fit(pts, w_pts, size, bold=True, align="center"),
              fit(label("no", lang), w_no, size, bold=True, align="center"),
              fit(second, w_name, size, bold=True)]
    rows: list[list[object]] = [header]
    for g in sorted(rnd.games, key=lambda x: x.board):
        white, black = state.player(g.white_id), state.player(g.black_id)
        result = game_result_text(g, state.event.discipline)
        rows.append([fit(str(g.board), w_board, size, bold=True, align="center"),
                     fit(str(numbers[white.id]), w_no, size, align="center"),
                     fit(white.name, w_name, size, min_size=6),
                     fit(fmt_points(before[white.id], lang), w_pts, size, align="center"),
                     fit(result, w_res, size + 1, bold=True, align="center"),
                     fit(fmt_points(before[black.id], lang), w_pts, size, align="center"),
                     fit(str(numbers[black.id]), w_no, size, align="center"),
                     fit(black.name, w_name, size, min_size=6)])
    table = Table(rows, colWidths=widths, repeatRows=1)
    style = [*TABLE_BASE, ("TOPPADDING", (0, 1), (-1, -1), 3.5), ("BOTTOMPADDING", (0, 1), (-1, -1), 4),
             ("BOX", (4, 1), (4, -1), 1.2, colors.black)]
    for i in range(2, len(rows), 2):
        style.append(("BACKGROUND", (0, i), (3, i), colors.HexColor("#f4f4f4")))
        style.append(("BACKGROUND", (5, i), (7, i), colors.HexColor("#f4f4f4")))
    table.setStyle(TableStyle(style))
    story: list[Flowable] = [table] if rnd.games else [para(label("no_games", lang), 10)]

    if rnd.byes:
        story += [Spacer(1, 5 * mm), para(label("byes", lang), 11, bold=True), Spacer(1, 1.5 * mm)]
        bw = [w_no, width * 0.5, width * 0.2, w_pts]
        bye_rows: list[list[object]] = [[fit(label("no", lang), bw[0], size, bold=True, align="center"),
                                         fit(label("name", lang), bw[1], size, bold=True),
                                         fit("", bw[2], size), fit(pts, bw[3], size, bold=True, align="center")]]
        for b in sorted(rnd.byes, key=lambda x: numbers[x.player_id]):
            p = state.player(b.player_id)
            bye_rows.append([fit(str(numbers[p.id]), bw[0], size, align="center"), fit(p.name, bw[1], size),
                             fit(bye_label(b.kind, lang), bw[2], size, bold=True),
                             fit(fmt_points(before[p.id], lang), bw[3], size, align="center")])
        bt = Table(bye_rows, colWidths=bw, hAlign="LEFT")
        bt.setStyle(TableStyle(list(TABLE_BASE)))
        story.append(bt)

    # the alphabetical list for the wall
    story += [PageBreak(), para(f"{label('alpha_list', lang)} — {round_text(round_number, lang)}", 12,
                                bold=True), Spacer(1, 2 * mm)]
    aw = [width * 0.46, w_no + 2 * mm, w_pts + 2 * mm, 20 * mm, 26 * mm]
    aw.append(width - sum(aw))
    alpha_rows: list[list[object]] = [[
        fit(label("name", lang), aw[0], size, bold=True), fit(label("no", lang), aw[1], size, bold=True,
                                                              align="center"),
        fit(pts, aw[2], size, bold=True, align="center"), fit(label("board", lang), aw[3], size, bold=True,
                                                              align="center"),
        fit(label("colour", lang) if colours else "", aw[4], size, bold=True, align="center"),
        fit(label("club", lang), aw[5], size, bold=True)]]
    for p in sorted(state.players, key=lambda q: alpha_key(q, lang)):
        entry = rnd.entry_of(p.id)
        if isinstance(entry, Game):
            board = str(entry.board)
            colour = label("white" if entry.white_id == p.id else "black", lang) if colours else ""
        elif isinstance(entry, Bye):
            board, colour = bye_label(entry.kind, lang), ""
        elif not p.is_active_in(round_number):
            continue
        else:
            board, colour = "—", ""
        alpha_rows.append([fit(p.name, aw[0], size), fit(str(numbers[p.id]), aw[1], size, align="center"),
                           fit(fmt_points(before[p.id], lang), aw[2], size, align="center"),
                           fit(board, aw[3], size + 1, bold=True, align="center"),
                           fit(colour, aw[4], size, align="center"), fit(p.club, aw[5], size - 1)])
    at = Table(alpha_rows, colWidths=aw, repeatRows=1)
    astyle = [*TABLE_BASE, ("TOPPADDING", (0, 1), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 1), (-1, -1), 3)]
    for i in range(2, len(alpha_rows), 2):
        astyle.append(("BACKGROUND", (0, i), (-1, i), colors.HexColor("#f4f4f4")))
    at.setStyle(TableStyle(astyle))
    story.append(at)
    info = header_info(state, label("pairings", lang), lang, round_text=round_text(round_number, lang))
    return build_document(story, info, lang)
