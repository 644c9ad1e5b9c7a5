"""Add or edit a player: every field of the registration, validated by the services on OK."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QFormLayout,
    QLineEdit,
    QSpinBox,
)

from tournament_desk.core.model import Player, Sex
from tournament_desk.gui.dialogs.form import lay_out_form

# National licence ids: letters and digits, 3 to 12 characters (FFE "A12345", FFJD numeric ids, FFSc ids).
LICENCE_PATTERN = re.compile(r"^[A-Za-z0-9]{3,12}$")
NO_DATE = QDate(1900, 1, 1)


class PlayerDialog(QDialog):
    """Returns the player fields through :meth:`fields` once accepted."""

    def __init__(self, parent: Any, tr: Callable[..., str], rating_system: str,
                 player: Player | None = None) -> None:
        super().__init__(parent)
        self.t = tr
        self.rating_system = rating_system
        self.setWindowTitle(tr("Edit player") if player else tr("Add player"))
        form = QFormLayout()
        self.surname = QLineEdit(player.surname if player else "")
        self.first_name = QLineEdit(player.first_name if player else "")
        self.sex = QComboBox()
        for label, value in (("—", Sex.UNKNOWN), (tr("Male"), Sex.MALE), (tr("Female"), Sex.FEMALE)):
            self.sex.addItem(label, value)
        if player:
            self.sex.setCurrentIndex(self.sex.findData(player.sex))
        self.birth = QDateEdit()
        self.birth.setDisplayFormat("dd/MM/yyyy")
        self.birth.setMinimumDate(NO_DATE)
        self.birth.setSpecialValueText("—")
        self.birth.setDate(QDate(player.birth_date) if player and player.birth_date else NO_DATE)
        self.category = QLineEdit(player.category if player else "")
        self.club = QLineEdit(player.club if player else "")
        self.federation = QLineEdit(player.federation if player else "")
        self.licence = QLineEdit(player.licence_id if player else "")
        self.fide_id = QLineEdit(player.fide_id if player else "")
        self.fmjd_id = QLineEdit(player.fmjd_id if player else "")
        self.title_edit = QLineEdit(player.title if player else "")
        self.rating = QSpinBox()
        self.rating.setRange(0, 4000)
        self.rating.setSpecialValueText("—")
        self.rating.setValue((player.rating(rating_system) or 0) if player else 0)
        self.unrated = QCheckBox(tr("Unrated"))
        self.unrated.setChecked(bool(player and player.unrated))
        rows = [
            (tr("&Surname"), self.surname), (tr("&First name"), self.first_name), (tr("Sex"), self.sex),
            (tr("Birth date"), self.birth), (tr("Category"), self.category), (tr("&Club"), self.club),
            (tr("Federation"), self.federation), (tr("&Licence"), self.licence), (tr("FIDE id"), self.fide_id),
            (tr("FMJD id"), self.fmjd_id), (tr("Title"), self.title_edit),
            (tr("Rating ({})", rating_system), self.rating), ("", self.unrated),
        ]
        for label, widget in rows:
            form.addRow(label, widget)
        self.error = lay_out_form(self, form, self._check_and_accept)
        self._ratings_other = tuple((s, v) for s, v in (player.ratings if player else ()) if s != rating_system)

    def fields(self) -> dict[str, Any]:
        birth = self.birth.date()
        ratings = self._ratings_other
        if self.rating.value() > 0:
            ratings = (*ratings, (self.rating_system, self.rating.value()))
        return {
            "surname": self.surname.text().strip(),
            "first_name": self.first_name.text().strip(),
            "sex": self.sex.currentData(),
            "birth_date": None if birth == NO_DATE else dt.date(birth.year(), birth.month(), birth.day()),
            "category": self.category.text().strip(),
            "club": self.club.text().strip(),
            "federation": self.federation.text().strip().upper(),
            "licence_id": self.licence.text().strip(),
            "fide_id": self.fide_id.text().strip(),
            "fmjd_id": self.fmjd_id.text().strip(),
            "title": self.title_edit.text().strip(),
            "ratings": tuple(sorted(ratings)),
            "unrated": self.unrated.isChecked(),
        }

    def problem(self) -> str | None:
        """The first thing to correct before the dialog can close, in the user's language."""
        f = self.fields()
        if not f["surname"]:
            return self.t("The surname is required")
        if f["licence_id"] and not LICENCE_PATTERN.match(f["licence_id"]):
            return self.t("A licence id is 3 to 12 letters or digits")
        if f["fide_id"] and not f["fide_id"].isdigit():
            return self.t("A FIDE id is made of digits")
        return None

    def _check_and_accept(self) -> None:
        problem = self.problem()
        if problem:
            self.error.setText(problem)
            return
        self.accept()
