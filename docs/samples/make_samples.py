"""Render the sample documents of docs/samples/ (PDF pages as PNG) from a sample draughts round robin.

Run from the repository root: ``python docs/samples/make_samples.py``. The first page of each PDF is rendered
with PDFium (pypdfium2, a dependency of the program for printing) at 60 dpi, as ``NAME-1.png``.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pypdfium2

from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayers, RecordResult
from tournament_desk.core.results import Discipline
from tournament_desk.services import printing
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.roundrobin import assign_numbers
from tournament_desk.services.session import EventSession

HERE = Path(__file__).parent
NAMES = ["Durand", "Lefèvre", "Moreau", "Girard", "Bonnet", "Dupont", "Lambert", "Fontaine", "Rousseau", "Vincent"]


def main() -> None:
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as tmp:
        session = EventSession.create(Path(tmp) / "sample.tdesk", Event.for_discipline(
            "Championnat de Lille", Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN, rounds=9, place="Lille",
            arbiters=("J. Arbitre",)))
        session.run(AddPlayers([{"surname": name, "first_name": "Jean", "club": f"Club {i % 3 + 1}",
                              "licence_id": f"{10000 + i}", "ratings": (("ffjd", 1650 - 35 * i),)}
                             for i, name in enumerate(NAMES)]))
        assign_numbers(session, "rating")
        for number in range(1, 10):
            pair_next(session)
            for g in session.state().round(number).games:
                session.run(RecordResult(number, g.board, rng.choice(["2-0", "1-1", "0-2", "2-0", "0-2"])))
        documents = {
            "crosstable": printing.crosstable_pdf(session, "fr"),
            "pairing-sheet": printing.pairing_sheet_pdf(session, 9, "fr"),
            "standings": printing.standings_pdf(session, None, "fr"),
            "slips": printing.slips_pdf(session, 9, "fr"),
            "rating-report": printing.rating_report_pdf(session, "fr"),
        }
        session.close()
    for name, pdf in documents.items():
        page = pypdfium2.PdfDocument(pdf)[0]
        page.render(scale=60 / 72).to_pil().save(HERE / f"{name}-1.png")


if __name__ == "__main__":
    main()
