"""New event and event settings: name, place, dates, arbiters, discipline, system, rounds, cadence, scoring,
rating system, tie-breaks, and for a Dutch Swiss the initial colour and the acceleration (their rows, label
and field, are hidden for the other systems). The host federation and the dates of the rounds are the FIDE
report's records 032 and 132 (the arbiters 102 and 112, the time control 122 and 222, the tie-breaks 202/212).

Choosing a discipline in a new event applies its defaults (draughts: an FMJD round robin, FFJD rating and 2/1/0
scoring; chess: a FIDE Dutch Swiss, FIDE rating, 1/½/0...). A refused value is shown next to its field."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QDate, QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator, QStandardItemModel
from PySide6.QtWidgets import QComboBox, QLineEdit, QListView

from tournament_desk.core.disciplines import discipline_profile
from tournament_desk.core.errors import TournamentError, ValidationError
from tournament_desk.core.messages import N_, msg
from tournament_desk.core.model import DEFAULT_RATING, DEFAULT_SCORING, Event, PairingSystem, RatingSystem, TimeControl
from tournament_desk.core.results import Discipline
from tournament_desk.core.scoring import PROFILES
from tournament_desk.gui.dialogs.form import (
    DateField,
    FormDialog,
    SpinBox,
    combo_enum,
    fill_enum_combo,
    parse_date,
    read_field,
    select_data,
)
from tournament_desk.gui.i18n import Translator

DEFAULT_SYSTEM = {d: discipline_profile(d).default_system for d in Discipline}
"""What a new event of each discipline is paired with unless the arbiter chooses otherwise (draughts events
are round robins on the FMJD grid, seed 000 Annexe A; Scrabble classique score groups): the discipline's profile,
the same default as the command line's ``new``."""

SCORING_NAMES = {"chess": N_("chess (1 / ½ / 0)"), "draughts": N_("draughts (2 / 1 / 0)"),
                 "kashdan": N_("Kashdan (4 / 2 / 1)"), "scrabble": N_("Scrabble classic")}
"""How the scoring profiles are named in the form (``core.scoring.PROFILES``)."""

RATING_NAMES = {
    RatingSystem.NONE: N_("No rating"), RatingSystem.FIDE: N_("FIDE Elo"),
    RatingSystem.NATIONAL_ELO: N_("National Elo"),
    RatingSystem.FFJD: N_("FFJD Capital-Points"), RatingSystem.FMJD: N_("FMJD rating"),
    RatingSystem.FISF_PL: N_("FISF PL rating (Scrabble)"),
}


