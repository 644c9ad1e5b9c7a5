"""Result slips: one per board, five to an A4 page, with dashed lines to cut along.

Each slip: event, round and board; White and Black (number, name, club); the possible results in the event's
notation as boxes to tick (2-0 / 1-1 / 0-2 for draughts, 1-0 / ½-½ / 0-1 for chess), and a signature line
for each player. Names shrink, then are cut with an ellipsis, so they never leave their box.
"""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas as rl_canvas

from tournament_desk.core.disciplines import profile_of
from tournament_desk.core.messages import pmsg
from tournament_desk.core.model import EventState, Game
from tournament_desk.core.results import Discipline
from tournament_desk.printing.common import (
    FONT,
    FONT_BOLD,
    MARGIN,
    fmt_points,
    header_info,
    label,
    round_text,
    shrink_to_width,
    side_labels,
    start_numbers,
)

__all__ = ["SLIPS_PER_PAGE", "slips_pdf"]

SLIPS_PER_PAGE = 5


def _choices(state: EventState) -> list[str]:
    if state.event.discipline is Discipline.DRAUGHTS:
        return ["2-0", "1-1", "0-2", "2fe-0fe", "0fe-2fe"]
    if profile_of(state.event).game_scores:  # Scrabble classique: the scores are written, forfeits ticked
        return ["+ / -", "- / +"]
    return ["1-0", "½-½", "0-1", "+ / -", "- / +"]


def slips_pdf(state: EventState, round_number: int, lang: str = "fr") -> bytes:
    """PDF bytes of the result slips of round ``round_number`` (boards in order)."""
    rnd = state.round(round_number)
    games = sorted(rnd.games, key=lambda g: g.board)
    numbers = start_numbers(state)
    info = header_info(state, label("slips", lang), lang, round_text=round_text(round_number, lang))
    width, height = A4
    buffer = io.BytesIO()
    canv = rl_canvas.Canvas(buffer, pagesize=A4, invariant=1)
    canv.setTitle(f"{info.event} — {info.document}")
    canv.setAuthor("tournament_desk")
    pages = max(1, -(-len(games) // SLIPS_PER_PAGE))
    slip_h = (height - 2 * MARGIN) / SLIPS_PER_PAGE
    for page in range(pages):
        chunk = games[page * SLIPS_PER_PAGE:(page + 1) * SLIPS_PER_PAGE]
        for i, g in enumerate(chunk):
            top = height - MARGIN - i * slip_h
            _slip(canv, state, g, numbers, top, slip_h, width, lang, info.event)
            if i < SLIPS_PER_PAGE - 1:
                canv.saveState()
                canv.setDash(4, 3)
                canv.setLineWidth(0.4)
                canv.line(MARGIN / 2, top - slip_h, width - MARGIN / 2, top - slip_h)
                canv.restoreState()
        if not chunk:
            canv.setFont(FONT, 11)
            canv.drawString(MARGIN, height - MARGIN - 10 * mm, label("no_games", lang))
        canv.setFont(FONT, 7)
        page_text = pmsg("printed", "Page {page} / {pages}", page=page + 1, pages=pages).text(lang)
        canv.drawRightString(width - MARGIN, 5 * mm, page_text)
        canv.drawString(MARGIN, 5 * mm, shrink_to_width(f"{info.event} — {info.document}", FONT, 7, 120 * mm)[0])
        canv.showPage()
    canv.save()
    return buffer.getvalue()


def _slip(canv: rl_canvas.Canvas, state: EventState, g: Game, numbers: dict[int, int], top: float,
          slip_h: float, page_w: float, lang: str, event_name: str) -> None:
    left, right = MARGIN + 2 * mm, page_w - MARGIN - 2 * mm
    inner = right - left
    y = top - 7 * mm
    title = pmsg("printed", "Round {round} — Board {board}", round=g.round, board=g.board).text(lang)
    canv.setFont(FONT_BOLD, 12)
    canv.drawRightString(right, y, title)
    tw = canv.stringWidth(title, FONT_BOLD, 12)
    text, size = shrink_to_width(event_name, FONT_BOLD, 10, inner - tw - 8 * mm, 6)
    canv.setFont(FONT_BOLD, size)
    canv.drawString(left, y, text)

    col = inner / 2
    before = g.round - 1
    sides = side_labels(state, lang)  # White / Black; Scrabble classique (no colours): Player / Opponent
    for k, pid in enumerate((g.white_id, g.black_id)):
        p = state.player(pid)
        x = left + k * col
        canv.setFont(FONT, 8)
        line = pmsg("printed", "{colour} — No. {number} — {points} pts", colour=sides[k],
                    number=numbers[pid], points=fmt_points(state.score(pid, before)))
        canv.drawString(x, y - 7 * mm, line.text(lang))
        name, nsize = shrink_to_width(p.name, FONT_BOLD, 12, col - 6 * mm, 6.5)
        canv.setFont(FONT_BOLD, nsize)
        canv.drawString(x, y - 13 * mm, name)
        if p.club:
            club, csize = shrink_to_width(p.club, FONT, 8, col - 6 * mm, 5.5)
            canv.setFont(FONT, csize)
            canv.drawString(x, y - 17.5 * mm, club)

    # result boxes
    canv.setFont(FONT, 8.5)
    x = left + 22 * mm
    if profile_of(state.event).game_scores:
        canv.drawString(left, y - 25 * mm, pmsg("printed", "Scores:").text(lang))
        canv.setFont(FONT_BOLD, 10)
        canv.drawString(x, y - 25.2 * mm, "______  –  ______")
        x += 6 * mm + canv.stringWidth("______  –  ______", FONT_BOLD, 10)
    else:
        canv.drawString(left, y - 25 * mm, pmsg("printed", "Result:").text(lang))
    for choice in _choices(state):
        canv.rect(x, y - 26.2 * mm, 3.6 * mm, 3.6 * mm)
        canv.setFont(FONT_BOLD, 10)
        canv.drawString(x + 5 * mm, y - 25.2 * mm, choice)
        x += 9 * mm + canv.stringWidth(choice, FONT_BOLD, 10)
    canv.setFont(FONT, 8)
    other = pmsg("printed", "Other: ________").text(lang)
    canv.drawString(x + 2 * mm, y - 25.2 * mm, other)

    # signatures
    sig_y = top - slip_h + 8 * mm
    for k in range(2):
        x = left + k * col
        canv.setFont(FONT, 8)
        caption = pmsg("printed", "Signature ({colour})", colour=sides[k]).text(lang)
        canv.drawString(x, sig_y + 1.5 * mm, caption)
        start = x + canv.stringWidth(caption, FONT, 8) + 3 * mm
        canv.setLineWidth(0.5)
        canv.line(start, sig_y + 1 * mm, x + col - 6 * mm, sig_y + 1 * mm)
