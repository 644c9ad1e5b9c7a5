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
    message, in the user's language with :meth:`message`), and ``rule``, the document and article it applies
    (e.g. ``FIDE Handbook B.02 (2024) §1.1``)."""

    code: str
    level: str
    msg: Msg
    rule: str

    def __init__(self, code: str, level: str, message: Msg, rule: str = "") -> None:
        """``HomologationCheck(code, level, msg(...), rule=...)``."""
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "msg", message)
        object.__setattr__(self, "rule", rule)

    @property
    def en(self) -> str:
        return self.msg.text("en")

    @property
    def fr(self) -> str:
        return self.msg.text("fr")

    def message(self, lang: str = "en") -> str:
        return self.msg.text(lang)


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
