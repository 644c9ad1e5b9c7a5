"""Late-round cases of the FIDE Dutch engine (issue 33 item 7), grown by the project's own Random Tournament
Generator (``tournament-desk generate --dutch``, core/pairing/rtg.py).

Usage: ``python benchmarks/make_late_rounds.py [--sizes 284 500 2000] [--rounds 11] [--pair 9 10 11]
[--seed 2026] [--out benchmarks/data]``

For each size the generator plays a whole open of ``--rounds`` rounds (every round paired by our engine,
results drawn from the rating difference: 30 % draws at most, one game in 40 forfeited, one player in 30
retiring, one in 12 requesting a half-point bye, ratings uniform in 1000..2700), then the tournament is cut
before each round of ``--pair``: ``rtg_{N}p_r{K}.trf`` holds rounds 1..K-1 and the entries of round K written
without a pairing (requested half-point byes, retired players' zero-point byes), the points recomputed,
as the shared fixtures' README prescribes for testing a round. Pairing it (``pair --dutch FILE -p OUT``) is
the late-round call that ``cli_calls.py`` and ``pairing_dutch.py --files`` time. The files are TRF16 (XXR,
XXC), which other engines read too. The checked-in files were made with the defaults.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this tree's package, not another installed copy
sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_trf import truncated

from tournament_desk.cli.generate import main_generate
from tournament_desk.formats.trf import dumps, loads

CONFIG = """\
PlayersNumber={players}
RoundsNumber={rounds}
DrawPercentage=30
ForfeitRate=40
RetiredRate=30
HalfPointByeRate=12
HighestRating=2700
LowestRating=1000
"""


def grow(players: int, rounds: int, seed: int) -> str:
    """The whole generated tournament (TRF16 text), through the ``generate --dutch`` command."""
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "open.cfg"
        config.write_text(CONFIG.format(players=players, rounds=rounds), encoding="utf-8")
        out = Path(tmp) / "open.trf"
        err = io.StringIO()
        code = main_generate(["--dutch", str(config), "-o", str(out), "-s", str(seed), "--trf16"],
                             stdout=io.StringIO(), stderr=err)
        if code != 0:
            raise SystemExit(f"generate --dutch failed ({code}): {err.getvalue()}")
        return out.read_text(encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[284, 500, 2000])
    parser.add_argument("--rounds", type=int, default=11, help="rounds of each tournament (XXR)")
    parser.add_argument("--pair", type=int, nargs="+", default=[9, 10, 11], help="the rounds to cut before")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent / "data"))
    args = parser.parse_args()
    for n in args.sizes:
        whole = loads(grow(n, args.rounds, args.seed))
        for k in args.pair:
            path = Path(args.out) / f"rtg_{n}p_r{k}.trf"
            path.write_text(dumps(truncated(whole, k - 1), newline="\n"), encoding="utf-8", newline="")
            print(path, flush=True)


if __name__ == "__main__":
    main()
