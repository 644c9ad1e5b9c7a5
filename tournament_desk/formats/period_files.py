"""The files of a rating period (docs/ratings.md, "Rating periods"): results of events played elsewhere, the
players' Scrabble inputs, and what a period leaves to the next.

* :func:`read_external_results` — a CSV (``,``, ``;`` or tab; UTF-8 with or without BOM, or Windows-1252) of
  the results of events that were not run with this program, one row per game (or, for Scrabble, one row per
  player with his final place). French and English headers, matched without case, accents, spaces or dashes:

  ============== ==========================================================================================
  column         accepted header names
  ============== ==========================================================================================
  event          event, tournoi, tournament, epreuve (required)
  date           date, date_debut, start_date (ISO ``2026-03-07`` or ``07/03/2026``)
  round          round, ronde
  white / black  white, blancs, blanc, joueur_1, player_1 / black, noirs, noir, joueur_2, player_2 (names,
                 ``SURNAME First``)
  licences       white_licence, licence_blancs, licence_1 / black_licence, licence_noirs, licence_2
  ratings        white_rating, classement_blancs, elo_blancs, cp_blancs / the same for black (``NC``: unrated)
  result         result, resultat (the discipline's notation: 1-0, 2-0, 1/2, 1-1, 0fne, +-…)
  game points    white_points, points_blancs / black_points, points_noirs (Scrabble)
  place          place, rang, classement_final (Scrabble ranking rows: with licence, name, rating, games)
  games          games, parties, nb_parties (Scrabble ranking rows: the number of games of the event)
  per event      kind / type (Scrabble event kind), classic_b / classique_b (yes/no), eonc / estimation
                 (FFJD organiser's estimate), cadence (slow/lente, accelerated/accélérée)
  ============== ==========================================================================================

  A player is the same across the rows of one event when he has the same licence, else the same name. A
  per-event value given on several rows must be the same on each.

* :func:`read_player_inputs` — licence, duplicate series (seed 002 §2.1) and date of the last classique event
  (§9), one row per player.

* :func:`carry_to_json` / :func:`read_carry` — what a period leaves to the next, by player key: FFJD first-rating
  parts of players not yet rated (seed 000 §6.2.3–6.2.4), national Elo archives Pa/Na (seed 001 §3), Scrabble
  PL after the last event and its date (seed 002 §2.2, §9).

Every problem raises :class:`ImportFormatError` with its line (and column), in English and French.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tournament_desk.core.errors import ImportFormatError, TournamentError
from tournament_desk.core.messages import Msg, msg, pmsg
from tournament_desk.core.ratings import elo_fr, ffjd, scrabble_pl
from tournament_desk.core.results import Discipline, GameResult, parse_game_result

__all__ = [
    "CARRY_FORMAT", "ExternalEvent", "ExternalGame", "ExternalPlayer", "PlayerInput", "carry_to_json",
    "read_carry", "read_external_results", "read_player_inputs",
]

CARRY_FORMAT = "tournament-desk-rating-carry"


# --------------------------------------------------------------------------------------------------------
# Shared CSV reading


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _key(header: str) -> str:
    return re.sub(r"[\s\-]+", "_", _fold(header)).replace(".", "").replace("'", "").replace("°", "").strip("_")


def _text(source: Path | str | bytes) -> str:
    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:  # pragma: no cover - cp1252 decodes almost everything
        raise ImportFormatError(msg("The file is neither UTF-8 nor Windows-1252 text"))
    if "\x00" in text:
        raise ImportFormatError(msg("The file contains a NUL character: it is not a CSV file"))
    return text


def _rows(text: str, aliases: Mapping[str, str], what: Msg
          ) -> tuple[list[str | None], Iterator[tuple[int, dict[str, tuple[int, str]]]]]:
    """(fields of the header, rows as {field: (column, cell)}) of a CSV whose first non-comment line is the
    header; the separator is the first of tab, ``;``, ``,`` found in it."""
    lines = text.splitlines()
    header_index = next((i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")),
                        None)
    if header_index is None:
        raise ImportFormatError(msg("The {what} file is empty", what=what))
    header_line = lines[header_index]
    delimiter = next((d for d in ("\t", ";", ",") if d in header_line), ",")
    reader = csv.reader(io.StringIO("\n".join(lines[header_index:])), delimiter=delimiter, strict=True)
    try:
        header = next(reader)
    except csv.Error as exc:
        raise ImportFormatError(msg("unreadable CSV ({exc})", exc=exc), line=header_index + 1) from None
    fields: list[str | None] = []
    for col, name in enumerate(header, start=1):
        found = aliases.get(_key(name))
        if found is not None and found in fields:
            raise ImportFormatError(msg("column '{name}' repeats an earlier column", name=name),
                                    line=header_index + 1, column=col)
        fields.append(found)

    def generate() -> Iterator[tuple[int, dict[str, tuple[int, str]]]]:
        while True:
            try:
                row = next(reader)
            except StopIteration:
                return
            except csv.Error as exc:
                raise ImportFormatError(msg("unreadable CSV ({exc})", exc=exc),
                                        line=header_index + reader.line_num) from None
            line = header_index + reader.line_num
            if not any(c.strip() for c in row) or row[0].lstrip().startswith("#"):
                continue
            if len(row) > len(fields) and any(c.strip() for c in row[len(fields):]):
                raise ImportFormatError(msg("{n_row} cells but the header has {n_fields}", n_row=len(row),
                                            n_fields=len(fields)),
                                        line=line, column=len(fields) + 1)
            yield line, {f: (col, cell.strip()) for col, (f, cell) in enumerate(zip(fields, row, strict=False),
                                                                                start=1)
                         if f is not None and cell.strip()}
    return fields, generate()


_DATES: dict[str, dt.date] = {}


def _date(cell: str, line: int, column: int) -> dt.date:
    known = _DATES.get(cell)
    if known is not None:  # a results file repeats its events' dates on every row
        return known
    for fmt in ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y", "%d-%m-%Y", "%Y/%m/%d"):
        try:
            day = dt.datetime.strptime(cell, fmt).date()
        except ValueError:
            continue
        if len(_DATES) < 10_000:
            _DATES[cell] = day
        return day
    raise ImportFormatError(msg("'{cell}' is not a date (2026-03-07 or 07/03/2026)", cell=cell),
                            line=line, column=column)


_UNRATED = {"nc", "n.c.", "n.c", "-", "", "non classe", "unrated"}


def _rating(cell: str, line: int, column: int) -> int | None:
    """A rating cell: an integer 0..4000; ``NC`` (non classé), a dash or nothing: unrated (None)."""
    if cell.isascii() and cell.isdigit() and len(cell) <= 4 and int(cell) <= 4000:  # the usual "1850"
        return int(cell)
    if _fold(cell) in _UNRATED:
        return None
    text = re.sub(r"[\s\u00a0\u202f]", "", cell)
    if re.fullmatch(r"\d{1,9}([.,]0+)?", text, re.ASCII) is None or int(re.split(r"[.,]", text)[0]) > 4000:
        raise ImportFormatError(msg("'{cell}' is not a rating (a whole number 0..4000, or NC for unrated)", cell=cell),
                                line=line, column=column)
    return int(re.split(r"[.,]", text)[0])


def _split_name(full: str) -> tuple[str, str]:
    """``DUPONT Jean-Pierre``: the leading upper-case words are the surname."""
    words = full.split()
    k = 0
    while k < len(words) and words[k].upper() == words[k] and any(c.isalpha() for c in words[k]):
        k += 1
    if k == 0 or k == len(words):
        return full, ""
    return " ".join(words[:k]), " ".join(words[k:])


def _yes_no(cell: str, line: int, column: int) -> bool:
    folded = _fold(cell)
    if folded in ("1", "yes", "oui", "y", "o", "true", "vrai", "x"):
        return True
    if folded in ("0", "no", "non", "n", "false", "faux"):
        return False
    raise ImportFormatError(msg("'{cell}' is not yes or no", cell=cell), line=line, column=column)


# --------------------------------------------------------------------------------------------------------
# Results of events played elsewhere

_RESULT_ALIASES: dict[str, str] = {
    **dict.fromkeys(("event", "tournoi", "tournament", "epreuve", "event_name", "nom_du_tournoi"), "event"),
    **dict.fromkeys(("date", "date_debut", "start_date", "date_du_tournoi"), "date"),
    **dict.fromkeys(("round", "ronde", "rd"), "round"),
    **dict.fromkeys(("white", "blancs", "blanc", "joueur_1", "joueur1", "player_1", "player1", "white_name",
                     "nom_blancs"), "white"),
    **dict.fromkeys(("black", "noirs", "noir", "joueur_2", "joueur2", "player_2", "player2", "black_name",
                     "nom_noirs"), "black"),
    **dict.fromkeys(("white_licence", "licence_blancs", "licence_blanc", "licence_1", "licence1",
                     "white_license"), "white_licence"),
    **dict.fromkeys(("black_licence", "licence_noirs", "licence_noir", "licence_2", "licence2",
                     "black_license"), "black_licence"),
    **dict.fromkeys(("white_rating", "classement_blancs", "elo_blancs", "cp_blancs", "cote_blancs", "rating_1",
                     "classement_1"), "white_rating"),
    **dict.fromkeys(("black_rating", "classement_noirs", "elo_noirs", "cp_noirs", "cote_noirs", "rating_2",
                     "classement_2"), "black_rating"),
    **dict.fromkeys(("result", "resultat", "res"), "result"),
    **dict.fromkeys(("white_points", "points_blancs", "points_1", "score_blancs"), "white_points"),
    **dict.fromkeys(("black_points", "points_noirs", "points_2", "score_noirs"), "black_points"),
    **dict.fromkeys(("place", "rang", "classement_final", "final_place", "pl_finale"), "place"),
    **dict.fromkeys(("licence", "license", "licence_id", "n_licence", "no_licence", "numero_licence"), "licence"),
    **dict.fromkeys(("name", "nom", "joueur", "player", "nom_prenom"), "name"),
    **dict.fromkeys(("rating", "classement", "cote", "pl", "elo", "cp"), "rating"),
    **dict.fromkeys(("games", "parties", "nb_parties", "nombre_de_parties"), "games"),
    **dict.fromkeys(("kind", "type", "type_epreuve", "event_kind"), "kind"),
    **dict.fromkeys(("classic_b", "classique_b", "th_classique_b"), "classic_b"),
    **dict.fromkeys(("eonc", "estimation", "organiser_estimate", "estimation_organisateur"), "eonc"),
    "cadence": "cadence",
}
_EVENT_FIELDS = ("date", "kind", "classic_b", "eonc", "cadence", "games")
_CADENCES = {"slow": ffjd.Cadence.SLOW, "lente": ffjd.Cadence.SLOW, "lent": ffjd.Cadence.SLOW,
             "accelerated": ffjd.Cadence.ACCELERATED, "acceleree": ffjd.Cadence.ACCELERATED,
             "rapide": ffjd.Cadence.ACCELERATED, "semi_rapide": ffjd.Cadence.ACCELERATED}


@dataclass(frozen=True, slots=True)
class ExternalPlayer:
    """A participant of an external event; ``rating`` None and ``unrated`` when the file says ``NC``."""

    licence: str
    surname: str
    first_name: str = ""
    rating: int | None = None
    unrated: bool = False

    @property
    def name(self) -> str:
        return f"{self.surname.upper()} {self.first_name}".strip()


@dataclass(frozen=True, slots=True)
class ExternalGame:
    """One game of an external event; players are indices in :attr:`ExternalEvent.players`."""

    line: int
    round: int | None
    white: int
    black: int
    result: GameResult
    white_points: int | None = None
    black_points: int | None = None


@dataclass(frozen=True, slots=True)
class ExternalEvent:
    """An event played elsewhere: its players and games, or (Scrabble) its final places."""

    name: str
    line: int
    date: dt.date | None = None
    players: tuple[ExternalPlayer, ...] = ()
    games: tuple[ExternalGame, ...] = ()
    places: tuple[tuple[int, int], ...] = ()
    """(player index, final place) of a ranking file (seed 002 §7: the final ranking)."""
    games_count: int | None = None
    kind: scrabble_pl.EventKind | None = None
    classic_b: bool | None = None
    organiser_estimate: float | None = None
    cadence: ffjd.Cadence | None = None


@dataclass
class _Building:
    name: str
    line: int
    values: dict[str, tuple[object, int]] = field(default_factory=dict)
    players: list[ExternalPlayer] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    games: list[ExternalGame] = field(default_factory=list)
    places: list[tuple[int, int]] = field(default_factory=list)
    last_texts: tuple[str | None, ...] | None = None
    results: dict[str, GameResult] = field(default_factory=dict)

    def set(self, what: str, value: object, line: int, column: int, shown: str) -> None:
        known = self.values.get(what)
        if known is not None and known[0] != value:
            raise ImportFormatError(
                msg("the event '{name}' has {what} '{known}' on line {known2} and '{shown}' here", name=self.name,
                    what=what, known=known[0], known2=known[1], shown=shown),
                line=line, column=column)
        self.values[what] = (value, line)

    def player(self, licence: str, name: str, rating: tuple[int | None, bool] | None, line: int) -> int:
        key = f"licence:{licence.upper()}" if licence else f"name:{_fold(name)}"
        if not licence and not name:
            raise ImportFormatError(msg("a player has neither licence nor name"),
                                    line=line)
        found = self.index.get(key)
        if found is None:
            surname, first = _split_name(name) if name else (licence, "")
            value, unrated = rating if rating is not None else (None, False)
            self.players.append(ExternalPlayer(licence.upper(), surname, first, value, unrated))
            found = self.index[key] = len(self.players) - 1
        elif rating is not None:
            old = self.players[found]
            if (old.rating, old.unrated) == (None, False):
                self.players[found] = ExternalPlayer(old.licence, old.surname, old.first_name, *rating)
            elif (old.rating, old.unrated) != rating:
                raise ImportFormatError(
                    msg("{value} has two different ratings in the event '{name}'", value=old.name or old.licence,
                        name=self.name),
                    line=line)
        return found


def read_external_results(source: Path | str | bytes, discipline: Discipline) -> list[ExternalEvent]:
    """The events of a results file, in the order they first appear (see the module documentation).
    Results are read in ``discipline``'s notation (draughts 2-0 / 1-1 / 0-2, chess and Scrabble 1-0 / ½ / 0-1,
    and the forfeit codes of both)."""
    fields, rows = _rows(_text(source), _RESULT_ALIASES, pmsg("file kind", "results"))
    if "event" not in fields:
        raise ImportFormatError(msg("no event column in the header (e.g. 'event', 'tournoi')"), line=1)
    ranking = "place" in fields
    if ranking and discipline is not Discipline.SCRABBLE:
        raise ImportFormatError(msg("final places ('place' column) rate Scrabble events only; give the games"), line=1)
    needed = ("place",) if ranking else ("result",)
    for what in needed:
        if what not in fields:
            raise ImportFormatError(msg("no {what} column in the header", what=what),
                                    line=1)
    events: dict[str, _Building] = {}
    for line, cells in rows:
        if "event" not in cells:
            raise ImportFormatError(msg("the event is empty"), line=line,
                                    column=fields.index("event") + 1)
        name = cells["event"][1]
        ev = events.setdefault(name, _Building(name, line))
        try:
            _read_event_values(ev, cells, line)
            if ranking:
                _read_place(ev, cells, line)
            else:
                _read_game(ev, cells, line, discipline)
        except ImportFormatError:
            raise
        except TournamentError as exc:
            raise ImportFormatError(exc.msg, line=line) from None
    return [_finish(ev) for ev in events.values()]


def _whole(text: str) -> int | None:
    """A whole number written in ASCII digits (at most 9 of them), else None: ``"²".isdigit()`` is true but
    ``int("²")`` fails, and ``int`` refuses a string of more than 4300 digits."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def _read_event_values(ev: _Building, cells: dict[str, tuple[int, str]], line: int) -> None:
    texts = tuple(cells[f][1] if f in cells else None for f in _EVENT_FIELDS)
    if texts == ev.last_texts:  # the same per-event cells as the previous row: already read and checked
        return
    ev.last_texts = texts
    if "date" in cells:
        col, text = cells["date"]
        ev.set("date", _date(text, line, col), line, col, text)
    if "kind" in cells:
        col, text = cells["kind"]
        try:
            kind = scrabble_pl.EventKind(_fold(text))
        except ValueError:
            known = ", ".join(k.value for k in scrabble_pl.EventKind)
            raise ImportFormatError(msg("'{text}' is not a kind of event ({known})", text=text, known=known),
                                    line=line, column=col) from None
        ev.set("kind", kind, line, col, text)
    if "classic_b" in cells:
        col, text = cells["classic_b"]
        ev.set("classic_b", _yes_no(text, line, col), line, col, text)
    if "eonc" in cells:
        col, text = cells["eonc"]
        try:
            value = float(text.replace(",", "."))
        except ValueError:
            value = -1.0
        if not 600 <= value <= 3000:
            raise ImportFormatError(msg("'{text}' is not an organiser's estimate (600 to 3000)", text=text),
                                    line=line, column=col)
        ev.set("eonc", value, line, col, text)
    if "cadence" in cells:
        col, text = cells["cadence"]
        cadence = _CADENCES.get(_key(text))
        if cadence is None:
            raise ImportFormatError(msg("'{text}' is not a cadence (slow or accelerated)", text=text),
                                    line=line, column=col)
        ev.set("cadence", cadence, line, col, text)
    if "games" in cells:
        col, text = cells["games"]
        games = _whole(text)
        if games is None or not 1 <= games <= 99:
            raise ImportFormatError(msg("'{text}' is not a number of games (1 to 99)", text=text),
                                    line=line, column=col)
        ev.set("games", games, line, col, text)


