"""``python -m tournament_desk`` and the ``tournament-desk`` command.

No argument (or an event file): the GUI. A subcommand: the headless CLI.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or (len(args) == 1 and args[0].endswith(".tdesk")):
        from tournament_desk.gui.app import run_gui

        return run_gui(args[0] if args else None)
    if args[:1] == ["pair"] and "--dutch" in args:
        # The engine interface other programs call once per round (cli.main.run sends it to the same place):
        # straight there, without the main parser's imports (its subcommands, sources and formatting).
        from tournament_desk.cli.engine import main_dutch

        return main_dutch(args[1:])
    from tournament_desk.cli.main import run

    return run(args)


def console() -> None:
    """The ``tournament-desk`` command (and ``python -m tournament_desk``): :func:`main`, then exit.

    The engine interface (``pair --dutch``) is what other programs call once per round, so its whole call is
    what they wait for; the interpreter's teardown (freeing every object of the pairing, then the modules)
    costs it about 10 ms of a 0.12 s call. Its output is written and its files closed by then, and it holds
    no database, thread or atexit duty, so it ends with ``os._exit`` once stdout and stderr are flushed.
    Every other command (event files, the GUI's settings) exits normally.

    Either way the streams are flushed here first (:func:`cli.output.finish`): a standard output that cannot
    take what is left (a full disk, a reader gone) ends with code 5, never with a traceback or the
    interpreter's own code 120 for a failed flush at exit."""
    from tournament_desk.cli.output import finish

    argv = sys.argv[1:]
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse: --help, --version, a usage error (already said on stderr)
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
    code = finish(code)
    if argv[:1] == ["pair"] and "--dutch" in argv:
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":
    console()
