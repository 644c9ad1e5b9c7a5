"""The event file's troubles as the arbiter meets them in the window (issue 23; docs/event-file.md, "For the GUI").

Each test starts the program with ``tournament_desk.__main__.main`` — what the ``tournament-desk`` command runs —
clicks and types in it, answers its message boxes and file dialogs, then reads the event file back:

* the event is open for writing elsewhere: the message says who has it (machine, user, process, since when, in
  French), the window opens it read-only, shows it, offers no edit, and follows what the writer saves;
* the event file is damaged in a way SQLite's own check accepts: the message names what is wrong and offers the
  newest good backup; accepting restores it (the damaged file is kept beside) and opens it;
* the disk fills up during an import: the specific message, the window stays, it shows what is saved, and the
  same import works once there is space;
* the event file is deleted while open: at the next result typed the arbiter is told and chooses where to save
  (cancelling first: the window stays and says the event is not saved); every result ends up in the new file;
* a folder and a file name with spaces, ``#``, ``?``, ``%20`` and accents open from the command line.
"""

from __future__ import annotations

import datetime as dt
import getpass
import os
import random
import re
import socket
import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.gui.driver import Script, answer, choose_file, later, main_window, modal, run_script, wait_for
from tournament_desk.__main__ import main
from tournament_desk.core.model import Event
from tournament_desk.core.operations import AddPlayers, RecordResult
from tournament_desk.core.results import Discipline, GameResult
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventSession

SURNAMES = ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau",
            "Simon", "Laurent", "Lefèvre", "Michel", "Garcia", "David", "Bertrand", "Roux", "Vincent", "Fournier"]
FIRST = ["Jean", "Marie", "Luc", "Anne", "Paul", "Zoé", "Hugo", "Léa", "Noé", "Inès"]
KEYS = {"1": GameResult.WHITE_WIN, "=": GameResult.DRAW, "0": GameResult.BLACK_WIN}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(tmp_path / "Documents"))
    monkeypatch.setenv("TDESK_ARBITER", "Claire Arbitre")
    (tmp_path / "Documents").mkdir()
    return tmp_path


def _language(lang: str) -> None:
    """The arbiter chose ``lang`` earlier (Help > Language): the program's own settings say so."""
    QCoreApplication.setOrganizationName("tournament_desk")
    QCoreApplication.setApplicationName("tournament_desk")
    QSettings().setValue("language", lang)


@pytest.fixture
def french(home: Path) -> None:
    _language("fr")


@pytest.fixture
def english(home: Path) -> None:
    _language("en")


def _event(path: Path, players: int = 16, *, seed: int = 23) -> None:
    """A chess Swiss of ``players`` registered in no particular order, round 1 paired (with its backup)."""
    rng = random.Random(seed)
    order = list(range(players))
    rng.shuffle(order)
    rows = [{"surname": SURNAMES[i % 20], "first_name": FIRST[(i * 7) % 10],
             "ratings": (("fide", 1400 + 37 * ((i * 13) % 29)),), "club": f"Échiquier {i % 4}"} for i in order]
    with EventSession.create(path, Event.for_discipline("Open de printemps", Discipline.CHESS, rounds=5)) as s:
        s.run(AddPlayers(rows))
        pair_next(s)


def _results(path: Path) -> dict[int, GameResult | None]:
    with EventSession.open(path, readonly=True) as s:
        return {g.board: g.result for g in s.state().round(1).games}


