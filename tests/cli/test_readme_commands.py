"""The README's "Use" section: every command line it shows is one the CLI accepts as written (the parser reads
each line's arguments; a renamed option or subcommand fails here, not in a newcomer's terminal)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tournament_desk.cli import engine
from tournament_desk.cli.main import _command_index, _result_value, build_parser

README = Path(__file__).resolve().parents[2] / "README.md"


def _readme_commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    use = text[text.index("## Use"):text.index("\n## ", text.index("## Use") + 1)]
    lines = []
    for block in re.findall(r"```\n(.*?)```", use, flags=re.S):
        for line in block.splitlines():
            command = line.split("  #", 1)[0].strip()
            if command.startswith("tournament-desk "):
                lines.append(command)
    return lines


def test_the_readme_shows_the_commands() -> None:
    commands = _readme_commands()
    assert len(commands) >= 20
    assert {shlex.split(c)[1] for c in commands} >= {"new", "pair", "result", "results", "export", "rate"}


@pytest.mark.parametrize("command", _readme_commands())
def test_each_readme_command_parses(command: str) -> None:
    argv = shlex.split(command)[1:]
    # as cli.main.run reads them: the engine interface has its own parser, a result such as -+ is not an option
    if argv[0] == "pair" and "--dutch" in argv:
        args = engine._parser().parse_args(argv[1:])  # argparse exits (SystemExit) on anything it refuses
        assert args.dutch
        return
    if argv[0] == "result":
        argv, _dash = _result_value(argv, _command_index(argv) + 1)
    args = build_parser([argv[0]]).parse_args(argv)
    assert args.command == argv[0]
