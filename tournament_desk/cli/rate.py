"""``tournament-desk rate`` (rating preview of one event, or a period over several) and ``tournament-desk
ratings import|check`` (federation rating lists). Same conventions as ``cli/main.py``: errors are
:class:`TournamentError` subclasses that ``main.run`` prints as one line with its exit code; ``--json`` prints
JSON instead of text.

    tournament-desk rate EVENT.tdesk [--json] [--csv OUT.csv] [--kind K] [--classic-b] [--players SERIES.csv]
                                     [--estimate EONC] [--cadence slow|accelerated]
    tournament-desk rate --period [A.tdesk B.tdesk ...] --system ffjd|elo-fr|fisf-pl
                         [--results PLAYED_ELSEWHERE.csv ...] [--ratings LIST.csv] [--period-start 2026-03-01]
                         [--carry-in PREVIOUS.json] [--carry-out NEXT.json] [--players SERIES.csv]
                         [--event "LABEL:kind=open,classic-b=yes,eonc=1100,cadence=slow,present=registered"]
                         [--json] [-o NEW.csv]
    tournament-desk ratings import EVENT.tdesk LIST.csv [--system elo-fr] [--json]
    tournament-desk ratings check LIST.csv [--json]

The modules behind the commands (services, storage, numpy) are imported when a command runs, not when the
parser is built: ``tournament-desk --help`` stays quick.
"""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tournament_desk.cli.output import emit as _emit
from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import Msg, msg, pmsg
from tournament_desk.core.sources import FFJD_RCN, FISF_PL, cite

if TYPE_CHECKING:
    from tournament_desk.core.ratings.common import PreviewRow, RatedKey
    from tournament_desk.formats.rating_list import RatingListEntry
    from tournament_desk.services.ratings import EventInputs

__all__ = ["add_rate_parser", "add_ratings_parser", "cmd_rate", "cmd_ratings", "parse_event_inputs"]

_SYSTEM_CHOICES = ("ffjd", "elo-fr", "fisf-pl", "scrabble-pl", "fide")
# The values of core.ratings.ffjd.Cadence / Present and scrabble_pl.EventKind (a test checks they agree):
# written here so that building the parser imports nothing heavy.
CADENCES = ("slow", "accelerated")
PRESENT = ("counted-game", "registered")
EVENT_KINDS = ("world", "national", "open", "th", "regional-masters", "departmental-masters", "clap-pap")
_RATING_SYSTEMS = ("fide", "elo-fr", "ffjd", "fmjd", "fisf-pl")


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a date (YYYY-MM-DD)") from None


