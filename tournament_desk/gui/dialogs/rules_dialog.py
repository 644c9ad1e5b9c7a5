"""Rule settings of the event (docs/rules.md): one editor per setting, its source section as a tooltip."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout

from tournament_desk.services.rules import RuleSettingValue


class RulesDialog(QDialog):
    """:meth:`changes` gives the settings whose value the arbiter changed, as ``{key: text}``."""

    def __init__(self, parent: Any, tr: Callable[..., str], values: Sequence[RuleSettingValue]) -> None:
        super().__init__(parent)
        lang = getattr(tr, "lang", "en")
        self.setWindowTitle(tr("Rule settings"))
        self.values = list(values)
        self.editors: dict[str, QComboBox | QLineEdit] = {}
        form = QFormLayout()
        for v in self.values:
            s = v.setting
            if s.choices:
                editor: QComboBox | QLineEdit = QComboBox()
                for choice in s.choices:
                    editor.addItem(f"{choice.value} — {choice.describe(lang)}", choice.value)
                editor.setCurrentIndex(max(0, editor.findData(v.value)))
            else:
                editor = QLineEdit(v.value)
                editor.setPlaceholderText(tr("empty: not set") if s.optional else s.default)
            editor.setToolTip(s.section(lang, short=False))
            self.editors[s.key] = editor
            form.addRow(s.label(lang), editor)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("Each reading is explained, with its source and its test, in docs/rules.md.")))
        layout.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def changes(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for v in self.values:
            editor = self.editors[v.setting.key]
            text = editor.currentData() if isinstance(editor, QComboBox) else editor.text().strip()
            if text != v.value:
                out[v.setting.key] = str(text)
        return out
