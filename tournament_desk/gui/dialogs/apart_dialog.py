"""Players who must not meet (family members, club-mates in a club championship; TRF ``XXP``): the pairs kept
apart, add one, let one meet again. Each change is one undoable action."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
)

from tournament_desk.core.collation import name_key
from tournament_desk.core.operations import SetForbiddenPair
from tournament_desk.gui.context import EventContext
from tournament_desk.gui.dialogs.form import names_combo


class ApartDialog(QDialog):
    def __init__(self, ctx: EventContext) -> None:
        super().__init__(ctx.dialog_parent())
        self.ctx = ctx
        t = ctx.t
        self.setWindowTitle(t("Players who must not meet"))
        self.first = names_combo()
        self.second = names_combo()
        self.add_button = QPushButton(t("&Keep apart"))
        self.add_button.clicked.connect(lambda: self.keep_apart())
        self.pairs = QListWidget()
        self.remove_button = QPushButton(t("&Let them meet"))
        self.remove_button.clicked.connect(lambda: self.let_meet())
        row = QHBoxLayout()
        for w in (self.first, QLabel("—"), self.second, self.add_button):
            row.addWidget(w)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(t("The pairing engines never pair two players kept apart (TRF XXP).")))
        layout.addLayout(row)
        layout.addWidget(self.pairs)
        layout.addWidget(self.remove_button)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.fill()
        self.resize(620, 420)

    def fill(self) -> None:
        state = self.ctx.state
        if state is None:
            return
        players = sorted(state.players, key=lambda p: name_key(p.name, self.ctx.t.lang))
        for combo in (self.first, self.second):
            keep = combo.currentData()
            combo.clear()
            for p in players:
                combo.addItem(p.name, p.id)
            if keep is not None:
                combo.setCurrentIndex(max(0, combo.findData(keep)))
        self.pairs.clear()
        for a, b in state.forbidden_pairs:
            item = QListWidgetItem(f"{state.player(a).name} — {state.player(b).name}")
            item.setData(256, (a, b))
            self.pairs.addItem(item)

    def keep_apart(self, a: int | None = None, b: int | None = None) -> Any:
        session = self.ctx.session
        a = self.first.currentData() if a is None else a
        b = self.second.currentData() if b is None else b
        if session is None or a is None or b is None:
            return None
        change = self.ctx.run(lambda: session.run(SetForbiddenPair(a, b)))
        self.fill()
        return change

    def let_meet(self) -> Any:
        session = self.ctx.session
        item = self.pairs.currentItem()
        if session is None or item is None:
            return None
        a, b = item.data(256)
        change = self.ctx.run(lambda: session.run(SetForbiddenPair(a, b, forbidden=False)))
        self.fill()
        return change
