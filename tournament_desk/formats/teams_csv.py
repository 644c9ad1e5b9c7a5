"""Teams and their rosters from a CSV registration list: the players' columns of :mod:`.players_csv` and a ``team``
column (``équipe``); each team's players in board order, as the file lists them.

Every problem is reported with its line (and column); nothing is imported unless the whole file is valid.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from tournament_desk.core.errors import ImportFormatError
from tournament_desk.core.messages import msg
from tournament_desk.formats.players_csv import _decode, _key, read_players_csv, sniff_delimiter

__all__ = ["TEAM_COLUMNS", "read_teams_csv"]

TEAM_COLUMNS = ("team", "equipe", "équipe", "club_team")
"""The names a team column goes by (compared without accents or case)."""


def read_teams_csv(source: Path | str | bytes, *, rating_system: str) -> list[dict[str, Any]]:
    """One entry per team, in the order the file first names them: ``{"name": ..., "players": [fields...]}``,
    the players in board order (:class:`core.operations.ImportTeams`)."""
    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    players = read_players_csv(data, rating_system=rating_system)
    text = _decode(data)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sniff_delimiter(text))
    header = next(reader)
    wanted = {_key(name) for name in TEAM_COLUMNS}
    found = [i for i, name in enumerate(header) if _key(name) in wanted]
    if not found:
        raise ImportFormatError(msg("no team column (expected 'team' or 'équipe')"), line=1)
    column = found[0]
    names: list[str] = []
    for row in reader:
        if not any(cell.strip() for cell in row):
            continue
        name = " ".join(row[column].split()) if column < len(row) else ""
        if not name:
            raise ImportFormatError(msg("the team is empty"), line=reader.line_num, column=column + 1)
        names.append(name)
    teams: dict[str, dict[str, Any]] = {}
    for name, fields in zip(names, players, strict=True):
        key = name.casefold()
        teams.setdefault(key, {"name": name, "players": []})["players"].append(fields)
    return list(teams.values())
