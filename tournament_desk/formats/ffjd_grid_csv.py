"""Draughts results as a grid of FFJD result codes (CSV), for the homologation bundle.

One row per player, in starting-number order. Columns (``;`` separated, UTF-8 with BOM so spreadsheets open
it correctly):

``No;Nom;Prenom;Licence;Club;CP;R1_adv;R1_res;…;Rn_adv;Rn_res;Pts``

``Rk_adv`` is the opponent's number in round k (empty without a board), ``Rk_res`` the player's FFJD code
(seed 000 §4): ``2`` victoire, ``1`` remise, ``0`` défaite, ``2fe``/``0fe`` forfait excusé, ``2fne``/``0fne``
forfait non excusé, ``0r`` 0-0 réglementaire, ``0d`` double forfait; without a board ``EXEMPT`` (the
pairing-allocated bye), ``hpb``/``fpb`` (requested byes), ``abs`` (absent) or ``ret`` (withdrawn); empty while
the result is pending. ``Pts`` is the total in the event's scoring.
"""

from __future__ import annotations

import csv
import io

from tournament_desk.core.model import Bye, EventState, Game, RatingSystem
from tournament_desk.core.results import Outcome

__all__ = ["ffjd_code", "ffjd_grid_csv"]

_CODES = {Outcome.WIN: "2", Outcome.DRAW: "1", Outcome.LOSS: "0"}
_BYES = {Outcome.PAIRING_BYE: "EXEMPT", Outcome.HALF_BYE: "hpb", Outcome.FULL_BYE: "fpb", Outcome.ZERO_BYE: "abs",
         Outcome.WITHDRAWN: "ret"}


def ffjd_code(outcome: Outcome) -> str:
    """Seed 000 §4 code of one player's outcome (byes: the labels above)."""
    if outcome.is_bye:
        return _BYES[outcome]
    return _CODES.get(outcome, outcome.value)


def _points(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def ffjd_grid_csv(state: EventState) -> bytes:
    """The grid as CSV bytes (UTF-8 with BOM, ``;`` delimiter, CRLF line ends)."""
    numbers = {p.id: p.pairing_number for p in state.players if p.pairing_number is not None}
    nxt = max(numbers.values(), default=0)
    for p in sorted(state.players, key=lambda q: q.id):
        if p.id not in numbers:
            nxt += 1
            numbers[p.id] = nxt
    rounds = sorted(state.rounds, key=lambda r: r.number)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    header = ["No", "Nom", "Prenom", "Licence", "Club", "CP"]
    for r in rounds:
        header += [f"R{r.number}_adv", f"R{r.number}_res"]
    writer.writerow([*header, "Pts"])
    for p in sorted(state.players, key=lambda q: numbers[q.id]):
        cp = p.rating(RatingSystem.FFJD)
        row: list[str] = [str(numbers[p.id]), p.surname, p.first_name, p.licence_id, p.club,
                          "" if cp is None or p.unrated else str(cp)]
        for r in rounds:
            entry = r.entry_of(p.id)
            if isinstance(entry, Game):
                outcome = entry.outcome_of(p.id)
                row += [str(numbers[entry.opponent_of(p.id)]), ffjd_code(outcome) if outcome is not None else ""]
            elif isinstance(entry, Bye):
                row += ["", ffjd_code(entry.kind)]
            else:
                row += ["", ffjd_code(Outcome.ZERO_BYE if p.is_active_in(r.number) else Outcome.WITHDRAWN)]
        row.append(_points(state.score(p.id)))
        writer.writerow(row)
    return ("\ufeff" + out.getvalue()).encode("utf-8")
