"""Events continued from another program's TRF, and the event exported as a TRF (issue 24 items 5 and 6).

Real-world layouts from tests/data/trf (Swiss-Manager, lichess, Vega, Sharly Chess TRF-2026). The reference
for "the next round" is the engine interface on the original file (itself checked against the endorsed
engines' readings in tests/cli/test_engine_real_files.py and the golden fixtures).
"""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.cli.engine import main_dutch
from tournament_desk.core.errors import ImportFormatError
from tournament_desk.formats.trf import loads, played_rounds, read_file
from tournament_desk.services.session import EventSession
from tournament_desk.services.trf_io import export_event_trf, import_event_from_trf

DATA = Path(__file__).resolve().parents[1] / "data" / "trf"


def _engine(path: Path, mode: str = "-p") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main_dutch(["--dutch", str(path), mode], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def _engine_pairs(path: Path) -> tuple[set[tuple[int, int]], int | None]:
    code, out, err = _engine(path)
    assert code == 0, err
    words = list(map(int, out.split()))[1:]
    pairs = {(words[i], words[i + 1]) for i in range(0, len(words), 2)}
    bye = next((w for w, b in pairs if b == 0), None)
    return {p for p in pairs if p[1] != 0}, bye


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("name", ["swiss_manager_pairing.trf", "lichess_swiss.trf", "vega_open.trf",
                                  "sharly_chess_baku.trf"])
def test_continue_an_event_begun_elsewhere(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``new --from-trf`` then ``pair``: the next round is the one the engine pairs from the original file."""
    event = tmp_path / "e.tdesk"
    code, out, err = _cli(["new", str(event), "--from-trf", str(DATA / name), "--json"], capsys)
    assert code == 0, err
    created = json.loads(out)
    trf = read_file(str(DATA / name))
    assert created["players"] == len(trf.players) and created["rounds"] == played_rounds(trf)
    rank_of = {v: int(k) for k, v in created["pairing_numbers"].items()}
    code, out, err = _cli(["pair", str(event), "--json"], capsys)
    assert code == 0, err
    rnd = json.loads(out)
    with EventSession.open(event, readonly=True) as session:
        state = session.state()
    games = state.round(played_rounds(trf) + 1).games
    pabs = [b.player_id for b in state.round(played_rounds(trf) + 1).byes if b.kind.value == "pab"]
    assert rnd["number"] == played_rounds(trf) + 1
    expected_pairs, expected_bye = _engine_pairs(DATA / name)
    assert {(rank_of[g.white_id], rank_of[g.black_id]) for g in games} == expected_pairs
    assert [rank_of[p] for p in pabs] == ([expected_bye] if expected_bye else [])


def test_round_trip_keeps_every_field(tmp_path: Path) -> None:
    """Swiss-Manager file -> event -> TRF: players, results, byes, withdrawals, the next round's requested
    byes, the number of rounds and the initial colour are written back; the engine pairs both alike."""
    source = DATA / "swiss_manager_pairing.trf"
    result = import_event_from_trf(tmp_path / "e.tdesk", source)
    with EventSession.open(tmp_path / "e.tdesk", readonly=True) as session:
        out = export_event_trf(session, tmp_path / "back.trf")
    original, back = read_file(str(source)), read_file(str(out))
    assert back.total_rounds == original.total_rounds == 9 and back.initial_colour == original.initial_colour
    assert result.id_of == {p.start_rank: p.start_rank for p in original.players}  # added in start-rank order
    played = played_rounds(original)
    for p in original.players:
        q = back.player(p.start_rank)
        assert (q.name, q.sex, q.title, q.rating, q.federation, q.fide_id) == \
            (p.name, p.sex, p.title, p.rating, p.federation, p.fide_id)
        if len(p.birth_date) == 10:  # a year alone is not a date: not kept
            assert q.birth_date == p.birth_date
        assert q.points == sum(1.0 if e.result in "1+U" else 0.5 if e.result in "=H" else 0.0
                               for e in p.rounds[:played] if e.result)
        for r, (e, f) in enumerate(zip(p.rounds, q.rounds, strict=True), start=1):
            assert (e.opponent, e.colour) == (f.opponent, f.colour), (p.start_rank, r)
            # "0000 - -" is an absence: written back "Z" unless the player withdrew (then "-")
            assert f.result == e.result or (e.result, f.result) == ("-", "Z"), (p.start_rank, r)
    assert _engine_pairs(out) == _engine_pairs(source)


def test_pair_then_export_is_identical_to_the_engine(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Pair the next round in the event, export it (TRF16 and TRF26): the engine's check of that round
    (``pair --dutch -c``) finds the recorded pairing identical to its own."""
    event = tmp_path / "e.tdesk"
    assert _cli(["new", str(event), "--from-trf", str(DATA / "vega_open.trf")], capsys)[0] == 0
    assert _cli(["pair", str(event)], capsys)[0] == 0
    for edition in ("16", "26"):
        out = tmp_path / f"vega{edition}.trf"
        code, text, err = _cli(["export", str(event), "--trf", str(out), "--edition", edition], capsys)
        assert code == 0 and "TRF written" in text, err
        raw = out.read_text(encoding="utf-8")
        assert ("XXR 7" in raw and "XXC white1" in raw) if edition == "16" else ("142 7" in raw and "152 W" in raw)
        code, report, err = _engine(out, "-c")
        assert (code, report) == (0, "Round 4: the recorded pairing is identical to the engine's.\n"), err


def test_trf26_sharly_chess_import(tmp_path: Path) -> None:
    """Sharly Chess TRF-2026: ``###`` comment, 182/192/202/222 records; the time control comes from 222,
    the tie-breaks from 202 (in FIDE's codes, ``BH:C1`` as Sharly Chess writes ``BH/C1``), the declared Baku
    acceleration becomes the event's, and is written back (192 in TRF-2026; 192 and the XXA lines in TRF16)."""
    result = import_event_from_trf(tmp_path / "s.tdesk", DATA / "sharly_chess_baku.trf")
    with EventSession.open(tmp_path / "s.tdesk", readonly=True) as session:
        event = session.event
    assert (event.name, event.place, event.rounds) == ("Open de Printemps de Marseille", "Marseille", 9)
    assert (event.time_control.base_minutes, event.time_control.increment_seconds) == (90, 30)
    assert event.tiebreaks == ("BH-C1", "BH", "CUM")  # 202 BH:C1,BH,PS: PS is C.07 Art. 7.5's progressive score
    assert event.arbiters == ("Faure, Hélène (20612345)",)
    assert event.acceleration == "baku" and event.initial_colour == "white"
    assert not any("acceler" in en or "tie-break" in en for en in result.warning_texts("en"))
    with EventSession.open(tmp_path / "s.tdesk", readonly=True) as session:
        trf26 = loads(export_event_trf(session, tmp_path / "s26.trf", edition="26").read_text(encoding="utf-8"))
        trf16 = loads(export_event_trf(session, tmp_path / "s16.trf").read_text(encoding="utf-8"))
    assert trf26.headers["192"] == ["FIDE_DUTCH_2026_BAKU"] == trf16.headers["192"]
    assert sorted(trf16.accelerations) == list(range(1, 21))  # GA: 2 x ceil(38/4) players
    assert trf16.accelerations[1] == [1.0, 1.0, 1.0, 0.5]
    assert _engine_pairs(tmp_path / "s16.trf") == _engine_pairs(tmp_path / "s26.trf") == \
        _engine_pairs(DATA / "sharly_chess_baku.trf")


def test_forbidden_pairs_are_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """XXP: the event forbids the pairs, pairs the next round as the engine does, and writes them back."""
    source = tmp_path / "vega_xxp.trf"
    trf = read_file(str(DATA / "vega_open.trf"))
    expected, _ = _engine_pairs(DATA / "vega_open.trf")
    a, b = next(iter(expected))  # forbid a pair the engine would make
    source.write_bytes((DATA / "vega_open.trf").read_bytes() + f"XXP {a} {b}\n".encode())
    assert (a, b) not in _engine_pairs(source)[0]
    result = import_event_from_trf(tmp_path / "x.tdesk", source)
    with EventSession.open(tmp_path / "x.tdesk", readonly=True) as session:
        assert set(session.state().forbidden_pairs) == {tuple(sorted((result.id_of[a], result.id_of[b])))}
    assert main(["pair", str(tmp_path / "x.tdesk")]) == 0
    capsys.readouterr()
    with EventSession.open(tmp_path / "x.tdesk", readonly=True) as session:
        state = session.state()
        rank_of = {v: k for k, v in result.id_of.items()}
        games = {(rank_of[g.white_id], rank_of[g.black_id]) for g in state.round(played_rounds(trf) + 1).games}
        back = loads(export_event_trf(session, tmp_path / "back.trf").read_text(encoding="utf-8"))
    assert games == _engine_pairs(source)[0]
    assert back.forbidden_groups == [sorted([a, b])]


def test_lichess_pairing_numbers_follow_the_line_order(tmp_path: Path) -> None:
    """``XXC rank``: the positions of the lines are the pairing numbers (the ids only name the players)."""
    trf = read_file(str(DATA / "lichess_swiss.trf"))
    result = import_event_from_trf(tmp_path / "l.tdesk", DATA / "lichess_swiss.trf")
    with EventSession.open(tmp_path / "l.tdesk", readonly=True) as session:
        numbers = {p.id: p.pairing_number for p in session.players()}
    assert [numbers[result.id_of[p.start_rank]] for p in trf.players] == list(range(1, len(trf.players) + 1))


def _broken(tmp_path: Path, edit: str) -> Path:
    text = (DATA / "vega_open.trf").read_bytes().decode("latin-1")
    lines = text.split("\n")
    trf = loads(text)
    p1 = next(i for i, t in enumerate(lines) if t.startswith("001    1"))
    first = trf.player(1).rounds[0]
    if edit == "opponent":  # player 1's round-1 opponent changed to one who did not play him
        other = next(p.start_rank for p in trf.players if p.start_rank not in (1, first.opponent)
                     and p.rounds[0].opponent is not None)
        lines[p1] = lines[p1][:91] + f"{other:4d}" + lines[p1][95:]
    elif edit == "colour":
        lines[p1] = lines[p1][:96] + ("b" if first.colour == "w" else "w") + lines[p1][97:]
    elif edit == "points":
        lines[p1] = lines[p1][:80] + f"{(trf.player(1).points or 0) + 1:4.1f}" + lines[p1][84:]
    elif edit == "two byes":
        bye = next(p for p in trf.players if p.rounds[2].result == "U")
        other = next(p for p in trf.players if p.rounds[2].result == "Z" and p is not bye) if any(
            p.rounds[2].result == "Z" for p in trf.players) else None
        assert other is not None
        i = next(n for n, t in enumerate(lines) if t.startswith(f"001 {other.start_rank:4d}"))
        lines[i] = lines[i][:80] + f"{(other.points or 0) + 1:4.1f}" + lines[i][84:111] + "0000 - U" + lines[i][119:]
    elif edit == "syntax":
        lines[p1] = lines[p1][:96] + "q" + lines[p1][97:]
    path = tmp_path / f"{edit.replace(' ', '_')}.trf"
    path.write_bytes("\n".join(lines).encode("latin-1"))
    return path


@pytest.mark.parametrize(("edit", "column", "fragment"), [
    ("opponent", 92, "round 1: player 1 meets"),
    ("colour", 97, "both have"),
    ("points", 81, "player 1"),
    ("two byes", 119, "both have the pairing-allocated bye"),
    ("syntax", 97, "colour must be w, b or -"),
])
def test_a_wrong_line_is_refused_with_its_number_and_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            edit: str, column: int, fragment: str) -> None:
    path = _broken(tmp_path, edit)
    with pytest.raises(ImportFormatError) as info:
        import_event_from_trf(tmp_path / "x.tdesk", path)
    assert info.value.line is not None and info.value.line > 1
    assert info.value.column == column and fragment in info.value.message("en")
    assert not (tmp_path / "x.tdesk").exists()  # nothing created
    code, _, err = _cli(["--lang", "fr", "new", str(tmp_path / "y.tdesk"), "--from-trf", str(path)], capsys)
    assert code == 3 and f"ligne {info.value.line}" in err
    assert not (tmp_path / "y.tdesk").exists()


def test_rounds_are_needed_when_the_file_does_not_give_them(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Swiss-Manager's FIDE report has no XXR: ``--rounds`` gives it."""
    code, _, err = _cli(["new", str(tmp_path / "a.tdesk"), "--from-trf", str(DATA / "swiss_manager_open.trf")],
                        capsys)
    assert code == 3 and "number of rounds" in err
    code, out, err = _cli(["new", str(tmp_path / "a.tdesk"), "--from-trf", str(DATA / "swiss_manager_open.trf"),
                           "--rounds", "9", "--name", "Open de Lyon"], capsys)
    assert code == 0 and "64 players, 5 rounds imported" in out, err
    with EventSession.open(tmp_path / "a.tdesk", readonly=True) as session:
        state = session.state()
    assert state.event.name == "Open de Lyon" and state.event.place == "Lyon"
    assert str(state.event.start_date) == "2026-04-11" and len(state.rounds) == 5


def test_new_still_needs_a_name_without_a_trf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _cli(["new", str(tmp_path / "b.tdesk"), "--rounds", "5"], capsys)
    assert code == 3 and "--name" in err


def test_an_import_is_one_undo_step_whatever_the_file_holds(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27 item 3: ``new --from-trf`` of a 5-round file with a withdrawal, byes requested for the next round
    and a pair kept apart is ONE undo step named after the file; undone, the event is empty (its settings
    stay); no backup of a half-imported event is taken, and the audit log records the import once."""
    from tournament_desk.core.results import Outcome

    source = tmp_path / "sm_xxp.trf"
    source.write_bytes((DATA / "swiss_manager_pairing.trf").read_bytes() + b"XXP 10 20\r\n")
    event = tmp_path / "e.tdesk"
    code, out, err = _cli(["new", str(event), "--from-trf", str(source), "--json"], capsys)
    assert code == 0, err
    id_of = {int(k): v for k, v in json.loads(out)["pairing_numbers"].items()}
    with EventSession.open(event, readonly=True) as session:
        imported = session.state()
        journal = session._repo.journal()
        audit = [(e.kind, e.label.text("en")) for e in session.audit_log()]
        assert session.backups() == []
    label = "Import sm_xxp.trf: 64 players, 5 rounds"
    assert [e.label.text("en") for e in journal] == [label]
    assert [a for a in audit if a[0] != "do" or a[1] != "Create event"] == [("do", label)]
    assert len(imported.players) == 64 and imported.last_round == 5
    assert imported.player(id_of[5]).withdrawn_from_round == 3  # the withdrawal (0000 - - to the next round)
    assert imported.round(4).entry_of(id_of[5]).kind is Outcome.WITHDRAWN
    assert {(r.round, r.player_id) for r in imported.requests} == {(6, id_of[26]), (6, id_of[64])}
    assert imported.forbidden_pairs == (tuple(sorted((id_of[10], id_of[20]))),)
    assert [p.pairing_number for p in sorted(imported.players, key=lambda p: p.id)] == list(range(1, 65))

    code, out, err = _cli(["undo", str(event)], capsys)
    assert code == 0 and label in out, err
    with EventSession.open(event, readonly=True) as session:
        empty = session.state()
    assert empty.players == () and empty.rounds == () and empty.requests == () and empty.forbidden_pairs == ()
    # the event's settings were made before the import; how the players were numbered is part of it
    assert empty.event == dataclasses.replace(imported.event, numbering="") and imported.event.numbering == "TRF import"
    assert _cli(["undo", str(event)], capsys)[0] == 4  # nothing left to undo
    assert _cli(["redo", str(event)], capsys)[0] == 0
    with EventSession.open(event, readonly=True) as session:
        assert session.state() == imported
    # the next round's backup is taken before it is paired, and holds the five imported rounds
    assert _cli(["pair", str(event)], capsys)[0] == 0
    with EventSession.open(event, readonly=True) as session:
        backups = session.backups()
    assert [b.reason for b in backups] == ["before-round-6"]
    with EventSession.open(backups[0].path, readonly=True) as before_round_6:
        assert before_round_6.state() == imported


@pytest.mark.parametrize(("record", "time_control"), [
    ("222 " + "9" * 5000, "90+30"),  # int() refuses more than 4300 digits: the time control is left out
    ("122 " + "4" * 5000 + " min + 30 s", "90+30"),
    ("222 5400+30", "90+30"),
    ("222 3600+10", "60+10"),
])
def test_a_time_control_too_long_to_be_a_number_is_left_out(tmp_path: Path, record: str,
                                                             time_control: str) -> None:
    text = (DATA / "lichess_swiss.trf").read_text(encoding="utf-8")
    source = tmp_path / "in.trf"
    source.write_text(record + "\n" + text, encoding="utf-8")
    import_event_from_trf(tmp_path / "e.tdesk", source)
    with EventSession.open(tmp_path / "e.tdesk", readonly=True) as s:
        assert str(s.event.time_control) == time_control
