"""The command line speaks each game's words (issue 30): the discipline's default system at `new` (as the window
does), Scrabble classique's scores typed as the result, its standings under the federations' names, draughts'
Solkoff family."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.services.session import EventSession


@pytest.mark.parametrize(("discipline", "system"), [("chess", "dutch"), ("draughts", "round-robin"),
                                                    ("scrabble", "classique")])
def test_new_takes_the_discipline_default_system(tmp_path: Path, discipline: str, system: str) -> None:
    path = tmp_path / f"{discipline}.tdesk"
    assert main(["new", str(path), "--name", "Tournoi", "--rounds", "5", "--discipline", discipline]) == 0
    with EventSession.open(path, readonly=True) as session:
        assert session.event.system.value == system
    other = tmp_path / f"{discipline}-swiss.tdesk"
    swiss = "scoregroup" if discipline == "scrabble" else "dutch"  # no Dutch system for Scrabble (rules.md §4c)
    assert main(["new", str(other), "--name", "Suisse", "--rounds", "5", "--discipline", discipline,
                 "--system", swiss]) == 0
    with EventSession.open(other, readonly=True) as session:
        assert session.event.system.value == swiss  # a Swiss when the arbiter chooses it


def test_scrabble_scores_as_the_result_and_standings_in_french(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "classique.tdesk"
    assert main(["new", str(path), "--name", "Classique", "--rounds", "4", "--discipline", "scrabble"]) == 0
    for surname, rating in (("Abel", 1900), ("Brun", 1700), ("Cros", 1600), ("Dias", 1500)):
        assert main(["players", "add", str(path), "--surname", surname, "--rating", str(rating)]) == 0
    assert main(["pair", str(path)]) == 0
    capsys.readouterr()
    assert main(["--lang", "fr", "result", str(path), "412 380", "--round", "1", "--board", "1"]) == 0
    assert capsys.readouterr().out.strip().endswith("412-380")
    assert main(["result", str(path), "-+", "--round", "1", "--board", "2"]) == 0
    with EventSession.open(path, readonly=True) as session:
        first, second = session.state().round(1).games
    assert (first.result.value, first.white_points, first.black_points) == ("1-0", 412, 380)
    assert second.result.value == "0fne-2fne" and second.white_points is None
    capsys.readouterr()
    assert main(["--lang", "fr", "standings", str(path)]) == 0
    text = capsys.readouterr().out
    heads = text.splitlines()[2].split()
    assert heads == ["Pl.", "Nom", "Cote", "PL", "Victoires", "Écart"], heads
    assert "WIN" not in text and "SPREAD" not in text and "parties non jouées" not in text
    assert main(["standings", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["points_head_fr"] == "Victoires" and data["columns"][0]["head_fr"] == "Écart"
    assert data["rating_head_en"] == "PL rating"


def test_draughts_standings_under_the_ffjd_heads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "dames.tdesk"
    assert main(["new", str(path), "--name", "Open de dames", "--rounds", "3", "--discipline", "draughts",
                 "--system", "dutch"]) == 0
    for surname, rating in (("Abel", 1300), ("Brun", 1250), ("Cros", 1200), ("Dias", 1150)):
        assert main(["players", "add", str(path), "--surname", surname, "--rating", str(rating)]) == 0
    assert main(["pair", str(path)]) == 0
    assert main(["result", str(path), "2fe", "--round", "1", "--board", "1"]) == 0
    assert main(["result", str(path), "1-1", "--round", "1", "--board", "2"]) == 0
    capsys.readouterr()
    assert main(["--lang", "fr", "standings", str(path)]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[2].split() == ["Pl.", "Nom", "Classement", "FFJD", "Pts", "Sk", "Sm", "St"]
    assert "Sk = Solkoff (FFJD, Classement National §3" in text and "C.07" not in text
    assert "famille Solkoff de la FFJD, dans l'ordre de son glossaire" in text
