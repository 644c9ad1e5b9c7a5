"""Writes tests/data/trf/: tournament files laid out as other programs export them (issue 19 item 6, issue 24).

Each file is one Swiss tournament played out with this project's Dutch engine (golden-tested against a
FIDE-endorsed engine) and seeded random results, then written in the layout of one program:

* ``swiss_manager_open.trf`` — Swiss-Manager's FIDE report (TRF16, CRLF, Windows-1252 names with accents,
  titles, FIDE ids, full birth dates or the year alone, round dates in ``132``, no ``XXR``); a withdrawn
  player and an absence written ``0000 - -``, requested byes ``0000 - H``, forfeits ``+``/``-``.
* ``swiss_manager_pairing.trf`` — the same event before its next round as Swiss-Manager hands it to a
  pairing engine: ``XXR``, ``XXC white1``, the absent players of the next round as ``0000 - -``.
* ``lichess_swiss.trf`` — lichess' Swiss export (``SwissTrf.scala``): user names, no rank column, byes with a
  blank opponent (``       U``), absences ``       -``, ``XXR``, ``XXC rank white1``, the player lines in
  standings order (so the line order is not the id order), an absent player for the next round.
* ``vega_open.trf`` — Vega's TRF16: LF line endings, ``XXR``, ``0000 - Z`` absences, blank birth dates.
* ``sharly_chess_baku.trf`` — a Sharly Chess TRF-2026 file: ``###`` comments, ``142``, ``152``, ``182``,
  ``192 FIDE_DUTCH_2025_BAKU``, ``202``, ``222``, and the rounds paired with the Baku acceleration.

Run ``python benchmarks/make_trf_samples.py`` to rewrite them (deterministic).
"""

from __future__ import annotations

import random
import sys
import unicodedata
from pathlib import Path

from tournament_desk.core.pairing.dutch import pair_dutch
from tournament_desk.formats.trf import TrfPlayer, TrfRoundEntry, TrfTournament, dumps, to_swiss_state

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "trf"

SURNAMES = ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau",
            "Simon", "Laurent", "Lefèvre", "Michel", "García", "David", "Bertrand", "Roux", "Vincent", "Fournier",
            "Morel", "Girard", "André", "Lefebvre", "Mercier", "Dupont", "Lambert", "Bonnet", "François",
            "Martínez", "Müller", "Schmidt", "Novák", "Kowalski", "O'Brien", "Nguyen", "Rossi", "Ferrari", "Silva",
            "Ivanov", "Jensen", "Hansen", "Svensson", "Nielsen", "Horváth", "Popescu", "Janssen", "Peeters",
            "Fernández", "López", "Sánchez", "Pérez", "Gómez", "Díaz", "Álvarez", "Romero", "Navarro", "Torres",
            "Domínguez", "Vázquez", "Ramos", "Gil", "Serrano", "Blanco"]
FIRST = ["Jean", "Marie", "Élodie", "Zoé", "Paul", "Anaïs", "Luc", "Chloé", "Hugo", "Léa", "José", "Ana", "Jiri",
         "Søren", "Ines", "Tomás", "Mikaël", "Inès", "Noé", "Agnès"]
FEDS = ["FRA", "FRA", "FRA", "ESP", "GER", "BEL", "SUI", "ITA", "IRL", "CZE"]
TITLES = ["GM", "IM", "FM", "CM", "WGM", "WIM", "WFM"]


def _players(rng: random.Random, n: int, *, lichess: bool = False) -> list[TrfPlayer]:
    ratings = sorted((rng.randint(1100, 2650) for _ in range(n)), reverse=True)
    players = []
    used: set[str] = set()
    for i, rating in enumerate(ratings, start=1):
        while True:
            name = f"{rng.choice(SURNAMES)}, {rng.choice(FIRST)}"
            if name not in used:
                used.add(name)
                break
        if lichess:
            plain = unicodedata.normalize("NFKD", name.split(",")[0]).encode("ascii", "ignore").decode()
            user = plain.lower().replace(" ", "").replace("'", "") + str(rng.randint(1, 999))
            players.append(TrfPlayer(start_rank=i, name=user, rating=rating))
            continue
        sex = "w" if rng.random() < 0.2 else "m"
        title = rng.choice(TITLES) if rating > 2300 and rng.random() < 0.6 else ""
        if title.startswith("W"):
            sex = "w"
        year = rng.randint(1950, 2014)
        birth = f"{year}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}" if rng.random() < 0.7 else f"{year}"
        players.append(TrfPlayer(start_rank=i, name=name, sex=sex, title=title,
                                 rating=rating if rng.random() > 0.05 else 0, federation=rng.choice(FEDS),
                                 fide_id=str(rng.randint(600000, 36000000)) if rng.random() > 0.1 else "",
                                 birth_date=birth))
    return players


