"""The files of a rating period (formats/period_files.py): results played elsewhere, players' Scrabble inputs,
carry files; every malformed file gets its line and a bilingual reason."""

from __future__ import annotations

import datetime as dt

import pytest

from tournament_desk.core.errors import ImportFormatError
from tournament_desk.core.ratings import elo_fr, ffjd, scrabble_pl
from tournament_desk.core.results import Discipline, GameResult
from tournament_desk.formats.period_files import (
    carry_to_json,
    read_carry,
    read_external_results,
    read_player_inputs,
)


def test_results_in_draughts_notation_with_a_bom_tabs_and_event_columns() -> None:
    text = ("\ufefftournoi\tdate\tronde\tlicence_blancs\tblancs\tclassement_blancs\tlicence_noirs\tnoirs\t"
            "classement_noirs\trésultat\tcadence\teonc\n"
            "Coupe\t2026-03-08\t1\tA1\tALBERT Anne\t1 450\tB1\tBRUNO Luc\tNC\t2-0\taccélérée\t1000\n"
            "Coupe\t08/03/2026\t2\tB1\tBRUNO Luc\t\tA1\tALBERT Anne\t1450\t0fne\tacceleree\t1000\n"
            "Autre\t2026-03-15\t\tC1\tCLAUDE Zoé\t1300\tA1\tALBERT Anne\t1450\t1-1\tlente\t\n").encode("utf-8")
    coupe, autre = read_external_results(text, Discipline.DRAUGHTS)
    assert (coupe.name, coupe.date, coupe.cadence, coupe.organiser_estimate) == ("Coupe", dt.date(2026, 3, 8),
                                                                                ffjd.Cadence.ACCELERATED, 1000.0)
    assert [(p.licence, p.surname, p.first_name, p.rating, p.unrated) for p in coupe.players] == [
        ("A1", "ALBERT", "Anne", 1450, False), ("B1", "BRUNO", "Luc", None, True)]
    assert [(g.round, g.result) for g in coupe.games] == [(1, GameResult.WHITE_WIN),
                                                           (2, GameResult.BLACK_FORFEIT_WIN_UNEXCUSED)]
    assert autre.cadence is ffjd.Cadence.SLOW and autre.games[0].round is None


@pytest.mark.parametrize(("text", "en", "fr"), [
    (b"joueur;resultat\nA;1-0\n", "no event column", "pas de colonne de tournoi"),
    (b"event;white;black;result\nCoupe;A;B;1-0\nCoupe;A;C;2-2\n", "line 3, column 4: '2-2' is not a result",
     "ligne 3, colonne 4\u00a0: « 2-2 » n'est pas un résultat"),
    (b"event;date;white;black;result\nCoupe;2026-03-08;A;B;1-0\nCoupe;2026-03-09;A;C;1-0\n",
     "has date '2026-03-08' on line 2 and '2026-03-09' here", "a date « 2026-03-08 » ligne 2"),
    (b"event;white;black;white_rating;result\nCoupe;A;B;18x0;1-0\n", "line 2, column 4: '18x0' is not a rating",
     "« 18x0 » n'est pas un classement"),
    (b"event;white;black;result;white_points\nCoupe;A;B;1-0;400\n", "both players' game points",
     "des deux joueurs"),
    (b"event;white;black;result\nCoupe;A;A;1-0\n", "cannot play himself", "lui-même"),
    # digits int() does not read ("²".isdigit() is true) or reads too long: the reader's error, not a ValueError
    ("event;white;black;result;round\nCoupe;A;B;1-0;²\n".encode(), "line 2, column 5: '²' is not a round number",
     "« ² »"),
    ("event;white;black;result;white_points;black_points\nCoupe;A;B;1-0;①;0\n".encode(),
     "'①' is not a number of game points", "« ① »"),
    pytest.param(b"event;white;black;white_rating;result\nCoupe;A;B;" + b"1" * 5000 + b";1-0\n", "is not a rating",
                 "n'est pas un classement", id="5000 digits, more than int() reads"),
    (b"event;place;licence;name\nCoupe;1;A1;ALPHA\n", "final places ('place' column) rate Scrabble events only",
     "ne classent que le Scrabble"),
])
def test_results_errors_say_where_and_why(text: bytes, en: str, fr: str) -> None:
    with pytest.raises(ImportFormatError) as info:
        read_external_results(text, Discipline.DRAUGHTS if b"place" in text else Discipline.CHESS)
    assert en in info.value.message("en") and fr in info.value.message("fr")


