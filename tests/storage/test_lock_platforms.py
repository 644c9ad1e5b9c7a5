"""Issue 32 §3: the writer lock's paths for the systems this machine is not, run here.

* **Other POSIX systems** (macOS, the BSDs: Python's ``fcntl`` has no ``F_OFD_SETLK`` there). The path is forced
  on Linux by handing ``storage/lock.py`` an ``fcntl`` without the OFD constant. Neither lock those systems offer
  can be held on the event file itself: a whole-file ``flock`` shares one lock list with ``fcntl`` record locks
  there and refuses SQLite's own locks from the same process; a record lock belongs to the process and is
  dropped when another connection of the process closes (shown below with real record locks: Linux keeps that
  POSIX rule). So the lock is a ``flock`` on a hidden file beside the event, which takes no lock at all on the
  event file (another process can lock every byte of it meanwhile).
* **Windows.** ``msvcrt`` is replaced by a fake with its documented semantics: ``locking`` locks ``nbytes`` from
  the descriptor's current position; a lock belongs to the handle, and a second handle (even in the same
  process) is refused with ``EACCES``; only the handle that locked may unlock; closing the handle releases its
  locks.
"""

from __future__ import annotations

import errno
import fcntl
import os
import subprocess
import sys
import textwrap
import types
from pathlib import Path

import pytest

from tournament_desk.core.model import Event
from tournament_desk.core.operations import AddPlayer
from tournament_desk.services.session import EventFileLockedError, EventSession
from tournament_desk.storage import lock as lock_module
from tournament_desk.storage.connection import connect
from tournament_desk.storage.lock import LOCK_OFFSET, WriterLock, sidecar_path


def _event(path: Path) -> Path:
    with EventSession.create(path, Event(name="Verrou", rounds=5)) as session:
        session.run(AddPlayer(surname="Dupont"))
    return path


# -- other POSIX systems: a flock beside the event ----------------------------------------------------------

_WITHOUT_OFD = ("flock", "lockf", "LOCK_EX", "LOCK_NB", "LOCK_UN", "LOCK_SH", "F_SETLK", "F_GETLK", "F_WRLCK",
                "F_UNLCK", "F_RDLCK", "fcntl")


