""""Why this pairing?" (issue 22.4) on rounds where the reason is known.

Each case is a small round built so that the natural pairing (S1 against S2, the lowest player floating, the
last player getting the bye) breaks one rule; the explanation must name that rule, with the players concerned,
in English and in French. Then the same through an event (services/explain.py) and the CLI.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.errors import NotFoundError, StateError
from tournament_desk.core.ids import PairingNumber
from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayers, RecordResult
from tournament_desk.core.pairing.dutch import pair_dutch
from tournament_desk.core.pairing.explain import explain, explain_all
from tournament_desk.core.pairing.swiss_state import (
    ByeKind,
    Colour,
    Float,
    Outcome,
    PlayerState,
    RoundEntry,
    SwissState,
)
from tournament_desk.services.explain import explain_pairing
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventSession

W, B = Colour.WHITE, Colour.BLACK
N = PairingNumber


def _game(opponent: int, colour: Colour, outcome: Outcome = Outcome.DRAW) -> RoundEntry:
    return RoundEntry(N(opponent), colour, outcome, True)


def _state(history: dict[int, list[RoundEntry]], total: int = 5) -> SwissState:
    players = tuple(PlayerState(N(i), tuple(history[i]), rating=2500 - 10 * i, name=f"P{i}") for i in sorted(history))
    return SwissState(players, len(next(iter(history.values()))), total)


def test_c3_a_third_white_in_a_row() -> None:
    """C.04.3 Art.2.1.3 (C3): 1 and 5 both had White twice running; the natural 1 v 5 is refused."""
    state = _state({
        1: [_game(8, W), _game(7, W)], 8: [_game(1, B), _game(2, W)],
        5: [_game(4, W), _game(3, W)], 4: [_game(5, B), _game(6, W)],
        2: [_game(7, W), _game(8, B)], 7: [_game(2, B), _game(1, B)],
        6: [_game(3, W), _game(4, B)], 3: [_game(6, B), _game(5, B)],
    })
    pairing = pair_dutch(state)
    assert (5, 1) not in pairing.pairs() and (1, 5) not in pairing.pairs()
    got = explain(state, pairing, N(1))  # the natural S1/S2 opponent of 1 is 5
    assert [a.expected for a in got.alternatives][:1] == [5]
    reason = got.alternatives[0].reason
    assert reason.criterion == "C3" and reason.rule == "C.04.3 Art.2.1.3 (C3)"
    assert reason.text("en") == "1 and 5 both must have Black: either would get a third White in a row."
    assert "troisième fois de suite" in reason.text("fr") and "les Noirs" in reason.text("fr")
    assert got.lines("en")[1] == "Not 1 P1 v 5 P5: 1 and 5 both must have Black: either would get a third White in " \
                                 "a row."


def test_c1_no_rematch() -> None:
    """C.04.3 Art.2.1.1 (C1): 1 and 3 met in round 1, so round 2 cannot repeat the natural 1 v 3."""
    state = _state({1: [_game(3, W)], 3: [_game(1, B)], 2: [_game(4, B)], 4: [_game(2, W)]})
    pairing = pair_dutch(state)
    got = explain(state, pairing, N(1), N(3))
    assert got.alternatives[0].reason.criterion == "C1"
    assert got.alternatives[0].reason.text("en") == "1 and 3 already met in round 1."


def test_c12_colour_preferences() -> None:
    """C.04.3 Art.2.4.7 (C12): 1 and 3 had White and want Black, 2 and 4 want White; 1 v 4 and 2 v 3 grant
    everybody, the natural 1 v 3 (and so 2 v 4) would deny the lower-ranked player of each pair (Art.5.2.4)."""
    state = _state({1: [_game(2, W)], 2: [_game(1, B)], 3: [_game(4, W)], 4: [_game(3, B)]})
    pairing = pair_dutch(state)
    assert set(pairing.pairs()) == {(4, 1), (2, 3)}
    got = explain(state, pairing, N(1))
    reason = got.alternatives[0].reason
    assert got.alternatives[0].expected == 3
    assert reason.criterion == "C12"
    assert reason.text("en") == "3 and 4 would not get their colour preference."
    assert reason.text("fr") == "3 et 4 n'obtiendraient pas leur couleur préférée."


def test_c2_the_bye_goes_to_a_player_who_had_none() -> None:
    """C.04.3 Art.2.1.2 (C2): 5 had the PAB in round 1 and cannot take it again, whatever his rank."""
    pab = RoundEntry(None, None, Outcome.WIN, False, ByeKind.PAB)
    state = _state({1: [_game(2, W)], 2: [_game(1, B)], 3: [_game(4, W)], 4: [_game(3, B)], 5: [pab]})
    pairing = pair_dutch(state)
    assert pairing.bye not in (None, 5)
    got = explain(state, pairing, pairing.bye, N(5))
    assert got.bye and got.players == (pairing.bye,)
    assert got.alternatives[0].reason.criterion == "C2"
    assert got.alternatives[0].reason.text("en") == "5 already scored a point without playing (a bye or a forfeit win)."


def test_c5_the_bye_goes_to_the_lowest_score() -> None:
    """C.04.3 Art.2.3.1 (C5): 3 has a point, and players on 0 points can take the bye."""
    absent = RoundEntry(None, None, Outcome.LOSS, False, ByeKind.ZERO)
    state = _state({
        1: [_game(2, W, Outcome.WIN)], 2: [_game(1, B, Outcome.LOSS)],
        3: [_game(4, W, Outcome.WIN)], 4: [_game(3, B, Outcome.LOSS)], 5: [absent],
    })
    pairing = pair_dutch(state)
    assert pairing.bye in (2, 4, 5)
    got = explain(state, pairing, pairing.bye, N(3))
    reason = got.alternatives[0].reason
    assert reason.criterion == "C5"
    assert reason.text("en") == "3 has 1 point; a player with 0 points can take the bye."
    assert reason.text("fr") == "3 a 1 point ; un joueur à 0 point peut être exempt."


def test_a_downfloater_from_an_odd_score_group() -> None:
    """C.04.3 Art.2.4.1 (C6): 1 alone on 1 point must float down."""
    state = _state({
        1: [_game(3, W, Outcome.WIN)], 3: [_game(1, B, Outcome.LOSS)],
        2: [_game(4, B)], 4: [_game(2, W)],
    })
    pairing = pair_dutch(state)
    board = next(b for b in pairing.boards if 1 in b.players)
    got = explain(state, pairing, N(1))
    assert got.bracket_score == 0.5
    down = [f for f in got.floats if f.direction is Float.DOWN]
    assert [f.player for f in down] == [1] and board.floats[N(1)] is Float.DOWN
    assert down[0].why_float.criterion == "C6"
    assert down[0].why_float.text("en") == "the 1 point bracket has an odd number of players (1): one floats down."
    assert "nombre impair" in down[0].why_float.text("fr")
    assert all(e.lines("fr") for e in explain_all(state, pairing))


def _swiss(tmp_path: Path, n: int) -> Path:
    path = tmp_path / "why.tdesk"
    ratings = [2300 - 17 * i for i in range(n)]
    random.Random(22).shuffle(ratings)  # registered in random order: ids are not pairing numbers
    with EventSession.create(path, Event(name="Open", system=PairingSystem.DUTCH, rounds=5)) as session:
        session.run(AddPlayers([{"surname": f"Joueur{i:02d}", "ratings": (("fide", r),)}
                                for i, r in enumerate(ratings)]))
        rng = random.Random(5)
        for number in (1, 2, 3):
            pair_next(session)
            for g in session.state().round(number).games:
                session.run(RecordResult(number, g.board, rng.choice(["1-0", "0-1", "1/2"])))
        pair_next(session)
    return path


def test_the_service_explains_every_board_and_the_bye(tmp_path: Path) -> None:
    path = _swiss(tmp_path, 15)
    with EventSession.open(path, readonly=True) as session:
        state = session.state()
        rnd = state.round(4)
        for game in rnd.games:
            got = explain_pairing(session, 4, board=game.board)
            assert got.board == game.board and got.player_ids == (game.white_id, game.black_id)
            names = {state.player(pid).name for pid in got.player_ids}
            assert all(name in got.lines("en")[0] for name in names)
            assert got.lines("fr")[0].startswith("Ronde 4 : ")
            assert len(got.criteria) <= len(got.lines("en"))
        pab = next(b.player_id for b in rnd.byes if b.kind.value == "pab")
        bye = explain_pairing(session, 4, player_id=pab)
        assert bye.board is None and bye.player_ids == (pab,)
        assert "bye" in bye.text("en") and "exempt" in bye.text("fr")
        with pytest.raises(NotFoundError):
            explain_pairing(session, 4, board=99)
        with pytest.raises(StateError):
            explain_pairing(session, 5, board=1)


def test_explain_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _swiss(tmp_path, 9)
    capsys.readouterr()
    assert main(["explain", str(path), "--round", "4", "--board", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["round"] == 4 and data["board"] == 1 and data["lines"][0].startswith("Round 4: ")
    assert main(["--lang", "fr", "explain", str(path), "--round", "4", "--board", "2"]) == 0
    assert capsys.readouterr().out.startswith("Ronde 4 : ")
    assert main(["explain", str(path), "--round", "9", "--board", "1"]) == 4
    assert "Round 9 is not paired" in capsys.readouterr().err


def test_pair_dutch_explain_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "open.trf"  # a fixture, with the number of rounds the engine interface needs
    fixture = Path(__file__).resolve().parents[2] / "data" / "dutch" / "swiss_020p_09r_445096324.trf"
    trf.write_bytes(fixture.read_bytes() + b"XXR 11\r")
    out = tmp_path / "pairs.txt"
    assert main(["pair", "--dutch", str(trf), "-p", str(out), "--explain"]) == 0
    err = capsys.readouterr().err
    assert err.count("Round 10: ") == 10  # every board (20 players, no bye)
    assert main(["pair", "--dutch", str(trf), "-p", str(out), "--explain", "7", "--lang", "fr"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("Ronde 10 : ") and err.count("Ronde 10") == 1
    assert main(["pair", "--dutch", str(trf), "-p", str(out), "--explain", "77"]) == 3
