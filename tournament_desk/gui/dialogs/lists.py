"""Small list dialogs: the audit log (who changed what, when) and the backups to restore."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout

from tournament_desk.core.formatting import format_datetime
from tournament_desk.core.sources import citations_text
from tournament_desk.gui.models.tables import RowsModel, make_table
from tournament_desk.services.session import AuditEntry, BackupInfo


class HistoryDialog(QDialog):
    """Every change, undo and redo of the event, newest first."""

    def __init__(self, parent: Any, t: Callable[..., str], entries: Sequence[AuditEntry]) -> None:
        super().__init__(parent)
        self.setWindowTitle(t("History"))
        lang = getattr(t, "lang", "en")
        kinds = {"do": "", "undo": t("Undo") + ": ", "redo": t("Redo") + ": "}
        self.model = RowsModel([
            (t("When"), lambda e: format_datetime(dt.datetime.fromtimestamp(e.at), lang)),
            (t("Arbiter"), lambda e: e.arbiter),
            # the event file keeps each action's name as a message, shown in the window's language
            (t("Action"), lambda e: kinds.get(e.kind, "") + e.label.text(lang)),
            # the arbiter's log: a change to a published round, its reason and the rules it touches
            (t("Change to a published round"), lambda e: e.changed_text(lang)),
            (t("Reason"), lambda e: e.reason),
            (t("Rules"), lambda e: citations_text(e.rules, lang, short=True)),
        ], list(reversed(entries)))
        layout = QVBoxLayout(self)
        layout.addWidget(make_table(self.model))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(1100, 480)


def _reason(reason: str, t: Callable[..., str]) -> str:
    """Why a backup was taken, in the user's language: the program's own reason (``before-round-N``, also in
    the file's name) as words; a reason the arbiter typed as typed."""
    found = re.fullmatch(r"before-round-(\d+)", reason)
    return t("before round {}", int(found.group(1))) if found else reason


class BackupsDialog(QDialog):
    """Choose a backup to restore; :attr:`chosen` holds it once accepted."""

    def __init__(self, parent: Any, t: Callable[..., str], backups: Sequence[BackupInfo]) -> None:
        super().__init__(parent)
        self.setWindowTitle(t("Restore a backup…"))
        self.backups = list(backups)
        self.chosen: BackupInfo | None = None
        self.model = RowsModel([
            (t("Taken"), lambda b: format_datetime(b.taken, getattr(t, "lang", "en"))),
            (t("Reason"), lambda b: _reason(b.reason, t)),
            (t("File"), lambda b: b.path.name),
        ], self.backups)
        self.view = make_table(self.model)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(t("The current state is itself backed up before a restore.")))
        layout.addWidget(self.view)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(640, 400)

    def _accept(self) -> None:
        index = self.view.currentIndex()
        if index.isValid():
            self.chosen = self.backups[index.row()]
            self.accept()