def _side(cells: dict[str, tuple[int, str]], side: str, line: int) -> tuple[str, str, tuple[int | None, bool] | None]:
    licence = cells.get(f"{side}_licence", (0, ""))[1]
    name = cells.get(side, (0, ""))[1]
    rating: tuple[int | None, bool] | None = None
    if f"{side}_rating" in cells:
        col, text = cells[f"{side}_rating"]
        value = _rating(text, line, col)
        rating = (value, value is None)
    if not licence and not name:
        side_text = pmsg("player side", "white") if side == "white" else pmsg("player side", "black")
        raise ImportFormatError(msg("the {side} player has neither licence nor name", side=side_text), line=line)
    return licence, name, rating


def _read_game(ev: _Building, cells: dict[str, tuple[int, str]], line: int, discipline: Discipline) -> None:
    w_licence, w_name, w_rating = _side(cells, "white", line)
    b_licence, b_name, b_rating = _side(cells, "black", line)
    white = ev.player(w_licence, w_name, w_rating, line)
    black = ev.player(b_licence, b_name, b_rating, line)
    if white == black:
        raise ImportFormatError(msg("a player cannot play himself"),
                                line=line)
    if "result" not in cells:
        raise ImportFormatError(msg("the result is empty"), line=line)
    col, text = cells["result"]
    result = ev.results.get(text)
    if result is None:
        try:
            result = ev.results[text] = parse_game_result(text, discipline)
        except TournamentError as exc:
            raise ImportFormatError(exc.msg, line=line, column=col) from None
    rnd = None
    if "round" in cells:
        rcol, rtext = cells["round"]
        rnd = _whole(rtext)
        if rnd is None or not 1 <= rnd <= 99:
            raise ImportFormatError(msg("'{rtext}' is not a round number", rtext=rtext),
                                    line=line, column=rcol)
    points: list[int | None] = [None, None]
    for i, side in enumerate(("white_points", "black_points")):
        if side in cells:
            pcol, ptext = cells[side]
            points[i] = _whole(ptext)
            if points[i] is None:
                raise ImportFormatError(msg("'{ptext}' is not a number of game points", ptext=ptext),
                                        line=line, column=pcol)
    if (points[0] is None) != (points[1] is None):
        raise ImportFormatError(msg("give both players' game points, or neither"), line=line)
    ev.games.append(ExternalGame(line, rnd, white, black, result, points[0], points[1]))


