"""CLI: score-group pairing, assisted manual pairing and the top cut.

Registered by :mod:`tournament_desk.cli.main` (``add_variant_parsers(sub)``; :data:`VARIANT_COMMANDS` merged into
``COMMANDS``). Same conventions as main.py: ``--json`` prints JSON on stdout, errors are bilingual
:class:`TournamentError` (main.py prints them and picks the exit code), warnings go to stderr prefixed
``tournament-desk:``.

    tournament-desk pair-scoregroup EVENT.tdesk [--force] [--json]
    tournament-desk manual EVENT.tdesk board [--json]
    tournament-desk manual EVENT.tdesk candidates PLAYER_ID [--taken ID ...] [--json]
    tournament-desk manual EVENT.tdesk check --board W:B ... [--bye ID] [--json]
    tournament-desk manual EVENT.tdesk pair --board W:B ... [--bye ID] [--reason TEXT] [--force] [--json]
    tournament-desk topcut EVENT.tdesk start [--size 4|8|16|32] [--draws higher-seed|playoff] [--json]
    tournament-desk topcut EVENT.tdesk pair [--json]
    tournament-desk topcut EVENT.tdesk playoff --round R --board B --winner ID
    tournament-desk topcut EVENT.tdesk show [--json] [--pdf OUT.pdf]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tournament_desk.cli.output import emit as _emit
from tournament_desk.core.errors import ValidationError
from tournament_desk.core.formatting import whole_number
from tournament_desk.core.messages import in_languages, msg
from tournament_desk.core.model import EventState
from tournament_desk.core.pairing.knockout import SIZES, Bracket, DrawRule, recommended_size, round_name
from tournament_desk.core.pairing.manual import Completion, ManualIssue
from tournament_desk.core.results import format_game_result
from tournament_desk.core.sources import FFJD_RCN, PLATFORM, cite
from tournament_desk.formats.event_json import round_to_dict
from tournament_desk.services import swiss_variants as sv
from tournament_desk.services.session import EventSession


def add_variant_parsers(subparsers: Any) -> None:
    """Register ``pair-scoregroup``, ``manual`` and ``topcut`` on the subparsers of main.py's parser."""
    p = subparsers.add_parser("pair-scoregroup", help=f"pair the next round by score groups ({cite(PLATFORM)})")
    p.add_argument("file", type=Path)
    p.add_argument("--force", action="store_true", help="pair even if results of the last round are missing")
    p.add_argument("--json", action="store_true")

    m = subparsers.add_parser("manual", help=f"assisted manual Swiss pairing ({cite(FFJD_RCN, '§6.6')})")
    m.add_argument("file", type=Path)
    msub = m.add_subparsers(dest="manual_command", required=True)
    mb = msub.add_parser("board", help="players by points then Solkoff, with colour suggestions")
    mb.add_argument("--json", action="store_true")
    mc = msub.add_parser("candidates", help="opponents a player has not met yet")
    mc.add_argument("player", type=int)
    mc.add_argument("--taken", type=int, nargs="*", default=[], help="players already on another board")
    mc.add_argument("--json", action="store_true")
    for name, text in (("check", "check a manual round without storing it"), ("pair", "store a manual round")):
        mp = msub.add_parser(name, help=text)
        mp.add_argument("--board", action="append", default=[], metavar="W:B", help="White id:Black id; repeat")
        mp.add_argument("--bye", type=int, action="append", default=[], metavar="ID", help="pairing-allocated bye")
        if name == "pair":
            mp.add_argument("--reason", help="the reason for pairing by hand (required: kept in the arbiter's log); "
                                             "it also overrides absolute-rule violations")
            mp.add_argument("--force", action="store_true", help="pair even if results of the last round are missing")
        mp.add_argument("--json", action="store_true")

    t = subparsers.add_parser("topcut", help=f"single-elimination top cut after the Swiss rounds ({cite(PLATFORM)})")
    t.add_argument("file", type=Path)
    tsub = t.add_subparsers(dest="topcut_command", required=True)
    ts = tsub.add_parser("start", help="qualify the top players from the standings")
    ts.add_argument("--size", type=int, choices=SIZES, help="default: the recommendation for the entrants")
    ts.add_argument("--draws", choices=[r.value for r in DrawRule], default=DrawRule.HIGHER_SEED.value,
                    help="drawn knockout game: the higher seed advances, or a play-off result is entered")
    ts.add_argument("--json", action="store_true")
    tp = tsub.add_parser("pair", help="pair the next knockout round")
    tp.add_argument("--json", action="store_true")
    to = tsub.add_parser("playoff", help="enter who advanced after a drawn knockout game")
    to.add_argument("--round", type=int, required=True)
    to.add_argument("--board", type=int, required=True)
    to.add_argument("--winner", type=int, required=True)
    tw = tsub.add_parser("show", help="show the bracket")
    tw.add_argument("--json", action="store_true")
    tw.add_argument("--pdf", type=Path, metavar="OUT.pdf", help="also write the bracket as an A4 PDF")



