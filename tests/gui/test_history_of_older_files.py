"""The History dialog over a file of the release before schema 6 (its actions' names stored as texts in English and
French, ``tests/storage/test_schema6_migration.py``), in both languages, with actions done after the upgrade."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tournament_desk.core.operations import AddPlayer
from tournament_desk.gui.dialogs.lists import HistoryDialog
from tournament_desk.gui.i18n import Translator
from tournament_desk.services.session import EventSession

LEGACY = Path(__file__).parents[1] / "data" / "legacy" / "schema5-journal.tdesk"


@pytest.mark.parametrize(("lang", "new_name"), [("en", "Add player ZIDANE Éric"), ("fr", "Inscrire ZIDANE Éric")])
def test_history_shows_the_previous_release_names_in_the_window_language(qtbot: QtBot, qtmodeltester, tmp_path: Path,
                                                                         lang: str, new_name: str) -> None:
    with sqlite3.connect(LEGACY) as conn:
        before = conn.execute(f"SELECT kind, label_{lang} FROM audit ORDER BY id").fetchall()
    path = tmp_path / "angers.tdesk"
    shutil.copy(LEGACY, path)
    with EventSession.open(path) as session:
        session.undo()
        session.run(AddPlayer(surname="Zidane", first_name="Éric"))
        entries = session.audit_log()
    tr = Translator(lang)
    history = HistoryDialog(None, tr, entries)
    qtbot.addWidget(history)
    qtmodeltester.check(history.model)
    rows = [history.model.data(history.model.index(r, 2)) for r in range(history.model.rowCount())]
    prefix = {"do": "", "undo": tr("Undo") + ": ", "redo": tr("Redo") + ": "}
    expected = [prefix[kind] + name for kind, name in before]
    expected += [prefix["undo"] + before[-3][1], prefix["do"] + new_name]  # the correction of board 2, undone
    assert rows == list(reversed(expected))  # newest first
    assert any(r.startswith(prefix["redo"]) for r in rows) and any(r.startswith(prefix["undo"]) for r in rows)
