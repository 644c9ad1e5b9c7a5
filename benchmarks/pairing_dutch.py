"""Benchmark of the FIDE Dutch engine on generated tournaments.

Usage: ``python benchmarks/pairing_dutch.py [--sizes 30 100 500 1000 2000] [--rounds 2 5 9] [--memory-up-to 2000]
[--repeat 3]``

Histories are generated quickly (a simple score-ordered pairing with colour alternation, 40 % white wins,
30 % draws, 3 % forfeits, a few half-point byes and absences, as in the golden fixtures); then the time and
peak memory (tracemalloc) of ``pair_dutch`` for the requested round are printed.
Targets: 30 players < 50 ms, 1000 players < 1 s, 2000 players < 4 s per round.
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc

from tournament_desk.core.pairing.dutch import pair_dutch
from tournament_desk.core.pairing.swiss_state import (
    ByeKind,
    Colour,
    Outcome,
    PlayerState,
    RoundEntry,
    SwissState,
)

_FLIP = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN, Outcome.DRAW: Outcome.DRAW}
_POINTS = {Outcome.WIN: 1.0, Outcome.DRAW: 0.5, Outcome.LOSS: 0.0}


def generate(n: int, rounds_played: int, total_rounds: int, seed: int = 1) -> SwissState:
    """A plausible tournament of ``n`` players after ``rounds_played`` rounds."""
    rng = random.Random(seed)
    hist: dict[int, list[RoundEntry]] = {i: [] for i in range(1, n + 1)}
    score = dict.fromkeys(hist, 0.0)
    met: dict[int, set[int]] = {i: set() for i in hist}
    last_colour: dict[int, Colour | None] = dict.fromkeys(hist)
    for _ in range(rounds_played):
        away = {i for i in hist if rng.random() < 0.02}
        for i in away:
            kind = ByeKind.HALF if rng.random() < 0.5 else ByeKind.ZERO
            outcome = Outcome.DRAW if kind is ByeKind.HALF else Outcome.LOSS
            hist[i].append(RoundEntry(None, None, outcome, False, kind))
            score[i] += _POINTS[outcome]
        order = sorted((i for i in hist if i not in away), key=lambda i: (-score[i], i))
        if len(order) % 2:
            bye = order.pop()
            hist[bye].append(RoundEntry(None, None, Outcome.WIN, False, ByeKind.PAB))
            score[bye] += 1.0
        while order:
            a = order.pop(0)
            j = next((k for k, b in enumerate(order) if b not in met[a]), 0)
            b = order.pop(j)
            white, black = (a, b) if last_colour[a] is not Colour.WHITE else (b, a)
            roll = rng.random()
            outcome = Outcome.WIN if roll < 0.4 else Outcome.DRAW if roll < 0.7 else Outcome.LOSS
            played = rng.random() >= 0.03
            if not played and outcome is Outcome.DRAW:
                outcome = Outcome.WIN
            hist[white].append(RoundEntry(black, Colour.WHITE, outcome, played))
            hist[black].append(RoundEntry(white, Colour.BLACK, _FLIP[outcome], played))
            score[white] += _POINTS[outcome]
            score[black] += _POINTS[_FLIP[outcome]]
            if played:
                met[a].add(b)
                met[b].add(a)
                last_colour[white], last_colour[black] = Colour.WHITE, Colour.BLACK
    players = tuple(PlayerState(i, tuple(hist[i]), rating=3000 - i) for i in hist)
    return SwissState(players=players, rounds_played=rounds_played, total_rounds=total_rounds)


def run(sizes: list[int], rounds: list[int], memory_up_to: int = 2000, repeat: int = 3) -> None:
    """Time each pairing ``repeat`` times (wall clock: best and median, as shared machines are noisy), then
    re-run it under tracemalloc for the peak memory.

    tracemalloc slows this allocation-heavy code down by an order of magnitude, so the memory run is only
    done up to ``memory_up_to`` players.
    """
    print(f"{'players':>8} {'round':>6} {'best s':>9} {'median s':>9} {'peak MiB':>9} {'boards':>7}")
    for n in sizes:
        for r in rounds:
            state = generate(n, r - 1, max(rounds) + 2)
            times = []
            for _ in range(repeat):
                start = time.perf_counter()
                pairing = pair_dutch(state)
                times.append(time.perf_counter() - start)
            times.sort()
            peak_text = "-"
            if n <= memory_up_to:
                tracemalloc.start()
                pair_dutch(state)
                _, peak = tracemalloc.get_traced_memory()
                tracemalloc.stop()
                peak_text = f"{peak / 2**20:.1f}"
            median = times[len(times) // 2]
            print(f"{n:8d} {r:6d} {times[0]:9.3f} {median:9.3f} {peak_text:>9} {len(pairing.boards):7d}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[30, 100, 500, 1000, 2000])
    parser.add_argument("--rounds", type=int, nargs="+", default=[2, 5, 9])
    parser.add_argument(
        "--memory-up-to", type=int, default=2000, help="measure peak memory (tracemalloc) up to this many players"
    )
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per case (best and median are printed)")
    args = parser.parse_args()
    run(args.sizes, args.rounds, args.memory_up_to, args.repeat)


if __name__ == "__main__":
    main()
