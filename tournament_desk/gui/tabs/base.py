"""What every tab shares: the event context it is given, and redrawing only when needed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget

from tournament_desk.core.changes import StateChange
from tournament_desk.core.errors import TournamentError
from tournament_desk.gui.context import EventContext
from tournament_desk.gui.i18n import Translator
from tournament_desk.gui.models.tables import make_table

__all__ = ["Tab", "make_table"]


class Tab(QWidget):
    """A tab over the window's open event. Subclasses implement :meth:`reload` and :meth:`retranslate`,
    and :meth:`apply_change` when they can redraw less than everything."""

    def __init__(self, ctx: EventContext) -> None:
        super().__init__()
        self.ctx = ctx
        self._stale = True
        self._pending = StateChange()
        """What changed while the tab was hidden: redrawn when it is shown."""
        self.editable = True
        """False in a read-only window: the tab shows the event but offers nothing that changes it."""

    @property
    def t(self) -> Translator:
        return self.ctx.t

    def run(self, action: Callable[[], Any], *, busy: str | None = None,
            passes: tuple[type[TournamentError], ...] = ()) -> Any:
        return self.ctx.run(action, busy=busy, passes=passes)

    def editing_widgets(self) -> tuple[QWidget, ...]:
        """The buttons that change the event (disabled in a read-only window; subclasses name them)."""
        return ()

    def set_editable(self, editable: bool) -> None:
        self.editable = editable
        for widget in self.editing_widgets():
            widget.setEnabled(editable)

    def writable(self) -> bool:
        """Guard of an editing action reached by a key or a double click: in a read-only window, say why
        nothing happens (status bar) and return False."""
        if not self.editable:
            self.ctx.status(self.t("This window is read-only: changes are made in the window that has the event "
                                   "open for writing"))
        return self.editable

    def reload(self) -> None:
        """Redraw everything from the context's current state (subclasses do it)."""

    def retranslate(self) -> None:
        """Set every text again in the window's language (subclasses do it)."""

    def _on_screen(self) -> bool:
        """Shown, or the whole window hidden (scripted use): draw now."""
        return self.isVisible() or not self.window().isVisible()

    def refresh(self) -> None:
        """Redraw everything now if shown, else when next shown (another event, another language)."""
        self._pending = StateChange()
        if self._on_screen():
            self._stale = False
            self.reload()
        else:
            self._stale = True

    def apply_change(self, what: StateChange) -> None:
        """An action changed what ``what`` names: redraw those rows now if the tab is shown, else when it is
        (the changes met while hidden are merged)."""
        if what.everything:
            self.refresh()
            return
        if not self.shows(what):
            return
        if self._stale:  # a full redraw is due anyway
            return
        if not self._on_screen():
            self._pending = self._pending.merge(what)
            return
        self.redraw(what)

    def redraw(self, what: StateChange) -> None:
        """Redraw the rows ``what`` names (subclasses narrow it; by default everything)."""
        self.reload()

    def shows(self, what: StateChange) -> bool:
        """Does this tab display something ``what`` touched? (Subclasses narrow it.)"""
        return not what.empty

    def focus_main(self) -> None:
        """Give the keyboard focus to the tab's main table (subclasses name it)."""

    def showEvent(self, event: QShowEvent) -> None:
        if self._stale:
            self._stale = False
            self._pending = StateChange()
            self.reload()
        elif not self._pending.empty:
            pending, self._pending = self._pending, StateChange()
            self.redraw(pending)
        super().showEvent(event)
