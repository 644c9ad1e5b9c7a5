"""Round checker: absolute rules and quality warnings with arbiter-friendly sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.core.pairing.checker import Severity, check_round
from tournament_desk.core.pairing.dutch import pair_dutch
from tournament_desk.core.pairing.swiss_state import (
    Board,
    ByeKind,
    Colour,
    Outcome,
    PlayerState,
    RoundEntry,
    RoundPairing,
    SwissState,
)
from tournament_desk.formats.trf import read_file, to_swiss_state

DATA = Path(__file__).resolve().parents[2] / "data" / "dutch"
W, B = Colour.WHITE, Colour.BLACK


def _g(opp: int, colour: Colour, outcome: Outcome) -> RoundEntry:
    return RoundEntry(opp, colour, outcome, True)


@pytest.fixture
def state() -> SwissState:
    players = (
        PlayerState(1, (_g(3, W, Outcome.WIN), _g(2, W, Outcome.WIN))),
        PlayerState(2, (_g(4, W, Outcome.WIN), _g(1, B, Outcome.LOSS))),
        PlayerState(3, (_g(1, B, Outcome.LOSS), _g(4, B, Outcome.DRAW))),
        PlayerState(4, (_g(2, B, Outcome.LOSS), _g(3, W, Outcome.DRAW))),
        PlayerState(5, (RoundEntry(None, None, Outcome.WIN, False, ByeKind.PAB),) * 1 + (_g(6, W, Outcome.WIN),)),
        PlayerState(6, (RoundEntry(None, None, Outcome.LOSS, False, ByeKind.ZERO), _g(5, B, Outcome.LOSS))),
        PlayerState(7, (RoundEntry(None, None, Outcome.LOSS, False, ByeKind.ZERO),) * 3),
    )
    return SwissState(players=players, rounds_played=2, total_rounds=5)


def _codes(violations) -> set[str]:
    return {v.code for v in violations}


def test_engine_pairing_has_no_error(state: SwissState) -> None:
    pairing = pair_dutch(state)
    assert not [v for v in check_round(state, pairing) if v.severity is Severity.ERROR]


def test_rematch_sentence(state: SwissState) -> None:
    pairing = RoundPairing((Board(3, 1), Board(4, 2), Board(6, 5)), bye=None)
    found = [v for v in check_round(state, pairing) if v.code == "REMATCH"]
    assert found[0].message == "3 and 1 already met in round 1."
    assert found[0].text("fr") == "3 et 1 se sont déjà rencontrés à la ronde 1."
    assert found[0].text("en") == found[0].message
    assert all(v.severity is Severity.ERROR for v in found)


def test_paired_twice_missing_and_absent(state: SwissState) -> None:
    pairing = RoundPairing((Board(1, 4), Board(4, 6), Board(7, 5)), bye=None)
    codes = _codes(check_round(state, pairing))
    assert {"PAIRED_TWICE", "MISSING", "ABSENT_PAIRED"} <= codes


def test_bye_eligibility(state: SwissState) -> None:
    # 5 already received the pairing-allocated bye in round 1 (C.04.1 Art.4)
    pairing = RoundPairing((Board(1, 4), Board(3, 2)), bye=5)
    codes = _codes(check_round(state, pairing))
    assert "BYE_NOT_ELIGIBLE" in codes
    assert "MISSING" in codes  # 6 is left out


def test_same_absolute_colour_and_colour_warnings() -> None:
    players = (
        PlayerState(1, (_g(3, W, Outcome.DRAW), _g(4, W, Outcome.DRAW))),
        PlayerState(2, (_g(4, W, Outcome.DRAW), _g(3, W, Outcome.DRAW))),
        PlayerState(3, (_g(1, B, Outcome.DRAW), _g(2, B, Outcome.DRAW))),
        PlayerState(4, (_g(2, B, Outcome.DRAW), _g(1, B, Outcome.DRAW))),
    )
    state = SwissState(players=players, rounds_played=2, total_rounds=5)
    # illegal: 1 and 2 must both have Black; and 3 is given Black again
    pairing = RoundPairing((Board(1, 2), Board(4, 3)), bye=None)
    found = check_round(state, pairing)
    same = [v for v in found if v.code == "SAME_ABSOLUTE_COLOUR"]
    assert same and same[0].message == "1 and 2 both must have Black this round; they cannot meet."
    assert found[0].severity is Severity.ERROR
    assert any(v.code == "COLOUR_NOT_GRANTED" and v.players == (1,) for v in found)


def test_float_repeat_warning() -> None:
    trf = read_file(str(DATA / "swiss_020p_09r_445096324.trf"))
    state = to_swiss_state(trf, 5)
    pairing = pair_dutch(state)
    found = check_round(state, pairing)
    assert not [v for v in found if v.severity is Severity.ERROR]
    assert all(v.message.endswith(".") for v in found)


@pytest.mark.parametrize("name", ["swiss_031p_09r_173292140.trf", "swiss_025p_11r_620003613.trf"])
def test_recorded_rounds_are_legal(name: str) -> None:
    trf = read_file(str(DATA / name))
    for k in range(1, trf.rounds_in_file + 1):
        state = to_swiss_state(trf, k)
        boards, bye = [], None
        for p in trf.players:
            e = p.rounds[k - 1] if len(p.rounds) >= k else None
            if e and e.opponent is not None and e.colour == "w":
                boards.append(Board(p.start_rank, e.opponent))
            elif e and e.opponent is None and e.result == "U":
                bye = p.start_rank
        errors = [v for v in check_round(state, RoundPairing(tuple(boards), bye)) if v.severity is Severity.ERROR]
        assert not errors, (k, errors)
