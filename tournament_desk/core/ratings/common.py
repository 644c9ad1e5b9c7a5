"""Shared pieces of the rating regulations: rounding, errors, the per-game input and the preview row.

Everything here is pure (stdlib only). The three regulations live in :mod:`.ffjd` (seed 000),
:mod:`.elo_fr` (seed 001) and :mod:`.scrabble_pl` (seed 002); :mod:`.fide` holds the FIDE tables
(REFERENCE §4) that seed 001 shares.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tournament_desk.core.errors import TournamentError

PlayerId = int | str
"""Any hashable player key: the event file's id, a licence number..."""

__all__ = [
    "PlayerId", "PreviewRow", "RatedGame", "RatingComputationError", "mean", "round_half_away",
    "round_half_up",
]


class RatingComputationError(TournamentError):
    """A rating cannot be computed as the regulation is written (missing estimate, singular system...)."""

    code = "rating"


def round_half_up(x: float, step: float = 1.0) -> float:
    """Round to the nearest multiple of ``step``, halves going up (+∞).

    A tiny tolerance absorbs binary noise (1234.9999999 is 1235, which then goes up).
    """
    q = x / step
    return math.floor(q + 0.5 + 1e-9) * step


def round_half_away(x: float) -> int:
    """Round to the nearest integer, halves away from zero (2.5 -> 3, -2.5 -> -3): symmetric for gains
    and losses."""
    r = math.floor(abs(x) + 0.5 + 1e-9)
    return int(r if x >= 0 else -r)


def mean(values: list[float] | tuple[float, ...]) -> float:
    if not values:
        raise RatingComputationError("Average of no values", "Moyenne d'aucune valeur")
    return math.fsum(values) / len(values)


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game seen from one player, as the rating rules need it.

    ``score`` is in the system's own scale (FFJD 0/1/2, Elo 0/0.5/1). ``opponent_rating`` is None for an
    unrated opponent. ``counts`` is False for a game the regulation ignores (an excused forfeit, the EXEMPT).
    ``forfeit`` marks a game counted although not played (FFJD 0fne/2fne, seed 000 §6.4).
    """

    opponent_rating: float | None
    score: float
    counts: bool = True
    opponent_id: PlayerId | None = None
    forfeit: bool = False


@dataclass(frozen=True, slots=True)
class PreviewRow:
    """One line of a per-event rating preview (Ratings view, homologation bundle)."""

    player_id: PlayerId
    name: str
    rating_before: float | None
    games_counted: int
    expected_score: float | None
    evolution: float | None
    new_rating: float | None
    performance: float | None
    note: str = ""
    score: float | None = None
    """The points counted (FFJD 0/1/2 scale; national Elo: Sc over the compatible games)."""
    k: float | None = None
    """The coefficient the rule used: FFJD K (seed 000 §6.1.1, when one K served all the player's games);
    national Elo the share of the performance in the new Elo, Ej = Ei + k·(Pj − Ei) (seed 001 §3)."""
