"""``tournament-desk generate --dutch [CONFIG] -o OUT.trf [-s SEED]``: the Random Tournament Generator (RTG,
FIDE Handbook C.04.A, A.5).

Writes a tournament whose every round this program's Dutch engine paired, with results drawn from the rating
difference, as a TRF-2026 file (``--trf16`` for TRF16 with the JaVaFo extension lines). ``CONFIG`` is a
configuration file in the format of JaVaFo's and bbpPairings' generators (``core/pairing/rtg.py``,
docs/engine.md); without it, or for a key it does not give, the values are drawn from the seed. The seed
(``-s``; drawn at random when not given) and the whole configuration are written at the top of the file as
``###`` comment lines, so the same command with ``-s`` makes the same file again.

Exit codes, as the engine interface's (``cli/engine.py``): 0 written; 1 a round of the generated tournament
has no valid pairing (too many rounds for the players); 3 invalid configuration or arguments; 5 file error (the
configuration cannot be read, the output cannot be written).

Like ``pair --dutch``, this command imports only the engine and the TRF writer.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, TextIO

from tournament_desk.cli.output import BestEffort, Output, OutputError, discard
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.pairing.swiss_state import ByeKind, Colour, Outcome, RoundEntry

if TYPE_CHECKING:
    from tournament_desk.core.pairing.rtg import GeneratedTournament
    from tournament_desk.formats.trf import TrfRoundEntry

__all__ = ["add_generate_parser", "main_generate", "trf_of"]

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_INVALID_INPUT = 3
EXIT_FILE_ERROR = 5
MAX_SEED = 2**63 - 1
HELP = "Random Tournament Generator (FIDE Handbook C.04.A, A.5): generate --dutch [CONFIG] -o OUT.trf [-s SEED]"
"""The command's line in ``tournament-desk --help`` (the same text as ``cli.main.SUBCOMMANDS``)."""


def _arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    parser.add_argument("--dutch", metavar="CONFIG", nargs="?", const="", required=True,
                        help="generate a FIDE Dutch tournament; CONFIG: the generator's configuration file "
                             "(PlayersNumber=, RoundsNumber=, DrawPercentage=, ForfeitRate=, RetiredRate=, "
                             "HalfPointByeRate=, HighestRating=, LowestRating=, PointsForWin=...; docs/engine.md); "
                             "without it every value is drawn from the seed")
    parser.add_argument("-o", dest="output", metavar="OUT.trf", required=True,
                        help="the tournament file to write ('-': standard output)")
    parser.add_argument("-s", dest="seed", metavar="SEED", help=f"the random seed, a whole number 0-{MAX_SEED} "
                        "(default: drawn at random; written in the file either way)")
    parser.add_argument("--trf16", action="store_true", help="write TRF16 with the XXR/XXC/XXS lines "
                        "(default: TRF-2026, records 142/152/162)")
    parser.add_argument("--lang", choices=("en", "fr"), help="language of the messages")
    return parser


def add_generate_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The command's arguments on the main parser (for ``--help``; the call itself goes to main_generate)."""
    _arguments(sub.add_parser("generate", help=HELP))


def _lang(explicit: str | None) -> str:
    from tournament_desk.cli.engine import language

    return explicit or language()


