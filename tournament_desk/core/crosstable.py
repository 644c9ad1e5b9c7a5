"""The standings, the Swiss wallchart and the round-robin grid as one plain value: what the Standings tab shows
and what is printed, computed once (docs/architecture.md, "One source for each thing a user reads").

* :func:`rounds_counted` — which rounds standings count: the last round with all its results in, at most the
  round asked (docs/rules.md §5, "Parties en cours / Pending games"); a round in progress is named, never counted.
* :func:`build_table` — from the ranked rows of :func:`~tournament_desk.core.tiebreaks.build_standings`, the
  table in one language: its columns in order (heading and kind), its rows in order (start number, name, club,
  rating, the cells, points, tie-break values, place), and the notes printed under it (legends).

  - ``grid`` (round robin): rows and opponent columns by start number; a cell holds every result between the
    two players (two in a double round robin), in the event's scale; Scrabble classique its scores, the
    player's first (``412-380``, :func:`game_mark`).
  - ``wallchart`` (Swiss and the other systems): rows by place; per round the opponent's START number (never
    the place: tied players share one), the colour letter in the user's language (none in Scrabble classique,
    which has no colours: :mod:`core.disciplines`) and the result mark (Scrabble classique: the scores, the
    player's first); a bye as the legend writes it.
  - ``standings``: the ranked rows without cells.

The screen (``gui/tabs/standings.py``) and the paper (``printing/crosstable.py``, ``printing/standings_pdf.py``)
render the same value; the notation helpers below (result marks, bye labels, start numbers) are shared with the
other printed documents through ``printing/common.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournament_desk.core.disciplines import profile_of, rating_short
from tournament_desk.core.errors import ValidationError
from tournament_desk.core.formatting import colour_letter, format_number, format_score
from tournament_desk.core.ids import numbers_in_order
from tournament_desk.core.messages import SEMICOLON, Msg, list_separator, msg, pmsg
from tournament_desk.core.model import Bye, EventState, Game, Player, RatingSystem
from tournament_desk.core.ratings import scrabble_pl
from tournament_desk.core.results import Discipline, Outcome
from tournament_desk.core.sources import FISF_PL, cite
from tournament_desk.core.tiebreaks import StandingRow, describe_tiebreaks

__all__ = [
    "COLUMN_LABELS",
    "KINDS",
    "PROVISIONAL_MARK",
    "Crosstable",
    "RoundsCounted",
    "TableColumn",
    "TableRow",
    "after_round_text",
    "build_table",
    "bye_label",
    "bye_legend",
    "game_mark",
    "mark_legend",
    "outcome_mark",
    "player_rating",
    "points_label",
    "provisional_legend",
    "provisional_rating",
    "rating_label",
    "rounds_counted",
    "start_numbers",
    "tiebreak_head",
    "withdrawn_text",
]

KINDS = ("grid", "wallchart", "standings")

# ------------------------------------------------------------------------------------------------ rounds counted


@dataclass(frozen=True, slots=True)
class RoundsCounted:
    """Which rounds a table counts. ``counted``: the last round with all its results in, at most the round asked
    (0: none); ``in_progress``: the rounds paired after it and up to the round asked (the last paired round when
    none was asked), shown as in progress and not counted; ``pending``: rounds counted that still have games
    without a result (those games are ignored, docs/rules.md §5)."""

    asked: int | None
    counted: int
    in_progress: tuple[int, ...]
    pending: tuple[int, ...]

    def notes(self, lang: str) -> tuple[str, ...]:
        """``Round 3 in progress: not counted`` for each round in progress, then the counted rounds' pending
        games."""
        out = [msg("Round {number} in progress: not counted", number=n).text(lang) for n in self.in_progress]
        if self.pending:
            out.append(msg("Games without a result in round {rounds} are not counted",
                           rounds=", ".join(str(n) for n in self.pending)).text(lang))
        return tuple(out)


def rounds_counted(state: EventState, after_round: int | None = None) -> RoundsCounted:
    """The rounds standings after ``after_round`` count (the last paired round when None): up to the last round
    with all its results in, at most ``after_round``. A round whose results are not all in is never counted as
    played, whatever was asked (docs/rules.md §5)."""
    last = state.last_round
    if after_round is not None and not 0 <= after_round <= last:
        raise ValidationError(
            msg("No standings after round {after_round}: rounds 0 to {last_round} are paired",
                after_round=after_round, last_round=last),
        )
    limit = last if after_round is None else after_round
    paired = sorted(r.number for r in state.rounds if r.number <= limit)
    complete = {r.number for r in state.rounds if r.number <= limit and r.is_complete}
    counted = max(complete, default=0)
    return RoundsCounted(after_round, counted, tuple(n for n in paired if n > counted),
                         tuple(n for n in paired if n <= counted and n not in complete))


def after_round_text(number: int, lang: str) -> str:
    """``after round 3`` / ``après la ronde 3``."""
    return pmsg("printed", "after round {number}", number=number).text(lang)


def withdrawn_text(number: int, lang: str) -> str:
    """``withdrawn from round 3`` / ``retiré à partir de la ronde 3``: beside a withdrawn player's name."""
    return pmsg("printed", "withdrawn from round {number}", number=number).text(lang)


