"""Standings use-cases (issue 6) on events built through EventSession: after each round, presets per discipline,
the stored tie-break list and edition, JSON/CSV, explanations, bilingual refusals."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_desk.core.errors import NotFoundError, ValidationError
from tournament_desk.core.model import Bye, Event, EventState, Game, PairingSystem, Player, Round
from tournament_desk.core.operations import AddPlayer, RecordResult, StoreRound
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.core.tiebreaks import PRESETS, Edition, build_standings, get_tiebreak
from tournament_desk.services.session import EventSession
from tournament_desk.services.standings import (
    effective_tiebreaks,
    explain,
    format_number,
    list_tiebreaks,
    set_tiebreaks,
    standings,
)

NAMES = ("Alpha", "Bravo", "Charlie", "Delta", "Echo")


def _swiss(path: Path, *, ratings: tuple[int | None, ...] = (2100, 2000, 1900, 1800, 1700),
           system: PairingSystem = PairingSystem.DUTCH, discipline: Discipline = Discipline.CHESS,
           tiebreaks: tuple[str, ...] = ()) -> EventSession:
    """Five players, three rounds, one pairing-allocated bye per round (ids 1..5 = Alpha..Echo):

    R1 Alpha-Bravo 1-0, Charlie-Delta ½-½, Echo bye; R2 Echo-Alpha 0-1, Bravo-Charlie 1-0, Delta bye;
    R3 Alpha-Charlie 1-0, Delta-Echo 0-1, Bravo bye. Final scores 3, 2, ½, 1½, 2.
    """
    event = Event.for_discipline("Open", discipline, system=system, rounds=3, tiebreaks=tiebreaks)
    session = EventSession.create(path, event)
    system_name = session.event.rating_system.value
    for name, rating in zip(NAMES, ratings, strict=True):
        if rating is None:
            session.run(AddPlayer(surname=name, unrated=True))
        else:
            session.run(AddPlayer(surname=name, ratings=((system_name, rating),)))
    return session


def _play(session: EventSession, rounds: int = 3) -> None:
    schedule = [
        ((1, 2, "1-0"), (3, 4, "1/2")), 5,
        ((5, 1, "0-1"), (2, 3, "1-0")), 4,
        ((1, 3, "1-0"), (4, 5, "0-1")), 2,
    ]
    for n in range(1, rounds + 1):
        boards, bye = schedule[2 * n - 2], schedule[2 * n - 1]
        assert isinstance(boards, tuple) and isinstance(bye, int)
        games = tuple(Game(n, b + 1, w, k) for b, (w, k, _) in enumerate(boards))
        session.run(StoreRound(Round(n, games, (Bye(n, bye, Outcome.PAIRING_BYE),))))
        for b, (_, _, result) in enumerate(boards):
            session.run(RecordResult(n, b + 1, result))


@pytest.fixture
def swiss(tmp_path: Path):
    session = _swiss(tmp_path / "open.tdesk")
    _play(session)
    yield session
    session.close()


def test_standings_after_each_round(swiss: EventSession) -> None:
    state = swiss.state()
    for after in range(0, 4):
        table = standings(swiss, after_round=after, tiebreaks=["BH", "SB"])
        assert table.after_round == after
        assert sorted(ln.player_id for ln in table.lines) == [1, 2, 3, 4, 5]  # a permutation
        assert [ln.points for ln in table.lines] == sorted((ln.points for ln in table.lines), reverse=True)
        for ln in table.lines:
            assert ln.points == state.score(ln.player_id, after)
        # same order, places and values as the core
        core = build_standings(state, ["BH", "SB"], edition=Edition.FFE_ANNEX, up_to_round=after)
        assert [(r.rank, r.player_id, tuple(v.value for v in r.tiebreaks)) for r in core] == \
               [(ln.place, ln.player_id, ln.values) for ln in table.lines]
    final = standings(swiss, tiebreaks=["BH", "SB"])
    assert final.after_round == 3 and final.lines[0].name == "ALPHA" and final.lines[0].points == 3
    assert final.lines[-1].name == "CHARLIE"


def test_shared_places_before_round_one_and_when_everything_is_equal(swiss: EventSession) -> None:
    table = standings(swiss, after_round=0, tiebreaks=["BH"])
    assert {ln.place for ln in table.lines} == {1}
    assert all(ln.shared and ln.place_text == "1-5" for ln in table.lines)
    text = table.to_text()
    assert text.count("1-5") == 1  # the shared place is printed once, on the first line of the group
    after_two = standings(swiss, after_round=2, tiebreaks=["CUM"])
    places = {ln.name: ln.place_text for ln in after_two.lines}
    # Alpha 2; Delta 1.5; Bravo and Echo 1 with cumulative 1 (0+1) and 2 (1+1); Charlie 0.5
    assert places == {"ALPHA": "1", "DELTA": "2", "ECHO": "3", "BRAVO": "4", "CHARLIE": "5"}


def test_unplayed_rounds_follow_the_chosen_edition(swiss: EventSession) -> None:
    """Seed 003 §1 and glossary: an unplayed round counts as a draw in the opponents' adjusted scores (Bravo
    1.5, Echo 1.5, Charlie 0.5 -> Alpha's Buchholz 3.5); FIDE 2023 counts the bye at face value (2 + 2 + 0.5)."""
    seed = standings(swiss, tiebreaks=["BH"])
    fide = standings(swiss, tiebreaks=["BH"], edition="fide2023")
    assert seed.edition is Edition.FFE_ANNEX and fide.edition is Edition.FIDE_2023
    assert seed.lines[0].values == (3.5,) and fide.lines[0].values == (4.5,)
    assert seed.columns[0].edition("fr") == Edition.FFE_ANNEX.label("fr")
    assert "dummy opponent (FIDE C.07 (2023) Art. 16)" in fide.edition_note("en")
    with pytest.raises(ValidationError) as exc:
        standings(swiss, edition="fide2099")
    assert "fide2099" in exc.value.message("en") and "Édition de départage inconnue" in exc.value.message("fr")


