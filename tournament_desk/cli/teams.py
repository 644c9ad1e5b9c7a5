"""Team events on the command line: ``teams`` (add, list, roster, import, rules, number, forfeit), ``lineup``,
``matches``, and the team side of ``new``, ``pair``, ``result`` and ``standings`` (main.py and standings.py hand
a team event over to the functions here).

A team is named by its id, ``#N`` (its pairing number), its code or its name; a player by its id. Board results are
written home team first (``1-0``: the home team's player won), as on the match sheet.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tournament_desk.cli.output import emit as _emit
from tournament_desk.core.messages import msg, pmsg

if TYPE_CHECKING:
    from tournament_desk.core.model import EventState
    from tournament_desk.core.teams.model import Team, TeamRules

__all__ = ["add_team_parsers", "cmd_lineup", "cmd_matches", "cmd_teams", "pair_text", "result_on_board",
           "rules_from_args", "standings_for_teams"]


REASON_HELP = ("the reason for a change to a published round (a late entry, a line-up or result changed after the "
               "round was paired...): required for those changes, kept in the arbiter's log")


def add_team_parsers(subparsers: Any) -> None:
    """Register ``teams``, ``lineup`` and ``matches`` on the subparsers of main.py's parser."""
    t = subparsers.add_parser("teams", help="team events: teams, rosters, rules, numbering, forfeits")
    tsub = t.add_subparsers(dest="teams_command", required=True)
    ta = tsub.add_parser("add", help="register a team (its roster: player ids in board order)")
    ta.add_argument("file", type=Path)
    ta.add_argument("--reason", help=REASON_HELP)
    ta.add_argument("--name", required=True)
    ta.add_argument("--code", default="", help="a short code (at most 5 characters)")
    ta.add_argument("--club", default="")
    ta.add_argument("--federation", default="")
    ta.add_argument("--captain", default="")
    ta.add_argument("--members", default="", metavar="ID,ID,...", help="player ids in board order")
    ta.add_argument("--json", action="store_true")
    tl = tsub.add_parser("list", help="the teams, their average rating and rosters")
    tl.add_argument("file", type=Path)
    tl.add_argument("--json", action="store_true")
    tr = tsub.add_parser("roster", help="a team's roster in board order (player ids; past the boards: reserves)")
    tr.add_argument("file", type=Path)
    tr.add_argument("--reason", help=REASON_HELP)
    tr.add_argument("team", help="team id, #pairing number, code or name")
    tr.add_argument("players", nargs="+", type=int, metavar="ID")
    ti = tsub.add_parser("import", help="teams and their players from a CSV file (a 'team' column; board order "
                                        "as listed)")
    ti.add_argument("file", type=Path)
    ti.add_argument("--reason", help=REASON_HELP)
    ti.add_argument("csv", type=Path)
    ti.add_argument("--register-anyway", action="store_true", help="register possible duplicates anyway")
    ti.add_argument("--json", action="store_true")
    tu = tsub.add_parser("rules", help="show or change the event's team rules")
    tu.add_argument("file", type=Path)
    tu.add_argument("--reason", help=REASON_HELP)
    tu.add_argument("--set", action="append", default=[], metavar="RULE=VALUE",
                    help="boards, board_order (roster, rating, free), rating_tolerance, colours (WB...), "
                         "match_points (2,1,0,0), primary (MP, GP), tiebreaks (GP,DE,SBB), rating_boards, "
                         "unrated_rating, order_ties (name, lot), bye_points (MP,GP)")
    tu.add_argument("--preset", choices=["round-robin-team", "swiss-team"],
                    help="the tie-breaks the FFE annex « Départages » §3 recommends")
    tu.add_argument("--json", action="store_true")
    tn = tsub.add_parser("number", help="the teams' places in the grid")
    tn.add_argument("file", type=Path)
    tn.add_argument("--reason", help=REASON_HELP)
    how = tn.add_mutually_exclusive_group(required=True)
    how.add_argument("--rating", action="store_true", help="initial order: average rating of the top boards")
    how.add_argument("--lot", action="store_true", help="a draw of lots (its number: --seed)")
    how.add_argument("--set", nargs="+", metavar="TEAM=N", help="by hand")
    tn.add_argument("--seed", type=int)
    tf = tsub.add_parser("forfeit", help="a whole match forfeited (a team did not come)")
    tf.add_argument("file", type=Path)
    tf.add_argument("--reason", help=REASON_HELP)
    tf.add_argument("--round", type=int, required=True)
    tf.add_argument("--match", type=int, required=True)
    tf.add_argument("side", choices=["home", "away", "both", "none"], help="who forfeited (none: cancel)")

    lu = subparsers.add_parser("lineup", help="a team's line-up for a round (team events)")
    lu.add_argument("file", type=Path)
    lu.add_argument("--reason", help=REASON_HELP)
    lu.add_argument("--round", type=int, required=True)
    lu.add_argument("--team", required=True, help="team id, #pairing number, code or name")
    lu.add_argument("players", nargs="+", metavar="ID",
                    help="player ids from board 1 down; 0 leaves a board empty (lost by forfeit)")
    lu.add_argument("--json", action="store_true")

    ma = subparsers.add_parser("matches", help="the matches of a team event, board by board")
    ma.add_argument("file", type=Path)
    ma.add_argument("--round", type=int, help="one round (default: every round)")
    ma.add_argument("--json", action="store_true")



