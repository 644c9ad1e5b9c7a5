"""Bundle format: event.json round trip, manifest SHA-256 verification, tampered and missing files."""

from __future__ import annotations

import atexit
import datetime as dt
import io
import json
import random
import shutil
import struct
import sys
import tempfile
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_desk.core.model import (
    Bye,
    Event,
    EventState,
    Game,
    PairingSystem,
    Player,
    RatingSystem,
    Round,
    Sex,
    TimeControl,
)
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.formats.bundle import (
    EVENT_SCHEMA,
    MANIFEST_FILE,
    MAX_MEMBERS,
    BundleError,
    read_bundle_state,
    read_members,
    sha256,
    state_from_bundle_dict,
    state_to_bundle_dict,
    verify_bundle_file,
    write_bundle,
)
from tournament_desk.formats.ffjd_grid_csv import ffjd_grid_csv
from tournament_desk.formats.trf import loads
from tournament_desk.formats.trf_event import event_trf

sys.path.insert(0, str(Path(__file__).parents[1] / "storage"))
import fuzz_bundle

# Hostile bundles with two members of one name are made on purpose (zipfile warns when writing them).
pytestmark = pytest.mark.filterwarnings("ignore:Duplicate name:UserWarning")


def _state() -> EventState:
    event = Event.for_discipline(
        "Open de Lille", Discipline.DRAUGHTS, system=PairingSystem.DUTCH, rounds=3, place="Lille",
        start_date=dt.date(2026, 3, 7), end_date=dt.date(2026, 3, 8), arbiters=("A. Bé", "C. Dé"),
        organiser="Damier lillois", time_control=TimeControl(45, 15), tiebreaks=("BH", "SB"),
        tiebreak_edition="fide2023")
    players = (
        Player(1, "Élan", "Zoé", sex=Sex.FEMALE, birth_date=dt.date(2012, 6, 1), category="scolaire",
               club="Lille", licence_id="F123", ratings=(("ffjd", 1300), ("fmjd", 1500)), pairing_number=1),
        Player(2, "Ba", "Ana", club="Roubaix", federation="BEL", fmjd_id="77", ratings=(("ffjd", 1600),),
               pairing_number=2),
        Player(3, "Ci", "Luc", licence_id="F9", unrated=True, pairing_number=3, withdrawn_from_round=3,
               withdrawal_forfeit=Outcome.FORFEIT_LOSS_UNEXCUSED),
        Player(4, "Do", "Léa", licence_id="F10", title="MF", fide_id="555", pairing_number=4),
        Player(5, "Eu", "Max", licence_id="F11", pairing_number=5),
    )
    rounds = (
        Round(1, games=(Game(1, 1, 1, 2, GameResult.WHITE_WIN), Game(1, 2, 3, 4, GameResult.DRAW)),
              byes=(Bye(1, 5, Outcome.PAIRING_BYE),)),
        Round(2, games=(Game(2, 1, 2, 5, GameResult.BLACK_FORFEIT_WIN_UNEXCUSED),
                        Game(2, 2, 4, 1, GameResult.ZERO_BY_RULE)), byes=(Bye(2, 3, Outcome.HALF_BYE),)),
        Round(3, games=(Game(3, 1, 5, 1, None), Game(3, 2, 2, 4, GameResult.DOUBLE_FORFEIT)),
              byes=(Bye(3, 3, Outcome.WITHDRAWN),)),
    )
    return EventState(event, players, rounds)


def test_event_json_round_trip_is_exact() -> None:
    state = _state()
    data = state_to_bundle_dict(state)
    assert data["schema"] == EVENT_SCHEMA
    again = state_from_bundle_dict(json.loads(json.dumps(data)))
    assert again == state
    board = data["rounds"][1]["games"][0]
    assert board["result"] == "0fne-2fne" and board["white_outcome"] == "0fne" and board["forfeit"] is True
    assert data["players"][2]["withdrawn_from_round"] == 3 and data["players"][2]["withdrawal_forfeit"] == "0fne"
    assert data["rounds"][0]["byes"] == [{"player": 5, "kind": "pab"}]
    assert data["event"]["time_control"] == {"base_minutes": 45, "increment_seconds": 15}
    assert data["event"]["rating_system"] == RatingSystem.FFJD.value
    assert data["event"]["tiebreak_edition"] == "fide2023"


