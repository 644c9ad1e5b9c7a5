"""One writer per event file: an operating-system lock on ``EVENT.tdesk.lock`` held while the file is open.

The lock is taken with the ``filelock`` library (fcntl/flock on POSIX, msvcrt on Windows), whose locks belong
to the process: when a program crashes or is killed, the operating system releases them, so a stale lock
left by a crash is recovered safely by simply acquiring it again. Beside the lock, ``EVENT.tdesk.owner``
says who holds it (process, computer, since when) so a second instance can explain who has the file open.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import socket
from pathlib import Path

from filelock import FileLock, Timeout

from tournament_desk.core.errors import EventFileError


class EventFileLockedError(EventFileError):
    """The event is open for writing in another instance of the program."""

    code = "locked"

    def __init__(self, path: Path, owner: dict[str, object] | None) -> None:
        who_en = who_fr = ""
        if owner:
            since = str(owner.get("since", ""))[:16].replace("T", " ")
            who_en = f" (process {owner.get('pid')} on {owner.get('host')}, since {since})"
            who_fr = f" (processus {owner.get('pid')} sur {owner.get('host')}, depuis {since})"
        super().__init__(
            f"{path.name} is already open in another tournament_desk{who_en}; open it read-only, "
            "or close the other window first",
            f"{path.name} est déjà ouvert dans un autre tournament_desk{who_fr} ; ouvrez-le en lecture "
            "seule, ou fermez d'abord l'autre fenêtre",
        )
        self.owner = owner


def _lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def _owner_path(path: Path) -> Path:
    return path.with_name(path.name + ".owner")


class WriterLock:
    """Held for as long as an event file is open for writing."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = FileLock(str(_lock_path(path)), timeout=0)

    def acquire(self) -> WriterLock:
        try:
            self._lock.acquire(timeout=0)
        except Timeout:
            raise EventFileLockedError(self.path, read_owner(self.path)) from None
        except OSError as exc:
            raise EventFileError(
                f"Cannot lock {self.path.name} ({exc.strerror}); is the folder read-only?",
                f"Impossible de verrouiller {self.path.name} ({exc.strerror}) ; le dossier est-il en lecture seule ?",
            ) from exc
        owner = {"pid": os.getpid(), "host": socket.gethostname(),
                 "since": dt.datetime.now().isoformat(timespec="seconds")}
        try:
            _owner_path(self.path).write_text(json.dumps(owner), encoding="utf-8")
        except OSError:
            pass  # the owner note is a courtesy; the OS lock is what protects the file
        return self

    def release(self) -> None:
        if self._lock.is_locked:
            _owner_path(self.path).unlink(missing_ok=True)
            self._lock.release()


def read_owner(path: Path) -> dict[str, object] | None:
    try:
        data = json.loads(_owner_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None
