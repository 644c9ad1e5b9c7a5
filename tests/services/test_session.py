"""The event session facade: validation, one journal entry per action, undo/redo across restarts."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tournament_desk.core.actions.players import DuplicatePlayerError, LicenceTakenError
from tournament_desk.core.errors import NotFoundError, ResultError, StateError, ValidationError
from tournament_desk.core.model import Bye, Event, Game, PairingSystem, Round
from tournament_desk.core.operations import (
    AddPlayer,
    AddPlayers,
    EditPlayer,
    RecordBye,
    RecordResult,
    RemovePlayer,
    SetOption,
    SetPairingNumbers,
    StoreRound,
    UnpairLastRound,
    UpdateEvent,
    WithdrawPlayer,
)
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.services.session import EventSession


def _three(session: EventSession) -> None:
    session.run(AddPlayer(surname="Alpha", licence_id="L1", ratings=(("fide", 2000),)))
    session.run(AddPlayer(surname="Bravo", birth_date=dt.date(2000, 1, 1)))
    session.run(AddPlayer(surname="Charlie"))


def test_namesakes_are_a_warning_with_register_anyway_a_licence_twice_is_refused(chess_session: EventSession) -> None:
    _three(chess_session)
    # the same licence number is one player: refused, naming the other, whatever the caller chose (issue 29 item 5)
    for anyway in (False, True):
        with pytest.raises(LicenceTakenError, match=r"OTHER has licence L1, already registered for ALPHA \(id 1\)") \
                as refused:
            chess_session.run(AddPlayer(surname="Other", licence_id="l1 ", allow_duplicates=anyway))
        assert refused.value.field == "licence_id" and not isinstance(refused.value, DuplicatePlayerError)
        assert [(new.surname, old.surname) for new, old in refused.value.clashes] == [("Other", "Alpha")]
    assert "déjà inscrite pour ALPHA (identifiant 1)" in refused.value.message("fr")
    with pytest.raises(DuplicatePlayerError, match=r"looks like BRAVO \(id 2\), already registered") as caught:
        chess_session.run(AddPlayer(surname=" bravo ", birth_date=dt.date(2000, 1, 1)))  # trimmed, any case
    assert [(new.surname, old.surname) for new, old in caught.value.duplicates] == [("bravo", "Bravo")]
    with pytest.raises(ValidationError, match="Unknown player field"):
        chess_session.run(AddPlayer(surname="X", elo=2000))
    assert len(chess_session.players()) == 3
    # two real people may share a name and a birth date (with other licences, or none): the arbiter registers anyway
    chess_session.run(AddPlayer(surname="Bravo", birth_date=dt.date(2000, 1, 1), allow_duplicates=True))
    chess_session.run(AddPlayer(surname="Alpha", birth_date=dt.date(1990, 5, 5), licence_id="L2"))
    chess_session.run(AddPlayer(surname="Alpha", birth_date=dt.date(1990, 5, 5), licence_id="L3",
                                allow_duplicates=True))
    assert [p.surname for p in chess_session.players()] == ["Alpha", "Bravo", "Charlie", "Bravo", "Alpha", "Alpha"]
    # an edit that gives a player another's licence is refused the same way; one that keeps it is not
    with pytest.raises(LicenceTakenError, match=r"already registered for ALPHA \(id 1\)"):
        chess_session.run(EditPlayer(3, licence_id="L1", allow_duplicates=True))
    chess_session.run(EditPlayer(1, club="Lyon"))
    # players registered together may not share one either
    with pytest.raises(LicenceTakenError, match="DELTA and ECHO both have licence Z9"):
        chess_session.run(AddPlayers([{"surname": "Delta", "licence_id": "Z9"},
                                      {"surname": "Echo", "licence_id": "z9"}], allow_duplicates=True))
    assert len(chess_session.players()) == 6


def test_undo_redo_survive_restart(event_path: Path) -> None:
    with EventSession.create(event_path, Event(name="x", rounds=3)) as s:
        _three(s)
        s.run(StoreRound(Round(1, (Game(1, 1, 1, 2),), (Bye(1, 3, Outcome.PAIRING_BYE),))))
        s.run(RecordResult(1, 1, "1-0"))
        assert s.undo_label() == "Result round 1 board 1: Alpha-Bravo 1-0"
    with EventSession.open(event_path) as s:
        change = s.undo()
        assert change is not None and "Alpha-Bravo" in change.label("en")
        assert s.state().round(1).games[0].result is None
        assert s.redo_label("fr") is not None and s.redo_label("fr").startswith("Résultat")
    with EventSession.open(event_path) as s:
        s.redo()
        assert s.state().round(1).games[0].result is GameResult.WHITE_WIN
        # undo everything, back to an empty event
        while s.undo() is not None:
            pass
        assert s.state().players == () and s.state().rounds == ()
        assert s.undo() is None
        s.redo()
        assert [p.surname for p in s.state().players] == ["Alpha"]
        # a new action clears the redo stack
        s.run(AddPlayer(surname="Delta"))
        assert s.redo() is None
        assert [p.surname for p in s.state().players] == ["Alpha", "Delta"]


def test_rounds_in_order_and_players_once(chess_session: EventSession) -> None:
    _three(chess_session)
    with pytest.raises(StateError, match="next round is 1"):
        chess_session.run(StoreRound(Round(2, (Game(2, 1, 1, 2),))))
    with pytest.raises(StateError, match="twice"):
        chess_session.run(StoreRound(Round(1, (Game(1, 1, 1, 2), Game(1, 2, 2, 3)))))
    with pytest.raises(NotFoundError):
        chess_session.run(StoreRound(Round(1, (Game(1, 1, 1, 99),))))
    chess_session.run(StoreRound(Round(1, (Game(1, 1, 1, 2),), (Bye(1, 3, Outcome.PAIRING_BYE),))))
    with pytest.raises(ResultError, match="board 1"):
        chess_session.run(RecordBye(1, 1, "hpb"))
    chess_session.run(RecordBye(1, 3, "hpb"))
    assert chess_session.state().outcome(3, 1) is Outcome.HALF_BYE
    chess_session.run(UnpairLastRound())
    assert chess_session.rounds() == ()


def test_result_validation(draughts_session: EventSession) -> None:
    _three(draughts_session)
    draughts_session.run(StoreRound(Round(1, (Game(1, 1, 1, 2),), (Bye(1, 3, Outcome.PAIRING_BYE),))))
    with pytest.raises(ResultError):
        draughts_session.run(RecordResult(1, 1, "1-0"))  # chess notation in a draughts event
    with pytest.raises(NotFoundError):
        draughts_session.run(RecordResult(1, 7, "2-0"))
    draughts_session.run(RecordResult(1, 1, "0fne"))
    state = draughts_session.state()
    assert state.outcome(1, 1) is Outcome.FORFEIT_LOSS_UNEXCUSED and state.score(2) == 2
    draughts_session.run(RecordResult(1, 1, None))  # clear a wrong entry
    assert draughts_session.state().round(1).missing_results == (1,)


def test_scrabble_points_must_match_result(tmp_path: Path) -> None:
    with EventSession.create(tmp_path / "s.tdesk", Event.for_discipline("S", Discipline.SCRABBLE)) as s:
        s.run(AddPlayer(surname="A"))
        s.run(AddPlayer(surname="B"))
        s.run(StoreRound(Round(1, (Game(1, 1, 1, 2),))))
        with pytest.raises(ResultError, match="contradict"):
            s.run(RecordResult(1, 1, "0-1", white_points=400, black_points=300))
        with pytest.raises(ResultError, match="both"):
            s.run(RecordResult(1, 1, "1-0", white_points=400))
        s.run(RecordResult(1, 1, "1-0", white_points=400, black_points=300))


def test_withdraw_remove_and_numbers(chess_session: EventSession) -> None:
    _three(chess_session)
    chess_session.run(SetPairingNumbers({1: 2, 2: 1, 3: 3}, how="lot"))
    with pytest.raises(ValidationError):
        chess_session.run(SetPairingNumbers({1: 1, 2: 1, 3: 3}))
    chess_session.run(StoreRound(Round(1, (Game(1, 1, 1, 2),), (Bye(1, 3, Outcome.PAIRING_BYE),))))
    # C.04.2 Art.2: in a Swiss, pairing numbers may be corrected until round 4 is paired
    chess_session.run(SetPairingNumbers({1: 1, 2: 2, 3: 3}))
    assert [p.pairing_number for p in chess_session.players()] == [1, 2, 3]
    with pytest.raises(StateError, match="withdraw"):
        chess_session.run(RemovePlayer(3))
    with pytest.raises(StateError, match="already paired"):
        chess_session.run(WithdrawPlayer(1, 1))
    chess_session.run(WithdrawPlayer(3, 2))
    assert chess_session.state().player(3).withdrawn_from_round == 2
    chess_session.run(AddPlayer(surname="Late"))
    chess_session.run(RemovePlayer(4))
    assert len(chess_session.players()) == 3


def test_event_settings(chess_session: EventSession) -> None:
    chess_session.run(UpdateEvent(name="Renamed", tiebreaks=("BH",)))
    assert chess_session.event.name == "Renamed"
    _three(chess_session)
    chess_session.run(StoreRound(Round(1, (Game(1, 1, 1, 2),))))
    with pytest.raises(StateError):
        chess_session.run(UpdateEvent(system=PairingSystem.MANUAL))
    chess_session.run(StoreRound(Round(2, (Game(2, 1, 2, 1),))))
    with pytest.raises(StateError, match="already paired"):
        chess_session.run(UpdateEvent(rounds=1))


def test_options_are_stored_and_undoable(chess_session: EventSession) -> None:
    chess_session.run(SetOption("topcut.size", "8"))
    assert chess_session.options() == {"topcut.size": "8"}
    chess_session.run(SetOption("topcut.size", "16"))
    chess_session.undo()
    assert chess_session.options() == {"topcut.size": "8"}
    with pytest.raises(ValidationError):
        chess_session.run(SetOption("bad key!", "x"))
