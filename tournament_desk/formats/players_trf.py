"""Players from a FIDE TRF file (TRF16/TRF26 player records ``001``): the registration list of another program.

Only the registration is taken (name, sex, title, FIDE rating, federation, FIDE id, birth date); rounds in the
file are not imported. Names are written ``Surname, First name`` in TRF. A broken file raises the importer's
own :class:`ImportFormatError` with the line and column of the problem.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from tournament_desk.core.errors import ImportFormatError, TournamentError
from tournament_desk.core.messages import Msg, msg, pmsg
from tournament_desk.core.model import Player, Sex
from tournament_desk.formats.players_csv import read_players_csv
from tournament_desk.formats.trf import TrfError, TrfPlayer, loads

__all__ = ["is_trf", "read_players_file", "read_players_trf", "trf_player_fields"]

_TRF_LINE = re.compile(r"(?:\d{3}|XX[A-Z]|BB[A-Z]|###|[A-Z]{3}) ?")
_PLAYER_LINE = re.compile(r"001 [ \d]{3}\d")


def _birth(text: str) -> dt.date | None:
    text = text.strip()
    for fmt in ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d"):
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None  # TRF allows a year alone or an empty field: no birth date then


def trf_player_fields(p: TrfPlayer, rating_system: str = "fide") -> dict[str, Any]:
    """The registration fields of one ``001`` record (``Surname, First name``; a rating of 0 is no rating)."""
    surname, _, first = p.name.partition(",")
    fields: dict[str, Any] = {
        "surname": surname.strip(), "first_name": first.strip(),
        "sex": {"m": Sex.MALE, "w": Sex.FEMALE, "f": Sex.FEMALE}.get(p.sex.strip().lower(), Sex.UNKNOWN),
        "title": p.title.strip(),
        "federation": p.federation.strip(), "fide_id": p.fide_id.strip(), "birth_date": _birth(p.birth_date),
    }
    if p.rating:
        fields["ratings"] = ((rating_system, int(p.rating)),)
    return fields


def read_players_trf(source: Path | str | bytes, *, rating_system: str = "fide") -> list[dict[str, Any]]:
    """Player field dicts (for ``EventSession.add_players``) from a TRF file or its bytes."""
    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    try:
        trf = loads(data)
    except TrfError as exc:
        raise ImportFormatError(pmsg("unreadable TRF", "{error}", error=exc.message), line=exc.line,
                                column=exc.column) from None
    if not trf.players:
        raise ImportFormatError(msg("the TRF file has no player record (001)"))
    players: list[dict[str, Any]] = []
    for p in sorted(trf.players, key=lambda p: p.start_rank):
        try:
            fields = trf_player_fields(p, rating_system)
            Player(id=0, **fields)
        except TournamentError as exc:
            raise ImportFormatError(msg("player {start_rank}: {problem}", start_rank=p.start_rank, problem=exc.msg),
                                    line=p.line or None) from None
        players.append(fields)
    return players


def is_trf(data: bytes) -> bool:
    """Whether a file's content is a TRF (TRF16, TRF26, TRF(x)), whatever its name (``.trf``, ``.trfx``,
    ``.tab``, ``.txt``...): its first non-blank line is a TRF record (``012``, ``XXR``, a ``###`` comment...,
    after an optional UTF-8 BOM) and one of its first lines is a player record ``001``. A CSV header
    (``nom;prénom;...``) never starts with three digits or a TRF code followed by a space."""
    head = data[:65536].decode("utf-8", errors="replace").lstrip("\ufeff")
    lines = [line for line in re.split(r"\r\n|\r|\n", head) if line.strip()][:400]
    if not lines or not _TRF_LINE.match(lines[0]) or (len(lines[0]) > 3 and lines[0][3] not in " \t#"):
        return False
    return any(_PLAYER_LINE.match(line) for line in lines)


def read_players_file(source: Path | str | bytes, *, rating_system: str = "fide", discipline: str | None = None,
                      warnings: list[Msg] | None = None) -> list[dict[str, Any]]:
    """Player field dicts from a registration file, TRF or CSV decided from its content (:func:`is_trf`);
    ``discipline`` and ``warnings``: a CSV's columns the event's players do not have (:func:`read_players_csv`)."""
    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    if is_trf(data):
        return read_players_trf(data, rating_system=rating_system)
    return read_players_csv(data, rating_system=rating_system, discipline=discipline, warnings=warnings)
