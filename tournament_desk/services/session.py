"""The event session: an open event file, and every user action on it as one transaction and one undo step.

An action is an operation of :mod:`tournament_desk.core.operations` (a typed input with its pure transition):
:meth:`EventSession.run` gives it the current event, stores the difference between the two states in one unit
of work (:func:`storage.state_store.store_difference`: one journal entry named after the action) and returns a
:class:`~tournament_desk.core.changes.Change` — the action's name, the typed record of what it touched, the notes
for the arbiter, the operation's payload. Undo, redo and reading a file another window wrote return a change
too, so a screen always redraws from one. The rules are in the core; the session holds the file's life cycle
(open, close, follow, relocate, backups: creating and opening a file is :mod:`services.event_files`) and runs
operations, nothing more.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from tournament_desk.core.actions.step import Step
from tournament_desk.core.arbiter_log import PublishedChange, ReasonRequiredError, published_changes
from tournament_desk.core.changes import Change, StateChange, canonical, diff_states
from tournament_desk.core.errors import EventFileError, StateError
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import Event, EventState, Player, Round
from tournament_desk.services.event_files import (
    create_event_file,
    open_event_file,
    open_warnings,
    real_path,
)
from tournament_desk.storage import repository as repo
from tournament_desk.storage.backup import DEFAULT_KEEP, BackupInfo, copy_event, list_backups, take_backup
from tournament_desk.storage.errors import (
    DiskFullError,
    EventFileDamagedError,
    EventFileLockedError,
    EventFileVanishedError,
    PathTooLongError,
)
from tournament_desk.storage.lock import OWNER_KEY, WriterLock
from tournament_desk.storage.repository import AuditEntry
from tournament_desk.storage.rescue import rescue_event
from tournament_desk.storage.state_store import store_difference

if TYPE_CHECKING:  # start-up speed: a read-only command (standings, print) imports no operation
    from tournament_desk.core.operations import Operation

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Planned(Generic[T]):
    """An operation computed from ``before`` and not stored yet (a pairing computed in a background thread)."""

    before: EventState
    step: Step[T]
    backup: str | None
    by_hand: bool = False
    """The operation pairs a round by hand (:attr:`Operation.by_hand`): a manual pairing, for the arbiter's log."""


OPEN_LISTENERS: list[Callable[[EventSession], None]] = []


def add_open_listener(listener: Callable[[EventSession], None]) -> Callable[[], None]:
    """Call ``listener(session)`` whenever an event opens with :attr:`EventSession.warnings` (the CLI prints them
    on stderr). Returns the function that removes it."""
    OPEN_LISTENERS.append(listener)
    return lambda: OPEN_LISTENERS.remove(listener) if listener in OPEN_LISTENERS else None


