"""The documents the program's rules come from, and how a rule cites them: one registry of sources.

Every citation a user reads — a tie-break's source in the standings legend, a rule setting's section in the
Rules dialog, the rule a homologation check applies in the bundle's ``checks.txt``, a rating report's
reference — is a :class:`Citation` built here: a :class:`Source` (a document, titled as it titles itself, with
its title and a short form in the message catalogue, English and French) and a section of it. So what a
federation reads can be checked in one place, and no text names a document any other way.

Sources are of four kinds (:class:`SourceKind`): a federation's regulation, an article of the FIDE Handbook, a
published convention of an online platform (not a regulation: the program follows it where the arbiter chooses
its system), and a file format. A check that is the program's own consistency rule (a game needs two players)
cites no document: it says so (:data:`PROGRAM_CHECK`) rather than pretending to be a rule.

    cite(FFJD_RCN, "§5.2").text("fr")              # FFJD, « Règlement du Classement National » (Capital-Points), §5.2
    cite(FFJD_RCN, "§5.2").text("en", short=True)  # FFJD, Classement National §5.2
    citations_text((cite(FFE_TIEBREAKS, "§2.2.1.1"), cite(FIDE_C07_2023, "Art. 8.1")), "en", short=True)
"""

# Developer note: the five French documents are kept beside the project as ../shared/seeds/000..004 (our
# private file names "seed 000"…"seed 004", used in code comments only): 000 = FFJD_RCN, 001 = ELO_NATIONAL,
# 002 = FISF_PL, 003 = FFE_TIEBREAKS, 004 = PLATFORM.

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial

from tournament_desk.core.messages import SEMICOLON, Formatted, Msg, list_separator, msg, pmsg

__all__ = [
    "ELO_NATIONAL",
    "FFE_COMPETITIONS",
    "FFE_DNA_HOMOLOGATION",
    "FFE_LICENCES",
    "FFE_TIEBREAKS",
    "FFJD_RCN",
    "FIDE_B02",
    "FIDE_B02_RAPID_BLITZ",
    "FIDE_C04_1",
    "FIDE_C04_2",
    "FIDE_C04_3",
    "FIDE_C04_5",
    "FIDE_C05",
    "FIDE_C07_2023",
    "FIDE_C07_2026",
    "FIDE_TRF",
    "FISF_PL",
    "PLATFORM",
    "PROGRAM_CHECK",
    "SOURCES",
    "Citation",
    "Source",
    "SourceKind",
    "citations_text",
    "cite",
    "get_source",
]


class SourceKind(StrEnum):
    """What kind of text a source is (it decides how much weight a user may give it)."""

    REGULATION = "regulation"
    """A federation's regulation (FFJD, FFE, FISF)."""
    FIDE_HANDBOOK = "fide-handbook"
    """An article of the FIDE Handbook."""
    CONVENTION = "convention"
    """An online platform's published rules: a convention the arbiter may choose to follow, not a regulation."""
    FORMAT = "format"
    """A file format's specification (FIDE's Tournament Report File)."""


@dataclass(frozen=True, slots=True, eq=False)
class Source:
    """A document a rule comes from: a stable ``key``, its title as the document titles itself (a catalogue
    message: English and French), a short form for tight places (a table's legend, a tooltip), its kind.
    Each source is one object of the registry: two are the same document when they are the same object."""

    key: str
    kind: SourceKind
    title: Msg
    short: Msg

    def text(self, lang: str = "en", *, short: bool = False) -> str:
        return (self.short if short else self.title).text(lang)

    def __str__(self) -> str:
        return self.text("en")


@dataclass(frozen=True, slots=True)
class Citation:
    """A section of a source: ``section`` as the document numbers it (``§5.2``, ``annexe B 3)``, ``Art. 16.4``),
    empty to cite the whole document."""

    source: Source
    section: str = ""

    def text(self, lang: str = "en", *, short: bool = False) -> str:
        """The full reference (``FFJD, « Règlement du Classement National » (Capital-Points), §5.2``), or the
        short one (``FFJD, Classement National §5.2``)."""
        title = self.source.text(lang, short=short)
        if not self.section:
            return title
        return f"{title} {self.section}" if short else f"{title}, {self.section}"

    @property
    def message(self) -> Formatted:
        """The short reference as a message field (rendered in the message's language)."""
        return Formatted(self, partial(_render, short=True))

    @property
    def full_message(self) -> Formatted:
        """The full reference as a message field."""
        return Formatted(self, partial(_render, short=False))

    def __str__(self) -> str:
        return self.text("en", short=True)


def _render(citation: Citation, lang: str, *, short: bool) -> str:
    return citation.text(lang, short=short)


def cite(source: Source, section: str = "") -> Citation:
    """A citation of ``section`` of ``source``."""
    return Citation(source, section)


def citations_text(citations: Iterable[Citation], lang: str = "en", *, short: bool = False) -> str:
    """Several citations in one line, separated by ``; ``."""
    return list_separator(SEMICOLON, lang).join(c.text(lang, short=short) for c in citations)


def citations_message(citations: Sequence[Citation], *, short: bool = True) -> Formatted:
    """Several citations as one message field."""
    return Formatted(tuple(citations), partial(_render_all, short=short))


def _render_all(citations: tuple[Citation, ...], lang: str, *, short: bool) -> str:
    return citations_text(citations, lang, short=short)


def _source(key: str, kind: SourceKind, title: Msg, short: Msg) -> Source:
    return Source(key, kind, title, short)


R, F, C, T = SourceKind.REGULATION, SourceKind.FIDE_HANDBOOK, SourceKind.CONVENTION, SourceKind.FORMAT

