"""Issue 29 item 1: several events in one window — nothing of one event ever shows in another's view.

The program is started with ``tournament_desk.__main__.main``; the script opens an 8-player FFJD draughts round
robin, a 6-player Scrabble Swiss and a 12-player chess Swiss in turn (each from the start screen's list of recent
events after Ctrl+W, as an arbiter does), looks at every tab, types a result on each, and compares what every tab
shows with the event file: the title, the status bar, the players, the boards and their names, the results, the
standings.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.gui.driver import Script, main_window, run_script, wait_for
from tournament_desk.__main__ import main
from tournament_desk.core.disciplines import game_result_text
from tournament_desk.core.model import Event, EventState, PairingSystem
from tournament_desk.core.operations import AddPlayers, NumberPlayers, RecordResult
from tournament_desk.core.results import Discipline
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventSession
from tournament_desk.services.standings import standings


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(tmp_path / "Documents"))
    monkeypatch.setenv("TDESK_ARBITER", "Claire Arbitre")
    (tmp_path / "Documents").mkdir()
    QCoreApplication.setOrganizationName("tournament_desk")
    QCoreApplication.setApplicationName("tournament_desk")
    QSettings().setValue("language", "fr")
    return tmp_path


def _make(path: Path, name: str, discipline: Discipline, system: PairingSystem, n: int, rating: str,
          seed: int, *, play_round_1: bool) -> None:
    rng = random.Random(seed)
    rows = [{"surname": f"{name[:3].upper()}{i:02d}", "first_name": rng.choice(["Léa", "Hugo", "Zoé", "Noé"]),
             "ratings": ((rating, 1400 + 41 * i),)} for i in range(n)]
    rng.shuffle(rows)
    event = Event.for_discipline(name, discipline, system=system, rounds=min(5, n - 1), rating_system=rating)
    with EventSession.create(path, event) as s:
        s.run(AddPlayers(rows))
        if system.is_round_robin:
            s.run(NumberPlayers("lot", seed=seed))
        rnd = pair_next(s).payload.round
        if play_round_1:
            for g in rnd.games[1:]:  # board 1 is left for the arbiter to type
                if discipline is Discipline.SCRABBLE:
                    s.run(RecordResult(1, g.board, "1-0", white_points=420, black_points=380))
                else:
                    s.run(RecordResult(1, g.board, rng.choice(["2-0", "1-1", "0-2"] if discipline is
                                                              Discipline.DRAUGHTS else ["1-0", "1/2", "0-1"])))


def _file_state(path: Path) -> EventState:
    with EventSession.open(path, readonly=True) as s:
        return s.state()


def _shown(w: object) -> dict[str, object]:
    """What the window shows, tab by tab, read from the tables' models as the screen draws them."""
    from PySide6.QtCore import Qt as _Qt

    def table(model: object) -> list[list[str]]:
        rows = model.rowCount()  # type: ignore[attr-defined]
        cols = model.columnCount()  # type: ignore[attr-defined]
        return [[str(model.data(model.index(r, c), _Qt.ItemDataRole.DisplayRole) or "")  # type: ignore[attr-defined]
                 for c in range(cols)] for r in range(rows)]

    return {
        "title": w.windowTitle(),  # type: ignore[attr-defined]
        "status": w.state_label.text(),  # type: ignore[attr-defined]
        "registration": table(w.registration.model),  # type: ignore[attr-defined]
        "pairings": table(w.pairings.model),  # type: ignore[attr-defined]
        "results": table(w.results.model),  # type: ignore[attr-defined]
        "standings": table(w.standings.model),  # type: ignore[attr-defined]
    }


