"""Issue 27 item 3: rule-setting values are checked when the file opens, like every other row.

* A value no version writes (garbage, a number out of range, Scrabble thresholds that do not decrease) is a named
  problem: ``EventFileDamagedError``.
* A value a newer version may have written (an unknown choice of a known setting, an unknown option in a rule
  namespace) is a problem too when no newer version wrote the file; when the file's meta data says one did,
  the file opens, the value is named in a warning (the session's, the CLI's stderr line, ``rules``), the default
  applies in its place, and the file keeps the value — never replaced silently.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tournament_desk import __version__
from tournament_desk.__main__ import main
from tournament_desk.core.model import Event
from tournament_desk.core.operations import AddPlayer
from tournament_desk.core.results import Discipline
from tournament_desk.services.event_files import WRITTEN_WITH
from tournament_desk.services.rules import current_rule_settings, rule_kwargs, set_rule_settings
from tournament_desk.services.session import EventFileDamagedError, EventSession
from tournament_desk.storage.validate import newest_writer, version_key, written_by_newer_version

NEWER = "tournament_desk 99.1.0"


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "open.tdesk"
    with EventSession.create(path, Event.for_discipline("Open", Discipline.CHESS, rounds=5)) as s:
        s.run(AddPlayer(surname="Alpha"))
        set_rule_settings(s, {"ffjd.cadence": "slow"})
    return path


def _store(path: Path, *, edition: str | None = None, options: dict[str, str] | None = None,
           writer: str | None = None) -> None:
    """What another program (or a newer version) left in the file, written behind the program's back."""
    con = sqlite3.connect(path)
    if edition is not None:
        con.execute("UPDATE event SET tiebreak_edition = ?", (edition,))
    for key, value in (options or {}).items():
        con.execute('INSERT OR REPLACE INTO "option" (key, value) VALUES (?, ?)', (key, value))
    if writer is not None:
        con.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (WRITTEN_WITH, writer))
    con.commit()
    con.close()


def _damaged(path: Path) -> list[str]:
    with pytest.raises(EventFileDamagedError) as exc:
        EventSession.open(path)
    return [p.text("en") for p in exc.value.problems]


def test_the_versions_recorded_in_the_file() -> None:
    assert version_key("tournament_desk 0.10.2") == (0, 10, 2) > version_key("tournament_desk 0.9") == (0, 9)
    assert version_key("?") is None
    meta = {"created_with": "tournament_desk 0.1.0", WRITTEN_WITH: "tournament_desk 0.3.0"}
    assert newest_writer(meta) == "tournament_desk 0.3.0"
    assert written_by_newer_version(meta, "0.2.9") and not written_by_newer_version(meta, "0.3.0")
    assert not written_by_newer_version({}, "0.1.0")


def test_the_newest_writer_is_recorded_and_kept(event: Path) -> None:
    with EventSession.open(event) as s:
        assert s.meta()[WRITTEN_WITH] == f"tournament_desk {__version__}"
    _store(event, writer=NEWER)
    with EventSession.open(event) as s:  # an older version opening it for writing keeps the newest writer
        assert s.meta()[WRITTEN_WITH] == NEWER
    con = sqlite3.connect(event)
    con.execute("DELETE FROM meta WHERE key = ?", (WRITTEN_WITH,))  # a file of a version that did not record it
    con.commit()
    con.close()
    with EventSession.open(event, readonly=True) as s:
        assert WRITTEN_WITH not in s.meta()  # reading writes nothing
    with EventSession.open(event) as s:
        assert s.meta()[WRITTEN_WITH] == f"tournament_desk {__version__}"


