"""Reading a rating list for an event: column mappings remembered per file layout, big lists streamed.

* :func:`load_rating_list` reads a list for the players of an event: with ``players``, only their rows are
  kept (FIDE's combined list, 1.9 million lines, reads in seconds and in bounded memory), ``progress``
  reports (bytes read, total bytes) for a progress bar, and ``columns`` names the columns of a header this
  program does not know. A mapping given once is remembered for that file layout (its header labels), in
  ``column_mappings.json`` of the user's configuration folder (platformdirs; ``TDESK_CONFIG_DIR`` replaces
  it), and applied the next time a list with the same header is read.
* :func:`list_header` gives the header's labels and the fields read from them, for a mapping dialog:
  a :class:`ListHeader`, whose labels the dialog maps to :data:`MAPPABLE_FIELDS` (both re-exported from
  ``formats.rating_list``: the GUI does not import ``formats``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from platformdirs import user_config_dir

from tournament_desk.core.model import Player
from tournament_desk.formats.rating_list import (
    MAPPABLE_FIELDS,
    ListHeader,
    Progress,
    RatingList,
    RatingListFilter,
    read_header,
    read_rating_list,
)

__all__ = ["MAPPABLE_FIELDS", "ListHeader", "config_dir", "list_header", "load_rating_list", "remember_mapping",
           "remembered_mapping"]

_FILE = "column_mappings.json"


def config_dir() -> Path:
    """The user's configuration folder (``TDESK_CONFIG_DIR`` when set)."""
    override = os.environ.get("TDESK_CONFIG_DIR", "").strip()
    return Path(override) if override else Path(user_config_dir("tournament-desk", appauthor=False))


def _load() -> dict[str, dict[str, str]]:
    try:
        data = json.loads((config_dir() / _FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): {str(f): str(label) for f, label in v.items()} for k, v in data.items() if isinstance(v, dict)}


def remembered_mapping(header: ListHeader) -> dict[str, str] | None:
    """The mapping remembered for this header's layout, if any."""
    return _load().get(header.signature)


def remember_mapping(header: ListHeader, columns: Mapping[str, str]) -> None:
    """Remember ``columns`` (field -> header label) for lists with this header (written atomically)."""
    data = _load()
    data[header.signature] = dict(columns)
    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f"{_FILE}.tmp"
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(tmp, folder / _FILE)


def list_header(source: Path | str | bytes, columns: Mapping[str, str] | None = None) -> ListHeader:
    """The header of a list with the fields read from it: ``columns``, else the mapping remembered for its
    layout, else the automatic recognition."""
    header = read_header(source)
    if columns is None and not header.complete:
        remembered = remembered_mapping(header)
        if remembered:
            return read_header(source, remembered)
    return read_header(source, columns) if columns else header


def player_filter(players: Iterable[Player]) -> RatingListFilter:
    """The ids of the registered players, to keep only their rows of a list."""
    players = list(players)
    return RatingListFilter(licences=frozenset(p.licence_id.strip().upper() for p in players if p.licence_id),
                            fide_ids=frozenset(p.fide_id.strip() for p in players if p.fide_id),
                            fmjd_ids=frozenset(p.fmjd_id.strip() for p in players if p.fmjd_id))


def load_rating_list(source: Path | str | bytes, *, columns: Mapping[str, str] | None = None,
                     players: Iterable[Player] | None = None, progress: Progress | None = None,
                     remember: bool = True) -> RatingList:
    """Read a list (see the module documentation). ``columns`` given and ``remember``: the mapping is kept
    for the next list with the same header."""
    header = read_header(source)
    mapping = dict(columns) if columns else None
    if mapping is None and not header.complete:
        mapping = remembered_mapping(header)
    wanted = player_filter(players) if players is not None else None
    result = read_rating_list(source, columns=mapping, wanted=wanted, progress=progress)
    if columns and remember:
        remember_mapping(header, columns)
    return result
