"""Pairings tab: pair the next round (by the event's system, in the background, cancellable), the boards,
unpair, pair by hand, the top cut, the byes requested for the next round, and the round-robin grid."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.core.actions.rounds import MissingResultsError
from tournament_desk.core.changes import StateChange
from tournament_desk.core.errors import TournamentError
from tournament_desk.core.formatting import format_score
from tournament_desk.core.messages import N_
from tournament_desk.core.model import EventState, Game, PairingSystem
from tournament_desk.core.operations import UnpairLastRound
from tournament_desk.core.pairing.knockout import recommended_size
from tournament_desk.core.results import Outcome, format_game_result
from tournament_desk.gui.context import EventContext
from tournament_desk.gui.dialogs.manual_dialog import ManualPairingDialog
from tournament_desk.gui.dialogs.registration_dialogs import REQUEST_LABELS
from tournament_desk.gui.models.tables import RowsModel
from tournament_desk.gui.tabs.base import Tab, make_table
from tournament_desk.gui.worker import Cancelled, run_in_background
from tournament_desk.services.pairing import plan_next, store_planned
from tournament_desk.services.roundrobin import event_grid_pdf, schedule_for
from tournament_desk.services.swiss_variants import bracket, start_top_cut, top_cut_settings

BYE_LABELS = {
    Outcome.PAIRING_BYE: N_("pairing-allocated bye"),
    Outcome.HALF_BYE: N_("half-point bye"),
    Outcome.FULL_BYE: N_("full-point bye"),
    Outcome.ZERO_BYE: N_("absent"),
    Outcome.WITHDRAWN: N_("withdrawn"),
}


def bye_text(t: Any, state: EventState, kind: Outcome) -> str:
    if kind is Outcome.PAIRING_BYE and state.event.system.is_round_robin:
        return "EXEMPT"
    return str(t(BYE_LABELS.get(kind, kind.value)))


def selected_round(tab: Any) -> tuple[EventState, Any, dict[int, str]] | None:
    """The state, the round chosen in ``tab.round`` and the players' names; or None (the tab is then emptied:
    its model cleared and ``tab.byes`` saying that no round is paired). Shared by the Pairings and Results tabs."""
    state = tab.ctx.state
    number = tab.round.currentData()
    if state is None or number is None or number > state.last_round:
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
    def __init__(self, ctx: EventContext) -> None:
        super().__init__(ctx)
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
        self.print_button = QPushButton()
        self.print_button.clicked.connect(lambda: self.ctx.print_document("pairings", self.round.currentData()))
        self.why_button = QPushButton()
        self.why_button.clicked.connect(lambda: self.explain_board())
        for b in (self.pair_button, self.why_button, self.manual_button, self.unpair_button, self.topcut_button,
                  self.print_button, self.print_grid_button):
            top.addWidget(b)
        layout.addLayout(top)
        self.model = RowsModel([])
        self.view = make_table(self.model)
        layout.addWidget(self.view, 2)
        self.byes = QLabel()
        self.byes.setWordWrap(True)
        layout.addWidget(self.byes)
        self.requests = QLabel()
        self.requests.setWordWrap(True)
        layout.addWidget(self.requests)
        self.grid_label = QLabel()
        layout.addWidget(self.grid_label)
        self.grid_model = RowsModel([])
        self.grid_view = make_table(self.grid_model)
        layout.addWidget(self.grid_view, 3)
        self.notes: tuple[str, ...] = ()
        """What the engine said about the round just paired (floats, colours not granted...)."""

    def editing_widgets(self) -> tuple[QWidget, ...]:
        return (self.pair_button, self.unpair_button, self.manual_button, self.topcut_button)

    def focus_main(self) -> None:
        self.view.setFocus()
        if not self.view.currentIndex().isValid() and self.model.rowCount():
            self.view.setCurrentIndex(self.model.index(0, 0))

    def retranslate(self) -> None:
        self.pair_button.setText(self.t("&Pair next round"))
        self.unpair_button.setText(self.t("&Unpair last round"))
        self.print_grid_button.setText(self.t("Print the gr&id…"))
        self.manual_button.setText(self.t("Pair by han&d…"))
        self.topcut_button.setText(self.t("Top &cut…"))
        self.print_button.setText(self.t("Print the p&airing sheet…"))
        self.why_button.setText(self.t("&Why this pairing?"))
        self.why_button.setToolTip(self.t("Which bracket this board came from, who floated and why, and which "
                                          "rule ruled out the pairing one would have expected"))

    def shows(self, what: StateChange) -> bool:
        return bool(what.rounds or what.players or what.event_fields or what.requests or what.top_cut)

    _drawn: tuple[EventState, dict[int, str]]
    """The event and the names the boards shown were drawn from (the cells read them as they are drawn)."""

    def reload(self) -> None:
        state = self.ctx.state
        session = self.ctx.session
        swiss = state is not None and not state.event.system.is_round_robin
        self.manual_button.setVisible(swiss)
        self.topcut_button.setVisible(swiss and state is not None and bool(state.rounds))
        self.pair_button.setVisible(state is None or state.event.system is not PairingSystem.MANUAL
                                    or (session is not None and top_cut_settings(session) is not None))
        self.unpair_button.setEnabled(bool(state and state.rounds) and self.editable)
        self.why_button.setVisible(state is not None and state.event.system is PairingSystem.DUTCH)
        self.why_button.setEnabled(bool(state and state.rounds))
        self.print_button.setEnabled(bool(state and state.rounds))
        self.round.fill(self.t, state)
        self.show_round()
        self.show_requests()
        self.show_grid()

    def show_round(self) -> None:
        """Draw the round chosen: every board (none before round 1 is paired)."""
        selected = selected_round(self)
        if selected is None:  # no round paired yet: selected_round emptied the table
            return
        state, rnd, names = selected
        self._drawn = (state, names)
        t = self.t
        self.model.set_table([
            (t("Board"), lambda g: g.board),
            (t("White"), lambda g: self._player_cell(g.round, g.white_id)),
            (t("Result"), self._result_cell),
            (t("Black"), lambda g: self._player_cell(g.round, g.black_id)),
        ], rnd.games)
        self._show_byes(state, rnd.number, names)

    def _player_cell(self, number: int, player_id: int) -> str:
        state, names = self._drawn
        return f"{names[player_id]} ({_score(state.score(player_id, number - 1), self.t.lang)})"

    def _result_cell(self, g: Game) -> str:
        state, _names = self._drawn
        return format_game_result(g.result, state.event.discipline) if g.result else ""

    def _show_byes(self, state: EventState, number: int, names: dict[int, str]) -> None:
        t = self.t
        rnd = state.round(number)
        text = ", ".join(t("{name}: {bye}", name=names[b.player_id], bye=bye_text(t, state, b.kind))
                         for b in rnd.byes)
        if self.notes and number == state.last_round and not state.event.system.is_round_robin:
            text += ("\n" if text else "") + "\n".join(self.notes)
        self.byes.setText(text)

    def redraw(self, what: StateChange) -> None:
        """Results entered redraw their boards; a result of an earlier round redraws the boards of its players
        (their points before this round); the byes requested redraw their line. Anything else (a round paired
        or taken back, the event's settings, the players' names) draws the tab again."""
        state = self.ctx.state
        number = self.round.currentData()
        if (state is None or what.rounds_added or what.rounds_removed or what.event_fields or what.players_removed
                or what.top_cut or number is None or number not in {r.number for r in state.rounds}):
            self.reload()
            return
        if what.requests:
            self.show_requests()
        rnd = state.round(number)
        moved = {pid for r, b in what.boards if r < number for pid in state.round(r).game(b).players()}
        moved |= {pid for r, pid in what.byes if r < number} | set(what.players_edited)  # points or names shown
        named = {b for r, b in what.boards if r == number} | {g.board for g in rnd.games if set(g.players()) & moved}
        if not named and not any(r == number for r, _ in what.byes):
            return  # a late entry, a request: nothing of this round's boards changed
        rows = {g.board: i for i, g in enumerate(self.model.rows())}
        if len(rows) != len(rnd.games) or not named <= rows.keys():
            self.reload()
            return
        names = {p.id: p.name for p in state.players} if what.players_edited else self._drawn[1]
        self._drawn = (state, names)
        self.model.replace_rows({rows[b]: rnd.game(b) for b in sorted(named)})
        if any(r == number for r, _ in what.byes) or what.players_edited:
            self._show_byes(state, number, names)

    def show_requests(self) -> None:
        state = self.ctx.state
        if state is None or state.event.system.is_round_robin or state.last_round >= state.event.rounds:
            self.requests.setText("")
            return
        number = state.last_round + 1
        wanted = state.requests_for(number)
        names = {p.id: p.name for p in state.players}
        if not wanted:
            self.requests.setText("")
            return
        listed = ", ".join(f"{names.get(pid, '?')} ({self.t(REQUEST_LABELS[kind])})"
                           for pid, kind in sorted(wanted.items(), key=lambda kv: names.get(kv[0], "")))
        self.requests.setText(self.t("Byes requested for round {}: {}", number, listed))

    def show_grid(self) -> None:
        t = self.t
        state = self.ctx.state
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
    def pair_next_round(self, *, confirm_missing: bool | None = None) -> bool:
        """Pair with the engine of the event's system, in the background (a busy dialog with Cancel shows
        after a moment; cancelling stores nothing). ``confirm_missing`` answers the "results missing"
        question of a round robin or score-group round (None: ask)."""
        session = self.ctx.session
        if session is None:
            return False
        parent = self.ctx.dialog_parent()
        state = self.ctx.state or session.state()
        label = self.t("Pairing round {}…", state.last_round + 1)
        force = False
        try:
            while True:
                try:
                    planned = run_in_background(parent, label, partial(plan_next, session, force=force),
                                                cancellable=True)
                    break
                except MissingResultsError as exc:
                    if force or state.event.system is PairingSystem.DUTCH:
                        raise
                    answer = confirm_missing
                    if answer is None:
                        answer = self.ctx.ask(exc.message(self.t.lang) + "\n\n" + self.t("Pair anyway?"))
                    if not answer:
                        return False
                    force = True
            outcome = self.run(lambda: store_planned(session, planned))
        except Cancelled:
            self.ctx.status(self.t("Cancelled: nothing was changed"))
            return False
        except TournamentError as exc:
            self.ctx.report(exc)
            return False
        if outcome is None:
            return False
        self.notes = outcome.note_texts(self.t.lang)
        now = self.ctx.state or state
        if now.event.system.is_round_robin:
            for note in self.notes:  # homologation warnings (FFJD, Règlement du Classement National §5.4)
                self.ctx.inform(note)
        if now.rounds and self.round.currentData() == now.last_round:  # the notes under the new round
            self._show_byes(now, now.last_round, self._drawn[1])
        return True

    def explain_board(self, board: int | None = None, *, show: bool = True) -> str | None:
        """Why the selected board (FIDE Dutch) was made: its bracket, the floats and their reasons, and the
        criterion that ruled out the pairing one would have expected (services.explain)."""
        from tournament_desk.services.explain import explain_pairing

        session = self.ctx.session
        number = self.round.currentData()
        if session is None or number is None:
            return None
        if board is None:
            index = self.view.currentIndex()
            if not index.isValid():
                self.ctx.inform(self.t("Choose a board first"))
                return None
            board = self.model.row_object(index.row()).board
        chosen = board
        explanation = self.run(lambda: explain_pairing(session, number, board=chosen))
        if explanation is None:
            return None
        text = explanation.text(self.t.lang)
        if show:
            self.ctx.inform(text)
        return text

    def pair_by_hand(self) -> ManualPairingDialog | None:
        """The assisted manual pairing board (seed 000 §6.6); also overrides an engine pairing once the last
        round is unpaired. Returns the dialog (tests drive it)."""
        session = self.ctx.session
        if session is None:
            return None
        dialog = ManualPairingDialog(self.ctx.dialog_parent(), self.t, session)
        if self.ctx.interactive:
            dialog.exec()
            if dialog.result_change is not None:
                self.run(lambda: dialog.result_change)
        return dialog

    def start_top_cut(self, size: int | None = None, draw_rule: str | None = None) -> None:
        """Seed 004: a single-elimination bracket of the top players after the Swiss rounds."""
        session = self.ctx.session
        if session is None:
            return
        if top_cut_settings(session) is not None:
            self.show_bracket()
            return
        parent = self.ctx.dialog_parent()
        if size is None or draw_rule is None:
            state = session.state()
            recommended = recommended_size(len(state.players)) or 4
            sizes = ["4", "8", "16", "32"]
            choice, ok = QInputDialog.getItem(parent, self.t("Top cut"), self.t("Players in the top cut:"), sizes,
                                              sizes.index(str(recommended)) if str(recommended) in sizes else 0,
                                              False)
            if not ok:
                return
            rules = [self.t("higher seed advances on a draw"), self.t("a play-off decides a draw")]
            rule, ok = QInputDialog.getItem(parent, self.t("Top cut"), self.t("Drawn games:"), rules, 0, False)
            if not ok:
                return
            size, draw_rule = int(choice), ("higher-seed" if rule == rules[0] else "playoff")
        chosen_size, chosen_rule = size, draw_rule
        self.run(lambda: start_top_cut(session, chosen_size, chosen_rule))

    def bracket_text(self) -> str:
        session = self.ctx.session
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
        self.ctx.inform(self.bracket_text())

    def unpair(self, confirm: bool = True) -> None:
        """Unpair the last round, after saying how many results it drops."""
        session = self.ctx.session
        state = self.ctx.state
        if session is None or state is None or not state.rounds:
            return
        rnd = state.round(state.last_round)
        entered = sum(1 for g in rnd.games if g.result is not None)
        question = self.t("Cancel the pairing of round {}?", rnd.number)
        if entered:
            question += "\n" + self.t("The {n} result(s) already entered in it will be dropped (Undo brings "
                                      "them back).", n=entered)
        if confirm and not self.ctx.ask(question):
            return
        self.run(lambda: session.run(UnpairLastRound()))

    def print_grid(self, path: str | None = None) -> None:
        """Print the round-robin grid (the print dialog, or "Save as PDF" from it); with ``path``, write its PDF
        there without asking (scripted use)."""
        session = self.ctx.session
        if session is None:
            return
        if path is None:
            self.ctx.print_document("grid")
            return
        target = Path(path)
        self.run(lambda: target.write_bytes(event_grid_pdf(session, lang=self.t.lang)))


def _score(value: float, lang: str) -> str:
    return format_score(value, lang)
