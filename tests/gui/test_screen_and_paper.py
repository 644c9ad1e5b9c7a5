"""Issue 29 items 2 and 3: the screen and the paper agree, and every document prints or saves as itself.

The program is started with ``tournament_desk.__main__.main`` on a chess Swiss (round 4 in progress) and a
draughts round robin (round 3 in progress); the script clicks what an arbiter clicks — the Standings tab, its
Crosstable box, its round, "Print…", the print dialog's "Save as PDF…" or its "Print to File (PDF)" — and the
PDF written is read back with pypdf and compared with what the screen's model shows, with the command line's PDF
of the same document, and with the names the dialogs proposed.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtPrintSupport import QPrintDialog
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QPushButton

from tests.gui.driver import Script, choose_file, later, main_window, modal, run_script, wait_for
from tournament_desk.__main__ import main
from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayers, NumberPlayers, RecordResult
from tournament_desk.core.results import Discipline
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventSession

SAVE = {"fr": "Enregistrer en PDF…", "en": "Save as PDF…"}
NAMES = ["Arnaud", "Blanc", "Chevalier", "Dumas", "Étienne", "Faure", "Girard", "Hamon", "Imbert", "Joly", "Kieffer"]


def _swiss(path: Path) -> Path:
    """A chess Swiss of 11 (a bye each round): rounds 1-3 played, round 4 paired with 2 results of 5 in."""
    rng = random.Random(3)
    event = Event.for_discipline("Open de Lyon", Discipline.CHESS, system=PairingSystem.DUTCH, rounds=5,
                                 rating_system="fide")
    with EventSession.create(path, event) as s:
        s.run(AddPlayers([{"surname": name, "first_name": "Léa", "club": "Lyon" if i % 2 else "Caluire",
                           "ratings": (("fide", 1500 + 37 * i),)} for i, name in enumerate(NAMES)]))
        for number in range(1, 5):
            rnd = pair_next(s).payload.round
            for g in rnd.games[: 2 if number == 4 else len(rnd.games)]:
                s.run(RecordResult(number, g.board, rng.choice(["1-0", "1/2", "0-1"])))
    return path


def _round_robin(path: Path) -> Path:
    """A draughts round robin of 6: rounds 1-2 played, round 3 paired with one result in."""
    rng = random.Random(5)
    event = Event.for_discipline("Fermé de dames", Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN, rounds=5)
    with EventSession.create(path, event) as s:
        s.run(AddPlayers([{"surname": name, "first_name": "Hugo", "club": "Lille",
                           "ratings": (("ffjd", 1300 + 50 * i),)} for i, name in enumerate(NAMES[:6])]))
        s.run(NumberPlayers("lot", seed=29))
        for number in range(1, 4):
            rnd = pair_next(s).payload.round
            for g in rnd.games[: 1 if number == 3 else len(rnd.games)]:
                s.run(RecordResult(number, g.board, rng.choice(["2-0", "1-1", "0-2", "2fe"])))
    return path


def _language(lang: str) -> None:
    """The language the program starts in (its settings: those of the tests' own folder, tests/gui/conftest.py)."""
    QCoreApplication.setOrganizationName("tournament_desk")
    QCoreApplication.setApplicationName("tournament_desk")
    QSettings().setValue("language", lang)


def _model(model: object) -> tuple[list[str], list[list[str]]]:
    """The headings and the rows a table model gives the screen."""
    heads = [str(model.headerData(c, Qt.Orientation.Horizontal)) for c in range(model.columnCount())]  # type: ignore[attr-defined]
    rows = [[str(model.data(model.index(r, c)) or "") for c in range(model.columnCount())]  # type: ignore[attr-defined]
            for r in range(model.rowCount())]  # type: ignore[attr-defined]
    return heads, rows


def _text(pdf: bytes | Path) -> str:
    data = pdf.read_bytes() if isinstance(pdf, Path) else pdf
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def _printed_table(text: str, heads: list[str], rows: int) -> list[str]:
    """The table's cells as printed, in reading order: pypdf gives each cell on its own line; the table starts
    at its headings, and runs for as many cells as the screen's rows have texts."""
    lines = [line.strip() for line in text.splitlines()]
    start = next(i for i in range(len(lines)) if lines[i:i + len(heads)] == heads)
    return lines[start + len(heads):start + len(heads) + rows]


def _save_as_pdf(button: QPushButton, out: Path, lang: str, seen: dict[str, object]) -> Script:
    """Click ``button`` (a "Print…"), then the print dialog's "Save as PDF…", and save as ``out``."""
    later(button.click)
    yield
    dialog = yield from modal(QPrintDialog, "the print dialog")
    seen.setdefault("print to file", []).append(dialog.findChild(QLineEdit, "filename").text())  # type: ignore[union-attr]
    save = next(b for b in dialog.findChildren(QPushButton) if b.text() == SAVE[lang])
    later(save.click)
    yield
    files = yield from modal(QFileDialog, "the save dialog")
    seen.setdefault("save as", []).append(str(Path(files.directory().absolutePath())
                                              / files.findChild(QLineEdit, "fileNameEdit").text()))  # type: ignore[union-attr]
    yield from choose_file(out)
    yield from wait_for(lambda: out.exists() and out.stat().st_size > 0, f"{out.name} written")


@pytest.mark.parametrize("kind", ["swiss", "round-robin"])
def test_the_screens_crosstable_is_the_printed_one(qapp: QApplication, tmp_path: Path, kind: str) -> None:
    """The Standings tab's Crosstable view and the PDF printed from it: the same headings, the same cells in the
    same order (opponents by START number, colours and results in French, byes as the legend writes them), the
    same round (the last one with all its results in) and the round in progress named on both. The file saved
    from the window is the command line's PDF, byte for byte, text included."""
    event = (_swiss if kind == "swiss" else _round_robin)(tmp_path / f"{kind}.tdesk")
    _language("fr")
    out, cli = tmp_path / "fenetre.pdf", tmp_path / "cli.pdf"
    seen: dict[str, object] = {}

    def script() -> Script:
        w = main_window()
        tab = w.standings  # type: ignore[attr-defined]
        w.tabs.setCurrentWidget(tab)  # type: ignore[attr-defined]
        yield
        tab.crosstable.click()
        yield
        seen["model"] = _model(tab.model)
        seen["note"] = tab.note.text()
        seen["round"] = tab.after.currentText()
        yield from _save_as_pdf(tab.print_button, out, "fr", seen)

    code, errors = run_script(lambda: main([str(event)]), script)
    assert not errors, errors[0]
    assert code == 0
    assert main(["--lang", "fr", "print", str(event), "crosstable", "-o", str(cli)]) == 0
    heads, rows = seen["model"]  # type: ignore[misc]
    text = _text(out)
    cells = [c for row in rows for c in row if c]
    assert _printed_table(text, heads, len(cells)) == cells  # every cell, in the screen's order
    in_progress, counted = ("Ronde 4", 3) if kind == "swiss" else ("Ronde 3", 2)
    assert f"{in_progress} en cours : non comptée" in text and f"{in_progress} en cours : non comptée" in seen["note"]
    assert f"après la ronde {counted}" in text and seen["round"] == f"Après la ronde {counted}"
    if kind == "swiss":
        assert heads[:5] == ["Pl.", "N°", "Nom", "Club", "Elo"] and heads[5:9] == ["R1", "R2", "R3", "Pts"]
        numbers = {row[1] for row in rows}
        for row in rows:  # each round's cell names the opponent by a start number, with B/N and the result
            for cell in row[5:8]:
                opponent, mark = cell.split(" ")
                assert opponent in {"EXE"} or (opponent[-1] in "BN" and opponent[:-1] in numbers), cell
                assert mark in {"0", "½", "1"}
    else:
        assert heads[:4] == ["N°", "Nom", "Club", "CP"] and heads[-1] == "Pl."
        assert [row[0] for row in rows] == [str(n) for n in range(1, 7)]  # the grid: by start number
    # the window's file is the command line's: the same bytes, text selectable, some 30 KB rather than 1.5 MB
    assert out.read_bytes() == cli.read_bytes() and _text(out) == _text(cli)
    assert out.stat().st_size < 100_000
    name = "Open de Lyon - tableau des résultats après la ronde 3.pdf" if kind == "swiss" \
        else "Fermé de dames - grille américaine après la ronde 2.pdf"
    assert seen["print to file"] == [str(tmp_path / name)] and seen["save as"] == [str(tmp_path / name)]


def test_the_standings_print_follows_the_tabs_round_and_view(qapp: QApplication, tmp_path: Path) -> None:
    """Asked "after round 2" with the crosstable ticked, the wallchart after round 2 is printed; unticked, the
    standings after round 2; back on the default, after round 3 with round 4 named as in progress (English)."""
    event = _swiss(tmp_path / "swiss.tdesk")
    _language("en")
    printed = {name: tmp_path / f"{name}.pdf" for name in ("wallchart2", "standings2", "standings3")}
    seen: dict[str, object] = {}

    def script() -> Script:
        w = main_window()
        tab = w.standings  # type: ignore[attr-defined]
        w.tabs.setCurrentWidget(tab)  # type: ignore[attr-defined]
        yield
        assert [tab.after.itemText(i) for i in range(tab.after.count())] == [
            "After round 0", "After round 1", "After round 2", "After round 3"]  # round 4 is not over
        assert tab.after.currentData() == 3
        tab.after.setCurrentIndex(tab.after.findData(2))
        tab.crosstable.click()
        yield
        seen["wallchart2"] = _model(tab.model)
        yield from _save_as_pdf(tab.print_button, printed["wallchart2"], "en", seen)
        tab.crosstable.click()
        yield
        seen["standings2"] = _model(tab.model)
        yield from _save_as_pdf(tab.print_button, printed["standings2"], "en", seen)
        tab.after.setCurrentIndex(tab.after.findData(3))
        yield
        seen["standings3"] = _model(tab.model)
        yield from _save_as_pdf(tab.print_button, printed["standings3"], "en", seen)

    code, errors = run_script(lambda: main([str(event)]), script)
    assert not errors, errors[0]
    assert code == 0
    wallchart2, standings2, standings3 = (_text(printed[n]) for n in ("wallchart2", "standings2", "standings3"))
    assert "Swiss wallchart — after round 2" in wallchart2 and "R3" not in wallchart2
    assert "in progress" not in wallchart2  # round 2 was asked for: nothing of rounds 3 and 4
    heads, rows = seen["wallchart2"]  # type: ignore[misc]
    assert heads[5:7] == ["R1", "R2"] and heads[7] == "Pts"
    cells = [c for row in rows for c in row if c]
    assert _printed_table(wallchart2, heads, len(cells)) == cells
    assert "Standings — after round 2" in standings2 and "Swiss wallchart" not in standings2
    assert "Standings — after round 3" in standings3 and "Round 4 in progress: not counted" in standings3
    for name, text in (("standings2", standings2), ("standings3", standings3)):
        _heads, shown = seen[name]  # type: ignore[misc]
        names = [row[1] for row in shown]  # the screen's order of the players is the paper's
        assert [line.strip() for line in text.splitlines() if line.strip() in names] == names
    assert seen["save as"] == [str(tmp_path / f"Open de Lyon - {what}.pdf") for what in
                               ("wallchart after round 2", "standings after round 2", "standings after round 3")]


def test_every_print_offers_the_print_dialog_with_the_documents_own_name(qapp: QApplication, tmp_path: Path) -> None:
    """File > Print's documents, the Pairings tab's "Print the pairing sheet…" and "Print the grid…", the
    Standings tab's "Print…": each opens the print dialog with a "Save as PDF…" button and proposes its own file
    name (never the last document's); File > Export > PDF proposes it too (French)."""
    event = _round_robin(tmp_path / "dames.tdesk")
    _language("fr")
    venue = tmp_path / "salle" / "appariements.pdf"
    venue.parent.mkdir()
    proposed: list[tuple[str, str, bool]] = []

    def dialog_of(start: object) -> Script:
        later(start)  # type: ignore[arg-type]
        yield
        dialog = yield from modal(QPrintDialog, "the print dialog")
        field = dialog.findChild(QLineEdit, "filename")
        buttons = {b.text() for b in dialog.findChildren(QPushButton)}
        proposed.append((Path(field.text()).name, str(Path(field.text()).parent), SAVE["fr"] in buttons))
        return dialog, field

    def script() -> Script:
        w = main_window()
        # the pairing sheet of the round shown, printed to a file in another folder
        w.tabs.setCurrentWidget(w.pairings)  # type: ignore[attr-defined]
        yield
        dialog, field = yield from dialog_of(w.pairings.print_button.click)  # type: ignore[attr-defined]
        field.setText(str(venue))
        dialog.accept()
        yield from wait_for(venue.exists, "the pairing sheet")
        for start in (w.pairings.print_grid_button.click, w.print_grid_action.trigger,  # type: ignore[attr-defined]
                      w.print_actions["standings"].trigger, w.print_actions["crosstable"].trigger,  # type: ignore[attr-defined]
                      w.print_actions["slips"].trigger):  # type: ignore[attr-defined]
            dialog, _field = yield from dialog_of(start)
            dialog.reject()
            yield
        later(w.export_pdf_actions["standings"].trigger)  # type: ignore[attr-defined]
        yield
        files = yield from modal(QFileDialog, "the export dialog")
        proposed.append((files.findChild(QLineEdit, "fileNameEdit").text(), files.directory().absolutePath(), False))
        files.reject()
        yield

    code, errors = run_script(lambda: main([str(event)]), script)
    assert not errors, errors[0]
    assert code == 0
    folder, elsewhere = str(tmp_path), str(venue.parent)
    assert proposed == [
        ("Fermé de dames - appariements ronde 3.pdf", folder, True),
        ("Fermé de dames - grille toutes rondes.pdf", elsewhere, True),  # the folder chosen last, its own name
        ("Fermé de dames - grille toutes rondes.pdf", elsewhere, True),
        ("Fermé de dames - classement après la ronde 2.pdf", elsewhere, True),
        ("Fermé de dames - grille américaine après la ronde 2.pdf", elsewhere, True),
        ("Fermé de dames - feuilles de résultat ronde 3.pdf", elsewhere, True),
        ("Fermé de dames - classement après la ronde 2.pdf", elsewhere, False),
    ]
    text = _text(venue)  # the document itself, written by the print dialog's "Print to File (PDF)"
    assert "Appariements — Ronde 3" in text and "Page 1 / " in text
