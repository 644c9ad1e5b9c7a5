"""The event file's own errors: each names what is wrong and what the user can do, in English and French.

They are :class:`EventFileError` subclasses (a ``TournamentError``), so every caller that already shows an
``EventFileError`` shows them; a GUI that wants to offer something specific (the newest good backup, read-only,
"choose where to save") tests for the subclass.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path

from tournament_desk.core.errors import EventFileError

__all__ = [
    "DiskFullError",
    "EventFileDamagedError",
    "EventFileLockedError",
    "EventFileVanishedError",
    "PathTooLongError",
    "Problem",
]

Problem = tuple[str, str]
"""One thing wrong in a file: (English, French)."""


def _backup_hint(backup: object | None) -> tuple[str, str]:
    if backup is None:
        return ("no good backup of it was found", "aucune bonne sauvegarde n'a été trouvée")
    path = getattr(backup, "path", backup)
    taken = getattr(backup, "taken", None)
    when = f", taken {taken:%Y-%m-%d %H:%M}" if isinstance(taken, dt.datetime) else ""
    when_fr = f", prise le {taken:%d/%m/%Y à %H:%M}" if isinstance(taken, dt.datetime) else ""
    return (f"the newest good backup is {path}{when}: restore it",
            f"la sauvegarde valide la plus récente est {path}{when_fr} : restaurez-la")


class EventFileDamagedError(EventFileError):
    """The file is an event file, but what it holds is damaged: unreadable pages, a missing table, a value of
    the wrong type, a game naming a player who does not exist... ``problems`` names each (at most a few);
    ``backup`` is the newest backup that opens and validates (a :class:`~storage.backup.BackupInfo`), or None."""

    code = "damaged"

    def __init__(self, path: Path, problems: Sequence[Problem], backup: object | None = None) -> None:
        self.path = path
        self.problems = tuple(problems)
        self.backup = backup
        shown = self.problems[:3]
        more_en = f" (and {len(self.problems) - 3} more)" if len(self.problems) > 3 else ""
        more_fr = f" (et {len(self.problems) - 3} autres)" if len(self.problems) > 3 else ""
        hint_en, hint_fr = _backup_hint(backup)
        super().__init__(
            f"{path.name} is damaged: {'; '.join(en for en, _ in shown)}{more_en}. Nothing was changed in it; "
            f"{hint_en}",
            f"{path.name} est endommagé : {' ; '.join(fr for _, fr in shown)}{more_fr}. Rien n'y a été modifié ; "
            f"{hint_fr}",
        )

    def with_backup(self, backup: object | None) -> EventFileDamagedError:
        """The same error, naming ``backup`` as the one to restore."""
        return EventFileDamagedError(self.path, self.problems, backup)


class EventFileLockedError(EventFileError):
    """The event is open for writing in another window or program. ``owner`` says who (``host``, ``pid``,
    ``user``, ``since``) when it could be read. Offer to open it read-only."""

    code = "locked"

    def __init__(self, path: Path, owner: dict[str, object] | None) -> None:
        who_en = who_fr = ""
        if owner:
            since = str(owner.get("since", ""))[:16].replace("T", " ")
            user = owner.get("user")
            by_en = f", user {user}" if user else ""
            by_fr = f", utilisateur {user}" if user else ""
            who_en = f" (process {owner.get('pid')} on {owner.get('host')}{by_en}, since {since})"
            who_fr = f" (processus {owner.get('pid')} sur {owner.get('host')}{by_fr}, depuis {since})"
        super().__init__(
            f"{path.name} is already open for writing in another tournament_desk window{who_en}; open it "
            "read-only, or close the other window first",
            f"{path.name} est déjà ouvert en écriture dans une autre fenêtre de tournament_desk{who_fr} ; "
            "ouvrez-le en lecture seule, ou fermez d'abord l'autre fenêtre",
        )
        self.path = path
        self.owner = owner


class DiskFullError(EventFileError):
    """The disk (or USB stick) is full. The action was not applied; everything entered before it is on disk."""

    code = "disk_full"

    def __init__(self, path: Path | None = None) -> None:
        where = f" ({path.parent})" if path is not None else ""
        super().__init__(
            f"The disk{where} is full; nothing entered so far is lost. Free some space and retry",
            f"Le disque{where} est plein ; rien de ce qui a été saisi n'est perdu. Libérez de la place et "
            "réessayez",
        )
        self.path = path


class EventFileVanishedError(EventFileError):
    """The event file was deleted, moved or replaced while it was open (or its USB stick removed). Nothing was
    written; ``EventSession.relocate(target)`` saves the event elsewhere and continues there."""

    code = "vanished"

    def __init__(self, path: Path) -> None:
        super().__init__(
            f"{path} was moved, renamed or deleted while it was open; nothing was written. Choose where to save "
            "the event: nothing entered so far is lost",
            f"{path} a été déplacé, renommé ou supprimé pendant qu'il était ouvert ; rien n'a été écrit. "
            "Choisissez où enregistrer le tournoi : rien de ce qui a été saisi n'est perdu",
        )
        self.path = path


class PathTooLongError(EventFileError):
    """SQLite opens files whose full path is at most ``limit`` bytes (UTF-8)."""

    code = "path_too_long"

    def __init__(self, path: Path, length: int, limit: int) -> None:
        super().__init__(
            f"The full path of {path.name} is {length} bytes long; the database engine opens paths of at most "
            f"{limit} bytes. Move the file to a folder with a shorter path",
            f"Le chemin complet de {path.name} fait {length} octets ; le moteur de base de données n'ouvre pas "
            f"de chemin de plus de {limit} octets. Déplacez le fichier dans un dossier au chemin plus court",
        )
        self.path = path
