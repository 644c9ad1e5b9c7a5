"""Issue 23 §1: overlong or control-character text is refused at entry with a clear message, and every printed
document lays out whatever entry accepted (the longest names, clubs, event details) — and, defensively, even a
10,000-character name that another tool wrote."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import pytest

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.model import Event, PairingSystem, Player
from tournament_desk.core.operations import AddPlayer, AddPlayers, RecordResult, UpdateEvent
from tournament_desk.core.results import Discipline, GameResult
from tournament_desk.services import printing
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.roundrobin import assign_numbers, event_grid_pdf
from tournament_desk.services.session import EventSession


def test_overlong_text_is_refused_at_entry(tmp_path: Path) -> None:
    with EventSession.create(tmp_path / "e.tdesk", Event(name="Limites")) as s:
        with pytest.raises(ValidationError) as err:
            s.run(AddPlayer(surname="N" * 101))
        assert str(err.value) == "The surname is longer than 100 characters"
        assert err.value.message("fr") == "Le nom dépasse 100 caractères" and err.value.field == "surname"
        with pytest.raises(ValidationError, match="The club is 201 characters long"):
            s.run(AddPlayer(surname="Dupont", club="C" * 201))
        assert s.run(AddPlayer(surname="Du\npont ")).ids  # a name's spaces and line breaks are tidied ("Du pont")
        with pytest.raises(ValidationError, match="line break, tab or other control character") as err:
            s.run(AddPlayer(surname="Martin", club="Lille\nNord"))  # would break the TRF line and the tables
        assert err.value.field == "club"
        with pytest.raises(ValidationError, match="The event name is longer than 200 characters"):
            s.run(UpdateEvent(name="E" * 201))
        with pytest.raises(ValidationError, match="arbiter's name is 101 characters long"):
            s.run(UpdateEvent(arbiters=("A" * 101,)))
        s.run(AddPlayer(surname="N" * 100, first_name="P" * 100))  # the limits themselves are accepted
        assert len(s.players()) == 2


def _at_the_limits(path: Path, system: PairingSystem, discipline: Discipline) -> EventSession:
    event = Event.for_discipline("É" * 200, discipline, system=system, rounds=5, place="P" * 200,
                                 organiser="O" * 200, arbiters=tuple("A" * 100 for _ in range(20)),
                                 start_date=dt.date(2026, 1, 1))
    s = EventSession.create(path, event)
    s.run(AddPlayers([{"surname": "W" * (100 - i), "first_name": "M" * 100, "club": "C" * 200, "category": "K" * 20,
                    "federation": "FRA" * 3, "licence_id": f"{i}" + "L" * 29, "fide_id": "9" * 20, "title": "T" * 10,
                    "ratings": (("fide", 2000 + i), ("ffjd", 1500 + i))} for i in (5, 2, 7, 0, 3, 6, 1, 4)]))
    if system.is_round_robin:
        assign_numbers(s, "rating")
    for _ in range(2):
        rnd = pair_next(s).payload.round
        for g in rnd.games:
            s.run(RecordResult(rnd.number, g.board, GameResult.DRAW))
    return s


@pytest.mark.parametrize(("system", "discipline"), [(PairingSystem.ROUND_ROBIN, Discipline.DRAUGHTS),
                                                    (PairingSystem.DUTCH, Discipline.CHESS)])
def test_every_document_prints_what_entry_accepted(tmp_path: Path, system: PairingSystem,
                                                   discipline: Discipline) -> None:
    with _at_the_limits(tmp_path / "limits.tdesk", system, discipline) as s:
        pdfs = [printing.pairing_sheet_pdf(s, None, "fr"), printing.crosstable_pdf(s, "fr"),
                printing.standings_pdf(s, None, "en"), printing.slips_pdf(s, None, "fr")]
        if system.is_round_robin:
            pdfs += [printing.rating_report_pdf(s, "fr"), event_grid_pdf(s, lang="fr")]
    assert all(pdf.startswith(b"%PDF") for pdf in pdfs)


def test_printing_survives_a_ten_thousand_character_name(tmp_path: Path) -> None:
    from tournament_desk.printing.crosstable import crosstable_pdf
    from tournament_desk.printing.pairing_sheet import pairing_sheet_pdf
    from tournament_desk.printing.slips import slips_pdf
    from tournament_desk.printing.standings_pdf import standings_pdf

    with _at_the_limits(tmp_path / "x.tdesk", PairingSystem.DUTCH, Discipline.CHESS) as s:
        state = s.state()

    def huge(p: Player) -> Player:  # bypasses entry validation, as a file from another tool would
        q = object.__new__(Player)
        for f in dataclasses.fields(Player):
            object.__setattr__(q, f.name, getattr(p, f.name))
        object.__setattr__(q, "surname", "Z" * 10_000)
        object.__setattr__(q, "club", "Y" * 10_000)
        object.__setattr__(q, "first_name", "X " * 5_000)
        return q

    state = dataclasses.replace(state, players=tuple(huge(p) if i < 2 else p for i, p in enumerate(state.players)))
    for pdf in (pairing_sheet_pdf(state, 1, "fr"), crosstable_pdf(state, "fr"), standings_pdf(state, None, "en"),
                slips_pdf(state, 1, "fr")):
        assert pdf.startswith(b"%PDF")
