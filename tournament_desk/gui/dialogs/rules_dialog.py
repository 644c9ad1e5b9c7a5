"""Rule settings of the event: one editor per setting, the documents and sections it reads as a tooltip, and a
button that opens the rules document (what each setting means and where it comes from).

OK stores every setting the arbiter changed as ONE action (one undo step), or nothing: a refused value is shown
under its setting and the dialog stays open. A value the event file holds but this version does not understand
(written by a newer version) is shown under its setting, with the value that applies here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from tournament_desk.gui.dialogs.form import FormDialog
from tournament_desk.gui.i18n import Translator
from tournament_desk.services.rules import RuleSettingValue


class RulesDialog(FormDialog):
    """:meth:`changes` gives the settings whose value the arbiter changed, as ``{key: text}``; ``submit(changes)``
    (the window's: one action for all of them) runs on OK, and its refusal keeps the dialog open."""

    def __init__(self, parent: Any, t: Translator, values: Sequence[RuleSettingValue],
                 submit: Callable[[dict[str, str]], Any] | None = None,
                 open_doc: Callable[[], Any] | None = None) -> None:
        super().__init__(parent, t, (lambda changes: submit(changes) if changes else None) if submit else None)
        lang = t.lang
        self.setWindowTitle(t("Rule settings"))
        self.values_shown = list(values)
        self.editors: dict[str, QComboBox | QLineEdit] = {}
        for v in self.values_shown:
            s = v.setting
            editor: QComboBox | QLineEdit
            if s.choices:
                combo = QComboBox()
                for choice in s.choices:
                    combo.addItem(f"{choice.value} — {choice.describe(lang)}", choice.value)
                combo.setCurrentIndex(max(0, combo.findData(v.value)))
                editor = combo
            else:
                editor = QLineEdit(v.value)
                editor.setPlaceholderText(t("empty: not set") if s.optional else s.default)
            editor.setToolTip(s.section(lang, short=False))
            editor.setObjectName(s.key)
            self.editors[s.key] = editor
            self.add_row(s.label(lang), editor, s.key)
            if v.not_understood is not None:
                note = QLabel(t("The file holds '{stored}', which this version does not understand (written by a "
                                 "newer version): {value} applies until you choose a value.", stored=v.not_understood,
                                 value=v.value or "—"))
                note.setWordWrap(True)
                self.form.addRow("", note)
        intro = QWidget(self)
        row = QHBoxLayout(intro)
        row.setContentsMargins(0, 0, 0, 0)
        text = QLabel(t("What each setting means, and the document it comes from, is in the rules document."))
        text.setWordWrap(True)
        row.addWidget(text, 1)
        self.doc_button = QPushButton(t("Open the rules &document"))
        self.doc_button.setEnabled(open_doc is not None)
        if open_doc is not None:
            self.doc_button.clicked.connect(lambda _checked=False: open_doc())
        row.addWidget(self.doc_button)
        self.finish_layout(intro=intro)

    def changes(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for v in self.values_shown:
            editor = self.editors[v.setting.key]
            text = editor.currentData() if isinstance(editor, QComboBox) else editor.text().strip()
            if text != v.value:
                out[v.setting.key] = str(text)
        return out

    def values(self) -> dict[str, Any]:
        return dict(self.changes())
