"""Engine-compatible command line (same protocol as JaVaFo / bbpPairings).

``--dutch INPUT.trf -p [OUTPUT]`` pairs the next round and writes the number of pairs, then one
``white black`` line per pair, the bye as ``id 0``. ``--dutch INPUT.trf -c`` re-pairs the last round of the
file and reports the differences. Exit codes: 0 ok, 1 no valid pairing, 3 invalid input, 5 file error.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from tournament_desk.core.pairing.dutch import NoValidPairingError, pair_dutch
from tournament_desk.core.pairing.swiss_state import RoundPairing
from tournament_desk.formats.trf import TrfError, TrfTournament, check_engine_input, loads, to_swiss_state

__all__ = ["EXIT_FILE_ERROR", "EXIT_INVALID_INPUT", "EXIT_NO_PAIRING", "EXIT_OK", "main_dutch"]

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_INVALID_INPUT = 3
EXIT_FILE_ERROR = 5


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tournament-desk pair", description="FIDE Dutch pairing engine")
    parser.add_argument("--dutch", metavar="INPUT.trf", required=True, help="tournament file (TRF16/TRF26)")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument(
        "-p", dest="output", nargs="?", const="-", metavar="OUTPUT", help="pair the next round (stdout if no file)"
    )
    mode.add_argument("-c", dest="check", action="store_true", help="re-pair the last round and compare")
    return parser


def format_pairing(pairing: RoundPairing) -> str:
    """Engine output: number of pairs, ``white black`` lines, then ``bye 0``."""
    lines = [str(len(pairing.boards) + (pairing.bye is not None))]
    lines.extend(f"{b.white} {b.black}" for b in pairing.boards)
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join(lines) + "\n"


def _recorded_round(trf: TrfTournament, k: int) -> tuple[set[tuple[int, int]], int | None]:
    pairs: set[tuple[int, int]] = set()
    bye = None
    for p in trf.players:
        if len(p.rounds) < k:
            continue
        e = p.rounds[k - 1]
        if e.opponent is not None and e.colour == "w":
            pairs.add((p.start_rank, e.opponent))
        elif e.opponent is None and e.result == "U":
            bye = p.start_rank
    return pairs, bye


def _check(trf: TrfTournament, k: int, out: TextIO) -> int:
    if k == 0:
        out.write("The file holds no paired round to check.\n")
        return EXIT_INVALID_INPUT
    pairing = pair_dutch(to_swiss_state(trf, k))
    expected, expected_bye = _recorded_round(trf, k)
    got = set(pairing.pairs())
    if got == expected and pairing.bye == expected_bye:
        out.write(f"Round {k}: the recorded pairing is identical to the engine's.\n")
        return EXIT_OK
    for white, black in sorted(expected - got):
        out.write(f"Round {k}: recorded {white}-{black} is not in the engine's pairing.\n")
    for white, black in sorted(got - expected):
        out.write(f"Round {k}: the engine pairs {white}-{black} instead.\n")
    if pairing.bye != expected_bye:
        recorded = "no pairing-allocated bye is recorded" if expected_bye is None else \
            f"the pairing-allocated bye is recorded for {expected_bye}"
        engine = "the engine gives none" if pairing.bye is None else f"the engine gives it to {pairing.bye}"
        out.write(f"Round {k}: {recorded}, {engine}.\n")
    return EXIT_NO_PAIRING


def main_dutch(argv: list[str], stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:
        return EXIT_OK if exc.code == 0 else EXIT_INVALID_INPUT
    try:
        with open(args.dutch, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        err.write(f"Cannot read {args.dutch}: {exc.strerror}\n")
        return EXIT_FILE_ERROR
    try:
        trf = loads(data)
    except TrfError as exc:
        err.write(f"Invalid tournament file {args.dutch}: {exc}\n")
        return EXIT_INVALID_INPUT
    try:
        k, warnings = check_engine_input(trf, checking=args.check)
    except TrfError as exc:
        err.write(f"Invalid tournament file {args.dutch}: {exc}\n")
        return EXIT_INVALID_INPUT
    for warning in trf.warnings + warnings:  # tolerated defects (other programs' files): reported, not fatal
        err.write(f"Warning: {warning}\n")
    try:
        if args.check:
            return _check(trf, k, out)
        pairing = pair_dutch(to_swiss_state(trf))
    except NoValidPairingError as exc:
        err.write(f"{exc}\n")
        return EXIT_NO_PAIRING
    except (ValueError, KeyError) as exc:
        err.write(f"Invalid tournament data: {exc}\n")
        return EXIT_INVALID_INPUT
    text = format_pairing(pairing)
    if args.output in (None, "-"):
        out.write(text)
        return EXIT_OK
    try:
        with open(args.output, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    except OSError as exc:
        err.write(f"Cannot write {args.output}: {exc.strerror}\n")
        return EXIT_FILE_ERROR
    return EXIT_OK
