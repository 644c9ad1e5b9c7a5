"""Assisted manual Swiss pairing (seed 000 §6.6, ``/work/shared/seeds/000_978680df453f211e.txt`` L345-353).

L351: in a Swiss event the federation's software does not pair, it helps the arbiter: players are shown by
points and Solkoff; once a player is selected, only the players he has not met are offered; a colour is
suggested for each player ("si le joueur a déjà plus souvent avec les noirs, un pion blanc est affiché").
L353: when the pairing cannot be completed, the remaining players have already met: "try another
configuration for the other games until a solution is found".

This module gives: :func:`pairing_board` (the list by points then Solkoff, with colour suggestions),
:func:`candidates` (opponents not yet met), :func:`suggest_colours`, :func:`check_manual_round` (every rule a
hand-made round breaks, bilingual, absolute rules apart from warnings) and :func:`find_completion` (a
backtracking search for a completion of the boards chosen so far; when there is none, which board to undo).

Solkoff is the Buchholz of the tie-break core (``BH``: sum of the opponents' scores). Forfeited games are not
meetings (the model's rule, C.04.2 Art.3.5): the players of a forfeited game may be paired again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tournament_desk.core.errors import NotFoundError
from tournament_desk.core.ids import PairingNumber
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import Bye, EventState, Game
from tournament_desk.core.pairing.swiss_state import Board as SwissBoard
from tournament_desk.core.pairing.swiss_state import ByeKind as SwissByeKind
from tournament_desk.core.pairing.swiss_state import Colour, PlayerState, RoundEntry, RoundPairing, SwissState
from tournament_desk.core.pairing.swiss_state import Outcome as SwissOutcome
from tournament_desk.core.pairing.swiss_state import Scoring as SwissScoring
from tournament_desk.core.results import Outcome
from tournament_desk.core.tiebreaks import build_standings

__all__ = [
    "BoardLine",
    "Candidate",
    "Completion",
    "ManualIssue",
    "candidates",
    "check_manual_round",
    "colour_counts",
    "find_completion",
    "pairing_board",
    "suggest_colours",
]

SOLKOFF = "BH"
"""Seed 000 §6.6 L351 "Solkoff": the sum of the opponents' scores, the tie-break core's Buchholz."""

_WON_WITHOUT_PLAYING = frozenset({Outcome.PAIRING_BYE, Outcome.FULL_BYE})


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One line of the manual pairing board."""

    player_id: int
    name: str
    points: float
    solkoff: float
    whites: int
    blacks: int
    suggested: str
    """"white" when the player had Black more often (L351's white disc), "black" the other way round, ""."""
    had_bye: bool


@dataclass(frozen=True, slots=True)
class Candidate:
    player_id: int
    name: str
    points: float
    solkoff: float
    white_id: int
    black_id: int
    """The colour suggestion for this board (:func:`suggest_colours`)."""


@dataclass(frozen=True, slots=True)
class ManualIssue:
    """One rule broken by a manual round. ``absolute`` issues are refused unless the arbiter overrides them."""

    code: str
    absolute: bool
    msg: Msg
    """What is wrong (the catalogue's message), in the user's language with :meth:`message`."""
    players: tuple[int, ...] = ()

    def message(self, lang: str = "en") -> str:
        return self.msg.text(lang)


_NO_TEXT = Msg("")


@dataclass(frozen=True, slots=True)
class Completion:
    """The answer of :func:`find_completion`."""

    possible: bool
    boards: tuple[tuple[int, int], ...] = ()
    """The boards added to complete the round (White, Black), when possible."""
    bye: int | None = None
    undo_board: int | None = None
    """When impossible: the 1-based index of the chosen board whose removal makes a completion possible."""
    msg: Msg = _NO_TEXT

    def message(self, lang: str = "en") -> str:
        return self.msg.text(lang)


# -- what the board shows -----------------------------------------------------------------------------------------


def colour_counts(state: EventState, player_id: int) -> tuple[int, int]:
    """(Whites, Blacks) of the games actually played."""
    whites = blacks = 0
    for rnd in state.rounds:
        entry = rnd.entry_of(player_id)
        if isinstance(entry, Game):
            outcome = entry.outcome_of(player_id)
            if outcome is not None and not outcome.is_played:
                continue
            if entry.white_id == player_id:
                whites += 1
            else:
                blacks += 1
    return whites, blacks


def _had_bye(state: EventState, player_id: int) -> bool:
    return any(isinstance(e, Bye) and e.kind in _WON_WITHOUT_PLAYING
               for e in (r.entry_of(player_id) for r in state.rounds))


