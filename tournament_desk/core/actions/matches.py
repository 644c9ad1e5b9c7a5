"""Team matches: the team round robin paired from the Berger tables, line-ups, forfeited matches, board results.

* Pairing (FIDE C.05 annex 1; FFJD, Règlement du Classement National annexe A for draughts): the same grids as an
  individual round robin, over the teams' pairing numbers; the first-named number of each pairing is the home
  team (white on odd boards in chess by default). An odd number of teams: the team drawn against the extra
  number has no match that round.
* A line-up (the captain's, before the match): roster players at the boards, checked against the event's board
  order rule; a board may be left empty (that board is lost by forfeit: a warning, not a refusal). When both
  teams of a match have given theirs, the match's games exist (:func:`core.teams.boards.games_of`).
* A board result is entered home team first (``1-0``: the home team's player won), stored as the game's result:
  one board, one action, one undo step.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tournament_desk.core.actions.rounds import add_round, record_result
from tournament_desk.core.actions.step import Step, Text, chain, step
from tournament_desk.core.errors import NotFoundError, ResultError, StateError, ValidationError
from tournament_desk.core.formatting import format_score
from tournament_desk.core.ids import PlayerId
from tournament_desk.core.messages import Formatted, Msg, msg
from tournament_desk.core.model import EventState, PairingSystem, Round
from tournament_desk.core.pairing import berger
from tournament_desk.core.results import Discipline, GameResult, format_game_result, parse_game_result
from tournament_desk.core.teams.boards import games_of, match_boards, rules_of, table_of
from tournament_desk.core.teams.model import Lineup, Team, TeamMatch
from tournament_desk.core.teams.scores import match_score

__all__ = ["forfeit_match", "order_problem", "pair_team_round", "record_board_result", "schedule_for_teams",
           "set_lineup", "set_lineups", "unfinished_matches"]


def schedule_for_teams(state: EventState) -> berger.RoundRobinSchedule:
    """The event's grid over its teams (FMJD board order for draughts)."""
    n = len(state.teams)
    if n < 2:
        raise StateError(msg("A team round robin needs at least 2 teams"))
    order: berger.Order = "fmjd" if state.event.discipline is Discipline.DRAUGHTS else "fide"
    return berger.RoundRobinSchedule.build(n, order=order,
                                           double=state.event.system is PairingSystem.DOUBLE_ROUND_ROBIN)


def _teams_by_number(state: EventState) -> dict[int, Team]:
    numbers = sorted(t.pairing_number for t in state.teams if t.pairing_number is not None)
    if numbers != list(range(1, len(state.teams) + 1)):
        raise StateError(msg("Number the teams first (their initial order, a draw of lots or by hand)"))
    return {t.pairing_number: t for t in state.teams if t.pairing_number is not None}


def unfinished_matches(state: EventState, round_number: int) -> list[TeamMatch]:
    games = {g.board: g for g in state.round(round_number).games}
    return [m for m in state.matches_in(round_number) if not match_score(state, m, games).finished]


def pair_team_round(state: EventState, *, force: bool = False) -> Step[None]:
    """Pair the next round of the team round robin from the grid: its matches, home team first. Refused while a
    match of the last round is unfinished, unless ``force`` (the arbiter confirmed). Round 1 sets the event's
    number of rounds to the grid's."""
    rules = rules_of(state)
    if state.rounds and not force:
        waiting = unfinished_matches(state, state.last_round)
        if waiting:
            raise StateError(msg("Round {number} still has unfinished matches ({matches}); enter their line-ups and "
                                 "results or confirm", number=state.last_round,
                                 matches=", ".join(str(m.number) for m in waiting)))
    schedule = schedule_for_teams(state)
    by_number = _teams_by_number(state)
    number = state.last_round + 1
    if number == 1 and state.event.rounds != len(schedule.rounds):
        state = dataclasses.replace(state, event=dataclasses.replace(state.event, rounds=len(schedule.rounds)))
    if number > len(schedule.rounds):
        raise StateError(msg("Every round of the grid is already paired"))
    matches: list[TeamMatch] = []
    for home_no, away_no in schedule.rounds[number - 1]:
        if schedule.exempt in (home_no, away_no):
            continue
        matches.append(TeamMatch(number, len(matches) + 1, by_number[home_no].id, by_number[away_no].id))
    added = add_round(state, Round(number), msg("Pair round {number}", number=number))
    new = dataclasses.replace(added.state, matches=(*added.state.matches, *matches))
    notes: list[Text] = []
    for t in state.teams:
        if len(t.members) < rules.boards:
            notes.append(msg("{team} has {n} player(s) for {boards} boards: its empty boards will be lost by forfeit",
                             team=t.name, n=len(t.members), boards=rules.boards))
    return Step(new, added.label, tuple(notes), None)


