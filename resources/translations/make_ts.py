"""Generate the Qt translation source ``tournament_desk_fr.ts`` from the GUI's in-code French catalogue
(``tournament_desk.gui.i18n._FR``) and compile it to ``tournament_desk_fr.qm`` with Qt's ``lrelease``.
Run after changing the catalogue, and commit both files:

    python resources/translations/make_ts.py            # write the .ts and compile the .qm
    python resources/translations/make_ts.py --check    # exit 1 if the committed .ts is out of date

Every message is in one context, ``tournament_desk`` (:data:`CONTEXT`): look texts up with
``QCoreApplication.translate("tournament_desk", text)``. The ``.ts`` is written with the standard library's
ElementTree (the format is a small documented XML, see Qt Linguist's ``ts.dtd``) rather than with
``pyside6-lupdate``, because lupdate extracts ``tr()`` calls from source code and the catalogue is a dict.
The ``.qm`` is compiled by the real ``lrelease`` that PySide6 ships (``pyside6-lrelease``), not by a
hand-written writer: the binary format is Qt's internal one.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONTEXT = "tournament_desk"
LANGUAGES: dict[str, str] = {"fr": "fr_FR"}


def ts_path(lang: str) -> Path:
    return HERE / f"tournament_desk_{lang}.ts"


def qm_path(lang: str) -> Path:
    return HERE / f"tournament_desk_{lang}.qm"


def catalogue(lang: str) -> Mapping[str, str]:
    if lang != "fr":
        raise ValueError(f"no catalogue for {lang}")
    sys.path.insert(0, str(HERE.parent.parent))  # the source tree, when the package is not installed
    try:
        from tournament_desk.gui.i18n import _FR
    finally:
        sys.path.pop(0)
    return _FR


def ts_text(messages: Mapping[str, str], locale: str) -> str:
    """The ``.ts`` XML for ``messages`` (source text -> translation), in the catalogue's order."""
    root = ET.Element("TS", version="2.1", language=locale, sourcelanguage="en")
    context = ET.SubElement(root, "context")
    ET.SubElement(context, "name").text = CONTEXT
    for source, translation in messages.items():
        message = ET.SubElement(context, "message")
        ET.SubElement(message, "source").text = source
        ET.SubElement(message, "translation").text = translation
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n{body}\n'


def lrelease_command() -> list[str]:
    """``pyside6-lrelease`` from PATH, else the ``lrelease`` binary inside the installed PySide6 package."""
    found = shutil.which("pyside6-lrelease")
    if found:
        return [found]
    import PySide6

    folder = Path(PySide6.__file__).parent
    for name in ("lrelease", "lrelease.exe", "Qt/libexec/lrelease", "Qt/bin/lrelease"):
        if (folder / name).is_file():
            return [str(folder / name)]
    raise SystemExit("lrelease not found: install PySide6-Essentials (it ships pyside6-lrelease)")


def compile_qm(ts: Path, qm: Path) -> None:
    subprocess.run([*lrelease_command(), "-silent", "-nounfinished", str(ts), "-qm", str(qm)], check=True)
    if not qm.is_file():
        raise SystemExit(f"lrelease did not write {qm}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only check that the committed .ts files are current")
    parser.add_argument("--no-compile", action="store_true", help="write the .ts files but not the .qm files")
    args = parser.parse_args(argv)
    stale = []
    for lang, locale in LANGUAGES.items():
        text = ts_text(catalogue(lang), locale)
        ts = ts_path(lang)
        if args.check:
            if not ts.is_file() or ts.read_text(encoding="utf-8") != text:
                stale.append(ts.name)
            continue
        ts.write_text(text, encoding="utf-8", newline="\n")
        print(f"wrote {ts.relative_to(HERE.parent.parent)}")
        if not args.no_compile:
            compile_qm(ts, qm_path(lang))
            print(f"wrote {qm_path(lang).relative_to(HERE.parent.parent)}")
    if stale:
        print(f"out of date: {', '.join(stale)}; run python resources/translations/make_ts.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
