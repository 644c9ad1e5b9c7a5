"""Registration tab: the players, filter and sort, add/edit/withdraw/delete, CSV import, bye requests for the
rounds to come, pairing numbers."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from tournament_desk.core.changes import StateChange
from tournament_desk.core.collation import name_key
from tournament_desk.core.crosstable import PROVISIONAL_MARK, provisional_legend, provisional_rating
from tournament_desk.core.disciplines import discipline_profile, rating_word
from tournament_desk.core.errors import TournamentError
from tournament_desk.core.messages import Msg, msg, pmsg
from tournament_desk.core.model import EventState, Player, RatingSystem, Sex
from tournament_desk.core.operations import (
    AddPlayer,
    AddPlayers,
    EditPlayer,
    ReinstatePlayer,
    RemovePlayer,
    RequestBye,
    WithdrawPlayer,
)
from tournament_desk.gui.context import EventContext
from tournament_desk.gui.dialogs.player_dialog import PlayerDialog
from tournament_desk.gui.dialogs.registration_dialogs import (
    REQUEST_LABELS,
    ByeRequestDialog,
    NumbersDialog,
    WithdrawDialog,
)
from tournament_desk.gui.models.tables import RowsModel, RowsProxy
from tournament_desk.gui.tabs.base import Tab, make_table
from tournament_desk.services.players_import import RowsRefusedError, read_players_file
from tournament_desk.services.roundrobin import assign_numbers


class _Row(NamedTuple):
    """A registered player as the tab shows them: the registration, and the status (active, withdrawn, the bye
    requested for the next round)."""

    player: Player
    status: str
    provisional: int | None = None
    """Scrabble: his PL* when he has no PL (:func:`~tournament_desk.core.crosstable.provisional_rating`)."""

    def rating_cell(self, system: RatingSystem) -> int | str | None:
        """His rating in ``system``, else his PL* with its mark (``2250*``), else nothing."""
        if self.provisional is not None:  # no PL, or a PL marked "NC": the PL* is what the pairing uses
            return f"{self.provisional}{PROVISIONAL_MARK}"
        return self.player.rating(system)

    def rating_key(self, system: RatingSystem) -> int:
        """The rating column's sort key: the rating shown, a PL* as its number."""
        if self.provisional is not None:
            return self.provisional
        value = self.player.rating(system)
        return -1 if value is None else value


def _withdrawn(player: Player, lang: str) -> str:
    """The status of a withdrawn player, agreed with the player (French: "retirée" for a woman)."""
    number = player.withdrawn_from_round
    if player.sex is Sex.FEMALE:
        return pmsg("a woman", "withdrawn from round {number}", number=number).text(lang)
    if player.sex is Sex.MALE:
        return pmsg("a man", "withdrawn from round {number}", number=number).text(lang)
    return msg("withdrawn from round {number}", number=number).text(lang)


def _reinstate(player: Player) -> Msg:
    """The question asked when the withdrawn ``player`` is chosen again, agreed with the player."""
    name, number = player.name, player.withdrawn_from_round
    if player.sex is Sex.FEMALE:
        return pmsg("a woman", "{name} has withdrawn from round {r}. Reinstate them?", name=name, r=number)
    if player.sex is Sex.MALE:
        return pmsg("a man", "{name} has withdrawn from round {r}. Reinstate them?", name=name, r=number)
    return msg("{name} has withdrawn from round {r}. Reinstate them?", name=name, r=number)


