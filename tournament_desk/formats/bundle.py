"""The homologation bundle: a zip of files with a ``manifest.json`` holding the SHA-256 of each, and the
versioned ``event.json`` schema that recreates the event exactly. Schema documented in docs/bundle-schema.md.

* :func:`state_to_bundle_dict` / :func:`state_from_bundle_dict` — ``event.json`` (schema
  ``tournament_desk.bundle-event/1``): round trip to an equal :class:`EventState`.
* :func:`write_bundle` — writes the files and the manifest (schema ``tournament_desk.bundle-manifest/1``).
* :func:`verify_bundle_file` — a :class:`BundleReport` listing precisely each modified, missing or unexpected file.
* :func:`read_bundle_state` — the event of a verified bundle; a damaged or altered bundle raises :class:`BundleError`.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import struct
import zipfile
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tournament_desk.core.consistency import state_problems
from tournament_desk.core.errors import EventFileError, TournamentError
from tournament_desk.core.ids import PlayerId, TeamId
from tournament_desk.core.messages import Msg, listing, msg
from tournament_desk.core.model import (
    Bye,
    ByeRequest,
    Event,
    EventState,
    Game,
    PairingSystem,
    Player,
    RatingSystem,
    Round,
    Sex,
    TimeControl,
    TopCut,
)
from tournament_desk.core.results import Discipline, GameResult, Outcome, format_game_result
from tournament_desk.core.scoring import ScoringProfile
from tournament_desk.core.teams.model import Lineup, Team, TeamMatch, TeamRules

__all__ = [
    "EVENT_FILE", "EVENT_SCHEMA", "MANIFEST_FILE", "MANIFEST_SCHEMA", "BundleError", "BundleProblem",
    "BundleReport", "read_bundle_files", "read_bundle_state", "sha256", "state_from_bundle_dict",
    "state_to_bundle_dict", "verify_bundle_file", "write_bundle",
]

EVENT_SCHEMA = "tournament_desk.bundle-event/1"
MANIFEST_SCHEMA = "tournament_desk.bundle-manifest/1"
EVENT_FILE = "event.json"
MANIFEST_FILE = "manifest.json"


class BundleError(EventFileError):
    """A bundle that cannot be used: not a zip, no manifest, damaged, altered or
    missing files, unknown schema, files that contradict each other."""

    code = "bundle"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# ------------------------------------------------------------------------------------------------ event.json
def _date(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None


def state_to_bundle_dict(state: EventState) -> dict[str, Any]:
    """The whole event in schema ``tournament_desk.bundle-event/1`` (docs/bundle-schema.md)."""
    e = state.event
    discipline = e.discipline
    players = []
    for p in state.players:
        players.append({
            "id": p.id, "pairing_number": p.pairing_number, "surname": p.surname, "first_name": p.first_name,
            "sex": p.sex.value, "birth_date": _date(p.birth_date), "category": p.category, "club": p.club,
            "federation": p.federation, "licence_id": p.licence_id, "fide_id": p.fide_id, "fmjd_id": p.fmjd_id,
            "title": p.title, "ratings": [{"system": s, "rating": v} for s, v in p.ratings],
            "unrated": p.unrated, "withdrawn_from_round": p.withdrawn_from_round,
            "withdrawal_forfeit": p.withdrawal_forfeit.value, "duplicate_series": p.duplicate_series,
            "points": state.score(p.id),
        })
    rounds = []
    for r in state.rounds:
        games = []
        for g in r.games:
            white, black = g.result.outcomes() if g.result else (None, None)
            games.append({
                "board": g.board, "white": g.white_id, "black": g.black_id,
                "result": g.result.value if g.result else None,
                "result_text": format_game_result(g.result, discipline) if g.result else None,
                "white_outcome": white.value if white else None, "black_outcome": black.value if black else None,
                "forfeit": bool(white and white.is_forfeit),
                "white_points": g.white_points, "black_points": g.black_points,
            })
        rounds.append({"number": r.number, "complete": r.is_complete, "games": games,
                       "byes": [{"player": b.player_id, "kind": b.kind.value} for b in r.byes]})
    return {
        "schema": EVENT_SCHEMA,
        "event": {
            "name": e.name, "discipline": discipline.value, "system": e.system.value, "rounds": e.rounds,
            "place": e.place, "start_date": _date(e.start_date), "end_date": _date(e.end_date),
            "arbiters": list(e.arbiters), "organiser": e.organiser,
            "time_control": {"base_minutes": e.time_control.base_minutes,
                             "increment_seconds": e.time_control.increment_seconds},
            "scoring": e.scoring.as_dict(), "tiebreaks": list(e.tiebreaks), "tiebreak_edition": e.tiebreak_edition,
            "rating_system": e.rating_system.value, "initial_colour": e.initial_colour,
            "acceleration": e.acceleration, "numbering": e.numbering, "federation": e.federation,
            "round_dates": [_date(d) for d in e.round_dates],
            **({"team_rules": e.team.as_dict()} if e.team is not None else {}),
        },
        "players": players,
        "rounds": rounds,
        "requested_byes": [{"round": r.round, "player": r.player_id, "kind": r.kind.value} for r in state.requests],
        "forbidden_pairs": [list(pair) for pair in state.forbidden_pairs],
        "top_cut": None if state.top_cut is None else {
            "size": state.top_cut.size, "draw_rule": state.top_cut.draw_rule,
            "after_round": state.top_cut.after_round, "seeds": list(state.top_cut.seeds),
            "playoffs": [{"stage": s, "white": w, "winner": v} for s, w, v in state.top_cut.playoffs]},
        "options": dict(state.options),
        **(_team_data(state) if e.team is not None else {}),
    }


def _team_data(state: EventState) -> dict[str, Any]:
    """A team event's teams (rosters in board order), matches with their scores, and line-ups (schema 1 keys an
    individual event's bundle does not have; docs/bundle-schema.md)."""
    from tournament_desk.core.teams.scores import match_score

    return {
        "teams": [{"id": t.id, "name": t.name, "code": t.code, "club": t.club, "federation": t.federation,
                   "captain": t.captain, "pairing_number": t.pairing_number, "members": list(t.members)}
                  for t in state.teams],
        "matches": [{"round": m.round, "number": m.number, "home": m.home, "away": m.away, "forfeit": m.forfeit,
                     "score": [s.home, s.away], "finished": s.finished, "match_points": [s.home_mp, s.away_mp]}
                    for m in state.matches for s in (match_score(state, m),)],
        "lineups": [{"round": x.round, "team": x.team, "players": list(x.players)} for x in state.lineups],
    }