def add_rate_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``rate`` on the ``add_subparsers()`` object of the main parser."""
    p = subparsers.add_parser("rate", help="rating preview of an event, or a rating period over several events")
    p.add_argument("files", type=Path, nargs="*", metavar="EVENT.tdesk")
    p.add_argument("--period", action="store_true", help="rate all the events together as one rating period")
    p.add_argument("--system", choices=_SYSTEM_CHOICES,
                   help="rating system (required with --period; default: the event's)")
    p.add_argument("--period-start", type=_date, metavar="YYYY-MM-DD",
                   help="first day of the period: every dated event must lie in it")
    p.add_argument("--ratings", type=Path, metavar="LIST.csv",
                   help="with --period: the rating list published at the period start (NC: unrated)")
    p.add_argument("--results", type=Path, action="append", default=[], metavar="RESULTS.csv",
                   help="with --period: results of events played elsewhere, one game (or, Scrabble, one final "
                        "place) a row; repeatable")
    p.add_argument("--carry-in", type=Path, metavar="PREVIOUS.json",
                   help="with --period: what the previous period left (FFJD pending players, Elo archives, "
                        "Scrabble last PL and date)")
    p.add_argument("--carry-out", type=Path, metavar="NEXT.json",
                   help="with --period: write what this period leaves to the next one")
    p.add_argument("--players", type=Path, metavar="PLAYERS.csv",
                   help="Scrabble: licence, duplicate series (PL*), date of the last classique event")
    p.add_argument("--event", action="append", default=[], metavar="LABEL:KEY=VALUE,...",
                   help="with --period: inputs of one event (its file as given, RESULTS.csv#EVENT or its name): "
                        "kind, classic-b, eonc, cadence, present; repeatable")
    p.add_argument("--estimate", type=float, metavar="EONC",
                   help="FFJD Annex B: the organiser's estimate of the unrated players' average (every event)")
    p.add_argument("--cadence", choices=CADENCES,
                   help="FFJD, one event: the series' cadence (default: the event's setting, else its time control)")
    p.add_argument("--kind", choices=EVENT_KINDS,
                   help=f"Scrabble: the kind of event (category, {cite(FISF_PL, '§4')}); default: the event's "
                        "setting, else th")
    p.add_argument("--classic-b", action="store_true",
                   help=f"Scrabble, one event: a TH Classique B (CT 0.8, {cite(FISF_PL, '§7')})")
    p.add_argument("--csv", "-o", type=Path, metavar="OUT.csv", dest="csv",
                   help="also write the preview as CSV (licence, name, old rating, games, evolution, new rating, "
                        "performance, note)")
    p.add_argument("--json", action="store_true")
    return p


def add_ratings_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``ratings import`` / ``ratings check`` on the main parser's subparsers."""
    p = subparsers.add_parser("ratings", help="federation rating lists")
    sub = p.add_subparsers(dest="ratings_command", required=True)
    imp = sub.add_parser("import", help="update the registered players' ratings from a rating list")
    imp.add_argument("file", type=Path, metavar="EVENT.tdesk")
    imp.add_argument("list", type=Path, metavar="LIST.csv")
    imp.add_argument("--system", choices=_RATING_SYSTEMS,
                     help="the rating system the list gives (default: the event's)")
    imp.add_argument("--reason", help="the reason for correcting ratings once round 1 is paired: required then, "
                                      "kept in the arbiter's log")
    imp.add_argument("--json", action="store_true")
    chk = sub.add_parser("check", help="read a rating list and report what it holds, or its first error")
    chk.add_argument("list", type=Path, metavar="LIST.csv")
    chk.add_argument("--json", action="store_true")
    for command in (imp, chk):
        _add_columns_argument(command)
    return p


def _add_columns_argument(parser: argparse.ArgumentParser) -> None:
    """``--columns`` as :func:`tournament_desk.cli.trf_cli.add_columns_argument` defines it, without importing
    that module (and the services behind it) to build the parser."""
    from tournament_desk.formats.rating_list import MAPPABLE_FIELDS  # stdlib only

    parser.add_argument("--columns", metavar="FIELD=LABEL,...",
                        help="the list's columns when its header is not recognised, e.g. "
                             "'licence=Matricule,rating=Elo Std' (fields: " + ", ".join(MAPPABLE_FIELDS)
                             + "); remembered for lists with the same header")



def _num(value: float | None, digits: int = 0) -> str:
    if value is None:
        return "—"
    return f"{value:.{digits}f}"


def _row_dict(row: PreviewRow, licence: str) -> dict[str, Any]:
    return {"player_id": row.player_id, "licence": licence, "name": row.name, "rating_before": row.rating_before,
            "games_counted": row.games_counted, "score": row.score, "expected_score": row.expected_score,
            "k": row.k, "evolution": row.evolution, "new_rating": row.new_rating, "performance": row.performance,
            "note": row.note}


_HEADINGS = (pmsg("rating preview", "Player"), pmsg("rating preview", "Before"), pmsg("rating preview", "Games"),
             pmsg("rating preview", "Score"), pmsg("rating preview", "Expected"), "K",
             pmsg("rating preview", "Evol."), pmsg("rating preview", "New"), pmsg("rating preview", "Perf."),
             pmsg("rating preview", "Note"))
"""The preview table's headings (their context keeps the catalogue's other translations of these words apart)."""


