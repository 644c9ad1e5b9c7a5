"""The interface's texts in French and English: the program's gettext catalogue (:mod:`tournament_desk.i18n`,
the same the CLI and the printed documents read), and Qt's own catalogue for Qt's texts (Cancel, Yes/No, the
file and print dialogs).

Texts are written in English in the code (``t("&Pair next round")``); Babel extracts them with the core's
messages into ``tournament_desk/locale/fr/LC_MESSAGES/tournament_desk.po`` (``resources/translations/catalogue.py``).
"""

from __future__ import annotations

from typing import Any

from tournament_desk.core.messages import Msg, pmsg
from tournament_desk.i18n import translate

_installed: dict[str, Any] = {}

QT_TEXTS_QT_LACKS: tuple[Msg, ...] = (
    pmsg("QFileDialog", "&Look in:"),
    pmsg("QFileDialog", "Files of &type:"),
    pmsg("QFileDialog", "Look in:"),
    pmsg("QFileDialog", "Files of type:"),
    pmsg("QFileDialog", "Computer"),
    pmsg("QFileSystemModel", "%1 KB"),
    pmsg("QFileSystemModel", "%1 bytes"),
    pmsg("QSidebar", "Remove"),
    pmsg("QPrintDialog", "Print range"),
    pmsg("QPrintDialog", "Pages from"),
    pmsg("QPrintDialog", "Current Page"),
    pmsg("QPrintDialog", "Selection"),
    pmsg("QPrintDialog", "&Options >>"),
    pmsg("QPrintDialog", "&Options <<"),
    pmsg("QUnixPrintWidget", "Printer"),
    pmsg("QUnixPrintWidget", "&Name:"),
    pmsg("QUnixPrintWidget", "Location:"),
    pmsg("QUnixPrintWidget", "Type:"),
    pmsg("QUnixPrintWidget", "Output &file:"),
    pmsg("QUnixPrintWidget", "P&roperties"),
    pmsg("QPageSetupWidget", "Orientation"),
)
"""Texts of Qt's own dialogs that Qt's French catalogue (qtbase_fr) lacks, by Qt's context: the program's
catalogue gives them (``msgctxt`` is Qt's class), through a translator installed after Qt's."""


def _qt_texts_translator(lang: str) -> Any:
    """A QTranslator that answers the texts of :data:`QT_TEXTS_QT_LACKS` from the program's catalogue (Qt asks
    the translators installed last first; no answer sends it to the next one: Qt's own)."""
    from PySide6.QtCore import QTranslator

    known = {(m.context, m.source) for m in QT_TEXTS_QT_LACKS}

    class QtTextsQtLacks(QTranslator):
        def translate(self, context: str, source: str, disambiguation: str | None = None,
                      n: int = -1) -> str | None:
            if (context, source) in known:
                return translate(source, lang, context)
            return None  # a null string: not found here (an empty one would be taken as the translation)

        def isEmpty(self) -> bool:
            return False

    return QtTextsQtLacks()


def install_qt_translator(lang: str) -> bool:
    """Qt's own texts (Cancel, Yes/No, the file and print dialogs) in ``lang``: the ``qtbase`` catalogue that
    ships with Qt, and the locale that formats numbers and dates in those dialogs. Returns False when there is
    none to load (English) or no application."""
    from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

    app = QCoreApplication.instance()
    if app is None:
        return False
    for name in ("qtbase", "missing"):
        old = _installed.pop(name, None)
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
    missing = _qt_texts_translator(lang)
    app.installTranslator(missing)
    _installed["missing"] = missing
    return True


class Translator:
    """``t("Round {}", 3)`` → "Ronde 3" in French: the text looked up in the catalogue, then formatted.
    A text the catalogue lacks is shown as written (English)."""

    def __init__(self, lang: str = "fr") -> None:
        self.lang = lang if lang in ("fr", "en") else "en"

    def __call__(self, text: str, *args: object, **kwargs: object) -> str:
        template = translate(text, self.lang)
        return template.format(*args, **kwargs) if (args or kwargs) else template
