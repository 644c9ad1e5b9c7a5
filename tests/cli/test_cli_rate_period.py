"""Rating periods end to end through ``tournament-desk rate`` (issue 24 items 2-4): the Scrabble chain and its
inputs, the FFJD "présents" reading and floor, the national Elo expected score and coefficient, carry files,
results of events played elsewhere. Every expected figure is computed by hand in the comments, from the seeds'
formulas."""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.model import Event, Game, PairingSystem, RatingSystem, Round, TimeControl
from tournament_desk.core.operations import AddPlayer, RecordResult, StoreRound
from tournament_desk.core.results import Discipline
from tournament_desk.services.session import EventSession

Board = tuple[str, str, str] | tuple[str, str, str, int, int]
SLOW = TimeControl(90, 30)


def _event(path: Path, discipline: Discipline, start: dt.date, players: dict[str, tuple[str, int | None]],
           rounds: list[list[Board]], *, name: str | None = None, time_control: TimeControl = SLOW,
           seed: int = 7) -> Path:
    """An event file: ``players`` licence -> (name, rating or None); ``rounds`` of boards (white licence,
    black licence, result[, white points, black points]). Players are registered in random order."""
    system = RatingSystem.NATIONAL_ELO if discipline is Discipline.CHESS else \
        Event.for_discipline("x", discipline).rating_system
    with EventSession.create(path, Event.for_discipline(name or path.stem, discipline, system=PairingSystem.MANUAL,
                                                        rounds=max(1, len(rounds)), start_date=start,
                                                        time_control=time_control, rating_system=system)) as session:
        order = list(players)
        random.Random(seed).shuffle(order)
        for licence in order:
            surname, rating = players[licence]
            session.run(AddPlayer(surname=surname, licence_id=licence,
                               ratings=((system.value, rating),) if rating is not None else ()))
        ids = {p.licence_id: p.id for p in session.state().players}
        for number, boards in enumerate(rounds, start=1):
            session.run(StoreRound(Round(number, tuple(Game(number, b + 1, ids[w[0]], ids[w[1]])
                                                    for b, w in enumerate(boards)))))
            for b, board in enumerate(boards):
                points = {"white_points": board[3], "black_points": board[4]} if len(board) == 5 else {}
                session.run(RecordResult(number, b + 1, board[2], **points))  # type: ignore[arg-type]
    return path


def _rate(argv: list[str], capsys: pytest.CaptureFixture[str], code: int = 0) -> dict:
    assert main(["rate", *argv, "--json"]) == code
    out = capsys.readouterr()
    return json.loads(out.out) if code == 0 else {"error": out.err}


def _by_licence(data: dict) -> dict[str, dict]:
    return {row["licence"]: row for row in data["rows"]}


# ----------------------------------------------------------------------------------------------- Scrabble (seed 002)

SCRABBLERS = {"S0": ("Aubert", 1500), "S1": ("Bélanger", 1550), "S2": ("Côté", 1600), "S3": ("Dufresne", 1650)}


def _vichy(folder: Path) -> Path:
    """S0 wins all, S1 beats S2 and S3, S2 beats S3 (450-350: spread capped at 100, §7)."""
    return _event(folder / "vichy.tdesk", Discipline.SCRABBLE, dt.date(2026, 5, 2), SCRABBLERS, [
        [("S0", "S3", "1-0", 450, 350), ("S1", "S2", "1-0", 450, 350)],
        [("S2", "S0", "0-1", 350, 450), ("S3", "S1", "0-1", 350, 450)],
        [("S0", "S1", "1-0", 450, 350), ("S2", "S3", "1-0", 450, 350)],
    ], name="Tournoi de Vichy")


def _nevers(folder: Path) -> Path:
    """Every game drawn 400-400: equal points and spread, so the final ranking is the initial one (§7)."""
    return _event(folder / "nevers.tdesk", Discipline.SCRABBLE, dt.date(2026, 5, 16), SCRABBLERS, [
        [("S0", "S3", "1/2", 400, 400), ("S1", "S2", "1/2", 400, 400)],
        [("S2", "S0", "1/2", 400, 400), ("S3", "S1", "1/2", 400, 400)],
        [("S0", "S1", "1/2", 400, 400), ("S2", "S3", "1/2", 400, 400)],
    ], name="Tournoi de Nevers", seed=11)


