"""Standings after any round: points, tie-breaks in order, shared places, per-player explanations.

:func:`build_standings` is the entry point used by services, CLI and printing. It ranks by points (the
event's scoring profile), then applies the tie-break list in order to the groups still tied (seed 003 §2;
C.07 2023 Art. 4.2). Players equal on points and on every tie-break share their place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import N_, Msg, msg
from tournament_desk.core.model import EventState
from tournament_desk.core.tiebreaks import buchholz as bh
from tournament_desk.core.tiebreaks.context import TiebreakContext, make_context
from tournament_desk.core.tiebreaks.editions import DEFAULT_EDITION, Edition, parse_edition
from tournament_desk.core.tiebreaks.own_results import koya_threshold, running_scores
from tournament_desk.core.tiebreaks.performance import performance_detail
from tournament_desk.core.tiebreaks.ranking import KeySource, rank
from tournament_desk.core.tiebreaks.ratings import opponent_ratings
from tournament_desk.core.tiebreaks.registry import TieBreakDef, get_tiebreak


class TieBreakValue(NamedTuple):
    code: str
    value: float | None
    """None: no value (e.g. direct encounter when the tied players did not all meet, or not needed)."""


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings. ``shared`` is True when the place is shared (equal on everything)."""

    rank: int
    player_id: int
    points: float
    tiebreaks: tuple[TieBreakValue, ...]
    shared: bool

    def value(self, code: str) -> float | None:
        key = code.strip().upper()
        for tb in self.tiebreaks:
            if tb.code == key:
                return tb.value
        raise KeyError(code)


def _definitions(tiebreaks: Sequence[str]) -> list[TieBreakDef]:
    defs = [get_tiebreak(c) for c in tiebreaks]
    for d in defs:
        if d.team_only:
            raise ValidationError(
                msg("{code} is a team tie-break: use build_team_standings", code=d.code),
            )
    return defs


def _context(state: EventState, edition: Edition | str, up_to_round: int | None) -> TiebreakContext:
    if up_to_round is not None and up_to_round < 0:
        raise ValidationError(msg("Round {up_to_round} does not exist", up_to_round=up_to_round))
    return make_context(state, parse_edition(edition), up_to_round)


def build_standings(state: EventState, tiebreaks: Sequence[str], *, edition: Edition | str = DEFAULT_EDITION,
                    up_to_round: int | None = None) -> list[StandingRow]:
    """The standings after ``up_to_round`` (the last paired round by default).

    ``tiebreaks`` are registry codes applied in order; ``edition`` decides how unplayed games count
    (:class:`~tournament_desk.core.tiebreaks.editions.Edition`, seed 003's adjusted score by default).
    Every player of the event appears once, withdrawn players included. Inside a shared place, players are
    listed by rating, then pairing number, then id.
    """
    defs = _definitions(tiebreaks)
    ctx = _context(state, edition, up_to_round)
    sources: list[KeySource] = []
    for d in defs:
        if d.compute is not None:
            sources.append(KeySource(values=d.compute(ctx)))
        else:
            assert d.group is not None
            group_fn = d.group
            sources.append(KeySource(group=lambda g, fn=group_fn: fn(ctx, g)))  # type: ignore[misc]
    system = state.event.rating_system

    display = {p.id: (-(p.rating(system) or 0), p.pairing_number or 0, p.id) for p in ctx.players.values()}
    ranked = rank(list(ctx.players), ctx.score, sources, display.__getitem__)
    codes = [d.code for d in defs]
    new = tuple.__new__  # TieBreakValue(code, value) without the NamedTuple call: players x tie-breaks of them
    return [StandingRow(r.rank, r.id, ctx.score[r.id],
                        tuple([new(TieBreakValue, cv) for cv in zip(codes, r.shown, strict=True)]), r.shared)
            for r in ranked]


@dataclass(frozen=True, slots=True)
class TieBreakInfo:
    """What printed standings say about a column: label, source, edition used."""

    code: str
    label: str
    source: str
    """The tie-break's sources, short references in the language asked for."""
    edition: str


def describe_tiebreaks(tiebreaks: Sequence[str], *, edition: Edition | str = DEFAULT_EDITION,
                       lang: str = "en") -> list[TieBreakInfo]:
    ed = parse_edition(edition)
    return [TieBreakInfo(d.code, d.label(lang), d.source(lang), d.edition_used(ed, lang))
            for d in (get_tiebreak(c) for c in tiebreaks)]


@dataclass(frozen=True, slots=True)
class ExplanationLine:
    """One round's part in a tie-break value: ``counted`` is False for a cut value."""

    round: int | None
    opponent: int | None
    value: float
    counted: bool
    note: Msg
    """What the value is (a game, half an absent opponent's score, a dummy opponent...): a catalogue message."""


