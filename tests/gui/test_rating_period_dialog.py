"""The rating period dialog (gui/dialogs/rating_period.py), clicked through headless over real event files,
results files, a rating list and carry files; the figures are the hand computations of
tests/cli/test_cli_rate_period.py (seed 000 Annex B, seed 002 §7-§8)."""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from tournament_desk.core.model import Event, Game, PairingSystem, RatingSystem, Round
from tournament_desk.core.operations import AddPlayer, RecordResult, StoreRound
from tournament_desk.core.ratings import ffjd
from tournament_desk.core.results import Discipline
from tournament_desk.gui.dialogs.rating_period import RatingPeriodDialog
from tournament_desk.gui.i18n import Translator
from tournament_desk.services.session import EventSession


def _event(path: Path, discipline: Discipline, start: dt.date, players: dict[str, tuple[str, int | None]],
           rounds: list[list[tuple]], name: str) -> Path:
    with EventSession.create(path, Event.for_discipline(name, discipline, system=PairingSystem.MANUAL,
                                                        rounds=len(rounds), start_date=start)) as session:
        system = session.event.rating_system
        order = list(players)
        random.Random(5).shuffle(order)
        for licence in order:
            surname, rating = players[licence]
            session.run(AddPlayer(surname=surname, licence_id=licence,
                               ratings=((system.value, rating),) if rating is not None else ()))
        ids = {p.licence_id: p.id for p in session.state().players}
        for number, boards in enumerate(rounds, start=1):
            session.run(StoreRound(Round(number, tuple(Game(number, b + 1, ids[x[0]], ids[x[1]])
                                                    for b, x in enumerate(boards)))))
            for b, board in enumerate(boards):
                extra = {"white_points": board[3], "black_points": board[4]} if len(board) == 5 else {}
                session.run(RecordResult(number, b + 1, board[2], **extra))
    return path


def _schools(folder: Path) -> Path:
    players = {"C1": ("Carpentier", 1400), "C2": ("Deschamps", 1500), "C3": ("Évrard", 1600),
               "C4": ("Fournier", 1300), "U1": ("Gauthier", None), "U2": ("Hébert", None), "U3": ("Isnard", None)}
    ids = ["C1", "C2", "C3", "U1", "U2", "U3"]
    rounds = []
    for r in range(5):
        rot = [ids[0], *ids[1:][r:], *ids[1:][:r]]
        rounds.append([(rot[b], rot[5 - b], "1-1") for b in range(3)])
    return _event(folder / "lille.tdesk", Discipline.DRAUGHTS, dt.date(2026, 3, 14), players, rounds,
                  "Open scolaire de Lille")


SCRABBLERS = {"S0": ("Aubert", 1500), "S1": ("Bélanger", 1550), "S2": ("Côté", 1600), "S3": ("Dufresne", 1650)}


def _rows(dialog: RatingPeriodDialog) -> dict[str, dict[str, str]]:
    heads = [dialog.results.horizontalHeaderItem(c).text() for c in range(dialog.results.columnCount())]
    return {dialog.results.item(r, 0).text(): {h: dialog.results.item(r, c).text() for c, h in enumerate(heads)}
            for r in range(dialog.results.rowCount())}


def test_ffjd_period_clicked_through(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lille = _schools(tmp_path)
    results = tmp_path / "coupe-du-nord.csv"  # an event played elsewhere, in bulk: Nouveau draws 3 classed players
    results.write_text("tournoi;date;licence_blancs;blancs;classement_blancs;licence_noirs;noirs;classement_noirs;"
                       "resultat;cadence\n"
                       "Coupe du Nord;21/03/2026;N1;NOUVEAU Jean;NC;K1;KLEIN Paul;1300;1-1;lente\n"
                       "Coupe du Nord;21/03/2026;K2;LEMOINE Luc;1400;N1;NOUVEAU Jean;NC;1-1;lente\n"
                       "Coupe du Nord;21/03/2026;N1;NOUVEAU Jean;NC;K3;MOREL Eva;1500;1-1;lente\n", encoding="utf-8")
    dialog = RatingPeriodDialog(None, Translator("en"))
    qtbot.addWidget(dialog)
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: ([str(lille)], ""))
    qtbot.mouseClick(dialog.add_events_button, Qt.MouseButton.LeftButton)
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: ([str(results)], ""))
    qtbot.mouseClick(dialog.add_results_button, Qt.MouseButton.LeftButton)
    assert dialog.table.rowCount() == 2
    assert [dialog.table.item(r, 1).text() for r in range(2)] == ["Open scolaire de Lille", "Coupe du Nord"]
    assert dialog.table.item(1, 3).text() == "played elsewhere"
    assert not dialog.table.isColumnHidden(6) and dialog.table.isColumnHidden(4)  # FFJD: EONC shown, kind hidden
    # No EONC yet: Annex B 4)-5) asks for it (3 classed players present in Lille)
    qtbot.mouseClick(dialog.compute_button, Qt.MouseButton.LeftButton)
    assert "EONC" in dialog.error_label.text() and dialog.period_result is None
    dialog.table.cellWidget(0, 6).setText("abc")
    qtbot.mouseClick(dialog.compute_button, Qt.MouseButton.LeftButton)
    assert "600 to 3000" in dialog.error_label.text()
    dialog.table.cellWidget(0, 6).setText("1100")
    qtbot.mouseClick(dialog.compute_button, Qt.MouseButton.LeftButton)
    assert dialog.error_label.text() == ""
    rows = _rows(dialog)
    # Lille: CPf 1500 corrected to MFNC (1100 + 3·1500)/4 = 1400 (Annex B 3)-5)); Nouveau: 3 games, pending
    assert rows["GAUTHIER"]["New"] == "1400" and rows["GAUTHIER"]["Note"] == "first rating"
    assert rows["NOUVEAU Jean"]["New"] == "" and rows["NOUVEAU Jean"]["Note"] == "not yet rated"
    assert "1 carried to the next period" in dialog.summary.text()
    carry = dialog.save_carry(tmp_path / "report.json")
    data = json.loads(carry.read_text(encoding="utf-8"))  # type: ignore[union-attr]
    assert [p["games"] for p in data["players"]["licence:N1"]["ffjd_parts"]] == [3]
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "liste.csv"), ""))
    qtbot.mouseClick(dialog.save_list_button, Qt.MouseButton.LeftButton)
    assert "GAUTHIER" in (tmp_path / "liste.csv").read_text(encoding="utf-8")
    # The "registered" reading of Annex B 3) for Lille: 4 classed entrants, no correction, 1500 waits for 7 games
    dialog.set_row_inputs("Open scolaire de Lille", present=ffjd.Present.REGISTERED)
    qtbot.mouseClick(dialog.compute_button, Qt.MouseButton.LeftButton)
    assert _rows(dialog)["GAUTHIER"]["New"] == ""
    # Removing the results file removes its event
    dialog.table.selectRow(1)
    qtbot.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
    assert dialog.table.rowCount() == 1 and dialog.results_files == []


