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

import codecs
import contextlib
import csv
import io
import itertools
import math
import os
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from tournament_desk.core.errors import ImportFormatError
from tournament_desk.core.messages import Msg, msg, pmsg
from tournament_desk.core.ratings.common import PreviewRow, RatedKey, round_half_away

__all__ = [
    "FIELD_TITLES",
    "FLAG_ESTIMATED",
    "FLAG_INACTIVE",
    "FLAG_PROVISIONAL",
    "FLAG_UNRATED",
    "MAPPABLE_FIELDS",
    "PREVIEW_COLUMNS",
    "ListHeader",
    "Progress",
    "RatingList",
    "RatingListEntry",
    "RatingListFilter",
    "UnknownColumnsError",
    "read_header",
    "read_rating_list",
    "write_preview_csv",
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
                     "licence_ffjd", "licence_ffe", "national_licence_number", "nrffe", "nr_ffe"), "licence"),
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
    **dict.fromkeys(("rating_type", "type_elo", "type_classement"), "rating_type"),
}
FIELD_TITLES: dict[str, Msg] = {
    "licence": pmsg("rating list field", "licence"), "fide_id": pmsg("rating list field", "fide_id"),
    "fmjd_id": pmsg("rating list field", "fmjd_id"), "surname": pmsg("rating list field", "surname"),
    "first_name": pmsg("rating list field", "first_name"), "name": pmsg("rating list field", "name"),
    "rating": pmsg("rating list field", "rating"), "flags": pmsg("rating list field", "flags"),
    "club": pmsg("rating list field", "club"), "category": pmsg("rating list field", "category"),
    "rating_type": pmsg("rating list field", "rating_type"), "fide_flag": pmsg("rating list field", "fide_flag"),
}
"""The fields of a rating list, named in a message (the field's key in English, its French name in French)."""
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
    rows: int = 0
    """Data rows read (with a filter, more than the entries kept)."""

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


class UnknownColumnsError(ImportFormatError):
    """The header names no id column or no rating column: ``labels`` are the header's labels, offered to the
    user for a column mapping (CLI ``--columns``, GUI mapping dialog)."""

    def __init__(self, message: Msg, *, line: int | None, labels: Sequence[str], layout: str) -> None:
        super().__init__(message, line=line)
        self.labels = tuple(labels)
        self.layout = layout


@dataclass(frozen=True, slots=True)
class RatingListFilter:
    """Ids of the players wanted from a list: with it, a federation's whole list (1.9 million FIDE lines) is
    read in bounded memory, keeping only the rows of these players."""

    licences: frozenset[str] = frozenset()
    fide_ids: frozenset[str] = frozenset()
    fmjd_ids: frozenset[str] = frozenset()

    def wants(self, values: Mapping[str, str]) -> bool:
        return (values.get("licence", "") in self.licences or values.get("fide_id", "") in self.fide_ids
                or values.get("fmjd_id", "") in self.fmjd_ids)


Progress = Callable[[int, int], None]
"""Called with (bytes read, total bytes) while a list is read: a progress bar's callback."""

_PROGRESS_EVERY = 1 << 20  # bytes between two progress calls


class _Utf8Failed(Exception):
    """A file guessed UTF-8 from its beginning has a non-UTF-8 byte further on: read again as Windows-1252."""


