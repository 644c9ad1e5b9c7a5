"""One writer per event file: an operating-system lock on the event file itself, keyed by device and inode.

Design (issue 23):

* **What is locked.** One byte of the event file's *lock-byte page* (offset ``0x40000400``), through a file
  descriptor the lock opens for itself. SQLite never reads, writes or locks that byte (its own locks use the
  first 512 bytes of that page, and it never stores data on it), so the writer lock and SQLite's locks never
  interfere. Because the lock is on the file, the operating system keys it by device and inode: the same file
  reached through a symlink, a hard link, ``..``, another drive letter spelling or a network path is the same
  lock. On Linux and Windows no lock file is created, so nothing is left beside the event after a clean close
  — or after a crash (macOS and the BSDs: see *Other POSIX systems*).
* **How.** Linux: an open-file-description lock (``F_OFD_SETLK``) — unlike classic POSIX locks it is not lost
  when SQLite closes one of its own descriptors of the same file, and two sessions of one process exclude each
  other. Windows: ``msvcrt.locking`` on the same byte (locks belong to the handle). Other POSIX systems (macOS,
  the BSDs: Python has no ``F_OFD_SETLK`` there): see *Other POSIX systems* below.
* **Crash.** The operating system drops the lock when the process dies, so a stale lock is taken over simply by
  acquiring it; the WAL left by the crash is recovered by SQLite on the next open.
* **Who holds it.** Once the lock is held, the writer records ``{host, pid, user, since}`` in the event's own
  ``meta`` table (key ``lock:writer``, written through the session's connection, removed at close). A refused
  writer reads it through a read-only connection and :class:`EventFileLockedError` says who has the file, since
  when. The record is informative only: the OS lock decides; a record left by a crash is overwritten by the next writer,
  and backups and copies never carry it.
* **Other POSIX systems.** Neither kind of lock they offer can be held on the event file itself: a whole-file
  ``flock`` shares one lock list with ``fcntl`` record locks on macOS and the BSDs, so it refuses SQLite's own
  record locks taken through SQLite's descriptors, in the same process (every write: "database is locked"); a
  classic record lock belongs to the process and is dropped when *any* descriptor of the file closes, which
  SQLite does whenever another connection of the process closes (a WAL-mode connection holds no lock on the
  database file between transactions). So the writer lock there is a ``flock`` on a hidden file beside the event,
  ``.<name>.writer-lock``, named from the event's resolved path (one file has one such name: a file with
  several hard links is refused at open), taken with the usual check that the locked file is still the one the
  name points to, and removed at release; a crash leaves it behind, unlocked, and the next writer reuses it.
  ``flock`` belongs to the open file description, so two sessions of one process exclude each other there too.
  (tests/storage/test_lock_platforms.py runs this path, and a fake of the Windows one, on Linux.)
"""

from __future__ import annotations

import datetime as dt
import errno
import getpass
import json
import os
import socket
import sqlite3
import struct
import sys
from pathlib import Path

from tournament_desk.core.errors import EventFileError
from tournament_desk.core.messages import msg
from tournament_desk.storage.connection import Identity, connect, when_unused
from tournament_desk.storage.errors import EventFileLockedError
from tournament_desk.storage.validate import LOCK_META_PREFIX

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

__all__ = ["LOCK_OFFSET", "OWNER_KEY", "EventFileLockedError", "WriterLock", "read_owner"]

LOCK_OFFSET = 0x40000000 + 0x400
"""SQLite's PENDING_BYTE (0x40000000) starts the lock-byte page; SQLite uses its first 512 bytes."""
OWNER_KEY = LOCK_META_PREFIX + "writer"
_BUSY = {errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK, getattr(errno, "EDEADLOCK", errno.EDEADLK)}


