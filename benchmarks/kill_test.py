"""The full crash-safety runs: 200 SIGKILLs during result entry (issue 11) and 60 during backups (issue 23);
prints the counts.

    python benchmarks/kill_test.py [RESULT_KILLS] [BACKUP_KILLS]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "storage"))

from kill_harness import make_event, run, run_backups


def main(kills: int = 200, backup_kills: int = 60) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "kill.tdesk"
        make_event(path)
        t0 = time.perf_counter()
        report = run(path, kills, seed=1)
        elapsed = time.perf_counter() - t0
    print(f"kills: {report.kills}")
    print(f"acknowledged results: {report.acknowledged}")
    print(f"results found: {report.found}")
    print(f"integrity failures: {report.integrity_failures}")
    print(f"reopen failures: {report.open_failures}")
    print(f"unacknowledged in-flight writes that had landed: {report.in_flight_landed}")
    print(f"elapsed: {elapsed:.1f} s")
    for problem in report.problems[:20]:
        print("PROBLEM:", problem)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "backups.tdesk"
        make_event(path)
        for old in list((Path(tmp) / "backups").rglob("*.tdesk")):
            old.unlink()
        t0 = time.perf_counter()
        b = run_backups(path, backup_kills, seed=1)
        elapsed = time.perf_counter() - t0
    print(f"backup kills: {b.kills}; backups listed at the end: {b.backups_listed}; unusable: {b.unusable}; "
          f"temporary files left by the last kill: {b.leftovers}; elapsed {elapsed:.1f} s")
    for problem in b.problems[:20]:
        print("PROBLEM:", problem)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200, int(sys.argv[2]) if len(sys.argv) > 2 else 60)
