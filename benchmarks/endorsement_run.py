"""The endorsement run (issue 33 item 3, FIDE Handbook C.04.A): generate N tournaments with our Random
Tournament Generator and check every round of each with our Free Pairings Checker; check the shared fixtures
(tournaments paired by a FIDE-endorsed engine) too.

Usage::

    python benchmarks/endorsement_run.py [--tournaments 5000] [--workers 2] [--base-seed 2026]
                                         [--workdir DIR] [--fixtures DIR] [--keep]

Each tournament ``i`` has its own seed (``base + i``), from which its configuration is drawn: 8 to 160 players,
5 to 13 rounds (at most half the players plus one, so that a Swiss of that size can be paired to its end), a
draw percentage from 0 to 60, a forfeit rate, a retirement rate and a half-point-bye rate each either 0 (never)
or one in 4 to 60, a rating range within 1000-2850, and the points of a win, a draw, a loss and the
pairing-allocated bye (1/½/0 mostly; 3/1/0; 2/1/0 with a bye worth a draw). The configuration is written as a
file and the tournament made by ``tournament-desk generate --dutch CONFIG -o T.trf -s SEED``; the file is then
checked by ``tournament-desk pair --dutch T.trf --check-all``: both through the command-line functions
(``cli.generate.main_generate``, ``cli.engine.main_dutch``), called in the worker processes rather than as
new processes (process start would otherwise dominate: about 0.1 s a call against tens of milliseconds of
pairing), with their real arguments, files and exit codes.

Printed: the wall-clock time of the whole run and of each phase (CPU seconds summed over the workers), the
tournaments, rounds checked, rounds identical, every file whose check differs or fails, the generator's refusals
(exit 1: a round that cannot be paired), and the machine's load average before and after (other programs
running on the machine slow the run down: the figure says under which load it was made).
"""

from __future__ import annotations

import argparse
import io
import multiprocessing
import os
import platform
import random
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SHARED = ROOT.parent / "shared" / "fixtures" / "dutch"
LOCAL = ROOT / "tests" / "data" / "dutch"
sys.path.insert(0, str(ROOT))  # this tree's package, not another installed copy
_SUMMARY = re.compile(r"^(\d+) rounds checked: (?:every one identical|(\d+) identical)", re.M)


@dataclass
class Outcome:
    name: str
    generate_code: int | None  # None: a fixture (not generated)
    check_code: int | None
    rounds: int  # rounds checked
    identical: int
    generate_seconds: float
    check_seconds: float
    cpu_seconds: float
    detail: str = ""


