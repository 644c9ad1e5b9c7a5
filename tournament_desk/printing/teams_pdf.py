"""A team event's printed documents (A4): the team standings with the legend of their tie-breaks, the team
crosstable (game points scored against each opponent), the round's match list, and one match sheet per match
(teams, boards, players, colours, result boxes, the captains' and the arbiter's signatures)."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Spacer, Table, TableStyle

from tournament_desk.core.disciplines import profile_of
from tournament_desk.core.errors import NotFoundError, StateError
from tournament_desk.core.formatting import colour_letter
from tournament_desk.core.messages import Msg, msg, pmsg
from tournament_desk.core.model import EventState
from tournament_desk.core.results import Discipline, format_game_result
from tournament_desk.core.sources import FFE_TIEBREAKS, cite
from tournament_desk.core.teams.boards import MatchBoard, rules_of
from tournament_desk.core.teams.scores import round_scores
from tournament_desk.core.teams.standings import team_crosstable, team_standings
from tournament_desk.printing.common import (
    TABLE_BASE,
    after_round_text,
    build_document,
    fit,
    fmt_number,
    fmt_points,
    header_info,
    para,
    round_text,
    usable_width,
)

__all__ = ["match_sheets_pdf", "team_crosstable_pdf", "team_matches_pdf", "team_standings_pdf"]

_SECTIONS = {"MP": "§2.1.2", "GP": "§3", "DE": "§2.1.4", "SBB": "§2.2.2.2", "BH": "§3", "BERLIN": "§4"}


def _tiebreak_name(code: str) -> Msg:
    return {"MP": msg("match points"), "GP": msg("game points"), "DE": msg("direct encounter"),
            "SBB": msg("team Sonneborn-Berger"), "BH": msg("team Buchholz"), "BERLIN": msg("Berlin")}[code]


def _last(state: EventState, after_round: int | None) -> int:
    last = state.last_round if after_round is None else after_round
    if last < 0 or last > state.last_round:
        raise NotFoundError(msg("Round {last} is not paired (last paired round: {last_round})", last=last,
                                last_round=state.last_round))
    return last


def _striped(rows: int) -> list[tuple[object, ...]]:
    return [("BACKGROUND", (0, i), (-1, i), colors.HexColor("#f4f4f4")) for i in range(2, rows, 2)]


def team_standings_pdf(state: EventState, after_round: int | None = None, lang: str = "fr",
                       tiebreaks: Sequence[str] | None = None) -> bytes:
    """The team standings after ``after_round`` (the last paired round by default)."""
    rules = rules_of(state)
    last = _last(state, after_round)
    rows = team_standings(state, last, tiebreaks=tiebreaks)
    codes = [c for c, _v in rows[0].tiebreaks] if rows else list(rules.tiebreaks)
    # Match points and game points have their own columns: a tie-break on either is not printed twice.
    shown = [i for i, c in enumerate(codes) if c not in ("MP", "GP")]
    width = usable_width(False)
    small = 11 * mm
    w_tb = 15 * mm
    w_name = width - 7 * small - w_tb * len(shown)
    size = 9

    def head(text: str, w: float) -> object:
        return fit(text, w, size, bold=True, align="center")

    header: list[object] = [head(pmsg("team standings column", "Rk").text(lang), small),
                            fit(pmsg("team standings column", "Team").text(lang), w_name, size, bold=True),
                            head(pmsg("team standings column", "Pl").text(lang), small),
                            head(pmsg("team standings column", "W").text(lang), small),
                            head(pmsg("team standings column", "D").text(lang), small),
                            head(pmsg("team standings column", "L").text(lang), small),
                            head(pmsg("team standings column", "MP").text(lang), small),
                            head(pmsg("team standings column", "GP").text(lang), small)]
    header += [head(codes[i], w_tb) for i in shown]
    table_rows: list[list[object]] = [header]
    for r in rows:
        cells: list[object] = [fit(f"{r.rank}{'=' if r.shared else ''}", small, size, bold=True, align="center"),
                               fit(r.team.name, w_name, size, min_size=6),
                               fit(str(r.played), small, size, align="center"),
                               fit(str(r.won), small, size, align="center"),
                               fit(str(r.drawn), small, size, align="center"),
                               fit(str(r.lost), small, size, align="center"),
                               fit(fmt_points(r.match_points, lang), small, size, bold=rules.primary == "MP",
                                   align="center"),
                               fit(fmt_points(r.game_points, lang), small, size, bold=rules.primary == "GP",
                                   align="center")]
        cells += [fit("—" if r.tiebreaks[i][1] is None else fmt_number(r.tiebreaks[i][1], lang), w_tb, size - 1,
                      align="center") for i in shown]
        table_rows.append(cells)
    widths = [small, w_name, small, small, small, small, small, small, *([w_tb] * len(shown))]
    table = Table(table_rows, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([*TABLE_BASE, *_striped(len(table_rows))]))
    story: list[Flowable] = [table, Spacer(1, 3 * mm)]
    ranked = msg("Ranked by {score}, then {tiebreaks}", score=_tiebreak_name(rules.primary),
                 tiebreaks=", ".join(_tiebreak_name(c).text(lang) for c in codes) or "—").text(lang)
    story.append(para(ranked, 7.5))
    for code in dict.fromkeys([rules.primary, *codes]):
        source = cite(FFE_TIEBREAKS, _SECTIONS[code]).text(lang, short=True)
        shown_head = pmsg("team standings column", code).text(lang) if code in ("MP", "GP") else code
        story.append(para(f"{shown_head}: {_tiebreak_name(code).text(lang)} ({source})", 7.5))
    info = header_info(state, pmsg("printed", "Team standings").text(lang), lang,
                       round_text=after_round_text(last, lang))
    return build_document(story, info, lang)


def team_crosstable_pdf(state: EventState, lang: str = "fr") -> bytes:
    """The team crosstable: the game points each team scored against each other (a double round robin: both
    matches), then its match points and game points."""
    rules = rules_of(state)
    rows = team_standings(state)
    cross = team_crosstable(state)
    order = [r.team for r in rows]
    n = len(order)
    landscape = n > 8
    width = usable_width(landscape)
    w_no, w_pts = 8 * mm, 11 * mm
    w_name = min(45 * mm, width * 0.3)
    w_cell = (width - w_no - w_name - 2 * w_pts) / max(n, 1)
    size = 8
    header: list[object] = [fit("", w_no, size), fit(pmsg("team standings column", "Team").text(lang), w_name, size,
                                                      bold=True)]
    header += [fit(str(i), w_cell, size, bold=True, align="center") for i in range(1, n + 1)]
    header += [fit(pmsg("team standings column", "MP").text(lang), w_pts, size, bold=True, align="center"),
               fit(pmsg("team standings column", "GP").text(lang), w_pts, size, bold=True, align="center")]
    table_rows: list[list[object]] = [header]
    for i, (r, team) in enumerate(zip(rows, order, strict=True), start=1):
        cells: list[object] = [fit(str(i), w_no, size, align="center"), fit(team.name, w_name, size, min_size=5.5)]
        for j, other in enumerate(order, start=1):
            if i == j:
                cells.append(fit("■", w_cell, size, align="center"))
                continue
            meetings = cross.get(team.id, {}).get(other.id, ())
            text = " / ".join(fmt_points(c.scored, lang) if c.finished else "…" for c in meetings)
            cells.append(fit(text, w_cell, size - 1, align="center", min_size=4.5))
        cells += [fit(fmt_points(r.match_points, lang), w_pts, size, bold=rules.primary == "MP", align="center"),
                  fit(fmt_points(r.game_points, lang), w_pts, size, bold=rules.primary == "GP", align="center")]
        table_rows.append(cells)
    table = Table(table_rows, colWidths=[w_no, w_name, *([w_cell] * n), w_pts, w_pts], repeatRows=1)
    style = [*TABLE_BASE, *_striped(len(table_rows))]
    style += [("BACKGROUND", (1 + i, i), (1 + i, i), colors.HexColor("#bbbbbb")) for i in range(1, n + 1)]
    table.setStyle(TableStyle(style))
    note = msg("Each cell: the game points the team of the row scored against the team of the column, one per "
               "match.").text(lang)
    info = header_info(state, pmsg("printed", "Team crosstable").text(lang), lang,
                       round_text=after_round_text(state.last_round, lang) if state.rounds else "")
    return build_document([table, Spacer(1, 3 * mm), para(note, 7.5)], info, lang, landscape_=landscape)


def _paired(state: EventState, round_number: int) -> None:
    if not 1 <= round_number <= state.last_round:
        raise StateError(msg("Round {number} is not paired", number=round_number))


def team_matches_pdf(state: EventState, round_number: int, lang: str = "fr") -> bytes:
    """The round's match list: each match, home team first, its score so far, and its boards."""
    rules_of(state)
    _paired(state, round_number)
    discipline = state.event.discipline
    has_colours = profile_of(state.event).has_colours
    width = usable_width(False)
    story: list[Flowable] = []
    playing = set()
    for s in round_scores(state, round_number):
        m = s.match
        home, away = state.team(m.home), state.team(m.away)
        playing.update(m.teams())
        score = f"{fmt_points(s.home, lang)} - {fmt_points(s.away, lang)}" if s.finished else ""
        rows: list[list[object]] = [[fit(f"{m.number}.", 10 * mm, 10, bold=True),
                                     fit(home.name, width * 0.4, 10, bold=True),
                                     fit(score, 20 * mm, 10, bold=True, align="center"),
                                     fit(away.name, width * 0.4, 10, bold=True)]]
        for b in s.boards:
            hn = state.player(b.home).name if b.home is not None else "—"
            an = state.player(b.away).name if b.away is not None else "—"
            shown = _board_text(b, discipline) if s.match.forfeit == "" else ""
            colour = colour_letter(b.home_colour == "W", lang).upper() if has_colours else ""
            rows.append([fit(f"{b.board} {colour}".strip(), 10 * mm, 8, align="center"),
                         fit(hn, width * 0.4, 8), fit(shown, 20 * mm, 8, align="center"), fit(an, width * 0.4, 8)])
        table = Table(rows, colWidths=[10 * mm, width * 0.4, 20 * mm, width * 0.4])
        table.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
                                   ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
        story += [KeepTogether([table]), Spacer(1, 4 * mm)]
    for t in state.teams:
        if t.id not in playing:
            story.append(para(msg("{team}: no match this round", team=t.name).text(lang), 9))
    info = header_info(state, pmsg("printed", "Matches").text(lang), lang, round_text=round_text(round_number, lang))
    return build_document(story, info, lang)


