"""Issue 33 item 5, in the window: the FIDE report's header fields that only the command line could set — the host
federation (TRF26 Tournament Section, record 032) and the dates of the rounds (record 132, round r's date under
its round's columns 92+10(r-1)..99+10(r-1)) — typed in Event settings, saved as one undo step, and written by the
TRF export with the other header records (102 the chief arbiter, 112 one line per deputy, 222 the encoded time
control, 202/212 the tie-break list).

The program is started with ``tournament_desk.__main__.main``; the fields are reached with Tab and typed into as a
person does; the exported file is read back.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from tests.gui.driver import Script, click_ok, later, main_window, modal, run_script, wait_for
from tournament_desk.__main__ import main
from tournament_desk.core.model import Event
from tournament_desk.core.operations import AddPlayer
from tournament_desk.core.results import Discipline
from tournament_desk.gui.dialogs.event_dialog import EventDialog
from tournament_desk.services.session import EventSession

TYPED = {"fr": ("11/04/2026, 11/04/2026, , 13/04/2026", "11/04/2026, 31/04/2026"),
         "en": ("2026-04-11, 2026-04-11, , 2026-04-13", "2026-04-11, 2026-04-31")}
"""The round dates as a person of each language types them (round 3 without a date), and a list with a day that
does not exist."""


def _focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the focus"
    return widget


def _tab_to(target: QWidget) -> Script:
    for _ in range(40):
        if _focused() is target:
            return
        QTest.keyClick(_focused(), Qt.Key.Key_Tab)
        yield
    raise AssertionError(f"Tab never reached {target}")


def _lines(path: Path, code: str) -> list[str]:
    return [line for line in path.read_bytes().decode("utf-8").split("\r\n") if line.startswith(code)]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_federation_and_round_dates_typed_in_the_settings_reach_the_report(
        qapp: QApplication, home: Path, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    event = home / "Documents" / "lyon.tdesk"
    with EventSession.create(event, Event.for_discipline("Open de Lyon", Discipline.CHESS, rounds=5,
                                                         tiebreaks=("BH-C1", "BH", "SB"))) as s:
        for name, rating in (("Abel", 2010), ("Bruno", 1990), ("Chloé", 1950), ("Denis", 1900)):
            s.run(AddPlayer(surname=name, first_name="X", ratings=(("fide", rating),)))
    QSettings().setValue("language", lang)
    typed, impossible = TYPED[lang]
    seen: dict[str, Any] = {}

    def script() -> Script:
        w = main_window()
        yield from wait_for(lambda: w.session is not None, "the event")
        later(w.settings_action.trigger)
        yield
        settings = yield from modal(EventDialog)
        yield
        settings.name.setFocus()
        yield
        seen["labels"] = [settings.form.labelForField(f).text() for f in (settings.federation, settings.round_dates)
                          if isinstance(settings.form.labelForField(f), QLabel)]
        seen["chief"] = settings.arbiters.toolTip()
        yield from _tab_to(settings.arbiters)
        QTest.keyClicks(_focused(), "Pierre Durand, Claire Morel")  # the chief arbiter, then a deputy
        yield from _tab_to(settings.federation)
        QTest.keyClicks(_focused(), "fra")
        yield from _tab_to(settings.round_dates)
        QTest.keyClicks(_focused(), impossible)
        later(lambda: click_ok(settings))
        yield
        yield
        seen["refused"] = settings.field_errors["round_dates"].text()
        assert settings.isVisible()
        settings.round_dates.selectAll()
        QTest.keyClicks(settings.round_dates, typed)
        click_ok(settings)
        yield from wait_for(lambda: w.state.event.federation == "FRA", "the settings")

    code, errors = run_script(lambda: main([str(event)]), script)
    assert errors == [] and code == 0, errors
    assert seen["labels"] == (["Fédération", "Dates des rondes"] if lang == "fr" else ["Federation", "Round dates"])
    assert "102" in seen["chief"] and "112" in seen["chief"] and ("arbitre" in seen["chief"]) == (lang == "fr")
    assert "31" in seen["refused"] and (("n'est pas une date" in seen["refused"]) if lang == "fr"
                                        else ("is not a date" in seen["refused"]))
    with EventSession.open(event, readonly=True) as s:
        assert s.event.federation == "FRA"
        assert s.event.round_dates == (dt.date(2026, 4, 11), dt.date(2026, 4, 11), None, dt.date(2026, 4, 13))
        assert s.event.arbiters == ("Pierre Durand", "Claire Morel")

    # the report: pair round 1, export TRF26, read the header back
    assert main(["--lang", "en", "pair", str(event)]) == 0
    out = home / "lyon.trf"
    assert main(["--lang", "en", "export", str(event), "--trf", str(out), "--edition", "26"]) == 0
    capsys.readouterr()
    assert _lines(out, "032") == ["032 FRA"]
    assert _lines(out, "102") == ["102 Pierre Durand"] and _lines(out, "112") == ["112 Claire Morel"]
    dates = _lines(out, "132")[0]
    assert [dates[91 + 10 * r: 99 + 10 * r].strip() for r in range(5)] == ["26/04/11", "26/04/11", "",
                                                                            "26/04/13", ""]
    player = _lines(out, "001")[0]
    assert player[91:95].strip().isdigit() and player[96] in "wb"  # round 1's block under the first date
    assert _lines(out, "222") == ["222 5400+30"]
    assert _lines(out, "202") == ["202 BH/C1,BH,SB"] and _lines(out, "212") == ["212 PTS,BH/C1,BH,SB"]


def test_the_federation_and_dates_are_one_undo_step(qapp: QApplication, home: Path) -> None:
    """Saving the form is one action: one Undo takes back the federation and the dates together."""
    event = home / "Documents" / "club.tdesk"
    with EventSession.create(event, Event.for_discipline("Club", Discipline.CHESS, rounds=3)):
        pass
    QSettings().setValue("language", "en")
    seen: dict[str, Any] = {}

    def script() -> Script:
        w = main_window()
        yield from wait_for(lambda: w.session is not None, "the event")
        later(w.settings_action.trigger)
        yield
        settings = yield from modal(EventDialog)
        yield
        settings.federation.setFocus()
        QTest.keyClicks(settings.federation, "ger")
        settings.round_dates.setFocus()
        QTest.keyClicks(settings.round_dates, "2026-05-01, 2026-05-02")
        click_ok(settings)
        yield from wait_for(lambda: w.state.event.federation == "GER", "the settings")
        seen["saved"] = (w.state.event.federation, w.state.event.round_dates)
        w.undo_action.trigger()
        yield from wait_for(lambda: w.state.event.federation == "", "the undo")
        seen["undone"] = (w.state.event.federation, w.state.event.round_dates, w.undo_action.isEnabled())

    code, errors = run_script(lambda: main([str(event)]), script)
    assert errors == [] and code == 0, errors
    assert seen["saved"] == ("GER", (dt.date(2026, 5, 1), dt.date(2026, 5, 2)))
    assert seen["undone"] == ("", (), False)
