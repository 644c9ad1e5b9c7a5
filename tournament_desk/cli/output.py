"""The commands' standard output and error streams when they cannot be written.

A full disk (``> /dev/full``: ENOSPC), a closed descriptor (``>&-``: Python then has no ``sys.stdout`` at all,
and ``print`` would drop the text without a word) or a reader that went away (``| head -1``: EPIPE) is a file
problem: the command ends with exit code 5, never a traceback, and never with the code of another outcome (the
engine's 1 means "no valid pairing"). It says so in one line on stderr, except for EPIPE: the reader has gone and
asked for nothing more, so the command ends quietly, as Unix tools do (still with code 5).

A failed write leaves the text in the stream's buffer; the interpreter would try to write it again when it exits,
print "Exception ignored" and exit with 120. :func:`discard` points the stream's descriptor at the null device
first.

Only the standard library is imported: the engine interface (``pair --dutch``) uses this module too.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Iterable
from typing import Any, TextIO

__all__ = ["EXIT_OUTPUT_ERROR", "BestEffort", "Output", "OutputError", "discard", "emit", "finish", "say"]

EXIT_OUTPUT_ERROR = 5
"""The exit code of a stream that cannot be written: a file problem, as in the engines' protocol."""


class OutputError(OSError):
    """Writing ``stream`` (``"stdout"`` or ``"stderr"``) failed: ``reason`` is the system's words for it."""

    def __init__(self, stream: str, cause: BaseException) -> None:
        number = cause.errno if isinstance(cause, OSError) else errno.EBADF
        reason = (cause.strerror if isinstance(cause, OSError) else None) or os.strerror(number or errno.EBADF)
        super().__init__(number, reason)
        self.stream = stream
        self.reason = reason

    @property
    def reader_gone(self) -> bool:
        """The reader at the other end of a pipe went away (EPIPE): nothing to say to anyone."""
        return self.errno == errno.EPIPE


class Output:
    """A text stream (``sys.stdout``, ``sys.stderr`` or one given by a caller) whose failures are
    :class:`OutputError` naming it. ``None`` stands for a closed descriptor: every write fails (EBADF)."""

    def __init__(self, stream: TextIO | None, name: str) -> None:
        self.stream = stream
        self.name = name
        self.failed: OutputError | None = None
        """The first failure, even one a caller caught and went on from (argparse does, for ``--help``)."""

    def _fail(self, cause: BaseException) -> OutputError:
        error = OutputError(self.name, cause)
        if self.failed is None:
            self.failed = error
        return error

    def _target(self) -> TextIO:
        if self.stream is None:
            raise self._fail(OSError(errno.EBADF, os.strerror(errno.EBADF)))
        return self.stream

    def write(self, text: str) -> int:
        try:
            return self._target().write(text)
        except OutputError:
            raise
        except (OSError, ValueError) as exc:  # ValueError: the stream object itself was closed
            raise self._fail(exc) from exc

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._target().flush()
        except OutputError:
            raise
        except (OSError, ValueError) as exc:
            raise self._fail(exc) from exc

    def __getattr__(self, name: str) -> object:  # encoding, isatty... of the stream itself
        return getattr(self._target(), name)


class BestEffort(Output):
    """A stream for diagnostics (warnings, notes, the error line itself): what cannot be written is dropped, the
    command's outcome and exit code do not depend on it (:func:`finish` discards what the stream still holds)."""

    def write(self, text: str) -> int:
        try:
            return super().write(text)
        except OutputError:
            return len(text)

    def flush(self) -> None:
        try:
            super().flush()
        except OutputError:
            pass


def discard(stream: TextIO | None) -> None:
    """After a failed write: send what ``stream`` still holds to the null device, so that the interpreter's own
    flush at exit succeeds (else it prints "Exception ignored" and the exit code becomes 120)."""
    if stream is None:
        return
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):  # not a file (a test's capture): nothing held at exit
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)
    try:
        stream.flush()
    except (OSError, ValueError):
        pass


def say(line: str, stderr: TextIO | None = None) -> None:
    """Write ``line`` on stderr if it can be written (an unwritable stderr leaves nothing to say it with)."""
    err = stderr if stderr is not None else sys.stderr
    if err is None:
        return
    try:
        err.write(line + "\n")
        err.flush()
    except (OSError, ValueError):
        discard(err)


def finish(code: int) -> int:
    """The process's last word: flush stdout and stderr; a stdout that cannot take what is left turns a success
    into :data:`EXIT_OUTPUT_ERROR` (an error's own code is kept), with one line on stderr unless its reader went
    away. Nothing raises, and nothing is left for the interpreter to fail on at exit."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except (OSError, ValueError) as exc:
        failure = OutputError("stdout", exc)
        discard(sys.stdout)
        if not failure.reader_gone:
            say(f"tournament-desk: cannot write the standard output: {failure.reason}")
        code = code or EXIT_OUTPUT_ERROR
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
    except (OSError, ValueError):
        discard(sys.stderr)
    return code


def emit(args: argparse.Namespace, data: Any, text: str) -> None:
    """A command's answer: ``data`` as JSON when the command was given ``--json``, else ``text``."""
    if getattr(args, "json", False):
        import json  # here, not at the top: the engine interface (pair --dutch) imports this module too

        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(text)