def test_unknown_schema_and_bad_content_are_refused() -> None:
    data = state_to_bundle_dict(_state())
    with pytest.raises(BundleError, match="unknown schema"):
        state_from_bundle_dict({**data, "schema": "other/9"})
    broken = json.loads(json.dumps(data))
    broken["rounds"][0]["games"][0]["result"] = "3-0"
    with pytest.raises(BundleError, match="invalid content"):
        state_from_bundle_dict(broken)


def _bundle(tmp_path: Path) -> Path:
    state = _state()
    files = {"event.json": json.dumps(state_to_bundle_dict(state)).encode(), "notes/checks.txt": "é½\n".encode()}
    path = tmp_path / "b.zip"
    manifest = write_bundle(path, files, created="2026-03-08T18:00:00+00:00")
    assert [f["path"] for f in manifest["files"]] == ["event.json", "notes/checks.txt"]
    assert manifest["files"][1]["sha256"] == sha256("é½\n".encode())
    return path


def _rewrite(src: Path, dst: Path, change: dict[str, bytes | None]) -> None:
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for info in zin.infolist():
            if info.filename in change:
                if change[info.filename] is not None:
                    zout.writestr(info.filename, change[info.filename])  # type: ignore[arg-type]
            else:
                zout.writestr(info.filename, zin.read(info))
        for name, data in change.items():
            if data is not None and name not in zin.namelist():
                zout.writestr(name, data)


def test_intact_bundle_verifies_and_reads(tmp_path: Path) -> None:
    path = _bundle(tmp_path)
    report = verify_bundle_file(path)
    assert report.ok and report.checked == ("event.json", "notes/checks.txt")
    assert "2 files verified" in report.summary("en") and "2 fichiers vérifiés" in report.summary("fr")
    assert read_bundle_state(path) == _state()


def test_modified_missing_and_unexpected_files_are_reported_precisely(tmp_path: Path) -> None:
    path = _bundle(tmp_path)
    bad = tmp_path / "bad.zip"
    _rewrite(path, bad, {"notes/checks.txt": b"changed", "event.json": None, "extra.txt": b"x"})
    report = verify_bundle_file(bad)
    assert not report.ok
    kinds = {(p.kind, p.path) for p in report.problems}
    assert kinds == {("modified", "notes/checks.txt"), ("missing", "event.json"), ("unexpected", "extra.txt")}
    modified = next(p for p in report.problems if p.kind == "modified")
    assert ("notes/checks.txt: modified" in modified.message("en") and "modifié" in modified.message("fr") and
            "7 bytes" in modified.message("en"))
    with pytest.raises(BundleError) as exc:
        read_bundle_state(bad)
    assert "Bundle refused: 3 problem(s)" in str(exc.value) and "Paquet refusé" in exc.value.message("fr")


def test_tampered_event_json_is_refused(tmp_path: Path) -> None:
    path = _bundle(tmp_path)
    data = json.loads(zipfile.ZipFile(path).read("event.json"))
    data["rounds"][0]["games"][0]["result"] = "0-1"
    bad = tmp_path / "tampered.zip"
    _rewrite(path, bad, {"event.json": json.dumps(data).encode()})
    with pytest.raises(BundleError, match=r"event\.json: modified"):
        read_bundle_state(bad)


def test_missing_or_broken_manifest_and_non_zip(tmp_path: Path) -> None:
    path = _bundle(tmp_path)
    no_manifest = tmp_path / "nm.zip"
    _rewrite(path, no_manifest, {MANIFEST_FILE: None})
    report = verify_bundle_file(no_manifest)
    assert ([p.kind for p in report.problems] == ["manifest"] and
            "manifest.json is missing" in report.problems[0].message("en"))
    broken = tmp_path / "bm.zip"
    _rewrite(path, broken, {MANIFEST_FILE: b"{not json"})
    assert "not a valid manifest" in verify_bundle_file(broken).problems[0].message("en")
    text = tmp_path / "x.zip"
    text.write_text("hello")
    with pytest.raises(BundleError, match="not a readable zip"):
        verify_bundle_file(text)
    with pytest.raises(BundleError, match="no such file"):
        verify_bundle_file(tmp_path / "absent.zip")


