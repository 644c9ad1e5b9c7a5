"""The registry of tie-break codes: labels in French and English, category, source, rule edition, presets.

Codes are stable short strings stored with the event. Parametric codes: ``CUM-C<n>``, ``BH-C<n>``,
``BH-M<n>``, ``ARO-C<n>`` (n >= 1). Team-only codes (``MP``, ``GP``, ``BERLIN``, ``SBB``) are listed here
for labels, presets and checks; they are computed by :mod:`tournament_desk.core.tiebreaks.teams`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial

from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import msg
from tournament_desk.core.tiebreaks import buchholz as bh
from tournament_desk.core.tiebreaks import encounter, own_results, ratings
from tournament_desk.core.tiebreaks.context import TiebreakContext
from tournament_desk.core.tiebreaks.editions import Edition
from tournament_desk.core.tiebreaks.encounter import GroupKeys

Values = dict[int, float | None]


class Category(StrEnum):
    """Seed 003 §2: the three families; §3: "un seul type doit être utilisé pour un événement donné"."""

    OWN = "own"  # §2.1 the player's own results
    OPPONENTS = "opponents"  # §2.2 the opponents' results
    RATINGS = "ratings"  # §2.3 ratings

    @property
    def label_fr(self) -> str:
        return {"own": "résultats propres (§2.1)", "opponents": "résultats des adversaires (§2.2)",
                "ratings": "classements (§2.3)"}[self.value]

    @property
    def label_en(self) -> str:
        return {"own": "own results (§2.1)", "opponents": "opponents' results (§2.2)",
                "ratings": "ratings (§2.3)"}[self.value]


@dataclass(frozen=True, slots=True)
class TieBreakDef:
    """One tie-break. ``compute`` gives a value per player; ``group`` a key for a tied group (DE, KOYA-EXT).
    ``adjusted`` tells whether the unplayed-games edition changes the value."""

    code: str
    label_fr: str
    label_en: str
    category: Category
    source: str
    adjusted: bool
    compute: Callable[[TiebreakContext], Values] | None = None
    group: Callable[[TiebreakContext, list[int]], GroupKeys] | None = None
    team_only: bool = False

    def label(self, lang: str = "en") -> str:
        return self.label_fr if lang == "fr" else self.label_en

    def edition_used(self, edition: Edition, lang: str = "en") -> str:
        """What the printed standings say about the rule edition of this column (issue 6)."""
        if self.adjusted:
            return edition.label(lang)
        return ("résultats tels que marqués (sans ajustement)" if lang == "fr"
                else "results as scored (no adjustment)")


def _d(code: str, fr: str, en: str, cat: Category, source: str, adjusted: bool,
       compute: Callable[[TiebreakContext], Values] | None = None,
       group: Callable[[TiebreakContext, list[int]], GroupKeys] | None = None,
       team_only: bool = False) -> TieBreakDef:
    return TieBreakDef(code, fr, en, cat, source, adjusted, compute, group, team_only)


OWN, OPP, RAT = Category.OWN, Category.OPPONENTS, Category.RATINGS
_FIXED: tuple[TieBreakDef, ...] = (
    _d("CUM", "Cumulatif", "Cumulative (progressive) score", OWN, "seed 003 §2.1.1; C.07 2023 Art. 7.5", False,
       own_results.cumulative),
    _d("MP", "Points de match", "Match points", OWN, "seed 003 §2.1.2", False, team_only=True),
    _d("GP", "Points de parties", "Game points", OWN, "seed 003 §3", False, team_only=True),
    _d("KOYA", "Système Koya", "Koya system", OWN, "seed 003 §2.1.3; C.07 2023 Art. 9.2", False, own_results.koya),
    _d("KOYA-EXT", "Koya étendu", "Extended Koya", OWN, "seed 003 §2.1.3.1 and §4 KOYA", False,
       group=encounter.koya_extended),
    _d("DE", "Confrontation directe", "Direct encounter", OWN, "seed 003 §2.1.4; C.07 2023 Art. 6", True,
       group=encounter.direct_encounter),
    _d("WIN", "Nombre de parties gagnées", "Number of wins", OWN, "seed 003 §2.1.5; C.07 2023 Art. 7.1", True,
       own_results.wins),
    _d("WON", "Parties gagnées sur l'échiquier", "Games won over the board", OWN, "C.07 2023 Art. 7.2", False,
       own_results.wins_over_the_board),
    _d("BLK", "Parties jouées avec les Noirs", "Games played with Black", OWN, "C.07 2023 Art. 7.3; seed 003 §4",
       False, own_results.games_with_black),
    _d("BWG", "Gains avec les Noirs", "Games won with Black", OWN, "C.07 2023 Art. 7.4; seed 003 §4", False,
       own_results.black_wins),
    _d("KASHDAN", "Kashdan", "Kashdan", OWN, "seed 003 §4 KASHDAN", True, own_results.kashdan),
    _d("SPREAD", "Différence de points (plafonnée à 100)", "Points spread (capped at 100 per game)", OWN,
       "seed 002 §7", False, own_results.scrabble_spread_total),
    _d("BERLIN", "Berlin", "Berlin", OWN, "seed 003 §4 BERLIN", False, team_only=True),
    _d("BH", "Buchholz", "Buchholz", OPP, "seed 003 §2.2.1.1; C.07 2023 Art. 8.1", True, bh.buchholz),
    _d("SBH", "Somme des Buchholz", "Sum of Buchholz", OPP, "seed 003 §2.2.1.6", True, bh.sum_of_buchholz),
    _d("SB", "Sonneborn-Berger", "Sonneborn-Berger", OPP, "seed 003 §2.2.2.1; C.07 2023 Art. 9.1", True,
       bh.sonneborn_berger),
    _d("SBB", "Sonneborn-Berger par équipes", "Team Sonneborn-Berger", OPP, "seed 003 §2.2.2.2", False,
       team_only=True),
    _d("YUGO", "Yougoslave", "Yugoslav", OPP, "seed 003 §4 YOUGOSLAVE", True, bh.yugoslav),
    _d("BH-NB", "Buchholz sans les byes", "Buchholz without byes", OPP, "seed 004 Systèmes de départage 1", False,
       bh.buchholz_without_byes),
    _d("ARO", "Moyenne Elo des adversaires", "Average rating of opponents", RAT,
       "seed 003 §2.3.1; C.07 2023 Art. 10.1", True, ratings.average_rating_of_opponents),
    _d("PERF", "Performance Elo", "Rating performance", RAT, "seed 003 §2.3.2 and §4; C.07 2023 Art. 10.2", True,
       ratings.performance_for_edition),
    _d("ARO-WD", "Moyenne Elo pondérée (2 gain, 1 nulle)", "Rating average weighted by result (2 win, 1 draw)",
       RAT, "seed 004 Systèmes de départage 2", False, ratings.weighted_rating_average),
)
_BY_CODE = {d.code: d for d in _FIXED}
_PARAM = re.compile(r"^(CUM|BH|ARO)-(C|M)([1-9][0-9]?)$")


def get_tiebreak(code: str) -> TieBreakDef:
    """The definition of ``code`` (case-insensitive); parametric cut/median codes are built on demand."""
    key = code.strip().upper()
    if key in _BY_CODE:
        return _BY_CODE[key]
    m = _PARAM.match(key)
    if m and not (m.group(2) == "M" and m.group(1) != "BH"):
        family, kind, n = m.group(1), m.group(2), int(m.group(3))
        if family == "CUM":
            return _d(key, f"Cumulatif tronqué {n}", f"Cumulative cut {n}", OWN, "seed 003 §2.1.1.1", False,
                      partial(own_results.cumulative, cut=n))
        if family == "ARO":
            return _d(key, f"Moyenne Elo tronquée {n}", f"Average rating of opponents cut {n}", RAT,
                      "seed 003 §2.3.1.1; C.07 2023 Art. 10.1", True,
                      partial(ratings.average_rating_of_opponents, cut=n))
        if kind == "C":
            return _d(key, f"Buchholz tronqué {n}", f"Buchholz cut {n}", OPP,
                      "seed 003 §2.2.1.4-5; C.07 2023 Art. 8.1", True, partial(bh.buchholz, lowest=n))
        return _d(key, f"Buchholz médian {n}", f"Median Buchholz {n}", OPP, "seed 003 §2.2.1.2-3; C.07 2023 Art. 8.1",
                  True, partial(bh.buchholz, lowest=n, highest=n))
    known = ", ".join([*(_BY_CODE), "CUM-Cn", "BH-Cn", "BH-Mn", "ARO-Cn"])
    raise ValidationError(msg("Unknown tie-break '{code}' (known: {known})", code=code, known=known))


def all_tiebreaks() -> list[TieBreakDef]:
    """Every fixed code, plus the usual cut/median variants, in registry order."""
    extra = [get_tiebreak(c) for c in ("CUM-C1", "CUM-C2", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "ARO-C1")]
    return [*_FIXED, *extra]


# seed 003 §3: "la FIDE recommande les systèmes de Départages tels que listés ci-dessous" (menus, in the
# seed's order; seed 004's platform order as the last preset).
PRESETS: dict[str, tuple[str, ...]] = {
    "round-robin": ("DE", "KOYA", "SB", "WIN"),
    "round-robin-team": ("GP", "MP", "DE", "SBB"),
    "swiss-rated": ("ARO", "PERF"),
    "swiss-ratings-inconsistent": ("DE", "CUM", "BH", "SB", "WIN"),
    "swiss-mostly-unrated": ("DE", "BH", "SB", "WIN"),
    "swiss-team": ("GP", "MP", "DE", "BH", "SBB"),
    "platform": ("BH-NB", "ARO-WD", "DE"),
}
PRESET_LABELS: dict[str, tuple[str, str]] = {
    "round-robin": ("Toutes rondes individuel", "Individual round robin"),
    "round-robin-team": ("Toutes rondes par équipes", "Team round robin"),
    "swiss-rated": ("Suisse individuel, classements cohérents", "Individual Swiss, consistent ratings"),
    "swiss-ratings-inconsistent": ("Suisse individuel, classements non cohérents",
                                   "Individual Swiss, ratings not consistent"),
    "swiss-mostly-unrated": ("Suisse individuel, majorité de non classés", "Individual Swiss, mostly unrated"),
    "swiss-team": ("Suisse par équipes", "Team Swiss"),
    "platform": ("Ordre de la plateforme (Buchholz, moyenne pondérée, confrontation directe)",
                 "Platform order (Buchholz, weighted average, direct encounter)"),
}


def preset(name: str) -> tuple[str, ...]:
    """A recommended list (seed 003 §3 / seed 004). For team events the codes are team codes; note that
    the seed's own menus span several categories (see :func:`check_tiebreaks`)."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ValidationError(msg("Unknown preset '{name}' (known: {presets})", name=name,
                                  presets=", ".join(PRESETS))) from None


