"""Berger round-robin tables: FMJD grids (seed 000 Annexe A) and FIDE tables (C.05 Annex 1, REFERENCE §2)."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_desk.core.errors import NotFoundError, ValidationError
from tournament_desk.core.pairing.berger import (
    CLOSED_EVENT_MAX_PLAYERS,
    RoundRobinSchedule,
    assign_by_rating,
    assign_pairing_numbers_by_lot,
    berger_rounds,
    closed_event_warnings,
    double_round_robin,
    exempt_board,
    exempt_number,
    format_grid,
    validate_manual_numbering,
)

# --------------------------------------------------------------------------- expected data (documents)

# seed 000 (FFJD "Règlement du Classement National"), Annexe A – Grilles d'appariement FMJD, transcribed
# as printed, "(white-black)" per board. Every round of every grid is legible. Four rounds were split
# across two table cells by the text extraction and are rejoined here; each is unambiguous because the
# only numbers missing from the round are the two halves of the split board:
#   10 players R5 "(3-" + "10)";  12 players R5 "(3-" + "12)";
#   14 players R4 "(1-4) (2-3)" + "(13-5) ... (14-9)";  16 players R4 "(15-" + "5) ...".
FMJD_ANNEX_A: dict[int, list[str]] = {
    2: ["(1-2)"],
    4: ["(1-4) (2-3)", "(1-2) (4-3)", "(3-1) (2-4)"],
    6: ["(1-6) (2-5) (3-4)", "(1-2) (5-3) (6-4)", "(3-1) (2-6) (4-5)", "(1-4) (2-3) (6-5)",
        "(5-1) (4-2) (3-6)"],
    8: ["(1-8) (2-7) (3-6) (4-5)", "(1-2) (7-3) (6-4) (8-5)", "(3-1) (2-8) (4-7) (5-6)",
        "(1-4) (2-3) (7-5) (8-6)", "(5-1) (4-2) (3-8) (6-7)", "(1-6) (2-5) (3-4) (8-7)",
        "(7-1) (6-2) (5-3) (4-8)"],
    10: ["(1-10) (2-9) (3-8) (4-7) (5-6)", "(1-2) (9-3) (8-4) (7-5) (10-6)", "(3-1) (2-10) (4-9) (5-8) (6-7)",
         "(1-4) (2-3) (9-5) (8-6) (10-7)", "(5-1) (4-2) (3-10) (6-9) (7-8)",  # R5 rejoined
         "(1-6) (2-5) (3-4) (9-7) (10-8)", "(7-1) (6-2) (5-3) (4-10) (8-9)", "(1-8) (2-7) (3-6) (4-5) (10-9)",
         "(9-1) (8-2) (7-3) (6-4) (5-10)"],
    12: ["(1-12) (2-11) (3-10) (4-9) (5-8) (6-7)", "(1-2) (11-3) (10-4) (9-5) (8-6) (12-7)",
         "(3-1) (2-12) (4-11) (5-10) (6-9) (7-8)", "(1-4) (2-3) (11-5) (10-6) (9-7) (12-8)",
         "(5-1) (4-2) (3-12) (6-11) (7-10) (8-9)",  # R5 rejoined
         "(1-6) (2-5) (3-4) (11-7) (10-8) (12-9)", "(7-1) (6-2) (5-3) (4-12) (8-11) (9-10)",
         "(1-8) (2-7) (3-6) (4-5) (11-9) (12-10)", "(9-1) (8-2) (7-3) (6-4) (5-12) (10-11)",
         "(1-10) (2-9) (3-8) (4-7) (5-6) (12-11)", "(11-1) (10-2) (9-3) (8-4) (7-5) (6-12)"],
    14: ["(1-14) (2-13) (3-12) (4-11) (5-10) (6-9) (7-8)", "(1-2) (13-3) (12-4) (11-5) (10-6) (9-7) (14-8)",
         "(3-1) (2-14) (4-13) (5-12) (6-11) (7-10) (8-9)",
         "(1-4) (2-3) (13-5) (12-6) (11-7) (10-8) (14-9)",  # R4 rejoined
         "(5-1) (4-2) (3-14) (6-13) (7-12) (8-11) (9-10)", "(1-6) (2-5) (3-4) (13-7) (12-8) (11-9) (14-10)",
         "(7-1) (6-2) (5-3) (4-14) (8-13) (9-12) (10-11)", "(1-8) (2-7) (3-6) (4-5) (13-9) (12-10) (14-11)",
         "(9-1) (8-2) (7-3) (6-4) (5-14) (10-13) (11-12)", "(1-10) (2-9) (3-8) (4-7) (5-6) (13-11) (14-12)",
         "(11-1) (10-2) (9-3) (8-4) (7-5) (6-14) (12-13)", "(1-12) (2-11) (3-10) (4-9) (5-8) (6-7) (14-13)",
         "(13-1) (12-2) (11-3) (10-4) (9-5) (8-6) (7-14)"],
    16: ["(1-16) (2-15) (3-14) (4-13) (5-12) (6-11) (7-10) (8-9)",
         "(1-2) (15-3) (14-4) (13-5) (12-6) (11-7) (10-8) (16-9)",
         "(3-1) (2-16) (4-15) (5-14) (6-13) (7-12) (8-11) (9-10)",
         "(1-4) (2-3) (15-5) (14-6) (13-7) (12-8) (11-9) (16-10)",  # R4 rejoined
         "(5-1) (4-2) (3-16) (6-15) (7-14) (8-13) (9-12) (10-11)",
         "(1-6) (2-5) (3-4) (15-7) (14-8) (13-9) (12-10) (16-11)",
         "(7-1) (6-2) (5-3) (4-16) (8-15) (9-14) (10-13) (11-12)",
         "(1-8) (2-7) (3-6) (4-5) (15-9) (14-10) (13-11) (16-12)",
         "(9-1) (8-2) (7-3) (6-4) (5-16) (10-15) (11-14) (12-13)",
         "(1-10) (2-9) (3-8) (4-7) (5-6) (15-11) (14-12) (16-13)",
         "(11-1) (10-2) (9-3) (8-4) (7-5) (6-16) (12-15) (13-14)",
         "(1-12) (2-11) (3-10) (4-9) (5-8) (6-7) (15-13) (16-14)",
         "(13-1) (12-2) (11-3) (10-4) (9-5) (8-6) (7-16) (14-15)",
         "(1-14) (2-13) (3-12) (4-11) (5-10) (6-9) (7-8) (16-15)",
         "(15-1) (14-2) (13-3) (12-4) (11-5) (10-6) (9-7) (8-16)"],
}

# FIDE Handbook C.05 Annex 1, Berger tables, "white-black" per board in the published board order.
# N = 8 as printed in REFERENCE §2.2; the other sizes are the Handbook rows listed as a source of
# REFERENCE §2 (Handbook text mirrored in a gambitpairing docstring), which REFERENCE §2.2 reports as
# matching the closed form for N = 4 ... 16, board order included.
FIDE_C05: dict[int, list[str]] = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
    8: ["1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3",
        "3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1"],
    10: ["1-10 2-9 3-8 4-7 5-6", "10-6 7-5 8-4 9-3 1-2", "2-10 3-1 4-9 5-8 6-7", "10-7 8-6 9-5 1-4 2-3",
         "3-10 4-2 5-1 6-9 7-8", "10-8 9-7 1-6 2-5 3-4", "4-10 5-3 6-2 7-1 8-9", "10-9 1-8 2-7 3-6 4-5",
         "5-10 6-4 7-3 8-2 9-1"],
    12: ["1-12 2-11 3-10 4-9 5-8 6-7", "12-7 8-6 9-5 10-4 11-3 1-2", "2-12 3-1 4-11 5-10 6-9 7-8",
         "12-8 9-7 10-6 11-5 1-4 2-3", "3-12 4-2 5-1 6-11 7-10 8-9", "12-9 10-8 11-7 1-6 2-5 3-4",
         "4-12 5-3 6-2 7-1 8-11 9-10", "12-10 11-9 1-8 2-7 3-6 4-5", "5-12 6-4 7-3 8-2 9-1 10-11",
         "12-11 1-10 2-9 3-8 4-7 5-6", "6-12 7-5 8-4 9-3 10-2 11-1"],
    14: ["1-14 2-13 3-12 4-11 5-10 6-9 7-8", "14-8 9-7 10-6 11-5 12-4 13-3 1-2",
         "2-14 3-1 4-13 5-12 6-11 7-10 8-9", "14-9 10-8 11-7 12-6 13-5 1-4 2-3",
         "3-14 4-2 5-1 6-13 7-12 8-11 9-10", "14-10 11-9 12-8 13-7 1-6 2-5 3-4",
         "4-14 5-3 6-2 7-1 8-13 9-12 10-11", "14-11 12-10 13-9 1-8 2-7 3-6 4-5",
         "5-14 6-4 7-3 8-2 9-1 10-13 11-12", "14-12 13-11 1-10 2-9 3-8 4-7 5-6",
         "6-14 7-5 8-4 9-3 10-2 11-1 12-13", "14-13 1-12 2-11 3-10 4-9 5-8 6-7",
         "7-14 8-6 9-5 10-4 11-3 12-2 13-1"],
    16: ["1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9", "16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2",
         "2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10", "16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3",
         "3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11", "16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4",
         "4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12", "16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5",
         "5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13", "16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6",
         "6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14", "16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7",
         "7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15", "16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8",
         "8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1"],
}


def _boards(text: str) -> list[tuple[int, int]]:
    return [(int(w), int(b)) for w, b in re.findall(r"(\d+)-(\d+)", text)]


SIZES = range(2, 41)  # n = 2 .. 40 players


def _colours(rounds: list[list[tuple[int, int]]], player: int, skip: int | None = None) -> str:
    """The player's colour string over ``rounds``; games against ``skip`` (the EXEMPT) left out."""
    out = []
    for boards in rounds:
        for white, black in boards:
            if player in (white, black) and skip not in (white, black):
                out.append("W" if player == white else "B")
    return "".join(out)


