"""Long work off the GUI thread: pairing a big Swiss, exporting a bundle, a period rating run.

``run_in_background`` runs a service call in a ``QThread`` while a modal busy dialog is shown and the window
keeps repainting; it returns the call's result or re-raises its exception in the GUI thread. The services
open their own SQLite connections from the engine's pool, which SQLAlchemy allows across threads for file
databases; the modal dialog guarantees the GUI thread does not use the session meanwhile.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QEventLoop, QObject, Qt, QThread, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

T = TypeVar("T")


class _Worker(QObject):
    finished = Signal()

    def __init__(self, fn: Callable[[], Any]) -> None:
        super().__init__()
        self.fn = fn
        self.result: Any = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.result = self.fn()
        except BaseException as exc:  # handed back to the GUI thread and re-raised there
            self.error = exc
        self.finished.emit()


def run_in_background(parent: QWidget | None, label: str, fn: Callable[[], T], *, show_after_ms: int = 400) -> T:
    """Run ``fn`` in a worker thread behind a modal busy dialog (shown only if it takes more than
    ``show_after_ms``); return its result or raise its exception."""
    thread = QThread()
    worker = _Worker(fn)
    worker.moveToThread(thread)
    loop = QEventLoop()
    dialog = QProgressDialog(label, "", 0, 0, parent)
    dialog.setCancelButton(None)
    dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
    dialog.setMinimumDuration(show_after_ms)
    thread.started.connect(worker.run)
    worker.finished.connect(loop.quit)
    # Python's cycle collector runs in whichever thread happens to allocate. Qt objects left in reference
    # cycles (closed dialogs, old workers) must be destroyed in the GUI thread, never in the worker while
    # this thread also runs Qt code: that aborted the process once in CI. So collect now, here, and keep
    # the collector off until the worker is done.
    gc.collect()
    collecting = gc.isenabled()
    gc.disable()
    try:
        thread.start()
        # ``finished`` comes from the worker thread, so ``loop.quit`` is queued to this thread: even if the
        # work ends before ``exec`` starts, the loop receives the quit as soon as it runs.
        loop.exec()
        thread.quit()
        thread.wait()
    finally:
        if collecting:
            gc.enable()
    dialog.reset()
    dialog.deleteLater()
    if worker.error is not None:
        raise worker.error
    return worker.result  # type: ignore[no-any-return]