@pytest.fixture
def other_posix(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``fcntl`` of macOS as far as the lock is concerned: no open-file-description locks."""
    monkeypatch.setattr(lock_module, "fcntl", types.SimpleNamespace(**{n: getattr(fcntl, n) for n in _WITHOUT_OFD}))


CHILD = textwrap.dedent("""
    import fcntl, os, sys, types
    from tournament_desk.storage import lock as lock_module
    lock_module.fcntl = types.SimpleNamespace(**{{n: getattr(fcntl, n) for n in {names!r}}})
    from tournament_desk.services.session import EventFileLockedError, EventSession
    try:
        session = EventSession.open(sys.argv[1])
    except EventFileLockedError as exc:
        print("REFUSED", exc.owner.get("pid") if exc.owner else None, flush=True)
        sys.exit(0)
    print("OPEN", flush=True)
    sys.stdin.readline()
    session.close()
""").format(names=_WITHOUT_OFD)


def _child(path: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", CHILD, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)


def _lock_refused_elsewhere(path: Path, start: int = LOCK_OFFSET, length: int = 1) -> bool:
    """Is a POSIX write lock on ``length`` bytes from ``start`` refused to another process? (0: the whole file.)"""
    code = textwrap.dedent(f"""
        import fcntl, os, sys
        fd = os.open(sys.argv[1], os.O_RDWR)
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, {length}, {start}, os.SEEK_SET)
        except OSError:
            print("REFUSED")
        else:
            print("GRANTED")
    """)
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip() == "REFUSED"


@pytest.mark.usefixtures("other_posix")
def test_other_posix_one_writer_per_file_even_in_one_process(tmp_path: Path) -> None:
    path = _event(tmp_path / "open.tdesk")
    first = WriterLock(path).acquire()
    assert sidecar_path(path) == tmp_path.resolve() / ".open.tdesk.writer-lock"
    with pytest.raises(EventFileLockedError):  # a second session of this process
        WriterLock(path).acquire()
    (tmp_path / "link.tdesk").symlink_to(path)
    (tmp_path / "sub").mkdir()
    with pytest.raises(EventFileLockedError):  # the same file under another name is the same lock
        WriterLock(tmp_path / "sub" / ".." / "link.tdesk").acquire()
    # no lock of ours is on the event file: another process may lock every byte of it (SQLite's included)
    assert not _lock_refused_elsewhere(path, 0, 0)
    first.release()
    assert not sidecar_path(path).exists()
    WriterLock(path).acquire().release()


@pytest.mark.usefixtures("other_posix")
def test_other_posix_sessions_write_and_read_and_leave_nothing(tmp_path: Path) -> None:
    path = _event(tmp_path / "open.tdesk")
    writer = EventSession.open(path)
    with pytest.raises(EventFileLockedError) as refused:
        EventSession.open(path)
    assert refused.value.owner is not None and refused.value.owner["pid"] == os.getpid()
    reader = EventSession.open(path, readonly=True)
    writer.run(AddPlayer(surname="Martin"))
    assert reader.has_changed() and len(reader.state().players) == 2
    reader.close()
    writer.run(AddPlayer(surname="Bernard"))
    holder = _child(path)  # another process is still refused after the reader's connection closed
    assert holder.stdout is not None and holder.stdout.readline().split()[0] == "REFUSED"
    holder.wait()
    writer.close()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "backups") == ["open.tdesk"]


@pytest.mark.usefixtures("other_posix")
def test_other_posix_another_process_is_refused_and_a_crash_frees_the_lock(tmp_path: Path) -> None:
    path = _event(tmp_path / "open.tdesk")
    holder = _child(path)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "OPEN"
    try:
        with pytest.raises(EventFileLockedError) as refused:
            EventSession.open(path)
        assert refused.value.owner is not None and refused.value.owner["pid"] == holder.pid
    finally:
        holder.kill()  # a crash: the system drops the process's locks; the hidden file stays, unlocked
        holder.wait()
    assert sidecar_path(path).exists()
    with EventSession.open(path) as session:  # taken over
        session.run(AddPlayer(surname="Reprise"))
        other = _child(path)
        assert other.stdout is not None
        line = other.stdout.readline().split()
        other.wait()
        assert line == ["REFUSED", str(os.getpid())]
    assert not sidecar_path(path).exists()


def test_why_not_a_record_lock_on_the_event_file(tmp_path: Path) -> None:
    """What rules out the classic POSIX record lock: another connection of the process closing drops it (SQLite
    closes its descriptor, and POSIX drops every record lock of the process on that file)."""
    path = _event(tmp_path / "open.tdesk")
    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, LOCK_OFFSET, os.SEEK_SET)
        assert _lock_refused_elsewhere(path)
        connect(path, "ro").close()
        assert not _lock_refused_elsewhere(path)  # gone
    finally:
        os.close(fd)


# -- Windows: msvcrt.locking, locks per handle ---------------------------------------------------------------


class FakeMsvcrt:
    """``msvcrt.locking`` as documented for ``_locking``: ``nbytes`` from the current position of ``fd``; the
    non-blocking modes fail at once with EACCES when any handle holds an overlapping region (the same handle
    too); an unlock must name a region this handle locked; a closed handle's locks are released."""

    LK_UNLCK, LK_LOCK, LK_NBLCK, LK_RLCK, LK_NBRLCK = 0, 1, 2, 3, 4

    def __init__(self) -> None:
        self.regions: dict[tuple[int, int], list[tuple[int, int, int]]] = {}  # file -> (start, end, fd)
        self.calls: list[tuple[int, int, int]] = []

    def _file(self, fd: int) -> tuple[int, int]:
        st = os.fstat(fd)
        return (st.st_dev, st.st_ino)

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        start = os.lseek(fd, 0, os.SEEK_CUR)
        end = start + nbytes
        self.calls.append((fd, mode, start))
        held = self.regions.setdefault(self._file(fd), [])
        if mode == self.LK_UNLCK:
            if (start, end, fd) not in held:
                raise PermissionError(errno.EACCES, "Permission denied")
            held.remove((start, end, fd))
            return
        if any(s < end and start < e for s, e, _fd in held):
            raise PermissionError(errno.EACCES, "Permission denied")
        held.append((start, end, fd))

    def closed(self, fd: int) -> None:
        for held in self.regions.values():
            held[:] = [r for r in held if r[2] != fd]

    def held(self) -> list[tuple[int, int, int]]:
        return [r for held in self.regions.values() for r in held]


