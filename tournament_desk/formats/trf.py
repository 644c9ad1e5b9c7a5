"""FIDE Tournament Report File (TRF16 and TRF26) reader and writer, with the engine extensions.

Columns are 1-based in the FIDE text and 0-based here. Player records ``001`` are fixed-column; round
block r starts at column 92 + 10 (r - 1). Supported extension records: JaVaFo/bbpPairings ``XXR XXC XXA
XXP XXS XXZ`` and the TRF26 records ``142 152 162 240 250 260``. The TRF26 team records are read too: the
teams (``310``, and the older ``013``) into :class:`TrfTeam`, the board colours (``352``) as a header, the team
scoring (``362``) as a header and into :attr:`TrfTournament.team_scoring`, the out-of-order boards (``300``),
the teams' pairing-allocated byes (``320``), the forfeited matches (``330``) and the abnormal points (``299``)
into their own values (:class:`TrfLineup`, :class:`TrfTeamBye`, :class:`TrfForfeit`, :class:`TrfAbnormal`), each
at the columns the TRF-2026 text gives (Team Section); every team record is also kept verbatim (written back as
read), as are the informative ``801``/``802`` records and the national rating records (a federation's code,
``FRA``..., instead of ``001``). The same columns write them (:func:`team_record`, :func:`lineup_record`...).
Unknown records are kept verbatim, with a warning.

Numbers: a blank numeric field that the format allows to be empty (the match points of an individual event's
``250``, the game points of a team event's) is read as absent (None); a field that is not blank and does not
read as the number it must be is a :class:`TrfError` naming its line and column, never a ``ValueError``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from tournament_desk.core.ids import PairingNumber
from tournament_desk.core.pairing.acceleration import baku_accelerations, baku_group_a_size
from tournament_desk.core.pairing.swiss_state import (
    ByeKind,
    Colour,
    Outcome,
    PlayerState,
    RoundEntry,
    Scoring,
    SwissState,
)

__all__ = [
    "TEAM_SCORING_DEFAULTS",
    "DeclaredSystem",
    "TrfAbnormal",
    "TrfAcceleration",
    "TrfError",
    "TrfForfeit",
    "TrfLineup",
    "TrfPlayer",
    "TrfRoundEntry",
    "TrfTeam",
    "TrfTeamBye",
    "TrfTournament",
    "abnormal_record",
    "check_engine_input",
    "check_points",
    "declared_system",
    "dumps",
    "engine_input",
    "forfeit_record",
    "initial_colour",
    "lineup_record",
    "loads",
    "pairing_order",
    "played_rounds",
    "read_file",
    "recorded_round",
    "team_bye_record",
    "team_record",
    "team_record_013",
    "team_scoring_record",
    "to_swiss_state",
]

RESULT_CODES = set("10=+-WDLHFUZ")
HEADER_CODES = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132")
TRF26_CODES = ("172", "182", "192", "202", "212", "222", "352", "362")  # 352, 362: a team event's board colours
# and team scoring (kept as headers, text as written)
_SCORING_CODES = {"W": "win", "D": "draw", "L": "loss", "A": "zero_bye", "P": "pab"}
# bbpPairings' point records, kept under the XXS code of the same meaning.
_BB_CODES = {"BBW": "W", "BBD": "D", "BBL": "L", "BBZ": "ZPB", "BBF": "FL", "BBU": "PAB"}
TEAM_CODES = ("013", "310")
"""The team records (TRF26 ``310``; ``013``, its TRF16 predecessor, to be phased out)."""
TEAM_SECTION_CODES = ("299", "300", "320", "330", "801", "802")
"""The other records of a team event (TRF26): abnormal points, out-of-order boards, the team's pairing-allocated
bye, forfeited matches, the informative records. Kept verbatim."""
TEAM_SCORING_DEFAULTS = {"TW": 2.0, "TD": 1.0, "TL": 0.0}
"""Record ``362`` (TRF-2026, Scoring point system for teams): the match points of a team win, draw and loss, and
their defaults."""
FORFEIT_TYPES = ("+-", "-+", "--")
"""Record ``330`` (TRF-2026, Forfeited Matches): won by the White team, won by the Black team, double forfeit."""
ABNORMAL_TYPES = "WDLFHZ+- "
"""Record ``299`` (TRF-2026, Abnormal Assignment Points): the type at column 5 (blank: a penalty or bonus)."""
_NATIONAL = re.compile(r"[A-Z]{3}")  # a national rating record: the federation's code instead of 001
MAX_ROUNDS = 999
"""The most rounds a file may declare (XXR/142): round numbers have three columns in TRF26 records."""


class TrfError(ValueError):
    """A TRF file that cannot be read. ``line`` and ``column`` are 1-based."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column
        self.message = message


@dataclass
class TrfRoundEntry:
    """One 10-column round block: opponent (None for ``0000``/blank), colour w/b/-, result code."""

    opponent: PairingNumber | None = None  # the opponent's starting rank
    colour: str = ""  # "w", "b", "-" or "" (blank)
    result: str = ""  # one of RESULT_CODES (upper case) or "" (blank)

    @property
    def is_blank(self) -> bool:
        return self.opponent is None and not self.colour and not self.result

    @property
    def participated(self) -> bool:
        return self.opponent is not None or self.result in ("U", "+")

    @property
    def is_requested_bye(self) -> bool:
        return self.opponent is None and self.result in ("H", "F", "Z")

    @property
    def not_paired(self) -> bool:
        """An entry written without a pairing (``0000 - H/F/Z``, ``0000 - -``, lichess ``       -``...).

        In the round being paired it means "do not pair this player", as JaVaFo (AUM, *Unusual info
        extensions*) and bbpPairings read it: every non-blank entry that is neither a game nor the PAB.
        """
        return not self.is_blank and self.opponent is None and self.result not in ("U", "+")


@dataclass
class TrfPlayer:
    start_rank: PairingNumber  # the number the file and the engines name the player by
    line: int = field(default=0, compare=False)  # 1-based line of the ``001`` record in the file read
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: float | None = None
    rank: int | None = None
    rounds: list[TrfRoundEntry] = field(default_factory=list)


@dataclass(frozen=True)
class TrfAcceleration:
    """A TRF26 ``250`` record: fictitious points for players (or teams) ``first_id..last_id`` in rounds
    ``first_round..last_round``. Match points (columns 5-8) are blank in an individual event, game points
    (columns 10-13) may be blank in a team event: blank is None."""

    match_points: float | None
    game_points: float | None
    first_round: int
    last_round: int
    first_id: int
    last_id: int


