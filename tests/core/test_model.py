"""Domain model invariants and derived values."""

from __future__ import annotations

import datetime as dt

import pytest

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.model import Bye, Event, EventState, Game, Player, Round, TimeControl
from tournament_desk.core.results import Discipline, GameResult, Outcome


def test_time_control_parse() -> None:
    assert TimeControl.parse("90+30") == TimeControl(90, 30)
    assert TimeControl.parse("60") == TimeControl(60, 0)
    assert str(TimeControl.parse("90'+30\"")) == "90+30"
    with pytest.raises(ValidationError):
        TimeControl.parse("quick")


def test_player_validation() -> None:
    with pytest.raises(ValidationError):
        Player(id=1, surname="  ")
    with pytest.raises(ValidationError):
        Player(id=1, surname="X", ratings=(("fide", 5000),))
    p = Player(id=1, surname="Dupont", first_name="Jean", ratings=(("ffjd", 1500),), withdrawn_from_round=4)
    assert p.name == "DUPONT Jean" and p.rating("ffjd") == 1500 and p.rating("fide") is None
    assert p.is_active_in(3) and not p.is_active_in(4)


def test_event_validation() -> None:
    with pytest.raises(ValidationError):
        Event(name="")
    with pytest.raises(ValidationError):
        Event(name="x", rounds=0)
    with pytest.raises(ValidationError):
        Event(name="x", start_date=dt.date(2026, 5, 2), end_date=dt.date(2026, 5, 1))
    draughts = Event.for_discipline("x", Discipline.DRAUGHTS)
    assert draughts.scoring.win == 2 and draughts.rating_system.value == "ffjd"


def test_scores_and_opponents_in_draughts() -> None:
    event = Event.for_discipline("x", Discipline.DRAUGHTS, rounds=3)
    players = tuple(Player(id=i, surname=f"P{i}") for i in (1, 2, 3))
    rounds = (
        Round(1, (Game(1, 1, 1, 2, GameResult.DRAW),), (Bye(1, 3, Outcome.PAIRING_BYE),)),
        Round(2, (Game(2, 1, 3, 1, GameResult.WHITE_FORFEIT_WIN_EXCUSED),), (Bye(2, 2, Outcome.HALF_BYE),)),
        Round(3, (Game(3, 1, 2, 3, None),), ()),
    )
    state = EventState(event, players, rounds)
    assert state.score(1) == 1  # draw 1 + forfeit loss 0
    assert state.score(3) == 4  # bye 2 + forfeit win 2
    assert state.score(2) == 2  # draw 1 + half bye 1
    assert state.score(3, up_to_round=1) == 2
    assert state.opponents(1) == [2]  # the forfeit is not a meeting
    assert state.round(3).missing_results == (1,)
    assert state.outcome(2, 2) is Outcome.HALF_BYE
    with pytest.raises(ValidationError):
        Game(1, 1, 2, 2)
    with pytest.raises(ValidationError):
        Bye(1, 1, Outcome.WIN)
