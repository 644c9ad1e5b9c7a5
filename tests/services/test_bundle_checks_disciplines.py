"""The bundle's checks follow the event's discipline and federation (issue 24 item 8): a FIDE chess event gets
the FIDE Rating Regulations' checks, a national-Elo chess event the FFE's, a draughts event the FFJD's (seed 000),
a Scrabble event the FISF's (seed 002), any other event the general checks only — in ``checks.txt``, in
``tournament-desk export --bundle --json`` and in the export's summary (what the GUI shows)."""

from __future__ import annotations

import datetime as dt
import json
import random
import zipfile
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.model import Event, PairingSystem, RatingSystem, TimeControl
from tournament_desk.core.operations import AddPlayers, RecordResult
from tournament_desk.core.results import Discipline
from tournament_desk.services.bundle import export_bundle
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventSession

STANDARD = TimeControl(90, 30)
NAMES = ["Arnaud", "Benoît", "Céline", "Damien", "Estelle", "Fabrice", "Gaëlle", "Hervé", "Isabelle", "Jérôme",
         "Karine", "Laurent"]


def _event(path: Path, discipline: Discipline, rating_system: RatingSystem, rating_key: str, *,
           tc: TimeControl = STANDARD, rounds: int = 4, arbiters: tuple[str, ...] = ("Sylvie Marchand",),
           seed: int = 3) -> Path:
    rng = random.Random(seed)
    event = Event.for_discipline(f"Open {discipline.value}", discipline, system=PairingSystem.DUTCH, rounds=rounds,
                                 rating_system=rating_system, time_control=tc, start_date=dt.date(2026, 6, 13),
                                 end_date=dt.date(2026, 6, 14), arbiters=arbiters, place="Angers")
    rows = [{"surname": n, "first_name": "Camille", "licence_id": f"M{i:05d}", "federation": "FRA",
             "fide_id": str(20_000 + i), "ratings": ((rating_key, 1450 + 70 * i),)} for i, n in enumerate(NAMES)]
    rng.shuffle(rows)
    draughts = discipline is Discipline.DRAUGHTS
    with EventSession.create(path, event) as session:
        session.run(AddPlayers(rows))
        for _ in range(rounds):
            rnd = pair_next(session).payload.round
            for g in rnd.games:
                text = rng.choice(["2-0", "1-1", "0-2"] if draughts else ["1-0", "1/2", "0-1"])
                if discipline is Discipline.SCRABBLE:
                    w, b = {"1-0": (430, 360), "0-1": (360, 430), "1/2": (390, 390)}[text]
                    session.run(RecordResult(rnd.number, g.board, text, white_points=w, black_points=b))
                else:
                    session.run(RecordResult(rnd.number, g.board, text))
    return path


CASES = [
    (Discipline.CHESS, RatingSystem.FIDE, "fide", "FIDE rating — FIDE Handbook B.02, FIDE Rating Regulations (2024)",
     {"registration", "rate-of-play", "hours-per-day", "unplayed", "fide-ids", "arbiter", "reporting"}),
    (Discipline.CHESS, RatingSystem.NATIONAL_ELO, "elo-fr",
     "French chess federation (FFE): homologated competitions, national Elo", {"cadence", "licences", "arbiter"}),
    (Discipline.DRAUGHTS, RatingSystem.FFJD, "ffjd",
     "FFJD draughts homologation — FFJD, « Règlement du Classement National » (national rating regulations, "
     "Capital-Points), §5, §6.6",
     {"cadence", "licences", "players", "rounds", "fee"}),
    (Discipline.SCRABBLE, RatingSystem.FISF_PL, "fisf-pl",
     "Scrabble classique homologated by the FFSc, cote PL — FISF, « Scrabble Classique — Classement "
     "international 2015-2016 » (cote PL)",
     {"regulations", "category", "games", "game-points", "licences"}),
    (Discipline.OTHER, RatingSystem.NONE, "elo", "General checks (no federation rule set for this event)",
     {"rule-set"}),
]


@pytest.mark.parametrize(("discipline", "system", "key", "title", "codes"), CASES)
def test_bundle_checks_per_discipline(tmp_path: Path, discipline: Discipline, system: RatingSystem, key: str,
                                      title: str, codes: set[str]) -> None:
    path = _event(tmp_path / "e.tdesk", discipline, system, key)
    with EventSession.open(path, readonly=True) as session:
        result = export_bundle(session, tmp_path / "b.zip", "en")
    found = [c.code for c in result.checks]
    assert found[:3] == ["entrants", "rounds-possible", "results"]
    general = {"entrants", "rounds-possible", "results", "rating-preview"}
    assert set(found) - general == codes  # exactly the rule set's own checks
    assert all(c.rules for c in result.checks if c.code not in ("rating-preview", "entrants", "results", "rule-set"))
    with zipfile.ZipFile(tmp_path / "b.zip") as z:
        text = z.read("checks.txt").decode()
    assert title in text.splitlines()[1]
    for c in result.checks:
        assert c.message("fr") in text and c.message("en") in text


def test_chess_no_longer_gets_the_draughts_rules(tmp_path: Path) -> None:
    """Before issue 24 item 8 a chess event got the FFJD rules (and a fee in euros per player) plus "No rating
    preview for the rating system 'fide'"; now its checks and rating files are FIDE's."""
    path = _event(tmp_path / "c.tdesk", Discipline.CHESS, RatingSystem.FIDE, "fide")
    with EventSession.open(path, readonly=True) as session:
        result = export_bundle(session, tmp_path / "b.zip", "fr")
    text = zipfile.ZipFile(tmp_path / "b.zip").read("checks.txt").decode()
    assert "FFJD" not in text and "€" not in text and "Pas d'aperçu de classement" not in text
    assert {"rating-preview.pdf", "rating-preview.csv"} <= set(result.files)


def test_export_json_and_summary_name_the_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A FIDE event at 50+10 (60 minutes for 60 moves: too short for games with a player rated 1800 or more,
    B.02 §1.1) and without arbiter: the export's JSON carries each check's rule, its summary (shown by the GUI)
    the warnings."""
    path = _event(tmp_path / "w.tdesk", Discipline.CHESS, RatingSystem.FIDE, "fide", tc=TimeControl(50, 10),
                  arbiters=())
    out = tmp_path / "w.zip"
    assert main(["export", str(path), "--bundle", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    checks = {c["code"]: c for c in data["checks"]}
    assert checks["rate-of-play"]["level"] == "warning"
    assert checks["rate-of-play"]["rule"] == "FIDE Handbook B.02, FIDE Rating Regulations (2024), §1.1"
    assert checks["arbiter"]["rule"].endswith("§9.1")
    assert main(["--lang", "fr", "export", str(path), "--bundle", str(out)]) == 0
    summary = capsys.readouterr().out
    assert "[ATTENTION] Cadence 50+10 : 60 minutes par joueur pour 60 coups, moins que les 90" in summary
    assert "[ATTENTION] Aucun arbitre indiqué" in summary
