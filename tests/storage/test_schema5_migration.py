"""Schema 5 (issue 27): the tie-break edition of the FFE's annex is stored as ``ffe-annex``, not ``seed003``.

``tests/data/legacy/schema4-edition-seed003.tdesk`` was written by the release before schema 5 through its CLI: six
players, ``rules --set tiebreaks.edition=fide2023`` then ``=seed003``, round 1 paired, one result. The event row
and every undo image of it hold ``seed003``, and two journal entries are named after it.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from tournament_desk.__main__ import main
from tournament_desk.services.rules import current_rule_settings
from tournament_desk.services.session import EventSession

LEGACY = Path(__file__).parents[1] / "data" / "legacy" / "schema4-edition-seed003.tdesk"


def test_a_schema4_file_opens_with_the_edition_renamed_and_its_undo_history_kept(tmp_path: Path) -> None:
    path = tmp_path / "blois.tdesk"
    shutil.copy(LEGACY, path)
    with sqlite3.connect(LEGACY) as conn:  # the file really is of the previous release
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 4
        assert conn.execute("SELECT tiebreak_edition FROM event").fetchone()[0] == "seed003"
    with EventSession.open(path) as session:
        assert session.event.tiebreak_edition == "ffe-annex"
        edition = next(v for v in current_rule_settings(session) if v.key == "tiebreaks.edition")
        assert (edition.value, edition.stored) == ("ffe-annex", True)
        # Undo back to the edition's change: its name and the value it restores use the new name.
        assert session.undo() is not None and session.undo() is not None  # the result, then the pairing
        assert session.undo_label("en") == "Rule setting tiebreaks.edition = ffe-annex"
        assert session.undo_label("fr") == "Réglage de règle tiebreaks.edition = ffe-annex"
        assert session.event.tiebreak_edition == "ffe-annex"
        session.undo()
        assert session.event.tiebreak_edition == "fide2023"
        session.redo()
        assert session.event.tiebreak_edition == "ffe-annex"  # not the old name, brought back from the journal
        assert any("before-migration-4-to-" in b.path.name for b in session.backups())
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT label || changes FROM journal").fetchall()
        audit = conn.execute("SELECT label FROM audit").fetchall()
    assert not any("seed003" in r[0] for r in rows + audit)


def test_old_spellings_of_the_edition_still_mean_the_annex(tmp_path: Path) -> None:
    """A command line or a script written for the previous release (``--edition seed003``) keeps working."""
    path = tmp_path / "blois.tdesk"
    shutil.copy(LEGACY, path)
    assert main(["tiebreaks", str(path), "--edition", "fide2026"]) == 0
    assert main(["tiebreaks", str(path), "--edition", "seed003"]) == 0
    assert main(["rules", str(path), "--set", "tiebreaks.edition=seed003"]) == 0
    with EventSession.open(path, readonly=True) as session:
        assert session.event.tiebreak_edition == "ffe-annex"
