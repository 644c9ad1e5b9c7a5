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
    C.07 2023 Art. 8.1 and its variants in the FIDE editions. (Same values as summing
    :func:`buchholz_detail` without its cut contributions, without building the flagged copies.)"""
    if not lowest and not highest:
        return dict(full_buchholz(ctx))
    fide = ctx.edition.is_fide
    out: Values = {}
    for pid, (values, vurs) in ctx.contribution_values().items():
        cut = _cut_positions(values, vurs or [False] * len(values), lowest, highest, fide)
        out[pid] = float(sum([v for i, v in enumerate(values) if i not in cut]))
    return out


def _cut_positions(values: list[float], vurs: list[bool], lowest: int, highest: int, fide: bool) -> set[int]:
    """The positions :func:`cut_contributions` flags (contributions are in round order, so the position breaks
    ties as the round does)."""
    n = len(values)
    if lowest == 1 and not highest and n:
        if not (fide and any(vurs)):  # no VUR to cut first: the first lowest value
            return {values.index(min(values))}
        return {min(range(n), key=lambda i: (not (fide and vurs[i]), values[i], i))}
    low_first = sorted(range(n), key=lambda i: (not (fide and vurs[i]), values[i], i))
    cut = set(low_first[:lowest])
    rest = [i for i in range(n) if i not in cut]
    rest.sort(key=lambda i: (-values[i], i))
    cut.update(rest[:highest])
    return cut


def full_buchholz(ctx: TiebreakContext) -> dict[int, float]:
    """Every player's (uncut) Buchholz, computed once per context (SBH reads it for every opponent)."""
    table: dict[int, float] | None = ctx.cache.get("bh")
    if table is None:
        table = {pid: float(sum(values)) for pid, (values, _vurs) in ctx.contribution_values().items()}
        ctx.cache["bh"] = table
    return table


def average_buchholz(ctx: TiebreakContext) -> float:
    """The tournament average of the Buchholz (seed003 SBH: the value of an exempt's "adversaire")."""
    bh = full_buchholz(ctx)
    return sum(bh.values()) / len(bh) if bh else 0.0


def sum_of_buchholz_detail(ctx: TiebreakContext, pid: int) -> list[Contribution]:
    """One value per round for the sum of Buchholz (seed 003 §2.2.1.6).

    seed003 — the Buchholz is built on the adjusted score (seed 003 glossary "BUCHHOLZ": "Voir l'article Score
    Ajusté"), so the player's own unplayed rounds count as they do in his Buchholz (docs/rules.md, T1): an
    opponent met over the board adds his Buchholz; a forfeit, won or lost, adds half the Buchholz of the
    scheduled ("virtual") opponent ("ils ne recevront que la moitié du S.A. de cet adversaire virtuel"); an
    exempt, requested bye, absence or round after a withdrawal adds the tournament average of the Buchholz
    ("Un joueur Exempt recevra pour cet adversaire ... la moyenne du tournoi").
    fide2023/fide2026 — opponents met over the board only, as C.07 2023 Art. 8.2 (AOB) reads the opponents'
    Buchholz: a dummy opponent has no Buchholz."""
    bh = full_buchholz(ctx)
    out: list[Contribution] = []
    seed = ctx.edition is Edition.FFE_ANNEX
    for e in ctx.entries[pid]:
        if e.played and e.opponent is not None:
            out.append(Contribution(e.round, e.opponent, bh[e.opponent], "game"))
        elif not seed:
            continue
        elif e.opponent is not None:
            out.append(Contribution(e.round, e.opponent, 0.5 * bh[e.opponent], "half-buchholz"))
        else:
            out.append(Contribution(e.round, None, average_buchholz(ctx), "average-buchholz"))
    return out


def sum_of_buchholz(ctx: TiebreakContext) -> Values:
    """Seed 003 §2.2.1.6: "la somme des résultats du Buchholz des adversaires" (see
    :func:`sum_of_buchholz_detail` for the unplayed rounds in each edition)."""
    return {pid: float(sum(c.value for c in sum_of_buchholz_detail(ctx, pid))) for pid in ctx.entries}


def sonneborn_berger_detail(ctx: TiebreakContext, pid: int) -> list[tuple[Contribution, float]]:
    """(contribution, result fraction) per round: the product is the round's Sonneborn-Berger part."""
    return [(c, ctx.sb_fraction(e)) for c, e in zip(ctx.contributions(pid), ctx.entries[pid], strict=True)]


