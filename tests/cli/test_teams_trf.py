"""A team event out to a TRF-2026 file and back in (issue 31 item 8), through ``tournament_desk.__main__.main``.

A team round robin is run through the command line (``new --team``, ``players add``, ``teams add``, ``teams
number``, ``pair``, ``lineup``, ``result``, ``teams forfeit``), with what the team records exist for: a reserve
playing, a line-up out of the roster's order, a board left empty, a match forfeited as a whole, a team without a
match each round (five teams), match points 3/2/1/0 (a forfeit less than a loss). It is exported as TRF-2026 and a
new event is made from the file (``new --from-trf``); the two event files then hold the same teams, rosters,
matches, line-ups, games and results, and the same standings. The records written are checked at the columns of
the TRF-2026 text (FIDE Handbook, TRF26, Team Section: records 310, 300, 320, 330, 299; tournament section 352,
362), with the values this test entered.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.pairing.berger import double_round_robin
from tournament_desk.core.teams.standings import board_results, team_standings
from tournament_desk.services.session import EventSession

DATA = Path(__file__).resolve().parents[1] / "data" / "trf"
BOARDS = 3
RESULTS = ("1-0", "0-1", "1/2", "+-", "1-0", "0-1", "1/2")


def _run(capsys: pytest.CaptureFixture[str], *argv: str, code: int = 0) -> str:
    got = main(["--lang", "en", *argv])
    out = capsys.readouterr()
    assert got == code, out.err
    return out.out if code == 0 else out.err


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    return json.loads(_run(capsys, *argv, "--json"))


def _summary(path: Path) -> dict[str, object]:
    """What a team event is: its rules carried by the file, teams and rosters, matches, line-ups, games, standings
    and board results, every player and team named by name (ids differ between the two files)."""
    with EventSession.open(path, readonly=True) as session:
        state = session.state()
    rules = state.event.team
    assert rules is not None

    def name(pid: int | None) -> str | None:
        return None if pid is None else state.player(pid).name

    def team(tid: int) -> str:
        return state.team(tid).name

    return {
        "rules": (rules.boards, rules.colours, rules.match_points, rules.bye_points, rules.board_order),
        "system": (state.event.system, state.event.rounds, state.event.scoring),
        "teams": [(t.name, t.code, t.pairing_number, [name(p) for p in t.members]) for t in state.teams],
        "matches": sorted((m.round, m.number, team(m.home), team(m.away), m.forfeit) for m in state.matches),
        "lineups": sorted((x.round, team(x.team), tuple(name(p) for p in x.players)) for x in state.lineups),
        "games": sorted((g.round, g.board, name(g.white_id), name(g.black_id), g.result)
                        for r in state.rounds for g in r.games),
        "standings": [(r.rank, r.team.name, r.match_points, r.game_points, r.tiebreaks) for r in team_standings(state)],
        "boards": [(b.board, name(b.player_id), b.games, b.points) for b in board_results(state)],
    }


def _team_event(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, list[int]]:
    """Five teams of four players (three boards: one reserve each), three rounds played; returns each team's
    roster (player ids) by pairing number."""
    p = str(path)
    _run(capsys, "new", p, "--name", "Ligue du Rhône", "--team", "--boards", str(BOARDS), "--board-order", "free",
         "--system", "double-round-robin", "--match-points", "3,2,1,0")
    _run(capsys, "teams", "rules", p, "--set", "bye_points=1 1.5")
    for t in range(5):
        members = []
        for i in range(4):
            player = _json(capsys, "players", "add", p, "--surname", f"Équipe{t}", "--first-name", f"Joueur{i}",
                           "--rating", str(2200 - 60 * t - 15 * i))
            members.append(str(player["id"]))  # type: ignore[index]
        _run(capsys, "teams", "add", p, "--name", f"Club {t}", "--code", f"CL{t}", "--members", ",".join(members))
    _run(capsys, "teams", "number", p, "--rating")
    teams = _json(capsys, "teams", "list", p)
    rosters = {t["pairing_number"]: t["members"] for t in teams}  # type: ignore[index, union-attr]
    ids = {t["pairing_number"]: t["id"] for t in teams}  # type: ignore[index, union-attr]
    for rnd in range(1, 4):
        matches = _json(capsys, "pair", p)["matches"]  # type: ignore[index]
        for m in matches:
            if rnd == 2 and m["number"] == 1:  # the away team did not come
                _run(capsys, "teams", "forfeit", p, "--round", "2", "--match", "1", "away")
                continue
            for side in ("home", "away"):
                number = next(n for n, i in ids.items() if i == m[side])
                roster = [str(x) for x in rosters[number]]
                lineup = roster[:BOARDS]
                if rnd == 1 and side == "away":
                    lineup = [roster[1], roster[0], roster[3]]  # out of roster order, the reserve on board 3
                if rnd == 3 and side == "home" and m["number"] == 2:
                    lineup[2] = "0"  # board 3 left empty
                _run(capsys, "lineup", p, "--round", str(rnd), "--team", str(m[side]), *lineup)
            for board in range(1, BOARDS + 1):
                if rnd == 3 and m["number"] == 2 and board == 3:
                    continue
                if rnd == 3 and m["number"] == 1 and board == 2:
                    continue  # a game still to be played
                result = RESULTS[(rnd * 3 + m["number"] + board) % len(RESULTS)]
                _run(capsys, "result", p, "--round", str(rnd), "--match", str(m["number"]), "--board", str(board),
                     result)
    return rosters


def test_a_team_event_goes_out_and_comes_back_through_trf26(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    source = tmp_path / "ligue.tdesk"
    rosters = _team_event(capsys, source)
    trf = tmp_path / "ligue.trf"
    _run(capsys, "export", str(source), "--trf", str(trf), "--edition", "26")
    lines = trf.read_text(encoding="utf-8").splitlines()

    # Tournament section: 082 teams, 352 the home team's colours on boards 1-3, 362 the team scoring (TW TD TL at
    # the places 162 gives its codes: each symbol ending at column 6, 15, 24, points at 7-10, 16-19, 25-28)
    assert "082 5" in lines and "352 WBW" in lines
    scoring = next(line for line in lines if line.startswith("362"))
    assert (scoring[4:6], scoring[6:10]) == ("TW", " 3.0")
    assert (scoring[13:15], scoring[15:19], scoring[22:24], scoring[24:28]) == ("TD", " 2.0", "TL", " 1.0")

    # 310: number 5-7, name 9-40, nickname 42-46, strength 48-53, MP 55-60, GP 62-67, rank 69-71, players 74-77...
    with EventSession.open(source, readonly=True) as session:
        state = session.state()
    rows = {r.team.pairing_number: r for r in team_standings(state)}
    records = [line for line in lines if line.startswith("310")]
    assert len(records) == 5
    for number, record in enumerate(records, start=1):
        team = rows[number].team
        assert int(record[4:7]) == number and record[8:40].rstrip() == team.name and record[41:46].rstrip() == team.code
        average = sum(state.player(pid).rating("fide") or 0 for pid in team.members[:BOARDS]) / BOARDS
        assert int(record[47:53]) == round(average)
        assert float(record[54:60]) == rows[number].match_points and float(record[61:67]) == rows[number].game_points
        assert int(record[68:71]) == rows[number].rank and record[71:73] == "  "
        starting = {int(line[4:8]): line[14:47].rstrip() for line in lines if line.startswith("001")}
        named = [starting[int(record[c:c + 4])] for c in range(73, len(record), 5)]
        assert named == [f"{state.player(pid).surname}, {state.player(pid).first_name}" for pid in team.members]

    # 320: the team without a match in rounds 1-3 (the Berger table's, five teams: the one drawn against number 6)
    grid = double_round_robin(5, order="fide")
    idle = [next(a if b == 6 else b for a, b in grid[r] if 6 in (a, b)) for r in range(3)]
    assert f"320  1.0  1.5 {idle[0]:03d} {idle[1]:03d} {idle[2]:03d}" in lines
    # 330: round 2's first match, won by the home (White) team; 299: its forfeiting team gets 0, less than a loss
    home, away = next((a, b) for a, b in grid[1] if 6 not in (a, b))
    assert f"330 +- 002 {home:03d} {away:03d}" in lines
    assert f"299 -   0.0   0.0  002 {away:4d}" in lines
    # 300: round 1 (a line-up out of order with the reserve, and its opponent's), round 3's match with board 3 empty
    out_of_order = [line for line in lines if line.startswith("300")]
    assert [line[4:7] for line in out_of_order] == ["001"] * 4 + ["003"] * 2
    empty = [line for line in out_of_order if line.endswith(" 0000")]
    assert len(empty) == 1 and empty[0][4:7] == "003"
    assert not any(line.startswith("250") for line in lines)  # a team round robin is not accelerated

    # the file read back as a new event: the same event
    back = tmp_path / "back.tdesk"
    out = _run(capsys, "new", str(back), "--from-trf", str(trf))
    assert "(20 players, 3 rounds imported)" in out
    first, second = _summary(source), _summary(back)
    for key in first:
        assert first[key] == second[key], key
    assert [t[3] for t in second["teams"]] == [  # type: ignore[attr-defined]
        [f"ÉQUIPE{n - 1} Joueur{i}" for i in range(4)] for n in sorted(rosters)]

    # and both continue alike: round 4 pairs the same matches
    _run(capsys, "pair", str(source), "--force")
    _run(capsys, "pair", str(back), "--force")
    assert _summary(source)["matches"] == _summary(back)["matches"]


def test_the_import_is_one_undo_step(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "ligue.tdesk"
    _team_event(capsys, source)
    trf = tmp_path / "ligue.trf"
    _run(capsys, "export", str(source), "--trf", str(trf), "--edition", "26")
    back = tmp_path / "back.tdesk"
    _run(capsys, "new", str(back), "--from-trf", str(trf))
    with sqlite3.connect(back) as conn:
        assert conn.execute("SELECT COUNT(*) FROM journal").fetchone()[0] == 1
    _run(capsys, "undo", str(back))
    with EventSession.open(back, readonly=True) as session:
        state = session.state()
    assert not state.teams and not state.players and not state.rounds


def test_a_trf16_export_carries_the_teams_as_013_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """TRF16 has the ``013`` record (team name 5-36, starting ranks from 37, five columns each) and no record for
    line-ups, team byes or forfeited matches: the teams, rosters, games and results come back; a match forfeited
    as a whole does not (it has no game)."""
    source = tmp_path / "ligue.tdesk"
    _team_event(capsys, source)
    trf = tmp_path / "ligue16.trf"
    _run(capsys, "export", str(source), "--trf", str(trf))
    lines = trf.read_text(encoding="utf-8").splitlines()
    teams = [line for line in lines if line.startswith("013")]
    assert [line[4:36].rstrip() for line in teams] == [f"Club {t}" for t in range(5)]  # by number: rating order
    starting = {int(line[4:8]): line[14:47].rstrip() for line in lines if line.startswith("001")}
    assert [starting[int(teams[0][c:c + 4])] for c in range(36, len(teams[0]), 5)] == [
        f"Équipe0, Joueur{i}" for i in range(4)]
    assert not any(line[:3] in ("310", "300", "320", "330", "299", "352", "362") for line in lines)
    back = tmp_path / "back16.tdesk"
    _run(capsys, "new", str(back), "--from-trf", str(trf))
    first, second = _summary(source), _summary(back)
    assert first["teams"] != second["teams"]  # no nickname in 013
    assert [t[3] for t in first["teams"]] == [t[3] for t in second["teams"]]  # type: ignore[attr-defined]
    assert first["games"] == second["games"] and first["lineups"] == second["lineups"]
    forfeited = [m for m in first["matches"] if m[4]]  # type: ignore[attr-defined]
    assert len(forfeited) == 1 and not any(m[4] for m in second["matches"])  # type: ignore[attr-defined]


def test_a_team_file_that_cannot_be_read_names_its_line_and_changes_nothing(capsys: pytest.CaptureFixture[str],
                                                                            tmp_path: Path) -> None:
    source = tmp_path / "ligue.tdesk"
    _team_event(capsys, source)
    trf = tmp_path / "ligue.trf"
    _run(capsys, "export", str(source), "--trf", str(trf), "--edition", "26")
    lines = trf.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("300"))
    cases = {
        "player": (lines[at][:16] + " 00x9" + lines[at][21:], f"line {at + 1}, column 17: player id must be a whole "
                                                                "number"),
        "forfeit": (next(line for line in lines if line.startswith("330")).replace("+-", "1-"),
                    "type of forfeit must be +-"),
    }
    for what, (bad, expected) in cases.items():
        changed = list(lines)
        index = next(i for i, line in enumerate(lines) if line[:3] == bad[:3])
        changed[index] = bad
        broken = tmp_path / f"{what}.trf"
        broken.write_text("\r\n".join(changed) + "\r\n", encoding="utf-8")
        target = tmp_path / f"{what}.tdesk"
        err = _run(capsys, "new", str(target), "--from-trf", str(broken), code=3)
        assert expected in err, err
        if what == "forfeit":
            assert f"line {index + 1}, column 5" in err
        assert not target.exists()
    # two teams of one name; a line-up naming nobody while its players' lines have games
    first = next(i for i, line in enumerate(lines) if line.startswith("310"))
    twice = list(lines)
    twice[first + 1] = twice[first + 1][:8] + lines[first][8:40] + twice[first + 1][40:]
    empty_lineup = list(lines)
    empty_lineup[at] = empty_lineup[at][:16] + " 0000" * BOARDS
    for what, changed, expected in (
            ("twice", twice, f"line {first + 2}: team Club 0 is named twice (line {first + 1} too)"),
            ("nobody", empty_lineup, "plays, but the line-up of team 2 (300) does not seat him")):
        broken = tmp_path / f"{what}.trf"
        broken.write_text("\r\n".join(changed) + "\r\n", encoding="utf-8")
        err = _run(capsys, "new", str(tmp_path / f"{what}.tdesk"), "--from-trf", str(broken), code=3)
        assert expected in err, err
        assert not (tmp_path / f"{what}.tdesk").exists()
    # a points column that disagrees with the results names the player's line and column 81
    index = next(i for i, line in enumerate(lines) if line.startswith("001"))
    changed = list(lines)
    changed[index] = changed[index][:80] + " 9.5" + changed[index][84:]
    broken = tmp_path / "points.trf"
    broken.write_text("\r\n".join(changed) + "\r\n", encoding="utf-8")
    err = _run(capsys, "new", str(tmp_path / "points.tdesk"), "--from-trf", str(broken), code=3)
    assert f"line {index + 1}, column 81" in err and "has 9.5 points in the file" in err
    assert not (tmp_path / "points.tdesk").exists()


def test_a_real_team_swiss_file_is_read_and_refused_as_a_round_robin(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    """``tiebreakserver_fideteam_nocolor.trf`` (OttoMilvang/TieBreakServer, tests/fixtures/fideteam_nocolor.trf, MIT
    licence): a team Swiss of 9 teams of 2 boards. Its players import; its rounds are not the Berger table's, so
    ``new --from-trf`` refuses it, naming the first line of the first match that differs, and creates nothing."""
    source = DATA / "tiebreakserver_fideteam_nocolor.trf"
    err = _run(capsys, "new", str(tmp_path / "t.tdesk"), "--from-trf", str(source), code=3)
    assert "line 17, column 1: round 1: teams 1 and 5 meet, but the Berger table pairs 2-9, 3-8, 4-7, 5-6" in err
    assert not (tmp_path / "t.tdesk").exists()
    event = tmp_path / "e.tdesk"
    _run(capsys, "new", str(event), "--name", "Open", "--rounds", "7")
    assert "Import 18 players" in _run(capsys, "players", "import", str(event), str(source))


def test_every_damaged_team_record_is_refused_by_line_or_read(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    """Each record of the team section, and a player's round blocks, damaged at a few columns (a digit or a code made
    ``x``): the import either reads the file or refuses it as a file problem naming a line — never another error —
    and a refused file creates nothing."""
    from tournament_desk.core.errors import TournamentError
    from tournament_desk.services.trf_io import import_event_from_trf

    source = tmp_path / "ligue.tdesk"
    _team_event(capsys, source)
    trf = tmp_path / "ligue.trf"
    _run(capsys, "export", str(source), "--trf", str(trf), "--edition", "26")
    lines = trf.read_text(encoding="utf-8").splitlines()
    targets = [i for i, line in enumerate(lines) if line[:3] in ("310", "300", "320", "330", "299", "352", "362")]
    targets.append(next(i for i, line in enumerate(lines) if line.startswith("001")))
    refused = 0
    for i in targets:
        line = lines[i]
        columns = {5, 9, 15, 56, 75, 92, 97, 99, 103} & set(range(1, len(line) + 1))
        for column in sorted(columns):
            changed = list(lines)
            changed[i] = line[:column - 1] + "x" + line[column:]
            damaged = tmp_path / f"d{i}_{column}.trf"
            damaged.write_text("\r\n".join(changed) + "\r\n", encoding="utf-8")
            target = tmp_path / f"d{i}_{column}.tdesk"
            try:
                import_event_from_trf(target, damaged)
            except TournamentError as exc:
                refused += 1
                assert not target.exists()
                assert getattr(exc, "line", None) is not None, (changed[i], exc)
    assert refused > 20
