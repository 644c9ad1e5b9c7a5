"""The FIDE rating report of a chess event (issue 24 item 8): ``services.ratings.rating_preview`` for the ``fide``
system, ``tournament-desk rate EVENT`` and the bundle's rating files, on round robins played through the services
whose expected values are worked out by hand from the FIDE tables (Handbook B.02 §8.1-§8.3)."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import random
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from tournament_desk.__main__ import main
from tournament_desk.core.model import Event, PairingSystem, TimeControl
from tournament_desk.core.operations import AddPlayers, RecordResult
from tournament_desk.core.results import Discipline
from tournament_desk.services.bundle import export_bundle
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.ratings import rating_preview
from tournament_desk.services.roundrobin import assign_numbers
from tournament_desk.services.session import EventSession

# (surname, first name, FIDE rating or None, FIDE id)
CLUB = [("Aubry", "Marc", 2000, "651001"), ("Bastien", "Rémi", 2100, "651002"), ("Caron", "Inès", 1950, "651003"),
        ("Dumont", "Lucie", 1500, "651004"), ("Evrard", "Paul", 2050, "651005"), ("Favre", "Sophie", 1900, "651006")]
# Aubry's results (B.02 §8.3, K 20): see test_rated_player_change_worked_by_hand_b02_8_3
AUBRY = {"Bastien": "1-0", "Caron": "1/2", "Dumont": "0-1", "Evrard": "0-1", "Favre": "1-0"}

NEWCOMER = [("Nouveau", "Yanis", None, ""), ("Petit", "Anne", 1901, "652001"), ("Quentin", "Luc", 1902, "652002"),
            ("Renard", "Eva", 1900, "652003"), ("Simon", "Hugo", 1904, "652004"), ("Tessier", "Nina", 1900, "652005")]
YANIS = {"Petit": "1-0", "Quentin": "1-0", "Renard": "1-0", "Simon": "0-1", "Tessier": "0-1"}


def _round_robin(path: Path, roster: list[tuple[str, str, int | None, str]], focus: str,
                 results: dict[str, str], seed: int) -> Path:
    """A 6-player FIDE round robin at 90+30: ``focus`` gets ``results`` against each opponent (from his side),
    every other game is drawn."""
    event = Event.for_discipline("Fermé de printemps", Discipline.CHESS, system=PairingSystem.ROUND_ROBIN, rounds=5,
                                 start_date=dt.date(2026, 4, 11), end_date=dt.date(2026, 4, 15), place="Rouen",
                                 time_control=TimeControl(90, 30), arbiters=("Hélène Caradec",))
    rows = [{"surname": s, "first_name": f, "fide_id": fid, "licence_id": f"L{i:05d}", "federation": "FRA",
             "ratings": (("fide", r),) if r is not None else ()} for i, (s, f, r, fid) in enumerate(roster)]
    random.Random(seed).shuffle(rows)
    with EventSession.create(path, event) as session:
        session.run(AddPlayers(rows))
        assign_numbers(session, "lot", seed=seed)
        surname = {p.id: p.surname for p in session.state().players}
        flip = {"1-0": "0-1", "0-1": "1-0", "1/2": "1/2"}
        for _ in range(5):
            rnd = pair_next(session).payload.round
            for g in rnd.games:
                white, black = surname[g.white_id], surname[g.black_id]
                text = (results[black] if white == focus else flip[results[white]] if black == focus else "1/2")
                session.run(RecordResult(rnd.number, g.board, text))
    return path


def test_rated_player_change_worked_by_hand_b02_8_3(tmp_path: Path) -> None:
    """Aubry, rated 2000, K 20 (§8.3.3: under 2400, not a junior), against (table 8.1.2):
    Bastien 2100 win (D −100, PD .36), Caron 1950 draw (D +50, .57), Dumont 1500 loss (D +500 counted as 400,
    §8.3.1: .92), Evrard 2050 loss (D −50, .43), Favre 1900 win (D +100, .64).
    W = 2.5, We = 2.92, Σ(W − We) = −0.42, K × Σ = −8.4 → −8 (§8.3.4): 1992.
    Dumont (1500) against the others, all draws but the win over Aubry: vs 2000 win (D −500 → −400: PD .08),
    vs 2100, 1950, 2050, 1900 draws (D −600 → .08; −450 → .08; −550 → .08; −400 → .08): We = .40, W = 3,
    Σ = 2.60, × 20 = 52 → 1552."""
    path = _round_robin(tmp_path / "rr.tdesk", CLUB, "Aubry", AUBRY, seed=11)
    with EventSession.open(path, readonly=True) as session:
        rows = {r.name: r for r in rating_preview(session)}
    aubry = rows["AUBRY Marc"]
    assert (aubry.rating_before, aubry.games_counted, aubry.score, aubry.expected_score, aubry.k) == (
        2000, 5, 2.5, 2.92, 20)
    assert (aubry.evolution, aubry.new_rating) == (-8, 1992)
    dumont = rows["DUMONT Lucie"]
    assert (dumont.score, dumont.expected_score, dumont.evolution, dumont.new_rating) == (3.0, 0.4, 52, 1552)


def test_unrated_player_first_rating_b02_8_2(tmp_path: Path) -> None:
    """Nouveau, unrated, scores 3/5 against opponents rated 1901, 1902, 1900, 1904, 1900 (total 9507):
    Ra = (9507 + 2 × 1800) / 7 = 1872.43, p = 4/7 → .57, dp = 50, Ru = 1922 (FIDE's published first rating,
    fixture F-N01), published: 5 games against rated opponents, at least 1400 (§7.1.4). The rated players' games
    against him do not change their ratings (§8.3.1): 4 games counted each."""
    path = _round_robin(tmp_path / "new.tdesk", NEWCOMER, "Nouveau", YANIS, seed=5)
    with EventSession.open(path, readonly=True) as session:
        rows = {r.name: r for r in rating_preview(session)}
    yanis = rows["NOUVEAU Yanis"]
    assert (yanis.rating_before, yanis.games_counted, yanis.score) == (None, 5, 3.0)
    assert (yanis.performance, yanis.new_rating, yanis.note) == (1922, 1922, "first rating")
    assert all(r.games_counted == 4 for name, r in rows.items() if name != "NOUVEAU Yanis")
    # Petit (1901) lost to Nouveau and drew the other four: against 1902, 1900, 1904, 1900 (D −1, +1, −3, +1:
    # PD .50 each), W 2 = We 2: no change
    assert (rows["PETIT Anne"].evolution, rows["PETIT Anne"].new_rating) == (0, 1901)


def test_rate_command_and_bundle_for_a_fide_event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``tournament-desk rate EVENT`` works for a FIDE event, and the bundle holds the FIDE rating report."""
    path = _round_robin(tmp_path / "rr.tdesk", CLUB, "Aubry", AUBRY, seed=3)
    assert main(["rate", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["system"] == "fide"
    aubry = next(r for r in data["rows"] if r["name"] == "AUBRY Marc")
    assert (aubry["evolution"], aubry["new_rating"], aubry["k"], aubry["expected_score"]) == (-8, 1992, 20, 2.92)
    assert main(["--lang", "fr", "rate", str(path)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Fermé de printemps — fide") and "AUBRY Marc" in text and "-8" in text
    assert main(["rate", str(path), "--system", "fide"]) == 0
    capsys.readouterr()

    with EventSession.open(path, readonly=True) as session:
        result = export_bundle(session, tmp_path / "b.zip", "fr")
    assert {"rating-preview.pdf", "rating-preview.csv"} <= set(result.files)
    assert "rating-preview" not in {c.code for c in result.checks}  # no "No rating preview" warning any more
    with zipfile.ZipFile(tmp_path / "b.zip") as z:
        table = list(csv.DictReader(io.StringIO(z.read("rating-preview.csv").decode("utf-8-sig")), delimiter=";"))
        checks = z.read("checks.txt").decode()
        pdf = PdfReader(io.BytesIO(z.read("rating-preview.pdf")))
    report = " ".join(" ".join(page.extract_text().split()) for page in pdf.pages)
    assert "Classement FIDE — FIDE Handbook B.02, règlement du classement FIDE" in report and "AUBRY Marc" in report
    assert "deux adversaires fictifs à 1800" in report  # the legend says how the columns are computed
    row = next(r for r in table if r["name"] == "AUBRY Marc")
    assert (row["rating_before"], row["expected_score"], row["evolution"], row["new_rating"]) == (
        "2000", "2.92", "-8", "1992")
    assert "Classement FIDE — FIDE Handbook B.02, règlement du classement FIDE (FIDE Rating Regulations, 2024)" \
        in checks
    assert "Règle : FIDE Handbook B.02, règlement du classement FIDE (FIDE Rating Regulations, 2024), §1.1" in checks
    assert "Rule: FIDE Handbook B.02, FIDE Rating Regulations (2024), §1.1" in checks
