"""Short fuzz runs of the readers added for other programs' files (issue 23): FIDE's TXT and XML lists, the
engine interface's checks, TRF content detection and the TRF event import. Each generated or mutated input
is read or refused with the reader's own error (ImportFormatError / TrfError / ValidationError), never
anything else. The long run is benchmarks/fuzz_readers.py."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_desk.core.errors import TournamentError
from tournament_desk.formats.players_trf import is_trf, read_players_file
from tournament_desk.formats.rating_list import read_header, read_rating_list
from tournament_desk.formats.trf import TrfError, check_engine_input, loads
from tournament_desk.services.trf_io import import_event_from_trf

DATA = Path(__file__).resolve().parents[1] / "data"
FOA = (DATA / "rating_lists" / "players_list_foa.txt").read_bytes()[:3000]
XML = (DATA / "rating_lists" / "players_list_xml_foa.xml").read_bytes()[:3000]
TRF = (DATA / "trf" / "vega_open.trf").read_bytes()


def fast(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _mutate(data: bytes, mutations: list[tuple[int, int]], cut: int) -> bytes:
    buffer = bytearray(data)
    for index, byte in mutations:
        buffer[index % len(buffer)] = byte
    return bytes(buffer[:cut])


mutations = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1, max_size=6)


def _rating_list(data: bytes) -> None:
    try:
        result = read_rating_list(data)
    except TournamentError as exc:
        assert exc.message("en") and exc.message("fr")
        return
    assert all(e.rating is None or 0 <= e.rating <= 4000 for e in result.entries)
    try:
        read_header(data)
    except TournamentError as exc:
        assert exc.message("en")


@fast(300)
@given(mutations, st.integers(0, len(FOA)))
def test_fide_txt_mutated(changes: list[tuple[int, int]], cut: int) -> None:
    _rating_list(_mutate(FOA, changes, cut))


@fast(300)
@given(mutations, st.integers(0, len(XML)))
def test_fide_xml_mutated(changes: list[tuple[int, int]], cut: int) -> None:
    _rating_list(_mutate(XML, changes, cut))


@fast(300)
@given(mutations, st.integers(0, len(TRF)))
def test_engine_checks_and_detection(changes: list[tuple[int, int]], cut: int) -> None:
    data = _mutate(TRF, changes, cut)
    try:
        trf = loads(data)
    except TrfError as exc:
        assert exc.message
    else:
        for checking in (False, True):
            try:
                check_engine_input(trf, checking=checking)
            except (TrfError, ValueError) as exc:
                assert str(exc)
    is_trf(data)
    try:
        read_players_file(data, rating_system="fide")
    except TournamentError as exc:
        assert exc.message("fr")


@fast(40)
@given(mutations, st.integers(len(TRF) // 2, len(TRF)))
def test_trf_event_import(changes: list[tuple[int, int]], cut: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "in.trf"
        source.write_bytes(_mutate(TRF, changes, cut))
        target = Path(tmp) / "e.tdesk"
        try:
            import_event_from_trf(target, source, rounds=7)
        except TournamentError as exc:
            assert exc.message("en") and exc.message("fr")
            assert not target.exists()  # a refused file leaves nothing behind
