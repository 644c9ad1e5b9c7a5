"""The validated form dialogs (event, player, withdrawal, bye request...): a refused value is shown next to
its field, the form stays open, and nothing is written until the whole form is accepted.

A dialog is given ``submit(values)``: OK calls it with the form's values; if it raises a
:class:`TournamentError` the message goes under the field the error names (``exc.field``), or under the form,
and the dialog stays open. When ``submit`` returns, its result is kept in :attr:`FormDialog.result_change`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Any, TypeVar

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.core.errors import TournamentError
from tournament_desk.gui.i18n import Translator
from tournament_desk.services.session import EventFileVanishedError

E = TypeVar("E", bound=StrEnum)
T = TypeVar("T")
ERROR_STYLE = "color: #b00020"


def combo_enum(combo: QComboBox, enum_type: type[E]) -> E:
    """The enum member chosen in a combo box whose items carry the members' values (Qt hands item data back
    as plain strings, so the value is turned back into the member here, in one place)."""
    return enum_type(combo.currentData())


def fill_enum_combo(combo: QComboBox, items: Iterable[tuple[StrEnum, str]]) -> None:
    """Items shown by their (translated) label, carrying the enum's value."""
    for member, label in items:
        combo.addItem(label, member.value)


def select_data(combo: QComboBox, value: object) -> None:
    index = combo.findData(value.value if isinstance(value, StrEnum) else value)
    if index >= 0:
        combo.setCurrentIndex(index)


class FormDialog(QDialog):
    """A form of rows, each with the name of the value it edits; errors appear under their row."""

    def __init__(self, parent: Any, t: Translator, submit: Callable[[dict[str, Any]], Any] | None = None) -> None:
        super().__init__(parent)
        self.t = t
        self.submit = submit
        self.result_change: Any = None
        self.form = QFormLayout()
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.field_widgets: dict[str, QWidget] = {}
        self.field_errors: dict[str, QLabel] = {}
        self.error = QLabel()
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.try_accept)
        self.buttons.rejected.connect(self.reject)

    def add_row(self, label: str, widget: QWidget, *fields: str) -> None:
        """A row editing ``fields`` (the names errors use), with its error line under it (hidden until used)."""
        self.form.addRow(label, widget)
        if fields:
            error = QLabel()
            error.setStyleSheet(ERROR_STYLE)
            error.setWordWrap(True)
            error.hide()
            self.form.addRow("", error)
            for name in fields:
                self.field_widgets[name] = widget
                self.field_errors[name] = error

    def finish_layout(self, *, intro: QWidget | None = None) -> None:
        layout = QVBoxLayout(self)
        if intro is not None:
            layout.addWidget(intro)
        layout.addLayout(self.form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.adjustSize()
        self.setMinimumWidth(max(self.sizeHint().width(), 460))

    def values(self) -> dict[str, Any]:
        """The form's values (subclasses); may raise a :class:`TournamentError` naming a field."""
        return {}

    def clear_errors(self) -> None:
        for label in self.field_errors.values():
            label.hide()
            label.clear()
        self.error.clear()

    def show_error(self, exc: TournamentError) -> None:
        text = exc.message(self.t.lang)
        label = self.field_errors.get(exc.field or "")
        if label is not None:
            label.setText(text)
            label.show()
            self.field_widgets[exc.field or ""].setFocus()
        else:
            self.error.setText(text)

    def try_accept(self) -> None:
        """OK: validate and submit; on a refusal show it and stay open."""
        self.clear_errors()
        try:
            values, submit = self.values(), self.submit
            self.result_change = self.saving(lambda: submit(values)) if submit is not None else None
        except TournamentError as exc:
            self.show_error(exc)
            return
        self.accept()

    def saving(self, store: Callable[[], T]) -> T:
        """Call ``store`` (the form's submit). If the event file was moved or deleted while open, the window asks
        where to save the event (its ``save_elsewhere``) and ``store`` runs again there; cancelled, the error is
        raised (and shown in the form)."""
        while True:
            try:
                return store()
            except EventFileVanishedError as exc:
                save_elsewhere = getattr(self.parentWidget(), "save_elsewhere", None)
                if save_elsewhere is None or not save_elsewhere(exc.path):
                    raise


def lay_out_form(dialog: QDialog, form: QFormLayout, on_ok: Callable[[], None]) -> QLabel:
    """Put ``form``, an error line and OK/Cancel in ``dialog`` (for simple dialogs that are not a
    :class:`FormDialog`); OK calls ``on_ok``. Returns the error line."""
    error = QLabel()
    error.setStyleSheet(ERROR_STYLE)
    error.setWordWrap(True)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(on_ok)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addLayout(form)
    layout.addWidget(error)
    layout.addWidget(buttons)
    return error
