"""The arbiter's log: which changes touch a round already published, and the rules they touch (issue 33 item 4).

A change to a published round must be accounted for in the tournament report: the arbiter gives its reason, and the
log (the event file's audit log) keeps it with the rule the change touches. :func:`published_changes` compares the
event before and after one action and names what it did to the rounds already paired:

* ``pairing`` — a manual pairing of a round or a re-pairing: a round already paired loses games or byes or gets
  other ones, or is cancelled (unpaired) to be paired again. FIDE C.04.2 Art. 1.5: it is not allowed to alter
  the correct pairings in favour of any player; for draughts, the FFJD's national rating regulations §6.6 (a
  round paired by hand).
* ``colours`` — the same two players, colours swapped (FIDE C.04.2 Art. 1.5 and the colour rules of C.04.1).
* ``result`` — a result corrected after the next round was paired (the pairings made since were made with the
  wrong result: FIDE C.04.2 names the arbiter's handling of the Swiss rounds).
* ``rating`` — a player's rating corrected once round 1 is paired: the initial order (FIDE C.04.2 Art. 2) was
  made with it.
* ``late-entry`` — a player registered once round 1 is paired (FIDE C.04.2 Art. 2: late entries are given their
  place in the initial order).

Pure: the states in, the kinds and citations out. The session records them, with the reason, in the audit log.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import Msg, listing, msg, pmsg
from tournament_desk.core.model import EventState, Game, PairingSystem
from tournament_desk.core.results import Discipline, Outcome
from tournament_desk.core.sources import (
    FFJD_RCN,
    FIDE_C04_1,
    FIDE_C04_2,
    Citation,
    citations_message,
    cite,
    get_source,
)

__all__ = ["PublishedChange", "PublishedKind", "ReasonRequiredError", "citation_from_data", "citations_to_data",
           "published_changes"]


class PublishedKind(StrEnum):
    """What an action did to a published round."""

    PAIRING = "pairing"
    COLOURS = "colours"
    RESULT = "result"
    RATING = "rating"
    LATE_ENTRY = "late-entry"

    @property
    def message(self) -> Msg:
        return _KIND_NAMES[self]


_KIND_NAMES: dict[PublishedKind, Msg] = {
    PublishedKind.PAIRING: pmsg("arbiter's log", "manual pairing or re-pairing of a published round"),
    PublishedKind.COLOURS: pmsg("arbiter's log", "colours swapped in a published round"),
    PublishedKind.RESULT: pmsg("arbiter's log", "result corrected after the next round was paired"),
    PublishedKind.RATING: pmsg("arbiter's log", "rating corrected after round 1"),
    PublishedKind.LATE_ENTRY: pmsg("arbiter's log", "late entry"),
}


@dataclass(frozen=True, slots=True)
class PublishedChange:
    """The kinds of change one action made to published rounds (in :class:`PublishedKind` order), the rounds it
    touched (a late entry or a rating: none) and the rules those kinds touch."""

    kinds: tuple[PublishedKind, ...]
    rounds: tuple[int, ...]
    rules: tuple[Citation, ...]


class ReasonRequiredError(ValidationError):
    """A change to a published round asked for without its reason: nothing was changed."""

    code = "reason"

    def __init__(self, change: PublishedChange) -> None:
        super().__init__(msg("This change touches a published round ({what}; {rules}): the arbiter's log needs its "
                             "reason (--reason \"...\"). Nothing was changed",
                             what=listing([k.message for k in change.kinds], "; "),
                             rules=citations_message(change.rules)), field="reason")
        self.change = change


def _rules(kinds: tuple[PublishedKind, ...], discipline: Discipline) -> tuple[Citation, ...]:
    out: list[Citation] = []
    for kind in kinds:
        if kind in (PublishedKind.PAIRING, PublishedKind.COLOURS):
            found = [cite(FFJD_RCN, "§6.6")] if discipline is Discipline.DRAUGHTS else [cite(FIDE_C04_2, "Art. 1.5")]
            if kind is PublishedKind.COLOURS and discipline is not Discipline.DRAUGHTS:
                found.append(cite(FIDE_C04_1))
        elif kind is PublishedKind.RESULT:
            found = [cite(FIDE_C04_2)]
        else:
            found = [cite(FIDE_C04_2, "Art. 2")]
        out.extend(c for c in found if c not in out)
    return tuple(out)


def _oriented(games: tuple[Game, ...]) -> dict[frozenset[int], Game]:
    return {frozenset((g.white_id, g.black_id)): g for g in games}


def published_changes(before: EventState, after: EventState, *, by_hand: bool = False) -> PublishedChange | None:
    """What the step from ``before`` to ``after`` did to rounds already published (paired), or None when it
    touched none of them. Only the rounds paired before the action count: pairing the next round is not a change
    to a published round (unless ``by_hand``: the arbiter paired it instead of the event's system, a manual
    pairing; an event whose system is manual pairing is always paired so); a round cancelled is (a re-pairing).
    A team event's published pairing is its matches: the line-ups that fill the boards of a paired round change
    no pairing (a board's result corrected after the next round was paired still changes a published round)."""
    kinds: set[PublishedKind] = set()
    touched: set[int] = set()
    if by_hand and before.event.system is not PairingSystem.MANUAL:  # a manual system is paired by hand
        added = {r.number for r in after.rounds} - {r.number for r in before.rounds}
        if added:
            kinds.add(PublishedKind.PAIRING)
            touched.update(added)
    if not before.rounds and not kinds:
        return None
    last_paired = before.last_round
    after_rounds = {r.number: r for r in after.rounds}
    teams = before.event.is_team_event
    for old in before.rounds:
        new = after_rounds.get(old.number)
        if new is None:
            kinds.add(PublishedKind.PAIRING)
            touched.add(old.number)
            continue
        if teams:  # a team event pairs teams: the boards' games come from the line-ups, given once it is paired
            old_matches = {(m.number, m.home, m.away): m.forfeit for m in before.matches if m.round == old.number}
            new_matches = {(m.number, m.home, m.away): m.forfeit for m in after.matches if m.round == old.number}
            if set(old_matches) != set(new_matches):
                kinds.add(PublishedKind.PAIRING)
                touched.add(old.number)
            elif old_matches != new_matches and old.number < last_paired:
                kinds.add(PublishedKind.RESULT)  # a match forfeited, or no longer, once the next round was paired
                touched.add(old.number)
        if new == old:
            continue
        old_games, new_games = _oriented(old.games), _oriented(new.games)
        old_byes = {(b.player_id, b.kind) for b in old.byes}
        new_byes = {(b.player_id, b.kind) for b in new.byes}
        old_pab = {b.player_id for b in old.byes if b.kind is Outcome.PAIRING_BYE}
        new_pab = {b.player_id for b in new.byes if b.kind is Outcome.PAIRING_BYE}
        if not teams and (set(old_games) != set(new_games) or old_pab != new_pab):
            kinds.add(PublishedKind.PAIRING)
            touched.add(old.number)
        for pair in set(old_games) & set(new_games):
            g0, g1 = old_games[pair], new_games[pair]
            if g0.white_id != g1.white_id:
                kinds.add(PublishedKind.COLOURS)
                touched.add(old.number)
            elif g0.result is not None and g1.result != g0.result and old.number < last_paired:
                kinds.add(PublishedKind.RESULT)
                touched.add(old.number)
        if old_byes != new_byes and old.number < last_paired and old_pab == new_pab:
            kinds.add(PublishedKind.RESULT)  # a bye's points changed once the next round was paired
            touched.add(old.number)
    before_players = {p.id: p for p in before.players}
    for p in after.players:
        q = before_players.get(p.id)
        if q is None:
            kinds.add(PublishedKind.LATE_ENTRY)
        elif (q.ratings, q.unrated) != (p.ratings, p.unrated):
            kinds.add(PublishedKind.RATING)
    if not kinds:
        return None
    ordered = tuple(k for k in PublishedKind if k in kinds)
    return PublishedChange(ordered, tuple(sorted(touched)), _rules(ordered, before.event.discipline))


def citations_to_data(citations: tuple[Citation, ...]) -> list[dict[str, str]]:
    """Citations as JSON-ready data (``{"source": key, "section": ...}``): the audit log's ``rule`` column."""
    return [{"source": c.source.key, "section": c.section} for c in citations]


def citation_from_data(data: object) -> Citation | None:
    """A citation read back from :func:`citations_to_data`; None for data that names no known source."""
    if not isinstance(data, dict) or not isinstance(data.get("source"), str):
        return None
    section = data.get("section", "")
    try:
        return cite(get_source(data["source"]), section if isinstance(section, str) else "")
    except KeyError:
        return None
