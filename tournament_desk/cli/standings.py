"""CLI: ``tournament-desk standings`` and ``tournament-desk tiebreaks``.

Registered by :mod:`tournament_desk.cli.main` (``add_standings_parser(sub)``; ``cmd_standings`` and
``cmd_tiebreaks`` in ``COMMANDS``). Same conventions as main.py: ``--json`` prints JSON on stdout, errors are
:class:`TournamentError` with both languages (main.py prints them and picks the exit code), warnings go to
stderr prefixed ``tournament-desk:``.

    tournament-desk standings EVENT.tdesk [--after-round R] [--tiebreaks BH,SB,...]
                              [--edition ffe-annex|fide2023|fide2026] [--json] [--csv OUT.csv]
                              [--explain PLAYER_ID CODE]
    tournament-desk tiebreaks EVENT.tdesk [--set BH,SB | --preset NAME] [--edition ...] [--json]
    tournament-desk tiebreaks [EVENT.tdesk] --list [--json]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tournament_desk.cli.output import emit as _emit
from tournament_desk.core.errors import ValidationError
from tournament_desk.core.formatting import whole_number
from tournament_desk.core.messages import in_languages, msg
from tournament_desk.core.sources import FFE_TIEBREAKS, PLATFORM, cite

if TYPE_CHECKING:
    from tournament_desk.core.tiebreaks import TieBreakWarning

# The values of core.tiebreaks.Edition and the names of core.tiebreaks.PRESETS (a test checks they agree), written
# here so that building the parser imports neither the tie-break core nor the services: `--help` stays quick.
EDITIONS = ["ffe-annex", "fide2023", "fide2026"]


def _edition(text: str) -> str:
    """An edition on the command line; ``seed003``, its name before release 0.2, still means ``ffe-annex``."""
    value = text.strip().lower()
    return "ffe-annex" if value == "seed003" else value
PRESET_NAMES = ["round-robin", "round-robin-team", "swiss-rated", "swiss-ratings-inconsistent",
                "swiss-mostly-unrated", "swiss-team", "platform", "ffjd-solkoff"]


def _codes(text: str) -> list[str]:
    return [c.strip() for c in text.split(",") if c.strip()]


def add_standings_parser(subparsers: Any) -> None:
    """Register ``standings`` and ``tiebreaks`` on the subparsers of main.py's parser."""
    s = subparsers.add_parser("standings", help="standings after any round, with tie-breaks")
    s.add_argument("file", type=Path)
    s.add_argument("--after-round", type=int, metavar="R", help="standings after round R (default: the last)")
    s.add_argument("--tiebreaks", metavar="CODES",
                   help="comma-separated tie-break codes for this listing (default: the event's list or preset)")
    s.add_argument("--edition", choices=EDITIONS, type=_edition,
                   help="how unplayed games count (default: the event's edition)")
    s.add_argument("--csv", type=Path, metavar="OUT.csv", help="also write the standings as CSV")
    s.add_argument("--explain", nargs=2, metavar=("PLAYER_ID", "CODE"),
                   help="explain one player's value of one tie-break (which opponents counted, which were cut); "
                        "a team event: TEAM CODE")
    s.add_argument("--boards", action="store_true", help="team event: each player's results by board")
    s.add_argument("--json", action="store_true")

    t = subparsers.add_parser("tiebreaks", help="show, set or list tie-breaks")
    t.add_argument("file", type=Path, nargs="?", help="the event file (not needed with --list)")
    what = t.add_mutually_exclusive_group()
    what.add_argument("--set", metavar="CODES", help="store the event's tie-breaks, comma-separated, in order "
                                                     "(empty: back to the default preset)")
    what.add_argument("--preset", choices=PRESET_NAMES, help=f"store a recommended list "
                                                                 f"({cite(FFE_TIEBREAKS, '§3')}; {cite(PLATFORM)})")
    what.add_argument("--list", action="store_true", help="every tie-break code and preset, with labels")
    t.add_argument("--edition", choices=EDITIONS, type=_edition,
                   help="with --set/--preset, or alone: store the rule edition")
    t.add_argument("--json", action="store_true")



def _warn(warnings: tuple[TieBreakWarning, ...] | list[TieBreakWarning], lang: str) -> None:
    for w in warnings:
        print(msg("tournament-desk: warning: {message}", message=w.msg).text(lang), file=sys.stderr)


