"""Resources and installer files, checked quickly from the source tree (the frozen bundle itself is built and
run by test_pyinstaller_bundle.py)."""

from __future__ import annotations

import ast
import configparser
import importlib.util
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from tournament_desk import resources
from tournament_desk.resources import (
    ICON_SIZES,
    app_icon_path,
    app_icon_paths,
    resource_path,
    resource_roots,
)

REPO = Path(__file__).resolve().parents[2]
SPEC = REPO / "installer" / "tournament_desk.spec"


def _load_script(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def _no_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TDESK_RESOURCES", raising=False)


def test_resource_path_finds_the_icon_and_the_catalogue_in_the_source_tree() -> None:
    assert resource_roots()[0] == REPO / "resources"
    assert resource_path("icons", "tournament_desk.svg") == REPO / "resources" / "icons" / "tournament_desk.svg"
    assert app_icon_path() == REPO / "resources" / "icons" / "tournament_desk.svg"
    assert [p.name for p in app_icon_paths()] == [f"tournament_desk_{s}.png" for s in ICON_SIZES]
    assert all(p.is_file() for p in app_icon_paths())


def test_resource_path_refuses_missing_files_and_escapes() -> None:
    with pytest.raises(FileNotFoundError, match=r"icons/nothing\.png"):
        resource_path("icons", "nothing.png")
    with pytest.raises(ValueError):
        resource_path("..", "pyproject.toml")
    with pytest.raises(ValueError):
        resource_path()
    with pytest.raises(ValueError):
        app_icon_path(17)


def _fake_resources(root: Path) -> Path:
    (root / "icons").mkdir(parents=True)
    (root / "icons" / "tournament_desk.svg").write_text("<svg/>", encoding="utf-8")
    return root


def test_the_frozen_bundle_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = _fake_resources(tmp_path / "_internal" / "resources")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "_internal"), raising=False)
    assert resource_roots()[0] == bundle
    assert app_icon_path() == bundle / "icons" / "tournament_desk.svg"
    # A file the (fake) bundle lacks is looked for further down the list, here in the source tree.
    assert resource_path("icons", "tournament_desk_16.png").is_file()


def test_an_installed_wheel_finds_its_data_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The layout ``pip install`` gives a wheel's data-files: <prefix>/share/tournament-desk next to
    <prefix>/lib/python3.X/site-packages/tournament_desk (no resources/ next to the package)."""
    package = tmp_path / "lib" / "python3.11" / "site-packages" / "tournament_desk"
    package.mkdir(parents=True)
    share = _fake_resources(tmp_path / "share" / "tournament-desk")
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    assert app_icon_path() == share / "icons" / "tournament_desk.svg"
    windows_package = tmp_path / "win" / "Lib" / "site-packages" / "tournament_desk"
    windows_package.mkdir(parents=True)
    windows_share = _fake_resources(tmp_path / "win" / "share" / "tournament-desk")
    monkeypatch.setattr(resources, "_PACKAGE_DIR", windows_package)
    assert app_icon_path() == windows_share / "icons" / "tournament_desk.svg"


def test_the_override_variable_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _fake_resources(tmp_path / "packaged")
    monkeypatch.setenv("TDESK_RESOURCES", str(root))
    assert app_icon_path() == root / "icons" / "tournament_desk.svg"


def test_the_message_catalogue_is_complete_and_compiled() -> None:
    """Issue 21: one catalogue for the core's messages, the CLI, the GUI and the printed documents; every text
    the code marks has its French, with the same fields, and the .mo the program reads is compiled from the .po."""
    catalogue = _load_script(REPO / "resources" / "translations" / "catalogue.py")
    assert catalogue.problems("fr") == [], "run python resources/translations/catalogue.py and translate"
    from tournament_desk.i18n import translate

    assert translate("&Registration", "fr") == "&Inscriptions"
    assert translate("Round {number} is not paired", "fr") == "La ronde {number} n'est pas appariée"
    # What the program reads (the standard library's gettext on the compiled .mo) is every message of the .po:
    # compared message by message, never byte for byte (Babel writes its version into the .mo's header).
    committed = catalogue.load("fr")
    for m in committed:
        if m.id and m.string:
            assert translate(m.id, "fr", m.context or "") == m.string, m.id


def test_the_catalogue_check_ignores_the_compiler_s_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A .mo compiled by another Babel release (its header says so) holds the same messages: not a problem; a .mo
    that lacks a message or holds another translation is one."""
    catalogue = _load_script(REPO / "resources" / "translations" / "catalogue.py")
    shipped = catalogue.mo_path("fr").read_bytes()
    committed = catalogue.load("fr")
    committed.version = "other"  # the header's fields change, not the messages
    committed.msgid_bugs_address = "someone@example.org"
    monkeypatch.setattr(catalogue, "mo_path", lambda lang: tmp_path / "fr.mo")
    other = catalogue.compiled(committed)
    assert other != shipped
    (tmp_path / "fr.mo").write_bytes(other)
    assert catalogue.problems("fr") == []
    first = next(m for m in committed if m.id and m.string)
    first.string = first.string + " (changed)"
    (tmp_path / "fr.mo").write_bytes(catalogue.compiled(committed))
    assert [p for p in catalogue.problems("fr") if "not compiled" in p]


