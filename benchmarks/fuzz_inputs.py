"""The long fuzz run of issue 23: damaged event files and hostile bundles, with the counts the issue asks for.

    python benchmarks/fuzz_inputs.py [EVENT_CASES] [BUNDLE_CASES] [--byte-cases N] [--seed N] [--timeout S]

Event files (tests/storage/fuzz_event_file.py): cells, rows, the undo journal, options and the schema are
damaged in ways ``PRAGMA quick_check`` accepts; each file is opened and the first actions run (standings,
printing, a result, undo/redo, pairing, a late entry, a backup). Then (issue 27) the same with 1 to 8 bits of
the file flipped anywhere, which SQLite may or may not notice (``--byte-cases``, 2000 by default).
Bundles (tests/storage/fuzz_bundle.py): bit flips, truncation, encryption flags, compression methods, corrupt
deflate, duplicates, zip bombs, member floods, forged sizes, forged results with rewritten checksums, broken
manifests and event.json, unsafe names.

Printed: inputs, uncaught errors (anything but a TournamentError), hangs (a case over ``--timeout`` seconds),
the peak memory of one case (tracemalloc) and of the process (max RSS), and for bundles how many forged ones
were caught. The TRF/CSV/rating-list readers have their own fuzz run (their owners' benchmarks).
"""

from __future__ import annotations

import argparse
import collections
import platform
import random
import resource
import signal
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "storage"))

import fuzz_bundle
import fuzz_event_file

from tournament_desk.core.model import PairingSystem


class Hang(Exception):
    pass


def _alarm(_signum: int, _frame: object) -> None:
    raise Hang


def _run(label: str, cases: int, one: object, timeout: float) -> None:
    signal.signal(signal.SIGALRM, _alarm)
    crashes: collections.Counter[str] = collections.Counter()
    examples: dict[str, str] = {}
    hangs = 0
    peak = 0
    slowest = 0.0
    t0 = time.perf_counter()
    for i in range(cases):
        tracemalloc.start()
        start = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            crash = one(i)  # type: ignore[operator]
        except Hang:
            hangs += 1
            crash = ""
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        slowest = max(slowest, time.perf_counter() - start)
        peak = max(peak, tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        if crash:
            key = crash.strip().splitlines()[-1][:160]
            crashes[key] += 1
            examples.setdefault(key, crash)
    elapsed = time.perf_counter() - t0
    print(f"{label}: {cases} inputs, {sum(crashes.values())} uncaught errors, {hangs} hangs (>{timeout:g} s), "
          f"peak memory of one case {peak / 2**20:.1f} MB, slowest case {slowest:.2f} s, {elapsed:.0f} s in all")
    for key, count in crashes.most_common(10):
        print(f"  {count} x {key}")
        print("    " + "\n    ".join(examples[key].strip().splitlines()[-6:]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("event_cases", nargs="?", type=int, default=5000)
    parser.add_argument("bundle_cases", nargs="?", type=int, default=5000)
    parser.add_argument("--byte-cases", type=int, default=2000, help="event files with flipped bits")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--timeout", type=float, default=30.0)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, seed {args.seed}")
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="tdesk-fuzz-") as tmp:
        work = Path(tmp)
        bases = [fuzz_event_file.make_base(work / "bases", PairingSystem.DUTCH),
                 fuzz_event_file.make_base(work / "bases", PairingSystem.ROUND_ROBIN)]
        outcomes: collections.Counter[str] = collections.Counter()

        def event_case(i: int) -> str:
            mutations = fuzz_event_file.random_mutations(rng, rng.randint(1, 3))
            out = fuzz_event_file.run_case(bases[i % 2], work / "case", mutations)
            outcomes["opened" if out.opened else "refused with a named error" if out.refused else "crashed"] += 1
            return out.crash

        _run("event files", args.event_cases, event_case, args.timeout)
        print("  outcomes: " + ", ".join(f"{k} {v}" for k, v in outcomes.items()))
        flipped: collections.Counter[str] = collections.Counter()

        def bytes_case(i: int) -> str:
            out = fuzz_event_file.run_bytes_case(bases[i % 2], work / "case", rng, rng.randint(1, 8))
            flipped["opened" if out.opened else "refused with a named error" if out.refused else "crashed"] += 1
            return out.crash

        _run("event files, flipped bits", args.byte_cases, bytes_case, args.timeout)
        print("  outcomes: " + ", ".join(f"{k} {v}" for k, v in flipped.items()))

        base = fuzz_bundle.base_bundle(work / "bundle")
        forged: collections.Counter[str] = collections.Counter()

        def bundle_case(i: int) -> str:
            from tournament_desk.services.bundle import verify_bundle

            kind = fuzz_bundle.KINDS[i % len(fuzz_bundle.KINDS)]
            data = fuzz_bundle.mutate(base, rng, kind)
            crash = fuzz_bundle.exercise(data, work)
            if kind == "forge" and not crash:
                forged["caught" if not verify_bundle(work / "case.zip").ok else "passed"] += 1
            return crash

        _run("bundles", args.bundle_cases, bundle_case, args.timeout)
        print(f"  forged results with rewritten checksums: {forged['caught']} caught, {forged['passed']} passed")
    print(f"process max RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
