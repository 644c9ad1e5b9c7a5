"""The rule settings an arbiter can choose (issue 12, docs/rules.md): a pure registry.

Only points where a reasonable federation could read the documents another way *and* where a core function
already takes the choice as a parameter are listed here. Every other reading is fixed in the code and
documented in docs/rules.md (section "Lectures fixes / Fixed readings").

Each :class:`RuleSetting` gives its key, its title, allowed values (each explained) or a numeric range (texts are
catalogue messages), its default, the document section, and the core function parameter it feeds. Values are
stored as text (``EventSession.set_option``), except ``tiebreaks.edition`` which lives in
``Event.tiebreak_edition``. Converting a value to the keyword argument of the core function is the job of
``tournament_desk.services.rules.rule_kwargs``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from tournament_desk.core.errors import NotFoundError, ValidationError
from tournament_desk.core.messages import Msg, msg
from tournament_desk.core.sources import (
    FFE_TIEBREAKS,
    FFJD_RCN,
    FIDE_C07_2023,
    FIDE_C07_2026,
    FISF_PL,
    Citation,
    citations_text,
    cite,
)

__all__ = [
    "AREAS", "RULE_NAMESPACES", "RULE_SETTINGS", "RuleChoice", "RuleSetting", "StoredIssue", "StoredRuleValue",
    "get_rule_setting", "is_rule_key", "read_rule_settings", "settings_of_area", "threshold_problem",
]

Area = Literal["tiebreaks", "ffjd", "elo", "scrabble"]
AREAS: tuple[Area, ...] = ("tiebreaks", "ffjd", "elo", "scrabble")


@dataclass(frozen=True, slots=True)
class RuleChoice:
    """One allowed value of a setting, and what it means (a catalogue message)."""

    value: str
    text: Msg

    def describe(self, lang: str = "en") -> str:
        return self.text.text(lang)


@dataclass(frozen=True, slots=True)
class RuleSetting:
    """One rule setting.

    ``choices``: the allowed values (empty for a number). ``minimum``/``maximum``: the range of a number.
    ``optional``: the empty text is allowed (meaning "not set", the core parameter is then not passed).
    ``storage``: ``"option"`` (``EventSession.set_option``) or ``"event"`` (a field of ``Event``).
    ``feeds``: the core function(s) and parameter the value is passed to; ``parameter`` the keyword name.
    """

    key: str
    area: Area
    title: Msg
    default: str
    sources: tuple[Citation, ...]
    """The sections of the documents the setting reads (the registry of sources)."""
    feeds: str
    parameter: str
    choices: tuple[RuleChoice, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    optional: bool = False
    integer: bool = False
    storage: Literal["option", "event"] = "option"
    remark: Msg | None = None
    """What else the arbiter should know (a catalogue message), if anything."""
    aliases: tuple[tuple[str, str], ...] = ()
    """Values earlier releases stored for a choice, and the choice they mean (``seed003`` -> ``ffe-annex``)."""

    def section(self, lang: str = "en", *, short: bool = True) -> str:
        """Where the documents say it, in ``lang``."""
        return citations_text(self.sources, lang, short=short)

    @property
    def is_number(self) -> bool:
        return not self.choices

    def label(self, lang: str = "en") -> str:
        return self.title.text(lang)

    def note(self, lang: str = "en") -> str:
        return self.remark.text(lang) if self.remark is not None else ""

    def choice(self, value: str) -> RuleChoice | None:
        return next((c for c in self.choices if c.value == value), None)

    def describe(self, value: str, lang: str = "en") -> str:
        """The explanation of a value in ``lang`` (a number is shown as such)."""
        found = self.choice(value)
        if found is not None:
            return found.describe(lang)
        if value == "":
            return msg("not set").text(lang)
        return value

    def allowed(self, lang: str = "en") -> str:
        """The allowed values, as one line of text."""
        if self.choices:
            return ", ".join(c.value for c in self.choices)
        lo, hi = _fmt(self.minimum), _fmt(self.maximum)
        text = f"{lo} … {hi}"
        if self.integer:
            text += " " + msg("(whole number)").text(lang)
        if self.optional:
            text += " " + msg("(or empty)").text(lang)
        return text

    def normalise(self, value: str | float | int) -> str:
        """The stored text of ``value``, or a bilingual :class:`ValidationError`."""
        text = str(value).strip()
        if self.choices:
            lowered = dict(self.aliases).get(text.lower(), text.lower())
            if self.choice(lowered) is not None:
                return lowered
            known = ", ".join(c.value for c in self.choices)
            raise ValidationError(
                msg("'{text}' is not a value of {key} (allowed: {known})", text=text, key=self.key, known=known),
            )
        if text == "" and self.optional:
            return ""
        try:
            number = float(text.replace(",", "."))
        except ValueError:
            number = math.nan
        lo = -math.inf if self.minimum is None else self.minimum
        hi = math.inf if self.maximum is None else self.maximum
        if not math.isfinite(number) or not lo <= number <= hi or (self.integer and not number.is_integer()):
            if self.integer:
                problem = msg("{key} must be a whole number from {low} to {high}, not '{text}'", key=self.key,
                              low=_fmt(self.minimum), high=_fmt(self.maximum), text=text)
            else:
                problem = msg("{key} must be a number from {low} to {high}, not '{text}'", key=self.key,
                              low=_fmt(self.minimum), high=_fmt(self.maximum), text=text)
            raise ValidationError(problem)
        return _fmt(number)


def _fmt(number: float | None) -> str:
    if number is None:
        return "—"
    return str(int(number)) if float(number).is_integer() else repr(float(number))


RULE_SETTINGS: tuple[RuleSetting, ...] = (
    RuleSetting(
        key="tiebreaks.edition", area="tiebreaks", storage="event",
        title=msg("Tie-breaks: unplayed games (edition)"),
        default="ffe-annex",
        sources=(cite(FFE_TIEBREAKS, "§1, « SCORE Ajusté »"), cite(FIDE_C07_2023, "Art. 16"),
                 cite(FIDE_C07_2026, "Art. 16.4.1–2")),
        feeds="core.tiebreaks.build_standings / describe_tiebreaks / explain_tiebreak (edition=)",
        parameter="edition",
        choices=(
            RuleChoice("ffe-annex",
                       msg("{source}: unplayed game = draw; forfeit = ½ the scheduled opponent's adjusted score; bye "
                           "and absence = tournament average; Kashdan: unplayed = 2; unrated opponents at Cp",
                           source=FFE_TIEBREAKS.short)),
            RuleChoice("fide2023",
                       msg("{source}: face value, dummy opponent with the player's own score; Kashdan: unplayed at "
                           "face value (4/2/0); unrated opponents left out", source=FIDE_C07_2023.short)),
            RuleChoice("fide2026",
                       msg("{source}: as 2023, dummy opponent capped", source=FIDE_C07_2026.short)),
        ),
        remark=msg("Stored with the event; not set = ffe-annex."),
        aliases=(("seed003", "ffe-annex"),),
    ),
    RuleSetting(
        key="ffjd.cadence", area="ffjd", title=msg("FFJD: cadence kind (K)"),
        default="auto",
        sources=(cite(FFJD_RCN, "§5.2, §6.1.1"),),
        feeds="core.ratings.from_event.ffjd_preview / ffjd_from_event (cadence=)",
        parameter="cadence",
        choices=(
            RuleChoice("auto", msg("from the event's time control: below 60 (minutes + seconds per move) = "
                                   "accelerated")),
            RuleChoice("slow", msg("slow cadence (K 25 / 15)")),
            RuleChoice("accelerated", msg("accelerated cadence (K 15 / 5)")),
        ),
    ),
    RuleSetting(
        key="ffjd.organiser_estimate", area="ffjd",
        title=msg("FFJD: organiser's estimate of the unrated (EONC)"),
        default="",
        sources=(cite(FFJD_RCN, "§6.2.2, annexe B 4)–5)"),),
        feeds="core.ratings.from_event.ffjd_preview / ffjd_from_event (organiser_estimate=)",
        parameter="organiser_estimate",
        minimum=600, maximum=3000, optional=True,
        remark=msg("Anchors the mean of an unrated group that met no classed player, and the correction when the "
                   "series has fewer than 4 classed players; without it, an error asks for it."),
    ),
    RuleSetting(
        key="ffjd.present", area="ffjd",
        title=msg("FFJD: classed players \"present\" (NJC, Annex B 3)"),
        default="counted-game",
        sources=(cite(FFJD_RCN, "annexe B 3)–5)"),),
        feeds="core.ratings.from_event.ffjd_preview / ffjd_from_event (present=); FfjdSeries.present",
        parameter="present",
        choices=(
            RuleChoice("counted-game",
                       msg("classed players with at least one counted game in the series (a classed entrant who "
                           "played no homologated game gives the unrated players no reference)")),
            RuleChoice("registered",
                       msg("every classed entrant of the series (EXEMPT excluded)")),
        ),
        remark=msg("Decides whether the CPf correction (EONC, MFNC) applies: fewer than 4 classed players present."),
    ),
    RuleSetting(
        key="scrabble.event_kind", area="scrabble", title=msg("Scrabble: kind of event (category, M)"),
        default="th", sources=(cite(FISF_PL, "§1, §4"),),
        feeds="core.ratings.from_event.scrabble_preview / scrabble_pl.rate_event (kind=)",
        parameter="kind",
        choices=(
            RuleChoice("th",
                       msg("homologated tournament (category by the number of players)")),
            RuleChoice("open", msg("international open (category 4)")),
            RuleChoice("national", msg("national championship (category 4)")),
            RuleChoice("world", msg("world championship (category 5)")),
            RuleChoice("regional-masters", msg("regional masters (category 2)")),
            RuleChoice("departmental-masters",
                       msg("departmental masters (category 1)")),
            RuleChoice("clap-pap",
                       msg("classic rated game (CLAP, PAP), category by size")),
        ),
        remark=msg("A fact about the event rather than a reading: stored with the event for the preview and the "
                   "periods."),
    ),
    RuleSetting(
        key="scrabble.classic_b", area="scrabble", title=msg("Scrabble: TH Classique B (CT = 0.8)"),
        default="no", sources=(cite(FISF_PL, "§7 (coefficient type de tournoi CT)"),),
        feeds="core.ratings.from_event.scrabble_preview / scrabble_pl.rate_event (classic_b=)",
        parameter="classic_b",
        choices=(
            RuleChoice("no", msg("no: CT = 1")),
            RuleChoice("yes", msg("yes: CT = 0.8 on PJmax and PJmin")),
        ),
    ),
    RuleSetting(
        key="scrabble.joker_threshold", area="scrabble", title=msg("Scrabble: Joker series threshold"),
        default="2900", sources=(cite(FISF_PL, "§3 (saison 2015/2016), §7 (%Jokers)"),),
        feeds="core.ratings.from_event.scrabble_preview / scrabble_pl.rate_event (thresholds=SeriesThresholds)",
        parameter="thresholds", minimum=0, maximum=5000, integer=True,
        remark=msg("Set every season; decides the share of Joker players in PJmax."),
    ),
    RuleSetting(
        key="scrabble.a_threshold", area="scrabble", title=msg("Scrabble: series A threshold"),
        default="2250", sources=(cite(FISF_PL, "§3 (saison 2015/2016)"),),
        feeds="core.ratings.from_event.scrabble_preview / scrabble_pl.rate_event (thresholds=SeriesThresholds)",
        parameter="thresholds", minimum=0, maximum=5000, integer=True,
    ),
    RuleSetting(
        key="scrabble.b_threshold", area="scrabble", title=msg("Scrabble: series B threshold"),
        default="1600", sources=(cite(FISF_PL, "§3 (saison 2015/2016)"),),
        feeds="core.ratings.from_event.scrabble_preview / scrabble_pl.rate_event (thresholds=SeriesThresholds)",
        parameter="thresholds", minimum=0, maximum=5000, integer=True,
    ),
)

_BY_KEY: dict[str, RuleSetting] = {s.key: s for s in RULE_SETTINGS}


def get_rule_setting(key: str) -> RuleSetting:
    """The setting named ``key``, or a bilingual :class:`NotFoundError` listing the known keys."""
    found = _BY_KEY.get(key.strip().lower())
    if found is None:
        known = ", ".join(_BY_KEY)
        raise NotFoundError(msg("Unknown rule setting '{key}' (known: {known})", key=key, known=known))
    return found


def settings_of_area(area: str) -> tuple[RuleSetting, ...]:
    """The settings of one area (tiebreaks, ffjd, elo, scrabble); a bilingual error for another name."""
    if area not in AREAS:
        known = ", ".join(AREAS)
        raise ValidationError(msg("Unknown rule area '{area}' (known: {known})", area=area, known=known))
    return tuple(s for s in RULE_SETTINGS if s.area == area)


# -- what an event stores, read back ------------------------------------------------------------------------
RULE_NAMESPACES: tuple[str, ...] = tuple(f"{area}." for area in AREAS)
"""Option keys that begin so are rule settings: this version knows every one it reads there."""

THRESHOLD_KEYS = ("scrabble.joker_threshold", "scrabble.a_threshold", "scrabble.b_threshold")
"""Checked together: Joker > A > B (seed 002 §3)."""

_CHOICE_SHAPE = re.compile(r"[a-z0-9][a-z0-9._-]{0,39}")
"""What a choice value looks like (``fide2023``, ``counted-game``). A stored text of this shape that is not a
choice of this version may be one of a newer version; any other text is no version's value."""

