"""The domain model: plain frozen dataclasses, no storage and no GUI.

``Event`` describes the tournament, ``Player`` one entrant, ``Game`` one board of one round (with its
result once known), ``Bye`` a player without a board in a round, ``Round`` the boards and byes of a round,
and ``EventState`` everything together, with the derived values every other module needs (scores,
histories). Ids are the event file's stable player ids; pairing numbers are a separate, optional field.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from tournament_desk.core.errors import NotFoundError, ValidationError
from tournament_desk.core.messages import Msg, msg, pmsg
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.core.scoring import CHESS, DRAUGHTS, KASHDAN, SCRABBLE, ScoringProfile
from tournament_desk.core.teams.model import Lineup, Team, TeamMatch, TeamRules


class PairingSystem(StrEnum):
    ROUND_ROBIN = "round-robin"
    DOUBLE_ROUND_ROBIN = "double-round-robin"
    DUTCH = "dutch"
    SCORE_GROUP = "scoregroup"
    CLASSIQUE = "classique"
    """The French Scrabble classique formula: groups of wins folded 1 against n (docs/rules.md §4c)."""
    MANUAL = "manual"
    KNOCKOUT = "knockout"

    @property
    def is_round_robin(self) -> bool:
        return self in (PairingSystem.ROUND_ROBIN, PairingSystem.DOUBLE_ROUND_ROBIN)


class RatingSystem(StrEnum):
    NONE = "none"
    FIDE = "fide"
    NATIONAL_ELO = "elo-fr"  # seed 001: national Elo
    FFJD = "ffjd"  # seed 000: FFJD Capital-Points
    FMJD = "fmjd"
    FISF_PL = "fisf-pl"  # seed 002: Scrabble classique cote PL


class Sex(StrEnum):
    MALE = "M"
    FEMALE = "F"
    UNKNOWN = ""


DEFAULT_SCORING: dict[Discipline, ScoringProfile] = {
    Discipline.CHESS: CHESS,
    Discipline.DRAUGHTS: DRAUGHTS,
    Discipline.SCRABBLE: SCRABBLE,
    Discipline.OTHER: CHESS,
}

DEFAULT_RATING: dict[Discipline, RatingSystem] = {
    Discipline.CHESS: RatingSystem.FIDE,
    Discipline.DRAUGHTS: RatingSystem.FFJD,
    Discipline.SCRABBLE: RatingSystem.FISF_PL,
    Discipline.OTHER: RatingSystem.NONE,
}

__all__ = [
    "CHESS",
    "DEFAULT_RATING",
    "DEFAULT_SCORING",
    "DRAUGHTS",
    "KASHDAN",
    "MAX_NAME_LENGTH",
    "SCRABBLE",
    "Bye",
    "ByeRequest",
    "Event",
    "EventState",
    "Game",
    "Lineup",
    "Pairing",
    "PairingSystem",
    "Player",
    "RatingSystem",
    "Round",
    "Sex",
    "Team",
    "TeamMatch",
    "TeamRules",
    "TimeControl",
    "TopCut",
]

MAX_NAME_LENGTH = 100
"""Longest surname or first name accepted at entry (a pairing sheet and a crosstable must still print it)."""

REQUESTABLE_BYES = (Outcome.HALF_BYE, Outcome.FULL_BYE, Outcome.ZERO_BYE)
"""What a player may ask for in advance for a round not yet paired (C.04.1 Art.3; seed 004 byes)."""


def _coerce(obj: object, name: str, enum_type: type[StrEnum], what: Msg) -> None:
    """Frozen dataclass fields typed as a ``StrEnum`` accept the enum's plain value (a combo box's data,
    JSON, a CLI argument) and hold the enum member afterwards; anything else is refused clearly."""
    value = getattr(obj, name)
    if isinstance(value, enum_type):
        return
    try:
        object.__setattr__(obj, name, enum_type(value))
    except ValueError:
        allowed = ", ".join(m.value for m in enum_type)
        raise ValidationError(msg("'{value}' is not a {what} (one of: {allowed})", value=value, what=what,
                                  allowed=allowed), field=name) from None


def _clean_name(text: str) -> str:
    """Names as typed, without leading, trailing or doubled spaces ("Jean " is "Jean")."""
    return " ".join(text.split())


ACCELERATIONS = ("", "baku")
"""Accelerated pairing methods an event may declare (C.04.7: Baku acceleration, 2025 edition)."""


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")

# Longest text each field takes (the event file's column widths): refused at entry with a clear message, so that
# every printed document and export can lay out whatever was accepted.
_PLAYER_TEXT = (("surname", 100, pmsg("field", "surname")), ("first_name", 100, pmsg("field", "first name")),
                ("category", 20, pmsg("field", "category")), ("club", 200, pmsg("field", "club")),
                ("federation", 10, pmsg("field", "federation")), ("licence_id", 30, pmsg("field", "licence id")),
                ("fide_id", 20, pmsg("field", "FIDE id")), ("fmjd_id", 20, pmsg("field", "FMJD id")),
                ("title", 10, pmsg("field", "title")))
_FEDERATION = re.compile(r"[A-Z]{3}")
_EVENT_TEXT = (("name", 200, pmsg("field", "event name")), ("place", 200, pmsg("field", "place")),
               ("organiser", 200, pmsg("field", "organiser")),
               ("tiebreak_edition", 20, pmsg("field", "tie-break edition")),
               ("numbering", 60, pmsg("field", "numbering method")))


def _check_text(value: object, limit: int, what: Msg, field: str | None = None) -> None:
    """A text field: a string of at most ``limit`` characters without control characters (tabs, line breaks).
    ``what`` names the field in the message (the catalogue's context ``field``)."""
    if not isinstance(value, str):
        raise ValidationError(msg("The {what} must be text, not {kind}", what=what, kind=type(value).__name__),
                              field=field)
    if len(value) > limit:
        raise ValidationError(msg("The {what} is {length} characters long; at most {limit} are allowed", what=what,
                                  length=len(value), limit=limit), field=field)
    if _CONTROL.search(value):
        raise ValidationError(msg("The {what} contains a line break, tab or other control character", what=what),
                              field=field)


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Base time in minutes plus increment in seconds per move (``90+30``)."""

    base_minutes: int = 90
    increment_seconds: int = 30

    def __post_init__(self) -> None:
        if not (0 < self.base_minutes <= 24 * 60) or not (0 <= self.increment_seconds <= 600):
            raise ValidationError(
                msg("Time control {base_minutes}+{increment_seconds} is out of range", base_minutes=self.base_minutes,
                    increment_seconds=self.increment_seconds),
            )

    def __str__(self) -> str:
        return f"{self.base_minutes}+{self.increment_seconds}"

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read ``90+30``, ``90`` or ``90'+30"``."""
        cleaned = text.replace("'", "").replace('"', "").replace(" ", "")
        base, _, inc = cleaned.partition("+")
        try:
            return cls(int(base), int(inc or 0))
        except ValueError:
            raise ValidationError(
                msg("'{text}' is not a time control (expected minutes+seconds, e.g. 90+30)", text=text),
            ) from None

    @property
    def game_minutes(self) -> float:
        """Expected duration of one player's clock for a 60-move game (FIDE convention)."""
        return self.base_minutes + 60 * self.increment_seconds / 60


@dataclass(frozen=True, slots=True)
class Player:
    """One entrant. ``ratings`` maps a :class:`RatingSystem` value to the rating in that system."""

    id: int
    surname: str
    first_name: str = ""
    sex: Sex = Sex.UNKNOWN
    birth_date: dt.date | None = None
    category: str = ""
    club: str = ""
    federation: str = ""
    licence_id: str = ""
    fide_id: str = ""
    fmjd_id: str = ""
    title: str = ""
    ratings: tuple[tuple[str, int], ...] = ()
    unrated: bool = False
    withdrawn_from_round: int | None = None
    """None while active; N when the player takes no part from round N on."""
    pairing_number: int | None = None
    withdrawal_forfeit: Outcome = Outcome.FORFEIT_LOSS_EXCUSED
    """Round robin (seed 000 §6.4): the forfeit (0fe or 0fne) the games left after a withdrawal become."""
    duplicate_series: str = ""
    """Scrabble: the player's duplicate series (``super``, ``1`` … ``7``; empty: not given), from which his
    provisional rating PL* follows when he has no PL (seed 002 §2.1)."""

    def __post_init__(self) -> None:
        _coerce(self, "sex", Sex, pmsg("field", "sex"))
        _coerce(self, "withdrawal_forfeit", Outcome, pmsg("field", "withdrawal forfeit"))
        object.__setattr__(self, "surname", _clean_name(self.surname))
        object.__setattr__(self, "first_name", _clean_name(self.first_name))
        for name, what in (("surname", pmsg("field", "surname")), ("first_name", pmsg("field", "first name"))):
            if len(getattr(self, name)) > MAX_NAME_LENGTH:
                raise ValidationError(msg("The {what} is longer than {limit} characters", what=what,
                                          limit=MAX_NAME_LENGTH), field=name)
        if self.duplicate_series:
            from tournament_desk.core.ratings.scrabble_pl import parse_duplicate_series

            try:
                series = parse_duplicate_series(str(self.duplicate_series))
            except ValidationError as exc:
                raise ValidationError(exc.msg, field="duplicate_series") from None
            object.__setattr__(self, "duplicate_series", series.value)
        if self.withdrawal_forfeit not in (Outcome.FORFEIT_LOSS_EXCUSED, Outcome.FORFEIT_LOSS_UNEXCUSED):
            raise ValidationError(msg("A withdrawal forfeit is 0fe (excused) or 0fne (unexcused)"))
        if not self.surname:
            raise ValidationError(msg("A player needs a surname"), field="surname")
        for attr, limit, what in _PLAYER_TEXT:
            _check_text(getattr(self, attr), limit, what, attr)
        for system, value in self.ratings:
            if not 0 <= value <= 4000:
                raise ValidationError(
                    msg("Rating {value} ({system}) of {surname} is out of range 0..4000", value=value, system=system,
                        surname=self.surname),
                    field="ratings",
                )
        if self.pairing_number is not None and self.pairing_number < 1:
            raise ValidationError(msg("A pairing number must be 1 or more, not {pairing_number}",
                                      pairing_number=self.pairing_number))
        if self.withdrawn_from_round is not None and self.withdrawn_from_round < 1:
            raise ValidationError(msg("A withdrawal round must be 1 or more"))

    @property
    def name(self) -> str:
        """``SURNAME First`` as on pairing sheets."""
        return f"{self.surname.upper()} {self.first_name}".strip()

    def rating(self, system: RatingSystem | str) -> int | None:
        key = str(system)
        for sys_name, value in self.ratings:
            if sys_name == key:
                return value
        return None

    def is_active_in(self, round_number: int) -> bool:
        return self.withdrawn_from_round is None or round_number < self.withdrawn_from_round


@dataclass(frozen=True, slots=True)
class Event:
    """The tournament's settings."""

    name: str
    discipline: Discipline = Discipline.CHESS
    system: PairingSystem = PairingSystem.DUTCH
    rounds: int = 7
    place: str = ""
    start_date: dt.date | None = None
    end_date: dt.date | None = None
    arbiters: tuple[str, ...] = ()
    organiser: str = ""
    time_control: TimeControl = field(default_factory=TimeControl)
    scoring: ScoringProfile = CHESS
    tiebreaks: tuple[str, ...] = ()
    rating_system: RatingSystem = RatingSystem.FIDE
    tiebreak_edition: str = ""
    """How unplayed games count in tie-breaks: ``ffe-annex`` (``seed003`` before schema 5), ``fide2023`` or
    ``fide2026``; empty: the default."""
    initial_colour: str = ""
    """C.04.3 Art.5.2: the colour of pairing number 1 in round 1 (``white``/``black``), drawn by lot when round 1
    is paired unless the arbiter set it; empty until then."""
    acceleration: str = ""
    """Accelerated pairings of a Dutch Swiss: empty for none, ``baku`` for the Baku acceleration (C.04.7)."""
    numbering: str = ""
    """How the pairing numbers were given (``rating``, ``lot, seed N``, ``manual``); empty until they are."""
    federation: str = ""
    """The federation that hosts the event, its three-letter FIDE code (``FRA``): the TRF's record 032."""
    round_dates: tuple[dt.date | None, ...] = ()
    """The date of each round, round 1 first (None: not known): the TRF's record 132."""
    team: TeamRules | None = None
    """A team event's rules (boards per match, board order, colours, match points...); None: an individual event."""

    @property
    def is_team_event(self) -> bool:
        return self.team is not None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _clean_name(self.name))
        if not self.name:
            raise ValidationError(msg("The event needs a name"), field="name")
        if len(self.name) > 200:
            raise ValidationError(msg("The event name is longer than 200 characters"), field="name")
        _coerce(self, "discipline", Discipline, pmsg("field", "discipline"))
        _coerce(self, "system", PairingSystem, pmsg("field", "pairing system"))
        _coerce(self, "rating_system", RatingSystem, pmsg("field", "rating system"))
        for attr, limit, what in _EVENT_TEXT:
            _check_text(getattr(self, attr), limit, what, attr)
        if len(self.arbiters) > 20 or len(self.tiebreaks) > 30:
            raise ValidationError(msg("At most 20 arbiters and 30 tie-breaks"))
        for arbiter in self.arbiters:
            _check_text(arbiter, 100, pmsg("field", "arbiter's name"), "arbiters")
        for code in self.tiebreaks:
            _check_text(code, 20, pmsg("field", "tie-break code"))
        if not isinstance(self.rounds, int) or not 1 <= self.rounds <= 99:
            raise ValidationError(msg("The number of rounds must be 1..99, not {rounds}", rounds=self.rounds),
                                  field="rounds")
        if self.start_date and self.end_date and self.end_date < self.start_date:
            raise ValidationError(msg("The event ends before it starts"), field="end_date")
        if self.federation and not _FEDERATION.fullmatch(self.federation):
            raise ValidationError(msg("The federation is a three-letter FIDE code (FRA, GER...), not '{federation}'",
                                      federation=self.federation[:20]), field="federation")
        object.__setattr__(self, "round_dates", tuple(self.round_dates))
        if len(self.round_dates) > 99 or any(d is not None and not isinstance(d, dt.date) for d in self.round_dates):
            raise ValidationError(msg("The round dates are at most 99 dates"), field="round_dates")
        if self.initial_colour not in ("", "white", "black"):
            raise ValidationError(msg("The initial colour is white or black, not '{initial_colour}'",
                                      initial_colour=self.initial_colour),
                                  field="initial_colour")
        if self.acceleration not in ACCELERATIONS:
            raise ValidationError(msg("Unknown acceleration '{acceleration}' (none or baku)",
                                      acceleration=self.acceleration),
                                  field="acceleration")
        if self.acceleration and self.system is not PairingSystem.DUTCH:
            raise ValidationError(msg("Accelerated pairings exist only for the FIDE Dutch system"),
                                  field="acceleration")
        if self.team is not None and not self.system.is_round_robin:
            raise ValidationError(msg("A team event is a team round robin, single or double (the team Swiss system "
                                      "is not available)"), field="system")

    @classmethod
    def for_discipline(cls, name: str, discipline: Discipline, **kwargs: object) -> Event:
        """An event with the discipline's default scoring and rating system."""
        kwargs.setdefault("scoring", DEFAULT_SCORING[discipline])
        kwargs.setdefault("rating_system", DEFAULT_RATING[discipline])
        return cls(name=name, discipline=discipline, **kwargs)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Pairing:
    """One board as a pairing engine proposes it."""

    board: int
    white_id: int
    black_id: int


