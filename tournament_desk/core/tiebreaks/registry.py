"""The registry of tie-break codes: names (catalogue messages), category, source, rule edition, presets.

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
from tournament_desk.core.messages import N_, Msg, listing, msg, pmsg
from tournament_desk.core.sources import (
    FFE_TIEBREAKS,
    FFJD_RCN,
    FIDE_C07_2023,
    FISF_PL,
    PLATFORM,
    Citation,
    citations_text,
    cite,
)
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
    def message(self) -> Msg:
        """The category's name (a catalogue message)."""
        return msg(_CATEGORY_TITLES[self.value])


_CATEGORY_TITLES = {"own": N_("own results (§2.1)"), "opponents": N_("opponents' results (§2.2)"),
                    "ratings": N_("ratings (§2.3)")}


@dataclass(frozen=True, slots=True)
class TieBreakDef:
    """One tie-break. ``compute`` gives a value per player; ``group`` a key for a tied group (DE, KOYA-EXT).
    ``adjusted`` tells whether the unplayed-games edition changes the value."""

    code: str
    title: Msg
    """The tie-break's name (a catalogue message)."""
    category: Category
    sources: tuple[Citation, ...]
    """Where the tie-break is defined (the registry of sources: :mod:`tournament_desk.core.sources`)."""
    adjusted: bool
    compute: Callable[[TiebreakContext], Values] | None = None
    group: Callable[[TiebreakContext, list[int]], GroupKeys] | None = None
    team_only: bool = False

    def label(self, lang: str = "en") -> str:
        return self.title.text(lang)

    def source(self, lang: str = "en", *, short: bool = True) -> str:
        """Its sources, in ``lang`` (short references by default: a legend, a listing)."""
        return citations_text(self.sources, lang, short=short)

    def edition_title(self, edition: Edition) -> Msg:
        """What the printed standings say about the rule edition of this column (issue 6)."""
        if self.adjusted:
            return edition.message
        return msg("results as scored (no adjustment)")

    def edition_used(self, edition: Edition, lang: str = "en") -> str:
        return self.edition_title(edition).text(lang)


def _d(code: str, title: Msg, cat: Category, source: tuple[Citation, ...], adjusted: bool,
       compute: Callable[[TiebreakContext], Values] | None = None,
       group: Callable[[TiebreakContext, list[int]], GroupKeys] | None = None,
       team_only: bool = False) -> TieBreakDef:
    return TieBreakDef(code, title, cat, source, adjusted, compute, group, team_only)


def _annex(section: str) -> Citation:
    return cite(FFE_TIEBREAKS, section)


def _c07(section: str) -> Citation:
    return cite(FIDE_C07_2023, section)


