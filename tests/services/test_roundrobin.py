"""Round robin end to end through the services: numbers, grid pairing, EXEMPT, withdrawals, double RR."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.core.errors import StateError, ValidationError
from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayer, RecordResult, WithdrawPlayer
from tournament_desk.core.pairing.berger import berger_rounds
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.roundrobin import assign_numbers, event_grid_pdf
from tournament_desk.services.session import EventSession


def _event(tmp_path: Path, n: int, discipline: Discipline = Discipline.DRAUGHTS,
           system: PairingSystem = PairingSystem.ROUND_ROBIN) -> EventSession:
    session = EventSession.create(tmp_path / "rr.tdesk", Event.for_discipline("RR", discipline, system=system,
                                                                               rounds=3))
    for i in range(1, n + 1):
        session.run(AddPlayer(surname=f"P{i:02d}", ratings=(("ffjd", 2000 - 10 * i), ("fide", 2000 - 10 * i))))
    return session


def _play_all(session: EventSession, result: str) -> None:
    while True:
        state = session.state()
        try:
            pair_next(session)
        except StateError as exc:
            assert "already paired" in str(exc)
            return
        rnd = session.state().round(state.last_round + 1)
        for g in rnd.games:
            if g.result is None:
                session.run(RecordResult(rnd.number, g.board, result))


def test_nine_player_draughts_event_follows_the_fmjd_grid(tmp_path: Path) -> None:
    """Seed 000 §6.5 and Annexe A: 9 players use the 10-player grid, number 10 is the EXEMPT."""
    with _event(tmp_path, 9) as session:
        with pytest.raises(StateError, match="Assign pairing numbers"):
            pair_next(session)
        assign_numbers(session, "rating")
        _play_all(session, "1-1")
        state = session.state()
        assert state.event.rounds == 9  # set from the grid at round 1
        grid = berger_rounds(9, order="fmjd")
        number = {p.id: p.pairing_number for p in state.players}
        for rnd, expected in zip(state.rounds, grid, strict=True):
            boards = [(number[g.white_id], number[g.black_id]) for g in rnd.games]
            assert boards == [b for b in expected if 10 not in b]  # same games, colours, FMJD board order
            assert len(rnd.byes) == 1 and rnd.byes[0].kind is Outcome.PAIRING_BYE
            exempt_player = next(a if b == 10 else b for a, b in expected if 10 in (a, b))
            assert number[rnd.byes[0].player_id] == exempt_player
        # everyone had exactly one EXEMPT round, scored as the event's bye (2 in draughts) + 8 draws
        assert all(state.score(p.id) == 2 + 8 for p in state.players)
        with pytest.raises(StateError, match="late entry"):
            session.run(AddPlayer(surname="Late"))


def test_chess_uses_fide_order_and_missing_results_block(tmp_path: Path) -> None:
    with _event(tmp_path, 6, Discipline.CHESS) as session:
        assign_numbers(session, "lot", seed=7)
        first = pair_next(session).payload.round
        number = {p.id: p.pairing_number for p in session.state().players}
        assert [(number[g.white_id], number[g.black_id]) for g in first.games] == berger_rounds(6, order="fide")[0]
        with pytest.raises(StateError, match="misses results"):
            pair_next(session)
        second = pair_next(session, force=True).payload.round
        assert second.number == 2
        assert session.event.numbering == "lot, seed 7"


def test_lot_is_reproducible_and_frozen(tmp_path: Path) -> None:
    with _event(tmp_path, 8) as a:
        assign_numbers(a, "lot", seed=123)
        first = {p.id: p.pairing_number for p in a.state().players}
        assign_numbers(a, "lot", seed=123)
        assert {p.id: p.pairing_number for p in a.state().players} == first
        assert a.event.numbering == "lot, seed 123"
        with pytest.raises(ValidationError):
            assign_numbers(a, "manual", manual={1: 1, 2: 1})
        pair_next(a)
        with pytest.raises(StateError, match="frozen"):
            assign_numbers(a, "rating")


def test_withdrawal_turns_remaining_games_into_chosen_forfeits(tmp_path: Path) -> None:
    """Seed 000 §6.4: the grid stays; games of a withdrawn player become 0fe or 0fne as the arbiter chose."""
    with _event(tmp_path, 6) as session:
        assign_numbers(session, "rating")
        pair_next(session)
        for g in session.state().round(1).games:
            session.run(RecordResult(1, g.board, "2-0"))
        session.run(WithdrawPlayer(1, 2, forfeit="0fne"))
        session.run(WithdrawPlayer(2, 2, forfeit="0fe"))
        _play_all(session, "1-1")
        state = session.state()
        seen = set()
        for rnd in state.rounds[1:]:
            for g in rnd.games:
                ids = {g.white_id, g.black_id}
                if ids == {1, 2}:
                    assert g.result is GameResult.DOUBLE_FORFEIT
                elif 1 in ids:
                    assert g.outcome_of(1) is Outcome.FORFEIT_LOSS_UNEXCUSED
                elif 2 in ids:
                    assert g.outcome_of(2) is Outcome.FORFEIT_LOSS_EXCUSED
                seen |= ids
        assert {1, 2} <= seen


def test_double_round_robin(tmp_path: Path) -> None:
    with _event(tmp_path, 4, system=PairingSystem.DOUBLE_ROUND_ROBIN) as session:
        assign_numbers(session, "rating")
        _play_all(session, "1-1")
        state = session.state()
        assert len(state.rounds) == 6 and state.event.rounds == 6
        pairs = [frozenset((g.white_id, g.black_id)) for r in state.rounds for g in r.games]
        assert all(pairs.count(p) == 2 for p in pairs)
        colours = [(g.white_id, g.black_id) for r in state.rounds for g in r.games]
        assert all(colours.count(c) == 1 for c in colours)  # second cycle reverses colours


def test_grid_pdf(tmp_path: Path) -> None:
    with _event(tmp_path, 9) as session:
        assign_numbers(session, "rating")
        pdf = event_grid_pdf(session, lang="fr")
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page ") >= 1
