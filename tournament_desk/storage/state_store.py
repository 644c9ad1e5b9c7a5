"""Write the difference between two event states, row by row, inside one unit of work.

Every user action is a pure transition in the core, ``(state, command) -> new state``; the session then calls
:func:`store_difference` with the state it loaded and the new one, within one ``Repository.action``. Each row
written goes through the :class:`~tournament_desk.storage.repository.UnitOfWork`, so the action is one
transaction and one undo step, whatever it touched (pairing round 1 numbers the players, draws the initial
colour and stores the round: one step).

Rows that depend on others are removed first and added last, so the foreign keys hold at every statement.
Tables are named by their SQL names (``storage/tables.py``): this runs on every action, without SQLAlchemy.
"""

from __future__ import annotations

from typing import Any

from tournament_desk.core.changes import StateChange
from tournament_desk.core.model import EventState, Player, Round, Team
from tournament_desk.storage import mapping
from tournament_desk.storage.repository import UnitOfWork

__all__ = ["store_difference"]


def _write_player(uow: UnitOfWork, player: Player, *, create: bool) -> None:
    values = mapping.player_to_row(player)
    if create:
        uow.insert("player", values)
    else:
        uow.update("player", {"id": player.id}, {k: v for k, v in values.items() if k != "id"})
    existing = {} if create else {r["system"]: r for r in uow.select_rows("player_rating", player_id=player.id)}
    wanted = dict(player.ratings)
    for system in existing.keys() - wanted.keys():
        uow.delete("player_rating", {"player_id": player.id, "system": system})
    for system, value in wanted.items():
        if system not in existing:
            uow.insert("player_rating", {"player_id": player.id, "system": system, "value": value})
        elif existing[system]["value"] != value:
            uow.update("player_rating", {"player_id": player.id, "system": system}, {"value": value})


def _delete_round(uow: UnitOfWork, number: int) -> None:
    for r in uow.select_rows("game", round=number):
        uow.delete("game", {"id": r["id"]})
    for r in uow.select_rows("bye", round=number):
        uow.delete("bye", {"id": r["id"]})
    uow.delete("round", {"number": number})


def _insert_round(uow: UnitOfWork, rnd: Round) -> None:
    uow.insert("round", {"number": rnd.number})
    for g in rnd.games:
        uow.insert("game", mapping.game_to_row(g))
    for b in rnd.byes:
        uow.insert("bye", mapping.bye_to_row(b))


def _update_round(uow: UnitOfWork, old: Round, new: Round, change: StateChange) -> None:
    before_games = {g.board: g for g in old.games}
    after_games = {g.board: g for g in new.games}
    for rnd_no, board in sorted(change.boards):
        if rnd_no != new.number:
            continue
        rows = uow.select_rows("game", round=rnd_no, board=board)
        if board not in after_games:
            for r in rows:
                uow.delete("game", {"id": r["id"]})
        elif board not in before_games or not rows:
            uow.insert("game", mapping.game_to_row(after_games[board]))
        else:
            values = mapping.game_to_row(after_games[board])
            current = rows[0]
            uow.update("game", {"id": current["id"]}, {k: v for k, v in values.items() if current.get(k) != v})
    before_byes = {b.player_id: b for b in old.byes}
    after_byes = {b.player_id: b for b in new.byes}
    for rnd_no, pid in sorted(change.byes):
        if rnd_no != new.number:
            continue
        rows = uow.select_rows("bye", round=rnd_no, player_id=pid)
        if pid not in after_byes:
            for r in rows:
                uow.delete("bye", {"id": r["id"]})
        elif pid not in before_byes or not rows:
            uow.insert("bye", mapping.bye_to_row(after_byes[pid]))
        else:
            uow.update("bye", {"id": rows[0]["id"]}, {"kind": after_byes[pid].kind.value})


