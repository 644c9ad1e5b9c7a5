"""Numbers typed on the command line that only look like digits (issue 27): ``"²".isdigit()`` is true in Python
but ``int("²")`` fails, so a check by ``isdigit`` let a superscript, an Arabic-Indic or a full-width digit through
to a traceback. Each command that reads a number out of a longer argument (``ID=NUMBER``, ``BOARD=RESULT``,
``WHITE:BLACK``, ``--explain PLAYER_ID CODE``) answers with its own "is not ..." message and exit code 3, in
English and in French, and the event file is left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.__main__ import main

REPO = Path(__file__).resolve().parents[2]
TRF = REPO / "tests" / "data" / "trf" / "swiss_manager_pairing.trf"
LOOK_ALIKES = ["²", "١", "３", "1²", " "]


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("digits") / "open.tdesk"
    assert main(["new", str(path), "--name", "Open", "--rounds", "5"]) == 0
    assert main(["players", "import", str(path), str(TRF)]) == 0
    assert main(["numbers", str(path), "--rating"]) == 0
    assert main(["pair", str(path)]) == 0
    return path


def _commands(event: Path, text: str) -> dict[str, tuple[list[str], str, str]]:
    return {
        "numbers --set": (["numbers", str(event), "--set", f"1={text}"], "is not ID=NUMBER", "n'est pas"),
        "results": (["results", str(event), "--round", "1", f"{text}=1-0"], "is not BOARD=RESULT", "n'est pas"),
        "manual check": (["manual", str(event), "check", "--board", f"{text}:2"], "is not a board", "n'est pas"),
        "standings --explain": (["standings", str(event), "--explain", text, "BH"], "is not a player id",
                                "n'est pas"),
    }


@pytest.mark.parametrize("text", LOOK_ALIKES)
@pytest.mark.parametrize("command", ["numbers --set", "results", "manual check", "standings --explain"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_look_alike_digits_are_refused_by_name(event: Path, command: str, text: str, lang: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    before = event.read_bytes()
    args, english, french = _commands(event, text)[command]
    assert main(["--lang", lang, *args]) == 3
    err = capsys.readouterr().err
    assert (english if lang == "en" else french) in err
    assert "Traceback" not in err
    assert event.read_bytes() == before