def _table(rows: Sequence[PreviewRow], lang: str) -> list[str]:
    head = [h.text(lang) if isinstance(h, Msg) else h for h in _HEADINGS]
    lines = [f"{head[0]:<32} {head[1]:>6} {head[2]:>7} {head[3]:>6} {head[4]:>8} {head[5]:>5} {head[6]:>6} "
             f"{head[7]:>7} {head[8]:>6}  {head[9]}"]
    for r in rows:
        evo = "—" if r.evolution is None else f"{r.evolution:+.0f}"
        k = "—" if r.k is None else (f"{r.k:.0f}" if r.k >= 1.5 else f"{r.k:.2f}")
        lines.append(f"{r.name[:32]:<32} {_num(r.rating_before):>6} {r.games_counted:>7} {_num(r.score, 1):>6} "
                     f"{_num(r.expected_score, 2):>8} {k:>5} {evo:>6} {_num(r.new_rating):>7} "
                     f"{_num(r.performance):>6}  {r.note_text(lang)}")
    return lines


def cmd_rate(args: argparse.Namespace, lang: str) -> None:
    """``rate``: one event's preview, or (``--period``) a period over several events."""
    if args.period:
        _rate_period(args, lang)
        return
    from tournament_desk.core.model import RatingSystem
    from tournament_desk.core.ratings import ffjd, scrabble_pl
    from tournament_desk.services.ratings import licences_of, parse_preview_system, rating_preview
    from tournament_desk.services.session import EventSession

    if len(args.files) != 1:
        raise ValidationError(
            msg("{n_files} event files given: rate one event, or add --period to rate them together",
                n_files=len(args.files)))
    period_only = [name for name, given in (("--ratings", args.ratings), ("--period-start", args.period_start),
                                             ("--results", args.results), ("--carry-in", args.carry_in),
                                             ("--carry-out", args.carry_out), ("--event", args.event)) if given]
    if period_only:
        shown = ", ".join(period_only)
        raise ValidationError(
            msg("{shown} go with --period (to update the event's players from a list, use 'ratings import')",
                shown=shown))
    with EventSession.open(args.files[0], readonly=True) as session:
        state = session.state()
        system = state.event.rating_system
        if args.system is not None and parse_preview_system(args.system) is not system:
            raise ValidationError(
                msg("The event is rated in '{value}', not '{system}'", value=system.value, system=args.system))
        options: dict[str, Any] = {}
        if system is not RatingSystem.FFJD and (args.estimate is not None or args.cadence is not None):
            raise ValidationError(msg("--estimate and --cadence are options of the FFJD Capital-Points ({source})",
                                      source=cite(FFJD_RCN).message))
        if system is not RatingSystem.FISF_PL and (args.kind is not None or args.classic_b or args.players):
            raise ValidationError(msg("--kind, --classic-b and --players are options of the Scrabble cote PL "
                                      "({source})",
                                      source=cite(FISF_PL).message))
        if system is RatingSystem.FFJD:
            if args.estimate is not None:
                options["organiser_estimate"] = args.estimate
            if args.cadence is not None:
                options["cadence"] = ffjd.Cadence(args.cadence)
        elif system is RatingSystem.FISF_PL:
            if args.kind is not None:
                options["kind"] = scrabble_pl.EventKind(args.kind)
            if args.classic_b:
                options["classic_b"] = True
            if args.players is not None:  # PL* of first-timers (§2.1), returns of inactive players (§9)
                from tournament_desk.services.ratings import load_player_inputs

                given = load_player_inputs(args.players)
                by_player = {p.id: given[p.licence_id.strip().upper()] for p in state.players
                             if p.licence_id.strip() and p.licence_id.strip().upper() in given}
                options["duplicate_series"] = {pid: x.duplicate_series for pid, x in by_player.items()
                                               if x.duplicate_series is not None}
                options["last_events"] = {pid: x.last_event for pid, x in by_player.items()
                                          if x.last_event is not None}
        rows = rating_preview(session, **options)
    licences = licences_of(state)
    _write_csv(args, rows, licences)
    title = f"{state.event.name} — {system.value}"
    data = {"event": state.event.name, "system": system.value,
            "rows": [_row_dict(r, licences.get(r.player_id, "")) for r in rows]}  # type: ignore[call-overload]
    _emit(args, data, "\n".join([title, *_table(rows, lang)]))


def _write_csv(args: argparse.Namespace, rows: Sequence[PreviewRow], licences: Mapping[RatedKey, str]) -> None:
    if args.csv is not None:
        from tournament_desk.formats.rating_list import write_preview_csv

        args.csv.write_text(write_preview_csv(rows, licences), encoding="utf-8")