@pytest.mark.parametrize(("stored", "named"), [
    ({"options": {"ffjd.organiser_estimate": "9999"}},
     "table option, row ffjd.organiser_estimate: ffjd.organiser_estimate must be a number from 600 to 3000, "
     "not '9999'"),
    ({"options": {"scrabble.joker_threshold": "lots"}}, "scrabble.joker_threshold must be a whole number"),
    ({"options": {"ffjd.cadence": "slow; DROP"}}, "table option, row ffjd.cadence: 'slow; DROP' is not a value"),
    ({"edition": "Not An Edition!"}, "table event, row 1: 'Not An Edition!' is not a value of tiebreaks.edition"),
    ({"options": {"scrabble.a_threshold": "3000"}},
     "must decrease from Joker to B, not Joker 2900, A 3000, B 1600"),
])
def test_an_invalid_value_is_a_named_problem_even_from_a_newer_version(event: Path, stored: dict[str, object],
                                                                       named: str) -> None:
    _store(event, **stored)  # type: ignore[arg-type]
    assert any(named in p for p in _damaged(event)), _damaged(event)
    _store(event, writer=NEWER)  # a newer version writes no garbage either
    assert any(named in p for p in _damaged(event))


@pytest.mark.parametrize("stored", [{"options": {"ffjd.cadence": "blitz"}}, {"edition": "fide2030"},
                                    {"options": {"scrabble.new_setting": "on"}}])
def test_a_value_of_a_newer_version_is_a_problem_when_no_newer_version_wrote_the_file(
        event: Path, stored: dict[str, object]) -> None:
    _store(event, **stored)  # type: ignore[arg-type]
    problems = _damaged(event)
    assert any("no newer version of the program wrote this file" in p for p in problems), problems


def test_a_value_of_a_newer_version_is_a_warning_never_replaced(event: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    _store(event, edition="fide2030", options={"ffjd.cadence": "blitz", "scrabble.new_setting": "on"},
           writer=NEWER)
    with EventSession.open(event) as s:
        warnings = [w.text("en") for w in s.warnings]
        assert len(warnings) == 3
        assert ("tiebreaks.edition = 'fide2030' was written by a newer version (tournament_desk 99.1.0) and this one "
                f"(tournament_desk {__version__}) does not understand it: ffe-annex applies here") in warnings[0]
        assert "ffjd.cadence = 'blitz'" in warnings[1] and "auto applies here" in warnings[1]
        assert "the option scrabble.new_setting = 'on'" in warnings[2] and "no effect here" in warnings[2]
        assert "version plus récente" in s.warnings[0].text("fr")
        values = {v.key: v for v in current_rule_settings(s)}
        assert (values["ffjd.cadence"].value, values["ffjd.cadence"].stored,
                values["ffjd.cadence"].not_understood) == ("auto", False, "blitz")
        assert rule_kwargs(s, "ffjd") == {}  # what applies: the default
        # another setting changed: the values not understood stay in the file
        set_rule_settings(s, {"ffjd.present": "registered"})
    with EventSession.open(event, readonly=True) as s:
        assert s.event.tiebreak_edition == "fide2030"
        assert s.options() == {"ffjd.cadence": "blitz", "ffjd.present": "registered", "scrabble.new_setting": "on"}
    # the CLI: one line on stderr for a command that opens the event, the command itself goes on
    assert main(["show", str(event)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("tournament-desk: warning: open.tdesk: tiebreaks.edition = 'fide2030'")
    # `rules` shows the stored value, marked as not understood, and the value that applies (`--all`: this chess
    # event's `rules` lists only the chess settings, issue 30; the FFJD ones are asked for)
    assert main(["rules", str(event), "--all"]) == 0
    out = capsys.readouterr().out
    assert "ffjd.cadence               auto (default)" in out
    assert "the file holds 'blitz', which this version does not understand (written by a newer version): auto " \
           "applies" in out
    # choosing a value replaces it (an explicit choice of the arbiter)
    assert main(["rules", str(event), "--set", "ffjd.cadence=slow", "--set", "tiebreaks.edition=fide2023"]) == 0
    with EventSession.open(event, readonly=True) as s:
        assert [w.text("en").split(" ")[0] for w in s.warnings] == ["the"]  # only the unknown option is left
