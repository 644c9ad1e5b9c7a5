"""Rating use-cases on real event files: per-event preview, rating-list import, multi-event period runs.

Hand-computed figures cite the seed sections they apply.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tournament_desk.core.errors import ImportFormatError, StateError, ValidationError
from tournament_desk.core.model import Event, Game, PairingSystem, RatingSystem, Round, TimeControl
from tournament_desk.core.operations import AddPlayer, AddPlayers, RecordResult, StoreRound
from tournament_desk.core.ratings import elo_fr, ffjd, scrabble_pl
from tournament_desk.core.ratings.from_event import preview_event, scrabble_from_event
from tournament_desk.core.results import Discipline
from tournament_desk.formats.rating_list import read_rating_list
from tournament_desk.services.ratings import (
    apply_rating_list,
    parse_system,
    period_run,
    player_key,
    preview_options,
    rating_preview,
)
from tournament_desk.services.session import EventSession

_SLOW = TimeControl(90, 30)


def _circle(ids: list[int], r: int) -> list[tuple[int, int]]:
    """Round ``r`` (0-based) of a round robin by the circle method (len(ids) even)."""
    n = len(ids)
    rest = ids[1:]
    rot = [ids[0], *rest[r:], *rest[:r]]
    return [(rot[b], rot[n - 1 - b]) for b in range(n // 2)]


def _event_file(path: Path, *, discipline: Discipline = Discipline.DRAUGHTS,
                rating_system: RatingSystem | None = None, start: dt.date | None = dt.date(2026, 3, 7),
                players: list[dict[str, object]], rounds: int, result: str | dict[int, str],
                points: tuple[int, int] | None = None, time_control: TimeControl = _SLOW,
                name: str | None = None) -> Path:
    """An event file whose players meet in a round robin; ``result`` for every board, or by round number."""
    kwargs: dict[str, object] = {"system": PairingSystem.MANUAL, "rounds": rounds, "start_date": start,
                                 "time_control": time_control}
    if rating_system is not None:
        kwargs["rating_system"] = rating_system
    session = EventSession.create(path, Event.for_discipline(name or path.stem, discipline, **kwargs))
    for fields in players:
        session.run(AddPlayer(**fields))
    ids = [p.id for p in session.state().players]
    for r in range(rounds):
        games = tuple(Game(r + 1, b + 1, w, bl) for b, (w, bl) in enumerate(_circle(ids, r)))
        session.run(StoreRound(Round(r + 1, games)))
        for g in games:
            res = result if isinstance(result, str) else result[r + 1]
            if points is None:
                session.run(RecordResult(r + 1, g.board, res))
            else:
                session.run(RecordResult(r + 1, g.board, res, white_points=points[0], black_points=points[1]))
    session.close()
    return path


def _six(system: str = "ffjd", base: int = 1200, prefix: str = "L") -> list[dict[str, object]]:
    return [{"surname": f"Joueur{i}", "first_name": "A", "licence_id": f"{prefix}{i}",
             "ratings": ((system, base + 100 * i),)} for i in range(6)]


# --------------------------------------------------------------------------------------------------------
# Per-event preview


def test_ffjd_preview_matches_the_core_and_a_hand_computation(tmp_path: Path) -> None:
    path = _event_file(tmp_path / "a.tdesk", players=_six(), rounds=5, result="2-0")
    with EventSession.open(path, readonly=True) as session:
        rows = {r.player_id: r for r in rating_preview(session)}
        assert list(rows.values()) == preview_event(session.state())
        first = session.state().players[0]
    # The circle method's first player is always White and wins his 5 games against 1300..1700.
    # Seed 000 §6.1.1: K = 25 below 1350 (slow cadence); §6.1.2 PA = 1 + ΔCP/500: .8 .6 .4 .2 and .1 (≤ −450);
    # §6.1: Ev. = Σ (2 − PA) × 25 = (10 − 2.1) × 25 = 197.5, rounded (halves away from zero) to 198.
    row = rows[first.id]
    assert row.expected_score == pytest.approx(2.1)
    assert (row.games_counted, row.evolution, row.new_rating) == (5, 198.0, 1398.0)
    assert row.performance == pytest.approx(1500 + 500 * (10 - 5) / 5)  # seed 000 §8: MCP + 500 (Pts − NPJ)/NPJ


def test_preview_options_are_passed_and_checked(tmp_path: Path) -> None:
    path = _event_file(tmp_path / "a.tdesk", players=_six(), rounds=5, result="2-0")
    with EventSession.open(path, readonly=True) as session:
        slow = {r.player_id: r for r in rating_preview(session)}
        fast = {r.player_id: r for r in rating_preview(session, cadence=ffjd.Cadence.ACCELERATED)}
        pid = session.state().players[0].id
        assert fast[pid].evolution == 119.0  # seed 000 §6.1.1: K 15 accelerated, (10 − 2.1) × 15 = 118.5
        assert slow[pid].evolution == 198.0
        with pytest.raises(ValidationError) as info:
            rating_preview(session, kind="th")
        assert "kind" in info.value.message("en") and "organiser_estimate" in info.value.message("fr")
    assert "duplicate_series" in preview_options("scrabble-pl")


@pytest.mark.parametrize("system", [RatingSystem.NONE, RatingSystem.FMJD])
def test_preview_refuses_systems_without_rules(tmp_path: Path, system: RatingSystem) -> None:
    path = _event_file(tmp_path / "c.tdesk", discipline=Discipline.CHESS, rating_system=system,
                       players=_six("fide"), rounds=1, result="1-0")
    with EventSession.open(path, readonly=True) as session, pytest.raises(StateError) as info:
        rating_preview(session)
    en, fr = info.value.message("en"), info.value.message("fr")
    assert f"'{system.value}'" in en and "ffjd" in en and "elo-fr" in en and "fisf-pl" in en and "fide" in en
    assert f"« {system.value} »" in fr and "Élo national" in fr


def test_parse_system_aliases_and_refusal() -> None:
    assert parse_system("scrabble-pl") is RatingSystem.FISF_PL
    assert parse_system("ELO-FR") is RatingSystem.NATIONAL_ELO
    with pytest.raises(ValidationError, match="supported"):
        parse_system("fide")
    with pytest.raises(ValidationError):
        parse_system("glicko")


# --------------------------------------------------------------------------------------------------------
# Rating lists


def test_apply_rating_list_matches_licence_then_fide_then_fmjd(tmp_path: Path) -> None:
    session = EventSession.create(tmp_path / "e.tdesk", Event.for_discipline(
        "Open", Discipline.CHESS, rating_system=RatingSystem.NATIONAL_ELO, rounds=5))
    session.run(AddPlayer(surname="Dupont", licence_id="a100", fide_id="999", ratings=(("elo-fr", 1500),)))
    session.run(AddPlayer(surname="Martin", fide_id="2061", ratings=(("fide", 2000),)))
    session.run(AddPlayer(surname="Petit", fmjd_id="16001"))
    session.run(AddPlayer(surname="Roux", licence_id="A400", ratings=(("elo-fr", 1700),)))
    session.run(AddPlayer(surname="Absent", licence_id="A500", ratings=(("elo-fr", 1300),)))
    session.run(AddPlayer(surname="Same", licence_id="A600", ratings=(("elo-fr", 1400),)))
    data = ("Licence;ID FIDE;FMJD;Nom;Elo;Statut\n"
            "A100;999999;;Dupont;1530;\n"        # licence wins over the (different) FIDE id
            ";2061;;Martin;1980;\n"              # FIDE id
            ";;16001;Petit;1209;E\n"             # FMJD id; an estimate (seed 001 §4.1): unrated
            "A400;;;Roux;NC;\n"                  # now unrated
            "A600;;;Same;1400;\n"                # unchanged
            "Z999;;;Inconnu;1600;\n")            # matches nobody
    change = apply_rating_list(session, data.encode())
    state = session.state()
    by_name = {p.surname: p for p in state.players}
    assert by_name["Dupont"].rating("elo-fr") == 1530 and not by_name["Dupont"].unrated
    assert dict(by_name["Martin"].ratings) == {"fide": 2000, "elo-fr": 1980}
    assert by_name["Petit"].rating("elo-fr") == 1209 and by_name["Petit"].unrated
    assert by_name["Roux"].rating("elo-fr") is None and by_name["Roux"].unrated
    assert by_name["Absent"].rating("elo-fr") == 1300
    assert [(u.name, u.matched_by, u.line) for u in change.payload.updated] == [
        ("DUPONT", "licence", 2), ("MARTIN", "fide_id", 3), ("PETIT", "fmjd_id", 4), ("ROUX", "licence", 5)]
    assert [e.licence for e in change.payload.unmatched] == ["Z999"]
    assert change.payload.not_in_list == (by_name["Absent"].id,)
    assert change.payload.unchanged == 1 and change.what.players_edited and change.payload.system == "elo-fr"
    assert set(change.ids) == {by_name[n].id for n in ("Dupont", "Martin", "Petit", "Roux")}
    assert "4 player(s) updated, 1 row(s)" in change.label("en") and "4 joueur(s) mis à jour" in change.label("fr")
    session.undo()  # the whole list is one undoable action
    assert session.state().player(by_name["Roux"].id).rating("elo-fr") == 1700
    assert session.state().player(by_name["Dupont"].id).rating("elo-fr") != 1530
    again = apply_rating_list(session, read_rating_list(data.encode()), system="elo-fr")
    assert [u.name for u in again.payload.updated] == ["DUPONT", "MARTIN", "PETIT", "ROUX"]
    session.close()


def test_apply_rating_list_errors(tmp_path: Path) -> None:
    session = EventSession.create(tmp_path / "e.tdesk", Event.for_discipline(
        "Club", Discipline.OTHER, rounds=3))
    session.run(AddPlayer(surname="A", licence_id="1"))
    with pytest.raises(StateError, match="no rating system"):
        apply_rating_list(session, b"licence,elo\n1,1500\n")
    with pytest.raises(ImportFormatError, match="line 2, column 2"):
        apply_rating_list(session, b"licence,elo\n1,abc\n", system="fide")
    session.close()


# --------------------------------------------------------------------------------------------------------
# Period runs


def test_ffjd_period_freezes_ratings_and_rounds_once(tmp_path: Path) -> None:
    """Seed 000 §2: both March events use the ratings of 1 March, evolutions are summed and rounded once."""
    a = _event_file(tmp_path / "a.tdesk", players=_six(), rounds=5, result="2-0", start=dt.date(2026, 3, 7))
    b = _event_file(tmp_path / "b.tdesk", players=_six(), rounds=5, result="1-1", start=dt.date(2026, 3, 21))
    result = period_run([a, b], "ffjd", dt.date(2026, 3, 1))
    assert result.period == (dt.date(2026, 3, 1), dt.date(2026, 4, 1)) and result.system is RatingSystem.FFJD
    rows = {r.player_id: r for r in result.rows}
    top = rows["licence:L0"]
    # a: 197.5 (see above); b: 5 draws, Σ (1 − PA) × 25 = (5 − 2.1) × 25 = 72.5. Once: 270; apart: 198 + 73.
    assert (top.rating_before, top.games_counted, top.evolution, top.new_rating) == (1200.0, 10, 270.0, 1470.0)
    assert top.expected_score == pytest.approx(4.2)
    assert top.performance is None and "perf 2000 in a (" in top.note  # §8: one per tournament
    assert result.licences["licence:L0"] == "L0"
    assert len(result.rows) == 6 and not result.warning_texts("en")


def test_period_rating_list_gives_the_frozen_ratings(tmp_path: Path) -> None:
    a = _event_file(tmp_path / "a.tdesk", players=_six(), rounds=5, result="2-0")
    listed = b"licence;cp\nL0;1400\nL1;NC\n"
    result = period_run([a], "ffjd", None, rating_list=listed)
    rows = {r.player_id: r for r in result.rows}
    assert rows["licence:L0"].rating_before == 1400.0  # from the list, not the file's 1200
    assert rows["licence:L1"].rating_before is None  # unrated in the published list
    assert rows["licence:L2"].rating_before == 1400.0  # not in the list: the file's rating


def test_period_checks(tmp_path: Path) -> None:
    a = _event_file(tmp_path / "a.tdesk", players=_six(), rounds=1, result="2-0", start=dt.date(2026, 3, 7))
    april = _event_file(tmp_path / "april.tdesk", players=_six(), rounds=1, result="2-0",
                        start=dt.date(2026, 4, 2))
    chess = _event_file(tmp_path / "chess.tdesk", discipline=Discipline.CHESS,
                        rating_system=RatingSystem.NATIONAL_ELO, players=_six("elo-fr"), rounds=1, result="1-0")
    with pytest.raises(ValidationError) as info:
        period_run([a, april], "ffjd", dt.date(2026, 3, 1))
    assert "outside the period 2026-03-01 – 2026-03-31" in info.value.message("en")
    assert "hors de la période du 2026-03-01 au 2026-03-31" in info.value.message("fr")
    with pytest.raises(ValidationError, match="rated in 'elo-fr', not 'ffjd'"):
        period_run([a, chess], "ffjd")
    with pytest.raises(ValidationError, match="given twice"):
        period_run([a, tmp_path / "." / "a.tdesk"], "ffjd")
    with pytest.raises(ValidationError, match="at least one"):
        period_run([], "ffjd")
    with pytest.raises(ValidationError, match="supported"):
        period_run([a], "fide")
    undated = _event_file(tmp_path / "undated.tdesk", players=_six(), rounds=1, result="2-0", start=None)
    changed = _event_file(tmp_path / "changed.tdesk", players=_six(base=1210), rounds=1, result="2-0")
    result = period_run([a, undated, changed], "ffjd", dt.date(2026, 3, 1))
    texts = list(result.warning_texts("en"))
    assert any("has no date" in t for t in texts)
    assert any("rating 1210.0 in" in t and "first is used" in t for t in texts)


def test_elo_period_combines_games_of_several_events(tmp_path: Path) -> None:
    """Seed 001 §3: an unrated player with 3 compatible games in each of three events of the period has 9:
    first rating (3.b) for the period, where each event alone would only archive 3 games (3.a)."""
    def players(prefix: str) -> list[dict[str, object]]:
        return [{"surname": "Novice", "licence_id": "N1"}] + [
            {"surname": f"Club{prefix}{i}", "licence_id": f"{prefix}{i}", "ratings": (("elo-fr", 1500),)}
            for i in range(1, 4)]
    a = _event_file(tmp_path / "a.tdesk", discipline=Discipline.CHESS, rating_system=RatingSystem.NATIONAL_ELO,
                    players=players("A"), rounds=3, result="1/2", start=dt.date(2026, 1, 10))
    b = _event_file(tmp_path / "b.tdesk", discipline=Discipline.CHESS, rating_system=RatingSystem.NATIONAL_ELO,
                    players=players("B"), rounds=3, result="1/2", start=dt.date(2026, 3, 14))
    c = _event_file(tmp_path / "c.tdesk", discipline=Discipline.CHESS, rating_system=RatingSystem.NATIONAL_ELO,
                    players=players("C"), rounds=3, result="1/2", start=dt.date(2026, 4, 25))
    with EventSession.open(a, readonly=True) as session:
        alone = {r.name: r for r in rating_preview(session)}
    assert alone["NOVICE"].new_rating is None and alone["NOVICE"].note.startswith("3.a")
    result = period_run([a, b, c], RatingSystem.NATIONAL_ELO, dt.date(2026, 2, 1))
    assert result.period == (dt.date(2026, 1, 1), dt.date(2026, 5, 1))  # seed 001 §1: 1 Jan – 30 Apr
    rows = {r.player_id: r for r in result.rows}
    novice = rows["licence:N1"]
    # 9 draws against 1500: P = .5, D(.5) = 0 (§2.4), Pj = 1500; 9 ≥ 8 compatible games: 3.b, rounded to 1500
    assert (novice.games_counted, novice.new_rating, novice.performance) == (9, 1500.0, pytest.approx(1500.0))
    assert novice.note.startswith("3.b") and novice.rating_before is None
    club = rows["licence:A1"]
    assert club.rating_before == 1500.0 and club.new_rating == 1500.0 and club.evolution == 0.0


def test_scrabble_period_chains_events_in_date_order(tmp_path: Path) -> None:
    """Seed 002 §2.2: the PL changes after every event, so the second event starts from the first's result."""
    players = [{"surname": f"Sc{i}", "licence_id": f"S{i}", "ratings": (("fisf-pl", 1500 + 50 * i),)}
               for i in range(4)]
    late = _event_file(tmp_path / "late.tdesk", discipline=Discipline.SCRABBLE, players=players, rounds=3,
                       result="1-0", points=(400, 350), start=dt.date(2026, 5, 9))
    early = _event_file(tmp_path / "early.tdesk", discipline=Discipline.SCRABBLE, players=players, rounds=3,
                        result="0-1", points=(350, 400), start=dt.date(2026, 5, 2))
    result = period_run([late, early], "scrabble-pl")
    rows = {r.player_id: r for r in result.rows}
    # Independent chain with the core: early first (date order), then late from early's new PL.
    current: dict[str, float] = {}
    for path in (early, late):
        with EventSession.open(path, readonly=True) as session:
            state = session.state()
        keys = {p.id: player_key(p) for p in state.players}
        entrants, order = scrabble_from_event(state)
        chained = [scrabble_pl.ScrabbleEntrant(keys[e.player_id], e.name, current.get(keys[e.player_id], e.rating))
                   for e in entrants]
        out = scrabble_pl.rate_event(chained, [keys[p] for p in order], scrabble_pl.EventKind.HOMOLOGATED, 3)
        current.update({str(k): r.new_rating for k, r in out.items()})
    for k, r in rows.items():
        assert r.new_rating == current[str(k)]
        assert r.games_counted == 6 and r.note == "2 event(s)"
    assert rows["licence:S0"].rating_before == 1500.0


