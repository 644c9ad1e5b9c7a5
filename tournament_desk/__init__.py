"""tournament_desk: an offline desktop tournament manager (chess, draughts, Scrabble)."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("tournament-desk")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+unknown"