def _bad(problem: Msg) -> BundleError:
    return BundleError(msg("event.json: {problem}", problem=problem))


_IN_FILE = msg("the file")
_IN_EVENT = msg("the 'event' object")


def _get(data: Mapping[str, Any], key: str, where: Msg) -> Any:
    if key not in data:
        raise _bad(msg("'{key}' is missing in {where}", key=key, where=where))
    return data[key]


def _parse_date(text: str | None) -> dt.date | None:
    return dt.date.fromisoformat(text) if text else None


def state_from_bundle_dict(data: Mapping[str, Any]) -> EventState:
    """Rebuild the :class:`EventState` written by :func:`state_to_bundle_dict` (equal to the original)."""
    if not isinstance(data, Mapping):
        raise _bad(msg("the file is not a JSON object"))
    schema = data.get("schema")
    if schema != EVENT_SCHEMA:
        raise _bad(msg("unknown schema {schema!r} (expected {expected})", schema=schema, expected=EVENT_SCHEMA))
    try:
        ev = _get(data, "event", _IN_FILE)
        tc = _get(ev, "time_control", _IN_EVENT)
        event = Event(
            name=_get(ev, "name", _IN_EVENT), discipline=Discipline(_get(ev, "discipline", _IN_EVENT)),
            system=PairingSystem(_get(ev, "system", _IN_EVENT)), rounds=int(_get(ev, "rounds", _IN_EVENT)),
            place=ev.get("place", ""), start_date=_parse_date(ev.get("start_date")),
            end_date=_parse_date(ev.get("end_date")), arbiters=tuple(ev.get("arbiters", ())),
            organiser=ev.get("organiser", ""),
            time_control=TimeControl(int(tc["base_minutes"]), int(tc["increment_seconds"])),
            scoring=ScoringProfile.from_dict(_get(ev, "scoring", _IN_EVENT)),
            tiebreaks=tuple(ev.get("tiebreaks", ())), tiebreak_edition=ev.get("tiebreak_edition", ""),
            rating_system=RatingSystem(_get(ev, "rating_system", _IN_EVENT)),
            initial_colour=ev.get("initial_colour", ""), acceleration=ev.get("acceleration", ""),
            numbering=ev.get("numbering", ""), federation=ev.get("federation", ""),
            round_dates=tuple(_parse_date(d) for d in ev.get("round_dates", ())),
            team=TeamRules.from_dict(dict(ev["team_rules"])) if ev.get("team_rules") else None,
        )
        teams = tuple(Team(TeamId(int(row["id"])), row["name"], row.get("code", ""), row.get("club", ""),
                           row.get("federation", ""), row.get("captain", ""), row.get("pairing_number"),
                           tuple(PlayerId(int(x)) for x in row["members"]))
                      for row in data.get("teams", ()))
        matches = tuple(TeamMatch(int(m["round"]), int(m["number"]), TeamId(int(m["home"])), TeamId(int(m["away"])),
                                  str(m.get("forfeit", ""))) for m in data.get("matches", ()))
        lineups = tuple(Lineup(int(x["round"]), TeamId(int(x["team"])),
                               tuple(None if p is None else PlayerId(int(p)) for p in x["players"]))
                        for x in data.get("lineups", ()))
        requests = tuple(ByeRequest(int(r["round"]), int(r["player"]), Outcome(r["kind"]))
                         for r in data.get("requested_byes", ()))
        pairs = tuple((int(a), int(b)) for a, b in data.get("forbidden_pairs", ()))
        cut = data.get("top_cut")
        top_cut = None if not cut else TopCut(
            int(cut["size"]), str(cut["draw_rule"]), int(cut["after_round"]), tuple(int(x) for x in cut["seeds"]),
            tuple((int(p["stage"]), int(p["white"]), int(p["winner"])) for p in cut.get("playoffs", ())))
        options = tuple(sorted((str(k), str(v)) for k, v in dict(data.get("options", {})).items()))
        players = tuple(
            Player(
                id=int(p["id"]), surname=p["surname"], first_name=p.get("first_name", ""), sex=Sex(p.get("sex", "")),
                birth_date=_parse_date(p.get("birth_date")), category=p.get("category", ""),
                club=p.get("club", ""), federation=p.get("federation", ""), licence_id=p.get("licence_id", ""),
                fide_id=p.get("fide_id", ""), fmjd_id=p.get("fmjd_id", ""), title=p.get("title", ""),
                ratings=tuple((r["system"], int(r["rating"])) for r in p.get("ratings", ())),
                unrated=bool(p.get("unrated", False)), withdrawn_from_round=p.get("withdrawn_from_round"),
                pairing_number=p.get("pairing_number"),
                withdrawal_forfeit=Outcome(p.get("withdrawal_forfeit", Outcome.FORFEIT_LOSS_EXCUSED.value)),
                duplicate_series=str(p.get("duplicate_series", "")),
            )
            for p in _get(data, "players", _IN_FILE)
        )
        rounds = tuple(
            Round(
                number=int(r["number"]),
                games=tuple(Game(round=int(r["number"]), board=int(g["board"]), white_id=int(g["white"]),
                                 black_id=int(g["black"]),
                                 result=GameResult(g["result"]) if g.get("result") else None,
                                 white_points=g.get("white_points"), black_points=g.get("black_points"))
                            for g in r.get("games", ())),
                byes=tuple(Bye(int(r["number"]), int(b["player"]), Outcome(b["kind"])) for b in r.get("byes", ())),
            )
            for r in _get(data, "rounds", _IN_FILE)
        )
    except BundleError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, ArithmeticError, RecursionError) as exc:
        detail = exc.msg if isinstance(exc, TournamentError) else str(exc)[:300]
        raise _bad(msg("invalid content ({kind}: {detail})", kind=type(exc).__name__, detail=detail)) from exc
    state = EventState(event, players, rounds, requests, pairs, top_cut, options, teams, matches, lineups)
    problems = state_problems(state)
    if problems:
        raise _bad(msg("the event is inconsistent: {problems}", problems=listing(problems[:3], "; ")))
    return state


