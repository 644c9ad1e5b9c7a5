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

from tournament_desk.core.actions.step import Message, Step, step
from tournament_desk.core.errors import NotFoundError, StateError, ValidationError
from tournament_desk.core.ids import PlayerId
from tournament_desk.core.messages import Msg, listing, msg
from tournament_desk.core.model import REQUESTABLE_BYES, ByeRequest, EventState, Game, Player
from tournament_desk.core.pairing import berger
from tournament_desk.core.results import Outcome

TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""C.04.2 Art.2: titles in the order that ranks players of equal rating."""

LAST_CORRECTABLE_ROUND = 4
"""C.04.2 Art.2: a pairing number may not be corrected once round 4 has been paired."""

PLAYER_FIELDS = frozenset(f.name for f in dataclasses.fields(Player)) - {"id"}


class DuplicatePlayerError(ValidationError):
    """A registration looks like one already made (the same name and birth date). Two real players can share a
    name and a birth date, so the caller may register anyway (``allow_duplicates``). The same licence number is
    not a possible duplicate but a refusal (:class:`LicenceTakenError`)."""

    code = "duplicate"

    def __init__(self, message: Msg, duplicates: Sequence[tuple[Player, Player]]) -> None:
        super().__init__(message)
        self.duplicates = tuple(duplicates)
        """``(new, existing)`` pairs."""


class LicenceTakenError(ValidationError):
    """A registration gives a licence number that another player of the event already has: one licence is one
    person, so this is refused whatever the caller chose ("register anyway" is for namesakes only)."""

    code = "licence_taken"

    def __init__(self, message: Msg, clashes: Sequence[tuple[Player, Player]]) -> None:
        super().__init__(message, field="licence_id")
        self.clashes = tuple(clashes)
        """``(new, other)`` pairs: the registration and the player who already has its licence."""


def initial_order_key(player: Player, rating_system: str) -> tuple[int, int, str, str, int]:
    """C.04.2 Art.2: strength (rating, unrated last), then title, then alphabetical order."""
    title = player.title.upper()
    rank = TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)
    return (-(player.rating(rating_system) or 0), rank, player.name.casefold(), player.name, player.id)


def _same_person_key(p: Player) -> tuple[str, str, str] | None:
    if p.birth_date is None:
        return None
    return (p.surname.casefold(), p.first_name.casefold(), p.birth_date.isoformat())


def _licence_key(p: Player) -> str:
    """The licence as compared: spaces trimmed, any case (``""``: no licence)."""
    return p.licence_id.strip().casefold()


def find_duplicates(new: Iterable[Player], existing: Iterable[Player]) -> list[tuple[Player, Player]]:
    """Registrations that look like one another: the same licence, or the same name and birth date, compared
    after trimming spaces and ignoring case (a new player is also compared with the new ones before it)."""
    seen = list(existing)
    found: list[tuple[Player, Player]] = []
    for p in new:
        licence = _licence_key(p)
        person = _same_person_key(p)
        for other in seen:
            if other.id == p.id:
                continue
            if (licence and _licence_key(other) == licence) or \
                    (person is not None and _same_person_key(other) == person):
                found.append((p, other))
                break
        seen.append(p)
    return found


def licence_clashes(new: Iterable[Player], existing: Iterable[Player]) -> list[tuple[Player, Player]]:
    """``(new, other)``: a registration whose licence ``other`` already has (compared as
    :func:`find_duplicates` does; a new player is also compared with the new ones before it)."""
    seen = list(existing)
    found: list[tuple[Player, Player]] = []
    for p in new:
        licence = _licence_key(p)
        other = next((o for o in seen if licence and o.id != p.id and _licence_key(o) == licence), None)
        if other is not None:
            found.append((p, other))
        seen.append(p)
    return found


def _refuse_licence_clashes(clashes: Sequence[tuple[Player, Player]], registered: Iterable[Player]) -> None:
    """One licence, one player: each clash names the other player (name and id when already registered)."""
    if not clashes:
        return
    ids = {p.id for p in registered}
    lines = [msg("{new} has licence {licence}, already registered for {other} (id {other_id})", new=new.name,
                 licence=other.licence_id.strip(), other=other.name, other_id=other.id) if other.id in ids else
             msg("{first} and {second} both have licence {licence}", first=other.name, second=new.name,
                 licence=other.licence_id.strip())
             for new, other in clashes]
    raise LicenceTakenError(msg("A licence number belongs to one player only: {clashes}",
                                clashes=listing(lines, "; ")), clashes)


def _refuse_duplicates(duplicates: Sequence[tuple[Player, Player]]) -> None:
    """Possible duplicates (the same name and birth date): refused unless the caller registers anyway."""
    if not duplicates:
        return
    pairs = [msg("{new} looks like {old} (id {old_id}), already registered", new=new.name, old=old.name,
                 old_id=old.id) for new, old in duplicates]
    raise DuplicatePlayerError(msg("Possible duplicate: {duplicates}. Register anyway if they are different people",
                                   duplicates=listing(pairs, "; ")),
                               duplicates)


def _namesakes(new: Iterable[Player], existing: Iterable[Player]) -> list[tuple[Player, Player]]:
    """``(new, existing)``: registrations with the same name and birth date as an earlier one."""
    seen = list(existing)
    found: list[tuple[Player, Player]] = []
    for p in new:
        person = _same_person_key(p)
        other = next((o for o in seen if person is not None and o.id != p.id and _same_person_key(o) == person),
                     None)
        if other is not None:
            found.append((p, other))
        seen.append(p)
    return found


def _check_fields(fields: Mapping[str, Any]) -> None:
    unknown = set(fields) - PLAYER_FIELDS
    if unknown:
        raise ValidationError(msg("Unknown player field(s): {unknown}", unknown=', '.join(sorted(unknown))))


def add_players(state: EventState, entries: Sequence[Mapping[str, Any]], *, allow_duplicates: bool = False,
                label: Message | None = None) -> Step[tuple[PlayerId, ...]]:
    """Register players (one action: all or nothing). New ids follow the largest id in the file.

    A round robin takes no entry once round 1 is paired (the grid is fixed: seed 000 Annexe A). In a Swiss a
    late entry is welcome; it is numbered when the next round is paired (see the module docstring)."""
    if state.rounds and state.event.system.is_round_robin and not state.event.is_team_event:
        raise StateError(msg("A round robin cannot take a late entry once round 1 is paired"))
    next_id = max((p.id for p in state.players), default=0) + 1
    new: list[Player] = []
    for fields in entries:
        _check_fields(fields)
        new.append(Player(id=next_id + len(new), **fields))
    taken = {p.pairing_number for p in state.players if p.pairing_number is not None}
    for p in new:
        if p.pairing_number is not None:
            if p.pairing_number in taken:
                raise ValidationError(msg("Pairing number {pairing_number} is already taken",
                                          pairing_number=p.pairing_number), field="pairing_number")
            taken.add(p.pairing_number)
    if not new:
        raise ValidationError(msg("No player to register"))
    _refuse_licence_clashes(licence_clashes(new, state.players), state.players)
    if not allow_duplicates:
        _refuse_duplicates(_namesakes(new, state.players))
    if label is None:
        label = (msg("Add player {name}", name=new[0].name) if len(new) == 1
                 else msg("Import {n_new} players", n_new=len(new)))
    return Step(dataclasses.replace(state, players=state.players + tuple(new)), label, (),
                tuple(PlayerId(p.id) for p in new))


def _replace_player(state: EventState, player: Player) -> EventState:
    return dataclasses.replace(state, players=tuple(player if p.id == player.id else p for p in state.players))


def _pairing_number_changes(state: EventState, changes: Mapping[int, int | None]) -> None:
    """Refuse a change of pairing numbers the event's progress forbids (C.04.2 Art.2; a round robin's grid)."""
    if not state.rounds:
        return
    if state.event.system.is_round_robin:
        raise StateError(msg("Pairing numbers are the places in the grid: they are frozen once round 1 is paired"))
    if state.last_round >= LAST_CORRECTABLE_ROUND:
        raise StateError(msg("Pairing numbers cannot be corrected once round {last_correctable_round} is paired "
                             "(C.04.2 Art.2)", last_correctable_round=LAST_CORRECTABLE_ROUND))


def edit_player(state: EventState, player_id: int, changes: Mapping[str, Any], *,
                allow_duplicates: bool = False) -> Step[None]:
    _check_fields(changes)
    current = state.player(player_id)
    if "pairing_number" in changes and changes["pairing_number"] != current.pairing_number:
        _pairing_number_changes(state, {player_id: changes["pairing_number"]})
    updated = dataclasses.replace(current, **changes)
    others = [p for p in state.players if p.id != player_id]
    if _licence_key(updated) != _licence_key(current):  # a file may hold a licence twice from an older version
        _refuse_licence_clashes(licence_clashes([updated], others), others)
    if not allow_duplicates:
        _refuse_duplicates(_namesakes([updated], others))
    return step(_replace_player(state, updated), msg("Edit player {name}", name=updated.name))


def edit_players(state: EventState, changes: Mapping[int, Mapping[str, Any]], *,
                 label: Message | None = None) -> Step[None]:
    """Edit several players in one action (a rating list applied): all or nothing."""
    by_id = {p.id: p for p in state.players}
    for player_id, fields in changes.items():
        _check_fields(fields)
        if player_id not in by_id:
            raise NotFoundError(msg("No player with id {player_id}", player_id=player_id))
        if "pairing_number" in fields:
            _pairing_number_changes(state, {player_id: fields["pairing_number"]})
        by_id[player_id] = dataclasses.replace(by_id[player_id], **fields)
    new_players = tuple(by_id[p.id] for p in state.players)
    label = label or msg("Edit {n_changes} players", n_changes=len(changes))
    return step(dataclasses.replace(state, players=new_players), label)


def remove_player(state: EventState, player_id: int) -> Step[None]:
    """Delete a registration: refused once the player appears in a round (withdraw instead). Their requests
    and forbidden pairs go with them."""
    player = state.player(player_id)
    for rnd in state.rounds:
        if rnd.entry_of(player_id) is not None:
            raise StateError(msg("{name} already appears in round {number}: withdraw the player instead",
                                 name=player.name, number=rnd.number))
    if state.top_cut is not None and player_id in state.top_cut.seeds:
        raise StateError(msg("{name} is in the top cut", name=player.name))
    team = state.team_of(player_id)
    if team is not None:
        raise StateError(msg("{name} is in the roster of {team}: take the player out of it first", name=player.name,
                             team=team.name))
    new = dataclasses.replace(
        state,
        players=tuple(p for p in state.players if p.id != player_id),
        requests=tuple(r for r in state.requests if r.player_id != player_id),
        forbidden_pairs=tuple(fp for fp in state.forbidden_pairs if player_id not in fp),
    )
    return step(new, msg("Delete player {name}", name=player.name))


def withdraw_player(state: EventState, player_id: int, from_round: int,
                    forfeit: Outcome | str = Outcome.FORFEIT_LOSS_EXCUSED) -> Step[None]:
    """The player takes no part from ``from_round`` on (results already played are kept). In a round robin
    the grid does not change: the remaining games become ``forfeit`` (0fe or 0fne, the arbiter's choice,
    seed 000 §6.4). Their requested byes from that round on are dropped."""
    player = state.player(player_id)
    forfeit = Outcome(forfeit)
    if from_round < 1 or from_round > state.event.rounds + 1:
        raise ValidationError(msg("Round {from_round} does not exist in this event", from_round=from_round),
                              field="from_round")
    if not state.event.system.is_round_robin:
        for rnd in state.rounds:
            if rnd.number >= from_round and isinstance(rnd.entry_of(player_id), Game):
                raise StateError(
                    msg("{name} is already paired in round {number}; enter that result or unpair first",
                        name=player.name, number=rnd.number),
                )
    updated = dataclasses.replace(player, withdrawn_from_round=from_round, withdrawal_forfeit=forfeit)
    new = dataclasses.replace(_replace_player(state, updated), requests=tuple(
        r for r in state.requests if not (r.player_id == player_id and r.round >= from_round)))
    return step(new, msg("Withdraw {name} from round {from_round}", name=player.name, from_round=from_round))


def reinstate_player(state: EventState, player_id: int) -> Step[None]:
    player = state.player(player_id)
    if player.withdrawn_from_round is None:
        raise StateError(msg("{name} has not withdrawn", name=player.name))
    updated = dataclasses.replace(player, withdrawn_from_round=None)
    return step(_replace_player(state, updated), msg("Reinstate {name}", name=player.name))


def set_pairing_numbers(state: EventState, numbers: Mapping[int, int], how: str) -> Step[None]:
    """Give every player a pairing number (a permutation of 1..n): by lot, by rating or by hand."""
    _pairing_number_changes(state, numbers)
    ids = {p.id for p in state.players}
    if set(numbers) != ids or sorted(numbers.values()) != list(range(1, len(ids) + 1)):
        raise ValidationError(
            msg("Pairing numbers must give each of the {n_ids} players one number from 1 to {n_ids}", n_ids=len(ids)),
        )
    players = tuple(dataclasses.replace(p, pairing_number=numbers[p.id]) for p in state.players)
    event = dataclasses.replace(state.event, numbering=how[:60])
    return step(dataclasses.replace(state, players=players, event=event),
                msg("Assign pairing numbers ({how})", how=how))


def number_players(state: EventState, method: str, *, seed: int | None = None,
                   manual: Mapping[int, int] | None = None) -> Step[None]:
    """Pairing numbers for every player: by draw of lots (``seed``: the lot's number, recorded so the draw can be
    re-run and audited), by rating (highest first, C.04.2 Art.2), or by hand (a permutation of 1..n). The
    caller draws the lot's number: the core has no random source."""
    ids = [p.id for p in state.players]
    if method == "lot":
        if seed is None:
            raise ValidationError(msg("A draw of lots needs its number"))
        numbers = berger.assign_pairing_numbers_by_lot(ids, seed)
        how = f"lot, seed {seed}"
        label = msg("Assign pairing numbers (draw of lots no. {seed})", seed=seed)
    elif method == "rating":
        system = state.event.rating_system
        numbers = berger.assign_by_rating([(p.id, p.rating(system), p.name) for p in state.players])
        how = "rating"
        label = msg("Assign pairing numbers (by rating)")
    elif method == "manual":
        numbers = berger.validate_manual_numbering(manual or {})
        how = "manual"
        label = msg("Assign pairing numbers (by hand)")
    else:
        raise ValidationError(msg("Unknown numbering method '{method}' (lot, rating or manual)", method=method))
    done = set_pairing_numbers(state, numbers, how)
    return Step(done.state, label, done.notes, None)


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


