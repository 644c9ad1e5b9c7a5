"""The line-up dialog of a team match (issue 31 items 3 and 9), driven through the real program
(``tournament_desk.__main__.main``) as an arbiter does: Enter on a match of the Teams tab opens it, each board's
player typed by roster number with Tab to the next board, the event's board-order rule checked with the core's own
check before anything is saved (the same message as the command line's ``lineup``), a typing slip named, an empty
board announced as lost by forfeit; saving both line-ups is one undo step. Then the event file is read back. The
same in French, where the dialog's words are checked."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from tests.gui.driver import Script, later, main_window, modal, run_script, wait_for
from tournament_desk.__main__ import main
from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import (
    AddPlayers,
    AddTeams,
    ForfeitMatch,
    NumberTeams,
    RecordBoardResult,
    SetLineups,
)
from tournament_desk.core.results import Discipline
from tournament_desk.core.teams.model import TeamRules
from tournament_desk.gui.dialogs.lineup_dialog import LineupDialog
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.session import EventSession

CLUBS = {
    "Échiquier Rennais": ["Le Goff", "Tanguy", "Kerbrat", "Morvan"],
    "Cavaliers de Vannes": ["Guillou", "Le Bihan", "Riou", "Quéré"],
    "Tour de Lorient": ["Jaouen", "Cadiou", "Le Roux", "Nédélec"],
    "Fous de Saint-Brieuc": ["Prigent", "Le Meur", "Corre", "Bescond"],
}


def team_event(path: Path, *, played: bool = False) -> Path:
    """A 4-team, 3-board round robin (a reserve each), numbered and round 1 paired; ``played``: round 1's
    line-ups given in roster order and its boards played (match 1 won 2-1 by the home team, match 2 won 2-1 by
    the away team)."""
    with EventSession.create(path, Event.for_discipline(
            "Interclubs de Bretagne", Discipline.CHESS, system=PairingSystem.ROUND_ROBIN, rounds=3,
            team=TeamRules(boards=3, rating_boards=3))) as session:
        entries = [{"surname": name, "first_name": "Yann", "ratings": (("fide", 2200 - 50 * t - 20 * b),)}
                   for t, names in enumerate(CLUBS.values()) for b, name in enumerate(names)]
        ids = session.run(AddPlayers(entries)).payload
        session.run(AddTeams([{"name": club, "members": ids[4 * t:4 * t + 4]} for t, club in enumerate(CLUBS)]))
        session.run(NumberTeams("rating"))
        pair_next(session)
        if played:
            state = session.state()
            for m in state.matches_in(1):
                session.run(SetLineups(1, {t: list(state.team(t).members[:3]) for t in m.teams()}))
                for board, result in enumerate(("1-0", "1-0", "0-1") if m.number == 1 else ("1/2", "1/2", "0-1"),
                                               start=1):
                    session.run(RecordBoardResult(1, m.number, board, result))
    return path


def _language(lang: str) -> None:
    QCoreApplication.setOrganizationName("tournament_desk")
    QCoreApplication.setApplicationName("tournament_desk")
    QSettings().setValue("language", lang)


def _type(text: str) -> None:
    """Type into the field that has the keyboard focus (its text replaced), then Tab to the next one."""
    field = QApplication.focusWidget()
    assert isinstance(field, QLineEdit), field
    field.selectAll()
    if text:
        QTest.keyClicks(field, text)
    else:
        QTest.keyClick(field, Qt.Key.Key_Delete)
    QTest.keyClick(field, Qt.Key.Key_Tab)


def _open_first_match() -> Script:
    """The Teams tab, the first match chosen, Enter: the match's line-up dialog."""
    w = main_window()
    w.tabs.setCurrentWidget(w.teams)  # type: ignore[attr-defined]
    yield
    tab = w.teams  # type: ignore[attr-defined]
    tab.matches_view.setFocus()
    tab.matches_view.setCurrentIndex(tab.matches_model.index(0, 1))
    later(lambda: QTest.keyClick(tab.matches_view, Qt.Key.Key_Return))
    yield
    dialog = yield from modal(LineupDialog, "the line-up dialog")
    yield from wait_for(lambda: isinstance(QApplication.focusWidget(), QLineEdit), "the first board's field")
    return dialog


