"""The event session: an open event file, and every user action on it as one transaction and one undo step.

Each action loads the event, calls the core transition (:mod:`tournament_desk.core.actions`), and stores the
difference between the two states in one unit of work (:func:`storage.state_store.store_difference`), which is
one journal entry named after the action. It returns a :class:`Change`: the action's name, the typed record of
what it touched (:class:`~tournament_desk.core.changes.StateChange`), the notes for the arbiter. The rules are in
the core; this module loads, calls, stores and maps, nothing more. The GUI, the CLI and the tests all go
through it, so validation and undo behave the same everywhere.
"""

from __future__ import annotations

import contextlib
import getpass
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tournament_desk import __version__
from tournament_desk.core.actions import players as reg
from tournament_desk.core.actions import rounds as rnds
from tournament_desk.core.actions import settings as cfg
from tournament_desk.core.actions.step import Step, Text
from tournament_desk.core.changes import StateChange, canonical, diff_states
from tournament_desk.core.errors import EventFileError, StateError
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import Event, EventState, Player, Round
from tournament_desk.core.results import GameResult, Outcome
from tournament_desk.core.rule_settings import read_rule_settings
from tournament_desk.storage import repository as repo
from tournament_desk.storage.backup import DEFAULT_KEEP, BackupInfo, copy_event, list_backups, take_backup
from tournament_desk.storage.backup import newest_good_backup as _newest_good_backup
from tournament_desk.storage.backup import restore_backup as _restore_backup
from tournament_desk.storage.db import check_writable, create_event_file, prepare_event_file
from tournament_desk.storage.errors import (
    DiskFullError,
    EventFileDamagedError,
    EventFileLockedError,
    EventFileVanishedError,
    PathTooLongError,
)
from tournament_desk.storage.identify import inspect_file
from tournament_desk.storage.lock import OWNER_KEY, WriterLock
from tournament_desk.storage.repository import AuditEntry
from tournament_desk.storage.rescue import rescue_event
from tournament_desk.storage.state_store import store_difference
from tournament_desk.storage.validate import newest_writer, version_key

WRITTEN_WITH = "written_with"
"""Meta key: the newest program that opened the file for writing (``tournament_desk 0.1.0``). With
``created_with`` it tells whether a newer version wrote the file (docs/event-file.md, rule settings)."""

_OPEN_LISTENERS: list[Callable[[EventSession], None]] = []


def add_open_listener(listener: Callable[[EventSession], None]) -> Callable[[], None]:
    """Call ``listener(session)`` whenever an event opens with :attr:`EventSession.warnings` (the CLI prints them
    on stderr). Returns the function that removes it."""
    _OPEN_LISTENERS.append(listener)
    return lambda: _OPEN_LISTENERS.remove(listener) if listener in _OPEN_LISTENERS else None


@dataclass(frozen=True, slots=True)
class Change:
    """What an action did: its name (the undo step's), the typed record of what it touched, notes."""

    scope: str
    """``event``, ``players``, ``rounds``, ``results``, ``requests``, ``options`` or ``all`` (several)."""
    title: Msg
    """The action's name (the undo step's), a catalogue message."""
    ids: tuple[int, ...] = ()
    """The players the action touched (for player actions), else the rounds."""
    what: StateChange = field(default_factory=StateChange)
    notes: tuple[Text, ...] = ()
    detail: Any = None

    def label(self, lang: str = "en") -> str:
        return self.title.text(lang)

    @property
    def label_en(self) -> str:
        return self.title.text("en")

    @property
    def label_fr(self) -> str:
        return self.title.text("fr")

    def note_texts(self, lang: str = "en") -> tuple[str, ...]:
        return tuple(n.text(lang) for n in self.notes)

    @classmethod
    def of(cls, label: Msg, what: StateChange, notes: tuple[Text, ...] = (), detail: Any = None) -> Change:
        return cls(_scope(what), label, _ids(what), what, notes, detail)


def _scope(what: StateChange) -> str:
    kinds = [name for name, touched in (
        ("event", what.event_fields), ("players", what.players),
        ("rounds", what.rounds_added or what.rounds_removed),
        ("results", (what.boards or what.byes) and not (what.rounds_added or what.rounds_removed)),
        ("requests", what.requests), ("options", what.options or what.top_cut or what.forbidden_pairs),
    ) if touched]
    return kinds[0] if len(kinds) == 1 else ("all" if kinds else "none")


