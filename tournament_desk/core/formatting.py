"""Numbers, scores, dates and colours written the way the user's language writes them: one place for the
screen, the printed documents and the CLI's text output, so that they never disagree.

The conventions (``lang`` is "fr" or "en"; any other value is treated as English):

* A player's points (:func:`format_score`): whole numbers plain, a half as ``½`` (``2½``, ``½``) in both
  languages, as chess and draughts crosstables print them and as the printed documents always have; any other
  fraction (a scoring profile with quarters, a mean) as a number with the language's decimal separator.
* Any other number (:func:`format_number`: tie-breaks, ratings averages, performances): at most two decimals,
  no trailing zeros, a decimal comma in French (``23,5``), a point in English (``23.5``). Files meant for other
  programs (TRF, CSV for the federation) keep their own formats and do not use this module.
* Dates (:func:`format_date`): ``01/05/2026`` in French (day/month/year, the French norm), ISO ``2026-05-01`` in
  English (unambiguous for British and American readers alike, whose short forms disagree); the long form
  ``1er mai 2026`` / ``1 May 2026`` for headers. Month names are spelled here, not by ``strftime``, so the text
  does not depend on the machine's locale.
* The colour letter of a crosstable cell (:func:`colour_letter`): ``B``/``N`` (Blancs, Noirs) in French,
  ``w``/``b`` in English, as FIDE wallcharts write them.
"""

from __future__ import annotations

import datetime as dt

__all__ = ["colour_letter", "format_date", "format_date_range", "format_datetime", "format_number",
           "format_score"]

_EPS = 1e-9


def _decimal(text: str, lang: str) -> str:
    return text.replace(".", ",") if lang == "fr" else text


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


_MONTHS = {
    "fr": ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
           "novembre", "décembre"),
    "en": ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"),
}


def format_date(day: dt.date, lang: str = "en", *, long: bool = False) -> str:
    """``01/05/2026`` (French) or ``2026-05-01`` (English); with ``long``, ``1er mai 2026`` or ``1 May 2026``."""
    if isinstance(day, dt.datetime):
        day = day.date()
    if long:
        if lang == "fr":
            return f"{'1er' if day.day == 1 else day.day} {_MONTHS['fr'][day.month - 1]} {day.year}"
        return f"{day.day} {_MONTHS['en'][day.month - 1]} {day.year}"
    if lang == "fr":
        return f"{day.day:02d}/{day.month:02d}/{day.year:04d}"
    return day.isoformat()


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
    if lang == "fr":
        return "B" if is_white else "N"
    return "w" if is_white else "b"
