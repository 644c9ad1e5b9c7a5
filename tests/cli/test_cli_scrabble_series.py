"""A Scrabble player's duplicate series (issue 30): the field PL* follows from (FISF, Classement international
2015-2016 §2.1: "une cote provisoire PL* en fonction de sa série duplicate, sans distinction des sous-séries"),
through the command line (players add / edit --series, CSV import), used to rank the players for the classique
formula's round 1 (docs/rules.md §4c) and by the cote PL preview; the options of other disciplines' players
refused (exit code 3, nothing changed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.services.ratings import rating_preview
from tournament_desk.services.session import EventSession


def _new(path: Path, discipline: str = "scrabble") -> None:
    assert main(["new", str(path), "--name", "Classique d'Aix", "--rounds", "3", "--discipline", discipline]) == 0


def test_series_gives_pl_star_for_the_pairing_and_the_preview(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "aix.tdesk"
    _new(path)
    assert main(["players", "add", str(path), "--surname", "Aubert", "--rating", "1900"]) == 0
    assert main(["players", "add", str(path), "--surname", "Blanc", "--series", "1re série"]) == 0  # PL* 2250
    assert main(["players", "add", str(path), "--surname", "Caron", "--rating", "1800"]) == 0
    assert main(["players", "add", str(path), "--surname", "Dumas", "--series", "4C"]) == 0  # PL* 1700
    capsys.readouterr()
    assert main(["players", "edit", str(path), "4", "--series", "7", "--json"]) == 0  # 7th series: PL* 1000
    assert json.loads(capsys.readouterr().out)["duplicate_series"] == "7"
    with EventSession.open(path, readonly=True) as session:
        assert [p.duplicate_series for p in session.state().players] == ["", "1", "", "7"]
    assert main(["pair", str(path)]) == 0
    with EventSession.open(path) as session:
        state = session.state()
        boards = [{state.player(g.white_id).surname, state.player(g.black_id).surname} for g in state.round(1).games]
        # ranking: Blanc 2250 PL*, Aubert 1900, Caron 1800, Dumas 1000 PL*: 1st-4th, 2nd-3rd
        assert boards == [{"Blanc", "Dumas"}, {"Aubert", "Caron"}]
    assert main(["result", str(path), "380 412", "--round", "1", "--board", "1"]) == 0
    assert main(["result", str(path), "400 350", "--round", "1", "--board", "2"]) == 0
    with EventSession.open(path, readonly=True) as session:
        rows = {r.name.split()[0]: r for r in rating_preview(session)}
    assert rows["BLANC"].rating_before == 2250 and rows["DUMAS"].rating_before == 1000 \
        and rows["AUBERT"].rating_before == 1900
    assert "(PL*)" in rows["BLANC"].note and "(PL*)" not in rows["AUBERT"].note


def test_csv_import_reads_the_series(tmp_path: Path) -> None:
    path = tmp_path / "aix.tdesk"
    _new(path)
    csv = tmp_path / "inscrits.csv"
    csv.write_text("nom;prénom;cote;série\nEstève;Paul;;2A\nFaure;Lise;1650;\n", encoding="utf-8")
    assert main(["players", "import", str(path), str(csv)]) == 0
    with EventSession.open(path, readonly=True) as session:
        assert [(p.surname, p.duplicate_series) for p in session.state().players] == [("Estève", "2"), ("Faure", "")]
    bad = tmp_path / "faux.csv"
    bad.write_text("nom;série\nGomez;9\n", encoding="utf-8")
    assert main(["players", "import", str(path), str(bad)]) == 3


@pytest.mark.parametrize(("discipline", "option", "value"), [
    ("chess", "--series", "2"), ("draughts", "--series", "super"), ("scrabble", "--fide-id", "651234"),
    ("scrabble", "--fmjd-id", "12345"), ("chess", "--fmjd-id", "12345"), ("draughts", "--fide-id", "651234"),
])
def test_an_option_of_another_discipline_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    discipline: str, option: str, value: str) -> None:
    path = tmp_path / f"{discipline}.tdesk"
    _new(path, discipline)
    capsys.readouterr()
    assert main(["--lang", "fr", "players", "add", str(path), "--surname", "Henry", option, value]) == 3
    assert f"{option} ne s'applique pas aux joueurs de ce tournoi" in capsys.readouterr().err
    assert main(["players", "add", str(path), "--surname", "Henry"]) == 0
    assert main(["players", "edit", str(path), "1", option, value]) == 3
    with EventSession.open(path, readonly=True) as session:
        (player,) = session.state().players
    assert (player.fide_id, player.fmjd_id, player.duplicate_series) == ("", "", "")


def test_help_says_which_discipline_each_field_is_for(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["players", "add", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "chess only: FIDE id" in text and "draughts only: FMJD id" in text and "Scrabble only: duplicate" in text