def test_scrabble_period_ranks_each_event_on_the_chained_ratings_seed002_s2_2_s7(tmp_path, capsys) -> None:
    # Vichy (4 players, TH ≤ 16: category 1, M 20; 3 games; no Joker): PJmax = 400 − 4·25 − 11·5 − 100/2 = 195.
    # Initial ranking 1650 (S3), 1600 (S2), 1550 (S1), 1500 (S0); final S0, S1, S2, S3.
    #   S0: PE 4 + B 20 + PJ 2/3·(1650 − 1500) = 100 -> 1624;  S1: 3 + 10 + 2/3·50 = 33 -> 1596
    #   S2: 2 + 4 − 1/3·50 = −17 -> 1589;                       S3: 1 + 2 − 1/3·150 = −50 -> 1603
    # Nevers starts from those (seed 002 §2.2): initial ranking S0 1624, S3 1603, S1 1596, S2 1589; all drawn, so
    # the final ranking is that initial ranking (§7 ties) and every PJ is 0: + PE + B = 4+20, 3+10, 2+4, 1+2.
    data = _rate(["--period", str(_nevers(tmp_path)), str(_vichy(tmp_path)), "--system", "fisf-pl"], capsys)
    rows = _by_licence(data)
    assert {k: rows[k]["new_rating"] for k in rows} == {"S0": 1648, "S3": 1616, "S1": 1602, "S2": 1592}
    assert {k: rows[k]["rating_before"] for k in rows} == {"S0": 1500, "S1": 1550, "S2": 1600, "S3": 1650}
    assert all(rows[k]["note"] == "2 event(s)" and rows[k]["games_counted"] == 6 for k in rows)


def test_scrabble_nc_in_the_list_is_unrated_and_takes_pl_star_of_the_series_seed002_s2_1(tmp_path, capsys) -> None:
    # The list marks S1 "NC": no PL, so PL* from his duplicate series (2nd series: 2000), not his stored 1550.
    # Vichy as a TH Classique B (CT 0.8, §7): PJmax = 0.8 × 195 = 156, PJmin = −78. Initial 2000 (S1), 1650,
    # 1600, 1500; final S0, S1, S2, S3:
    #   S0: 2/3·(2000 − 1500) = 333 -> PJmax 156: 1500 + 4 + 20 + 156 = 1680
    #   S1: −1/3·(2000 − 1650) = −117 -> PJmin −78: 2000 + 3 + 10 − 78 = 1935
    #   S2: 0 -> 1606;  S3: −1/3·150 = −50 -> 1603
    listed = tmp_path / "cotes.csv"
    listed.write_text("licence;nom;cote\nS0;AUBERT;1500\nS1;BÉLANGER;NC\nS2;CÔTÉ;1600\nS3;DUFRESNE;1650\n",
                      encoding="utf-8")
    players = tmp_path / "series.csv"
    players.write_text("licence;serie\nS1;2B\n", encoding="utf-8")
    vichy = _vichy(tmp_path)
    data = _rate(["--period", str(vichy), "--system", "fisf-pl", "--ratings", str(listed), "--players",
                  str(players), "--event", f"{vichy}:classic-b=yes"], capsys)
    rows = _by_licence(data)
    assert rows["S1"]["rating_before"] == 2000 and "PL* 2000" in rows["S1"]["note"]
    assert {k: rows[k]["new_rating"] for k in rows} == {"S0": 1680, "S1": 1935, "S2": 1606, "S3": 1603}
    assert data["inputs"][str(vichy)] == "TH Classique B (CT 0.8)"
    # Without CT 0.8 (the default): PJmax 195, PJmin −97.5 rounded −98: S0 1719, S1 2000 + 13 − 98 = 1915
    rows = _by_licence(_rate(["--period", str(vichy), "--system", "fisf-pl", "--ratings", str(listed),
                              "--players", str(players)], capsys))
    assert (rows["S0"]["new_rating"], rows["S1"]["new_rating"]) == (1719, 1915)
    # An international open is category 4 (§4): M 150, PJmax 400 − 25 − 55 − 50 = 270: S0 1500 + 4 + 150 + 270
    rows = _by_licence(_rate(["--period", str(vichy), "--system", "fisf-pl", "--ratings", str(listed),
                              "--players", str(players), "--event", "Tournoi de Vichy:kind=open"], capsys))
    assert rows["S0"]["new_rating"] == 1924


