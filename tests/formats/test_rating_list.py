"""Rating lists: the accepted layouts and columns, precise errors, the preview export, and a fuzz test
(generated and mutated inputs: the only outcomes are a correct import or ImportFormatError)."""

from __future__ import annotations

import csv
import io
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_desk.core.errors import ImportFormatError
from tournament_desk.core.ratings.common import PreviewRow
from tournament_desk.formats.rating_list import (
    FLAG_ESTIMATED,
    FLAG_INACTIVE,
    FLAG_PROVISIONAL,
    FLAG_UNRATED,
    PREVIEW_COLUMNS,
    RatingList,
    read_rating_list,
    write_preview_csv,
)


def test_plain_csv_with_english_headers() -> None:
    data = (b"licence,fide_id,surname,first_name,rating,flags,club\n"
            b"A12345,20612345,Dupont,Jean,1850,,Lyon\n"
            b"b777,,Martin,Anne,,NC,\n")
    result = read_rating_list(data)
    assert result.layout == "csv"
    first, second = result.entries
    assert (first.line, first.licence, first.fide_id, first.name, first.rating, first.club) == \
        (2, "A12345", "20612345", "DUPONT Jean", 1850, "Lyon")
    assert not first.unrated and first.flags == frozenset()
    assert second.licence == "B777" and second.rating is None and second.unrated
    assert second.flags == {FLAG_UNRATED}


def test_french_semicolon_export_in_windows_1252() -> None:
    """A French spreadsheet export: ';', Windows-1252 accents, thousands space, decimal comma, FFE marks."""
    text = ("N° Licence;Nom;Prénom;Elo;Statut;Catégorie\n"
            "C1;Lefèvre;Hélène;1 850;;Sen\n"
            "C2;Bernard;Luc;1850,0;I, P;Vet\n"
            "C3;Roux;Léa;1520 E;;Pup\n"
            "C4;Petit;Max;NC;non classé;Ben\n"
            ";;;;;\n"
            "# a comment line\n")
    result = read_rating_list(text.encode("cp1252"))
    assert result.layout == "csv-semicolon"
    by = result.by_licence()
    assert by["C1"].rating == 1850 and by["C1"].name == "LEFÈVRE Hélène" and by["C1"].category == "Sen"
    assert by["C2"].rating == 1850 and by["C2"].flags == {FLAG_INACTIVE, FLAG_PROVISIONAL}
    assert by["C3"].rating == 1520 and by["C3"].flags == {FLAG_ESTIMATED} and by["C3"].unrated
    assert by["C4"].rating is None and by["C4"].flags == {FLAG_UNRATED}
    assert [e.line for e in result.entries] == [2, 3, 4, 5]


def test_tab_separated_utf16_with_full_name_column() -> None:
    text = "FMJD ID\tJoueur\tCP\r\n16001\tDE LA TOUR Marie-Claire\t1432\r\n16002\tvan Dijk Piet\t1300\r\n"
    result = read_rating_list(b"\xff\xfe" + text.encode("utf-16-le"))
    assert result.layout == "csv-tab"
    a, b = result.entries
    assert (a.fmjd_id, a.surname, a.first_name, a.rating) == ("16001", "DE LA TOUR", "Marie-Claire", 1432)
    assert (b.surname, b.first_name) == ("van Dijk Piet", "")  # no upper-case surname: kept whole


def test_fixed_width_list() -> None:
    text = ("N° licence  Nom       Prenom    CP    Flags\n"
            "\n"
            "12345       DUPONT    Jean      1500\n"
            "  678       DE LA TOUR Ana       NC   I\n"
            "9           X         Y          990  estimated\n")
    result = read_rating_list(text.encode())
    assert result.layout == "fixed"
    a, b, c = result.entries
    assert (a.line, a.licence, a.surname, a.first_name, a.rating) == (3, "12345", "DUPONT", "Jean", 1500)
    assert (b.licence, b.surname, b.rating, b.flags) == ("678", "DE LA TOUR", None, {FLAG_UNRATED, FLAG_INACTIVE})
    assert c.rating == 990 and c.unrated


