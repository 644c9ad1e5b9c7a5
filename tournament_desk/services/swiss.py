"""Swiss (FIDE Dutch) use-cases over an event: request byes, pair the next round, check the last one.

The rules live in :mod:`tournament_desk.core.actions.swiss` (the engine fed from the event, pairing numbers,
requested byes, acceleration) and :mod:`tournament_desk.core.actions.players`; this module draws the lot the
rules ask for (the initial colour, C.04.3 Art.5.2), stores, and returns what changed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from tournament_desk.core.actions import swiss as core_swiss
from tournament_desk.core.actions.players import initial_order_key
from tournament_desk.core.errors import PairingError, StateError
from tournament_desk.core.ids import PlayerId
from tournament_desk.core.messages import Msg
from tournament_desk.core.model import ByeRequest, Round
from tournament_desk.core.pairing import swiss_state as sw
from tournament_desk.core.pairing.checker import Severity, Violation, check_round
from tournament_desk.core.results import Outcome
from tournament_desk.services.session import Change, EventSession

__all__ = ["RoundIssue", "SwissPairResult", "check_last_round", "initial_order_key", "pair_next_dutch_round",
           "request_bye", "requested_byes"]


def requested_byes(session: EventSession, round_number: int) -> dict[int, Outcome]:
    """``player id -> bye`` requested for ``round_number``."""
    return session.state().requests_for(round_number)


def request_bye(session: EventSession, round_number: int, player_id: int, kind: str | None) -> Change:
    """Record in advance that a player will not play ``round_number`` (hpb, fpb or zpb; ``none`` cancels)."""
    return session.request_bye(round_number, player_id, None if kind in (None, "none") else kind)


@dataclass(frozen=True, slots=True)
class SwissPairResult:
    change: Change
    round: Round
    explanations: dict[int, Msg]
    """board -> why it was made (floats, colour preferences): catalogue messages."""

    def explanation(self, board: int, lang: str = "en") -> str:
        found = self.explanations.get(board)
        return found.text(lang) if found is not None else ""


def pair_next_dutch_round(session: EventSession) -> SwissPairResult:
    """Pair the next round of a Swiss event with the FIDE Dutch engine and store it (one action: pairing
    numbers, the initial colour drawn by lot when round 1 is paired, and the round)."""
    drawn = random.SystemRandom().choice(("white", "black"))
    number = session.state().last_round + 1
    change = session.apply(lambda s: core_swiss.pair_dutch_round(s, drawn_colour=drawn),
                           backup=f"before-round-{number}")
    rnd = session.state().round(number)
    detail: core_swiss.DutchPairing = change.detail
    return SwissPairResult(change, rnd, dict(detail.explanations))


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
