"""Rule editions for unplayed games, and the per-round record every tie-break reads.

Three editions decide how unplayed rounds (byes, forfeits, absences, withdrawals) count in the tie-breaks
that use opponents' scores (Buchholz family, Sonneborn-Berger, Yugoslav):

``ffe-annex`` (default, French events; ``seed003`` before schema 5) — the FFE's tie-break annex (our seed 003)
§1 and the glossary entry "SCORE Ajusté":
    * an unplayed game counts as a draw for the tie-break, whatever its result: a player's *adjusted score*
      counts every unplayed round as a draw (examples Paul 4, Loïc 3, Tony 1, Ludo 2.5);
    * a player whose opponent did not turn up (forfeit won or lost) receives *half* the adjusted score of
      that "virtual opponent";
    * an exempt player receives, for that round, an adjusted score equal to the tournament average.
    The cumulative score and Koya are not affected (seed 003 §1: "seul le résultat compte").

``fide2023`` — FIDE C.07 (Sep-2023) Art. 16, REFERENCE §3.4:
    * adjusted score (16.3): unplayed rounds count at face value, except requested byes followed only by
      voluntary unplayed rounds (VUR) or in the last round (withdrawals, category 16.2.5): those count as draws;
    * dummy opponent (16.4): each of the player's own unplayed rounds counts as a game against a dummy whose
      score equals the player's own final score;
    * cut exception (16.5): VUR contributions are cut first.

``fide2026`` — as ``fide2023``, with the dummy capped (16.4.1 / 16.4.2 of the Mar-2026 text): for a forfeit
    at the scheduled opponent's adjusted score, for every other unplayed round at draw points x rounds.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import N_, Msg, msg
from tournament_desk.core.results import Outcome
from tournament_desk.core.sources import FFE_TIEBREAKS, FIDE_C07_2023, FIDE_C07_2026, Citation, cite


class Edition(StrEnum):
    """Which rule set treats unplayed games. Values are stable: they are stored with the event."""

    FFE_ANNEX = "ffe-annex"
    """The FFE (D.N.A.) tie-break annex's adjusted score (stored as ``seed003`` by files before schema 5)."""
    FIDE_2023 = "fide2023"
    FIDE_2026 = "fide2026"

    @property
    def message(self) -> Msg:
        """The edition's name (a catalogue message)."""
        return msg(_LABELS[self], source=_SOURCES[self].message)

    @property
    def citation(self) -> Citation:
        """Where the edition's treatment of unplayed games is written."""
        return _SOURCES[self]

    @property
    def is_fide(self) -> bool:
        return self is not Edition.FFE_ANNEX

    def label(self, lang: str = "en") -> str:
        return self.message.text(lang)


_LABELS: dict[Edition, str] = {
    Edition.FFE_ANNEX: N_("adjusted score ({source})"),
    Edition.FIDE_2023: N_("dummy opponent ({source})"),
    Edition.FIDE_2026: N_("capped dummy opponent ({source})"),
}
_SOURCES: dict[Edition, Citation] = {
    Edition.FFE_ANNEX: cite(FFE_TIEBREAKS, "§1"),
    Edition.FIDE_2023: cite(FIDE_C07_2023, "Art. 16"),
    Edition.FIDE_2026: cite(FIDE_C07_2026, "Art. 16.4"),
}

DEFAULT_EDITION = Edition.FFE_ANNEX
"""The French federation's annex (our seed 003): its adjusted score is the default (issue 6)."""

LEGACY_EDITION_VALUES: dict[str, Edition] = {"seed003": Edition.FFE_ANNEX}
"""Values earlier releases stored or accepted for an edition (files before schema 5, old bundles, old command
lines): read as the edition they meant. Migration 0005 rewrites them in event files."""


def parse_edition(value: Edition | str) -> Edition:
    """Accept an :class:`Edition` or its stored value; raise a bilingual error otherwise."""
    if isinstance(value, Edition):
        return value
    text = str(value).strip().lower()
    if text in LEGACY_EDITION_VALUES:
        return LEGACY_EDITION_VALUES[text]
    try:
        return Edition(text)
    except ValueError:
        known = ", ".join(e.value for e in Edition)
        raise ValidationError(
            msg("Unknown tie-break edition '{value}' (known: {known})", value=value, known=known),
        ) from None


