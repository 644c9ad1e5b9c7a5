"""Standings tab: after any round, place, points and the event's tie-break columns, with the rule edition;
double-click a tie-break value to see how it was computed; export as CSV."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
)

from tournament_desk.core.changes import StateChange
from tournament_desk.core.disciplines import discipline_profile, rating_word
from tournament_desk.core.errors import TournamentError
from tournament_desk.core.formatting import colour_letter, format_number
from tournament_desk.core.model import Bye, EventState
from tournament_desk.core.ratings.common import PreviewRow
from tournament_desk.gui.context import EventContext
from tournament_desk.gui.dialogs.event_dialog import RATING_NAMES
from tournament_desk.gui.models.tables import RowsModel
from tournament_desk.gui.tabs.base import Tab, make_table
from tournament_desk.services.standings import Standings, StandingsLine, explain, standings


class StandingsTab(Tab):
    def __init__(self, ctx: EventContext) -> None:
        super().__init__(ctx)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.after = QComboBox()
        self.after.currentIndexChanged.connect(lambda _i: self.show_table())
        top.addWidget(self.after)
        self.crosstable = QCheckBox()
        self.crosstable.toggled.connect(lambda _c: self.show_table())
        top.addWidget(self.crosstable)
        top.addStretch(1)
        self.export_button = QPushButton()
        self.export_button.clicked.connect(lambda: self.export_csv())
        top.addWidget(self.export_button)
        self.print_button = QPushButton()
        self.print_button.clicked.connect(lambda: self.ctx.print_document("standings"))
        top.addWidget(self.print_button)
        layout.addLayout(top)
        self.model = RowsModel([])
        self.view = make_table(self.model, fit_columns=False)
        self.view.doubleClicked.connect(lambda index: self.explain_cell(index.row(), index.column()))
        layout.addWidget(self.view)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.table: Standings | None = None
        self._headers: tuple[Any, ...] | None = None
        """What the columns were set from (language, crosstable, rounds, tie-breaks, preview)."""
        self._view: tuple[EventState, dict[int, int], dict[int, tuple[float | None, float | None]], str]
        self._parts: dict[int, dict[str, str]] = {}
        """The cote PL's terms of each player's preview (PE, B, PJ, bounds, category), as shown."""

    def focus_main(self) -> None:
        self.view.setFocus()
        if not self.view.currentIndex().isValid() and self.model.rowCount():
            self.view.setCurrentIndex(self.model.index(0, 1))

    def retranslate(self) -> None:
        self.export_button.setText(self.t("E&xport CSV…"))
        self.crosstable.setText(self.t("&Crosstable"))
        self.print_button.setText(self.t("&Print…"))

    def shows(self, what: StateChange) -> bool:
        return what.affects_standings

    def reload(self) -> None:
        state = self.ctx.state
        keep = self.after.currentData()
        if state is not None and state.last_round > self.after.count() - 1:
            keep = state.last_round  # a new round: show the latest standings
        self.after.blockSignals(True)
        self.after.clear()
        if state is not None:
            for n in range(state.last_round + 1):
                self.after.addItem(self.t("After round {}", n), n)
            wanted = keep if keep is not None and keep <= state.last_round else state.last_round
            self.after.setCurrentIndex(self.after.findData(wanted))
        self.after.blockSignals(False)
        self.show_table()

    def show_table(self) -> None:
        """Compute the standings after the round chosen and show them: the columns are set again only when
        they differ (a tie-break, a round, the crosstable); otherwise only the rows whose content changed are
        redrawn."""
        state = self.ctx.state
        if state is None:
            self.model.set_rows([])
            return
        lang = self.t.lang
        try:
            table = standings(state, after_round=self.after.currentData())
        except TournamentError as exc:  # e.g. a tie-break that needs data the event lacks: say why
            self.note.setText(exc.message(lang))
            self.model.set_rows([])
            return
        self.table = table
        preview, preview_note = self._rating_preview(state)
        crosstable = self.crosstable.isChecked()
        place = {ln.player_id: ln.place for ln in table.lines}
        self._view = (state, place, preview, lang)
        rows = [_Row(ln, _first(table, ln),
                     tuple(_cell(state, ln.player_id, n, place, lang) for n in range(1, table.after_round + 1))
                     if crosstable else (),
                     preview.get(ln.player_id, (None, None)))
                for ln in table.lines]
        parts = bool(preview) and any(self._parts.get(pid) for pid in preview)
        headers = (lang, crosstable, table.after_round, tuple(c.code for c in table.columns), bool(preview), parts,
                   state.event.rating_system, state.event.discipline)
        if headers != self._headers:
            self._headers = headers
            profile = discipline_profile(state.event.discipline)
            word = rating_word(state.event.rating_system).text(lang)  # "Elo", "classement FFJD", "cote PL"
            columns: list[tuple[str, Any]] = [
                (self.t("Rank"), lambda r: r.line.place_text if not r.line.shared or r.first else ""),
                (self.t("Name"), lambda r: r.line.name),
                (self.t("Club"), lambda r: r.line.club),
                (word, lambda r: r.line.rating),
                (profile.points_head.text(lang) if profile.game_scores else self.t("Points"),
                 lambda r: r.line.points_text(self._view[3])),
            ]
            if crosstable:
                for number in range(1, table.after_round + 1):
                    columns.append((str(number), lambda r, i=number - 1: r.cells[i]))
            for i, col in enumerate(table.columns):
                columns.append((col.heading(lang), lambda r, i=i: r.line.texts(self._view[3])[i]))
            if preview:
                columns.append((self.t("{} ±", word), lambda r: _signed(r.preview[0])))
                columns.append((self.t("{} after", word), lambda r: _number(r.preview[1])))
            if parts:  # the cote PL's terms (seed 002 §4-§7), to check a change by hand
                for key, head in (("pe", "PE"), ("b", "B"), ("pj", "PJ"), ("bounds", "PJmin / PJmax"),
                                  ("category", self.t("Category (M)"))):
                    columns.append((head, lambda r, k=key: self._parts.get(r.line.player_id, {}).get(k, "")))
            self.model.set_table(columns, rows, lambda r: "#eeeeee" if r.line.withdrawn else None)
            self.view.resizeColumnsToContents()
        else:
            self.model.show_rows(rows)
        self.note.setText(table.edition_note(lang) + (f"\n{preview_note}" if preview_note else ""))

    def redraw(self, what: StateChange) -> None:
        """The standings computed again; the rows whose content changed are redrawn (a result moves places and
        opponents' tie-breaks: which rows, the new standings say). A round paired or taken back, or another
        number of players, draws the tab again (the rounds offered change)."""
        if what.rounds_added or what.rounds_removed or what.players_added or what.players_removed:
            self.reload()
        else:
            self.show_table()

    def _rating_preview(self, state: EventState) -> tuple[dict[int, tuple[float | None, float | None]], str]:
        """Preview of the event's rating system (FFJD, national Elo, Scrabble PL), after the last round only; the
        cote PL's terms per player (PE, B, PJ, PJmin / PJmax, the category) in ``self._parts``. Before any game is
        played nothing changes, and no column is shown."""
        self._parts = {}
        session = self.ctx.session
        if session is None or state.event.rating_system.value not in ("ffjd", "elo-fr", "fisf-pl", "fide") \
                or self.after.currentData() != state.last_round or not state.rounds:
            return {}, ""
        from tournament_desk.services.ratings import rating_preview  # numpy and scipy: only when shown

        try:
            rows = rating_preview(session)
        except TournamentError as exc:
            return {}, self.t("Rating preview: {}", exc.message(self.t.lang))
        self._parts = {r.player_id: _pl_parts(r, self.t.lang) for r in rows if r.parts}
        if not any(r.games_counted for r in rows) and all(not r.evolution for r in rows):
            return {}, self.t("Rating preview ({}): no game played yet, nothing changes",
                              self.t(RATING_NAMES.get(state.event.rating_system, state.event.rating_system.value)))
        return {r.player_id: (r.evolution, r.new_rating) for r in rows}, self.t(
            "Rating preview ({}): what the federation would compute from this event alone",
            self.t(RATING_NAMES.get(state.event.rating_system, state.event.rating_system.value)))

    def explain_cell(self, row: int, column: int, *, show: bool = True) -> str | None:
        """The explanation of the tie-break in ``column`` for the player on ``row`` (a message box)."""
        first = 5 + (self.table.after_round if self.table is not None and self.crosstable.isChecked() else 0)
        if self.table is None or not first <= column < first + len(self.table.columns) \
                or row >= len(self.table.lines):
            return None
        state = self.ctx.state
        if state is None:
            return None
        code = self.table.columns[column - first].code
        line = self.table.lines[row]
        text = explain(state, line.player_id, code, after_round=self.table.after_round).to_text(self.t.lang)
        if show:
            QMessageBox.information(self, code, text)
        return text

    def export_csv(self, path: str | None = None) -> None:
        if self.table is None:
            return
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.t("E&xport CSV…"), "", "CSV (*.csv)")
        if not path:
            return
        table, target = self.table, Path(path)
        self.run(lambda: target.write_text(table.to_csv(self.t.lang), encoding="utf-8-sig"))


def _pl_parts(row: PreviewRow, lang: str) -> dict[str, str]:
    """The cote PL's terms of one preview row as shown (seed 002: PE §5, B §6, PJ §7 and its bounds, the
    category and M §4); PJ reads ``298 → 210`` when a bound cut it."""
    parts = dict(row.parts)
    pj, rounded = parts["pj"], parts["pj_unbounded"]
    return {"pe": format_number(parts["pe"], lang), "b": format_number(parts["b"], lang),
            "pj": f"{format_number(rounded, lang)} → {format_number(pj, lang)}" if rounded != pj
            else format_number(pj, lang),
            "bounds": f"{format_number(round(parts['pj_min']), lang)} / {format_number(round(parts['pj_max']), lang)}",
            "category": f"{int(parts['category'])} ({format_number(parts['m'], lang)})"}


@dataclass(frozen=True, slots=True)
class _Row:
    """One row of the Standings tab: the standings line, whether it is the first of its shared place, the
    crosstable's cells, the rating preview (change, new rating)."""

    line: StandingsLine
    first: bool
    cells: tuple[str, ...]
    preview: tuple[float | None, float | None]


