"""Issue 18 Deliver 5: keyboard use. Every Alt accelerator is unique in its window, in English and in French;
every tab puts the focus on its main table; redo answers both Ctrl+Y and Ctrl+Shift+Z; the status bar says
what was undone or redone."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractButton, QLabel, QMenu, QWidget
from pytestqt.qtbot import QtBot

from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayers
from tournament_desk.core.results import Discipline
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventSession


def _mnemonic(text: str) -> str | None:
    found = re.search(r"&([^&\s])", text.replace("&&", ""))
    return found.group(1).casefold() if found else None


def _duplicates(texts: list[str]) -> dict[str, list[str]]:
    letters = Counter(m for m in (_mnemonic(t) for t in texts) if m)
    return {k: [t for t in texts if _mnemonic(t) == k] for k, n in letters.items() if n > 1}


def _visible_texts(page: QWidget) -> list[str]:
    texts = [b.text() for b in page.findChildren(QAbstractButton) if b.isVisible() and b.isEnabled()]
    texts += [lb.text() for lb in page.findChildren(QLabel) if lb.isVisible() and lb.buddy() is not None]
    return texts


def _menu_clashes(menu: QMenu) -> dict[str, list[str]]:
    clashes = _duplicates([a.text() for a in menu.actions() if not a.isSeparator()])
    for action in menu.actions():
        if action.menu() is not None:
            clashes.update(_menu_clashes(action.menu()))
    return clashes


def _event(tmp_path: Path, system: PairingSystem, discipline: Discipline) -> EventSession:
    session = EventSession.create(tmp_path / f"{system.value}.tdesk",
                                  Event.for_discipline("Open", discipline, system=system, rounds=5))
    rng = random.Random(3)
    session.run(AddPlayers([{"surname": f"Player{i}", "ratings": (("fide", 1500 + rng.randrange(600)),)}
                         for i in range(9)]))
    if system.is_round_robin:
        from tournament_desk.services.roundrobin import assign_numbers

        assign_numbers(session, "rating")
    pair_next(session)
    return session


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("system", [PairingSystem.DUTCH, PairingSystem.ROUND_ROBIN])
def test_accelerators_are_unique_in_each_window_state(qtbot: QtBot, tmp_path: Path, lang: str,
                                                       system: PairingSystem) -> None:
    discipline = Discipline.DRAUGHTS if system.is_round_robin else Discipline.CHESS
    window = MainWindow(None, lang=lang, interactive=False)
    qtbot.addWidget(window)
    window.show()
    bar = [a.text() for a in window.menuBar().actions()]
    assert not _duplicates(bar + _visible_texts(window.start_page)), "start screen"
    window.set_session(_event(tmp_path, system, discipline))
    tabs = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    for i in range(window.tabs.count()):
        window.tabs.setCurrentIndex(i)
        qtbot.wait(10)
        clashes = _duplicates(bar + tabs + _visible_texts(window.tabs.widget(i)))
        assert not clashes, f"tab {tabs[i]}: {clashes}"
    for action in window.menuBar().actions():
        assert not _menu_clashes(action.menu()), action.text()


def test_tabs_focus_their_table_redo_has_both_keys_and_the_status_bar_names_undo(qtbot: QtBot,
                                                                                   tmp_path: Path) -> None:
    session = _event(tmp_path, PairingSystem.DUTCH, Discipline.CHESS)
    window = MainWindow(session, lang="en", interactive=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    for i, view in enumerate((window.registration.view, window.pairings.view, window.results.view,
                              window.standings.view)):
        window.tabs.setCurrentIndex(i)
        qtbot.waitUntil(lambda v=view: v.hasFocus() or window.focusWidget() is v, timeout=2000)
    shortcuts = {s.toString() for s in window.redo_action.shortcuts()}
    assert {QKeySequence("Ctrl+Y").toString(), QKeySequence("Ctrl+Shift+Z").toString()} <= shortcuts
    window.tabs.setCurrentIndex(2)
    results = window.results
    results.view.setFocus()
    qtbot.keyClick(results.view, "1")
    assert session.state().round(1).games[0].result is not None
    window.undo_action.trigger()
    assert session.state().round(1).games[0].result is None
    assert window.statusBar().currentMessage().startswith("Undo: Result round 1 board 1")
    window.raise_()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    for key in ("Ctrl+Y", "Ctrl+Shift+Z"):
        if key == "Ctrl+Shift+Z":
            window.undo_action.trigger()
        combo = QKeySequence(key)[0]
        qtbot.keyClick(window.focusWidget() or window, combo.key(), combo.keyboardModifiers())
        assert session.state().round(1).games[0].result is not None, key
        assert window.statusBar().currentMessage().startswith("Redo: Result round 1 board 1")
