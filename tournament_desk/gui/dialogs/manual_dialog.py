"""Assisted manual pairing (seed 000 §6.6): the players by points then Solkoff, the opponents a chosen player
has not met with a colour suggestion, every board checked as it is added, and the round stored only with
the arbiter's reason when it breaks an absolute rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QPushButton,
    QVBoxLayout,
)

from tournament_desk.core.actions.manual import ManualRound
from tournament_desk.core.changes import Change
from tournament_desk.core.errors import PairingError, TournamentError
from tournament_desk.core.formatting import format_score
from tournament_desk.core.messages import N_
from tournament_desk.gui.models.tables import RowsModel, make_table
from tournament_desk.services import swiss_variants as variants
from tournament_desk.services.session import EventSession

_COLOURS = {"white": N_("White"), "black": N_("Black")}
"""The colour a player is due (the pairing's codes) as the dialog names it."""


class ManualPairingDialog(QDialog):
    def __init__(self, parent: Any, t: Callable[..., str], session: EventSession) -> None:
        super().__init__(parent)
        self.t = t
        self.lang = getattr(t, "lang", "en")
        self.session = session
        self.boards: list[tuple[int, int]] = []
        self.byes: list[int] = []
        self.stored = False
        self.result_change: Change[ManualRound] | None = None
        """The round stored (its change, for the window to redraw what it names)."""
        self.setWindowTitle(t("Pair by hand"))
        self.players_model = RowsModel([
            (t("Name"), lambda b: b.name), (t("Points"), lambda b: format_score(b.points, self.lang)),
            (t("Solkoff"), lambda b: format_score(b.solkoff, self.lang)),
            (t("W/B"), lambda b: f"{b.whites}/{b.blacks}"),
            (t("Colour"), lambda b: t(_COLOURS[b.suggested]) if b.suggested in _COLOURS else b.suggested),
        ])
        self.players_view = make_table(self.players_model)
        self.players_view.clicked.connect(lambda index: self.choose(self.players_model.row_object(index.row())
                                                                    .player_id))
        self.candidates_model = RowsModel([
            (t("Opponent"), lambda c: c.name), (t("Points"), lambda c: format_score(c.points, self.lang)),
            (t("White"), lambda c: self.names.get(c.white_id, "")),
        ])
        self.candidates_view = make_table(self.candidates_model)
        self.candidates_view.doubleClicked.connect(lambda index: self.add_candidate(index.row()))
        self.boards_model = RowsModel([
            (t("Board"), lambda b: self.boards.index(b) + 1 if b in self.boards else ""),
            (t("White"), lambda b: self.names.get(b[0], "")), (t("Black"), lambda b: self.names.get(b[1], "")),
        ])
        self.boards_view = make_table(self.boards_model)
        self.issues = QLabel()
        self.issues.setWordWrap(True)
        add = QPushButton(t("&Add board"))
        add.clicked.connect(lambda: self.add_candidate(self.candidates_view.currentIndex().row()))
        bye = QPushButton(t("Give the &bye"))
        bye.clicked.connect(lambda: self.give_bye(self.chosen) if self.chosen is not None else None)
        remove = QPushButton(t("&Remove last board"))
        remove.clicked.connect(self.remove_last)
        complete = QPushButton(t("&Complete the round"))
        complete.clicked.connect(self.complete)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(lambda: self.store())
        buttons.rejected.connect(self.reject)
        lists = QHBoxLayout()
        for view in (self.players_view, self.candidates_view, self.boards_view):
            lists.addWidget(view)
        actions = QHBoxLayout()
        for b in (add, bye, remove, complete):
            actions.addWidget(b)
        layout = QVBoxLayout(self)
        layout.addLayout(lists)
        layout.addLayout(actions)
        layout.addWidget(self.issues)
        layout.addWidget(buttons)
        self.chosen: int | None = None
        self.names: dict[int, str] = {}
        self.resize(1000, 560)
        self.refresh()

    def taken(self) -> list[int]:
        return [p for b in self.boards for p in b] + self.byes

    def refresh(self) -> None:
        lines = variants.manual_board(self.session)
        self.names = {b.player_id: b.name for b in lines}
        taken = set(self.taken())
        self.players_model.set_rows([b for b in lines if b.player_id not in taken])
        self.boards_model.set_rows(self.boards + [(p, 0) for p in self.byes])
        self.candidates_model.set_rows([])
        self.chosen = None
        issues = variants.check_manual(self.session, self.boards, self.byes) if self.boards or self.byes else []
        self.issues.setText("\n".join(i.message(self.lang) for i in issues))

    def choose(self, player_id: int) -> None:
        """The opponents ``player_id`` has not met, with the suggested colours."""
        self.chosen = player_id
        self.candidates_model.set_rows(variants.manual_candidates(self.session, player_id, self.taken()))

    def add_candidate(self, row: int) -> None:
        if self.chosen is None or not 0 <= row < self.candidates_model.rowCount():
            return
        c = self.candidates_model.row_object(row)
        self.boards.append((c.white_id, c.black_id))
        self.refresh()

    def add_board(self, white: int, black: int) -> None:
        self.boards.append((white, black))
        self.refresh()

    def give_bye(self, player_id: int) -> None:
        self.byes.append(player_id)
        self.refresh()

    def remove_last(self) -> None:
        if self.boards:
            self.boards.pop()
        self.refresh()

    def complete(self) -> str:
        """Complete the remaining boards if possible, else say which board to undo (the document's "try
        another configuration")."""
        result = variants.manual_completion(self.session, self.boards, self.byes)
        if result.possible:
            self.boards = self.boards + list(result.boards)  # the completion adds boards to those chosen
            if result.bye is not None:
                self.byes = [*self.byes, result.bye]
            self.refresh()
        else:
            self.issues.setText(result.message(self.lang))
        return result.message(self.lang)

    def store(self, reason: str | None = None, *, ask: bool = True) -> bool:
        try:
            self.result_change = variants.store_manual_round(self.session, self.boards, self.byes, reason)
        except PairingError as exc:
            if reason is None and ask:
                text, ok = QInputDialog.getText(self, self.t("Pair by hand"), exc.message(self.lang) + "\n\n"
                                                + self.t("Reason for overriding the rules (kept in the history):"))
                if ok and text.strip():
                    return self.store(text.strip(), ask=False)
            self.issues.setText(exc.message(self.lang))
            return False
        except TournamentError as exc:
            self.issues.setText(exc.message(self.lang))
            return False
        self.stored = True
        self.accept()
        return True
