"""Rating lists (federation exports) in, rating previews out.

Reading: :func:`read_rating_list` accepts

* **CSV** with a header row, the separator ``,``, ``;`` (French spreadsheets) or a tab (a table copied from a
  web page such as the FFJD's classement.ffjd.fr) detected from the header;
* **fixed-width text** (printed lists, old exports): a header row whose labels are separated by at least two
  spaces (a single space belongs to the label, ``N° licence``; a header with single spaces only is split at
  every space); each column starts where its label starts and ends where the next one starts. A cell whose
  text crosses that boundary is refused (it would be cut in two);

encoded in UTF-8 (with or without BOM), UTF-16 with a BOM (spreadsheets' "Unicode text") or Windows-1252.
Blank lines and lines starting with ``#`` are skipped, and so are title lines above the header (the header is
the first of the first 10 lines that names an id column and a rating column). Header names are matched
without case, accents, spaces, dots or dashes; French and English names are accepted:

========== ======================================================================================
field      accepted header names
========== ======================================================================================
licence    licence, licence_id, license, no_licence, num_licence, nr_licence, n_licence, numero, ref, code_ffe
fide_id    fide_id, id_fide, fide, code_fide
fmjd_id    fmjd_id, id_fmjd, fmjd
surname    surname, last_name, nom
first_name first_name, prenom, given_name
name       name, player, joueur, nom_prenom, nom_et_prenom, full_name (``SURNAME First``, when no separate columns)
rating     rating, elo, classement, cp, capital_points, cote, pl, new_rating, nouveau_classement
flags      flags, flag, statut, status, etat, drapeaux
club       club
category   category, categorie, cat
========== ======================================================================================

At least one id column (licence, FIDE or FMJD id) and the rating column are required; other columns are
ignored. A rating is an integer 0..4000 (a thousands space and a zero decimal part, ``1 850`` or
``1850,0``, are accepted; ``NC`` or a dash means unrated). A letter after the rating is the French chess
federation's mark: ``E`` estimated, ``N`` national, ``F`` FIDE (``1520 E``). An empty rating means unrated.
Flags are words or letters separated by spaces, commas, ``;``, ``|`` or ``/``: ``NC``/``unrated``/
``non classé`` (unrated), ``E``/``estimated``/``estimé``, ``P``/``provisional``/``provisoire``,
``I``/``inactive``/``inactif``, ``N``/``national``, ``F``/``fide``; other flags are kept as written (lower
case, accents removed) and not interpreted. Rows without any id are kept (they will match no player).

Every problem raises :class:`ImportFormatError` with its line and column (CSV: the cell's position; fixed
width: the character position), in English and French; nothing is returned unless the whole file is valid.

Writing: :func:`write_preview_csv` writes a rating preview (licence, name, old rating, games counted,
evolution, new rating, performance, note). Its ``new_rating`` column is read back as the rating, so a
period's output is itself a rating list.
"""

from __future__ import annotations

import csv
import io
import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from tournament_desk.core.errors import ImportFormatError
from tournament_desk.core.ratings.common import PlayerId, PreviewRow, round_half_away

__all__ = [
    "FLAG_ESTIMATED", "FLAG_INACTIVE", "FLAG_PROVISIONAL", "FLAG_UNRATED", "PREVIEW_COLUMNS", "RatingList",
    "RatingListEntry", "read_rating_list", "write_preview_csv",
]

MAX_RATING = 4000  # the range a Player accepts (core/model.py)

FLAG_UNRATED = "unrated"
FLAG_ESTIMATED = "estimated"
FLAG_PROVISIONAL = "provisional"
FLAG_INACTIVE = "inactive"
FLAG_NATIONAL = "national"
FLAG_FIDE = "fide"

_FLAG_WORDS: dict[str, str] = {
    "nc": FLAG_UNRATED, "unrated": FLAG_UNRATED, "non_classe": FLAG_UNRATED, "nonclasse": FLAG_UNRATED,
    "u": FLAG_UNRATED,
    "e": FLAG_ESTIMATED, "estimated": FLAG_ESTIMATED, "estime": FLAG_ESTIMATED, "estimation": FLAG_ESTIMATED,
    "p": FLAG_PROVISIONAL, "provisional": FLAG_PROVISIONAL, "provisoire": FLAG_PROVISIONAL,
    "i": FLAG_INACTIVE, "inactive": FLAG_INACTIVE, "inactif": FLAG_INACTIVE, "inactive_player": FLAG_INACTIVE,
    "n": FLAG_NATIONAL, "national": FLAG_NATIONAL, "f": FLAG_FIDE, "fide": FLAG_FIDE,
}
_RATING_MARKS = {"E": FLAG_ESTIMATED, "N": FLAG_NATIONAL, "F": FLAG_FIDE}

