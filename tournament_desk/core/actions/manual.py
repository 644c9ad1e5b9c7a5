"""A Swiss round paired by hand (FFJD, Règlement du Classement National §6.6, our seed 000: the arbiter pairs
with the program's assistance), in any Swiss system.

The checks are :func:`tournament_desk.core.pairing.manual.check_manual_round`'s. Absolute-rule violations
(a rematch, a player twice or left out, a bye not allowed...) refuse the round unless the arbiter gives a
reason: the override is then stored with the reason and the rules broken in the action's name, so it is in the
undo journal and the audit log of the event file. Requested byes are honoured; withdrawn players get their
withdrawal entry.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from tournament_desk.core.actions.rounds import add_round, check_previous_complete
from tournament_desk.core.actions.step import Step
from tournament_desk.core.errors import PairingError, StateError
from tournament_desk.core.messages import Formatted, listing, msg
from tournament_desk.core.model import Bye, EventState, Game, Round
from tournament_desk.core.pairing import manual
from tournament_desk.core.results import Outcome

__all__ = ["ManualRound", "pair_by_hand", "to_pair"]


def to_pair(state: EventState) -> EventState:
    """The event as the manual board sees it: players with a bye requested for the round to pair are not to be
    paired (they get their bye when the round is stored), like players who withdrew."""
    number = state.last_round + 1
    requested = state.requests_for(number)
    if not requested:
        return state
    players = tuple(dataclasses.replace(p, withdrawn_from_round=number) if p.id in requested and
                    p.is_active_in(number) else p for p in state.players)
    return dataclasses.replace(state, players=players)


@dataclass(frozen=True, slots=True)
class ManualRound:
    """What a round paired by hand raised: every issue found (none is hidden), and whether absolute rules were
    overridden with the arbiter's reason."""

    issues: tuple[manual.ManualIssue, ...]
    overridden: bool


def _issue_list(issues: Sequence[manual.ManualIssue]) -> Formatted:
    return listing((i.msg for i in issues), "; ")


def pair_by_hand(state: EventState, boards: Sequence[tuple[int, int]], byes: Sequence[int] = (),
                 reason: str | None = None, *, force: bool = False) -> Step[ManualRound]:
    """Store the next round as the arbiter paired it (``boards`` as ``(white id, black id)`` in board order,
    ``byes`` the players given the pairing-allocated bye). Refuses while results of the last round are missing
    unless ``force``; refuses a round robin (it follows its grid)."""
    check_previous_complete(state, force=force, why=msg("; enter them or confirm"))
    if state.event.system.is_round_robin:
        raise StateError(msg("A round robin follows its grid; it is not paired by hand"))
    number = state.last_round + 1
    issues = manual.check_manual_round(to_pair(state), boards, byes)
    absolute = [i for i in issues if i.absolute]
    reason = (reason or "").strip()
    if absolute and not reason:
        raise PairingError(
            msg("Round {number} breaks absolute rules: {issues}. Change the pairing or override with a reason",
                number=number, issues=_issue_list(absolute)),
        )
    if any(i.code in ("unknown", "twice", "self") for i in absolute):
        raise PairingError(msg("Round {number} cannot be stored: {issues}", number=number,
                               issues=_issue_list(absolute)))
    games = tuple(Game(number, i, w, b) for i, (w, b) in enumerate(boards, start=1))
    requested = state.requests_for(number)
    paired = {pid for w, b in boards for pid in (w, b)}
    bye_entries = [Bye(number, pid, Outcome.PAIRING_BYE) for pid in byes if pid not in requested]
    bye_entries += [Bye(number, pid, kind) for pid, kind in requested.items() if pid not in paired]
    bye_entries += [Bye(number, p.id, Outcome.WITHDRAWN) for p in state.players
                    if not p.is_active_in(number) and p.id not in paired and p.id not in requested]
    rnd = Round(number, games, tuple(sorted(bye_entries, key=lambda b: b.player_id)))
    if absolute:
        codes = ", ".join(sorted({i.code for i in absolute}))
        label = msg("Pair round {number} by hand — override ({codes}): {reason}", number=number, codes=codes,
                    reason=reason)
    elif reason:
        label = msg("Pair round {number} by hand — {reason}", number=number, reason=reason)
    else:
        label = msg("Pair round {number} by hand", number=number)
    if number > state.event.rounds:
        raise StateError(msg("The event has only {rounds} rounds", rounds=state.event.rounds))
    added = add_round(state, rnd, label)
    return Step(added.state, added.label, added.notes, ManualRound(tuple(issues), bool(absolute)))
