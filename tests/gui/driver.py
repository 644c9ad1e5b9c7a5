"""Drive the real program as a person does: ``tournament_desk.__main__.main([...])`` runs its event loop, and a
script (a generator) clicks and types between its iterations, including inside modal dialogs.

Rules for a script: an action that may open a modal dialog is started with :func:`later` and followed by a
``yield`` (the dialog's own event loop then runs the next steps); ``yield from wait_for(...)`` waits for a
condition; plain actions are called directly. When the script ends, every window is closed and ``main``
returns.
"""

from __future__ import annotations

import gc
import time
import traceback
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QLineEdit, QMainWindow, QMessageBox, QWidget

W = TypeVar("W", bound=QWidget)
Script = Generator[None, None, None]
TICK_MS = 5
TIMEOUT_SECONDS = 90.0  # generous: the machines that run the suite are shared and sometimes slow


def later(fn: Callable[[], Any]) -> None:
    """Start ``fn`` from the event loop (it may open a modal dialog and block there)."""
    QTimer.singleShot(0, fn)


def wait_for(predicate: Callable[[], Any], what: str = "") -> Iterator[None]:
    deadline = time.monotonic() + TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if predicate():
            return
        yield
    raise AssertionError(f"timed out waiting for {what or predicate}")


def top_level_widgets() -> list[QWidget]:
    """``QApplication.topLevelWidgets()``, with Python's garbage collector run before and held off during.

    The list Qt returns holds plain pointers that PySide wraps one by one; a collection triggered by one of those
    wrappers could free a window of an earlier test kept alive only by a reference cycle (a lambda connected to
    a signal), and with it its dialogs, still to be wrapped: a segmentation fault, at a different test every time
    the number of widgets changed."""
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        return QApplication.topLevelWidgets()
    finally:
        if enabled:
            gc.enable()


def main_window() -> QMainWindow:
    found = [w for w in top_level_widgets() if isinstance(w, QMainWindow) and w.isVisible()]
    assert found, "no main window is shown"
    return found[0]


def modal(kind: type[W], what: str = "") -> Iterator[W]:
    """Wait for a modal dialog of ``kind`` and return it (``dialog = yield from modal(PlayerDialog)``)."""
    box: list[W] = []

    def shown() -> bool:
        widget = QApplication.activeModalWidget()
        if isinstance(widget, kind) and widget.isVisible():
            box.append(widget)
            return True
        return False

    yield from wait_for(shown, what or kind.__name__)
    return box[0]


def choose_file(path: Path) -> Iterator[None]:
    """Answer the open or save file dialog that is shown with ``path``."""
    dialog = yield from modal(QFileDialog, "a file dialog")
    yield  # let the dialog finish showing (it sets its own initial selection)

    def typed() -> bool:  # as a person does: go to the folder, type the name
        dialog.setDirectory(str(path.parent))
        name = dialog.findChild(QLineEdit, "fileNameEdit")
        if name is None:
            dialog.selectFile(str(path))
        else:
            name.setText(path.name)
        return dialog.selectedFiles() == [str(path)]

    yield from wait_for(typed, f"{path} selected")
    dialog.accept()
    yield


def answer(button: QMessageBox.StandardButton = QMessageBox.StandardButton.Yes) -> Iterator[str]:
    """Click ``button`` of the message box that is shown; returns its text."""
    box = yield from modal(QMessageBox, "a message box")
    text = box.text()
    target = box.button(button) or box.defaultButton() or box.buttons()[0]
    target.click()
    yield
    return text


def type_into(widget: QWidget, text: str, *, clear: bool = True) -> None:
    """Type ``text`` as key presses (accented letters too: QTest.keyClicks only knows ASCII)."""
    if clear and hasattr(widget, "clear"):
        widget.clear()  # type: ignore[attr-defined]
    widget.setFocus()
    for char in text:
        if char.isascii():
            QTest.keyClick(widget, char)
            continue
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, char))


def click_ok(dialog: QDialog) -> None:
    from PySide6.QtWidgets import QDialogButtonBox

    boxes = dialog.findChildren(QDialogButtonBox)
    assert boxes, f"{type(dialog).__name__} has no OK button"
    button = boxes[-1].button(QDialogButtonBox.StandardButton.Ok)
    assert button is not None
    button.click()


def run_script(entry: Callable[[], int], script: Callable[[], Script]) -> tuple[int, list[str]]:
    """Run ``entry`` (``lambda: main([...])``) while ``script`` drives it; returns main's exit code and the
    script's error, if any (the windows are closed either way, so ``main`` returns)."""
    errors: list[str] = []
    gen = script()

    def tick() -> None:
        try:
            next(gen)
        except StopIteration:
            _close_all()
            return
        except BaseException:  # the failure is reported by the test, after main has returned
            errors.append(traceback.format_exc())
            _close_all()
            return
        QTimer.singleShot(TICK_MS, tick)

    QTimer.singleShot(50, tick)
    code = entry()
    return code, errors


def _close_all() -> None:
    for _ in range(5):
        widget = QApplication.activeModalWidget()
        if widget is None:
            break
        widget.close()
    for w in top_level_widgets():
        if isinstance(w, QMainWindow) and w.isVisible():
            w.close()
    QTimer.singleShot(0, QApplication.quit)
