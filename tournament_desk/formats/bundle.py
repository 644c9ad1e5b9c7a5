"""The homologation bundle: a zip of files with a ``manifest.json`` holding the SHA-256 of each, and the
versioned ``event.json`` schema that recreates the event exactly. Schema documented in docs/bundle-schema.md.

* :func:`state_to_bundle_dict` / :func:`state_from_bundle_dict` — ``event.json`` (schema
  ``tournament_desk.bundle-event/1``): round trip to an equal :class:`EventState`.
* :func:`write_bundle` — writes the files and the manifest (schema ``tournament_desk.bundle-manifest/1``).
* :func:`verify_bundle_file` — a :class:`BundleReport` listing precisely each modified, missing or unexpected file.
* :func:`read_bundle_state` — the event of a verified bundle; a tampered bundle raises :class:`BundleError`.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tournament_desk.core.errors import EventFileError
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
    """A bundle that cannot be used: not a zip, no manifest, tampered or missing files, unknown schema."""

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
            "withdrawal_forfeit": p.withdrawal_forfeit.value,
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
            "acceleration": e.acceleration, "numbering": e.numbering,
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
    }


def _bad(en: str, fr: str) -> BundleError:
    return BundleError(f"event.json: {en}", f"event.json : {fr}")


def _get(data: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in data:
        raise _bad(f"'{key}' is missing in {where}", f"« {key} » manque dans {where}")
    return data[key]


def _parse_date(text: str | None) -> dt.date | None:
    return dt.date.fromisoformat(text) if text else None


def state_from_bundle_dict(data: Mapping[str, Any]) -> EventState:
    """Rebuild the :class:`EventState` written by :func:`state_to_bundle_dict` (equal to the original)."""
    if not isinstance(data, Mapping):
        raise _bad("the file is not a JSON object", "le fichier n'est pas un objet JSON")
    schema = data.get("schema")
    if schema != EVENT_SCHEMA:
        raise _bad(f"unknown schema {schema!r} (expected {EVENT_SCHEMA})",
                   f"schéma inconnu {schema!r} (attendu {EVENT_SCHEMA})")
    try:
        ev = _get(data, "event", "the file")
        tc = _get(ev, "time_control", "event")
        event = Event(
            name=_get(ev, "name", "event"), discipline=Discipline(_get(ev, "discipline", "event")),
            system=PairingSystem(_get(ev, "system", "event")), rounds=int(_get(ev, "rounds", "event")),
            place=ev.get("place", ""), start_date=_parse_date(ev.get("start_date")),
            end_date=_parse_date(ev.get("end_date")), arbiters=tuple(ev.get("arbiters", ())),
            organiser=ev.get("organiser", ""),
            time_control=TimeControl(int(tc["base_minutes"]), int(tc["increment_seconds"])),
            scoring=ScoringProfile.from_dict(_get(ev, "scoring", "event")),
            tiebreaks=tuple(ev.get("tiebreaks", ())), tiebreak_edition=ev.get("tiebreak_edition", ""),
            rating_system=RatingSystem(_get(ev, "rating_system", "event")),
            initial_colour=ev.get("initial_colour", ""), acceleration=ev.get("acceleration", ""),
            numbering=ev.get("numbering", ""),
        )
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
            )
            for p in _get(data, "players", "the file")
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
            for r in _get(data, "rounds", "the file")
        )
    except BundleError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        msg = getattr(exc, "en", None) or str(exc)
        raise _bad(f"invalid content ({type(exc).__name__}: {msg})",
                   f"contenu invalide ({type(exc).__name__} : {getattr(exc, 'fr', None) or str(exc)})") from exc
    return EventState(event, players, rounds, requests, pairs, top_cut, options)


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
    """One reason a bundle is refused. ``kind``: modified, missing, unexpected, manifest."""

    kind: str
    path: str
    en: str
    fr: str

    def message(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en


@dataclass(frozen=True, slots=True)
class BundleReport:
    path: str
    manifest: dict[str, Any] | None
    checked: tuple[str, ...] = ()
    problems: tuple[BundleProblem, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self, lang: str = "en") -> str:
        fr = lang == "fr"
        if self.ok:
            return (f"Paquet intact : {len(self.checked)} fichiers vérifiés (SHA-256)." if fr else
                    f"Bundle intact: {len(self.checked)} files verified (SHA-256).")
        head = (f"Paquet refusé : {len(self.problems)} problème(s)" if fr else
                f"Bundle refused: {len(self.problems)} problem(s)")
        return head + "\n" + "\n".join(f"  - {p.message(lang)}" for p in self.problems)

    def raise_if_bad(self) -> None:
        if not self.ok:
            raise BundleError(self.summary("en"), self.summary("fr"))


def _load_zip(path: Path) -> dict[str, bytes]:
    try:
        with zipfile.ZipFile(path) as zf:
            return {i.filename: zf.read(i) for i in zf.infolist() if not i.is_dir()}
    except FileNotFoundError:
        raise BundleError(f"{path}: no such file", f"{path} : fichier introuvable") from None
    except (zipfile.BadZipFile, OSError) as exc:
        raise BundleError(f"{path} is not a readable zip bundle ({exc})",
                          f"{path} n'est pas un paquet zip lisible ({exc})") from None


def read_bundle_files(path: Path | str) -> dict[str, bytes]:
    """Every file of the zip (manifest included), unverified."""
    return _load_zip(Path(path))


def verify_bundle_file(path: Path | str) -> BundleReport:
    """Check every file of the bundle against the manifest's SHA-256; report each problem precisely."""
    path = Path(path)
    files = _load_zip(path)
    raw = files.pop(MANIFEST_FILE, None)
    if raw is None:
        p = BundleProblem("manifest", MANIFEST_FILE, "manifest.json is missing: the files cannot be checked",
                          "manifest.json manque : impossible de vérifier les fichiers")
        return BundleReport(str(path), None, (), (p,))
    try:
        manifest = json.loads(raw.decode("utf-8"))
        entries = {e["path"]: e for e in manifest["files"]}
        if manifest.get("schema") != MANIFEST_SCHEMA:
            raise ValueError(f"unknown schema {manifest.get('schema')!r}")
    except (ValueError, KeyError, TypeError) as exc:
        p = BundleProblem("manifest", MANIFEST_FILE, f"manifest.json is not a valid manifest ({exc})",
                          f"manifest.json n'est pas un manifeste valable ({exc})")
        return BundleReport(str(path), None, (), (p,))
    problems: list[BundleProblem] = []
    checked: list[str] = []
    for name, entry in sorted(entries.items()):
        if name not in files:
            problems.append(BundleProblem("missing", name, f"{name}: listed in the manifest but missing from the zip",
                                          f"{name} : listé dans le manifeste mais absent du zip"))
            continue
        actual = sha256(files[name])
        if actual != entry.get("sha256"):
            problems.append(BundleProblem(
                "modified", name,
                f"{name}: modified (SHA-256 {actual[:16]}…, manifest says {str(entry.get('sha256'))[:16]}…; "
                f"{len(files[name])} bytes, manifest says {entry.get('size')})",
                f"{name} : modifié (SHA-256 {actual[:16]}…, le manifeste indique {str(entry.get('sha256'))[:16]}… ; "
                f"{len(files[name])} octets, le manifeste indique {entry.get('size')})"))
        else:
            checked.append(name)
    for name in sorted(set(files) - set(entries)):
        problems.append(BundleProblem("unexpected", name, f"{name}: in the zip but not in the manifest",
                                      f"{name} : présent dans le zip mais absent du manifeste"))
    return BundleReport(str(path), manifest, tuple(checked), tuple(problems))


def read_bundle_state(path: Path | str) -> EventState:
    """The event of a bundle, after verification; a tampered or incomplete bundle raises :class:`BundleError`."""
    report = verify_bundle_file(path)
    report.raise_if_bad()
    files = _load_zip(Path(path))
    if EVENT_FILE not in files:
        raise BundleError(f"{path}: the bundle holds no event.json", f"{path} : le paquet ne contient pas event.json")
    try:
        data = json.loads(files[EVENT_FILE].decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise _bad(f"not valid JSON ({exc})", f"JSON invalide ({exc})") from None
    return state_from_bundle_dict(data)
