"""Standings tab: after any round, place, points and the event's tie-break columns, with the rule edition;
double-click a tie-break value to see how it was computed; export as CSV."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QComboBox, QFileDialog, QHBoxLayout, QLabel, QMessageBox, QPushButton, QVBoxLayout

from tournament_desk.core.errors import TournamentError
from tournament_desk.gui.models.tables import RowsModel
from tournament_desk.gui.tabs.base import Tab, make_table
from tournament_desk.services.standings import Standings, StandingsLine, explain, standings

if TYPE_CHECKING:
    from tournament_desk.gui.main_window import MainWindow


class StandingsTab(Tab):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.after = QComboBox()
        self.after.currentIndexChanged.connect(lambda _i: self.show_table())
        top.addWidget(self.after)
        top.addStretch(1)
        self.export_button = QPushButton()
        self.export_button.clicked.connect(lambda: self.export_csv())
        top.addWidget(self.export_button)
        layout.addLayout(top)
        self.model = RowsModel([])
        self.view = make_table(self.model)
        self.view.doubleClicked.connect(lambda index: self.explain_cell(index.row(), index.column()))
        layout.addWidget(self.view)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.table: Standings | None = None

    def retranslate(self) -> None:
        self.export_button.setText(self.t("E&xport CSV…"))

    def refresh(self) -> None:
        state = self.window_.state
        keep = self.after.currentData()
        if state is not None and state.last_round > self.after.count() - 1:
            keep = state.last_round  # a new round: show the latest standings
        self.after.blockSignals(True)
        self.after.clear()
        if state is not None:
            for n in range(state.last_round + 1):
                self.after.addItem(self.t("After round {}", n), n)
            wanted = keep if keep is not None and keep <= state.last_round else state.last_round
            self.after.setCurrentIndex(self.after.findData(wanted))
        self.after.blockSignals(False)
        self.show_table()

    def show_table(self) -> None:
        state = self.window_.state
        if state is None:
            self.model.set_rows([])
            return
        lang = self.t.lang
        try:
            table = standings(state, after_round=self.after.currentData())
        except TournamentError as exc:  # e.g. a tie-break that needs data the event lacks: say why
            self.note.setText(exc.message(lang))
            self.model.set_rows([])
            return
        self.table = table
        columns: list[tuple[str, Any]] = [
            (self.t("Rank"), lambda ln: ln.place_text if not ln.shared or _first(table, ln) else ""),
            (self.t("Name"), lambda ln: ln.name),
            (self.t("Club"), lambda ln: ln.club),
            (self.t("Rating"), lambda ln: ln.rating),
            (self.t("Points"), lambda ln: ln.points_text(lang)),
        ]
        for i, col in enumerate(table.columns):
            columns.append((col.code, lambda ln, i=i: ln.texts(lang)[i]))
        self.model.set_columns(columns)
        self.model.set_rows(table.lines)
        self.model.set_highlight(lambda ln: "#eeeeee" if ln.withdrawn else None)
        self.note.setText(table.edition_note(lang))

    def explain_cell(self, row: int, column: int, *, show: bool = True) -> str | None:
        """The explanation of the tie-break in ``column`` for the player on ``row`` (a message box)."""
        if self.table is None or column < 5 or row >= len(self.table.lines):
            return None
        state = self.window_.state
        if state is None:
            return None
        code = self.table.columns[column - 5].code
        line = self.table.lines[row]
        text = explain(state, line.player_id, code, after_round=self.table.after_round).to_text(self.t.lang)
        if show:
            QMessageBox.information(self, code, text)
        return text

    def export_csv(self, path: str | None = None) -> None:
        if self.table is None:
            return
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.t("E&xport CSV…"), "", "CSV (*.csv)")
        if not path:
            return
        table, target = self.table, Path(path)
        self.run(lambda: target.write_text(table.to_csv(self.t.lang), encoding="utf-8-sig"))


def _first(table: Standings, line: StandingsLine) -> bool:
    group = [ln for ln in table.lines if ln.place == line.place]
    return group[0] is line
