"""The homologation bundle of an event: export, verification, reading back, and the homologation checks.

``export_bundle(session, path, lang)`` writes one zip for the federation (docs/bundle-schema.md):

* ``event.json`` — the whole event, schema ``tournament_desk.bundle-event/1``;
* ``results-trf16.txt`` and ``results-trf26.txt`` — the results in TRF;
* ``ffjd-grid.csv`` — draughts only: the grid of FFJD result codes;
* ``crosstable.pdf``; ``rating-preview.pdf`` and ``rating-preview.csv`` when the rating system has a preview;
* ``checks.txt`` — the homologation checks of the event's discipline and federation (``core.homologation``),
  in French and English, each with the rule it applies;
* ``manifest.json`` — SHA-256 and size of every other file.

``verify_bundle(path)`` reports modified, missing and unexpected files; ``load_bundle(path)`` returns the
event of an intact, consistent bundle and refuses a damaged, altered or inconsistent one with a
:class:`BundleError` (a catalogue message);
``import_bundle(path, event_path)`` recreates it as a new event file, the whole event as one undo step
(``tournament-desk new EVENT --from-bundle BUNDLE.zip``, File > Open from a homologation bundle).
"""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from tournament_desk import __version__
from tournament_desk.core import homologation
from tournament_desk.core.errors import TournamentError, ValidationError
from tournament_desk.core.messages import Msg, in_languages, msg, pmsg
from tournament_desk.core.model import EventState
from tournament_desk.core.operations import TakeWholeEvent
from tournament_desk.core.ratings.common import PreviewRow
from tournament_desk.core.ratings.from_event import preview_event
from tournament_desk.core.results import Discipline
from tournament_desk.core.rule_settings import read_rule_settings
from tournament_desk.core.sources import PROGRAM_CHECK, Citation, citations_text
from tournament_desk.core.teams.standings import team_standings
from tournament_desk.formats.bundle import (
    EVENT_FILE,
    MANIFEST_FILE,
    BundleError,
    BundleProblem,
    BundleReport,
    event_from_bytes,
    read_bundle_state,
    read_members,
    state_to_bundle_dict,
    verify_bundle_file,
    write_bundle,
)
from tournament_desk.formats.ffjd_grid_csv import ffjd_grid_csv
from tournament_desk.formats.trf import TrfError
from tournament_desk.formats.trf import loads as trf_loads
from tournament_desk.formats.trf_event import event_trf, state_to_trf
from tournament_desk.printing.rating_report import rating_report_pdf
from tournament_desk.printing.teams_pdf import team_standings_pdf
from tournament_desk.services.arbiter_log import trf_log_lines
from tournament_desk.services.printing import crosstable_state_pdf, rating_settings
from tournament_desk.services.session import AuditEntry, EventSession
from tournament_desk.services.standings import standings
from tournament_desk.storage.validate import written_by_newer_version

__all__ = [
    "BUNDLE_CHECKS", "KNOWN_FILES", "BundleCheck", "BundleContents", "BundleError", "ExportResult",
    "HomologationCheck", "checks_text", "export_bundle", "homologation_checks", "homologation_fee", "import_bundle",
    "load_bundle", "rating_preview_csv", "register_bundle_check", "standings_csv", "verify_bundle",
]

# The checks themselves are the core's, per discipline and federation (core/homologation, docs/rules.md §11).
HomologationCheck = homologation.HomologationCheck
homologation_fee = homologation.homologation_fee


def homologation_checks(state: EventState) -> list[HomologationCheck]:
    """The homologation checks of the event's discipline and federation (``core.homologation``: FIDE or FFE
    chess, FFJD draughts, FISF Scrabble, general checks otherwise), each citing its rule."""
    return homologation.homologation_checks(state)


_LEVELS = {"ok": pmsg("check level", "OK"), "info": pmsg("check level", "INFO"),
           "warning": pmsg("check level", "WARNING"), "error": pmsg("check level", "ERROR")}