def _ids(what: StateChange) -> tuple[int, ...]:
    return tuple(sorted(what.players)) if what.players else tuple(sorted(what.rounds))


def default_arbiter(event: Event | None = None) -> str:
    """The arbiter profile recorded in the audit log: ``TDESK_ARBITER``, else the event's chief arbiter (the
    first of its arbiters), else the system user name."""
    name = os.environ.get("TDESK_ARBITER", "").strip()
    if name:
        return name
    if event is not None and event.arbiters:
        return event.arbiters[0]
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "?"


class EventSession:
    """An open event file. Open for writing, it holds the file's writer lock until closed.

    File-level API for the GUI (docs/event-file.md, "For the GUI"): :meth:`open` (read-only when another window
    writes: :class:`EventFileLockedError`), :meth:`data_version` / :meth:`has_changed` to follow a writer from a
    read-only window, :meth:`relocate` after :class:`EventFileVanishedError`, :func:`newest_good_backup` and
    :func:`restore_event_backup` after :class:`EventFileDamagedError`; a full disk raises :class:`DiskFullError`.
    """

    def __init__(self, path: Path, repository: repo.Repository, lock: WriterLock | None = None) -> None:
        self.path = path
        self._repo = repository
        self._lock = lock
        self.keep_backups = DEFAULT_KEEP
        self._cache: EventState | None = None
        """The event as last read or written. A session open for writing holds the writer lock and every
        change goes through :meth:`commit` or the journal, so the file cannot differ from it."""

    # -- opening --------------------------------------------------------------------------------------
    @classmethod
    def create(cls, path: Path | str, event: Event, *, arbiter: str | None = None,
               written_with: str | None = None) -> EventSession:
        """Create a new event file holding ``event`` and no players; nothing is left behind if it fails.
        ``written_with``: the program that wrote the data about to be stored (a bundle's generator), recorded as
        the file's newest writer when it is newer than this one (docs/event-file.md, rule settings)."""
        ours = f"tournament_desk {__version__}"
        newest = ours
        if written_with and (version_key(written_with) or ()) > (version_key(ours) or ()):
            newest = written_with
        path = _real(path)
        create_event_file(path)
        lock: WriterLock | None = None
        try:
            lock = WriterLock(path).acquire()
            repository = repo.Repository(path, arbiter=arbiter or default_arbiter(event),
                                         identity=lock.identity)
            session = cls(path, repository, lock)
            try:
                with repository.action(msg("Create event")) as uow:
                    repo.write_event(uow, event, create=True)
                    repo.write_meta(uow, "created_with", ours)
                    repo.write_meta(uow, WRITTEN_WITH, newest)
                # Creating the event is not something to undo: clear its journal entry.
                repository.clear_journal()
                session.state()
                repository.set_private_meta(OWNER_KEY, lock.owner_record())
            except BaseException:
                repository.close()
                raise
        except BaseException:
            if lock is not None:
                lock.release()
            for p in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
                p.unlink(missing_ok=True)
            raise
        return session

    @classmethod
    def open(cls, path: Path | str, *, readonly: bool = False, arbiter: str | None = None) -> EventSession:
        """Open an event file. Every row is checked; a damaged file raises :class:`EventFileDamagedError`
        naming what is wrong, with ``.backup`` the newest good backup to offer. For writing, refuses a file
        another window or program has open (:class:`EventFileLockedError`: offer ``readonly=True`` instead)."""
        path = _real(path)
        lock: WriterLock | None = None
        try:
            if not readonly:
                if path.is_file():
                    check_writable(path)
                    lock = WriterLock(path).acquire()  # locking writes nothing; another writer is named first
                else:
                    inspect_file(path)  # says what is there instead (nothing, a folder...)
            # a foreign or damaged file is refused before anything is written to it
            prepare_event_file(path, readonly=readonly)
            repository = repo.Repository(path, readonly=readonly, arbiter=arbiter or "",
                                         identity=lock.identity if lock else None)
            session = cls(path, repository, lock)
            try:
                state = session.state()  # every row checked now, with a clear message, not at the first action
                repository.arbiter = arbiter or default_arbiter(state.event)
                if lock is not None:
                    with contextlib.suppress(EventFileError):  # informative: a full disk must not stop an open
                        repository.set_private_meta(OWNER_KEY, lock.owner_record())
                        session._record_writer()
            except BaseException:
                repository.close()
                raise
        except EventFileDamagedError as exc:
            if lock is not None:
                lock.release()
            raise exc.with_backup(_newest_good_backup(path)) from None
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        if _OPEN_LISTENERS:
            try:
                if session.warnings:
                    for listener in list(_OPEN_LISTENERS):
                        listener(session)
            except BaseException:
                session.close()
                raise
        return session

    def _record_writer(self) -> None:
        """Note in the meta data that this version wrote the file, unless a newer one already did (the newest
        writer is kept: an older version opening the file later must still know a newer one was there)."""
        ours = f"tournament_desk {__version__}"
        meta = self._repo.meta()
        recorded = version_key(meta.get(WRITTEN_WITH))
        if recorded is None or (version_key(ours) or ()) > recorded:
            self._repo.set_private_meta(WRITTEN_WITH, ours)

    @property
    def warnings(self) -> tuple[Msg, ...]:
        """What the arbiter must be told about this event at open (docs/event-file.md, rule settings): each
        rule-setting value a newer version wrote and this one does not understand, and the value that applies
        here instead (the file keeps the stored text). Empty for an event this version can read entirely."""
        state = self.state()
        values, issues = read_rule_settings(state.event.tiebreak_edition, state.options)
        if not issues:
            return ()
        writer = newest_writer(self.meta()) or "?"
        ours = f"tournament_desk {__version__}"
        out: list[Msg] = []
        for issue in issues:
            if not issue.maybe_newer:
                continue
            known = values.get(issue.key)
            if known is not None:
                out.append(msg("{key} = '{text}' was written by a newer version ({writer}) and this one ({ours}) "
                               "does not understand it: {applies} applies here; the file keeps '{text}' until a "
                               "value is chosen", key=issue.key, text=issue.text, writer=writer, ours=ours,
                               applies=known.value or msg("not set")))
            else:
                out.append(msg("the option {key} = '{text}' was written by a newer version ({writer}) and is not a "
                               "rule setting of this one ({ours}): it has no effect here; the file keeps it",
                               key=issue.key, text=issue.text, writer=writer, ours=ours))
        return tuple(out)

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
        """A number that changes whenever another window or program wrote to the event file. A read-only window
        polls it (a ``QTimer`` every 0.5-1 s is cheap: one SQLite pragma) and reloads when it changes."""
        return self._repo.data_version()

    def has_changed(self) -> bool:
        """True when the file changed since this session last read the state (:meth:`state` resets it)."""
        return self._repo.has_changed()

    def relocate(self, target: Path | str) -> Path:
        """After :class:`EventFileVanishedError`: save the event at ``target`` (a new file) and continue there.

        The copy comes from the connection still open on the vanished file (everything committed, undo history
        included); if that cannot be read any more (USB stick removed), from the last state read, which holds
        every acknowledged action. The session then holds ``target`` (its lock, its backups folder); retry the
        action that raised. Returns ``target``."""
        target = _real(target)
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
        state = self._repo.load_state()
        if not self.readonly:
            self._cache = state
        return state

    @property
    def event(self) -> Event:
        return self.state().event

    def players(self) -> tuple[Player, ...]:
        return self.state().players

    def rounds(self) -> tuple[Round, ...]:
        return self.state().rounds

    # -- the one way to change the event ---------------------------------------------------------------
    def apply(self, transition: Callable[[EventState], Step], *, backup: str | None = None) -> Change:
        """Run one action: ``transition`` gets the current state and returns the :class:`Step`; the difference
        is stored as one transaction and one undo step named after the action (nothing is written when
        nothing changed). ``backup`` first takes a pre-action backup with that reason."""
        old = self.state()
        return self.commit(old, transition(old), backup=backup)

    def commit(self, old: EventState, step: Step, *, backup: str | None = None) -> Change:
        """Store a step computed from ``old`` (e.g. a pairing computed in a background thread): refused if
        the event changed meanwhile, so that nothing done since is overwritten."""
        if self.state() != old:
            raise StateError(msg("The event changed while this action was being prepared; do it again"))
        what = diff_states(old, step.state)
        if not what.empty:
            if backup is not None:
                self.backup(backup)
            self._cache = None
            with self._repo.action(step.label) as uow:
                store_difference(uow, old, step.state, what)
            self._cache = canonical(step.state)
        return Change.of(step.label, what, step.notes, step.detail)

    # -- registration (rules: core.actions.players) -------------------------------------------------------
    def update_event(self, **changes: Any) -> Change:
        """Change event settings (name, rounds, tie-breaks...)."""
        return self.apply(lambda s: cfg.update_event(s, changes))

    def add_player(self, *, allow_duplicates: bool = False, **fields: Any) -> Change:
        """Register a player; a possible duplicate raises :class:`DuplicatePlayerError` unless
        ``allow_duplicates`` (the arbiter chose "register anyway")."""
        return self.apply(lambda s: reg.add_players(s, [fields], allow_duplicates=allow_duplicates))

    def add_players(self, players: Iterable[Mapping[str, Any]], *, label: Msg | None = None,
                    allow_duplicates: bool = False) -> Change:
        """Register several players in one action (an import): all or nothing."""
        entries = list(players)
        return self.apply(lambda s: reg.add_players(s, entries, allow_duplicates=allow_duplicates,
                                                    label=label))

    def edit_player(self, player_id: int, *, allow_duplicates: bool = False, **changes: Any) -> Change:
        return self.apply(lambda s: reg.edit_player(s, player_id, changes, allow_duplicates=allow_duplicates))

    def edit_players(self, changes: Mapping[int, Mapping[str, Any]], *,
                     label: Msg | None = None) -> Change:
        """Edit several players in one action (a rating list applied): all or nothing, one undo step."""
        return self.apply(lambda s: reg.edit_players(s, changes, label=label))

    def withdraw_player(self, player_id: int, from_round: int, *,
                        forfeit: Outcome | str = Outcome.FORFEIT_LOSS_EXCUSED) -> Change:
        return self.apply(lambda s: reg.withdraw_player(s, player_id, from_round, forfeit))

    def reinstate_player(self, player_id: int) -> Change:
        return self.apply(lambda s: reg.reinstate_player(s, player_id))

    def remove_player(self, player_id: int) -> Change:
        return self.apply(lambda s: reg.remove_player(s, player_id))

    def set_pairing_numbers(self, numbers: Mapping[int, int], *, how: str = "manual") -> Change:
        return self.apply(lambda s: reg.set_pairing_numbers(s, numbers, how))

    def request_bye(self, round_number: int, player_id: int, kind: Outcome | str | None) -> Change:
        """Request (hpb, fpb, zpb) or cancel (None) a bye for a round not paired yet."""
        return self.apply(lambda s: reg.request_bye(s, round_number, player_id, kind))

    def set_forbidden_pair(self, player_a: int, player_b: int, forbidden: bool = True) -> Change:
        return self.apply(lambda s: reg.set_forbidden_pair(s, player_a, player_b, forbidden))

    # -- rounds and results (rules: core.actions.rounds) -----------------------------------------------
    def store_round(self, rnd: Round, *, label: Msg | None = None) -> Change:
        """Store a newly paired round (from an engine or by hand), after a pre-round backup."""
        return self.apply(lambda s: rnds.add_round(s, rnd, label),
                          backup=f"before-round-{rnd.number}")

    def unpair_last_round(self) -> Change:
        return self.apply(rnds.remove_last_round)

    def record_result(self, round_number: int, board: int, result: GameResult | str | None, *,
                      white_points: int | None = None, black_points: int | None = None,
                      replace: bool = False) -> Change:
        """Enter the result of one board; a different result already there needs ``replace``."""
        return self.apply(lambda s: rnds.record_result(s, round_number, board, result, white_points=white_points,
                                                       black_points=black_points, replace=replace))

    def record_results(self, round_number: int, results: Mapping[int, GameResult | str], *,
                       replace: bool = False) -> Change:
        """Enter several boards' results of one round as one action (a results sheet, a file)."""
        return self.apply(lambda s: rnds.record_results(s, round_number, dict(results), replace=replace))

    def record_bye(self, round_number: int, player_id: int, kind: Outcome | str) -> Change:
        return self.apply(lambda s: rnds.record_bye(s, round_number, player_id, kind))

    # -- options ----------------------------------------------------------------------------------------
    def options(self) -> dict[str, str]:
        """The event's options (rule settings of docs/rules.md...), as text."""
        return dict(self.state().options)

    def set_option(self, key: str, value: str | None, *, label: Msg | None = None) -> Change:
        """Store one option (``None`` removes it): one undoable action."""
        return self.apply(lambda s: cfg.set_option(s, key, value, label))

    def meta(self) -> dict[str, str]:
        return self._repo.meta()

    # -- undo -------------------------------------------------------------------------------------------
    def undo(self) -> Change | None:
        return self._journal_step(undo=True)

    def redo(self) -> Change | None:
        return self._journal_step(undo=False)

    def _journal_step(self, *, undo: bool) -> Change | None:
        before = self.state()
        self._cache = None
        entry = self._repo.undo() if undo else self._repo.redo()
        if entry is None:
            return None
        what = diff_states(before, self.state())
        if undo:
            return Change.of(msg("Undo: {label}", label=entry.label), what)
        return Change.of(msg("Redo: {label}", label=entry.label), what)

    def undo_label(self, lang: str = "en") -> str | None:
        done = [e for e in self._repo.journal() if not e.undone]
        if not done:
            return None
        return done[-1].label.text(lang)

    def redo_label(self, lang: str = "en") -> str | None:
        undone = [e for e in self._repo.journal() if e.undone]
        if not undone:
            return None
        return undone[0].label.text(lang)

    # -- audit and backups ---------------------------------------------------------------------------
    @property
    def arbiter(self) -> str:
        return self._repo.arbiter

    def audit_log(self) -> list[AuditEntry]:
        """Every change, undo and redo: when, by which arbiter profile, what."""
        return self._repo.audit_log()

    def backup(self, reason: str) -> Path:
        """A consistent, verified copy of the event in its backups folder (keeps the newest ``keep_backups``).
        Written atomically: a crash leaves no empty or partial backup."""
        if not self.readonly:
            self._repo.check_still_there()
        return take_backup(self.path, reason, keep=self.keep_backups)

    def backups(self) -> list[BackupInfo]:
        return list_backups(self.path)

    def save_copy(self, target: Path | str) -> Path:
        """A consistent copy of the event under another name (the session stays on the original file)."""
        target = Path(target)
        copy_event(self.path, target)
        return target