def _read_place(ev: _Building, cells: dict[str, tuple[int, str]], line: int) -> None:
    licence = cells.get("licence", (0, ""))[1]
    name = cells.get("name", (0, ""))[1]
    rating: tuple[int | None, bool] | None = None
    if "rating" in cells:
        col, text = cells["rating"]
        value = _rating(text, line, col)
        rating = (value, value is None)
    who = ev.player(licence, name, rating, line)
    col, text = cells.get("place", (0, ""))
    place = _whole(text)
    if place is None or place < 1:
        raise ImportFormatError(msg("'{text}' is not a final place (1, 2, 3…)", text=text),
                                line=line, column=col or None)
    if any(p == who for p, _ in ev.places):
        raise ImportFormatError(msg("this player already has a place in this event"), line=line)
    ev.places.append((who, place))


def _finish(ev: _Building) -> ExternalEvent:
    v = {k: value for k, (value, _line) in ev.values.items()}
    if ev.places and "games" not in v:
        raise ImportFormatError(msg("the event '{name}' gives final places but not its number of games ('games' "
                                    "column)", name=ev.name), line=ev.line)
    return ExternalEvent(ev.name, ev.line, v.get("date"), tuple(ev.players), tuple(ev.games),  # type: ignore[arg-type]
                         tuple(ev.places), v.get("games"), v.get("kind"), v.get("classic_b"),  # type: ignore[arg-type]
                         v.get("eonc"), v.get("cadence"))  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------------------
