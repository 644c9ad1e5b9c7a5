"""The TRF-2026 team records, written and read at the columns of the text (issue 31 item 8).

FIDE Handbook, "Format of Tournament Report File (TRF) - Version 2026" (TRF26), read through echecsjs/trf
``SPEC.md``: Team Section (records ``310``, ``013``), Bye Section (``320``), Forfeited Matches (``330``),
Out-Of-(default)Order (``300``), Abnormal Assignment Points (``299``), team tournament tags (``352``, ``362``). Where
the text gives an example record, the writer must give that record character for character.

``tests/data/trf/tiebreakserver_fideteam_nocolor.trf`` is a real TRF-2026 team file: OttoMilvang/TieBreakServer,
``tests/fixtures/fideteam_nocolor.trf`` (MIT licence, copyright FIDE), a team Swiss of 9 teams of 2 boards, 7 rounds,
whose ``310`` records give each team's match and game points: the matches read from its ``001`` lines must give
the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.formats.trf import (
    TrfAbnormal,
    TrfError,
    TrfForfeit,
    TrfLineup,
    TrfTeam,
    TrfTeamBye,
    abnormal_record,
    forfeit_record,
    lineup_record,
    loads,
    read_file,
    team_bye_record,
    team_record,
    team_record_013,
    team_scoring_record,
)
from tournament_desk.formats.trf_team_rounds import team_rounds

DATA = Path(__file__).resolve().parents[1] / "data" / "trf"


def _player(rank: int, points: str = "", *blocks: str) -> str:
    head = f"001 {rank:4d}      {'Joueur' + str(rank) + ', Test':<33} 2000 FRA {'':>11} {'':<10} {points:>4} {rank:>4}"
    return (head + "".join("  " + b.ljust(8) for b in blocks)).rstrip()


def test_310_is_written_as_the_text_s_example() -> None:
    """TRF26, Record 310, its example: pairing number 5-7, name 9-40, nickname 42-46, strength 48-53, match points
    55-60, game points 62-67, rank 69-71, players 74-77, 79-82..."""
    india = TrfTeam(1, "India", "IND", 2486, 15.0, 28.0, 11, [1, 5, 15, 28, 44])
    ukraine = TrfTeam(2, "Ukraine", "UKR", 2478, 14.0, 26.5, 14, [2, 4, 20, 27, 22])
    assert team_record(india) == ("310   1 India                            IND     2486   15.0   28.0  11     1    5"
                                  "   15   28   44")
    assert team_record(ukraine) == ("310   2 Ukraine                          UKR     2478   14.0   26.5  14     2    4"
                                    "   20   27   22")
    text = _player(1) + "\n" + team_record(india).replace("    5   15   28   44", "") + "\n"
    assert loads(text).teams == [TrfTeam(1, "India", "IND", 2486, 15.0, 28.0, 11, [1])]


def test_013_places_the_players_from_column_37() -> None:
    """TRF26, Record 013 (to be phased out): name 5-36, 1st player 37-40, 2nd 42-45, 3rd 47-50."""
    line = team_record_013(TrfTeam(1, "Echiquier Lyonnais", players=[2, 1, 13]))
    fields = (line[4:36].rstrip(), line[36:40], line[41:45], line[46:50])
    assert fields == ("Echiquier Lyonnais", "   2", "   1", "  13")
    players = "\n".join(_player(r) for r in (1, 2, 13))
    assert loads(players + "\n" + line + "\n").teams[0].players == [2, 1, 13]


def test_330_is_written_as_the_text_s_example() -> None:
    """TRF26, Forfeited Matches, its example: type 5-6, round 8-10, White team 12-14, Black team 16-18."""
    assert forfeit_record(TrfForfeit("+-", 4, 23, 47)) == "330 +- 004 023 047"
    assert forfeit_record(TrfForfeit("-+", 8, 27, 5)) == "330 -+ 008 027 005"
    trf = loads(_player(1) + "\n330 +- 004 023 047\n330 -- 001 002 003\n")
    assert trf.forfeits == [TrfForfeit("+-", 4, 23, 47), TrfForfeit("--", 1, 2, 3)]


def test_300_320_299_and_362_at_their_columns() -> None:
    """300: round 5-7, team 9-11, opponent 13-15, board 1's player 17-20, board 2's 22-25 (0000: unoccupied). 320:
    match points 5-8, game points 10-13, round 1's team 15-17, round 2's 19-21. 299: type 5, match points 8-11, game
    points 14-17, round 20-22, teams 24-27. 362: TW/TD/TL each ending at column 6, 15, 24 with its points at 7-10,
    16-19, 25-28, where record 162 puts its codes and points (and where TieBreakServer's reader of 162 and 362
    looks: the symbol's last letter at 6, then every 9 columns)."""
    lineup = lineup_record(TrfLineup(2, 3, 4, (10, 9, None, 12)))
    assert lineup == "300 002 003 004 0010 0009 0000 0012"
    assert (lineup[4:7], lineup[8:11], lineup[12:15], lineup[16:20], lineup[21:25]) == ("002", "003", "004", "0010",
                                                                                      "0009")
    bye = team_bye_record(TrfTeamBye(2.0, 3.0, (0, 7, 12)))
    assert (bye[4:8], bye[9:13], bye[14:17], bye[18:21], bye[22:25]) == (" 2.0", " 3.0", "000", "007", "012")
    abnormal = abnormal_record(TrfAbnormal("-", -1.0, 0.0, 5, (26, 47)))
    assert (abnormal[4], abnormal[7:11], abnormal[13:17], abnormal[19:22], abnormal[23:27], abnormal[28:32]) == (
        "-", "-1.0", " 0.0", "005", "  26", "  47")
    scoring = "362 " + team_scoring_record({"TW": 3.0, "TD": 1.0, "TL": 0.0})
    assert [(scoring[c - 1], scoring[c:c + 4]) for c in (6, 15, 24)] == [("W", " 3.0"), ("D", " 1.0"), ("L", " 0.0")]
    assert [scoring[c - 2:c] for c in (6, 15, 24)] == ["TW", "TD", "TL"]
    players = "\n".join(_player(r) for r in (9, 10, 12))
    trf = loads(f"{players}\n{lineup}\n{bye}\n{abnormal}\n{scoring}\n")
    assert trf.lineups == [TrfLineup(2, 3, 4, (10, 9, None, 12))]
    assert trf.team_byes == [TrfTeamBye(2.0, 3.0, (0, 7, 12))]
    assert trf.abnormal == [TrfAbnormal("-", -1.0, 0.0, 5, (26, 47))]
    assert trf.team_scoring == {"TW": 3.0, "TD": 1.0, "TL": 0.0}
    assert trf.warnings == []


@pytest.mark.parametrize(("record", "column", "fragment"), [
    ("300 002 003 004 0010 00x9", 22, "player id must be a whole number"),
    ("300     003 004 0010", 5, "missing round"),
    ("300 002 003 003 0010", 9, "team 3 cannot be its own opponent"),
    ("300 002 003 004", 17, "no board"),
    ("320  2.0  x.0 001", 10, "PAB game points must be a number"),
    ("320  2.0  1.0 001 0a2", 19, "team pairing number must be a whole number"),
    ("330 +x 004 023 047", 5, "type of forfeit must be +-"),
    ("330 +- 004 023 023", 16, "team 23 cannot play itself"),
    ("330 +- 000 023 047", 8, "round 0 is not a round"),
    ("299 Q  1.0   0.0  001    3", 5, "type of abnormal assignment"),
    ("299 -  1,0   0.0  001    3", 8, "match points must be a number"),
    ("362 TW 2.0   TD x.0", 16, "match points of 'TD' must be a number"),
])
def test_a_team_record_that_cannot_be_read_names_line_and_column(record: str, column: int, fragment: str) -> None:
    with pytest.raises(TrfError) as info:
        loads(_player(1) + "\n" + record + "\n")
    assert (info.value.line, info.value.column) == (2, column)
    assert fragment in info.value.message


def test_the_real_team_file_s_matches_give_its_own_match_and_game_points() -> None:
    """TieBreakServer's team Swiss: 2 boards, match points 2/1/0 (362 defaults), a board won 1, drawn 1/2 (162
    defaults); the team without an opponent has its players' ``0000 - U`` (pairing-allocated byes: 1 point a board,
    the game points), and TieBreakServer gives such a team a draw's match points (its reading of a team PAB without
    a 320 record). The 310 records' match and game points must be what the matches read give."""
    trf = read_file(str(DATA / "tiebreakserver_fideteam_nocolor.trf"))
    assert trf.warnings == [] and len(trf.teams) == 9 and trf.total_rounds == 7
    points = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}
    mp = {t.number: 0.0 for t in trf.teams}
    gp = {t.number: 0.0 for t in trf.teams}
    rounds = team_rounds(trf)
    assert len(rounds) == 7
    for r in rounds:
        assert len(r.matches) == 4 and r.bye is not None
        mp[r.bye] += 1.0
        gp[r.bye] += 2.0
        for m in r.matches:
            assert len(m.boards) == 2 and m.sides_known
            home = sum(points[b.home_code] for b in m.boards)
            away = sum(points[b.away_code] for b in m.boards)
            gp[m.home] += home
            gp[m.away] += away
            mp[m.home] += 2.0 if home > away else 1.0 if home == away else 0.0
            mp[m.away] += 2.0 if away > home else 1.0 if home == away else 0.0
    assert {t.number: (t.match_points, t.game_points) for t in trf.teams} == {n: (mp[n], gp[n]) for n in mp}
    # round 1: team 1 (players 1, 2) meets team 5 (9, 10); player 1 has White on board 1: team 1 is home (WB)
    first = next(m for m in rounds[0].matches if 1 in (m.home, m.away))
    assert (first.home, first.away, first.home_lineup, first.away_lineup) == (1, 5, (1, 2), (9, 10))
    assert rounds[0].bye == 9