def test_title_lines_above_the_header_and_non_breaking_spaces() -> None:
    text = "Classement national au 1er mars 2026\nÉdité le 02/03/2026\n\nLicence;Nom;Elo\n7;Durand;1\u00a0850\n"
    result = read_rating_list(text.encode("utf-8"))
    assert [(e.line, e.licence, e.rating) for e in result.entries] == [(5, "7", 1850)]
    with pytest.raises(ImportFormatError) as info:  # no header at all: the first line's problem is reported
        read_rating_list(b"Classement national\nDurand 1850\n")
    assert info.value.line == 1 and "no licence" in str(info.value)


def test_unknown_flags_are_kept_not_interpreted() -> None:
    result = read_rating_list(b"licence;rating;flags\n1;1500;Mut\xc3\xa9 | J\n")
    assert result.entries[0].flags == {"mute", "j"} and not result.entries[0].unrated


@pytest.mark.parametrize(("data", "line", "column", "en", "fr"), [
    (b"", None, None, "empty", "vide"),
    (b"\n\n# only comments\n", None, None, "empty", "vide"),
    (b"name,rating\nA,1500\n", 1, None, "no licence, FIDE id or FMJD id column", "pas de colonne de licence"),
    (b"licence,name\n1,A\n", 1, None, "no rating column", "pas de colonne de classement"),
    (b"licence,elo,cp\n1,1500,1500\n", 1, 3, "repeats an earlier rating column", "répète une colonne"),
    (b"licence,elo\n1,15OO\n", 2, 2, "'15OO' is not a rating", "n'est pas un classement"),
    (b"licence,elo\n1,4001\n", 2, 2, "out of range", "hors de"),
    (b"licence;elo\n1;1850,5\n", 2, 2, "not a whole rating", "pas un classement entier"),
    (b"licence,elo\n1,1850 X\n", 2, 2, "'X' after the rating", "marque connue"),
    (b"licence,elo\n1,1500\n2,1500\n1,1400\n", 4, None, "licence 1 is already on line 2", "figure déjà ligne 2"),
    (b"licence,fide_id,elo\n1,12a,1500\n", 2, 2, "'12a' is not a valid fide_id", "identifiant FIDE"),
    (b"licence,elo\nA 1,1500\n", 2, 1, "not a valid licence", "pas un(e) licence"),
    (b"licence,elo\n1,1500,x\n", 2, 3, "3 cells but the header has 2", "3 cellules"),
    (b"licence,elo\n1,\"15\"00\n", 2, None, "unreadable CSV", "CSV illisible"),
    (b"licence,elo\n1,15\x0000\n", 2, None, "NUL", "NUL"),
    (b"licence,elo\n1,\x07\n", 2, 2, "control character", "caractère de contrôle"),
    (b"Licence  Nom   CP\n1        AB    1500\n2        ABCDEFGH 1500\n", 3, 16, "crosses the boundary",
     "déborde"),
    (b"   Licence  CP\n1  2        1500\n", 2, 1, "text before the first column", "avant la première"),
    (b"\xff\xfe\x00\xd8", None, None, "not valid UTF-16", "UTF-16"),
])
def test_errors_say_where_in_both_languages(data: bytes, line: int | None, column: int | None, en: str,
                                            fr: str) -> None:
    with pytest.raises(ImportFormatError) as info:
        read_rating_list(data)
    exc = info.value
    assert (exc.line, exc.column) == (line, column)
    assert en in exc.message("en") and fr in exc.message("fr")
    if line is not None:
        assert exc.message("en").startswith(f"line {line}") and exc.message("fr").startswith(f"ligne {line}")