IssueKind = Literal["invalid", "unknown-choice", "unknown-key"]


def is_rule_key(key: str) -> bool:
    """Does the option ``key`` belong to the rule settings' namespaces (``tiebreaks.``, ``ffjd.``...)?"""
    return key.startswith(RULE_NAMESPACES)


@dataclass(frozen=True, slots=True)
class StoredIssue:
    """A stored rule-setting value this version cannot use.

    ``kind``: ``invalid`` — no version writes it (garbage, a number out of range, thresholds that do not
    decrease); ``unknown-choice`` — shaped like a choice but not one of this version's (a newer version's?);
    ``unknown-key`` — an option in a rule namespace this version does not know (a newer version's setting?).
    ``storage``: where it is (``option`` row or the ``event`` row's ``tiebreak_edition``)."""

    key: str
    text: str
    kind: IssueKind
    problem: Msg
    storage: Literal["option", "event"] = "option"

    @property
    def maybe_newer(self) -> bool:
        """Could a newer version of the program have written it?"""
        return self.kind != "invalid"


@dataclass(frozen=True, slots=True)
class StoredRuleValue:
    """One setting as the event holds it: the value that applies, whether it is the event's own (False: the
    default applies), and the stored text this version does not understand (None when there is none)."""

    setting: RuleSetting
    value: str
    stored: bool
    not_understood: str | None = None


