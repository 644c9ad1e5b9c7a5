"""Opening an event file and entering one result, as the user and a calling program feel it (issues 20 and 23).

    python benchmarks/event_open.py [--players 500 2000] [--repeat 7] [--baseline REF]

For each size (11 rounds, the last one without results) it prints, best and median of ``--repeat`` runs:

* ``python -c pass`` — the floor of any call (interpreter start);
* ``open``: a fresh process that imports the session service, opens the event (every row checked), closes it —
  the storage part of the GUI's cold start (budget: 1.5 s to an interactive window at 500 players);
* ``result``: ``python -m tournament_desk result EVENT --round 11 --board B 1-0 --replace``, process start
  included (target: < 0.3 s at 2000 players). Most of what remains above ``open`` is the CLI's own imports
  (cli/main.py imports every command's modules at start-up);
* ``result (service)``: a fresh process that imports the session service, opens the event, records one result
  and closes it — what the ``result`` call costs once the CLI imports only what the command needs;
* in one process: import of ``services.session``, ``EventSession.open``, ``state()`` after it (cached),
  ``record_result``, ``close``.

``--baseline REF`` runs the same subprocess figures with the code of git revision ``REF`` (exported with ``git
archive`` into a temporary folder and put first on ``PYTHONPATH``), e.g. the commit this branch started from.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

OPEN = ("from tournament_desk.services.session import EventSession\n"
        "EventSession.open({path!r}).close()\n")

RESULT_SERVICE = ("from tournament_desk.core.operations import RecordResult\n"
                  "from tournament_desk.services.session import EventSession\n"
                  "with EventSession.open({path!r}) as s:\n"
                  "    s.run(RecordResult({rounds}, {board}, '0-1', replace=True))\n")

IN_PROCESS = """
import time
t0 = time.perf_counter()
from tournament_desk.core.operations import RecordResult
from tournament_desk.services.session import EventSession
t1 = time.perf_counter()
s = EventSession.open({path!r})
t2 = time.perf_counter()
s.state()
t3 = time.perf_counter()
s.run(RecordResult({rounds}, {board}, "{value}", replace=True))
t4 = time.perf_counter()
s.close()
t5 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)
"""


MAKE = """
import random
from pathlib import Path
from tournament_desk.core.model import Event, Game, Round
from tournament_desk.core.results import GameResult
from tournament_desk.core.operations import AddPlayers, StoreRound
from tournament_desk.services.session import EventSession
path, players, rounds = Path({path!r}), {players}, {rounds}
rng = random.Random(players)
with EventSession.create(path, Event(name=f"Open {{players}}", rounds=rounds, tiebreaks=("BH", "SB"))) as s:
    entries = [{{"surname": f"Joueur{{i:04d}}", "first_name": "Zoé", "club": f"Club {{i % 90}}",
                "ratings": (("fide", 1000 + rng.randrange(1800)),)}} for i in range(players)]
    rng.shuffle(entries)
    s.run(AddPlayers(entries))
    ids = [p.id for p in s.players()]
    results = (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN)
    for r in range(1, rounds + 1):
        rng.shuffle(ids)
        s.run(StoreRound(Round(r, tuple(Game(r, b + 1, ids[2 * b], ids[2 * b + 1],
                                                rng.choice(results) if r < rounds else None)
                                           for b in range(players // 2)))))
"""


def make_event(path: Path, players: int, env: dict[str, str], cwd: Path, rounds: int = 11) -> None:
    """The event, written by the code under test (a baseline writes its own file, in its own schema)."""
    subprocess.run([sys.executable, "-c", MAKE.format(path=str(path), players=players, rounds=rounds)], env=env,
                   check=True, capture_output=True, cwd=cwd)


def timed(argv: list[str], env: dict[str, str], repeat: int, cwd: Path | None = None) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(argv, env=env, check=True, capture_output=True, cwd=cwd)
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


def export_ref(ref: str, folder: Path) -> Path:
    out = folder / f"src-{ref.replace('/', '_')}"
    out.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive, check=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[500, 2000])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--baseline", help="a git revision to compare with (its code, the same files)")
    args = parser.parse_args()
    py = sys.executable
    env = dict(os.environ)
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cpus; "
          f"best / median of {args.repeat}")
    floor = timed([py, "-c", "pass"], env, args.repeat)
    print(f"python -c pass: {floor[0]:.3f} / {floor[1]:.3f} s")
    with tempfile.TemporaryDirectory(prefix="tdesk-open-") as tmp:
        folder = Path(tmp)
        variants = [("this tree", env)]
        if args.baseline:
            src = export_ref(args.baseline, folder)
            variants.append((f"baseline {args.baseline}", {**env, "PYTHONPATH": str(src)}))
        for n in args.players:
            print(f"\n{n} players x 11 rounds")
            board = 0
            for i, (label, venv) in enumerate(variants):
                path = folder / f"open-{n}-{i}.tdesk"
                t0 = time.perf_counter()
                make_event(path, n, venv, folder)
                made = time.perf_counter() - t0
                opened = timed([py, "-c", OPEN.format(path=str(path))], venv, args.repeat, cwd=folder)
                results = []
                for _ in range(args.repeat):
                    board = board % (n // 2) + 1
                    t1 = time.perf_counter()
                    subprocess.run([py, "-m", "tournament_desk", "result", str(path), "--round", "11", "--board",
                                    str(board), "1-0", "--replace"], env=venv, check=True, capture_output=True,
                                   cwd=folder)
                    results.append(time.perf_counter() - t1)
                service = []
                for _ in range(args.repeat):
                    board = board % (n // 2) + 1
                    t1 = time.perf_counter()
                    subprocess.run([py, "-c", RESULT_SERVICE.format(path=str(path), rounds=11, board=board)],
                                   env=venv, check=True, capture_output=True, cwd=folder)
                    service.append(time.perf_counter() - t1)
                print(f"  {label:<20} (file {path.stat().st_size // 1024} KB, made in {made:.1f} s)\n"
                      f"    open (fresh process): {opened[0]:.3f} / {opened[1]:.3f} s   "
                      f"result (CLI call): {min(results):.3f} / {statistics.median(results):.3f} s   "
                      f"result (service, fresh process): {min(service):.3f} / {statistics.median(service):.3f} s")
            path = folder / f"open-{n}-0.tdesk"
            runs = []
            for i in range(args.repeat):
                # a board no other figure touched, and a draw, which none wrote: a real write every time
                code = IN_PROCESS.format(path=str(path), rounds=11, board=n // 2 - i, value="1/2")
                out = subprocess.run([py, "-c", code], env=env, check=True, capture_output=True, text=True,
                                     cwd=folder).stdout.split()
                runs.append([float(x) for x in out])
            med = [statistics.median(col) for col in zip(*runs, strict=True)]
            print(f"  in one process (median): import session {med[0]:.3f} s, open {med[1]:.3f} s, state() after "
                  f"open {med[2]:.4f} s, record_result {med[3]:.3f} s, close {med[4]:.3f} s")


if __name__ == "__main__":
    main()
