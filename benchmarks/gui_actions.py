"""How the GUI feels (issue 20): start-up to an interactive window on an event, a result typed on the keyboard
until its row, the status bar and the standings are updated, and pairing a big round (how long the window's
own thread is busy: the engine runs in the background).

    python benchmarks/gui_actions.py [--players 500] [--result-players 600] [--pair-players 2000] [--repeat 3]

Run headless (QT_QPA_PLATFORM=offscreen is set here). Each figure is printed with the baseline of the same run
(``python -c pass`` and ``python -c "import PySide6.QtWidgets"``), best and median of ``--repeat`` runs.
No figure here is asserted anywhere: the machines are shared and their speed varies.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from tournament_desk.core.operations import AddPlayers, RecordResults

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]


def make_event(path: Path, players: int, rounds: int, *, leave_missing: bool = True) -> None:
    """A Dutch Swiss of ``players`` registered in random order, ``rounds`` paired, the last one half entered."""
    sys.path.insert(0, str(ROOT))
    from tournament_desk.core.model import Event, PairingSystem
    from tournament_desk.core.results import Discipline
    from tournament_desk.services.pairing import pair_next
    from tournament_desk.services.session import EventSession

    rng = random.Random(players)
    event = Event.for_discipline("Bench", Discipline.CHESS, system=PairingSystem.DUTCH, rounds=11,
                                 initial_colour="white")
    with EventSession.create(path, event) as s:
        s.run(AddPlayers([{"surname": f"Player{i:04d}", "first_name": "X",
                        "ratings": (("fide", rng.randrange(1000, 2700)),)} for i in range(players)]))
        for r in range(1, rounds + 1):
            pair_next(s)
            games = s.state().round(r).games
            results = {g.board: rng.choice(["1-0", "0-1", "1/2"]) for g in games}
            if leave_missing and r == rounds:
                results = dict(list(results.items())[: len(results) // 2])
            s.run(RecordResults(r, results))


STARTUP = textwrap.dedent("""
    import sys, time
    t0 = time.perf_counter()
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication(sys.argv[:1])
    def done():
        from PySide6.QtWidgets import QMainWindow
        w = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMainWindow) and w.isVisible()][0]
        assert w.session is not None
        print(f"READY {time.perf_counter() - t0:.4f}", flush=True)
        app.quit()
    QTimer.singleShot(0, done)
    from tournament_desk.__main__ import main
    main(sys.argv[1:])
""")


def startup(path: Path, home: Path) -> float:
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / "config"))
    out = subprocess.run([sys.executable, "-c", STARTUP, str(path)], capture_output=True, text=True, env=env,
                         check=True, cwd=ROOT).stdout
    return float(out.split("READY")[1].split()[0])


def process(cmd: str) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", cmd], check=True)
    return time.perf_counter() - t


def in_window(path: Path, pair_path: Path | None) -> dict[str, list[float]]:
    from PySide6.QtCore import QCoreApplication, QSettings
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    QCoreApplication.setOrganizationName("tdesk-bench")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    sys.path.insert(0, str(ROOT))
    from tournament_desk.gui.main_window import MainWindow

    figures: dict[str, list[float]] = {"result key (Results tab shown)": [],
                                       "result key then the Standings tab shown": []}
    w = MainWindow(None, lang="en")
    w.show()
    w.open_path(path)
    app.processEvents()
    view = w.results.view
    state = w.state
    assert state is not None
    missing = [i for i, g in enumerate(state.round(state.last_round).games) if g.result is None]
    for n, row in enumerate(missing[:20]):
        w.tabs.setCurrentWidget(w.results)
        app.processEvents()
        view.setCurrentIndex(w.results.model.index(row, 2))
        view.setFocus()
        t = time.perf_counter()
        QTest.keyClick(view, "1")
        app.processEvents()
        key = time.perf_counter() - t
        assert w.state is not None and w.state.round(w.state.last_round).games[row].result is not None
        if n % 2:
            t = time.perf_counter()
            w.tabs.setCurrentWidget(w.standings)
            app.processEvents()
            figures["result key then the Standings tab shown"].append(key + time.perf_counter() - t)
        else:
            figures["result key (Results tab shown)"].append(key)
    w.close()
    if pair_path is not None:
        w = MainWindow(None, lang="en")
        w.show()
        w.open_path(pair_path)
        w.tabs.setCurrentWidget(w.pairings)
        app.processEvents()
        busy: list[float] = []
        from PySide6.QtCore import QTimer

        last = [time.perf_counter()]

        def beat() -> None:  # the longest gap between two heartbeats = the longest freeze of the window
            now = time.perf_counter()
            busy.append(now - last[0])
            last[0] = now

        timer = QTimer()
        timer.timeout.connect(beat)
        timer.start(10)
        t = time.perf_counter()
        w.pairings.pair_next_round()
        total = time.perf_counter() - t
        beat()  # the time since the last heartbeat: the storing, in the window's thread
        timer.stop()
        assert w.state is not None and w.state.last_round == 5
        figures["pair a big round: whole action"] = [total]
        figures["pair a big round: longest freeze of the window"] = [max(busy) if busy else total]
        w.close()
    return figures


def show(name: str, values: list[float]) -> None:
    print(f"{name:48s} best {min(values) * 1000:8.1f} ms   median {statistics.median(values) * 1000:8.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--result-players", type=int, default=600)
    parser.add_argument("--pair-players", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp())
    start_event, result_event, pair_event = work / "start.tdesk", work / "result.tdesk", work / "pair.tdesk"
    make_event(start_event, args.players, 5)
    make_event(result_event, args.result_players, 5)
    if args.pair_players:
        make_event(pair_event, args.pair_players, 4, leave_missing=False)
    show("baseline: python -c pass", [process("pass") for _ in range(args.repeat)])
    show("baseline: import PySide6.QtWidgets", [process("import PySide6.QtWidgets") for _ in range(args.repeat)])
    show(f"start-up to the window on {args.players} players", [startup(start_event, work) for _ in range(args.repeat)])
    for name, values in in_window(result_event, pair_event if args.pair_players else None).items():
        show(name, values)


if __name__ == "__main__":
    main()
