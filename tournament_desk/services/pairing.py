"""Pair the next round with the engine the event's system calls for (one entry point for the GUI and CLI).

* round robin / double round robin: the Berger grid (``services.roundrobin``);
* FIDE Dutch Swiss (``services.swiss``);
* score-group Swiss (``services.swiss_variants``), then its top cut once started;
* knockout: the top-cut bracket;
* manual Swiss: refused here — the arbiter pairs by hand (``manual`` command, assisted and checked).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament_desk.core.errors import StateError
from tournament_desk.core.model import PairingSystem, Round
from tournament_desk.services import roundrobin, swiss, swiss_variants
from tournament_desk.services.session import Change, EventSession


@dataclass(frozen=True, slots=True)
class PairOutcome:
    change: Change
    round: Round
    notes_en: tuple[str, ...] = ()
    notes_fr: tuple[str, ...] = ()
    """Warnings and explanations to show the arbiter (homologation limits, why boards were made...)."""

    def notes(self, lang: str = "en") -> tuple[str, ...]:
        return self.notes_fr if lang == "fr" else self.notes_en


def pair_next(session: EventSession, *, force: bool = False) -> PairOutcome:
    """Pair and store the next round. ``force`` pairs a round robin or score-group round although results of
    the last round are missing (the arbiter confirmed); a Dutch round always needs every score."""
    system = session.event.system
    if swiss_variants.top_cut_settings(session) is not None or system is PairingSystem.KNOCKOUT:
        ko = swiss_variants.pair_next_knockout_round(session)
        return PairOutcome(ko.change, ko.round)
    if system.is_round_robin:
        rr = roundrobin.pair_next_round(session, force=force)
        return PairOutcome(rr.change, rr.round, tuple(w.en for w in rr.warnings), tuple(w.fr for w in rr.warnings))
    if system is PairingSystem.DUTCH:
        dutch = swiss.pair_next_dutch_round(session)
        en = tuple(f"Board {b}: {text.split(' | ')[0]}" for b, text in dutch.explanations.items()
                   if text.split(" | ")[0])
        fr = tuple(f"Table {b} : {text.split(' | ')[1]}" for b, text in dutch.explanations.items()
                   if text.split(" | ")[0])
        return PairOutcome(dutch.change, dutch.round, en, fr)
    if system is PairingSystem.SCORE_GROUP:
        sg = swiss_variants.pair_next_scoregroup_round(session, force=force)
        return PairOutcome(sg.change, sg.round, sg.notes("en"), sg.notes("fr"))
    raise StateError("A manual Swiss is paired by the arbiter: use the manual pairing board",
                     "Un suisse manuel est apparié par l'arbitre : utilisez le tableau d'appariement manuel")
