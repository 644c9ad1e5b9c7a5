"""The PL* a Scrabble player without a PL is paired with, shown where his rating is (issue 30; FISF, Classement
international 2015-2016 §2.1: "une cote provisoire PL* en fonction de sa série duplicate"; docs/rules.md
"Scrabble, cote PL" and §4c): the standings (text, CSV, JSON), the printed crosstable and standings, marked
``2250*`` with the mark's legend in the user's language; and a players CSV's « série » column in a chess or
draughts event reported and left out, as ``players add --series`` is refused there."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.services.session import EventSession

LEGEND = {"fr": "* PL* : cote provisoire tirée de la série duplicate (FISF, Classement international 2015-2016 §2.1)",
          "en": "* PL*: provisional rating from the duplicate series (FISF, Classement international 2015-2016 §2.1)"}


def _pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def _event(tmp_path: Path) -> Path:
    """Four players: Blanc (1st series, no PL: PL* 2250), Aubert (PL 1900), Caron (PL 1800, marked "NC" but
    with the 3rd series: PL* 1800), Dumas (no PL, no series: nothing shown); round 1 played."""
    path = tmp_path / "aix.tdesk"
    assert main(["new", str(path), "--name", "Classique d'Aix", "--rounds", "3", "--discipline", "scrabble"]) == 0
    assert main(["players", "add", str(path), "--surname", "Aubert", "--first-name", "Anne", "--rating", "1900"]) == 0
    assert main(["players", "add", str(path), "--surname", "Blanc", "--first-name", "Bruno", "--series", "1A"]) == 0
    assert main(["players", "add", str(path), "--surname", "Caron", "--first-name", "Chloé", "--rating", "1800",
                 "--unrated", "--series", "3"]) == 0
    assert main(["players", "add", str(path), "--surname", "Dumas", "--first-name", "Denis"]) == 0
    assert main(["pair", str(path)]) == 0
    with EventSession.open(path, readonly=True) as session:
        state = session.state()
        boards = [{state.player(g.white_id).surname, state.player(g.black_id).surname} for g in state.round(1).games]
    # the initial ranking the pairing used: Blanc 2250*, Aubert 1900, Caron 1800*, Dumas 1000 (§2.1, §4c)
    assert boards == [{"Blanc", "Dumas"}, {"Aubert", "Caron"}]
    assert main(["result", str(path), "412 380", "--round", "1", "--board", "1"]) == 0
    assert main(["result", str(path), "350 401", "--round", "1", "--board", "2"]) == 0
    return path


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_standings_show_the_pl_star_with_its_legend(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    lang: str) -> None:
    path = _event(tmp_path)
    capsys.readouterr()
    assert main(["--lang", lang, "standings", str(path)]) == 0
    text = capsys.readouterr().out
    rows = {line.split()[1]: line for line in text.splitlines() if line[:5].strip().isdigit()}
    assert "2250*" in rows["BLANC"].split() and "1800*" in rows["CARON"].split()
    assert "1900" in rows["AUBERT"].split() and not any(w.endswith("*") for w in rows["AUBERT"].split())
    assert not any(w.endswith("*") or w == "1000" for w in rows["DUMAS"].split())
    assert LEGEND[lang] in text.splitlines()
    assert "seed" not in text

    out_csv = tmp_path / f"standings-{lang}.csv"
    assert main(["--lang", lang, "standings", str(path), "--csv", str(out_csv)]) == 0
    table = list(csv.reader(io.StringIO(out_csv.read_text(encoding="utf-8")), delimiter=";" if lang == "fr" else ","))
    head = table[0]
    by_name = {r[head.index("Id") + 1].split()[0]: r for r in table[1:]}
    rating, star = head.index("PL*") - 1, head.index("PL*")
    assert (by_name["BLANC"][rating], by_name["BLANC"][star]) == ("", "2250")
    assert (by_name["AUBERT"][rating], by_name["AUBERT"][star]) == ("1900", "")
    assert (by_name["DUMAS"][rating], by_name["DUMAS"][star]) == ("", "")

    capsys.readouterr()
    assert main(["--lang", lang, "standings", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    by_surname = {r["name"].split()[0]: r for r in data["rows"]}
    assert (by_surname["BLANC"]["rating"], by_surname["BLANC"]["provisional_rating"]) == (None, 2250)
    assert (by_surname["CARON"]["rating"], by_surname["CARON"]["provisional_rating"]) == (1800, 1800)
    assert (by_surname["AUBERT"]["rating"], by_surname["AUBERT"]["provisional_rating"]) == (1900, None)
    assert by_surname["DUMAS"]["provisional_rating"] is None
    assert data["provisional_legend"] == {"en": LEGEND["en"], "fr": LEGEND["fr"]}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("document", ["crosstable", "standings"])
def test_printed_tables_show_the_pl_star_with_its_legend(tmp_path: Path, lang: str, document: str) -> None:
    path = _event(tmp_path)
    out = tmp_path / f"{document}-{lang}.pdf"
    assert main(["--lang", lang, "print", str(path), document, "--round", "1", "-o", str(out)]) == 0
    text = _pdf_text(out)
    assert "2250*" in text and "1800*" in text and "1900" in text and "1900*" not in text
    assert " ".join(LEGEND[lang].split()) in " ".join(text.split())


def test_without_pl_star_no_legend(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "aix.tdesk"
    assert main(["new", str(path), "--name", "Classique d'Aix", "--rounds", "3", "--discipline", "scrabble"]) == 0
    for surname, rating in (("Aubert", "1900"), ("Blanc", "2100")):
        assert main(["players", "add", str(path), "--surname", surname, "--rating", rating]) == 0
    capsys.readouterr()
    assert main(["--lang", "fr", "standings", str(path)]) == 0
    text = capsys.readouterr().out
    assert "PL*" not in text and "*" not in text.replace("**", "")


@pytest.mark.parametrize(("lang", "discipline", "expected"), [
    ("fr", "chess", "Colonne « série » non importée : elle ne s'applique pas aux joueurs de ce tournoi "
                    "(discipline : Échecs)"),
    ("en", "draughts", "Column 'série' not imported: it does not apply to this event's players "
                       "(discipline: Draughts)"),
])
def test_a_series_column_outside_scrabble_is_reported_and_left_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, discipline: str, expected: str) -> None:
    path = tmp_path / "open.tdesk"
    assert main(["new", str(path), "--name", "Open", "--rounds", "5", "--discipline", discipline]) == 0
    players = tmp_path / "inscrits.csv"
    players.write_text("nom;prénom;elo;série\nEstève;Paul;1650;2A\nFaure;Lise;1720;\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["--lang", lang, "players", "import", str(path), str(players)]) == 0
    err = capsys.readouterr().err
    assert expected in err and "inscrits.csv" in err
    with EventSession.open(path, readonly=True) as session:
        state = session.state()
    assert [(p.surname, p.duplicate_series) for p in state.players] == [("Estève", ""), ("Faure", "")]
    assert [p.rating(state.event.rating_system) for p in state.players] == [1650, 1720]


def test_a_series_column_in_scrabble_is_read_without_warning(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "aix.tdesk"
    assert main(["new", str(path), "--name", "Classique d'Aix", "--rounds", "3", "--discipline", "scrabble"]) == 0
    players = tmp_path / "inscrits.csv"
    players.write_text("nom;prénom;cote;série\nEstève;Paul;;2A\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["--lang", "fr", "players", "import", str(path), str(players)]) == 0
    assert "non importée" not in capsys.readouterr().err
    with EventSession.open(path, readonly=True) as session:
        assert [p.duplicate_series for p in session.state().players] == ["2"]
