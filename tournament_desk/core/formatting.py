"""Numbers, scores, dates and colours written the way the user's language writes them: one place for the
screen, the printed documents and the CLI's text output, so that they never disagree.

The conventions (``lang`` is "fr" or "en"; any other value is treated as English):

* A player's points (:func:`format_score`): whole numbers plain, a half as ``½`` (``2½``, ``½``) in both
  languages, as chess and draughts crosstables print them and as the printed documents always have; any other
  fraction (a scoring profile with quarters, a mean) as a number with the language's decimal separator.
* Any other number (:func:`format_number`: tie-breaks, ratings averages, performances): at most two decimals,
  no trailing zeros, a decimal comma in French (``23,5``), a point in English (``23.5``). Files meant for other
  programs (TRF, CSV for the federation) keep their own formats and do not use this module.
* A number of points with its noun (:func:`format_points`): ``1 point``, ``2.5 points``; French keeps the
  singular up to 1 (``0,5 point``), English only for exactly 1.
* Dates (:func:`format_date`): ``01/05/2026`` in French (day/month/year, the French norm), ISO ``2026-05-01`` in
  English (unambiguous for British and American readers alike, whose short forms disagree); the long form
  ``1er mai 2026`` / ``1 May 2026`` for headers. Month names and the date patterns are the message catalogue's
  (not ``strftime``'s), so the text does not depend on the machine's locale.
* The colour letter of a crosstable cell (:func:`colour_letter`): ``B``/``N`` (Blancs, Noirs) in French,
  ``w``/``b`` in English, as FIDE wallcharts write them (the catalogue's translation of ``w`` and ``b``).
"""

from __future__ import annotations

import datetime as dt

from tournament_desk.core.messages import N_, msg

__all__ = ["colour_letter", "csv_separator", "decimal_text", "format_date", "format_date_range", "format_datetime",
           "format_number", "format_points", "format_score", "whole_number"]

_EPS = 1e-9


def decimal_text(text: str, lang: str) -> str:
    """A number already written with a decimal point (``"23.5"``), with the language's decimal separator."""
    return text.replace(".", ",") if lang == "fr" else text


_decimal = decimal_text


def whole_number(text: str, *, digits: int = 9) -> int | None:
    """The whole number a user or a file wrote in ASCII digits (surrounding spaces allowed, at most ``digits`` of
    them), else None. ``str.isdigit`` alone is not enough: ``"²".isdigit()`` is true but ``int("²")`` fails, and
    ``int`` refuses a string of more than 4300 digits."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= digits else None


def csv_separator(lang: str = "en") -> str:
    """The field separator a spreadsheet of the language expects in a CSV file: ``;`` in French (whose decimal
    separator is the comma), ``,`` in English."""
    return ";" if lang == "fr" else ","


def format_number(value: float | None, lang: str = "en", *, decimals: int = 2) -> str:
    """A number as shown and printed: integers plain (``4``), others with at most ``decimals`` digits and no
    trailing zeros (``23.5``, ``79.25``, ``1823.33``), a decimal comma in French (``23,5``); ``""`` for None."""
    if value is None:
        return ""
    if abs(value - round(value)) < _EPS:
        return str(round(value) + 0)  # + 0: never "-0"
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    if text in ("-0", "0", ""):
        return "0"
    return _decimal(text, lang)


def format_score(value: float, lang: str = "en") -> str:
    """A player's points: ``3``, ``2½``, ``½``; other fractions as :func:`format_number` (``1,25`` in French)."""
    sign = "-" if value < 0 else ""
    whole, frac = divmod(abs(value), 1)
    if frac < _EPS or 1 - frac < _EPS:
        return format_number(value, lang)
    if abs(frac - 0.5) < _EPS:
        return f"{sign}{int(whole)}½" if whole else f"{sign}½"
    return format_number(value, lang)


def format_points(value: float, lang: str = "en") -> str:
    """A number of points with its noun, as a sentence writes it: ``1 point``, ``2.5 points``; in French the
    decimal comma and the singular up to 1 (``0,5 point``, ``1,5 points``), in English the singular for 1 only."""
    return _decimal(f"{value:g}", lang) + (" point" if is_singular(value, lang) else " points")


def is_singular(count: float, lang: str = "en") -> bool:
    """Whether the noun after ``count`` takes the singular: in French up to 1 (``0 joueur``, ``1 joueur``), in
    English for 1 only. The caller then picks the singular or the plural message of the catalogue."""
    return count <= 1 if lang == "fr" else count == 1


_MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
           N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))


def format_date(day: dt.date, lang: str = "en", *, long: bool = False) -> str:
    """``01/05/2026`` (French) or ``2026-05-01`` (English); with ``long``, ``1er mai 2026`` or ``1 May 2026``."""
    if isinstance(day, dt.datetime):
        day = day.date()
    if long:
        month = msg(_MONTHS[day.month - 1])
        if day.day == 1:  # French writes the first of the month as an ordinal ("1er mai")
            return msg("1 {month} {year}", month=month, year=day.year).text(lang)
        return msg("{day} {month} {year}", day=day.day, month=month, year=day.year).text(lang)
    return msg("{year:04d}-{month:02d}-{day:02d}", year=day.year, month=day.month, day=day.day).text(lang)


def format_date_range(start: dt.date | None, end: dt.date | None, lang: str = "en", *, long: bool = True) -> str:
    """The dates of an event: one date when it lasts a day (or has no end date), else ``start – end``;
    ``""`` without a start date."""
    if start is None:
        return ""
    if end is None or end == start:
        return format_date(start, lang, long=long)
    return f"{format_date(start, lang, long=long)} – {format_date(end, lang, long=long)}"


def format_datetime(moment: dt.datetime, lang: str = "en", *, seconds: bool = True) -> str:
    """A date and time (journal entries, backups): ``01/05/2026 14:03:07`` or ``2026-05-01 14:03:07``."""
    clock = moment.strftime("%H:%M:%S" if seconds else "%H:%M")  # digits only: independent of the locale
    return f"{format_date(moment.date(), lang)} {clock}"


def colour_letter(is_white: bool, lang: str = "en") -> str:
    """The colour a player had, in a crosstable cell: ``B``/``N`` in French, ``w``/``b`` in English."""
    return (msg("w") if is_white else msg("b")).text(lang)
