"""Engine-neutral input and output types for Swiss pairing engines.

The engine sees each player through a :class:`PlayerState`: a pairing number (TPN, used as id), a rating
and one :class:`RoundEntry` per round already paired. The :class:`SwissState` adds the tournament-wide
parameters (number of rounds, initial colour, scoring, absences, forbidden pairs). Everything is frozen and
free of storage concerns, so score-group engines, the checker and manual-pairing helpers can share it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from tournament_desk.core.ids import PairingNumber

__all__ = [
    "Board",
    "ByeKind",
    "Colour",
    "Float",
    "Outcome",
    "PlayerState",
    "RoundEntry",
    "RoundPairing",
    "Scoring",
    "SwissState",
]


class Colour(enum.Enum):
    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Outcome(enum.Enum):
    """Result of one round from the player's point of view (played, forfeited or bye)."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class ByeKind(enum.Enum):
    """Rounds without an opponent, with their TRF letter."""

    PAB = "U"  # pairing-allocated bye
    FULL = "F"  # full-point bye (requested)
    HALF = "H"  # half-point bye (requested)
    ZERO = "Z"  # zero-point bye / known absence


class Float(enum.Enum):
    UP = "up"
    DOWN = "down"


@dataclass(frozen=True)
class Scoring:
    """Points per outcome (C.04.1 Art.3: one PAB value for the whole event)."""

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    forfeit_loss: float = 0.0
    zero_bye: float = 0.0
    pab: float = 1.0


@dataclass(frozen=True)
class RoundEntry:
    """One round of a player's history.

    ``opponent`` is None for byes/absences. ``colour`` is the colour scheduled (also kept for forfeits).
    ``played`` is False for forfeits and byes: only played games count for colours and rematches.
    """

    opponent: PairingNumber | None
    colour: Colour | None
    outcome: Outcome
    played: bool
    bye: ByeKind | None = None

    @property
    def participated(self) -> bool:
        """True when the pairing produced this entry (a game, even forfeited, or the PAB)."""
        return self.opponent is not None or self.bye is ByeKind.PAB

    def points(self, scoring: Scoring) -> float:
        if self.outcome is Outcome.WIN:
            return scoring.pab if self.bye is ByeKind.PAB else scoring.win
        if self.outcome is Outcome.DRAW:
            return scoring.draw
        if self.opponent is None and self.bye is not ByeKind.PAB:
            return scoring.zero_bye
        return scoring.loss if self.played else scoring.forfeit_loss


@dataclass(frozen=True)
class PlayerState:
    """A player as a pairing engine sees him. ``id`` is the pairing number (TPN), never a registration id."""

    id: PairingNumber
    entries: tuple[RoundEntry, ...] = ()
    rating: int = 0
    name: str = ""
    # Accelerated (fictitious) points per round index (0-based), as in XXA/250 records.
    accelerations: tuple[float, ...] = ()

    def score(self, scoring: Scoring, rounds: int | None = None) -> float:
        """Points after the first ``rounds`` rounds (all entries when None)."""
        entries = self.entries if rounds is None else self.entries[:rounds]
        return sum(e.points(scoring) for e in entries)

    def acceleration(self, round_index: int) -> float:
        return self.accelerations[round_index] if round_index < len(self.accelerations) else 0.0


@dataclass(frozen=True)
class SwissState:
    """Everything needed to pair round ``rounds_played + 1``.

    Players whose history already holds an entry for the round to pair (requested H/F/Z byes) or who are
    listed in ``absent`` are not paired.
    """

    players: tuple[PlayerState, ...]
    rounds_played: int
    total_rounds: int
    initial_colour: Colour = Colour.WHITE
    scoring: Scoring = field(default_factory=Scoring)
    absent: frozenset[PairingNumber] = frozenset()
    forbidden_pairs: frozenset[frozenset[PairingNumber]] = frozenset()
    # Player ids in pairing-number order when it is not the order of the ids (TRF ``XXC rank``).
    pairing_order: tuple[PairingNumber, ...] = ()

    @property
    def round_to_pair(self) -> int:
        return self.rounds_played + 1

    def player(self, player_id: PairingNumber) -> PlayerState:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)

    def is_present(self, p: PlayerState) -> bool:
        return p.id not in self.absent and len(p.entries) <= self.rounds_played

    def present_players(self) -> list[PlayerState]:
        return [p for p in self.players if self.is_present(p)]

    def is_forbidden(self, a: PairingNumber, b: PairingNumber) -> bool:
        return frozenset((a, b)) in self.forbidden_pairs

    @staticmethod
    def forbid_groups(groups: Iterable[Iterable[PairingNumber]]) -> frozenset[frozenset[PairingNumber]]:
        """Expand XXP-style groups (players who may not meet each other) into forbidden pairs."""
        out: set[frozenset[PairingNumber]] = set()
        for group in groups:
            ids = sorted(set(group))
            for i, a in enumerate(ids):
                for b in ids[i + 1 :]:
                    out.add(frozenset((a, b)))
        return frozenset(out)


@dataclass(frozen=True)
class Board:
    """One pairing: white, black and the explanation shown to the arbiter."""

    white: PairingNumber
    black: PairingNumber
    floats: Mapping[PairingNumber, Float] = field(default_factory=dict)
    # For each player: True/False whether his colour preference was granted, None if he had none.
    preference_granted: Mapping[PairingNumber, bool | None] = field(default_factory=dict)

    @property
    def players(self) -> tuple[PairingNumber, PairingNumber]:
        return (self.white, self.black)


@dataclass(frozen=True)
class RoundPairing:
    """Ordered boards plus the receiver of the pairing-allocated bye (None when nobody gets it)."""

    boards: tuple[Board, ...]
    bye: PairingNumber | None = None

    def pairs(self) -> list[tuple[PairingNumber, PairingNumber]]:
        return [(b.white, b.black) for b in self.boards]

    def paired_ids(self) -> list[PairingNumber]:
        out = [pid for b in self.boards for pid in b.players]
        if self.bye is not None:
            out.append(self.bye)
        return out