def _both(text: Msg) -> str:
    """``checks.txt`` is written for the federation in both languages: the French, then the English."""
    return f"{text.text('fr')} / {text.text('en')}"


def checks_text(state: EventState, checks: list[HomologationCheck]) -> str:
    """``checks.txt``: every check in French then in English, then the rule it applies."""
    e = state.event
    rules = homologation.rule_set_for(e)
    title = _both(msg("homologation checks"))
    lines = [f"{e.name} — {title}", _both(rules.title),
             f"tournament_desk {__version__}", ""]
    errors = sum(1 for c in checks if c.level == "error")
    warnings = sum(1 for c in checks if c.level == "warning")
    lines.append(_both(msg("Errors: {errors}; warnings: {warnings}.", errors=errors, warnings=warnings)))
    lines.append("")
    for c in checks:
        lines.append(f"[{_LEVELS[c.level].text('fr')}] {c.message('fr')}")
        lines.append(f"[{_LEVELS[c.level].text('en')}] {c.message('en')}")
        if c.rules:  # the documents and sections applied, as the registry of sources titles them
            lines += [pmsg("checks.txt", "Rule: {rule}", rule=c.rule(lang)).text(lang) for lang in ("fr", "en")]
        else:  # the program's own consistency rule: no document to cite, and it says so
            lines.append(_both(PROGRAM_CHECK))
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def rating_preview_csv(state: EventState, rows: list[PreviewRow]) -> bytes:
    """The rating preview as CSV (UTF-8 with BOM, ``;``): id, name, rating before, games, expected, change,
    new rating, performance, note."""
    out = io.StringIO()
    w = csv.writer(out, delimiter=";", lineterminator="\r\n")
    w.writerow(["id", "pairing_number", "name", "licence_id", "rating_before", "games_counted", "expected_score",
                "evolution", "new_rating", "performance", "note"])

    def num(v: float | None) -> str:
        return "" if v is None else f"{v:g}"

    for r in rows:
        p = state.player(int(r.player_id))  # an event's preview: keyed by the event file's ids
        w.writerow([r.player_id, p.pairing_number or "", r.name, p.licence_id, num(r.rating_before),
                    r.games_counted, num(r.expected_score), num(r.evolution), num(r.new_rating),
                    num(r.performance), r.note])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


@dataclass(frozen=True, slots=True)
class ExportResult:
    path: Path
    files: tuple[str, ...]
    checks: tuple[HomologationCheck, ...]

    @property
    def errors(self) -> tuple[HomologationCheck, ...]:
        return tuple(c for c in self.checks if c.level == "error")

    def summary(self, lang: str = "en") -> str:
        lines = [msg("Homologation bundle written: {path} ({count} files + manifest.json)", path=self.path,
                     count=len(self.files)).text(lang)]
        for c in self.checks:
            if c.level in ("warning", "error"):
                lines.append(f"  [{_LEVELS[c.level].text(lang)}] {c.message(lang)}")
        return "\n".join(lines)


def _rules_text(rules: tuple[Citation, ...], lang: str) -> str:
    return citations_text(rules, lang, short=True)


