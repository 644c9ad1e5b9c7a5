"""Scrabble classique international rating, cote PL (seed 002, FISF 2015-2016).

After each official event: PL = PL (or PL* for a first event) + PE + B + PJ (§2.2), with PE the experience
points (§5), B the bonus of the first four (§6), PJ the game points from initial vs final ranking, bounded by
PJmax/PJmin (§7). Series Joker/A/B/C (§3) with per-season thresholds, the season-start reclassification
(§3), the category and its value M (§4), inactive players (§9).
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import msg
from tournament_desk.core.ratings.common import RatedKey, round_half_away

__all__ = [
    "NBP_MAX",
    "SEASON_2015_2016",
    "DuplicateSeries",
    "EventKind",
    "PlayerRecord",
    "ScrabbleEntrant",
    "ScrabbleResult",
    "Series",
    "SeriesThresholds",
    "bonus",
    "category",
    "experience_points",
    "game_points",
    "initial_ranking",
    "is_listed",
    "joker_share",
    "parse_duplicate_series",
    "pj_bounds",
    "provisional_rating",
    "rate_event",
    "reclassify_season_start",
    "returning_rating",
    "starting_rating",
    "value_m",
]

NBP_MAX = 14
"""Seed 002 §7: the most games an event can have (NbPmax)."""
INACTIVITY_YEARS = 2  # seed 002 §9


class DuplicateSeries(StrEnum):
    """Seed 002 §2.1: the player's duplicate series (sub-series A/B/C/D are not distinguished)."""

    SUPER = "super"
    FIRST = "1"
    SECOND = "2"
    THIRD = "3"
    FOURTH = "4"
    FIFTH = "5"
    SIXTH = "6"
    SEVENTH = "7"


def parse_duplicate_series(text: str) -> DuplicateSeries:
    """A duplicate series as written in lists: ``super``/``S``/``0``, ``1`` … ``7``, with a sub-series letter
    (``1A``, ``4C``: not distinguished, §2.1) or an ordinal (``1re``, ``1ère série``, ``2e``, ``3ème``)."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.strip().lower())
                     if not unicodedata.combining(c))
    folded = folded.replace("serie", "").replace("-", " ").strip()
    if folded in ("super", "s", "ss", "super serie", "0", "hs", "h", "hors serie"):
        return DuplicateSeries.SUPER
    digits = folded[:1]
    if digits in "1234567" and digits and (len(folded) == 1 or folded[1:].strip() in (
            "a", "b", "c", "d", "e", "er", "re", "ere", "eme", "nd", "nde")):
        return DuplicateSeries(digits)
    raise ValidationError(
        msg("'{text}' is not a duplicate series (super, 1 to 7, with or without a sub-series letter)", text=text))


_PROVISIONAL = {
    DuplicateSeries.SUPER: 2350, DuplicateSeries.FIRST: 2250, DuplicateSeries.SECOND: 2000,
    DuplicateSeries.THIRD: 1800, DuplicateSeries.FOURTH: 1700, DuplicateSeries.FIFTH: 1500,
    DuplicateSeries.SIXTH: 1300, DuplicateSeries.SEVENTH: 1000,
}
NEW_LICENCE_RATING = 1000
"""Seed 002 §2.1: a player licensed at a Scrabble classique event starts at PL* 1000."""


def provisional_rating(series: DuplicateSeries | None) -> int:
    """Seed 002 §2.1: PL* from the duplicate series; None (new licence) gives 1000."""
    return NEW_LICENCE_RATING if series is None else _PROVISIONAL[series]


class Series(StrEnum):
    """Seed 002 §3: the four classique series."""

    JOKER = "Joker"
    A = "A"
    B = "B"
    C = "C"


@dataclass(frozen=True, slots=True)
class SeriesThresholds:
    """Seed 002 §3: lowest PL of each series, fixed every season (2015/2016: 2900, 2250, 1600)."""

    joker: int = 2900
    a: int = 2250
    b: int = 1600

    def __post_init__(self) -> None:
        if not self.joker > self.a > self.b:
            raise ValidationError(msg("Series thresholds must decrease from Joker to B"))

    def series_of(self, rating: float) -> Series:
        if rating >= self.joker:
            return Series.JOKER
        if rating >= self.a:
            return Series.A
        if rating >= self.b:
            return Series.B
        return Series.C


SEASON_2015_2016 = SeriesThresholds()


def reclassify_season_start(ratings: Mapping[RatedKey, float], world_top_ten: Sequence[RatedKey],
                            thresholds: SeriesThresholds = SEASON_2015_2016) -> dict[RatedKey, float]:
    """Seed 002 §3: at the season start, a top-10 player of the last francophone World Championship who is
    not in the Joker series is put in it at its minimum."""
    out = dict(ratings)
    for pid in world_top_ten:
        if pid in out and out[pid] < thresholds.joker:
            out[pid] = float(thresholds.joker)
    return out


class EventKind(StrEnum):
    """Seed 002 §1 and §4: the official events."""

    WORLD_CHAMPIONSHIP = "world"
    NATIONAL_CHAMPIONSHIP = "national"
    INTERNATIONAL_OPEN = "open"
    HOMOLOGATED = "th"  # tournoi homologué (category by size)
    REGIONAL_MASTERS = "regional-masters"
    DEPARTMENTAL_MASTERS = "departmental-masters"
    CLASSIC_GAME = "clap-pap"  # CLAP / PAP: rated by size like a TH (reading, see docs/ratings.md)


def category(kind: EventKind, players: int) -> int:
    """Seed 002 §4: the event's category 1..5."""
    if players < 1:
        raise ValidationError(msg("An event needs players"))
    if kind is EventKind.WORLD_CHAMPIONSHIP:
        return 5
    if kind in (EventKind.NATIONAL_CHAMPIONSHIP, EventKind.INTERNATIONAL_OPEN):
        return 4
    if kind is EventKind.REGIONAL_MASTERS:
        return 2
    if kind is EventKind.DEPARTMENTAL_MASTERS:
        return 1
    if players > 64:
        return 4
    if players >= 33:
        return 3
    if players >= 17:
        return 2
    return 1


