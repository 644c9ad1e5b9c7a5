"""CLI: event settings after creation, and players who must not meet.

Registered by :mod:`tournament_desk.cli.main` (``add_settings_parsers(sub)``; :data:`SETTINGS_COMMANDS` merged into
``COMMANDS``).

    tournament-desk settings EVENT.tdesk [--name N] [--rounds R] [--place P] [--acceleration none|baku]
                                         [--initial-colour white|black] [--tiebreaks BH,SB] [--federation FRA]
                                         [--arbiter CHIEF --arbiter DEPUTY...] [--round-dates D1,D2,...] [--json]
    tournament-desk apart EVENT.tdesk PLAYER_ID PLAYER_ID [--allow] [--json]
    tournament-desk apart EVENT.tdesk --list [--json]
    tournament-desk results EVENT.tdesk --round R BOARD=RESULT ... [--replace]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.formatting import whole_number
from tournament_desk.core.messages import msg
from tournament_desk.core.operations import RecordResults, SetForbiddenPair


def add_settings_parsers(subparsers: Any) -> None:
    s = subparsers.add_parser("settings", help="change event settings (one undoable action)")
    s.add_argument("file", type=Path)
    s.add_argument("--name")
    s.add_argument("--place")
    s.add_argument("--rounds", type=int)
    s.add_argument("--acceleration", choices=["none", "baku"],
                   help="Dutch Swiss: Baku acceleration (FIDE C.04.5.1), before round 1 is paired")
    s.add_argument("--initial-colour", choices=["white", "black"],
                   help="Dutch Swiss: colour of pairing number 1 in round 1 (default: drawn by lot)")
    s.add_argument("--tiebreaks", help="comma-separated tie-break codes, in order")
    s.add_argument("--federation", help="the host federation's FIDE code, e.g. FRA (TRF record 032)")
    s.add_argument("--arbiter", action="append",
                   help="the arbiters, chief arbiter first, then the deputies (TRF 102, 112): repeat for each")
    s.add_argument("--round-dates", metavar="DATE,DATE,...",
                   help="the date of each round, round 1 first, YYYY-MM-DD; an empty entry: not known (TRF 132)")
    s.add_argument("--json", action="store_true")
    a = subparsers.add_parser("apart", help="players who must not meet (family members, club-mates: TRF XXP)")
    a.add_argument("file", type=Path)
    a.add_argument("players", type=int, nargs="*", help="two player ids")
    a.add_argument("--allow", action="store_true", help="let them meet again")
    a.add_argument("--list", action="store_true", help="list the pairs kept apart")
    a.add_argument("--json", action="store_true")
    r = subparsers.add_parser("results", help="enter several results of one round as one action")
    r.add_argument("file", type=Path)
    r.add_argument("--round", type=int, required=True)
    r.add_argument("boards", nargs="+", help="BOARD=RESULT, e.g. 1=1-0 2=1/2 3=0-1 4=+-")
    r.add_argument("--replace", action="store_true", help="correct results already entered")
    r.add_argument("--reason", help="the reason for correcting results once the next round is paired: required "
                                    "then, kept in the arbiter's log")


def cmd_settings(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.formats.event_json import event_to_dict
    from tournament_desk.services.session import EventSession
    from tournament_desk.services.standings import store_event_settings

    values: dict[str, Any] = {}
    for name in ("name", "place", "rounds"):
        if getattr(args, name) is not None:
            values[name] = getattr(args, name)
    if args.acceleration is not None:
        values["acceleration"] = "" if args.acceleration == "none" else args.acceleration
    if args.initial_colour is not None:
        values["initial_colour"] = args.initial_colour
    if args.tiebreaks is not None:
        values["tiebreaks"] = tuple(t.strip() for t in args.tiebreaks.split(",") if t.strip())
    if args.federation is not None:
        values["federation"] = args.federation.strip().upper()
    if args.arbiter is not None:
        values["arbiters"] = tuple(a.strip() for a in args.arbiter if a.strip())
    if args.round_dates is not None:
        values["round_dates"] = _dates(args.round_dates)
    if not values:
        raise ValidationError(msg("Give at least one setting to change"))
    with EventSession.open(args.file) as session:
        change = store_event_settings(session, values)
        event = session.event
    for note in change.note_texts(lang):
        print(f"tournament-desk: {note}")
    print(json.dumps(event_to_dict(event), ensure_ascii=False, indent=2) if args.json else change.label(lang))


def _dates(text: str) -> tuple[dt.date | None, ...]:
    out: list[dt.date | None] = []
    for item in (i.strip() for i in text.split(",")):
        try:
            out.append(dt.date.fromisoformat(item) if item else None)
        except ValueError:
            raise ValidationError(msg("'{item}' is not a date (YYYY-MM-DD)", item=item[:20])) from None
    return tuple(out)


def cmd_apart(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.services.session import EventSession

    with EventSession.open(args.file, readonly=args.list) as session:
        if args.list:
            state = session.state()
            pairs = [(state.player(a), state.player(b)) for a, b in state.forbidden_pairs]
            if args.json:
                print(json.dumps([[a.id, b.id] for a, b in pairs]))
            else:
                for a, b in pairs:
                    print(f"{a.id} {a.name} — {b.id} {b.name}")
            return
        if len(args.players) != 2:
            raise ValidationError(msg("Give the ids of the two players"))
        change = session.run(SetForbiddenPair(args.players[0], args.players[1], forbidden=not args.allow))
    print(json.dumps({"apart": not args.allow, "players": args.players}) if args.json else change.label(lang))


def cmd_results(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.services.session import EventSession

    results: dict[int, str] = {}
    for item in args.boards:
        board, sep, result = item.partition("=")
        number = whole_number(board)
        if not sep or number is None or not result.strip():
            raise ValidationError(msg("'{item}' is not BOARD=RESULT (e.g. 3=1-0)", item=item))
        results[number] = result.strip()
    with EventSession.open(args.file) as session:
        session.require_reason(args.reason)
        change = session.run(RecordResults(args.round, results, replace=args.replace))
    print(change.label(lang))


SETTINGS_COMMANDS: dict[str, Callable[[argparse.Namespace, str], None]] = {
    "settings": cmd_settings, "apart": cmd_apart, "results": cmd_results,
}
