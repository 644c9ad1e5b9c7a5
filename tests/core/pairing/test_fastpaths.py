"""Issue 22.1: the fast paths of the matching engine hand over with a named, counted reason; strict mode (on in
the test suite through tests/conftest.py) turns an unexpected hand-over into a failure; ``--stats`` shows the
path that served each bracket."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.pairing import fastpaths
from tournament_desk.core.pairing.dutch import pair_dutch
from tournament_desk.core.pairing.matching import _cascade, max_weight_matching
from tournament_desk.formats.trf import read_file, to_swiss_state

DATA = Path(__file__).resolve().parents[2] / "data" / "dutch"


def _edges(seed: int, n: int = 30) -> list[tuple[int, int, int]]:
    rng = random.Random(seed)
    return [(i, j, (rng.randint(1, 3) << 40) + rng.randint(0, 1 << 20))
            for i in range(n) for j in range(i + 1, n) if rng.random() < 0.7]


def test_the_suite_runs_in_strict_mode() -> None:
    assert os.environ.get("TDESK_STRICT_ENGINE") == "1"


def test_an_error_inside_a_fast_path_fails_in_strict_mode() -> None:
    edges = _edges(1)
    # Levels that grow instead of shrinking break the warm start's precondition (an assertion inside the
    # coarse-to-fine solve): a programming error, never a property of the input.
    bad_levels = [(5, False), (20, False)]
    with fastpaths.strict(), pytest.raises(fastpaths.UnexpectedHandover, match="cascade: error"):
        _cascade(30, edges, bad_levels)


def test_outside_strict_mode_the_slow_path_answers_and_the_handover_is_counted() -> None:
    edges = _edges(2, 40)
    with fastpaths.strict(False), fastpaths.collecting() as stats:
        got = max_weight_matching(40, edges, [(5, False), (20, False)])
    assert stats.handovers == {"cascade: error": 1}
    assert stats.served["matching: direct"] == 1
    plain = max_weight_matching(40, edges)
    weight = {(i, j): w for i, j, w in edges}
    total = lambda mate: sum(weight[(v, m)] for v, m in enumerate(mate) if m > v)  # noqa: E731
    assert total(got) == total(plain)


def test_an_unnamed_reason_is_refused() -> None:
    with pytest.raises(KeyError):
        fastpaths.handover("something went wrong")


def test_every_bracket_of_a_round_is_accounted_for() -> None:
    trf = read_file(str(DATA / "swiss_100p_11r_340007978.trf"))
    state = to_swiss_state(trf, 8)
    with fastpaths.collecting() as stats:
        pairing = pair_dutch(state)
    assert len(pairing.boards) == 50
    assert stats.brackets and stats.brackets[0].number == 1
    assert sum(b.residents for b in stats.brackets) == 100  # every player is a resident of one bracket
    solves = sum(sum(b.solves.values()) for b in stats.brackets)
    assert solves == sum(stats.served.values())
    assert all(reason in fastpaths.EXPECTED for reason in stats.handovers)
    with fastpaths.collecting() as reference:
        assert pair_dutch(state, fast=False) == pairing
    assert set(reference.served) == {"solve: reference", "matching: direct"} and not reference.handovers


def test_pair_dutch_stats_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pairs.txt"
    trf = tmp_path / "open.trf"  # a fixture, with the number of rounds the engine interface needs
    trf.write_bytes((DATA / "swiss_040p_07r_850192002.trf").read_bytes() + b"XXR 9\r")
    assert main(["pair", "--dutch", str(trf), "-p", str(out), "--stats"]) == 0
    err = capsys.readouterr().err
    assert "bracket 1: score" in err and "paths: " in err and "hand-overs: " in err
    assert out.read_text().split()[0] == "20"
