"""The worked examples of seed 003 (tie-break annex), one test per example, each citing its section."""

from __future__ import annotations

from tiebreak_helpers import bye, crosstable_state, game, make_state, player

from tournament_desk.core.tiebreaks import Edition, TeamMatch, build_standings, build_team_standings
from tournament_desk.core.tiebreaks.context import make_context
from tournament_desk.core.tiebreaks.own_results import cumulative, kashdan, koya, wins
from tournament_desk.core.tiebreaks.performance import provisional_ratings

# ----------------------------------------------------------------------------- CUMULATIF


def _cumulative_event():
    """Seed 003 §4 "CUMULATIF", 4 exemples: Soumarinov, Attakinski, Solidov, Classikov (6 rounds)."""
    sou, att, sol, cla = 1, 2, 3, 4
    players = [player(sou, "Soumarinov"), player(att, "Attakinski"), player(sol, "Solidov"),
               player(cla, "Classikov")]
    filler = iter(range(100, 200))
    games = []
    plan = {
        sou: [None, "0-1", "0-1", "1-0", "1-0", "1-0"],  # Absent, Perte, Perte, Gain, Gain, Gain
        att: ["1-0", "1-0", "1-0", "0-1", "0-1", "0-1"],
        sol: ["="] * 6,
        cla: ["+-", "0-1", "1-0", "=", "0-1", "="],  # Gain Forfait, Perte, Gain, Nulle, Perte, Nulle
    }
    for pid, results in plan.items():
        for rnd, res in enumerate(results, start=1):
            if res is not None:
                f = next(filler)
                players.append(player(f))
                games.append(game(rnd, pid, f, res))
    return make_state(players, games)


def test_cumulative_worked_example_seed003_s4():
    # seed 003 §4 CUMULATIF: 6, 15, 10.5, 12 (the forfeit counts as a normal win, no adjustment)
    state = _cumulative_event()
    for edition in Edition:
        cum = cumulative(make_context(state, edition))
        assert (cum[1], cum[2], cum[3], cum[4]) == (6, 15, 10.5, 12)


def test_cumulative_cut_drops_first_rounds_seed003_s2_1_1_1():
    # seed 003 §2.1.1.1: "amputé du score d'une ou plusieurs rondes, en commençant par la 1ère ronde"
    cum1 = cumulative(make_context(_cumulative_event(), Edition.FFE_ANNEX), cut=1)
    assert (cum1[1], cum1[2], cum1[3], cum1[4]) == (6, 14, 10, 11)
    rows = {r.player_id: r for r in build_standings(_cumulative_event(), ["CUM", "CUM-C1"])}
    assert rows[2].value("CUM") == 15 and rows[2].value("CUM-C1") == 14


def test_cumulative_standings_order_seed003_s4():
    # all four on 3 points: the cumulative ranks Attakinski, Classikov, Solidov, Soumarinov
    rows = build_standings(_cumulative_event(), ["CUM"])
    top = [r.player_id for r in rows if r.player_id < 100]
    assert top == [2, 4, 3, 1]


# ----------------------------------------------------------------------------- SCORE AJUSTE


def _adjusted_event():
    """Seed 003 §4 "SCORE Ajusté", 4 exemples over 6 rounds: Paul, Loïc, Tony, Ludo."""
    paul, loic, tony, ludo = 1, 2, 3, 4
    players = [player(paul, "Paul"), player(loic, "Loic"), player(tony, "Tony"),
               player(ludo, "Ludo", withdrawn_from_round=3)]  # Ludo: absent from round 3 on
    filler = iter(range(100, 200))
    games, byes = [], []
    plan = {
        paul: ["1-0", "=", "=", "1-0", "0-1", "1-0"],
        loic: [None, "1-0", "1-0", "0-1", "0-1", "-+"],  # Absent, ..., Perte Forfait
        tony: ["0-1", "0-1", "EXEMPT", "0-1", "0-1", "+-"],  # ..., Exempt, ..., Gain Forfait
        ludo: ["=", "0-1", None, None, None, None],
    }
    for pid, results in plan.items():
        for rnd, res in enumerate(results, start=1):
            if res == "EXEMPT":
                byes.append(bye(rnd, pid, "pab"))
            elif res is not None:
                f = next(filler)
                players.append(player(f))
                games.append(game(rnd, pid, f, res))
    return make_state(players, games, byes)


