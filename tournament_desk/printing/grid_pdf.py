"""The round-robin grid as an A4 PDF (reportlab): one row per round, one column per board, then the list of
pairing numbers with names. The heading says which board order is printed (FMJD grid or FIDE table)."""

from __future__ import annotations

import io
from collections.abc import Mapping
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from tournament_desk.core.messages import pmsg
from tournament_desk.core.pairing.berger import RoundRobinSchedule
from tournament_desk.printing.common import cut_to_width

_ORDER = {"fmjd": pmsg("grid", "FMJD pairing grid (board order of the FFJD regulations, Annex A)"),
          "fide": pmsg("grid", "FIDE Berger table (C.05, Annex 1)")}
_EXEMPT = pmsg("grid", "EXEMPT")


def grid_pdf(schedule: RoundRobinSchedule, *, title: str, names: Mapping[int, str] | None = None,
             subtitle: str = "", lang: str = "fr") -> bytes:
    """PDF bytes of the grid. ``names`` maps pairing numbers to player names (optional)."""
    exempt_text = _EXEMPT.text(lang)
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=landscape(A4), leftMargin=12 * mm, rightMargin=12 * mm,
                            topMargin=12 * mm, bottomMargin=14 * mm, title=title)
    styles = getSampleStyleSheet()
    story: list = [Paragraph(escape(cut_to_width(title, "Helvetica-Bold", 18, 2.5 * 270 * mm)), styles["Title"])]
    if subtitle:
        story.append(Paragraph(escape(cut_to_width(subtitle, "Helvetica", 10, 4 * 270 * mm)), styles["Normal"]))
    story.append(Paragraph(_ORDER[schedule.order].text(lang), styles["Heading3"]))
    if schedule.double and schedule.swap_last_two:
        story.append(Paragraph(pmsg("grid", "Double round robin: colours reversed in the second cycle; last two "
                                            "rounds of the first cycle swapped (FIDE recommendation)").text(lang),
                               styles["Normal"]))
    elif schedule.double:
        story.append(Paragraph(pmsg("grid", "Double round robin: colours reversed in the second cycle").text(lang),
                               styles["Normal"]))
    story.append(Spacer(1, 4 * mm))

    exempt = schedule.exempt
    boards = max(len(r) for r in schedule.rounds)
    header = [pmsg("grid", "Round").text(lang)] + [pmsg("grid", "B. {board}", board=b).text(lang)
                                                   for b in range(1, boards + 1)]
    rows = [header]
    for index, rnd in enumerate(schedule.rounds, start=1):
        cells = []
        for white, black in rnd:
            w = exempt_text if white == exempt else str(white)
            b = exempt_text if black == exempt else str(black)
            cells.append(f"{w} - {b}")
        rows.append([str(index)] + cells + [""] * (boards - len(cells)))
    width = (landscape(A4)[0] - 24 * mm - 14 * mm) / boards
    table = Table(rows, colWidths=[14 * mm] + [width] * boards, repeatRows=1)
    style = [
        ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dde6f0")),
        ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
        ("FONTSIZE", (0, 0), (-1, -1), 8 if boards > 8 else 9),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]
    if schedule.double:
        half = len(schedule.rounds) // 2
        style.append(("LINEBELOW", (0, half), (-1, half), 1.5, colors.black))
    table.setStyle(TableStyle(style))
    story.append(table)

    if names:
        story.append(Spacer(1, 6 * mm))
        story.append(Paragraph(pmsg("grid", "Players").text(lang), styles["Heading3"]))
        style = styles["Normal"]
        # at most three lines per name, whatever its length (a row taller than the page cannot be laid out)
        room = 3 * 95 * mm * 0.85
        entries = [[str(n), Paragraph(escape(cut_to_width(names[n], style.fontName, style.fontSize, room)), style)]
                   for n in sorted(names)]
        if exempt is not None:
            entries.append([str(exempt), exempt_text])
        half = (len(entries) + 1) // 2
        left, right = entries[:half], entries[half:]
        right += [["", ""]] * (len(left) - len(right))
        combined = [a + b for a, b in zip(left, right, strict=True)]
        listing = Table(combined, colWidths=[10 * mm, 100 * mm, 10 * mm, 100 * mm])
        listing.setStyle(TableStyle([("FONTSIZE", (0, 0), (-1, -1), 9), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
        story.append(listing)

    def footer(canvas: object, document: object) -> None:
        canvas.saveState()  # type: ignore[attr-defined]
        canvas.setFont("Helvetica", 8)  # type: ignore[attr-defined]
        canvas.drawRightString(landscape(A4)[0] - 12 * mm, 8 * mm,  # type: ignore[attr-defined]
                               pmsg("grid", "Page {page}", page=document.page).text(lang))  # type: ignore[attr-defined]
        canvas.drawString(12 * mm, 8 * mm, title)  # type: ignore[attr-defined]
        canvas.restoreState()  # type: ignore[attr-defined]

    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return buffer.getvalue()
