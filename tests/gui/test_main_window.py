"""The main window over a real event file (headless, offscreen)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tournament_desk.core.model import Bye, Game, Round
from tournament_desk.core.operations import AddPlayer, RecordResult, StoreRound
from tournament_desk.core.results import Discipline, Outcome
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventSession


def _window(qtbot: QtBot, session: EventSession | None, lang: str = "en") -> MainWindow:
    window = MainWindow(session, lang=lang, interactive=False)
    qtbot.addWidget(window)
    return window


def test_tabs_players_and_models(qtbot: QtBot, qtmodeltester, draughts_session: EventSession,
                                 tmp_path: Path) -> None:
    for name in ("Alpha", "Bravo", "Charlie"):
        draughts_session.run(AddPlayer(surname=name, ratings=(("ffjd", 1500),)))
    window = _window(qtbot, draughts_session)
    assert [window.tabs.tabText(i) for i in range(4)] == ["&Registration", "Pairin&gs", "Re&sults", "S&tandings"]
    reg = window.registration
    assert reg.proxy.rowCount() == 3
    reg.filter.setText("brav")
    assert reg.proxy.rowCount() == 1
    reg.filter.clear()
    assert "Championnat" in window.windowTitle() and "dames.tdesk" in window.windowTitle()
    assert "No round paired yet" in window.state_label.text()
    for model in (reg.model, window.pairings.model, window.pairings.grid_model, window.results.model,
                  window.standings.model):
        qtmodeltester.check(model)


def test_add_edit_withdraw_delete_players(qtbot: QtBot, draughts_session: EventSession) -> None:
    window = _window(qtbot, draughts_session)
    reg = window.registration
    reg.add_player({"surname": "Durand", "first_name": "Zoé", "licence_id": "A123",
                    "birth_date": dt.date(2001, 2, 3)})
    reg.add_player({"surname": "Other", "licence_id": "A123"})  # duplicate licence: refused with a message
    assert window.messages and "A123" in window.messages[-1]
    assert reg.model.rowCount() == 1
    reg.view.selectRow(0)
    reg.edit_player({"club": "Lyon"})
    assert draughts_session.state().player(1).club == "Lyon"
    reg.withdraw_player(from_round=2, forfeit="0fne")
    player = draughts_session.state().player(1)
    assert player.withdrawn_from_round == 2 and player.withdrawal_forfeit is Outcome.FORFEIT_LOSS_UNEXCUSED
    assert "withdrawn" in reg.model.index(0, 6).data()
    reg.delete_player(confirm=False)
    assert draughts_session.state().players == ()
    assert window.undo_action.isEnabled() and "Delete player" in window.undo_action.text()
    window.undo_action.trigger()
    assert len(draughts_session.state().players) == 1


def test_import_csv(qtbot: QtBot, draughts_session: EventSession, tmp_path: Path) -> None:
    window = _window(qtbot, draughts_session)
    csv = tmp_path / "inscrits.csv"
    csv.write_text("nom;prénom;licence;classement\nA;a;111;1500\nB;b;222;1400\n", encoding="utf-8")
    window.registration.import_csv(str(csv))
    assert [p.rating("ffjd") for p in draughts_session.state().players] == [1500, 1400]
    bad = tmp_path / "bad.csv"
    bad.write_text("nom;classement\nC;abc\n", encoding="utf-8")
    window.registration.import_csv(str(bad))
    assert "line 2, column 2" in window.messages[-1]


def test_rounds_status_and_undo(qtbot: QtBot, draughts_session: EventSession) -> None:
    for name in ("Alpha", "Bravo", "Charlie"):
        draughts_session.run(AddPlayer(surname=name))
    draughts_session.run(StoreRound(Round(1, (Game(1, 1, 1, 2),), (Bye(1, 3, Outcome.PAIRING_BYE),))))
    window = _window(qtbot, draughts_session)
    assert window.pairings.model.rowCount() == 1
    assert "1 result missing" in window.state_label.text()
    results = window.results
    results.view.setFocus()
    qtbot.keyClick(results.view, "2")
    assert draughts_session.state().round(1).games[0].result is not None
    assert results.model.index(0, 2).data() == "2-0"
    assert "complete" in window.state_label.text()
    assert window.undo_action.isEnabled() and "Alpha-Bravo" in window.undo_action.text()
    window.undo_action.trigger()
    assert results.model.index(0, 2).data() == ""
    assert results.model.index(0, 2).data(Qt.ItemDataRole.BackgroundRole) is not None  # missing: highlighted
    assert window.redo_action.isEnabled()


def test_french_interface_and_language_switch(qtbot: QtBot, draughts_session: EventSession) -> None:
    window = _window(qtbot, draughts_session, lang="fr")
    assert window.tabs.tabText(0) == "&Inscriptions" and window.tabs.tabText(3) == "&Classement"
    assert window.file_menu.title() == "&Fichier"
    window.set_language("en")
    assert window.tabs.tabText(0) == "&Registration"


def test_new_event_open_locked_and_history(qtbot: QtBot, qtmodeltester, tmp_path: Path) -> None:
    window = _window(qtbot, None)
    values = {"name": "Open de Lyon", "discipline": Discipline.CHESS, "rounds": 5, "place": "Lyon",
              "arbiters": ("Marie",)}
    window.new_event(str(tmp_path / "open"), values)
    assert window.session is not None and window.session.path.name == "open.tdesk"
    window.registration.add_player({"surname": "Alpha"})
    window.edit_settings({**values, "rounds": 7, "tiebreaks": ("BH", "SB")})
    assert window.session.event.rounds == 7 and window.session.event.tiebreaks == ("BH", "SB")
    # a second window cannot write the same file; it may open it read-only
    other = _window(qtbot, None)
    assert other.open_path(tmp_path / "open.tdesk", readonly_if_locked=True)
    assert other.session is not None and other.session.readonly and "read-only" in other.windowTitle()
    assert [e.kind for e in window.session.audit_log()][-2:] == ["do", "do"]
    from tournament_desk.gui.dialogs.lists import BackupsDialog, HistoryDialog

    history = HistoryDialog(window, window.t, window.session.audit_log())
    qtbot.addWidget(history)
    assert history.model.rowCount() == len(window.session.audit_log())
    backups = BackupsDialog(window, window.t, window.session.backups())
    qtbot.addWidget(backups)
    for model in (history.model, backups.model):
        qtmodeltester.check(model)
    window.save_copy(str(tmp_path / "copy.tdesk"))
    assert (tmp_path / "copy.tdesk").exists()


def test_restore_backup_from_the_window(qtbot: QtBot, draughts_session: EventSession) -> None:
    for name in ("A", "B"):
        draughts_session.run(AddPlayer(surname=name))
    draughts_session.run(StoreRound(Round(1, (Game(1, 1, 1, 2),))))  # backed up before round 1
    window = _window(qtbot, draughts_session)
    assert window.state is not None and window.state.last_round == 1
    window.restore_dialog(choice=0)
    assert window.state is not None and window.state.last_round == 0
    assert window.session is not None and not window.session.readonly


def test_print_export_and_rating_list(qtbot: QtBot, draughts_session: EventSession, tmp_path: Path) -> None:
    from tournament_desk.services.roundrobin import assign_numbers
    for i, name in enumerate(("Alpha", "Bravo", "Charlie", "Delta"), start=1):
        draughts_session.run(AddPlayer(surname=name, licence_id=f"L{i}00", ratings=(("ffjd", 1400 + i),)))
    assign_numbers(draughts_session, "rating")
    pair_next(draughts_session)
    for g in draughts_session.state().round(1).games:
        draughts_session.run(RecordResult(1, g.board, "2-0"))
    window = _window(qtbot, draughts_session)
    for kind in ("pairings", "crosstable", "standings", "slips", "ratings"):
        window.export_pdf(kind, str(tmp_path / f"{kind}.pdf"))
        assert (tmp_path / f"{kind}.pdf").read_bytes().startswith(b"%PDF"), window.messages
    window.export_bundle(str(tmp_path / "bundle.zip"))
    assert (tmp_path / "bundle.zip").exists() and "bundle.zip" in window.messages[-1]
    ratings = tmp_path / "list.csv"
    ratings.write_text("licence;nom;classement\nL100;Alpha;1500\n", encoding="utf-8")
    window.reason_answers = ["FFJD list of the month"]  # round 1 is paired: the arbiter's log asks the reason
    window.import_rating_list(str(ratings))
    assert draughts_session.state().player(1).rating("ffjd") == 1500
    assert draughts_session.audit_log()[-1].reason == "FFJD list of the month"


def test_rule_settings_from_the_window(qtbot: QtBot, draughts_session: EventSession) -> None:
    from tournament_desk.gui.dialogs.rules_dialog import RulesDialog
    from tournament_desk.services.rules import current_rule_settings

    window = _window(qtbot, draughts_session, lang="fr")
    dialog = RulesDialog(window, window.t, current_rule_settings(draughts_session))
    qtbot.addWidget(dialog)
    assert "tiebreaks.edition" in dialog.editors and dialog.changes() == {}
    window.edit_rules({"tiebreaks.edition": "fide2026", "ffjd.cadence": "slow"})
    values = {v.setting.key: v.value for v in current_rule_settings(draughts_session)}
    assert values["tiebreaks.edition"] == "fide2026" and values["ffjd.cadence"] == "slow"
    window.edit_rules({"ffjd.cadence": "sometimes"})  # refused with a French message
    assert window.messages and "ffjd.cadence" in window.messages[-1]
    assert window.open_rules_doc()


def test_the_catalogue_and_qts_own_texts_are_used(qtbot: QtBot, draughts_session: EventSession) -> None:
    from PySide6.QtCore import QCoreApplication

    from tournament_desk.gui import i18n

    assert i18n.Translator("fr")("&Registration") == "&Inscriptions"  # the program's gettext catalogue
    assert i18n.install_qt_translator("fr")  # Qt's own texts (buttons of its dialogs) in French
    assert QCoreApplication.translate("QPlatformTheme", "&Yes") == "&Oui"
    window = _window(qtbot, draughts_session, lang="fr")
    assert window.tabs.tabText(0) == "&Inscriptions"
    assert not i18n.install_qt_translator("en")  # English is the source language: no catalogue
    assert QCoreApplication.translate("QPlatformTheme", "&Yes") == "&Yes"


def test_crosstable_view(qtbot: QtBot, draughts_session: EventSession) -> None:
    for name in ("Alpha", "Bravo", "Charlie"):
        draughts_session.run(AddPlayer(surname=name))
    draughts_session.run(StoreRound(Round(1, (Game(1, 1, 1, 2),), (Bye(1, 3, Outcome.PAIRING_BYE),))))
    draughts_session.run(RecordResult(1, 1, "1-1"))
    window = _window(qtbot, draughts_session)
    tab = window.standings
    tab.crosstable.setChecked(True)
    headers = [tab.model.headerData(c, Qt.Orientation.Horizontal) for c in range(tab.model.columnCount())]
    # the round-robin grid as it prints: number, name, club, rating, one column per opponent's start number...
    assert headers[:7] == ["No.", "Name", "Club", "CP", "1", "2", "3"] and headers[-1] == "Pl."
    cells = {tab.model.index(r, 1).data(): [tab.model.index(r, c).data() for c in (4, 5, 6)] for r in range(3)}
    assert cells == {"ALPHA": ["", "1", ""], "BRAVO": ["1", "", ""], "CHARLIE": ["", "", ""]}  # a draw: 1 point
