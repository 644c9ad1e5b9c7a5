"""GUI tests: QSettings go to a temporary folder, never to the user's."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, qapp) -> Iterator[None]:
    QCoreApplication.setOrganizationName("tournament_desk_tests")
    QCoreApplication.setApplicationName("tournament_desk_tests")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    QSettings().clear()
    yield
    # back to the run's temporary home (tests/conftest.py), where the tests after this one expect them
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      os.path.join(os.environ["HOME"], "qt-settings"))


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user's home for a test that starts the program: Documents, an arbiter's name, the program's own
    settings names, English (test files that need another home define their own ``home``)."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(tmp_path / "Documents"))
    monkeypatch.setenv("TDESK_ARBITER", "Claire Arbitre")
    (tmp_path / "Documents").mkdir()
    QCoreApplication.setOrganizationName("tournament_desk")
    QCoreApplication.setApplicationName("tournament_desk")
    QSettings().setValue("language", "en")
    return tmp_path
