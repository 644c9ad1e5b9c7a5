"""Printed documents of an open event: thin wrappers that read the session's state and call ``printing``.

Every function returns PDF bytes; ``lang`` is ``"fr"`` or ``"en"``. Errors are the core's bilingual exceptions
(a round that is not paired, a rating system without preview...).
"""

from __future__ import annotations

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import EventState, RatingSystem
from tournament_desk.core.ratings import fide
from tournament_desk.core.ratings.from_event import cadence_of, fide_minutes
from tournament_desk.core.sources import FIDE_B02, FIDE_B02_RAPID_BLITZ, cite
from tournament_desk.printing.crosstable import crosstable_pdf as _crosstable
from tournament_desk.printing.pairing_sheet import pairing_sheet_pdf as _pairings
from tournament_desk.printing.rating_report import rating_report_pdf as _rating_report
from tournament_desk.printing.slips import slips_pdf as _slips
from tournament_desk.printing.standings_pdf import standings_pdf as _standings
from tournament_desk.services.ratings import rating_preview
from tournament_desk.services.session import EventSession
from tournament_desk.services.standings import effective_tiebreaks

__all__ = ["crosstable_pdf", "crosstable_state_pdf", "pairing_sheet_pdf", "rating_report_pdf", "rating_settings",
           "slips_pdf", "standings_pdf"]


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
    """The line printed under the rating report's title: which cadence the FFJD preview used, which FIDE list
    (standard, rapid or blitz: B.02 §1.1, B.02 RB §1.1.1-1.1.2) the FIDE preview computed."""
    if state.event.rating_system is RatingSystem.FIDE:
        return _fide_list_line(state).text(lang)
    if state.event.rating_system is not RatingSystem.FFJD:
        return ""
    slow = cadence_of(state).value == "slow"
    tc = state.event.time_control
    if slow:
        return msg("Time control {tc}: slow series (K per §6.1.1; minutes + seconds >= 60).", tc=tc).text(lang)
    return msg("Time control {tc}: accelerated series (K per §6.1.1; minutes + seconds < 60).", tc=tc).text(lang)


def _fide_list_line(state: EventState) -> Msg:
    tc, t = state.event.time_control, fide_minutes(state)
    listing = fide.rating_list(t)
    if listing is fide.RatingList.RAPID:
        return msg("Time control {tc}: {t} minutes a player for 60 moves: the FIDE rapid list ({source} §1.1.1); "
                   "K per §8.3.3, a difference over 400 counting as 400 for every player.", tc=tc, t=t,
                   source=cite(FIDE_B02_RAPID_BLITZ).message)
    if listing is fide.RatingList.BLITZ:
        return msg("Time control {tc}: {t} minutes a player for 60 moves: the FIDE blitz list ({source} §1.1.2); "
                   "K per §8.3.3, a difference over 400 counting as 400 for every player.", tc=tc, t=t,
                   source=cite(FIDE_B02_RAPID_BLITZ).message)
    if listing is None:
        return msg("Time control {tc}: {t} minute(s) a player for 60 moves: no FIDE list rates these games.", tc=tc,
                   t=t)
    return msg("Time control {tc}: {t} minutes a player for 60 moves: the FIDE standard list ({source} §1.1).",
               tc=tc, t=t, source=cite(FIDE_B02).message)


def rating_report_pdf(session: EventSession, lang: str = "fr", **options: object) -> bytes:
    """The rating preview in the event's rating system (FFJD, national Elo, Scrabble PL, FIDE), computed by
    :func:`services.ratings.rating_preview` with ``options`` (e.g. ``organiser_estimate`` for FFJD Annex B).
    An unrated or FMJD event raises its bilingual :class:`StateError`."""
    state = session.state()
    rows = rating_preview(session, **options)
    return _rating_report(state, rows, lang, settings=rating_settings(state, lang))
