"""The rating preview report (A4 portrait): per player the rating before, games counted, expected score,
evolution, new rating, performance and notes, from :func:`core.ratings.from_event.preview_event` (the
event's own rating system: FFJD Capital-Points, national Elo or Scrabble PL). See docs/ratings.md."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from tournament_desk.core.model import EventState, RatingSystem
from tournament_desk.core.ratings.common import PreviewRow
from tournament_desk.printing.common import (
    TABLE_BASE,
    build_document,
    fit,
    fmt_number,
    header_info,
    label,
    para,
    start_numbers,
    usable_width,
)

__all__ = ["LEGEND", "NOTE_FR", "SYSTEM_NAMES", "rating_report_pdf"]

SYSTEM_NAMES: dict[RatingSystem, tuple[str, str]] = {
    RatingSystem.FFJD: ("Capitaux-Points FFJD (règlement du classement, seed 000)",
                        "FFJD Capital-Points (rating regulations, seed 000)"),
    RatingSystem.NATIONAL_ELO: ("Élo national (seed 001)", "National Elo (seed 001)"),
    RatingSystem.FISF_PL: ("Cote PL Scrabble classique (seed 002)", "Scrabble classique PL rating (seed 002)"),
}
NOTE_FR = {"first rating": "premier classement", "not yet rated": "pas encore classé", "floor 600": "plancher 600",
           "": ""}

_COLUMNS = (("no", "N°", "No."), ("name", "Nom", "Name"), ("before", "Avant", "Before"),
            ("games", "Parties", "Games"), ("score", "Points", "Score"), ("expected", "Attendu", "Expected"),
            ("k", "K", "K"), ("evolution", "Évol.", "Change"), ("new", "Nouveau", "New"), ("perf", "Perf.", "Perf."),
            ("note", "Remarque", "Note"))

# What the Score, Expected and K columns hold, per system (printed under the table).
LEGEND: dict[RatingSystem, tuple[str, str]] = {
    RatingSystem.FFJD: (
        "Points : points marqués contre les joueurs classés (barème 2/1/0) ; Attendu : somme des PA (§6.1.2) ; "
        "K : coefficient du §6.1.1 (cadence et CP) ; Évol. : évolution publiée, après le plancher de 600 (§6.3).",
        "Score: points scored against classed players (2/1/0 scale); Expected: sum of the PA (§6.1.2); K: the "
        "§6.1.1 coefficient (cadence and CP); Change: the published evolution, after the 600 floor (§6.3)."),
    RatingSystem.NATIONAL_ELO: (
        "Points : score Sc contre les adversaires compatibles (§2.2) ; Attendu : somme des scores attendus au Élo "
        "Ei sur les mêmes parties (table FIDE 8.1(b), compagne de la table D(P) du §2.4) ; K : part de la "
        "performance dans le nouvel Élo, Ej = Ei + K × (Pj − Ei) avant arrondi (§3 : 1.a Nj/(16 + Nj), "
        "1.c Nj/16, 2.c Nj/(Nj + Na), 1 quand la performance remplace le Élo).",
        "Score: Sc against the compatible opponents (§2.2); Expected: sum of the expected scores at Ei over the "
        "same games (FIDE table 8.1(b), the companion of the D(P) table of §2.4); K: the share of the performance "
        "in the new Elo, Ej = Ei + K × (Pj − Ei) before rounding (§3: 1.a Nj/(16 + Nj), 1.c Nj/16, "
        "2.c Nj/(Nj + Na), 1 when the performance replaces the Elo)."),
    RatingSystem.FISF_PL: (
        "Points : points de l'épreuve ; l'évolution est PE + B + PJ (§2.2).",
        "Score: the event's points; the change is PE + B + PJ (§2.2)."),
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
    header = [fit(fr if lang == "fr" else en, w, size - 0.5, bold=True, align="left" if key == "name" else "center")
              for (key, fr, en), w in zip(_COLUMNS, widths, strict=True)]
    table_rows: list[list[object]] = [header]
    for r in sorted(rows, key=lambda x: numbers.get(x.player_id, 0)):
        note = NOTE_FR.get(r.note, r.note) if lang == "fr" else r.note
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
    fr_name, en_name = SYSTEM_NAMES.get(state.event.rating_system, (state.event.rating_system.value,) * 2)
    intro = (f"Système : {fr_name}. Aperçu calculé pour ce seul tournoi ; la fédération publie le classement "
             "officiel." if lang == "fr" else
             f"System: {en_name}. Preview computed for this event alone; the federation publishes the official "
             "rating.")
    story: list[Flowable] = [para(intro, 8.5)]
    if settings:
        story.append(para(settings, 8.5))
    story.append(Spacer(1, 3 * mm))
    story.append(table if rows else para("Aucun joueur à classer." if lang == "fr" else "No player to rate.", 10))
    legend = LEGEND.get(state.event.rating_system)
    if rows and legend is not None:
        story.append(Spacer(1, 2 * mm))
        story.append(para(legend[0] if lang == "fr" else legend[1], 7.5))
    info = header_info(state, label("rating_report", lang), lang,
                       round_text=f"{label('after_round', lang)} {state.last_round}" if state.rounds else "")
    return build_document(story, info, lang)
