"""Standings use-cases: the ranked rows every front end shows or prints, the event's tie-break list, explanations.

* :func:`standings` — the standings after any round: shared places, each tie-break value formatted, the
  rule edition used and the column headings (catalogue messages), ready for the Standings
  tab, the CLI, CSV/JSON export and printing.
* :func:`crosstable` — the same standings as the table the Standings tab's crosstable view shows and the
  printed crosstable prints (:class:`~tournament_desk.core.crosstable.Crosstable`: the round-robin grid, the
  Swiss wallchart, or the plain standings).

Standings count the rounds up to the last one with all its results in, at most the round asked
(:func:`~tournament_desk.core.crosstable.rounds_counted`, docs/rules.md §5): by default the last such round; a
round in progress is named ("round 3 in progress: not counted") and never counted as played.
* :func:`effective_tiebreaks` — the list the event uses: its own list, else a preset chosen from its
  discipline and system (seed 003 §3 menus, seed 004's order for score-group events, the Scrabble spread).
* :func:`set_tiebreaks` — store the event's list and rule edition (codes checked, warnings returned).
* :func:`explain` — "why is my Buchholz 23.5?": which opponents counted and which were cut.

The rule edition is stored in ``Event.tiebreak_edition`` (``ffe-annex``, ``fide2023``, ``fide2026``; empty for the
default: the adjusted score of the French federation's annex, our seed 003, :data:`DEFAULT_EDITION`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tournament_desk.core.actions.tiebreaks import TiebreakSetting, canonical_codes
from tournament_desk.core.changes import Change
from tournament_desk.core.crosstable import (
    PROVISIONAL_MARK,
    Crosstable,
    RoundsCounted,
    build_table,
    provisional_legend,
    provisional_rating,
    rounds_counted,
)
from tournament_desk.core.disciplines import profile_of, rating_word
from tournament_desk.core.formatting import csv_separator, format_number
from tournament_desk.core.messages import Msg, in_languages, msg, pmsg
from tournament_desk.core.model import EventState, PairingSystem, Player, RatingSystem
from tournament_desk.core.operations import SetTiebreaks, StoreEventSettings
from tournament_desk.core.sources import FFE_TIEBREAKS, FFJD_RCN, FISF_PL, PLATFORM, Citation, citations_text, cite
from tournament_desk.core.tiebreaks import (
    DEFAULT_EDITION,
    PRESET_LABELS,
    PRESETS,
    Edition,
    TieBreakDef,
    TieBreakWarning,
    all_tiebreaks,
    build_standings,
    check_tiebreaks,
    explain_tiebreak,
    get_tiebreak,
    parse_edition,
)
from tournament_desk.services.session import EventSession

# Share of players rated in the event's rating system above which a Swiss counts as "mostly rated"
# (seed 003 §3: "la plupart des joueurs étant classés" / "la plupart des joueurs étant non classés").
_MOSTLY = 0.5


# -- the event's tie-break list -------------------------------------------------------------------------------


def stored_edition(state: EventState) -> Edition | None:
    """The rule edition stored with the event (``Event.tiebreak_edition``), None when none was chosen."""
    return parse_edition(state.event.tiebreak_edition) if state.event.tiebreak_edition else None


@dataclass(frozen=True, slots=True)
class TiebreakChoice:
    """The tie-break list used for an event and why: ``source`` is ``"event"`` (stored with the event),
    ``"argument"`` (given for this call), ``"preset"`` (``preset`` names the :data:`PRESETS` entry) or
    ``"scrabble"`` (seed 002 §7) or ``"draughts"`` (seed 000 §3: the discipline's own list,
    :mod:`core.disciplines`)."""

    codes: tuple[str, ...]
    edition: Edition
    source: str
    preset: str | None = None

    @property
    def why(self) -> Msg:
        """Where the list comes from (a catalogue message)."""
        if self.source == "event":
            return msg("the event's list")
        if self.source == "argument":
            return msg("list requested")
        if self.source == "scrabble":
            return msg("points spread, capped ({source})", source=cite(FISF_PL, "§7").message)
        if self.source == "draughts":
            return msg("the FFJD's Solkoff family, in its glossary's order ({source})",
                       source=cite(FFJD_RCN, "§3").message)
        assert self.preset is not None
        if self.preset == "platform":
            return msg("preset '{name}' ({source})", name=PRESET_LABELS[self.preset],
                       source=cite(PLATFORM, "« Systèmes de départage »").message)
        return msg("preset '{name}' ({source})", name=PRESET_LABELS[self.preset],
                   source=cite(FFE_TIEBREAKS, "§3").message)

    def reason(self, lang: str = "en") -> str:
        return self.why.text(lang)


def _is_rated(player: Player, state: EventState) -> bool:
    return not player.unrated and bool(player.rating(state.event.rating_system))


def default_preset(state: EventState) -> str | None:
    """The preset for an event without a list of its own (None: a discipline with its own list, Scrabble's spread
    or the FFJD's Solkoff family, :attr:`DisciplineProfile.default_tiebreak_list`).

    * Scrabble: seed 002 §7 (the spread), whatever the system;
    * draughts: seed 000 §3's Solkoff, Solkoff médian, Solkoff tronqué, whatever the system (docs/rules.md §5);
    * score-group events (the platform of seed 004): its order, Buchholz without byes, weighted rating
      average, direct encounter;
    * round robins: seed 003 §3 "Tournoi Toutes Rondes Individuel";
    * Swiss and other systems, seed 003 §3 by the share of players rated in the event's rating system:
      everyone rated -> "classement cohérent" (ARO, performance); most rated -> "les Elo n'étant pas
      cohérents" (a rating list the event cannot vouch for, reading taken here: some players are unrated);
      at most half rated, or no rating system -> "la plupart des joueurs étant non classés".
    """
    event = state.event
    if profile_of(event).default_tiebreak_list is not None:
        return None
    if event.system is PairingSystem.SCORE_GROUP:
        return "platform"
    if event.system.is_round_robin:
        return "round-robin"
    players = state.players
    rated = sum(1 for p in players if _is_rated(p, state))
    if not players or rated / len(players) <= _MOSTLY:
        return "swiss-mostly-unrated"
    if rated == len(players):
        return "swiss-rated"
    return "swiss-ratings-inconsistent"


def effective_tiebreaks(state: EventState, *, tiebreaks: Sequence[str] | None = None,
                        edition: Edition | str | None = None) -> TiebreakChoice:
    """The tie-break list and edition to use: the arguments when given, else the event's stored list and
    edition, else the default preset and :data:`DEFAULT_EDITION`. Codes are checked (unknown codes raise a
    bilingual :class:`ValidationError`) and written in their canonical form."""
    stored_codes = state.event.tiebreaks
    chosen_edition = parse_edition(edition) if edition is not None else (stored_edition(state) or DEFAULT_EDITION)
    if tiebreaks is not None:
        return TiebreakChoice(_canonical(tiebreaks), chosen_edition, "argument")
    if stored_codes:
        return TiebreakChoice(_canonical(stored_codes), chosen_edition, "event")
    name = default_preset(state)
    if name is None:
        profile = profile_of(state.event)
        assert profile.default_tiebreak_list is not None
        return TiebreakChoice(profile.default_tiebreak_list, chosen_edition, profile.discipline.value)
    return TiebreakChoice(PRESETS[name], chosen_edition, "preset", name)


_canonical = canonical_codes


def store_event_settings(session: EventSession, values: dict[str, Any]) -> Change[None]:
    """The Event settings form as one action (:class:`~tournament_desk.core.operations.StoreEventSettings`: the
    tie-break list checked, its warnings as the change's notes)."""
    return session.run(StoreEventSettings(values))


def set_tiebreaks(session: EventSession, codes: Sequence[str], edition: Edition | str | None = None
                  ) -> Change[TiebreakSetting]:
    """Store the event's ordered tie-break list and its rule edition (one undoable action,
    :class:`~tournament_desk.core.operations.SetTiebreaks`); the warnings are in the payload."""
    return session.run(SetTiebreaks(tuple(codes), edition))


# -- standings ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Column:
    """One tie-break column: its heading and the rule edition it uses (catalogue messages), its source."""

    code: str
    title: Msg
    sources: tuple[Citation, ...]
    edition_title: Msg
    head: Msg | None = None
    """The head the discipline's federation gives the column (Scrabble "Spread"/« Écart », draughts "Sk"); None:
    the code."""
    adjusted: bool = True
    """Whether the rule edition of unplayed games changes the column (the edition note names it only then)."""

    def label(self, lang: str = "en") -> str:
        return self.title.text(lang)

    def heading(self, lang: str = "en") -> str:
        """The column's head: the federation's word when the discipline has one, else the code."""
        return self.head.text(lang) if self.head is not None else self.code

    def source(self, lang: str = "en") -> str:
        """Where the tie-break is defined (short references)."""
        return citations_text(self.sources, lang, short=True)

    def edition(self, lang: str = "en") -> str:
        return self.edition_title.text(lang)


@dataclass(frozen=True, slots=True)
class StandingsLine:
    """One player's line. ``place`` is shared by players equal on points and every tie-break
    (``place_text`` then reads ``3-5``); ``values`` are raw, ``texts`` formatted (``format_number``)."""

    place: int
    place_text: str
    shared: bool
    player_id: int
    name: str
    pairing_number: int | None
    rating: int | None
    title: str
    club: str
    federation: str
    points: float
    values: tuple[float | None, ...]
    withdrawn: bool
    provisional_rating: int | None = None
    """Scrabble: the PL* of a player without a PL, from his duplicate series (seed 002 §2.1), as the initial
    ranking uses it; ``rating`` stays None (:func:`~tournament_desk.core.crosstable.provisional_rating`)."""

    def rating_text(self) -> str:
        """``1850``, ``2250*`` (a PL*: no PL, or a PL marked "NC"), or nothing."""
        if self.provisional_rating is not None:
            return f"{self.provisional_rating}{PROVISIONAL_MARK}"
        return "" if self.rating is None else str(self.rating)

    def texts(self, lang: str = "en") -> tuple[str, ...]:
        return tuple(format_number(v, lang) for v in self.values)

    def points_text(self, lang: str = "en") -> str:
        return format_number(self.points, lang)


_PTS = pmsg("narrow column", "Pts")
_RATING = pmsg("narrow column", "Rating")


@dataclass(frozen=True, slots=True)
class Standings:
    """The standings of an event after ``after_round`` (0: before round 1), ready to show or print.
    ``after_round`` is the last round counted; ``counted`` says which were asked, in progress or pending."""

    event_name: str
    after_round: int
    rounds: int
    edition: Edition
    choice: TiebreakChoice
    columns: tuple[Column, ...]
    lines: tuple[StandingsLine, ...]
    warnings: tuple[TieBreakWarning, ...]
    counted: RoundsCounted | None = None
    points_head: Msg = _PTS
    """The head of the points column (Scrabble: the wins)."""
    rating_head: Msg = _RATING
    """The head of the rating column: the word of the event's rating system ("Elo", "PL rating"...)."""
    provisional_legend: Msg | None = None
    """The legend of the PL* mark when a line shows one (:func:`~.core.crosstable.provisional_legend`)."""
    provisional_column: bool = False
    """A cote PL event: its CSV has a ``PL*`` column beside the rating."""

    @property
    def codes(self) -> tuple[str, ...]:
        return self.choice.codes

    @property
    def in_progress(self) -> tuple[int, ...]:
        """The rounds paired after :attr:`after_round` whose results are not all in: not counted."""
        return self.counted.in_progress if self.counted is not None else ()

    def progress_notes(self, lang: str = "en") -> tuple[str, ...]:
        """``Round 3 in progress: not counted`` (and the counted rounds' games without a result)."""
        return self.counted.notes(lang) if self.counted is not None else ()

    def title(self, lang: str = "en") -> str:
        return msg("{event} — standings after round {after_round}/{rounds}", event=self.event_name,
                   after_round=self.after_round, rounds=self.rounds).text(lang)

    def edition_note(self, lang: str = "en") -> str:
        """The line printed standings carry under the table: the edition and each column's source."""
        if any(c.adjusted for c in self.columns):
            head = msg("Tie-breaks: {reason}; unplayed games: {edition}", reason=self.choice.why,
                       edition=self.edition.message).text(lang)
        else:  # Scrabble's spread, the FFJD's Solkoff family: no unplayed game is adjusted, the edition is moot
            head = msg("Tie-breaks: {reason}", reason=self.choice.why).text(lang)
        cols = [f"{c.heading(lang)} = {c.label(lang)} ({c.source(lang)}; {c.edition(lang)})" for c in self.columns]
        star = [self.provisional_legend.text(lang)] if self.provisional_legend is not None else []
        return "\n".join([head, *cols, *star])

    def headings(self, lang: str = "en") -> list[str]:
        return ["Pl.", msg("Name").text(lang), self.rating_head.text(lang), self.points_head.text(lang),
                *(c.heading(lang) for c in self.columns)]

    def to_text(self, lang: str = "en") -> str:
        """A fixed-width table with the title and, under it, the edition note."""
        widths = [5, 32, max(6, len(self.rating_head.text(lang))), max(5, len(self.points_head.text(lang))),
                  *(max(6, len(c.heading(lang))) for c in self.columns)]
        out = [self.title(lang), *self.progress_notes(lang), ""]
        out.append("  ".join(h.ljust(w) if i == 1 else h.rjust(w)
                             for i, (h, w) in enumerate(zip(self.headings(lang), widths, strict=True))))
        for line in self.lines:
            cells = [line.place_text if not line.shared or _first_of_group(self, line) else "",
                     line.name, line.rating_text(), line.points_text(lang),
                     *line.texts(lang)]
            out.append("  ".join(c.ljust(w) if i == 1 else c.rjust(w)
                                 for i, (c, w) in enumerate(zip(cells, widths, strict=True))))
        out += ["", self.edition_note(lang)]
        return "\n".join(out)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: raw values (numbers), formatted texts, both languages' headings."""
        return {
            "event": self.event_name,
            "after_round": self.after_round,
            "rounds": self.rounds,
            "asked_round": self.counted.asked if self.counted is not None else None,
            "in_progress": list(self.in_progress),
            "pending_rounds": list(self.counted.pending) if self.counted is not None else [],
            "edition": {"code": self.edition.value, **in_languages(self.edition.message)},
            **in_languages(self.rating_head, "rating_head"), **in_languages(self.points_head, "points_head"),
            "provisional_legend": None if self.provisional_legend is None else in_languages(self.provisional_legend),
            "tiebreaks": {"codes": list(self.codes), "source": self.choice.source, "preset": self.choice.preset,
                          **in_languages(self.choice.why)},
            "columns": [{"code": c.code, **in_languages(c.heading, "head"), **in_languages(c.title),
                         **in_languages(c.source, "source", english_unmarked=True),
                         **in_languages(c.edition_title, "edition")} for c in self.columns],
            "rows": [{"place": ln.place, "place_text": ln.place_text, "shared": ln.shared, "id": ln.player_id,
                      "name": ln.name, "pairing_number": ln.pairing_number, "rating": ln.rating,
                      "provisional_rating": ln.provisional_rating,
                      "title": ln.title, "club": ln.club, "federation": ln.federation, "points": ln.points,
                      "withdrawn": ln.withdrawn,
                      "tiebreaks": {c.code: v for c, v in zip(self.columns, ln.values, strict=True)},
                      "texts": dict(zip(self.codes, ln.texts("en"), strict=True))}
                     for ln in self.lines],
            "warnings": [{"code": w.code, **in_languages(w.msg)} for w in self.warnings],
        }

    def to_csv(self, lang: str = "en") -> str:
        """CSV with one heading row. French: ``;`` separator and decimal comma (what a French spreadsheet
        expects); English: ``,`` and decimal point. Tie-break columns are headed ``CODE (label)``."""
        buf = io.StringIO()
        writer = csv.writer(buf, delimiter=csv_separator(lang), lineterminator="\n")
        writer.writerow(["Place", "Id", msg("Name").text(lang), "Club", msg("Federation").text(lang),
                         self.rating_head.text(lang), *(["PL*"] if self.provisional_column else []),
                         "Points" if self.points_head is _PTS else self.points_head.text(lang),
                         *(f"{c.heading(lang)} ({c.label(lang)})" for c in self.columns)])
        for ln in self.lines:
            writer.writerow([ln.place_text, ln.player_id, ln.name, ln.club, ln.federation,
                             "" if ln.rating is None else ln.rating,
                             *([ln.provisional_rating or ""] if self.provisional_column else []),
                             ln.points_text(lang), *ln.texts(lang)])
        return buf.getvalue()


def _first_of_group(table: Standings, line: StandingsLine) -> bool:
    for other in table.lines:
        if other.place == line.place:
            return other is line
    return True


def _state(session_or_state: EventSession | EventState) -> EventState:
    return session_or_state if isinstance(session_or_state, EventState) else session_or_state.state()


def _check_round(state: EventState, after_round: int | None) -> int:
    """The last round counted for standings asked after ``after_round`` (:func:`rounds_counted`)."""
    return rounds_counted(state, after_round).counted


def _columns(codes: Sequence[str], edition: Edition, state: EventState) -> tuple[Column, ...]:
    defs = [get_tiebreak(c) for c in codes]
    profile = profile_of(state.event)
    return tuple(Column(d.code, d.title, d.sources, d.edition_title(edition), profile.tiebreak_head(d.code),
                        d.adjusted) for d in defs)


def standings(session_or_state: EventSession | EventState, *, after_round: int | None = None,
              tiebreaks: Sequence[str] | None = None, edition: Edition | str | None = None) -> Standings:
    """The standings after the last round with all its results in, at most ``after_round`` (the last paired
    round by default): a round in progress is never counted (docs/rules.md §5).

    ``tiebreaks``/``edition`` override the event's settings for this call only (see
    :func:`effective_tiebreaks`). Every registered player appears once, withdrawn players included.
    """
    state = _state(session_or_state)
    counted = rounds_counted(state, after_round)
    last = counted.counted
    choice = effective_tiebreaks(state, tiebreaks=tiebreaks, edition=edition)
    rows = build_standings(state, choice.codes, edition=choice.edition, up_to_round=last)
    players = {p.id: p for p in state.players}
    size: dict[int, int] = {}
    for row in rows:
        size[row.rank] = size.get(row.rank, 0) + 1
    system = state.event.rating_system
    lines = []
    for row in rows:
        p = players[row.player_id]
        n = size[row.rank]
        lines.append(StandingsLine(
            place=row.rank, place_text=f"{row.rank}-{row.rank + n - 1}" if n > 1 else str(row.rank),
            shared=row.shared, player_id=p.id, name=p.name, pairing_number=p.pairing_number,
            rating=p.rating(system), title=p.title, club=p.club, federation=p.federation, points=row.points,
            values=tuple(v.value for v in row.tiebreaks),
            withdrawn=p.withdrawn_from_round is not None and p.withdrawn_from_round <= last,
            provisional_rating=provisional_rating(p, state)))
    warnings = tuple(check_tiebreaks(choice.codes, round_robin=state.event.system.is_round_robin))
    profile = profile_of(state.event)
    return Standings(state.event.name, last, state.event.rounds, choice.edition, choice,
                     _columns(choice.codes, choice.edition, state), tuple(lines), warnings, counted,
                     profile.points_head if profile.game_scores else _PTS, rating_word(system),
                     provisional_legend(state), system is RatingSystem.FISF_PL)


def crosstable(session_or_state: EventSession | EventState, lang: str = "en", *, after_round: int | None = None,
               view: str = "crosstable", tiebreaks: Sequence[str] | None = None,
               edition: Edition | str | None = None) -> Crosstable:
    """The table the Standings tab shows and the paper prints, in ``lang``, after the same rounds as
    :func:`standings`: ``view`` ``"crosstable"`` (the round-robin grid or the Swiss wallchart, as the event's
    system calls for) or ``"standings"`` (the ranked rows without cells). Its words are the discipline's
    (:mod:`core.disciplines`: colours or none, the points' and tie-breaks' heads, the result legend)."""
    state = _state(session_or_state)
    counted = rounds_counted(state, after_round)
    choice = effective_tiebreaks(state, tiebreaks=tiebreaks, edition=edition)
    rows = build_standings(state, choice.codes, edition=choice.edition, up_to_round=counted.counted)
    kind = "standings" if view == "standings" else None
    return build_table(state, rows, choice.codes, rounds=counted, edition=choice.edition.value, lang=lang,
                       kind=kind)


# -- explanations ------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ExplainedLine:
    round: int | None
    opponent_id: int | None
    opponent: str
    value: float
    counted: bool
    note_msg: Msg
    """What the value is (the core's note, a catalogue message)."""

    def note(self, lang: str = "en") -> str:
        return self.note_msg.text(lang)


@dataclass(frozen=True, slots=True)
class TiebreakExplanation:
    """A player's value for one tie-break, round by round (issue 6: "which opponents counted, which were cut").

    ``value`` is the core's value; for tie-breaks computed on the tied group (direct encounter, extended Koya)
    it is the value shown in the standings, when the code is in the list used, else None."""

    player_id: int
    player: str
    code: str
    title: Msg
    sources: tuple[Citation, ...]
    edition: Edition
    edition_title: Msg
    value: float | None
    group_based: bool
    lines: tuple[ExplainedLine, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"player_id": self.player_id, "player": self.player, "code": self.code, **in_languages(self.title),
                **in_languages(lambda lang: citations_text(self.sources, lang, short=True), "source",
                               english_unmarked=True),
                "edition": self.edition.value, **in_languages(self.edition_title, "edition"), "value": self.value,
                "group_based": self.group_based,
                "lines": [{"round": ln.round, "opponent_id": ln.opponent_id, "opponent": ln.opponent,
                           "value": ln.value, "counted": ln.counted, **in_languages(ln.note_msg, "note")}
                          for ln in self.lines]}

    def to_text(self, lang: str = "en") -> str:
        label = self.title.text(lang)
        edition = self.edition_title.text(lang)
        value = format_number(self.value, lang) or "—"
        sources = citations_text(self.sources, lang, short=True)
        out = [f"{self.player} — {label} ({self.code}) = {value}", f"  {sources}; {edition}"]
        if self.group_based:
            out.append("  " + msg("Computed among the players still tied when this tie-break is reached.").text(lang))
        if not self.lines and not self.group_based:
            out.append("  " + msg("No round-by-round detail for this tie-break.").text(lang))
        for ln in self.lines:
            rnd = f"R{ln.round}" if ln.round is not None else ""
            status = (msg("counted") if ln.counted else msg("cut")).text(lang)
            out.append(f"  {rnd:>4}  {ln.opponent:<30} {format_number(ln.value, lang):>8}  {status:<8} "
                       f"{ln.note(lang)}")
        counted = [ln.value for ln in self.lines if ln.counted]
        if counted and self.code.startswith(("BH", "SB", "CUM", "YUGO")):
            total = format_number(sum(counted), lang)
            out.append("  " + msg("Sum of the counted values: {total}", total=total).text(lang))
        return "\n".join(out)


def explain(session_or_state: EventSession | EventState, player_id: int, code: str, *,
            after_round: int | None = None, edition: Edition | str | None = None) -> TiebreakExplanation:
    """Explain one player's value for ``code`` after ``after_round``, in the event's edition unless
    ``edition`` is given."""
    state = _state(session_or_state)
    last = _check_round(state, after_round)
    player = state.player(player_id)  # bilingual NotFoundError
    definition: TieBreakDef = get_tiebreak(code)
    _canonical([definition.code])
    choice = effective_tiebreaks(state, edition=edition)
    detail = explain_tiebreak(state, player_id, definition.code, edition=choice.edition, up_to_round=last)
    group_based = definition.compute is None
    value = detail.value
    if group_based and definition.code in choice.codes:
        row = next(r for r in build_standings(state, choice.codes, edition=choice.edition, up_to_round=last)
                   if r.player_id == player_id)
        value = row.value(definition.code)
    names = {p.id: p.name for p in state.players}
    lines = tuple(ExplainedLine(ln.round, ln.opponent, names.get(ln.opponent, "") if ln.opponent is not None else "—",
                                ln.value, ln.counted, ln.note)
                  for ln in detail.lines)
    return TiebreakExplanation(player.id, player.name, definition.code, definition.title, definition.sources,
                               choice.edition, definition.edition_title(choice.edition), value, group_based, lines)


def list_tiebreaks() -> list[TieBreakDef]:
    """Every code an individual event can use, with its labels (registry order; the usual cut/median variants
    included; team-only codes left out: the model has no teams yet)."""
    return [d for d in all_tiebreaks() if not d.team_only]
