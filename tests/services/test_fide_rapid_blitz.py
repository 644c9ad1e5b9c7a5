"""FIDE rapid and blitz rating changes beside the standard list (issue 33 item 6).

FIDE Handbook B.02, Rapid and Blitz Rating Regulations (2024), "B.02 RB": §1.1.1 rapid games (more than 10 and less
than 60 minutes a player for 60 moves), §1.1.2 blitz games (more than 3, at most 10); the rating change computed as
B.02 §8.3 (table 8.1.2, K of §8.3.3 — the rapid and blitz K follow the standard lines since 1 October 2022 — K × n
at most 700, rounding §8.3.4), the 400-point rule for every player (the 2650 exception of B.02 §8.3.1, 1 October
2025, is the standard list's). The expected values are worked out by hand from table 8.1.2 in the comments.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tournament_desk.core.model import Event, Game, Round, TimeControl
from tournament_desk.core.operations import AddPlayers, StoreRound
from tournament_desk.core.ratings import fide
from tournament_desk.core.results import Discipline, GameResult
from tournament_desk.services.printing import rating_settings
from tournament_desk.services.ratings import rating_preview
from tournament_desk.services.session import EventSession


def test_the_list_follows_the_rate_of_play_b02rb_1_1() -> None:
    """B.02 §1.1 (60 minutes at least), B.02 RB §1.1.1 (rapid: > 10, < 60), §1.1.2 (blitz: > 3, <= 10)."""
    assert fide.rating_list(60) is fide.RatingList.STANDARD
    assert fide.rating_list(59) is fide.rating_list(11) is fide.RatingList.RAPID
    assert fide.rating_list(10) is fide.rating_list(4) is fide.RatingList.BLITZ
    assert fide.rating_list(3) is None


def test_no_2650_exception_on_the_rapid_and_blitz_lists() -> None:
    """B.02 §8.3.1 (from 1 October 2025): from 2650 the real difference — on the standard list. Rapid and blitz:
    400 for every player. A 2700 player beats a 2200: D = 500 → PD .96 (standard) but 400 → PD .92 (rapid)."""
    on = dt.date(2026, 5, 1)
    assert fide.counted_difference(2700, 2200, on) == 500
    for listing in (fide.RatingList.RAPID, fide.RatingList.BLITZ):
        assert fide.counted_difference(2700, 2200, on, listing) == 400
        assert fide.rated_change(2700, [(2200, 1)], 10, on, listing).sum_delta == pytest.approx(0.08)
    assert fide.rated_change(2700, [(2200, 1)], 10, on).sum_delta == pytest.approx(0.04)


def _event(tmp_path: Path, tc: TimeControl) -> EventSession:
    """Four players, two rounds: A (2000) beats C (1900), draws with B (2100); B (2100) beats D (1400)."""
    session = EventSession.create(tmp_path / f"e{tc.base_minutes}.tdesk", Event.for_discipline(
        "Rapide de Lyon", Discipline.CHESS, rounds=2, time_control=tc, start_date=dt.date(2026, 5, 1)))
    a, b, c, d = session.run(AddPlayers([
        {"surname": "A", "ratings": (("fide", 2000),), "birth_date": dt.date(1980, 1, 1)},
        {"surname": "B", "ratings": (("fide", 2100),), "birth_date": dt.date(1980, 1, 1)},
        {"surname": "C", "ratings": (("fide", 1900),), "birth_date": dt.date(1980, 1, 1)},
        {"surname": "D", "ratings": (("fide", 1400),), "birth_date": dt.date(1980, 1, 1)}])).payload
    session.run(StoreRound(Round(1, (Game(1, 1, a, c, GameResult.WHITE_WIN), Game(1, 2, b, d, GameResult.WHITE_WIN)))))
    session.run(StoreRound(Round(2, (Game(2, 1, b, a, GameResult.DRAW), Game(2, 2, c, d, GameResult.DRAW)))))
    return session


@pytest.mark.parametrize(("tc", "word"), [(TimeControl(15, 10), "rapid"), (TimeControl(3, 2), "blitz")])
def test_rapid_and_blitz_events_get_their_rating_change(tmp_path: Path, tc: TimeControl, word: str) -> None:
    """A (2000, K 20: an adult under 2400, §8.3.3): vs C 1900 win, D = +100 → H .64, ΔR +.36; vs B 2100 draw,
    D = −100 → L .36, ΔR +.14; ΣΔR = .50, change +10 (§8.3.2, §8.3.4). B (2100) vs D (1400) win: D = 700 counts 400
    → H .92, ΔR +.08; vs A draw, D = +100 → .64, ΔR −.14; Σ = −.06, change −1.2 → −1."""
    with _event(tmp_path, tc) as session:
        rows = {r.name: r for r in rating_preview(session)}
        line = rating_settings(session.state(), "en")
    a, b = rows["A"], rows["B"]
    assert (a.games_counted, a.score, a.expected_score, a.k, a.evolution, a.new_rating) == (2, 1.5, 1.0, 20, 10, 2010)
    assert (b.games_counted, b.expected_score, b.evolution, b.new_rating) == (2, 1.56, -1, 2099)
    assert f"FIDE {word} list" in line and "B.02 rapid and blitz" in line
    # D (1400) and B (2100): 700 apart; B.02 RB's 600-point rule is not applied: the line says so
    assert "600" in rows["B"].note_text("en") and "600" in rows["D"].note_text("en")
    assert "600" not in rows["A"].note_text("en")


def test_the_same_games_at_a_standard_rate_of_play(tmp_path: Path) -> None:
    """90+30 (120 minutes for 60 moves): the standard list, the same changes (no player at 2650 or more)."""
    with _event(tmp_path, TimeControl(90, 30)) as session:
        rows = {r.name: r for r in rating_preview(session)}
        line = rating_settings(session.state(), "en")
    assert (rows["A"].evolution, rows["B"].evolution) == (10, -1)
    assert "FIDE standard list" in line and rows["B"].note_text("en") == ""


def test_a_45_minute_event_is_rated_on_the_rapid_list(tmp_path: Path) -> None:
    """At 45+0 (45 minutes: rapid) the games fail the standard minimum (§1.1), so on the standard list no game
    counts: the preview is the rapid list's, where all four count."""
    with _event(tmp_path, TimeControl(45, 0)) as session:
        rows = rating_preview(session)
    assert sum(r.games_counted for r in rows) == 8
