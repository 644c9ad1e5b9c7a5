"""An event begun in another program continued here: its players, rounds and results taken in ONE step.

The input speaks of the players by their place in the imported list (``0 .. n-1``, the file's pairing order):
the players get their ids here, from the core's :func:`~tournament_desk.core.actions.players.add_players`, and
every reference is then turned into those ids in one place (:func:`_ids`). The whole import is one undo step
(undone, the event is empty again) built from the same transitions as the actions it stands for: numbering,
pairs kept apart, rounds with their results, withdrawals, byes requested for the next round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from tournament_desk.core.actions import players as reg
from tournament_desk.core.actions import rounds as rnds
from tournament_desk.core.actions.step import Message, Step, chain
from tournament_desk.core.ids import PlayerId
from tournament_desk.core.model import Bye, EventState, Game, Round
from tournament_desk.core.results import GameResult, Outcome

__all__ = ["ImportedGame", "ImportedRound", "import_event"]


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """A board of an imported round: White and Black as places in the imported list."""

    board: int
    white: int
    black: int
    result: GameResult | None


@dataclass(frozen=True, slots=True)
class ImportedRound:
    """A round of the imported file: its boards, and the byes as ``(place, outcome)``."""

    number: int
    games: tuple[ImportedGame, ...]
    byes: tuple[tuple[int, Outcome], ...]


def _ids(added: Sequence[PlayerId]) -> Callable[[int], PlayerId]:
    """The one place where a place in the imported list becomes the event's player id."""
    return lambda place: added[place]


def import_event(state: EventState, entries: Sequence[Mapping[str, Any]], *, numbering: str,
                 forbidden: Sequence[tuple[int, int]], rounds: Sequence[ImportedRound],
                 withdrawals: Mapping[int, int], requests: Sequence[tuple[int, int, str]],
                 label: Message) -> Step[tuple[PlayerId, ...]]:
    """Register ``entries`` (in pairing order: the first is number 1), then, as one step, number them
    (``numbering`` says how, e.g. "TRF import"), keep ``forbidden`` pairs apart, store ``rounds`` with their
    results, withdraw the players of ``withdrawals`` (``place -> first round missed``), and record ``requests``
    (``(round, place, hpb|fpb|zpb)``). The payload is the new players' ids, in the order of ``entries``."""
    added = reg.add_players(state, entries)
    id_of = _ids(added.payload)

    def round_of(imported: ImportedRound) -> Round:
        games = tuple(Game(imported.number, g.board, id_of(g.white), id_of(g.black), g.result)
                      for g in imported.games)
        byes = tuple(Bye(imported.number, id_of(place), kind) for place, kind in imported.byes)
        return Round(imported.number, games, byes)

    numbers: dict[int, int] = {id_of(place): place + 1 for place in range(len(entries))}  # pairing order
    steps: list[Callable[[EventState], Step[Any]]] = [
        partial(reg.set_pairing_numbers, numbers=numbers, how=numbering)]
    steps += [partial(reg.set_forbidden_pair, player_a=id_of(a), player_b=id_of(b)) for a, b in forbidden]
    steps += [partial(rnds.add_round, rnd=round_of(r)) for r in rounds]
    steps += [partial(reg.withdraw_player, player_id=id_of(place), from_round=from_round)
              for place, from_round in withdrawals.items()]
    steps += [partial(reg.request_bye, round_number=number, player_id=id_of(place), kind=kind)
              for number, place, kind in requests]
    return chain(added.state, steps, label, added.payload)