# ------------------------------------------------------------------------------------------------ zip + manifest
def _manifest(files: Mapping[str, bytes], *, generator: str, created: str) -> dict[str, Any]:
    return {
        "schema": MANIFEST_SCHEMA,
        "generator": generator,
        "created": created,
        "algorithm": "sha256",
        "files": [{"path": name, "size": len(data), "sha256": sha256(data)} for name, data in sorted(files.items())],
    }


def write_bundle(path: Path | str, files: Mapping[str, bytes], *, generator: str = "tournament_desk",
                 created: str | None = None) -> dict[str, Any]:
    """Write ``files`` (name → bytes) and ``manifest.json`` into a zip at ``path``; returns the manifest."""
    if MANIFEST_FILE in files:
        raise ValueError("manifest.json is written by write_bundle")
    for name in files:
        if name.startswith("/") or ".." in Path(name).parts or "\\" in name:
            raise ValueError(f"bad file name in a bundle: {name!r}")
    stamp = created or dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()
    manifest = _manifest(files, generator=generator, created=stamp)
    path = Path(path)
    tmp = path.with_name(path.name + ".part")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(MANIFEST_FILE, json.dumps(manifest, ensure_ascii=False, indent=2) + "\n")
        for name in sorted(files):
            zf.writestr(name, files[name])
    tmp.replace(path)
    return manifest


