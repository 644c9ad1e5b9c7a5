"""TRF-2026 team files and blank numeric fields (issue 27).

A team tournament in FIDE's 2026 format (teams in ``310`` records, the team section's ``300``/``802`` records,
``352``/``362``, national rating records, and ``250`` acceleration records carrying match points at columns 5-8
with the game points at 10-13 left blank) was refused by ``players import`` at its first ``250`` record ("could
not convert string to float"). The rule: a blank numeric field in a record that allows it is read as absent
(None); a field that is not blank and does not read as its number is a ``TrfError`` naming line and column.

``tests/data/trf/trf26_team_6x4.trf`` is written by hand in the layout TRF26 documents: 6 teams of 4 boards,
3 rounds, a board order changed in round 2 (``300``), informative ``802`` records, the FFE ratings of one team.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.cli.engine import main_dutch
from tournament_desk.formats.players_trf import read_players_file
from tournament_desk.formats.trf import TrfAcceleration, TrfError, TrfTeam, dumps, loads, read_file, to_swiss_state
from tournament_desk.services.session import EventSession

DATA = Path(__file__).resolve().parents[1] / "data" / "trf"
TEAM_FILE = DATA / "trf26_team_6x4.trf"


def _player(rank: int, name: str, points: str = "0.0", *blocks: str) -> str:
    head = f"001 {rank:4d}      {name:<33} 2000 FRA {'':>11} {'':<10} {points:>4} {rank:>4}"
    return (head + "".join("  " + b.ljust(8) for b in blocks)).rstrip()


INDIVIDUAL = "\n".join([
    "012 Open", "XXR 5",
    _player(1, "Un, Joueur", "1.0", "   2 w 1"), _player(2, "Deux, Joueur", "0.0", "   1 b 0"),
    _player(3, "Trois, Joueur", "1.0", "   4 w 1"), _player(4, "Quatre, Joueur", "0.0", "   3 b 0"),
]) + "\n"


# -- the sample team file ------------------------------------------------------------------------------------
def test_the_team_file_reads_without_a_warning() -> None:
    trf = read_file(str(TEAM_FILE))
    assert trf.warnings == []
    assert len(trf.players) == 24 and trf.is_team_event
    assert [t.number for t in trf.teams] == [1, 2, 3, 4, 5, 6]
    assert trf.teams[0] == TrfTeam(number=1, name="Echiquier Lyonnais", nickname="ECLYO", strength=2363,
                                   match_points=5.0, game_points=7.0, rank=1, players=[1, 2, 3, 4])
    assert [t.rank for t in trf.teams] == [1, 4, 4, 6, 3, 2]  # ties allowed
    assert trf.acceleration_ranges == [TrfAcceleration(1.0, None, 1, 1, 1, 3), TrfAcceleration(0.5, None, 2, 2, 1, 3)]
    assert trf.headers["352"] == ["WBWB"] and trf.headers["362"] == ["TW 2.0   TD 1.0   TL 0.0"]
    assert [line[:3] for line in trf.team_lines] == ["310"] * 6 + ["300"] + ["802"] * 6
    assert [line[:8] for line in trf.national_lines] == ["FRA    1", "FRA    2", "FRA    3", "FRA    4"]
    assert all(line.startswith("###") for line in trf.other_lines)


def test_the_team_file_is_written_back_as_read() -> None:
    trf = read_file(str(TEAM_FILE))
    again = loads(dumps(trf, edition="26"))
    assert again == trf
    text = TEAM_FILE.read_text(encoding="utf-8")
    for line in trf.team_lines + trf.national_lines:
        assert line in text


def test_players_import_takes_the_team_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = tmp_path / "coupe.tdesk"
    assert main(["new", str(event), "--name", "Coupe", "--rounds", "5"]) == 0
    capsys.readouterr()
    assert main(["players", "import", str(event), str(TEAM_FILE)]) == 0, capsys.readouterr().err
    assert capsys.readouterr().out.strip() == "Import 24 players"
    with EventSession.open(event, readonly=True) as s:
        players = s.players()
    assert len(players) == 24
    first = next(p for p in players if p.fide_id == "20600000")
    assert (first.surname, first.first_name, first.title, first.rating("fide")) == ("Moreau", "Anne", "IM", 2437)
    assert {p.federation for p in players} == {"FRA", "SUI", "ESP", "ITA", "POR", "BEL"}
    assert len(read_players_file(TEAM_FILE)) == 24


def test_a_team_file_is_not_paired_nor_made_an_individual_event(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Its 240/250/260 records name teams: neither the engine nor an individual event can take them. Its rounds
    are a team Swiss (round 1: 1-4, 2-5, 3-6), which is not continued here: a team event is continued as a team
    round robin (issue 31 item 8), and the Berger table for 6 pairs 1-6, 2-5, 3-4 in round 1."""
    assert main(["new", str(tmp_path / "t.tdesk"), "--from-trf", str(TEAM_FILE)]) == 3
    err = capsys.readouterr().err
    assert ("line 26, column 1: round 1: teams 1 and 4 meet, but the Berger table pairs 1-6, 2-5, 3-4: a team "
            "event is continued here as a team round robin (the team Swiss system is not available)") in err
    assert not (tmp_path / "t.tdesk").exists()
    assert main_dutch(["--dutch", str(TEAM_FILE), "-p"]) == 3
    assert "team event" in capsys.readouterr().err


