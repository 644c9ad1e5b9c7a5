"""The rounds of a TRF-2026 team file read as matches: which teams met, who sat at which board, the results.

A team file (TRF-2026, Team Section) gives each team's players in board order (``310``, or ``013``), and each board
game in the players' ``001`` lines. Its rounds are read here as team matches:

* Which teams met in a round: the teams of two players who met (their ``001`` round blocks name each other), a
  ``300`` record's team and its scheduled opponent, a ``330`` forfeited match's White and Black teams. A team meets
  at most one other team in a round, and two players of one team never meet.
* Who sat at which board (a line-up): the ``300`` record (TRF-2026, Out-Of-(default)Order: "required when a team
  plays in a different board order than defined in record 310, or plays with an unoccupied board"), each board's
  player or ``0000`` for an unoccupied board; without one, the team played in the order of its ``310`` record: its
  players who played the round (a game against the other team, or a forfeit win ``+`` without an opponent, the
  board the other team left empty), in that order, sit at boards 1, 2...
* The home (first-named) team: the team whose player at a board has the colour record ``352`` gives that board
  (``WBWB``: the first-named team has White on board 1); without ``352``, ``WB`` (White on odd boards, the chess
  default). Every board of a match must agree. A forfeited match (``330``) names its White team first.
* The team given the pairing-allocated bye: record ``320`` for the round, or a team whose players all have ``U``.

Every inconsistency is a :class:`~tournament_desk.formats.trf.TrfError` naming the line and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tournament_desk.formats.trf import TrfError, TrfPlayer, TrfRoundEntry, TrfTournament, played_rounds

__all__ = ["TrfMatch", "TrfMatchBoard", "TrfTeamRound", "board_colours", "team_rounds"]


@dataclass(frozen=True)
class TrfMatchBoard:
    """One board of a match: the starting ranks of the home and the away player (None: the board left empty) and
    each one's result code as the file writes it (``""``: no result yet, or nobody there)."""

    board: int
    home: int | None
    away: int | None
    home_code: str = ""
    away_code: str = ""


@dataclass(frozen=True)
class TrfMatch:
    """Two teams meeting in a round (their pairing numbers, home first). ``forfeit`` is the ``330`` record's type
    (``+-``: won by the home team, ``-+``: by the away team, ``--``: double forfeit), ``""`` for a match played;
    ``home_lineup``/``away_lineup`` the line-ups (starting ranks by board, None: unoccupied), None when the file
    gives none for that team; ``sides_known``: the file says which team is home (a game's colours, a ``330``)."""

    round: int
    home: int
    away: int
    forfeit: str = ""
    home_lineup: tuple[int | None, ...] | None = None
    away_lineup: tuple[int | None, ...] | None = None
    boards: tuple[TrfMatchBoard, ...] = ()
    sides_known: bool = True
    line: int = field(default=0, compare=False)
    """A line of the file that tells of the match (a player's 001 record, a 300 or 330 record)."""


@dataclass(frozen=True)
class TrfTeamRound:
    """A round of the team file: its matches and the team given the pairing-allocated bye (None: none)."""

    number: int
    matches: tuple[TrfMatch, ...]
    bye: int | None = None


def board_colours(trf: TrfTournament) -> str:
    """The first-named team's colours on boards 1, 2... (record ``352``, upper case), ``""`` when not given."""
    return "".join((trf.headers.get("352") or [""])[0].split()).upper()


def _column(r: int) -> int:
    return 92 + 10 * (r - 1)


def _entry(p: TrfPlayer, r: int) -> TrfRoundEntry:
    return p.rounds[r - 1] if len(p.rounds) >= r else TrfRoundEntry()


def _rounds_in_file(trf: TrfTournament) -> int:
    last = played_rounds(trf)
    for lineup in trf.lineups:
        last = max(last, lineup.round)
    for forfeit in trf.forfeits:
        last = max(last, forfeit.round)
    for bye in trf.team_byes:
        last = max(last, max((r for r, t in enumerate(bye.teams, start=1) if t), default=0))
    return last


