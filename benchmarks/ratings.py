"""A rating period: 5,000 players (300 unrated), 50,000 games in 20 events of 500 players x 10 rounds.

For FFJD Capital-Points (seed 000) and national Elo (seed 001), and the Scrabble PL chain (seed 002) with
``--scrabble``, it times :func:`tournament_desk.services.ratings.period_run_states` (event states already in
memory: the adapters, the player matching across events and the core period computation). With ``--files``
the events are also written as .tdesk files and :func:`period_run` is timed end to end (opening each file
read-only and loading it), and so is the whole command a user waits for, ``tournament-desk rate --period ...
--system S`` in a fresh process, against ``python -c pass`` in the same run (issue 20: < 1 s per system). With
``--results`` the same games are also written as one results file of events played elsewhere and rated from it.
Prints seconds. Usage::

    python3 benchmarks/ratings.py [--players 5000] [--unrated 300] [--events 20] [--size 500] [--rounds 10]
                                  [--files] [--results] [--scrabble] [--seed 1]
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tournament_desk.core.model import Event, EventState, Game, PairingSystem, Player, RatingSystem, Round
from tournament_desk.core.operations import AddPlayers, StoreRound
from tournament_desk.core.results import Discipline, GameResult, format_game_result
from tournament_desk.services.ratings import period_run, period_run_states
from tournament_desk.services.session import EventSession

_DISCIPLINE = {RatingSystem.FFJD: Discipline.DRAUGHTS, RatingSystem.NATIONAL_ELO: Discipline.CHESS,
               RatingSystem.FISF_PL: Discipline.SCRABBLE}


def build_states(system: RatingSystem, players: int, unrated: int, events: int, size: int, rounds: int,
                 seed: int) -> list[tuple[str, EventState]]:
    rng = random.Random(seed)
    strength = [rng.gauss(1500, 250) for _ in range(players)]
    unrated_ids = set(rng.sample(range(players), unrated))
    start = dt.date(2026, 3, 2) if system is not RatingSystem.NATIONAL_ELO else dt.date(2026, 1, 10)
    discipline = _DISCIPLINE[system]
    states = []
    slots: list[int] = []  # every player plays: shuffled copies of the pool, cut into events
    while len(slots) < events * size:
        pool = list(range(players))
        rng.shuffle(pool)
        slots.extend(pool)
    for e in range(events):
        chosen = list(dict.fromkeys(slots[e * size:(e + 1) * size]))
        while len(chosen) < size:  # a cut across two copies may repeat a player
            extra = rng.randrange(players)
            if extra not in chosen:
                chosen.append(extra)
        roster = []
        for local, g in enumerate(chosen, start=1):
            rating = max(600, min(2800, round(strength[g])))
            if system is RatingSystem.NATIONAL_ELO:
                rating = rating // 10 * 10
            roster.append(Player(local, f"P{g:05d}", licence_id=f"L{g:05d}",
                                 ratings=() if g in unrated_ids else ((system.value, rating),),
                                 unrated=g in unrated_ids))
        event = Event.for_discipline(f"Event {e + 1}", discipline, system=PairingSystem.MANUAL, rounds=rounds,
                                     start_date=start + dt.timedelta(days=e), rating_system=system)
        round_list = []
        for r in range(1, rounds + 1):
            order = list(range(1, size + 1))
            rng.shuffle(order)
            games = []
            for b in range(size // 2):
                w, bl = order[2 * b], order[2 * b + 1]
                diff = strength[chosen[w - 1]] - strength[chosen[bl - 1]]
                p_white = 1 / (1 + 10 ** (-diff / 400))
                x = rng.random()
                result = (GameResult.WHITE_WIN if x < p_white - 0.1 else
                          GameResult.BLACK_WIN if x > p_white + 0.1 else GameResult.DRAW)
                points = (None, None)
                if discipline is Discipline.SCRABBLE:
                    points = {GameResult.WHITE_WIN: (420, 380), GameResult.BLACK_WIN: (380, 420),
                              GameResult.DRAW: (400, 400)}[result]
                games.append(Game(r, b + 1, w, bl, result, *points))
            round_list.append(Round(r, tuple(games)))
        states.append((f"event{e + 1:02d}.tdesk", EventState(event, tuple(roster), tuple(round_list))))
    return states


def write_files(states: list[tuple[str, EventState]], folder: Path) -> list[Path]:
    paths = []
    for label, state in states:
        path = folder / label
        with EventSession.create(path, state.event) as session:
            session.run(AddPlayers([{k: getattr(p, k) for k in ("surname", "licence_id", "ratings", "unrated")}
                                 for p in state.players]))
            for rnd in state.rounds:
                session.run(StoreRound(rnd))
        paths.append(path)
    return paths


def write_results(states: list[tuple[str, EventState]], path: Path) -> Path:
    """The games of ``states`` as one results file of events played elsewhere (formats/period_files.py)."""
    lines = ["tournoi;date;ronde;licence_blancs;blancs;classement_blancs;licence_noirs;noirs;classement_noirs;"
             "resultat;cadence"]
    for _label, state in states:
        event = state.event
        players = {p.id: p for p in state.players}
        system = event.rating_system.value
        for rnd in state.rounds:
            for g in rnd.games:
                w, b = players[g.white_id], players[g.black_id]
                rw, rb = w.rating(system), b.rating(system)
                lines.append(f"{event.name};{event.start_date};{rnd.number};{w.licence_id};{w.surname};"
                             f"{'NC' if rw is None else rw};{b.licence_id};{b.surname};{'NC' if rb is None else rb};"
                             f"{format_game_result(g.result, event.discipline)};lente")  # type: ignore[arg-type]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _best_call(argv: list[str], runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--unrated", type=int, default=300)
    parser.add_argument("--events", type=int, default=20)
    parser.add_argument("--size", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--files", action="store_true", help="also time period_run on .tdesk files")
    parser.add_argument("--scrabble", action="store_true", help="also time the Scrabble PL chain")
    parser.add_argument("--results", action="store_true", help="also rate the games from one results file")
    args = parser.parse_args()
    exe = shutil.which("tournament-desk", path=str(Path(sys.executable).parent)) or "tournament-desk"
    systems = [RatingSystem.FFJD, RatingSystem.NATIONAL_ELO] + ([RatingSystem.FISF_PL] if args.scrabble else [])
    games = args.events * args.rounds * (args.size // 2)
    print(f"python {platform.python_version()} on {platform.machine()}; {args.players} players "
          f"({args.unrated} unrated), {args.events} events x {args.size} players x {args.rounds} rounds = "
          f"{games} games")
    for system in systems:
        states = build_states(system, args.players, args.unrated, args.events, args.size, args.rounds, args.seed)
        t0 = time.perf_counter()
        result = period_run_states(states, system, states[0][1].event.start_date)
        t1 = time.perf_counter()
        rated = sum(1 for r in result.rows if r.new_rating is not None)
        print(f"{system.value:8} period (in memory): {t1 - t0:7.2f} s  ({len(result.rows)} players, "
              f"{rated} with a new rating)")
        if args.files:
            with tempfile.TemporaryDirectory() as tmp:
                paths = write_files(states, Path(tmp))
                t2 = time.perf_counter()
                period_run(paths, system, states[0][1].event.start_date)
                t3 = time.perf_counter()
                call = _best_call([exe, "rate", "--period", *map(str, paths), "--system", system.value])
                base = _best_call([sys.executable, "-c", "pass"])
            print(f"{system.value:8} period (from files): {t3 - t2:6.2f} s; whole CLI call {call:6.2f} s "
                  f"(python -c pass {base:.3f} s)")
        if args.results and system is not RatingSystem.FISF_PL:
            with tempfile.TemporaryDirectory() as tmp:
                results = write_results(states, Path(tmp) / "results.csv")
                t4 = time.perf_counter()
                period_run([], system, states[0][1].event.start_date, results_files=[results])
                t5 = time.perf_counter()
            print(f"{system.value:8} period (one results file, {games} games): {t5 - t4:6.2f} s")


if __name__ == "__main__":
    main()
