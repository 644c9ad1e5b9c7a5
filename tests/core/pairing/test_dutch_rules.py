"""Small hand-made cases for the Dutch engine, each citing the article it checks."""

from __future__ import annotations

import pytest

from tournament_desk.core.pairing.dutch import NoValidPairingError, pair_dutch
from tournament_desk.core.pairing.dutch_model import build_players
from tournament_desk.core.pairing.swiss_state import (
    ByeKind,
    Colour,
    Outcome,
    PlayerState,
    RoundEntry,
    SwissState,
)
from tournament_desk.formats.trf import loads, to_swiss_state


def _line(pid: int, points: float, *blocks: str) -> str:
    head = f"001 {pid:4d}      Test{pid:04d} Player{pid:04d}               {2800 - pid:4d}"
    head = head.ljust(80) + f"{points:4.1f} {pid:4d}"
    return (head + "".join("  " + b.ljust(8) for b in blocks)).rstrip()


def _pair(lines: list[str], rounds: int, colour: str = "white1"):
    text = "\n".join(["012 Rules test", *lines, f"XXR {rounds}", f"XXC {colour}"]) + "\n"
    return pair_dutch(to_swiss_state(loads(text)))


def _game(opp: int, colour: Colour, outcome: Outcome, played: bool = True) -> RoundEntry:
    return RoundEntry(opp, colour, outcome, played)


def test_round_one_top_half_meets_bottom_half_with_initial_colour() -> None:
    # C.04.3 Art.3.2/3.3 (S1 vs S2) and Art.5.2.5 (odd TPN of the higher player gets the initial colour)
    res = _pair([_line(i, 0, "") for i in range(1, 5)], 5)
    assert set(res.pairs()) == {(1, 3), (4, 2)}
    res = _pair([_line(i, 0, "") for i in range(1, 5)], 5, "black1")
    assert set(res.pairs()) == {(3, 1), (2, 4)}


def test_round_one_odd_field_gives_bye_to_last_player() -> None:
    # C.04.1 Art.3 (PAB) and C.04.3 Art.2.3.1 (C5: lowest score), last in order receives it
    res = _pair([_line(i, 0, "") for i in range(1, 6)], 5)
    assert res.bye == 5
    assert len(res.boards) == 2


def test_no_rematch() -> None:
    # C.04.3 Art.2.1.1 (C1): 1-2 and 3-4 met in round 1, the winners meet but not again
    lines = [_line(1, 1, "   2 w 1"), _line(2, 0, "   1 b 0"), _line(3, 1, "   4 w 1"), _line(4, 0, "   3 b 0")]
    res = _pair(lines, 5)
    pairs = {frozenset(p) for p in res.pairs()}
    assert pairs == {frozenset((1, 3)), frozenset((2, 4))}


def test_forfeit_is_not_a_meeting() -> None:
    # C.04.2 Art.3.5: a forfeited game does not count as played; the two may meet again
    lines = [_line(1, 1, "   2 w +"), _line(2, 0, "   1 b -")]
    res = _pair(lines, 3)
    assert {frozenset(p) for p in res.pairs()} == {frozenset((1, 2))}


def test_rematch_only_leaves_no_valid_pairing() -> None:
    # C.04.3 Art.1.9: no complete pairing satisfies C1, the engine refuses
    lines = [_line(1, 1, "   2 w 1"), _line(2, 0, "   1 b 0")]
    with pytest.raises(NoValidPairingError, match="arbiter"):
        _pair(lines, 3)


def test_pab_not_given_twice() -> None:
    # C.04.1 Art.4 / C.04.3 Art.2.1.2 (C2): player 3 already had the PAB and is not eligible again
    lines = [_line(1, 1, "   2 w 1"), _line(2, 0, "   1 b 0"), _line(3, 1, "0000 - U")]
    res = _pair(lines, 3)
    assert res.bye == 2
    assert set(res.pairs()) == {(3, 1)} or set(res.pairs()) == {(1, 3)}


def test_full_point_bye_blocks_pab_but_half_point_bye_does_not() -> None:
    # C.04.1 Art.4 (2026): scoring a win's points without playing (F, +, PAB) blocks the PAB; H does not
    def bye(kind: ByeKind, outcome: Outcome) -> PlayerState:
        return PlayerState(1, (RoundEntry(None, None, outcome, False, kind),))

    state = SwissState(players=(bye(ByeKind.FULL, Outcome.WIN),), rounds_played=1, total_rounds=3)
    assert not build_players(state)[0][0].eligible_for_bye
    state = SwissState(players=(bye(ByeKind.HALF, Outcome.DRAW),), rounds_played=1, total_rounds=3)
    assert build_players(state)[0][0].eligible_for_bye
    lines = [_line(1, 1, "   2 w 1"), _line(2, 0, "   1 b 0"), _line(3, 1, "0000 - F")]
    assert _pair(lines, 3).bye == 2


def _none(n: int) -> tuple[RoundEntry, ...]:
    return (RoundEntry(None, None, Outcome.LOSS, False, ByeKind.ZERO),) * n


