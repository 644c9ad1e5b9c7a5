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

from tournament_desk.core.model import Bye, EventState, Game, Player
from tournament_desk.core.results import Outcome
from tournament_desk.core.scoring import ScoringProfile
from tournament_desk.core.tiebreaks.editions import Edition, RoundEntry, trailing_requested_byes


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
        table = self.cache.get("adjusted")
        if table is None:
            table = {p: self._adjusted(p) for p in self.entries}
            self.cache["adjusted"] = table
        return table[pid]

    def _adjusted(self, pid: int) -> float:
        entries = self.entries[pid]
        draw = self.profile.draw
        if self.edition is Edition.SEED_003:
            # seed 003 §1: "UNE PARTIE NON JOUEE VAUT UN DEMI-POINT AU TITRE DU DEPARTAGE"
            return sum(e.points if e.played else draw for e in entries)
        # C.07 2023 Art. 16.3: face value, except category 16.2.5 (trailing requested byes) as draws
        trailing = trailing_requested_byes(entries)
        return sum(draw if e.round in trailing else e.points for e in entries)

    @property
    def average_adjusted(self) -> float:
        """Seed 003 glossary "SCORE Ajusté": the exempt's opponent counts at the tournament average."""
        if "average" not in self.cache:
            ids = list(self.entries)
            self.cache["average"] = sum(self.adjusted(p) for p in ids) / len(ids) if ids else 0.0
        return float(self.cache["average"])

    # ------------------------------------------------------------------ own rounds

    def contributions(self, pid: int) -> list[Contribution]:
        """One value per round for the Buchholz family: the opponent's adjusted score, or the edition's
        value for an unplayed round (seed 003 §1 and glossary; C.07 2023 Art. 16.4; C.07 2026 16.4.1-2)."""
        key = f"contrib:{pid}"
        if key in self.cache:
            return list(self.cache[key])
        result = [self._contribution(pid, e) for e in self.entries[pid]]
        self.cache[key] = tuple(result)
        return result

    def _contribution(self, pid: int, e: RoundEntry) -> Contribution:
        if e.played and e.opponent is not None:
            return Contribution(e.round, e.opponent, self.adjusted(e.opponent), "game")
        vur = e.is_vur and self.edition.is_fide
        if self.edition is Edition.SEED_003:
            if e.opponent is not None:  # seed 003 glossary: "la moitié du S.A. de cet adversaire virtuel"
                return Contribution(e.round, e.opponent, 0.5 * self.adjusted(e.opponent), "half-virtual")
            # seed 003 glossary: "Un joueur Exempt recevra ... un S.A. égal à la moyenne du tournoi"
            return Contribution(e.round, None, self.average_adjusted, "average")
        own = self.score[pid]
        if self.edition is Edition.FIDE_2023:  # C.07 2023 Art. 16.4: dummy = own final score
            return Contribution(e.round, e.opponent, own, "dummy", vur)
        # C.07 2026 Art. 16.4.1 (forfeits) / 16.4.2 (other unplayed rounds), REFERENCE §3.4
        cap = self.adjusted(e.opponent) if e.opponent is not None else self.profile.draw * self.n_rounds
        kind = "dummy-capped" if cap < own else "dummy"
        return Contribution(e.round, e.opponent, min(own, cap), kind, vur)

    def sb_fraction(self, e: RoundEntry) -> float:
        """The result a round is multiplied by in Sonneborn-Berger."""
        if e.played:
            return e.result_fraction
        if self.edition is Edition.SEED_003:
            return 0.5  # seed 003 §1: an unplayed game counts as a draw, whatever its result
        win = self.profile.win or 1.0
        return e.points / win  # C.07 2023 Art. 16.4: points awarded (PAB/FPB/forfeit win 1, HPB ½, else 0)


def _entry_for(player: Player, game_or_bye: Game | Bye | None, rnd: int,
               points: dict[Outcome, float]) -> RoundEntry | None:
    if isinstance(game_or_bye, Game):
        outcome = game_or_bye.outcome_of(player.id)
        if outcome is None:
            return None  # result not entered yet: ignored
        white = game_or_bye.white_id == player.id
        own = game_or_bye.white_points if white else game_or_bye.black_points
        opp = game_or_bye.black_points if white else game_or_bye.white_points
        return RoundEntry.of(rnd, game_or_bye.black_id if white else game_or_bye.white_id, outcome,
                             points[outcome], "W" if white else "B", own, opp)
    if isinstance(game_or_bye, Bye):
        return RoundEntry.of(rnd, None, game_or_bye.kind, points[game_or_bye.kind])
    kind = Outcome.ZERO_BYE if player.is_active_in(rnd) else Outcome.WITHDRAWN
    return RoundEntry.of(rnd, None, kind, points[kind])


def make_context(state: EventState, edition: Edition, up_to_round: int | None = None) -> TiebreakContext:
    """Index the event once: every player's rounds up to ``up_to_round`` (all paired rounds by default)."""
    last = state.last_round if up_to_round is None else up_to_round
    points = {o: state.event.scoring.points(o) for o in Outcome}
    rounds = sorted((r for r in state.rounds if r.number <= last), key=lambda r: r.number)
    players = {p.id: p for p in state.players}
    entries: dict[int, list[RoundEntry]] = {pid: [] for pid in players}
    for rnd in rounds:
        seen: dict[int, Game | Bye] = {}
        for g in rnd.games:
            seen[g.white_id] = g
            seen[g.black_id] = g
        for b in rnd.byes:
            seen.setdefault(b.player_id, b)
        for pid, player in players.items():
            entry = _entry_for(player, seen.get(pid), rnd.number, points)
            if entry is not None:
                entries[pid].append(entry)
    score = {pid: float(sum(e.points for e in es)) for pid, es in entries.items()}
    return TiebreakContext(state, edition, tuple(r.number for r in rounds), entries, score, players)