def test_adjusted_score_worked_example_seed003_s4():
    # seed 003 §4 SCORE Ajusté: Paul 4, Loïc 3, Tony 1, Ludo 2.5 (scores 4, 2, 2, 0.5)
    ctx = make_context(_adjusted_event(), Edition.FFE_ANNEX)
    assert [ctx.score[p] for p in (1, 2, 3, 4)] == [4, 2, 2, 0.5]
    assert [ctx.adjusted(p) for p in (1, 2, 3, 4)] == [4, 3, 1, 2.5]


def test_adjusted_score_fide_2023_face_value_except_withdrawal():
    # C.07 2023 Art. 16.3 (REFERENCE §3.4): face value, trailing requested byes (Ludo's withdrawal) as draws
    ctx = make_context(_adjusted_event(), Edition.FIDE_2023)
    assert [ctx.adjusted(p) for p in (1, 2, 3, 4)] == [4, 2, 2, 2.5]


# ----------------------------------------------------------------------------- KOYA + DE

KOYA_NAMES = ["Albert", "Bernard", "Claude", "Denis", "Eric", "Franck", "Guy", "Herbert", "Isidore", "Jack"]
H = 0.5
KOYA_TABLE = [  # seed 003 §4 KOYA, the tournament table (row = points of the player against the column)
    [None, H, H, H, H, 1, H, 1, 1, 1],
    [H, None, H, H, 0, 1, H, H, H, 1],
    [H, H, None, H, 0, 1, H, 1, H, H],
    [H, H, H, None, 1, 0, H, 1, H, H],
    [H, 1, 1, 0, None, H, H, 0, 1, 0],
    [0, 0, 0, 1, H, None, H, 1, 1, 1],
    [H, H, H, H, H, H, None, H, 1, H],
    [0, H, 0, 0, 1, 0, H, None, 0, 1],
    [0, H, H, H, 0, 0, 0, 1, None, 1],
    [0, 0, H, H, 1, 0, H, 0, 0, None],
]
A, B, C, D, E, F, G, HE, IS, J = range(1, 11)


def test_koya_table_totals_seed003_s4():
    ctx = make_context(crosstable_state(KOYA_NAMES, KOYA_TABLE), Edition.FFE_ANNEX)
    assert [ctx.score[p] for p in range(1, 11)] == [6.5, 5, 5, 5, 4.5, 5, 5, 3, 3.5, 2.5]
    k = koya(ctx)  # seed 003 §4: "Koya 4,5" column of the recap
    assert (k[C], k[B], k[D], k[F]) == (3, 3, 3, 2)


def test_koya_worked_example_final_order_seed003_s4():
    # seed 003 §4 KOYA: DE first, then Koya, then extended Koya -> Claude, Bernard, Guy, Denis, Franck
    rows = build_standings(crosstable_state(KOYA_NAMES, KOYA_TABLE), ["DE", "KOYA", "KOYA-EXT"])
    assert [r.player_id for r in rows] == [A, C, B, G, D, F, E, IS, HE, J]
    assert [r.rank for r in rows] == list(range(1, 11))
    by_id = {r.player_id: r for r in rows}
    # recap table: C.D. 2.5, 2.5, 2, 1.5, 1.5
    assert [by_id[p].value("DE") for p in (C, B, G, D, F)] == [2.5, 2.5, 2, 1.5, 1.5]
    assert [by_id[p].value("KOYA") for p in (C, B, D, F)] == [3, 3, 3, 2]
    # "Avec un Koya étendu de 4,5 Claude passe devant Bernard qui n'a que 4 pts de Koya"
    assert (by_id[C].value("KOYA-EXT"), by_id[B].value("KOYA-EXT")) == (4.5, 4)
    # Albert, Eric, Herbert, Isidore, Jack are alone on their points: no tie-break needed
    assert by_id[A].value("DE") is None and by_id[E].value("KOYA-EXT") is None


