"""CLI: numbers, pair, grid (text, JSON, PDF) for round robins."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.pairing.berger import berger_rounds


def test_grid_command_text_and_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["grid", "--players", "10", "--fmjd", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == [[list(b) for b in r] for r in berger_rounds(10, order="fmjd")]
    assert main(["--lang", "fr", "grid", "--players", "5", "--fide", "--double"]) == 0
    out = capsys.readouterr().out
    assert "FIDE" in out and "6" in out
    pdf = tmp_path / "g.pdf"
    assert main(["grid", "--players", "8", "--pdf", str(pdf)]) == 0
    assert pdf.read_bytes().startswith(b"%PDF")


def test_pair_round_robin_from_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(tmp_path / "e.tdesk")
    assert main(["new", path, "--name", "RR", "--system", "round-robin", "--rounds", "1",
                 "--discipline", "draughts"]) == 0
    for name in "ABCDE":
        assert main(["players", "add", path, "--surname", name]) == 0
    capsys.readouterr()
    assert main(["pair", path]) == 4
    assert "Assign pairing numbers" in capsys.readouterr().err
    assert main(["numbers", path, "--set", "1=5", "2=4", "3=3", "4=2", "5=1"]) == 0
    capsys.readouterr()
    assert main(["pair", path, "--json"]) == 0
    rnd = json.loads(capsys.readouterr().out)
    assert len(rnd["boards"]) == 2 and rnd["byes"][0]["kind"] == "pab"
    assert main(["pair", path]) == 4
    assert "misses results" in capsys.readouterr().err
    assert main(["result", path, "--round", "1", "--board", "1", "2-0"]) == 0
    assert main(["result", path, "--round", "1", "--board", "2", "0fe"]) == 0
    assert main(["numbers", path, "--rating"]) == 4  # frozen after round 1
    capsys.readouterr()
    assert main(["pair", path]) == 0
    assert "BYE" in capsys.readouterr().out
    assert main(["unpair", path]) == 3  # a published round: the arbiter's log needs the reason
    assert "--reason" in capsys.readouterr().err
    assert main(["unpair", path, "--reason", "Round paired before the last result was in"]) == 0
