"""Printing a document on a printer (issue 18, Deliver 6): the PDF bytes of services.printing go through
gui.printer to a QPrinter. Tested headless with Qt's PDF printer (a printer whose output is a PDF file), read
back with pypdf (a valid PDF, its pages and their size) and rendered with PDFium to check which document page
each printed sheet shows, in which orientation."""

from __future__ import annotations

import io
import math
import random
import threading
from pathlib import Path

import numpy as np
import pypdfium2
import pytest
from PIL import Image
from pypdf import PdfReader
from PySide6.QtCore import QTimer
from PySide6.QtGui import QPageLayout, QPageRanges
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication, QCheckBox, QDialog, QRadioButton, QSpinBox
from pytestqt.qtbot import QtBot

from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayer, RecordResult
from tournament_desk.core.results import Discipline
from tournament_desk.gui import printer as printer_module
from tournament_desk.gui.printer import PrintError, page_sequence, print_pdf
from tournament_desk.services import printing
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.roundrobin import assign_numbers
from tournament_desk.services.session import EventSession

SURNAMES = ["Durand", "Lefèvre", "Moreau", "Girard", "Bonnet", "Dupont", "Lambert", "Fontaine", "Rousseau",
            "Vincent", "Åberg", "Le-Gall", "d'Alembert", "Œuvray", "Zimmermann", "Mercier", "Blanc", "Guérin",
            "Boyer", "Garnier", "Chevalier", "François", "Legrand", "Gauthier"]


