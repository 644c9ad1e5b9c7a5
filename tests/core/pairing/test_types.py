"""Issue 19.1: a player's id and a pairing number are two types, and mypy checks core/pairing in CI.

The engines speak pairing numbers (``core.ids.PairingNumber``); the event speaks player ids (``PlayerId``).
These tests run mypy as CI does (the configuration in pyproject.toml) and check that it does refuse the
mix-up that once made the event path pair repeated games.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def _mypy(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=cwd, capture_output=True, text=True, check=False)


def test_core_pairing_passes_mypy() -> None:
    got = _mypy()  # files and options from [tool.mypy]
    assert got.returncode == 0, got.stdout + got.stderr
    assert "tournament_desk/core/pairing" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_mypy_refuses_a_player_id_where_the_engine_wants_a_pairing_number(tmp_path: Path) -> None:
    snippet = tmp_path / "mixup.py"
    snippet.write_text(
        "from tournament_desk.core.ids import PlayerId, PairingNumber\n"
        "from tournament_desk.core.pairing.swiss_state import PlayerState, RoundEntry, Colour, Outcome\n"
        "opponent = PlayerId(17)\n"
        "entry = RoundEntry(opponent, Colour.WHITE, Outcome.WIN, True)\n"
        "fine = PlayerState(PairingNumber(3), (RoundEntry(PairingNumber(4), Colour.WHITE, Outcome.WIN, True),))\n",
        encoding="utf-8",
    )
    got = _mypy("--follow-imports=silent", "--cache-dir", str(tmp_path / "cache"), str(snippet))
    assert got.returncode == 1
    assert 'Argument 1 to "RoundEntry" has incompatible type "PlayerId"' in got.stdout
    assert "mixup.py:4:" in got.stdout and "mixup.py:5:" not in got.stdout