# Players' inputs (Scrabble)

_PLAYER_ALIASES: dict[str, str] = {
    **dict.fromkeys(("licence", "license", "licence_id", "n_licence", "no_licence", "numero_licence"), "licence"),
    **dict.fromkeys(("series", "serie", "serie_duplicate", "duplicate_series", "duplicate"), "series"),
    **dict.fromkeys(("last_event", "dernier_tournoi", "date_dernier_tournoi", "derniere_epreuve",
                     "last_classic_event"), "last_event"),
    **dict.fromkeys(("name", "nom", "joueur"), "name"),
}


@dataclass(frozen=True, slots=True)
class PlayerInput:
    """One player's Scrabble inputs: duplicate series (seed 002 §2.1) and last classique event (§9)."""

    licence: str
    duplicate_series: scrabble_pl.DuplicateSeries | None = None
    last_event: dt.date | None = None


def read_player_inputs(source: Path | str | bytes) -> dict[str, PlayerInput]:
    """Licence -> :class:`PlayerInput` from a CSV with a ``licence`` column and ``series`` and/or
    ``last_event`` columns."""
    fields, rows = _rows(_text(source), _PLAYER_ALIASES, pmsg("file kind", "players' inputs"))
    if "licence" not in fields:
        raise ImportFormatError(msg("no licence column in the header"), line=1)
    if "series" not in fields and "last_event" not in fields:
        raise ImportFormatError(msg("no duplicate series ('serie') or last event ('dernier_tournoi') column"), line=1)
    out: dict[str, PlayerInput] = {}
    for line, cells in rows:
        if "licence" not in cells:
            raise ImportFormatError(msg("the licence is empty"), line=line)
        licence = cells["licence"][1].upper()
        if licence in out:
            raise ImportFormatError(msg("licence {licence} is given twice", licence=licence),
                                    line=line)
        series = None
        if "series" in cells:
            col, text = cells["series"]
            try:
                series = scrabble_pl.parse_duplicate_series(text)
            except TournamentError as exc:
                raise ImportFormatError(exc.msg, line=line, column=col) from None
        last = _date(cells["last_event"][1], line, cells["last_event"][0]) if "last_event" in cells else None
        out[licence] = PlayerInput(licence, series, last)
    return out


