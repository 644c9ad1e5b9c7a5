"""Engine-compatible command line: --dutch INPUT -p [OUTPUT] and -c."""

from __future__ import annotations

import io
from pathlib import Path

from tournament_desk.cli.engine import (
    EXIT_FILE_ERROR,
    EXIT_INVALID_INPUT,
    EXIT_NO_PAIRING,
    EXIT_OK,
    main_dutch,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "dutch"
C9 = (
    "\n".join(
        [
            "012 Dutch 2025 C9 test",
            "001    1      Test0001 Player0001               2720                             1.0    1     3 w 1",
            "001    2      Test0002 Player0002               2701                             1.0    2     4 b 1",
            "001    3      Test0003 Player0003               2697                             0.0    3     1 b 0",
            "001    4      Test0004 Player0004               2689                             0.0    4     2 w 0",
            "001    5      Test0005 Player0005               2673                             0.0    5  0000 - Z",
            "XXR 3",
        ]
    )
    + "\n"
)


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main_dutch(argv, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_pair_to_stdout(tmp_path: Path) -> None:
    src = tmp_path / "c9.trf"
    src.write_text(C9)
    code, out, _ = _run(["--dutch", str(src), "-p"])
    assert code == EXIT_OK
    assert out == "3\n2 1\n3 5\n4 0\n"


def test_pair_to_file(tmp_path: Path) -> None:
    src = tmp_path / "c9.trf"
    src.write_text(C9)
    dest = tmp_path / "out.txt"
    code, out, _ = _run(["--dutch", str(src), "-p", str(dest)])
    assert code == EXIT_OK and out == ""
    assert dest.read_text().splitlines()[0] == "3"


def test_check_last_round_identical() -> None:
    path = next(DATA.glob("swiss_010p_05r_*.trf"))
    code, out, _ = _run(["--dutch", str(path), "-c"])
    assert code == EXIT_OK
    assert "identical" in out


def test_check_reports_differences(tmp_path: Path) -> None:
    path = next(DATA.glob("swiss_007p_04r_*.trf"))
    lines = path.read_bytes().decode().split("\r")
    # swap the colours of one game of the last round: the engine must notice
    swapped = []
    for line in lines:
        if line.startswith("001"):
            block = line[91 + 30 : 91 + 38]
            if block[5] in "wb":
                flipped = block[:5] + ("b" if block[5] == "w" else "w") + block[6:]
                line = line[: 91 + 30] + flipped + line[91 + 38 :]
        swapped.append(line)
    src = tmp_path / "swapped.trf"
    src.write_text("\r".join(swapped))
    code, out, _ = _run(["--dutch", str(src), "-c"])
    assert code == EXIT_NO_PAIRING
    assert "Round 4" in out


def test_no_valid_pairing(tmp_path: Path) -> None:
    src = tmp_path / "stuck.trf"
    src.write_text("\n".join(C9.splitlines()[:3]) + "\nXXR 3\n")
    text = src.read_text().replace("    3 w 1", "    2 w 1").replace("1.0    2     4 b 1", "0.0    2     1 b 0")
    src.write_text(text)
    code, _, err = _run(["--dutch", str(src), "-p"])
    assert code == EXIT_NO_PAIRING
    assert "arbiter" in err


def test_invalid_input_and_file_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("001   x1      Bad\n")
    code, _, err = _run(["--dutch", str(bad), "-p"])
    assert code == EXIT_INVALID_INPUT and "line 1" in err
    code, _, _ = _run(["--dutch", str(tmp_path / "missing.trf"), "-p"])
    assert code == EXIT_FILE_ERROR
    code, _, _ = _run(["--dutch", str(bad)])
    assert code == EXIT_INVALID_INPUT


def _round_one_file(tmp_path: Path, ranks: dict[int, int | None], xxc: str, order: tuple[int, ...] = (1, 2, 3, 4)
                    ) -> Path:
    """Four players before round 1, with the given ranks in columns 86-89, their lines in ``order``."""
    lines = ["012 XXC rank test"]
    for pid in order:
        base = f"001 {pid:4d}      Test{pid:04d} Player{pid:04d}".ljust(48) + f"{2800 - pid:4d}"
        rank = ranks.get(pid)
        lines.append(base.ljust(80) + " 0.0 " + (f"{rank:4d}" if rank is not None else "    "))
    lines += ["XXR 3", xxc]
    path = tmp_path / "ranked.trf"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_xxc_rank_pairs_in_the_order_of_the_player_lines(tmp_path: Path) -> None:
    """TRF(x) ``XXC rank``: the pairing numbers are the players' positions in the file (JaVaFo AUM, *Ranking
    id*: "use the positional-id(s)"; bbpPairings reads it the same way), ids only name the players.

    Lines in the order 2, 1, 3, 4: TPN order 2, 1, 3, 4, so round 1 pairs 2-3 and 1-4 (C.04.3 Art.3.2,
    S1 against S2), and TPN 1 (id 2) has the initial colour, white. The rank column plays no part.
    """
    ranked = _round_one_file(tmp_path, {1: 1, 2: 2, 3: 3, 4: 4}, "XXC rank white1", order=(2, 1, 3, 4))
    code, out, _ = _run(["--dutch", str(ranked), "-p"])
    assert (code, out) == (EXIT_OK, "2\n2 3\n4 1\n")
    by_id = _round_one_file(tmp_path, {1: 1, 2: 2, 3: 3, 4: 4}, "XXC white1", order=(2, 1, 3, 4))
    code, out, _ = _run(["--dutch", str(by_id), "-p"])
    assert (code, out) == (EXIT_OK, "2\n1 3\n4 2\n")


def test_xxc_rank_without_ranks_pairs(tmp_path: Path) -> None:
    """An empty rank column (lichess writes none) does not stop ``XXC rank``: it is not read."""
    unranked = _round_one_file(tmp_path, {}, "XXC rank white1", order=(2, 1, 3, 4))
    code, out, err = _run(["--dutch", str(unranked), "-p"])
    assert (code, out) == (EXIT_OK, "2\n2 3\n4 1\n")
    assert "Warning: line 2: player 2 and 3 other player(s) have no rank" in err


def test_tolerated_defects_are_reported_as_warnings(tmp_path: Path) -> None:
    """A missing rank is tolerated, but reported on stderr."""
    path = _round_one_file(tmp_path, {1: 1, 2: 2, 3: None, 4: 4}, "XXC white1")
    code, out, err = _run(["--dutch", str(path), "-p"])
    assert (code, out) == (EXIT_OK, "2\n1 3\n4 2\n")
    assert "Warning: line 4: player 3 has no rank" in err
