"""The interface's texts in French and English: the program's gettext catalogue (:mod:`tournament_desk.i18n`,
the same the CLI and the printed documents read), and Qt's own catalogue for Qt's texts (Cancel, Yes/No, the
file and print dialogs).

Texts are written in English in the code (``t("&Pair next round")``); Babel extracts them with the core's
messages into ``tournament_desk/locale/fr/LC_MESSAGES/tournament_desk.po`` (``resources/translations/catalogue.py``).
"""

from __future__ import annotations

from typing import Any

from tournament_desk.i18n import translate

_installed: dict[str, Any] = {}


def install_qt_translator(lang: str) -> bool:
    """Qt's own texts (Cancel, Yes/No, the file and print dialogs) in ``lang``: the ``qtbase`` catalogue that
    ships with Qt, and the locale that formats numbers and dates in those dialogs. Returns False when there is
    none to load (English) or no application."""
    from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

    app = QCoreApplication.instance()
    if app is None:
        return False
    old = _installed.pop("qtbase", None)
    if old is not None:
        app.removeTranslator(old)
    QLocale.setDefault(QLocale(QLocale.Language.French if lang == "fr" else QLocale.Language.English,
                               QLocale.Country.France if lang == "fr" else QLocale.Country.UnitedKingdom))
    if lang != "fr":
        return False
    translator = QTranslator()
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if not translator.load(QLocale(QLocale.Language.French), "qtbase", "_", folder):
        return False
    app.installTranslator(translator)
    _installed["qtbase"] = translator
    return True


class Translator:
    """``t("Round {}", 3)`` → "Ronde 3" in French: the text looked up in the catalogue, then formatted.
    A text the catalogue lacks is shown as written (English)."""

    def __init__(self, lang: str = "fr") -> None:
        self.lang = lang if lang in ("fr", "en") else "en"

    def __call__(self, text: str, *args: object, **kwargs: object) -> str:
        template = translate(text, self.lang)
        return template.format(*args, **kwargs) if (args or kwargs) else template