def test_a_locked_event_says_who_has_it_opens_read_only_and_follows_the_writer(qapp: QApplication, home: Path,
                                                                               french: None) -> None:
    path = home / "Documents" / "printemps.tdesk"
    _event(path)
    writer = EventSession.open(path)  # another window (here, the test) has the event open for writing
    typed = {b: random.Random(b).choice(list(KEYS.values())) for b in range(1, 9)}
    seen: dict[str, object] = {}

    def script() -> Script:
        w = main_window()
        box = yield from modal(QMessageBox, "the lock refusal")
        seen["text"] = box.text()
        box.grab().save(str(home / "lock-refusal.png"))
        yield from answer(QMessageBox.StandardButton.Yes)  # "Ouvrir en lecture seule"
        yield from wait_for(lambda: w.session is not None, "the read-only window")
        assert w.session.readonly
        seen["title"] = w.windowTitle()
        assert w.readonly_banner.isVisible() and w.writable_button.isEnabled()
        edits = [w.registration.add_button, w.registration.import_button, w.registration.lot_button,
                 w.pairings.pair_button, w.pairings.unpair_button, w.results.bye_button]
        assert not any(b.isEnabled() for b in edits)
        assert not any(a.isEnabled() for a in (w.settings_action, w.rules_action, w.restore_action,
                                               w.undo_action, w.import_menu.menuAction()))
        assert w.print_actions["pairings"].isEnabled() and w.save_copy_action.isEnabled()
        w.tabs.setCurrentWidget(w.results)
        yield
        # a key typed on a board records nothing here, and the status bar says why
        w.results.view.setFocus()
        w.results.view.setCurrentIndex(w.results.model.index(0, 2))
        QTest.keyClick(w.results.view, "1")
        yield
        assert w.state.round(1).game(1).result is None
        assert "lecture seule" in w.statusBar().currentMessage()
        # the writer enters every result: the read-only window shows them when its timer has looked
        for board, result in typed.items():
            writer.run(RecordResult(1, board, result))
        shown = w.results.model

        def all_shown() -> bool:
            return all(shown.index(r, 2).data() for r in range(shown.rowCount())) and shown.rowCount() == 8

        yield from wait_for(all_shown, "the writer's results in the read-only window")
        assert {g.board: g.result for g in w.state.round(1).games} == typed
        assert "Ronde 1 : complète" in w.state_label.text()
        w.grab().save(str(home / "read-only.png"))
        # the writer pairs round 2: the Pairings tab follows too
        pair_next(writer)
        yield from wait_for(lambda: w.state.last_round == 2, "round 2 in the read-only window")
        w.tabs.setCurrentWidget(w.pairings)
        yield
        assert w.pairings.round.currentData() == 2 and w.pairings.model.rowCount() == 8
        # the other window closes the event: this one can now take it for writing
        writer.close()
        w.writable_button.click()
        yield from wait_for(lambda: not w.session.readonly, "the event open for writing")
        assert w.pairings.pair_button.isEnabled() and not w.readonly_banner.isVisible()
        assert "lecture seule" not in w.windowTitle() and not w.follow_timer.isActive()

    try:
        code, errors = run_script(lambda: main([str(path)]), script)
    finally:
        writer.close()
    assert not errors, errors[0]
    assert code == 0
    text = str(seen["text"])
    since = re.search(r"depuis le (\d\d/\d\d/\d{4}) (\d\d:\d\d)", text) or re.search(r"(\d\d/\d\d/\d{4}) (\d\d:\d\d)",
                                                                                         text)
    assert since is not None, text  # the date and time the French way
    assert abs(dt.datetime.strptime(" ".join(since.groups()), "%d/%m/%Y %H:%M") - dt.datetime.now()) < dt.timedelta(
        minutes=5)
    for fact in (socket.gethostname(), getpass.getuser(), str(os.getpid()), "printemps.tdesk", "lecture seule"):
        assert fact in text, (fact, text)
    assert "lecture seule" in str(seen["title"])
    with EventSession.open(path, readonly=True) as s:
        assert s.state().last_round == 2 and {g.board: g.result for g in s.state().round(1).games} == typed


