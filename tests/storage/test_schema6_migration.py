"""Schema 6 (issue 28): the undo journal and the audit log keep each action's name as a message (JSON), not as its
English and French texts.

``tests/data/legacy/schema5-journal.tdesk`` was written by the release before schema 6 through its CLI: a 5-round
FIDE Dutch event, six players, ``rules --set tiebreaks.edition=fide2026``, a half-point bye requested for round 2,
round 1 paired, board 1 ``1-0``, board 2 ``1/2`` corrected to ``0-1`` (``--replace``), that correction undone and
redone, board 3 ``+-`` then undone (left to redo). Its ``journal`` and ``audit`` hold ``label_en`` and
``label_fr``; the audit has ``do``, ``undo`` and ``redo`` rows. ``schema4-edition-seed003.tdesk`` (see
``test_schema5_migration.py``) goes through 0005 and 0006 on the same open.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from tournament_desk.core.messages import Msg, PerLanguage
from tournament_desk.core.operations import AddPlayer, RecordResult
from tournament_desk.core.results import GameResult
from tournament_desk.services.bundle import audit_csv
from tournament_desk.services.session import EventSession
from tournament_desk.storage.backup import file_problems

LEGACY = Path(__file__).parents[1] / "data" / "legacy"
FILES = ["schema5-journal.tdesk", "schema4-edition-seed003.tdesk"]


def _names_before(legacy: Path, table: str, extra: str) -> list[tuple]:
    """The rows of ``table`` as the previous release wrote them (0005 renamed seed003 in the names)."""
    with sqlite3.connect(legacy) as conn:
        rows = conn.execute(f"SELECT {extra}, label_en, label_fr FROM {table} ORDER BY id").fetchall()
    return [(*row[:-2], row[-2].replace("seed003", "ffe-annex"), row[-1].replace("seed003", "ffe-annex"))
            for row in rows]


@pytest.mark.parametrize("name", FILES)
def test_an_older_file_shows_its_undo_history_in_both_languages_and_undoes(tmp_path: Path, name: str) -> None:
    legacy = LEGACY / name
    with sqlite3.connect(legacy) as conn:  # the file really is of a previous release
        assert conn.execute("PRAGMA user_version").fetchone()[0] in (4, 5)
    audit = _names_before(legacy, "audit", "kind")
    journal = _names_before(legacy, "journal", "undone")
    done = [(en, fr) for undone, en, fr in journal if not undone]
    undone = [(en, fr) for was_undone, en, fr in journal if was_undone]
    path = tmp_path / name
    shutil.copy(legacy, path)
    with EventSession.open(path) as session:
        log = session.audit_log()
        assert [(e.kind, e.label.text("en"), e.label.text("fr")) for e in log] == audit
        assert all(isinstance(e.label, PerLanguage) for e in log)  # which message wrote them is not known
        assert (session.undo_label("en"), session.undo_label("fr")) == done[-1]
        assert session.redo_label("fr") == (undone[0][1] if undone else None)
        before = session.state()
        change = session.undo()
        assert change is not None and change.label("fr") == f"Annuler : {done[-1][1]}"
        assert change.label("en") == f"Undo: {done[-1][0]}"
        assert (session.redo_label("en"), session.redo_label("fr")) == done[-1]
        change = session.redo()
        assert change is not None and change.label("fr") == f"Rétablir : {done[-1][1]}"
        assert session.state() == before
        # A new action is stored as its message, beside the names of the previous release.
        session.run(AddPlayer(surname="Zidane", first_name="Éric"))
        assert session.undo_label("fr") == "Inscrire ZIDANE Éric"
        log = session.audit_log()
        assert [e.kind for e in log[-3:]] == ["undo", "redo", "do"]
        assert log[-1].label == Msg("Add player {name}", {"name": "ZIDANE Éric"})
        assert log[-2].label.text("fr") == done[-1][1]
        # The bundle's audit-log.csv keeps its columns.
        rows = list(csv.reader(io.StringIO(audit_csv(log).decode("utf-8-sig")), delimiter=";"))
        assert rows[0][:5] == ["at_utc", "arbiter", "kind", "action_en", "action_fr"]
        assert rows[-1][2:5] == ["do", "Add player ZIDANE Éric", "Inscrire ZIDANE Éric"]
        assert [r[3:5] for r in rows[1:len(audit) + 1]] == [[en, fr] for _kind, en, fr in audit]
    with sqlite3.connect(path) as conn:
        columns = {t: [c[1] for c in conn.execute(f"PRAGMA table_info({t})")] for t in ("journal", "audit")}
        names = [json.loads(r[0]) for r in conn.execute("SELECT label FROM audit ORDER BY id")]
    assert all("label" in c and "label_en" not in c and "label_fr" not in c for c in columns.values())
    assert names[:len(audit)] == [{"en": en, "fr": fr} for _kind, en, fr in audit]
    assert names[-1] == {"msgid": "Add player {name}", "params": {"name": "ZIDANE Éric"}}
    assert file_problems(path) == []


def test_the_schema5_file_undoes_its_results_as_written(tmp_path: Path) -> None:
    path = tmp_path / "angers.tdesk"
    shutil.copy(LEGACY / "schema5-journal.tdesk", path)
    with EventSession.open(path) as session:
        results = {g.board: g.result for g in session.state().rounds[0].games}
        assert results == {1: GameResult.WHITE_WIN, 2: GameResult.BLACK_WIN, 3: None}
        assert session.redo_label("en") == "Result round 1 board 3: Nguyen-Moreau +-"
        session.redo()
        assert session.state().rounds[0].games[2].result is GameResult.WHITE_FORFEIT_WIN_UNEXCUSED
        session.undo()
        session.undo()  # the correction 1/2 -> 0-1, stored by the previous release
        assert session.state().rounds[0].games[1].result is GameResult.DRAW
        assert session.undo_label("fr") == "Résultat ronde 1 table 2 : Lefèvre-Martin ½-½"
        session.run(RecordResult(1, 2, "0-1", replace=True))  # drops the two entries left to redo
        assert session.redo_label() is None
        assert session.undo_label("fr") == "Résultat ronde 1 table 2 : Lefèvre-Martin 0-1"
