"""Long work off the GUI thread: pairing a big Swiss, exporting a bundle, printing, importing a rating list.

``run_in_background`` runs a call in a ``QThread`` while the window keeps repainting; a busy dialog appears
if the call takes more than a moment, with a Cancel button when the call may be abandoned (``cancellable``).
It returns the call's result or re-raises its exception in the GUI thread; a cancelled call raises
:class:`Cancelled` at once and its result, when it comes, is thrown away — so only calls that change
nothing (computing a pairing, building a PDF) are run cancellable; storing happens afterwards, in the GUI
thread.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QEventLoop, QObject, Qt, QThread, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

T = TypeVar("T")
_abandoned: list[tuple[QThread, QObject]] = []
"""Threads of cancelled calls, kept alive until they end (a running QThread must not be destroyed)."""


class Cancelled(Exception):
    """The arbiter cancelled a background call: nothing was changed."""


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


def _forget(thread: QThread, collecting: bool) -> None:
    _abandoned[:] = [(t, w) for t, w in _abandoned if t is not thread]
    if collecting and not _abandoned:
        gc.enable()


def run_in_background(parent: QWidget | None, label: str | None, fn: Callable[[], T], *, show_after_ms: int = 400,
                      cancellable: bool = False) -> T:
    """Run ``fn`` in a worker thread behind a busy dialog (shown only if it takes more than ``show_after_ms``);
    return its result or raise its exception (:class:`Cancelled` if the arbiter cancelled)."""
    thread = QThread()
    worker = _Worker(fn)
    worker.moveToThread(thread)
    loop = QEventLoop()
    dialog = QProgressDialog(label or "", "", 0, 0, parent)
    dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
    dialog.setMinimumDuration(show_after_ms)
    cancelled = []
    if cancellable:
        dialog.setCancelButtonText(dialog.tr("Cancel"))
        def cancel() -> None:
            cancelled.append(True)
            loop.quit()

        dialog.canceled.connect(cancel)
    else:
        dialog.setCancelButton(None)
    thread.started.connect(worker.run)
    worker.finished.connect(loop.quit)
    # Python's cycle collector runs in whichever thread happens to allocate. Qt objects left in reference
    # cycles (closed dialogs, old workers) must be destroyed in the GUI thread, never in the worker while
    # this thread also runs Qt code: that aborted the process once in CI. So collect now, here, and keep
    # the collector off until the worker is done.
    gc.collect()
    collecting = gc.isenabled() or bool(_abandoned)
    gc.disable()
    still_running = False
    try:
        thread.start()
        # ``finished`` comes from the worker thread, so ``loop.quit`` is queued to this thread: even if the
        # work ends before ``exec`` starts, the loop receives the quit as soon as it runs.
        loop.exec()
        if cancelled and thread.isRunning():
            # the abandoned call runs on; the collector stays off until it ends (see above)
            still_running = True
            _abandoned.append((thread, worker))
            worker.finished.connect(thread.quit)
            thread.finished.connect(lambda: _forget(thread, collecting))
        else:
            thread.quit()
            thread.wait()
    finally:
        if collecting and not still_running and not _abandoned:
            gc.enable()
    dialog.reset()
    dialog.deleteLater()
    if cancelled:
        raise Cancelled()
    if worker.error is not None:
        raise worker.error
    return worker.result
