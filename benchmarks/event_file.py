"""Cost of one user action on an event file: add players, store a round, enter results, load the state.

Every action is its own SQLite transaction with synchronous=FULL (a result acknowledged survives a power cut),
so the figure that matters is milliseconds per action on the local disk.
"""

from __future__ import annotations

import platform
import sys
import tempfile
import time
from pathlib import Path

from tournament_desk.core.model import Event, Game, Round
from tournament_desk.core.operations import AddPlayer, RecordResult, StoreRound
from tournament_desk.services.session import EventSession


def main(n_players: int = 200) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.tdesk"
        session = EventSession.create(path, Event(name="Bench", rounds=9))
        t0 = time.perf_counter()
        for i in range(n_players):
            session.run(AddPlayer(surname=f"Player{i:04d}", ratings=(("fide", 1000 + i),)))
        t1 = time.perf_counter()
        games = tuple(Game(1, b + 1, 2 * b + 1, 2 * b + 2) for b in range(n_players // 2))
        session.run(StoreRound(Round(1, games)))
        t2 = time.perf_counter()
        for g in games:
            session.run(RecordResult(1, g.board, "1-0"))
        t3 = time.perf_counter()
        for _ in range(10):
            session.state()
        t4 = time.perf_counter()
        session.close()
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"add player:      {1000 * (t1 - t0) / n_players:7.2f} ms/action ({n_players} players)")
    print(f"store round:     {1000 * (t2 - t1):7.2f} ms ({len(games)} boards)")
    print(f"record result:   {1000 * (t3 - t2) / len(games):7.2f} ms/action")
    print(f"load full state: {1000 * (t4 - t3) / 10:7.2f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
