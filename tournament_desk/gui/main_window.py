"""The main window: menus and the four tabs over an open :class:`EventSession`.

Widgets never hold domain state: after every action the window reloads the state from the session and each
tab redraws from it. Errors from the services arrive as bilingual exceptions and are shown in the user's
language.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import QFileDialog, QLabel, QMainWindow, QMessageBox, QTabWidget

from tournament_desk import __version__
from tournament_desk.core.errors import StateError, TournamentError
from tournament_desk.core.model import EventState
from tournament_desk.gui.dialogs.event_dialog import EventDialog
from tournament_desk.gui.dialogs.lists import BackupsDialog, HistoryDialog
from tournament_desk.gui.dialogs.rules_dialog import RulesDialog
from tournament_desk.gui.i18n import Translator, install_qt_translator
from tournament_desk.gui.tabs.pairings import PairingsTab
from tournament_desk.gui.tabs.registration import RegistrationTab
from tournament_desk.gui.tabs.results import ResultsTab
from tournament_desk.gui.tabs.standings import StandingsTab
from tournament_desk.gui.worker import run_in_background
from tournament_desk.services import printing
from tournament_desk.services.bundle import export_bundle
from tournament_desk.services.ratings import apply_rating_list
from tournament_desk.services.rules import current_rule_settings, rules_doc_path, set_rule_setting
from tournament_desk.services.session import EventFileLockedError, EventSession, restore_event_backup
from tournament_desk.services.standings import set_tiebreaks
from tournament_desk.services.swiss_variants import top_cut_pdf

MAX_RECENT = 8
PRINTABLE = {
    "pairings": "Pairing &sheet (last round)…",
    "crosstable": "&Crosstable…",
    "standings": "S&tandings…",
    "slips": "Result s&lips (last round)…",
    "ratings": "Rating &report…",
    "bracket": "Top-cut &bracket…",
}


class MainWindow(QMainWindow):
    def __init__(self, session: EventSession | None = None, *, lang: str = "fr",
                 interactive: bool = True) -> None:
        super().__init__()
        self.tr_ = Translator(lang)
        self.session: EventSession | None = session
        self.state: EventState | None = None
        self.interactive = interactive
        """False in tests and scripted use: messages go to :attr:`messages` instead of modal boxes."""
        self.messages: list[str] = []

        self.tabs = QTabWidget()
        self.setCentralWidget(self.tabs)
        self.registration = RegistrationTab(self)
        self.pairings = PairingsTab(self)
        self.results = ResultsTab(self)
        self.standings = StandingsTab(self)
        for tab in self.all_tabs():
            self.tabs.addTab(tab, "")
        self._build_menus()
        self.state_label = QLabel()
        self.statusBar().addPermanentWidget(self.state_label)
        self.resize(1100, 720)
        self.retranslate()
        self.refresh()
        if session is not None:
            self._remember(session.path)

    def all_tabs(self) -> tuple[Any, ...]:
        return (self.registration, self.pairings, self.results, self.standings)

    # -- menus ----------------------------------------------------------------------------------------
    def _action(self, menu: Any, slot: Callable[[], Any], shortcut: Any = None) -> QAction:
        action = QAction(self)
        action.triggered.connect(lambda _checked=False: slot())
        if shortcut is not None:
            action.setShortcut(shortcut)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        S = QKeySequence.StandardKey
        self.file_menu = bar.addMenu("")
        self.new_action = self._action(self.file_menu, self.new_event, S.New)
        self.open_action = self._action(self.file_menu, self.open_dialog, S.Open)
        self.recent_menu = self.file_menu.addMenu("")
        self.save_copy_action = self._action(self.file_menu, self.save_copy, S.SaveAs)
        self.file_menu.addSeparator()
        self.import_menu = self.file_menu.addMenu("")
        self.import_action = self._action(self.import_menu, lambda: self.registration.import_csv())
        self.import_ratings_action = self._action(self.import_menu, lambda: self.import_rating_list())
        self.export_menu = self.file_menu.addMenu("")
        self.export_bundle_action = self._action(self.export_menu, lambda: self.export_bundle())
        self.print_menu = self.file_menu.addMenu("")
        self.print_actions = {
            kind: self._action(self.print_menu, lambda k=kind: self.print_document(k),
                               S.Print if kind == "pairings" else None)
            for kind in PRINTABLE
        }
        self.print_grid_action = self._action(self.print_menu, lambda: self.pairings.print_grid())
        self.restore_action = self._action(self.file_menu, self.restore_dialog)
        self.file_menu.addSeparator()
        self.quit_action = self._action(self.file_menu, self.close, S.Quit)

        self.edit_menu = bar.addMenu("")
        self.undo_action = self._action(self.edit_menu, self.undo, S.Undo)
        self.redo_action = self._action(self.edit_menu, self.redo, S.Redo)
        self.edit_menu.addSeparator()
        self.history_action = self._action(self.edit_menu, self.show_history)

        self.event_menu = bar.addMenu("")
        self.settings_action = self._action(self.event_menu, self.edit_settings)
        self.rules_action = self._action(self.event_menu, self.edit_rules)

        self.help_menu = bar.addMenu("")
        self.lang_menu = self.help_menu.addMenu("")
        for code, label in (("fr", "Français"), ("en", "English")):
            action = QAction(label, self)
            action.triggered.connect(lambda _c=False, c=code: self.set_language(c))
            self.lang_menu.addAction(action)
        self.rules_doc_action = self._action(self.help_menu, self.open_rules_doc)
        self.about_action = self._action(self.help_menu, self.about)

    # -- language ------------------------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        install_qt_translator(lang)
        self.tr_ = Translator(lang)
        QSettings().setValue("language", lang)
        self.retranslate()
        self.refresh()

    def retranslate(self) -> None:
        t = self.tr_
        for i, name in enumerate(("&Registration", "&Pairings", "Res&ults", "S&tandings")):
            self.tabs.setTabText(i, t(name))
        for kind, action in self.print_actions.items():
            action.setText(t(PRINTABLE[kind]))
        self.import_ratings_action.setText(t("&Rating list…"))
        self.export_bundle_action.setText(t("&Homologation bundle…"))
        for widget, text in (
            (self.import_menu, "&Import"), (self.export_menu, "&Export"), (self.print_menu, "&Print"),
            (self.file_menu, "&File"), (self.edit_menu, "&Edit"), (self.event_menu, "E&vent"),
            (self.help_menu, "&Help"), (self.lang_menu, "&Language"), (self.recent_menu, "Open &recent"),
        ):
            widget.setTitle(t(text))
        for action, text in (
            (self.new_action, "&New event…"), (self.open_action, "&Open…"), (self.save_copy_action, "Save a &copy as…"),
            (self.import_action, "&Players (CSV)…"), (self.print_grid_action, "&Round-robin grid…"),
            (self.restore_action, "Restore a &backup…"), (self.quit_action, "&Quit"),
            (self.history_action, "&History…"), (self.settings_action, "Event &settings…"),
            (self.about_action, "&About tournament_desk"), (self.rules_action, "&Rule settings…"),
            (self.rules_doc_action, "About the &rules"),
        ):
            action.setText(t(text))
        for tab in self.all_tabs():
            tab.retranslate()
        self._fill_recent()

    # -- data --------------------------------------------------------------------------------------------------
    def require(self) -> EventSession:
        if self.session is None:
            raise StateError("No event is open", "Aucun tournoi n'est ouvert")
        return self.session

    def set_session(self, session: EventSession) -> None:
        if self.session is not None:
            self.session.close()
        self.session = session
        self._remember(session.path)
        self.refresh()

    def refresh(self) -> None:
        if self.session is None:
            self.state = None
            self.setWindowTitle("tournament_desk")
        else:
            self.state = self.session.state()
            ro = f" [{self.tr_('read-only')}]" if self.session.readonly else ""
            self.setWindowTitle(f"{self.state.event.name} — {self.session.path.name}{ro} — tournament_desk")
        for tab in self.all_tabs():
            tab.refresh()
        self._update_status()
        self._update_undo_actions()

    def _update_status(self) -> None:
        t = self.tr_
        state = self.state
        if state is None:
            self.state_label.setText(t("No event open"))
            return
        text = t("{n} players", n=len(state.players))
        if not state.rounds:
            text += " — " + t("No round paired yet")
        else:
            rnd = state.round(state.last_round)
            missing = len(rnd.missing_results)
            text += " — " + (t("Round {r}: {m} result(s) missing", r=rnd.number, m=missing) if missing
                             else t("Round {r}: complete", r=rnd.number))
        if self.session is not None:
            text += " — " + t("arbiter: {}", self.session.arbiter)
        self.state_label.setText(text)

    def _update_undo_actions(self) -> None:
        t = self.tr_
        undo = self.session.undo_label(t.lang) if self.session and not self.session.readonly else None
        redo = self.session.redo_label(t.lang) if self.session and not self.session.readonly else None
        self.undo_action.setEnabled(undo is not None)
        self.redo_action.setEnabled(redo is not None)
        self.undo_action.setText(t("&Undo {}", undo) if undo else t("&Undo"))
        self.redo_action.setText(t("&Redo {}", redo) if redo else t("&Redo"))

    # -- messages ------------------------------------------------------------------------------------------
    def warn(self, text: str) -> None:
        self.messages.append(text)
        if self.interactive:
            QMessageBox.warning(self, "tournament_desk", text)

    def ask(self, text: str, title: str = "tournament_desk") -> bool:
        """A yes/no question; in scripted (non-interactive) use the answer is no, and the question is kept."""
        self.messages.append(text)
        if not self.interactive:
            return False
        return QMessageBox.question(self, title, text) == QMessageBox.StandardButton.Yes

    def inform(self, text: str) -> None:
        self.messages.append(text)
        if self.interactive:
            QMessageBox.information(self, "tournament_desk", text)

    def run_action(self, action: Callable[[], Any]) -> Any:
        """Run a service call; show its error in the user's language; refresh every tab."""
        result = None
        try:
            result = action()
        except TournamentError as exc:
            self.warn(exc.message(self.tr_.lang))
        except OSError as exc:
            self.warn(f"{self.tr_('File error')}: {exc}")
        self.refresh()
        return result

    # -- actions -------------------------------------------------------------------------------------------
    def undo(self) -> None:
        if self.session is not None:
            self.run_action(self.session.undo)

    def redo(self) -> None:
        if self.session is not None:
            self.run_action(self.session.redo)

    def new_event(self, path: str | None = None, values: dict[str, Any] | None = None) -> None:
        if values is None:
            dialog = EventDialog(self, self.tr_)
            if not dialog.exec():
                return
            values = dialog.values()
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.tr_("&New event…"), f"{values['name']}.tdesk",
                                                  self.tr_("Event files (*.tdesk)"))
            if not path:
                return
        from tournament_desk.core.model import Event

        target = Path(path) if path.endswith(".tdesk") else Path(path + ".tdesk")
        try:
            session = EventSession.create(target, Event(**values))
        except TournamentError as exc:
            self.warn(exc.message(self.tr_.lang))
            return
        self.set_session(session)

    def edit_settings(self, values: dict[str, Any] | None = None) -> None:
        session = self.session
        if session is None:
            return
        state = session.state()
        if values is None:
            dialog = EventDialog(self, self.tr_, state.event, system_locked=bool(state.rounds))
            if not dialog.exec():
                return
            values = dialog.values()
        tiebreaks = values.pop("tiebreaks", ())

        def apply() -> None:
            session.update_event(**values)
            if tuple(tiebreaks) != state.event.tiebreaks:
                result = set_tiebreaks(session, tiebreaks)
                for w in result.warnings:
                    self.inform(w.fr if self.tr_.lang == "fr" else w.en)

        self.run_action(apply)

    def open_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, self.tr_("&Open…"), "", self.tr_("Event files (*.tdesk)"))
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path, *, readonly_if_locked: bool | None = None) -> bool:
        """Open an event. If another instance has it open, offer read-only (``readonly_if_locked``
        answers without asking)."""
        try:
            session = EventSession.open(path)
        except EventFileLockedError as exc:
            if readonly_if_locked is None:
                readonly_if_locked = self.ask(exc.message(self.tr_.lang) + "\n\n" + self.tr_("Open read-only?"),
                                             self.tr_("Cannot open the event"))
            if not readonly_if_locked:
                return False
            try:
                session = EventSession.open(path, readonly=True)
            except TournamentError as exc2:
                self.warn(exc2.message(self.tr_.lang))
                return False
        except TournamentError as exc:
            self.warn(exc.message(self.tr_.lang))
            return False
        self.set_session(session)
        return True

    def save_copy(self, path: str | None = None) -> None:
        if self.session is None:
            return
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.tr_("Save a &copy as…"), "",
                                                  self.tr_("Event files (*.tdesk)"))
        if path:
            session, target = self.session, path
            self.run_action(lambda: session.save_copy(target))

    def restore_dialog(self, choice: int | None = None) -> None:
        """Restore one of the event's backups (``choice``: its index, newest first, without asking)."""
        session = self.session
        if session is None or session.readonly:
            return
        backups = session.backups()
        if not backups:
            self.inform(self.tr_("This event has no backup yet"))
            return
        if choice is None:
            dialog = BackupsDialog(self, self.tr_, backups)
            if not dialog.exec() or dialog.chosen is None:
                return
            chosen = dialog.chosen
        else:
            chosen = backups[choice]
        path = session.path
        session.close()
        self.session = None
        try:
            restore_event_backup(path, chosen.path)
        except TournamentError as exc:
            self.warn(exc.message(self.tr_.lang))
        self.open_path(path)

    def print_document(self, kind: str, path: str | None = None) -> None:
        """Write one of the printed documents as a PDF (``kind`` in :data:`PRINTABLE`)."""
        session = self.session
        if session is None:
            return
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.tr_(PRINTABLE[kind]), f"{kind}.pdf", "PDF (*.pdf)")
        if not path:
            return
        lang, target = self.tr_.lang, Path(path)
        makers: dict[str, Callable[[], bytes]] = {
            "pairings": lambda: printing.pairing_sheet_pdf(session, None, lang),
            "crosstable": lambda: printing.crosstable_pdf(session, lang),
            "standings": lambda: printing.standings_pdf(session, None, lang),
            "slips": lambda: printing.slips_pdf(session, None, lang),
            "ratings": lambda: printing.rating_report_pdf(session, lang),
            "bracket": lambda: top_cut_pdf(session, lang=lang),
        }
        self.run_action(lambda: target.write_bytes(run_in_background(self, self.tr_("Printing…"), makers[kind])))

    def export_bundle(self, path: str | None = None) -> None:
        session = self.session
        if session is None:
            return
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.tr_("&Homologation bundle…"),
                                                  f"{session.path.stem}-homologation.zip", "Zip (*.zip)")
        if not path:
            return
        lang, target = self.tr_.lang, Path(path)
        result = self.run_action(lambda: run_in_background(self, self.tr_("Exporting…"),
                                                           lambda: export_bundle(session, target, lang)))
        if result is not None:
            lines = [c.message(lang) for c in result.checks if c.level in ("warning", "error")]
            self.inform(self.tr_("Bundle written: {}", target.name) + ("\n\n" + "\n".join(lines) if lines else ""))

    def import_rating_list(self, path: str | None = None) -> None:
        session = self.session
        if session is None:
            return
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, self.tr_("&Rating list…"), "", "CSV (*.csv *.txt)")
        if not path:
            return
        target = Path(path)
        change = self.run_action(lambda: apply_rating_list(session, target))
        if change is not None:
            self.inform(change.label(self.tr_.lang))

    def edit_rules(self, changes: dict[str, str] | None = None) -> None:
        """The event's rule settings (docs/rules.md); ``changes`` applies ``{key: value}`` without asking."""
        session = self.session
        if session is None:
            return
        if changes is None:
            dialog = RulesDialog(self, self.tr_, current_rule_settings(session))
            if not dialog.exec():
                return
            changes = dialog.changes()
        chosen = dict(changes)

        def apply() -> None:
            for key, value in chosen.items():
                set_rule_setting(session, key, value)

        self.run_action(apply)

    def open_rules_doc(self) -> bool:
        """Open docs/rules.md (the program's reading of every rule) with the system's viewer."""
        path = rules_doc_path()
        if not path.exists():
            self.warn(self.tr_("The rules document is not installed: {}", path))
            return False
        if self.interactive:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))
        return True

    def show_history(self) -> None:
        if self.session is not None:
            HistoryDialog(self, self.tr_, self.session.audit_log()).exec()

    def about(self) -> None:
        QMessageBox.about(self, self.tr_("&About tournament_desk").replace("&", ""),
                          f"tournament_desk {__version__}\n{self.tr_('Offline tournament manager')}")

    # -- recent files ----------------------------------------------------------------------------------------
    def _recent(self) -> list[str]:
        value = QSettings().value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _remember(self, path: Path) -> None:
        recent = [str(path)] + [p for p in self._recent() if p != str(path)]
        QSettings().setValue("recent", recent[:MAX_RECENT])
        self._fill_recent()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for p in self._recent():
            action = QAction(p, self)
            action.triggered.connect(lambda _c=False, p=p: self.open_path(Path(p)))
            self.recent_menu.addAction(action)

    def closeEvent(self, event: Any) -> None:
        QSettings().setValue("geometry", self.saveGeometry())
        if self.session is not None:
            self.session.close()
            self.session = None
        super().closeEvent(event)