_ALIASES: dict[str, str] = {
    **dict.fromkeys(("licence", "licence_id", "license", "license_id", "no_licence", "num_licence",
                     "nr_licence", "n_licence", "n°_licence", "numero_licence", "numero", "ref", "code_ffe",
                     "licence_ffjd", "licence_ffe"), "licence"),
    **dict.fromkeys(("fide_id", "id_fide", "fide", "code_fide", "fideid"), "fide_id"),
    **dict.fromkeys(("fmjd_id", "id_fmjd", "fmjd", "fmjdid"), "fmjd_id"),
    **dict.fromkeys(("surname", "last_name", "lastname", "nom", "nom_de_famille"), "surname"),
    **dict.fromkeys(("first_name", "firstname", "prenom", "given_name"), "first_name"),
    **dict.fromkeys(("name", "player", "joueur", "nom_prenom", "nom_et_prenom", "full_name"), "name"),
    **dict.fromkeys(("rating", "elo", "classement", "cp", "capital_points", "cote", "pl", "new_rating",
                     "nouveau_classement"), "rating"),
    **dict.fromkeys(("flags", "flag", "statut", "status", "etat", "drapeaux"), "flags"),
    "club": "club",
    **dict.fromkeys(("category", "categorie", "cat"), "category"),
}
_FIELD_FR = {"licence": "licence", "fide_id": "identifiant FIDE", "fmjd_id": "identifiant FMJD",
             "surname": "nom", "first_name": "prénom", "name": "nom complet", "rating": "classement",
             "flags": "statut", "club": "club", "category": "catégorie"}
_ID_FIELDS = ("licence", "fide_id", "fmjd_id")
_MAX_CELL = 200  # no field of a rating list is longer; a longer cell is a misread file


@dataclass(frozen=True, slots=True)
class RatingListEntry:
    """One player of a rating list. Ids are stripped; the licence is upper-cased (FFE ``A12345``)."""

    line: int
    licence: str = ""
    fide_id: str = ""
    fmjd_id: str = ""
    surname: str = ""
    first_name: str = ""
    rating: int | None = None
    flags: frozenset[str] = frozenset()
    club: str = ""
    category: str = ""

    @property
    def name(self) -> str:
        return f"{self.surname.upper()} {self.first_name}".strip()

    @property
    def unrated(self) -> bool:
        """No usable rating: none given, flagged unrated, or an estimate (seed 001 §4.1: never used)."""
        return self.rating is None or bool(self.flags & {FLAG_UNRATED, FLAG_ESTIMATED})


@dataclass(frozen=True, slots=True)
class RatingList:
    """A whole list, with the layout it was read in (``csv`` + separator, or ``fixed``)."""

    entries: tuple[RatingListEntry, ...]
    layout: str

    def by_licence(self) -> dict[str, RatingListEntry]:
        return {e.licence: e for e in self.entries if e.licence}

    def by_fide_id(self) -> dict[str, RatingListEntry]:
        return {e.fide_id: e for e in self.entries if e.fide_id}

    def by_fmjd_id(self) -> dict[str, RatingListEntry]:
        return {e.fmjd_id: e for e in self.entries if e.fmjd_id}


# --------------------------------------------------------------------------------------------------------
# Reading


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _key(header: str) -> str:
    text = _fold(header)
    text = re.sub(r"[\s\-]+", "_", text).replace(".", "").replace("'", "")
    return text.strip("_")


