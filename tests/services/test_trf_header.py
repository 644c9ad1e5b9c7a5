"""The TRF's tournament section (issue 33 item 5): an exported report needs no hand editing before it goes to FIDE.

The records are those of FIDE's "Tournament Report File Format Version 2026" (TRF26, Tournament Section: 012 name,
022 city, 032 federation, 042/052 dates, 102 chief arbiter, 112 one line per deputy chief arbiter, 132 the round
dates ``YY/MM/DD`` at columns 92-99 for round 1, 102-109 for round 2..., 182 pairing controller, 192 encoded type,
222 encoded time control); TRF16 (C.04 Annex 2) has the same records up to 132. ``new --from-trf`` keeps what the
header says, so that export -> import -> export gives the same header.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.formats.trf import loads, read_file
from tournament_desk.services.session import EventSession
from tournament_desk.services.trf_io import import_event_from_trf

DATA = Path(__file__).resolve().parents[1] / "data" / "trf"
SWISS_MANAGER = DATA / "swiss_manager_open.trf"  # Swiss-Manager: 032, 102, 112, 132 in the round columns


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return captured.out


def _lines(path: Path, code: str) -> list[str]:
    return [line for line in path.read_bytes().decode("utf-8").split("\r\n") if line.startswith(code)]


def _round_columns(line: str, rounds: int) -> list[str]:
    """What a line holds at round r's columns 92+10(r-1) .. 99+10(r-1) (1-based, TRF26 Tournament Section 132)."""
    return [line[91 + 10 * r: 99 + 10 * r].strip() for r in range(rounds)]


def test_a_real_report_keeps_its_header_through_the_event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Swiss-Manager's report -> ``new --from-trf`` -> export: federation, place, dates, the chief and the deputy
    arbiter, the nine round dates come back as the file gave them; a second import and export changes nothing."""
    source = read_file(str(SWISS_MANAGER))
    _cli(["new", str(tmp_path / "a.tdesk"), "--from-trf", str(SWISS_MANAGER), "--rounds", "9"], capsys)
    with EventSession.open(tmp_path / "a.tdesk", readonly=True) as session:
        event = session.event
    assert event.federation == source.headers["032"][0] == "FRA"
    assert event.arbiters == (source.headers["102"][0], source.headers["112"][0])
    source_dates = _round_columns("132 " + source.headers["132"][0], 9)
    assert [d.strftime("%y/%m/%d") if d else "" for d in event.round_dates] == source_dates
    assert event.round_dates[0] == event.start_date and event.round_dates[-1] == event.end_date
    for edition in ("16", "26"):
        first, second = tmp_path / f"first{edition}.trf", tmp_path / f"second{edition}.trf"
        _cli(["export", str(tmp_path / "a.tdesk"), "--trf", str(first), "--edition", edition], capsys)
        _cli(["new", str(tmp_path / f"b{edition}.tdesk"), "--from-trf", str(first)], capsys)
        _cli(["export", str(tmp_path / f"b{edition}.tdesk"), "--trf", str(second), "--edition", edition], capsys)
        assert first.read_bytes() == second.read_bytes()
        back = read_file(str(first))
        for code in ("012", "022", "032", "042", "052", "102", "112"):
            assert back.headers[code] == source.headers[code], code
        assert _round_columns(_lines(first, "132")[0], 9) == source_dates
        assert ("222" in back.headers) is (edition == "26")


def test_header_records_by_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Arbiters, federation and round dates set with ``settings``: 102 the chief (the first arbiter), one 112 line
    for each deputy, 032 the code, 132 each date under its round's block of the ``001`` records (the opponent's
    columns 92-95 of round 1, 102-105 of round 2), a round without a date left blank; in TRF26 182, 192 and 222
    (``S+I``: 5400+30 for 90 minutes and 30 seconds a move)."""
    event = tmp_path / "e.tdesk"
    _cli(["new", str(event), "--name", "Open de Lyon", "--rounds", "5", "--place", "Lyon"], capsys)
    for i, name in enumerate(("Abel", "Bruno", "Chloé", "Denis"), start=1):
        _cli(["players", "add", str(event), "--surname", name, "--first-name", "X", "--rating", str(2000 - 10 * i)],
             capsys)
    _cli(["settings", str(event), "--federation", "fra", "--arbiter", "Durand, Pierre", "--arbiter", "Morel, Claire",
          "--arbiter", "Petit, Jean", "--round-dates", "2026-04-11,2026-04-11,,2026-04-13"], capsys)
    _cli(["pair", str(event)], capsys)
    out = tmp_path / "e26.trf"
    _cli(["export", str(event), "--trf", str(out), "--edition", "26"], capsys)
    assert _lines(out, "032") == ["032 FRA"]
    assert _lines(out, "102") == ["102 Durand, Pierre"]
    assert _lines(out, "112") == ["112 Morel, Claire", "112 Petit, Jean"]
    dates = _lines(out, "132")[0]
    assert dates[:91].strip() == "132"
    assert _round_columns(dates, 5) == ["26/04/11", "26/04/11", "", "26/04/13", ""]
    player = _lines(out, "001")[0]
    assert player[91:95].strip().isdigit() and player[96] in "wb"  # round 1's block under the first date
    assert _lines(out, "182") == ["182 tournament_desk"]
    assert _lines(out, "192") == ["192 FIDE_DUTCH_2026"]
    assert _lines(out, "222") == ["222 5400+30"]
    trf16 = tmp_path / "e16.trf"
    _cli(["export", str(event), "--trf", str(trf16)], capsys)
    assert _round_columns(_lines(trf16, "132")[0], 5) == ["26/04/11", "26/04/11", "", "26/04/13", ""]
    assert not _lines(trf16, "182") and not _lines(trf16, "222")  # TRF26 records
    shown = json.loads(_cli(["settings", str(event), "--round-dates", "2026-04-11", "--json"], capsys))
    assert (shown["federation"], shown["round_dates"]) == ("FRA", ["2026-04-11"])


