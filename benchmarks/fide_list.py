"""A realistic FIDE rating list, and the timing and memory of reading it (issue 24 item 7).

``write_foa(path, lines)`` writes ``players_list_foa.txt`` as FIDE publishes it (the combined list, about
1.93 million players): the exact header, 162-character fixed-width lines with CR LF, ASCII names
``Last, First``, federations, titles, women's and other titles, FOA titles, standard/rapid/blitz ratings with
games and K (0 for the 59% unrated), birth year, flags ``i``/``w``/``wi``, and, as in the real file, about
three lines in two million one character too long (an OTit list overflowing into FOA). ``write_legacy``,
``write_pre2012`` and ``write_xml`` write the older TXT layouts and the XML.

Run: ``python benchmarks/fide_list.py [LINES]`` (default 1,932,867) writes the list in a temporary folder,
reads it through the importer with a filter of 200 registered players (as ``ratings import`` does), and
prints the time, the peak memory (tracemalloc) and the progress calls.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

FOA_HEADER = ("ID Number      Name                                                         Fed Sex Tit  WTit OTit"
              "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
LEGACY_HEADER = ("ID Number      Name                                                         Fed Sex Tit  WTit "
                 "OTit           SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
PRE2012_HEADER = "ID number Name                              TitlFed  Mar11 GamesBorn  Flag"

SURNAMES = ["Carlsen", "Nakamura", "Ding", "Caruana", "Giri", "Firouzja", "Nepomniachtchi", "Rapport", "Aronian",
            "So", "Vachier-Lagrave", "Mamedyarov", "Radjabov", "Duda", "Wei", "Abdusattorov", "Gukesh",
            "Praggnanandhaa", "Erigaisi", "Keymer", "Dubov", "Esipenko", "Grischuk", "Le", "Shankland", "Dominguez",
            "Martin", "Bernard", "Dubois", "Muller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Novak",
            "Kowalski", "Nowak", "Horvath", "Nagy", "Popescu", "Ivanov", "Smirnov", "Kuznetsov", "Garcia",
            "Fernandez", "Lopez", "Rossi", "Russo", "Silva", "Santos", "Kumar", "Singh", "Sharma", "Patel", "Wang",
            "Li", "Zhang", "Liu", "Chen", "Nguyen", "Tran", "Kim", "Park", "Lee", "Ahmed", "Hassan", "Ali"]
FIRST = ["Magnus", "Hikaru", "Liren", "Fabiano", "Anish", "Alireza", "Ian", "Richard", "Levon", "Wesley", "Maxime",
         "Jean", "Marie", "Anna", "Olga", "Elena", "Ivan", "Pedro", "Luis", "Ana", "Sofia", "Arjun", "Priya",
         "Wei", "Yi", "Min", "Thi", "Jose", "Carlos", "Lucas", "Emma", "Noah", "Mia", "Liam", "Zoe"]
FEDS = ["IND", "FRA", "GER", "ESP", "RUS", "USA", "ITA", "POL", "TUR", "IRI", "BRA", "ARG", "NED", "ENG", "CZE",
        "HUN", "CHN", "VIE", "BAN", "COL", "PER", "MEX", "BEL", "SUI", "AUT", "GRE", "SRB", "CRO", "UKR", "KAZ"]
OTITLES = ["", "", "", "", "", "", "", "", "", "IA", "FA", "NA", "IO", "FT", "FST", "DI", "NI,FI", "IA,FT",
           "FA,NI", "SI,FI"]


def _fmt(width: int, value: object) -> str:
    return f"{value!s:<{width}}"[:width]


def player(rng: random.Random, fide_id: int) -> dict[str, object]:
    rated = rng.random() < 0.41
    sex = "F" if rng.random() < 0.13 else "M"
    std = rng.randint(1400, 2850) if rated and rng.random() < 0.8 else 0
    rapid = rng.randint(1400, 2850) if rated and rng.random() < 0.6 else 0
    blitz = rng.randint(1400, 2850) if rated and rng.random() < 0.6 else 0
    title = ""
    if std > 2500 and rng.random() < 0.7:
        title = "GM" if std > 2550 else "IM"
    elif std > 2300 and rng.random() < 0.4:
        title = "FM"
    wtitle = "WGM" if sex == "F" and std > 2300 and rng.random() < 0.5 else ""
    flag = ("w" if sex == "F" else "") + ("i" if rng.random() < 0.35 else "")
    return {
        "id": fide_id, "name": f"{rng.choice(SURNAMES)}, {rng.choice(FIRST)}", "fed": rng.choice(FEDS), "sex": sex,
        "tit": title, "wtit": wtitle, "otit": rng.choice(OTITLES) if rng.random() < 0.05 else "",
        "foa": "AIM" if rng.random() < 0.001 else "", "std": std, "sgm": rng.randint(0, 12) if std else 0,
        "sk": 20 if std < 2300 else 10, "rapid": rapid, "rgm": rng.randint(0, 20) if rapid else 0, "rk": 20,
        "blitz": blitz, "bgm": rng.randint(0, 30) if blitz else 0, "bk": 20,
        "bday": rng.randint(1930, 2020) if rng.random() > 0.02 else 0, "flag": flag,
    }


def foa_line(p: dict[str, object], overflow: bool = False) -> str:
    otit = "SI,FI,LSI,SLI,NA" if overflow else _fmt(15, p["otit"])
    foa = _fmt(4, "AFM" if overflow else p["foa"])
    return (_fmt(15, p["id"]) + _fmt(61, p["name"]) + _fmt(4, p["fed"]) + _fmt(4, p["sex"]) + _fmt(5, p["tit"])
            + _fmt(5, p["wtit"]) + otit + foa + _fmt(6, p["std"]) + _fmt(4, p["sgm"]) + _fmt(3, p["sk"])
            + _fmt(6, p["rapid"]) + _fmt(4, p["rgm"]) + _fmt(3, p["rk"]) + _fmt(6, p["blitz"]) + _fmt(4, p["bgm"])
            + _fmt(3, p["bk"]) + _fmt(6, p["bday"]) + _fmt(4, p["flag"]))


def legacy_line(p: dict[str, object]) -> str:
    return (_fmt(15, p["id"]) + _fmt(61, p["name"]) + _fmt(4, p["fed"]) + _fmt(4, p["sex"]) + _fmt(5, p["tit"])
            + _fmt(5, p["wtit"]) + _fmt(15, p["otit"]) + _fmt(6, p["std"]) + _fmt(4, p["sgm"]) + _fmt(3, p["sk"])
            + _fmt(6, p["rapid"]) + _fmt(4, p["rgm"]) + _fmt(3, p["rk"]) + _fmt(6, p["blitz"]) + _fmt(4, p["bgm"])
            + _fmt(3, p["bk"]) + _fmt(6, p["bday"]) + _fmt(4, p["flag"]))


def pre2012_line(p: dict[str, object]) -> str:
    title = {"GM": "g", "IM": "m", "FM": "f", "": ""}.get(str(p["tit"]), "")
    return (f"{p['id']!s:>8}  " + _fmt(34, p["name"]) + _fmt(4, title) + _fmt(5, p["fed"]) + _fmt(6, p["std"] or "")
            + f"{p['sgm']!s:>3}  " + _fmt(6, p["bday"] or "") + str(p["flag"])).rstrip()


def players(count: int, seed: int = 2026) -> list[dict[str, object]]:
    rng = random.Random(seed)
    ids = rng.sample(range(100_000, 80_000_000), count)
    return [player(rng, i) for i in ids]


def write_foa(path: Path, count: int, seed: int = 2026) -> list[int]:
    """Write the list; returns the FIDE ids of its lines (in order)."""
    rng = random.Random(seed)
    overflow_every = max(1, 644_289)  # three overlong lines in the 1.93 million of the real file
    ids = rng.sample(range(100_000, 80_000_000), count)
    with open(path, "w", encoding="ascii", newline="") as fh:
        fh.write(FOA_HEADER + "\r\n")
        chunk: list[str] = []
        for n, fide_id in enumerate(ids, start=1):
            chunk.append(foa_line(player(rng, fide_id), overflow=n % overflow_every == 7))
            if len(chunk) == 10_000:
                fh.write("\r\n".join(chunk) + "\r\n")
                chunk = []
        if chunk:
            fh.write("\r\n".join(chunk) + "\r\n")
    return ids


def write_xml(path: Path, rows: list[dict[str, object]]) -> None:
    """FIDE's XML layout: ``<playerslist>`` without declaration, one ``<player>`` per player."""
    from xml.sax.saxutils import escape

    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write("<playerslist>\n")
        for p in rows:
            fh.write(f"<player><fideid>{p['id']}</fideid><name>{escape(str(p['name']))}</name><country>{p['fed']}"
                     f"</country><sex>{p['sex']}</sex><title>{p['tit']}</title><w_title>{p['wtit']}</w_title>"
                     f"<o_title>{p['otit']}</o_title><foa_title>{p['foa']}</foa_title><rating>{p['std']}</rating>"
                     f"<games>{p['sgm']}</games><k>{p['sk']}</k><rapid_rating>{p['rapid']}</rapid_rating>"
                     f"<rapid_games>{p['rgm']}</rapid_games><rapid_k>{p['rk']}</rapid_k><blitz_rating>{p['blitz']}"
                     f"</blitz_rating><blitz_games>{p['bgm']}</blitz_games><blitz_k>{p['bk']}</blitz_k>"
                     f"<birthday>{p['bday']}</birthday><flag>{p['flag']}</flag></player>\n")
        fh.write("</playerslist>\n")


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_932_867
    from tournament_desk.formats.rating_list import RatingListFilter, read_rating_list

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "players_list_foa.txt"
        start = time.perf_counter()
        ids = write_foa(path, count)
        print(f"wrote {count:,} lines ({path.stat().st_size / 1e6:.0f} MB) in {time.perf_counter() - start:.1f} s")
        wanted = RatingListFilter(fide_ids=frozenset(str(i) for i in random.Random(1).sample(ids, 200)))
        calls: list[tuple[int, int]] = []
        times = []
        for _ in range(3):  # best of three: the machine is shared
            calls.clear()
            start = time.perf_counter()
            result = read_rating_list(path, wanted=wanted, progress=lambda done, total: calls.append((done, total)))
            times.append(time.perf_counter() - start)
        tracemalloc.start()  # a separate run: tracing slows the reading down
        read_rating_list(path, wanted=wanted)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"read {result.rows:,} rows, kept {len(result.entries)} registered players, layout {result.layout}: "
              f"best {min(times):.2f} s (runs {', '.join(f'{t:.2f}' for t in times)}), peak Python memory "
              f"{peak / 1e6:.2f} MB, {len(calls)} progress calls, last {calls[-1] if calls else None}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
