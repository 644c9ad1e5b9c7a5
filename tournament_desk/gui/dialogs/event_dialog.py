"""New event and event settings: name, place, dates, arbiters, discipline, system, rounds, cadence, scoring,
rating system and tie-breaks. The services validate on OK; the dialog shows their message."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QDialog,
    QFormLayout,
    QLineEdit,
    QSpinBox,
)

from tournament_desk.core.errors import TournamentError
from tournament_desk.core.model import DEFAULT_RATING, DEFAULT_SCORING, Event, PairingSystem, RatingSystem, TimeControl
from tournament_desk.core.results import Discipline
from tournament_desk.core.scoring import PROFILES
from tournament_desk.gui.dialogs.form import lay_out_form


def _qdate(value: dt.date | None) -> QDate:
    return QDate(value) if value else QDate.currentDate()


def _pydate(value: QDate) -> dt.date:
    return dt.date(value.year(), value.month(), value.day())


class EventDialog(QDialog):
    """``event=None``: the new-event wizard; otherwise the settings of an existing event (the system is
    locked once round 1 is paired, as the services require)."""

    def __init__(self, parent: Any, tr: Callable[..., str], event: Event | None = None,
                 system_locked: bool = False) -> None:
        super().__init__(parent)
        self.t = tr
        self.setWindowTitle(tr("Event settings") if event else tr("New event"))
        self.name = QLineEdit(event.name if event else "")
        self.place = QLineEdit(event.place if event else "")
        self.start = QDateEdit(_qdate(event.start_date if event else None))
        self.end = QDateEdit(_qdate(event.end_date if event else None))
        for d in (self.start, self.end):
            d.setDisplayFormat("dd/MM/yyyy")
            d.setCalendarPopup(True)
        self.arbiters = QLineEdit(", ".join(event.arbiters) if event else "")
        self.organiser = QLineEdit(event.organiser if event else "")
        self.discipline = QComboBox()
        for d, label in ((Discipline.CHESS, tr("Chess")), (Discipline.DRAUGHTS, tr("Draughts")),
                         (Discipline.SCRABBLE, tr("Scrabble")), (Discipline.OTHER, tr("Other"))):
            self.discipline.addItem(label, d)
        self.system = QComboBox()
        for s, label in ((PairingSystem.DUTCH, tr("Swiss (FIDE Dutch)")),
                         (PairingSystem.ROUND_ROBIN, tr("Round robin")),
                         (PairingSystem.DOUBLE_ROUND_ROBIN, tr("Double round robin")),
                         (PairingSystem.SCORE_GROUP, tr("Swiss (score groups)")),
                         (PairingSystem.MANUAL, tr("Swiss (manual)")),
                         (PairingSystem.KNOCKOUT, tr("Knockout"))):
            self.system.addItem(label, s)
        self.system.setEnabled(not system_locked)
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 99)
        self.rounds.setValue(event.rounds if event else 7)
        self.time_control = QLineEdit(str(event.time_control) if event else "90+30")
        self.scoring = QComboBox()
        for name in PROFILES:
            self.scoring.addItem(tr(name), name)
        self.rating = QComboBox()
        for r in RatingSystem:
            self.rating.addItem(r.value, r)
        self.tiebreaks = QLineEdit(", ".join(event.tiebreaks) if event else "")
        self.tiebreaks.setPlaceholderText(tr("empty: the default list for the discipline"))
        if event:
            self.discipline.setCurrentIndex(self.discipline.findData(event.discipline))
            self.system.setCurrentIndex(self.system.findData(event.system))
            self.scoring.setCurrentIndex(max(0, self.scoring.findData(event.scoring.name)))
            self.rating.setCurrentIndex(self.rating.findData(event.rating_system))
        else:
            self.discipline.currentIndexChanged.connect(lambda _i: self._discipline_defaults())
            self._discipline_defaults()
        self._custom_scoring = event.scoring if event and event.scoring.name not in PROFILES else None
        form = QFormLayout()
        for label, widget in (
            (tr("&Name"), self.name), (tr("&Place"), self.place), (tr("Start"), self.start), (tr("End"), self.end),
            (tr("&Arbiters"), self.arbiters), (tr("Organiser"), self.organiser),
            (tr("&Discipline"), self.discipline), (tr("&System"), self.system), (tr("&Rounds"), self.rounds),
            (tr("&Time control"), self.time_control), (tr("Scoring"), self.scoring),
            (tr("Rating system"), self.rating), (tr("Tie-breaks"), self.tiebreaks),
        ):
            form.addRow(label, widget)
        self.error = lay_out_form(self, form, self._check_and_accept)

    def _discipline_defaults(self) -> None:
        discipline = self.discipline.currentData()
        self.scoring.setCurrentIndex(self.scoring.findData(DEFAULT_SCORING[discipline].name))
        self.rating.setCurrentIndex(self.rating.findData(DEFAULT_RATING[discipline]))
        if discipline is Discipline.DRAUGHTS:
            self.system.setCurrentIndex(self.system.findData(PairingSystem.ROUND_ROBIN))

    def values(self) -> dict[str, Any]:
        """The event fields (raises :class:`TournamentError` with a bilingual message if one is invalid)."""
        scoring = self._custom_scoring if self._custom_scoring is not None and \
            self.scoring.currentData() == "custom" else PROFILES[self.scoring.currentData()]
        return {
            "name": self.name.text().strip(),
            "place": self.place.text().strip(),
            "start_date": _pydate(self.start.date()),
            "end_date": _pydate(self.end.date()),
            "arbiters": tuple(a.strip() for a in self.arbiters.text().split(",") if a.strip()),
            "organiser": self.organiser.text().strip(),
            "discipline": self.discipline.currentData(),
            "system": self.system.currentData(),
            "rounds": self.rounds.value(),
            "time_control": TimeControl.parse(self.time_control.text()),
            "scoring": scoring,
            "rating_system": self.rating.currentData(),
            "tiebreaks": tuple(c.strip().upper() for c in self.tiebreaks.text().split(",") if c.strip()),
        }

    def build_event(self) -> Event:
        return Event(**self.values())

    def _check_and_accept(self) -> None:
        try:
            self.build_event()
        except TournamentError as exc:
            self.error.setText(exc.message(self.t.lang))  # type: ignore[attr-defined]
            return
        self.accept()