class EventDialog(FormDialog):
    """``event=None``: the new-event form (``submit`` defaults to validating the event); otherwise the
    settings of an existing event (the system is locked once round 1 is paired, as the rules require)."""

    def __init__(self, parent: Any, t: Translator, event: Event | None = None, system_locked: bool = False, *,
                 submit: Callable[[dict[str, Any]], Any] | None = None, arbiter: str = "") -> None:
        super().__init__(parent, t, submit if submit is not None else (lambda v: Event(**v)))
        self.setWindowTitle(t("Event settings") if event else t("New event"))
        self.name = QLineEdit(event.name if event else "")
        self.place = QLineEdit(event.place if event else "")
        today = dt.date.today()
        self.start = DateField(t, event.start_date if event else today, calendar=True)
        self.end = DateField(t, event.end_date if event else today, calendar=True)
        self.arbiters = QLineEdit(", ".join(event.arbiters) if event else arbiter)
        self.arbiters.setPlaceholderText(t("Names, separated by commas"))
        self.organiser = QLineEdit(event.organiser if event else "")
        self.discipline = QComboBox()
        fill_enum_combo(self.discipline, ((Discipline.CHESS, t("Chess")), (Discipline.DRAUGHTS, t("Draughts")),
                                          (Discipline.SCRABBLE, t("Scrabble")), (Discipline.OTHER, t("Other"))))
        self.system = QComboBox()
        fill_enum_combo(self.system, ((PairingSystem.DUTCH, t("Swiss (FIDE Dutch)")),
                                      (PairingSystem.ROUND_ROBIN, t("Round robin")),
                                      (PairingSystem.DOUBLE_ROUND_ROBIN, t("Double round robin")),
                                      (PairingSystem.SCORE_GROUP, t("Swiss (score groups)")),
                                      (PairingSystem.CLASSIQUE,
                                       t("French classique formula (groups of wins, 1st against last)")),
                                      (PairingSystem.MANUAL, t("Swiss (manual)")),
                                      (PairingSystem.KNOCKOUT, t("Knockout"))))
        self.system.setEnabled(not system_locked)
        self.rounds = SpinBox()
        self.rounds.setRange(1, 99)
        self.rounds.setValue(event.rounds if event else 7)
        self.time_control = QLineEdit(str(event.time_control) if event else "90+30")
        self.scoring = QComboBox()
        for name in PROFILES:
            self.scoring.addItem(t(SCORING_NAMES.get(name, name)), name)
        self.rating = QComboBox()
        fill_enum_combo(self.rating, ((r, t(RATING_NAMES[r])) for r in RatingSystem))
        self.tiebreaks = QLineEdit(", ".join(event.tiebreaks) if event else "")
        self.tiebreaks.setPlaceholderText(t("empty: the default list for the discipline"))
        self.initial_colour = QComboBox()
        for value, label in (("", t("drawn by lot at round 1")), ("white", t("White")), ("black", t("Black"))):
            self.initial_colour.addItem(label, value)
        self.acceleration = QComboBox()
        for value, label in (("", t("none")), ("baku", t("Baku acceleration (C.04.5.1)"))):
            self.acceleration.addItem(label, value)
        for combo in (self.initial_colour, self.acceleration):
            combo.setEnabled(not system_locked)
        if event:
            select_data(self.discipline, event.discipline)
            select_data(self.system, event.system)
            self.scoring.setCurrentIndex(max(0, self.scoring.findData(event.scoring.name)))
            select_data(self.rating, event.rating_system)
            select_data(self.initial_colour, event.initial_colour)
            select_data(self.acceleration, event.acceleration)
            self._offer(event.discipline, event.system, event.rating_system)
        else:
            self.discipline.currentIndexChanged.connect(lambda _i: self.apply_discipline_defaults())
            self.apply_discipline_defaults()
        self._custom_scoring = event.scoring if event and event.scoring.name not in PROFILES else None
        self._trf_header_fields(t, event)
        for label, widget, field in (
            (t("&Name"), self.name, "name"), (t("&Place"), self.place, "place"),
            (t("Start"), self.start, "start_date"), (t("End"), self.end, "end_date"),
            (t("&Arbiters"), self.arbiters, "arbiters"), (t("Organiser"), self.organiser, "organiser"),
            (t("Federation"), self.federation, "federation"), (t("Round dates"), self.round_dates, "round_dates"),
            (t("&Discipline"), self.discipline, "discipline"), (t("&System"), self.system, "system"),
            (t("&Rounds"), self.rounds, "rounds"), (t("&Time control"), self.time_control, "time_control"),
            (t("Scoring"), self.scoring, "scoring"), (t("Rating system"), self.rating, "rating_system"),
            (t("Tie-breaks"), self.tiebreaks, "tiebreaks"),
            (t("Initial colour"), self.initial_colour, "initial_colour"),
            (t("Acceleration"), self.acceleration, "acceleration"),
        ):
            self.add_row(label, widget, field)
        self.system.currentIndexChanged.connect(lambda _i: self._dutch_only())
        self._dutch_only()
        self.finish_layout()

    def _trf_header_fields(self, t: Translator, event: Event | None) -> None:
        """The fields of the FIDE report's header that have no other place: the host federation (record 032, a
        three-letter FIDE code) and the dates of the rounds (record 132), typed in the language's date order,
        separated by commas, a round without a date left empty; the arbiters' field says which is the chief."""
        self.arbiters.setToolTip(t("The chief arbiter first (FIDE report, record 102), then the deputies (112)"))
        self.federation = QLineEdit(event.federation if event else "")
        self.federation.setPlaceholderText(t("FIDE code, e.g. FRA"))
        self.federation.setValidator(QRegularExpressionValidator(QRegularExpression(r"[A-Za-z]{0,3}"), self))
        self.federation.setMaximumWidth(self.federation.fontMetrics().horizontalAdvance("W" * 6))
        self._date_pattern, self._date_shown = t("yyyy-MM-dd"), t("YYYY-MM-DD")  # as the dates of DateField
        dates = event.round_dates if event else ()
        self.round_dates = QLineEdit(", ".join("" if d is None else QDate(d).toString(self._date_pattern)
                                               for d in dates))
        self.round_dates.setPlaceholderText(t("one date a round, separated by commas ({pattern})",
                                              pattern=self._date_shown))

    def _trf_header_values(self) -> dict[str, Any]:
        """The federation in capitals and the round dates (trailing rounds without a date dropped); a date that
        cannot be read is refused under its field, named."""
        dates: list[dt.date | None] = []
        text = self.round_dates.text().strip()
        for item in (i.strip() for i in text.split(",")) if text else ():
            day = parse_date(item, self._date_pattern) if item else None
            if item and day is None:
                raise ValidationError(msg("'{text}' is not a date (type it as {pattern})", text=item[:20],
                                          pattern=self._date_shown), field="round_dates")
            dates.append(day)
        while dates and dates[-1] is None:
            dates.pop()
        return {"federation": self.federation.text().strip().upper(), "round_dates": tuple(dates)}

    def apply_discipline_defaults(self) -> None:
        """The chosen discipline's scoring, rating system and pairing system."""
        discipline = combo_enum(self.discipline, Discipline)
        self._offer(discipline)
        self.scoring.setCurrentIndex(self.scoring.findData(DEFAULT_SCORING[discipline].name))
        select_data(self.rating, DEFAULT_RATING[discipline])
        if self.system.isEnabled():
            select_data(self.system, DEFAULT_SYSTEM[discipline])
        self._dutch_only()

    def _offer(self, discipline: Discipline, *keep: object) -> None:
        """Only the pairing and rating systems of the discipline are listed (Scrabble classique: no FIDE Dutch
        system, no FIDE or FFJD rating): the others are hidden from the list, and disabled so that the arrow keys
        skip them too; ``keep``: an existing event's own choices stay listed."""
        profile = discipline_profile(discipline)
        for combo, offered in ((self.system, profile.systems), (self.rating, profile.rating_systems)):
            model = combo.model()
            view = combo.view()
            for i in range(combo.count()):
                shown = combo.itemData(i) in offered or combo.itemData(i) in keep
                item = model.item(i) if isinstance(model, QStandardItemModel) else None
                if item is not None:
                    item.setEnabled(shown)
                if isinstance(view, QListView):
                    view.setRowHidden(i, not shown)

    def _dutch_only(self) -> None:
        if "initial_colour" not in self.field_widgets:  # the rows are not laid out yet
            return
        dutch = combo_enum(self.system, PairingSystem) is PairingSystem.DUTCH
        coloured = discipline_profile(combo_enum(self.discipline, Discipline)).has_colours
        self.set_row_visible(self.initial_colour, dutch and coloured)  # Scrabble classique: no colours
        self.set_row_visible(self.acceleration, dutch)
        if not dutch:
            select_data(self.acceleration, "")

    def values(self) -> dict[str, Any]:
        """The event fields; an unreadable time control is refused under its field."""
        scoring = self._custom_scoring if self._custom_scoring is not None and \
            self.scoring.currentData() == "custom" else PROFILES[self.scoring.currentData()]
        try:
            time_control = TimeControl.parse(self.time_control.text())
        except TournamentError as exc:
            raise ValidationError(exc.msg, field="time_control") from None
        return {
            "name": self.name.text().strip(),
            "place": self.place.text().strip(),
            "start_date": read_field("start_date", self.start.date),
            "end_date": read_field("end_date", self.end.date),
            "arbiters": tuple(a.strip() for a in self.arbiters.text().split(",") if a.strip()),
            "organiser": self.organiser.text().strip(),
            "discipline": combo_enum(self.discipline, Discipline),
            "system": combo_enum(self.system, PairingSystem),
            "rounds": self.rounds.value(),
            "time_control": time_control,
            "scoring": scoring,
            "rating_system": combo_enum(self.rating, RatingSystem),
            "tiebreaks": tuple(c.strip().upper() for c in self.tiebreaks.text().split(",") if c.strip()),
            "initial_colour": self.initial_colour.currentData(),
            "acceleration": self.acceleration.currentData(),
            **self._trf_header_values(),
        }

    def build_event(self) -> Event:
        return Event(**self.values())