def test_scrabble_event_kind_and_classic_b_stored_with_the_event(tmp_path, capsys) -> None:
    # The same inputs stored as the event's rule settings (docs/rules.md) serve the preview and the period
    vichy = _vichy(tmp_path)
    assert main(["rules", str(vichy), "--set", "scrabble.classic_b=yes", "--set", "scrabble.event_kind=th"]) == 0
    capsys.readouterr()
    one = _by_licence(_rate([str(vichy)], capsys))
    period = _by_licence(_rate(["--period", str(vichy), "--system", "fisf-pl"], capsys))
    # stored PL 1550 for S1 this time: S0 PJ 2/3·150 = 100 (under 156), S3 −50 (above −78): CT 0.8 does not bind
    assert one["S0"]["new_rating"] == period["S0"]["new_rating"] == 1624
    assert main(["rules", str(vichy), "--set", "scrabble.event_kind=world"]) == 0
    capsys.readouterr()
    # World championship: category 5, M 250, PJmax 0.8 × (400 − 0 − 55 − 50) = 236: S0 1500 + 4 + 250 + 100 = 1854
    assert _by_licence(_rate([str(vichy)], capsys))["S0"]["new_rating"] == 1854


def test_scrabble_inactive_player_comes_back_at_the_higher_of_pl_and_pl_star_seed002_s9(tmp_path, capsys) -> None:
    # S3 (1650) last played a classique event on 2023-04-01: more than 2 years before Vichy (2026-05-02), so he
    # comes back at max(1650, PL* of his 1st duplicate series 2250) = 2250. Played on 2025-01-10: still 1650.
    vichy = _vichy(tmp_path)
    inactive = tmp_path / "inactive.csv"
    inactive.write_text("licence,serie,dernier_tournoi\nS3,1,2023-04-01\n", encoding="utf-8")
    rows = _by_licence(_rate(["--period", str(vichy), "--system", "fisf-pl", "--players", str(inactive)], capsys))
    assert rows["S3"]["rating_before"] == 2250 and "inactive, back at 2250" in rows["S3"]["note"]
    # S3 last: initial 2250, 1600, 1550, 1500; place 4: PJ −1/3·(2250 − 1500) = −250 -> PJmin −97.5 -> −98
    assert rows["S3"]["new_rating"] == 2250 + 1 + 2 - 98
    # The same inputs for the event alone (its preview): seed 002 §9 applies there too
    rows = _by_licence(_rate([str(vichy), "--players", str(inactive)], capsys))
    assert rows["S3"]["rating_before"] == 2250 and rows["S3"]["new_rating"] == 2250 + 1 + 2 - 98
    active = tmp_path / "active.csv"
    active.write_text("licence,serie,dernier_tournoi\nS3,1,10/01/2025\n", encoding="utf-8")
    rows = _by_licence(_rate(["--period", str(vichy), "--system", "fisf-pl", "--players", str(active)], capsys))
    assert rows["S3"]["rating_before"] == 1650


def test_scrabble_carry_chains_two_periods(tmp_path, capsys) -> None:
    # May (Vichy) leaves each player's PL and last event; June (Nevers moved to June) starts from them
    may = tmp_path / "may.json"
    _rate(["--period", str(_vichy(tmp_path)), "--system", "fisf-pl", "--carry-out", str(may)], capsys)
    carried = json.loads(may.read_text(encoding="utf-8"))
    assert carried["system"] == "fisf-pl"
    assert carried["players"]["licence:S0"]["scrabble"] == {"rating": 1624.0, "last_event": "2026-05-02"}
    rows = _by_licence(_rate(["--period", str(_nevers(tmp_path)), "--system", "fisf-pl", "--carry-in", str(may)],
                             capsys))
    assert {k: rows[k]["new_rating"] for k in rows} == {"S0": 1648, "S3": 1616, "S1": 1602, "S2": 1592}


