"""The Teams tab of a team event (issue 31 item 9): a team typed and its roster built and reordered by keys, the
teams numbered, a round paired, line-ups typed board by board in the match's dialog (Enter on the match), results
typed on the keyboard home team first, the team standings; then the event file read back."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayer, AddTeams
from tournament_desk.core.results import Discipline
from tournament_desk.core.teams.model import TeamRules
from tournament_desk.gui.dialogs.lineup_dialog import LineupDialog
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.session import EventSession


def _open_lineups(qtbot: QtBot, window: MainWindow, row: int) -> LineupDialog:
    """The match of ``row`` chosen in the Teams tab, Enter: its line-up dialog, shown, the cursor in a board's
    field."""
    tab = window.teams
    before = set(window.findChildren(LineupDialog))
    tab.matches_view.setCurrentIndex(tab.matches_model.index(row, 1))
    QTest.keyClick(tab.matches_view, Qt.Key.Key_Return)
    (dialog,) = set(window.findChildren(LineupDialog)) - before
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), QLineEdit))
    return dialog


def _type(*texts: str) -> None:
    """Type each text in the field that has the keyboard focus (its text replaced), then Tab to the next one."""
    for text in texts:
        field = QApplication.focusWidget()
        assert isinstance(field, QLineEdit), field
        field.selectAll()
        QTest.keyClicks(field, text)
        QTest.keyClick(field, Qt.Key.Key_Tab)


def test_a_team_event_in_the_window(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "equipes.tdesk"
    session = EventSession.create(path, Event.for_discipline(
        "Coupe 2 échiquiers", Discipline.CHESS, system=PairingSystem.ROUND_ROBIN, rounds=1,
        team=TeamRules(boards=2, rating_boards=2)))
    ids = [session.run(AddPlayer(surname=f"Joueur{i}", ratings=(("fide", 2000 - 10 * i),))).ids[0]
           for i in range(1, 10)]
    session.run(AddTeams([{"name": "Rois", "members": ids[0:2]}, {"name": "Dames", "members": ids[2:4]},
                          {"name": "Tours", "members": ids[4:6]}]))
    window = MainWindow(session, lang="fr", interactive=False)
    qtbot.addWidget(window)
    tab = window.teams
    assert window.tabs.isTabVisible(window.tabs.indexOf(tab))
    assert tab.teams_model.rowCount() == 3
    # a fourth team typed, its roster built from the players in no team, then reordered with Ctrl+Up
    tab.team_name.setText("Fous")
    tab.add_team_button.click()
    assert tab.teams_model.rowCount() == 4 and tab.current_team().name == "Fous"  # type: ignore[union-attr]
    for _ in range(3):
        tab.free_players.setCurrentIndex(0)
        tab.join_button.click()
    fous = next(t for t in session.state().teams if t.name == "Fous")
    assert fous.members == tuple(ids[6:9])
    tab.roster_view.setCurrentIndex(tab.roster_model.index(2, 1))
    QTest.keyClick(tab.roster_view, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
    fous = session.state().team(fous.id)
    assert fous.members == (ids[6], ids[8], ids[7])
    assert session.undo_label("en") == "Roster of Fous: 3 player(s)"
    tab.number_button.click()
    tab.pair_button.click()
    state = session.state()
    assert state.last_round == 1 and tab.matches_model.rowCount() == 2
    # line-ups in the match's dialog (Enter on the match), typed by roster number: the first match's home team
    # alone first; then the away team puts its second player on board 1 (out of order: refused, the dialog stays
    # open and nothing changes), then its roster order
    match = state.matches_in(1)[0]
    dialog = _open_lineups(qtbot, window, 0)
    assert dialog.windowTitle() == "Compositions : ronde 1, match 1"
    _type("1", "2")
    assert QApplication.focusWidget() is dialog.sides[1].fields[0]  # Tab: on to the away team's board 1
    dialog.save_button.click()
    assert not dialog.isVisible()
    assert session.state().lineup(1, match.home) is not None and session.state().lineup(1, match.away) is None
    assert session.undo_label("fr") == f"Composition de {state.team(match.home).name}, ronde 1"
    dialog = _open_lineups(qtbot, window, 0)
    assert QApplication.focusWidget() is dialog.sides[1].fields[0]  # the team still without a line-up
    assert [f.text() for f in dialog.sides[0].fields] == ["1", "2"]  # the home line-up as saved
    _type("2", "1")
    assert "ordre de force" in dialog.problem_label.text()
    dialog.save_button.click()
    assert dialog.isVisible() and session.state().lineup(1, match.away) is None
    dialog.sides[1].fields[0].setFocus()
    _type("1", "2")
    assert dialog.problem_label.text() == ""
    dialog.save_button.click()
    assert not dialog.isVisible()
    assert session.state().lineup(1, match.away) is not None
    # results by keyboard, home team first: board 1 won by the home player, board 2 drawn
    tab.boards_view.setFocus()
    tab.boards_view.setCurrentIndex(tab.boards_model.index(0, 3))
    QTest.keyClick(tab.boards_view, "1")
    QTest.keyClick(tab.boards_view, "=")
    score = tab.current_score()
    assert score is not None and score.finished and (score.home, score.away) == (1.5, 0.5)
    rows = tab.standings_rows()
    assert rows[0].team.id == match.home and rows[0].match_points == 2.0
    assert session.undo_label("fr").startswith("Ronde 1, ") and "échiquier 2" in session.undo_label("fr")
    window.close()
    session.close()
    with EventSession.open(path, readonly=True) as again:
        state = again.state()
    assert len(state.teams) == 4 and len(state.lineups) == 2
    home = state.lineup(1, match.home)
    assert home is not None
    game = next(g for g in state.round(1).games if g.board == 1)
    assert game.white_id == home.players[0] and game.result is not None and game.result.value == "1-0"
