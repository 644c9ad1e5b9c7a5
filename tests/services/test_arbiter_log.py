"""The arbiter's log (issue 33 item 4): a change to a published round keeps its reason and the rule it touches.

Through the command line (``--reason``, required for those changes), the session, the TRF export (``###`` lines,
layout in docs/other-programs-files.md) and the homologation bundle (``audit-log.csv`` and the TRF files). The
rules are cited from FIDE Handbook C.04.2 (General handling rules for Swiss tournaments, 2026): Art. 1.5 (the
correct pairings are not altered in favour of a player) for a manual pairing or re-pairing, Art. 2 (the initial
order, late entries given their place in it) for a rating corrected or a late entry.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import itertools
import zipfile
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.arbiter_log import PublishedKind, published_changes
from tournament_desk.core.model import Round
from tournament_desk.core.operations import EditPlayer
from tournament_desk.core.sources import FIDE_C04_1, FIDE_C04_2, cite
from tournament_desk.services.bundle import export_bundle
from tournament_desk.services.session import EventSession


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _ok(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = _cli(argv, capsys)
    assert code == 0, err
    return out


@pytest.fixture
def two_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A six-player Dutch Swiss: round 1 paired and played, round 2 paired."""
    event = tmp_path / "open.tdesk"
    _ok(["new", str(event), "--name", "Open de Lyon", "--rounds", "5", "--arbiter", "Durand, Pierre"], capsys)
    for i, name in enumerate(("Abel", "Bruno", "Chloé", "Denis", "Emma", "Farid"), start=1):
        _ok(["players", "add", str(event), "--surname", name, "--rating", str(2100 - 20 * i)], capsys)
    _ok(["pair", str(event)], capsys)
    _ok(["results", str(event), "--round", "1", "1=1-0", "2=1/2", "3=0-1"], capsys)
    _ok(["pair", str(event)], capsys)
    return event


def _log(event: Path) -> list:
    with EventSession.open(event, readonly=True) as session:
        return session.audit_log()


