"""The event file's own errors: each names what is wrong and what the user can do (catalogue messages).

They are :class:`EventFileError` subclasses (a ``TournamentError``), so every caller that already shows an
``EventFileError`` shows them; a GUI that wants to offer something specific (the newest good backup, read-only,
"choose where to save") tests for the subclass.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from tournament_desk.core.errors import EventFileError
from tournament_desk.core.formatting import format_datetime
from tournament_desk.core.messages import Formatted, Msg, listing, msg

__all__ = [
    "DiskFullError",
    "EventFileDamagedError",
    "EventFileLockedError",
    "EventFileVanishedError",
    "PathTooLongError",
    "Problem",
]

Problem = Msg
"""One thing wrong in a file (a catalogue message)."""


def _backup_hint(backup: object | None) -> Msg:
    if backup is None:
        return msg("no good backup of it was found")
    path = getattr(backup, "path", backup)
    taken = getattr(backup, "taken", None)
    if isinstance(taken, dt.datetime):
        return msg("the newest good backup is {path}, taken {when}: restore it", path=path,
                   when=Formatted(taken, partial(format_datetime, seconds=False)))
    return msg("the newest good backup is {path}: restore it", path=path)


class EventFileDamagedError(EventFileError):
    """The file is an event file, but what it holds is damaged: unreadable pages, a missing table, a value of
    the wrong type, a game naming a player who does not exist... ``problems`` names each (at most a few);
    ``backup`` is the newest backup that opens and validates (a :class:`~storage.backup.BackupInfo`), or None."""

    code = "damaged"

    def __init__(self, path: Path, problems: Sequence[Problem], backup: object | None = None) -> None:
        self.path = path
        self.problems = tuple(problems)
        self.backup = backup
        shown = listing(self.problems[:3], "; ")
        hint = _backup_hint(backup)
        if len(self.problems) > 3:
            super().__init__(msg("{name} is damaged: {problems} (and {more} more). Nothing was changed in it; "
                                 "{hint}", name=path.name, problems=shown, more=len(self.problems) - 3, hint=hint))
        else:
            super().__init__(msg("{name} is damaged: {problems}. Nothing was changed in it; {hint}", name=path.name,
                                 problems=shown, hint=hint))

    def with_backup(self, backup: object | None) -> EventFileDamagedError:
        """The same error, naming ``backup`` as the one to restore."""
        return EventFileDamagedError(self.path, self.problems, backup)


class EventFileLockedError(EventFileError):
    """The event is open for writing in another window or program. ``owner`` says who (``host``, ``pid``,
    ``user``, ``since``) when it could be read. Offer to open it read-only."""

    code = "locked"

    def __init__(self, path: Path, owner: dict[str, object] | None) -> None:
        if owner:
            since = str(owner.get("since", ""))[:16].replace("T", " ")
            user = owner.get("user")
            if user:
                who = msg("process {pid} on {host}, user {user}, since {since}", pid=owner.get("pid"),
                          host=owner.get("host"), user=user, since=since)
            else:
                who = msg("process {pid} on {host}, since {since}", pid=owner.get("pid"), host=owner.get("host"),
                          since=since)
            message = msg("{name} is already open for writing in another tournament_desk window ({who}); open it "
                          "read-only, or close the other window first", name=path.name, who=who)
        else:
            message = msg("{name} is already open for writing in another tournament_desk window; open it "
                          "read-only, or close the other window first", name=path.name)
        super().__init__(message)
        self.path = path
        self.owner = owner


class DiskFullError(EventFileError):
    """The disk (or USB stick) is full. The action was not applied; everything entered before it is on disk."""

    code = "disk_full"

    def __init__(self, path: Path | None = None) -> None:
        if path is not None:
            super().__init__(msg("The disk ({folder}) is full; nothing entered so far is lost. Free some space and "
                                 "retry", folder=path.parent))
        else:
            super().__init__(msg("The disk is full; nothing entered so far is lost. Free some space and retry"))
        self.path = path


class EventFileVanishedError(EventFileError):
    """The event file was deleted, moved or replaced while it was open (or its USB stick removed). Nothing was
    written; ``EventSession.relocate(target)`` saves the event elsewhere and continues there."""

    code = "vanished"

    def __init__(self, path: Path) -> None:
        super().__init__(msg("{path} was moved, renamed or deleted while it was open; nothing was written. Choose "
                             "where to save the event: nothing entered so far is lost", path=path))
        self.path = path


class PathTooLongError(EventFileError):
    """SQLite opens files whose full path is at most ``limit`` bytes (UTF-8)."""

    code = "path_too_long"

    def __init__(self, path: Path, length: int, limit: int) -> None:
        super().__init__(msg("The full path of {name} is {length} bytes long; the database engine opens paths of "
                             "at most {limit} bytes. Move the file to a folder with a shorter path", name=path.name,
                             length=length, limit=limit))
        self.path = path
