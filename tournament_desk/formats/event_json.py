"""The whole event as JSON-ready dicts, for the CLI's ``--json`` listings (``show --json`` gives everything the
event holds: settings, players, rounds, requested byes, pairs kept apart, the top cut, options). The homologation
bundle's ``event.json`` is :mod:`tournament_desk.formats.bundle`'s own versioned schema, read back on import."""

from __future__ import annotations

from typing import Any

from tournament_desk.core.model import Event, EventState, Player, Round
from tournament_desk.core.results import format_game_result

SCHEMA = "tournament_desk.event/1"


def event_to_dict(event: Event) -> dict[str, Any]:
    return {
        "name": event.name,
        "discipline": event.discipline.value,
        "system": event.system.value,
        "rounds": event.rounds,
        "place": event.place,
        "start_date": event.start_date.isoformat() if event.start_date else None,
        "end_date": event.end_date.isoformat() if event.end_date else None,
        "arbiters": list(event.arbiters),
        "organiser": event.organiser,
        "time_control": {"base_minutes": event.time_control.base_minutes,
                         "increment_seconds": event.time_control.increment_seconds},
        "scoring": event.scoring.as_dict(),
        "tiebreaks": list(event.tiebreaks),
        "tiebreak_edition": event.tiebreak_edition or None,
        "rating_system": event.rating_system.value,
        "initial_colour": event.initial_colour,
        "acceleration": event.acceleration,
        "numbering": event.numbering,
        "federation": event.federation,
        "round_dates": [d.isoformat() if d else None for d in event.round_dates],
    }


def player_to_dict(player: Player, state: EventState | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": player.id,
        "pairing_number": player.pairing_number,
        "surname": player.surname,
        "first_name": player.first_name,
        "sex": player.sex.value,
        "birth_date": player.birth_date.isoformat() if player.birth_date else None,
        "category": player.category,
        "club": player.club,
        "federation": player.federation,
        "licence_id": player.licence_id,
        "fide_id": player.fide_id,
        "fmjd_id": player.fmjd_id,
        "title": player.title,
        "ratings": dict(player.ratings),
        "unrated": player.unrated,
        "withdrawn_from_round": player.withdrawn_from_round,
        "withdrawal_forfeit": player.withdrawal_forfeit.value,
        "duplicate_series": player.duplicate_series,
    }
    if state is not None:
        data["points"] = state.score(player.id)
    return data


def round_to_dict(rnd: Round, state: EventState) -> dict[str, Any]:
    discipline = state.event.discipline
    return {
        "number": rnd.number,
        "complete": rnd.is_complete,
        "boards": [
            {
                "board": g.board,
                "white": g.white_id,
                "black": g.black_id,
                "result": g.result.value if g.result else None,
                "result_text": format_game_result(g.result, discipline) if g.result else None,
                "white_points": g.white_points,
                "black_points": g.black_points,
            }
            for g in rnd.games
        ],
        "byes": [{"player": b.player_id, "kind": b.kind.value} for b in rnd.byes],
    }


def state_to_dict(state: EventState) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "event": event_to_dict(state.event),
        "players": [player_to_dict(p, state) for p in state.players],
        "rounds": [round_to_dict(r, state) for r in state.rounds],
        "requested_byes": [{"round": r.round, "player": r.player_id, "kind": r.kind.value} for r in state.requests],
        "forbidden_pairs": [list(pair) for pair in state.forbidden_pairs],
        "top_cut": None if state.top_cut is None else {
            "size": state.top_cut.size, "draw_rule": state.top_cut.draw_rule,
            "after_round": state.top_cut.after_round, "seeds": list(state.top_cut.seeds),
            "playoffs": [{"stage": s, "white": w, "winner": v} for s, w, v in state.top_cut.playoffs]},
        "options": dict(state.options),
    }
