"""Issue 19: a Swiss run through an event pairs exactly as the engine does, whatever the registration order.

For every reference tournament of tests/data/dutch (60 files, 428 rounds, each round paired by a FIDE-endorsed
engine), the players are registered through the services in a shuffled order — so that a player's id is not
their pairing number — and the history is replayed round by round through the event: late entries registered
before the round they first play (up to round 4, C.04.2 Art.2), requested half-point and zero-point byes,
withdrawals (a player absent from some round to the end), the round paired with the event's own command, the
recorded results entered (forfeits included). Each round the event pairs must be

* the recorded round (same boards, colours and bye), and
* the round the TRF engine pairs from the event's own TRF export of the same history.

Generated events (random fields, results and requests) are checked against the engine path the same way, and
the score-group system and the top cut must not depend on the registration order.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayers, RecordResults, RequestBye, WithdrawPlayer
from tournament_desk.core.pairing.dutch import pair_dutch
from tournament_desk.core.results import Discipline, GameResult
from tournament_desk.formats.trf import TrfPlayer, TrfTournament, loads, read_file, recorded_round, to_swiss_state
from tournament_desk.formats.trf_event import event_trf, start_ranks
from tournament_desk.services import swiss_variants
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventSession

DATA = Path(__file__).resolve().parents[1] / "data" / "dutch"
FILES = sorted(DATA.glob("*.trf"))
_REQUEST = {"H": "hpb", "F": "fpb", "Z": "zpb"}


@cache
def _load(name: str) -> TrfTournament:
    return read_file(str(DATA / name))


def _result(white: str, black: str) -> GameResult:
    if white in "1=0" and black in "1=0":
        return {"1": GameResult.WHITE_WIN, "=": GameResult.DRAW, "0": GameResult.BLACK_WIN}[white]
    if white == "+":
        return GameResult.WHITE_FORFEIT_WIN_UNEXCUSED
    if black == "+":
        return GameResult.BLACK_FORFEIT_WIN_UNEXCUSED
    return GameResult.DOUBLE_FORFEIT


def _first_played(p: TrfPlayer) -> int:
    for k, e in enumerate(p.rounds, start=1):
        if e.opponent is not None or e.result in ("U", "H", "F"):
            return k
    return len(p.rounds) + 1


def _withdrawal_round(p: TrfPlayer, total: int) -> int | None:
    """The round from which the player is absent to the end of the file (a withdrawal), if any."""
    start = None
    for k in range(total, 0, -1):
        e = p.rounds[k - 1] if k <= len(p.rounds) else None
        if e is not None and e.opponent is None and e.result in ("Z", "-", ""):
            start = k
        else:
            break
    return start if start is not None and start > 1 else None


def _register(session: EventSession, players: list[TrfPlayer], rng: random.Random) -> dict[int, int]:
    """Register ``players`` in a shuffled order; returns start rank -> player id."""
    order = list(players)
    rng.shuffle(order)
    entries = [{"surname": p.name.split()[0], "first_name": " ".join(p.name.split()[1:]),
                "ratings": (("fide", p.rating),) if p.rating else ()} for p in order]
    ids = session.run(AddPlayers(entries)).ids
    return {p.start_rank: pid for p, pid in zip(order, ids, strict=True)}


def _event_round(session: EventSession, number: int, id_to_rank: dict[int, int]
                 ) -> tuple[set[tuple[int, int]], int | None]:
    rnd = session.state().round(number)
    pairs = {(id_to_rank[g.white_id], id_to_rank[g.black_id]) for g in rnd.games}
    pab = next((id_to_rank[b.player_id] for b in rnd.byes if b.kind.value == "pab"), None)
    return pairs, pab


def _engine_round(session: EventSession) -> tuple[set[tuple[int, int]], int | None]:
    """The next round as the TRF engine pairs it from the event's own TRF export, as player ids."""
    state = session.state()
    trf = loads(event_trf(state))
    pairing = pair_dutch(to_swiss_state(trf, state.last_round + 1))
    id_of = {rank: pid for pid, rank in start_ranks(state).items()}
    return {(id_of[w], id_of[b]) for w, b in pairing.pairs()}, None if pairing.bye is None else id_of[pairing.bye]


def _as_ranks(round_: tuple[set[tuple[int, int]], int | None], id_to_rank: dict[int, int]
              ) -> tuple[set[tuple[int, int]], int | None]:
    pairs, bye = round_
    return {(id_to_rank[w], id_to_rank[b]) for w, b in pairs}, None if bye is None else id_to_rank[bye]


