"""The data every tie-break reads, computed once per standings: rounds, scores, adjusted scores.

:class:`TiebreakContext` turns an :class:`~tournament_desk.core.model.EventState` into per-player
:class:`~tournament_desk.core.tiebreaks.editions.RoundEntry` lists (up to a round), the scores as scored, the
edition's adjusted scores, and the value each own round contributes to the Buchholz family. It is built in
O(players x rounds) and caches what several tie-breaks share.

Conventions (documented in docs/tiebreaks.md):
* a game without a result yet is ignored (it neither scores nor counts), so standings can be printed while
  a round is being played;
* a player without a board and without a bye record in a paired round is absent (zero-point bye), or
  withdrawn from the round given in ``Player.withdrawn_from_round``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from tournament_desk.core.model import EventState, Player
from tournament_desk.core.results import Outcome
from tournament_desk.core.scoring import ScoringProfile
from tournament_desk.core.tiebreaks.editions import OUTCOME_FLAGS, Edition, RoundEntry, trailing_requested_byes


class Contribution(NamedTuple):
    """What one round adds to a player's Buchholz-type tie-break, and why.

    ``kind``: ``"game"`` (opponent met), ``"half-virtual"`` (seed 003: half the adjusted score of an
    absent opponent), ``"average"`` (seed 003: exempt, tournament average), ``"dummy"`` (C.07 2023 16.4),
    ``"dummy-capped"`` (C.07 2026 16.4.1/16.4.2).
    """

    round: int
    opponent: int | None
    value: float
    kind: str
    vur: bool = False
    cut: bool = False


@dataclass
class TiebreakContext:
    """Everything the tie-breaks of one standings share. Build it with :func:`make_context`."""

    state: EventState
    edition: Edition
    rounds: tuple[int, ...]
    entries: dict[int, list[RoundEntry]]
    score: dict[int, float]
    players: dict[int, Player]
    cache: dict[str, Any] = field(default_factory=dict)

    @property
    def profile(self) -> ScoringProfile:
        return self.state.event.scoring

    @property
    def n_rounds(self) -> int:
        return len(self.rounds)

    @property
    def max_score(self) -> float:
        """Maximum possible score: a win in every round considered."""
        return self.n_rounds * self.profile.win

    @property
    def is_round_robin(self) -> bool:
        return self.state.event.system.is_round_robin

    # ------------------------------------------------------------------ adjusted score

    def adjusted(self, pid: int) -> float:
        """The player's adjusted score in this edition (used when the player is someone's opponent)."""
        return self.adjusted_scores()[pid]

    def adjusted_scores(self) -> dict[int, float]:
        """Every player's adjusted score (computed once; shared: callers must not modify it)."""
        table: dict[int, float] | None = self.cache.get("adjusted")
        if table is None:
            table = {p: self._adjusted(p) for p in self.entries}
            self.cache["adjusted"] = table
        return table

    def _adjusted(self, pid: int) -> float:
        entries = self.entries[pid]
        draw = self.profile.draw
        if self.edition is Edition.FFE_ANNEX:
            # seed 003 §1: "UNE PARTIE NON JOUEE VAUT UN DEMI-POINT AU TITRE DU DEPARTAGE"
            return sum([e.points if e.played else draw for e in entries])
        # C.07 2023 Art. 16.3: face value, except category 16.2.5 (trailing requested byes) as draws
        if not any([e[10] for e in entries]):  # e[10]: is_requested_bye
            return sum([e.points for e in entries])
        trailing = trailing_requested_byes(entries)
        return sum([draw if e.round in trailing else e.points for e in entries])

    @property
    def average_adjusted(self) -> float:
        """Seed 003 glossary "SCORE Ajusté": the exempt's opponent counts at the tournament average."""
        if "average" not in self.cache:
            table = self.adjusted_scores()
            self.cache["average"] = sum([table[p] for p in self.entries]) / len(table) if table else 0.0
        return float(self.cache["average"])

    # ------------------------------------------------------------------ own rounds

    def contributions(self, pid: int) -> list[Contribution]:
        """One value per round for the Buchholz family: the opponent's adjusted score, or the edition's
        value for an unplayed round (seed 003 §1 and glossary; C.07 2023 Art. 16.4; C.07 2026 16.4.1-2)."""
        return list(self.all_contributions()[pid])

    def all_contributions(self) -> dict[int, tuple[Contribution, ...]]:
        """:meth:`contributions` of every player, computed once (shared: callers must not modify it)."""
        table: dict[int, tuple[Contribution, ...]] | None = self.cache.get("contrib")
        if table is None:
            adjusted = self.adjusted_scores()
            table = {pid: self._player_contributions(pid, entries, adjusted)
                     for pid, entries in self.entries.items()}
            self.cache["contrib"] = table
        return table

    def _player_contributions(self, pid: int, entries: list[RoundEntry],
                              adjusted: dict[int, float]) -> tuple[Contribution, ...]:
        new = tuple.__new__
        seed = self.edition is Edition.FFE_ANNEX
        return tuple([new(Contribution, (e[0], e[1], adjusted[e[1]], "game", False, False))  # type: ignore[index]
                      if e[7] else self._unplayed(pid, e, seed, adjusted) for e in entries])  # e[7]: played

    def contribution_values(self) -> dict[int, tuple[list[float], list[bool] | None]]:
        """Per player, the values of :meth:`contributions` and their VUR flags (None: no VUR, every round a game),
        without building the contribution records when every round was a game (computed once; shared)."""
        table: dict[int, tuple[list[float], list[bool] | None]] | None = self.cache.get("values")
        if table is not None:
            return table
        adjusted = self.adjusted_scores()
        full = self.cache.get("contrib")
        table = {}
        for pid, entries in self.entries.items():
            if full is None and all([e[7] for e in entries]):  # e[7]: played; e[1]: the opponent
                table[pid] = ([adjusted[e[1]] for e in entries], None)  # type: ignore[index]
                continue
            cs = full[pid] if full is not None else self._player_contributions(pid, entries, adjusted)
            table[pid] = ([c[2] for c in cs], [c[4] for c in cs])
        self.cache["values"] = table
        return table

    def _unplayed(self, pid: int, e: RoundEntry, seed: bool, adjusted: dict[int, float]) -> Contribution:
        vur = e.is_vur and not seed
        if seed:
            if e.opponent is not None:  # seed 003 glossary: "la moitié du S.A. de cet adversaire virtuel"
                return Contribution(e.round, e.opponent, 0.5 * adjusted[e.opponent], "half-virtual")
            # seed 003 glossary: "Un joueur Exempt recevra ... un S.A. égal à la moyenne du tournoi"
            return Contribution(e.round, None, self.average_adjusted, "average")
        own = self.score[pid]
        if self.edition is Edition.FIDE_2023:  # C.07 2023 Art. 16.4: dummy = own final score
            return Contribution(e.round, e.opponent, own, "dummy", vur)
        # C.07 2026 Art. 16.4.1 (forfeits) / 16.4.2 (other unplayed rounds), REFERENCE §3.4
        cap = adjusted[e.opponent] if e.opponent is not None else self.profile.draw * self.n_rounds
        kind = "dummy-capped" if cap < own else "dummy"
        return Contribution(e.round, e.opponent, min(own, cap), kind, vur)

    def sb_fraction(self, e: RoundEntry) -> float:
        """The result a round is multiplied by in Sonneborn-Berger."""
        if e.played:
            return e.result_fraction
        if self.edition is Edition.FFE_ANNEX:
            return 0.5  # seed 003 §1: an unplayed game counts as a draw, whatever its result
        win = self.profile.win or 1.0
        return e.points / win  # C.07 2023 Art. 16.4: points awarded (PAB/FPB/forfeit win 1, HPB ½, else 0)


