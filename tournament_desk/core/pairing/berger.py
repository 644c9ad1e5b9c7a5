"""Round-robin (Berger) pairing tables, in FIDE and FMJD board order.

Sources:
- FIDE Handbook C.05 Annex 1 "Details of Berger Tables" (REFERENCE.md §2): generation, the bye,
  double round robin and the recommended swap of the last two rounds of the first cycle.
- FFJD "Règlement du Classement National" (seed 000): §5.4 (size of a closed event), §6.5 (EXEMPT),
  §6.6 (use the software's grid) and Annexe A (the FMJD grids for 2 to 16 players).

FMJD board order (FFJD Annexe A): the games and colours of every round are exactly those of the FIDE
table; only the board order differs. Boards are listed by increasing *lower* pairing number of the two
players: e.g. 8 players, round 2 is (1-2) (7-3) (6-4) (8-5). This rule reproduces every round of the
printed grids for 2, 4, 6, 8, 10, 12, 14 and 16 players (see tests/core/pairing/test_berger.py).
Annexe A prints no grid above 16 players (and §5.4 caps closed events at 20): beyond 16 the same rule is
applied to the FIDE table, which is an extension, not a printed grid.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple, TypeVar

from tournament_desk.core.errors import NotFoundError, ValidationError
from tournament_desk.core.messages import Msg, msg

Order = Literal["fide", "fmjd"]
Colour = Literal["W", "B"]
Board = tuple[int, int]  # (white, black)
Round = list[Board]
ID = TypeVar("ID", bound=Hashable)

ORDERS: tuple[str, ...] = ("fide", "fmjd")

# FFJD §5.4: "En système fermé, le nombre maximum de joueurs est de 20." (50 in a Swiss system)
CLOSED_EVENT_MAX_PLAYERS = 20
SWISS_EVENT_MAX_PLAYERS = 50


# --------------------------------------------------------------------------- table generation


def _check_n(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise ValidationError(
            msg("a round robin needs at least 2 players (got {n!r})", n=n),
        )


def _check_order(order: str) -> None:
    if order not in ORDERS:
        raise ValidationError(
            msg("unknown board order {order!r}: expected 'fide' or 'fmjd'", order=order),
        )


def table_size(n: int) -> int:
    """N of C.05 Annex 1: n for even n, n + 1 for odd n (the extra number is the bye / EXEMPT)."""
    _check_n(n)
    return n if n % 2 == 0 else n + 1


def exempt_number(n: int) -> int | None:
    """The pairing number of the EXEMPT (bye) for n players, or None when n is even.

    C.05 Annex 1: "the highest number counts as a bye"; FFJD §6.5: with an odd number of players a
    player named EXEMPT is added, who loses every game by excused forfeit (0fe) and whose games never
    count for the national rating.
    """
    _check_n(n)
    return n + 1 if n % 2 else None


def exempt_board(n: int, boards: Sequence[Board]) -> int | None:
    """1-based index of the board of ``boards`` that involves the EXEMPT, or None (even n)."""
    ex = exempt_number(n)
    if ex is None:
        return None
    for index, (white, black) in enumerate(boards, start=1):
        if ex in (white, black):
            return index
    return None


def _fide_round(size: int, r: int) -> Round:
    # C.05 Annex 1, closed form (REFERENCE §2.1 step 3), N = size, rounds r = 1 .. N-1:
    # anchor a = ((r-1)·N/2 mod (N-1)) + 1; board 1 is a vs N (a White in odd rounds, N White in even
    # rounds); board k+1 is (a+k) White vs (a-k) Black, numbers wrapped into 1 .. N-1.
    half = size // 2
    anchor = ((r - 1) * half) % (size - 1) + 1

    def wrap(x: int) -> int:
        return (x - 1) % (size - 1) + 1

    boards: Round = [(anchor, size) if r % 2 == 1 else (size, anchor)]
    boards.extend((wrap(anchor + k), wrap(anchor - k)) for k in range(1, half))
    return boards


def _fmjd_board_order(boards: Iterable[Board]) -> Round:
    # FFJD Annexe A (FMJD grids): same games and colours as C.05 Annex 1, boards sorted by the lower
    # pairing number of the two players. Each number plays once per round, so the order is total.
    return sorted(boards, key=min)


def berger_rounds(n: int, *, order: Order) -> list[list[tuple[int, int]]]:
    """The N-1 rounds of a single round robin for players 1..n, each a list of (white, black) boards.

    ``order="fide"`` lists boards as the FIDE Berger table (C.05 Annex 1: the game of N first);
    ``order="fmjd"`` as the FMJD grid of FFJD Annexe A (by increasing lower number). For odd n the
    EXEMPT number n + 1 (see :func:`exempt_number`) appears in one board of every round.
    """
    _check_order(order)
    size = table_size(n)
    rounds = [_fide_round(size, r) for r in range(1, size)]
    if order == "fmjd":
        rounds = [_fmjd_board_order(boards) for boards in rounds]
    return rounds


def double_round_robin(n: int, *, order: Order, swap_last_two: bool = True) -> list[list[tuple[int, int]]]:
    """The 2·(N-1) rounds of a double round robin.

    C.05 Annex 1: the second cycle repeats the pairings of the table with colours reversed; FIDE
    recommends reversing the order of the last two rounds of the first cycle, "to avoid three
    consecutive games with the same colour" (``swap_last_two``, on by default).
    """
    single = berger_rounds(n, order=order)
    first = [list(boards) for boards in single]
    if swap_last_two and len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    # Reversing colours keeps the lower number of each board, so the FMJD order is preserved.
    second = [[(black, white) for white, black in boards] for boards in single]
    return first + second


# --------------------------------------------------------------------------- schedule value


class ScheduledGame(NamedTuple):
    round: int
    board: int
    white: int
    black: int
    exempt: bool  # True when one side is the EXEMPT (FFJD §6.5: never counts for rating)


@dataclass(frozen=True)
class RoundRobinSchedule:
    """A complete round-robin schedule. Rounds and boards are numbered from 1 in the helpers."""

    n: int
    order: Order
    double: bool
    rounds: tuple[tuple[Board, ...], ...]
    swap_last_two: bool = False  # double only: last two rounds of cycle 1 swapped (C.05 Annex 1)

    @classmethod
    def build(cls, n: int, *, order: Order, double: bool = False,
              swap_last_two: bool = True) -> RoundRobinSchedule:
        rounds = (double_round_robin(n, order=order, swap_last_two=swap_last_two) if double
                  else berger_rounds(n, order=order))
        return cls(n=n, order=order, double=double, rounds=tuple(tuple(r) for r in rounds),
                   swap_last_two=swap_last_two if double else False)

    @property
    def size(self) -> int:
        return table_size(self.n)

    @property
    def exempt(self) -> int | None:
        return exempt_number(self.n)

    def _check_player(self, player: int) -> None:
        if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= self.size:
            raise NotFoundError(msg("no pairing number {player!r} in a table of {size}", player=player,
                                    size=self.size))

    def _round(self, rnd: int) -> tuple[Board, ...]:
        if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= len(self.rounds):
            raise NotFoundError(msg("no round {rnd!r}: the schedule has {n_rounds} rounds", rnd=rnd,
                                    n_rounds=len(self.rounds)))
        return self.rounds[rnd - 1]

    def games_of(self, player: int) -> list[ScheduledGame]:
        """Every board of ``player`` in round order, including the one against the EXEMPT (odd n)."""
        self._check_player(player)
        ex = self.exempt
        return [ScheduledGame(r, b, w, k, ex in (w, k))
                for r, boards in enumerate(self.rounds, start=1)
                for b, (w, k) in enumerate(boards, start=1) if player in (w, k)]

    def opponent(self, player: int, round: int) -> int:
        """The opponent's number in ``round`` (the EXEMPT number means: bye)."""
        self._check_player(player)
        for white, black in self._round(round):
            if player in (white, black):
                return black if player == white else white
        raise NotFoundError(msg("player {player} is not paired in round {round}", player=player, round=round))

    def colour(self, player: int, round: int) -> Colour:
        """The colour, "W" or "B", as given by the table (against the EXEMPT the colour is only formal)."""
        self._check_player(player)
        for white, black in self._round(round):
            if player == white:
                return "W"
            if player == black:
                return "B"
        raise NotFoundError(msg("player {player} is not paired in round {round}", player=player, round=round))


