""""Why this pairing?" for a Dutch round (issue 22): the bracket, the floats, and the criterion that decided.

The explanation is derived from the engine's own weight layout (``dutch_weights.LAYOUT``), never from a
separate reading of the rules: a pairing the arbiter or a player would have expected is written as an
alternative round-pairing that differs from the real one by a swap of partners, both are priced with the
weights of the bracket where the choice was made, and the first field of the layout where they differ (C6
before C7 before ... C21, then the generation order of Art.4) is the criterion that ruled the alternative
out. An alternative the absolute criteria forbid is named by them directly: C1 (the players already met, or
may not meet), C3 (both must have the same colour), C2 (the player cannot take the bye).

:func:`explain` answers for one board or the bye of a round paired by :func:`dutch.pair_dutch`:

* the bracket: the score group where the pair was made (the lower player's score);
* who floated and why: a downfloater's bracket had an odd number of players or could not pair everybody
  (C6), and he rather than the player expected to float (the lowest-ranked) because of the first criterion
  that the other choice breaks;
* for each expected opponent (the natural S1/S2 one, or one given by the caller), the criterion that ruled
  him out.

The functions here are pure (a :class:`SwissState` and a :class:`RoundPairing` in, data out); the service
``services/explain.py`` applies them to an event's round.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournament_desk.core.formatting import format_points
from tournament_desk.core.ids import PairingNumber
from tournament_desk.core.messages import N_, Formatted, Msg, msg
from tournament_desk.core.pairing.colours import allocate_colours
from tournament_desk.core.pairing.dutch import prepared
from tournament_desk.core.pairing.dutch_model import EnginePlayer
from tournament_desk.core.pairing.dutch_weights import LAYOUT, WeightContext, decode, edge_weight
from tournament_desk.core.pairing.swiss_state import Colour, Float, RoundPairing, SwissState

__all__ = ["Alternative", "Explanation", "FloatNote", "Reason", "explain", "explain_all"]

_UNIT = 100  # scores are in hundredths of a point (dutch_model.units)


@dataclass(frozen=True)
class Reason:
    """The criterion that decided, with its sentence (the catalogue's message)."""

    criterion: str  # "C1" ... "C21" (a key of dutch_weights.LAYOUT or an absolute criterion), "Art.4", "order"
    rule: str  # where the rules state it, e.g. "C.04.3 Art.2.4.7 (C12)"
    msg: Msg

    def text(self, lang: str = "en") -> str:
        return self.msg.text(lang)


@dataclass(frozen=True)
class Alternative:
    """A pairing someone would have expected, and why the rules did not give it."""

    player: PairingNumber
    expected: PairingNumber | None  # the expected opponent; None: the player was expected to get the bye
    reason: Reason


@dataclass(frozen=True)
class FloatNote:
    """A player paired outside his score group."""

    player: PairingNumber
    direction: Float
    own_score: float  # points
    bracket_score: float  # points of the bracket where he was paired
    why_float: Reason  # why his score group had a downfloater at all
    why_him: Reason | None  # why he and not the player expected to float (None when he was the one)


@dataclass(frozen=True)
class Explanation:
    """Why ``players`` were paired together (or the bye went to ``players[0]``)."""

    round_number: int
    players: tuple[PairingNumber, ...]  # (white, black), or (bye receiver,)
    bye: bool
    bracket_score: float  # points
    floats: tuple[FloatNote, ...] = ()
    alternatives: tuple[Alternative, ...] = ()
    names: dict[PairingNumber, str] = field(default_factory=dict)

    def name(self, pid: PairingNumber | None) -> str:
        if pid is None:
            return "—"
        text = self.names.get(pid, "")
        return f"{pid} {text}".strip() if text else str(pid)

    def lines(self, lang: str = "en") -> list[str]:
        """The explanation as sentences, in English or French (``lang`` "fr")."""
        return [m.text(lang) for m in self.messages()]

    def messages(self) -> list[Msg]:
        """The explanation's sentences (the catalogue's messages)."""
        out: list[Msg] = []
        if self.bye:
            out.append(msg("Round {round}: the pairing-allocated bye goes to {name}, from the {points} group.",
                           round=self.round_number, name=self.name(self.players[0]),
                           points=_pts(self.bracket_score)))
        else:
            a, b = self.players
            out.append(msg("Round {round}: {white} v {black}, paired in the {points} bracket.",
                           round=self.round_number, white=self.name(a), black=self.name(b),
                           points=_pts(self.bracket_score)))
        for f in self.floats:
            if f.direction is Float.DOWN:
                out.append(msg("{name} ({points}) floats down into this bracket: {why}", name=self.name(f.player),
                               points=_pts(f.own_score), why=f.why_float.msg))
                if f.why_him is not None:
                    out.append(msg("  He rather than another player: {why}", why=f.why_him.msg))
            else:
                out.append(msg("{name} ({points}) floats up to meet a higher score.", name=self.name(f.player),
                               points=_pts(f.own_score)))
        for alt in self.alternatives:
            if alt.expected is None:
                out.append(msg("Not the bye for {name}: {reason}", name=self.name(alt.player), reason=alt.reason.msg))
            else:
                out.append(msg("Not {name} v {expected}: {reason}", name=self.name(alt.player),
                               expected=self.name(alt.expected), reason=alt.reason.msg))
        return out


def _pts(points: float) -> Formatted:
    """A number of points in a sentence (``1 point``, ``2.5 points``; ``0,5 point`` in French)."""
    return Formatted(points, format_points)


# C3: both players must have the same colour (which one, and why: a third one in a row or a difference beyond 2)
_SAME_COLOUR = {
    (Colour.WHITE, True): N_("{x} and {y} both must have White: either would get a third Black in a row."),
    (Colour.BLACK, True): N_("{x} and {y} both must have Black: either would get a third White in a row."),
    (Colour.WHITE, False): N_("{x} and {y} both must have White: either would reach a colour difference beyond 2."),
    (Colour.BLACK, False): N_("{x} and {y} both must have Black: either would reach a colour difference beyond 2."),
}

# C12, C13: the players who would not get their colour preference (none named, one, several)
_PREFERENCE = {
    ("C12", 0): N_("a player would not get his colour preference."),
    ("C12", 1): N_("{who} would not get his colour preference."),
    ("C12", 2): N_("{who} would not get their colour preference."),
    ("C13", 0): N_("a player would not get his strong colour preference."),
    ("C13", 1): N_("{who} would not get his strong colour preference."),
    ("C13", 2): N_("{who} would not get their strong colour preference."),
}

_CRITERIA = {
    "C6": N_("the bracket would make fewer pairs (more downfloaters)."),
    "C7": N_("a player with a higher score would float down."),
    "C8": N_("the next bracket could pair fewer players."),
    "C8s": N_("the next bracket would float down higher scores."),
    "C9": N_("the bye receiver would have more unplayed games."),
    "C10": N_("a topscorer would reach a colour difference beyond 2."),
    "C11": N_("a topscorer would get the same colour three times running."),
    "C14": N_("a player who floated down in the previous round would float down again."),
    "C15": N_("a player who floated up in the previous round would float up again."),
    "C16": N_("a player who floated down two rounds before would float down again."),
    "C17": N_("a player who floated up two rounds before would float up again."),
    "C18": N_("a repeated downfloater (previous round) would float with a larger score difference."),
    "C19": N_("a repeated upfloater (previous round) would meet a larger score difference."),
    "C20": N_("a repeated downfloater (two rounds before) would float with a larger score difference."),
    "C21": N_("a repeated upfloater (two rounds before) would meet a larger score difference."),
}


def _and(ids: list[int]) -> Msg | int:
    """``3``, ``3 and 4``, ``3 and 4 and 5`` (``3 et 4`` in French)."""
    return ids[0] if len(ids) == 1 else msg("{first} and {rest}", first=ids[0], rest=_and(ids[1:]))


# -------------------------------------------------------------------------------------------- evaluation
class _Round:
    """The round as the engine saw it: players in score order (vertices), the weight context after the
    pre-pass, and the pairing to explain."""

    def __init__(self, state: SwissState, pairing: RoundPairing) -> None:
        self.state = state
        players, ctx, g = prepared(state)
        self.players: list[EnginePlayer] = players
        self.ctx: WeightContext = ctx
        self.opp = g._opp  # C1 by vertex (played games, forbidden pairs)
        self.vertex = {p.id: v for v, p in enumerate(players)}
        self.partner: dict[int, int | None] = {}
        for b in pairing.boards:
            w, k = self.vertex[b.white], self.vertex[b.black]
            self.partner[w] = k
            self.partner[k] = w
        self.bye = None if pairing.bye is None else self.vertex[pairing.bye]
        if self.bye is not None:
            self.partner[self.bye] = None
        self.scores = sorted({p.score for p in players}, reverse=True)

    def next_score(self, score: int) -> int | None:
        lower = [s for s in self.scores if s < score]
        return lower[0] if lower else None

    def absolute(self, x: int, y: int) -> Reason | None:
        """C1 or C3 when x and y may not meet."""
        px, py = self.players[x], self.players[y]
        if y in self.opp[x]:
            met = _round_met(px, py.id)
            if met is None:
                return Reason("C1", "C.04.3 Art.2.1.1 (C1)",
                              msg("{x} and {y} may not be paired together (a forbidden pair).", x=px.id, y=py.id))
            return Reason("C1", "C.04.3 Art.2.1.1 (C1)",
                          msg("{x} and {y} already met in round {met}.", x=px.id, y=py.id, met=met))
        cx, cy = px.colours, py.colours
        if edge_weight(px, py, False, False, self.ctx) == 0 and cx.preference is not None:
            colour = Colour.WHITE if cx.preference is Colour.WHITE else Colour.BLACK
            third = cx.repeated is not None or cy.repeated is not None
            return Reason("C3", "C.04.3 Art.2.1.3 (C3)", msg(_SAME_COLOUR[colour, third], x=px.id, y=py.id))
        return None

    def quality(self, pairs: list[tuple[int, int]], bracket: int) -> dict[str, int]:
        """The criteria fields (decoded) of ``pairs``, each priced as in the bracket of score ``bracket``."""
        nxt = self.next_score(bracket)
        total = 0
        for x, y in pairs:
            hi, lo = (x, y) if x < y else (y, x)
            ph, pl = self.players[hi], self.players[lo]
            in_cur = pl.score >= bracket
            in_next = not in_cur and nxt is not None and pl.score == nxt
            total += edge_weight(ph, pl, in_cur, in_next, self.ctx)
        return decode(total, self.ctx)

    def compare(self, actual: list[tuple[int, int]], other: list[tuple[int, int]], bracket: int) -> Reason:
        """Why ``actual`` rather than ``other`` (same players, other partners)."""
        for k, (x, y) in enumerate(other):
            bad = self.absolute(x, y)
            if bad is not None:
                if k == 0:
                    return bad
                a, b = self.players[x].id, self.players[y].id
                return Reason(bad.criterion, bad.rule,
                              msg("it would leave {a} v {b}, and {reason}", a=a, b=b, reason=bad.msg))
        qa, qo = self.quality(actual, bracket), self.quality(other, bracket)
        for f in LAYOUT:
            if f.key not in qa or f.key == "C4" or qa[f.key] == qo[f.key]:
                continue
            if f.key.startswith("A4"):
                break
            if qa[f.key] < qo[f.key]:
                return Reason("order", f"C.04.3 {f.rule}",
                              msg("in this bracket alone the other pairing would do better on {key}; the choice was "
                                  "made by a higher bracket (C4, C8: what it left for the brackets below).",
                                  key=f.key))
            return self._criterion_reason(f.key, f.rule, other, actual)
        return Reason("Art.4", "C.04.3 Art.4",
                      msg("equal on every criterion (C1-C21): the generation order decides (Art.4: each S1 player "
                          "takes the first S2 player in order; the fewest and smallest exchanges)."))

    def _criterion_reason(self, key: str, rule: str, other: list[tuple[int, int]],
                          actual: list[tuple[int, int]]) -> Reason:
        rule = f"C.04.3 {rule}"
        if key in ("C12", "C13"):
            ids = self._colour_losers(other, actual, strong=key == "C13")
            text = msg(_PREFERENCE[key, min(len(ids), 2)], who=_and(ids) if ids else "")
        else:
            text = msg(_CRITERIA[key])
        return Reason(key, rule, text)

    def _colour_losers(self, other: list[tuple[int, int]], actual: list[tuple[int, int]], strong: bool) -> list[int]:
        def losers(pairs: list[tuple[int, int]]) -> set[int]:
            out: set[int] = set()
            for x, y in pairs:
                px, py = self.players[x], self.players[y]
                x_higher = x < y
                hi = px if x_higher else py
                cx = allocate_colours(px.colours, py.colours, x_higher, hi.rank_index, self.state.initial_colour)
                for p, c in ((px, cx), (py, cx.opposite)):
                    pref = p.colours.preference
                    if pref is not None and pref is not c and (not strong or p.colours.strong or p.colours.absolute):
                        out.add(p.id)
            return out

        return sorted(losers(other) - losers(actual))


def _round_met(p: EnginePlayer, other: PairingNumber) -> int | None:
    for r, e in enumerate(p.entries, start=1):
        if e.played and e.opponent == other:
            return r
    return None


# ------------------------------------------------------------------------------------------- explanations
def explain(
    state: SwissState,
    pairing: RoundPairing,
    player: PairingNumber,
    expected: PairingNumber | None = None,
    *,
    limit: int = 3,
) -> Explanation:
    """Why ``player`` got his opponent (or the bye) in ``pairing``, the Dutch round paired from ``state``.

    ``expected``: an opponent someone expected instead (default: the natural S1/S2 opponent of the bracket,
    and the players ranked before the actual opponent, at most ``limit`` of them).
    Raises ``KeyError`` when ``player`` is not in the round.
    """
    rnd = _Round(state, pairing)
    v = rnd.vertex[player]
    if v not in rnd.partner:
        raise KeyError(player)
    names = {p.id: p.state.name for p in rnd.players if p.state.name}
    number = state.round_to_pair
    partner = rnd.partner[v]
    if partner is None:
        return _explain_bye(rnd, v, number, names, expected, limit)
    board = next(b for b in pairing.boards if player in b.players)
    a, b = sorted((v, partner))  # a: the higher-ranked (vertex order is Art.1.2 order)
    bracket = min(rnd.players[a].score, rnd.players[b].score)
    floats = tuple(note for x in (a, b) if (note := _float_note(rnd, x)) is not None)
    alternatives: list[Alternative] = []
    asker = v if expected is not None else a
    current = rnd.partner[asker]
    assert current is not None
    for c in _expected_opponents(rnd, asker, bracket, expected, limit):
        d = rnd.partner[c]
        if d is None:  # c had the bye: asker meets c, asker's partner would take the bye
            bad = _bye_reason(rnd, rnd.players[current])
            if bad is not None:
                alternatives.append(Alternative(rnd.players[asker].id, rnd.players[c].id, bad))
                continue
            actual, other = [(asker, current)], [(asker, c)]
        elif d == asker:
            continue
        else:
            actual, other = [(asker, current), (c, d)], [(asker, c), (current, d)]
        alternatives.append(Alternative(rnd.players[asker].id, rnd.players[c].id, rnd.compare(actual, other, bracket)))
    return Explanation(number, (board.white, board.black), False, bracket / _UNIT, floats, tuple(alternatives), names)


def explain_all(state: SwissState, pairing: RoundPairing, *, limit: int = 1) -> list[Explanation]:
    """An explanation of every board of ``pairing`` in board order, then of the bye."""
    out = [explain(state, pairing, b.white, limit=limit) for b in pairing.boards]
    if pairing.bye is not None:
        out.append(explain(state, pairing, pairing.bye, limit=limit))
    return out


def _bracket_members(rnd: _Round, bracket: int) -> list[int]:
    """Players paired in the bracket of score ``bracket`` (its residents and the MDPs it received), in order."""
    out = []
    for v, p in enumerate(rnd.players):
        m = rnd.partner.get(v)
        low = p.score if m is None else min(p.score, rnd.players[m].score)
        if p.score == bracket or (low == bracket and p.score > bracket):
            out.append(v)
    return out


def _expected_opponents(rnd: _Round, v: int, bracket: int, expected: PairingNumber | None, limit: int) -> list[int]:
    if expected is not None:
        c = rnd.vertex.get(expected)
        return [] if c is None or c == v else [c]
    members = [m for m in _bracket_members(rnd, bracket) if rnd.partner.get(m) is not None or m == rnd.bye]
    if v not in members:
        return []
    half = len(members) // 2
    i = members.index(v)
    current = rnd.partner[v]
    out: list[int] = []
    if i < half:
        natural = members[half + i]
        if natural != current:
            out.append(natural)
        # the S2 players ranked before his actual opponent: the ones he "should" have met first
        for c in members[half:]:
            if c == current or len(out) >= limit:
                break
            if c not in out:
                out.append(c)
    return out[:limit]


def _float_note(rnd: _Round, x: int) -> FloatNote | None:
    partner = rnd.partner[x]
    if partner is None:
        return None
    px, po = rnd.players[x], rnd.players[partner]
    if px.score == po.score:
        return None
    if px.score < po.score:
        return FloatNote(px.id, Float.UP, px.score / _UNIT, px.score / _UNIT,
                         Reason("C6", "C.04.3 Art.2.4.1 (C6)", msg("paired with a downfloater.")), None)
    group = px.score
    members = _bracket_members(rnd, group)
    inside = [m for m in members if (p := rnd.partner.get(m)) is not None and rnd.players[p].score >= group
              and min(rnd.players[m].score, rnd.players[p].score) == group]
    floaters = [m for m in members if m not in inside]
    if len(members) % 2 == 1 and len(floaters) == 1:
        why = Reason("C6", "C.04.3 Art.2.4.1 (C6)",
                     msg("the {points} bracket has an odd number of players ({n}): one floats down.",
                         points=_pts(group / _UNIT), n=len(members)))
    else:
        why = Reason("C6", "C.04.3 Art.2.4.1 (C6)",
                     msg("the {points} bracket could pair only {paired} of its {n} players (the others already met, "
                         "or may not meet).", points=_pts(group / _UNIT), paired=len(inside), n=len(members)))
    # He rather than the player expected to float: the lowest-ranked resident who stayed in the bracket.
    stayed = [m for m in inside if rnd.players[m].score == group and m > x]
    if not stayed:
        return FloatNote(px.id, Float.DOWN, group / _UNIT, po.score / _UNIT, why, None)
    y = stayed[-1]
    z = rnd.partner[y]
    assert z is not None
    actual = [(x, partner), (y, z)]
    other = [(y, partner), (x, z)]
    reason = rnd.compare(actual, other, group)
    return FloatNote(px.id, Float.DOWN, group / _UNIT, po.score / _UNIT, why,
                     Reason(reason.criterion, reason.rule,
                            msg("{player} (ranked lower) stays instead because otherwise {reason}",
                                player=rnd.players[y].id, reason=reason.msg)))


def _bye_reason(rnd: _Round, p: EnginePlayer) -> Reason | None:
    """C2 or C5 when ``p`` may not take the pairing-allocated bye."""
    if not p.eligible_for_bye:
        return Reason("C2", "C.04.3 Art.2.1.2 (C2)",
                      msg("{player} already scored a point without playing (a bye or a forfeit win).", player=p.id))
    if p.score > rnd.ctx.bye_score:
        return Reason("C5", "C.04.3 Art.2.3.1 (C5)",
                      msg("{player} has {points}; a player with {bye_points} can take the bye.", player=p.id,
                          points=_pts(p.score / _UNIT), bye_points=_pts(rnd.ctx.bye_score / _UNIT)))
    return None


def _explain_bye(rnd: _Round, v: int, number: int, names: dict[PairingNumber, str],
                 expected: PairingNumber | None, limit: int) -> Explanation:
    p = rnd.players[v]
    candidates: list[int]
    if expected is not None:
        c = rnd.vertex.get(expected)
        candidates = [] if c is None or c == v else [c]
    else:  # the players ranked after him (the lowest ranked is the one expected to get it)
        candidates = list(range(len(rnd.players) - 1, v, -1))[:limit]
    alternatives = []
    for c in candidates:
        pc = rnd.players[c]
        found = _bye_reason(rnd, pc)
        if found is not None:
            reason = found
        else:
            d = rnd.partner[c]
            assert d is not None
            # priced as in the bracket the PAB receiver floats from (C9 applies there)
            rnd.ctx.single_downfloater_is_bye = bool(rnd.ctx.unplayed_rank)
            reason = rnd.compare([(c, d)], [(v, d)], min(p.score, pc.score, rnd.players[d].score))
            rnd.ctx.single_downfloater_is_bye = False
        alternatives.append(Alternative(pc.id, None, reason))
    return Explanation(number, (p.id,), True, p.score / _UNIT, (), tuple(alternatives), names)