# Outcomes of a player who had a board but no game was played (seed 000 §4 codes).
_FORFEIT_WINS = frozenset({Outcome.FORFEIT_WIN_EXCUSED, Outcome.FORFEIT_WIN_UNEXCUSED})
_FORFEIT_LOSSES = frozenset({Outcome.FORFEIT_LOSS_EXCUSED, Outcome.FORFEIT_LOSS_UNEXCUSED,
                             Outcome.DOUBLE_FORFEIT})
# REFERENCE §3.4: "requested bye = a half-point or zero-point bye; every round after a withdrawal counts as
# a ZPB". An absence (no board, no bye record) is stored here as a zero-point bye.
_REQUESTED_BYES = frozenset({Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.WITHDRAWN})


class RoundEntry(NamedTuple):
    """One player's round, as the tie-breaks see it. Build it with :meth:`of`.

    ``opponent`` is the scheduled opponent of a board (also for a forfeit), None for a bye or an absence.
    ``points`` are the points scored in the event's scoring profile. ``colour`` is ``"W"``, ``"B"`` or ``""``.
    ``own_score`` / ``opp_score`` are the game points of a Scrabble game when recorded. The flags are
    computed once (a named tuple: standings of 2000 players build and read many of them):

    * ``played`` — played over the board (seed 003 §1: everything else is an unplayed game);
    * ``result_fraction`` — result of a played game as a fraction of a win: 1, ½ or 0 (0r counts 0);
    * ``is_vur`` — voluntary unplayed round (C.07 2023 Art. 16.1, REFERENCE §3.4): requested bye or
      forfeit loss;
    * ``is_requested_bye`` — half-point or zero-point bye, absence, withdrawal;
    * ``is_forfeit_win`` — a forfeit won.
    """

    round: int
    opponent: int | None
    outcome: Outcome
    points: float
    colour: str
    own_score: int | None
    opp_score: int | None
    played: bool
    result_fraction: float
    is_vur: bool
    is_requested_bye: bool
    is_forfeit_win: bool

    @classmethod
    def of(cls, rnd: int, opponent: int | None, outcome: Outcome, points: float, colour: str = "",
           own_score: int | None = None, opp_score: int | None = None) -> RoundEntry:
        return cls(rnd, opponent, outcome, points, colour, own_score, opp_score,  # type: ignore[call-arg]
                   outcome in _PLAYED, _FRACTION.get(outcome, 0.0),
                   outcome in _REQUESTED_BYES or outcome in _FORFEIT_LOSSES,
                   outcome in _REQUESTED_BYES, outcome in _FORFEIT_WINS)

    @property
    def is_forfeit(self) -> bool:
        """A board whose game was not played (forfeit won or lost, double forfeit)."""
        return self.opponent is not None and not self.played


_PLAYED = frozenset(o for o in Outcome if o.is_played)
_FRACTION: dict[Outcome, float] = {Outcome.WIN: 1.0, Outcome.DRAW: 0.5, Outcome.LOSS: 0.0,
                                   Outcome.ZERO_BY_RULE: 0.0}
OUTCOME_FLAGS: dict[Outcome, tuple[bool, float, bool, bool, bool]] = {
    o: (o in _PLAYED, _FRACTION.get(o, 0.0), o in _REQUESTED_BYES or o in _FORFEIT_LOSSES, o in _REQUESTED_BYES,
        o in _FORFEIT_WINS) for o in Outcome}
"""The flags :meth:`RoundEntry.of` derives from an outcome (played, result fraction, VUR, requested bye, forfeit
win), computed once: standings of thousands of players build entries with ``RoundEntry._make``."""


def trailing_requested_byes(entries: list[RoundEntry]) -> set[int]:
    """Rounds of category 16.2.5 (C.07 2023, REFERENCE §3.4): requested byes followed only by VURs
    (this is how a withdrawal is handled), or a requested bye in the last round."""
    rounds: set[int] = set()
    only_vurs_after = True
    for entry in reversed(entries):
        if entry.is_requested_bye and only_vurs_after:
            rounds.add(entry.round)
        if not entry.is_vur:
            only_vurs_after = False
    return rounds