def _longest_run(colours: str) -> int:
    return max((len(list(g)) for _, g in itertools.groupby(colours)), default=0)


# --------------------------------------------------------------------------- the documents' grids


FMJD_ROUNDS = [(n, r) for n, rounds in FMJD_ANNEX_A.items() for r in range(1, len(rounds) + 1)]
FIDE_ROUNDS = [(n, r) for n, rounds in FIDE_C05.items() for r in range(1, len(rounds) + 1)]


@pytest.mark.parametrize(("n", "rnd"), FMJD_ROUNDS)
def test_fmjd_grid_matches_seed_000_annex_a(n: int, rnd: int) -> None:
    # seed 000 Annexe A: pair for pair, colour for colour, board for board.
    assert berger_rounds(n, order="fmjd")[rnd - 1] == _boards(FMJD_ANNEX_A[n][rnd - 1])


@pytest.mark.parametrize("n", sorted(FMJD_ANNEX_A))
def test_fmjd_annex_a_grids_are_complete(n: int) -> None:
    assert len(FMJD_ANNEX_A[n]) == n - 1 == len(berger_rounds(n, order="fmjd"))
    assert all(len(_boards(r)) == n // 2 for r in FMJD_ANNEX_A[n])


@pytest.mark.parametrize(("n", "rnd"), FIDE_ROUNDS)
def test_fide_table_matches_c05_annex_1(n: int, rnd: int) -> None:
    assert berger_rounds(n, order="fide")[rnd - 1] == _boards(FIDE_C05[n][rnd - 1])
    assert berger_rounds(n - 1, order="fide")[rnd - 1] == _boards(FIDE_C05[n][rnd - 1])  # "3 or 4 players"


def test_reference_example_fmjd_round_2_is_fide_round_2_reversed() -> None:
    # REFERENCE §2.2: FMJD R2 is (1-2)(7-3)(6-4)(8-5), FIDE R2 read backwards.
    assert berger_rounds(8, order="fmjd")[1] == berger_rounds(8, order="fide")[1][::-1] == _boards(
        "(1-2) (7-3) (6-4) (8-5)")


@pytest.mark.parametrize("n", SIZES)
def test_fmjd_is_fide_up_to_board_order(n: int) -> None:
    # seed 000 Annexe A vs C.05 Annex 1: same games, same colours, same round; boards by lower number.
    for fide, fmjd in zip(berger_rounds(n, order="fide"), berger_rounds(n, order="fmjd"), strict=True):
        assert sorted(fide) == sorted(fmjd)
        assert [min(b) for b in fmjd] == sorted(min(b) for b in fide)


def _milvang_iterative(size: int) -> list[list[tuple[int, int]]]:
    # REFERENCE §2.1 step 4 (Otto Milvang, "Berger explained"), written independently of the closed form.
    rounds = [[(b, size + 1 - b) for b in range(1, size // 2 + 1)]]
    for _ in range(size - 2):
        order = [p for board in rounds[-1] for p in board if p != size]
        last = order.pop()
        boards = [(last, size) if last <= size // 2 else (size, last)]
        while order:
            black, white = order.pop(), order.pop()
            boards.append((white, black))
        rounds.append(boards)
    return rounds


@pytest.mark.parametrize("n", SIZES)
def test_fide_closed_form_equals_milvang_iterative_rule(n: int) -> None:
    size = n + n % 2
    table = berger_rounds(n, order="fide")
    assert table == _milvang_iterative(size)
    # C.05 Annex 1: player N alternates colours B, W, B, W, ... on board 1.
    assert _colours(table, size) == "BW" * ((size - 1) // 2) + "B"


# --------------------------------------------------------------------------- properties, n = 2 .. 40


@pytest.mark.parametrize("order", ["fide", "fmjd"])
@pytest.mark.parametrize("n", SIZES)
def test_single_round_robin_properties(n: int, order: str) -> None:
    size = n + n % 2
    rounds = berger_rounds(n, order=order)  # type: ignore[arg-type]
    assert len(rounds) == size - 1
    for boards in rounds:  # each player (EXEMPT included) once per round
        assert sorted(p for b in boards for p in b) == list(range(1, size + 1))
    meetings = Counter(frozenset(b) for boards in rounds for b in boards)
    assert set(meetings) == {frozenset(p) for p in itertools.combinations(range(1, size + 1), 2)}
    assert set(meetings.values()) == {1}  # each pair exactly once
    ex = exempt_number(n)
    for player in range(1, n + 1):
        formal = _colours(rounds, player)
        played = _colours(rounds, player, skip=ex)
        assert abs(formal.count("W") - formal.count("B")) <= 1
        assert abs(played.count("W") - played.count("B")) <= 1
        assert len(played) == n - 1
        assert _longest_run(formal) <= 2  # REFERENCE §2.1 step 6 / §2.2


@pytest.mark.parametrize("order", ["fide", "fmjd"])
@pytest.mark.parametrize("n", SIZES)
def test_double_round_robin_with_swap(n: int, order: str) -> None:
    size = n + n % 2
    single = berger_rounds(n, order=order)  # type: ignore[arg-type]
    rounds = double_round_robin(n, order=order)  # type: ignore[arg-type]
    first, second = rounds[: size - 1], rounds[size - 1:]
    assert len(second) == size - 1
    # C.05 Annex 1: the second cycle is the table with colours reversed...
    assert second == [[(b, w) for w, b in boards] for boards in single]
    # ...and the last two rounds of the first cycle are swapped.
    expected_first = single[:-2] + single[-2:][::-1] if size > 2 else single
    assert first == expected_first
    for cycle in (first, second):
        assert Counter(frozenset(b) for boards in cycle for b in boards).most_common(1)[0][1] == 1
        assert len({frozenset(b) for boards in cycle for b in boards}) == size * (size - 1) // 2
    ex = exempt_number(n)
    for player in range(1, n + 1):
        for skip in (None, ex):  # formal colours (EXEMPT board counted) and played games only
            assert _longest_run(_colours(rounds, player, skip)) <= 2
            for cycle in (first, second):
                c = _colours(cycle, player, skip)
                assert abs(c.count("W") - c.count("B")) <= 1


def test_double_round_robin_without_swap_gives_three_in_a_row_reference_example() -> None:
    # REFERENCE §2.3 (N = 8): without the swap player 1 has B-B-B and player 5 W-W-W in rounds 7-9.
    rounds = double_round_robin(8, order="fide", swap_last_two=False)
    assert _colours(rounds[6:9], 1) == "BBB"
    assert _colours(rounds[6:9], 5) == "WWW"
    assert max(_longest_run(_colours(double_round_robin(8, order="fide"), p)) for p in range(1, 9)) == 2


# --------------------------------------------------------------------------- EXEMPT and schedule helpers


def test_exempt_for_odd_number_of_players_ffjd_6_5() -> None:
    # FFJD §6.5: an EXEMPT is added for an odd number of players; C.05: the highest number is the bye.
    assert exempt_number(8) is None and exempt_number(7) == 8
    assert berger_rounds(7, order="fmjd") == [_boards(r) for r in FMJD_ANNEX_A[8]]
    for boards in berger_rounds(7, order="fmjd"):
        index = exempt_board(7, boards)
        assert index is not None and 8 in boards[index - 1]
    assert exempt_board(8, berger_rounds(8, order="fmjd")[0]) is None


@settings(deadline=None)  # n = 40 double: ~80 rounds x 40 players of look-ups per example
@given(st.integers(2, 40), st.sampled_from(["fide", "fmjd"]), st.booleans())
def test_schedule_helpers_are_consistent(n: int, order: str, double: bool) -> None:
    sched = RoundRobinSchedule.build(n, order=order, double=double)  # type: ignore[arg-type]
    size = n + n % 2
    assert len(sched.rounds) == (size - 1) * (2 if double else 1)
    for player in range(1, size + 1):
        games = sched.games_of(player)
        assert [g.round for g in games] == list(range(1, len(sched.rounds) + 1))
        for g in games:
            opp = sched.opponent(player, g.round)
            assert sched.opponent(opp, g.round) == player
            assert {sched.colour(player, g.round), sched.colour(opp, g.round)} == {"W", "B"}
            assert sched.rounds[g.round - 1][g.board - 1] == (g.white, g.black)
            assert g.exempt == (sched.exempt in (g.white, g.black))


def test_schedule_helper_errors() -> None:
    sched = RoundRobinSchedule.build(6, order="fmjd")
    assert sched.opponent(2, 1) == 5 and sched.colour(2, 1) == "W" and sched.colour(5, 1) == "B"
    with pytest.raises(NotFoundError):
        sched.opponent(7, 1)
    with pytest.raises(NotFoundError):
        sched.colour(1, 6)
    with pytest.raises(NotFoundError):
        sched.games_of(0)


@pytest.mark.parametrize("bad", [0, 1, -4, True, 2.0, "8"])
def test_invalid_number_of_players(bad: object) -> None:
    with pytest.raises(ValidationError):
        berger_rounds(bad, order="fide")  # type: ignore[arg-type]


def test_invalid_order() -> None:
    with pytest.raises(ValidationError):
        berger_rounds(8, order="berger")  # type: ignore[arg-type]


def test_format_grid_fr_reproduces_annex_a_layout() -> None:
    text = format_grid(RoundRobinSchedule.build(8, order="fmjd"), lang="fr")
    assert "FMJD" in text and "Annexe A" in text
    assert [f"Ronde {r} : {g}" for r, g in enumerate(FMJD_ANNEX_A[8], start=1)] == [
        line for line in text.splitlines() if line.startswith("Ronde")]


def test_format_grid_states_order_exempt_and_cycles() -> None:
    fide = format_grid(RoundRobinSchedule.build(7, order="fide", double=True), lang="en")
    assert "FIDE" in fide and "C.05" in fide and "EXEMPT" in fide and "8" in fide
    # last round = C.05 table round 7 (4-8 5-3 6-2 7-1) with colours reversed
    assert "Cycle 2" in fide and "swapped" in fide and "Round 14: (8-4) (3-5) (2-6) (1-7)" in fide
    fr = format_grid(RoundRobinSchedule.build(7, order="fmjd", double=True), lang="fr")
    assert "EXEMPT" in fr and "couleurs inversées" in fr and "interverties" in fr


# --------------------------------------------------------------------------- pairing numbers


@given(st.lists(st.integers(0, 10_000), unique=True, max_size=40), st.integers())
def test_lot_is_a_reproducible_permutation(ids: list[int], seed: int) -> None:
    first = assign_pairing_numbers_by_lot(ids, seed)
    assert first == assign_pairing_numbers_by_lot(list(ids), seed)
    assert sorted(first.values()) == list(range(1, len(ids) + 1))
    assert set(first) == set(ids)


def test_lot_depends_on_the_seed() -> None:
    ids = [f"P{i}" for i in range(12)]
    draws = {tuple(assign_pairing_numbers_by_lot(ids, s).values()) for s in range(20)}
    assert len(draws) > 1
    assert assign_pairing_numbers_by_lot(ids, "open 2026") == assign_pairing_numbers_by_lot(ids, "open 2026")
    with pytest.raises(ValidationError):
        assign_pairing_numbers_by_lot(["a", "b", "a"], 1)


def test_assign_by_rating() -> None:
    players = [("z", 1500, "Zoé"), ("d", 1800, "Dan"), ("a", 1500, "abel"), ("u", None, "Ugo"),
               ("b", 1500, "Abel")]
    # highest first; equal ratings by name (case-insensitive, then exact); unrated last
    assert assign_by_rating(players) == {"d": 1, "b": 2, "a": 3, "z": 4, "u": 5}
    assert assign_by_rating([(10, 1200), (11, 1200), (9, 1300)]) == {9: 1, 10: 2, 11: 3}


@given(st.permutations([("p1", 1500, "Anne"), ("p2", 1500, "Anne"), ("p3", 1700, "Bob"), ("p4", None, "Cy")]))
def test_assign_by_rating_ignores_input_order(players: list[tuple[str, int | None, str]]) -> None:
    assert assign_by_rating(players) == {"p3": 1, "p1": 2, "p2": 3, "p4": 4}


def test_manual_numbering_validation() -> None:
    assert validate_manual_numbering({"a": 2, "b": 1, "c": 3}) == {"a": 2, "b": 1, "c": 3}
    cases = [({"a": 1, "b": 1, "c": 3}, "several players"), ({"a": 1, "b": 4, "c": 2}, "between 1"),
             ({"a": 0, "b": 1}, "between 1"), ({"a": 1, "b": True}, "between 1"),
             ({"a": 1, "b": "2"}, "between 1")]
    for bad, fragment in cases:
        with pytest.raises(ValidationError, match=fragment) as info:
            validate_manual_numbering(bad)
        assert info.value.message("fr") != info.value.message("en")


# --------------------------------------------------------------------------- homologation (FFJD §5.4)


def test_closed_event_limit_ffjd_5_4() -> None:
    assert CLOSED_EVENT_MAX_PLAYERS == 20  # "En système fermé, le nombre maximum de joueurs est de 20."
    assert closed_event_warnings(20) == [] and closed_event_warnings(3) == []
    (warning,) = closed_event_warnings(21)
    assert "21" in warning.message("en") and "20" in warning.message("en") and "§5.4" in warning.message("en")
    assert ("système fermé" in warning.message("fr") and "20" in warning.message("fr") and
            "§5.4" in warning.message("fr"))