@dataclass
class TrfTeam:
    """A team record: ``310`` (TRF26) or ``013`` (numbered in the order of the records). Blank numbers are
    None; ``players`` are the starting ranks of its ``001`` records, board order."""

    number: int
    name: str = ""
    nickname: str = ""
    strength: int | None = None
    match_points: float | None = None
    game_points: float | None = None
    rank: int | None = None
    players: list[int] = field(default_factory=list)
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class TrfLineup:
    """A ``300`` record (TRF-2026, Out-Of-(default)Order): the players of ``team`` at boards 1, 2... in ``round``
    against ``opponent``; None for an unoccupied board (``0000``)."""

    round: int
    team: int
    opponent: int
    players: tuple[int | None, ...]
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class TrfTeamBye:
    """A ``320`` record (TRF-2026, Teams - Pairing-Allocated Bye): the PAB's match and game points, and the team
    given it in round 1, 2... (0: none)."""

    match_points: float | None
    game_points: float | None
    teams: tuple[int, ...]
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class TrfForfeit:
    """A ``330`` record (TRF-2026, Forfeited Matches): ``kind`` ``+-`` (won by the White team), ``-+`` (won by the
    Black team) or ``--`` (double forfeit), the round, the White and the Black team."""

    kind: str
    round: int
    white: int
    black: int
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class TrfAbnormal:
    """A ``299`` record (TRF-2026, Abnormal Assignment Points): the type (:data:`ABNORMAL_TYPES`), match points
    (teams), game points, the round (None: all rounds) and the teams (or players) it applies to."""

    kind: str
    match_points: float | None
    game_points: float | None
    round: int | None
    ids: tuple[int, ...]
    line: int = field(default=0, compare=False)


@dataclass
class TrfTournament:
    headers: dict[str, list[str]] = field(default_factory=dict)
    players: list[TrfPlayer] = field(default_factory=list)
    total_rounds: int | None = None  # XXR / 142
    initial_colour: Colour | None = None  # XXC white1/black1 / 152
    pair_by_rank: bool = False  # XXC rank
    accelerations: dict[PairingNumber, list[float]] = field(default_factory=dict)  # XXA
    acceleration_ranges: list[TrfAcceleration] = field(default_factory=list)  # 250
    forbidden_groups: list[list[PairingNumber]] = field(default_factory=list)  # XXP
    forbidden_ranges: list[tuple[int, int, list[PairingNumber]]] = field(default_factory=list)  # 260
    byes: list[tuple[str, int, list[PairingNumber]]] = field(default_factory=list)  # 240: kind, round, ids
    absent_next: list[PairingNumber] = field(default_factory=list)  # XXZ
    scoring_codes: dict[str, float] = field(default_factory=dict)  # XXS CODE=VALUE / 162 / BBx
    lines: dict[str, int] = field(default_factory=dict, compare=False)  # record code -> its last line number
    teams: list[TrfTeam] = field(default_factory=list)  # 310 / 013
    team_lines: list[str] = field(default_factory=list)  # 013, 310 and the team section's records, verbatim
    team_scoring: dict[str, float] = field(default_factory=dict)  # 362: TW/TD/TL -> match points
    lineups: list[TrfLineup] = field(default_factory=list)  # 300
    team_byes: list[TrfTeamBye] = field(default_factory=list)  # 320
    forfeits: list[TrfForfeit] = field(default_factory=list)  # 330
    abnormal: list[TrfAbnormal] = field(default_factory=list)  # 299
    national_lines: list[str] = field(default_factory=list)  # national rating records (FRA, GER...), verbatim
    other_lines: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def player(self, start_rank: int) -> TrfPlayer:
        for p in self.players:
            if p.start_rank == start_rank:
                return p
        raise KeyError(start_rank)

    @property
    def rounds_in_file(self) -> int:
        return max((len(p.rounds) for p in self.players), default=0)

    @property
    def is_team_event(self) -> bool:
        """The file reports a team event (team records ``310``/``013``): its ``240``, ``250`` and ``260`` records
        then name teams, not players."""
        return bool(self.teams)


# ---------------------------------------------------------------------------------------------- reading
def _int_field(text: str, lineno: int, col: int, what: str, *, required: bool = True) -> int | None:
    s = text.strip()
    if not s:
        if required:
            raise TrfError(lineno, col, f"missing {what}")
        return None
    if not (s.isascii() and s.isdigit()) or len(s) > 9:  # "²".isdigit() is True, int("²") fails
        raise TrfError(lineno, col, f"{what} must be a whole number, found {s[:20]!r}")
    return int(s)


_DECIMAL = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)", re.ASCII)


def _decimal_field(text: str, lineno: int, col: int, what: str, *, required: bool = False) -> float | None:
    """A number such as ``11.5`` (or ``-1.0``) in a fixed field: None when blank (unless ``required``);
    anything else — ``1,5``, ``x``, ``nan``, ``1e9`` — is a :class:`TrfError` at ``col``."""
    s = text.strip()
    if not s:
        if required:
            raise TrfError(lineno, col, f"missing {what}")
        return None
    if len(s) > 12 or not _DECIMAL.fullmatch(s):
        raise TrfError(lineno, col, f"{what} must be a number such as 1.5, found {s[:20]!r}")
    return float(s)


def _number_text(text: str) -> float | None:
    """``text`` as a decimal number, or None when it is not one (the readers that warn instead of refusing)."""
    s = text.strip()
    return float(s) if len(s) <= 12 and _DECIMAL.fullmatch(s) else None


