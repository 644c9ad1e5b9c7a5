"""Headless command line: ``tournament-desk SUBCOMMAND ...``.

Exit code 0 on success; on error one clear line on stderr (in French when ``--lang fr`` or a French
locale) and a non-zero code: 2 bad usage or input, 3 invalid data, 4 refused by the event's state,
5 file error — including a standard output that cannot be written (a full disk, a closed descriptor; a reader
gone, ``| head``, ends quietly with 5 too: ``cli/output.py``).

Start-up (issue 20): a call pays only for what its command needs. This module imports nothing heavy at the
top; the parser lists every subcommand (name and help, from :data:`SUBCOMMANDS`) but fills in the arguments
of the one being run only, and each command imports its services when it runs. ``--version`` and ``--help``
therefore load neither SQLAlchemy, scipy, reportlab nor Qt (``tests/cli/test_cli_startup.py``).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tournament_desk.cli.output import emit as _emit
from tournament_desk.core.formatting import whole_number
from tournament_desk.core.sources import FFJD_RCN, PLATFORM, Source, cite

if TYPE_CHECKING:
    import datetime as dt

    from tournament_desk.core.messages import Msg


def msg(source: str, /, **params: Any) -> Msg:
    """:func:`tournament_desk.core.messages.msg`, imported when a message is made: the engine interface
    (``pair --dutch``, which other programs call once per round) starts without it (issue 20)."""
    from tournament_desk.core.messages import msg as make

    return make(source, **params)

Handler = Callable[[argparse.Namespace, str], None]


def detect_lang(explicit: str | None = None) -> str:
    if explicit:
        return explicit
    for var in ("TDESK_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def _date(text: str) -> dt.date:
    import datetime as dt

    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a date (YYYY-MM-DD)") from None


# Every subcommand: its help line, the module holding it, its command function, and the function that adds
# its arguments. Functions named ``add_*`` register on the subparsers (they may register several commands:
# see _OneCommand); the ``_args_*`` ones below fill the command's own parser.
_MAIN = "tournament_desk.cli.main"
def _cite(source: Source, section: str = "") -> str:
    """A short citation for a command's help (English, as argparse's help is)."""
    return cite(source, section).text("en", short=True)


SUBCOMMANDS: dict[str, tuple[str, str, str, str]] = {
    "new": ("create an event file", _MAIN, "cmd_new", "_args_new"),
    "players": ("register and list players", _MAIN, "cmd_players", "_args_players"),
    "show": ("show the event", _MAIN, "cmd_show", "_args_show"),
    "result": ("enter a result (or a bye with --player)", _MAIN, "cmd_result", "_args_result"),
    "rounds": ("list the rounds and their boards", _MAIN, "cmd_rounds", "_args_rounds"),
    "pair": ("pair the next round of the event (or a TRF file: pair --dutch FILE -p)", _MAIN, "cmd_pair",
             "_args_pair"),
    "generate": ("Random Tournament Generator (FIDE Handbook C.04.A, A.5): generate --dutch [CONFIG] -o OUT.trf "
                 "[-s SEED]", "tournament_desk.cli.generate", "main_generate", "add_generate_parser"),
    "request-bye": ("Swiss: record in advance a bye for a round not yet paired", _MAIN, "cmd_request_bye",
                    "_args_request_bye"),
    "unpair": ("cancel the pairing of the last round", _MAIN, "cmd_unpair", "_args_unpair"),
    "explain": ("why a board or the bye of a FIDE Dutch round was made", _MAIN, "cmd_explain", "_args_explain"),
    "numbers": ("assign pairing numbers", _MAIN, "cmd_numbers", "_args_numbers"),
    "grid": ("print a round-robin (Berger) grid", _MAIN, "cmd_grid", "_args_grid"),
    "undo": ("undo the last action", _MAIN, "cmd_undo_redo", "_args_undo_redo"),
    "redo": ("redo the last undone action", _MAIN, "cmd_undo_redo", "_args_undo_redo"),
    "standings": ("standings after any round, with tie-breaks", "tournament_desk.cli.standings", "cmd_standings",
                  "add_standings_parser"),
    "tiebreaks": ("show, set or list tie-breaks", "tournament_desk.cli.standings", "cmd_tiebreaks",
                  "add_standings_parser"),
    "rate": ("rating preview of an event, or a rating period over several events", "tournament_desk.cli.rate",
             "cmd_rate", "add_rate_parser"),
    "ratings": ("federation rating lists", "tournament_desk.cli.rate", "cmd_ratings", "add_ratings_parser"),
    "rules": ("show or change the event's rule settings (rules --doc prints what each means)",
              "tournament_desk.cli.rules", "cmd_rules", "add_rules_parser"),
    "print": ("print a document of the event as an A4 PDF", "tournament_desk.cli.export", "cmd_print",
              "add_export_parsers"),
    "export": ("export the homologation bundle (zip) or a PDF", "tournament_desk.cli.export", "cmd_export",
               "add_export_parsers"),
    "verify-bundle": ("check a homologation bundle against its manifest (SHA-256)", "tournament_desk.cli.export",
                      "cmd_verify_bundle", "add_export_parsers"),
    "pair-scoregroup": (f"pair the next round by score groups ({_cite(PLATFORM)})",
                        "tournament_desk.cli.variants", "cmd_pair_scoregroup", "add_variant_parsers"),
    "manual": (f"assisted manual Swiss pairing ({_cite(FFJD_RCN, '§6.6')})", "tournament_desk.cli.variants",
               "cmd_manual", "add_variant_parsers"),
    "topcut": (f"single-elimination top cut after the Swiss rounds ({_cite(PLATFORM)})",
               "tournament_desk.cli.variants", "cmd_topcut", "add_variant_parsers"),
    "settings": ("change event settings (one undoable action)", "tournament_desk.cli.event_settings",
                 "cmd_settings", "add_settings_parsers"),
    "apart": ("players who must not meet (family members, club-mates: TRF XXP)", "tournament_desk.cli.event_settings",
              "cmd_apart", "add_settings_parsers"),
    "results": ("enter several results of one round as one action", "tournament_desk.cli.event_settings",
                "cmd_results", "add_settings_parsers"),
    "teams": ("team events: teams, rosters, rules, numbering, forfeits", "tournament_desk.cli.teams", "cmd_teams",
              "add_team_parsers"),
    "lineup": ("a team's line-up for a round (team events)", "tournament_desk.cli.teams", "cmd_lineup",
               "add_team_parsers"),
    "matches": ("the matches of a team event, board by board", "tournament_desk.cli.teams", "cmd_matches",
                "add_team_parsers"),
}


class _OneCommand:
    """Stands for the subparsers object when a module's ``add_*`` function registers its commands: the
    command being built gets its parser (created with the help line of :data:`SUBCOMMANDS`); the others,
    not needed for this call, go to a parser that is thrown away."""

    def __init__(self, parsers: dict[str, argparse.ArgumentParser]) -> None:
        self.parsers = parsers

    def add_parser(self, name: str, **_kwargs: Any) -> argparse.ArgumentParser:
        return self.parsers.get(name) or argparse.ArgumentParser(prog=name, add_help=False)


class _Version(argparse.Action):
    """``--version``: the version is read from the package metadata only when asked for."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        from tournament_desk import __version__

        sys.stdout.write(f"tournament-desk {__version__}\n")
        parser.exit()


