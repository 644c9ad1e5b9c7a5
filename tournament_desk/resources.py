"""Find the program's resource files (icons, translations) wherever the program runs from.

One helper for the GUI and the printing code, pure Python (no Qt import). The resources live in the
repository's ``resources/`` folder and are found, in this order:

1. the frozen PyInstaller bundle: ``<sys._MEIPASS>/resources`` (the spec copies ``resources/`` there);
2. a source checkout or an editable install: ``resources/`` next to the ``tournament_desk`` package;
3. an installed wheel: ``<data>/share/tournament-desk`` where ``<data>`` is the installation scheme's data
   directory (``sys.prefix`` in a virtual environment, the user base for ``pip install --user``); the wheel
   ships the files there through ``[tool.setuptools.data-files]`` in ``pyproject.toml``.

``TDESK_RESOURCES`` (a folder laid out like ``resources/``), when set, is searched first: distribution
packagers who put the files elsewhere (``/usr/share/...``) point it there.
"""

from __future__ import annotations

import os
import sys
import sysconfig
from pathlib import Path

#: Folder name of the resources inside a wheel's data directory (``<prefix>/share/<name>``).
SHARE_NAME = "tournament-desk"
#: Sizes of the rendered PNG application icons in ``resources/icons``.
ICON_SIZES: tuple[int, ...] = (16, 32, 48, 64, 128, 256)

_PACKAGE_DIR = Path(__file__).resolve().parent


def _wheel_data_roots() -> list[Path]:
    """Where a wheel's ``data-files`` may have been installed: first the ancestors of this installed package
    (it lives in ``<data>/lib/python3.X/site-packages`` on POSIX, ``<data>/Lib/site-packages`` on Windows,
    whatever the scheme: venv, ``--user``, ``--prefix``, Debian's ``/usr/local``), then every scheme's data
    path and ``sys.prefix``."""
    bases: list[Path] = list(_PACKAGE_DIR.parents[1:5])  # this copy of the package first
    for scheme in (None, f"{os.name}_user", "posix_prefix", "posix_local", "nt"):
        try:
            data = sysconfig.get_path("data", scheme) if scheme else sysconfig.get_path("data")
        except KeyError:  # scheme unknown on this platform / Python build
            continue
        if data:
            bases.append(Path(data))
    bases.append(Path(sys.prefix))
    return [base / "share" / SHARE_NAME for base in bases]


def resource_roots() -> list[Path]:
    """The folders searched for resources, in order of preference (existing or not, without duplicates)."""
    roots: list[Path] = []
    override = os.environ.get("TDESK_RESOURCES")
    if override:
        roots.append(Path(override))
    if getattr(sys, "frozen", False):
        # PyInstaller one-folder bundle: _MEIPASS is the `_internal` folder next to the executable.
        bundle = getattr(sys, "_MEIPASS", None)
        base = Path(bundle) if bundle else Path(sys.executable).resolve().parent
        roots.append(base / "resources")
    roots.append(_PACKAGE_DIR.parent / "resources")
    roots.extend(_wheel_data_roots())
    unique: list[Path] = []
    for root in roots:
        if root not in unique:
            unique.append(root)
    return unique


def resource_path(*parts: str) -> Path:
    """The absolute path of a resource, e.g. ``resource_path("icons", "tournament_desk.svg")``.

    Raises :class:`FileNotFoundError` naming the folders searched when no root holds the file.
    """
    if not parts:
        raise ValueError("resource_path() needs at least one path component")
    relative = Path(*parts)
    if relative.is_absolute() or ".." in relative.parts:
        raise ValueError(f"resource paths are relative to the resources folder: {relative}")
    roots = resource_roots()
    for root in roots:
        candidate = root / relative
        if candidate.exists():
            return candidate
    searched = ", ".join(str(r) for r in roots)
    raise FileNotFoundError(f"resource {relative.as_posix()} not found (searched: {searched})")


def app_icon_path(size: int | None = None) -> Path:
    """The application icon: the scalable SVG by default, or the rendered PNG of ``size`` pixels
    (one of :data:`ICON_SIZES`; a Qt ``QIcon`` built from the PNGs needs no SVG plug-in)."""
    if size is None:
        return resource_path("icons", "tournament_desk.svg")
    if size not in ICON_SIZES:
        raise ValueError(f"no {size}px icon; sizes are {', '.join(map(str, ICON_SIZES))}")
    return resource_path("icons", f"tournament_desk_{size}.png")


def app_icon_paths() -> list[Path]:
    """Every rendered PNG size of the application icon, smallest first (for ``QIcon.addFile``)."""
    return [app_icon_path(size) for size in ICON_SIZES]


