"""Build the one-folder bundle with PyInstaller (installer/tournament_desk.spec) and run the built executable
headless, the way an arbiter's laptop would: outside the repository, without PYTHONPATH, and check from the
bundle's own report that nothing was loaded from the source tree.

Marked ``bundle``: ``.ci/run`` always runs it (plain ``python3 -m pytest``); a quick local run skips it with
``python3 -m pytest -m "not bundle"``. The build takes one to two minutes on two cores; the bundle is deleted
afterwards unless ``TDESK_KEEP_BUNDLE=1``. ``TDESK_BUNDLE_DIST=dist`` tests a bundle built before (the CI
workflow's bundle step) instead of building one.

(Named test_pyinstaller_bundle.py, not test_bundle.py: tests/formats/test_bundle.py, the homologation bundle,
already uses that module name, and the test folders are not packages.)
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import pytest

pytestmark = pytest.mark.bundle

REPO = Path(__file__).resolve().parents[2]
SPEC = REPO / "installer" / "tournament_desk.spec"
NAME = "tournament-desk"
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""
BUILD_TIMEOUT = 20 * 60
RUN_TIMEOUT = 120


@dataclass(frozen=True)
class Bundle:
    folder: Path  # dist/tournament-desk
    cli: Path  # the executable to run headless
    gui: Path  # the executable the desktop entry / Start menu starts
    workdir: Path  # an empty folder outside the repository, the cwd of every run


def _folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def _report(config: pytest.Config, line: str) -> None:
    """Show ``line`` in the test run's output even though output is being captured (as ``capsys.disabled``)."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    capture = config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None:  # pragma: no cover - pytest without its usual plug-ins
        print(line, file=sys.stderr)
        return
    with capture.global_and_fixture_disabled():
        reporter.write_line(line)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config) -> Iterator[Bundle]:
    prebuilt = os.environ.get("TDESK_BUNDLE_DIST")
    if prebuilt:  # a dist folder built already (the CI workflow's bundle step, a local build): tested as it is
        root = Path(prebuilt).resolve().parent
        dist = Path(prebuilt).resolve()
        assert (dist / NAME).is_dir(), f"TDESK_BUNDLE_DIST={prebuilt}: no {NAME} folder in it"
        folder = dist / "Tournament Desk.app" / "Contents" / "MacOS" if sys.platform == "darwin" else dist / NAME
        size = _folder_size(dist / NAME)
        _report(pytestconfig, f"\nPyInstaller bundle (built before): {size / 1e6:.1f} MB in {folder}")
        workdir = tmp_path_factory.mktemp("venue")
        cli = folder / f"{NAME}-cli{EXE_SUFFIX}" if sys.platform == "win32" else folder / NAME
        yield Bundle(folder=folder, cli=cli, gui=folder / f"{NAME}{EXE_SUFFIX}", workdir=workdir)
        return
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        pytest.fail('PyInstaller is not installed: python3 -m pip install -e ".[test]" (or: pip install pyinstaller)')
    root = tmp_path_factory.mktemp("pyinstaller")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(root / "dist"), "--workpath", str(root / "build"), str(SPEC)]
    started = time.monotonic()
    build = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    seconds = time.monotonic() - started
    assert build.returncode == 0, f"PyInstaller failed:\n{build.stdout[-4000:]}\n{build.stderr[-8000:]}"
    folder = root / "dist" / NAME
    if sys.platform == "darwin":
        folder = root / "dist" / "Tournament Desk.app" / "Contents" / "MacOS"
    size = _folder_size(root / "dist" / NAME)
    _report(pytestconfig, f"\nPyInstaller bundle: built in {seconds:.0f} s, {size / 1e6:.1f} MB "
                          f"({sum(1 for _ in (root / 'dist' / NAME).rglob('*'))} files) in {folder}")
    workdir = tmp_path_factory.mktemp("venue")
    cli = folder / f"{NAME}-cli{EXE_SUFFIX}" if sys.platform == "win32" else folder / NAME
    yield Bundle(folder=folder, cli=cli, gui=folder / f"{NAME}{EXE_SUFFIX}", workdir=workdir)
    if not os.environ.get("TDESK_KEEP_BUNDLE"):  # 280 MB per run; pytest keeps its last three temp folders
        shutil.rmtree(root, ignore_errors=True)


def _env(bundle: Bundle, report: Path | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "TDESK_RESOURCES")}
    env.update(QT_QPA_PLATFORM="offscreen", TDESK_LANG="en", HOME=str(bundle.workdir),
               XDG_CONFIG_HOME=str(bundle.workdir / ".config"), XDG_DATA_HOME=str(bundle.workdir / ".local"))
    if report is not None:
        env["TDESK_BUNDLE_REPORT"] = str(report)
    return env


