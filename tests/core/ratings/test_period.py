"""The rating-period rules of the core (core/ratings/period.py): pure, no file, no database.

Each test cites the section it checks: seed 000 (FFJD, « Règlement du Classement National ») §2 for the monthly
publication, §6 for the evolutions and the first ratings; seed 001 (« Le classement national Élo ») §1 for the
three calculations a year, §3 for the archives; seed 002 (FISF, « Classement international 2015-2016 ») §2.2 for
the chaining after each event, §8 for its worked examples, §9 for the inactive players.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

import pytest

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.model import Event, EventState, Game, PairingSystem, Player, RatingSystem, Round, TimeControl
from tournament_desk.core.ratings import elo_fr, ffjd, scrabble_pl
from tournament_desk.core.ratings.period import (
    FROM_RESULTS,
    EventInputs,
    PeriodEvent,
    PeriodInputs,
    add_month,
    check_event,
    elo_period_bounds,
    period_bounds,
    rate_period,
)
from tournament_desk.core.ratings.scrabble_pl import DuplicateSeries, EventKind, ScrabbleEntrant
from tournament_desk.core.results import Discipline, GameResult
from tournament_desk.core.sources import FFJD_RCN, cite

_SLOW = TimeControl(90, 30)  # seed 000 §5.2: a slow cadence (K 25 below 1350, §6.1.1)
_DISCIPLINE = {RatingSystem.FFJD: Discipline.DRAUGHTS, RatingSystem.NATIONAL_ELO: Discipline.CHESS,
               RatingSystem.FISF_PL: Discipline.SCRABBLE}


def _state(system: RatingSystem, name: str, day: dt.date | None, players: Sequence[tuple[str, int | None]],
           games: Sequence[tuple[str, str, GameResult]] = ()) -> EventState:
    """An event of ``system``: players (key, rating or None for unrated; the key is also the surname and the
    licence), the games each in its own round."""
    ids = {k: i + 1 for i, (k, _) in enumerate(players)}
    roster = tuple(Player(ids[k], k, licence_id=k, unrated=rating is None,
                          ratings=() if rating is None else ((system.value, rating),)) for k, rating in players)
    rounds = tuple(Round(r + 1, (Game(r + 1, 1, ids[w], ids[b], result),)) for r, (w, b, result) in enumerate(games))
    event = Event.for_discipline(name, _DISCIPLINE[system], system=PairingSystem.MANUAL, rounds=max(1, len(rounds)),
                                 start_date=day, rating_system=system, time_control=_SLOW)
    return EventState(event, roster, rounds)


def _keys(*events: PeriodEvent) -> dict[str, dict[int, str]]:
    """Event label -> player id -> key: here the surname (the caller's matching, done by the services)."""
    return {ev.label: {p.id: p.surname for p in ev.state.players} for ev in events}


def _names(*events: PeriodEvent) -> dict[str, str]:
    return {p.surname: p.name for ev in events for p in ev.state.players}


def _inputs(system: RatingSystem, *events: PeriodEvent, **kwargs: object) -> PeriodInputs:
    return PeriodInputs(system, events, _keys(*events), _names(*events), **kwargs)  # type: ignore[arg-type]


def _rows(inputs: PeriodInputs) -> dict[object, object]:
    return {r.player_id: r for r in rate_period(inputs).rows}


# --------------------------------------------------------------------------------------------------------
# Bounds


@pytest.mark.parametrize(("day", "bounds"), [
    (dt.date(2025, 9, 1), (dt.date(2025, 9, 1), dt.date(2026, 1, 1))),  # calcul 1: 1 September – 31 December
    (dt.date(2025, 12, 31), (dt.date(2025, 9, 1), dt.date(2026, 1, 1))),
    (dt.date(2026, 1, 1), (dt.date(2026, 1, 1), dt.date(2026, 5, 1))),  # calcul 2: 1 January – 30 April
    (dt.date(2026, 4, 30), (dt.date(2026, 1, 1), dt.date(2026, 5, 1))),
    (dt.date(2026, 5, 1), (dt.date(2026, 5, 1), dt.date(2026, 9, 1))),  # calcul 3: 1 May – 31 August
    (dt.date(2026, 8, 31), (dt.date(2026, 5, 1), dt.date(2026, 9, 1))),
])
def test_elo_three_calculations_a_year_seed001_s1(day: dt.date, bounds: tuple[dt.date, dt.date]) -> None:
    assert elo_period_bounds(day) == bounds
    assert period_bounds(RatingSystem.NATIONAL_ELO, day) == bounds


def test_elo_calculations_cover_the_year_once_seed001_s1() -> None:
    day, seen = dt.date(2026, 1, 1), set()
    while day.year == 2026:
        start, end = elo_period_bounds(day)
        assert start <= day < end
        seen.add((start, end))
        day += dt.timedelta(days=1)
    assert sorted((s.month, e.month) for s, e in seen) == [(1, 5), (5, 9), (9, 1)]  # three calculations a year


def test_ffjd_period_is_one_month_from_the_publication_seed000_s2() -> None:
    # "Le classement national est publié le 1er de chaque mois"
    assert period_bounds(RatingSystem.FFJD, dt.date(2026, 3, 1)) == (dt.date(2026, 3, 1), dt.date(2026, 4, 1))
    assert period_bounds(RatingSystem.FFJD, dt.date(2026, 12, 1)) == (dt.date(2026, 12, 1), dt.date(2027, 1, 1))
    # a start that is not the 1st (a late publication): one month on, within the next month
    assert add_month(dt.date(2026, 1, 31)) == dt.date(2026, 2, 28)
    assert add_month(dt.date(2024, 1, 31)) == dt.date(2024, 2, 29)
    assert add_month(dt.date(2026, 3, 15)) == dt.date(2026, 4, 15)


def test_scrabble_has_no_period_to_close_seed002_s2_2() -> None:
    # "À l'issue de chaque tournoi, la cote PL de chaque participant est recalculée": events from the day on
    assert period_bounds(RatingSystem.FISF_PL, dt.date(2026, 3, 7)) == (dt.date(2026, 3, 7), dt.date.max)
    assert period_bounds(RatingSystem.FFJD, None) is None


# --------------------------------------------------------------------------------------------------------
# The per-event checks


def test_an_event_outside_the_calculation_is_refused_seed001_s1() -> None:
    period = period_bounds(RatingSystem.NATIONAL_ELO, dt.date(2026, 4, 10))  # calcul 2
    inside = PeriodEvent("a", _state(RatingSystem.NATIONAL_ELO, "A", dt.date(2026, 4, 30), [("x", 1500)]))
    outside = PeriodEvent("b", _state(RatingSystem.NATIONAL_ELO, "B", dt.date(2026, 5, 1), [("x", 1500)]))
    assert check_event(inside, RatingSystem.NATIONAL_ELO, period) == []
    with pytest.raises(ValidationError) as err:
        check_event(outside, RatingSystem.NATIONAL_ELO, period)
    assert "outside the period 2026-01-01 – 2026-04-30" in err.value.message("en")


def test_an_event_of_the_next_month_is_refused_seed000_s2() -> None:
    period = period_bounds(RatingSystem.FFJD, dt.date(2026, 3, 1))
    ev = PeriodEvent("a", _state(RatingSystem.FFJD, "A", dt.date(2026, 4, 1), [("x", 1500)]))
    with pytest.raises(ValidationError):
        check_event(ev, RatingSystem.FFJD, period)


def test_an_event_without_date_is_remarked_not_refused() -> None:
    ev = PeriodEvent("a", _state(RatingSystem.FFJD, "A", None, [("x", 1500)]))
    notes = check_event(ev, RatingSystem.FFJD, period_bounds(RatingSystem.FFJD, dt.date(2026, 3, 1)))
    assert [n.text("en") for n in notes] == ["a: the event 'A' has no date; its period was not checked"]


def test_an_event_of_another_rating_system_is_refused() -> None:
    ev = PeriodEvent("a", _state(RatingSystem.FFJD, "A", dt.date(2026, 3, 7), [("x", 1500)]))
    with pytest.raises(ValidationError, match="rated in 'ffjd', not 'elo-fr'"):
        check_event(ev, RatingSystem.NATIONAL_ELO, None)


def test_an_ffjd_event_played_elsewhere_needs_its_cadence_seed000_s5_2_s6_1_1() -> None:
    state = _state(RatingSystem.FFJD, "A", dt.date(2026, 3, 7), [("x", 1500)])
    with pytest.raises(ValidationError) as err:
        check_event(PeriodEvent("a", state, source=FROM_RESULTS), RatingSystem.FFJD, None)
    for lang in ("en", "fr"):  # K depends on it: the section is cited, as the document titles itself
        assert cite(FFJD_RCN, "§5.2").text(lang, short=True) in err.value.message(lang)
    assert check_event(PeriodEvent("a", state, EventInputs(cadence=ffjd.Cadence.SLOW), source=FROM_RESULTS),
                       RatingSystem.FFJD, None) == []
    assert check_event(PeriodEvent("a", state), RatingSystem.FFJD, None) == []  # a file: its time control says it


def test_a_scrabble_event_has_games_or_final_places_not_both_seed002_s7() -> None:
    state = _state(RatingSystem.FISF_PL, "A", dt.date(2026, 3, 7), [("x", 1500), ("y", 1400)],
                   [("x", "y", GameResult.WHITE_WIN)])
    with pytest.raises(ValidationError, match="either the games or the final places"):
        check_event(PeriodEvent("a", state, places={1: 1, 2: 2}), RatingSystem.FISF_PL, None)


# --------------------------------------------------------------------------------------------------------
# FFJD: frozen ratings, evolutions summed and rounded once, pending players


def _two_ffjd_events(b_second: int = 1010) -> tuple[PeriodEvent, PeriodEvent]:
    one = _state(RatingSystem.FFJD, "One", dt.date(2026, 3, 7), [("A", 1000), ("B", 1010)],
                 [("A", "B", GameResult.WHITE_WIN)])
    two = _state(RatingSystem.FFJD, "Two", dt.date(2026, 3, 21), [("A", 1000), ("B", b_second)],
                 [("B", "A", GameResult.BLACK_WIN)])
    return PeriodEvent("one", one), PeriodEvent("two", two)


def test_ffjd_evolutions_summed_and_rounded_once_seed000_s2_s6_1() -> None:
    # each win of A (1000) over B (1010), slow cadence, K 25 (§6.1.1): PA = 1 + (1000 - 1010)/500 = 0.98 (§6.1.2),
    # Ev. = (2 - 0.98) × 25 = 25.5 (§6.1). Rounded once at the end of the period (§2): 51, not 26 + 26.
    one, two = _two_ffjd_events()
    outcome = rate_period(_inputs(RatingSystem.FFJD, one, two, period=period_bounds(RatingSystem.FFJD,
                                                                                    dt.date(2026, 3, 1))))
    rows = {r.player_id: r for r in outcome.rows}
    assert (rows["A"].evolution, rows["A"].new_rating) == (51.0, 1051.0)
    assert (rows["B"].evolution, rows["B"].new_rating) == (-51.0, 959.0)
    assert outcome.notes == () and outcome.carry == {}


def test_ffjd_ratings_frozen_at_the_period_start_seed000_s2() -> None:
    # "son Capital-Points au début de la période est utilisé pour tous les calculs": a later file saying 1030
    # is remarked upon and the first rating is used; the published list, when given, wins over the files
    one, two = _two_ffjd_events(b_second=1030)
    outcome = rate_period(_inputs(RatingSystem.FFJD, one, two))
    assert {r.player_id: r.new_rating for r in outcome.rows} == {"A": 1051.0, "B": 959.0}
    assert [n.text("en") for n in outcome.notes] == [
        "B: rating 1030.0 in two differs from 1010.0 in an earlier file; the first is used (ratings are frozen at "
        "the period start)"]
    listed = rate_period(_inputs(RatingSystem.FFJD, one, two, listed={"B": 1010, "A": 1000}))
    assert listed.notes == ()


def _ffjd_unrated(name: str, day: dt.date, opponents: list[tuple[str, int]]) -> PeriodEvent:
    """An unrated U drawing with each of ``opponents`` (1 point each, §4)."""
    state = _state(RatingSystem.FFJD, name, day, [("U", None), *opponents],
                   [("U", o, GameResult.DRAW) for o, _ in opponents])
    return PeriodEvent(name, state)


def test_ffjd_pending_players_carried_to_the_next_period_seed000_s6_2_3_s6_2_4() -> None:
    # period 1: 3 games against classed players, not the 5 a first rating needs (§6.2.1): pending, its part carried
    march = _ffjd_unrated("march", dt.date(2026, 3, 7), [("c1", 1200), ("c2", 1200), ("c3", 1200)])
    first = rate_period(_inputs(RatingSystem.FFJD, march))
    assert [(r.new_rating, r.note) for r in first.rows if r.player_id == "U"] == [(None, "not yet rated")]
    parts = first.carry["U"]
    assert isinstance(parts, tuple) and [(p.games, p.value) for p in parts] == [(3, 1200.0)]  # MCP + 250·0/3
    # period 2: 2 more games; with the carry, 5 games: first rating pro rata (3 × 1200 + 2 × 1300) / 5 = 1240
    april = _ffjd_unrated("april", dt.date(2026, 4, 4), [("d1", 1300), ("d2", 1300)])
    rated = _rows(_inputs(RatingSystem.FFJD, april, carry=first.carry))["U"]
    assert rated.new_rating == 1240.0 and rated.note == "first rating"
    alone = rate_period(_inputs(RatingSystem.FFJD, april))
    assert [r.new_rating for r in alone.rows if r.player_id == "U"] == [None]  # without the carry: 2 games only
    # a player rated at the period start (the list) is no longer pending: his old parts are not used
    listed = _rows(_inputs(RatingSystem.FFJD, april, carry=first.carry, listed={"U": 1400}))["U"]
    assert listed.rating_before == 1400.0


def test_carry_of_players_who_did_not_play_goes_on_unchanged() -> None:
    one, two = _two_ffjd_events()
    parts = (ffjd.FirstRatingPart("earlier", 3, 1250.0, False),)
    outcome = rate_period(_inputs(RatingSystem.FFJD, one, two, carry={"Z": parts}))
    assert outcome.carry == {"Z": parts}
    archive = elo_fr.EloArchive(1500.0, 4)
    elo = _state(RatingSystem.NATIONAL_ELO, "E", dt.date(2026, 3, 7), [("a", 1500), ("b", 1500)],
                 [("a", "b", GameResult.DRAW)])
    assert rate_period(_inputs(RatingSystem.NATIONAL_ELO, PeriodEvent("e", elo), carry={"Z": archive})).carry \
        == {"Z": archive}


# --------------------------------------------------------------------------------------------------------
# National Elo: one calculation over the period, archives Pa/Na


def _elo_unrated(name: str, day: dt.date, rating: int) -> PeriodEvent:
    """An unrated U drawing 4 games with players rated ``rating`` (every draw is compatible, §2.2)."""
    opponents = [(f"{name}{i}", rating) for i in range(4)]
    state = _state(RatingSystem.NATIONAL_ELO, name, day, [("U", None), *opponents],
                   [("U", o, GameResult.DRAW) for o, _ in opponents])
    return PeriodEvent(name, state)


def test_elo_archive_carried_to_the_next_period_seed001_s3() -> None:
    # calcul 2: 4 compatible games, P = 0.5, D(P) = 0, Pj = Ea = 1500: fewer than 8 games and no archive → 3.a
    first = rate_period(_inputs(RatingSystem.NATIONAL_ELO, _elo_unrated("jan", dt.date(2026, 1, 10), 1500)))
    row = next(r for r in first.rows if r.player_id == "U")
    assert row.new_rating is None and row.note == "3.a (archive Pa 1500, Na 4)"
    assert first.carry == {"U": elo_fr.EloArchive(1500.0, 4)}
    # calcul 3: 4 more games, Pj = 1600; with the archive Nj + Na = 8 → 2.c: (1600·4 + 1500·4) / 8 = 1550
    may = _elo_unrated("may", dt.date(2026, 5, 9), 1600)
    rated = _rows(_inputs(RatingSystem.NATIONAL_ELO, may, carry=first.carry))["U"]
    assert rated.new_rating == 1550.0 and rated.note.startswith("2.c")
    alone = _rows(_inputs(RatingSystem.NATIONAL_ELO, may))["U"]
    assert alone.new_rating is None and alone.note.startswith("3.a")  # without the archive: a new one


def test_elo_one_calculation_over_the_period_seed001_s1() -> None:
    # two events of the calculation count as one: U's 8 games together make the entry (§1 "Règle d'entrée")
    both = rate_period(_inputs(RatingSystem.NATIONAL_ELO, _elo_unrated("a", dt.date(2026, 1, 10), 1500),
                               _elo_unrated("b", dt.date(2026, 3, 14), 1600)))
    row = next(r for r in both.rows if r.player_id == "U")
    assert row.games_counted == 8 and row.new_rating == 1550.0 and "U" not in both.carry


# --------------------------------------------------------------------------------------------------------
# Scrabble: PL chained event after event


def _example_state(day: dt.date) -> tuple[EventState, dict[int, int], dict[str, DuplicateSeries]]:
    """Seed 002 §8: six rated players and four beginners (1st series, two 4th series, a new licence), final
    places as in example a) (1803 finishes second) and b) (a 1700 PL* finishes eighth)."""
    players = [("Petit", 2923), ("Durand", 1803), ("Bernard", 1860), ("Moreau", None), ("Dubois", None),
               ("Richard", 1580), ("Martin", 1415), ("Laurent", None), ("Robert", 1002), ("Simon", None)]
    state = _state(RatingSystem.FISF_PL, "Exemple", day, players)
    places = {i + 1: i + 1 for i in range(len(players))}
    series = {"Moreau": DuplicateSeries.FIRST, "Dubois": DuplicateSeries.FOURTH, "Laurent": DuplicateSeries.FOURTH}
    return state, places, series


def test_scrabble_worked_examples_through_the_period_seed002_s8() -> None:
    state, places, series = _example_state(dt.date(2026, 3, 7))
    ev = PeriodEvent("ex", state, places=places, games=5)
    rows = _rows(_inputs(RatingSystem.FISF_PL, ev, duplicate_series=series))
    assert (rows["Durand"].rating_before, rows["Durand"].new_rating) == (1803.0, 2032.0)  # a): 1803 + 9 + 10 + 210
    assert (rows["Laurent"].rating_before, rows["Laurent"].new_rating) == (1700.0, 1608.0)  # b): 1700 + 3 - 95
    assert rows["Laurent"].note == "1 event(s) (PL* 1700)"


def test_scrabble_pl_chained_event_after_event_in_date_order_seed002_s2_2() -> None:
    # "À partir du second tournoi : PL nouvelle = PL ancienne + PE + B + PJ": the second event starts from the PL
    # the first gave (2032, 1608), whatever order the events are given in
    state, places, series = _example_state(dt.date(2026, 3, 7))
    first = PeriodEvent("ex", state, places=places, games=5)
    later = _state(RatingSystem.FISF_PL, "Later", dt.date(2026, 3, 21),
                   [("Durand", 1803), ("Laurent", None), ("Garnier", 1900), ("Roux", 1650)])
    second = PeriodEvent("later", later, EventInputs(kind=EventKind.HOMOLOGATED), places={1: 4, 2: 1, 3: 2, 4: 3},
                         games=7)
    outcome = rate_period(_inputs(RatingSystem.FISF_PL, second, first, duplicate_series=series))
    rows = {r.player_id: r for r in outcome.rows}
    expected = scrabble_pl.rate_event(
        [ScrabbleEntrant("Durand", "Durand", 2032.0), ScrabbleEntrant("Laurent", "Laurent", 1608.0),
         ScrabbleEntrant("Garnier", "Garnier", 1900.0), ScrabbleEntrant("Roux", "Roux", 1650.0)],
        ["Laurent", "Garnier", "Roux", "Durand"], EventKind.HOMOLOGATED, 7, event_date=dt.date(2026, 3, 21))
    assert rows["Durand"].rating_before == 1803.0  # the row: from the period's start...
    assert rows["Durand"].new_rating == expected["Durand"].new_rating  # ...to the end of the chain
    assert rows["Laurent"].new_rating == expected["Laurent"].new_rating
    assert rows["Durand"].games_counted == 12 and rows["Durand"].note == "2 event(s)"
    assert outcome.carry["Durand"] == scrabble_pl.PlayerRecord(expected["Durand"].new_rating, dt.date(2026, 3, 21))
    assert outcome.carry["Petit"] == scrabble_pl.PlayerRecord(rows["Petit"].new_rating, dt.date(2026, 3, 7))


def test_scrabble_inactive_player_comes_back_seed002_s9() -> None:
    # the carry keeps the PL after the last event and its date; 2 years without an event: back at
    # max(last PL, PL* of his series) = max(1500, 2250); a last event given with the players' inputs wins
    state = _state(RatingSystem.FISF_PL, "Back", dt.date(2026, 3, 7), [("Moreau", None), ("Simon", 1600)])
    ev = PeriodEvent("back", state, places={1: 2, 2: 1}, games=5)
    carry = {"Moreau": scrabble_pl.PlayerRecord(1500.0, dt.date(2023, 1, 14))}
    series = {"Moreau": DuplicateSeries.FIRST}
    back = _rows(_inputs(RatingSystem.FISF_PL, ev, carry=carry, duplicate_series=series))["Moreau"]
    assert back.rating_before == 2250.0 and back.note == "1 event(s) (inactive, back at 2250)"
    active = _rows(_inputs(RatingSystem.FISF_PL, ev, carry=carry, duplicate_series=series,
                           last_events={"Moreau": dt.date(2025, 6, 1)}))["Moreau"]
    assert active.rating_before == 1500.0
    listed = _rows(_inputs(RatingSystem.FISF_PL, ev, carry=carry, listed={"Moreau": 1700}))["Moreau"]
    assert listed.rating_before == 1700.0  # the published list wins over the carry's PL


def test_scrabble_places_must_rank_every_player_seed002_s5() -> None:
    state = _state(RatingSystem.FISF_PL, "A", dt.date(2026, 3, 7), [("x", 1500), ("y", 1400)])
    with pytest.raises(ValidationError, match="every player needs a final place"):
        rate_period(_inputs(RatingSystem.FISF_PL, PeriodEvent("a", state, places={1: 1}, games=5)))


def test_a_system_without_period_rules_is_refused() -> None:
    state = _state(RatingSystem.FFJD, "A", dt.date(2026, 3, 7), [("x", 1500)])
    with pytest.raises(ValidationError, match="No rating rules"):
        rate_period(PeriodInputs(RatingSystem.FIDE, (PeriodEvent("a", state),), {"a": {1: "x"}}, {"x": "x"}))