def _warn(messages: Sequence[str], lang: str) -> None:
    for text in messages:
        print(msg("tournament-desk: warning: {message}", message=text).text(lang), file=sys.stderr)


def _round_text(state: EventState, number: int, header: str) -> str:
    names = {p.id: p.name for p in state.players}
    rnd = state.round(number)
    lines = [header]
    for g in rnd.games:
        res = f"  {format_game_result(g.result, state.event.discipline)}" if g.result else ""
        lines.append(f"  {g.board:>3}  {names[g.white_id]:<30} - {names[g.black_id]}{res}")
    lines += [f"       {names[b.player_id]:<30} {'EXEMPT' if b.kind.value == 'pab' else b.kind.value}"
              for b in rnd.byes]
    return "\n".join(lines)


def cmd_pair_scoregroup(args: argparse.Namespace, lang: str) -> None:
    """``pair-scoregroup FILE``: the old spelling of ``pair FILE --system scoregroup``."""
    from tournament_desk.cli.main import cmd_pair

    args.system = "scoregroup"
    cmd_pair(args, lang)


def _parse_boards(items: Sequence[str]) -> list[tuple[int, int]]:
    boards = []
    for item in items:
        white, sep, black = item.partition(":")
        white_id, black_id = whole_number(white), whole_number(black)
        if not sep or white_id is None or black_id is None:
            raise ValidationError(msg("'{item}' is not a board WHITE_ID:BLACK_ID", item=item))
        boards.append((white_id, black_id))
    return boards


def _issue_dict(issue: ManualIssue) -> dict[str, Any]:
    return {"code": issue.code, "absolute": issue.absolute, **in_languages(issue.msg), "players": list(issue.players)}


def _completion_dict(c: Completion) -> dict[str, Any]:
    return {"possible": c.possible, "boards": [list(b) for b in c.boards], "bye": c.bye,
            "undo_board": c.undo_board, **in_languages(c.msg)}


def cmd_manual(args: argparse.Namespace, lang: str) -> None:
    readonly = args.manual_command in ("board", "candidates", "check")
    with EventSession.open(args.file, readonly=readonly) as session:
        if args.manual_command == "board":
            lines = sv.manual_board(session)
            data = [{"id": ln.player_id, "name": ln.name, "points": ln.points, "solkoff": ln.solkoff,
                     "whites": ln.whites, "blacks": ln.blacks, "suggested": ln.suggested, "had_bye": ln.had_bye}
                    for ln in lines]
            disc = {"white": "○", "black": "●", "": " "}
            text = "\n".join(f"{disc[ln.suggested]} {ln.player_id:>4}  {ln.name:<30} {ln.points:>6g} "
                             f"{ln.solkoff:>7g}" for ln in lines)
            _emit(args, data, text)
        elif args.manual_command == "candidates":
            found = sv.manual_candidates(session, args.player, args.taken)
            state = session.state()
            data = [{"id": c.player_id, "name": c.name, "points": c.points, "solkoff": c.solkoff,
                     "white": c.white_id, "black": c.black_id} for c in found]
            me = state.player(args.player).name
            head = msg("Possible opponents of {name}:", name=me).text(lang)
            text = "\n".join([head] + [
                f"  {c.player_id:>4}  {c.name:<30} {c.points:>6g} {c.solkoff:>7g}  "
                + msg("White: {name}", name=state.player(c.white_id).name).text(lang) for c in found])
            _emit(args, data, text)
        else:
            boards = _parse_boards(args.board)
            if args.manual_command == "check":
                issues = sv.check_manual(session, boards, args.bye)
                completion = sv.manual_completion(session, boards, args.bye)
                data = {"issues": [_issue_dict(i) for i in issues], "completion": _completion_dict(completion)}
                text = "\n".join([(msg("ABSOLUTE {issue}", issue=i.msg) if i.absolute
                                   else msg("warning  {issue}", issue=i.msg)).text(lang) for i in issues]
                                 + [completion.message(lang)])
                _emit(args, data, text)
                return
            session.require_reason(args.reason)
            change = sv.store_manual_round(session, boards, args.bye, reason=args.reason, force=args.force)
            state = session.state()
            issues = change.payload.issues
            _warn([i.message(lang) for i in issues], lang)
            rnd = state.round(state.last_round)
            data = round_to_dict(rnd, state) | {"issues": [_issue_dict(i) for i in issues],
                                                "overridden": change.payload.overridden}
            _emit(args, data, _round_text(state, rnd.number, change.label(lang)))


