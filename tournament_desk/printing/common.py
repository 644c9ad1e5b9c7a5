"""Shared pieces of every printed document: fonts, labels (from the catalogue), headers, page numbers, cells.

* Fonts: DejaVu Sans Condensed when the system has it, else the Bitstream Vera fonts shipped with reportlab.
  Both are TrueType fonts embedded in the PDF, so French accents and ``½`` print everywhere (the base-14
  Helvetica has no reliable Unicode coverage).
* :func:`build_document` lays out a story on A4 (portrait or landscape) with a header on every page (event name,
  place, dates, arbiter, document title and round) and a footer ``Page n / N``.
* :func:`fit` makes a table cell that never overflows: the font shrinks down to a minimum size, then the text
  wraps (long words are split).
* Notation helpers: points (``2½``); per-player result marks in the event's scale (2/1/0 draughts with the FFJD
  forfeit codes, 1/½/0 chess with ``+``/``-`` forfeits), bye labels and start numbers are the crosstable's
  (``core.crosstable``: the screen writes them the same way), named here for the documents.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import reportlab
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate

from tournament_desk.core.collation import player_key
from tournament_desk.core.crosstable import (
    COLUMN_LABELS,
    after_round_text,
    bye_label,
    bye_legend,
    mark_legend,
    outcome_mark,
    player_rating,
    rating_label,
    start_numbers,
    withdrawn_text,
)
from tournament_desk.core.formatting import format_date_range, format_number, format_score
from tournament_desk.core.messages import Msg, pmsg
from tournament_desk.core.model import EventState, Player

__all__ = [
    "FONT",
    "FONT_BOLD",
    "MARGIN",
    "HeaderInfo",
    "after_round_text",
    "alpha_key",
    "build_document",
    "bye_label",
    "bye_legend",
    "cut_to_width",
    "dates_text",
    "fit",
    "fmt_number",
    "fmt_points",
    "header_info",
    "label",
    "mark_legend",
    "outcome_mark",
    "para",
    "player_rating",
    "rating_label",
    "round_text",
    "shrink_to_width",
    "start_numbers",
    "withdrawn_text",
]

FONT = "TDSans"
FONT_BOLD = "TDSans-Bold"
MARGIN = 10 * mm

_DEJAVU_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"),
                Path("/usr/share/fonts/TTF"), Path("C:/Windows/Fonts"), Path("/Library/Fonts"))


def _register_fonts() -> None:
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    regular = bold = None
    for folder in _DEJAVU_DIRS:
        r, b = folder / "DejaVuSansCondensed.ttf", folder / "DejaVuSansCondensed-Bold.ttf"
        if r.is_file() and b.is_file():
            regular, bold = r, b
            break
    if regular is None or bold is None:
        fonts = Path(reportlab.__file__).parent / "fonts"
        regular, bold = fonts / "Vera.ttf", fonts / "VeraBd.ttf"
    pdfmetrics.registerFont(TTFont(FONT, str(regular)))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(bold)))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD)


_register_fonts()

# ------------------------------------------------------------------------------------------------ labels
_LABELS: dict[str, Msg] = {
    # The catalogue's context "printed": the documents' own words (short column headings, titles); the tables'
    # headings and titles are the crosstable's (core.crosstable).
    **COLUMN_LABELS,
    "board": pmsg("printed", "Board"),
    "white": pmsg("printed", "White"),
    "black": pmsg("printed", "Black"),
    "result": pmsg("printed", "Result"),
    "colour": pmsg("printed", "Colour"),
    "pairings": pmsg("printed", "Pairings"),
    "alpha_list": pmsg("printed", "Alphabetical list"),
    "byes": pmsg("printed", "Byes and absences"),
    "slips": pmsg("printed", "Result slips"),
    "rating_report": pmsg("printed", "Rating preview"),
    "tiebreaks": pmsg("printed", "Tie-breaks"),
    "legend": pmsg("printed", "Legend"),
    "signature": pmsg("printed", "Signature"),
    "no_games": pmsg("printed", "No round paired yet."),
    "no_players": pmsg("printed", "No players registered."),
    "pending": pmsg("printed", "result pending"),
    "edition": pmsg("printed", "Unplayed games"),
    "source": pmsg("printed", "Source"),
}


def label(key: str, lang: str) -> str:
    return _LABELS[key].text(lang)


def round_text(number: int, lang: str) -> str:
    """``Round 3`` / ``Ronde 3``: a document's round, in its header."""
    return pmsg("printed", "Round {number}", number=number).text(lang)


