"""Precise, user-facing exceptions of the domain core.

Every exception carries a message in English and in French. ``str(exc)`` gives the English text
(stable, for logs and tests); :meth:`TournamentError.message` gives the text in the user's language.
The core has no global state, so the caller (GUI or CLI) chooses the language explicitly.
"""

from __future__ import annotations

from typing import Literal

Lang = Literal["en", "fr"]


class TournamentError(ValueError):
    """Base class of every error a user can cause; always explains itself in both languages."""

    code: str = "error"

    field: str | None = None
    """The input field the error is about (``surname``, ``rounds``...), so that a form can show the message
    next to it; None when it is not about one field."""

    def __init__(self, en: str, fr: str | None = None, *, field: str | None = None) -> None:
        super().__init__(en)
        self.en = en
        self.fr = fr if fr is not None else en
        if field is not None:
            self.field = field

    def message(self, lang: Lang | str = "en") -> str:
        """The message in ``lang`` ("fr" or "en"); English for any other value."""
        return self.fr if lang == "fr" else self.en


class ValidationError(TournamentError):
    """A value typed by the user is invalid (a rating out of range, an empty name...)."""

    code = "invalid"


class ResultError(TournamentError):
    """A result that cannot be recorded (unknown notation, impossible for the discipline, a bye...)."""

    code = "result"


class PairingError(TournamentError):
    """A pairing that cannot be made or that violates a rule."""

    code = "pairing"


class StateError(TournamentError):
    """An operation that the current state of the event forbids (pair round 5 before round 4...)."""

    code = "state"


class NotFoundError(TournamentError):
    """A player, round or board that does not exist in the event."""

    code = "not_found"


class EventFileError(TournamentError):
    """The event file cannot be used: not an event, from a newer version, damaged, locked..."""

    code = "file"


class ImportFormatError(TournamentError):
    """A file to import (TRF, CSV, rating list) is malformed; says where."""

    code = "format"

    def __init__(self, en: str, fr: str | None = None, *, line: int | None = None,
                 column: int | None = None, field: str | None = None) -> None:
        where_en = _where(line, column, "line", "column")
        where_fr = _where(line, column, "ligne", "colonne")
        super().__init__(f"{where_en}{en}", f"{where_fr}{fr if fr is not None else en}", field=field)
        self.line = line
        self.column = column


def _where(line: int | None, column: int | None, line_word: str, col_word: str) -> str:
    if line is None:
        return ""
    if column is None:
        return f"{line_word} {line}: "
    return f"{line_word} {line}, {col_word} {column}: "
