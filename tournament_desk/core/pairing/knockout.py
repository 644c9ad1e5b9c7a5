"""Top cut: the single-elimination bracket played after the Swiss rounds (seed 004).

Seed 004 (``/work/shared/seeds/004_4ab1bada1a7b70ef.txt``):

* L41-46: a top of about 20-25 % of the entrants, chosen by the organiser; recommendations: fewer than 16
  entrants, Swiss rounds only; 16-24 top 4; 25-48 top 8; 49-64 top 16; 65 and more top 16 or top 32.
* L47-50: pairings by standing ("1er contre dernier qualifié, etc."), single elimination (one defeat and the
  player is out), one game per match.

What the seed leaves open, chosen here: the standard bracket order (seeds 1 and 2 in opposite halves, 1-4 in
different quarters..., so the two best-placed players can only meet in the final; in every first-round match the
seeds add up to size + 1); the higher seed has White (a single game, so one of the two must); a drawn game is
decided by the event's rule (:class:`DrawRule`): the higher seed advances, or a play-off is played and its
winner entered. A double forfeit or a 0-0 by rule has no winner either: the arbiter enters who advances, as for
a play-off.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tournament_desk.core.errors import PairingError, ValidationError
from tournament_desk.core.messages import N_, Msg, msg
from tournament_desk.core.results import GameResult

__all__ = [
    "SIZES",
    "Bracket",
    "DrawRule",
    "Match",
    "allowed_sizes",
    "bracket_order",
    "build_bracket",
    "match_winner",
    "recommended_size",
    "round_name",
    "round_title",
]

SIZES: tuple[int, ...] = (4, 8, 16, 32)
"""Issue 5 / seed 004 L43-46: the tops the arbiter may choose."""


class DrawRule(StrEnum):
    """What decides a drawn knockout game (the seed has one game per match, L50, and no rule for draws)."""

    HIGHER_SEED = "higher-seed"
    PLAYOFF = "playoff"

    @property
    def message(self) -> Msg:
        if self is DrawRule.HIGHER_SEED:
            return msg("the higher seed advances")
        return msg("play-off (result entered)")

    def label(self, lang: str = "en") -> str:
        return self.message.text(lang)


def recommended_size(entrants: int) -> int | None:
    """Seed 004 L42-46; None below 16 entrants (Swiss rounds only). For 65+ the seed offers 16 or 32: 16 is
    pre-selected (the arbiter can choose 32, see :func:`allowed_sizes`)."""
    if entrants < 16:
        return None
    if entrants <= 24:
        return 4
    if entrants <= 48:
        return 8
    return 16


def allowed_sizes(qualifiable: int) -> tuple[int, ...]:
    """Sizes the arbiter may choose with ``qualifiable`` players still in the event."""
    return tuple(s for s in SIZES if s <= qualifiable)


def bracket_order(size: int) -> tuple[int, ...]:
    """Seeds in bracket order: consecutive pairs are the first-round matches, top to bottom.

    Built by doubling: from (1, 2), each seed s is followed by its opponent n + 1 - s. 8 gives
    1 8 4 5 2 7 3 6: 1 v 8, 4 v 5 in the top half, 2 v 7, 3 v 6 in the bottom half (L48 "1er contre dernier
    qualifié"), and 1 and 2 can only meet in the final.
    """
    if size not in SIZES and (size < 2 or size & (size - 1)):
        raise ValidationError(msg("A bracket has 4, 8, 16 or 32 players, not {size}", size=size))
    order = [1, 2]
    while len(order) < size:
        n = len(order) * 2
        order = [x for s in order for x in (s, n + 1 - s)]
    return tuple(order)


_ROUND_NAMES = {1: N_("Final"), 2: N_("Semi-finals"), 4: N_("Quarter-finals"), 8: N_("Round of 16"),
                16: N_("Round of 32")}


def round_title(matches: int) -> Msg:
    """The name of a knockout round of ``matches`` matches (the final, the semi-finals...)."""
    if matches in _ROUND_NAMES:
        return msg(_ROUND_NAMES[matches])
    return msg("Round of {players}", players=matches * 2)


def round_name(matches: int, lang: str = "en") -> str:
    return round_title(matches).text(lang)


@dataclass(frozen=True, slots=True)
class Match:
    """One match of the bracket. ``seed_a`` is the higher seed (smaller number)."""

    stage: int
    """1 for the first knockout round."""
    index: int
    """0-based position in the stage, top to bottom."""
    seed_a: int | None
    seed_b: int | None
    player_a: int | None
    player_b: int | None
    result: GameResult | None = None
    """The game's result, White being ``player_a`` (the higher seed)."""
    winner: int | None = None
    decided_by: str = ""
    """``game``, ``higher-seed``, ``playoff`` or ``pending-playoff`` (a draw or no winner, waiting for the
    arbiter's entry)."""

    @property
    def ready(self) -> bool:
        return self.player_a is not None and self.player_b is not None

    def seed_of(self, player_id: int | None) -> int | None:
        if player_id is None:
            return None
        return self.seed_a if player_id == self.player_a else self.seed_b if player_id == self.player_b else None


@dataclass(frozen=True, slots=True)
class Bracket:
    size: int
    seeds: tuple[int, ...]
    """Player ids, seed 1 first."""
    draw_rule: DrawRule
    stages: tuple[tuple[Match, ...], ...]

    @property
    def stage_count(self) -> int:
        return self.size.bit_length() - 1

    @property
    def champion(self) -> int | None:
        if len(self.stages) < self.stage_count:
            return None
        final = self.stages[-1][0]
        return final.winner

    def seed_of(self, player_id: int) -> int:
        return self.seeds.index(player_id) + 1

    def next_stage_pairs(self) -> list[tuple[int, int]] | None:
        """(higher seed's id, lower seed's id) of the next stage, None while a match of the last stage has no
        winner, [] when the champion is known."""
        if self.champion is not None:
            return []
        if not self.stages:
            order = bracket_order(self.size)
            return [(self.seeds[order[i] - 1], self.seeds[order[i + 1] - 1]) for i in range(0, self.size, 2)]
        last = self.stages[-1]
        if any(m.winner is None for m in last):
            return None
        winners = [m.winner for m in last]
        out = []
        for i in range(0, len(winners), 2):
            a, b = winners[i], winners[i + 1]
            assert a is not None and b is not None
            out.append((a, b) if self.seed_of(a) < self.seed_of(b) else (b, a))
        return out


def match_winner(white: int, black: int, result: GameResult | None, *, draw_rule: DrawRule,
                 higher_seed: int, playoff_winner: int | None = None) -> tuple[int | None, str]:
    """Who advances from one game (L49 single elimination) and why."""
    if playoff_winner is not None:
        if playoff_winner not in (white, black):
            raise ValidationError(msg("Player {playoff_winner} is not in this match", playoff_winner=playoff_winner))
        return playoff_winner, "playoff"
    if result is None:
        return None, ""
    out_white, out_black = result.outcomes()
    if out_white.is_forfeit or out_black.is_forfeit or result.is_played:
        win_w = out_white.value in ("win", "2fe", "2fne")
        win_b = out_black.value in ("win", "2fe", "2fne")
        if win_w and not win_b:
            return white, "game"
        if win_b and not win_w:
            return black, "game"
    if result is GameResult.DRAW and draw_rule is DrawRule.HIGHER_SEED:
        return higher_seed, "higher-seed"
    return None, "pending-playoff"


def build_bracket(seeds: Sequence[int], draw_rule: DrawRule,
                  stage_games: Sequence[Sequence[tuple[int, int, GameResult | None]]],
                  playoffs: Mapping[tuple[int, int], int] | None = None) -> Bracket:
    """The bracket from the seeds (player ids, seed 1 first) and the games of each stage played so far.

    ``stage_games[k]`` holds the (White, Black, result) of stage k + 1, in any order; ``playoffs`` maps
    (stage, White id) to the winner entered by the arbiter (play-off, or a decision after a double forfeit).
    """
    size = len(seeds)
    bracket_order(size)
    if len(set(seeds)) != size:
        raise ValidationError(msg("A player is seeded twice"))
    playoffs = playoffs or {}
    seed_of = {pid: i + 1 for i, pid in enumerate(seeds)}
    stages: list[tuple[Match, ...]] = []
    partial = Bracket(size, tuple(seeds), draw_rule, ())
    for stage, games in enumerate(stage_games, start=1):
        expected = partial.next_stage_pairs()
        if expected is None or not expected:
            raise PairingError(msg("Knockout round {stage} was paired before the previous round was decided",
                                   stage=stage))
        by_pair = {frozenset((w, b)): (w, b, r) for w, b, r in games}
        matches = []
        for index, (a, b) in enumerate(expected):
            game = by_pair.pop(frozenset((a, b)), None)
            if game is None:
                raise PairingError(
                    msg("Knockout round {stage}: the game between players {a} and {b} is missing", stage=stage, a=a,
                        b=b))
            white, black, result = game
            winner, how = match_winner(white, black, result, draw_rule=draw_rule, higher_seed=a,
                                       playoff_winner=playoffs.get((stage, white)))
            if white == b and result is not None:
                result = _swap(result)
            matches.append(Match(stage, index, seed_of[a], seed_of[b], a, b, result, winner, how))
        if by_pair:
            extra = ", ".join(f"{w}-{b}" for w, b, _ in by_pair.values())
            raise PairingError(msg("Knockout round {stage} holds games outside the bracket: {extra}", stage=stage,
                                   extra=extra))
        stages.append(tuple(matches))
        partial = Bracket(size, tuple(seeds), draw_rule, tuple(stages))
    return partial


_SWAP = {
    GameResult.WHITE_WIN: GameResult.BLACK_WIN, GameResult.BLACK_WIN: GameResult.WHITE_WIN,
    GameResult.WHITE_FORFEIT_WIN_EXCUSED: GameResult.BLACK_FORFEIT_WIN_EXCUSED,
    GameResult.BLACK_FORFEIT_WIN_EXCUSED: GameResult.WHITE_FORFEIT_WIN_EXCUSED,
    GameResult.WHITE_FORFEIT_WIN_UNEXCUSED: GameResult.BLACK_FORFEIT_WIN_UNEXCUSED,
    GameResult.BLACK_FORFEIT_WIN_UNEXCUSED: GameResult.WHITE_FORFEIT_WIN_UNEXCUSED,
}


def _swap(result: GameResult) -> GameResult:
    """The result seen from the other side (for a match stored with the lower seed as White)."""
    return _SWAP.get(result, result)
