"""Swiss (FIDE Dutch) use-cases over an event: check the last round against the rules.

Pairing is :func:`tournament_desk.services.pairing.pair_next` (the one entry for every system); a bye requested
in advance is the operation :class:`~tournament_desk.core.operations.RequestBye`. The rules live in
:mod:`tournament_desk.core.actions.swiss` (the engine fed from the event, pairing numbers, requested byes,
acceleration) and :mod:`tournament_desk.core.pairing.checker`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tournament_desk.core.actions import swiss as core_swiss
from tournament_desk.core.errors import PairingError, StateError
from tournament_desk.core.ids import PlayerId
from tournament_desk.core.model import ByeRequest
from tournament_desk.core.pairing import swiss_state as sw
from tournament_desk.core.pairing.checker import Severity, Violation, check_round
from tournament_desk.core.results import Outcome
from tournament_desk.services.session import EventSession

__all__ = ["RoundIssue", "check_last_round"]


def check_last_round(session: EventSession) -> list[RoundIssue]:
    """Check the last round (engine-made or edited by hand) against the Dutch rules."""
    state = session.state()
    if not state.rounds:
        return []
    number = state.last_round
    rnd = state.round(number)
    requested = {b.player_id: b.kind for b in rnd.byes if b.kind in (Outcome.HALF_BYE, Outcome.FULL_BYE,
                                                                        Outcome.ZERO_BYE)}
    as_requested = replace(state, requests=tuple(ByeRequest(number, pid, kind) for pid, kind in requested.items()))
    try:
        data = core_swiss.dutch_input(as_requested, number, core_swiss.initial_colour(state))
    except StateError as exc:
        raise PairingError(exc.msg) from exc
    pab = next((data.number_of[PlayerId(b.player_id)] for b in rnd.byes if b.kind is Outcome.PAIRING_BYE), None)
    boards = tuple(sw.Board(data.number_of[PlayerId(g.white_id)], data.number_of[PlayerId(g.black_id)])
                   for g in rnd.games)
    return [RoundIssue(v, tuple(data.id_of[n] for n in v.players))
            for v in check_round(data.state, sw.RoundPairing(boards, pab))]


@dataclass(frozen=True, slots=True)
class RoundIssue:
    """A rule the round breaks, with the players concerned as the event's ids (the checker's ``Violation``
    names them by pairing number)."""

    violation: Violation
    player_ids: tuple[PlayerId, ...]

    @property
    def code(self) -> str:
        return self.violation.code

    @property
    def severity(self) -> Severity:
        return self.violation.severity

    def text(self, lang: str = "en") -> str:
        return self.violation.text(lang)
