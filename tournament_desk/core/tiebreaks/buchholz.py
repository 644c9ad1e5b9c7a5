"""Tie-breaks using the opponents' results (seed 003 §2.2): Buchholz family, Sonneborn-Berger, Yugoslav,
and seed 004's Buchholz without byes.

The values an opponent contributes depend on the rule edition (see
:mod:`tournament_desk.core.tiebreaks.editions`): they come from
:meth:`TiebreakContext.contributions`. Each function can also return the per-round contributions with the
cut ones flagged, for the per-player explanation.
"""

from __future__ import annotations

from tournament_desk.core.tiebreaks.context import Contribution, TiebreakContext
from tournament_desk.core.tiebreaks.editions import Edition

Values = dict[int, float | None]


def cut_contributions(ctx: TiebreakContext, contributions: list[Contribution], lowest: int,
                      highest: int = 0) -> list[Contribution]:
    """Flag the ``lowest`` lowest and ``highest`` highest contributions as cut.

    seed 003 §2.2.1.2-§2.2.1.5: "diminué du plus mauvais / des deux plus mauvais / du meilleur" score ajusté.
    fide2023/2026: C.07 2023 Art. 16.5, the voluntary unplayed rounds are cut first when cutting the lowest
    values (REFERENCE §3.4). Ties between equal values are cut in round order (the value is the same)."""
    if not lowest and not highest:
        return contributions
    fide = ctx.edition.is_fide
    low_first = sorted(range(len(contributions)), key=lambda i: (
        not (fide and contributions[i].vur), contributions[i].value, contributions[i].round))
    cut = set(low_first[:lowest])
    rest = [i for i in range(len(contributions)) if i not in cut]
    rest.sort(key=lambda i: (-contributions[i].value, contributions[i].round))
    cut.update(rest[:highest])
    # Built directly: NamedTuple._replace is markedly slower, and this runs per player per Buchholz variant.
    return [Contribution(c.round, c.opponent, c.value, c.kind, c.vur, True) if i in cut else c
            for i, c in enumerate(contributions)]


def buchholz_detail(ctx: TiebreakContext, pid: int, lowest: int = 0, highest: int = 0) -> list[Contribution]:
    """The contributions of one player's Buchholz, with cut ones flagged."""
    return cut_contributions(ctx, ctx.contributions(pid), lowest, highest)


def buchholz(ctx: TiebreakContext, lowest: int = 0, highest: int = 0) -> Values:
    """Seed 003 §2.2.1.1: "la somme des scores ajustés des adversaires d'un joueur" (BH);
    §2.2.1.4/§2.2.1.5 cut 1 / cut 2 (``lowest``); §2.2.1.2/§2.2.1.3 median 1 / median 2 (both).
    C.07 2023 Art. 8.1 and its variants in the FIDE editions."""
    out: Values = {}
    for pid in ctx.entries:
        out[pid] = float(sum(c.value for c in buchholz_detail(ctx, pid, lowest, highest) if not c.cut))
    return out


def sum_of_buchholz(ctx: TiebreakContext) -> Values:
    """Seed 003 §2.2.1.6: "la somme des résultats du Buchholz des adversaires". Opponents met over the board
    only: an unplayed round has no opponent whose Buchholz could be summed (reading, docs/tiebreaks.md)."""
    bh = buchholz(ctx)
    return {pid: float(sum(bh[e.opponent] or 0.0 for e in es if e.played and e.opponent is not None))
            for pid, es in ctx.entries.items()}


def sonneborn_berger_detail(ctx: TiebreakContext, pid: int) -> list[tuple[Contribution, float]]:
    """(contribution, result fraction) per round: the product is the round's Sonneborn-Berger part."""
    return [(c, ctx.sb_fraction(e)) for c, e in zip(ctx.contributions(pid), ctx.entries[pid], strict=True)]


def sonneborn_berger(ctx: TiebreakContext) -> Values:
    """Seed 003 §2.2.2.1: "la somme des points des adversaires que le joueur a battu, et la demi-somme des
    points des adversaires contre lesquels le joueur a annulé" (example A 1, B 2.5, C 2, D 2.5).

    Own unplayed rounds: seed003 multiplies the round's virtual value (half the absent opponent's adjusted
    score, or the tournament average) by ½, the unplayed game counting as a draw (seed 003 §1);
    fide2023/2026 multiply the dummy's score by the points awarded (C.07 2023 Art. 16.4)."""
    return {pid: float(sum(c.value * f for c, f in sonneborn_berger_detail(ctx, pid))) for pid in ctx.entries}


def yugoslav(ctx: TiebreakContext) -> Values:
    """Seed 003 §4 "YOUGOSLAVE": "Somme des S.A. des adversaires ayant réalisé au moins 50% des points".
    Opponents met over the board; the 50% is read on the opponent's score as scored, the sum uses adjusted
    scores of the edition."""
    half = ctx.max_score / 2
    out: Values = {}
    for pid, entries in ctx.entries.items():
        out[pid] = float(sum(ctx.adjusted(e.opponent) for e in entries
                             if e.played and e.opponent is not None and ctx.score[e.opponent] >= half - 1e-9))
    return out


def buchholz_without_byes(ctx: TiebreakContext) -> Values:
    """Seed 004 "Systèmes de départage" 1: "Points des adversaires (Buchholz) - Somme des points obtenus par
    les adversaires rencontrés (les byes ne sont pas comptabilisés)".

    Reading (docs/tiebreaks.md): the opponents' scores as scored, over the opponents met on a board; a bye
    (which the platform stores as a game against oneself) adds nothing, and neither does a forfeit (not a
    meeting). Independent of the edition."""
    return {pid: float(sum(ctx.score[e.opponent] for e in es if e.played and e.opponent is not None))
            for pid, es in ctx.entries.items()}


def edition_note(ctx: TiebreakContext) -> str:
    """Short English note on how unplayed rounds were valued (for explanations)."""
    if ctx.edition is Edition.SEED_003:
        return "unplayed: forfeit = half the absent opponent's adjusted score, bye = tournament average"
    if ctx.edition is Edition.FIDE_2023:
        return "unplayed: dummy opponent with the player's own score"
    return "unplayed: dummy opponent, capped"
