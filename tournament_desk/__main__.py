"""``python -m tournament_desk`` and the ``tournament-desk`` command.

No argument (or an event file): the GUI. A subcommand: the headless CLI.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or (len(args) == 1 and args[0].endswith(".tdesk")):
        from tournament_desk.gui.app import run_gui

        return run_gui(args[0] if args else None)
    from tournament_desk.cli.main import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