def team_rounds(trf: TrfTournament) -> list[TrfTeamRound]:
    """The rounds of the team file ``trf`` as matches (see the module's text); raises :class:`TrfError`."""
    if not trf.teams:
        raise TrfError(1, 1, "the file has no team record (310 or 013)")
    players: dict[int, TrfPlayer] = {int(p.start_rank): p for p in trf.players}
    team_of: dict[int, int] = {}
    numbers: set[int] = set()
    for team in trf.teams:
        if team.number in numbers:
            raise TrfError(team.line, 5, f"team pairing number {team.number} is repeated")
        numbers.add(team.number)
        for rank in team.players:
            if rank not in players:
                raise TrfError(team.line, 1, f"team {team.number} names starting rank {rank}, which no 001 record has")
            if rank in team_of:
                raise TrfError(team.line, 1, f"player {rank} is in teams {team_of[rank]} and {team.number}: a player "
                               "belongs to one team")
            team_of[rank] = team.number
    roster = {t.number: list(t.players) for t in trf.teams}
    colours = board_colours(trf)
    if set(colours) - {"W", "B"}:
        raise TrfError(trf.lines.get("352", 1), 5,
                       f"the board colours (352) are W and B letters, found {colours[:20]!r}")
    for lineup in trf.lineups:
        for number, column in ((lineup.team, 9), (lineup.opponent, 13)):
            if number not in numbers:
                raise TrfError(lineup.line, column, f"team {number} has no team record (310 or 013)")
        for board, seat in enumerate(lineup.players, start=1):
            if seat is not None and team_of.get(seat) != lineup.team:
                raise TrfError(lineup.line, 17 + 5 * (board - 1), f"player {seat} at board {board} is not in team "
                               f"{lineup.team}'s record")
    for forfeit in trf.forfeits:
        for number, column in ((forfeit.white, 12), (forfeit.black, 16)):
            if number not in numbers:
                raise TrfError(forfeit.line, column, f"team {number} has no team record (310 or 013)")
    for bye in trf.team_byes:
        for r, number in enumerate(bye.teams, start=1):
            if number and number not in numbers:
                raise TrfError(bye.line, 15 + 4 * (r - 1), f"team {number} has no team record (310 or 013)")
    return [_round(trf, r, players, team_of, roster, colours) for r in range(1, _rounds_in_file(trf) + 1)]


def _round(trf: TrfTournament, r: int, players: dict[int, TrfPlayer], team_of: dict[int, int],
           roster: dict[int, list[int]], colours: str) -> TrfTeamRound:
    col = _column(r)
    opponent_of: dict[int, tuple[int, int]] = {}  # team -> (opposing team, the line that says so)

    def meet(a: int, b: int, line: int, column: int) -> None:
        for x, y in ((a, b), (b, a)):
            known = opponent_of.get(x)
            if known is not None and known[0] != y:
                raise TrfError(line, column, f"round {r}: team {x} meets team {y}, but line {known[1]} has it meet "
                               f"team {known[0]}: a team plays one match a round")
            if known is None:
                opponent_of[x] = (y, line)

    for p in trf.players:
        e = _entry(p, r)
        if p.start_rank not in team_of:
            if e.opponent is not None or e.result in ("1", "0", "=", "+", "-", "W", "D", "L"):
                raise TrfError(p.line, col, f"round {r}: player {p.start_rank} plays but is in no team record")
            continue
        if e.opponent is None:
            continue
        facing = players.get(e.opponent)
        if facing is None:
            raise TrfError(p.line, col, f"round {r}: opponent {e.opponent} has no player record (001)")
        if _entry(facing, r).opponent != p.start_rank:
            raise TrfError(p.line, col, f"round {r}: player {p.start_rank} meets {e.opponent}, whose line "
                           f"{facing.line} does not name {p.start_rank}")
        mine, theirs = team_of[p.start_rank], team_of.get(e.opponent)
        if theirs is None:
            raise TrfError(p.line, col, f"round {r}: opponent {e.opponent} is in no team record")
        if mine == theirs:
            raise TrfError(p.line, col, f"round {r}: players {p.start_rank} and {e.opponent} of team {mine} meet")
        meet(mine, theirs, p.line, col)
    forfeits = {}
    for f in trf.forfeits:
        if f.round == r:
            meet(f.white, f.black, f.line, 12)
            forfeits[frozenset((f.white, f.black))] = f
    given: dict[int, tuple[int | None, ...]] = {}
    for lineup in trf.lineups:
        if lineup.round == r:
            if lineup.team in given:
                raise TrfError(lineup.line, 9, f"round {r}: a second 300 record for team {lineup.team}")
            meet(lineup.team, lineup.opponent, lineup.line, 13)
            given[lineup.team] = lineup.players

    bye: int | None = None
    for record in trf.team_byes:
        if len(record.teams) >= r and record.teams[r - 1]:
            bye = record.teams[r - 1]
            if bye in opponent_of:
                raise TrfError(record.line, 15 + 4 * (r - 1), f"round {r}: team {bye} has the pairing-allocated bye "
                               f"(320) and meets team {opponent_of[bye][0]}")
    if bye is None:
        for number, members in roster.items():
            if number not in opponent_of and members and all(_entry(players[m], r).result == "U" for m in members):
                bye = number

    matches: list[TrfMatch] = []
    seen: set[int] = set()
    for team in sorted(opponent_of):
        if team in seen:
            continue
        other = opponent_of[team][0]
        seen.update((team, other))
        forfeit = forfeits.get(frozenset((team, other)))
        if forfeit is not None:
            kind = forfeit.kind
            for number in (team, other):
                if number in given or any(_entry(players[m], r).opponent is not None for m in roster[number]):
                    raise TrfError(forfeit.line, 1, f"round {r}: the match of teams {forfeit.white} and "
                                   f"{forfeit.black} is forfeited (330), yet team {number} has a line-up or games")
            matches.append(TrfMatch(r, forfeit.white, forfeit.black, kind, line=forfeit.line))
            continue
        matches.append(replace(_match(r, team, other, given, players, roster, colours), line=opponent_of[team][1]))
    return TrfTeamRound(r, tuple(matches), bye)