def audit_csv(entries: Sequence[AuditEntry]) -> bytes:
    """The event's audit log (issue 11): when, which arbiter profile, what — so a disputed result can be traced."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerow(["at_utc", "arbiter", "kind", *in_languages(lambda lang: lang, "action"), "reason",
                     *in_languages(lambda lang: lang, "changed"), *in_languages(lambda lang: lang, "rules")])
    for e in entries:
        at = dt.datetime.fromtimestamp(e.at, tz=dt.UTC).isoformat(timespec="seconds")
        writer.writerow([at, e.arbiter, e.kind, *in_languages(e.label, "action").values(), e.reason,
                         *in_languages(e.changed_text, "changed").values(),
                         *in_languages(partial(_rules_text, e.rules), "rules").values()])
    return buffer.getvalue().encode("utf-8-sig")


def bundle_files(state: EventState, lang: str = "fr", audit: Sequence[AuditEntry] | None = None,
                 ) -> tuple[dict[str, bytes], list[HomologationCheck]]:
    """Every file of the bundle (manifest aside) and the checks; ``audit`` adds ``audit-log.csv`` and the arbiter's
    log to the TRF files (``###`` lines)."""
    checks = homologation_checks(state)
    log = trf_log_lines(audit) if audit is not None else []
    files: dict[str, bytes] = {
        EVENT_FILE: (json.dumps(state_to_bundle_dict(state), ensure_ascii=False, indent=2) + "\n").encode("utf-8"),
        "results-trf16.txt": event_trf(state, "16", comments=log).encode("utf-8"),
        "results-trf26.txt": event_trf(state, "26", comments=log).encode("utf-8"),
        "crosstable.pdf": crosstable_state_pdf(state, lang),
    }
    if state.event.discipline is Discipline.DRAUGHTS:
        files["ffjd-grid.csv"] = ffjd_grid_csv(state)
    files[STANDINGS_FILE] = standings_csv(state)
    if state.event.team is not None:  # a team event: its own standings, the individual ones above being the boards'
        files[TEAM_STANDINGS_FILE] = team_standings_csv(state)
        files["team-standings.pdf"] = team_standings_pdf(state, None, lang)
    try:
        rows = preview_event(state)
    except TournamentError as exc:
        checks.append(HomologationCheck("rating-preview", "warning",
                                        msg("No rating preview in the bundle: {reason}", reason=exc.msg)))
    else:
        files["rating-preview.pdf"] = rating_report_pdf(state, rows, lang, settings=rating_settings(state, lang))
        files["rating-preview.csv"] = rating_preview_csv(state, rows)
    if audit is not None:
        files["audit-log.csv"] = audit_csv(audit)
    files["checks.txt"] = checks_text(state, checks).encode("utf-8")
    return files, checks


def export_bundle(session: EventSession, path: Path | str, lang: str = "fr") -> ExportResult:
    """Write the homologation bundle of the session's event at ``path`` (a zip)."""
    state = session.state()
    files, checks = bundle_files(state, lang, audit=session.audit_log())
    write_bundle(path, files, generator=f"tournament_desk {__version__}")
    return ExportResult(Path(path), tuple(sorted(files)), tuple(checks))


def standings_csv(state: EventState) -> bytes:
    """``standings.csv``: ``place;id;pairing_number;name;points`` then one column per tie-break (decimal point),
    UTF-8 with BOM, CRLF — the standings after the last round with the event's effective tie-breaks."""
    table = standings(state) if state.rounds else None
    out = io.StringIO()
    w = csv.writer(out, delimiter=";", lineterminator="\r\n")
    codes = list(table.codes) if table else []
    w.writerow(["place", "id", "pairing_number", "name", "points", *codes])
    if table is not None:
        for ln in table.lines:
            w.writerow([ln.place_text, ln.player_id, ln.pairing_number or "", ln.name, f"{ln.points:g}",
                        *("" if v is None else f"{v:g}" for v in ln.values)])
    else:
        for p in state.players:
            w.writerow(["", p.id, p.pairing_number or "", p.name, "0"])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def team_standings_csv(state: EventState) -> bytes:
    """``team-standings.csv`` of a team event: ``place;team_id;pairing_number;name;played;won;drawn;lost;
    match_points;game_points`` then one column per team tie-break, UTF-8 with BOM, CRLF."""
    rows = team_standings(state) if state.teams else []
    out = io.StringIO()
    w = csv.writer(out, delimiter=";", lineterminator="\r\n")
    codes = [c for c, _v in rows[0].tiebreaks] if rows else []
    w.writerow(["place", "team_id", "pairing_number", "name", "played", "won", "drawn", "lost", "match_points",
                "game_points", *codes])
    for r in rows:
        w.writerow([f"{r.rank}{'=' if r.shared else ''}", r.team.id, r.team.pairing_number or "", r.team.name,
                    r.played, r.won, r.drawn, r.lost, f"{r.match_points:g}", f"{r.game_points:g}",
                    *("" if v is None else f"{v:g}" for _c, v in r.tiebreaks)])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


# -- does the bundle tell one story? ---------------------------------------------------------------------------
STANDINGS_FILE = "standings.csv"
TEAM_STANDINGS_FILE = "team-standings.csv"
KNOWN_FILES = frozenset({MANIFEST_FILE, EVENT_FILE, "results-trf16.txt", "results-trf26.txt", "crosstable.pdf",
                         "ffjd-grid.csv", STANDINGS_FILE, "rating-preview.pdf", "rating-preview.csv",
                         "audit-log.csv", "checks.txt", TEAM_STANDINGS_FILE, "team-standings.pdf"})
"""Every file a bundle of schema ``tournament_desk.bundle-manifest/1`` may hold (docs/bundle-schema.md)."""


@dataclass(frozen=True, slots=True)
class BundleContents:
    """What a check looks at: every member's bytes, and the event ``event.json`` describes."""

    files: Mapping[str, bytes]
    state: EventState


@dataclass(frozen=True, slots=True)
class BundleCheck:
    """One check a bundle must pass. ``rule`` cites what it enforces (a section of docs/bundle-schema.md, or of
    a federation's rules; a catalogue message); ``disciplines`` limits it to events of those disciplines (None:
    every event). ``run`` returns the problems found (an empty list: passed)."""

    code: str
    rule: Msg
    run: Callable[[BundleContents], list[BundleProblem]]
    disciplines: frozenset[Discipline] | None = None

    def applies(self, state: EventState) -> bool:
        return self.disciplines is None or state.event.discipline in self.disciplines


BUNDLE_CHECKS: list[BundleCheck] = []
"""The checks :func:`verify_bundle` runs once the files match the manifest, in order. A federation's
homologation rules plug in here with :func:`register_bundle_check` (one check per rule, citing it)."""


def register_bundle_check(check: BundleCheck) -> BundleCheck:
    """Add a check to :data:`BUNDLE_CHECKS` (a later check with the same code replaces it)."""
    BUNDLE_CHECKS[:] = [c for c in BUNDLE_CHECKS if c.code != check.code]
    BUNDLE_CHECKS.append(check)
    return check


def _differs(name: str, what: Msg) -> BundleProblem:
    return BundleProblem("inconsistent", name, msg("{name} does not tell the same story as event.json: {what}",
                                                   name=name, what=what))


def _check_members(c: BundleContents) -> list[BundleProblem]:
    return [BundleProblem("unexpected", n, msg("{name}: not a file a bundle holds (docs/bundle-schema.md)", name=n))
            for n in sorted(set(c.files) - KNOWN_FILES)]


def _trf_check(name: str, edition: str) -> Callable[[BundleContents], list[BundleProblem]]:
    def run(c: BundleContents) -> list[BundleProblem]:
        if name not in c.files:
            return [BundleProblem("missing", name,
                                  msg("{name}: missing (every bundle holds the results in TRF)", name=name))]
        try:
            actual = trf_loads(c.files[name])
        except (TrfError, ValueError) as exc:
            reason = exc.msg if isinstance(exc, TournamentError) else str(exc)[:120]
            return [_differs(name, msg("it cannot be read as TRF ({reason})", reason=reason))]
        expected = state_to_trf(c.state)
        found = {p.start_rank: p for p in actual.players}
        out: list[BundleProblem] = []
        for p in expected.players:
            q = found.pop(p.start_rank, None)
            if q is None:
                out.append(_differs(name, msg("player {rank} ({name}) is missing", rank=p.start_rank, name=p.name)))
            elif q.name.strip() != p.name.strip()[:len(q.name.strip())] or not q.name.strip():
                out.append(_differs(name, msg("player {rank} is {found!r}, event.json says {expected!r}",
                                              rank=p.start_rank, found=q.name, expected=p.name)))
            else:
                for rnd, (a, b) in enumerate(zip(p.rounds, q.rounds, strict=False), start=1):
                    if (a.opponent, a.colour or "-", a.result) != (b.opponent, b.colour or "-", b.result):
                        none = msg("(none)")
                        out.append(_differs(name, msg(
                            "player {rank} ({name}), round {round}: opponent {found_opponent}, result {found_result}, "
                            "where event.json says opponent {opponent}, result {result}", rank=p.start_rank,
                            name=p.name, round=rnd, found_opponent=b.opponent, found_result=b.result or none,
                            opponent=a.opponent, result=a.result or none)))
                        break
                else:
                    if len(q.rounds) != len(p.rounds) or (q.points is not None and p.points is not None
                                                          and abs(q.points - p.points) > 1e-9):
                        out.append(_differs(name, msg("player {rank} ({name}): rounds or points differ",
                                                      rank=p.start_rank, name=p.name)))
            if len(out) >= 5:
                break
        for rank in sorted(found)[:5]:
            out.append(_differs(name, msg("player {rank} is not in event.json", rank=rank)))
        return out
    return run


_READ_AS: dict[str, object] = {"initial_colour": "", "acceleration": "", "numbering": "", "federation": "",
                               "round_dates": [], "requested_byes": [],
                               "forbidden_pairs": [], "top_cut": None, "options": {}, "playoffs": []}
"""Keys a reader of ``bundle-event/1`` takes as these values when they are absent: bundles written before the
keys existed (docs/bundle-schema.md, Versioning) leave them out, and mean exactly that."""


def _first_difference(expected: object, actual: object, where: str = "") -> str | None:
    """The path of the first value of ``expected`` that ``actual`` does not hold (keys ``actual`` adds are
    ignored: a newer version may write more; a key of :data:`_READ_AS` that ``actual`` leaves out holds the
    value it is read as)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return where or "/"
        for key, value in expected.items():
            if key not in actual and key in _READ_AS and value == _READ_AS[key]:
                continue
            found = _first_difference(value, actual.get(key), f"{where}/{key}")
            if found:
                return found
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return where or "/"
        for i, (a, b) in enumerate(zip(expected, actual, strict=True)):
            found = _first_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        return None
    if isinstance(expected, float) or isinstance(actual, float):
        if isinstance(actual, bool) or not isinstance(actual, int | float) or \
                not isinstance(expected, int | float):
            return where
        return None if abs(float(expected) - float(actual)) < 1e-9 else where
    return None if expected == actual and type(expected) is type(actual) else where


def _check_event_json(c: BundleContents) -> list[BundleProblem]:
    """event.json's informative keys (result_text, outcomes, points, complete...) agree with its data."""
    try:
        written = json.loads(c.files[EVENT_FILE].decode("utf-8"))
    except (ValueError, RecursionError):  # already refused by event_from_bytes
        return []
    where = _first_difference(state_to_bundle_dict(c.state), written)
    if where is None:
        return []
    return [BundleProblem("inconsistent", EVENT_FILE,
                          msg("event.json contradicts itself at {where} (a derived value does not match the results)",
                              where=where))]


def _csv_rows(data: bytes) -> list[list[str]]:
    text = data.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text), delimiter=";"))