def test_after_round_must_be_paired(swiss: EventSession) -> None:
    for bad in (4, -1):
        with pytest.raises(ValidationError) as exc:
            standings(swiss, after_round=bad)
        assert f"after round {bad}" in exc.value.message("en")
        assert f"après la ronde {bad}" in exc.value.message("fr")


def test_default_presets_per_discipline_and_system(tmp_path: Path) -> None:
    """Seed 003 §3 menus, seed 004's order for score groups, seed 002 §7 for Scrabble; the event's list wins."""
    cases: list[tuple[str, dict[str, object], tuple[str, ...], str]] = [
        ("rated", {}, PRESETS["swiss-rated"], "preset"),
        ("some-unrated", {"ratings": (2100, 2000, 1900, None, None)}, PRESETS["swiss-ratings-inconsistent"],
         "preset"),
        ("mostly-unrated", {"ratings": (2100, 2000, None, None, None)}, PRESETS["swiss-mostly-unrated"], "preset"),
        ("rr", {"system": PairingSystem.ROUND_ROBIN}, PRESETS["round-robin"], "preset"),
        ("draughts-rr", {"system": PairingSystem.ROUND_ROBIN, "discipline": Discipline.DRAUGHTS},
         PRESETS["round-robin"], "preset"),
        ("platform", {"system": PairingSystem.SCORE_GROUP}, ("BH-NB", "ARO-WD", "DE"), "preset"),
        ("scrabble", {"discipline": Discipline.SCRABBLE}, ("SPREAD",), "scrabble"),
        ("own", {"tiebreaks": ("bh-c1", "sb")}, ("BH-C1", "SB"), "event"),
    ]
    for name, kwargs, codes, source in cases:
        with _swiss(tmp_path / f"{name}.tdesk", **kwargs) as session:  # type: ignore[arg-type]
            choice = effective_tiebreaks(session.state())
            assert (choice.codes, choice.source) == (codes, source), name
            assert choice.edition is Edition.FFE_ANNEX
            assert choice.reason("fr") != choice.reason("en")
            table = standings(session)
            assert table.codes == codes and len(table.lines) == 5


