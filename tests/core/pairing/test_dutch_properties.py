"""Property test: random tournaments paired round after round by the Dutch engine stay legal."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_desk.core.pairing.checker import Severity, check_round
from tournament_desk.core.pairing.dutch import NoValidPairingError, pair_dutch
from tournament_desk.core.pairing.swiss_state import (
    ByeKind,
    Colour,
    Outcome,
    PlayerState,
    RoundEntry,
    SwissState,
)

_FLIP = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN, Outcome.DRAW: Outcome.DRAW}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 14), rounds=st.integers(1, 5), seed=st.integers(0, 10_000))
def test_random_tournaments_stay_legal(n: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    history: dict[int, list[RoundEntry]] = {i: [] for i in range(1, n + 1)}
    for played in range(rounds):
        absent = {i for i in history if rng.random() < 0.1}
        for i in absent:
            history[i].append(RoundEntry(None, None, Outcome.DRAW, False, ByeKind.HALF))
        players = tuple(PlayerState(i, tuple(history[i])) for i in history)
        state = SwissState(players=players, rounds_played=played, total_rounds=rounds, initial_colour=Colour.WHITE)
        present = sorted(p.id for p in players if state.is_present(p))
        try:
            pairing = pair_dutch(state)
        except NoValidPairingError:
            return  # legitimate in tiny fields late in the event
        ids = pairing.paired_ids()
        assert sorted(ids) == present  # every present player exactly once
        errors = [v for v in check_round(state, pairing) if v.severity is Severity.ERROR]
        assert not errors, errors
        for board in pairing.boards:
            roll = rng.random()
            outcome = Outcome.WIN if roll < 0.4 else Outcome.DRAW if roll < 0.7 else Outcome.LOSS
            forfeit = rng.random() < 0.05
            played_game = not forfeit
            if forfeit and outcome is Outcome.DRAW:
                outcome = Outcome.WIN
            history[board.white].append(RoundEntry(board.black, Colour.WHITE, outcome, played_game))
            history[board.black].append(RoundEntry(board.white, Colour.BLACK, _FLIP[outcome], played_game))
        if pairing.bye is not None:
            history[pairing.bye].append(RoundEntry(None, None, Outcome.WIN, False, ByeKind.PAB))