@dataclass(frozen=True, slots=True)
class Game:
    """One board of one round, with its result once entered."""

    round: int
    board: int
    white_id: int
    black_id: int
    result: GameResult | None = None
    white_points: int | None = None
    """Game points scored by White (Scrabble), when the discipline keeps them."""
    black_points: int | None = None

    def __post_init__(self) -> None:
        if self.white_id == self.black_id:
            raise ValidationError(msg("Board {board}: a player cannot play himself", board=self.board))

    @property
    def is_finished(self) -> bool:
        return self.result is not None

    def players(self) -> tuple[int, int]:
        return (self.white_id, self.black_id)

    def opponent_of(self, player_id: int) -> int:
        if player_id == self.white_id:
            return self.black_id
        if player_id == self.black_id:
            return self.white_id
        raise NotFoundError(msg("Player {player_id} is not on board {board}", player_id=player_id, board=self.board))

    def outcome_of(self, player_id: int) -> Outcome | None:
        if self.result is None:
            return None
        white, black = self.result.outcomes()
        return white if player_id == self.white_id else black


@dataclass(frozen=True, slots=True)
class Bye:
    """A player without a board in a round: pairing-allocated, requested, absent or withdrawn."""

    round: int
    player_id: int
    kind: Outcome

    def __post_init__(self) -> None:
        if not self.kind.is_bye:
            raise ValidationError(msg("'{kind}' is not a bye", kind=self.kind))


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    games: tuple[Game, ...] = ()
    byes: tuple[Bye, ...] = ()
    _index: dict[int, Game | Bye] | None = field(default=None, init=False, repr=False, compare=False, hash=False)

    @property
    def is_complete(self) -> bool:
        return all(g.is_finished for g in self.games)

    @property
    def missing_results(self) -> tuple[int, ...]:
        """Boards still waiting for a result."""
        return tuple(g.board for g in self.games if not g.is_finished)

    def game(self, board: int) -> Game:
        for g in self.games:
            if g.board == board:
                return g
        raise NotFoundError(msg("Round {number} has no board {board}", number=self.number, board=board))

    def entry_of(self, player_id: int) -> Game | Bye | None:
        index = self._index
        if index is None:  # built once per (immutable) round: standings and ratings call this a lot
            index = {}
            for b in self.byes:
                index.setdefault(b.player_id, b)
            for g in self.games:
                index[g.white_id] = g
                index[g.black_id] = g
            object.__setattr__(self, "_index", index)
        return index.get(player_id)


