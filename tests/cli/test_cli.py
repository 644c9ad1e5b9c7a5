"""The headless CLI: the issue's own check sequence, JSON listings, exit codes and error lines."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tournament_desk.__main__ import main


def run(*args: str) -> tuple[int, str, str]:
    proc = subprocess.run([sys.executable, "-m", "tournament_desk", *args], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "TDESK_LANG": "en"}, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def test_new_add_show_as_a_subprocess(tmp_path: Path) -> None:
    path = str(tmp_path / "x.tdesk")
    assert run("new", path, "--name", "Open", "--system", "dutch", "--rounds", "7",
               "--discipline", "chess")[0] == 0
    code, out, err = run("players", "add", path, "--surname", "Dupont", "--first-name", "Jean",
                         "--rating", "1850", "--licence", "A123")
    assert code == 0, err
    code, out, err = run("show", path, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["event"]["name"] == "Open" and data["event"]["rounds"] == 7
    assert data["players"][0]["surname"] == "Dupont"
    assert data["players"][0]["ratings"] == {"fide": 1850}


def test_text_file_fails_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "notes.tdesk"
    path.write_text("hello")
    code, out, err = run("show", str(path))
    assert code == 5 and out == ""
    assert err.strip().count("\n") == 0 and "not a tournament_desk event file" in err
    assert path.read_text() == "hello"


def test_in_process_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "d.tdesk")
    assert main(["new", path, "--name", "Dames", "--system", "round-robin", "--rounds", "3",
                 "--discipline", "draughts", "--arbiter", "A", "--arbiter", "B", "--start", "2026-05-01"]) == 0
    assert capsys.readouterr().out.startswith("Created")
    csv = tmp_path / "p.csv"
    csv.write_text("nom;prénom;licence;classement\nA;a;1;1500\nB;b;2;1400\nC;c;3;1300\n", encoding="utf-8")
    assert main(["players", "import", path, str(csv), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["imported"] == [1, 2, 3]
    assert main(["players", "list", path, "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert [p["ratings"]["ffjd"] for p in listing] == [1500, 1400, 1300]
    assert main(["players", "add", path, "--surname", "Z", "--licence", "1"]) == 3
    assert "Z has licence 1, already registered for A a (id 1)" in capsys.readouterr().err
    assert main(["players", "add", path, "--surname", "Z", "--licence", "4"]) == 0
    capsys.readouterr()
    assert main(["undo", path]) == 0
    assert "Undo: Add player Z" in capsys.readouterr().out
    assert main(["result", path, "--round", "1", "--board", "1", "2-0"]) == 3  # not paired yet
    assert "Round 1 is not paired" in capsys.readouterr().err
    assert main(["undo", path]) == 0
    assert "Undo: Import 3 players" in capsys.readouterr().out
    assert main(["redo", path, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["done"] == "Redo: Import 3 players"
    assert main(["show", path]) == 0
    assert "Players: 3" in capsys.readouterr().out


def test_a_licence_twice_is_refused_a_namesake_registered_anyway(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29 item 5: the same licence number is one player (``--register-anyway`` does not change that, nor does
    an import), the other player named; a namesake (same name and birth date) is registered anyway on request."""
    path = str(tmp_path / "open.tdesk")
    assert main(["new", path, "--name", "Open", "--rounds", "5"]) == 0
    assert main(["players", "add", path, "--surname", "Durand", "--first-name", "Zoé", "--licence", "A123",
                 "--birth-date", "2001-02-03"]) == 0
    capsys.readouterr()
    for extra in ([], ["--register-anyway"]):
        assert main(["players", "add", path, "--surname", "Martin", "--licence", "a123 ", *extra]) == 3
        assert "MARTIN has licence A123, already registered for DURAND Zoé (id 1)" in capsys.readouterr().err
    assert main(["--lang", "fr", "players", "add", path, "--surname", "Martin", "--licence", "A123",
                 "--register-anyway"]) == 3
    assert ("Un numéro de licence n'appartient qu'à un seul joueur : MARTIN a la licence A123, déjà inscrite pour "
            "DURAND Zoé (identifiant 1)") in capsys.readouterr().err
    csv = tmp_path / "inscrits.csv"
    csv.write_text("nom;prénom;licence\nMartin;Luc;B77\nPetit;Léa;A123\n", encoding="utf-8")
    assert main(["players", "import", path, str(csv)]) == 3
    assert "PETIT Léa has licence A123, already registered for DURAND Zoé (id 1)" in capsys.readouterr().err
    csv.write_text("nom;prénom;licence\nMartin;Luc;B77\nPetit;Léa;b77\n", encoding="utf-8")
    assert main(["players", "import", path, str(csv)]) == 3
    assert "MARTIN Luc and PETIT Léa both have licence B77" in capsys.readouterr().err
    # a namesake with another licence, or none: a warning, and registered on request
    namesake = ["players", "add", path, "--surname", "Durand", "--first-name", "Zoé", "--birth-date", "2001-02-03"]
    assert main([*namesake, "--licence", "C9"]) == 3
    assert "DURAND Zoé looks like DURAND Zoé (id 1), already registered" in capsys.readouterr().err
    assert main([*namesake, "--licence", "C9", "--register-anyway"]) == 0
    assert main([*namesake, "--register-anyway", "--json"]) == 0
    capsys.readouterr()
    assert main(["players", "list", path, "--json"]) == 0
    players = json.loads(capsys.readouterr().out)
    assert [(p["id"], p["surname"], p["licence_id"]) for p in players] == [(1, "Durand", "A123"), (2, "Durand", "C9"),
                                                                          (3, "Durand", "")]


def test_missing_file_exit_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(tmp_path / "none.tdesk")]) == 5
    assert "does not exist" in capsys.readouterr().err


def test_swiss_from_the_cli_and_the_engine_interface(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "s.tdesk")
    assert main(["new", path, "--name", "S", "--system", "dutch", "--rounds", "3"]) == 0
    for i in range(5):
        assert main(["players", "add", path, "--surname", f"P{i}", "--rating", str(2000 - i)]) == 0
    assert main(["request-bye", path, "--round", "2", "--player", "5", "zpb"]) == 0
    capsys.readouterr()
    assert main(["pair", path, "--json"]) == 0
    rnd = json.loads(capsys.readouterr().out)
    assert len(rnd["boards"]) == 2 and rnd["byes"] == [{"player": 5, "kind": "pab"}]
    assert main(["pair", path]) == 4  # results missing
    golden = Path(__file__).parents[1] / "data" / "dutch" / "swiss_007p_04r_132092061.trf"
    trf = tmp_path / "five_rounds.trf"  # the engine pairs round 5 only of an event that has one (XXR)
    trf.write_bytes(golden.read_bytes() + b"XXR 5\r")
    out = tmp_path / "pairs.txt"
    assert main(["pair", "--dutch", str(trf), "-p", str(out)]) == 0
    lines = out.read_text().split()
    assert int(lines[0]) >= 1