def threshold_problem(values: Mapping[str, str]) -> Msg | None:
    """Why the Scrabble series thresholds of ``values`` (key -> text) cannot be used together, or None."""
    try:
        joker, a, b = (int(float(values[k])) for k in THRESHOLD_KEYS)
    except (KeyError, ValueError):
        return None  # each value is checked on its own
    if joker > a > b:
        return None
    return msg("The Scrabble series thresholds must decrease from Joker to B, not Joker {joker}, A {a}, B {b}",
               joker=joker, a=a, b=b)


def read_rule_settings(edition: str, options: Iterable[tuple[str, str]],
                       ) -> tuple[dict[str, StoredRuleValue], tuple[StoredIssue, ...]]:
    """Every rule setting as the event stores it (``edition``: ``Event.tiebreak_edition``; ``options``: the
    event's options), in registry order, and what this version cannot use.

    Nothing is replaced silently: a value this version does not understand comes back as an issue, and as the
    setting's ``not_understood`` text beside the default that applies in its place. An empty text is "not
    set" (the default applies)."""
    stored = dict(options)
    values: dict[str, StoredRuleValue] = {}
    issues: list[StoredIssue] = []
    for s in RULE_SETTINGS:
        raw = edition if s.storage == "event" else stored.get(s.key)
        if not raw:
            values[s.key] = StoredRuleValue(s, s.default, False)
            continue
        try:
            values[s.key] = StoredRuleValue(s, s.normalise(raw), True)
            continue
        except ValidationError as exc:
            problem = exc.msg
        kind: IssueKind = "unknown-choice" if s.choices and _CHOICE_SHAPE.fullmatch(raw) else "invalid"
        issues.append(StoredIssue(s.key, raw, kind, problem, s.storage))
        values[s.key] = StoredRuleValue(s, s.default, False, raw)
    for key, text in sorted(stored.items()):
        known = _BY_KEY.get(key)
        if is_rule_key(key) and (known is None or known.storage != "option"):
            issues.append(StoredIssue(key, text, "unknown-key",
                                      msg("'{key}' is not a rule setting of this version", key=key)))
    together = threshold_problem({k: values[k].value for k in THRESHOLD_KEYS})
    if together is not None:
        keys = ", ".join(k for k in THRESHOLD_KEYS if values[k].stored)
        issues.append(StoredIssue(keys, ", ".join(values[k].value for k in THRESHOLD_KEYS), "invalid", together))
    return values, tuple(issues)
