"""CLI for other programs' files.

* ``tournament-desk new EVENT --from-trf FILE [--rounds N]``: an event continued from another program
  (``cli/main.py``'s ``new`` calls :func:`cmd_new_from_trf`; the work is
  :func:`tournament_desk.services.trf_io.import_event_from_trf`).
* ``--columns licence=LABEL,rating=LABEL`` of ``ratings import`` / ``ratings check``: the columns of a rating
  list whose header this program does not know; remembered per file layout (see
  :mod:`tournament_desk.services.rating_lists`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import msg
from tournament_desk.formats.rating_list import MAPPABLE_FIELDS, RatingList
from tournament_desk.services.rating_lists import load_rating_list
from tournament_desk.services.session import EventSession
from tournament_desk.services.trf_io import import_event_from_trf

__all__ = ["add_columns_argument", "cmd_new_from_trf", "import_list", "parse_columns"]

BIG_LIST = 5_000_000
"""Bytes from which a list is read for the registered players only (a federation's whole list): its other
rows are counted, not listed."""


def add_columns_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--columns", metavar="FIELD=LABEL,...",
                        help="the list's columns when its header is not recognised, e.g. "
                             "'licence=Matricule,rating=Elo Std' (fields: " + ", ".join(MAPPABLE_FIELDS)
                             + "); remembered for lists with the same header")


def parse_columns(text: str | None) -> dict[str, str] | None:
    """``licence=Matricule,rating=Elo Std`` -> {"licence": "Matricule", "rating": "Elo Std"}."""
    if not text:
        return None
    out: dict[str, str] = {}
    for item in text.split(","):
        field_name, sep, label = item.partition("=")
        field_name, label = field_name.strip(), label.strip()
        if not sep or not label or field_name not in MAPPABLE_FIELDS:
            raise ValidationError(
                msg("'{item}' is not FIELD=LABEL with a field among {mappable_fields}", item=item,
                    mappable_fields=', '.join(MAPPABLE_FIELDS)))
        out[field_name] = label
    return out


def import_list(path: Path, columns: dict[str, str] | None, session: EventSession) -> RatingList:
    """The list for ``ratings import``: a big one only for the registered players."""
    players = session.players() if path.stat().st_size >= BIG_LIST else None
    return load_rating_list(path, columns=columns, players=players)


def cmd_new_from_trf(args: argparse.Namespace, lang: str) -> None:
    """Create ``args.file`` from ``args.from_trf`` (``--name`` and ``--rounds`` override the file's)."""
    result = import_event_from_trf(args.file, args.from_trf, name=args.name, rounds=args.rounds,
                                   boards=getattr(args, "boards", None))
    if getattr(args, "json", False):
        print(json.dumps({"file": str(result.path), "players": result.players, "rounds": result.rounds,
                          "pairing_numbers": {str(k): v for k, v in result.id_of.items()},
                          "warnings": list(result.warning_texts(lang))},
                         ensure_ascii=False, indent=2))
    else:
        print(result.summary(lang))
