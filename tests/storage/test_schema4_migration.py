"""Schema 4: requested byes, the top cut and the options become tables; files of the previous release upgrade.

``tests/data/legacy/schema3-requests-topcut.tdesk`` was written by the release before schema 4 (options as text
in ``meta``): a 10-player score-group event, byes requested for rounds 2 and 3, two rule settings, the initial
colour set to black, three rounds, a top 4 started with a play-off decided in its first stage.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from tournament_desk.core.model import ByeRequest
from tournament_desk.core.results import Outcome
from tournament_desk.services.rules import current_rule_settings
from tournament_desk.services.session import EventSession
from tournament_desk.services.swiss_variants import bracket

LEGACY = Path(__file__).parents[1] / "data" / "legacy" / "schema3-requests-topcut.tdesk"


def test_a_schema3_file_opens_with_every_request_and_setting(tmp_path: Path) -> None:
    path = tmp_path / "open.tdesk"
    shutil.copy(LEGACY, path)
    with sqlite3.connect(LEGACY) as conn:  # the file really is of the previous release
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
        assert ("option:request.2.3", "hpb") in conn.execute("SELECT key, value FROM meta").fetchall()
    with EventSession.open(path) as session:
        state = session.state()
        assert state.requests == (ByeRequest(2, 3, Outcome.HALF_BYE), ByeRequest(3, 5, Outcome.ZERO_BYE))
        assert state.event.initial_colour == "black"
        assert state.top_cut is not None
        assert (state.top_cut.size, state.top_cut.draw_rule, state.top_cut.after_round) == (4, "playoff", 3)
        assert state.top_cut.seeds == (8, 7, 5, 4) and state.top_cut.playoffs == ((1, 8, 4),)
        assert dict(state.options) == {"ffjd.cadence": "accelerated", "scrabble.b_threshold": "1500"}
        values = {v.key: v.value for v in current_rule_settings(session)}
        assert values["ffjd.cadence"] == "accelerated" and values["scrabble.b_threshold"] == "1500"
        assert not any(k.startswith("option:") for k in session.meta())
        assert bracket(session).stages[0][0].winner == 4  # the play-off decision is kept
        assert len(state.rounds) == 4 and len(state.players) == 10
        assert session.undo_label() is None  # the old journal named meta rows that no longer exist
        assert any("before-migration-3-to-" in b.path.name for b in session.backups())
