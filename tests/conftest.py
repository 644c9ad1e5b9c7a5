"""Shared test set-up: Qt runs headless, and helpers to make event files."""

from __future__ import annotations

import os

# Headless, on a laptop's screen of 1366×768, the smallest the program is made for (issue 29 item 6: every dialog
# fits it); tests/run.sh asks for plain "offscreen", which gets the same screen.
if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
    os.environ["QT_QPA_PLATFORM"] = "offscreen:configfile=" + os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "data", "screens", "1366x768.json")
os.environ.setdefault("TDESK_LANG", "en")
# Issue 22: a fast path of the pairing engine that fails where it must not raises instead of handing over
# silently (core/pairing/fastpaths.py); subprocesses started by the tests inherit it.
os.environ.setdefault("TDESK_STRICT_ENGINE", "1")

from pathlib import Path

import pytest

from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.results import Discipline
from tournament_desk.services.session import EventSession

DATA = Path(__file__).parent / "data"


@pytest.fixture
def event_path(tmp_path: Path) -> Path:
    return tmp_path / "event.tdesk"


@pytest.fixture
def chess_session(event_path: Path):
    event = Event.for_discipline("Test Open", Discipline.CHESS, system=PairingSystem.DUTCH, rounds=5)
    session = EventSession.create(event_path, event)
    yield session
    session.close()


@pytest.fixture
def draughts_session(tmp_path: Path):
    event = Event.for_discipline("Championnat", Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN, rounds=7)
    session = EventSession.create(tmp_path / "dames.tdesk", event)
    yield session
    session.close()
