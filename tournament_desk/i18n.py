"""The message catalogues, read where texts are shown (the GUI, the CLI, printed documents).

gettext catalogues compiled by Babel (``tournament_desk/locale/<lang>/LC_MESSAGES/tournament_desk.mo``, from the
``.po`` next to it) and read with the standard library's :mod:`gettext`. English is the source language: its
texts are the message ids. No Qt here: the CLI and the printed documents use the same catalogue as the GUI.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

DOMAIN = "tournament_desk"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "fr")


@cache
def _catalogue(lang: str) -> gettext.NullTranslations:
    try:
        return gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[lang])
    except OSError:
        return gettext.NullTranslations()


def translate(source: str, lang: str, context: str = "") -> str:
    """``source`` (an English text or template) in ``lang``, in ``context`` when given (``msgctxt``); the source
    itself when there is no translation."""
    if lang == "en" or not source:
        return source
    if context:
        return _catalogue(lang).pgettext(context, source)
    return _catalogue(lang).gettext(source)


def has_translation(source: str, lang: str, context: str = "") -> bool:
    return lang == "en" or translate(source, lang, context) != source