def _played_by(team: int, other: int, r: int, players: dict[int, TrfPlayer], roster: dict[int, list[int]],
               ) -> list[int]:
    """The team's players who played round ``r`` against ``other`` (or won a board left empty), roster order."""
    out = []
    for rank in roster[team]:
        e = _entry(players[rank], r)
        if e.opponent is not None and e.opponent in roster[other]:
            out.append(rank)
        elif e.opponent is None and e.result == "+":
            out.append(rank)
    return out


def _match(r: int, a: int, b: int, given: dict[int, tuple[int | None, ...]], players: dict[int, TrfPlayer],
           roster: dict[int, list[int]], colours: str) -> TrfMatch:
    """The match of teams ``a`` and ``b`` in round ``r``: line-ups, boards, and which team is home."""
    col = _column(r)
    lineup_a, lineup_b = given.get(a), given.get(b)
    if lineup_a is None and lineup_b is None:
        played_a, played_b = _played_by(a, b, r, players, roster), _played_by(b, a, r, players, roster)
        if played_a or played_b:
            boards_a: list[int | None] = []
            boards_b: list[int | None] = []
            for rank in played_a:  # board order: team a's record order, its opponent facing it
                e = _entry(players[rank], r)
                boards_a.append(rank)
                boards_b.append(e.opponent)
            for rank in played_b:
                if rank not in boards_b:  # a board team a left empty
                    boards_a.append(None)
                    boards_b.append(rank)
            lineup_a, lineup_b = tuple(boards_a), tuple(boards_b)
    elif lineup_a is None or lineup_b is None:  # one line-up given: the other faces it
        known, x, y = (lineup_a, a, b) if lineup_a is not None else (lineup_b, b, a)
        assert known is not None
        played_y = _played_by(y, x, r, players, roster)
        if played_y:
            spare = [rank for rank in played_y if _entry(players[rank], r).opponent is None]
            derived: list[int | None] = []
            for seat in known:
                if seat is None:
                    derived.append(spare.pop(0) if spare else None)
                else:
                    opponent = _entry(players[seat], r).opponent
                    derived.append(opponent if opponent is not None and opponent in roster[y] else None)
            if lineup_a is None:
                lineup_a = tuple(derived)
            else:
                lineup_b = tuple(derived)
    for team, other, lineup in ((a, b, lineup_a), (b, a, lineup_b)):
        for rank in _played_by(team, other, r, players, roster):
            if lineup is None or rank not in lineup:
                raise TrfError(players[rank].line, col, f"round {r}: player {rank} of team {team} plays, but the "
                               f"line-up of team {team} (300) does not seat him")
    boards: list[TrfMatchBoard] = []
    home_is_a: bool | None = None
    if lineup_a is not None and lineup_b is not None:
        for board in range(1, max(len(lineup_a), len(lineup_b)) + 1):
            pa = lineup_a[board - 1] if board <= len(lineup_a) else None
            pb = lineup_b[board - 1] if board <= len(lineup_b) else None
            ea = _entry(players[pa], r) if pa is not None else TrfRoundEntry()
            eb = _entry(players[pb], r) if pb is not None else TrfRoundEntry()
            if pa is not None and pb is not None:
                if ea.opponent != pb:
                    raise TrfError(players[pa].line, col, f"round {r}: board {board} of teams {a} and {b} seats "
                                   f"players {pa} and {pb}, but player {pa} meets "
                                   f"{ea.opponent if ea.opponent is not None else 'nobody'}")
                if ea.colour in ("w", "b"):
                    sequence = colours or "WB"
                    expected = sequence[(board - 1) % len(sequence)]
                    a_home = (ea.colour == "w") == (expected == "W")
                    if home_is_a is not None and a_home != home_is_a:
                        raise TrfError(players[pa].line, col + 5, f"round {r}: the colours of board {board} do not "
                                       f"follow the board colours {sequence} (record 352) as the other boards do")
                    home_is_a = a_home
            else:
                for seat, entry in ((pa, ea), (pb, eb)):
                    if seat is not None and entry.opponent is not None:
                        raise TrfError(players[seat].line, col, f"round {r}: player {seat} sits at board {board}, "
                                       f"left empty by the other team, yet meets {entry.opponent}")
            boards.append(TrfMatchBoard(board, pa, pb, ea.result, eb.result))
    home, away = (a, b) if home_is_a is not False else (b, a)
    if home != a:
        lineup_a, lineup_b = lineup_b, lineup_a
        boards = [TrfMatchBoard(x.board, x.away, x.home, x.away_code, x.home_code) for x in boards]
    return TrfMatch(r, home, away, "", lineup_a, lineup_b, tuple(boards), sides_known=home_is_a is not None)
