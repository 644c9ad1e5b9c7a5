"""Scoring profiles: how many points each outcome is worth.

Built-in profiles:

* ``chess``: 1 / ½ / 0 (FIDE).
* ``draughts``: 2 / 1 / 0 (FFJD, seed 000 §4: 0 défaite, 1 remise, 2 victoire).
* ``kashdan``: 4 / 2 / 1 (seed 004 "Points dans le tournoi": victoire 4, nul 2, participation 1;
  the bye counts as a win, 4 points). A game not played (forfeit loss, absence, 0d) earns nothing: the 1 point
  is for participation; a 0r game was played and earns it.
* ``scrabble``: Scrabble classique ranks by wins (1 / ½ / 0), then by the spread of game points capped at
  100 per game (seed 002 §7); the spread lives in the games' scores and in the tie-breaks, not here.
* ``custom``: any points for win, draw, loss and each bye kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import msg
from tournament_desk.core.results import Outcome


@dataclass(frozen=True, slots=True)
class ScoringProfile:
    """Points for every outcome. ``name`` is one of the built-in names or ``custom``."""

    name: str
    win: float
    draw: float
    loss: float
    forfeit_win: float
    forfeit_loss: float
    pairing_bye: float
    half_bye: float
    full_bye: float
    zero_bye: float = 0.0
    zero_by_rule: float = 0.0
    double_forfeit: float = 0.0
    withdrawn: float = 0.0
    uses_game_scores: bool = field(default=False)
    """True when games carry points scored by each side (Scrabble) and the spread matters."""

    def __post_init__(self) -> None:
        for attr in ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pairing_bye", "half_bye",
                     "full_bye", "zero_bye", "zero_by_rule", "double_forfeit", "withdrawn"):
            value = getattr(self, attr)
            if not isinstance(value, int | float) or value < 0 or value > 100:
                raise ValidationError(
                    msg("Points for '{attr}' must be a number between 0 and 100, not {value!r}", attr=attr,
                        value=value),
                )
        if self.win < self.draw or self.draw < self.loss:
            raise ValidationError(
                msg("A win must be worth at least a draw, and a draw at least a loss"),
            )

    def points(self, outcome: Outcome) -> float:
        """Points earned by one player for one round."""
        return float(getattr(self, _ATTR[outcome]))

    def total(self, outcomes: list[Outcome] | tuple[Outcome, ...]) -> float:
        return float(sum(self.points(o) for o in outcomes))

    @property
    def max_per_round(self) -> float:
        return max(self.win, self.forfeit_win, self.pairing_bye, self.full_bye)

    def with_points(self, **changes: float) -> ScoringProfile:
        """A custom copy with some values changed."""
        return replace(self, name="custom", **changes)

    def as_dict(self) -> dict[str, float | str | bool]:
        return {a: getattr(self, a) for a in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> ScoringProfile:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)  # type: ignore[arg-type]


_ATTR: dict[Outcome, str] = {
    Outcome.WIN: "win",
    Outcome.DRAW: "draw",
    Outcome.LOSS: "loss",
    Outcome.FORFEIT_WIN_EXCUSED: "forfeit_win",
    Outcome.FORFEIT_WIN_UNEXCUSED: "forfeit_win",
    Outcome.FORFEIT_LOSS_EXCUSED: "forfeit_loss",
    Outcome.FORFEIT_LOSS_UNEXCUSED: "forfeit_loss",
    Outcome.ZERO_BY_RULE: "zero_by_rule",
    Outcome.DOUBLE_FORFEIT: "double_forfeit",
    Outcome.PAIRING_BYE: "pairing_bye",
    Outcome.HALF_BYE: "half_bye",
    Outcome.FULL_BYE: "full_bye",
    Outcome.ZERO_BYE: "zero_bye",
    Outcome.WITHDRAWN: "withdrawn",
}

CHESS = ScoringProfile("chess", win=1, draw=0.5, loss=0, forfeit_win=1, forfeit_loss=0,
                       pairing_bye=1, half_bye=0.5, full_bye=1)
DRAUGHTS = ScoringProfile("draughts", win=2, draw=1, loss=0, forfeit_win=2, forfeit_loss=0,
                          pairing_bye=2, half_bye=1, full_bye=2)
# A 0r (regulatory 0-0) was played: it earns the participation point, as the KASHDAN tie-break counts it.
KASHDAN = ScoringProfile("kashdan", win=4, draw=2, loss=1, forfeit_win=4, forfeit_loss=0,
                         pairing_bye=4, half_bye=2, full_bye=4, zero_by_rule=1)
SCRABBLE = ScoringProfile("scrabble", win=1, draw=0.5, loss=0, forfeit_win=1, forfeit_loss=0,
                          pairing_bye=1, half_bye=0.5, full_bye=1, uses_game_scores=True)

PROFILES: dict[str, ScoringProfile] = {p.name: p for p in (CHESS, DRAUGHTS, KASHDAN, SCRABBLE)}


def profile_named(name: str) -> ScoringProfile:
    try:
        return PROFILES[name]
    except KeyError:
        names = ", ".join(PROFILES)
        raise ValidationError(msg("Unknown scoring profile '{name}' (known: {names})", name=name,
                                  names=names)) from None


SCRABBLE_SPREAD_CAP = 100
"""Seed 002 §7: the points difference of one game counts at most 100 for the tie-break."""


def scrabble_spread(own: int, opponent: int) -> int:
    """Seed 002 §7: points difference of one game, limited to ±100."""
    diff = own - opponent
    return max(-SCRABBLE_SPREAD_CAP, min(SCRABBLE_SPREAD_CAP, diff))
