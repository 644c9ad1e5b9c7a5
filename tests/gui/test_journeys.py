"""Whole events as a person runs them (issue 18 Deliver 3): the program is started with
``tournament_desk.__main__.main`` — the function the ``tournament-desk`` command runs — and the test clicks and
types in its windows and dialogs, then reads the event file with the services.

(a) a chess club Swiss of 30 players: New event form, ten players typed into the Add form and twenty from a CSV
    in no particular order, an unrated late entry, a requested half-point bye, a withdrawal, five rounds paired
    with the Pair button and results typed on the keyboard, the standings, the pairing sheet and the
    homologation bundle (verified);
(b) a 10-player FMJD draughts round robin;
(c) close, reopen, and undo across the restart.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.gui.driver import (
    Script,
    answer,
    choose_file,
    click_ok,
    later,
    main_window,
    modal,
    run_script,
    type_into,
    wait_for,
)
from tournament_desk.__main__ import main
from tournament_desk.core.model import PairingSystem
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.gui.dialogs.event_dialog import EventDialog
from tournament_desk.gui.dialogs.player_dialog import PlayerDialog
from tournament_desk.gui.dialogs.reason_dialog import ReasonDialog
from tournament_desk.gui.dialogs.registration_dialogs import ByeRequestDialog, WithdrawDialog
from tournament_desk.services.bundle import verify_bundle
from tournament_desk.services.printing import crosstable_pdf
from tournament_desk.services.session import EventSession

FIRST = ["Jean", "Marie", "Luc", "Anne", "Paul", "Zoé", "Hugo", "Léa", "Noé", "Inès"]
LAST = ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau",
        "Simon", "Laurent", "Lefèvre", "Michel", "Garcia", "David", "Bertrand", "Roux", "Vincent", "Fournier",
        "Morel", "Girard", "André", "Mercier", "Dupont", "Lambert", "Bonnet", "François", "Martinez", "Legrand"]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh home: the documents folder and the program's settings are the test's."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(tmp_path / "Documents"))
    monkeypatch.setenv("TDESK_ARBITER", "Claire Arbitre")
    (tmp_path / "Documents").mkdir()
    return tmp_path


def _window():  # the MainWindow, typed loosely to keep the script short
    return main_window()


def _new_event(name: str, discipline: Discipline, rounds: int, path: Path) -> Script:
    w = _window()
    later(w.start_page.new_button.click)
    yield
    dialog = yield from modal(EventDialog)
    type_into(dialog.name, name)
    type_into(dialog.place, "Lyon")
    type_into(dialog.arbiters, "Claire Arbitre")
    dialog.discipline.setCurrentIndex(dialog.discipline.findData(discipline.value))
    dialog.rounds.setValue(rounds)
    later(lambda: click_ok(dialog))
    yield
    yield from choose_file(path)
    yield from wait_for(lambda: w.session is not None, "the new event")


def _add_player(surname: str, first: str, rating: int, reason: str = "") -> Script:
    """Register a player; ``reason``: a late entry (round 1 paired), whose reason the window asks next."""
    w = _window()
    w.tabs.setCurrentWidget(w.registration)
    later(w.registration.add_button.click)
    yield
    dialog = yield from modal(PlayerDialog)
    type_into(dialog.surname, surname)
    type_into(dialog.first_name, first)
    if rating:
        dialog.rating.setValue(rating)
    else:
        dialog.unrated.setChecked(True)
    if not reason:
        click_ok(dialog)
        yield
        return
    later(lambda: click_ok(dialog))
    yield
    asked = yield from modal(ReasonDialog)
    assert asked.summary.text() == "Late entry.\nRules: FIDE C.04.2 Art. 2"
    type_into(asked.editor, reason)
    click_ok(asked)
    yield


def _select_player(surname: str) -> None:
    reg = _window().registration
    reg.filter.setText(surname)
    reg.view.selectRow(0)
    assert reg.selected_player() is not None and reg.selected_player().surname == surname


def _pair(number: int) -> Script:
    w = _window()
    w.tabs.setCurrentWidget(w.pairings)
    w.pairings.pair_button.click()
    yield from wait_for(lambda: w.state is not None and w.state.last_round == number, f"round {number} paired")


def _type_results(rng: random.Random, keys: str, start: int = 0) -> Script:
    w = _window()
    w.tabs.setCurrentWidget(w.results)
    yield
    view = w.results.view
    view.setFocus()
    number = w.state.last_round
    boards = len(w.state.round(number).games)
    view.setCurrentIndex(w.results.model.index(start, 2))
    for _ in range(boards - start):
        QTest.keyClick(view, rng.choice(keys))
    yield from wait_for(lambda: not w.state.round(number).missing_results, f"results of round {number}")


def test_chess_club_swiss_of_30_players(qapp: QApplication, home: Path) -> None:
    rng = random.Random(18)
    event = home / "Documents" / "club.tdesk"
    csv = home / "inscrits.csv"
    players = list(range(30))
    rng.shuffle(players)  # not in rating order
    rows = ["nom;prénom;licence;classement;club"]
    for i in players[10:]:
        rows.append(f"{LAST[i]};{FIRST[i % 10]};L{1000 + i};{1300 + 29 * ((i * 11) % 30)};Échiquier {i % 4}")
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    bundle = home / "homologation.zip"
    pdf = home / "appariements.pdf"
    seen: dict[str, object] = {}

    def script() -> Script:
        yield from _new_event("Open du club", Discipline.CHESS, 5, event)
        w = _window()
        assert w.session.event.system is PairingSystem.DUTCH
        for i in players[:10]:
            yield from _add_player(LAST[i], FIRST[i % 10], 1300 + 29 * ((i * 11) % 30))
        w.tabs.setCurrentWidget(w.registration)
        later(w.registration.import_button.click)
        yield
        yield from choose_file(csv)
        yield from wait_for(lambda: len(w.state.players) == 30, "the CSV import")
        # a half-point bye requested for round 3, from the Registration tab
        _select_player(LAST[players[4]])
        later(w.registration.bye_button.click)
        yield
        dialog = yield from modal(ByeRequestDialog)
        dialog.round.setValue(3)
        dialog.kind.setCurrentIndex(dialog.kind.findData("hpb"))
        click_ok(dialog)
        yield
        w.registration.filter.clear()
        for number in range(1, 6):
            if number == 3:  # an unrated late entry before round 3
                yield from _add_player("Retardataire", "Tom", 0, reason="Arrived for round 3, organiser agreed")
            if number == 4:  # a withdrawal from round 4
                _select_player(LAST[players[7]])
                later(w.registration.withdraw_button.click)
                yield
                withdraw = yield from modal(WithdrawDialog)
                withdraw.from_round.setValue(4)
                click_ok(withdraw)
                yield
                w.registration.filter.clear()
            yield from _pair(number)
            yield from _type_results(rng, "1=0")
        w.tabs.setCurrentWidget(w.standings)
        yield
        seen["standings_rows"] = w.standings.model.rowCount()
        seen["title"] = w.windowTitle()
        later(lambda: w.export_pdf_actions["pairings"].trigger())
        yield
        yield from choose_file(pdf)
        yield from wait_for(lambda: pdf.exists(), "the pairing sheet")
        later(lambda: w.export_bundle_action.trigger())
        yield
        yield from choose_file(bundle)
        seen["bundle_message"] = yield from answer(QMessageBox.StandardButton.Ok)
        w.grab().save(str(home / "swiss.png"))

    code, errors = run_script(lambda: main([]), script)
    assert not errors, errors[0]
    assert code == 0
    with EventSession.open(event, readonly=True) as session:
        state = session.state()
        log = session.audit_log()
    assert len(state.players) == 31 and len(state.rounds) == 5
    assert seen["standings_rows"] == 31 and "Open du club" in str(seen["title"])
    entry = next(e for e in log if e.reason)
    assert entry.reason == "Arrived for round 3, organiser agreed" and entry.changed_text("en") == "late entry"
    late = next(p for p in state.players if p.surname == "Retardataire")
    assert late.unrated and state.round(1).entry_of(late.id) is None and state.round(3).entry_of(late.id)
    requester = next(p for p in state.players if p.surname == LAST[players[4]])
    assert state.round(3).entry_of(requester.id).kind is Outcome.HALF_BYE
    leaver = next(p for p in state.players if p.surname == LAST[players[7]])
    assert leaver.withdrawn_from_round == 4 and state.round(5).entry_of(leaver.id).kind is Outcome.WITHDRAWN
    met = [frozenset(g.players()) for r in state.rounds for g in r.games]
    assert len(met) == len(set(met)), "a game was repeated"
    assert all(not r.missing_results for r in state.rounds)
    assert pdf.read_bytes().startswith(b"%PDF")
    assert bundle.exists(), seen["bundle_message"]
    assert verify_bundle(bundle).ok and "homologation.zip" in str(seen["bundle_message"])


def test_draughts_round_robin_of_10_then_undo_after_a_restart(qapp: QApplication, home: Path) -> None:
    """In French, as a French draughts arbiter runs it (issue 30): the FFJD's codes typed and spelt out in the
    Results tab and on the crosstable, the Solkoff family under the FFJD's heads, the rating as "Classement FFJD"."""
    QCoreApplication.setOrganizationName("tournament_desk")
    QCoreApplication.setApplicationName("tournament_desk")
    QSettings().setValue("language", "fr")
    rng = random.Random(10)
    seen: dict[str, object] = {}
    event = home / "Documents" / "championnat.tdesk"
    csv = home / "dames.csv"
    rows = ["nom;prénom;licence;classement"] + [f"{LAST[i]};{FIRST[i]};{2000 + i};{1200 + 50 * i}"
                                                 for i in rng.sample(range(10), 10)]
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")

    def script() -> Script:
        yield from _new_event("Championnat de dames", Discipline.DRAUGHTS, 9, event)
        w = _window()
        assert w.session.event.system is PairingSystem.ROUND_ROBIN  # the discipline's default
        later(w.registration.import_button.click)
        yield
        yield from choose_file(csv)
        yield from wait_for(lambda: len(w.state.players) == 10, "the CSV import")
        w.registration.lot_button.click()
        yield from wait_for(lambda: all(p.pairing_number for p in w.state.players), "numbers drawn by lot")
        for number in range(1, 10):
            yield from _pair(number)
            if number == 1:  # an unexcused forfeit: "+" gives the FFJD's 2fne-0fne
                w.tabs.setCurrentWidget(w.results)
                yield
                w.results.view.setFocus()
                w.results.view.setCurrentIndex(w.results.model.index(0, 2))
                QTest.keyClick(w.results.view, "+")
                yield from wait_for(lambda: w.state.round(1).game(1).result is not None, "the forfeit")
                assert w.results.model.data(w.results.model.index(0, 2)) == "2fne-0fne"
            yield from _type_results(rng, "210", start=1 if number == 1 else 0)
        seen["legend"] = w.results.legend.text()
        seen["help"] = w.results.help.text()
        w.tabs.setCurrentWidget(w.pairings)
        yield
        assert w.pairings.grid_view.isVisible() and w.pairings.grid_model.rowCount() == 9  # the FMJD grid
        assert [w.pairings.model.headerData(c, Qt.Orientation.Horizontal) for c in (1, 3)] == ["Blancs", "Noirs"]
        w.tabs.setCurrentWidget(w.standings)
        yield
        model = w.standings.view.model()
        seen["standings"] = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
        seen["note"] = w.standings.note.text()

    code, errors = run_script(lambda: main([]), script)
    assert not errors, errors[0]
    with EventSession.open(event, readonly=True) as session:
        state = session.state()
        last_result = session.undo_label("fr")
    assert len(state.rounds) == 9 and all(not r.missing_results for r in state.rounds)
    pairs = {frozenset(g.players()) for r in state.rounds for g in r.games}
    assert len(pairs) == 45  # everyone met everyone once
    assert state.event.discipline is Discipline.DRAUGHTS and state.event.scoring.win == 2
    assert state.round(1).game(1).result is GameResult.WHITE_FORFEIT_WIN_UNEXCUSED
    assert str(seen["help"]).startswith("Touches : 2 / 1 / 0")
    legend = str(seen["legend"])
    assert "2fe / 0fe = victoire / défaite par forfait excusé" in legend and "0r = 0-0 réglementaire" in legend
    assert "2fne / 0fne = victoire / défaite par forfait non excusé" in legend
    assert legend.endswith("(FFJD, Classement National §4)")
    heads = seen["standings"]
    assert isinstance(heads, list) and heads[3:] == ["Classement FFJD", "Points", "Sk", "Sm", "St",
                                                     "Classement FFJD ±", "Classement FFJD après"], heads
    assert "Sk = Solkoff (FFJD, Classement National §3" in str(seen["note"]) and "C.07" not in str(seen["note"])
    with EventSession.open(event, readonly=True) as session:
        crosstable = "\n".join(page.extract_text(extraction_mode="layout")
                               for page in PdfReader(io.BytesIO(crosstable_pdf(session, "fr"))).pages)
    assert "2fne / 0fne = victoire / défaite par forfait non excusé" in crosstable and "2fne" in crosstable
    assert "Sm = Solkoff médian (FFJD, Classement National §3" in crosstable and "C.07" not in crosstable
    assert "CP" in crosstable

    # (c) the program started again on the file (as `tournament-desk EVENT.tdesk`): undo the last result
    def reopen() -> Script:
        w = _window()
        yield from wait_for(lambda: w.session is not None, "the event")
        assert w.undo_action.isEnabled() and w.undo_action.text().endswith(last_result or "?")
        w.undo_action.trigger()
        yield
        assert w.statusBar().currentMessage().startswith("Annuler : Résultat ronde 9")

    code, errors = run_script(lambda: main([str(event)]), reopen)
    assert not errors, errors[0]
    assert code == 0
    with EventSession.open(event, readonly=True) as session:
        assert len(session.state().round(9).missing_results) == 1
        assert session.redo_label("fr") == last_result