def test_scrabble_results_played_elsewhere_by_final_places(tmp_path, capsys) -> None:
    # Vichy known only by its final places and number of games gives the same PL as the event file
    results = tmp_path / "ailleurs.csv"
    results.write_text("tournoi;date;place;licence;nom;cote;parties\n"
                       "Tournoi de Vichy;02/05/2026;1;S0;AUBERT Anne;1500;3\n"
                       "Tournoi de Vichy;02/05/2026;2;S1;BÉLANGER Luc;1550;3\n"
                       "Tournoi de Vichy;02/05/2026;3;S2;CÔTÉ Éva;1600;3\n"
                       "Tournoi de Vichy;02/05/2026;4;S3;DUFRESNE Paul;1650;3\n", encoding="utf-8")
    rows = _by_licence(_rate(["--period", "--system", "fisf-pl", "--results", str(results)], capsys))
    assert {k: rows[k]["new_rating"] for k in rows} == {"S0": 1624, "S1": 1596, "S2": 1589, "S3": 1603}


# ----------------------------------------------------------------------------------------------- FFJD (seed 000)


def _schools(folder: Path) -> Path:
    """Three classed players (1400, 1500, 1600), one classed player registered but never paired (1300), three
    unrated pupils; the six present play a round robin, every game drawn 1-1."""
    players = {"C1": ("Carpentier", 1400), "C2": ("Deschamps", 1500), "C3": ("Évrard", 1600),
               "C4": ("Fournier", 1300), "U1": ("Gauthier", None), "U2": ("Hébert", None), "U3": ("Isnard", None)}
    ids = ["C1", "C2", "C3", "U1", "U2", "U3"]
    rounds = []
    for r in range(5):
        rot = [ids[0], *ids[1:][r:], *ids[1:][:r]]
        rounds.append([(rot[b], rot[5 - b], "1-1") for b in range(3)])
    return _event(folder / "lille.tdesk", Discipline.DRAUGHTS, dt.date(2026, 3, 14), players, rounds,
                  name="Open scolaire de Lille")


def test_ffjd_present_means_at_least_one_counted_game_annex_b_3(tmp_path, capsys) -> None:
    # Annex B 1): 5·Perf_i − Σ Perf(other pupils) = 1400 + 1500 + 1600 + 500·(5 − 5): by symmetry Perf = 1500,
    # MCP = (4500 + 2·1500)/5 = 1500, CPf = (1500 + 1500)/2 = 1500 (Annex B 2)), EANC = 1500.
    # Reading "counted-game" (default): Fournier played nothing, 3 classed players present (Annex B 3)-5)):
    # MFNC = ((4 − 3)·EONC + 3·EANC)/4 = (1100 + 4500)/4 = 1400: first rating 1400 after 5 games (§6.2.3).
    event = _schools(tmp_path)
    assert main(["rules", str(event), "--set", "ffjd.organiser_estimate=1100"]) == 0
    capsys.readouterr()
    rows = _by_licence(_rate([str(event)], capsys))
    assert [rows[u]["new_rating"] for u in ("U1", "U2", "U3")] == [1400, 1400, 1400]
    assert rows["U1"]["note"] == "first rating" and rows["U1"]["performance"] == pytest.approx(1500)
    # Reading "registered": 4 classed entrants, no correction: CPf 1500 >= 1500 needs 7 games (§6.2.3)
    assert main(["rules", str(event), "--set", "ffjd.present=registered"]) == 0
    capsys.readouterr()
    rows = _by_licence(_rate([str(event)], capsys))
    assert [rows[u]["new_rating"] for u in ("U1", "U2", "U3")] == [None, None, None]
    assert rows["U1"]["note"] == "not yet rated"
    # A period reads each event's setting, and --event overrides it
    period = _by_licence(_rate(["--period", str(event), "--system", "ffjd"], capsys))
    assert period["U1"]["new_rating"] is None
    period = _by_licence(_rate(["--period", str(event), "--system", "ffjd", "--event",
                                f"{event}:present=counted-game"], capsys))
    assert period["U1"]["new_rating"] == 1400