def test_the_icons_have_their_sizes(qapp: object) -> None:
    from PIL import Image  # a dependency of reportlab, hence always installed
    from PySide6.QtGui import QImage

    for size, path in zip(ICON_SIZES, app_icon_paths(), strict=True):
        image = QImage(str(path))
        assert (image.width(), image.height()) == (size, size), path.name
        assert image.hasAlphaChannel()
    with Image.open(resource_path("icons", "tournament_desk.ico")) as ico:
        assert set(ico.info["sizes"]) == {(s, s) for s in ICON_SIZES}
    with Image.open(resource_path("icons", "tournament_desk.icns")) as icns:
        assert icns.format == "ICNS"
    svg = ET.parse(app_icon_path()).getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg" and svg.get("viewBox") == "0 0 256 256"


def _spec_helpers() -> dict[str, object]:
    """The spec's plug-in filter, taken out of the spec (which only runs inside PyInstaller)."""
    tree = ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))
    wanted = {"QT_PLUGINS", "QT_TRANSLATIONS_KEPT", "_PLUGIN", "_QT_TRANSLATION", "_QT_UNUSED_FILES"}
    nodes = [n for n in tree.body
             if (isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id in wanted for t in n.targets))
             or (isinstance(n, ast.FunctionDef) and n.name == "keep")]
    namespace: dict[str, object] = {"re": re}
    exec(compile(ast.Module(body=nodes, type_ignores=[]), str(SPEC), "exec"), namespace)
    return namespace


def test_the_spec_parses_and_keeps_only_the_qt_plugins_used() -> None:
    compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec")
    keep = _spec_helpers()["keep"]
    assert callable(keep)
    kept = [
        "PySide6/Qt/plugins/platforms/libqxcb.so", "PySide6/Qt/plugins/platforms/libqoffscreen.so",
        "PySide6\\plugins\\platforms\\qwindows.dll", "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        "PySide6/Qt/plugins/imageformats/libqsvg.so", "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
        "PySide6/Qt/translations/qtbase_fr.qm", "PySide6/Qt/lib/libQt6Widgets.so.6",
        "tournament_desk/storage/migrations/versions/0001_initial.py", "resources/icons/tournament_desk.svg",
        "reportlab/fonts/Vera.ttf", "PySide6/Qt/plugins/printsupport/libcupsprintersupport.so",  # printers
    ]
    dropped = [
        "PySide6/Qt/plugins/platforms/libqwayland.so", "PySide6/Qt/plugins/platforms/libqeglfs.so",
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so", "PySide6/Qt/plugins/tls/libqopensslbackend.so",
        "PySide6/Qt/plugins/sqldrivers/libqsqlite.so",
        "PySide6/Qt/translations/qtbase_de.qm", "PySide6/Qt/translations/qtdeclarative_fr.qm",
        "PySide6/Qt/qml/QtQuick/qmldir",
    ]
    assert [p for p in kept if not keep(p)] == []
    assert [p for p in dropped if keep(p)] == []


def test_the_linux_desktop_entry_and_mime_type() -> None:
    desktop = configparser.ConfigParser(interpolation=None, strict=True)
    desktop.optionxform = str  # type: ignore[assignment,method-assign]
    desktop.read(REPO / "installer" / "tournament-desk.desktop", encoding="utf-8")
    entry = desktop["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Exec"].split()[0] == "tournament-desk" and "%f" in entry["Exec"]
    assert entry["Icon"] == "tournament-desk"
    assert "application/x-tournament-desk" in entry["MimeType"].split(";")
    mime = ET.parse(REPO / "installer" / "tournament-desk-mime.xml").getroot()
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    kind = mime.find("m:mime-type", ns)
    assert kind is not None and kind.get("type") == "application/x-tournament-desk"
    assert [g.get("pattern") for g in kind.findall("m:glob", ns)] == ["*.tdesk"]


def test_the_windows_installer_script_associates_tdesk_files() -> None:
    iss = (REPO / "installer" / "tournament_desk.iss").read_text(encoding="utf-8")
    assert re.search(r"^Source: \"\{#BundleDir\}\\\*\";.*recursesubdirs", iss, re.M)
    assert "ChangesAssociations=yes" in iss
    association = r'Root: HKA; Subkey: "Software\Classes\.tdesk"; ValueType: string; ValueName: ""; '
    assert association + 'ValueData: "{#ProgId}"' in iss
    assert "{group}" in iss and "[UninstallDelete]" in iss


def test_a_plain_install_ships_the_migrations_and_the_rules() -> None:
    """A non-editable install (the README's run command) must carry every Alembic revision, or it cannot
    create an event; the rules document goes with the data files."""
    import fnmatch
    import tomllib

    root = Path(__file__).parents[2]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["tournament_desk"]
    package = root / "tournament_desk"
    for revision in (package / "storage" / "migrations" / "versions").glob("*.py"):
        relative = revision.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(relative, p) for p in patterns), relative
    data_files = config["tool"]["setuptools"]["data-files"]
    assert "docs/rules.md" in data_files["share/tournament-desk/docs"]
