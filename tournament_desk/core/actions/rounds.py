"""Rounds and results: store a paired round, unpair the last one, enter or correct a result, give a bye."""

from __future__ import annotations

import dataclasses

from tournament_desk.core.actions.step import Message, Step, step
from tournament_desk.core.errors import NotFoundError, ResultError, StateError
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import Bye, EventState, Game, Round
from tournament_desk.core.results import GameResult, Outcome, format_game_result, parse_bye, parse_game_result


def _with_round(state: EventState, rnd: Round) -> EventState:
    return dataclasses.replace(state, rounds=tuple(rnd if r.number == rnd.number else r for r in state.rounds))


def check_previous_complete(state: EventState, *, force: bool, why: Msg) -> None:
    """Refuse to pair while the last round misses results, unless the arbiter confirmed (``force``); ``why``
    ends the message (what the arbiter can do)."""
    if not state.rounds or force:
        return
    last = state.round(state.last_round)
    if last.missing_results:
        boards = ", ".join(str(b) for b in last.missing_results)
        raise MissingResultsError(msg("Round {number} still misses results on board(s) {boards}{why}",
                                      number=last.number, boards=boards, why=why),
                                  last.number, last.missing_results)


class MissingResultsError(StateError):
    """The last round misses results: pairing the next one needs them (a Dutch round always; a round robin
    or a score-group round only if the arbiter does not confirm)."""

    code = "missing_results"

    def __init__(self, message: Msg, round_number: int, boards: tuple[int, ...]) -> None:
        super().__init__(message)
        self.round_number = round_number
        self.boards = boards


def add_round(state: EventState, rnd: Round, label: Message | None = None) -> Step[None]:
    """Store a newly paired round (from an engine or by hand): the next one, every player at most once."""
    if rnd.number != state.last_round + 1:
        raise StateError(msg("Round {number} cannot be paired: the next round is {value}", number=rnd.number,
                             value=state.last_round + 1))
    if rnd.number > state.event.rounds:
        raise StateError(msg("The event has only {rounds} rounds", rounds=state.event.rounds))
    seen: set[int] = set()
    known = {p.id for p in state.players}
    for pid in [x for g in rnd.games for x in g.players()] + [b.player_id for b in rnd.byes]:
        if pid not in known:
            raise NotFoundError(msg("No player with id {pid}", pid=pid))
        if pid in seen:
            name = state.player(pid).name
            raise StateError(msg("{name} appears twice in round {number}", name=name, number=rnd.number))
        seen.add(pid)
    label = label or msg("Pair round {number}", number=rnd.number)
    return step(dataclasses.replace(state, rounds=(*state.rounds, rnd)), label)


def remove_last_round(state: EventState) -> Step[int]:
    """Unpair the last round; its results go with it (the step's note says how many)."""
    if not state.rounds:
        raise StateError(msg("No round is paired yet"))
    number = state.last_round
    rnd = state.round(number)
    results = sum(1 for g in rnd.games if g.result is not None)
    new = dataclasses.replace(state, rounds=tuple(r for r in state.rounds if r.number != number),
                              matches=tuple(m for m in state.matches if m.round != number),
                              lineups=tuple(x for x in state.lineups if x.round != number))
    if state.top_cut is not None and number <= state.top_cut.after_round:
        new = dataclasses.replace(new, top_cut=None)  # back into the Swiss rounds: the cut is made again later
    elif state.top_cut is not None:
        stage = number - state.top_cut.after_round
        new = dataclasses.replace(new, top_cut=dataclasses.replace(
            state.top_cut, playoffs=tuple(p for p in state.top_cut.playoffs if p[0] != stage)))
    dropped = msg("{results} result(s) of round {number} were dropped with it", results=results, number=number)
    notes = (dropped,) if results else ()
    return Step(new, msg("Unpair round {number}", number=number), notes, results)


