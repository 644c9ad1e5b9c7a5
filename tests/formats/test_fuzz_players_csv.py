"""Fuzzing the players CSV importer (issue 11): generated and mutated inputs either import correctly or
raise the importer's own error with a message. Interesting cases found are kept in tests/data/fuzz/."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_desk.core.errors import ImportFormatError
from tournament_desk.core.model import Player
from tournament_desk.formats.players_csv import read_players_csv

CORPUS = Path(__file__).parents[1] / "data" / "fuzz" / "players_csv"
VALID = (
    "nom;prénom;sexe;né le;club;licence;elo;titre\n"
    "Durand;Zoé;F;03/02/2001;Lyon;A1;1803;WFM\n"
    "Martin;Paul;M;1990-05-06;Paris;B2;2100;\n"
).encode()


def _check(data: bytes) -> None:
    try:
        rows = read_players_csv(data, rating_system="fide")
    except ImportFormatError as exc:
        assert exc.message("en") and exc.message("fr")
        return
    for row in rows:
        Player(id=0, **row)  # everything imported is a valid player


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_random_bytes(data: bytes) -> None:
    _check(data)


cells = st.one_of(st.text(max_size=12), st.sampled_from(["1500", "-3", "99999", "31/02/2000", "2000-01-01", "F",
                                                           "x", "", "1e9", "nan", "\"", ";", "\u00bd"]))
headers = st.lists(st.sampled_from(["nom", "surname", "prénom", "elo", "rating", "licence", "né le", "sexe",
                                    "club", "titre", "unrated", "?", ""]), min_size=1, max_size=8)


@settings(max_examples=3000, deadline=None)
@given(headers, st.lists(st.lists(cells, max_size=9), max_size=6), st.sampled_from([",", ";", "\t"]))
def test_structured_tables(header: list[str], rows: list[list[str]], sep: str) -> None:
    text = sep.join(header) + "\n" + "\n".join(sep.join(r) for r in rows)
    _check(text.encode("utf-8"))
    _check(text.encode("cp1252", errors="replace"))


@settings(max_examples=2500, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(VALID) - 1), st.integers(0, 255)), min_size=1, max_size=6),
       st.integers(0, len(VALID)))
def test_mutated_valid_file(mutations: list[tuple[int, int]], cut: int) -> None:
    data = bytearray(VALID)
    for index, byte in mutations:
        data[index] = byte
    _check(bytes(data))
    _check(bytes(data[:cut]))


@pytest.mark.parametrize("case", sorted(CORPUS.glob("*.csv")), ids=lambda p: p.name)
def test_corpus(case: Path) -> None:
    _check(case.read_bytes())