def build_parser(commands: Iterable[str] | None = None) -> argparse.ArgumentParser:
    """The CLI parser, with the arguments of ``commands`` filled in (None: every command)."""
    parser = argparse.ArgumentParser(prog="tournament-desk",
                                     description="Offline tournament manager. Without a subcommand: the GUI.")
    parser.add_argument("--version", action=_Version, help="show the program's version number and exit")
    parser.add_argument("--lang", choices=("en", "fr"), help="language of messages (default: from locale)")
    sub = parser.add_subparsers(dest="command", required=True)
    parsers = {name: sub.add_parser(name, help=text) for name, (text, *_rest) in SUBCOMMANDS.items()}
    wanted = list(SUBCOMMANDS) if commands is None else [c for c in commands if c in SUBCOMMANDS]
    done: set[tuple[str, str]] = set()
    for name in wanted:
        _text, module, _handler, register = SUBCOMMANDS[name]
        if module == _MAIN:
            globals()[register](parsers[name])
        elif (module, register) not in done:
            done.add((module, register))
            getattr(importlib.import_module(module), register)(_OneCommand(parsers))
    return parser


def _args_new(p: argparse.ArgumentParser) -> None:
    from tournament_desk.core.model import PairingSystem, RatingSystem
    from tournament_desk.core.results import Discipline

    p.add_argument("file", type=Path)
    p.add_argument("--name", help="the event's name (required unless --from-trf or --from-bundle)")
    p.add_argument("--system", choices=[s.value for s in PairingSystem],
                   help="default: the discipline's (chess: dutch; draughts: round-robin, the FMJD grids; scrabble: "
                        "classique, the French formula: groups of wins, 1st against last)")
    p.add_argument("--rounds", type=int, help="number of rounds (required unless --from-trf gives it)")
    source = p.add_mutually_exclusive_group()
    source.add_argument("--from-trf", type=Path, metavar="FILE.trf",
                        help="continue an event begun in another program: its TRF16/TRF26 with rounds and results")
    source.add_argument("--from-bundle", type=Path, metavar="BUNDLE.zip",
                        help="recreate the event a homologation bundle holds (verified first), as one undo step")
    p.add_argument("--discipline", choices=[d.value for d in Discipline], default="chess")
    p.add_argument("--place", default="")
    p.add_argument("--start", type=_date)
    p.add_argument("--end", type=_date)
    p.add_argument("--arbiter", action="append", default=[], help="repeat for several arbiters")
    p.add_argument("--organiser", default="")
    p.add_argument("--time-control", default="90+30", help="minutes+seconds, e.g. 90+30")
    p.add_argument("--scoring", help="chess, draughts, kashdan or scrabble (default: the discipline's)")
    p.add_argument("--rating-system", choices=[r.value for r in RatingSystem])
    p.add_argument("--tiebreaks", default="", help="comma-separated tie-break codes, in order")
    p.add_argument("--acceleration", choices=["none", "baku"], default="none",
                   help="Dutch Swiss: Baku acceleration (FIDE C.04.5.1)")
    p.add_argument("--initial-colour", choices=["white", "black"],
                   help="Dutch Swiss: colour of pairing number 1 in round 1 (default: drawn by lot)")
    from tournament_desk.cli.teams import add_new_team_options

    add_new_team_options(p)
    p.add_argument("--json", action="store_true")


