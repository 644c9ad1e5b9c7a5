"""Swiss variants: score-group pairing (seed 004), assisted manual pairing (seed 000 §6.6), top cut (seed 004).

* :func:`pair_next_scoregroup_round` — the platform's score-group Swiss (:mod:`core.pairing.scoregroups`).
* :func:`manual_board`, :func:`manual_candidates`, :func:`check_manual`, :func:`manual_completion`,
  :func:`store_manual_round` — the arbiter pairs by hand; absolute-rule violations are refused unless overridden
  with a reason, and the reason is written into the action's label, so it is in the undo journal and the audit
  log of the event file.
* :func:`start_top_cut`, :func:`pair_next_knockout_round`, :func:`bracket`, :func:`record_playoff` — the
  single-elimination top cut after the Swiss rounds (:mod:`core.pairing.knockout`).

The top cut is data of the event (:class:`~tournament_desk.core.model.TopCut`: size, draw rule, the last Swiss
round, the seeds, the play-off decisions); its rules are in :mod:`tournament_desk.core.actions.topcut`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tournament_desk.core.actions import swiss as core_swiss
from tournament_desk.core.actions import topcut as core_topcut
from tournament_desk.core.actions.rounds import check_previous_complete
from tournament_desk.core.errors import PairingError, StateError
from tournament_desk.core.messages import Formatted, listing, msg
from tournament_desk.core.model import Bye, EventState, Game, Round
from tournament_desk.core.pairing import knockout, manual
from tournament_desk.core.results import Outcome
from tournament_desk.services.session import Change, EventSession
from tournament_desk.services.standings import standings

if TYPE_CHECKING:  # the score-group engine needs scipy: imported when a round is paired, not at start-up
    from tournament_desk.core.pairing import scoregroups

__all__ = [
    "KnockoutPairResult",
    "ManualStoreResult",
    "ScoreGroupPairResult",
    "TopCutSettings",
    "bracket",
    "check_manual",
    "manual_board",
    "manual_candidates",
    "manual_completion",
    "pair_next_knockout_round",
    "pair_next_scoregroup_round",
    "record_playoff",
    "start_top_cut",
    "store_manual_round",
    "top_cut_pdf",
    "top_cut_settings",
]


def _check_last_round_complete(state: EventState, force: bool) -> None:
    check_previous_complete(state, force=force, why=msg("; enter them or confirm"))


# -- score groups (seed 004) ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoreGroupPairResult:
    change: Change
    round: Round
    pairing: scoregroups.ScoreGroupPairing

    def notes(self, lang: str = "en") -> tuple[str, ...]:
        return tuple(n.text(lang) for n in self.pairing.notes)


def pair_next_scoregroup_round(session: EventSession, *, force: bool = False) -> ScoreGroupPairResult:
    """Pair the next Swiss round of a score-group event (seed 004). Refuses while results are missing unless
    ``force``, and once the top cut has started. Requested byes are honoured."""
    number = session.state().last_round + 1
    change = session.apply(lambda s: core_swiss.pair_scoregroup_round(s, force=force),
                           backup=f"before-round-{number}")
    return ScoreGroupPairResult(change, session.state().round(number), change.detail)


# -- manual pairing (seed 000 §6.6) -------------------------------------------------------------------------------


def _to_pair(state: EventState) -> EventState:
    """The event as the manual board sees it: players with a bye requested for the round to pair are not to be
    paired (they get their bye when the round is stored), like players who withdrew."""
    number = state.last_round + 1
    requested = state.requests_for(number)
    if not requested:
        return state
    players = tuple(dataclasses.replace(p, withdrawn_from_round=number) if p.id in requested and
                    p.is_active_in(number) else p for p in state.players)
    return dataclasses.replace(state, players=players)


def manual_board(session: EventSession) -> list[manual.BoardLine]:
    return manual.pairing_board(_to_pair(session.state()))


def manual_candidates(session: EventSession, player_id: int, taken: Sequence[int] = ()) -> list[manual.Candidate]:
    return manual.candidates(_to_pair(session.state()), player_id, taken)


def check_manual(session: EventSession, boards: Sequence[tuple[int, int]], byes: Sequence[int] = ()
                 ) -> list[manual.ManualIssue]:
    return manual.check_manual_round(_to_pair(session.state()), boards, byes)


def manual_completion(session: EventSession, boards: Sequence[tuple[int, int]], byes: Sequence[int] = ()
                      ) -> manual.Completion:
    return manual.find_completion(_to_pair(session.state()), boards, byes)


@dataclass(frozen=True, slots=True)
class ManualStoreResult:
    change: Change
    round: Round
    issues: tuple[manual.ManualIssue, ...]
    overridden: bool


def _issue_list(issues: Sequence[manual.ManualIssue]) -> Formatted:
    return listing((i.msg for i in issues), "; ")


def store_manual_round(session: EventSession, boards: Sequence[tuple[int, int]], byes: Sequence[int] = (),
                       reason: str | None = None, *, force: bool = False) -> ManualStoreResult:
    """Store a round paired by hand (any Swiss system; never silently: every issue is returned).

    Absolute-rule violations (rematch, player twice or left out, bye not allowed...) raise a bilingual
    :class:`PairingError` listing them, unless ``reason`` is given: the arbiter's override is then stored with
    the reason and the rules broken in the action's label (undo journal and audit log). Refuses while results
    of the last round are missing unless ``force``.
    """
    state = session.state()
    _check_last_round_complete(state, force)
    if state.event.system.is_round_robin:
        raise StateError(msg("A round robin follows its grid; it is not paired by hand"))
    number = state.last_round + 1
    issues = manual.check_manual_round(_to_pair(state), boards, byes)
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
    change = session.store_round(rnd, label=label)
    return ManualStoreResult(change, rnd, tuple(issues), bool(absolute))


# -- top cut (seed 004) --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TopCutSettings:
    size: int
    draw_rule: knockout.DrawRule
    after_round: int
    seeds: tuple[int, ...]


def top_cut_settings(session: EventSession) -> TopCutSettings | None:
    """The top cut's settings, None when it has not started."""
    cut = session.state().top_cut
    if cut is None:
        return None
    return TopCutSettings(cut.size, knockout.DrawRule(cut.draw_rule), cut.after_round, cut.seeds)


