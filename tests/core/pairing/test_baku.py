"""Baku acceleration (FIDE Handbook C.04.5.1, core.pairing.acceleration), with the Handbook's own examples."""

from __future__ import annotations

from tournament_desk.core.pairing.acceleration import baku_accelerations, baku_group_a_size, baku_virtual_points


def test_group_a_is_half_rounded_up_to_even() -> None:
    """C.04.5.1 *Initial groups division*, note: 161 players give 82 (2 x Q, Q = 161/4 rounded up)."""
    assert baku_group_a_size(161) == 82
    assert [baku_group_a_size(n) for n in (2, 3, 4, 5, 6, 7, 8, 9, 10)] == [2, 2, 2, 4, 4, 4, 4, 6, 6]


def test_nine_rounds_accelerate_five() -> None:
    """C.04.5.1 *Virtual points*, example: nine rounds, five accelerated; one virtual point in the first
    three rounds, half a point in rounds 4 and 5, none afterwards."""
    assert [baku_virtual_points(r, 9) for r in range(1, 10)] == [1, 1, 1, 0.5, 0.5, 0, 0, 0, 0]
    assert baku_accelerations(9, 9) == (1, 1, 1, 0.5, 0.5, 0, 0, 0, 0)
    assert [baku_virtual_points(r, 15) for r in range(1, 16)] == [1] * 4 + [0.5] * 4 + [0] * 7
