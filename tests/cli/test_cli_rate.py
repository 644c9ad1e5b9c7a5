"""CLI ``rate`` and ``ratings``: called through a parser built here with the module's own ``add_*_parser``
functions (the main parser wires them the same way), so these tests do not depend on cli/main.py."""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import io
import json
from pathlib import Path

import pytest

from tournament_desk.cli.rate import add_rate_parser, add_ratings_parser, cmd_rate, cmd_ratings
from tournament_desk.core.errors import ImportFormatError, StateError, TournamentError, ValidationError
from tournament_desk.core.model import Event, Game, PairingSystem, RatingSystem, Round
from tournament_desk.core.operations import AddPlayer, RecordResult, StoreRound
from tournament_desk.core.results import Discipline
from tournament_desk.services.session import EventSession

_COMMANDS = {"rate": cmd_rate, "ratings": cmd_ratings}


def _run(argv: list[str], lang: str = "en") -> None:
    parser = argparse.ArgumentParser(prog="tournament-desk")
    sub = parser.add_subparsers(dest="command", required=True)
    add_rate_parser(sub)
    add_ratings_parser(sub)
    args = parser.parse_args(argv)
    _COMMANDS[args.command](args, lang)


def _draughts(path: Path, result: str, start: dt.date, rating_system: RatingSystem = RatingSystem.FFJD) -> Path:
    session = EventSession.create(path, Event.for_discipline(
        path.stem, Discipline.DRAUGHTS, system=PairingSystem.MANUAL, rounds=5, start_date=start,
        rating_system=rating_system))
    for i in range(6):
        session.run(AddPlayer(surname=f"Dames{i}", first_name="B", licence_id=f"D{i}",
                           ratings=(("ffjd", 1200 + 100 * i),)))
    ids = [p.id for p in session.state().players]
    for r in range(5):
        rot = [ids[0], *ids[1:][r:], *ids[1:][:r]]
        games = tuple(Game(r + 1, b + 1, rot[b], rot[5 - b]) for b in range(3))
        session.run(StoreRound(Round(r + 1, games)))
        for g in games:
            session.run(RecordResult(r + 1, g.board, result))
    session.close()
    return path