def make_context(state: EventState, edition: Edition, up_to_round: int | None = None) -> TiebreakContext:
    """Index the event once: every player's rounds up to ``up_to_round`` (all paired rounds by default).

    Per round: a board with a result gives both players an entry (a game without a result yet is ignored); a bye
    record gives its player one (a board wins over a bye record for the same player); a player with neither is
    absent (zero-point bye), or withdrawn from ``Player.withdrawn_from_round``. Entries are built as plain tuples
    from per-outcome flags (:data:`OUTCOME_FLAGS`): thousands of players times rounds."""
    last = state.last_round if up_to_round is None else up_to_round
    profile = state.event.scoring
    points = {o: profile.points(o) for o in Outcome}
    flags = OUTCOME_FLAGS
    rounds = sorted((r for r in state.rounds if r.number <= last), key=lambda r: r.number)
    players = {p.id: p for p in state.players}
    entries: dict[int, list[RoundEntry]] = {pid: [] for pid in players}
    new = tuple.__new__  # RoundEntry._make without its Python-level call: ~22,000 entries for 2000 x 11
    by_result: dict[object, tuple[Outcome, Outcome, float, float, tuple[bool, float, bool, bool, bool],
                                  tuple[bool, float, bool, bool, bool]]] = {}
    n_players = len(players)
    for rnd in rounds:
        number = rnd.number
        seen: set[int] = set()
        for g in rnd.games:
            w, b = g.white_id, g.black_id
            seen.add(w)
            seen.add(b)
            result = g.result
            if result is None:
                continue  # result not entered yet: ignored
            info = by_result.get(result)
            if info is None:
                ow, ob = result.outcomes()
                info = by_result[result] = (ow, ob, points[ow], points[ob], flags[ow], flags[ob])
            ew, eb = entries.get(w), entries.get(b)
            if ew is not None:
                ew.append(new(RoundEntry, (number, b, info[0], info[2], "W", g.white_points, g.black_points,
                                           *info[4])))
            if eb is not None:
                eb.append(new(RoundEntry, (number, w, info[1], info[3], "B", g.black_points, g.white_points,
                                           *info[5])))
        for bye in rnd.byes:
            pid = bye.player_id
            if pid in seen or pid not in entries:
                continue
            seen.add(pid)
            kind = bye.kind
            entries[pid].append(new(RoundEntry, (number, None, kind, points[kind], "", None, None, *flags[kind])))
        if len(seen) < n_players or any(pid not in seen for pid in players):
            for pid, player in players.items():
                if pid not in seen:
                    kind = Outcome.ZERO_BYE if player.is_active_in(number) else Outcome.WITHDRAWN
                    entries[pid].append(new(RoundEntry, (number, None, kind, points[kind], "", None, None,
                                                         *flags[kind])))
    score = {pid: float(sum([e[3] for e in es])) for pid, es in entries.items()}
    return TiebreakContext(state, edition, tuple(r.number for r in rounds), entries, score, players)