def test_set_tiebreaks_stores_codes_and_edition(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    with _swiss(path) as session:
        change = set_tiebreaks(session, ["de", "bh", "sb", "win"], "fide2026")
        setting = change.payload
        assert setting.codes == ("DE", "BH", "SB", "WIN") and setting.edition is Edition.FIDE_2026
        assert [w.code for w in setting.warnings] == ["mixed-categories"]  # DE and WIN are own results (§2.1)
        assert session.event.tiebreaks == ("DE", "BH", "SB", "WIN")
        assert session.event.tiebreak_edition == "fide2026"
        assert "Départages" in change.label("fr")
        # edition=None keeps the stored edition; an empty list goes back to the preset, edition kept
        set_tiebreaks(session, ["SB"])
        assert session.event.tiebreaks == ("SB",) and session.event.tiebreak_edition == Edition.FIDE_2026.value
        set_tiebreaks(session, [])
        choice = effective_tiebreaks(session.state())
        assert choice.source == "preset" and choice.edition is Edition.FIDE_2026
        session.undo()
        assert effective_tiebreaks(session.state()).codes == ("SB",)
    with EventSession.open(path, readonly=True) as again:  # stored in the file
        table = standings(again)
        assert table.codes == ("SB",) and table.edition is Edition.FIDE_2026 and table.choice.source == "event"


def test_set_tiebreaks_warns_about_koya_in_a_swiss(tmp_path: Path) -> None:
    with _swiss(tmp_path / "k.tdesk") as session:
        warnings = set_tiebreaks(session, ["KOYA"]).payload.warnings
        assert [w.code for w in warnings] == ["koya-swiss"]
        assert warnings[0].message("fr") == "Le Koya est réservé aux toutes rondes"


def test_unknown_and_team_codes_are_refused_in_both_languages(tmp_path: Path) -> None:
    with _swiss(tmp_path / "u.tdesk") as session:
        before = session.event.tiebreaks
        with pytest.raises(ValidationError) as exc:
            set_tiebreaks(session, ["BH", "XYZ"])
        assert "Unknown tie-break 'XYZ'" in exc.value.message("en")
        assert "Départage inconnu « XYZ »" in exc.value.message("fr")
        with pytest.raises(ValidationError) as exc:
            set_tiebreaks(session, ["MP"])
        assert "team tie-break" in exc.value.message("en") and "par équipes" in exc.value.message("fr")
        with pytest.raises(ValidationError):
            set_tiebreaks(session, ["BH"], "seed004")
        with pytest.raises(ValidationError):
            set_tiebreaks(session, ["@fide2023"])  # the marker is not a code
        assert session.event.tiebreaks == before  # nothing stored
        with pytest.raises(ValidationError, match="Unknown tie-break 'QQ'"):
            standings(session, tiebreaks=["QQ"])


def test_json_and_csv_outputs(swiss: EventSession) -> None:
    table = standings(swiss, tiebreaks=["BH", "SB"], edition="seed003")  # the edition's name before schema 5
    data = json.loads(json.dumps(table.to_dict(), ensure_ascii=False))
    assert data["after_round"] == 3 and data["edition"]["code"] == "ffe-annex"
    assert [c["code"] for c in data["columns"]] == ["BH", "SB"]
    assert data["columns"][0]["fr"] == "Buchholz" and data["columns"][1]["en"] == "Sonneborn-Berger"
    first = data["rows"][0]
    assert first["name"] == "ALPHA" and first["tiebreaks"] == {"BH": 3.5, "SB": 3.5} and first["place"] == 1
    en = list(csv.reader(io.StringIO(table.to_csv("en"))))
    assert en[0][:7] == ["Place", "Id", "Name", "Club", "Federation", "Rating", "Points"]
    assert en[0][7] == "BH (Buchholz)" and len(en) == 6
    fr = list(csv.reader(io.StringIO(table.to_csv("fr")), delimiter=";"))
    assert fr[0][2] == "Nom"
    delta = next(r for r in fr[1:] if r[2] == "DELTA")
    assert delta[6] == "1,5"  # decimal comma in French


def test_explain_buchholz_lists_opponents_and_cut(swiss: EventSession) -> None:
    detail = explain(swiss, 1, "bh-c1")
    assert detail.code == "BH-C1" and detail.value == 3.0  # 1.5 + 1.5 + 0.5, the lowest (Charlie) cut
    assert [(ln.round, ln.opponent, ln.value, ln.counted) for ln in detail.lines] == [
        (1, "BRAVO", 1.5, True), (2, "ECHO", 1.5, True), (3, "CHARLIE", 0.5, False)]
    assert "cut" in detail.to_text("en") and "retiré" in detail.to_text("fr")
    assert json.loads(json.dumps(detail.to_dict()))["lines"][2]["counted"] is False


def test_explain_bye_rounds_and_group_tiebreaks(swiss: EventSession) -> None:
    """Seed 003 glossary: an exempt player gets the tournament average of adjusted scores for the round
    ((3 + 1.5 + 0.5 + 1 + 1.5) / 5 = 1.5 for Delta's bye in round 2)."""
    detail = explain(swiss, 4, "BH")
    bye_line = next(ln for ln in detail.lines if ln.round == 2)
    assert bye_line.opponent_id is None and bye_line.value == 1.5
    assert "tournament average" in bye_line.note("en") and "moyenne du tournoi" in bye_line.note("fr")
    assert detail.value == sum(ln.value for ln in detail.lines if ln.counted)
    fide = explain(swiss, 4, "SB", edition="fide2023")
    assert fide.edition is Edition.FIDE_2023 and "adversaire fictif" in fide.to_text("fr")
    de = explain(swiss, 2, "DE")
    assert de.group_based and de.value is None and "tied" in de.to_text("en")
    with pytest.raises(NotFoundError) as exc:
        explain(swiss, 99, "BH")
    assert "99" in exc.value.message("fr")
    with pytest.raises(ValidationError):
        explain(swiss, 1, "NOPE")


def test_group_tiebreak_value_comes_from_the_standings(tmp_path: Path) -> None:
    """Direct encounter is computed on the tied group (seed 003 §2.1.4): after round 1 Charlie and Delta
    (½ each) drew their game, so each has ½ among the tied; Alpha and Echo (1 each) never met: no value."""
    with _swiss(tmp_path / "de.tdesk", tiebreaks=("DE", "BH")) as session:
        _play(session)
        rows = {ln.name: ln for ln in standings(session, after_round=1).lines}
        assert rows["CHARLIE"].values[0] == rows["DELTA"].values[0] == 0.5
        assert rows["ALPHA"].values[0] is None and rows["ECHO"].values[0] is None
        assert explain(session, 3, "DE", after_round=1).value == 0.5
        assert explain(session, 1, "DE", after_round=1).value is None


def test_scrabble_spread_capped_at_100(tmp_path: Path) -> None:
    """Seed 002 §7: the points difference counts at most 100 per game."""
    with _swiss(tmp_path / "s.tdesk", discipline=Discipline.SCRABBLE) as session:
        session.run(StoreRound(Round(1, (Game(1, 1, 1, 2), Game(1, 2, 3, 4)), (Bye(1, 5, Outcome.PAIRING_BYE),))))
        session.run(RecordResult(1, 1, GameResult.WHITE_WIN, white_points=520, black_points=300))
        session.run(RecordResult(1, 2, GameResult.BLACK_WIN, white_points=380, black_points=410))
        table = standings(session)
        spread = {ln.name: ln.values[0] for ln in table.lines}
        assert spread == {"ALPHA": 100, "BRAVO": -100, "CHARLIE": -30, "DELTA": 30, "ECHO": 0}
        assert [ln.name for ln in table.lines][:2] == ["ALPHA", "DELTA"]
        assert table.lines[-1].name == "BRAVO"


def test_format_number_and_code_list() -> None:
    assert [format_number(v) for v in (23.5, 4.0, 79.25, 1823.3333, None, -0.0)] == \
           ["23.5", "4", "79.25", "1823.33", "", "0"]
    assert format_number(1.5, "fr") == "1,5"
    codes = {d.code for d in list_tiebreaks()}
    assert {"BH", "SB", "DE", "KOYA", "PERF", "ARO-WD", "BH-NB", "SPREAD", "BH-C1", "BH-M1"} <= codes
    assert "MP" not in codes  # team codes need team results


def _per_player(codes: tuple[str, ...], values: tuple[float | None, ...]) -> tuple[float | None, ...]:
    return tuple(v for c, v in zip(codes, values, strict=True) if get_tiebreak(c).compute is not None)


_RESULTS = (GameResult.WHITE_WIN, GameResult.BLACK_WIN, GameResult.DRAW, GameResult.WHITE_FORFEIT_WIN_UNEXCUSED)


@settings(max_examples=40, deadline=None)
@given(results=st.lists(st.sampled_from(_RESULTS), min_size=6, max_size=6),
       codes=st.sampled_from([("BH", "SB"), ("DE", "BH-C1", "WIN"), ("CUM", "KASHDAN"), ("ARO", "PERF"), ()]),
       edition=st.sampled_from(list(Edition)), after=st.integers(0, 3))
def test_rows_are_a_permutation_and_places_shared_only_when_all_equal(
        results: list[GameResult], codes: tuple[str, ...], edition: Edition, after: int) -> None:
    """Issue 6 properties on the service rows: every player once, places follow the order, a shared place has
    equal points and equal per-player values, and ``place_text`` names the whole range. (Direct encounter is
    left out of the equality: its shown value is the points among the group even where C.07 6.3 does not let
    it separate players who did not all meet.)"""
    schedule = (((1, 2), (3, 4), 5), ((5, 1), (2, 3), 4), ((1, 3), (4, 5), 2))
    rounds = []
    for n, (a, b, bye) in enumerate(schedule, start=1):
        games = tuple(Game(n, i + 1, w, k, results[2 * (n - 1) + i]) for i, (w, k) in enumerate((a, b)))
        rounds.append(Round(n, games, (Bye(n, bye, Outcome.PAIRING_BYE),)))
    players = tuple(Player(id=i + 1, surname=name, ratings=(("fide", 2100 - 100 * i),), pairing_number=i + 1)
                    for i, name in enumerate(NAMES))
    state = EventState(Event("Open", rounds=3, tiebreaks=codes), players, tuple(rounds))
    table = standings(state, after_round=after, edition=edition)
    lines = table.lines
    assert sorted(ln.player_id for ln in lines) == [1, 2, 3, 4, 5]
    assert [ln.place for ln in lines] == sorted(ln.place for ln in lines)
    for i, ln in enumerate(lines):
        same = [o for o in lines if o.place == ln.place]
        assert ln.shared == (len(same) > 1)
        assert all((o.points, _per_player(table.codes, o.values)) == (ln.points, _per_player(table.codes, ln.values))
                   for o in same)
        assert ln.place_text == (f"{ln.place}-{ln.place + len(same) - 1}" if len(same) > 1 else str(ln.place))
        if i and lines[i - 1].place != ln.place:
            assert ln.place == i + 1


def test_a_round_in_progress_is_shown_as_such_and_never_counted(tmp_path: Path) -> None:
    """docs/rules.md §5: standings count the rounds up to the last one with all its results in. Round 3 paired,
    then half played, changes nothing (not the cumulative score, not a Buchholz, not an average over the rounds)
    until its last result is in; it is named as in progress meanwhile."""
    codes = ("CUM", "BH", "SB", "KOYA", "ARO", "PERF")
    session = _swiss(tmp_path / "open.tdesk", tiebreaks=codes)
    _play(session, rounds=2)
    before = standings(session)
    explained = explain(session, 1, "CUM").to_text("en")
    assert before.after_round == 2 and before.in_progress == () and not before.progress_notes("en")
    session.run(StoreRound(Round(3, (Game(3, 1, 1, 3), Game(3, 2, 4, 5)), (Bye(3, 2, Outcome.PAIRING_BYE),))))
    for results in ((), ((1, "1-0"),)):  # paired, then one result of two in
        for board, result in results:
            session.run(RecordResult(3, board, result))
        pending = standings(session)
        assert pending.after_round == 2 and pending.in_progress == (3,)
        assert pending.lines == before.lines  # points, places and every tie-break as after round 2
        assert standings(session, after_round=3).lines == before.lines  # asked after round 3: the same
        assert standings(session, after_round=2).in_progress == ()  # round 2 asked: nothing else named
        assert explain(session, 1, "CUM").to_text("en") == explained
        assert "Round 3 in progress: not counted" in pending.to_text("en")
        assert "Ronde 3 en cours : non comptée" in pending.to_text("fr")
        data = pending.to_dict()
        assert data["after_round"] == 2 and data["in_progress"] == [3] and data["asked_round"] is None
        assert {"event", "after_round", "rounds", "edition", "tiebreaks", "columns", "rows", "warnings"} <= set(data)
    session.run(RecordResult(3, 2, "0-1"))
    done = standings(session)
    assert done.after_round == 3 and done.in_progress == () and done.lines != before.lines
    session.close()


def test_the_crosstable_names_opponents_by_start_number_never_by_place(swiss: EventSession) -> None:
    """Tied players share a place: a cell naming the opponent by place would read the same for different
    opponents. The wallchart's cells and the grid's columns use start numbers."""
    from tournament_desk.services.standings import crosstable

    table = crosstable(swiss, "fr", after_round=0)
    assert {row.place_text for row in table.rows} == {"1-5"}  # everybody shares the place before round 1
    table = crosstable(swiss, "fr")
    numbers = {row.player_id: row.number for row in table.rows}
    assert table.headings() == ("Pl.", "N°", "Nom", "Club", "Elo", "R1", "R2", "R3", "Pts", "ARO", "PERF")
    alpha = next(row for row in table.rows if row.name == "ALPHA")
    # R1 White against Bravo won, R2 Black against Echo won, R3 White against Charlie won
    assert alpha.cells == (f"{numbers[2]}B 1", f"{numbers[5]}N 1", f"{numbers[3]}B 1")
    bravo = next(row for row in table.rows if row.name == "BRAVO")
    assert bravo.cells[2] == "EXE 1"  # the pairing-allocated bye, as the printed legend writes it
    english = crosstable(swiss, "en", view="standings")
    assert english.headings() == ("Pl.", "No.", "Name", "Club", "Elo", "Pts", "ARO", "PERF")
    assert [row.player_id for row in english.rows] == [row.player_id for row in table.rows]