def test_scrabble_ranking_rows_need_the_number_of_games() -> None:
    ok = read_external_results(b"tournoi;place;licence;nom;parties\nTH;2;S2;B;5\nTH;1;S1;A;5\n", Discipline.SCRABBLE)
    assert ok[0].places == ((0, 2), (1, 1)) and ok[0].games_count == 5
    with pytest.raises(ImportFormatError, match="number of games"):
        read_external_results(b"tournoi;place;licence;nom\nTH;1;S1;A\n", Discipline.SCRABBLE)
    with pytest.raises(ImportFormatError, match="'²' is not a number of games"):
        read_external_results("tournoi;place;licence;nom;parties\nTH;1;S1;A;²\n".encode(), Discipline.SCRABBLE)
    with pytest.raises(ImportFormatError, match="is not a final place"):
        read_external_results(b"tournoi;place;licence;nom;parties\nTH;" + b"1" * 5000 + b";S1;A;5\n",
                              Discipline.SCRABBLE)


def test_player_inputs_and_duplicate_series_seed002_s2_1() -> None:
    inputs = read_player_inputs("licence;série;dernier tournoi\ns1;1A;2024-05-01\nS2;super;\nS3;7e;\n".encode())
    assert inputs["S1"].duplicate_series is scrabble_pl.DuplicateSeries.FIRST
    assert inputs["S1"].last_event == dt.date(2024, 5, 1)
    assert scrabble_pl.provisional_rating(inputs["S2"].duplicate_series) == 2350  # seed 002 §2.1: super-série
    assert scrabble_pl.provisional_rating(inputs["S3"].duplicate_series) == 1000  # 7e série
    with pytest.raises(ImportFormatError) as info:
        read_player_inputs(b"licence;serie\nS1;9\n")
    assert "line 2, column 2" in info.value.message("en") and "série duplicate" in info.value.message("fr")


def test_carry_round_trip_and_refusals() -> None:
    carry = {"licence:N1": (ffjd.FirstRatingPart("Open (a.tdesk)", 3, 1400.0, False),),
             "licence:E1": elo_fr.EloArchive(1523.5, 4),
             "licence:S1": scrabble_pl.PlayerRecord(1624.0, dt.date(2026, 5, 2))}
    text = carry_to_json(carry, "ffjd", {"licence:N1": "NOUVEAU Jean"})
    assert read_carry(text.encode()) == carry
    with pytest.raises(ImportFormatError) as info:
        read_carry(text.encode(), "elo-fr")
    assert "for the rating system 'ffjd', not 'elo-fr'" in info.value.message("en")
    with pytest.raises(ImportFormatError, match="not a rating carry file"):
        read_carry(b'{"format": "other"}')
    with pytest.raises(ImportFormatError, match="line 1"):
        read_carry(b"{not json")
    with pytest.raises(ImportFormatError, match="entry of licence:X is malformed"):
        read_carry(b'{"format": "tournament-desk-rating-carry", "version": 1, '
                   b'"players": {"licence:X": {"elo_archive": 3}}}')


def test_nc_means_unrated_in_rating_lists_and_registration_lists() -> None:
    # Issue 24: "NC" (non classé) in a list is an unrated player: not an error, not a rating of zero
    from tournament_desk.formats.players_csv import read_players_csv
    from tournament_desk.formats.rating_list import read_rating_list

    listed = read_rating_list("licence;nom;cote\nS1;AUBERT;NC\nS2;BÉLANGER;n.c.\nS3;CÔTÉ;1600\n".encode())
    assert [(e.rating, e.unrated) for e in listed.entries] == [(None, True), (None, True), (1600, False)]
    players = read_players_csv("nom;licence;elo\nAubert;S1;NC\nBélanger;S2;N.C.\nCôté;S3;1600\n".encode(),
                               rating_system="fisf-pl")
    assert [(p.get("ratings"), p.get("unrated", False)) for p in players] == [
        (None, True), (None, True), ((("fisf-pl", 1600),), False)]
