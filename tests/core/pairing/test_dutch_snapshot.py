"""Issue 22.2: a sampled part of the 1,122-round snapshot regression runs in CI.

``benchmarks/data/dutch_snapshot.json.gz`` holds 155 random tournaments (6 to 900 players, byes, forfeits,
absences, late entries) paired round by round by the engine before its speed work; ``benchmarks/
dutch_regression.py compare`` replays all of them (about 25 s). Every third tournament is copied to
tests/data/dutch_snapshot_sample.json.gz and replayed here with the same replay code: every round must be
paired exactly as recorded (pairs, colours, bye).
"""

from __future__ import annotations

import gzip
import importlib.util
import json
from pathlib import Path

import pytest

from tournament_desk.core.pairing.dutch import pair_dutch

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "tests" / "data" / "dutch_snapshot_sample.json.gz"


def _replay_module():  # the benchmark's own replay (one definition of how a snapshot round is rebuilt)
    spec = importlib.util.spec_from_file_location("dutch_regression", ROOT / "benchmarks" / "dutch_regression.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_REPLAY = _replay_module()
with gzip.open(SAMPLE, "rt", encoding="utf-8") as _fh:
    EVENTS = json.load(_fh)


def test_sample_size() -> None:
    assert len(EVENTS) == 52
    assert sum(len(ev["rounds"]) for ev in EVENTS) >= 350


@pytest.mark.parametrize("k", range(len(EVENTS)), ids=lambda k: f"event{k}-{EVENTS[k]['n']}p")
def test_snapshot_rounds_are_paired_as_recorded(k: int) -> None:
    ev = EVENTS[k]
    for r, rnd in enumerate(ev["rounds"]):
        state = _REPLAY._state(ev["n"], ev["rounds"][:r], ev["total"], ev["late"], rnd["away"])
        got = pair_dutch(state)
        want = sorted((w, b) for w, b, _res, _played in rnd["boards"])
        assert sorted((b.white, b.black) for b in got.boards) == want, f"round {r + 1}"
        assert got.bye == rnd["bye"], f"round {r + 1}"