def test_line_ups_typed_board_by_board(qapp: QApplication, tmp_path: Path) -> None:
    event = team_event(tmp_path / "bretagne.tdesk")
    _language("en")
    with EventSession.open(event, readonly=True) as session:
        state = session.state()
    match = state.matches_in(1)[0]
    home, away = state.team(match.home), state.team(match.away)
    seen: dict[str, object] = {}

    def script() -> Script:
        dialog = yield from _open_first_match()
        seen["title"] = dialog.windowTitle()
        seen["first field"] = QApplication.focusWidget() is dialog.sides[0].fields[0]
        # the home team in roster order, the away team's two first players the wrong way round
        for text in ("1", "2", "3", "2", "1", "3"):
            _type(text)
        seen["names"] = [label.text() for side in dialog.sides for label in side.names]
        seen["out of order"] = dialog.problem_label.text()
        seen["focus after the last board"] = QApplication.focusWidget() is dialog.save_button
        dialog.save_button.click()  # refused: the dialog stays open, nothing is saved
        yield
        seen["still open"] = dialog.isVisible()
        seen["stored after refusal"] = len(main_window().session.state().lineups)  # type: ignore[attr-defined]
        # a typing slip on the away team's board 1, then the roster's first player; board 2 left empty; the
        # reserve on board 3
        dialog.sides[1].fields[0].setFocus()
        yield
        _type("9")
        seen["slip"] = dialog.problem_label.text()
        dialog.sides[1].fields[0].setFocus()
        yield
        for text in ("1", "", "4"):
            _type(text)
        seen["note"] = dialog.problem_label.text()
        dialog.save_button.click()
        yield
        seen["closed"] = not dialog.isVisible()
        w = main_window()
        seen["undo"] = w.session.undo_label("en")  # type: ignore[attr-defined]
        tab = w.teams  # type: ignore[attr-defined]
        seen["boards"] = [[tab.boards_model.data(tab.boards_model.index(r, c)) for c in (0, 2, 4)]
                          for r in range(tab.boards_model.rowCount())]

    code, errors = run_script(lambda: main([str(event)]), script)
    assert not errors, errors[0]
    assert code == 0
    assert seen["title"] == "Line-ups: round 1, match 1" and seen["first field"]
    hn = [state.player(p).name for p in home.members]
    an = [state.player(p).name for p in away.members]
    assert seen["names"] == [hn[0], hn[1], hn[2], an[1], an[0], an[2]]
    assert seen["out of order"] == (
        f"The line-up of {away.name} is out of board order: {an[1]} (roster no. 2) sits at board 1, above {an[0]} "
        f"(roster no. 1) at board 2")
    assert seen["focus after the last board"]
    assert seen["still open"] and seen["stored after refusal"] == 0
    assert seen["slip"] == f"{away.name}, board 1: no player number 9 in the roster (1 to 4)"
    assert seen["note"] == f"{away.name} leaves board(s) 2 empty: lost by forfeit"
    assert seen["closed"]
    assert seen["undo"] == f"Line-ups of {home.name}, {away.name}, round 1"
    assert seen["boards"] == [["1", hn[0], an[0]], ["2", hn[1], "—"], ["3", hn[2], an[3]]]

    with EventSession.open(event, readonly=True) as again:
        after = again.state()
        assert after.lineup(1, home.id).players == home.members[:3]  # type: ignore[union-attr]
        assert after.lineup(1, away.id).players == (away.members[0], None, away.members[3])  # type: ignore[union-attr]
        assert sorted(g.board for g in after.round(1).games) == [1, 3]  # board 2: lost by forfeit, no game
        assert again.undo_label("en") == f"Line-ups of {home.name}, {away.name}, round 1"  # one step for both
        again_away = after.matches_in(1)[0]
        assert (again_away.home, again_away.away) == (home.id, away.id)


