"""Column mapping of a rating list whose header this program does not know (issue 24 item 7), and the
import of a rating list with a progress bar.

* :class:`ColumnMappingDialog` shows each label of the list's header with the field it is read as (a combo
  box: not read, licence, FIDE id, rating...), filled with what was recognised; OK needs an id column and the
  rating column; a long header (FIDE's list: 19 columns) scrolls, so that the dialog fits a small screen.
  :meth:`ColumnMappingDialog.columns` gives ``{field: label}``, what
  :func:`tournament_desk.services.rating_lists.load_rating_list` takes (and remembers for the layout).
* :func:`import_rating_list` is the whole File > Import > Rating list step: the mapping dialog when the header
  is not understood (a remembered mapping is used without asking), then the list read in a worker thread
  with a determinate progress bar (FIDE's list: 1.9 million lines; only the registered players' rows are
  kept), then applied to the event. Its texts are the message catalogue's.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, QObject, Qt, QThread, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QProgressDialog,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.core.changes import Change
from tournament_desk.core.messages import msg, pmsg
from tournament_desk.services.rating_lists import MAPPABLE_FIELDS, ListHeader, list_header, load_rating_list
from tournament_desk.services.ratings import RatingListReport, apply_rating_list
from tournament_desk.services.session import EventSession

__all__ = ["ColumnMappingDialog", "import_rating_list", "run_with_progress"]

_TEXT = {
    "title": msg("Columns of the rating list"),
    "intro": msg("This list's header is not fully recognised. Say what each column holds: an id (licence, FIDE or "
                 "FMJD id) and the rating are needed. The choice is remembered for lists with the same header."),
    "none": msg("(not read)"),
    "need": msg("Choose an id column (licence, FIDE id or FMJD id) and the rating column."),
    "reading": msg("Reading the rating list…"),
}
_FIELD_NAMES = {
    "licence": pmsg("column mapping", "licence"), "fide_id": pmsg("column mapping", "FIDE id"),
    "fmjd_id": pmsg("column mapping", "FMJD id"), "rating": pmsg("column mapping", "rating"),
    "surname": pmsg("column mapping", "surname"), "first_name": pmsg("column mapping", "first name"),
    "name": pmsg("column mapping", "full name"), "flags": pmsg("column mapping", "status flags"),
    "rating_type": pmsg("column mapping", "rating type (F/N/E)"), "club": pmsg("column mapping", "club"),
    "category": pmsg("column mapping", "category"),
}


def _lang(t: Callable[..., str] | None) -> str:
    return getattr(t, "lang", "en") if t is not None else "en"


def _t(key: str, lang: str) -> str:
    return _TEXT[key].text(lang)


class ColumnMappingDialog(QDialog):
    """One combo box per header label; :meth:`columns` gives ``{field: label}`` once accepted."""

    def __init__(self, parent: QWidget | None, t: Callable[..., str] | None, header: ListHeader) -> None:
        super().__init__(parent)
        self.lang = _lang(t)
        self.header = header
        self.setWindowTitle(_t("title", self.lang))
        intro = QLabel(_t("intro", self.lang))
        intro.setWordWrap(True)
        rows = QWidget()
        form = QFormLayout(rows)
        form.setContentsMargins(0, 0, 0, 0)
        self.combos: list[QComboBox] = []
        for label, field_name in zip(header.labels, header.fields, strict=True):
            combo = QComboBox()
            combo.addItem(_t("none", self.lang), None)
            for f in MAPPABLE_FIELDS:
                combo.addItem(_FIELD_NAMES[f].text(self.lang), f)
            combo.setCurrentIndex(max(0, combo.findData(field_name)))
            combo.currentIndexChanged.connect(self._check)
            self.combos.append(combo)
            form.addRow(label or "—", combo)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020")
        self.error.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        scroll = QScrollArea()  # as tall as its rows up to about 24 lines of text, then it scrolls
        scroll.setWidget(rows)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(rows.sizeHint().width() + scroll.verticalScrollBar().sizeHint().width())
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self._check()

    def set_field(self, label: str, field_name: str | None) -> None:
        """Choose the field of the column ``label`` (what a user does with its combo box)."""
        combo = self.combos[self.header.labels.index(label)]
        combo.setCurrentIndex(combo.findData(field_name))

    def columns(self) -> dict[str, str]:
        """``{field: label}`` for every column given a field."""
        return {combo.currentData(): label for label, combo in zip(self.header.labels, self.combos, strict=True)
                if combo.currentData() is not None}

    def problem(self) -> str:
        chosen = [combo.currentData() for combo in self.combos if combo.currentData() is not None]
        for f in chosen:
            if chosen.count(f) > 1:
                return msg("'{name}' is chosen for two columns.", name=_FIELD_NAMES[f]).text(self.lang)
        if "rating" not in chosen or not {"licence", "fide_id", "fmjd_id"} & set(chosen):
            return _t("need", self.lang)
        return ""

    def _check(self) -> None:
        text = self.problem()
        self.error.setText(text)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not text)


class _Progress(QObject):
    changed = Signal(int, int)


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
        except BaseException as exc:  # re-raised in the GUI thread
            self.error = exc
        self.finished.emit()


def run_with_progress(parent: QWidget | None, label: str, fn: Callable[[Callable[[int, int], None]], Any]) -> Any:
    """Run ``fn(progress)`` in a worker thread behind a modal progress bar; ``progress(done, total)`` (called
    from the worker) moves the bar. Returns ``fn``'s result or raises its exception. As
    ``gui.worker.run_in_background``, with a determinate bar."""
    signal = _Progress()
    dialog = QProgressDialog(label, "", 0, 1000, parent)
    dialog.setCancelButton(None)
    dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
    dialog.setMinimumDuration(300)
    signal.changed.connect(lambda done, total: dialog.setValue(int(1000 * done / total) if total else 0))

    def progress(done: int, total: int) -> None:
        signal.changed.emit(done, total)

    thread = QThread()
    worker = _Worker(lambda: fn(progress))
    worker.moveToThread(thread)
    loop = QEventLoop()
    thread.started.connect(worker.run)
    worker.finished.connect(loop.quit)
    gc.collect()  # Qt objects in reference cycles must die in this thread, not in the worker
    collecting = gc.isenabled()
    gc.disable()
    try:
        thread.start()
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
    return worker.result


def import_rating_list(parent: QWidget | None, t: Callable[..., str] | None, session: EventSession,
                       path: Path | str, *, system: str | None = None,
                       ask_columns: Callable[[ListHeader], dict[str, str] | None] | None = None,
                       ) -> Change[RatingListReport] | None:
    """File > Import > Rating list: mapping when needed, the list read with a progress bar, then applied.

    Returns the change, or None when the user cancelled the mapping. ``ask_columns`` replaces the dialog
    (tests, scripted use).
    """
    lang = _lang(t)
    header = list_header(path)
    columns: dict[str, str] | None = None
    if not header.complete:
        if ask_columns is None:
            def ask_columns(h: ListHeader) -> dict[str, str] | None:
                dialog = ColumnMappingDialog(parent, t, h)
                return dialog.columns() if dialog.exec() else None
        columns = ask_columns(header)
        if columns is None:
            return None
    players = session.players()
    rating_list = run_with_progress(parent, _t("reading", lang),
                                    lambda progress: load_rating_list(path, columns=columns, players=players,
                                                                      progress=progress))
    return apply_rating_list(session, rating_list, system=system)
