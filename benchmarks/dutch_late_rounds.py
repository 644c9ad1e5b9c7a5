"""Late rounds of big opens through the FIDE Dutch engine (issue 33 item 7): whole calls and where the time goes.

Usage::

    python benchmarks/dutch_late_rounds.py [FILE.trf ...] [--runs 5] [--profile N] [--no-whole] [--importtime]

Without files: the late-round cases of ``benchmarks/data`` (``rtg_*``: rounds 9, 10 and 11 of 11 of opens of
284, 500 and 2000 players grown by our Random Tournament Generator, see make_late_rounds.py; ``open_*``: the
284-player open at rounds 7-9 of 9 and the 2000-player one at rounds 9-11 of 11, see make_trf.py).
Targets of issue 33 item 7: round 9 or later of a 2000-player open under 1.0 s as a whole call, the
284-player open's round 7 under 0.10 s.

For each file:

* ``whole``: ``python -m tournament_desk pair --dutch FILE -p OUT`` as a new process, ``--runs`` times
  (median and best wall-clock seconds), beside ``python -c pass`` measured in the same loop (the
  interpreter's own start-up, the floor of any call);
* ``in-process``: the same call through ``cli.engine.main_dutch`` in this process (imports done), split into
  reading the file (``loads`` and ``engine_input``) and pairing (``pair_dutch``), median of ``--runs``.

``--profile N`` prints the N largest own times (cProfile) of one in-process call per file; ``--importtime``
the ten largest cumulative imports of the ``pair --dutch`` start-up (``python -X importtime``).
Timings are wall clock on a shared machine: quote medians, and compare with a previous tree run in the same
session (``git stash`` / a worktree) rather than with figures taken on another day.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))  # this tree's package, not another installed copy

from tournament_desk.cli.engine import main_dutch  # noqa: E402
from tournament_desk.core.pairing.dutch import pair_dutch  # noqa: E402
from tournament_desk.formats.trf import engine_input, loads, to_swiss_state  # noqa: E402

DEFAULT = [
    "open_284p_r7.trf", "open_284p_r8.trf", "open_284p_r9.trf",
    "rtg_284p_r9.trf", "rtg_284p_r10.trf", "rtg_284p_r11.trf",
    "rtg_500p_r9.trf", "rtg_500p_r10.trf", "rtg_500p_r11.trf",
    "open_2000p_r9.trf", "open_2000p_r10.trf", "open_2000p_r11.trf",
    "rtg_2000p_r9.trf", "rtg_2000p_r10.trf", "rtg_2000p_r11.trf",
]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, capture_output=True, check=True, env=_env())
    return time.perf_counter() - start


def whole(path: Path, runs: int, out: Path) -> tuple[list[float], list[float]]:
    """Wall-clock seconds of ``pair --dutch`` as a process, and of ``python -c pass``, taken in turn."""
    call = [sys.executable, "-m", "tournament_desk", "pair", "--dutch", str(path), "-p", str(out)]
    floor = [sys.executable, "-c", "pass"]
    _timed(call)  # warm-up: the file cache, the bytecode
    calls, floors = [], []
    for _ in range(runs):
        calls.append(_timed(call))
        floors.append(_timed(floor))
    return calls, floors


def in_process(path: Path, runs: int) -> tuple[float, float, float]:
    """Median seconds of the whole engine call, of reading the file, and of pairing, in this process."""
    data = path.read_bytes()
    calls, reads, pairs = [], [], []
    for _ in range(runs):
        start = time.perf_counter()
        main_dutch(["--dutch", str(path), "-p"], stdout=io.StringIO())
        calls.append(time.perf_counter() - start)
        start = time.perf_counter()
        trf = loads(data)
        _k, _warnings, state = engine_input(trf, checking=False)
        state = state if state is not None else to_swiss_state(trf)
        reads.append(time.perf_counter() - start)
        start = time.perf_counter()
        pair_dutch(state)
        pairs.append(time.perf_counter() - start)
    return statistics.median(calls), statistics.median(reads), statistics.median(pairs)


def profile(path: Path, top: int) -> None:
    prof = cProfile.Profile()
    prof.runcall(main_dutch, ["--dutch", str(path), "-p"], stdout=io.StringIO())
    text = io.StringIO()
    pstats.Stats(prof, stream=text).sort_stats("tottime").print_stats(top)
    print("\n".join(line for line in text.getvalue().splitlines() if line.strip())[:6000])


def importtime(path: Path, out: Path) -> None:
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "tournament_desk", "pair", "--dutch",
                           str(path), "-p", str(out)], capture_output=True, text=True, check=True, env=_env())
    rows = []
    for line in proc.stderr.splitlines():
        parts = line.removeprefix("import time:").split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].rstrip()))
    rows.sort(reverse=True)
    print(f"python -X importtime, pair --dutch {path.name}: largest cumulative imports (microseconds)")
    for micros, name in rows[:10]:
        print(f"  {micros:8d} {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="TRF files (default: the late-round cases of benchmarks/data)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="print the N largest own times")
    parser.add_argument("--no-whole", action="store_true", help="in-process figures only")
    parser.add_argument("--importtime", action="store_true", help="the pair --dutch start-up's imports")
    args = parser.parse_args()
    files = [Path(f) for f in args.files] or [HERE / "data" / name for name in DEFAULT]
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'file':22} {'whole med':>9} {'best':>6} {'py pass':>7} {'in-proc':>8} {'read':>6} {'pair':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "pairing.txt"
        for path in files:
            call, read, pair = in_process(path, args.runs)
            if args.no_whole:
                head = f"{'-':>9} {'-':>6} {'-':>7}"
            else:
                calls, floors = whole(path, args.runs, out)
                head = f"{statistics.median(calls):9.3f} {min(calls):6.3f} {statistics.median(floors):7.3f}"
            print(f"{path.name:22} {head} {call:8.3f} {read:6.3f} {pair:6.3f}", flush=True)
            if args.profile:
                profile(path, args.profile)
        if args.importtime:
            importtime(files[0], out)


if __name__ == "__main__":
    main()
