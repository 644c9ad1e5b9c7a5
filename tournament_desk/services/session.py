"""The event session facade: every user action on an event file, each one transaction with its undo record.

The GUI, the CLI and the tests all go through :class:`EventSession`, so validation and undo behave the same
everywhere. Each action returns a :class:`Change` saying what changed, so a screen refreshes only what it must.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import getpass
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tournament_desk import __version__
from tournament_desk.core.errors import NotFoundError, ResultError, StateError, ValidationError
from tournament_desk.core.model import Bye, Event, EventState, Game, Player, Round
from tournament_desk.core.results import GameResult, Outcome, format_game_result, parse_bye, parse_game_result
from tournament_desk.storage import repository as repo
from tournament_desk.storage.backup import DEFAULT_KEEP, BackupInfo, copy_event, list_backups, take_backup
from tournament_desk.storage.backup import newest_good_backup as _newest_good_backup
from tournament_desk.storage.backup import restore_backup as _restore_backup
from tournament_desk.storage.db import check_writable, create_event_file, inspect_file, prepare_event_file
from tournament_desk.storage.errors import (
    DiskFullError,
    EventFileDamagedError,
    EventFileLockedError,
    EventFileVanishedError,
    PathTooLongError,
)
from tournament_desk.storage.lock import WriterLock
from tournament_desk.storage.repository import AuditEntry
from tournament_desk.storage.rescue import rescue_event


@dataclass(frozen=True, slots=True)
class Change:
    """What an action changed: ``scope`` is one of event / players / rounds / results / all."""

    scope: str
    label_en: str
    label_fr: str
    ids: tuple[int, ...] = ()

    def label(self, lang: str = "en") -> str:
        return self.label_fr if lang == "fr" else self.label_en


_PLAYER_FIELDS = {f.name for f in dataclasses.fields(Player)} - {"id"}


def default_arbiter() -> str:
    """The arbiter profile recorded in the audit log: ``TDESK_ARBITER``, else the system user name."""
    name = os.environ.get("TDESK_ARBITER", "").strip()
    if name:
        return name
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

    # -- opening --------------------------------------------------------------------------------------
    @classmethod
    def create(cls, path: Path | str, event: Event, *, arbiter: str | None = None) -> EventSession:
        """Create a new event file holding ``event`` and no players."""
        path = _real(path)
        create_event_file(path)
        lock: WriterLock | None = None
        try:
            lock = WriterLock(path).acquire()
            repository = repo.Repository(path, arbiter=arbiter or default_arbiter(), identity=lock.identity)
            session = cls(path, repository, lock)
            try:
                with repository.action("Create event", "Créer le tournoi") as uow:
                    repo.write_event(uow, event, create=True)
                    repo.write_meta(uow, "created_with", f"tournament_desk {__version__}")
                # Creating the event is not something to undo: clear its journal entry.
                repository.clear_journal()
                session.state()
                lock.write_owner()
                repository.adopt_own_write()
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
            repository = repo.Repository(path, readonly=readonly, arbiter=arbiter or default_arbiter(),
                                         identity=lock.identity if lock else None)
            session = cls(path, repository, lock)
            try:
                session.state()  # every row checked now, with a clear message, rather than at the first action
                if lock is not None:
                    lock.write_owner()
                    repository.adopt_own_write()
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
        return session

    def close(self) -> None:
        """Close the file: the lock's owner record is removed, the WAL folded back into the file (when no other
        window has it open) and the lock released — nothing is left beside the event."""
        if self._lock is not None:
            self._lock.clear_owner()
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
        self.path, self._repo, self._lock = fresh.path, fresh._repo, fresh._lock
        return target

    @property
    def readonly(self) -> bool:
        return self._repo.readonly

    # -- reading ----------------------------------------------------------------------------------------
    def state(self) -> EventState:
        return self._repo.load_state()

    @property
    def event(self) -> Event:
        return self.state().event

    def players(self) -> tuple[Player, ...]:
        return self.state().players

    def rounds(self) -> tuple[Round, ...]:
        return self.state().rounds

    # -- event settings -------------------------------------------------------------------------------------
    def update_event(self, **changes: Any) -> Change:
        """Change event settings (name, rounds, tie-breaks...)."""
        state = self.state()
        event = dataclasses.replace(state.event, **changes)
        if event.rounds < state.last_round:
            raise StateError(
                f"Cannot set {event.rounds} rounds: round {state.last_round} is already paired",
                f"Impossible de fixer {event.rounds} rondes : la ronde {state.last_round} est déjà appariée",
            )
        if state.rounds and event.system != state.event.system:
            raise StateError("The pairing system cannot change once round 1 is paired",
                             "Le système d'appariement ne peut plus changer une fois la ronde 1 appariée")
        with self._repo.action("Edit event settings", "Modifier les paramètres du tournoi") as uow:
            repo.write_event(uow, event, create=False)
        return Change("event", "Edit event settings", "Modifier les paramètres du tournoi")

    # -- registration ---------------------------------------------------------------------------------------
    def add_player(self, **fields: Any) -> Change:
        """Register a player. Refuses duplicates (same licence id, or same name and birth date)."""
        unknown = set(fields) - _PLAYER_FIELDS
        if unknown:
            raise ValidationError(f"Unknown player field(s): {', '.join(sorted(unknown))}",
                                  f"Champ(s) de joueur inconnu(s) : {', '.join(sorted(unknown))}")
        player = Player(id=0, **fields)
        state = self.state()
        _check_duplicate(player, state.players)
        if state.rounds and state.event.system.is_round_robin:
            raise StateError("A round robin cannot take a late entry once round 1 is paired",
                             "Un toutes-rondes n'accepte plus d'inscription une fois la ronde 1 appariée")
        name = player.name
        label_en, label_fr = f"Add player {name}", f"Inscrire {name}"
        with self._repo.action(label_en, label_fr) as uow:
            new_id = repo.write_player(uow, player, create=True)
        return Change("players", label_en, label_fr, (new_id,))

    def add_players(self, players: Iterable[dict[str, Any]], *, label: tuple[str, str] | None = None) -> Change:
        """Register several players in one action (an import): all or nothing."""
        state = self.state()
        known = list(state.players)
        new: list[Player] = []
        for fields in players:
            player = Player(id=0, **fields)
            _check_duplicate(player, known)
            known.append(player)
            new.append(player)
        label_en, label_fr = label or (f"Import {len(new)} players", f"Importer {len(new)} joueurs")
        with self._repo.action(label_en, label_fr) as uow:
            ids = tuple(repo.write_player(uow, p, create=True) for p in new)
        return Change("players", label_en, label_fr, ids)

    def edit_player(self, player_id: int, **changes: Any) -> Change:
        unknown = set(changes) - _PLAYER_FIELDS
        if unknown:
            raise ValidationError(f"Unknown player field(s): {', '.join(sorted(unknown))}",
                                  f"Champ(s) de joueur inconnu(s) : {', '.join(sorted(unknown))}")
        state = self.state()
        current = state.player(player_id)
        if "pairing_number" in changes and state.rounds and changes["pairing_number"] != current.pairing_number:
            raise StateError(
                "Pairing numbers are frozen once round 1 is paired",
                "Les numéros d'appariement sont figés une fois la ronde 1 appariée",
            )
        updated = dataclasses.replace(current, **changes)
        _check_duplicate(updated, [p for p in state.players if p.id != player_id])
        label_en, label_fr = f"Edit player {updated.name}", f"Modifier {updated.name}"
        with self._repo.action(label_en, label_fr) as uow:
            repo.write_player(uow, updated, create=False)
        return Change("players", label_en, label_fr, (player_id,))

    def edit_players(self, changes: dict[int, dict[str, Any]], *, label: tuple[str, str] | None = None) -> Change:
        """Edit several players in one action (a rating list applied): all or nothing, one undo step."""
        state = self.state()
        updated: list[Player] = []
        for player_id, fields in changes.items():
            unknown = set(fields) - _PLAYER_FIELDS
            if unknown:
                raise ValidationError(f"Unknown player field(s): {', '.join(sorted(unknown))}",
                                      f"Champ(s) de joueur inconnu(s) : {', '.join(sorted(unknown))}")
            if "pairing_number" in fields and state.rounds:
                raise StateError("Pairing numbers are frozen once round 1 is paired",
                                 "Les numéros d'appariement sont figés une fois la ronde 1 appariée")
            updated.append(dataclasses.replace(state.player(player_id), **fields))
        others = {p.id: p for p in state.players}
        for p in updated:
            others[p.id] = p
        for p in updated:
            _check_duplicate(p, [o for o in others.values() if o.id != p.id])
        label_en, label_fr = label or (f"Edit {len(updated)} players", f"Modifier {len(updated)} joueurs")
        with self._repo.action(label_en, label_fr) as uow:
            for p in updated:
                repo.write_player(uow, p, create=False)
        return Change("players", label_en, label_fr, tuple(changes))

    def withdraw_player(self, player_id: int, from_round: int, *,
                        forfeit: Outcome | str = Outcome.FORFEIT_LOSS_EXCUSED) -> Change:
        """The player takes no part from ``from_round`` on (results already played are kept).

        In a round robin the grid does not change: his remaining games become ``forfeit`` (0fe or 0fne,
        the arbiter's choice, seed 000 §6.4).
        """
        state = self.state()
        player = state.player(player_id)
        forfeit = Outcome(forfeit)
        if from_round < 1 or from_round > state.event.rounds + 1:
            raise ValidationError(f"Round {from_round} does not exist in this event",
                                  f"La ronde {from_round} n'existe pas dans ce tournoi")
        for rnd in state.rounds:
            if rnd.number >= from_round and isinstance(rnd.entry_of(player_id), Game) and not \
                    state.event.system.is_round_robin:
                raise StateError(
                    f"{player.name} is already paired in round {rnd.number}; enter that result or unpair first",
                    f"{player.name} est déjà apparié à la ronde {rnd.number} ; saisissez ce résultat "
                    "ou annulez l'appariement d'abord",
                )
        label_en = f"Withdraw {player.name} from round {from_round}"
        label_fr = f"Retirer {player.name} à partir de la ronde {from_round}"
        with self._repo.action(label_en, label_fr) as uow:
            repo.write_player(uow, dataclasses.replace(player, withdrawn_from_round=from_round,
                                                       withdrawal_forfeit=forfeit), create=False)
        return Change("players", label_en, label_fr, (player_id,))

    def reinstate_player(self, player_id: int) -> Change:
        player = self.state().player(player_id)
        label_en, label_fr = f"Reinstate {player.name}", f"Réintégrer {player.name}"
        with self._repo.action(label_en, label_fr) as uow:
            repo.write_player(uow, dataclasses.replace(player, withdrawn_from_round=None), create=False)
        return Change("players", label_en, label_fr, (player_id,))

    def remove_player(self, player_id: int) -> Change:
        """Delete a registration; refused once the player appears in a round (withdraw instead)."""
        state = self.state()
        player = state.player(player_id)
        for rnd in state.rounds:
            if rnd.entry_of(player_id) is not None:
                raise StateError(
                    f"{player.name} already appears in round {rnd.number}: withdraw the player instead",
                    f"{player.name} figure déjà dans la ronde {rnd.number} : retirez le joueur plutôt",
                )
        label_en, label_fr = f"Delete player {player.name}", f"Supprimer {player.name}"
        with self._repo.action(label_en, label_fr) as uow:
            repo.delete_player(uow, player_id)
        return Change("players", label_en, label_fr, (player_id,))

    def set_pairing_numbers(self, numbers: dict[int, int], *, how: str = "manual") -> Change:
        """Assign pairing numbers (a permutation of 1..n); frozen once round 1 is paired."""
        state = self.state()
        if state.rounds:
            raise StateError("Pairing numbers are frozen once round 1 is paired",
                             "Les numéros d'appariement sont figés une fois la ronde 1 appariée")
        ids = {p.id for p in state.players}
        if set(numbers) != ids or sorted(numbers.values()) != list(range(1, len(ids) + 1)):
            raise ValidationError(
                f"Pairing numbers must give each of the {len(ids)} players one number from 1 to {len(ids)}",
                f"Les numéros doivent donner à chacun des {len(ids)} joueurs un numéro de 1 à {len(ids)}",
            )
        label_en, label_fr = f"Assign pairing numbers ({how})", f"Attribuer les numéros ({how})"
        with self._repo.action(label_en, label_fr) as uow:
            for p in state.players:
                repo.write_player(uow, dataclasses.replace(p, pairing_number=numbers[p.id]), create=False)
            repo.write_meta(uow, "pairing_numbers_method", how)
        return Change("players", label_en, label_fr, tuple(numbers))

    def number_late_entries(self, players: Iterable[Player]) -> Change:
        """Give late entries the next free pairing numbers, in the order given (existing numbers never move)."""
        state = self.state()
        taken = [p.pairing_number for p in state.players if p.pairing_number is not None]
        next_number = max(taken, default=0) + 1
        label_en, label_fr = "Number late entries", "Numéroter les inscriptions tardives"
        ids = []
        with self._repo.action(label_en, label_fr) as uow:
            for p in players:
                current = state.player(p.id)
                if current.pairing_number is not None:
                    continue
                repo.write_player(uow, dataclasses.replace(current, pairing_number=next_number), create=False)
                ids.append(p.id)
                next_number += 1
        return Change("players", label_en, label_fr, tuple(ids))

    # -- rounds and results -----------------------------------------------------------------------------------
    def store_round(self, rnd: Round, *, label: tuple[str, str] | None = None) -> Change:
        """Store a newly paired round (from an engine or a manual pairing). Rounds are stored in order."""
        state = self.state()
        if rnd.number != state.last_round + 1:
            raise StateError(
                f"Round {rnd.number} cannot be paired: the next round is {state.last_round + 1}",
                f"La ronde {rnd.number} ne peut pas être appariée : la suivante est la {state.last_round + 1}",
            )
        if rnd.number > state.event.rounds:
            raise StateError(f"The event has only {state.event.rounds} rounds",
                             f"Le tournoi n'a que {state.event.rounds} rondes")
        seen: set[int] = set()
        known = {p.id for p in state.players}
        for pid in [x for g in rnd.games for x in g.players()] + [b.player_id for b in rnd.byes]:
            if pid not in known:
                raise NotFoundError(f"No player with id {pid}", f"Aucun joueur avec l'identifiant {pid}")
            if pid in seen:
                raise StateError(f"Player {pid} appears twice in round {rnd.number}",
                                 f"Le joueur {pid} apparaît deux fois dans la ronde {rnd.number}")
            seen.add(pid)
        label_en, label_fr = label or (f"Pair round {rnd.number}", f"Apparier la ronde {rnd.number}")
        self.backup(f"before-round-{rnd.number}")
        with self._repo.action(label_en, label_fr) as uow:
            repo.write_round(uow, rnd)
        return Change("rounds", label_en, label_fr, (rnd.number,))

    def unpair_last_round(self) -> Change:
        state = self.state()
        if not state.rounds:
            raise StateError("No round is paired yet", "Aucune ronde n'est encore appariée")
        number = state.last_round
        label_en, label_fr = f"Unpair round {number}", f"Annuler l'appariement de la ronde {number}"
        with self._repo.action(label_en, label_fr) as uow:
            repo.delete_round(uow, number)
        return Change("rounds", label_en, label_fr, (number,))

    def record_result(self, round_number: int, board: int, result: GameResult | str | None, *,
                      white_points: int | None = None, black_points: int | None = None,
                      replace: bool = False) -> Change:
        """Enter the result of one board, in the discipline's notation; ``None`` clears it.

        A board that already has a different result is refused unless ``replace`` (a correction the
        arbiter confirmed): two results for one board are never taken silently.
        """
        state = self.state()
        rnd = state.round(round_number)
        game = rnd.game(board)
        if isinstance(result, str) and not isinstance(result, GameResult):
            result = parse_game_result(result, state.event.discipline)
        if game.result is not None and result is not None and result is not game.result and not replace:
            shown_old = format_game_result(game.result, state.event.discipline)
            shown_new = format_game_result(result, state.event.discipline)
            raise StateError(
                f"Round {round_number} board {board} already has {shown_old}; confirm to replace it by {shown_new}",
                f"La table {board} de la ronde {round_number} a déjà {shown_old} ; confirmez pour le remplacer "
                f"par {shown_new}",
            )
        if (white_points is None) != (black_points is None):
            raise ResultError("Give both players' game points, or neither",
                              "Donnez les points de partie des deux joueurs, ou d'aucun")
        if white_points is not None and black_points is not None:
            if white_points < 0 or black_points < 0:
                raise ResultError("Game points cannot be negative", "Les points de partie ne peuvent être négatifs")
            if result is not None and result.is_played:
                expected = (GameResult.WHITE_WIN if white_points > black_points else
                            GameResult.BLACK_WIN if black_points > white_points else GameResult.DRAW)
                if expected is not result:
                    raise ResultError(
                        f"Board {board}: the game points {white_points}-{black_points} contradict the result",
                        f"Table {board} : les points {white_points}-{black_points} contredisent le résultat",
                    )
        white, black = state.player(game.white_id), state.player(game.black_id)
        shown = format_game_result(result, state.event.discipline) if result else "—"
        label_en = f"Result round {round_number} board {board}: {white.surname}-{black.surname} {shown}"
        label_fr = f"Résultat ronde {round_number} table {board} : {white.surname}-{black.surname} {shown}"
        updated = dataclasses.replace(game, result=result, white_points=white_points, black_points=black_points)
        with self._repo.action(label_en, label_fr) as uow:
            repo.set_game_result(uow, updated)
        return Change("results", label_en, label_fr, (round_number, board))

    def record_bye(self, round_number: int, player_id: int, kind: Outcome | str) -> Change:
        """Give an unpaired player a bye-type outcome for a paired round (half-point bye, absence...)."""
        state = self.state()
        rnd = state.round(round_number)
        kind = kind if isinstance(kind, Outcome) else parse_bye(kind)
        if not kind.is_bye:
            raise ResultError(f"'{kind}' is not a bye", f"« {kind} » n'est pas une exemption")
        entry = rnd.entry_of(player_id)
        player = state.player(player_id)
        if isinstance(entry, Game):
            raise ResultError(
                f"{player.name} plays on board {entry.board} in round {round_number}: enter a game result",
                f"{player.name} joue à la table {entry.board} de la ronde {round_number} : saisissez un résultat",
            )
        label_en = f"Round {round_number}: {player.name} {kind.value}"
        label_fr = f"Ronde {round_number} : {player.name} {kind.value}"
        with self._repo.action(label_en, label_fr) as uow:
            repo.set_bye(uow, Bye(round_number, player_id, kind))
        return Change("results", label_en, label_fr, (round_number, player_id))

    # -- undo -------------------------------------------------------------------------------------------
    def undo(self) -> Change | None:
        entry = self._repo.undo()
        if entry is None:
            return None
        return Change("all", f"Undo: {entry.label_en}", f"Annuler : {entry.label_fr}")

    def redo(self) -> Change | None:
        entry = self._repo.redo()
        if entry is None:
            return None
        return Change("all", f"Redo: {entry.label_en}", f"Rétablir : {entry.label_fr}")

    def undo_label(self, lang: str = "en") -> str | None:
        done = [e for e in self._repo.journal() if not e.undone]
        if not done:
            return None
        return done[-1].label_fr if lang == "fr" else done[-1].label_en

    def redo_label(self, lang: str = "en") -> str | None:
        undone = [e for e in self._repo.journal() if e.undone]
        if not undone:
            return None
        return undone[0].label_fr if lang == "fr" else undone[0].label_en

    def meta(self) -> dict[str, str]:
        return self._repo.meta()

    def options(self) -> dict[str, str]:
        """Event options stored as text (``option:<key>`` in the file's meta table): rule readings, top-cut
        settings... Each feature documents its keys and parses its own values."""
        prefix = "option:"
        return {k[len(prefix):]: v for k, v in self._repo.meta().items() if k.startswith(prefix)}

    def set_option(self, key: str, value: str, *, label: tuple[str, str] | None = None) -> Change:
        """Store one option (one undoable action)."""
        if not key or len(key) > 56 or not all(c.isalnum() or c in "._-" for c in key):
            raise ValidationError(f"Invalid option name '{key}'", f"Nom d'option invalide « {key} »")
        label_en, label_fr = label or (f"Set {key} = {value}", f"Régler {key} = {value}")
        with self._repo.action(label_en, label_fr) as uow:
            repo.write_meta(uow, f"option:{key}", value)
        return Change("event", label_en, label_fr)

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


__all__ = ["AuditEntry", "BackupInfo", "Change", "DiskFullError", "EventFileDamagedError", "EventFileLockedError",
           "EventFileVanishedError", "EventSession", "PathTooLongError", "default_arbiter", "newest_good_backup",
           "restore_event_backup"]


def _check_duplicate(player: Player, others: Iterable[Player]) -> None:
    for other in others:
        if player.pairing_number is not None and other.pairing_number == player.pairing_number:
            raise ValidationError(
                f"Pairing number {player.pairing_number} is already {other.name}'s",
                f"Le numéro d'appariement {player.pairing_number} est déjà celui de {other.name}",
            )
        if player.licence_id and other.licence_id == player.licence_id:
            raise ValidationError(
                f"Licence {player.licence_id} is already registered ({other.name})",
                f"La licence {player.licence_id} est déjà inscrite ({other.name})",
            )
        if (player.birth_date and player.birth_date == other.birth_date
                and player.surname.casefold() == other.surname.casefold()
                and player.first_name.casefold() == other.first_name.casefold()):
            raise ValidationError(
                f"{player.name}, born {player.birth_date}, is already registered",
                f"{player.name}, né(e) le {player.birth_date}, est déjà inscrit(e)",
            )


def today() -> dt.date:
    return dt.date.today()
