"""Rule settings of an event (issue 12): read, change, and turn into keyword arguments for the core.

The registry is :mod:`tournament_desk.core.rule_settings`; the readings themselves are in docs/rules.md.
Values are stored as text with ``EventSession.set_option`` (one undoable action each), except
``tiebreaks.edition``, stored in ``Event.tiebreak_edition`` with ``EventSession.update_event``.

* :func:`current_rule_settings` — every setting with its current value (the default when not stored).
* :func:`set_rule_setting` — validate (bilingual errors) and store one value.
* :func:`rule_kwargs` — the keyword arguments for the core functions of an area: ``tiebreaks`` for
  ``build_standings`` (and ``services.standings.standings``), ``ffjd`` for ``from_event.ffjd_preview`` (and
  ``services.ratings.rating_preview``), ``scrabble`` for ``from_event.scrabble_preview`` /
  ``scrabble_pl.rate_event``; ``elo`` has no setting yet (empty).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tournament_desk.core.actions.settings import update_event
from tournament_desk.core.errors import ValidationError
from tournament_desk.core.messages import msg
from tournament_desk.core.ratings.ffjd import Cadence, Present
from tournament_desk.core.ratings.scrabble_pl import EventKind, SeriesThresholds
from tournament_desk.core.rule_settings import RULE_SETTINGS, RuleSetting, get_rule_setting, settings_of_area
from tournament_desk.core.tiebreaks import parse_edition
from tournament_desk.services.session import Change, EventSession

__all__ = ["RuleSettingValue", "current_rule_settings", "rule_kwargs", "rules_doc_path", "set_rule_setting"]


@dataclass(frozen=True, slots=True)
class RuleSettingValue:
    """A setting and its current value; ``stored`` is False when the default applies."""

    setting: RuleSetting
    value: str
    stored: bool

    @property
    def key(self) -> str:
        return self.setting.key

    def to_dict(self) -> dict[str, Any]:
        s = self.setting
        return {
            "key": s.key, "area": s.area, "value": self.value, "default": s.default, "stored": self.stored,
            "label_en": s.label_en, "label_fr": s.label_fr,
            "value_en": s.describe(self.value, "en"), "value_fr": s.describe(self.value, "fr"),
            "allowed": [c.value for c in s.choices] if s.choices else {"minimum": s.minimum, "maximum": s.maximum,
                                                                       "optional": s.optional, "integer": s.integer},
            "section": s.section("en"), "section_fr": s.section("fr"), "feeds": s.feeds, "storage": s.storage,
        }


def _values(session: EventSession) -> dict[str, RuleSettingValue]:
    options = session.options()
    edition = session.event.tiebreak_edition
    out: dict[str, RuleSettingValue] = {}
    for s in RULE_SETTINGS:
        raw = edition if s.storage == "event" else options.get(s.key)
        if raw:
            try:
                out[s.key] = RuleSettingValue(s, s.normalise(raw), True)
                continue
            except ValidationError:
                pass  # a value written by another version: the default applies (and is shown as such)
        out[s.key] = RuleSettingValue(s, s.default, False)
    return out


def current_rule_settings(session: EventSession) -> list[RuleSettingValue]:
    """Every rule setting of the registry with its current value, in registry order."""
    return list(_values(session).values())


def set_rule_setting(session: EventSession, key: str, value: str | float | int) -> Change:
    """Validate and store one rule setting (one undoable action). Unknown keys raise a bilingual
    :class:`NotFoundError`, bad values a bilingual :class:`ValidationError`."""
    setting = get_rule_setting(key)
    text = setting.normalise(value)
    if setting.key.startswith("scrabble.") and setting.key.endswith("_threshold"):
        current = {k: v.value for k, v in _values(session).items()}
        current[setting.key] = text
        _thresholds(current)  # Joker > A > B, or a bilingual error
    label = (msg("Rule setting {key} = {value}", key=setting.key, value=text) if text
             else msg("Rule setting {key} = (empty)", key=setting.key))
    if setting.storage == "event":
        return session.apply(lambda s: update_event(s, {"tiebreak_edition": text}, label))
    return session.set_option(setting.key, text, label=label)


def _thresholds(values: dict[str, str]) -> SeriesThresholds:
    return SeriesThresholds(joker=int(float(values["scrabble.joker_threshold"])),
                            a=int(float(values["scrabble.a_threshold"])),
                            b=int(float(values["scrabble.b_threshold"])))


def rule_kwargs(session: EventSession, area: str) -> dict[str, Any]:
    """The keyword arguments carrying the event's rule settings to the core functions of ``area``.

    * ``tiebreaks``: ``{"edition": Edition}``;
    * ``ffjd``: ``cadence`` (a :class:`Cadence`, absent for ``auto``), ``organiser_estimate`` (absent when
      not set) and ``present`` (a :class:`Present`, absent for the default ``counted-game``);
    * ``scrabble``: ``{"thresholds": SeriesThresholds}``, plus ``kind`` (an :class:`EventKind`, absent for a
      TH) and ``classic_b`` (True, absent when not a TH Classique B);
    * ``elo``: ``{}`` (no setting: every reading of seed 001 is fixed, docs/rules.md).
    """
    settings_of_area(area)  # bilingual error for an unknown area
    values = {k: v.value for k, v in _values(session).items()}
    if area == "tiebreaks":
        return {"edition": parse_edition(values["tiebreaks.edition"])}
    if area == "ffjd":
        out: dict[str, Any] = {}
        if values["ffjd.cadence"] != "auto":
            out["cadence"] = Cadence(values["ffjd.cadence"])
        if values["ffjd.organiser_estimate"]:
            out["organiser_estimate"] = float(values["ffjd.organiser_estimate"])
        if values["ffjd.present"] != "counted-game":
            out["present"] = Present(values["ffjd.present"])
        return out
    if area == "scrabble":
        scrabble: dict[str, Any] = {"thresholds": _thresholds(values)}
        if values["scrabble.event_kind"] != "th":
            scrabble["kind"] = EventKind(values["scrabble.event_kind"])
        if values["scrabble.classic_b"] == "yes":
            scrabble["classic_b"] = True
        return scrabble
    return {}


def rules_doc_path() -> Path:
    """Where docs/rules.md is: the source checkout's docs/, else the installed copy (wheel data files or the
    frozen bundle's resources/docs, found by the resource locator). The path may not exist; callers say so."""
    source = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
    if source.exists():
        return source
    from tournament_desk.resources import resource_path

    try:
        return resource_path("docs", "rules.md")
    except FileNotFoundError:
        return source
