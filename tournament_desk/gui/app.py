"""Start the GUI: ``tournament-desk`` with no argument, or with an event file."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QLocale, QSettings
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from tournament_desk.core.errors import TournamentError
from tournament_desk.core.model import Event
from tournament_desk.core.results import Discipline
from tournament_desk.gui.i18n import install_qt_translator
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.resources import app_icon_paths
from tournament_desk.services.paths import new_event_path
from tournament_desk.services.session import EventSession


def default_language() -> str:
    saved = QSettings().value("language")
    if saved in ("fr", "en"):
        return str(saved)
    return "fr" if QLocale.system().name().startswith("fr") else "en"


def open_or_create(path: str | None, lang: str) -> EventSession:
    """The file given, or a new event file in the user's documents folder."""
    if path is not None:
        return EventSession.open(Path(path))
    target = new_event_path()
    name = "Nouveau tournoi" if lang == "fr" else "New event"
    return EventSession.create(target, Event.for_discipline(name, Discipline.CHESS))


def run_gui(path: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    app.setOrganizationName("tournament_desk")
    app.setApplicationName("tournament_desk")
    app.setDesktopFileName("tournament-desk")  # matches installer/tournament-desk.desktop on Linux
    icon = QIcon()
    for path in app_icon_paths():
        icon.addFile(str(path))
    app.setWindowIcon(icon)
    lang = default_language()
    install_qt_translator(lang)
    try:
        session = open_or_create(path, lang)
    except TournamentError as exc:
        QMessageBox.critical(None, "tournament_desk", exc.message(lang))
        return 5
    window = MainWindow(session, lang=lang)
    geometry = QSettings().value("geometry")
    if geometry is not None:
        window.restoreGeometry(geometry)
    window.show()
    return int(app.exec())
