"""Swiss variants: the assisted manual pairing (FFJD, Règlement du Classement National §6.6) and the top cut (the
Drakerion platform's convention). Score-group rounds and knockout rounds are paired by the one pairing entry,
:func:`tournament_desk.services.pairing.pair_next`.

* :func:`manual_board`, :func:`manual_candidates`, :func:`check_manual`, :func:`manual_completion` — what the
  arbiter sees while pairing by hand; :func:`store_manual_round` stores the round
  (:class:`~tournament_desk.core.operations.PairByHand`: absolute-rule violations are refused unless overridden
  with a reason, written into the action's name, so it is in the undo journal and the audit log).
* :func:`start_top_cut`, :func:`bracket`, :func:`record_playoff` — the single-elimination top cut after the Swiss
  rounds (:mod:`core.pairing.knockout`).

The top cut is data of the event (:class:`~tournament_desk.core.model.TopCut`: size, draw rule, the last Swiss
round, the seeds, the play-off decisions); its rules are in :mod:`tournament_desk.core.actions.topcut`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournament_desk.core.actions import topcut as core_topcut
from tournament_desk.core.actions.manual import ManualRound, to_pair
from tournament_desk.core.changes import Change
from tournament_desk.core.operations import PairByHand, RecordPlayoff, StartTopCut
from tournament_desk.core.pairing import knockout, manual
from tournament_desk.services.session import EventSession
from tournament_desk.services.standings import standings

__all__ = [
    "TopCutSettings",
    "bracket",
    "check_manual",
    "manual_board",
    "manual_candidates",
    "manual_completion",
    "record_playoff",
    "start_top_cut",
    "store_manual_round",
    "top_cut_pdf",
    "top_cut_settings",
]


# -- manual pairing (FFJD, Règlement du Classement National §6.6) ----------------------------------------------


def manual_board(session: EventSession) -> list[manual.BoardLine]:
    return manual.pairing_board(to_pair(session.state()))


def manual_candidates(session: EventSession, player_id: int, taken: Sequence[int] = ()) -> list[manual.Candidate]:
    return manual.candidates(to_pair(session.state()), player_id, taken)


def check_manual(session: EventSession, boards: Sequence[tuple[int, int]], byes: Sequence[int] = ()
                 ) -> list[manual.ManualIssue]:
    return manual.check_manual_round(to_pair(session.state()), boards, byes)


def manual_completion(session: EventSession, boards: Sequence[tuple[int, int]], byes: Sequence[int] = ()
                      ) -> manual.Completion:
    return manual.find_completion(to_pair(session.state()), boards, byes)


def store_manual_round(session: EventSession, boards: Sequence[tuple[int, int]], byes: Sequence[int] = (),
                       reason: str | None = None, *, force: bool = False) -> Change[ManualRound]:
    """Store a round paired by hand (any Swiss system; every issue is returned in the payload)."""
    return session.run(PairByHand(tuple(boards), tuple(byes), reason, force))


# -- top cut (the Drakerion platform's convention) -------------------------------------------------------------------


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
                  draw_rule: knockout.DrawRule | str = knockout.DrawRule.HIGHER_SEED) -> Change[TopCutSettings]:
    """Qualify the top ``size`` players of the standings (tie-breaks included) and start the top cut."""
    state = session.state()
    ranking = tuple(ln.player_id for ln in standings(state).lines) if state.rounds else ()
    change = session.run(StartTopCut(size, knockout.DrawRule(draw_rule).value, ranking))
    cut = change.payload
    settings = TopCutSettings(cut.size, knockout.DrawRule(cut.draw_rule), cut.after_round, cut.seeds)
    return Change(change.title, change.what, change.notes, settings)


def bracket(session: EventSession) -> knockout.Bracket:
    """The bracket as far as it is played."""
    return core_topcut.bracket(session.state())


def record_playoff(session: EventSession, round_number: int, board: int, winner_id: int) -> Change[None]:
    """Enter who advanced from a drawn knockout game after the play-off (or the arbiter's decision after a
    double forfeit)."""
    return session.run(RecordPlayoff(round_number, board, winner_id))


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