# ------------------------------------------------------------------------------------------------ notation

COLUMN_LABELS: dict[str, Msg] = {
    # The catalogue's context "printed": the documents' own words (short column headings, titles).
    "no": pmsg("printed", "No."),
    "name": pmsg("printed", "Name"),
    "club": pmsg("printed", "Club"),
    "points": pmsg("printed", "Pts"),
    "place": pmsg("printed", "Pl."),
    "crosstable": pmsg("printed", "Crosstable"),
    "wallchart": pmsg("printed", "Swiss wallchart"),
    "standings": pmsg("printed", "Standings"),
}

def rating_label(state: EventState, lang: str) -> str:
    """The rating column's head: the rating lists' own abbreviations (``Elo``, ``CP``, ``PL``: the same in every
    language, :func:`core.disciplines.rating_short`), ``Rtg`` for an event rated by none."""
    if state.event.rating_system is RatingSystem.NONE:
        return pmsg("printed", "Rtg").text(lang)
    return rating_short(state.event.rating_system, lang)


def points_label(state: EventState, lang: str) -> str:
    """The points column's head: ``Pts``; the wins in Scrabble classique (seed 002 §7: ranked by wins)."""
    profile = profile_of(state.event)
    return profile.points_head.text(lang) if profile.game_scores else COLUMN_LABELS["points"].text(lang)


def tiebreak_head(state: EventState | None, code: str, lang: str) -> str:
    """A tie-break column's head: the word the discipline's federation uses (Scrabble « Écart », the FFJD's
    Sk, Sm, St), else the code."""
    head = profile_of(state.event).tiebreak_head(code) if state is not None else None
    return head.text(lang) if head is not None else code


_BYE_LABELS: dict[Outcome, Msg] = {
    Outcome.PAIRING_BYE: pmsg("printed bye", "BYE"),
    Outcome.HALF_BYE: pmsg("printed bye", "½ bye"),
    Outcome.FULL_BYE: pmsg("printed bye", "full bye"),
    Outcome.ZERO_BYE: pmsg("printed bye", "absent"),
    Outcome.WITHDRAWN: pmsg("printed bye", "withdrawn"),
}
_BYE_SHORT: dict[Outcome, Msg] = {
    Outcome.PAIRING_BYE: pmsg("printed bye, short", "BYE"),
    Outcome.HALF_BYE: pmsg("printed bye, short", "hpb"),
    Outcome.FULL_BYE: pmsg("printed bye, short", "fpb"),
    Outcome.ZERO_BYE: pmsg("printed bye, short", "abs"),
    Outcome.WITHDRAWN: pmsg("printed bye, short", "wd"),
}


def bye_label(kind: Outcome, lang: str, *, short: bool = False) -> str:
    """How a bye kind is printed (``EXEMPT`` for the pairing-allocated bye, as FFJD sheets say)."""
    return (_BYE_SHORT if short else _BYE_LABELS)[kind].text(lang)


def bye_legend(lang: str) -> str:
    return list_separator(SEMICOLON, lang).join(f"{bye_label(k, lang, short=True)} = {bye_label(k, lang)}"
                                                for k in _BYE_SHORT)


_CHESS_FORFEIT = {
    Outcome.FORFEIT_WIN_EXCUSED: "+", Outcome.FORFEIT_WIN_UNEXCUSED: "+",
    Outcome.FORFEIT_LOSS_EXCUSED: "-", Outcome.FORFEIT_LOSS_UNEXCUSED: "-",
    Outcome.ZERO_BY_RULE: "0r", Outcome.DOUBLE_FORFEIT: "0d",
}


