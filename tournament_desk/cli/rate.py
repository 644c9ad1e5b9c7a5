"""``tournament-desk rate`` (rating preview of one event, or a period over several) and ``tournament-desk
ratings import|check`` (federation rating lists). Same conventions as ``cli/main.py``: errors are
:class:`TournamentError` subclasses that ``main.run`` prints as one line with its exit code; ``--json`` prints
JSON instead of text.

    tournament-desk rate EVENT.tdesk [--json] [--csv OUT.csv]
    tournament-desk rate --period A.tdesk B.tdesk ... --system ffjd [--ratings LIST.csv]
                         [--period-start 2026-03-01] [--json] [-o NEW.csv]
    tournament-desk ratings import EVENT.tdesk LIST.csv [--system elo-fr] [--json]
    tournament-desk ratings check LIST.csv [--json]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tournament_desk.cli.trf_cli import add_columns_argument, import_list, parse_columns
from tournament_desk.core.errors import ValidationError
from tournament_desk.core.model import RatingSystem
from tournament_desk.core.ratings import ffjd, scrabble_pl
from tournament_desk.core.ratings.common import PlayerId, PreviewRow
from tournament_desk.formats.rating_list import RatingListEntry, write_preview_csv
from tournament_desk.services.rating_lists import load_rating_list
from tournament_desk.services.ratings import (
    apply_rating_list,
    licences_of,
    parse_system,
    period_run,
    rating_preview,
)
from tournament_desk.services.session import EventSession

__all__ = ["add_rate_parser", "add_ratings_parser", "cmd_rate", "cmd_ratings"]

_SYSTEM_CHOICES = ("ffjd", "elo-fr", "fisf-pl", "scrabble-pl")


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a date (YYYY-MM-DD)") from None


def add_rate_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``rate`` on the ``add_subparsers()`` object of the main parser."""
    p = subparsers.add_parser("rate", help="rating preview of an event, or a rating period over several events")
    p.add_argument("files", type=Path, nargs="+", metavar="EVENT.tdesk")
    p.add_argument("--period", action="store_true", help="rate all the files together as one rating period")
    p.add_argument("--system", choices=_SYSTEM_CHOICES,
                   help="rating system (required with --period; default: the event's)")
    p.add_argument("--period-start", type=_date, metavar="YYYY-MM-DD",
                   help="first day of the period: every dated event must lie in it")
    p.add_argument("--ratings", type=Path, metavar="LIST.csv",
                   help="with --period: the rating list published at the period start")
    p.add_argument("--estimate", type=float, metavar="EONC",
                   help="FFJD Annex B: the organiser's estimate of the unrated players' average")
    p.add_argument("--cadence", choices=[c.value for c in ffjd.Cadence],
                   help="FFJD, one event: the series' cadence (default: from the time control)")
    p.add_argument("--kind", choices=[k.value for k in scrabble_pl.EventKind], default="th",
                   help="Scrabble: the kind of event (category, seed 002 §4)")
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
    imp.add_argument("--system", choices=[r.value for r in RatingSystem if r is not RatingSystem.NONE],
                     help="the rating system the list gives (default: the event's)")
    imp.add_argument("--json", action="store_true")
    chk = sub.add_parser("check", help="read a rating list and report what it holds, or its first error")
    chk.add_argument("list", type=Path, metavar="LIST.csv")
    chk.add_argument("--json", action="store_true")
    for command in (imp, chk):
        add_columns_argument(command)
    return p


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    if getattr(args, "json", False):
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(text)


def _num(value: float | None, digits: int = 0) -> str:
    if value is None:
        return "—"
    return f"{value:.{digits}f}"


def _row_dict(row: PreviewRow, licence: str) -> dict[str, Any]:
    return {"player_id": row.player_id, "licence": licence, "name": row.name, "rating_before": row.rating_before,
            "games_counted": row.games_counted, "expected_score": row.expected_score, "evolution": row.evolution,
            "new_rating": row.new_rating, "performance": row.performance, "note": row.note}


