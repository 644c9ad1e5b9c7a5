"""The form's number and date fields (gui/dialogs/form.py): a date as a person types it in each language, a whole
number or nothing, and the text selected when a field gets the focus (issue 29 item 5)."""

from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from tournament_desk.core.errors import ValidationError
from tournament_desk.gui.dialogs.form import DateField, NumberField, SpinBox, parse_date
from tournament_desk.gui.i18n import Translator

FR, EN = "dd/MM/yyyy", "yyyy-MM-dd"


@pytest.mark.parametrize(("text", "pattern", "day"), [
    ("20/03/1990", FR, dt.date(1990, 3, 20)), ("20.3.1990", FR, dt.date(1990, 3, 20)),
    ("5/11/1988", FR, dt.date(1988, 11, 5)), ("20031990", FR, dt.date(1990, 3, 20)),
    (" 1990-03-20 ", FR, dt.date(1990, 3, 20)),  # ISO in any language
    ("1990-03-20", EN, dt.date(1990, 3, 20)), ("19900320", EN, dt.date(1990, 3, 20)),
    ("20/03/1990", EN, dt.date(1990, 3, 20)),  # British order: the English of the program is the UK's
    ("31/02/1990", FR, None), ("20/03/90", FR, None), ("1990", FR, None), ("", FR, None), ("20/13/1990", FR, None),
    ("01/01/1899", FR, None), ("2026-13-01", EN, None),
])
def test_a_date_as_a_person_types_it(text: str, pattern: str, day: dt.date | None) -> None:
    assert parse_date(text, pattern) == day


def _form(qtbot: QtBot, *widgets: QWidget) -> tuple[QWidget, QLineEdit]:
    """The fields in a shown window, after a line edit that has the focus (the window, and that line edit)."""
    box = QWidget()
    layout = QVBoxLayout(box)
    first = QLineEdit()
    layout.addWidget(first)
    for w in widgets:
        layout.addWidget(w)
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    box.activateWindow()
    qtbot.waitUntil(lambda: box.isActiveWindow())
    first.setFocus()
    qtbot.waitUntil(first.hasFocus)
    return box, first


def test_fields_replace_their_text_when_they_get_the_focus(qtbot: QtBot) -> None:
    rounds, rating, born = SpinBox(), NumberField(1850, maximum=4000), DateField(Translator("fr"), dt.date(1990, 3, 20))
    rounds.setRange(1, 99)
    rounds.setValue(7)
    _box, first = _form(qtbot, rounds, rating, born)
    QTest.keyClick(first, Qt.Key.Key_Tab)
    assert rounds.hasFocus()
    QTest.keyClicks(rounds, "9")
    assert rounds.value() == 9
    first.setFocus()
    QTest.mouseClick(rounds.lineEdit(), Qt.MouseButton.LeftButton)  # a click: Qt's own spin box would give 95
    qtbot.wait(10)
    QTest.keyClicks(rounds, "5")
    assert rounds.value() == 5
    for field, text in ((rating, "1905"), (born, "05/11/1988")):
        QTest.mouseClick(field, Qt.MouseButton.LeftButton)
        qtbot.wait(10)
        QTest.keyClicks(field, text)
        assert field.text() == text
    assert (rating.value(), born.date()) == (1905, dt.date(1988, 11, 5))


def test_a_number_or_nothing_and_a_date_or_nothing(qtbot: QtBot) -> None:
    rating = NumberField(maximum=4000)
    born = DateField(Translator("en"))
    required = DateField(Translator("fr"), optional=False)
    _box, _first = _form(qtbot, rating, born, required)
    assert (rating.text(), rating.value(), rating.placeholderText()) == ("", None, "—")
    QTest.keyClicks(rating, "18a50x99")  # letters are not taken, nor a fifth digit
    assert rating.value() == 1850
    assert (born.date(), born.placeholderText()) == (None, "YYYY-MM-DD")
    assert required.placeholderText() == "JJ/MM/AAAA"
    with pytest.raises(ValidationError) as empty:
        required.date()
    assert empty.value.message("fr") == "Une date est nécessaire ici (tapez-la sous la forme JJ/MM/AAAA)"
    QTest.keyClicks(born, "1990-02-30")
    with pytest.raises(ValidationError, match=r"'1990-02-30' is not a date \(type it as YYYY-MM-DD\)"):
        born.date()
    born.setDate(dt.date(2001, 2, 3))
    required.setDate(dt.date(2001, 2, 3))
    assert (born.text(), required.text()) == ("2001-02-03", "03/02/2001")
