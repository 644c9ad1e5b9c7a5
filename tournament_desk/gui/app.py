"""Start the GUI: ``tournament-desk`` with no argument (the start screen: new event, open, recent events) or with
an event file (that event; a missing, damaged, locked or foreign file gives one message and the start screen).
Nothing is created until the arbiter asks for it."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QLocale, QSettings
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from tournament_desk.gui.i18n import install_qt_translator
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.resources import app_icon_paths


def default_language() -> str:
    """The language chosen in the program (Help > Language), else the system's (French or English)."""
    saved = QSettings().value("language")
    if saved in ("fr", "en"):
        return str(saved)
    return "fr" if QLocale.system().name().startswith("fr") else "en"


def run_gui(event_path: str | None = None) -> int:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setOrganizationName("tournament_desk")
    app.setApplicationName("tournament_desk")
    app.setDesktopFileName("tournament-desk")  # matches installer/tournament-desk.desktop on Linux
    icon = QIcon()
    for icon_file in app_icon_paths():
        icon.addFile(str(icon_file))
    app.setWindowIcon(icon)
    lang = default_language()
    install_qt_translator(lang)
    window = MainWindow(None, lang=lang)
    geometry = QSettings().value("geometry")
    if geometry is not None:
        window.restoreGeometry(geometry)
    window.show()
    if event_path is not None:
        window.open_path(Path(event_path))
    return int(app.exec())