def sonneborn_berger(ctx: TiebreakContext) -> Values:
    """Seed 003 §2.2.2.1: "la somme des points des adversaires que le joueur a battu, et la demi-somme des
    points des adversaires contre lesquels le joueur a annulé" (example A 1, B 2.5, C 2, D 2.5).

    Own unplayed rounds: seed003 multiplies the round's virtual value (half the absent opponent's adjusted
    score, or the tournament average) by ½, the unplayed game counting as a draw (seed 003 §1);
    fide2023/2026 multiply the dummy's score by the points awarded (C.07 2023 Art. 16.4). (Same values as
    :func:`sonneborn_berger_detail` with :meth:`TiebreakContext.sb_fraction`, computed inline.)"""
    seed = ctx.edition is Edition.FFE_ANNEX
    win = ctx.profile.win or 1.0
    out: Values = {}
    for pid, (values, _vurs) in ctx.contribution_values().items():
        out[pid] = float(sum([v * (e[8] if e[7] else (0.5 if seed else e[3] / win))  # played, fraction, points
                              for v, e in zip(values, ctx.entries[pid], strict=True)]))
    return out


def yugoslav_reached(ctx: TiebreakContext, c: Contribution) -> float:
    """The score the opponent behind a Buchholz contribution reached, for the Yugoslav's 50 % test: a real
    opponent's score as scored (docs/rules.md T4, "ayant réalisé"); the exempt's virtual opponent's adjusted
    score, the tournament average (seed 003 glossary "SCORE Ajusté"); a FIDE dummy's score, its value."""
    if c.kind in ("game", "half-virtual") and c.opponent is not None:
        return ctx.score[c.opponent]
    if c.kind == "average":
        return ctx.average_adjusted
    return c.value


def yugoslav_detail(ctx: TiebreakContext, pid: int) -> list[tuple[Contribution, float, bool]]:
    """(Buchholz contribution, score its opponent reached, counted) per round of the Yugoslav."""
    half = ctx.max_score / 2
    out = []
    for c in ctx.contributions(pid):
        reached = yugoslav_reached(ctx, c)
        out.append((c, reached, reached >= half - 1e-9))
    return out


def yugoslav(ctx: TiebreakContext) -> Values:
    """Seed 003 §4 "YOUGOSLAVE": "Somme des S.A. des adversaires ayant réalisé au moins 50% des points".

    The glossary entry "BUCHHOLZ" defines it as the Buchholz "en ne tenant compte que des joueurs qui ont fait
    la moyenne ou plus (Yougoslave). Voir l'article Score Ajusté": the player's Buchholz contributions
    (:meth:`TiebreakContext.contributions`, own unplayed rounds included: seed003 half the scheduled opponent's
    adjusted score for a forfeit, the tournament average for an exempt, a requested bye, an absence or a round
    after a withdrawal; FIDE editions the dummy opponent), kept when their opponent reached 50 % of the maximum
    score (:func:`yugoslav_reached`)."""
    return {pid: float(sum(c.value for c, _reached, counted in yugoslav_detail(ctx, pid) if counted))
            for pid in ctx.entries}


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
    if ctx.edition is Edition.FFE_ANNEX:
        return "unplayed: forfeit = half the absent opponent's adjusted score, bye = tournament average"
    if ctx.edition is Edition.FIDE_2023:
        return "unplayed: dummy opponent with the player's own score"
    return "unplayed: dummy opponent, capped"


# -- the FFJD's Solkoff family (seed 000 §3, « Termes utilisés et acronymes ») ------------------------------------

SOLKOFF_CUTS: dict[str, tuple[int, int]] = {"SK": (0, 0), "SK-M": (1, 1), "SK-T": (1, 0)}
"""Seed 000 §3: Sk (Solkoff) "somme des points des adversaires rencontrés"; Sm (Solkoff médian) "on enlève les
points de l'adversaire qui a marqué le plus de points et les points de l'adversaire qui a marqué le moins de
points"; St (Solkoff tronqué) "on enlève les points de l'adversaire qui a marqué le moins de points". Code ->
(lowest cut, highest cut)."""


def solkoff_detail(ctx: TiebreakContext, pid: int, lowest: int = 0, highest: int = 0) -> list[Contribution]:
    """The opponents a player met over the board (a forfeit is no meeting, seed 000 §4; a 0r game was played),
    each with his points as scored, the cut ones flagged. Unlike the FFE annex's Buchholz, nothing is adjusted
    and no virtual opponent stands for an unplayed round: the glossary counts the opponents "rencontrés"."""
    met = [Contribution(e.round, e.opponent, ctx.score[e.opponent], "game")
           for e in ctx.entries[pid] if e.played and e.opponent is not None]
    if (not lowest and not highest) or not met:
        return met
    values = [c.value for c in met]
    cut = _cut_positions(values, [False] * len(values), lowest, highest, False)
    return [Contribution(c.round, c.opponent, c.value, c.kind, False, True) if i in cut else c
            for i, c in enumerate(met)]


def solkoff(ctx: TiebreakContext, lowest: int = 0, highest: int = 0) -> Values:
    """Sk, Sm or St (seed 000 §3) for every player: the sum of :func:`solkoff_detail`'s values not cut."""
    return {pid: float(sum(c.value for c in solkoff_detail(ctx, pid, lowest, highest) if not c.cut))
            for pid in ctx.entries}
