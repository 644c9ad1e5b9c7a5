"""The French message catalogue: extract the program's texts with Babel, keep the ``.po``, compile the ``.mo``.

    python resources/translations/catalogue.py            # extract, update fr.po (new ids empty), compile fr.mo
    python resources/translations/catalogue.py --check    # exit 1 if a text has no French, or the .mo is stale

Texts are found where the code marks them: ``msg("...")`` (core messages, errors, action names),
``pmsg("context", "...")`` (a text translated by context), ``N_("...")`` (constant texts translated where shown)
and the GUI's ``t("...")``. The catalogue is
``tournament_desk/locale/fr/LC_MESSAGES/tournament_desk.po`` (edited by hand or with any PO editor); the
compiled ``.mo`` beside it is what the program reads (:mod:`tournament_desk.i18n`, standard library gettext).
Babel is a development and test dependency only.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tournament_desk"
LOCALE = PACKAGE / "locale"
DOMAIN = "tournament_desk"
KEYWORDS = {"msg": None, "pmsg": ((1, "c"), 2), "N_": None, "t": None}
LANGUAGES = ("fr",)


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


Key = tuple[str, str | None]
"""A catalogue entry: its id and its context (None without one)."""


def extract() -> dict[Key, list[tuple[str, int]]]:
    """Every marked text of the package: ``(id, context) -> [(file, line)...]``."""
    found: dict[Key, list[tuple[str, int]]] = {}
    method_map = [("**/migrations/**", "ignore"), ("**.py", "python")]
    for filename, lineno, message, _comments, context in extract_from_dir(
            str(PACKAGE), method_map=method_map, keywords=KEYWORDS):
        text = message if isinstance(message, str) else message[0]
        if text:
            found.setdefault((text, context or None), []).append((f"tournament_desk/{filename}", lineno))
    return found


def load(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN, project="tournament_desk")
    with path.open("rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def updated(lang: str, found: dict[Key, list[tuple[str, int]]]) -> Catalog:
    """The catalogue with every extracted id (translations kept, new ids empty, ids gone dropped)."""
    old = load(lang)
    new = Catalog(locale=lang, domain=DOMAIN, project="tournament_desk", fuzzy=False)
    for text, context in sorted(found, key=lambda key: (key[0], key[1] or "")):
        previous = old.get(text, context=context)
        new.add(text, previous.string if previous is not None else "", locations=found[text, context],
                context=context)
    return new


def compiled(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=116, omit_header=False, sort_output=True, include_lineno=False)
    return out.getvalue()


def problems(lang: str) -> list[str]:
    """What is wrong with the committed catalogue of ``lang`` (empty when it is complete and compiled)."""
    found = extract()
    catalog = updated(lang, found)
    out = [f"no {lang} translation: {m.id!r} ({found[m.id, m.context][0][0]})" for m in catalog
           if m.id and not m.string]
    committed = load(lang)
    stale = sorted(m.id for m in committed if m.id and (m.id, m.context) not in found)
    out += [f"in the {lang} catalogue but no longer in the code: {text!r}" for text in stale]
    for m in committed:
        if m.id and m.string and _fields(m.id) != _fields(m.string):
            out.append(f"the {lang} translation of {m.id!r} has other fields: {m.string!r}")
    if not mo_path(lang).exists() or messages(_read_mo(mo_path(lang))) != messages(committed):
        out.append(f"{_shown(mo_path(lang))} is not compiled from the .po: run catalogue.py")
    return out


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def messages(catalog: Catalog) -> dict[str, object]:
    """What a catalogue means to the program: every translated message by (id, context), and the plural rule.

    The compiled ``.mo`` is compared with the ``.po`` through this, never byte for byte: Babel writes its own
    version into the header ("Generated-By"), so the bytes change with every Babel release while the messages
    do not (a fresh machine always gets the newest Babel)."""
    out: dict[str, object] = {"plural-forms": catalog.plural_forms}
    for m in catalog:
        if m.id and m.string:
            out[repr((m.id, m.context))] = m.string
    return out


def _read_mo(path: Path) -> Catalog:
    with path.open("rb") as fh:
        return read_mo(fh)


def _fields(text: str) -> set[str]:
    import string

    try:
        return {name.split("!")[0].split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text)
                if name}
    except ValueError:
        return {"<malformed>"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    if args.check:
        issues = [p for lang in LANGUAGES for p in problems(lang)]
        for issue in issues:
            print(issue)
        return 1 if issues else 0
    found = extract()
    for lang in LANGUAGES:
        catalog = updated(lang, found)
        po_path(lang).parent.mkdir(parents=True, exist_ok=True)
        po_path(lang).write_bytes(po_bytes(catalog))
        mo_path(lang).write_bytes(compiled(load(lang)))
        missing = sum(1 for m in catalog if m.id and not m.string)
        print(f"{po_path(lang).relative_to(ROOT)}: {len(catalog)} texts, {missing} without translation")
    return 0


if __name__ == "__main__":
    sys.exit(main())
