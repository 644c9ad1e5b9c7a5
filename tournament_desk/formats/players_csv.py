"""Players from CSV (registration lists exported by spreadsheets or federation sites).

The header row names the columns; French and English names are accepted (``nom``/``surname``,
``prénom``/``first_name``, ``licence``, ``elo``/``rating``, ...). The separator (``,`` ``;`` or tab) and the
encoding (UTF-8 with or without BOM, else Windows-1252, as French spreadsheets write) are detected.
Every problem is reported with its line and column; nothing is imported unless the whole file is valid.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import unicodedata
from pathlib import Path
from typing import Any

from tournament_desk.core.disciplines import discipline_profile
from tournament_desk.core.errors import ImportFormatError, TournamentError
from tournament_desk.core.messages import Msg, listing, msg
from tournament_desk.core.model import Player, Sex

_ALIASES: dict[str, str] = {
    "surname": "surname", "nom": "surname", "last_name": "surname", "lastname": "surname", "name": "surname",
    "first_name": "first_name", "firstname": "first_name", "prenom": "first_name", "given_name": "first_name",
    "sex": "sex", "sexe": "sex", "gender": "sex",
    "birth_date": "birth_date", "birthdate": "birth_date", "date_de_naissance": "birth_date", "naissance": "birth_date",
    "né_le": "birth_date", "ne_le": "birth_date", "born": "birth_date",
    "category": "category", "categorie": "category", "cat": "category",
    "club": "club",
    "federation": "federation", "fed": "federation", "ligue": "federation",
    "licence": "licence_id", "licence_id": "licence_id", "license": "licence_id", "nr_licence": "licence_id",
    "fide_id": "fide_id", "id_fide": "fide_id", "fmjd_id": "fmjd_id", "id_fmjd": "fmjd_id",
    "title": "title", "titre": "title",
    "rating": "rating", "elo": "rating", "classement": "rating", "cp": "rating", "cote": "rating",
    "unrated": "unrated", "non_classe": "unrated",
    # Scrabble: the duplicate series, for the provisional rating PL* (seed 002 §2.1)
    "duplicate_series": "duplicate_series", "series": "duplicate_series", "serie": "duplicate_series",
    "serie_duplicate": "duplicate_series", "duplicate": "duplicate_series",
}


_NOT_RATED = {"nc", "n_c", "non_classe", "unrated", "", "-", "–", "—"}


def _key(header: str) -> str:
    text = unicodedata.normalize("NFKD", header.strip().lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return text.replace(" ", "_").replace("-", "_").replace(".", "")


def _decode(data: bytes) -> str:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ImportFormatError(msg("The file is neither UTF-8 nor Windows-1252 text"))


def _parse_date(text: str) -> dt.date:
    text = text.strip()
    for fmt in ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y", "%Y/%m/%d"):
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise ValueError(text)


def sniff_delimiter(text: str, candidates: str = ";\t,") -> str:
    """The separator of a CSV header: the candidate found most often outside quotes in its first line.

    Linear in the line's length. ``csv.Sniffer`` is not used: its regular expressions take quadratic time on
    a long line (a 10,000-character header took seconds), and it guesses from the whole sample. Ties go to
    the earlier candidate (``;`` before a tab before ``,``: French spreadsheets write decimal commas).
    """
    end = len(text)
    for stop in ("\n", "\r"):
        found = text.find(stop)
        if found != -1:
            end = min(end, found)
    counts = dict.fromkeys(candidates, 0)
    quoted = False
    for char in text[:end]:
        if char == '"':
            quoted = not quoted
        elif not quoted and char in counts:
            counts[char] += 1
    best = max(candidates, key=lambda c: (counts[c], -candidates.index(c)))
    return best if counts[best] else ","


_DISCIPLINE_FIELDS = ("fide_id", "fmjd_id", "duplicate_series")
"""The fields a player has in some disciplines only (:attr:`~tournament_desk.core.disciplines.DisciplineProfile.
player_fields`): a column of them in another discipline's event is left out, with a warning."""