def _parse_player(line: str, lineno: int, warnings: list[str]) -> TrfPlayer:
    line = line.rstrip()
    if len(line) < 8:
        raise TrfError(lineno, 5, "player record too short")
    number = _int_field(line[4:8], lineno, 5, "starting rank")
    assert number is not None
    start_rank = PairingNumber(number)
    if start_rank == 0:
        raise TrfError(lineno, 5, "starting rank 0 is not allowed")
    padded = line.ljust(91)
    rating_text = padded[48:52].strip()
    rating = 0
    if rating_text:
        if rating_text.isascii() and rating_text.isdigit():
            rating = int(rating_text)
        else:
            warnings.append(f"line {lineno}: unreadable rating {rating_text!r}, using 0")
    points_text = padded[80:84].strip()
    points = _number_text(points_text) if points_text else None
    if points_text and points is None:
        warnings.append(f"line {lineno}: unreadable points {points_text!r}")
    rank_text = padded[85:89].strip()
    rank = int(rank_text) if rank_text.isascii() and rank_text.isdigit() else None
    rounds: list[TrfRoundEntry] = []
    c = 91
    while c < len(line):
        block = line[c : c + 8].ljust(8)
        opp_text = block[0:4]
        opponent: PairingNumber | None = None
        if opp_text.strip():
            value = _int_field(opp_text, lineno, c + 1, "opponent")
            opponent = PairingNumber(value) if value else None
            if opponent == start_rank:
                raise TrfError(lineno, c + 1, f"player {start_rank} cannot play himself")
        colour = block[5].lower()
        if colour not in ("w", "b", "-", " "):
            raise TrfError(lineno, c + 6, f"colour must be w, b or -, found {block[5]!r}")
        result = block[7].upper()
        if result != " " and result not in RESULT_CODES:
            raise TrfError(lineno, c + 8, f"unknown result code {block[7]!r}")
        if block[4] != " " or block[6] != " ":
            raise TrfError(lineno, c + 5, "round block must be 'oooo c r'")
        if opponent is None and colour in ("w", "b"):
            raise TrfError(lineno, c + 6, "a colour is given without an opponent")
        colour = colour.strip()
        if opp_text == "0000" and not colour and result == " ":
            colour = "-"  # "0000" alone: no opponent, no result (TRF16: blank = absence); written "0000 -  "
        rounds.append(TrfRoundEntry(opponent, colour, result.strip()))
        c += 10
    while rounds and rounds[-1].is_blank:
        rounds.pop()
    return TrfPlayer(
        start_rank=start_rank,
        line=lineno,
        sex=padded[9].strip(),
        title=padded[10:13].strip(),
        name=padded[14:47].strip(),
        rating=rating,
        federation=padded[53:56].strip(),
        fide_id=padded[57:68].strip(),
        birth_date=padded[69:79].strip(),
        points=points,
        rank=rank,
        rounds=rounds,
    )


def _ids(text: str, lineno: int, col: int) -> list[PairingNumber]:
    out = []
    for m in re.finditer(r"\S+", text):
        value = _int_field(m.group(), lineno, col + m.start(), "player id")
        assert value is not None
        if value > 9999:
            raise TrfError(lineno, col + m.start(), f"player id {value} is not a starting rank (1 to 9999)")
        out.append(PairingNumber(value))
    return out


def _fixed_ids(line: str, start: int, lineno: int, what: str = "player id", *, width: int = 4,
               step: int = 5) -> list[PairingNumber]:
    out = []
    for c in range(start, len(line), step):
        chunk = line[c : c + width]
        if chunk.strip():
            value = _int_field(chunk, lineno, c + 1, what)
            assert value is not None
            out.append(PairingNumber(value))
    return out


def _parse_acceleration(line: str, lineno: int) -> TrfAcceleration:
    """``250 MMMM GGGG RRF RRL PPPF PPPL``: match points 5-8, game points 10-13 (either may be blank), first and
    last round 15-17 and 19-21, first and last player (or team) 23-26 and 28-31."""
    padded = line.ljust(31)
    r1 = _int_field(padded[14:17], lineno, 15, "first round")
    r2 = _int_field(padded[18:21], lineno, 19, "last round")
    p1 = _int_field(padded[22:26], lineno, 23, "first player (or team) id")
    p2 = _int_field(padded[27:31], lineno, 28, "last player (or team) id")
    assert r1 is not None and r2 is not None and p1 is not None and p2 is not None
    if not 1 <= r1 <= r2:
        raise TrfError(lineno, 15 if r1 < 1 else 19, f"rounds {r1} to {r2} are not a range of rounds")
    if not 1 <= p1 <= p2:
        raise TrfError(lineno, 23 if p1 < 1 else 28, f"ids {p1} to {p2} are not a range of ids")
    return TrfAcceleration(
        match_points=_decimal_field(padded[4:8], lineno, 5, "fictitious match points"),
        game_points=_decimal_field(padded[9:13], lineno, 10, "fictitious game points"),
        first_round=r1, last_round=r2, first_id=p1, last_id=p2,
    )


def _parse_team(line: str, lineno: int, registered: int) -> TrfTeam:
    """``310 NNN name(9-40) nick(42-46) strength(48-53) MP(55-60) GP(62-67) rank(69-71) players 74-77, 79-82...``
    or the older ``013 name(5-36) players 37-40, 42-45...`` (numbered ``registered + 1``)."""
    if line.startswith("013"):
        return TrfTeam(number=registered + 1, name=line[4:36].strip(),
                       players=[i for i in _fixed_ids(line, 36, lineno) if i], line=lineno)
    padded = line.ljust(72)
    number = _int_field(padded[4:7], lineno, 5, "team number")
    assert number is not None
    return TrfTeam(
        number=number,
        name=padded[8:40].strip(),
        nickname=padded[41:46].strip(),
        strength=_int_field(padded[47:53], lineno, 48, "team strength", required=False),
        match_points=_decimal_field(padded[54:60], lineno, 55, "team match points"),
        game_points=_decimal_field(padded[61:67], lineno, 62, "team game points"),
        rank=_int_field(padded[68:71], lineno, 69, "team rank", required=False),
        players=[i for i in _fixed_ids(line, 73, lineno) if i],
        line=lineno,
    )


def _parse_lineup(line: str, lineno: int) -> TrfLineup:
    """``300 RRR TTT OOO PPPP PPPP ...``: round 5-7, the team 9-11, its scheduled opponent 13-15, the players of
    boards 1, 2... at 17-20, 22-25... (``0000``: an unoccupied board)."""
    padded = line.rstrip().ljust(15)
    rnd = _int_field(padded[4:7], lineno, 5, "round")
    team = _int_field(padded[8:11], lineno, 9, "team pairing number")
    opponent = _int_field(padded[12:15], lineno, 13, "scheduled opponent")
    assert rnd is not None and team is not None and opponent is not None
    if rnd < 1:
        raise TrfError(lineno, 5, "round 0 is not a round")
    if team == opponent or not team:
        raise TrfError(lineno, 9, f"team {team} cannot be its own opponent" if team else "team 0 is not a team")
    players: list[int | None] = []
    for c in range(16, len(padded.rstrip()), 5):
        value = _int_field(padded[c : c + 4], lineno, c + 1, "player id", required=False)
        players.append(value or None)
    if not players:
        raise TrfError(lineno, 17, "no board: give each board's player id (0000 for an unoccupied board)")
    return TrfLineup(rnd, team, opponent, tuple(players), line=lineno)


