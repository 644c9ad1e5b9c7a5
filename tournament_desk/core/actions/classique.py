"""A round of a Scrabble classique event paired by the French formula (docs/rules.md §4c,
:mod:`tournament_desk.core.pairing.classique`)."""

from __future__ import annotations

from collections.abc import Mapping

from tournament_desk.core.actions.step import Step
from tournament_desk.core.actions.swiss import _check_can_pair, add_paired_round, kept_apart
from tournament_desk.core.collation import name_key
from tournament_desk.core.errors import StateError
from tournament_desk.core.messages import msg
from tournament_desk.core.model import Bye, EventState, PairingSystem, RatingSystem
from tournament_desk.core.pairing.classique import ClassiquePairing, CqPlayer, pair_round, to_round_entries
from tournament_desk.core.ratings import scrabble_pl
from tournament_desk.core.ratings.from_event import scrabble_entrants
from tournament_desk.core.results import Outcome

__all__ = ["initial_ranks", "pair_classique_round"]

_HAD_BYE = frozenset({Outcome.PAIRING_BYE, Outcome.FULL_BYE})


def initial_ranks(state: EventState) -> Mapping[int, int]:
    """Each player's place in the event's initial ranking (0 first): seed 002 §7-8 in a PL event (PL, or PL*
    from the duplicate series of his registration, 1000 without one, §2.1; equal ratings alphabetically),
    else the rating, highest first, then the name."""
    if state.event.rating_system is RatingSystem.FISF_PL:
        entrants = scrabble_entrants(state)
        ordered = [e.player_id for e in scrabble_pl.initial_ranking(entrants, state.event.start_date)]
    else:
        system = state.event.rating_system
        ordered = [p.id for p in sorted(state.players, key=lambda p: (-(p.rating(system) or 0), name_key(p.name),
                                                                        p.id))]
    return {int(pid): i for i, pid in enumerate(ordered)}


def pair_classique_round(state: EventState, *, force: bool = False) -> Step[ClassiquePairing]:
    """Pair and add the next round by the classique formula. Requested byes are honoured (those players are not
    paired); pairs kept apart count as already met."""
    if state.top_cut is not None:
        raise StateError(msg("The top cut has started: pair its next round instead"))
    number = _check_can_pair(state, PairingSystem.CLASSIQUE, msg("French classique formula system"), force=force)
    requested = state.requests_for(number)
    apart = kept_apart(state)
    ranks = initial_ranks(state)
    players = []
    for p in state.players:
        if not p.is_active_in(number) or p.id in requested:
            continue
        had_bye = any(isinstance(e := r.entry_of(p.id), Bye) and e.kind in _HAD_BYE for r in state.rounds)
        players.append(CqPlayer(p.id, ranks[p.id], state.score(p.id),
                                frozenset(state.opponents(p.id)) | frozenset(apart.get(p.id, ())), had_bye))
    pairing = pair_round(players)
    games, byes = to_round_entries(pairing, number)
    added = add_paired_round(state, number, games, byes, requested,
                             msg("Pair round {number} (French classique formula)", number=number))
    return Step(added.state, added.label, tuple(pairing.notes), pairing)
