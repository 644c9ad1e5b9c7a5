"""CLI for events continued from another program: ``tournament-desk new EVENT --from-trf FILE [--rounds N]``.

Registered by ``cli/main.py``'s ``new`` command (option ``--from-trf``); the work is
:func:`tournament_desk.services.trf_io.import_event_from_trf`.
"""

from __future__ import annotations

import argparse
import json

from tournament_desk.services.trf_io import import_event_from_trf

__all__ = ["cmd_new_from_trf"]


def cmd_new_from_trf(args: argparse.Namespace, lang: str) -> None:
    """Create ``args.file`` from ``args.from_trf`` (``--name`` and ``--rounds`` override the file's)."""
    result = import_event_from_trf(args.file, args.from_trf, name=args.name, rounds=args.rounds)
    if getattr(args, "json", False):
        print(json.dumps({"file": str(result.path), "players": result.players, "rounds": result.rounds,
                          "pairing_numbers": {str(k): v for k, v in result.id_of.items()},
                          "warnings": [fr if lang == "fr" else en for en, fr in result.warnings]},
                         ensure_ascii=False, indent=2))
    else:
        print(result.summary(lang))
