"""The window's File actions on event files: new, open (a file, a homologation bundle, a recent event), save a
copy, restore a backup, and what happens when the event's file vanishes while open (save it elsewhere).

A mixin of :class:`~tournament_desk.gui.main_window.MainWindow`, which holds the open event and the tabs; it uses
the window's context (the session, the translator, :meth:`run`, the message boxes) and its life cycle
(:meth:`set_session`, the start screen). It imports nothing of the window: the window composes it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tournament_desk.core.errors import TournamentError
from tournament_desk.core.model import Event
from tournament_desk.gui.dialogs import file_problems as fp
from tournament_desk.gui.dialogs.event_dialog import EventDialog
from tournament_desk.gui.dialogs.lists import BackupsDialog
from tournament_desk.services.event_files import restore_event_backup
from tournament_desk.services.paths import events_folder, safe_file_stem
from tournament_desk.services.session import (
    EventFileDamagedError,
    EventFileLockedError,
    EventSession,
)

if TYPE_CHECKING:
    from tournament_desk.core.model import EventState
    from tournament_desk.gui.i18n import Translator
    from tournament_desk.gui.window_base import WindowBase as _WindowBase
else:
    _WindowBase = object

MAX_RECENT = 8

__all__ = ["MAX_RECENT", "FileActions", "file_identity", "forget_recent", "remember_recent"]


class FileActions(_WindowBase):
    """New, open, save a copy, restore, recent events, a vanished file (see the module)."""

    _session: EventSession | None
    _state: EventState | None
    _t: Translator
    _interactive: bool
    _identity: tuple[int, int] | None
    not_saved: bool

    def save_elsewhere(self, vanished: Path, target: str | None = None) -> bool:
        """The event file was moved, renamed or deleted while open: say so, ask where to save the event
        (``target`` answers without asking) and continue there. False if the arbiter cancelled: the window
        stays, its title says the event is not saved, and the next change asks again."""
        session = self._session
        t = self._t
        if session is None:
            return False
        if target is None and not self.choose(fp.vanished_text(t, vanished), t("The event file is gone"),
                                              t("Choose where to save…")):
            return self._unsaved()
        while True:
            if target is None:
                target, _ = QFileDialog.getSaveFileName(self, t("Save the event as"),
                                                        str(_free_name(session.path, t.lang)),
                                                        t("Event files (*.tdesk)"))
            if not target:
                return self._unsaved()
            chosen = Path(target) if target.endswith(".tdesk") else Path(target + ".tdesk")
            try:
                session.relocate(chosen)
            except TournamentError as exc:
                self.warn(exc.message(t.lang))
                if not self._interactive:
                    return self._unsaved()
                target = None
                continue
            break
        self._identity = file_identity(session.path)
        self.not_saved = False
        self._remember(session.path)
        self._update_title()
        self.status(t("The event is now saved in {}", session.path))
        return True

    def _unsaved(self) -> bool:
        self.not_saved = True
        self._update_title()
        self.warn(fp.not_saved_text(self._t), self.t("The event is not saved"))
        return False

    def file_missing(self) -> bool:
        """Is the writing session's file no longer where it was opened (moved, renamed, deleted, replaced)?"""
        if self._session is None or self._session.readonly or self._identity is None:
            return False
        return self.not_saved or file_identity(self._session.path) != self._identity

    def _may_close(self) -> bool:
        """Before the event is closed: a file that vanished is offered to be saved elsewhere first."""
        if not self.file_missing() or self._session is None:
            return True
        if not self._interactive:
            return True
        t = self._t
        box = QMessageBox(QMessageBox.Icon.Warning, t("The event file is gone"),
                          fp.close_unsaved_text(t, self._session.path), parent=self)
        box.setStandardButtons(QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                               | QMessageBox.StandardButton.Cancel)
        box.button(QMessageBox.StandardButton.Save).setText(t("Choose where to save…"))
        box.button(QMessageBox.StandardButton.Discard).setText(t("Close without saving"))
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Discard:
            return True
        if answer == QMessageBox.StandardButton.Save:
            target, _ = QFileDialog.getSaveFileName(self, t("Save the event as"),
                                                    str(_free_name(self._session.path, t.lang)),
                                                    t("Event files (*.tdesk)"))
            return bool(target) and self.save_elsewhere(self._session.path, target)
        return False

    def new_event(self, path: str | None = None, values: dict[str, Any] | None = None) -> bool:
        """The New event form, then where to save it. Nothing is written until both are confirmed, and a
        failure leaves no file behind. ``path``/``values`` answer without asking (scripts, tests)."""
        if self._session is not None and not self._may_close():
            return False
        if values is None:
            dialog = EventDialog(self, self._t, arbiter=str(QSettings().value("last_arbiter", "") or ""))
            if not dialog.exec():
                return False
            values = dialog.values()
        if path is None:
            suggested = str(events_folder(self._t.lang) / f"{safe_file_stem(values['name'])}.tdesk")
            path, _ = QFileDialog.getSaveFileName(self, self.t("New event").replace("&", ""), suggested,
                                                  self.t("Event files (*.tdesk)"))
            if not path:
                return False
        target = Path(path) if path.endswith(".tdesk") else Path(path + ".tdesk")
        values = dict(values)
        tiebreaks = values.pop("tiebreaks", ())
        try:
            event = Event(**values, tiebreaks=tuple(tiebreaks))
            session = EventSession.create(target, event)
        except TournamentError as exc:
            self.warn(exc.message(self._t.lang))
            return False
        if event.arbiters:
            QSettings().setValue("last_arbiter", ", ".join(event.arbiters))
        self.set_session(session)
        return True

    def open_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, self.t("&Open…").replace("&", ""),
                                              str(events_folder(self._t.lang)),
                                              self.t("Event files (*.tdesk)"))
        if name:
            self.open_path(Path(name))

    def open_bundle(self, bundle: str | None = None, target: str | None = None) -> bool:
        """File > Open from a homologation bundle: the bundle (a zip), then where to save the new event file; the
        bundle is verified, the event recreated as one undo step (docs/bundle-schema.md) and opened. A damaged or
        inconsistent bundle is refused with its problems listed, and nothing is created. ``bundle``/``target``
        answer without asking (scripts, tests)."""
        from tournament_desk.services.bundle import import_bundle

        t = self._t
        if self._session is not None and not self._may_close():
            return False
        if bundle is None:
            bundle, _ = QFileDialog.getOpenFileName(self, t("Open from a homologation b&undle…").replace("&", ""),
                                                    str(events_folder(t.lang)), t("Homologation bundles (*.zip)"))
            if not bundle:
                return False
        source = Path(bundle)
        if target is None:
            suggested = events_folder(self._t.lang) / f"{safe_file_stem(source.stem)}.tdesk"
            target, _ = QFileDialog.getSaveFileName(self, t("Save the event as"), str(suggested),
                                                    t("Event files (*.tdesk)"))
            if not target:
                return False
        chosen = Path(target) if target.endswith(".tdesk") else Path(target + ".tdesk")
        try:
            session, _ids = import_bundle(source, chosen)
        except TournamentError as exc:
            self.warn(exc.message(t.lang), t("The bundle cannot be opened"))
            return False
        if self._session is not None:
            self._session.close()
            self._session = None
        self.set_session(session)
        self.status(t("Created {file} from {bundle}", file=chosen.name, bundle=source.name))
        self._warn_at_open(session)
        return True

    def open_path(self, path: Path, *, readonly_if_locked: bool | None = None,
                  restore_if_damaged: bool | None = None) -> bool:
        """Open an event. A file another window has open for writing: who has it, and an offer to open it
        read-only (``readonly_if_locked`` answers without asking). A damaged file: what is wrong, and an offer to
        restore its newest good backup (``restore_if_damaged``). Any other problem is one message; the start
        screen stays."""
        t = self._t
        if self._session is not None and not self._may_close():
            return False
        try:
            session = EventSession.open(path)
        except EventFileLockedError as exc:
            if readonly_if_locked is None:
                readonly_if_locked = self.choose(fp.lock_offer_text(t, Path(path), exc.owner),
                                                 t("The event is open in another window"), t("Open &read-only"),
                                                 icon=QMessageBox.Icon.Information)
            if not readonly_if_locked:
                return False
            try:
                session = EventSession.open(path, readonly=True)
            except TournamentError as exc2:
                self.warn(exc2.message(t.lang))
                return False
        except EventFileDamagedError as exc:
            return self._offer_backup(Path(path), exc, restore_if_damaged)
        except TournamentError as exc:
            self.warn(exc.message(self._t.lang))
            self._forget(path)
            if self._session is None:
                self._show_start()
            return False
        self.set_session(session)
        self._warn_at_open(session)
        return True

    def _warn_at_open(self, session: EventSession) -> None:
        """Once, when an event opens: what of it this version does not understand (rule-setting values a newer
        version wrote, docs/event-file.md) and what applies instead — in a message box and the status bar."""
        warnings = session.warnings
        if not warnings:
            return
        t = self._t
        lines = "\n".join(f"• {w.text(t.lang)}" for w in warnings)
        self.statusBar().showMessage(t("This event holds settings written by a newer version: see Event > Rule "
                                       "settings"), 30000)
        self.warn(t("This event was written by a newer version of tournament_desk. This version does not "
                    "understand:\n\n{lines}\n\nThe file keeps these values; choose a value in Event > Rule settings "
                    "to replace one.", lines=lines), t("Settings from a newer version"))

    def _offer_backup(self, path: Path, exc: EventFileDamagedError, restore: bool | None) -> bool:
        """A damaged event: name what is wrong; offer its newest good backup (the damaged file is kept beside
        the event), then open the restored event."""
        t = self._t
        text = fp.damaged_text(t, path, exc.problems, exc.backup)
        if exc.backup is None:
            self.warn(text, t("The event file is damaged"))
            if self._session is None:
                self._show_start()
            return False
        if restore is None:
            restore = self.choose(text, t("The event file is damaged"), t("&Restore the backup"))
        if not restore:
            if self._session is None:
                self._show_start()
            return False
        backup: Any = exc.backup  # a storage.backup.BackupInfo
        try:
            kept = restore_event_backup(path, backup.path)
        except TournamentError as exc2:
            self.warn(exc2.message(t.lang))
            if self._session is None:
                self._show_start()
            return False
        if not self.open_path(path, restore_if_damaged=False):
            return False
        self.statusBar().showMessage(fp.restored_text(t, backup, kept), 30000)
        return True

    def save_copy(self, path: str | None = None) -> None:
        session = self._session
        if session is None:
            return
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.t("Save a &copy as…").replace("&", ""), "",
                                                  self.t("Event files (*.tdesk)"))
        if path:
            target = path
            self.run(lambda: session.save_copy(target))

    def restore_dialog(self, choice: int | None = None) -> None:
        """Restore one of the event's backups (``choice``: its index, newest first, without asking)."""
        session = self._session
        if session is None or session.readonly:
            return
        backups = session.backups()
        if not backups:
            self.inform(self.t("This event has no backup yet"))
            return
        if choice is None:
            dialog = BackupsDialog(self, self._t, backups)
            if not dialog.exec() or dialog.chosen is None:
                return
            chosen = dialog.chosen
        else:
            chosen = backups[choice]
        path = session.path
        session.close()
        self._session = None
        self._state = None
        try:
            restore_event_backup(path, chosen.path)
        except TournamentError as exc:
            self.warn(exc.message(self._t.lang))
        self.open_path(path)

    # -- recent files ----------------------------------------------------------------------------------------
    def _recent(self) -> list[str]:
        value = QSettings().value("recent", [])
        if isinstance(value, str):
            return [value]
        return [str(v) for v in value] if isinstance(value, (list, tuple)) else []

    def _remember(self, path: Path) -> None:
        QSettings().setValue("recent", remember_recent(self._recent(), str(path.resolve())))
        self._fill_recent()

    def _forget(self, path: Path) -> None:
        QSettings().setValue("recent", forget_recent(self._recent(), str(path.resolve())))
        self._fill_recent()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for p in self._recent():
            action = QAction(p, self)
            action.triggered.connect(lambda _c=False, p=p: self.open_path(Path(p)))
            self.recent_menu.addAction(action)


