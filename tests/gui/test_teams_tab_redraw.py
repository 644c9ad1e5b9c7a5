"""A board result in the Teams tab redraws what it changed only (issue 31 item 10: a result under 50 ms in a large
team event): the row of its match, the row of its board, the standings' rows whose values moved. What the tab
shows equals the standings computed from scratch, after the result and after its undo, and the event file holds the
result."""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import ImportTeams, NumberTeams, PairNext, RecordBoardResult, SetLineup
from tournament_desk.core.results import Discipline
from tournament_desk.core.teams.model import TeamRules
from tournament_desk.core.teams.standings import team_results, team_standings
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.session import EventSession


def _event(path: Path) -> EventSession:
    """8 teams of 4 boards, 3 rounds played; board 2 of the last round's first match waits for its result."""
    rng = random.Random(31)
    session = EventSession.create(path, Event.for_discipline(
        "Interclubs", Discipline.CHESS, system=PairingSystem.ROUND_ROBIN, rounds=1,
        team=TeamRules(boards=4, rating_boards=4, tiebreaks=("GP", "DE", "SBB", "BERLIN", "BH"))))
    session.run(ImportTeams([{"name": f"Club {t}", "players": [
        {"surname": f"C{t}J{b}", "ratings": (("fide", 2100 - 40 * t - 5 * b),)} for b in range(5)]}
        for t in range(8)]))
    session.run(NumberTeams("rating"))
    for rnd in range(1, 4):
        session.run(PairNext())
        for m in session.state().matches_in(rnd):
            for team in m.teams():
                session.run(SetLineup(rnd, team, list(session.state().team(team).members[:4])))
            for board in range(1, 5):
                if (rnd, m.number, board) != (3, 1, 2):
                    session.run(RecordBoardResult(rnd, m.number, board, rng.choice(["1-0", "1/2", "0-1"])))
    return session


def test_a_board_result_redraws_its_rows_only(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "interclubs.tdesk"
    session = _event(path)
    window = MainWindow(session, lang="en", interactive=False)
    qtbot.addWidget(window)
    window.show()
    tab = window.teams
    window.tabs.setCurrentWidget(tab)
    tab.round_box.setCurrentIndex(tab.round_box.findData(3))
    tab.matches_view.setCurrentIndex(tab.matches_model.index(0, 1))
    tab.boards_view.setFocus()
    tab.boards_view.setCurrentIndex(tab.boards_model.index(1, 3))
    before = session.state()
    drawn = (tab.matches_model.rows_drawn, tab.boards_model.rows_drawn, tab.standings_model.rows_drawn)
    shown_before = tab.standings_rows()
    assert shown_before == team_standings(before, results=team_results(before))

    QTest.keyClick(tab.boards_view, "1")  # home team first: the home player won board 2

    state = session.state()
    expected = team_standings(state, results=team_results(state))
    assert tab.standings_rows() == expected
    moved = sum(1 for old, new in zip(shown_before, expected, strict=True) if old != new)
    assert 0 < moved < len(expected)  # the two teams of the match and those whose tie-breaks they feed
    assert (tab.matches_model.rows_drawn - drawn[0], tab.boards_model.rows_drawn - drawn[1],
            tab.standings_model.rows_drawn - drawn[2]) == (1, 1, moved)
    score = tab.current_score()
    assert score is not None and score.finished and score.match.number == 1
    assert tab.boards_view.currentIndex().row() == 2  # on to the next board, as on the Results tab

    window.undo()
    assert tab.standings_rows() == team_standings(before, results=team_results(before)) == shown_before
    window.redo()
    assert tab.standings_rows() == expected
    window.close()
    session.close()
    with EventSession.open(path, readonly=True) as again:
        stored = again.state()
    m = stored.matches_in(3)[0]
    game = next(g for g in stored.round(3).games if g.board == 2)
    home = stored.lineup(3, m.home)
    assert home is not None and home.players[1] in (game.white_id, game.black_id)
    assert game.result is not None
    assert (game.result.value == "1-0") == (game.white_id == home.players[1])
