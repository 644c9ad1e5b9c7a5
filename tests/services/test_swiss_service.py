"""Swiss (FIDE Dutch) through the services: numbering, initial colour, requested byes, withdrawals, late
entries, the checker, and the pairing dispatcher."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tournament_desk.core.errors import StateError, ValidationError
from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayer, AddPlayers, RecordResult, RequestBye, WithdrawPlayer
from tournament_desk.core.results import Outcome
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventSession
from tournament_desk.services.swiss import check_last_round


def _event(tmp_path: Path, n: int, rounds: int = 5) -> EventSession:
    session = EventSession.create(tmp_path / "swiss.tdesk", Event(name="Open", system=PairingSystem.DUTCH,
                                                                  rounds=rounds))
    session.run(AddPlayers([{"surname": f"P{i:02d}", "ratings": (("fide", 2400 - 10 * i),)} for i in range(n)]))
    return session


def _results(session: EventSession, number: int, rng: random.Random) -> None:
    for g in session.state().round(number).games:
        session.run(RecordResult(number, g.board, rng.choice(["1-0", "0-1", "1/2"])))


def test_a_whole_swiss(tmp_path: Path) -> None:
    rng = random.Random(7)
    with _event(tmp_path, 15) as session:
        with pytest.raises(ValidationError):
            session.run(RequestBye(3, 4, "maybe"))
        session.run(RequestBye(3, 4, "hpb"))
        for number in range(1, 6):
            if number == 4:
                session.run(WithdrawPlayer(9, 4))
            result = pair_next(session)
            assert result.payload.round.number == number
            assert not [v for v in check_last_round(session) if v.severity.value == "error"]
            _results(session, number, rng)
        state = session.state()
    # C.04.2 Art.2: numbered by rating at round 1
    assert [p.pairing_number for p in state.players] == list(range(1, 16))
    pairs = [frozenset(g.players()) for r in state.rounds for g in r.games]
    assert len(pairs) == len(set(pairs))  # C1: no rematch
    for r in state.rounds:
        seen = [pid for g in r.games for pid in g.players()] + [b.player_id for b in r.byes]
        assert sorted(seen) == list(range(1, 16))  # everyone once: a board, a bye, or withdrawn
    assert state.round(3).entry_of(4).kind is Outcome.HALF_BYE  # the requested bye
    assert state.round(4).entry_of(9).kind is Outcome.WITHDRAWN
    pabs = [b.player_id for r in state.rounds for b in r.byes if b.kind is Outcome.PAIRING_BYE]
    assert len(pabs) == len(set(pabs))  # C2: nobody gets the PAB twice
    assert stored_event(tmp_path).initial_colour in ("white", "black")  # drawn by lot (C.04.3 Art.5.2)


def stored_event(tmp_path: Path) -> Event:
    with EventSession.open(tmp_path / "swiss.tdesk", readonly=True) as s:
        return s.event


def test_missing_results_block_a_swiss_round_and_late_entries_are_numbered(tmp_path: Path) -> None:
    rng = random.Random(3)
    with _event(tmp_path, 8) as session:
        pair_next(session)
        with pytest.raises(StateError, match="paired from the scores"):
            pair_next(session, force=True)
        _results(session, 1, rng)
        session.run(AddPlayer(surname="Late", ratings=(("fide", 2500),)))
        with pytest.raises(StateError, match="already paired"):
            session.run(RequestBye(1, 1, "hpb"))
        pair_next(session)
        late = next(p for p in session.state().players if p.surname == "Late")
        # C.04.2 Art.2: before round 4 is paired, a late entry is numbered into place by rating (2500: first)
        assert late.pairing_number == 1
        assert sorted(p.pairing_number for p in session.state().players) == list(range(1, 10))
        assert session.state().round(2).entry_of(late.id) is not None


def test_manual_system_is_not_paired_by_the_engine(tmp_path: Path) -> None:
    with EventSession.create(tmp_path / "m.tdesk", Event(name="M", system=PairingSystem.MANUAL)) as session:
        session.run(AddPlayers([{"surname": "A"}, {"surname": "B"}]))
        with pytest.raises(StateError, match="by the arbiter"):
            pair_next(session)