def test_trf_export_reads_back(tmp_path: Path) -> None:
    state = _state()
    for edition in ("16", "26"):
        trf = loads(event_trf(state, edition))
        assert trf.headers["012"] == ["Open de Lille"] and trf.total_rounds == 3
        assert trf.scoring_codes["W"] == 2  # draughts scale declared
        p1 = next(p for p in trf.players if p.start_rank == 1)
        assert p1.name == "Élan, Zoé" and p1.rating == 1300 and p1.sex == "w"
        assert [(e.opponent, e.colour, e.result) for e in p1.rounds] == [(2, "w", "1"), (4, "b", "0"),
                                                                         (5, "b", "")]
        p2 = next(p for p in trf.players if p.start_rank == 2)
        assert [(e.opponent, e.result) for e in p2.rounds] == [(1, "0"), (5, "-"), (4, "-")]
        p5 = next(p for p in trf.players if p.start_rank == 5)
        assert (p5.rounds[0].opponent, p5.rounds[0].result) == (None, "U") and p5.rounds[1].result == "+"
        p3 = next(p for p in trf.players if p.start_rank == 3)
        assert [e.result for e in p3.rounds] == ["=", "H", "-"]
        assert p5.points == state.score(5)


def test_ffjd_grid_csv_codes() -> None:
    text = ffjd_grid_csv(_state()).decode("utf-8")
    assert text.startswith("\ufeffNo;Nom;Prenom;Licence;Club;CP;R1_adv;R1_res;R2_adv;R2_res;R3_adv;R3_res;Pts")
    lines = text.lstrip("\ufeff").splitlines()
    assert lines[1] == "1;Élan;Zoé;F123;Lille;1300;2;2;4;0r;5;;2"
    assert lines[2] == "2;Ba;Ana;;Roubaix;1600;1;0;5;0fne;4;0d;0"
    assert lines[3] == "3;Ci;Luc;F9;;;4;1;;hpb;;ret;2"
    assert lines[5] == "5;Eu;Max;F11;;;;EXEMPT;2;2fne;1;;4"


# -- issue 23: hostile zips give a report or a BundleError, within bounded memory ------------------------------


def _kinds(report_or_path: object) -> set[tuple[str, str]]:
    report = verify_bundle_file(report_or_path)  # type: ignore[arg-type]
    return {(p.kind, p.path) for p in report.problems}


def _patch(data: bytes, sig: bytes, offset: int, fmt: str, value: int) -> bytes:
    out = bytearray(data)
    at = out.find(sig)
    while at >= 0:
        struct.pack_into(fmt, out, at + offset, value)
        at = out.find(sig, at + 4)
    return bytes(out)


def test_encrypted_members_are_named(tmp_path: Path) -> None:
    data = _bundle(tmp_path).read_bytes()
    data = _patch(_patch(data, b"PK\x01\x02", 8, "<H", 1), b"PK\x03\x04", 6, "<H", 1)
    (tmp_path / "enc.zip").write_bytes(data)
    report = verify_bundle_file(tmp_path / "enc.zip")
    assert {p.kind for p in report.problems} == {"unreadable"}  # every member, the manifest included
    assert any("is encrypted (a bundle is never encrypted)" in p.message("en") for p in report.problems)
    with pytest.raises(BundleError, match="encrypted"):
        read_bundle_state(tmp_path / "enc.zip")


@pytest.mark.parametrize("method", [12, 14, 99])  # bzip2, lzma, nonsense
def test_unsupported_compression_is_named(tmp_path: Path, method: int) -> None:
    data = _bundle(tmp_path).read_bytes()
    data = _patch(_patch(data, b"PK\x01\x02", 10, "<H", method), b"PK\x03\x04", 8, "<H", method)
    (tmp_path / "c.zip").write_bytes(data)
    report = verify_bundle_file(tmp_path / "c.zip")
    assert any(f"unsupported compression method {method}" in p.message("en") for p in report.problems)


