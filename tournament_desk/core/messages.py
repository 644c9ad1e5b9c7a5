"""Texts for the user as data: a message is its English source text (a template with ``{named}`` fields, the
gettext message id) and the values of its fields. The core only builds messages; the text in the user's
language is looked up in the gettext catalogue when an edge (the GUI, the CLI, a printed document) asks for it
(:meth:`Msg.text`, :func:`tournament_desk.i18n.translate`).

* :func:`msg` — a message with its fields: ``msg("Round {number} is already paired", number=3)``.
* :func:`N_` — marks a constant text for extraction (``pybabel extract -k N_``) without building a message;
  its translation is looked up where it is shown.

The French catalogue is ``tournament_desk/locale/fr/LC_MESSAGES/tournament_desk.po`` (Babel extracts the ids
from ``msg``, ``N_`` and the GUI's ``t`` calls; ``resources/translations/catalogue.py`` updates and compiles it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Msg", "N_", "msg"]


@dataclass(frozen=True, slots=True)
class Msg:
    """A message: its English template (the catalogue's id, also its stable code) and its fields."""

    source: str
    """The English template, ``{named}`` fields included: the catalogue's message id."""
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """The message in ``lang``, looked up in the catalogue (English, the source, when it has none)."""
        params = {k: (v.text(lang) if isinstance(v, Msg) else v) for k, v in self.params.items()}
        if lang == "en":
            return _format(self.source, params, fallback=self.source)
        from tournament_desk.i18n import translate  # the catalogue is read at the edge, on first use

        return _format(translate(self.source, lang), params, fallback=self.source)

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


def N_(text: str) -> str:  # noqa: N802 — the name gettext tools know
    """Mark ``text`` for the catalogue; it is translated where it is shown."""
    return text
