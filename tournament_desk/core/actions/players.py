"""Registration: players in and out, withdrawals, pairing numbers, requested byes, pairs that must not meet.

Pairing numbers (TPN, C.04.2 Art.2, 2026): the initial order is rating, then title, then name. For a Swiss
numbered by rating, the numbers follow that order whenever a round up to round 4 is paired: a late entry is
numbered into place and a corrected rating moves its player; from round 5 on the numbers are frozen and a late
entry takes the next free number. Numbers drawn by lot or given by hand are never reordered; late entries then
take the next free numbers. A round robin's numbers are its places in the grid: fixed once round 1 is paired.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tournament_desk.core.actions.step import Message, Step
from tournament_desk.core.errors import NotFoundError, StateError, ValidationError
from tournament_desk.core.model import REQUESTABLE_BYES, ByeRequest, EventState, Game, Player
from tournament_desk.core.results import Outcome

TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""C.04.2 Art.2: titles in the order that ranks players of equal rating."""

LAST_CORRECTABLE_ROUND = 4
"""C.04.2 Art.2: a pairing number may not be corrected once round 4 has been paired."""

PLAYER_FIELDS = frozenset(f.name for f in dataclasses.fields(Player)) - {"id"}


class DuplicatePlayerError(ValidationError):
    """A registration looks like one already made (same licence, or same name and birth date). Two real
    players can share a name and a birth date, so the caller may register anyway (``allow_duplicates``)."""

    code = "duplicate"

    def __init__(self, en: str, fr: str, duplicates: Sequence[tuple[Player, Player]]) -> None:
        super().__init__(en, fr)
        self.duplicates = tuple(duplicates)
        """``(new, existing)`` pairs."""


def initial_order_key(player: Player, rating_system: str) -> tuple[int, int, str, str, int]:
    """C.04.2 Art.2: strength (rating, unrated last), then title, then alphabetical order."""
    title = player.title.upper()
    rank = TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)
    return (-(player.rating(rating_system) or 0), rank, player.name.casefold(), player.name, player.id)


def _same_person_key(p: Player) -> tuple[str, str, str] | None:
    if p.birth_date is None:
        return None
    return (p.surname.casefold(), p.first_name.casefold(), p.birth_date.isoformat())


def find_duplicates(new: Iterable[Player], existing: Iterable[Player]) -> list[tuple[Player, Player]]:
    """Registrations that look like one another: the same licence, or the same name and birth date, compared
    after trimming spaces and ignoring case (a new player is also compared with the new ones before it)."""
    seen = list(existing)
    found: list[tuple[Player, Player]] = []
    for p in new:
        licence = p.licence_id.strip().casefold()
        person = _same_person_key(p)
        for other in seen:
            if other.id == p.id:
                continue
            if (licence and other.licence_id.strip().casefold() == licence) or \
                    (person is not None and _same_person_key(other) == person):
                found.append((p, other))
                break
        seen.append(p)
    return found


def _refuse_duplicates(duplicates: Sequence[tuple[Player, Player]]) -> None:
    if not duplicates:
        return
    def same_licence(new: Player, old: Player) -> bool:
        return bool(old.licence_id.strip()) and old.licence_id.strip().casefold() == new.licence_id.strip().casefold()

    en = "; ".join(f"{new.name} looks like {old.name}, already registered"
                   + (f" (licence {old.licence_id})" if same_licence(new, old) else "") for new, old in duplicates)
    fr = "; ".join(f"{new.name} ressemble à {old.name}, déjà inscrit(e)"
                   + (f" (licence {old.licence_id})" if same_licence(new, old) else "") for new, old in duplicates)
    raise DuplicatePlayerError(f"Possible duplicate: {en}. Register anyway if they are different people",
                               f"Doublon possible : {fr}. Inscrivez quand même s'il s'agit de personnes différentes",
                               duplicates)


def _check_fields(fields: Mapping[str, Any]) -> None:
    unknown = set(fields) - PLAYER_FIELDS
    if unknown:
        raise ValidationError(f"Unknown player field(s): {', '.join(sorted(unknown))}",
                              f"Champ(s) de joueur inconnu(s) : {', '.join(sorted(unknown))}")


