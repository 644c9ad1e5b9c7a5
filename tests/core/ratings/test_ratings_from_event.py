"""Adapters from EventState and the per-event preview."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from tournament_desk.core.model import (
    DRAUGHTS,
    SCRABBLE,
    Bye,
    Event,
    EventState,
    Game,
    PairingSystem,
    Player,
    RatingSystem,
    Round,
    TimeControl,
)
from tournament_desk.core.ratings import ffjd
from tournament_desk.core.ratings.from_event import (
    cadence_of,
    elo_fr_preview,
    ffjd_from_event,
    preview_event,
    scrabble_from_event,
)
from tournament_desk.core.ratings.scrabble_pl import DuplicateSeries
from tournament_desk.core.results import Discipline, GameResult, Outcome


def _draughts_state() -> EventState:
    event = Event("Open de dames", discipline=Discipline.DRAUGHTS, system=PairingSystem.MANUAL, rounds=3,
                  scoring=DRAUGHTS, rating_system=RatingSystem.FFJD, time_control=TimeControl(90, 30))
    players = (
        Player(1, "Alpha", ratings=(("ffjd", 1500),)),
        Player(2, "Bravo", ratings=(("ffjd", 1400),)),
        Player(3, "Charlie", ratings=(("fmjd", 1800),)),  # FMJD only: 1.5 x 1800 - 1065 = 1635
        Player(4, "EXEMPT"),
    )
    rounds = (
        Round(1, games=(Game(1, 1, 1, 2, GameResult.WHITE_WIN),
                        Game(1, 2, 3, 4, GameResult.WHITE_FORFEIT_WIN_UNEXCUSED))),
        Round(2, games=(Game(2, 1, 2, 3, GameResult.DRAW),
                        Game(2, 2, 4, 1, GameResult.BLACK_FORFEIT_WIN_EXCUSED))),
        Round(3, games=(Game(3, 1, 3, 1, GameResult.BLACK_FORFEIT_WIN_EXCUSED),),
              byes=(Bye(3, 2, Outcome.PAIRING_BYE),)),
    )
    return EventState(event, players, rounds)


def test_ffjd_adapter() -> None:
    state = _draughts_state()
    series, ratings = ffjd_from_event(state)
    assert ratings == {1: 1500.0, 2: 1400.0, 3: 1635.0}
    assert series.cadence is ffjd.Cadence.SLOW
    assert series.exempt == frozenset({4})
    counted = series.counted_games()
    assert len(counted) == 2  # 1-2 and 2-3; the EXEMPT and the excused forfeit never count
    rows = {r.player_id: r for r in preview_event(state)}
    k = ffjd.k_factor(1500, ffjd.Cadence.SLOW)
    assert rows[1].evolution == round((2 - ffjd.expected_points(1500, 1400)) * k)
    assert rows[1].games_counted == 1
    assert 4 not in rows


def test_cadence_reading() -> None:
    state = _draughts_state()
    fast = EventState(Event("Blitz", discipline=Discipline.DRAUGHTS, time_control=TimeControl(25, 5)))
    assert cadence_of(state) is ffjd.Cadence.SLOW and cadence_of(fast) is ffjd.Cadence.ACCELERATED


def test_elo_fr_preview() -> None:
    event = Event("Open", rating_system=RatingSystem.NATIONAL_ELO, rounds=8, start_date=dt.date(2026, 3, 1),
                  system=PairingSystem.MANUAL)
    players = tuple([Player(1, "Novice", birth_date=dt.date(2014, 1, 1))]
                    + [Player(i, f"Rated{i}", ratings=(("elo-fr", 1500),)) for i in range(2, 10)])
    rounds = tuple(Round(r, games=(Game(r, 1, 1, r + 1,
                                        GameResult.WHITE_WIN if r % 2 else GameResult.BLACK_WIN),))
                   for r in range(1, 9))
    rows = {r.player_id: r for r in elo_fr_preview(EventState(event, players, rounds))}
    assert rows[1].rating_before is None and rows[1].games_counted == 8
    assert rows[1].new_rating == 1500  # 4/8 against 1500: first rating (3.b)
    assert rows[2].games_counted == 1


def test_scrabble_adapter_final_ranking_uses_capped_spread() -> None:
    event = Event("TH", discipline=Discipline.SCRABBLE, scoring=SCRABBLE, rating_system=RatingSystem.FISF_PL,
                  rounds=2, system=PairingSystem.MANUAL)
    players = (Player(1, "Un", ratings=(("fisf-pl", 1500),)), Player(2, "Deux", ratings=(("fisf-pl", 1600),)),
               Player(3, "Trois"), Player(4, "Quatre", ratings=(("fisf-pl", 1400),)))
    rounds = (
        Round(1, games=(Game(1, 1, 1, 2, GameResult.WHITE_WIN, 500, 300),
                        Game(1, 2, 3, 4, GameResult.WHITE_WIN, 420, 400))),
        Round(2, games=(Game(2, 1, 1, 3, GameResult.BLACK_WIN, 380, 400),
                        Game(2, 2, 2, 4, GameResult.WHITE_WIN, 450, 390))),
    )
    state = EventState(event, players, rounds)
    entrants, order = scrabble_from_event(state, {3: DuplicateSeries.THIRD})
    # 3 won twice; 1 and 2 one win each, spreads 1: +100 (200 capped) - 20 = 80, 2: -100 + 60 = -40
    assert order == [3, 1, 2, 4]
    assert [e.player_id for e in entrants] == [1, 2, 3, 4]
    rows = {r.player_id: r for r in preview_event(state, duplicate_series={3: DuplicateSeries.THIRD})}
    assert rows[3].rating_before == 1800  # PL* of a 3rd-series duplicate player
    # 1 finishes 2nd; initially 2nd was 2 (1600): PE 3, B = 20/2, PJ = 2/3 x 100 = 67 (PJmax 190)
    assert rows[1].new_rating == 1500 + 3 + 10 + 67


@pytest.mark.parametrize("n", [4, 6])
def test_ffjd_preview_all_unrated_uses_the_estimate(n: int) -> None:
    event = Event("Scolaires", discipline=Discipline.DRAUGHTS, scoring=DRAUGHTS,
                  rating_system=RatingSystem.FFJD, rounds=5, system=PairingSystem.MANUAL,
                  time_control=TimeControl(15, 5))
    players = tuple(Player(i, f"Eleve{i}", unrated=True) for i in range(1, n + 1))
    games = [(a, b) for a, b in itertools.combinations(range(1, n + 1), 2)]
    boards = tuple(Game(1, k + 1, a, b, GameResult.WHITE_WIN) for k, (a, b) in enumerate(games))
    rounds = (Round(1, games=boards),)
    rows = {r.player_id: r for r in preview_event(EventState(event, players, rounds), organiser_estimate=800)}
    if n - 1 >= 5:  # Annex B: at least 5 games in the tournament
        assert sum(r.new_rating or 0 for r in rows.values()) / n == pytest.approx(800, abs=1)
    else:  # 3 games each, none against a classed player: nothing yet
        assert all(r.new_rating is None and r.note == "not yet rated" for r in rows.values())