def _parse_team_bye(line: str, lineno: int) -> TrfTeamBye:
    """``320 MMMM GGGG TTT TTT ...``: the PAB's match points 5-8 and game points 10-13, the team given it in round 1
    at 15-17, round 2 at 19-21... (``000``: none)."""
    padded = line.rstrip().ljust(13)
    teams = []
    for c in range(14, len(padded), 4):
        value = _int_field(padded[c : c + 3], lineno, c + 1, "team pairing number", required=False)
        teams.append(value or 0)
    return TrfTeamBye(_decimal_field(padded[4:8], lineno, 5, "PAB match points"),
                      _decimal_field(padded[9:13], lineno, 10, "PAB game points"), tuple(teams), line=lineno)


def _parse_forfeit(line: str, lineno: int) -> TrfForfeit:
    """``330 TT RRR WWW BBB``: the type 5-6 (:data:`FORFEIT_TYPES`), round 8-10, White team 12-14, Black 16-18."""
    padded = line.rstrip().ljust(18)
    kind = padded[4:6]
    if kind not in FORFEIT_TYPES:
        raise TrfError(lineno, 5, f"type of forfeit must be +- (won by the White team), -+ (by the Black team) or "
                       f"-- (double forfeit), found {kind!r}")
    rnd = _int_field(padded[7:10], lineno, 8, "round")
    white = _int_field(padded[11:14], lineno, 12, "White team")
    black = _int_field(padded[15:18], lineno, 16, "Black team")
    assert rnd is not None and white is not None and black is not None
    if rnd < 1:
        raise TrfError(lineno, 8, "round 0 is not a round")
    if white == black:
        raise TrfError(lineno, 16, f"team {white} cannot play itself")
    return TrfForfeit(kind, rnd, white, black, line=lineno)


def _parse_abnormal(line: str, lineno: int) -> TrfAbnormal:
    """``299 T  MMMM  GGGG  RRR IIII IIII ...``: the type at 5, match points 8-11, game points 14-17, round 20-22
    (``000`` or blank: every round), the teams (or players) at 24-27, 29-32..."""
    padded = line.rstrip().ljust(22)
    kind = padded[4].upper()
    if kind not in ABNORMAL_TYPES:
        raise TrfError(lineno, 5, f"type of abnormal assignment must be one of W D L F H Z + - or blank, found "
                       f"{padded[4]!r}")
    rnd = _int_field(padded[19:22], lineno, 20, "round", required=False)
    return TrfAbnormal(kind.strip(), _decimal_field(padded[7:11], lineno, 8, "match points"),
                       _decimal_field(padded[13:17], lineno, 14, "game points"), rnd or None,
                       tuple(_fixed_ids(padded, 23, lineno, "team or player id")), line=lineno)


def _parse_team_scoring(line: str, lineno: int, warnings: list[str]) -> dict[str, float]:
    """``362 TW 2.0   TD 1.0   TL 0.0``: each symbol ending at column 6 (then 15, 24...), its match points at 7-10
    (16-19, 25-28...), as record ``162`` places its codes and points. A one-letter ``W``/``D``/``L`` at column 6
    reads as ``TW``/``TD``/``TL``."""
    out: dict[str, float] = {}
    for c in range(4, len(line.rstrip()), 9):
        symbol = line[c : c + 2].strip().upper()
        if not symbol:
            continue
        if len(symbol) == 1:
            symbol = "T" + symbol
        points = _decimal_field(line[c + 2 : c + 6], lineno, c + 3, f"match points of {symbol!r}")
        if symbol not in TEAM_SCORING_DEFAULTS:
            warnings.append(f"line {lineno}: unknown team scoring symbol {symbol!r} (TW, TD or TL)")
        elif points is not None:
            out[symbol] = points
    return out


def loads(text: str | bytes) -> TrfTournament:
    """Parse TRF text (CR, LF or CRLF line endings)."""
    trf = TrfTournament()
    if isinstance(text, bytes):
        raw = text
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:  # Swiss-Manager and Vega write the Windows code page
            try:
                text = raw.decode("cp1252")
                trf.warnings.append("file is not UTF-8; read as Windows-1252")
            except UnicodeDecodeError:
                text = raw.decode("latin-1")
                trf.warnings.append("file is not UTF-8; read as Latin-1")
    text = text.lstrip("\ufeff")
    seen: set[int] = set()
    unranked: list[TrfPlayer] = []
    for lineno, line in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        if not line.strip():
            continue
        try:
            _parse_line(trf, line, lineno, seen)
            if line.startswith("001") and trf.players[-1].rank is None:
                unranked.append(trf.players[-1])
        except TrfError:
            raise
        except ValueError as exc:  # a number field that does not read as a number
            raise TrfError(lineno, 1, f"unreadable {line[:3]!r} record ({exc})") from None
    if unranked:  # informative only (the engines do not read it): one warning, not one per player
        first = unranked[0]
        others = f" and {len(unranked) - 1} other player(s)" if len(unranked) > 1 else ""
        verb = "have" if others else "has"
        trf.warnings.append(f"line {first.line}: player {first.start_rank}{others} {verb} no rank (columns 86-89)")
    return trf