_INPUT_KEYS = ("kind", "classic-b", "eonc", "cadence", "present")


def parse_event_inputs(texts: Sequence[str]) -> dict[str, EventInputs]:
    """``LABEL:key=value,key=value`` (the ``--event`` option) -> {label: EventInputs}. Keys: ``kind`` (Scrabble
    kind of event), ``classic-b`` (yes/no), ``eonc`` (FFJD organiser's estimate), ``cadence`` (slow/accelerated),
    ``present`` (counted-game/registered). The label is everything before the last ``:`` that is followed by
    ``key=``."""
    from tournament_desk.core.ratings import ffjd, scrabble_pl
    from tournament_desk.services.ratings import EventInputs

    out: dict[str, EventInputs] = {}
    for text in texts:
        label, sep, spec = text.rpartition(":")
        if not sep or not label.strip() or "=" not in spec:
            raise ValidationError(
                msg("--event '{text}': write LABEL:key=value,... (keys: {input_keys})", text=text,
                    input_keys=', '.join(_INPUT_KEYS)))
        values: dict[str, Any] = {}
        for item in spec.split(","):
            key, eq, value = (x.strip() for x in item.partition("="))
            key = key.lower().replace("_", "-")
            if not eq or key not in _INPUT_KEYS:
                raise ValidationError(
                    msg("--event '{text}': '{strip}' is not key=value with a key among {input_keys}", text=text,
                        strip=item.strip(), input_keys=', '.join(_INPUT_KEYS)))
            try:
                if key == "kind":
                    values["kind"] = scrabble_pl.EventKind(value.lower())
                elif key == "classic-b":
                    if value.lower() not in ("yes", "no", "oui", "non", "1", "0"):
                        raise ValueError(value)
                    values["classic_b"] = value.lower() in ("yes", "oui", "1")
                elif key == "eonc":
                    number = float(value.replace(",", "."))
                    if not 600 <= number <= 3000:
                        raise ValueError(value)
                    values["organiser_estimate"] = number
                elif key == "cadence":
                    values["cadence"] = ffjd.Cadence(value.lower())
                else:
                    values["present"] = ffjd.Present(value.lower())
            except ValueError:
                allowed = {"kind": ", ".join(EVENT_KINDS), "classic-b": "yes, no", "eonc": "600 … 3000",
                           "cadence": ", ".join(CADENCES), "present": ", ".join(PRESENT)}[key]
                raise ValidationError(msg("--event '{text}': '{value}' is not a value of {key} ({allowed})",
                                          text=text, value=value, key=key, allowed=allowed)
                                      ) from None
        out[label.strip()] = EventInputs(**values)
    return out


