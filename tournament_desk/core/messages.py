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

The French catalogue is ``tournament_desk/locale/fr/LC_MESSAGES/tournament_desk.po`` (Babel extracts the ids
from ``msg``, ``N_`` and the GUI's ``t`` calls; ``resources/translations/catalogue.py`` updates and compiles it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["N_", "Formatted", "Msg", "listing", "msg", "pmsg"]


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

    @property
    def en(self) -> str:
        return self.text("en")

    @property
    def fr(self) -> str:
        return self.text("fr")

    def __str__(self) -> str:
        return self.text("en")


def _format(template: str, params: Mapping[str, Any], *, fallback: str) -> str:
    if not params:
        return template
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):  # a broken translation must never hide the message
        return fallback.format(**params)


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
    """A field's value already written in each language (a list of names built from bilingual data tables,
    a reason chosen by the rules): the message shows the one of its language."""

    en: str
    fr: str

    def text(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en

    def __str__(self) -> str:
        return self.en


def per_language(en: str, fr: str) -> PerLanguage:
    return PerLanguage(en, fr)


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


def _join(items: tuple[Any, ...], lang: str, separator: str = ", ") -> str:
    return separator.join(i.text(lang) if isinstance(i, Msg | PerLanguage | Formatted) else str(i) for i in items)


def listing(items: Any, separator: str = ", ") -> Formatted:
    """A field's value that lists ``items`` (messages, formatted values, plain texts) in the message's language,
    separated by ``separator``."""
    from functools import partial

    return Formatted(tuple(items), partial(_join, separator=separator))