def start_top_cut(session: EventSession, size: int | None = None,
                  draw_rule: knockout.DrawRule | str = knockout.DrawRule.HIGHER_SEED) -> TopCutSettings:
    """Qualify the top ``size`` players of the standings (tie-breaks included) and start the top cut."""
    state = session.state()
    ranking = [ln.player_id for ln in standings(state).lines] if state.rounds else []
    session.apply(lambda s: core_topcut.start_top_cut(s, size, draw_rule, ranking))
    settings = top_cut_settings(session)
    assert settings is not None
    return settings


def bracket(session: EventSession) -> knockout.Bracket:
    """The bracket as far as it is played."""
    return core_topcut.bracket(session.state())


@dataclass(frozen=True, slots=True)
class KnockoutPairResult:
    change: Change
    round: Round
    stage: int
    matches: int


def pair_next_knockout_round(session: EventSession) -> KnockoutPairResult:
    """Pair the next knockout stage (the higher seed has White); raises the event's round count if needed."""
    number = session.state().last_round + 1
    change = session.apply(core_topcut.pair_knockout_round, backup=f"before-round-{number}")
    stage, matches = change.detail
    return KnockoutPairResult(change, session.state().round(number), stage, matches)


def record_playoff(session: EventSession, round_number: int, board: int, winner_id: int) -> Change:
    """Enter who advanced from a drawn knockout game after the play-off (or the arbiter's decision after a
    double forfeit)."""
    return session.apply(lambda s: core_topcut.record_playoff(s, round_number, board, winner_id))


def top_cut_pdf(session: EventSession, *, lang: str = "fr") -> bytes:
    """The bracket with its players' names and results, as A4 PDF bytes."""
    from tournament_desk.core.formatting import format_date_range
    from tournament_desk.core.results import format_game_result
    from tournament_desk.printing.bracket_pdf import bracket_pdf

    current = bracket(session)
    state = session.state()
    names = {p.id: p.name for p in state.players}
    results = {(m.stage, m.index): format_game_result(m.result, state.event.discipline)
               for stage in current.stages for m in stage if m.result is not None}
    event = state.event
    parts = [event.place, format_date_range(event.start_date, event.end_date, lang), ", ".join(event.arbiters)]
    return bracket_pdf(current, title=event.name, names=names, subtitle=" — ".join(x for x in parts if x),
                       lang=lang, results=results)
