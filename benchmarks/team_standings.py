"""Team standings of a large team event (issue 31 item 10: 100 teams x 10 boards x 11 rounds, the standings with
tie-breaks under 0.5 s as a whole CLI call).

The event is built in memory through the core's operations, as a user would make it: 100 teams of 12 rated players
(10 boards and 2 reserves), numbered by average rating, 11 rounds of the team round robin paired from the Berger
table, every line-up given in roster order (a reserve on board 10 now and then, a board left empty now and then),
every board result entered home team first (the higher rating wins more often, about 30 % draws). It is then
written as an event file in one step and timed:

* ``core``   — :func:`tournament_desk.core.teams.standings.team_standings` with the FFE annex §3 team round robin
  list (GP, DE, SBB) plus Berlin and team Buchholz: as the command line computes it (from scratch), as it was
  computed before issue 31 item 10 (every match's score first, :func:`team_results`), and as a window recomputes it
  after a result with its :class:`TeamScoreCache`;
* ``board result`` — one board result as the GUI and the CLI enter it: ``EventSession.run(RecordBoardResult)``,
  one transaction and one undo step, on the event file;
* ``whole call`` — ``tournament-desk standings EVENT.tdesk`` in a fresh process (median of several), against
  ``python -c pass``.

With ``--gui``, a board result typed in the Teams tab is timed too (``team_gui.py``: the key typed until the window
has settled, issue 31: under 50 ms). With ``--write PATH`` the event file is kept at PATH, to time whole commands on
it with other tools (``/usr/bin/time -v python3 -m tournament_desk standings PATH``).

Run: ``python3 benchmarks/team_standings.py [teams] [boards] [rounds] [runs] [--gui] [--write PATH]``.
"""

from __future__ import annotations

import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tournament_desk.core.messages import msg
from tournament_desk.core.model import Event, EventState, PairingSystem
from tournament_desk.core.operations import (
    ImportTeams,
    NumberTeams,
    PairNext,
    RecordBoardResult,
    SetLineup,
    TakeWholeEvent,
)
from tournament_desk.core.results import Discipline
from tournament_desk.core.teams.model import TeamRules
from tournament_desk.core.teams.standings import team_results, team_standings

TIEBREAKS = ("GP", "DE", "SBB", "BERLIN", "BH")


def build_event(n_teams: int = 100, boards: int = 10, n_rounds: int = 11, seed: int = 2026) -> EventState:
    rng = random.Random(seed)
    event = Event.for_discipline("Benchmark", Discipline.CHESS, system=PairingSystem.ROUND_ROBIN, rounds=1,
                                 team=TeamRules(boards=boards, rating_boards=boards, tiebreaks=TIEBREAKS))
    entries = []
    for t in range(n_teams):
        base = 1400 + rng.randrange(900)
        players = [{"surname": f"T{t:03d}P{b:02d}", "ratings": (("fide", base - 15 * b + rng.randrange(30)),)}
                   for b in range(boards + 2)]
        entries.append({"name": f"Team {t:03d}", "players": players})
    state = ImportTeams(entries).apply(EventState(event)).state
    state = NumberTeams("rating").apply(state).state
    for rnd in range(1, n_rounds + 1):
        state = PairNext().apply(state).state
        for m in state.matches_in(rnd):
            for tid in m.teams():
                members = list(state.team(tid).members[:boards])
                if rng.random() < 0.1:
                    members[-1] = state.team(tid).members[boards]  # a reserve plays the last board
                lineup: list[int | None] = list(members)
                if rng.random() < 0.02:
                    lineup[-1] = None  # a board left empty: lost by forfeit
                state = SetLineup(rnd, tid, lineup).apply(state).state
        games = {g.board: g for g in state.round(rnd).games}
        for m in state.matches_in(rnd):
            for b in range(1, boards + 1):
                game = games.get((m.number - 1) * boards + b)
                if game is None:
                    continue
                x = rng.random()
                result = "1/2" if x < 0.3 else "1-0" if x < 0.65 else "0-1"
                state = RecordBoardResult(rnd, m.number, b, result).apply(state).state
    return state