def _damage(path: Path) -> None:
    """A game naming a player who does not exist: the pages are sound (quick_check passes), the rows are not."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("UPDATE game SET black_id = 999 WHERE round = 1 AND board = 3")
        conn.commit()
        assert conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    finally:
        conn.close()


def test_a_damaged_event_names_what_is_wrong_and_restores_its_newest_good_backup(qapp: QApplication, home: Path,
                                                                                 french: None) -> None:
    path = home / "Documents" / "printemps.tdesk"
    _event(path)
    with EventSession.open(path) as s:
        for board in range(1, 9):
            s.run(RecordResult(1, board, GameResult.WHITE_WIN if board % 2 else GameResult.DRAW))
        s.backup("manual")  # the arbiter's backup after round 1
        s.run(RecordResult(1, 1, GameResult.BLACK_WIN, replace=True))  # a correction after it
        saved = s.state()
    _damage(path)
    seen: dict[str, str] = {}

    def script() -> Script:
        w = main_window()
        seen["text"] = yield from answer(QMessageBox.StandardButton.Yes)  # "Restaurer la sauvegarde"
        yield from wait_for(lambda: w.session is not None, "the restored event")
        seen["status"] = w.statusBar().currentMessage()
        assert not w.session.readonly and w.state.round(1).game(1).result is GameResult.WHITE_WIN

    code, errors = run_script(lambda: main([str(path)]), script)
    assert not errors, errors[0]
    assert code == 0
    text = seen["text"]
    assert "printemps.tdesk est endommagé" in text and "• table game, ligne 3" in text, text  # what is wrong
    assert "n'existe pas" in text
    assert re.search(r"Restaurer la sauvegarde valide la plus récente, prise le \d\d/\d\d/\d{4} \d\d:\d\d", text)
    kept = [p for p in path.parent.iterdir() if "-replaced-" in p.name]
    assert len(kept) == 1 and kept[0].name in seen["status"]
    conn = sqlite3.connect(kept[0])  # the damaged file is kept, damage included (for whoever looks into it)
    try:
        assert conn.execute("SELECT black_id FROM game WHERE round = 1 AND board = 3").fetchone() == (999,)
    finally:
        conn.close()
    with EventSession.open(path, readonly=True) as s:
        restored = s.state()
    assert restored.players == saved.players and restored.round(1).game(3).result is GameResult.WHITE_WIN
    assert restored.round(1).game(1).result is GameResult.WHITE_WIN  # as in the backup


def test_a_damaged_event_without_a_good_backup_says_so_and_changes_nothing(qapp: QApplication, home: Path,
                                                                          english: None) -> None:
    path = home / "Documents" / "open.tdesk"
    _event(path)
    for backup in (path.parent / "backups").rglob("*.tdesk"):
        backup.unlink()
    _damage(path)
    before = path.read_bytes()

    def script() -> Script:
        w = main_window()
        box = yield from modal(QMessageBox, "the damaged-file message")
        assert box.button(QMessageBox.StandardButton.Yes) is None  # nothing to restore: only OK
        text = yield from answer(QMessageBox.StandardButton.Ok)
        assert "open.tdesk is damaged" in text and "• table game, row 3" in text and "No good backup" in text, text
        assert w.stack.currentWidget() is w.start_page and w.session is None

    code, errors = run_script(lambda: main([str(path)]), script)
    assert not errors, errors[0]
    assert code == 0
    assert path.read_bytes() == before


def test_a_full_disk_during_an_import_loses_nothing_and_the_import_works_once_there_is_space(
        qapp: QApplication, home: Path, french: None) -> None:
    from tests.gui.driver import click_ok, type_into
    from tournament_desk.gui.dialogs.reason_dialog import ReasonDialog

    path = home / "Documents" / "printemps.tdesk"
    _event(path)
    csv = home / "inscrits.csv"
    rng = random.Random(5)
    lines = ["nom;prénom;classement;club"] + [
        f"{rng.choice(SURNAMES)}{i};{rng.choice(FIRST)};{rng.randint(1100, 2300)};Cercle d'échecs de la vallée {i}"
        for i in range(400)]
    csv.write_text("\n".join(lines) + "\n", encoding="utf-8")
    seen: dict[str, object] = {}

    def give_reason(reason: str) -> Script:
        asked = yield from modal(ReasonDialog, "the arbiter's log asking the reason")
        type_into(asked.editor, reason)
        later(lambda: click_ok(asked))
        yield

    def script() -> Script:
        w = main_window()
        yield from wait_for(lambda: w.session is not None, "the event")
        w.results.view.setFocus()
        w.tabs.setCurrentWidget(w.results)
        yield
        w.results.view.setCurrentIndex(w.results.model.index(0, 2))
        QTest.keyClick(w.results.view, "1")  # a result typed before the disk fills up
        yield from wait_for(lambda: w.state.round(1).game(1).result is GameResult.WHITE_WIN, "board 1")
        # the disk is full: SQLite may not grow the file any more (what a full disk does to it)
        conn = w.session._repo._wconn()
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")
        w.tabs.setCurrentWidget(w.registration)
        later(w.registration.import_button.click)
        yield
        yield from choose_file(csv)
        yield from give_reason("Inscriptions tardives du club voisin")  # round 1 is paired: late entries
        seen["text"] = yield from answer(QMessageBox.StandardButton.Ok)
        assert w.isVisible() and w.session is not None
        assert len(w.state.players) == 16 and w.registration.model.rowCount() == 16
        with EventSession.open(path, readonly=True) as other:  # what the window shows is what is saved
            assert other.state() == w.state
        conn.execute("PRAGMA max_page_count = 1073741823")  # space freed
        later(w.registration.import_button.click)
        yield
        yield from choose_file(csv)
        yield from give_reason("Inscriptions tardives du club voisin, une fois la place libérée")
        yield from wait_for(lambda: len(w.state.players) == 416, "the import, once there is space")

    code, errors = run_script(lambda: main([str(path)]), script)
    assert not errors, errors[0]
    assert code == 0
    text = str(seen["text"])
    assert "est plein" in text and "Tout ce qui a été saisi avant est en sécurité" in text, text
    assert "Libérez de la place" in text and "endommagé" not in text
    with EventSession.open(path, readonly=True) as s:
        assert len(s.state().players) == 416 and s.state().round(1).game(1).result is GameResult.WHITE_WIN
        logged = [e.reason for e in s.audit_log() if e.reason]
    assert logged == ["Inscriptions tardives du club voisin, une fois la place libérée"]  # the refused one: none


def test_a_deleted_event_file_asks_where_to_save_and_loses_no_result(qapp: QApplication, home: Path,
                                                                     english: None) -> None:
    path = home / "Documents" / "printemps.tdesk"
    _event(path)
    rescued = home / "sur la clé" / "printemps sauvé.tdesk"
    rescued.parent.mkdir()
    rng = random.Random(4)
    keys = [rng.choice("1=0") for _ in range(8)]
    seen: dict[str, str] = {}

    def type_result(w, board: int) -> None:
        w.results.view.setFocus()
        w.results.view.setCurrentIndex(w.results.model.index(board - 1, 2))
        later(lambda: QTest.keyClick(w.results.view, keys[board - 1]))

    def script() -> Script:
        w = main_window()
        yield from wait_for(lambda: w.session is not None, "the event")
        w.tabs.setCurrentWidget(w.results)
        yield
        for board in (1, 2, 3):
            type_result(w, board)
            yield from wait_for(lambda b=board: w.state.round(1).game(b).result is not None, f"board {board}")
        path.unlink()  # deleted while open (a cleaning program, a colleague...)
        type_result(w, 4)
        yield
        seen["first"] = yield from answer(QMessageBox.StandardButton.Cancel)  # not now
        seen["not_saved"] = yield from answer(QMessageBox.StandardButton.Ok)
        assert w.isVisible() and w.session is not None and "[not saved]" in w.windowTitle()
        assert w.state.round(1).game(4).result is None and w.state.round(1).game(3).result is not None
        type_result(w, 4)  # again: this time the arbiter chooses where to save
        yield
        yield from answer(QMessageBox.StandardButton.Yes)
        yield from choose_file(rescued)
        yield from wait_for(lambda: w.state.round(1).game(4).result is not None, "board 4, saved elsewhere")
        assert "[not saved]" not in w.windowTitle() and rescued.name in w.windowTitle()
        for board in range(5, 9):
            type_result(w, board)
            yield from wait_for(lambda b=board: w.state.round(1).game(b).result is not None, f"board {board}")

    code, errors = run_script(lambda: main([str(path)]), script)
    assert not errors, errors[0]
    assert code == 0
    assert "was moved, renamed or deleted while it was open" in seen["first"] and "printemps.tdesk" in seen["first"]
    assert "not saved" in seen["not_saved"]
    assert not path.exists()
    assert _results(rescued) == {b: KEYS[k] for b, k in enumerate(keys, start=1)}  # every result, in the new file
    with EventSession.open(rescued) as s:  # the undo history came along
        assert s.undo_label() is not None and len(s.state().players) == 16


def test_a_path_with_spaces_hash_question_mark_percent_and_accents_opens(qapp: QApplication, home: Path) -> None:
    folder = home / "Tournois #3 ? 100%20 d'été"
    folder.mkdir()
    path = folder / "Open #2 ? %20 Zoé & Noé.tdesk"
    _event(path)

    def script() -> Script:
        w = main_window()
        yield from wait_for(lambda: w.session is not None, "the event")
        assert path.name in w.windowTitle() and len(w.state.players) == 16
        w.tabs.setCurrentWidget(w.results)
        yield
        w.results.view.setFocus()
        w.results.view.setCurrentIndex(w.results.model.index(0, 2))
        QTest.keyClick(w.results.view, "=")
        yield from wait_for(lambda: w.state.round(1).game(1).result is GameResult.DRAW, "board 1")

    code, errors = run_script(lambda: main([str(path)]), script)
    assert not errors, errors[0]
    assert code == 0
    assert _results(path)[1] is GameResult.DRAW
    assert sorted(p.name for p in folder.iterdir()) == sorted([path.name, "backups"])  # nothing left beside it

    # the next day: the program started bare, the event opened from the recent list, then with File > Open
    def again() -> Script:
        w = main_window()
        yield from wait_for(lambda: w.start_page.recent.count() == 1, "the recent event")
        assert w.start_page.selected_path() == path.resolve()
        w.start_page.recent.setFocus()
        QTest.keyClick(w.start_page.recent, Qt.Key.Key_Return)
        yield from wait_for(lambda: w.session is not None, "the event from the recent list")
        assert w.state.round(1).game(1).result is GameResult.DRAW
        w.close_event_file()
        later(w.open_action.trigger)
        yield
        yield from choose_file(path)
        yield from wait_for(lambda: w.session is not None, "the event from the Open dialog")
        assert w.session.path == path.resolve()

    code, errors = run_script(lambda: main([]), again)
    assert not errors, errors[0]
    assert code == 0


def test_a_deleted_event_file_and_a_form_or_closing_the_window(qapp: QApplication, home: Path,
                                                                english: None) -> None:
    """The Add player form submitted after the file was deleted: asked where to save, then the same form is
    stored there. The file deleted again, nothing typed: closing the window offers to save it first."""
    from tests.gui.driver import click_ok, type_into
    from tournament_desk.gui.dialogs.player_dialog import PlayerDialog
    from tournament_desk.gui.dialogs.reason_dialog import ReasonDialog

    path = home / "Documents" / "printemps.tdesk"
    _event(path)
    first = home / "Documents" / "printemps (2).tdesk"
    second = home / "printemps du soir.tdesk"
    seen: dict[str, str] = {}

    def script() -> Script:
        w = main_window()
        yield from wait_for(lambda: w.session is not None, "the event")
        w.tabs.setCurrentWidget(w.registration)
        path.unlink()
        later(w.registration.add_button.click)
        yield
        dialog = yield from modal(PlayerDialog)
        type_into(dialog.surname, "Retardataire")
        type_into(dialog.first_name, "Inès")
        later(lambda: click_ok(dialog))
        yield
        asked = yield from modal(ReasonDialog)  # round 1 is paired: a late entry goes in the arbiter's log
        type_into(asked.editor, "Arrivée après l'appel, acceptée par l'organisateur")
        later(lambda: click_ok(asked))
        yield
        yield from answer(QMessageBox.StandardButton.Yes)
        yield from choose_file(first)
        yield from wait_for(lambda: len(w.state.players) == 17, "the late entry, saved elsewhere")
        assert not dialog.isVisible()
        assert w.last_reason_dialog is asked  # stored there with the reason typed once, not asked again
        first.unlink()  # gone again; this time the arbiter simply closes the window
        later(w.close)
        yield
        box = yield from modal(QMessageBox, "the question before closing")
        seen["close"] = box.text()
        later(box.button(QMessageBox.StandardButton.Save).click)
        yield
        yield from choose_file(second)
        yield from wait_for(lambda: not w.isVisible(), "the window closed")

    code, errors = run_script(lambda: main([str(path)]), script)
    assert not errors, errors[0]
    assert code == 0
    assert "is no longer where it was opened" in seen["close"]
    with EventSession.open(second, readonly=True) as s:
        state = s.state()
    assert len(state.players) == 17 and any(p.surname.upper() == "RETARDATAIRE" for p in state.players)
    assert state.last_round == 1
    with EventSession.open(second, readonly=True) as s:
        logged = [e for e in s.audit_log() if e.reason]
    assert [e.reason for e in logged] == ["Arrivée après l'appel, acceptée par l'organisateur"]
