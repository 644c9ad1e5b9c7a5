"""Qt table models: thin read-only adapters over the row lists the services return."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

Index = QModelIndex | QPersistentModelIndex
Getter = Callable[[Any], Any]


class RowsModel(QAbstractTableModel):
    """Columns are (header, getter) pairs; rows are any objects. ``UserRole`` gives the raw value (for
    sorting), ``DisplayRole`` its text. ``highlight(row) -> colour name | None`` paints whole rows."""

    def __init__(self, columns: Sequence[tuple[str, Getter]], rows: Sequence[Any] = (),
                 highlight: Callable[[Any], str | None] | None = None) -> None:
        super().__init__()
        self._columns = list(columns)
        self._rows = list(rows)
        self._highlight = highlight

    def set_rows(self, rows: Sequence[Any]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def set_columns(self, columns: Sequence[tuple[str, Getter]]) -> None:
        self.beginResetModel()
        self._columns = list(columns)
        self.endResetModel()

    def set_highlight(self, highlight: Callable[[Any], str | None] | None) -> None:
        self.beginResetModel()
        self._highlight = highlight
        self.endResetModel()

    def row_object(self, row: int) -> Any:
        return self._rows[row]

    def rows(self) -> list[Any]:
        return list(self._rows)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt API)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt API)
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self._rows)) \
                or not (0 <= index.column() < len(self._columns)):
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.BackgroundRole:
            colour = self._highlight(row) if self._highlight else None
            return QBrush(QColor(colour)) if colour else None
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.UserRole, Qt.ItemDataRole.TextAlignmentRole,
                        Qt.ItemDataRole.ToolTipRole):
            return None
        value = self._columns[index.column()][1](row)
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