def _parse_line(trf: TrfTournament, line: str, lineno: int, seen: set[int]) -> None:
    """One record of a TRF file into ``trf``."""
    code = line[:3]
    rest = line[4:] if len(line) > 4 else ""
    trf.lines[code] = lineno
    if code == "001":
        player = _parse_player(line, lineno, trf.warnings)
        if player.start_rank in seen:
            raise TrfError(lineno, 5, f"starting rank {player.start_rank} is repeated")
        seen.add(player.start_rank)
        trf.players.append(player)
    elif code in ("XXR", "142"):
        value = rest.split()[0] if rest.split() else ""
        trf.total_rounds = _int_field(value, lineno, 5, "number of rounds")
        if trf.total_rounds is not None and trf.total_rounds > MAX_ROUNDS:
            raise TrfError(lineno, 5, f"{trf.total_rounds} rounds: a TRF event has at most {MAX_ROUNDS}")
    elif code == "XXC":
        for token in rest.lower().split():
            if token == "rank":
                trf.pair_by_rank = True
            elif token in ("white1", "black1"):
                trf.initial_colour = Colour.WHITE if token == "white1" else Colour.BLACK
            else:
                trf.warnings.append(f"line {lineno}: unknown XXC option {token!r}")
    elif code == "152":
        letter = rest.strip().upper()[:1]
        if letter not in ("W", "B"):
            raise TrfError(lineno, 5, "initial colour must be W or B")
        trf.initial_colour = Colour.WHITE if letter == "W" else Colour.BLACK
    elif code == "XXA":
        pid = _int_field(line[4:8], lineno, 5, "player id")
        assert pid is not None
        if len(line) > 9 + 5 * MAX_ROUNDS:
            raise TrfError(lineno, 10 + 5 * MAX_ROUNDS, f"more than {MAX_ROUNDS} rounds of accelerated points")
        values = [_decimal_field(line[c : c + 4], lineno, c + 1, "accelerated points") or 0.0
                  for c in range(9, len(line), 5)]  # a blank round: no fictitious points in it
        trf.accelerations[PairingNumber(pid)] = values
    elif code == "250":
        trf.acceleration_ranges.append(_parse_acceleration(line, lineno))
    elif code == "XXP":
        trf.forbidden_groups.append(_ids(rest, lineno, 5))
    elif code == "260":
        padded = line.ljust(12)
        r1 = _int_field(padded[4:7], lineno, 5, "first round")
        r2 = _int_field(padded[8:11], lineno, 9, "last round")
        assert r1 is not None and r2 is not None
        trf.forbidden_ranges.append((r1, r2, _fixed_ids(line, 12, lineno)))
    elif code == "240":
        padded = line.ljust(11)
        kind = padded[4].upper()
        if kind not in ("F", "H", "Z"):
            raise TrfError(lineno, 5, "bye type must be F, H or Z")
        rnd = _int_field(padded[6:9], lineno, 7, "round")
        assert rnd is not None
        trf.byes.append((kind, rnd, _fixed_ids(line, 10, lineno)))
    elif code == "XXZ":
        trf.absent_next.extend(_ids(rest, lineno, 5))
    elif code == "XXS":
        for token in rest.split():
            key, _, value = token.partition("=")
            number = _number_text(value)
            if number is None:
                trf.warnings.append(f"line {lineno}: bad scoring entry {token[:40]!r}")
            else:
                trf.scoring_codes[key.upper()] = number
    elif code == "162":  # a result code at column 6, its points at 7-10; the next pair 9 columns further
        for c in range(5, len(line), 9):
            key = line[c : c + 1].strip()
            if not key:
                continue
            points = _decimal_field(line[c + 1 : c + 5], lineno, c + 2, f"points of the result code {key!r}")
            if points is not None:
                trf.scoring_codes[key.upper()] = points
    elif code in _BB_CODES:  # bbpPairings TRF(bx): points "pp.p" at columns 5-8
        value = line[4:8].strip()
        number = _number_text(value)
        if number is None:
            raise TrfError(lineno, 5, f"{code} needs points such as 1.0, found {value[:20]!r}")
        trf.scoring_codes[_BB_CODES[code]] = number
    elif code in HEADER_CODES or code in TRF26_CODES:
        trf.headers.setdefault(code, []).append(rest.rstrip())
        if code == "362":
            trf.team_scoring.update(_parse_team_scoring(line, lineno, trf.warnings))
    elif code in TEAM_CODES:
        trf.teams.append(_parse_team(line, lineno, len(trf.teams)))
        trf.team_lines.append(line.rstrip())
    elif code in TEAM_SECTION_CODES:
        if code == "300":
            trf.lineups.append(_parse_lineup(line, lineno))
        elif code == "320":
            trf.team_byes.append(_parse_team_bye(line, lineno))
        elif code == "330":
            trf.forfeits.append(_parse_forfeit(line, lineno))
        elif code == "299":
            trf.abnormal.append(_parse_abnormal(line, lineno))
        trf.team_lines.append(line.rstrip())
    elif _NATIONAL.fullmatch(code) and not code.startswith(("XX", "BB")) and line[4:8].strip().isdigit():
        trf.national_lines.append(line.rstrip())  # TRF26 national rating support: linked to 001 by cols 5-8
    else:
        if not line.startswith("###"):
            trf.warnings.append(f"line {lineno}: unknown record {code!r} kept as is")
        trf.other_lines.append(line.rstrip())


def read_file(path: str) -> TrfTournament:
    with open(path, "rb") as fh:
        return loads(fh.read())


# ---------------------------------------------------------------------------------------------- writing
def _player_line(p: TrfPlayer) -> str:
    points = "" if p.points is None else f"{p.points:4.1f}"
    rank = "" if p.rank is None else str(p.rank)
    head = (
        f"001 {p.start_rank:4d} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} "
        f"{(str(p.rating) if p.rating else ''):>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} "
        f"{p.birth_date[:10]:<10} {points:>4} {rank:>4}"
    )
    blocks = []
    for e in p.rounds:
        if e.is_blank:
            blocks.append(" " * 8)
        else:
            opp = f"{e.opponent:4d}" if e.opponent is not None else "0000"
            blocks.append(f"{opp} {e.colour or ' '} {e.result or ' '}")
    return (head + "  " + "  ".join(blocks)).rstrip() if blocks else head.rstrip()


def _fmt_points(value: float) -> str:
    return f"{value:4.1f}"


def _points_text(value: float | None, width: int) -> str:
    return "" if value is None else f"{value:{width}.1f}"


def team_record(team: TrfTeam) -> str:
    """A ``310`` record (TRF-2026, Team Section): pairing number 5-7, name 9-40, nickname 42-46, strength factor
    48-53, match points 55-60 and game points 62-67 (``1111.5``), rank 69-71, then the players' starting ranks in
    board order at 74-77, 79-82... (the text's table goes to the 14th at 139-142; a longer roster goes on in the
    same 5 columns)."""
    strength = "" if team.strength is None else str(team.strength)
    rank = "" if team.rank is None else str(team.rank)
    head = (f"310 {team.number:3d} {team.name[:32]:<32} {team.nickname[:5]:<5} {strength[:6]:>6} "
            f"{_points_text(team.match_points, 6):>6} {_points_text(team.game_points, 6):>6} {rank[:3]:>3} ")
    return (head + "".join(f" {p:4d}" for p in team.players)).rstrip()


def team_record_013(team: TrfTeam) -> str:
    """A ``013`` record (TRF16; TRF-2026 keeps it, to be phased out): name 5-36, the players' starting ranks at
    37-40, 42-45..."""
    return (f"013 {team.name[:32]:<32}" + " ".join(f"{p:4d}" for p in team.players)).rstrip()


def lineup_record(lineup: TrfLineup) -> str:
    """A ``300`` record (TRF-2026, Out-Of-(default)Order): round 5-7, team 9-11, scheduled opponent 13-15, board
    1's player at 17-20, board 2's at 22-25... (``0000``: an unoccupied board)."""
    return (f"300 {lineup.round:03d} {lineup.team:03d} {lineup.opponent:03d}"
            + "".join(f" {p or 0:04d}" for p in lineup.players))