@dataclass(frozen=True, slots=True)
class Explanation:
    code: str
    value: float | None
    edition: str
    lines: tuple[ExplanationLine, ...]


def explain_tiebreak(state: EventState, player_id: int, code: str, *,
                     edition: Edition | str = DEFAULT_EDITION, up_to_round: int | None = None) -> Explanation:
    """Which rounds and opponents made a player's value, and which were cut (issue 6)."""
    d = _definitions([code])[0]
    ctx = _context(state, edition, up_to_round)
    if player_id not in ctx.players:
        state.player(player_id)  # raises the bilingual NotFoundError
    value = d.compute(ctx)[player_id] if d.compute is not None else None
    lines = tuple(_lines(ctx, d.code, player_id))
    return Explanation(d.code, value, d.edition_used(ctx.edition), lines)


# The kinds of contribution (``Contribution.kind``), spelt out.
_KINDS = {
    "game": N_("game"),
    "half-virtual": N_("half the absent opponent's adjusted score"),
    "average-buchholz": N_("tournament average of the Buchholz (bye, absence)"),
    "half-buchholz": N_("half the absent opponent's Buchholz"),
    "average": N_("tournament average (exempt)"),
    "dummy": N_("dummy opponent"),
    "dummy-capped": N_("capped dummy opponent"),
}


def _kind(kind: str, vur: bool = False) -> Msg:
    text = msg(_KINDS[kind]) if kind in _KINDS else Msg(kind)
    return msg("{kind} (VUR)", kind=text) if vur else text


def _lines(ctx: TiebreakContext, code: str, pid: int) -> list[ExplanationLine]:
    if code == "BH" or code.startswith("BH-C") or code.startswith("BH-M"):
        n = int(code[4:]) if len(code) > 2 else 0
        lowest, highest = (n, n) if code.startswith("BH-M") else (n, 0)
        return [ExplanationLine(c.round, c.opponent, c.value, not c.cut, _kind(c.kind, c.vur))
                for c in bh.buchholz_detail(ctx, pid, lowest, highest)]
    if code in bh.SOLKOFF_CUTS:
        lowest, highest = bh.SOLKOFF_CUTS[code]
        return [ExplanationLine(c.round, c.opponent, c.value, not c.cut, _kind(c.kind))
                for c in bh.solkoff_detail(ctx, pid, lowest, highest)]
    if code == "SB":
        return [ExplanationLine(c.round, c.opponent, c.value * f, True,
                                msg("{kind}: {value:g} x {factor:g}", kind=_kind(c.kind), value=c.value, factor=f))
                for c, f in bh.sonneborn_berger_detail(ctx, pid)]
    if code == "SBH":
        return [ExplanationLine(c.round, c.opponent, c.value, True, _kind(c.kind))
                for c in bh.sum_of_buchholz_detail(ctx, pid)]
    if code == "YUGO":
        half = ctx.max_score / 2
        return [ExplanationLine(c.round, c.opponent, c.value, counted,
                                msg("{kind}: opponent on {reached:g} (limit {limit:g})", kind=_kind(c.kind),
                                    reached=reached, limit=half))
                for c, reached, counted in bh.yugoslav_detail(ctx, pid)]
    if code == "PERF" and ctx.edition is Edition.FFE_ANNEX:
        return [ExplanationLine(r, opp, rating, True,
                                msg("rating after the 350-point rule, result {result:g}", result=f))
                for r, opp, rating, f in performance_detail(ctx, pid)[1]]
    if code == "ARO" or code.startswith("ARO-C"):
        games = opponent_ratings(ctx, pid)
        cut = int(code[5:]) if len(code) > 3 else 0
        dropped = set(sorted(range(len(games)), key=lambda i: games[i][1])[:cut])
        return [ExplanationLine(None, opp, rating, i not in dropped, msg("result {result:g}", result=f))
                for i, (opp, rating, f) in enumerate(games)]
    if code.startswith("CUM"):
        cut = int(code[5:]) if len(code) > 3 else 0
        return [ExplanationLine(r, None, s, i >= cut, msg("running score"))
                for i, (r, s) in enumerate(zip(ctx.rounds, running_scores(ctx, pid), strict=True))]
    if code == "KOYA":
        limit = koya_threshold(ctx)
        return [ExplanationLine(e.round, e.opponent, e.points, ctx.score[e.opponent] >= limit - 1e-9,
                                msg("opponent on {reached:g} (limit {limit:g})", reached=ctx.score[e.opponent],
                                    limit=limit))
                for e in ctx.entries[pid] if e.opponent is not None]
    return []