def test_corrupt_deflate_data_is_named(tmp_path: Path) -> None:
    data = bytearray(_bundle(tmp_path).read_bytes())
    at = data.find(b"PK\x03\x04", data.find(b"event.json") - 40)
    name_len, extra_len = struct.unpack_from("<HH", data, at + 26)
    start = at + 30 + name_len + extra_len
    data[start:start + 30] = bytes(random.Random(1).randrange(256) for _ in range(30))
    (tmp_path / "d.zip").write_bytes(bytes(data))
    report = verify_bundle_file(tmp_path / "d.zip")
    assert ("unreadable", "event.json") in {(p.kind, p.path) for p in report.problems}
    assert any("its data is damaged" in p.message("en") for p in report.problems)


def test_non_zip_truncated_zip_and_empty_file(tmp_path: Path) -> None:
    data = _bundle(tmp_path).read_bytes()
    for name, content in (("text.zip", b"Ronde 1\n" * 100), ("half.zip", data[: len(data) // 2]),
                          ("empty.zip", b""), ("pdf.zip", b"%PDF-1.4\n" + bytes(2000))):
        (tmp_path / name).write_bytes(content)
        with pytest.raises(BundleError, match="not a readable zip bundle") as err:
            verify_bundle_file(tmp_path / name)
        assert "paquet zip lisible" in err.value.message("fr")


@pytest.mark.parametrize(("megabytes", "named"), [(50, "a zip bomb, not a bundle file"),
                                                   (300, "more than a bundle may hold")])
def test_zip_bomb_is_refused_with_bounded_memory(tmp_path: Path, megabytes: int, named: str) -> None:
    manifest = zipfile.ZipFile(_bundle(tmp_path)).read(MANIFEST_FILE)
    bomb = tmp_path / "bomb.zip"
    bomb.write_bytes(fuzz_bundle.zip_bomb(megabytes * 1024 * 1024, manifest))  # zeros: ~1000 times smaller
    assert bomb.stat().st_size < megabytes * 1024 * 1024 / 500
    tracemalloc.start()
    report = verify_bundle_file(bomb)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert any(named in p.message("en") for p in report.problems if p.path == "event.json")
    assert peak < 20 * 1024 * 1024  # nothing close to what the member claims


def test_too_many_members_is_refused_before_zipfile_lists_them(tmp_path: Path) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for i in range(MAX_MEMBERS + 1):
            zf.writestr(f"f{i}.txt", b"x")
    (tmp_path / "many.zip").write_bytes(buf.getvalue())
    with pytest.raises(BundleError, match=f"it has {MAX_MEMBERS + 1} members"):
        read_members(tmp_path / "many.zip")


def test_duplicate_and_unsafe_member_names(tmp_path: Path) -> None:
    path = _bundle(tmp_path)
    dup = tmp_path / "dup.zip"
    with zipfile.ZipFile(path) as zin, zipfile.ZipFile(dup, "w") as zout:
        for info in zin.infolist():
            zout.writestr(info.filename, zin.read(info))
        with pytest.warns(UserWarning, match="Duplicate name"):
            zout.writestr("event.json", b"{}")
        zout.writestr("../evil.txt", b"x")
    kinds = _kinds(dup)
    assert ("duplicate", "event.json") in kinds and ("unexpected", "../evil.txt") in kinds
    report = verify_bundle_file(dup)
    assert any("two files of this name" in p.message("en") for p in report.problems)


_FUZZ_BASE = Path(tempfile.mkdtemp(prefix="tdesk-fuzz-bundle-"))
atexit.register(shutil.rmtree, _FUZZ_BASE, True)


@settings(max_examples=45, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from([k for k in fuzz_bundle.KINDS if k != "bomb"]), st.integers(0, 2**32))
def test_fuzz_bundle_reader(kind: str, seed: int) -> None:
    """Hostile and damaged bundles (tests/storage/fuzz_bundle.py) give a report or a BundleError, never a
    traceback (the long run with counts: benchmarks/fuzz_inputs.py)."""
    base = fuzz_bundle.base_bundle(_FUZZ_BASE)
    data = fuzz_bundle.mutate(base, random.Random(seed), kind)
    assert fuzz_bundle.exercise(data, _FUZZ_BASE) == ""
