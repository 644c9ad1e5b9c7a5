"""Results tab: keyboard-first result entry.

On the selected board, type ``1`` / ``=`` (or ``½``) / ``0`` in chess (``2`` / ``1`` / ``0`` in draughts): the result
is recorded and the cursor moves to the next board. ``+`` and ``-`` give a forfeit win to White or Black;
``F`` (or the right-click menu) offers every FFJD code (2fe, 0fe, 2fne, 0fne, 0r, 0d); Delete clears.
Missing results are highlighted. Correcting an earlier round says what it affects downstream.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QInputDialog, QLabel, QMenu, QPushButton, QVBoxLayout, QWidget

from tournament_desk.core.actions.rounds import ResultConflictError
from tournament_desk.core.changes import StateChange
from tournament_desk.core.messages import N_
from tournament_desk.core.model import EventState, Game, Round
from tournament_desk.core.operations import RecordBye, RecordResult
from tournament_desk.core.results import BYE_OUTCOMES, Discipline, GameResult, Outcome, format_game_result
from tournament_desk.gui.context import EventContext
from tournament_desk.gui.models.tables import RowsModel
from tournament_desk.gui.tabs.base import Tab, make_table
from tournament_desk.gui.tabs.pairings import BYE_LABELS, RoundSelector, bye_text, selected_round

MISSING = "#fff2a8"
FORFEIT_MENU: tuple[tuple[str, GameResult], ...] = (
    (N_("2fe – 0fe"), GameResult.WHITE_FORFEIT_WIN_EXCUSED),
    (N_("0fe – 2fe"), GameResult.BLACK_FORFEIT_WIN_EXCUSED),
    (N_("2fne – 0fne"), GameResult.WHITE_FORFEIT_WIN_UNEXCUSED),
    (N_("0fne – 2fne"), GameResult.BLACK_FORFEIT_WIN_UNEXCUSED),
    (N_("0r (0-0)"), GameResult.ZERO_BY_RULE),
    (N_("0d"), GameResult.DOUBLE_FORFEIT),
)
"""The FFJD codes (seed 000 §4), offered for draughts events."""
CHESS_FORFEIT_MENU: tuple[tuple[str, GameResult], ...] = (
    (N_("+ − (White wins by forfeit)"), GameResult.WHITE_FORFEIT_WIN_UNEXCUSED),
    (N_("− + (Black wins by forfeit)"), GameResult.BLACK_FORFEIT_WIN_UNEXCUSED),
    (N_("0-0 (both lose)"), GameResult.ZERO_BY_RULE),
    (N_("− − (double forfeit)"), GameResult.DOUBLE_FORFEIT),
)
"""Forfeits as other disciplines write them (FIDE: +/−, and a double forfeit)."""


def forfeit_menu(discipline: Discipline) -> tuple[tuple[str, GameResult], ...]:
    return FORFEIT_MENU if discipline is Discipline.DRAUGHTS else CHESS_FORFEIT_MENU


def key_to_result(key: str, discipline: Discipline) -> GameResult | None:
    """The result a single typed key means on a board, in the discipline's notation."""
    if discipline is Discipline.DRAUGHTS:
        table = {"2": GameResult.WHITE_WIN, "1": GameResult.DRAW, "=": GameResult.DRAW, "½": GameResult.DRAW,
                 "0": GameResult.BLACK_WIN}
    else:
        table = {"1": GameResult.WHITE_WIN, "=": GameResult.DRAW, "½": GameResult.DRAW, "5": GameResult.DRAW,
                 "0": GameResult.BLACK_WIN}
    table.update({"+": GameResult.WHITE_FORFEIT_WIN_UNEXCUSED, "-": GameResult.BLACK_FORFEIT_WIN_UNEXCUSED})
    return table.get(key)


