"""Issue 27 item 2: what users and federations read cites the documents by their own titles.

Every output a user reads or a club secretary sends is produced here as a user produces it — the CLI through
``tournament_desk.__main__.main`` on events of every discipline and rating system, in French and English: the
listings, the standings and their explanations, the rule settings and the rules document, the rating previews,
every printed PDF (read back as text), every file of the homologation bundle, and the help of every command —
and searched for our private names of the source documents ("seed 000"…"seed 004", ``seed003``, "document
002") and for the program cited as a rule. The registry of sources (``core/sources.py``) is checked to give
each document the title it gives itself.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from tournament_desk.__main__ import main
from tournament_desk.core.sources import (
    ELO_NATIONAL,
    FFE_TIEBREAKS,
    FFJD_RCN,
    FISF_PL,
    PLATFORM,
    SOURCES,
    SourceKind,
    cite,
)

NICKNAME = re.compile(r"seed[ _-]?0\d\d|\bseed ?00[0-4]\b|document 00\d|\bseed00|tournament_desk:\s", re.I)
"""Our private names of the five French documents, and the program named as if it were a rule."""

NAMES = ["Arnaud", "Benoît", "Céline", "Damien", "Estelle", "Fabrice", "Gaëlle", "Hervé", "Isabelle", "Jérôme",
         "Karine", "Laurent"]


def _streams(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse's --help
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def _run(*argv: str) -> tuple[int, str]:
    """The exit code, and what the user reads: standard output then standard error."""
    code, out, err = _streams(*argv)
    return code, out + err


def _ok(*argv: str) -> str:
    code, text = _run(*argv)
    assert code == 0, (argv, text)
    return text


def _id_option(discipline: str, i: int) -> tuple[str, str]:
    """Each discipline's own player field (another discipline's is refused): the FIDE id in chess, the FMJD id in
    draughts, the duplicate series in Scrabble."""
    if discipline == "scrabble":
        return "--series", str(1 + i % 7)
    return ("--fmjd-id" if discipline == "draughts" else "--fide-id"), str(20_000 + i)


def _event(folder: Path, name: str, *, discipline: str, system: str, rating: str, rounds: int, players: int,
           seed: int) -> Path:
    rng = random.Random(seed)
    path = folder / f"{name}.tdesk"
    _ok("new", str(path), "--name", name, "--discipline", discipline, "--system", system, "--rounds", str(rounds),
        "--rating-system", rating, "--place", "Angers", "--start", "2026-06-13", "--end", "2026-06-14",
        "--arbiter", "Sylvie Marchand", "--time-control", "90+30")
    order = list(range(players))
    rng.shuffle(order)  # registration in random order
    for i in order:
        args = ["players", "add", str(path), "--surname", NAMES[i % len(NAMES)].upper() + ("" if i < 12 else "B"),
                "--first-name", "Camille", "--licence", f"M{i:05d}", "--federation", "FRA",
                *_id_option(discipline, i), "--rating", str(1450 + 70 * i)]
        if i == players - 1:
            args[args.index("--rating"):args.index("--rating") + 2] = ["--unrated"]
        _ok(*args)
    if system == "round-robin":
        _ok("numbers", str(path), "--lot", "--seed", str(seed))
    scrabble = discipline == "scrabble"
    draughts = discipline == "draughts"
    for rnd in range(1, rounds + 1):
        code, out, err = _streams("pair", str(path), "--json")
        assert code == 0, err
        paired = json.loads(out)
        boards = [g["board"] for g in paired["boards"]]
        for board in boards:
            if scrabble:
                w, b = rng.choice([(430, 360), (360, 430), (402, 402)])
                result = "1-0" if w > b else "0-1" if b > w else "1/2"
                _ok("result", str(path), "--round", str(rnd), "--board", str(board), result,
                    "--points", str(w), str(b))
                continue
            choices = ["2-0", "1-1", "0-2", "2fe", "0fne"] if draughts else ["1-0", "1/2", "0-1", "+-"]
            _ok("result", str(path), "--round", str(rnd), "--board", str(board), rng.choice(choices))
    return path


def _pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)


def _outputs(folder: Path, path: Path, lang: str) -> Iterator[tuple[str, str]]:
    tag = f"{path.stem} [{lang}]"
    base = ("--lang", lang)
    yield f"{tag} show", _ok(*base, "show", str(path))
    yield f"{tag} standings", _ok(*base, "standings", str(path))
    yield f"{tag} standings --json", _ok(*base, "standings", str(path), "--json")
    for code in ("BH", "SB", "PERF", "CUM"):
        _code, text = _run(*base, "standings", str(path), "--explain", "1", code)
        yield f"{tag} standings --explain 1 {code}", text
    yield f"{tag} tiebreaks", _ok(*base, "tiebreaks", str(path))
    yield f"{tag} rules", _ok(*base, "rules", str(path))
    yield f"{tag} rules --json", _ok(*base, "rules", str(path), "--json")
    yield f"{tag} rate", _run(*base, "rate", str(path))[1]
    yield f"{tag} rate --json", _run(*base, "rate", str(path), "--json")[1]
    for kind in ("pairings", "crosstable", "standings", "slips", "ratings"):
        pdf = folder / f"{path.stem}-{kind}-{lang}.pdf"
        code, text = _run(*base, "print", str(path), kind, "-o", str(pdf))
        yield f"{tag} print {kind} (command)", text
        if pdf.exists():
            yield f"{tag} print {kind} (PDF)", _pdf_text(pdf)
    bundle = folder / f"{path.stem}-{lang}.zip"
    yield f"{tag} export --bundle", _ok(*base, "export", str(path), "--bundle", str(bundle))
    yield f"{tag} export --bundle --json", _ok(*base, "export", str(path), "--bundle", str(bundle), "--json")
    yield f"{tag} verify-bundle", _run(*base, "verify-bundle", str(bundle))[1]
    with zipfile.ZipFile(bundle) as z:
        for name in z.namelist():
            data = z.read(name)
            if name.endswith(".pdf"):
                member = folder / f"member-{lang}.pdf"
                member.write_bytes(data)
                yield f"{tag} bundle {name}", _pdf_text(member)
            else:
                yield f"{tag} bundle {name}", data.decode("utf-8-sig", errors="replace")


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("citations")
    events = [
        _event(folder, "open-fide", discipline="chess", system="dutch", rating="fide", rounds=3, players=12, seed=1),
        _event(folder, "open-elo", discipline="chess", system="dutch", rating="elo-fr", rounds=2, players=9, seed=2),
        _event(folder, "dames", discipline="draughts", system="round-robin", rating="ffjd", rounds=7, players=7,
               seed=3),
        _event(folder, "scrabble", discipline="scrabble", system="classique", rating="fisf-pl", rounds=3, players=8,
               seed=4),
        _event(folder, "blitz", discipline="chess", system="scoregroup", rating="none", rounds=3, players=8,
               seed=5),
    ]
    found: dict[str, str] = {}
    for lang in ("en", "fr"):
        for path in events:
            found.update(_outputs(folder, path, lang))
        found[f"tiebreaks --list [{lang}]"] = _ok("--lang", lang, "tiebreaks", "--list")
        found[f"tiebreaks --list --json [{lang}]"] = _ok("--lang", lang, "tiebreaks", "--list", "--json")
        found[f"rules --doc [{lang}]"] = _ok("--lang", lang, "rules", "--doc")
        found[f"grid --fmjd [{lang}]"] = _ok("--lang", lang, "grid", "--players", "10", "--fmjd")
        found[f"manual board [{lang}]"] = _run("--lang", lang, "manual", str(events[4]), "board")[1]
        found[f"topcut start [{lang}]"] = _run("--lang", lang, "topcut", str(events[4]), "start", "--size", "4")[1]
        found[f"topcut show [{lang}]"] = _run("--lang", lang, "topcut", str(events[4]), "show")[1]
        found[f"explain [{lang}]"] = _run("--lang", lang, "explain", str(events[0]), "--round", "2", "--board",
                                          "1")[1]
    found["help"] = _ok("--help")
    commands = next(m for m in re.findall(r"\{([a-z,-]+)\}", found["help"]) if m.startswith("new,"))
    for command in commands.split(","):
        found[f"{command} --help"] = _run(command, "--help")[1]
    return found


def test_no_output_names_a_document_by_our_private_name(outputs: dict[str, str]) -> None:
    """Issue 27: "An arbiter cannot know what 'seed 003' is" — none of the outputs names one so."""
    assert len(outputs) > 150
    hits = {name: sorted(set(NICKNAME.findall(text))) for name, text in outputs.items() if NICKNAME.search(text)}
    assert hits == {}


def test_the_outputs_cite_the_documents_by_their_titles(outputs: dict[str, str]) -> None:
    checks_fr = outputs["dames [fr] bundle checks.txt"]
    assert "Règlement du Classement National" in checks_fr and "§5.2" in checks_fr
    # The program's own consistency checks cite no document and say so, instead of naming the program as a rule.
    assert "un contrôle de cohérence de ce programme" in checks_fr
    assert "Scrabble Classique — Classement international 2015-2016" in outputs["scrabble [fr] bundle checks.txt"]
    assert "Le classement national Élo" in outputs["open-elo [en] bundle checks.txt"]
    legend = outputs["open-fide [fr] print crosstable (PDF)"]
    assert "Départages" in legend
    assert "ffe-annex" in outputs["open-fide [en] rules"]
    assert "FFE" in outputs["tiebreaks --list [fr]"] and "FIDE C.07" in outputs["tiebreaks --list [en]"]
    assert "Drakerion" in outputs["help"] and "Drakerion" in outputs["tiebreaks --help"]


def test_the_registry_titles_each_document_as_it_titles_itself() -> None:
    """Issue 27 item 2 and ../shared/seeds/README.md "How to cite them": the title each document gives itself,
    whose it is, and the platform's rules as a convention, not a regulation."""
    assert "« Règlement du Classement National »" in FFJD_RCN.text("fr") and FFJD_RCN.text("fr").startswith("FFJD")
    assert "Capital-Points" in FFJD_RCN.text("fr")
    # « Le classement national Élo » names no federation: none is attributed to it.
    assert ELO_NATIONAL.text("fr").startswith("« Le classement national Élo »")
    assert not re.search(r"FFE|FIDE|FFJD|federation|fédération", ELO_NATIONAL.text("en") + ELO_NATIONAL.text("fr"))
    assert "« Scrabble Classique — Classement international 2015-2016 »" in FISF_PL.text("fr")
    assert "cote PL" in FISF_PL.text("fr")
    annex = FFE_TIEBREAKS.text("fr")
    assert "D.N.A." in annex and "Départages" in annex and "d'après le FIDE Handbook C06" in annex
    assert PLATFORM.kind is SourceKind.CONVENTION and "convention" in PLATFORM.text("fr")
    assert {s.kind for s in SOURCES if s.key.startswith("fide-c")} == {SourceKind.FIDE_HANDBOOK}
    for source in SOURCES:  # both languages, both forms, from the catalogue
        for lang in ("en", "fr"):
            assert source.text(lang) and source.text(lang, short=True)
            assert not NICKNAME.search(source.text(lang))
    assert cite(FFJD_RCN, "§5.2").text("fr", short=True).endswith("§5.2")
    assert len({s.key for s in SOURCES}) == len(SOURCES)
