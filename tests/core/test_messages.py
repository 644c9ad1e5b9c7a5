"""Messages as data (core/messages.py): what the journal and the audit store, and the one helper that writes a text
in every language for a JSON output."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from tournament_desk.core.formatting import format_date, format_score
from tournament_desk.core.messages import (
    Formatted,
    Msg,
    PerLanguage,
    in_languages,
    listing,
    message_from_data,
    msg,
    per_language,
    pmsg,
)
from tournament_desk.i18n import LANGUAGES


def _through_json(message: Msg) -> Msg | PerLanguage:
    return message_from_data(json.loads(json.dumps(message.to_data(), ensure_ascii=False)))


def test_a_message_is_its_id_context_and_fields() -> None:
    label = msg("Add player {name}", name="DUPRÉ Éloïse")
    assert label.to_data() == {"msgid": "Add player {name}", "params": {"name": "DUPRÉ Éloïse"}}
    assert _through_json(label) == label
    assert msg("Create event").to_data() == {"msgid": "Create event"}
    heading = pmsg("table heading", "Rating")
    assert heading.to_data() == {"msgid": "Rating", "msgctxt": "table heading"}
    assert _through_json(heading) == heading


def test_fields_keep_their_kind_and_messages_nest() -> None:
    inner = msg("Add player {name}", name="MARTIN Paul")
    outer = msg("Undo: {label}", label=inner)
    data = outer.to_data()
    assert data["params"]["label"] == inner.to_data()
    back = _through_json(outer)
    assert back == outer and back.text("fr") == "Annuler : Inscrire MARTIN Paul"
    plain = msg("{a} {b} {c} {d} {e}", a=3, b=2.5, c=True, d=None, e="x")
    assert plain.to_data()["params"] == {"a": 3, "b": 2.5, "c": True, "d": None, "e": "x"}
    assert _through_json(plain) == plain


def test_values_written_by_language_are_kept_as_each_language_writes_them() -> None:
    """A score, a date, a list or any value JSON does not hold: stored as it reads in every language."""
    message = msg("Round {number}: {score} on {day} ({names}) {other}", number=2,
                  score=Formatted(2.5, format_score), day=Formatted(dt.date(2026, 3, 7), format_date),
                  names=listing([msg("Add player {name}", name="A"), "B"]), other=dt.date(2026, 3, 7))
    data = message.to_data()
    assert set(data["params"]["score"]) == set(LANGUAGES)
    assert data["params"]["other"] == {lang: "2026-03-07" for lang in LANGUAGES}
    back = _through_json(message)
    for lang in LANGUAGES:
        assert back.text(lang) == message.text(lang)
    assert "07/03/2026" in back.text("fr") and "Inscrire A, B" in back.text("fr")
    assert isinstance(back, Msg) and isinstance(back.params["score"], PerLanguage)
    nan = msg("{x}", x=float("nan")).to_data()
    assert nan["params"]["x"] == {lang: "nan" for lang in LANGUAGES}  # JSON has no NaN


def test_a_text_in_each_language_reads_back_and_falls_back_to_english() -> None:
    old = message_from_data({"en": "Result round 1 board 2", "fr": "Résultat ronde 1 table 2"})
    assert old == per_language(en="Result round 1 board 2", fr="Résultat ronde 1 table 2")
    assert old.text("fr") == "Résultat ronde 1 table 2" and old.text("de") == "Result round 1 board 2"
    assert old.to_data() == {"en": "Result round 1 board 2", "fr": "Résultat ronde 1 table 2"}
    assert message_from_data({"msgid": "Add player {name}", "params": {"name": "X"}}).text("de") == "Add player X"


@pytest.mark.parametrize("data", [
    "Add player", ["msgid"], {}, {"fr": "Réglage"}, {"en": 3}, {"msgid": 7}, {"msgid": "a", "msgctxt": None},
    {"msgid": "a {x}", "params": [1]},
])
def test_data_that_is_no_message_is_refused_with_a_reason(data: object) -> None:
    with pytest.raises(ValueError, match=r"\w"):
        message_from_data(data)


def test_a_stored_message_whose_fields_do_not_fit_its_text_still_shows() -> None:
    """A name of an action is only ever shown: whatever fields a file holds, it shows without an error."""
    assert message_from_data({"msgid": "Result {round}", "params": {"board": 1}}).text("en") == "Result {round}"
    assert message_from_data({"msgid": "{n:d} boards", "params": {"n": "two"}}).text("fr") == "{n:d} boards"
    assert message_from_data({"msgid": "Unknown {x}", "future": 1, "params": {"x": 1}}).text("en") == "Unknown 1"
    odd = message_from_data({"msgid": "{a} {b} {c}", "params": {"a": [1, "é"], "b": {"de": 2}, "c": {"msgid": 3}}})
    assert odd.text("fr") == '[1, "é"] {"de": 2} {"msgid": 3}'  # fields of no known shape: their JSON text


def test_in_languages_writes_every_language_under_one_key_shape() -> None:
    label = msg("Add player {name}", name="X")
    assert in_languages(label) == {"en": "Add player X", "fr": "Inscrire X"}
    assert in_languages(label, "label") == {"label_en": "Add player X", "label_fr": "Inscrire X"}
    assert in_languages(lambda lang: f"§1 ({lang})", "source", english_unmarked=True) == {
        "source": "§1 (en)", "source_fr": "§1 (fr)"}
    assert list(in_languages(per_language(en="a", fr="b"), "value")) == [f"value_{lang}" for lang in LANGUAGES]
