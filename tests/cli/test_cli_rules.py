"""CLI `rules` (issue 12), through a parser that registers only this subcommand."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from tournament_desk.cli.rules import add_rules_parser, cmd_rules
from tournament_desk.core.errors import NotFoundError, ValidationError
from tournament_desk.core.model import Event
from tournament_desk.core.results import Discipline
from tournament_desk.core.rule_settings import RULE_SETTINGS
from tournament_desk.services.session import EventSession


def _run(argv: list[str], lang: str = "en") -> None:
    parser = argparse.ArgumentParser(prog="tournament-desk")
    add_rules_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    cmd_rules(args, lang)


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    path = tmp_path / "open.tdesk"
    with EventSession.create(path, Event.for_discipline("Open", Discipline.CHESS, rounds=5)):
        pass
    return path


def test_list_every_setting_with_value_and_section(event_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(["rules", str(event_file), "--all"])
    out = capsys.readouterr().out
    assert out.startswith("Rule settings (what each means: tournament-desk rules --doc):")
    for s in RULE_SETTINGS:
        assert s.key in out and s.section("en") in out
    assert "ffe-annex (default)" in out
    _run(["rules", str(event_file)], lang="fr")
    out = capsys.readouterr().out
    assert "Réglages des règles" in out and "ffe-annex (défaut)" in out and "partie non jouée = nulle" in out


def test_json(event_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(["rules", str(event_file), "--json", "--all"])
    data = json.loads(capsys.readouterr().out)
    rows = {r["key"]: r for r in data["settings"]}
    assert set(rows) == {s.key for s in RULE_SETTINGS}
    assert rows["tiebreaks.edition"]["value"] == "ffe-annex" and rows["tiebreaks.edition"]["stored"] is False
    assert rows["tiebreaks.edition"]["allowed"] == ["ffe-annex", "fide2023", "fide2026"]
    assert rows["ffjd.organiser_estimate"]["allowed"] == {"minimum": 600, "maximum": 3000, "optional": True,
                                                        "integer": False}
    assert data["doc"].endswith("rules.md")


def test_set_then_list(event_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(["rules", str(event_file), "--set", "tiebreaks.edition=fide2023", "--set", "ffjd.cadence=slow"])
    out = capsys.readouterr().out
    assert "Rule settings: tiebreaks.edition = fide2023, ffjd.cadence = slow" in out
    assert "fide2023\n" in out and "slow\n" in out
    _run(["rules", str(event_file), "--json", "--all", "--set", "ffjd.organiser_estimate=1400"])
    rows = {r["key"]: r for r in json.loads(capsys.readouterr().out)["settings"]}  # JSON only on stdout
    assert rows["ffjd.organiser_estimate"]["value"] == "1400" and rows["ffjd.organiser_estimate"]["stored"]
    with EventSession.open(event_file, readonly=True) as session:
        assert session.event.tiebreak_edition == "fide2023"
        assert session.options()["ffjd.cadence"] == "slow"


@pytest.mark.parametrize(("discipline", "expected"), [
    (Discipline.CHESS, {"tiebreaks.edition"}),
    (Discipline.DRAUGHTS, {"ffjd.cadence", "ffjd.organiser_estimate", "ffjd.present"}),
    (Discipline.SCRABBLE, {"scrabble.event_kind", "scrabble.classic_b", "scrabble.joker_threshold",
                           "scrabble.a_threshold", "scrabble.b_threshold"}),
])
def test_only_the_settings_of_the_event_by_default(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   discipline: Discipline, expected: set[str]) -> None:
    """Issue 30: the rules list shows what applies to the event's discipline and rating system. Chess rated by
    FIDE: the tie-breaks' unplayed games only; draughts (FFJD, the Solkoff family, which counts games as played):
    the FFJD settings only; Scrabble (the capped spread, cote PL): the Scrabble settings only."""
    path = tmp_path / f"{discipline.value}.tdesk"
    with EventSession.create(path, Event.for_discipline("Open", discipline, rounds=5)):
        pass
    _run(["rules", str(path), "--json"])
    assert {r["key"] for r in json.loads(capsys.readouterr().out)["settings"]} == expected
    _run(["rules", str(path)], lang="fr")
    out = capsys.readouterr().out
    assert all(key in out for key in expected)
    assert not any(s.key in out for s in RULE_SETTINGS if s.key not in expected)


def test_errors(event_file: Path) -> None:
    with pytest.raises(ValidationError, match="not KEY=VALUE"):
        _run(["rules", str(event_file), "--set", "tiebreaks.edition"])
    with pytest.raises(NotFoundError):
        _run(["rules", str(event_file), "--set", "elo.dp_interpolation=linear"])
    with pytest.raises(ValidationError) as exc:
        _run(["rules", str(event_file), "--set", "ffjd.cadence=blitz"])
    assert "valeurs permises : auto, slow, accelerated" in exc.value.message("fr")
    with pytest.raises(ValidationError, match="Give an event file"):
        _run(["rules"])


def test_doc(capsys: pytest.CaptureFixture[str]) -> None:
    _run(["rules", "--doc", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["path"].endswith("docs/rules.md") and data["exists"] is True
    _run(["rules", "--doc", "--path"])
    assert capsys.readouterr().out.strip() == data["path"]
    # The document itself, as a user reads it: the sources by their titles, the settings, no developer's paths.
    _run(["rules", "--doc"])
    text = capsys.readouterr().out
    assert text == Path(data["path"]).read_text(encoding="utf-8").rstrip("\n") + "\n"
    assert "« Règlement du Classement National »" in text and "tiebreaks.edition" in text
    assert "tests/" not in text and "tournament_desk/" not in text and ".py" not in text


def _file(path: Path) -> tuple[object, int, str | None]:
    """What the event file holds: its state, its undo steps, the last one's name."""
    with EventSession.open(path, readonly=True) as session:
        return session.state(), len(session._repo.journal()), session.undo_label()


