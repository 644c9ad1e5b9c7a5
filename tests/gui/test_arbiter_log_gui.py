"""The arbiter's log in the window (issue 33 item 4): a result corrected after the next round was paired asks for
its reason in a dialog; Cancel stores nothing; the reason is in the event file's log and the History dialog."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tournament_desk.core.arbiter_log import PublishedKind
from tournament_desk.core.model import Event
from tournament_desk.core.operations import AddPlayers, RecordResult
from tournament_desk.core.results import Discipline, GameResult
from tournament_desk.gui.dialogs.lists import HistoryDialog
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventSession


def _two_rounds(tmp_path: Path) -> EventSession:
    session = EventSession.create(tmp_path / "open.tdesk", Event.for_discipline("Open", Discipline.CHESS, rounds=5))
    session.run(AddPlayers([{"surname": f"Player{i}", "ratings": (("fide", 2100 - 20 * i),)} for i in range(6)]))
    pair_next(session)
    for game in session.state().round(1).games:
        session.run(RecordResult(1, game.board, GameResult.WHITE_WIN))
    pair_next(session)
    return session


def test_a_correction_asks_its_reason(qtbot: QtBot, tmp_path: Path) -> None:
    session = _two_rounds(tmp_path)
    window = MainWindow(session, lang="en", interactive=False)
    qtbot.addWidget(window)
    window.tabs.setCurrentIndex(2)
    results = window.results
    results.round.setCurrentIndex(results.round.findData(1))
    results.view.setCurrentIndex(results.model.index(0, 2))
    logged = len(session.audit_log())
    window.reason_answers = [None]  # the arbiter cancels the reason dialog
    assert not results.record(GameResult.BLACK_WIN, confirm=True)
    dialog = window.last_reason_dialog
    assert dialog is not None and "result corrected after the next round was paired" in dialog.summary.text().lower()
    assert "FIDE C.04.2" in dialog.summary.text()
    assert session.state().round(1).games[0].result is GameResult.WHITE_WIN and len(session.audit_log()) == logged
    window.reason_answers = ["Both score sheets say 0-1"]
    results.view.setCurrentIndex(results.model.index(0, 2))
    assert results.record(GameResult.BLACK_WIN, confirm=True)
    with EventSession.open(tmp_path / "open.tdesk", readonly=True) as reader:  # what the file holds
        assert reader.state().round(1).games[0].result is GameResult.BLACK_WIN
        entry = reader.audit_log()[-1]
    assert (entry.reason, entry.changed) == ("Both score sheets say 0-1", (PublishedKind.RESULT,))
    history = HistoryDialog(window, window._t, session.audit_log())
    qtbot.addWidget(history)
    header = [history.model.headerData(c, Qt.Orientation.Horizontal) for c in range(history.model.columnCount())]
    newest = {name: history.model.index(0, c).data() for c, name in enumerate(header)}
    assert newest["Reason"] == "Both score sheets say 0-1"
    assert newest["Rules"] == "FIDE C.04.2"
    assert newest["Change to a published round"] == "result corrected after the next round was paired"