def outcome_mark(outcome: Outcome, state: EventState) -> str:
    """One player's result in a crosstable cell, in the event's scale.

    Played games: the points of the scoring profile (2/1/0 draughts, 1/½/0 chess). Draughts keeps the FFJD
    codes for unplayed games (2fe, 0fe, 2fne, 0fne, 0r, 0d, seed 000 §4); other disciplines write ``+``/``-``
    for forfeits and the FFJD codes 0r/0d.
    """
    if outcome in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS):
        return format_score(state.event.scoring.points(outcome))
    if outcome.is_bye:
        return format_score(state.event.scoring.points(outcome))
    if state.event.discipline is Discipline.DRAUGHTS:
        return outcome.value
    return _CHESS_FORFEIT[outcome]


def game_mark(game: Game, player_id: int, state: EventState) -> str:
    """One player's result of a game in a crosstable cell: Scrabble classique, the player's score then his
    opponent's (``412-380``) when both were entered (docs/rules.md §4c: the scores decide the game and the
    spread); otherwise, and in every other game, :func:`outcome_mark`; ``…`` while the result is missing."""
    outcome = game.outcome_of(player_id)
    if outcome is None:
        return "…"
    if profile_of(state.event).game_scores and outcome.is_played and game.white_points is not None \
            and game.black_points is not None:
        own, other = (game.white_points, game.black_points) if game.white_id == player_id else \
            (game.black_points, game.white_points)
        return f"{own}-{other}"
    return outcome_mark(outcome, state)


def mark_legend(state: EventState, lang: str) -> str:
    """The legend of a crosstable's marks: draughts spells out the FFJD codes (seed 000 §4) as the discipline's
    profile writes them, with the regulations' citation; Scrabble classique its cells' scores."""
    if state.event.discipline is Discipline.DRAUGHTS:
        return profile_of(state.event).legend_text(lang, cells=True)
    if profile_of(state.event).game_scores:
        return msg("412-380 = the player's score, then his opponent's (the higher score wins: 1 point; equal "
                   "scores: ½); 1 / ½ / 0 = a game whose scores were not entered; + / - = forfeit win / loss (1 / 0 "
                   "point, no spread); 0d = double forfeit").text(lang)
    return msg("+ / - = forfeit win / loss; 0r = 0-0 by rule; 0d = double forfeit").text(lang)


def start_numbers(state: EventState) -> dict[int, int]:
    """Printed player numbers: pairing numbers when assigned, then the others after them in id order."""
    return numbers_in_order(state.players)


PROVISIONAL_MARK = "*"
"""The mark after a PL* shown where a Scrabble player has no PL (``2250*``)."""


def provisional_rating(player: Player, state: EventState) -> int | None:
    """The PL* the program gives ``player`` in a cote PL event when he has no PL (none stored, or marked unrated,
    "NC") but a duplicate series: the rating his place in the initial ranking (the classique formula's pairing)
    and the cote PL preview use (seed 002 §2.1); None otherwise (he has a PL, or no series is given)."""
    if state.event.rating_system is not RatingSystem.FISF_PL or not player.duplicate_series:
        return None
    if not player.unrated and player.rating(RatingSystem.FISF_PL) is not None:
        return None
    return scrabble_pl.provisional_rating(scrabble_pl.DuplicateSeries(player.duplicate_series))


def player_rating(player: Player, state: EventState) -> str:
    """The rating shown for ``player``: his rating in the event's system, or his PL* with its mark
    (``2250*``, :func:`provisional_rating`), or nothing."""
    value = player.rating(state.event.rating_system)
    if value is None or player.unrated:
        star = provisional_rating(player, state)
        return "" if star is None else f"{star}{PROVISIONAL_MARK}"
    return str(value)


def provisional_legend(state: EventState) -> Msg | None:
    """The legend of the PL* mark (seed 002 §2.1), when a player of the event shows one; None otherwise."""
    if not any(provisional_rating(p, state) is not None for p in state.players):
        return None
    return msg("* PL*: provisional rating from the duplicate series ({source})",
               source=cite(FISF_PL, "§2.1").message)


_SYSTEMS = {"round-robin": pmsg("printed system", "round robin"),
            "double-round-robin": pmsg("printed system", "double round robin"),
            "dutch": pmsg("printed system", "Swiss (Dutch)"),
            "scoregroup": pmsg("printed system", "Swiss (score groups)"),
            "classique": pmsg("printed system", "French classique formula (groups of wins, 1st against last)"),
            "manual": pmsg("printed system", "manual pairings"), "knockout": pmsg("printed system", "knockout")}


def _system_line(state: EventState, counted: int, lang: str) -> str:
    e = state.event
    played = sum(1 for r in state.rounds if r.number <= counted and r.is_complete)
    return pmsg("printed", "System: {system} · Time control: {time_control} · Complete rounds: {played} / {rounds} "
                "· Players: {players}", system=_SYSTEMS[e.system.value], time_control=str(e.time_control),
                played=played, rounds=e.rounds, players=len(state.players)).text(lang)


