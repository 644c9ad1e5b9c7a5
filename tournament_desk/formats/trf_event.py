"""An :class:`EventState` as a FIDE Tournament Report File (TRF16 or TRF26), written with :mod:`formats.trf`.

* Header records (:func:`header_records`): 012 name, 022 place, 032 federation, 042/052 dates, 062 players,
  072 rated players, 092 system, 102 chief arbiter, 112 one line per deputy, 122 time control, 132 round dates
  in the round blocks' columns; TRF26 also 182 pairing controller, 192 encoded type (Dutch), 202/212 the
  tie-break list in FIDE's codes (:func:`tiebreak_list_record`, read back by :func:`tiebreaks_from_record`),
  222 encoded time control.
* Player ``001`` records: starting rank = pairing number (or :func:`start_ranks`), ``SURNAME, First``, sex
  ``m``/``w``, title, rating in the event's rating system, federation, FIDE id, birth date ``YYYY/MM/DD``,
  points in the event's scoring, rank from the standings with the event's tie-breaks.
* Round blocks: played games ``1 = 0`` (``0r`` → 0 for both, opponent kept), forfeits ``+``/``-`` with the
  scheduled opponent, double forfeit ``-`` for both, pending games without a result; pairing-allocated bye
  ``0000 - U``, requested byes ``H``/``F``, zero-point bye and absence ``Z``, withdrawn ``0000 - -``.
* The round to pair, as the pairing engines read it: byes requested for it (``H``/``F``/``Z``), ``Z`` for a
  player withdrawn from it; ``XXR``, the initial colour (``XXC white1``/``black1``), pairs that must not meet
  (``XXP``) and the Baku acceleration's virtual points (``XXA``, C.04.5.1).
* Non-chess scoring (draughts 2/1/0, Kashdan...) is declared with ``XXS`` (TRF16) or ``162`` (TRF26).
* A team event (:func:`team_records`, docs/teams.md): ``082`` the number of teams; its teams as ``310`` records
  (TRF26; ``013`` in TRF16) with their players in roster order; TRF26 also ``352`` (board colours), ``362`` (team
  scoring), ``300`` (line-ups out of the roster's order or with an empty board), ``320`` (the team without a
  match in a round), ``330`` (forfeited matches) and ``299`` (the match points of a forfeit when the event's
  scale gives it less than a loss). A board the other team left empty is the present player's forfeit win
  without an opponent, ``0000 - +``.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from tournament_desk.core.actions.players import numbered_for_round
from tournament_desk.core.actions.swiss import baku_accelerations_of
from tournament_desk.core.actions.teams import team_average
from tournament_desk.core.errors import TournamentError
from tournament_desk.core.ids import PairingNumber, numbers_in_order
from tournament_desk.core.model import Bye, EventState, Game, PairingSystem, TimeControl
from tournament_desk.core.pairing.swiss_state import Colour
from tournament_desk.core.results import Outcome
from tournament_desk.core.scoring import CHESS
from tournament_desk.core.teams.boards import match_boards
from tournament_desk.core.teams.standings import team_standings
from tournament_desk.core.tiebreaks import DEFAULT_EDITION, build_standings
from tournament_desk.formats.trf import (
    TrfAbnormal,
    TrfForfeit,
    TrfLineup,
    TrfPlayer,
    TrfRoundEntry,
    TrfTeam,
    TrfTeamBye,
    TrfTournament,
    abnormal_record,
    dumps,
    forfeit_record,
    lineup_record,
    team_bye_record,
    team_record,
    team_record_013,
    team_scoring_record,
)

__all__ = ["FIDE_TIEBREAK_CODES", "PAIRING_CONTROLLER", "encoded_time_control", "event_trf", "header_records",
           "round_dates_record", "start_ranks", "state_to_trf", "team_numbers", "team_records", "tiebreak_list_record",
           "tiebreaks_from_record"]

PAIRING_CONTROLLER = "tournament_desk"
"""Record 182 (TRF26: the program or user making the pairings)."""
ROUND_COLUMN = 91
"""0-based column where round 1's block begins (column 92 of the FIDE text): record 132's dates align with it."""

_GAME_CODE = {
    Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0", Outcome.ZERO_BY_RULE: "0",
    Outcome.FORFEIT_WIN_EXCUSED: "+", Outcome.FORFEIT_WIN_UNEXCUSED: "+",
    Outcome.FORFEIT_LOSS_EXCUSED: "-", Outcome.FORFEIT_LOSS_UNEXCUSED: "-", Outcome.DOUBLE_FORFEIT: "-",
}
_BYE_CODE = {Outcome.PAIRING_BYE: "U", Outcome.HALF_BYE: "H", Outcome.FULL_BYE: "F", Outcome.ZERO_BYE: "Z",
             Outcome.WITHDRAWN: "-"}
_FORFEIT_TYPE = {"away": "+-", "home": "-+", "both": "--"}  # 330: the home team is the White team
_SYSTEM = {"round-robin": "Round robin", "double-round-robin": "Double round robin", "dutch": "Swiss Dutch",
           "scoregroup": "Swiss score groups", "classique": "Scrabble classique (French formula)",
           "manual": "Manual pairings", "knockout": "Knockout"}


def _numbered(state: EventState) -> EventState:
    """A Dutch Swiss numbered as it will be for its next round (round robins keep their grid numbers)."""
    if state.event.system is PairingSystem.DUTCH and state.last_round < state.event.rounds and state.players:
        try:
            return numbered_for_round(state, state.last_round + 1)
        except TournamentError:
            return state
    return state


def start_ranks(state: EventState) -> dict[int, PairingNumber]:
    """Starting ranks: the pairing numbers the event pairs its next round with (C.04.2 Art.2: given when
    round 1 is paired, late entries numbered into place until round 4); the others after them in id order."""
    state = _numbered(state)
    ranks = {p.id: PairingNumber(p.pairing_number) for p in state.players if p.pairing_number is not None}
    nxt = max(ranks.values(), default=0)
    for p in sorted(state.players, key=lambda q: q.id):
        if p.id not in ranks:
            nxt += 1
            ranks[p.id] = PairingNumber(nxt)
    return ranks


def _scoring_codes(state: EventState) -> dict[str, float]:
    s = state.event.scoring
    if (s.win, s.draw, s.loss, s.pairing_bye) == (CHESS.win, CHESS.draw, CHESS.loss, CHESS.pairing_bye):
        return {}
    return {"W": s.win, "D": s.draw, "L": s.loss, "P": s.pairing_bye, "A": s.zero_bye}


def round_dates_record(dates: Sequence[dt.date | None]) -> str:
    """Record 132's text after ``132 ``: round r's date ``YY/MM/DD`` at columns 92+10(r-1) .. 99+10(r-1), under
    the round blocks of the ``001`` records (TRF26, Tournament Section, 132); a round without a date is blank."""
    text = ""
    for r, day in enumerate(dates):
        column = ROUND_COLUMN + 10 * r  # 0-based column of the line
        text = text.ljust(column - 4) + (day.strftime("%y/%m/%d") if day else "")
    return text.rstrip()


def encoded_time_control(tc: TimeControl) -> str:
    """Record 222 (TRF26, Encoded Time Control): one period of ``S`` seconds, ``+I`` seconds a move."""
    seconds = tc.base_minutes * 60
    return f"{seconds}+{tc.increment_seconds}" if tc.increment_seconds else str(seconds)


FIDE_TIEBREAK_CODES = {"DE": "DE", "WIN": "WIN", "WON": "WON", "BLK": "BPG", "BWG": "BWG", "CUM": "PS", "BH": "BH",
                       "SB": "SB", "KOYA": "KS", "ARO": "ARO", "PERF": "TPR"}
"""This program's tie-break codes with their code in the FIDE Tie-Break Regulations (C.07, the articles the
registry cites for each: BLK is BPG, Art. 7.3; CUM is PS, Art. 7.5; KOYA is KS, Art. 9.2; PERF is TPR, Art. 10.2),
the codes records 202 and 212 list. The cut and median variants add a modifier: ``BH-C1`` is ``BH/C1``,
``BH-M1`` ``BH/M1``, ``CUM-C1`` ``PS/C1``, ``ARO-C1`` ``ARO/C1``."""
_FIDE_CODE = re.compile(r"^([A-Z]+)(?:[/:]([CM])([1-9][0-9]?))?$")  # BH:C1 as Sharly Chess writes it
_VARIANT = re.compile(r"(?:(?:CUM|BH|ARO)-C|BH-M)[1-9][0-9]?")  # the registry's cut and median variants


def tiebreak_list_record(codes: Sequence[str]) -> str | None:
    """Record 202's text (TRF26, "Other tournament tags", 202: the FIDE tie-breaks used to break ties, a
    comma-separated list of codes, such as ``BH/C1,BH,SB``): ``codes`` in FIDE's notation, in their order. None
    when a code has no FIDE equivalent (the national and Scrabble ones): a list with a tie-break left out would
    misstate how the ranks were made, so the record is not written. Record 212 is the same list after ``PTS``."""
    fide: list[str] = []
    for code in codes:
        name, _, variant = code.partition("-")
        if name not in FIDE_TIEBREAK_CODES or (variant and not _VARIANT.fullmatch(code)):
            return None
        fide.append(FIDE_TIEBREAK_CODES[name] + (f"/{variant}" if variant else ""))
    return ",".join(fide) if fide else None


def tiebreaks_from_record(text: str) -> tuple[tuple[str, ...], list[str]]:
    """This program's codes from a record 202 or 212 (TRF26: comma-separated FIDE codes; 212 begins with ``PTS``,
    the points, which every standings table ranks by first), and the codes not read: modifiers this program does
    not compute (``:MP``, ``/P``, ``/L+1``...) and codes it does not know, in the order written."""
    back = {fide: code for code, fide in FIDE_TIEBREAK_CODES.items()}
    codes: list[str] = []
    unknown: list[str] = []
    tokens = [token.strip() for token in text.split(",") if token.strip()]
    if tokens and tokens[0].upper() == "PTS":
        tokens = tokens[1:]
    for token in tokens:
        match = _FIDE_CODE.match(token.upper())
        code = back.get(match.group(1)) if match else None
        if match and code and match.group(2):
            code = f"{code}-{match.group(2)}{match.group(3)}"
            code = code if tiebreak_list_record([code]) else None  # a variant that exists (BH-M1, not SB-M1)
        if code is None:
            unknown.append(token)
        else:
            codes.append(code)
    return tuple(codes), unknown


def header_records(state: EventState, edition: str = "16") -> dict[str, list[str]]:
    """The tournament section of the report (TRF26, Tournament Section; TRF16 the same up to 132): 012 name,
    022 city, 032 federation, 042/052 dates ``YYYY/MM/DD``, 062/072 players and rated players, 092 type,
    102 chief arbiter (the event's first arbiter), 112 one line per deputy arbiter (the others), 122 time
    control, 132 round dates. TRF26 adds 182 (the pairing controller: this program), 192 (the encoded type of a
    Dutch Swiss), 202 and 212 (the event's tie-break list, which made the ranks of the ``001`` records: see
    :func:`tiebreak_list_record`) and 222 (the encoded time control)."""
    e = state.event
    headers: dict[str, list[str]] = {"012": [e.name]}
    if e.place:
        headers["022"] = [e.place]
    if e.federation:
        headers["032"] = [e.federation]
    if e.start_date:
        headers["042"] = [e.start_date.strftime("%Y/%m/%d")]
    if e.end_date:
        headers["052"] = [e.end_date.strftime("%Y/%m/%d")]
    headers["062"] = [str(len(state.players))]
    headers["072"] = [str(sum(1 for p in state.players if p.rating(e.rating_system) and not p.unrated))]
    headers["092"] = [_SYSTEM.get(e.system.value, e.system.value)]
    if e.team is not None:
        headers["082"] = [str(len(state.teams))]
        headers["092"] = ["Team " + headers["092"][0].lower()]
    if e.arbiters:
        headers["102"] = [e.arbiters[0]]
        if len(e.arbiters) > 1:
            headers["112"] = list(e.arbiters[1:])
    headers["122"] = [f"{e.time_control.base_minutes}'+{e.time_control.increment_seconds}\""]
    if any(e.round_dates):
        headers["132"] = [round_dates_record(e.round_dates)]
    if edition == "26":
        headers["182"] = [PAIRING_CONTROLLER]
    if e.acceleration == "baku":
        headers["192"] = ["FIDE_DUTCH_2026_BAKU"]
    elif edition == "26" and e.system is PairingSystem.DUTCH:
        headers["192"] = ["FIDE_DUTCH_2026"]
    # A team event is ranked by its team rules' tie-breaks, which TRF26's FIDE codes here do not cover.
    listed = tiebreak_list_record(e.tiebreaks) if edition == "26" and e.team is None else None
    if listed:
        headers["202"] = [listed]
        headers["212"] = [f"PTS,{listed}"]
    if edition == "26":
        headers["222"] = [encoded_time_control(e.time_control)]
    if edition == "26" and e.team is not None:
        won, drawn, lost, _ = e.team.match_points
        headers["352"] = [e.team.colour_sequence]
        headers["362"] = [team_scoring_record({"TW": won, "TD": drawn, "TL": lost})]
    return headers


def state_to_trf(state: EventState, edition: str = "16") -> TrfTournament:
    """The event as a :class:`TrfTournament` (header records of ``edition``, players, round blocks, scoring), with
    the round to pair as the engines read it: its requested byes ``0000 - H/F/Z``, ``Z`` for a player withdrawn from it,
    the initial colour ``XXC white1/black1`` (``152``), pairs kept apart ``XXP``, and for the Baku acceleration
    ``192 FIDE_DUTCH_2026_BAKU`` with the virtual points as ``XXA`` lines (C.04.5.1)."""
    e = state.event
    ranks = start_ranks(state)
    codes = list(e.tiebreaks)
    rules = e.tiebreak_edition or DEFAULT_EDITION.value
    try:
        standing = {r.player_id: r.rank for r in build_standings(state, codes, edition=rules)}
    except ValueError:  # a code the core cannot compute for this event: rank on points only
        standing = {r.player_id: r.rank for r in build_standings(state, [])}
    headers = header_records(state, edition)

    next_round = state.last_round + 1
    requested = state.requests_for(next_round)
    empty_wins = _empty_board_wins(state)
    players: list[TrfPlayer] = []
    for p in state.players:
        entries: list[TrfRoundEntry] = []
        for r in sorted(state.rounds, key=lambda x: x.number):
            entry = r.entry_of(p.id)
            if (r.number, p.id) in empty_wins:  # the other team left the board empty: a forfeit win, no opponent
                entries.append(TrfRoundEntry(None, "-", "+"))
            elif isinstance(entry, Game):
                outcome = entry.outcome_of(p.id)
                colour = "w" if entry.white_id == p.id else "b"
                result = _GAME_CODE[outcome] if outcome is not None else ""
                entries.append(TrfRoundEntry(ranks[entry.opponent_of(p.id)], colour, result))
            elif isinstance(entry, Bye):
                entries.append(TrfRoundEntry(None, "-", _BYE_CODE[entry.kind]))
            else:
                entries.append(TrfRoundEntry(None, "-", "Z" if p.is_active_in(r.number) else "-"))
        if next_round <= e.rounds and p.id in requested:  # the round to pair, as the engines read it
            entries.append(TrfRoundEntry(None, "-", _BYE_CODE[requested[p.id]]))
        elif next_round <= e.rounds and not p.is_active_in(next_round):
            entries.append(TrfRoundEntry(None, "-", "Z"))
        rating = p.rating(e.rating_system)
        players.append(TrfPlayer(
            start_rank=ranks[p.id],
            name=f"{p.surname}, {p.first_name}" if p.first_name else p.surname,
            sex={"M": "m", "F": "w"}.get(p.sex.value, ""),
            title=p.title, rating=0 if rating is None or p.unrated else rating, federation=p.federation,
            fide_id=p.fide_id, birth_date=p.birth_date.strftime("%Y/%m/%d") if p.birth_date else "",
            points=state.score(p.id) + e.scoring.forfeit_win * sum(1 for r, pid in empty_wins if pid == p.id),
            rank=standing.get(p.id), rounds=entries,
        ))
    initial = {"white": Colour.WHITE, "black": Colour.BLACK}.get(e.initial_colour)
    groups = [[ranks[a], ranks[b]] for a, b in state.forbidden_pairs]
    accelerations = {ranks[pid]: list(values) for pid, values in
                     baku_accelerations_of(_numbered(state), min(next_round, e.rounds)).items()}
    trf = TrfTournament(headers=headers, players=players, total_rounds=e.rounds, initial_colour=initial,
                        forbidden_groups=groups, accelerations=accelerations, scoring_codes=_scoring_codes(state))
    if e.team is not None:
        team_records(state, trf, ranks, edition)
    return trf


def _empty_board_wins(state: EventState) -> set[tuple[int, int]]:
    """``(round, player id)`` of the boards a player won because the other team left them empty (both line-ups
    given: core/teams/scores.py counts such a board as a forfeit win)."""
    out: set[tuple[int, int]] = set()
    if state.event.team is None:
        return out
    for rnd in state.rounds:
        games = {g.board: g for g in rnd.games}
        for m in state.matches_in(rnd.number):
            if m.forfeit or state.lineup(m.round, m.home) is None or state.lineup(m.round, m.away) is None:
                continue
            for b in match_boards(state, m, games):
                if (b.home is None) != (b.away is None):
                    out.add((rnd.number, b.home if b.home is not None else b.away))  # type: ignore[arg-type]
    return out


def team_numbers(state: EventState) -> dict[int, int]:
    """Each team's number in the file (TRF-2026 ``310``, Team Pairing Number): its pairing number, the teams not
    numbered yet after the others in id order."""
    return numbers_in_order(state.teams)


def team_records(state: EventState, trf: TrfTournament, ranks: dict[int, PairingNumber], edition: str) -> None:
    """The team records of a team event into ``trf`` (TRF-2026, Team Section; docs/teams.md): each team in number
    order as a ``310`` record (``013`` in TRF16) with its whole roster in board order, the strength factor (the
    average rating of the initial order), match and game points and rank from the team standings; then, TRF26
    only, round by round: ``300`` line-ups of the matches where a team's boards are not its roster's first ones
    in order (a reserve, an empty board, another order) or only one line-up is given, ``330`` forfeited matches
    (the home team is the White team), ``299`` the forfeiting team's match points when the scale gives a forfeit
    less than a loss, and one ``320`` record naming each round's team without a match, with its points."""
    rules = state.event.team
    assert rules is not None
    number = team_numbers(state)
    standing = {row.team.id: row for row in team_standings(state)} if state.teams else {}
    teams: list[TrfTeam] = []
    for t in sorted(state.teams, key=lambda x: number[x.id]):
        row = standing.get(t.id)
        teams.append(TrfTeam(
            number=number[t.id], name=t.name, nickname=t.code, strength=round(team_average(state, t)),
            match_points=row.match_points if row else 0.0, game_points=row.game_points if row else 0.0,
            rank=row.rank if row else None, players=[ranks[pid] for pid in t.members]))
    trf.teams = teams
    if edition != "26":
        trf.team_lines = [team_record_013(t) for t in teams]
        return
    lines = [team_record(t) for t in teams]
    byes: list[int] = []
    _won, _drawn, lost, forfeited = rules.match_points
    for rnd in sorted(state.rounds, key=lambda x: x.number):
        playing: set[int] = set()
        for m in state.matches_in(rnd.number):
            playing.update(m.teams())
            home, away = number[m.home], number[m.away]
            if m.forfeit:
                trf.forfeits.append(TrfForfeit(_FORFEIT_TYPE[m.forfeit], rnd.number, home, away))
                if forfeited != lost:
                    losers = [home] if m.forfeit == "home" else [away] if m.forfeit == "away" else [home, away]
                    trf.abnormal.append(TrfAbnormal("-", forfeited, 0.0, rnd.number, tuple(losers)))
                continue
            given = {side: state.lineup(rnd.number, side) for side in m.teams()}
            default = {side: tuple(state.team(side).members[: rules.boards]) for side in m.teams()}
            if any(x is None for x in given.values()) or any(
                    given[side].players != default[side] for side in m.teams()):  # type: ignore[union-attr]
                for side, other in ((m.home, m.away), (m.away, m.home)):
                    lineup = given[side]
                    if lineup is not None:
                        trf.lineups.append(TrfLineup(rnd.number, number[side], number[other], tuple(
                            None if pid is None else ranks[pid] for pid in lineup.players)))
        idle = sorted(number[t.id] for t in state.teams if t.id not in playing)
        byes.append(idle[0] if len(idle) == 1 else 0)
    lines.extend(lineup_record(x) for x in trf.lineups)
    if any(byes):
        bye = TrfTeamBye(rules.bye_points[0], rules.bye_points[1], tuple(byes))
        trf.team_byes.append(bye)
        lines.append(team_bye_record(bye))
    lines.extend(forfeit_record(x) for x in trf.forfeits)
    lines.extend(abnormal_record(x) for x in trf.abnormal)
    trf.team_lines = lines


def event_trf(state: EventState, edition: str = "16", newline: str = "\r\n", comments: Sequence[str] = ()) -> str:
    """TRF text of the event; ``edition`` is ``"16"`` or ``"26"``; ``comments``: ``###`` lines written after the
    records (the arbiter's log)."""
    trf = state_to_trf(state, edition)
    trf.other_lines.extend(line for line in comments if line.startswith("###"))
    return dumps(trf, edition=edition, newline=newline)