def _suggestion(whites: int, blacks: int) -> str:
    if blacks > whites:
        return "white"
    if whites > blacks:
        return "black"
    return ""


def _active(state: EventState) -> list[int]:
    number = state.last_round + 1
    return [p.id for p in state.players if p.is_active_in(number)]


def pairing_board(state: EventState) -> list[BoardLine]:
    """L351: the players still in the event, by points then Solkoff (then rating, id), with colour suggestions."""
    rows = build_standings(state, (SOLKOFF,))
    active = set(_active(state))
    rating = {p.id: p.rating(state.event.rating_system) or 0 for p in state.players}
    ordered = sorted((r for r in rows if r.player_id in active),
                     key=lambda r: (-r.points, -(r.value(SOLKOFF) or 0.0), -rating[r.player_id], r.player_id))
    out = []
    for row in ordered:
        whites, blacks = colour_counts(state, row.player_id)
        out.append(BoardLine(row.player_id, state.player(row.player_id).name, row.points,
                             row.value(SOLKOFF) or 0.0, whites, blacks, _suggestion(whites, blacks),
                             _had_bye(state, row.player_id)))
    return out


def suggest_colours(state: EventState, a: int, b: int) -> tuple[int, int]:
    """(White, Black) for a board of ``a`` and ``b``: L351, the one who had Black more often gets White. When
    both had Black as often (relative to White), ``a`` (the player chosen first) keeps White."""
    wa, ba = colour_counts(state, a)
    wb, bb = colour_counts(state, b)
    if (ba - wa) < (bb - wb):
        return b, a
    return a, b


def candidates(state: EventState, player_id: int, taken: Iterable[int] = ()) -> list[Candidate]:
    """L351: once a player is selected, only the players he has not met, in the board's order (points, Solkoff).
    ``taken`` are players already placed on another board of the round being made."""
    state.player(player_id)  # NotFoundError, bilingual
    met = set(state.opponents(player_id))
    excluded = set(taken) | met | {player_id}
    out = []
    for line in pairing_board(state):
        if line.player_id in excluded:
            continue
        white, black = suggest_colours(state, player_id, line.player_id)
        out.append(Candidate(line.player_id, line.name, line.points, line.solkoff, white, black))
    return out


# -- checking a whole round ---------------------------------------------------------------------------------------


def _met_round(state: EventState, a: int, b: int) -> int | None:
    for rnd in state.rounds:
        entry = rnd.entry_of(a)
        if isinstance(entry, Game) and b in entry.players():
            outcome = entry.outcome_of(a)
            if outcome is None or outcome.is_meeting:
                return rnd.number
    return None


def _name(state: EventState, pid: int) -> str:
    try:
        return state.player(pid).name
    except NotFoundError:  # an unknown id is reported by its own issue
        return str(pid)


def to_swiss_state(state: EventState) -> tuple[SwissState, dict[int, PairingNumber]]:
    """The event as the shared Swiss input (:mod:`swiss_state`) for the round checker, and each player's
    pairing number by player id.

    The Swiss state speaks pairing numbers (the checker reads the initial order from them): players are
    numbered in the order of their pairing numbers, those without one after them by id.
    """
    number = state.last_round + 1
    scoring = state.event.scoring
    order = sorted(state.players, key=lambda p: (p.pairing_number is None, p.pairing_number or 0, p.id))
    number_of = {p.id: PairingNumber(k) for k, p in enumerate(order, start=1)}
    players = []
    for p in order:
        entries = []
        for rnd in sorted(state.rounds, key=lambda r: r.number):
            entry = rnd.entry_of(p.id)
            if isinstance(entry, Game):
                outcome = entry.outcome_of(p.id)
                colour = Colour.WHITE if entry.white_id == p.id else Colour.BLACK
                played = outcome is None or outcome.is_played
                swiss = (SwissOutcome.WIN if outcome in (Outcome.WIN, Outcome.FORFEIT_WIN_EXCUSED,
                                                         Outcome.FORFEIT_WIN_UNEXCUSED)
                         else SwissOutcome.DRAW if outcome is Outcome.DRAW else SwissOutcome.LOSS)
                entries.append(RoundEntry(number_of[entry.opponent_of(p.id)], colour, swiss, played))
            elif isinstance(entry, Bye):
                kind = {Outcome.PAIRING_BYE: SwissByeKind.PAB, Outcome.FULL_BYE: SwissByeKind.FULL,
                        Outcome.HALF_BYE: SwissByeKind.HALF}.get(entry.kind, SwissByeKind.ZERO)
                swiss = {SwissByeKind.PAB: SwissOutcome.WIN, SwissByeKind.FULL: SwissOutcome.WIN,
                         SwissByeKind.HALF: SwissOutcome.DRAW}.get(kind, SwissOutcome.LOSS)
                entries.append(RoundEntry(None, None, swiss, False, kind))
            else:
                entries.append(RoundEntry(None, None, SwissOutcome.LOSS, False, SwissByeKind.ZERO))
        players.append(PlayerState(number_of[p.id], tuple(entries), p.rating(state.event.rating_system) or 0,
                                   p.name))
    absent = frozenset(number_of[p.id] for p in state.players if not p.is_active_in(number))
    engine_state = SwissState(tuple(players), state.last_round, max(state.event.rounds, number),
                              scoring=SwissScoring(scoring.win, scoring.draw, scoring.loss, scoring.forfeit_loss,
                                                   scoring.zero_bye, scoring.pairing_bye),
                              absent=absent)
    return engine_state, number_of


