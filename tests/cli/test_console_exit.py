"""The ``tournament-desk`` command ends the engine interface's call without the interpreter's teardown
(``tournament_desk.__main__.console``): what it printed or wrote must all be there, exactly as the same call
made in-process gives it, and the exit code kept. Other commands exit normally (their event files are closed)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

from tournament_desk.__main__ import main

REPO = Path(__file__).resolve().parents[2]
OPEN = REPO / "benchmarks" / "data" / "open_284p_r7.trf"  # a realistic open, round 7 to pair (make_trf.py)


def _command(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "tournament_desk", *args], capture_output=True, text=True,
                          encoding="utf-8", env=env, cwd=REPO, timeout=120)


def test_pairs_printed_through_a_pipe_are_all_there(tmp_path: Path) -> None:
    expected = io.StringIO()
    with redirect_stdout(expected):
        assert main(["pair", "--dutch", str(OPEN), "-p"]) == 0
    done = _command("pair", "--dutch", str(OPEN), "-p")
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected.getvalue() and len(done.stdout.splitlines()) >= 140
    written = tmp_path / "pairs.txt"
    done = _command("pair", "--dutch", str(OPEN), "-p", str(written))
    assert done.returncode == 0, done.stderr
    lines = written.read_text(encoding="utf-8").splitlines()
    assert int(lines[0]) == len(lines) - 1 > 0  # the engines' format: the number of pairs, then one per line


def test_the_exit_code_of_a_refused_file_is_kept(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("012 nothing else\n", encoding="utf-8")
    done = _command("pair", "--dutch", str(bad), "-p")
    assert done.returncode != 0 and done.stderr.strip()
