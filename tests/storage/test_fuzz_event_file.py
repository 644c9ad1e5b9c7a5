"""Issue 23: a short fuzz run of the event-file opener in the suite (the long run with counts is
benchmarks/fuzz_inputs.py). Cells, rows, the undo journal, options and the schema itself are damaged in ways
``PRAGMA quick_check`` accepts; opening the file and the first actions (standings, printing, a result, undo and
redo, pairing, a late entry, a backup) must work or stop with a named TournamentError. Issue 27: the same with
bits of the file flipped (a damaged schema whose SQLite message is not UTF-8 was a traceback)."""

from __future__ import annotations

import atexit
import random
import shutil
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_desk.core.model import PairingSystem

sys.path.insert(0, str(Path(__file__).parent))
import fuzz_event_file as fuzz

_WORK = Path(tempfile.mkdtemp(prefix="tdesk-fuzz-event-"))
atexit.register(shutil.rmtree, _WORK, True)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(1, 3), st.sampled_from([PairingSystem.DUTCH, PairingSystem.ROUND_ROBIN]))
def test_fuzz_event_file_opener(seed: int, count: int, system: PairingSystem) -> None:
    base = fuzz.make_base(_WORK / "bases", system)
    mutations = fuzz.random_mutations(random.Random(seed), count)
    outcome = fuzz.run_case(base, _WORK / "case", mutations)
    assert outcome.crash == "", (mutations, outcome.crash)
    assert outcome.opened or outcome.refused


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(1, 8), st.sampled_from([PairingSystem.DUTCH, PairingSystem.ROUND_ROBIN]))
def test_fuzz_event_file_bytes(seed: int, flips: int, system: PairingSystem) -> None:
    base = fuzz.make_base(_WORK / "bases", system)
    outcome = fuzz.run_bytes_case(base, _WORK / "case", random.Random(seed), flips)
    assert outcome.crash == "", (seed, flips, outcome.crash)
    assert outcome.opened or outcome.refused
