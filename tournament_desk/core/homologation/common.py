"""What every homologation check shares: the check record, its levels, and small helpers over an event.

A check is a small function ``check(state) -> HomologationCheck | None`` that applies one rule of one document
and cites it (``rule``: document and article). ``None`` means the rule does not apply to this event (a Swiss-only
rule in a round robin, a rule that needs a date the event does not have is reported as ``info`` instead).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from tournament_desk.core.messages import Msg
from tournament_desk.core.model import EventState, Player
from tournament_desk.core.sources import PROGRAM_CHECK, Citation, citations_text

__all__ = [
    "EXEMPT_NAME", "Check", "HomologationCheck", "Level", "age_on", "entrants", "is_exempt", "names",
    "played_games",
]

EXEMPT_NAME = "EXEMPT"
"""Seed 000 §6.5: the player the FFJD software adds to odd fields; never an entrant."""


class Level(StrEnum):
    """How a check ends: ``ok`` (the rule is met), ``info`` (something the federation or the arbiter must know
    or check by hand), ``warning`` (the event may be refused or some games not rated), ``error`` (the rule is
    broken: the event, or the games named, cannot be homologated or rated)."""

    OK = "ok"
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


@dataclass(frozen=True, slots=True, init=False)
class HomologationCheck:
    """One check: a stable ``code``, its ``level`` (a :class:`Level` value), the finding (the catalogue's
    message, in the user's language with :meth:`message`), and ``rules``, the sections of the documents it
    applies (citations of the registry of sources, :mod:`tournament_desk.core.sources`); empty for a check that
    is the program's own consistency rule (an event needs two players), which cites no document."""

    code: str
    level: str
    msg: Msg
    rules: tuple[Citation, ...]

    def __init__(self, code: str, level: str, message: Msg,
                 rule: Citation | tuple[Citation, ...] | None = None) -> None:
        """``HomologationCheck(code, level, msg(...), rule=cite(SOURCE, "§5.2"))``."""
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "msg", message)
        object.__setattr__(self, "rules", () if rule is None else (rule,) if isinstance(rule, Citation) else rule)

    def message(self, lang: str = "en") -> str:
        return self.msg.text(lang)

    def rule(self, lang: str = "en", *, short: bool = False) -> str:
        """The documents and sections it applies, in ``lang`` (full references unless ``short``); what it is
        when it applies none (:data:`~tournament_desk.core.sources.PROGRAM_CHECK`)."""
        if not self.rules:
            return PROGRAM_CHECK.text(lang)
        return citations_text(self.rules, lang, short=short)


Check = Callable[[EventState], "HomologationCheck | None"]
"""A check function."""


def is_exempt(player: Player) -> bool:
    return player.surname.strip().upper() == EXEMPT_NAME


def entrants(state: EventState) -> list[Player]:
    """The players of the event: the EXEMPT is not one (seed 000 §5.5, §6.5)."""
    return [p for p in state.players if not is_exempt(p)]


def age_on(birth: dt.date, day: dt.date) -> int:
    """Age in whole years on ``day``."""
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


def names(players: Iterable[Player], limit: int = 12) -> str:
    """``SURNAME First, ...`` for a message, the first ``limit`` then ``… (+k)``."""
    listed = list(players)
    shown = [p.name for p in listed[:limit]]
    return ", ".join(shown) + (f", … (+{len(listed) - limit})" if len(listed) > limit else "")


def played_games(state: EventState) -> int:
    """Boards whose result is a game played over the board (no forfeit, no bye)."""
    return sum(1 for r in state.rounds for g in r.games if g.result is not None and g.result.is_played)
