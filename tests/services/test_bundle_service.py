"""Homologation bundle service: export from a session, verify, read back, homologation checks (seed 000 §5, §6.6)
and the printing wrappers."""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import json
import zipfile
from pathlib import Path

import pytest

from tournament_desk.core.errors import StateError, ValidationError
from tournament_desk.core.model import (
    Bye,
    Event,
    EventState,
    Game,
    PairingSystem,
    Player,
    RatingSystem,
    Round,
    TimeControl,
)
from tournament_desk.core.operations import AddPlayer, RecordResult, WithdrawPlayer
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.formats.bundle import BundleError
from tournament_desk.services import printing
from tournament_desk.services.bundle import (
    export_bundle,
    homologation_checks,
    homologation_fee,
    import_bundle,
    load_bundle,
    verify_bundle,
)
from tournament_desk.services.pairing import pair_next
from tournament_desk.services.roundrobin import assign_numbers
from tournament_desk.services.session import EventSession

SLOW = TimeControl(90, 30)


def _draughts_rr(tmp_path: Path, n: int = 5, tc: TimeControl = SLOW) -> EventSession:
    event = Event.for_discipline("Coupe de Normandie", Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN,
                                 rounds=n if n % 2 else n - 1, place="Caen", start_date=dt.date(2026, 2, 14),
                                 arbiters=("Hélène Côté",), time_control=tc)
    session = EventSession.create(tmp_path / "n.tdesk", event)
    for i in range(1, n + 1):
        session.run(AddPlayer(surname=f"Joueur{i}", first_name="Éric", licence_id=f"L{i}" if i != 2 else "",
                           ratings=(("ffjd", 1700 - 30 * i),)))
    assign_numbers(session, "rating")
    results = ["2-0", "1-1", "0-2", "2fe"]
    k = 0
    while session.state().last_round < session.state().event.rounds:
        rnd = pair_next(session).payload.round
        for g in rnd.games:
            session.run(RecordResult(rnd.number, g.board, results[k % 4]))
            k += 1
    return session


def test_export_verify_and_reimport(tmp_path: Path) -> None:
    with _draughts_rr(tmp_path) as session:
        out = tmp_path / "bundle.zip"
        result = export_bundle(session, out, "fr")
        state = session.state()
    names = set(zipfile.ZipFile(out).namelist())
    assert names == {"manifest.json", "event.json", "results-trf16.txt", "results-trf26.txt", "ffjd-grid.csv",
                     "crosstable.pdf", "rating-preview.pdf", "rating-preview.csv", "checks.txt", "audit-log.csv",
                     "standings.csv"}
    assert verify_bundle(out).ok
    assert load_bundle(out) == state  # the event is recreated exactly
    session2, id_map = import_bundle(out, tmp_path / "imported.tdesk")
    with session2:
        assert id_map == {p.id: p.id for p in state.players}
        assert session2.state() == state  # ... and as an event file
    manifest = json.loads(zipfile.ZipFile(out).read("manifest.json"))
    assert {f["path"] for f in manifest["files"]} == names - {"manifest.json"}
    checks = zipfile.ZipFile(out).read("checks.txt").decode()
    assert "[ERREUR] Cadence lente : 1 joueur(s) sans numéro de licence : JOUEUR2 Éric" in checks
    assert "[ERROR] Slow cadence: 1 player(s) without a licence id: JOUEUR2 Éric" in checks
    assert "5 × 2 € (cadence lente) = 10 €" not in checks  # players who played, not entrants
    count, rate, total = homologation_fee(state)
    assert rate == 2 and total == 2 * count and f"= {total} €" in checks
    assert [c.code for c in result.errors] == ["licences"]
    assert "ERREUR" in result.summary("fr") and "ERROR" in result.summary("en")
    csv_text = zipfile.ZipFile(out).read("rating-preview.csv").decode("utf-8-sig")
    assert csv_text.startswith("id;pairing_number;name;licence_id;rating_before") and "JOUEUR1 Éric" in csv_text


