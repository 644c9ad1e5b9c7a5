"""The column-mapping dialog and rating-list import with progress, and the Import-event-from-TRF dialog."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from tournament_desk.core.model import Event
from tournament_desk.core.operations import AddPlayers
from tournament_desk.gui.dialogs.column_mapping import ColumnMappingDialog, import_rating_list, run_with_progress
from tournament_desk.gui.dialogs.import_trf import ImportTrfDialog
from tournament_desk.services.rating_lists import list_header
from tournament_desk.services.session import EventSession

DATA = Path(__file__).resolve().parents[1] / "data"


class _Tr:
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, text: str, *args: object) -> str:
        return text


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDESK_CONFIG_DIR", str(tmp_path / "config"))


def test_mapping_dialog_needs_an_id_and_the_rating(qtbot: QtBot) -> None:
    header = list_header(DATA / "rating_lists" / "dsb_spielerliste.csv")
    dialog = ColumnMappingDialog(None, _Tr("fr"), header)
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled() and "classement" in dialog.error.text()
    assert dialog.columns() == {"fide_id": "FIDE-ID", "flags": "Status"}  # what was recognised is pre-selected
    dialog.set_field("DWZ", "rating")
    dialog.set_field("Mgl-Nr", "licence")
    dialog.set_field("Spielername", "name")
    assert ok.isEnabled() and dialog.error.text() == ""
    dialog.set_field("FIDE-Elo", "rating")
    assert not ok.isEnabled() and "deux colonnes" in dialog.error.text()
    dialog.set_field("FIDE-Elo", None)
    assert dialog.columns() == {"licence": "Mgl-Nr", "name": "Spielername", "rating": "DWZ", "fide_id": "FIDE-ID",
                                "flags": "Status"}


def _event(tmp_path: Path) -> EventSession:
    session = EventSession.create(tmp_path / "e.tdesk", Event("Open", rounds=5))
    session.run(AddPlayers([{"surname": "Müller", "first_name": "Jürgen", "licence_id": "1011"},
                         {"surname": "Carlsen", "fide_id": "1503014"}]))
    return session


def test_import_with_mapping_and_progress(qtbot: QtBot, tmp_path: Path) -> None:
    """The mapping is asked once, then remembered: the second import of the same layout asks nothing."""
    asked: list[tuple[str, ...]] = []

    def ask(header):  # what the user picks in the dialog
        asked.append(header.labels)
        return {"licence": "Mgl-Nr", "rating": "DWZ", "name": "Spielername"}

    with _event(tmp_path) as session:
        change = import_rating_list(None, _Tr("en"), session, DATA / "rating_lists" / "dsb_spielerliste.csv",
                                    ask_columns=ask)
        assert change is not None and [u.new_rating for u in change.payload.updated] == [1876]
        again = import_rating_list(None, _Tr("en"), session, DATA / "rating_lists" / "dsb_spielerliste.csv",
                                   ask_columns=ask)
        assert again is not None and len(asked) == 1
        fide = import_rating_list(None, _Tr("en"), session, DATA / "rating_lists" / "players_list_foa.txt",
                                  ask_columns=ask, system="fide")
        assert fide is not None and [u.new_rating for u in fide.payload.updated] == [2833]
        known = import_rating_list(None, _Tr("en"), session, DATA / "rating_lists" / "ffe_extract.csv")
        assert known is not None and len(asked) == 1  # a known header: no question at all
        assert import_rating_list(None, _Tr("en"), session, DATA / "rating_lists" / "players_list_legacy.txt",
                                  ask_columns=lambda header: None) is not None
        belgian = tmp_path / "frbe.csv"
        belgian.write_text("Matricule;Nom;Cote\n10234;Peeters;1850\n", encoding="utf-8")
        assert import_rating_list(None, _Tr("en"), session, belgian, ask_columns=lambda header: None) is None


def test_progress_runner_reports_and_reraises(qtbot: QtBot) -> None:
    seen: list[tuple[int, int]] = []

    def work(progress):
        for done in range(0, 101, 25):
            progress(done, 100)
            seen.append((done, 100))
        return "done"

    assert run_with_progress(None, "…", work) == "done" and seen[-1] == (100, 100)
    with pytest.raises(ValueError, match="boom"):
        run_with_progress(None, "…", lambda progress: (_ for _ in ()).throw(ValueError("boom")))


def test_import_trf_dialog(qtbot: QtBot, tmp_path: Path) -> None:
    """Swiss-Manager's FIDE report has no XXR: the dialog shows it, refuses without the rounds (the reason in
    the dialog), and imports once the rounds are given."""
    trf = DATA / "trf" / "swiss_manager_open.trf"
    dialog = ImportTrfDialog(None, _Tr("en"), trf_path=str(trf), event_path=str(tmp_path / "lyon.tdesk"))
    qtbot.addWidget(dialog)
    assert "64 players, 5 round(s) paired of unknown" in dialog.summary.text()
    assert dialog.name_edit.text() == "37e Open International de Lyon"
    dialog.import_event()
    assert dialog.result_import is None and "number of rounds" in dialog.error.text()
    dialog.rounds.setValue(9)
    dialog.import_event()
    assert dialog.result_import is not None and dialog.result_import.rounds == 5
    with EventSession.open(tmp_path / "lyon.tdesk", readonly=True) as session:
        assert session.event.rounds == 9 and len(session.players()) == 64


def test_import_trf_dialog_shows_the_broken_line(qtbot: QtBot, tmp_path: Path) -> None:
    broken = tmp_path / "broken.trf"
    text = (DATA / "trf" / "vega_open.trf").read_bytes().decode("latin-1").split("\n")
    i = next(n for n, t in enumerate(text) if t.startswith("001    2"))
    text[i] = text[i][:80] + "99.0" + text[i][84:]
    broken.write_bytes("\n".join(text).encode("latin-1"))
    dialog = ImportTrfDialog(None, _Tr("fr"), trf_path=str(broken), event_path=str(tmp_path / "v.tdesk"))
    qtbot.addWidget(dialog)
    dialog.import_event()
    assert dialog.result_import is None and f"ligne {i + 1}" in dialog.error.text()
    assert not (tmp_path / "v.tdesk").exists()