class _Source:
    """The lines of a list, read as a stream: (line number, text with its line end)."""

    def __init__(self, source: Path | str | bytes, encoding: str | None, progress: Progress | None) -> None:
        self.source = source
        self.progress = progress
        if isinstance(source, bytes):
            self.total = len(source)
            head = source[:65536]
        else:
            self.total = os.path.getsize(source)
            with open(source, "rb") as fh:
                head = fh.read(65536)
        self.head = head
        self.encoding = encoding or self._guess(head)

    @staticmethod
    def _guess(head: bytes) -> str:
        if head.startswith((b"\xff\xfe", b"\xfe\xff")):
            return "utf-16"
        try:
            codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
            return "utf-8-sig"
        except UnicodeDecodeError:
            return "cp1252"

    def _binary(self) -> BinaryIO:
        return io.BytesIO(self.source) if isinstance(self.source, bytes) else open(self.source, "rb")

    def lines(self) -> Generator[tuple[int, str], None, None]:
        raw = self._binary()
        try:
            text = io.TextIOWrapper(raw, encoding=self.encoding, newline="")
            line_no = 0
            next_report = _PROGRESS_EVERY
            try:
                for line_no, line in enumerate(text, start=1):
                    if "\x00" in line:
                        raise ImportFormatError(msg("the file contains a NUL character: it is not a text file"),
                                                line=line_no)
                    if self.progress is not None and not line_no % 4096 and raw.tell() >= next_report:
                        self.progress(raw.tell(), self.total)
                        next_report = raw.tell() + _PROGRESS_EVERY
                    yield line_no, line
            except UnicodeDecodeError:
                if self.encoding == "utf-8-sig":
                    raise _Utf8Failed from None
                if self.encoding == "utf-16":
                    raise ImportFormatError(msg("The file starts like UTF-16 text but is not valid UTF-16")) from None
                raise ImportFormatError(msg("The file is neither UTF-8 nor Windows-1252 text"),
                                        line=line_no + 1) from None
            if self.progress is not None:
                self.progress(self.total, self.total)
        finally:
            raw.close()


