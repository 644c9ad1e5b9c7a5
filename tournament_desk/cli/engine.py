"""Engine-compatible command line (same protocol as JaVaFo / bbpPairings).

``--dutch INPUT.trf -p [OUTPUT]`` pairs the next round and writes the number of pairs, then one
``white black`` line per pair, the bye as ``id 0``. ``--dutch INPUT.trf -c`` re-pairs the last round of the
file and reports the differences. Exit codes: 0 ok, 1 no valid pairing, 3 invalid input, 5 file error (an
input that cannot be read, an output that cannot be written: a full disk, a closed descriptor; a reader that
went away, EPIPE, ends the call quietly with 5 too).

Two additions of our own, written on stderr so that stdout stays the engines' protocol:

* ``--stats``: which path of the matching engine served each bracket (the bracket itself, with the next
  score group, the whole round; coarse-to-fine, sparse) and every hand-over between them with its reason
  (``core/pairing/fastpaths.py``);
* ``--explain [N]``: why each board (or only the board or bye of player N) was made: the bracket, who floated
  and why, and which criterion ruled out the expected opponents (``core/pairing/explain.py``), in English or
  French (``--lang``, default from the locale).

Start-up matters here (other programs call this once per round): this module imports only the TRF reader and
the engine, none of the event-file, PDF or GUI layers.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from tournament_desk.cli.output import BestEffort, Output, OutputError, discard
from tournament_desk.core.ids import PairingNumber
from tournament_desk.core.pairing.dutch import NoValidPairingError, pair_dutch
from tournament_desk.core.pairing.swiss_state import RoundPairing, SwissState
from tournament_desk.formats.trf import TrfError, TrfTournament, engine_input, loads, recorded_round, to_swiss_state

__all__ = ["EXIT_DIFFERS", "EXIT_FILE_ERROR", "EXIT_INVALID_INPUT", "EXIT_NO_PAIRING", "EXIT_OK", "main_dutch"]

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_DIFFERS = 1
"""``-c`` / ``--check-all``: a checked round differs from the engine's pairing (or the engine finds none)."""
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
    mode.add_argument("--check-all", action="store_true",
                      help="Free Pairings Checker (FIDE Handbook C.04.A, A.4): re-pair every round of the file and "
                           "compare; each round that differs is listed with its differences and the first one "
                           "explained. Exit code 0: every round identical; 1: at least one round differs")
    parser.add_argument("--stats", action="store_true",
                        help="on stderr: the matching path that served each bracket, and the hand-overs")
    parser.add_argument("--explain", nargs="?", const=0, type=int, metavar="N",
                        help="on stderr: why each board was made (or only player N's board or bye)")
    parser.add_argument("--lang", choices=("en", "fr"), help="language of the explanations")
    return parser


def format_pairing(pairing: RoundPairing) -> str:
    """Engine output: number of pairs, ``white black`` lines, then ``bye 0``."""
    lines = [str(len(pairing.boards) + (pairing.bye is not None))]
    lines.extend(f"{b.white} {b.black}" for b in pairing.boards)
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join(lines) + "\n"


def _check(trf: TrfTournament, k: int, out: Output, err: Output, args: argparse.Namespace) -> int:
    """``-c`` (round ``k``, the last paired) or ``--check-all`` (rounds 1..k): the Free Pairings Checker."""
    from tournament_desk.core.messages import msg
    from tournament_desk.core.pairing.fpc import check_round

    lang = args.lang or _lang()
    if k == 0:
        out.write(msg("The file holds no paired round to check.").text(lang) + "\n")
        return EXIT_INVALID_INPUT
    different: list[int] = []
    for r in range(1, k + 1) if args.check_all else (k,):
        state = to_swiss_state(trf, r)
        expected, expected_bye = recorded_round(trf, r)
        if args.stats:
            from tournament_desk.core.pairing.fastpaths import collecting

            with collecting() as stats:
                result = check_round(state, expected, expected_bye)
            err.write(msg("Round {round}: how the matchings were solved", round=r).text(lang) + "\n")
            err.writelines(f"  {line}\n" for line in stats.lines())
        else:
            result = check_round(state, expected, expected_bye)
        if args.explain is not None and result.pairing is not None:
            _explain(state, result.pairing, err, args, lang)
        if result.identical:
            out.write(msg("Round {round}: the recorded pairing is identical to the engine's.", round=r).text(lang)
                      + "\n")
            continue
        different.append(r)
        out.writelines(m.text(lang) + "\n" for m in result.differences)
        out.writelines("  " + m.text(lang) + "\n" for m in result.explanation)
    if args.check_all:
        rounds = ", ".join(str(r) for r in different)
        if not different:
            summary = msg("{checked} rounds checked: every one identical to the engine's pairing.", checked=k)
        elif len(different) == 1:
            summary = msg("{checked} rounds checked: {same} identical, 1 different (round {rounds}).", checked=k,
                          same=k - 1, rounds=rounds)
        else:
            summary = msg("{checked} rounds checked: {same} identical, {n} different (rounds {rounds}).", checked=k,
                          same=k - len(different), n=len(different), rounds=rounds)
        out.write(summary.text(lang) + "\n")
    return EXIT_OK if not different else EXIT_DIFFERS


