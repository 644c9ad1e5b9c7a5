"""What each game is, in one place: the words, the result notation, the defaults and the fields of a discipline.

Every layer reads a game's vocabulary here rather than deciding it itself, so that no screen of one game speaks
another's words:

* the two sides of a board: chess and draughts have colours (White / Black, seed 000 §6.6: the FFJD's software
  suggests a colour); Scrabble classique has none: who starts a game is drawn at the table (see docs/rules.md
  §4c), so a board shows a player and his opponent;
* what a game leaves: a result in the game's notation (1-0 / ½-½ / 0-1; the FFJD's 2-0 / 1-1 / 0-2 and its
  forfeit codes, seed 000 §4), or, in Scrabble, both players' scores (``412 380``), the win, draw or loss
  following from them;
* the result legend a window and a print carry (the FFJD codes spelt out, seed 000 §4);
* the default pairing system (draughts: the FMJD round robin, seed 000 annex A; Scrabble: the French classique
  formula, groups of wins folded 1st against last, docs/rules.md §4c; the platform's score groups stay offered)
  and the default tie-breaks (draughts: the FFJD's Solkoff family, seed 000 §3; Scrabble: the capped spread,
  seed 002 §7; chess: the FFE annex's menus, chosen by :mod:`services.standings`);
* the player's fields (chess: national licence, FIDE id, title, Elo; draughts: FFJD licence, FMJD id,
  Capital-Points; Scrabble: federation licence, cote PL, and the duplicate series PL* follows from, seed 002
  §2.1) and the rating systems offered;
* the word for a rating in each language ("Elo", "classement FFJD", "cote PL"), for the standings' heads too;
* which rule settings apply (:func:`rule_areas`).

Pure data and small functions: no Qt, no storage.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament_desk.core.messages import SEMICOLON, Msg, list_separator, msg, pmsg
from tournament_desk.core.model import Event, Game, PairingSystem, RatingSystem
from tournament_desk.core.results import Discipline, GameResult, format_game_result
from tournament_desk.core.sources import FFJD_RCN, FISF_PL, Citation, cite

__all__ = ["DisciplineProfile", "ResultCode", "discipline_profile", "game_result_text", "parse_scores", "profile_of",
           "rating_short", "rating_word", "result_from_scores", "rule_areas"]


@dataclass(frozen=True, slots=True)
class ResultCode:
    """One entry of a result legend: the code as written and what it means (a catalogue message)."""

    code: str
    meaning: Msg
    cell: str = ""
    """How the code reads in a crosstable's cell, one player's mark (``2``, ``2fe / 0fe``); empty: not there."""


@dataclass(frozen=True, slots=True)
class DisciplineProfile:
    """The vocabulary and defaults of one discipline (see the module's text)."""

    discipline: Discipline
    name: Msg
    """The game's name ("Chess", "Draughts", "Scrabble classique")."""
    has_colours: bool
    """Chess and draughts: White and Black. Scrabble classique: no colours (who starts is drawn at the table)."""
    first_side: Msg
    """The head of a board's first player (``White``; ``Player`` in Scrabble)."""
    second_side: Msg
    """The head of a board's second player (``Black``; ``Opponent`` in Scrabble)."""
    game_scores: bool
    """True when a game is entered as both players' scores (Scrabble): the result follows from them."""
    result_keys: str
    """The keys typed on a board of the Results tab ("1 / = / 0", "2 / 1 / 0", "412 380")."""
    legend: tuple[ResultCode, ...]
    """The result notation spelt out, for the Results tab and the prints."""
    legend_source: Citation | None
    """Where that notation is defined (None: the program's notation of chess results)."""
    default_system: PairingSystem
    systems: tuple[PairingSystem, ...]
    """The pairing systems offered for the discipline, the default first."""
    default_rating: RatingSystem
    rating_systems: tuple[RatingSystem, ...]
    """The rating systems offered for the discipline, the default first."""
    player_fields: tuple[str, ...]
    """The player's fields the form asks for beyond the name, sex, birth date, category, club and federation
    (``licence_id``, ``fide_id``, ``fmjd_id``, ``title``, ``duplicate_series``: Scrabble's PL*, seed 002 §2.1)."""
    licence: Msg
    """The label of the national licence field ("FFE licence", "FFJD licence", "FFSc licence")."""
    points_head: Msg
    """The head of the points column of the standings ("Points"; "Wins" in Scrabble)."""
    tiebreak_heads: tuple[tuple[str, Msg], ...] = ()
    """The federation's head of a tie-break column, when it is not the code (Scrabble: "Spread" for SPREAD)."""
    default_tiebreak_list: tuple[str, ...] | None = None
    """The discipline's own default tie-breaks (None: chosen by the event's system and ratings, FFE annex §3)."""
    tiebreak_source: Citation | None = None
    """Where the discipline's default list comes from."""

    def tiebreak_head(self, code: str) -> Msg | None:
        """The head the discipline's federation gives the tie-break ``code`` (None: the code itself)."""
        for known, head in self.tiebreak_heads:
            if known == code:
                return head
        return None

    def legend_text(self, lang: str = "en", *, cells: bool = False) -> str:
        """``2-0 = win; 1-1 = draw; …`` in ``lang``, followed by the source when there is one; ``cells``: the
        marks a crosstable's cells carry instead (``2 = win``...)."""
        items = list_separator(SEMICOLON, lang).join(f"{c.cell if cells else c.code} = {c.meaning.text(lang)}"
                                                     for c in self.legend if c.cell or not cells)
        if self.legend_source is None:
            return items
        return f"{items} ({self.legend_source.text(lang, short=True)})"


_FFJD_CODES = (
    ResultCode("2-0", pmsg("result legend", "win (2 points)"), "2"),
    ResultCode("1-1", pmsg("result legend", "draw (1 point each)"), "1"),
    ResultCode("0-2", pmsg("result legend", "loss (0 points)"), "0"),
    ResultCode("2fe / 0fe", pmsg("result legend", "win / loss by excused forfeit"), "2fe / 0fe"),
    ResultCode("2fne / 0fne", pmsg("result legend", "win / loss by unexcused forfeit (rated as played)"),
               "2fne / 0fne"),
    ResultCode("0r", pmsg("result legend", "0-0 by the regulations (game played, no points)"), "0r"),
    ResultCode("0d", pmsg("result legend", "double forfeit (both absent)"), "0d"),
    ResultCode("EXEMPT", pmsg("result legend", "no opponent this round")),
)
"""Seed 000 §4: "0 défaite, 1 remise, 2 victoire", 2fe / 0fe "forfait excusé", 2fne / 0fne "forfait non excusé"
(§6.4: counted as played), 0r "0-0 réglementaire", 0d "double forfait"; EXEMPT §6.5."""

_CHESS_CODES = (
    ResultCode("1-0", pmsg("result legend", "White wins")),
    ResultCode("½-½", pmsg("result legend", "draw")),
    ResultCode("0-1", pmsg("result legend", "Black wins")),
    ResultCode("+ / -", pmsg("result legend", "win / loss by forfeit")),
    ResultCode("0-0", pmsg("result legend", "both players lose")),
    ResultCode("--", pmsg("result legend", "double forfeit")),
)

_SCRABBLE_CODES = (
    ResultCode("412-380", pmsg("result legend", "the two players' scores: the higher score wins (1 point), equal "
                                                "scores draw (½)")),
    ResultCode("+ / -", pmsg("result legend", "win / loss by forfeit (1 / 0 point, no spread)")),
    ResultCode("--", pmsg("result legend", "double forfeit")),
)

_SWISS = (PairingSystem.DUTCH, PairingSystem.SCORE_GROUP, PairingSystem.MANUAL)
_ROBIN = (PairingSystem.ROUND_ROBIN, PairingSystem.DOUBLE_ROUND_ROBIN)

_PROFILES: dict[Discipline, DisciplineProfile] = {
    Discipline.CHESS: DisciplineProfile(
        Discipline.CHESS, pmsg("discipline", "Chess"), True, msg("White"), msg("Black"), False, "1 / = / 0",
        _CHESS_CODES, None, PairingSystem.DUTCH, (PairingSystem.DUTCH, *_ROBIN, *_SWISS[1:], PairingSystem.KNOCKOUT),
        RatingSystem.FIDE, (RatingSystem.FIDE, RatingSystem.NATIONAL_ELO, RatingSystem.NONE),
        ("licence_id", "fide_id", "title"), pmsg("field", "FFE licence"), msg("Points")),
    Discipline.DRAUGHTS: DisciplineProfile(
        Discipline.DRAUGHTS, pmsg("discipline", "Draughts"), True, msg("White"), msg("Black"), False, "2 / 1 / 0",
        _FFJD_CODES, cite(FFJD_RCN, "§4"), PairingSystem.ROUND_ROBIN, (*_ROBIN, *_SWISS),
        RatingSystem.FFJD, (RatingSystem.FFJD, RatingSystem.FMJD, RatingSystem.NONE),
        ("licence_id", "fmjd_id", "title"), pmsg("field", "FFJD licence"), msg("Points"),
        (("SK", pmsg("tie-break head", "Sk")), ("SK-M", pmsg("tie-break head", "Sm")),
         ("SK-T", pmsg("tie-break head", "St"))),
        ("SK", "SK-M", "SK-T"), cite(FFJD_RCN, "§3")),
    Discipline.SCRABBLE: DisciplineProfile(
        Discipline.SCRABBLE, pmsg("discipline", "Scrabble classique"), False, pmsg("board side", "Player"),
        pmsg("board side", "Opponent"), True, "412 380", _SCRABBLE_CODES, cite(FISF_PL, "§7"),
        PairingSystem.CLASSIQUE, (PairingSystem.CLASSIQUE, PairingSystem.SCORE_GROUP, *_ROBIN, PairingSystem.MANUAL),
        RatingSystem.FISF_PL, (RatingSystem.FISF_PL, RatingSystem.NONE),
        ("licence_id", "duplicate_series"), pmsg("field", "FFSc licence"), pmsg("standings", "Wins"),
        (("SPREAD", pmsg("tie-break head", "Spread")), ("WIN", pmsg("tie-break head", "Wins"))),
        ("SPREAD",), cite(FISF_PL, "§7")),
    Discipline.OTHER: DisciplineProfile(
        Discipline.OTHER, pmsg("discipline", "Other"), True, msg("White"), msg("Black"), False, "1 / = / 0",
        _CHESS_CODES, None, PairingSystem.DUTCH, (PairingSystem.DUTCH, *_ROBIN, *_SWISS[1:], PairingSystem.KNOCKOUT),
        RatingSystem.NONE, tuple(RatingSystem), ("licence_id", "fide_id", "fmjd_id", "title", "duplicate_series"),
        pmsg("field", "Licence"), msg("Points")),
}


def discipline_profile(discipline: Discipline | str) -> DisciplineProfile:
    """The profile of ``discipline`` (its value accepted: ``"draughts"``)."""
    return _PROFILES[Discipline(discipline)]


def profile_of(event: Event) -> DisciplineProfile:
    """The profile of the event's discipline."""
    return _PROFILES[event.discipline]


_RATING_WORDS: dict[RatingSystem, Msg] = {
    RatingSystem.FIDE: pmsg("rating word", "Elo"),
    RatingSystem.NATIONAL_ELO: pmsg("rating word", "Elo"),
    RatingSystem.FFJD: pmsg("rating word", "FFJD rating"),
    RatingSystem.FMJD: pmsg("rating word", "FMJD rating"),
    RatingSystem.FISF_PL: pmsg("rating word", "PL rating"),
    RatingSystem.NONE: pmsg("rating word", "Rating"),
}
"""What players call a rating of each system: "Elo" in chess (French players too), "classement FFJD" (the
Capital-Points, seed 000 §1), "cote PL" (seed 002 §2)."""

_RATING_SHORT = {RatingSystem.FIDE: "Elo", RatingSystem.NATIONAL_ELO: "Elo", RatingSystem.FFJD: "CP",
                 RatingSystem.FMJD: "FMJD", RatingSystem.FISF_PL: "PL", RatingSystem.NONE: ""}
"""The narrow column's head on prints (CP: seed 000's own acronym; PL: seed 002's)."""


def rating_word(system: RatingSystem | str) -> Msg:
    """The word for a rating of ``system`` (a catalogue message): a column head or a label."""
    return _RATING_WORDS[RatingSystem(system)]


def rating_short(system: RatingSystem | str, lang: str = "en") -> str:
    """The narrow head of a rating column on a print (``Elo``, ``CP``, ``PL``; the word when none is set)."""
    return _RATING_SHORT[RatingSystem(system)] or rating_word(system).text(lang)


_AREA_OF_RATING = {RatingSystem.FFJD: "ffjd", RatingSystem.NATIONAL_ELO: "elo", RatingSystem.FISF_PL: "scrabble"}


def rule_areas(event: Event) -> tuple[str, ...]:
    """The areas of rule settings (:mod:`core.rule_settings`) that apply to ``event``: the tie-breaks' treatment
    of unplayed games when one of the event's tie-breaks adjusts them (not Scrabble's spread nor the FFJD's
    Solkoff family, which count games as played), and the settings of the event's rating system (FFJD
    Capital-Points, national Elo, Scrabble PL)."""
    from tournament_desk.core.tiebreaks import get_tiebreak  # the registry: only when asked

    areas: list[str] = []
    codes = event.tiebreaks or profile_of(event).default_tiebreak_list
    if codes is None or any(get_tiebreak(code).adjusted for code in codes):
        areas.append("tiebreaks")
    if event.rating_system in _AREA_OF_RATING:
        areas.append(_AREA_OF_RATING[event.rating_system])
    return tuple(areas)


def parse_scores(text: str) -> tuple[int, int] | None:
    """Two scores as typed in one go: ``412 380``, ``412-380``, ``412/380`` or ``412:380``; None otherwise.
    A Scrabble classique score is a whole number from 0 to 9999."""
    cleaned = text.strip()
    for sep in ("-", "/", ":", ";", ","):
        cleaned = cleaned.replace(sep, " ")
    parts = cleaned.split()
    if len(parts) != 2 or not all(p.isdigit() and len(p) <= 4 for p in parts):
        return None
    return int(parts[0]), int(parts[1])


def game_result_text(game: Game, discipline: Discipline | str) -> str:
    """A board's result as the discipline writes it: Scrabble classique its two scores (``412-380``) when they
    were entered, else (and in every other game) the result in the game's notation; empty while pending."""
    if game.result is None:
        return ""
    if discipline_profile(discipline).game_scores and game.white_points is not None \
            and game.black_points is not None:
        return f"{game.white_points}-{game.black_points}"
    return format_game_result(game.result, Discipline(discipline))


def result_from_scores(first: int, second: int) -> GameResult:
    """The result two scores give: the higher score wins, equal scores draw."""
    if first > second:
        return GameResult.WHITE_WIN
    if second > first:
        return GameResult.BLACK_WIN
    return GameResult.DRAW