def request_bye(state: EventState, round_number: int, player_id: int, kind: Outcome | str | None) -> Step[None]:
    """A player asks in advance not to play ``round_number`` (C.04.1 Art.3): a half-point, full-point or
    zero-point bye; ``None`` cancels the request. Only for a round not paired yet, in a Swiss (a round
    robin's grid is fixed: an absence there is a forfeit)."""
    player = state.player(player_id)
    if state.event.system.is_round_robin:
        raise StateError(msg("A round robin follows its grid: an absent player's game is a forfeit, not a bye"))
    if round_number <= state.last_round:
        raise StateError(msg("Round {round_number} is already paired: enter the bye on that round instead",
                             round_number=round_number),
                         field="round")
    if round_number > state.event.rounds:
        raise ValidationError(msg("The event has only {rounds} rounds", rounds=state.event.rounds), field="round")
    others = tuple(r for r in state.requests if not (r.round == round_number and r.player_id == player_id))
    if kind is None or kind == "none":
        if len(others) == len(state.requests):
            raise StateError(msg("{name} has no bye requested for round {round_number}", name=player.name,
                                 round_number=round_number))
        return step(dataclasses.replace(state, requests=others),
                    msg("Round {round_number}: cancel the bye requested by {name}", round_number=round_number,
                        name=player.name))
    try:
        outcome = Outcome(kind)
    except ValueError:
        outcome = None
    if outcome not in REQUESTABLE_BYES:
        raise ValidationError(msg("'{kind}' is not a requested bye (hpb, fpb, zpb or none)", kind=kind), field="kind")
    assert outcome is not None
    if not player.is_active_in(round_number):
        raise StateError(msg("{name} has withdrawn before round {round_number}", name=player.name,
                             round_number=round_number))
    request = ByeRequest(round_number, player_id, outcome)
    requests = tuple(sorted((*others, request), key=lambda r: (r.round, r.player_id)))
    bye = {Outcome.HALF_BYE: msg("a half-point bye"), Outcome.FULL_BYE: msg("a full-point bye"),
           Outcome.ZERO_BYE: msg("a zero-point bye")}[outcome]
    return step(dataclasses.replace(state, requests=requests),
                msg("Round {round_number}: {name} requests {bye}", round_number=round_number, name=player.name,
                    bye=bye))


def set_forbidden_pair(state: EventState, player_a: int, player_b: int, forbidden: bool = True) -> Step[None]:
    """Two players who must not meet (family members, club-mates; TRF ``XXP``), or no longer so."""
    a, b = state.player(player_a), state.player(player_b)
    if a.id == b.id:
        raise ValidationError(msg("A player cannot be kept apart from themselves"))
    pair = (min(a.id, b.id), max(a.id, b.id))
    pairs = set(state.forbidden_pairs)
    if forbidden:
        pairs.add(pair)
        label = msg("{name} and {name2} must not meet", name=a.name, name2=b.name)
    else:
        if pair not in pairs:
            raise StateError(msg("{name} and {name2} are not kept apart", name=a.name, name2=b.name))
        pairs.discard(pair)
        label = msg("{name} and {name2} may meet again", name=a.name, name2=b.name)
    return step(dataclasses.replace(state, forbidden_pairs=tuple(sorted(pairs))), label)