def tiebreak_note(codes: Sequence[str], lang: str, edition: str, state: EventState | None = None) -> str:
    """One line: each tie-break's head (the discipline's federation's word when ``state`` is given), label,
    source and how unplayed games count in ``edition`` ("" without any)."""
    if not codes:
        return ""
    infos = describe_tiebreaks(codes, edition=edition, lang=lang)
    semicolon = list_separator(SEMICOLON, lang)
    items = semicolon.join(f"{tiebreak_head(state, i.code, lang)} = {i.label} ({i.source}{semicolon}{i.edition})"
                           if i.edition else f"{tiebreak_head(state, i.code, lang)} = {i.label} ({i.source})"
                           for i in infos)
    return pmsg("printed", "Tie-breaks: {items}", items=items).text(lang)


# ------------------------------------------------------------------------------------------------ the table


@dataclass(frozen=True, slots=True)
class TableColumn:
    """One column: ``key`` is ``place``, ``number``, ``name``, ``club``, ``rating``, ``cell`` (``index``: which
    round or opponent), ``points`` or ``tiebreak`` (``index``: which code); ``heading`` is its text."""

    key: str
    heading: str
    index: int = 0


@dataclass(frozen=True, slots=True)
class TableRow:
    """One player's row, every text as shown and printed. ``own_cell`` is the grid's diagonal (the column of the
    player's own number), None elsewhere."""

    player_id: int
    place: int
    place_text: str
    number: int
    name: str
    club: str
    rating: str
    cells: tuple[str, ...]
    points: str
    tiebreaks: tuple[str, ...]
    withdrawn: bool
    own_cell: int | None = None

    def text(self, column: TableColumn) -> str:
        key = column.key
        if key == "cell":
            return self.cells[column.index]
        if key == "tiebreak":
            return self.tiebreaks[column.index]
        return str(getattr(self, {"place": "place_text", "number": "number"}.get(key, key)))


@dataclass(frozen=True, slots=True)
class Crosstable:
    """A table in one language (``kind`` in :data:`KINDS`): columns and rows in order, and the notes under it
    (the rounds in progress first, then the legends)."""

    kind: str
    lang: str
    event_name: str
    rounds: RoundsCounted
    codes: tuple[str, ...]
    edition: str
    columns: tuple[TableColumn, ...]
    rows: tuple[TableRow, ...]
    notes: tuple[str, ...]

    @property
    def after_round(self) -> int:
        """The last round counted."""
        return self.rounds.counted

    @property
    def progress_notes(self) -> tuple[str, ...]:
        """The notes on the rounds in progress (printed above the table)."""
        return self.rounds.notes(self.lang)

    @property
    def legends(self) -> tuple[str, ...]:
        """The notes after those: the legends (printed under the table)."""
        return self.notes[len(self.progress_notes):]

    def headings(self) -> tuple[str, ...]:
        return tuple(c.heading for c in self.columns)

    def texts(self, row: TableRow) -> tuple[str, ...]:
        """The row's texts, column by column."""
        return tuple(row.text(c) for c in self.columns)

    def title(self) -> str:
        """The document's name: ``Grille américaine``, ``Standings``..."""
        return COLUMN_LABELS[{"grid": "crosstable"}.get(self.kind, self.kind)].text(self.lang)

    def round_text(self) -> str:
        """``après la ronde 2`` (the rounds in progress are in :attr:`notes`)."""
        return after_round_text(self.rounds.counted, self.lang)


def _places(rows: Sequence[StandingRow]) -> dict[int, str]:
    """Place per player; a shared place reads as a range (``3-4``) on each of its rows."""
    by_rank: dict[int, int] = {}
    for r in rows:
        by_rank[r.rank] = by_rank.get(r.rank, 0) + 1
    return {r.player_id: f"{r.rank}-{r.rank + by_rank[r.rank] - 1}" if by_rank[r.rank] > 1 else str(r.rank)
            for r in rows}


