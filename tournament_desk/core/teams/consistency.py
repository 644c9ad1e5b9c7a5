"""What spans a team event's teams, rosters, matches, line-ups and games, checked when a file is opened (a file
edited by another tool, a bundle read back): :func:`team_problems`, called by
:func:`tournament_desk.core.consistency.state_problems`."""

from __future__ import annotations

from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.model import EventState
from tournament_desk.core.teams.boards import table_of

__all__ = ["team_problems"]


def team_problems(state: EventState) -> list[Msg]:
    """The team layer's inconsistencies (an empty list when there are none)."""
    rules = state.event.team
    if rules is None:
        if state.teams or state.matches or state.lineups:
            return [msg("an individual event holds teams, team matches or line-ups")]
        return []
    problems: list[Msg] = []
    ids = {p.id for p in state.players}
    owner: dict[int, int] = {}
    numbers: set[int] = set()
    for t in state.teams:
        for pid in t.members:
            if pid not in ids:
                problems.append(msg("the roster of team {team} names player {player_id}, who is not registered",
                                    team=t.id, player_id=pid))
            elif pid in owner:
                problems.append(msg("player {player_id} is in the rosters of teams {first} and {second}",
                                    player_id=pid, first=owner[pid], second=t.id))
            owner[pid] = t.id
        if t.pairing_number is not None:
            if t.pairing_number in numbers:
                problems.append(msg("two teams have the pairing number {number}", number=t.pairing_number))
            numbers.add(t.pairing_number)
    teams = {t.id for t in state.teams}
    rounds = {r.number for r in state.rounds}
    playing: dict[tuple[int, int], int] = {}
    for m in state.matches:
        if m.round not in rounds or m.home not in teams or m.away not in teams:
            problems.append(msg("match {number} of round {round} names a round or a team that does not exist",
                                number=m.number, round=m.round))
            continue
        for t in m.teams():
            if (m.round, t) in playing:
                problems.append(msg("team {team} plays two matches in round {round}", team=t, round=m.round))
            playing[(m.round, t)] = m.number
    for x in state.lineups:
        if (x.round, x.team) not in playing:
            problems.append(msg("team {team} has a line-up in round {round} but no match there", team=x.team,
                                round=x.round))
            continue
        if len(x.players) != rules.boards:
            problems.append(msg("the line-up of team {team} in round {round} has {n} boards, not {boards}",
                                team=x.team, round=x.round, n=len(x.players), boards=rules.boards))
        for pid in x.players:
            if pid is not None and owner.get(pid) != x.team:
                problems.append(msg("the line-up of team {team} in round {round} names player {player_id}, who "
                                    "is not in its roster", team=x.team, round=x.round, player_id=pid))
    if problems:
        return problems
    lineups = {(x.round, x.team): x for x in state.lineups}
    for rnd in state.rounds:
        expected: dict[int, tuple[int, int]] = {}
        for m in state.matches_in(rnd.number):
            home, away = lineups.get((m.round, m.home)), lineups.get((m.round, m.away))
            if home is None or away is None or m.forfeit:
                continue
            for b in range(1, rules.boards + 1):
                h, a = home.players[b - 1], away.players[b - 1]
                if h is not None and a is not None:
                    pair = (h, a) if rules.colour_of_home(b) == "W" else (a, h)
                    expected[table_of(rules, m.number, b)] = pair
        stored = {g.board: (g.white_id, g.black_id) for g in rnd.games}
        if stored != expected:
            wrong = sorted(b for b in stored.keys() | expected.keys() if stored.get(b) != expected.get(b))
            problems.append(msg("round {round}: the games at boards {boards} do not follow the matches' line-ups",
                                round=rnd.number, boards=", ".join(str(b) for b in wrong[:5])))
        if rnd.byes:
            problems.append(msg("round {round} of a team event holds individual byes", round=rnd.number))
    return problems
