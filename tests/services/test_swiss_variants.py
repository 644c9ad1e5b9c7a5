"""Score-group pairing, manual pairing with overrides in the audit log, and the top cut, through the services."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.errors import PairingError, StateError, ValidationError
from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayers, RecordResult
from tournament_desk.core.results import Outcome
from tournament_desk.core.scoring import KASHDAN
from tournament_desk.services import swiss_variants as sv
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventSession


def _event(tmp_path: Path, n: int, system: PairingSystem = PairingSystem.SCORE_GROUP, rounds: int = 5
           ) -> EventSession:
    session = EventSession.create(tmp_path / "sg.tdesk", Event("Open", system=system, rounds=rounds,
                                                                scoring=KASHDAN))
    session.run(AddPlayers([{"surname": f"P{i:02d}", "ratings": (("fide", 2400 - 10 * i),)} for i in range(1, n + 1)]))
    return session


def _play(session: EventSession, rng: random.Random, choices: tuple[str, ...] = ("1-0", "0-1", "1/2")) -> None:
    state = session.state()
    for g in state.round(state.last_round).games:
        if g.result is None:
            session.run(RecordResult(g.round, g.board, rng.choice(choices)))


def test_scoregroup_rounds_end_to_end(tmp_path: Path) -> None:
    rng = random.Random(5)
    with _event(tmp_path, 9) as session:
        first = pair_next(session)
        # seed 004 L13-16 on the 8 highest-rated: 1-5, 2-6, 3-7, 4-8; the lowest-rated (id 9) has the bye
        assert {frozenset(g.players()) for g in first.payload.round.games} == {
            frozenset((i, i + 4)) for i in range(1, 5)}
        assert [(b.player_id, b.kind) for b in first.payload.round.byes] == [(9, Outcome.PAIRING_BYE)]
        with pytest.raises(StateError, match="misses results"):
            pair_next(session)
        _play(session, rng)
        for _ in range(4):
            pair_next(session)
            _play(session, rng)
        state = session.state()
        pairs = [frozenset(g.players()) for r in state.rounds for g in r.games]
        assert len(pairs) == len(set(pairs))  # no rematch
        bye_receivers = [b.player_id for r in state.rounds for b in r.byes]
        assert len(bye_receivers) == len(set(bye_receivers)) == 5  # never twice (L39)
        assert state.score(9, 1) == KASHDAN.pairing_bye == 4
        assert any("(score groups)" in e.label.text("en") for e in session.audit_log())
        with pytest.raises(StateError, match="only 5 rounds"):
            pair_next(session)


def test_scoregroup_refuses_other_systems(tmp_path: Path) -> None:
    """One pairing entry pairs by the event's system; the old spelling ``pair-scoregroup`` (now ``pair --system
    scoregroup``) still refuses an event paired otherwise."""
    with _event(tmp_path, 4, PairingSystem.DUTCH) as session:
        path = session.path
    assert main(["pair-scoregroup", str(path)]) == 4
    with EventSession.open(path, readonly=True) as session:
        assert session.state().last_round == 0


def test_manual_round_with_warnings_and_override_reason(tmp_path: Path) -> None:
    with _event(tmp_path, 6, PairingSystem.MANUAL) as session:
        board = sv.manual_board(session)
        assert len(board) == 6
        assert [c.player_id for c in sv.manual_candidates(session, 1)] == [2, 3, 4, 5, 6]
        sv.store_manual_round(session, [(1, 2), (3, 4), (5, 6)])
        with pytest.raises(StateError, match="misses results"):
            sv.store_manual_round(session, [(1, 3), (2, 5), (4, 6)])
        for g in session.state().round(1).games:
            session.run(RecordResult(1, g.board, "1-0"))
        assert 2 not in [c.player_id for c in sv.manual_candidates(session, 1)]
        with pytest.raises(PairingError, match="already met in round 1") as info:
            sv.store_manual_round(session, [(2, 1), (3, 5), (4, 6)])
        assert "déjà rencontrés" in info.value.message("fr")
        assert session.state().last_round == 1
        completion = sv.manual_completion(session, [(1, 3)])
        assert completion.possible
        result = sv.store_manual_round(session, [(2, 1), (3, 5), (4, 6)], reason="players asked, arbiter agreed")
        assert result.payload.overridden
        log = [e.label.text("en") for e in session.audit_log()]
        assert any("override (rematch): players asked, arbiter agreed" in label for label in log)
        assert "dérogation" in session.undo_label("fr")


def test_manual_round_refuses_impossible_entries_even_with_reason(tmp_path: Path) -> None:
    with _event(tmp_path, 4, PairingSystem.MANUAL) as session:
        with pytest.raises(PairingError, match="appears 2 times"):
            sv.store_manual_round(session, [(1, 2), (1, 3)], reason="oops")
        with pytest.raises(PairingError, match="not paired"):
            sv.store_manual_round(session, [(1, 2)])


def test_top_cut_after_swiss(tmp_path: Path) -> None:
    rng = random.Random(11)
    with _event(tmp_path, 20, rounds=4) as session:
        with pytest.raises(StateError, match="Swiss rounds"):
            sv.start_top_cut(session, 4)
        for _ in range(4):
            pair_next(session)
            _play(session, rng, ("1-0", "0-1"))
        with pytest.raises(ValidationError):
            sv.start_top_cut(session, 6)
        settings = sv.start_top_cut(session, None, "playoff")  # 20 entrants: top 4 recommended (L43)
        settings = settings.payload
        assert settings.size == 4 and settings.after_round == 4
        from tournament_desk.services.standings import standings

        assert list(settings.seeds) == [ln.player_id for ln in standings(session.state()).lines[:4]]
        stored = session.state().top_cut
        assert stored is not None and stored.draw_rule == "playoff" and stored.seeds == settings.seeds
        semi = pair_next(session)  # once the cut has started, the one pairing entry pairs its bracket
        assert session.state().event.rounds == 5 and semi.payload.round.number == 5
        s = settings.seeds
        assert {g.players() for g in semi.payload.round.games} == {(s[0], s[3]), (s[1], s[2])}
        session.run(RecordResult(5, 1, "1/2"))
        session.run(RecordResult(5, 2, "0-1"))
        with pytest.raises(StateError, match="no winner"):
            pair_next(session)
        sv.record_playoff(session, 5, 1, s[3])
        final = pair_next(session)
        assert final.payload.round.games[0].players() == (s[2], s[3])  # higher seed White
        session.run(RecordResult(6, 1, "0-1"))
        b = sv.bracket(session)
        assert b.champion == s[3]
        with pytest.raises(StateError, match="champion"):
            pair_next(session)
        assert sv.top_cut_pdf(session, lang="en").startswith(b"%PDF")
