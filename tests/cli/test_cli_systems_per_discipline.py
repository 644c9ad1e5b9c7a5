"""`new --system` offers each discipline's pairing systems only, as the event form does (issue 30 item 5: only what
applies; docs/rules.md §4c: the FIDE Dutch system is not offered for Scrabble classique)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.disciplines import discipline_profile


@pytest.mark.parametrize(("discipline", "system"), [("scrabble", "dutch"), ("chess", "classique"),
                                                    ("draughts", "knockout")])
def test_a_system_of_another_discipline_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   discipline: str, system: str) -> None:
    path = tmp_path / "e.tdesk"
    code = main(["--lang", "fr", "new", str(path), "--name", "Essai", "--discipline", discipline, "--system", system,
                 "--rounds", "5"])
    assert code == 3 and not path.exists()
    err = capsys.readouterr().err
    assert f"« {system} » n'est pas proposé" in err
    assert discipline_profile(discipline).default_system.value in err


@pytest.mark.parametrize("discipline", ["chess", "draughts", "scrabble"])
def test_every_offered_system_is_accepted(tmp_path: Path, discipline: str) -> None:
    for system in discipline_profile(discipline).systems:
        path = tmp_path / f"{discipline}-{system.value}.tdesk"
        assert main(["new", str(path), "--name", "Essai", "--discipline", discipline, "--system", system.value,
                     "--rounds", "5"]) == 0
        assert path.exists()
