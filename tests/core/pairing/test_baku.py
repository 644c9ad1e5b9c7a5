"""Baku acceleration (FIDE Handbook C.04.5.1), with the Handbook's own examples."""

from __future__ import annotations

import pytest

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.pairing.baku import baku_accelerations, baku_group_a_size, baku_virtual_points


def test_group_a_is_half_rounded_up_to_even() -> None:
    """C.04.5.1 *Initial groups division*, note: 161 players give 82 (2 x Q, Q = 161/4 rounded up)."""
    assert baku_group_a_size(161) == 82
    assert [baku_group_a_size(n) for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)] == [1, 2, 2, 2, 4, 4, 4, 4, 6, 6]


def test_nine_rounds_accelerate_five() -> None:
    """C.04.5.1 *Virtual points*, example: nine rounds, five accelerated; one virtual point in the first
    three rounds, half a point in rounds 4 and 5, none afterwards."""
    assert [baku_virtual_points(r, 9) for r in range(1, 10)] == [1, 1, 1, 0.5, 0.5, 0, 0, 0, 0]
    assert [baku_virtual_points(r, 15) for r in range(1, 16)] == [1] * 4 + [0.5] * 4 + [0] * 7


def test_accelerations_for_group_a_only() -> None:
    order = [7, 3, 9, 1, 4, 2]  # pairing-number order, ids in any order
    acc = baku_accelerations(order, 9)
    assert set(acc) == {7, 3, 9, 1}
    assert acc[7] == (1.0, 1.0, 1.0, 0.5, 0.5)
    assert baku_accelerations(order, 9, group_a_size=5).keys() == {7, 3, 9, 1, 4}  # late entries keep GA


def test_scaled_scoring_and_refusals() -> None:
    assert baku_accelerations([1, 2, 3, 4], 5, win=2.0, draw=1.0)[1] == (2.0, 2.0, 1.0)
    with pytest.raises(ValidationError, match="standard scoring"):
        baku_accelerations([1, 2], 5, win=3.0, draw=1.0)
    with pytest.raises(ValidationError):
        baku_accelerations([1, 2], 0)