def format_grid(schedule: RoundRobinSchedule, lang: str = "fr") -> str:
    """Text rendering of the grid, in the layout of FFJD Annexe A: "Ronde 1 : (1-8) (2-7) ...".

    States which board order is used (FMJD grid or FIDE Berger table) and, for odd n, the EXEMPT number.
    """
    if schedule.order == "fmjd":
        title = msg("FMJD pairing grid (FFJD rating regulations, Annex A)")
    else:
        title = msg("FIDE Berger table (FIDE Handbook C.05, Annex 1)")
    if schedule.double:
        lines = [msg("{title} — {n} players, double round robin", title=title, n=schedule.n).text(lang)]
    else:
        lines = [msg("{title} — {n} players, single round robin", title=title, n=schedule.n).text(lang)]
    if schedule.exempt is not None:
        lines.append(msg("Number {exempt} is the EXEMPT / bye (odd number of players).",
                         exempt=schedule.exempt).text(lang))
    per_cycle = schedule.size - 1
    for index, boards in enumerate(schedule.rounds, start=1):
        if schedule.double and index in (1, per_cycle + 1):
            if index != 1:
                lines.append(msg("Cycle 2 (colours reversed)").text(lang))
            elif schedule.swap_last_two and per_cycle >= 2:
                lines.append(msg("Cycle 1 (rounds {first} and {second} swapped, as FIDE recommends)",
                                 first=per_cycle - 1, second=per_cycle).text(lang))
            else:
                lines.append(msg("Cycle 1").text(lang))
        lines.append(msg("Round {number}: {boards}", number=index,
                         boards=" ".join(f"({w}-{b})" for w, b in boards)).text(lang))
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- pairing numbers