def test_matches_that_cannot_be_a_team_round_name_their_line() -> None:
    teams = "\n".join([team_record(TrfTeam(1, "Alpha", players=[1, 2])),
                       team_record(TrfTeam(2, "Beta", players=[3, 4]))]) + "\n"
    same_team = "\n".join([_player(1, "", "   2 w 1"), _player(2, "", "   1 b 0"), _player(3), _player(4)])
    with pytest.raises(TrfError) as info:
        team_rounds(loads(same_team + "\n" + teams))
    assert (info.value.line, info.value.column) == (1, 92) and "of team 1 meet" in info.value.message
    stranger = "\n".join([_player(1, "", "   3 w 1"), _player(2), _player(3, "", "   1 b 0"), _player(4),
                          "300 001 001 002 0001 0003"])
    with pytest.raises(TrfError) as info:
        team_rounds(loads(stranger + "\n" + teams))
    assert (info.value.line, info.value.column) == (5, 22) and "player 3 at board 2 is not in team 1" in \
        info.value.message
    colours = "\n".join([_player(1, "", "   3 w 1"), _player(2, "", "   4 w 1"), _player(3, "", "   1 b 0"),
                         _player(4, "", "   2 b 0"), "352 WB"])
    with pytest.raises(TrfError) as info:
        team_rounds(loads(colours + "\n" + teams))
    assert (info.value.line, info.value.column) == (2, 97) and "do not follow the board colours WB" in \
        info.value.message


def test_a_player_who_plays_outside_his_team_s_line_up_names_his_line() -> None:
    """A ``300`` record gives a team's line-up: a player of the team with a game that round must sit in it."""
    teams = "\n".join([team_record(TrfTeam(1, "Alpha", players=[1, 2, 5])),
                       team_record(TrfTeam(2, "Beta", players=[3, 4, 6]))]) + "\n"
    played = "\n".join([_player(1, "", "   3 w 1"), _player(2, "", "   4 b 0"), _player(3, "", "   1 b 0"),
                        _player(4, "", "   2 w 1"), _player(5), _player(6), "300 001 001 002 0001 0005"])
    with pytest.raises(TrfError) as info:
        team_rounds(loads(played + "\n" + teams))
    assert (info.value.line, info.value.column) == (2, 92)
    assert "player 2 of team 1 plays, but the line-up of team 1 (300) does not seat him" in info.value.message
