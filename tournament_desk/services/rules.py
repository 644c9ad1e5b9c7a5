"""Rule settings of an event (issue 12): read, change, and turn into keyword arguments for the core.

The registry is :mod:`tournament_desk.core.rule_settings`; the readings themselves are in docs/rules.md.
Values are stored as text: ``tiebreaks.edition`` in ``Event.tiebreak_edition``, the others as options; one
change of one or several settings is one action (:func:`tournament_desk.core.actions.settings.set_rule_settings`).

* :func:`current_rule_settings` — every setting with its current value (the default when not stored), and the
  stored text when this version does not understand it (written by a newer version: docs/event-file.md).
* :func:`set_rule_settings` — validate every value (bilingual errors naming the wrong one) and store them all
  as one undoable action, or nothing; :func:`set_rule_setting` — one of them.
* ``EventSession.warnings`` says, when the file opens, which stored values this version does not understand and
  which value applies instead (docs/event-file.md).
* :func:`rule_kwargs` — the keyword arguments for the core functions of an area: ``tiebreaks`` for
  ``build_standings`` (and ``services.standings.standings``), ``ffjd`` for ``from_event.ffjd_preview`` (and
  ``services.ratings.rating_preview``), ``scrabble`` for ``from_event.scrabble_preview`` /
  ``scrabble_pl.rate_event``; ``elo`` has no setting yet (empty).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tournament_desk.core.changes import Change
from tournament_desk.core.disciplines import rule_areas
from tournament_desk.core.messages import in_languages
from tournament_desk.core.operations import SetRuleSettings
from tournament_desk.core.ratings.ffjd import Cadence, Present
from tournament_desk.core.ratings.scrabble_pl import EventKind, SeriesThresholds
from tournament_desk.core.rule_settings import RuleSetting, read_rule_settings, settings_of_area
from tournament_desk.core.tiebreaks import parse_edition
from tournament_desk.services.session import EventSession

__all__ = ["RuleSettingValue", "current_rule_settings", "rule_kwargs", "rules_doc_path", "set_rule_setting",
           "set_rule_settings"]


@dataclass(frozen=True, slots=True)
class RuleSettingValue:
    """A setting and its current value; ``stored`` is False when the default applies. ``not_understood`` is
    the text the event stores when this version does not understand it (the default then applies in its place,
    and the file keeps the text), else None."""

    setting: RuleSetting
    value: str
    stored: bool
    not_understood: str | None = None

    @property
    def key(self) -> str:
        return self.setting.key

    def to_dict(self) -> dict[str, Any]:
        s = self.setting
        return {
            "key": s.key, "area": s.area, "value": self.value, "default": s.default, "stored": self.stored,
            "not_understood": self.not_understood,
            **in_languages(s.title, "label"),
            **in_languages(lambda lang: s.describe(self.value, lang), "value"),
            "allowed": [c.value for c in s.choices] if s.choices else {"minimum": s.minimum, "maximum": s.maximum,
                                                                       "optional": s.optional, "integer": s.integer},
            **in_languages(s.section, "section", english_unmarked=True), "feeds": s.feeds, "storage": s.storage,
        }


def _values(session: EventSession) -> dict[str, RuleSettingValue]:
    state = session.state()
    values, _issues = read_rule_settings(state.event.tiebreak_edition, state.options)
    return {k: RuleSettingValue(v.setting, v.value, v.stored, v.not_understood) for k, v in values.items()}


def current_rule_settings(session: EventSession, *, applicable: bool = False) -> list[RuleSettingValue]:
    """Every rule setting of the registry with its current value, in registry order; ``applicable``: only those
    of the event's discipline, tie-breaks and rating system (:func:`core.disciplines.rule_areas`)."""
    values = list(_values(session).values())
    if not applicable:
        return values
    areas = rule_areas(session.state().event)
    return [v for v in values if v.setting.area in areas]


def set_rule_settings(session: EventSession,
                      values: Mapping[str, str | float | int] | Iterable[tuple[str, str | float | int]]
                      ) -> Change[None]:
    """Validate and store several rule settings as ONE undoable action: nothing is stored when one is wrong
    (a bilingual :class:`NotFoundError` for an unknown key, :class:`ValidationError` for a bad value, naming
    it; the Scrabble thresholds are checked on the combination they make). ``values``: ``{key: value}`` or
    ``(key, value)`` pairs (a key given twice is refused)."""
    given = tuple(values.items() if isinstance(values, Mapping) else values)
    return session.run(SetRuleSettings(given))


def set_rule_setting(session: EventSession, key: str, value: str | float | int) -> Change[None]:
    """Validate and store one rule setting (one undoable action): :func:`set_rule_settings` of one value."""
    return set_rule_settings(session, {key: value})


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
