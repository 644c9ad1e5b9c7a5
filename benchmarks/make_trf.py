"""Generate realistic Swiss tournaments as TRF files for the per-call benchmarks (benchmarks/cli_calls.py).

Usage: ``python benchmarks/make_trf.py PLAYERS ROUNDS_PLAYED TOTAL_ROUNDS OUT.trf [--seed N] [--also-played K ...]``

Ratings are spread as in a big open (normal around 1750, 2600 at the top, 1000 at the bottom, a tenth
unrated), listed by rating; every round is paired by the project's own Dutch engine; results follow the
Elo expectation with about a third of draws between close players; about 2 % forfeits, 2 % requested
half-point byes, 1 % absences (zero-point byes) and a few withdrawals. Requested byes for the round to pair
are written too, as a real file holds them. ``benchmarks/data/open_284p_r7.trf`` (284 players, 6 rounds of
9 played: the next call pairs round 7), ``open_1000p_r6.trf`` and ``open_2000p_r6.trf`` were made with
seed 2026. ``--also-played K`` writes the same tournament after K rounds too (``OUT_rK+1.trf``, a trailing
``_rN`` of OUT's name replaced: its first K rounds and the requested byes of round K+1, which are those
generated for that round). The late-round cases of ``cli_calls.py`` (issue 33) come from one generation each:
``make_trf.py 2000 10 11 data/open_2000p_r11.trf --also-played 8 9`` (rounds 9, 10, 11 of 11) and
``make_trf.py 284 8 9 data/open_284p_r9.trf --also-played 6 7`` (rounds 7, 8, 9 of 9; its round-7 file is
byte for byte ``open_284p_r7.trf``), seed 2026.
"""

from __future__ import annotations

import argparse
import copy
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this tree's package, not another installed copy

from tournament_desk.core.ids import PairingNumber
from tournament_desk.core.pairing.dutch import pair_dutch
from tournament_desk.core.pairing.swiss_state import (
    ByeKind,
    Colour,
    Outcome,
    PlayerState,
    RoundEntry,
    SwissState,
)
from tournament_desk.formats.trf import TrfPlayer, TrfRoundEntry, TrfTournament, dumps

