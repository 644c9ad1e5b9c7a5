"""Crosstables: the round-robin grid (player × opponent) and the Swiss wallchart (player × round).

Round robin (landscape A4): number, name, club, rating, one column per opponent with every result between the
two players (two for a double round robin), points, tie-breaks, place. A 20-player event fits one page.
Swiss wallchart (landscape A4): place, number, name, club, rating, per round the opponent's number, colour and
result, points, tie-breaks. Results are in the event's scale (:func:`common.outcome_mark`).
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from tournament_desk.core.disciplines import profile_of
from tournament_desk.core.formatting import colour_letter
from tournament_desk.core.messages import pmsg
from tournament_desk.core.model import Bye, EventState, Game
from tournament_desk.core.results import Outcome
from tournament_desk.core.tiebreaks import DEFAULT_EDITION, PRESETS, StandingRow, build_standings, describe_tiebreaks
from tournament_desk.printing.common import (
    TABLE_BASE,
    after_round_text,
    build_document,
    bye_label,
    bye_legend,
    fit,
    fmt_number,
    fmt_points,
    header_info,
    label,
    mark_legend,
    outcome_mark,
    para,
    player_rating,
    points_label,
    rating_label,
    start_numbers,
    tiebreak_head,
    usable_width,
    withdrawn_text,
)

__all__ = ["crosstable_pdf", "default_tiebreaks", "edition_of", "place_texts", "roundrobin_crosstable_pdf",
           "swiss_wallchart_pdf", "tiebreak_legend"]


def default_tiebreaks(state: EventState, tiebreaks: Sequence[str] | None = None) -> tuple[str, ...]:
    """``tiebreaks`` when given (services pass the event's effective list), else the event's own list, else
    the discipline's own list (:mod:`core.disciplines`), else seed 003 §3's recommendation for its kind of event."""
    if tiebreaks is not None:
        return tuple(tiebreaks)
    if state.event.tiebreaks:
        return tuple(state.event.tiebreaks)
    own = profile_of(state.event).default_tiebreak_list  # Scrabble's spread, the FFJD's Solkoff family
    if own is not None:
        return own
    return PRESETS["round-robin"] if state.event.system.is_round_robin else PRESETS["swiss-mostly-unrated"]


def edition_of(state: EventState, edition: str | None = None) -> str:
    """The tie-break rule edition: ``edition`` when given, else the event's, else the default (seed 003)."""
    return edition or state.event.tiebreak_edition or DEFAULT_EDITION.value


def place_texts(rows: Sequence[StandingRow]) -> dict[int, str]:
    """Place per player; a shared place prints as a range (``3-4``)."""
    by_rank: dict[int, int] = {}
    for r in rows:
        by_rank[r.rank] = by_rank.get(r.rank, 0) + 1
    out = {}
    for r in rows:
        count = by_rank[r.rank]
        out[r.player_id] = f"{r.rank}-{r.rank + count - 1}" if count > 1 else str(r.rank)
    return out


def tiebreak_legend(codes: Sequence[str], lang: str, size: float = 7, *,
                    edition: str = DEFAULT_EDITION.value, state: EventState | None = None) -> list[Flowable]:
    """One paragraph: each tie-break's head (the discipline's federation's word when ``state`` is given), label,
    source and how unplayed games count in ``edition``."""
    if not codes:
        return []
    infos = describe_tiebreaks(codes, edition=edition, lang=lang)
    items = "; ".join(f"{tiebreak_head(state, i.code, lang)} = {i.label} ({i.source}; {i.edition})" if i.edition
                      else f"{tiebreak_head(state, i.code, lang)} = {i.label} ({i.source})" for i in infos)
    return [para(pmsg("printed", "Tie-breaks: {items}", items=items).text(lang), size)]


def crosstable_pdf(state: EventState, lang: str = "fr", *, tiebreaks: Sequence[str] | None = None,
                   edition: str | None = None) -> bytes:
    """The crosstable the event's system calls for: the round-robin grid or the Swiss wallchart."""
    if state.event.system.is_round_robin:
        return roundrobin_crosstable_pdf(state, lang, tiebreaks=tiebreaks, edition=edition)
    return swiss_wallchart_pdf(state, lang, tiebreaks=tiebreaks, edition=edition)


def roundrobin_crosstable_pdf(state: EventState, lang: str = "fr", *, tiebreaks: Sequence[str] | None = None,
                              edition: str | None = None) -> bytes:
    """Player × opponent grid: every result between two players in the cell, diagonal shaded."""
    codes = default_tiebreaks(state, tiebreaks)
    ed = edition_of(state, edition)
    rows = build_standings(state, list(codes), edition=ed)
    places = place_texts(rows)
    by_player = {r.player_id: r for r in rows}
    numbers = start_numbers(state)
    players = sorted(state.players, key=lambda p: numbers[p.id])
    n = len(players)
    width = usable_width(True)

    # column widths: fixed columns, then the opponents' columns share what is left with name and club
    w_no, w_rating, w_pts, w_place, w_tb = 7 * mm, 10 * mm, 10 * mm, 9 * mm, 11 * mm
    fixed = w_no + w_rating + w_pts + w_place + w_tb * len(codes)
    name_club_min = 62 * mm
    w_res = max(4 * mm, min(14 * mm, (width - fixed - name_club_min) / max(n, 1)))
    rest = width - fixed - w_res * n
    w_name, w_club = rest * 0.66, rest * 0.34
    widths = [w_no, w_name, w_club, w_rating] + [w_res] * n + [w_pts] + [w_tb] * len(codes) + [w_place]

    base = 9 if n <= 12 else 8 if n <= 20 else 6.5
    header = [fit(label("no", lang), w_no, base, bold=True, align="center"),
              fit(label("name", lang), w_name, base, bold=True),
              fit(label("club", lang), w_club, base, bold=True),
              fit(rating_label(state, lang), w_rating, base, bold=True, align="center")]
    header += [fit(str(numbers[p.id]), w_res, base, bold=True, align="center") for p in players]
    header += [fit(points_label(state, lang), w_pts, base, bold=True, align="center")]
    header += [fit(tiebreak_head(state, c, lang), w_tb, base - 1, bold=True, align="center") for c in codes]
    header += [fit(label("place", lang), w_place, base, bold=True, align="center")]
    table_rows: list[list[object]] = [header]

    results: dict[tuple[int, int], list[str]] = {}
    for rnd in state.rounds:
        for g in rnd.games:
            for me in g.players():
                outcome = g.outcome_of(me)
                mark = outcome_mark(outcome, state) if outcome is not None else "…"
                results.setdefault((me, g.opponent_of(me)), []).append(mark)

    for p in players:
        row = by_player[p.id]
        name = p.name
        if p.withdrawn_from_round is not None:
            name += f" ({withdrawn_text(p.withdrawn_from_round, lang)})"
        cells: list[object] = [
            fit(str(numbers[p.id]), w_no, base, align="center"),
            fit(name, w_name, base),
            fit(p.club, w_club, base),
            fit(player_rating(p, state), w_rating, base, align="center"),
        ]
        for q in players:
            text = "" if q.id == p.id else " ".join(results.get((p.id, q.id), []))
            cells.append(fit(text, w_res, base, min_size=4.5 if n <= 24 else 4, align="center"))
        cells.append(fit(fmt_points(row.points, lang), w_pts, base, bold=True, align="center"))
        cells += [fit(fmt_number(v.value, lang), w_tb, base - 1, align="center") for v in row.tiebreaks]
        cells.append(fit(places[p.id], w_place, base, bold=True, align="center"))
        table_rows.append(cells)

    table = Table(table_rows, colWidths=widths, repeatRows=1)
    style = list(TABLE_BASE)
    if n <= 24:  # room to spare on the page: taller rows are easier to read on a wall
        style += [("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5)]
    for i in range(n):
        style.append(("BACKGROUND", (4 + i, 1 + i), (4 + i, 1 + i), colors.HexColor("#9a9a9a")))
    for i in range(2, n + 1, 2):
        style.append(("BACKGROUND", (0, i), (3, i), colors.HexColor("#f2f2f2")))
    style.append(("LINEAFTER", (3, 0), (3, -1), 1, colors.black))
    style.append(("LINEAFTER", (3 + n, 0), (3 + n, -1), 1, colors.black))
    table.setStyle(TableStyle(style))

    story: list[Flowable] = [table, Spacer(1, 2 * mm), para(_system_line(state, lang), 7),
                             para(mark_legend(state, lang), 7)]
    story += tiebreak_legend(codes, lang, edition=ed, state=state)
    if not state.players:
        story = [para(label("no_players", lang), 10)]
    info = header_info(state, label("crosstable", lang), lang, round_text=_rounds_text(state, lang))
    return build_document(story, info, lang, landscape_=True)


def _rounds_text(state: EventState, lang: str) -> str:
    return after_round_text(state.last_round, lang) if state.rounds else ""


def _system_line(state: EventState, lang: str) -> str:
    e = state.event
    played = sum(1 for r in state.rounds if r.is_complete)
    return pmsg("printed", "System: {system} · Time control: {time_control} · Complete rounds: {played} / {rounds} "
                "· Players: {players}", system=_SYSTEMS[e.system.value], time_control=str(e.time_control),
                played=played, rounds=e.rounds, players=len(state.players)).text(lang)


_SYSTEMS = {"round-robin": pmsg("printed system", "round robin"),
            "double-round-robin": pmsg("printed system", "double round robin"),
            "dutch": pmsg("printed system", "Swiss (Dutch)"),
            "scoregroup": pmsg("printed system", "Swiss (score groups)"),
            "manual": pmsg("printed system", "manual pairings"), "knockout": pmsg("printed system", "knockout")}


def swiss_wallchart_pdf(state: EventState, lang: str = "fr", *, tiebreaks: Sequence[str] | None = None,
                        edition: str | None = None) -> bytes:
    """Per player and round: opponent's number, colour and result; points, tie-breaks, place."""
    colours = profile_of(state.event).has_colours
    codes = default_tiebreaks(state, tiebreaks)
    ed = edition_of(state, edition)
    rows = build_standings(state, list(codes), edition=ed)
    places = place_texts(rows)
    numbers = start_numbers(state)
    rounds = [r.number for r in state.rounds]
    k = len(rounds)
    width = usable_width(True)
    w_place, w_no, w_rating, w_pts, w_tb = 9 * mm, 8 * mm, 10 * mm, 10 * mm, 11 * mm
    fixed = w_place + w_no + w_rating + w_pts + w_tb * len(codes)
    w_round = max(9 * mm, min(16 * mm, (width - fixed - 70 * mm) / max(k, 1)))
    rest = width - fixed - w_round * k
    w_name, w_club = min(rest * 0.65, 80 * mm), min(rest * 0.35, 50 * mm)  # few rounds: a narrower table
    widths = [w_place, w_no, w_name, w_club, w_rating] + [w_round] * k + [w_pts] + [w_tb] * len(codes)
    base = 7.5 if len(state.players) <= 40 else 7
    header: list[object] = [fit(label("place", lang), w_place, base, bold=True, align="center"),
                            fit(label("no", lang), w_no, base, bold=True, align="center"),
                            fit(label("name", lang), w_name, base, bold=True),
                            fit(label("club", lang), w_club, base, bold=True),
                            fit(rating_label(state, lang), w_rating, base, bold=True, align="center")]
    header += [fit(f"R{r}", w_round, base, bold=True, align="center") for r in rounds]
    header += [fit(points_label(state, lang), w_pts, base, bold=True, align="center")]
    header += [fit(tiebreak_head(state, c, lang), w_tb, base - 1, bold=True, align="center") for c in codes]
    table_rows: list[list[object]] = [header]
    for row in rows:
        p = state.player(row.player_id)
        name = p.name
        if p.withdrawn_from_round is not None:
            name += f" ({withdrawn_text(p.withdrawn_from_round, lang)})"
        cells: list[object] = [fit(places[p.id], w_place, base, bold=True, align="center"),
                               fit(str(numbers[p.id]), w_no, base, align="center"),
                               fit(name, w_name, base), fit(p.club, w_club, base),
                               fit(player_rating(p, state), w_rating, base, align="center")]
        for rnd in state.rounds:
            entry = rnd.entry_of(p.id)
            if isinstance(entry, Game):
                outcome = entry.outcome_of(p.id)
                mark = outcome_mark(outcome, state) if outcome is not None else "…"
                opp = numbers[entry.opponent_of(p.id)]
                colour = colour_letter(entry.white_id == p.id, lang) if colours else ""  # Scrabble: none
                text = f"{opp}{colour} {mark}"
            elif isinstance(entry, Bye):
                text = f"{bye_label(entry.kind, lang, short=True)} {outcome_mark(entry.kind, state)}"
            else:
                # no board and no bye record: absent, or withdrawn (seed 003 reading 11)
                kind = Outcome.ZERO_BYE if p.is_active_in(rnd.number) else Outcome.WITHDRAWN
                text = f"{bye_label(kind, lang, short=True)} {outcome_mark(kind, state)}"
            cells.append(fit(text, w_round, base, min_size=4.5, align="center"))
        cells.append(fit(fmt_points(row.points, lang), w_pts, base, bold=True, align="center"))
        cells += [fit(fmt_number(v.value, lang), w_tb, base - 1, align="center") for v in row.tiebreaks]
        table_rows.append(cells)
    table = Table(table_rows, colWidths=widths, repeatRows=1)
    style = list(TABLE_BASE)
    for i in range(2, len(table_rows), 2):
        style.append(("BACKGROUND", (0, i), (-1, i), colors.HexColor("#f4f4f4")))
    table.setStyle(TableStyle(style))
    colours = pmsg("printed", "w = white, b = black").text(lang)
    story: list[Flowable] = [table, Spacer(1, 2 * mm), para(_system_line(state, lang), 7),
                             para(f"{colours}; {bye_legend(lang)}; {mark_legend(state, lang)}", 7)]
    story += tiebreak_legend(codes, lang, edition=ed, state=state)
    if not state.players:
        story = [para(label("no_players", lang), 10)]
    info = header_info(state, label("wallchart", lang), lang, round_text=_rounds_text(state, lang))
    return build_document(story, info, lang, landscape_=True)

