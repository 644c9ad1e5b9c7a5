"""Registration dialogs: withdraw a player, request or cancel a bye for a round to come, pairing numbers by hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QTableWidget, QTableWidgetItem

from tournament_desk.core.collation import name_key
from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import N_
from tournament_desk.core.model import REQUESTABLE_BYES, EventState, Player
from tournament_desk.core.results import Outcome
from tournament_desk.gui.dialogs.form import FormDialog, SpinBox, names_combo
from tournament_desk.gui.i18n import Translator

REQUEST_LABELS = {
    Outcome.HALF_BYE: N_("half-point bye (½)"),
    Outcome.FULL_BYE: N_("full-point bye (1)"),
    Outcome.ZERO_BYE: N_("zero-point bye (absent)"),
}


class WithdrawDialog(FormDialog):
    """The round from which the player takes no part, and in a round robin what the games left become."""

    def __init__(self, parent: Any, t: Translator, state: EventState, player: Player,
                 submit: Callable[[dict[str, Any]], Any]) -> None:
        super().__init__(parent, t, submit)
        self.setWindowTitle(t("Withdraw {}", player.name))
        self.from_round = SpinBox()
        self.from_round.setRange(1, state.event.rounds + 1)
        self.from_round.setValue(min(state.last_round + 1, state.event.rounds + 1))
        self.add_row(t("Takes no part from &round:"), self.from_round, "from_round")
        self.forfeit = QComboBox()
        self.forfeit.addItem(t("0fe (excused forfeit)"), Outcome.FORFEIT_LOSS_EXCUSED.value)
        self.forfeit.addItem(t("0fne (unexcused forfeit)"), Outcome.FORFEIT_LOSS_UNEXCUSED.value)
        if state.event.system.is_round_robin:
            self.add_row(t("The remaining games become:"), self.forfeit, "forfeit")
        self.finish_layout(intro=QLabel(t("Results already played are kept.")))

    def values(self) -> dict[str, Any]:
        return {"from_round": self.from_round.value(), "forfeit": Outcome(self.forfeit.currentData())}


class ByeRequestDialog(FormDialog):
    """A player asks not to play a round not paired yet: half-point, full-point or zero-point bye, or cancels
    a request made earlier (C.04.1 Art.3)."""

    CANCEL = "none"

    def __init__(self, parent: Any, t: Translator, state: EventState, player: Player | None,
                 submit: Callable[[dict[str, Any]], Any]) -> None:
        super().__init__(parent, t, submit)
        self.state = state
        self.setWindowTitle(t("Bye request"))
        self.player = names_combo()
        active = [p for p in state.players if p.is_active_in(state.last_round + 1)]
        for p in sorted(active, key=lambda p: name_key(p.name, t.lang)):
            self.player.addItem(p.name, p.id)
        if player is not None and self.player.findData(player.id) >= 0:
            self.player.setCurrentIndex(self.player.findData(player.id))
        self.round = SpinBox()
        self.round.setRange(min(state.last_round + 1, state.event.rounds), state.event.rounds)
        self.round.setValue(state.last_round + 1)
        self.kind = QComboBox()
        for outcome in REQUESTABLE_BYES:
            self.kind.addItem(t(REQUEST_LABELS[outcome]), outcome.value)
        self.kind.addItem(t("cancel the request"), self.CANCEL)
        self.add_row(t("&Player:"), self.player, "player")
        self.add_row(t("&Round:"), self.round, "round")
        self.add_row(t("&Bye:"), self.kind, "kind")
        self.current = QLabel()
        self.current.setWordWrap(True)
        self.form.addRow("", self.current)
        for widget in (self.player, self.round):
            signal = widget.currentIndexChanged if isinstance(widget, QComboBox) else widget.valueChanged
            signal.connect(lambda _v: self._show_current())
        self._show_current()
        self.finish_layout()

    def _show_current(self) -> None:
        pid = self.player.currentData()
        kind = self.state.requests_for(self.round.value()).get(pid) if pid is not None else None
        self.current.setText(self.t("Already requested: {}", self.t(REQUEST_LABELS[kind])) if kind else "")
        if kind is not None:
            self.kind.setCurrentIndex(self.kind.findData(self.CANCEL))

    def values(self) -> dict[str, Any]:
        if self.player.currentData() is None:
            raise ValidationError(self.t("Choose a player"), field="player")
        kind = self.kind.currentData()
        return {"player": int(self.player.currentData()), "round": self.round.value(),
                "kind": None if kind == self.CANCEL else Outcome(kind)}


class NumbersDialog(FormDialog):
    """Pairing numbers by hand (seed 000 Annexe A: the arbiter may order players, e.g. so that club-mates meet
    in the first rounds): one number per player, 1 to n, each once."""

    def __init__(self, parent: Any, t: Translator, state: EventState,
                 submit: Callable[[dict[str, Any]], Any]) -> None:
        super().__init__(parent, t, submit)
        self.setWindowTitle(t("Pairing numbers by hand"))
        players = sorted(state.players, key=lambda p: (p.pairing_number or 10**6, name_key(p.name, t.lang)))
        self.table = QTableWidget(len(players), 3)
        self.table.setHorizontalHeaderLabels([t("No."), t("Name"), t("Rating")])
        self.ids = [p.id for p in players]
        for row, p in enumerate(players):
            number = QTableWidgetItem(str(p.pairing_number or row + 1))
            self.table.setItem(row, 0, number)
            for col, text in ((1, p.name), (2, str(p.rating(state.event.rating_system) or ""))):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()
        self.add_row(t("Type each player's number:"), self.table, "numbers")
        self.finish_layout()
        self.resize(max(self.width(), 520), 560)

    def values(self) -> dict[str, Any]:
        numbers: dict[int, int] = {}
        for row, pid in enumerate(self.ids):
            item = self.table.item(row, 0)
            text = (item.text() if item is not None else "").strip()
            if not text.isdigit():
                raise ValidationError(self.t("Row {}: '{}' is not a number", row + 1, text), field="numbers")
            numbers[pid] = int(text)
        return {"numbers": numbers}
