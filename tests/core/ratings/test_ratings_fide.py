"""FIDE tables and performance helpers (REFERENCE §4)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.ratings import fide


def test_dp_table_values_reference_4_1() -> None:
    # REFERENCE §4.1: a few entries of each column, and the conventions at 0 and 1.
    for p, value in ((50, 0), (51, 7), (61, 80), (72, 166), (83, 273), (94, 444), (95, 470), (99, 677),
                     (100, 800)):
        assert fide.DP_TABLE[p] == value
        assert fide.DP_TABLE[100 - p] == -value  # symmetric: dp(1 - p) = -dp(p)


def test_dp_rounds_p_to_hundredths() -> None:
    assert fide.dp(0.8) == 240
    assert fide.dp(4 / 5) == 240
    assert fide.dp(2 / 3) == 125  # .67
    assert fide.dp(0.125) == fide.DP_TABLE[13]  # .125 -> .13 (half up)
    with pytest.raises(ValidationError):
        fide.dp(1.2)


def test_tables_are_mutually_consistent_reference_4_2() -> None:
    # REFERENCE §4.2 check: every dp(p) lies in the D band that 8.1(b) maps to the same p (p = .50 ... .99).
    for k in range(50, 100):
        assert fide.expected_score(fide.DP_TABLE[k], 0) == pytest.approx(k / 100)


def test_expected_score_bands_reference_4_2() -> None:
    assert fide.expected_score(1500, 1500) == 0.5
    assert fide.expected_score(1503, 1500) == 0.5
    assert fide.expected_score(1504, 1500) == 0.51
    assert fide.expected_score(1500, 1504) == pytest.approx(0.49)  # the lower-rated gets 1 - PD
    assert fide.expected_score(2235, 1500) == 0.99
    assert fide.expected_score(2236, 1500) == 1.0


def test_interpolation_hits_the_table_and_follows_the_curve_reference_4_3() -> None:
    ps = np.arange(1, 100) / 100
    assert np.array_equal(fide.dp_interpolated(ps), [fide.DP_TABLE[k] for k in range(1, 100)])
    fine = np.linspace(0.03, 0.97, 500)
    values = fide.dp_interpolated(fine)
    assert np.all(np.diff(values) > 0)
    curve = np.array([fide.dp_continuous(float(p)) for p in fine])
    assert np.max(np.abs(values - curve)) < 2.5  # REFERENCE §4.3: the table is the curve within 1-2 points


def test_continuous_pd_reproduces_8_1b_except_six_points_reference_4_3() -> None:
    mismatches = [d for d in range(801)
                  if round(float(fide.pd_continuous(d)) + 1e-9, 2) != fide.expected_score(d, 0)]
    assert mismatches == [54, 343, 344, 358, 392, 620]


def test_tpr_and_ptp_examples_reference_4_4() -> None:
    opponents = [2000, 2100, 2200, 1900, 2050]
    assert fide.tpr(opponents, 4) == 2290
    assert fide.ptp(opponents, 4) == 2307
    assert fide.ptp(opponents, 0) == 1100
    assert fide.ptp(opponents, 5) == 2936


@given(st.integers(1, 99))
def test_dp_symmetry(k: int) -> None:
    assert fide.dp(k / 100) == -fide.dp(1 - k / 100)
