"""Registration lists from TRF player records (issue 9, Imports)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.errors import ImportFormatError
from tournament_desk.formats.players_trf import read_players_trf

TRF = Path(__file__).parents[1] / "data" / "dutch" / "swiss_010p_04r_640972994.trf"


def test_players_from_a_trf_file() -> None:
    rows = read_players_trf(TRF)
    assert len(rows) == 10
    assert all(r["surname"] for r in rows)
    rated = [r for r in rows if "ratings" in r]
    assert rated and all(r["ratings"][0][0] == "fide" for r in rated)


def test_broken_trf_says_where() -> None:
    with pytest.raises(ImportFormatError) as err:
        read_players_trf(b"012 Open\r001    1 m    Dupont, Jean                      2000 FRA    12345 1990/01/01"
                         b"  0.0    1\r001    1 m    Martin, Paul")
    assert err.value.line == 3 and "ligne 3" in err.value.message("fr")
    with pytest.raises(ImportFormatError, match="no player"):
        read_players_trf(b"012 Open\r")


def test_cli_imports_a_trf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "e.tdesk")
    assert main(["new", path, "--name", "E", "--rounds", "5"]) == 0
    capsys.readouterr()
    assert main(["players", "import", path, str(TRF), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["imported"] == list(range(1, 11))
    assert main(["players", "list", path, "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 10


SHARLY = Path(__file__).parents[1] / "data" / "trf" / "sharly_chess_baku.trf"


@pytest.mark.parametrize(("name", "prefix"), [
    ("open.tab", b""), ("open.trfx", b""), ("bom.trf", b"\xef\xbb\xbf"), ("comment.txt", b"### TRF-2026\r\n"),
    ("xxr.dat", b"XXR 9\r\n"), ("players.csv", b""),
])
def test_players_import_decides_trf_from_the_content(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    name: str, prefix: bytes) -> None:
    """Real TRF files named .tab or .trfx, starting with a BOM, a ``###`` comment or an XXR line are TRF
    (issue 24 item 6): they used to go to the CSV reader and fail with "no surname column"."""
    raw = SHARLY.read_bytes()
    body = raw.split(b"\r\n", 1)[1] if prefix.startswith((b"###", b"XXR")) else raw
    source = tmp_path / name
    source.write_bytes(prefix + body)
    event = str(tmp_path / "e.tdesk")
    assert main(["new", event, "--name", "E", "--rounds", "9"]) == 0
    capsys.readouterr()
    assert main(["players", "import", event, str(source), "--json"]) == 0, capsys.readouterr().err
    assert len(json.loads(capsys.readouterr().out)["imported"]) == 38


def test_a_csv_is_still_read_as_csv(tmp_path: Path) -> None:
    from tournament_desk.formats.players_trf import is_trf, read_players_file

    csv_text = "\ufeffnom;prénom;elo\nDupont;Jean;1500\n001;Zoé;1600\n".encode()
    assert not is_trf(csv_text)
    assert [r["surname"] for r in read_players_file(csv_text, rating_system="fide")] == ["Dupont", "001"]
    assert not is_trf(b"012;name;rating\n001 1;x;1\n")
    assert is_trf(SHARLY.read_bytes())
