"""Result codes: what happened on a board, what it means for each player, and how it is written.

A paired board ends with a :class:`GameResult`. Each of the two players then has an :class:`Outcome`
(the per-player code the federations use: FFJD 2 / 1 / 0, 2fe, 0fne, 0r, 0d... seed 000 §4).
A player who is not paired in a round has a bye-type :class:`Outcome` instead (pairing-allocated bye,
half-point bye, full-point bye, zero-point bye / absence, withdrawal).

Notation is per discipline: chess writes ``1-0 / ½-½ / 0-1``, draughts ``2-0 / 1-1 / 0-2`` (seed 000 §4).
The FFJD forfeit codes are accepted in every discipline.
"""

from __future__ import annotations

from enum import StrEnum

from tournament_desk.core.errors import ResultError
from tournament_desk.core.messages import msg, pmsg


class Discipline(StrEnum):
    CHESS = "chess"
    DRAUGHTS = "draughts"
    SCRABBLE = "scrabble"
    OTHER = "other"


class Outcome(StrEnum):
    """What a round meant for one player. Values are stable: they are stored in event files."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN_EXCUSED = "2fe"  # seed 000 §4: victoire par forfait excusé
    FORFEIT_WIN_UNEXCUSED = "2fne"  # seed 000 §4: victoire par forfait non excusé
    FORFEIT_LOSS_EXCUSED = "0fe"  # seed 000 §4: défaite par forfait excusé
    FORFEIT_LOSS_UNEXCUSED = "0fne"  # seed 000 §4: défaite par forfait non excusé
    ZERO_BY_RULE = "0r"  # seed 000 §4: 0-0 réglementaire (e.g. 40-move rule not respected)
    DOUBLE_FORFEIT = "0d"  # seed 000 §4: double forfait, both players absent
    PAIRING_BYE = "pab"  # pairing-allocated bye (C.04.1 Art.3), or the game against the EXEMPT
    HALF_BYE = "hpb"  # half-point bye requested in advance
    FULL_BYE = "fpb"  # full-point bye requested in advance (TRF code F)
    ZERO_BYE = "zpb"  # zero-point bye / absence (TRF code Z)
    WITHDRAWN = "withdrawn"  # not paired because the player withdrew

    @property
    def is_bye(self) -> bool:
        """True for the outcomes of a player who had no board this round."""
        return self in _BYES

    @property
    def is_played(self) -> bool:
        """A game that was actually played over the board (0r included: the game took place)."""
        return self in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.ZERO_BY_RULE)

    @property
    def is_forfeit(self) -> bool:
        return self in _FORFEITS

    @property
    def is_meeting(self) -> bool:
        """Did the two players meet? A forfeited game is not a meeting (C.04.2 Art.3.5)."""
        return self.is_played

    @property
    def counts_for_ffjd_rating(self) -> bool:
        """Seed 000 §6.4: unplayed games do not count, except the unexcused forfeit (rated as played)."""
        return self.is_played or self in (Outcome.FORFEIT_WIN_UNEXCUSED, Outcome.FORFEIT_LOSS_UNEXCUSED)


_BYES = frozenset({Outcome.PAIRING_BYE, Outcome.HALF_BYE, Outcome.FULL_BYE, Outcome.ZERO_BYE, Outcome.WITHDRAWN})
_FORFEITS = frozenset({
    Outcome.FORFEIT_WIN_EXCUSED, Outcome.FORFEIT_WIN_UNEXCUSED,
    Outcome.FORFEIT_LOSS_EXCUSED, Outcome.FORFEIT_LOSS_UNEXCUSED, Outcome.DOUBLE_FORFEIT,
})

BYE_OUTCOMES: tuple[Outcome, ...] = tuple(o for o in Outcome if o.is_bye)


class GameResult(StrEnum):
    """The result of a paired board, seen from White. Values are stable: stored in event files."""

    WHITE_WIN = "1-0"
    DRAW = "1/2-1/2"
    BLACK_WIN = "0-1"
    WHITE_FORFEIT_WIN_EXCUSED = "2fe-0fe"
    WHITE_FORFEIT_WIN_UNEXCUSED = "2fne-0fne"
    BLACK_FORFEIT_WIN_EXCUSED = "0fe-2fe"
    BLACK_FORFEIT_WIN_UNEXCUSED = "0fne-2fne"
    ZERO_BY_RULE = "0r"
    DOUBLE_FORFEIT = "0d"

    def outcomes(self) -> tuple[Outcome, Outcome]:
        """(White's outcome, Black's outcome)."""
        return _OUTCOMES[self]

    @property
    def is_played(self) -> bool:
        return self.outcomes()[0].is_played

    def mirrored(self) -> GameResult:
        """The same result seen from the other side (``1-0`` becomes ``0-1``): a team match's board result is written
        home team first, whatever the colours."""
        return _MIRROR.get(self, self)


_OUTCOMES: dict[GameResult, tuple[Outcome, Outcome]] = {
    GameResult.WHITE_WIN: (Outcome.WIN, Outcome.LOSS),
    GameResult.DRAW: (Outcome.DRAW, Outcome.DRAW),
    GameResult.BLACK_WIN: (Outcome.LOSS, Outcome.WIN),
    GameResult.WHITE_FORFEIT_WIN_EXCUSED: (Outcome.FORFEIT_WIN_EXCUSED, Outcome.FORFEIT_LOSS_EXCUSED),
    GameResult.WHITE_FORFEIT_WIN_UNEXCUSED: (Outcome.FORFEIT_WIN_UNEXCUSED, Outcome.FORFEIT_LOSS_UNEXCUSED),
    GameResult.BLACK_FORFEIT_WIN_EXCUSED: (Outcome.FORFEIT_LOSS_EXCUSED, Outcome.FORFEIT_WIN_EXCUSED),
    GameResult.BLACK_FORFEIT_WIN_UNEXCUSED: (Outcome.FORFEIT_LOSS_UNEXCUSED, Outcome.FORFEIT_WIN_UNEXCUSED),
    GameResult.ZERO_BY_RULE: (Outcome.ZERO_BY_RULE, Outcome.ZERO_BY_RULE),
    GameResult.DOUBLE_FORFEIT: (Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT),
}

_MIRROR: dict[GameResult, GameResult] = {
    GameResult.WHITE_WIN: GameResult.BLACK_WIN, GameResult.BLACK_WIN: GameResult.WHITE_WIN,
    GameResult.WHITE_FORFEIT_WIN_EXCUSED: GameResult.BLACK_FORFEIT_WIN_EXCUSED,
    GameResult.BLACK_FORFEIT_WIN_EXCUSED: GameResult.WHITE_FORFEIT_WIN_EXCUSED,
    GameResult.WHITE_FORFEIT_WIN_UNEXCUSED: GameResult.BLACK_FORFEIT_WIN_UNEXCUSED,
    GameResult.BLACK_FORFEIT_WIN_UNEXCUSED: GameResult.WHITE_FORFEIT_WIN_UNEXCUSED,
}

# Notation typed by users, per discipline. Keys are normalised (lower case, no spaces, '½' -> '1/2').
_COMMON: dict[str, GameResult] = {
    "2fe": GameResult.WHITE_FORFEIT_WIN_EXCUSED,
    "2fe-0fe": GameResult.WHITE_FORFEIT_WIN_EXCUSED,
    "0fe": GameResult.BLACK_FORFEIT_WIN_EXCUSED,
    "0fe-2fe": GameResult.BLACK_FORFEIT_WIN_EXCUSED,
    "2fne": GameResult.WHITE_FORFEIT_WIN_UNEXCUSED,
    "2fne-0fne": GameResult.WHITE_FORFEIT_WIN_UNEXCUSED,
    "0fne": GameResult.BLACK_FORFEIT_WIN_UNEXCUSED,
    "0fne-2fne": GameResult.BLACK_FORFEIT_WIN_UNEXCUSED,
    "0r": GameResult.ZERO_BY_RULE,
    "0-0r": GameResult.ZERO_BY_RULE,
    "0d": GameResult.DOUBLE_FORFEIT,
    "--": GameResult.DOUBLE_FORFEIT,
}
_CHESS: dict[str, GameResult] = {
    "1-0": GameResult.WHITE_WIN,
    "1": GameResult.WHITE_WIN,
    "0-1": GameResult.BLACK_WIN,
    "0": GameResult.BLACK_WIN,
    "1/2": GameResult.DRAW,
    "1/2-1/2": GameResult.DRAW,
    "=": GameResult.DRAW,
    "+-": GameResult.WHITE_FORFEIT_WIN_UNEXCUSED,
    "-+": GameResult.BLACK_FORFEIT_WIN_UNEXCUSED,
}
_DRAUGHTS: dict[str, GameResult] = {
    "2-0": GameResult.WHITE_WIN,
    "2": GameResult.WHITE_WIN,
    "1-1": GameResult.DRAW,
    "1": GameResult.DRAW,
    "=": GameResult.DRAW,
    "0-2": GameResult.BLACK_WIN,
    "0": GameResult.BLACK_WIN,
    "+-": GameResult.WHITE_FORFEIT_WIN_UNEXCUSED,
    "-+": GameResult.BLACK_FORFEIT_WIN_UNEXCUSED,
}

_BYE_WORDS: dict[str, Outcome] = {
    "pab": Outcome.PAIRING_BYE, "bye": Outcome.PAIRING_BYE, "exempt": Outcome.PAIRING_BYE,
    "u": Outcome.PAIRING_BYE,
    "hpb": Outcome.HALF_BYE, "h": Outcome.HALF_BYE, "1/2bye": Outcome.HALF_BYE,
    "fpb": Outcome.FULL_BYE, "f": Outcome.FULL_BYE,
    "zpb": Outcome.ZERO_BYE, "z": Outcome.ZERO_BYE, "abs": Outcome.ZERO_BYE, "absent": Outcome.ZERO_BYE,
    "withdrawn": Outcome.WITHDRAWN, "wd": Outcome.WITHDRAWN,
}


def _normalise(text: str) -> str:
    return text.strip().lower().replace(" ", "").replace("½", "1/2").replace("–", "-").replace(":", "-")


def notation_table(discipline: Discipline) -> dict[str, GameResult]:
    """Every accepted spelling of a board result in ``discipline``."""
    table = dict(_DRAUGHTS if discipline is Discipline.DRAUGHTS else _CHESS)
    table.update(_COMMON)
    return table


def parse_game_result(text: str, discipline: Discipline) -> GameResult:
    """Read a board result typed in the discipline's notation; raise :class:`ResultError` if unknown."""
    key = _normalise(text)
    table = notation_table(discipline)
    if key in table:
        return table[key]
    examples = "1-0, 1/2, 0-1" if discipline is not Discipline.DRAUGHTS else "2-0, 1-1, 0-2"
    raise ResultError(
        msg("'{text}' is not a result in {discipline} notation (expected {examples}, or a forfeit code 2fe, 0fe, "
            "2fne, 0fne, 0r, 0d)", text=text, discipline=_NOTATION[discipline], examples=examples),
    )