def test_an_individual_event_still_imports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = DATA / "sharly_chess_baku.trf"
    assert not read_file(str(source)).is_team_event
    assert main(["new", str(tmp_path / "e.tdesk"), "--from-trf", str(source)]) == 0, capsys.readouterr().err


# -- blank and unreadable numbers ------------------------------------------------------------------------------
@pytest.mark.parametrize(("record", "expected"), [
    ("250  1.0      001 002 0001 0003", TrfAcceleration(1.0, None, 1, 2, 1, 3)),   # a team event: MP only
    ("250      1.0  001 002 0001 0003", TrfAcceleration(None, 1.0, 1, 2, 1, 3)),   # an individual event: GP only
    ("250 00.0 02.0 001 003 0001 0090", TrfAcceleration(0.0, 2.0, 1, 3, 1, 90)),   # both (the TRF26 example)
    ("250           001 001 0001 0001", TrfAcceleration(None, None, 1, 1, 1, 1)),  # neither
    ("250       1.0   1   2    1    2", TrfAcceleration(None, 1.0, 1, 2, 1, 2)),   # numbers not zero-padded
])
def test_blank_points_in_250_are_absent(record: str, expected: TrfAcceleration) -> None:
    trf = loads(INDIVIDUAL + record + "\n")
    assert trf.acceleration_ranges == [expected]
    assert trf.warnings == []


@pytest.mark.parametrize(("record", "column", "fragment"), [
    ("250  1,5      001 002 0001 0003", 5, "fictitious match points must be a number such as 1.5, found '1,5'"),
    ("250      x.5  001 002 0001 0003", 10, "fictitious game points must be a number such as 1.5, found 'x.5'"),
    ("250      nan  001 002 0001 0003", 10, "found 'nan'"),
    ("250      1.0      002 0001 0003", 15, "missing first round"),
    ("250      1.0  001 0x2 0001 0003", 19, "last round must be a whole number"),
    ("250      1.0  001 002      0003", 23, "missing first player (or team) id"),
    ("250      1.0  003 002 0001 0003", 19, "rounds 3 to 2 are not a range"),
    ("250      1.0  000 002 0001 0003", 15, "rounds 0 to 2 are not a range"),
    ("250      1.0  001 002 0005 0003", 28, "ids 5 to 3 are not a range"),
    ("250", 15, "missing first round"),
])
def test_an_unreadable_250_names_line_and_column(record: str, column: int, fragment: str) -> None:
    with pytest.raises(TrfError) as info:
        loads(INDIVIDUAL + record + "\n")
    assert (info.value.line, info.value.column) == (7, column)
    assert fragment in info.value.message