def _csv_check(name: str, make: Callable[[EventState], bytes | None], columns: Sequence[str] | None,
               required: bool) -> Callable[[BundleContents], list[BundleProblem]]:
    """Compare a CSV member with what event.json gives, on ``columns`` (None: every column)."""
    def run(c: BundleContents) -> list[BundleProblem]:
        expected_bytes = make(c.state)
        if name not in c.files:
            if required and expected_bytes is not None:
                return [BundleProblem("missing", name, msg("{name}: missing", name=name))]
            return []
        if expected_bytes is None:
            return [_differs(name, msg("event.json gives no such file for this event"))]
        try:
            actual = _csv_rows(c.files[name])
        except (UnicodeDecodeError, csv.Error) as exc:
            return [_differs(name, msg("it cannot be read as CSV ({exc})", exc=exc))]
        expected = _csv_rows(expected_bytes)
        if not actual or actual[0] != expected[0]:
            return [_differs(name, msg("its columns are not the expected ones"))]
        header = expected[0]
        keep = [header.index(col) for col in columns] if columns else list(range(len(header)))
        out: list[BundleProblem] = []
        if len(actual) != len(expected):
            out.append(_differs(name, msg("{rows} rows, event.json gives {expected}", rows=len(actual) - 1,
                                          expected=len(expected) - 1)))
        for i, (a, b) in enumerate(zip(actual[1:], expected[1:], strict=False), start=2):
            for k in keep:
                got = a[k] if k < len(a) else ""
                if got != b[k]:
                    out.append(_differs(name, msg("line {line}, column {column}: {found!r}, event.json gives "
                                                  "{expected!r}", line=i, column=header[k], found=got[:40],
                                                  expected=b[k][:40])))
                    break
            if len(out) >= 5:
                break
        return out
    return run


