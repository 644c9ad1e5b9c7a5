"""The top-cut bracket PDF: every stage, seeds and names, results, the rule for draws, the champion."""

from __future__ import annotations

import io

from pypdf import PdfReader

from tournament_desk.core.pairing.knockout import DrawRule, build_bracket
from tournament_desk.core.results import GameResult
from tournament_desk.printing.bracket_pdf import bracket_pdf

NAMES = {i: f"JOUEUR{i} Éloïse" for i in range(1, 33)}


def _text(pdf: bytes) -> str:
    """The PDF's text laid out as on paper (pypdf's layout mode, as poppler's ``pdftotext -layout``)."""
    return "\n".join(page.extract_text(extraction_mode="layout") for page in PdfReader(io.BytesIO(pdf)).pages)


def test_empty_bracket_of_eight_french() -> None:
    bracket = build_bracket(list(range(1, 9)), DrawRule.HIGHER_SEED, [])
    pdf = bracket_pdf(bracket, title="Open d'été", names=NAMES, subtitle="Lyon", lang="fr")
    assert pdf.startswith(b"%PDF")
    text = _text(pdf)
    for word in ("Open d'été", "Quarts de finale", "Demi-finales", "Finale", "Vainqueur", "1. JOUEUR1 Éloïse",
                 "8. JOUEUR8 Éloïse", "tête de série la mieux placée"):
        assert word in text, word


def test_played_bracket_english_with_playoff_note() -> None:
    stage1 = [(1, 4, GameResult.DRAW), (2, 3, GameResult.BLACK_WIN)]
    final = [(3, 4, GameResult.WHITE_WIN)]
    bracket = build_bracket([1, 2, 3, 4], DrawRule.PLAYOFF, [stage1, final], {(1, 1): 4})
    assert bracket.champion == 3
    pdf = bracket_pdf(bracket, title="Top cut", names=NAMES, lang="en",
                      results={(1, 0): "1/2-1/2", (1, 1): "0-1", (2, 0): "1-0"})
    text = _text(pdf)
    for word in ("Semi-finals", "Final", "Champion", "play-off", "0-1", "JOUEUR3"):
        assert word in text, word


def test_bracket_of_thirty_two_fits_one_page() -> None:
    bracket = build_bracket(list(range(1, 33)), DrawRule.HIGHER_SEED, [])
    pdf = bracket_pdf(bracket, title="Top 32", names={i: "A" * 60 for i in range(1, 33)}, lang="en")
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
    assert "Round of 32" in _text(pdf)