# ------------------------------------------------------------------------------------------------ notation
# One place for the language's number forms (core.formatting), shared with the screen: the names stay for the
# callers in printing/.
fmt_number = format_number
fmt_points = format_score


def alpha_key(player: Player, lang: str = "fr") -> tuple[str, int]:
    """Alphabetical order of the language (core.collation, the same as on screen): accents and case break ties
    only (É sorts with E, Å with A), Œ as OE, apostrophes and hyphens ignored first."""
    return (player_key(player, lang), player.id)


# ------------------------------------------------------------------------------------------------ header
def dates_text(state: EventState, lang: str) -> str:
    return format_date_range(state.event.start_date, state.event.end_date, lang, long=True)


@dataclass(frozen=True, slots=True)
class HeaderInfo:
    """What every page says at its top."""

    event: str
    details: str
    """Place · dates · arbiter(s)."""
    document: str
    """The document's title, with the round when there is one."""


def header_info(state: EventState, document: str, lang: str, *, round_text: str = "") -> HeaderInfo:
    e = state.event
    arb = ""
    if len(e.arbiters) > 1:
        arb = pmsg("printed", "Arbiters: {names}", names=", ".join(e.arbiters)).text(lang)
    elif e.arbiters:
        arb = pmsg("printed", "Arbiter: {names}", names=e.arbiters[0]).text(lang)
    details = " · ".join(x for x in (e.place, dates_text(state, lang), arb) if x)
    title = f"{document} — {round_text}" if round_text else document
    return HeaderInfo(e.name, details, title)


# ------------------------------------------------------------------------------------------------ text fitting
def shrink_to_width(text: str, font: str, size: float, width: float, min_size: float = 5.0) -> tuple[str, float]:
    """(text, size) that fits ``width`` on one line: the size shrinks to ``min_size``, then the text is cut
    with an ellipsis."""
    w = pdfmetrics.stringWidth(text, font, size)
    if w <= width:
        return text, size
    new = max(min_size, size * width / w)
    if pdfmetrics.stringWidth(text, font, new) <= width:
        return text, new
    return cut_to_width(text, font, new, width), new


_ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}


def para(text: str, size: float = 9, *, bold: bool = False, align: str = "left", leading: float | None = None,
         color: Any = None) -> Paragraph:
    style = ParagraphStyle("td", fontName=FONT_BOLD if bold else FONT, fontSize=size,
                           leading=leading or size * 1.2, alignment=_ALIGN[align], splitLongWords=True,
                           textColor=color or colors.black)
    return Paragraph(escape(text).replace("\n", "<br/>"), style)


