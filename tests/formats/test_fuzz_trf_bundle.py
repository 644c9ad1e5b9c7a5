"""Fuzzing the TRF reader and the homologation-bundle reader (issue 11): generated and mutated inputs either
load or raise the reader's own error (``TrfError`` with line and column, ``BundleError``) with a message."""

from __future__ import annotations

import io
import json
import shutil
import tempfile
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_desk.formats.bundle import BundleError, read_bundle_state, state_from_bundle_dict
from tournament_desk.formats.trf import TrfError, loads, to_swiss_state

# Hostile bundles with two members of one name are made on purpose (zipfile warns when writing them).
pytestmark = pytest.mark.filterwarnings("ignore:Duplicate name:UserWarning")

DATA = Path(__file__).parents[1] / "data"
TRF = sorted((DATA / "dutch").glob("*.trf"))
SAMPLE = TRF[0].read_bytes()
CORPUS = DATA / "fuzz"
def fast(n: int) -> settings:
    return settings(max_examples=n, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _trf(data: bytes) -> None:
    try:
        trf = loads(data)
    except TrfError as exc:
        assert str(exc)
        return
    for k in range(1, 3):  # the engine's input can be built, or refused with the reader's error
        try:
            to_swiss_state(trf, k)
        except (TrfError, ValueError) as exc:
            assert str(exc)


@fast(1500)
@given(st.binary(max_size=600))
def test_trf_random_bytes(data: bytes) -> None:
    _trf(data)


@fast(2000)
@given(st.lists(st.tuples(st.integers(0, len(SAMPLE) - 1), st.integers(0, 255)), min_size=1, max_size=8),
       st.integers(0, len(SAMPLE)))
def test_trf_mutated_file(mutations: list[tuple[int, int]], cut: int) -> None:
    data = bytearray(SAMPLE)
    for index, byte in mutations:
        data[index] = byte
    _trf(bytes(data))
    _trf(bytes(data[:cut]))


line = st.one_of(
    st.builds(lambda n, rest: f"001 {n:>4} " + rest, st.integers(0, 9999), st.text(max_size=90)),
    st.builds(lambda code, rest: f"{code} {rest}", st.sampled_from(["012", "XXR", "XXC", "XXA", "XXP", "142", "162",
                                                                   "250", "260", "132"]), st.text(max_size=60)),
    st.text(max_size=100),
)


@fast(1500)
@given(st.lists(line, max_size=12), st.sampled_from(["\r", "\n", "\r\n"]))
def test_trf_structured_lines(lines: list[str], newline: str) -> None:
    _trf(newline.join(lines).encode("utf-8", errors="replace"))


def _bundle(data: bytes, tmp: Path) -> None:
    path = tmp / "b.zip"
    path.write_bytes(data)
    try:
        read_bundle_state(path)
    except BundleError as exc:
        assert exc.message("en") and exc.message("fr")


VALID_EVENT = {"schema": "tournament_desk.bundle-event/1"}


@fast(1200)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=4),
                    max_leaves=20),
       st.dictionaries(st.sampled_from(["schema", "event", "players", "rounds", "name", "discipline"]),
                       st.none() | st.integers() | st.text(max_size=6) | st.lists(st.integers(), max_size=3),
                       max_size=5))
def test_bundle_event_json(junk: object, partial: dict[str, object]) -> None:
    for data in (junk, {**VALID_EVENT, **partial}):
        try:
            state_from_bundle_dict(data)  # type: ignore[arg-type]
        except BundleError as exc:
            assert exc.message("en") and exc.message("fr")


@fast(800)
@given(st.dictionaries(st.sampled_from(["manifest.json", "event.json", "checks.txt", "x/../y"]),
                       st.binary(max_size=200), max_size=4),
       st.binary(max_size=200))
def test_bundle_zip(files: dict[str, bytes], raw: bytes) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="tdesk-fuzz-"))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name, content in files.items():
            z.writestr(name, content)
        z.writestr("manifest.json", json.dumps({"schema": "tournament_desk.bundle-manifest/1", "files": []}))
    _bundle(buffer.getvalue(), tmp)
    _bundle(raw, tmp)
    shutil.rmtree(tmp, ignore_errors=True)


@pytest.mark.parametrize("case", sorted(CORPUS.glob("trf/*")) + sorted(CORPUS.glob("bundle/*")),
                         ids=lambda p: p.name)
def test_corpus(case: Path, tmp_path: Path) -> None:
    if case.parent.name == "trf":
        _trf(case.read_bytes())
    else:
        _bundle(case.read_bytes(), tmp_path)
