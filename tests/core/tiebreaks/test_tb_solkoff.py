"""The FFJD's Solkoff family (FFJD, « Règlement du Classement National » §3, « Termes utilisés et acronymes »):
Sk "somme des points des adversaires rencontrés", Sm "comme le Solkoff mais on enlève les points de l'adversaire
qui a marqué le plus de points et les points de l'adversaire qui a marqué le moins de points", St "comme le
Solkoff mais on enlève les points de l'adversaire qui a marqué le moins de points". Draughts scoring: 2 / 1 / 0
(§4)."""

from __future__ import annotations

import dataclasses

from tiebreak_helpers import bye, game, make_state, player

from tournament_desk.core.disciplines import discipline_profile
from tournament_desk.core.results import Discipline
from tournament_desk.core.scoring import DRAUGHTS
from tournament_desk.core.tiebreaks import Edition, build_standings, explain_tiebreak, get_tiebreak


def _draughts_swiss():
    """Six players, three rounds, a forfeit and byes. Final points (2/1/0): A 6, B 3, C 2, D 3 (a bye worth 2 in
    round 2), E 0 (a forfeit loss in round 3), F 6 (a bye in round 2, a forfeit win in round 3)."""
    players = [player(i, name) for i, name in enumerate("ABCDEF", start=1)]
    games = [
        game(1, 1, 2, "1-0"), game(1, 3, 4, "="), game(1, 5, 6, "0-1"),
        game(2, 1, 3, "1-0"), game(2, 2, 5, "1-0"),
        game(3, 1, 4, "1-0"), game(3, 2, 3, "="), game(3, 6, 5, "+-"),
    ]
    byes = [bye(2, 4, "pab"), bye(2, 6, "pab")]
    state = make_state(players, games, byes, scoring=DRAUGHTS)
    return dataclasses.replace(state, event=dataclasses.replace(state.event, discipline=Discipline.DRAUGHTS))


def test_solkoff_median_and_truncated_as_the_glossary_defines_them() -> None:
    state = _draughts_swiss()
    points = {p.id: state.score(p.id) for p in state.players}
    assert points == {1: 6, 2: 3, 3: 2, 4: 3, 5: 0, 6: 6}
    rows = {r.player_id: [t.value for t in r.tiebreaks] for r in build_standings(state, ["SK", "SK-M", "SK-T"])}
    # A met B (3), C (3), D (2): Sk 8; Sm drops the best (3) and the worst (2): 3; St drops the worst: 6
    assert rows[1] == [8, 3, 6]
    # B met A (6), E (0), C (2): Sk 8, Sm 2, St 8
    assert rows[2] == [8, 2, 8]
    # F met E (0) only; the forfeit of round 3 is no meeting and the bye has no opponent: Sk 0, Sm 0, St 0
    assert rows[6] == [0, 0, 0]
    # E met F (6) and B (3); its round-3 forfeit loss is no meeting either: Sk 9, Sm 0 (both cut), St 6
    assert rows[5] == [9, 0, 6]


def test_no_edition_changes_the_solkoff_family() -> None:
    """Nothing is adjusted (no virtual opponent, no adjusted score): the same in every rule edition."""
    state = _draughts_swiss()
    seen = {edition: [tuple(t.value for t in r.tiebreaks) for r in build_standings(state, ["SK", "SK-M", "SK-T"],
                                                                                   edition=edition)]
            for edition in Edition}
    assert len(set(map(tuple, seen.values()))) == 1
    assert all(not get_tiebreak(code).adjusted for code in ("SK", "SK-M", "SK-T"))


def test_explanation_lists_the_opponents_met_and_the_cut_ones() -> None:
    lines = explain_tiebreak(_draughts_swiss(), 1, "SK-M").lines
    # A met B (3), C (2), D (3): the lowest (C) and one highest (B, the first of the two 3s) are cut
    assert [(ln.opponent, ln.value, ln.counted) for ln in lines] == [(2, 3, False), (3, 2, False), (4, 3, True)]


def test_named_and_cited_as_the_ffjd_names_them() -> None:
    for code, fr in (("SK", "Solkoff"), ("SK-M", "Solkoff médian"), ("SK-T", "Solkoff tronqué")):
        d = get_tiebreak(code)
        assert d.label("fr") == fr
        assert d.source("fr") == "FFJD, Classement National §3"
        assert "C.07" not in d.source("en")
    profile = discipline_profile(Discipline.DRAUGHTS)
    assert profile.default_tiebreak_list == ("SK", "SK-M", "SK-T")
    assert [profile.tiebreak_head(c).text("fr") for c in ("SK", "SK-M", "SK-T")] == ["Sk", "Sm", "St"]