def test_ffjd_evolution_is_shown_after_the_600_floor_seed000_s6_3(tmp_path, capsys) -> None:
    # Six players at 610, Leroy loses his five games, every other game drawn. Leroy: Σ (0 − 1)·25 = −125
    # (§6.1: PA 1 at ΔCP 0, K 25 below 1350, slow); 610 − 125 = 485 is floored at 600 (§6.3): shown −10, as the
    # federation's list shows it. The others: (2 − 1)·25 + 4 × (1 − 1)·25 = +25 -> 635.
    players = {f"F{i}": (name, 610) for i, name in enumerate(("Leroy", "Marchand", "Noël", "Olivier", "Perrin",
                                                              "Quentin"))}
    ids = list(players)
    rounds = []
    for r in range(5):
        rot = [ids[0], *ids[1:][r:], *ids[1:][:r]]
        rounds.append([(rot[b], rot[5 - b], "0-2" if b == 0 else "1-1") for b in range(3)])  # F0 always White
    event = _event(tmp_path / "plancher.tdesk", Discipline.DRAUGHTS, dt.date(2026, 3, 21), players, rounds)
    rows = _by_licence(_rate([str(event)], capsys))
    assert (rows["F0"]["evolution"], rows["F0"]["new_rating"], rows["F0"]["note"]) == (-10, 600, "floor 600")
    assert (rows["F0"]["expected_score"], rows["F0"]["score"], rows["F0"]["k"]) == (5, 0, 25)
    assert all(rows[f]["evolution"] == 25 and rows[f]["new_rating"] == 635 for f in ids[1:])
    assert main(["--lang", "fr", "rate", str(event)]) == 0
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("LEROY"))
    assert line.split()[-2:] == ["plancher", "600"] and " -10 " in line


def test_ffjd_carry_files_chain_pending_players_seed000_s6_2_3(tmp_path, capsys) -> None:
    # March: Nouveau draws 3 games against classed players (1300, 1400, 1500): 3 games, not yet rated
    # (§6.2.1 needs 5): his part (3 games, 1400) is written to the carry. April: 3 more draws, 6 games, MCP 1400
    # + 250·(6 − 6)/6 = 1400: first rating. Somebody carried in March who does not play in April stays carried.
    players = {"N1": ("Nouveau", None), "K1": ("Klein", 1300), "K2": ("Lemoine", 1400), "K3": ("Morel", 1500)}
    ids = list(players)
    rounds = []
    for r in range(3):
        rot = [ids[0], *ids[1:][r:], *ids[1:][:r]]
        rounds.append([(rot[b], rot[3 - b], "1-1") for b in range(2)])
    march = _event(tmp_path / "mars.tdesk", Discipline.DRAUGHTS, dt.date(2026, 3, 7), players, rounds)
    players_b = {**players, "N2": ("Absent-en-avril", None)}
    march_b = _event(tmp_path / "mars-b.tdesk", Discipline.DRAUGHTS, dt.date(2026, 3, 28), {
        "N2": players_b["N2"], "K1": players["K1"], "K2": players["K2"], "K3": players["K3"]}, [
        [(("N2", "K1", "1-1")), ("K2", "K3", "1-1")]])
    april = _event(tmp_path / "avril.tdesk", Discipline.DRAUGHTS, dt.date(2026, 4, 4), players, rounds)
    carry_march = tmp_path / "report-mars.json"
    data = _rate(["--period", str(march), str(march_b), "--system", "ffjd", "--period-start", "2026-03-01",
                  "--carry-out", str(carry_march)], capsys)
    assert _by_licence(data)["N1"]["note"] == "not yet rated" and data["carried"] == ["licence:N1", "licence:N2"]
    parts = json.loads(carry_march.read_text(encoding="utf-8"))["players"]["licence:N1"]["ffjd_parts"]
    assert [(p["games"], p["value"]) for p in parts] == [(3, 1400.0)]
    carry_april = tmp_path / "report-avril.json"
    data = _rate(["--period", str(april), "--system", "ffjd", "--period-start", "2026-04-01",
                  "--carry-in", str(carry_march), "--carry-out", str(carry_april)], capsys)
    novice = _by_licence(data)["N1"]
    assert (novice["new_rating"], novice["note"]) == (1400, "first rating")
    assert data["carried"] == ["licence:N2"]  # N1 is rated; N2 did not play in April: still carried
    # A carry of another system is refused
    error = _rate(["--period", str(april), "--system", "elo-fr", "--carry-in", str(carry_april)], capsys, code=3)
    assert "not 'elo-fr'" in error["error"]


