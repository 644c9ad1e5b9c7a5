"""Registration tab: the players, filter and sort, add/edit/withdraw/delete, CSV import, pairing numbers."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
)

from tournament_desk.core.model import Player
from tournament_desk.formats.players_csv import read_players_csv
from tournament_desk.formats.players_trf import read_players_trf
from tournament_desk.gui.dialogs.player_dialog import PlayerDialog
from tournament_desk.gui.models.tables import RowsModel
from tournament_desk.gui.tabs.base import Tab, make_table
from tournament_desk.services.roundrobin import assign_numbers

if TYPE_CHECKING:
    from tournament_desk.gui.main_window import MainWindow


class RegistrationTab(Tab):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.filter = QLineEdit()
        self.filter.setClearButtonEnabled(True)
        top.addWidget(self.filter, 1)
        self.add_button = QPushButton()
        self.add_button.clicked.connect(lambda: self.add_player())
        self.edit_button = QPushButton()
        self.edit_button.clicked.connect(lambda: self.edit_player())
        self.withdraw_button = QPushButton()
        self.withdraw_button.clicked.connect(lambda: self.withdraw_player())
        self.delete_button = QPushButton()
        self.delete_button.clicked.connect(lambda: self.delete_player())
        self.import_button = QPushButton()
        self.import_button.clicked.connect(lambda: self.import_csv())
        for b in (self.add_button, self.edit_button, self.withdraw_button, self.delete_button, self.import_button):
            top.addWidget(b)
        layout.addLayout(top)
        numbers = QHBoxLayout()
        self.lot_button = QPushButton()
        self.lot_button.clicked.connect(lambda: self.run(lambda: assign_numbers(self.window_.require(), "lot")))
        self.rating_numbers_button = QPushButton()
        self.rating_numbers_button.clicked.connect(
            lambda: self.run(lambda: assign_numbers(self.window_.require(), "rating")))
        self.manual_numbers_button = QPushButton()
        self.manual_numbers_button.clicked.connect(lambda: self.number_by_hand())
        for b in (self.lot_button, self.rating_numbers_button, self.manual_numbers_button):
            numbers.addWidget(b)
        numbers.addStretch(1)
        layout.addLayout(numbers)
        self.model = RowsModel([])
        self.proxy = QSortFilterProxyModel()
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = make_table(self.proxy, sortable=True)
        self.view.sortByColumn(1, Qt.SortOrder.AscendingOrder)  # alphabetical, as on a registration desk
        self.view.doubleClicked.connect(lambda _i: self.edit_player())
        layout.addWidget(self.view)
        self.setTabOrder(self.filter, self.view)

    def retranslate(self) -> None:
        t = self.t
        self.filter.setPlaceholderText(t("Filter by name, club, licence…"))
        self.add_button.setText(t("&Add…"))
        self.edit_button.setText(t("&Edit…"))
        self.withdraw_button.setText(t("&Withdraw…"))
        self.delete_button.setText(t("Delete"))
        self.import_button.setText(t("&Import CSV…"))
        self.lot_button.setText(t("Draw pairing numbers"))
        self.rating_numbers_button.setText(t("Number by rating"))
        self.manual_numbers_button.setText(t("Number by hand…"))

    def refresh(self) -> None:
        t = self.t
        state = self.window_.state
        selected = self.selected_player() if self.model.rowCount() else None
        if state is None:
            self.model.set_rows([])
            return
        system = state.event.rating_system

        def status(p: Player) -> str:
            return t("active") if p.withdrawn_from_round is None else t("withdrawn from round {}",
                                                                         p.withdrawn_from_round)

        self.model.set_columns([
            (t("No."), lambda p: p.pairing_number),
            (t("Name"), lambda p: p.name),
            (t("Club"), lambda p: p.club),
            (t("Fed."), lambda p: p.federation),
            (t("Rating"), lambda p: p.rating(system)),
            (t("Licence"), lambda p: p.licence_id),
            (t("Status"), status),
        ])
        self.model.set_highlight(lambda p: "#eeeeee" if p.withdrawn_from_round is not None else None)
        self.model.set_rows(state.players)
        if selected is not None:  # keep the arbiter's place after every action
            for row, p in enumerate(state.players):
                if p.id == selected.id:
                    self.view.selectRow(self.proxy.mapFromSource(self.model.index(row, 0)).row())
                    break

    # -- actions -------------------------------------------------------------------------------------
    def selected_player(self) -> Player | None:
        rows = self.view.selectionModel().selectedRows() if self.view.selectionModel() else []
        if not rows:
            index = self.view.currentIndex()
            if not index.isValid():
                return None
            rows = [index]
        source = self.proxy.mapToSource(rows[0])
        return self.model.row_object(source.row())

    def add_player(self, fields: dict | None = None) -> None:
        session = self.window_.session
        if session is None:
            return
        if fields is None:
            dialog = PlayerDialog(self, self.t, session.event.rating_system.value)
            if not dialog.exec():
                return
            fields = dialog.fields()
        self.run(lambda: session.add_player(**fields))

    def edit_player(self, fields: dict | None = None) -> None:
        session = self.window_.session
        player = self.selected_player()
        if session is None or player is None:
            return
        if fields is None:
            dialog = PlayerDialog(self, self.t, session.event.rating_system.value, player)
            if not dialog.exec():
                return
            fields = dialog.fields()
        self.run(lambda: session.edit_player(player.id, **fields))

    def withdraw_player(self, from_round: int | None = None, forfeit: str = "0fe") -> None:
        session = self.window_.session
        player = self.selected_player()
        if session is None or player is None:
            return
        state = session.state()
        if player.withdrawn_from_round is not None:
            self.run(lambda: session.reinstate_player(player.id))
            return
        if from_round is None:
            value, ok = QInputDialog.getInt(self, self.t("&Withdraw…"),
                                            self.t("{} takes no part from round:", player.name),
                                            state.last_round + 1, 1, state.event.rounds)
            if not ok:
                return
            from_round = value
            if state.event.system.is_round_robin:
                choice, ok = QInputDialog.getItem(
                    self, self.t("&Withdraw…"), self.t("His remaining games become:"),
                    [self.t("0fe (excused forfeit)"), self.t("0fne (unexcused forfeit)")], 0, False)
                if not ok:
                    return
                forfeit = "0fne" if choice.startswith("0fne") else "0fe"
        chosen_round = from_round
        self.run(lambda: session.withdraw_player(player.id, chosen_round, forfeit=forfeit))

    def delete_player(self, confirm: bool = True) -> None:
        session = self.window_.session
        player = self.selected_player()
        if session is None or player is None:
            return
        if confirm and not self.window_.ask(self.t("Delete {}?", player.name)):
            return
        self.run(lambda: session.remove_player(player.id))

    def import_csv(self, path: str | None = None) -> None:
        session = self.window_.session
        if session is None:
            return
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, self.t("&Import CSV…"), "", "CSV, TRF (*.csv *.txt *.trf)")
            if not path:
                return
        system = session.event.rating_system.value
        chosen = Path(path)
        reader = read_players_trf if chosen.suffix.lower() == ".trf" else read_players_csv
        self.run(lambda: session.add_players(reader(chosen, rating_system=system)))

    def number_by_hand(self, order: str | None = None) -> None:
        """Seed 000 Annexe A: the arbiter orders players himself (e.g. club-mates meet in the first rounds).
        ``order`` is the player ids in pairing-number order, comma separated (asked for when None)."""
        session = self.window_.session
        if session is None:
            return
        state = session.state()
        if order is None:
            current = sorted(state.players, key=lambda p: (p.pairing_number or 10**6, p.id))
            text, ok = QInputDialog.getText(
                self, self.t("Number by hand…"),
                self.t("Player ids in pairing-number order, separated by commas:") + "\n"
                + ", ".join(f"{p.id}={p.surname}" for p in current),
                text=", ".join(str(p.id) for p in current))
            if not ok:
                return
            order = text
        try:
            ids = [int(x) for x in order.replace(";", ",").split(",") if x.strip()]
        except ValueError:
            self.window_.warn(self.t("Give player ids separated by commas"))
            return
        self.run(lambda: assign_numbers(session, "manual", manual={pid: n for n, pid in enumerate(ids, start=1)}))
