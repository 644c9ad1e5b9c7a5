"""Teams as plain frozen dataclasses: the event's team rules, a team and its roster, a match, a line-up.

An event is individual or team: a team event's :class:`~tournament_desk.core.model.Event` carries
:class:`TeamRules` (``Event.team``), an individual one ``None``. Every board of a match is an individual game of
its round (``Round.games``), so ratings, the homologation bundle and the TRF's ``001`` lines see every game; the
team layer adds which team each player plays for (:class:`Team`, its roster in board order), who meets whom
(:class:`TeamMatch`) and who sits at which board (:class:`Lineup`). Where a match's boards are in its round is
:mod:`tournament_desk.core.teams.boards`.

This module imports nothing of the model, so that :mod:`tournament_desk.core.model` can hold these types.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.ids import PlayerId, TeamId
from tournament_desk.core.messages import Msg, msg, pmsg

__all__ = [
    "BOARD_ORDERS", "FORFEITS", "MAX_BOARDS", "ORDER_TIES", "PRIMARY_SCORES", "TEAM_TIEBREAKS", "TIEBREAK_PRESETS",
    "Lineup", "Team", "TeamMatch", "TeamRules", "preset_tiebreaks",
]

MAX_BOARDS = 30
"""Most boards a match may have (olympiads play 4, French interclub leagues 8, some leagues 10 or 12)."""

BOARD_ORDERS = ("roster", "rating", "free")
"""How a line-up must follow the team's strength list: ``roster`` strictly in the roster's order; ``rating`` in
rating order with a tolerance (a player may sit above one rated at most ``rating_tolerance`` points higher, as
leagues that order boards by rating do); ``free`` any order."""

PRIMARY_SCORES = ("MP", "GP")
"""What ranks the teams first: match points or game points."""

ORDER_TIES = ("name", "lot")
"""How teams of equal average rating are ordered in the initial order: by name, or by a draw of lots."""

FORFEITS = ("", "home", "away", "both")
"""A whole match forfeited: by nobody, the home team, the away team, or both."""

TEAM_TIEBREAKS = ("MP", "GP", "DE", "SBB", "BH", "BERLIN")
"""The team tie-breaks (FFE tie-break annex): match points (§2.1.2), game points (§3), direct encounter (§2.1.4),
team Sonneborn-Berger (§2.2.2.2), team Buchholz (§3, team Swiss), Berlin (§4 "BERLIN")."""

TIEBREAK_PRESETS: dict[str, tuple[str, ...]] = {
    "round-robin-team": ("GP", "MP", "DE", "SBB"),
    "swiss-team": ("GP", "MP", "DE", "BH", "SBB"),
}
"""The FFE tie-break annex §3 recommended lists: « Tournoi Toutes Rondes par Equipes : Points de Parties, Points
de Match, Confrontation Directe, Sonneborn-Berger » and « Système Suisse par Equipes : Points de Parties, Points de
Match, Confrontation Directe, Buchholz, Sonneborn-Berger »."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_COLOURS = re.compile(r"^[WB]+$")


def preset_tiebreaks(name: str, primary: str) -> tuple[str, ...]:
    """A preset of the annex §3 applied to an event ranked by ``primary``: its list without the primary score (the
    teams tied on it are tied on it)."""
    if name not in TIEBREAK_PRESETS:
        raise ValidationError(msg("Unknown team tie-break preset '{name}' (known: {known})", name=name,
                                  known=", ".join(TIEBREAK_PRESETS)))
    return tuple(code for code in TIEBREAK_PRESETS[name] if code != primary)


def _text(value: object, limit: int, what: Msg, field: str) -> str:
    if not isinstance(value, str):
        raise ValidationError(msg("The {what} must be text, not {kind}", what=what, kind=type(value).__name__),
                              field=field)
    cleaned = " ".join(value.split())
    if len(cleaned) > limit:
        raise ValidationError(msg("The {what} is {length} characters long; at most {limit} are allowed", what=what,
                                  length=len(cleaned), limit=limit), field=field)
    if _CONTROL.search(cleaned):
        raise ValidationError(msg("The {what} contains a line break, tab or other control character", what=what),
                              field=field)
    return cleaned


