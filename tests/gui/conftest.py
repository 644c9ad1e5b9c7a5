"""GUI tests: QSettings go to a temporary folder, never to the user's."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, qapp) -> None:
    QCoreApplication.setOrganizationName("tournament_desk_tests")
    QCoreApplication.setApplicationName("tournament_desk_tests")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    QSettings().clear()
