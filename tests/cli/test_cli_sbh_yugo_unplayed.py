"""Sum of Buchholz (SBH) and Yugoslav (YUGO) with unplayed rounds, seed 003 edition, through the CLI.

The event re-plays the four players of seed 003 §4 "SCORE Ajusté" (Paul, Loïc, Tony, Ludo) with their results
exactly as the seed prints them, in a 9-player, 6-round Swiss whose other five players (Anna, Bruno, Cécile,
Denis, Émile) add a pairing-allocated bye, a requested half-point bye and a second forfeit:

    round  1            2            3                4            5            6
    Paul   Tony 1-0     Anna ½       Bruno ½          Loïc 1-0     Cécile 0-1   Émile 1-0
    Loïc   absent       Bruno 1-0    Denis 1-0        (Paul)       Émile 0-1    Tony, forfeit lost
    Tony   (Paul)       Cécile 0-1   exempt (pab)     Denis 0-1    Anna 0-1     (Loïc), forfeit won
    Ludo   Cécile ½     Émile 0-1    withdrawn from round 3 (absent in rounds 3-6)
    Anna   Bruno 1-0    (Paul)       Émile 0-1        Cécile ½     (Tony)       Denis, forfeit won
    Bruno  (Anna)       (Loïc)       (Paul)           Émile 1-0    Denis ½      Cécile 0-1
    Cécile (Ludo)       (Tony)       half-point bye   (Anna)       (Paul)       (Bruno)
    Denis  Émile ½      exempt (pab) (Loïc)           (Tony)       (Bruno)      (Anna), forfeit lost

Seed 003 §1: every unplayed round counts as a draw in the adjusted score (S.A.); glossary "SCORE Ajusté":
"Si deux adversaires ne se sont pas rencontrés (gain ou perte par forfait), ils ne recevront que la moitié du
S.A. de cet adversaire virtuel. Un joueur Exempt recevra pour cet adversaire un S.A. égal à la moyenne du
tournoi." Hand computation (exact fractions checked separately):

    scores      Paul 4, Loïc 2, Tony 2, Ludo ½, Anna 4, Bruno 2, Cécile 4½, Denis 3, Émile 3½
    S.A.        Paul 4, Loïc 3, Tony 1, Ludo 2½ (the seed's own values), Anna 3½, Bruno 2, Cécile 4½, Denis 3,
                Émile 3½; sum 27, tournament average 3
    Buchholz    Paul 1+3½+2+3+4½+3½ = 17½; Loïc 3(avg)+2+3+4+3½+½(½·1) = 16; Tony 4+4½+3(avg)+3+3½+1½(½·3) = 19½;
                Ludo 4½+3½+4·3 = 20; Anna 2+4+3½+4½+1+1½(½·3) = 16½; Bruno 3½+3+4+3½+3+4½ = 21½;
                Cécile 2½+1+3(avg)+3½+4+2 = 16; Denis 3½+3(avg)+3+1+2+1¾(½·3½) = 14¼; Émile 3+2½+3½+2+3+4 = 18;
                sum 159¼, tournament average 637/36
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tournament_desk.__main__ import main
from tournament_desk.core.model import Bye, Event, Game, PairingSystem, Round
from tournament_desk.core.operations import AddPlayer, RecordResult, StoreRound, WithdrawPlayer
from tournament_desk.core.results import Discipline, Outcome
from tournament_desk.services.session import EventSession

NAMES = ("Paul", "Loïc", "Tony", "Ludo", "Anna", "Bruno", "Cécile", "Denis", "Émile")
AVG_BH = 637 / 36  # 159¼ / 9
# round -> boards (white, black, result) and byes (player, kind)
ROUNDS: dict[int, tuple[tuple[tuple[str, str, str], ...], tuple[tuple[str, Outcome], ...]]] = {
    1: ((("Paul", "Tony", "1-0"), ("Ludo", "Cécile", "1/2"), ("Anna", "Bruno", "1-0"), ("Denis", "Émile", "1/2")),
        ()),  # Loïc: no board, no bye -> absent
    2: ((("Paul", "Anna", "1/2"), ("Loïc", "Bruno", "1-0"), ("Tony", "Cécile", "0-1"), ("Ludo", "Émile", "0-1")),
        (("Denis", Outcome.PAIRING_BYE),)),
    3: ((("Paul", "Bruno", "1/2"), ("Loïc", "Denis", "1-0"), ("Anna", "Émile", "0-1")),
        (("Tony", Outcome.PAIRING_BYE), ("Cécile", Outcome.HALF_BYE))),
    4: ((("Paul", "Loïc", "1-0"), ("Tony", "Denis", "0-1"), ("Anna", "Cécile", "1/2"), ("Bruno", "Émile", "1-0")),
        ()),
    5: ((("Paul", "Cécile", "0-1"), ("Loïc", "Émile", "0-1"), ("Tony", "Anna", "0-1"), ("Bruno", "Denis", "1/2")),
        ()),
    6: ((("Loïc", "Tony", "-+"), ("Paul", "Émile", "1-0"), ("Anna", "Denis", "+-"), ("Bruno", "Cécile", "0-1")),
        ()),
}


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    path = tmp_path_factory.mktemp("sbh") / "open-des-quatre.tdesk"
    order = list(NAMES)
    random.Random(3).shuffle(order)  # registered in random order: ids are not the table's order
    with EventSession.create(path, Event.for_discipline("Open des quatre", Discipline.CHESS,
                                                        system=PairingSystem.MANUAL, rounds=6)) as session:
        for i, name in enumerate(order):
            session.run(AddPlayer(surname=name, ratings=(("fide", 1500 + 37 * i),)))
        ids = {p.surname: p.id for p in session.state().players}
        for number, (boards, byes) in ROUNDS.items():
            if number == 3:  # seed 003 §1: "partie non jouée suite à un abandon": Ludo leaves after round 2
                session.run(WithdrawPlayer(ids["Ludo"], 3))
            games = tuple(Game(number, b + 1, ids[w], ids[bl]) for b, (w, bl, _) in enumerate(boards))
            session.run(StoreRound(Round(number, games, tuple(Bye(number, ids[p], kind) for p, kind in byes))))
            for b, (_w, _bl, result) in enumerate(boards):
                session.run(RecordResult(number, b + 1, result))
    return path, ids


def _standings(path: Path, capsys: pytest.CaptureFixture[str], edition: str = "seed003") -> dict[str, dict]:
    assert main(["standings", str(path), "--tiebreaks", "BH,SBH,YUGO", "--edition", edition, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    return {row["name"].split()[0].capitalize(): row for row in rows}


def _explain(path: Path, pid: int, code: str, capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(["standings", str(path), "--explain", str(pid), code, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _round_line(detail: dict, rnd: int) -> dict:
    return next(line for line in detail["lines"] if line["round"] == rnd)


def test_the_seeds_adjusted_scores_and_buchholz_by_hand(event, capsys) -> None:
    # seed 003 §4 "SCORE Ajusté": scores 4, 2, 2, ½ and adjusted scores 4, 3, 1, 2½ for Paul, Loïc, Tony, Ludo
    path, _ids = event
    rows = _standings(path, capsys)
    assert [rows[n]["points"] for n in ("Paul", "Loïc", "Tony", "Ludo")] == [4, 2, 2, 0.5]
    bh = {n: rows[n]["tiebreaks"]["BH"] for n in rows}
    assert bh == {"Paul": 17.5, "Loïc": 16, "Tony": 19.5, "Ludo": 20, "Anna": 16.5, "Bruno": 21.5, "Cécile": 16,
                  "Denis": 14.25, "Émile": 18}


def test_sbh_every_player_by_hand(event, capsys) -> None:
    # seed 003 §2.2.1.6: "la somme des résultats du Buchholz des adversaires", own unplayed rounds as in the
    # Buchholz (docs/rules.md T1): forfeit = ½ Buchholz of the scheduled opponent, bye/absence = average Buchholz
    path, _ids = event
    sbh = {n: r["tiebreaks"]["SBH"] for n, r in _standings(path, capsys).items()}
    expected = {
        "Paul": 19.5 + 16.5 + 21.5 + 16 + 16 + 18,  # all played: Tony, Anna, Bruno, Loïc, Cécile, Émile
        "Loïc": AVG_BH + 21.5 + 14.25 + 17.5 + 18 + 19.5 / 2,
        "Tony": 17.5 + 16 + AVG_BH + 14.25 + 16.5 + 16 / 2,
        "Ludo": 16 + 18 + 4 * AVG_BH,
        "Anna": 21.5 + 17.5 + 18 + 16 + 19.5 + 14.25 / 2,
        "Bruno": 16.5 + 16 + 17.5 + 18 + 14.25 + 16,
        "Cécile": 20 + 19.5 + AVG_BH + 16.5 + 17.5 + 21.5,
        "Denis": 18 + AVG_BH + 16 + 19.5 + 21.5 + 16.5 / 2,
        "Émile": 14.25 + 20 + 16.5 + 21.5 + 16 + 17.5,
    }
    assert sbh == pytest.approx(expected)
    assert sbh["Loïc"] == pytest.approx(3553 / 36) and sbh["Denis"] == pytest.approx(1817 / 18)


def test_sbh_absence_counts_the_average_buchholz_seed003_glossary(event, capsys) -> None:
    # Loïc, round 1 "Absent" (seed 003 §4): no opponent -> the exempt's rule, the tournament average
    path, ids = event
    line = _round_line(_explain(path, ids["Loïc"], "SBH", capsys), 1)
    assert line["opponent_id"] is None and line["value"] == pytest.approx(AVG_BH)
    assert "average" in line["note_en"] and "moyenne" in line["note_fr"]


def test_sbh_forfeit_loss_counts_half_the_scheduled_opponents_buchholz_seed003_glossary(event, capsys) -> None:
    # Loïc, round 6 "Perte Forfait" against Tony: "la moitié ... de cet adversaire virtuel": ½ × BH(Tony) 19½
    path, ids = event
    line = _round_line(_explain(path, ids["Loïc"], "SBH", capsys), 6)
    assert line["opponent_id"] == ids["Tony"] and line["value"] == 9.75


def test_sbh_exempt_counts_the_average_buchholz_seed003_glossary(event, capsys) -> None:
    # Tony, round 3 "Exempt": "Un joueur Exempt recevra ... la moyenne du tournoi"
    path, ids = event
    line = _round_line(_explain(path, ids["Tony"], "SBH", capsys), 3)
    assert line["opponent_id"] is None and line["value"] == pytest.approx(AVG_BH)


def test_sbh_forfeit_win_counts_half_the_scheduled_opponents_buchholz_seed003_glossary(event, capsys) -> None:
    # Tony, round 6 "Gain Forfait" against Loïc: ½ × BH(Loïc) 16 = 8 (a forfeit win is not a meeting)
    path, ids = event
    detail = _explain(path, ids["Tony"], "SBH", capsys)
    assert _round_line(detail, 6)["value"] == 8
    assert detail["value"] == pytest.approx(1619 / 18)


def test_sbh_withdrawal_rounds_count_the_average_buchholz_seed003_s1(event, capsys) -> None:
    # Ludo, rounds 3-6 "Absent" after leaving (seed 003 §1 "abandon"): four times the average Buchholz
    path, ids = event
    detail = _explain(path, ids["Ludo"], "SBH", capsys)
    assert [_round_line(detail, r)["value"] for r in (3, 4, 5, 6)] == pytest.approx([AVG_BH] * 4)
    assert detail["value"] == pytest.approx(16 + 18 + 4 * AVG_BH)


def test_sbh_requested_half_point_bye_counts_the_average_buchholz_seed003_s1(event, capsys) -> None:
    # Cécile, round 3 half-point bye: an unplayed round without opponent, treated like the exempt
    path, ids = event
    assert _round_line(_explain(path, ids["Cécile"], "SBH", capsys), 3)["value"] == pytest.approx(AVG_BH)


def test_yugo_every_player_by_hand(event, capsys) -> None:
    # seed 003 §4 "YOUGOSLAVE": "Somme des S.A. des adversaires ayant réalisé au moins 50% des points" (3 of 6,
    # on the score as scored: docs/rules.md T4). Reaching 3: Paul 4, Anna 4, Cécile 4½, Denis 3, Émile 3½; the
    # exempt's virtual opponent is at the tournament average 3 (= 50 %), so it counts.
    path, _ids = event
    yugo = {n: r["tiebreaks"]["YUGO"] for n, r in _standings(path, capsys).items()}
    assert yugo == {
        "Paul": 3.5 + 4.5 + 3.5,  # Anna, Cécile, Émile (Tony, Bruno, Loïc below 3)
        "Loïc": 3 + 3 + 4 + 3.5,  # absent (average 3), Denis, Paul, Émile; forfeit vs Tony (2): nothing
        "Tony": 4 + 4.5 + 3 + 3 + 3.5,  # Paul, Cécile, exempt (3), Denis, Anna; forfeit vs Loïc (2): nothing
        "Ludo": 4.5 + 3.5 + 4 * 3,  # Cécile, Émile, four rounds after his withdrawal at the average
        "Anna": 4 + 3.5 + 4.5 + 1.5,  # Paul, Émile, Cécile, forfeit win vs Denis (3 points): ½ × S.A. 3
        "Bruno": 3.5 + 4 + 3.5 + 3 + 4.5,
        "Cécile": 3 + 3.5 + 4,  # half-point bye (average 3), Anna, Paul
        "Denis": 3.5 + 3 + 1.75,  # Émile, exempt (3), forfeit loss vs Anna (4 points): ½ × S.A. 3½
        "Émile": 3 + 3.5 + 4,  # Denis, Anna, Paul
    }


def test_yugo_absence_and_withdrawal_count_the_average_seed003_glossary(event, capsys) -> None:
    # Loïc round 1 and Ludo rounds 3-6: no opponent, the virtual opponent at the tournament average (3)
    path, ids = event
    loic = _explain(path, ids["Loïc"], "YUGO", capsys)
    assert _round_line(loic, 1)["value"] == 3 and _round_line(loic, 1)["counted"]
    ludo = _explain(path, ids["Ludo"], "YUGO", capsys)
    assert all(_round_line(ludo, r)["counted"] and _round_line(ludo, r)["value"] == 3 for r in (3, 4, 5, 6))


def test_yugo_exempt_counts_the_average_seed003_glossary(event, capsys) -> None:
    path, ids = event
    tony = _explain(path, ids["Tony"], "YUGO", capsys)
    assert _round_line(tony, 3)["value"] == 3 and _round_line(tony, 3)["counted"]


def test_yugo_forfeits_count_half_the_adjusted_score_when_the_opponent_reached_half(event, capsys) -> None:
    # seed 003 glossary "SCORE Ajusté": a forfeit, won or lost, gives ½ S.A. of the scheduled opponent; the
    # Yugoslav keeps it when that opponent scored at least 50 %: Anna (won vs Denis, 3 points) gets ½ × 3;
    # Denis (lost vs Anna, 4 points) gets ½ × 3½; Loïc and Tony's forfeit (2 points each) gives nothing.
    path, ids = event
    anna = _round_line(_explain(path, ids["Anna"], "YUGO", capsys), 6)
    denis = _round_line(_explain(path, ids["Denis"], "YUGO", capsys), 6)
    assert (anna["value"], anna["counted"], denis["value"], denis["counted"]) == (1.5, True, 1.75, True)
    loic = _round_line(_explain(path, ids["Loïc"], "YUGO", capsys), 6)
    tony = _round_line(_explain(path, ids["Tony"], "YUGO", capsys), 6)
    assert not loic["counted"] and not tony["counted"]


def test_fide_editions_sum_only_opponents_met_over_the_board(event, capsys) -> None:
    # fide2023: SBH over the opponents met on a board (C.07 2023 Art. 8.2 reads the opponents' Buchholz there);
    # a dummy opponent has no Buchholz of its own
    path, _ids = event
    rows = _standings(path, capsys, "fide2023")
    bh = {n: r["tiebreaks"]["BH"] for n, r in rows.items()}
    assert rows["Loïc"]["tiebreaks"]["SBH"] == pytest.approx(bh["Bruno"] + bh["Denis"] + bh["Paul"] + bh["Émile"])
    assert rows["Ludo"]["tiebreaks"]["SBH"] == pytest.approx(bh["Cécile"] + bh["Émile"])


def test_explanation_is_bilingual_text(event, capsys) -> None:
    path, ids = event
    assert main(["--lang", "fr", "standings", str(path), "--explain", str(ids["Tony"]), "SBH"]) == 0
    text = capsys.readouterr().out
    assert "moitié du Buchholz de l'adversaire absent" in text and "Somme des valeurs comptées" in text