def _first(table: Standings, line: StandingsLine) -> bool:
    group = [ln for ln in table.lines if ln.place == line.place]
    return group[0] is line


def _signed(value: float | None) -> str:
    return "" if value is None else f"{value:+.0f}"


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.0f}"


def _cell(state: EventState, player_id: int, number: int, place: dict[int, int], lang: str = "en") -> str:
    """A wallchart cell: the opponent's place, the colour and the points scored (``5w1``, ``12b½``; in French
    ``5B1``, ``12N½`` as on the printed crosstable), or the bye."""
    rnd = state.round(number)
    entry = rnd.entry_of(player_id)
    if entry is None:
        return ""
    if isinstance(entry, Bye):
        return {"pab": "bye", "hpb": "½bye", "fpb": "+bye", "zpb": "abs", "withdrawn": "—"}.get(entry.kind.value, "")
    outcome = entry.outcome_of(player_id)
    opponent = entry.opponent_of(player_id)
    colours = discipline_profile(state.event.discipline).has_colours  # Scrabble classique: none
    colour = colour_letter(entry.white_id == player_id, lang) if colours else ""
    if outcome is None:
        return f"{place.get(opponent, '?')}{colour}"
    if outcome.is_forfeit:
        mark = "+" if state.event.scoring.points(outcome) > 0 else "-"
    else:
        mark = f"{state.event.scoring.points(outcome):g}".replace("0.5", "½")
    return f"{place.get(opponent, '?')}{colour}{mark}"