def _run(bundle: Bundle, *args: str, report: Path | None = None, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run([str(bundle.cli), *args], cwd=bundle.workdir, env=_env(bundle, report),
                          capture_output=True, text=True, encoding="utf-8", timeout=RUN_TIMEOUT)
    if check:
        assert done.returncode == 0, f"{' '.join(args)} -> {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


def _inside(path: str | Path, folder: Path) -> bool:
    return Path(path).resolve().is_relative_to(folder.resolve())


def test_the_bundle_holds_what_the_program_loads_from_disk(bundle: Bundle) -> None:
    assert bundle.cli.is_file() and bundle.gui.is_file()
    internal = bundle.folder / "_internal" if (bundle.folder / "_internal").is_dir() else bundle.folder
    if sys.platform == "darwin":
        internal = bundle.folder.parent / "Resources"
    migrations = sorted(p.name for p in (internal / "tournament_desk/storage/migrations/versions").glob("*.py"))
    assert migrations == sorted(p.name for p in (REPO / "tournament_desk/storage/migrations/versions").glob("*.py"))
    for name in ("icons/tournament_desk.svg", "icons/tournament_desk_256.png", "icons/tournament_desk.ico"):
        assert (internal / "resources" / name).is_file(), name
    assert (internal / "tournament_desk/locale/fr/LC_MESSAGES/tournament_desk.mo").is_file(), "French messages"
    assert list(internal.glob("tournament_desk-*.dist-info/METADATA")), "package metadata (for --version)"
    assert (internal / "reportlab" / "fonts" / "Vera.ttf").is_file()
    # printing on paper (gui.printer): PDFium's library, Qt's print support; the names' collation table
    assert [p for p in (internal / "pypdfium2_raw").iterdir() if "pdfium" in p.name.lower()
            and p.suffix in (".so", ".dll", ".dylib")], "PDFium's shared library"
    assert list(internal.rglob("QtPrintSupport*")), "PySide6.QtPrintSupport"
    assert sorted(p.name for p in (internal / "pyuca").glob("allkeys-*.txt")) == ["allkeys-10.0.0.txt"]
    if sys.platform.startswith("linux"):
        assert list(internal.rglob("libcupsprintersupport*")), "Qt's CUPS plug-in (the printers of the machine)"
    qt = sorted(p.name for p in internal.rglob("*") if p.parent.name == "platforms")
    assert any("offscreen" in name for name in qt) and not any("wayland" in name or "eglfs" in name for name in qt)
    unused = [p.name for p in internal.rglob("*") if p.name.startswith(("libQt6Quick", "libQt6Qml", "Qt6Quick"))]
    assert unused == []


def test_every_command_loads_from_the_bundle(bundle: Bundle) -> None:
    # The CLI imports a command's module by name only when that command is called (cli/main.py): each one
    # must be inside the bundle, which PyInstaller's import analysis alone does not see.
    from tournament_desk.cli.main import SUBCOMMANDS

    for name in SUBCOMMANDS:
        done = _run(bundle, name, "--help")
        assert done.stdout.strip(), name


def test_version_comes_from_the_package_metadata(bundle: Bundle) -> None:
    done = _run(bundle, "--version")
    assert done.stdout.strip() == f"tournament-desk {version('tournament-desk')}"


def test_a_round_robin_from_creation_to_printed_grid(bundle: Bundle) -> None:
    event = "open.tdesk"
    report = bundle.workdir / "report.json"
    _run(bundle, "new", event, "--name", "Open de Lyon", "--system", "round-robin", "--rounds", "5",
         "--discipline", "draughts", "--place", "Lyon")
    players = [("Dupont", "Jean", 1850), ("Martin", "Léa", 1920), ("Bernard", "Hugo", 1710),
               ("Petit", "Chloé", 2010), ("Durand", "Louis", 1790), ("Moreau", "Inès", 1660)]
    for surname, first, rating in players:
        added = json.loads(_run(bundle, "players", "add", event, "--surname", surname, "--first-name", first,
                                "--rating", str(rating), "--json").stdout)
        assert added["surname"].casefold() == surname.casefold()
    numbers = json.loads(_run(bundle, "numbers", event, "--rating", "--json").stdout)
    assert sorted(numbers.values()) == [1, 2, 3, 4, 5, 6]
    paired = json.loads(_run(bundle, "pair", event, "--json").stdout)
    assert len(paired["boards"]) == 3
    _run(bundle, "result", event, "--round", "1", "--board", "1", "2-0")
    _run(bundle, "grid", event, "--pdf", "grid.pdf", report=report)
    pdf = (bundle.workdir / "grid.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and len(pdf) > 1000
    shown = json.loads(_run(bundle, "show", event, "--json").stdout)
    assert shown["event"]["name"] == "Open de Lyon"
    assert len(shown["players"]) == 6
    assert len(shown["rounds"]) == 1 and len(shown["rounds"][0]["boards"]) == 3
    assert shown["rounds"][0]["boards"][0]["result_text"] == "2-0"
    # the homologation bundle, written and verified by the frozen program
    _run(bundle, "export", event, "--bundle", "homologation.zip")
    verified = _run(bundle, "verify-bundle", "homologation.zip")
    assert "Bundle intact" in verified.stdout or "Paquet intact" in verified.stdout
    _run(bundle, "print", event, "crosstable", "-o", "crosstable.pdf")
    assert (bundle.workdir / "crosstable.pdf").read_bytes().startswith(b"%PDF")
    _run(bundle, "print", event, "pairings", "-o", "pairings.pdf")  # its alphabetical list uses core.collation
    assert (bundle.workdir / "pairings.pdf").read_bytes().startswith(b"%PDF")

    # The run that printed the PDF loaded every module from the bundle, none from the source tree. (Relative
    # "files" are shiboken's support modules, embedded in its library; PyInstaller's Qt run-time hook imports
    # QtCore at every start, to register the bundle's qt.conf.)
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["frozen"] is True
    assert data["version"] == version("tournament-desk")
    assert not [p for p in data["sys_path"] if _inside(p, REPO)], data["sys_path"]
    outside = {name: path for name, path in data["modules"].items()
               if Path(path).is_absolute() and not _inside(path, bundle.folder.parent)}
    assert outside == {}
    assert "tournament_desk.printing.grid_pdf" in data["modules"]
    assert "tournament_desk.storage.db" in data["modules"] or "tournament_desk.services.session" in data["modules"]
    for key in ("icon", "icon_png"):
        assert _inside(data[key], bundle.folder.parent) and Path(data[key]).is_file(), key
    assert data["translation_fr"] == "&Inscriptions"  # the French catalogue is bundled and read
    # the frozen program can print on paper: PDFium renders a page (200 x 100 pt at scale 2), Qt's print support
    # loads, and the collation table is found (Å sorts before Z)
    printing_check = data["print_support"]
    assert printing_check.get("rendered") == [400, 200], printing_check
    assert _inside(printing_check["pdfium"], bundle.folder.parent)
    assert _inside(printing_check["qtprintsupport"], bundle.folder.parent)
    assert printing_check["collation"] is True
    _check_icu(data["icu"], bundle)


def _check_icu(icu: dict, bundle: Bundle) -> None:
    """Qt's ICU answers in the bundle, where the spec trimmed ICU's data on Linux (trim_icu_data), are those of
    the untrimmed library of this environment's PySide6 for the program's two languages: the collation of French
    and English (the file dialog's order of file names), Paris's zone names, upper case. Another language falls
    back to root (the spec keeps the locale data of French and English only): its names sort in the Unicode
    default order, German's (German's standard collation is root's), and its zone names are still given."""
    from PySide6.QtCore import QCollator, QLocale, QTimeZone

    def order(name: str) -> list[str]:
        collator = QCollator(QLocale(name))
        collator.setNumericMode(True)
        return sorted(icu["words"], key=collator.sortKey)

    assert "error" not in icu, icu
    trimmed = sys.platform.startswith("linux") and shutil.which("cc") is not None
    for name, got in icu["order"].items():
        kept = name.startswith(("fr_", "en_")) or not trimmed
        assert got == order(name if kept else "de_DE"), name
    assert order("sv_SE") != order("de_DE")  # a language whose rules differ from root's: the check can fail
    paris = QTimeZone(b"Europe/Paris")
    for name in ("fr_FR", "en_US"):
        expected = [paris.displayName(QTimeZone.TimeType.StandardTime, kind, QLocale(name))
                    for kind in (QTimeZone.NameType.LongName, QTimeZone.NameType.ShortName)]
        assert icu["zones"][name] == expected, name
    assert all(icu["zones"]["de_DE"]), icu["zones"]
    assert icu["upper"] == {name: QLocale(name).toUpper("élève istanbul") for name in ("fr_FR", "tr_TR")}
    if trimmed:  # about a third of the original
        import PySide6

        [original] = Path(PySide6.__file__).parent.glob("Qt/lib/libicudata.so.*[0-9]")
        [bundled] = bundle.folder.glob(f"_internal/PySide6/Qt/lib/{original.name}")
        assert bundled.stat().st_size < original.stat().st_size / 2


def test_errors_are_one_line_in_french_with_the_right_exit_code(bundle: Bundle) -> None:
    done = _run(bundle, "--lang", "fr", "show", "absent.tdesk", check=False)
    assert done.returncode == 5
    # the path as resolved (the lock and the messages name the real file)
    absent = (bundle.workdir / "absent.tdesk").resolve()
    assert done.stderr.strip() == f"tournament-desk: Le fichier {absent} n'existe pas"


def test_the_gui_starts_from_the_bundle(bundle: Bundle) -> None:
    """The GUI executable opens an event headless (offscreen) and keeps running: Qt, its platform plug-in and the
    main window load from the bundle. It is then stopped (there is no quit-after-start switch)."""
    event = bundle.workdir / "gui.tdesk"
    _run(bundle, "new", str(event), "--name", "GUI", "--system", "round-robin", "--rounds", "3")
    process = subprocess.Popen([str(bundle.gui), str(event)], cwd=bundle.workdir, env=_env(bundle),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        try:
            _out, err = process.communicate(timeout=8)
        except subprocess.TimeoutExpired:
            return  # still running with its window open: started
        pytest.fail(f"the GUI exited with {process.returncode}:\n{err}")
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


@pytest.mark.deb
@pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="dpkg-deb builds Debian packages (Debian, Ubuntu)")
def test_the_debian_package_holds_the_program_its_menu_entry_and_file_type(
        bundle: Bundle, tmp_path: Path, pytestconfig: pytest.Config) -> None:
    """Issue 32 §5: installer/build-deb.sh packs the bundle; the package's files are read back, unpacked (as dpkg
    would, without installing: no root needed) and its command opens an event given by its file, as a file
    manager runs the desktop entry's Exec line. CI and docs/install.md install it with apt for real."""
    import configparser
    import xml.etree.ElementTree as ET

    done = subprocess.run(["bash", str(REPO / "installer/build-deb.sh"), str(bundle.folder), str(tmp_path)],
                          capture_output=True, text=True, timeout=BUILD_TIMEOUT,
                          env={**os.environ, "TDESK_DEB_LEVEL": "1"})
    assert done.returncode == 0, done.stderr
    deb = Path(done.stdout.strip().splitlines()[-1])
    assert deb.name == f"tournament-desk_{version('tournament-desk')}_{deb.name.rsplit('_', 1)[1]}"
    control = subprocess.run(["dpkg-deb", "-f", str(deb)], capture_output=True, text=True, check=True).stdout
    fields = dict(line.split(": ", 1) for line in control.splitlines() if ": " in line and not line.startswith(" "))
    assert fields["Package"] == "tournament-desk" and fields["Version"] == version("tournament-desk")
    depends = fields["Depends"]
    for library in ("libxcb-cursor0", "libxkbcommon-x11-0", "libfontconfig1", "libegl1", "libcups2"):
        assert library in depends, library  # left to the system by the spec (SYSTEM_LIBRARIES): declared here
    root = tmp_path / "root"
    subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    assert os.readlink(root / "usr/bin/tournament-desk") == "/opt/tournament-desk/tournament-desk"
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(root / "usr/share/applications/tournament-desk.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    mime = ET.parse(root / "usr/share/mime/packages/tournament-desk.xml").getroot()
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    kind = mime.find("m:mime-type", ns)
    assert kind is not None and kind.get("type") in desktop["MimeType"].split(";")
    assert [g.get("pattern") for g in kind.findall("m:glob", ns)] == ["*.tdesk"]
    icon = desktop["Icon"]
    for size in (16, 32, 48, 64, 128, 256):
        assert (root / f"usr/share/icons/hicolor/{size}x{size}/apps/{icon}.png").is_file()
        type_icon = kind.get("type", "").replace("/", "-")
        assert (root / f"usr/share/icons/hicolor/{size}x{size}/mimetypes/{type_icon}.png").is_file()
    assert (root / f"usr/share/icons/hicolor/scalable/apps/{icon}.svg").is_file()

    # double-clicking an event: the Exec line with %f replaced by the file, from the unpacked /opt
    event = bundle.workdir / "Open de Lyon.tdesk"
    _run(bundle, "new", str(event), "--name", "Open de Lyon", "--system", "round-robin", "--rounds", "3")
    program = root / "opt/tournament-desk" / desktop["Exec"].split()[0]
    args = [str(event) if arg == "%f" else arg for arg in desktop["Exec"].split()[1:]]
    probe = tmp_path / "probe.json"
    started = time.monotonic()
    subprocess.run([str(program), *args], cwd=bundle.workdir, capture_output=True, text=True, timeout=RUN_TIMEOUT,
                   env={**_env(bundle), "TDESK_STARTUP_PROBE": str(probe)}, check=True)
    seconds = time.monotonic() - started
    shown = json.loads(probe.read_text(encoding="utf-8"))["shown"]
    assert [w["kind"] for w in shown] == ["main window"], shown  # no error box
    assert "Open de Lyon" in shown[0]["title"]
    _report(pytestconfig, f"Debian package: {deb.stat().st_size / 1e6:.1f} MB (gzip -1); "
                          f"event opened from the unpacked package in {seconds:.1f} s")
