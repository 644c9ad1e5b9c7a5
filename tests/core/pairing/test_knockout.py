"""Top cut (seed 004 L41-50): recommended sizes, bracket order, winners, drawn-game rule."""

from __future__ import annotations

import pytest

from tournament_desk.core.errors import PairingError, ValidationError
from tournament_desk.core.pairing.knockout import (
    DrawRule,
    allowed_sizes,
    bracket_order,
    build_bracket,
    match_winner,
    recommended_size,
    round_name,
)
from tournament_desk.core.results import GameResult


@pytest.mark.parametrize(("entrants", "size"), [(8, None), (15, None), (16, 4), (24, 4), (25, 8), (40, 8),
                                                 (48, 8), (49, 16), (64, 16), (65, 16), (200, 16)])
def test_recommended_size_follows_the_seed_table(entrants: int, size: int | None) -> None:
    """L42-46: <16 Swiss only, 16-24 top 4, 25-48 top 8, 49-64 top 16, 65+ top 16 (or 32)."""
    assert recommended_size(entrants) == size


def test_allowed_sizes() -> None:
    assert allowed_sizes(70) == (4, 8, 16, 32)
    assert allowed_sizes(10) == (4, 8)


def test_bracket_order_first_against_last_qualifier() -> None:
    """L48: 1 v last qualifier...; seeds of each first-round match add up to size + 1."""
    assert bracket_order(4) == (1, 4, 2, 3)
    assert bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    for size in (4, 8, 16, 32):
        order = bracket_order(size)
        assert sorted(order) == list(range(1, size + 1))
        assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
        half = size // 2
        # 1 and 2 in opposite halves: they can only meet in the final
        assert (1 in order[:half]) != (2 in order[:half])
    with pytest.raises(ValidationError):
        bracket_order(6)


def test_match_winner_and_draw_rules() -> None:
    """L49 single elimination; a draw: the higher seed advances, or a play-off result is entered."""
    assert match_winner(1, 2, GameResult.BLACK_WIN, draw_rule=DrawRule.HIGHER_SEED, higher_seed=1) == (2, "game")
    assert match_winner(1, 2, GameResult.DRAW, draw_rule=DrawRule.HIGHER_SEED, higher_seed=1) == (1, "higher-seed")
    assert match_winner(1, 2, GameResult.DRAW, draw_rule=DrawRule.PLAYOFF, higher_seed=1) == (None,
                                                                                              "pending-playoff")
    assert match_winner(1, 2, GameResult.DRAW, draw_rule=DrawRule.PLAYOFF, higher_seed=1,
                        playoff_winner=2) == (2, "playoff")
    assert match_winner(1, 2, GameResult.WHITE_FORFEIT_WIN_EXCUSED, draw_rule=DrawRule.PLAYOFF,
                        higher_seed=1) == (1, "game")
    assert match_winner(1, 2, GameResult.DOUBLE_FORFEIT, draw_rule=DrawRule.HIGHER_SEED,
                        higher_seed=1)[0] is None
    with pytest.raises(ValidationError):
        match_winner(1, 2, GameResult.DRAW, draw_rule=DrawRule.PLAYOFF, higher_seed=1, playoff_winner=9)


def test_bracket_to_a_champion() -> None:
    seeds = [101, 102, 103, 104, 105, 106, 107, 108]  # player ids, seed 1 first
    empty = build_bracket(seeds, DrawRule.HIGHER_SEED, [])
    first = empty.next_stage_pairs()
    assert first == [(101, 108), (104, 105), (102, 107), (103, 106)]
    stage1 = [(101, 108, GameResult.BLACK_WIN), (104, 105, GameResult.DRAW), (102, 107, GameResult.WHITE_WIN),
              (103, 106, GameResult.WHITE_WIN)]
    b1 = build_bracket(seeds, DrawRule.HIGHER_SEED, [stage1])
    assert [m.winner for m in b1.stages[0]] == [108, 104, 102, 103]
    assert b1.stages[0][1].decided_by == "higher-seed"
    assert b1.next_stage_pairs() == [(104, 108), (102, 103)]  # higher seed first (White)
    stage2 = [(104, 108, GameResult.BLACK_WIN), (102, 103, GameResult.BLACK_WIN)]
    b2 = build_bracket(seeds, DrawRule.HIGHER_SEED, [stage1, stage2])
    assert b2.next_stage_pairs() == [(103, 108)]
    b3 = build_bracket(seeds, DrawRule.HIGHER_SEED, [stage1, stage2, [(103, 108, GameResult.DRAW)]])
    assert b3.champion == 103 and b3.next_stage_pairs() == []
    assert round_name(1, "fr") == "Finale" and round_name(4) == "Quarter-finals"


def test_playoff_rule_waits_for_the_entry() -> None:
    seeds = [1, 2, 3, 4]
    stage1 = [(1, 4, GameResult.DRAW), (2, 3, GameResult.WHITE_WIN)]
    pending = build_bracket(seeds, DrawRule.PLAYOFF, [stage1])
    assert pending.stages[0][0].decided_by == "pending-playoff" and pending.next_stage_pairs() is None
    decided = build_bracket(seeds, DrawRule.PLAYOFF, [stage1], {(1, 1): 4})
    assert decided.next_stage_pairs() == [(2, 4)]


def test_games_outside_the_bracket_are_refused() -> None:
    with pytest.raises(PairingError, match="missing"):
        build_bracket([1, 2, 3, 4], DrawRule.HIGHER_SEED, [[(1, 2, None), (3, 4, None)]])
