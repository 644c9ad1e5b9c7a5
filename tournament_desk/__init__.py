"""tournament_desk: an offline desktop tournament manager (chess, draughts, Scrabble)."""

from __future__ import annotations


def __getattr__(name: str) -> str:
    # ``__version__`` is read from the installed package's metadata on first use only: importlib.metadata costs
    # about 10 ms, which every command-line call would pay for nothing (issue 20: start-up per call).
    if name != "__version__":
        raise AttributeError(f"module 'tournament_desk' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        value = version("tournament-desk")
    except PackageNotFoundError:  # running from a source tree that was never installed
        value = "0.0.0+unknown"
    globals()["__version__"] = value
    return value