def _preview_csv(state: EventState) -> bytes | None:
    try:
        return rating_preview_csv(state, preview_event(state))
    except TournamentError:
        return None


for _check in (
    BundleCheck("event-json", msg("docs/bundle-schema.md, event.json: the informative keys follow from the data"),
                _check_event_json),
    BundleCheck("members", msg("docs/bundle-schema.md, Files: only the files listed there"), _check_members),
    BundleCheck("trf16", msg("docs/bundle-schema.md, Consistency: {file} holds event.json's players and results",
                             file="results-trf16.txt"), _trf_check("results-trf16.txt", "16")),
    BundleCheck("trf26", msg("docs/bundle-schema.md, Consistency: {file} holds event.json's players and results",
                             file="results-trf26.txt"), _trf_check("results-trf26.txt", "26")),
    BundleCheck("crosstable", msg("docs/bundle-schema.md, Consistency: ffjd-grid.csv (the crosstable's data) holds "
                                  "event.json's players, opponents and results"),
                _csv_check("ffjd-grid.csv", ffjd_grid_csv, None, True), frozenset({Discipline.DRAUGHTS})),
    BundleCheck("standings", msg("docs/bundle-schema.md, Consistency: standings.csv holds event.json's players and "
                                 "points"),
                _csv_check(STANDINGS_FILE, standings_csv, ("id", "pairing_number", "name", "points"), False)),
    BundleCheck("rating-report", msg("docs/bundle-schema.md, Consistency: rating-preview.csv holds event.json's "
                                     "players, their ratings and games"),
                _csv_check("rating-preview.csv", _preview_csv, ("id", "pairing_number", "name", "licence_id",
                                                                "rating_before", "games_counted"), False)),
):
    register_bundle_check(_check)


