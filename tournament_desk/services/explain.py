""""Why this pairing?" for a round of a FIDE Dutch event (issue 22), for the CLI and the Pairings tab.

API (for the GUI's "Why?" action):

``explain_pairing(session, round_number, *, board=None, player_id=None, expected_id=None, limit=3)``
    -> :class:`PairingExplanation`

* ``session``: an open :class:`EventSession` (read only is enough); the event must be paired with the FIDE
  Dutch system and ``round_number`` already paired.
* exactly one of ``board`` (the board number in the round) or ``player_id`` (a player of the round: his board,
  or the pairing-allocated bye he received) says what to explain;
* ``expected_id``: the player someone expected the (first) player to meet instead (default: the natural S1/S2
  opponent in his bracket and the players ranked before his actual opponent, at most ``limit``).

:class:`PairingExplanation` holds the round and board (``board`` is None for the bye), the player ids, the
bracket's score, the criteria that decided (``criteria``: "C1" ... "C21", "Art.4", in the order of the lines),
and the sentences in English and French (``lines(lang)``, ``text(lang)``).
Errors are :class:`TournamentError` subclasses with both languages: ``StateError`` when the event is not a
Dutch Swiss or the round is not paired, ``NotFoundError`` for an unknown board or a player not in the round.

The explanation is computed by :func:`tournament_desk.core.pairing.explain.explain` on the engine's view of
the round (the same :class:`SwissState` the engine paired: ``core.actions.swiss.dutch_input``, with the byes
requested for that round), from the engine's own weight layout.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tournament_desk.core.actions import swiss as core_swiss
from tournament_desk.core.errors import NotFoundError, StateError
from tournament_desk.core.ids import PlayerId
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import ByeRequest, PairingSystem
from tournament_desk.core.pairing import explain as core_explain
from tournament_desk.core.pairing import swiss_state as sw
from tournament_desk.core.results import Outcome
from tournament_desk.services.session import EventSession

__all__ = ["PairingExplanation", "explain_pairing"]


@dataclass(frozen=True)
class PairingExplanation:
    """Why a board (or the bye) of a round was made."""

    round_number: int
    board: int | None  # None: the pairing-allocated bye
    player_ids: tuple[int, ...]  # (white, black), or (bye receiver,)
    bracket_score: float
    criteria: tuple[str, ...]  # the criterion that decided each float and each alternative, in order
    messages: tuple[Msg, ...]
    """The explanation's sentences (the catalogue's messages), in the user's language with :meth:`lines`."""

    def lines(self, lang: str = "en") -> tuple[str, ...]:
        return tuple(m.text(lang) for m in self.messages)

    def text(self, lang: str = "en") -> str:
        return "\n".join(self.lines(lang))


def explain_pairing(
    session: EventSession,
    round_number: int,
    *,
    board: int | None = None,
    player_id: int | None = None,
    expected_id: int | None = None,
    limit: int = 3,
) -> PairingExplanation:
    """Why board ``board`` (or the board or bye of ``player_id``) of round ``round_number`` was made."""
    state = session.state()
    if state.event.system is not PairingSystem.DUTCH:
        raise StateError(msg("Explanations are given for events paired with the FIDE Dutch system"))
    if (board is None) == (player_id is None):
        raise StateError(msg("Say which board or which player to explain"))
    if not 1 <= round_number <= state.last_round:
        raise StateError(msg("Round {round_number} is not paired", round_number=round_number))
    rnd = state.round(round_number)
    # The round as it was paired: the byes requested for it are in the round now (as for check_last_round).
    requested = {b.player_id: b.kind for b in rnd.byes if b.kind in (Outcome.HALF_BYE, Outcome.FULL_BYE,
                                                                        Outcome.ZERO_BYE)}
    as_requested = replace(state, requests=tuple(ByeRequest(round_number, pid, kind)
                                                 for pid, kind in requested.items()))
    data = core_swiss.dutch_input(as_requested, round_number, core_swiss.initial_colour(state))
    number_of = data.number_of
    pab = next((b.player_id for b in rnd.byes if b.kind is Outcome.PAIRING_BYE), None)
    pairing = sw.RoundPairing(
        tuple(sw.Board(number_of[PlayerId(g.white_id)], number_of[PlayerId(g.black_id)]) for g in rnd.games),
        None if pab is None else number_of[PlayerId(pab)],
    )
    if board is not None:
        game = next((g for g in rnd.games if g.board == board), None)
        if game is None:
            raise NotFoundError(msg("Round {round_number} has no board {board}", round_number=round_number,
                                    board=board))
        subject = game.white_id
    else:
        assert player_id is not None
        if PlayerId(player_id) not in number_of or rnd.entry_of(player_id) is None:
            raise NotFoundError(msg("Player {player_id} is not in round {round_number}", player_id=player_id,
                                    round_number=round_number))
        subject = player_id
    if subject != pab and not any(subject in (g.white_id, g.black_id) for g in rnd.games):
        raise NotFoundError(msg("Player {subject} was not paired in round {round_number} (a requested bye)",
                                subject=subject, round_number=round_number))
    expected = None
    if expected_id is not None:
        if PlayerId(expected_id) not in number_of:
            raise NotFoundError(msg("No player with id {expected_id}", expected_id=expected_id))
        expected = number_of[PlayerId(expected_id)]
    got = core_explain.explain(data.state, pairing, number_of[PlayerId(subject)], expected, limit=limit)
    criteria = tuple(f.why_him.criterion if f.why_him else f.why_float.criterion for f in got.floats) + tuple(
        a.reason.criterion for a in got.alternatives)
    game_no = None if got.bye else next(g.board for g in rnd.games if subject in (g.white_id, g.black_id))
    return PairingExplanation(
        round_number=round_number,
        board=game_no,
        player_ids=tuple(data.id_of[tpn] for tpn in got.players),
        bracket_score=got.bracket_score,
        criteria=criteria,
        messages=tuple(got.messages()),
    )