_M = {5: 250, 4: 150, 3: 100, 2: 50, 1: 20}


def value_m(cat: int) -> int:
    """Seed 002 §4: M by category (250, 150, 100, 50, 20)."""
    if cat not in _M:
        raise ValidationError(msg("Category {cat} does not exist (1 to 5)", cat=cat))
    return _M[cat]


def experience_points(players: int, place: int) -> int:
    """Seed 002 §5: PE = n − x + 1."""
    if not 1 <= place <= players:
        raise ValidationError(msg("Place {place} is impossible among {players} players", place=place, players=players))
    return players - place + 1


def bonus(m: int, place: int) -> float:
    """Seed 002 §6: M, M/2, M/5, M/10 for the first four, 0 for the others."""
    return {1: m, 2: m / 2, 3: m / 5, 4: m / 10}.get(place, 0.0)


def joker_share(ratings: Sequence[float], thresholds: SeriesThresholds = SEASON_2015_2016) -> float:
    """Seed 002 §7: % of Joker-series players among the participants (by their rating at the start)."""
    if not ratings:
        return 0.0
    return 100.0 * sum(1 for r in ratings if r >= thresholds.joker) / len(ratings)


def pj_bounds(cat: int, games: int, jokers_percent: float, classic_b: bool = False,
              nbp_max: int = NBP_MAX) -> tuple[float, float]:
    """Seed 002 §7: (PJmin, PJmax) with PJmax = CT·(400 − (5 − cat)·25 − (NbPmax − NbParties)·5
    − (100 − %Jokers)/2) and PJmin = −PJmax/2; CT = 0.8 for a TH Classique B, 1 otherwise."""
    value_m(cat)
    if not 1 <= games <= nbp_max:
        raise ValidationError(msg("An event has 1 to {nbp_max} games, not {games}", nbp_max=nbp_max, games=games))
    if not 0 <= jokers_percent <= 100:
        raise ValidationError(msg("The share of Joker players is a percentage"))
    ct = 0.8 if classic_b else 1.0
    pj_max = ct * (400 - (5 - cat) * 25 - (nbp_max - games) * 5 - (100 - jokers_percent) / 2)
    return -pj_max / 2, pj_max


def game_points(own: float, rating_at_final_place: float, pj_min: float, pj_max: float) -> int:
    """Seed 002 §7: PJ = 2/3 (Ci − Cj) if Cj <= Ci, −1/3 (Cj − Ci) otherwise, rounded to the nearest
    integer, then limited to [PJmin, PJmax] (bounds rounded like PJ)."""
    ci, cj = rating_at_final_place, own
    raw = 2.0 / 3.0 * (ci - cj) if cj <= ci else -1.0 / 3.0 * (cj - ci)
    pj = round_half_away(raw)
    return max(round_half_away(pj_min), min(round_half_away(pj_max), pj))