OWN, OPP, RAT = Category.OWN, Category.OPPONENTS, Category.RATINGS
_FIXED: tuple[TieBreakDef, ...] = (
    _d("CUM", msg("Cumulative (progressive) score"), OWN, (_annex("§2.1.1"), _c07("Art. 7.5")), False,
       own_results.cumulative),
    _d("MP", msg("Match points"), OWN, (_annex("§2.1.2"),), False, team_only=True),
    _d("GP", msg("Game points"), OWN, (_annex("§3"),), False, team_only=True),
    _d("KOYA", msg("Koya system"), OWN, (_annex("§2.1.3"), _c07("Art. 9.2")), False, own_results.koya),
    _d("KOYA-EXT", msg("Extended Koya"), OWN, (_annex("§2.1.3.1, §4 « KOYA »"),), False,
       group=encounter.koya_extended),
    _d("DE", msg("Direct encounter"), OWN, (_annex("§2.1.4"), _c07("Art. 6")), True,
       group=encounter.direct_encounter),
    _d("WIN", msg("Number of wins"), OWN, (_annex("§2.1.5"), _c07("Art. 7.1")), True,
       own_results.wins),
    _d("WON", msg("Games won over the board"), OWN, (_c07("Art. 7.2"),), False,
       own_results.wins_over_the_board),
    _d("BLK", msg("Games played with Black"), OWN, (_c07("Art. 7.3"), _annex("§4")),
       False, own_results.games_with_black),
    _d("BWG", msg("Games won with Black"), OWN, (_c07("Art. 7.4"), _annex("§4")), False,
       own_results.black_wins),
    _d("KASHDAN", msg("Kashdan"), OWN, (_annex("§4 « KASHDAN »"),), True, own_results.kashdan),
    _d("SPREAD", msg("Points spread (capped at 100 per game)"), OWN,
       (cite(FISF_PL, "§7"),), False, own_results.scrabble_spread_total),
    _d("BERLIN", msg("Berlin"), OWN, (_annex("§4 « BERLIN »"),), False, team_only=True),
    _d("BH", msg("Buchholz"), OPP, (_annex("§2.2.1.1"), _c07("Art. 8.1")), True, bh.buchholz),
    _d("SBH", msg("Sum of Buchholz"), OPP, (_annex("§2.2.1.6"),), True, bh.sum_of_buchholz),
    _d("SB", msg("Sonneborn-Berger"), OPP, (_annex("§2.2.2.1"), _c07("Art. 9.1")), True,
       bh.sonneborn_berger),
    _d("SBB", msg("Team Sonneborn-Berger"), OPP, (_annex("§2.2.2.2"),), False,
       team_only=True),
    _d("YUGO", msg("Yugoslav"), OPP, (_annex("§4 « YOUGOSLAVE »"),), True, bh.yugoslav),
    # seed 000 §3: the FFJD's names of the Buchholz family, computed on the opponents met (buchholz.solkoff)
    _d("SK", pmsg("tie-break", "Solkoff"), OPP, (cite(FFJD_RCN, "§3"),), False, partial(bh.solkoff)),
    _d("SK-M", pmsg("tie-break", "Median Solkoff"), OPP, (cite(FFJD_RCN, "§3"),), False,
       partial(bh.solkoff, lowest=1, highest=1)),
    _d("SK-T", pmsg("tie-break", "Truncated Solkoff"), OPP, (cite(FFJD_RCN, "§3"),), False,
       partial(bh.solkoff, lowest=1)),
    _d("BH-NB", msg("Buchholz without byes"), OPP, (cite(PLATFORM, "« Systèmes de départage » 1"),), False,
       bh.buchholz_without_byes),
    _d("ARO", msg("Average rating of opponents"), RAT,
       (_annex("§2.3.1"), _c07("Art. 10.1")), True, ratings.average_rating_of_opponents),
    _d("PERF", msg("Rating performance"), RAT, (_annex("§2.3.2, §4"), _c07("Art. 10.2")), True,
       ratings.performance_for_edition),
    _d("ARO-WD", msg("Rating average weighted by result (2 win, 1 draw)"),
       RAT, (cite(PLATFORM, "« Systèmes de départage » 2"),), False, ratings.weighted_rating_average),
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
            return _d(key, msg("Cumulative cut {n}", n=n), OWN, (_annex("§2.1.1.1"),), False,
                      partial(own_results.cumulative, cut=n))
        if family == "ARO":
            return _d(key, msg("Average rating of opponents cut {n}", n=n), RAT,
                      (_annex("§2.3.1.1"), _c07("Art. 10.1")), True,
                      partial(ratings.average_rating_of_opponents, cut=n))
        if kind == "C":
            return _d(key, msg("Buchholz cut {n}", n=n), OPP,
                      (_annex("§2.2.1.4-5"), _c07("Art. 8.1")), True, partial(bh.buchholz, lowest=n))
        return _d(key, msg("Median Buchholz {n}", n=n), OPP, (_annex("§2.2.1.2-3"), _c07("Art. 8.1")),
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
    "ffjd-solkoff": ("SK", "SK-M", "SK-T"),
}
PRESET_LABELS: dict[str, Msg] = {
    "round-robin": msg("Individual round robin"),
    "round-robin-team": msg("Team round robin"),
    "swiss-rated": msg("Individual Swiss, consistent ratings"),
    "swiss-ratings-inconsistent": msg("Individual Swiss, ratings not consistent"),
    "swiss-mostly-unrated": msg("Individual Swiss, mostly unrated"),
    "swiss-team": msg("Team Swiss"),
    "platform": msg("Platform order (Buchholz, weighted average, direct encounter)"),
    "ffjd-solkoff": msg("FFJD Solkoff family (Solkoff, median, truncated)"),
}
"""The presets' names (catalogue messages)."""


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
    msg: Msg

    def message(self, lang: str = "en") -> str:
        return self.msg.text(lang)


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
        warnings.append(TieBreakWarning(
            "mixed-categories",
            msg("The list mixes tie-break categories ({categories}); the tie-break annex §3 says only one should be "
                "used", categories=listing(c.message for c in cats))))
    if round_robin is False and any(d.code in ("KOYA", "KOYA-EXT") for d in defs):
        warnings.append(TieBreakWarning("koya-swiss", msg("Koya is meant for round robins only")))
    if round_robin and any(d.code == "BH" or d.code.startswith("BH-") for d in defs):  # not SK: not C.07's
        warnings.append(TieBreakWarning("buchholz-round-robin",
                                        msg("FIDE C.07 (2026): the Buchholz family is not used in round robins")))
    for d in defs:
        if d.team_only and not team:
            warnings.append(TieBreakWarning("team-code", msg("{code} is a team tie-break", code=d.code)))
    return warnings