def test_reads_a_path(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_text("licence,elo\n1,1500\n", encoding="utf-8-sig")
    assert read_rating_list(path).entries[0].rating == 1500
    assert read_rating_list(str(path)).entries[0].licence == "1"


def test_preview_export_columns_and_round_trip() -> None:
    rows = [PreviewRow(1, "DUPONT Jean", 1200.0, 10, 4.2, 270.0, 1470.0, 1510.4, "first"),
            PreviewRow(2, "MARTIN Anne", None, 3, None, None, None, None, "not yet rated"),
            PreviewRow(3, "ROUX Léa", 1500.0, 5, 2.5, -2.5, 1497.5, None, "")]
    text = write_preview_csv(rows, {1: "A1", 2: "A2", 3: "A3"})
    table = list(csv.reader(io.StringIO(text)))
    assert tuple(table[0]) == PREVIEW_COLUMNS
    assert table[1] == ["A1", "DUPONT Jean", "1200", "10", "270", "1470", "1510", "first"]
    assert table[2] == ["A2", "MARTIN Anne", "", "3", "", "", "", "not yet rated"]
    assert table[3][4:6] == ["-3", "1498"]  # halves away from zero
    back = read_rating_list(text.encode()).by_licence()  # new_rating is read as the rating
    assert back["A1"].rating == 1470 and back["A2"].unrated and back["A3"].rating == 1498
    assert write_preview_csv(rows, lambda pid: f"L{pid}", delimiter=";").splitlines()[1].startswith("L1;")
    with pytest.raises(ImportFormatError):
        write_preview_csv(rows, delimiter="|")


# --------------------------------------------------------------------------------------------------------
# Fuzz: generated lists in every layout must read back exactly; mutated and random bytes must either read
# or raise ImportFormatError, nothing else.

_NAME_CHARS = string.ascii_letters + "éèçàÉÈôïñ'-"
_ID_START = string.digits + string.ascii_uppercase
_name = st.text(_NAME_CHARS, min_size=1, max_size=12)
_flag_sets = st.sets(st.sampled_from([FLAG_UNRATED, FLAG_ESTIMATED, FLAG_PROVISIONAL, FLAG_INACTIVE]), max_size=3)


@st.composite
def _lists(draw: st.DrawFn) -> list[dict[str, object]]:
    n = draw(st.integers(0, 8))
    licences = draw(st.lists(st.builds(lambda a, b: a + b, st.sampled_from(_ID_START),
                                       st.text(_ID_START + "-", max_size=7)), min_size=n, max_size=n, unique=True))
    fide = draw(st.lists(st.integers(0, 10**9).map(str), min_size=n, max_size=n, unique=True))
    rows = []
    for i in range(n):
        rows.append({
            "licence": licences[i],
            "fide_id": fide[i] if draw(st.booleans()) else "",
            "surname": draw(_name), "first_name": draw(st.one_of(st.just(""), _name)),
            "rating": draw(st.one_of(st.none(), st.integers(0, 4000))),
            "flags": draw(_flag_sets),
        })
    return rows


def _render(rows: list[dict[str, object]], layout: str, rating_style: int) -> str:
    header = ["Licence", "ID FIDE", "Nom", "Prénom", "Classement", "Statut"]

    def rating(r: dict[str, object]) -> str:
        value = r["rating"]
        if value is None:
            return ("", "NC", "-")[rating_style % 3]
        assert isinstance(value, int)
        if rating_style == 1 and value >= 1000:
            return f"{value // 1000} {value % 1000:03d}"
        return f"{value},0" if rating_style == 2 and layout == "csv-semicolon" else str(value)

    table = [header] + [[str(r["licence"]), str(r["fide_id"]), str(r["surname"]), str(r["first_name"]),
                         rating(r), " ".join(sorted(r["flags"]))] for r in rows]  # type: ignore[arg-type]
    if layout == "fixed":
        widths = [max(len(row[c]) for row in table) + 2 for c in range(len(header))]
        return "\n".join("".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
                         for row in table) + "\n"
    delimiter = {"csv": ",", "csv-semicolon": ";", "csv-tab": "\t"}[layout]
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows(table)
    return out.getvalue()


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=_lists(), layout=st.sampled_from(["csv", "csv-semicolon", "csv-tab", "fixed"]),
       rating_style=st.integers(0, 2), encoding=st.sampled_from(["utf-8", "utf-8-sig", "cp1252", "utf-16"]))
