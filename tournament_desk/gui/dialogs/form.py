"""The validated form dialogs (event, player, withdrawal, bye request...): a refused value is shown next to
its field, the form stays open, and nothing is written until the whole form is accepted.

A dialog is given ``submit(values)``: OK calls it with the form's values; if it raises a
:class:`TournamentError` the message goes under the field the error names (``exc.field``), or under the form,
and the dialog stays open. When ``submit`` returns, its result is kept in :attr:`FormDialog.result_change`.

Fields take typing at once, as a person types: a number field (:class:`NumberField`, empty when it may be) and a
date field (:class:`DateField`: the date typed in the language's order, ``20/03/1990`` in French, ``1990-03-20``
in English, or empty) are line edits; they and the spin boxes (:class:`SpinBox`) select their text when they get
the focus, so what is typed replaces it. A row hidden goes with its label (:meth:`FormDialog.set_row_visible`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Any, TypeVar

from PySide6.QtCore import QDate, QRegularExpression, Qt, QTimer
from PySide6.QtGui import QAction, QFocusEvent, QIcon, QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCalendarWidget,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.core.errors import TournamentError, ValidationError
from tournament_desk.core.messages import msg
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


def names_combo(width_in_characters: int = 28) -> QComboBox:
    """A combo box of players' names as wide as ``width_in_characters``, whatever the longest name (a name may be
    200 characters long): a longer name is elided in the box, and the list it opens is as wide as its names."""
    combo = QComboBox()
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(width_in_characters)
    return combo


def select_data(combo: QComboBox, value: object) -> None:
    index = combo.findData(value.value if isinstance(value, StrEnum) else value)
    if index >= 0:
        combo.setCurrentIndex(index)


def _select_all_on_focus(widget: QLineEdit | QSpinBox, event: QFocusEvent) -> None:
    """After a focus-in: the text selected, so that typing replaces it. Given by the keyboard it is selected at
    once; by a click, once the click is over (the press would put the cursor back)."""
    widget.selectAll()
    if event.reason() == Qt.FocusReason.MouseFocusReason:
        QTimer.singleShot(0, widget, widget.selectAll)


class SpinBox(QSpinBox):
    """A whole number with arrows, whose text is selected when it gets the focus: typing "9" gives 9, not "79"."""

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        _select_all_on_focus(self, event)


class NumberField(QLineEdit):
    """A whole number typed at once, or nothing (empty: no value; a faint "—" says so). Only digits are taken,
    at most as many as ``maximum`` has; the range itself is the model's to check (its message names the field)."""

    def __init__(self, value: int | None = None, *, maximum: int = 9999) -> None:
        super().__init__()
        digits = len(str(maximum))
        self.setValidator(QRegularExpressionValidator(QRegularExpression(rf"\d{{0,{digits}}}"), self))
        self.setPlaceholderText("—")
        self.setMaximumWidth(self.fontMetrics().horizontalAdvance("0" * (digits + 8)))
        self.setValue(value)

    def value(self) -> int | None:
        text = self.text().strip()
        return int(text) if text else None

    def setValue(self, value: int | None) -> None:
        self.setText("" if value is None else str(value))

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        _select_all_on_focus(self, event)


_SEPARATED = re.compile(r"(\d{1,4})\s*[/.\- ]\s*(\d{1,2})\s*[/.\- ]\s*(\d{1,4})")
FIRST_YEAR, LAST_YEAR = 1900, 2100
"""The years a date field takes (birth dates and event dates)."""


def parse_date(text: str, pattern: str) -> dt.date | None:
    """A date as a person types it in the language whose Qt date ``pattern`` is given (``dd/MM/yyyy`` in French,
    ``yyyy-MM-dd`` in English): ``20/03/1990``, ``20.3.1990``, ``20031990`` (the pattern's order, without
    separators), and ISO ``1990-03-20`` in any language; day before month unless the pattern puts the month
    first. None when it is not a date (the year is written in full)."""
    text = text.strip()
    order = sorted("dMy", key=pattern.find)
    parts: dict[str, int] = {}
    if text.isdigit() and len(text) == 8:
        widths = {"d": 2, "M": 2, "y": 4}
        at = 0
        for key in order:
            parts[key] = int(text[at:at + widths[key]])
            at += widths[key]
    else:
        found = _SEPARATED.fullmatch(text)
        if found is None:
            return None
        a, b, c = found.groups()
        if len(a) == 4:
            parts = {"y": int(a), "M": int(b), "d": int(c)}
        elif len(c) == 4:
            month_first = order.index("M") < order.index("d") and order[0] != "y"
            parts = {"M": int(a), "d": int(b)} if month_first else {"d": int(a), "M": int(b)}
            parts["y"] = int(c)
        else:
            return None
    if not FIRST_YEAR <= parts["y"] <= LAST_YEAR:
        return None
    try:
        return dt.date(parts["y"], parts["M"], parts["d"])
    except ValueError:
        return None


