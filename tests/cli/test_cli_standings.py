"""CLI `standings` and `tiebreaks` (issue 6), through a parser that registers only these subcommands."""

from __future__ import annotations

import argparse
import csv
import io
import json
from pathlib import Path

import pytest

from tournament_desk.cli.standings import add_standings_parser, cmd_standings, cmd_tiebreaks
from tournament_desk.core.errors import NotFoundError, ValidationError
from tournament_desk.core.model import Bye, Event, Game, PairingSystem, Round
from tournament_desk.core.operations import AddPlayer, RecordResult, StoreRound
from tournament_desk.core.results import Discipline, Outcome
from tournament_desk.core.tiebreaks import PRESETS, all_tiebreaks
from tournament_desk.services.session import EventSession

COMMANDS = {"standings": cmd_standings, "tiebreaks": cmd_tiebreaks}


def _run(argv: list[str], lang: str = "en") -> None:
    parser = argparse.ArgumentParser(prog="tournament-desk")
    add_standings_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    COMMANDS[args.command](args, lang)


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    """Alpha 2100, Bravo 2000, Charlie 1900, Delta 1800 (ids 1-4), two rounds:
    R1 Alpha-Bravo 1-0, Charlie-Delta ½-½; R2 Delta-Alpha 0-1, Bravo-Charlie 1-0."""
    path = tmp_path / "open.tdesk"
    with EventSession.create(path, Event.for_discipline("Open", Discipline.CHESS, system=PairingSystem.DUTCH,
                                                        rounds=5)) as session:
        for name, rating in (("Alpha", 2100), ("Bravo", 2000), ("Charlie", 1900), ("Delta", 1800)):
            session.run(AddPlayer(surname=name, ratings=(("fide", rating),)))
        session.run(AddPlayer(surname="Echo", unrated=True))
        session.run(StoreRound(Round(1, (Game(1, 1, 1, 2), Game(1, 2, 3, 4)), (Bye(1, 5, Outcome.HALF_BYE),))))
        session.run(RecordResult(1, 1, "1-0"))
        session.run(RecordResult(1, 2, "1/2"))
        session.run(StoreRound(Round(2, (Game(2, 1, 4, 1), Game(2, 2, 2, 3)), (Bye(2, 5, Outcome.ZERO_BYE),))))
        session.run(RecordResult(2, 1, "0-1"))
        session.run(RecordResult(2, 2, "1-0"))
    return path


