"""What every tab shares: access to the window's session, translator and error reporting."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QHeaderView, QTableView, QWidget

if TYPE_CHECKING:
    from tournament_desk.gui.main_window import MainWindow


def make_table(model: Any, *, sortable: bool = False) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setSortingEnabled(sortable)
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
    view.setAlternatingRowColors(True)
    view.setTabKeyNavigation(False)  # Tab leaves the table: keyboard users move between widgets
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    view.horizontalHeader().setStretchLastSection(True)
    view.verticalHeader().setVisible(False)
    return view


class Tab(QWidget):
    """A tab over the window's open event. Subclasses implement ``refresh`` and ``retranslate``."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        self.window_ = window

    @property
    def t(self) -> Callable[..., str]:
        return self.window_.tr_

    def run(self, action: Callable[[], Any]) -> Any:
        return self.window_.run_action(action)

    def refresh(self) -> None:
        """Reload what the tab shows from the window's current state (subclasses do it)."""

    def retranslate(self) -> None:
        """Set every text again in the window's language (subclasses do it)."""