def test_a_result_corrected_after_the_next_round_needs_a_reason(two_rounds: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    before = _log(two_rounds)
    code, _, err = _cli(["result", str(two_rounds), "--round", "1", "--board", "1", "0-1", "--replace"], capsys)
    assert code != 0
    assert "published round" in err and "--reason" in err and "result corrected after the next round" in err
    assert _log(two_rounds) == before  # nothing changed, nothing logged
    reason = "Score sheets signed 0-1 by both players"
    _ok(["result", str(two_rounds), "--round", "1", "--board", "1", "0-1", "--replace", "--reason", reason], capsys)
    entry = _log(two_rounds)[-1]
    assert (entry.kind, entry.reason, entry.changed) == ("do", reason, (PublishedKind.RESULT,))
    assert entry.rules == (cite(FIDE_C04_2),)
    # entering round 2's first result is no change to a published round: no reason asked, nothing logged
    _ok(["result", str(two_rounds), "--round", "2", "--board", "1", "1-0"], capsys)
    assert _log(two_rounds)[-1].changed == ()


def test_an_undone_change_stays_in_the_log_with_its_undo(two_rounds: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Late entry (C.04.2 Art. 2), then undone: both in the log, in the TRF's ``###`` lines and the bundle."""
    code, _, err = _cli(["players", "add", str(two_rounds), "--surname", "Gaspard", "--rating", "1900"], capsys)
    assert code != 0 and "late entry" in err
    _ok(["players", "add", str(two_rounds), "--surname", "Gaspard", "--rating", "1900",
         "--reason", "Arrived after round 1, accepted by the organiser"], capsys)
    _ok(["undo", str(two_rounds)], capsys)
    log = _log(two_rounds)
    done, undone = log[-2], log[-1]
    assert (done.kind, undone.kind) == ("do", "undo")
    assert done.journal_id == undone.journal_id is not None
    for e in (done, undone):
        assert e.changed == (PublishedKind.LATE_ENTRY,) and e.rules == (cite(FIDE_C04_2, "Art. 2"),)
        assert e.reason == "Arrived after round 1, accepted by the organiser"
    out = tmp_path / "open.trf"
    _ok(["export", str(two_rounds), "--trf", str(out), "--edition", "26"], capsys)
    lines = [ln for ln in out.read_bytes().decode("utf-8").split("\r\n") if ln.startswith("###")]
    assert lines[0] == "### ARBITER'S LOG: changes to published rounds (tournament_desk)"
    assert len(lines) == 3
    numbers = [len(log) - 1, len(log)]
    for line, kind, n in zip(lines[1:], ("DO", "UNDO"), numbers, strict=True):
        assert line[:8] == "### LOG " and int(line[8:12]) == n  # columns 9-12: the entry's number
        assert line[13:33].endswith("Z") and line[23] == "T"  # columns 14-33: the time, UTC
        assert line[34:38].strip() == kind  # columns 35-38
        fields = line[38:].split(" | ")
        assert fields[1:] == ["Durand, Pierre", "Add player GASPARD", "late entry", "FIDE C.04.2 Art. 2",
                              "Arrived after round 1, accepted by the organiser"]
    with EventSession.open(two_rounds) as session:
        export_bundle(session, tmp_path / "bundle.zip", "en")
    with zipfile.ZipFile(tmp_path / "bundle.zip") as z:
        rows = list(csv.DictReader(io.StringIO(z.read("audit-log.csv").decode("utf-8-sig")), delimiter=";"))
        trf16 = z.read("results-trf16.txt").decode("utf-8")
    assert [(r["kind"], r["reason"], r["changed_en"], r["rules_en"]) for r in rows[-2:]] == \
        [(k, "Arrived after round 1, accepted by the organiser", "late entry", "FIDE C.04.2 Art. 2")
         for k in ("do", "undo")]
    assert rows[-1]["changed_fr"] == "inscription tardive"
    assert [ln for ln in trf16.split("\r\n") if ln.startswith("###")] == lines


def test_re_pairing_and_manual_pairing(two_rounds: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Cancelling round 2 and pairing it by hand: each is a change to a published round (C.04.2 Art. 1.5)."""
    code, _, err = _cli(["unpair", str(two_rounds)], capsys)
    assert code != 0 and "re-pairing" in err
    _ok(["unpair", str(two_rounds), "--reason", "Player 5 was paired while absent"], capsys)
    with EventSession.open(two_rounds, readonly=True) as session:
        state = session.state()
    first = state.round(1)
    met = {frozenset((g.white_id, g.black_id)) for g in first.games}
    ids = [p.id for p in state.players]
    boards = next(list(zip(order[::2], order[1::2], strict=True)) for order in itertools.permutations(ids)
                  if not any(frozenset(pair) in met for pair in zip(order[::2], order[1::2], strict=True)))
    spec = [arg for a, b in boards for arg in ("--board", f"{a}:{b}")]
    code, _, err = _cli(["manual", str(two_rounds), "pair", *spec, "--force"], capsys)
    assert code != 0 and "manual pairing" in err
    _ok(["manual", str(two_rounds), "pair", *spec, "--force", "--reason", "Pairing agreed with the players"], capsys)
    log = _log(two_rounds)
    assert [(e.changed, e.rules, e.reason) for e in log[-2:]] == [
        ((PublishedKind.PAIRING,), (cite(FIDE_C04_2, "Art. 1.5"),), "Player 5 was paired while absent"),
        ((PublishedKind.PAIRING,), (cite(FIDE_C04_2, "Art. 1.5"),), "Pairing agreed with the players")]


def test_rating_corrected_after_round_1(two_rounds: Path) -> None:
    """Through the session: the reason given with the action; C.04.2 Art. 2 (the initial order)."""
    with EventSession.open(two_rounds) as session:
        player = session.state().players[0]
        session.run(EditPlayer(player.id, ratings=(("fide", 2150),)), reason="Rating list of the month applied")
        entry = session.audit_log()[-1]
        assert (entry.changed, entry.rules) == ((PublishedKind.RATING,), (cite(FIDE_C04_2, "Art. 2"),))
        session.run(EditPlayer(player.id, club="Lyon"))  # not a rating: not in the arbiter's log
        assert session.audit_log()[-1].changed == ()


def test_colours_swapped_is_named_with_its_rules(two_rounds: Path) -> None:
    """No action swaps the colours of a board in place today: the comparison itself is checked on two states."""
    with EventSession.open(two_rounds, readonly=True) as session:
        state = session.state()
    first = state.round(1)
    game = first.games[0]
    swapped = dataclasses.replace(game, white_id=game.black_id, black_id=game.white_id)
    after = dataclasses.replace(state, rounds=(Round(1, (swapped, *first.games[1:]), first.byes),
                                               *state.rounds[1:]))
    change = published_changes(state, after)
    assert change is not None and change.kinds == (PublishedKind.COLOURS,) and change.rounds == (1,)
    assert change.rules == (cite(FIDE_C04_2, "Art. 1.5"), cite(FIDE_C04_1))
    assert published_changes(state, state) is None


def test_a_team_events_pairing_is_its_matches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A team event pairs teams; each team then gives its line-up for the paired round, which fills the boards:
    that is no re-pairing (FIDE C.04.2 Art. 1.5 is about the pairing, here the matches). The matches changed is
    one; a match forfeited once the next round was paired changes a published result (C.04.2)."""
    from tournament_desk.core.operations import ForfeitMatch, SetLineup

    event = tmp_path / "coupe.tdesk"
    _ok(["new", str(event), "--name", "Coupe", "--system", "round-robin", "--team", "--boards", "2"], capsys)
    for t, team in enumerate(("Nord", "Sud", "Est", "Ouest")):
        ids = [_ok(["players", "add", str(event), "--surname", f"{team}{b}", "--rating", str(1900 - 50 * t - b)],
                   capsys) and str(2 * t + b + 1) for b in range(2)]
        _ok(["teams", "add", str(event), "--name", team, "--members", ",".join(ids)], capsys)
    _ok(["teams", "number", str(event), "--rating"], capsys)
    _ok(["pair", str(event)], capsys)
    with EventSession.open(event) as session:
        paired = session.state()
        match = next(m for m in paired.matches if m.round == 1)
        for side in (match.home, match.away):  # both line-ups given: the boards' games
            session.run(SetLineup(1, side, list(paired.team(side).members)))
        lined_up = session.state()
        assert lined_up.round(1).games and published_changes(paired, lined_up) is None
        swapped = dataclasses.replace(lined_up, matches=tuple(
            dataclasses.replace(m, home=m.away, away=m.home) if m == match else m for m in lined_up.matches))
        change = published_changes(lined_up, swapped)
        assert change is not None and change.kinds == (PublishedKind.PAIRING,) and change.rounds == (1,)
        assert change.rules == (cite(FIDE_C04_2, "Art. 1.5"),)
        assert published_changes(lined_up, session.plan(ForfeitMatch(1, match.number, "away")).step.state) is None
        for m in lined_up.matches:  # round 1 over: the home teams did not come
            session.run(ForfeitMatch(1, m.number, "home"))
    _ok(["pair", str(event)], capsys)
    with EventSession.open(event) as session:
        before = session.state()
        change = published_changes(before, session.plan(ForfeitMatch(1, match.number, "away")).step.state)
    assert change is not None and change.kinds == (PublishedKind.RESULT,) and change.rounds == (1,)
    assert change.rules == (cite(FIDE_C04_2),)
