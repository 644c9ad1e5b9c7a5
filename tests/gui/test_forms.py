"""Issue 29 items 5 and 6, through the real program: forms that take typing at once, a licence number registered
once, and dialogs that fit a 1366×768 screen with no label standing without its field.

Each test starts the program with ``tournament_desk.__main__.main`` (what the ``tournament-desk`` command runs),
types with ``QTest.keyClicks`` into the field that has the focus, as a person does (Tab from field to field, or a
click), then reads the event file back.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QRect, QSettings, QSize, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QFormLayout, QLabel, QLayoutItem, QMessageBox, QWidget

from tests.gui.driver import Script, answer, click_ok, later, main_window, modal, run_script, type_into, wait_for
from tournament_desk.__main__ import main
from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import (
    AddPlayer,
    AddPlayers,
    NumberPlayers,
    RecordResult,
    RequestBye,
    SetForbiddenPair,
    WithdrawPlayer,
)
from tournament_desk.core.results import Discipline
from tournament_desk.gui.dialogs.apart_dialog import ApartDialog
from tournament_desk.gui.dialogs.column_mapping import ColumnMappingDialog
from tournament_desk.gui.dialogs.event_dialog import EventDialog
from tournament_desk.gui.dialogs.import_trf import ImportTrfDialog
from tournament_desk.gui.dialogs.lists import BackupsDialog, HistoryDialog
from tournament_desk.gui.dialogs.manual_dialog import ManualPairingDialog
from tournament_desk.gui.dialogs.player_dialog import PlayerDialog
from tournament_desk.gui.dialogs.rating_period import RatingPeriodDialog
from tournament_desk.gui.dialogs.registration_dialogs import ByeRequestDialog, NumbersDialog, WithdrawDialog
from tournament_desk.gui.dialogs.rules_dialog import RulesDialog
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventSession

DATA = Path(__file__).resolve().parents[1] / "data"
SCREEN = QSize(1366, 768)
FITS = QSize(SCREEN.width() - 66, SCREEN.height() - 68)
"""What a dialog may take of a 1366×768 screen (1300×700): room left for the taskbar, the title bar and the
window's edges."""

DATES = {"fr": ("20/03/1990", "5/11/1988", "31/02/1988", "14/03/2026"),
         "en": ("1990-03-20", "1988-11-05", "1988-02-31", "2026-03-14")}
