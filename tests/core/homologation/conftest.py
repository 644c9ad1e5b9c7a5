"""Realistic events for the homologation checks, built through the services as an arbiter builds them: players
registered in a shuffled order, numbered, every round paired by the event's system and its results entered."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from tournament_desk.core.model import Event, EventState, Game, PairingSystem, RatingSystem, TimeControl
from tournament_desk.core.operations import AddPlayers, RecordResult
from tournament_desk.core.results import Discipline
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.roundrobin import assign_numbers
from tournament_desk.services.session import EventSession

ResultOf = Callable[[EventState, Game], str]
"""A board's result, typed as the arbiter types it, from the state and the board."""

FIRST = ("Léa", "Hugo", "Zoé", "Élise", "Noé", "Chloé", "Jules", "Inès", "Théo", "Maëlys", "Louis", "Anaïs")
LAST = ("Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau",
        "Simon", "Laurent", "Lefèvre", "Michel", "Garcia", "David", "Bertrand", "Roux", "Vincent", "Fournier",
        "Morel", "Girard", "André", "Lefebvre", "Mercier", "Dupont", "Lambert", "Bonnet", "François", "Martinez")


def _people(n: int, seed: int = 1, **fields: Any) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    names = rng.sample([(s, f) for s in LAST for f in FIRST], n)
    return [{"surname": s, "first_name": f, "licence_id": f"K{seed:02d}{i:04d}", "federation": "FRA", **fields}
            for i, (s, f) in enumerate(names)]


@pytest.fixture
def people() -> Callable[..., list[dict[str, Any]]]:
    """``people(n, seed, **fields)``: ``n`` distinct players (French names, a licence each), ``fields`` for all."""
    return _people


def random_results(seed: int, discipline: Discipline = Discipline.CHESS) -> ResultOf:
    rng = random.Random(seed)
    choices = ["2-0", "1-1", "0-2"] if discipline is Discipline.DRAUGHTS else ["1-0", "1/2", "0-1"]
    return lambda state, game: rng.choice(choices)


@pytest.fixture
def build(tmp_path: Path) -> Callable[..., EventSession]:
    """``build(players, **event fields, result_of=..., play=rounds to play, seed=...)``: an open session."""
    opened: list[EventSession] = []
    count = iter(range(1000))

    def make(players: Sequence[Mapping[str, Any]], *, discipline: Discipline = Discipline.CHESS,
             system: PairingSystem = PairingSystem.DUTCH, rounds: int = 5, tc: tuple[int, int] = (90, 30),
             start: dt.date | None = dt.date(2026, 4, 4), end: dt.date | None = dt.date(2026, 4, 6),
             arbiters: tuple[str, ...] = ("Claire Rousseau",), rating_system: RatingSystem | None = None,
             result_of: ResultOf | None = None, play: int | None = None, seed: int = 7,
             points: bool = False) -> EventSession:
        event = Event.for_discipline(
            f"Open {next(count)}", discipline, system=system, rounds=rounds, time_control=TimeControl(*tc),
            start_date=start, end_date=end, arbiters=arbiters, place="Caen",
            **({"rating_system": rating_system} if rating_system is not None else {}))
        session = EventSession.create(tmp_path / f"e{next(count)}.tdesk", event)
        opened.append(session)
        rng = random.Random(seed)
        shuffled = [dict(p) for p in players]
        rng.shuffle(shuffled)  # registered in random order
        session.run(AddPlayers(shuffled))
        if system.is_round_robin:
            assign_numbers(session, "lot", seed=seed)
        result_of = result_of or random_results(seed, discipline)
        to_play = rounds if play is None else play
        for _ in range(to_play):
            if session.state().last_round >= session.state().event.rounds:
                break
            rnd = pair_next(session).payload.round
            for g in rnd.games:
                text = result_of(session.state(), g)
                if points:  # Scrabble: the game's points, consistent with the result
                    w, b = {"1-0": (420, 350), "0-1": (350, 420), "1/2": (380, 380)}[text]
                    session.run(RecordResult(rnd.number, g.board, text, white_points=w, black_points=b))
                else:
                    session.run(RecordResult(rnd.number, g.board, text))
        return session

    yield make
    for s in opened:
        s.close()