def _player_id(text: str) -> int:
    number = whole_number(text)
    if number is None:
        raise ValidationError(msg("'{text}' is not a player id (a whole number)", text=text))
    return number


def cmd_standings(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.services.session import EventSession

    tiebreaks = _codes(args.tiebreaks) if args.tiebreaks is not None else None
    with EventSession.open(args.file, readonly=True) as session:
        state = session.state()
    if state.event.is_team_event:
        from tournament_desk.cli.teams import standings_for_teams

        standings_for_teams(args, state, lang)
        return
    from tournament_desk.services.standings import explain, standings  # the individual standings only

    if args.explain:
        pid, code = args.explain
        detail = explain(state, _player_id(pid), code, after_round=args.after_round, edition=args.edition)
        _emit(args, detail.to_dict(), detail.to_text(lang))
        return
    table = standings(state, after_round=args.after_round, tiebreaks=tiebreaks, edition=args.edition)
    text = table.to_text(lang)
    if args.csv is not None:
        # utf-8-sig: spreadsheets then read the accents right
        args.csv.write_text(table.to_csv(lang), encoding="utf-8-sig")
        text += "\n" + msg("CSV written: {path}", path=args.csv).text(lang)
    _emit(args, table.to_dict(), text)


def _list(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.core.tiebreaks import PRESET_LABELS, PRESETS, Edition
    from tournament_desk.services.standings import list_tiebreaks

    defs = list_tiebreaks()
    data = {
        "tiebreaks": [{"code": d.code, **in_languages(d.title), "category": d.category.value,
                       **in_languages(d.source, "source", english_unmarked=True), "adjusted": d.adjusted}
                      for d in defs],
        "parametric": ["CUM-Cn", "BH-Cn", "BH-Mn", "ARO-Cn"],
        "presets": [{"name": name, "codes": list(codes), **in_languages(PRESET_LABELS[name])}
                    for name, codes in PRESETS.items()],
        "editions": [{"code": e.value, **in_languages(e.message)} for e in Edition],
    }
    lines = [msg("Tie-breaks:").text(lang)]
    lines += [f"  {d.code:<9} {d.label(lang):<50} {d.source(lang)}" for d in defs]
    lines.append("  " + msg("{codes}: n = 1, 2, ...", codes="CUM-Cn, BH-Cn, BH-Mn, ARO-Cn").text(lang))
    lines.append(msg("Presets:").text(lang))
    lines += [f"  {name:<27} {', '.join(codes):<28} {PRESET_LABELS[name].text(lang)}"
              for name, codes in PRESETS.items()]
    lines.append(msg("Editions (unplayed games):").text(lang))
    lines += [f"  {e.value:<9} {e.label(lang)}" for e in Edition]
    _emit(args, data, "\n".join(lines))


def cmd_tiebreaks(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.core.tiebreaks import preset
    from tournament_desk.services.session import EventSession
    from tournament_desk.services.standings import effective_tiebreaks, set_tiebreaks

    if args.list:
        _list(args, lang)
        return
    if args.file is None:
        raise ValidationError(msg("Give an event file (or --list)"))
    writing = args.set is not None or args.preset is not None or args.edition is not None
    with EventSession.open(args.file, readonly=not writing) as session:
        if writing:
            current = effective_tiebreaks(session.state())
            if args.set is not None:
                codes: list[str] | tuple[str, ...] = _codes(args.set)
            elif args.preset is not None:
                codes = preset(args.preset)
            else:  # --edition alone keeps the stored list (an unset list stays unset)
                codes = current.codes if current.source == "event" else ()
            change = set_tiebreaks(session, codes, args.edition)
            _warn(change.payload.warnings, lang)
            print(change.label(lang), file=sys.stderr if args.json else sys.stdout)
        choice = effective_tiebreaks(session.state())
    data = {"codes": list(choice.codes), "edition": choice.edition.value, "source": choice.source,
            "preset": choice.preset, **in_languages(choice.why)}
    text = "\n".join([
        msg("Tie-breaks: {codes} ({reason})", codes=", ".join(choice.codes) or "—", reason=choice.why).text(lang),
        msg("Edition: {code} — {edition}", code=choice.edition.value, edition=choice.edition.message).text(lang),
    ])
    _emit(args, data, text)