def test_koya_extended_alone_gives_same_order_seed003_s2_1_3_1():
    rows = build_standings(crosstable_state(KOYA_NAMES, KOYA_TABLE), ["DE", "KOYA-EXT"])
    assert [r.player_id for r in rows][:6] == [A, C, B, G, D, F]


def test_direct_encounter_fide_reapplied_to_subgroups_changes_the_example():
    # C.07 2023 Art. 6.2 re-applies DE to the tied sub-group {Denis, Franck}: Franck beat Denis.
    # The seed's example does not re-apply it (docs/tiebreaks.md, "Ambiguities").
    state = crosstable_state(KOYA_NAMES, KOYA_TABLE)
    rows = build_standings(state, ["DE", "KOYA", "KOYA-EXT"], edition=Edition.FIDE_2023)
    assert [r.player_id for r in rows][:6] == [A, C, B, G, F, D]


# ----------------------------------------------------------------------------- SONNEBORN-BERGER

SB_TABLE = [  # seed 003 §4 SONNEBORN-BERGER
    [None, 0, 1, 0],
    [1, None, H, H],
    [0, H, None, H],
    [1, H, H, None],
]


def test_sonneborn_berger_worked_example_seed003_s4():
    # A 1, B 2.5, C 2, D 2.5; "A et C ont été départagés par le S.B. mais pas B et D"
    rows = build_standings(crosstable_state(list("ABCD"), SB_TABLE), ["SB"])
    by_id = {r.player_id: r for r in rows}
    assert [by_id[p].value("SB") for p in (1, 2, 3, 4)] == [1, 2.5, 2, 2.5]
    assert [(r.player_id, r.rank, r.shared) for r in rows] == [(2, 1, True), (4, 1, True), (3, 3, False),
                                                               (1, 4, False)]


# ----------------------------------------------------------------------------- KASHDAN


def test_kashdan_worked_example_seed003_s4():
    # 9 rounds, two players on 5 points: Albert (+1 =8 -0) K = 20, Bernard (+5 =0 -4) K = 24
    albert, bernard = 1, 2
    players = [player(albert, "Albert"), player(bernard, "Bernard")]
    filler = iter(range(100, 200))
    games = []
    for pid, results in ((albert, ["1-0"] + ["="] * 8), (bernard, ["1-0"] * 5 + ["0-1"] * 4)):
        for rnd, res in enumerate(results, start=1):
            f = next(filler)
            players.append(player(f))
            games.append(game(rnd, pid, f, res))
    state = make_state(players, games)
    ctx = make_context(state, Edition.FFE_ANNEX)
    assert (ctx.score[albert], ctx.score[bernard]) == (5, 5)
    assert (kashdan(ctx)[albert], kashdan(ctx)[bernard]) == (20, 24)
    # "Le Kashdan donne le même résultat que le nombre de Parties Gagnées"
    assert (wins(ctx)[albert], wins(ctx)[bernard]) == (1, 5)
    rows = [r.player_id for r in build_standings(state, ["KASHDAN"]) if r.player_id < 100]
    assert rows == [bernard, albert]


# ----------------------------------------------------------------------------- BERLIN

BERLIN_BOARDS = ((1, 0), (0, 1), (0, 1), (0, 1), (1, 0), (0, 1), (0.5, 0.5), (1, 0), (1, 0))


def test_berlin_worked_example_seed003_s4():
    # 9 boards, 4.5 - 4.5: Berlin A 18.5, B 26.5 ("Les victoires sur les Échiquiers du haut ...")
    match = TeamMatch(1, "A", "B", BERLIN_BOARDS)
    assert (match.game_points("A"), match.game_points("B")) == (4.5, 4.5)
    assert (match.berlin("A"), match.berlin("B")) == (18.5, 26.5)
    # seed 003 §2.1.2: exactly half the boards is a drawn match, 1 match point each
    assert (match.match_points("A"), match.match_points("B")) == (1, 1)
    rows = build_team_standings([match], ["BERLIN"])
    assert [(r.team, r.rank, r.tiebreaks) for r in rows] == [("B", 1, (("BERLIN", 26.5),)),
                                                             ("A", 2, (("BERLIN", 18.5),))]