_REASON_HELP = ("the reason for a change to a published round (a late entry, a result corrected after the next "
                "round was paired, a re-pairing...): required for those changes, kept in the arbiter's log")


_DISCIPLINE_OPTIONS = (("fide_id", "--fide-id"), ("fmjd_id", "--fmjd-id"), ("title", "--title"),
                       ("duplicate_series", "--series"))
"""The player options that belong to some disciplines only (core.disciplines: DisciplineProfile.player_fields)."""


def _player_field_args(parser: argparse.ArgumentParser, *, default: str | None) -> None:
    """The registration's ids and rating, each option saying which discipline asks for it (argparse is built
    before the event is read: an option of another discipline is refused when the command runs)."""
    parser.add_argument("--licence", default=default,
                        help="national licence (chess: FFE; draughts: FFJD; Scrabble: FFSc)")
    parser.add_argument("--fide-id", default=default, help="chess only: FIDE id")
    parser.add_argument("--fmjd-id", default=default, help="draughts only: FMJD id")
    parser.add_argument("--title", default=default, help="chess and draughts only: title (GM, IM, MI...)")
    parser.add_argument("--series", default=default, metavar="SERIES",
                        help="Scrabble only: duplicate series (super, 1 to 7; sub-series letters ignored), from "
                             "which the provisional rating PL* of a player without a PL follows")
    parser.add_argument("--rating", type=int,
                        help="rating in the event's rating system (chess: Elo; draughts: Capital-Points; "
                             "Scrabble: PL)")


def _refuse_other_disciplines(args: argparse.Namespace, discipline: Any) -> None:
    """An option of another discipline's players (``--fide-id`` in a Scrabble event...) is refused before
    anything changes."""
    from tournament_desk.core.disciplines import discipline_profile
    from tournament_desk.core.errors import ValidationError
    profile = discipline_profile(discipline)
    for field, option in _DISCIPLINE_OPTIONS:
        if getattr(args, option[2:].replace("-", "_"), None) and field not in profile.player_fields:
            raise ValidationError(msg("{option} does not apply to the players of this event ({discipline}): "
                                      "nothing was changed", option=option, discipline=profile.name), field=field)


def _args_players(players: argparse.ArgumentParser) -> None:
    psub = players.add_subparsers(dest="players_command", required=True)
    pa = psub.add_parser("add", help="register one player")
    pa.add_argument("file", type=Path)
    pa.add_argument("--surname", required=True)
    pa.add_argument("--first-name", default="")
    pa.add_argument("--sex", choices=["M", "F"])
    pa.add_argument("--birth-date", type=_date)
    pa.add_argument("--category", default="")
    pa.add_argument("--club", default="")
    pa.add_argument("--federation", default="")
    _player_field_args(pa, default="")
    pa.add_argument("--unrated", action="store_true")
    pa.add_argument("--register-anyway", action="store_true",
                    help="register although a player with the same name and birth date is already registered "
                         "(a namesake; never for a licence number already registered)")
    pa.add_argument("--reason", help=_REASON_HELP)
    pa.add_argument("--json", action="store_true")
    pe = psub.add_parser("edit", help="change a player's registration (only the fields given)")
    pe.add_argument("file", type=Path)
    pe.add_argument("player", type=int, help="the player's id (players list)")
    pe.add_argument("--surname")
    pe.add_argument("--first-name")
    pe.add_argument("--club")
    _player_field_args(pe, default=None)
    pe.add_argument("--reason", help=_REASON_HELP)
    pe.add_argument("--json", action="store_true")
    pl = psub.add_parser("list", help="list the players")
    pl.add_argument("file", type=Path)
    pl.add_argument("--json", action="store_true")
    pi = psub.add_parser("import", help="import players from a CSV or TRF file")
    pi.add_argument("file", type=Path)
    pi.add_argument("csv", type=Path)
    pi.add_argument("--reason", help=_REASON_HELP)
    pi.add_argument("--json", action="store_true")
    pw = psub.add_parser("withdraw", help="withdraw a player from a round on")
    pw.add_argument("file", type=Path)
    pw.add_argument("player", type=int)
    pw.add_argument("--from-round", type=int, required=True)
    pw.add_argument("--forfeit", choices=["0fe", "0fne"], default="0fe",
                    help=f"round robin: the forfeit the remaining games become ({_cite(FFJD_RCN, '§6.4')})")


def _args_show(s: argparse.ArgumentParser) -> None:
    s.add_argument("file", type=Path)
    s.add_argument("--json", action="store_true")


# Options of ``result`` that take values (how many), for _result_value.
_RESULT_OPTIONS = {"--round": 1, "--board": 1, "--player": 1, "--points": 2, "--match": 1}
# Results written with a leading '-' (a forfeit won by Black, a double forfeit): argparse would take them for
# options, so _result_value hands them over as a stand-in token.
_DASH_RESULTS = ("-+", "--")
_DASH_STAND_IN = "\x00result"


