"""Print a PDF document (pairing sheet, crosstable, standings...) on a printer, through Qt's print dialog.

The printed documents are made as PDF bytes by ``services.printing`` (reportlab, no Qt). To send them to a
printer, each page is rasterised at the printer's resolution and painted with ``QPainter`` on a ``QPrinter``:

* Why rasterise, and why PDFium (``pypdfium2``): Qt can only print what it paints, and the module that reads
  PDFs (QtPdf) is not part of PySide6-Essentials (the full PySide6 adds 300 MB for it). ``pypdfium2`` is the
  maintained Python binding of PDFium, Chrome's PDF renderer; its wheels carry the PDFium library for Windows,
  macOS and Linux (nothing to install on the arbiter's laptop) and PyInstaller's contributed hooks bundle it.
  Poppler would need a system library, MuPDF (PyMuPDF) is AGPL.
* Resolution: the printer's own, up to 600 dpi (:data:`MAX_DPI`): sharper text gains nothing visible on paper,
  and a page at 1200 dpi is a 560 MB bitmap in the print spool. A page is rendered in horizontal bands
  (:data:`BAND_BYTES`), so memory stays small whatever the resolution.
* Fitting: each page is scaled down to the printable area of the paper when it does not fit (an A4 page on
  Letter paper, or within the printer's margins), never enlarged, and centred. The dialog starts in the
  orientation of the document's first page (crosstables are landscape); a page whose orientation differs from
  the paper's is turned a quarter, as printer drivers do.
* Page range and copies from the dialog: the pages chosen (``1-2, 4``), in the order asked (last page first), as
  many copies as asked, collated or not, when the printer does not make the copies itself (a CUPS printer makes
  them; printing to a PDF file or a printer without copy support does not). Grey-scale printing renders grey.

:func:`print_pdf` does it all: dialog, then printing. A window can also split it, asking on the GUI thread
(:func:`ask_printer`) and painting off it (:func:`paint_pdf`: ``QPainter`` may paint on a ``QPrinter`` from a
worker thread), and keep one ``QPrinter`` so that the printer chosen is offered again next time.

Saving as PDF is not printing: :func:`print_or_save` (the window's every "Print…") offers the print dialog with a
"Save as PDF…" button, and proposes the document's own file name to the dialog's "Print to File (PDF)". Either
way the file written is the document's own PDF — the bytes the command line writes, its text selectable — never
pages rasterised (a page range keeps those pages of it); only a real printer gets the rasterised pages.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPageLayout, QPageRanges, QPainter
from PySide6.QtPrintSupport import QAbstractPrintDialog, QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLineEdit, QWidget

from tournament_desk.core.errors import TournamentError
from tournament_desk.core.messages import msg

__all__ = ["BAND_BYTES", "MAX_DPI", "SAVE_AS_PDF", "PrintError", "PrintJob", "Printed", "ask_printer", "page_sequence",
           "paint_pdf", "pdf_pages", "print_or_save", "print_pdf"]

MAX_DPI = 600
"""The highest resolution a page is rasterised at (the printer's own resolution when lower)."""

BAND_BYTES = 16 * 1024 * 1024
"""The size of the bitmap rendered at a time: a page is rendered in bands of about this many bytes."""


class PrintError(TournamentError):
    """A document that cannot be printed as asked (no such page, printer unusable...); says why in both
    languages, as every user error (core.errors)."""

    code = "print"


@dataclass(frozen=True, slots=True)
class PrintJob:
    """What was sent to the printer: the document's pages printed, in order (1-based, copies included)."""

    sheets: tuple[int, ...]


def _open(pdf: bytes) -> pypdfium2.PdfDocument:
    try:
        return pypdfium2.PdfDocument(pdf)
    except pypdfium2.PdfiumError as exc:
        raise PrintError(msg("The document to print is not a readable PDF ({exc}).", exc=exc)) from exc



def _pages_and_first_size(pdf: bytes) -> tuple[int, float, float]:
    """The document's page count and its first page's size in points; a document without pages is refused."""
    document = _open(pdf)
    try:
        count = len(document)
        if count < 1:
            raise PrintError(msg("The document to print has no page."))
        first = document[0]
        width, height = first.get_size()
        first.close()
    finally:
        document.close()
    return count, width, height

def _landscape(width: float, height: float) -> bool:
    return width > height


def ask_printer(parent: QWidget | None, page_count: int, title: str, *, printer: QPrinter | None = None,
                landscape: bool = False) -> QPrinter | None:
    """Qt's print dialog (printer, copies, page range, paper, orientation), starting in ``landscape`` when the
    document is. Returns the configured printer, or None when the user cancels. GUI thread only."""
    printer = printer or QPrinter(QPrinter.PrinterMode.HighResolution)
    dialog = _print_dialog(parent, printer, page_count, title, landscape)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return printer


def _print_dialog(parent: QWidget | None, printer: QPrinter, page_count: int, title: str,
                  landscape: bool) -> QPrintDialog:
    printer.setDocName(title)
    # A QPrinter kept between two prints remembers the printer, paper, colour and duplex chosen; the pages and the
    # number of copies start afresh for each document (the last document's "pages 2-3, 5 copies" would otherwise
    # print unnoticed).
    printer.setPrintRange(QPrinter.PrintRange.AllPages)
    printer.setPageRanges(QPageRanges())
    printer.setCopyCount(1)
    printer.setPageOrientation(QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait)
    dialog = QPrintDialog(printer, parent)
    dialog.setMinMax(1, max(1, page_count))
    options = QAbstractPrintDialog.PrintDialogOption
    for option in (options.PrintPageRange, options.PrintCollateCopies, options.PrintShowPageSize,
                   options.PrintToFile):
        dialog.setOption(option, True)
    for option in (options.PrintSelection, options.PrintCurrentPage):
        dialog.setOption(option, False)
    return dialog


def page_sequence(printer: QPrinter, page_count: int) -> tuple[int, ...]:
    """The document pages to paint, in order (1-based): the printer's page ranges (all pages when it has none),
    its page order, and the copies when the printer does not make them itself (collated: 1 2 3 1 2 3; not
    collated: 1 1 2 2 3 3)."""
    if page_count < 1:
        raise PrintError(msg("The document to print has no page."))
    ranges = printer.pageRanges()
    pages = [p for p in range(1, page_count + 1)
             if printer.printRange() == QPrinter.PrintRange.AllPages or ranges.isEmpty() or ranges.contains(p)]
    if not pages:
        asked = ", ".join(f"{r.from_}-{r.to}" if r.from_ != r.to else str(r.from_) for r in ranges.toRangeList())
        raise PrintError(
            msg("The pages asked for ({asked}) are not in the document: it ends at page {page_count}.", asked=asked,
                page_count=page_count))
    if printer.pageOrder() == QPrinter.PageOrder.LastPageFirst:
        pages.reverse()
    copies = 1 if printer.supportsMultipleCopies() else max(1, printer.copyCount())
    if printer.collateCopies():
        return tuple(pages * copies)
    return tuple(p for p in pages for _ in range(copies))


def paint_pdf(printer: QPrinter, pdf: bytes, *, progress: Callable[[int, int], None] | None = None) -> PrintJob:
    """Paint the pages of ``pdf`` that ``printer`` asks for (:func:`page_sequence`) on it, fitted to its
    printable area. May run in a worker thread. ``progress(done, total)`` is called after each sheet."""
    document = _open(pdf)
    try:
        sheets = page_sequence(printer, len(document))
        painter = QPainter()
        if not painter.begin(printer):
            raise PrintError(
                msg("The printer {value} cannot be used: check that it is switched on and connected, or choose "
                    "another one.", value=printer.printerName() or printer.outputFileName()))
        try:
            for done, number in enumerate(sheets):
                if done and not printer.newPage():
                    raise PrintError(msg("The printer stopped before the end of the document."))
                page = document[number - 1]
                try:
                    _paint_page(painter, printer, page)
                finally:
                    page.close()
                if progress is not None:
                    progress(done + 1, len(sheets))
        finally:
            painter.end()
        if printer.printerState() == QPrinter.PrinterState.Error:
            raise PrintError(msg("The printer reported an error: the document may be incomplete."))
        return PrintJob(sheets)
    finally:
        document.close()


def _paint_page(painter: QPainter, printer: QPrinter, page: pypdfium2.PdfPage) -> None:
    area = painter.viewport()  # the printable area, in device pixels
    device_dpi = printer.resolution()
    width_pt, height_pt = page.get_size()
    turn = _landscape(width_pt, height_pt) != _landscape(area.width(), area.height()) and width_pt != height_pt
    # size of the page on paper, in device pixels, before fitting
    page_w = width_pt / 72 * device_dpi
    page_h = height_pt / 72 * device_dpi
    on_paper_w, on_paper_h = (page_h, page_w) if turn else (page_w, page_h)
    fit = min(1.0, area.width() / on_paper_w, area.height() / on_paper_h)
    render_dpi = min(device_dpi, MAX_DPI) * fit
    scale = render_dpi / 72  # bitmap pixels per PDF point
    bitmap_w = max(1, math.ceil(width_pt * scale))
    bitmap_h = max(1, math.ceil(height_pt * scale))
    device_per_pixel = device_dpi * fit / render_dpi  # >= 1 when the resolution is capped

    grey = printer.colorMode() == QPrinter.ColorMode.GrayScale
    bytes_per_row = bitmap_w * (1 if grey else 4)
    band = max(1, min(bitmap_h, BAND_BYTES // bytes_per_row))

    # Where the page goes, in whole device pixels (centred): band edges then fall on pixel boundaries, and the
    # printer's rasteriser leaves no seam between two bands.
    drawn_w, drawn_h = round(bitmap_w * device_per_pixel), round(bitmap_h * device_per_pixel)
    on_paper = (drawn_h, drawn_w) if turn else (drawn_w, drawn_h)
    left = (area.width() - on_paper[0]) // 2
    top_edge = (area.height() - on_paper[1]) // 2

    painter.save()
    try:
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, device_per_pixel != 1)
        # Qt sends a print job as PDF, where it stores pictures as JPEG unless told otherwise: blurred text
        painter.setRenderHint(QPainter.RenderHint.LosslessImageRendering, True)
        if turn:  # the top of a landscape page along the paper's left edge, as printer drivers turn it
            painter.translate(left, top_edge + on_paper[1])
            painter.rotate(-90)
        else:
            painter.translate(left, top_edge)
        for top in range(0, bitmap_h, band):
            bottom = min(bitmap_h, top + band)
            image = _render_band(page, scale, top, bottom, bitmap_h, grey)
            y0, y1 = round(top * device_per_pixel), round(bottom * device_per_pixel)
            painter.drawImage(QRectF(0, y0, drawn_w, y1 - y0), image)
    finally:
        painter.restore()


def _render_band(page: pypdfium2.PdfPage, scale: float, top: int, bottom: int, height: int, grey: bool) -> QImage:
    """Rows ``top``..``bottom`` of the page rendered at ``scale`` (``height`` rows in all), as a QImage."""
    # pypdfium2 crops in PDF points and rounds up to pixels: half a pixel less than the rows to cut gives exactly
    # the rows asked for.
    crop_top = max(0.0, (top - 0.5) / scale) if top else 0.0
    crop_bottom = max(0.0, (height - bottom - 0.5) / scale) if bottom < height else 0.0
    bitmap = page.render(scale=scale, crop=(0, crop_bottom, 0, crop_top), grayscale=grey, prefer_bgrx=True,
                         rev_byteorder=True, optimize_mode="print")
    try:
        fmt = QImage.Format.Format_Grayscale8 if grey else QImage.Format.Format_RGBX8888
        image = QImage(bytes(bitmap.buffer), bitmap.width, bitmap.height, bitmap.stride, fmt)
        return image.copy()  # own the pixels: the buffer above is released with the bitmap
    finally:
        bitmap.close()


def print_pdf(parent: QWidget | None, pdf: bytes, title: str, *, printer: QPrinter | None = None,
              ask: bool = True) -> bool:
    """Print ``pdf`` (the bytes a ``services.printing`` function returns): Qt's print dialog, then every page
    asked for. ``title`` names the print job (the printer's queue shows it; a PDF file gets it as its title).

    ``ask=False`` prints on ``printer`` as it is configured, without a dialog (tests use a PDF-file printer).
    Returns True when the document was sent to the printer, False when the user cancelled. A printer that
    cannot be used, or pages that are not in the document, raise a :class:`PrintError` (a ``TournamentError``:
    its ``message(lang)`` says why in the user's language).
    """
    count, width, height = _pages_and_first_size(pdf)
    if ask:
        chosen = ask_printer(parent, count, title, printer=printer, landscape=_landscape(width, height))
        if chosen is None:
            return False
        printer = chosen
    elif printer is None:
        raise ValueError("print_pdf(ask=False) needs the printer to print on")
    else:
        printer.setDocName(title)
    paint_pdf(printer, pdf)
    return True


SAVE_AS_PDF = 2
"""The print dialog's answer when its "Save as PDF…" button was clicked (Accepted is 1, Rejected 0)."""


@dataclass(frozen=True, slots=True)
class Printed:
    """What became of a document: ``saved`` names the PDF file written, ``job`` the sheets sent to a printer;
    neither when the user cancelled."""

    saved: Path | None = None
    job: PrintJob | None = None

    @property
    def done(self) -> bool:
        return self.saved is not None or self.job is not None


def pdf_pages(pdf: bytes, pages: tuple[int, ...]) -> bytes:
    """The document reduced to ``pages`` (1-based, in that order), its text kept (PDFium copies the pages)."""
    source = _open(pdf)
    try:
        if list(pages) == list(range(1, len(source) + 1)):
            return pdf
        target = pypdfium2.PdfDocument.new()
        try:
            target.import_pages(source, [p - 1 for p in pages])
            out = io.BytesIO()
            target.save(out)
            return out.getvalue()
        finally:
            target.close()
    finally:
        source.close()


def _file_pages(printer: QPrinter, page_count: int) -> tuple[int, ...]:
    """The pages a PDF file gets: the range and order asked for, once (copies are for paper)."""
    pages = page_sequence(printer, page_count)
    seen: list[int] = []
    for page in pages:
        if page not in seen:
            seen.append(page)
    return tuple(seen)


def print_or_save(parent: QWidget | None, pdf: bytes, name: str, proposed: Path, *, printer: QPrinter,
                  save_label: str, choose_file: Callable[[Path], Path | None]) -> Printed:
    """Qt's print dialog for ``pdf``, with a ``save_label`` button ("Save as PDF…") and ``proposed`` (the
    document's own file name, ``Open de Lyon - appariements ronde 3.pdf``) offered to its "Print to File (PDF)".

    * Save as PDF: ``choose_file(proposed)`` asks where (None: cancelled), then the document's own bytes are
      written there.
    * Print to File (PDF): the document's own bytes (the pages asked for) written to the file named in the
      dialog — the PDF the command line writes, not pages rasterised.
    * A printer: the pages rasterised and painted (:func:`paint_pdf`).

    ``name`` names the print job. ``printer`` is kept by the window between documents: the printer, paper and
    duplex chosen are offered again, but never the last document's file name. GUI thread only."""
    count, width, height = _pages_and_first_size(pdf)
    dialog = _print_dialog(parent, printer, count, name, _landscape(width, height))
    field = dialog.findChild(QLineEdit, "filename")  # Qt's own dialog (a native dialog has none)
    if field is not None:
        field.setText(str(proposed))
    buttons = dialog.findChild(QDialogButtonBox)
    if buttons is not None:
        save = buttons.addButton(save_label, QDialogButtonBox.ButtonRole.ActionRole)
        save.clicked.connect(lambda: dialog.done(SAVE_AS_PDF))
    answer = dialog.exec()
    if answer == SAVE_AS_PDF:
        target = choose_file(proposed)
        if target is None:
            return Printed()
        target.write_bytes(pdf)
        return Printed(saved=target)
    if answer != QDialog.DialogCode.Accepted:
        return Printed()
    if printer.outputFormat() == QPrinter.OutputFormat.PdfFormat and printer.outputFileName():
        target = Path(printer.outputFileName())
        target.write_bytes(pdf_pages(pdf, _file_pages(printer, count)))
        return Printed(saved=target)
    return Printed(job=paint_pdf(printer, pdf))
