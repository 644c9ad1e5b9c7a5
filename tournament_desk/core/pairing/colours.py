"""Colour preferences (C.04.3 Art.1.6-1.7) and colour allocation (Art.5.2) for the Dutch system."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournament_desk.core.pairing.swiss_state import Colour, RoundEntry

__all__ = ["ColourProfile", "allocate_colours", "colour_profile"]


@dataclass(frozen=True)
class ColourProfile:
    """What the colour rules need to know about one player's played games (C.04.2 Art.3.4)."""

    history: tuple[Colour, ...]  # colours of played games only, oldest first
    imbalance: int  # |whites - blacks| (Art.1.6, as an absolute value)
    preference: Colour | None  # preferred colour, None if no game played yet
    repeated: Colour | None  # colour played in (at least) the two latest played games
    strong: bool  # strong preference (Art.1.7.2): |CD| == 1, not absolute

    @property
    def absolute(self) -> bool:
        """Art.1.7.1: |CD| > 1 or the same colour in the two latest played games."""
        return self.imbalance > 1 or self.repeated is not None

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1


def colour_profile(entries: Sequence[RoundEntry]) -> ColourProfile:
    history = tuple(e.colour for e in entries if e.played and e.colour is not None)
    whites = sum(1 for c in history if c is Colour.WHITE)
    blacks = len(history) - whites
    lower = Colour.BLACK if whites > blacks else Colour.WHITE
    imbalance = abs(whites - blacks)
    run = 0
    last: Colour | None = None
    for c in history:
        run = run + 1 if c is last else 1
        last = c
    if imbalance > 1:
        preference: Colour | None = lower
    elif run > 1:
        preference = last.opposite  # type: ignore[union-attr]
    elif imbalance > 0:
        preference = lower
    elif run:
        preference = last.opposite  # type: ignore[union-attr]
    else:
        preference = None
    repeated = last if run > 1 else None
    strong = repeated is None and imbalance <= 1 and imbalance > 0
    return ColourProfile(history, imbalance, preference, repeated, strong)


def _compatible(a: Colour | None, b: Colour | None) -> bool:
    return a is None or b is None or a is not b


def _neutral_colour(p: ColourProfile, o: ColourProfile) -> Colour | None:
    """Art.5.2.1-5.2.3: the colour of ``p`` when it follows from the preferences alone, else None."""
    # 5.2.1 both preferences can be granted
    if _compatible(p.preference, o.preference):
        if p.preference is not None:
            return p.preference
        if o.preference is not None:
            return o.preference.opposite
        return None
    # 5.2.2 grant the stronger preference (absolute: the wider colour difference wins)
    if p.absolute and (p.imbalance > o.imbalance or not o.absolute):
        return p.preference
    if o.absolute and (o.imbalance > p.imbalance or not p.absolute):
        return o.preference.opposite  # type: ignore[union-attr]
    if p.strong and not o.strong:
        return p.preference
    if o.strong and not p.strong:
        return o.preference.opposite  # type: ignore[union-attr]
    # 5.2.3 alternate from the latest round in which they had different colours
    hp, ho = p.history, o.history
    i, j = len(hp) - 1, len(ho) - 1
    while i >= 0 and j >= 0 and hp[i] is ho[j]:
        i -= 1
        j -= 1
    if i >= 0 and j >= 0:
        return ho[j]
    return None


def allocate_colours(
    p: ColourProfile,
    o: ColourProfile,
    p_is_higher: bool,
    higher_rank_index: int,
    initial_colour: Colour,
) -> Colour:
    """Colour given to ``p`` against ``o`` (Art.5.2).

    ``p_is_higher`` says whether ``p`` is the higher-ranked player (score, then pairing number);
    ``higher_rank_index`` is the 0-based rank of the higher-ranked player among the tournament's players.
    """
    colour = _neutral_colour(p, o)
    if colour is not None:
        return colour
    higher, lower_is_p = (p, False) if p_is_higher else (o, True)
    if higher.preference is not None:
        # 5.2.4 grant the higher-ranked player's preference
        return higher.preference.opposite if lower_is_p else higher.preference
    # 5.2.5 odd pairing number of the higher-ranked player: initial colour; even: the other one
    higher_colour = initial_colour if higher_rank_index % 2 == 0 else initial_colour.opposite
    return higher_colour.opposite if lower_is_p else higher_colour