def test_same_absolute_preference_never_meet() -> None:
    # C.04.3 Art.2.1.3 (C3): 1 and 2 both had White twice: they must both get Black, so cannot meet
    w, b = Colour.WHITE, Colour.BLACK
    players = (
        PlayerState(1, (_game(3, w, Outcome.WIN), _game(4, w, Outcome.WIN))),
        PlayerState(2, (_game(4, w, Outcome.WIN), _game(3, w, Outcome.WIN))),
        PlayerState(3, (_game(1, b, Outcome.LOSS), _game(2, b, Outcome.LOSS))),
        PlayerState(4, (_game(2, b, Outcome.LOSS), _game(1, b, Outcome.LOSS))),
        *(PlayerState(i, _none(2)) for i in range(5, 9)),
    )
    res = pair_dutch(SwissState(players=players, rounds_played=2, total_rounds=5))
    pairs = {frozenset(p) for p in res.pairs()}
    assert frozenset((1, 2)) not in pairs
    assert frozenset((3, 4)) not in pairs
    for white, black in res.pairs():
        assert white not in (1, 2) and black not in (3, 4)  # absolute preferences are granted


def test_topscorers_may_share_absolute_preference_in_last_round() -> None:
    # C.04.3 Art.1.8 + Art.2.1.3: in the last round C3 does not protect topscorers (1 and 2, both WW)
    w, b = Colour.WHITE, Colour.BLACK
    d = Outcome.DRAW
    players = (
        PlayerState(1, (_game(3, w, Outcome.WIN), _game(4, w, Outcome.WIN))),
        PlayerState(2, (_game(5, w, Outcome.WIN), _game(6, w, Outcome.WIN))),
        PlayerState(3, (_game(1, b, Outcome.LOSS), _game(5, w, d))),
        PlayerState(4, (_game(6, w, d), _game(1, b, Outcome.LOSS))),
        PlayerState(5, (_game(2, b, Outcome.LOSS), _game(3, b, d))),
        PlayerState(6, (_game(4, b, d), _game(2, b, Outcome.LOSS))),
    )
    res = pair_dutch(SwissState(players=players, rounds_played=2, total_rounds=3))
    pairs = {frozenset(p) for p in res.pairs()}
    assert frozenset((1, 2)) in pairs
    assert frozenset((5, 6)) not in pairs  # non-topscorers keep the C3 protection


def test_absent_players_are_not_paired() -> None:
    # Requested byes (H/F/Z in the round to pair) and the absent set are left out
    lines = [_line(1, 0, "0000 - H"), _line(2, 0, ""), _line(3, 0, ""), _line(4, 0, "")]
    text = "\n".join(["012 t", *lines, "XXR 3", "XXC white1"]) + "\n"
    state = to_swiss_state(loads(text), 1)
    res = pair_dutch(state)
    assert 1 not in res.paired_ids()
    assert res.bye is not None
    res = pair_dutch(SwissState(players=state.players, rounds_played=0, total_rounds=3, absent=frozenset({2})))
    assert 2 not in res.paired_ids()


def test_bbp_dutch_2025_c5_bye_to_lowest_score() -> None:
    # C.04.3 Art.2.3.1 (C5), bbpPairings test dutch_2025_C5: the 0-point player gets the PAB
    lines = [
        _line(1, 2, "   4 w 1", "   2 b 1"),
        _line(2, 1, "   5 b 1", "   1 w 0"),
        _line(3, 2, "   6 w 1", "   4 b 1"),
        _line(4, 0, "   1 b 0", "   3 w 0", "0000 - Z"),
        _line(5, 1, "   2 w 0", "   6 b 1"),
        _line(6, 0, "   3 b 0", "   5 w 0"),
    ]
    res = _pair(lines, 3)
    assert set(res.pairs()) == {(1, 5), (3, 2)}
    assert res.bye == 6


def test_bbp_dutch_2025_c9_bye_to_player_without_unplayed_games() -> None:
    # C.04.3 Art.2.4.4 (C9), bbpPairings test dutch_2025_C9: 5 missed round 1, so 4 gets the PAB
    lines = [
        _line(1, 1, "   3 w 1"),
        _line(2, 1, "   4 b 1"),
        _line(3, 0, "   1 b 0"),
        _line(4, 0, "   2 w 0"),
        _line(5, 0, "0000 - Z"),
    ]
    res = _pair(lines, 3)
    assert set(res.pairs()) == {(2, 1), (3, 5)}
    assert res.bye == 4


def test_colour_alternates_and_preference_explained() -> None:
    # C.04.3 Art.5.2.1: both preferences granted; the board explanation says so
    lines = [_line(1, 1, "   3 w 1"), _line(2, 1, "   4 b 1"), _line(3, 0, "   1 b 0"), _line(4, 0, "   2 w 0")]
    res = _pair(lines, 5)
    top = res.boards[0]
    assert {top.white, top.black} == {1, 2}
    assert top.white == 2 and top.preference_granted == {2: True, 1: True}


def test_unsupported_edition() -> None:
    state = SwissState(players=(PlayerState(1), PlayerState(2)), rounds_played=0, total_rounds=3)
    with pytest.raises(ValueError, match="edition"):
        pair_dutch(state, edition="2017")
