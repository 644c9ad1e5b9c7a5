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

from tournament_desk.core.errors import NotFoundError, ValidationError
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.core.scoring import CHESS, DRAUGHTS, KASHDAN, SCRABBLE, ScoringProfile


class PairingSystem(StrEnum):
    ROUND_ROBIN = "round-robin"
    DOUBLE_ROUND_ROBIN = "double-round-robin"
    DUTCH = "dutch"
    SCORE_GROUP = "scoregroup"
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
    "CHESS", "DEFAULT_RATING", "DEFAULT_SCORING", "DRAUGHTS", "KASHDAN", "SCRABBLE", "Bye", "Event",
    "EventState", "Game", "Pairing", "PairingSystem", "Player", "RatingSystem", "Round", "Sex", "TimeControl",
]


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")

# Longest text each field takes (the event file's column widths): refused at entry with a clear message, so that
# every printed document and export can lay out whatever was accepted.
_PLAYER_TEXT = (("surname", 100, "surname", "nom"), ("first_name", 100, "first name", "prénom"),
                ("category", 20, "category", "catégorie"), ("club", 200, "club", "club"),
                ("federation", 10, "federation", "fédération"), ("licence_id", 30, "licence id", "licence"),
                ("fide_id", 20, "FIDE id", "identifiant FIDE"), ("fmjd_id", 20, "FMJD id", "identifiant FMJD"),
                ("title", 10, "title", "titre"))
_EVENT_TEXT = (("name", 200, "event name", "nom du tournoi"), ("place", 200, "place", "lieu"),
               ("organiser", 200, "organiser", "organisateur"),
               ("tiebreak_edition", 20, "tie-break edition", "édition des départages"))


def _check_text(value: object, limit: int, en: str, fr: str) -> None:
    """A text field: a string of at most ``limit`` characters without control characters (tabs, line breaks)."""
    if not isinstance(value, str):
        raise ValidationError(f"The {en} must be text, not {type(value).__name__}",
                              f"Le champ « {fr} » doit être du texte, et non {type(value).__name__}")
    if len(value) > limit:
        raise ValidationError(f"The {en} is {len(value)} characters long; at most {limit} are allowed",
                              f"Le champ « {fr} » fait {len(value)} caractères ; {limit} au plus sont permis")
    if _CONTROL.search(value):
        raise ValidationError(f"The {en} contains a line break, tab or other control character",
                              f"Le champ « {fr} » contient un saut de ligne, une tabulation ou un autre "
                              "caractère de contrôle")


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Base time in minutes plus increment in seconds per move (``90+30``)."""

    base_minutes: int = 90
    increment_seconds: int = 30

    def __post_init__(self) -> None:
        if not (0 < self.base_minutes <= 24 * 60) or not (0 <= self.increment_seconds <= 600):
            raise ValidationError(
                f"Time control {self.base_minutes}+{self.increment_seconds} is out of range",
                f"La cadence {self.base_minutes}+{self.increment_seconds} est hors limites",
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
                f"'{text}' is not a time control (expected minutes+seconds, e.g. 90+30)",
                f"« {text} » n'est pas une cadence (attendu minutes+secondes, par ex. 90+30)",
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

    def __post_init__(self) -> None:
        if self.withdrawal_forfeit not in (Outcome.FORFEIT_LOSS_EXCUSED, Outcome.FORFEIT_LOSS_UNEXCUSED):
            raise ValidationError("A withdrawal forfeit is 0fe (excused) or 0fne (unexcused)",
                                  "Un forfait après retrait est 0fe (excusé) ou 0fne (non excusé)")
        for attr, limit, en, fr in _PLAYER_TEXT:
            _check_text(getattr(self, attr), limit, en, fr)
        if not self.surname.strip():
            raise ValidationError("A player needs a surname", "Un joueur doit avoir un nom")
        for system, value in self.ratings:
            if not 0 <= value <= 4000:
                raise ValidationError(
                    f"Rating {value} ({system}) of {self.surname} is out of range 0..4000",
                    f"Le classement {value} ({system}) de {self.surname} est hors de 0..4000",
                )
        if self.pairing_number is not None and self.pairing_number < 1:
            raise ValidationError(f"A pairing number must be 1 or more, not {self.pairing_number}",
                                  f"Un numéro d'appariement doit être au moins 1, et non {self.pairing_number}")
        if self.withdrawn_from_round is not None and self.withdrawn_from_round < 1:
            raise ValidationError("A withdrawal round must be 1 or more",
                                  "La ronde de retrait doit être au moins 1")

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
    """How unplayed games count in tie-breaks: ``seed003``, ``fide2023`` or ``fide2026``; empty: the default."""

    def __post_init__(self) -> None:
        for attr, limit, en, fr in _EVENT_TEXT:
            _check_text(getattr(self, attr), limit, en, fr)
        if len(self.arbiters) > 20 or len(self.tiebreaks) > 30:
            raise ValidationError("At most 20 arbiters and 30 tie-breaks", "Au plus 20 arbitres et 30 départages")
        for arbiter in self.arbiters:
            _check_text(arbiter, 100, "arbiter's name", "nom d'arbitre")
        for code in self.tiebreaks:
            _check_text(code, 20, "tie-break code", "code de départage")
        if not self.name.strip():
            raise ValidationError("The event needs a name", "Le tournoi doit avoir un nom")
        if not 1 <= self.rounds <= 99:
            raise ValidationError(f"The number of rounds must be 1..99, not {self.rounds}",
                                  f"Le nombre de rondes doit être entre 1 et 99, et non {self.rounds}")
        if self.start_date and self.end_date and self.end_date < self.start_date:
            raise ValidationError("The event ends before it starts",
                                  "Le tournoi se termine avant de commencer")

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
            raise ValidationError(f"Board {self.board}: a player cannot play himself",
                                  f"Table {self.board} : un joueur ne peut pas se rencontrer lui-même")

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
        raise NotFoundError(f"Player {player_id} is not on board {self.board}",
                            f"Le joueur {player_id} n'est pas à la table {self.board}")

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
            raise ValidationError(f"'{self.kind}' is not a bye", f"« {self.kind} » n'est pas une exemption")


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
        raise NotFoundError(f"Round {self.number} has no board {board}",
                            f"La ronde {self.number} n'a pas de table {board}")

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
class EventState:
    """A whole event at one moment: settings, players, rounds so far."""

    event: Event
    players: tuple[Player, ...] = ()
    rounds: tuple[Round, ...] = ()
    _by_id: dict[int, Player] | None = field(default=None, init=False, repr=False, compare=False, hash=False)

    def player(self, player_id: int) -> Player:
        found = self._players_by_id().get(player_id)
        if found is not None:
            return found
        raise NotFoundError(f"No player with id {player_id}", f"Aucun joueur avec l'identifiant {player_id}")

    def _players_by_id(self) -> dict[int, Player]:
        if self._by_id is None:
            object.__setattr__(self, "_by_id", {p.id: p for p in self.players})
        return self._by_id  # type: ignore[return-value]

    def round(self, number: int) -> Round:
        if 1 <= number <= len(self.rounds) and self.rounds[number - 1].number == number:
            return self.rounds[number - 1]
        for r in self.rounds:
            if r.number == number:
                return r
        raise NotFoundError(f"Round {number} is not paired", f"La ronde {number} n'est pas appariée")

    @property
    def last_round(self) -> int:
        return max((r.number for r in self.rounds), default=0)

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
