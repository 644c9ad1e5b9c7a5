"""Issue 27 item 3 in the window: what the arbiter does in one dialog is one action, or nothing.

Each test starts the program with ``tournament_desk.__main__.main`` — what the ``tournament-desk`` command runs —
clicks and types in it as a person does, then reads the event file back.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit

from tests.gui.driver import Script, click_ok, later, main_window, modal, run_script, type_into, wait_for
from tournament_desk.__main__ import main
from tournament_desk.core.model import Event
from tournament_desk.core.operations import (
    AddPlayer,
    AddPlayers,
    RecordResult,
    RequestBye,
    SetForbiddenPair,
    WithdrawPlayer,
)
from tournament_desk.core.results import Discipline
from tournament_desk.gui.dialogs.rules_dialog import RulesDialog
from tournament_desk.services.rules import set_rule_settings
from tournament_desk.services.session import EventSession


def _file(path: Path) -> tuple[str, dict[str, str], int, str | None]:
    with EventSession.open(path, readonly=True) as s:
        return s.event.tiebreak_edition, s.options(), len(s._repo.journal()), s.undo_label()


def _choose(combo: QComboBox, value: str) -> None:
    combo.setFocus()
    combo.setCurrentIndex(combo.findData(value))


def test_the_rules_dialog_is_one_action_or_nothing(qapp: QApplication, home: Path) -> None:
    event = home / "Documents" / "open.tdesk"
    # a draughts event whose arbiter chose adjusted tie-breaks: the dialog shows the tie-breaks' edition and the
    # FFJD settings, only those (issue 30: only what applies to the event)
    with EventSession.create(event, Event.for_discipline("Open", Discipline.DRAUGHTS, rounds=5,
                                                         tiebreaks=("BH", "SB"))) as s:
        s.run(AddPlayer(surname="Alpha"))
    before = _file(event)
    seen: dict[str, object] = {}

    def script() -> Script:
        w = main_window()
        later(w.rules_action.trigger)
        yield
        dialog = yield from modal(RulesDialog)
        seen["scrabble shown"] = dialog.findChild(QComboBox, "scrabble.event_kind") is not None
        _choose(dialog.findChild(QComboBox, "tiebreaks.edition"), "fide2023")
        _choose(dialog.findChild(QComboBox, "ffjd.cadence"), "slow")
        type_into(dialog.findChild(QLineEdit, "ffjd.organiser_estimate"), "abc")
        click_ok(dialog)  # refused: the dialog stays open, the wrong value named under its setting
        yield
        seen["open after refusal"] = dialog.isVisible()
        seen["error"] = " ".join(label.text() for label in dialog.field_errors.values() if label.isVisible())
        seen["file after refusal"] = _file(event)
        type_into(dialog.findChild(QLineEdit, "ffjd.organiser_estimate"), "1350")
        click_ok(dialog)
        yield from wait_for(lambda: "Rule settings" in w.undo_action.text(), "the Undo entry naming the change")
        seen["undo text"] = w.undo_action.text()

    code, errors = run_script(lambda: main([str(event)]), script)
    assert not errors, errors[0]
    assert code == 0
    assert seen["open after refusal"] is True and seen["scrabble shown"] is False
    assert "ffjd.organiser_estimate" in str(seen["error"]) and "abc" in str(seen["error"])
    assert seen["file after refusal"] == before  # nothing stored, no undo step
    edition, options, steps, label = _file(event)
    assert edition == "fide2023" and options == {"ffjd.cadence": "slow", "ffjd.organiser_estimate": "1350"}
    assert steps == before[2] + 1
    assert label == "Rule settings: tiebreaks.edition = fide2023, ffjd.cadence = slow, ffjd.organiser_estimate = 1350"
    assert "Rule settings: tiebreaks.edition = fide2023" in str(seen["undo text"])

    def undo() -> Script:  # Edit > Undo, once, restores every setting
        w = main_window()
        w.undo_action.trigger()
        yield from wait_for(lambda: "Add player" in w.undo_action.text(), "the undo")

    code, errors = run_script(lambda: main([str(event)]), undo)
    assert not errors, errors[0]
    assert _file(event)[:2] == before[:2]


def test_a_value_of_a_newer_version_is_shown_once_at_open(qapp: QApplication, home: Path) -> None:
    """A rule-setting value a newer version wrote: one message at open names it and what applies; the Rules
    dialog shows it under its setting; OK without touching it keeps it in the file."""
    import sqlite3

    from PySide6.QtWidgets import QMessageBox

    from tests.gui.driver import answer

    event = home / "Documents" / "newer.tdesk"
    with EventSession.create(event, Event.for_discipline("Open", Discipline.DRAUGHTS, rounds=5)):
        pass
    con = sqlite3.connect(event)
    con.execute("INSERT INTO \"option\" (key, value) VALUES ('ffjd.cadence', 'blitz')")
    con.execute("UPDATE meta SET value = 'tournament_desk 99.0' WHERE key = 'written_with'")
    con.commit()
    con.close()
    seen: dict[str, object] = {}

    def script() -> Script:
        seen["message"] = yield from answer(QMessageBox.StandardButton.Ok)
        w = main_window()
        seen["status"] = w.statusBar().currentMessage()
        later(w.rules_action.trigger)
        yield
        dialog = yield from modal(RulesDialog)
        seen["dialog"] = " ".join(label.text() for label in dialog.findChildren(type(dialog.error)))
        seen["shown value"] = dialog.findChild(QComboBox, "ffjd.cadence").currentData()
        _choose(dialog.findChild(QComboBox, "ffjd.present"), "registered")
        click_ok(dialog)
        yield from wait_for(lambda: "Rule setting ffjd.present" in w.undo_action.text(), "the change stored")

    code, errors = run_script(lambda: main([str(event)]), script)
    assert not errors, errors[0]
    assert code == 0
    assert "ffjd.cadence = 'blitz' was written by a newer version (tournament_desk 99.0)" in str(seen["message"])
    assert "auto applies here" in str(seen["message"]) and "newer version" in str(seen["status"])
    assert "The file holds 'blitz'" in str(seen["dialog"]) and seen["shown value"] == "auto"
    with EventSession.open(event, readonly=True) as s:
        assert s.options() == {"ffjd.cadence": "blitz", "ffjd.present": "registered"}


def test_open_from_a_homologation_bundle(qapp: QApplication, home: Path) -> None:
    """Start screen > Open from a homologation bundle: the zip, then where to save the new event file; the event
    opens, equal to the exported one, its import one undo step. A damaged bundle: its problems in a message,
    nothing created."""
    import zipfile

    from PySide6.QtWidgets import QMessageBox

    from tests.gui.driver import answer, choose_file
    from tournament_desk.services.bundle import export_bundle
    from tournament_desk.services.pairing import pair_next

    source = home / "source.tdesk"
    with EventSession.create(source, Event.for_discipline("Open d'été", Discipline.CHESS, rounds=5)) as s:
        s.run(AddPlayers([{"surname": f"J{i}", "ratings": (("fide", 2000 - 10 * i),)} for i in range(6)]))
        s.run(SetForbiddenPair(1, 2))
        s.run(RequestBye(2, 3, "hpb"))
        pair_next(s)
        for g in s.state().round(1).games:
            s.run(RecordResult(1, g.board, "1-0"))
        s.run(WithdrawPlayer(4, 2))
        set_rule_settings(s, {"tiebreaks.edition": "fide2026", "ffjd.cadence": "slow"})
        original = s.state()
        export_bundle(s, home / "open.zip", "en")
    damaged = home / "damaged.zip"
    with zipfile.ZipFile(home / "open.zip") as zin, zipfile.ZipFile(damaged, "w") as zout:
        for name in zin.namelist():
            zout.writestr(name, zin.read(name).replace(b"J1", b"J9") if name == "results-trf16.txt" else
                          zin.read(name))
    target = home / "Documents" / "copie.tdesk"
    refused = home / "Documents" / "refused.tdesk"
    seen: dict[str, object] = {}

    def script() -> Script:
        w = main_window()
        later(w.start_page.bundle_button.click)
        yield
        yield from choose_file(home / "open.zip")
        yield from choose_file(target)
        yield from wait_for(lambda: w.session is not None, "the event opened")
        seen["undo"] = w.undo_action.text()
        seen["title"] = w.windowTitle()
        later(w.open_bundle_action.trigger)  # File menu, with the event open: a damaged bundle
        yield
        yield from choose_file(damaged)
        yield from choose_file(refused)
        seen["refusal"] = yield from answer(QMessageBox.StandardButton.Ok)

    code, errors = run_script(lambda: main([]), script)
    assert not errors, errors[0]
    assert code == 0
    assert seen["undo"] == "&Undo Import open.zip: 6 players, 1 rounds" and "Open d'été" in str(seen["title"])
    assert "results-trf16.txt: modified" in str(seen["refusal"]) and not refused.exists()
    with EventSession.open(target, readonly=True) as s:
        assert s.state() == original and len(s._repo.journal()) == 1


def test_the_rules_dialog_cites_the_documents_and_opens_the_rules_document(
        qapp: QApplication, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27 item 2: the Rules dialog's tooltips cite each setting's documents by their titles (French here),
    and its button opens the installed rules document."""
    from PySide6.QtWidgets import QPushButton

    from tournament_desk.gui import main_window as window_module
    from tournament_desk.services.rules import rules_doc_path

    opened: list[str] = []

    class Desktop:  # the system's viewer, as the window calls it (no viewer is started in a test)
        @staticmethod
        def openUrl(url: object) -> bool:
            opened.append(url.toLocalFile())  # type: ignore[attr-defined]
            return True

    monkeypatch.setattr(window_module, "QDesktopServices", Desktop)
    QSettings().setValue("language", "fr")
    event = home / "Documents" / "dames.tdesk"
    with EventSession.create(event, Event.for_discipline("Dames", Discipline.DRAUGHTS, rounds=5,
                                                         tiebreaks=("SB",))) as s:
        s.run(AddPlayer(surname="Alpha"))
    seen: dict[str, str] = {}

    def script() -> Script:
        w = main_window()
        later(w.rules_action.trigger)
        yield
        dialog = yield from modal(RulesDialog)
        seen["tooltips"] = "\n".join(editor.toolTip() for editor in dialog.editors.values())
        button = next(b for b in dialog.findChildren(QPushButton) if "document" in b.text())
        seen["button"] = button.text()
        button.click()
        yield
        dialog.reject()

    code, errors = run_script(lambda: main([str(event)]), script)
    assert not errors, errors[0]
    assert code == 0
    assert "FFJD, « Règlement du Classement National » (Capital-Points), §5.2, §6.1.1" in seen["tooltips"]
    assert "FFE (D.N.A.), « Annexes aux règles des tournois — Départages » (chapitre 2.4)" in seen["tooltips"]
    assert "seed" not in seen["tooltips"] and "document 00" not in seen["tooltips"]
    assert seen["button"] == "Ouvrir le &document des règles"
    assert opened == [str(rules_doc_path())]
