"""Standings tab: after any round with all its results in, place, points and the event's tie-break columns, with
the rule edition; or the crosstable (the round-robin grid, the Swiss wallchart) as it prints, from the same value
(:func:`services.standings.crosstable`); double-click a tie-break value to see how it was computed; export as
CSV; "Print…" prints what is shown (the view, after the round chosen)."""

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
from tournament_desk.core.crosstable import Crosstable
from tournament_desk.core.disciplines import discipline_profile, rating_word
from tournament_desk.core.errors import TournamentError
from tournament_desk.core.formatting import format_number
from tournament_desk.core.model import EventState
from tournament_desk.core.ratings.common import PreviewRow
from tournament_desk.gui.context import EventContext
from tournament_desk.gui.dialogs.event_dialog import RATING_NAMES
from tournament_desk.gui.models.tables import RowsModel
from tournament_desk.gui.tabs.base import Tab, make_table
from tournament_desk.services.paths import document_name
from tournament_desk.services.standings import Standings, StandingsLine, crosstable, explain, standings


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
        self.print_button.clicked.connect(lambda: self.print_shown())
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
        """The standings shown (the plain view), or the standings of the round shown (the crosstable view)."""
        self.shown: Crosstable | None = None
        """The crosstable shown (its view), None in the plain view: the value the printed crosstable prints."""
        self._headers: tuple[Any, ...] | None = None
        """What the columns were set from (language, view, rounds, tie-breaks, preview, discipline, rating system)."""
        self._view: tuple[EventState, dict[int, int], dict[int | str, tuple[float | None, float | None]], str]
        self._parts: dict[int | str, dict[str, str]] = {}
        """The cote PL's terms of each player's preview (PE, B, PJ, bounds, category), as shown."""
        self._offered: tuple[int, ...] = ()
        """The rounds offered in :attr:`after`: 0 and every round with all its results in."""
        self._session: object = None
        """The event the rounds were offered for."""

    def focus_main(self) -> None:
        self.view.setFocus()
        if not self.view.currentIndex().isValid() and self.model.rowCount():
            self.view.setCurrentIndex(self.model.index(0, 1))

    def retranslate(self) -> None:
        self.export_button.setText(self.t("E&xport CSV…"))
        self.crosstable.setText(self.t("&Crosstable"))
        self.print_button.setText(self.t("&Print…"))
        for i in range(self.after.count()):  # the rounds' labels in the new language, the choice kept
            self.after.setItemText(i, self.t("After round {}", self.after.itemData(i)))

    def shows(self, what: StateChange) -> bool:
        return what.affects_standings

    # -- the round shown -------------------------------------------------------------------------------------
    def asked_round(self) -> int | None:
        """The round chosen in :attr:`after`; None for the default (the last round with all its results in, the
        rounds in progress after it named as such): what printing the standings or the crosstable asks for."""
        number = self.after.currentData()
        if number is None or not self._offered or number == self._offered[-1]:
            return None
        return int(number)

    def document_kind(self) -> str:
        """What "Print…" prints: the view shown."""
        return "crosstable" if self.crosstable.isChecked() else "standings"

    def print_shown(self) -> None:
        """Print (or save as PDF) what the tab shows: the view, after the round chosen."""
        self.ctx.print_document(self.document_kind(), self.asked_round())

    def _fill_rounds(self, state: EventState | None) -> None:
        """Offer "After round n" for 0 and each round with all its results in (a round in progress is never
        counted: docs/rules.md §5). The default, the last of them, is followed as rounds complete; a round
        chosen before it stays chosen."""
        offered = (0, *(r.number for r in sorted(state.rounds, key=lambda r: r.number) if r.is_complete)) \
            if state is not None else ()
        if offered == self._offered and self.after.count() == len(offered):
            return
        keep = self.after.currentData()
        followed = keep is None or not self._offered or keep == self._offered[-1]
        self._offered = offered
        self.after.blockSignals(True)
        self.after.clear()
        for n in offered:
            self.after.addItem(self.t("After round {}", n), n)
        if offered:
            wanted = offered[-1] if followed or keep not in offered else keep
            self.after.setCurrentIndex(self.after.findData(wanted))
        self.after.blockSignals(False)

    def reload(self) -> None:
        if self.ctx.session is not self._session:  # another event: its default round, nothing of the last one
            self._session = self.ctx.session
            self._offered = ()
            self.after.blockSignals(True)
            self.after.clear()
            self.after.blockSignals(False)
        self._fill_rounds(self.ctx.state)
        self.show_table()

    def show_table(self) -> None:
        """Compute the table after the round chosen and show it: the columns are set again only when they
        differ (a tie-break, a round, the view); otherwise only the rows whose content changed are redrawn."""
        state = self.ctx.state
        if state is None:
            self.model.set_table([], [])
            self._headers = None
            self.table = self.shown = None
            self.note.setText("")
            return
        self._fill_rounds(state)
        lang = self.t.lang
        asked = self.asked_round()
        try:
            if self.crosstable.isChecked():
                self._show_crosstable(state, crosstable(state, lang, after_round=asked))
                return
            table = standings(state, after_round=asked)
        except TournamentError as exc:  # e.g. a tie-break that needs data the event lacks: say why
            self.note.setText(exc.message(lang))
            self.model.set_table([], [])
            self._headers = None
            return
        self.table, self.shown = table, None
        preview, preview_note = self._rating_preview(state, table)
        place = {ln.player_id: ln.place for ln in table.lines}
        self._view = (state, place, preview, lang)
        rows = [_Row(ln, _first(table, ln), preview.get(ln.player_id, (None, None))) for ln in table.lines]
        parts = bool(preview) and any(self._parts.get(pid) for pid in preview)
        headers = (lang, "standings", table.after_round, tuple(c.code for c in table.columns), bool(preview), parts,
                   state.event.rating_system, state.event.discipline)
        if headers != self._headers:
            self._headers = headers
            profile = discipline_profile(state.event.discipline)
            word = rating_word(state.event.rating_system).text(lang)  # "Elo", "classement FFJD", "cote PL"
            columns: list[tuple[Any, ...]] = [
                (self.t("Rank"), lambda r: r.line.place_text if not r.line.shared or r.first else ""),
                (self.t("Name"), lambda r: r.line.name),
                (self.t("Club"), lambda r: r.line.club),
                (word, lambda r: r.line.rating_text(),  # a PL* marked "2250*" (its legend in the notes)
                 lambda r: r.line.provisional_rating or r.line.rating or -1),
                (profile.points_head.text(lang) if profile.game_scores else self.t("Points"),
                 lambda r: r.line.points_text(self._view[3])),
            ]
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
        notes = [*table.progress_notes(lang), table.edition_note(lang), *([preview_note] if preview_note else [])]
        self.note.setText("\n".join(notes))

    def _show_crosstable(self, state: EventState, table: Crosstable) -> None:
        """The crosstable view: the columns and rows of the value the printed crosstable prints (the round-robin
        grid or the Swiss wallchart), then its notes."""
        self.shown = table
        self.table = None
        headers = (table.lang, table.kind, table.headings())
        if headers != self._headers:
            self._headers = headers
            columns = [(c.heading, lambda r, c=c: r.text(c)) for c in table.columns]
            self.model.set_table(columns, table.rows, lambda r: "#eeeeee" if r.withdrawn else None)
            self.view.resizeColumnsToContents()
        else:
            self.model.show_rows(table.rows)
        self.note.setText("\n".join(table.notes))

    def redraw(self, what: StateChange) -> None:
        """The standings computed again; the rows whose content changed are redrawn (a result moves places and
        opponents' tie-breaks: which rows, the new standings say). A round completed, paired or taken back
        changes the rounds offered."""
        self.show_table()

    def _rating_preview(self, state: EventState, table: Standings
                        ) -> tuple[dict[int | str, tuple[float | None, float | None]], str]:
        """Preview of the event's rating system (FFJD, national Elo, Scrabble PL), after the last round only,
        once all its results are in; the cote PL's terms per player (PE, B, PJ, PJmin / PJmax, the category) in
        ``self._parts``. Before any game is played nothing changes, and no column is shown."""
        self._parts = {}
        session = self.ctx.session
        if session is None or state.event.rating_system.value not in ("ffjd", "elo-fr", "fisf-pl", "fide") \
                or not state.rounds:
            return {}, ""
        name = self.t(RATING_NAMES.get(state.event.rating_system, state.event.rating_system.value))
        if not any(g.result is not None for rnd in state.rounds for g in rnd.games):
            return {}, self.t("Rating preview ({}): no game played yet, nothing changes", name)
        if table.after_round != state.last_round:  # the last round in progress: no preview until it is complete
            return {}, ""
        from tournament_desk.services.ratings import rating_preview  # numpy and scipy: only when shown

        try:
            rows = rating_preview(session)
        except TournamentError as exc:
            return {}, self.t("Rating preview: {}", exc.message(self.t.lang))
        self._parts = {r.player_id: _pl_parts(r, self.t.lang) for r in rows if r.parts}
        if not any(r.games_counted for r in rows) and all(not r.evolution for r in rows):
            return {}, self.t("Rating preview ({}): no game played yet, nothing changes", name)
        return {r.player_id: (r.evolution, r.new_rating) for r in rows}, self.t(
            "Rating preview ({}): what the federation would compute from this event alone", name)

    def explain_cell(self, row: int, column: int, *, show: bool = True) -> str | None:
        """The explanation of the tie-break in ``column`` for the player on ``row`` (a message box)."""
        state = self.ctx.state
        if state is None or not 0 <= row < self.model.rowCount():
            return None
        if self.shown is not None:
            if not 0 <= column < len(self.shown.columns) or self.shown.columns[column].key != "tiebreak":
                return None
            code = self.shown.codes[self.shown.columns[column].index]
            player_id, after = self.model.row_object(row).player_id, self.shown.after_round
        else:
            if self.table is None or not 5 <= column < 5 + len(self.table.columns):
                return None
            code = self.table.columns[column - 5].code
            player_id, after = self.table.lines[row].player_id, self.table.after_round
        text = explain(state, player_id, code, after_round=after).to_text(self.t.lang)
        if show:
            QMessageBox.information(self, code, text)
        return text

    def export_csv(self, path: str | None = None) -> None:
        """The standings after the round shown as CSV (the file proposed is named after the event and round)."""
        state, session = self.ctx.state, self.ctx.session
        if state is None:
            return
        table = standings(state, after_round=self.asked_round())
        if path is None:
            folder = session.path.parent if session is not None else Path.home()
            name = document_name(state, "standings", table.after_round, self.t.lang)
            path, _ = QFileDialog.getSaveFileName(self, self.t("E&xport CSV…").replace("&", ""),
                                                  str(folder / f"{name}.csv"), "CSV (*.csv)")
        if not path:
            return
        target = Path(path)
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
    rating preview (change, new rating)."""

    line: StandingsLine
    first: bool
    preview: tuple[float | None, float | None]


def _first(table: Standings, line: StandingsLine) -> bool:
    group = [ln for ln in table.lines if ln.place == line.place]
    return group[0] is line


def _signed(value: float | None) -> str:
    return "" if value is None else f"{value:+.0f}"


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.0f}"
