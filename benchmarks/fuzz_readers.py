"""Long fuzz run of the readers of other programs' files (issue 23): counts inputs, uncaught errors, hangs.

Readers: TRF (``loads``, the engine input and checks), players CSV, players TRF/CSV detection, rating lists
(CSV, fixed width, FIDE TXT and XML), and the TRF event import (an event file created or refused); then the
same files through the command line as a user gives them (``players import``, ``new --from-trf``, ``pair
--dutch``, ``ratings check``, ``rate --period --results``: issue 27), where anything escaping ``main`` is a
traceback and an exit code outside 0-5 is wrong (these run a quarter of ``--inputs``). Inputs:
random bytes, random text lines, the samples of tests/data with random byte mutations, truncations, line
duplications, and long lines (the CSV sniffing hang). An input is *accepted* if it reads, *refused* if it
raises the reader's own error (TrfError, ImportFormatError or another TournamentError), *uncaught* for any
other exception, a *hang* if it takes longer than ``--timeout`` seconds (SIGALRM).

Run: ``python benchmarks/fuzz_readers.py [--inputs 2000] [--seed 1] [--timeout 5]`` (inputs per reader).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from tournament_desk.__main__ import main as tournament_desk
from tournament_desk.core.errors import TournamentError
from tournament_desk.formats.players_csv import read_players_csv
from tournament_desk.formats.players_trf import read_players_file
from tournament_desk.formats.rating_list import read_rating_list
from tournament_desk.formats.trf import TrfError, check_engine_input, loads, to_swiss_state
from tournament_desk.services.trf_io import import_event_from_trf

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"


class Hang(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hang


def _samples(pattern: str) -> list[bytes]:
    return [p.read_bytes() for p in sorted(DATA.glob(pattern))]


def _mutate(rng: random.Random, data: bytes) -> bytes:
    buffer = bytearray(data or b" ")
    kind = rng.random()
    if kind < 0.5:
        for _ in range(rng.randint(1, 12)):
            buffer[rng.randrange(len(buffer))] = rng.randrange(256)
    elif kind < 0.65:
        buffer = buffer[: rng.randrange(len(buffer) + 1)]
    elif kind < 0.8:
        lines = bytes(buffer).splitlines(keepends=True) or [b""]
        i = rng.randrange(len(lines))
        lines.insert(rng.randrange(len(lines) + 1), lines[i] * rng.randint(1, 3))
        buffer = bytearray(b"".join(lines))
    elif kind < 0.9:  # a long line: the CSV sniffing hang of issue 23
        at = rng.randrange(len(buffer) + 1)
        buffer[at:at] = (rng.choice([b"a", b'"b', b";", b",", b" ", b"\t"]) * rng.randint(5_000, 60_000))
    else:
        at = rng.randrange(len(buffer) + 1)
        buffer[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 40)))
    return bytes(buffer)


def _inputs(rng: random.Random, samples: list[bytes], n: int) -> list[bytes]:
    out = []
    for k in range(n):
        r = k % 10
        if r == 0:
            out.append(bytes(rng.randrange(256) for _ in range(rng.randint(0, 600))))
        elif r == 1:
            alphabet = "0123456789 ,;\t\"-=+.:/#\r\nabcXYZéü<>"
            out.append("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 800))).encode())
        else:
            out.append(_mutate(rng, rng.choice(samples)))
    return out


def _trf(data: bytes) -> None:
    trf = loads(data)
    for checking in (False, True):
        try:
            check_engine_input(trf, checking=checking)
        except (TrfError, ValueError):
            pass
    for k in (1, 2):
        try:
            to_swiss_state(trf, k)
        except (TrfError, ValueError):
            pass


def _import(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "in.trf"
        source.write_bytes(data)
        import_event_from_trf(Path(tmp) / "e.tdesk", source, rounds=9)


class Refused(Exception):
    """The command ended with a documented error code (1 to 5)."""


_EVENT: list[Path] = []


def _event_with_players() -> Path:
    """An event file with players (made once), copied for each ``players import``."""
    if not _EVENT:
        folder = Path(tempfile.mkdtemp(prefix="tdesk-fuzz-cli-"))
        path = folder / "base.tdesk"
        with contextlib.redirect_stdout(io.StringIO()):
            assert tournament_desk(["new", str(path), "--name", "Fuzz", "--rounds", "9"]) == 0
            assert tournament_desk(["players", "import", str(path), str(DATA / "trf" / "vega_open.trf")]) == 0
        _EVENT.append(path)
    return _EVENT[0]


def _cli(*args: str, event: bool = False) -> Callable[[bytes], None]:
    """A command run in-process on the input (``{input}``) and, with ``event``, a copy of an event (``{event}``)."""
    def run(data: bytes) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp) / "input"
            source.write_bytes(data)
            target = Path(tmp) / "e.tdesk"
            if event:
                shutil.copyfile(_event_with_players(), target)
            argv = [a.format(input=source, event=target, new=Path(tmp) / "new.tdesk") for a in args]
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                code = tournament_desk(argv)
        if code not in range(6):
            raise AssertionError(f"exit code {code}")
        if code:
            raise Refused(code)
    return run


RESULTS = ("tournoi;date;ronde;licence_blancs;blancs;classement_blancs;licence_noirs;noirs;classement_noirs;"
           "résultat;cadence;eonc\nCoupe;2026-03-08;1;A1;ALBERT Anne;1 450;B1;BRUNO Luc;NC;2-0;accélérée;1000\n"
           "Coupe;08/03/2026;2;B1;BRUNO Luc;;A1;ALBERT Anne;1450;0fne;acceleree;1000\n").encode()


READERS: dict[str, tuple[Callable[[bytes], object], str]] = {
    "trf": (_trf, "trf/*.trf"),
    "players-csv": (lambda d: read_players_csv(d, rating_system="fide"), "fuzz/players_csv/*.csv"),
    "players-file": (lambda d: read_players_file(d, rating_system="fide"), "trf/*.trf"),
    "rating-list": (read_rating_list, "rating_lists/*"),
    "trf-import": (_import, "trf/*.trf"),
    "cli-players-trf": (_cli("players", "import", "{event}", "{input}", event=True), "trf/*.trf"),
    "cli-players-csv": (_cli("players", "import", "{event}", "{input}", event=True), "fuzz/players_csv/*.csv"),
    "cli-new-from-trf": (_cli("new", "{new}", "--from-trf", "{input}", "--rounds", "9"), "trf/*.trf"),
    "cli-pair-dutch": (_cli("pair", "--dutch", "{input}", "-p"), "trf/*.trf"),
    "cli-check-dutch": (_cli("pair", "--dutch", "{input}", "-c"), "trf/*.trf"),
    "cli-ratings": (_cli("ratings", "check", "{input}"), "rating_lists/*"),
    "cli-rate-period": (_cli("rate", "--period", "--system", "ffjd", "--results", "{input}"), ""),
}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--inputs", type=int, default=2000,
                        help="inputs per reader (trf-import: a tenth; cli-*: a quarter)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=5.0)
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    totals: Counter[str] = Counter()
    failures: list[str] = []
    for name, (reader, pattern) in READERS.items():
        rng = random.Random(f"{args.seed}-{name}")
        samples = (_samples(pattern) if pattern else [RESULTS]) or [b""]
        count = max(1, args.inputs // (10 if name == "trf-import" else 4 if name.startswith("cli-") else 1))
        outcome: Counter[str] = Counter()
        slowest = 0.0
        start = time.perf_counter()
        for data in _inputs(rng, samples, count):
            t0 = time.perf_counter()
            signal.setitimer(signal.ITIMER_REAL, args.timeout)
            try:
                reader(data)
                outcome["accepted"] += 1
            except Hang:
                outcome["hang"] += 1
                failures.append(f"{name}: hang on {data[:80]!r}")
            except (TournamentError, TrfError, Refused):
                outcome["refused"] += 1
            except Exception:  # the point of the run: anything else is a bug
                outcome["uncaught"] += 1
                failures.append(f"{name}: {traceback.format_exc(limit=3)}")
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            slowest = max(slowest, time.perf_counter() - t0)
        totals.update(outcome)
        totals["inputs"] += count
        print(f"{name:16} {count:6d} inputs: {outcome['accepted']:5d} accepted, {outcome['refused']:5d} refused, "
              f"{outcome['uncaught']} uncaught, {outcome['hang']} hangs; slowest {slowest:.2f} s, "
              f"total {time.perf_counter() - start:.1f} s")
    print(f"all: {totals['inputs']} inputs, {totals['uncaught']} uncaught errors, {totals['hang']} hangs")
    for failure in failures[:20]:
        print(failure)
    return 1 if totals["uncaught"] or totals["hang"] else 0


if __name__ == "__main__":
    sys.exit(main())
