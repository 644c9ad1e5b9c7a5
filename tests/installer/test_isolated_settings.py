"""Issue 29 §7: the test suite never touches the user's settings, recent events or Qt's file-dialog history.

tests/conftest.py points the home folder and every per-user folder into a temporary folder before anything reads
them, and Qt's settings paths there too. Here the program's own settings (QSettings of the application, the
recent list the GUI keeps), Qt's file-dialog history and platformdirs' folders are shown to land in it, in this
process and in a subprocess as the CLI tests start one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QCoreApplication, QSettings

TEST_HOME = Path(os.environ["HOME"]).resolve()
if sys.platform == "win32":
    REAL_HOME = Path(os.environ.get("HOMEDRIVE", "C:") + os.environ.get("HOMEPATH", "\\Users")).resolve()
else:
    import pwd

    REAL_HOME = Path(pwd.getpwuid(os.getuid()).pw_dir).resolve()  # the account's home, whatever HOME says


def _inside(path: str | Path, folder: Path) -> bool:
    return Path(path).resolve().is_relative_to(folder)


def test_the_home_folder_of_the_run_is_a_temporary_one() -> None:
    assert TEST_HOME.name.startswith("tdesk-tests-home-") and _inside(TEST_HOME, Path(tempfile.gettempdir()).resolve())
    assert TEST_HOME != REAL_HOME and not _inside(TEST_HOME, REAL_HOME)
    assert Path.home().resolve() == TEST_HOME
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "APPDATA", "LOCALAPPDATA", "TDESK_CONFIG_DIR"):
        assert _inside(os.environ[name], TEST_HOME), name


def test_the_programs_settings_and_recent_list_go_to_the_temporary_home(qapp) -> None:
    QCoreApplication.setOrganizationName("tournament_desk")  # as gui/app.py names them
    QCoreApplication.setApplicationName("tournament_desk")
    settings = QSettings()
    # where it would write, looked at before writing anything (were it the user's file, nothing is changed)
    assert _inside(settings.fileName(), TEST_HOME), settings.fileName()
    assert not _inside(settings.fileName(), REAL_HOME), settings.fileName()
    settings.setValue("recent", ["/venue/open-de-lyon.tdesk"])
    settings.sync()
    assert settings.status() == QSettings.Status.NoError
    assert Path(settings.fileName()).is_file()
    dialogs = QSettings(QSettings.Scope.UserScope, "QtProject")  # Qt's file dialogs: their history and folders
    assert _inside(dialogs.fileName(), TEST_HOME) and not _inside(dialogs.fileName(), REAL_HOME), dialogs.fileName()
    settings.remove("recent")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="platformdirs reads XDG_* on Linux only")
def test_a_subprocess_of_the_tests_sees_the_same_folders(tmp_path: Path) -> None:
    script = ("import json, platformdirs\n"
              "from tournament_desk.services.rating_lists import config_dir\n"
              "print(json.dumps([platformdirs.user_config_dir('tournament-desk'), "
              "platformdirs.user_documents_dir(), str(config_dir())]))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    assert done.returncode == 0, done.stderr
    for folder in json.loads(done.stdout):
        assert _inside(folder, TEST_HOME) and not _inside(folder, REAL_HOME), folder
