"""Pairings tab: pair the next round (by the event's system), the boards, unpair, and the Berger grid."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QComboBox, QFileDialog, QHBoxLayout, QInputDialog, QLabel, QPushButton, QVBoxLayout

from tournament_desk.core.errors import StateError, TournamentError
from tournament_desk.core.model import EventState, Game, PairingSystem
from tournament_desk.core.pairing.knockout import recommended_size
from tournament_desk.core.results import Outcome, format_game_result
from tournament_desk.gui.dialogs.manual_dialog import ManualPairingDialog
from tournament_desk.gui.models.tables import RowsModel
from tournament_desk.gui.tabs.base import Tab, make_table
from tournament_desk.gui.worker import run_in_background
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.roundrobin import event_grid_pdf, schedule_for
from tournament_desk.services.swiss_variants import bracket, start_top_cut, top_cut_settings

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


def selected_round(tab: Any) -> tuple[EventState, Any, dict[int, str]] | None:
    """The state, the round chosen in ``tab.round`` and the players' names; or None (the tab is then emptied:
    its model cleared and ``tab.byes`` saying that no round is paired). Shared by the Pairings and Results tabs."""
    state = tab.window_.state
    number = tab.round.currentData()
    if state is None or number is None:
        tab.model.set_rows([])
        tab.byes.setText(tab.t("No round paired yet"))
        return None
    return state, state.round(number), {p.id: p.name for p in state.players}


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
        self.manual_button = QPushButton()
        self.manual_button.clicked.connect(lambda: self.pair_by_hand())
        self.topcut_button = QPushButton()
        self.topcut_button.clicked.connect(lambda: self.start_top_cut())
        for b in (self.pair_button, self.manual_button, self.unpair_button, self.topcut_button,
                  self.print_grid_button):
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
        self.notes: tuple[str, ...] = ()
        """What the engine said about the round just paired (floats, colours not granted...)."""

    def retranslate(self) -> None:
        self.pair_button.setText(self.t("&Pair next round"))
        self.unpair_button.setText(self.t("&Unpair last round"))
        self.print_grid_button.setText(self.t("Print grid (PDF)…"))
        self.manual_button.setText(self.t("Pair by &hand…"))
        self.topcut_button.setText(self.t("&Top cut…"))

    def refresh(self) -> None:
        state = self.window_.state
        swiss = state is not None and not state.event.system.is_round_robin
        self.manual_button.setVisible(swiss)
        self.topcut_button.setVisible(swiss and state is not None and bool(state.rounds))
        self.pair_button.setVisible(state is None or state.event.system is not PairingSystem.MANUAL
                                    or (self.window_.session is not None
                                    and top_cut_settings(self.window_.session) is not None))
        self.round.fill(self.t, state)
        self.show_round()
        self.show_grid()

    def show_round(self) -> None:
        t = self.t
        selected = selected_round(self)
        if selected is None:
            return
        state, rnd, names = selected
        number = rnd.number

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
        text = ", ".join(f"{names[b.player_id]}: {bye_text(t, state, b.kind)}" for b in rnd.byes)
        if self.notes and number == state.last_round and not state.event.system.is_round_robin:
            text += ("\n" if text else "") + "\n".join(self.notes)
        self.byes.setText(text)

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
        """Pair with the engine of the event's system. ``confirm_missing`` answers the "results missing"
        question (None: ask the arbiter)."""
        session = self.window_.session
        if session is None:
            return
        try:
            try:
                result = run_in_background(self, self.t("Pairing…"), lambda: pair_next(session))
            except StateError as exc:
                if "misses results" not in exc.en or session.event.system is PairingSystem.DUTCH:
                    raise
                if confirm_missing is None:
                    confirm_missing = self.window_.ask(exc.message(self.t.lang) + "\n\n" + self.t("Pair anyway?"))
                if not confirm_missing:
                    return
                result = run_in_background(self, self.t("Pairing…"), lambda: pair_next(session, force=True))
        except TournamentError as exc:
            self.window_.warn(exc.message(self.t.lang))
            self.window_.refresh()
            return
        self.notes = result.notes(self.t.lang)
        if session.event.system.is_round_robin:
            for note in self.notes:  # homologation warnings (seed 000 §5.4)
                self.window_.inform(note)
        self.window_.refresh()

    def pair_by_hand(self) -> ManualPairingDialog | None:
        """The assisted manual pairing board (seed 000 §6.6); also overrides an engine pairing once the last
        round is unpaired. Returns the dialog (tests drive it)."""
        session = self.window_.session
        if session is None:
            return None
        dialog = ManualPairingDialog(self, self.t, session)
        if self.window_.interactive:
            dialog.exec()
            self.window_.refresh()
        return dialog

    def start_top_cut(self, size: int | None = None, draw_rule: str | None = None) -> None:
        """Seed 004: a single-elimination bracket of the top players after the Swiss rounds."""
        session = self.window_.session
        if session is None:
            return
        if top_cut_settings(session) is not None:
            self.show_bracket()
            return
        if size is None or draw_rule is None:
            state = session.state()
            recommended = recommended_size(len(state.players)) or 4
            sizes = ["4", "8", "16", "32"]
            choice, ok = QInputDialog.getItem(self, self.t("&Top cut…"), self.t("Players in the top cut:"), sizes,
                                              sizes.index(str(recommended)) if str(recommended) in sizes else 0,
                                              False)
            if not ok:
                return
            rules = [self.t("higher seed advances on a draw"), self.t("a play-off decides a draw")]
            rule, ok = QInputDialog.getItem(self, self.t("&Top cut…"), self.t("Drawn games:"), rules, 0, False)
            if not ok:
                return
            size, draw_rule = int(choice), ("higher-seed" if rule == rules[0] else "playoff")
        chosen_size, chosen_rule = size, draw_rule
        self.run(lambda: start_top_cut(session, chosen_size, chosen_rule))

    def bracket_text(self) -> str:
        session = self.window_.session
        if session is None or top_cut_settings(session) is None:
            return ""
        b = bracket(session)
        names = {p.id: p.name for p in session.state().players}
        lines = []
        for number, stage in enumerate(b.stages, start=1):
            lines.append(self.t("Knockout round {}", number))
            for m in stage:
                players = [names.get(pid, "?") for pid in (m.player_a, m.player_b) if pid is not None]
                lines.append("  " + " – ".join(players) + (f"  → {names.get(m.winner, '')}" if m.winner else ""))
        if b.champion is not None:
            lines.append(self.t("Champion: {}", names.get(b.champion, "")))
        return "\n".join(lines)

    def show_bracket(self) -> None:
        self.window_.inform(self.bracket_text())

    def unpair(self, confirm: bool = True) -> None:
        session = self.window_.session
        if session is None:
            return
        if confirm and not self.window_.ask(self.t("Cancel the pairing of the last round?")):
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
