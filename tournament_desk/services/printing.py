"""Printed documents of an open event: thin wrappers that read the session's state and call ``printing``.

Every ``*_pdf`` function returns PDF bytes; ``lang`` is ``"fr"`` or ``"en"``. Errors are the core's bilingual
exceptions (a round that is not paired, a rating system without preview...).

:func:`document` is the one entry the window and the command line share: a document's PDF bytes (the same bytes
from both), its title and the file name it proposes (event, document, round, in the user's language:
``Open de Lyon - appariements ronde 3.pdf``). The standings and the crosstable are computed once as a plain value
(:func:`services.standings.crosstable`) that the Standings tab shows and the PDF prints.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import EventState, RatingSystem
from tournament_desk.core.ratings import fide
from tournament_desk.core.ratings.from_event import cadence_of, fide_minutes
from tournament_desk.core.sources import FIDE_B02, FIDE_B02_RAPID_BLITZ, cite
from tournament_desk.printing.crosstable import render_crosstable
from tournament_desk.printing.pairing_sheet import pairing_sheet_pdf as _pairings
from tournament_desk.printing.rating_report import rating_report_pdf as _rating_report
from tournament_desk.printing.slips import slips_pdf as _slips
from tournament_desk.printing.standings_pdf import render_standings
from tournament_desk.printing.teams_pdf import (
    match_sheets_pdf,
    team_crosstable_pdf,
    team_matches_pdf,
    team_standings_pdf,
)
from tournament_desk.services.paths import document_name
from tournament_desk.services.ratings import rating_preview
from tournament_desk.services.session import EventSession
from tournament_desk.services.standings import crosstable as crosstable_table

__all__ = ["DOCUMENTS", "PrintedDocument", "crosstable_pdf", "crosstable_state_pdf", "document", "document_name",
           "pairing_sheet_pdf", "rating_report_pdf", "rating_settings", "slips_pdf", "standings_pdf",
           "team_document_pdf"]

DOCUMENTS = ("pairings", "crosstable", "standings", "slips", "ratings", "bracket", "grid")
"""The documents an event prints (:func:`document`)."""


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


def crosstable_pdf(session: EventSession, lang: str = "fr", after_round: int | None = None) -> bytes:
    """Round-robin crosstable or Swiss wallchart, as the event's system calls for, with the event's effective
    tie-breaks (:func:`services.standings.effective_tiebreaks`), after the last round with all its results in
    (at most ``after_round``): the table the Standings tab shows in its crosstable view."""
    return crosstable_state_pdf(session.state(), lang, after_round)


def crosstable_state_pdf(state: EventState, lang: str = "fr", after_round: int | None = None) -> bytes:
    return render_crosstable(state, crosstable_table(state, lang, after_round=after_round))


def standings_pdf(session: EventSession, after_round: int | None = None, lang: str = "fr") -> bytes:
    """Standings after the last round with all its results in (at most ``after_round``), with the event's
    effective tie-breaks: the Standings tab's rows."""
    state = session.state()
    return render_standings(state, crosstable_table(state, lang, after_round=after_round, view="standings"))


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


# -- a document with its name ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PrintedDocument:
    """A document ready to print or save: its PDF bytes, and the name it proposes for its file (without the
    ``.pdf``), which also names the print job."""

    kind: str
    pdf: bytes
    name: str

    @property
    def file_name(self) -> str:
        return f"{self.name}.pdf"


def document(session: EventSession, kind: str, *, round_number: int | None = None, lang: str = "fr"
             ) -> PrintedDocument:
    """One of :data:`DOCUMENTS` as printed, with its proposed file name. ``round_number``: the round of the
    pairing sheet or the slips (the last paired by default); for the standings and the crosstable the round
    asked (the standings count up to the last round with all its results in, at most that one)."""
    from tournament_desk.services.roundrobin import event_grid_pdf
    from tournament_desk.services.swiss_variants import top_cut_pdf

    if kind not in DOCUMENTS:
        raise ValueError(f"unknown document {kind!r}")
    state = session.state()
    shown: int | None = None
    if state.event.is_team_event and kind in ("pairings", "slips", "standings", "crosstable", "ratings"):
        shown = _round(state, round_number) if kind != "ratings" and state.rounds else None
        pdf = team_document_pdf(session, kind, round_number, lang)
    elif kind in ("pairings", "slips"):
        shown = _round(state, round_number)
        pdf = (_pairings if kind == "pairings" else _slips)(state, shown, lang)
    elif kind in ("standings", "crosstable"):
        table = crosstable_table(state, lang, after_round=round_number, view=kind)
        shown = table.after_round
        pdf = render_standings(state, table) if kind == "standings" else render_crosstable(state, table)
    elif kind == "ratings":
        pdf = rating_report_pdf(session, lang)
    elif kind == "bracket":
        pdf = top_cut_pdf(session, lang=lang)
    else:
        pdf = event_grid_pdf(session, lang=lang)
    return PrintedDocument(kind, pdf, document_name(state, kind, shown, lang))


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
