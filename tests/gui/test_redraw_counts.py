"""Issue 28 item 3: the window hands each tab what an action's change names, and each tab redraws only those rows.

The program is started with ``tournament_desk.__main__.main`` on a 16-player Swiss with round 1 paired; the
script does what an arbiter does — types a result on the Results tab, registers a late entry with the form,
pairs the next round with the button — and counts, after each, the rows every tab's table drew (its model
counts them, hidden tabs included once they are shown). The event file is read back after each action.
"""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.gui.driver import Script, click_ok, later, main_window, modal, run_script, type_into, wait_for
from tournament_desk.__main__ import main
from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayers, RecordResult
from tournament_desk.core.results import Discipline
from tournament_desk.gui.dialogs.player_dialog import PlayerDialog
from tournament_desk.gui.dialogs.reason_dialog import ReasonDialog
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventSession
from tournament_desk.services.standings import standings


def _event(path: Path) -> None:
    rng = random.Random(28)
    rows = [{"surname": f"JOUEUR{i:02d}", "first_name": "Camille", "ratings": (("fide", 1500 + 37 * i),)}
            for i in range(16)]
    rng.shuffle(rows)
    event = Event.for_discipline("Open de Rennes", Discipline.CHESS, system=PairingSystem.DUTCH, rounds=5)
    with EventSession.create(path, event) as s:
        s.run(AddPlayers(rows))
        pair_next(s)
        for board in range(2, 9):  # board 1 is left for the arbiter to type
            s.run(RecordResult(1, board, rng.choice(("1-0", "1/2", "0-1"))))


def _drawn(w: object) -> dict[str, int]:
    tabs = {"registration": w.registration, "pairings": w.pairings, "results": w.results,  # type: ignore[attr-defined]
            "standings": w.standings}  # type: ignore[attr-defined]
    return {name: tab.model.rows_drawn for name, tab in tabs.items()}


def _since(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    return {k: after[k] - before[k] for k in after}


def _show_every_tab(w: object) -> Script:
    for tab in (w.registration, w.pairings, w.results, w.standings):  # type: ignore[attr-defined]
        w.tabs.setCurrentWidget(tab)  # type: ignore[attr-defined]
        yield


def test_each_action_redraws_only_the_rows_its_change_names(qapp: QApplication, home: Path) -> None:
    event = home / "Documents" / "rennes.tdesk"
    _event(event)
    counts: dict[str, dict[str, int]] = {}
    read: dict[str, object] = {}

    def script() -> Script:
        w = main_window()
        yield from _show_every_tab(w)  # every tab drawn once for this event
        # 1. A result typed on the Results tab (board 1 of round 1).
        w.tabs.setCurrentWidget(w.results)
        yield
        lines_before = standings(w.state, after_round=1).lines
        before = _drawn(w)
        w.results.view.setCurrentIndex(w.results.model.index(0, 2))
        QTest.keyClick(w.results.view, Qt.Key.Key_1)
        yield from wait_for(lambda: w.state.round(1).game(1).result is not None, "the result stored")
        yield from _show_every_tab(w)
        counts["result"] = _since(before, _drawn(w))
        lines_after = standings(w.state, after_round=1).lines
        read["standings lines changed"] = sum(1 for a, b in zip(lines_before, lines_after, strict=True) if a != b)
        with EventSession.open(event, readonly=True) as s:
            read["result"] = s.state().round(1).game(1).result
        # 2. A late entry registered with the form.
        w.tabs.setCurrentWidget(w.registration)
        yield
        before = _drawn(w)
        later(w.registration.add_button.click)
        yield
        dialog = yield from modal(PlayerDialog)
        type_into(dialog.surname, "Tardif")
        type_into(dialog.first_name, "Léon")
        dialog.rating.setValue(1620)
        later(lambda: click_ok(dialog))
        yield
        asked = yield from modal(ReasonDialog)  # round 1 is paired: the arbiter's log asks the reason
        type_into(asked.editor, "Arrived after round 1")
        click_ok(asked)
        yield from wait_for(lambda: len(w.state.players) == 17, "the late entry stored")
        yield from _show_every_tab(w)
        counts["player"] = _since(before, _drawn(w))
        with EventSession.open(event, readonly=True) as s:
            read["player"] = [p.name for p in s.state().players if p.surname.upper() == "TARDIF"]
        # 3. The next round paired with the button.
        w.tabs.setCurrentWidget(w.pairings)
        yield
        numbers = {p.id: p.pairing_number for p in w.state.players}
        before = _drawn(w)
        later(w.pairings.pair_button.click)
        yield from wait_for(lambda: w.state.last_round == 2, "round 2 paired")
        yield from _show_every_tab(w)
        counts["pairing"] = _since(before, _drawn(w))
        with EventSession.open(event, readonly=True) as s:
            read["boards"] = len(s.state().round(2).games)
            # the late entry is numbered into place by rating when round 2 is paired (FIDE C.04.2 Art. 2)
            read["renumbered"] = sum(1 for p in s.state().players if p.pairing_number != numbers[p.id])

    code, errors = run_script(lambda: main([str(event)]), script)
    assert not errors, errors[0]
    assert code == 0
    assert read["result"] is not None and len(read["player"]) == 1 and read["boards"] == 8
    result, player, pairing = counts["result"], counts["player"], counts["pairing"]
    # A result: its board on the Results and Pairings tabs, nothing on Registration; on the Standings the rows
    # whose line changed (the players' points and places, opponents' tie-breaks: the standings say which).
    assert result["results"] == 1 and result["pairings"] == 1 and result["registration"] == 0
    assert 2 <= result["standings"] == read["standings lines changed"] <= 16
    # A late entry: its row on Registration; the rounds shown do not change.
    assert player["registration"] == 1 and player["results"] == 0 and player["pairings"] == 0
    # A pairing: the new round's 8 boards on Pairings and Results; on Registration the players the late entry's
    # numbering moved (their pairing number is shown), no other.
    assert pairing["pairings"] == 8 and pairing["results"] == 8
    assert 0 < pairing["registration"] == read["renumbered"] < 17