def order_problem(state: EventState, team: Team, players: Sequence[PlayerId | None]) -> Msg | None:
    """Why a line-up breaks the event's board order rule (:attr:`TeamRules.board_order`), None when it follows it."""
    rules = rules_of(state)
    seated = [(board, pid) for board, pid in enumerate(players, start=1) if pid is not None]
    if rules.board_order == "roster":
        for (b1, p1), (b2, p2) in itertools.pairwise(seated):
            if (team.position(p1) or 0) > (team.position(p2) or 0):
                return msg("The line-up of {team} is out of board order: {below} (roster no. {pos1}) sits at board "
                           "{b1}, above {above} (roster no. {pos2}) at board {b2}", team=team.name,
                           below=state.player(p1).name, pos1=team.position(p1), b1=b1,
                           above=state.player(p2).name, pos2=team.position(p2), b2=b2)
    elif rules.board_order == "rating":
        system = state.event.rating_system
        rating = {pid: state.player(pid).rating(system) or rules.unrated_rating for _, pid in seated}
        for i, (b1, p1) in enumerate(seated):
            for b2, p2 in seated[i + 1:]:
                if rating[p2] - rating[p1] > rules.rating_tolerance:
                    return msg("The line-up of {team} is out of board order: {low} ({r1}) sits at board {b1}, above "
                               "{high} ({r2}) at board {b2}, more than {tolerance} rating points higher",
                               team=team.name, low=state.player(p1).name, r1=rating[p1], b1=b1,
                               high=state.player(p2).name, r2=rating[p2], b2=b2, tolerance=rules.rating_tolerance)
    return None


def _match_of(state: EventState, round_number: int, team_id: int) -> TeamMatch:
    state.round(round_number)
    for m in state.matches_in(round_number):
        if team_id in m.teams():
            return m
    raise StateError(msg("{team} has no match in round {round}", team=state.team(team_id).name, round=round_number))


def set_lineup(state: EventState, round_number: int, team_id: int, players: Sequence[int | None]) -> Step[None]:
    """The line-up of ``team_id`` for ``round_number``: ``players[i]`` at board i + 1 (None: the board left empty,
    lost by forfeit). Refused: a player not in the team's roster (or in another team's), a player twice, more
    players than boards, a line-up out of the event's board order, a change to a board whose result is entered."""
    rules = rules_of(state)
    team = state.team(team_id)
    match = _match_of(state, round_number, team.id)
    if match.forfeit:
        raise StateError(msg("Match {number} of round {round} is forfeited: it has no line-ups", number=match.number,
                             round=round_number))
    given = [None if p is None else PlayerId(int(p)) for p in players]
    if len(given) > rules.boards:
        raise ValidationError(msg("The line-up of {team} names {n} players for {boards} boards", team=team.name,
                                  n=len(given), boards=rules.boards))
    seated = [p for p in given if p is not None]
    if not seated:
        raise ValidationError(msg("The line-up of {team} names no player: forfeit the match instead",
                                  team=team.name))
    seen: set[int] = set()
    for pid in seated:
        player = state.player(pid)
        if pid in seen:
            raise ValidationError(msg("{name} sits at two boards of the line-up of {team}", name=player.name,
                                      team=team.name))
        seen.add(pid)
        owner = state.team_of(pid)
        if owner is None or owner.id != team.id:
            where = msg("plays for {other}", other=owner.name) if owner is not None else msg("is in no roster")
            raise ValidationError(msg("{name} is not in the roster of {team} ({where}): a player plays for one team",
                                      name=player.name, team=team.name, where=where))
        if not player.is_active_in(round_number):
            raise ValidationError(msg("{name} withdrew from round {round} on", name=player.name,
                                      round=player.withdrawn_from_round))
    problem = order_problem(state, team, given)
    if problem is not None:
        raise ValidationError(problem)
    lineup = Lineup(round_number, team.id, (*given, *[None] * (rules.boards - len(given))))
    lineups = (*(x for x in state.lineups if not (x.round == round_number and x.team == team.id)), lineup)
    new = dataclasses.replace(state, lineups=tuple(sorted(lineups, key=lambda x: (x.round, x.team))))
    new = _rebuild_games(state, new, match)
    notes: list[Text] = []
    empty = [str(b) for b, p in enumerate(lineup.players, start=1) if p is None]
    if empty:
        notes.append(msg("{team} leaves board(s) {boards} empty: lost by forfeit", team=team.name,
                         boards=", ".join(empty)))
    return Step(new, msg("Line-up of {team}, round {round}", team=team.name, round=round_number), tuple(notes), None)


def set_lineups(state: EventState, round_number: int, lineups: Mapping[int, Sequence[int | None]]) -> Step[None]:
    """The line-ups of several teams for ``round_number`` as one action (both teams of a match, from the GUI's
    line-up dialog): each checked as :func:`set_lineup` checks it, in the order given; all or nothing."""
    if not lineups:
        raise ValidationError(msg("No line-up to save"))
    names = [state.team(team_id).name for team_id in lineups]
    label = (msg("Line-up of {team}, round {round}", team=names[0], round=round_number) if len(names) == 1
             else msg("Line-ups of {teams}, round {round}", teams=", ".join(names), round=round_number))
    steps: list[Callable[[EventState], Step[Any]]] = [
        functools.partial(set_lineup, round_number=round_number, team_id=team_id, players=players)
        for team_id, players in lineups.items()]
    return chain(state, steps, label, None)


