"""The window's documents and files in and out: print or save as PDF each document, export the homologation
bundle and the FIDE rating report, import a rating list, continue an event from a TRF, a rating period.

A mixin of :class:`~tournament_desk.gui.main_window.MainWindow` (it uses the window's context: the session, the
translator, :meth:`run`, the message boxes); it imports nothing of the window.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog

from tournament_desk.core.messages import N_
from tournament_desk.services.session import EventSession

if TYPE_CHECKING:
    from tournament_desk.gui.i18n import Translator
    from tournament_desk.gui.window_base import WindowBase as _WindowBase
    from tournament_desk.services.printing import PrintedDocument
else:
    _WindowBase = object

PRINTABLE = {
    "pairings": N_("Pairing &sheet (last round)…"),
    "crosstable": N_("&Crosstable…"),
    "standings": N_("S&tandings…"),
    "slips": N_("Result s&lips (last round)…"),
    "ratings": N_("Rating &report…"),
    "bracket": N_("Top-cut &bracket…"),
}
"""The documents of the Print and Export menus (the round-robin grid is printed from the Pairings tab and its
own menu entry)."""

__all__ = ["PRINTABLE", "DocumentActions"]


class DocumentActions(_WindowBase):
    """Print, export and import (see the module)."""

    _session: EventSession | None
    _t: Translator
    _printer: Any
    standings: Any
    """The Standings tab: the round it shows is the one its documents are printed after."""
    _pdf_folder: Path | None = None
    """The folder of the last PDF saved from this window (the event's folder before the first)."""

    def _printed(self, kind: str, round_number: int | None) -> PrintedDocument:
        from tournament_desk.services.printing import document

        if kind in ("standings", "crosstable") and round_number is None:
            round_number = self.standings.asked_round()  # what the Standings tab shows
        return document(self.require(), kind, round_number=round_number, lang=self._t.lang)

    def _document(self, kind: str) -> bytes:
        return self._printed(kind, None).pdf

    def _proposed(self, printed: PrintedDocument) -> Path:
        """Where a document is offered to be saved: its own name, in the folder of the last PDF saved, else the
        event's folder."""
        session = self.require()
        folder = self._pdf_folder if self._pdf_folder is not None and self._pdf_folder.is_dir() \
            else session.path.parent
        return folder / printed.file_name

    def _saved(self, path: Path) -> None:
        self._pdf_folder = path.parent
        self.status(self.t("PDF written: {}", path))

    def print_document(self, kind: str, round_number: int | None = None) -> None:
        """Print one of the documents (``kind`` in :data:`PRINTABLE`, or ``grid``) through the print dialog, or
        save it as PDF from there (the document's own PDF, the one the command line writes).

        ``round_number``: the pairing sheet's or the slips' round (the last paired by default); the round the
        standings or the crosstable are asked after (by default the one the Standings tab shows)."""
        if self._session is None:
            return
        printed = self.run(lambda: self._printed(kind, round_number), busy=self.t("Printing…"))
        if printed is None:
            return
        from PySide6.QtPrintSupport import QPrinter

        from tournament_desk.gui.printer import print_or_save

        if self._printer is None:  # one printer for the session: the printer, paper and duplex chosen are offered again
            self._printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer, proposed = self._printer, self._proposed(printed)
        title = self.t("Save as PDF…").replace("&", "").rstrip("…")

        def choose(path: Path) -> Path | None:
            chosen, _ = QFileDialog.getSaveFileName(self, title, str(path), "PDF (*.pdf)")
            return Path(chosen) if chosen else None

        done = self.run(lambda: print_or_save(self, printed.pdf, printed.name, proposed, printer=printer,
                                              save_label=self.t("Save as PDF…"), choose_file=choose))
        if done is None:
            return
        if done.saved is not None:
            self._saved(done.saved)
        elif done.job is not None:
            self.status(self.t("Sent to the printer: {}", printed.name))

    def export_pdf(self, kind: str, path: str | None = None, round_number: int | None = None) -> None:
        """Save one of the documents as a PDF file (the file dialog proposes the document's own name)."""
        if self._session is None:
            return
        printed = self.run(lambda: self._printed(kind, round_number), busy=self.t("Printing…"))
        if printed is None:
            return
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.t(PRINTABLE.get(kind, "Save as PDF…")).replace("&", ""),
                                                  str(self._proposed(printed)), "PDF (*.pdf)")
        if not path:
            return
        target = Path(path)
        if self.run(lambda: target.write_bytes(printed.pdf)) is not None:
            self._saved(target)

    def export_bundle(self, path: str | None = None) -> None:
        from tournament_desk.services.bundle import export_bundle

        session = self._session
        if session is None:
            return
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.t("&Homologation bundle…").replace("&", ""),
                                                  str(session.path.with_name(f"{session.path.stem}-homologation.zip")),
                                                  "Zip (*.zip)")
        if not path:
            return
        lang, target = self._t.lang, Path(path)
        result = self.run(lambda: export_bundle(session, target, lang), busy=self.t("Exporting…"))
        if result is not None:
            lines = [c.message(lang) for c in result.checks if c.level in ("warning", "error")]
            self.inform(self.t("Bundle written: {}", target.name) + ("\n\n" + "\n".join(lines) if lines else ""))

    def import_rating_list(self, path: str | None = None) -> None:
        """A federation's rating list (CSV, FIDE TXT or XML): the column mapping is asked for when the layout
        is not known, the list is read with a progress bar, the ratings applied as one action."""
        from tournament_desk.gui.dialogs.column_mapping import import_rating_list

        session = self._session
        if session is None:
            return
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, self.t("&Rating list…").replace("&", ""), "",
                                                  self.t("Rating lists (*.csv *.txt *.xml)"))
        if not path:
            return
        target = Path(path)
        change = self.run(lambda: import_rating_list(self, self._t, session, target))
        if change is not None:
            self.inform(change.label(self._t.lang))

    def import_event_from_trf(self) -> None:
        """Continue an event begun in another program: its TRF becomes a new event file, then opens."""
        from tournament_desk.gui.dialogs.import_trf import ImportTrfDialog

        dialog = ImportTrfDialog(self, self._t)
        if dialog.exec() and dialog.result_import is not None:
            imported = dialog.result_import
            if self.open_path(imported.path):
                self.inform(imported.summary(self._t.lang))

    def rating_period(self) -> None:
        """A federation's rating period over several events (FFJD, national Elo, Scrabble PL)."""
        from tournament_desk.gui.dialogs.rating_period import RatingPeriodDialog

        RatingPeriodDialog(self, self._t).exec()

    def export_trf(self, path: str | None = None) -> None:
        """The event as a TRF file (the FIDE rating report)."""
        from tournament_desk.services.trf_io import export_event_trf

        session = self._session
        if session is None:
            return
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.t("&FIDE rating report (TRF)…").replace("&", ""),
                                                  str(session.path.with_suffix(".trf")), "TRF (*.trf *.txt)")
        if not path:
            return
        target = Path(path)
        self.run(lambda: export_event_trf(session, target))