def _alpha_key(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """What a Scrabble period leaves to the next: the player's PL after his last event and that event's date
    (seed 002 §9: the downloaded file keeps every player "avec leur cote à l'issue du dernier tournoi")."""

    rating: float
    last_event: dt.date | None = None


@dataclass(frozen=True, slots=True)
class ScrabbleEntrant:
    """A participant. ``rating``: his PL (None for a first event: PL* from ``duplicate_series``, or 1000
    for a new licence)."""

    player_id: RatedKey
    name: str
    rating: float | None = None
    duplicate_series: DuplicateSeries | None = None
    last_event: dt.date | None = None
    """Date of his last classique event, for the return of an inactive player (§9)."""


def starting_rating(entrant: ScrabbleEntrant, event_date: dt.date | None = None) -> float:
    """Seed 002 §2.2: PL, or PL* before the first event (§2.1); §9: a player inactive for 2 years at
    ``event_date`` comes back with max(last PL, PL* of his duplicate series)."""
    if entrant.rating is None:
        return float(provisional_rating(entrant.duplicate_series))
    if event_date is not None and entrant.last_event is not None and not is_listed(entrant.last_event,
                                                                                   event_date):
        return returning_rating(entrant.rating, entrant.duplicate_series)
    return entrant.rating


def initial_ranking(entrants: Sequence[ScrabbleEntrant],
                    event_date: dt.date | None = None) -> list[ScrabbleEntrant]:
    """Seed 002 §7–8: decreasing rating (PL or PL*), ties in alphabetical order (accents ignored)."""
    return sorted(entrants, key=lambda e: (-starting_rating(e, event_date), _alpha_key(e.name),
                                           str(e.player_id)))


@dataclass(frozen=True, slots=True)
class ScrabbleResult:
    player_id: RatedKey
    name: str
    rating_before: float
    provisional: bool
    initial_place: int
    final_place: int
    pe: int
    b: float
    pj: int
    pj_raw: float
    new_rating: float
    category: int = 0
    """The event's category (§4) and its value M; the bounds of PJ (§7): the same for every player."""
    m: int = 0
    pj_min: float = 0.0
    pj_max: float = 0.0


def rate_event(entrants: Sequence[ScrabbleEntrant], final_order: Sequence[RatedKey], kind: EventKind,
               games: int, classic_b: bool = False, thresholds: SeriesThresholds = SEASON_2015_2016,
               category_override: int | None = None, event_date: dt.date | None = None,
               ) -> dict[RatedKey, ScrabbleResult]:
    """Seed 002 §2.2 and §4–§8: the new PL of every participant of one event.

    ``final_order``: player ids from first to last (the ranking with its tie-break on the points difference
    capped at 100 a game is the event's, §7).
    """
    n = len(entrants)
    by_id = {e.player_id: e for e in entrants}
    if len(by_id) != n or sorted(map(str, final_order)) != sorted(map(str, by_id)) or len(final_order) != n:
        raise ValidationError(msg("The final ranking must list every participant once"))
    initial = initial_ranking(entrants, event_date)
    initial_place = {e.player_id: i + 1 for i, e in enumerate(initial)}
    cat = category_override if category_override is not None else category(kind, n)
    m = value_m(cat)
    jokers = joker_share([starting_rating(e, event_date) for e in entrants], thresholds)
    pj_min, pj_max = pj_bounds(cat, games, jokers, classic_b)
    out: dict[RatedKey, ScrabbleResult] = {}
    for x, pid in enumerate(final_order, start=1):
        e = by_id[pid]
        cj = starting_rating(e, event_date)
        ci = starting_rating(initial[x - 1], event_date)
        pe = experience_points(n, x)  # §5
        b = bonus(m, x)  # §6
        raw = 2.0 / 3.0 * (ci - cj) if cj <= ci else -1.0 / 3.0 * (cj - ci)
        pj = game_points(cj, ci, pj_min, pj_max)  # §7
        out[pid] = ScrabbleResult(pid, e.name, cj, e.rating is None, initial_place[pid], x, pe, b, pj, raw,
                                  cj + pe + b + pj, cat, m, pj_min, pj_max)  # §2.2
    return out


def _years_before(day: dt.date, years: int) -> dt.date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return day.replace(year=day.year - years, day=28)


def is_listed(last_event: dt.date | None, publication: dt.date) -> bool:
    """Seed 002 §9: the published ranking lists players with an event in the 2 years before publication."""
    if last_event is None:
        return False
    return _years_before(publication, INACTIVITY_YEARS) <= last_event <= publication


def returning_rating(last_rating: float, duplicate_series: DuplicateSeries | None) -> float:
    """Seed 002 §9: an inactive player coming back gets the higher of his last classique rating and the PL*
    of his duplicate series."""
    return max(last_rating, float(provisional_rating(duplicate_series)) if duplicate_series else last_rating)
