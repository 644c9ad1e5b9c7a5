"""The line-ups of one team match (issue 31 items 3 and 9): boards 1 to N for both teams, typed on the keyboard.

Each board has one field per team where the arbiter types the player's number in the team's roster (its board in
the strength list, shown beside the field with the players' names); an empty field, ``0`` or ``-`` leaves the
board empty (lost by forfeit). Tab moves to the next board, the home team's boards first, then the away team's.
Every keystroke checks the line-ups with the core's own checks (:class:`~tournament_desk.core.operations.SetLineups`
applied to the event as it is: the event's board-order rule, the roster, the number of boards), so the problem is
shown in the user's language before anything is saved. Saving stores the line-ups that changed as one action
(one undo step); a team whose line-up is not given yet and whose fields are all empty is left without one.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.core.disciplines import profile_of
from tournament_desk.core.errors import TournamentError
from tournament_desk.core.formatting import whole_number
from tournament_desk.core.ids import PlayerId
from tournament_desk.core.model import EventState
from tournament_desk.core.operations import SetLineups
from tournament_desk.core.teams.boards import match_boards, rules_of
from tournament_desk.core.teams.model import Team, TeamMatch
from tournament_desk.gui.i18n import Translator
from tournament_desk.gui.models.tables import RowsModel, make_table

__all__ = ["LineupDialog", "Side"]

_EMPTY = ("", "0", "-", "—")
"""What leaves a board empty."""


@dataclass
class Side:
    """One team of the match in the dialog: its fields (one per board) and the names shown beside them."""

    team: Team
    fields: list[QLineEdit]
    names: list[QLabel]
    stored: tuple[PlayerId | None, ...] | None
    """Its line-up as saved in the event, None when not given yet."""


class LineupDialog(QDialog):
    """The two line-ups of ``match``; ``save`` stores the operation (one action through the window) and says
    whether it was stored."""

    def __init__(self, parent: QWidget | None, t: Translator, state: EventState, match: TeamMatch,
                 save: Callable[[SetLineups], bool]) -> None:
        super().__init__(parent)
        self.t = t
        self.state = state
        self.match = match
        self._save = save
        self.saved = False
        self.operation: SetLineups | None = None
        """What the fields ask for, when it passes every check (None: nothing to save, or a problem)."""
        self.problem = ""
        """The problem shown, in the user's language ("" when none)."""
        rules = rules_of(state)
        self.boards = rules.boards
        home, away = state.team(match.home), state.team(match.away)
        self.setWindowTitle(t("Line-ups: round {}, match {}", match.round, match.number))
        layout = QVBoxLayout(self)
        title = QLabel(t("Round {}, match {}: {} – {}", match.round, match.number, home.name, away.name))
        title.setStyleSheet("font-weight: bold")
        layout.addWidget(title)
        help_text = QLabel(t("Type each board's player by their number in the team's roster (empty, 0 or -: the "
                             "board is left empty and lost by forfeit); Tab goes to the next board."))
        help_text.setWordWrap(True)
        layout.addWidget(help_text)

        profile = profile_of(state.event)
        colours = [b.home_colour for b in match_boards(state, match)]
        grid = QGridLayout()
        grid.addWidget(QLabel(t("Board")), 0, 0)
        if profile.has_colours:
            grid.addWidget(QLabel(t("Colour of {}", home.name)), 0, 1)
        self.sides: list[Side] = []
        for column, team in ((2, home), (4, away)):
            heading = QLabel(team.name)
            heading.setStyleSheet("font-weight: bold")
            grid.addWidget(heading, 0, column, 1, 2)
            stored = state.lineup(match.round, team.id)
            side = Side(team, [], [], stored.players if stored is not None else None)
            for b in range(1, self.boards + 1):
                field = QLineEdit()
                field.setMaxLength(3)
                field.setFixedWidth(field.fontMetrics().horizontalAdvance("0000") + 16)
                field.setAlignment(Qt.AlignmentFlag.AlignRight)
                field.setAccessibleName(t("{}, board {}", team.name, b))
                name = QLabel()
                name.setMinimumWidth(name.fontMetrics().horizontalAdvance("M" * 16))
                grid.addWidget(field, b, column)
                grid.addWidget(name, b, column + 1)
                side.fields.append(field)
                side.names.append(name)
            self.sides.append(side)
        for b in range(1, self.boards + 1):
            grid.addWidget(QLabel(str(b)), b, 0)
            if profile.has_colours:
                colour = colours[b - 1]
                word = profile.first_side if colour == "W" else profile.second_side
                grid.addWidget(QLabel(word.text(t.lang)), b, 1)
        layout.addLayout(grid)

        fill_row = QHBoxLayout()
        self.roster_buttons: list[QPushButton] = []
        for side, text in zip(self.sides, (t("&Home team in roster order"), t("&Away team in roster order")),
                              strict=True):
            button = QPushButton(text)
            button.setAutoDefault(False)
            button.clicked.connect(lambda _c=False, s=side: self.fill_in_roster_order(s))
            fill_row.addWidget(button)
            self.roster_buttons.append(button)
        fill_row.addStretch(1)
        layout.addLayout(fill_row)

        rosters = QHBoxLayout()
        system = state.event.rating_system
        self.roster_views = []
        for side in self.sides:
            box = QVBoxLayout()
            box.addWidget(QLabel(t("Roster of {}", side.team.name)))
            model = RowsModel([
                (t("No."), lambda r: r[0]),
                (t("Name"), lambda r: r[1].name),
                (t("Rating"), lambda r: r[1].rating(system) or ""),
            ], [(i, state.player(pid)) for i, pid in enumerate(side.team.members, start=1)])
            view = make_table(model)
            view.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab stays on the boards' fields
            self.roster_views.append(view)
            box.addWidget(view)
            rosters.addLayout(box)
        layout.addLayout(rosters)

        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet("color: #b00020")
        layout.addWidget(self.problem_label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setText(t("&Save the line-ups"))
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        # the fields in board order, the home team's first; what is saved is shown again
        order: list[QWidget] = [f for side in self.sides for f in side.fields]
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)
        QWidget.setTabOrder(order[-1], self.save_button)
        for side in self.sides:
            for b, field in enumerate(side.fields):
                if side.stored is not None and b < len(side.stored) and side.stored[b] is not None:
                    field.setText(str(side.team.position(side.stored[b] or 0) or ""))
                field.textChanged.connect(lambda _text: self.check())
        self.check()
        target = next((s for s in self.sides if s.stored is None), self.sides[0])
        target.fields[0].setFocus()

    # -- reading the fields -------------------------------------------------------------------------------------
    def _player(self, side: Side, board: int) -> tuple[PlayerId | None, str]:
        """The player typed at ``board`` (1-based) for ``side`` and what is wrong with the text ("" when nothing)."""
        text = side.fields[board - 1].text().strip()
        if text in _EMPTY:
            return None, ""
        number = whole_number(text)
        members = side.team.members
        if number is None or not 1 <= number <= len(members):
            return None, self.t("{}, board {}: no player number {} in the roster (1 to {})", side.team.name, board,
                                text, len(members))
        return members[number - 1], ""

    def fill_in_roster_order(self, side: Side) -> None:
        """The team's first boards of the roster on boards 1 to N (its usual line-up)."""
        for b, field in enumerate(side.fields, start=1):
            field.setText(str(b) if b <= len(side.team.members) else "")
        side.fields[-1].setFocus()

    def lineups(self) -> dict[int, list[PlayerId | None]]:
        """The line-ups the fields ask to save: a team's when it differs from the one saved (a team without one and
        with every field empty gives none)."""
        wanted: dict[int, list[PlayerId | None]] = {}
        for side in self.sides:
            players = [self._player(side, b)[0] for b in range(1, self.boards + 1)]
            saved = list(side.stored) if side.stored is not None else None
            if saved is None and not any(players):
                continue
            if saved is not None and saved + [None] * (self.boards - len(saved)) == players:
                continue
            wanted[side.team.id] = players
        return wanted

    def check(self) -> bool:
        """Show each board's player and the first problem of the line-ups (the core's checks); True when they
        can be saved."""
        lang = self.t.lang
        problems: list[str] = []
        for side in self.sides:
            for b, label in enumerate(side.names, start=1):
                pid, problem = self._player(side, b)
                label.setText(self.state.player(pid).name if pid is not None else "—")
                if problem:
                    problems.append(problem)
        self.operation = None
        notes: list[str] = []
        if not problems:
            wanted = self.lineups()
            if wanted:
                operation = SetLineups(self.match.round, wanted)
                try:
                    done = operation.apply(self.state)
                except TournamentError as exc:
                    problems.append(exc.message(lang))
                else:
                    self.operation = operation
                    notes = [n.text(lang) for n in done.notes]
        self.problem = problems[0] if problems else ""
        shown = self.problem or "\n".join(notes)
        self.problem_label.setStyleSheet("color: #b00020" if self.problem else "color: #7a5b00")
        self.problem_label.setText(shown)
        return not self.problem

    def save(self) -> None:
        """Store the line-ups (one action) and close; a problem keeps the dialog open with the problem shown."""
        if not self.check():
            return
        if self.operation is None:  # nothing changed
            self.accept()
            return
        if self._save(self.operation):
            self.saved = True
            self.accept()
