"""Texts for the user as data: a message is its English source text (a template with ``{named}`` fields, the
gettext message id) and the values of its fields. The core only builds messages; the text in the user's
language is looked up in the gettext catalogue when an edge (the GUI, the CLI, a printed document) asks for it
(:meth:`Msg.text`, :func:`tournament_desk.i18n.translate`).

* :func:`msg` — a message with its fields: ``msg("Round {number} is already paired", number=3)``.
* :func:`pmsg` — a message with a context, for an English text translated differently by use
  (``pmsg("table heading", "Rating")``: « Classt » in a narrow column, « Classement » elsewhere).
* :func:`N_` — marks a constant text for extraction (``pybabel extract -k N_``) without building a message;
  its translation is looked up where it is shown.
* A field's value may itself be a :class:`Msg` (rendered in the same language: a reason inside a sentence), a
  :class:`Formatted` value (a score, a date, a number written the way the language writes them) or, as a last
  resort, a :class:`PerLanguage` text already written in each language.
* :meth:`Msg.to_data` / :func:`message_from_data` — a message as plain JSON data and back, so that a file keeps the
  message and not its text (the undo journal and the audit log): ``{"msgid": ..., "msgctxt": ..., "params":
  {...}}``, a field that is not a JSON number, text, boolean or null written in every language (``{"en": ...,
  "fr": ...}``, a :class:`PerLanguage`). A language added later shows stored messages without any conversion.
* :func:`in_languages` — a text in every language of the catalogue, for a JSON output that carries them all
  (``{"label_en": ..., "label_fr": ...}``).

The French catalogue is ``tournament_desk/locale/fr/LC_MESSAGES/tournament_desk.po`` (Babel extracts the ids
from ``msg``, ``N_`` and the GUI's ``t`` calls; ``resources/translations/catalogue.py`` updates and compiles it).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["N_", "Formatted", "Msg", "PerLanguage", "in_languages", "listing", "message_from_data", "msg",
           "per_language", "pmsg"]


@dataclass(frozen=True, slots=True)
class Msg:
    """A message: its English template (the catalogue's id, also its stable code) and its fields."""

    source: str
    """The English template, ``{named}`` fields included: the catalogue's message id."""
    params: Mapping[str, Any] = field(default_factory=dict)
    context: str = ""
    """The catalogue's context (``msgctxt``) when the same English text has several translations."""

    def text(self, lang: str = "en") -> str:
        """The message in ``lang``, looked up in the catalogue (English, the source, when it has none)."""
        params = {k: (v.text(lang) if isinstance(v, Msg | PerLanguage | Formatted) else v)
                  for k, v in self.params.items()}
        if lang == "en":
            return _format(self.source, params, fallback=self.source)
        from tournament_desk.i18n import translate  # the catalogue is read at the edge, on first use

        return _format(translate(self.source, lang, self.context), params, fallback=self.source)

    def to_data(self) -> dict[str, Any]:
        """The message as JSON-ready data: ``{"msgid": source, "msgctxt": context, "params": {...}}`` (the context
        and the fields only when there are some). A field keeps its value when JSON holds it as it is (text, a
        whole or finite decimal number, a boolean, None), a :class:`Msg` its own data; any other value (a
        :class:`Formatted` score or date, a :class:`PerLanguage` text, a list...) is written as it reads in every
        language of the catalogue, ``{"en": ..., "fr": ...}``. :func:`message_from_data` reads it back."""
        data: dict[str, Any] = {"msgid": self.source}
        if self.context:
            data["msgctxt"] = self.context
        if self.params:
            data["params"] = {name: _value_data(value) for name, value in self.params.items()}
        return data

    def __str__(self) -> str:
        return self.text("en")


def _format(template: str, params: Mapping[str, Any], *, fallback: str) -> str:
    if not params:
        return template
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        pass  # a broken translation must never hide the message
    try:
        return fallback.format(**params)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return fallback  # a message read from a file whose fields do not fit its text: the text as it is


def msg(source: str, /, **params: Any) -> Msg:
    """A message with its fields (``source`` is the English template, extracted into the catalogue)."""
    return Msg(source, params)


def pmsg(context: str, source: str, /, **params: Any) -> Msg:
    """A message whose English text is translated by ``context`` (gettext's ``pgettext``)."""
    return Msg(source, params, context)


def N_(text: str) -> str:
    """Mark ``text`` for the catalogue; it is translated where it is shown."""
    return text


@dataclass(frozen=True, slots=True)
class PerLanguage:
    """A text already written in each language (a field's value built from bilingual data tables, the name of an
    action stored before names were stored as messages): the message shows the one of its language, English
    (the source language) for a language it was not written in."""

    texts: tuple[tuple[str, str], ...]
    """``(language, text)`` pairs."""

    def text(self, lang: str = "en") -> str:
        found = dict(self.texts)
        if lang in found:
            return found[lang]
        return found.get("en", self.texts[0][1] if self.texts else "")

    def to_data(self) -> dict[str, str]:
        return dict(self.texts)

    def __str__(self) -> str:
        return self.text("en")


def per_language(**texts: str) -> PerLanguage:
    """``per_language(en="Round", fr="Ronde")``."""
    return PerLanguage(tuple(texts.items()))


@dataclass(frozen=True, slots=True)
class Formatted:
    """A field's value written the way each language writes it: ``formatter(value, lang)`` (a score with its
    decimal comma, a date, a number of points: :mod:`tournament_desk.core.formatting`)."""

    value: Any
    formatter: Callable[[Any, str], str]

    def text(self, lang: str = "en") -> str:
        return self.formatter(self.value, lang)

    def __str__(self) -> str:
        return self.text("en")


SEMICOLON = "; "
"""The separator of a list whose items hold commas; :func:`list_separator` writes it as the language does (French:
a no-break space before the semicolon)."""


def list_separator(text: str, lang: str) -> str:
    """``text`` (``", "``, ``"; "``) as ``lang`` writes it between the items of a list: the catalogue's
    ``list separator`` entry (``" ; "`` with a no-break space in French), the text itself when it has none."""
    return pmsg("list separator", text).text(lang) if text.strip() in (";", ":") else text


pmsg("list separator", "; ")  # the catalogue's entry (extracted here; looked up by :func:`list_separator`)


def _join(items: tuple[Any, ...], lang: str, separator: str = ", ") -> str:
    return list_separator(separator, lang).join(i.text(lang) if isinstance(i, Msg | PerLanguage | Formatted)
                                                else str(i) for i in items)


def listing(items: Any, separator: str = ", ") -> Formatted:
    """A field's value that lists ``items`` (messages, formatted values, plain texts) in the message's language,
    separated by ``separator``."""
    from functools import partial

    return Formatted(tuple(items), partial(_join, separator=separator))


# -- messages as data ----------------------------------------------------------------------------------------------
_Text = Msg | PerLanguage | Formatted


def _languages() -> tuple[str, ...]:
    from tournament_desk.i18n import LANGUAGES  # the catalogue's languages, read at the edge like the catalogue

    return LANGUAGES


def _value_data(value: Any) -> Any:
    if value is None or type(value) in (str, int, bool) or (type(value) is float and math.isfinite(value)):
        return value
    if isinstance(value, Msg):
        return value.to_data()
    if isinstance(value, PerLanguage | Formatted):
        return {lang: value.text(lang) for lang in _languages()}
    return {lang: format(value) for lang in _languages()}  # as "{field}" writes it, the same in every language


def message_from_data(data: object) -> Msg | PerLanguage:
    """The message :meth:`Msg.to_data` wrote (a :class:`Msg`), or a text written in each language
    (``{"en": ..., "fr": ...}``: a :class:`PerLanguage`, English required). The data comes from a file, which may
    be damaged: data of neither shape raises :class:`ValueError` saying what is wrong. Inside a message, keys it
    does not have are ignored (a later version may write more) and a field of no shape the program writes (a
    list...) is shown as its JSON text: the name of an action is only ever read."""
    if not isinstance(data, dict):
        raise ValueError(f"a message is a JSON object, not {type(data).__name__}")
    if "msgid" not in data:
        texts = tuple(data.items())
        if not texts or not all(isinstance(lang, str) and isinstance(text, str) for lang, text in texts):
            raise ValueError("a text in each language must map languages to texts")
        if "en" not in data:
            raise ValueError("a text in each language must have its English")
        return PerLanguage(texts)
    source, context, params = data["msgid"], data.get("msgctxt", ""), data.get("params", {})
    if not isinstance(source, str) or not isinstance(context, str):
        raise ValueError("a message's msgid and msgctxt are texts")
    if not isinstance(params, dict):
        raise ValueError("a message's params are a JSON object")
    return Msg(source, {str(name): _value_from_data(value) for name, value in params.items()}, context)


def _value_from_data(value: object) -> Any:
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, dict):
        try:
            return message_from_data(value)
        except ValueError:
            pass
    return json.dumps(value, ensure_ascii=False)


def in_languages(text: _Text | Callable[[str], str], key: str = "", *, english_unmarked: bool = False
                 ) -> dict[str, str]:
    """``text`` in every language of the catalogue, for a JSON output that carries them all (the one way to write
    such fields). ``key`` names them: ``""`` gives ``{"en": ..., "fr": ...}``, ``"label"`` gives
    ``{"label_en": ..., "label_fr": ...}``; ``english_unmarked``: the English under ``key`` itself (``{"source":
    ..., "source_fr": ...}``). ``text`` is a message or a function of the language."""
    render = text.text if isinstance(text, Msg | PerLanguage | Formatted) else text
    out = {}
    for lang in _languages():
        name = key if english_unmarked and lang == "en" else f"{key}_{lang}" if key else lang
        out[name] = render(lang)
    return out
