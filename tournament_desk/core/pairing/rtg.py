"""Random Tournament Generator (RTG) of the FIDE Dutch engine: FIDE Handbook C.04.A, A.5.

An endorsement commission compares programs on many simulated tournaments: each program generates
tournaments whose every round its own engine paired, and each program's free pairings checker (A.4) checks
the others'. This module is the generator; the checker is ``fpc.py``; the command lines are
``tournament-desk generate --dutch`` and ``pair --dutch FILE --check-all`` (docs/engine.md).

The configuration is the one the endorsed engines' generators read (JaVaFo's RTG configuration file, which
bbpPairings reads too): ``Key=Value`` lines, ``#`` comments. Every key is optional; a key the file does not
give is drawn from the seed in the same range as those generators draw it, so a seed alone makes a whole
tournament (:data:`DEFAULT_RANGES`). A *rate* N means "one in N": ``ForfeitRate=20`` forfeits one game in
20, ``RetiredRate=25`` retires one player in 25, ``HalfPointByeRate=10`` gives a half-point bye to one player
in 10; ``0`` (our addition) means never.

The model (:func:`generate`), everything drawn from one ``random.Random(seed)`` in a fixed order, so a seed
and a configuration always give the same file:

* ratings uniform in ``LowestRating..HighestRating``, listed by rating (the pairing numbers, C.04.2 Art.2);
* ``round(PlayersNumber / RetiredRate)`` players retire: each withdraws before a round drawn among rounds
  2..RoundsNumber and has a zero-point bye (``0000 - Z``) in every round from then on;
* ``round(PlayersNumber / HalfPointByeRate)`` players request one half-point bye (``0000 - H``), in a round
  drawn among rounds 1..RoundsNumber-1 (never the last round);
* every round is paired by this program's Dutch engine (:func:`dutch.pair_dutch`);
* in each game each player fails to appear with probability ``1 - sqrt(1 - 1/ForfeitRate)``, so one game in
  ``ForfeitRate`` is forfeited (both absent: a double forfeit, ``-`` for both);
* a game played: the higher-rated player's expected score is the FIDE rating curve, E = Phi(D / (2000/7)),
  D the rating difference (the normal curve behind FIDE Handbook B.02 table 8.1(b)); the game is drawn with
  probability d = min(DrawPercentage/100, 2 - 2E), won by the higher-rated player with probability E - d/2,
  lost otherwise (his expected score stays E).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.ids import PairingNumber
from tournament_desk.core.messages import msg
from tournament_desk.core.pairing.dutch import pair_dutch
from tournament_desk.core.pairing.swiss_state import (
    ByeKind,
    Colour,
    Outcome,
    PlayerState,
    RoundEntry,
    Scoring,
    SwissState,
)

__all__ = [
    "CONFIG_KEYS",
    "DEFAULT_RANGES",
    "GeneratedTournament",
    "RtgConfig",
    "RtgConfigError",
    "config_lines",
    "expected_score",
    "generate",
    "parse_config",
    "resolve_config",
]

MAX_PLAYERS = 9999
"""Four columns of starting rank in a TRF player record."""
MAX_ROUNDS = 999
"""Three columns of round number in TRF-2026 records."""

CONFIG_KEYS: tuple[str, ...] = (
    "PlayersNumber", "RoundsNumber", "DrawPercentage", "ForfeitRate", "RetiredRate", "HalfPointByeRate",
    "HighestRating", "LowestRating", "PointsForWin", "PointsForDraw", "PointsForLoss", "PointsForZPB",
    "PointsForForfeitLoss", "PointsForPAB",
)
"""The configuration keys, spelt as JaVaFo's and bbpPairings' generators spell them (read case-insensitively;
bbpPairings' ``HalfPointByteRate`` is read as ``HalfPointByeRate``)."""

_ALIASES = {key.lower(): key for key in CONFIG_KEYS} | {"halfpointbyterate": "HalfPointByeRate"}

DEFAULT_RANGES: Mapping[str, tuple[int, int]] = {
    "RoundsNumber": (5, 15),
    "ForfeitRate": (6, 30),
    "RetiredRate": (15, 3225),
    "HalfPointByeRate": (15, 3225),
    "DrawPercentage": (10, 50),
    "PlayersNumber": (15, 215),
    "HighestRating": (2400, 2800),
    "LowestRating": (1400, 2300),
}
"""A key the configuration does not give is drawn from the seed in this range (whole numbers, both ends
included): the ranges of the endorsed engines' generators."""

_WHOLE = {"PlayersNumber": (2, MAX_PLAYERS), "RoundsNumber": (1, MAX_ROUNDS), "DrawPercentage": (0, 100),
          "HighestRating": (0, 9999), "LowestRating": (0, 9999)}
_RATES = {"ForfeitRate": 1.0, "RetiredRate": 2.0, "HalfPointByeRate": 1.0}  # the smallest rate (0: never)
_POINTS = ("PointsForWin", "PointsForDraw", "PointsForLoss", "PointsForZPB", "PointsForForfeitLoss", "PointsForPAB")


class RtgConfigError(ValidationError):
    """A generator configuration that cannot be used (its line and key named)."""

    code = "rtg_config"


@dataclass(frozen=True)
class RtgConfig:
    """Every parameter of a generated tournament (rates as "one in N", 0 for never)."""

    players: int
    rounds: int
    draw_percentage: int
    forfeit_rate: float
    retired_rate: float
    half_point_bye_rate: float
    highest_rating: int
    lowest_rating: int
    scoring: Scoring

    def values(self) -> dict[str, float]:
        """The configuration as its keys and values (the lines :func:`config_lines` writes)."""
        s = self.scoring
        return {"PlayersNumber": self.players, "RoundsNumber": self.rounds, "DrawPercentage": self.draw_percentage,
                "ForfeitRate": self.forfeit_rate, "RetiredRate": self.retired_rate,
                "HalfPointByeRate": self.half_point_bye_rate, "HighestRating": self.highest_rating,
                "LowestRating": self.lowest_rating, "PointsForWin": s.win, "PointsForDraw": s.draw,
                "PointsForLoss": s.loss, "PointsForZPB": s.zero_bye, "PointsForForfeitLoss": s.forfeit_loss,
                "PointsForPAB": s.pab}


@dataclass(frozen=True)
class GeneratedTournament:
    """A generated tournament: its configuration, seed, initial colour and every player's rounds."""

    config: RtgConfig
    seed: int
    initial_colour: Colour
    players: tuple[PlayerState, ...]

    def score(self, player: PlayerState) -> float:
        return player.score(self.config.scoring)


def config_lines(config: RtgConfig) -> list[str]:
    """The configuration as ``Key=Value`` lines, readable again by :func:`parse_config`."""
    return [f"{key}={value:g}" for key, value in config.values().items()]


# ------------------------------------------------------------------------------------------ configuration
def _whole(key: str, value: str, line: int) -> int:
    low, high = _WHOLE[key]
    text = value.strip()
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        raise RtgConfigError(msg("line {line}: {key} must be a whole number from {low} to {high}, not '{value}'",
                                 line=line, key=key, low=low, high=high, value=value.strip()[:40]))
    return int(text)


def _number(text: str) -> float | None:
    text = text.strip()
    if not text.isascii() or not text.replace(".", "", 1).isdigit():
        return None
    value = float(text)
    return value if math.isfinite(value) else None


def _rate(key: str, value: str, line: int) -> float:
    low = _RATES[key]
    number = _number(value)
    if number is None or (number != 0 and number < low):
        raise RtgConfigError(msg("line {line}: {key} must be a number of at least {low} (one in N), or 0 for "
                                 "never, not '{value}'", line=line, key=key, low=format(low, "g"),
                                 value=value.strip()[:40]))
    return number


def _points(key: str, value: str, line: int) -> float:
    number = _number(value)
    if number is None or round(number * 10) != number * 10 or number > 999.9:
        raise RtgConfigError(msg("line {line}: {key} must be points such as 1.0 or 0.5 (one decimal), not "
                                 "'{value}'", line=line, key=key, value=value.strip()[:40]))
    return number


def parse_config(text: str) -> dict[str, float]:
    """The keys a configuration file gives, with their values (``Key=Value`` lines; blank lines and lines
    starting with ``#`` are skipped). Raises :class:`RtgConfigError` naming the line: a line that is not
    ``Key=Value``, an unknown key, a key given twice, a value out of its range."""
    given: dict[str, float] = {}
    where: dict[str, int] = {}
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("#"):
            continue
        name, sep, value = line.partition("=")
        if not sep:
            raise RtgConfigError(msg("line {line}: '{text}' is not Key=Value", line=number, text=line[:60]))
        key = _ALIASES.get(name.strip().lower())
        if key is None:
            raise RtgConfigError(msg("line {line}: unknown key '{key}' (the keys: {keys})", line=number,
                                     key=name.strip()[:40], keys=", ".join(CONFIG_KEYS)))
        if key in where:
            raise RtgConfigError(msg("line {line}: {key} is already given on line {first}", line=number, key=key,
                                     first=where[key]))
        where[key] = number
        if key in _WHOLE:
            given[key] = _whole(key, value, number)
        elif key in _RATES:
            given[key] = _rate(key, value, number)
        else:
            given[key] = _points(key, value, number)
    return given


def resolve_config(given: Mapping[str, float], rng: random.Random) -> RtgConfig:
    """The whole configuration: ``given`` (from :func:`parse_config`), the other keys drawn from ``rng`` in
    :data:`DEFAULT_RANGES` (always drawn, in a fixed order, so that a key given does not change the others).
    Raises :class:`RtgConfigError` for values that do not go together."""
    drawn = {key: rng.randint(low, high) for key, (low, high) in DEFAULT_RANGES.items()}
    values: dict[str, float] = {**drawn, **given}
    spread = drawn["HighestRating"] - drawn["LowestRating"]  # one bound given: the other keeps the drawn spread
    if "LowestRating" not in given and values["LowestRating"] > values["HighestRating"]:
        values["LowestRating"] = max(0, int(values["HighestRating"]) - spread)
    if "HighestRating" not in given and values["HighestRating"] < values["LowestRating"]:
        values["HighestRating"] = min(9999, int(values["LowestRating"]) + spread)
    if values["LowestRating"] > values["HighestRating"]:
        raise RtgConfigError(msg("LowestRating ({low}) is above HighestRating ({high})",
                                 low=int(values["LowestRating"]), high=int(values["HighestRating"])))
    win = given.get("PointsForWin", 1.0)
    draw = given.get("PointsForDraw", 0.5)
    loss = given.get("PointsForLoss", 0.0)
    forfeit = given.get("PointsForForfeitLoss", given.get("PointsForZPB", loss))
    zero_bye = given.get("PointsForZPB", forfeit)
    if not loss <= draw <= win or loss == win:
        raise RtgConfigError(msg("the points must rank a win above a loss, and a draw between them (win {win}, "
                                 "draw {draw}, loss {loss})", win=format(win, "g"), draw=format(draw, "g"),
                                 loss=format(loss, "g")))
    if zero_bye != forfeit:
        raise RtgConfigError(msg("PointsForZPB ({zpb}) and PointsForForfeitLoss ({forfeit}) must be equal: TRF-2026 "
                                 "(record 162) gives them one value, code A", zpb=format(zero_bye, "g"),
                                 forfeit=format(forfeit, "g")))
    scoring = Scoring(win=win, draw=draw, loss=loss, forfeit_loss=forfeit, zero_bye=zero_bye,
                      pab=given.get("PointsForPAB", win))
    return RtgConfig(players=int(values["PlayersNumber"]), rounds=int(values["RoundsNumber"]),
                     draw_percentage=int(values["DrawPercentage"]), forfeit_rate=values["ForfeitRate"],
                     retired_rate=values["RetiredRate"], half_point_bye_rate=values["HalfPointByeRate"],
                     highest_rating=int(values["HighestRating"]), lowest_rating=int(values["LowestRating"]),
                     scoring=scoring)


# ------------------------------------------------------------------------------------------ generation
def expected_score(difference: float) -> float:
    """The higher-rated player's expected score for a rating difference (FIDE's normal curve, sigma 2000/7)."""
    return 0.5 * math.erfc(-abs(difference) * 7 / 2000 / math.sqrt(2))


def _count(players: int, rate: float) -> int:
    return 0 if rate == 0 else min(players, round(players / rate))


def generate(given: Mapping[str, float], seed: int) -> GeneratedTournament:
    """A tournament generated from the configuration keys ``given`` (:func:`parse_config`) and ``seed``.

    Raises :class:`RtgConfigError` for an unusable configuration and
    :class:`~tournament_desk.core.pairing.dutch_model.NoValidPairingError` when a round of the generated
    tournament has no pairing satisfying the absolute criteria (too many rounds for too few players)."""
    rng = random.Random(seed)
    config = resolve_config(given, rng)
    n, total = config.players, config.rounds
    initial = Colour.WHITE if rng.random() < 0.5 else Colour.BLACK
    ratings = sorted((rng.randint(config.lowest_rating, config.highest_rating) for _ in range(n)), reverse=True)
    ids = [PairingNumber(i) for i in range(1, n + 1)]
    requested: dict[tuple[PairingNumber, int], ByeKind] = {}  # (player, round index) -> requested bye
    if total >= 2:
        for pid in rng.sample(ids, _count(n, config.retired_rate)):
            for r in range(rng.randint(1, total - 1), total):
                requested[pid, r] = ByeKind.ZERO
        for pid in rng.sample(ids, _count(n, config.half_point_bye_rate)):
            requested.setdefault((pid, rng.randint(0, total - 2)), ByeKind.HALF)
    absent = 0.0 if config.forfeit_rate == 0 else 1 - math.sqrt(1 - 1 / config.forfeit_rate)
    rating = dict(zip(ids, ratings, strict=True))
    history: dict[PairingNumber, list[RoundEntry]] = {pid: [] for pid in ids}
    for r in range(total):
        for pid in ids:
            kind = requested.get((pid, r))
            if kind is not None:
                outcome = Outcome.DRAW if kind is ByeKind.HALF else Outcome.LOSS
                history[pid].append(RoundEntry(None, None, outcome, False, kind))
        state = SwissState(players=_players(ids, history, rating), rounds_played=r, total_rounds=total,
                           initial_colour=initial, scoring=config.scoring)
        pairing = pair_dutch(state)
        for board in pairing.boards:
            white, black, played = _game(rng, rating[board.white], rating[board.black], absent,
                                         config.draw_percentage)
            history[board.white].append(RoundEntry(board.black, Colour.WHITE, white, played))
            history[board.black].append(RoundEntry(board.white, Colour.BLACK, black, played))
        if pairing.bye is not None:
            history[pairing.bye].append(RoundEntry(None, None, Outcome.WIN, False, ByeKind.PAB))
    return GeneratedTournament(config, seed, initial, _players(ids, history, rating))


def _players(ids: list[PairingNumber], history: Mapping[PairingNumber, list[RoundEntry]],
             rating: Mapping[PairingNumber, int]) -> tuple[PlayerState, ...]:
    return tuple(PlayerState(pid, tuple(history[pid]), rating=rating[pid], name=f"Player{pid:04d}, Test")
                 for pid in ids)


def _game(rng: random.Random, white: int, black: int, absent: float,
          draw_percentage: int) -> tuple[Outcome, Outcome, bool]:
    """White's and Black's outcomes, and whether the game was played (a forfeit: the player who appeared wins,
    an absent player loses; both absent, both lose)."""
    white_absent = rng.random() < absent
    black_absent = rng.random() < absent
    if white_absent or black_absent:
        return (Outcome.LOSS if white_absent else Outcome.WIN), (Outcome.LOSS if black_absent else Outcome.WIN), False
    e = expected_score(white - black)
    d = min(draw_percentage / 100, 2 - 2 * e)
    roll = rng.random()
    if roll < d:
        return Outcome.DRAW, Outcome.DRAW, True
    stronger_wins = roll < e + d / 2
    white_wins = stronger_wins == (white >= black)
    return (Outcome.WIN, Outcome.LOSS, True) if white_wins else (Outcome.LOSS, Outcome.WIN, True)