class DateField(QLineEdit):
    """A date typed at once in the language's order (:func:`parse_date`), or nothing when ``optional``; with
    ``calendar``, a button (and Alt+↓ or F4) shows a calendar to pick it. :meth:`date` reads it and refuses an
    unreadable text (a :class:`ValidationError` the dialog shows under the field)."""

    def __init__(self, t: Callable[..., str], value: dt.date | None = None, *, optional: bool = True,
                 calendar: bool = False) -> None:
        super().__init__()
        self.pattern = t("yyyy-MM-dd")  # the language's date pattern (French: dd/MM/yyyy)
        self.shown_pattern = t("YYYY-MM-DD")  # the same, as a person reads it (French: JJ/MM/AAAA)
        self.optional = optional
        self.setPlaceholderText(self.shown_pattern)
        self.setValidator(QRegularExpressionValidator(QRegularExpression(r"[0-9/.\- ]{0,12}"), self))
        self.setMaximumWidth(self.fontMetrics().horizontalAdvance("0" * 18) + (40 if calendar else 0))
        self.popup: QCalendarWidget | None = None
        if calendar:
            icon = QIcon.fromTheme("x-office-calendar", self.style().standardIcon(QStyle.StandardPixmap.SP_ArrowDown))
            pick = QAction(icon, t("Calendar"), self)
            pick.setToolTip(t("Calendar"))
            pick.triggered.connect(self.show_calendar)
            self.addAction(pick, QLineEdit.ActionPosition.TrailingPosition)
        self.setDate(value)

    def date(self) -> dt.date | None:
        """The date typed; None when empty (refused when the field is not optional)."""
        text = self.text().strip()
        if not text:
            if self.optional:
                return None
            raise ValidationError(msg("A date is needed here (type it as {pattern})", pattern=self.shown_pattern))
        day = parse_date(text, self.pattern)
        if day is None:
            raise ValidationError(msg("'{text}' is not a date (type it as {pattern})", text=text,
                                      pattern=self.shown_pattern))
        return day

    def setDate(self, value: dt.date | QDate | None) -> None:
        if isinstance(value, QDate):
            value = dt.date(value.year(), value.month(), value.day())
        self.setText("" if value is None else QDate(value).toString(self.pattern))

    def show_calendar(self) -> None:
        if self.popup is None:
            self.popup = QCalendarWidget(self)
            self.popup.setWindowFlags(Qt.WindowType.Popup)
            self.popup.clicked.connect(self._picked)
            self.popup.activated.connect(self._picked)
        day = parse_date(self.text(), self.pattern)
        self.popup.setSelectedDate(QDate(day) if day else QDate.currentDate())
        self.popup.move(self.mapToGlobal(self.rect().bottomLeft()))
        self.popup.show()
        self.popup.setFocus()

    def _picked(self, day: QDate) -> None:
        self.setDate(day)
        if self.popup is not None:
            self.popup.hide()
        self.setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        alt_down = event.key() == Qt.Key.Key_Down and event.modifiers() & Qt.KeyboardModifier.AltModifier
        if self.actions() and (alt_down or event.key() == Qt.Key.Key_F4):
            self.show_calendar()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        _select_all_on_focus(self, event)


def read_field(field: str, read: Callable[[], T]) -> T:
    """``read()`` (a field's value), its refusal named after ``field`` so that the form shows it under the field."""
    try:
        return read()
    except ValidationError as exc:
        raise ValidationError(exc.msg, field=field) from None


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
            self.form.addRow("", error)
            self.form.setRowVisible(error, False)  # shown, with its row, when there is something to say
            for name in fields:
                self.field_widgets[name] = widget
                self.field_errors[name] = error

    def set_row_visible(self, widget: QWidget, visible: bool) -> None:
        """Show or hide the row of ``widget``: its label with it (never a label without its field)."""
        self.form.setRowVisible(widget, visible)
        for name, field_widget in self.field_widgets.items():
            if field_widget is widget and not visible:
                self.form.setRowVisible(self.field_errors[name], False)

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
            self.form.setRowVisible(label, False)
            label.clear()
        self.error.clear()

    def show_error(self, exc: TournamentError) -> None:
        text = exc.message(self.t.lang)
        label = self.field_errors.get(exc.field or "")
        if label is not None:
            label.setText(text)
            self.form.setRowVisible(label, True)
            widget = self.field_widgets[exc.field or ""]
            widget.setFocus()
            if isinstance(widget, QLineEdit | QSpinBox):  # what is typed next replaces the refused text
                widget.selectAll()
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
        raised (and shown in the form). A reason typed for the arbiter's log is not asked again on that rerun."""
        window = self.parentWidget()
        try:
            while True:
                try:
                    return store()
                except EventFileVanishedError as exc:
                    save_elsewhere = getattr(window, "save_elsewhere", None)
                    if save_elsewhere is None or not save_elsewhere(exc.path):
                        raise
                    rerun = getattr(window, "rerun_action", None)
                    if rerun is not None:
                        rerun()
        finally:
            over = getattr(window, "action_over", None)
            if over is not None:
                over()


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