def _whole(value: object, low: int, high: int, what: Msg, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValidationError(msg("The {what} must be a whole number from {low} to {high}, not {value!r}", what=what,
                                  low=low, high=high, value=value), field=field)
    return value


def _points(value: object, what: Msg, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not -10 <= value <= 100:
        raise ValidationError(msg("The {what} must be a number from -10 to 100, not {value!r}", what=what,
                                  value=value), field=field)
    return float(value)


@dataclass(frozen=True, slots=True)
class TeamRules:
    """How a team event is played and ranked: set per event (the Event settings, ``teams rules`` in the CLI)."""

    boards: int = 4
    """Boards per match."""
    board_order: str = "roster"
    """:data:`BOARD_ORDERS`: how a line-up must follow the roster."""
    rating_tolerance: int = 0
    """``rating`` board order: how many rating points higher a player sitting below may be."""
    colours: str = "WB"
    """The first-named (home) team's colour on board 1, 2, ... repeated over the boards (TRF-2026 record ``352``):
    ``WB`` white on odd boards (the chess default), ``BW`` black on odd boards, ``W`` white on every board."""
    match_points: tuple[float, float, float, float] = (2.0, 1.0, 0.0, 0.0)
    """Match points for a match won, drawn, lost, and lost by forfeit (FFE tie-break annex §2.1.2: 2, 1, 0; leagues
    give 3/2/1 with 0 for a forfeit, or 3/1/0)."""
    primary: str = "MP"
    """:data:`PRIMARY_SCORES`: the standings rank by match points or by game points."""
    tiebreaks: tuple[str, ...] = ("GP", "DE", "SBB")
    """Team tie-breaks in order (:data:`TEAM_TIEBREAKS`); by default the annex §3 list for a team round robin."""
    rating_boards: int = 4
    """The initial order: the average rating of the roster's first ``rating_boards`` boards."""
    unrated_rating: int = 1000
    """The rating counted for an unrated player in that average (the arbiter's estimate)."""
    order_ties: str = "name"
    """:data:`ORDER_TIES`: how teams of equal average are ordered."""
    bye_points: tuple[float, float] = (0.0, 0.0)
    """Match points and game points of the team without a match in a round (an odd number of teams)."""

    def __post_init__(self) -> None:
        _whole(self.boards, 1, MAX_BOARDS, pmsg("field", "number of boards"), "boards")
        if self.board_order not in BOARD_ORDERS:
            raise ValidationError(msg("The board order is one of {known}, not '{value}'", known=", ".join(BOARD_ORDERS),
                                      value=self.board_order), field="board_order")
        _whole(self.rating_tolerance, 0, 1000, pmsg("field", "rating tolerance"), "rating_tolerance")
        if not isinstance(self.colours, str) or not _COLOURS.match(self.colours) or len(self.colours) > self.boards:
            raise ValidationError(msg("The board colours are W and B letters for the home team's boards from board 1 "
                                      "(WB: white on odd boards), at most one per board, not '{value}'",
                                      value=self.colours), field="colours")
        points = tuple(_points(v, pmsg("field", "match points"), "match_points") for v in self.match_points)
        if len(points) != 4 or not points[0] >= points[1] >= points[2] >= points[3]:
            raise ValidationError(msg("Match points are four numbers, won ≥ drawn ≥ lost ≥ forfeited (2/1/0/0, "
                                      "3/2/1/0...)"), field="match_points")
        object.__setattr__(self, "match_points", points)
        if self.primary not in PRIMARY_SCORES:
            raise ValidationError(msg("The standings rank by MP (match points) or GP (game points), not '{value}'",
                                      value=self.primary), field="primary")
        codes = tuple(str(c).strip().upper() for c in self.tiebreaks)
        for code in codes:
            if code not in TEAM_TIEBREAKS:
                raise ValidationError(msg("'{code}' is not a team tie-break (known: {team_codes})", code=code,
                                          team_codes=", ".join(TEAM_TIEBREAKS)), field="tiebreaks")
        if len(set(codes)) != len(codes):
            raise ValidationError(msg("A tie-break is listed twice"), field="tiebreaks")
        object.__setattr__(self, "tiebreaks", codes)
        _whole(self.rating_boards, 1, MAX_BOARDS, pmsg("field", "boards averaged for the initial order"),
               "rating_boards")
        _whole(self.unrated_rating, 0, 4000, pmsg("field", "rating of an unrated player"), "unrated_rating")
        if self.order_ties not in ORDER_TIES:
            raise ValidationError(msg("Teams of equal average rating are ordered by name or lot, not '{value}'",
                                      value=self.order_ties), field="order_ties")
        bye = tuple(_points(v, pmsg("field", "points of the team without a match"), "bye_points")
                    for v in self.bye_points)
        if len(bye) != 2:
            raise ValidationError(msg("The team without a match gets two numbers: match points and game points"),
                                  field="bye_points")
        object.__setattr__(self, "bye_points", bye)

    def colour_of_home(self, board: int) -> str:
        """``W`` or ``B``: the home team's colour on ``board`` (1-based)."""
        return self.colours[(board - 1) % len(self.colours)]

    @property
    def colour_sequence(self) -> str:
        """The home team's colours on every board (TRF-2026 ``352``: ``WBWB``)."""
        return "".join(self.colour_of_home(b) for b in range(1, self.boards + 1))

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TeamRules:
        """Rules read back (from the event file, a bundle): unknown keys are refused, lists become tuples."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValidationError(msg("Unknown team rule(s): {names}", names=", ".join(unknown)))
        values = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**values)


@dataclass(frozen=True, slots=True)
class Team:
    """A team of the event: its name, its club or federation, a captain, its pairing number (its place in the
    round robin's grid, from the initial order) and its roster, the player ids in board order (the strength list;
    the players past the number of boards are its reserves, and may play when others are missing)."""

    id: TeamId
    name: str
    code: str = ""
    """A short code (at most 5 characters: the TRF-2026 ``310`` record's nickname)."""
    club: str = ""
    federation: str = ""
    captain: str = ""
    pairing_number: int | None = None
    members: tuple[PlayerId, ...] = ()

    def __post_init__(self) -> None:
        _whole(self.id, 1, 10**9, pmsg("field", "team id"), "id")
        object.__setattr__(self, "name", _text(self.name, 100, pmsg("field", "team name"), "name"))
        if not self.name:
            raise ValidationError(msg("A team needs a name"), field="name")
        object.__setattr__(self, "code", _text(self.code, 5, pmsg("field", "team code"), "code"))
        object.__setattr__(self, "club", _text(self.club, 200, pmsg("field", "club"), "club"))
        object.__setattr__(self, "federation", _text(self.federation, 10, pmsg("field", "federation"), "federation"))
        object.__setattr__(self, "captain", _text(self.captain, 100, pmsg("field", "captain"), "captain"))
        if self.pairing_number is not None:
            _whole(self.pairing_number, 1, 9999, pmsg("field", "team pairing number"), "pairing_number")
        object.__setattr__(self, "members", tuple(self.members))
        if len(set(self.members)) != len(self.members):
            raise ValidationError(msg("A player is listed twice in the roster of {team}", team=self.name),
                                  field="members")
        if len(self.members) > 100:
            raise ValidationError(msg("A roster holds at most 100 players"), field="members")

    def position(self, player_id: int) -> int | None:
        """The player's place in the roster (1 = board 1 of the strength list), None when not in it."""
        for index, member in enumerate(self.members, start=1):
            if member == player_id:
                return index
        return None


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """Two teams meeting in a round: ``home`` is the first-named team (white on odd boards in chess by default:
    :attr:`TeamRules.colours`). ``number`` orders the round's matches (its boards come after those of the matches
    before it). ``forfeit`` names who forfeited the whole match (:data:`FORFEITS`)."""

    round: int
    number: int
    home: TeamId
    away: TeamId
    forfeit: str = ""

    def __post_init__(self) -> None:
        _whole(self.round, 1, 99, pmsg("field", "round"), "round")
        _whole(self.number, 1, 9999, pmsg("field", "match number"), "number")
        if self.home == self.away:
            raise ValidationError(msg("A team cannot play itself"))
        if self.forfeit not in FORFEITS:
            raise ValidationError(msg("A forfeited match is forfeited by home, away or both, not '{value}'",
                                      value=self.forfeit), field="forfeit")

    def teams(self) -> tuple[TeamId, TeamId]:
        return (self.home, self.away)

    def side_of(self, team: int) -> int | None:
        """0 for the home team, 1 for the away team, None for another."""
        return 0 if team == self.home else 1 if team == self.away else None


@dataclass(frozen=True, slots=True)
class Lineup:
    """A team's line-up for one round, as its captain gave it: ``players[i]`` sits at board ``i + 1`` of its
    match; ``None`` leaves the board empty (a forfeit on that board)."""

    round: int
    team: TeamId
    players: tuple[PlayerId | None, ...]

    def __post_init__(self) -> None:
        _whole(self.round, 1, 99, pmsg("field", "round"), "round")
        object.__setattr__(self, "players", tuple(self.players))
        if not 1 <= len(self.players) <= MAX_BOARDS:
            raise ValidationError(msg("A line-up has 1 to {limit} boards", limit=MAX_BOARDS))
        named = [p for p in self.players if p is not None]
        if len(set(named)) != len(named):
            raise ValidationError(msg("A player sits at two boards of one line-up"))

    def board_of(self, player_id: int) -> int | None:
        for index, pid in enumerate(self.players, start=1):
            if pid == player_id:
                return index
        return None

    @property
    def present(self) -> int:
        """How many boards have a player."""
        return sum(1 for p in self.players if p is not None)
