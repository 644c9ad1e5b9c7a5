"""A board result typed in the Teams tab of a large team event (issue 31 item 10: under 50 ms as the user feels it).

The event of ``team_standings.py`` (100 teams x 10 boards x 11 rounds, built through the operations, written as an
event file) is opened in the main window, shown, on the Teams tab, last round. Each figure is the time from the key
typed on the boards table until the window has processed every event it caused — the operation stored (one
transaction, one undo step), the match's row, the boards and the standings redrawn and painted:

* ``correction``  — a board of a finished match given another result (the arbiter confirms the replacement): the
  match stays finished, its score and the standings change (the case that took about 1.3 s before);
* ``new result``  — a board whose result was taken back typed again (its match becomes finished);
* ``clear``       — a result taken back with Delete (its match is no longer finished).

Median and best wall-clock milliseconds, and the median CPU milliseconds of the process (what a shared machine
inflates least), with the load average. Nothing here is asserted: the machines are shared.

Run: ``python3 benchmarks/team_gui.py [teams] [boards] [rounds] [repeat]`` (headless: QT_QPA_PLATFORM=offscreen).
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from team_standings import build_event

from tournament_desk.core.messages import msg
from tournament_desk.core.operations import TakeWholeEvent
from tournament_desk.services.session import EventSession


def _timed(prepare: Callable[[], None], action: Callable[[], None], settle: Callable[[], None], repeat: int
           ) -> tuple[float, float, float]:
    """Median wall, best wall and median CPU seconds of ``action`` followed by ``settle`` (the event loop), each
    run after an untimed ``prepare`` and ``settle``."""
    wall, cpu = [], []
    for _ in range(repeat):
        prepare()
        settle()
        t0, c0 = time.perf_counter(), time.process_time()
        action()
        settle()
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return statistics.median(wall), min(wall), statistics.median(cpu)


def board_result_times(path: Path, repeat: int = 9) -> dict[str, tuple[float, float, float]]:
    """The figures of the module docstring for the event file ``path`` (every match of its last round played)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from tournament_desk.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    session = EventSession.open(path)
    window = MainWindow(session, lang="en", interactive=False)
    window.ask = lambda _text, _title="": True  # type: ignore[method-assign]  # the arbiter confirms a correction
    window.show()  # as on screen: the hidden tabs redraw when shown, not on every result
    tab = window.teams
    window.tabs.setCurrentWidget(tab)
    tab.round_box.setCurrentIndex(tab.round_box.findData(session.state().last_round))
    app.processEvents()
    view = tab.boards_view
    view.setFocus()

    def on_board(match_row: int, board_row: int) -> None:
        tab.matches_view.setCurrentIndex(tab.matches_model.index(match_row, 1))
        view.setCurrentIndex(tab.boards_model.index(board_row, 3))

    def key(text: str) -> Callable[[], None]:
        return lambda: QTest.keyClick(view, text)

    out: dict[str, tuple[float, float, float]] = {}
    corrections = iter("0=1" * repeat)  # each run replaces the board's result by another
    out["correction"] = _timed(lambda: on_board(0, 1), lambda: key(next(corrections))(), app.processEvents, repeat)

    def emptied() -> None:  # untimed: the board's result taken back, the board chosen again
        on_board(1, 2)
        QTest.keyClick(view, Qt.Key.Key_Delete)
        app.processEvents()
        on_board(1, 2)

    out["new result"] = _timed(emptied, key("1"), app.processEvents, repeat)

    def filled() -> None:  # untimed: the board has a result to take back
        on_board(2, 3)
        QTest.keyClick(view, "=")
        app.processEvents()
        on_board(2, 3)

    out["clear"] = _timed(filled, lambda: QTest.keyClick(view, Qt.Key.Key_Delete), app.processEvents, repeat)
    window.close()
    session.close()
    return out


def main(n_teams: int = 100, boards: int = 10, n_rounds: int = 11, repeat: int = 9) -> None:
    t0 = time.perf_counter()
    state = build_event(n_teams, boards, n_rounds)
    print(f"python {platform.python_version()} on {platform.machine()}; {n_teams} teams x {boards} boards x "
          f"{n_rounds} rounds built in {time.perf_counter() - t0:.1f} s; load average "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "teams.tdesk"
        with EventSession.create(path, state.event) as session:
            session.run(TakeWholeEvent(state, label=msg("Benchmark")))
        for name, (median, best, cpu) in board_result_times(path, repeat).items():
            print(f"Teams tab, {name:<15} key typed to window settled: median {median * 1000:6.1f} ms, best "
                  f"{best * 1000:6.1f} ms, CPU median {cpu * 1000:6.1f} ms (target < 50 ms)")
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:5]])