def _rate_period(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.core.ratings import scrabble_pl
    from tournament_desk.services.ratings import load_carry, load_player_inputs, period_run, write_carry

    if args.system is None:
        raise ValidationError(msg("--period needs --system (ffjd, elo-fr or fisf-pl)"))
    for flag, given, key in (("--cadence", args.cadence is not None, "cadence=slow"),
                             ("--classic-b", args.classic_b, "classic-b=yes")):
        if given:
            raise ValidationError(msg("{flag} is for one event; in a period give it per event with --event "
                                      "LABEL:{key}", flag=flag, key=key))
    if not args.files and not args.results:
        raise ValidationError(msg("A period run needs event files or --results files"))
    estimates = ({str(f): args.estimate for f in args.files} if args.estimate is not None else None)
    inputs = parse_event_inputs(args.event)
    if args.estimate is not None:  # every event, results files included
        from tournament_desk.services.ratings import EventInputs, load_period_events

        for ev in load_period_events((), args.results, args.system):
            inputs.setdefault(ev.label, EventInputs(organiser_estimate=args.estimate))
    carry = load_carry(args.carry_in, args.system) if args.carry_in is not None else None
    players = load_player_inputs(args.players) if args.players is not None else None
    result = period_run(args.files, args.system, args.period_start, rating_list=args.ratings,
                        organiser_estimates=estimates,
                        scrabble_kind=scrabble_pl.EventKind(args.kind) if args.kind else None,
                        carry=carry, event_inputs=inputs, results_files=args.results, player_inputs=players)
    rows = sorted(result.rows, key=lambda r: r.name)
    _write_csv(args, rows, result.licences)
    if args.carry_out is not None:
        write_carry(result, args.carry_out)
    warnings = list(result.warning_texts(lang))
    if result.period is not None:
        last = result.period[1] - dt.timedelta(days=1)
        span = f"{result.period[0]} – {last}" if last < dt.date.max - dt.timedelta(days=1) else \
            f"{result.period[0]} –"
    else:
        span = ""
    title = msg("Period {system} {span}: {events} event(s), {players} players", system=result.system.value,
                span=span, events=len(result.events), players=len(rows)).text(lang)
    event_lines = [f"  {label}: {text}" for label, inputs_used in result.inputs.items()
                   if (text := inputs_used.describe(lang))]
    carry_line = []
    if args.carry_out is not None:
        carry_line = [msg("Carried to the next period: {count} player(s) written to {path}", count=len(result.carry),
                          path=args.carry_out).text(lang)]
    data = {"system": result.system.value,
            "period": None if result.period is None else [result.period[0].isoformat(),
                                                          result.period[1].isoformat()],
            "events": list(result.events), "warnings": warnings,
            "inputs": {label: inputs_used.describe("en") for label, inputs_used in result.inputs.items()},
            "carried": sorted(result.carry),
            "rows": [_row_dict(r, result.licences.get(str(r.player_id), "")) for r in rows]}
    _emit(args, data, "\n".join([title, *event_lines, *_table(rows, lang), *carry_line, *(f"! {w}" for w in warnings)]))


def _entry_text(e: RatingListEntry) -> str:
    ids = " ".join(x for x in (e.licence, e.fide_id and f"FIDE {e.fide_id}", e.fmjd_id and f"FMJD {e.fmjd_id}") if x)
    return f"{e.line}: {ids} {e.name}".rstrip()


def _entry_dict(e: RatingListEntry) -> dict[str, Any]:
    return {"line": e.line, "licence": e.licence, "fide_id": e.fide_id, "fmjd_id": e.fmjd_id, "name": e.name,
            "rating": e.rating, "flags": sorted(e.flags)}


def cmd_ratings(args: argparse.Namespace, lang: str) -> None:
    """``ratings import`` (update the event's players from a list) and ``ratings check`` (read a list)."""
    from tournament_desk.cli.trf_cli import import_list, parse_columns
    from tournament_desk.services.rating_lists import load_rating_list
    from tournament_desk.services.ratings import apply_rating_list
    from tournament_desk.services.session import EventSession

    columns = parse_columns(args.columns)
    if args.ratings_command == "check":
        rating_list = load_rating_list(args.list, columns=columns)
        rated = sum(1 for e in rating_list.entries if not e.unrated)
        text = msg("{rows} rows ({layout}), {rated} rated", rows=len(rating_list.entries), layout=rating_list.layout,
                   rated=rated).text(lang)
        _emit(args, {"layout": rating_list.layout, "entries": [_entry_dict(e) for e in rating_list.entries]}, text)
        return
    with EventSession.open(args.file) as session:
        session.require_reason(args.reason)
        change = apply_rating_list(session, import_list(args.list, columns, session), system=args.system)
    report = change.payload
    lines = [change.label(lang)]
    for u in report.updated:
        lines.append(f"  {u.name:<32} {_num(u.old_rating):>6} -> {_num(u.new_rating):>6}"
                     + (" " + msg("(unrated)").text(lang) if u.new_unrated else ""))
    if report.unmatched:
        lines.append(msg("Rows matching no registered player:").text(lang))
        lines += ["  " + msg("line {entry}", entry=_entry_text(e)).text(lang) for e in report.unmatched]
    data = {"system": report.system,
            "updated": [{"player_id": u.player_id, "name": u.name, "old_rating": u.old_rating,
                         "new_rating": u.new_rating, "unrated": u.new_unrated, "matched_by": u.matched_by,
                         "line": u.line} for u in report.updated],
            "unchanged": report.unchanged, "not_in_list": list(report.not_in_list),
            "unmatched": [_entry_dict(e) for e in report.unmatched]}
    _emit(args, data, "\n".join(lines))
