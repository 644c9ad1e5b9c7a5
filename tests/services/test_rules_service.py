"""Rule settings of an event (issue 12): defaults, storage, undo, bilingual validation, core keyword arguments."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from tournament_desk.core.errors import NotFoundError, ValidationError
from tournament_desk.core.model import RatingSystem
from tournament_desk.core.operations import AddPlayer, SetOption
from tournament_desk.core.ratings import from_event, scrabble_pl
from tournament_desk.core.ratings.ffjd import Cadence
from tournament_desk.core.rule_settings import AREAS, RULE_SETTINGS, get_rule_setting, settings_of_area
from tournament_desk.core.tiebreaks import Edition, build_standings
from tournament_desk.services.ratings import preview_options
from tournament_desk.services.rules import (
    current_rule_settings,
    rule_kwargs,
    rules_doc_path,
    set_rule_setting,
    set_rule_settings,
)
from tournament_desk.services.session import EventSession


def test_registry_is_complete_and_bilingual() -> None:
    keys = [s.key for s in RULE_SETTINGS]
    assert len(keys) == len(set(keys))
    for s in RULE_SETTINGS:
        assert s.area in AREAS and s.label("fr") and s.label("en") and s.section and s.feeds and s.parameter
        assert s.normalise(s.default) == s.default  # the default is an allowed value
        for c in s.choices:
            assert c.describe("fr") and c.describe("en") and c.describe("fr") != c.describe("en")
    assert get_rule_setting("TIEBREAKS.EDITION").key == "tiebreaks.edition"
    assert {c.value for c in get_rule_setting("tiebreaks.edition").choices} == {e.value for e in Edition}
    assert settings_of_area("elo") == ()  # every seed 001 reading is fixed (docs/rules.md)


def test_defaults_when_nothing_is_stored(chess_session: EventSession) -> None:
    values = current_rule_settings(chess_session)
    assert [v.key for v in values] == [s.key for s in RULE_SETTINGS]
    assert all(not v.stored and v.value == v.setting.default for v in values)
    assert rule_kwargs(chess_session, "tiebreaks") == {"edition": Edition.FFE_ANNEX}
    assert rule_kwargs(chess_session, "ffjd") == {}
    assert rule_kwargs(chess_session, "scrabble") == {"thresholds": scrabble_pl.SEASON_2015_2016}
    assert rule_kwargs(chess_session, "elo") == {}


def test_set_store_undo_and_reopen(chess_session: EventSession, event_path: Path) -> None:
    change = set_rule_setting(chess_session, "tiebreaks.edition", " FIDE2026 ")
    assert "tiebreaks.edition = fide2026" in change.label("en")
    assert chess_session.event.tiebreak_edition == "fide2026"
    assert rule_kwargs(chess_session, "tiebreaks") == {"edition": Edition.FIDE_2026}
    set_rule_setting(chess_session, "ffjd.cadence", "accelerated")
    set_rule_setting(chess_session, "ffjd.organiser_estimate", "1350,5")
    assert chess_session.options()["ffjd.organiser_estimate"] == "1350.5"
    assert rule_kwargs(chess_session, "ffjd") == {"cadence": Cadence.ACCELERATED, "organiser_estimate": 1350.5}
    assert chess_session.undo_label("fr") == "Réglage de règle ffjd.organiser_estimate = 1350.5"
    chess_session.undo()
    assert rule_kwargs(chess_session, "ffjd") == {"cadence": Cadence.ACCELERATED}
    set_rule_setting(chess_session, "ffjd.organiser_estimate", "")  # empty: not set
    assert rule_kwargs(chess_session, "ffjd") == {"cadence": Cadence.ACCELERATED}
    chess_session.close()
    with EventSession.open(event_path, readonly=True) as again:
        stored = {v.key: (v.value, v.stored) for v in current_rule_settings(again)}
        assert stored["tiebreaks.edition"] == ("fide2026", True)
        assert stored["ffjd.cadence"] == ("accelerated", True)
        assert stored["scrabble.joker_threshold"] == ("2900", False)


def test_bilingual_errors(chess_session: EventSession) -> None:
    with pytest.raises(NotFoundError) as unknown:
        set_rule_setting(chess_session, "kashdan.unplayed", "draw")
    assert "Unknown rule setting" in unknown.value.message("en")
    assert "Réglage de règle inconnu" in unknown.value.message("fr")
    with pytest.raises(ValidationError) as bad:
        set_rule_setting(chess_session, "tiebreaks.edition", "fide2020")
    assert "allowed: ffe-annex, fide2023, fide2026" in bad.value.message("en")
    assert "valeurs permises" in bad.value.message("fr")
    with pytest.raises(ValidationError, match="from 600 to 3000"):
        set_rule_setting(chess_session, "ffjd.organiser_estimate", "abc")
    with pytest.raises(ValidationError, match="whole number"):
        set_rule_setting(chess_session, "scrabble.joker_threshold", "2900.5")
    with pytest.raises(ValidationError) as order:  # Joker > A > B (seed 002 §3)
        set_rule_setting(chess_session, "scrabble.a_threshold", "3000")
    assert "décroître" in order.value.message("fr")
    with pytest.raises(ValidationError) as area:
        rule_kwargs(chess_session, "teams")
    assert "Domaine de règles inconnu" in area.value.message("fr")
    assert all(not v.stored for v in current_rule_settings(chess_session))  # nothing stored on error


def test_several_settings_are_one_action_or_none(chess_session: EventSession) -> None:
    """Issue 27: one change of several settings (the event's tie-break edition and options) is one undo step;
    a wrong value anywhere stores nothing and is named."""
    chess_session.run(AddPlayer(surname="Alpha"))
    before = chess_session.state()
    with pytest.raises(ValidationError, match=r"'nonsense' is not a value of ffjd\.cadence"):
        set_rule_settings(chess_session, {"tiebreaks.edition": "fide2023", "ffjd.cadence": "nonsense"})
    with pytest.raises(ValidationError):  # refused by the file's own option guard too
        chess_session.run(SetOption("ffjd.cadence", "blitz"))
    assert chess_session.state() == before and chess_session.undo_label() == "Add player ALPHA"
    change = set_rule_settings(chess_session, {"tiebreaks.edition": "fide2023", "ffjd.cadence": "slow",
                                               "scrabble.joker_threshold": "3200", "scrabble.a_threshold": "3100"})
    assert change.label("en") == ("Rule settings: tiebreaks.edition = fide2023, ffjd.cadence = slow, "
                                  "scrabble.joker_threshold = 3200, scrabble.a_threshold = 3100")
    assert change.label("fr").startswith("Réglages de règles : tiebreaks.edition = fide2023")
    assert change.what.event_fields == {"tiebreak_edition"} and change.what.options
    assert rule_kwargs(chess_session, "scrabble")["thresholds"] == scrabble_pl.SeriesThresholds(3200, 3100, 1600)
    chess_session.undo()
    assert chess_session.state() == before


def test_keyword_arguments_fit_the_core_functions(chess_session: EventSession) -> None:
    set_rule_setting(chess_session, "tiebreaks.edition", "fide2023")
    set_rule_setting(chess_session, "ffjd.cadence", "slow")
    set_rule_setting(chess_session, "ffjd.organiser_estimate", "1200")
    set_rule_setting(chess_session, "scrabble.b_threshold", "1500")
    state = chess_session.state()
    build_standings(state, ["BH"], **rule_kwargs(chess_session, "tiebreaks"))
    inspect.signature(from_event.ffjd_preview).bind(state, **rule_kwargs(chess_session, "ffjd"))
    inspect.signature(from_event.scrabble_preview).bind(state, **rule_kwargs(chess_session, "scrabble"))
    inspect.signature(scrabble_pl.rate_event).bind([], [], scrabble_pl.EventKind.HOMOLOGATED, 5,
                                                   **rule_kwargs(chess_session, "scrabble"))
    assert rule_kwargs(chess_session, "scrabble")["thresholds"] == scrabble_pl.SeriesThresholds(2900, 2250, 1500)
    # services.ratings.rating_preview accepts exactly the core preview's options
    assert set(rule_kwargs(chess_session, "ffjd")) <= set(preview_options(RatingSystem.FFJD))
    assert set(rule_kwargs(chess_session, "scrabble")) <= set(preview_options(RatingSystem.FISF_PL))


def test_rules_doc_is_in_the_checkout() -> None:
    path = rules_doc_path()
    assert path.name == "rules.md" and path.exists()
    text = path.read_text(encoding="utf-8")
    for s in RULE_SETTINGS:
        assert s.key in text