def _table(rows: Sequence[PreviewRow], lang: str) -> list[str]:
    fr = lang == "fr"
    head = (("Joueur", "Avant", "Parties", "Attendu", "Évol.", "Nouveau", "Perf.", "Note") if fr else
            ("Player", "Before", "Games", "Expected", "Evol.", "New", "Perf.", "Note"))
    lines = [f"{head[0]:<32} {head[1]:>6} {head[2]:>7} {head[3]:>8} {head[4]:>6} {head[5]:>7} {head[6]:>6}  {head[7]}"]
    for r in rows:
        evo = "—" if r.evolution is None else f"{r.evolution:+.0f}"
        lines.append(f"{r.name[:32]:<32} {_num(r.rating_before):>6} {r.games_counted:>7} "
                     f"{_num(r.expected_score, 1):>8} {evo:>6} {_num(r.new_rating):>7} "
                     f"{_num(r.performance):>6}  {r.note}")
    return lines


def cmd_rate(args: argparse.Namespace, lang: str) -> None:
    """``rate``: one event's preview, or (``--period``) a period over several event files."""
    if args.period:
        _rate_period(args, lang)
        return
    if len(args.files) != 1:
        raise ValidationError(
            f"{len(args.files)} event files given: rate one event, or add --period to rate them together",
            f"{len(args.files)} fichiers de tournoi donnés : calculez un seul tournoi, ou ajoutez --period "
            "pour les calculer ensemble")
    if args.ratings is not None or args.period_start is not None:
        raise ValidationError(
            "--ratings and --period-start go with --period (to update the event's players from a list, use "
            "'ratings import')",
            "--ratings et --period-start s'emploient avec --period (pour mettre à jour les joueurs du tournoi "
            "depuis une liste, utilisez « ratings import »)")
    with EventSession.open(args.files[0], readonly=True) as session:
        state = session.state()
        system = state.event.rating_system
        if args.system is not None and parse_system(args.system) is not system:
            raise ValidationError(
                f"The event is rated in '{system.value}', not '{args.system}'",
                f"Le tournoi est classé en « {system.value} » et non en « {args.system} »")
        options: dict[str, Any] = {}
        if system is not RatingSystem.FFJD and (args.estimate is not None or args.cadence is not None):
            raise ValidationError("--estimate and --cadence are FFJD options (seed 000)",
                                  "--estimate et --cadence sont des options FFJD (document 000)")
        if system is RatingSystem.FFJD:
            if args.estimate is not None:
                options["organiser_estimate"] = args.estimate
            if args.cadence is not None:
                options["cadence"] = ffjd.Cadence(args.cadence)
        elif system is RatingSystem.FISF_PL:
            options["kind"] = scrabble_pl.EventKind(args.kind)
        rows = rating_preview(session, **options)
    licences = licences_of(state)
    _write_csv(args, rows, licences)
    title = f"{state.event.name} — {system.value}"
    data = {"event": state.event.name, "system": system.value,
            "rows": [_row_dict(r, licences.get(r.player_id, "")) for r in rows]}  # type: ignore[call-overload]
    _emit(args, data, "\n".join([title, *_table(rows, lang)]))


def _write_csv(args: argparse.Namespace, rows: Sequence[PreviewRow], licences: Mapping[PlayerId, str]) -> None:
    if args.csv is not None:
        args.csv.write_text(write_preview_csv(rows, licences), encoding="utf-8")


