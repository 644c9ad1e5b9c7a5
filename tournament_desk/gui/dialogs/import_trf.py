"""File > Import event from TRF (issue 24 item 6): continue in this program an event begun in another one.

:class:`ImportTrfDialog` takes the TRF file and the new event file, shows what the TRF holds (name, players,
rounds paired out of the total, declared pairing system), asks for the number of rounds when the file does not
give it (``XXR``/``142``), and on OK creates the event through
:func:`tournament_desk.services.trf_io.import_event_from_trf`. A file that cannot be imported shows its reason
(with the line number) in the dialog, which stays open. :attr:`ImportTrfDialog.result_import` holds what was
created (the lead opens it). Its texts are the message catalogue's.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.core.errors import TournamentError
from tournament_desk.core.messages import msg
from tournament_desk.gui.dialogs.form import NumberField
from tournament_desk.services.trf_io import TrfError, TrfImport, import_event_from_trf, read_trf_summary

__all__ = ["ImportTrfDialog"]

_TEXT = {
    "title": msg("Import an event from a TRF file"),
    "trf": msg("TRF file"),
    "event": msg("New event file"),
    "name": msg("Event name"),
    "rounds": msg("Number of rounds"),
    "browse": msg("Browse…"),
    "summary": msg("{players} players, {played} round(s) paired of {total}{system}"),
    "unknown": msg("unknown: give it below"),
    "need_trf": msg("Choose the TRF file to import."),
    "need_event": msg("Choose where to create the event file."),
    "unreadable": msg("This TRF cannot be read: {}"),
}


def _t(key: str, lang: str) -> str:
    return _TEXT[key].text(lang)


class ImportTrfDialog(QDialog):
    """Choose a TRF and the new event file; OK imports (errors stay in the dialog)."""

    def __init__(self, parent: QWidget | None, t: Callable[..., str] | None, *, trf_path: str = "",
                 event_path: str = "") -> None:
        super().__init__(parent)
        self.lang = getattr(t, "lang", "en") if t is not None else "en"
        self.result_import: TrfImport | None = None
        self.setWindowTitle(_t("title", self.lang))
        self.trf_edit = QLineEdit(trf_path)
        self.event_edit = QLineEdit(event_path)
        self.name_edit = QLineEdit()
        self.rounds = NumberField(maximum=99)  # empty until the TRF gives it or the arbiter types it
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        form = QFormLayout()
        form.addRow(_t("trf", self.lang), self._with_browse(self.trf_edit, self._browse_trf))
        form.addRow("", self.summary)
        form.addRow(_t("event", self.lang), self._with_browse(self.event_edit, self._browse_event))
        form.addRow(_t("name", self.lang), self.name_edit)
        form.addRow(_t("rounds", self.lang), self.rounds)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.import_event)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.trf_edit.editingFinished.connect(self.read_trf)
        if trf_path:
            self.read_trf()

    def _with_browse(self, edit: QLineEdit, slot: Callable[[], None]) -> QWidget:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(edit)
        button = QPushButton(_t("browse", self.lang))
        button.clicked.connect(slot)
        row.addWidget(button)
        return box

    def _browse_trf(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, _t("trf", self.lang), "", "TRF (*.trf *.trfx *.tab *.txt);;*")
        if path:
            self.trf_edit.setText(path)
            self.read_trf()

    def _browse_event(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, _t("event", self.lang), "", "Tournament Desk (*.tdesk)")
        if path:
            self.event_edit.setText(path)

    def read_trf(self) -> None:
        """Show what the chosen TRF holds; fill the name, the rounds and a default event file name."""
        text = self.trf_edit.text().strip()
        self.summary.clear()
        self.error.clear()
        if not text:
            return
        try:
            trf = read_trf_summary(text)
        except TrfError as exc:
            self.error.setText(_t("unreadable", self.lang).format(exc))
            return
        except OSError as exc:
            self.error.setText(_t("unreadable", self.lang).format(exc.strerror))
            return
        total = str(trf.total_rounds) if trf.total_rounds else _t("unknown", self.lang)
        self.summary.setText(_t("summary", self.lang).format(players=trf.players, played=trf.played, total=total,
                                                             system=f" — {trf.system}" if trf.system else ""))
        if not self.name_edit.text():
            self.name_edit.setText(trf.name)
        self.rounds.setValue(trf.total_rounds or None)
        if not self.event_edit.text():
            self.event_edit.setText(str(Path(text).with_suffix(".tdesk")))

    def import_event(self) -> None:
        """OK: create the event; on a refusal show why (line number included) and stay open."""
        trf, event = self.trf_edit.text().strip(), self.event_edit.text().strip()
        if not trf:
            self.error.setText(_t("need_trf", self.lang))
            return
        if not event:
            self.error.setText(_t("need_event", self.lang))
            return
        try:
            self.result_import = import_event_from_trf(
                event, trf, name=self.name_edit.text().strip() or None, rounds=self.rounds.value() or None)
        except TournamentError as exc:
            self.error.setText(exc.message(self.lang))
            return
        except OSError as exc:
            self.error.setText(str(exc))
            return
        self.accept()
