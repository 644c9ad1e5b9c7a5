"""The main window: the start screen when no event is open, else menus and the four tabs over the event.

The window is the tabs' :class:`~tournament_desk.gui.context.EventContext`: every action goes through
:meth:`MainWindow.run`, which shows errors in the user's language and hands each tab the typed record of what
changed (:class:`~tournament_desk.core.changes.StateChange`), so a tab redraws only what the action touched
and a tab not shown waits until it is.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QSettings, QSize, Qt, QTimer, QUrl
from PySide6.QtGui import QAction, QCloseEvent, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tournament_desk import __version__
from tournament_desk.core.arbiter_log import PublishedChange
from tournament_desk.core.changes import Change, StateChange
from tournament_desk.core.errors import StateError, TournamentError
from tournament_desk.core.formatting import is_singular
from tournament_desk.core.messages import N_, msg
from tournament_desk.core.model import EventState
from tournament_desk.gui.dialogs import file_problems as fp
from tournament_desk.gui.dialogs.event_dialog import EventDialog
from tournament_desk.gui.dialogs.lists import HistoryDialog
from tournament_desk.gui.dialogs.reason_dialog import ReasonDialog
from tournament_desk.gui.i18n import Translator, install_qt_translator
from tournament_desk.gui.start_page import StartPage
from tournament_desk.gui.tabs.base import Tab
from tournament_desk.gui.tabs.pairings import PairingsTab
from tournament_desk.gui.tabs.registration import RegistrationTab
from tournament_desk.gui.tabs.results import ResultsTab
from tournament_desk.gui.tabs.standings import StandingsTab
from tournament_desk.gui.tabs.teams import TeamsTab
from tournament_desk.gui.window_documents import PRINTABLE, DocumentActions
from tournament_desk.gui.window_files import FileActions, file_identity
from tournament_desk.gui.worker import Cancelled, run_in_background
from tournament_desk.services.session import (
    DiskFullError,
    EventFileLockedError,
    EventFileVanishedError,
    EventSession,
)

T = TypeVar("T")
FOLLOW_MS = 1000
"""How often a read-only window looks whether the writer saved something (one SQLite pragma: cheap)."""
TAB_TITLES = (N_("&Registration"), N_("Pairin&gs"), N_("Re&sults"), N_("S&tandings"), N_("Tea&ms"))


class MainWindow(FileActions, DocumentActions, QMainWindow):
    def __init__(self, session: EventSession | None = None, *, lang: str = "fr",
                 interactive: bool = True) -> None:
        super().__init__()
        self._t = Translator(lang)
        self._session: EventSession | None = None
        self._state: EventState | None = None
        self._interactive = interactive
        """False in tests and scripted use: messages go to :attr:`messages` instead of modal boxes."""
        self.messages: list[str] = []
        self.reason_answers: list[str | None] = []
        """Scripted use: the reasons typed in the next reason dialogs (None: Cancel); none left: Cancel."""
        self.last_reason_dialog: ReasonDialog | None = None
        self._reasons_typed: list[tuple[PublishedChange, str]] = []
        """The reasons typed during the action running (the arbiter's log), kept for its rerun after the event was
        saved elsewhere (:meth:`rerun_action`)."""
        self._reasons_again: list[tuple[PublishedChange, str]] = []
        """The reasons of an action run again after the event was saved elsewhere: given again, not asked."""
        self._printer: Any = None

        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.start_page = StartPage(lambda: self.new_event(), lambda: self.open_dialog(),
                                    lambda p: self.open_path(p), on_open_bundle=lambda: self.open_bundle())
        self.tabs = QTabWidget()
        self.event_page = QWidget()
        page = QVBoxLayout(self.event_page)
        page.setContentsMargins(0, 0, 0, 0)
        self.readonly_banner = QFrame()
        self.readonly_banner.setObjectName("readonlyBanner")
        self.readonly_banner.setStyleSheet("#readonlyBanner { background: #fff2a8; border-bottom: 1px solid #c9b458; }")
        banner = QHBoxLayout(self.readonly_banner)
        self.readonly_label = QLabel()
        self.readonly_label.setWordWrap(True)
        self.writable_button = QPushButton()
        self.writable_button.clicked.connect(lambda: self.open_for_writing())
        banner.addWidget(self.readonly_label, 1)
        banner.addWidget(self.writable_button)
        self.readonly_banner.hide()
        page.addWidget(self.readonly_banner)
        page.addWidget(self.tabs)
        self.stack.addWidget(self.start_page)
        self.stack.addWidget(self.event_page)
        self.follow_timer = QTimer(self)
        self.follow_timer.setInterval(FOLLOW_MS)
        self.follow_timer.timeout.connect(self.follow_writer)
        self._identity: tuple[int, int] | None = None
        """The (device, inode) of the file a writing session opened: a file moved or deleted while open is
        noticed at close, even when nothing was written since."""
        self.not_saved = False
        """The event file vanished and the arbiter has not chosen where to save it yet."""
        self.registration = RegistrationTab(self)
        self.pairings = PairingsTab(self)
        self.results = ResultsTab(self)
        self.standings = StandingsTab(self)
        self.teams = TeamsTab(self)
        for tab in self.all_tabs():
            self.tabs.addTab(tab, "")
        self.tabs.setTabVisible(self.tabs.indexOf(self.teams), False)  # a team event's tab
        self.tabs.currentChanged.connect(lambda _i: self._focus_current_tab())
        self._build_menus()
        self.state_label = QLabel()
        self.statusBar().addPermanentWidget(self.state_label)
        room = self.screen().availableGeometry().size() - QSize(66, 68)  # a taskbar, the title bar, the edges
        self.resize(QSize(1100, 720).boundedTo(room))
        self.retranslate()
        if session is not None:
            self.set_session(session)
        else:
            self._show_start()

    # -- the context the tabs see (gui.context.EventContext) ------------------------------------------------
    @property
    def t(self) -> Translator:
        return self._t

    @property
    def session(self) -> EventSession | None:
        return self._session

    @property
    def state(self) -> EventState | None:
        return self._state

    @property
    def interactive(self) -> bool:
        return self._interactive

    def dialog_parent(self) -> QWidget:
        return self

    def all_tabs(self) -> tuple[Tab, ...]:
        return (self.registration, self.pairings, self.results, self.standings, self.teams)

    # -- menus ----------------------------------------------------------------------------------------------
    def _action(self, menu: Any, slot: Callable[[], Any], shortcut: Any = None) -> QAction:
        action = QAction(self)
        action.triggered.connect(lambda _checked=False: slot())
        if isinstance(shortcut, list):
            action.setShortcuts(shortcut)
        elif shortcut is not None:
            action.setShortcut(shortcut)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        S = QKeySequence.StandardKey
        self.file_menu = bar.addMenu("")
        self.new_action = self._action(self.file_menu, self.new_event, S.New)
        self.open_action = self._action(self.file_menu, self.open_dialog, S.Open)
        self.open_bundle_action = self._action(self.file_menu, lambda: self.open_bundle())
        self.recent_menu = self.file_menu.addMenu("")
        self.save_copy_action = self._action(self.file_menu, self.save_copy, S.SaveAs)
        self.close_action = self._action(self.file_menu, self.close_event_file, S.Close)
        self.file_menu.addSeparator()
        self.import_menu = self.file_menu.addMenu("")
        self.import_action = self._action(self.import_menu, lambda: self.registration.import_csv())
        self.import_ratings_action = self._action(self.import_menu, lambda: self.import_rating_list())
        self.import_trf_action = self._action(self.file_menu, lambda: self.import_event_from_trf())
        self.rating_period_action = self._action(self.file_menu, lambda: self.rating_period())
        self.export_menu = self.file_menu.addMenu("")
        self.export_bundle_action = self._action(self.export_menu, lambda: self.export_bundle())
        self.export_trf_action = self._action(self.export_menu, lambda: self.export_trf())
        self.export_pdf_actions = {kind: self._action(self.export_menu, partial(self.export_pdf, kind))
                                   for kind in PRINTABLE}
        self.print_menu = self.file_menu.addMenu("")
        self.print_actions = {
            kind: self._action(self.print_menu, partial(self.print_document, kind),
                               S.Print if kind == "pairings" else None)
            for kind in PRINTABLE
        }
        self.print_grid_action = self._action(self.print_menu, lambda: self.pairings.print_grid())
        self.restore_action = self._action(self.file_menu, self.restore_dialog)
        self.writable_action = self._action(self.file_menu, self.open_for_writing)
        self.file_menu.addSeparator()
        self.quit_action = self._action(self.file_menu, self.close, S.Quit)

        self.edit_menu = bar.addMenu("")
        self.undo_action = self._action(self.edit_menu, self.undo, S.Undo)
        # Ctrl+Y and Ctrl+Shift+Z both redo, whatever the desktop's standard binding is
        self.redo_action = self._action(self.edit_menu, self.redo,
                                        [QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z")])
        self.edit_menu.addSeparator()
        self.history_action = self._action(self.edit_menu, self.show_history)

        self.event_menu = bar.addMenu("")
        self.settings_action = self._action(self.event_menu, self.edit_settings)
        self.rules_action = self._action(self.event_menu, self.edit_rules)
        self.apart_action = self._action(self.event_menu, self.edit_apart)

        self.help_menu = bar.addMenu("")
        self.lang_menu = self.help_menu.addMenu("")
        for code, label in (("fr", "&Français"), ("en", "&English")):
            action = QAction(label, self)
            action.triggered.connect(lambda _c=False, c=code: self.set_language(c))
            self.lang_menu.addAction(action)
        self.rules_doc_action = self._action(self.help_menu, self.open_rules_doc)
        self.about_action = self._action(self.help_menu, self.about)
        self.event_actions = [self.save_copy_action, self.close_action, self.import_menu.menuAction(),
                              self.export_menu.menuAction(), self.print_menu.menuAction(), self.restore_action,
                              self.history_action, self.settings_action, self.rules_action, self.apart_action]
        self.editing_actions = [self.import_menu.menuAction(), self.restore_action, self.settings_action,
                                self.rules_action, self.apart_action]
        """Disabled in a read-only window (printing, exports, history and copies stay)."""

    # -- language -------------------------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        install_qt_translator(lang)
        self._t = Translator(lang)
        QSettings().setValue("language", lang)
        self.retranslate()
        for tab in self.all_tabs():
            tab.refresh()
        self._update_status()

    def retranslate(self) -> None:
        t = self._t
        for i, name in enumerate(TAB_TITLES):
            self.tabs.setTabText(i, t(name))
        for kind, action in self.print_actions.items():
            action.setText(t(PRINTABLE[kind]))
        for kind, action in self.export_pdf_actions.items():
            action.setText(t("PDF: {}", t(PRINTABLE[kind])))
        self.import_ratings_action.setText(t("&Rating list…"))
        self.export_bundle_action.setText(t("&Homologation bundle…"))
        self.export_trf_action.setText(t("&FIDE rating report (TRF)…"))
        self.import_trf_action.setText(t("Continue an event from a TR&F file…"))
        self.rating_period_action.setText(t("Ra&ting period…"))
        for widget, text in (
            (self.import_menu, N_("&Import")), (self.export_menu, N_("&Export")), (self.print_menu, N_("&Print")),
            (self.file_menu, N_("&File")), (self.edit_menu, N_("&Edit")), (self.event_menu, N_("E&vent")),
            (self.help_menu, N_("&Help")), (self.lang_menu, N_("&Language")), (self.recent_menu, N_("Open &recent")),
        ):
            widget.setTitle(t(text))
        for action, text in (
            (self.new_action, N_("&New event…")), (self.open_action, N_("&Open…")),
            (self.open_bundle_action, N_("Open from a homologation b&undle…")),
            (self.save_copy_action, N_("Save a &copy as…")),
            (self.close_action, N_("C&lose the event")),
            (self.import_action, N_("&Players (CSV)…")), (self.print_grid_action, N_("Round-robin &grid…")),
            (self.restore_action, N_("Restore a &backup…")), (self.quit_action, N_("&Quit")),
            (self.writable_action, N_("Open for &writing")),
            (self.history_action, N_("&History…")), (self.settings_action, N_("Event &settings…")),
            (self.about_action, N_("&About tournament_desk")), (self.rules_action, N_("&Rule settings…")),
            (self.rules_doc_action, N_("About the &rules")), (self.apart_action, N_("Players who must not &meet…")),
        ):
            action.setText(t(text))
        self.writable_button.setText(t("Open for &writing"))
        self.writable_button.setToolTip(t("Possible once the other window has closed the event"))
        self.readonly_label.setText(t("Read-only: another window has this event open for writing. This window "
                                      "shows what is saved there, as it is saved."))
        self.start_page.retranslate(t)
        for tab in self.all_tabs():
            tab.retranslate()
        self._fill_recent()
        self._update_undo_actions()
        self._update_title()

    # -- the open event -------------------------------------------------------------------------------------
    def require(self) -> EventSession:
        if self._session is None:
            raise StateError(msg("No event is open"))
        return self._session

    def set_session(self, session: EventSession) -> None:
        if self._session is not None:
            self._session.close()
        self._session = session
        if not session.readonly:
            session.reason_for = self.ask_reason
        self._state = session.state()
        self._identity = None if session.readonly else file_identity(session.path)
        self.not_saved = False
        self._remember(session.path)
        self.stack.setCurrentWidget(self.event_page)
        for action in self.event_actions:
            action.setEnabled(True)
        self._update_editing()
        self.tabs.setTabVisible(self.tabs.indexOf(self.teams), self._state.event.is_team_event)
        for tab in self.all_tabs():
            tab.refresh()
        self._update_title()
        self._update_status()
        self._update_undo_actions()
        self._focus_current_tab()

    def close_event_file(self) -> bool:
        """Close the event (after offering to save it elsewhere if its file vanished). False: the arbiter
        chose to keep it open."""
        if not self._may_close():
            return False
        if self._session is not None:
            self._session.close()
        self._session = None
        self._state = None
        for tab in self.all_tabs():  # nothing of this event stays in a table, a label or a chosen round
            tab.refresh()
        self._show_start()
        return True

    def _update_editing(self) -> None:
        """A read-only window shows it (title, banner, status) and offers no action that changes the event; it
        follows the writer's changes (:meth:`follow_writer`)."""
        session = self._session
        editable = session is not None and not session.readonly
        readonly = session is not None and session.readonly
        for action in self.editing_actions:
            action.setEnabled(editable)
        self.writable_action.setVisible(readonly)
        self.readonly_banner.setVisible(readonly)
        for tab in self.all_tabs():
            tab.set_editable(editable)
        if readonly:
            self.follow_timer.start()
        else:
            self.follow_timer.stop()

    def follow_writer(self) -> None:
        """The read-only window's timer: when the writer saved something, read the event again and redraw what
        changed. A file that cannot be read any more stops the following and says so in the status bar."""
        session = self._session
        if session is None or not session.readonly:
            self.follow_timer.stop()
            return
        try:
            if session.has_changed():
                self._follow(session.reread().what)
        except TournamentError as exc:
            self.follow_timer.stop()
            self.statusBar().showMessage(exc.message(self._t.lang))

    def open_for_writing(self) -> bool:
        """From a read-only window: take the event for writing once the other window has closed it."""
        session = self._session
        if session is None or not session.readonly:
            return False
        try:
            writer = EventSession.open(session.path)
        except EventFileLockedError as exc:
            self.warn(fp.lock_owner_text(self._t, session.path, exc.owner))
            return False
        except TournamentError as exc:
            self.warn(exc.message(self._t.lang))
            return False
        self.set_session(writer)
        self.status(self.t("The event is open for writing"))
        return True

    def _show_start(self) -> None:
        self.follow_timer.stop()
        self.readonly_banner.hide()
        self._identity = None
        self.not_saved = False
        self.stack.setCurrentWidget(self.start_page)
        for action in self.event_actions:
            action.setEnabled(False)
        self.start_page.fill([Path(p) for p in self._recent()])
        self._update_title()
        self._update_status()
        self._update_undo_actions()
        self.start_page.focus_main()

    def _update_title(self) -> None:
        if self._session is None or self._state is None:
            self.setWindowTitle("tournament_desk")
            return
        t = self._t
        name, file = self._state.event.name, self._session.path.name
        if self._session.readonly:
            title = t("{name} — {file} [read-only] — tournament_desk", name=name, file=file)
        elif self.not_saved:
            title = t("{name} — {file} [not saved] — tournament_desk", name=name, file=file)
        else:
            title = f"{name} — {file} — tournament_desk"
        self.setWindowTitle(title)

    def refresh(self) -> None:
        """Read the event from its file again and redraw everything (scripts, after an outside change)."""
        if self._session is None:
            self._show_start()
            return
        self._after(None, everything=True)

    def _follow(self, what: StateChange) -> None:
        """The event as the session holds it now, and every tab told what changed (:class:`StateChange`: what
        an action's change names; everything for another event or a file read again)."""
        session = self._session
        if session is not None:
            self._state = session.state()
        for tab in self.all_tabs():
            tab.apply_change(what)
        if what.event_fields or what.everything:
            self._update_title()
        self._update_status()
        self._update_undo_actions()

    def _after(self, change: Change[Any] | None, *, everything: bool = False) -> None:
        """After an action: redraw what its change names. An action that gave no change changed nothing — unless
        the event the session holds is not the one shown (a dialog stored something it did not hand back):
        then everything is drawn again, never compared. A vanished file cannot be read: the window keeps what
        it showed, which is everything acknowledged."""
        session = self._session
        if session is None:
            return
        try:
            if change is not None:
                self._follow(change.what)
            elif everything or session.state() is not self._state:
                self._follow(StateChange.all())
            else:
                self._update_undo_actions()
        except EventFileVanishedError:
            self._update_title()
            self._update_status()

    def _update_status(self) -> None:
        t = self._t
        state = self._state
        if state is None:
            self.state_label.setText(t("No event open"))
            return
        n = len(state.players)
        text = t("{n} player", n=n) if is_singular(n, t.lang) else t("{n} players", n=n)
        if not state.rounds:
            text += " — " + t("No round paired yet")
        else:
            rnd = state.round(state.last_round)
            missing = len(rnd.missing_results)
            if not missing:
                text += " — " + t("Round {r}: complete", r=rnd.number)
            elif is_singular(missing, t.lang):
                text += " — " + t("Round {r}: {m} result missing", r=rnd.number, m=missing)
            else:
                text += " — " + t("Round {r}: {m} results missing", r=rnd.number, m=missing)
        if self._session is not None and self._session.readonly:
            text += " — " + t("read-only")
        elif self._session is not None:
            text += " — " + t("arbiter: {}", self._session.arbiter)
        self.state_label.setText(text)

    def _update_undo_actions(self) -> None:
        t = self._t
        session = self._session
        undo = session.undo_label(t.lang) if session and not session.readonly else None
        redo = session.redo_label(t.lang) if session and not session.readonly else None
        self.undo_action.setEnabled(undo is not None)
        self.redo_action.setEnabled(redo is not None)
        self.undo_action.setText(t("&Undo {}", undo) if undo else t("&Undo"))
        self.redo_action.setText(t("&Redo {}", redo) if redo else t("&Redo"))

    def _focus_current_tab(self) -> None:
        tab = self.tabs.currentWidget()
        if isinstance(tab, Tab) and self._session is not None:
            tab.focus_main()

    # -- talking to the arbiter -----------------------------------------------------------------------------
    def warn(self, text: str, title: str = "") -> None:
        self.messages.append(text)
        if self._interactive:
            QMessageBox.warning(self, title or "tournament_desk", text)

    def choose(self, text: str, title: str, accept: str, *, icon: QMessageBox.Icon = QMessageBox.Icon.Warning) -> bool:
        """A question whose answer is an action (``accept``, the Yes button) or Cancel; in scripted use, Cancel."""
        self.messages.append(text)
        if not self._interactive:
            return False
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                          self)
        box.button(QMessageBox.StandardButton.Yes).setText(accept)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        return box.exec() == QMessageBox.StandardButton.Yes

    def ask(self, text: str, title: str = "") -> bool:
        """A yes/no question; in scripted (non-interactive) use the answer is no, and the question is kept."""
        self.messages.append(text)
        if not self._interactive:
            return False
        return QMessageBox.question(self, title or "tournament_desk", text) == QMessageBox.StandardButton.Yes

    def inform(self, text: str) -> None:
        self.messages.append(text)
        if self._interactive:
            QMessageBox.information(self, "tournament_desk", text)

    def ask_reason(self, change: PublishedChange) -> str:
        """The reason of a change to a published round (the arbiter's log): asked in a dialog that names what
        changes and the rules it touches; Cancel stores nothing (:class:`Cancelled`). An action run again after the
        event was saved elsewhere gets the reason already typed for the same change, without asking twice."""
        for i, (asked, typed) in enumerate(self._reasons_again):
            if asked == change:
                del self._reasons_again[i]
                self._reasons_typed.append((asked, typed))
                return typed
        dialog = ReasonDialog(self, self._t, change)
        self.last_reason_dialog = dialog
        if self._interactive:
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
        else:
            answer = self.reason_answers.pop(0) if self.reason_answers else None
            if answer is not None:
                dialog.editor.setPlainText(answer)
            ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
            accepted = answer is not None and ok.isEnabled()
            if accepted:
                ok.click()
        if not accepted or not dialog.reason:
            raise Cancelled
        self._reasons_typed.append((change, dialog.reason))
        return dialog.reason

    def rerun_action(self) -> None:
        """The action that found the event file gone runs again on the file the event was saved to: the reasons
        typed for it are given again (:meth:`ask_reason`)."""
        self._reasons_again, self._reasons_typed = self._reasons_typed, []

    def action_over(self) -> None:
        """The action is over (done, refused or cancelled): the reasons typed for it serve no other action."""
        self._reasons_typed, self._reasons_again = [], []

    def status(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def run(self, action: Callable[[], T], *, busy: str | None = None,
            passes: tuple[type[TournamentError], ...] = ()) -> T | None:
        """Run a service call; show its error in the user's language (those of ``passes`` are raised to the
        caller); hand every tab what its change names.

        A full disk says so (the action was not applied, nothing before it is lost). An event file moved or
        deleted while open asks where to save the event, saves it there and runs the action again."""
        result: T | None = None
        try:
            while True:
                try:
                    result = run_in_background(self, busy, action, cancellable=True) if busy else action()
                except passes:
                    raise
                except Cancelled:
                    self.status(self.t("Cancelled: nothing was changed"))
                except EventFileVanishedError as exc:
                    if self.save_elsewhere(exc.path):
                        self.rerun_action()
                        continue  # the same action, now on the file chosen
                except TournamentError as exc:
                    self.report(exc)
                except OSError as exc:
                    self.warn(self.t("File error: {}", exc))
                break
        finally:
            self.action_over()
        self._after(result if isinstance(result, Change) else None)
        if isinstance(result, Change):
            self.status(result.label(self._t.lang))
        return result

    def report(self, exc: TournamentError) -> None:
        """Show an error of an action in the user's language; the event file's own troubles get their specific
        message (a full disk) or question (a vanished file: where to save it)."""
        if isinstance(exc, EventFileVanishedError):
            self.save_elsewhere(exc.path)
        elif isinstance(exc, DiskFullError):
            self.warn(fp.disk_full_text(self._t, exc.path.parent if exc.path is not None else None),
                      self.t("The disk is full"))
        else:
            self.warn(exc.message(self._t.lang))


    run_action = run  # the name used before tabs had a context

    # -- actions ---------------------------------------------------------------------------------------------
    def undo(self) -> None:
        if self._session is not None:
            change = self.run(self._session.undo)
            if change is not None:
                self.status(change.label(self._t.lang))

    def redo(self) -> None:
        if self._session is not None:
            change = self.run(self._session.redo)
            if change is not None:
                self.status(change.label(self._t.lang))


    def edit_settings(self, values: dict[str, Any] | None = None) -> bool:
        """Event settings: the form stays open on a refused value, shown next to its field."""
        session = self._session
        if session is None:
            return False
        state = self._state if self._state is not None else session.state()
        if values is not None:
            change = self.run(lambda: _store_settings(session, state, values))
            for note in change.note_texts(self._t.lang) if change is not None else ():
                self.inform(note)
            return change is not None
        dialog = EventDialog(self, self._t, state.event, system_locked=bool(state.rounds),
                             submit=lambda v: _store_settings(session, state, v))
        accepted = bool(dialog.exec())
        self._after(dialog.result_change if isinstance(dialog.result_change, Change) else None)
        if accepted and dialog.result_change is not None:
            self.status(dialog.result_change.label(self._t.lang))
            for note in dialog.result_change.note_texts(self._t.lang):
                self.inform(note)
        return accepted


    def edit_rules(self, changes: dict[str, str] | None = None) -> None:
        """The event's rule settings (docs/rules.md): every change of the dialog is ONE action (one undo step),
        or none when a value is refused (the dialog then stays open, the value named under its setting).
        ``changes`` applies ``{key: value}`` without asking."""
        from tournament_desk.gui.dialogs.rules_dialog import RulesDialog
        from tournament_desk.services.rules import current_rule_settings, set_rule_settings

        session = self._session
        if session is None:
            return
        if changes is not None:
            given = dict(changes)
            if given:
                self.run(lambda: set_rule_settings(session, given))
            return
        dialog = RulesDialog(self, self._t, current_rule_settings(session, applicable=True),  # the event's own
                             submit=lambda chosen: set_rule_settings(session, chosen), open_doc=self.open_rules_doc)
        accepted = bool(dialog.exec())
        self._after(dialog.result_change if isinstance(dialog.result_change, Change) else None)
        if accepted and isinstance(dialog.result_change, Change):
            self.status(dialog.result_change.label(self._t.lang))

    def edit_apart(self) -> None:
        """Players who must not meet (family members, club-mates)."""
        from tournament_desk.gui.dialogs.apart_dialog import ApartDialog

        if self._session is not None:
            ApartDialog(self).exec()

    def open_rules_doc(self) -> bool:
        """Open the rules document (the program's reading of every rule, the documents it comes from) with the
        system's viewer."""
        from tournament_desk.services.rules import rules_doc_path

        path = rules_doc_path()
        if not path.exists():
            self.warn(self.t("The rules document is not installed: {}", path))
            return False
        if self._interactive:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))
        return True

    def show_history(self) -> None:
        if self._session is not None:
            HistoryDialog(self, self._t, self._session.audit_log()).exec()

    def about(self) -> None:
        QMessageBox.about(self, self.t("&About tournament_desk").replace("&", ""),
                          "tournament_desk {}\n{}".format(__version__, self.t("Offline tournament manager")))


    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._may_close():
            event.ignore()
            return
        QSettings().setValue("geometry", self.saveGeometry())
        self.follow_timer.stop()
        if self._session is not None:
            self._session.close()
            self._session = None
        super().closeEvent(event)

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self._focus_current_tab if self._session else self.start_page.focus_main)



def _store_settings(session: EventSession, state: EventState, values: dict[str, Any]) -> Change:
    """The settings form's values as one action (the tie-break list checked, its warnings as notes)."""
    from tournament_desk.services.standings import store_event_settings

    return store_event_settings(session, values)


__all__ = ["MainWindow", "Qt"]
