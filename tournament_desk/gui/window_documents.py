"""The window's documents and files in and out: print or save as PDF each document, export the homologation
bundle and the FIDE rating report, import a rating list, continue an event from a TRF, a rating period.

A mixin of :class:`~tournament_desk.gui.main_window.MainWindow` (it uses the window's context: the session, the
translator, :meth:`run`, the message boxes); it imports nothing of the window.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog

from tournament_desk.core.messages import N_
from tournament_desk.services.session import EventSession

if TYPE_CHECKING:
    from tournament_desk.gui.i18n import Translator

PRINTABLE = {
    "pairings": N_("Pairing &sheet (last round)…"),
    "crosstable": N_("&Crosstable…"),
    "standings": N_("S&tandings…"),
    "slips": N_("Result s&lips (last round)…"),
    "ratings": N_("Rating &report…"),
    "bracket": N_("Top-cut &bracket…"),
}

__all__ = ["PRINTABLE", "DocumentActions"]


class DocumentActions:
    """Print, export and import (see the module)."""

    _session: EventSession | None
    _t: Translator
    _printer: Any

    def _document(self, kind: str) -> bytes:
        from tournament_desk.services import printing
        from tournament_desk.services.swiss_variants import top_cut_pdf

        session, lang = self.require(), self._t.lang
        makers: dict[str, Callable[[], bytes]] = {
            "pairings": lambda: printing.pairing_sheet_pdf(session, None, lang),
            "crosstable": lambda: printing.crosstable_pdf(session, lang),
            "standings": lambda: printing.standings_pdf(session, None, lang),
            "slips": lambda: printing.slips_pdf(session, None, lang),
            "ratings": lambda: printing.rating_report_pdf(session, lang),
            "bracket": lambda: top_cut_pdf(session, lang=lang),
        }
        return makers[kind]()

    def print_document(self, kind: str) -> None:
        """Print one of the documents (``kind`` in :data:`PRINTABLE`) through the system's print dialog."""
        if self._session is None:
            return
        pdf = self.run(lambda: self._document(kind), busy=self.t("Printing…"))
        if pdf is None:
            return
        from PySide6.QtPrintSupport import QPrinter

        from tournament_desk.gui.printer import print_pdf

        if self._printer is None:  # one printer for the session: the printer, paper and duplex chosen are offered again
            self._printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        title = self.t(PRINTABLE[kind]).replace("&", "").rstrip("…")
        printer = self._printer
        if self.run(lambda: print_pdf(self, pdf, title, printer=printer)):
            self.status(self.t("Sent to the printer: {}", title))

    def export_pdf(self, kind: str, path: str | None = None) -> None:
        """Save one of the documents as a PDF file."""
        if self._session is None:
            return
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.t(PRINTABLE[kind]).replace("&", ""),
                                                  str(self._session.path.with_name(f"{kind}.pdf")), "PDF (*.pdf)")
        if not path:
            return
        target = Path(path)
        self.run(lambda: target.write_bytes(self._document(kind)), busy=self.t("Printing…"))

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
