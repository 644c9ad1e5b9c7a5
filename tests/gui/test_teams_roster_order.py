"""A roster's board order changed in the Teams tab (issue 31 item 9: "drag or keys to reorder"): a player moved a
board down with Alt+Down and up with Ctrl+Up, dragged from board 4 (a reserve) to board 1; each move one action and
one undo step (``SetRoster``, as ``teams roster`` on the command line), then the event file read back."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayer, AddTeams
from tournament_desk.core.results import Discipline
from tournament_desk.core.teams.model import TeamRules
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.session import EventSession


def _event(path: Path) -> tuple[EventSession, list[int]]:
    session = EventSession.create(path, Event.for_discipline(
        "Interclubs Bretagne", Discipline.CHESS, system=PairingSystem.ROUND_ROBIN, rounds=1,
        team=TeamRules(boards=3, rating_boards=3)))
    names = ["Le Goff", "Tanguy", "Kerbrat", "Morvan", "Guillou", "Le Bihan", "Riou", "Quéré"]
    ids = [session.run(AddPlayer(surname=name, first_name="Yann", ratings=(("fide", 2150 - 40 * i),))).ids[0]
           for i, name in enumerate(names)]
    session.run(AddTeams([{"name": "Brest", "members": ids[0:4]}, {"name": "Quimper", "members": ids[4:8]}]))
    return session, ids


def _surnames(session: EventSession, team: str) -> list[str]:
    state = session.state()
    members = next(t for t in state.teams if t.name == team).members
    return [state.player(p).surname for p in members]


def _native(keys: str) -> str:
    return QKeySequence(keys).toString(QKeySequence.SequenceFormat.NativeText)


@pytest.mark.filterwarnings("ignore:Function.*QDrag.*deprecated:DeprecationWarning")
def test_keys_and_drag_reorder_a_roster_one_step_each(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "interclubs.tdesk"
    session, _ids = _event(path)
    window = MainWindow(session, lang="en", interactive=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.tabs.setCurrentWidget(window.teams)
    tab = window.teams
    view = tab.roster_view
    assert [tab.teams_model.row_object(r).name for r in range(2)] == ["Brest", "Quimper"]
    tab.teams_view.setCurrentIndex(tab.teams_model.index(0, 1))
    assert tab.roster_model.rowCount() == 4
    # the keys are shown where a person looks for them (as the platform writes them: ⌘↑ on a Mac): the buttons'
    # tips and the roster's context menu
    up, down, alt_up = _native("Ctrl+Up"), _native("Ctrl+Down"), _native("Alt+Up")
    assert up in tab.up_button.toolTip() and alt_up in tab.up_button.toolTip()
    assert down in tab.down_button.toolTip() and "drag" in tab.down_button.toolTip()
    menu = [a.text() for a in view.actions()]
    assert menu[0] == f"Board &up\t{up} or {alt_up}" and menu[1] == f"Board do&wn\t{down} or {_native('Alt+Down')}"

    # Alt+Down on board 1: Le Goff goes to board 2, and the chosen row follows him
    view.setFocus()
    view.setCurrentIndex(tab.roster_model.index(0, 1))
    QTest.keyClick(view, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert _surnames(session, "Brest") == ["Tanguy", "Le Goff", "Kerbrat", "Morvan"]
    assert view.currentIndex().row() == 1
    assert session.undo_label("en") == "Roster of Brest: 4 player(s)"
    # Ctrl+Up brings him back: two moves, two undo steps
    QTest.keyClick(view, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
    assert _surnames(session, "Brest") == ["Le Goff", "Tanguy", "Kerbrat", "Morvan"]
    window.undo()
    assert _surnames(session, "Brest") == ["Tanguy", "Le Goff", "Kerbrat", "Morvan"]
    window.undo()
    assert _surnames(session, "Brest") == ["Le Goff", "Tanguy", "Kerbrat", "Morvan"]
    # Ctrl+Up on board 1 and Alt+Down on the last board change nothing (no step)
    view.setCurrentIndex(tab.roster_model.index(0, 1))
    QTest.keyClick(view, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
    assert session.undo_label("en") == "Add 2 teams"

    # the reserve (board 4) dragged onto board 1: the mouse pressed on his row and moved starts Qt's drag, which
    # the platform ends with a drop on the row under the mouse (its events delivered here as the platform does)
    viewport = view.viewport()
    start = view.visualRect(tab.roster_model.index(3, 1)).center()
    end = view.visualRect(tab.roster_model.index(0, 1)).center()
    dragged: list[bytes] = []

    def platform_drag(data: QMimeData) -> None:
        dragged.append(bytes(data.data("application/x-tournament-desk-roster-row").data()))
        move, left, none = Qt.DropAction.MoveAction, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
        for event in (QDragEnterEvent(end, move, data, left, none), QDragMoveEvent(end, move, data, left, none),
                      QDropEvent(end.toPointF(), move, data, left, none)):
            QApplication.sendEvent(viewport, event)

    view.drag = platform_drag  # type: ignore[method-assign]
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for step in range(1, 6):
        QTest.mouseMove(viewport, start + QPoint(0, -step * 8))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    assert len(dragged) == 1 and dragged[0].endswith(b":3")  # Qt started the drag of row 4
    qtbot.waitUntil(lambda: _surnames(session, "Brest")[0] == "Morvan")
    assert _surnames(session, "Brest") == ["Morvan", "Le Goff", "Tanguy", "Kerbrat"]
    assert view.currentIndex().row() == 0
    assert tab.roster_model.data(tab.roster_model.index(3, 0)) == "reserve"  # Kerbrat is now the reserve
    assert session.undo_label("en") == "Roster of Brest: 4 player(s)"
    # a drag that comes from another roster (another window's) is not taken
    other = QMimeData()
    other.setData("application/x-tournament-desk-roster-row", b"1:2")
    refused = QDropEvent(end.toPointF(), Qt.DropAction.MoveAction, other, Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, refused)
    assert not refused.isAccepted()
    qtbot.wait(20)
    assert _surnames(session, "Brest") == ["Morvan", "Le Goff", "Tanguy", "Kerbrat"]
    window.close()
    session.close()

    with EventSession.open(path, readonly=True) as again:
        assert _surnames(again, "Brest") == ["Morvan", "Le Goff", "Tanguy", "Kerbrat"]
        assert _surnames(again, "Quimper") == ["Guillou", "Le Bihan", "Riou", "Quéré"]
        assert again.undo_label("en") == "Roster of Brest: 4 player(s)"  # the drag's step, in the file's journal