def _rebuild_games(before: EventState, new: EventState, match: TeamMatch) -> EventState:
    """The round's games with those of ``match`` made again from its line-ups (none until both are given);
    refused when a game that has a result would change."""
    rules = rules_of(new)
    rnd = new.round(match.round)
    tables = {table_of(rules, match.number, b) for b in range(1, rules.boards + 1)}
    home, away = new.lineup(match.round, match.home), new.lineup(match.round, match.away)
    wanted = games_of(new, match, home, away) if home is not None and away is not None else []
    kept = {g.board: g for g in wanted}
    for g in rnd.games:
        if g.board in tables and g.result is not None and kept.get(g.board) != g:
            b = g.board - table_of(rules, match.number, 0)
            raise StateError(msg("Board {board} of match {number} already has its result ({result}): clear it before "
                                 "changing who sits there", board=b, number=match.number,
                                 result=format_game_result(g.result, new.event.discipline)))
    games = tuple(sorted([g for g in rnd.games if g.board not in tables] + wanted, key=lambda g: g.board))
    rounds = tuple(dataclasses.replace(r, games=games) if r.number == rnd.number else r for r in new.rounds)
    return dataclasses.replace(new, rounds=rounds)


def forfeit_match(state: EventState, round_number: int, match_number: int, side: str) -> Step[None]:
    """A whole match forfeited (a team did not come): ``home``, ``away``, ``both``, or ``""`` to cancel. Its
    line-ups and games go (refused while a board has a result)."""
    rules_of(state)
    match = state.match(round_number, match_number)
    if side not in ("", "home", "away", "both"):
        raise ValidationError(msg("A match is forfeited by home, away or both, not '{value}'", value=side))
    results = [b for b in match_boards(state, match) if b.game is not None and b.game.result is not None]
    if side and results:
        raise StateError(msg("Match {number} of round {round} already has results: clear them first",
                             number=match.number, round=round_number))
    updated = dataclasses.replace(match, forfeit=side)
    matches = tuple(updated if m is match else m for m in state.matches)
    new = dataclasses.replace(state, matches=matches)
    if side:
        new = dataclasses.replace(new, lineups=tuple(x for x in new.lineups if not (
            x.round == round_number and x.team in match.teams())))
        new = _rebuild_games(state, new, updated)
    home, away = state.team(match.home).name, state.team(match.away).name
    if not side:
        label = msg("Round {round}, {home} - {away}: the forfeit is cancelled", round=round_number, home=home,
                    away=away)
    else:
        who = {"home": home, "away": away, "both": msg("both teams")}[side]
        label = msg("Round {round}, {home} - {away}: forfeited by {who}", round=round_number, home=home, away=away,
                    who=who)
    return step(new, label)


def record_board_result(state: EventState, round_number: int, match_number: int, board: int,
                        result: GameResult | str | None, *, replace: bool = False) -> Step[None]:
    """The result of one board of a match, written home team first (``1-0``: the home player won; ``None``
    clears it). Refused on a board without a game (a line-up not given, a board left empty) with what to do."""
    rules = rules_of(state)
    match = state.match(round_number, match_number)
    if not 1 <= board <= rules.boards:
        raise NotFoundError(msg("A match has boards 1 to {boards}, not {board}", boards=rules.boards, board=board))
    home, away = state.team(match.home), state.team(match.away)
    if match.forfeit:
        raise ResultError(msg("Match {number} of round {round} is forfeited: it has no board results",
                              number=match.number, round=round_number))
    at = match_boards(state, match)[board - 1]
    missing = [t.name for t in (home, away) if state.lineup(round_number, t.id) is None]
    if missing:
        raise ResultError(msg("Board {board} of {home} - {away} has no game yet: the line-up of {teams} is missing",
                              board=board, home=home.name, away=away.name, teams=", ".join(missing)))
    if at.game is None:
        empty = [t.name for t, pid in ((home, at.home), (away, at.away)) if pid is None]
        raise ResultError(msg("Board {board} of {home} - {away} is empty ({teams} named no player there): it is lost "
                              "by forfeit, without a result to enter", board=board, home=home.name, away=away.name,
                              teams=" and ".join(empty)))
    discipline = state.event.discipline
    typed = parse_game_result(result, discipline) if isinstance(result, str) and not isinstance(
        result, GameResult) else result
    stored = None if typed is None else typed if at.home_colour == "W" else typed.mirrored()
    done = record_result(state, round_number, at.table, stored, replace=replace)
    shown = format_game_result(typed, discipline) if typed is not None else "—"
    home_player, away_player = state.player(at.home or 0), state.player(at.away or 0)
    after = match_score(done.state, match)
    label = msg("Round {round}, {home} - {away}, board {board}: {home_player} - {away_player} {shown} ({score})",
                round=round_number, home=home.name, away=away.name, board=board, home_player=home_player.surname,
                away_player=away_player.surname, shown=shown,
                score=msg("{home_points}-{away_points}", home_points=Formatted(after.home, format_score),
                          away_points=Formatted(after.away, format_score)))
    return step(done.state, label)