@dataclass(frozen=True, slots=True)
class ByeRequest:
    """A player's request, made before ``round`` is paired, not to play it (C.04.1 Art.3: half-point,
    full-point or zero-point bye). It becomes a :class:`Bye` of that round when the round is paired, and
    stays recorded, so that unpairing and pairing again keeps it."""

    round: int
    player_id: int
    kind: Outcome

    def __post_init__(self) -> None:
        _coerce(self, "kind", Outcome, pmsg("field", "bye"))
        if self.kind not in REQUESTABLE_BYES:
            raise ValidationError(msg("'{value}' cannot be requested (hpb, fpb or zpb)", value=self.kind.value),
                                  field="kind")
        if self.round < 1:
            raise ValidationError(msg("A bye is requested for round 1 or later"), field="round")


@dataclass(frozen=True, slots=True)
class TopCut:
    """The single-elimination top cut after the Swiss rounds (seed 004): fixed when it starts."""

    size: int
    draw_rule: str
    """``higher-seed`` (the higher seed advances on a draw) or ``playoff`` (a play-off decides)."""
    after_round: int
    """The last Swiss round; knockout stage k is event round ``after_round + k``."""
    seeds: tuple[int, ...]
    """The qualified players' ids, seed 1 first."""
    playoffs: tuple[tuple[int, int, int], ...] = ()
    """``(stage, white id, winner id)``: who advanced after a play-off (or the arbiter's decision)."""

    def __post_init__(self) -> None:
        if self.draw_rule not in ("higher-seed", "playoff"):
            raise ValidationError(msg("Unknown draw rule '{draw_rule}'", draw_rule=self.draw_rule), field="draw_rule")
        if len(self.seeds) != self.size or len(set(self.seeds)) != self.size:
            raise ValidationError(msg("A top {size} needs {size} different qualified players", size=self.size),
                                  field="seeds")


