"""Round robins end to end in the window: a 9-player draughts event (EXEMPT shown, grid, PDF) and a 6-player
draughts event entered by keyboard; screenshots of every tab go to docs/screenshots when asked."""

from __future__ import annotations

import os
from pathlib import Path

from pytestqt.qtbot import QtBot

from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayer, RecordResult
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.session import EventSession

SHOTS = os.environ.get("TDESK_SCREENSHOTS")  # a folder: save a PNG of each tab there


def _event(tmp_path: Path, n: int) -> EventSession:
    session = EventSession.create(tmp_path / "dames.tdesk", Event.for_discipline(
        "Championnat de club", Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN, rounds=9, place="Lille",
        arbiters=("J. Arbitre",)))
    for i in range(1, n + 1):
        session.run(AddPlayer(surname=f"Joueur{i}", first_name="Jean", club="Club A" if i % 2 else "Club B",
                           ratings=(("ffjd", 1500 - 10 * i),)))
    return session


def test_nine_player_round_robin_in_the_window(qtbot: QtBot, tmp_path: Path) -> None:
    session = _event(tmp_path, 9)
    window = MainWindow(session, lang="fr", interactive=False)
    qtbot.addWidget(window)
    reg = window.registration
    reg.number_by_hand({pid: 10 - pid for pid in range(1, 10)})
    assert [p.pairing_number for p in session.state().players] == list(range(9, 0, -1))
    reg.number_by_hand({1: 1, 2: 1, 3: 2})  # not a permutation: refused with a message, nothing changed
    assert window.messages and "numéro" in window.messages[-1]
    reg.rating_numbers_button.click()
    assert [p.pairing_number for p in session.state().players] == list(range(1, 10))
    pairings = window.pairings
    assert pairings.grid_model.rowCount() == 9 and pairings.grid_model.columnCount() == 6
    assert "FMJD" in pairings.grid_label.text()
    for number in range(1, 10):
        pairings.pair_button.click()
        state = session.state()
        assert state.last_round == number
        assert "EXEMPT" in pairings.byes.text()
        assert pairings.model.rowCount() == 4
        for g in state.round(number).games:
            session.run(RecordResult(number, g.board, "2-0"))
        window.refresh()
    state = session.state()
    # the game against the EXEMPT is a bye, never a game: no one ever played player "10"
    assert all(len([b for b in r.byes if b.kind is Outcome.PAIRING_BYE]) == 1 for r in state.rounds)
    assert all(len(state.opponents(p.id)) == 8 for p in state.players)
    pairings.print_grid(str(tmp_path / "grid.pdf"))
    assert (tmp_path / "grid.pdf").read_bytes().startswith(b"%PDF")
    assert "Ronde 9" in window.state_label.text()


def test_six_player_draughts_by_keyboard(qtbot: QtBot, tmp_path: Path) -> None:
    session = _event(tmp_path, 6)
    window = MainWindow(session, lang="fr", interactive=False)
    qtbot.addWidget(window)
    window.resize(1200, 760)
    window.registration.rating_numbers_button.click()
    results = window.results
    keys = ["2", "1", "0"]
    for number in range(1, 4):
        window.pairings.pair_next_round()
        window.tabs.setCurrentWidget(results)
        results.view.setFocus()
        results.view.setCurrentIndex(results.model.index(0, 2))
        for key in keys:
            qtbot.keyClick(results.view, key)
        assert session.state().round(number).is_complete
    games = session.state().round(3).games
    assert [g.result for g in games] == [GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN]
    standings_before = [window.standings.model.index(r, 4).data() for r in range(6)]
    # correct an earlier round: refused without confirmation, then replaced and later rounds flagged
    window.results.round.setCurrentIndex(0)
    results.view.setCurrentIndex(results.model.index(0, 2))
    assert not results.record(GameResult.BLACK_WIN, confirm=False)
    results.view.setCurrentIndex(results.model.index(0, 2))
    window.reason_answers = ["Both score sheets say 0-2"]  # the arbiter's log asks the reason of the correction
    assert results.record(GameResult.BLACK_WIN, confirm=True)
    assert "vérifier" in results.last_message
    standings_after = [window.standings.model.index(r, 4).data() for r in range(6)]
    assert standings_after != standings_before
    # the forfeit menu codes and clearing by keyboard
    results.view.setCurrentIndex(results.model.index(1, 2))
    window.reason_answers = ["Black never came: forfeit confirmed by the organiser"]
    assert results.record(GameResult.WHITE_FORFEIT_WIN_EXCUSED, confirm=True)
    assert session.state().round(1).games[1].result is GameResult.WHITE_FORFEIT_WIN_EXCUSED
    window.undo()
    if SHOTS:
        folder = Path(SHOTS)
        folder.mkdir(parents=True, exist_ok=True)
        for i, name in enumerate(("registration", "pairings", "results", "standings")):
            window.tabs.setCurrentIndex(i)
            window.grab().save(str(folder / f"{name}.png"))