def test_ffjd_results_played_elsewhere_equal_the_event_file(tmp_path, capsys) -> None:
    event = _schools(tmp_path)
    from_file = _by_licence(_rate(["--period", str(event), "--system", "ffjd", "--estimate", "1100"], capsys))
    lines = ["tournoi;date;ronde;licence_blancs;blancs;classement_blancs;licence_noirs;noirs;classement_noirs;"
             "resultat;cadence"]
    ratings = {"C1": 1400, "C2": 1500, "C3": 1600}
    ids = ["C1", "C2", "C3", "U1", "U2", "U3"]
    for r in range(5):
        rot = [ids[0], *ids[1:][r:], *ids[1:][:r]]
        for b in range(3):
            w, bl = rot[b], rot[5 - b]
            lines.append(f"Open scolaire de Lille;14/03/2026;{r + 1};{w};{w.upper()} A;{ratings.get(w, 'NC')};{bl};"
                         f"{bl.upper()} B;{ratings.get(bl, 'NC')};1-1;lente")
    results = tmp_path / "lille.csv"
    results.write_text("\n".join(lines) + "\n", encoding="utf-8")
    elsewhere = _by_licence(_rate(["--period", "--system", "ffjd", "--results", str(results), "--estimate",
                                   "1100"], capsys))
    # the registered-but-absent classed player is not in the results file: with "counted-game" it changes nothing
    for k in ids:
        assert {f: elsewhere[k][f] for f in ("new_rating", "evolution", "games_counted", "expected_score")} == \
            {f: from_file[k][f] for f in ("new_rating", "evolution", "games_counted", "expected_score")}
    assert elsewhere["U1"]["new_rating"] == 1400


def test_results_file_errors_name_the_line(tmp_path, capsys) -> None:
    no_cadence = tmp_path / "sans-cadence.csv"
    no_cadence.write_text("event,date,white_licence,white,black_licence,black,result\n"
                          "Coupe,2026-03-08,A1,ALPHA A,B1,BRAVO B,2-0\n", encoding="utf-8")
    error = _rate(["--period", "--system", "ffjd", "--results", str(no_cadence)], capsys, code=3)
    assert "cadence of 'Coupe' is not known" in error["error"]
    assert main(["--lang", "fr", "rate", "--period", "--system", "ffjd", "--results", str(no_cadence)]) == 3
    assert "la cadence de « Coupe » n'est pas connue" in capsys.readouterr().err
    bad = tmp_path / "mauvais.csv"
    bad.write_text("event;white_licence;black_licence;result;cadence\nCoupe;A1;B1;2-0;slow\nCoupe;A1;C1;3-1;slow\n",
                   encoding="utf-8")
    error = _rate(["--period", "--system", "ffjd", "--results", str(bad)], capsys, code=3)
    assert "line 3, column 4" in error["error"] and "'3-1' is not a result" in error["error"]
    twice = tmp_path / "deux-fois.csv"
    twice.write_text("event;round;white_licence;black_licence;result;cadence\nCoupe;1;A1;B1;2-0;slow\n"
                     "Coupe;1;A1;C1;1-1;slow\n", encoding="utf-8")
    error = _rate(["--period", "--system", "ffjd", "--results", str(twice)], capsys, code=3)
    assert "line 3" in error["error"] and "plays twice in round 1" in error["error"]
    good = tmp_path / "bon.csv"
    good.write_text("event;white_licence;black_licence;result;cadence\nCoupe;A1;B1;2-0;slow\n", encoding="utf-8")
    error = _rate(["--period", "--system", "ffjd", "--results", str(good), "--event", "nothing-here:eonc=1000"],
                  capsys, code=3)
    assert "not in the period: nothing-here" in error["error"]


# ------------------------------------------------------------------------------------------ National Elo (seed 001)


def _elo_event(folder: Path) -> Path:
    """Five players, round robin with a bye: Moreau (1500) beats Nadal and Olive, draws Petit and Roux (all
    1600); the others draw among themselves."""
    players = {"E0": ("Moreau", 1500), "E1": ("Nadal", 1600), "E2": ("Olive", 1600), "E3": ("Petit", 1600),
               "E4": ("Roux", 1600)}
    ids = [*players, None]
    mine = {"E1": "1-0", "E2": "1-0", "E3": "1/2", "E4": "1/2"}
    rounds = []
    for r in range(5):
        rot = [ids[0], *ids[1:][r:], *ids[1:][:r]]
        boards = []
        for b in range(3):
            w, bl = rot[b], rot[5 - b]
            if w is None or bl is None:
                continue
            result = mine.get(bl, "1/2") if w == "E0" else ("0-1" if mine.get(w) == "1-0" and bl == "E0" else "1/2")
            boards.append((w, bl, result))
        rounds.append(boards)
    return _event(folder / "elo.tdesk", Discipline.CHESS, dt.date(2026, 2, 7), players, rounds, name="Open d'hiver")


