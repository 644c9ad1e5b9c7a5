"""Swiss (FIDE Dutch) use-cases: requested byes, the engine's input built from the event, pairing the next round.

Pairing numbers (TPN, C.04.2 Art.2): when round 1 is paired, players without a number are numbered by rating
(then title, then name); a late entry receives the next free number. The initial colour (C.04.3 Art.5.2) is
drawn by lot when round 1 is paired and stored in the event (option ``dutch.initial_colour``), unless the
arbiter set it. Requested byes for a round not yet paired are stored as options ``request.<round>.<player>``
(``hpb``, ``fpb`` or ``zpb``) and become byes of that round when it is paired. Withdrawn players are not paired
and get a ``withdrawn`` entry. A Swiss round is never paired while the previous round misses results: scores
decide the score groups.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tournament_desk.core.errors import PairingError, StateError, ValidationError
from tournament_desk.core.model import Bye, EventState, Game, PairingSystem, Player, Round
from tournament_desk.core.pairing import swiss_state as sw
from tournament_desk.core.pairing.checker import Violation, check_round
from tournament_desk.core.pairing.dutch import pair_dutch
from tournament_desk.core.results import Outcome
from tournament_desk.services.session import Change, EventSession

TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
_REQUEST_KINDS = {"hpb": Outcome.HALF_BYE, "fpb": Outcome.FULL_BYE, "zpb": Outcome.ZERO_BYE}
_BYE_KIND = {
    Outcome.PAIRING_BYE: sw.ByeKind.PAB,
    Outcome.HALF_BYE: sw.ByeKind.HALF,
    Outcome.FULL_BYE: sw.ByeKind.FULL,
    Outcome.ZERO_BYE: sw.ByeKind.ZERO,
    Outcome.WITHDRAWN: sw.ByeKind.ZERO,
}
_BYE_OUTCOME = {
    Outcome.PAIRING_BYE: sw.Outcome.WIN,
    Outcome.HALF_BYE: sw.Outcome.DRAW,
    Outcome.FULL_BYE: sw.Outcome.WIN,
    Outcome.ZERO_BYE: sw.Outcome.LOSS,
    Outcome.WITHDRAWN: sw.Outcome.LOSS,
}


def initial_order_key(player: Player, rating_system: str) -> tuple[int, int, str, int]:
    """C.04.2 Art.2: strength (rating), then title, then alphabetical order."""
    title = TITLE_ORDER.index(player.title.upper()) if player.title.upper() in TITLE_ORDER else len(TITLE_ORDER)
    return (-(player.rating(rating_system) or 0), title, player.name.casefold(), player.id)


def requested_byes(session: EventSession, round_number: int) -> dict[int, Outcome]:
    prefix = f"request.{round_number}."
    return {int(k[len(prefix):]): _REQUEST_KINDS[v] for k, v in session.options().items()
            if k.startswith(prefix) and v in _REQUEST_KINDS}


def request_bye(session: EventSession, round_number: int, player_id: int, kind: str) -> Change:
    """Record in advance that a player will not play ``round_number`` (hpb, fpb or zpb; ``none`` cancels)."""
    state = session.state()
    player = state.player(player_id)
    if round_number <= state.last_round:
        raise StateError(f"Round {round_number} is already paired: enter the bye on that round instead",
                         f"La ronde {round_number} est déjà appariée : saisissez l'exemption sur cette ronde")
    if kind not in (*_REQUEST_KINDS, "none"):
        raise ValidationError(f"'{kind}' is not a requested bye (hpb, fpb, zpb or none)",
                              f"« {kind} » n'est pas une exemption demandée (hpb, fpb, zpb ou none)")
    label = (f"Round {round_number}: {player.name} requests {kind}",
             f"Ronde {round_number} : {player.name} demande {kind}")
    return session.set_option(f"request.{round_number}.{player_id}", kind, label=label)


def _entry(state: EventState, player: Player, round_number: int,
           number_of: dict[int, int]) -> sw.RoundEntry:
    """One round of ``player``'s history as the engine reads it: opponents by pairing number."""
    rnd = state.round(round_number)
    found = rnd.entry_of(player.id)
    if found is None:  # not registered yet (late entry) or not paired: an absence
        return sw.RoundEntry(None, None, sw.Outcome.LOSS, False, sw.ByeKind.ZERO)
    if isinstance(found, Bye):
        return sw.RoundEntry(None, None, _BYE_OUTCOME[found.kind], False, _BYE_KIND[found.kind])
    outcome = found.outcome_of(player.id)
    if outcome is None:
        raise StateError(f"Round {round_number} board {found.board} has no result yet",
                         f"La table {found.board} de la ronde {round_number} n'a pas encore de résultat")
    colour = sw.Colour.WHITE if found.white_id == player.id else sw.Colour.BLACK
    if outcome in (Outcome.WIN, Outcome.FORFEIT_WIN_EXCUSED, Outcome.FORFEIT_WIN_UNEXCUSED):
        result = sw.Outcome.WIN
    elif outcome is Outcome.DRAW:
        result = sw.Outcome.DRAW
    else:
        result = sw.Outcome.LOSS
    return sw.RoundEntry(number_of[found.opponent_of(player.id)], colour, result, outcome.is_played)


