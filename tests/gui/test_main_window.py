"""The main window over a real event file (headless, offscreen)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tournament_desk.core.model import Bye, Game, Round
from tournament_desk.core.results import Outcome
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.session import EventSession


def _window(qtbot: QtBot, session: EventSession, lang: str = "en") -> MainWindow:
    window = MainWindow(session, lang=lang)
    qtbot.addWidget(window)
    return window


def test_tabs_and_players(qtbot: QtBot, draughts_session: EventSession, tmp_path: Path) -> None:
    for name in ("Alpha", "Bravo", "Charlie"):
        draughts_session.add_player(surname=name, ratings=(("ffjd", 1500),))
    window = _window(qtbot, draughts_session)
    assert [window.tabs.tabText(i) for i in range(4)] == ["Registration", "Pairings", "Results", "Standings"]
    assert window.players_proxy.rowCount() == 3
    window.player_filter.setText("brav")
    assert window.players_proxy.rowCount() == 1
    assert "Championnat" in window.windowTitle() and "dames.tdesk" in window.windowTitle()
    assert "No round paired yet" in window.statusBar().currentMessage()
    window.grab().save(str(tmp_path / "main.png"))
    assert (tmp_path / "main.png").stat().st_size > 0


def test_rounds_status_and_undo(qtbot: QtBot, draughts_session: EventSession) -> None:
    for name in ("Alpha", "Bravo", "Charlie"):
        draughts_session.add_player(surname=name)
    draughts_session.store_round(Round(1, (Game(1, 1, 1, 2),), (Bye(1, 3, Outcome.PAIRING_BYE),)))
    window = _window(qtbot, draughts_session)
    assert window.pairings_model.rowCount() == 1
    assert "1 result(s) missing" in window.statusBar().currentMessage()
    draughts_session.record_result(1, 1, "2-0")
    window.refresh()
    assert window.results_model.index(0, 2).data() == "2-0"
    assert "complete" in window.statusBar().currentMessage()
    assert window.undo_action.isEnabled() and "Alpha-Bravo" in window.undo_action.text()
    window.undo_action.trigger()
    assert window.results_model.index(0, 2).data() == ""
    assert window.redo_action.isEnabled()
    standings = [window.standings_model.index(r, 1).data() for r in range(3)]
    assert len(standings) == 3


def test_french_interface(qtbot: QtBot, draughts_session: EventSession) -> None:
    window = _window(qtbot, draughts_session, lang="fr")
    assert window.tabs.tabText(0) == "Inscriptions" and window.tabs.tabText(3) == "Classement"
    window.set_language("en")
    assert window.tabs.tabText(0) == "Registration"
