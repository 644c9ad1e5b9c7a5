"""Pairings tab: pair the next round (by the event's system), the boards, unpair, and the Berger grid."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QComboBox, QFileDialog, QHBoxLayout, QLabel, QMessageBox, QPushButton, QVBoxLayout

from tournament_desk.core.errors import StateError, TournamentError
from tournament_desk.core.model import EventState, Game
from tournament_desk.core.results import Outcome, format_game_result
from tournament_desk.gui.models.tables import RowsModel
from tournament_desk.gui.tabs.base import Tab, make_table
from tournament_desk.gui.worker import run_in_background
from tournament_desk.services.roundrobin import event_grid_pdf, pair_next_round, schedule_for

if TYPE_CHECKING:
    from tournament_desk.gui.main_window import MainWindow

BYE_LABELS = {
    Outcome.PAIRING_BYE: "pairing-allocated bye",
    Outcome.HALF_BYE: "half-point bye",
    Outcome.FULL_BYE: "full-point bye",
    Outcome.ZERO_BYE: "absent",
    Outcome.WITHDRAWN: "withdrawn",
}


def bye_text(t: Any, state: EventState, kind: Outcome) -> str:
    if kind is Outcome.PAIRING_BYE and state.event.system.is_round_robin:
        return "EXEMPT"
    return t(BYE_LABELS.get(kind, kind.value))


class RoundSelector(QComboBox):
    """The rounds paired so far; keeps the chosen round across refreshes, but jumps to a newly paired round."""

    def fill(self, t: Any, state: EventState | None) -> None:
        keep = self.currentData()
        if state is not None and self.count() and state.last_round > self.count():
            keep = state.last_round
        self.blockSignals(True)
        self.clear()
        if state is not None:
            for r in state.rounds:
                self.addItem(t("Round {}", r.number), r.number)
            if state.rounds:
                numbers = [r.number for r in state.rounds]
                self.setCurrentIndex(self.findData(keep if keep in numbers else state.last_round))
        self.blockSignals(False)


class PairingsTab(Tab):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.round = RoundSelector()
        self.round.currentIndexChanged.connect(lambda _i: self.show_round())
        top.addWidget(self.round)
        top.addStretch(1)
        self.pair_button = QPushButton()
        self.pair_button.clicked.connect(lambda: self.pair_next_round())
        self.unpair_button = QPushButton()
        self.unpair_button.clicked.connect(lambda: self.unpair())
        self.print_grid_button = QPushButton()
        self.print_grid_button.clicked.connect(lambda: self.print_grid())
        for b in (self.pair_button, self.unpair_button, self.print_grid_button):
            top.addWidget(b)
        layout.addLayout(top)
        self.model = RowsModel([])
        self.view = make_table(self.model)
        layout.addWidget(self.view, 2)
        self.byes = QLabel()
        self.byes.setWordWrap(True)
        layout.addWidget(self.byes)
        self.grid_label = QLabel()
        layout.addWidget(self.grid_label)
        self.grid_model = RowsModel([])
        self.grid_view = make_table(self.grid_model)
        layout.addWidget(self.grid_view, 3)

    def retranslate(self) -> None:
        self.pair_button.setText(self.t("&Pair next round"))
        self.unpair_button.setText(self.t("&Unpair last round"))
        self.print_grid_button.setText(self.t("Print grid (PDF)…"))

    def refresh(self) -> None:
        state = self.window_.state
        self.round.fill(self.t, state)
        self.show_round()
        self.show_grid()

    def show_round(self) -> None:
        t = self.t
        state = self.window_.state
        number = self.round.currentData()
        if state is None or number is None:
            self.model.set_rows([])
            self.byes.setText(t("No round paired yet"))
            return
        rnd = state.round(number)
        names = {p.id: p.name for p in state.players}

        def points(pid: int) -> str:
            return f"{state.score(pid, number - 1):g}"

        def result(g: Game) -> str:
            return format_game_result(g.result, state.event.discipline) if g.result else ""

        self.model.set_columns([
            (t("Board"), lambda g: g.board),
            (t("White"), lambda g: f"{names[g.white_id]} ({points(g.white_id)})"),
            (t("Result"), result),
            (t("Black"), lambda g: f"{names[g.black_id]} ({points(g.black_id)})"),
        ])
        self.model.set_rows(rnd.games)
        self.byes.setText(", ".join(f"{names[b.player_id]}: {bye_text(t, state, b.kind)}" for b in rnd.byes))

    def show_grid(self) -> None:
        t = self.t
        state = self.window_.state
        is_rr = state is not None and state.event.system.is_round_robin and len(state.players) >= 2
        for widget in (self.grid_label, self.grid_view, self.print_grid_button):
            widget.setVisible(is_rr)
        if not is_rr or state is None:
            self.grid_model.set_rows([])
            return
        schedule = schedule_for(state)
        exempt = schedule.exempt
        self.grid_label.setText(t("FMJD grid (FFJD Annex A board order)") if schedule.order == "fmjd"
                                else t("FIDE Berger table (C.05 Annex 1)"))
        numbered = {p.pairing_number: p for p in state.players if p.pairing_number is not None}

        def label(n: int) -> str:
            if n == exempt:
                return "EXEMPT"
            player = numbered.get(n)
            return f"{n} {player.surname}" if player else str(n)

        width = max(len(r) for r in schedule.rounds)
        columns: list[tuple[str, Any]] = [(t("Round"), lambda row: row[0])]
        for b in range(width):
            columns.append((f"{t('Board')} {b + 1}",
                            lambda row, b=b: f"{label(row[1][b][0])} – {label(row[1][b][1])}" if b < len(row[1])
                            else ""))
        self.grid_model.set_columns(columns)
        self.grid_model.set_rows([(i + 1, r) for i, r in enumerate(schedule.rounds)])

    # -- actions ---------------------------------------------------------------------------------------
    def pair_next_round(self, *, confirm_missing: bool | None = None) -> None:
        """Pair with the event's engine. ``confirm_missing`` answers the "results missing" question
        (None: ask the arbiter)."""
        session = self.window_.session
        if session is None:
            return
        if not session.event.system.is_round_robin:
            self.window_.inform(self.t("Pairing this system from the window is not available yet"))
            return
        try:
            try:
                result = run_in_background(self, self.t("Pairing…"), lambda: pair_next_round(session))
            except StateError as exc:
                if "misses results" not in exc.en:
                    raise
                if confirm_missing is None:
                    answer = QMessageBox.question(self, "tournament_desk",
                                                  exc.message(self.t.lang) + "\n\n" + self.t("Pair anyway?"))
                    confirm_missing = answer == QMessageBox.StandardButton.Yes
                if not confirm_missing:
                    return
                result = run_in_background(self, self.t("Pairing…"), lambda: pair_next_round(session, force=True))
            for warning in result.warnings:
                self.window_.inform(warning.fr if self.t.lang == "fr" else warning.en)
        except TournamentError as exc:
            self.window_.warn(exc.message(self.t.lang))
        self.window_.refresh()

    def unpair(self, confirm: bool = True) -> None:
        session = self.window_.session
        if session is None:
            return
        if confirm and QMessageBox.question(self, "tournament_desk", self.t("Cancel the pairing of the last round?")) \
                != QMessageBox.StandardButton.Yes:
            return
        self.run(session.unpair_last_round)

    def print_grid(self, path: str | None = None) -> None:
        session = self.window_.session
        if session is None:
            return
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.t("Print grid (PDF)…"), "", "PDF (*.pdf)")
        if not path:
            return
        target = Path(path)
        self.run(lambda: target.write_bytes(event_grid_pdf(session, lang=self.t.lang)))
