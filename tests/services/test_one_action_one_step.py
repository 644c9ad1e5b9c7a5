"""Issue 21: every user action is one transaction, one undo step named after it, and one typed change record.

Each action below is performed through the services on a realistic event (players registered in random order),
undone once — the event's domain state (players, rounds, results, settings, requests, top cut) must be exactly
what it was — and redone, giving exactly the state after the action. The change record must name what the
action touched.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from tournament_desk.core.changes import Change, diff_states
from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import (
    AddPlayer,
    AddPlayers,
    EditPlayer,
    RecordBye,
    RecordResult,
    ReinstatePlayer,
    RemovePlayer,
    RequestBye,
    SetForbiddenPair,
    SetPairingNumbers,
    UnpairLastRound,
    UpdateEvent,
    WithdrawPlayer,
)
from tournament_desk.core.results import Discipline
from tournament_desk.core.scoring import KASHDAN
from tournament_desk.services import roundrobin, swiss_variants
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.ratings import apply_rating_list
from tournament_desk.services.rules import set_rule_setting
from tournament_desk.services.session import EventSession
from tournament_desk.services.standings import set_tiebreaks

SURNAMES = ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau",
            "Simon", "Laurent", "Lefèvre", "Michel", "Garcia", "David", "Bertrand", "Roux", "Vincent", "Fournier"]


def _register(session: EventSession, n: int, rng: random.Random, system: str = "fide") -> None:
    ratings = [2350 - 45 * i for i in range(n)]
    rng.shuffle(ratings)  # not registered in rating order
    session.run(AddPlayers([{"surname": SURNAMES[i % len(SURNAMES)], "first_name": f"J{i}",
                          "licence_id": f"K{1000 + i}", "ratings": ((system, r),)} for i, r in enumerate(ratings)]))


def _results(session: EventSession, rng: random.Random, codes: tuple[str, ...] = ("1-0", "0-1", "1/2")) -> None:
    state = session.state()
    for g in state.round(state.last_round).games:
        if g.result is None:
            session.run(RecordResult(g.round, g.board, rng.choice(codes)))


def _one_step(session: EventSession, action: Callable[[], object], label_part: str) -> Change | None:
    """Perform ``action`` (one user action), then check undo and redo; return its change when it gives one."""
    before = session.state()
    steps_before = len([e for e in session._repo.journal() if not e.undone])
    result = action()
    after = session.state()
    assert after == session._repo.load_state()  # the state kept in memory is the file's
    assert after != before, f"{label_part}: nothing changed"
    done = [e for e in session._repo.journal() if not e.undone]
    assert len(done) == steps_before + 1, f"{label_part}: {len(done) - steps_before} undo steps"
    assert label_part in (session.undo_label() or ""), session.undo_label()
    change = result if isinstance(result, Change) else getattr(result, "change", None)
    if change is not None:
        assert change.what == diff_states(before, after)  # the record names exactly what differs
    undone = session.undo()
    assert undone is not None and label_part in undone.label("en")
    assert session.state() == before, f"{label_part}: undo did not restore the event"
    assert undone.what == diff_states(after, before)
    session.redo()
    assert session.state() == after, f"{label_part}: redo did not give the same event"
    return change


def test_every_action_of_a_dutch_swiss_is_one_step(tmp_path: Path) -> None:
    rng = random.Random(21)
    event = Event.for_discipline("Open de Lyon", Discipline.CHESS, system=PairingSystem.DUTCH, rounds=5)
    with EventSession.create(tmp_path / "open.tdesk", event) as s:
        _one_step(s, lambda: _register(s, 14, rng), "Import 14 players")
        change = _one_step(s, lambda: s.run(AddPlayer(surname="Late", first_name="Zoé", ratings=(("fide", 1500),))),
                           "Add player LATE")
        assert change is not None and change.what.players_added == {15}
        _one_step(s, lambda: s.run(EditPlayer(15, club="Échiquier Lyonnais")), "Edit player LATE")
        _one_step(s, lambda: s.run(RemovePlayer(15)), "Delete player LATE")
        _one_step(s, lambda: s.run(RequestBye(2, 3, "hpb")), "requests a half-point bye")
        _one_step(s, lambda: s.run(RequestBye(3, 4, "zpb")), "requests a zero-point bye")
        _one_step(s, lambda: s.run(RequestBye(3, 4, None)), "cancel the bye requested")
        _one_step(s, lambda: s.run(SetForbiddenPair(1, 2)), "must not meet")
        _one_step(s, lambda: s.run(UpdateEvent(place="Lyon", rounds=6)), "Edit event settings")
        _one_step(s, lambda: set_tiebreaks(s, ["BH-C1", "BH", "SB"]), "Tie-breaks: BH-C1, BH, SB")
        _one_step(s, lambda: set_rule_setting(s, "tiebreaks.edition", "fide2023"), "Rule setting tiebreaks.edition")
        _one_step(s, lambda: set_rule_setting(s, "ffjd.cadence", "slow"), "Rule setting ffjd.cadence")
        # pairing round 1 numbers the players, draws the initial colour and stores the round: one step
        change = _one_step(s, lambda: pair_next(s), "Pair round 1 (FIDE Dutch)")
        assert change is not None and change.what.rounds_added == {1} and "initial_colour" in change.what.event_fields
        assert change.what.players_edited == {p.id for p in s.state().players}  # pairing numbers given
        first = s.state().round(1).games[0]
        change = _one_step(s, lambda: s.run(RecordResult(1, first.board, "1-0")), "Result round 1 board 1")
        assert change is not None and change.what.boards == {(1, first.board)} and change.what.results_only
        _one_step(s, lambda: s.run(RecordResult(1, first.board, "0-1", replace=True)), "Result round 1 board 1")
        _results(s, rng)
        _one_step(s, lambda: s.run(UnpairLastRound()), "Unpair round 1")
        s.undo()  # keep round 1 with its results
        _one_step(s, lambda: pair_next(s), "Pair round 2 (FIDE Dutch)")
        assert s.state().round(2).entry_of(3).kind.value == "hpb"  # the requested bye became the round's bye
        _one_step(s, lambda: s.run(WithdrawPlayer(5, 3)), "Withdraw")
        _one_step(s, lambda: s.run(ReinstatePlayer(5)), "Reinstate")
        _one_step(s, lambda: s.run(SetPairingNumbers({p.id: n for n, p in enumerate(
            sorted(s.state().players, key=lambda p: p.id), start=1)}, how="manual")), "Assign pairing numbers")
        rnd = s.state().round(2)
        unpaired = [p.id for p in s.state().players if rnd.entry_of(p.id) is None]
        if unpaired:
            _one_step(s, lambda: s.run(RecordBye(2, unpaired[0], "zpb")), "Round 2")
        csv = tmp_path / "ratings.csv"
        csv.write_text("licence;classement\nK1000;2400\nK1001;1200\n", encoding="utf-8")
        _one_step(s, lambda: apply_rating_list(s, csv), "Import rating list")


def test_manual_scoregroup_roundrobin_and_top_cut_actions_are_one_step(tmp_path: Path) -> None:
    rng = random.Random(5)
    event = Event("Coupe des clubs", system=PairingSystem.SCORE_GROUP, rounds=4, scoring=KASHDAN)
    with EventSession.create(tmp_path / "sg.tdesk", event) as s:
        _register(s, 17, rng)
        _one_step(s, lambda: s.run(RequestBye(1, 2, "hpb")), "requests a half-point bye")
        change = _one_step(s, lambda: pair_next(s), "(score groups)")
        assert s.state().round(1).entry_of(2).kind.value == "hpb"  # honoured by the score-group system
        assert change is not None
        for _ in range(3):
            _results(s, rng, ("1-0", "0-1"))
            pair_next(s)
        _results(s, rng, ("1-0", "0-1"))
        _one_step(s, lambda: swiss_variants.start_top_cut(s, 4, "playoff"), "Start the top 4")
        _one_step(s, lambda: pair_next(s), "top cut, Semi-finals")
        s.run(RecordResult(5, 1, "1/2"))
        white = s.state().round(5).games[0].white_id
        _one_step(s, lambda: swiss_variants.record_playoff(s, 5, 1, white), "Play-off round 5 board 1")

    with EventSession.create(tmp_path / "manual.tdesk", Event("Manuel", system=PairingSystem.MANUAL, rounds=3)) as s:
        _register(s, 5, rng)
        ids = [p.id for p in s.state().players]
        _one_step(s, lambda: swiss_variants.store_manual_round(s, [(ids[0], ids[1]), (ids[2], ids[3])], [ids[4]]),
                  "Pair round 1 by hand")

    rr = Event.for_discipline("Championnat", Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN, rounds=9)
    with EventSession.create(tmp_path / "rr.tdesk", rr) as s:
        _register(s, 9, rng, "ffjd")
        _one_step(s, lambda: roundrobin.assign_numbers(s, "lot", seed=11),
                  "Assign pairing numbers (draw of lots no. 11)")
        _one_step(s, lambda: pair_next(s), "Pair round 1")


def test_an_action_that_changes_nothing_leaves_no_step(chess_session: EventSession) -> None:
    chess_session.run(AddPlayer(surname="Alpha"))
    chess_session.run(EditPlayer(1, club=""))  # the same value: nothing to undo
    assert chess_session.undo_label() == "Add player ALPHA"
    with pytest.raises(Exception, match="Unknown player field"):
        chess_session.run(AddPlayer(surname="X", elo=2000))
    assert [p.surname for p in chess_session.players()] == ["Alpha"]


