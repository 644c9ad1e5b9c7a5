"""Long work runs off the GUI thread and hands back its result or its error."""

from __future__ import annotations

import threading
import time

import pytest
from pytestqt.qtbot import QtBot

from tournament_desk.core.errors import StateError
from tournament_desk.gui.worker import run_in_background


def test_result_comes_from_another_thread(qtbot: QtBot) -> None:
    main = threading.get_ident()

    def work() -> int:
        time.sleep(0.05)
        return threading.get_ident()

    assert run_in_background(None, "…", work) != main


def test_fast_work_and_errors(qtbot: QtBot) -> None:
    assert run_in_background(None, "…", lambda: None) is None
    with pytest.raises(StateError, match="nope"):
        run_in_background(None, "…", lambda: (_ for _ in ()).throw(StateError("nope")))
