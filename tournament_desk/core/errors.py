"""Precise, user-facing exceptions of the domain core.

Every exception carries a :class:`~tournament_desk.core.messages.Msg`: its English template (the catalogue id,
the message's stable code) and its fields. ``str(exc)`` gives the English text (stable, for logs and tests);
:meth:`TournamentError.message` gives the text in the user's language, looked up in the gettext catalogue when
the GUI or the CLI asks for it. The core has no global state: the caller chooses the language explicitly.
"""

from __future__ import annotations

from typing import Literal

from tournament_desk.core.messages import Msg, msg

Lang = Literal["en", "fr"]


class TournamentError(ValueError):
    """Base class of every error a user can cause; explains itself in the user's language (the catalogue's)."""

    code: str = "error"

    field: str | None = None
    """The input field the error is about (``surname``, ``rounds``...), so that a form can show the message
    next to it; None when it is not about one field."""

    def __init__(self, message: Msg | str, *, field: str | None = None) -> None:
        """``message`` is a :class:`Msg` of the catalogue (a plain ``str`` is taken as a message without fields:
        its text is still looked up in the catalogue)."""
        self.msg = message if isinstance(message, Msg) else Msg(message)
        super().__init__(self.msg.text("en"))
        if field is not None:
            self.field = field

    def message(self, lang: Lang | str = "en") -> str:
        """The message in ``lang`` ("fr" or "en"); English for any other value."""
        return self.msg.text(lang)


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

    def __init__(self, message: Msg, *, line: int | None = None, column: int | None = None,
                 field: str | None = None) -> None:
        if line is None:
            located = message
        elif column is None:
            located = msg("line {line}: {message}", line=line, message=message)
        else:
            located = msg("line {line}, column {column}: {message}", line=line, column=column, message=message)
        super().__init__(located, field=field)
        self.line = line
        self.column = column
