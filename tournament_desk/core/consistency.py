"""Whole-event invariants that no single dataclass can check on its own.

Each dataclass checks its own fields in ``__post_init__`` (a rating in range, a name of sensible length...).
What spans several objects is checked here: every game names registered players, nobody sits twice in a round,
rounds are numbered 1..n, boards and pairing numbers
are distinct... The services never write a state that breaks them; this
catches the states that come from outside — an event file damaged or edited by another tool, an imported
bundle — before the rest of the program (pairing, tie-breaks, printing) trips over them.

:func:`state_problems` returns every problem found, each as ``(English, French)``; an empty list means the state
is consistent.
"""

from __future__ import annotations

from collections.abc import Callable

from tournament_desk.core.model import EventState, Round

__all__ = ["state_problems"]

Problem = tuple[str, str]


def _points_ok(white: int | None, black: int | None) -> bool:
    if white is None or black is None:
        return white is None and black is None
    return white >= 0 and black >= 0


def _round_ok(rnd: Round, ids: set[int]) -> bool:
    """The usual case, checked with sets in one pass: a consistent round."""
    number = rnd.number
    people = [g.white_id for g in rnd.games] + [g.black_id for g in rnd.games] + [b.player_id for b in rnd.byes]
    boards = {g.board for g in rnd.games}
    return (len(set(people)) == len(people) and ids.issuperset(people) and len(boards) == len(rnd.games)
            and min(boards, default=1) >= 1 and all(g.round == number for g in rnd.games)
            and all(b.round == number for b in rnd.byes)
            and all(_points_ok(g.white_points, g.black_points) for g in rnd.games
                    if g.white_points is not None or g.black_points is not None))


def state_problems(state: EventState, *, limit: int = 20) -> list[Problem]:
    """The event's inconsistencies, at most ``limit`` of them (an empty list when it is consistent)."""
    problems: list[Problem] = []

    def add(en: str, fr: str) -> bool:
        problems.append((en, fr))
        return len(problems) >= limit

    ids: set[int] = set()
    numbers: dict[int, int] = {}
    for p in state.players:
        if p.id in ids:
            if add(f"two players have the id {p.id}", f"deux joueurs ont l'identifiant {p.id}"):
                return problems
        ids.add(p.id)
        if p.pairing_number is not None:
            if p.pairing_number in numbers:
                if add(f"players {numbers[p.pairing_number]} and {p.id} have the same pairing number "
                       f"{p.pairing_number}",
                       f"les joueurs {numbers[p.pairing_number]} et {p.id} ont le même numéro d'appariement "
                       f"{p.pairing_number}"):
                    return problems
            numbers[p.pairing_number] = p.id
    system = state.event.system
    numbered = len(numbers) == len(state.players)
    if state.rounds and system.is_round_robin and numbered and sorted(numbers) != list(range(1, len(numbers) + 1)):
        if add("the round robin is under way but its pairing numbers are not 1 to "
               f"{len(state.players)}, each given once",
               "le toutes-rondes a commencé mais ses numéros d'appariement ne sont pas 1 à "
               f"{len(state.players)}, chacun une fois"):
            return problems
    for r in state.requests:
        if r.player_id not in ids:
            if add(f"a bye is requested in round {r.round} for player {r.player_id}, who is not registered",
                   f"une exemption est demandée à la ronde {r.round} pour le joueur {r.player_id}, qui n'est pas "
                   "inscrit"):
                return problems
    for a, b in state.forbidden_pairs:
        if a not in ids or b not in ids or a == b:
            if add(f"the pair {a}-{b} that must not meet names a player who is not registered (or twice the same)",
                   f"la paire {a}-{b} à ne pas apparier nomme un joueur non inscrit (ou deux fois le même)"):
                return problems
    if state.top_cut is not None:
        named = set(state.top_cut.seeds) | {x for _, w, v in state.top_cut.playoffs for x in (w, v)}
        if not named <= ids:
            if add(f"the top cut names players {sorted(named - ids)[:5]}, who are not registered",
                   f"le top cut nomme les joueurs {sorted(named - ids)[:5]}, qui ne sont pas inscrits"):
                return problems
    if len(state.rounds) > state.event.rounds:
        if add(f"{len(state.rounds)} rounds are paired but the event has {state.event.rounds}",
               f"{len(state.rounds)} rondes sont appariées mais le tournoi en compte {state.event.rounds}"):
            return problems
    for expected, rnd in enumerate(state.rounds, start=1):
        if rnd.number != expected:
            if add(f"round {rnd.number} is stored where round {expected} should be (rounds are numbered 1, 2, 3…)",
                   f"la ronde {rnd.number} est enregistrée à la place de la ronde {expected} (les rondes sont "
                   "numérotées 1, 2, 3…)"):
                return problems
        if _round_ok(rnd, ids):
            continue
        if _round_problems(rnd, ids, add):
            return problems
    return problems


def _round_problems(rnd: Round, ids: set[int], report: Callable[[str, str], bool]) -> bool:
    """Name each problem of an inconsistent round; True when the limit was reached."""
    boards: set[int] = set()
    for g in rnd.games:
        if g.board < 1 or g.board in boards:
            if report(f"round {rnd.number}: board number {g.board} is invalid or used twice",
                      f"ronde {rnd.number} : le numéro de table {g.board} est invalide ou utilisé deux fois"):
                return True
        boards.add(g.board)
        if not _points_ok(g.white_points, g.black_points):
            if report(f"round {rnd.number} board {g.board}: the game points are incomplete or negative",
                      f"ronde {rnd.number} table {g.board} : les points de partie sont incomplets ou négatifs"):
                return True
    entries = [(g.round, g.board, pid) for g in rnd.games for pid in g.players()]
    entries += [(b.round, None, b.player_id) for b in rnd.byes]
    seen: set[int] = set()
    for round_number, board, pid in entries:
        where_en = f"round {rnd.number}" + (f" board {board}" if board is not None else " (bye)")
        where_fr = f"ronde {rnd.number}" + (f" table {board}" if board is not None else " (exemption)")
        if round_number != rnd.number:
            if report(f"{where_en} is recorded as belonging to round {round_number}",
                      f"{where_fr} est enregistrée comme appartenant à la ronde {round_number}"):
                return True
        if pid not in ids:
            if report(f"{where_en} names player {pid}, who is not registered",
                      f"{where_fr} nomme le joueur {pid}, qui n'est pas inscrit"):
                return True
        elif pid in seen:
            if report(f"player {pid} appears twice in round {rnd.number}",
                      f"le joueur {pid} apparaît deux fois dans la ronde {rnd.number}"):
                return True
        seen.add(pid)
    return False