def verify_bundle(path: Path | str) -> BundleReport:
    """Check a bundle: every file against the manifest's SHA-256 (accidental damage), then that its files tell
    one story (:data:`BUNDLE_CHECKS`: the TRF, the crosstable data, the standings and the rating report hold
    event.json's players and results; nothing unexpected). ``report.ok`` is False with one problem per finding.

    What it proves: the files are intact and agree with each other. What it does not: who made them — someone
    who changes event.json and regenerates every other file and the manifest makes a bundle that passes."""
    report = verify_bundle_file(path)
    if not report.ok:
        return report
    files, _ = read_members(path)
    try:
        state = event_from_bytes(files[EVENT_FILE]) if EVENT_FILE in files else None
    except BundleError as exc:
        return dataclasses.replace(report, problems=(BundleProblem("inconsistent", EVENT_FILE, exc.msg),))
    if state is None:
        return dataclasses.replace(report, problems=(BundleProblem(
            "missing", EVENT_FILE, msg("event.json: missing (every bundle holds the event)")),))
    contents = BundleContents(files, state)
    problems: list[BundleProblem] = []
    passed: list[str] = []
    for check in BUNDLE_CHECKS:
        if not check.applies(state):
            continue
        try:
            found = check.run(contents)
        except TournamentError as exc:
            found = [BundleProblem("inconsistent", check.code, msg("{name}: {reason}", name=check.code,
                                                                   reason=exc.msg))]
        problems += found
        if not found:
            passed.append(check.code)
    return dataclasses.replace(report, problems=tuple(problems), consistency=tuple(passed))