def _ids(text: str) -> list[int]:
    from tournament_desk.core.errors import ValidationError
    from tournament_desk.core.formatting import whole_number

    out = []
    for part in text.split(","):
        if not part.strip():
            continue
        number = whole_number(part.strip())
        if number is None:
            raise ValidationError(msg("'{text}' is not a player id", text=part.strip()))
        out.append(number)
    return out


# -- new --------------------------------------------------------------------------------------------------------
def add_new_team_options(p: argparse.ArgumentParser) -> None:
    """The options of ``new`` that make a team event."""
    p.add_argument("--team", action="store_true", help="a team event (team round robin, single or double)")
    p.add_argument("--boards", type=int, help="team event: boards per match (default 4)")
    p.add_argument("--board-order", choices=["roster", "rating", "free"],
                   help="team event: line-ups strictly in roster order (default), in rating order with "
                        "--rating-tolerance, or free")
    p.add_argument("--rating-tolerance", type=int)
    p.add_argument("--colours", help="team event: the home team's colours from board 1 (WB: white on odd boards)")
    p.add_argument("--match-points", metavar="W,D,L,F", help="team event: match points won, drawn, lost, forfeited "
                                                            "(default 2,1,0,0)")
    p.add_argument("--primary", choices=["MP", "GP"], help="team event: rank by match points or game points")
    p.add_argument("--rating-boards", type=int, help="team event: boards averaged for the initial order")
    p.add_argument("--unrated-rating", type=int, help="team event: rating counted for an unrated player")


def _rule_value(name: str, text: str) -> Any:
    from tournament_desk.core.errors import ValidationError
    from tournament_desk.core.formatting import whole_number

    if name in ("match_points", "bye_points"):
        try:
            return tuple(float(x.replace(",", ".")) for x in text.replace("/", " ").replace(";", " ").split())
        except ValueError:
            raise ValidationError(msg("'{text}' is not a list of numbers", text=text)) from None
    if name == "tiebreaks":
        return tuple(c.strip() for c in text.split(",") if c.strip())
    if name in ("boards", "rating_tolerance", "rating_boards", "unrated_rating"):
        number = whole_number(text)
        if number is None:
            raise ValidationError(msg("'{text}' is not a whole number", text=text))
        return number
    return text


def _points_list(text: str) -> str:
    return " ".join(text.replace(",", " ").split())