def test_a_wrong_federation_or_date_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = tmp_path / "e.tdesk"
    _cli(["new", str(event), "--name", "Open", "--rounds", "5"], capsys)
    assert main(["settings", str(event), "--federation", "France"]) != 0
    assert "three-letter FIDE code" in capsys.readouterr().err
    assert main(["settings", str(event), "--round-dates", "2026-04-31"]) != 0
    assert "2026-04-31" in capsys.readouterr().err
    with EventSession.open(event, readonly=True) as session:
        assert (session.event.federation, session.event.round_dates) == ("", ())


def test_lichess_header_read_leniently(tmp_path: Path) -> None:
    """lichess writes ``032 Lichess``: not a federation's code, left out with a warning; no 132: no dates."""
    result = import_event_from_trf(tmp_path / "l.tdesk", DATA / "lichess_swiss.trf")
    with EventSession.open(tmp_path / "l.tdesk", readonly=True) as session:
        assert (session.event.federation, session.event.round_dates) == ("", ())
    assert any("032" in w and "Lichess" in w for w in result.warning_texts("en"))


def test_round_dates_not_in_their_columns_are_read_in_order(tmp_path: Path) -> None:
    """A program that writes 132's dates one space apart (not in the round columns): read as the dates in order."""
    text = SWISS_MANAGER.read_bytes().decode("cp1252")
    start = text.index("\n132 ") + 1
    end = text.index("\n", start)
    shifted = tmp_path / "shifted.trf"
    shifted.write_text(text[:start] + "132 26/04/11 26/04/12 26/04/13" + text[end:], encoding="cp1252")
    import_event_from_trf(tmp_path / "s.tdesk", shifted, rounds=9)
    with EventSession.open(tmp_path / "s.tdesk", readonly=True) as session:
        assert session.event.round_dates == (dt.date(2026, 4, 11), dt.date(2026, 4, 12), dt.date(2026, 4, 13))
    assert loads(shifted.read_bytes()).headers["132"] == ["26/04/11 26/04/12 26/04/13"]


