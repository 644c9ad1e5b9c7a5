"""The reason of a change to a published round, asked before the change is stored (the arbiter's log)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout

from tournament_desk.core.arbiter_log import PublishedChange
from tournament_desk.core.sources import citations_text


class ReasonDialog(QDialog):
    """What the change does to published rounds and the rules it touches; OK once a reason is typed."""

    def __init__(self, parent: Any, t: Callable[..., str], change: PublishedChange) -> None:
        super().__init__(parent)
        lang = getattr(t, "lang", "en")
        self.setWindowTitle(t("Change to a published round"))
        what = "; ".join(k.message.text(lang) for k in change.kinds)
        self.summary = QLabel(t("{}.\nRules: {}", what[:1].upper() + what[1:],
                                citations_text(change.rules, lang, short=True)))
        self.summary.setWordWrap(True)
        self.editor = QPlainTextEdit()
        self.editor.setPlaceholderText(t("Reason, kept in the arbiter's log and the tournament report"))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.editor.textChanged.connect(self._update)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(QLabel(t("&Reason:")))
        layout.itemAt(layout.count() - 1).widget().setBuddy(self.editor)  # type: ignore[union-attr]
        layout.addWidget(self.editor)
        layout.addWidget(self.buttons)
        self._update()
        self.resize(520, 260)

    @property
    def reason(self) -> str:
        return " ".join(self.editor.toPlainText().split())

    def _update(self) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(bool(self.reason))
