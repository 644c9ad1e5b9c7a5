"""The domain transitions of core.actions, without a file: pairing numbers (C.04.2 Art.2), requested byes,
pairs kept apart, the Baku acceleration (C.04.5.1), the message when no legal pairing exists."""

from __future__ import annotations

import random

import pytest

from tournament_desk.core.actions import players as reg
from tournament_desk.core.actions import rounds as rnds
from tournament_desk.core.actions import swiss
from tournament_desk.core.changes import diff_states
from tournament_desk.core.errors import StateError
from tournament_desk.core.model import Event, EventState, PairingSystem
from tournament_desk.core.pairing.acceleration import baku_accelerations, baku_group_a_size, baku_virtual_points
from tournament_desk.core.pairing.dutch import pair_dutch
from tournament_desk.core.results import GameResult, Outcome
from tournament_desk.formats.trf import loads, to_swiss_state
from tournament_desk.formats.trf_event import event_trf


def _event(n: int, rounds: int = 7, system: PairingSystem = PairingSystem.DUTCH, **kw: object) -> EventState:
    state = EventState(Event("Open", system=system, rounds=rounds, **kw))  # type: ignore[arg-type]
    rng = random.Random(n)
    ratings = [1400 + 25 * i for i in range(n)]
    rng.shuffle(ratings)
    return reg.add_players(state, [{"surname": f"P{i:02d}", "ratings": (("fide", r),)}
                                   for i, r in enumerate(ratings)]).state


def _play(state: EventState, rng: random.Random) -> EventState:
    state = swiss.pair_dutch_round(state, drawn_colour="white").state
    number = state.last_round
    results = {g.board: rng.choice([GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN])
               for g in state.round(number).games}
    return rnds.record_results(state, number, results).state if results else state


def _by_rating(state: EventState) -> list[int]:
    return [p.id for p in sorted(state.players, key=lambda p: -(p.rating("fide") or 0))]


def test_late_entries_numbered_into_place_until_round_4_c04_2_art2() -> None:
    rng = random.Random(1)
    state = _event(10)
    state = _play(state, rng)
    assert [state.player(pid).pairing_number for pid in _by_rating(state)] == list(range(1, 11))
    # a late entry before round 2: numbered into place by rating, the others move up one
    state = reg.add_players(state, [{"surname": "Late", "ratings": (("fide", 1610),)}]).state
    state = _play(state, rng)
    assert [state.player(pid).pairing_number for pid in _by_rating(state)] == list(range(1, 12))
    state = _play(_play(state, rng), rng)  # rounds 3 and 4
    assert state.last_round == 4
    before = {p.id: p.pairing_number for p in state.players}
    # after round 4 is paired the numbers are frozen: a late entry takes the next free number
    state = reg.add_players(state, [{"surname": "Later", "ratings": (("fide", 2400),)}]).state
    state = _play(state, rng)
    later = next(p for p in state.players if p.surname == "Later")
    assert later.pairing_number == 12
    assert all(state.player(pid).pairing_number == n for pid, n in before.items())


def test_pairing_numbers_frozen_after_round_4_c04_2_art2() -> None:
    rng = random.Random(2)
    state = _event(8)
    for _ in range(3):
        state = _play(state, rng)
    ids = [p.id for p in state.players]
    swapped = {pid: p.pairing_number for pid, p in zip(ids, state.players, strict=True)}
    a, b = ids[0], ids[1]
    swapped[a], swapped[b] = swapped[b], swapped[a]
    assert reg.set_pairing_numbers(state, swapped, "manual").state.player(a).pairing_number == swapped[a]
    state = _play(state, rng)  # round 4 paired
    with pytest.raises(StateError, match="round 4"):
        reg.set_pairing_numbers(state, swapped, "manual")
    rr = _event(6, 5, PairingSystem.ROUND_ROBIN)
    rr = reg.set_pairing_numbers(rr, {p.id: i for i, p in enumerate(rr.players, start=1)}, "manual").state
    from tournament_desk.core.actions.roundrobin import pair_round_robin_round

    rr = pair_round_robin_round(rr).state
    with pytest.raises(StateError, match="frozen"):
        reg.edit_player(rr, rr.players[0].id, {"pairing_number": 6})