@dataclass(frozen=True, slots=True)
class SwissInput:
    """The engine's view of the event, and the maps between pairing numbers and player ids."""

    state: sw.SwissState
    id_of: dict[int, int]
    """pairing number -> player id"""
    number_of: dict[int, int]
    requested: dict[int, Outcome]
    withdrawn: tuple[int, ...]


def build_input(state: EventState, round_number: int, requested: dict[int, Outcome],
                initial_colour: sw.Colour) -> SwissInput:
    """The :class:`SwissState` to pair ``round_number`` (players must all have pairing numbers)."""
    scoring = state.event.scoring
    engine_scoring = sw.Scoring(win=scoring.win, draw=scoring.draw, loss=scoring.loss,
                                forfeit_loss=scoring.forfeit_loss, zero_bye=scoring.zero_bye,
                                pab=scoring.pairing_bye)
    id_of: dict[int, int] = {}
    players: list[sw.PlayerState] = []
    absent: set[int] = set()
    withdrawn: list[int] = []
    for p in state.players:
        if p.pairing_number is None:
            raise StateError("Every player needs a pairing number", "Chaque joueur doit avoir un numéro")
        id_of[p.pairing_number] = p.id
    number_of = {pid: tpn for tpn, pid in id_of.items()}
    for p in state.players:
        tpn = p.pairing_number
        assert tpn is not None
        entries = [_entry(state, p, r, number_of) for r in range(1, round_number)]
        if p.id in requested:
            kind = requested[p.id]
            entries.append(sw.RoundEntry(None, None, _BYE_OUTCOME[kind], False, _BYE_KIND[kind]))
        if not p.is_active_in(round_number):
            absent.add(tpn)
            withdrawn.append(p.id)
        players.append(sw.PlayerState(tpn, tuple(entries), p.rating(state.event.rating_system) or 0, p.name))
    swiss = sw.SwissState(tuple(players), round_number - 1, state.event.rounds, initial_colour, engine_scoring,
                          frozenset(absent))
    return SwissInput(swiss, id_of, number_of, dict(requested), tuple(withdrawn))


def _number_players(session: EventSession) -> None:
    """C.04.2 Art.2 at round 1; late entries take the next free numbers afterwards."""
    state = session.state()
    system = state.event.rating_system.value
    missing = [p for p in state.players if p.pairing_number is None]
    if not missing:
        return
    if not state.rounds:
        ordered = sorted(state.players, key=lambda p: initial_order_key(p, system))
        session.set_pairing_numbers({p.id: n for n, p in enumerate(ordered, start=1)}, how="rating (C.04.2 Art.2)")
        return
    session.number_late_entries(sorted(missing, key=lambda p: initial_order_key(p, system)))


def _initial_colour(session: EventSession) -> sw.Colour:
    value = session.options().get("dutch.initial_colour")
    if value not in ("white", "black"):
        value = random.SystemRandom().choice(("white", "black"))
        session.set_option("dutch.initial_colour", value,
                           label=(f"Initial colour drawn by lot: {value}", f"Couleur initiale tirée au sort : "
                                  f"{'blancs' if value == 'white' else 'noirs'}"))
    return sw.Colour.WHITE if value == "white" else sw.Colour.BLACK


