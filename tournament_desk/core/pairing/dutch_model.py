"""Per-round view of the players for the Dutch engine: scores, colours, floats, bye eligibility."""

from __future__ import annotations

from dataclasses import dataclass

from tournament_desk.core.ids import PairingNumber
from tournament_desk.core.pairing.colours import ColourProfile, colour_profile
from tournament_desk.core.pairing.swiss_state import (
    ByeKind,
    Float,
    Outcome,
    PlayerState,
    RoundEntry,
    SwissState,
)

__all__ = ["EnginePlayer", "NoValidPairingError", "build_players", "units"]

# Scores are handled as integers (hundredths of a point) so that comparisons are exact.
_UNIT = 100


def units(points: float) -> int:
    return round(points * _UNIT)


class NoValidPairingError(ValueError):
    """No round-pairing satisfies the absolute criteria C1-C3 (the arbiter must decide)."""


@dataclass
class EnginePlayer:
    """A present player, with everything the criteria look at, computed once per round."""

    state: PlayerState
    entries: tuple[RoundEntry, ...]  # padded to rounds_played
    rank_index: int  # 0-based effective pairing number among the tournament's valid players
    score: int  # accelerated score in units
    colours: ColourProfile
    played_games: int
    eligible_for_bye: bool
    floats: tuple[Float | None, Float | None]  # previous round, two rounds before
    opponents: frozenset[PairingNumber]  # players met in a played game (C1)

    @property
    def id(self) -> PairingNumber:
        return self.state.id


def _pad(entries: tuple[RoundEntry, ...], rounds: int) -> tuple[RoundEntry, ...]:
    if len(entries) >= rounds:
        return entries
    filler = RoundEntry(None, None, Outcome.LOSS, False, ByeKind.ZERO)
    return entries + (filler,) * (rounds - len(entries))


def build_players(state: SwissState) -> tuple[list[EnginePlayer], dict[PairingNumber, EnginePlayer]]:
    """Return the present players (unsorted) and a lookup of every valid player by id."""
    rounds = state.rounds_played
    scoring = state.scoring
    win = units(scoring.win)
    loss = units(scoring.loss)
    padded = {p.id: _pad(p.entries, rounds) for p in state.players}
    # A player is valid (counts for pairing numbers) if present or if he ever took part in a pairing.
    place = {pid: i for i, pid in enumerate(state.pairing_order)}
    far = len(place)
    valid = [
        p
        for p in sorted(state.players, key=lambda q: (place.get(q.id, far), q.id))
        if state.is_present(p) or any(e.participated for e in p.entries)
    ]
    rank_of = {p.id: i for i, p in enumerate(valid)}
    score_back: dict[tuple[PairingNumber, int], int] = {}
    # Each round's points in units, once per player: the accelerated scores 0, 1 and 2 rounds before the round
    # to pair (Art.1.4 float definitions) and the bye eligibility all read them.
    points: dict[PairingNumber, list[int]] = {}

    def pts(pid: PairingNumber) -> list[int]:
        got = points.get(pid)
        if got is None:
            got = points[pid] = [units(e.points(scoring)) for e in padded[pid]]
        return got

    def sb(pid: PairingNumber, back: int) -> int:
        key = (pid, back)
        got = score_back.get(key)
        if got is None:
            got = score_back[key] = sum(pts(pid)[: rounds - back]) + units(
                by_id_state[pid].acceleration(rounds - back))
        return got

    by_id_state = {p.id: p for p in state.players}
    out: dict[PairingNumber, EnginePlayer] = {}
    present: list[EnginePlayer] = []
    for p in valid:
        entries = padded[p.id][:rounds] if state.is_present(p) else padded[p.id]
        own = pts(p.id)
        eligible = not any(not e.played and own[k] >= win for k, e in enumerate(entries[:rounds]))
        fl: list[Float | None] = []
        for back in (1, 2):
            if rounds < back:
                fl.append(None)
                continue
            e = entries[rounds - back]
            if not e.played:
                fl.append(Float.DOWN if own[rounds - back] > loss else None)
                continue
            mine, theirs = sb(p.id, back), sb(e.opponent, back)  # type: ignore[arg-type]
            fl.append(Float.DOWN if mine > theirs else Float.UP if mine < theirs else None)
        ep = EnginePlayer(
            state=p,
            entries=entries,
            rank_index=rank_of[p.id],
            score=sb(p.id, 0),
            colours=colour_profile(entries[:rounds]),
            played_games=sum(1 for e in entries[:rounds] if e.played),
            eligible_for_bye=eligible,
            floats=(fl[0], fl[1]),
            opponents=frozenset(e.opponent for e in entries if e.played and e.opponent is not None),
        )
        out[p.id] = ep
        if state.is_present(p):
            present.append(ep)
    return present, out
