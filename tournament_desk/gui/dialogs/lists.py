"""Small list dialogs: the audit log (who changed what, when) and the backups to restore."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout

from tournament_desk.core.formatting import format_datetime
from tournament_desk.core.messages import PerLanguage
from tournament_desk.gui.models.tables import RowsModel, make_table
from tournament_desk.services.session import AuditEntry, BackupInfo


class HistoryDialog(QDialog):
    """Every change, undo and redo of the event, newest first."""

    def __init__(self, parent: Any, tr: Callable[..., str], entries: Sequence[AuditEntry]) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("History"))
        lang = getattr(tr, "lang", "en")
        kinds = {"do": "", "undo": tr("Undo") + ": ", "redo": tr("Redo") + ": "}
        self.model = RowsModel([
            (tr("When"), lambda e: format_datetime(dt.datetime.fromtimestamp(e.at), lang)),
            (tr("Arbiter"), lambda e: e.arbiter),
            # the event file keeps each action's name as written in both languages when it was done
            (tr("Action"), lambda e: kinds.get(e.kind, "") + PerLanguage(e.label_en, e.label_fr).text(lang)),
        ], list(reversed(entries)))
        layout = QVBoxLayout(self)
        layout.addWidget(make_table(self.model))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(760, 480)


class BackupsDialog(QDialog):
    """Choose a backup to restore; :attr:`chosen` holds it once accepted."""

    def __init__(self, parent: Any, tr: Callable[..., str], backups: Sequence[BackupInfo]) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Restore a backup…"))
        self.backups = list(backups)
        self.chosen: BackupInfo | None = None
        self.model = RowsModel([
            (tr("Taken"), lambda b: format_datetime(b.taken, getattr(tr, "lang", "en"))),
            (tr("Reason"), lambda b: b.reason),
            (tr("File"), lambda b: b.path.name),
        ], self.backups)
        self.view = make_table(self.model)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("The current state is itself backed up before a restore.")))
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