class ResultsTab(Tab):
    def __init__(self, ctx: EventContext) -> None:
        super().__init__(ctx)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.round = RoundSelector()
        self.round.currentIndexChanged.connect(lambda _i: self.show_round())
        top.addWidget(self.round)
        self.help = QLabel()
        top.addWidget(self.help, 1)
        self.points_button = QPushButton()
        self.points_button.clicked.connect(lambda: self.enter_points())
        self.bye_button = QPushButton()
        self.bye_button.clicked.connect(lambda: self.record_bye())
        top.addWidget(self.points_button)
        top.addWidget(self.bye_button)
        layout.addLayout(top)
        self.model = RowsModel([], highlight=lambda g: MISSING if g.result is None else None)
        self.view = make_table(self.model)
        self.view.installEventFilter(self)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        layout.addWidget(self.view)
        self.byes = QLabel()
        self.byes.setWordWrap(True)
        layout.addWidget(self.byes)
        self.last_message = ""

    def focus_main(self) -> None:
        self.view.setFocus()
        if not self.view.currentIndex().isValid() and self.model.rowCount():
            self.view.setCurrentIndex(self.model.index(0, 2))

    def editing_widgets(self) -> tuple[QWidget, ...]:
        return (self.points_button, self.bye_button)

    def retranslate(self) -> None:
        self.points_button.setText(self.t("Game p&oints…"))
        self.bye_button.setText(self.t("&Bye / absence…"))
        self.refresh_help()

    def refresh_help(self) -> None:
        state = self.ctx.state
        if state is not None and state.event.discipline is Discipline.DRAUGHTS:
            keys = "2 / 1 / 0"
        else:
            keys = "1 / = / 0"
        self.help.setText(self.t("Keys: {} — + / - forfeit — F other codes — Del clears", keys))

    def shows(self, what: StateChange) -> bool:
        return bool(what.rounds or what.players or what.event_fields)

    _drawn: tuple[EventState, dict[int, str]]
    """The event and the names the boards shown were drawn from (the cells read them as they are drawn)."""

    def redraw(self, what: StateChange) -> None:
        """A result typed on the round shown redraws that board's row only; a bye its line. Anything else (a
        round paired or taken back, the players' names, the event's settings) draws the tab again."""
        state = self.ctx.state
        number = self.round.currentData()
        if (state is None or what.rounds_added or what.rounds_removed or what.players_removed or what.event_fields
                or number is None or number not in {r.number for r in state.rounds}):
            self.reload()
            return
        rnd = state.round(number)
        renamed = set(what.players_edited)
        boards = {b for r, b in what.boards if r == number} | {g.board for g in rnd.games if set(g.players()) & renamed}
        if not boards and not any(r == number for r, _ in what.byes) and not renamed:
            return  # a late entry, another round's result: nothing of this round changed
        rows = {g.board: i for i, g in enumerate(self.model.rows())}
        if len(rows) != len(rnd.games) or not boards <= rows.keys():
            self.reload()
            return
        names = {p.id: p.name for p in state.players} if renamed else self._drawn[1]
        self._drawn = (state, names)
        self.model.replace_rows({rows[b]: rnd.game(b) for b in sorted(boards)})
        if any(r == number for r, _ in what.byes) or renamed:
            self._show_byes(state, rnd, names)

    def reload(self) -> None:
        self.round.fill(self.t, self.ctx.state)
        self.refresh_help()
        self.show_round()
        state = self.ctx.state
        self.points_button.setVisible(bool(state and state.event.scoring.uses_game_scores))

    def show_round(self) -> None:
        """Draw the round chosen: every board, the byes under it."""
        t = self.t
        selected = selected_round(self)
        if selected is None:  # no round paired yet: selected_round emptied the table
            return
        state, rnd, names = selected
        self._drawn = (state, names)
        columns: list[tuple[str, Any]] = [
            (t("Board"), lambda g: g.board),
            (t("White"), lambda g: self._drawn[1][g.white_id]),
            (t("Result"), self._result_cell),
            (t("Black"), lambda g: self._drawn[1][g.black_id]),
        ]
        if state.event.scoring.uses_game_scores:
            columns.append((t("Points"), lambda g: "" if g.white_points is None
                            else f"{g.white_points}-{g.black_points}"))
        current = self.view.currentIndex().row()
        self.model.set_table(columns, rnd.games)
        if rnd.games:
            row = current if 0 <= current < len(rnd.games) else 0
            self.view.setCurrentIndex(self.model.index(row, 2))
        self._show_byes(state, rnd, names)

    def _result_cell(self, g: Game) -> str:
        state = self._drawn[0]
        return format_game_result(g.result, state.event.discipline) if g.result else ""

    def _show_byes(self, state: EventState, rnd: Round, names: dict[int, str]) -> None:
        t = self.t
        self.byes.setText(", ".join(t("{name}: {bye}", name=names[b.player_id], bye=bye_text(t, state, b.kind))
                                    for b in rnd.byes))

    # -- entry ----------------------------------------------------------------------------------------------
    def current_game(self) -> Game | None:
        index = self.view.currentIndex()
        if not index.isValid() or index.row() >= self.model.rowCount():
            return None
        return self.model.row_object(index.row())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
                self.record(None)
                return True
            text = event.text()
            if text.lower() == "f":
                self._context_menu(self.view.visualRect(self.view.currentIndex()).center())
                return True
            state = self.ctx.state
            if text and state is not None:
                result = key_to_result(text, state.event.discipline)
                if result is not None:
                    self.record(result)
                    return True
        return super().eventFilter(watched, event)

    def record(self, result: GameResult | None, *, confirm: bool | None = None) -> bool:
        """Record ``result`` on the current board and move to the next one. ``confirm`` answers the
        correction question (None: ask). Returns True if something was recorded."""
        session, game, state = self.ctx.session, self.current_game(), self.ctx.state
        if session is None or game is None or state is None or not self.writable():
            return False
        row = self.view.currentIndex().row()

        def enter(replace: bool) -> Any:
            return session.run(RecordResult(game.round, game.board, result, replace=replace))

        replace = False
        try:  # the core decides whether this is a correction (ResultConflictError): the arbiter confirms it
            change = self.run(lambda: enter(False), passes=(ResultConflictError,))
        except ResultConflictError as exc:
            later = [r.number for r in state.rounds if r.number > game.round]
            question = exc.message(self.t.lang)
            if later:
                question += "\n" + self.t("Round(s) {} were paired with the old result: standings change, and "
                                          "those pairings should be checked.", ", ".join(map(str, later)))
            if confirm is None:
                confirm = self.ctx.ask(question)
            if not confirm:
                return False
            replace = True
            change = self.run(lambda: enter(True))
        if change is None:
            return False
        self.last_message = change.label(self.t.lang)
        if replace and any(r.number > game.round for r in state.rounds):
            self.last_message += " — " + self.t("later rounds flagged for checking")
        self.ctx.status(self.last_message)
        next_row = min(row + 1, self.model.rowCount() - 1)
        self.view.setCurrentIndex(self.model.index(next_row, 2))
        return True

    def _context_menu(self, pos: QPoint) -> None:
        if self.current_game() is None or not self.writable():
            return
        menu = QMenu(self)
        state = self.ctx.state
        discipline = state.event.discipline if state is not None else Discipline.CHESS
        for label, result in forfeit_menu(discipline):
            label = self.t(label)
            action = QAction(label, menu)
            action.triggered.connect(lambda _c=False, r=result: self.record(r))
            menu.addAction(action)
        menu.addSeparator()
        clear = QAction(self.t("Clear the result"), menu)
        clear.triggered.connect(lambda: self.record(None))
        menu.addAction(clear)
        menu.exec(self.view.viewport().mapToGlobal(pos))

    def enter_points(self, white: int | None = None, black: int | None = None) -> None:
        """Scrabble: both players' game points; the result follows from them."""
        session, game = self.ctx.session, self.current_game()
        if session is None or game is None:
            return
        if white is None or black is None:
            text, ok = QInputDialog.getText(self, self.t("Game &points…"), self.t("Points White-Black (e.g. 412-389):"))
            if not ok:
                return
            try:
                white, black = (int(x) for x in text.replace(" ", "").split("-"))
            except ValueError:
                self.ctx.warn(self.t("Type the two scores as 412-389"))
                return
        result = (GameResult.WHITE_WIN if white > black else GameResult.BLACK_WIN if black > white else GameResult.DRAW)
        self.run(lambda: session.run(RecordResult(game.round, game.board, result, white_points=white,
                                               black_points=black, replace=True)))

    def record_bye(self, player_id: int | None = None, kind: Outcome | None = None) -> None:
        """A half-point bye, absence... for a player without a board in the selected round."""
        session = self.ctx.session
        state = self.ctx.state
        number = self.round.currentData()
        if session is None or state is None or number is None:
            return
        rnd = state.round(number)
        unpaired = [p for p in state.players
                    if not isinstance(rnd.entry_of(p.id), Game)]
        if player_id is None or kind is None:
            if not unpaired:
                self.ctx.inform(self.t("Every player has a board in this round"))
                return
            names = [f"{p.id} {p.name}" for p in unpaired]
            name, ok = QInputDialog.getItem(self, self.t("&Bye / absence…"), self.t("Player:"), names, 0, False)
            if not ok:
                return
            kinds = [o for o in BYE_OUTCOMES]
            labels = [self.t(BYE_LABELS[o]) for o in kinds]
            label, ok = QInputDialog.getItem(self, self.t("&Bye / absence…"), self.t("Bye:"), labels, 0, False)
            if not ok:
                return
            player_id = unpaired[names.index(name)].id
            kind = kinds[labels.index(label)]
        chosen_player, chosen_kind = player_id, kind
        self.run(lambda: session.run(RecordBye(number, chosen_player, chosen_kind)))
