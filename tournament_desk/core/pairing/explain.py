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

from tournament_desk.core.ids import PairingNumber
from tournament_desk.core.pairing.colours import allocate_colours
from tournament_desk.core.pairing.dutch import prepared
from tournament_desk.core.pairing.dutch_model import EnginePlayer
from tournament_desk.core.pairing.dutch_weights import LAYOUT, WeightContext, decode, edge_weight
from tournament_desk.core.pairing.swiss_state import Colour, Float, RoundPairing, SwissState

__all__ = ["Alternative", "Explanation", "FloatNote", "Reason", "explain", "explain_all"]

_UNIT = 100  # scores are in hundredths of a point (dutch_model.units)


@dataclass(frozen=True)
class Reason:
    """The criterion that decided, with a sentence in English and in French."""

    criterion: str  # "C1" ... "C21" (a key of dutch_weights.LAYOUT or an absolute criterion), "Art.4", "order"
    rule: str  # where the rules state it, e.g. "C.04.3 Art.2.4.7 (C12)"
    en: str
    fr: str

    def text(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en


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
        fr = lang == "fr"
        out: list[str] = []
        if self.bye:
            out.append((f"Ronde {self.round_number} : exempt (PAB) pour {self.name(self.players[0])}, "
                        f"groupe de {_pts(self.bracket_score, fr)}.") if fr else
                       (f"Round {self.round_number}: the pairing-allocated bye goes to "
                        f"{self.name(self.players[0])}, from the {_pts(self.bracket_score, fr)} group."))
        else:
            a, b = self.players
            out.append((f"Ronde {self.round_number} : {self.name(a)} – {self.name(b)}, appariés dans le groupe de "
                         f"{_pts(self.bracket_score, fr)}.") if fr else
                        (f"Round {self.round_number}: {self.name(a)} v {self.name(b)}, paired in the "
                         f"{_pts(self.bracket_score, fr)} bracket."))
        for f in self.floats:
            if f.direction is Float.DOWN:
                out.append((f"{self.name(f.player)} ({_pts(f.own_score, fr)}) descend dans ce groupe : "
                            f"{f.why_float.text(lang)}") if fr else
                           (f"{self.name(f.player)} ({_pts(f.own_score, fr)}) floats down into this bracket: "
                            f"{f.why_float.text(lang)}"))
                if f.why_him is not None:
                    out.append((f"  Lui plutôt qu'un autre : {f.why_him.text(lang)}") if fr else
                               (f"  He rather than another player: {f.why_him.text(lang)}"))
            else:
                out.append((f"{self.name(f.player)} ({_pts(f.own_score, fr)}) monte pour jouer un adversaire "
                            "mieux classé.") if fr else
                           (f"{self.name(f.player)} ({_pts(f.own_score, fr)}) floats up to meet a higher "
                            "score."))
        for alt in self.alternatives:
            if alt.expected is None:
                out.append((f"Pas d'exempt pour {self.name(alt.player)} : {alt.reason.text(lang)}") if fr else
                           (f"Not the bye for {self.name(alt.player)}: {alt.reason.text(lang)}"))
            else:
                out.append((f"Pas {self.name(alt.player)} – {self.name(alt.expected)} : {alt.reason.text(lang)}")
                           if fr else
                           (f"Not {self.name(alt.player)} v {self.name(alt.expected)}: {alt.reason.text(lang)}"))
        return out


def _pts(points: float, fr: bool) -> str:
    text = f"{points:g}"
    if fr:
        return text.replace(".", ",") + (" point" if points <= 1 else " points")
    return text + (" point" if points == 1 else " points")


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
                              f"{px.id} and {py.id} may not be paired together (a forbidden pair).",
                              f"{px.id} et {py.id} ne peuvent pas être appariés ensemble (paire interdite).")
            return Reason("C1", "C.04.3 Art.2.1.1 (C1)", f"{px.id} and {py.id} already met in round {met}.",
                          f"{px.id} et {py.id} se sont déjà rencontrés à la ronde {met}.")
        cx, cy = px.colours, py.colours
        if edge_weight(px, py, False, False, self.ctx) == 0 and cx.preference is not None:
            colour = cx.preference
            en_c, fr_c = ("White", "les Blancs") if colour is Colour.WHITE else ("Black", "les Noirs")
            other_en, other_fr = ("Black", "Noirs") if colour is Colour.WHITE else ("White", "Blancs")
            if cx.repeated is not None or cy.repeated is not None:
                why_en = f"either would get a third {other_en} in a row"
                why_fr = f"l'un d'eux aurait les {other_fr} une troisième fois de suite"
            else:
                why_en, why_fr = "either would reach a colour difference beyond 2", \
                    "l'un d'eux dépasserait une différence de couleurs de 2"
            return Reason("C3", "C.04.3 Art.2.1.3 (C3)",
                          f"{px.id} and {py.id} both must have {en_c}: {why_en}.",
                          f"{px.id} et {py.id} doivent tous deux avoir {fr_c} : {why_fr}.")
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
                return Reason(bad.criterion, bad.rule, f"it would leave {a} v {b}, and " + bad.en,
                              f"il resterait {a} – {b}, et " + bad.fr)
        qa, qo = self.quality(actual, bracket), self.quality(other, bracket)
        for f in LAYOUT:
            if f.key not in qa or f.key == "C4" or qa[f.key] == qo[f.key]:
                continue
            if f.key.startswith("A4"):
                break
            if qa[f.key] < qo[f.key]:
                return Reason("order", f"C.04.3 {f.rule}",
                              f"in this bracket alone the other pairing would do better on {f.key}; the choice was "
                              "made by a higher bracket (C4, C8: what it left for the brackets below).",
                              f"dans ce groupe seul l'autre appariement serait meilleur pour {f.key} ; le choix "
                              "vient d'un groupe supérieur (C4, C8 : ce qu'il laisse aux groupes suivants).")
            return self._criterion_reason(f.key, f.rule, other, actual)
        return Reason("Art.4", "C.04.3 Art.4",
                      "equal on every criterion (C1-C21): the generation order decides (Art.4: each S1 player "
                      "takes the first S2 player in order; the fewest and smallest exchanges).",
                      "égalité sur tous les critères (C1-C21) : l'ordre de génération décide (Art.4 : chaque "
                      "joueur de S1 prend le premier joueur de S2 dans l'ordre ; le moins d'échanges possible).")

    def _criterion_reason(self, key: str, rule: str, other: list[tuple[int, int]],
                          actual: list[tuple[int, int]]) -> Reason:
        rule = f"C.04.3 {rule}"
        ids = self._colour_losers(other, actual, strong=key == "C13") if key in ("C12", "C13") else []
        who = " and ".join(str(i) for i in ids)
        qui = " et ".join(str(i) for i in ids)
        their, leur = ("their", "leur") if len(ids) > 1 else ("his", "sa")
        verb, verbe = ("would", "n'obtiendraient") if len(ids) > 1 else ("would", "n'obtiendrait")
        texts: dict[str, tuple[str, str]] = {
            "C6": ("the bracket would make fewer pairs (more downfloaters).",
                   "le groupe ferait moins de paires (plus de flotteurs descendants)."),
            "C7": ("a player with a higher score would float down.",
                   "un joueur avec plus de points descendrait."),
            "C8": ("the next bracket could pair fewer players.", "le groupe suivant apparierait moins de joueurs."),
            "C8s": ("the next bracket would float down higher scores.",
                    "le groupe suivant ferait descendre des scores plus élevés."),
            "C9": ("the bye receiver would have more unplayed games.",
                   "l'exempt aurait plus de parties non jouées."),
            "C10": ("a topscorer would reach a colour difference beyond 2.",
                    "un joueur de tête dépasserait une différence de couleurs de 2."),
            "C11": ("a topscorer would get the same colour three times running.",
                    "un joueur de tête aurait la même couleur trois fois de suite."),
            "C12": (f"{who or 'a player'} {verb} not get {their} colour preference.",
                    f"{qui or 'un joueur'} {verbe} pas {leur} couleur préférée."),
            "C13": (f"{who or 'a player'} {verb} not get {their} strong colour preference.",
                    f"{qui or 'un joueur'} {verbe} pas {leur} forte préférence de couleur."),
            "C14": ("a player who floated down in the previous round would float down again.",
                    "un joueur descendu à la ronde précédente descendrait de nouveau."),
            "C15": ("a player who floated up in the previous round would float up again.",
                    "un joueur monté à la ronde précédente monterait de nouveau."),
            "C16": ("a player who floated down two rounds before would float down again.",
                    "un joueur descendu deux rondes avant descendrait de nouveau."),
            "C17": ("a player who floated up two rounds before would float up again.",
                    "un joueur monté deux rondes avant monterait de nouveau."),
            "C18": ("a repeated downfloater (previous round) would float with a larger score difference.",
                    "un flotteur descendant répété (ronde précédente) aurait un plus grand écart de points."),
            "C19": ("a repeated upfloater (previous round) would meet a larger score difference.",
                    "un flotteur montant répété (ronde précédente) aurait un plus grand écart de points."),
            "C20": ("a repeated downfloater (two rounds before) would float with a larger score difference.",
                    "un flotteur descendant répété (deux rondes avant) aurait un plus grand écart de points."),
            "C21": ("a repeated upfloater (two rounds before) would meet a larger score difference.",
                    "un flotteur montant répété (deux rondes avant) aurait un plus grand écart de points."),
        }
        en, fr = texts[key]
        return Reason(key, rule, en, fr)

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
                         Reason("C6", "C.04.3 Art.2.4.1 (C6)", "paired with a downfloater.",
                                "apparié avec un flotteur descendant."), None)
    group = px.score
    members = _bracket_members(rnd, group)
    inside = [m for m in members if (p := rnd.partner.get(m)) is not None and rnd.players[p].score >= group
              and min(rnd.players[m].score, rnd.players[p].score) == group]
    floaters = [m for m in members if m not in inside]
    if len(members) % 2 == 1 and len(floaters) == 1:
        why = Reason("C6", "C.04.3 Art.2.4.1 (C6)",
                     f"the {_pts(group / _UNIT, False)} bracket has an odd number of players ({len(members)}): "
                     "one floats down.",
                     f"le groupe de {_pts(group / _UNIT, True)} a un nombre impair de joueurs ({len(members)}) : "
                     "un joueur descend.")
    else:
        why = Reason("C6", "C.04.3 Art.2.4.1 (C6)",
                     f"the {_pts(group / _UNIT, False)} bracket could pair only {len(inside)} of its "
                     f"{len(members)} players (the others already met, or may not meet).",
                     f"le groupe de {_pts(group / _UNIT, True)} ne pouvait apparier que {len(inside)} de ses "
                     f"{len(members)} joueurs (les autres se sont déjà rencontrés ou ne peuvent pas se rencontrer).")
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
                            f"{rnd.players[y].id} (ranked lower) stays instead because otherwise " + reason.en,
                            f"{rnd.players[y].id} (classé plus bas) reste plutôt, sinon " + reason.fr))


def _bye_reason(rnd: _Round, p: EnginePlayer) -> Reason | None:
    """C2 or C5 when ``p`` may not take the pairing-allocated bye."""
    if not p.eligible_for_bye:
        return Reason("C2", "C.04.3 Art.2.1.2 (C2)",
                      f"{p.id} already scored a point without playing (a bye or a forfeit win).",
                      f"{p.id} a déjà marqué un point sans jouer (exempt ou victoire par forfait).")
    if p.score > rnd.ctx.bye_score:
        return Reason("C5", "C.04.3 Art.2.3.1 (C5)",
                      f"{p.id} has {_pts(p.score / _UNIT, False)}; a player with "
                      f"{_pts(rnd.ctx.bye_score / _UNIT, False)} can take the bye.",
                      f"{p.id} a {_pts(p.score / _UNIT, True)} ; un joueur à "
                      f"{_pts(rnd.ctx.bye_score / _UNIT, True)} peut être exempt.")
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