def _args_result(r: argparse.ArgumentParser) -> None:
    r.add_argument("file", type=Path)
    r.add_argument("--round", type=int, required=True)
    target = r.add_mutually_exclusive_group(required=True)
    target.add_argument("--board", type=int)
    target.add_argument("--player", type=int, help="player id, for a bye code (hpb, zpb, ...)")
    r.add_argument("--match", type=int, help="team event: the match (with --board: its board; the result home team "
                                             "first)")
    r.add_argument("result", help="1-0, 0-1, 1/2 (chess), 2-0, 1-1, 0-2 (draughts), both scores '412 380' "
                                  "(Scrabble classique: the result follows), +- and -+ (forfeits), 2fe, 0fne, 0r, "
                                  "0d, hpb...")
    r.add_argument("--points", nargs=2, type=int, metavar=("FIRST", "SECOND"),
                   help="both players' scores (Scrabble), with a result given as a code")
    r.add_argument("--replace", action="store_true", help="correct a result already entered")
    r.add_argument("--reason", help=_REASON_HELP)
    r.add_argument("--json", action="store_true")


def _result_value(argv: list[str], start: int) -> tuple[list[str], str | None]:
    """Issue 19.5: in ``result EVENT --round R --board B -+`` the ``-+`` is the result, not an option.

    Looks at the arguments of ``result`` (from ``argv[start]``) for a positional written with a leading dash
    (``-+``, or ``--`` alone at the end for a double forfeit) and swaps it for a stand-in token; returns the new
    arguments and the result text (None when there is none to swap)."""
    positionals = 0
    for i in range(start, len(argv)):
        token = argv[i]
        if token == "--":
            if i == len(argv) - 1 and positionals == 1:  # `result FILE ... --`: the double forfeit
                return [*argv[:i], _DASH_STAND_IN], token
            return argv, None  # an explicit end of options: argparse reads what follows as positionals
        if token == "-+":
            return [*argv[:i], _DASH_STAND_IN, *argv[i + 1 :]], token
        if not token.startswith("-"):
            if i > start and argv[i - 1] in _RESULT_OPTIONS:
                continue
            if i > start + 1 and argv[i - 2] == "--points":
                continue
            positionals += 1
    return argv, None


def _args_rounds(rl: argparse.ArgumentParser) -> None:
    rl.add_argument("file", type=Path)
    rl.add_argument("--json", action="store_true")


PAIRING_SYSTEMS = ["round-robin", "double-round-robin", "dutch", "scoregroup", "classique", "manual", "knockout"]
"""The values of core.model.PairingSystem (a test checks they agree): building the parser imports no core."""


def _args_pair(pr: argparse.ArgumentParser) -> None:
    pr.add_argument("file", type=Path)
    pr.add_argument("--force", action="store_true", help="pair even if results of the last round are missing")
    pr.add_argument("--system", choices=PAIRING_SYSTEMS,
                    help="the system you expect to pair this round (refused if the event's is another; "
                         "knockout once the top cut has started)")
    pr.add_argument("--json", action="store_true")


def _args_request_bye(rb: argparse.ArgumentParser) -> None:
    rb.add_argument("file", type=Path)
    rb.add_argument("--round", type=int, required=True)
    rb.add_argument("--player", type=int, required=True)
    rb.add_argument("kind", choices=["hpb", "fpb", "zpb", "none"], help="half-point, full-point, zero-point bye; "
                    "none cancels")


def _args_unpair(up: argparse.ArgumentParser) -> None:
    up.add_argument("file", type=Path)
    up.add_argument("--reason", help=_REASON_HELP)


def _args_explain(ex: argparse.ArgumentParser) -> None:
    ex.add_argument("file", type=Path)
    ex.add_argument("--round", type=int, required=True)
    which = ex.add_mutually_exclusive_group(required=True)
    which.add_argument("--board", type=int)
    which.add_argument("--player", type=int, help="player id: his board, or the bye he received")
    ex.add_argument("--expected", type=int, metavar="ID", help="the opponent someone expected instead (player id)")
    ex.add_argument("--json", action="store_true")


def _args_numbers(nb: argparse.ArgumentParser) -> None:
    nb.add_argument("file", type=Path)
    how = nb.add_mutually_exclusive_group(required=True)
    how.add_argument("--lot", action="store_true", help="draw of lots (reproducible with --seed)")
    how.add_argument("--rating", action="store_true", help="by rating, highest first")
    how.add_argument("--set", nargs="+", metavar="ID=N", help="by hand: player id = pairing number")
    nb.add_argument("--seed", type=int)
    nb.add_argument("--json", action="store_true")


def _args_grid(gr: argparse.ArgumentParser) -> None:
    gr.add_argument("file", type=Path, nargs="?", help="an event file (its players and order), or --players")
    gr.add_argument("--players", type=int)
    order = gr.add_mutually_exclusive_group()
    order.add_argument("--fmjd", action="store_true", help="FMJD board order (FFJD grid, Annex A)")
    order.add_argument("--fide", action="store_true", help="FIDE board order (C.05 Annex 1)")
    gr.add_argument("--double", action="store_true", help="double round robin")
    gr.add_argument("--no-swap", action="store_true",
                    help="double round robin without swapping the last two rounds of the first cycle")
    gr.add_argument("--pdf", type=Path, help="write the grid as an A4 PDF")
    gr.add_argument("--json", action="store_true")


def _args_undo_redo(u: argparse.ArgumentParser) -> None:
    u.add_argument("file", type=Path)
    u.add_argument("--json", action="store_true")



