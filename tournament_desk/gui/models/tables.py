"""Qt table models: thin read-only adapters over the row lists the services return."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QHeaderView, QTableView

Index = QModelIndex | QPersistentModelIndex
Getter = Callable[[Any], Any]


_ANSWERED = frozenset({Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.UserRole, Qt.ItemDataRole.TextAlignmentRole,
                       Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.BackgroundRole})
"""The roles :meth:`RowsModel.data` answers."""


class RowsModel(QAbstractTableModel):
    """Columns are ``(header, getter)`` or ``(header, getter, sort_key)``; rows are any objects. ``UserRole``
    gives the sort key (the raw value when there is none), ``DisplayRole`` the text.
    ``highlight(row) -> colour name | None`` paints whole rows."""

    def __init__(self, columns: Sequence[tuple[Any, ...]], rows: Sequence[Any] = (),
                 highlight: Callable[[Any], str | None] | None = None) -> None:
        super().__init__()
        self._columns = list(columns)
        self._rows = list(rows)
        self._highlight = highlight
        self.rows_drawn = 0
        """How many rows were (re)drawn since the model was made: what the screens' tests count."""

    def set_rows(self, rows: Sequence[Any]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()
        self.rows_drawn += len(self._rows)

    def set_columns(self, columns: Sequence[tuple[Any, ...]]) -> None:
        self.beginResetModel()
        self._columns = list(columns)
        self.endResetModel()

    def set_table(self, columns: Sequence[tuple[Any, ...]], rows: Sequence[Any],
                  highlight: Callable[[Any], str | None] | None = None) -> None:
        """New columns, rows (and row colours, kept when not given) in one reset: the view never asks the new
        columns about the old rows (the rows of another event, whose players the new columns do not know)."""
        self.beginResetModel()
        self._columns = list(columns)
        self._rows = list(rows)
        if highlight is not None:
            self._highlight = highlight
        self.endResetModel()
        self.rows_drawn += len(self._rows)

    def set_highlight(self, highlight: Callable[[Any], str | None] | None) -> None:
        self.beginResetModel()
        self._highlight = highlight
        self.endResetModel()

    def row_object(self, row: int) -> Any:
        return self._rows[row]

    def replace_rows(self, changed: dict[int, Any]) -> None:
        """Put new objects in some rows (``row -> object``) and redraw only those rows."""
        for row, obj in changed.items():
            self._rows[row] = obj
        if changed:
            # one signal for the rows from the first changed to the last: a view sized to its contents measures
            # its columns once per signal, not once per row (a result moves many rows of a large team standings)
            self.dataChanged.emit(self.index(min(changed), 0), self.index(max(changed), len(self._columns) - 1))
        self.rows_drawn += len(changed)

    def put_rows(self, key: Callable[[Any], Any], changed: Mapping[Any, Any | None]) -> None:
        """Rows named by their key (``key(row)``, e.g. a player's id): each named row is replaced by its new
        object, removed when it maps to None, appended when no row has that key yet. Only those rows are
        redrawn."""
        where = {key(row): i for i, row in enumerate(self._rows)}
        for gone in sorted((where[k] for k, obj in changed.items() if obj is None and k in where), reverse=True):
            self.beginRemoveRows(QModelIndex(), gone, gone)
            del self._rows[gone]
            self.endRemoveRows()
            self.rows_drawn += 1
        where = {key(row): i for i, row in enumerate(self._rows)}
        self.replace_rows({where[k]: obj for k, obj in changed.items() if obj is not None and k in where})
        new = [obj for k, obj in changed.items() if obj is not None and k not in where]
        if new:
            self.beginInsertRows(QModelIndex(), len(self._rows), len(self._rows) + len(new) - 1)
            self._rows.extend(new)
            self.endInsertRows()
            self.rows_drawn += len(new)

    def show_rows(self, rows: Sequence[Any]) -> None:
        """Show ``rows`` in place of the rows shown (a table recomputed as a whole, like the standings): only
        the rows whose content differs are redrawn; a different number of rows redraws them all."""
        if len(rows) != len(self._rows):
            self.set_rows(rows)
            return
        self.replace_rows({i: new for i, (old, new) in enumerate(zip(self._rows, rows, strict=True)) if old != new})

    def rows(self) -> list[Any]:
        return list(self._rows)

    def sort_value(self, row: int, column: int) -> Any:
        """The value rows are sorted by in ``column``: its sort key, else its raw value."""
        if not (0 <= row < len(self._rows) and 0 <= column < len(self._columns)):
            return None
        spec = self._columns[column]
        return spec[2](self._rows[row]) if len(spec) > 2 else spec[1](self._rows[row])

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt API)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt API)
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ANSWERED:  # first: a view asks about ten roles per cell it draws, most of them unanswered
            return None
        if not index.isValid() or not (0 <= index.row() < len(self._rows)) \
                or not (0 <= index.column() < len(self._columns)):
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.BackgroundRole:
            colour = self._highlight(row) if self._highlight else None
            return QBrush(QColor(colour)) if colour else None
        column = self._columns[index.column()]
        if role == Qt.ItemDataRole.UserRole and len(column) > 2:
            return column[2](row)
        value = column[1](row)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return "" if value is None else str(value)
        if role == Qt.ItemDataRole.UserRole:
            return value if value is not None else ""
        if isinstance(value, int | float):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal \
                and 0 <= section < len(self._columns):
            return self._columns[section][0]
        return None


class RowsProxy(QSortFilterProxyModel):
    """Sorting and filtering over a :class:`RowsModel`, comparing the columns' Python sort keys directly
    (collation keys are tuples, which Qt's own comparison of item data does not order)."""

    def lessThan(self, left: Index, right: Index) -> bool:
        model = self.sourceModel()
        if not isinstance(model, RowsModel):
            return super().lessThan(left, right)
        a, b = model.sort_value(left.row(), left.column()), model.sort_value(right.row(), right.column())
        if a is None or b is None:
            return a is None and b is not None
        try:
            return bool(a < b)
        except TypeError:
            return str(a) < str(b)


def make_table(model: Any, *, sortable: bool = False, fit_columns: bool = True) -> QTableView:
    """A read-only table view. ``fit_columns`` sizes the columns to their contents; long tables pass False
    and call :func:`fit_columns_to_visible` instead (sizing over every row of a 2000-player list is slow)."""
    view = QTableView()
    view.setModel(model)
    view.setSortingEnabled(sortable)
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
    view.setAlternatingRowColors(True)
    view.setTabKeyNavigation(False)  # Tab leaves the table: keyboard users move between widgets
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents if fit_columns
                                else QHeaderView.ResizeMode.Interactive)
    header.setResizeContentsPrecision(50)  # size columns on the first rows, not on every row
    header.setStretchLastSection(True)
    view.verticalHeader().setVisible(False)
    return view
