"""CLI print / export / verify-bundle, through a parser built here with add_export_parsers (the same wiring
cli/main.py uses) and the same error handling as cli.main.run."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path

import pytest

from tournament_desk.cli.export import EXPORT_COMMANDS, add_export_parsers
from tournament_desk.core.errors import EventFileError, TournamentError
from tournament_desk.core.model import Event, PairingSystem, TimeControl
from tournament_desk.core.operations import AddPlayer, RecordResult
from tournament_desk.core.results import Discipline
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.roundrobin import assign_numbers
from tournament_desk.services.session import EventSession


def run(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="tournament-desk")
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    sub = parser.add_subparsers(dest="command", required=True)
    add_export_parsers(sub)
    args = parser.parse_args(list(argv))
    try:
        EXPORT_COMMANDS[args.command](args, args.lang)
    except TournamentError as exc:
        print(f"tournament-desk: {exc.message(args.lang)}", file=sys.stderr)
        return 5 if isinstance(exc, EventFileError) else 3
    return 0


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    path = tmp_path / "ev.tdesk"
    event = Event.for_discipline("Tournoi de l'Épiphanie", Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN,
                                 rounds=3, place="Nîmes", start_date=dt.date(2027, 1, 6),
                                 time_control=TimeControl(60, 0))
    with EventSession.create(path, event) as session:
        for i, name in enumerate(("Aubert", "Béchet", "Cœur", "Dumas"), start=1):
            session.run(AddPlayer(surname=name, first_name="Léon", licence_id=f"L{i}", ratings=(("ffjd", 1500 + i),)))
        assign_numbers(session, "rating")
        for _ in range(3):
            rnd = pair_next(session).payload.round
            for g in rnd.games:
                session.run(RecordResult(rnd.number, g.board, "1-1"))
    return path


@pytest.mark.parametrize("document", ["pairings", "crosstable", "standings", "slips", "ratings"])
def test_print_every_document(event_file: Path, tmp_path: Path, document: str,
                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / f"{document}.pdf"
    assert run(["--lang", "fr", "print", str(event_file), document, "--round", "2", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert f"PDF écrit : {out}" in capsys.readouterr().out


def test_print_unpaired_round_fails_clearly(event_file: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["print", str(event_file), "pairings", "--round", "7", "-o", str(tmp_path / "x.pdf")]) == 3
    assert "Round 7 is not paired" in capsys.readouterr().err


def test_export_bundle_then_verify(event_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "b.zip"
    assert run(["export", str(event_file), "--bundle", str(out)]) == 0
    assert "Homologation bundle written" in capsys.readouterr().out
    assert run(["verify-bundle", str(out)]) == 0
    assert "Bundle intact: 10 files verified" in capsys.readouterr().out
    assert run(["verify-bundle", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True

    bad = tmp_path / "bad.zip"
    with zipfile.ZipFile(out) as zin, zipfile.ZipFile(bad, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            zout.writestr(info.filename, data + b" " if info.filename == "event.json" else data)
    assert run(["--lang", "fr", "verify-bundle", str(bad)]) == 5
    err = capsys.readouterr().err
    assert "Paquet refusé : 1 problème(s)" in err and "event.json : modifié" in err


def test_export_json_and_pdf(event_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "b.zip"
    assert run(["export", str(event_file), "--bundle", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "ffjd-grid.csv" in data["files"] and {c["code"] for c in data["checks"]} >= {"cadence", "fee"}
    pdf = tmp_path / "ct.pdf"
    assert run(["export", str(event_file), "--pdf", "crosstable", "-o", str(pdf)]) == 0
    assert pdf.read_bytes().startswith(b"%PDF")
    capsys.readouterr()
    assert run(["export", str(event_file), "--pdf", "crosstable"]) == 3
    assert "--pdf needs -o OUT.pdf" in capsys.readouterr().err
