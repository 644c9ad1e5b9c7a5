"""The main window: four tabs over an open :class:`EventSession`.

Widgets never hold domain state: after every action they reload what the session returns.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, QSortFilterProxyModel, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tournament_desk import __version__
from tournament_desk.core.errors import StateError, TournamentError
from tournament_desk.core.model import EventState, Game, Player
from tournament_desk.core.results import Outcome, format_game_result
from tournament_desk.gui.i18n import Translator
from tournament_desk.gui.models.tables import RowsModel
from tournament_desk.services.roundrobin import assign_numbers, event_grid_pdf, pair_next_round, schedule_for
from tournament_desk.services.session import EventSession

BYE_LABELS = {
    Outcome.PAIRING_BYE: "pairing-allocated bye",
    Outcome.HALF_BYE: "half-point bye",
    Outcome.FULL_BYE: "full-point bye",
    Outcome.ZERO_BYE: "absent",
    Outcome.WITHDRAWN: "withdrawn",
}


def _table(model: Any, *, sortable: bool = False) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setSortingEnabled(sortable)
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    view.setAlternatingRowColors(True)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    view.horizontalHeader().setStretchLastSection(True)
    view.verticalHeader().setVisible(False)
    return view


class MainWindow(QMainWindow):
    def __init__(self, session: EventSession | None = None, *, lang: str = "fr") -> None:
        super().__init__()
        self.tr_ = Translator(lang)
        self.session: EventSession | None = session
        self.state: EventState | None = None

        self.tabs = QTabWidget()
        self.setCentralWidget(self.tabs)
        self._build_registration()
        self._build_round_tab("pairings")
        self._build_round_tab("results")
        self._build_standings()
        self._build_menus()
        self.resize(1100, 720)
        self.retranslate()
        self.refresh()

    # -- construction --------------------------------------------------------------------------------
    def _build_registration(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        top = QHBoxLayout()
        self.player_filter = QLineEdit()
        self.player_filter.setClearButtonEnabled(True)
        top.addWidget(self.player_filter, 1)
        self.lot_button = QPushButton()
        self.lot_button.clicked.connect(lambda: self._run(lambda: assign_numbers(self._session(), "lot")))
        self.rating_numbers_button = QPushButton()
        self.rating_numbers_button.clicked.connect(
            lambda: self._run(lambda: assign_numbers(self._session(), "rating")))
        self.manual_numbers_button = QPushButton()
        self.manual_numbers_button.clicked.connect(lambda: self.number_by_hand())
        top.addWidget(self.lot_button)
        top.addWidget(self.rating_numbers_button)
        top.addWidget(self.manual_numbers_button)
        layout.addLayout(top)
        self.players_model = RowsModel([])
        self.players_proxy = QSortFilterProxyModel()
        self.players_proxy.setSourceModel(self.players_model)
        self.players_proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.players_proxy.setFilterKeyColumn(-1)
        self.players_proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.player_filter.textChanged.connect(self.players_proxy.setFilterFixedString)
        self.players_view = _table(self.players_proxy, sortable=True)
        layout.addWidget(self.players_view)
        self.registration_page = page
        self.tabs.addTab(page, "")

    def _build_round_tab(self, kind: str) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        top = QHBoxLayout()
        combo = QComboBox()
        top.addWidget(combo)
        top.addStretch(1)
        layout.addLayout(top)
        model = RowsModel([])
        view = _table(model)
        layout.addWidget(view, 2)
        if kind == "pairings":
            self.pair_button = QPushButton()
            self.pair_button.clicked.connect(self.pair_next_round)
            self.unpair_button = QPushButton()
            self.unpair_button.clicked.connect(lambda: self._run(lambda: self._session().unpair_last_round()))
            self.print_grid_button = QPushButton()
            self.print_grid_button.clicked.connect(self.print_grid)
            for button in (self.pair_button, self.unpair_button, self.print_grid_button):
                top.addWidget(button)
            self.grid_label = QLabel()
            layout.addWidget(self.grid_label)
            self.grid_model = RowsModel([])
            self.grid_view = _table(self.grid_model)
            layout.addWidget(self.grid_view, 3)
        byes = QLabel()
        layout.addWidget(byes)
        combo.currentIndexChanged.connect(lambda _i, k=kind: self._show_round(k))
        setattr(self, f"{kind}_round", combo)
        setattr(self, f"{kind}_model", model)
        setattr(self, f"{kind}_view", view)
        setattr(self, f"{kind}_byes", byes)
        self.tabs.addTab(page, "")

    def _build_standings(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.standings_model = RowsModel([])
        self.standings_view = _table(self.standings_model)
        layout.addWidget(self.standings_view)
        self.tabs.addTab(page, "")

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        self.open_action = QAction(self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self.open_dialog)
        self.quit_action = QAction(self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        self.file_menu.addAction(self.open_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.quit_action)

        self.edit_menu = bar.addMenu("")
        self.undo_action = QAction(self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction(self)
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        self.redo_action.triggered.connect(self.redo)
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)

        self.help_menu = bar.addMenu("")
        self.lang_menu = self.help_menu.addMenu("")
        for code, label in (("fr", "Français"), ("en", "English")):
            action = QAction(label, self)
            action.triggered.connect(lambda _c=False, c=code: self.set_language(c))
            self.lang_menu.addAction(action)
        self.about_action = QAction(self)
        self.about_action.triggered.connect(self.about)
        self.help_menu.addAction(self.about_action)

    # -- language --------------------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        self.tr_ = Translator(lang)
        QSettings().setValue("language", lang)
        self.retranslate()
        self.refresh()

    def retranslate(self) -> None:
        t = self.tr_
        for i, name in enumerate(("Registration", "Pairings", "Results", "Standings")):
            self.tabs.setTabText(i, t(name))
        self.file_menu.setTitle(t("&File"))
        self.edit_menu.setTitle(t("&Edit"))
        self.help_menu.setTitle(t("&Help"))
        self.lang_menu.setTitle(t("Language"))
        self.open_action.setText(t("&Open…"))
        self.quit_action.setText(t("&Quit"))
        self.about_action.setText(t("About tournament_desk"))
        self.player_filter.setPlaceholderText("🔍")
        self.lot_button.setText(t("Draw pairing numbers"))
        self.rating_numbers_button.setText(t("Number by rating"))
        self.manual_numbers_button.setText(t("Number by hand…"))
        self.pair_button.setText(t("Pair next round"))
        self.unpair_button.setText(t("Unpair last round"))
        self.print_grid_button.setText(t("Print grid (PDF)…"))

    # -- data ----------------------------------------------------------------------------------------------
    def set_session(self, session: EventSession) -> None:
        if self.session is not None:
            self.session.close()
        self.session = session
        self.refresh()

    def refresh(self) -> None:
        t = self.tr_
        if self.session is None:
            self.state = None
            self.setWindowTitle("tournament_desk")
            return
        self.state = state = self.session.state()
        self.setWindowTitle(f"{state.event.name} — {self.session.path.name} — tournament_desk")
        system = state.event.rating_system

        def status(p: Player) -> str:
            if p.withdrawn_from_round is None:
                return t("active")
            return t("withdrawn from round {}", p.withdrawn_from_round)

        self.players_model.set_columns([
            (t("No."), lambda p: p.pairing_number or p.id),
            (t("Name"), lambda p: p.name),
            (t("Club"), lambda p: p.club),
            (t("Fed."), lambda p: p.federation),
            (t("Rating"), lambda p: p.rating(system)),
            (t("Licence"), lambda p: p.licence_id),
            (t("Status"), status),
        ])
        self.players_model.set_rows(state.players)
        for kind in ("pairings", "results"):
            combo: QComboBox = getattr(self, f"{kind}_round")
            keep = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            for r in state.rounds:
                combo.addItem(t("Round {}", r.number), r.number)
            if state.rounds:
                wanted = keep if keep in [r.number for r in state.rounds] else state.last_round
                combo.setCurrentIndex(combo.findData(wanted))
            combo.blockSignals(False)
            self._show_round(kind)
        ranked = state.standings_order()
        self.standings_model.set_columns([
            (t("Rank"), lambda p: ranked.index(p) + 1),
            (t("Name"), lambda p: p.name),
            (t("Club"), lambda p: p.club),
            (t("Rating"), lambda p: p.rating(system)),
            (t("Points"), lambda p: f"{state.score(p.id):g}"),
        ])
        self.standings_model.set_rows(ranked)
        self._show_grid(state)
        self._update_status()
        self._update_undo_actions()

    def _show_grid(self, state: EventState) -> None:
        t = self.tr_
        is_rr = state.event.system.is_round_robin and len(state.players) >= 2
        for widget in (self.grid_label, self.grid_view, self.print_grid_button):
            widget.setVisible(is_rr)
        if not is_rr:
            self.grid_model.set_rows([])
            return
        schedule = schedule_for(state)
        exempt = schedule.exempt
        self.grid_label.setText(t("FMJD grid (FFJD Annex A board order)") if schedule.order == "fmjd"
                                else t("FIDE Berger table (C.05 Annex 1)"))
        numbered = {p.pairing_number: p for p in state.players if p.pairing_number is not None}

        def cell(board: tuple[int, int]) -> str:
            def label(n: int) -> str:
                if n == exempt:
                    return "EXEMPT"
                player = numbered.get(n)
                return f"{n} {player.surname}" if player else str(n)
            return f"{label(board[0])} – {label(board[1])}"

        width = max(len(r) for r in schedule.rounds)
        columns: list[tuple[str, Any]] = [(t("Round"), lambda row: row[0])]
        for b in range(width):
            columns.append((f"{t('Board')} {b + 1}",
                            lambda row, b=b: cell(row[1][b]) if b < len(row[1]) else ""))
        self.grid_model.set_columns(columns)
        self.grid_model.set_rows([(i + 1, r) for i, r in enumerate(schedule.rounds)])

    def _show_round(self, kind: str) -> None:
        t = self.tr_
        state = self.state
        model: RowsModel = getattr(self, f"{kind}_model")
        combo: QComboBox = getattr(self, f"{kind}_round")
        byes: QLabel = getattr(self, f"{kind}_byes")
        number = combo.currentData()
        if state is None or number is None:
            model.set_rows([])
            byes.setText(t("No round paired yet"))
            return
        rnd = state.round(number)
        names = {p.id: p.name for p in state.players}

        def score_before(pid: int) -> str:
            return f"{state.score(pid, number - 1):g}"

        def result_text(g: Game) -> str:
            return format_game_result(g.result, state.event.discipline) if g.result else ""

        model.set_columns([
            (t("Board"), lambda g: g.board),
            (t("White"), lambda g: f"{names[g.white_id]} ({score_before(g.white_id)})"),
            (t("Result"), result_text),
            (t("Black"), lambda g: f"{names[g.black_id]} ({score_before(g.black_id)})"),
        ])
        model.set_rows(rnd.games)
        def bye_text(kind: Outcome) -> str:
            if kind is Outcome.PAIRING_BYE and state.event.system.is_round_robin:
                return "EXEMPT"
            return t(BYE_LABELS.get(kind, kind.value))

        byes.setText(", ".join(f"{names[b.player_id]}: {bye_text(b.kind)}" for b in rnd.byes))

    def _update_status(self) -> None:
        t = self.tr_
        state = self.state
        if state is None:
            return
        text = t("{n} players", n=len(state.players))
        if not state.rounds:
            text += " — " + t("No round paired yet")
        else:
            rnd = state.round(state.last_round)
            missing = len(rnd.missing_results)
            text += " — " + (t("Round {r}: {m} result(s) missing", r=rnd.number, m=missing) if missing
                             else t("Round {r}: complete", r=rnd.number))
        self.statusBar().showMessage(text)

    def _update_undo_actions(self) -> None:
        t = self.tr_
        lang = t.lang
        undo = self.session.undo_label(lang) if self.session else None
        redo = self.session.redo_label(lang) if self.session else None
        self.undo_action.setEnabled(undo is not None)
        self.redo_action.setEnabled(redo is not None)
        self.undo_action.setText(t("Undo {}", undo) if undo else t("&Undo"))
        self.redo_action.setText(t("Redo {}", redo) if redo else t("&Redo"))

    # -- actions ----------------------------------------------------------------------------------------
    def _run(self, action: Any) -> None:
        try:
            action()
        except TournamentError as exc:
            QMessageBox.warning(self, "tournament_desk", exc.message(self.tr_.lang))
        self.refresh()

    def _session(self) -> EventSession:
        if self.session is None:
            raise StateError("No event is open", "Aucun tournoi n'est ouvert")
        return self.session

    def pair_next_round(self) -> None:
        session = self.session
        if session is None:
            return
        if not session.event.system.is_round_robin:
            QMessageBox.information(self, "tournament_desk",
                                    self.tr_("Pairing this system from the window is not available yet"))
            return
        try:
            try:
                result = pair_next_round(session)
            except StateError as exc:
                if "misses results" not in exc.en:
                    raise
                answer = QMessageBox.question(self, "tournament_desk",
                                              exc.message(self.tr_.lang) + "\n\n" + self.tr_("Pair anyway?"))
                if answer != QMessageBox.StandardButton.Yes:
                    return
                result = pair_next_round(session, force=True)
            for warning in result.warnings:
                QMessageBox.information(self, "tournament_desk", warning.fr if self.tr_.lang == "fr" else warning.en)
        except TournamentError as exc:
            QMessageBox.warning(self, "tournament_desk", exc.message(self.tr_.lang))
        self.refresh()

    def number_by_hand(self, order: str | None = None) -> None:
        """Seed 000 Annexe A: the arbiter orders players himself (e.g. club-mates meet in the first rounds).
        ``order`` is the player ids in pairing-number order, comma separated (asked for when None)."""
        if self.session is None:
            return
        state = self.session.state()
        if order is None:
            current = sorted(state.players, key=lambda p: (p.pairing_number or 10**6, p.id))
            text, ok = QInputDialog.getText(
                self, self.tr_("Number by hand…"),
                self.tr_("Player ids in pairing-number order, separated by commas:") + "\n"
                + ", ".join(f"{p.id}={p.surname}" for p in current),
                text=", ".join(str(p.id) for p in current))
            if not ok:
                return
            order = text
        try:
            ids = [int(x) for x in order.replace(";", ",").split(",") if x.strip()]
        except ValueError:
            QMessageBox.warning(self, "tournament_desk", self.tr_("Give player ids separated by commas"))
            return
        self._run(lambda: assign_numbers(self._session(), "manual",
                                         manual={pid: n for n, pid in enumerate(ids, start=1)}))

    def print_grid(self, path: str | None = None) -> None:
        if self.session is None:
            return
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.tr_("Print grid (PDF)…"), "", "PDF (*.pdf)")
        if not path:
            return
        try:
            Path(path).write_bytes(event_grid_pdf(self.session, lang=self.tr_.lang))
        except (TournamentError, OSError) as exc:
            text = exc.message(self.tr_.lang) if isinstance(exc, TournamentError) else str(exc)
            QMessageBox.warning(self, "tournament_desk", text)

    def undo(self) -> None:
        if self.session is not None:
            self._run(self.session.undo)

    def redo(self) -> None:
        if self.session is not None:
            self._run(self.session.redo)

    def open_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, self.tr_("&Open…"), "", self.tr_("Event files (*.tdesk)"))
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path) -> bool:
        try:
            session = EventSession.open(path)
        except TournamentError as exc:
            QMessageBox.critical(self, self.tr_("Cannot open the event"), exc.message(self.tr_.lang))
            return False
        self.set_session(session)
        return True

    def about(self) -> None:
        QMessageBox.about(self, self.tr_("About tournament_desk"),
                          f"tournament_desk {__version__}\n{self.tr_('Offline tournament manager')}")

    def closeEvent(self, event: Any) -> None:
        QSettings().setValue("geometry", self.saveGeometry())
        if self.session is not None:
            self.session.close()
            self.session = None
        super().closeEvent(event)