"""Typed as a person of each language writes a date: the birth date, its correction, a day that does not exist, an
event's start."""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(tmp_path / "Documents"))
    monkeypatch.setenv("TDESK_ARBITER", "Claire Arbitre")
    monkeypatch.setenv("TDESK_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "Documents").mkdir()
    QCoreApplication.setOrganizationName("tournament_desk")
    QCoreApplication.setApplicationName("tournament_desk")
    return tmp_path


def _language(lang: str) -> None:
    QSettings().setValue("language", lang)


def _focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the focus"
    return widget


def _tab_to(target: QWidget) -> Script:
    """Press Tab, as a person does, until ``target`` has the focus."""
    for _ in range(40):
        if _focused() is target:
            return
        QTest.keyClick(_focused(), Qt.Key.Key_Tab)
        yield
    raise AssertionError(f"Tab never reached {target}")


def _click_into(target: QWidget) -> Script:
    """Click into ``target`` (its text is then selected: what is typed replaces it)."""
    QTest.mouseClick(target, Qt.MouseButton.LeftButton)
    yield
    yield
    assert _focused() is target


def _type(text: str) -> None:
    """Key presses into the field that has the focus (QTest.keyClicks; accented letters as the driver types them)."""
    if text.isascii():
        QTest.keyClicks(_focused(), text)
    else:
        type_into(_focused(), text, clear=False)


def _ok_without_question(dialog: QDialog) -> Script:
    """OK; the form stays open with its error (no question box, no closing)."""
    later(lambda: click_ok(dialog))
    yield
    yield
    shown = QApplication.activeModalWidget()
    if isinstance(shown, QMessageBox):
        text = shown.text()
        shown.reject()
        raise AssertionError(f"a question was asked: {text}")
    assert dialog.isVisible() and shown is dialog


def _error_under(dialog: Any, field: str) -> str:
    label: QLabel = dialog.field_errors[field]
    assert label.isVisible(), f"no error shown under {field}"
    return label.text()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_numbers_and_dates_take_typing_at_once(qapp: QApplication, home: Path, lang: str) -> None:
    """The rating and the birth date typed straight into the form (no "—" left, no Ctrl+A first), a date in the
    language's order, a wrong date refused under its field, an empty date; the event's rounds and start date."""
    event = home / "Documents" / "club.tdesk"
    with EventSession.create(event, Event.for_discipline("Open du club", Discipline.CHESS, rounds=7)) as s:
        s.run(AddPlayer(surname="Alpha", ratings=(("fide", 1500),)))
    _language(lang)
    birth, corrected, impossible, start = DATES[lang]
    seen: dict[str, Any] = {}

    def script() -> Script:
        w = main_window()
        yield from wait_for(lambda: w.session is not None, "the event")
        reg = w.registration
        w.tabs.setCurrentWidget(reg)
        later(reg.add_button.click)
        yield
        dialog = yield from modal(PlayerDialog)
        yield
        dialog.surname.setFocus()
        yield
        _type("Durand")
        yield from _tab_to(dialog.first_name)
        _type("Zoe")
        yield from _tab_to(dialog.birth)
        _type(birth)
        yield from _tab_to(dialog.rating)
        _type("1850")
        seen["typed"] = (dialog.rating.text(), dialog.birth.text())
        click_ok(dialog)
        yield from wait_for(lambda: w.state is not None and len(w.state.players) == 2, "the new player")
        seen["first stored"] = (w.state.player(2).rating("fide"), w.state.player(2).birth_date)

        reg.filter.setText("Durand")
        reg.view.selectRow(0)
        later(reg.edit_button.click)
        yield
        dialog = yield from modal(PlayerDialog)
        yield
        seen["shown"] = (dialog.rating.text(), dialog.birth.text())
        yield from _click_into(dialog.rating)
        _type("1905")  # replaces 1850: the text is selected when the field gets the focus
        yield from _click_into(dialog.birth)
        _type(impossible)
        yield from _ok_without_question(dialog)
        seen["wrong date"] = _error_under(dialog, "birth_date")
        assert _focused() is dialog.birth  # the refused field has the focus, its text selected: typed anew
        _type(corrected)
        click_ok(dialog)
        yield from wait_for(lambda: w.state.player(2).rating("fide") == 1905, "the edit")
        seen["after the edit"] = (w.state.player(2).rating("fide"), w.state.player(2).birth_date)

        later(reg.edit_button.click)  # the birth date emptied, the rating emptied: neither is known
        yield
        dialog = yield from modal(PlayerDialog)
        yield
        yield from _click_into(dialog.birth)
        QTest.keyClick(_focused(), Qt.Key.Key_Delete)
        yield from _click_into(dialog.rating)
        QTest.keyClick(_focused(), Qt.Key.Key_Backspace)
        seen["emptied"] = (dialog.rating.text(), dialog.birth.text())
        click_ok(dialog)
        yield from wait_for(lambda: w.state.player(2).birth_date is None, "the emptied date")

        later(w.settings_action.trigger)
        yield
        settings = yield from modal(EventDialog)
        yield
        settings.name.setFocus()
        yield
        yield from _tab_to(settings.start)
        _type(start)
        yield from _tab_to(settings.end)
        _type(start)
        yield from _tab_to(settings.rounds)
        _type("9")  # replaces 7
        seen["rounds"] = settings.rounds.text()
        click_ok(settings)
        yield from wait_for(lambda: w.state.event.rounds == 9, "the settings")

    code, errors = run_script(lambda: main([str(event)]), script)
    assert errors == [] and code == 0, errors
    assert seen["typed"] == ("1850", birth)
    assert seen["first stored"] == (1850, dt.date(1990, 3, 20))
    assert seen["shown"] == ("1850", "20/03/1990" if lang == "fr" else "1990-03-20")
    expected = ("« 31/02/1988 » n'est pas une date (tapez-la sous la forme JJ/MM/AAAA)" if lang == "fr" else
                "'1988-02-31' is not a date (type it as YYYY-MM-DD)")
    assert seen["wrong date"] == expected
    assert seen["emptied"] == ("", "") and seen["rounds"] == "9"
    assert seen["after the edit"] == (1905, dt.date(1988, 11, 5))
    with EventSession.open(event, readonly=True) as s:
        player = s.state().player(2)
        assert (player.surname, player.first_name, player.rating("fide"), player.birth_date) == \
            ("Durand", "Zoe", None, None)
        assert s.event.rounds == 9 and s.event.start_date == s.event.end_date == dt.date(2026, 3, 14)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_licence_registered_twice_is_refused_without_register_anyway(qapp: QApplication, home: Path,
                                                                        lang: str) -> None:
    """The same licence number: refused under the licence field, naming the other player (name and id), with no
    "register anyway?" question; a namesake with another licence is asked about, and registered on request."""
    event = home / "Documents" / "open.tdesk"
    with EventSession.create(event, Event.for_discipline("Open", Discipline.CHESS, rounds=5)) as s:
        s.run(AddPlayer(surname="Durand", first_name="Zoé", licence_id="A123", birth_date=dt.date(2001, 2, 3)))
    _language(lang)
    birth = "03/02/2001" if lang == "fr" else "2001-02-03"
    seen: dict[str, Any] = {}

    def fill(dialog: PlayerDialog, surname: str, first: str, licence: str, born: str = "") -> Script:
        dialog.surname.setFocus()
        yield
        _type(surname)
        yield from _tab_to(dialog.first_name)
        _type(first)
        if born:
            yield from _tab_to(dialog.birth)
            _type(born)
        yield from _tab_to(dialog.licence)
        _type(licence)

    def script() -> Script:
        w = main_window()
        yield from wait_for(lambda: w.session is not None, "the event")
        reg = w.registration
        w.tabs.setCurrentWidget(reg)
        later(reg.add_button.click)
        yield
        dialog = yield from modal(PlayerDialog)
        yield
        yield from fill(dialog, "Martin", "Luc", "a123")
        yield from _ok_without_question(dialog)
        seen["refused"] = _error_under(dialog, "licence_id")
        seen["focus"] = _focused() is dialog.licence
        dialog.reject()
        yield

        later(reg.add_button.click)  # a namesake, another licence: the question, then registered
        yield
        dialog = yield from modal(PlayerDialog)
        yield
        yield from fill(dialog, "Durand", "Zoé", "B456", birth)
        later(lambda: click_ok(dialog))
        yield
        seen["question"] = yield from answer(QMessageBox.StandardButton.Yes)
        yield from wait_for(lambda: w.state is not None and len(w.state.players) == 2, "the namesake")

    code, errors = run_script(lambda: main([str(event)]), script)
    assert errors == [] and code == 0, errors
    if lang == "fr":
        assert seen["refused"] == ("Un numéro de licence n'appartient qu'à un seul joueur : MARTIN Luc a la licence "
                                   "A123, déjà inscrite pour DURAND Zoé (identifiant 1)")
        assert "DURAND Zoé ressemble à DURAND Zoé (identifiant 1), déjà inscrit(e)" in seen["question"]
        assert "Inscrire quand même ?" in seen["question"]
    else:
        assert seen["refused"] == ("A licence number belongs to one player only: MARTIN Luc has licence A123, already "
                                   "registered for DURAND Zoé (id 1)")
        assert "DURAND Zoé looks like DURAND Zoé (id 1), already registered" in seen["question"]
        assert "Register anyway?" in seen["question"]
    assert seen["focus"]
    with EventSession.open(event, readonly=True) as s:
        assert [(p.id, p.surname, p.licence_id) for p in s.state().players] == [(1, "Durand", "A123"),
                                                                                (2, "Durand", "B456")]


# -- item 6: every dialog fits a 1366×768 screen ------------------------------------------------------------------

SURNAMES = ["de La Rochefoucauld-Montmorency", "Martin", "Bernard", "Dubois-Lefèvre", "Thomas", "Robert",
            "Fournier de Saint-Exupéry", "Petit", "Durand", "Leroy", "Moreau", "Simon", "Laurent", "Michel",
            "Garcia y Villanueva", "David", "Bertrand", "Roux", "Vincent", "Morel"]
FIRST_NAMES = ["Marie-Geneviève", "Jean-Christophe", "Léa", "Hugo", "Anne-Sophie", "Noé", "Pierre-Alexandre",
               "Inès", "Zoé", "Luc"]
CLUBS = ["Échiquier Club de Villeneuve-lès-Avignon", "Cercle d'Échecs de Lyon", "Damier Lillois",
         "Association sportive et culturelle des cheminots de Saint-Pierre-des-Corps"]


def _players(n: int, rating: str) -> list[dict[str, Any]]:
    return [{"surname": SURNAMES[i % len(SURNAMES)] + ("" if i < len(SURNAMES) else f" {i}"),
             "first_name": FIRST_NAMES[i % len(FIRST_NAMES)], "club": CLUBS[i % len(CLUBS)],
             "licence_id": f"K{10000 + i}", "federation": "FRA", "ratings": ((rating, 1350 + 23 * ((i * 7) % 40)),)}
            for i in range(n)]


def _chess_swiss(path: Path) -> None:
    """A 40-player Open of 9 rounds, three played: long names and clubs, players kept apart, a withdrawal, a bye
    requested, backups."""
    event = Event.for_discipline("Open international de Villeneuve-lès-Avignon — tournoi principal",
                                 Discipline.CHESS, system=PairingSystem.DUTCH, rounds=9)
    with EventSession.create(path, event) as s:
        s.run(AddPlayers(_players(40, "fide")))
        s.run(SetForbiddenPair(1, 2))
        s.run(SetForbiddenPair(3, 4))
        for number in (1, 2, 3):
            rnd = pair_next(s).payload.round
            for g in rnd.games:
                s.run(RecordResult(number, g.board, ("1-0", "1/2", "0-1")[(g.board + number) % 3]))
        s.run(WithdrawPlayer(40, 4))
        s.run(RequestBye(4, 5, "hpb"))
        s.backup("before round 4")
        s.backup("test")


def _draughts_round_robin(path: Path) -> None:
    event = Event.for_discipline("Championnat de Provence-Alpes-Côte d'Azur de jeu de dames", Discipline.DRAUGHTS,
                                 system=PairingSystem.ROUND_ROBIN, rounds=9)
    with EventSession.create(path, event) as s:
        s.run(AddPlayers(_players(10, "ffjd")))
        s.run(NumberPlayers("lot", seed=29))
        rnd = pair_next(s).payload.round
        for g in rnd.games:
            s.run(RecordResult(1, g.board, "2-0"))
        s.backup("test")


def _unknown_rating_list(path: Path) -> None:
    """A federation's list whose 20 columns this program does not know (the mapping dialog is asked)."""
    heads = ["Kennung", "Nachname", "Vorname", "Verein", "Landesverband", "Geschlecht", "Jahrgang", "Status",
             "Wertung", "Index", "Partien", "Letzte Auswertung", "Titel", "Elo-Kennung", "Elo", "Elo-Partien",
             "Schnellschach", "Blitz", "Bemerkung", "Gültig bis"]
    path.write_text(";".join(heads) + "\n" + ";".join(str(i) for i in range(20)) + "\n", encoding="utf-8")


@dataclass
class Measured:
    """A dialog as it was shown: what it asks (its size hint), what it has, the least it can take, where it stands,
    the texts of its labels, and those of its labels shown without their field."""

    hint: QSize
    size: QSize
    minimum: QSize
    frame: QRect
    labels: list[str]
    alone: list[str]


def _measure(seen: dict[str, Measured], name: str, open_it: Callable[[], Any], kind: type[QDialog],
             prepare: Callable[[Any], Any] | None = None) -> Script:
    later(open_it)
    yield
    dialog = yield from modal(kind, name)
    yield
    if prepare is not None:
        prepare(dialog)
        yield
    seen[name] = Measured(dialog.sizeHint(), dialog.size(), dialog.minimumSizeHint(), dialog.frameGeometry(),
                          [w.text() for w in dialog.findChildren(QLabel) if w.isVisible()],
                          [text for form in dialog.findChildren(QFormLayout) for text in _labels_alone(form)])
    dialog.reject()
    yield


def _shows(item: QLayoutItem | None) -> bool:
    """Whether a form's item shows anything: a visible widget, or a layout holding one."""
    if item is None:
        return False
    if item.widget() is not None:
        return item.widget().isVisible()
    layout = item.layout()
    return layout is not None and any(_shows(layout.itemAt(i)) for i in range(layout.count()))


def _labels_alone(form: QFormLayout) -> list[str]:
    """The labels shown whose field is not."""
    alone = []
    for row in range(form.rowCount()):
        label = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
        if _shows(label) and not _shows(form.itemAt(row, QFormLayout.ItemRole.FieldRole)):
            alone.append(label.widget().text() if isinstance(label.widget(), QLabel) else "?")
    return alone


def _every_dialog(home: Path, event: Path, seen: dict[str, Any]) -> Callable[[], Script]:
    rating_list = home / "liste.csv"
    _unknown_rating_list(rating_list)
    trf = DATA / "trf" / "swiss_manager_open.trf"

    def script() -> Script:
        w = main_window()
        yield from wait_for(lambda: w.session is not None and w.state is not None, "the event")
        reg = w.registration
        w.tabs.setCurrentWidget(reg)
        reg.filter.setText("Rochefoucauld")
        reg.view.selectRow(0)
        swiss = not w.state.event.system.is_round_robin
        seen["main window"] = Measured(w.sizeHint(), w.size(), w.minimumSizeHint(), w.frameGeometry(), [], [])
        yield from _measure(seen, "new event", w.new_action.trigger, EventDialog)
        yield from _measure(seen, "event settings", w.settings_action.trigger, EventDialog)
        yield from _measure(seen, "add player", reg.add_button.click, PlayerDialog)
        yield from _measure(seen, "edit player", reg.edit_button.click, PlayerDialog)
        yield from _measure(seen, "withdraw", reg.withdraw_button.click, WithdrawDialog)
        if swiss:
            yield from _measure(seen, "bye request", reg.bye_button.click, ByeRequestDialog)
        yield from _measure(seen, "pairing numbers", reg.manual_numbers_button.click, NumbersDialog)
        yield from _measure(seen, "players kept apart", w.apart_action.trigger, ApartDialog)
        yield from _measure(seen, "rules", w.rules_action.trigger, RulesDialog)
        if swiss:
            w.tabs.setCurrentWidget(w.pairings)
            yield from _measure(seen, "manual pairing", w.pairings.manual_button.click, ManualPairingDialog)
        yield from _measure(seen, "column mapping", lambda: w.import_rating_list(str(rating_list)),
                            ColumnMappingDialog)
        yield from _measure(seen, "TRF import", w.import_trf_action.trigger, ImportTrfDialog,
                            lambda d: (d.trf_edit.setText(str(trf)), d.read_trf()))
        yield from _measure(seen, "rating period", w.rating_period_action.trigger, RatingPeriodDialog,
                            lambda d: d.add_event_files([event]))
        yield from _measure(seen, "backups", w.restore_action.trigger, BackupsDialog)
        yield from _measure(seen, "history", w.history_action.trigger, HistoryDialog)

    return script


def _too_big(seen: dict[str, Measured], screen: QRect) -> list[str]:
    """The dialogs that ask for, have or need more than :data:`FITS`, or stand out of the screen."""
    too_big = []
    for name, m in seen.items():
        for what, size in (("asks", m.hint), ("has", m.size), ("needs", m.minimum)):
            if size.width() > FITS.width() or size.height() > FITS.height():
                too_big.append(f"{name} {what} {size.width()}×{size.height()}")
        if not screen.contains(m.frame):
            too_big.append(f"{name} stands at {m.frame} out of the screen {screen}")
    return too_big


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_dialog_fits_a_small_screen(qapp: QApplication, home: Path, lang: str) -> None:
    """Each dialog opened from the window on a realistic event — a 40-player Swiss with long names and clubs, three
    rounds played — and a draughts round robin, in both languages, on a 1366×768 screen: neither the window nor
    any dialog asks for, has or needs more than 1300×700 of it, each stands inside it, and no label is shown
    without its field (the round robin's settings have no initial colour nor acceleration)."""
    _language(lang)
    swiss, round_robin = home / "Documents" / "open.tdesk", home / "Documents" / "dames.tdesk"
    _chess_swiss(swiss)
    _draughts_round_robin(round_robin)
    screen = qapp.primaryScreen().availableGeometry()
    assert screen.size() == SCREEN, f"the tests' screen is {screen.size()} (tests/conftest.py sets 1366×768)"
    seen: dict[str, Measured] = {}
    for event in (swiss, round_robin):
        measured: dict[str, Measured] = {}
        code, errors = run_script(lambda event=event, measured=measured: main([str(event)]),
                                  _every_dialog(home, event, measured))
        assert errors == [] and code == 0, errors
        seen.update({f"{event.stem}: {name}": value for name, value in measured.items()})
    expected = {"main window", "new event", "event settings", "add player", "edit player", "withdraw", "bye request",
                "pairing numbers", "players kept apart", "rules", "manual pairing", "column mapping", "TRF import",
                "rating period", "backups", "history"}
    assert {name.removeprefix("open: ") for name in seen if name.startswith("open: ")} == expected
    assert {name.removeprefix("dames: ") for name in seen if name.startswith("dames: ")} == expected - {
        "bye request", "manual pairing"}
    assert _too_big(seen, screen) == []
    assert {name: m.alone for name, m in seen.items() if m.alone} == {}
    colour, acceleration = ("Couleur initiale", "Accélération") if lang == "fr" else ("Initial colour", "Acceleration")
    for event, shown in (("dames", False), ("open", True)):
        labels = seen[f"{event}: event settings"].labels
        assert (colour in labels, acceleration in labels) == (shown, shown), event