def test_the_dialog_speaks_french(qapp: QApplication, tmp_path: Path) -> None:
    event = team_event(tmp_path / "bretagne.tdesk")
    _language("fr")
    with EventSession.open(event, readonly=True) as session:
        state = session.state()
    match = state.matches_in(1)[0]
    home, away = state.team(match.home), state.team(match.away)
    seen: dict[str, object] = {}

    def script() -> Script:
        w = main_window()
        tab = w.teams  # type: ignore[attr-defined]
        seen["button"] = tab.lineups_button.text()
        dialog = yield from _open_first_match()
        seen["title"] = dialog.windowTitle()
        seen["words"] = sorted(label.text() for label in dialog.findChildren(type(dialog.problem_label))
                               if label.text().startswith(("Couleur", "Tapez", "Liste de force")))
        seen["buttons"] = [b.text() for b in dialog.roster_buttons] + [dialog.save_button.text()]
        dialog.roster_buttons[0].click()  # the home team in roster order
        dialog.sides[1].fields[0].setFocus()
        yield
        for text in ("3", "1", "2"):
            _type(text)
        seen["out of order"] = dialog.problem_label.text()
        dialog.sides[1].fields[0].setFocus()
        yield
        for text in ("1", "2", "3"):
            _type(text)
        seen["fixed"] = dialog.problem_label.text()
        dialog.save_button.click()
        yield
        seen["undo"] = w.session.undo_label("fr")  # type: ignore[attr-defined]

    code, errors = run_script(lambda: main([str(event)]), script)
    assert not errors, errors[0]
    assert code == 0
    assert seen["button"] == "Compositions d&u match…"
    assert seen["title"] == "Compositions : ronde 1, match 1"
    assert seen["words"] == [f"Couleur de {home.name}", f"Liste de force de {away.name}",
                             f"Liste de force de {home.name}",
                             "Tapez pour chaque échiquier le numéro du joueur dans la liste de force de son équipe "
                             "(vide, 0 ou - : l'échiquier reste vide et il est perdu par forfait) ; Tab passe à "
                             "l'échiquier suivant."]
    assert seen["buttons"] == ["&Recevants dans l'ordre de force", "Visiteurs dans l'ordre de &force",
                               "&Enregistrer les compositions"]
    an = [state.player(p).name for p in away.members]
    assert seen["out of order"] == (
        f"La composition de {away.name} ne respecte pas l'ordre de force : {an[2]} (n° 3 de la liste) est à "
        f"l'échiquier 1, devant {an[0]} (n° 1 de la liste) à l'échiquier 2")
    assert seen["fixed"] == ""
    assert seen["undo"] == f"Compositions de {home.name}, {away.name}, ronde 1"
    with EventSession.open(event, readonly=True) as again:
        assert len(again.state().lineups) == 2 and len(again.state().round(1).games) == 3


def test_a_forfeited_match_has_no_line_ups(qtbot: QtBot, tmp_path: Path) -> None:
    """Enter on a match forfeited as a whole opens nothing and says why, in the core's words (the command line's)."""
    event = team_event(tmp_path / "bretagne.tdesk")
    session = EventSession.open(event)
    session.run(ForfeitMatch(1, 2, "away"))
    window = MainWindow(session, lang="fr", interactive=False)
    qtbot.addWidget(window)
    tab = window.teams
    tab.matches_view.setCurrentIndex(tab.matches_model.index(1, 1))
    QTest.keyClick(tab.matches_view, Qt.Key.Key_Return)
    assert window.statusBar().currentMessage() == ("Le match 2 de la ronde 1 est perdu par forfait : il n'a pas de "
                                                   "composition d'équipe")
    assert tab.edit_lineups() is None
    tab.matches_view.setCurrentIndex(tab.matches_model.index(0, 1))
    dialog = tab.edit_lineups()
    assert dialog is not None and dialog.windowTitle() == "Compositions : ronde 1, match 1"
    dialog.close()
    window.close()
    session.close()
