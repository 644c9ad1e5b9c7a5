"""Team events end to end through ``tournament_desk.__main__.main`` (issue 31): teams typed and imported from CSV,
the initial order, the team round robin from the Berger tables, line-ups, board results home team first, match
points, team standings with their tie-breaks explained, and the event file read back.

Expected values are computed here from the results the test enters (match points 2/1/0 by the FFE annex
« Départages » §2.1.2, team Sonneborn-Berger §2.2.2.2), not read from the program.
"""

from __future__ import annotations

import io
import itertools
import json
import sqlite3
from collections import defaultdict
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.pairing.berger import berger_rounds
from tournament_desk.services.session import EventSession

# FIDE Handbook C.05 annex 1, the Berger table for 5-6 players (White first), as published.
FIDE_BERGER_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]

CHESS_POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2": (0.5, 0.5), "+-": (1.0, 0.0), "-+": (0.0, 1.0),
                "--": (0.0, 0.0)}
DRAUGHTS_POINTS = {"2-0": (2.0, 0.0), "0-2": (0.0, 2.0), "1-1": (1.0, 1.0)}


def _run(capsys: pytest.CaptureFixture[str], *argv: str, code: int = 0) -> str:
    got = main(["--lang", "en", *argv])
    out = capsys.readouterr()
    assert got == code, out.err
    return out.out if code == 0 else out.err


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    return json.loads(_run(capsys, *argv, "--json"))


def _rows(path: Path) -> dict[str, list[tuple]]:
    """Every row of the event's tables that a refused action must leave as they are."""
    with sqlite3.connect(path) as conn:
        return {t: conn.execute(f'SELECT * FROM "{t}" ORDER BY rowid').fetchall()
                for t in ("player", "team", "team_match", "lineup", "game", "round", "journal")}


