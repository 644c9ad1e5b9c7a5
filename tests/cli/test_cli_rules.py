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
    _run(["rules", str(event_file)])
    out = capsys.readouterr().out
    assert out.startswith("Rule settings (what each means: tournament-desk rules --doc):")
    for s in RULE_SETTINGS:
        assert s.key in out and s.section("en") in out
    assert "ffe-annex (default)" in out
    _run(["rules", str(event_file)], lang="fr")
    out = capsys.readouterr().out
    assert "Réglages des règles" in out and "ffe-annex (défaut)" in out and "partie non jouée = nulle" in out


def test_json(event_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(["rules", str(event_file), "--json"])
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
    assert "Rule setting tiebreaks.edition = fide2023" in out
    assert "fide2023\n" in out and "slow\n" in out
    _run(["rules", str(event_file), "--json", "--set", "ffjd.organiser_estimate=1400"])
    rows = {r["key"]: r for r in json.loads(capsys.readouterr().out)["settings"]}  # JSON only on stdout
    assert rows["ffjd.organiser_estimate"]["value"] == "1400" and rows["ffjd.organiser_estimate"]["stored"]
    with EventSession.open(event_file, readonly=True) as session:
        assert session.event.tiebreak_edition == "fide2023"
        assert session.options()["ffjd.cadence"] == "slow"


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
    _run(["rules", "--doc"])
    assert capsys.readouterr().out.strip() == data["path"]
