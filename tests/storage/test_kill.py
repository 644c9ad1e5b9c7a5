"""Crash safety (issue 11): SIGKILL during result entry never loses an acknowledged result.

CI runs a reduced count (``TDESK_KILLS``, default 20); ``benchmarks/kill_test.py`` runs the full 200.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from kill_harness import make_event, run


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_sigkill_during_result_entry(tmp_path: Path) -> None:
    path = tmp_path / "kill.tdesk"
    make_event(path)
    kills = int(os.environ.get("TDESK_KILLS", "20"))
    report = run(path, kills, seed=20261122)
    assert report.kills == kills
    assert report.open_failures == 0, report.problems[:5]
    assert report.integrity_failures == 0
    assert report.problems == []
    assert report.acknowledged > 0 and report.found == report.acknowledged


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_sigkill_during_backups_never_leaves_an_unusable_backup(tmp_path: Path) -> None:
    from kill_harness import run_backups

    path = tmp_path / "backups.tdesk"
    make_event(path)
    for old in list((tmp_path / "backups").rglob("*.tdesk")):
        old.unlink()
    kills = int(os.environ.get("TDESK_BACKUP_KILLS", "8"))
    report = run_backups(path, kills, seed=23)
    assert report.kills == kills and report.backups_listed > 0
    assert report.unusable == 0 and report.problems == []