@pytest.fixture(scope="module")
def documents(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The printed documents of a 24-player draughts round robin after round 1, in French."""
    path = tmp_path_factory.mktemp("print") / "rr24.tdesk"
    event = Event.for_discipline("Championnat de Bretagne", Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN,
                                 rounds=23, place="Quimper")
    names = SURNAMES[:]
    random.Random(6).shuffle(names)
    with EventSession.create(path, event) as session:
        for i, surname in enumerate(names):
            session.run(AddPlayer(surname=surname, first_name="Anne" if i % 2 else "Yann", club=f"Club {i % 4}",
                               ratings=(("ffjd", 1400 + 23 * i),)))
        assign_numbers(session, "rating")
        rnd = pair_next(session).payload.round
        for game in rnd.games:
            session.run(RecordResult(1, game.board, random.Random(game.board).choice(["2-0", "1-1", "0-2"])))
        return {
            "slips": printing.slips_pdf(session, 1, "fr"),  # 12 boards, 5 a page: 3 pages
            "pairings": printing.pairing_sheet_pdf(session, 1, "fr"),
            "crosstable": printing.crosstable_pdf(session, "fr"),  # landscape
        }


def pdf_printer(path: Path, dpi: int = 100) -> QPrinter:
    """Qt's PDF printer, at a low resolution to keep the test fast."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    printer.setResolution(dpi)
    return printer


def pages_of(pdf: bytes | Path) -> int:
    data = pdf.read_bytes() if isinstance(pdf, Path) else pdf
    return len(PdfReader(io.BytesIO(data)).pages)


def sheets(printed: Path) -> list[Image.Image]:
    """The picture painted on each printed sheet, in grey: the printer paints a page as one bitmap, or as bands
    of it one under the other when it is large (read with PDFium: the images' own pixels, in drawing order)."""
    out = []
    for page in pypdfium2.PdfDocument(printed.read_bytes()):
        images = page.get_objects(filter=[pypdfium2.raw.FPDF_PAGEOBJ_IMAGE])
        bands = [image.get_bitmap(render=False).to_pil().convert("L") for image in images]
        assert bands and len({band.width for band in bands}) == 1
        sheet = Image.new("L", (bands[0].width, sum(band.height for band in bands)))
        y = 0
        for band in bands:
            sheet.paste(band, (0, y))
            y += band.height
        out.append(sheet)
    return out


def which_pages(printed: Path, source: bytes) -> list[int]:
    """For each printed sheet, the page of ``source`` it shows (1-based): the sheet's bitmap is compared with
    each source page rendered at the same size; it must match one page almost exactly and the others clearly
    less."""
    document = pypdfium2.PdfDocument(source)
    found = []
    for sheet in sheets(printed):
        # a sheet printed at a high resolution is compared at 1/shrink of its size (both pictures averaged alike)
        shrink = max(1, sheet.width // 800)
        small = (sheet.width // shrink, sheet.height // shrink)
        picture = np.asarray(sheet.resize(small, Image.Resampling.BOX), dtype=float)
        distances = []
        for page in document:
            # the page was fitted to the paper by its width or by its height: one of the two scales is exact
            tries = []
            for scale in (sheet.width / page.get_width(), sheet.height / page.get_height()):
                render = page.render(scale=scale, rev_byteorder=True).to_pil().convert("L")
                render = render.resize(sheet.size) if render.size != sheet.size else render
                render = render.resize(small, Image.Resampling.BOX)
                tries.append(float(np.abs(picture - np.asarray(render, dtype=float)).mean()))
                if tries[-1] < 0.5:  # this one was exact
                    break
            distances.append(min(tries))
        best = int(np.argmin(distances))
        assert distances[best] < 0.5, distances  # grey levels 0-255
        assert all(d > 3 * distances[best] + 0.5 for i, d in enumerate(distances) if i != best), distances
        found.append(best + 1)
    return found


def placements(printed: Path) -> list[tuple[float, ...]]:
    """How the first sheet's bitmap is placed on the paper: the PDF matrix (a, b, c, d, e, f) of each image."""
    page = pypdfium2.PdfDocument(printed.read_bytes())[0]
    return [image.get_matrix().get() for image in page.get_objects(filter=[pypdfium2.raw.FPDF_PAGEOBJ_IMAGE])]


def test_every_page_in_order(qtbot: QtBot, documents: dict[str, bytes], tmp_path: Path) -> None:
    out = tmp_path / "slips.pdf"
    assert print_pdf(None, documents["slips"], "Fiches de résultats — Ronde 1", printer=pdf_printer(out), ask=False)
    reader = PdfReader(out)
    assert len(reader.pages) == pages_of(documents["slips"]) == 3
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4 portrait
    assert which_pages(out, documents["slips"]) == [1, 2, 3]
    assert reader.metadata is not None and reader.metadata.title == "Fiches de résultats — Ronde 1"


@pytest.mark.parametrize(("collate", "expected"), [(True, [2, 3, 2, 3, 2, 3]), (False, [2, 2, 2, 3, 3, 3])])
def test_page_range_and_copies(qtbot: QtBot, documents: dict[str, bytes], tmp_path: Path, collate: bool,
                               expected: list[int]) -> None:
    out = tmp_path / "range.pdf"
    printer = pdf_printer(out)
    ranges = QPageRanges()
    ranges.addRange(2, 3)
    printer.setPrintRange(QPrinter.PrintRange.PageRange)
    printer.setPageRanges(ranges)
    printer.setCopyCount(3)
    printer.setCollateCopies(collate)
    assert not printer.supportsMultipleCopies()  # a PDF file: the copies are printed by us
    assert print_pdf(None, documents["slips"], "Fiches", printer=printer, ask=False)
    assert pages_of(out) == 6
    assert which_pages(out, documents["slips"]) == expected


def test_last_page_first_and_a_single_page(qtbot: QtBot, documents: dict[str, bytes], tmp_path: Path) -> None:
    out = tmp_path / "reverse.pdf"
    printer = pdf_printer(out)
    printer.setPageOrder(QPrinter.PageOrder.LastPageFirst)
    print_pdf(None, documents["slips"], "Fiches", printer=printer, ask=False)
    assert which_pages(out, documents["slips"]) == [3, 2, 1]
    one = tmp_path / "one.pdf"
    printer = pdf_printer(one)
    ranges = QPageRanges()
    ranges.addPage(2)
    printer.setPrintRange(QPrinter.PrintRange.PageRange)
    printer.setPageRanges(ranges)
    print_pdf(None, documents["pairings"], "Appariements", printer=printer, ask=False)
    assert which_pages(one, documents["pairings"]) == [2]  # the alphabetical list alone


def test_landscape_page_is_turned_on_portrait_paper_and_kept_on_landscape_paper(
        qtbot: QtBot, documents: dict[str, bytes], tmp_path: Path) -> None:
    crosstable = documents["crosstable"]
    source = PdfReader(io.BytesIO(crosstable)).pages[0].mediabox
    assert source.width > source.height
    portrait = tmp_path / "portrait.pdf"
    print_pdf(None, crosstable, "Grille", printer=pdf_printer(portrait), ask=False)
    box = PdfReader(portrait).pages[0].mediabox
    assert box.width < box.height
    assert which_pages(portrait, crosstable) == [1]
    # turned a quarter to fit the paper: the page's rows run up the paper (b > 0), its top along the paper's
    # left edge (c < 0: the picture's upward direction points left)
    (a, b, c, d, e, f), = placements(portrait)
    assert abs(a) < 1e-3 and abs(d) < 1e-3 and b > 0 > c
    assert b <= float(box.height) and -c <= float(box.width)  # inside the paper
    landscape = tmp_path / "landscape.pdf"
    printer = pdf_printer(landscape)
    printer.setPageOrientation(QPageLayout.Orientation.Landscape)
    print_pdf(None, crosstable, "Grille", printer=printer, ask=False)
    box = PdfReader(landscape).pages[0].mediabox
    assert box.width > box.height
    assert which_pages(landscape, crosstable) == [1]
    (a, b, c, d, e, f), = placements(landscape)
    assert a > 0 and d > 0 and abs(b) < 1e-3 and abs(c) < 1e-3  # upright
    assert a / float(box.width) > 0.9  # fitted to the paper, not shrunk further
    assert 0 < e and e + a < float(box.width) and 0 < f and f + d < float(box.height)  # inside the margins
    assert abs(e - (float(box.width) - a - e)) < 2  # centred across


def test_the_print_dialog_sets_copies_range_and_order(qtbot: QtBot, documents: dict[str, bytes],
                                                      tmp_path: Path) -> None:
    """The arbiter's path: the dialog opens on the document's orientation, copies and pages are chosen in it."""
    out = tmp_path / "dialog.pdf"
    printer = pdf_printer(out)
    seen: dict[str, object] = {}

    def fill_in() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QDialog)
        seen["orientation"] = printer.pageLayout().orientation()
        dialog.findChild(QSpinBox, "copies").setValue(2)
        dialog.findChild(QRadioButton, "printRange").setChecked(True)
        dialog.findChild(QSpinBox, "from").setValue(2)
        dialog.findChild(QSpinBox, "to").setValue(3)
        dialog.findChild(QCheckBox, "collate").setChecked(False)
        dialog.findChild(QCheckBox, "reverse").setChecked(True)
        dialog.accept()

    QTimer.singleShot(0, fill_in)
    assert print_pdf(None, documents["slips"], "Fiches de résultats", printer=printer)
    assert seen["orientation"] == QPageLayout.Orientation.Portrait
    assert which_pages(out, documents["slips"]) == [3, 3, 2, 2]

    QTimer.singleShot(0, lambda: (seen.update(orientation=printer.pageLayout().orientation()),
                                  QApplication.activeModalWidget().accept()))
    wide = tmp_path / "wide.pdf"
    printer.setOutputFileName(str(wide))  # the same printer, kept by the window: pages and copies start afresh
    assert print_pdf(None, documents["crosstable"], "Grille", printer=printer)
    assert seen["orientation"] == QPageLayout.Orientation.Landscape  # the crosstable's own orientation
    assert which_pages(wide, documents["crosstable"]) == [1]


def test_cancel_prints_nothing(qtbot: QtBot, documents: dict[str, bytes], tmp_path: Path) -> None:
    out = tmp_path / "cancelled.pdf"
    QTimer.singleShot(0, lambda: QApplication.activeModalWidget().reject())
    assert print_pdf(None, documents["pairings"], "Appariements", printer=pdf_printer(out)) is False
    assert not out.exists()


def test_rendering_in_bands_gives_the_same_page(qtbot: QtBot, documents: dict[str, bytes], tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    whole, banded = tmp_path / "whole.pdf", tmp_path / "banded.pdf"
    print_pdf(None, documents["pairings"], "A", printer=pdf_printer(whole, 150), ask=False)
    monkeypatch.setattr(printer_module, "BAND_BYTES", 150 * 1024)  # about 32 rows of 1200 pixels a band
    print_pdf(None, documents["pairings"], "A", printer=pdf_printer(banded, 150), ask=False)
    assert [len(page.images) for page in PdfReader(whole).pages] == [1, 1]
    assert min(len(page.images) for page in PdfReader(banded).pages) > 40
    for a, b in zip(sheets(whole), sheets(banded), strict=True):
        assert a.size == b.size
        # the same pixels (PDFium anti-aliases a line cut by a band edge a shade differently): no row lost,
        # doubled or shifted, which would differ on every line of text
        difference = np.abs(np.asarray(a, dtype=int) - np.asarray(b, dtype=int))
        assert difference.mean() < 0.01 and np.count_nonzero(difference.max(axis=1)) <= 5


def test_grey_printing_and_high_resolution_are_capped(qtbot: QtBot, documents: dict[str, bytes],
                                                       tmp_path: Path) -> None:
    out = tmp_path / "grey.pdf"
    printer = pdf_printer(out, 1200)
    printer.setColorMode(QPrinter.ColorMode.GrayScale)
    print_pdf(None, documents["pairings"], "Appariements", printer=printer, ask=False)
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    for page in reader.pages:
        bands = [image.image for image in page.images]
        assert {band.mode for band in bands} == {"L"}  # rendered in grey
        width = bands[0].width
        assert 0.9 * 600 / 72 * 595 < width <= 600 / 72 * 595 + 1  # 600 dpi, although the printer has 1200
        assert len(bands) == math.ceil(sum(band.height for band in bands) / (printer_module.BAND_BYTES // width))


def test_refusals_say_why_in_both_languages(qtbot: QtBot, documents: dict[str, bytes], tmp_path: Path) -> None:
    printer = pdf_printer(tmp_path / "none.pdf")
    ranges = QPageRanges()
    ranges.addRange(7, 9)
    printer.setPrintRange(QPrinter.PrintRange.PageRange)
    printer.setPageRanges(ranges)
    with pytest.raises(PrintError) as refused:
        print_pdf(None, documents["pairings"], "Appariements", printer=printer, ask=False)
    assert refused.value.message("en") == "The pages asked for (7-9) are not in the document: it ends at page 2."
    assert refused.value.message("fr") == ("Les pages demandées (7-9) ne sont pas dans le document : il s'arrête à "
                                           "la page 2.")
    assert not (tmp_path / "none.pdf").exists()
    with pytest.raises(PrintError, match="not a readable PDF"):
        print_pdf(None, b"%PDF-1.4 truncated", "X", printer=pdf_printer(tmp_path / "bad.pdf"), ask=False)
    assert page_sequence(pdf_printer(tmp_path / "x.pdf"), 3) == (1, 2, 3)


def test_painting_runs_off_the_gui_thread(qtbot: QtBot, documents: dict[str, bytes], tmp_path: Path) -> None:
    """The window asks on the GUI thread and paints in a worker (gui.worker.run_in_background), with progress."""
    from tournament_desk.gui.printer import paint_pdf
    from tournament_desk.gui.worker import run_in_background

    out = tmp_path / "worker.pdf"
    printer = pdf_printer(out)
    printer.setCopyCount(2)
    seen: list[tuple[int, int, bool]] = []
    main = threading.get_ident()

    def work() -> object:
        return paint_pdf(printer, documents["slips"],
                         progress=lambda done, total: seen.append((done, total, threading.get_ident() != main)))

    job = run_in_background(None, "Impression…", work)
    assert job.sheets == (1, 2, 3, 1, 2, 3)
    assert seen == [(k, 6, True) for k in range(1, 7)]
    assert which_pages(out, documents["slips"]) == [1, 2, 3, 1, 2, 3]


def test_the_windows_print_action_saves_the_pairing_sheet_to_the_file_chosen(qtbot: QtBot, tmp_path: Path) -> None:
    """Print → Pairing sheet in the main window: Qt's print dialog, whose "Print to File (PDF)" proposes the
    document's own name; the file written is the document's own PDF (the command line's bytes, its text
    selectable), not its pages rasterised."""
    from PySide6.QtPrintSupport import QPrintDialog
    from PySide6.QtWidgets import QLineEdit

    from tournament_desk.gui.main_window import MainWindow

    event = Event.for_discipline("Open de Brest", Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN, rounds=7)
    session = EventSession.create(tmp_path / "brest.tdesk", event)
    for surname in ("Moreau", "Åberg", "Le-Gall", "Durand", "d'Alembert", "Zimmermann", "Bonnet", "Œuvray"):
        session.run(AddPlayer(surname=surname, first_name="Anne", ratings=(("ffjd", 1600),)))
    assign_numbers(session, "lot", seed=8)
    pair_next(session)
    expected = printing.pairing_sheet_pdf(session, None, "fr")
    window = MainWindow(session, lang="fr", interactive=False)
    qtbot.addWidget(window)
    out = tmp_path / "venue.pdf"
    proposed: list[str] = []

    def fill_in(dialog: QPrintDialog) -> None:
        field = dialog.findChild(QLineEdit, "filename")
        proposed.append(field.text())
        field.setText(str(out))
        dialog.accept()

    waiting = QTimer()
    waiting.setInterval(20)

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QPrintDialog):
            waiting.stop()
            fill_in(dialog)

    waiting.timeout.connect(look)
    waiting.start()
    window.print_document("pairings")
    waiting.stop()
    assert not window.messages
    assert proposed == [str(tmp_path / "Open de Brest - appariements ronde 1.pdf")]
    assert out.read_bytes() == expected  # the document itself: 2 pages of text, no picture
    assert pages_of(out) == 2 and "MOREAU Anne" in PdfReader(out).pages[0].extract_text()
