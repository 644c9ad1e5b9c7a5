"""The rating preview report (A4 portrait): per player the rating before, games counted, expected score,
evolution, new rating, performance and notes, from :func:`core.ratings.from_event.preview_event` (the
event's own rating system: FFJD Capital-Points, national Elo, Scrabble PL or FIDE). See docs/ratings.md."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from tournament_desk.core.messages import Msg, msg, pmsg
from tournament_desk.core.model import EventState, RatingSystem
from tournament_desk.core.ratings.common import PreviewRow
from tournament_desk.core.sources import ELO_NATIONAL, FFJD_RCN, FIDE_B02, FISF_PL, cite
from tournament_desk.printing.common import (
    TABLE_BASE,
    after_round_text,
    build_document,
    fit,
    fmt_number,
    header_info,
    label,
    para,
    start_numbers,
    usable_width,
)

__all__ = ["LEGEND", "SYSTEM_NAMES", "rating_report_pdf"]

SYSTEM_NAMES: dict[RatingSystem, Msg] = {
    RatingSystem.FFJD: msg("FFJD Capital-Points — {source}", source=cite(FFJD_RCN).full_message),
    RatingSystem.NATIONAL_ELO: msg("National Elo — {source}", source=cite(ELO_NATIONAL).full_message),
    RatingSystem.FISF_PL: msg("Scrabble classique cote PL — {source}", source=cite(FISF_PL).full_message),
    RatingSystem.FIDE: msg("FIDE rating — {source}", source=cite(FIDE_B02).full_message),
}
"""Each rating system's name on the report, with the document that defines it (the registry of sources)."""

_COLUMNS = (
    ("no", pmsg("rating report column", "No.")),
    ("name", pmsg("rating report column", "Name")),
    ("before", pmsg("rating report column", "Before")),
    ("games", pmsg("rating report column", "Games")),
    ("score", pmsg("rating report column", "Score")),
    ("expected", pmsg("rating report column", "Expected")),
    ("k", pmsg("rating report column", "K")),
    ("evolution", pmsg("rating report column", "Change")),
    ("new", pmsg("rating report column", "New")),
    ("perf", pmsg("rating report column", "Perf.")),
    ("note", pmsg("rating report column", "Note")),
)

# What the Score, Expected and K columns hold, per system (printed under the table).
LEGEND: dict[RatingSystem, Msg] = {
    RatingSystem.FFJD: msg(
        "Score: points scored against classed players (2/1/0 scale); Expected: sum of the PA (§6.1.2); K: the "
        "§6.1.1 coefficient (cadence and CP); Change: the published evolution, after the 600 floor (§6.3)."),
    RatingSystem.NATIONAL_ELO: msg(
        "Score: Sc against the compatible opponents (§2.2); Expected: sum of the expected scores at Ei over "
        "the same games (FIDE table 8.1(b), the companion of the D(P) table of §2.4); K: the share of the "
        "performance in the new Elo, Ej = Ei + K × (Pj − Ei) before rounding (§3: 1.a Nj/(16 + Nj), 1.c Nj/16, "
        "2.c Nj/(Nj + Na), 1 when the performance replaces the Elo)."),
    RatingSystem.FISF_PL: msg(
        "Score: the event's points; the change is PE + B + PJ (§2.2)."),
    RatingSystem.FIDE: msg(
        "Games and Score: games played against rated opponents (forfeits do not count, §5.1); Expected: the "
        "sum of the PD of table 8.1.2, a difference over 400 counting as 400 below 2650 (§8.3.1); K: the "
        "§8.3.3 coefficient (10 from 2400, 40 for a junior under 2300 until the end of the year of the 18th "
        "birthday, 20 otherwise; also 40 for a player with fewer than 30 rated games, which the event file "
        "does not know), capped at 700/n; Change: K × (Score − Expected) rounded, 0.5 away from zero (§8.3.4). "
        "Unrated players: Perf. = Ru = Ra + dp with two hypothetical opponents rated 1800, drawn (§8.2, at "
        "most 2200), published after 5 games against rated opponents and from 1400 (§7.1.4)."),
}


def _value(v: float | None, lang: str, decimals: int = 0) -> str:
    if v is None:
        return ""
    if decimals == 0:
        return str(round(v))
    return fmt_number(round(v, decimals), lang, decimals=decimals)


def _k(v: float | None, lang: str) -> str:
    if v is None:
        return ""
    # FFJD K (5 .. 25, fractional in the linear band): one decimal; national Elo share (0 .. 1): two
    return fmt_number(v, lang, decimals=1 if v >= 1.5 else 2)


def _signed(v: float | None) -> str:
    if v is None:
        return ""
    r = round(v)
    return f"+{r}" if r > 0 else str(r)


def rating_report_pdf(state: EventState, rows: Sequence[PreviewRow], lang: str = "fr", *,
                      settings: str = "") -> bytes:
    """PDF bytes of the preview ``rows`` (computed by the caller with ``preview_event``); ``settings`` is a line
    describing the options used (cadence, organiser's estimate...)."""
    numbers = start_numbers(state)
    width = usable_width(False)
    widths = [8 * mm, 0.0, 12 * mm, 12 * mm, 12 * mm, 14 * mm, 11 * mm, 12 * mm, 14 * mm, 12 * mm, 26 * mm]
    widths[1] = width - sum(widths)
    size = 9
    header = [fit(title.text(lang), w, size - 0.5, bold=True, align="left" if key == "name" else "center")
              for (key, title), w in zip(_COLUMNS, widths, strict=True)]
    table_rows: list[list[object]] = [header]
    for r in sorted(rows, key=lambda x: numbers.get(x.player_id, 0)):
        note = r.note_text(lang)
        values = [str(numbers.get(r.player_id, "")), r.name, _value(r.rating_before, lang),
                  str(r.games_counted), _value(r.score, lang, 1), _value(r.expected_score, lang, 2),
                  _k(r.k, lang), _signed(r.evolution), _value(r.new_rating, lang), _value(r.performance, lang), note]
        table_rows.append([fit(v, w, size, min_size=6, align="left" if i in (1, 10) else "center")
                           for i, (v, w) in enumerate(zip(values, widths, strict=True))])
    table = Table(table_rows, colWidths=widths, repeatRows=1)
    style = [*TABLE_BASE, ("TOPPADDING", (0, 1), (-1, -1), 2), ("BOTTOMPADDING", (0, 1), (-1, -1), 2.5)]
    for i in range(2, len(table_rows), 2):
        style.append(("BACKGROUND", (0, i), (-1, i), colors.HexColor("#f4f4f4")))
    table.setStyle(TableStyle(style))
    system = SYSTEM_NAMES.get(state.event.rating_system, state.event.rating_system.value)
    intro = msg("System: {system}. Preview computed for this event alone; the federation publishes the official "
                "rating.", system=system).text(lang)
    story: list[Flowable] = [para(intro, 8.5)]
    if settings:
        story.append(para(settings, 8.5))
    story.append(Spacer(1, 3 * mm))
    story.append(table if rows else para(msg("No player to rate.").text(lang), 10))
    legend = LEGEND.get(state.event.rating_system)
    if rows and legend is not None:
        story.append(Spacer(1, 2 * mm))
        story.append(para(legend.text(lang), 7.5))
    info = header_info(state, label("rating_report", lang), lang,
                       round_text=after_round_text(state.last_round, lang) if state.rounds else "")
    return build_document(story, info, lang)