def restore_event_backup(event_path: Path | str, backup: Path | str) -> Path | None:
    """Replace a closed event by one of its backups. The backup is checked first (a bad one changes nothing);
    the current file is kept beside the event as ``<stem>-replaced-<stamp>.tdesk`` (returned; None when there
    was no current file). Takes the writer lock, so an event open elsewhere is never overwritten."""
    event_path = _real(event_path)
    lock = WriterLock(event_path).acquire() if event_path.exists() else None
    try:
        return _restore_backup(Path(backup), event_path)
    finally:
        if lock is not None:
            lock.release()


def newest_good_backup(event_path: Path | str) -> BackupInfo | None:
    """The newest backup of the event that opens and whose every row is valid: the one to offer when the event
    is damaged (``EventFileDamagedError.backup`` already holds it). None when there is none."""
    return _newest_good_backup(_real(event_path))


def _real(path: Path | str) -> Path:
    """The path with symlinks and ``..`` resolved, so that every spelling of one file shares its backups."""
    return Path(path).expanduser().resolve()


__all__ = ["WRITTEN_WITH", "AuditEntry", "BackupInfo", "Change", "DiskFullError", "EventFileDamagedError",
           "EventFileLockedError", "EventFileVanishedError", "EventSession", "PathTooLongError", "add_open_listener",
           "default_arbiter", "newest_good_backup", "restore_event_backup"]
