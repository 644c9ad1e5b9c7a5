"""Big run of the score-group property test (seed 004 L22: no rematch when one can be avoided).

    python benchmarks/scoregroups_property.py [EVENTS] [SEED]

Pairs EVENTS random events (default 5000, 2 to 11 players, random histories and previous byes) and checks each
against the exhaustive search of ``tests/core/pairing/test_scoregroups.py``; prints the time and how often the
greedy, exact and last-resort fallbacks were needed. CI runs the same check on a few dozen examples.
"""

from __future__ import annotations

import collections
import importlib.util
import random
import sys
import time
import types
from pathlib import Path

_TEST = Path(__file__).resolve().parents[1] / "tests" / "core" / "pairing" / "test_scoregroups.py"


def _load_test_module() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("_sg_property", _TEST)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str]) -> int:
    events = int(argv[0]) if argv else 5000
    seed = int(argv[1]) if len(argv) > 1 else 2026
    test = _load_test_module()
    from tournament_desk.core.pairing.scoregroups import pair_round

    rng = random.Random(seed)
    methods: collections.Counter[str] = collections.Counter()
    start = time.perf_counter()
    for _ in range(events):
        players = test.random_players(rng, rng.randint(2, 11), rng.random() * 0.85)
        test.check_no_avoidable_rematch(players)
        methods[pair_round(players, 4).method] += 1
    elapsed = time.perf_counter() - start
    print(f"{events} events checked in {elapsed:.1f} s, no avoidable rematch; methods: {dict(methods)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
