"""Printed documents of an open event: thin wrappers that read the session's state and call ``printing``.

Every function returns PDF bytes; ``lang`` is ``"fr"`` or ``"en"``. Errors are the core's bilingual exceptions
(a round that is not paired, a rating system without preview...).
"""

from __future__ import annotations

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import msg
from tournament_desk.core.model import EventState, RatingSystem
from tournament_desk.core.ratings.from_event import cadence_of
from tournament_desk.printing.crosstable import crosstable_pdf as _crosstable
from tournament_desk.printing.pairing_sheet import pairing_sheet_pdf as _pairings
from tournament_desk.printing.rating_report import rating_report_pdf as _rating_report
from tournament_desk.printing.slips import slips_pdf as _slips
from tournament_desk.printing.standings_pdf import standings_pdf as _standings
from tournament_desk.printing.teams_pdf import (
    match_sheets_pdf,
    team_crosstable_pdf,
    team_matches_pdf,
    team_standings_pdf,
)
from tournament_desk.services.ratings import rating_preview
from tournament_desk.services.session import EventSession
from tournament_desk.services.standings import effective_tiebreaks

__all__ = ["crosstable_pdf", "crosstable_state_pdf", "pairing_sheet_pdf", "rating_report_pdf", "rating_settings",
           "slips_pdf", "standings_pdf", "team_document_pdf"]


def _round(state: EventState, round_number: int | None) -> int:
    if round_number is not None:
        return round_number
    if not state.rounds:
        raise ValidationError(msg("No round is paired yet: nothing to print"))
    return state.last_round


def pairing_sheet_pdf(session: EventSession, round_number: int | None = None, lang: str = "fr") -> bytes:
    """Pairings of a round (the last paired round by default) and the alphabetical list."""
    state = session.state()
    return _pairings(state, _round(state, round_number), lang)


def crosstable_pdf(session: EventSession, lang: str = "fr") -> bytes:
    """Round-robin crosstable or Swiss wallchart, as the event's system calls for, with the event's effective
    tie-breaks (:func:`services.standings.effective_tiebreaks`)."""
    state = session.state()
    return crosstable_state_pdf(state, lang)


def crosstable_state_pdf(state: EventState, lang: str = "fr") -> bytes:
    choice = effective_tiebreaks(state)
    return _crosstable(state, lang, tiebreaks=choice.codes, edition=choice.edition.value)


def standings_pdf(session: EventSession, after_round: int | None = None, lang: str = "fr") -> bytes:
    """Standings after a round (the last paired by default), with the event's effective tie-breaks."""
    state = session.state()
    choice = effective_tiebreaks(state)
    return _standings(state, after_round, lang, tiebreaks=choice.codes, edition=choice.edition.value)


def slips_pdf(session: EventSession, round_number: int | None = None, lang: str = "fr") -> bytes:
    state = session.state()
    return _slips(state, _round(state, round_number), lang)


def rating_settings(state: EventState, lang: str) -> str:
    """The line printed under the rating report's title: which cadence the FFJD preview used."""
    if state.event.rating_system is not RatingSystem.FFJD:
        return ""
    slow = cadence_of(state).value == "slow"
    tc = state.event.time_control
    if slow:
        return msg("Time control {tc}: slow series (K per §6.1.1; minutes + seconds >= 60).", tc=tc).text(lang)
    return msg("Time control {tc}: accelerated series (K per §6.1.1; minutes + seconds < 60).", tc=tc).text(lang)


def rating_report_pdf(session: EventSession, lang: str = "fr", **options: object) -> bytes:
    """The rating preview in the event's rating system (FFJD, national Elo, Scrabble PL, FIDE), computed by
    :func:`services.ratings.rating_preview` with ``options`` (e.g. ``organiser_estimate`` for FFJD Annex B).
    An unrated or FMJD event raises its bilingual :class:`StateError`."""
    state = session.state()
    rows = rating_preview(session, **options)
    return _rating_report(state, rows, lang, settings=rating_settings(state, lang))


def team_document_pdf(session: EventSession, document: str, round_number: int | None = None,
                      lang: str = "fr") -> bytes:
    """A team event's documents under the individual ones' names: ``standings`` (the team standings after a round),
    ``crosstable`` (the team crosstable), ``pairings`` (the round's matches with their boards), ``slips`` (one
    match sheet per match); ``ratings`` is the rating preview of every board game."""
    state = session.state()
    if document == "standings":
        return team_standings_pdf(state, round_number, lang)
    if document == "crosstable":
        return team_crosstable_pdf(state, lang)
    if document == "pairings":
        return team_matches_pdf(state, _round(state, round_number), lang)
    if document == "slips":
        return match_sheets_pdf(state, _round(state, round_number), lang)
    return rating_report_pdf(session, lang)