def configuration(seed: int) -> dict[str, float]:
    """Tournament ``seed``'s generator configuration: every rate and size varied."""
    rng = random.Random(seed * 7919 + 17)
    players = rng.randint(8, 160)
    rounds = rng.randint(5, min(13, players // 2 + 1))

    def rate(low: int, high: int) -> int:
        return 0 if rng.random() < 0.2 else rng.randint(low, high)

    lowest = rng.randint(1000, 2200)
    config: dict[str, float] = {
        "PlayersNumber": players, "RoundsNumber": rounds, "DrawPercentage": rng.randint(0, 60),
        "ForfeitRate": rate(4, 60), "RetiredRate": rate(4, 60), "HalfPointByeRate": rate(4, 60),
        "LowestRating": lowest, "HighestRating": min(2850, lowest + rng.randint(100, 1200)),
    }
    roll = rng.random()
    if roll < 0.1:
        config |= {"PointsForWin": 3, "PointsForDraw": 1, "PointsForLoss": 0}
    elif roll < 0.2:
        config |= {"PointsForWin": 2, "PointsForDraw": 1, "PointsForLoss": 0, "PointsForPAB": 1}
    return config


def _check(path: Path) -> tuple[int, int, int, str]:
    from tournament_desk.cli.engine import main_dutch

    out, err = io.StringIO(), io.StringIO()
    code = main_dutch(["--dutch", str(path), "--check-all", "--lang", "en"], stdout=out, stderr=err)
    found = _SUMMARY.search(out.getvalue())
    rounds = int(found.group(1)) if found else 0
    identical = rounds if found and found.group(2) is None else int(found.group(2)) if found else 0
    detail = "" if code == 0 else (out.getvalue() + err.getvalue())[-2000:]
    return code, rounds, identical, detail


def run_tournament(job: tuple[int, str]) -> Outcome:
    """Generate tournament ``seed`` in ``workdir`` and check it (in a worker process)."""
    from tournament_desk.cli.generate import main_generate

    seed, workdir = job
    cpu = time.process_time()
    config = Path(workdir, f"rtg_{seed}.txt")
    trf = Path(workdir, f"rtg_{seed}.trf")
    config.write_text("".join(f"{k}={v}\n" for k, v in configuration(seed).items()), encoding="utf-8")
    start = time.perf_counter()
    err = io.StringIO()
    code = main_generate(["--dutch", str(config), "-o", str(trf), "-s", str(seed), "--lang", "en"],
                         stdout=io.StringIO(), stderr=err)
    generated = time.perf_counter()
    if code != 0:
        return Outcome(trf.name, code, None, 0, 0, generated - start, 0.0, time.process_time() - cpu, err.getvalue())
    check_code, rounds, identical, detail = _check(trf)
    return Outcome(trf.name, code, check_code, rounds, identical, generated - start, time.perf_counter() - generated,
                   time.process_time() - cpu, detail)


def run_fixture(path: str) -> Outcome:
    cpu = time.process_time()
    start = time.perf_counter()
    code, rounds, identical, detail = _check(Path(path))
    return Outcome(Path(path).name, None, code, rounds, identical, 0.0, time.perf_counter() - start,
                   time.process_time() - cpu, detail)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--base-seed", type=int, default=2026)
    parser.add_argument("--workdir", type=Path, help="where the configurations and files go (default: a temporary "
                        "directory, removed unless --keep)")
    parser.add_argument("--fixtures", type=Path, default=SHARED if SHARED.is_dir() else LOCAL)
    parser.add_argument("--keep", action="store_true", help="keep the generated files")
    args = parser.parse_args()
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="endorsement-"))
    workdir.mkdir(parents=True, exist_ok=True)
    fixtures = sorted(str(p) for p in args.fixtures.glob("*.trf"))
    load_before = os.getloadavg()
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"{args.workers} worker processes; load average before: {load_before[0]:.2f} {load_before[1]:.2f} "
          f"{load_before[2]:.2f}")
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        fixture_results = pool.map(run_fixture, fixtures, chunksize=1)
        fixtures_done = time.perf_counter()
        jobs = [(args.base_seed + i, str(workdir)) for i in range(args.tournaments)]
        results = []
        for n, outcome in enumerate(pool.imap_unordered(run_tournament, jobs, chunksize=4), start=1):
            results.append(outcome)
            if n % 500 == 0:
                elapsed = time.perf_counter() - fixtures_done
                print(f"  {n} tournaments in {elapsed:.0f} s (load {os.getloadavg()[0]:.2f})", flush=True)
    finished = time.perf_counter()
    load_after = os.getloadavg()
    _report("Shared fixtures (paired by a FIDE-endorsed engine)", fixture_results, fixtures_done - started)
    _report(f"Generated tournaments (seeds {args.base_seed}..{args.base_seed + args.tournaments - 1})", results,
            finished - fixtures_done)
    print(f"Whole run: {finished - started:.1f} s wall; load average after: {load_after[0]:.2f} {load_after[1]:.2f} "
          f"{load_after[2]:.2f}")
    if results:
        # The run's CPU seconds do not depend on what else the machine runs as much as its wall clock does: the
        # extrapolation to 5,000 tournaments on this machine's cores, had they been free for the run.
        cpu = sum(o.cpu_seconds for o in results) / len(results)
        cores = min(args.workers, os.cpu_count() or 1)
        print(f"CPU per tournament: {cpu:.3f} s; 5,000 tournaments on {cores} free cores: about "
              f"{5000 * cpu / cores / 60:.1f} min (measured: {len(results)} in {finished - fixtures_done:.0f} s wall, "
              f"{len(results) * cpu / max(finished - fixtures_done, 1e-9):.2f} cores' worth of CPU obtained)")
    if not args.keep and args.workdir is None:
        shutil.rmtree(workdir, ignore_errors=True)
    bad = [o for o in fixture_results + results if o.check_code not in (0, None) or o.generate_code not in (0, None)]
    return 1 if bad else 0


def _report(title: str, outcomes: list[Outcome], wall: float) -> None:
    refused = [o for o in outcomes if o.generate_code not in (None, 0)]
    checked = [o for o in outcomes if o.check_code is not None]
    different = [o for o in checked if o.check_code != 0]
    rounds = sum(o.rounds for o in checked)
    same = sum(o.identical for o in checked)
    cpu = sum(o.cpu_seconds for o in outcomes)
    gen = sum(o.generate_seconds for o in outcomes)
    chk = sum(o.check_seconds for o in outcomes)
    print(f"{title}: {len(outcomes)} files in {wall:.1f} s wall ({cpu:.1f} s CPU in the workers: generating "
          f"{gen:.1f} s, checking {chk:.1f} s, summed over the workers' wall clocks)")
    if refused:
        print(f"  generator refused {len(refused)} (a round with no valid pairing): "
              f"{', '.join(o.name for o in refused[:10])}")
    print(f"  {len(checked)} files checked, {rounds} rounds: {same} identical, {rounds - same} different; "
          f"{len(different)} files with a difference or an error")
    for o in different[:20]:
        print(f"  -- {o.name} (exit {o.check_code}):\n{o.detail}")
    players = [int(m.group(1)) for o in checked if (m := re.search(r"rtg_(\d+)", o.name))]
    if players:
        sizes = [configuration(s)["PlayersNumber"] for s in players]
        print(f"  players {min(sizes):g}-{max(sizes):g} (mean {sum(sizes) / len(sizes):.0f}), rounds "
              f"{min(o.rounds for o in checked)}-{max(o.rounds for o in checked)}")


if __name__ == "__main__":
    sys.exit(main())
