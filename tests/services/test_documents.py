"""Issue 29 item 3: each document proposes its own file name (event, document, round, in the user's language),
and the window and the command line print the same bytes (services.printing.document)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayers, NumberPlayers, RecordResult
from tournament_desk.core.results import Discipline
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.printing import document
from tournament_desk.services.session import EventSession


@pytest.fixture
def swiss(tmp_path: Path) -> Path:
    """Open de Lyon, a chess Swiss of 10: rounds 1-3 played, round 4 paired without results."""
    path = tmp_path / "lyon.tdesk"
    event = Event.for_discipline("Open de Lyon", Discipline.CHESS, system=PairingSystem.DUTCH, rounds=7)
    with EventSession.create(path, event) as s:
        s.run(AddPlayers([{"surname": f"Joueur{i}", "ratings": (("fide", 1500 + 10 * i),)} for i in range(10)]))
        for number in range(1, 5):
            rnd = pair_next(s).payload.round
            if number < 4:
                for g in rnd.games:
                    s.run(RecordResult(number, g.board, ("1-0", "1/2", "0-1")[g.board % 3]))
    return path


def test_documents_are_named_after_the_event_the_document_and_its_round(swiss: Path) -> None:
    with EventSession.open(swiss, readonly=True) as session:
        names = {(kind, lang): document(session, kind, lang=lang).file_name
                 for kind in ("pairings", "standings", "crosstable", "slips") for lang in ("fr", "en")}
        assert document(session, "standings", round_number=2, lang="fr").file_name == \
            "Open de Lyon - classement après la ronde 2.pdf"
    assert names == {
        ("pairings", "fr"): "Open de Lyon - appariements ronde 4.pdf",
        ("pairings", "en"): "Open de Lyon - pairings round 4.pdf",
        ("standings", "fr"): "Open de Lyon - classement après la ronde 3.pdf",  # round 4 is in progress
        ("standings", "en"): "Open de Lyon - standings after round 3.pdf",
        ("crosstable", "fr"): "Open de Lyon - tableau des résultats après la ronde 3.pdf",
        ("crosstable", "en"): "Open de Lyon - wallchart after round 3.pdf",
        ("slips", "fr"): "Open de Lyon - feuilles de résultat ronde 4.pdf",
        ("slips", "en"): "Open de Lyon - result slips round 4.pdf",
    }


def test_an_event_name_no_file_system_accepts_is_made_safe(tmp_path: Path) -> None:
    path = tmp_path / "rr.tdesk"
    event = Event.for_discipline('Fermé "A/B" : dames?', Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN,
                                 rounds=3)
    with EventSession.create(path, event) as s:
        s.run(AddPlayers([{"surname": f"Dame{i}"} for i in range(4)]))
        s.run(NumberPlayers("lot", seed=4))
        assert document(s, "grid", lang="fr").file_name == "Fermé -A-B- - dames- - grille toutes rondes.pdf"


def test_the_command_line_prints_the_services_bytes(swiss: Path, tmp_path: Path) -> None:
    out = tmp_path / "classement.pdf"
    assert main(["--lang", "fr", "print", str(swiss), "standings", "--round", "3", "-o", str(out)]) == 0
    with EventSession.open(swiss, readonly=True) as session:
        assert out.read_bytes() == document(session, "standings", round_number=3, lang="fr").pdf