@dataclass(frozen=True, slots=True)
class TieBreakWarning:
    code: str
    en: str
    fr: str

    def message(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en


def check_tiebreaks(codes: Sequence[str], *, round_robin: bool | None = None,
                    team: bool = False) -> list[TieBreakWarning]:
    """Warnings about a tie-break list (unknown codes raise :class:`ValidationError`).

    * ``mixed-categories`` — seed 003 §3: "Parmi les trois catégories décrites ci-dessus, un seul type doit
      être utilisé pour un événement donné. Par exemple : a) Cumulatif + b) Buchholz serait incorrect."
      (Taken literally; the seed's own recommended menus span categories: pick within one.)
    * ``koya-swiss`` — seed 003 §4 "KOYA : Réservé aux Toutes Rondes".
    * ``buchholz-round-robin`` — C.07 2026: the Buchholz family must not be used in round robins.
    * ``team-code`` / ``individual-code`` — a team-only code in an individual event, or the reverse.
    """
    defs = [get_tiebreak(c) for c in codes]
    warnings: list[TieBreakWarning] = []
    cats = sorted({d.category for d in defs}, key=list(Category).index)
    if len(cats) > 1:
        en = ", ".join(c.label_en for c in cats)
        fr = ", ".join(c.label_fr for c in cats)
        warnings.append(TieBreakWarning(
            "mixed-categories",
            f"The list mixes tie-break categories ({en}); the tie-break annex §3 says only one should be used",
            f"La liste mélange des catégories de départage ({fr}) ; l'annexe §3 demande de n'en utiliser qu'une"))
    if round_robin is False and any(d.code in ("KOYA", "KOYA-EXT") for d in defs):
        warnings.append(TieBreakWarning("koya-swiss", "Koya is meant for round robins only",
                                        "Le Koya est réservé aux toutes rondes"))
    if round_robin and any(d.code == "BH" or d.code.startswith("BH-") for d in defs):
        warnings.append(TieBreakWarning("buchholz-round-robin",
                                        "FIDE C.07 (2026): the Buchholz family is not used in round robins",
                                        "FIDE C.07 (2026) : le Buchholz ne s'emploie pas en toutes rondes"))
    for d in defs:
        if d.team_only and not team:
            warnings.append(TieBreakWarning("team-code", f"{d.code} is a team tie-break",
                                            f"{d.code} est un départage par équipes"))
    return warnings