def main_generate(argv: list[str], stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """The generator's call: its exit code (module docstring)."""
    out = Output(stdout if stdout is not None else sys.stdout, "stdout")
    note = BestEffort(stderr if stderr is not None else sys.stderr, "stderr")
    saved, sys.stdout = sys.stdout, out  # type: ignore[assignment]  # argparse prints --help there
    try:
        args = _arguments(argparse.ArgumentParser(prog="tournament-desk generate",
                                                  description="Random Tournament Generator (FIDE Handbook C.04.A, "
                                                              "A.5): a FIDE Dutch tournament as a TRF file"))
        args = args.parse_args(argv)
    except SystemExit as exc:
        if out.failed is not None:
            discard(out.stream)
            return EXIT_FILE_ERROR
        return EXIT_OK if exc.code == 0 else EXIT_INVALID_INPUT
    finally:
        sys.stdout = saved
    lang = _lang(args.lang)
    try:
        code = _generate(args, out, note, lang)
        out.flush()
    except OutputError as exc:
        discard(out.stream)
        if not exc.reader_gone:
            note.write(msg("Cannot write the output: {reason} (standard output)", reason=exc.reason).text(lang) + "\n")
        return EXIT_FILE_ERROR
    return code


def _generate(args: argparse.Namespace, out: Output, note: BestEffort, lang: str) -> int:
    from tournament_desk.core.pairing.dutch_model import NoValidPairingError
    from tournament_desk.core.pairing.rtg import RtgConfigError, generate, parse_config

    def say(message: Msg) -> None:
        note.write(message.text(lang) + "\n")

    if args.seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    elif args.seed.isascii() and args.seed.isdigit() and int(args.seed) <= MAX_SEED:
        seed = int(args.seed)
    else:
        say(msg("The seed must be a whole number from 0 to {max}, not '{value}'", max=MAX_SEED,
                value=args.seed[:40]))
        return EXIT_INVALID_INPUT
    text = ""
    if args.dutch:
        try:
            with open(args.dutch, "rb") as fh:
                raw = fh.read()
        except OSError as exc:
            say(msg("Cannot read {file}: {error}", file=args.dutch, error=exc.strerror or str(exc)))
            return EXIT_FILE_ERROR
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            say(msg("Invalid configuration {file}: it is not a text file (UTF-8)", file=args.dutch))
            return EXIT_INVALID_INPUT
    try:
        tournament = generate(parse_config(text), seed)
        trf_text = trf_of(tournament, edition="16" if args.trf16 else "26")
    except RtgConfigError as exc:
        say(msg("Invalid configuration {file}: {error}", file=args.dutch or "-", error=exc.msg))
        return EXIT_INVALID_INPUT
    except NoValidPairingError:
        say(msg("The generated tournament cannot be paired to its end: a round has no pairing that satisfies "
                "the absolute criteria (C.04.3 C1-C3). Use fewer rounds (RoundsNumber) or more players "
                "(PlayersNumber); seed {seed}.", seed=seed))
        return EXIT_NO_PAIRING
    if args.output == "-":
        out.write(trf_text)
        return EXIT_OK
    try:
        with open(args.output, "w", encoding="utf-8", newline="") as fh:
            fh.write(trf_text)
    except OSError as exc:
        say(msg("Cannot write {file}: {error}", file=args.output, error=exc.strerror or str(exc)))
        return EXIT_FILE_ERROR
    return EXIT_OK


# ---------------------------------------------------------------------------------------------- the file
_PLAYED = {Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0"}
_FORFEIT = {Outcome.WIN: "+", Outcome.DRAW: "=", Outcome.LOSS: "-"}


def _trf_entry(entry: RoundEntry) -> TrfRoundEntry:
    """One round of a generated player as a TRF round block (a bye ``0000 - U/H/Z``)."""
    from tournament_desk.formats.trf import TrfRoundEntry

    if entry.opponent is None:
        return TrfRoundEntry(None, "-", (entry.bye or ByeKind.ZERO).value)
    colour = "w" if entry.colour is Colour.WHITE else "b"
    return TrfRoundEntry(entry.opponent, colour, (_PLAYED if entry.played else _FORFEIT)[entry.outcome])


def trf_of(tournament: GeneratedTournament, *, edition: str = "26") -> str:
    """A generated tournament as a TRF text:
    ``###`` lines naming the generator, its seed and configuration, then the tournament (TRF-2026 records
    ``142 152 162 192``; with ``edition="16"``, ``XXR XXC XXS``). Raises
    :class:`~tournament_desk.core.pairing.rtg.RtgConfigError` when a score does not fit the points column."""
    from tournament_desk import __version__
    from tournament_desk.core.ids import PairingNumber
    from tournament_desk.core.pairing.rtg import RtgConfigError, config_lines
    from tournament_desk.formats.trf import TrfPlayer, TrfTournament, dumps

    config, scoring = tournament.config, tournament.config.scoring
    most = config.rounds * max(scoring.win, scoring.pab)
    if most > 99.9:
        raise RtgConfigError(msg("{rounds} rounds at {points} points can reach {most} points; the TRF's points "
                                 "column (81-84) holds at most 99.9", rounds=config.rounds,
                                 points=format(max(scoring.win, scoring.pab), "g"), most=format(most, "g")))
    scores = {p.id: tournament.score(p) for p in tournament.players}
    order = sorted(tournament.players, key=lambda p: (-scores[p.id], p.id))
    rank = {p.id: i for i, p in enumerate(order, start=1)}
    trf = TrfTournament(total_rounds=config.rounds, initial_colour=tournament.initial_colour)
    trf.headers["012"] = [f"Random tournament {tournament.seed}"]
    trf.headers["062"] = [str(config.players)]
    trf.headers["072"] = [str(sum(1 for p in tournament.players if p.rating))]
    trf.headers["092"] = ["Individual: Swiss-System (FIDE Dutch)"]
    trf.headers["192"] = ["FIDE_DUTCH_2026"]
    codes = {"W": scoring.win, "D": scoring.draw, "L": scoring.loss, "A": scoring.forfeit_loss, "P": scoring.pab}
    if edition == "16":
        codes = {"W": scoring.win, "D": scoring.draw, "L": scoring.loss, "FL": scoring.forfeit_loss,
                 "ZPB": scoring.zero_bye, "PAB": scoring.pab}
    trf.scoring_codes = codes
    for p in tournament.players:
        trf.players.append(TrfPlayer(start_rank=PairingNumber(p.id), name=p.name, rating=p.rating,
                                     points=scores[p.id], rank=rank[p.id],
                                     rounds=[_trf_entry(e) for e in p.entries]))
    head = [f"### tournament-desk {__version__}: Random Tournament Generator (FIDE Handbook C.04.A, A.5), "
            "FIDE (Dutch) System C.04.3 (2026)",
            f"### RTG seed: {tournament.seed}",
            *(f"### RTG {line}" for line in config_lines(config))]
    return "\n".join(head) + "\n" + dumps(trf, edition=edition, newline="\n")

