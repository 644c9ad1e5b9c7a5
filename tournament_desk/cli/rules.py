"""CLI: ``tournament-desk rules`` (issue 12): the event's rule settings, and the rules document.

Registered by :mod:`tournament_desk.cli.main` (``add_rules_parser(sub)``; ``"rules": cmd_rules`` in
``COMMANDS``). Same conventions as main.py: ``--json`` prints JSON on stdout, errors are
:class:`TournamentError` with both languages (main.py prints them and picks the exit code).

    tournament-desk rules EVENT.tdesk [--json] [--all]      the settings that apply to the event (--all: every
                                                             one), each with its current value and section
    tournament-desk rules EVENT.tdesk --set KEY=VALUE [...]  change settings: all of them as ONE undoable
                                                             action, or none when one is wrong
    tournament-desk rules --doc                              the rules document (what each rule and setting
                                                             means, and the documents it comes from)
    tournament-desk rules --doc --path [--json]              where that document is installed
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tournament_desk.cli.output import emit as _emit
from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import msg
from tournament_desk.services.rules import current_rule_settings, rules_doc_path, set_rule_settings
from tournament_desk.services.session import EventSession


def add_rules_parser(subparsers: Any) -> None:
    """Register ``rules`` on the subparsers of main.py's parser."""
    r = subparsers.add_parser("rules",
                              help="show or change the event's rule settings (rules --doc prints what each means)")
    r.add_argument("file", type=Path, nargs="?", help="the event file (not needed with --doc)")
    r.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="change a setting (repeatable: all of them as one undoable action, none if one is "
                        "wrong), e.g. tiebreaks.edition=fide2023")
    r.add_argument("--doc", action="store_true",
                   help="print the rules document: each rule, the document it comes from, its setting")
    r.add_argument("--path", action="store_true", help="with --doc: print only where the document is installed")
    r.add_argument("--all", action="store_true",
                   help="every setting, also those of other disciplines and rating systems (default: only the "
                        "settings that apply to the event)")
    r.add_argument("--json", action="store_true")



def _pair(item: str) -> tuple[str, str]:
    key, sep, value = item.partition("=")
    if not sep or not key.strip():
        raise ValidationError(msg("'{item}' is not KEY=VALUE", item=item))
    return key.strip(), value.strip()


def cmd_rules(args: argparse.Namespace, lang: str) -> None:
    if args.doc:
        path = rules_doc_path()
        if not path.exists():
            raise ValidationError(msg("The rules document is not in this installation ({path})", path=path))
        if args.path or args.json:
            _emit(args, {"path": str(path), "exists": True}, str(path))
            return
        print(path.read_text(encoding="utf-8").rstrip("\n"))
        return
    if args.file is None:
        raise ValidationError(msg("Give an event file (or --doc)"))
    pairs = [_pair(item) for item in args.set]
    with EventSession.open(args.file, readonly=not pairs) as session:
        if pairs:
            change = set_rule_settings(session, pairs)
            if not args.json:
                print(change.label(lang))
        values = current_rule_settings(session, applicable=not args.all)
    data = {"settings": [v.to_dict() for v in values], "doc": str(rules_doc_path())}
    lines = [msg("Rule settings (what each means: tournament-desk rules --doc):").text(lang)]
    for v in values:
        s = v.setting
        mark = "" if v.stored else " " + msg("(default)").text(lang)
        shown = v.value or "—"
        lines.append(f"  {s.key:<26} {shown}{mark}")
        if v.not_understood is not None:
            lines.append("      " + msg("the file holds '{text}', which this version does not understand (written "
                                        "by a newer version): {value} applies", text=v.not_understood,
                                        value=shown).text(lang))
        lines.append(f"      {s.label(lang)} — {s.describe(v.value, lang)}")
        lines.append("      " + msg("values: {allowed}; {section}", allowed=s.allowed(lang),
                                    section=s.section(lang)).text(lang))
    _emit(args, data, "\n".join(lines))
