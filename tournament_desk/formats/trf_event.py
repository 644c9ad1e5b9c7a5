"""An :class:`EventState` as a FIDE Tournament Report File (TRF16 or TRF26), written with :mod:`formats.trf`.

* Header records: 012 name, 022 place, 042/052 dates, 062 players, 072 rated players, 092 system,
  102 chief arbiter, 112 deputies, 122 time control.
* Player ``001`` records: starting rank = pairing number (or :func:`start_ranks`), ``SURNAME, First``, sex
  ``m``/``w``, title, rating in the event's rating system, federation, FIDE id, birth date ``YYYY/MM/DD``,
  points in the event's scoring, rank from the standings with the event's tie-breaks.
* Round blocks: played games ``1 = 0`` (``0r`` → 0 for both, opponent kept), forfeits ``+``/``-`` with the
  scheduled opponent, double forfeit ``-`` for both, pending games without a result; pairing-allocated bye
  ``0000 - U``, requested byes ``H``/``F``, zero-point bye and absence ``Z``, withdrawn ``0000 - -``.
* Non-chess scoring (draughts 2/1/0, Kashdan...) is declared with ``XXS`` (TRF16) or ``162`` (TRF26).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tournament_desk.core.model import Bye, EventState, Game
from tournament_desk.core.pairing.swiss_state import Colour
from tournament_desk.core.results import Outcome
from tournament_desk.core.scoring import CHESS
from tournament_desk.core.tiebreaks import DEFAULT_EDITION, build_standings
from tournament_desk.formats.trf import TrfPlayer, TrfRoundEntry, TrfTournament, dumps

__all__ = ["event_trf", "start_ranks", "state_to_trf"]

_GAME_CODE = {
    Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0", Outcome.ZERO_BY_RULE: "0",
    Outcome.FORFEIT_WIN_EXCUSED: "+", Outcome.FORFEIT_WIN_UNEXCUSED: "+",
    Outcome.FORFEIT_LOSS_EXCUSED: "-", Outcome.FORFEIT_LOSS_UNEXCUSED: "-", Outcome.DOUBLE_FORFEIT: "-",
}
_BYE_CODE = {Outcome.PAIRING_BYE: "U", Outcome.HALF_BYE: "H", Outcome.FULL_BYE: "F", Outcome.ZERO_BYE: "Z",
             Outcome.WITHDRAWN: "-"}
_SYSTEM = {"round-robin": "Round robin", "double-round-robin": "Double round robin", "dutch": "Swiss Dutch",
           "scoregroup": "Swiss score groups", "manual": "Manual pairings", "knockout": "Knockout"}


def start_ranks(state: EventState) -> dict[int, int]:
    """Starting ranks: pairing numbers when assigned, the others after them in id order."""
    ranks = {p.id: p.pairing_number for p in state.players if p.pairing_number is not None}
    nxt = max(ranks.values(), default=0)
    for p in sorted(state.players, key=lambda q: q.id):
        if p.id not in ranks:
            nxt += 1
            ranks[p.id] = nxt
    return ranks  # type: ignore[return-value]


def _scoring_codes(state: EventState) -> dict[str, float]:
    s = state.event.scoring
    if (s.win, s.draw, s.loss, s.pairing_bye) == (CHESS.win, CHESS.draw, CHESS.loss, CHESS.pairing_bye):
        return {}
    return {"W": s.win, "D": s.draw, "L": s.loss, "P": s.pairing_bye, "A": s.zero_bye}


def state_to_trf(state: EventState, *, initial_colour: Colour | None = None,
                 next_round_byes: Mapping[int, Outcome] | None = None,
                 accelerations: Mapping[int, Sequence[float]] | None = None) -> TrfTournament:
    """The event as a :class:`TrfTournament` (header records, players, round blocks, scoring).

    ``initial_colour`` is written as ``XXC white1/black1`` (``152``); ``next_round_byes`` (player id -> hpb,
    fpb or zpb) as ``0000 - H/F/Z`` in the round after the last one, as the engines read a requested bye.
    Forbidden pairs are written ``XXP``; the Baku acceleration as ``192 FIDE_DUTCH_2026_BAKU`` and, with
    ``accelerations`` (player id -> virtual points per round), as ``XXA`` lines for the engines reading TRF16.
    """
    e = state.event
    ranks = start_ranks(state)
    codes = list(e.tiebreaks)
    edition = e.tiebreak_edition or DEFAULT_EDITION.value
    try:
        standing = {r.player_id: r.rank for r in build_standings(state, codes, edition=edition)}
    except ValueError:  # a code the core cannot compute for this event: rank on points only
        standing = {r.player_id: r.rank for r in build_standings(state, [])}
    headers: dict[str, list[str]] = {"012": [e.name]}
    if e.place:
        headers["022"] = [e.place]
    if e.start_date:
        headers["042"] = [e.start_date.strftime("%Y/%m/%d")]
    if e.end_date:
        headers["052"] = [e.end_date.strftime("%Y/%m/%d")]
    headers["062"] = [str(len(state.players))]
    headers["072"] = [str(sum(1 for p in state.players if p.rating(e.rating_system) and not p.unrated))]
    headers["092"] = [_SYSTEM.get(e.system.value, e.system.value)]
    if e.arbiters:
        headers["102"] = [e.arbiters[0]]
        if len(e.arbiters) > 1:
            headers["112"] = [", ".join(e.arbiters[1:])]
    headers["122"] = [f"{e.time_control.base_minutes}'+{e.time_control.increment_seconds}\""]

    players: list[TrfPlayer] = []
    for p in state.players:
        entries: list[TrfRoundEntry] = []
        for r in sorted(state.rounds, key=lambda x: x.number):
            entry = r.entry_of(p.id)
            if isinstance(entry, Game):
                outcome = entry.outcome_of(p.id)
                colour = "w" if entry.white_id == p.id else "b"
                result = _GAME_CODE[outcome] if outcome is not None else ""
                entries.append(TrfRoundEntry(ranks[entry.opponent_of(p.id)], colour, result))
            elif isinstance(entry, Bye):
                entries.append(TrfRoundEntry(None, "-", _BYE_CODE[entry.kind]))
            else:
                entries.append(TrfRoundEntry(None, "-", "Z" if p.is_active_in(r.number) else "-"))
        nxt = state.last_round + 1
        if nxt <= e.rounds and (next_round_byes or {}).get(p.id) in _BYE_CODE:
            entries.append(TrfRoundEntry(None, "-", _BYE_CODE[(next_round_byes or {})[p.id]]))
        elif next_round_byes is not None and nxt <= e.rounds and state.rounds and not p.is_active_in(nxt):
            entries.append(TrfRoundEntry(None, "-", "-"))
        rating = p.rating(e.rating_system)
        players.append(TrfPlayer(
            start_rank=ranks[p.id],
            name=f"{p.surname}, {p.first_name}" if p.first_name else p.surname,
            sex={"M": "m", "F": "w"}.get(p.sex.value, ""),
            title=p.title, rating=0 if rating is None or p.unrated else rating, federation=p.federation,
            fide_id=p.fide_id, birth_date=p.birth_date.strftime("%Y/%m/%d") if p.birth_date else "",
            points=state.score(p.id), rank=standing.get(p.id), rounds=entries,
        ))
    if e.acceleration == "baku":
        headers["192"] = ["FIDE_DUTCH_2026_BAKU"]
    xxa = {ranks[pid]: list(values) for pid, values in (accelerations or {}).items() if pid in ranks}
    pairs = [[ranks[a], ranks[b]] for a, b in getattr(state, "forbidden_pairs", ()) if a in ranks and b in ranks]
    return TrfTournament(headers=headers, players=players, total_rounds=e.rounds,
                         scoring_codes=_scoring_codes(state), initial_colour=initial_colour, accelerations=xxa,
                         forbidden_groups=pairs)


def event_trf(state: EventState, edition: str = "16", newline: str = "\r\n", *,
              initial_colour: Colour | None = None, next_round_byes: Mapping[int, Outcome] | None = None,
              accelerations: Mapping[int, Sequence[float]] | None = None) -> str:
    """TRF text of the event; ``edition`` is ``"16"`` or ``"26"`` (see :func:`state_to_trf` for the rest)."""
    return dumps(state_to_trf(state, initial_colour=initial_colour, next_round_byes=next_round_byes,
                              accelerations=accelerations), edition=edition, newline=newline)
