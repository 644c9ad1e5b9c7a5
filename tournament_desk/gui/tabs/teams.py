"""Teams tab of a team event: the teams and their rosters in board order (a player moved a board up or down by
the buttons, Ctrl+Up/Down or Alt+Up/Down, the roster's context menu, or dragged to another board), the matches of
a round, each match's line-ups (both teams' in the line-up dialog: Enter or a double click on the match, or the
"Line-ups of the match…" button) and its board results typed on the keyboard as on the Results tab (home team
first: 1 the home player won, 0 lost, = drawn), the team standings; the round's match sheets and match list, the
team standings and crosstable printed (or saved as PDF) through the window's print path.

Every change is one operation through the window's context (one undo step each)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QByteArray,
    QEvent,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QDrag, QDragEnterEvent, QDragMoveEvent, QDropEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.core.actions.rounds import ResultConflictError
from tournament_desk.core.actions.teams import team_average
from tournament_desk.core.changes import StateChange
from tournament_desk.core.formatting import format_number, format_score
from tournament_desk.core.messages import N_, msg
from tournament_desk.core.model import EventState
from tournament_desk.core.operations import (
    AddTeams,
    NumberTeams,
    RecordBoardResult,
    SetLineups,
    SetRoster,
)
from tournament_desk.core.results import GameResult, format_game_result
from tournament_desk.core.teams.boards import MatchBoard
from tournament_desk.core.teams.model import Team
from tournament_desk.core.teams.scores import MatchScore
from tournament_desk.core.teams.standings import TeamRow, TeamScoreCache, team_standings
from tournament_desk.gui.context import EventContext
from tournament_desk.gui.dialogs.lineup_dialog import LineupDialog
from tournament_desk.gui.models.tables import RowsModel
from tournament_desk.gui.tabs.base import Tab, make_table
from tournament_desk.gui.tabs.results import key_to_result
from tournament_desk.services.pairing import pair_next

__all__ = ["MOVE_DOWN_KEYS", "MOVE_UP_KEYS", "PRINTED", "RosterModel", "RosterView", "TeamsTab"]

MOVE_UP_KEYS = ("Ctrl+Up", "Alt+Up")
"""The keys that move the chosen player of a roster one board up (Alt+Up as in many editors' "move line up")."""
MOVE_DOWN_KEYS = ("Ctrl+Down", "Alt+Down")

PRINTED = (
    ("slips", N_("Match &sheets of the round shown")),
    ("pairings", N_("&Matches of the round shown")),
    ("standings", N_("Team s&tandings")),
    ("crosstable", N_("Team &crosstable")),
)
"""What the Teams tab prints, under the names the window's documents have for a team event
(``services.printing.team_document_pdf``): the match sheets are the event's slips, its match list the pairings."""

_ROSTER_ROW = "application/x-tournament-desk-roster-row"
"""The drag's content when a roster player is dragged to another board: the view it comes from and the row
(``view:row``; a drop on another window's roster is refused)."""


class RosterModel(RowsModel):
    """A roster's rows, which can be dragged (their board changes when dropped on another row)."""

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        flags = super().flags(index)
        return flags | Qt.ItemFlag.ItemIsDragEnabled if index.isValid() else flags


class RosterView(QTableView):
    """The roster's table: a row dragged and dropped on another row asks to move that player to that board
    (:attr:`moved`: from row, to row); nothing is moved here, the tab runs the action."""

    moved = Signal(int, int)

    def __init__(self, model: RosterModel) -> None:
        super().__init__()
        self.setModel(model)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAlternatingRowColors(True)
        self.setTabKeyNavigation(False)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(True)
        self.verticalHeader().setVisible(False)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)

    def row_mime(self, row: int) -> QMimeData:
        """What a drag of ``row`` carries."""
        data = QMimeData()
        data.setData(_ROSTER_ROW, QByteArray(f"{id(self)}:{row}".encode("ascii")))
        return data

    def startDrag(self, supportedActions: Qt.DropAction) -> None:
        row = self.currentIndex().row()
        if row >= 0:
            self.drag(self.row_mime(row))

    def drag(self, data: QMimeData) -> None:
        """The platform's drag of ``data`` (it ends in :meth:`dropEvent` on the row where it is dropped)."""
        drag = QDrag(self)
        drag.setMimeData(data)
        drag.exec(Qt.DropAction.MoveAction)  # the roster is redrawn by the action, not by the drag

    def _source_row(self, data: QMimeData) -> int | None:
        """The row a drag comes from, when it is one of this view's rows."""
        if not data.hasFormat(_ROSTER_ROW):
            return None
        view, _sep, row = bytes(data.data(_ROSTER_ROW).data()).decode("ascii", "replace").partition(":")
        return int(row) if view == str(id(self)) and row.isdigit() else None

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self._source_row(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        super().dragMoveEvent(event)  # the drop indicator
        if self._source_row(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        source = self._source_row(event.mimeData())
        if source is None:
            event.ignore()
            return
        rows = self.model().rowCount()
        at = self.indexAt(event.position().toPoint()).row()
        target = rows - 1 if at < 0 else at
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()
        self.stopAutoScroll()
        self.setState(QAbstractItemView.State.NoState)
        self.viewport().update()
        if 0 <= source < rows and target != source:
            self.moved.emit(source, target)


class TeamsTab(Tab):
    def __init__(self, ctx: EventContext) -> None:
        super().__init__(ctx)
        layout = QHBoxLayout(self)
        split = QSplitter(Qt.Orientation.Horizontal)
        layout.addWidget(split)

        # -- left: teams and the selected team's roster
        left = QWidget()
        lv = QVBoxLayout(left)
        self.teams_model = RowsModel([])
        self.teams_view = make_table(self.teams_model)
        self.teams_view.selectionModel().currentRowChanged.connect(lambda _c, _p: self.show_roster())
        lv.addWidget(self.teams_view)
        add_row = QHBoxLayout()
        self.team_name = QLineEdit()
        self.team_name.returnPressed.connect(lambda: self.add_team())
        add_row.addWidget(self.team_name)
        self.add_team_button = QPushButton()
        self.add_team_button.clicked.connect(lambda: self.add_team())
        add_row.addWidget(self.add_team_button)
        self.number_button = QPushButton()
        self.number_button.clicked.connect(lambda: self.number_teams())
        add_row.addWidget(self.number_button)
        lv.addLayout(add_row)
        self.roster_label = QLabel()
        lv.addWidget(self.roster_label)
        self.roster_model = RosterModel([])
        self.roster_view = RosterView(self.roster_model)
        self.roster_view.moved.connect(lambda source, target: QTimer.singleShot(
            0, lambda: self.move_member_to(source, target)))  # after the drop, not inside the drag
        lv.addWidget(self.roster_view)
        roster_row = QHBoxLayout()
        self.up_button, self.down_button, self.remove_button = QPushButton(), QPushButton(), QPushButton()
        self.up_button.clicked.connect(lambda: self.move_member(-1))
        self.down_button.clicked.connect(lambda: self.move_member(1))
        self.remove_button.clicked.connect(lambda: self.remove_member())
        for b in (self.up_button, self.down_button, self.remove_button):
            roster_row.addWidget(b)
        lv.addLayout(roster_row)
        join_row = QHBoxLayout()
        self.free_players = QComboBox()
        join_row.addWidget(self.free_players, 1)
        self.join_button = QPushButton()
        self.join_button.clicked.connect(lambda: self.add_member())
        join_row.addWidget(self.join_button)
        lv.addLayout(join_row)
        split.addWidget(left)

        # -- right: the matches of a round, the selected match's boards, the standings
        right = QWidget()
        rv = QVBoxLayout(right)
        top = QHBoxLayout()
        self.round_box = QComboBox()
        self.round_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # "Round 11" not cut
        self.round_box.currentIndexChanged.connect(lambda _i: self.show_matches())
        top.addWidget(self.round_box)
        self.pair_button = QPushButton()
        self.pair_button.clicked.connect(lambda: self.pair())
        top.addWidget(self.pair_button)
        top.addStretch(1)
        rv.addLayout(top)
        self.matches_model = RowsModel([])
        self.matches_view = make_table(self.matches_model, fit_columns=False)  # sized when drawn whole
        self.matches_view.selectionModel().currentRowChanged.connect(lambda _c, _p: self.show_boards())
        rv.addWidget(self.matches_view)
        self.boards_model = RowsModel([])
        self.boards_view = make_table(self.boards_model)
        self.boards_view.installEventFilter(self)
        rv.addWidget(self.boards_view)
        self.standings_label = QLabel()
        rv.addWidget(self.standings_label)
        self.standings_model = RowsModel([])
        self.standings_view = make_table(self.standings_model, fit_columns=False)  # sized when drawn whole
        rv.addWidget(self.standings_view)
        split.addWidget(right)
        self.last_message = ""
        self._scores = TeamScoreCache()
        """The matches' scores kept between the event's states: a result recomputes its own round only."""
        self._build_roster_moves()
        self._build_lineups_and_printing(top)

    def editing_widgets(self) -> tuple[QWidget, ...]:
        return (self.add_team_button, self.number_button, self.up_button, self.down_button, self.remove_button,
                self.join_button, self.pair_button, self.team_name, self.lineups_button)

    def retranslate(self) -> None:
        t = self.t
        self.add_team_button.setText(t("A&dd a team"))
        self.team_name.setPlaceholderText(t("Team name"))
        self.number_button.setText(t("&Number the teams by rating"))
        self.up_button.setText(t("Board &up"))
        self.down_button.setText(t("Board do&wn"))
        self.remove_button.setText(t("Ta&ke out of the roster"))
        self.join_button.setText(t("Add to the r&oster"))
        self.pair_button.setText(t("&Pair the next round"))
        self.standings_label.setText(t("Team standings"))
        self._retranslate_moves_lineups_printing()
        self.reload()

    def shows(self, what: StateChange) -> bool:
        state = self.ctx.state
        return not what.empty and (what.everything or (state is not None and state.event.team is not None))

    def redraw(self, what: StateChange) -> None:
        """A board result: the rows of its match and board and the standings' rows that changed (issue 31 item 10:
        under 50 ms in a 100-team event); a line-up or a forfeited match: the round's matches and boards and the
        standings; anything else (teams, rosters, players, settings, rounds): everything."""
        state = self.ctx.state
        if (state is None or state.event.team is None or what.teams or what.players or what.event_fields
                or what.rounds_added or what.rounds_removed or what.everything):
            self.reload()
            return
        if what.results_only:
            self.refresh_results(state, what.rounds)
        else:
            self.show_matches()
        self.refresh_standings(state)

    def refresh_results(self, state: EventState, rounds: frozenset[int]) -> None:
        """Results changed in ``rounds``: the round shown redraws the rows of the matches whose score changed and
        the chosen match's boards."""
        number = self.current_round()
        if number is None or number not in rounds:
            return
        scores = self._scores.round_scores(state, number)
        if len(scores) != self.matches_model.rowCount():
            self.show_matches()
            return
        before = self.current_score()
        self.matches_model.show_rows(scores)
        after = self.current_score()
        if before is None or after is None or before.match != after.match \
                or self.boards_model.rowCount() != len(after.boards):
            self.show_boards()
            return
        self.boards_model.show_rows(after.boards)

    def refresh_standings(self, state: EventState) -> None:
        """The standings again, only the rows that changed redrawn (same columns: the tie-breaks and the language
        change through :meth:`reload`)."""
        rows = team_standings(state, cache=self._scores) if state.teams else []
        self.standings_model.show_rows(rows)

    def focus_main(self) -> None:
        self.teams_view.setFocus()

    # -- drawing --------------------------------------------------------------------------------------------
    def reload(self) -> None:
        state = self.ctx.state
        if state is None or state.event.team is None:
            for model in (self.teams_model, self.roster_model, self.matches_model, self.boards_model,
                          self.standings_model):
                model.set_rows([])
            return
        t = self.t
        lang = t.lang
        current = self.current_team()
        teams = sorted(state.teams, key=lambda x: (x.pairing_number or 10**6, x.id))
        self.teams_model.set_table([
            (t("No."), lambda x: x.pairing_number or ""),
            (t("Team"), lambda x: x.name),
            (t("Club"), lambda x: x.club),
            (t("Average"), lambda x: format_number(round(team_average(state, x), 1), lang)),
            (t("Players"), lambda x: len(x.members)),
        ], teams)
        row = next((i for i, x in enumerate(teams) if current is not None and x.id == current.id), 0)
        if teams:
            self.teams_view.setCurrentIndex(self.teams_model.index(row, 1))
        self.show_roster()
        keep = self.round_box.currentData()
        if keep is None or state.last_round > self.round_box.count():
            keep = state.last_round
        self.round_box.blockSignals(True)
        self.round_box.clear()
        for n in range(1, state.last_round + 1):
            self.round_box.addItem(t("Round {}", n), n)
        self.round_box.setCurrentIndex(max(0, self.round_box.findData(keep)))
        self.round_box.blockSignals(False)
        self.show_matches()
        self.show_standings(state)

    def current_team(self) -> Team | None:
        index = self.teams_view.currentIndex()
        if not index.isValid() or index.row() >= self.teams_model.rowCount():
            return None
        return self.teams_model.row_object(index.row())  # type: ignore[no-any-return, unused-ignore]

    def show_roster(self) -> None:
        state, team = self.ctx.state, self.current_team()
        t = self.t
        if state is None or team is None or state.event.team is None:
            self.roster_model.set_rows([])
            return
        team = state.team(team.id)
        boards = state.event.team.boards
        system = state.event.rating_system
        rows = [(i, state.player(pid)) for i, pid in enumerate(team.members, start=1)]
        self.roster_label.setText(t("Roster of {} (board order; past board {}: reserves)", team.name, boards))
        current = self.roster_view.currentIndex().row()
        self.roster_model.set_table([
            (t("Board"), lambda r: r[0] if r[0] <= boards else t("reserve")),
            (t("Name"), lambda r: r[1].name),
            (t("Rating"), lambda r: r[1].rating(system) or ""),
        ], rows)
        if rows:
            self.roster_view.setCurrentIndex(self.roster_model.index(min(max(current, 0), len(rows) - 1), 1))
        self.free_players.clear()
        for p in state.players:
            if state.team_of(p.id) is None:
                self.free_players.addItem(p.name, p.id)

    def current_round(self) -> int | None:
        data = self.round_box.currentData()
        return int(data) if data is not None else None

    def show_matches(self) -> None:
        state, number = self.ctx.state, self.current_round()
        t = self.t
        if state is None or number is None or state.event.team is None:
            self.matches_model.set_rows([])
            self.show_boards()
            return
        lang = t.lang
        scores = self._scores.round_scores(state, number)
        current = self.matches_view.currentIndex().row()
        self.matches_model.set_table([
            (t("Match"), lambda s: s.match.number),
            (t("Home"), lambda s: state.team(s.match.home).name),
            (t("Score"), lambda s: f"{format_score(s.home, lang)}-{format_score(s.away, lang)}"),
            (t("Away"), lambda s: state.team(s.match.away).name),
            (t("Status"), lambda s: t("finished") if s.finished else t("{} board(s) to go", len(s.missing))),
        ], scores)
        self.matches_view.resizeColumnsToContents()
        if scores:
            self.matches_view.setCurrentIndex(self.matches_model.index(min(max(current, 0), len(scores) - 1), 1))
        self.show_boards()

    def current_score(self) -> MatchScore | None:
        index = self.matches_view.currentIndex()
        if not index.isValid() or index.row() >= self.matches_model.rowCount():
            return None
        return self.matches_model.row_object(index.row())  # type: ignore[no-any-return, unused-ignore]

    def show_boards(self) -> None:
        state, score = self.ctx.state, self.current_score()
        t = self.t
        if state is None or score is None:
            self.boards_model.set_rows([])
            return
        discipline = state.event.discipline

        def name(pid: int | None) -> str:
            return state.player(pid).name if pid is not None else "—"

        def result(b: MatchBoard) -> str:
            return format_game_result(b.home_result, discipline) if b.home_result is not None else ""

        current = self.boards_view.currentIndex().row()
        self.boards_model.set_table([
            (t("Board"), lambda b: b.board),
            (t("Colour"), lambda b: t("White") if b.home_colour == "W" else t("Black")),
            (state.team(score.match.home).name, lambda b: name(b.home)),
            (t("Result"), result),
            (state.team(score.match.away).name, lambda b: name(b.away)),
        ], score.boards)
        self.boards_view.setCurrentIndex(self.boards_model.index(min(max(current, 0), len(score.boards) - 1), 3))

    def show_standings(self, state: EventState) -> None:
        t = self.t
        lang = t.lang
        rows = team_standings(state, cache=self._scores) if state.teams else []
        codes = [c for c, _v in rows[0].tiebreaks] if rows else []

        def tiebreak(i: int) -> Any:
            return lambda r: "—" if r.tiebreaks[i][1] is None else format_number(r.tiebreaks[i][1], lang)

        columns: list[tuple[str, Any]] = [
            (t("Rank"), lambda r: f"{r.rank}{'=' if r.shared else ''}"),
            (t("Team"), lambda r: r.team.name),
            (t("Played"), lambda r: r.played),
            (t("MP"), lambda r: format_score(r.match_points, lang)),
            (t("GP"), lambda r: format_score(r.game_points, lang)),
        ]
        # Match points and game points have their columns: a tie-break on either is not shown twice (as printed).
        columns += [(code, tiebreak(i)) for i, code in enumerate(codes) if code not in ("MP", "GP")]
        self.standings_model.set_table(columns, rows)
        self.standings_view.resizeColumnsToContents()

    def standings_rows(self) -> list[TeamRow]:
        return [self.standings_model.row_object(i) for i in range(self.standings_model.rowCount())]

    # -- actions --------------------------------------------------------------------------------------------
    def _done(self, change: Any) -> bool:
        if change is None:
            return False
        self.last_message = change.label(self.t.lang)
        self.ctx.status(self.last_message)
        return True

    def add_team(self) -> bool:
        session, name = self.ctx.session, self.team_name.text().strip()
        if session is None or not name or not self.writable():
            return False
        done = self._done(self.run(lambda: session.run(AddTeams([{"name": name}]))))
        if done:
            self.team_name.clear()
            self.teams_view.setCurrentIndex(self.teams_model.index(self.teams_model.rowCount() - 1, 1))
        return done

    def number_teams(self) -> bool:
        session = self.ctx.session
        if session is None or not self.writable():
            return False
        return self._done(self.run(lambda: session.run(NumberTeams("rating"))))

    def _roster(self, members: Sequence[int], row: int | None = None) -> bool:
        session, team = self.ctx.session, self.current_team()
        if session is None or team is None or not self.writable():
            return False
        done = self._done(self.run(lambda: session.run(SetRoster(team.id, members))))
        if done and row is not None:
            self.roster_view.setCurrentIndex(self.roster_model.index(row, 1))
        return done

    def move_member(self, step: int) -> bool:
        """Move the chosen player one board up (-1) or down (+1) in the roster."""
        state, team = self.ctx.state, self.current_team()
        row = self.roster_view.currentIndex().row()
        if state is None or team is None or row < 0:
            return False
        members = list(state.team(team.id).members)
        other = row + step
        if not 0 <= other < len(members):
            return False
        members[row], members[other] = members[other], members[row]
        return self._roster(members, other)

    def remove_member(self) -> bool:
        state, team = self.ctx.state, self.current_team()
        row = self.roster_view.currentIndex().row()
        if state is None or team is None or row < 0:
            return False
        members = list(state.team(team.id).members)
        del members[row]
        return self._roster(members)

    def add_member(self) -> bool:
        state, team, pid = self.ctx.state, self.current_team(), self.free_players.currentData()
        if state is None or team is None or pid is None:
            return False
        return self._roster([*state.team(team.id).members, int(pid)])

    def pair(self) -> bool:
        session = self.ctx.session
        if session is None or not self.writable():
            return False
        done = self._done(self.run(lambda: pair_next(session)))
        if done and self.ctx.state is not None:
            self.round_box.setCurrentIndex(self.round_box.findData(self.ctx.state.last_round))
        return done

    def record(self, result: GameResult | None, *, confirm: bool | None = None) -> bool:
        """Record ``result`` (home team first) on the chosen board, then go to the next board."""
        session, score = self.ctx.session, self.current_score()
        row = self.boards_view.currentIndex().row()
        if session is None or score is None or row < 0 or not self.writable():
            return False
        m = score.match

        def enter(replace: bool) -> Any:
            return session.run(RecordBoardResult(m.round, m.number, row + 1, result, replace=replace))

        try:
            change = self.run(lambda: enter(False), passes=(ResultConflictError,))
        except ResultConflictError as exc:
            if confirm is None:
                confirm = self.ctx.ask(exc.message(self.t.lang))
            if not confirm:
                return False
            change = self.run(lambda: enter(True))
        if not self._done(change):
            return False
        self.boards_view.setCurrentIndex(self.boards_model.index(min(row + 1, self.boards_model.rowCount() - 1), 3))
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            moving = event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
            if watched is self.roster_view and moving and event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
                self.move_member(-1 if event.key() == Qt.Key.Key_Up else 1)
                return True
            if watched is self.matches_view and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.edit_lineups()
                return True
            state = self.ctx.state
            if watched is self.boards_view and state is not None:
                if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
                    self.record(None)
                    return True
                result = key_to_result(event.text(), state.event.discipline) if event.text() else None
                if result is not None:
                    self.record(result)
                    return True
        return super().eventFilter(watched, event)

    # -- roster moves, the line-up dialog, printing (issue 31 item 9) -----------------------------------------------
    def _build_roster_moves(self) -> None:
        """The roster's moves in its context menu, their keys shown there and in the buttons' tips (the keys are
        read by :meth:`eventFilter`, as the board results' keys are: they work whatever window has the focus)."""
        self.roster_view.installEventFilter(self)
        self.move_up_action, self.move_down_action, self.take_out_action = QAction(self), QAction(self), QAction(self)
        self.move_up_action.triggered.connect(lambda _c=False: self.move_member(-1))
        self.move_down_action.triggered.connect(lambda _c=False: self.move_member(1))
        self.take_out_action.triggered.connect(lambda _c=False: self.remove_member())
        self.roster_actions = (self.move_up_action, self.move_down_action, self.take_out_action)
        for action in self.roster_actions:
            self.roster_view.addAction(action)
        self.roster_view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    def _build_lineups_and_printing(self, row: QHBoxLayout) -> None:
        """The line-up dialog's button (also Enter or a double click on a match) and the Print menu."""
        self.lineups_button = QPushButton()
        self.lineups_button.clicked.connect(lambda: self.edit_lineups())
        row.addWidget(self.lineups_button)
        self.matches_view.doubleClicked.connect(lambda _index: self.edit_lineups())
        self.matches_view.installEventFilter(self)
        self.print_button = QPushButton()
        self.print_menu = QMenu(self.print_button)
        self.print_actions: dict[str, QAction] = {}
        for kind, _text in PRINTED:
            action = self.print_menu.addAction("")
            action.triggered.connect(lambda _c=False, k=kind: self.print_team_document(k))
            self.print_actions[kind] = action
        self.print_button.setMenu(self.print_menu)
        row.addWidget(self.print_button)

    def _retranslate_moves_lineups_printing(self) -> None:
        t = self.t

        def keys(sequences: tuple[str, ...]) -> str:
            return t(" or ").join(QKeySequence(k).toString(QKeySequence.SequenceFormat.NativeText)
                                  for k in sequences)

        self.move_up_action.setText(f"{t('Board &up')}\t{keys(MOVE_UP_KEYS)}")  # the menu's column of keys
        self.move_down_action.setText(f"{t('Board do&wn')}\t{keys(MOVE_DOWN_KEYS)}")
        self.take_out_action.setText(t("Ta&ke out of the roster"))
        self.up_button.setToolTip(t("Move the chosen player one board up ({}); or drag the player to another board",
                                    keys(MOVE_UP_KEYS)))
        self.down_button.setToolTip(t("Move the chosen player one board down ({}); or drag the player to another "
                                      "board", keys(MOVE_DOWN_KEYS)))
        self.roster_view.setToolTip(t("Drag a player to another board, or move the chosen one with {} and {}",
                                      keys(MOVE_UP_KEYS), keys(MOVE_DOWN_KEYS)))
        self.lineups_button.setText(t("Line-ups of the m&atch…"))
        self.lineups_button.setToolTip(t("Both teams' line-ups of the chosen match, typed board by board (Enter or a "
                                         "double click on the match)"))
        self.matches_view.setToolTip(t("Enter or a double click: the match's line-ups"))
        self.print_button.setText(t("Pr&int…"))
        for kind, text in PRINTED:
            self.print_actions[kind].setText(t(text))

    def move_member_to(self, source: int, target: int) -> bool:
        """Move the player of roster row ``source`` to board ``target + 1`` (the others between shift by one):
        one action, one undo step."""
        state, team = self.ctx.state, self.current_team()
        if state is None or team is None:
            return False
        members = list(state.team(team.id).members)
        if not (0 <= source < len(members) and 0 <= target < len(members)) or source == target:
            return False
        members.insert(target, members.pop(source))
        return self._roster(members, target)

    def edit_lineups(self) -> LineupDialog | None:
        """The line-up dialog of the chosen match (both teams, board by board). In scripted use the dialog is
        returned without being shown modally (the caller drives it)."""
        state, score = self.ctx.state, self.current_score()
        session = self.ctx.session
        if state is None or session is None or score is None or not self.writable():
            return None
        if score.match.forfeit:  # the core's words, as the command line's ``lineup`` says them
            self.ctx.status(msg("Match {number} of round {round} is forfeited: it has no line-ups",
                                number=score.match.number, round=score.match.round).text(self.t.lang))
            return None

        def save(operation: SetLineups) -> bool:
            return self._done(self.run(lambda: session.run(operation)))

        dialog = LineupDialog(self.ctx.dialog_parent(), self.t, state, score.match, save)
        if self.ctx.interactive:
            dialog.exec()
        return dialog

    def print_team_document(self, kind: str) -> None:
        """Print (or save as PDF) one of :data:`PRINTED`: the match sheets and the match list of the round shown,
        the team standings and crosstable after the last paired round (what the tab's standings count)."""
        state = self.ctx.state
        if state is None:
            return
        number = self.current_round() if kind in ("slips", "pairings") else state.last_round or None
        self.ctx.print_document(kind, number)