def record_result(state: EventState, round_number: int, board: int, result: GameResult | str | None, *,
                  white_points: int | None = None, black_points: int | None = None,
                  replace: bool = False) -> Step[None]:
    """Enter the result of one board, in the discipline's notation; ``None`` clears it.

    A board that already has a different result is refused unless ``replace`` (a correction the arbiter
    confirmed): two results for one board are never taken silently."""
    rnd = state.round(round_number)
    game = rnd.game(board)
    discipline = state.event.discipline
    if isinstance(result, str) and not isinstance(result, GameResult):
        result = parse_game_result(result, discipline)
    if game.result is not None and result is not None and result is not game.result and not replace:
        raise ResultConflictError(
            msg("Round {round_number} board {board} already has {format_game_result}; confirm to replace it by "
                "{format_game_result2}", round_number=round_number, board=board,
                format_game_result=format_game_result(game.result, discipline),
                format_game_result2=format_game_result(result, discipline)),
        )
    if (white_points is None) != (black_points is None):
        raise ResultError(msg("Give both players' game points, or neither"))
    if white_points is not None and black_points is not None:
        if white_points < 0 or black_points < 0:
            raise ResultError(msg("Game points cannot be negative"))
        if result is not None and result.is_played:
            expected = (GameResult.WHITE_WIN if white_points > black_points else
                        GameResult.BLACK_WIN if black_points > white_points else GameResult.DRAW)
            if expected is not result:
                raise ResultError(
                    msg("Board {board}: the game points {white_points}-{black_points} contradict the result",
                        board=board, white_points=white_points, black_points=black_points),
                )
    white, black = state.player(game.white_id), state.player(game.black_id)
    shown = format_game_result(result, discipline) if result else "—"
    label = msg("Result round {round_number} board {board}: {surname}-{surname2} {shown}", round_number=round_number,
                board=board, surname=white.surname, surname2=black.surname, shown=shown)
    updated = dataclasses.replace(game, result=result, white_points=white_points, black_points=black_points)
    new_round = dataclasses.replace(rnd, games=tuple(updated if g.board == board else g for g in rnd.games))
    return step(_with_round(state, new_round), label)


def record_results(state: EventState, round_number: int, results: dict[int, GameResult | str], *,
                   replace: bool = False) -> Step[None]:
    """Enter the results of several boards of one round at once (a results sheet typed in, a file of results):
    one action, each board checked as :func:`record_result` checks it."""
    if not results:
        raise ResultError(msg("No result to enter"))
    current = state
    for board, result in sorted(results.items()):
        current = record_result(current, round_number, board, result, replace=replace).state
    n = len(results)
    return step(current, msg("Results of round {round_number}: {n} board(s)", round_number=round_number, n=n))


class ResultConflictError(StateError):
    """The board already has another result: replacing it needs the arbiter's confirmation."""

    code = "result_conflict"


def record_bye(state: EventState, round_number: int, player_id: int, kind: Outcome | str) -> Step[None]:
    """Give a player without a board in a paired round a bye-type outcome (half-point bye, absence...). A team
    event has no individual byes: a player missing from a line-up leaves a board empty (lost by forfeit)."""
    rnd = state.round(round_number)
    if state.event.is_team_event:
        raise StateError(msg("A team event has no individual byes: leave the board empty in the line-up (lost by "
                             "forfeit) or forfeit the match"))
    kind = kind if isinstance(kind, Outcome) else parse_bye(kind)
    if not kind.is_bye:
        raise ResultError(msg("'{kind}' is not a bye", kind=kind))
    player = state.player(player_id)
    entry = rnd.entry_of(player_id)
    if isinstance(entry, Game):
        raise ResultError(
            msg("{name} plays on board {board} in round {round_number}: enter a game result", name=player.name,
                board=entry.board, round_number=round_number),
        )
    byes = (*tuple(b for b in rnd.byes if b.player_id != player_id), Bye(round_number, player_id, kind))
    new_round = dataclasses.replace(rnd, byes=tuple(sorted(byes, key=lambda b: b.player_id)))
    return step(_with_round(state, new_round), msg("Round {round_number}: {name} {value}", round_number=round_number,
                                                   name=player.name, value=kind.value))
