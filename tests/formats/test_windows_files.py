"""Issue 32 §3: files written on Windows read as on Linux, and Windows paths.

* **CRLF.** Every reader of a file that comes from outside gets the same result from the CRLF (Windows) version of
  a file as from its LF version: TRF (16 and 2026), registration CSV and TRF, published rating lists, a rating
  period's results, players' inputs and carry files, and a homologation bundle whose text members were rewritten
  with CRLF (and its manifest made again, as a Windows tool re-zipping it would).
* **Paths.** A path spelled the Windows way (drive letter, backslashes) is never taken apart by the program: on
  Linux such a string is one file name, and the imports open it and name it whole. A name proposed from the
  event's name avoids the device names Windows reserves (``safe_file_stem``).
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path, PureWindowsPath

import pytest

from tournament_desk.cli.main import run
from tournament_desk.core.results import Discipline
from tournament_desk.formats import trf
from tournament_desk.formats.bundle import read_bundle_files, write_bundle
from tournament_desk.formats.period_files import carry_to_json, read_carry, read_external_results, read_player_inputs
from tournament_desk.formats.players_csv import read_players_csv
from tournament_desk.formats.players_trf import read_players_file
from tournament_desk.formats.rating_list import read_rating_list
from tournament_desk.services.paths import WINDOWS_RESERVED, safe_file_stem

DATA = Path(__file__).resolve().parents[1] / "data"


def crlf(data: bytes) -> bytes:
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").replace(b"\n", b"\r\n")


def lf(data: bytes) -> bytes:
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")


TRF_FILES = sorted((DATA / "trf").glob("*.trf")) + sorted((DATA / "dutch").glob("*.trf"))[:3]


@pytest.mark.parametrize("path", TRF_FILES, ids=lambda p: p.name)
def test_trf_files_read_the_same_with_crlf(path: Path) -> None:
    data = path.read_bytes()
    assert trf.loads(crlf(data)) == trf.loads(lf(data))


@pytest.mark.parametrize("path", sorted((DATA / "trf").glob("*.trf"))[:3], ids=lambda p: p.name)
def test_registration_trf_reads_the_same_with_crlf(path: Path) -> None:
    data = path.read_bytes()
    assert read_players_file(crlf(data)) == read_players_file(lf(data))


def test_registration_csv_reads_the_same_with_crlf() -> None:
    text = ("Nom;Prénom;Sexe;Né le;Club;Licence;Elo\nDurand;Zoé;F;03/02/2001;Lyon;A1;1803\n"
            "\"Martin; de la Tour\";Léa;F;;\"Club Nord\";B2;1650\n").encode("cp1252")
    windows = crlf(text)
    assert b"\r\n" in windows
    unix = read_players_csv(lf(text), rating_system="ffjd")
    assert read_players_csv(windows, rating_system="ffjd") == unix
    assert read_players_file(windows, rating_system="ffjd") == unix  # told apart by the content as well
    assert unix[0]["surname"] == "Durand" and not any("\r" in str(v) for row in unix for v in row.values())


@pytest.mark.parametrize("path", sorted((DATA / "rating_lists").iterdir()), ids=lambda p: p.name)
def test_rating_lists_read_the_same_with_crlf(path: Path) -> None:
    def outcome(data: bytes) -> object:
        try:
            return read_rating_list(data)
        except Exception as exc:  # a list that needs a column mapping: refused the same way
            return (type(exc), str(exc))

    data = path.read_bytes()
    assert outcome(crlf(data)) == outcome(lf(data))


def test_rating_period_files_read_the_same_with_crlf() -> None:
    results = ("\ufefftournoi\tdate\tronde\tlicence_blancs\tblancs\tclassement_blancs\tlicence_noirs\tnoirs\t"
               "classement_noirs\trésultat\tcadence\teonc\n"
               "Coupe\t2026-03-08\t1\tA1\tALBERT Anne\t1 450\tB1\tBRUNO Luc\tNC\t2-0\taccélérée\t1000\n"
               "Autre\t2026-03-15\t\tC1\tCLAUDE Zoé\t1300\tA1\tALBERT Anne\t1450\t1-1\tlente\t\n").encode("utf-8")
    assert read_external_results(crlf(results), Discipline.DRAUGHTS) == \
        read_external_results(results, Discipline.DRAUGHTS)
    inputs = "licence;série;dernier tournoi\ns1;1A;2024-05-01\nS2;super;\n".encode()
    assert read_player_inputs(crlf(inputs)) == read_player_inputs(inputs)
    carry = carry_to_json({}, "ffjd", {}).encode()
    assert read_carry(crlf(carry)) == read_carry(carry)


def test_a_bundle_whose_text_members_were_rewritten_with_crlf(tmp_path: Path) -> None:
    event = tmp_path / "open.tdesk"
    run(["new", str(event), "--name", "Open", "--system", "round-robin", "--rounds", "3", "--discipline", "draughts"])
    for surname in ("Albert", "Bruno", "Claude", "Durand"):
        run(["players", "add", str(event), "--surname", surname])
    run(["numbers", str(event), "--rating"])
    run(["pair", str(event)])
    run(["result", str(event), "--round", "1", "--board", "1", "2-0"])
    original = tmp_path / "homologation.zip"
    assert run(["export", str(event), "--bundle", str(original)]) == 0
    files = {name: data for name, data in read_bundle_files(original).items() if name != "manifest.json"}
    text_members = [name for name in files if name.endswith((".json", ".csv", ".trf", ".txt", ".md"))]
    assert text_members
    windows = tmp_path / "windows.zip"
    write_bundle(windows, {name: crlf(data) if name in text_members else data for name, data in files.items()})
    with zipfile.ZipFile(windows) as zf:
        assert all(b"\r\n" in zf.read(name) for name in text_members if b"\n" in files[name])
    assert run(["verify-bundle", str(windows)]) == 0
    assert run(["new", str(tmp_path / "again.tdesk"), "--from-bundle", str(windows)]) == 0
    assert json.loads(crlf(files["event.json"])) == json.loads(files["event.json"])


# -- Windows paths --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", [*sorted(WINDOWS_RESERVED), "con", "Nul.backup", "lpt1 ", "CoM9.tdesk", "AUX .x"])
def test_reserved_device_names_are_never_proposed(name: str) -> None:
    stem = safe_file_stem(name)
    assert stem.split(".")[0].rstrip(" ").upper() not in WINDOWS_RESERVED
    assert name.strip(" .") in stem


@pytest.mark.parametrize(("name", "stem"), [
    ("Open de Lyon", "Open de Lyon"), ("Console", "Console"), ("COM10", "COM10"), ("Conseil", "Conseil"),
    ("Open: 2026/03", "Open- 2026-03"), ("  Coupe. ", "Coupe"), ("...", "tournoi"),
    ("Nul part.", "Nul part"), ("NUL .x", "tournoi-NUL .x"),
])
def test_other_names(name: str, stem: str) -> None:
    assert safe_file_stem(name) == stem


def test_a_stem_proposed_from_a_windows_path() -> None:
    # What the window proposes for a bundle picked in Windows' Open dialog: Path(bundle).stem is a WindowsPath there
    assert safe_file_stem(PureWindowsPath(r"C:\Users\marie\Documents\Open de Lyon.zip").stem) == "Open de Lyon"
    assert safe_file_stem(PureWindowsPath(r"\\club-pc\partage\nul.zip").stem) == "tournoi-nul"


WINDOWS_NAMES = [r"C:\Users\marie\inscrits.csv", r"D:\Tournois\Open\liste FIDE.txt", r"\\club-pc\partage\a.trf"]


def test_imports_take_a_windows_spelled_path_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """On Linux each of these strings is a single file name in the current folder (a backslash and a colon are
    ordinary characters there): the imports open it and name it whole, never cut at a backslash or a colon."""
    monkeypatch.chdir(tmp_path)
    csv_name, list_name, trf_name = WINDOWS_NAMES
    Path(csv_name).write_bytes(crlf("Nom;Prénom;Licence;Elo\nDurand;Zoé;A1;1803\nMartin;Léa;B2;1650\n".encode()))
    Path(trf_name).write_bytes(crlf((DATA / "trf" / "vega_open.trf").read_bytes()))
    run(["new", "open.tdesk", "--name", "Open", "--system", "dutch", "--rounds", "5"])
    assert run(["players", "import", "open.tdesk", csv_name]) == 0
    assert run(["new", "suite.tdesk", "--from-trf", trf_name]) == 0
    capsys.readouterr()
    assert run(["players", "import", "open.tdesk", list_name]) == 5  # it does not exist: named whole
    assert capsys.readouterr().err.rstrip().endswith(f": {list_name}")
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".tdesk") == ["open.tdesk", "suite.tdesk"]
