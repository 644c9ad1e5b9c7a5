"""Issue 32 §1: one command per system to start the program and one to run the tests.

Linux and macOS: ``bash installer/start.sh`` and ``bash tests/run.sh`` (with ``installer/setup-common.sh``), run
here without apt-get or dpkg-query (macOS, or a Linux without apt) and with an old ``python3`` (macOS's own) to
show they do what macOS needs. Windows: ``installer/start.ps1`` and ``tests/run.ps1`` (with
``installer/setup-common.ps1``). No PowerShell can be installed on this machine from the registries it reaches
(PyPI's ``pwsh`` is a .NET wrapper without PowerShell, npm's downloads it at install time), so the scripts are
read here: a tokenizer of PowerShell's quoting and comments checks that every string, bracket and block is
closed, every function called is defined, and that the Windows scripts take the same steps as the bash ones.
"""

from __future__ import annotations

import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PS1 = {name: REPO / name for name in ("installer/setup-common.ps1", "installer/start.ps1", "tests/run.ps1")}
BASH = {name: REPO / name for name in ("installer/setup-common.sh", "installer/start.sh", "tests/run.sh", ".ci/run")}


# -- PowerShell, read --------------------------------------------------------------------------------------------

class PowerShellSyntaxError(ValueError):
    pass


def powershell_code(text: str) -> str:
    """The script with comments removed and every string literal replaced by ``S`` (what the brackets are checked
    on). Raises :class:`PowerShellSyntaxError` for an unclosed string, comment or bracket, a closing bracket that
    matches nothing, or a here-string (kept out of these scripts: their closing mark must start a line)."""
    out: list[str] = []
    stack: list[tuple[str, int]] = []
    pairs = {")": "(", "}": "{", "]": "["}
    i, line = 0, 1

    def fail(what: str) -> PowerShellSyntaxError:
        return PowerShellSyntaxError(f"line {line}: {what}")

    def double_quoted(i: int) -> int:
        """From after an opening ``"`` to after its closing one; ``$( ... )`` inside is code with its own strings."""
        nonlocal line
        while i < len(text):
            c = text[i]
            if c == "\n":
                line += 1
            if c == "`":
                i += 2
                continue
            if c == '"':
                if text[i + 1:i + 2] == '"':  # "" is a quote inside
                    i += 2
                    continue
                return i + 1
            if text.startswith("$(", i):
                depth, i = 1, i + 2
                while depth:
                    if i >= len(text):
                        raise fail("unclosed $( in a string")
                    if text[i] == '"':
                        i = double_quoted(i + 1)
                        continue
                    if text[i] == "'":
                        end = text.find("'", i + 1)
                        if end < 0:
                            raise fail("unclosed string")
                        i = end + 1
                        continue
                    depth += {"(": 1, ")": -1}.get(text[i], 0)
                    i += 1
                continue
            i += 1
        raise fail("unclosed double-quoted string")

    while i < len(text):
        c = text[i]
        if text.startswith(("@'", '@"'), i) and text[i + 2:i + 3] in ("\n", "\r"):
            raise fail("here-string")
        if text.startswith("<#", i):
            end = text.find("#>", i + 2)
            if end < 0:
                raise fail("unclosed block comment")
            line += text.count("\n", i, end)
            i = end + 2
            continue
        if c == "#":
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        if c == "'":
            j = i + 1
            while True:
                end = text.find("'", j)
                if end < 0:
                    raise fail("unclosed single-quoted string")
                if text[end + 1:end + 2] == "'":  # '' is a quote inside
                    j = end + 2
                    continue
                break
            line += text.count("\n", i, end)
            out.append("S")
            i = end + 1
            continue
        if c == '"':
            i = double_quoted(i + 1)
            out.append("S")
            continue
        if c == "`":  # escape / line continuation
            out.append(text[i:i + 2])
            i += 2
            continue
        if c in "({[":
            stack.append((c, line))
        elif c in ")}]":
            if not stack or stack[-1][0] != pairs[c]:
                raise fail(f"{c!r} closes nothing")
            stack.pop()
        if c == "\n":
            line += 1
        out.append(c)
        i += 1
    if stack:
        raise PowerShellSyntaxError(f"line {stack[-1][1]}: {stack[-1][0]!r} is never closed")
    return "".join(out)


