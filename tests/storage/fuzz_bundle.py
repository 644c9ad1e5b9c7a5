"""Fuzzing the bundle reader: damaged, hostile and forged homologation bundles.

Each case is bytes written to a ``.zip`` and given to ``services.bundle.verify_bundle`` then ``load_bundle``
(what ``tournament-desk verify-bundle`` and the import do): they must return a report or raise
:class:`BundleError` — never another exception, never hang, never hold more memory than the reader's limits.

Shared by ``tests/formats/test_bundle.py`` (a short hypothesis run) and ``benchmarks/fuzz_inputs.py``.
"""

from __future__ import annotations

import io
import json
import random
import struct
import traceback
import zipfile
from pathlib import Path

from tournament_desk.core.errors import TournamentError
from tournament_desk.core.operations import AddPlayers, RecordResult

KINDS = ("flip", "truncate", "encrypt", "compression", "duplicate", "bomb", "many", "declared", "non-zip",
         "forge", "manifest", "event-json", "name", "nested-json", "deflate")


def base_bundle(folder: Path) -> bytes:
    """A real bundle: a small draughts round robin with results, exported by the program."""
    import datetime as dt

    from tournament_desk.core.model import Event, PairingSystem
    from tournament_desk.core.results import Discipline, GameResult
    from tournament_desk.services.bundle import export_bundle
    from tournament_desk.services.pairing import pair_next
    from tournament_desk.services.roundrobin import assign_numbers
    from tournament_desk.services.session import EventSession

    out = folder / "base-bundle.zip"
    if out.exists():
        return out.read_bytes()
    folder.mkdir(parents=True, exist_ok=True)
    event = Event.for_discipline("Championnat du Nord", Discipline.DRAUGHTS, system=PairingSystem.ROUND_ROBIN,
                                 rounds=5, start_date=dt.date(2026, 3, 7))
    rng = random.Random(3)
    with EventSession.create(folder / "base.tdesk", event, arbiter="fuzz") as s:
        names = ["Élan", "Ba", "Ci", "Dö", "Eu", "Fa"]
        rng.shuffle(names)
        s.run(AddPlayers([{"surname": n, "first_name": "Zoé", "licence_id": f"F{i}",
                           "ratings": (("ffjd", 1200 + 40 * i),)} for i, n in enumerate(names)]))
        assign_numbers(s, "rating")
        for _ in range(3):
            rnd = pair_next(s).payload.round
            for g in rnd.games:
                s.run(RecordResult(rnd.number, g.board, rng.choice((GameResult.WHITE_WIN, GameResult.DRAW,
                                                                 GameResult.BLACK_WIN))))
        export_bundle(s, out, "fr")
    return out.read_bytes()


def _members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {i.filename: zf.read(i) for i in zf.infolist()}


def _zip(members: list[tuple[str, bytes]], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=compression) as zf:
        for name, content in members:
            zf.writestr(name, content)
    return buf.getvalue()


def _with_manifest(files: dict[str, bytes]) -> bytes:
    """A zip whose manifest matches ``files`` (what a forger who rewrites the checksums produces)."""
    from tournament_desk.formats.bundle import MANIFEST_SCHEMA, sha256

    manifest = {"schema": MANIFEST_SCHEMA, "generator": "forger", "created": "2026-01-01T00:00:00+00:00",
                "algorithm": "sha256",
                "files": [{"path": n, "size": len(d), "sha256": sha256(d)} for n, d in sorted(files.items())]}
    return _zip([("manifest.json", json.dumps(manifest).encode()), *sorted(files.items())])


def _patch_all(data: bytes, sig: bytes, offset: int, fmt: str, value: int) -> bytes:
    """Set a field in every local (``PK\\x03\\x04``) or central (``PK\\x01\\x02``) header."""
    out = bytearray(data)
    at = out.find(sig)
    while at >= 0:
        struct.pack_into(fmt, out, at + offset, value)
        at = out.find(sig, at + 4)
    return bytes(out)


