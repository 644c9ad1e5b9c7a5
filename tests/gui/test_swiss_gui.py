"""A whole Swiss event driven through the real widgets (issue 8): create, register 10 players, pair and enter
3 FIDE Dutch rounds by keyboard, undo a result, watch the standings change."""

from __future__ import annotations

import os
from pathlib import Path

from pytestqt.qtbot import QtBot

from tournament_desk.core.model import PairingSystem
from tournament_desk.core.operations import AddPlayers, RecordResult, RecordResults
from tournament_desk.core.results import Discipline
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.session import EventSession


def test_swiss_event_by_keyboard(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(None, lang="en", interactive=False)
    qtbot.addWidget(window)
    window.new_event(str(tmp_path / "swiss.tdesk"), {
        "name": "Open rapide", "discipline": Discipline.CHESS, "system": PairingSystem.DUTCH, "rounds": 3,
        "place": "Nantes", "arbiters": ("A. Arbitre",)})
    session = window.session
    assert session is not None
    for i in range(10):
        window.registration.add_player({"surname": f"Player{i:02d}", "ratings": (("fide", 2200 - 37 * i),)})
    assert window.registration.model.rowCount() == 10
    results = window.results
    keys = ["1", "=", "0", "1", "0"]
    for number in range(1, 4):
        window.pairings.pair_button.click()
        assert session.state().last_round == number, window.messages
        assert window.pairings.model.rowCount() == 5
        window.tabs.setCurrentWidget(results)
        results.view.setFocus()
        results.view.setCurrentIndex(results.model.index(0, 2))
        for key in keys:
            qtbot.keyClick(results.view, key)
        assert session.state().round(number).is_complete
    # no rematch, and every player once per round
    state = session.state()
    pairs = [frozenset(g.players()) for r in state.rounds for g in r.games]
    assert len(pairs) == len(set(pairs)) == 15
    points = [window.standings.model.index(r, 4).data() for r in range(10)]
    results.view.setCurrentIndex(results.model.index(0, 2))
    qtbot.keyClick(results.view, "0")  # a correction: refused without confirmation in scripted mode
    window.undo()  # undo the last result of round 3
    assert session.state().round(3).missing_results == (5,)
    assert [window.standings.model.index(r, 4).data() for r in range(10)] != points
    assert "1 result missing" in window.state_label.text()
    shots = os.environ.get("TDESK_SCREENSHOTS")
    if shots:
        window.resize(1200, 760)
        window.tabs.setCurrentWidget(window.pairings)
        window.grab().save(str(Path(shots) / "swiss-pairings.png"))
        window.standings.crosstable.setChecked(True)
        window.tabs.setCurrentWidget(window.standings)
        window.grab().save(str(Path(shots) / "swiss-crosstable.png"))


def test_manual_pairing_board_and_top_cut(qtbot: QtBot, qtmodeltester, tmp_path: Path) -> None:
    """Seed 000 §6.6 (manual pairing with assistance) and seed 004 (top cut) from the Pairings tab."""
    from tournament_desk.core.scoring import KASHDAN

    window = MainWindow(None, lang="fr", interactive=False)
    qtbot.addWidget(window)
    window.new_event(str(tmp_path / "manual.tdesk"), {
        "name": "Suisse manuel", "discipline": Discipline.DRAUGHTS, "system": PairingSystem.MANUAL, "rounds": 3,
        "scoring": KASHDAN})
    session = window.session
    assert session is not None
    for i in range(6):
        window.registration.add_player({"surname": f"Joueur{i}", "ratings": (("ffjd", 1600 - 20 * i),)})
    assert window.pairings.pair_button.isHidden() and not window.pairings.manual_button.isHidden()
    dialog = window.pairings.pair_by_hand()
    assert dialog is not None
    dialog.choose(1)
    assert {c.player_id for c in dialog.candidates_model.rows()} == {2, 3, 4, 5, 6}
    for model in (dialog.players_model, dialog.candidates_model, dialog.boards_model):
        qtmodeltester.check(model)
    dialog.add_candidate(0)
    assert dialog.complete()  # completes the two remaining boards
    assert len(dialog.boards) == 3 and dialog.store(ask=False)
    window.refresh()
    assert session.state().last_round == 1
    for g in session.state().round(1).games:
        session.run(RecordResult(1, g.board, "2-0"))
    # round 2 by hand: a rematch is refused, then accepted only with the arbiter's reason, which is logged
    first = session.state().round(1).games[0]
    dialog = window.pairings.pair_by_hand()
    assert dialog is not None
    dialog.add_board(first.white_id, first.black_id)
    assert "1" in dialog.issues.text() or dialog.issues.text()
    dialog.complete()
    assert not dialog.store(ask=False)
    assert dialog.store("les deux joueurs le demandent", ask=False)
    assert "les deux joueurs le demandent" in session.audit_log()[-1].label.text("fr")
    for g in session.state().round(2).games:
        session.run(RecordResult(2, g.board, "2-0"))
    window.refresh()
    window.pairings.start_top_cut(4, "higher-seed")
    window.pairings.pair_next_round()
    assert session.state().round(3).games and len(session.state().round(3).games) == 2
    assert "Tour éliminatoire 1" in window.pairings.bracket_text()


def test_why_this_pairing_from_the_pairings_tab(qtbot: QtBot, tmp_path: Path) -> None:
    """Issue 22: the Why? action explains a board of a Dutch round, in the window's language."""
    import random

    from tournament_desk.core.model import Event
    from tournament_desk.services.pairing import pair_next

    session = EventSession.create(tmp_path / "why.tdesk", Event("Why", system=PairingSystem.DUTCH, rounds=5))
    rng = random.Random(8)
    session.run(AddPlayers([{"surname": f"Joueur{i}", "ratings": (("fide", 1500 + 37 * ((i * 5) % 10)),)}
                         for i in range(10)]))
    pair_next(session)
    session.run(RecordResults(1, {g.board: rng.choice(["1-0", "0-1", "1/2"]) for g in session.state().round(1).games}))
    pair_next(session)
    window = MainWindow(session, lang="fr", interactive=False)
    qtbot.addWidget(window)
    tab = window.pairings
    assert not tab.why_button.isHidden() and tab.why_button.isEnabled()
    tab.view.setCurrentIndex(tab.model.index(0, 1))
    board = session.state().round(2).game(1)
    names = {p.id: p.name for p in session.players()}
    text = tab.explain_board(show=False)
    assert text and text.startswith("Ronde 2") and names[board.white_id] in text and "groupe" in text
    second = tab.explain_board(2, show=False)
    assert second is not None and names[session.state().round(2).game(2).white_id] in second
