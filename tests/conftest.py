"""Shared test set-up: Qt runs headless, the user's settings are never touched, and helpers to make event files."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator

# Issue 29 §7: the tests never read or write the user's own settings, recent events or Qt's file-dialog history.
# Before anything reads them (platformdirs, QStandardPaths, QSettings: Qt keeps the folders it found at first use),
# the home folder and every per-user folder point into one temporary folder for the whole run; subprocesses (the
# CLI, the bundle) inherit it. Caches (pip, PyInstaller) stay where they were: they are not settings.
REAL_HOME = os.path.expanduser("~")
TEST_HOME = tempfile.mkdtemp(prefix="tdesk-tests-home-")
os.environ.setdefault("XDG_CACHE_HOME", os.path.join(REAL_HOME, ".cache"))
for _name, _sub in (("HOME", ""), ("USERPROFILE", ""), ("XDG_CONFIG_HOME", ".config"),
                    ("XDG_DATA_HOME", os.path.join(".local", "share")),
                    ("XDG_STATE_HOME", os.path.join(".local", "state")),
                    ("XDG_DOCUMENTS_DIR", "Documents"), ("APPDATA", os.path.join("AppData", "Roaming")),
                    ("LOCALAPPDATA", os.path.join("AppData", "Local")), ("TDESK_CONFIG_DIR", "tdesk-config")):
    os.environ[_name] = os.path.join(TEST_HOME, _sub) if _sub else TEST_HOME
# Headless, on a laptop's screen of 1366×768, the smallest the program is made for (issue 29 item 6: every dialog
# fits it); tests/run.sh asks for plain "offscreen", which gets the same screen.
if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
    os.environ["QT_QPA_PLATFORM"] = "offscreen:configfile=" + os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "data", "screens", "1366x768.json")
os.environ.setdefault("TDESK_LANG", "en")
# Issue 22: a fast path of the pairing engine that fails where it must not raises instead of handing over
# silently (core/pairing/fastpaths.py); subprocesses started by the tests inherit it.
os.environ.setdefault("TDESK_STRICT_ENGINE", "1")

from pathlib import Path  # noqa: E402  (after the folders above are set)

import pytest  # noqa: E402  (after the folders above are set)

from tournament_desk.core.model import Event, PairingSystem  # noqa: E402  (after the folders above are set)
from tournament_desk.core.results import Discipline  # noqa: E402  (after the folders above are set)
from tournament_desk.services.session import EventSession  # noqa: E402  (after the folders above are set)

DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True, scope="session")
def settings_in_a_temporary_folder() -> Iterator[None]:
    """Qt's settings, for the whole run, in the temporary home: QSettings() in INI format (on Windows and macOS
    the native format is the registry and CFPreferences, which no environment variable moves) and the native
    format too (Qt's file dialogs keep their history in QSettings(UserScope, "QtProject"), native format). Set
    before any test touches a setting; tests/gui/conftest.py gives each GUI test a folder of its own on top."""
    if "PySide6" in sys.modules or _qt_available():
        from PySide6.QtCore import QSettings

        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        for scope, folder in ((QSettings.Scope.UserScope, "qt-settings"),
                              (QSettings.Scope.SystemScope, "qt-settings-system")):
            for kind in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
                QSettings.setPath(kind, scope, os.path.join(TEST_HOME, folder))
    yield
    shutil.rmtree(TEST_HOME, ignore_errors=True)


def _qt_available() -> bool:
    try:
        import PySide6.QtCore  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.fixture
def event_path(tmp_path: Path) -> Path:
    return tmp_path / "event.tdesk"


@pytest.fixture
def chess_session(event_path: Path):
    event = Event.for_discipline("Test Open", Discipline.CHESS, system=PairingSystem.DUTCH, rounds=5)
    session = EventSession.create(event_path, event)
    yield session
    session.close()


@pytest.fixture
def draughts_session(tmp_path: Path):
    event = Event.for_discipline("Championnat", Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN, rounds=7)
    session = EventSession.create(tmp_path / "dames.tdesk", event)
    yield session
    session.close()


_EXIT_STATUS: list[int] = []


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _EXIT_STATUS.append(int(exitstatus))


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """Leave without the interpreter's teardown once pytest has reported: PySide6 can abort there
    ("shared QObject was deleted directly", then malloc_consolidate) while destroying the GUI tests' Qt objects
    after every test passed, which turned a green run into exit code 134. The exit status is pytest's own."""
    if _EXIT_STATUS and "PySide6" in sys.modules:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_EXIT_STATUS[-1])
