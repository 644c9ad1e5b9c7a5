"""A standard output that cannot be written (issue 27): a full disk (``> /dev/full``, ENOSPC), a closed descriptor
(``>&-``) or a reader gone (``| head -1``, EPIPE) is a file problem, exit code 5 — for the engine interface too,
whose code 1 means "no valid pairing" — with one line on stderr and no traceback; EPIPE ends quietly.

Run as processes (the buffered stdout fails only when flushed at the end, the unbuffered one at the first
write: both are run), and in-process with streams that fail.
"""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.cli.engine import main_dutch
from tournament_desk.cli.output import BestEffort, Output, OutputError

REPO = Path(__file__).resolve().parents[2]
TRF = REPO / "tests" / "data" / "trf" / "swiss_manager_pairing.trf"  # XXR given: -p pairs round 6, -c checks 5
DEV_FULL = Path("/dev/full")
needs_dev_full = pytest.mark.skipif(not DEV_FULL.exists(), reason="no /dev/full on this system")
ENGINE = {
    "pair": ["pair", "--dutch", str(TRF), "-p"],
    "pair to -": ["pair", "--dutch", str(TRF), "-p", "-"],
    "check": ["pair", "--dutch", str(TRF), "-c"],
    "explain": ["pair", "--dutch", str(TRF), "-p", "--explain"],
    "stats": ["pair", "--dutch", str(TRF), "-p", "--stats"],
    "help": ["pair", "--dutch", str(TRF), "--help"],
}


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A round-robin event with players, for the commands that read one."""
    path = tmp_path_factory.mktemp("out") / "open.tdesk"
    assert main(["new", str(path), "--name", "Open", "--rounds", "3", "--system", "round-robin"]) == 0
    assert main(["players", "import", str(path), str(TRF)]) == 0
    assert main(["numbers", str(path), "--rating"]) == 0
    return path


def _commands(event: Path) -> dict[str, list[str]]:
    return {
        "players list --json": ["players", "list", str(event), "--json"],
        "standings": ["standings", str(event)],
        "grid": ["grid", str(event)],
        "grid --players": ["grid", "--players", "10"],
        "show": ["show", str(event)],
        "--version": ["--version"],
        "--help": ["--help"],
    }


def _run(args: list[str], stdout: object, *, buffered: bool, stderr: object = subprocess.PIPE,
         lang: str = "en") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env.update(PYTHONPATH=str(REPO), TDESK_LANG=lang)
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    return subprocess.run([sys.executable, "-m", "tournament_desk", *args], stdout=stdout, stderr=stderr,
                          text=True, encoding="utf-8", env=env, cwd=REPO, timeout=300)


def _full(args: list[str], *, buffered: bool, lang: str = "en") -> subprocess.CompletedProcess[str]:
    with open(DEV_FULL, "w") as full:
        return _run(args, full, buffered=buffered, lang=lang)


def _broken_pipe(args: list[str], *, buffered: bool) -> subprocess.CompletedProcess[str]:
    """Standard output on a pipe whose reader has gone (what ``| head -1`` leaves once head exits)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return _run(args, write, buffered=buffered)
    finally:
        os.close(write)


def _one_clean_line(stderr: str, *, reports: bool = False) -> str:
    """The one line said about the failure (after the --explain and --stats reports when ``reports``)."""
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    lines = [line for line in stderr.splitlines() if not line.startswith("Warning:")]
    assert lines and (reports or len(lines) == 1), stderr
    return lines[-1]


@needs_dev_full
@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("name", list(ENGINE))
def test_the_engine_on_a_full_disk_exits_5(name: str, buffered: bool) -> None:
    done = _full(ENGINE[name], buffered=buffered)
    assert done.returncode == 5, done.stderr
    line = _one_clean_line(done.stderr, reports=name in ("explain", "stats"))
    assert line == "Cannot write the output: No space left on device (standard output)"


@needs_dev_full
@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("name", ["players list --json", "standings", "grid", "grid --players", "show",
                                  "--version", "--help"])
def test_commands_on_a_full_disk_exit_5(event: Path, name: str, buffered: bool) -> None:
    done = _full(_commands(event)[name], buffered=buffered)
    assert done.returncode == 5, done.stderr
    line = _one_clean_line(done.stderr)
    assert line == "tournament-desk: cannot write the standard output: No space left on device"


@needs_dev_full
def test_the_message_is_in_the_users_language(event: Path) -> None:
    done = _full(["standings", str(event)], buffered=True, lang="fr")
    assert done.returncode == 5
    line = _one_clean_line(done.stderr)
    assert line == "tournament-desk: impossible d'écrire sur la sortie standard : No space left on device"


@needs_dev_full
def test_an_action_whose_confirmation_cannot_be_written_is_still_done(tmp_path: Path) -> None:
    path = tmp_path / "new.tdesk"
    done = _full(["new", str(path), "--name", "Open", "--rounds", "5"], buffered=True)
    assert done.returncode == 5 and "cannot write the standard output" in done.stderr
    assert path.exists()


@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("name", ["pair", "check", "players list --json", "standings"])
def test_a_reader_gone_ends_quietly_with_5(event: Path, name: str, buffered: bool) -> None:
    args = ENGINE.get(name) or _commands(event)[name]
    done = _broken_pipe(args, buffered=buffered)
    assert done.returncode == 5, done.stderr
    assert [line for line in done.stderr.splitlines() if not line.startswith("Warning:")] == [], done.stderr