def team_bye_record(bye: TrfTeamBye) -> str:
    """A ``320`` record (TRF-2026, Teams - Pairing-Allocated Bye): match points 5-8, game points 10-13, the PAB
    team of round 1 at 15-17, round 2 at 19-21... (``000``: none)."""
    return (f"320 {_points_text(bye.match_points, 4):>4} {_points_text(bye.game_points, 4):>4}"
            + "".join(f" {t:03d}" for t in bye.teams))


def forfeit_record(forfeit: TrfForfeit) -> str:
    """A ``330`` record (TRF-2026, Forfeited Matches): type 5-6, round 8-10, White team 12-14, Black team 16-18."""
    return f"330 {forfeit.kind} {forfeit.round:03d} {forfeit.white:03d} {forfeit.black:03d}"


def abnormal_record(record: TrfAbnormal) -> str:
    """A ``299`` record (TRF-2026, Abnormal Assignment Points): type 5, match points 8-11, game points 14-17, round
    20-22 (blank: every round), teams (or players) at 24-27, 29-32..."""
    rnd = "" if record.round is None else f"{record.round:03d}"
    return (f"299 {record.kind or ' '}  {_points_text(record.match_points, 4):>4}  "
            f"{_points_text(record.game_points, 4):>4}  {rnd:>3}" + "".join(f" {i:4d}" for i in record.ids)).rstrip()


def team_scoring_record(points: dict[str, float]) -> str:
    """Record ``362``'s text after ``362 `` (TRF-2026, Scoring point system for teams): ``TW 2.0   TD 1.0   TL 0.0``,
    each symbol ending at column 6, 15, 24... with its points at 7-10, 16-19, 25-28..., the places record ``162``
    gives its codes and points."""
    return "   ".join(f"{symbol[:2]:>2}{value:4.1f}" for symbol, value in points.items())


def dumps(trf: TrfTournament, edition: str = "16", newline: str = "\r") -> str:
    """Write ``trf`` as TRF16 (with XX extension lines) or TRF26 (records 142/152/162/240/250/260)."""
    if edition not in ("16", "26"):
        raise ValueError("edition must be '16' or '26'")
    lines: list[str] = []
    for code in HEADER_CODES + TRF26_CODES:
        for value in trf.headers.get(code, []):
            lines.append(f"{code} {value}".rstrip())
    lines.extend(_player_line(p) for p in sorted(trf.players, key=lambda q: q.start_rank))
    if edition == "16":
        if trf.total_rounds is not None:
            lines.append(f"XXR {trf.total_rounds}")
        xxc = (["rank"] if trf.pair_by_rank else []) + (
            [] if trf.initial_colour is None else ["white1" if trf.initial_colour is Colour.WHITE else "black1"]
        )
        if xxc:
            lines.append("XXC " + " ".join(xxc))
        for pid in sorted(trf.accelerations):
            values = " ".join(_fmt_points(v) for v in trf.accelerations[pid])
            lines.append(f"XXA {pid:4d} {values}".rstrip())
        lines.extend("XXP " + " ".join(str(i) for i in group) for group in trf.forbidden_groups)
        if trf.absent_next:
            lines.append("XXZ " + " ".join(str(i) for i in trf.absent_next))
        if trf.scoring_codes:
            lines.append("XXS " + " ".join(f"{k}={v:g}" for k, v in trf.scoring_codes.items()))
    else:
        if trf.total_rounds is not None:
            lines.append(f"142 {trf.total_rounds}")
        if trf.initial_colour is not None:
            lines.append("152 " + ("W" if trf.initial_colour is Colour.WHITE else "B"))
        if trf.scoring_codes:
            lines.append("162" + "".join(f"  {k[:1]}{v:4.1f}   "[:9] for k, v in trf.scoring_codes.items()))
        for kind, rnd, ids in trf.byes:
            lines.append(f"240 {kind} {rnd:3d}" + "".join(f" {i:4d}" for i in ids))
        for a in trf.acceleration_ranges:
            mp = "" if a.match_points is None else f"{a.match_points:4.1f}"
            gp = "" if a.game_points is None else f"{a.game_points:4.1f}"
            lines.append(f"250 {mp:>4} {gp:>4} {a.first_round:3d} {a.last_round:3d} {a.first_id:4d} {a.last_id:4d}")
        for r1, r2, ids in trf.forbidden_ranges:
            lines.append(f"260 {r1:3d} {r2:3d}" + "".join(f" {i:4d}" for i in ids))
    lines.extend(trf.national_lines)
    lines.extend(trf.team_lines)
    lines.extend(trf.other_lines)
    return newline.join(lines) + newline


# ---------------------------------------------------------------------------------------------- engine view
def played_rounds(trf: TrfTournament) -> int:
    """Number of rounds already paired: the last round holding a pairing product (game or PAB).

    As bbpPairings reads it, a round in which every player has an entry written without a pairing (all
    absent) is a round already played as well.
    """
    last = 0
    for p in trf.players:
        for r, e in enumerate(p.rounds, start=1):
            if e.participated:
                last = max(last, r)
    while trf.players and all(len(p.rounds) > last and not p.rounds[last].is_blank for p in trf.players):
        last += 1
    return last


def pairing_order(trf: TrfTournament) -> tuple[PairingNumber, ...]:
    """Starting ranks in pairing-number order: by starting rank, or with ``XXC rank`` in the order of the
    player lines in the file.

    ``XXC rank`` is JaVaFo's "positional id" (AUM, *Ranking id*: the players' position in the file is used
    to produce the pairings), and bbpPairings reads it the same way (players in the order of their ``001``
    lines); the rank column (86-89) plays no part in it, so a file without ranks (lichess) pairs as well.
    """
    if trf.pair_by_rank:
        return tuple(p.start_rank for p in trf.players)
    return tuple(sorted(p.start_rank for p in trf.players))


def _infer_initial_colour(trf: TrfTournament, order: tuple[PairingNumber, ...] | None = None) -> Colour:
    """README rule: the higher-ranked player of a round-1 game has the initial colour iff his TPN is odd."""
    tpn = {pid: i for i, pid in enumerate(order or pairing_order(trf), start=1)}
    for p in trf.players:
        if not p.rounds:
            continue
        e = p.rounds[0]
        if e.opponent is None or e.colour not in ("w", "b") or tpn.get(e.opponent, 0) < tpn[p.start_rank]:
            continue
        mine = Colour.WHITE if e.colour == "w" else Colour.BLACK
        return mine if tpn[p.start_rank] % 2 == 1 else mine.opposite
    return Colour.WHITE


def initial_colour(trf: TrfTournament) -> Colour:
    """The initial colour: ``XXC white1/black1`` or ``152``, else read from round 1 (white before round 1)."""
    return trf.initial_colour or _infer_initial_colour(trf)