# --- Federations' regulations (French texts: their titles are theirs, quoted as they are written) ------------
FFJD_RCN = _source(
    "ffjd-rcn", R,
    msg("FFJD, « Règlement du Classement National » (national rating regulations, Capital-Points)"),
    pmsg("source, short", "FFJD, Classement National"))
"""The French draughts federation's rating regulations: result codes, homologation, Capital-Points, the FMJD
round-robin grids of its annex A."""
ELO_NATIONAL = _source(
    "elo-national", R,
    msg("« Le classement national Élo » (national Elo rating rules)"),
    pmsg("source, short", "Classement national Élo"))
"""A national Elo rating regulation (three periods a year). The document names no federation: none is named."""
FISF_PL = _source(
    "fisf-pl", R,
    msg("FISF, « Scrabble Classique — Classement international 2015-2016 » (cote PL)"),
    pmsg("source, short", "FISF, Classement international 2015-2016"))
"""The international Scrabble classique rating (cote PL) of the FISF; the FFSc homologates the tournaments."""
FFE_TIEBREAKS = _source(
    "ffe-tiebreaks", R,
    msg("FFE (D.N.A.), « Annexes aux règles des tournois — Départages » (chapter 2.4), after the FIDE Handbook "
        "C06"),
    pmsg("source, short", "FFE, annex « Départages »"))
"""The French chess federation's arbitration directorate's tie-break annex, "réalisé d'après le FIDE Handbook
C06": its own adjusted score and performance table, worked examples."""
FFE_COMPETITIONS = _source(
    "ffe-competitions", R, msg("FFE, « Compétitions homologuées »"),
    pmsg("source, short", "FFE, Compétitions homologuées"))
FFE_LICENCES = _source("ffe-licences", R, msg("FFE, « Licences » (2018)"), pmsg("source, short", "FFE, Licences"))
FFE_DNA_HOMOLOGATION = _source(
    "ffe-dna-homologation", R, msg("FFE (D.N.A.), « Homologation »"),
    pmsg("source, short", "FFE (D.N.A.), Homologation"))

# --- A platform's published rules: a convention, not a regulation ------------------------------------------
PLATFORM = _source(
    "platform", C,
    msg("« Documentation officielle des tournois » of the Drakerion online platform (a published convention, not "
        "a federation's regulation)"),
    pmsg("source, short", "Drakerion platform's convention"))
"""The score-group Swiss with Hungarian matching, Kashdan scoring, the top cut and its tie-break order."""

# --- FIDE Handbook ------------------------------------------------------------------------------------------
FIDE_C04_1 = _source("fide-c04.1", F, msg("FIDE Handbook C.04.1, Basic rules for Swiss systems"),
                     pmsg("source, short", "FIDE C.04.1"))
FIDE_C04_2 = _source("fide-c04.2", F, msg("FIDE Handbook C.04.2, General handling rules for Swiss tournaments"),
                     pmsg("source, short", "FIDE C.04.2"))
FIDE_C04_3 = _source("fide-c04.3", F, msg("FIDE Handbook C.04.3, FIDE (Dutch) System (text applied from 1 "
                                          "February 2026)"),
                     pmsg("source, short", "FIDE C.04.3"))
FIDE_C04_5 = _source("fide-c04.5", F, msg("FIDE Handbook C.04.5, Baku acceleration method"),
                     pmsg("source, short", "FIDE C.04.5"))
FIDE_C05 = _source("fide-c05", F, msg("FIDE Handbook C.05, Annex 1: Berger tables for round-robin tournaments"),
                   pmsg("source, short", "FIDE C.05 annex 1"))
FIDE_C07_2023 = _source("fide-c07-2023", F, msg("FIDE Handbook C.07, Play-off and Tie-Break Regulations (2023)"),
                        pmsg("source, short", "FIDE C.07 (2023)"))
FIDE_C07_2026 = _source("fide-c07-2026", F, msg("FIDE Handbook C.07, Tie-Break Regulations (text applied from 1 "
                                                "March 2026)"),
                        pmsg("source, short", "FIDE C.07 (2026)"))
FIDE_B02 = _source("fide-b02", F, msg("FIDE Handbook B.02, FIDE Rating Regulations (2024)"),
                   pmsg("source, short", "FIDE B.02"))
FIDE_B02_RAPID_BLITZ = _source("fide-b02-rb", F,
                               msg("FIDE Handbook B.02, Rapid and Blitz Rating Regulations (2024)"),
                               pmsg("source, short", "FIDE B.02 rapid and blitz"))
FIDE_TRF = _source("fide-trf", T, msg("FIDE Tournament Report File (TRF16, TRF-2026)"),
                   pmsg("source, short", "FIDE TRF"))

del R, F, C, T

SOURCES: tuple[Source, ...] = (
    FFJD_RCN, ELO_NATIONAL, FISF_PL, FFE_TIEBREAKS, FFE_COMPETITIONS, FFE_LICENCES, FFE_DNA_HOMOLOGATION, PLATFORM,
    FIDE_C04_1, FIDE_C04_2, FIDE_C04_3, FIDE_C04_5, FIDE_C05, FIDE_C07_2023, FIDE_C07_2026, FIDE_B02,
    FIDE_B02_RAPID_BLITZ, FIDE_TRF,
)
"""Every document the program cites, in the order docs/rules.md lists them."""

_BY_KEY = {s.key: s for s in SOURCES}

PROGRAM_CHECK = msg("a consistency check of this program (no federation rule)")
"""What a check that applies no document says instead of a citation (an event needs two players...)."""


def get_source(key: str) -> Source:
    """The source of ``key`` (a :class:`KeyError` for another: the registry is the code's, not the user's)."""
    return _BY_KEY[key]
