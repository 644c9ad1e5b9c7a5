"""The top-cut bracket (seed 004 L47-50) as an A4 landscape PDF (reportlab).

One column per knockout stage, matches drawn as boxes joined by lines, the seed and name of each player, the
result of the game and who advanced (with the reason when it was not the game: higher seed after a draw, or a
play-off). The champion is named at the right.
"""

from __future__ import annotations

import io
from collections.abc import Mapping

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from tournament_desk.core.messages import pmsg
from tournament_desk.core.pairing.knockout import Bracket, Match, bracket_order, round_name
from tournament_desk.printing.common import FONT, FONT_BOLD, shrink_to_width

_NOTES = {"higher-seed": pmsg("bracket", "higher seed"), "playoff": pmsg("bracket", "play-off"),
          "pending-playoff": pmsg("bracket", "play-off to enter")}
"""How a match was decided, beside its result (``Match.decided_by``; a game needs no note)."""


def _planned(bracket: Bracket) -> list[list[tuple[int | None, int | None, Match | None]]]:
    """Every stage of the bracket, the matches not yet played included (players unknown: None)."""
    order = bracket_order(bracket.size)
    stages: list[list[tuple[int | None, int | None, Match | None]]] = []
    first: list[tuple[int | None, int | None, Match | None]] = []
    for i in range(0, bracket.size, 2):
        played = bracket.stages[0][i // 2] if bracket.stages else None
        first.append((order[i], order[i + 1], played))
    stages.append(first)
    for k in range(1, bracket.stage_count):
        previous = stages[-1]
        row: list[tuple[int | None, int | None, Match | None]] = []
        for i in range(0, len(previous), 2):
            played = bracket.stages[k][i // 2] if k < len(bracket.stages) else None
            if played is not None:
                row.append((played.seed_a, played.seed_b, played))
                continue
            winners = []
            for _, _, m in previous[i:i + 2]:
                winners.append(m.seed_of(m.winner) if m is not None and m.winner is not None else None)
            row.append((winners[0], winners[1], None))
        stages.append(row)
    return stages


def bracket_pdf(bracket: Bracket, *, title: str, names: Mapping[int, str], subtitle: str = "",
                lang: str = "fr", results: Mapping[tuple[int, int], str] | None = None) -> bytes:
    """PDF bytes of the bracket. ``names`` maps player ids to names; ``results`` maps (stage, match index) to
    the result as written in the event's discipline (White = the higher seed), optional."""
    results = results or {}
    buffer = io.BytesIO()
    width, height = landscape(A4)
    canvas = Canvas(buffer, pagesize=(width, height))
    canvas.setTitle(title)
    canvas.setFont(FONT_BOLD, 16)
    canvas.drawString(15 * mm, height - 15 * mm, title)
    canvas.setFont(FONT, 9)
    heading = pmsg("bracket", "Top cut — top {size} — Drawn game: {rule}", size=bracket.size,
                   rule=bracket.draw_rule.label(lang)).text(lang)
    canvas.drawString(15 * mm, height - 21 * mm, f"{subtitle} — {heading}" if subtitle else heading)
    stages = _planned(bracket)
    columns = len(stages) + 1
    left, right, top, bottom = 15 * mm, 15 * mm, height - 30 * mm, 12 * mm
    col_w = (width - left - right) / columns
    box_w = col_w - 8 * mm
    line_h = 4.2 * mm if bracket.size <= 16 else 3.0 * mm
    font = 8 if bracket.size <= 16 else 6
    first_count = len(stages[0])
    slot = (top - bottom) / first_count

    def label(seed: int | None) -> str:
        if seed is None:
            return "…"
        name = names.get(bracket.seeds[seed - 1], str(bracket.seeds[seed - 1]))
        return f"{seed}. {name}"

    centres: list[list[float]] = []
    for k, stage in enumerate(stages):
        x = left + k * col_w
        canvas.setFont(FONT_BOLD, 9)
        canvas.drawString(x, top + 3 * mm, round_name(len(stage), lang))
        span = slot * (2 ** k)
        row_centres = []
        for i, (seed_a, seed_b, match) in enumerate(stage):
            cy = top - span * (i + 0.5)
            row_centres.append(cy)
            canvas.setStrokeColor(colors.black)
            canvas.rect(x, cy - line_h, box_w, 2 * line_h)
            canvas.line(x, cy, x + box_w, cy)
            winner_seed = match.seed_of(match.winner) if match is not None and match.winner is not None else None
            for j, seed in enumerate((seed_a, seed_b)):
                y = cy + (line_h * 0.3 if j == 0 else -line_h * 0.75)
                face = FONT_BOLD if seed is not None and seed == winner_seed else FONT
                text, size = shrink_to_width(label(seed), face, font, box_w - 3 * mm)
                canvas.setFont(face, size)
                canvas.drawString(x + 1.5 * mm, y, text)
            if match is not None:
                shown = results.get((match.stage, match.index), "")
                found = _NOTES.get(match.decided_by)
                note = found.text(lang) if found is not None else ""
                text = " ".join(x for x in (shown, f"({note})" if note else "") if x)
                if text:
                    canvas.setFont(FONT, font - 1)
                    canvas.drawRightString(x + box_w - 1 * mm, cy - line_h - 3 * mm, text)
            if k > 0:
                a, b = centres[k - 1][2 * i], centres[k - 1][2 * i + 1]
                px = x - 8 * mm
                canvas.line(px, a, px + 4 * mm, a)
                canvas.line(px, b, px + 4 * mm, b)
                canvas.line(px + 4 * mm, a, px + 4 * mm, b)
                canvas.line(px + 4 * mm, cy, x, cy)
        centres.append(row_centres)
    x = left + len(stages) * col_w
    cy = centres[-1][0]
    canvas.line(x - 8 * mm, cy, x, cy)
    canvas.setFont(FONT_BOLD, 10)
    canvas.drawString(x, cy + 5 * mm, pmsg("bracket", "Champion").text(lang))
    champion = bracket.champion
    text, size = shrink_to_width(names.get(champion, str(champion)) if champion is not None else "…", FONT_BOLD,
                                 10, width - right - x)
    canvas.setFont(FONT_BOLD, size)
    canvas.drawString(x, cy - 1 * mm, text)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