def load_bundle(path: Path | str) -> EventState:
    """The event held by an intact, consistent bundle; raises :class:`BundleError` otherwise."""
    report = verify_bundle(path)
    report.raise_if_bad()
    return read_bundle_state(path)


def _generator(files: Mapping[str, bytes]) -> str:
    """The program that wrote the bundle, as its manifest names it (``tournament_desk 0.1.0``); "" if unknown."""
    try:
        manifest = json.loads(files[MANIFEST_FILE].decode("utf-8"))
    except (KeyError, ValueError, RecursionError):
        return ""
    generator = manifest.get("generator") if isinstance(manifest, dict) else None
    return generator if isinstance(generator, str) else ""


def _bundle_rule_settings(c: BundleContents) -> list[BundleProblem]:
    """event.json's rule settings are values the program that wrote the bundle can have written: a value no
    version writes is refused; one this version does not know only when the bundle was not made by a newer
    version (docs/event-file.md: the same reading as an event file's at open)."""
    _values, issues = read_rule_settings(c.state.event.tiebreak_edition, c.state.options)
    if not issues:
        return []
    newer = any(i.maybe_newer for i in issues) and written_by_newer_version({"created_with": _generator(c.files)})
    out = []
    for issue in issues:
        if issue.maybe_newer and newer:
            continue
        if issue.maybe_newer:
            problem = msg("event.json: {problem}; no newer version of the program wrote this bundle",
                          problem=issue.problem)
        else:
            problem = msg("event.json: {problem}", problem=issue.problem)
        out.append(BundleProblem("inconsistent", EVENT_FILE, problem))
    return out


register_bundle_check(BundleCheck("rule-settings", msg("docs/event-file.md, rule settings: values the program that "
                                                       "wrote the bundle knows"), _bundle_rule_settings))


def import_bundle(bundle: Path | str, event_path: Path | str) -> tuple[EventSession, dict[int, int]]:
    """Recreate the bundle's event as a new event file at ``event_path`` and return it open, with the map bundle
    player id -> player id in the new file (the identity: the ids are kept, so the new file is the same event).

    Refused, creating nothing, when ``event_path`` exists or the bundle is damaged or inconsistent (its problems
    listed: :func:`verify_bundle`). The event's settings make the new file, then everything else — players,
    rounds and results, requested byes, pairs kept apart, the top cut and its play-offs, options — is ONE action
    ("Import BUNDLE: n players, r rounds"): undone, the event is empty. The bundle's audit log is not replayed: the
    new file's history starts with the import. Values a newer version wrote (rule settings this version does not
    know) are kept, the bundle's generator recorded as the file's newest writer, and named in
    ``session.warnings``."""
    bundle, target = Path(bundle), Path(event_path)
    if target.exists():
        raise ValidationError(msg("{path} already exists: choose a new file name for the imported event",
                                  path=target))
    report = verify_bundle(bundle)
    report.raise_if_bad()
    state = read_bundle_state(bundle)
    generator = str((report.manifest or {}).get("generator") or "")
    label = msg("Import {file}: {players} players, {rounds} rounds", file=bundle.name, players=len(state.players),
                rounds=len(state.rounds))
    session = EventSession.create(target, state.event, written_with=generator or None)
    try:
        session.run(TakeWholeEvent(state, label))
    except BaseException:
        session.close()
        target.unlink(missing_ok=True)
        raise
    return session, {p.id: p.id for p in state.players}
