"""Assisted manual pairing (seed 000 §6.6 L351-353): board order, candidates, colours, checks, completion."""

from __future__ import annotations

from collections.abc import Sequence

from tournament_desk.core.model import Bye, Event, EventState, Game, PairingSystem, Player, Round
from tournament_desk.core.pairing.manual import (
    candidates,
    check_manual_round,
    find_completion,
    pairing_board,
    suggest_colours,
)
from tournament_desk.core.results import Discipline, GameResult, Outcome


def _state(n: int, rounds: Sequence[Round] = ()) -> EventState:
    players = tuple(Player(id=i, surname=f"P{i}", ratings=(("ffjd", 2000 - 10 * i),)) for i in range(1, n + 1))
    event = Event.for_discipline("Suisse", Discipline.DRAUGHTS, system=PairingSystem.MANUAL, rounds=5)
    return EventState(event, players, tuple(rounds))


R1 = Round(1, (Game(1, 1, 1, 2, GameResult.WHITE_WIN), Game(1, 2, 3, 4, GameResult.DRAW),
               Game(1, 3, 5, 6, GameResult.BLACK_WIN)))
R2 = Round(2, (Game(2, 1, 6, 1, GameResult.DRAW), Game(2, 2, 2, 3, GameResult.WHITE_WIN),
               Game(2, 3, 4, 5, GameResult.WHITE_WIN)))


def test_board_lists_players_by_points_then_solkoff() -> None:
    """L351: "le logiciel affiche les joueurs selon le nombre de points et le Solkoff"."""
    state = _state(6, [R1, R2])
    lines = pairing_board(state)
    points = [ln.points for ln in lines]
    assert points == sorted(points, reverse=True)
    # 1 and 6 both have 3 points (draughts 2/1/0); Solkoff breaks the tie
    top = [ln for ln in lines if ln.points == 3]
    assert [ln.solkoff for ln in top] == sorted((ln.solkoff for ln in top), reverse=True)
    by_id = {ln.player_id: ln for ln in lines}
    assert by_id[6].solkoff == state.score(5) + state.score(1)


def test_candidates_are_players_not_met() -> None:
    """L351: once a player is selected, the players he already met are removed from the list."""
    state = _state(6, [R1, R2])
    ids = [c.player_id for c in candidates(state, 1)]
    assert set(ids) == {3, 4, 5}
    assert [c.player_id for c in candidates(state, 1, taken=[4])] == [i for i in ids if i != 4]


def test_colour_suggestion_white_to_who_had_black_more_often() -> None:
    """L351: a player who had Black more often gets the white disc."""
    state = _state(6, [R1, R2])
    # player 1: White then Black (equal); player 5: White then Black... player 6: Black then White
    # player 3: White, Black -> equal; player 4: Black, White -> equal; player 2: Black, White
    r3 = Round(3, (Game(3, 1, 1, 3, GameResult.DRAW), Game(3, 2, 5, 2, GameResult.DRAW),
                   Game(3, 3, 4, 6, GameResult.DRAW)))
    s3 = _state(6, [R1, R2, r3])  # 1: W B W (+1 white); 4: B W W (+1 white); 2: B W B (+1 black)
    assert suggest_colours(s3, 1, 2) == (2, 1)
    assert suggest_colours(s3, 2, 4) == (2, 4)
    assert {ln.player_id: ln.suggested for ln in pairing_board(s3)}[2] == "white"
    assert suggest_colours(state, 3, 4) == (3, 4)  # equal: the player chosen first keeps White


def test_check_reports_rematch_bye_and_colours() -> None:
    state = _state(6, [R1, R2])
    issues = check_manual_round(state, [(1, 2), (3, 4)], [])
    codes = {i.code for i in issues}
    assert {"rematch", "missing"} <= codes
    rematch = next(i for i in issues if i.code == "rematch")
    assert rematch.absolute and "round 1" in rematch.message("en") and "ronde 1" in rematch.message("fr")
    assert issues[0].absolute  # absolute rules first
    clean = check_manual_round(state, [(1, 3), (2, 5), (4, 6)], [])
    assert not [i for i in clean if i.absolute]


def test_bye_eligibility() -> None:
    r1 = Round(1, (Game(1, 1, 1, 2, GameResult.WHITE_WIN), Game(1, 2, 3, 4, GameResult.BLACK_WIN)),
               (Bye(1, 5, Outcome.PAIRING_BYE),))
    state = _state(5, [r1])
    issues = check_manual_round(state, [(1, 4), (2, 3)], [5])
    assert any(i.code == "bye-again" and i.absolute for i in issues)
    issues = check_manual_round(state, [(2, 5), (3, 4)], [1])
    assert any(i.code == "bye-score" and not i.absolute for i in issues)
    issues = check_manual_round(state, [(1, 4), (3, 5)], [2])
    assert not [i for i in issues if i.code.startswith("bye")]


def test_completion_and_which_board_to_undo() -> None:
    """L353: when the remaining players have all met, try another configuration: say which board to undo."""
    state = _state(6, [R1, R2])
    ok = find_completion(state, [(1, 3)])
    assert ok.possible and len(ok.boards) == 2
    rest = {frozenset(b) for b in ok.boards}
    assert all(frozenset(b) not in {frozenset(g.players()) for r in (R1, R2) for g in r.games} for b in rest)
    r3 = Round(3, (Game(3, 1, 2, 6, GameResult.DRAW), Game(3, 2, 1, 3, GameResult.DRAW),
                   Game(3, 3, 4, 5, GameResult.WHITE_WIN)))  # 4-5 rematch stored by the arbiter in round 3
    s3 = _state(6, [R1, R2, r3])
    # 2 met 1, 3, 6: only 4 and 5 are left for him; choosing 4-x and 5-y leaves 2 stuck
    dead = find_completion(s3, [(1, 4), (3, 5)])
    assert not dead.possible and dead.undo_board is not None
    assert "Undo board" in dead.message("en") and "Défaites la table" in dead.message("fr")
    retry = [b for i, b in enumerate([(1, 4), (3, 5)], start=1) if i != dead.undo_board]
    assert find_completion(s3, retry).possible


def test_odd_completion_gives_the_bye_to_an_eligible_player() -> None:
    state = _state(5)
    ok = find_completion(state, [(1, 2)])
    assert ok.possible and ok.bye is not None and len(ok.boards) == 1
