"""Check a round pairing (engine-made or edited by hand) against the Dutch-system rules.

Absolute rules (severity ERROR) make the round illegal; quality issues (WARNING) are allowed but worth an
arbiter's attention. Each violation carries a sentence the arbiter can read out as is.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass

from tournament_desk.core.ids import PairingNumber
from tournament_desk.core.messages import N_, Msg, msg
from tournament_desk.core.pairing.dutch_model import EnginePlayer, build_players, units
from tournament_desk.core.pairing.swiss_state import Colour, Float, RoundPairing, SwissState

__all__ = ["Severity", "Violation", "check_round"]


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Violation:
    code: str
    severity: Severity
    msg: Msg
    """The sentence (the catalogue's message), in the user's language with :meth:`text`."""
    players: tuple[PairingNumber, ...] = ()  # the players concerned, by pairing number (the state's ids)

    @property
    def message(self) -> str:
        """The sentence in English."""
        return self.msg.text("en")

    def text(self, lang: str) -> str:
        """The explanation in ``lang`` ("fr" or "en")."""
        return self.msg.text(lang)


_SAME_ABSOLUTE = {
    Colour.WHITE: N_("{a} and {b} both must have White this round; they cannot meet."),
    Colour.BLACK: N_("{a} and {b} both must have Black this round; they cannot meet."),
}
_NOT_GRANTED = {
    ("absolute", Colour.WHITE): N_("Player {id} does not get their absolute colour preference (White)."),
    ("absolute", Colour.BLACK): N_("Player {id} does not get their absolute colour preference (Black)."),
    ("strong", Colour.WHITE): N_("Player {id} does not get their strong colour preference (White)."),
    ("strong", Colour.BLACK): N_("Player {id} does not get their strong colour preference (Black)."),
    ("mild", Colour.WHITE): N_("Player {id} does not get their mild colour preference (White)."),
    ("mild", Colour.BLACK): N_("Player {id} does not get their mild colour preference (Black)."),
}


def _round_met(state: SwissState, a: PairingNumber, b: PairingNumber) -> int | None:
    for r, e in enumerate(state.player(a).entries[: state.rounds_played], start=1):
        if e.played and e.opponent == b:
            return r
    return None


def check_round(state: SwissState, pairing: RoundPairing) -> list[Violation]:
    """Return every rule the pairing breaks, absolute rules first."""
    out: list[Violation] = []
    known = {p.id for p in state.players}
    present, everyone = build_players(state)
    present_ids = {p.id for p in present}
    counts = Counter(pairing.paired_ids())
    # Players paired twice, unknown or absent
    for pid, n in sorted(counts.items()):
        if pid not in known:
            out.append(Violation(
                    "UNKNOWN_PLAYER",
                    Severity.ERROR,
                    msg("Player {pid} is not in the tournament.", pid=pid),
                    (pid,),
                ))
        elif n > 1:
            out.append(Violation("PAIRED_TWICE", Severity.ERROR,
                                 msg("Player {pid} appears {n} times in the round.", pid=pid, n=n), (pid,)))
        if pid in known and pid not in present_ids:
            out.append(
                Violation(
                    "ABSENT_PAIRED",
                    Severity.ERROR,
                    msg("Player {pid} is absent this round but was paired.", pid=pid),
                    (pid,),
                )
            )
    for pid in sorted(present_ids - set(counts)):
        out.append(Violation(
                "MISSING",
                Severity.ERROR,
                msg("Player {pid} is present but was not paired.", pid=pid),
                (pid,),
            ))
    if len(present_ids) % 2 == 1 and pairing.bye is None:
        out.append(Violation("NO_BYE", Severity.ERROR, msg("The number of players is odd but nobody has the bye.")))
    last_round = state.rounds_played >= state.total_rounds - 1
    threshold = (state.rounds_played * max(units(state.scoring.win), units(state.scoring.draw))) >> 1

    def topscorer(p: EnginePlayer) -> bool:
        return last_round and p.score > threshold

    # C1 rematches and forbidden pairs, C3 absolute colour preferences
    for board in pairing.boards:
        a, b = board.white, board.black
        if a == b:
            out.append(Violation(
                    "SELF_PAIRED",
                    Severity.ERROR,
                    msg("Player {a} is paired against himself.", a=a),
                    (a,),
                ))
            continue
        met = _round_met(state, a, b) if a in known and b in known else None
        if met is not None:
            out.append(Violation(
                    "REMATCH",
                    Severity.ERROR,
                    msg("{a} and {b} already met in round {met}.", a=a, b=b, met=met),
                    (a, b),
                ))
        if state.is_forbidden(a, b):
            out.append(Violation(
                    "FORBIDDEN",
                    Severity.ERROR,
                    msg("{a} and {b} may not be paired together.", a=a, b=b),
                    (a, b),
                ))
        pa, pb = everyone.get(a), everyone.get(b)
        if pa is None or pb is None:
            continue
        ca, cb = pa.colours, pb.colours
        if ca.absolute and cb.absolute and ca.preference is cb.preference and not (topscorer(pa) or topscorer(pb)):
            both = Colour.WHITE if ca.preference is Colour.WHITE else Colour.BLACK
            out.append(Violation("SAME_ABSOLUTE_COLOUR", Severity.ERROR, msg(_SAME_ABSOLUTE[both], a=a, b=b), (a, b)))
        # Quality: colour preferences (C12/C13) and floats (C14-C17)
        for p, colour in ((pa, Colour.WHITE), (pb, Colour.BLACK)):
            pref = p.colours.preference
            if pref is not None and pref is not colour:
                kind = "absolute" if p.colours.absolute else "strong" if p.colours.strong else "mild"
                # C.04.3 C3: two players with the same absolute preference may meet only when one of them is a
                # topscorer (last round); then one of the two cannot be granted it, and that is allowed
                excepted = topscorer(pa) or topscorer(pb)
                severity = Severity.ERROR if p.colours.absolute and not excepted else Severity.WARNING
                out.append(
                    Violation(
                        "COLOUR_NOT_GRANTED",
                        severity,
                        msg(_NOT_GRANTED[kind, pref], id=p.id),
                        (p.id,),
                    )
                )
        if pa.score != pb.score:
            hi, lo = (pa, pb) if pa.score > pb.score else (pb, pa)
            if hi.floats[0] is Float.DOWN:
                out.append(
                    Violation(
                        "DOWNFLOAT_REPEATED",
                        Severity.WARNING,
                        msg("Player {id} floats down again after floating down last round.", id=hi.id),
                        (hi.id,),
                    )
                )
            if lo.floats[0] is Float.UP:
                out.append(
                    Violation(
                        "UPFLOAT_REPEATED",
                        Severity.WARNING,
                        msg("Player {id} floats up again after floating up last round.", id=lo.id),
                        (lo.id,),
                    )
                )
    # C2 bye eligibility
    if pairing.bye is not None and pairing.bye in everyone:
        receiver = everyone[pairing.bye]
        if not receiver.eligible_for_bye:
            out.append(
                Violation(
                    "BYE_NOT_ELIGIBLE",
                    Severity.ERROR,
                    msg("Player {id} already scored a win without playing and cannot get the bye.", id=receiver.id),
                    (receiver.id,),
                )
            )
        lowest = min((p.score for p in present if p.eligible_for_bye), default=receiver.score)
        if receiver.score > lowest:
            out.append(
                Violation(
                    "BYE_SCORE_NOT_LOWEST",
                    Severity.WARNING,
                    msg("Player {id} gets the bye although an eligible player has a lower score.", id=receiver.id),
                    (receiver.id,),
                )
            )
    out.sort(key=lambda v: v.severity is not Severity.ERROR)
    return out