@dataclass(frozen=True, slots=True)
class EventState:
    """A whole event at one moment: settings, players, rounds so far, what was asked for the rounds to come."""

    event: Event
    players: tuple[Player, ...] = ()
    rounds: tuple[Round, ...] = ()
    requests: tuple[ByeRequest, ...] = ()
    """Byes requested for rounds not yet paired (and kept once they are)."""
    forbidden_pairs: tuple[tuple[int, int], ...] = ()
    """Pairs of player ids that must not meet (family members, club-mates; TRF ``XXP``), smaller id first."""
    top_cut: TopCut | None = None
    options: tuple[tuple[str, str], ...] = ()
    """Rule settings and other event options, ``(key, value)`` sorted by key."""
    teams: tuple[Team, ...] = ()
    """A team event's teams (by id), each with its roster."""
    matches: tuple[TeamMatch, ...] = ()
    """A team event's matches, by round and number."""
    lineups: tuple[Lineup, ...] = ()
    """The line-ups given so far, by round and team."""
    _by_id: dict[int, Player] | None = field(default=None, init=False, repr=False, compare=False, hash=False)
    _team_index: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False, hash=False)

    def player(self, player_id: int) -> Player:
        found = self._players_by_id().get(player_id)
        if found is not None:
            return found
        raise NotFoundError(msg("No player with id {player_id}", player_id=player_id))

    def _players_by_id(self) -> dict[int, Player]:
        if self._by_id is None:
            object.__setattr__(self, "_by_id", {p.id: p for p in self.players})
        return self._by_id  # type: ignore[return-value]

    def _teams_indexed(self) -> dict[str, Any]:
        """Lookups over the teams, matches and line-ups, built once per (immutable) state."""
        if self._team_index is None:
            team_of: dict[int, Team] = {}
            for t in self.teams:
                for pid in t.members:
                    team_of[pid] = t
            object.__setattr__(self, "_team_index", {
                "teams": {t.id: t for t in self.teams},
                "team_of": team_of,
                "matches": {(m.round, m.number): m for m in self.matches},
                "lineups": {(x.round, x.team): x for x in self.lineups},
            })
        return self._team_index  # type: ignore[return-value]

    def team(self, team_id: int) -> Team:
        found = self._teams_indexed()["teams"].get(team_id)
        if found is None:
            raise NotFoundError(msg("No team with id {team_id}", team_id=team_id))
        return found  # type: ignore[no-any-return]

    def team_of(self, player_id: int) -> Team | None:
        """The team whose roster holds the player, None for none."""
        return self._teams_indexed()["team_of"].get(player_id)  # type: ignore[no-any-return]

    def match(self, round_number: int, number: int) -> TeamMatch:
        found = self._teams_indexed()["matches"].get((round_number, number))
        if found is None:
            raise NotFoundError(msg("Round {round_number} has no match {number}", round_number=round_number,
                                    number=number))
        return found  # type: ignore[no-any-return]

    def matches_in(self, round_number: int) -> tuple[TeamMatch, ...]:
        return tuple(m for m in self.matches if m.round == round_number)

    def lineup(self, round_number: int, team_id: int) -> Lineup | None:
        return self._teams_indexed()["lineups"].get((round_number, team_id))  # type: ignore[no-any-return]

    def round(self, number: int) -> Round:
        if 1 <= number <= len(self.rounds) and self.rounds[number - 1].number == number:
            return self.rounds[number - 1]
        for r in self.rounds:
            if r.number == number:
                return r
        raise NotFoundError(msg("Round {number} is not paired", number=number))

    @property
    def last_round(self) -> int:
        return max((r.number for r in self.rounds), default=0)

    def option(self, key: str, default: str = "") -> str:
        for k, v in self.options:
            if k == key:
                return v
        return default

    def requests_for(self, round_number: int) -> dict[int, Outcome]:
        """``player id -> requested bye`` for one round."""
        return {r.player_id: r.kind for r in self.requests if r.round == round_number}

    def outcome(self, player_id: int, round_number: int) -> Outcome | None:
        """The player's outcome in a round (None: not paired or result missing)."""
        entry = self.round(round_number).entry_of(player_id)
        if entry is None:
            return None
        if isinstance(entry, Bye):
            return entry.kind
        return entry.outcome_of(player_id)

    def score(self, player_id: int, up_to_round: int | None = None) -> float:
        """Points after ``up_to_round`` (all rounds by default), in the event's scoring profile."""
        last = self.last_round if up_to_round is None else up_to_round
        total = 0.0
        for r in self.rounds:
            if r.number > last:
                continue
            outcome = self.outcome(player_id, r.number)
            if outcome is not None:
                total += self.event.scoring.points(outcome)
        return total

    def opponents(self, player_id: int) -> list[int]:
        """Opponents actually met (forfeits are not meetings, C.04.2 Art.3.5)."""
        met = []
        for r in self.rounds:
            entry = r.entry_of(player_id)
            if isinstance(entry, Game):
                outcome = entry.outcome_of(player_id)
                if outcome is None or outcome.is_meeting:
                    met.append(entry.opponent_of(player_id))
        return met

    def standings_order(self) -> list[Player]:
        """Players by score, then by pairing number / rating (tie-breaks live in core.tiebreaks)."""
        def key(p: Player) -> tuple[float, int, int]:
            rating = p.rating(self.event.rating_system) or 0
            return (-self.score(p.id), -rating, p.pairing_number or p.id)
        return sorted(self.players, key=key)


def index_players(players: Iterable[Player]) -> dict[int, Player]:
    return {p.id: p for p in players}
