"""CLI subcommands for printed documents and the homologation bundle.

* ``tournament-desk print EVENT.tdesk {pairings,crosstable,standings,slips,ratings} [--round R] -o OUT.pdf``
  (the window's "Save as PDF" writes the same bytes: both call :func:`services.printing.document`)
* ``tournament-desk export EVENT.tdesk --bundle OUT.zip`` (or ``--pdf KIND [--round R] -o OUT.pdf``, or
  ``--trf OUT.trf [--edition 16|26]``: the event as a standalone TRF)
* ``tournament-desk verify-bundle OUT.zip`` — exit code 0 when intact and consistent, 5 when damaged,
  altered, inconsistent or incomplete.

Registered in ``cli/main.py`` by :func:`add_export_parsers`; the command functions take ``(args, lang)``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import in_languages, msg
from tournament_desk.formats.bundle import BundleError
from tournament_desk.services import printing
from tournament_desk.services.bundle import export_bundle, verify_bundle
from tournament_desk.services.session import EventSession
from tournament_desk.services.trf_io import export_event_trf

__all__ = ["DOCUMENTS", "EXPORT_COMMANDS", "add_export_parsers", "cmd_export", "cmd_print", "cmd_verify_bundle",
           "render_document"]

DOCUMENTS = ("pairings", "crosstable", "standings", "slips", "ratings")


def add_export_parsers(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register ``print``, ``export`` and ``verify-bundle`` on the main parser's subparsers."""
    p = sub.add_parser("print", help="print a document of the event as an A4 PDF")
    p.add_argument("file", type=Path)
    p.add_argument("document", choices=DOCUMENTS)
    p.add_argument("--round", type=int,
                   help="round (pairings, slips: default the last paired; standings, crosstable: after this round, "
                        "default the last with all its results in)")
    p.add_argument("-o", "--output", type=Path, required=True, help="the PDF file to write")

    e = sub.add_parser("export", help="export the homologation bundle (zip) or a PDF")
    e.add_argument("file", type=Path)
    what = e.add_mutually_exclusive_group(required=True)
    what.add_argument("--bundle", type=Path, metavar="OUT.zip", help="write the homologation bundle")
    what.add_argument("--pdf", choices=DOCUMENTS, help="write one document as PDF (with -o)")
    what.add_argument("--trf", type=Path, metavar="OUT.trf",
                      help="write the event as a FIDE Tournament Report File (rating report, other programs)")
    e.add_argument("--edition", choices=("16", "26"), default="16", help="TRF edition (with --trf; default 16)")
    e.add_argument("--round", type=int)
    e.add_argument("-o", "--output", type=Path, help="the PDF file to write (with --pdf)")
    e.add_argument("--json", action="store_true")

    v = sub.add_parser("verify-bundle", help="check a homologation bundle against its manifest (SHA-256)")
    v.add_argument("bundle", type=Path)
    v.add_argument("--json", action="store_true")


def render_document(session: EventSession, document: str, round_number: int | None, lang: str) -> bytes:
    return printing.document(session, document, round_number=round_number, lang=lang).pdf


def _write_pdf(path: Path, file: Path, document: str, round_number: int | None, lang: str) -> None:
    with EventSession.open(file, readonly=True) as session:
        pdf = render_document(session, document, round_number, lang)
    path.write_bytes(pdf)
    print(msg("PDF written: {path}", path=path).text(lang))


def cmd_print(args: argparse.Namespace, lang: str) -> None:
    _write_pdf(args.output, args.file, args.document, args.round, lang)


def cmd_export(args: argparse.Namespace, lang: str) -> None:
    if args.trf is not None:
        with EventSession.open(args.file, readonly=True) as session:
            path = export_event_trf(session, args.trf, edition=args.edition)
        if args.json:
            print(json.dumps({"trf": str(path), "edition": args.edition}))
        else:
            print(msg("TRF written: {path}", path=path).text(lang))
        return
    if args.pdf:
        if args.output is None:
            raise ValidationError(msg("--pdf needs -o OUT.pdf"))
        _write_pdf(args.output, args.file, args.pdf, args.round, lang)
        return
    with EventSession.open(args.file, readonly=True) as session:
        result = export_bundle(session, args.bundle, lang)
    if args.json:
        print(json.dumps({"bundle": str(result.path), "files": list(result.files),
                          "checks": [{"code": c.code, "level": c.level, **in_languages(c.msg),
                                      **in_languages(c.rule, "rule", english_unmarked=True)}
                                     for c in result.checks]}, ensure_ascii=False, indent=2))
    else:
        print(result.summary(lang))


def cmd_verify_bundle(args: argparse.Namespace, lang: str) -> None:
    report = verify_bundle(args.bundle)
    if args.json:
        print(json.dumps({"ok": report.ok, "checked": list(report.checked),
                          "problems": [{"kind": p.kind, "path": p.path, **in_languages(p.msg)}
                                       for p in report.problems]}, ensure_ascii=False, indent=2))
    if not report.ok:
        raise BundleError(report.summary_msg())
    if not args.json:
        print(report.summary(lang), file=sys.stdout)


EXPORT_COMMANDS: dict[str, Callable[[argparse.Namespace, str], None]] = {
    "print": cmd_print, "export": cmd_export, "verify-bundle": cmd_verify_bundle,
}
