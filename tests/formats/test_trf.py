"""TRF16/TRF26 reader and writer."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.core.pairing.swiss_state import ByeKind, Colour, Outcome
from tournament_desk.formats.trf import (
    TrfAcceleration,
    TrfError,
    dumps,
    loads,
    played_rounds,
    read_file,
    to_swiss_state,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "dutch"
FIXTURES = sorted(DATA.glob("*.trf"))


def _p(rank, sex, title, name, rating, fed, fid, birth, pts, rnk, *blocks) -> str:
    head = f"001 {rank:4d} {sex:1}{title:>3} {name:<33} {rating:>4} {fed:<3} {fid:>11} {birth:<10} {pts:>4} {rnk:>4}"
    return (head + "".join("  " + b.ljust(8) for b in blocks)).rstrip()


SMALL = (
    "\n".join(
        [
            "012 Small Open",
            "022 Lyon",
            "042 2026/03/01",
            _p(1, "m", "GM", "Alpha, Ann", "2700", "FRA", "12345678", "1990/01/01", "1.5", "1", "   3 w 1", "   2 b ="),
            _p(2, "w", "IM", "Beta, Bob", "2600", "GER", "222222", "1991/02/02", "1.0", "2", "0000 - U", "   1 w ="),
            _p(3, "", "", "Gamma, Cy", "2500", "", "", "", "0.0", "3", "   1 b 0", "0000 - Z"),
        ]
    )
    + "\n"
)
BAD = _p(1, "", "", "Bad", "2400", "", "", "", "0.0", "1")


def _strip_warnings(t):
    t.warnings = []
    return t


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
@pytest.mark.parametrize("edition", ["16", "26"])
def test_fixture_round_trip(path: Path, edition: str) -> None:
    first = _strip_warnings(read_file(str(path)))
    second = _strip_warnings(loads(dumps(first, edition)))
    assert second == first


def test_player_lines_are_rewritten_byte_for_byte() -> None:
    raw = FIXTURES[0].read_bytes().decode()
    out = dumps(read_file(str(FIXTURES[0])))
    original = {line for line in raw.splitlines() if line.startswith("001")}
    assert original <= set(out.split("\r"))


@pytest.mark.parametrize("newline", ["\n", "\r", "\r\n"])
def test_line_endings(newline: str) -> None:
    t = loads(SMALL.replace("\n", newline).encode())
    assert [p.start_rank for p in t.players] == [1, 2, 3]
    assert t.headers["012"] == ["Small Open"]


def test_fields() -> None:
    t = loads(SMALL)
    a = t.player(1)
    assert (a.sex, a.title, a.name, a.rating) == ("m", "GM", "Alpha, Ann", 2700)
    assert (a.federation, a.fide_id) == ("FRA", "12345678")
    assert (a.birth_date, a.points, a.rank) == ("1990/01/01", 1.5, 1)
    assert (a.rounds[0].opponent, a.rounds[0].colour, a.rounds[0].result) == (3, "w", "1")
    b = t.player(2)
    assert b.rounds[0].opponent is None and b.rounds[0].result == "U"
    assert played_rounds(t) == 2


def test_extension_lines_round_trip() -> None:
    text = SMALL + "XXR 7\nXXC rank black1\nXXA    1  1.0  0.5\nXXP 1 3\nXXS W=1 D=0.5\n"
    t = loads(text)
    assert (t.total_rounds, t.initial_colour, t.pair_by_rank) == (7, Colour.BLACK, True)
    assert t.accelerations == {1: [1.0, 0.5]}
    assert t.forbidden_groups == [[1, 3]]
    assert t.scoring_codes == {"W": 1.0, "D": 0.5}
    assert _strip_warnings(loads(dumps(t))) == _strip_warnings(t)


def test_trf26_records_round_trip() -> None:
    text = (
        SMALL
        + "142 9\n152 W\n162  W 1.0    D 0.5    P 1.0\n240 H   3    2    3\n"
        + "250       1.0   1   2    1    2\n260   1   9    1    2\n"
    )
    t = loads(text)
    assert (t.total_rounds, t.initial_colour) == (9, Colour.WHITE)
    assert t.scoring_codes == {"W": 1.0, "D": 0.5, "P": 1.0}
    assert t.byes == [("H", 3, [2, 3])]
    assert t.acceleration_ranges == [TrfAcceleration(None, 1.0, 1, 2, 1, 2)]
    assert t.forbidden_ranges == [(1, 9, [1, 2])]
    again = loads(dumps(t, edition="26"))
    for attr in ("total_rounds", "initial_colour", "scoring_codes", "byes", "acceleration_ranges", "forbidden_ranges"):
        assert getattr(again, attr) == getattr(t, attr)


def test_missing_rank_and_unknown_records_are_warnings() -> None:
    line = _p(4, "", "", "Delta, Di", "2400", "", "", "", "0.0", "")
    t = loads(SMALL + line + "\nABC whatever\n")
    assert any("no rank" in w for w in t.warnings)
    assert any("ABC" in w for w in t.warnings)
    assert "ABC whatever" in t.other_lines


@pytest.mark.parametrize(
    ("bad_line", "column", "fragment"),
    [
        ("001   x1" + BAD[8:], 5, "starting rank"),
        (BAD + "     2 q 1", 97, "colour"),
        (BAD + "     2 w X", 99, "result"),
        (BAD + "     1 w 1", 92, "himself"),
        (BAD + "     z w 1", 92, "opponent"),
    ],
)
def test_broken_player_lines_report_line_and_column(bad_line: str, column: int, fragment: str) -> None:
    with pytest.raises(TrfError) as info:
        loads("012 T\n" + bad_line + "\n")
    assert info.value.line == 2
    assert info.value.column == column
    assert fragment in info.value.message


def test_repeated_starting_rank_is_an_error() -> None:
    with pytest.raises(TrfError, match="repeated"):
        loads(SMALL + SMALL.splitlines()[3] + "\n")


def test_to_swiss_state_replay() -> None:
    t = loads(SMALL + "XXR 5\n")
    state = to_swiss_state(t, 2)
    assert state.rounds_played == 1 and state.total_rounds == 5
    assert state.initial_colour is Colour.WHITE  # inferred: 1 (odd) had White against 3 in round 1
    alpha = state.player(1)
    assert alpha.entries[0].opponent == 3 and alpha.entries[0].outcome is Outcome.WIN and alpha.entries[0].played
    assert state.player(2).entries[0].bye is ByeKind.PAB
    # round 2 of player 3 is a requested zero-point bye: he is not paired in round 2
    gamma = state.player(3)
    assert len(gamma.entries) == 2 and not state.is_present(gamma)
    # the default round to pair is the next one
    assert to_swiss_state(t).rounds_played == 2