@pytest.mark.parametrize("second", ["ffjd.cadence=nonsense", "tiebreaks.edition=nonsense",
                                    "ffjd.organiser_estimate=9999", "elo.unknown=1"])
def test_several_settings_are_refused_whole(event_file: Path, second: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27 item 3: a wrong value anywhere in one `rules` call stores nothing (exit 3, no undo step), and the
    message names the wrong one."""
    from tournament_desk.__main__ import main

    assert main(["rules", str(event_file), "--set", "scrabble.b_threshold=1500"]) == 0
    before = _file(event_file)
    capsys.readouterr()
    code = main(["rules", str(event_file), "--set", "ffjd.cadence=slow", "--set", second])
    err = capsys.readouterr().err
    assert code == 3
    key, value = second.split("=")
    assert key in err and (value in err or key.startswith("elo."))  # an unknown key is named, not its value
    assert _file(event_file) == before  # values, journal and its last step unchanged


def test_a_setting_given_twice_is_refused_naming_the_wrong_value(event_file: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from tournament_desk.__main__ import main

    before = _file(event_file)
    assert main(["rules", str(event_file), "--set", "ffjd.cadence=slow", "--set", "ffjd.cadence=nonsense"]) == 3
    err = capsys.readouterr().err
    assert "'nonsense' is not a value of ffjd.cadence" in err
    assert _file(event_file) == before
    assert main(["rules", str(event_file), "--set", "ffjd.cadence=slow", "--set", "FFJD.cadence=accelerated"]) == 3
    assert "ffjd.cadence is given twice" in capsys.readouterr().err
    assert _file(event_file) == before


def test_a_good_batch_is_one_undo_step(event_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Several settings, the event's tie-break edition among them: one undo step, and `undo` once restores all.
    The Scrabble thresholds are checked on the combination given (raising Joker and A together is allowed,
    though A alone above the current Joker is not)."""
    from tournament_desk.__main__ import main

    before, steps, _ = _file(event_file)
    assert main(["rules", str(event_file), "--set", "tiebreaks.edition=fide2026", "--set", "ffjd.cadence=slow",
                 "--set", "scrabble.a_threshold=3000", "--set", "scrabble.joker_threshold=3500"]) == 0
    assert main(["rules", str(event_file), "--set", "scrabble.a_threshold=3600"]) == 3  # Joker 3500 > A
    assert "must decrease from Joker to B" in capsys.readouterr().err
    _after, steps_after, label = _file(event_file)
    assert steps_after == steps + 1
    assert label == ("Rule settings: tiebreaks.edition = fide2026, ffjd.cadence = slow, scrabble.a_threshold = 3000, "
                     "scrabble.joker_threshold = 3500")
    with EventSession.open(event_file, readonly=True) as session:
        assert session.event.tiebreak_edition == "fide2026"
        assert session.options() == {"ffjd.cadence": "slow", "scrabble.a_threshold": "3000",
                                     "scrabble.joker_threshold": "3500"}
    assert main(["undo", str(event_file)]) == 0
    assert _file(event_file)[0] == before
