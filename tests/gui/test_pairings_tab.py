"""Pairing a 9-player draughts round robin end to end in the window: EXEMPT shown, grid shown, PDF printed."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.results import Discipline, Outcome
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.session import EventSession


def test_nine_player_round_robin_in_the_window(qtbot: QtBot, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: warnings.append(text))
    session = EventSession.create(tmp_path / "dames.tdesk", Event.for_discipline(
        "Championnat de club", Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN, rounds=9))
    for i in range(1, 10):
        session.add_player(surname=f"Joueur{i}", club="Club A" if i % 2 else "Club B",
                           ratings=(("ffjd", 1500 - 10 * i),))
    window = MainWindow(session, lang="fr")
    qtbot.addWidget(window)
    window.number_by_hand("9, 8, 7, 6, 5, 4, 3, 2, 1")
    assert [p.pairing_number for p in session.state().players] == list(range(9, 0, -1))
    window.number_by_hand("1, 1, 2")  # not a permutation: refused with a message, nothing changed
    assert warnings and "numéro" in warnings[-1]
    assert [p.pairing_number for p in session.state().players] == list(range(9, 0, -1))
    window.rating_numbers_button.click()
    assert [p.pairing_number for p in session.state().players] == list(range(1, 10))
    assert window.grid_model.rowCount() == 9 and window.grid_model.columnCount() == 6
    assert "FMJD" in window.grid_label.text()
    for number in range(1, 10):
        window.pair_button.click()
        state = session.state()
        assert state.last_round == number
        assert "EXEMPT" in window.pairings_byes.text()
        assert window.pairings_model.rowCount() == 4
        for g in state.round(number).games:
            session.record_result(number, g.board, "2-0")
        window.refresh()
        if number == 1:
            window.tabs.setCurrentIndex(1)
            window.grab().save(str(tmp_path / "pairings.png"))
    state = session.state()
    # the game against the EXEMPT is a bye, never a game: no one ever played player "10"
    assert all(len([b for b in r.byes if b.kind is Outcome.PAIRING_BYE]) == 1 for r in state.rounds)
    assert all(len(state.opponents(p.id)) == 8 for p in state.players)
    window.print_grid(str(tmp_path / "grid.pdf"))
    assert (tmp_path / "grid.pdf").read_bytes().startswith(b"%PDF")
    assert "Ronde 9" in window.statusBar().currentMessage()
