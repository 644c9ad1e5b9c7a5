"""Per-call timings of the command line as a calling program sees them (issue 20): process start included.

Usage::

    python benchmarks/cli_calls.py [--runs 5] [--baseline-ref dd7c3f2 | --baseline-tree DIR]
                                   [--workdir DIR] [--only NAME ...] [--skip-slow-setup]

Each figure of issue 20's target list is a command run as a new process, ``--runs`` times; the median and the
best wall-clock times are printed, with the peak memory (GNU time's maximum resident set size, when
/usr/bin/time exists) and two comparisons made in the same run on the same machine:

* ``python -c pass``: the interpreter's own start-up, the floor of any call;
* a baseline tree (``--baseline-ref REF`` makes a temporary ``git worktree`` of that commit; or
  ``--baseline-tree DIR``): the same command with that tree's code, for ratios (``ours / baseline``).

Both trees run with the same interpreter and the same installed libraries, through the same small bootstrap
(editable-install finders removed, the tree put first on ``sys.path``), so only the code differs.

The input files are made once in ``--workdir`` (kept between runs when given): the realistic opens of
benchmarks/data (284 players at rounds 7, 8 and 9 of 9, 1000 players at round 6, 2000 players at round 6 and at
the late rounds 9, 10 and 11 of 11; see make_trf.py; targets of issue 33 item 7: 284 players 0.10 s, 2000 players
at round 9 or later 1.0 s), an event file of
2000 players x 11 rounds with 6 tie-breaks (benchmarks/standings.py's generator) for ``standings`` and
``result``, and a rating period of 20 event files, 5,000 players, 50,000 games (benchmarks/ratings.py's
generator) for ``rate --period``. Finally ``python -X importtime`` shows what the start-up of ``--version`` and of
``pair --dutch`` imports (the ten largest cumulative imports).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tournament_desk.core.operations import AddPlayers, SetPairingNumbers, StoreRound

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = HERE / "data"
GNU_TIME = "/usr/bin/time" if Path("/usr/bin/time").exists() else None

BOOT = (
    "import sys\n"
    "sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in type(f).__module__.lower()]\n"
    "sys.path.insert(0, {tree!r})\n"
    "import tournament_desk.__main__ as entry\n"
    "entry.console() if hasattr(entry, 'console') else sys.exit(entry.main(sys.argv[1:]))\n"
)


@dataclass
class Figure:
    name: str
    target: float | None  # seconds per call (issue 20), None when the issue gives none
    args: Callable[[Path], list[str]]  # the command's arguments, given the work directory
    owner: str = ""  # who works on it (for the report)
    reset: Callable[[Path], None] | None = None  # run before each call (e.g. restore a copied event)


def _run(cmd: list[str]) -> tuple[float, int | None, int]:
    """Wall-clock seconds, peak RSS in KiB (None without GNU time) and the exit code of one call."""
    full = [GNU_TIME, "-f", "%M", *cmd] if GNU_TIME else cmd
    start = time.perf_counter()
    proc = subprocess.run(full, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    rss = None
    if GNU_TIME:
        last = proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else ""
        rss = int(last) if last.isdigit() else None
    return elapsed, rss, proc.returncode


def _command(tree: Path, args: list[str]) -> list[str]:
    return [sys.executable, "-c", BOOT.format(tree=str(tree)), *args]


def _measure(
    cmd: list[str], runs: int, reset: Callable[[], None] | None = None
) -> tuple[float, float, int | None, int]:
    times, peaks, code = [], [], 0
    for _ in range(runs):
        if reset:
            reset()
        t, rss, code = _run(cmd)
        times.append(t)
        if rss is not None:
            peaks.append(rss)
    return statistics.median(times), min(times), (max(peaks) if peaks else None), code


# ------------------------------------------------------------------------------------------------ inputs
def _standings_event(work: Path) -> Path:
    path = work / "standings_2000x11.tdesk"
    if path.exists():
        return path
    sys.path.insert(0, str(HERE))
    from standings import build_event  # benchmarks/standings.py

    from tournament_desk.services.session import EventSession

    state = build_event(2000, 11)
    tmp = path.with_suffix(".part")
    if tmp.exists():
        tmp.unlink()
    with EventSession.create(tmp, state.event) as session:
        session.run(AddPlayers([{"surname": p.surname, "ratings": p.ratings} for p in state.players]))
        session.run(SetPairingNumbers({p.id: p.pairing_number for p in state.players if p.pairing_number},
                                    how="benchmark"))
        for rnd in state.rounds:
            session.run(StoreRound(rnd))
    tmp.rename(path)
    return path


def _period_files(work: Path) -> list[Path]:
    folder = work / "period_ffjd"
    done = folder / "done"
    if not done.exists():
        sys.path.insert(0, str(HERE))
        from ratings import build_states, write_files  # benchmarks/ratings.py

        from tournament_desk.core.model import RatingSystem

        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        write_files(build_states(RatingSystem.FFJD, 5000, 300, 20, 500, 10, 1), folder)
        done.write_text("ok")
    return sorted(folder.glob("*.tdesk"))


MAKE_INPUTS = (
    "import sys\n"
    "from pathlib import Path\n"
    "sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in type(f).__module__.lower()]\n"
    "sys.path.insert(0, {tree!r})\n"
    "sys.path.insert(0, {here!r})\n"
    "import cli_calls\n"
    "cli_calls._standings_event(Path({work!r}))\n"
    "cli_calls._period_files(Path({work!r}))\n"
)


def make_inputs(tree: Path, work: Path) -> Path:
    """The event files for ``tree``, written by that tree's own code (event files carry a schema version:
    each tree reads files it wrote, so that neither pays for an upgrade in the timings)."""
    head = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short=12", "HEAD"], capture_output=True,
                          text=True, check=False).stdout.strip() or "unknown"
    folder = work / f"{'ours' if tree == ROOT else 'baseline'}-{head}"  # per commit: files carry its schema
    folder.mkdir(parents=True, exist_ok=True)
    code = MAKE_INPUTS.format(tree=str(tree), here=str(HERE), work=str(folder))
    subprocess.run([sys.executable, "-c", code], check=True)
    return folder


def _figures(work: Path, slow_setup: bool) -> list[Figure]:
    figures = [
        Figure("--version", 0.15, lambda w: ["--version"]),
        Figure("--help", 0.15, lambda w: ["--help"]),
        Figure("pair --dutch 284 players r7", 0.10, lambda w: ["pair", "--dutch", str(DATA / "open_284p_r7.trf"),
                                                             "-p", str(w / "out.txt")]),
        Figure("pair --dutch 1000 players r6", 0.6, lambda w: ["pair", "--dutch", str(DATA / "open_1000p_r6.trf"),
                                                             "-p", str(w / "out.txt")]),
        Figure("pair --dutch 2000 players r6", 1.2, lambda w: ["pair", "--dutch", str(DATA / "open_2000p_r6.trf"),
                                                             "-p", str(w / "out.txt")]),
        # Late rounds (issue 33 item 7): the same 2000-player open after 8, 9 and 10 of its 11 rounds, the
        # 284-player open after 7 and 8 of its 9 (make_trf.py --also-played): withdrawals, byes, absences.
        *(Figure(f"pair --dutch 2000 players r{r} (late)", 1.0,
                 lambda w, r=r: ["pair", "--dutch", str(DATA / f"open_2000p_r{r}.trf"), "-p", str(w / "out.txt")])
          for r in (9, 10, 11)),
        *(Figure(f"pair --dutch 284 players r{r} (late)", 0.10,
                 lambda w, r=r: ["pair", "--dutch", str(DATA / f"open_284p_r{r}.trf"), "-p", str(w / "out.txt")])
          for r in (8, 9)),
    ]
    if slow_setup:
        event = work / "standings_2000x11.tdesk"
        copy = work / "result_2000.tdesk"

        def reset(_w: Path) -> None:
            shutil.copyfile(event, copy)

        figures += [
            Figure("standings 2000x11, 6 tie-breaks", 0.5, lambda w: ["standings", str(event)], "rules helper"),
            Figure("result on a 2000-player event", 0.3,
                   lambda w: ["result", str(copy), "--round", "11", "--board", "7", "--replace", "0-1"],
                   "storage helper", reset),
            Figure("show (open an event file) 2000 players", None, lambda w: ["show", str(event), "--json"],
                   "storage helper"),
        ]
        files = sorted((work / "period_ffjd").glob("*.tdesk"))
        figures.append(Figure("rate --period 50k games / 5k players (ffjd)", 1.0,
                              lambda w: ["rate", "--period", *map(str, files), "--system", "ffjd"],
                              "rules helper"))
    return figures


# ---------------------------------------------------------------------------------------------- importtime
def importtime(tree: Path, args: list[str], top: int = 10) -> list[str]:
    """The ``top`` largest cumulative imports of a call (python -X importtime), and the total."""
    cmd = [sys.executable, "-X", "importtime", "-c", BOOT.format(tree=str(tree)), *args]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    rows = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        parts = line[len("import time:"):].split("|")  # self [us] | cumulative | imported package
        rows.append((int(parts[1]), parts[2].rstrip()))
    top_level = [(c, n) for c, n in rows if not n.startswith("  ")]  # one space after the bar, then the name
    total = sum(c for c, _n in top_level)
    out = [f"  total of top-level imports: {total / 1000:.1f} ms"]
    for c, n in sorted(rows, reverse=True)[:top]:
        out.append(f"  {c / 1000:8.1f} ms  {n.strip()}")
    heavy = [m for m in ("PySide6", "reportlab", "scipy", "numpy", "sqlalchemy", "alembic")
             if any(n.strip() == m for _c, n in rows)]
    out.append(f"  heavy packages imported: {', '.join(heavy) or 'none'}")
    return out


# ---------------------------------------------------------------------------------------------------- main
def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--baseline-ref", help="a commit to compare with (a temporary git worktree is made)")
    which.add_argument("--baseline-tree", type=Path, help="a source tree to compare with")
    parser.add_argument("--workdir", type=Path, help="where the input files are made (kept); default: a temp dir")
    parser.add_argument("--only", nargs="*", help="only the figures whose name contains one of these words")
    parser.add_argument("--skip-slow-setup", action="store_true",
                        help="only the figures that need no generated event files (--version, --help, pair --dutch)")
    args = parser.parse_args()

    work = args.workdir or Path(tempfile.mkdtemp(prefix="tdesk-cli-calls-"))
    work.mkdir(parents=True, exist_ok=True)
    baseline: Path | None = args.baseline_tree
    made_worktree = None
    if args.baseline_ref:
        made_worktree = Path(tempfile.mkdtemp(prefix="tdesk-baseline-")) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(made_worktree),
                        args.baseline_ref], check=True)
        baseline = made_worktree
    try:
        _report(work, baseline, args)
    finally:
        if made_worktree is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(made_worktree)],
                           check=False)
        if args.workdir is None:
            shutil.rmtree(work, ignore_errors=True)


def _report(work: Path, baseline: Path | None, args: argparse.Namespace) -> None:
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
          f"load {os.getloadavg()[0]:.2f}; {args.runs} runs per figure (median, best); peak RSS from GNU time")
    floor, floor_best, floor_rss, _ = _measure([sys.executable, "-c", "pass"], args.runs)
    print(f"python -c pass: median {floor:.3f} s, best {floor_best:.3f} s, {floor_rss or 0} KiB")
    print(f"ours: {ROOT}" + (f"; baseline: {baseline}" if baseline else ""))
    head = f"{'figure':44} {'target':>7} {'ours med':>9} {'best':>7} {'MiB':>5} {'x pass':>6}"
    if baseline:
        head += f" {'base med':>9} {'best':>7} {'MiB':>5} {'ours/base':>9}"
    print(head)
    slow = not args.skip_slow_setup
    ours_work = make_inputs(ROOT, work) if slow else work
    base_work = make_inputs(baseline, work) if slow and baseline else work
    base_figures = _figures(base_work, slow)
    for k, fig in enumerate(_figures(ours_work, slow)):
        if args.only and not any(word in fig.name for word in args.only):
            continue
        reset = (lambda f=fig: f.reset(ours_work)) if fig.reset else None  # type: ignore[misc]
        med, best, rss, code = _measure(_command(ROOT, fig.args(ours_work)), args.runs, reset)
        target = f"{fig.target:.2f}" if fig.target else "-"
        line = (f"{fig.name:44} {target:>7} {med:9.3f} {best:7.3f} {(rss or 0) / 1024:5.0f} "
                f"{med / floor:6.1f}")
        if baseline:
            bfig = base_figures[k]
            breset = (lambda f=bfig: f.reset(base_work)) if bfig.reset else None  # type: ignore[misc]
            bmed, bbest, brss, bcode = _measure(_command(baseline, bfig.args(base_work)), args.runs, breset)
            line += f" {bmed:9.3f} {bbest:7.3f} {(brss or 0) / 1024:5.0f} {med / bmed:9.2f}"
            if bcode:
                line += f"  (baseline exit {bcode})"
        if code:
            line += f"  (exit {code})"
        if fig.owner:
            line += f"  [{fig.owner}]"
        print(line, flush=True)
    print("\npython -X importtime, ours: tournament-desk --version")
    print("\n".join(importtime(ROOT, ["--version"])))
    print("python -X importtime, ours: tournament-desk pair --dutch (284 players)")
    print("\n".join(importtime(ROOT, ["pair", "--dutch", str(DATA / "open_284p_r7.trf"), "-p",
                                      str(work / "out.txt")])))
    if baseline:
        print("python -X importtime, baseline: tournament-desk --version")
        print("\n".join(importtime(baseline, ["--version"])))


if __name__ == "__main__":
    main()
