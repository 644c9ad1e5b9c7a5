"""Homologation checks per discipline and federation: the rules a federation applies before it accepts (rates,
homologates) an event, as pure functions over an :class:`EventState`.

* :mod:`.general` — every event: players, rounds the pairing system can play, results complete;
* :mod:`.fide` — chess rated ``fide``: FIDE Rating Regulations (Handbook B.02, 2024);
* :mod:`.national_chess` — chess rated ``elo-fr``: the French chess federation's homologation (FFE);
* :mod:`.ffjd` — draughts: FFJD « Règlement du Classement National » §5, §6.6 (seed 000);
* :mod:`.scrabble` — Scrabble: FISF cote PL (seed 002).

:func:`rule_set_for` picks the rule set from the event's discipline and rating system; :func:`homologation_checks`
runs the general checks then the rule set's, in order. Every check cites its document and article (``rule``);
docs/rules.md §11 lists them with their tests. :func:`register_rule_set` adds or replaces a rule set.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tournament_desk.core.homologation import ffjd, fide, general, national_chess, scrabble
from tournament_desk.core.homologation.common import Check, HomologationCheck, Level
from tournament_desk.core.homologation.ffjd import homologation_fee
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import Event, EventState, RatingSystem
from tournament_desk.core.results import Discipline
from tournament_desk.core.sources import FFJD_RCN, FIDE_B02, FISF_PL, cite

__all__ = [
    "RULE_SETS", "Check", "HomologationCheck", "Level", "RuleSet", "homologation_checks", "homologation_fee",
    "register_rule_set", "rule_set_for",
]


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A federation's checks: ``key``, a title (the heading of ``checks.txt``, a catalogue message), the checks in
    order, and ``applies(event)``, which says whether the rule set is the event's."""

    key: str
    title: Msg
    checks: tuple[Check, ...]
    applies: Callable[[Event], bool]


def _is(discipline: Discipline, *systems: RatingSystem) -> Callable[[Event], bool]:
    def applies(event: Event) -> bool:
        return event.discipline is discipline and (not systems or event.rating_system in systems)
    return applies


RULE_SETS: list[RuleSet] = [
    RuleSet("fide", msg("FIDE rating — {source}", source=cite(FIDE_B02).full_message), fide.CHECKS,
            _is(Discipline.CHESS, RatingSystem.FIDE)),
    RuleSet("ffe", msg("French chess federation (FFE): homologated competitions, national Elo"),
            national_chess.CHECKS, _is(Discipline.CHESS, RatingSystem.NATIONAL_ELO)),
    RuleSet("ffjd", msg("FFJD draughts homologation — {source}", source=cite(FFJD_RCN, "§5, §6.6").full_message),
            ffjd.CHECKS, _is(Discipline.DRAUGHTS)),
    RuleSet("fisf", msg("Scrabble classique homologated by the FFSc, cote PL — {source}",
                               source=cite(FISF_PL).full_message), scrabble.CHECKS,
            _is(Discipline.SCRABBLE)),
]
"""The federations' rule sets; the first whose ``applies`` holds is the event's (:func:`rule_set_for`)."""

GENERAL = RuleSet("general", msg("General checks (no federation rule set for this event)"), (), lambda event: True)


def register_rule_set(rule_set: RuleSet) -> RuleSet:
    """Add ``rule_set`` in front of :data:`RULE_SETS` (a rule set with the same key is replaced)."""
    RULE_SETS[:] = [rule_set, *(r for r in RULE_SETS if r.key != rule_set.key)]
    return rule_set


def rule_set_for(event: Event) -> RuleSet:
    """The event's rule set: chess rated ``fide`` → FIDE; chess rated ``elo-fr`` → FFE; draughts → FFJD;
    Scrabble → FISF/FFSc; anything else (another discipline, chess unrated...) → the general checks only."""
    return next((r for r in RULE_SETS if r.applies(event)), GENERAL)


def _no_rule_set(state: EventState) -> HomologationCheck:
    e = state.event
    return HomologationCheck(
        "rule-set", "info",
        msg("No federation rules for a {discipline} event rated '{rating}': only the general checks apply.",
            discipline=e.discipline.value, rating=e.rating_system.value),
        rule=None)


def homologation_checks(state: EventState) -> list[HomologationCheck]:
    """The general checks, then those of the event's rule set (:func:`rule_set_for`); checks that do not apply
    to this event are left out."""
    rule_set = rule_set_for(state.event)
    out: list[HomologationCheck] = []
    for check in general.CHECKS:
        result = check(state)
        if result is not None:
            out.append(result)
    if rule_set is GENERAL:
        out.append(_no_rule_set(state))
    for check in rule_set.checks:
        result = check(state)
        if result is not None:
            out.append(result)
    return out