def rules_from_args(args: argparse.Namespace) -> TeamRules | None:
    """The team rules ``new`` was given (None: an individual event)."""
    from tournament_desk.core.teams.model import TeamRules

    if not getattr(args, "team", False):
        return None
    values: dict[str, Any] = {}
    for option in ("boards", "board_order", "rating_tolerance", "colours", "primary", "rating_boards",
                   "unrated_rating"):
        value = getattr(args, option, None)
        if value is not None:
            values[option] = value
    if args.match_points:
        values["match_points"] = _rule_value("match_points", _points_list(args.match_points))
    if "boards" in values and "rating_boards" not in values:
        values["rating_boards"] = values["boards"]
    return TeamRules(**values)


# -- teams --------------------------------------------------------------------------------------------------------
def _team_line(state: EventState, team: Team, lang: str) -> str:
    from tournament_desk.core.actions.teams import team_average
    from tournament_desk.core.formatting import format_number

    number = f"#{team.pairing_number}" if team.pairing_number is not None else "  "
    names = ", ".join(state.player(pid).name for pid in team.members)
    return (f"{team.id:>3} {number:>4}  {team.name:<28} {team.club:<16} "
            f"{format_number(round(team_average(state, team), 1), lang):>7}  {names}")


def _team_dict(state: EventState, team: Team) -> dict[str, Any]:
    from tournament_desk.core.actions.teams import team_average

    return {"id": team.id, "name": team.name, "code": team.code, "club": team.club, "federation": team.federation,
            "captain": team.captain, "pairing_number": team.pairing_number,
            "average": round(team_average(state, team), 2), "members": list(team.members)}


