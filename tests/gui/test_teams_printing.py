"""The Teams tab's Print menu (issue 31 items 6 and 9): the match sheets and the match list of the round shown, the
team standings and crosstable, each through the window's print path (the print dialog, its own file name proposed,
"Print to File (PDF)" writing the document's own PDF: the command line's), driven through the real program as a
person does: the button, the menu entry, the print dialog. The PDFs' text is read back (never their bytes), in
English and in French."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrintDialog
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QMenu

from tests.gui.driver import Script, later, main_window, modal, run_script, wait_for
from tests.gui.test_teams_lineup_dialog import _language, team_event
from tournament_desk.__main__ import main
from tournament_desk.services.printing import document
from tournament_desk.services.session import EventSession

WORDS = {
    "en": {"menu": ["Match &sheets of the round shown", "&Matches of the round shown", "Team s&tandings",
                    "Team &crosstable"],
           "button": "Pr&int…",
           "slips": ("Match sheets — Round 1", "Captain of", "match sheets round 1"),
           "pairings": ("Matches — Round 1", "", "matches round 1"),
           "standings": ("Team standings — after round 1", "Ranked by match points", "team standings after round 1"),
           "crosstable": ("Team crosstable — after round 1", "Each cell", "team crosstable after round 1")},
    "fr": {"menu": ["&Feuilles de match de la ronde affichée", "&Matchs de la ronde affichée",
                    "&Classement par équipes", "&Grille américaine par équipes"],
           "button": "Impressi&on…",
           "slips": ("Feuilles de match — Ronde 1", "Capitaine : ", "feuilles de match ronde 1"),
           "pairings": ("Matchs — Ronde 1", "", "matchs ronde 1"),
           "standings": ("Classement par équipes — après la ronde 1", "Classement aux points de match",
                         "classement par équipes après la ronde 1"),
           "crosstable": ("Grille américaine par équipes — après la ronde 1", "Chaque case",
                          "grille américaine par équipes après la ronde 1")},
}


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_teams_tab_prints_its_documents(qapp: QApplication, tmp_path: Path, lang: str) -> None:
    event = team_event(tmp_path / "bretagne.tdesk", played=True)
    _language(lang)
    words = WORDS[lang]
    kinds = ["slips", "pairings", "standings", "crosstable"]
    out = {kind: tmp_path / f"{kind}.pdf" for kind in kinds}
    seen: dict[str, object] = {"proposed": []}

    def script() -> Script:
        w = main_window()
        w.tabs.setCurrentWidget(w.teams)  # type: ignore[attr-defined]
        yield
        tab = w.teams  # type: ignore[attr-defined]
        seen["button"] = tab.print_button.text()
        seen["standings"] = [row.team.name for row in tab.standings_rows()]
        for position, kind in enumerate(kinds):
            later(tab.print_button.click)  # the button opens its menu
            yield
            yield from wait_for(lambda: isinstance(QApplication.activePopupWidget(), QMenu), "the Print menu")
            menu = QApplication.activePopupWidget()
            assert isinstance(menu, QMenu)
            seen["menu"] = [a.text() for a in menu.actions()]
            for _ in range(position + 1):  # down to the entry, Enter: as with the keyboard
                QTest.keyClick(menu, Qt.Key.Key_Down)
            later(lambda m=menu: QTest.keyClick(m, Qt.Key.Key_Return))
            yield
            dialog = yield from modal(QPrintDialog, "the print dialog")
            field = dialog.findChild(QLineEdit, "filename")
            seen["proposed"].append(Path(field.text()).name)  # type: ignore[attr-defined]
            field.setText(str(out[kind]))
            dialog.accept()  # "Print to File (PDF)": the document's own PDF
            yield from wait_for(lambda k=kind: out[k].exists() and out[k].stat().st_size > 0, f"{kind} written")
        seen["messages"] = list(w.messages)  # type: ignore[attr-defined]

    code, errors = run_script(lambda: main([str(event)]), script)
    assert not errors, errors[0]
    assert code == 0
    assert seen["button"] == words["button"] and seen["menu"] == words["menu"]
    assert seen["messages"] == []
    assert seen["proposed"] == [f"Interclubs de Bretagne - {words[k][2]}.pdf" for k in kinds]  # type: ignore[index]
    texts = {kind: _text(out[kind].read_bytes()) for kind in kinds}
    for kind in kinds:
        title, phrase, _name = words[kind]  # type: ignore[misc]
        assert title in texts[kind] and phrase in texts[kind]
    with EventSession.open(event, readonly=True) as session:
        state = session.state()
        for kind in kinds:  # what the command line's ``print`` writes (the same services), read as text
            assert texts[kind] == _text(document(session, kind, round_number=1, lang=lang).pdf)
    players = [state.player(p) for m in state.matches_in(1) for t in m.teams()
               for p in state.team(t).members[:3]]
    for player in players:  # every board's player on the match sheets and on the match list
        assert player.name in texts["slips"] and player.name in texts["pairings"]
    first, second = state.matches_in(1)
    for m, score in ((first, "2 - 1"), (second, "1 - 2")):
        assert f"{state.team(m.home).name}\n {score}\n{state.team(m.away).name}" in texts["pairings"]
    # the standings printed in the order the tab shows them: the two winners first
    shown = seen["standings"]
    assert isinstance(shown, list) and {shown[0], shown[1]} == {state.team(first.home).name,
                                                                state.team(second.away).name}
    ranked = [line.strip() for line in texts["standings"].splitlines() if line.strip() in shown]
    assert ranked == shown
