"""Build EventState objects directly from the model dataclasses, for the tie-break tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tournament_desk.core.model import Bye, Event, EventState, Game, PairingSystem, Player, RatingSystem, Round
from tournament_desk.core.results import GameResult, Outcome
from tournament_desk.core.scoring import CHESS, ScoringProfile

RESULTS: dict[str, GameResult] = {
    "1-0": GameResult.WHITE_WIN,
    "0-1": GameResult.BLACK_WIN,
    "=": GameResult.DRAW,
    "+-": GameResult.WHITE_FORFEIT_WIN_UNEXCUSED,
    "-+": GameResult.BLACK_FORFEIT_WIN_UNEXCUSED,
    "0d": GameResult.DOUBLE_FORFEIT,
    "0r": GameResult.ZERO_BY_RULE,
}


def player(pid: int, name: str | None = None, rating: int | None = None, *, unrated: bool = False,
           withdrawn_from_round: int | None = None) -> Player:
    ratings = ((RatingSystem.FIDE.value, rating),) if rating is not None else ()
    return Player(id=pid, surname=name or f"P{pid}", ratings=ratings, unrated=unrated,
                  withdrawn_from_round=withdrawn_from_round, pairing_number=pid)


def game(rnd: int, white: int, black: int, result: str | None, board: int = 0,
         points: tuple[int, int] | None = None) -> Game:
    return Game(round=rnd, board=board, white_id=white, black_id=black,
                result=RESULTS[result] if result is not None else None,
                white_points=points[0] if points else None, black_points=points[1] if points else None)


def bye(rnd: int, pid: int, kind: str = "pab") -> Bye:
    return Bye(rnd, pid, Outcome(kind))


def make_state(players: Sequence[Player], games: Iterable[Game] = (), byes: Iterable[Bye] = (), *,
               rounds: int | None = None, system: PairingSystem = PairingSystem.DUTCH,
               scoring: ScoringProfile = CHESS) -> EventState:
    games = list(games)
    byes = list(byes)
    numbers = {g.round for g in games} | {b.round for b in byes}
    last = max(numbers, default=0) if rounds is None else rounds
    built = []
    for n in range(1, last + 1):
        rgames = [g for g in games if g.round == n]
        rgames = [Game(g.round, g.board or i + 1, g.white_id, g.black_id, g.result, g.white_points,
                       g.black_points) for i, g in enumerate(rgames)]
        built.append(Round(n, tuple(rgames), tuple(b for b in byes if b.round == n)))
    event = Event(name="Test", system=system, rounds=max(last, 1), scoring=scoring,
                  rating_system=RatingSystem.FIDE)
    return EventState(event, tuple(players), tuple(built))


def circle_rounds(n: int) -> list[list[tuple[int, int]]]:
    """Round-robin schedule of indices 0..n-1 (n even), circle method."""
    ids = list(range(n))
    rounds = []
    for _ in range(n - 1):
        rounds.append([(ids[i], ids[n - 1 - i]) for i in range(n // 2)])
        ids = [ids[0], ids[-1], *ids[1:-1]]
    return rounds


def crosstable_state(names: Sequence[str], table: Sequence[Sequence[float | None]],
                     ratings: Sequence[int | None] | None = None) -> EventState:
    """A round robin whose results are read from a crosstable: ``table[i][j]`` = points of i against j."""
    n = len(names)
    players = [player(i + 1, names[i], ratings[i] if ratings else None) for i in range(n)]
    games = []
    for r, pairs in enumerate(circle_rounds(n), start=1):
        for i, j in pairs:
            a, b = table[i][j], table[j][i]
            assert a is not None and b is not None and a + b == 1, (names[i], names[j])
            result = "1-0" if a == 1 else "0-1" if a == 0 else "="
            games.append(game(r, i + 1, j + 1, result))
    return make_state(players, games, system=PairingSystem.ROUND_ROBIN)