@pytest.fixture
def windows_lock(monkeypatch: pytest.MonkeyPatch) -> FakeMsvcrt:
    fake = FakeMsvcrt()
    real_close = os.close

    def close(fd: int) -> None:
        fake.closed(fd)
        real_close(fd)

    fake_os = types.SimpleNamespace(**{name: getattr(os, name) for name in dir(os) if not name.startswith("__")})
    fake_os.close = close
    monkeypatch.setattr(lock_module, "msvcrt", fake, raising=False)
    monkeypatch.setattr(lock_module, "sys", types.SimpleNamespace(platform="win32"))
    monkeypatch.setattr(lock_module, "os", fake_os)
    return fake


def test_windows_lock_is_one_byte_per_handle(tmp_path: Path, windows_lock: FakeMsvcrt) -> None:
    path = _event(tmp_path / "open.tdesk")  # created under the fake too: locked and unlocked
    del windows_lock.calls[:]
    first = WriterLock(path).acquire()
    assert windows_lock.held() == [(LOCK_OFFSET, LOCK_OFFSET + 1, first._fd)]
    with pytest.raises(EventFileLockedError):  # a second handle, in the same process
        WriterLock(path).acquire()
    assert len(windows_lock.held()) == 1  # the refused handle was closed and holds nothing
    first.release()
    assert windows_lock.held() == []
    assert [(mode, start) for _fd, mode, start in windows_lock.calls] == [
        (FakeMsvcrt.LK_NBLCK, LOCK_OFFSET), (FakeMsvcrt.LK_NBLCK, LOCK_OFFSET), (FakeMsvcrt.LK_UNLCK, LOCK_OFFSET)]


def test_windows_lock_sessions_and_a_crashed_handle(tmp_path: Path, windows_lock: FakeMsvcrt) -> None:
    path = _event(tmp_path / "open.tdesk")
    writer = EventSession.open(path)
    with pytest.raises(EventFileLockedError) as refused:
        EventSession.open(path)
    assert refused.value.owner is not None and refused.value.owner["pid"] == os.getpid()
    with EventSession.open(path, readonly=True) as reader:
        writer.run(AddPlayer(surname="Martin"))
        assert len(reader.state().players) == 2
    writer.close()
    assert windows_lock.held() == []
    # A handle closed without unlocking (the process died): Windows releases its locks; the next writer gets in.
    crashed = WriterLock(path).acquire()
    assert crashed._fd is not None
    os.close(crashed._fd)
    windows_lock.closed(crashed._fd)
    with EventSession.open(path) as session:
        session.run(AddPlayer(surname="Reprise"))
        assert len(session.state().players) == 3


def test_the_fake_keeps_windows_rules(tmp_path: Path, windows_lock: FakeMsvcrt) -> None:
    path = _event(tmp_path / "open.tdesk")
    a = os.open(path, os.O_RDWR)
    b = os.open(path, os.O_RDWR)
    try:
        os.lseek(a, 100, os.SEEK_SET)
        windows_lock.locking(a, FakeMsvcrt.LK_NBLCK, 10)
        os.lseek(b, 105, os.SEEK_SET)
        with pytest.raises(PermissionError):  # overlapping, another handle
            windows_lock.locking(b, FakeMsvcrt.LK_NBLCK, 1)
        os.lseek(b, 100, os.SEEK_SET)
        with pytest.raises(PermissionError):  # only the handle that locked may unlock
            windows_lock.locking(b, FakeMsvcrt.LK_UNLCK, 10)
        os.lseek(b, 110, os.SEEK_SET)
        windows_lock.locking(b, FakeMsvcrt.LK_NBLCK, 1)  # the next byte is free
    finally:
        lock_module.os.close(a)
        lock_module.os.close(b)
    assert windows_lock.held() == []