def test_carry_between_periods(tmp_path: Path) -> None:
    """What a period leaves pending goes into the next one: FFJD first-rating parts (seed 000 §6.2.3–6.2.4),
    national Elo archives Pa/Na (seed 001 §3 3.a then 2.c)."""
    draughts = [{"surname": "Nouveau", "licence_id": "N1"}] + [
        {"surname": f"Club{i}", "licence_id": f"C{i}", "ratings": (("ffjd", 1200 + 100 * i),)} for i in range(1, 4)]
    march = _event_file(tmp_path / "march.tdesk", players=draughts, rounds=3, result="1-1", start=dt.date(2026, 3, 7))
    april = _event_file(tmp_path / "april.tdesk", players=draughts, rounds=3, result="1-1", start=dt.date(2026, 4, 4))
    first = period_run([march], "ffjd", dt.date(2026, 3, 1))
    novice = next(r for r in first.rows if r.player_id == "licence:N1")
    assert novice.new_rating is None and novice.note == "not yet rated"  # 3 games against classed players
    parts = first.carry["licence:N1"]
    assert isinstance(parts, tuple) and [(p.games, p.value) for p in parts] == [(3, 1400.0)]
    second = period_run([april], "ffjd", dt.date(2026, 4, 1), carry=first.carry)
    novice = next(r for r in second.rows if r.player_id == "licence:N1")
    # §6.2.1: 6 draws, MCP 1400 + 250 × (6 − 6)/6 = 1400, granted after 5 games (§6.2.3)
    assert novice.new_rating == 1400.0 and novice.note == "first rating" and "licence:N1" not in second.carry

    chess = [{"surname": "Novice", "licence_id": "N1"}] + [
        {"surname": f"Club{i}", "licence_id": f"E{i}", "ratings": (("elo-fr", 1500),)} for i in range(1, 4)]
    files = [_event_file(tmp_path / f"e{k}.tdesk", discipline=Discipline.CHESS,
                         rating_system=RatingSystem.NATIONAL_ELO, players=chess, rounds=3, result="1/2",
                         start=dt.date(2026, m, 10)) for k, m in ((1, 1), (2, 5), (3, 6))]
    p1 = period_run(files[:1], "elo-fr", dt.date(2026, 1, 1))
    assert p1.carry["licence:N1"] == elo_fr.EloArchive(1500.0, 3)  # 3.a: Pj 1500 archived for 3 games
    p2 = period_run(files[1:], "elo-fr", dt.date(2026, 5, 1), carry=p1.carry)
    novice = next(r for r in p2.rows if r.player_id == "licence:N1")
    assert novice.note.startswith("2.c") and novice.new_rating == 1500.0  # Nj 6 + Na 3 >= 8


def test_apply_rating_list_is_one_action(tmp_path: Path) -> None:
    """One action (one undo step, named after the list) for the whole list; nothing when nothing changes."""
    EventSession.create(tmp_path / "b.tdesk", Event.for_discipline("B", Discipline.DRAUGHTS, rounds=3)).close()
    with EventSession.open(tmp_path / "b.tdesk") as session:
        session.run(AddPlayers([{"surname": f"P{i}", "licence_id": f"L{i}"} for i in range(3)]))
        change = apply_rating_list(session, b"licence;cp\nL0;1500\nL2;1700\n")
        assert sorted(change.what.players_edited) == list(change.ids) == [1, 3]
        assert session.undo_label() == "Import rating list (ffjd): 2 player(s)"
        assert session.undo_label("fr") == "Importer la liste de classement (ffjd) : 2 joueur(s)"
        assert [p.rating("ffjd") for p in session.players()] == [1500, None, 1700]
        steps = len(session._repo.journal())
        apply_rating_list(session, b"licence;cp\nL0;1500\n")  # nothing to change: no action at all
        assert len(session._repo.journal()) == steps
        session.undo()
        assert [p.rating("ffjd") for p in session.players()] == [None, None, None]
