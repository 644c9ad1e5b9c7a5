"""Accelerated pairings: the Baku Acceleration Method (FIDE Handbook C.04.5.1), as virtual points.

* Groups (C.04.5.1 "Initial Groups Division"): before round 1 the sorted list is split; GA holds the first half
  of the players rounded up to the nearest even number, ``2 * ceil(N / 4)``, GB the rest. Late entries are
  placed by C.04.2 and the last GA player stays the same, so GA is everyone numbered up to that player.
* Virtual points (C.04.5.1 "Virtual points"): the accelerated rounds are the first half of the event, rounded
  up. Before pairing the first half of those (rounded up) every GA player has 1 virtual point; before the
  remaining accelerated rounds, 0.5; never any for GB, nor after the last accelerated round.
  Worked example of the text: nine rounds, five accelerated rounds, 1 point in rounds 1-3 and 0.5 in 4-5.

The engines read virtual points per round as the TRF ``XXA`` record gives them (``PlayerState.accelerations``).
"""

from __future__ import annotations

import math

__all__ = ["BAKU", "baku_accelerations", "baku_group_a_size", "baku_virtual_points"]

BAKU = "baku"


def baku_group_a_size(players: int) -> int:
    """C.04.5.1: the number of GA players (and the pairing number of the last one), ``2 * ceil(N / 4)``."""
    return 2 * math.ceil(players / 4) if players > 0 else 0


def baku_virtual_points(round_number: int, total_rounds: int) -> float:
    """The virtual points of a GA player when pairing ``round_number`` (1-based) of a ``total_rounds`` event."""
    accelerated = math.ceil(total_rounds / 2)
    full = math.ceil(accelerated / 2)
    if round_number <= full:
        return 1.0
    if round_number <= accelerated:
        return 0.5
    return 0.0


def baku_accelerations(total_rounds: int, up_to_round: int) -> tuple[float, ...]:
    """A GA player's virtual points for rounds 1..``up_to_round`` (the ``XXA`` values, history included:
    floats of earlier rounds were decided on accelerated scores)."""
    return tuple(baku_virtual_points(r, total_rounds) for r in range(1, up_to_round + 1))
