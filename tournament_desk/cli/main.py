"""Headless command line: ``tournament-desk SUBCOMMAND ...``.

Exit code 0 on success; on error one clear line on stderr (in French when ``--lang fr`` or a French
locale) and a non-zero code: 2 bad usage or input, 3 invalid data, 4 refused by the event's state,
5 file error.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tournament_desk import __version__
from tournament_desk.cli.event_settings import SETTINGS_COMMANDS, add_settings_parsers
from tournament_desk.cli.export import EXPORT_COMMANDS, add_export_parsers
from tournament_desk.cli.rate import add_rate_parser, add_ratings_parser, cmd_rate, cmd_ratings
from tournament_desk.cli.rules import add_rules_parser, cmd_rules
from tournament_desk.cli.standings import add_standings_parser, cmd_standings, cmd_tiebreaks
from tournament_desk.cli.variants import VARIANT_COMMANDS, add_variant_parsers
from tournament_desk.core.errors import (
    EventFileError,
    ImportFormatError,
    NotFoundError,
    StateError,
    TournamentError,
    ValidationError,
)
from tournament_desk.core.model import Event, PairingSystem, RatingSystem, Sex, TimeControl
from tournament_desk.core.pairing.berger import Order, RoundRobinSchedule, format_grid
from tournament_desk.core.results import Discipline, format_game_result
from tournament_desk.core.scoring import profile_named
from tournament_desk.formats.event_json import player_to_dict, round_to_dict, state_to_dict
from tournament_desk.formats.players_trf import read_players_file
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.roundrobin import assign_numbers, event_grid_pdf, schedule_for
from tournament_desk.services.session import EventSession
from tournament_desk.services.swiss import request_bye


def detect_lang(explicit: str | None = None) -> str:
    if explicit:
        return explicit
    for var in ("TDESK_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a date (YYYY-MM-DD)") from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tournament-desk",
                                     description="Offline tournament manager. Without a subcommand: the GUI.")
    parser.add_argument("--version", action="version", version=f"tournament-desk {__version__}")
    parser.add_argument("--lang", choices=("en", "fr"), help="language of messages (default: from locale)")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("new", help="create an event file")
    p.add_argument("file", type=Path)
    p.add_argument("--name", help="the event's name (required unless --from-trf)")
    p.add_argument("--system", choices=[s.value for s in PairingSystem], default="dutch")
    p.add_argument("--rounds", type=int, help="number of rounds (required unless --from-trf gives it)")
    p.add_argument("--from-trf", type=Path, metavar="FILE.trf",
                   help="continue an event begun in another program: its TRF16/TRF26 with rounds and results")
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
    p.add_argument("--json", action="store_true")

    players = sub.add_parser("players", help="register and list players")
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
    pa.add_argument("--licence", default="")
    pa.add_argument("--fide-id", default="")
    pa.add_argument("--fmjd-id", default="")
    pa.add_argument("--title", default="")
    pa.add_argument("--rating", type=int, help="rating in the event's rating system")
    pa.add_argument("--unrated", action="store_true")
    pa.add_argument("--register-anyway", action="store_true",
                    help="register although the same licence, or the same name and birth date, is already registered")
    pa.add_argument("--json", action="store_true")
    pl = psub.add_parser("list", help="list the players")
    pl.add_argument("file", type=Path)
    pl.add_argument("--json", action="store_true")
    pi = psub.add_parser("import", help="import players from a CSV or TRF file")
    pi.add_argument("file", type=Path)
    pi.add_argument("csv", type=Path)
    pi.add_argument("--json", action="store_true")
    pw = psub.add_parser("withdraw", help="withdraw a player from a round on")
    pw.add_argument("file", type=Path)
    pw.add_argument("player", type=int)
    pw.add_argument("--from-round", type=int, required=True)
    pw.add_argument("--forfeit", choices=["0fe", "0fne"], default="0fe",
                    help="round robin: the forfeit the remaining games become (seed 000 §6.4)")

    s = sub.add_parser("show", help="show the event")
    s.add_argument("file", type=Path)
    s.add_argument("--json", action="store_true")

    r = sub.add_parser("result", help="enter a result (or a bye with --player)")
    r.add_argument("file", type=Path)
    r.add_argument("--round", type=int, required=True)
    target = r.add_mutually_exclusive_group(required=True)
    target.add_argument("--board", type=int)
    target.add_argument("--player", type=int, help="player id, for a bye code (hpb, zpb, ...)")
    r.add_argument("result", help="1-0, 0-1, 1/2 (chess), 2-0, 1-1, 0-2 (draughts), 2fe, 0fne, 0r, 0d, hpb...")
    r.add_argument("--points", nargs=2, type=int, metavar=("WHITE", "BLACK"), help="game points (Scrabble)")
    r.add_argument("--replace", action="store_true", help="correct a result already entered")
    r.add_argument("--json", action="store_true")

    rl = sub.add_parser("rounds", help="list the rounds and their boards")
    rl.add_argument("file", type=Path)
    rl.add_argument("--json", action="store_true")

    pr = sub.add_parser("pair", help="pair the next round of the event")
    pr.add_argument("file", type=Path)
    pr.add_argument("--force", action="store_true", help="pair even if results of the last round are missing")
    pr.add_argument("--json", action="store_true")

    rb = sub.add_parser("request-bye", help="Swiss: record in advance a bye for a round not yet paired")
    rb.add_argument("file", type=Path)
    rb.add_argument("--round", type=int, required=True)
    rb.add_argument("--player", type=int, required=True)
    rb.add_argument("kind", choices=["hpb", "fpb", "zpb", "none"], help="half-point, full-point, zero-point bye; "
                    "none cancels")

    up = sub.add_parser("unpair", help="cancel the pairing of the last round")
    up.add_argument("file", type=Path)

    nb = sub.add_parser("numbers", help="assign pairing numbers")
    nb.add_argument("file", type=Path)
    how = nb.add_mutually_exclusive_group(required=True)
    how.add_argument("--lot", action="store_true", help="draw of lots (reproducible with --seed)")
    how.add_argument("--rating", action="store_true", help="by rating, highest first")
    how.add_argument("--set", nargs="+", metavar="ID=N", help="by hand: player id = pairing number")
    nb.add_argument("--seed", type=int)
    nb.add_argument("--json", action="store_true")

    gr = sub.add_parser("grid", help="print a round-robin (Berger) grid")
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

    for name, text in (("undo", "undo the last action"), ("redo", "redo the last undone action")):
        u = sub.add_parser(name, help=text)
        u.add_argument("file", type=Path)
        u.add_argument("--json", action="store_true")

    add_standings_parser(sub)
    add_rate_parser(sub)
    add_ratings_parser(sub)
    add_rules_parser(sub)
    add_export_parsers(sub)
    add_variant_parsers(sub)
    add_settings_parsers(sub)
    return parser


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    if getattr(args, "json", False):
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(text)


def cmd_new(args: argparse.Namespace, lang: str) -> None:
    if args.from_trf is not None:
        from tournament_desk.cli.trf_cli import cmd_new_from_trf

        cmd_new_from_trf(args, lang)
        return
    if args.name is None or args.rounds is None:
        raise ValidationError("new needs --name and --rounds (or --from-trf FILE)",
                              "new demande --name et --rounds (ou --from-trf FICHIER)")
    discipline = Discipline(args.discipline)
    kwargs: dict[str, Any] = {
        "system": PairingSystem(args.system), "rounds": args.rounds, "place": args.place,
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
    msg = {"en": f"Created {args.file}", "fr": f"Tournoi créé : {args.file}"}[lang]
    _emit(args, state_to_dict(state), msg)


def cmd_players(args: argparse.Namespace, lang: str) -> None:
    readonly = args.players_command == "list"
    with EventSession.open(args.file, readonly=readonly) as session:
        if args.players_command == "add":
            fields: dict[str, Any] = {
                "surname": args.surname, "first_name": args.first_name, "category": args.category,
                "club": args.club, "federation": args.federation, "licence_id": args.licence,
                "fide_id": args.fide_id, "fmjd_id": args.fmjd_id, "title": args.title,
                "unrated": args.unrated, "birth_date": args.birth_date,
            }
            if args.sex:
                fields["sex"] = Sex(args.sex)
            if args.rating is not None:
                fields["ratings"] = ((session.event.rating_system.value, args.rating),)
            change = session.add_player(allow_duplicates=args.register_anyway, **fields)
            player = session.state().player(change.ids[0])
            _emit(args, player_to_dict(player), f"{change.label(lang)} (id {player.id})")
        elif args.players_command == "import":
            rows = read_players_file(args.csv, rating_system=session.event.rating_system.value)
            change = session.add_players(rows)
            _emit(args, {"imported": list(change.ids)}, change.label(lang))
        elif args.players_command == "withdraw":
            change = session.withdraw_player(args.player, args.from_round, forfeit=args.forfeit)
            print(change.label(lang))
        else:
            state = session.state()
            lines = [f"{p.id:>4}  {p.name:<32} {p.club:<20} {p.rating(state.event.rating_system) or '':>5}"
                     for p in state.players]
            _emit(args, [player_to_dict(p, state) for p in state.players], "\n".join(lines))


def cmd_show(args: argparse.Namespace, lang: str) -> None:
    with EventSession.open(args.file, readonly=True) as session:
        state = session.state()
    e = state.event
    fr = lang == "fr"
    lines = [
        f"{e.name} — {e.place}" if e.place else e.name,
        f"Discipline: {e.discipline.value}   "
        f"{'System' if not fr else 'Système'}: {e.system.value}   "
        f"{'Rounds' if not fr else 'Rondes'}: {state.last_round}/{e.rounds}   "
        f"{'Time control' if not fr else 'Cadence'}: {e.time_control}",
        f"{'Players' if not fr else 'Joueurs'}: {len(state.players)}",
    ]
    for p in state.standings_order():
        lines.append(f"  {p.name:<32} {state.score(p.id):>5g}")
    _emit(args, state_to_dict(state), "\n".join(lines))


def cmd_result(args: argparse.Namespace, lang: str) -> None:
    with EventSession.open(args.file) as session:
        if args.player is not None:
            change = session.record_bye(args.round, args.player, args.result)
        else:
            points = args.points or (None, None)
            change = session.record_result(args.round, args.board, args.result,
                                           white_points=points[0], black_points=points[1], replace=args.replace)
        state = session.state()
        _emit(args, round_to_dict(state.round(args.round), state), change.label(lang))


def cmd_rounds(args: argparse.Namespace, lang: str) -> None:
    with EventSession.open(args.file, readonly=True) as session:
        state = session.state()
    names = {p.id: p.name for p in state.players}
    lines: list[str] = []
    for rnd in state.rounds:
        lines.append(("Ronde" if lang == "fr" else "Round") + f" {rnd.number}")
        for g in rnd.games:
            res = format_game_result(g.result, state.event.discipline) if g.result else "…"
            lines.append(f"  {g.board:>3}  {names[g.white_id]:<30} {res:^9} {names[g.black_id]}")
        for b in rnd.byes:
            lines.append(f"       {names[b.player_id]:<30} {b.kind.value}")
    _emit(args, [round_to_dict(r, state) for r in state.rounds], "\n".join(lines))


def cmd_pair(args: argparse.Namespace, lang: str) -> None:
    with EventSession.open(args.file) as session:
        result = pair_next(session, force=args.force)
        state = session.state()
    for note in result.notes(lang):
        print(f"tournament-desk: {note}", file=sys.stderr)
    names = {p.id: p.name for p in state.players}
    lines = [result.change.label(lang)]
    lines += [f"  {g.board:>3}  {names[g.white_id]:<30} - {names[g.black_id]}"
              + (f"  {format_game_result(g.result, state.event.discipline)}" if g.result else "")
              for g in result.round.games]
    exempt = "EXEMPT" if state.event.system.is_round_robin else "bye"
    lines += [f"       {names[b.player_id]:<30} {exempt if b.kind.value == 'pab' else b.kind.value}"
              for b in result.round.byes]
    _emit(args, round_to_dict(result.round, state), "\n".join(lines))


def cmd_request_bye(args: argparse.Namespace, lang: str) -> None:
    with EventSession.open(args.file) as session:
        print(request_bye(session, args.round, args.player, args.kind).label(lang))


def cmd_unpair(args: argparse.Namespace, lang: str) -> None:
    with EventSession.open(args.file) as session:
        print(session.unpair_last_round().label(lang))


def cmd_numbers(args: argparse.Namespace, lang: str) -> None:
    with EventSession.open(args.file) as session:
        if args.lot:
            change = assign_numbers(session, "lot", seed=args.seed)
        elif args.rating:
            change = assign_numbers(session, "rating")
        else:
            manual: dict[int, int] = {}
            for item in args.set:
                pid, _, number = item.partition("=")
                if not pid.isdigit() or not number.isdigit():
                    raise ValidationError(f"'{item}' is not ID=NUMBER", f"« {item} » n'est pas ID=NUMÉRO")
                manual[int(pid)] = int(number)
            change = assign_numbers(session, "manual", manual=manual)
        state = session.state()
    table = {p.id: p.pairing_number for p in state.players}
    lines = [change.label(lang)] + [f"  {p.pairing_number:>3}  {p.name}"
                                    for p in sorted(state.players, key=lambda p: p.pairing_number or 0)]
    _emit(args, table, "\n".join(lines))


def cmd_grid(args: argparse.Namespace, lang: str) -> None:
    if args.file is not None:
        with EventSession.open(args.file, readonly=True) as session:
            schedule = schedule_for(session.state())
            pdf = event_grid_pdf(session, lang=lang) if args.pdf else None
    else:
        if args.players is None:
            raise ValidationError("Give an event file or --players N", "Donnez un fichier de tournoi ou --players N")
        order: Order = "fmjd" if args.fmjd else "fide"
        schedule = RoundRobinSchedule.build(args.players, order=order, double=args.double,
                                            swap_last_two=not args.no_swap)
        pdf = None
        if args.pdf:
            from tournament_desk.printing.grid_pdf import grid_pdf

            title = f"{'Grille' if lang == 'fr' else 'Grid'} — {args.players}"
            pdf = grid_pdf(schedule, title=title, lang=lang)
    if pdf is not None:
        args.pdf.write_bytes(pdf)
    data = {"players": schedule.n, "order": schedule.order, "double": schedule.double,
            "exempt": schedule.exempt, "rounds": [[list(b) for b in r] for r in schedule.rounds]}
    _emit(args, data, format_grid(schedule, "fr" if lang == "fr" else "en"))


def cmd_undo_redo(args: argparse.Namespace, lang: str) -> None:
    with EventSession.open(args.file) as session:
        change = session.undo() if args.command == "undo" else session.redo()
    if change is None:
        raise StateError("Nothing to undo" if args.command == "undo" else "Nothing to redo",
                         "Rien à annuler" if args.command == "undo" else "Rien à rétablir")
    _emit(args, {"done": change.label_en}, change.label(lang))


COMMANDS: dict[str, Callable[[argparse.Namespace, str], None]] = {
    "new": cmd_new, "players": cmd_players, "show": cmd_show, "result": cmd_result,
    "rounds": cmd_rounds, "undo": cmd_undo_redo, "redo": cmd_undo_redo, "pair": cmd_pair,
    "unpair": cmd_unpair, "request-bye": cmd_request_bye, "numbers": cmd_numbers, "grid": cmd_grid,
    "standings": cmd_standings, "tiebreaks": cmd_tiebreaks, "rate": cmd_rate, "ratings": cmd_ratings,
    "rules": cmd_rules,
}

COMMANDS.update(EXPORT_COMMANDS)
COMMANDS.update(VARIANT_COMMANDS)
COMMANDS.update(SETTINGS_COMMANDS)

EXIT_CODES: list[tuple[type[TournamentError], int]] = [
    (EventFileError, 5), (ImportFormatError, 3), (NotFoundError, 3), (StateError, 4), (TournamentError, 3),
]


def run(argv: Sequence[str]) -> int:
    argv = list(argv)
    if argv[:1] == ["pair"] and "--dutch" in argv:
        # The engine-compatible interface other programs call: pair --dutch INPUT.trf -p [OUT] | -c
        from tournament_desk.cli.engine import main_dutch

        return main_dutch(argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    lang = detect_lang(args.lang)
    try:
        COMMANDS[args.command](args, lang)
    except TournamentError as exc:
        print(f"tournament-desk: {exc.message(lang)}", file=sys.stderr)
        return next(code for cls, code in EXIT_CODES if isinstance(exc, cls))
    except OSError as exc:
        what = "erreur de fichier" if lang == "fr" else "file error"
        print(f"tournament-desk: {what}: {exc}", file=sys.stderr)
        return 5
    return 0
