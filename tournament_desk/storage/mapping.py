"""Rows <-> core dataclasses, in one place. ORM rows never leave the storage package."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from typing import Any

from tournament_desk.core.model import (
    Bye,
    ByeRequest,
    Event,
    Game,
    PairingSystem,
    Player,
    RatingSystem,
    Sex,
    TimeControl,
    TopCut,
)
from tournament_desk.core.results import Discipline, GameResult, Outcome
from tournament_desk.core.scoring import ScoringProfile
from tournament_desk.core.teams.model import Lineup, Team, TeamMatch, TeamRules


def _date(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None


def _iso(value: dt.date | None) -> str | None:
    return value.isoformat() if value else None


def event_to_row(event: Event) -> dict[str, Any]:
    return {
        "name": event.name,
        "discipline": event.discipline.value,
        "system": event.system.value,
        "rounds": event.rounds,
        "place": event.place,
        "start_date": _iso(event.start_date),
        "end_date": _iso(event.end_date),
        "arbiters": json.dumps(list(event.arbiters), ensure_ascii=False),
        "organiser": event.organiser,
        "tc_base_minutes": event.time_control.base_minutes,
        "tc_increment_seconds": event.time_control.increment_seconds,
        "scoring": json.dumps(event.scoring.as_dict()),
        "tiebreaks": json.dumps(list(event.tiebreaks)),
        "tiebreak_edition": event.tiebreak_edition,
        "rating_system": event.rating_system.value,
        "initial_colour": event.initial_colour,
        "acceleration": event.acceleration,
        "numbering": event.numbering,
        "team_rules": "" if event.team is None else json.dumps(event.team.as_dict()),
        "federation": event.federation,
        "round_dates": json.dumps([_iso(d) for d in event.round_dates]),
    }


def event_from_row(row: dict[str, Any]) -> Event:
    return Event(
        name=row["name"],
        discipline=Discipline(row["discipline"]),
        system=PairingSystem(row["system"]),
        rounds=row["rounds"],
        place=row["place"],
        start_date=_date(row["start_date"]),
        end_date=_date(row["end_date"]),
        arbiters=tuple(json.loads(row["arbiters"])),
        organiser=row["organiser"],
        time_control=TimeControl(row["tc_base_minutes"], row["tc_increment_seconds"]),
        scoring=ScoringProfile.from_dict(json.loads(row["scoring"])),
        tiebreaks=tuple(json.loads(row["tiebreaks"])),
        tiebreak_edition=row["tiebreak_edition"],
        rating_system=RatingSystem(row["rating_system"]),
        initial_colour=row.get("initial_colour") or "",
        acceleration=row.get("acceleration") or "",
        numbering=row.get("numbering") or "",
        team=TeamRules.from_dict(json.loads(row["team_rules"])) if row.get("team_rules") else None,
        federation=row.get("federation") or "",
        round_dates=tuple(_date(d) for d in json.loads(row.get("round_dates") or "[]")),
    )


def player_to_row(player: Player) -> dict[str, Any]:
    return {
        "id": player.id,
        "surname": player.surname,
        "first_name": player.first_name,
        "sex": player.sex.value,
        "birth_date": _iso(player.birth_date),
        "category": player.category,
        "club": player.club,
        "federation": player.federation,
        "licence_id": player.licence_id,
        "fide_id": player.fide_id,
        "fmjd_id": player.fmjd_id,
        "title": player.title,
        "unrated": player.unrated,
        "withdrawn_from_round": player.withdrawn_from_round,
        "pairing_number": player.pairing_number,
        "withdrawal_forfeit": player.withdrawal_forfeit.value,
        "duplicate_series": player.duplicate_series,
    }


def player_from_row(row: dict[str, Any], ratings: Iterable[tuple[str, int]]) -> Player:
    return Player(
        id=row["id"],
        surname=row["surname"],
        first_name=row["first_name"],
        sex=Sex(row["sex"]),
        birth_date=_date(row["birth_date"]),
        category=row["category"],
        club=row["club"],
        federation=row["federation"],
        licence_id=row["licence_id"],
        fide_id=row["fide_id"],
        fmjd_id=row["fmjd_id"],
        title=row["title"],
        ratings=tuple(sorted(ratings)),
        unrated=bool(row["unrated"]),
        withdrawn_from_round=row["withdrawn_from_round"],
        pairing_number=row["pairing_number"],
        withdrawal_forfeit=Outcome(row["withdrawal_forfeit"]),
        duplicate_series=row.get("duplicate_series") or "",
    )


def game_to_row(game: Game) -> dict[str, Any]:
    return {
        "round": game.round,
        "board": game.board,
        "white_id": game.white_id,
        "black_id": game.black_id,
        "result": game.result.value if game.result else None,
        "white_points": game.white_points,
        "black_points": game.black_points,
    }


def game_from_row(row: dict[str, Any]) -> Game:
    return Game(
        round=row["round"],
        board=row["board"],
        white_id=row["white_id"],
        black_id=row["black_id"],
        result=GameResult(row["result"]) if row["result"] else None,
        white_points=row["white_points"],
        black_points=row["black_points"],
    )


def bye_to_row(bye: Bye) -> dict[str, Any]:
    return {"round": bye.round, "player_id": bye.player_id, "kind": bye.kind.value}


def bye_from_row(row: dict[str, Any]) -> Bye:
    return Bye(round=row["round"], player_id=row["player_id"], kind=Outcome(row["kind"]))


def request_to_row(request: ByeRequest) -> dict[str, Any]:
    return {"round": request.round, "player_id": request.player_id, "kind": request.kind.value}


def request_from_row(row: dict[str, Any]) -> ByeRequest:
    return ByeRequest(round=row["round"], player_id=row["player_id"], kind=Outcome(row["kind"]))


def top_cut_to_row(top_cut: TopCut) -> dict[str, Any]:
    return {"id": 1, "size": top_cut.size, "draw_rule": top_cut.draw_rule, "after_round": top_cut.after_round,
            "seeds": json.dumps(list(top_cut.seeds))}


def top_cut_from_rows(row: dict[str, Any], playoffs: Iterable[dict[str, Any]]) -> TopCut:
    return TopCut(size=row["size"], draw_rule=row["draw_rule"], after_round=row["after_round"],
                  seeds=tuple(int(x) for x in json.loads(row["seeds"])),
                  playoffs=tuple(sorted((p["stage"], p["white_id"], p["winner_id"]) for p in playoffs)))


def team_to_row(team: Team) -> dict[str, Any]:
    return {"id": team.id, "name": team.name, "code": team.code, "club": team.club, "federation": team.federation,
            "captain": team.captain, "pairing_number": team.pairing_number, "members": json.dumps(list(team.members))}


def match_to_row(match: TeamMatch) -> dict[str, Any]:
    return {"round": match.round, "number": match.number, "home": match.home, "away": match.away,
            "forfeit": match.forfeit}


def lineup_to_row(lineup: Lineup) -> dict[str, Any]:
    return {"round": lineup.round, "team": lineup.team, "players": json.dumps(list(lineup.players))}
