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
event of an intact bundle and refuses a tampered one with a bilingual :class:`BundleError`;
``import_bundle(path, event_path)`` recreates it as a new event file.
"""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tournament_desk import __version__
from tournament_desk.core import homologation
from tournament_desk.core.errors import TournamentError
from tournament_desk.core.model import EventState, Round
from tournament_desk.core.ratings.common import PreviewRow
from tournament_desk.core.ratings.from_event import preview_event
from tournament_desk.core.results import Discipline
from tournament_desk.formats.bundle import (
    EVENT_FILE,
    BundleError,
    BundleReport,
    read_bundle_state,
    state_to_bundle_dict,
    verify_bundle_file,
    write_bundle,
)
from tournament_desk.formats.ffjd_grid_csv import ffjd_grid_csv
from tournament_desk.formats.trf_event import event_trf
from tournament_desk.printing.rating_report import rating_report_pdf
from tournament_desk.services.printing import crosstable_state_pdf, rating_settings
from tournament_desk.services.session import AuditEntry, EventSession

__all__ = [
    "BundleError", "ExportResult", "HomologationCheck", "checks_text", "export_bundle", "homologation_checks",
    "homologation_fee", "import_bundle", "load_bundle", "rating_preview_csv", "verify_bundle",
]

# The checks themselves are the core's, per discipline and federation (core/homologation, docs/rules.md §11).
HomologationCheck = homologation.HomologationCheck
homologation_fee = homologation.homologation_fee


def homologation_checks(state: EventState) -> list[HomologationCheck]:
    """The homologation checks of the event's discipline and federation (``core.homologation``: FIDE or FFE
    chess, FFJD draughts, FISF Scrabble, general checks otherwise), each citing its rule."""
    return homologation.homologation_checks(state)


_LEVELS = {"ok": ("OK", "OK"), "info": ("INFO", "INFO"), "warning": ("ATTENTION", "WARNING"),
           "error": ("ERREUR", "ERROR")}


def checks_text(state: EventState, checks: list[HomologationCheck]) -> str:
    """``checks.txt``: every check in French then in English, then the rule it applies."""
    e = state.event
    rules = homologation.rule_set_for(e)
    lines = [f"{e.name} — contrôles d'homologation / homologation checks",
             f"{rules.title_fr} / {rules.title_en}",
             f"tournament_desk {__version__}", ""]
    errors = sum(1 for c in checks if c.level == "error")
    warnings = sum(1 for c in checks if c.level == "warning")
    lines.append(f"Erreurs : {errors} ; avertissements : {warnings}. / Errors: {errors}; warnings: {warnings}.")
    lines.append("")
    for c in checks:
        fr, en = _LEVELS[c.level]
        lines.append(f"[{fr}] {c.fr}")
        lines.append(f"[{en}] {c.en}")
        if c.rule:
            lines.append(f"Règle / Rule: {c.rule}")
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
        fr = lang == "fr"
        head = (f"Paquet d'homologation écrit : {self.path} ({len(self.files)} fichiers + manifest.json)" if fr else
                f"Homologation bundle written: {self.path} ({len(self.files)} files + manifest.json)")
        lines = [head]
        for c in self.checks:
            if c.level in ("warning", "error"):
                lines.append(f"  [{_LEVELS[c.level][0 if fr else 1]}] {c.message(lang)}")
        return "\n".join(lines)


def audit_csv(entries: Sequence[AuditEntry]) -> bytes:
    """The event's audit log (issue 11): when, which arbiter profile, what — so a disputed result can be traced."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerow(["at_utc", "arbiter", "kind", "action_en", "action_fr"])
    for e in entries:
        at = dt.datetime.fromtimestamp(e.at, tz=dt.UTC).isoformat(timespec="seconds")
        writer.writerow([at, e.arbiter, e.kind, e.label_en, e.label_fr])
    return buffer.getvalue().encode("utf-8-sig")


def bundle_files(state: EventState, lang: str = "fr", audit: Sequence[AuditEntry] | None = None,
                 ) -> tuple[dict[str, bytes], list[HomologationCheck]]:
    """Every file of the bundle (manifest aside) and the checks; ``audit`` adds ``audit-log.csv``."""
    checks = homologation_checks(state)
    files: dict[str, bytes] = {
        EVENT_FILE: (json.dumps(state_to_bundle_dict(state), ensure_ascii=False, indent=2) + "\n").encode("utf-8"),
        "results-trf16.txt": event_trf(state, "16").encode("utf-8"),
        "results-trf26.txt": event_trf(state, "26").encode("utf-8"),
        "crosstable.pdf": crosstable_state_pdf(state, lang),
    }
    if state.event.discipline is Discipline.DRAUGHTS:
        files["ffjd-grid.csv"] = ffjd_grid_csv(state)
    try:
        rows = preview_event(state)
    except TournamentError as exc:
        checks.append(HomologationCheck("rating-preview", "warning",
                                        f"No rating preview in the bundle: {exc.message('en')}",
                                        f"Pas d'aperçu de classement dans le paquet : {exc.message('fr')}"))
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


def verify_bundle(path: Path | str) -> BundleReport:
    """Check a bundle against its manifest; ``report.ok`` is False with one problem per tampered, missing or
    unexpected file."""
    return verify_bundle_file(path)


def load_bundle(path: Path | str) -> EventState:
    """The event held by an intact bundle; raises :class:`BundleError` (bilingual) when it was tampered with."""
    return read_bundle_state(path)


def import_bundle(bundle: Path | str, event_path: Path | str) -> tuple[EventSession, dict[int, int]]:
    """Recreate the bundle's event as a new event file at ``event_path`` (refused if the bundle was tampered
    with). Returns the open session and the map bundle player id -> new player id (the file numbers players
    afresh; with the ids 1..n of a file without deleted players the map is the identity)."""
    state = load_bundle(bundle)
    session = EventSession.create(event_path, state.event)
    try:
        fields = [{f: getattr(p, f) for f in p.__dataclass_fields__ if f != "id"} for p in state.players]
        ids = session.add_players(fields, label=("Import the bundle's players", "Importer les joueurs du paquet")).ids
        new_id = {p.id: i for p, i in zip(state.players, ids, strict=True)}
        for r in sorted(state.rounds, key=lambda x: x.number):
            games = tuple(dataclasses.replace(g, white_id=new_id[g.white_id], black_id=new_id[g.black_id])
                          for g in r.games)
            byes = tuple(dataclasses.replace(b, player_id=new_id[b.player_id]) for b in r.byes)
            session.store_round(Round(r.number, games, byes),
                                label=(f"Import round {r.number}", f"Importer la ronde {r.number}"))
    except BaseException:
        session.close()
        raise
    return session, new_id


