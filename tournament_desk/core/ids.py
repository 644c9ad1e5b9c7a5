"""The two numbers that name a player, as two types that cannot be mixed up.

* :data:`PlayerId` — the event file's stable key of a registration. It never changes, and it is what
  games, byes and requests refer to in storage and in :mod:`tournament_desk.core.model`.
* :data:`PairingNumber` — the tournament pairing number (TPN, FIDE C.04.2 Art.2): the player's rank in the
  initial order, the number the Swiss engines and the TRF speak in. It may be corrected (late entries,
  rating corrections) until round 4 is paired, so it is never a key.

Both are ``NewType`` over ``int``: free at run time, and mypy (run in CI on ``core/pairing`` and
``services``) refuses an id where a pairing number is expected and the other way round. The translation
between the two happens in one place per caller (``services.swiss.SwissInput``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NewType, Protocol

PlayerId = NewType("PlayerId", int)
"""Stable id of a registration in the event file."""

PairingNumber = NewType("PairingNumber", int)
"""Tournament pairing number (TPN), 1..n in the initial order of C.04.2 Art.2."""

TeamId = NewType("TeamId", int)
"""Stable id of a team in the event file (a team's pairing number is :attr:`core.teams.model.Team.pairing_number`,
its place in the team round robin's grid)."""

__all__ = ["PairingNumber", "PlayerId", "TeamId", "numbers_in_order"]


class _Numbered(Protocol):
    @property
    def id(self) -> int: ...

    @property
    def pairing_number(self) -> int | None: ...


def numbers_in_order(items: Iterable[_Numbered]) -> dict[int, int]:
    """The number each player or team is printed and exported with, by id: its pairing number when it has one,
    the others numbered after them in id order."""
    listed = list(items)
    numbers: dict[int, int] = {x.id: x.pairing_number for x in listed if x.pairing_number is not None}
    nxt = max(numbers.values(), default=0)
    for x in sorted(listed, key=lambda y: y.id):
        if x.id not in numbers:
            nxt += 1
            numbers[x.id] = nxt
    return numbers
