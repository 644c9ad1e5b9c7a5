"""Crash-safety harness: enter results in a child process, SIGKILL it at random moments, check the file.

Shared by ``tests/storage/test_kill.py`` (a reduced count in CI) and ``benchmarks/kill_test.py`` (200 kills).
The child prints ``WILL board value`` before each service call and ``ACK board value`` once it returned;
after a kill, every acknowledged result must be in the file, except that the one write in flight may
or may not have landed (it was never acknowledged).
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from tournament_desk.core.model import Event, Game, Round
from tournament_desk.core.operations import AddPlayers, StoreRound
from tournament_desk.services.session import EventSession

BOARDS = 60
ROUNDS = 5
VALUES = ("1-0", "0-1", "1/2-1/2")

CHILD = r"""
import sys
from tournament_desk.core.operations import RecordResult
from tournament_desk.services.session import EventSession
path, start = sys.argv[1], int(sys.argv[2])
boards, rounds, values = {boards}, {rounds}, {values!r}
session = EventSession.open(path, arbiter="kill-test")
print("READY", flush=True)
i = start
while True:
    slot = i % (boards * rounds)
    rnd, board = slot // boards + 1, slot % boards + 1
    value = values[(i // (boards * rounds) + slot) % len(values)]
    print(f"WILL {{rnd}} {{board}} {{value}}", flush=True)
    session.run(RecordResult(rnd, board, value, replace=True))
    print(f"ACK {{rnd}} {{board}} {{value}}", flush=True)
    i += 1
"""


@dataclass
class KillReport:
    kills: int = 0
    acknowledged: int = 0
    found: int = 0
    integrity_failures: int = 0
    open_failures: int = 0
    in_flight_landed: int = 0
    problems: list[str] = field(default_factory=list)


def make_event(path: Path) -> None:
    with EventSession.create(path, Event(name="Kill test", rounds=ROUNDS)) as session:
        session.run(AddPlayers([{"surname": f"P{i:03d}"} for i in range(1, 2 * BOARDS + 1)]))
        for r in range(1, ROUNDS + 1):
            games = tuple(Game(r, b, 2 * b - 1 if r % 2 else 2 * b, 2 * b if r % 2 else 2 * b - 1)
                          for b in range(1, BOARDS + 1))
            session.run(StoreRound(Round(r, games)))


def _results_in_file(path: Path) -> dict[tuple[int, int], str | None]:
    conn = sqlite3.connect(path)
    try:
        return {(r, b): v for r, b, v in conn.execute("SELECT round, board, result FROM game")}
    finally:
        conn.close()


def run(path: Path, kills: int, *, seed: int = 1, max_delay: float = 0.4) -> KillReport:
    rng = random.Random(seed)
    report = KillReport()
    expected: dict[tuple[int, int], str] = {}
    written = 0
    script = CHILD.format(boards=BOARDS, rounds=ROUNDS, values=VALUES)
    env = dict(os.environ)
    for _ in range(kills):
        child = subprocess.Popen([sys.executable, "-c", script, str(path), str(written)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        assert child.stdout is not None
        first = child.stdout.readline()
        if first.strip() != "READY":
            report.open_failures += 1
            report.problems.append(f"child did not start: {first!r} {child.stderr.read() if child.stderr else ''}")
            child.kill()
            child.wait()
            continue
        time.sleep(rng.uniform(0, max_delay))
        child.send_signal(signal.SIGKILL)
        # Read through the same buffered file object as the READY line: readline() may already hold the first
        # WILL/ACK lines of a fast child, and communicate() reads the raw pipe, so they would be missed (and the
        # results they acknowledged reported as lost when the parent is slow to read, on a loaded machine).
        out = child.stdout.read()
        if child.stderr is not None:
            child.stderr.read()
        child.wait()
        report.kills += 1
        in_flight: tuple[int, int, str] | None = None
        acked_now: list[tuple[tuple[int, int], str]] = []
        for line in out.splitlines():
            parts = line.split()
            if len(parts) != 4:
                continue  # a line cut by the kill
            word, rnd, board, value = parts[0], int(parts[1]), int(parts[2]), parts[3]
            if word == "WILL":
                in_flight = (rnd, board, value)
                written += 1
            elif word == "ACK":
                expected[(rnd, board)] = value
                acked_now.append(((rnd, board), value))
                report.acknowledged += 1
                in_flight = None
        # The program's own open path: lock recovery after the crash, quick_check, migrations...
        try:
            EventSession.open(path).close()
        except Exception as exc:  # any failure to reopen is a finding; the file is still checked below
            report.open_failures += 1
            report.problems.append(f"reopen failed: {exc}")
        conn = sqlite3.connect(path)
        try:
            if conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                report.integrity_failures += 1
        finally:
            conn.close()
        actual = _results_in_file(path)
        landed = in_flight is not None and actual.get(in_flight[:2]) == in_flight[2]
        if landed:
            assert in_flight is not None
            report.in_flight_landed += 1
        for key, value in expected.items():
            if landed and in_flight is not None and key == in_flight[:2]:
                continue
            if actual.get(key) != value:
                report.problems.append(
                    f"round {key[0]} board {key[1]}: acknowledged {value}, file has {actual.get(key)}")
        # each result acknowledged by this child: present after the kill (or overwritten by the write in flight)
        # (a child fast enough to go round the board list writes a board twice: its later acknowledged value
        # supersedes the earlier one)
        last = dict(acked_now)
        for key, _value in acked_now:
            if actual.get(key) == last[key] or (landed and in_flight is not None and key == in_flight[:2]):
                report.found += 1
        if landed and in_flight is not None:
            expected[in_flight[:2]] = in_flight[2]
    return report


BACKUP_CHILD = r"""
import sys
from tournament_desk.services.session import EventSession
session = EventSession.open(sys.argv[1], arbiter="kill-test")
session.keep_backups = 1000
print("READY", flush=True)
i = 0
while True:
    session.backup(f"kill-{i}")
    i += 1
    print(f"BACKUP {i}", flush=True)
"""


@dataclass
class BackupKillReport:
    kills: int = 0
    backups_listed: int = 0
    unusable: int = 0
    leftovers: int = 0
    """Temporary files a kill left in the backups folder (removed by the next backup; never listed)."""
    problems: list[str] = field(default_factory=list)


def run_backups(path: Path, kills: int, *, seed: int = 1, max_delay: float = 0.6) -> BackupKillReport:
    """Kill a process that takes backups in a loop; after every kill, every listed backup must open and
    validate (the first version left empty files that a restore turned into an empty event)."""
    from tournament_desk.storage.backup import backups_folder, file_problems, list_backups

    rng = random.Random(seed)
    report = BackupKillReport()
    for _ in range(kills):
        child = subprocess.Popen([sys.executable, "-c", BACKUP_CHILD, str(path)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        assert child.stdout is not None
        first = child.stdout.readline()
        if first.strip() != "READY":
            report.problems.append(f"child did not start: {first!r} {child.stderr.read() if child.stderr else ''}")
            child.kill()
            child.wait()
            continue
        time.sleep(rng.uniform(0, max_delay))
        child.send_signal(signal.SIGKILL)
        child.communicate()
        report.kills += 1
        listed = list_backups(path)
        report.backups_listed = len(listed)
        for info in listed:
            problems = file_problems(info.path)
            if problems:
                report.unusable += 1
                report.problems.append(f"{info.path.name}: {problems[0].text('en')}")
        report.leftovers = sum(1 for p in backups_folder(path).iterdir() if p.name.startswith("."))
        try:
            EventSession.open(path).close()
        except Exception as exc:  # a finding, reported with the others
            report.problems.append(f"reopen failed: {exc}")
    return report
