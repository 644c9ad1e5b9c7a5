"""The full crash-safety run of issue 11: 200 SIGKILLs during result entry; prints the counts."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "storage"))

from kill_harness import make_event, run


def main(kills: int = 200) -> None:
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


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