def _checker_colour_issues(state: EventState, boards: Sequence[tuple[int, int]], bye: int | None
                           ) -> list[ManualIssue]:
    """Colour findings of the shared round checker (:mod:`checker`, Dutch colour rules), as warnings: in a
    manually paired Swiss the seed only *suggests* colours (L351)."""
    from tournament_desk.core.pairing.checker import check_round

    swiss, number_of = to_swiss_state(state)
    if any(pid not in number_of for board in boards for pid in board) or (bye is not None and bye not in number_of):
        return []  # an unknown player is an absolute issue of its own; the colour rules need every player
    id_of = {tpn: pid for pid, tpn in number_of.items()}
    pairing = RoundPairing(tuple(SwissBoard(number_of[w], number_of[b]) for w, b in boards),
                           None if bye is None else number_of[bye])
    out = []
    for v in check_round(swiss, pairing):
        players = tuple(id_of[tpn] for tpn in v.players)
        if v.code == "SAME_ABSOLUTE_COLOUR":
            a, b = players
            out.append(ManualIssue(
                "colour-absolute", False,
                msg("{name} and {name2} both need the same colour this round (colour rule)", name=_name(state, a),
                    name2=_name(state, b)), players))
        elif v.code == "COLOUR_NOT_GRANTED":
            (pid,) = players
            out.append(ManualIssue(
                "colour-preference", False,
                msg("{name} does not get their colour preference (checker: {checker})", name=_name(state, pid),
                    checker=v.msg), players))
    return out


def check_manual_round(state: EventState, boards: Sequence[tuple[int, int]], byes: Sequence[int] = ()
                       ) -> list[ManualIssue]:
    """Every rule the round (boards as (White, Black) ids, pairing-allocated byes) breaks; absolute ones first.

    Absolute (refused unless overridden with a reason): unknown or withdrawn player, a player twice, a player
    left out, a player against himself, a rematch (L351 offers only opponents not met), a bye to a player who
    already scored a win without playing, more than one bye or a bye with an even number of players.
    Warnings: seed 000's colour suggestion not followed, the checker's colour rules, a bye to a player who is not
    among the lowest scores.
    """
    issues: list[ManualIssue] = []
    known = {p.id for p in state.players}
    active = set(_active(state))
    seen: dict[int, int] = {}
    for pid in [x for w, b in boards for x in (w, b)] + list(byes):
        seen[pid] = seen.get(pid, 0) + 1
    for pid, count in sorted(seen.items()):
        if pid not in known:
            issues.append(ManualIssue("unknown", True, msg("No player with id {pid}", pid=pid), (pid,)))
            continue
        if count > 1:
            issues.append(ManualIssue("twice", True, msg("{name} appears {count} times in the round",
                                                         name=_name(state, pid), count=count), (pid,)))
        if pid not in active:
            issues.append(ManualIssue("withdrawn", True, msg("{name} has withdrawn and cannot be paired",
                                                             name=_name(state, pid)), (pid,)))
    for pid in sorted(active - set(seen)):
        issues.append(ManualIssue("missing", True, msg("{name} is not paired", name=_name(state, pid)), (pid,)))
    for board, (w, b) in enumerate(boards, start=1):
        if w == b:
            issues.append(ManualIssue("self", True, msg("Board {board}: a player cannot play himself", board=board),
                                      (w,)))
            continue
        if w not in known or b not in known:
            continue
        met = _met_round(state, w, b)
        if met is not None:
            issues.append(ManualIssue(
                "rematch", True,
                msg("Board {board}: {name} and {name2} already met in round {met}", board=board, name=_name(state, w),
                    name2=_name(state, b), met=met),
                (w, b)))
        white, _black = suggest_colours(state, w, b)
        if white != w:
            ww, bw = colour_counts(state, w)
            wb, bb = colour_counts(state, b)
            issues.append(ManualIssue(
                "colour-suggestion", False,
                msg("Board {board}: {name} had Black more often ({bb} Black, {wb} White) than {name2} ({bw} Black, "
                    "{ww} White) and should have White", board=board, name=_name(state, b), bb=bb, wb=wb,
                    name2=_name(state, w), bw=bw, ww=ww), (w, b)))
    if len(byes) > 1:
        issues.append(ManualIssue("byes", True, msg("{n_byes} byes: at most one player is exempt in a round",
                                                    n_byes=len(byes)), tuple(byes)))
    if byes and len(active) % 2 == 0:
        issues.append(ManualIssue("bye-even", True, msg("The number of players is even: nobody gets the bye"),
                                  tuple(byes)))
    scores = {pid: state.score(pid) for pid in active}
    for pid in byes:
        if pid not in known or pid not in active:
            continue
        if _had_bye(state, pid):
            issues.append(ManualIssue(
                "bye-again", True, msg("{name} already had a bye (a win without playing)", name=_name(state,
                                                                                                      pid)), (pid,)))
        eligible = [scores[q] for q in active if not _had_bye(state, q)]
        if eligible and scores[pid] > min(eligible):
            issues.append(ManualIssue(
                "bye-score", False,
                msg("{name} gets the bye with {scores:g} points although an eligible player has {min:g}",
                    name=_name(state, pid), scores=scores[pid], min=min(eligible)), (pid,)))
    if all(not i.absolute for i in issues):
        issues += _checker_colour_issues(state, boards, byes[0] if byes else None)
    issues.sort(key=lambda i: not i.absolute)
    return issues