def zip_bomb(size: int, manifest: bytes) -> bytes:
    """A zip whose ``event.json`` inflates to ``size`` bytes of zeros (written in chunks: never in memory)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        zf.writestr("manifest.json", manifest)
        chunk = b"\0" * (1024 * 1024)
        with zf.open("event.json", "w", force_zip64=False) as w:
            for _ in range(size // len(chunk)):
                w.write(chunk)
    return buf.getvalue()


def mutate(base: bytes, rng: random.Random, kind: str) -> bytes:
    files = {n: d for n, d in _members(base).items() if n != "manifest.json"}
    if kind == "flip":
        data = bytearray(base)
        for _ in range(rng.randint(1, 12)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == "truncate":
        return base[: rng.randrange(len(base))]
    if kind == "encrypt":  # the "encrypted" flag bit on every member
        data = _patch_all(base, b"PK\x01\x02", 8, "<H", 0x1)
        return _patch_all(data, b"PK\x03\x04", 6, "<H", 0x1)
    if kind == "compression":  # bzip2/lzma/unknown method numbers
        method = rng.choice((12, 14, 99, 1, 6))
        data = _patch_all(base, b"PK\x01\x02", 10, "<H", method)
        return _patch_all(data, b"PK\x03\x04", 8, "<H", method)
    if kind == "deflate":  # corrupt the compressed data of one member, headers intact
        data = bytearray(base)
        at = data.find(b"PK\x03\x04", rng.randrange(len(data) // 2))
        if at >= 0:
            name_len, extra_len = struct.unpack_from("<HH", data, at + 26)
            start = at + 30 + name_len + extra_len
            for i in range(start, min(start + 40, len(data))):
                data[i] = rng.randrange(256)
        return bytes(data)
    if kind == "duplicate":
        name = rng.choice(sorted(files))
        return _zip([("manifest.json", _members(base)["manifest.json"]), *sorted(files.items()),
                     (name, b"second copy")])
    if kind == "bomb":  # 100-300 MB of zeros in a few hundred KB, with a manifest that claims it
        return zip_bomb(rng.choice((100, 300)) * 1024 * 1024, _members(base)["manifest.json"])
    if kind == "many":  # more members than a bundle has
        n = rng.choice((65, 500, 5000))
        return _zip([(f"f{i}.txt", b"x") for i in range(n)], zipfile.ZIP_STORED)
    if kind == "declared":  # headers claim sizes the data does not have
        value = rng.choice((0, 1, 2**31 - 1, 2**32 - 1))
        data = _patch_all(base, b"PK\x01\x02", 24, "<I", value)
        return _patch_all(data, b"PK\x03\x04", 22, "<I", value)
    if kind == "non-zip":
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 3000)))
    if kind == "forge":  # change one result in one file and rewrite the manifest's checksums
        target = rng.choice([n for n in ("event.json", "results-trf16.txt", "results-trf26.txt", "ffjd-grid.csv",
                                         "standings.csv", "rating-preview.csv") if n in files])
        text = files[target].decode("utf-8")
        swaps = [("1-1", "2-0"), ("\"2-0\"", "\"0-2\""), (" 1 ", " 0 "), (";2;", ";0;"), ("Élan", "Elan"),
                 ("\"result\": \"1-0\"", "\"result\": \"0-1\""), (" = ", " 1 ")]
        rng.shuffle(swaps)
        for a, b in swaps:
            if a in text:
                text = text.replace(a, b, 1)
                break
        else:
            text += "\n"
        return _with_manifest({**files, target: text.encode("utf-8")})
    if kind == "manifest":
        junk = rng.choice((b"[]", b"null", b"{\"schema\": 3}", b"[" * 100000, b"{\"schema\": "
                           b"\"tournament_desk.bundle-manifest/1\", \"files\": [1, \"x\", {\"path\": []}]}",
                           bytes(rng.randrange(256) for _ in range(50))))
        return _zip([("manifest.json", junk), *sorted(files.items())])
    if kind == "event-json":
        event = json.loads(files["event.json"])
        choice = rng.randrange(6)
        if choice == 0:
            event["rounds"][0]["games"][0]["white"] = 999
        elif choice == 1:
            event["event"]["rounds"] = 1e400
        elif choice == 2:
            event["players"][0]["surname"] = "X" * 5000
        elif choice == 3:
            event["players"].append(dict(event["players"][0]))
        elif choice == 4:
            event["rounds"][0]["number"] = -3
        else:
            event["event"]["scoring"] = {"name": []}
        return _with_manifest({**files, "event.json": json.dumps(event).encode()})
    if kind == "name":
        name = rng.choice(("../evil.txt", "/abs.txt", "C:\\x.txt", "a\x00b", "dir/", "x" * 300))
        return _zip([("manifest.json", _members(base)["manifest.json"]), *sorted(files.items()), (name, b"x")])
    if kind == "nested-json":
        return _with_manifest({**files, "event.json": b"[" * 200000 + b"]" * 200000})
    raise ValueError(kind)


def exercise(data: bytes, folder: Path) -> str:
    """Verify and load the bytes as a bundle; returns the traceback of anything but a TournamentError."""
    from tournament_desk.services.bundle import load_bundle, verify_bundle

    path = folder / "case.zip"
    path.write_bytes(data)
    try:
        report = verify_bundle(path)
        assert report.summary("en") and report.summary("fr")
        if report.ok:
            load_bundle(path)
    except TournamentError as exc:
        assert exc.message("en") and exc.message("fr")
    except Exception:
        return traceback.format_exc()
    return ""
