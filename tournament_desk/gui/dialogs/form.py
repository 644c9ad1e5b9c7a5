"""The layout shared by the validated form dialogs (event, player): the form, a red error line, OK/Cancel."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout


def lay_out_form(dialog: QDialog, form: QFormLayout, on_ok: Callable[[], None]) -> QLabel:
    """Put ``form``, an error line and OK/Cancel in ``dialog``; OK calls ``on_ok`` (which validates and
    accepts). Returns the error line, where ``on_ok`` writes what is wrong."""
    error = QLabel()
    error.setStyleSheet("color: #b00020")
    error.setWordWrap(True)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(on_ok)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addLayout(form)
    layout.addWidget(error)
    layout.addWidget(buttons)
    return error