@pytest.mark.parametrize("name", ["pair", "check", "players list --json", "grid --players"])
def test_a_closed_output_is_said_and_exits_5(event: Path, name: str) -> None:
    args = ENGINE.get(name) or _commands(event)[name]
    env = {**os.environ, "PYTHONPATH": str(REPO), "TDESK_LANG": "en"}
    done = subprocess.run([sys.executable, "-c", "import os, runpy, sys; os.close(1); sys.argv[1:] = "
                           f"{args!r}; runpy.run_module('tournament_desk', run_name='__main__')"],
                          stderr=subprocess.PIPE, text=True, env=env, cwd=REPO, timeout=300)
    assert done.returncode == 5, done.stderr
    line = _one_clean_line(done.stderr)
    assert line in ("Cannot write the output: Bad file descriptor (standard output)",
                    "tournament-desk: cannot write the standard output: Bad file descriptor")


@needs_dev_full
@pytest.mark.parametrize(("option", "code"), [("--explain", 5), ("--stats", 5), (None, 0)])
def test_the_engine_on_a_full_stderr(option: str | None, code: int) -> None:
    """The reports asked for on stderr are output (5 when lost); warnings alone are not (the pairing is given)."""
    args = ENGINE["pair"] + ([option] if option else [])
    with open(DEV_FULL, "w") as full:
        done = _run(args, subprocess.PIPE, stderr=full, buffered=True)
    assert done.returncode == code
    if code == 0:
        assert done.stdout.splitlines()[0] == "31"  # the pairing itself was written
    else:
        assert done.stdout == ""  # the reports come first: no pairing is given with a failure's code


@needs_dev_full
def test_an_error_with_a_full_stderr_keeps_its_code(tmp_path: Path) -> None:
    with open(DEV_FULL, "w") as full:
        done = _run(["show", str(tmp_path / "missing.tdesk")], subprocess.PIPE, stderr=full, buffered=True)
    assert done.returncode == 5 and done.stdout == ""
    with open(DEV_FULL, "w") as full:
        bad = tmp_path / "bad.trf"
        bad.write_text("012 nothing else\n", encoding="utf-8")
        done = _run(["pair", "--dutch", str(bad), "-p"], subprocess.PIPE, stderr=full, buffered=True)
    assert done.returncode == 3


# -- in-process, with streams that fail ----------------------------------------------------------------------
class Failing(io.StringIO):
    """A text stream whose writes (or flush) fail with ``number``."""

    def __init__(self, number: int, *, at_flush: bool = False) -> None:
        super().__init__()
        self.number, self.at_flush = number, at_flush

    def write(self, text: str) -> int:
        if not self.at_flush:
            raise OSError(self.number, os.strerror(self.number))
        return super().write(text)

    def flush(self) -> None:
        if self.at_flush and self.getvalue():
            raise OSError(self.number, os.strerror(self.number))


@pytest.mark.parametrize("at_flush", [False, True])
@pytest.mark.parametrize("name", ["pair", "check", "explain"])
def test_main_dutch_with_a_failing_stdout(name: str, at_flush: bool) -> None:
    err = io.StringIO()
    assert main_dutch(ENGINE[name][1:], stdout=Failing(errno.ENOSPC, at_flush=at_flush), stderr=err) == 5
    assert err.getvalue().splitlines()[-1] == "Cannot write the output: No space left on device (standard output)"
    err = io.StringIO()
    assert main_dutch(ENGINE[name][1:], stdout=Failing(errno.EPIPE, at_flush=at_flush), stderr=err) == 5
    assert "Cannot write" not in err.getvalue()


def test_main_dutch_warnings_on_a_failing_stderr_do_not_change_the_code() -> None:
    out = io.StringIO()
    assert main_dutch(ENGINE["pair"][1:], stdout=out, stderr=Failing(errno.ENOSPC)) == 0
    assert out.getvalue().splitlines()[0] == "31"
    assert main_dutch(ENGINE["explain"][1:], stdout=io.StringIO(), stderr=Failing(errno.ENOSPC)) == 5


@pytest.mark.parametrize("at_flush", [False, True])
def test_a_command_with_a_failing_stdout(event: Path, monkeypatch: pytest.MonkeyPatch, at_flush: bool) -> None:
    err = io.StringIO()
    monkeypatch.setattr(sys, "stdout", Failing(errno.ENOSPC, at_flush=at_flush))
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["players", "list", str(event), "--json"]) == 5
    assert err.getvalue() == "tournament-desk: cannot write the standard output: No space left on device\n"
    monkeypatch.setattr(sys, "stdout", None)  # descriptor 1 closed when the program started
    assert main(["grid", "--players", "4"]) == 5
    assert err.getvalue().endswith("tournament-desk: cannot write the standard output: Bad file descriptor\n")


def test_output_wrappers() -> None:
    out = Output(Failing(errno.ENOSPC), "stdout")
    with pytest.raises(OutputError) as info:
        out.write("x")
    assert (info.value.stream, info.value.errno, info.value.reason) == ("stdout", errno.ENOSPC,
                                                                        "No space left on device")
    assert out.failed is info.value and not info.value.reader_gone
    closed = io.StringIO()
    closed.close()
    with pytest.raises(OutputError) as info:
        Output(closed, "stdout").write("x")
    assert info.value.errno == errno.EBADF
    quiet = BestEffort(Failing(errno.EPIPE), "stderr")
    assert quiet.write("dropped\n") == len("dropped\n") and quiet.failed is not None and quiet.failed.reader_gone
    assert Output(io.StringIO(), "stdout").isatty() is False  # the stream's own attributes