def test_requested_byes_survive_unpair_and_every_system() -> None:
    state = _event(9)
    pid = state.players[3].id
    state = reg.request_bye(state, 1, pid, "hpb").state
    paired = swiss.pair_dutch_round(state, drawn_colour="black").state
    assert paired.round(1).entry_of(pid).kind is Outcome.HALF_BYE  # type: ignore[union-attr]
    unpaired = rnds.remove_last_round(paired).state
    again = swiss.pair_dutch_round(unpaired, drawn_colour="white").state
    assert again.round(1).entry_of(pid).kind is Outcome.HALF_BYE  # type: ignore[union-attr]
    sg = _event(9, 4, PairingSystem.SCORE_GROUP)
    sg = reg.request_bye(sg, 1, sg.players[0].id, "zpb").state
    sg = swiss.pair_scoregroup_round(sg).state
    assert sg.round(1).entry_of(sg.players[0].id).kind is Outcome.ZERO_BYE  # type: ignore[union-attr]
    rr = _event(6, 5, PairingSystem.ROUND_ROBIN)
    with pytest.raises(StateError, match="round robin"):
        reg.request_bye(rr, 1, rr.players[0].id, "hpb")
    with pytest.raises(StateError, match="already paired"):
        reg.request_bye(paired, 1, pid, "fpb")


def test_forbidden_pair_is_never_paired() -> None:
    rng = random.Random(4)
    state = _event(8, 5)
    ids = _by_rating(state)
    a, b = ids[0], ids[4]  # 1 v 5 is the natural round-1 board of eight players
    state = reg.set_forbidden_pair(state, a, b).state
    for _ in range(5):
        state = _play(state, rng)
        for g in state.round(state.last_round).games:
            assert set(g.players()) != {a, b}
    trf = event_trf(state)
    assert "XXP" in trf


def test_baku_virtual_points_c04_5_1_example() -> None:
    # "In a nine-round tournament, the accelerated rounds are five": 1 point in rounds 1-3, 0.5 in rounds 4-5
    assert baku_accelerations(9, 9) == (1.0, 1.0, 1.0, 0.5, 0.5, 0.0, 0.0, 0.0, 0.0)
    assert [baku_virtual_points(r, 7) for r in range(1, 8)] == [1.0, 1.0, 0.5, 0.5, 0.0, 0.0, 0.0]
    assert baku_group_a_size(161) == 82  # the text's note: 161 players, GA = 82


def test_baku_event_pairs_as_the_trf_engine_with_xxa() -> None:
    rng = random.Random(5)
    state = _event(20, 7, acceleration="baku")
    for _ in range(4):
        before = state
        state = _play(state, rng)
        number = state.last_round
        trf = loads(event_trf(before if number > 1 else reg.numbered_for_round(before, 1)))
        if number == 1:
            continue  # the initial colour is drawn when round 1 is paired; from round 2 on it is in the TRF
        expected = pair_dutch(to_swiss_state(trf, number))
        tpn = {p.id: p.pairing_number for p in state.players}
        assert {(tpn[g.white_id], tpn[g.black_id]) for g in state.round(number).games} == set(expected.pairs())
    first = state.round(1)
    ga = [p for p in state.players if (p.pairing_number or 99) <= 10]
    # round 1 of an accelerated event pairs GA within itself (everyone in GA has one virtual point)
    assert all((state.player(g.white_id) in ga) == (state.player(g.black_id) in ga) for g in first.games)


def test_no_legal_pairing_names_the_players() -> None:
    state = _event(4, 5)
    rng = random.Random(6)
    for _ in range(3):  # four players, three rounds: everyone has met everyone
        state = _play(state, rng)
    with pytest.raises(swiss.NoLegalPairingError) as caught:
        swiss.pair_dutch_round(state, drawn_colour="white")
    assert len(caught.value.players) == 4
    text = caught.value.message("fr")
    assert all(p.name in text for p in state.players) and "à la main" in text
    assert "Pair this round by hand" in caught.value.message("en")


