"""The Random Tournament Generator and the Free Pairings Checker (FIDE Handbook C.04.A, A.5 and A.4):
``tournament-desk generate --dutch [CONFIG] -o OUT.trf [-s SEED]`` and ``pair --dutch FILE --check-all``,
through the command line's entry point."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.pairing.rtg import expected_score
from tournament_desk.formats.trf import loads

DATA = Path(__file__).resolve().parents[1] / "data" / "dutch"
CONFIG = """# an RTG configuration as JaVaFo's and bbpPairings' generators read it
PlayersNumber=41
RoundsNumber=9
DrawPercentage=35
ForfeitRate=12
RetiredRate=10
HalfPointByteRate=8
HighestRating=2650
LowestRating=1500
PointsForWin=1.0
PointsForDraw=0.5
PointsForLoss=0.0
"""


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _generate(tmp_path: Path, capsys: pytest.CaptureFixture[str], config: str, seed: int,
              name: str = "t.trf") -> tuple[int, Path, str]:
    cfg = tmp_path / f"{name}.cfg"
    cfg.write_text(config, encoding="utf-8")
    out = tmp_path / name
    code, _, err = _cli(["generate", "--dutch", str(cfg), "-o", str(out), "-s", str(seed), "--lang", "en"], capsys)
    return code, out, err


def _games(path: Path) -> list[tuple[int, int, str, int]]:
    """(player, rating, result, opponent's rating) for every round block with an opponent."""
    trf = loads(path.read_text(encoding="utf-8"))
    rating = {p.start_rank: p.rating or 0 for p in trf.players}
    return [(p.start_rank, rating[p.start_rank], e.result, rating[e.opponent]) for p in trf.players
            for e in p.rounds if e.opponent is not None]


def test_generated_file_is_reproducible_names_its_seed_and_configuration(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, first, _ = _generate(tmp_path, capsys, CONFIG, 20260101, "a.trf")
    assert code == 0
    code, second, _ = _generate(tmp_path, capsys, CONFIG, 20260101, "b.trf")
    assert code == 0 and first.read_bytes() == second.read_bytes()
    code, other, _ = _generate(tmp_path, capsys, CONFIG, 20260102, "c.trf")
    assert code == 0 and other.read_bytes() != first.read_bytes()
    text = first.read_text(encoding="utf-8")
    assert "### RTG seed: 20260101\n" in text
    for line in ("PlayersNumber=41", "RoundsNumber=9", "DrawPercentage=35", "ForfeitRate=12", "RetiredRate=10",
                 "HalfPointByeRate=8", "HighestRating=2650", "LowestRating=1500", "PointsForPAB=1"):
        assert f"### RTG {line}\n" in text
    trf = loads(text)
    assert len(trf.players) == 41 and trf.total_rounds == 9
    assert all(1500 <= (p.rating or 0) <= 2650 for p in trf.players)
    ratings = [p.rating for p in trf.players]
    assert ratings == sorted(ratings, reverse=True)  # pairing numbers by rating, C.04.2
    blocks = [e for p in trf.players for e in p.rounds]
    assert len(blocks) == 41 * 9
    # the rates at work: forfeits, half-point byes, retired players' zero-point byes to the end
    assert any(e.result in "+-" for e in blocks)
    assert any(e.opponent is None and e.result == "H" for e in blocks)
    retired = [p for p in trf.players if p.rounds[-1].opponent is None and p.rounds[-1].result == "Z"]
    assert retired and all(p.rounds[-2].opponent is None for p in retired if p.rounds[-2].result == "Z")


def test_generated_tournament_passes_the_checker_round_by_round(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, path, _ = _generate(tmp_path, capsys, CONFIG, 33)
    assert code == 0
    code, out, _ = _cli(["pair", "--dutch", str(path), "--check-all", "--lang", "en"], capsys)
    assert code == 0, out
    for r in range(1, 10):
        assert f"Round {r}: the recorded pairing is identical to the engine's." in out
    assert out.endswith("9 rounds checked: every one identical to the engine's pairing.\n")


def test_without_configuration_every_value_is_drawn_from_the_seed(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "seeded.trf"
    code, _, _ = _cli(["generate", "--dutch", "-o", str(out), "-s", "7"], capsys)
    assert code == 0
    again, stdout, _ = _cli(["generate", "--dutch", "-o", "-", "-s", "7"], capsys)
    assert again == 0 and stdout == out.read_text(encoding="utf-8")
    players = int(re.search(r"### RTG PlayersNumber=(\d+)", stdout).group(1))  # type: ignore[union-attr]
    assert 15 <= players <= 215 and len(loads(stdout).players) == players


def test_results_follow_the_rating_difference(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # FIDE Handbook B.02 table 8.1(b): a difference of 200 points gives the stronger player 0.76, 400 gives 0.92
    assert round(expected_score(200), 2) == 0.76 and round(expected_score(-400), 2) == 0.92
    assert expected_score(0) == 0.5
    config = "PlayersNumber=120\nRoundsNumber=7\nDrawPercentage=0\nForfeitRate=0\nRetiredRate=0\n" \
             "HalfPointByeRate=0\nHighestRating=2700\nLowestRating=1200\n"
    code, path, _ = _generate(tmp_path, capsys, config, 5)
    assert code == 0
    games = _games(path)
    assert {result for _, _, result, _ in games} == {"1", "0"}  # no draw, no forfeit at rates 0
    big = [(mine > theirs) == (result == "1") for _, mine, result, theirs in games if abs(mine - theirs) >= 400]
    close = [(mine > theirs) == (result == "1") for _, mine, result, theirs in games
             if 0 < abs(mine - theirs) <= 100]
    assert len(big) > 50 and sum(big) / len(big) > 0.85  # the stronger player wins ~0.92 of them or more
    assert len(close) > 20 and 0.4 < sum(close) / len(close) < 0.8  # at most 0.64 expected


def test_point_values_are_written_and_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = "PlayersNumber=15\nRoundsNumber=5\nPointsForWin=3\nPointsForDraw=1\nPointsForLoss=0\n" \
             "PointsForPAB=1\nForfeitRate=0\n"
    code, path, _ = _generate(tmp_path, capsys, config, 11)
    assert code == 0
    text = path.read_text(encoding="utf-8")
    trf = loads(text)
    value = {"1": 3.0, "=": 1.0, "0": 0.0, "+": 3.0, "-": 0.0, "U": 1.0, "H": 1.0, "Z": 0.0}
    for p in trf.players:
        assert p.points == sum(value[e.result] for e in p.rounds)
    assert any(e.result == "U" for p in trf.players for e in p.rounds)  # 15 players: a bye each round
    code, out, _ = _cli(["pair", "--dutch", str(path), "--check-all"], capsys)
    assert code == 0, out


def test_checker_on_another_programs_file() -> None:
    path = next(DATA.glob("swiss_010p_05r_*.trf"))  # TRF16, CR line endings, paired by an endorsed engine
    out, err = io.StringIO(), io.StringIO()
    from tournament_desk.cli.engine import main_dutch

    code = main_dutch(["--dutch", str(path), "--check-all", "--lang", "en"], stdout=out, stderr=err)
    assert code == 0
    assert out.getvalue().endswith("5 rounds checked: every one identical to the engine's pairing.\n")


def test_checker_lists_the_round_that_differs_and_explains_it(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, path, _ = _generate(tmp_path, capsys, "PlayersNumber=20\nRoundsNumber=5\nRetiredRate=0\n"
                              "HalfPointByeRate=0\nForfeitRate=0\n", 3)
    assert code == 0
    trf = loads(path.read_text(encoding="utf-8"))
    # round 2: players 1 and their opponent's colours swapped in both player lines (a manual change)
    first = trf.players[0]
    opponent = first.rounds[1].opponent
    assert opponent is not None
    lines = path.read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) in (1, opponent):
            block = 91 + 10  # round 2's block: columns 102-109, the colour at 107
            colour = line[block + 5]
            lines[i] = line[: block + 5] + ("b" if colour == "w" else "w") + line[block + 6:]
    tampered = tmp_path / "tampered.trf"
    tampered.write_text("\n".join(lines), encoding="utf-8")
    code, out, _ = _cli(["pair", "--dutch", str(tampered), "--check-all", "--lang", "en"], capsys)
    assert code == 1
    assert "Round 1: the recorded pairing is identical to the engine's." in out
    assert "the engine gives the colours the other way round" in out
    assert "  First difference: " in out and "colours" in out
    assert re.search(r"5 rounds checked: \d identical, \d different \(rounds? 2", out)
    code, out_fr, _ = _cli(["pair", "--dutch", str(tampered), "--check-all", "--lang", "fr"], capsys)
    assert code == 1 and "Première différence" in out_fr and "rondes vérifiées" in out_fr


@pytest.mark.parametrize(("config", "needle"), [
    ("PlayersNumber=20\nColours=white\n", "line 2: unknown key 'Colours'"),
    ("PlayersNumber=20\nPlayersNumber=21\n", "line 2: PlayersNumber is already given on line 1"),
    ("RoundsNumber=five\n", "line 1: RoundsNumber must be a whole number"),
    ("ForfeitRate=0.5\n", "line 1: ForfeitRate must be a number of at least 1"),
    ("PointsForWin=0\nPointsForLoss=0\n", "the points must rank a win above a loss"),
    ("LowestRating=2500\nHighestRating=2000\n", "LowestRating (2500) is above HighestRating (2000)"),
    ("just text\n", "line 1: 'just text' is not Key=Value"),
])
def test_invalid_configuration_exits_3_naming_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       config: str, needle: str) -> None:
    code, out, err = _generate(tmp_path, capsys, config, 1)
    assert code == 3 and needle in err
    assert not out.exists()


def test_exit_codes_of_the_generator(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _cli(["generate", "--dutch", str(tmp_path / "absent.cfg"), "-o", str(tmp_path / "x.trf")],
                        capsys)
    assert code == 5 and "Cannot read" in err
    code, _, err = _cli(["generate", "--dutch", "-o", str(tmp_path / "x.trf"), "-s", "-4", "--lang", "en"], capsys)
    assert code == 3 and "The seed must be a whole number" in err
    code, _, err = _cli(["generate", "--dutch", "-o", str(tmp_path / "no" / "dir" / "x.trf"), "-s", "1"], capsys)
    assert code == 5
    code, path, err = _generate(tmp_path, capsys, "PlayersNumber=4\nRoundsNumber=5\n", 1)
    assert code == 1 and "cannot be paired to its end" in err and not path.exists()
