"""What the window's action mixins (:mod:`window_files`, :mod:`window_documents`) use of the main window,
declared once for the type checker.

The mixins are parts of :class:`~tournament_desk.gui.main_window.MainWindow` split out by subject; at run time
they derive from ``object`` and find these members on the window they are mixed into. For mypy they derive
from :class:`WindowBase`, a ``QMainWindow`` that names what the window provides, so a mixin calling a member
the window does not have, or with the wrong types, is an error in CI. This module is imported only while
type-checking.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox

from tournament_desk.core.errors import TournamentError
from tournament_desk.gui.i18n import Translator
from tournament_desk.services.session import EventSession

T = TypeVar("T")

__all__ = ["WindowBase"]


class WindowBase(QMainWindow):
    """The members of the main window its action mixins call (all provided by ``MainWindow``)."""

    recent_menu: QMenu

    @property
    @abstractmethod
    def t(self) -> Translator: ...

    @abstractmethod
    def require(self) -> EventSession: ...

    @abstractmethod
    def set_session(self, session: EventSession) -> None: ...

    @abstractmethod
    def open_path(self, path: Path, *, readonly_if_locked: bool | None = None,
                  restore_if_damaged: bool | None = None) -> bool: ...

    @abstractmethod
    def warn(self, text: str, title: str = "") -> None: ...

    @abstractmethod
    def inform(self, text: str) -> None: ...

    @abstractmethod
    def choose(self, text: str, title: str, accept: str, *,
               icon: QMessageBox.Icon = QMessageBox.Icon.Warning) -> bool: ...

    @abstractmethod
    def status(self, text: str) -> None: ...

    @abstractmethod
    def run(self, action: Callable[[], T], *, busy: str | None = None,
            passes: tuple[type[TournamentError], ...] = ()) -> T | None: ...

    @abstractmethod
    def _show_start(self) -> None: ...

    @abstractmethod
    def _update_title(self) -> None: ...