def add_players(state: EventState, entries: Sequence[Mapping[str, Any]], *, allow_duplicates: bool = False,
                label: Message | None = None) -> Step:
    """Register players (one action: all or nothing). New ids follow the largest id in the file.

    A round robin takes no entry once round 1 is paired (the grid is fixed: seed 000 Annexe A). In a Swiss a
    late entry is welcome; it is numbered when the next round is paired (see the module docstring)."""
    if state.rounds and state.event.system.is_round_robin:
        raise StateError("A round robin cannot take a late entry once round 1 is paired",
                         "Un toutes-rondes n'accepte plus d'inscription une fois la ronde 1 appariée")
    next_id = max((p.id for p in state.players), default=0) + 1
    new: list[Player] = []
    for fields in entries:
        _check_fields(fields)
        new.append(Player(id=next_id + len(new), **fields))
    taken = {p.pairing_number for p in state.players if p.pairing_number is not None}
    for p in new:
        if p.pairing_number is not None:
            if p.pairing_number in taken:
                raise ValidationError(f"Pairing number {p.pairing_number} is already taken",
                                      f"Le numéro {p.pairing_number} est déjà attribué", field="pairing_number")
            taken.add(p.pairing_number)
    if not new:
        raise ValidationError("No player to register", "Aucun joueur à inscrire")
    if not allow_duplicates:
        _refuse_duplicates(find_duplicates(new, state.players))
    if label is None:
        label = (Message(f"Add player {new[0].name}", f"Inscrire {new[0].name}") if len(new) == 1
                 else Message(f"Import {len(new)} players", f"Importer {len(new)} joueurs"))
    return Step(dataclasses.replace(state, players=state.players + tuple(new)), label,
                detail=tuple(p.id for p in new))


def _replace_player(state: EventState, player: Player) -> EventState:
    return dataclasses.replace(state, players=tuple(player if p.id == player.id else p for p in state.players))


def _pairing_number_changes(state: EventState, changes: Mapping[int, int | None]) -> None:
    """Refuse a change of pairing numbers the event's progress forbids (C.04.2 Art.2; a round robin's grid)."""
    if not state.rounds:
        return
    if state.event.system.is_round_robin:
        raise StateError("Pairing numbers are the places in the grid: they are frozen once round 1 is paired",
                         "Les numéros sont les places dans la grille : ils sont figés une fois la ronde 1 appariée")
    if state.last_round >= LAST_CORRECTABLE_ROUND:
        raise StateError(f"Pairing numbers cannot be corrected once round {LAST_CORRECTABLE_ROUND} is paired "
                         "(C.04.2 Art.2)",
                         f"Les numéros d'appariement ne peuvent plus être corrigés une fois la ronde "
                         f"{LAST_CORRECTABLE_ROUND} appariée (C.04.2 art. 2)")


def edit_player(state: EventState, player_id: int, changes: Mapping[str, Any], *,
                allow_duplicates: bool = False) -> Step:
    _check_fields(changes)
    current = state.player(player_id)
    if "pairing_number" in changes and changes["pairing_number"] != current.pairing_number:
        _pairing_number_changes(state, {player_id: changes["pairing_number"]})
    updated = dataclasses.replace(current, **changes)
    if not allow_duplicates:
        _refuse_duplicates(find_duplicates([updated], [p for p in state.players if p.id != player_id]))
    return Step(_replace_player(state, updated), Message(f"Edit player {updated.name}", f"Modifier {updated.name}"))


def edit_players(state: EventState, changes: Mapping[int, Mapping[str, Any]], *,
                 label: Message | None = None) -> Step:
    """Edit several players in one action (a rating list applied): all or nothing."""
    by_id = {p.id: p for p in state.players}
    for player_id, fields in changes.items():
        _check_fields(fields)
        if player_id not in by_id:
            raise NotFoundError(f"No player with id {player_id}", f"Aucun joueur avec l'identifiant {player_id}")
        if "pairing_number" in fields:
            _pairing_number_changes(state, {player_id: fields["pairing_number"]})
        by_id[player_id] = dataclasses.replace(by_id[player_id], **fields)
    new_players = tuple(by_id[p.id] for p in state.players)
    label = label or Message(f"Edit {len(changes)} players", f"Modifier {len(changes)} joueurs")
    return Step(dataclasses.replace(state, players=new_players), label)


def remove_player(state: EventState, player_id: int) -> Step:
    """Delete a registration: refused once the player appears in a round (withdraw instead). Their requests
    and forbidden pairs go with them."""
    player = state.player(player_id)
    for rnd in state.rounds:
        if rnd.entry_of(player_id) is not None:
            raise StateError(f"{player.name} already appears in round {rnd.number}: withdraw the player instead",
                             f"{player.name} figure déjà dans la ronde {rnd.number} : retirez le joueur plutôt")
    if state.top_cut is not None and player_id in state.top_cut.seeds:
        raise StateError(f"{player.name} is in the top cut", f"{player.name} est qualifié(e) pour le tableau final")
    new = dataclasses.replace(
        state,
        players=tuple(p for p in state.players if p.id != player_id),
        requests=tuple(r for r in state.requests if r.player_id != player_id),
        forbidden_pairs=tuple(fp for fp in state.forbidden_pairs if player_id not in fp),
    )
    return Step(new, Message(f"Delete player {player.name}", f"Supprimer {player.name}"))


