"""Issue 20 (start-up) and issue 19.5 (``result ... -+``): what the CLI imports, and how it reads its arguments.

Speed itself is measured in benchmarks/cli_calls.py; here we check the cause of slow start-ups: importing the
CLI, ``--version``, ``--help`` and the engine interface ``pair --dutch`` must not load the GUI toolkit, the
PDF library, scipy or the database layer.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.cli.main import SUBCOMMANDS, build_parser

HEAVY = ("PySide6", "reportlab", "scipy", "sqlalchemy", "alembic")
DATA = Path(__file__).resolve().parents[1] / "data" / "dutch"


def _loaded_after(code: str) -> list[str]:
    probe = (
        "import sys\n"
        f"{code}\n"
        f"print('loaded:' + ','.join(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120)
    last = proc.stdout.strip().splitlines()[-1]
    assert last.startswith("loaded:"), proc.stdout
    return [m for m in last.removeprefix("loaded:").split(",") if m]


def test_importing_the_cli_loads_nothing_heavy() -> None:
    assert _loaded_after("import tournament_desk.__main__, tournament_desk.cli.main") == []


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["result", "--help"], ["standings", "--help"]])
def test_version_and_help_load_nothing_heavy(args: list[str]) -> None:
    code = (
        "from tournament_desk.__main__ import main\n"
        "import contextlib, io\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        f"        main({args!r})\n"
        "    except SystemExit as exc:\n"
        "        assert exc.code == 0, exc.code\n"
    )
    loaded = _loaded_after(code)
    if args[0] == "standings":  # its help needs the tie-break codes; still no GUI, no PDF, no scipy
        loaded = [m for m in loaded if m not in ("sqlalchemy", "alembic")]
    assert loaded == []


def test_engine_interface_loads_nothing_heavy(tmp_path: Path) -> None:
    trf = tmp_path / "open.trf"  # a fixture, with the number of rounds the engine interface needs
    trf.write_bytes((DATA / "swiss_031p_11r_74634154.trf").read_bytes() + b"XXR 12\r")
    out = tmp_path / "out.txt"
    loaded = _loaded_after(
        "from tournament_desk.__main__ import main\n"
        f"assert main(['pair', '--dutch', {str(trf)!r}, '-p', {str(out)!r}]) == 0\n"
    )
    assert loaded == []
    assert out.read_text().split()[0] == "16"  # 31 players: 15 boards and the bye


def test_engine_interface_goes_straight_to_the_engine(tmp_path: Path) -> None:
    """Issue 33 item 7: ``pair --dutch`` (called once per round by other programs) is sent to the engine
    interface before the main parser is imported: neither ``cli.main`` (its subcommand table, sources and
    formatting) nor the message catalogue nor ``json`` (only ``--json`` answers need it) is loaded, and the
    pairing is the one ``cli.main.run`` makes."""
    trf = tmp_path / "open.trf"
    trf.write_bytes((DATA / "swiss_031p_11r_74634154.trf").read_bytes() + b"XXR 12\r")
    out = tmp_path / "out.txt"
    probe = (
        "import sys\n"
        "from tournament_desk.__main__ import main\n"
        f"assert main(['pair', '--dutch', {str(trf)!r}, '-p', {str(out)!r}]) == 0\n"
        "names = ('tournament_desk.cli.main', 'tournament_desk.core.messages', 'json')\n"
        "print(','.join(m for m in names if m in sys.modules))\n"
    )
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120)
    assert proc.stdout.strip() == ""
    from tournament_desk.cli.main import run

    again = tmp_path / "again.txt"
    assert run(["pair", "--dutch", str(trf), "-p", str(again)]) == 0
    assert out.read_text() == again.read_text() and out.read_text().split()[0] == "16"


def test_version_output(capsys: pytest.CaptureFixture[str]) -> None:
    from tournament_desk import __version__

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"tournament-desk {__version__}"


def test_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for name, (text, *_rest) in SUBCOMMANDS.items():
        assert name in out and text.split()[0] in out


def test_subcommand_table_matches_what_the_modules_register() -> None:
    """The help lines of SUBCOMMANDS are those the command modules register (nothing missing or stale)."""
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command")
    seen: set[tuple[str, str]] = set()
    for _text, module, _handler, register in SUBCOMMANDS.values():
        if module == "tournament_desk.cli.main" or (module, register) in seen:
            continue
        seen.add((module, register))
        getattr(importlib.import_module(module), register)(sub)
    registered = {a.dest: a.help for a in sub._choices_actions}
    listed = {n: t for n, (t, m, *_r) in SUBCOMMANDS.items() if m != "tournament_desk.cli.main"}
    assert registered == listed
    for name, (_text, module, handler, _register) in SUBCOMMANDS.items():
        assert callable(getattr(importlib.import_module(module), handler)), name


def test_full_parser_builds_every_command() -> None:
    parser = build_parser()
    args = parser.parse_args(["standings", "x.tdesk", "--after-round", "2"])
    assert args.after_round == 2
    args = parser.parse_args(["topcut", "x.tdesk", "start", "--size", "8"])
    assert args.size == 8


def _paired_event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, list[dict]]:
    path = str(tmp_path / "forfeits.tdesk")
    assert main(["new", path, "--name", "Forfeits", "--system", "dutch", "--rounds", "5"]) == 0
    ratings = [2210, 2150, 2094, 2030, 1985, 1902, 1875, 1810]
    random.Random(19).shuffle(ratings)  # registered out of rating order
    for i, rating in enumerate(ratings):
        assert main(["players", "add", path, "--surname", f"Joueur{i}", "--rating", str(rating)]) == 0
    capsys.readouterr()
    assert main(["pair", path, "--json"]) == 0
    return path, json.loads(capsys.readouterr().out)["boards"]


def test_result_minus_plus_is_a_result_not_an_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 19.5: ``-+`` (Black wins by forfeit) as typed by an arbiter, at the end or before other options."""
    path, boards = _paired_event(tmp_path, capsys)
    assert main(["result", path, "--round", "1", "--board", "1", "-+", "--json"]) == 0
    board1 = json.loads(capsys.readouterr().out)["boards"][0]
    assert main(["result", path, "--round", "1", "--board", "2", "+-"]) == 0
    assert main(["result", path, "--round", "1", "--board", "3", "--"]) == 0  # double forfeit
    assert main(["result", path, "-+", "--round", "1", "--board", "4"]) == 0
    capsys.readouterr()
    assert main(["rounds", path, "--json"]) == 0
    games = json.loads(capsys.readouterr().out)[0]["boards"]
    assert board1["white"] == boards[0]["white"]
    results = [g["result"] for g in games]
    assert results[0] == results[3] and results[0] != results[1]
    assert len(set(results)) == 3, results
    # a result written after an explicit end of options still works, and a wrong one is still refused
    assert main(["result", path, "--round", "1", "--board", "4", "--replace", "--", "1-0"]) == 0
    with pytest.raises(SystemExit) as exc:
        main(["result", path, "--round", "1", "--board", "1", "--replace", "-x"])
    assert exc.value.code == 2
    assert "the following arguments are required: result" in capsys.readouterr().err