def _check_unique(ids: Sequence[Hashable]) -> None:
    seen: set[Hashable] = set()
    for pid in ids:
        if pid in seen:
            raise ValidationError(msg("player listed twice: {pid!r}", pid=pid))
        seen.add(pid)


def assign_pairing_numbers_by_lot(player_ids: Sequence[ID], seed: int | str | bytes) -> dict[ID, int]:
    """Draw pairing numbers 1..n by lot; the same ids in the same order and the same seed give the
    same draw (``random.Random(seed)``), so the draw can be re-run and audited."""
    ids = list(player_ids)
    _check_unique(ids)
    numbers = list(range(1, len(ids) + 1))
    random.Random(seed).shuffle(numbers)
    return dict(zip(ids, numbers, strict=True))


Rating = int | float | None


def assign_by_rating(
    players_with_ratings: Iterable[tuple[ID, Rating] | tuple[ID, Rating, str]],
) -> dict[ID, int]:
    """Pairing numbers by rating: the highest rating gets 1. Entries are (id, rating) or
    (id, rating, name); unrated players (None) come last; ties are broken by name (case-insensitive),
    then by the text of the id, so the result never depends on the input order."""
    entries: list[tuple[ID, Rating, str]] = [
        (e[0], e[1], str(e[2]) if len(e) > 2 else "") for e in players_with_ratings
    ]
    _check_unique([e[0] for e in entries])

    def key(entry: tuple[ID, Rating, str]) -> tuple[bool, float, str, str, str]:
        pid, rating, name = entry
        return (rating is None, -(rating or 0), name.casefold(), name, f"{type(pid).__name__}:{pid!r}")

    return {entry[0]: number for number, entry in enumerate(sorted(entries, key=key), start=1)}


def validate_manual_numbering(assignment: Mapping[ID, int]) -> dict[ID, int]:
    """Check that a hand-made assignment is a permutation of 1..n; return it as a dict, or raise
    :class:`ValidationError` saying exactly what is wrong (out of range, duplicate, missing)."""
    n = len(assignment)
    owners: dict[int, list[ID]] = {}
    for pid, number in assignment.items():
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= n:
            raise ValidationError(msg("player {pid!r}: pairing number {number!r} is not between 1 and {n}", pid=pid,
                                      number=number, n=n))
        owners.setdefault(number, []).append(pid)
    for number, pids in sorted(owners.items()):
        if len(pids) > 1:
            who = ", ".join(repr(p) for p in pids)
            raise ValidationError(msg("pairing number {number} is given to several players: {who}", number=number,
                                      who=who))
    return dict(assignment)  # n distinct values in 1..n: a permutation, nothing missing


# --------------------------------------------------------------------------- homologation warnings


@dataclass(frozen=True)
class EventWarning:
    code: str
    msg: Msg

    def message(self, lang: str = "en") -> str:
        return self.msg.text(lang)


def closed_event_warnings(n: int) -> list[EventWarning]:
    """FFJD §5.4: a closed event (round robin) of more than 20 players cannot be homologated directly;
    the organiser must contact the rating officer ("responsable du classement"). ``n`` counts the real
    players, not the EXEMPT (FFJD §5.5 does not count him either)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValidationError(msg("invalid number of players: {n!r}", n=n))
    if n <= CLOSED_EVENT_MAX_PLAYERS:
        return []
    return [EventWarning(
        "closed_event_too_large",
        msg("{n} players: an FFJD closed event has at most {max} players for direct homologation (FFJD rating "
            "regulations §5.4); contact the rating officer before the event.", n=n, max=CLOSED_EVENT_MAX_PLAYERS),
    )]