_FLIP = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN, Outcome.DRAW: Outcome.DRAW}
_CODE = {Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0"}


def _result(rng: random.Random, white: int, black: int) -> Outcome:
    expected = 1 / (1 + 10 ** ((black - white - 35) / 400))  # White's edge: about 35 points
    draw = max(0.05, 0.34 - abs(expected - 0.5) * 0.6)
    roll = rng.random()
    if roll < expected - draw / 2:
        return Outcome.WIN
    if roll < expected + draw / 2:
        return Outcome.DRAW
    return Outcome.LOSS


def generate(n: int, played: int, total: int, seed: int) -> TrfTournament:
    rng = random.Random(seed)
    ratings = sorted((max(1000, min(2600, round(rng.gauss(1750, 300)))) for _ in range(n)), reverse=True)
    rated = [r if rng.random() > 0.1 else 0 for r in ratings]
    strength = {i + 1: r or 1400 for i, r in enumerate(rated)}
    hist: dict[int, list[RoundEntry]] = {i: [] for i in strength}
    trf_rounds: dict[int, list[TrfRoundEntry]] = {i: [] for i in strength}
    withdrawn: set[int] = set()
    for rnd in range(played + 1):
        if rnd >= 2:
            withdrawn |= {i for i in strength if rng.random() < 0.003}
        requested: dict[int, ByeKind] = {}
        for i in strength:
            roll = rng.random()
            if i in withdrawn:
                requested[i] = ByeKind.ZERO
            elif rnd < total - 1 and roll < 0.02:
                requested[i] = ByeKind.HALF
            elif roll < 0.03:
                requested[i] = ByeKind.ZERO
        for i, kind in requested.items():
            outcome = Outcome.DRAW if kind is ByeKind.HALF else Outcome.LOSS
            hist[i].append(RoundEntry(None, None, outcome, False, kind))
            trf_rounds[i].append(TrfRoundEntry(None, "-", kind.value))
        if rnd == played:
            break  # the requested byes of the round to pair are in the file, the round is not
        players = tuple(PlayerState(PairingNumber(i), tuple(hist[i]), rating=strength[i]) for i in strength)
        pairing = pair_dutch(SwissState(players=players, rounds_played=rnd, total_rounds=total))
        for board in pairing.boards:
            w, b = board.white, board.black
            outcome = _result(rng, strength[w], strength[b])
            played_game = rng.random() >= 0.02
            if not played_game:
                outcome = Outcome.WIN if rng.random() < 0.5 else Outcome.LOSS
            hist[w].append(RoundEntry(b, Colour.WHITE, outcome, played_game))
            hist[b].append(RoundEntry(w, Colour.BLACK, _FLIP[outcome], played_game))
            code_w = _CODE[outcome] if played_game else ("+" if outcome is Outcome.WIN else "-")
            code_b = _CODE[_FLIP[outcome]] if played_game else ("-" if outcome is Outcome.WIN else "+")
            trf_rounds[w].append(TrfRoundEntry(b, "w", code_w))
            trf_rounds[b].append(TrfRoundEntry(w, "b", code_b))
        if pairing.bye is not None:
            hist[pairing.bye].append(RoundEntry(None, None, Outcome.WIN, False, ByeKind.PAB))
            trf_rounds[pairing.bye].append(TrfRoundEntry(None, "-", "U"))
    points = {"1": 1.0, "=": 0.5, "+": 1.0, "U": 1.0, "H": 0.5}
    trf = TrfTournament(total_rounds=total, initial_colour=Colour.WHITE)
    trf.headers["012"] = [f"Generated open, {n} players"]
    trf.headers["062"] = [str(n)]
    trf.headers["092"] = ["Individual: Swiss-System (FIDE Dutch)"]
    score = {i: sum(points.get(e.result, 0.0) for e in trf_rounds[i][:played]) for i in strength}
    rank = {i: k for k, i in enumerate(sorted(strength, key=lambda i: (-score[i], i)), start=1)}
    for i in strength:
        trf.players.append(TrfPlayer(start_rank=i, name=f"Player {i:04d}, Test", sex="m" if i % 7 else "w",
                                     rating=rated[i - 1], federation="FRA", points=score[i], rank=rank[i],
                                     rounds=trf_rounds[i]))
    return trf


def truncated(trf: TrfTournament, played: int) -> TrfTournament:
    """``trf`` after ``played`` rounds: the rounds before, the requested byes of the next round (entries written
    without a pairing), the points and ranks recomputed."""
    out = copy.deepcopy(trf)
    points = {"1": 1.0, "=": 0.5, "+": 1.0, "U": 1.0, "H": 0.5}
    for p in out.players:
        nxt = p.rounds[played] if len(p.rounds) > played and p.rounds[played].not_paired else None
        p.rounds = p.rounds[:played] + ([nxt] if nxt is not None else [])
        p.points = sum(points.get(e.result, 0.0) for e in p.rounds[:played])
    order = sorted(out.players, key=lambda p: (-(p.points or 0.0), p.start_rank))
    for k, p in enumerate(order, start=1):
        p.rank = k
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int)
    parser.add_argument("played", type=int, help="rounds already played")
    parser.add_argument("total", type=int, help="rounds of the tournament (XXR)")
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--also-played", type=int, nargs="*", default=[], metavar="K",
                        help="also write the tournament after K rounds (K below ROUNDS_PLAYED) as "
                             "OUT_rK+1.trf (a trailing _rN of OUT's name replaced)")
    args = parser.parse_args()
    trf = generate(args.players, args.played, args.total, args.seed)
    with open(args.out, "w", encoding="utf-8", newline="") as fh:
        fh.write(dumps(trf, newline="\n"))
    out = Path(args.out)
    stem = re.sub(r"_r\d+$", "", out.stem)  # open_2000p_r11 -> open_2000p_r9, open_2000p_r10
    for k in args.also_played:
        path = out.with_name(f"{stem}_r{k + 1}{out.suffix}")
        path.write_text(dumps(truncated(trf, k), newline="\n"), encoding="utf-8", newline="")


if __name__ == "__main__":
    main()