# --------------------------------------------------------------------------------------------------------
# What a period leaves to the next


def carry_to_json(carry: Mapping[str, object], system: str, names: Mapping[str, str] | None = None,
                  period: tuple[dt.date, dt.date] | None = None) -> str:
    """JSON text of a period's carry (:attr:`services.ratings.PeriodResult.carry`)."""
    names = names or {}
    players: dict[str, dict[str, object]] = {}
    for key, value in carry.items():
        entry: dict[str, object] = {"name": names.get(key, "")}
        if isinstance(value, tuple) and all(isinstance(p, ffjd.FirstRatingPart) for p in value):
            entry["ffjd_parts"] = [{"series": p.series, "games": p.games, "value": p.value,
                                    "accelerated": p.accelerated} for p in value]
        elif isinstance(value, elo_fr.EloArchive):
            entry["elo_archive"] = {"pa": value.pa, "na": value.na}
        elif isinstance(value, scrabble_pl.PlayerRecord):
            entry["scrabble"] = {"rating": value.rating,
                                 "last_event": value.last_event.isoformat() if value.last_event else None}
        else:
            raise TypeError(f"cannot write {type(value).__name__} in a rating carry")
        players[key] = entry
    data = {"format": CARRY_FORMAT, "version": 1, "system": system,
            "period": None if period is None else [period[0].isoformat(),
                                                   None if period[1] == dt.date.max else period[1].isoformat()],
            "players": players}
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False)