def test_scrabble_period_in_french_with_list_series_and_classic_b(qtbot: QtBot, tmp_path: Path) -> None:
    vichy = _event(tmp_path / "vichy.tdesk", Discipline.SCRABBLE, dt.date(2026, 5, 2), SCRABBLERS, [
        [("S0", "S3", "1-0", 450, 350), ("S1", "S2", "1-0", 450, 350)],
        [("S2", "S0", "0-1", 350, 450), ("S3", "S1", "0-1", 350, 450)],
        [("S0", "S1", "1-0", 450, 350), ("S2", "S3", "1-0", 450, 350)]], "Tournoi de Vichy")
    listed = tmp_path / "cotes.csv"
    listed.write_text("licence;cote\nS0;1500\nS1;NC\nS2;1600\nS3;1650\n", encoding="utf-8")
    series = tmp_path / "series.csv"
    series.write_text("licence;serie\nS1;2\n", encoding="utf-8")
    dialog = RatingPeriodDialog(None, Translator("fr"), system=RatingSystem.FISF_PL)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Période de classement"
    assert dialog.compute_button.text() == "&Calculer"
    dialog.add_event_files([vichy])
    assert not dialog.table.isColumnHidden(5) and dialog.table.isColumnHidden(6)  # Scrabble: CT shown, EONC hidden
    dialog.rating_list[1].setText(str(listed))
    dialog.players_file[1].setText(str(series))
    dialog.table.cellWidget(0, 5).setChecked(True)  # TH Classique B
    qtbot.mouseClick(dialog.compute_button, Qt.MouseButton.LeftButton)
    rows = _rows(dialog)
    # seed 002 §7 with CT 0.8 (PJmax 156, PJmin −78) and S1 at PL* 2000 (NC in the list, 2nd series)
    assert {name: rows[name]["Nouveau"] for name in rows} == {"AUBERT": "1680", "BÉLANGER": "1935", "CÔTÉ": "1606",
                                                              "DUFRESNE": "1603"}
    assert "PL* 2000" in rows["BÉLANGER"]["Remarque"]
    assert "4 joueur(s), 1 tournoi(s)" in dialog.summary.text()
    # The period check: Vichy is not in a period starting in June
    dialog.check_period.setChecked(True)
    dialog.period_start.setDate(dt.date(2026, 6, 1))
    qtbot.mouseClick(dialog.compute_button, Qt.MouseButton.LeftButton)
    assert "hors de la période" in dialog.error_label.text()


def test_a_file_that_cannot_be_read_is_not_added(qtbot: QtBot, tmp_path: Path) -> None:
    bad = tmp_path / "resultats.csv"
    bad.write_text("tournoi;licence_blancs;licence_noirs;resultat\nCoupe;A1;B1;7-7\n", encoding="utf-8")
    dialog = RatingPeriodDialog(None, Translator("en"))
    qtbot.addWidget(dialog)
    dialog.add_results_files([bad])
    assert dialog.results_files == [] and dialog.table.rowCount() == 0
    assert "line 2, column 4" in dialog.error_label.text()
    qtbot.mouseClick(dialog.compute_button, Qt.MouseButton.LeftButton)
    assert "at least one event file" in dialog.error_label.text()
