"""Where the boards of a team match are, who sits at them with which colour, and their results home team first.

Every board of a match is an individual game of its round: board ``b`` of match ``m`` is the round's board
(table) ``(m - 1) x boards + b``, so the matches' boards follow each other in the match order and every game of
the round has its own number, as in an individual round. A board is a game only when both line-ups name a player
there; a board one team left empty is a forfeit of that team (no game: the player present wins it), a board both
left empty is lost by both.

Colours follow the event's rule (:attr:`TeamRules.colours`): the first-named team's colour on each board.
A board's result is written home team first (``1-0``: the home team's player won), as on the match sheet, and
stored as the game's result seen from White (:meth:`GameResult.mirrored` when the home player has Black).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament_desk.core.errors import StateError
from tournament_desk.core.ids import PlayerId
from tournament_desk.core.messages import msg
from tournament_desk.core.model import EventState, Game
from tournament_desk.core.results import GameResult
from tournament_desk.core.teams.model import Lineup, TeamMatch, TeamRules

__all__ = ["MatchBoard", "board_of_table", "games_of", "match_boards", "rules_of", "table_of"]


def rules_of(state: EventState) -> TeamRules:
    """The event's team rules; refused for an individual event."""
    rules = state.event.team
    if rules is None:
        raise StateError(msg("This is an individual event: it has no teams (create a team event)"))
    return rules


def table_of(rules: TeamRules, match_number: int, board: int) -> int:
    """The round's board number (table) of board ``board`` of match ``match_number``."""
    return (match_number - 1) * rules.boards + board


def board_of_table(rules: TeamRules, table: int) -> tuple[int, int]:
    """``(match number, board)`` of the round's board ``table``."""
    return (table - 1) // rules.boards + 1, (table - 1) % rules.boards + 1


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of a match: its number in the match and in the round, the home team's colour, the two players
    (None: the board was left empty, or that line-up is not given yet) and the game when both sit there."""

    board: int
    table: int
    home_colour: str
    home: PlayerId | None
    away: PlayerId | None
    game: Game | None

    @property
    def home_result(self) -> GameResult | None:
        """The game's result seen from the home team (None: no game, or no result yet)."""
        if self.game is None or self.game.result is None:
            return None
        return self.game.result if self.home_colour == "W" else self.game.result.mirrored()


def match_boards(state: EventState, match: TeamMatch, games: dict[int, Game] | None = None) -> tuple[MatchBoard, ...]:
    """The boards of ``match`` (``games``: the round's games by board number, when the caller has them)."""
    rules = rules_of(state)
    if games is None:
        games = {g.board: g for g in state.round(match.round).games}
    home = state.lineup(match.round, match.home)
    away = state.lineup(match.round, match.away)
    hp = home.players if home is not None else ()
    ap = away.players if away is not None else ()
    colours, n = rules.colours, len(rules.colours)
    base = table_of(rules, match.number, 0)  # the hot path of the standings: no call per board
    return tuple(MatchBoard(b, base + b, colours[(b - 1) % n], hp[b - 1] if b <= len(hp) else None,
                            ap[b - 1] if b <= len(ap) else None, games.get(base + b))
                 for b in range(1, rules.boards + 1))


def _at(lineup: Lineup | None, board: int) -> PlayerId | None:
    if lineup is None or board > len(lineup.players):
        return None
    return lineup.players[board - 1]


def games_of(state: EventState, match: TeamMatch, home: Lineup, away: Lineup) -> list[Game]:
    """The games two line-ups make: one per board where both name a player, White as the colour rule says. A game
    whose two players and colours are unchanged keeps its result."""
    rules = rules_of(state)
    current = {g.board: g for g in state.round(match.round).games} if state.rounds and \
        match.round <= state.last_round else {}
    games = []
    for b in range(1, rules.boards + 1):
        h, a = _at(home, b), _at(away, b)
        if h is None or a is None:
            continue
        white, black = (h, a) if rules.colour_of_home(b) == "W" else (a, h)
        table = table_of(rules, match.number, b)
        before = current.get(table)
        if before is not None and (before.white_id, before.black_id) == (white, black):
            games.append(before)
        else:
            games.append(Game(match.round, table, white, black))
    return games
