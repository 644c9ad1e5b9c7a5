"""The engine interface on files laid out as other programs export them (issue 19 item 6).

The files in tests/data/trf/ are written by benchmarks/make_trf_samples.py in the layouts of Swiss-Manager,
lichess, Vega and Sharly Chess (TRF-2026). Each behaviour is checked against an equivalent file whose reading
is not in question (``0000 - Z`` for an absence, players renumbered for ``XXC rank``, ``XXA`` lines for the
Baku acceleration), and against the rule's own example where one exists.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

from tournament_desk.__main__ import main
from tournament_desk.cli.engine import EXIT_INVALID_INPUT, EXIT_NO_PAIRING, EXIT_OK, main_dutch
from tournament_desk.formats.trf import TrfTournament, dumps, loads, played_rounds, read_file

DATA = Path(__file__).resolve().parents[1] / "data" / "trf"


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main_dutch(argv, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def _pair(path: Path) -> tuple[list[tuple[int, int]], str]:
    code, out, err = _run(["--dutch", str(path), "-p"])
    assert code == EXIT_OK, err
    lines = out.split()
    assert int(lines[0]) * 2 == len(lines) - 1
    return [(int(lines[i]), int(lines[i + 1])) for i in range(1, len(lines), 2)], err


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


def _text(name: str) -> str:
    data = (DATA / name).read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252")


# ------------------------------------------------------------------------------------------ absences
def test_an_absence_written_0000_dash_dash_is_not_paired(tmp_path: Path) -> None:
    """Swiss-Manager writes a player who will not play the next round as ``0000 - -``: he is not paired,
    exactly as with JaVaFo's absence code ``0000 - Z`` (AUM, *Unusual info extensions*)."""
    name = "swiss_manager_pairing.trf"
    trf = read_file(str(DATA / name))
    k = played_rounds(trf) + 1
    absent = {p.start_rank for p in trf.players if len(p.rounds) >= k and p.rounds[k - 1].result == "-"}
    half = {p.start_rank for p in trf.players if len(p.rounds) >= k and p.rounds[k - 1].result == "H"}
    assert absent and half
    pairs, _ = _pair(DATA / name)
    paired = {pid for pair in pairs for pid in pair} - {0}  # the PAB is written "id 0"
    assert paired == {p.start_rank for p in trf.players} - absent - half
    as_z = _write(tmp_path, "z.trf", _text(name).replace("0000 - -", "0000 - Z"))
    assert _pair(as_z)[0] == pairs


def test_lichess_absence_with_a_blank_opponent_is_not_paired(tmp_path: Path) -> None:
    """lichess writes an absent player's next round as ``       -`` (no opponent, no colour)."""
    trf = read_file(str(DATA / "lichess_swiss.trf"))
    k = played_rounds(trf) + 1
    absent = {p.start_rank for p in trf.players if len(p.rounds) >= k and p.rounds[k - 1].not_paired}
    assert absent
    pairs, _ = _pair(DATA / "lichess_swiss.trf")
    assert not {pid for pair in pairs for pid in pair} & absent


# ------------------------------------------------------------------------------------------ XXC rank
def _renumbered_by_line(trf: TrfTournament) -> tuple[TrfTournament, dict[int, int]]:
    """The same tournament with each player's id replaced by his line position, and ``XXC rank`` dropped."""
    new_id = {p.start_rank: i for i, p in enumerate(trf.players, start=1)}
    for p in trf.players:
        p.start_rank = new_id[p.start_rank]
        for e in p.rounds:
            if e.opponent is not None:
                e.opponent = new_id[e.opponent]
    trf.pair_by_rank = False
    return trf, {v: k for k, v in new_id.items()}


def test_lichess_xxc_rank_without_ranks_pairs_by_line_order(tmp_path: Path) -> None:
    """lichess: ``XXC rank white1``, no rank column, lines in standings order (not the id order). The file
    pairs (it used to be refused), and its pairing is the one of the same players numbered by line."""
    original = read_file(str(DATA / "lichess_swiss.trf"))
    assert original.pair_by_rank and all(p.rank is None for p in original.players)
    assert [p.start_rank for p in original.players] != sorted(p.start_rank for p in original.players)
    pairs, err = _pair(DATA / "lichess_swiss.trf")
    assert "have no rank" in err and "Invalid" not in err
    renumbered, old_id = _renumbered_by_line(read_file(str(DATA / "lichess_swiss.trf")))
    path = _write(tmp_path, "by_line.trf", dumps(renumbered, newline="\n"))
    expected, _ = _pair(path)
    assert pairs == [(old_id[w], old_id[b]) for w, b in expected]