def _scoring(trf: TrfTournament) -> Scoring:
    codes = trf.scoring_codes
    if not codes:
        return Scoring()
    base = Scoring()
    win = codes.get("W", codes.get("WW", base.win))
    draw = codes.get("D", codes.get("WD", base.draw))
    loss = codes.get("L", codes.get("WL", base.loss))
    return Scoring(
        win=win,
        draw=draw,
        loss=loss,
        forfeit_loss=codes.get("FL", codes.get("A", loss)),
        zero_bye=codes.get("ZPB", codes.get("A", loss)),
        pab=codes.get("PAB", codes.get("P", win)),
    )


def _entry(e: TrfRoundEntry) -> RoundEntry:
    code = e.result
    colour = {"w": Colour.WHITE, "b": Colour.BLACK}.get(e.colour)
    if e.opponent is None:
        kind = {"U": ByeKind.PAB, "F": ByeKind.FULL, "H": ByeKind.HALF}.get(code, ByeKind.ZERO)
        outcome = {ByeKind.PAB: Outcome.WIN, ByeKind.FULL: Outcome.WIN, ByeKind.HALF: Outcome.DRAW}.get(
            kind, Outcome.WIN if code in ("1", "W", "+") else Outcome.DRAW if code in ("=", "D") else Outcome.LOSS
        )
        return RoundEntry(None, None, outcome, False, kind)
    outcome = (
        Outcome.WIN if code in ("1", "W", "+", "F", "U") else Outcome.DRAW if code in ("=", "D", "H") else Outcome.LOSS
    )
    played = colour is not None and code not in ("+", "-", "H", "F", "U", "Z", "")
    return RoundEntry(e.opponent, colour, outcome, played, None)


_DUTCH_TYPES = ("FIDE_DUTCH", "FIDE_DUTCH_2025", "FIDE_DUTCH_2026")


@dataclass(frozen=True)
class DeclaredSystem:
    """The pairing system a file declares in record ``192`` (TRF26 encoded tournament type)."""

    code: str  # as written, upper case; "" when the file declares none
    baku: bool  # the Baku acceleration (FIDE C.04.5.1) is part of the declared system


def declared_system(trf: TrfTournament) -> DeclaredSystem:
    """Record ``192`` read for this engine, which pairs the FIDE Dutch system (2026 edition).

    ``FIDE_DUTCH``, ``FIDE_DUTCH_2025`` and ``FIDE_DUTCH_2026`` are accepted, each optionally followed by
    ``_BAKU`` (the codes bbpPairings accepts for the Dutch system); any other declared system raises
    :class:`TrfError` naming it: a file is never paired by another system than the one it declares.
    """
    values = trf.headers.get("192", [])
    code = values[-1].strip().upper() if values else ""
    if not code:
        return DeclaredSystem("", False)
    base = code.removesuffix("_BAKU")
    if base in _DUTCH_TYPES:
        return DeclaredSystem(code, base != code)
    line = trf.lines.get("192", 0)
    if base == "FIDE_DUTCH_2017":
        raise TrfError(line, 5, "the file declares the 2017 edition of the Dutch system (record 192 "
                       "FIDE_DUTCH_2017); this engine applies the edition in force from 1 February 2026: "
                       "declare FIDE_DUTCH_2026 to pair with it")
    raise TrfError(line, 5, f"the file declares the pairing system {code} (record 192); this engine pairs "
                   "the FIDE Dutch system only (FIDE_DUTCH, FIDE_DUTCH_2025 or FIDE_DUTCH_2026, with _BAKU for "
                   "the Baku acceleration)")


def _accelerations(trf: TrfTournament, order: tuple[PairingNumber, ...], scoring: Scoring,
                   ) -> dict[PairingNumber, list[float]]:
    """Fictitious points per player and round: ``XXA``/``250`` when the file gives them (they take
    precedence, as in bbpPairings), else the Baku acceleration when record ``192`` declares it."""
    out: dict[PairingNumber, list[float]] = {pid: list(values) for pid, values in trf.accelerations.items()}
    for a in trf.acceleration_ranges:
        if a.game_points is None:  # match points only: a team event's record, nothing for a player
            continue
        for pid in (p.start_rank for p in trf.players if a.first_id <= p.start_rank <= a.last_id):
            if pid in trf.accelerations:
                continue
            values = out.setdefault(pid, [])
            if len(values) < a.last_round:
                values.extend([0.0] * (a.last_round - len(values)))
            for r in range(a.first_round, a.last_round + 1):
                values[r - 1] = a.game_points
    system = declared_system(trf)
    given = bool(trf.accelerations) or any(a.game_points is not None for a in trf.acceleration_ranges)
    if given or not system.baku:  # the file's own accelerations disregard the method of record 192
        return out
    line = trf.lines.get("192", 0)
    total = trf.total_rounds
    if total is None:
        raise TrfError(line, 5, f"{system.code} (record 192) asks for the Baku acceleration, which needs the "
                       "number of rounds: add 'XXR n' or '142 n'")
    if scoring.loss != 0 or scoring.win <= 0 or abs(scoring.win - 2 * scoring.draw) > 1e-9:
        raise TrfError(line, 5, f"{system.code} (record 192): the Baku acceleration applies to the standard "
                       f"scoring (1, 1/2, 0); this file scores {scoring.win:g} for a win, {scoring.draw:g} for a draw "
                       f"and {scoring.loss:g} for a loss")
    # C.04.5.1: GA is the first 2*ceil(N/4) players of round 1 (before it: of the list); a late entry numbered
    # above the last GA player joins GA, one below does not (the reading of core.actions.swiss).
    tpn = {pid: n for n, pid in enumerate(order, start=1)}
    if played_rounds(trf) >= 1:
        first = sorted(tpn[p.start_rank] for p in trf.players if p.rounds and not p.rounds[0].is_blank)
    else:
        first = sorted(tpn.values())
    size = baku_group_a_size(len(first))
    if not size:
        return out
    last_ga = first[size - 1]
    values = [v * scoring.win for v in baku_accelerations(total, math.ceil(total / 2))]
    return {pid: list(values) for pid in order if tpn[pid] <= last_ga}


def recorded_round(trf: TrfTournament, k: int,
                   ) -> tuple[set[tuple[PairingNumber, PairingNumber]], PairingNumber | None]:
    """Round ``k`` as the file records it: the pairs (White's start rank, Black's) and the player given the
    pairing-allocated bye (``U``), or None."""
    pairs: set[tuple[PairingNumber, PairingNumber]] = set()
    bye = None
    for p in trf.players:
        if len(p.rounds) < k:
            continue
        e = p.rounds[k - 1]
        if e.opponent is not None and e.colour == "w":
            pairs.add((p.start_rank, e.opponent))
        elif e.opponent is None and e.result == "U":
            bye = p.start_rank
    return pairs, bye