def build_table(state: EventState, rows: Sequence[StandingRow], codes: Sequence[str], *, rounds: RoundsCounted,
                edition: str, lang: str, kind: str | None = None) -> Crosstable:
    """The table of ``kind`` (default: the grid for a round robin, else the wallchart) from the standings ``rows``
    computed after ``rounds.counted`` with ``codes`` in ``edition``."""
    if kind is None:
        kind = "grid" if state.event.system.is_round_robin else "wallchart"
    if kind not in KINDS:
        raise ValueError(f"unknown table kind {kind!r}")
    counted = rounds.counted
    numbers = start_numbers(state)
    places = _places(rows)
    by_player = {r.player_id: r for r in rows}
    players = {p.id: p for p in state.players}
    label = {k: m.text(lang) for k, m in COLUMN_LABELS.items()}
    played = [r for r in sorted(state.rounds, key=lambda r: r.number) if r.number <= counted]

    if kind == "grid":
        order = sorted(state.players, key=lambda p: numbers[p.id])
        cell_heads = [str(numbers[p.id]) for p in order]
    else:
        order = [players[r.player_id] for r in rows]
        cell_heads = [f"R{r.number}" for r in played] if kind == "wallchart" else []

    head = [TableColumn("number", label["no"]), TableColumn("name", label["name"]),
            TableColumn("club", label["club"]), TableColumn("rating", rating_label(state, lang))]
    cells = [TableColumn("cell", h, i) for i, h in enumerate(cell_heads)]
    tail = [TableColumn("points", points_label(state, lang)),
            *(TableColumn("tiebreak", tiebreak_head(state, c, lang), i) for i, c in enumerate(codes))]
    if kind == "grid":
        columns = [*head, *cells, *tail, TableColumn("place", label["place"])]
    else:
        columns = [TableColumn("place", label["place"]), *head, *cells, *tail]

    results: dict[tuple[int, int], list[str]] = {}
    if kind == "grid":
        for rnd in played:
            for g in rnd.games:
                for me in g.players():
                    results.setdefault((me, g.opponent_of(me)), []).append(game_mark(g, me, state))

    table_rows = []
    for p in order:
        row = by_player[p.id]
        if kind == "grid":
            texts = tuple("" if q.id == p.id else " ".join(results.get((p.id, q.id), [])) for q in order)
            own: int | None = next(i for i, q in enumerate(order) if q.id == p.id)
        elif kind == "wallchart":
            texts = tuple(_wallchart_cell(state, p, rnd.number, numbers, lang) for rnd in played)
            own = None
        else:
            texts, own = (), None
        withdrawn = p.withdrawn_from_round is not None and p.withdrawn_from_round <= counted + 1
        name = f"{p.name} ({withdrawn_text(p.withdrawn_from_round, lang)})" \
            if withdrawn and p.withdrawn_from_round is not None else p.name
        table_rows.append(TableRow(
            player_id=p.id, place=row.rank, place_text=places[p.id], number=numbers[p.id], name=name, club=p.club,
            rating=player_rating(p, state), cells=texts, points=format_score(row.points, lang),
            tiebreaks=tuple(format_number(v.value, lang) for v in row.tiebreaks), withdrawn=withdrawn,
            own_cell=own))

    notes = list(rounds.notes(lang))
    if kind == "standings":
        notes.append(msg("Shared places: equal on points and on every tie-break.").text(lang))
    else:
        notes.append(_system_line(state, counted, lang))
        if kind == "wallchart":
            legend = [bye_legend(lang), mark_legend(state, lang)]
            if profile_of(state.event).has_colours:  # Scrabble classique: no colours, no colour letters
                legend.insert(0, pmsg("printed", "w = white, b = black").text(lang))
            notes.append(list_separator(SEMICOLON, lang).join(legend))
        else:
            notes.append(mark_legend(state, lang))
    tiebreaks = tiebreak_note(codes, lang, edition, state)
    if tiebreaks:
        notes.append(tiebreaks)
    star = provisional_legend(state)
    if star is not None:
        notes.append(star.text(lang))
    return Crosstable(kind, lang, state.event.name, rounds, tuple(codes), edition, tuple(columns),
                      tuple(table_rows), tuple(notes))


def _wallchart_cell(state: EventState, player: Player, number: int, numbers: dict[int, int], lang: str) -> str:
    """``4B 1``: the opponent's start number, the colour, the result; ``hpb ½`` for a bye; an absence or a
    withdrawal (no board and no bye record, seed 003 reading 11) as its bye kind."""
    entry = state.round(number).entry_of(player.id)
    if isinstance(entry, Game):
        mark = game_mark(entry, player.id, state)
        opponent = numbers[entry.opponent_of(player.id)]
        colour = colour_letter(entry.white_id == player.id, lang) if profile_of(state.event).has_colours else ""
        return f"{opponent}{colour} {mark}"
    if isinstance(entry, Bye):
        return f"{bye_label(entry.kind, lang, short=True)} {outcome_mark(entry.kind, state)}"
    kind = Outcome.ZERO_BYE if player.is_active_in(number) else Outcome.WITHDRAWN
    return f"{bye_label(kind, lang, short=True)} {outcome_mark(kind, state)}"
