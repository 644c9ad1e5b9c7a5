"""Numbers and dates the services write for people come in the language's form (core.formatting; issue 18:
"numbers and dates in the language's form"): the homologation checks, the grid's subtitle."""

from __future__ import annotations

import datetime as dt
import io
import random
from pathlib import Path

from pypdf import PdfReader

from tournament_desk.core.model import Event, PairingSystem, TimeControl
from tournament_desk.core.operations import AddPlayer
from tournament_desk.core.results import Discipline
from tournament_desk.services.bundle import homologation_checks
from tournament_desk.services.roundrobin import assign_numbers, event_grid_pdf
from tournament_desk.services.session import EventSession


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text(extraction_mode="layout") for page in PdfReader(io.BytesIO(pdf)).pages)


def test_homologation_rounds_check_writes_thirds_with_the_languages_decimal_separator(tmp_path: Path) -> None:
    """FFJD §6.6: a Swiss of 20 players has between 20/3 and 10 rounds; 6.67 in English, 6,67 in French."""
    event = Event.for_discipline("Open de Rennes", Discipline.DRAUGHTS, system=PairingSystem.DUTCH, rounds=5,
                                 time_control=TimeControl(90, 30), start_date=dt.date(2026, 6, 1))
    names = [f"Joueur{i:02d}" for i in range(1, 21)]
    random.Random(20).shuffle(names)
    with EventSession.create(tmp_path / "open.tdesk", event) as session:
        for i, name in enumerate(names):
            session.run(AddPlayer(surname=name, licence_id=f"L{i}", ratings=(("ffjd", 1500 + 10 * i),)))
        state = session.state()
    rounds = next(c for c in homologation_checks(state) if c.code == "rounds")
    assert rounds.level == "warning"
    assert "between a third (6.67) and a half (10)" in rounds.message("en")
    assert "entre le tiers (6,67) et la moitié (10)" in rounds.message("fr")


def test_grid_subtitle_dates_in_the_language(tmp_path: Path) -> None:
    event = Event.for_discipline("Championnat de Bretagne", Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN,
                                 rounds=5, place="Saint-Brieuc", start_date=dt.date(2026, 5, 1),
                                 end_date=dt.date(2026, 5, 3))
    with EventSession.create(tmp_path / "rr.tdesk", event) as session:
        for surname in ("Moreau", "Durand", "Lefèvre", "Bonnet", "Girard", "Dupont"):
            session.run(AddPlayer(surname=surname, ratings=(("ffjd", 1600),)))
        assign_numbers(session, "lot", seed=3)
        french = _text(event_grid_pdf(session, lang="fr"))
        english = _text(event_grid_pdf(session, lang="en"))
    assert "Saint-Brieuc — 1er mai 2026 – 3 mai 2026" in french
    assert "Saint-Brieuc — 1 May 2026 – 3 May 2026" in english