def test_fuzz_generated_lists_read_back_exactly(rows: list[dict[str, object]], layout: str, rating_style: int,
                                                encoding: str) -> None:
    text = _render(rows, layout, rating_style)
    result = read_rating_list(text.encode(encoding))
    assert result.layout == layout or (not rows and result.layout in ("csv", "fixed"))
    assert len(result.entries) == len(rows)
    for entry, row in zip(result.entries, rows, strict=True):
        assert entry.licence == row["licence"] and entry.fide_id == row["fide_id"]
        assert entry.surname == row["surname"] and entry.first_name == row["first_name"]
        assert entry.rating == row["rating"]
        expected_flags = set(row["flags"])  # type: ignore[call-overload]
        if row["rating"] is None:
            expected_flags.add(FLAG_UNRATED)
        assert entry.flags == expected_flags


def _check_invariants(result: RatingList) -> None:
    licences = [e.licence for e in result.entries if e.licence]
    assert len(licences) == len(set(licences))
    for e in result.entries:
        assert e.line >= 2
        assert e.rating is None or 0 <= e.rating <= 4000
        assert e.rating is not None or FLAG_UNRATED in e.flags
        assert not e.fide_id or e.fide_id.isdigit()


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=_lists(), layout=st.sampled_from(["csv", "csv-semicolon", "csv-tab", "fixed"]), data=st.data())
def test_fuzz_mutated_lists_import_or_raise_import_format_error(rows: list[dict[str, object]], layout: str,
                                                               data: st.DataObject) -> None:
    raw = bytearray(_render(rows, layout, 0).encode("utf-8"))
    for _ in range(data.draw(st.integers(1, 6))):
        op = data.draw(st.sampled_from(["delete", "insert", "replace", "duplicate-line", "swap"]))
        pos = data.draw(st.integers(0, max(0, len(raw) - 1)))
        if op == "delete" and raw:
            del raw[pos:pos + data.draw(st.integers(1, 5))]
        elif op == "insert":
            raw[pos:pos] = data.draw(st.sampled_from([b",", b";", b"\t", b'"', b"\n", b" ", b"#", b"\x00", b"\xff",
                                                      b"\xe9", b"9", b"E", b"NC", b"\r", b"\xef\xbb\xbf"]))
        elif op == "replace" and raw:
            raw[pos] = data.draw(st.integers(0, 255))
        elif op == "duplicate-line":
            lines = bytes(raw).split(b"\n")
            k = data.draw(st.integers(0, len(lines) - 1))
            raw = bytearray(b"\n".join([*lines[:k + 1], lines[k], *lines[k + 1:]]))
        elif op == "swap" and len(raw) > 1:
            j = data.draw(st.integers(0, len(raw) - 1))
            raw[pos], raw[j] = raw[j], raw[pos]
    try:
        result = read_rating_list(bytes(raw))
    except ImportFormatError as exc:
        assert exc.message("en") and exc.message("fr")
        return
    _check_invariants(result)


@settings(max_examples=400, deadline=None)
@given(raw=st.binary(max_size=300) | st.text(max_size=200).map(lambda t: t.encode("utf-8")))
def test_fuzz_random_input_imports_or_raises_import_format_error(raw: bytes) -> None:
    try:
        result = read_rating_list(b"licence;fide_id;nom;elo;flags\n" + raw)
    except ImportFormatError:
        return
    _check_invariants(result)