def test_a_bare_start_creates_nothing_and_a_bad_file_lands_on_the_start_screen(qapp: QApplication,
                                                                                home: Path) -> None:
    foreign = home / "notes.tdesk"
    foreign.write_text("not an event", encoding="utf-8")

    def script() -> Script:
        w = _window()
        text = yield from answer(QMessageBox.StandardButton.Ok)
        assert "notes.tdesk" in text and "SQLite" in text
        assert w.stack.currentWidget() is w.start_page and w.session is None
        w.start_page.grab().save(str(home / "start.png"))

    code, errors = run_script(lambda: main([str(foreign)]), script)
    assert not errors, errors[0]
    assert code == 0
    assert list((home / "Documents").iterdir()) == []  # no event file was created


def test_enter_reopens_the_last_event(qapp: QApplication, home: Path) -> None:
    path = home / "Documents" / "open.tdesk"
    from tournament_desk.core.model import Event

    EventSession.create(path, Event.for_discipline("Open", Discipline.CHESS)).close()

    def first() -> Script:
        w = _window()
        yield from wait_for(lambda: w.session is not None)

    run_script(lambda: main([str(path)]), first)

    def second() -> Script:
        w = _window()
        yield from wait_for(lambda: w.start_page.recent.count() == 1, "the recent event")
        assert w.start_page.selected_path() == path.resolve()
        w.start_page.recent.setFocus()
        QTest.keyClick(w.start_page.recent, Qt.Key.Key_Return)
        yield from wait_for(lambda: w.session is not None, "the event reopened")

    code, errors = run_script(lambda: main([]), second)
    assert not errors, errors[0]
    assert code == 0