def _pdf_text(pdf: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def _chess_result(r: int, m: int, b: int) -> str:
    return ("1-0", "0-1", "1/2", "1-0", "+-", "1/2", "0-1")[(r * 7 + m * 3 + b) % 7]


def test_six_team_four_board_double_round_robin(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "interclubs.tdesk"
    p = str(path)
    _run(capsys, "new", p, "--name", "Interclubs", "--system", "double-round-robin", "--team", "--boards", "4",
         "--unrated-rating", "1400")
    # three teams from a CSV registration list (board order as listed; an unrated reserve), three typed
    csv_lines = ["équipe;nom;prénom;elo"]
    ratings: dict[str, list[int | None]] = {
        "Échiquier Nord": [2150, 2080, 1990, 1900, None],
        "Tour Sud": [2000, 1985, 1950, 1820, 1700],
        "Cavaliers de l'Est": [2210, 2010, 1700, None],
    }
    for team, values in ratings.items():
        for i, value in enumerate(values):
            csv_lines.append(f"{team};{team.split()[0].upper()}{i};P{i};{'NC' if value is None else value}")
    (tmp_path / "teams.csv").write_text("\n".join(csv_lines) + "\n", encoding="utf-8")
    assert "Import 3 teams and 14 players" in _run(capsys, "teams", "import", p, str(tmp_path / "teams.csv"))
    typed = {"Fous du Roi": [1950, 1940, 1930, 1920, 1500], "Dames Blanches": [1800, 1790, 1780, 1770],
             "Pions Passés": [2300, 1600, 1500, 1400, 1300]}
    for team, values in typed.items():
        ids = []
        for i, value in enumerate(values):
            player = _json(capsys, "players", "add", p, "--surname", f"{team[:4]}{i}", "--rating", str(value))
            ids.append(str(player["id"]))  # type: ignore[index]
        if team == "Pions Passés":  # the roster typed after the team
            _run(capsys, "teams", "add", p, "--name", team, "--club", "Lyon", "--captain", "M. Capitaine")
            _run(capsys, "teams", "roster", p, team, *ids)
        else:
            _run(capsys, "teams", "add", p, "--name", team, "--members", ",".join(ids))
    # bad input changes nothing: a player in two teams
    before = _rows(path)
    err = _run(capsys, "teams", "roster", p, "Tour Sud", "1", code=3)
    assert "already plays for Échiquier Nord" in err and _rows(path) == before

    # the initial order: the average of the top 4 boards, an unrated player at the event's estimate (1400)
    teams = _json(capsys, "teams", "list", p)
    names = {t["id"]: t["name"] for t in teams}  # type: ignore[index, union-attr]
    averages = {team: sum(1400 if v is None else v for v in values[:4]) / 4
                for team, values in (ratings | typed).items()}
    _run(capsys, "teams", "number", p, "--rating")
    teams = _json(capsys, "teams", "list", p)
    order = sorted(averages, key=lambda t: -averages[t])
    assert [t["name"] for t in sorted(teams, key=lambda t: t["pairing_number"])] == order  # type: ignore[index]
    by_number = {t["pairing_number"]: t for t in teams}  # type: ignore[index, union-attr]

    played: dict[tuple[int, int], int] = defaultdict(int)
    expected_gp: dict[int, float] = defaultdict(float)
    expected_mp: dict[int, float] = defaultdict(float)
    meetings: list[tuple[int, int, int, float, float]] = []
    for rnd in range(1, 11):
        pairing = _json(capsys, "pair", p)
        matches = pairing["matches"]  # type: ignore[index]
        numbers = {t["id"]: t["pairing_number"] for t in teams}  # type: ignore[index, union-attr]
        grid = [(numbers[m["home"]], numbers[m["away"]]) for m in matches]
        # home = the table's first-named (White) number; a double round robin reverses the order of the last two
        # rounds of the first cycle (C.05 annex 1), and its second cycle repeats the table with colours reversed
        cycle = [*FIDE_BERGER_6[:3], FIDE_BERGER_6[4], FIDE_BERGER_6[3]]
        if rnd <= 5:
            assert grid == cycle[rnd - 1]
        else:
            assert grid == [(b, a) for a, b in FIDE_BERGER_6[rnd - 6]]
        for m in matches:
            played[(numbers[m["home"]], numbers[m["away"]])] += 1
        for m in matches:
            for side in ("home", "away"):
                roster = by_number[numbers[m[side]]]["members"]
                lineup = [str(x) for x in roster[:4]]
                if rnd == 3 and numbers[m[side]] == 6:
                    lineup[3] = "0"  # board 4 left empty: lost by forfeit
                if rnd == 4 and len(roster) > 4:
                    lineup[3] = str(roster[4])  # the reserve plays board 4 (roster order kept)
                _run(capsys, "lineup", p, "--round", str(rnd), "--team", str(m[side]), *lineup)
        for m in matches:
            home_gp = away_gp = 0.0
            for board in range(1, 5):
                empty = rnd == 3 and 6 in (numbers[m["home"]], numbers[m["away"]]) and board == 4
                if empty:
                    err = _run(capsys, "result", p, "--round", str(rnd), "--match", str(m["number"]), "--board", "4",
                               "1-0", code=3)
                    assert "is empty" in err and "without a result to enter" in err
                    home_gp += 0.0 if numbers[m["home"]] == 6 else 1.0
                    away_gp += 0.0 if numbers[m["away"]] == 6 else 1.0
                    continue
                result = "--" if (rnd, m["number"], board) == (2, 1, 4) else _chess_result(rnd, m["number"], board)
                _run(capsys, "result", p, "--round", str(rnd), "--match", str(m["number"]), "--board", str(board),
                     result)
                h, a = CHESS_POINTS[result]
                home_gp += h
                away_gp += a
            meetings.append((rnd, m["home"], m["away"], home_gp, away_gp))
            expected_gp[m["home"]] += home_gp
            expected_gp[m["away"]] += away_gp
            expected_mp[m["home"]] += 2 if home_gp > away_gp else 1 if home_gp == away_gp else 0
            expected_mp[m["away"]] += 2 if away_gp > home_gp else 1 if home_gp == away_gp else 0
    # the double round robin: every pair meets twice, each team home once
    for a in range(1, 7):
        for b in range(a + 1, 7):
            assert played[(a, b)] == 1 and played[(b, a)] == 1
    _run(capsys, "pair", p, code=4)  # every round of the grid is paired

    table = _json(capsys, "standings", p)
    rows = {r["team"]: r for r in table["rows"]}  # type: ignore[index]
    assert {t: r["match_points"] for t, r in rows.items()} == pytest.approx(dict(expected_mp))
    assert {t: r["game_points"] for t, r in rows.items()} == pytest.approx(dict(expected_gp))
    ranked = [r["team"] for r in table["rows"]]  # type: ignore[index]
    assert [expected_mp[t] for t in ranked] == sorted(expected_mp.values(), reverse=True)
    for better, worse in itertools.pairwise(ranked):  # game points: the first tie-break
        if expected_mp[better] == expected_mp[worse]:
            assert expected_gp[better] >= expected_gp[worse]
    # team Sonneborn-Berger (annex §2.2.2.2): opponents' match points x the game points scored against them
    leader = table["rows"][0]["team"]  # type: ignore[index]
    sbb = sum(expected_mp[away if home == leader else home] * (hg if home == leader else ag)
              for _r, home, away, hg, ag in meetings if leader in (home, away))
    assert rows[leader]["tiebreaks"]["SBB"] == pytest.approx(sbb)
    explained = _json(capsys, "standings", p, "--explain", names[leader], "SBB")
    assert explained["value"] == pytest.approx(sbb) and len(explained["lines"]) == 10  # type: ignore[index]
    assert "FFE, annex « Départages » §2.2.2.2" in _run(capsys, "standings", p, "--explain", names[leader], "SBB")
    # the annex §3 preset for a team round robin, and Berlin
    _run(capsys, "teams", "rules", p, "--preset", "round-robin-team")
    assert _json(capsys, "teams", "rules", p)["tiebreaks"] == ["GP", "DE", "SBB"]  # type: ignore[index]
    berlin = _json(capsys, "standings", p, "--tiebreaks", "BERLIN")
    assert all("BERLIN" in r["tiebreaks"] for r in berlin["rows"])  # type: ignore[index]
    assert "Board 1" in _run(capsys, "standings", p, "--boards")

    # printing, in French: team standings, crosstable, the round's matches, the match sheets
    pdfs = {}
    for document in ("standings", "crosstable", "pairings", "slips"):
        out = tmp_path / f"{document}.pdf"
        assert main(["--lang", "fr", "print", p, document, "--round", "3", "-o", str(out)]) == 0
        capsys.readouterr()
        pdfs[document] = _pdf_text(out.read_bytes())
    first = table["rows"][0]["name"]  # type: ignore[index]
    assert "Classement par équipes" in pdfs["standings"] and first in pdfs["standings"]
    assert "FFE, annexe « Départages » §2.2.2.2" in pdfs["standings"]
    assert "Grille américaine par équipes" in pdfs["crosstable"]
    r3 = _json(capsys, "matches", p, "--round", "3")
    sheet = pdfs["slips"]
    assert sheet.count("Capitaine : ") == 2 * len(r3)  # type: ignore[arg-type]
    for m in r3:  # type: ignore[union-attr]
        assert f"Match {m['number']} : {names[m['home']]} - {names[m['away']]}" in sheet
    assert "+ -" in pdfs["pairings"] or "- +" in pdfs["pairings"]  # the board left empty in round 3

    # one board result = one undo step
    last = meetings[-1]
    _run(capsys, "undo", p)
    match = _json(capsys, "matches", p, "--round", "10")
    assert [b["result"] for b in match[-1]["boards"]][-1] is None  # type: ignore[index]
    assert match[-1]["finished"] is False  # type: ignore[index]
    _run(capsys, "redo", p)
    assert _json(capsys, "matches", p, "--round", "10")[-1]["finished"] is True  # type: ignore[index]
    assert last[0] == 10

    # the event file read back: teams, rosters, matches, line-ups and every board game
    with EventSession.open(path, readonly=True) as session:
        state = session.state()
    assert len(state.teams) == 6 and len(state.matches) == 30 and len(state.lineups) == 60
    assert state.event.rounds == 10
    assert sum(len(r.games) for r in state.rounds) == 30 * 4 - 1  # board 4 of team no. 6 left empty in round 3
    rules = state.event.team
    assert rules is not None and rules.boards == 4 and rules.unrated_rating == 1400
    m = state.matches_in(1)[0]
    home = state.lineup(1, m.home)
    assert home is not None
    board1 = next(g for g in state.round(1).games if g.board == 1)
    assert board1.white_id == home.players[0]  # the home team has White on board 1 (odd boards)
    board2 = next(g for g in state.round(1).games if g.board == 2)
    assert board2.black_id == home.players[1]

    # the homologation bundle holds the team standings and the matches; read back, it is the same event
    bundle = tmp_path / "interclubs.zip"
    assert main(["--lang", "en", "export", p, "--bundle", str(bundle)]) == 0
    out = capsys.readouterr()
    assert "double round robin of" not in out.out + out.err  # the grid's places are the teams', not the players'
    import zipfile

    with zipfile.ZipFile(bundle) as zf:
        team_csv = zf.read("team-standings.csv").decode("utf-8-sig").splitlines()
    assert team_csv[0].startswith("place;team_id;pairing_number;name;played;won;drawn;lost;match_points;game_points")
    assert [line.split(";")[3] for line in team_csv[1:]] == [r["name"] for r in table["rows"]]  # type: ignore[index]
    copy = tmp_path / "copy.tdesk"
    _run(capsys, "new", str(copy), "--from-bundle", str(bundle))
    with EventSession.open(copy, readonly=True) as session:
        back = session.state()
    assert (back.teams, back.matches, back.lineups, back.event.team) == (state.teams, state.matches, state.lineups,
                                                                         state.event.team)


def test_bad_line_ups_and_results_change_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    p = str(path)
    _run(capsys, "new", p, "--name", "Coupe", "--system", "round-robin", "--team", "--boards", "2")
    for team in ("A", "B", "C"):
        ids = [str(_json(capsys, "players", "add", p, "--surname", f"{team}{i}")["id"])  # type: ignore[index]
               for i in range(3)]
        _run(capsys, "teams", "add", p, "--name", f"Club {team}", "--members", ",".join(ids))
    _run(capsys, "teams", "number", p, "--set", "Club A=1", "Club B=2", "Club C=3")
    out = _run(capsys, "pair", p)
    assert "no match this round" in out  # three teams: one without a match each round
    match = _json(capsys, "matches", p, "--round", "1")[0]  # type: ignore[index]
    home = match["home"]
    before = _rows(path)
    roster = _json(capsys, "teams", "list", p)
    members = {t["id"]: t["members"] for t in roster}  # type: ignore[index, union-attr]
    first, second, third = (str(x) for x in members[home])
    err = _run(capsys, "lineup", p, "--round", "1", "--team", str(home), second, first, code=3)
    assert "out of board order" in err
    err = _run(capsys, "lineup", p, "--round", "1", "--team", str(home), first, second, third, code=3)
    assert "names 3 players for 2 boards" in err
    other = str(members[match["away"]][0])
    err = _run(capsys, "lineup", p, "--round", "1", "--team", str(home), first, other, code=3)
    assert "is not in the roster" in err
    err = _run(capsys, "result", p, "--round", "1", "--match", "1", "--board", "1", "1-0", code=3)
    assert "line-up of" in err and "is missing" in err
    assert _rows(path) == before
    # a line-up with an empty board: a result there is refused, the others count
    _run(capsys, "lineup", p, "--round", "1", "--team", str(home), first, "0")
    _run(capsys, "lineup", p, "--round", "1", "--team", str(match["away"]), *(str(x) for x in
                                                                           members[match["away"]][:2]))
    before = _rows(path)
    err = _run(capsys, "result", p, "--round", "1", "--match", "1", "--board", "2", "0-1", code=3)
    assert "Board 2" in err and "is empty" in err and _rows(path) == before
    _run(capsys, "result", p, "--round", "1", "--match", "1", "--board", "1", "1/2")
    done = _json(capsys, "matches", p, "--round", "1")[0]  # type: ignore[index]
    assert done["finished"] and done["score"] == [0.5, 1.5] and done["match_points"] == [0, 2]


def test_eight_team_draughts_round_robin(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "dames.tdesk"
    p = str(path)
    _run(capsys, "new", p, "--name", "Championnat par équipes", "--discipline", "draughts", "--system",
         "round-robin", "--team", "--boards", "4", "--match-points", "3,1,0,0")
    lines = ["team,surname,rating"]
    for t in range(8):
        for b in range(4):
            lines.append(f"Damier {t + 1},D{t}{b},{1800 - 40 * t - 10 * b}")
    (tmp_path / "d.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    _run(capsys, "teams", "import", p, str(tmp_path / "d.csv"))
    _run(capsys, "teams", "number", p, "--rating")
    teams = {t["id"]: t for t in _json(capsys, "teams", "list", p)}  # type: ignore[index, union-attr]
    assert [teams[i]["pairing_number"] for i in sorted(teams)] == list(range(1, 9))
    grid = berger_rounds(8, order="fmjd")  # the FMJD grid of the FFJD's annex A, as individual events use it
    gp: dict[int, float] = defaultdict(float)
    mp: dict[int, float] = defaultdict(float)
    for rnd in range(1, 8):
        matches = _json(capsys, "pair", p)["matches"]  # type: ignore[index]
        numbers = {t: teams[t]["pairing_number"] for t in teams}
        assert [(numbers[m["home"]], numbers[m["away"]]) for m in matches] == grid[rnd - 1]
        for m in matches:
            for side in ("home", "away"):
                _run(capsys, "lineup", p, "--round", str(rnd), "--team", f"#{numbers[m[side]]}",
                     *(str(x) for x in teams[m[side]]["members"]))
            h = a = 0.0
            for board in range(1, 5):
                result = ("2-0", "1-1", "0-2", "2-0")[(rnd + m["number"] + board) % 4]
                _run(capsys, "result", p, "--round", str(rnd), "--match", str(m["number"]), "--board", str(board),
                     result)
                h += DRAUGHTS_POINTS[result][0]
                a += DRAUGHTS_POINTS[result][1]
            gp[m["home"]] += h
            gp[m["away"]] += a
            mp[m["home"]] += 3 if h > a else 1 if h == a else 0
            mp[m["away"]] += 3 if a > h else 1 if h == a else 0
    table = _json(capsys, "standings", p)
    assert {r["team"]: r["match_points"] for r in table["rows"]} == pytest.approx(dict(mp))  # type: ignore[index]
    assert {r["team"]: r["game_points"] for r in table["rows"]} == pytest.approx(dict(gp))  # type: ignore[index]
    ranked = [r["team"] for r in table["rows"]]  # type: ignore[index]
    assert [mp[t] for t in ranked] == sorted(mp.values(), reverse=True)
    assert main(["--lang", "fr", "standings", p]) == 0
    french = capsys.readouterr().out
    assert "Équipe" in french and "Classement aux points de match, puis points de parties" in french
    with EventSession.open(path, readonly=True) as session:
        state = session.state()
    assert len(state.matches) == 28 and sum(len(r.games) for r in state.rounds) == 112
    assert state.event.team is not None and state.event.team.match_points == (3.0, 1.0, 0.0, 0.0)


def _trf_player(rank: int, name: str, rating: int) -> str:
    return f"001 {rank:4d}      {name:<33} {rating:4d} FRA {'':>11} {'':<10} {'0.0':>4} {rank:>4}"


def test_a_trf16_team_registration_file_imports_its_teams_and_players(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    """TRF16 ``013`` records (team name in columns 5-36, the starting ranks from column 37, four digits each):
    ``new --from-trf`` makes a team round robin with those teams, rosters in the record's order."""
    lines = ["012 Interclubs du Rhône", "022 Lyon"]
    lines += [_trf_player(r, f"Joueur{r:02d}, Prénom", 2100 - 10 * r) for r in range(1, 9)]
    lines += [f"013 {'Echiquier Lyonnais':<32}{''.join(f'{r:>4} ' for r in (2, 1, 3, 4))}",
              f"013 {'Tour de Villeurbanne':<32}{''.join(f'{r:>4} ' for r in (5, 6, 7, 8))}"]
    trf = tmp_path / "teams.trf"
    trf.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    path = tmp_path / "from-trf.tdesk"
    _run(capsys, "new", str(path), "--from-trf", str(trf), "--boards", "4")
    teams = _json(capsys, "teams", "list", str(path))
    assert [t["name"] for t in teams] == ["Echiquier Lyonnais", "Tour de Villeurbanne"]  # type: ignore[index]
    with EventSession.open(path, readonly=True) as session:
        state = session.state()
    assert state.event.team is not None and state.event.team.boards == 4
    assert [state.player(pid).surname.upper() for pid in state.teams[0].members] == ["JOUEUR02", "JOUEUR01", "JOUEUR03",
                                                                               "JOUEUR04"]
    # a team Swiss file with rounds played is refused, naming why, and creates nothing
    sample = Path(__file__).resolve().parents[1] / "data" / "trf" / "trf26_team_6x4.trf"
    err = _run(capsys, "new", str(tmp_path / "no.tdesk"), "--from-trf", str(sample), code=3)
    assert "the Berger table pairs 1-6, 2-5, 3-4" in err and not (tmp_path / "no.tdesk").exists()


def test_a_team_event_keeps_the_arbiters_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 33 on a team event: a board result of round 1 corrected after round 2 was paired changes a published
    round (FIDE C.04.2, the arbiter's log), so the command line refuses it without ``--reason`` and changes
    nothing; with it, the correction is stored and the reason kept in the file's audit."""
    path = tmp_path / "coupe.tdesk"
    p = str(path)
    _run(capsys, "new", p, "--name", "Coupe", "--system", "round-robin", "--team", "--boards", "2")
    for t, team in enumerate(("Nord", "Sud", "Est", "Ouest")):
        ids = [str(_json(capsys, "players", "add", p, "--surname", f"{team}{b}",  # type: ignore[index]
                         "--rating", str(2000 - 100 * t - 10 * b))["id"]) for b in range(2)]
        _run(capsys, "teams", "add", p, "--name", team, "--members", ",".join(ids))
    _run(capsys, "teams", "number", p, "--rating")
    teams = _json(capsys, "teams", "list", p)
    members = {t["id"]: t["members"] for t in teams}  # type: ignore[index, union-attr]
    for rnd in (1, 2):
        matches = _json(capsys, "pair", p)["matches"]  # type: ignore[index]
        for m in matches:
            for side in ("home", "away"):
                _run(capsys, "lineup", p, "--round", str(rnd), "--team", str(m[side]),
                     *[str(x) for x in members[m[side]]])
            if rnd == 1:
                for board in (1, 2):
                    _run(capsys, "result", p, "--round", "1", "--match", str(m["number"]), "--board", str(board),
                         "1-0")
    before = _rows(path)
    correction = ("result", p, "--round", "1", "--match", "1", "--board", "2", "0-1", "--replace")
    err = _run(capsys, *correction, code=3)
    assert "published round" in err and "--reason" in err, err
    assert _rows(path) == before  # refused: nothing changed
    _run(capsys, *correction, "--reason", "The score sheet of board 2 says 0-1")
    with EventSession.open(path, readonly=True) as session:
        state = session.state()
        logged = [(e.reason, e.label.text("en")) for e in session.audit_log() if e.reason]
    match = next(m for m in state.matches if m.round == 1 and m.number == 1)
    assert state.event.is_team_event and match is not None
    assert [reason for reason, _label in logged] == ["The score sheet of board 2 says 0-1"]