def _same_file_key(path: str, flavour: Any = os.path) -> str:
    """How the recent list compares two entries: Windows paths in any case and with ``/`` or ``\\`` are one file
    (``os.path`` is ``ntpath`` there; the tests pass ``ntpath`` on Linux)."""
    return str(flavour.normcase(flavour.normpath(path)))


def remember_recent(recent: list[str], path: str, *, flavour: Any = os.path) -> list[str]:
    """The recent list with ``path`` first, once, and at most :data:`MAX_RECENT` entries."""
    key = _same_file_key(path, flavour)
    return [path, *(p for p in recent if _same_file_key(p, flavour) != key)][:MAX_RECENT]


def forget_recent(recent: list[str], path: str, *, flavour: Any = os.path) -> list[str]:
    key = _same_file_key(path, flavour)
    return [p for p in recent if _same_file_key(p, flavour) != key]


def file_identity(path: Path) -> tuple[int, int] | None:
    """The file's (device, inode), None when there is none: what tells the same file from a moved or new one."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def _free_name(path: Path, lang: str) -> Path:
    """Where to suggest saving a vanished event: its own name if free, else ``<stem> (2).tdesk``...; in the
    events folder when its folder is gone (a removed USB stick)."""
    folder = path.parent if path.parent.is_dir() else events_folder(lang)
    candidate = folder / path.name
    n = 2
    while candidate.exists():
        candidate = folder / f"{path.stem} ({n}){path.suffix}"
        n += 1
    return candidate
