"""Each game's vocabulary and defaults in one profile (issue 30): the words, the result notation and its legend,
Scrabble classique's scores typed in one go, the rule settings that apply, the cote PL preview before a game."""

from __future__ import annotations

import pytest

from tournament_desk.core.actions.rounds import record_result
from tournament_desk.core.disciplines import (
    discipline_profile,
    game_result_text,
    parse_scores,
    rating_word,
    rule_areas,
)
from tournament_desk.core.errors import ResultError
from tournament_desk.core.model import Event, EventState, Game, PairingSystem, Player, RatingSystem, Round
from tournament_desk.core.ratings.from_event import scrabble_preview
from tournament_desk.core.results import Discipline, GameResult


def _state(discipline: Discipline, *, results: bool = False) -> EventState:
    players = tuple(Player(id=i, surname=name, ratings=(("fisf-pl", rating),))
                    for i, (name, rating) in enumerate((("Abel", 1803), ("Brun", 1415), ("Cros", 2250),
                                                        ("Dias", 1002)), start=1))
    games = (Game(1, 1, 1, 2, GameResult.WHITE_WIN if results else None, 412 if results else None,
                  380 if results else None), Game(1, 2, 3, 4))
    return EventState(Event.for_discipline("Tournoi", discipline, rounds=5), players, (Round(1, games),))


@pytest.mark.parametrize(("typed", "expected", "points"), [
    ("412 380", GameResult.WHITE_WIN, (412, 380)),
    ("380-412", GameResult.BLACK_WIN, (380, 412)),
    ("401 401", GameResult.DRAW, (401, 401)),
    ("+-", GameResult.WHITE_FORFEIT_WIN_UNEXCUSED, (None, None)),
])
def test_scrabble_scores_typed_in_one_go_give_the_result(typed: str, expected: GameResult,
                                                          points: tuple[int | None, int | None]) -> None:
    game = record_result(_state(Discipline.SCRABBLE), 1, 2, typed).state.round(1).game(2)
    assert (game.result, game.white_points, game.black_points) == (expected, *points)


def test_scrabble_refuses_what_is_neither_scores_nor_a_code_and_chess_takes_no_scores() -> None:
    with pytest.raises(ResultError) as exc:
        record_result(_state(Discipline.SCRABBLE), 1, 2, "412")
    assert "ni les deux scores (par ex. 412 380)" in exc.value.message("fr")
    with pytest.raises(ResultError):
        record_result(_state(Discipline.CHESS), 1, 2, "412 380")
    assert parse_scores("412 380") == (412, 380) and parse_scores("412") is None and parse_scores("a b") is None


def test_the_label_and_the_board_show_the_scores() -> None:
    step = record_result(_state(Discipline.SCRABBLE), 1, 2, "412 380")
    assert step.label.text("fr").endswith("412-380")
    assert game_result_text(step.state.round(1).game(2), Discipline.SCRABBLE) == "412-380"
    assert game_result_text(step.state.round(1).game(1), Discipline.SCRABBLE) == ""  # pending
    forfeit = record_result(step.state, 1, 1, "-+").state.round(1).game(1)
    assert game_result_text(forfeit, Discipline.SCRABBLE) == "-+"  # a forfeit has no scores


def test_vocabulary_per_discipline() -> None:
    chess, draughts, scrabble = (discipline_profile(d) for d in (Discipline.CHESS, Discipline.DRAUGHTS,
                                                                  Discipline.SCRABBLE))
    assert (chess.first_side.text("fr"), chess.second_side.text("fr")) == ("Blancs", "Noirs")
    assert not scrabble.has_colours
    assert (scrabble.first_side.text("fr"), scrabble.second_side.text("fr")) == ("Joueur", "Adversaire")
    assert draughts.default_system is PairingSystem.ROUND_ROBIN and scrabble.default_system is PairingSystem.CLASSIQUE
    assert PairingSystem.DUTCH not in scrabble.systems
    assert "fide_id" not in draughts.player_fields and "fmjd_id" in draughts.player_fields
    assert scrabble.player_fields == ("licence_id", "duplicate_series")
    assert rating_word(RatingSystem.FIDE).text("fr") == "Elo"
    assert rating_word(RatingSystem.FFJD).text("fr") == "Classement FFJD"
    assert rating_word(RatingSystem.FISF_PL).text("fr") == "Cote PL"
    legend = draughts.legend_text("fr")
    assert "2fe / 0fe = victoire / défaite par forfait excusé" in legend and "0d = double forfait" in legend
    assert legend.endswith("(FFJD, Classement National §4)")
    assert scrabble.tiebreak_head("SPREAD").text("fr") == "Écart" and scrabble.points_head.text("fr") == "Victoires"


def test_rule_areas_follow_the_discipline_and_the_rating_system() -> None:
    assert rule_areas(Event.for_discipline("E", Discipline.CHESS)) == ("tiebreaks",)
    assert rule_areas(Event.for_discipline("D", Discipline.DRAUGHTS)) == ("ffjd",)
    assert rule_areas(Event.for_discipline("D", Discipline.DRAUGHTS, tiebreaks=("BH", "SB"))) == ("tiebreaks",
                                                                                                 "ffjd")
    assert rule_areas(Event.for_discipline("S", Discipline.SCRABBLE)) == ("scrabble",)
    assert rule_areas(Event.for_discipline("E", Discipline.CHESS, rating_system=RatingSystem.NATIONAL_ELO)) == (
        "tiebreaks", "elo")


def test_cote_pl_preview_changes_nothing_before_a_game_is_played() -> None:
    """FISF, Classement international 2015-2016 §5-§7 rank the final standings: before any game there are none,
    so every rating stays as it is (not PE + B + PJ from the starting order)."""
    rows = scrabble_preview(_state(Discipline.SCRABBLE))
    assert [(r.evolution, r.new_rating) for r in rows] == [(0.0, 1803), (0.0, 1415), (0.0, 2250), (0.0, 1002)]
    assert all(not r.parts for r in rows)
    played = scrabble_preview(_state(Discipline.SCRABBLE, results=True))
    parts = dict(played[0].parts)
    assert parts["category"] == 1 and parts["m"] == 20 and parts["pj_min"] == -parts["pj_max"] / 2
    assert played[0].evolution == parts["pe"] + parts["b"] + parts["pj"]