@dataclass(frozen=True, slots=True)
class BundleProblem:
    """One reason a bundle is refused. ``kind``: ``modified``, ``missing``, ``unexpected``, ``duplicate``,
    ``unreadable`` (encrypted, unsupported compression, corrupt data, too large), ``manifest``, ``inconsistent``
    (its files tell different stories) or the code of a rule check."""

    kind: str
    path: str
    msg: Msg

    def message(self, lang: str = "en") -> str:
        return self.msg.text(lang)


_WHAT_CHECKSUMS_PROVE = msg(
    "The checksums detect accidental damage (a bad copy, a truncated download); they do not prove who made "
    "the bundle: anyone can change a file and rewrite the manifest.")


@dataclass(frozen=True, slots=True)
class BundleReport:
    path: str
    manifest: dict[str, Any] | None
    checked: tuple[str, ...] = ()
    problems: tuple[BundleProblem, ...] = field(default=())
    consistency: tuple[str, ...] = ()
    """Codes of the checks that found the files telling one story (``services.bundle.BUNDLE_CHECKS``)."""

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary_msg(self) -> Msg:
        """What the verification found, as a catalogue message."""
        if self.ok:
            if self.consistency:
                return msg("Bundle intact: {files} files verified (SHA-256). Its files tell one story ({checks} "
                           "consistency checks). {caveat}", files=len(self.checked), checks=len(self.consistency),
                           caveat=_WHAT_CHECKSUMS_PROVE)
            return msg("Bundle intact: {files} files verified (SHA-256). {caveat}", files=len(self.checked),
                       caveat=_WHAT_CHECKSUMS_PROVE)
        return msg("Bundle refused: {count} problem(s)\n  - {problems}", count=len(self.problems),
                   problems=listing((p.msg for p in self.problems), "\n  - "))

    def summary(self, lang: str = "en") -> str:
        return self.summary_msg().text(lang)

    def raise_if_bad(self) -> None:
        if not self.ok:
            raise BundleError(self.summary_msg())


# -- reading a zip that may be hostile ------------------------------------------------------------------------
MAX_BUNDLE_BYTES = 256 * 1024 * 1024
"""Largest bundle file read (a 2000-player event's bundle is a few MB)."""
MAX_MEMBERS = 64
"""A bundle holds about ten files."""
MAX_MEMBER_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 256 * 1024 * 1024
"""Uncompressed sizes: what reading the bundle may hold in memory at most."""
MAX_RATIO = 200
"""Largest compression ratio accepted for a member over 1 MB (text compresses 5-20 times; a zip bomb 1000)."""
_RATIO_FROM = 1024 * 1024
_EOCD = b"PK\x05\x06"


def _too_big(path: Path, reason: Msg) -> BundleError:
    return BundleError(msg("{name} is not a bundle this program reads: {reason}", name=path.name, reason=reason))


def _check_directory(path: Path, size: int) -> None:
    """Read the zip's end record ourselves before ``zipfile`` builds its list of members: a crafted central
    directory with millions of entries would otherwise exhaust memory before any limit is checked."""
    with path.open("rb") as fh:
        tail_len = min(size, 22 + 65535)
        fh.seek(size - tail_len)
        tail = fh.read(tail_len)
    at = tail.rfind(_EOCD)
    if at < 0 or len(tail) - at < 22:
        raise BundleError(msg("{path} is not a readable zip bundle (no zip directory found)", path=path))
    entries, cd_size = struct.unpack("<HI", tail[at + 10: at + 16])
    if entries == 0xFFFF or cd_size == 0xFFFFFFFF:
        raise _too_big(path, msg("it is a ZIP64 archive (more than 65,535 members or 4 GB)"))
    if entries > MAX_MEMBERS or cd_size > MAX_MEMBERS * 1024:
        raise _too_big(path, msg("it has {entries} members (a bundle has at most {limit})", entries=entries,
                                 limit=MAX_MEMBERS))