def cut_to_width(text: str, font: str, size: float, width: float) -> str:
    """``text`` cut (with an ellipsis) so that it is at most ``width`` points wide on one line."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with its ellipsis
        mid = (lo + hi + 1) // 2
        if pdfmetrics.stringWidth(text[:mid] + "…", font, size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…" if lo else ""


def fit(text: str, width: float, size: float = 8, *, min_size: float = 5.5, bold: bool = False,
        align: str = "left", padding: float = 4, max_lines: int = 3) -> Paragraph:
    """A cell that never overflows ``width`` (points, padding included) and never grows taller than about
    ``max_lines`` lines: the font shrinks to ``min_size``, then the text wraps (long words split), and what would
    need more than ``max_lines`` lines is cut with an ellipsis. Whatever the text (a 10,000-character name in a
    file written by another tool), the row stays small enough for the page."""
    font = FONT_BOLD if bold else FONT
    avail = max(1.0, width - padding)
    w = pdfmetrics.stringWidth(text, font, size)
    if w > avail:
        size = max(min_size, size * avail / w * 0.98)
    # Wrapping loses part of each line's width at the break: budget 85% of the lines' total width.
    text = cut_to_width(text, font, size, avail * max_lines * 0.85)
    return para(text, size, bold=bold, align=align, leading=size * 1.15)


# ------------------------------------------------------------------------------------------------ document
def page_size(landscape_: bool) -> tuple[float, float]:
    return landscape(A4) if landscape_ else A4


class _NumberedCanvas(rl_canvas.Canvas):
    """Draws ``Page n / N`` once the total is known (pages are kept until ``save``)."""

    page_lang = "en"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._saved: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self._saved.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._saved)
        for state in self._saved:
            self.__dict__.update(state)
            width, _ = self._pagesize
            self.saveState()
            self.setFont(FONT, 7.5)
            page = pmsg("printed", "Page {page} / {pages}", page=self._pageNumber, pages=total)
            self.drawRightString(width - MARGIN, 6 * mm, page.text(self.page_lang))
            self.restoreState()
            super().showPage()
        super().save()


def _canvas_maker(lang: str) -> Callable[..., rl_canvas.Canvas]:
    class LangCanvas(_NumberedCanvas):
        page_lang = lang

    return LangCanvas


def draw_header(canv: rl_canvas.Canvas, header: HeaderInfo, size: tuple[float, float]) -> None:
    width, height = size
    usable = width - 2 * MARGIN
    canv.saveState()
    doc_text, doc_size = shrink_to_width(header.document, FONT_BOLD, 10, usable * 0.45, 6)
    doc_width = pdfmetrics.stringWidth(doc_text, FONT_BOLD, doc_size)
    name, name_size = shrink_to_width(header.event, FONT_BOLD, 13, usable - doc_width - 6 * mm, 7)
    canv.setFont(FONT_BOLD, name_size)
    canv.drawString(MARGIN, height - MARGIN - 3 * mm, name)
    canv.setFont(FONT_BOLD, doc_size)
    canv.drawRightString(width - MARGIN, height - MARGIN - 3 * mm, doc_text)
    details, det_size = shrink_to_width(header.details, FONT, 8.5, usable, 5)
    canv.setFont(FONT, det_size)
    canv.drawString(MARGIN, height - MARGIN - 8 * mm, details)
    canv.setLineWidth(0.6)
    canv.line(MARGIN, height - MARGIN - 10 * mm, width - MARGIN, height - MARGIN - 10 * mm)
    canv.setFont(FONT, 7.5)
    canv.drawString(MARGIN, 6 * mm, shrink_to_width(f"{header.event} — {header.document}", FONT, 7.5,
                                                    usable * 0.7, 5)[0])
    canv.restoreState()


HEADER_HEIGHT = 13 * mm


def build_document(story: Sequence[Flowable], header: HeaderInfo, lang: str, *,
                   landscape_: bool = False) -> bytes:
    """Render ``story`` on A4 with the page header and ``Page n / N``; returns the PDF bytes."""
    size = page_size(landscape_)
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=MARGIN + HEADER_HEIGHT, bottomMargin=MARGIN + 2 * mm,
                            title=f"{header.event} — {header.document}", author="tournament_desk",
                            creator="tournament_desk", invariant=1)

    def on_page(canv: rl_canvas.Canvas, _doc: object) -> None:
        draw_header(canv, header, size)

    doc.build(list(story), onFirstPage=on_page, onLaterPages=on_page, canvasmaker=_canvas_maker(lang))
    return buffer.getvalue()


def usable_width(landscape_: bool) -> float:
    return page_size(landscape_)[0] - 2 * MARGIN


TABLE_BASE = [
    ("GRID", (0, 0), (-1, -1), 0.35, colors.HexColor("#808080")),
    ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dde6f0")),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("TOPPADDING", (0, 0), (-1, -1), 1.2),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6),
    ("LEFTPADDING", (0, 0), (-1, -1), 2),
    ("RIGHTPADDING", (0, 0), (-1, -1), 2),
]
"""Table style shared by the documents (4 pt horizontal padding: :func:`fit`'s default)."""
