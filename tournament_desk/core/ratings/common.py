"""Shared pieces of the rating regulations: rounding, errors, the per-game input and the preview row.

Everything here is pure (stdlib only). The three regulations live in :mod:`.ffjd` (seed 000),
:mod:`.elo_fr` (seed 001) and :mod:`.scrabble_pl` (seed 002); :mod:`.fide` holds the FIDE tables
(REFERENCE §4) that seed 001 shares.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TypedDict

from tournament_desk.core.errors import TournamentError
from tournament_desk.core.messages import Msg, msg

RatedKey = int | str
"""A player as a rating computation knows them: the event file's id, or a licence number in a rating period
(not to be mixed up with :data:`tournament_desk.core.ids.PlayerId`, the event file's id only)."""

__all__ = [
    "PreviewRow",
    "RatedGame",
    "RatedKey",
    "RatingComputationError",
    "mean",
    "noted",
    "round_half_away",
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
        raise RatingComputationError(msg("Average of no values"))
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
    opponent_id: RatedKey | None = None
    forfeit: bool = False


@dataclass(frozen=True, slots=True)
class PreviewRow:
    """One line of a per-event rating preview (Ratings view, homologation bundle)."""

    player_id: RatedKey
    name: str
    rating_before: float | None
    games_counted: int
    expected_score: float | None
    evolution: float | None
    new_rating: float | None
    performance: float | None
    note: str = ""
    """The note in English (CSV files; :meth:`note_text` gives it in the user's language)."""
    score: float | None = None
    """The points counted (FFJD 0/1/2 scale; national Elo: Sc over the compatible games)."""
    k: float | None = None
    """The coefficient the rule used: FFJD K (seed 000 §6.1.1, when one K served all the player's games);
    national Elo the share of the performance in the new Elo, Ej = Ei + k·(Pj − Ei) (seed 001 §3)."""
    remark: Msg | None = None
    """The note as a catalogue message, when it has words to translate (see :func:`noted`)."""
    parts: tuple[tuple[str, float], ...] = ()
    """The terms of the change, by name, for a reader to check it by hand (cote PL: ``pe``, ``b``, ``pj``, the
    unbounded ``pj_unbounded``, ``pj_min``, ``pj_max``, ``category``, ``m``, seed 002 §4–§7)."""

    def note_text(self, lang: str = "en") -> str:
        return self.remark.text(lang) if self.remark is not None else self.note


class Note(TypedDict, total=False):
    note: str
    remark: Msg | None


def noted(remark: Msg | str) -> Note:
    """The ``note`` and ``remark`` of a :class:`PreviewRow`: ``PreviewRow(..., **noted(msg("first rating")))``
    (a plain text, such as a rule's case code, is the same in every language)."""
    if isinstance(remark, Msg):
        return {"note": remark.text("en"), "remark": remark}
    return {"note": remark}