def _rate_period(args: argparse.Namespace, lang: str) -> None:
    if args.system is None:
        raise ValidationError("--period needs --system (ffjd, elo-fr or fisf-pl)",
                              "--period demande --system (ffjd, elo-fr ou fisf-pl)")
    if args.cadence is not None:
        raise ValidationError("--cadence is for one event; in a period each event's time control decides",
                              "--cadence vaut pour un seul tournoi ; dans une période, la cadence de chaque "
                              "tournoi décide")
    estimates = {str(f): args.estimate for f in args.files} if args.estimate is not None else None
    result = period_run(args.files, args.system, args.period_start, rating_list=args.ratings,
                        organiser_estimates=estimates, scrabble_kind=scrabble_pl.EventKind(args.kind))
    rows = sorted(result.rows, key=lambda r: r.name)
    _write_csv(args, rows, result.licences)
    fr = lang == "fr"
    warnings = [w[1] if fr else w[0] for w in result.warnings]
    if result.period is not None:
        last = result.period[1] - dt.timedelta(days=1)
        span = f"{result.period[0]} – {last}" if last < dt.date.max - dt.timedelta(days=1) else \
            f"{result.period[0]} –"
    else:
        span = ""
    title = (f"{'Période' if fr else 'Period'} {result.system.value} {span}: "
             f"{len(result.events)} {'tournoi(s)' if fr else 'event(s)'}, {len(rows)} {'joueurs' if fr else 'players'}")
    data = {"system": result.system.value,
            "period": None if result.period is None else [result.period[0].isoformat(),
                                                          result.period[1].isoformat()],
            "events": list(result.events), "warnings": warnings,
            "rows": [_row_dict(r, result.licences.get(str(r.player_id), "")) for r in rows]}
    _emit(args, data, "\n".join([title, *_table(rows, lang), *(f"! {w}" for w in warnings)]))


def _entry_text(e: RatingListEntry) -> str:
    ids = " ".join(x for x in (e.licence, e.fide_id and f"FIDE {e.fide_id}", e.fmjd_id and f"FMJD {e.fmjd_id}") if x)
    return f"{e.line}: {ids} {e.name}".rstrip()


def _entry_dict(e: RatingListEntry) -> dict[str, Any]:
    return {"line": e.line, "licence": e.licence, "fide_id": e.fide_id, "fmjd_id": e.fmjd_id, "name": e.name,
            "rating": e.rating, "flags": sorted(e.flags)}


def cmd_ratings(args: argparse.Namespace, lang: str) -> None:
    """``ratings import`` (update the event's players from a list) and ``ratings check`` (read a list)."""
    fr = lang == "fr"
    columns = parse_columns(args.columns)
    if args.ratings_command == "check":
        rating_list = load_rating_list(args.list, columns=columns)
        rated = sum(1 for e in rating_list.entries if not e.unrated)
        text = (f"{len(rating_list.entries)} {'lignes' if fr else 'rows'} ({rating_list.layout}), "
                f"{rated} {'classés' if fr else 'rated'}")
        _emit(args, {"layout": rating_list.layout, "entries": [_entry_dict(e) for e in rating_list.entries]}, text)
        return
    with EventSession.open(args.file) as session:
        change = apply_rating_list(session, import_list(args.list, columns, session), system=args.system)
    lines = [change.label(lang)]
    for u in change.updated:
        lines.append(f"  {u.name:<32} {_num(u.old_rating):>6} -> {_num(u.new_rating):>6}"
                     + ((" (non classé)" if fr else " (unrated)") if u.new_unrated else ""))
    if change.unmatched:
        lines.append("Lignes sans joueur inscrit :" if fr else "Rows matching no registered player:")
        lines += [f"  {'ligne' if fr else 'line'} {_entry_text(e)}" for e in change.unmatched]
    data = {"system": change.system,
            "updated": [{"player_id": u.player_id, "name": u.name, "old_rating": u.old_rating,
                         "new_rating": u.new_rating, "unrated": u.new_unrated, "matched_by": u.matched_by,
                         "line": u.line} for u in change.updated],
            "unchanged": change.unchanged, "not_in_list": list(change.not_in_list),
            "unmatched": [_entry_dict(e) for e in change.unmatched]}
    _emit(args, data, "\n".join(lines))