def _bad_carry(reason: Msg) -> ImportFormatError:
    return ImportFormatError(msg("not a rating carry file: {reason}", reason=reason))


def read_carry(source: Path | str | bytes, system: str | None = None) -> dict[str, object]:
    """The carry written by :func:`carry_to_json`, by player key. ``system``: refuse a carry of another
    rating system (FFJD parts cannot start a national Elo period)."""
    try:
        data = json.loads(_text(source))
    except json.JSONDecodeError as exc:
        raise ImportFormatError(msg("not a rating carry file: invalid JSON ({msg})", msg=exc.msg),
                                line=exc.lineno, column=exc.colno) from None
    if not isinstance(data, dict) or data.get("format") != CARRY_FORMAT:
        raise _bad_carry(msg("the 'format' field is not '{carry_format}'", carry_format=CARRY_FORMAT))
    if data.get("version") != 1:
        raise _bad_carry(msg("version {version!r} is not known (1)", version=data.get("version")))
    if system is not None and data.get("system") != system:
        raise ImportFormatError(
            msg("the carry file is for the rating system '{carried}', not '{system}'", carried=data.get("system"),
                system=system))
    players = data.get("players")
    if not isinstance(players, dict):
        raise _bad_carry(msg("no 'players' object"))
    out: dict[str, object] = {}
    for key, entry in players.items():
        try:
            out[str(key)] = _carry_value(entry)
        except (KeyError, TypeError, ValueError):
            raise _bad_carry(msg("the entry of {key} is malformed", key=key)) from None
    return out


def _carry_value(entry: object) -> object:
    if not isinstance(entry, dict):
        raise TypeError(entry)
    if "ffjd_parts" in entry:
        parts = entry["ffjd_parts"]
        if not isinstance(parts, list):
            raise TypeError(parts)
        return tuple(ffjd.FirstRatingPart(str(p["series"]), int(p["games"]), float(p["value"]),
                                          bool(p["accelerated"])) for p in parts)
    if "elo_archive" in entry:
        archive = entry["elo_archive"]
        if not isinstance(archive, dict):
            raise TypeError(archive)
        return elo_fr.EloArchive(float(archive["pa"]), int(archive["na"]))
    if "scrabble" in entry:
        record = entry["scrabble"]
        if not isinstance(record, dict):
            raise TypeError(record)
        last = record.get("last_event")
        return scrabble_pl.PlayerRecord(float(record["rating"]), dt.date.fromisoformat(str(last)) if last else None)
    raise ValueError("unknown entry")
