"""Each game in its own words (issue 30), as a French arbiter runs it: the program is started with
``tournament_desk.__main__.main`` and the test clicks and types in its window, then reads the event file and the
prints.

(a) a new 10-player Scrabble classique event: the discipline's pairing system, the player form without FIDE or
    FMJD ids, both scores typed on each board's row (``412 380`` then Enter) and a forfeit, no colour anywhere,
    the standings by wins then the capped spread under the federations' names;
(b) the cote PL preview: nothing changes before a game is played, then the two worked examples of the cote PL
    document (FISF, « Scrabble Classique — Classement international 2015-2016 » §8) read in the window's
    preview with their PE, B, PJ, PJmin / PJmax and category.
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.gui.driver import Script, choose_file, click_ok, later, main_window, modal, run_script, type_into, wait_for
from tournament_desk.__main__ import main
from tournament_desk.core.model import Event, PairingSystem, RatingSystem
from tournament_desk.core.operations import AddPlayers, RecordResult
from tournament_desk.core.results import Discipline, GameResult
from tournament_desk.gui.dialogs.event_dialog import EventDialog
from tournament_desk.gui.dialogs.player_dialog import PlayerDialog
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.printing import pairing_sheet_pdf, slips_pdf, standings_pdf
from tournament_desk.services.session import EventSession

PLAYERS = [("Arnaud", "Léa", 1415), ("Bouvier", "Hugo", 1803), ("Carré", "Zoé", 1860), ("Dumas", "Noé", 2923),
           ("Étienne", "Inès", 1002), ("Fabre", "Paul", 1580), ("Garnier", "Anne", 2250), ("Henry", "Luc", 1700),
           ("Imbert", "Marie", 1700), ("Joly", "Jean", 0)]
"""The ten entrants of the cote PL document's example (§8): six rated players, a 1st-series player (2250 PL*),
two 4th-series players (1700 PL*) and a new licensee (no rating: 1000 PL*, §2.1)."""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh home, the program in French."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(tmp_path / "Documents"))
    monkeypatch.setenv("TDESK_ARBITER", "Claire Arbitre")
    (tmp_path / "Documents").mkdir()
    QCoreApplication.setOrganizationName("tournament_desk")
    QCoreApplication.setApplicationName("tournament_desk")
    QSettings().setValue("language", "fr")
    return tmp_path


def _heads(view: Any) -> list[str]:
    model = view.model()
    return [model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
            for c in range(model.columnCount())]


def _table(view: Any) -> list[dict[str, str]]:
    model, heads = view.model(), _heads(view)
    return [{h: str(model.data(model.index(r, c), Qt.ItemDataRole.DisplayRole) or "") for c, h in enumerate(heads)}
            for r in range(model.rowCount())]


def _pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text(extraction_mode="layout") for page in PdfReader(io.BytesIO(pdf)).pages)


def test_scrabble_classique_of_10_with_scores_typed(qapp: QApplication, home: Path) -> None:
    rng = random.Random(30)
    event = home / "Documents" / "classique.tdesk"
    seen: dict[str, Any] = {}

    def script() -> Script:
        w = main_window()
        later(w.start_page.new_button.click)
        yield
        dialog = yield from modal(EventDialog)
        type_into(dialog.name, "Tournoi classique de Lyon")
        dialog.discipline.setCurrentIndex(dialog.discipline.findData(Discipline.CHESS.value))
        assert not dialog.system.view().isRowHidden(dialog.system.findData("dutch"))
        assert dialog.system.view().isRowHidden(dialog.system.findData("classique"))  # Scrabble's own
        dialog.discipline.setCurrentIndex(dialog.discipline.findData(Discipline.SCRABBLE.value))
        assert dialog.system.view().isRowHidden(dialog.system.findData("dutch"))
        offered = {dialog.system.itemData(i) for i in range(dialog.system.count())
                   if dialog.system.model().item(i).isEnabled()}
        listed = {dialog.system.itemData(i) for i in range(dialog.system.count())
                  if not dialog.system.view().isRowHidden(i)}
        assert listed == offered  # the other games' systems are not in the list at all (issue 30: hidden)
        # no Dutch, no knockout
        assert offered == {"classique", "scoregroup", "round-robin", "double-round-robin", "manual"}
        assert {dialog.rating.itemData(i) for i in range(dialog.rating.count())
                if not dialog.rating.view().isRowHidden(i)} == {"fisf-pl", "none"}
        rating = dialog.rating.model()
        assert {dialog.rating.itemData(i) for i in range(dialog.rating.count()) if rating.item(i).isEnabled()} == {
            "fisf-pl", "none"}
        dialog.rounds.setValue(5)
        later(lambda: click_ok(dialog))
        yield
        yield from choose_file(event)
        yield from wait_for(lambda: w.session is not None, "the new event")
        assert w.session.event.system is PairingSystem.CLASSIQUE  # the French formula (§4c), as the command line's
        assert w.session.event.rating_system is RatingSystem.FISF_PL
        for surname, first, rating in PLAYERS:
            w.tabs.setCurrentWidget(w.registration)
            later(w.registration.add_button.click)
            yield
            form = yield from modal(PlayerDialog)
            labels = [form.form.labelForField(x).text() for x in (form.licence, form.rating)]
            assert labels == ["&Licence FFSc", "Cote PL"]
            assert form.form.labelForField(form.fide_id) is None and form.form.labelForField(form.fmjd_id) is None
            assert form.form.labelForField(form.series).text() == "Série duplicate (pour la cote PL*)"
            type_into(form.surname, surname)
            type_into(form.first_name, first)
            if surname == "Garnier":  # no PL: his 1st duplicate series gives his 2250 PL* (seed 002 §2.1)
                form.series.setCurrentIndex(form.series.findText("1re série"))
            elif rating:
                form.rating.setValue(rating)
            click_ok(form)
            yield
        garnier = next(p for p in w.state.players if p.surname == "Garnier")
        assert (garnier.duplicate_series, garnier.rating(RatingSystem.FISF_PL)) == ("1", None)
        assert {"Cote PL", "Licence FFSc"} <= set(_heads(w.registration.view))
        assert "Classement" not in _heads(w.registration.view)
        # what the pairing uses: his PL* marked, with its legend under the table (seed 002 §2.1)
        shown = {r["Nom"]: r["Cote PL"] for r in _table(w.registration.view)}
        assert (shown["GARNIER Anne"], shown["DUMAS Noé"], shown["JOLY Jean"]) == ("2250*", "2923", ""), shown
        seen["registration legend"] = w.registration.legend.text()
        for number in range(1, 6):
            w.tabs.setCurrentWidget(w.pairings)
            w.pairings.pair_button.click()
            yield from wait_for(lambda n=number: w.state.last_round == n, f"round {number} paired")
            heads = _heads(w.pairings.view)
            assert heads == ["Table", "Joueur", "Scores", "Adversaire"], heads
            w.tabs.setCurrentWidget(w.results)
            yield
            assert _heads(w.results.view) == ["Table", "Joueur", "Scores", "Adversaire"]
            view = w.results.view
            view.setFocus()
            view.setCurrentIndex(w.results.model.index(0, 2))
            for board in range(len(w.state.round(number).games)):
                if number == 2 and board == 0:
                    QTest.keyClick(view, "+")  # the player wins by forfeit
                    continue
                first, second = rng.randint(280, 520), rng.randint(280, 520)
                QTest.keyClicks(view, f"{first} {second}")
                seen.setdefault("typed", []).append((number, board + 1, first, second))
                assert w.results.model.data(view.currentIndex()) == f"{first} {second}…"  # shown on its row
                QTest.keyClick(view, Qt.Key.Key_Return)
            yield from wait_for(lambda n=number: not w.state.round(n).missing_results, f"results of round {number}")
        seen["help"] = w.results.help.text()
        seen["legend"] = w.results.legend.text()
        w.tabs.setCurrentWidget(w.standings)
        yield
        seen["standings"] = _heads(w.standings.view)
        seen["note"] = w.standings.note.text()
        seen["ratings"] = {r["Nom"]: r["Cote PL"] for r in _table(w.standings.view)}

    code, errors = run_script(lambda: main([]), script)
    assert not errors, errors[0]
    assert code == 0
    assert seen["help"].startswith("Tapez les deux scores (412 380) puis Entrée")
    assert "412-380 = les scores des deux joueurs" in seen["legend"] and "Blancs" not in seen["legend"]
    heads = seen["standings"]
    assert heads[:5] == ["Place", "Nom", "Club", "Cote PL", "Victoires"] and "Écart" in heads, heads
    assert not {"WIN", "SPREAD", "Points", "Classement"} & set(heads)
    assert "Écart = " in seen["note"] and "FISF, Classement international 2015-2016 §7" in seen["note"]
    legend = "* PL* : cote provisoire tirée de la série duplicate (FISF, Classement international 2015-2016 §2.1)"
    assert seen["registration legend"] == legend and legend in seen["note"].splitlines()
    assert (seen["ratings"]["GARNIER Anne"], seen["ratings"]["CARRÉ Zoé"]) == ("2250*", "1860"), seen["ratings"]

    with EventSession.open(event, readonly=True) as session:
        state = session.state()
        sheet = _pdf_text(pairing_sheet_pdf(session, 5, "fr"))
        table = _pdf_text(standings_pdf(session, None, "fr"))
        slips = _pdf_text(slips_pdf(session, 5, "fr"))
    for number, board, first, second in seen["typed"]:
        game = state.round(number).game(board)
        assert (game.white_points, game.black_points) == (first, second)
        expected = (GameResult.WHITE_WIN if first > second else GameResult.BLACK_WIN if second > first
                    else GameResult.DRAW)
        assert game.result is expected
    forfeit = state.round(2).game(1)
    assert forfeit.result is GameResult.WHITE_FORFEIT_WIN_UNEXCUSED and forfeit.white_points is None
    assert state.score(forfeit.white_id, 2) - state.score(forfeit.white_id, 1) == 1  # a win, no spread
    assert "Joueur" in sheet and "Adversaire" in sheet and "Blancs" not in sheet and "Noirs" not in sheet
    assert "Couleur" not in sheet
    assert "Signature (Joueur)" in slips and "Scores :" in slips and "Blancs" not in slips and "½-½" not in slips
    assert "Victoires" in table and "Écart" in table and "PL" in table and "SPREAD" not in table


def _example_event(path: Path) -> dict[str, int]:
    """The cote PL document's example played out: five rounds (its "5 parties"), four of them drawn 400-400 (no
    points difference), the fifth decided so that the 1803 PL player finishes 2nd and a 1700 PL* player 8th
    (example a and b). In the last round the winners rank by their spread and the losers too: the board won by
    90 makes its winner 2nd, the board won by 80 makes its loser 8th (winners 100, 90, 80, 70, 60; losers -60,
    -70, -80...)."""
    rows = [{"surname": s, "first_name": f, "ratings": (("fisf-pl", r),) if r else (), "unrated": not r}
            for s, f, r in PLAYERS]
    with EventSession.create(path, Event.for_discipline("Tournoi classique", Discipline.SCRABBLE, rounds=5)) as s:
        ids = dict(zip([p[0] for p in PLAYERS], s.run(AddPlayers(rows)).payload, strict=True))
        for number in range(1, 5):
            for g in pair_next(s).payload.round.games:
                s.run(RecordResult(number, g.board, "400 400"))
        games = list(pair_next(s).payload.round.games)
        bouvier = ids["Bouvier"]
        on_his_board = set(next(g for g in games if bouvier in g.players()).players())
        target = next(ids[n] for n in ("Henry", "Imbert") if ids[n] not in on_his_board)
        spreads = iter((100, 70, 60))
        for g in games:
            if bouvier in g.players():
                winner, spread = bouvier, 90
            elif target in g.players():
                winner, spread = g.opponent_of(target), 80
            else:
                winner, spread = g.white_id, next(spreads)
            scores = (350 + spread, 350) if winner == g.white_id else (350, 350 + spread)
            s.run(RecordResult(5, g.board, f"{scores[0]} {scores[1]}"))
    return {"a": bouvier, "b": target}


def test_cote_pl_preview_replays_the_two_worked_examples(qapp: QApplication, home: Path) -> None:
    before = home / "Documents" / "avant.tdesk"
    with EventSession.create(before, Event.for_discipline("Avant la première partie", Discipline.SCRABBLE,
                                                          rounds=5)) as s:
        s.run(AddPlayers([{"surname": n, "ratings": (("fisf-pl", r),)} for n, _f, r in PLAYERS[:4]]))
        pair_next(s)
    seen: dict[str, Any] = {}

    def nothing_yet() -> Script:
        w = main_window()
        yield from wait_for(lambda: w.session is not None, "the event")
        w.tabs.setCurrentWidget(w.standings)
        yield
        seen["heads"], seen["note"] = _heads(w.standings.view), w.standings.note.text()

    code, errors = run_script(lambda: main([str(before)]), nothing_yet)
    assert not errors, errors[0]
    assert code == 0
    assert "aucune partie jouée, rien ne change" in seen["note"], seen["note"]
    assert "Cote PL ±" not in seen["heads"] and "PE" not in seen["heads"]

    event = home / "Documents" / "exemple.tdesk"
    who = _example_event(event)

    def preview() -> Script:
        w = main_window()
        yield from wait_for(lambda: w.session is not None, "the event")
        w.tabs.setCurrentWidget(w.standings)
        yield
        seen["rows"] = _table(w.standings.view)
        seen["names"] = {p.id: p.name for p in w.state.players}

    code, errors = run_script(lambda: main([str(event)]), preview)
    assert not errors, errors[0]
    assert code == 0
    rows = {r["Nom"]: r for r in seen["rows"]}
    a, b = rows[seen["names"][who["a"]]], rows[seen["names"][who["b"]]]
    # a) 1803 PL, 2nd: PE = 10 - 2 + 1 = 9, B = M/2 = 10, PJ = 2/3 (2250 - 1803) = 298 > PJmax = 210: 2032
    assert (a["Place"], a["Cote PL"], a["PE"], a["B"], a["PJ"]) == ("2", "1803", "9", "10", "298 → 210")
    assert (a["PJmin / PJmax"], a["Catégorie (M)"], a["Cote PL après"]) == ("-105 / 210", "1 (20)", "2032")
    assert a["Cote PL ±"] == "+229"
    # b) 1700 PL*, 8th: PE = 3, B = 0, PJ = -1/3 (1700 - 1415) = -95 > PJmin = -105: 1608
    assert (b["Place"], b["Cote PL"], b["PE"], b["B"], b["PJ"]) == ("8", "1700", "3", "0", "-95")
    assert (b["PJmin / PJmax"], b["Cote PL après"], b["Cote PL ±"]) == ("-105 / 210", "1608", "-92")