def test_team_records_with_blank_numbers(tmp_path: Path) -> None:
    blank = "310   7 Les Blancs                                                       1    2"
    trf = loads(INDIVIDUAL + blank + f"\n013 {'Old Style Team':<32}   3    4\n")
    assert trf.teams == [TrfTeam(number=7, name="Les Blancs", players=[1, 2]),
                         TrfTeam(number=2, name="Old Style Team", players=[3, 4])]
    assert trf.warnings == []


@pytest.mark.parametrize(("record", "column", "fragment"), [
    ("310   1 Alpha                            ALPHA   2363    5,0    7.0   1     1    2", 55,
     "team match points must be a number such as 1.5, found '5,0'"),
    ("310   1 Alpha                            ALPHA   2363    5.0   seven  1     1    2", 62,
     "team game points must be a number"),
    ("310   1 Alpha                            ALPHA   23x3    5.0    7.0   1     1    2", 48, "team strength"),
    ("310   1 Alpha                            ALPHA   2363    5.0    7.0   a     1    2", 69, "team rank"),
    ("310   1 Alpha                            ALPHA   2363    5.0    7.0   1     1    b", 79, "player id"),
    ("310     Alpha", 5, "missing team number"),
])
def test_an_unreadable_team_record_names_line_and_column(record: str, column: int, fragment: str) -> None:
    with pytest.raises(TrfError) as info:
        loads(INDIVIDUAL + record + "\n")
    assert (info.value.line, info.value.column) == (7, column)
    assert fragment in info.value.message


@pytest.mark.parametrize(("record", "column", "fragment"), [
    ("XXA    1  1.0  x.5", 15, "accelerated points must be a number"),
    ("XXA    1  1.0  1e9", 15, "found '1e9'"),
    ("162  W 1.0    D 0,5", 16, "points of the result code 'D' must be a number"),
    ("BBW inf", 5, "BBW needs points such as 1.0, found 'inf'"),
    ("XXR 100000", 5, "100000 rounds: a TRF event has at most 999"),
    ("XXR 1²", 5, "number of rounds must be a whole number"),
    ("XXP 1 ²", 7, "player id must be a whole number"),
    ("XXZ 12345", 5, "player id 12345 is not a starting rank"),
    ("001    ²    Bad", 5, "starting rank must be a whole number"),
])
def test_other_numbers_name_line_and_column(record: str, column: int, fragment: str) -> None:
    with pytest.raises(TrfError) as info:
        loads(INDIVIDUAL + record + "\n")
    assert (info.value.line, info.value.column) == (7, column)
    assert fragment in info.value.message


def test_blank_rounds_of_xxa_and_lenient_fields() -> None:
    trf = loads(INDIVIDUAL + "XXA    1  1.0       0.5\nXXS W=nan D=0.5\n162  W 1.0    D    \n")
    assert trf.accelerations == {1: [1.0, 0.0, 0.5]}  # a blank round: no fictitious points in it
    assert trf.scoring_codes == {"D": 0.5, "W": 1.0}  # XXS W=nan is a warning; 162 D blank is absent
    assert any("bad scoring entry 'W=nan'" in w for w in trf.warnings)
    odd = _player(5, "Cinq, Joueur", "n.5").replace(" 2000 ", " 2Ø00 ")
    trf = loads(INDIVIDUAL + odd + "\n")
    assert trf.player(5).points is None and trf.player(5).rating == 0
    assert any("unreadable points 'n.5'" in w for w in trf.warnings)


def test_a_game_points_250_accelerates_the_players_a_match_points_one_does_not() -> None:
    trf = loads(INDIVIDUAL + "250      1.0  001 002 0001 0002\n250  1.0      001 002 0003 0004\n")
    state = to_swiss_state(trf, 2)
    assert [state.player(i).accelerations for i in (1, 2, 3, 4)] == [(1.0, 1.0), (1.0, 1.0), (), ()]


def test_a_wide_250_range_costs_only_the_players_it_names() -> None:
    trf = loads(INDIVIDUAL + "250      1.0  001 999 0001 9999\n")
    state = to_swiss_state(trf, 2)
    assert len(state.player(4).accelerations) == 999