def cmd_new(args: argparse.Namespace, lang: str) -> None:
    if args.from_trf is not None:
        from tournament_desk.cli.trf_cli import cmd_new_from_trf

        cmd_new_from_trf(args, lang)
        return
    if args.from_bundle is not None:
        _new_from_bundle(args, lang)
        return
    if args.name is None or (args.rounds is None and not args.team):
        from tournament_desk.core.errors import ValidationError

        raise ValidationError(msg("new needs --name and --rounds (or --from-trf FILE, or --from-bundle BUNDLE.zip)"))
    from tournament_desk.cli.teams import rules_from_args
    from tournament_desk.core.disciplines import discipline_profile
    from tournament_desk.core.errors import ValidationError
    from tournament_desk.core.model import Event, PairingSystem, RatingSystem, TimeControl
    from tournament_desk.core.results import Discipline
    from tournament_desk.core.scoring import profile_named
    from tournament_desk.formats.event_json import state_to_dict
    from tournament_desk.services.session import EventSession
    discipline = Discipline(args.discipline)
    profile = discipline_profile(discipline)
    system = PairingSystem(args.system) if args.system else profile.default_system
    if system not in profile.systems:  # the window offers the discipline's systems only: the command line too
        raise ValidationError(msg("The '{system}' pairing system is not offered for a '{discipline}' event: "
                                  "choose one of {offered}", system=system.value, discipline=profile.name,
                                  offered=", ".join(s.value for s in profile.systems)))
    team = rules_from_args(args)
    kwargs: dict[str, Any] = {
        # a team round robin's number of rounds is its grid's, set when round 1 is paired
        "system": system, "rounds": args.rounds or 1, "place": args.place, "team": team,
        "start_date": args.start, "end_date": args.end or args.start, "arbiters": tuple(args.arbiter),
        "organiser": args.organiser, "time_control": TimeControl.parse(args.time_control),
        "tiebreaks": tuple(t.strip() for t in args.tiebreaks.split(",") if t.strip()),
        "acceleration": "" if args.acceleration == "none" else args.acceleration,
        "initial_colour": args.initial_colour or "",
    }
    if args.scoring:
        kwargs["scoring"] = profile_named(args.scoring)
    if args.rating_system:
        kwargs["rating_system"] = RatingSystem(args.rating_system)
    event = Event.for_discipline(args.name, discipline, **kwargs)
    with EventSession.create(args.file, event) as session:
        state = session.state()
    created = msg("Created {file}", file=args.file).text(lang)
    _emit(args, state_to_dict(state), created)


def _new_from_bundle(args: argparse.Namespace, lang: str) -> None:
    """``new EVENT --from-bundle BUNDLE.zip``: the bundle's event in a new file (refused, creating nothing, when
    the file exists or the bundle is damaged or inconsistent: its problems listed)."""
    from tournament_desk.core.errors import ValidationError
    from tournament_desk.services.bundle import import_bundle

    if args.name is not None or args.rounds is not None:
        raise ValidationError(msg("--from-bundle recreates the event as the bundle holds it: --name and --rounds do "
                                  "not apply"))
    session, _ids = import_bundle(args.from_bundle, args.file)
    with session:
        state, warnings = session.state(), session.warnings
    if warnings:  # values a newer version wrote: said as at every open of the event
        from tournament_desk.core.messages import listing

        print("tournament-desk: " + msg("warning: {file}: {warnings}", file=args.file.name,
                                        warnings=listing(warnings, "; ")).text(lang), file=sys.stderr)
    created = msg("Created {path} ({players} players, {rounds} rounds imported)", path=args.file,
                  players=len(state.players), rounds=len(state.rounds)).text(lang)
    _emit(args, {"file": str(args.file), "players": len(state.players), "rounds": len(state.rounds),
                 "warnings": [w.text(lang) for w in warnings]}, created)