@pytest.mark.parametrize("name", sorted(PS1))
def test_the_powershell_scripts_are_well_formed(name: str) -> None:
    text = PS1[name].read_text(encoding="utf-8")
    assert text.isascii(), "Windows PowerShell 5.1 reads a script without a BOM as the ANSI code page"
    code = powershell_code(text)
    assert "$ErrorActionPreference = 'Stop'" in text
    defined = set(re.findall(r"^function ([A-Z]\w+-\w+)", PS1["installer/setup-common.ps1"].read_text(), re.M))
    called = set(re.findall(r"\b((?:Find|Select|Test|Use)-[A-Z]\w+)\b", code))
    assert called <= defined | {"Select-Object", "Test-Path"}, called - defined
    for native in re.findall(r"^\s*& \$\w+ .*$", code, re.M):  # every native command's exit code is looked at
        following = code[code.index(native) + len(native):].lstrip().splitlines()[:2]
        assert any("$LASTEXITCODE" in f for f in following), native


@pytest.mark.parametrize(("source", "problem"), [
    ("Write-Host 'a", "unclosed single-quoted string"), ('Write-Host "a $(Get-Date "x)" b', "unclosed"),
    ("if ($a) { Write-Host 'x' ", "never closed"), ("foo)", "closes nothing"), ("<# never", "block comment"),
    ("$a = @'\nx\n'@", "here-string"),
])
def test_the_reader_refuses_broken_powershell(source: str, problem: str) -> None:
    with pytest.raises(PowerShellSyntaxError, match=problem):
        powershell_code(source)


def test_the_reader_takes_powershell_quoting() -> None:
    code = powershell_code("""Write-Host 'it''s (' "a ""b"" `" $(Get-Date -f 'yyyy)') }" # ) {\n<# ( #> $x[0]""")
    assert code == "Write-Host S S \n $x[0]"


