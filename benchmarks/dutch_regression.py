"""Regression check of the Dutch engine against a recorded snapshot of its own pairings.

Usage::

    python benchmarks/dutch_regression.py record SNAPSHOT.json [--events 120] [--max-players 300] [--min-players 6]
    python benchmarks/dutch_regression.py compare SNAPSHOT.json [--reference] [--stats]

``benchmarks/data/dutch_snapshot.json.gz`` holds 1,122 rounds (events of 6 to 900 players) recorded with the
engine as it was before the speed work of issue 4; ``compare`` on it must report 0 different.
``record`` plays random tournaments with the engine (random results, forfeits, half- and zero-point byes,
absences, late entries), every round paired by ``pair_dutch``, and stores every round. ``compare`` replays
each stored tournament round by round and checks that the engine still makes exactly the same pairings,
colours and bye. Use it before and after a change to the engine meant to be a pure speed-up: the golden
fixtures are few, this covers many more situations (large brackets, long float histories, byes).
``--reference`` also pairs every round by the reference path (``pair_dutch(fast=False)``: the plain blossom
algorithm over all remaining players, no shortcut; slow on the large events) and checks it agrees;
``--stats`` prints how often each fast path served and each hand-over reason (``core/pairing/fastpaths.py``).
A third of the tournaments runs in CI (tests/core/pairing/test_dutch_snapshot.py).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time

from tournament_desk.core.pairing.dutch import NoValidPairingError, pair_dutch
from tournament_desk.core.pairing.fastpaths import collecting
from tournament_desk.core.pairing.swiss_state import (
    ByeKind,
    Colour,
    Outcome,
    PlayerState,
    RoundEntry,
    SwissState,
)

_FLIP = {"W": "L", "L": "W", "D": "D"}
_OUT = {"W": Outcome.WIN, "D": Outcome.DRAW, "L": Outcome.LOSS}


def _state(n: int, rounds: list[dict], total: int, late: dict[str, int], away: list[list]) -> SwissState:
    """The tournament after ``rounds`` (each: boards [white, black, result, played], bye, requested byes), ready
    to pair the next round with the requested byes ``away`` ([id, "H" or "Z"]) for it."""
    rounds = [*rounds, {"boards": [], "bye": None, "away": away}]
    hist: dict[int, list[RoundEntry]] = {i: [] for i in range(1, n + 1)}
    for r, rnd in enumerate(rounds):
        for white, black, res, played in rnd["boards"]:
            hist[white].append(RoundEntry(black, Colour.WHITE, _OUT[res], played))
            hist[black].append(RoundEntry(white, Colour.BLACK, _OUT[_FLIP[res]], played))
        if rnd["bye"]:
            hist[rnd["bye"]].append(RoundEntry(None, None, Outcome.WIN, False, ByeKind.PAB))
        for pid, kind in rnd["away"]:
            bye_kind = ByeKind.HALF if kind == "H" else ByeKind.ZERO
            hist[pid].append(RoundEntry(None, None, Outcome.DRAW if kind == "H" else Outcome.LOSS, False, bye_kind))
        for pid in hist:  # late entries: zero-point byes for the rounds they missed
            if len(hist[pid]) == r and late.get(str(pid), 0) > r:
                hist[pid].append(RoundEntry(None, None, Outcome.LOSS, False, ByeKind.ZERO))
    players = tuple(PlayerState(i, tuple(hist[i]), rating=3000 - i) for i in hist)
    return SwissState(players=players, rounds_played=len(rounds) - 1, total_rounds=total)


def _play(rng: random.Random, n: int, total: int) -> dict:
    late = {str(p): rng.randint(1, 3) for p in rng.sample(range(1, n + 1), k=n // 15)}
    rounds: list[dict] = []
    for _ in range(total):
        present = {p.id for p in _state(n, rounds, total, late, []).present_players()}
        away = [[pid, "H" if rng.random() < 0.5 else "Z"] for pid in sorted(present) if rng.random() < 0.03]
        state = _state(n, rounds, total, late, away)
        try:
            pairing = pair_dutch(state)
        except NoValidPairingError:
            break
        boards = []
        for b in pairing.boards:
            roll = rng.random()
            res = "W" if roll < 0.4 else "D" if roll < 0.7 else "L"
            played = rng.random() >= 0.03
            if not played and res == "D":
                res = "W"
            boards.append([b.white, b.black, res, played])
        rounds.append({"boards": boards, "bye": pairing.bye, "away": away})
    return {"n": n, "total": total, "late": late, "rounds": rounds}


def record(path: str, events: int, max_players: int, seed: int, min_players: int = 6) -> None:
    rng = random.Random(seed)
    out = []
    for k in range(events):
        n = rng.choice([rng.randint(6, 30), rng.randint(20, 80), rng.randint(50, max_players)])
        n = max(n, min_players)
        total = rng.randint(4, 11)
        out.append(_play(rng, n, total))
        print(f"event {k + 1}/{events}: {n} players, {len(out[-1]['rounds'])} rounds", file=sys.stderr)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(out, fh)


def compare(path: str, reference: bool = False, stats: bool = False) -> int:
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as fh:
        events = json.load(fh)
    differences = 0
    rounds_checked = 0
    start = time.perf_counter()
    with collecting() as counts:
        for k, ev in enumerate(events):
            for r, rnd in enumerate(ev["rounds"]):
                state = _state(ev["n"], ev["rounds"][:r], ev["total"], ev["late"], rnd["away"])
                got = pair_dutch(state)
                want = sorted((w, b) for w, b, _res, _pl in rnd["boards"])
                rounds_checked += 1
                if sorted((b.white, b.black) for b in got.boards) != want or got.bye != rnd["bye"]:
                    differences += 1
                    print(f"event {k} ({ev['n']} players) round {r + 1}: different pairing")
                if reference and pair_dutch(state, fast=False) != got:
                    differences += 1
                    print(f"event {k} ({ev['n']} players) round {r + 1}: the reference path pairs differently")
    print(f"{rounds_checked} rounds compared{' (and by the reference path)' if reference else ''}, "
          f"{differences} different, {time.perf_counter() - start:.1f} s")
    if stats:
        print("\n".join(counts.lines()[-2:]))
    return 1 if differences else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["record", "compare"])
    parser.add_argument("snapshot")
    parser.add_argument("--events", type=int, default=120)
    parser.add_argument("--max-players", type=int, default=300)
    parser.add_argument("--min-players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reference", action="store_true", help="compare: also check the reference path")
    parser.add_argument("--stats", action="store_true", help="compare: count the paths and hand-overs")
    args = parser.parse_args()
    if args.mode == "record":
        record(args.snapshot, args.events, args.max_players, args.seed, args.min_players)
    else:
        sys.exit(compare(args.snapshot, args.reference, args.stats))


if __name__ == "__main__":
    main()
