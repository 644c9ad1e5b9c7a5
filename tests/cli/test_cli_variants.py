"""CLI: a full event — 40 players, 6 score-group rounds in Kashdan scoring, then a top 8 to a champion — plus the
manual-pairing commands. The commands go through a parser built here with ``add_variant_parsers``."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import pytest

from tournament_desk.cli.variants import VARIANT_COMMANDS, add_variant_parsers
from tournament_desk.core.errors import StateError, TournamentError
from tournament_desk.core.model import Event, PairingSystem
from tournament_desk.core.operations import AddPlayers, RecordResult
from tournament_desk.core.scoring import KASHDAN
from tournament_desk.services.session import EventSession


def _run(argv: list[str], lang: str = "en") -> int:
    parser = argparse.ArgumentParser(prog="tournament-desk")
    add_variant_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    try:
        VARIANT_COMMANDS[args.command](args, lang)
    except TournamentError as exc:
        print(f"tournament-desk: {exc.message(lang)}", file=sys.stderr)
        return 4 if isinstance(exc, StateError) else 3
    return 0


def _results(path: Path, rng: random.Random, choices: tuple[str, ...]) -> None:
    with EventSession.open(path) as session:
        state = session.state()
        for g in state.round(state.last_round).games:
            session.run(RecordResult(g.round, g.board, rng.choice(choices)))


def test_forty_players_six_rounds_then_top_eight(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "open.tdesk"
    rng = random.Random(2026)
    with EventSession.create(path, Event("Open", system=PairingSystem.SCORE_GROUP, rounds=6,
                                         scoring=KASHDAN)) as session:
        session.run(AddPlayers([{"surname": f"P{i:02d}", "ratings": (("fide", 2300 - 7 * i),)} for i in range(40)]))
    for number in range(1, 7):
        assert _run(["pair-scoregroup", str(path), "--json"]) == 0
        rnd = json.loads(capsys.readouterr().out)
        assert rnd["number"] == number and len(rnd["boards"]) == 20 and not rnd["byes"]
        assert rnd["rematches"] == []
        if number == 1:
            with EventSession.open(path, readonly=True) as session:
                by_rating = [p.id for p in sorted(session.state().players,
                                                  key=lambda p: -(p.rating("fide") or 0))]
            assert {frozenset((b["white"], b["black"])) for b in rnd["boards"]} == {
                frozenset((by_rating[i], by_rating[i + 20])) for i in range(20)}  # seed 004 L13-15
        assert _run(["pair-scoregroup", str(path)]) == 4  # results missing
        assert "misses results" in capsys.readouterr().err
        _results(path, rng, ("1-0", "0-1", "1/2", "1-0", "0-1"))
    with EventSession.open(path, readonly=True) as session:
        state = session.state()
    pairs = [frozenset(g.players()) for r in state.rounds for g in r.games]
    assert len(pairs) == len(set(pairs)) == 120  # no rematch in 6 rounds
    assert all(state.score(p.id) >= 6 * KASHDAN.loss for p in state.players)  # Kashdan: 1 point per game played

    assert _run(["topcut", str(path), "start", "--size", "8", "--draws", "higher-seed", "--json"]) == 0
    start = json.loads(capsys.readouterr().out)
    assert start["size"] == 8 and start["recommended"] == 8 and len(start["seeds"]) == 8
    for stage in range(3):
        assert _run(["topcut", str(path), "pair", "--json"]) == 0
        rnd = json.loads(capsys.readouterr().out)
        assert rnd["number"] == 7 + stage and len(rnd["boards"]) == 4 >> stage
        _results(path, rng, ("1-0", "0-1", "1/2"))
    assert _run(["topcut", str(path), "pair"]) == 4
    assert "champion is known" in capsys.readouterr().err
    pdf = tmp_path / "bracket.pdf"
    assert _run(["topcut", str(path), "show", "--json", "--pdf", str(pdf)]) == 0
    bracket = json.loads(capsys.readouterr().out)
    assert pdf.read_bytes().startswith(b"%PDF")
    seeds = start["seeds"]
    assert [(m["player_a"], m["player_b"]) for m in bracket["stages"][0]] == [
        (seeds[0], seeds[7]), (seeds[3], seeds[4]), (seeds[1], seeds[6]), (seeds[2], seeds[5])]
    final = bracket["stages"][2][0]
    assert bracket["champion"] == final["winner"] is not None
    assert _run(["topcut", str(path), "show"], "fr") == 0
    assert "Vainqueur" in capsys.readouterr().out


def test_manual_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "manual.tdesk"
    with EventSession.create(path, Event("Suisse", system=PairingSystem.MANUAL, rounds=3)) as session:
        session.run(AddPlayers([{"surname": f"M{i}"} for i in range(1, 6)]))
    assert _run(["manual", str(path), "candidates", "1", "--json"]) == 0
    assert [c["id"] for c in json.loads(capsys.readouterr().out)] == [2, 3, 4, 5]
    assert _run(["manual", str(path), "pair", "--board", "1:2", "--board", "3:4", "--bye", "5"]) == 0
    capsys.readouterr()
    _results(path, random.Random(1), ("1-0",))
    assert _run(["manual", str(path), "check", "--board", "1:2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {i["code"] for i in report["issues"]} >= {"rematch", "missing"}
    assert _run(["manual", str(path), "pair", "--board", "2:1", "--board", "3:5", "--bye", "4"]) == 3
    assert "already met" in capsys.readouterr().err
    assert _run(["manual", str(path), "pair", "--board", "2:1", "--board", "3:5", "--bye", "4",
                 "--reason", "last round, no other way"]) == 0
    captured = capsys.readouterr()
    assert "override (rematch): last round, no other way" in captured.out
    assert "warning" in captured.err
    with EventSession.open(path, readonly=True) as session:
        assert any("last round, no other way" in e.label.text("en") for e in session.audit_log())
    assert _run(["manual", str(path), "pair", "--board", "1-2"]) == 3
    assert "WHITE_ID:BLACK_ID" in capsys.readouterr().err