def test_the_tie_break_list_in_fide_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TRF26, "Other tournament tags": 202 the FIDE tie-breaks used to break ties, a comma-separated list of codes;
    212 the same list after ``PTS``. The event's list in FIDE's notation (C.07: Buchholz cut-1 ``BH/C1``, Art.
    8.1 and 14.1; progressive score ``PS``, Art. 7.5; games played with Black ``BPG``, Art. 7.3; Koya ``KS``,
    Art. 9.2; performance ``TPR``, Art. 10.2), in its order; ``new --from-trf`` reads it back, and the ranks of
    the ``001`` records are those of that list. TRF16 has no such record."""
    event = tmp_path / "e.tdesk"
    _cli(["new", str(event), "--name", "Open", "--rounds", "5"], capsys)
    for i, name in enumerate(("Abel", "Bruno", "Chloé", "Denis", "Émile", "Fanny"), start=1):
        _cli(["players", "add", str(event), "--surname", name, "--first-name", "X", "--rating", str(2100 - 40 * i)],
             capsys)
    _cli(["settings", str(event), "--tiebreaks", "BH-C1,BH,SB,CUM,BLK,KOYA,PERF,BH-M1,ARO-C1"], capsys)
    _cli(["pair", str(event)], capsys)
    out = tmp_path / "e26.trf"
    _cli(["export", str(event), "--trf", str(out), "--edition", "26"], capsys)
    assert _lines(out, "202") == ["202 BH/C1,BH,SB,PS,BPG,KS,TPR,BH/M1,ARO/C1"]
    assert _lines(out, "212") == ["212 PTS,BH/C1,BH,SB,PS,BPG,KS,TPR,BH/M1,ARO/C1"]
    trf16 = tmp_path / "e16.trf"
    _cli(["export", str(event), "--trf", str(trf16)], capsys)
    assert not _lines(trf16, "202") and not _lines(trf16, "212")
    _cli(["new", str(tmp_path / "back.tdesk"), "--from-trf", str(out)], capsys)
    with EventSession.open(tmp_path / "back.tdesk", readonly=True) as session:
        assert session.event.tiebreaks == ("BH-C1", "BH", "SB", "CUM", "BLK", "KOYA", "PERF", "BH-M1", "ARO-C1")
    # a list with a national tie-break (the FFJD's Solkoff) has no FIDE form: no 202/212 rather than a wrong list
    _cli(["settings", str(event), "--tiebreaks", "BH,SK"], capsys)
    _cli(["export", str(event), "--trf", str(out), "--edition", "26"], capsys)
    assert not _lines(out, "202") and not _lines(out, "212")


def test_a_tie_break_list_written_by_another_program(tmp_path: Path) -> None:
    """212 alone (``PTS`` first, then the list); modifiers this program does not compute (``:MP`` match points,
    ``/P`` forfeits as played, ``/L+1`` Koya's limit moved, as in ``BH:MP/M1/P`` and ``KS/L+1``) and unknown
    codes are left out with a warning naming them; the others are kept in their order."""
    text = SWISS_MANAGER.read_bytes().decode("cp1252")
    at = text.index("\n001 ") + 1
    edited = tmp_path / "tb.trf"
    edited.write_text(text[:at] + "212 PTS, BH/C1, KS/L+1, BH:MP/M1/P, SB, XYZ, ps/c1\r\n" + text[at:],
                      encoding="cp1252")
    result = import_event_from_trf(tmp_path / "tb.tdesk", edited, rounds=9)
    with EventSession.open(tmp_path / "tb.tdesk", readonly=True) as session:
        assert session.event.tiebreaks == ("BH-C1", "SB", "CUM-C1")
    warning = next(w for w in result.warning_texts("en") if "tie-breaks" in w)
    assert all(code in warning for code in ("KS/L+1", "BH:MP/M1/P", "XYZ"))