def _points(p: TrfPlayer) -> float:
    value = {"1": 1.0, "+": 1.0, "W": 1.0, "U": 1.0, "F": 1.0, "=": 0.5, "D": 0.5, "H": 0.5}
    return sum(value.get(e.result, 0.0) for e in p.rounds)


def play(seed: int, n: int, rounds: int, played: int, *, lichess: bool = False, baku: bool = False,
         absent_code: str = "-") -> tuple[TrfTournament, dict[int, str]]:
    """A tournament of ``n`` players with ``played`` rounds paired and played out of ``rounds``.

    Returns it with the marks already entered for the next round (player -> H or the absence code).
    """
    rng = random.Random(seed)
    trf = TrfTournament(players=_players(rng, n, lichess=lichess), total_rounds=rounds)
    if baku:
        trf.headers["192"] = ["FIDE_DUTCH_2025_BAKU"]
    from tournament_desk.core.pairing.swiss_state import Colour

    trf.initial_colour = Colour.WHITE
    withdrawn = rng.sample(range(1, n + 1), 1)[0]
    withdrawn_from = rng.randint(2, played) if played >= 2 else played + 1
    marks_next: dict[int, str] = {}
    for k in range(1, played + 2):
        marks: dict[int, str] = {}
        for p in trf.players:
            if p.start_rank == withdrawn and k >= withdrawn_from:
                marks[p.start_rank] = absent_code
            elif rng.random() < 0.04:
                marks[p.start_rank] = "H" if rng.random() < 0.6 else absent_code
        if k == played + 1:
            marks_next = marks
            break
        for p in trf.players:
            while len(p.rounds) < k - 1:
                p.rounds.append(TrfRoundEntry())
            if p.start_rank in marks:
                p.rounds.append(TrfRoundEntry(None, "-", marks[p.start_rank]))
        pairing = pair_dutch(to_swiss_state(trf, k))
        by_id = {p.start_rank: p for p in trf.players}
        for board in pairing.boards:
            w, b = by_id[board.white], by_id[board.black]
            gap = w.rating - b.rating
            r = rng.random()
            if r < 0.03:
                rw, rb = ("+", "-") if rng.random() < 0.5 else ("-", "+")
            else:
                p_white = 1 / (1 + 10 ** (-gap / 400))
                draw = 0.28
                if r < 0.03 + draw:
                    rw, rb = "=", "="
                elif rng.random() < p_white:
                    rw, rb = "1", "0"
                else:
                    rw, rb = "0", "1"
            w.rounds.append(TrfRoundEntry(b.start_rank, "w", rw))
            b.rounds.append(TrfRoundEntry(w.start_rank, "b", rb))
        if pairing.bye is not None:
            by_id[pairing.bye].rounds.append(TrfRoundEntry(None, "-", "U"))
    for p in trf.players:
        while len(p.rounds) < played:
            p.rounds.append(TrfRoundEntry(None, "-", absent_code))
        p.points = _points(p)
    ranked = sorted(trf.players, key=lambda q: (-(q.points or 0), -q.rating, q.start_rank))
    for rank, p in enumerate(ranked, start=1):
        p.rank = rank
    return trf, marks_next


def _with_next(trf: TrfTournament, marks: dict[int, str]) -> TrfTournament:
    for p in trf.players:
        if p.start_rank in marks:
            p.rounds.append(TrfRoundEntry(None, "-", marks[p.start_rank]))
            if marks[p.start_rank] == "H":
                p.points = (p.points or 0) + 0.5  # JaVaFo: the points of a 0000 - H are already counted
    return trf


