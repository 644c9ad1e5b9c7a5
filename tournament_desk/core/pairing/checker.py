"""Check a round pairing (engine-made or edited by hand) against the Dutch-system rules.

Absolute rules (severity ERROR) make the round illegal; quality issues (WARNING) are allowed but worth an
arbiter's attention. Each violation carries a sentence the arbiter can read out as is.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass

from tournament_desk.core.ids import PairingNumber
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
    message: str  # English
    players: tuple[PairingNumber, ...] = ()  # the players concerned, by pairing number (the state's ids)
    message_fr: str = ""

    def text(self, lang: str) -> str:
        """The explanation in ``lang`` ("fr" or "en")."""
        return self.message_fr if lang == "fr" and self.message_fr else self.message


_COLOUR_FR = {"White": "les Blancs", "Black": "les Noirs"}
_KIND_FR = {"absolute": "absolue", "strong": "forte", "mild": "faible"}


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
                    f"Player {pid} is not in the tournament.",
                    (pid,),
                    f"Le joueur {pid} ne fait pas partie du tournoi.",
                ))
        elif n > 1:
            message = f"Player {pid} appears {n} times in the round."
            message_fr = f"Le joueur {pid} figure {n} fois dans la ronde."
            out.append(Violation("PAIRED_TWICE", Severity.ERROR, message, (pid,), message_fr))
        if pid in known and pid not in present_ids:
            out.append(
                Violation(
                    "ABSENT_PAIRED",
                    Severity.ERROR,
                    f"Player {pid} is absent this round but was paired.",
                    (pid,),
                    f"Le joueur {pid} est absent à cette ronde mais a été apparié.",
                )
            )
    for pid in sorted(present_ids - set(counts)):
        out.append(Violation(
                "MISSING",
                Severity.ERROR,
                f"Player {pid} is present but was not paired.",
                (pid,),
                f"Le joueur {pid} est présent mais n'a pas été apparié.",
            ))
    if len(present_ids) % 2 == 1 and pairing.bye is None:
        out.append(Violation("NO_BYE", Severity.ERROR, "The number of players is odd but nobody has the bye."))
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
                    f"Player {a} is paired against himself.",
                    (a,),
                    f"Le joueur {a} est apparié contre lui-même.",
                ))
            continue
        met = _round_met(state, a, b) if a in known and b in known else None
        if met is not None:
            out.append(Violation(
                    "REMATCH",
                    Severity.ERROR,
                    f"{a} and {b} already met in round {met}.",
                    (a, b),
                    f"{a} et {b} se sont déjà rencontrés à la ronde {met}.",
                ))
        if state.is_forbidden(a, b):
            out.append(Violation(
                    "FORBIDDEN",
                    Severity.ERROR,
                    f"{a} and {b} may not be paired together.",
                    (a, b),
                    f"{a} et {b} ne peuvent pas être appariés ensemble.",
                ))
        pa, pb = everyone.get(a), everyone.get(b)
        if pa is None or pb is None:
            continue
        ca, cb = pa.colours, pb.colours
        if ca.absolute and cb.absolute and ca.preference is cb.preference and not (topscorer(pa) or topscorer(pb)):
            colour_name = "White" if ca.preference is Colour.WHITE else "Black"
            out.append(
                Violation(
                    "SAME_ABSOLUTE_COLOUR",
                    Severity.ERROR,
                    f"{a} and {b} both must have {colour_name} this round; they cannot meet.",
                    (a, b),
                    f"{a} et {b} doivent tous deux avoir {_COLOUR_FR[colour_name]} à cette ronde : ils ne peuvent pas "
                    "se rencontrer.",
                )
            )
        # Quality: colour preferences (C12/C13) and floats (C14-C17)
        for p, colour in ((pa, Colour.WHITE), (pb, Colour.BLACK)):
            pref = p.colours.preference
            if pref is not None and pref is not colour:
                kind = "absolute" if p.colours.absolute else "strong" if p.colours.strong else "mild"
                want = "White" if pref is Colour.WHITE else "Black"
                # C.04.3 C3: two players with the same absolute preference may meet only when one of them is a
                # topscorer (last round); then one of the two cannot be granted it, and that is allowed
                excepted = topscorer(pa) or topscorer(pb)
                severity = Severity.ERROR if p.colours.absolute and not excepted else Severity.WARNING
                out.append(
                    Violation(
                        "COLOUR_NOT_GRANTED",
                        severity,
                        f"Player {p.id} does not get their {kind} colour preference ({want}).",
                        (p.id,),
                        f"Le joueur {p.id} n'obtient pas sa préférence de couleur {_KIND_FR[kind]} "
                        f"({_COLOUR_FR[want]}).",
                    )
                )
        if pa.score != pb.score:
            hi, lo = (pa, pb) if pa.score > pb.score else (pb, pa)
            if hi.floats[0] is Float.DOWN:
                out.append(
                    Violation(
                        "DOWNFLOAT_REPEATED",
                        Severity.WARNING,
                        f"Player {hi.id} floats down again after floating down last round.",
                        (hi.id,),
                        f"Le joueur {hi.id} flotte de nouveau vers le bas après l'avoir fait à la ronde précédente.",
                    )
                )
            if lo.floats[0] is Float.UP:
                out.append(
                    Violation(
                        "UPFLOAT_REPEATED",
                        Severity.WARNING,
                        f"Player {lo.id} floats up again after floating up last round.",
                        (lo.id,),
                        f"Le joueur {lo.id} flotte de nouveau vers le haut après l'avoir fait à la ronde précédente.",
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
                    f"Player {receiver.id} already scored a win without playing and cannot get the bye.",
                    (receiver.id,),
                    f"Le joueur {receiver.id} a déjà marqué un gain sans jouer et ne peut pas recevoir l'exempt.",
                )
            )
        lowest = min((p.score for p in present if p.eligible_for_bye), default=receiver.score)
        if receiver.score > lowest:
            out.append(
                Violation(
                    "BYE_SCORE_NOT_LOWEST",
                    Severity.WARNING,
                    f"Player {receiver.id} gets the bye although an eligible player has a lower score.",
                    (receiver.id,),
                    f"Le joueur {receiver.id} reçoit l'exempt alors qu'un joueur qui y a droit a moins de points.",
                )
            )
    out.sort(key=lambda v: v.severity is not Severity.ERROR)
    return out
