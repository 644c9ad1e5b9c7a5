"""What a rating period is rated from and what it gives (the data of :mod:`.period`, which holds the rules).

* :class:`EventInputs`: what one event is rated with beyond its games (FFJD cadence, EONC and NJC reading;
  Scrabble kind of event, TH Classique B, series thresholds).
* :class:`PeriodEvent`: one event of the period, an :class:`EventState` with its label and inputs (an event file
  or an event of a results file: the caller reads them, no path is kept here).
* :class:`PeriodInputs`: the events and what the caller gathered around them (players matched across the
  events, the published list at the period start, the previous period's carry, Scrabble players' inputs).
* :class:`PeriodOutcome`: the rows, the remarks and the carry for the next period.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import EventState, RatingSystem
from tournament_desk.core.ratings import ffjd, scrabble_pl
from tournament_desk.core.ratings.common import PreviewRow

__all__ = ["FROM_FILE", "FROM_RESULTS", "EventInputs", "PeriodEvent", "PeriodInputs", "PeriodOutcome"]

FROM_FILE = "file"
""":attr:`PeriodEvent.source` of an event file."""
FROM_RESULTS = "results"
""":attr:`PeriodEvent.source` of an event of a results file (played elsewhere)."""


@dataclass(frozen=True, slots=True)
class EventInputs:
    """What one event of a period is rated with, beyond its games. None: not given (the event file's own rule
    setting, else the default, applies).

    ``kind``, ``classic_b``, ``thresholds``: Scrabble, the kind of event (category and M, seed 002 §4), a TH
    Classique B (CT 0.8, §7), the season's series thresholds (§3). ``organiser_estimate``, ``cadence``,
    ``present``: FFJD, the EONC (Annex B 4)–5)), the cadence (K, §5.2 and §6.1.1), the reading of the classed
    players present (Annex B 3))."""

    kind: scrabble_pl.EventKind | None = None
    classic_b: bool | None = None
    organiser_estimate: float | None = None
    cadence: ffjd.Cadence | None = None
    present: ffjd.Present | None = None
    thresholds: scrabble_pl.SeriesThresholds | None = None

    def over(self, base: EventInputs) -> EventInputs:
        """These inputs, completed by ``base`` where not given."""
        return EventInputs(**{f.name: getattr(base, f.name) if getattr(self, f.name) is None
                              else getattr(self, f.name) for f in dataclasses.fields(self)})

    def describe(self, lang: str = "en") -> str:
        """One line listing the inputs given (empty when none)."""
        parts = []
        if self.kind is not None:
            parts.append(msg("kind {kind}", kind=self.kind.value).text(lang))
        if self.classic_b:
            parts.append(msg("TH Classique B (CT 0.8)").text(lang))
        if self.organiser_estimate is not None:
            parts.append(f"EONC {self.organiser_estimate:g}")
        if self.cadence is not None:
            parts.append(f"cadence {self.cadence.value}")
        if self.present is not None and self.present is not ffjd.Present.COUNTED_GAME:
            parts.append(f"NJC {self.present.value}")
        if self.thresholds is not None and self.thresholds != scrabble_pl.SEASON_2015_2016:
            t = self.thresholds
            parts.append(msg("thresholds {joker}/{a}/{b}", joker=t.joker, a=t.a, b=t.b).text(lang))
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class PeriodEvent:
    """One event of a period as the run sees it: an event file, or an event of a results file (played
    elsewhere). ``places``/``games``: a Scrabble event known by its final places only (seed 002 §7)."""

    label: str
    state: EventState
    inputs: EventInputs = EventInputs()
    source: str = FROM_FILE
    """:data:`FROM_FILE` (an event file) or :data:`FROM_RESULTS` (a results file: events played elsewhere)."""
    places: Mapping[int, int] | None = None
    games: int | None = None

    @property
    def name(self) -> str:
        return self.state.event.name

    @property
    def date(self) -> dt.date | None:
        return self.state.event.start_date


@dataclass(frozen=True, slots=True)
class PeriodInputs:
    """Everything :func:`.period.rate_period` rates: the events (their labels unique, their inputs resolved)
    and what the caller gathered around them, by player key (a player's identity across the events)."""

    system: RatingSystem
    events: tuple[PeriodEvent, ...]
    keys: Mapping[str, Mapping[int, str]]
    """Event label -> player id in that event -> player key (the same person in several events: one key)."""
    names: Mapping[str, str]
    """Player key -> name."""
    period: tuple[dt.date, dt.date] | None = None
    """[start, end) of the publication period every dated event must lie in (:func:`.period.period_bounds`);
    None: not checked."""
    listed: Mapping[str, int | None] = dataclasses.field(default_factory=dict)
    """The rating published at the period start, by player key (None: "NC", unrated); a player not in it
    starts from his rating in the first event he appears in."""
    carry: Mapping[str, object] = dataclasses.field(default_factory=dict)
    """What the previous period left (:attr:`PeriodOutcome.carry`)."""
    duplicate_series: Mapping[str, scrabble_pl.DuplicateSeries] = dataclasses.field(default_factory=dict)
    """Scrabble: each player's duplicate series (PL*, seed 002 §2.1)."""
    last_events: Mapping[str, dt.date] = dataclasses.field(default_factory=dict)
    """Scrabble: the date of each player's last classique event as given (seed 002 §9; wins over the carry's)."""


@dataclass(frozen=True, slots=True)
class PeriodOutcome:
    """A period rated: ``rows`` have the player key as ``player_id``; ``notes`` the remarks (events without a
    date, ratings that differ between files); ``carry`` what the next period needs, by player key: FFJD pending
    players' first-rating parts (``tuple[FirstRatingPart, ...]``, seed 000 §6.2.3–6.2.4), national Elo archives
    (``EloArchive``, seed 001 §3 2.b/3.a), Scrabble PL after the last event and its date (``PlayerRecord``,
    seed 002 §2.2, §9)."""

    rows: tuple[PreviewRow, ...]
    notes: tuple[Msg, ...]
    carry: Mapping[str, object]