def parse_bye(text: str) -> Outcome:
    """Read a bye code (pab, hpb, fpb, zpb, withdrawn and short forms)."""
    key = _normalise(text)
    if key in _BYE_WORDS:
        return _BYE_WORDS[key]
    raise ResultError(
        msg("'{text}' is not a bye code (expected pab, hpb, fpb, zpb or withdrawn)", text=text),
    )


_NOTATION = {  # the discipline named in "… in chess notation"
    Discipline.CHESS: pmsg("result notation", "chess"),
    Discipline.DRAUGHTS: pmsg("result notation", "draughts"),
    Discipline.SCRABBLE: pmsg("result notation", "scrabble"),
    Discipline.OTHER: pmsg("result notation", "other"),
}

_CHESS_TEXT = {
    GameResult.WHITE_WIN: "1-0",
    GameResult.DRAW: "½-½",
    GameResult.BLACK_WIN: "0-1",
    GameResult.WHITE_FORFEIT_WIN_EXCUSED: "+-",
    GameResult.WHITE_FORFEIT_WIN_UNEXCUSED: "+-",
    GameResult.BLACK_FORFEIT_WIN_EXCUSED: "-+",
    GameResult.BLACK_FORFEIT_WIN_UNEXCUSED: "-+",
    GameResult.ZERO_BY_RULE: "0-0",
    GameResult.DOUBLE_FORFEIT: "--",
}
_DRAUGHTS_TEXT = {
    GameResult.WHITE_WIN: "2-0",
    GameResult.DRAW: "1-1",
    GameResult.BLACK_WIN: "0-2",
    GameResult.WHITE_FORFEIT_WIN_EXCUSED: "2fe-0fe",
    GameResult.WHITE_FORFEIT_WIN_UNEXCUSED: "2fne-0fne",
    GameResult.BLACK_FORFEIT_WIN_EXCUSED: "0fe-2fe",
    GameResult.BLACK_FORFEIT_WIN_UNEXCUSED: "0fne-2fne",
    GameResult.ZERO_BY_RULE: "0r",
    GameResult.DOUBLE_FORFEIT: "0d",
}


def format_game_result(result: GameResult, discipline: Discipline) -> str:
    """How a result is printed in the discipline's own notation (draughts keeps the FFJD codes)."""
    table = _DRAUGHTS_TEXT if discipline is Discipline.DRAUGHTS else _CHESS_TEXT
    return table[result]