def withdraw_player(state: EventState, player_id: int, from_round: int,
                    forfeit: Outcome | str = Outcome.FORFEIT_LOSS_EXCUSED) -> Step:
    """The player takes no part from ``from_round`` on (results already played are kept). In a round robin
    the grid does not change: the remaining games become ``forfeit`` (0fe or 0fne, the arbiter's choice,
    seed 000 §6.4). Their requested byes from that round on are dropped."""
    player = state.player(player_id)
    forfeit = Outcome(forfeit)
    if from_round < 1 or from_round > state.event.rounds + 1:
        raise ValidationError(f"Round {from_round} does not exist in this event",
                              f"La ronde {from_round} n'existe pas dans ce tournoi", field="from_round")
    if not state.event.system.is_round_robin:
        for rnd in state.rounds:
            if rnd.number >= from_round and isinstance(rnd.entry_of(player_id), Game):
                raise StateError(
                    f"{player.name} is already paired in round {rnd.number}; enter that result or unpair first",
                    f"{player.name} est déjà apparié(e) à la ronde {rnd.number} ; saisissez ce résultat "
                    "ou annulez l'appariement d'abord",
                )
    updated = dataclasses.replace(player, withdrawn_from_round=from_round, withdrawal_forfeit=forfeit)
    new = dataclasses.replace(_replace_player(state, updated), requests=tuple(
        r for r in state.requests if not (r.player_id == player_id and r.round >= from_round)))
    return Step(new, Message(f"Withdraw {player.name} from round {from_round}",
                             f"Retirer {player.name} à partir de la ronde {from_round}"))


def reinstate_player(state: EventState, player_id: int) -> Step:
    player = state.player(player_id)
    if player.withdrawn_from_round is None:
        raise StateError(f"{player.name} has not withdrawn", f"{player.name} ne s'est pas retiré(e)")
    updated = dataclasses.replace(player, withdrawn_from_round=None)
    return Step(_replace_player(state, updated), Message(f"Reinstate {player.name}", f"Réintégrer {player.name}"))


def set_pairing_numbers(state: EventState, numbers: Mapping[int, int], how: str) -> Step:
    """Give every player a pairing number (a permutation of 1..n): by lot, by rating or by hand."""
    _pairing_number_changes(state, numbers)
    ids = {p.id for p in state.players}
    if set(numbers) != ids or sorted(numbers.values()) != list(range(1, len(ids) + 1)):
        raise ValidationError(
            f"Pairing numbers must give each of the {len(ids)} players one number from 1 to {len(ids)}",
            f"Les numéros doivent donner à chacun des {len(ids)} joueurs un numéro de 1 à {len(ids)}",
        )
    players = tuple(dataclasses.replace(p, pairing_number=numbers[p.id]) for p in state.players)
    event = dataclasses.replace(state.event, numbering=how[:60])
    return Step(dataclasses.replace(state, players=players, event=event),
                Message(f"Assign pairing numbers ({how})", f"Attribuer les numéros ({how})"))


def numbered_for_round(state: EventState, round_number: int) -> EventState:
    """The players as they are numbered to pair ``round_number`` (module docstring: C.04.2 Art.2).

    Numbered by rating (or not numbered yet) and ``round_number`` ≤ 4: every number follows the initial order.
    Otherwise existing numbers stay and players without one take the next free numbers, in initial order."""
    system = state.event.rating_system.value
    by_rating = state.event.numbering in ("", "rating") or state.event.numbering.startswith("rating")
    if by_rating and round_number <= LAST_CORRECTABLE_ROUND:
        ordered = sorted(state.players, key=lambda p: initial_order_key(p, system))
        numbers = {p.id: n for n, p in enumerate(ordered, start=1)}
        numbering = state.event.numbering or "rating"
    else:
        missing = sorted((p for p in state.players if p.pairing_number is None),
                         key=lambda p: initial_order_key(p, system))
        if not missing:
            return state
        next_number = max((p.pairing_number or 0 for p in state.players), default=0) + 1
        numbers = {p.id: p.pairing_number for p in state.players if p.pairing_number is not None}
        numbers.update({p.id: next_number + i for i, p in enumerate(missing)})
        numbering = state.event.numbering or "rating"
    if all(p.pairing_number == numbers[p.id] for p in state.players) and numbering == state.event.numbering:
        return state
    players = tuple(dataclasses.replace(p, pairing_number=numbers[p.id]) for p in state.players)
    return dataclasses.replace(state, players=players, event=dataclasses.replace(state.event, numbering=numbering))