def _pair(state: SwissState, err: Output, args: argparse.Namespace) -> RoundPairing:
    """The engine's pairing, with the --stats and --explain reports on ``err``."""
    if not args.stats:
        pairing = pair_dutch(state)
    else:
        from tournament_desk.core.pairing.fastpaths import collecting

        with collecting() as stats:
            pairing = pair_dutch(state)
        err.write(f"Round {state.round_to_pair}: how the matchings were solved\n")
        err.writelines(f"  {line}\n" for line in stats.lines())
    if args.explain is not None:
        _explain(state, pairing, err, args, args.lang or _lang())
    return pairing


def _explain(state: SwissState, pairing: RoundPairing, err: Output, args: argparse.Namespace, lang: str) -> None:
    """``--explain [N]`` on stderr: why each board (or player N's board or bye) was made."""
    from tournament_desk.core.pairing.explain import explain, explain_all

    if args.explain:
        found = [explain(state, pairing, PairingNumber(args.explain))]
    else:
        found = explain_all(state, pairing)
    for item in found:
        err.writelines(f"{line}\n" for line in item.lines(lang))


def _lang() -> str:
    return language()


def language() -> str:
    """The language of the engine's messages when ``--lang`` is not given: ``TDESK_LANG``, then the locale."""
    import os

    for var in ("TDESK_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def main_dutch(argv: list[str], stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """The engine call: the exit code of the protocol. Its output on ``stdout`` (default ``sys.stdout``) is
    flushed before the code is returned: an output that cannot be written (a full disk, a closed descriptor, a
    reader gone) is a file error (5), said in one line on stderr (not for a reader gone: EPIPE ends quietly).
    Warnings and error lines on stderr are written if they can be; the ``--stats`` and ``--explain`` reports
    asked for are output: when they cannot be written, the code is 5 as well."""
    out = Output(stdout if stdout is not None else sys.stdout, "stdout")
    err = Output(stderr if stderr is not None else sys.stderr, "stderr")
    note = BestEffort(err.stream, "stderr")
    try:
        code = _main_dutch(argv, out, err, note)
        out.flush()
    except OutputError as exc:
        discard(out.stream if exc.stream == "stdout" else err.stream)
        if exc.stream == "stdout" and not exc.reader_gone:  # (a stderr that failed cannot say it)
            note.write(f"Cannot write the output: {exc.reason} (standard output)\n")
        return EXIT_FILE_ERROR
    return code


def _main_dutch(argv: list[str], out: Output, err: Output, note: BestEffort) -> int:
    """:func:`main_dutch`: ``out`` the protocol's output, ``err`` the reports asked for (``--stats``,
    ``--explain``), ``note`` the warnings and error lines (dropped when stderr cannot take them)."""
    stdout, sys.stdout = sys.stdout, out  # type: ignore[assignment]  # argparse prints --help there
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:
        if out.failed is not None:  # argparse keeps the failure to itself
            raise out.failed from None
        return EXIT_OK if exc.code == 0 else EXIT_INVALID_INPUT
    finally:
        sys.stdout = stdout
    try:
        with open(args.dutch, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        note.write(f"Cannot read {args.dutch}: {exc.strerror}\n")
        return EXIT_FILE_ERROR
    try:
        trf = loads(data)
    except TrfError as exc:
        note.write(f"Invalid tournament file {args.dutch}: {exc}\n")
        return EXIT_INVALID_INPUT
    try:
        k, warnings, state = engine_input(trf, checking=args.check or args.check_all)
    except TrfError as exc:
        note.write(f"Invalid tournament file {args.dutch}: {exc}\n")
        return EXIT_INVALID_INPUT
    for warning in trf.warnings + warnings:  # tolerated defects (other programs' files): reported, not fatal
        note.write(f"Warning: {warning}\n")
    try:
        if args.check or args.check_all:
            return _check(trf, k, out, err, args)
        pairing = _pair(state if state is not None else to_swiss_state(trf), err, args)
    except NoValidPairingError as exc:
        note.write(f"{exc}\n")
        return EXIT_NO_PAIRING
    except KeyError as exc:
        note.write(f"Invalid tournament data: no player {exc} in the round\n")
        return EXIT_INVALID_INPUT
    except ValueError as exc:
        note.write(f"Invalid tournament data: {exc}\n")
        return EXIT_INVALID_INPUT
    text = format_pairing(pairing)
    if args.output in (None, "-"):
        out.write(text)
        return EXIT_OK
    try:
        with open(args.output, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    except OSError as exc:
        note.write(f"Cannot write {args.output}: {exc.strerror}\n")
        return EXIT_FILE_ERROR
    return EXIT_OK