# ----------------------------------------------------------------------------- PERFORMANCE


def test_performance_worked_example_seed003_s4():
    # player rated 1850, 9 rounds, 6 played: M = 1780 (1490 brought to 1500), 4.5/6 -> Q = 193, P = 1973
    opp = [1490, 1700, 1800, 2000, 2000, 1800, 1900, 1880, 1770]
    res = ["1-0", "1-0", "1-0", "1-0", "+-", "=", "-+", "0-1", "+-"]
    players = [player(1, "Joueur", 1850)]
    games = []
    for rnd, (rating, r) in enumerate(zip(opp, res, strict=True), start=1):
        players.append(player(100 + rnd, rating=rating))
        games.append(game(rnd, 1, 100 + rnd, r))
    state = make_state(players, games)
    row = next(r for r in build_standings(state, ["PERF"]) if r.player_id == 1)
    assert row.value("PERF") == 1973


def test_provisional_rating_group_average_seed003_s4():
    # "Six joueurs au même niveau ... Les deux non classés sont ré-estimés à la moyenne du groupe" = 1980
    ratings = [2200, 1999, 1860, 1950, 1910, 1499]
    unrated = {2, 6}  # 1999 and 1499: their estimates are ignored (the average 1980 leaves them out)
    players = [player(i, rating=r, unrated=i in unrated) for i, r in enumerate(ratings, start=1)]
    games = [game(1, 1, 2, "="), game(1, 3, 4, "="), game(1, 5, 6, "=")]
    cp = provisional_ratings(make_context(make_state(players, games), Edition.FFE_ANNEX))
    assert (cp[2], cp[6]) == (1980, 1980)
    assert cp[1] == 2200


def test_provisional_rating_interpolation_for_a_group_of_unrated_seed003_s4():
    # Open in 7 rounds: 4.5 pts (5 rated, average 1890, 1 unrated); 4 pts (3 unrated only);
    # 3.5 pts (1 rated 1750, 3 unrated). 4 pts -> 1890 - 53/110 x 140 = 1750 + 57/110 x 140 = 1823.
    level_45 = [1800, 1850, 1890, 1930, 1980]
    players = [player(i, rating=r) for i, r in enumerate(level_45, start=1)]
    players += [player(6, unrated=True)]  # on 4.5
    players += [player(i, unrated=True) for i in (7, 8, 9)]  # on 4
    players += [player(10, rating=1750)] + [player(i, unrated=True) for i in (11, 12, 13)]  # on 3.5
    state = make_state(players, rounds=7)
    ctx = make_context(state, Edition.FFE_ANNEX)
    scores = {**dict.fromkeys(range(1, 7), 4.5), **dict.fromkeys((7, 8, 9), 4.0),
              **dict.fromkeys((10, 11, 12, 13), 3.5)}
    ctx.score.update(scores)  # the scores of the example; the Cp rule reads nothing else
    cp = provisional_ratings(ctx)
    assert cp[6] == 1890
    assert (cp[7], cp[8], cp[9]) == (1823, 1823, 1823)
    assert cp[11] == 1750


def test_performance_explanation_lists_the_games_counted_seed003_s4():
    # "On oublie les rondes 5, 7 et 9"; round 1 counted at 1500 = 1850 - 350
    from tournament_desk.core.tiebreaks import explain_tiebreak

    opp = [1490, 1700, 1800, 2000, 2000, 1800, 1900, 1880, 1770]
    res = ["1-0", "1-0", "1-0", "1-0", "+-", "=", "-+", "0-1", "+-"]
    players = [player(1, "Joueur", 1850)] + [player(100 + r, rating=x) for r, x in enumerate(opp, start=1)]
    games = [game(r, 1, 100 + r, x) for r, x in enumerate(res, start=1)]
    expl = explain_tiebreak(make_state(players, games), 1, "PERF")
    assert expl.value == 1973
    assert [(line.round, line.value) for line in expl.lines] == [
        (1, 1500), (2, 1700), (3, 1800), (4, 2000), (6, 1800), (8, 1880)]
    assert "ajusté" in expl.edition or "adjusted" in expl.edition