def _name_problem(name: str) -> Msg | None:
    if not name or name.startswith(("/", "\\")) or "\\" in name or ".." in name.split("/") or ":" in name:
        return msg("its name is not a plain relative path")
    if any(ord(c) < 32 or ord(c) == 127 for c in name) or len(name) > 200:
        return msg("its name holds control characters or is too long")
    return None


def read_members(path: Path | str) -> tuple[dict[str, bytes], list[BundleProblem]]:
    """Every file of the zip (manifest included), read within the limits above, and the problems of the
    members that cannot be used (encrypted, unsupported compression, corrupt data, too large, unsafe or
    duplicate names). A file that is not a zip at all, or too large to be a bundle, raises :class:`BundleError`.
    Memory stays bounded by ``MAX_TOTAL_BYTES`` whatever the zip claims."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise BundleError(msg("{path}: no such file", path=path)) from None
    except OSError as exc:
        raise BundleError(msg("{path} cannot be read ({reason})", path=path, reason=exc.strerror)) from None
    if path.is_dir():
        raise BundleError(msg("{path} is a folder, not a bundle", path=path))
    if size > MAX_BUNDLE_BYTES:
        raise _too_big(path, msg("it is {size} MB (at most {limit} MB)", size=size // (1024 * 1024),
                                 limit=MAX_BUNDLE_BYTES // (1024 * 1024)))
    files: dict[str, bytes] = {}
    problems: list[BundleProblem] = []

    def bad(kind: str, name: str, reason: Msg) -> None:
        problems.append(BundleProblem(kind, name, msg("{name}: {reason}", name=name, reason=reason)))

    try:
        _check_directory(path, size)
        with zipfile.ZipFile(path) as zf:
            total = 0
            for info in zf.infolist():
                name = info.filename
                if info.is_dir():
                    bad("unexpected", name, msg("a folder entry (a bundle holds files only)"))
                    continue
                why = _name_problem(name)
                if why:
                    bad("unexpected", name, why)
                    continue
                if name in files or any(p.path == name and p.kind == "duplicate" for p in problems):
                    bad("duplicate", name, msg("the zip holds two files of this name (only one can be checked)"))
                    files.pop(name, None)
                    continue
                if info.flag_bits & 0x1:
                    bad("unreadable", name, msg("it is encrypted (a bundle is never encrypted)"))
                    continue
                if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
                    bad("unreadable", name, msg("unsupported compression method {method} (bundles use deflate)",
                                                method=info.compress_type))
                    continue
                if info.file_size > MAX_MEMBER_BYTES or total + info.file_size > MAX_TOTAL_BYTES:
                    bad("unreadable", name, msg("{size} bytes uncompressed: more than a bundle may hold",
                                                size=info.file_size))
                    continue
                if info.file_size > _RATIO_FROM and info.file_size > MAX_RATIO * max(1, info.compress_size):
                    bad("unreadable", name, msg("compressed {ratio} times: a zip bomb, not a bundle file",
                                                ratio=info.file_size // max(1, info.compress_size)))
                    continue
                try:
                    data = _read_member(zf, info)
                except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError,
                        RuntimeError, struct.error, OverflowError) as exc:
                    bad("unreadable", name, msg("its data is damaged ({kind}: {exc})", kind=type(exc).__name__,
                                                exc=exc))
                    continue
                total += len(data)
                files[name] = data
    except BundleError:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError, RuntimeError,
            struct.error, OverflowError, UnicodeDecodeError) as exc:
        raise BundleError(msg("{path} is not a readable zip bundle ({exc})", path=path, exc=exc)) from None
    return files, problems


def _read_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """The member's bytes, never more than it declares (``zipfile`` checks the CRC at the end)."""
    chunks: list[bytes] = []
    got = 0
    with zf.open(info) as fh:
        while True:
            chunk = fh.read(1024 * 1024)
            if not chunk:
                break
            got += len(chunk)
            if got > info.file_size:
                raise ValueError("more data than the zip declares")
            chunks.append(chunk)
    if got != info.file_size:
        raise ValueError(f"{got} bytes where the zip declares {info.file_size}")
    return b"".join(chunks)


def _load_zip(path: Path) -> dict[str, bytes]:
    files, problems = read_members(path)
    if problems:
        raise BundleError(msg("Bundle refused:\n  - {problems}", problems=listing((p.msg for p in problems), "\n  - ")))
    return files