def test_rate_one_event_text_json_and_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = _draughts(tmp_path / "mars.tdesk", "2-0", dt.date(2026, 3, 7))
    out_csv = tmp_path / "preview.csv"
    _run(["rate", str(event), "--csv", str(out_csv)])
    text = capsys.readouterr().out
    assert text.startswith("mars — ffjd") and "DAMES0 B" in text and "+198" in text  # seed 000 §6.1, §2
    _run(["rate", str(event), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["system"] == "ffjd" and len(data["rows"]) == 6
    top = next(r for r in data["rows"] if r["licence"] == "D0")
    assert (top["rating_before"], top["evolution"], top["new_rating"], top["games_counted"]) == (1200, 198, 1398, 5)
    rows = list(csv.DictReader(io.StringIO(out_csv.read_text(encoding="utf-8"))))
    assert rows[0] == {"licence": "D0", "name": "DAMES0 B", "old_rating": "1200", "games_counted": "5",
                       "evolution": "198", "new_rating": "1398", "performance": "2000", "note": ""}
    _run(["rate", str(event), "--cadence", "accelerated", "--json"])  # seed 000 §6.1.1: K 15
    assert json.loads(capsys.readouterr().out)["rows"][0]["evolution"] == 119
    _run(["rate", str(event)], lang="fr")
    assert "Joueur" in capsys.readouterr().out.splitlines()[1]


def test_rate_period_and_import_the_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = _draughts(tmp_path / "a.tdesk", "2-0", dt.date(2026, 3, 7))
    b = _draughts(tmp_path / "b.tdesk", "1-1", dt.date(2026, 3, 21))
    new_list = tmp_path / "new.csv"
    _run(["rate", "--period", str(a), str(b), "--system", "ffjd", "--period-start", "2026-03-01", "--json",
          "-o", str(new_list)])
    data = json.loads(capsys.readouterr().out)
    assert data["period"] == ["2026-03-01", "2026-04-01"] and data["events"] == [str(a), str(b)]
    top = next(r for r in data["rows"] if r["licence"] == "D0")
    assert (top["evolution"], top["new_rating"], top["games_counted"]) == (270, 1470, 10)  # rounded once, §2
    _run(["ratings", "check", str(new_list)])
    assert capsys.readouterr().out.strip() == "6 rows (csv), 6 rated"
    _run(["ratings", "import", str(b), str(new_list), "--reason", "Ratings of the new period"])
    text = capsys.readouterr().out
    assert "6 player(s) updated, 0 row(s) matched nobody" in text and "1200 ->   1470" in text
    with EventSession.open(b, readonly=True) as session:
        assert {p.licence_id: p.rating("ffjd") for p in session.players()}["D0"] == 1470
    _run(["rate", "--period", str(a), "--system", "ffjd", "--ratings", str(new_list)], lang="fr")
    out = capsys.readouterr().out
    assert out.startswith("Période ffjd") and "1470" in out


def test_ratings_import_reports_unmatched_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = _draughts(tmp_path / "e.tdesk", "1-1", dt.date(2026, 3, 7))
    listed = tmp_path / "liste.csv"
    listed.write_text("Licence;Nom;Prénom;CP\nD1;Dames1;B;1333\nX9;Inconnu;Z;1500\n", encoding="cp1252")
    _run(["ratings", "import", str(event), str(listed), "--json", "--reason", "List of March"])
    data = json.loads(capsys.readouterr().out)
    assert [(u["name"], u["old_rating"], u["new_rating"]) for u in data["updated"]] == [("DAMES1 B", 1300, 1333)]
    assert [(e["line"], e["licence"]) for e in data["unmatched"]] == [(3, "X9")]
    assert len(data["not_in_list"]) == 5
    _run(["ratings", "import", str(event), str(listed), "--reason", "Liste de mars"], lang="fr")
    text = capsys.readouterr().out
    assert "Lignes sans joueur inscrit" in text and "ligne 3: X9 INCONNU Z" in text


@pytest.mark.parametrize(("argv", "error", "en", "fr"), [
    (["rate", "{a}", "{b}"], ValidationError, "add --period", "ajoutez --period"),
    (["rate", "--period", "{a}", "{b}"], ValidationError, "--period needs --system", "--period demande"),
    (["rate", "{a}", "--ratings", "{list}"], ValidationError, "go with --period", "s'emploient avec --period"),
    (["rate", "{a}", "--system", "elo-fr"], ValidationError, "rated in 'ffjd', not 'elo-fr'", "et non en"),
    (["rate", "--period", "{a}", "{b}", "--system", "ffjd", "--cadence", "slow"], ValidationError,
     "--cadence is for one event", "un seul tournoi"),
    (["rate", "--period", "{a}", "{b}", "--system", "ffjd", "--period-start", "2026-04-01"], ValidationError,
     "outside the period", "hors de la période"),
    (["rate", "{fmjd}"], StateError, "a rating preview exists only for", "l'aperçu de classement"),
    (["ratings", "check", "{bad}"], ImportFormatError, "line 2, column 2", "ligne 2, colonne 2"),
])
def test_errors_are_tournament_errors_with_both_languages(tmp_path: Path, argv: list[str],
                                                          error: type[TournamentError], en: str, fr: str) -> None:
    files = {
        "a": _draughts(tmp_path / "a.tdesk", "2-0", dt.date(2026, 3, 7)),
        "b": _draughts(tmp_path / "b.tdesk", "1-1", dt.date(2026, 3, 21)),
        "fmjd": _draughts(tmp_path / "f.tdesk", "1-1", dt.date(2026, 3, 21), RatingSystem.FMJD),
        "list": tmp_path / "l.csv",
        "bad": tmp_path / "bad.csv",
    }
    files["list"].write_text("licence,cp\nD0,1500\n")
    files["bad"].write_text("licence,cp\nD0,15x0\n")
    with pytest.raises(error) as info:
        _run([arg.format(**{k: str(v) for k, v in files.items()}) for arg in argv])
    assert en in info.value.message("en") and fr in info.value.message("fr")