def request_bye(state: EventState, round_number: int, player_id: int, kind: Outcome | str | None) -> Step:
    """A player asks in advance not to play ``round_number`` (C.04.1 Art.3): a half-point, full-point or
    zero-point bye; ``None`` cancels the request. Only for a round not paired yet, in a Swiss (a round
    robin's grid is fixed: an absence there is a forfeit)."""
    player = state.player(player_id)
    if state.event.system.is_round_robin:
        raise StateError("A round robin follows its grid: an absent player's game is a forfeit, not a bye",
                         "Un toutes-rondes suit sa grille : la partie d'un absent est un forfait, pas une exemption")
    if round_number <= state.last_round:
        raise StateError(f"Round {round_number} is already paired: enter the bye on that round instead",
                         f"La ronde {round_number} est déjà appariée : saisissez l'exemption sur cette ronde",
                         field="round")
    if round_number > state.event.rounds:
        raise ValidationError(f"The event has only {state.event.rounds} rounds",
                              f"Le tournoi n'a que {state.event.rounds} rondes", field="round")
    others = tuple(r for r in state.requests if not (r.round == round_number and r.player_id == player_id))
    if kind is None or kind == "none":
        if len(others) == len(state.requests):
            raise StateError(f"{player.name} has no bye requested for round {round_number}",
                             f"{player.name} n'a pas demandé d'exemption pour la ronde {round_number}")
        return Step(dataclasses.replace(state, requests=others),
                    Message(f"Round {round_number}: cancel the bye requested by {player.name}",
                            f"Ronde {round_number} : annuler l'exemption demandée par {player.name}"))
    try:
        outcome = Outcome(kind)
    except ValueError:
        outcome = None
    if outcome not in REQUESTABLE_BYES:
        raise ValidationError(f"'{kind}' is not a requested bye (hpb, fpb, zpb or none)",
                              f"« {kind} » n'est pas une exemption demandée (hpb, fpb, zpb ou none)", field="kind")
    assert outcome is not None
    if not player.is_active_in(round_number):
        raise StateError(f"{player.name} has withdrawn before round {round_number}",
                         f"{player.name} s'est retiré(e) avant la ronde {round_number}")
    request = ByeRequest(round_number, player_id, outcome)
    requests = tuple(sorted((*others, request), key=lambda r: (r.round, r.player_id)))
    names = {Outcome.HALF_BYE: ("a half-point bye", "une exemption à ½ point"),
             Outcome.FULL_BYE: ("a full-point bye", "une exemption à 1 point"),
             Outcome.ZERO_BYE: ("a zero-point bye", "une exemption à 0 point")}[outcome]
    return Step(dataclasses.replace(state, requests=requests),
                Message(f"Round {round_number}: {player.name} requests {names[0]}",
                        f"Ronde {round_number} : {player.name} demande {names[1]}"))


def set_forbidden_pair(state: EventState, player_a: int, player_b: int, forbidden: bool = True) -> Step:
    """Two players who must not meet (family members, club-mates; TRF ``XXP``), or no longer so."""
    a, b = state.player(player_a), state.player(player_b)
    if a.id == b.id:
        raise ValidationError("A player cannot be kept apart from themselves",
                              "Un joueur ne peut pas être séparé de lui-même")
    pair = (min(a.id, b.id), max(a.id, b.id))
    pairs = set(state.forbidden_pairs)
    if forbidden:
        pairs.add(pair)
        label = Message(f"{a.name} and {b.name} must not meet", f"{a.name} et {b.name} ne doivent pas se rencontrer")
    else:
        if pair not in pairs:
            raise StateError(f"{a.name} and {b.name} are not kept apart",
                             f"{a.name} et {b.name} ne sont pas séparés")
        pairs.discard(pair)
        label = Message(f"{a.name} and {b.name} may meet again", f"{a.name} et {b.name} peuvent de nouveau se "
                        "rencontrer")
    return Step(dataclasses.replace(state, forbidden_pairs=tuple(sorted(pairs))), label)
