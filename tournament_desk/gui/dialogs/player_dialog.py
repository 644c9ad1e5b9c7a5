"""Add or edit a player: every field of the registration. OK registers through ``submit``; a refused value is
shown next to its field and the form stays open; a possible duplicate (the same name and birth date) asks
"register anyway?"; a licence number another player already has is refused under the licence, with no such
question (one licence, one player). The rating and the birth date take typing at once (``1850``, ``20/03/1990``
in French), and may stay empty."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QMessageBox

from tournament_desk.core.actions.players import DuplicatePlayerError
from tournament_desk.core.disciplines import discipline_profile, rating_word
from tournament_desk.core.errors import TournamentError, ValidationError
from tournament_desk.core.messages import N_
from tournament_desk.core.model import MAX_NAME_LENGTH, Player, Sex
from tournament_desk.gui.dialogs.form import (
    DateField,
    FormDialog,
    NumberField,
    combo_enum,
    fill_enum_combo,
    read_field,
    select_data,
)
from tournament_desk.gui.i18n import Translator

# National licence ids: letters and digits, 3 to 12 characters (FFE "A12345", FFJD numeric ids, FFSc ids).
LICENCE_PATTERN = re.compile(r"^[A-Za-z0-9]{3,12}$")
MAX_RATING = 4000
_OPTIONAL_FIELDS = frozenset({"licence_id", "fide_id", "fmjd_id", "title", "duplicate_series"})
"""The fields a discipline may not ask for (:attr:`DisciplineProfile.player_fields`)."""

_SERIES = (("super", N_("super series")), ("1", N_("1st series")), ("2", N_("2nd series")),
           ("3", N_("3rd series")), ("4", N_("4th series")), ("5", N_("5th series")), ("6", N_("6th series")),
           ("7", N_("7th series")))
"""Seed 002 §2.1: the duplicate series (sub-series A to D not distinguished), each giving a PL*."""

Submit = Callable[[dict[str, Any], bool], Any]
"""``submit(fields, allow_duplicates)``: registers or edits, returns the change, raises on a refusal."""


class PlayerDialog(FormDialog):
    """``submit`` None: the dialog only validates, and :meth:`fields` gives the values once accepted."""

    def __init__(self, parent: Any, t: Translator, rating_system: str, player: Player | None = None, *,
                 submit: Submit | None = None, confirm_duplicate: Callable[[str], bool] | None = None,
                 discipline: str = "other") -> None:
        super().__init__(parent, t, None)
        self.player_submit = submit
        self.confirm_duplicate = confirm_duplicate or self._ask_duplicate
        self.rating_system = rating_system
        self.setWindowTitle(t("Edit player") if player else t("Add player"))
        self.surname = QLineEdit(player.surname if player else "")
        self.first_name = QLineEdit(player.first_name if player else "")
        for edit in (self.surname, self.first_name):
            edit.setMaxLength(MAX_NAME_LENGTH)
        self.sex = QComboBox()
        fill_enum_combo(self.sex, ((Sex.UNKNOWN, "—"), (Sex.MALE, t("Male")), (Sex.FEMALE, t("Female"))))
        if player:
            select_data(self.sex, player.sex)
        self.birth = DateField(t, player.birth_date if player else None)
        self.category = QLineEdit(player.category if player else "")
        self.club = QLineEdit(player.club if player else "")
        self.federation = QLineEdit(player.federation if player else "")
        self.licence = QLineEdit(player.licence_id if player else "")
        self.fide_id = QLineEdit(player.fide_id if player else "")
        self.fmjd_id = QLineEdit(player.fmjd_id if player else "")
        self.title_edit = QLineEdit(player.title if player else "")
        # Scrabble: the duplicate series, from which PL* follows for a player without a PL (seed 002 §2.1)
        self.series = QComboBox()
        self.series.addItem("—", "")
        for value, label in _SERIES:
            self.series.addItem(t(label), value)
        self.series.setCurrentIndex(max(0, self.series.findData(player.duplicate_series if player else "")))
        self.rating = NumberField(player.rating(rating_system) if player else None, maximum=MAX_RATING)
        self.unrated = QCheckBox(t("&Unrated"))
        self.unrated.setChecked(bool(player and player.unrated))
        # the discipline's own fields (core.disciplines): chess asks for the FIDE id and title, draughts the FMJD
        # id, Scrabble neither; the fields not asked keep the player's values
        profile = discipline_profile(discipline)
        for label, widget, field in (
            (t("&Surname"), self.surname, "surname"), (t("&First name"), self.first_name, "first_name"),
            (t("Sex"), self.sex, "sex"), (t("Birth date"), self.birth, "birth_date"),
            (t("Category"), self.category, "category"), (t("&Club"), self.club, "club"),
            (t("Federation"), self.federation, "federation"),
            ("&" + profile.licence.text(t.lang), self.licence, "licence_id"),
            (t("FIDE id"), self.fide_id, "fide_id"), (t("FMJD id"), self.fmjd_id, "fmjd_id"),
            (t("Title"), self.title_edit, "title"),
            (t("Duplicate series (for PL*)"), self.series, "duplicate_series"),
            (rating_word(rating_system).text(t.lang), self.rating, "ratings"),
            ("", self.unrated, "unrated"),
        ):
            if field in _OPTIONAL_FIELDS and field not in profile.player_fields:
                continue
            self.add_row(label, widget, field)
        self.finish_layout()
        self._ratings_other = tuple((s, v) for s, v in (player.ratings if player else ()) if s != rating_system)

    def fields(self) -> dict[str, Any]:
        """The values typed (a birth date that is not one is refused under its field)."""
        birth = read_field("birth_date", self.birth.date)
        ratings = self._ratings_other
        rating = self.rating.value()
        if rating:  # empty (or 0): no rating in the event's system
            ratings = (*ratings, (self.rating_system, rating))
        return {
            "surname": self.surname.text().strip(),
            "first_name": self.first_name.text().strip(),
            "sex": combo_enum(self.sex, Sex),
            "birth_date": birth,
            "category": self.category.text().strip(),
            "club": self.club.text().strip(),
            "federation": self.federation.text().strip().upper(),
            "licence_id": self.licence.text().strip(),
            "fide_id": self.fide_id.text().strip(),
            "fmjd_id": self.fmjd_id.text().strip(),
            "title": self.title_edit.text().strip(),
            "duplicate_series": self.series.currentData() or "",
            "ratings": tuple(sorted(ratings)),
            "unrated": self.unrated.isChecked(),
        }

    def values(self) -> dict[str, Any]:
        """The fields, checked as the registration desk does before the services see them."""
        f = self.fields()
        t = self.t
        if not f["surname"]:
            raise ValidationError(t("The surname is required"), field="surname")
        if f["licence_id"] and not LICENCE_PATTERN.match(f["licence_id"]):
            raise ValidationError(t("A licence id is 3 to 12 letters or digits"), field="licence_id")
        if f["fide_id"] and not f["fide_id"].isdigit():
            raise ValidationError(t("A FIDE id is made of digits"), field="fide_id")
        Player(id=0, **f)  # the model's own checks (lengths, ratings), each naming its field
        return f

    def problem(self) -> str | None:
        """The first thing to correct before the dialog can close, in the user's language (None: nothing)."""
        try:
            self.values()
        except TournamentError as exc:
            return exc.message(self.t.lang)
        return None

    def _ask_duplicate(self, text: str) -> bool:
        question = text + "\n\n" + self.t("Register anyway?")
        return QMessageBox.question(self, self.windowTitle(), question) == QMessageBox.StandardButton.Yes

    def try_accept(self) -> None:
        self.clear_errors()
        try:
            fields = self.values()
            submit = self.player_submit
            if submit is not None:
                try:
                    self.result_change = self.saving(lambda: submit(fields, False))
                except DuplicatePlayerError as exc:
                    if not self.confirm_duplicate(exc.message(self.t.lang)):
                        self.show_error(exc)
                        return
                    self.result_change = self.saving(lambda: submit(fields, True))
        except TournamentError as exc:
            self.show_error(exc)
            return
        self.accept()
