"""Scrabble classique crosstables show the scores, not 1/½/0 (docs/rules.md §4c: both scores are typed, the win
follows from them, the spread is counted from them; FISF, Classement international 2015-2016 §7): the printed
wallchart and grid, and the Standings tab's crosstable, which is the same value (services.standings.crosstable)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from tournament_desk.__main__ import main
from tournament_desk.services.session import EventSession
from tournament_desk.services.standings import crosstable


def _text(pdf: Path) -> str:
    return "\n".join(p.extract_text(extraction_mode="layout") for p in PdfReader(io.BytesIO(pdf.read_bytes())).pages)


def _event(tmp_path: Path, system: str) -> Path:
    path = tmp_path / f"{system}.tdesk"
    assert main(["new", str(path), "--name", "Classique de Tours", "--rounds", "3", "--discipline", "scrabble",
                 "--system", system]) == 0
    for surname, rating in (("Aubry", 2100), ("Boyer", 1900), ("Colin", 1700), ("Denis", 1500)):
        assert main(["players", "add", str(path), "--surname", surname, "--rating", str(rating)]) == 0
    if system == "round-robin":
        assert main(["numbers", str(path), "--rating"]) == 0
    assert main(["pair", str(path)]) == 0
    assert main(["result", str(path), "412 380", "--round", "1", "--board", "1"]) == 0
    assert main(["result", str(path), "+-", "--round", "1", "--board", "2"]) == 0
    return path


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_wallchart_shows_each_players_score_first(tmp_path: Path, lang: str) -> None:
    path = _event(tmp_path, "classique")
    with EventSession.open(path, readonly=True) as session:
        state = session.state()
        table = crosstable(session, lang)
    first = state.round(1).games[0]
    cells = {row.player_id: row.cells[0] for row in table.rows}
    number = {row.player_id: row.number for row in table.rows}
    assert cells[first.white_id] == f"{number[first.black_id]} 412-380"
    assert cells[first.black_id] == f"{number[first.white_id]} 380-412"
    forfeit = state.round(1).games[1]
    assert cells[forfeit.white_id].endswith(" +") and cells[forfeit.black_id].endswith(" -")
    legend = "\n".join(table.notes)
    assert ("412-380 = score du joueur, puis celui de son adversaire" if lang == "fr"
            else "412-380 = the player's score, then his opponent's") in legend
    pdf = tmp_path / "grille.pdf"
    assert main(["--lang", lang, "print", str(path), "crosstable", "-o", str(pdf)]) == 0
    text = _text(pdf)
    assert "412-380" in text and "380-412" in text
    assert ("score du joueur, puis celui de son adversaire" if lang == "fr"
            else "the player's score, then his opponent's") in " ".join(text.split())


def test_the_round_robin_grid_shows_the_scores(tmp_path: Path) -> None:
    path = _event(tmp_path, "round-robin")
    with EventSession.open(path, readonly=True) as session:
        state = session.state()
        table = crosstable(session, "fr")
    first = state.round(1).games[0]
    order = [row.player_id for row in table.rows]
    by_id = {row.player_id: row for row in table.rows}
    assert by_id[first.white_id].cells[order.index(first.black_id)] == "412-380"
    assert by_id[first.black_id].cells[order.index(first.white_id)] == "380-412"
    assert not any(c in ("1", "0") for row in table.rows for c in row.cells)  # a played game shows its scores