def _decode(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise ImportFormatError("The file starts like UTF-16 text but is not valid UTF-16",
                                    "Le fichier commence comme du texte UTF-16 mais n'est pas de l'UTF-16 "
                                    "valable") from None
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ImportFormatError("The file is neither UTF-8 nor Windows-1252 text",
                            "Le fichier n'est ni du texte UTF-8 ni du Windows-1252")


def _skip(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def read_rating_list(source: Path | str | bytes) -> RatingList:
    """Read a rating list (CSV or fixed width, see the module documentation) from a path or its bytes."""
    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    text = _decode(data)
    if "\x00" in text:
        line = text[:text.index("\x00")].count("\n") + 1
        raise ImportFormatError("the file contains a NUL character: it is not a text file",
                                "le fichier contient un caractère NUL : ce n'est pas un fichier texte", line=line)
    lines = text.splitlines()
    candidates = [i for i, line in enumerate(lines) if not _skip(line)][:_HEADER_SEARCH]
    if not candidates:
        raise ImportFormatError("The file is empty", "Le fichier est vide")
    header_index = candidates[0]
    for index in candidates:  # title lines above the header are skipped
        if _is_header(lines[index], index + 1):
            header_index = index
            break
    header = lines[header_index]
    delimiter = _delimiter(header)
    if delimiter is not None:
        rows = _csv_rows(lines, header_index, delimiter)
        layout = {"\t": "csv-tab", ";": "csv-semicolon", ",": "csv"}[delimiter]
    else:
        rows = _fixed_rows(lines, header_index)
        layout = "fixed"
    return RatingList(tuple(_entries(rows)), layout)


_HEADER_SEARCH = 10


def _delimiter(header: str) -> str | None:
    return next((d for d in ("\t", ";", ",") if d in header), None)


def _fixed_labels(header: str) -> list[tuple[int, str]]:
    labels = [(m.start() + 1, m.group()) for m in re.finditer(r"\S+(?: \S+)*", header)]
    if len(labels) < 2:  # labels separated by single spaces only: each word is a column
        labels = [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", header)]
    return labels


def _is_header(line: str, line_no: int) -> bool:
    """Whether ``line`` names an id column and a rating column (the header), without raising."""
    delimiter = _delimiter(line)
    try:
        if delimiter is not None:
            cells = next(csv.reader([line], delimiter=delimiter, strict=True))
            _columns(list(enumerate(cells, start=1)), line_no)
        else:
            _columns(_fixed_labels(line.expandtabs()), line_no)
    except (ImportFormatError, csv.Error, StopIteration):
        return False
    return True


# A row: (line number, [(column position, header label, field or None, cell text)])
_Cell = tuple[int, str, "str | None", str]
_Row = tuple[int, list[_Cell]]


def _columns(labels: Sequence[tuple[int, str]], line: int) -> list[str | None]:
    fields: list[str | None] = []
    for position, label in labels:
        field = _ALIASES.get(_key(label))
        if field is not None and field in fields:
            raise ImportFormatError(f"column '{label}' repeats an earlier {field} column",
                                    f"la colonne « {label} » répète une colonne {_FIELD_FR[field]} précédente",
                                    line=line, column=position)
        fields.append(field)
    if not any(f in _ID_FIELDS for f in fields):
        raise ImportFormatError(
            "no licence, FIDE id or FMJD id column in the header (e.g. 'licence', 'fide_id', 'fmjd_id')",
            "pas de colonne de licence, d'identifiant FIDE ou FMJD dans l'en-tête (par ex. « licence », "
            "« id_fide », « id_fmjd »)", line=line)
    if "rating" not in fields:
        raise ImportFormatError("no rating column in the header (e.g. 'rating', 'elo', 'classement', 'cp')",
                                "pas de colonne de classement dans l'en-tête (par ex. « classement », « elo », "
                                "« cp », « cote »)", line=line)
    return fields


def _csv_rows(lines: list[str], header_index: int, delimiter: str) -> Iterator[_Row]:
    body = "\n".join(lines[header_index:])
    reader = csv.reader(io.StringIO(body), delimiter=delimiter, strict=True)
    offset = header_index

    def read_next() -> list[str] | None:
        try:
            return next(reader)
        except StopIteration:
            return None
        except csv.Error as exc:
            raise ImportFormatError(f"unreadable CSV ({exc})", f"CSV illisible ({exc})",
                                    line=offset + reader.line_num) from None

    header = read_next()
    assert header is not None  # the header line is not blank
    header_line = offset + reader.line_num
    fields = _columns([(i, name) for i, name in enumerate(header, start=1)], header_line)
    while (row := read_next()) is not None:
        line_no = offset + reader.line_num
        if not any(cell.strip() for cell in row) or row[0].lstrip().startswith("#"):
            continue
        if len(row) > len(fields) and any(cell.strip() for cell in row[len(fields):]):
            raise ImportFormatError(f"{len(row)} cells but the header has {len(fields)}",
                                    f"{len(row)} cellules mais l'en-tête en a {len(fields)}",
                                    line=line_no, column=len(fields) + 1)
        yield line_no, [(i, header[i - 1], field, cell)
                        for i, (field, cell) in enumerate(zip(fields, row, strict=False), start=1)]


def _fixed_rows(lines: list[str], header_index: int) -> Iterator[_Row]:
    header = lines[header_index].expandtabs()
    labels = _fixed_labels(header)
    header_line = header_index + 1
    fields = _columns(labels, header_line)
    starts = [p - 1 for p, _ in labels]
    for index in range(header_index + 1, len(lines)):
        line = lines[index].expandtabs()
        if _skip(line):
            continue
        line_no = index + 1
        if line[:starts[0]].strip():
            raise ImportFormatError(
                f"text before the first column '{labels[0][1]}' (columns start under their header label)",
                f"du texte avant la première colonne « {labels[0][1]} » (les colonnes commencent sous "
                "leur titre)", line=line_no, column=1)
        cells: list[_Cell] = []
        for k, start in enumerate(starts):
            end = starts[k + 1] if k + 1 < len(starts) else len(line)
            if 0 < start < len(line) and line[start - 1] != " " and line[start] != " ":
                raise ImportFormatError(
                    f"the text crosses the boundary between columns '{labels[k - 1][1]}' and "
                    f"'{labels[k][1]}' (fixed-width columns start under their header label)",
                    f"le texte déborde de la colonne « {labels[k - 1][1]} » sur « {labels[k][1]} » (en "
                    "largeur fixe, chaque colonne commence sous son titre)", line=line_no, column=start + 1)
            cells.append((start + 1, labels[k][1], fields[k], line[start:end]))
        yield line_no, cells


def _entries(rows: Iterable[_Row]) -> Iterator[RatingListEntry]:
    seen: dict[str, dict[str, int]] = {f: {} for f in _ID_FIELDS}
    for line_no, cells in rows:
        values: dict[str, str] = {}
        rating_cell: tuple[int, str] | None = None
        flags: set[str] = set()
        full_name = ""
        for column, _label, field, raw in cells:
            cell = raw.strip()
            if field is None or not cell:
                continue
            if len(cell) > _MAX_CELL:
                raise ImportFormatError(f"the {field} cell is {len(cell)} characters long (at most {_MAX_CELL})",
                                        f"la cellule {_FIELD_FR[field]} fait {len(cell)} caractères (au plus "
                                        f"{_MAX_CELL})", line=line_no, column=column)
            if any(not c.isprintable() and not c.isspace() for c in cell):
                raise ImportFormatError(f"the {field} cell contains a control character",
                                        f"la cellule {_FIELD_FR[field]} contient un caractère de contrôle",
                                        line=line_no, column=column)
            if field == "rating":
                rating_cell = (column, cell)
            elif field == "flags":
                flags |= _flags(cell)
            elif field == "name":
                full_name = cell
            elif field in _ID_FIELDS:
                values[field] = _identifier(field, cell, line_no, column)
            else:
                values[field] = cell
        rating: int | None = None
        if rating_cell is not None:
            rating, mark = _rating(rating_cell[1], line_no, rating_cell[0])
            if mark:
                flags.add(mark)
        if full_name and "surname" not in values:
            values["surname"], values["first_name"] = _split_name(full_name, values.get("first_name", ""))
        for field in _ID_FIELDS:  # an id twice would make the matching ambiguous
            value = values.get(field)
            if not value:
                continue
            if value in seen[field]:
                raise ImportFormatError(
                    f"{field} {value} is already on line {seen[field][value]}",
                    f"{_FIELD_FR[field]} {value} figure déjà ligne {seen[field][value]}", line=line_no)
            seen[field][value] = line_no
        if rating is None:
            flags.add(FLAG_UNRATED)
        yield RatingListEntry(line_no, rating=rating, flags=frozenset(flags), **values)


def _identifier(field: str, cell: str, line: int, column: int) -> str:
    value = cell.upper() if field == "licence" else cell
    if field == "licence":
        ok = re.fullmatch(r"[0-9A-Z][0-9A-Z\-/.]*", value) is not None
        shape_en, shape_fr = "letters, digits, '-', '/' or '.'", "lettres, chiffres, « - », « / » ou « . »"
    else:
        ok = value.isascii() and value.isdigit()
        shape_en, shape_fr = "digits only", "uniquement des chiffres"
    if not ok:
        raise ImportFormatError(f"'{cell}' is not a valid {field} ({shape_en})",
                                f"« {cell} » n'est pas un(e) {_FIELD_FR[field]} valable ({shape_fr})",
                                line=line, column=column)
    return value


_RATING_RE = re.compile(r"(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d+))?\s*([A-Za-z])?")


_NO_RATING = {"nc", "n.c.", "n.c", "n c", "-", "\u2013", "\u2014", "non classe", "non-classe", "unrated"}


def _rating(cell: str, line: int, column: int) -> tuple[int | None, str | None]:
    if _fold(cell) in _NO_RATING:  # "NC" (non classé) or a dash in the rating column: unrated
        return None, FLAG_UNRATED
    m = _RATING_RE.fullmatch(cell)
    if m is None or not m.group(1).replace(" ", "").replace("\u00a0", "").replace("\u202f", "").isascii():
        raise ImportFormatError(f"'{cell}' is not a rating (an integer, e.g. 1850 or 1850 E)",
                                f"« {cell} » n'est pas un classement (un entier, par ex. 1850 ou 1850 E)",
                                line=line, column=column)
    whole, decimals, mark = m.groups()
    if decimals is not None and decimals.strip("0"):
        raise ImportFormatError(f"'{cell}' is not a whole rating", f"« {cell} » n'est pas un classement entier",
                                line=line, column=column)
    value = int(re.sub(r"\D", "", whole))
    if value > MAX_RATING:
        raise ImportFormatError(f"rating {value} is out of range 0..{MAX_RATING}",
                                f"le classement {value} est hors de 0..{MAX_RATING}", line=line, column=column)
    flag: str | None = None
    if mark is not None:
        flag = _RATING_MARKS.get(mark.upper())
        if flag is None:
            raise ImportFormatError(f"'{mark}' after the rating is not a known mark (E, N or F)",
                                    f"« {mark} » après le classement n'est pas une marque connue (E, N ou F)",
                                    line=line, column=column)
    return value, flag


def _flags(cell: str) -> set[str]:
    out: set[str] = set()
    folded = re.sub(r"non[\s_\-]*classes?", "nc", _fold(cell))
    for token in re.split(r"[\s,|/+;]+", folded):
        if not token:
            continue
        key = _key(token)
        out.add(_FLAG_WORDS.get(key, key))
    return out


def _split_name(full: str, first_name: str) -> tuple[str, str]:
    """``DUPONT Jean-Pierre`` / ``DE LA TOUR Marie``: the leading upper-case words are the surname."""
    if first_name:
        return full, first_name
    words = full.split()
    k = 0
    while k < len(words) and words[k].upper() == words[k] and any(c.isalpha() for c in words[k]):
        k += 1
    if k == 0 or k == len(words):
        return full, ""
    return " ".join(words[:k]), " ".join(words[k:])


# --------------------------------------------------------------------------------------------------------
# Writing a preview

PREVIEW_COLUMNS = ("licence", "name", "old_rating", "games_counted", "evolution", "new_rating", "performance",
                   "note")


def _number(value: float | None) -> str:
    if value is None or not math.isfinite(value):
        return ""
    return str(round_half_away(value))


def write_preview_csv(rows: Sequence[PreviewRow],
                      licence_of: Mapping[PlayerId, str] | Callable[[PlayerId], str] | None = None,
                      *, delimiter: str = ",") -> str:
    """CSV text of a rating preview, one row per player, columns :data:`PREVIEW_COLUMNS`.

    Ratings, evolutions and performances are written as integers (halves away from zero, like the FFJD and
    Scrabble rules round); a missing value is an empty cell. ``licence_of`` gives each player's licence.
    """
    if delimiter not in (",", ";", "\t"):
        raise ImportFormatError(f"'{delimiter}' is not a CSV separator (',', ';' or tab)",
                                f"« {delimiter} » n'est pas un séparateur CSV (« , », « ; » ou tabulation)")
    if licence_of is None:
        def lookup(_pid: PlayerId) -> str:
            return ""
    elif callable(licence_of):
        lookup = licence_of
    else:
        mapping = licence_of

        def lookup(pid: PlayerId) -> str:
            return mapping.get(pid, "")
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow(PREVIEW_COLUMNS)
    for r in rows:
        writer.writerow([lookup(r.player_id), r.name, _number(r.rating_before), r.games_counted,
                         _number(r.evolution), _number(r.new_rating), _number(r.performance), r.note])
    return out.getvalue()
