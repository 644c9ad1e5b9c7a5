"""What a tab or a dialog may use of the window: a small interface, not the window itself.

The main window implements :class:`EventContext`; tabs are given it and know nothing else of the window (no
menus, no other tab). Every change to the event goes through :meth:`EventContext.run`, which reports errors
in the user's language and hands the typed change record to every tab (:meth:`TabView.apply_change`), so
each redraws only what the action touched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from PySide6.QtWidgets import QWidget

from tournament_desk.core.changes import StateChange
from tournament_desk.core.errors import TournamentError
from tournament_desk.core.model import EventState
from tournament_desk.gui.i18n import Translator
from tournament_desk.services.session import EventSession

T = TypeVar("T")


class EventContext(Protocol):
    """The open event as a tab sees it, and the ways to act on it and talk to the arbiter."""

    @property
    def t(self) -> Translator: ...

    @property
    def session(self) -> EventSession | None: ...

    @property
    def state(self) -> EventState | None: ...

    @property
    def interactive(self) -> bool:
        """False in scripted use: questions are answered "no" and messages are kept, not shown."""
        ...

    def run(self, action: Callable[[], T], *, busy: str | None = None,
            passes: tuple[type[TournamentError], ...] = ()) -> T | None:
        """Run a service call (in the background behind a cancellable busy dialog when ``busy`` is given);
        show its error in the user's language, except the errors of ``passes``, raised to the caller (a question
        to ask the arbiter: a result that replaces another). When it returns a
        :class:`~tournament_desk.core.changes.Change`, every tab redraws what the change names. Returns the
        call's result, or None."""
        ...

    def warn(self, text: str, title: str = "") -> None: ...

    def report(self, exc: TournamentError) -> None:
        """Show an error in the user's language; a full disk or a vanished event file gets its own message
        (and, for a vanished file, the question where to save the event)."""
        ...

    def ask(self, text: str, title: str = "") -> bool: ...

    def inform(self, text: str) -> None: ...

    def status(self, text: str) -> None:
        """A short message in the status bar (what was recorded, undone...)."""
        ...

    def print_document(self, kind: str, round_number: int | None = None) -> None:
        """Print (or save as PDF) one of the event's documents: ``pairings``, ``standings``, ``crosstable``,
        ``grid``...; ``round_number``: the round shown (the pairing sheet's round; the round the standings or the
        crosstable are asked after)."""
        ...

    def dialog_parent(self) -> QWidget: ...


class TabView(Protocol):
    """What the window asks of each tab."""

    def retranslate(self) -> None: ...

    def reload(self) -> None:
        """Redraw everything (another event was opened, the language changed)."""
        ...

    def apply_change(self, what: StateChange) -> None:
        """Redraw what ``what`` names (a tab that is not shown notes it and redraws it when shown)."""
        ...

    def focus_main(self) -> None:
        """Give the keyboard focus to the tab's main table."""
        ...


Action = Callable[[], object]