@dataclass(frozen=True, slots=True)
class SwissPairResult:
    change: Change
    round: Round
    explanations: dict[int, str]
    """board -> why it was made (floats, colour preferences), in English and French separated by ' | '."""


def pair_next_dutch_round(session: EventSession) -> SwissPairResult:
    """Pair the next round of a Swiss event with the FIDE Dutch engine and store it."""
    state = session.state()
    if state.event.system is not PairingSystem.DUTCH:
        raise StateError("This event is not paired with the FIDE Dutch system",
                         "Ce tournoi n'est pas apparié au système hollandais FIDE")
    if state.rounds and state.round(state.last_round).missing_results:
        boards = ", ".join(map(str, state.round(state.last_round).missing_results))
        raise StateError(f"Round {state.last_round} still misses results on board(s) {boards}: a Swiss round is "
                         "paired from the scores", f"La ronde {state.last_round} attend encore les résultats des "
                         f"tables {boards} : une ronde suisse s'apparie d'après les scores")
    number = state.last_round + 1
    if number > state.event.rounds:
        raise StateError(f"The event has only {state.event.rounds} rounds",
                         f"Le tournoi n'a que {state.event.rounds} rondes")
    if len([p for p in state.players if p.is_active_in(number)]) < 2:
        raise StateError("At least two players are needed", "Il faut au moins deux joueurs")
    _number_players(session)
    colour = _initial_colour(session)
    state = session.state()
    requested = requested_byes(session, number)
    data = build_input(state, number, requested, colour)
    pairing = pair_dutch(data.state)
    games, explanations = [], {}
    for board_no, board in enumerate(pairing.boards, start=1):
        white, black = data.id_of[board.white], data.id_of[board.black]
        games.append(Game(number, board_no, white, black))
        explanations[board_no] = _explain(board, {tpn: state.player(pid).name for tpn, pid in data.id_of.items()})
    byes = [Bye(number, pid, kind) for pid, kind in sorted(requested.items())]
    if pairing.bye is not None:
        byes.append(Bye(number, data.id_of[pairing.bye], Outcome.PAIRING_BYE))
    byes += [Bye(number, pid, Outcome.WITHDRAWN) for pid in data.withdrawn if pid not in requested]
    rnd = Round(number, tuple(games), tuple(byes))
    change = session.store_round(rnd, label=(f"Pair round {number} (FIDE Dutch)",
                                             f"Apparier la ronde {number} (système hollandais FIDE)"))
    return SwissPairResult(change, rnd, explanations)


def _explain(board: sw.Board, names: dict[int, str]) -> str:
    """Why the board was made, with the players' names (pairing numbers in brackets)."""
    parts_en, parts_fr = [], []
    for tpn, fl in board.floats.items():
        who = f"{names.get(tpn, '?')} ({tpn})"
        parts_en.append(f"{who} floats {fl.value}")
        parts_fr.append(f"{who} flotte vers le {'haut' if fl is sw.Float.UP else 'bas'}")
    for tpn, granted in board.preference_granted.items():
        if granted is False:
            who = f"{names.get(tpn, '?')} ({tpn})"
            parts_en.append(f"{who} does not get his colour preference")
            parts_fr.append(f"{who} n'obtient pas sa couleur préférée")
    return "; ".join(parts_en) + " | " + "; ".join(parts_fr)


def check_last_round(session: EventSession) -> list[Violation]:
    """Check the last round (engine-made or edited by hand) against the Dutch rules."""
    state = session.state()
    if not state.rounds:
        return []
    number = state.last_round
    rnd = state.round(number)
    requested = {b.player_id: b.kind for b in rnd.byes if b.kind in (Outcome.HALF_BYE, Outcome.FULL_BYE,
                                                                        Outcome.ZERO_BYE)}
    colour = sw.Colour.BLACK if session.options().get("dutch.initial_colour") == "black" else sw.Colour.WHITE
    try:
        data = build_input(state, number, requested, colour)
    except StateError as exc:
        raise PairingError(exc.en, exc.fr) from exc
    pab = next((data.number_of[b.player_id] for b in rnd.byes if b.kind is Outcome.PAIRING_BYE), None)
    boards = tuple(sw.Board(data.number_of[g.white_id], data.number_of[g.black_id]) for g in rnd.games)
    return check_round(data.state, sw.RoundPairing(boards, pab))
