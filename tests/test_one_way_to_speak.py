"""Issue 21 item 4, "one way to speak": every text for the user comes from the gettext catalogue.

The program's code (read as syntax trees, not run) must not

* build a user error with an English and a French text side by side (``ValidationError("...", "...")``, or the
  ``fr=`` argument): an error carries a :class:`~tournament_desk.core.messages.Msg`, looked up at the edge;
* choose a text by comparing the language with ``"fr"`` (``"Ronde" if lang == "fr" else "Round"``,
  ``if lang == "fr": ...``), or pick it from a ``{"en": ..., "fr": ...}`` table indexed by the language.

The catalogue's completeness (every marked text has its French) is checked by
``tests/installer/test_resources.py::test_the_message_catalogue_is_complete_and_compiled``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tournament_desk.core.operations import AddPlayer

PACKAGE = Path(__file__).resolve().parents[1] / "tournament_desk"

# Files not converted yet (a path, or a folder ending in "/"): none left. Kept so that a file taken over from a
# branch that still speaks in pairs can be listed here while it is converted.
NOT_YET_CONVERTED: tuple[str, ...] = ()

# Where comparing the language with "fr" is not choosing a text: the mechanism itself, and locale conventions
# that are not words (a file, the function, why).
LANGUAGE_TESTS_ALLOWED = {
    ("gui/i18n.py", "install_qt_translator"): "picks Qt's locale (QLocale.French) and Qt's own translations",
    ("core/formatting.py", "decimal_text"): "the decimal comma of French numbers (a convention, not a word)",
    ("core/formatting.py", "csv_separator"): "the ';' of French spreadsheets, which use the decimal comma",
    ("core/formatting.py", "is_singular"): "the plural rule of each language (French: singular up to 1)",
}


def _modules() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("storage/migrations/"):
            continue
        yield rel, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _excluded(rel: str) -> bool:
    return any(rel == entry or (entry.endswith("/") and rel.startswith(entry)) for entry in NOT_YET_CONVERTED)


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _error_classes(modules: list[tuple[str, ast.Module]]) -> dict[str, bool]:
    """Every ``TournamentError`` subclass of the package (by name) → whether its constructor still takes a
    French text as second argument (its own ``__init__``, or the nearest base's, has ``fr`` there)."""
    bases: dict[str, list[str]] = {}
    own_fr: dict[str, bool | None] = {}
    for _rel, tree in modules:
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = [_name(b) for b in node.bases]
                init = next((f for f in node.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None)
                if init is None:
                    own_fr[node.name] = None
                else:
                    params = [a.arg for a in init.args.posonlyargs + init.args.args]
                    own_fr[node.name] = len(params) > 2 and params[2] == "fr"
    errors = {"TournamentError"}
    grown = True
    while grown:
        grown = False
        for name, parents in bases.items():
            if name not in errors and any(p in errors for p in parents):
                errors.add(name)
                grown = True

    def takes_fr(name: str) -> bool:
        if own_fr.get(name) is not None:
            return bool(own_fr[name])
        return any(takes_fr(p) for p in bases.get(name, []) if p in errors)

    return {name: takes_fr(name) for name in errors}


class _Finder(ast.NodeVisitor):
    def __init__(self, rel: str, errors: dict[str, bool], tables: set[str]) -> None:
        self.rel, self.errors, self.tables = rel, errors, tables
        self.functions: list[str] = []
        self.classes: list[str] = []
        self.found: list[str] = []

    def _where(self, node: ast.AST) -> str:
        return f"{self.rel}:{getattr(node, 'lineno', 0)} ({'.'.join(self.functions) or 'module'})"

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node.func)
        is_super_init = (name == "__init__" and isinstance(node.func, ast.Attribute)
                         and isinstance(node.func.value, ast.Call) and _name(node.func.value.func) == "super"
                         and bool(self.classes) and self.classes[-1] in self.errors)
        if name in self.errors or is_super_init:
            takes_fr = self.errors.get(name, True) if not is_super_init else True
            if (takes_fr and len(node.args) >= 2) or any(k.arg == "fr" for k in node.keywords):
                self.found.append(f"{self._where(node)}: {ast.unparse(node)[:100]} — an English and a French text")
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        sides = [node.left, *node.comparators]
        if any(isinstance(s, ast.Constant) and s.value == "fr" for s in sides):
            allowed = (self.rel, self.functions[-1] if self.functions else "") in LANGUAGE_TESTS_ALLOWED
            if not allowed:
                self.found.append(f"{self._where(node)}: {ast.unparse(node)} — a text chosen by language")
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        table = node.value
        if (isinstance(table, ast.Dict) and _has_language_keys(table)) or (
                isinstance(table, ast.Name) and table.id in self.tables):
            self.found.append(f"{self._where(node)}: {ast.unparse(node)[:100]} — a text picked from an en/fr table")
        self.generic_visit(node)


def _has_language_keys(node: ast.Dict) -> bool:
    keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
    return {"en", "fr"} <= keys


def _language_tables(tree: ast.Module) -> set[str]:
    """Module-level names bound to a ``{"en": ..., "fr": ...}`` table."""
    out = set()
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Dict) \
                and _has_language_keys(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            out |= {t.id for t in targets if isinstance(t, ast.Name)}
    return out


def _offences() -> tuple[list[str], dict[str, bool]]:
    modules = list(_modules())
    errors = _error_classes(modules)
    found: list[str] = []
    for rel, tree in modules:
        if _excluded(rel):
            continue
        finder = _Finder(rel, errors, _language_tables(tree))
        finder.visit(tree)
        found += finder.found
    return found, errors


def test_no_text_is_written_in_two_languages_side_by_side() -> None:
    found, errors = _offences()
    # The walk sees the package's errors (so that an empty list above means something).
    assert {"ValidationError", "ImportFormatError", "RowsRefusedError", "PrintError", "NoLegalPairingError"} <= set(
        errors)
    assert found == [], "\n".join(found)


def test_the_walk_finds_each_kind_of_offence(tmp_path: Path) -> None:
    """The finder itself: each pattern it must refuse, in a small module."""
    source = '''
class TournamentError(ValueError):
    def __init__(self, message, fr=None, *, field=None): ...
class ValidationError(TournamentError): ...
def f(lang):
    raise ValidationError("Bad", "Mauvais")
def g(lang):
    return "Ronde" if lang == "fr" else "Round"
def h(lang):
    return {"en": "Round", "fr": "Ronde"}[lang]
WORDS = {"en": "Round", "fr": "Ronde"}
def k(lang):
    return WORDS[lang]
def ok(message):
    raise ValidationError(message, field="name")
'''
    tree = ast.parse(source)
    errors = _error_classes([("m.py", tree)])
    finder = _Finder("m.py", errors, _language_tables(tree))
    finder.visit(tree)
    assert [line.split(":")[1].split(" ")[0] for line in finder.found] == ["6", "8", "10", "13"]


# -- the catalogue at the edge, through the CLI ------------------------------------------------------------------


def _swiss_event(tmp_path: Path) -> Path:
    """A Dutch Swiss of 8 rated players registered in random order, round 1 paired and played through the CLI."""
    import random

    from tournament_desk.__main__ import main

    path = tmp_path / "open.tdesk"
    assert main(["new", str(path), "--name", "Open de Lyon", "--system", "dutch", "--rounds", "5",
                 "--discipline", "chess"]) == 0
    players = [("Martin", 2150), ("Bernard", 2080), ("Dubois", 1990), ("Thomas", 1920), ("Robert", 1875),
               ("Richard", 1810), ("Petit", 1760), ("Durand", 1700)]
    random.Random(21).shuffle(players)
    for surname, rating in players:
        assert main(["players", "add", str(path), "--surname", surname, "--rating", str(rating)]) == 0
    assert main(["pair", str(path)]) == 0
    for board, result in enumerate(("1-0", "1/2", "0-1", "1-0"), start=1):
        assert main(["result", str(path), result, "--round", "1", "--board", str(board)]) == 0
    return path


def test_french_output_of_the_cli_comes_from_the_catalogue(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The standings table and CSV, and a tie-break explanation, in French: a heading translated by context
    (« Classt » in the narrow column of the text table, « Classement » in the CSV), the spreadsheet's ``;``, and
    the explanation's notes (the kind of each contribution, « compté »)."""
    from tournament_desk.__main__ import main

    path = _swiss_event(tmp_path)
    capsys.readouterr()
    out_csv = tmp_path / "standings.csv"
    assert main(["--lang", "fr", "standings", str(path), "--tiebreaks", "BH,SB", "--csv", str(out_csv)]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0] == "Open de Lyon — classement après la ronde 1/5"
    assert text.splitlines()[2].split()[:4] == ["Pl.", "Nom", "Classt", "Pts"]
    assert "Départages : liste demandée ; parties non jouées : score ajusté (FFE, annexe « Départages » §1)" in text
    header = out_csv.read_text(encoding="utf-8-sig").splitlines()[0]
    assert header.startswith("Place;Id;Nom;Club;Fédération;Classement;Points;BH (Buchholz)")
    assert main(["standings", str(path), "--tiebreaks", "BH"]) == 0
    assert capsys.readouterr().out.splitlines()[2].split()[:4] == ["Pl.", "Name", "Rating", "Pts"]
    assert main(["--lang", "fr", "standings", str(path), "--explain", "1", "BH"]) == 0
    explained = capsys.readouterr().out
    assert "Buchholz (BH)" in explained and "compté" in explained and "partie" in explained
    assert main(["standings", str(path), "--explain", "1", "BH"]) == 0
    explained = capsys.readouterr().out
    assert "counted" in explained and "game" in explained and "partie" not in explained


def test_an_error_keeps_both_languages_when_reused_in_another_message(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """An import refused because a row is wrong: the row's own error (a core message) is a field of the import
    error, rendered in the same language; so is another layer's error (the storage's) reused in a core one."""
    from tournament_desk.__main__ import main
    from tournament_desk.core.errors import EventFileError, ImportFormatError
    from tournament_desk.core.messages import msg

    path = _swiss_event(tmp_path)
    capsys.readouterr()
    bad = tmp_path / "joueurs.csv"
    bad.write_text("nom;prénom;classement\nLEROY;Anne;1650\nMOREAU;Paul;beaucoup\n", encoding="utf-8")
    assert main(["--lang", "fr", "players", "import", str(path), str(bad)]) == 3
    err = capsys.readouterr().err
    assert "1 ligne(s) ne peuvent pas être importées" in err and "ligne 3" in err
    assert main(["players", "import", str(path), str(bad)]) == 3
    assert "1 row(s) cannot be imported" in capsys.readouterr().err
    older = EventFileError(msg("This event is open read-only"))
    wrapped = ImportFormatError(older.msg, line=7)
    assert wrapped.message("en") == "line 7: This event is open read-only"
    assert wrapped.message("fr") == "ligne 7\u00a0: Ce tournoi est ouvert en lecture seule"


# -- the French reaches the user from every layer that used to speak in pairs ------------------------------------


def test_a_refused_value_is_explained_in_french_with_the_field_named(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """core/model.py: the field's name is a message of its own (context ``field``), rendered inside the error in
    the same language; nothing is registered."""
    from tournament_desk.__main__ import main

    path = _swiss_event(tmp_path)
    capsys.readouterr()
    assert main(["--lang", "fr", "players", "add", str(path), "--surname", "Lefebvre" * 13]) == 3
    assert "Le nom dépasse 100 caractères" in capsys.readouterr().err
    assert main(["--lang", "fr", "players", "add", str(path), "--surname", "Lefebvre", "--club", "C" * 201]) == 3
    assert "Le champ « club » fait 201 caractères ; 200 au plus sont permis" in capsys.readouterr().err
    assert main(["players", "add", str(path), "--surname", "Lefebvre", "--club", "C" * 201]) == 3
    assert "The club is 201 characters long; at most 200 are allowed" in capsys.readouterr().err
    assert main(["players", "list", str(path), "--json"]) == 0
    assert "Lefebvre" not in capsys.readouterr().out


def test_an_event_file_open_elsewhere_is_refused_in_french(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """storage/errors.py: the writer lock's owner (process, host) inside the French sentence."""
    from tournament_desk.__main__ import main
    from tournament_desk.services.session import EventSession

    path = _swiss_event(tmp_path)
    capsys.readouterr()
    with EventSession.open(path):  # another window holds the event for writing
        assert main(["--lang", "fr", "result", str(path), "0-1", "--round", "1", "--board", "1",
                     "--replace"]) != 0
        err = capsys.readouterr().err
    assert "open.tdesk est déjà ouvert en écriture dans une autre fenêtre de tournament_desk (processus " in err
    assert "ouvrez-le en lecture seule, ou fermez d'abord l'autre fenêtre" in err


def test_a_damaged_event_file_is_explained_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """storage/validate.py: the damaged value, its table and row, and the kind of value expected, all in French
    (nested messages); the English is the same message looked up in no catalogue."""
    import sqlite3

    from tournament_desk.__main__ import main

    path = _swiss_event(tmp_path)
    capsys.readouterr()
    with sqlite3.connect(path) as conn:
        victim = conn.execute("SELECT id FROM player ORDER BY id LIMIT 1").fetchone()[0]
        conn.execute("UPDATE player SET sex = 'X' WHERE id = ?", (victim,))
    conn.close()
    assert main(["--lang", "fr", "players", "list", str(path)]) != 0
    err = capsys.readouterr().err
    assert f"open.tdesk est endommagé : table player, ligne {victim} : 'X' n'est pas un(e) sexe (M, F ou vide)" in err
    assert "Rien n'y a été modifié" in err
    assert main(["players", "list", str(path)]) != 0
    assert f"open.tdesk is damaged: table player, row {victim}: 'X' is not a sex (M, F or empty)" in \
        capsys.readouterr().err


def test_a_damaged_bundle_is_refused_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """formats/bundle.py and services/bundle.py: each problem of a bundle named in French (a member missing, a
    member the schema does not know), and the checks.txt the federation reads written in both languages."""
    import zipfile

    from tournament_desk.__main__ import main

    path = _swiss_event(tmp_path)
    bundle = tmp_path / "paquet.zip"
    assert main(["--lang", "fr", "export", str(path), "--bundle", str(bundle)]) == 0
    assert "Paquet d'homologation écrit" in capsys.readouterr().out
    with zipfile.ZipFile(bundle) as zf:
        checks = zf.read("checks.txt").decode("utf-8")
    assert "contrôles d'homologation / homologation checks" in checks
    assert "\nRègle : " in checks and "\nRule: " in checks
    damaged = tmp_path / "abîmé.zip"
    with zipfile.ZipFile(bundle) as zin, zipfile.ZipFile(damaged, "w") as zout:
        for info in zin.infolist():
            if info.filename != "crosstable.pdf":
                zout.writestr(info.filename, zin.read(info))
        zout.writestr("notes.txt", b"ajout")
    assert main(["--lang", "fr", "verify-bundle", str(damaged)]) == 5
    err = capsys.readouterr().err
    assert "Paquet refusé : 2 problème(s)" in err
    assert "crosstable.pdf : listé dans le manifeste mais absent du zip" in err
    assert "notes.txt : présent dans le zip mais absent du manifeste" in err
    assert main(["verify-bundle", str(damaged)]) == 5
    assert "crosstable.pdf: listed in the manifest but missing from the zip" in capsys.readouterr().err


def _pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_printed_documents_speak_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """printing/: the headings, the round in the header, the legends and the page numbers from the catalogue (the
    text read back from the PDF)."""
    from tournament_desk.__main__ import main

    path = _swiss_event(tmp_path)
    standings, wallchart, slips = tmp_path / "classement.pdf", tmp_path / "grille.pdf", tmp_path / "feuilles.pdf"
    assert main(["--lang", "fr", "print", str(path), "standings", "-o", str(standings)]) == 0
    assert main(["--lang", "fr", "print", str(path), "crosstable", "-o", str(wallchart)]) == 0
    assert main(["--lang", "fr", "print", str(path), "slips", "--round", "1", "-o", str(slips)]) == 0
    assert f"PDF écrit : {slips}" in capsys.readouterr().out
    text = _pdf_text(standings)
    for french in ("Classement — après la ronde 1", "Nom", "Places partagées : égalité aux points",
                   "Départages : ", "Page 1 / 1"):
        assert french in text, french
    assert "Standings" not in text and "after round" not in text
    text = _pdf_text(wallchart)
    assert "Tableau des résultats (système suisse) — après la ronde 1" in text
    assert "Système : système suisse (néerlandais)" in text and "B = Blancs, N = Noirs" in text
    text = _pdf_text(slips)
    assert "Feuilles de résultat — Ronde 1" in text and "Ronde 1 — Table 1" in text and "Résultat :" in text
    english = tmp_path / "standings.pdf"
    assert main(["print", str(path), "standings", "-o", str(english)]) == 0
    text = _pdf_text(english)
    assert "Standings — after round 1" in text and "Shared places: equal on points" in text


def test_the_undo_history_keeps_each_action_in_both_languages_from_one_message(tmp_path: Path) -> None:
    """storage/repository.py: the journal and the audit log store the one catalogue message the action returns
    (its id and fields), read back in English and in French."""
    from tournament_desk.services.session import EventSession

    path = _swiss_event(tmp_path)
    with EventSession.open(path) as session:
        change = session.run(AddPlayer(surname="Leroy", first_name="Anne"))
        entry = session.audit_log()[-1]
        assert (entry.label.text("en"), entry.label.text("fr")) == (change.title.text("en"), change.title.text("fr"))
        assert entry.label.text("fr") != entry.label.text("en")
        assert session.undo_label("fr") == change.label("fr")
        undone = session.undo()
        assert undone.label("fr") == f"Annuler : {change.label('fr')}"