# -- completing a round --------------------------------------------------------------------------------------------


def _search(free: list[int], met: dict[int, set[int]], budget: list[int]) -> list[tuple[int, int]] | None:
    """Backtracking: the most constrained player first, each of his possible opponents in turn."""
    if not free:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    options = {a: [b for b in free if b != a and b not in met[a]] for a in free}
    a = min(free, key=lambda x: (len(options[x]), free.index(x)))
    for b in options[a]:
        rest = [x for x in free if x not in (a, b)]
        found = _search(rest, met, budget)
        if found is not None:
            return [(a, b), *found]
    return None


def _complete(state: EventState, fixed: Sequence[tuple[int, int]], byes: Sequence[int], budget: list[int]
              ) -> tuple[list[tuple[int, int]], int | None] | None:
    active = _active(state)
    used = {x for pair in fixed for x in pair} | set(byes)
    order = [line.player_id for line in pairing_board(state)]
    free = [pid for pid in order if pid in set(active) - used]
    met = {pid: set(state.opponents(pid)) for pid in active}
    bye_options: list[int | None] = [None]
    if len(free) % 2:
        if byes:
            return None
        # the bye to an eligible player, lowest score first (bottom of the board)
        bye_options = [pid for pid in reversed(free) if not _had_bye(state, pid)]
    for bye in bye_options:
        rest = [pid for pid in free if pid != bye]
        found = _search(rest, met, budget)
        if found is not None:
            return found, bye
    return None


def find_completion(state: EventState, boards: Sequence[tuple[int, int]], byes: Sequence[int] = (), *,
                    budget: int = 200_000) -> Completion:
    """Can the boards chosen so far be completed without a rematch (L353)? If so, one completion; if not, the
    latest chosen board whose removal allows one (the seed's "try another configuration")."""
    limit = [budget]
    result = _complete(state, boards, byes, limit)
    if result is not None:
        extra, bye = result
        added = tuple(suggest_colours(state, a, b) for a, b in extra)
        return Completion(True, added, bye, None, msg("The round can be completed ({n_added} more boards)",
                                                      n_added=len(added)))
    for index in range(len(boards) - 1, -1, -1):
        rest = [pair for i, pair in enumerate(boards) if i != index]
        if _complete(state, rest, byes, [budget]) is not None:
            w, b = boards[index]
            return Completion(
                False, (), None, index + 1,
                msg("The remaining players have all met each other: no completion exists. Undo board {board} "
                    "({name} - {name2}) and try another configuration", board=index + 1, name=_name(state, w),
                    name2=_name(state, b)))
    return Completion(False, (), None, None,
                      msg("No completion exists, whatever earlier board is undone: start the round again or accept "
                          "a rematch with a reason"))