def _steps(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def test_the_windows_scripts_take_the_bash_scripts_steps() -> None:
    start_sh, run_sh = (REPO / "installer/start.sh").read_text(), (REPO / "tests/run.sh").read_text()
    start_ps, run_ps = PS1["installer/start.ps1"].read_text(), PS1["tests/run.ps1"].read_text()
    common_sh, common_ps = BASH["installer/setup-common.sh"].read_text(), PS1["installer/setup-common.ps1"].read_text()
    # Python 3.11 or newer, checked the same way
    assert "sys.version_info >= (3, 11)" in common_sh and "sys.version_info >= (3, 11)" in common_ps
    assert "'-3.11'" in common_ps and "py" in common_ps  # the py launcher of python.org's installer
    assert "-m venv" in common_sh and "-m venv" in common_ps and ".venv" in common_ps
    # start: install the checkout, then run the program with the arguments given
    assert "install_if_changed" in _steps(start_sh) and '"$PYTHON" -m pip install -q .' in _steps(common_sh)
    assert "Install-IfChanged $python $root" in _steps(start_ps) and "pip install" not in "\n".join(_steps(start_ps))
    assert "& $Python -m pip install -q $Root" in _steps(common_ps)
    assert _steps(start_sh)[-1] == 'exec "$PYTHON" -m tournament_desk "$@"'
    assert "& $python -m tournament_desk @args" in _steps(start_ps) and _steps(start_ps)[-1] == "exit $LASTEXITCODE"
    # tests: install with the test extras, then pytest headless with the arguments given
    assert '"$PYTHON" -m pip install -e ".[test]"' in _steps(run_sh)
    assert "& $python -m pip install -e '.[test]'" in _steps(run_ps)
    assert _steps(run_sh)[-1] == 'QT_QPA_PLATFORM=offscreen "$PYTHON" -m pytest "$@"'
    assert "$env:QT_QPA_PLATFORM = 'offscreen'" in _steps(run_ps) and "& $python -m pytest @args" in _steps(run_ps)


def test_the_windows_start_installs_only_when_the_checkout_changed_as_the_bash_start_does() -> None:
    """start.ps1 skips `pip install` as start.sh does (test_start_installs_again_only_when_the_checkout_changed runs
    the bash one): the same question to the interpreter, word for word, the same files watched, the same stamp
    steps in the same order (made before the install, moved into place after it)."""
    common_sh, common_ps = BASH["installer/setup-common.sh"].read_text(), PS1["installer/setup-common.ps1"].read_text()
    question_sh = common_sh.split("<<'PYEOF'\n", 1)[1].split("\nPYEOF", 1)[0].splitlines()
    block = common_ps.split("$InstalledHereQuestion = @(", 1)[1].split("\n)", 1)[0]
    question_ps = [line.strip()[1:-1].replace("''", "'") for line in block.splitlines() if line.strip()]
    assert question_ps == question_sh and question_sh[-1] == "print(int(same), sys.prefix)"
    watched_sh = re.search(r"find (.*?) -name __pycache__", common_sh).group(1).split()
    watched_ps = re.findall(r"'([^']+)'", re.search(r"\$InstallSources = @\((.*?)\)", common_ps).group(1))
    assert [name.replace("\\", "/") for name in watched_ps] == watched_sh
    body = common_ps.split("function Install-IfChanged", 1)[1]
    steps = ["-P - $Root", "Test-Path $stamp", "$same -eq '1'", "__pycache__", "LastWriteTimeUtc -gt $since",
             "if (-not $changed) { return }", '"$stamp.new"', "pip install -q $Root",
             'Move-Item -Force "$stamp.new" $stamp']
    assert all(step in body for step in steps), [step for step in steps if step not in body]
    assert [body.index(step) for step in steps] == sorted(body.index(step) for step in steps)


# -- bash, run without apt (macOS) ---------------------------------------------------------------------------------

BASH4_ONLY = [r"\bdeclare -A\b", r"\bmapfile\b", r"\breadarray\b", r"\$\{\w+(,,|\^\^)", r"&>>", r"\|&", r"\bcoproc\b"]


@pytest.mark.parametrize("name", sorted(BASH))
def test_the_bash_scripts_suit_macos_bash_3_2(name: str) -> None:
    text = BASH[name].read_text()
    assert subprocess.run(["bash", "-n", str(BASH[name])], capture_output=True).returncode == 0
    for pattern in BASH4_ONLY:
        assert not re.search(pattern, text), pattern


def _bin(folder: Path, tools: dict[str, str]) -> Path:
    """A PATH folder with the basic tools linked from this system and the given fake scripts."""
    folder.mkdir()
    for tool in ("bash", "env", "grep", "id", "cat", "dirname", "rm", "mkdir", "uname", "cut", "tr", "cksum",
                 "find", "head", "touch", "mv"):
        found = shutil.which(tool)
        if found:
            (folder / tool).symlink_to(found)
    for tool, body in tools.items():
        script = folder / tool
        script.write_text("#!/bin/sh\n" + body)
        script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return folder


def _source(tmp_path: Path, path_dir: Path, command: str, **env: str) -> subprocess.CompletedProcess[str]:
    script = f'source "{REPO}/installer/setup-common.sh"\n{command}\n'
    environ = {"PATH": str(path_dir), "HOME": str(tmp_path), **env}
    return subprocess.run([str(path_dir / "bash"), "-euo", "pipefail", "-c", script], cwd=tmp_path, env=environ,
                          capture_output=True, text=True, timeout=60)


def test_apt_install_is_a_no_op_without_apt_get_or_dpkg_query(tmp_path: Path) -> None:
    calls = tmp_path / "calls"
    record = f'echo "$0 $*" >> "{calls}"\n'
    without_apt = _bin(tmp_path / "mac", {})
    done = _source(tmp_path, without_apt, "apt_install libegl1 binutils; echo installed-nothing")
    assert done.returncode == 0 and done.stdout.strip() == "installed-nothing", done.stderr
    apt_without_dpkg = _bin(tmp_path / "odd", {"apt-get": record, "sudo": record})
    done = _source(tmp_path, apt_without_dpkg, "apt_install libegl1; echo installed-nothing")
    assert done.returncode == 0 and done.stdout.strip() == "installed-nothing", done.stderr
    assert not calls.exists()
    with_apt = _bin(tmp_path / "debian", {"apt-get": record, "sudo": 'exec "$@"\n', "dpkg-query": "exit 1\n"})
    done = _source(tmp_path, with_apt, "apt_install libegl1")
    assert done.returncode == 0, done.stderr
    assert "install -y -qq --no-install-recommends libegl1" in calls.read_text()  # where apt is, it is used


def test_choose_python_finds_a_recent_python_by_its_versioned_name(tmp_path: Path) -> None:
    """macOS's own python3 is 3.9: Homebrew's and python.org's Pythons are found as python3.11, python3.12..."""
    real = Path(sys.executable)
    folder = _bin(tmp_path / "bin", {"python3": "echo 'Python 3.9.6' >&2; exit 1\n"})
    (folder / "python3.12").symlink_to(real)
    done = _source(tmp_path, folder, 'choose_python; echo "$PYTHON $VERSION"')
    assert done.returncode == 0, done.stderr
    chosen, version = done.stdout.split()
    assert version == f"{sys.version_info[0]}.{sys.version_info[1]}"
    assert chosen in ("python3.12", ".venv/bin/python")
    only_old = _bin(tmp_path / "old", {"python3": "exit 1\n"})
    done = _source(tmp_path, only_old, "choose_python")
    assert done.returncode == 1 and "Python 3.11 or newer is needed" in done.stderr
    given = _source(tmp_path, folder, 'choose_python; echo "$PYTHON"', PYTHON=str(real))
    assert given.stdout.strip() in (str(real), ".venv/bin/python")  # a given interpreter is used, never replaced


# -- installer/start.sh: no display, and no reinstall when nothing changed (issue 29 §7) --------------------------

def _start_sh(tmp_path: Path, *args: str, cwd: Path | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    """installer/start.sh, copied with setup-common.sh into a checkout of its own, with a PATH where python3
    answers choose_python's and install_if_changed's questions and records its arguments (nothing is installed
    or started)."""
    calls = tmp_path / "calls"
    folder = tmp_path / "bin"
    checkout = tmp_path / "checkout"
    if not folder.exists():
        _checkout(checkout)
        (checkout / "installer").mkdir()
        for name in ("start.sh", "setup-common.sh"):
            shutil.copy(REPO / "installer" / name, checkout / "installer" / name)
        _bin(folder, {"python3": f'echo "python3 $* (in $PWD)" >> "{calls}"\n'
                                 'case "$*" in *EXTERNALLY-MANAGED*) echo "1 3.12 1 0";; '
                                 '-P*) cat > /dev/null; echo "1 /fake/prefix";; esac\n'})
    environ = {"PATH": str(folder), "HOME": str(tmp_path), "PYTHON": "python3", **env}
    return subprocess.run([str(folder / "bash"), str(checkout / "installer/start.sh"), *args], env=environ,
                          capture_output=True, text=True, timeout=60, cwd=cwd)


def test_start_runs_the_program_where_the_command_was_typed(tmp_path: Path) -> None:
    """``bash ~/tournament_desk/installer/start.sh standings open.tdesk`` typed in the event's folder: the script
    installs from its checkout, then runs the program in the folder it was typed in, so relative paths (the
    event, ``-o out.pdf``) mean what the user meant."""
    elsewhere = tmp_path / "club events"
    elsewhere.mkdir()
    done = _start_sh(tmp_path, "standings", "open.tdesk", cwd=elsewhere)
    assert done.returncode == 0, done.stderr
    program = [line for line in (tmp_path / "calls").read_text().splitlines() if "-m tournament_desk" in line]
    assert program == [f"python3 -m tournament_desk standings open.tdesk (in {elsewhere})"]


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS needs no X display: start.sh checks none there")
def test_start_says_plainly_when_there_is_no_display(tmp_path: Path) -> None:
    for args in ((), ("open.tdesk",)):
        done = _start_sh(tmp_path, *args)
        assert done.returncode == 3, done.stderr
        assert "no display" in done.stderr and "QT_QPA_PLATFORM=offscreen bash installer/start.sh" in done.stderr
        assert "libxcb" not in done.stderr
        assert not (tmp_path / "calls").exists()  # said before anything is installed or started
    # with a display, a platform chosen, or a subcommand (the CLI needs no display), it goes on to the program
    for args, env in (((), {"DISPLAY": ":0"}), ((), {"WAYLAND_DISPLAY": "wayland-0"}),
                      ((), {"QT_QPA_PLATFORM": "offscreen"}), (("new", "open.tdesk"), {}), (("--help",), {})):
        done = _start_sh(tmp_path, *args, **env)
        assert "no display" not in done.stderr, (args, env)
        assert "-m tournament_desk" in (tmp_path / "calls").read_text(), (args, env)


def _checkout(root: Path) -> Path:
    for name in ("pyproject.toml", "README.md", "docs/rules.md", "tournament_desk/__init__.py",
                 "tournament_desk/gui/app.py", "resources/icons/tournament_desk.svg"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(name)
    return root


def _install_if_changed(checkout: Path, folder: Path, same: str) -> subprocess.CompletedProcess[str]:
    script = f'source "{REPO}/installer/setup-common.sh"\nPYTHON=python3\ninstall_if_changed\n'
    environ = {"PATH": str(folder), "HOME": str(checkout), "SAME": same}
    return subprocess.run([str(folder / "bash"), "-euo", "pipefail", "-c", script], cwd=checkout, timeout=60,
                          env=environ, capture_output=True, text=True)


def test_start_installs_again_only_when_the_checkout_changed(tmp_path: Path) -> None:
    """The fake python3 answers the question install_if_changed asks (is this checkout what is installed in
    this environment, and which environment) with $SAME and /fake/prefix, and records every pip install."""
    import os
    import time

    checkout = _checkout(tmp_path / "checkout")
    installs = tmp_path / "installs"
    folder = _bin(tmp_path / "bin", {"python3": (
        f'case "$*" in *"-m pip install"*) echo install >> "{installs}";; '
        '*-P*) cat > /dev/null; echo "$SAME /fake/prefix";; esac\n')})

    def count() -> int:
        return len(installs.read_text().split()) if installs.exists() else 0

    assert _install_if_changed(checkout, folder, "1").returncode == 0 and count() == 1  # first start: installs
    assert list((checkout / "build" / "start").glob("*.stamp"))
    assert _install_if_changed(checkout, folder, "1").returncode == 0 and count() == 1  # nothing changed
    # a stamp older than a source file: the code changed (mtimes set, not slept for)
    stamp = next((checkout / "build" / "start").glob("*.stamp"))
    past = time.time() - 100
    os.utime(stamp, (past, past))
    os.utime(checkout / "tournament_desk/gui/app.py", (past + 50, past + 50))
    assert _install_if_changed(checkout, folder, "1").returncode == 0 and count() == 2
    assert _install_if_changed(checkout, folder, "1").returncode == 0 and count() == 2
    for changed in ("pyproject.toml", "resources/icons/tournament_desk.svg", "tournament_desk"):  # a file removed
        stamp = next((checkout / "build" / "start").glob("*.stamp"))  # changes its folder's time
        os.utime(stamp, (past, past))
        os.utime(checkout / changed, (past + 50, past + 50))
        assert _install_if_changed(checkout, folder, "1").returncode == 0
    assert count() == 5
    # compiled files beside the code are not a change
    stamp = next((checkout / "build" / "start").glob("*.stamp"))
    (checkout / "tournament_desk/__pycache__").mkdir()
    (checkout / "tournament_desk/__pycache__/app.cpython-311.pyc").write_text("")
    os.utime(checkout / "tournament_desk", (past, past))
    assert _install_if_changed(checkout, folder, "1").returncode == 0 and count() == 5
    # another checkout (or none) installed in that environment: installs, whatever the stamp says
    assert _install_if_changed(checkout, folder, "0").returncode == 0 and count() == 6


def test_the_readme_gives_the_command_of_each_system() -> None:
    """Issue 32 §1: the two Linux commands, exactly as before, and the Windows ones, naming scripts that exist."""
    blocks = re.findall(r"```\n(.*?)```", (REPO / "README.md").read_text(encoding="utf-8"), flags=re.S)
    lines = {line.strip() for block in blocks for line in block.splitlines()}
    assert {"bash installer/start.sh", "bash tests/run.sh"} <= lines
    windows = {line for line in lines if line.startswith("powershell ")}
    assert windows == {r"powershell -ExecutionPolicy Bypass -File installer\start.ps1",
                       r"powershell -ExecutionPolicy Bypass -File tests\run.ps1"}
    for line in windows:
        assert (REPO / line.rsplit(" ", 1)[1].replace("\\", "/")).is_file()
    install = (REPO / "docs/install.md").read_text(encoding="utf-8")
    for line in windows | {"bash installer/start.sh", "bash tests/run.sh"}:
        assert f"`{line}`" in install, line


def test_start_installs_when_many_files_changed(tmp_path: Path) -> None:
    """After a pull that changed many files (more than a pipe holds of their names), the next start installs."""
    import os
    import time

    checkout = _checkout(tmp_path / "checkout")
    for i in range(3000):
        (checkout / "tournament_desk" / f"module_with_a_long_name_{i:05d}.py").write_text("")
    installs = tmp_path / "installs"
    folder = _bin(tmp_path / "bin", {"python3": (
        f'case "$*" in *"-m pip install"*) echo install >> "{installs}";; '
        '*-P*) cat > /dev/null; echo "1 /fake/prefix";; esac\n')})
    assert _install_if_changed(checkout, folder, "1").returncode == 0
    stamp = next((checkout / "build" / "start").glob("*.stamp"))
    past = time.time() - 100
    os.utime(stamp, (past, past))
    done = _install_if_changed(checkout, folder, "1")
    assert done.returncode == 0, done.stderr
    assert installs.read_text().split() == ["install", "install"]