def _check(shown: dict[str, object], state: EventState, file: Path) -> None:
    names = {p.id: p.name for p in state.players}
    assert state.event.name in str(shown["title"]) and file.name in str(shown["title"])
    assert str(shown["status"]) and "aucun" not in str(shown["status"]).lower()
    registered = sorted(row[1] for row in shown["registration"])  # type: ignore[union-attr]
    assert registered == sorted(names.values())
    rnd = state.round(state.last_round)
    results = shown["results"]
    assert len(results) == len(rnd.games)  # type: ignore[arg-type]
    for row, game in zip(results, rnd.games, strict=True):  # type: ignore[call-overload]
        assert row[1] == names[game.white_id] and row[3] == names[game.black_id]
        shown_result = game_result_text(game, state.event.discipline)  # Scrabble: the two scores (issue 30)
        assert row[2] == shown_result
    pairings = shown["pairings"]
    assert [row[0] for row in pairings] == [str(g.board) for g in rnd.games]  # type: ignore[union-attr]
    for row, game in zip(pairings, rnd.games, strict=True):  # type: ignore[call-overload]
        assert row[1].startswith(names[game.white_id]) and row[3].startswith(names[game.black_id])
    lines = standings(state).lines
    assert [row[1] for row in shown["standings"]] == [ln.name for ln in lines]  # type: ignore[union-attr]


def test_three_events_in_turn_in_one_window(qapp: QApplication, home: Path) -> None:
    docs = home / "Documents"
    events = [
        (docs / "dames.tdesk", "Fermé de dames", Discipline.DRAUGHTS, PairingSystem.ROUND_ROBIN, 8, "ffjd", "2"),
        (docs / "scrabble.tdesk", "Tournoi de Scrabble", Discipline.SCRABBLE, PairingSystem.DUTCH, 6, "fisf-pl",
         "1"),
        (docs / "echecs.tdesk", "Open d'échecs", Discipline.CHESS, PairingSystem.DUTCH, 12, "fide", "1"),
    ]
    for i, (path, name, discipline, system, n, rating, _key) in enumerate(events):
        _make(path, name, discipline, system, n, rating, 29 + i, play_round_1=True)
    seen: list[tuple[dict[str, object], Path]] = []

    def script() -> Script:
        w = main_window()
        # Open each event once so that all three are in the recent list (newest first).
        for path, *_ in events:
            w.open_path(path)
            yield
            w.close_action.trigger()  # File > Close the event (Ctrl+W)
            yield from wait_for(lambda: w.session is None, "the event closed")
        for path, _name, discipline, _system, _n, _rating, key in events:
            recent = w.start_page.recent
            yield from wait_for(lambda r=recent: r.count() == 3, "the recent events")
            row = next(i for i in range(recent.count()) if path.name in recent.item(i).text())
            recent.setCurrentRow(row)
            recent.setFocus()
            QTest.keyClick(recent, Qt.Key.Key_Return)
            yield from wait_for(lambda p=path: w.session is not None and w.session.path.name == p.name, path.name)
            for tab in (w.registration, w.pairings, w.results, w.standings):  # look at every tab
                w.tabs.setCurrentWidget(tab)
                yield
            w.tabs.setCurrentWidget(w.results)
            yield
            w.results.view.setFocus()
            w.results.view.setCurrentIndex(w.results.model.index(0, 2))
            QTest.keyClick(w.results.view, key)  # board 1: White wins (chess "1", draughts "2"...)
            if discipline is Discipline.SCRABBLE:  # a Scrabble result is its two scores: typed in a dialog
                yield
            yield from wait_for(lambda d=discipline: w.state.round(1).game(1).result is not None or
                                d is Discipline.SCRABBLE, "the result entered")
            for tab in (w.registration, w.pairings, w.results, w.standings):
                w.tabs.setCurrentWidget(tab)
                yield
            seen.append((_shown(w), path))
            w.close_action.trigger()
            yield from wait_for(lambda: w.session is None, "the event closed")

    code, errors = run_script(lambda: main([]), script)
    assert not errors, errors[0]
    assert code == 0
    assert [path.name for _shown_, path in seen] == [path.name for path, *_ in events]
    for shown, path in seen:
        _check(shown, _file_state(path), path)