def swiss_manager() -> tuple[str, str]:
    trf, marks = play(20260412, 64, 9, 5)
    headers = {
        "012": ["37e Open International de Lyon"], "022": ["Lyon"], "032": ["FRA"], "042": ["2026/04/11"],
        "052": ["2026/04/19"], "062": ["64"], "072": [str(sum(1 for p in trf.players if p.rating))],
        "082": ["0"], "092": ["Individual: Swiss-System"], "102": ["IA Durand, Pierre (20654321)"],
        "112": ["FA Morel, Claire (20687654)"], "122": ["90 min/40 moves + 30 min + 30 sec. increment"],
    }
    dates = "".join(f"{d:<10}" for d in ("26/04/11", "26/04/12", "26/04/13", "26/04/14", "26/04/15", "26/04/16",
                                         "26/04/17", "26/04/18", "26/04/19"))
    report = TrfTournament(headers=headers, players=trf.players)
    text = dumps(report, newline="\r\n").replace("\r\n001", "\r\n" + "132" + " " * 88 + dates.rstrip() + "\r\n001", 1)
    pairing = TrfTournament(headers={"012": headers["012"]}, players=_with_next(trf, marks).players,
                            total_rounds=9, initial_colour=trf.initial_colour)
    return text, dumps(pairing, newline="\r\n")


def lichess() -> str:
    trf, marks = play(77123, 41, 7, 4, lichess=True, absent_code="-")
    _with_next(trf, {pid: "-" for pid, code in marks.items()})
    lines = ["012 Lichess Swiss Monthly Blitz", "022 https://lichess.org/swiss/aBcD1234", "032 Lichess",
             "042 Apr 4, 2026", "052 ", "062 41", "092 Individual: Swiss-System", "102 https://lichess.org/swiss",
             "XXR 7", "XXC rank white1"]
    for p in sorted(trf.players, key=lambda q: (-(q.points or 0), q.start_rank)):
        head = f"001 {p.start_rank:>4}      {p.name}".ljust(48) + f"{p.rating:>4}".ljust(32) + f"{p.points:4.1f}"
        blocks = ""
        for e in p.rounds:
            if e.opponent is None:  # lichess writes no opponent and no colour for a bye or an absence
                blocks += "  " + f"       {e.result}"
            else:
                blocks += "  " + f"{e.opponent:>4} {e.colour} {e.result}"
        lines.append((head + "       " + blocks[2:] if blocks else head).rstrip())
    return "\n".join(lines) + "\n"


def vega() -> str:
    trf, marks = play(4243, 23, 7, 3, absent_code="Z")
    for p in trf.players:
        p.birth_date = ""
    _with_next(trf, marks)
    trf.headers = {"012": ["Championnat de Bretagne Rapide"], "022": ["Rennes"], "032": ["FRA"],
                   "042": ["2026/02/07"], "052": ["2026/02/08"], "092": ["Swiss Dutch"], "102": ["Le Gall, Yann"]}
    return dumps(trf, newline="\n")


def sharly_chess() -> str:
    trf, marks = play(31337, 38, 9, 3, baku=True, absent_code="Z")
    _with_next(trf, marks)
    trf.headers.update({"012": ["Open de Printemps de Marseille"], "022": ["Marseille"], "032": ["FRA"],
                        "042": ["2026/05/01"], "052": ["2026/05/05"], "092": ["Swiss Dutch (Baku acceleration)"],
                        "102": ["Faure, Hélène (20612345)"], "122": ["90'+30\""], "182": ["Sharly Chess 3.2.0"],
                        "202": ["BH:C1,BH,PS"], "222": ["5400+30"]})
    text = dumps(trf, edition="26", newline="\r\n")
    return "### Exported by Sharly Chess 3.2.0 on 2026-05-03 08:12\r\n" + text


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    report, pairing = swiss_manager()
    (OUT / "swiss_manager_open.trf").write_bytes(report.encode("cp1252"))
    (OUT / "swiss_manager_pairing.trf").write_bytes(pairing.encode("cp1252"))
    (OUT / "lichess_swiss.trf").write_bytes(lichess().encode("utf-8"))
    (OUT / "vega_open.trf").write_bytes(vega().encode("latin-1"))
    (OUT / "sharly_chess_baku.trf").write_bytes(sharly_chess().encode("utf-8"))
    for path in sorted(OUT.glob("*.trf")):
        print(path.name, path.stat().st_size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
