"""Where event files go by default (platformdirs: the user's documents folder on every platform), and what the
files an event writes are called (:func:`document_name`)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from platformdirs import user_documents_dir

from tournament_desk.core.messages import Msg, pmsg
from tournament_desk.core.model import EventState
from tournament_desk.i18n import LANGUAGES
from tournament_desk.storage.db import SUFFIX
from tournament_desk.storage.peek import EventSummary, peek_event

EVENTS_FOLDER = pmsg("folder", "Tournament Desk")
"""The name of the folder of events in the user's documents, in the user's language ("Tournois" in French)."""


def events_folder(lang: str = "en") -> Path:
    """``<Documents>/Tournament Desk`` (``Tournois`` in French), created if needed; the folder of another
    language when only that one exists (the events of a user who changed language stay where they are)."""
    documents = Path(user_documents_dir())
    folder = documents / EVENTS_FOLDER.text(lang)
    if not folder.is_dir():
        existing = [documents / EVENTS_FOLDER.text(other) for other in LANGUAGES
                    if (documents / EVENTS_FOLDER.text(other)).is_dir()]
        folder = existing[0] if existing else folder
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def new_event_path(folder: Path | None = None, stem: str | None = None, *, today: dt.date | None = None) -> Path:
    """A file name that does not exist yet: ``tournoi-2026-11-22.tdesk``, then ``-2``, ``-3``..."""
    folder = folder or events_folder()
    stem = stem or f"tournoi-{(today or dt.date.today()).isoformat()}"
    candidate = folder / f"{stem}{SUFFIX}"
    n = 2
    while candidate.exists():
        candidate = folder / f"{stem}-{n}{SUFFIX}"
        n += 1
    return candidate


def describe_event_files(paths: list[Path]) -> list[EventSummary]:
    """The event files among ``paths`` that still exist and are events, with their name, players and rounds
    (for the start screen's recent events), in the order given."""
    return [s for s in (peek_event(p) for p in paths) if s is not None]


WINDOWS_RESERVED = frozenset({"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$",
                              *(f"{port}{n}" for port in ("COM", "LPT") for n in "0123456789\u00b9\u00b2\u00b3")})
"""Names Windows gives to devices: a file named so, with any extension (``con.tdesk``, ``Nul.backup.tdesk``) and in
any case, cannot be created (Microsoft's "Naming Files, Paths, and Namespaces")."""


def safe_file_stem(name: str) -> str:
    """An event name as a file name on every system: the characters no file system accepts are replaced by ``-``,
    leading and trailing spaces and dots are dropped (Windows drops trailing ones itself), and a name Windows
    reserves for a device (``CON``, ``NUL``, ``COM1``... ``LPT9``, before the first dot, in any case) gets a
    ``tournoi-`` prefix."""
    cleaned = "".join("-" if c in '<>:"/\\|?*' or ord(c) < 32 else c for c in name).strip(" .")[:80].strip(" .")
    if not cleaned:
        return "tournoi"
    if cleaned.split(".")[0].rstrip(" ").upper() in WINDOWS_RESERVED:
        return f"tournoi-{cleaned}"
    return cleaned


def _document_words(key: str, number: int) -> Msg:
    """What a document's file is called after the event's name (``Open de Lyon - <this>.pdf``)."""
    words = {
        "pairings": pmsg("file name", "pairings round {round}", round=number),
        "slips": pmsg("file name", "result slips round {round}", round=number),
        "standings": pmsg("file name", "standings after round {round}", round=number),
        "crosstable": pmsg("file name", "crosstable after round {round}", round=number),
        "wallchart": pmsg("file name", "wallchart after round {round}", round=number),
        "ratings": pmsg("file name", "rating preview"),
        "bracket": pmsg("file name", "top-cut bracket"),
        "grid": pmsg("file name", "round-robin grid"),
        "team-slips": pmsg("file name", "match sheets round {round}", round=number),
        "team-pairings": pmsg("file name", "matches round {round}", round=number),
        "team-standings": pmsg("file name", "team standings after round {round}", round=number),
        "team-crosstable": pmsg("file name", "team crosstable after round {round}", round=number),
    }
    return words[key]


def document_name(state: EventState, kind: str, round_number: int | None, lang: str) -> str:
    """``Open de Lyon - appariements ronde 3``: the name a document proposes for its file (without its suffix):
    the event's name as a file name (:func:`safe_file_stem`), the document and its round in ``lang``.
    ``kind``: ``pairings``, ``slips`` (``round_number``: the round printed), ``standings``, ``crosstable`` (the
    last round counted), ``ratings``, ``bracket``, ``grid``."""
    if state.event.is_team_event and kind in ("pairings", "slips", "standings", "crosstable"):
        key = f"team-{kind}"  # a team event prints matches, match sheets and the teams' tables
    else:
        key = "wallchart" if kind == "crosstable" and not state.event.system.is_round_robin else kind
    return f"{safe_file_stem(state.event.name)} - {safe_file_stem(_document_words(key, round_number or 0).text(lang))}"
