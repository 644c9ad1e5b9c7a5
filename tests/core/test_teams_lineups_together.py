"""Both line-ups of a match saved as one action (the GUI's line-up dialog, issue 31 items 3 and 9): each checked as
a single line-up is (the event's board-order rule, the roster, the boards), all or nothing, one undo step; in the
session, one journal entry that one undo takes back."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.model import Event, EventState, PairingSystem
from tournament_desk.core.operations import ImportTeams, NumberTeams, PairNext, SetLineup, SetLineups
from tournament_desk.core.results import Discipline
from tournament_desk.core.teams.model import TeamRules
from tournament_desk.services.session import EventSession


def _paired(boards: int = 3) -> EventState:
    event = Event.for_discipline("Interclubs", Discipline.CHESS, system=PairingSystem.ROUND_ROBIN, rounds=1,
                                 team=TeamRules(boards=boards, rating_boards=boards))
    entries = [{"name": name, "players": [{"surname": f"{name}{b}", "ratings": (("fide", 2100 - 100 * t - b),)}
                                          for b in range(1, boards + 2)]}
               for t, name in enumerate(("Caen", "Rouen"))]
    state = EventState(event)
    for op in (ImportTeams(entries), NumberTeams("rating"), PairNext()):
        state = op.apply(state).state
    return state


def test_both_line_ups_make_the_match_games_in_one_step() -> None:
    state = _paired()
    match = state.matches_in(1)[0]
    home, away = state.team(match.home).members, state.team(match.away).members
    done = SetLineups(1, {match.home: list(home[:3]), match.away: [away[0], None, away[2]]}).apply(state)
    after = done.state
    assert after.lineup(1, match.home).players == home[:3]  # type: ignore[union-attr]
    assert after.lineup(1, match.away).players == (away[0], None, away[2])  # type: ignore[union-attr]
    # the two boards both teams filled have their games; board 2, left empty by the away team, none
    assert sorted(g.board for g in after.round(1).games) == [1, 3]
    assert done.label.text("en") == "Line-ups of Caen, Rouen, round 1"
    assert done.label.text("fr") == "Compositions de Caen, Rouen, ronde 1"
    assert [n.text("en") for n in done.notes] == ["Rouen leaves board(s) 2 empty: lost by forfeit"]
    # the same as two single line-ups, one after the other
    one_by_one = SetLineup(1, match.away, [away[0], None, away[2]]).apply(
        SetLineup(1, match.home, list(home[:3])).apply(state).state).state
    assert one_by_one.lineups == after.lineups and one_by_one.rounds == after.rounds


def test_a_line_up_out_of_board_order_refuses_both() -> None:
    """The roster rule (the event's default): a player above a stronger one of the roster is refused with the
    players, their roster numbers and boards named; the home line-up given with it is not kept either."""
    state = _paired()
    match = state.matches_in(1)[0]
    home, away = state.team(match.home).members, state.team(match.away).members
    with pytest.raises(ValidationError) as refused:
        SetLineups(1, {match.home: list(home[:3]), match.away: [away[1], away[0], away[2]]}).apply(state)
    assert refused.value.message("en") == (
        "The line-up of Rouen is out of board order: ROUEN2 (roster no. 2) sits at board 1, above ROUEN1 "
        "(roster no. 1) at board 2")
    with pytest.raises(ValidationError):
        SetLineups(1, {}).apply(state)


def test_one_undo_takes_both_back(tmp_path: Path) -> None:
    state = _paired()
    path = tmp_path / "interclubs.tdesk"
    session = EventSession.create(path, state.event)
    session.run(ImportTeams([{"name": t.name, "players": [
        {"surname": state.player(p).surname, "ratings": state.player(p).ratings} for p in t.members]}
        for t in state.teams]))
    session.run(NumberTeams("rating"))
    session.run(PairNext())
    live = session.state()
    match = live.matches_in(1)[0]
    session.run(SetLineups(1, {t: list(live.team(t).members[:3]) for t in match.teams()}))
    assert session.undo_label("fr") == "Compositions de Caen, Rouen, ronde 1"
    assert len(session.state().round(1).games) == 3
    session.undo()
    assert session.state().lineups == () and session.state().round(1).games == ()
    session.close()