def read_bundle_files(path: Path | str) -> dict[str, bytes]:
    """Every file of the zip (manifest included), unverified; a zip with unusable members is refused."""
    return _load_zip(Path(path))


class _BadManifest(ValueError):
    def __init__(self, message: Msg) -> None:
        super().__init__(message.text("en"))
        self.msg = message


def _parse_manifest(raw: bytes) -> dict[str, Any]:
    """The manifest, its shape checked (raises ValueError naming what is wrong)."""
    try:
        manifest = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise _BadManifest(msg("nested too deeply")) from None
    if not isinstance(manifest, dict):
        raise _BadManifest(msg("not a JSON object"))
    if manifest.get("schema") != MANIFEST_SCHEMA:
        raise _BadManifest(msg("unknown schema {schema!r}", schema=str(manifest.get("schema"))[:60]))
    entries = manifest.get("files")
    if not isinstance(entries, list):
        raise _BadManifest(msg("'files' is not a list"))
    for e in entries:
        if not isinstance(e, dict) or not isinstance(e.get("path"), str) or not isinstance(e.get("sha256"), str):
            raise _BadManifest(msg("a 'files' entry has no path or sha256"))
    return manifest


def verify_bundle_file(path: Path | str) -> BundleReport:
    """Check every file of the bundle against the manifest's SHA-256; report each problem precisely.

    Structure only: what the files say is compared by ``services.bundle.verify_bundle``."""
    path = Path(path)
    files, problems = read_members(path)
    return _verify(path, files, problems)


def _verify(path: Path, files: dict[str, bytes], problems: list[BundleProblem]) -> BundleReport:
    files = dict(files)
    problems = list(problems)
    raw = files.pop(MANIFEST_FILE, None)
    if raw is None:
        if not any(p.path == MANIFEST_FILE for p in problems):
            problems.append(BundleProblem("manifest", MANIFEST_FILE,
                                          msg("manifest.json is missing: the files cannot be checked")))
        return BundleReport(str(path), None, (), tuple(problems))
    try:
        manifest = _parse_manifest(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        p = BundleProblem("manifest", MANIFEST_FILE, msg("manifest.json is not a valid manifest ({reason})",
                                                         reason=getattr(exc, "msg", None) or str(exc)))
        return BundleReport(str(path), None, (), (*problems, p))
    entries: dict[str, dict[str, Any]] = {}
    for e in manifest["files"]:
        if e["path"] in entries:
            problems.append(BundleProblem("manifest", MANIFEST_FILE,
                                          msg("manifest.json lists {path} twice", path=e["path"])))
        entries[e["path"]] = e
    blocked = {p.path for p in problems}
    checked: list[str] = []
    for name, entry in sorted(entries.items()):
        if name in blocked:
            continue
        if name not in files:
            problems.append(BundleProblem("missing", name,
                                          msg("{name}: listed in the manifest but missing from the zip", name=name)))
            continue
        actual = sha256(files[name])
        if actual != entry.get("sha256"):
            problems.append(BundleProblem(
                "modified", name,
                msg("{name}: modified (SHA-256 {actual}…, manifest says {listed}…; {size} bytes, manifest says "
                    "{listed_size})", name=name, actual=actual[:16], listed=str(entry.get("sha256"))[:16],
                    size=len(files[name]), listed_size=str(entry.get("size"))[:20])))
        else:
            checked.append(name)
    for name in sorted(set(files) - set(entries)):
        problems.append(BundleProblem("unexpected", name,
                                      msg("{name}: in the zip but not in the manifest", name=name)))
    return BundleReport(str(path), manifest, tuple(checked), tuple(problems))


def read_bundle_state(path: Path | str) -> EventState:
    """The event of a bundle, after verification; a damaged or incomplete bundle raises :class:`BundleError`."""
    files, problems = read_members(path)
    _verify(Path(path), files, problems).raise_if_bad()
    if EVENT_FILE not in files:
        raise BundleError(msg("{path}: the bundle holds no event.json", path=path))
    return event_from_bytes(files[EVENT_FILE])


def event_from_bytes(raw: bytes) -> EventState:
    """``event.json``'s bytes as an :class:`EventState` (its JSON, schema and consistency checked)."""
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise _bad(msg("not valid JSON ({reason})", reason=str(exc)[:200])) from None
    return state_from_bundle_dict(data)


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number")