def _lock(fd: int) -> None:
    """Windows, and Linux (open-file-description locks): one byte of the event file itself."""
    if sys.platform == "win32":
        os.lseek(fd, LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        return
    # struct flock {short l_type; short l_whence; off_t l_start; off_t l_len; pid_t l_pid;} (pid 0 for OFD)
    fcntl.fcntl(fd, fcntl.F_OFD_SETLK, struct.pack("@hhqqi4x", fcntl.F_WRLCK, os.SEEK_SET, LOCK_OFFSET, 1, 0))


def _unlock(fd: int) -> None:
    if sys.platform == "win32":
        os.lseek(fd, LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    fcntl.fcntl(fd, fcntl.F_OFD_SETLK, struct.pack("@hhqqi4x", fcntl.F_UNLCK, os.SEEK_SET, LOCK_OFFSET, 1, 0))


class WriterLock:
    """Held for as long as an event file is open for writing. ``identity`` is the locked file's
    ``(st_dev, st_ino)``: the session compares it with the path's before each write to notice a file that was
    moved, deleted or replaced while open."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self._side: int | None = None  # other POSIX systems: the locked descriptor of the file beside the event
        self.identity: tuple[int, int] | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> WriterLock:
        if self._fd is not None:
            return self
        try:
            fd = os.open(self.path, os.O_RDWR | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            raise EventFileError(msg("The file {path} does not exist", path=self.path)) from None
        except OSError as exc:
            raise EventFileError(
                msg("Cannot open {name} for writing ({strerror}); is the file or its folder read-only?",
                    name=self.path.name, strerror=exc.strerror)) from exc
        try:
            if _uses_sidecar():
                self._side = _lock_sidecar(self.path)
            else:
                _lock(fd)
        except OSError as exc:
            st = os.fstat(fd)
            _close_when_safe(fd, (st.st_dev, st.st_ino))
            if exc.errno in _BUSY:
                raise EventFileLockedError(self.path, read_owner(self.path)) from None
            raise EventFileError(
                msg("Cannot lock {name} ({strerror})", name=self.path.name, strerror=exc.strerror)) from exc
        st = os.fstat(fd)
        self._fd, self.identity = fd, (st.st_dev, st.st_ino)
        return self

    def owner_record(self) -> str:
        """Who holds the lock, as the JSON the event's meta table keeps under :data:`OWNER_KEY`."""
        return json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "user": _user(),
                           "since": dt.datetime.now().isoformat(timespec="seconds")})

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        side, self._side = self._side, None
        if side is not None:
            _unlock_sidecar(self.path, side)
        else:
            try:
                _unlock(fd)
            except OSError:
                pass  # closing the descriptor releases it anyway
        _close_when_safe(fd, self.identity)


def _uses_sidecar() -> bool:
    """POSIX without open-file-description locks (macOS, the BSDs): the lock is a ``flock`` beside the event."""
    return sys.platform != "win32" and not hasattr(fcntl, "F_OFD_SETLK")


def sidecar_path(path: Path) -> Path:
    """The hidden file whose ``flock`` is the writer lock on other POSIX systems (see the module)."""
    real = Path(os.path.realpath(path))
    return real.with_name(f".{real.name}.writer-lock")


def _lock_sidecar(path: Path) -> int:
    side = sidecar_path(path)
    for _attempt in range(20):
        fd = os.open(side, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            st = os.fstat(fd)
            try:
                now = os.stat(side)
            except FileNotFoundError:
                now = None
        except OSError:
            os.close(fd)
            raise
        if now is not None and (now.st_dev, now.st_ino) == (st.st_dev, st.st_ino):
            return fd
        os.close(fd)  # its holder removed or replaced it between our open and our lock: lock the current one
    raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN))


def _unlock_sidecar(path: Path, fd: int) -> None:
    """Remove the file while still holding its lock (a writer waiting on it sees it is gone and locks the new
    one), then close the descriptor, which releases the lock."""
    try:
        side = sidecar_path(path)
        st, now = os.fstat(fd), os.stat(side)
        if (now.st_dev, now.st_ino) == (st.st_dev, st.st_ino):
            side.unlink()
    except OSError:
        pass  # already gone, or the folder became read-only: a stale unlocked file is harmless
    finally:
        os.close(fd)


def _close_when_safe(fd: int, identity: Identity | None) -> None:
    """Close the lock's descriptor. POSIX drops every SQLite lock of this process on a file when any descriptor
    of that file is closed: the descriptor is therefore closed only once no connection of this process is open
    on the file; until then it is kept (already unlocked) and closed right after the last connection's close
    (:func:`~tournament_desk.storage.connection.when_unused`)."""
    if sys.platform == "win32" or identity is None:
        os.close(fd)
        return
    when_unused(identity, lambda: os.close(fd))


def _user() -> str:
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return ""


def read_owner(path: Path) -> dict[str, object] | None:
    """Who holds the writer lock, as recorded in the file (None when unknown)."""
    try:
        conn = connect(path, "ro", timeout=1.0)
    except EventFileError:
        return None
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (OWNER_KEY,)).fetchone()
        data = json.loads(row[0]) if row and isinstance(row[0], str) else None
    except (sqlite3.Error, ValueError, RecursionError):
        return None
    finally:
        conn.close()
    return data if isinstance(data, dict) else None