class EventSession:
    """An open event file. Open for writing, it holds the file's writer lock until closed.

    File-level API for the GUI (docs/event-file.md, "For the GUI"): :meth:`open` (read-only when another window
    writes: :class:`EventFileLockedError`), :meth:`has_changed` / :meth:`reread` to follow a writer from a
    read-only window, :meth:`relocate` after :class:`EventFileVanishedError`; a full disk raises
    :class:`DiskFullError`.
    """

    def __init__(self, path: Path, repository: repo.Repository, lock: WriterLock | None = None) -> None:
        self.path = path
        self._repo = repository
        self._lock = lock
        self.keep_backups = DEFAULT_KEEP
        self._cache: EventState | None = None
        """The event as last read or written. A session open for writing holds the writer lock and every
        change goes through :meth:`commit` or the journal, so the file cannot differ from it."""
        self._seen: EventState | None = None
        """The event a read-only session last handed out (:meth:`reread` says what changed since)."""
        self.reason_for: Callable[[PublishedChange], str] | None = None
        """How a front end gets the reason of a change to a published round when the action was given none (the
        GUI asks with a dialog, the command line refuses without ``--reason``: :func:`require_reason`); None:
        the change is logged with its kinds and rules and no reason (a script)."""

    # -- opening and closing --------------------------------------------------------------------------
    @classmethod
    def create(cls, path: Path | str, event: Event, *, arbiter: str | None = None,
               written_with: str | None = None) -> EventSession:
        """Create a new event file holding ``event`` and no players; nothing is left behind if it fails
        (``written_with``: :func:`event_files.create_event_file`)."""
        path = real_path(path)
        repository, lock = create_event_file(path, event, arbiter=arbiter, written_with=written_with)
        return cls(path, repository, lock)

    @classmethod
    def open(cls, path: Path | str, *, readonly: bool = False, arbiter: str | None = None) -> EventSession:
        """Open an event file. Every row is checked; a damaged file raises :class:`EventFileDamagedError`
        naming what is wrong, with ``.backup`` the newest good backup to offer. For writing, refuses a file
        another window or program has open (:class:`EventFileLockedError`: offer ``readonly=True`` instead)."""
        path = real_path(path)
        repository, lock, state = open_event_file(path, readonly=readonly, arbiter=arbiter)
        session = cls(path, repository, lock)
        session._keep(state)
        if OPEN_LISTENERS:
            try:
                if session.warnings:
                    for listener in list(OPEN_LISTENERS):
                        listener(session)
            except BaseException:
                session.close()
                raise
        return session

    @property
    def warnings(self) -> tuple[Msg, ...]:
        """What the arbiter must be told about this event at open (:func:`event_files.open_warnings`)."""
        return open_warnings(self.state(), self.meta())

    def close(self) -> None:
        """Close the file: the lock's owner record is removed, the WAL folded back into the file (when no other
        window has it open) and the lock released — nothing is left beside the event."""
        if self._lock is not None:
            with contextlib.suppress(EventFileError):  # gone, full or replaced: the record is informative only
                self._repo.set_private_meta(OWNER_KEY, None)
        self._repo.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> EventSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- following the file, and saving it elsewhere ----------------------------------------------------------
    def data_version(self) -> int:
        """A number that changes whenever another window or program wrote to the event file."""
        return self._repo.data_version()

    def has_changed(self) -> bool:
        """True when the file changed since this session last read the state (:meth:`state` resets it)."""
        return self._repo.has_changed()

    def reread(self) -> Change[None]:
        """A read-only window following the writer: the event read again, as the change since it was last read."""
        before = self._seen or self.state()
        return Change(msg("Saved in another window"), diff_states(before, self.state()), (), None)

    def relocate(self, target: Path | str) -> Path:
        """After :class:`EventFileVanishedError`: save the event at ``target`` (a new file) and continue there:
        from the connection still open on the vanished file (undo history included), else from the last state
        read, which holds every acknowledged action. Retry the action that raised. Returns ``target``."""
        target = real_path(target)
        rescue_event(target, self._repo.reader_connection, self._repo.last_known())
        readonly, arbiter = self.readonly, self.arbiter
        self.close()
        fresh = EventSession.open(target, readonly=readonly, arbiter=arbiter)
        self.path, self._repo, self._lock, self._cache = fresh.path, fresh._repo, fresh._lock, None
        return target

    @property
    def readonly(self) -> bool:
        return self._repo.readonly

    # -- reading ----------------------------------------------------------------------------------------
    def state(self) -> EventState:
        """The whole event now (kept in memory by a writing session: nothing else writes the file)."""
        if self._cache is not None:
            return self._cache
        return self._keep(self._repo.load_state())

    def _keep(self, state: EventState) -> EventState:
        if self.readonly:
            self._seen = state
        else:
            self._cache = state
        return state

    @property
    def event(self) -> Event:
        return self.state().event

    def players(self) -> tuple[Player, ...]:
        return self.state().players

    def rounds(self) -> tuple[Round, ...]:
        return self.state().rounds

    def options(self) -> dict[str, str]:
        """The event's options (rule settings...), as text."""
        return dict(self.state().options)

    def meta(self) -> dict[str, str]:
        return self._repo.meta()

    # -- the one way to change the event ---------------------------------------------------------------
    def run(self, operation: Operation[T], *, reason: str | None = None) -> Change[T]:
        """Do one action: the operation's transition on the event now, stored as one transaction and one undo
        step named after it (nothing is written when nothing changed), after the backup it asks for. ``reason``:
        the arbiter's reason, kept in the arbiter's log when the action changes a published round."""
        return self.commit(self.plan(operation), reason=reason)

    def plan(self, operation: Operation[T]) -> Planned[T]:
        """Compute an operation without storing it (the GUI pairs a big round in the background, cancellable)."""
        before = self.state()
        return Planned(before, operation.apply(before), operation.backup_reason(before), operation.by_hand)

    def commit(self, planned: Planned[T], *, reason: str | None = None) -> Change[T]:
        """Store a planned operation: refused if the event changed since it was planned, so that nothing done
        meanwhile is overwritten. A change to a published round (:func:`core.arbiter_log.published_changes`)
        is logged with its ``reason`` (asked through :attr:`reason_for` when not given) and the rules it
        touches."""
        old, done = planned.before, planned.step
        if self.state() != old:
            raise StateError(msg("The event changed while this action was being prepared; do it again"))
        what = diff_states(old, done.state)
        if not what.empty:
            published = published_changes(old, done.state, by_hand=planned.by_hand)
            given = (reason or "").strip()
            if published is not None and not given and self.reason_for is not None:
                given = self.reason_for(published).strip()
            if published is not None and not given and self.reason_for is not None:
                raise ReasonRequiredError(published)
            if planned.backup is not None:
                self.backup(planned.backup)
            self._cache = None
            with self._repo.action(done.label, reason=given if published else "",
                                   changed=published.kinds if published else (),
                                   rules=published.rules if published else ()) as uow:
                store_difference(uow, old, done.state, what)
            self._cache = canonical(done.state)
        return Change(done.label, what, done.notes, done.payload)

    def require_reason(self, reason: str | None) -> None:
        """The command line's rule: a change to a published round needs ``reason`` (``--reason``), refused
        without it (:class:`ReasonRequiredError`, nothing changed)."""
        def given(change: PublishedChange) -> str:
            if not (reason or "").strip():
                raise ReasonRequiredError(change)
            return reason or ""

        self.reason_for = given

    # -- undo -------------------------------------------------------------------------------------------
    def undo(self) -> Change[None] | None:
        return self._journal_step(undo=True)

    def redo(self) -> Change[None] | None:
        return self._journal_step(undo=False)

    def _journal_step(self, *, undo: bool) -> Change[None] | None:
        before = self.state()
        self._cache = None
        entry = self._repo.undo() if undo else self._repo.redo()
        if entry is None:
            return None
        title = msg("Undo: {label}", label=entry.label) if undo else msg("Redo: {label}", label=entry.label)
        return Change(title, diff_states(before, self.state()), (), None)

    def undo_label(self, lang: str = "en") -> str | None:
        entry = self._repo.next_step(undo=True)
        return entry.label.text(lang) if entry is not None else None

    def redo_label(self, lang: str = "en") -> str | None:
        entry = self._repo.next_step(undo=False)
        return entry.label.text(lang) if entry is not None else None

    # -- audit and backups ---------------------------------------------------------------------------
    @property
    def arbiter(self) -> str:
        return self._repo.arbiter

    def audit_log(self) -> list[AuditEntry]:
        """Every change, undo and redo: when, by which arbiter profile, what."""
        return self._repo.audit_log()

    def backup(self, reason: str) -> Path:
        """A consistent, verified copy of the event in its backups folder (keeps the newest ``keep_backups``),
        written atomically: a crash leaves no empty or partial backup."""
        if not self.readonly:
            self._repo.check_still_there()
        return take_backup(self.path, reason, keep=self.keep_backups)

    def backups(self) -> list[BackupInfo]:
        return list_backups(self.path)

    def save_copy(self, target: Path | str) -> Path:
        """A consistent copy of the event under another name (the session stays on the original file)."""
        copy_event(self.path, Path(target))
        return Path(target)


__all__ = ["AuditEntry", "BackupInfo", "Change", "DiskFullError", "EventFileDamagedError", "EventFileLockedError",
           "EventFileVanishedError", "EventSession", "PathTooLongError", "Planned", "StateChange"]