def bracket_to_dict(b: Bracket, state: EventState) -> dict[str, Any]:
    names = {p.id: p.name for p in state.players}
    return {
        "size": b.size, "draw_rule": b.draw_rule.value, "seeds": list(b.seeds), "champion": b.champion,
        "champion_name": names.get(b.champion) if b.champion is not None else None,
        "stages": [[{"stage": m.stage, "index": m.index, "seed_a": m.seed_a, "seed_b": m.seed_b,
                     "player_a": m.player_a, "player_b": m.player_b,
                     "result": m.result.value if m.result else None, "winner": m.winner,
                     "decided_by": m.decided_by} for m in stage] for stage in b.stages],
    }


def bracket_text(b: Bracket, state: EventState, lang: str) -> str:
    names = {p.id: p.name for p in state.players}
    lines = [msg("Top {size} — drawn game: {rule}", size=b.size, rule=b.draw_rule.message).text(lang)]
    lines += [f"  {i:>2}. {names[pid]}" for i, pid in enumerate(b.seeds, start=1)]
    for stage in b.stages:
        lines.append(round_name(len(stage), lang))
        for m in stage:
            res = format_game_result(m.result, state.event.discipline) if m.result else "…"
            win = (names[m.winner] if m.winner is not None else
                   msg("play-off to enter").text(lang) if m.decided_by else "…")
            lines.append(f"  ({m.seed_a}) {names[m.player_a or 0]:<28} {res:^9} ({m.seed_b}) "
                         f"{names[m.player_b or 0]:<28} -> {win}")
    if b.champion is not None:
        lines.append(msg("Champion: {name}", name=names[b.champion]).text(lang))
    return "\n".join(lines)


def cmd_topcut(args: argparse.Namespace, lang: str) -> None:
    if args.topcut_command == "pair":  # the old spelling of `pair FILE --system knockout`
        from tournament_desk.cli.main import cmd_pair

        args.system, args.force = "knockout", False
        cmd_pair(args, lang)
        return
    readonly = args.topcut_command == "show"
    with EventSession.open(args.file, readonly=readonly) as session:
        if args.topcut_command == "start":
            entrants = len(session.state().players)
            settings = sv.start_top_cut(session, args.size, args.draws).payload
            state = session.state()
            names = {p.id: p.name for p in state.players}
            head = msg("Top {size} (recommended for {entrants} entrants: {recommended})", size=settings.size,
                       entrants=entrants, recommended=recommended_size(entrants)).text(lang)
            data = {"size": settings.size, "draw_rule": settings.draw_rule.value, "after_round": settings.after_round,
                    "seeds": list(settings.seeds), "recommended": recommended_size(entrants)}
            _emit(args, data, "\n".join([head] + [f"  {i:>2}. {names[pid]}"
                                                  for i, pid in enumerate(settings.seeds, start=1)]))
        elif args.topcut_command == "playoff":
            print(sv.record_playoff(session, args.round, args.board, args.winner).label(lang))
        else:
            current = sv.bracket(session)
            state = session.state()
            if args.pdf:
                args.pdf.write_bytes(sv.top_cut_pdf(session, lang=lang))
            _emit(args, bracket_to_dict(current, state), bracket_text(current, state, lang))


VARIANT_COMMANDS: dict[str, Callable[[argparse.Namespace, str], None]] = {
    "pair-scoregroup": cmd_pair_scoregroup, "manual": cmd_manual, "topcut": cmd_topcut,
}