def cmd_players(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.core.model import Sex
    from tournament_desk.core.operations import AddPlayer, AddPlayers, EditPlayer, WithdrawPlayer
    from tournament_desk.formats.event_json import player_to_dict
    from tournament_desk.formats.players_trf import read_players_file
    from tournament_desk.services.session import EventSession
    readonly = args.players_command == "list"
    with EventSession.open(args.file, readonly=readonly) as session:
        session.require_reason(getattr(args, "reason", None))
        if args.players_command in ("add", "edit"):
            _refuse_other_disciplines(args, session.event.discipline)
        if args.players_command == "add":
            fields: dict[str, Any] = {
                "surname": args.surname, "first_name": args.first_name, "category": args.category,
                "club": args.club, "federation": args.federation, "licence_id": args.licence,
                "fide_id": args.fide_id, "fmjd_id": args.fmjd_id, "title": args.title,
                "unrated": args.unrated, "birth_date": args.birth_date, "duplicate_series": args.series,
            }
            if args.sex:
                fields["sex"] = Sex(args.sex)
            if args.rating is not None:
                fields["ratings"] = ((session.event.rating_system.value, args.rating),)
            change = session.run(AddPlayer(allow_duplicates=args.register_anyway, **fields))
            player = session.state().player(change.ids[0])
            _emit(args, player_to_dict(player), f"{change.label(lang)} (id {player.id})")
        elif args.players_command == "edit":
            options = {"surname": args.surname, "first_name": args.first_name, "club": args.club,
                       "licence_id": args.licence, "fide_id": args.fide_id, "fmjd_id": args.fmjd_id,
                       "title": args.title, "duplicate_series": args.series}
            changes: dict[str, Any] = {k: v for k, v in options.items() if v is not None}
            if args.rating is not None:
                current = session.state().player(args.player)
                system = session.event.rating_system.value
                changes["ratings"] = tuple(sorted((*((s, v) for s, v in current.ratings if s != system),
                                                   (system, args.rating))))
            if not changes:
                from tournament_desk.core.errors import ValidationError
                raise ValidationError(msg("Nothing to change: give at least one field (--series, --rating...)"))
            change = session.run(EditPlayer(args.player, **changes))
            player = session.state().player(args.player)
            _emit(args, player_to_dict(player), change.label(lang))
        elif args.players_command == "import":
            left_out: list[Msg] = []  # a column of another discipline's field (a « série » in chess): not stored
            rows = read_players_file(args.csv, rating_system=session.event.rating_system.value,
                                     discipline=session.event.discipline.value, warnings=left_out)
            for warning in left_out:
                print("tournament-desk: " + msg("warning: {file}: {warnings}", file=args.csv.name,
                                                warnings=warning).text(lang), file=sys.stderr)
            change = session.run(AddPlayers(rows))
            _emit(args, {"imported": list(change.ids)}, change.label(lang))
        elif args.players_command == "withdraw":
            change = session.run(WithdrawPlayer(args.player, args.from_round, forfeit=args.forfeit))
            print(change.label(lang))
        else:
            state = session.state()
            lines = [f"{p.id:>4}  {p.name:<32} {p.club:<20} {p.rating(state.event.rating_system) or '':>5}"
                     for p in state.players]
            _emit(args, [player_to_dict(p, state) for p in state.players], "\n".join(lines))


def cmd_show(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.core.disciplines import discipline_profile
    from tournament_desk.formats.event_json import state_to_dict
    from tournament_desk.services.session import EventSession
    with EventSession.open(args.file, readonly=True) as session:
        state = session.state()
    e = state.event
    lines = [
        f"{e.name} — {e.place}" if e.place else e.name,
        msg("Discipline: {discipline}   System: {system}   Rounds: {paired}/{rounds}   Time control: {time_control}",
            discipline=discipline_profile(e.discipline).name, system=e.system.value, paired=state.last_round,
            rounds=e.rounds,
            time_control=e.time_control).text(lang),
        msg("Players: {count}", count=len(state.players)).text(lang),
    ]
    for p in state.standings_order():
        lines.append(f"  {p.name:<32} {state.score(p.id):>5g}")
    _emit(args, state_to_dict(state), "\n".join(lines))


def cmd_result(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.core.operations import RecordBye, RecordResult
    from tournament_desk.formats.event_json import round_to_dict
    from tournament_desk.services.session import EventSession
    if args.match is not None:
        from tournament_desk.cli.teams import result_on_board
        from tournament_desk.core.errors import ValidationError

        if args.board is None:
            raise ValidationError(msg("A team match's result is entered board by board: give --board"))
        result_on_board(args, lang)
        return
    with EventSession.open(args.file) as session:
        session.require_reason(args.reason)
        if args.player is not None:
            change = session.run(RecordBye(args.round, args.player, args.result))
        else:
            points = args.points or (None, None)
            change = session.run(RecordResult(args.round, args.board, args.result,
                                           white_points=points[0], black_points=points[1], replace=args.replace))
        state = session.state()
        _emit(args, round_to_dict(state.round(args.round), state), change.label(lang))


def cmd_rounds(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.core.crosstable import bye_label
    from tournament_desk.core.disciplines import game_result_text
    from tournament_desk.formats.event_json import round_to_dict
    from tournament_desk.services.session import EventSession
    with EventSession.open(args.file, readonly=True) as session:
        state = session.state()
    names = {p.id: p.name for p in state.players}
    lines: list[str] = []
    for rnd in state.rounds:
        lines.append(msg("Round {number}", number=rnd.number).text(lang))
        for g in rnd.games:
            res = game_result_text(g, state.event.discipline) or "…"  # Scrabble: the scores
            lines.append(f"  {g.board:>3}  {names[g.white_id]:<30} {res:^9} {names[g.black_id]}")
        for b in rnd.byes:
            lines.append(f"       {names[b.player_id]:<30} {bye_label(b.kind, lang)}")
    _emit(args, [round_to_dict(r, state) for r in state.rounds], "\n".join(lines))


def cmd_pair(args: argparse.Namespace, lang: str) -> None:
    """Pair the next round with the event's system (the one pairing entry: services.pairing.pair_next).
    ``--system`` names the system the arbiter expects (``pair-scoregroup`` and ``topcut FILE pair``, the old
    spellings, are this option): refused when the event would be paired otherwise."""
    from tournament_desk.core.crosstable import bye_label
    from tournament_desk.core.disciplines import game_result_text
    from tournament_desk.core.errors import StateError
    from tournament_desk.core.messages import msg
    from tournament_desk.core.model import PairingSystem
    from tournament_desk.formats.event_json import round_to_dict
    from tournament_desk.services.pairing import pair_next
    from tournament_desk.services.session import EventSession

    with EventSession.open(args.file) as session:
        expected = getattr(args, "system", None)
        if expected:
            state = session.state()
            actual = "knockout" if state.top_cut is not None else state.event.system.value
            if actual != expected:
                raise StateError(msg("This event's next round is paired by '{actual}', not '{expected}': use "
                                     "'tournament-desk pair'", actual=actual, expected=expected))
        change = pair_next(session, force=getattr(args, "force", False))
        state = session.state()
    for note in change.note_texts(lang):
        print(f"tournament-desk: {note}", file=sys.stderr)
    rnd = change.payload.round
    if state.event.is_team_event:
        from tournament_desk.cli.teams import pair_text

        text, team_data = pair_text(state, rnd.number, change.label(lang), lang)
        _emit(args, team_data, text)
        return
    names = {p.id: p.name for p in state.players}
    lines = [change.label(lang)]
    lines += [f"  {g.board:>3}  {names[g.white_id]:<30} - {names[g.black_id]}"
              + (f"  {game_result_text(g, state.event.discipline)}" if g.result else "")
              for g in rnd.games]
    lines += [f"       {names[b.player_id]:<30} {bye_label(b.kind, lang)}" for b in rnd.byes]
    data = round_to_dict(rnd, state)
    if change.payload.system in (PairingSystem.SCORE_GROUP, PairingSystem.CLASSIQUE):
        data |= {"method": change.payload.method, "rematches": [list(p) for p in change.payload.rematches]}
    if change.payload.knockout_stage is not None:
        data |= {"stage": change.payload.knockout_stage}
    _emit(args, data, "\n".join(lines))


def cmd_request_bye(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.core.operations import RequestBye
    from tournament_desk.services.session import EventSession
    with EventSession.open(args.file) as session:
        print(session.run(RequestBye(args.round, args.player, args.kind)).label(lang))


def cmd_unpair(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.core.operations import UnpairLastRound
    from tournament_desk.services.session import EventSession
    with EventSession.open(args.file) as session:
        session.require_reason(args.reason)
        print(session.run(UnpairLastRound()).label(lang))


def cmd_explain(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.services.explain import explain_pairing
    from tournament_desk.services.session import EventSession

    with EventSession.open(args.file, readonly=True) as session:
        got = explain_pairing(session, args.round, board=args.board, player_id=args.player,
                              expected_id=args.expected)
    data = {"round": got.round_number, "board": got.board, "players": list(got.player_ids),
            "bracket_score": got.bracket_score, "criteria": list(got.criteria), "lines": list(got.lines(lang))}
    _emit(args, data, got.text(lang))


def cmd_numbers(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.core.errors import ValidationError
    from tournament_desk.services.roundrobin import assign_numbers
    from tournament_desk.services.session import EventSession
    with EventSession.open(args.file) as session:
        if args.lot:
            change = assign_numbers(session, "lot", seed=args.seed)
        elif args.rating:
            change = assign_numbers(session, "rating")
        else:
            manual: dict[int, int] = {}
            for item in args.set:
                pid, _, number = item.partition("=")
                player, wanted = whole_number(pid), whole_number(number)
                if player is None or wanted is None:
                    raise ValidationError(msg("'{item}' is not ID=NUMBER", item=item))
                manual[player] = wanted
            change = assign_numbers(session, "manual", manual=manual)
        state = session.state()
    table = {p.id: p.pairing_number for p in state.players}
    lines = [change.label(lang)] + [f"  {p.pairing_number:>3}  {p.name}"
                                    for p in sorted(state.players, key=lambda p: p.pairing_number or 0)]
    _emit(args, table, "\n".join(lines))


def cmd_grid(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.core.errors import ValidationError
    from tournament_desk.core.pairing.berger import Order, RoundRobinSchedule, format_grid
    from tournament_desk.services.roundrobin import event_grid_pdf, schedule_for
    from tournament_desk.services.session import EventSession
    if args.file is not None:
        with EventSession.open(args.file, readonly=True) as session:
            schedule = schedule_for(session.state())
            pdf = event_grid_pdf(session, lang=lang) if args.pdf else None
    else:
        if args.players is None:
            raise ValidationError(msg("Give an event file or --players N"))
        order: Order = "fmjd" if args.fmjd else "fide"
        schedule = RoundRobinSchedule.build(args.players, order=order, double=args.double,
                                            swap_last_two=not args.no_swap)
        pdf = None
        if args.pdf:
            from tournament_desk.printing.grid_pdf import grid_pdf

            title = msg("Grid — {players}", players=args.players).text(lang)
            pdf = grid_pdf(schedule, title=title, lang=lang)
    if pdf is not None:
        args.pdf.write_bytes(pdf)
    data = {"players": schedule.n, "order": schedule.order, "double": schedule.double,
            "exempt": schedule.exempt, "rounds": [[list(b) for b in r] for r in schedule.rounds]}
    _emit(args, data, format_grid(schedule, lang))


def cmd_undo_redo(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.core.errors import StateError
    from tournament_desk.services.session import EventSession
    with EventSession.open(args.file) as session:
        change = session.undo() if args.command == "undo" else session.redo()
    if change is None:
        raise StateError(msg("Nothing to undo") if args.command == "undo" else msg("Nothing to redo"))
    _emit(args, {"done": change.label("en")}, change.label(lang))


def _handler(command: str) -> Handler:
    _text, module, name, _register = SUBCOMMANDS[command]
    if module == _MAIN:
        return globals()[name]  # type: ignore[no-any-return]
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def _command_index(argv: Sequence[str]) -> int:
    """Where the subcommand is in ``argv`` (after the global options), or -1."""
    i = 0
    while i < len(argv):
        token = argv[i]
        if token == "--lang":
            i += 2
            continue
        if not token.startswith("-"):
            return i
        i += 1
    return -1


def run(argv: Sequence[str]) -> int:
    argv = list(argv)
    if argv[:1] == ["pair"] and "--dutch" in argv:
        # The engine-compatible interface other programs call: pair --dutch INPUT.trf -p [OUT] | -c
        from tournament_desk.cli.engine import main_dutch

        return main_dutch(argv[1:])
    at = _command_index(argv)
    if at >= 0 and argv[at] == "generate":
        # The Random Tournament Generator, an engine tool as pair --dutch: its own exit codes (cli/generate.py)
        from tournament_desk.cli.generate import main_generate

        return main_generate(argv[at + 1 :] + argv[:at])
    from tournament_desk.cli.output import BestEffort, Output

    # The command prints to sys.stdout and sys.stderr: stdout is its output (a write or the final flush that
    # fails is a file problem, code 5); stderr holds notes, warnings and the error line, written if it can be.
    # A closed descriptor (None) fails like a full disk instead of printing nothing (cli/output.py).
    stdout, stderr = sys.stdout, sys.stderr
    out = Output(stdout, "stdout")
    sys.stdout, sys.stderr = out, BestEffort(stderr, "stderr")  # type: ignore[assignment]
    try:
        return _run(argv, out)
    finally:
        sys.stdout, sys.stderr = stdout, stderr


def _lang_option(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` before the arguments are parsed (for a failure while parsing them)."""
    for i, token in enumerate(argv[:-1]):
        if token == "--lang":
            return argv[i + 1]
    return None


def _run(argv: list[str], out: Any) -> int:
    from tournament_desk.cli.output import EXIT_OUTPUT_ERROR, OutputError, discard

    def output_failed(exc: OutputError, lang: str) -> int:
        discard(out.stream)
        if not exc.reader_gone:  # a reader gone (| head) asked for nothing more: quiet, as Unix tools
            print(msg("tournament-desk: cannot write the standard output: {reason}", reason=exc.reason)
                  .text(lang), file=sys.stderr)
        return EXIT_OUTPUT_ERROR

    at = _command_index(argv)
    command = argv[at] if at >= 0 else ""
    dash_result = None
    if command == "result":
        argv, dash_result = _result_value(argv, at + 1)
    parser = build_parser([command])
    try:
        args = parser.parse_args(argv)
    except OutputError as exc:  # --version
        return output_failed(exc, detect_lang(_lang_option(argv)))
    except SystemExit:
        if out.failed is not None:  # --help, whose failure argparse keeps to itself
            return output_failed(out.failed, detect_lang(_lang_option(argv)))
        raise
    if dash_result is not None and args.result == _DASH_STAND_IN:
        args.result = dash_result
    lang = detect_lang(args.lang)
    from tournament_desk.core.errors import (
        EventFileError,
        ImportFormatError,
        NotFoundError,
        StateError,
        TournamentError,
    )

    exit_codes: list[tuple[type[TournamentError], int]] = [
        (EventFileError, 5), (ImportFormatError, 3), (NotFoundError, 3), (StateError, 4), (TournamentError, 3),
    ]
    remove_listener = _warn_at_open(lang) if args.command in _EVENT_COMMANDS else None
    try:
        _handler(args.command)(args, lang)
        out.flush()
    except OutputError as exc:
        return output_failed(exc, lang)
    except TournamentError as exc:
        print(f"tournament-desk: {exc.message(lang)}", file=sys.stderr)
        return next(code for cls, code in exit_codes if isinstance(exc, cls))
    except OSError as exc:
        print(msg("tournament-desk: file error: {error}", error=_os_error_text(exc)).text(lang), file=sys.stderr)
        return 5
    finally:
        if remove_listener is not None:
            remove_listener()
    if out.failed is not None:  # a failure something in the command caught and went on from
        return output_failed(out.failed, lang)
    return 0


_EVENT_COMMANDS = frozenset(SUBCOMMANDS) - {"verify-bundle"}
"""Commands that may open an event file (and so may have to warn about it)."""


def _warn_at_open(lang: str) -> Callable[[], None]:
    """Every event opened by the command says on stderr, in one line, what of it this version does not
    understand (rule-setting values a newer version wrote: docs/event-file.md); the command goes on."""
    from tournament_desk.core.messages import listing
    from tournament_desk.services.session import EventSession, add_open_listener

    def say(session: EventSession) -> None:
        text = msg("warning: {file}: {warnings}", file=session.path.name,
                   warnings=listing(session.warnings, "; ")).text(lang)
        print(f"tournament-desk: {text}", file=sys.stderr)

    return add_open_listener(say)


def _os_error_text(exc: OSError) -> str:
    """The system's words and the file as the user typed it (``str(exc)`` quotes the name with ``repr``, which
    doubles every backslash of a Windows path)."""
    if not exc.strerror or exc.filename is None:
        return str(exc)
    names = [exc.filename] + ([exc.filename2] if exc.filename2 is not None else [])
    return f"{exc.strerror}: {' -> '.join(os.fsdecode(n) if isinstance(n, (str, bytes)) else str(n) for n in names)}"