def test_standings_text_after_round_and_both_languages(event_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(["standings", str(event_file), "--tiebreaks", "bh,sb"])
    out = capsys.readouterr().out
    assert "standings after round 2/5" in out
    lines = [ln for ln in out.splitlines() if "ALPHA" in ln or "DELTA" in ln]
    assert lines[0].split()[:2] == ["1", "ALPHA"]
    assert "BH = Buchholz" in out and "adjusted score" in out
    _run(["standings", str(event_file), "--after-round", "1", "--tiebreaks", "BH"], lang="fr")
    out = capsys.readouterr().out
    assert "classement après la ronde 1/5" in out and "score ajusté" in out
    assert " 0,5 " in out  # Charlie and Delta, decimal comma


def test_standings_json_uses_the_event_preset(event_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Four rated players out of five: seed 003 §3 "most players rated, ratings not consistent"."""
    _run(["standings", str(event_file), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["tiebreaks"]["preset"] == "swiss-ratings-inconsistent"
    assert data["tiebreaks"]["codes"] == list(PRESETS["swiss-ratings-inconsistent"])
    assert data["rows"][0]["name"] == "ALPHA" and len(data["rows"]) == 5
    assert data["rows"][0]["points"] == 2 and data["edition"]["code"] == "ffe-annex"
    _run(["standings", str(event_file), "--json", "--tiebreaks", "BH", "--edition", "fide2023"])
    data = json.loads(capsys.readouterr().out)
    assert data["edition"]["code"] == "fide2023"
    assert data["columns"][0]["edition_en"] == "dummy opponent (FIDE C.07 (2023) Art. 16)"


def test_standings_csv(event_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_csv = tmp_path / "standings.csv"
    _run(["standings", str(event_file), "--tiebreaks", "BH,SB,WIN", "--csv", str(out_csv)], lang="fr")
    assert "CSV écrit" in capsys.readouterr().out
    rows = list(csv.reader(io.StringIO(out_csv.read_text(encoding="utf-8-sig")), delimiter=";"))
    assert rows[0][-3:] == ["BH (Buchholz)", "SB (Sonneborn-Berger)", "WIN (Nombre de parties gagnées)"]
    assert rows[1][2] == "ALPHA" and len(rows) == 6


def test_standings_explain(event_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(["standings", str(event_file), "--explain", "1", "bh"])
    out = capsys.readouterr().out
    assert "ALPHA — Buchholz (BH) =" in out and "BRAVO" in out and "DELTA" in out
    _run(["standings", str(event_file), "--explain", "1", "BH-C1", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["code"] == "BH-C1" and [ln["counted"] for ln in data["lines"]].count(False) == 1
    with pytest.raises(ValidationError) as exc:
        _run(["standings", str(event_file), "--explain", "x", "BH"])
    assert "n'est pas un identifiant" in exc.value.message("fr")
    with pytest.raises(NotFoundError):
        _run(["standings", str(event_file), "--explain", "42", "BH"])


def test_standings_refuses_unknown_codes_and_rounds(event_file: Path) -> None:
    with pytest.raises(ValidationError) as exc:
        _run(["standings", str(event_file), "--tiebreaks", "BH,FOO"])
    assert "Unknown tie-break 'FOO'" in exc.value.message("en")
    assert "Départage inconnu « FOO »" in exc.value.message("fr")
    with pytest.raises(ValidationError) as exc:
        _run(["standings", str(event_file), "--after-round", "3"])
    assert "rounds 0 to 2" in exc.value.message("en") and "rondes 0 à 2" in exc.value.message("fr")


def test_tiebreaks_set_show_and_warnings(event_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(["tiebreaks", str(event_file), "--set", "cum,bh", "--edition", "fide2026"])
    captured = capsys.readouterr()
    assert "Tie-breaks: CUM, BH" in captured.out and "fide2026" in captured.out
    assert "warning: The list mixes tie-break categories" in captured.err
    _run(["tiebreaks", str(event_file), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data == {**data, "codes": ["CUM", "BH"], "edition": "fide2026", "source": "event"}
    _run(["tiebreaks", str(event_file), "--edition", "seed003"])  # the edition alone keeps the list
    capsys.readouterr()
    _run(["standings", str(event_file), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["tiebreaks"]["codes"] == ["CUM", "BH"] and data["edition"]["code"] == "ffe-annex"
    _run(["tiebreaks", str(event_file), "--preset", "swiss-mostly-unrated"], lang="fr")
    out = capsys.readouterr().out
    assert "Départages : DE, BH, SB, WIN" in out
    _run(["tiebreaks", str(event_file), "--set", ""])  # back to the default preset
    assert "preset" in capsys.readouterr().out


def test_tiebreaks_set_refuses_unknown_codes_in_both_languages(event_file: Path) -> None:
    for lang in ("en", "fr"):
        with pytest.raises(ValidationError) as exc:
            _run(["tiebreaks", str(event_file), "--set", "BH,BUCH"], lang=lang)
        assert ("Unknown tie-break 'BUCH'" if lang == "en" else "Départage inconnu « BUCH »") in \
               exc.value.message(lang)
    with EventSession.open(event_file, readonly=True) as session:
        assert session.event.tiebreaks == ()  # nothing stored


def test_tiebreaks_list(capsys: pytest.CaptureFixture[str]) -> None:
    _run(["tiebreaks", "--list", "--json"])
    data = json.loads(capsys.readouterr().out)
    codes = {t["code"] for t in data["tiebreaks"]}
    assert codes == {d.code for d in all_tiebreaks() if not d.team_only}
    koya = next(t for t in data["tiebreaks"] if t["code"] == "KOYA")
    assert koya["fr"] == "Système Koya" and koya["en"] == "Koya system"
    assert {p["name"] for p in data["presets"]} == set(PRESETS)
    assert [e["code"] for e in data["editions"]] == ["ffe-annex", "fide2023", "fide2026"]
    _run(["tiebreaks", "--list"], lang="fr")
    out = capsys.readouterr().out
    assert "Confrontation directe" in out and "Préréglages :" in out
    with pytest.raises(ValidationError) as exc:
        _run(["tiebreaks"])
    assert "--list" in exc.value.message("fr")


def test_standings_default_to_the_last_round_with_all_its_results(event_file: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Round 3 paired, one result of two in: `standings` is after round 2, and says round 3 is in progress."""
    _run(["standings", str(event_file), "--json"])
    before = json.loads(capsys.readouterr().out)
    with EventSession.open(event_file) as session:
        session.run(StoreRound(Round(3, (Game(3, 1, 1, 3), Game(3, 2, 2, 4)), (Bye(3, 5, Outcome.ZERO_BYE),))))
        session.run(RecordResult(3, 1, "1-0"))
    _run(["standings", str(event_file)], lang="fr")
    out = capsys.readouterr().out
    assert "classement après la ronde 2/5" in out and "Ronde 3 en cours : non comptée" in out
    _run(["standings", str(event_file), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["after_round"] == 2 and data["in_progress"] == [3]
    assert data["rows"] == before["rows"] and set(before) <= set(data)  # keys kept, the pending round not counted