class RegistrationTab(Tab):
    def __init__(self, ctx: EventContext) -> None:
        super().__init__(ctx)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.filter_label = QLabel()
        self.filter = QLineEdit()
        self.filter.setClearButtonEnabled(True)
        self.filter_label.setBuddy(self.filter)
        top.addWidget(self.filter_label)
        top.addWidget(self.filter, 1)
        self.add_button = QPushButton()
        self.add_button.clicked.connect(lambda: self.add_player())
        self.edit_button = QPushButton()
        self.edit_button.clicked.connect(lambda: self.edit_player())
        self.withdraw_button = QPushButton()
        self.withdraw_button.clicked.connect(lambda: self.withdraw_player())
        self.bye_button = QPushButton()
        self.bye_button.clicked.connect(lambda: self.request_bye())
        self.delete_button = QPushButton()
        self.delete_button.clicked.connect(lambda: self.delete_player())
        self.import_button = QPushButton()
        self.import_button.clicked.connect(lambda: self.import_csv())
        for b in (self.add_button, self.edit_button, self.withdraw_button, self.bye_button, self.delete_button,
                  self.import_button):
            top.addWidget(b)
        layout.addLayout(top)
        numbers = QHBoxLayout()
        self.lot_button = QPushButton()
        self.lot_button.clicked.connect(lambda: self.run(lambda: assign_numbers(self._session(), "lot")))
        self.rating_numbers_button = QPushButton()
        self.rating_numbers_button.clicked.connect(lambda: self.run(lambda: assign_numbers(self._session(),
                                                                                            "rating")))
        self.manual_numbers_button = QPushButton()
        self.manual_numbers_button.clicked.connect(lambda: self.number_by_hand())
        for b in (self.lot_button, self.rating_numbers_button, self.manual_numbers_button):
            numbers.addWidget(b)
        numbers.addStretch(1)
        layout.addLayout(numbers)
        self.model = RowsModel([])
        self.proxy = RowsProxy()
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = make_table(self.proxy, sortable=True, fit_columns=False)
        self.view.sortByColumn(1, Qt.SortOrder.AscendingOrder)  # alphabetical, as on a registration desk
        self.view.doubleClicked.connect(lambda _i: self.edit_player() if self.writable() else None)
        layout.addWidget(self.view)
        self.legend = QLabel()  # the PL* mark's legend, when a Scrabble player shows one
        self.legend.setWordWrap(True)
        self.legend.setVisible(False)
        layout.addWidget(self.legend)
        self.setTabOrder(self.filter, self.view)
        bye = QShortcut(QKeySequence("Ctrl+B"), self)
        bye.activated.connect(lambda: self.request_bye() if self.writable() else None)

    def _session(self) -> Any:
        session = self.ctx.session
        if session is None:
            raise RuntimeError("no event open")
        return session

    def editing_widgets(self) -> tuple[QWidget, ...]:
        return (self.add_button, self.edit_button, self.withdraw_button, self.bye_button, self.delete_button,
                self.import_button, self.lot_button, self.rating_numbers_button, self.manual_numbers_button)

    def _event(self) -> Any:
        """The event as the window shows it (the window's copy stays readable when the file is gone)."""
        state = self.ctx.state
        return state.event if state is not None else self._session().event

    def focus_main(self) -> None:
        self.view.setFocus()
        if not self.view.currentIndex().isValid() and self.proxy.rowCount():
            self.view.setCurrentIndex(self.proxy.index(0, 1))

    def retranslate(self) -> None:
        t = self.t
        self.filter_label.setText(t("Fi&lter:"))
        self.filter.setPlaceholderText(t("name, club, licence…"))
        self.add_button.setText(t("&Add…"))
        self.edit_button.setText(t("Ed&it…"))
        self.withdraw_button.setText(t("&Withdraw…"))
        self.bye_button.setText(t("&Bye request…"))
        self.delete_button.setText(t("Delete"))
        self.import_button.setText(t("Im&port CSV…"))
        self.lot_button.setText(t("Draw pairing &numbers"))
        self.rating_numbers_button.setText(t("Number b&y rating"))
        self.manual_numbers_button.setText(t("Number by han&d…"))

    def shows(self, what: StateChange) -> bool:
        return bool(what.players or what.requests or what.event_fields or what.rounds_added or what.rounds_removed)

    def reload(self) -> None:
        """Draw every player."""
        t = self.t
        state = self.ctx.state
        selected = self.selected_player() if self.model.rowCount() else None
        if state is None:
            self.model.set_rows([])
            return
        system = state.event.rating_system
        lang = t.lang
        columns = [
            (t("No."), lambda r: r.player.pairing_number),
            (t("Name"), lambda r: r.player.name, lambda r: name_key(r.player.name, lang)),
            (t("Club"), lambda r: r.player.club, lambda r: name_key(r.player.club, lang)),
            (t("Fed."), lambda r: r.player.federation),
            (rating_word(system).text(lang), lambda r: r.rating_cell(system),  # "Elo", "cote PL"...
             lambda r: r.rating_key(system)),
            (discipline_profile(state.event.discipline).licence.text(lang), lambda r: r.player.licence_id),
            (t("Status"), lambda r: r.status),
        ]
        self.model.set_table(columns, [self._row(state, p) for p in state.players],
                             lambda r: "#eeeeee" if r.player.withdrawn_from_round is not None else None)
        self._show_legend(state)
        self.view.resizeColumnsToContents()
        if selected is not None:  # keep the arbiter's place after every action
            for row, r in enumerate(self.model.rows()):
                if r.player.id == selected.id:
                    self.view.selectRow(self.proxy.mapFromSource(self.model.index(row, 0)).row())
                    break

    def _row(self, state: EventState, player: Player) -> _Row:
        t = self.t
        next_round = state.last_round + 1
        if player.withdrawn_from_round is not None:
            status = _withdrawn(player, t.lang)
        else:
            requested = state.requests_for(next_round).get(player.id)
            status = t("round {}: {}", next_round, t(REQUEST_LABELS[requested])) if requested else t("active")
        return _Row(player, status, provisional_rating(player, state))

    def _show_legend(self, state: EventState) -> None:
        """The legend of the PL* mark under the table, while a player shows one."""
        legend = provisional_legend(state)
        self.legend.setText("" if legend is None else legend.text(self.t.lang))
        self.legend.setVisible(legend is not None)

    def redraw(self, what: StateChange) -> None:
        """The players the change names are redrawn (added, edited, removed, a bye requested); a round paired or
        taken back moves the "next round" of the status column: the players with a request are redrawn. The
        rating system changed draws every row again."""
        state = self.ctx.state
        if state is None or what.event_fields & {"rating_system"}:
            self.reload()
            return
        named = set(what.players) | {pid for _r, pid in what.requests}
        if what.rounds_added or what.rounds_removed:
            named |= {r.player_id for r in state.requests}
        if not named:
            return
        present = {p.id: p for p in state.players}
        self.model.put_rows(lambda r: r.player.id,
                            {pid: self._row(state, present[pid]) if pid in present else None for pid in sorted(named)})
        self._show_legend(state)

    # -- actions -------------------------------------------------------------------------------------
    def selected_player(self) -> Player | None:
        rows = self.view.selectionModel().selectedRows() if self.view.selectionModel() else []
        if not rows:
            index = self.view.currentIndex()
            if not index.isValid():
                return None
            rows = [index]
        source = self.proxy.mapToSource(rows[0])
        if not source.isValid():
            return None
        return self.model.row_object(source.row()).player

    def add_player(self, fields: dict[str, Any] | None = None, *, allow_duplicates: bool = False) -> None:
        session = self.ctx.session
        if session is None:
            return
        if fields is not None:
            chosen = dict(fields)
            self.run(lambda: session.run(AddPlayer(allow_duplicates=allow_duplicates, **chosen)))
            return
        dialog = PlayerDialog(self.ctx.dialog_parent(), self.t, self._event().rating_system.value,
                              submit=lambda f, anyway: session.run(AddPlayer(allow_duplicates=anyway, **f)),
                              discipline=self._event().discipline.value)
        if dialog.exec():
            self.run(lambda: dialog.result_change)

    def edit_player(self, fields: dict[str, Any] | None = None) -> None:
        session = self.ctx.session
        player = self.selected_player()
        if session is None or player is None:
            return
        if fields is not None:
            chosen = dict(fields)
            self.run(lambda: session.run(EditPlayer(player.id, **chosen)))
            return
        dialog = PlayerDialog(self.ctx.dialog_parent(), self.t, self._event().rating_system.value, player,
                              submit=lambda f, anyway: session.run(EditPlayer(player.id, allow_duplicates=anyway, **f)),
                              discipline=self._event().discipline.value)
        if dialog.exec():
            self.run(lambda: dialog.result_change)

    def withdraw_player(self, from_round: int | None = None, forfeit: str = "0fe") -> None:
        """Withdraw the selected player (a withdrawn player: offer to reinstate instead, never silently)."""
        session = self.ctx.session
        player = self.selected_player()
        if session is None or player is None:
            return
        state = self.ctx.state or session.state()
        if player.withdrawn_from_round is not None:
            question = _reinstate(player).text(self.t.lang)
            if self.ctx.ask(question, self.t("Withdraw")):
                self.run(lambda: session.run(ReinstatePlayer(player.id)))
            return
        if from_round is not None:
            chosen_round, chosen_forfeit = from_round, forfeit
            self.run(lambda: session.run(WithdrawPlayer(player.id, chosen_round, forfeit=chosen_forfeit)))
            return
        dialog = WithdrawDialog(self.ctx.dialog_parent(), self.t, state, player,
                                submit=lambda v: session.run(WithdrawPlayer(player.id, v["from_round"],
                                                                         forfeit=v["forfeit"])))
        if dialog.exec():
            self.run(lambda: dialog.result_change)

    def request_bye(self, round_number: int | None = None, kind: str | None = "hpb") -> None:
        """Request (or cancel, ``kind=None``) a bye of the selected player for a round not paired yet."""
        session = self.ctx.session
        if session is None:
            return
        player = self.selected_player()
        if round_number is not None and player is not None:
            chosen = (round_number, player.id, kind)
            self.run(lambda: session.run(RequestBye(*chosen)))
            return
        dialog = ByeRequestDialog(self.ctx.dialog_parent(), self.t, self.ctx.state or session.state(), player,
                                  submit=lambda v: session.run(RequestBye(v["round"], v["player"], v["kind"])))
        if dialog.exec():
            self.run(lambda: dialog.result_change)

    def delete_player(self, confirm: bool = True) -> None:
        session = self.ctx.session
        player = self.selected_player()
        if session is None or player is None:
            return
        if confirm and not self.ctx.ask(self.t("Delete {}?", player.name)):
            return
        self.run(lambda: session.run(RemovePlayer(player.id)))

    def import_csv(self, path: str | None = None, *, accept_good_rows: bool | None = None) -> None:
        """Import players from a CSV or TRF file. Bad rows are all listed with their line and reason, and
        nothing is imported unless the arbiter chooses to import the good rows (``accept_good_rows``)."""
        session = self.ctx.session
        if session is None:
            return
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, self.t("Im&port CSV…").replace("&", ""), "",
                                                  self.t("Players (*.csv *.txt *.trf *.tab)"))
            if not path:
                return
        system = self._event().rating_system.value
        chosen = Path(path)
        left_out: list[Msg] = []  # a column of another discipline's field (a « série » in chess): not stored
        try:  # TRF or CSV, told by the content
            rows = read_players_file(chosen, rating_system=system, discipline=self._event().discipline.value,
                                     warnings=left_out)
        except RowsRefusedError as exc:
            text = exc.message(self.t.lang)
            if not exc.rows:
                self.ctx.warn(text)
                return
            question = text + "\n\n" + self.t("Import the {n} correct row(s) and leave out the others?",
                                              n=len(exc.rows))
            if not (accept_good_rows if accept_good_rows is not None else self.ctx.ask(question)):
                return
            rows = exc.rows
        except TournamentError as exc:
            self.ctx.warn(exc.message(self.t.lang))
            return
        except OSError as exc:
            self.ctx.warn(self.t("File error: {}", exc))
            return
        self.run(lambda: session.run(AddPlayers(rows)))
        if left_out:
            self.ctx.warn("\n".join(w.text(self.t.lang) for w in left_out))

    def number_by_hand(self, numbers: dict[int, int] | None = None) -> None:
        """Seed 000 Annexe A: the arbiter orders players himself (e.g. club-mates meet in the first rounds)."""
        session = self.ctx.session
        if session is None:
            return
        if numbers is not None:
            chosen = dict(numbers)
            self.run(lambda: assign_numbers(session, "manual", manual=chosen))
            return
        dialog = NumbersDialog(self.ctx.dialog_parent(), self.t, self.ctx.state or session.state(),
                               submit=lambda v: assign_numbers(session, "manual", manual=v["numbers"]))
        if dialog.exec():
            self.run(lambda: dialog.result_change)
