"""The single-elimination top cut after the Swiss rounds (seed 004 L42-50).

Knockout rounds are ordinary rounds appended after the Swiss rounds (the event's round count is raised as
needed); players who did not qualify have no entry in them. The higher seed has White.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from tournament_desk.core.actions.rounds import add_round, check_previous_complete
from tournament_desk.core.actions.step import Message, Step
from tournament_desk.core.errors import StateError, ValidationError
from tournament_desk.core.model import EventState, Game, Round, TopCut
from tournament_desk.core.pairing import knockout


def start_top_cut(state: EventState, size: int | None, draw_rule: knockout.DrawRule | str,
                  ranking: Sequence[int]) -> Step:
    """Qualify the top ``size`` players of ``ranking`` (the standings, tie-breaks included, best first).

    ``size`` None takes the seed's recommendation for the number of entrants (L42-46). Players who withdrew
    do not qualify; the next player in the standings takes the place."""
    if state.top_cut is not None:
        raise StateError("The top cut has already started", "Le tableau final a déjà commencé")
    if not state.rounds:
        raise StateError("Play the Swiss rounds before the top cut", "Jouez les rondes suisses avant le tableau final")
    check_previous_complete(state, force=False, why_en="; enter them first", why_fr=" ; saisissez-les d'abord")
    rule = knockout.DrawRule(draw_rule)
    entrants = len(state.players)
    if size is None:
        size = knockout.recommended_size(entrants)
        if size is None:
            raise ValidationError(f"With {entrants} entrants the documents recommend Swiss rounds only; choose a "
                                  "size to play a top cut anyway",
                                  f"Avec {entrants} inscrits la documentation recommande les rondes suisses "
                                  "seules ; choisissez une taille pour jouer un tableau final malgré tout")
    if size not in knockout.SIZES:
        raise ValidationError(f"A top cut has 4, 8, 16 or 32 players, not {size}",
                              f"Un tableau final compte 4, 8, 16 ou 32 joueurs, et non {size}", field="size")
    next_round = state.last_round + 1
    qualified = [pid for pid in ranking if state.player(pid).is_active_in(next_round)]
    if size > len(qualified):
        raise ValidationError(f"Only {len(qualified)} players can qualify for a top {size}",
                              f"Seuls {len(qualified)} joueurs peuvent se qualifier pour un top {size}", field="size")
    cut = TopCut(size, rule.value, state.last_round, tuple(qualified[:size]))
    return Step(dataclasses.replace(state, top_cut=cut),
                Message(f"Start the top {size} after round {state.last_round}",
                        f"Lancer le top {size} après la ronde {state.last_round}"), detail=cut)


def bracket(state: EventState) -> knockout.Bracket:
    """The bracket as far as it is played."""
    cut = state.top_cut
    if cut is None:
        raise StateError("The top cut has not started", "Le tableau final n'a pas commencé")
    stage_games = [[(g.white_id, g.black_id, g.result) for g in rnd.games]
                   for rnd in sorted(state.rounds, key=lambda r: r.number) if rnd.number > cut.after_round]
    playoffs = {(stage, white): winner for stage, white, winner in cut.playoffs}
    return knockout.build_bracket(cut.seeds, knockout.DrawRule(cut.draw_rule), stage_games, playoffs)


def pair_knockout_round(state: EventState) -> Step:
    """Pair the next knockout stage; raises the event's round count if needed."""
    current = bracket(state)
    pairs = current.next_stage_pairs()
    if pairs is None:
        raise StateError("A match of the current knockout round has no winner yet: enter its result or play-off",
                         "Un match du tour en cours n'a pas encore de vainqueur : saisissez son résultat ou "
                         "son départage")
    if not pairs:
        raise StateError("The top cut is over: the champion is known",
                         "Le tableau final est terminé : le vainqueur est connu")
    number = state.last_round + 1
    if number > state.event.rounds:
        state = dataclasses.replace(state, event=dataclasses.replace(state.event, rounds=number))
    games = tuple(Game(number, i, a, b) for i, (a, b) in enumerate(pairs, start=1))
    name = Message(knockout.round_name(len(pairs), "en"), knockout.round_name(len(pairs), "fr"))
    step = add_round(state, Round(number, games), Message(f"Pair round {number}: top cut, {name.en}",
                                                          f"Apparier la ronde {number} : tableau final, {name.fr}"))
    return dataclasses.replace(step, detail=(len(current.stages) + 1, len(pairs)))


def record_playoff(state: EventState, round_number: int, board: int, winner_id: int) -> Step:
    """Who advanced from a drawn knockout game after the play-off (or the arbiter's decision after a double
    forfeit)."""
    cut = state.top_cut
    if cut is None or round_number <= cut.after_round:
        raise StateError(f"Round {round_number} is not a knockout round",
                         f"La ronde {round_number} n'est pas un tour du tableau final")
    game = state.round(round_number).game(board)
    if winner_id not in game.players():
        raise ValidationError(f"Player {winner_id} does not play on board {board} of round {round_number}",
                              f"Le joueur {winner_id} ne joue pas à la table {board} de la ronde {round_number}")
    stage = round_number - cut.after_round
    decided = {(s, w): v for s, w, v in cut.playoffs}
    decided[(stage, game.white_id)] = winner_id
    flat = tuple(sorted((s, w, v) for (s, w), v in decided.items()))
    name = state.player(winner_id).name
    return Step(dataclasses.replace(state, top_cut=dataclasses.replace(cut, playoffs=flat)),
                Message(f"Play-off round {round_number} board {board}: {name} advances",
                        f"Départage ronde {round_number} table {board} : {name} se qualifie"))