def test_lichess_check_of_the_last_round_runs() -> None:
    code, out, err = _run(["--dutch", str(DATA / "lichess_swiss.trf"), "-c"])
    assert code in (EXIT_OK, EXIT_NO_PAIRING), err
    assert out.startswith("Round 4") and "None" not in out


# ------------------------------------------------------------------------------------------ record 192
def _baku_round_one(tmp_path: Path, system: str | None) -> Path:
    lines = ["012 Baku example", "142 5", "152 W"] + ([f"192 {system}"] if system else [])
    for pid in range(1, 9):
        lines.append(f"001 {pid:4d}      Player{pid:04d}, Test".ljust(48) + f"{2500 - 10 * pid:4d}".ljust(32) + " 0.0")
    return _write(tmp_path, "baku.trf", "\n".join(lines) + "\n")


def test_baku_acceleration_round_one_follows_c0451(tmp_path: Path) -> None:
    """C.04.5.1: 8 players, 5 rounds. GA = 2 x ceil(8/4) = 4 players with 1 virtual point in round 1, so the
    brackets are {1-4} and {5-8}: 1-3, 2-4, 5-7, 6-8 (colours: the higher-ranked player has the initial
    colour when his pairing number is odd). Without the acceleration: 1-5, 2-6, 3-7, 4-8."""
    assert _pair(_baku_round_one(tmp_path, "FIDE_DUTCH_2025_BAKU"))[0] == [(1, 3), (4, 2), (5, 7), (8, 6)]
    assert _pair(_baku_round_one(tmp_path, "FIDE_DUTCH_2025"))[0] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert _pair(_baku_round_one(tmp_path, None))[0] == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_sharly_chess_baku_file_is_paired_with_the_declared_acceleration(tmp_path: Path) -> None:
    """Sharly Chess TRF-2026, ``192 FIDE_DUTCH_2025_BAKU``, 38 players, 9 rounds, round 4 to pair: the same
    pairing as the file with the acceleration written out as XXA lines (GA = 2 x ceil(38/4) = 20 players;
    5 accelerated rounds, 1 point in rounds 1-3, 0.5 in rounds 4-5), and not the unaccelerated one."""
    text = _text("sharly_chess_baku.trf")
    trf = loads(text)
    assert trf.headers["192"] == ["FIDE_DUTCH_2025_BAKU"] and trf.total_rounds == 9 and len(trf.players) == 38
    assert played_rounds(trf) == 3
    pairs, _ = _pair(DATA / "sharly_chess_baku.trf")
    ga = 2 * math.ceil(38 / 4)
    xxa = "".join(f"XXA {pid:4d}  1.0  1.0  1.0  0.5  0.5\r\n" for pid in range(1, ga + 1))
    plain = text.replace("192 FIDE_DUTCH_2025_BAKU\r\n", "192 FIDE_DUTCH_2025\r\n")
    assert _pair(_write(tmp_path, "xxa.trf", plain + xxa))[0] == pairs
    assert _pair(_write(tmp_path, "plain.trf", plain))[0] != pairs


def test_an_unsupported_declared_system_is_refused(tmp_path: Path) -> None:
    text = _text("sharly_chess_baku.trf")
    for system in ("FIDE_BURSTEIN", "FIDE_DUBOV", "FIDE_DUTCH_2017"):
        path = _write(tmp_path, "other.trf", text.replace("FIDE_DUTCH_2025_BAKU", system))
        code, out, err = _run(["--dutch", str(path), "-p"])
        assert (code, out) == (EXIT_INVALID_INPUT, "")
        assert system in err and "record 192" in err and "line 11" in err


def test_baku_with_another_scoring_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "s.trf", _baku_round_one(tmp_path, "FIDE_DUTCH_BAKU").read_text()
                  + "162  W 3.0    D 1.0    L 0.0\n")
    code, _, err = _run(["--dutch", str(path), "-p"])
    assert code == EXIT_INVALID_INPUT and "standard scoring" in err