def store_difference(uow: UnitOfWork, old: EventState, new: EventState, change: StateChange) -> None:
    """Make the file hold ``new`` where it held ``old``; ``change`` is ``diff_states(old, new)``."""
    old_requests = {(r.round, r.player_id): r for r in old.requests}
    new_requests = {(r.round, r.player_id): r for r in new.requests}
    old_pairs, new_pairs = set(old.forbidden_pairs), set(new.forbidden_pairs)
    old_options, new_options = dict(old.options), dict(new.options)
    old_rounds = {r.number: r for r in old.rounds}
    new_rounds = {r.number: r for r in new.rounds}
    new_players = {p.id: p for p in new.players}

    # 1. what depends on rows that may go away
    for key in sorted(change.requests):
        if key not in new_requests:
            uow.delete("bye_request", {"round": key[0], "player_id": key[1]})
    for a, b in sorted(old_pairs - new_pairs):
        uow.delete("forbidden_pair", {"player_a": a, "player_b": b})
    if change.top_cut and old.top_cut is not None:
        keep = set(new.top_cut.playoffs) if new.top_cut is not None else set()
        for stage, white, winner in old.top_cut.playoffs:
            if (stage, white, winner) not in keep:
                uow.delete("top_cut_playoff", {"stage": stage, "white_id": white})
        if new.top_cut is None:
            uow.delete("top_cut", {"id": 1})
    old_matches = {(m.round, m.number): m for m in old.matches}
    new_matches = {(m.round, m.number): m for m in new.matches}
    old_lineups = {(x.round, x.team): x for x in old.lineups}
    new_lineups = {(x.round, x.team): x for x in new.lineups}
    old_teams: dict[int, Team] = {t.id: t for t in old.teams}
    new_teams: dict[int, Team] = {t.id: t for t in new.teams}
    if old.lineups != new.lineups:
        for key in sorted(old_lineups.keys() - new_lineups.keys()):
            uow.delete("lineup", {"round": key[0], "team": key[1]})
    if old.matches != new.matches:
        for key in sorted(old_matches.keys() - new_matches.keys()):
            uow.delete("team_match", {"round": key[0], "number": key[1]})
    for number in sorted(change.rounds_removed, reverse=True):
        _delete_round(uow, number)
    for team_id in sorted(old_teams.keys() - new_teams.keys()):
        uow.delete("team", {"id": team_id})
    for pid in sorted(change.players_removed):
        for r in uow.select_rows("player_rating", player_id=pid):
            uow.delete("player_rating", {"player_id": pid, "system": r["system"]})
        uow.delete("player", {"id": pid})

    # 2. the event and the players
    if change.event_fields:
        uow.update("event", {"id": 1}, mapping.event_to_row(new.event))
    for pid in sorted(change.players_added):
        _write_player(uow, new_players[pid], create=True)
    for pid in sorted(change.players_edited):
        _write_player(uow, new_players[pid], create=False)

    # 3. rounds, requests, pairs, top cut, options
    for number in sorted(change.rounds_added):
        _insert_round(uow, new_rounds[number])
    for number in sorted({r for r, _ in change.boards} | {r for r, _ in change.byes}):
        if number in old_rounds and number in new_rounds:
            _update_round(uow, old_rounds[number], new_rounds[number], change)
    for request in sorted(change.requests):
        if request in new_requests:
            request_row = mapping.request_to_row(new_requests[request])
            if request in old_requests:
                uow.update("bye_request", {"round": request[0], "player_id": request[1]},
                           {"kind": request_row["kind"]})
            else:
                uow.insert("bye_request", request_row)
    for a, b in sorted(new_pairs - old_pairs):
        uow.insert("forbidden_pair", {"player_a": a, "player_b": b})
    if change.top_cut and new.top_cut is not None:
        cut_row: dict[str, Any] = mapping.top_cut_to_row(new.top_cut)
        if old.top_cut is None:
            uow.insert("top_cut", cut_row)
        else:
            uow.update("top_cut", {"id": 1}, {k: v for k, v in cut_row.items() if k != "id"})
        before = set(old.top_cut.playoffs) if old.top_cut is not None else set()
        for stage, white, winner in new.top_cut.playoffs:
            if (stage, white, winner) not in before:  # a changed winner was deleted in step 1
                uow.insert("top_cut_playoff", {"stage": stage, "white_id": white, "winner_id": winner})
    # 4. a team event's teams, matches and line-ups (after the rounds and players they name)
    for changed in sorted(change.teams):
        if changed in new_teams:
            row = mapping.team_to_row(new_teams[changed])
            if changed in old_teams:
                uow.update("team", {"id": changed}, {k: v for k, v in row.items() if k != "id"})
            else:
                uow.insert("team", row)
    if old.matches != new.matches:
        for key, match in sorted(new_matches.items()):
            if key not in old_matches:
                uow.insert("team_match", mapping.match_to_row(match))
            elif old_matches[key] != match:
                row = mapping.match_to_row(match)
                uow.update("team_match", {"round": key[0], "number": key[1]},
                           {k: v for k, v in row.items() if k not in ("round", "number")})
    if old.lineups != new.lineups:
        for key, lineup in sorted(new_lineups.items()):
            if key not in old_lineups:
                uow.insert("lineup", mapping.lineup_to_row(lineup))
            elif old_lineups[key] != lineup:
                uow.update("lineup", {"round": key[0], "team": key[1]},
                           {"players": mapping.lineup_to_row(lineup)["players"]})
    for option in sorted(change.options):
        if option not in new_options:
            uow.delete("option", {"key": option})
        elif option in old_options:
            uow.update("option", {"key": option}, {"value": new_options[option]})
        else:
            uow.insert("option", {"key": option, "value": new_options[option]})