def _median(fn: object, runs: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds (the CPU time is what a shared, loaded machine does not inflate)."""
    wall, cpu = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()  # type: ignore[operator]
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return statistics.median(wall), statistics.median(cpu)


def main(n_teams: int = 100, boards: int = 10, n_rounds: int = 11, runs: int = 7, gui: bool = False,
         write: Path | None = None) -> None:
    # here, so that build_event (team_gui.py) also runs on a revision before the cache
    from tournament_desk.core.teams.standings import TeamScoreCache
    from tournament_desk.services.session import EventSession

    t0 = time.perf_counter()
    state = build_event(n_teams, boards, n_rounds)
    built = time.perf_counter() - t0
    games = sum(len(r.games) for r in state.rounds)
    print(f"python {platform.python_version()} on {platform.machine()}; load average "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{n_teams} teams x {boards} boards x {n_rounds} rounds: {len(state.matches)} matches, {games} games "
          f"(built through the operations in {built:.1f} s)")
    core = _median(lambda: team_standings(state), runs)
    print(f"core team standings ({', '.join(TIEBREAKS)}), from scratch: median {core[0] * 1000:.1f} ms wall, "
          f"{core[1] * 1000:.1f} ms CPU")
    old = _median(lambda: team_standings(state, results=team_results(state)), runs)
    print(f"  every match's score first (the computation before issue 31 item 10): median {old[0] * 1000:.1f} ms "
          f"wall, {old[1] * 1000:.1f} ms CPU")
    cache = TeamScoreCache()
    team_standings(state, cache=cache)
    m = state.matches_in(n_rounds)[0]
    after = [RecordBoardResult(n_rounds, m.number, 1, r, replace=True).apply(state).state for r in ("0-1", "1/2")]
    cached = _median(lambda: [team_standings(s, cache=cache) for s in after], runs)
    print(f"  in a window after one board result (TeamScoreCache): median {cached[0] * 500:.1f} ms wall, "
          f"{cached[1] * 500:.1f} ms CPU")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "teams.tdesk" if write is None else write
        path.unlink(missing_ok=True)
        with EventSession.create(path, state.event) as session:
            session.run(TakeWholeEvent(state, label=msg("Benchmark")))
            m = state.matches_in(n_rounds)[0]
            board_times = []
            for result in ("1-0", "0-1", "1/2", "1-0", "0-1", "1/2", "1-0"):
                t0 = time.perf_counter()
                session.run(RecordBoardResult(n_rounds, m.number, 1, result, replace=True))
                board_times.append(time.perf_counter() - t0)
        print(f"one board result (EventSession.run, one transaction and undo step): median "
              f"{statistics.median(board_times) * 1000:.1f} ms")
        if gui:
            from team_gui import board_result_times

            for name, (median, best, cpu) in board_result_times(path, runs).items():
                print(f"Teams tab, {name:<15} key typed to window settled: median {median * 1000:6.1f} ms, best "
                      f"{best * 1000:6.1f} ms, CPU median {cpu * 1000:6.1f} ms (target < 50 ms)")
        # byte-compiled modules as an installed program has them (the first call writes them when allowed)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        command = [sys.executable, "-m", "tournament_desk", "standings", str(path)]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
        calls, cpu, base = [], [], []
        for _ in range(runs):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True, env=env)
            base.append(time.perf_counter() - t0)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
            calls.append(time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        print(f"whole call `tournament-desk standings`, {runs} processes: wall best {min(calls):.3f} s, median "
              f"{statistics.median(calls):.3f} s; CPU median {statistics.median(cpu):.3f} s (python -c pass: wall "
              f"median {statistics.median(base):.3f} s); target < 0.5 s")


if __name__ == "__main__":
    args = sys.argv[1:]
    target = Path(args[args.index("--write") + 1]) if "--write" in args else None
    numbers = [int(a) for a in args if a.isdigit()][:4]
    main(*numbers, gui="--gui" in args, write=target)