def match_sheets_pdf(state: EventState, round_number: int, lang: str = "fr") -> bytes:
    """One match sheet per match of the round: the boards with the players the line-ups name (blank lines when a
    line-up is not given yet), each board's colours, result boxes, the match score and the signatures."""
    rules_of(state)
    _paired(state, round_number)
    has_colours = profile_of(state.event).has_colours  # Scrabble classique: who starts is drawn at the table
    width = usable_width(False)
    story: list[Flowable] = []
    for index, s in enumerate(round_scores(state, round_number)):
        m = s.match
        home, away = state.team(m.home), state.team(m.away)
        if index:
            story.append(PageBreak())
        title = msg("Match {number}: {home} - {away}", number=m.number, home=home.name, away=away.name).text(lang)
        story += [para(title, 13, bold=True), Spacer(1, 4 * mm)]
        w_board, w_colour, w_result = 14 * mm, 14 * mm, 22 * mm
        w_name = (width - w_board - 2 * w_colour - w_result) / 2
        board_head = pmsg("printed", "Board").text(lang)
        head = [fit(board_head, w_board, 9, bold=True, align="center"), fit(home.name, w_name, 9, bold=True),
                fit("", w_colour, 9), fit(pmsg("printed", "Result").text(lang), w_result, 9, bold=True,
                                          align="center"),
                fit("", w_colour, 9), fit(away.name, w_name, 9, bold=True)]
        rows: list[list[object]] = [head]
        for b in s.boards:
            hn = state.player(b.home).name if b.home is not None else ""
            an = state.player(b.away).name if b.away is not None else ""
            away_colour = "B" if b.home_colour == "W" else "W"
            both_given = all(state.lineup(m.round, t) is not None for t in m.teams())
            shown = _board_text(b, state.event.discipline) if both_given else ""
            rows.append([fit(str(b.board), w_board, 10, align="center"), fit(hn, w_name, 10),
                         fit(_colour(b.home_colour, lang) if has_colours else "", w_colour, 9, align="center"),
                         fit(shown, w_result, 10, align="center"),
                         fit(_colour(away_colour, lang) if has_colours else "", w_colour, 9, align="center"),
                         fit(an, w_name, 10)])
        total = msg("Total").text(lang)
        score = f"{fmt_points(s.home, lang)} - {fmt_points(s.away, lang)}" if s.finished else ""
        rows.append([fit("", w_board, 9), fit(total, w_name, 10, bold=True), fit("", w_colour, 9),
                     fit(score, w_result, 10, bold=True, align="center"), fit("", w_colour, 9), fit("", w_name, 9)])
        table = Table(rows, colWidths=[w_board, w_name, w_colour, w_result, w_colour, w_name],
                      rowHeights=[8 * mm] * len(rows))
        table.setStyle(TableStyle([*TABLE_BASE, ("BOX", (3, 1), (3, -1), 1, colors.black)]))
        story += [table, Spacer(1, 10 * mm)]
        signature = pmsg("printed", "Signature").text(lang)
        sign_rows = [[fit(msg("Captain of {team}", team=home.name).text(lang), width / 3, 9, bold=True),
                      fit(msg("Captain of {team}", team=away.name).text(lang), width / 3, 9, bold=True),
                      fit(msg("Arbiter").text(lang), width / 3, 9, bold=True)],
                     [fit(signature, width / 3, 8), fit(signature, width / 3, 8), fit(signature, width / 3, 8)]]
        signs = Table(sign_rows, colWidths=[width / 3] * 3, rowHeights=[8 * mm, 22 * mm])
        signs.setStyle(TableStyle([("BOX", (0, 0), (0, -1), 0.5, colors.black),
                                   ("BOX", (1, 0), (1, -1), 0.5, colors.black),
                                   ("BOX", (2, 0), (2, -1), 0.5, colors.black), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
        story.append(signs)
        if not s.finished and not m.forfeit:
            story += [Spacer(1, 4 * mm), para(msg("Board results are written home team first (1-0: the home "
                                                  "team's player won).").text(lang), 8)]
    info = header_info(state, pmsg("printed", "Match sheets").text(lang), lang,
                       round_text=round_text(round_number, lang))
    return build_document(story, info, lang)


def _board_text(board: MatchBoard, discipline: Discipline) -> str:
    """A board's result home team first; a board left empty by one team or both: the forfeit marks (+ -)."""
    if board.home_result is not None:
        return format_game_result(board.home_result, discipline)
    if board.game is None and (board.home is None) != (board.away is None):
        return "+ -" if board.away is None else "- +"
    return ""


def _colour(letter: str, lang: str) -> str:
    return (pmsg("printed", "White") if letter == "W" else pmsg("printed", "Black")).text(lang)