def read_players_csv(source: Path | str | bytes, *, rating_system: str, discipline: str | None = None,
                     warnings: list[Msg] | None = None) -> list[dict[str, Any]]:
    """Player field dicts (for ``EventSession.add_players``) from a CSV file or its bytes.

    ``discipline``: the event's; a column of a field its players do not have (a Scrabble « série » in a chess
    event, a FIDE id in a Scrabble one) is not read, and a warning naming the column and the discipline is added
    to ``warnings`` (the CLI refuses the same fields as options)."""
    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    text = _decode(data)
    if not text.strip():
        raise ImportFormatError(msg("The file is empty"))
    delimiter = sniff_delimiter(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = next(reader)
    except csv.Error as exc:
        raise ImportFormatError(msg("{error}", error=str(exc)), line=1) from exc
    columns: list[str | None] = []
    for index, name in enumerate(header, start=1):
        field = _ALIASES.get(_key(name))
        if field is not None and field in columns:
            raise ImportFormatError(msg("column '{name}' repeats an earlier column", name=name), line=1, column=index)
        if field in _DISCIPLINE_FIELDS and discipline is not None \
                and field not in discipline_profile(discipline).player_fields:
            if warnings is not None:
                warnings.append(msg("Column '{name}' not imported: it does not apply to this event's players "
                                    "(discipline: {discipline})", name=name.strip(),
                                    discipline=discipline_profile(discipline).name))
            field = None
        columns.append(field)
    if "surname" not in columns:
        raise ImportFormatError(msg("no surname column (expected 'surname' or 'nom')"), line=1)
    players: list[dict[str, Any]] = []
    problems: list[ImportFormatError] = []
    try:
        for row in reader:
            try:
                players.extend(_read_row(row, columns, reader.line_num, rating_system))
            except ImportFormatError as exc:
                problems.append(exc)  # every bad row is reported, not only the first
    except csv.Error as exc:
        raise ImportFormatError(msg("unreadable CSV ({exc})", exc=exc), line=reader.line_num) from None
    if problems:
        raise RowsRefusedError(problems, players)
    return players


class RowsRefusedError(ImportFormatError):
    """Some rows of a players file are wrong: ``problems`` lists each (with its line and reason), ``rows`` holds
    the rows that are right. Nothing is imported until the file is fixed or the arbiter accepts the good rows."""

    code = "rows_refused"

    def __init__(self, problems: list[ImportFormatError], rows: list[dict[str, Any]]) -> None:
        shown = problems[:50]
        more = msg("\n… and {count} more", count=len(problems) - len(shown)) if len(problems) > len(shown) else ""
        first = problems[0]
        super().__init__(msg("{count} row(s) cannot be imported:\n{problems}{more}", count=len(problems),
                             problems=listing((p.msg for p in shown), "\n"), more=more))
        self.line = first.line
        self.column = first.column
        self.problems = tuple(problems)
        self.rows = list(rows)


def _read_row(row: list[str], columns: list[str | None], line_no: int, rating_system: str) -> list[dict[str, Any]]:
    """One data row as player fields ([] for a blank row); raises ImportFormatError with its position."""
    if not any(cell.strip() for cell in row):
        return []
    if len(row) > len(columns):
        raise ImportFormatError(msg("{n_row} cells but the header has {n_columns}", n_row=len(row),
                                    n_columns=len(columns)),
                                line=line_no, column=len(columns) + 1)
    fields: dict[str, Any] = {}
    for col_no, (field, cell) in enumerate(zip(columns, row, strict=False), start=1):
        cell = cell.strip()
        if field is None or cell == "":
            continue
        try:
            _store(fields, field, cell, rating_system)
        except ValueError:
            raise ImportFormatError(msg("'{cell}' is not a valid {field}", cell=cell, field=field),
                                    line=line_no, column=col_no) from None
    if not fields.get("surname"):
        raise ImportFormatError(msg("the surname is empty"), line=line_no,
                                column=columns.index("surname") + 1)
    try:
        Player(id=0, **fields)
    except TournamentError as exc:
        raise ImportFormatError(exc.msg, line=line_no) from None
    return [fields]


def _store(fields: dict[str, Any], field: str, cell: str, rating_system: str) -> None:
    if field == "rating":
        if _key(cell).strip("_") in _NOT_RATED:  # "NC" (non classé) or a dash: unrated, not an error, not zero
            fields["unrated"] = True
            return
        number = float(cell.replace(",", "."))
        if number != number or number in (float("inf"), float("-inf")):  # nan, inf
            raise ValueError(cell)
        value = int(number)
        fields["ratings"] = ((rating_system, value),)
    elif field == "birth_date":
        fields["birth_date"] = _parse_date(cell)
    elif field == "sex":
        letter = cell[0].upper()
        fields["sex"] = {"M": Sex.MALE, "H": Sex.MALE, "F": Sex.FEMALE, "W": Sex.FEMALE}[letter] \
            if letter in "MHFW" else _bad(cell)
    elif field == "unrated":
        fields["unrated"] = cell.lower() in ("1", "yes", "oui", "true", "x", "o", "y")
    else:
        fields[field] = cell


def _bad(cell: str) -> Sex:
    raise ValueError(cell)


def write_players_csv(players: list[Player], rating_system: str) -> str:
    """CSV text with the columns :func:`read_players_csv` reads back."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["surname", "first_name", "sex", "birth_date", "category", "club", "federation",
                     "licence", "fide_id", "fmjd_id", "title", "rating", "unrated", "duplicate_series"])
    for p in players:
        writer.writerow([p.surname, p.first_name, p.sex.value, p.birth_date.isoformat() if p.birth_date else "",
                         p.category, p.club, p.federation, p.licence_id, p.fide_id, p.fmjd_id, p.title,
                         p.rating(rating_system) or "", "1" if p.unrated else "", p.duplicate_series])
    return out.getvalue()
