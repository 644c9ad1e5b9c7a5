"""Rule settings of the event: one editor per setting, the documents and sections it reads as a tooltip, and a
button that opens the rules document (what each setting means and where it comes from).

OK stores every setting the arbiter changed as ONE action (one undo step), or nothing: a refused value is shown
under its setting and the dialog stays open. A value the event file holds but this version does not understand
(written by a newer version) is shown under its setting, with the value that applies here.

A choice is named by its description, which can be long: the box is as wide as a short sentence (the text elided
beyond, the list it opens as wide as its texts) and a description longer than the box is written out, wrapped,
under it, so that the dialog fits a small screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    QWidget,
)

from tournament_desk.gui.dialogs.form import FormDialog
from tournament_desk.gui.i18n import Translator
from tournament_desk.services.rules import RuleSettingValue

CHOICE_WIDTH = 56
"""How many characters of a choice's description its box shows (a longer one is elided, and written under it)."""


class _ElidedCombo(QComboBox):
    """A combo box whose chosen text ends in "…" when it is longer than the box (Qt would cut it)."""

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        field = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                            QStyle.SubControl.SC_ComboBoxEditField, self)
        option.currentText = self.fontMetrics().elidedText(option.currentText, Qt.TextElideMode.ElideRight,
                                                           field.width())
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)
        painter.end()


def _elided(combo: QComboBox) -> bool:
    """Whether the chosen text is longer than the box shows (Qt measures a box's width in "x")."""
    metrics = combo.fontMetrics()
    return metrics.horizontalAdvance(combo.currentText()) > metrics.horizontalAdvance("x") * CHOICE_WIDTH


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
        self.explanations: dict[str, QLabel] = {}
        """The chosen description of each setting with choices, written out under its box when the box cannot show
        it whole."""
        for v in self.values_shown:
            s = v.setting
            editor: QComboBox | QLineEdit
            if s.choices:
                combo = _ElidedCombo(self)
                combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
                combo.setMinimumContentsLength(CHOICE_WIDTH)
                for choice in s.choices:
                    combo.addItem(choice.describe(lang), choice.value)
                    combo.setItemData(combo.count() - 1, choice.describe(lang), Qt.ItemDataRole.ToolTipRole)
                combo.setCurrentIndex(max(0, combo.findData(v.value)))
                editor = combo
            else:
                editor = QLineEdit(v.value)
                editor.setPlaceholderText(t("empty: not set") if s.optional else s.default)
            editor.setToolTip(s.section(lang, short=False))
            editor.setObjectName(s.key)
            self.editors[s.key] = editor
            self.add_row(s.label(lang), editor, s.key)
            if isinstance(editor, QComboBox):
                explanation = QLabel(self)
                explanation.setWordWrap(True)
                explanation.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
                explanation.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
                explanation.setMinimumWidth(editor.sizeHint().width())  # its lines counted at the box's width
                explanation.setObjectName(s.key + ".explanation")
                self.explanations[s.key] = explanation
                self.form.addRow("", explanation)
                editor.currentIndexChanged.connect(lambda _i, key=s.key: self._explain(key))
                self._explain(s.key)
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

    def _explain(self, key: str) -> None:
        """The chosen description under its box when the box cannot show it whole (its row hidden otherwise)."""
        combo, explanation = self.editors[key], self.explanations[key]
        assert isinstance(combo, QComboBox)
        explanation.setText(combo.currentText())
        self.form.setRowVisible(explanation, _elided(combo))

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
