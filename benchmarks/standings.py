"""Full standings with 6 tie-breaks for a large Swiss event (issue 6: 2000 players x 11 rounds, < 0.3 s).

The event is built in memory (no event file): 2000 rated players, 11 rounds paired by score groups with a
fixed random seed (neighbours in the score order, rematches avoided when a neighbour is free), realistic
results (the higher rating wins more often, about 30 % draws), one pairing-allocated bye per round when the
number of active players is odd, a few forfeits and half-point byes. It times, median of several runs:

* ``core``    — :func:`tournament_desk.core.tiebreaks.build_standings` alone;
* ``service`` — :func:`tournament_desk.services.standings.standings` (the rows the CLI/GUI/printing show:
  formatted values, names, headings).

With ``--cli`` the event is also written as an event file and the whole command is timed as a user or a calling
program waits for it, ``tournament-desk standings EVENT.tdesk`` in a fresh process, against ``python -c pass`` in
the same run; then the phases of that call in one process: importing the CLI, opening the file, loading the event,
computing the standings, formatting the table (issue 20: < 0.5 s per call, the start-up and the file opening being
other parts of the program).

Run: ``python3 benchmarks/standings.py [players] [rounds] [runs] [--cli]``.
"""

from __future__ import annotations

import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tournament_desk.core.model import Bye, Event, EventState, Game, PairingSystem, Player, RatingSystem, Round
from tournament_desk.core.operations import AddPlayers, StoreRound
from tournament_desk.core.results import GameResult, Outcome
from tournament_desk.core.tiebreaks import build_standings
from tournament_desk.services.standings import standings

TIEBREAKS = ("DE", "BH-C1", "BH", "SB", "WIN", "PERF")


def build_event(n_players: int = 2000, n_rounds: int = 11, seed: int = 2026) -> EventState:
    rng = random.Random(seed)
    players = tuple(Player(id=i, surname=f"Player{i:04d}", pairing_number=i,
                           ratings=((RatingSystem.FIDE.value, 1000 + rng.randrange(1500)),))
                    for i in range(1, n_players + 1))
    rating = {p.id: p.rating(RatingSystem.FIDE) or 0 for p in players}
    score = dict.fromkeys(rating, 0.0)
    met: dict[int, set[int]] = {p: set() for p in rating}
    rounds: list[Round] = []
    for r in range(1, n_rounds + 1):
        order = sorted(rating, key=lambda p: (-score[p], -rating[p]))
        byes: list[Bye] = []
        if len(order) % 2:
            pab = order.pop()
            byes.append(Bye(r, pab, Outcome.PAIRING_BYE))
            score[pab] += 1
        games: list[Game] = []
        free = order
        while free:
            a = free.pop(0)
            j = next((k for k, b in enumerate(free[:20]) if b not in met[a]), 0)
            b = free.pop(j)
            met[a].add(b)
            met[b].add(a)
            roll = rng.random()
            p_white = 1 / (1 + 10 ** ((rating[b] - rating[a]) / 400))
            if roll < 0.01:
                result = GameResult.WHITE_FORFEIT_WIN_UNEXCUSED
            elif roll < 0.30:
                result = GameResult.DRAW
            elif rng.random() < p_white:
                result = GameResult.WHITE_WIN
            else:
                result = GameResult.BLACK_WIN
            white_pts = {GameResult.DRAW: 0.5, GameResult.BLACK_WIN: 0.0}.get(result, 1.0)
            score[a] += white_pts
            score[b] += 1 - white_pts
            games.append(Game(r, len(games) + 1, a, b, result))
        rounds.append(Round(r, tuple(games), tuple(byes)))
    event = Event(name="Bench Open", system=PairingSystem.DUTCH, rounds=n_rounds, tiebreaks=TIEBREAKS,
                  rating_system=RatingSystem.FIDE)
    return EventState(event, players, tuple(rounds))


def _median(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall-clock and median CPU seconds of ``runs`` calls (CPU time is less sensitive to a loaded
    machine: on shared cores, compare the CPU figure too)."""
    wall, cpu = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return statistics.median(wall), statistics.median(cpu)


def main(n_players: int = 2000, n_rounds: int = 11, runs: int = 7) -> None:
    state = build_event(n_players, n_rounds)
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"{n_players} players, {n_rounds} rounds, tie-breaks {', '.join(TIEBREAKS)}; median of {runs} runs")
    print("seconds, wall (cpu); the work part of a `standings` call (issue 20: the whole call < 0.5 s)")
    for edition in ("seed003", "fide2023", "fide2026"):
        core = _median(lambda e=edition: build_standings(state, TIEBREAKS, edition=e), runs)
        service = _median(lambda e=edition: standings(state, edition=e), runs)
        print(f"{edition:>9}: core {core[0]:6.3f} ({core[1]:6.3f})   service {service[0]:6.3f} ({service[1]:6.3f})")
    half = n_rounds // 2
    after = _median(lambda: standings(state, after_round=half), runs)
    print(f"after round {half} (seed003): service {after[0]:6.3f} ({after[1]:6.3f})")
    print(f"load average: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


def write_event(state: EventState, path: Path) -> Path:
    """The benchmark event as an event file (players, then every round with its results)."""
    from tournament_desk.services.session import EventSession

    with EventSession.create(path, state.event) as session:
        session.run(AddPlayers([{"surname": p.surname, "ratings": p.ratings, "pairing_number": p.pairing_number}
                             for p in state.players]))
        for rnd in state.rounds:
            session.run(StoreRound(rnd))
    return path


def _call(argv: list[str], runs: int) -> tuple[float, float]:
    """Best and median wall-clock seconds of ``runs`` fresh processes."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


def _phases(path: Path) -> str:
    """The phases of one `standings` call, timed in a fresh interpreter (imports are cold there)."""
    code = f"""
import time
t0 = time.perf_counter()
import tournament_desk.cli.main
t1 = time.perf_counter()
from tournament_desk.services.session import EventSession
from tournament_desk.services.standings import standings
with EventSession.open({str(path)!r}, readonly=True) as session:
    t2 = time.perf_counter()
    state = session.state()
t3 = time.perf_counter()
table = standings(state)
t4 = time.perf_counter()
table.to_text("en")
t5 = time.perf_counter()
print(f"import CLI {{t1 - t0:.3f}} s, open {{t2 - t1:.3f}} s, load {{t3 - t2:.3f}} s, "
      f"standings {{t4 - t3:.3f}} s, text {{t5 - t4:.3f}} s")
"""
    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.strip()


def main_cli(n_players: int, n_rounds: int, runs: int) -> None:
    state = build_event(n_players, n_rounds)
    exe = shutil.which("tournament-desk", path=str(Path(sys.executable).parent)) or "tournament-desk"
    with tempfile.TemporaryDirectory() as tmp:
        path = write_event(state, Path(tmp) / "bench.tdesk")
        base = _call([sys.executable, "-c", "pass"], runs)
        call = _call([exe, "standings", str(path)], runs)
        print(f"whole call, {runs} processes: best {call[0]:.3f} s, median {call[1]:.3f} s "
              f"(python -c pass: best {base[0]:.3f} s, median {base[1]:.3f} s); target < 0.5 s")
        for _ in range(3):
            print("  " + _phases(path))


if __name__ == "__main__":
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    args = [int(a) for a in sys.argv[1:] if not a.startswith("--")][:3]
    main(*args)
    if "--cli" in flags:
        main_cli(*(args + [2000, 11, 7][len(args):]))