def test_tampered_bundle_is_refused(tmp_path: Path) -> None:
    with _draughts_rr(tmp_path) as session:
        out = tmp_path / "bundle.zip"
        export_bundle(session, out, "en")
    bad = tmp_path / "bad.zip"
    with zipfile.ZipFile(out) as zin, zipfile.ZipFile(bad, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "results-trf16.txt":
                data = data.replace(b"Joueur1", b"Joueur9")
            if info.filename != "checks.txt":
                zout.writestr(info.filename, data)
    report = verify_bundle(bad)
    assert {(p.kind, p.path) for p in report.problems} == {("modified", "results-trf16.txt"),
                                                           ("missing", "checks.txt")}
    with pytest.raises(BundleError) as exc:
        load_bundle(bad)
    assert "results-trf16.txt: modified" in str(exc.value)
    with pytest.raises(BundleError):
        import_bundle(bad, tmp_path / "never.tdesk")
    assert not (tmp_path / "never.tdesk").exists()
    assert "checks.txt : listé dans le manifeste mais absent du zip" in exc.value.message("fr")


def _state(n: int, *, system: PairingSystem = PairingSystem.DUTCH, rounds: int = 5,
           tc: TimeControl = SLOW, **player: object) -> EventState:
    event = Event.for_discipline("E", Discipline.DRAUGHTS, system=system, rounds=rounds, time_control=tc,
                                 start_date=dt.date(2026, 6, 1))
    fields = {"licence_id": "L", "ratings": (("ffjd", 1600),), **player}
    players = tuple(Player(i, f"P{i}", **fields) for i in range(1, n + 1))  # type: ignore[arg-type]
    return EventState(event, players)


def _by_code(state: EventState) -> dict[str, tuple[str, str, str]]:
    return {c.code: (c.level, c.message("en"), c.message("fr")) for c in homologation_checks(state)}


def test_cadence_categories() -> None:
    assert "slow series" in _by_code(_state(12))["cadence"][1]
    semi = _by_code(_state(12, tc=TimeControl(20, 10)))["cadence"]
    assert semi[0] == "ok" and "30 >= 30: semi-rapid" in semi[1]
    # 10+5 = 15: only with 75% beginners (under 15, scholars, unrated, below 1400)
    adults = _by_code(_state(12, tc=TimeControl(10, 5)))["cadence"]
    assert adults[0] == "error" and "cannot be homologated" in adults[1] and "ne peut pas être homologuée" in adults[2]
    kids = _by_code(_state(12, tc=TimeControl(10, 5), birth_date=dt.date(2015, 1, 1)))["cadence"]
    assert kids[0] == "ok" and "12/12 players (100%)" in kids[1]
    low = _by_code(_state(12, tc=TimeControl(10, 5), ratings=(("ffjd", 1350),)))["cadence"]
    assert low[0] == "ok"
    scholars = _state(4, tc=TimeControl(10, 5))
    scholars = dataclasses.replace(scholars, players=tuple(
        dataclasses.replace(p, category="scolaire" if p.id <= 3 else "") for p in scholars.players))
    assert _by_code(scholars)["cadence"][0] == "ok"  # 3/4 = 75%
    too_fast = _by_code(_state(12, tc=TimeControl(5, 5), birth_date=dt.date(2015, 1, 1)))["cadence"]
    assert too_fast[0] == "error"


def test_licences_players_rounds_fee() -> None:
    accelerated = _by_code(_state(10, tc=TimeControl(30, 0), licence_id=""))
    assert accelerated["licences"][0] == "warning" and "3rd homologated competition" in accelerated["licences"][1]
    foreign = _state(3, licence_id="", federation="BEL")
    assert _by_code(foreign)["licences"][0] == "ok"
    big_rr = _by_code(_state(21, system=PairingSystem.ROUND_ROBIN))
    assert big_rr["players"][0] == "error" and "more than 20" in big_rr["players"][1]
    assert "rounds" not in big_rr  # the third/half rule is for Swiss events
    assert _by_code(_state(20, system=PairingSystem.ROUND_ROBIN))["players"][0] == "ok"
    assert _by_code(_state(51, rounds=20))["players"][0] == "error"
    assert _by_code(_state(50, rounds=20))["players"][0] == "ok"
    rounds = _by_code(_state(30, rounds=9))["rounds"]
    assert rounds[0] == "warning" and "between a third (10) and a half (15)" in rounds[1]
    assert "entre le tiers (10) et la moitié (15)" in rounds[2]
    assert _by_code(_state(30, rounds=10))["rounds"][0] == "ok"
    assert _by_code(_state(30, rounds=15))["rounds"][0] == "ok"
    assert _by_code(_state(30, rounds=16))["rounds"][0] == "warning"
    # no game played yet: no fee
    assert homologation_fee(_state(30)) == (0, 2, 0)


def test_fee_excludes_exempt_and_forfeits_counts_withdrawn() -> None:
    """Seed 000 §5.5: players with at least one game played; the EXEMPT is not counted (nor is a game against
    it), a player who withdrew after playing is, a player with forfeits only is not."""
    base = _state(5)
    players = (*base.players[:4], Player(5, "EXEMPT"), Player(6, "P6", licence_id="L"))
    players = tuple(dataclasses.replace(p, withdrawn_from_round=2) if p.id == 3 else p for p in players)
    rounds = (
        Round(1, games=(Game(1, 1, 1, 2, GameResult.WHITE_WIN), Game(1, 2, 3, 4, GameResult.DRAW)),
              byes=(Bye(1, 6, Outcome.ZERO_BYE),)),
        Round(2, games=(Game(2, 1, 1, 5, GameResult.WHITE_WIN),
                        Game(2, 2, 2, 6, GameResult.WHITE_FORFEIT_WIN_EXCUSED)),
              byes=(Bye(2, 3, Outcome.WITHDRAWN), Bye(2, 4, Outcome.ZERO_BYE))),
    )
    state = EventState(base.event, players, rounds)
    assert homologation_fee(state) == (4, 2, 8)
    fee = _by_code(state)["fee"]
    assert "4 player(s) played at least one game × 2 € (slow cadence) = 8 €" in fee[1]
    assert "4 joueur(s) ayant joué au moins une partie × 2 € (cadence lente) = 8 €" in fee[2]
    fast = dataclasses.replace(state, event=dataclasses.replace(state.event, time_control=TimeControl(30, 0)))
    assert homologation_fee(fast) == (4, 1, 4)
    assert _by_code(state)["players"][1].startswith("5 players")  # the EXEMPT is not an entrant


def test_printing_service_wrappers(tmp_path: Path) -> None:
    with _draughts_rr(tmp_path) as session:
        for pdf in (printing.pairing_sheet_pdf(session, None, "fr"), printing.crosstable_pdf(session, "en"),
                    printing.standings_pdf(session, 2, "fr"), printing.slips_pdf(session, 1, "en"),
                    printing.rating_report_pdf(session, "fr")):
            assert pdf.startswith(b"%PDF")
    empty = EventSession.create(tmp_path / "e.tdesk", Event.for_discipline("Vide", Discipline.CHESS))
    with empty:
        with pytest.raises(ValidationError, match="No round is paired yet"):
            printing.pairing_sheet_pdf(empty, None, "en")
        assert printing.rating_report_pdf(empty, "en").startswith(b"%PDF")  # FIDE (B.02): the chess default
    unrated = EventSession.create(tmp_path / "u.tdesk", Event.for_discipline("Sans classement", Discipline.CHESS,
                                                                             rating_system=RatingSystem.NONE))
    with unrated, pytest.raises(StateError, match="a rating preview exists only for"):
        printing.rating_report_pdf(unrated, "en")


def test_withdrawal_and_forfeits_survive_export_and_import(tmp_path: Path) -> None:
    event = Event.for_discipline("Retraits", Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN, rounds=3)
    with EventSession.create(tmp_path / "w.tdesk", event) as session:
        for name in ("Abel", "Bruno", "César", "Denis"):
            session.run(AddPlayer(surname=name, licence_id=name[:2]))
        assign_numbers(session, "rating")
        first = pair_next(session).payload.round
        for g in first.games:
            session.run(RecordResult(1, g.board, "1-1"))
        withdrawn = session.state().players[1].id
        session.run(WithdrawPlayer(withdrawn, 2, forfeit="0fne"))
        for _ in range(2):
            rnd = pair_next(session).payload.round
            for g in rnd.games:
                if g.result is None:
                    session.run(RecordResult(rnd.number, g.board, "2-0"))
        state = session.state()
        export_bundle(session, tmp_path / "w.zip", "en")
    codes = {g.result.value for r in state.rounds for g in r.games if g.result is not None}
    assert codes & {"2fne-0fne", "0fne-2fne"}  # the withdrawal's games became unexcused forfeits
    imported, _ = import_bundle(tmp_path / "w.zip", tmp_path / "w2.tdesk")
    with imported:
        assert imported.state() == state
    grid = zipfile.ZipFile(tmp_path / "w.zip").read("ffjd-grid.csv").decode("utf-8-sig")
    assert "0fne" in grid


def test_printed_standings_follow_the_events_tiebreak_choice(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from tournament_desk.services.standings import set_tiebreaks

    with _draughts_rr(tmp_path) as session:
        set_tiebreaks(session, ["SB", "WIN"], "fide2023")
        pdf = printing.standings_pdf(session, None, "en")
        state = session.state()
    text = "\n".join(page.extract_text(extraction_mode="layout") for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "FIDE C.07 (2023) Art. 16" in text and "Sonneborn-Berger" in text and "KOYA" not in text
    assert state.event.tiebreak_edition == "fide2023"


def test_bundle_carries_the_audit_log(tmp_path: Path) -> None:
    """Issue 11: every change, with when and which arbiter profile, travels with the bundle."""
    path = tmp_path / "audit.tdesk"
    with EventSession.create(path, Event.for_discipline("Audit", Discipline.CHESS, rounds=3),
                             arbiter="Marie (AF1)") as session:
        session.run(AddPlayer(surname="Alpha"))
        session.run(AddPlayer(surname="Bravo"))
        session.undo()
        export_bundle(session, tmp_path / "audit.zip", "en")
    with zipfile.ZipFile(tmp_path / "audit.zip") as z:
        text = z.read("audit-log.csv").decode("utf-8-sig")
    lines = text.strip().splitlines()
    assert lines[0] == "at_utc;arbiter;kind;action_en;action_fr;reason;changed_en;changed_fr;rules_en;rules_fr"
    assert lines[-1].split(";")[1:4] == ["Marie (AF1)", "undo", "Add player BRAVO"]
    assert verify_bundle(tmp_path / "audit.zip").ok


# -- issue 23 §6: the bundle is honest -----------------------------------------------------------------------------
def _forge(src: Path, dst: Path, member: str, old: bytes, new: bytes) -> None:
    """Change one file and rewrite the manifest's checksums, as anyone can."""
    from tournament_desk.formats.bundle import sha256

    with zipfile.ZipFile(src) as zin:
        files = {i.filename: zin.read(i) for i in zin.infolist()}
    assert old in files[member]
    files[member] = files[member].replace(old, new, 1)
    manifest = json.loads(files.pop("manifest.json"))
    manifest["files"] = [{"path": n, "size": len(d), "sha256": sha256(d)} for n, d in sorted(files.items())]
    with zipfile.ZipFile(dst, "w") as zout:
        zout.writestr("manifest.json", json.dumps(manifest))
        for name, data in sorted(files.items()):
            zout.writestr(name, data)


def test_a_result_changed_with_rewritten_checksums_is_caught(tmp_path: Path) -> None:
    with _draughts_rr(tmp_path) as session:
        out = tmp_path / "bundle.zip"
        export_bundle(session, out, "fr")
        state = session.state()
    report = verify_bundle(out)
    assert report.ok and set(report.consistency) == {"event-json", "members", "trf16", "trf26", "crosstable",
                                                     "standings", "rating-report", "rule-settings"}
    g = state.round(1).games[0]
    forged = tmp_path / "forged.zip"
    # event.json says White won board 1 of round 1; make it a loss for White there only
    text = zipfile.ZipFile(out).read("event.json").decode()
    indent = "\n          "
    needle = f'"board": {g.board},{indent}"white": {g.white_id},{indent}"black": {g.black_id},{indent}"result": "'
    assert needle in text
    _forge(out, forged, "event.json", (needle + g.result.value).encode(), (needle + "0-1").encode())
    report = verify_bundle(forged)
    assert not report.ok and {p.kind for p in report.problems} == {"inconsistent"}
    assert {p.path for p in report.problems} >= {"event.json", "results-trf16.txt", "results-trf26.txt",
                                                 "ffjd-grid.csv", "standings.csv"}
    assert any("does not tell the same story as event.json" in p.message("en") for p in report.problems)
    with pytest.raises(BundleError, match="does not tell the same story"):
        load_bundle(forged)
    # one of the other files changed alone, checksums rewritten
    for member, old, new in (("results-trf16.txt", b"Joueur1", b"Joueur9"), ("ffjd-grid.csv", b";2;", b";0;"),
                             ("standings.csv", b"JOUEUR1", b"JOUEUR7"), ("rating-preview.csv", b"L3", b"L9")):
        _forge(out, forged, member, old, new)
        report = verify_bundle(forged)
        assert [p.path for p in report.problems] == [member], member


def test_unexpected_member_with_rewritten_checksums(tmp_path: Path) -> None:
    with _draughts_rr(tmp_path) as session:
        out = tmp_path / "bundle.zip"
        export_bundle(session, out, "fr")
    extra = tmp_path / "extra.zip"
    _forge(out, extra, "checks.txt", b"[", b"[")  # rewrite only: same content
    with zipfile.ZipFile(extra, "a") as z:
        z.writestr("results-corrected.txt", b"trust me")
    assert ("unexpected", "results-corrected.txt") in {(p.kind, p.path) for p in verify_bundle(extra).problems}


def test_messages_and_docs_say_what_the_checksums_prove() -> None:
    from tournament_desk.formats.bundle import BundleReport

    report = BundleReport("b.zip", {}, ("event.json",), (), ("trf16",))
    assert "they do not prove who made the bundle" in report.summary("en")
    assert "ne prouvent pas qui a fait le paquet" in report.summary("fr")
    docs = (Path(__file__).parents[2] / "docs" / "bundle-schema.md").read_text(encoding="utf-8")
    assert docs.count("tamper-evident") == docs.count("is *not* tamper-evident") == 1
    assert "accidental damage" in docs and "does **not** prove who made" in docs
