"""core.formatting: numbers, scores, dates and colour letters in the language's form (issue 18: "2.5" on one tab
and "2,5" on another, w/b on screen and B/N in print)."""

from __future__ import annotations

import datetime as dt

import pytest

from tournament_desk.core.formatting import (
    colour_letter,
    format_date,
    format_date_range,
    format_datetime,
    format_number,
    format_score,
)


def test_numbers_use_the_languages_decimal_separator() -> None:
    values = (23.5, 4.0, 79.25, 1823.3333, None, -0.0, 0.004, -0.004, 1e-12, 12.999999999)
    assert [format_number(v, "en") for v in values] == ["23.5", "4", "79.25", "1823.33", "", "0", "0", "0", "0",
                                                         "13"]
    assert [format_number(v, "fr") for v in values] == ["23,5", "4", "79,25", "1823,33", "", "0", "0", "0", "0",
                                                         "13"]
    assert format_number(-1.5, "fr") == "-1,5"
    assert format_number(1823.3333, "fr", decimals=1) == "1823,3"
    assert format_number(0.125, "en", decimals=3) == "0.125"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_scores_print_halves_as_in_crosstables(lang: str) -> None:
    assert [format_score(v, lang) for v in (0, 0.5, 1, 2.5, 3.0, 10.5, 7.0000000001)] == \
        ["0", "½", "1", "2½", "3", "10½", "7"]
    assert format_score(-0.5, lang) == "-½" and format_score(-2.5, lang) == "-2½"


def test_other_fractions_of_a_score_are_numbers_in_the_language() -> None:
    assert format_score(1.25, "en") == "1.25" and format_score(1.25, "fr") == "1,25"
    assert format_score(2.75, "fr") == "2,75"


def test_dates() -> None:
    may = dt.date(2026, 5, 1)
    assert format_date(may, "fr") == "01/05/2026"
    assert format_date(may, "en") == "2026-05-01"
    assert format_date(dt.date(2026, 12, 20), "fr", long=True) == "20 décembre 2026"
    assert format_date(may, "fr", long=True) == "1er mai 2026"
    assert format_date(dt.date(2026, 8, 15), "en", long=True) == "15 August 2026"
    assert format_date(dt.datetime(2026, 3, 9, 23, 59), "fr") == "09/03/2026"
    assert format_date_range(may, dt.date(2026, 5, 8), "fr") == "1er mai 2026 – 8 mai 2026"
    assert format_date_range(may, may, "en") == "1 May 2026"
    assert format_date_range(may, None, "en", long=False) == "2026-05-01"
    assert format_date_range(None, may, "fr") == ""
    moment = dt.datetime(2026, 5, 1, 14, 3, 7)
    assert format_datetime(moment, "fr") == "01/05/2026 14:03:07"
    assert format_datetime(moment, "en", seconds=False) == "2026-05-01 14:03"


def test_colour_letters() -> None:
    assert (colour_letter(True, "fr"), colour_letter(False, "fr")) == ("B", "N")
    assert (colour_letter(True, "en"), colour_letter(False, "en")) == ("w", "b")
