"""CSV registration lists: French and English headers, separators, encodings, errors with positions."""

from __future__ import annotations

import datetime as dt

import pytest

from tournament_desk.core.errors import ImportFormatError
from tournament_desk.core.model import Player, Sex
from tournament_desk.formats.players_csv import read_players_csv, write_players_csv


def test_french_semicolon_cp1252() -> None:
    data = "Nom;Prénom;Sexe;Né le;Club;Licence;Elo\nDurand;Zoé;F;03/02/2001;Lyon;A1;1803\n".encode("cp1252")
    rows = read_players_csv(data, rating_system="ffjd")
    assert rows == [{"surname": "Durand", "first_name": "Zoé", "sex": Sex.FEMALE,
                     "birth_date": dt.date(2001, 2, 3), "club": "Lyon", "licence_id": "A1",
                     "ratings": (("ffjd", 1803),)}]


def test_round_trip() -> None:
    players = [Player(id=1, surname="Martin", first_name="Paul", sex=Sex.MALE, ratings=(("fide", 2100),),
                      birth_date=dt.date(1990, 5, 6), licence_id="X9", unrated=False)]
    rows = read_players_csv(write_players_csv(players, "fide").encode(), rating_system="fide")
    again = Player(id=1, **rows[0])
    assert again == players[0]


@pytest.mark.parametrize(("text", "line", "column"), [
    ("surname,rating\nDupont,abc\n", 2, 2),
    ("surname,birth_date\nDupont,31/31/2000\n", 2, 2),
    ("surname,rating\nDupont,9999\n", 2, None),
    ("surname,club\nDupont,A,B\n", 2, 3),
    ("club,rating\nA,1\n", 1, None),
])
def test_errors_say_where(text: str, line: int, column: int | None) -> None:
    with pytest.raises(ImportFormatError) as err:
        read_players_csv(text.encode(), rating_system="fide")
    assert err.value.line == line and err.value.column == column
    assert f"line {line}" in str(err.value) and f"ligne {line}" in err.value.message("fr")


def test_empty_file() -> None:
    with pytest.raises(ImportFormatError, match="empty"):
        read_players_csv(b"  \n", rating_system="fide")


def test_delimiter_sniffing_is_linear_on_long_lines() -> None:
    """Issue 23: ``csv.Sniffer`` took quadratic time on a long header line; the sniffer reads it once."""
    from tournament_desk.core.errors import ImportFormatError
    from tournament_desk.formats.players_csv import sniff_delimiter

    long_line = "nom;" + "a" * 200_000 + ' "b' * 50_000 + "\n"
    assert sniff_delimiter(long_line) == ";"
    assert sniff_delimiter('"a;b",c,d\n1;2;3;4;5') == ","  # quoted separators and later lines do not count
    assert sniff_delimiter("nom\tprénom\telo") == "\t"
    assert sniff_delimiter("surname") == ","
    with pytest.raises(ImportFormatError):
        read_players_csv(long_line.encode(), rating_system="fide")
