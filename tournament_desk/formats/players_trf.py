"""Players from a FIDE TRF file (TRF16/TRF26 player records ``001``): the registration list of another program.

Only the registration is taken (name, sex, title, FIDE rating, federation, FIDE id, birth date); rounds in the
file are not imported. Names are written ``Surname, First name`` in TRF. A broken file raises the importer's
own :class:`ImportFormatError` with the line and column of the problem.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from tournament_desk.core.errors import ImportFormatError, TournamentError
from tournament_desk.core.model import Player, Sex
from tournament_desk.formats.trf import TrfError, loads


def _birth(text: str) -> dt.date | None:
    text = text.strip()
    for fmt in ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d"):
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None  # TRF allows a year alone or an empty field: no birth date then


def read_players_trf(source: Path | str | bytes, *, rating_system: str = "fide") -> list[dict[str, Any]]:
    """Player field dicts (for ``EventSession.add_players``) from a TRF file or its bytes."""
    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    try:
        trf = loads(data)
    except TrfError as exc:
        raise ImportFormatError(exc.message, f"TRF illisible : {exc.message}", line=exc.line,
                                column=exc.column) from None
    if not trf.players:
        raise ImportFormatError("the TRF file has no player record (001)",
                                "le fichier TRF n'a aucune ligne de joueur (001)")
    players: list[dict[str, Any]] = []
    for p in sorted(trf.players, key=lambda p: p.start_rank):
        surname, _, first = p.name.partition(",")
        fields: dict[str, Any] = {
            "surname": surname.strip(), "first_name": first.strip(),
            "sex": {"m": Sex.MALE, "w": Sex.FEMALE, "f": Sex.FEMALE}.get(p.sex.strip().lower(), Sex.UNKNOWN),
            "title": p.title.strip(),
            "federation": p.federation.strip(), "fide_id": p.fide_id.strip(), "birth_date": _birth(p.birth_date),
        }
        if p.rating:
            fields["ratings"] = ((rating_system, int(p.rating)),)
        try:
            Player(id=0, **fields)
        except TournamentError as exc:
            raise ImportFormatError(f"player {p.start_rank}: {exc.en}", f"joueur {p.start_rank} : {exc.fr}") from None
        players.append(fields)
    return players