def test_national_elo_expected_score_and_coefficient_seed001_s3(tmp_path, capsys) -> None:
    # Moreau: 4 compatible games (wins against stronger, draws), Sc 3, Ea 1600, P .75, D 193 (§2.4), Pj 1793.
    # Expected at Ei 1500 against 1600: 0.36 a game (FIDE table 8.1(b), |D| 100 -> .64 for the stronger): 1.44.
    # Pj > Ei, senior with 4 < 16 games: case 1.c, Ej = (1793·4 + 12·1500)/16 = 1573.25 -> 1570 (§1 rounding);
    # the performance's share K = 4/16 = 0.25.
    event = _elo_event(tmp_path)
    moreau = _by_licence(_rate([str(event)], capsys))["E0"]
    assert moreau["score"] == 3 and moreau["expected_score"] == pytest.approx(1.44)
    assert moreau["k"] == 0.25 and moreau["new_rating"] == 1570 and moreau["note"].startswith("1.c")
    period = _by_licence(_rate(["--period", str(event), "--system", "elo-fr"], capsys))["E0"]
    assert (period["expected_score"], period["k"], period["new_rating"]) == (pytest.approx(1.44), 0.25, 1570)
    # Nadal (1600) lost to Moreau (1500) and drew three 1600s: 4 games, Sc 1.5, P .375, D(.375) between .37
    # (−95) and .38 (−87) on the normal curve, Pj < Ei: case 1.a (brake), K = 4/(16 + 4) = 0.2
    nadal = _by_licence(_rate([str(event)], capsys))["E1"]
    assert nadal["k"] == 0.2 and nadal["note"].startswith("1.a")
    # expected: .64 against Moreau + 3 × .5 = 2.14
    assert nadal["expected_score"] == pytest.approx(2.14)


def test_national_elo_carry_files_keep_archives_seed001_s3(tmp_path, capsys) -> None:
    # An unrated player drawing 3 games against 1500s: Pj 1500 archived for 3 games (3.a); next period 3 more:
    # 3 + 3 < 8 still archived (2.b: Pa 1500, Na 6); the third: 6 + 3 >= 8 -> 2.c, Ej 1500.
    players = {"N1": ("Novice", None), "A1": ("Arnaud", 1500), "A2": ("Bastien", 1500), "A3": ("Cyril", 1500)}
    ids = list(players)
    rounds = []
    for r in range(3):
        rot = [ids[0], *ids[1:][r:], *ids[1:][:r]]
        rounds.append([(rot[b], rot[3 - b], "1/2") for b in range(2)])
    files = [_event(tmp_path / f"p{m}.tdesk", Discipline.CHESS, dt.date(2026, m, 10), players, rounds)
             for m in (1, 5, 9)]
    carry = tmp_path / "c0.json"
    _rate(["--period", str(files[0]), "--system", "elo-fr", "--carry-out", str(carry)], capsys)
    assert json.loads(carry.read_text(encoding="utf-8"))["players"]["licence:N1"]["elo_archive"] == \
        {"pa": 1500.0, "na": 3}
    carry2 = tmp_path / "c1.json"
    row = _by_licence(_rate(["--period", str(files[1]), "--system", "elo-fr", "--carry-in", str(carry),
                             "--carry-out", str(carry2)], capsys))["N1"]
    assert row["note"].startswith("2.b") and row["new_rating"] is None
    assert json.loads(carry2.read_text(encoding="utf-8"))["players"]["licence:N1"]["elo_archive"]["na"] == 6
    row = _by_licence(_rate(["--period", str(files[2]), "--system", "elo-fr", "--carry-in", str(carry2)],
                            capsys))["N1"]
    assert row["note"].startswith("2.c") and row["new_rating"] == 1500


def test_parser_choices_match_the_core() -> None:
    from tournament_desk.cli import rate, standings
    from tournament_desk.core.ratings import ffjd, scrabble_pl
    from tournament_desk.core.tiebreaks import PRESETS, Edition

    assert rate.CADENCES == tuple(c.value for c in ffjd.Cadence)
    assert rate.PRESENT == tuple(p.value for p in ffjd.Present)
    assert set(rate.EVENT_KINDS) == {k.value for k in scrabble_pl.EventKind}
    assert standings.EDITIONS == [e.value for e in Edition] and standings.PRESET_NAMES == list(PRESETS)