def test_every_transition_reports_what_it_touched() -> None:
    state = _event(6)
    step = reg.withdraw_player(state, state.players[2].id, 3)
    assert diff_states(state, step.state).players_edited == {state.players[2].id}


def test_chain_is_one_step_each_on_the_state_the_previous_left() -> None:
    """Issue 27: several transitions as one step — one label, the notes gathered, and a refusal anywhere
    refuses the whole (the caller stores only the returned state)."""
    from tournament_desk.core.actions.step import chain
    from tournament_desk.core.messages import msg

    state = EventState(Event("Open", rounds=5))
    step = chain(state, [lambda s: reg.add_players(s, [{"surname": "A"}, {"surname": "B"}]),
                         lambda s: reg.set_forbidden_pair(s, 1, 2),
                         lambda s: rnds.add_round(s, rnds.Round(1, (rnds.Game(1, 1, 1, 2),))),
                         rnds.remove_last_round], msg("Import"), "x")
    assert step.label == msg("Import") and step.payload == "x"
    assert [p.surname for p in step.state.players] == ["A", "B"] and step.state.forbidden_pairs == ((1, 2),)
    assert step.state.rounds == ()
    with pytest.raises(StateError):  # the second transition is refused: no step at all
        chain(state, [lambda s: reg.add_players(s, [{"surname": "A"}]), rnds.remove_last_round], msg("Import"), None)
    assert state.players == ()


def test_rule_settings_are_checked_together_then_written_together() -> None:
    from tournament_desk.core.actions.settings import set_option, set_rule_settings
    from tournament_desk.core.errors import NotFoundError, ValidationError

    state = EventState(Event("Open", rounds=5))
    step = set_rule_settings(state, {"tiebreaks.edition": "FIDE2023", "scrabble.joker_threshold": "3500",
                                     "scrabble.a_threshold": "3000"})
    assert step.state.event.tiebreak_edition == "fide2023"
    assert dict(step.state.options) == {"scrabble.a_threshold": "3000", "scrabble.joker_threshold": "3500"}
    assert step.label.text("en") == ("Rule settings: tiebreaks.edition = fide2023, scrabble.joker_threshold = 3500, "
                                     "scrabble.a_threshold = 3000")
    assert set_rule_settings(state, {"ffjd.organiser_estimate": ""}).label.text("en") == \
        "Rule setting ffjd.organiser_estimate = (empty)"
    with pytest.raises(ValidationError) as one:
        set_rule_settings(state, {"ffjd.cadence": "slow", "ffjd.present": "sometimes"})
    assert "'sometimes' is not a value of ffjd.present" in str(one.value) and one.value.field == "ffjd.present"
    with pytest.raises(ValidationError) as several:
        set_rule_settings(state, [("ffjd.cadence", "x y"), ("scrabble.b_threshold", "-3"), ("ffjd.present", "x")])
    text = str(several.value)
    assert text.startswith("Nothing was changed:") and all(k in text for k in ("ffjd.cadence", "scrabble.b_threshold",
                                                                               "ffjd.present"))
    with pytest.raises(NotFoundError):
        set_rule_settings(state, {"elo.k_factor": "20"})
    with pytest.raises(ValidationError, match="must decrease from Joker to B, not Joker 2900, A 3000, B 1600"):
        set_rule_settings(state, {"scrabble.a_threshold": "3000"})  # the final combination is what is checked
    with pytest.raises(ValidationError, match="No rule setting"):
        set_rule_settings(state, {})
    # the options of the rule namespaces take only this version's settings and values
    with pytest.raises(ValidationError):
        set_option(state, "ffjd.cadence", "blitz")
    with pytest.raises(NotFoundError):
        set_option(state, "scrabble.future_setting", "1")
    with pytest.raises(ValidationError, match="stored with the event"):
        set_option(state, "tiebreaks.edition", "fide2023")
    assert dict(set_option(state, "ffjd.cadence", " SLOW ").state.options) == {"ffjd.cadence": "slow"}
    assert dict(set_option(state, "topcut.size", "8").state.options) == {"topcut.size": "8"}  # not a rule: free
