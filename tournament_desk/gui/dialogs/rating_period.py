"""A rating period (docs/ratings.md, "Rating periods"): the events of one publication period rated together.

The arbiter picks the rating system, adds event files and results files of events played elsewhere, optionally
the rating list published at the period start, the previous period's carry file and (Scrabble) the players'
duplicate series, adjusts each event's inputs in the table (kind of event, TH Classique B, EONC, cadence, the
reading of the classed players "present"), computes, then saves the new ratings as CSV and the carry for the next
period.

The dialog is self-contained: everything it needs goes through :class:`PeriodServices` (by default the functions of
:mod:`tournament_desk.services.ratings`), never through the main window. To open it from a menu::

    RatingPeriodDialog(parent, t).exec()

with ``t`` the window's translator (``t(text, *args)`` and a ``lang`` attribute); texts missing from that
catalogue are translated by the dialog's own French table.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.core.errors import TournamentError, ValidationError
from tournament_desk.core.formatting import decimal_text
from tournament_desk.core.messages import N_, msg
from tournament_desk.core.model import RatingSystem
from tournament_desk.core.ratings import ffjd, scrabble_pl
from tournament_desk.core.ratings.common import PreviewRow
from tournament_desk.gui.dialogs.form import DateField
from tournament_desk.gui.worker import run_in_background
from tournament_desk.services import ratings as rating_services
from tournament_desk.services.ratings import EventInputs, PeriodEvent, PeriodResult

__all__ = ["PeriodServices", "RatingPeriodDialog", "default_services"]

W = TypeVar("W", bound=QWidget)


class PeriodServices(Protocol):
    """What the dialog calls (the functions of :mod:`services.ratings` by default)."""

    def load_events(self, event_files: Sequence[Path], results_files: Sequence[Path],
                    system: RatingSystem) -> list[PeriodEvent]: ...

    def run(self, event_files: Sequence[Path], system: RatingSystem, period_start: dt.date | None, *,
            rating_list: Path | None, carry: Mapping[str, object] | None,
            event_inputs: Mapping[str, EventInputs], results_files: Sequence[Path],
            player_inputs: Mapping[str, Any] | None) -> PeriodResult: ...

    def load_carry(self, path: Path, system: RatingSystem) -> dict[str, object]: ...

    def load_player_inputs(self, path: Path) -> dict[str, Any]: ...

    def write_carry(self, result: PeriodResult, path: Path) -> Path: ...

    def write_list(self, result: PeriodResult, path: Path) -> Path: ...


@dataclass(frozen=True)
class _Services:
    def load_events(self, event_files: Sequence[Path], results_files: Sequence[Path],
                    system: RatingSystem) -> list[PeriodEvent]:
        return rating_services.load_period_events(event_files, results_files, system)

    def run(self, event_files: Sequence[Path], system: RatingSystem, period_start: dt.date | None, *,
            rating_list: Path | None, carry: Mapping[str, object] | None,
            event_inputs: Mapping[str, EventInputs], results_files: Sequence[Path],
            player_inputs: Mapping[str, Any] | None) -> PeriodResult:
        return rating_services.period_run(event_files, system, period_start, rating_list=rating_list, carry=carry,
                                          event_inputs=event_inputs, results_files=results_files,
                                          player_inputs=player_inputs)

    def load_carry(self, path: Path, system: RatingSystem) -> dict[str, object]:
        return rating_services.load_carry(path, system)

    def load_player_inputs(self, path: Path) -> dict[str, Any]:
        return rating_services.load_player_inputs(path)

    def write_carry(self, result: PeriodResult, path: Path) -> Path:
        return rating_services.write_carry(result, path)

    def write_list(self, result: PeriodResult, path: Path) -> Path:
        return rating_services.write_period_csv(result, path)


def default_services() -> PeriodServices:
    return _Services()



_SYSTEMS = ((RatingSystem.FFJD, N_("FFJD Capital-Points")), (RatingSystem.NATIONAL_ELO, N_("National Elo")),
            (RatingSystem.FISF_PL, N_("Scrabble cote PL")))
_COLUMNS = (
    N_("Event"), N_("Name"), N_("Date"), N_("Source"), N_("Kind"),
    N_("TH Classique B"), N_("EONC"), N_("Cadence"), N_("Classed present"),
)
_RESULT_COLUMNS = (
    N_("Player"), N_("Before"), N_("Games"), N_("Score"), N_("Expected"),
    N_("K"), N_("Change"), N_("New"), N_("Perf."), N_("Note"),
)
_SCRABBLE_COLUMNS = (4, 5)
_FFJD_COLUMNS = (6, 7, 8)


class _Table(QTableWidget):
    """A table that asks for ``rows`` lines of height (the dialog fits a 1366×768 screen; it grows when the
    dialog is made taller)."""

    def __init__(self, columns: int, rows: int) -> None:
        super().__init__(0, columns)
        self.rows_asked = rows

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        line = self.verticalHeader().defaultSectionSize()
        return QSize(hint.width(), self.horizontalHeader().sizeHint().height() + self.rows_asked * line +
                     2 * self.frameWidth())


class _Note(QLabel):
    """A wrapped line of text that takes no room while it is empty."""

    def __init__(self) -> None:
        super().__init__("")
        self.setWordWrap(True)
        self.hide()

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setVisible(bool(text))

    def clear(self) -> None:
        self.setText("")


class RatingPeriodDialog(QDialog):
    """The period dialog. ``services``: the :class:`PeriodServices` to call (the services by default). The
    ``add_*`` and ``save_*`` methods open a file chooser unless they are given their paths."""

    def __init__(self, parent: QWidget | None, t: Callable[..., str], *, services: PeriodServices | None = None,
                 system: RatingSystem = RatingSystem.FFJD) -> None:
        super().__init__(parent)
        self._translate = t
        self.lang = getattr(t, "lang", "en")
        self.services = services or default_services()
        self.event_files: list[Path] = []
        self.results_files: list[Path] = []
        self.events: list[PeriodEvent] = []
        self.period_result: PeriodResult | None = None
        self.messages: list[str] = []
        self.setWindowTitle(self.t("Rating period"))

        self.system = QComboBox()
        for value, label in _SYSTEMS:
            self.system.addItem(self.t(label), value)
        self.system.setCurrentIndex(self.system.findData(system))
        self.system.currentIndexChanged.connect(self._system_changed)
        self.check_period = QCheckBox(self.t("check that every event lies in the period"))
        self.period_start = DateField(self._translate, dt.date.today(), optional=False, calendar=True)
        self.period_start.setEnabled(False)
        self.check_period.toggled.connect(self.period_start.setEnabled)
        head = QFormLayout()
        head.addRow(self.t("Rating system"), self.system)
        start_row = QHBoxLayout()
        start_row.addWidget(self.period_start)
        start_row.addWidget(self.check_period)
        head.addRow(self.t("Period start"), start_row)

        self.table = _Table(len(_COLUMNS), 4)
        self.table.setHorizontalHeaderLabels([self.t(c) for c in _COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.add_events_button = QPushButton(self.t("Add &event files…"))
        self.add_results_button = QPushButton(self.t("Add &results played elsewhere…"))
        self.remove_button = QPushButton(self.t("Re&move"))
        self.add_events_button.clicked.connect(lambda: self.add_event_files())
        self.add_results_button.clicked.connect(lambda: self.add_results_files())
        self.remove_button.clicked.connect(self.remove_selected)
        buttons_row = QHBoxLayout()
        for b in (self.add_events_button, self.add_results_button, self.remove_button):
            buttons_row.addWidget(b)
        buttons_row.addStretch(1)
        events_box = QGroupBox(self.t("Events"))
        events_layout = QVBoxLayout(events_box)
        events_layout.addWidget(self.table)
        events_layout.addLayout(buttons_row)

        self.rating_list = self._path_field(N_("Rating lists (*.csv *.txt)"))
        self.carry_in = self._path_field(N_("Carry (*.json)"))
        self.players_file = self._path_field(N_("CSV (*.csv)"))
        inputs_box = QGroupBox(self.t("Inputs"))
        inputs = QFormLayout(inputs_box)
        inputs.addRow(self.t("Rating list at the period start"), self.rating_list[0])
        inputs.addRow(self.t("Previous period's carry"), self.carry_in[0])
        self.players_label = QLabel(self.t("Players' series and last events (Scrabble)"))
        inputs.addRow(self.players_label, self.players_file[0])

        self.compute_button = QPushButton(self.t("&Compute"))
        self.compute_button.clicked.connect(lambda: self.compute())
        self.results = _Table(len(_RESULT_COLUMNS), 5)
        self.results.setHorizontalHeaderLabels([self.t(c) for c in _RESULT_COLUMNS])
        self.results.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.results.setSortingEnabled(True)
        self.summary = _Note()
        self.error_label = _Note()
        self.error_label.setStyleSheet("color: #b00020")
        self.save_list_button = QPushButton(self.t("Save the new &list (CSV)…"))
        self.save_carry_button = QPushButton(self.t("Save the &carry for the next period…"))
        self.save_list_button.clicked.connect(lambda: self.save_list())
        self.save_carry_button.clicked.connect(lambda: self.save_carry())
        for b in (self.save_list_button, self.save_carry_button):
            b.setEnabled(False)
        save_row = QHBoxLayout()
        save_row.addWidget(self.compute_button)
        save_row.addStretch(1)
        save_row.addWidget(self.save_list_button)
        save_row.addWidget(self.save_carry_button)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(events_box)
        layout.addWidget(inputs_box)
        layout.addLayout(save_row)
        layout.addWidget(self.error_label)
        layout.addWidget(self.summary)
        layout.addWidget(self.results, 1)
        layout.addWidget(close)
        self.resize(1000, 640)
        self._system_changed()

    # -- texts --------------------------------------------------------------------------------------------------
    def t(self, text: str, *args: object) -> str:
        """The window's translation (the program's catalogue)."""
        return self._translate(text, *args) if args else self._translate(text)

    def _show_error(self, exc: TournamentError) -> None:
        message = exc.message(self.lang)
        self.messages.append(message)
        self.error_label.setText(message)

    # -- inputs -------------------------------------------------------------------------------------------------
    @property
    def current_system(self) -> RatingSystem:
        return RatingSystem(self.system.currentData())  # Qt hands the str-enum back as its text

    def _path_field(self, file_filter: str) -> tuple[QWidget, QLineEdit]:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        edit = QLineEdit()
        browse = QPushButton(self.t("Browse…"))
        clear = QPushButton(self.t("Clear"))
        row.addWidget(edit, 1)
        row.addWidget(browse)
        row.addWidget(clear)
        browse.clicked.connect(lambda: self._browse(edit, file_filter))
        clear.clicked.connect(edit.clear)
        return box, edit

    def _browse(self, edit: QLineEdit, file_filter: str) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.windowTitle(), "", self.t(file_filter))
        if path:
            edit.setText(path)

    def _system_changed(self) -> None:
        system = self.current_system
        for col in _SCRABBLE_COLUMNS:
            self.table.setColumnHidden(col, system is not RatingSystem.FISF_PL)
        for col in _FFJD_COLUMNS:
            self.table.setColumnHidden(col, system is not RatingSystem.FFJD)
        self.players_file[0].setEnabled(system is RatingSystem.FISF_PL)
        self.players_label.setEnabled(system is RatingSystem.FISF_PL)
        if self.results_files:  # results are read in the system's notation: read them again
            self._reload()

    def add_event_files(self, paths: Sequence[Path | str] | None = None) -> None:
        if paths is None:
            chosen, _ = QFileDialog.getOpenFileNames(self, self.t("Add &event files…").replace("&", ""), "",
                                                     self.t("Event files (*.tdesk)"))
            paths = chosen
        new = [Path(p) for p in paths if Path(p) not in self.event_files]
        if new:
            self.event_files += new
            self._reload(new_events=new)

    def add_results_files(self, paths: Sequence[Path | str] | None = None) -> None:
        if paths is None:
            chosen, _ = QFileDialog.getOpenFileNames(self, self.t("Add &results played elsewhere…").replace("&", ""),
                                                     "", self.t("Results (*.csv *.txt)"))
            paths = chosen
        new = [Path(p) for p in paths if Path(p) not in self.results_files]
        if new:
            self.results_files += new
            self._reload(new_results=new)

    def remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        labels = {self.events[r].label for r in rows}
        sources = {str(self.events[r].label).split("#")[0] for r in rows}
        self.event_files = [f for f in self.event_files if str(f) not in labels]
        self.results_files = [f for f in self.results_files if f.name not in sources]
        self._reload()

    def _reload(self, new_events: Sequence[Path] = (), new_results: Sequence[Path] = ()) -> None:
        """Read the files again (keeping what was typed in the table), or roll back the files just added when
        they cannot be read."""
        typed = {ev.label: self._row_inputs(r) for r, ev in enumerate(self.events)}
        try:
            events = self.services.load_events(self.event_files, self.results_files, self.current_system)
        except TournamentError as exc:
            self.event_files = [f for f in self.event_files if f not in new_events]
            self.results_files = [f for f in self.results_files if f not in new_results]
            self._show_error(exc)
            return
        self.error_label.clear()
        self.events = events
        self.table.setRowCount(0)
        for ev in events:
            self._add_row(ev, typed.get(ev.label))

    def _add_row(self, ev: PeriodEvent, typed: EventInputs | None) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        stored = ev.inputs
        shown = typed.over(stored) if typed is not None else stored
        for col, text in enumerate((ev.label, ev.name, ev.date.strftime("%d/%m/%Y") if ev.date else "",
                                    self.t("event file") if ev.source == "file" else self.t("played elsewhere"))):
            item = QTableWidgetItem(text)
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.table.setItem(row, col, item)
        kind = QComboBox()
        for k in scrabble_pl.EventKind:
            kind.addItem(k.value, k)
        kind.setCurrentIndex(kind.findData(shown.kind or scrabble_pl.EventKind.HOMOLOGATED))
        self.table.setCellWidget(row, 4, kind)
        classic_b = QCheckBox()
        classic_b.setChecked(bool(shown.classic_b))
        self.table.setCellWidget(row, 5, classic_b)
        eonc = QLineEdit("" if shown.organiser_estimate is None else f"{shown.organiser_estimate:g}")
        self.table.setCellWidget(row, 6, eonc)
        cadence = QComboBox()
        cadence.addItem(self.t("auto"), None)
        for c in ffjd.Cadence:
            cadence.addItem(c.value, c)
        cadence.setCurrentIndex(max(0, cadence.findData(shown.cadence)) if shown.cadence else 0)
        self.table.setCellWidget(row, 7, cadence)
        present = QComboBox()
        for p in ffjd.Present:
            present.addItem(p.value, p)
        present.setCurrentIndex(present.findData(shown.present or ffjd.Present.COUNTED_GAME))
        self.table.setCellWidget(row, 8, present)

    def _cell(self, row: int, column: int, kind: type[W]) -> W:
        """The widget of a cell of the events table, of the kind :meth:`_add_row` put there."""
        widget = self.table.cellWidget(row, column)
        if not isinstance(widget, kind):
            raise TypeError(f"row {row}, column {column}: {type(widget).__name__}, not {kind.__name__}")
        return widget

    def _row_inputs(self, row: int) -> EventInputs:
        """The inputs of one row of the table (a bilingual error for an EONC that is not a number)."""
        kind = self._cell(row, 4, QComboBox)
        classic_b = self._cell(row, 5, QCheckBox)
        eonc = self._cell(row, 6, QLineEdit)
        cadence = self._cell(row, 7, QComboBox)
        present = self._cell(row, 8, QComboBox)
        text = eonc.text().strip()
        estimate = None
        if text:
            try:
                estimate = float(text.replace(",", "."))
            except ValueError:
                estimate = -1.0
            if not 600 <= estimate <= 3000:
                label = self.events[row].label
                raise ValidationError(msg("EONC must be a number from 600 to 3000, not '{text}' ({label})", text=text,
                                          label=label))
        chosen_cadence = cadence.currentData()
        return EventInputs(kind=scrabble_pl.EventKind(kind.currentData()), classic_b=classic_b.isChecked(),
                           organiser_estimate=estimate,
                           cadence=ffjd.Cadence(chosen_cadence) if chosen_cadence else None,
                           present=ffjd.Present(present.currentData()))

    def set_row_inputs(self, label: str, *, kind: scrabble_pl.EventKind | None = None, classic_b: bool | None = None,
                       organiser_estimate: float | None = None, cadence: ffjd.Cadence | None = None,
                       present: ffjd.Present | None = None) -> None:
        """Fill one row of the table as the arbiter would (tests, scripted use)."""
        row = next(r for r, ev in enumerate(self.events) if ev.label == label or ev.name == label)
        if kind is not None:
            combo = self._cell(row, 4, QComboBox)
            combo.setCurrentIndex(combo.findData(kind))
        if classic_b is not None:
            self._cell(row, 5, QCheckBox).setChecked(classic_b)
        if organiser_estimate is not None:
            self._cell(row, 6, QLineEdit).setText(f"{organiser_estimate:g}")
        if cadence is not None:
            combo = self._cell(row, 7, QComboBox)
            combo.setCurrentIndex(combo.findData(cadence))
        if present is not None:
            combo = self._cell(row, 8, QComboBox)
            combo.setCurrentIndex(combo.findData(present))

    # -- compute and save ---------------------------------------------------------------------------------------
    def compute(self) -> PeriodResult | None:
        self.error_label.clear()
        try:
            if not self.events:
                raise ValidationError(msg("Add at least one event file or results file"))
            system = self.current_system
            inputs = {ev.label: self._row_inputs(r) for r, ev in enumerate(self.events)}
            rating_list = Path(self.rating_list[1].text()) if self.rating_list[1].text().strip() else None
            carry = (self.services.load_carry(Path(self.carry_in[1].text()), system)
                     if self.carry_in[1].text().strip() else None)
            players = (self.services.load_player_inputs(Path(self.players_file[1].text()))
                       if system is RatingSystem.FISF_PL and self.players_file[1].text().strip() else None)
            start = self.period_start.date() if self.check_period.isChecked() else None

            def work() -> PeriodResult:
                return self.services.run(self.event_files, system, start, rating_list=rating_list, carry=carry,
                                         event_inputs=inputs, results_files=self.results_files,
                                         player_inputs=players)

            result = run_in_background(self, self.t("Computing the period…"), work)
        except TournamentError as exc:
            self._show_error(exc)
            return None
        self.period_result = result
        self._show_result(result)
        return result

    def _show_result(self, result: PeriodResult) -> None:
        rows: list[PreviewRow] = sorted(result.rows, key=lambda r: r.name)
        self.results.setSortingEnabled(False)
        self.results.setRowCount(len(rows))
        for i, r in enumerate(rows):
            k = "" if r.k is None else (f"{r.k:.1f}".rstrip("0").rstrip(".") if r.k >= 1.5 else f"{r.k:.2f}")
            values: list[tuple[str, float | None]] = [
                (r.name, None), (_n(r.rating_before), r.rating_before), (str(r.games_counted), r.games_counted),
                (_n(r.score, 1), r.score), (_n(r.expected_score, 2), r.expected_score), (k, r.k),
                ("" if r.evolution is None else f"{r.evolution:+.0f}", r.evolution), (_n(r.new_rating), r.new_rating),
                (_n(r.performance), r.performance), (r.note_text(self.lang), None)]
            for col, (text, number) in enumerate(values):
                item = QTableWidgetItem(decimal_text(text, self.lang) if number is not None else text)
                if number is not None:
                    item.setData(Qt.ItemDataRole.UserRole, number)
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.results.setItem(i, col, item)
        self.results.setSortingEnabled(True)
        warnings = list(result.warning_texts(self.lang))
        self.summary.setText("\n".join([self.t("{} player(s), {} event(s); {} carried to the next period",
                                               len(rows), len(result.events), len(result.carry)), *warnings]))
        for b in (self.save_list_button, self.save_carry_button):
            b.setEnabled(True)

    def _save_path(self, path: Path | str | None, title: str, default: str, file_filter: str) -> Path | None:
        if path is not None:
            return Path(path)
        chosen, _ = QFileDialog.getSaveFileName(self, self.t(title).replace("&", ""), default, self.t(file_filter))
        return Path(chosen) if chosen else None

    def save_list(self, path: Path | str | None = None) -> Path | None:
        if self.period_result is None:
            return None
        target = self._save_path(path, N_("Save the new &list (CSV)…"), "nouvelle-liste.csv", N_("CSV (*.csv)"))
        if target is None:
            return None
        written = self.services.write_list(self.period_result, target)
        self.summary.setText(self.summary.text() + "\n" + self.t("Written: {}", written))
        return written

    def save_carry(self, path: Path | str | None = None) -> Path | None:
        if self.period_result is None:
            return None
        target = self._save_path(path, N_("Save the &carry for the next period…"), "report.json", N_("Carry (*.json)"))
        if target is None:
            return None
        written = self.services.write_carry(self.period_result, target)
        self.summary.setText(self.summary.text() + "\n" + self.t("Written: {}", written))
        return written


def _n(value: float | None, digits: int = 0) -> str:
    return "" if value is None else f"{value:.{digits}f}"
