"""Rating lists for an event (issue 24 item 7): ``--columns`` remembered per file layout, FIDE and FFE lists
applied through the CLI, and the streaming reader used for the registered players only."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.services import rating_lists
from tournament_desk.services.rating_lists import list_header, load_rating_list
from tournament_desk.services.session import EventSession

DATA = Path(__file__).resolve().parents[1] / "data" / "rating_lists"


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "config"
    monkeypatch.setenv("TDESK_CONFIG_DIR", str(folder))
    return folder


def _event(tmp_path: Path, capsys: pytest.CaptureFixture[str], players: list[list[str]]) -> str:
    path = str(tmp_path / "e.tdesk")
    assert main(["new", path, "--name", "Open", "--rounds", "7"]) == 0
    for extra in players:
        assert main(["players", "add", path, *extra]) == 0
    capsys.readouterr()
    return path


def test_columns_are_remembered_per_layout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A German list: refused with the labels to map; ``--columns`` reads it and is remembered, so the next
    list with the same header (next month's) reads without it."""
    event = _event(tmp_path, capsys, [["--surname", "Müller", "--first-name", "Jürgen", "--licence", "1011"],
                                      ["--surname", "Nguyen", "--first-name", "Minh", "--fide-id", "12940011"]])
    source = DATA / "dsb_spielerliste.csv"
    assert main(["ratings", "check", str(source)]) == 3
    err = capsys.readouterr().err
    assert "no rating column" in err and "--columns" in err
    columns = "licence=Mgl-Nr,rating=DWZ,name=Spielername"
    assert main(["ratings", "import", event, str(source), "--columns", columns, "--json", "--system", "fide"]) == 0
    updated = {u["name"]: u["new_rating"] for u in json.loads(capsys.readouterr().out)["updated"]}
    assert updated == {"MÜLLER Jürgen": 1876, "NGUYEN Minh": 2011}
    stored = json.loads((rating_lists.config_dir() / "column_mappings.json").read_text(encoding="utf-8"))
    assert list(stored.values()) == [{"licence": "Mgl-Nr", "rating": "DWZ", "name": "Spielername"}]
    next_month = tmp_path / "dsb_april.csv"
    shutil.copy(source, next_month)
    assert main(["ratings", "check", str(next_month), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["entries"]) == 4
    assert list_header(next_month).complete
    assert main(["ratings", "check", str(source), "--columns", "rating=Nope"]) == 3  # a wrong label


def test_bad_columns_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ratings", "check", str(DATA / "dsb_spielerliste.csv"), "--columns", "dwz=DWZ"]) == 3
    assert "FIELD=LABEL" in capsys.readouterr().err


def test_fide_list_applied_by_fide_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """FIDE's TXT list, and its XML, update the players registered with a FIDE id; 0 = unrated."""
    event = _event(tmp_path, capsys, [["--surname", "Carlsen", "--fide-id", "1503014", "--rating", "2800"],
                                      ["--surname", "Durand", "--first-name", "Zoé", "--fide-id", "36009504"],
                                      ["--surname", "Ruiz Lopez", "--fide-id", "12345678"]])
    assert main(["ratings", "import", event, str(DATA / "players_list_foa.txt"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {u["name"]: (u["new_rating"], u["unrated"]) for u in data["updated"]} == {
        "CARLSEN": (2833, False), "DURAND Zoé": (None, True), "RUIZ LOPEZ": (1950, False)}
    assert main(["ratings", "import", event, str(DATA / "players_list_xml_foa.xml"), "--columns",
                 "rating=rapid_rating", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {u["name"]: u["new_rating"] for u in data["updated"]}["CARLSEN"] == 2823


def test_ffe_extract_matches_by_licence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The French federation's extract: players registered by licence match; an estimate (E) is unrated."""
    event = _event(tmp_path, capsys, [["--surname", "Vachier-Lagrave", "--licence", "K53404"],
                                      ["--surname", "Durand", "--licence", "W61234"],
                                      ["--surname", "Petit", "--licence", "X00042", "--rating", "1000"]])
    assert main(["ratings", "import", event, str(DATA / "ffe_extract.csv"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {u["name"]: (u["new_rating"], u["unrated"]) for u in data["updated"]} == {
        "VACHIER-LAGRAVE": (2725, False), "DURAND": (1399, True), "PETIT": (None, True)}


def test_load_for_registered_players_only(tmp_path: Path) -> None:
    """``players``: only their rows are kept (a federation's whole list); progress is reported."""
    path = tmp_path / "e.tdesk"
    assert main(["new", str(path), "--name", "Open", "--rounds", "5"]) == 0
    assert main(["players", "add", str(path), "--surname", "Carlsen", "--fide-id", "1503014"]) == 0
    with EventSession.open(path, readonly=True) as session:
        calls: list[tuple[int, int]] = []
        result = load_rating_list(DATA / "players_list_foa.txt", players=session.players(),
                                  progress=lambda d, t: calls.append((d, t)))
    assert [e.fide_id for e in result.entries] == ["1503014"] and result.rows == 40 and calls
