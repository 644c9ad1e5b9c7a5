"""Result codes and scoring profiles (seed 000 §4, seed 004 Kashdan, seed 002 §7)."""

from __future__ import annotations

import pytest

from tournament_desk.core.errors import ResultError, ValidationError
from tournament_desk.core.results import (
    Discipline,
    GameResult,
    Outcome,
    format_game_result,
    parse_bye,
    parse_game_result,
)
from tournament_desk.core.scoring import CHESS, DRAUGHTS, KASHDAN, profile_named, scrabble_spread


@pytest.mark.parametrize(("text", "discipline", "expected"), [
    ("1-0", Discipline.CHESS, GameResult.WHITE_WIN),
    ("½-½", Discipline.CHESS, GameResult.DRAW),
    ("1/2", Discipline.CHESS, GameResult.DRAW),
    ("0-1", Discipline.CHESS, GameResult.BLACK_WIN),
    ("+-", Discipline.CHESS, GameResult.WHITE_FORFEIT_WIN_UNEXCUSED),
    ("2-0", Discipline.DRAUGHTS, GameResult.WHITE_WIN),
    ("1-1", Discipline.DRAUGHTS, GameResult.DRAW),
    ("0-2", Discipline.DRAUGHTS, GameResult.BLACK_WIN),
    ("2fe", Discipline.DRAUGHTS, GameResult.WHITE_FORFEIT_WIN_EXCUSED),
    ("0fne", Discipline.DRAUGHTS, GameResult.BLACK_FORFEIT_WIN_UNEXCUSED),
    ("0r", Discipline.DRAUGHTS, GameResult.ZERO_BY_RULE),
    ("0d", Discipline.CHESS, GameResult.DOUBLE_FORFEIT),
])
def test_parse_notation(text: str, discipline: Discipline, expected: GameResult) -> None:
    assert parse_game_result(text, discipline) is expected


def test_draughts_notation_is_not_chess_notation() -> None:
    # "1" is a draw (remise) in draughts but a white win in chess.
    assert parse_game_result("1", Discipline.DRAUGHTS) is GameResult.DRAW
    assert parse_game_result("1", Discipline.CHESS) is GameResult.WHITE_WIN
    with pytest.raises(ResultError) as err:
        parse_game_result("2-0", Discipline.CHESS)
    assert "2-0" in err.value.message("fr") and "échecs" in err.value.message("fr")


def test_ffjd_codes_seed000_s4() -> None:
    """Seed 000 §4: each forfeit code gives the present player 2f(n)e and the absent one 0f(n)e."""
    assert GameResult.WHITE_FORFEIT_WIN_EXCUSED.outcomes() == (Outcome.FORFEIT_WIN_EXCUSED,
                                                                Outcome.FORFEIT_LOSS_EXCUSED)
    assert GameResult.BLACK_FORFEIT_WIN_UNEXCUSED.outcomes() == (Outcome.FORFEIT_LOSS_UNEXCUSED,
                                                                  Outcome.FORFEIT_WIN_UNEXCUSED)
    assert GameResult.DOUBLE_FORFEIT.outcomes() == (Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT)
    # Seed 000 §6.4: only the unexcused forfeit is rated as if played.
    assert Outcome.FORFEIT_LOSS_UNEXCUSED.counts_for_ffjd_rating
    assert not Outcome.FORFEIT_LOSS_EXCUSED.counts_for_ffjd_rating
    assert not Outcome.DOUBLE_FORFEIT.counts_for_ffjd_rating
    # C.04.2 Art.3.5: a forfeit is not a meeting.
    assert not Outcome.FORFEIT_WIN_EXCUSED.is_meeting and Outcome.DRAW.is_meeting


def test_format_in_discipline_notation() -> None:
    assert format_game_result(GameResult.DRAW, Discipline.DRAUGHTS) == "1-1"
    assert format_game_result(GameResult.DRAW, Discipline.CHESS) == "½-½"
    assert format_game_result(GameResult.WHITE_FORFEIT_WIN_EXCUSED, Discipline.DRAUGHTS) == "2fe-0fe"
    for result in GameResult:
        for discipline in (Discipline.DRAUGHTS,):
            assert parse_game_result(format_game_result(result, discipline), discipline) is result


def test_bye_codes() -> None:
    assert parse_bye("hpb") is Outcome.HALF_BYE
    assert parse_bye("Z") is Outcome.ZERO_BYE
    assert all(o.is_bye for o in (Outcome.PAIRING_BYE, Outcome.WITHDRAWN))
    with pytest.raises(ResultError):
        parse_bye("1-0")


def test_scoring_profiles() -> None:
    assert CHESS.points(Outcome.DRAW) == 0.5
    assert DRAUGHTS.points(Outcome.WIN) == 2 and DRAUGHTS.points(Outcome.DRAW) == 1
    assert DRAUGHTS.points(Outcome.FORFEIT_WIN_UNEXCUSED) == 2
    assert DRAUGHTS.points(Outcome.ZERO_BY_RULE) == 0


def test_kashdan_seed004_and_seed003_example() -> None:
    """Seed 004: win 4, draw 2, participation 1; the bye counts as a win (4).
    Seed 003 (KASHDAN): Bernard +5 =0 -4 gets 4x5 + 4 = 24; Albert +1 =8 gets 4 + 16 = 20."""
    bernard = [Outcome.WIN] * 5 + [Outcome.LOSS] * 4
    albert = [Outcome.WIN] + [Outcome.DRAW] * 8
    assert KASHDAN.total(bernard) == 24
    assert KASHDAN.total(albert) == 20
    assert KASHDAN.points(Outcome.PAIRING_BYE) == 4
    assert KASHDAN.points(Outcome.FORFEIT_LOSS_EXCUSED) == 0  # no participation without playing


def test_custom_profile_validation() -> None:
    custom = DRAUGHTS.with_points(half_bye=0)
    assert custom.name == "custom" and custom.points(Outcome.HALF_BYE) == 0
    with pytest.raises(ValidationError):
        CHESS.with_points(draw=2)
    with pytest.raises(ValidationError):
        profile_named("bridge")


def test_scrabble_spread_capped_seed002_s7() -> None:
    assert scrabble_spread(450, 300) == 100
    assert scrabble_spread(300, 450) == -100
    assert scrabble_spread(380, 350) == 30


def test_kashdan_zero_by_rule_is_a_played_game() -> None:
    """Seed 004 (participation 1 point) and seed 000 §4 (0r: 0-0 réglementaire, a game that was played)."""
    assert KASHDAN.points(Outcome.ZERO_BY_RULE) == 1
    assert KASHDAN.points(Outcome.DOUBLE_FORFEIT) == 0
