"""Free Pairings Checker (FPC) of the FIDE Dutch engine: FIDE Handbook C.04.A, A.4.

A round recorded in a tournament file (by this program or another) is checked by pairing it again from what
the file says before it — the rounds already played, the byes requested for it, who was absent — and
comparing: the same pairs with the same colours, the same player receiving the pairing-allocated bye. When the
round differs, every difference is listed and the first one is explained with the engine's own "why this
pairing?" (``explain.py``): the board the engine made instead, and the criterion (C1-C21 of C.04.3, or the
generation order of Art.4) that ruled out what the file records.

The first difference is the one met first in the engine's board order (the highest scores first, then the
pairing numbers), then a bye. :func:`check_round` is pure: the caller (``cli/engine.py``, ``pair --dutch FILE
--check-all``) builds the state of each round from the file.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from tournament_desk.core.ids import PairingNumber
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.pairing.dutch import pair_dutch
from tournament_desk.core.pairing.dutch_model import NoValidPairingError
from tournament_desk.core.pairing.swiss_state import RoundPairing, SwissState

__all__ = ["RoundCheck", "check_round"]

Pair = tuple[PairingNumber, PairingNumber]


@dataclass(frozen=True)
class RoundCheck:
    """The check of one recorded round."""

    round_number: int
    pairing: RoundPairing | None
    """The engine's pairing (None when it finds no pairing satisfying the absolute criteria)."""
    differences: tuple[Msg, ...] = ()
    """Every difference between the file and the engine, one sentence each (empty: identical)."""
    explanation: tuple[Msg, ...] = ()
    """The first difference explained: the engine's board or bye and why the file's choice was ruled out."""

    @property
    def identical(self) -> bool:
        return self.pairing is not None and not self.differences


def check_round(state: SwissState, recorded: AbstractSet[Pair], recorded_bye: PairingNumber | None) -> RoundCheck:
    """Check the round ``state.round_to_pair`` that a file records as ``recorded`` (White, Black) pairs and
    ``recorded_bye`` (the pairing-allocated bye, or None)."""
    k = state.round_to_pair
    try:
        pairing = pair_dutch(state)
    except NoValidPairingError:
        return RoundCheck(k, None, (msg("Round {round}: the engine finds no pairing that satisfies the absolute "
                                        "criteria (C.04.3 C1-C3), and the file records one.", round=k),))
    got = set(pairing.pairs())
    differences: list[Msg] = []
    for white, black in sorted(recorded - got):
        if (black, white) in got:
            differences.append(msg("Round {round}: recorded {white}-{black}, the engine gives the colours the other "
                                   "way round ({black}-{white}).", round=k, white=white, black=black))
        else:
            differences.append(msg("Round {round}: recorded {white}-{black} is not in the engine's pairing.",
                                   round=k, white=white, black=black))
    differences.extend(msg("Round {round}: the engine pairs {white}-{black} instead.", round=k, white=w, black=b)
                       for w, b in sorted(got - recorded) if (b, w) not in recorded)
    if pairing.bye != recorded_bye:
        if recorded_bye is None:
            differences.append(msg("Round {round}: no pairing-allocated bye is recorded, the engine gives it to "
                                   "{engine}.", round=k, engine=pairing.bye))
        elif pairing.bye is None:
            differences.append(msg("Round {round}: the pairing-allocated bye is recorded for {recorded}, the engine "
                                   "gives none.", round=k, recorded=recorded_bye))
        else:
            differences.append(msg("Round {round}: the pairing-allocated bye is recorded for {recorded}, the engine "
                                   "gives it to {engine}.", round=k, recorded=recorded_bye, engine=pairing.bye))
    if not differences:
        return RoundCheck(k, pairing)
    return RoundCheck(k, pairing, tuple(differences), _first_explained(state, pairing, recorded, recorded_bye))


def _first_explained(state: SwissState, pairing: RoundPairing, recorded: AbstractSet[Pair],
                     recorded_bye: PairingNumber | None) -> tuple[Msg, ...]:
    """The first difference in the engine's board order, explained (``explain.explain``)."""
    from tournament_desk.core.pairing.explain import explain

    opponent: dict[PairingNumber, PairingNumber] = {}
    for white, black in recorded:
        opponent[white], opponent[black] = black, white
    for board in pairing.boards:
        for player in board.players:
            other = board.black if player == board.white else board.white
            expected = opponent.get(player)
            if expected == other:
                if (board.white, board.black) in recorded:
                    continue
                found = explain(state, pairing, player, limit=0)
                return (msg("First difference: {white}-{black}, colours.", white=board.white, black=board.black),
                        *found.messages(),
                        msg("The colours follow C.04.3 Art.5.2: both preferences, then the stronger one, then "
                            "alternation from the last round they differed, then the higher-ranked player's "
                            "preference, then his pairing number and the initial colour."))
            if expected is None and player != recorded_bye:
                continue  # not paired in the file (absent there): listed among the differences
            found = explain(state, pairing, player, expected if expected is not None else None, limit=1)
            head = (msg("First difference: {player} meets {engine} in the engine's pairing, {recorded} in the file.",
                        player=player, engine=other, recorded=expected) if expected is not None else
                    msg("First difference: {player} has the pairing-allocated bye in the file, meets {engine} in the "
                        "engine's pairing.", player=player, engine=other))
            if expected is None and pairing.bye is not None:  # why not the bye for him: the engine's bye receiver
                found = explain(state, pairing, pairing.bye, player, limit=1)
            return (head, *found.messages())
    if pairing.bye is not None and pairing.bye != recorded_bye:
        found = explain(state, pairing, pairing.bye, recorded_bye, limit=1)
        return (msg("First difference: the pairing-allocated bye.",), *found.messages())
    return ()