def cmd_teams(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.core.actions.teams import find_team
    from tournament_desk.core.errors import ValidationError
    from tournament_desk.core.operations import (
        AddTeams,
        ForfeitMatch,
        ImportTeams,
        NumberTeams,
        SetRoster,
        SetTeamRules,
    )
    from tournament_desk.core.teams.model import preset_tiebreaks
    from tournament_desk.services.session import EventSession

    command = args.teams_command
    readonly = command == "list" or (command == "rules" and not args.set and not args.preset)
    with EventSession.open(args.file, readonly=readonly) as session:
        if not readonly:
            session.require_reason(args.reason)
        state = session.state()
        if command == "add":
            entry = {"name": args.name, "code": args.code, "club": args.club, "federation": args.federation,
                     "captain": args.captain, "members": _ids(args.members)}
            change = session.run(AddTeams([entry]))
            team = session.state().team(change.payload[0])
            _emit(args, _team_dict(session.state(), team), f"{change.label(lang)} (id {team.id})")
        elif command == "list":
            lines = [_team_line(state, t, lang) for t in sorted(state.teams, key=lambda t: (
                t.pairing_number or 10**6, t.id))]
            _emit(args, [_team_dict(state, t) for t in state.teams], "\n".join(lines))
        elif command == "roster":
            team = find_team(state, args.team)
            print(session.run(SetRoster(team.id, args.players)).label(lang))
        elif command == "import":
            from tournament_desk.formats.teams_csv import read_teams_csv

            entries = read_teams_csv(args.csv, rating_system=state.event.rating_system.value)
            change = session.run(ImportTeams(entries, allow_duplicates=args.register_anyway))
            for note in change.note_texts(lang):
                print(f"tournament-desk: {note}", file=__import__("sys").stderr)
            _emit(args, {"teams": list(change.payload)}, change.label(lang))
        elif command == "rules":
            changes: dict[str, Any] = {}
            for item in args.set:
                name, sep, value = item.partition("=")
                if not sep:
                    raise ValidationError(msg("'{item}' is not RULE=VALUE", item=item))
                changes[name.strip()] = _rule_value(name.strip(), value.strip())
            if args.preset:
                rules = state.event.team
                primary = changes.get("primary", rules.primary if rules is not None else "MP")
                changes["tiebreaks"] = preset_tiebreaks(args.preset, str(primary))
            if changes:
                print(session.run(SetTeamRules(changes)).label(lang))
            rules = session.state().event.team
            if rules is None:
                from tournament_desk.core.teams.boards import rules_of

                rules_of(session.state())
                return
            data = rules.as_dict()
            _emit(args, data, "\n".join(f"  {k:<17} {v}" for k, v in data.items()))
        elif command == "number":
            if args.rating:
                change = session.run(NumberTeams("rating", seed=args.seed))
            elif args.lot:
                if args.seed is None:
                    raise ValidationError(msg("A draw of lots needs its number (--seed N)"))
                change = session.run(NumberTeams("lot", seed=args.seed))
            else:
                manual: dict[int, int] = {}
                for item in args.set:
                    name, sep, number = item.rpartition("=")
                    if not sep or not number.strip().isdigit():
                        raise ValidationError(msg("'{item}' is not TEAM=NUMBER", item=item))
                    manual[find_team(state, name).id] = int(number)
                change = session.run(NumberTeams("manual", manual=manual))
            state = session.state()
            lines = [change.label(lang)] + [f"  #{t.pairing_number:<3} {t.name}" for t in sorted(
                state.teams, key=lambda t: t.pairing_number or 0)]
            print("\n".join(lines))
        else:  # forfeit
            side = "" if args.side == "none" else args.side
            print(session.run(ForfeitMatch(args.round, args.match, side)).label(lang))


# -- line-ups, matches, results --------------------------------------------------------------------------------------
def cmd_lineup(args: argparse.Namespace, lang: str) -> None:
    import sys

    from tournament_desk.core.actions.teams import find_team
    from tournament_desk.core.errors import ValidationError
    from tournament_desk.core.formatting import whole_number
    from tournament_desk.core.operations import SetLineup
    from tournament_desk.services.session import EventSession

    players: list[int | None] = []
    for token in args.players:
        number = whole_number(token)
        if number is None and token != "-":
            raise ValidationError(msg("'{text}' is not a player id (0 or - leaves the board empty)", text=token))
        players.append(number or None)
    with EventSession.open(args.file) as session:
        session.require_reason(args.reason)
        team = find_team(session.state(), args.team)
        change = session.run(SetLineup(args.round, team.id, players))
        state = session.state()
    for note in change.note_texts(lang):
        print(f"tournament-desk: {note}", file=sys.stderr)
    lineup = state.lineup(args.round, team.id)
    assert lineup is not None
    lines = [change.label(lang)]
    lines += [f"  {b:>2}  {state.player(pid).name if pid is not None else '—'}"
              for b, pid in enumerate(lineup.players, start=1)]
    _emit(args, {"round": args.round, "team": team.id, "players": list(lineup.players)}, "\n".join(lines))


def _match_lines(state: EventState, round_number: int, lang: str) -> tuple[list[str], list[dict[str, Any]]]:
    from tournament_desk.core.formatting import format_score
    from tournament_desk.core.results import format_game_result
    from tournament_desk.core.teams.scores import round_scores

    discipline = state.event.discipline
    lines = [msg("Round {number}", number=round_number).text(lang)]
    data = []
    for s in round_scores(state, round_number):
        m = s.match
        home, away = state.team(m.home), state.team(m.away)
        score = f"{format_score(s.home, lang)}-{format_score(s.away, lang)}"
        status = "" if s.finished else " " + msg("(unfinished)").text(lang)
        if m.forfeit:
            who = {"home": home.name, "away": away.name, "both": msg("both teams").text(lang)}[m.forfeit]
            status = " " + msg("(forfeited by {who})", who=who).text(lang)
        lines.append(f" {m.number:>2}. {home.name} - {away.name}  {score}{status}")
        boards = []
        for b, (hp, ap) in zip(s.boards, s.board_points, strict=True):
            hn = state.player(b.home).name if b.home is not None else "—"
            an = state.player(b.away).name if b.away is not None else "—"
            if b.home_result is not None:
                shown = format_game_result(b.home_result, discipline)
            elif hp is not None and ap is not None:
                shown = f"{format_score(hp, lang)}-{format_score(ap, lang)}"
            else:
                shown = "…"
            lines.append(f"      {b.board:>2} {b.home_colour}  {hn:<28} {shown:^9} {an}")
            boards.append({"board": b.board, "home_colour": b.home_colour, "home": b.home, "away": b.away,
                           "result": b.home_result.value if b.home_result is not None else None,
                           "points": [hp, ap]})
        data.append({"round": m.round, "number": m.number, "home": m.home, "away": m.away, "forfeit": m.forfeit,
                     "score": [s.home, s.away], "finished": s.finished, "match_points": [s.home_mp, s.away_mp],
                     "boards": boards})
    return lines, data


def cmd_matches(args: argparse.Namespace, lang: str) -> None:
    from tournament_desk.core.teams.boards import rules_of
    from tournament_desk.services.session import EventSession

    with EventSession.open(args.file, readonly=True) as session:
        state = session.state()
    rules_of(state)
    numbers = [args.round] if args.round is not None else [r.number for r in state.rounds]
    lines: list[str] = []
    data: list[dict[str, Any]] = []
    for number in numbers:
        state.round(number)
        more, rows = _match_lines(state, number, lang)
        lines += more
        data += rows
    _emit(args, data, "\n".join(lines))


def pair_text(state: EventState, round_number: int, label: str, lang: str) -> tuple[str, dict[str, Any]]:
    """What ``pair`` prints for a team event's new round: its matches, home team first, and the team without."""
    matches = state.matches_in(round_number)
    lines = [label]
    lines += [f" {m.number:>2}. {state.team(m.home).name} - {state.team(m.away).name}" for m in matches]
    playing = {t for m in matches for t in m.teams()}
    for t in state.teams:
        if t.id not in playing:
            lines.append("     " + msg("{team}: no match this round", team=t.name).text(lang))
    data = {"round": round_number, "matches": [{"number": m.number, "home": m.home, "away": m.away}
                                               for m in matches]}
    return "\n".join(lines), data


def result_on_board(args: argparse.Namespace, lang: str) -> None:
    """``result FILE --round R --match M --board B 1-0``: one board of a team match, home team first."""
    from tournament_desk.core.operations import RecordBoardResult
    from tournament_desk.services.session import EventSession

    with EventSession.open(args.file) as session:
        session.require_reason(args.reason)
        change = session.run(RecordBoardResult(args.round, args.match, args.board, args.result,
                                               replace=args.replace))
        state = session.state()
    _lines, data = _match_lines(state, args.round, lang)
    _emit(args, next(d for d in data if d["number"] == args.match), change.label(lang))


# -- standings -------------------------------------------------------------------------------------------------------
def _code_label(code: str) -> Any:
    return {"MP": msg("match points"), "GP": msg("game points"), "DE": msg("direct encounter"),
            "SBB": msg("team Sonneborn-Berger"), "BH": msg("team Buchholz"), "BERLIN": msg("Berlin")}[code]


def standings_for_teams(args: argparse.Namespace, state: EventState, lang: str) -> None:
    """``standings`` of a team event: the teams (``--explain TEAM CODE``: one value explained; ``--boards``: each
    player's results by board)."""
    from tournament_desk.core.formatting import format_number, format_score
    from tournament_desk.core.teams.boards import rules_of
    from tournament_desk.core.teams.standings import board_results, explain_team, team_standings

    rules = rules_of(state)
    codes = None
    if args.tiebreaks is not None:
        codes = [c.strip().upper() for c in args.tiebreaks.split(",") if c.strip()]
    if args.explain:
        from tournament_desk.core.actions.teams import find_team  # start-up speed: the explanation only
        from tournament_desk.core.sources import FFE_TIEBREAKS, cite

        who, code = args.explain
        team = find_team(state, who)
        value, lines = explain_team(state, team.id, code, args.after_round)
        key = code.strip().upper()
        source = cite(FFE_TIEBREAKS, "§4" if key == "BERLIN" else "§2.2.2.2" if key == "SBB" else
                      "§2.1.2" if key == "MP" else "§3")
        shown = "—" if value is None else format_number(value, lang)
        out = [msg("{team}: {tiebreak} = {value} ({source})", team=team.name, tiebreak=_code_label(key),
                   value=shown, source=source.message).text(lang)]
        data_lines = []
        for line in lines:
            opponent = state.team(int(line.opponent)).name if line.opponent is not None else ""  # type: ignore[call-overload]
            where = msg("round {round}", round=line.round).text(lang) if line.round is not None else ""
            out.append(f"  {where:<10} {opponent:<28} {format_number(line.value, lang):>7}  {line.note.text(lang)}")
            data_lines.append({"round": line.round, "opponent": line.opponent, "value": line.value,
                               "note": line.note.text(lang)})
        _emit(args, {"team": team.id, "code": key, "value": value, "lines": data_lines}, "\n".join(out))
        return
    if getattr(args, "boards", False):
        rows = board_results(state, args.after_round)
        out = [msg("Results by board").text(lang)]
        board = 0
        for r in rows:
            if r.board != board:
                board = r.board
                out.append(msg("Board {board}", board=board).text(lang))
            perf = "" if r.performance is None else str(r.performance)
            out.append(f"  {state.player(r.player_id).name:<28} {state.team(r.team).name:<24} "
                       f"{format_score(r.points, lang):>5}/{r.games:<3} {format_number(round(r.percent, 1), lang):>6}%"
                       f" {perf:>6}")
        _emit(args, [{"board": r.board, "player": r.player_id, "team": r.team, "games": r.games, "points": r.points,
                      "percent": r.percent, "performance": r.performance} for r in rows], "\n".join(out))
        return
    rows = team_standings(state, args.after_round, tiebreaks=codes)
    used = codes if codes is not None else list(rules.tiebreaks)
    rk, team_col = pmsg("team standings column", "Rk").text(lang), pmsg("team standings column", "Team").text(lang)
    pl = pmsg("team standings column", "Pl").text(lang)
    won, drawn, lost = (pmsg("team standings column", "W").text(lang), pmsg("team standings column", "D").text(lang),
                        pmsg("team standings column", "L").text(lang))
    mp_col, gp_col = pmsg("team standings column", "MP").text(lang), pmsg("team standings column", "GP").text(lang)
    header = (f"{rk:>3}  {team_col:<28} {pl:>3} {won:>3} {drawn:>3} {lost:>3} {mp_col:>5} {gp_col:>6}"
              + "".join(f" {c:>7}" for c in used))
    out = [header]
    for r in rows:
        values = "".join(f" {'—' if v is None else format_number(v, lang):>7}" for _c, v in r.tiebreaks)
        rank = f"{r.rank}{'=' if r.shared else ''}"
        out.append(f"{rank:>3}  {r.team.name:<28} {r.played:>3} {r.won:>3} {r.drawn:>3} {r.lost:>3} "
                   f"{format_score(r.match_points, lang):>5} {format_score(r.game_points, lang):>6}{values}")
    primary = msg("Ranked by {score}, then {tiebreaks}", score=_code_label(rules.primary),
                  tiebreaks=", ".join(_code_label(c).text(lang) for c in used) or "—").text(lang)
    out.append(primary)
    data = {"primary": rules.primary, "tiebreaks": used,
            "rows": [{"rank": r.rank, "shared": r.shared, "team": r.team.id, "name": r.team.name,
                      "played": r.played, "won": r.won, "drawn": r.drawn, "lost": r.lost,
                      "match_points": r.match_points, "game_points": r.game_points,
                      "tiebreaks": {c: v for c, v in r.tiebreaks}} for r in rows]}
    _emit(args, data, "\n".join(out))