def to_swiss_state(trf: TrfTournament, round_to_pair: int | None = None) -> SwissState:
    """Engine input for pairing ``round_to_pair`` (default: the round after the last paired one).

    Keeps rounds before it, plus the entries written without a pairing for that round (``0000 - H/F/Z``,
    ``0000 - -``: those players are not paired), the TRF26 ``240`` byes and ``XXZ`` absentees. Applies the
    accelerations (``XXA``, ``250``, or the Baku acceleration declared in ``192``); refuses (``TrfError``) a
    declared pairing system other than the Dutch system.
    """
    k = played_rounds(trf) + 1 if round_to_pair is None else round_to_pair
    if k < 1:
        raise ValueError("round_to_pair must be at least 1")
    absent: set[PairingNumber] = set(trf.absent_next)
    for kind, rnd, ids in trf.byes:
        if rnd == k and kind in ("F", "H", "Z"):
            absent.update(ids)
    order = pairing_order(trf)
    scoring = _scoring(trf)
    accelerations = _accelerations(trf, order, scoring)
    players = []
    for p in trf.players:
        blocks = p.rounds[: k - 1]
        entries = [_entry(e) for e in blocks]
        if len(p.rounds) >= k and p.rounds[k - 1].not_paired:
            entries.extend(_entry(TrfRoundEntry()) for _ in range(k - 1 - len(entries)))
            entries.append(_entry(p.rounds[k - 1]))
        players.append(
            PlayerState(
                id=p.start_rank,
                entries=tuple(entries),
                rating=p.rating,
                name=p.name,
                accelerations=tuple(accelerations.get(p.start_rank, ())),
            )
        )
    groups = list(trf.forbidden_groups)
    groups.extend(ids for r1, r2, ids in trf.forbidden_ranges if r1 <= k <= r2)
    total = trf.total_rounds if trf.total_rounds is not None else max(trf.rounds_in_file, k)
    return SwissState(
        players=tuple(players),
        rounds_played=k - 1,
        total_rounds=total,
        initial_colour=trf.initial_colour or _infer_initial_colour(trf, order),
        scoring=scoring,
        absent=frozenset(absent),
        forbidden_pairs=SwissState.forbid_groups(groups),
        pairing_order=order if trf.pair_by_rank else (),
    )


# ---------------------------------------------------------------------------------------------- engine checks
def check_points(trf: TrfTournament, rounds: int, state: SwissState | None = None) -> None:
    """Refuse a points column (81-84) that disagrees with the results of rounds ``1..rounds``.

    As bbpPairings checks it: the column may also include the player's acceleration for the next round and
    the points of an entry already written for the next round without a pairing (JaVaFo asks for the points
    of a ``0000 - H`` to be added). An empty column is not checked. Raises :class:`TrfError` naming the
    players (at most five) with their line, the column's value and the results' total.
    """
    scoring = state.scoring if state is not None else _scoring(trf)
    accel = {p.id: p.accelerations for p in state.players} if state is not None else {}
    wrong: list[tuple[TrfPlayer, float]] = []
    for p in trf.players:
        if p.points is None:
            continue
        computed = sum(_entry(e).points(scoring) for e in p.rounds[:rounds])
        computed += scoring.zero_bye * max(0, rounds - len(p.rounds))
        nxt = p.rounds[rounds] if len(p.rounds) > rounds else None
        extra = _entry(nxt).points(scoring) if nxt is not None and nxt.not_paired else 0.0
        values = accel.get(p.start_rank, ())
        a = values[rounds] if rounds < len(values) else 0.0
        if not any(abs(p.points - c) < 1e-6 for c in (computed, computed + extra, computed + a, computed + a + extra)):
            wrong.append((p, computed))
    if not wrong:
        return
    shown = "; ".join(f"player {p.start_rank} ({p.name or 'no name'}, line {p.line}) has {p.points:g} points, "
                      f"the results give {c:g}" for p, c in wrong[:5])
    more = f"; and {len(wrong) - 5} more" if len(wrong) > 5 else ""
    raise TrfError(wrong[0][0].line, 81, f"the points column disagrees with the results of rounds 1-{rounds}: "
                   f"{shown}{more}. Correct the points (columns 81-84) or the results")


def check_engine_input(trf: TrfTournament, *, checking: bool = False) -> tuple[int, list[str]]:
    """What the engine interface checks before pairing: returns (round, warnings) or raises ``TrfError``
    (:func:`engine_input`, without the engine state it built)."""
    k, warnings, _state = engine_input(trf, checking=checking)
    return k, warnings


def engine_input(trf: TrfTournament, *, checking: bool = False) -> tuple[int, list[str], SwissState | None]:
    """What the engine interface checks before pairing: returns (round, warnings, the engine state for that
    round, as :func:`to_swiss_state` builds it; None before round 1) or raises ``TrfError``.

    ``checking`` (``-c``) re-pairs the last paired round, otherwise the next round is paired. Refused: a team event
    (its 240/250/260 records name teams), a declared system other than the Dutch one, pairing beyond the number of
    rounds (``XXR``/``142``), pairing without that number (bbpPairings requires it: the last round is paired
    differently), and a points column that disagrees with the results. Without ``XXR`` a check (``-c``) goes on
    with a warning.
    """
    warnings: list[str] = []
    if trf.is_team_event:
        team = trf.teams[0]
        raise TrfError(team.line, 1, "the file reports a team event (team records 310/013): this engine pairs "
                       "the players of an individual event")
    played = played_rounds(trf)
    k = played if checking else played + 1
    where = trf.lines.get("XXR") or trf.lines.get("142") or 0
    if trf.total_rounds is None:
        if not checking:
            raise TrfError(1, 1, "the file does not give the number of rounds ('XXR n' or '142 n'): the "
                           f"engine needs it to know whether round {k} is the last one")
        if k >= 1:
            warnings.append(f"no 'XXR n' or '142 n' record: round {k} is checked as the last round of the event")
    elif k > trf.total_rounds:
        raise TrfError(where, 5, f"the event has {trf.total_rounds} rounds (XXR/142) and round {played} is "
                       f"already paired: there is no round {k} to pair")
    state = None
    if k >= 1:
        state = to_swiss_state(trf, k)
        check_points(trf, k if checking else k - 1, state)
    if not any(p.points is not None for p in trf.players) and trf.players:
        warnings.append("the points column (81-84) is empty: the scores were not checked")
    return k, warnings, state