def _skip(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def read_rating_list(source: Path | str | bytes, *, columns: Mapping[str, str] | None = None,
                     wanted: RatingListFilter | None = None, progress: Progress | None = None) -> RatingList:
    """Read a rating list (CSV, fixed width, FIDE TXT or XML, see the module documentation).

    ``columns`` maps fields (``licence``, ``fide_id``, ``rating``...) to header labels of the file, for headers
    this reader does not know (they take precedence over the automatic recognition). ``wanted`` keeps only
    the rows of those players (a federation's whole list read in bounded memory); ``progress`` is called with
    (bytes read, total bytes) about every megabyte.
    """
    mapping = _mapping(columns)
    src = _Source(source, None, progress)
    if src.head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return _read_xml(src, mapping, wanted)
    try:
        return _read_text(src, mapping, wanted)
    except _Utf8Failed:
        return _read_text(_Source(source, "cp1252", progress), mapping, wanted)


@dataclass(frozen=True, slots=True)
class ListHeader:
    """A list's header as read, for a column-mapping step: its labels, the field each one is read as (None:
    not read), its layout, and a signature naming the layout (to remember a mapping per file layout)."""

    labels: tuple[str, ...]
    fields: tuple[str | None, ...]
    layout: str
    line: int

    @property
    def signature(self) -> str:
        return self.layout.split("-")[0] + ":" + "|".join(_key(label) for label in self.labels)

    @property
    def complete(self) -> bool:
        """The header names an id column and a rating column."""
        return any(f in _ID_FIELDS for f in self.fields) and "rating" in self.fields


MAPPABLE_FIELDS = ("licence", "fide_id", "fmjd_id", "rating", "surname", "first_name", "name", "flags",
                   "rating_type", "club", "category")
"""The fields a column mapping can give a label (named in :data:`FIELD_TITLES`)."""


def read_header(source: Path | str | bytes, columns: Mapping[str, str] | None = None) -> ListHeader:
    """The header of a list (the first of its first lines naming an id and a rating column, else its first
    line), without reading the rest: what a column-mapping dialog shows."""
    mapping = _mapping(columns)
    src = _Source(source, None, None)
    if src.head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        tags = re.findall(rb"<player>(.*?)</player>", src.head, flags=re.S)
        labels = tuple(re.findall(r"<([A-Za-z_][\w.-]*)[ />]", tags[0].decode("utf-8", "replace"))) if tags else ()
        default = {"fideid": "fide_id", "name": "name", "rating": "rating", "flag": "fide_flag"}
        for label, field_name in mapping.items():
            default = {k: v for k, v in default.items() if v != field_name}
            default[label] = field_name
        return ListHeader(labels, tuple(default.get(_key(t)) for t in labels), "fide-xml", 1)
    try:
        return _header_of(src, mapping)
    except _Utf8Failed:
        return _header_of(_Source(source, "cp1252", None), mapping)


def _header_of(src: _Source, mapping: dict[str, str]) -> ListHeader:
    candidates: list[tuple[int, str]] = []
    with contextlib.closing(src.lines()) as lines:
        for line_no, line in lines:
            if not _skip(line):
                candidates.append((line_no, line.rstrip("\r\n")))
                if len(candidates) == _HEADER_SEARCH:
                    break
    return _header_from(candidates, mapping)


def _header_from(candidates: list[tuple[int, str]], mapping: dict[str, str]) -> ListHeader:
    if not candidates:
        raise ImportFormatError(msg("The file is empty"))
    line_no, header = next(((n, t) for n, t in candidates if _is_header(t, n, mapping)), candidates[0])
    fide = bool(_FIDE_HEADER.match(header))
    delimiter = _delimiter(header)
    if fide:
        labels, layout = [label for _, label in _fide_labels(header)], "fide-txt"
    elif delimiter is not None:
        try:
            labels = next(csv.reader([header], delimiter=delimiter))
        except (csv.Error, StopIteration):
            labels = header.split(delimiter)
        layout = {"\t": "csv-tab", ";": "csv-semicolon", ",": "csv"}[delimiter]
    else:
        labels, layout = [label for _, label in _fixed_labels(header.expandtabs())], "fixed"
    return ListHeader(tuple(labels), tuple(_field(label, mapping, fide) for label in labels), layout, line_no)


def _mapping(columns: Mapping[str, str] | None) -> dict[str, str]:
    """Header label (normalised) -> field, from a user's column mapping."""
    out: dict[str, str] = {}
    for field_name, label in (columns or {}).items():
        if field_name not in FIELD_TITLES:
            known = ", ".join(FIELD_TITLES)
            raise ImportFormatError(msg("'{field_name}' is not a rating-list field (known: {known})",
                                        field_name=field_name, known=known))
        out[_key(label)] = field_name
    return out


def _read_text(src: _Source, mapping: dict[str, str], wanted: RatingListFilter | None) -> RatingList:
    with contextlib.closing(src.lines()) as lines:
        return _read_lines(lines, mapping, wanted)


def _read_lines(lines: Iterator[tuple[int, str]], mapping: dict[str, str],
                wanted: RatingListFilter | None) -> RatingList:
    buffered: list[tuple[int, str]] = []
    candidates: list[tuple[int, str]] = []
    for line_no, line in lines:
        buffered.append((line_no, line))
        if not _skip(line):
            candidates.append((line_no, line))
            if len(candidates) == _HEADER_SEARCH:
                break
    if not candidates:
        raise ImportFormatError(msg("The file is empty"))
    header_no, header = candidates[0]
    for line_no, line in candidates:  # title lines above the header are skipped
        if _is_header(line.rstrip("\r\n"), line_no, mapping):
            header_no, header = line_no, line
            break
    rest = itertools.chain((item for item in buffered if item[0] > header_no), lines)
    counter = [0]  # data rows read, kept or not
    header = header.rstrip("\r\n")
    delimiter = _delimiter(header)
    if _FIDE_HEADER.match(header):
        rows = _fixed_rows(header, header_no, rest, mapping, fide=True, wanted=wanted, counter=counter)
        layout = "fide-txt"
    elif delimiter is not None:
        rows = _csv_rows(header, header_no, rest, delimiter, mapping, wanted=wanted, counter=counter)
        layout = {"\t": "csv-tab", ";": "csv-semicolon", ",": "csv"}[delimiter]
    else:
        rows = _fixed_rows(header, header_no, rest, mapping, fide=False, wanted=wanted, counter=counter)
        layout = "fixed"
    return _collect(rows, layout, wanted, counter)


def _collect(rows: Iterable[_Row], layout: str, wanted: RatingListFilter | None, counter: list[int]) -> RatingList:
    kept: list[RatingListEntry] = []
    for entry in _entries(rows, wanted, counter, unrated_zero=layout.startswith("fide")):
        kept.append(entry)
    return RatingList(tuple(kept), layout, rows=counter[0])


_HEADER_SEARCH = 10
_FIDE_HEADER = re.compile(r"\s*ID\s+number\s", re.IGNORECASE)
_MONTH_CODE = re.compile(r"[A-Za-z]{3}\d{2}")
_FIDE_ALIASES = {"id_number": "fide_id", "name": "name", "srtng": "rating", "rating": "rating", "flag": "fide_flag"}
_GLUED = {"titlfed": ("Titl", "Fed"), "gamesborn": ("Games", "Born")}  # the pre-2012 FIDE TXT header


def _delimiter(header: str) -> str | None:
    return next((d for d in ("\t", ";", ",") if d in header), None)


def _fixed_labels(header: str) -> list[tuple[int, str]]:
    labels = [(m.start() + 1, m.group()) for m in re.finditer(r"\S+(?: \S+)*", header)]
    if len(labels) < 2:  # labels separated by single spaces only: each word is a column
        labels = [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", header)]
    return labels


def _fide_labels(header: str) -> list[tuple[int, str]]:
    """FIDE TXT headers: one label per word (``Fed Sex Tit`` are three columns), ``ID Number`` one label, and
    the pre-2012 glued labels (``TitlFed``, ``GamesBorn``) split. Each column starts at its label."""
    words = [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", header)]
    labels: list[tuple[int, str]] = []
    for position, word in words:
        if labels and labels[-1][1].upper() == "ID" and word.lower() == "number":
            labels[-1] = (labels[-1][0], f"{labels[-1][1]} {word}")
        elif word.lower() in _GLUED:
            first, second = _GLUED[word.lower()]
            labels += [(position, first), (position + len(first), second)]
        else:
            labels.append((position, word))
    return labels


def _field(label: str, mapping: dict[str, str], fide: bool) -> str | None:
    """The field of a header label: the user's mapping first; a label the mapping does not name keeps its
    automatic field unless the mapping gave that field to another label."""
    key = _key(label)
    if key in mapping:
        return mapping[key]
    automatic = _automatic_field(label, fide)
    return None if automatic in mapping.values() else automatic


def _automatic_field(label: str, fide: bool) -> str | None:
    key = _key(label)
    if fide:
        if _MONTH_CODE.fullmatch(label):
            return "rating"
        return _FIDE_ALIASES.get(key)
    return _ALIASES.get(key)


def _is_header(line: str, line_no: int, mapping: dict[str, str]) -> bool:
    """Whether ``line`` names an id column and a rating column (the header), without raising."""
    delimiter = _delimiter(line)
    try:
        if _FIDE_HEADER.match(line):
            _columns(_fide_labels(line), line_no, mapping, fide=True, layout="fide-txt")
        elif delimiter is not None:
            cells = next(csv.reader([line], delimiter=delimiter, strict=True))
            _columns(list(enumerate(cells, start=1)), line_no, mapping, fide=False, layout="csv")
        else:
            _columns(_fixed_labels(line.expandtabs()), line_no, mapping, fide=False, layout="fixed")
    except (ImportFormatError, csv.Error, StopIteration):
        return False
    return True


# A row: (line number, [(column position, header label, field or None, cell text)])
_Cell = tuple[int, str, "str | None", str]
_Row = tuple[int, list[_Cell]]


def _columns(labels: Sequence[tuple[int, str]], line: int, mapping: dict[str, str], *, fide: bool,
             layout: str) -> list[str | None]:
    fields: list[str | None] = []
    for position, label in labels:
        field_name = _field(label, mapping, fide)
        if field_name is not None and field_name in fields:
            raise ImportFormatError(msg("column '{label}' repeats an earlier {field_name} column", label=label,
                                        field_name=FIELD_TITLES[field_name]),
                                    line=line, column=position)
        fields.append(field_name)
    names = [label for _, label in labels]
    if not any(f in _ID_FIELDS for f in fields):
        raise UnknownColumnsError(
            msg("no licence, FIDE id or FMJD id column in the header (e.g. 'licence', 'fide_id', 'fmjd_id'); name "
                "the columns with a column mapping (--columns licence=LABEL,rating=LABEL)"),
            line=line, labels=names, layout=layout)
    if "rating" not in fields:
        raise UnknownColumnsError(
            msg("no rating column in the header (e.g. 'rating', 'elo', 'classement', 'cp'); name it with a column "
                "mapping (--columns rating=LABEL)"), line=line, labels=names, layout=layout)
    return fields


def _wanted_ids(values: Mapping[str, str]) -> dict[str, str]:
    return {f: (v.strip().upper() if f == "licence" else v.strip()) for f, v in values.items()}


def _fixed_wanted(wanted: RatingListFilter, id_slices: list[tuple[str, int, int | None]], line: str) -> bool:
    if len(id_slices) == 1:  # the usual case (a FIDE list: one id column), without building a dict
        f, a, b = id_slices[0]
        value = line[a:b].strip()
        if f == "fide_id":
            return value in wanted.fide_ids
        if f == "licence":
            return value.upper() in wanted.licences
        return value in wanted.fmjd_ids
    return wanted.wants(_wanted_ids({f: line[a:b] for f, a, b in id_slices}))


def _csv_rows(header: str, header_no: int, rest: Iterator[tuple[int, str]], delimiter: str,
              mapping: dict[str, str], *, wanted: RatingListFilter | None = None,
              counter: list[int] | None = None) -> Iterator[_Row]:
    """Rows of a CSV list. With ``wanted``, the rows of other players are counted and skipped unchecked."""
    numbers: list[int] = [header_no]

    def text() -> Iterator[str]:
        yield header + "\n"
        for line_no, line in rest:
            numbers.append(line_no)
            yield line

    reader = csv.reader(text(), delimiter=delimiter, strict=True)

    def read_next() -> list[str] | None:
        try:
            return next(reader)
        except StopIteration:
            return None
        except csv.Error as exc:
            raise ImportFormatError(msg("unreadable CSV ({exc})", exc=exc),
                                    line=numbers[-1]) from None

    cells = read_next()
    assert cells is not None  # the header line is not blank
    fields = _columns([(i, name) for i, name in enumerate(cells, start=1)], header_no, mapping, fide=False,
                      layout="csv")
    id_columns = [(f, i) for i, f in enumerate(fields) if f in _ID_FIELDS]
    while (row := read_next()) is not None:
        line_no = numbers[-1]
        del numbers[:-1]
        if not any(cell.strip() for cell in row) or row[0].lstrip().startswith("#"):
            continue
        if wanted is not None and not wanted.wants(_wanted_ids({f: row[i] for f, i in id_columns
                                                                if i < len(row)})):
            if counter is not None:
                counter[0] += 1
            continue
        if len(row) > len(fields) and any(cell.strip() for cell in row[len(fields):]):
            raise ImportFormatError(msg("{n_row} cells but the header has {n_fields}", n_row=len(row),
                                        n_fields=len(fields)),
                                    line=line_no, column=len(fields) + 1)
        yield line_no, [(i, cells[i - 1], field_name, cell)
                        for i, (field_name, cell) in enumerate(zip(fields, row, strict=False), start=1)]


def _fixed_rows(header: str, header_no: int, rest: Iterator[tuple[int, str]], mapping: dict[str, str], *,
                fide: bool, wanted: RatingListFilter | None = None, counter: list[int] | None = None
                ) -> Iterator[_Row]:
    """Rows of a fixed-width list. With ``wanted``, the rows of other players are counted and skipped
    unchecked (only their id columns are read: a 1.9-million-line list reads in seconds)."""
    header = header.expandtabs()
    labels = _fide_labels(header) if fide else _fixed_labels(header)
    fields = _columns(labels, header_no, mapping, fide=fide, layout="fide-txt" if fide else "fixed")
    starts = [p - 1 for p, _ in labels]
    width = len(header.rstrip())
    id_slices = [(f, starts[k], starts[k + 1] if k + 1 < len(starts) else None)
                 for k, f in enumerate(fields) if f in _ID_FIELDS]
    for line_no, raw in rest:
        line = raw.rstrip("\r\n")
        if "\t" in line:
            line = line.expandtabs()
        if _skip(line):
            continue
        if wanted is not None and not _fixed_wanted(wanted, id_slices, line):
            if counter is not None:
                counter[0] += 1
            continue
        if line[:starts[0]].strip():
            raise ImportFormatError(
                msg("text before the first column '{labels}' (columns start under their header label)",
                    labels=labels[0][1]), line=line_no, column=1)
        shift = 0
        cells: list[_Cell] = []
        for k, base in enumerate(starts):
            start = base + shift
            if 0 < start < len(line) and line[start - 1] != " " and line[start] != " ":
                # FIDE's own lists hold a few lines one character too long: a free-text column (OTit)
                # overflowing into the next one (FOA); the rest of such a line is shifted by the excess.
                excess = len(line) - width if fide else 0
                if excess <= 0 or shift:
                    raise ImportFormatError(
                        msg("the text crosses the boundary between columns '{labels}' and '{labels2}' (fixed-width "
                            "columns start under their header label)", labels=labels[k - 1][1], labels2=labels[k][1]),
                        line=line_no, column=start + 1)
                shift = excess
                start = base + shift
                prev = cells[-1]
                cells[-1] = (prev[0], prev[1], prev[2], line[prev[0] - 1:start])
            end = starts[k + 1] + shift if k + 1 < len(starts) else len(line)
            cells.append((start + 1, labels[k][1], fields[k], line[start:end]))
        yield line_no, cells


def _read_xml(src: _Source, mapping: dict[str, str], wanted: RatingListFilter | None) -> RatingList:
    """FIDE's XML list: ``<playerslist><player><fideid/>...<rating/>...<flag/></player>...`` read as a stream
    (the whole list is 856 MB). ``columns`` may name another element as the rating (``rapid_rating``)."""
    elements = {"fideid": "fide_id", "name": "name", "rating": "rating", "flag": "fide_flag"}
    for label, field_name in mapping.items():  # the user's mapping replaces the default element of a field
        elements = {k: v for k, v in elements.items() if v != field_name}
        elements[label] = field_name
    raw = src._binary()
    rows: list[RatingListEntry] = []
    counter = [0]

    def player_rows() -> Iterator[_Row]:
        number = 0
        next_report = _PROGRESS_EVERY
        root = None
        try:
            for event, elem in ET.iterparse(raw, events=("start", "end")):
                if root is None and event == "start":
                    root = elem
                if event != "end" or elem.tag != "player":
                    continue
                number += 1
                cells: list[_Cell] = []
                for child in elem:
                    field_name = elements.get(_key(child.tag))
                    cells.append((number, child.tag, field_name, (child.text or "").strip()))
                elem.clear()
                if root is not None and number % 1000 == 0:
                    root.clear()  # bounded memory: processed players are dropped
                if src.progress is not None and raw.tell() >= next_report:
                    src.progress(raw.tell(), src.total)
                    next_report = raw.tell() + _PROGRESS_EVERY
                if not any(c[2] in _ID_FIELDS for c in cells) or not any(c[2] == "rating" for c in cells):
                    labels = [c[1] for c in cells]
                    raise UnknownColumnsError(
                        msg("player {number} of the XML list has no FIDE id or no rating element (elements: "
                            "{labels}); name them with a column mapping (--columns fide_id=ELEMENT,rating=ELEMENT)",
                            number=number, labels=', '.join(labels)), line=None, labels=labels, layout="fide-xml")
                yield number, cells
        except ET.ParseError as exc:
            line, column = exc.position
            raise ImportFormatError(msg("unreadable XML ({exc})", exc=exc), line=line,
                                    column=column + 1) from None
        if src.progress is not None:
            src.progress(src.total, src.total)

    try:
        for entry in _entries(player_rows(), wanted, counter, unrated_zero=True):
            rows.append(entry)
    finally:
        raw.close()
    if counter[0] == 0:
        raise ImportFormatError(msg("The XML file holds no <player> element"))
    return RatingList(tuple(rows), "fide-xml", rows=counter[0])


def _entries(rows: Iterable[_Row], wanted: RatingListFilter | None = None, counter: list[int] | None = None,
             *, unrated_zero: bool = False) -> Iterator[RatingListEntry]:
    seen: dict[str, dict[str, int]] = {f: {} for f in _ID_FIELDS}
    for line_no, cells in rows:
        if counter is not None:
            counter[0] += 1
        values: dict[str, str] = {}
        rating_cell: tuple[int, str] | None = None
        flags: set[str] = set()
        full_name = ""
        for column, _label, field_name, raw in cells:
            cell = raw.strip()
            if field_name is None or not cell:
                continue
            if len(cell) > _MAX_CELL:
                raise ImportFormatError(
                    msg("the {field_name} cell is {n_cell} characters long (at most {max_cell})",
                        field_name=FIELD_TITLES.get(field_name, field_name),
                        n_cell=len(cell), max_cell=_MAX_CELL), line=line_no, column=column)
            if any(not c.isprintable() and not c.isspace() for c in cell):
                raise ImportFormatError(msg("the {field_name} cell contains a control character",
                                            field_name=FIELD_TITLES.get(field_name, field_name)),
                                        line=line_no, column=column)
            if field_name == "rating":
                rating_cell = (column, cell)
            elif field_name == "flags":
                flags |= _flags(cell)
            elif field_name == "fide_flag":  # FIDE: i inactive, w woman (wi both)
                if "i" in cell.lower():
                    flags.add(FLAG_INACTIVE)
            elif field_name == "rating_type":  # French chess federation: F FIDE, N national, E estimated
                mark = _RATING_MARKS.get(cell.upper()[:1])
                if mark is not None:
                    flags.add(mark)
            elif field_name == "name":
                full_name = cell
            elif field_name in _ID_FIELDS:
                values[field_name] = _identifier(field_name, cell, line_no, column)
            else:
                values[field_name] = cell
        if wanted is not None and not wanted.wants(values):
            continue
        rating: int | None = None
        if rating_cell is not None:
            rating, mark = _rating(rating_cell[1], line_no, rating_cell[0])
            if mark:
                flags.add(mark)
            if rating == 0 and unrated_zero:
                rating = None  # FIDE's lists write an unrated player's rating as 0
        if full_name and "surname" not in values:
            values["surname"], values["first_name"] = _split_name(full_name, values.get("first_name", ""))
        for field_name in _ID_FIELDS:  # an id twice would make the matching ambiguous
            value = values.get(field_name)
            if not value:
                continue
            if value in seen[field_name]:
                raise ImportFormatError(
                    msg("{field_name} {value} is already on line {seen}",
                        field_name=FIELD_TITLES[field_name], value=value,
                        seen=seen[field_name][value]), line=line_no)
            seen[field_name][value] = line_no
        if rating is None:
            flags.add(FLAG_UNRATED)
        yield RatingListEntry(line_no, rating=rating, flags=frozenset(flags), **values)


def _identifier(field: str, cell: str, line: int, column: int) -> str:
    value = cell.upper() if field == "licence" else cell
    if field == "licence":
        ok = re.fullmatch(r"[0-9A-Z][0-9A-Z\-/.]*", value) is not None
        shape = msg("letters, digits, '-', '/' or '.'")
    else:
        ok = value.isascii() and value.isdigit()
        shape = msg("digits only")
    if not ok:
        raise ImportFormatError(msg("'{cell}' is not a valid {field} ({shape})", cell=cell, field=FIELD_TITLES[field],
                                    shape=shape),
                                line=line, column=column)
    return value


_RATING_RE = re.compile(r"(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d+))?\s*([A-Za-z])?")


_NO_RATING = {"nc", "n.c.", "n.c", "n c", "-", "\u2013", "\u2014", "non classe", "non-classe", "unrated"}


def _rating(cell: str, line: int, column: int) -> tuple[int | None, str | None]:
    if _fold(cell) in _NO_RATING:  # "NC" (non classé) or a dash in the rating column: unrated
        return None, FLAG_UNRATED
    m = _RATING_RE.fullmatch(cell)
    if m is None or not m.group(1).replace(" ", "").replace("\u00a0", "").replace("\u202f", "").isascii():
        raise ImportFormatError(msg("'{cell}' is not a rating (an integer, e.g. 1850 or 1850 E)", cell=cell),
                                line=line, column=column)
    whole, decimals, mark = m.groups()
    if decimals is not None and decimals.strip("0"):
        raise ImportFormatError(msg("'{cell}' is not a whole rating", cell=cell),
                                line=line, column=column)
    value = int(re.sub(r"\D", "", whole))
    if value > MAX_RATING:
        raise ImportFormatError(msg("rating {value} is out of range 0..{max_rating}", value=value,
                                    max_rating=MAX_RATING), line=line, column=column)
    flag: str | None = None
    if mark is not None:
        flag = _RATING_MARKS.get(mark.upper())
        if flag is None:
            raise ImportFormatError(msg("'{mark}' after the rating is not a known mark (E, N or F)", mark=mark),
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
    if "," in full:  # FIDE and TRF: "Last, First"
        surname, _, first = full.partition(",")
        return surname.strip(), first.strip()
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


def _no_licence(_pid: RatedKey) -> str:
    return ""


def write_preview_csv(rows: Sequence[PreviewRow],
                      licence_of: Mapping[RatedKey, str] | Callable[[RatedKey], str] | None = None,
                      *, delimiter: str = ",") -> str:
    """CSV text of a rating preview, one row per player, columns :data:`PREVIEW_COLUMNS`.

    Ratings, evolutions and performances are written as integers (halves away from zero, like the FFJD and
    Scrabble rules round); a missing value is an empty cell. ``licence_of`` gives each player's licence.
    """
    if delimiter not in (",", ";", "\t"):
        raise ImportFormatError(msg("'{delimiter}' is not a CSV separator (',', ';' or tab)", delimiter=delimiter))
    lookup: Callable[[RatedKey], str]
    if licence_of is None:
        lookup = _no_licence
    elif callable(licence_of):
        lookup = licence_of
    else:
        mapping = licence_of

        def lookup(pid: RatedKey) -> str:
            return mapping.get(pid, "")
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow(PREVIEW_COLUMNS)
    for r in rows:
        writer.writerow([lookup(r.player_id), r.name, _number(r.rating_before), r.games_counted,
                         _number(r.evolution), _number(r.new_rating), _number(r.performance), r.note])
    return out.getvalue()
