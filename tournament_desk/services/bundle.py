"""The homologation bundle of an event: export, verification, reading back, and the homologation checks.

``export_bundle(session, path, lang)`` writes one zip for the federation (docs/bundle-schema.md):

* ``event.json`` — the whole event, schema ``tournament_desk.bundle-event/1``;
* ``results-trf16.txt`` and ``results-trf26.txt`` — the results in TRF;
* ``ffjd-grid.csv`` — draughts only: the grid of FFJD result codes;
* ``crosstable.pdf``; ``rating-preview.pdf`` and ``rating-preview.csv`` when the rating system has a preview;
* ``checks.txt`` — the homologation checks of seed 000 §5 (and §6.6), in French and English;
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
from tournament_desk.core.errors import TournamentError
from tournament_desk.core.formatting import format_number
from tournament_desk.core.model import EventState, Player, RatingSystem, Round
from tournament_desk.core.ratings.common import PreviewRow
from tournament_desk.core.ratings.from_event import EXEMPT_NAME, cadence_of, preview_event
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

CLOSED_MAX = 20  # seed 000 §5.4
SWISS_MAX = 50  # seed 000 §5.4
_SCHOLAR_CATEGORIES = ("scolaire", "scol", "sco", "school", "scholar")


@dataclass(frozen=True, slots=True)
class HomologationCheck:
    """One check of seed 000 §5 / §6.6. ``level``: ``ok``, ``info``, ``warning`` or ``error``."""

    code: str
    level: str
    en: str
    fr: str

    def message(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en


def _entrants(state: EventState) -> list[Player]:
    """Players of the series: the EXEMPT is not one (seed 000 §5.5, §6.5)."""
    return [p for p in state.players if p.surname.strip().upper() != EXEMPT_NAME]


def _age_on(birth: dt.date, day: dt.date) -> int:
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


def _beginner_like(p: Player, day: dt.date) -> bool:
    """Seed 000 §5.2.2: under 15, scholar, unrated or rated below 1400."""
    if p.birth_date is not None and _age_on(p.birth_date, day) < 15:
        return True
    if p.category.strip().lower() in _SCHOLAR_CATEGORIES:
        return True
    cp = p.rating(RatingSystem.FFJD)
    return p.unrated or cp is None or cp < 1400


def _names(players: list[Player], limit: int = 12) -> str:
    names = [p.name for p in players[:limit]]
    return ", ".join(names) + (f", … (+{len(players) - limit})" if len(players) > limit else "")


def _is_slow(state: EventState) -> bool:
    return cadence_of(state).value == "slow"


def homologation_fee(state: EventState) -> tuple[int, int, int]:
    """Seed 000 §5.5: (players who played at least one game, euros per player, total). The EXEMPT is not
    counted, nor is a game against it; withdrawn and foreign players are. Forfeits and byes are not games
    played."""
    entrants = {p.id for p in _entrants(state)}
    played: set[int] = set()
    for r in state.rounds:
        for g in r.games:
            # a game against the EXEMPT is a bye, not a game (seed 000 §6.5)
            if g.result is not None and g.result.is_played and g.white_id in entrants and g.black_id in entrants:
                played.update(g.players())
    count = len(played & entrants)
    rate = 2 if _is_slow(state) else 1
    return count, rate, count * rate


def homologation_checks(state: EventState) -> list[HomologationCheck]:
    """The checks of seed 000 §5 (cadence, licences, number of players, fee) and §6.6 (Swiss rounds) that the
    event's data allow, each as a bilingual message."""
    e = state.event
    players = _entrants(state)
    n = len(players)
    checks: list[HomologationCheck] = []
    if e.discipline is not Discipline.DRAUGHTS:
        checks.append(HomologationCheck(
            "discipline", "info",
            f"These are the FFJD (draughts) homologation rules; the event is a {e.discipline.value} event.",
            f"Ces contrôles sont ceux de l'homologation FFJD (dames) ; le tournoi est en discipline "
            f"« {e.discipline.value} »."))

    # §5.2 cadence
    tc = e.time_control
    total = tc.base_minutes + tc.increment_seconds
    day = e.start_date or dt.date.today()
    beginners = sum(1 for p in players if _beginner_like(p, day))
    share = beginners / n if n else 0.0
    pct = f"{share:.0%}"
    if _is_slow(state):
        checks.append(HomologationCheck(
            "cadence", "ok",
            f"Time control {tc} ({total} = minutes + seconds per move, 60 or more): slow series, official cadence "
            "category (§5.2.1) — it must be one of the FMJD official cadences.",
            f"Cadence {tc} ({total} = minutes + secondes par coup, 60 ou plus) : série à cadence lente, catégorie "
            "« cadence officielle » (§5.2.1) — elle doit être une cadence officielle de la FMJD."))
    elif total >= 30:
        checks.append(HomologationCheck(
            "cadence", "ok",
            f"Time control {tc}: minutes + seconds per move = {total} >= 30: semi-rapid series (§5.2.2, normal case).",
            f"Cadence {tc} : minutes + secondes par coup = {total} >= 30 : série semi-rapide (§5.2.2, cas normal)."))
    elif total >= 15 and share >= 0.75:
        checks.append(HomologationCheck(
            "cadence", "ok",
            f"Time control {tc}: {total} >= 15 with {beginners}/{n} players ({pct}) under 15, scholars, unrated "
            "or rated below 1400 (at least 75%): semi-rapid series for beginners and scholars (§5.2.2).",
            f"Cadence {tc} : {total} >= 15 avec {beginners}/{n} joueurs ({pct}) de moins de 15 ans, scolaires, "
            "non classés ou classés sous 1400 (au moins 75 %) : série semi-rapide débutants et scolaires "
            "(§5.2.2)."))
    else:
        need = "15 (at least 75% beginners)" if share >= 0.75 else "30"
        need_fr = "15 (au moins 75 % de débutants)" if share >= 0.75 else "30"
        checks.append(HomologationCheck(
            "cadence", "error",
            f"Time control {tc}: minutes + seconds per move = {total}, below {need}; only {beginners}/{n} "
            f"players ({pct}) are under 15, scholars, unrated or below 1400 (the 15 rule needs 75%): the series "
            "cannot be homologated (§5.2.2).",
            f"Cadence {tc} : minutes + secondes par coup = {total}, moins que {need_fr} ; seulement "
            f"{beginners}/{n} joueurs ({pct}) ont moins de 15 ans, sont scolaires, non classés ou sous 1400 "
            "(la règle des 15 exige 75 %) : la série ne peut pas être homologuée (§5.2.2)."))

    # §5.3 licences
    missing = [p for p in players if not p.licence_id.strip()]
    if _is_slow(state):
        foreign = [p for p in missing if p.federation.strip().upper() not in ("", "FRA", "FR", "FRANCE")]
        missing = [p for p in missing if p not in foreign]
        if missing:
            checks.append(HomologationCheck(
                "licences", "error",
                f"Slow cadence: {len(missing)} player(s) without a licence id: {_names(missing)}. Every player "
                "residing in France must hold an FFJD licence (§5.3.1).",
                f"Cadence lente : {len(missing)} joueur(s) sans numéro de licence : {_names(missing)}. Tout joueur "
                "résidant en France doit être licencié FFJD (§5.3.1)."))
        else:
            extra_en = f" ({len(foreign)} foreign player(s) without one)" if foreign else ""
            extra_fr = f" ({len(foreign)} joueur(s) étranger(s) sans licence)" if foreign else ""
            checks.append(HomologationCheck(
                "licences", "ok", f"Slow cadence: every player residing in France has a licence id{extra_en} "
                                  "(§5.3.1).",
                f"Cadence lente : tous les joueurs résidant en France ont un numéro de licence{extra_fr} (§5.3.1)."))
    elif missing:
        checks.append(HomologationCheck(
            "licences", "warning",
            f"Accelerated cadence: {len(missing)} player(s) without a licence id: {_names(missing)}. Beginners "
            "may play without a licence, at most up to their 3rd homologated competition (§5.3.2).",
            f"Cadence accélérée : {len(missing)} joueur(s) sans numéro de licence : {_names(missing)}. Les "
            "débutants peuvent jouer sans licence, au plus jusqu'à leur 3e compétition homologuée (§5.3.2)."))
    else:
        checks.append(HomologationCheck("licences", "ok", "Every player has a licence id (§5.3.2).",
                                        "Tous les joueurs ont un numéro de licence (§5.3.2)."))

    # §5.4 number of players
    if e.system.is_round_robin:
        kind_en, kind_fr, limit = "closed (round-robin)", "fermé (toutes rondes)", CLOSED_MAX
    else:
        kind_en, kind_fr, limit = "Swiss", "suisse", SWISS_MAX
    if n > limit:
        checks.append(HomologationCheck(
            "players", "error",
            f"{n} players in a {kind_en} series: more than {limit}, it cannot be homologated directly; contact the "
            "rating officer (§5.4).",
            f"{n} joueurs dans une série en système {kind_fr} : plus de {limit}, l'homologation directe est "
            "impossible ; contacter le responsable du classement (§5.4)."))
    else:
        checks.append(HomologationCheck(
            "players", "ok", f"{n} players in a {kind_en} series (at most {limit}, §5.4).",
            f"{n} joueurs dans une série en système {kind_fr} (au plus {limit}, §5.4)."))

    # §6.6 Swiss rounds between a third and a half of the players
    if not e.system.is_round_robin and n:
        low, high = n / 3, n / 2
        if low <= e.rounds <= high:
            checks.append(HomologationCheck(
                "rounds", "ok", f"{e.rounds} rounds for {n} players: between a third ({format_number(low)}) and a "
                                f"half ({format_number(high)}) of the players (§6.6).",
                f"{e.rounds} rondes pour {n} joueurs : entre le tiers ({format_number(low, 'fr')}) et la moitié "
                f"({format_number(high, 'fr')}) du nombre de joueurs (§6.6)."))
        else:
            checks.append(HomologationCheck(
                "rounds", "warning",
                f"{e.rounds} rounds for {n} players: the regulations want between a third ({format_number(low)}) "
                f"and a half ({format_number(high)}) of the number of players (§6.6).",
                f"{e.rounds} rondes pour {n} joueurs : le règlement demande entre le tiers "
                f"({format_number(low, 'fr')}) et la moitié ({format_number(high, 'fr')}) du nombre de joueurs "
                "(§6.6)."))

    # results complete
    pending = [(r.number, b) for r in state.rounds for b in r.missing_results]
    if pending or state.last_round < e.rounds:
        where = ", ".join(f"R{r}/{b}" for r, b in pending[:10]) + ("…" if len(pending) > 10 else "")
        checks.append(HomologationCheck(
            "results", "warning",
            f"The event is not finished: {state.last_round}/{e.rounds} rounds paired"
            + (f", results missing on {where}" if pending else "") + ".",
            f"Le tournoi n'est pas terminé : {state.last_round}/{e.rounds} rondes appariées"
            + (f", résultats manquants : {where}" if pending else "") + "."))
    else:
        checks.append(HomologationCheck("results", "ok", f"All {e.rounds} rounds are paired and every result is in.",
                                        f"Les {e.rounds} rondes sont appariées et tous les résultats saisis."))

    # §5.5 fee
    count, rate, total_fee = homologation_fee(state)
    cad_en, cad_fr = ("slow", "lente") if rate == 2 else ("accelerated", "accélérée")
    checks.append(HomologationCheck(
        "fee", "info",
        f"Homologation fee: {count} player(s) played at least one game × {rate} € ({cad_en} cadence) = "
        f"{total_fee} € (EXEMPT not counted, withdrawn and foreign players counted; §5.5).",
        f"Droits d'homologation : {count} joueur(s) ayant joué au moins une partie × {rate} € (cadence {cad_fr}) "
        f"= {total_fee} € (EXEMPT non compté, joueurs retirés et étrangers comptés ; §5.5)."))
    return checks


_LEVELS = {"ok": ("OK", "OK"), "info": ("INFO", "INFO"), "warning": ("ATTENTION", "WARNING"),
           "error": ("ERREUR", "ERROR")}


def checks_text(state: EventState, checks: list[HomologationCheck]) -> str:
    """``checks.txt``: every check in French then in English."""
    e = state.event
    lines = [f"{e.name} — contrôles d'homologation / homologation checks (FFJD, seed 000 §5, §6.6)",
             f"tournament_desk {__version__}", ""]
    errors = sum(1 for c in checks if c.level == "error")
    warnings = sum(1 for c in checks if c.level == "warning")
    lines.append(f"Erreurs : {errors} ; avertissements : {warnings}. / Errors: {errors}; warnings: {warnings}.")
    lines.append("")
    for c in checks:
        fr, en = _LEVELS[c.level]
        lines.append(f"[{fr}] {c.fr}")
        lines.append(f"[{en}] {c.en}")
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


