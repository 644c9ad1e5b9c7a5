"""Baku acceleration (FIDE Handbook C.04.5.1): virtual points for the first group in the first rounds.

The rule, as C.04.5.1 writes it:

* *Initial groups division*: the players to be paired, in pairing-number order, are split in two groups; GA
  holds "the first half of the players, rounded up to the nearest even number" (``2 * ceil(N / 4)``, the
  Handbook's own formula: 161 players give 82), GB the others.
* *Virtual points*: the accelerated rounds are the first half (rounded up) of the rounds. Before pairing the
  first half (rounded up) of the accelerated rounds every GA player has 1 virtual point, reduced to 0.5 for
  the remaining accelerated rounds; GB players never have any, nor does anyone after the accelerated rounds.
* The method applies to the standard scoring (1, ½, 0). A scale of it (win = 2 x draw, loss 0: 2/1/0) is
  accepted with the virtual points scaled the same way, as bbpPairings does.

Values are per round, as the engine's ``PlayerState.accelerations`` and TRF ``XXA`` hold them: index r - 1
is what the player carries when round r is paired.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tournament_desk.core.errors import ValidationError

__all__ = ["baku_accelerations", "baku_group_a_size", "baku_virtual_points"]


def baku_group_a_size(players: int) -> int:
    """Number of players in GA (C.04.5.1 *Initial groups division*): ``2 * ceil(N / 4)``, at most N."""
    if players < 0:
        raise ValidationError("The number of players cannot be negative", "Le nombre de joueurs ne peut être négatif")
    return min(players, 2 * math.ceil(players / 4))


def baku_virtual_points(round_number: int, total_rounds: int) -> float:
    """Virtual points of a GA player when round ``round_number`` is paired (C.04.5.1 *Virtual points*)."""
    accelerated = math.ceil(total_rounds / 2)
    full = math.ceil(accelerated / 2)
    if 1 <= round_number <= full:
        return 1.0
    if full < round_number <= accelerated:
        return 0.5
    return 0.0


def baku_accelerations(order: Sequence[int], total_rounds: int, *, win: float = 1.0, draw: float = 0.5,
                       loss: float = 0.0, group_a_size: int | None = None) -> dict[int, tuple[float, ...]]:
    """Per-round virtual points of the GA players, keyed by the ids of ``order`` (pairing-number order).

    ``group_a_size`` keeps GA as it was set before round 1 (late entries: "the last GA player shall be the
    same as in the previous round"); by default it is computed from ``len(order)``.
    """
    if total_rounds < 1:
        raise ValidationError("The Baku acceleration needs the number of rounds of the event",
                              "L'accélération de Bakou a besoin du nombre de rondes du tournoi")
    if loss != 0 or win <= 0 or abs(win - 2 * draw) > 1e-9:
        raise ValidationError(
            f"The Baku acceleration applies to the standard scoring (1, 1/2, 0); this event scores {win:g} for a "
            f"win, {draw:g} for a draw and {loss:g} for a loss",
            f"L'accélération de Bakou s'applique au décompte standard (1, 1/2, 0) ; ce tournoi compte {win:g} pour "
            f"un gain, {draw:g} pour une nulle et {loss:g} pour une perte",
        )
    size = baku_group_a_size(len(order)) if group_a_size is None else min(group_a_size, len(order))
    accelerated = math.ceil(total_rounds / 2)
    values = tuple(baku_virtual_points(r, total_rounds) * win for r in range(1, accelerated + 1))
    return {pid: values for pid in order[:size]}
