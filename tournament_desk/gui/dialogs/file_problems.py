"""What the window tells the arbiter when the event file itself is the problem (docs/event-file.md, "For the GUI"):
another window has it open for writing, it is damaged, the disk is full, it was moved or deleted while open.

The storage errors carry the facts (who holds the lock and since when, what is wrong in the file, the newest good
backup); these functions turn them into short messages in the window's language, written for the person at the
arbiters' table rather than for a log.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tournament_desk.core.formatting import format_datetime
from tournament_desk.core.messages import Msg
from tournament_desk.gui.i18n import Translator

SHOWN_PROBLEMS = 3
"""How many of a damaged file's problems the message lists (the rest are counted)."""


def _moment(value: object, lang: str) -> str:
    """The lock owner's ``since`` (ISO text) as the language writes a date and time; as written when unreadable."""
    if isinstance(value, dt.datetime):
        return format_datetime(value, lang, seconds=False)
    try:
        return format_datetime(dt.datetime.fromisoformat(str(value)), lang, seconds=False)
    except ValueError:
        return str(value or "?")


def lock_owner_text(t: Translator, path: Path, owner: dict[str, Any] | None) -> str:
    """Who has the event open for writing (machine, user, process, since when), as one sentence."""
    name = Path(path).name
    if not owner:
        return t("{name} is already open for writing in another tournament_desk window.", name=name)
    host, pid, since = owner.get("host") or "?", owner.get("pid") or "?", _moment(owner.get("since"), t.lang)
    user = owner.get("user")
    if user:
        return t("{name} is already open for writing on {host} by {user} (process {pid}) since {since}.",
                 name=name, host=host, user=user, pid=pid, since=since)
    return t("{name} is already open for writing on {host} (process {pid}) since {since}.",
             name=name, host=host, pid=pid, since=since)


def lock_offer_text(t: Translator, path: Path, owner: dict[str, Any] | None) -> str:
    """The lock refusal and the offer to open read-only."""
    return "\n\n".join((lock_owner_text(t, path, owner),
                        t("Open it read-only? This window will show what is saved there as it is saved, "
                          "but nothing can be changed from it.")))


def problem_text(problem: object, lang: str) -> str:
    """One problem of a damaged file (a catalogue message) in ``lang``."""
    return problem.text(lang) if isinstance(problem, Msg) else str(problem)


def damaged_text(t: Translator, path: Path, problems: Sequence[object], backup: Any | None) -> str:
    """What is wrong in a damaged event file (the first few problems) and what can be done."""
    lines = [t("{name} is damaged; nothing was changed in it. What is wrong:", name=Path(path).name)]
    lines += [f"• {problem_text(p, t.lang)}" for p in problems[:SHOWN_PROBLEMS]]
    if len(problems) > SHOWN_PROBLEMS:
        lines.append(t("• and {n} other problem(s)", n=len(problems) - SHOWN_PROBLEMS))
    if backup is None:
        lines += ["", t("No good backup of this event was found.")]
    else:
        lines += ["", t("Restore the newest good backup, taken {when}? The damaged file is kept beside the event.",
                        when=_moment(backup.taken, t.lang))]
    return "\n".join(lines)


def restored_text(t: Translator, backup: Any, kept: Path | None) -> str:
    when = _moment(backup.taken, t.lang)
    if kept is None:
        return t("The backup taken {when} was restored.", when=when)
    return t("The backup taken {when} was restored; the damaged file is kept as {kept}.", when=when, kept=kept.name)


def disk_full_text(t: Translator, folder: Path | None) -> str:
    """The disk is full: what was lost (only the action just done) and what to do."""
    if folder is None:
        first = t("The disk is full: what you just did was not saved. Everything entered before it is safe.")
    else:
        first = t("The disk holding {folder} is full: what you just did was not saved. Everything entered before "
                  "it is safe.", folder=folder)
    return "\n\n".join((first, t("Free some space (delete or move files), then do it again.")))


def vanished_text(t: Translator, path: Path) -> str:
    return "\n\n".join((
        t("{path} was moved, renamed or deleted while it was open.", path=path),
        t("Nothing entered so far is lost. Choose where to save the event: it continues there, with what you "
          "just did."),
    ))


def not_saved_text(t: Translator) -> str:
    return t("The event is not saved: what you just did was not recorded. The window keeps what was entered "
             "before; your next change asks again where to save it.")


def close_unsaved_text(t: Translator, path: Path) -> str:
    return "\n\n".join((
        t("{path} is no longer where it was opened (moved, renamed or deleted).", path=path),
        t("Save the event elsewhere before closing? Otherwise what it holds may be lost."),
    ))
