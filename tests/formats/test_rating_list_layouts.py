"""Rating lists as federations publish them (issue 24 item 7): FIDE's players_list_foa.txt (with its overlong
lines), its legacy and pre-2012 TXT layouts and its XML; the French chess federation's extract; an unknown
header mapped by the user; big lists streamed with progress and a filter.

The files in tests/data/rating_lists are written by benchmarks/fide_list.py (FIDE layouts, the column
positions of the real files) plus two hand-written federation CSVs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.core.errors import ImportFormatError
from tournament_desk.formats.rating_list import (
    FLAG_ESTIMATED,
    FLAG_FIDE,
    FLAG_INACTIVE,
    FLAG_NATIONAL,
    FLAG_UNRATED,
    RatingListFilter,
    UnknownColumnsError,
    read_header,
    read_rating_list,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "rating_lists"


@pytest.mark.parametrize(("name", "layout", "rows"), [
    ("players_list_foa.txt", "fide-txt", 40), ("players_list_legacy.txt", "fide-txt", 39),
    ("standard_mar11frl.txt", "fide-txt", 39), ("players_list_xml_foa.xml", "fide-xml", 40),
])
def test_fide_lists(name: str, layout: str, rows: int) -> None:
    """Every FIDE layout: id, ``Last, First`` name, standard rating, 0 = unrated, flag i = inactive."""
    result = read_rating_list(DATA / name)
    assert (result.layout, result.rows, len(result.entries)) == (layout, rows, rows)
    by = result.by_fide_id()
    carlsen = by["1503014"]
    assert (carlsen.surname, carlsen.first_name, carlsen.rating, carlsen.unrated) == \
        ("Carlsen", "Magnus", 2833, False)
    assert by["623539"].rating == 2725 and by["623539"].surname == "Vachier-Lagrave"
    durand = by["36009504"]
    assert durand.rating is None and FLAG_UNRATED in durand.flags and durand.unrated
    assert by["20612345"].rating == 2105 and FLAG_INACTIVE in by["20612345"].flags  # flag "wi"
    assert FLAG_INACTIVE not in carlsen.flags


def test_fide_overlong_line_is_read() -> None:
    """FIDE's file has lines of 163 characters where OTit overflows into FOA (``SI,FI,LSI,SLI,NAAFM``): the
    rest of such a line is shifted, and its rating still read."""
    raw = (DATA / "players_list_foa.txt").read_text().splitlines()
    assert sorted({len(line) for line in raw[1:]}) == [162, 163]
    pedro = read_rating_list(DATA / "players_list_foa.txt").by_fide_id()["12345678"]
    assert (pedro.surname, pedro.first_name, pedro.rating) == ("Ruiz Lopez", "Pedro", 1950)
    assert FLAG_INACTIVE in pedro.flags


def test_fide_rapid_rating_by_column_mapping() -> None:
    """``columns`` chooses another rating column of the same list (rapid, blitz)."""
    txt = read_rating_list(DATA / "players_list_foa.txt", columns={"rating": "RRtng"}).by_fide_id()
    xml = read_rating_list(DATA / "players_list_xml_foa.xml", columns={"rating": "rapid_rating"}).by_fide_id()
    assert txt["1503014"].rating == xml["1503014"].rating == 2823
    assert txt["20612345"].rating is None  # 0: no rapid rating


def test_french_federation_extract() -> None:
    """FFE extract: ``national_licence_number`` is the licence, ``rating_type`` F/N/E = FIDE, national,
    estimated (an estimate is never used: unrated), ``NC`` = unrated."""
    result = read_rating_list(DATA / "ffe_extract.csv")
    by = result.by_licence()
    assert set(by) == {"K53404", "W61234", "M12398", "N77001", "X00042"}
    assert by["K53404"].rating == 2725 and by["K53404"].flags == {FLAG_FIDE} and not by["K53404"].unrated
    assert by["K53404"].fide_id == "623539" and by["K53404"].club == "Asnières - Le Grand Echiquier"
    assert by["W61234"].rating == 1399 and FLAG_ESTIMATED in by["W61234"].flags and by["W61234"].unrated
    assert by["N77001"].flags == {FLAG_NATIONAL} and not by["N77001"].unrated
    assert by["X00042"].rating is None and by["X00042"].unrated
    assert (by["M12398"].surname, by["M12398"].first_name) == ("LEFÈVRE", "Hélène")


def test_unknown_header_needs_a_mapping() -> None:
    """A German federation list: no column this program knows as the rating (DWZ): the error carries the
    labels for a mapping step; with the mapping the list reads."""
    data = (DATA / "dsb_spielerliste.csv").read_bytes()
    with pytest.raises(UnknownColumnsError) as info:
        read_rating_list(data)
    assert "DWZ" in info.value.labels and info.value.line == 1 and "--columns" in info.value.message("en")
    header = read_header(data)
    assert not header.complete and header.fields[header.labels.index("FIDE-ID")] == "fide_id"
    columns = {"licence": "Mgl-Nr", "rating": "DWZ", "name": "Spielername", "flags": "Status"}
    result = read_rating_list(data, columns=columns)
    by = result.by_licence()
    assert (by["1011"].surname, by["1011"].first_name, by["1011"].rating) == ("Müller", "Jürgen", 1876)
    assert by["1020"].flags == {"p"} or "provisional" in by["1020"].flags
    assert by["0004"].fide_id == "12940011"  # FIDE-ID still read automatically
    assert read_header(data, columns).complete
    with pytest.raises(ImportFormatError, match="not a rating-list field"):
        read_rating_list(data, columns={"dwz": "DWZ"})


def test_filter_and_progress() -> None:
    """With a filter only the wanted players are kept (others counted); progress ends at the file size."""
    calls: list[tuple[int, int]] = []
    wanted = RatingListFilter(fide_ids=frozenset({"1503014", "20612345", "99999999"}))
    result = read_rating_list(DATA / "players_list_foa.txt", wanted=wanted,
                              progress=lambda done, total: calls.append((done, total)))
    assert sorted(e.fide_id for e in result.entries) == ["1503014", "20612345"] and result.rows == 40
    size = (DATA / "players_list_foa.txt").stat().st_size
    assert calls and calls[-1] == (size, size)
    xml = read_rating_list(DATA / "players_list_xml_foa.xml", wanted=wanted)
    assert sorted(e.fide_id for e in xml.entries) == ["1503014", "20612345"]


def test_broken_fide_and_xml_lists_say_where() -> None:
    raw = (DATA / "players_list_foa.txt").read_bytes().split(b"\r\n")
    raw[3] = raw[3][:113] + b"2x05" + raw[3][117:]
    with pytest.raises(ImportFormatError) as info:
        read_rating_list(b"\r\n".join(raw))
    assert info.value.line == 4 and info.value.column == 114 and "not a rating" in info.value.message("en")
    with pytest.raises(ImportFormatError) as info:
        read_rating_list(b"<playerslist><player><fideid>1</fideid><rating>1500</rating></player>\n<player>")
    assert info.value.line == 2 and "XML" in info.value.message("en")
    with pytest.raises(ImportFormatError, match="no <player>"):
        read_rating_list(b"<playerslist></playerslist>")


def test_utf8_guess_falls_back_to_windows_1252_further_in() -> None:
    """A list whose first 64 KiB are ASCII and whose later rows hold Windows-1252 accents."""
    rows = [f"L{i};Name{i};1500" for i in range(6000)]
    data = ("licence;nom;elo\n" + "\n".join(rows) + "\n").encode() + "Z1;Lefèvre;1600\n".encode("cp1252")
    assert len(data) > 65536
    by = read_rating_list(data).by_licence()
    assert by["Z1"].surname == "Lefèvre" and by["Z1"].rating == 1600
