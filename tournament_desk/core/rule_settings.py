"""The rule settings an arbiter can choose (issue 12, docs/rules.md): a pure registry.

Only points where a reasonable federation could read the documents another way *and* where a core function
already takes the choice as a parameter are listed here. Every other reading is fixed in the code and
documented in docs/rules.md (section "Lectures fixes / Fixed readings").

Each :class:`RuleSetting` gives its key, bilingual label, allowed values (with bilingual descriptions) or a
numeric range, its default, the document section, and the core function parameter it feeds. Values are
stored as text (``EventSession.set_option``), except ``tiebreaks.edition`` which lives in
``Event.tiebreak_edition``. Converting a value to the keyword argument of the core function is the job of
``tournament_desk.services.rules.rule_kwargs``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from tournament_desk.core.errors import NotFoundError, ValidationError

__all__ = [
    "AREAS", "RULE_SETTINGS", "RuleChoice", "RuleSetting", "get_rule_setting", "settings_of_area",
]

Area = Literal["tiebreaks", "ffjd", "elo", "scrabble"]
AREAS: tuple[Area, ...] = ("tiebreaks", "ffjd", "elo", "scrabble")


@dataclass(frozen=True, slots=True)
class RuleChoice:
    """One allowed value of a setting, explained in both languages."""

    value: str
    fr: str
    en: str

    def describe(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en


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
    label_fr: str
    label_en: str
    default: str
    section: str
    feeds: str
    parameter: str
    choices: tuple[RuleChoice, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    optional: bool = False
    integer: bool = False
    storage: Literal["option", "event"] = "option"
    note_fr: str = ""
    note_en: str = ""

    @property
    def is_number(self) -> bool:
        return not self.choices

    def label(self, lang: str = "en") -> str:
        return self.label_fr if lang == "fr" else self.label_en

    def note(self, lang: str = "en") -> str:
        return self.note_fr if lang == "fr" else self.note_en

    def choice(self, value: str) -> RuleChoice | None:
        return next((c for c in self.choices if c.value == value), None)

    def describe(self, value: str, lang: str = "en") -> str:
        """The bilingual explanation of a value (a number, or empty, is shown as such)."""
        found = self.choice(value)
        if found is not None:
            return found.describe(lang)
        if value == "":
            return "non défini" if lang == "fr" else "not set"
        return value

    def allowed(self, lang: str = "en") -> str:
        """The allowed values, as one line of text."""
        if self.choices:
            return ", ".join(c.value for c in self.choices)
        lo, hi = _fmt(self.minimum), _fmt(self.maximum)
        text = f"{lo} … {hi}"
        if self.integer:
            text += " (entier)" if lang == "fr" else " (whole number)"
        if self.optional:
            text += " (ou vide)" if lang == "fr" else " (or empty)"
        return text

    def normalise(self, value: str | float | int) -> str:
        """The stored text of ``value``, or a bilingual :class:`ValidationError`."""
        text = str(value).strip()
        if self.choices:
            lowered = text.lower()
            if self.choice(lowered) is not None:
                return lowered
            known = ", ".join(c.value for c in self.choices)
            raise ValidationError(
                f"'{text}' is not a value of {self.key} (allowed: {known})",
                f"« {text} » n'est pas une valeur de {self.key} (valeurs permises : {known})",
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
            kind_en, kind_fr = ("a whole number", "un nombre entier") if self.integer else ("a number", "un nombre")
            raise ValidationError(
                f"{self.key} must be {kind_en} from {_fmt(self.minimum)} to {_fmt(self.maximum)}, not '{text}'",
                f"{self.key} doit être {kind_fr} de {_fmt(self.minimum)} à {_fmt(self.maximum)}, et non « {text} »",
            )
        return _fmt(number)


def _fmt(number: float | None) -> str:
    if number is None:
        return "—"
    return str(int(number)) if float(number).is_integer() else repr(float(number))


RULE_SETTINGS: tuple[RuleSetting, ...] = (
    RuleSetting(
        key="tiebreaks.edition", area="tiebreaks", storage="event",
        label_fr="Départages : parties non jouées (édition)",
        label_en="Tie-breaks: unplayed games (edition)",
        default="seed003",
        section="seed 003 §1 and glossary « SCORE Ajusté »; FIDE C.07 2023 Art. 16; C.07 2026 Art. 16.4.1–2",
        feeds="core.tiebreaks.build_standings / describe_tiebreaks / explain_tiebreak (edition=)",
        parameter="edition",
        choices=(
            RuleChoice("seed003",
                       "annexe départages : partie non jouée = nulle ; forfait = ½ score ajusté de l'adversaire "
                       "prévu ; exempt et absence = moyenne du tournoi ; Kashdan : non jouée = 2 ; Elo des "
                       "non-classés = Cp",
                       "tie-break annex: unplayed game = draw; forfeit = ½ the scheduled opponent's adjusted "
                       "score; bye and absence = tournament average; Kashdan: unplayed = 2; unrated opponents "
                       "at Cp"),
            RuleChoice("fide2023",
                       "FIDE C.07 2023 : valeur faciale, adversaire fictif au score du joueur ; Kashdan : "
                       "non jouée à sa valeur (4/2/0) ; non-classés ignorés",
                       "FIDE C.07 2023: face value, dummy opponent with the player's own score; Kashdan: "
                       "unplayed at face value (4/2/0); unrated opponents left out"),
            RuleChoice("fide2026",
                       "FIDE C.07 2026 : comme 2023, adversaire fictif plafonné",
                       "FIDE C.07 2026: as 2023, dummy opponent capped"),
        ),
        note_fr="Stocké dans le tournoi (Event.tiebreak_edition), vide = seed003.",
        note_en="Stored with the event (Event.tiebreak_edition), empty = seed003.",
    ),
    RuleSetting(
        key="ffjd.cadence", area="ffjd",
        label_fr="FFJD : type de cadence (K)", label_en="FFJD: cadence kind (K)",
        default="auto",
        section="seed 000 §5.2, §6.1.1",
        feeds="core.ratings.from_event.ffjd_preview / ffjd_from_event (cadence=)",
        parameter="cadence",
        choices=(
            RuleChoice("auto", "d'après la cadence du tournoi : moins de 60 (minutes + secondes par coup) = "
                               "accélérée", "from the event's time control: below 60 (minutes + seconds per "
                                            "move) = accelerated"),
            RuleChoice("slow", "cadence lente (K 25 / 15)", "slow cadence (K 25 / 15)"),
            RuleChoice("accelerated", "cadence accélérée (K 15 / 5)", "accelerated cadence (K 15 / 5)"),
        ),
    ),
    RuleSetting(
        key="ffjd.organiser_estimate", area="ffjd",
        label_fr="FFJD : estimation de l'organisateur (EONC)",
        label_en="FFJD: organiser's estimate of the unrated (EONC)",
        default="",
        section="seed 000 §6.2.2, Annex B 4)–5)",
        feeds="core.ratings.from_event.ffjd_preview / ffjd_from_event (organiser_estimate=)",
        parameter="organiser_estimate",
        minimum=600, maximum=3000, optional=True,
        note_fr="Ancre la moyenne des non-classés d'un groupe sans adversaire classé, et la correction quand "
                "la série compte moins de 4 classés ; sans elle, erreur bilingue qui la demande.",
        note_en="Anchors the mean of an unrated group that met no classed player, and the correction when the "
                "series has fewer than 4 classed players; without it, a bilingual error asks for it.",
    ),
    RuleSetting(
        key="ffjd.present", area="ffjd",
        label_fr="FFJD : joueurs classés « présents » (NJC, annexe B 3)",
        label_en="FFJD: classed players \"present\" (NJC, Annex B 3)",
        default="counted-game",
        section="seed 000 Annex B 3)–5)",
        feeds="core.ratings.from_event.ffjd_preview / ffjd_from_event (present=); FfjdSeries.present",
        parameter="present",
        choices=(
            RuleChoice("counted-game",
                       "les classés qui ont au moins une partie comptée dans la série (un classé inscrit qui n'a "
                       "joué aucune partie homologuée n'apporte aucune référence aux non-classés)",
                       "classed players with at least one counted game in the series (a classed entrant who "
                       "played no homologated game gives the unrated players no reference)"),
            RuleChoice("registered", "tous les classés inscrits dans la série (EXEMPT exclu)",
                       "every classed entrant of the series (EXEMPT excluded)"),
        ),
        note_fr="Décide si la correction des CPf (EONC, MFNC) s'applique : moins de 4 classés présents.",
        note_en="Decides whether the CPf correction (EONC, MFNC) applies: fewer than 4 classed players present.",
    ),
    RuleSetting(
        key="scrabble.event_kind", area="scrabble",
        label_fr="Scrabble : type d'épreuve (catégorie, M)", label_en="Scrabble: kind of event (category, M)",
        default="th", section="seed 002 §1, §4",
        feeds="core.ratings.from_event.scrabble_preview / scrabble_pl.rate_event (kind=)",
        parameter="kind",
        choices=(
            RuleChoice("th", "tournoi homologué (catégorie selon le nombre de joueurs)",
                       "homologated tournament (category by the number of players)"),
            RuleChoice("open", "open international (catégorie 4)", "international open (category 4)"),
            RuleChoice("national", "championnat national (catégorie 4)", "national championship (category 4)"),
            RuleChoice("world", "championnat du monde (catégorie 5)", "world championship (category 5)"),
            RuleChoice("regional-masters", "masters régionaux (catégorie 2)", "regional masters (category 2)"),
            RuleChoice("departmental-masters", "masters départementaux (catégorie 1)",
                       "departmental masters (category 1)"),
            RuleChoice("clap-pap", "partie classique attributive (CLAP, PAP), catégorie selon la taille",
                       "classic rated game (CLAP, PAP), category by size"),
        ),
        note_fr="Un fait de l'épreuve plutôt qu'une lecture : enregistré avec le tournoi pour l'aperçu et les "
                "périodes.",
        note_en="A fact about the event rather than a reading: stored with the event for the preview and the "
                "periods.",
    ),
    RuleSetting(
        key="scrabble.classic_b", area="scrabble",
        label_fr="Scrabble : TH Classique B (CT = 0,8)", label_en="Scrabble: TH Classique B (CT = 0.8)",
        default="no", section="seed 002 §7 (coefficient type de tournoi CT)",
        feeds="core.ratings.from_event.scrabble_preview / scrabble_pl.rate_event (classic_b=)",
        parameter="classic_b",
        choices=(
            RuleChoice("no", "non : CT = 1", "no: CT = 1"),
            RuleChoice("yes", "oui : CT = 0,8 sur PJmax et PJmin", "yes: CT = 0.8 on PJmax and PJmin"),
        ),
    ),
    RuleSetting(
        key="scrabble.joker_threshold", area="scrabble",
        label_fr="Scrabble : seuil de la série Joker", label_en="Scrabble: Joker series threshold",
        default="2900", section="seed 002 §3 (saison 2015/2016), §7 (%Jokers)",
        feeds="core.ratings.from_event.scrabble_preview / scrabble_pl.rate_event (thresholds=SeriesThresholds)",
        parameter="thresholds", minimum=0, maximum=5000, integer=True,
        note_fr="Fixé chaque saison ; décide la part de joueurs Joker dans PJmax.",
        note_en="Set every season; decides the share of Joker players in PJmax.",
    ),
    RuleSetting(
        key="scrabble.a_threshold", area="scrabble",
        label_fr="Scrabble : seuil de la série A", label_en="Scrabble: series A threshold",
        default="2250", section="seed 002 §3 (saison 2015/2016)",
        feeds="core.ratings.from_event.scrabble_preview / scrabble_pl.rate_event (thresholds=SeriesThresholds)",
        parameter="thresholds", minimum=0, maximum=5000, integer=True,
    ),
    RuleSetting(
        key="scrabble.b_threshold", area="scrabble",
        label_fr="Scrabble : seuil de la série B", label_en="Scrabble: series B threshold",
        default="1600", section="seed 002 §3 (saison 2015/2016)",
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
        raise NotFoundError(f"Unknown rule setting '{key}' (known: {known})",
                            f"Réglage de règle inconnu « {key} » (connus : {known})")
    return found


def settings_of_area(area: str) -> tuple[RuleSetting, ...]:
    """The settings of one area (tiebreaks, ffjd, elo, scrabble); a bilingual error for another name."""
    if area not in AREAS:
        known = ", ".join(AREAS)
        raise ValidationError(f"Unknown rule area '{area}' (known: {known})",
                              f"Domaine de règles inconnu « {area} » (connus : {known})")
    return tuple(s for s in RULE_SETTINGS if s.area == area)