# ------------------------------------------------------------------------------------------ points column
def test_points_disagreeing_with_the_results_are_refused(tmp_path: Path) -> None:
    """bbpPairings refuses such a file ("does not match the game results"): so does this engine, naming
    the player, his line and both totals."""
    text = _text("swiss_manager_pairing.trf")
    trf = loads(text)
    p3 = trf.player(3)
    lines = text.split("\r\n")
    line = next(i for i, t in enumerate(lines, start=1) if t.startswith("001    3"))
    lines[line - 1] = lines[line - 1][:80] + f"{(p3.points or 0) + 0.5:4.1f}" + lines[line - 1][84:]
    code, out, err = _run(["--dutch", str(_write(tmp_path, "w.trf", "\r\n".join(lines))), "-p"])
    assert (code, out) == (EXIT_INVALID_INPUT, "")
    assert f"player 3 ({p3.name}, line {line}) has {(p3.points or 0) + 0.5:g} points" in err
    assert f"the results give {p3.points:g}" in err


def test_points_including_a_half_point_bye_of_the_next_round_are_accepted() -> None:
    """JaVaFo asks for the points of a ``0000 - H`` entered for the round to pair to be counted already."""
    trf = read_file(str(DATA / "swiss_manager_pairing.trf"))
    k = played_rounds(trf) + 1
    assert any(len(p.rounds) >= k and p.rounds[k - 1].result == "H" for p in trf.players)
    assert _pair(DATA / "swiss_manager_pairing.trf")[0]


# ------------------------------------------------------------------------------------------ XXR
def test_pairing_without_the_number_of_rounds_is_refused() -> None:
    """Swiss-Manager's FIDE report has no XXR: the engine cannot know whether it pairs the last round."""
    code, out, err = _run(["--dutch", str(DATA / "swiss_manager_open.trf"), "-p"])
    assert (code, out) == (EXIT_INVALID_INPUT, "")
    assert "XXR n" in err and "round 6" in err


def test_checking_without_the_number_of_rounds_warns() -> None:
    code, out, err = _run(["--dutch", str(DATA / "swiss_manager_open.trf"), "-c"])
    assert code in (EXIT_OK, EXIT_NO_PAIRING)
    assert "Warning: no 'XXR n' or '142 n' record: round 5 is checked as the last round" in err
    assert "None" not in out


def test_pairing_beyond_the_number_of_rounds_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "v.trf", _text("vega_open.trf").replace("XXR 7", "XXR 3"))
    code, out, err = _run(["--dutch", str(path), "-p"])
    assert (code, out) == (EXIT_INVALID_INPUT, "")
    assert "the event has 3 rounds" in err and "no round 4 to pair" in err


# ------------------------------------------------------------------------------------------ -c
def test_check_with_absent_players_names_no_none() -> None:
    """Round 5 of the Swiss-Manager event has players absent (``0000 - -``) and no bye."""
    trf = read_file(str(DATA / "swiss_manager_pairing.trf"))
    assert any(p.rounds[4].result == "-" for p in trf.players)
    code, out, err = _run(["--dutch", str(DATA / "swiss_manager_pairing.trf"), "-c"])
    assert (code, out) == (EXIT_OK, "Round 5: the recorded pairing is identical to the engine's.\n"), err


def test_check_reports_a_bye_missing_from_the_record(tmp_path: Path) -> None:
    """Vega event, round 3: the PAB of the player who had it is erased (points corrected): the engine
    still gives him the bye, and says that none was recorded."""
    text = _text("vega_open.trf")
    trf = loads(text)
    bye = next(p for p in trf.players if p.rounds[2].result == "U")
    lines = text.split("\n")
    i = next(n for n, t in enumerate(lines) if t.startswith(f"001 {bye.start_rank:4d}"))
    block = 91 + 20
    lines[i] = lines[i][:80] + f"{(bye.points or 0) - 1:4.1f}" + lines[i][84:block] + " " * 8 + lines[i][block + 8:]
    code, out, err = _run(["--dutch", str(_write(tmp_path, "v.trf", "\n".join(lines))), "-c"])
    assert code == EXIT_NO_PAIRING, err
    assert f"Round 3: no pairing-allocated bye is recorded, the engine gives it to {bye.start_rank}." in out
    assert "None" not in out


def test_through_the_main_entry_point() -> None:
    """``tournament-desk pair --dutch FILE -p`` reaches the same interface."""
    assert main(["pair", "--dutch", str(DATA / "vega_open.trf"), "-p"]) == EXIT_OK
