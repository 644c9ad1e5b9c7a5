"""Whole-event invariants that no single dataclass can check on its own.

Each dataclass checks its own fields in ``__post_init__`` (a rating in range, a name of sensible length...).
What spans several objects is checked here: every game names registered players, nobody sits twice in a round,
rounds are numbered 1..n, boards and pairing numbers
are distinct... The services never write a state that breaks them; this
catches the states that come from outside — an event file damaged or edited by another tool, an imported
bundle — before the rest of the program (pairing, tie-breaks, printing) trips over them.

:func:`state_problems` returns every problem found, each as a catalogue message; an empty list means the state
is consistent.
"""

from __future__ import annotations

from collections.abc import Callable

from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import EventState, Round
from tournament_desk.core.teams.consistency import team_problems

__all__ = ["state_problems"]

Problem = Msg


def _points_ok(white: int | None, black: int | None) -> bool:
    if white is None or black is None:
        return white is None and black is None
    return white >= 0 and black >= 0


def _round_ok(rnd: Round, ids: set[int]) -> bool:
    """The usual case, checked with sets in one pass: a consistent round."""
    number = rnd.number
    people = [g.white_id for g in rnd.games] + [g.black_id for g in rnd.games] + [b.player_id for b in rnd.byes]
    boards = {g.board for g in rnd.games}
    return (len(set(people)) == len(people) and ids.issuperset(people) and len(boards) == len(rnd.games)
            and min(boards, default=1) >= 1 and all(g.round == number for g in rnd.games)
            and all(b.round == number for b in rnd.byes)
            and all(_points_ok(g.white_points, g.black_points) for g in rnd.games
                    if g.white_points is not None or g.black_points is not None))


def state_problems(state: EventState, *, limit: int = 20) -> list[Problem]:
    """The event's inconsistencies, at most ``limit`` of them (an empty list when it is consistent)."""
    problems: list[Problem] = []

    def add(problem: Msg) -> bool:
        problems.append(problem)
        return len(problems) >= limit

    ids: set[int] = set()
    numbers: dict[int, int] = {}
    for p in state.players:
        if p.id in ids:
            if add(msg("two players have the id {id}", id=p.id)):
                return problems
        ids.add(p.id)
        if p.pairing_number is not None:
            if p.pairing_number in numbers:
                if add(msg("players {first} and {second} have the same pairing number {number}",
                           first=numbers[p.pairing_number], second=p.id, number=p.pairing_number)):
                    return problems
            numbers[p.pairing_number] = p.id
    system = state.event.system
    numbered = len(numbers) == len(state.players)
    if state.rounds and system.is_round_robin and numbered and sorted(numbers) != list(range(1, len(numbers) + 1)):
        if add(msg("the round robin is under way but its pairing numbers are not 1 to {n_players}, each given once",
                   n_players=len(state.players))):
            return problems
    for r in state.requests:
        if r.player_id not in ids:
            if add(msg("a bye is requested in round {round} for player {player_id}, who is not registered",
                       round=r.round, player_id=r.player_id)):
                return problems
    for a, b in state.forbidden_pairs:
        if a not in ids or b not in ids or a == b:
            if add(msg("the pair {a}-{b} that must not meet names a player who is not registered (or twice the "
                       "same)", a=a, b=b)):
                return problems
    if state.top_cut is not None:
        named = set(state.top_cut.seeds) | {x for _, w, v in state.top_cut.playoffs for x in (w, v)}
        if not named <= ids:
            if add(msg("the top cut names players {ids}, who are not registered", ids=sorted(named - ids)[:5])):
                return problems
    if len(state.rounds) > state.event.rounds:
        if add(msg("{n_rounds} rounds are paired but the event has {rounds}", n_rounds=len(state.rounds),
                   rounds=state.event.rounds)):
            return problems
    for expected, rnd in enumerate(state.rounds, start=1):
        if rnd.number != expected:
            if add(msg("round {number} is stored where round {expected} should be (rounds are numbered 1, 2, 3…)",
                       number=rnd.number, expected=expected)):
                return problems
        if _round_ok(rnd, ids):
            continue
        if _round_problems(rnd, ids, add):
            return problems
    for problem in team_problems(state):
        if add(problem):
            return problems
    return problems


def _round_problems(rnd: Round, ids: set[int], report: Callable[[Msg], bool]) -> bool:
    """Name each problem of an inconsistent round; True when the limit was reached."""
    boards: set[int] = set()
    for g in rnd.games:
        if g.board < 1 or g.board in boards:
            if report(msg("round {number}: board number {board} is invalid or used twice", number=rnd.number,
                          board=g.board)):
                return True
        boards.add(g.board)
        if not _points_ok(g.white_points, g.black_points):
            if report(msg("round {number} board {board}: the game points are incomplete or negative",
                          number=rnd.number, board=g.board)):
                return True
    entries = [(g.round, g.board, pid) for g in rnd.games for pid in g.players()]
    entries += [(b.round, None, b.player_id) for b in rnd.byes]
    seen: set[int] = set()
    for round_number, board, pid in entries:
        where = (msg("round {number} board {board}", number=rnd.number, board=board) if board is not None
                 else msg("round {number} (bye)", number=rnd.number))
        if round_number != rnd.number:
            if report(msg("{where} is recorded as belonging to round {round_number}", where=where,
                          round_number=round_number)):
                return True
        if pid not in ids:
            if report(msg("{where} names player {pid}, who is not registered", where=where, pid=pid)):
                return True
        elif pid in seen:
            if report(msg("player {pid} appears twice in round {number}", pid=pid, number=rnd.number)):
                return True
        seen.add(pid)
    return False
