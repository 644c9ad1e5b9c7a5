"""The single-elimination top cut after the Swiss rounds (seed 004 L42-50).

Knockout rounds are ordinary rounds appended after the Swiss rounds (the event's round count is raised as
needed); players who did not qualify have no entry in them. The higher seed has White.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from tournament_desk.core.actions.rounds import add_round, check_previous_complete
from tournament_desk.core.actions.step import Step, step
from tournament_desk.core.errors import StateError, ValidationError
from tournament_desk.core.messages import msg
from tournament_desk.core.model import EventState, Game, Round, TopCut
from tournament_desk.core.pairing import knockout


def start_top_cut(state: EventState, size: int | None, draw_rule: knockout.DrawRule | str,
                  ranking: Sequence[int]) -> Step[TopCut]:
    """Qualify the top ``size`` players of ``ranking`` (the standings, tie-breaks included, best first).

    ``size`` None takes the seed's recommendation for the number of entrants (L42-46). Players who withdrew
    do not qualify; the next player in the standings takes the place."""
    if state.top_cut is not None:
        raise StateError(msg("The top cut has already started"))
    if not state.rounds:
        raise StateError(msg("Play the Swiss rounds before the top cut"))
    check_previous_complete(state, force=False, why=msg("; enter them first"))
    rule = knockout.DrawRule(draw_rule)
    entrants = len(state.players)
    if size is None:
        size = knockout.recommended_size(entrants)
        if size is None:
            raise ValidationError(msg("With {entrants} entrants the documents recommend Swiss rounds only; choose "
                                      "a size to play a top cut anyway", entrants=entrants))
    if size not in knockout.SIZES:
        raise ValidationError(msg("A top cut has 4, 8, 16 or 32 players, not {size}", size=size), field="size")
    next_round = state.last_round + 1
    qualified = [pid for pid in ranking if state.player(pid).is_active_in(next_round)]
    if size > len(qualified):
        raise ValidationError(msg("Only {n_qualified} players can qualify for a top {size}",
                                  n_qualified=len(qualified), size=size), field="size")
    cut = TopCut(size, rule.value, state.last_round, tuple(qualified[:size]))
    return Step(dataclasses.replace(state, top_cut=cut),
                msg("Start the top {size} after round {last_round}", size=size, last_round=state.last_round),
                (), cut)


def bracket(state: EventState) -> knockout.Bracket:
    """The bracket as far as it is played."""
    cut = state.top_cut
    if cut is None:
        raise StateError(msg("The top cut has not started"))
    stage_games = [[(g.white_id, g.black_id, g.result) for g in rnd.games]
                   for rnd in sorted(state.rounds, key=lambda r: r.number) if rnd.number > cut.after_round]
    playoffs = {(stage, white): winner for stage, white, winner in cut.playoffs}
    return knockout.build_bracket(cut.seeds, knockout.DrawRule(cut.draw_rule), stage_games, playoffs)


def pair_knockout_round(state: EventState) -> Step[KnockoutStage]:
    """Pair the next knockout stage; raises the event's round count if needed."""
    current = bracket(state)
    pairs = current.next_stage_pairs()
    if pairs is None:
        raise StateError(msg("A match of the current knockout round has no winner yet: enter its result or play-off"))
    if not pairs:
        raise StateError(msg("The top cut is over: the champion is known"))
    number = state.last_round + 1
    if number > state.event.rounds:
        state = dataclasses.replace(state, event=dataclasses.replace(state.event, rounds=number))
    games = tuple(Game(number, i, a, b) for i, (a, b) in enumerate(pairs, start=1))
    added = add_round(state, Round(number, games), msg("Pair round {number}: top cut, {stage}", number=number,
                                                       stage=knockout.round_title(len(pairs))))
    return Step(added.state, added.label, added.notes, KnockoutStage(len(current.stages) + 1, len(pairs)))


@dataclass(frozen=True, slots=True)
class KnockoutStage:
    """A knockout round paired: which stage of the bracket (1 = the first round of the cut), how many matches."""

    stage: int
    matches: int


def record_playoff(state: EventState, round_number: int, board: int, winner_id: int) -> Step[None]:
    """Who advanced from a drawn knockout game after the play-off (or the arbiter's decision after a double
    forfeit)."""
    cut = state.top_cut
    if cut is None or round_number <= cut.after_round:
        raise StateError(msg("Round {round_number} is not a knockout round", round_number=round_number))
    game = state.round(round_number).game(board)
    if winner_id not in game.players():
        raise ValidationError(msg("Player {winner_id} does not play on board {board} of round {round_number}",
                                  winner_id=winner_id, board=board, round_number=round_number))
    stage = round_number - cut.after_round
    decided = {(s, w): v for s, w, v in cut.playoffs}
    decided[(stage, game.white_id)] = winner_id
    flat = tuple(sorted((s, w, v) for (s, w), v in decided.items()))
    name = state.player(winner_id).name
    return step(dataclasses.replace(state, top_cut=dataclasses.replace(cut, playoffs=flat)),
                msg("Play-off round {round_number} board {board}: {name} advances", round_number=round_number,
                    board=board, name=name))