def _replay(path: Path, tmp_path: Path) -> int:
    trf = _load(path.name)
    total = trf.total_rounds or trf.rounds_in_file
    rng = random.Random(path.name)
    colour = "white" if to_swiss_state(trf, 1).initial_colour.value == "w" else "black"
    event = Event.for_discipline(path.stem, Discipline.CHESS, system=PairingSystem.DUTCH, rounds=total,
                                 initial_colour=colour)
    players = sorted(trf.players, key=lambda p: p.start_rank)
    late = {p.start_rank for p in players if 1 < _first_played(p) <= 4}
    withdrawn = {p.start_rank: w for p in players if (w := _withdrawal_round(p, trf.rounds_in_file)) is not None}
    checked = 0
    with EventSession.create(tmp_path / f"{path.stem}.tdesk", event) as session:
        rank_to_id = _register(session, [p for p in players if p.start_rank not in late], rng)
        for k in range(1, trf.rounds_in_file + 1):
            newcomers = [p for p in players if p.start_rank in late and _first_played(p) == k]
            if newcomers:
                rank_to_id.update(_register(session, newcomers, rng))
            for rank, from_round in withdrawn.items():
                if from_round == k and rank in rank_to_id:
                    session.run(WithdrawPlayer(rank_to_id[rank], k))
            for p in players:
                e = p.rounds[k - 1] if k <= len(p.rounds) else None
                if p.start_rank in rank_to_id and e is not None and e.is_requested_bye and \
                        withdrawn.get(p.start_rank, total + 1) > k:
                    session.run(RequestBye(k, rank_to_id[p.start_rank], _REQUEST[e.result]))
            id_to_rank = {pid: rank for rank, pid in rank_to_id.items()}
            engine = _engine_round(session)
            pair_next(session)
            event_round = _event_round(session, k, id_to_rank)
            assert event_round == recorded_round(trf, k), f"{path.name} round {k}: the event differs from the record"
            assert event_round == _as_ranks(engine, id_to_rank), \
                f"{path.name} round {k}: the event differs from the TRF engine"
            checked += 1
            results = {}
            for g in session.state().round(k).games:
                w, b = trf.player(id_to_rank[g.white_id]), trf.player(id_to_rank[g.black_id])
                results[g.board] = _result(w.rounds[k - 1].result, b.rounds[k - 1].result)
            if results:
                session.run(RecordResults(k, results))
    return checked


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_fixture_round_through_the_event(path: Path, tmp_path: Path) -> None:
    assert _replay(path, tmp_path) == _load(path.name).rounds_in_file


def test_generated_events_pair_as_the_engine(tmp_path: Path) -> None:
    """Random club events (31 and 24 players, registered in random order, random results with forfeits, a
    requested bye and a withdrawal): every round as the TRF engine pairs it, and never a repeated game."""
    for seed, n, rounds in ((1, 31, 5), (2, 24, 5), (3, 31, 7)):
        rng = random.Random(seed)
        event = Event.for_discipline(f"Club {seed}", Discipline.CHESS, system=PairingSystem.DUTCH, rounds=rounds,
                                     initial_colour=rng.choice(("white", "black")))
        with EventSession.create(tmp_path / f"club{seed}.tdesk", event) as session:
            ratings = [rng.randrange(1100, 2300) for _ in range(n)]
            session.run(AddPlayers([{"surname": f"Joueur{i:02d}", "ratings": (("fide", r),)}
                                 for i, r in enumerate(ratings)]))
            ids = [p.id for p in session.players()]
            session.run(RequestBye(2, rng.choice(ids), "hpb"))
            met: set[frozenset[int]] = set()
            for k in range(1, rounds + 1):
                if k == 3:
                    session.run(WithdrawPlayer(rng.choice(ids), 3))
                engine = _engine_round(session)
                pair_next(session)
                rnd = session.state().round(k)
                pab = next((b.player_id for b in rnd.byes if b.kind.value == "pab"), None)
                assert ({(g.white_id, g.black_id) for g in rnd.games}, pab) == engine, f"club {seed} round {k}"
                for g in rnd.games:
                    assert frozenset(g.players()) not in met, f"club {seed} round {k}: a repeated game"
                codes = ["1-0", "0-1", "1/2", "1-0", "0-1", "1/2", "+-"]
                session.run(RecordResults(k, {g.board: rng.choice(codes) for g in rnd.games}))
                # a forfeit is not a meeting (C.04.2 Art.3.5): those two may be paired again
                met |= {frozenset(g.players()) for g in session.state().round(k).games if g.result.is_played}


def _scoregroup_event(tmp_path: Path, name: str, order: list[int], top_cut: bool) -> list[tuple]:
    """A 20-player score-group event with a requested bye and a top 4, registered in ``order``; returns
    each round's boards by the players' names."""
    rng = random.Random(7)
    event = Event("Open " + name, system=PairingSystem.SCORE_GROUP, rounds=4)
    rows = [{"surname": f"Joueur{i:02d}", "ratings": (("fide", 2200 - 17 * i),)} for i in range(20)]
    with EventSession.create(tmp_path / f"{name}.tdesk", event) as session:
        session.run(AddPlayers([rows[i] for i in order]))
        name_of = {p.id: p.surname for p in session.players()}
        by_name = {v: k for k, v in name_of.items()}
        session.run(RequestBye(2, by_name["Joueur07"], "hpb"))
        rounds = []
        outcomes = iter(rng.choice(["1-0", "0-1", "1/2"]) for _ in range(400))
        for _ in range(4):
            rnd = pair_next(session).payload.round
            rounds.append(tuple(sorted((name_of[g.white_id], name_of[g.black_id]) for g in rnd.games)))
            # the same result on the same pair of names, whatever the ids
            by_pair = {g.board: next(outcomes) for g in sorted(rnd.games, key=lambda g: name_of[g.white_id])}
            session.run(RecordResults(rnd.number, by_pair))
        if top_cut:
            swiss_variants.start_top_cut(session, 4, "higher-seed")
            rnd = pair_next(session).payload.round
            rounds.append(tuple(sorted((name_of[g.white_id], name_of[g.black_id]) for g in rnd.games)))
        return rounds


def test_scoregroup_and_top_cut_do_not_depend_on_registration_order(tmp_path: Path) -> None:
    shuffled = list(range(20))
    random.Random(11).shuffle(shuffled)
    by_rating = _scoregroup_event(tmp_path, "a", list(range(20)), top_cut=True)
    by_chance = _scoregroup_event(tmp_path, "b", shuffled, top_cut=True)
    assert by_rating == by_chance
