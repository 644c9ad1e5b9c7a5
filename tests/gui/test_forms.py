"""Issue 29 item 5, through the real program: forms that take typing at once, a licence number registered once.

Each test starts the program with ``tournament_desk.__main__.main`` (what the ``tournament-desk`` command runs),
types with ``QTest.keyClicks`` into the field that has the focus, as a person does (Tab from field to field, or a
click), then reads the event file back.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QMessageBox, QWidget

from tests.gui.driver import Script, answer, click_ok, later, main_window, modal, run_script, type_into, wait_for
from tournament_desk.__main__ import main
from tournament_desk.core.model import Event
from tournament_desk.core.operations import AddPlayer
from tournament_desk.core.results import Discipline
from tournament_desk.gui.dialogs.event_dialog import EventDialog
from tournament_desk.gui.dialogs.player_dialog import PlayerDialog
from tournament_desk.services.session import EventSession

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

